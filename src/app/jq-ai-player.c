#include "jq-ai-player.h"

#include <stdatomic.h>
#include <string.h>

#include <gio/gio.h>

#include "jq-ai-worker.h"

/* One think in the worker: everything it reads is its own copy, so the
 * player may change (or go away) meanwhile. Freed with its GTask. */
typedef struct {
  GWeakRef player;
  GTask *task; /* not a reference: the job lives inside it */
  guint generation;
  guint game_id;
  char *algorithm;
  JqAi *ai;          /* NULL: the worker makes one */
  gboolean new_game; /* the AI last played another game: it forgets it */
  int skill;
  int threads;
  JqPosition *view;
  JqLimits limits;
  atomic_bool stop;
  GMainContext *context;
  /* The newest progress report, handed to the main thread by one idle
   * at a time however fast the AI reports. */
  GMutex lock;
  JqProgress latest;
  gboolean progress_pending;
} ThinkJob;

struct _JqAiPlayer {
  GObject parent_instance;

  char *algorithm;
  int strength;

  /* A stale result (its generation is not the current one) is thrown
   * away when it arrives. */
  guint generation;
  GTask *task;
  JqAi *idle_ai; /* kept between turns: its hash table stays warm */
  guint idle_ai_game_id;
  char *last_algorithm;
  guint discarded;
  JqLimits last_limits; /* the latest turn's, for the tests */
};

static void jq_ai_player_iface_init(JqPlayerInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE(JqAiPlayer, jq_ai_player, G_TYPE_OBJECT,
                              G_IMPLEMENT_INTERFACE(JQ_TYPE_PLAYER,
                                                    jq_ai_player_iface_init))

enum { PROP_0, PROP_ALGORITHM, PROP_STRENGTH, N_PROPS };

static GParamSpec *props[N_PROPS];

gboolean jq_ai_player_algorithm_known(const char *name) {
  if (!name)
    return FALSE;
  for (const char *const *a = jq_ai_algorithms(); *a; a++)
    if (strcmp(*a, name) == 0)
      return TRUE;
  return FALSE;
}

/* ---- the AI's memory ---- */

static void think_job_free(gpointer data) {
  ThinkJob *job = data;
  g_weak_ref_clear(&job->player);
  g_free(job->algorithm);
  jq_ai_worker_free_later(job->ai);
  g_free(job->view);
  g_main_context_unref(job->context);
  g_mutex_clear(&job->lock);
  g_free(job);
}

/* A finished AI comes back for the next turn, so what it learned is not
 * lost; one that is not wanted is freed with its job. */
static void reclaim_ai(JqAiPlayer *self, ThinkJob *job) {
  if (!job->ai || self->idle_ai ||
      g_strcmp0(jq_ai_algorithm(job->ai), self->algorithm) != 0)
    return;
  self->idle_ai = job->ai;
  self->idle_ai_game_id = job->game_id;
  job->ai = NULL;
}

/* ---- progress ---- */

static gboolean progress_idle(gpointer data) {
  GTask *task = data;
  ThinkJob *job = g_task_get_task_data(task);
  JqProgress p;
  g_mutex_lock(&job->lock);
  p = job->latest;
  job->progress_pending = FALSE;
  g_mutex_unlock(&job->lock);

  JqAiPlayer *self = g_weak_ref_get(&job->player);
  if (!self)
    return G_SOURCE_REMOVE;
  if (self->task == task)
    jq_player_emit_progress(JQ_PLAYER(self), &p);
  g_object_unref(self);
  return G_SOURCE_REMOVE;
}

/* Called by the AI in the worker thread. */
static void on_progress(const JqProgress *progress, void *data) {
  ThinkJob *job = data;
  if (progress->multipv > 1)
    return;
  g_mutex_lock(&job->lock);
  job->latest = *progress;
  gboolean schedule = !job->progress_pending;
  job->progress_pending = TRUE;
  g_mutex_unlock(&job->lock);
  if (schedule) {
    GSource *source = g_idle_source_new();
    g_source_set_priority(source, G_PRIORITY_DEFAULT);
    g_source_set_callback(source, progress_idle, g_object_ref(job->task),
                          g_object_unref);
    g_source_attach(source, job->context);
    g_source_unref(source);
  }
}

/* ---- thinking ---- */

static void think_thread(GTask *task, gpointer source, gpointer data,
                         GCancellable *cancellable) {
  ThinkJob *job = data;
  /* Made here rather than on the main thread: a hash table is large. */
  if (!job->ai) {
    GError *error = NULL;
    job->ai = jq_ai_worker_new(job->algorithm, job->threads, &error);
    if (!job->ai) {
      g_task_return_error(task, error);
      return;
    }
  } else if (job->new_game) {
    jq_ai_new_game(job->ai);
  }
  /* The baselines have no skill level: refused quietly. */
  char skill[16];
  g_snprintf(skill, sizeof skill, "%d", job->skill);
  jq_ai_set_option(job->ai, "Skill Level", skill, NULL);

  JqMove move = jq_ai_think(job->ai, job->view, &job->limits, &job->stop,
                            on_progress, job, NULL);
  g_task_return_int(task, move);
}

static void think_done(GObject *source, GAsyncResult *result,
                       gpointer user_data) {
  GTask *task = G_TASK(result);
  ThinkJob *job = g_task_get_task_data(task);
  GError *error = NULL;
  gssize move = g_task_propagate_int(task, &error);
  JqAiPlayer *self = g_weak_ref_get(&job->player);
  if (!self) {
    g_clear_error(&error);
    return;
  }
  if (task != self->task || job->generation != self->generation) {
    self->discarded++;
    reclaim_ai(self, job);
    g_clear_error(&error);
    g_object_unref(self);
    return;
  }
  g_clear_object(&self->task);
  if (job->ai) {
    g_free(self->last_algorithm);
    self->last_algorithm = g_strdup(jq_ai_algorithm(job->ai));
  }
  reclaim_ai(self, job);
  if (error) {
    g_warning("The computer cannot play: %s", error->message);
    g_error_free(error);
    move = JQ_MOVE_NONE;
  }
  jq_player_emit_move(JQ_PLAYER(self), (JqMove)MAX(move, 0));
  g_object_unref(self);
}

/* Stops the current think at once: the worker sees the stop flag within
 * moments, and its result, when it comes, is stale and dropped. */
static void ai_cancel(JqPlayer *player) {
  JqAiPlayer *self = JQ_AI_PLAYER(player);
  self->generation++;
  if (!self->task)
    return;
  ThinkJob *job = g_task_get_task_data(self->task);
  atomic_store(&job->stop, true);
  g_cancellable_cancel(g_task_get_cancellable(self->task));
  g_clear_object(&self->task);
}

static void ai_take_turn(JqPlayer *player, const JqTurn *turn) {
  JqAiPlayer *self = JQ_AI_PLAYER(player);
  ai_cancel(player);
  ThinkJob *job = g_new0(ThinkJob, 1);
  g_weak_ref_init(&job->player, self);
  job->generation = self->generation;
  job->game_id = turn->game_id;
  job->algorithm = g_strdup(self->algorithm);
  if (self->idle_ai &&
      g_strcmp0(jq_ai_algorithm(self->idle_ai), self->algorithm) == 0) {
    job->ai = self->idle_ai;
    job->new_game = self->idle_ai_game_id != turn->game_id;
    self->idle_ai = NULL;
  }
  jq_ai_worker_free_later(g_steal_pointer(&self->idle_ai));
  job->skill = self->strength;
  job->threads = jq_ai_worker_threads();
  job->view = g_memdup2(turn->view, sizeof *turn->view);
  jq_limits_init(&job->limits);
  if (turn->clock_ms[JQ_RED] >= 0 && turn->clock_ms[JQ_BLACK] >= 0) {
    /* The engine shares out the time left itself. */
    for (int side = 0; side < 2; side++) {
      job->limits.time_ms[side] = turn->clock_ms[side];
      job->limits.inc_ms[side] = turn->inc_ms;
    }
  } else {
    job->limits.movetime_ms = turn->think_time;
  }
  self->last_limits = job->limits;
  atomic_init(&job->stop, false);
  job->context = g_main_context_ref_thread_default();
  g_mutex_init(&job->lock);

  GCancellable *cancellable = g_cancellable_new();
  GTask *task = g_task_new(NULL, cancellable, think_done, NULL);
  g_object_unref(cancellable);
  g_task_set_source_tag(task, ai_take_turn);
  g_task_set_name(task, "jieqi: computer thinking");
  job->task = task;
  g_task_set_task_data(task, job, think_job_free);
  jq_ai_worker_run(task, "jieqi-computer", think_thread);
  self->task = task;
}

static gboolean ai_is_thinking(JqPlayer *player) {
  return JQ_AI_PLAYER(player)->task != NULL;
}

static void jq_ai_player_iface_init(JqPlayerInterface *iface) {
  iface->take_turn = ai_take_turn;
  iface->cancel = ai_cancel;
  iface->is_thinking = ai_is_thinking;
}

/* ---- settings ---- */

JqAiPlayer *jq_ai_player_new(void) {
  return g_object_new(JQ_TYPE_AI_PLAYER, NULL);
}

const char *jq_ai_player_get_algorithm(JqAiPlayer *self) {
  g_return_val_if_fail(JQ_IS_AI_PLAYER(self), NULL);
  return self->algorithm;
}

gboolean jq_ai_player_set_algorithm(JqAiPlayer *self, const char *algorithm) {
  g_return_val_if_fail(JQ_IS_AI_PLAYER(self), FALSE);
  if (!jq_ai_player_algorithm_known(algorithm))
    return FALSE;
  if (g_strcmp0(self->algorithm, algorithm) != 0) {
    g_free(self->algorithm);
    self->algorithm = g_strdup(algorithm);
    g_object_notify_by_pspec(G_OBJECT(self), props[PROP_ALGORITHM]);
  }
  return TRUE;
}

int jq_ai_player_get_strength(JqAiPlayer *self) {
  g_return_val_if_fail(JQ_IS_AI_PLAYER(self), 0);
  return self->strength;
}

void jq_ai_player_set_strength(JqAiPlayer *self, int strength) {
  g_return_if_fail(JQ_IS_AI_PLAYER(self));
  strength = CLAMP(strength, 0, JQ_AI_PLAYER_STRENGTH_MAX);
  if (self->strength == strength)
    return;
  self->strength = strength;
  g_object_notify_by_pspec(G_OBJECT(self), props[PROP_STRENGTH]);
}

const char *jq_ai_player_get_last_algorithm(JqAiPlayer *self) {
  g_return_val_if_fail(JQ_IS_AI_PLAYER(self), NULL);
  return self->last_algorithm;
}

void jq_ai_player_get_last_limits(JqAiPlayer *self, JqLimits *out) {
  g_return_if_fail(JQ_IS_AI_PLAYER(self));
  *out = self->last_limits;
}

guint jq_ai_player_get_discarded(JqAiPlayer *self) {
  g_return_val_if_fail(JQ_IS_AI_PLAYER(self), 0);
  return self->discarded;
}

/* ---- GObject ---- */

static void jq_ai_player_get_property(GObject *object, guint id, GValue *value,
                                      GParamSpec *pspec) {
  JqAiPlayer *self = JQ_AI_PLAYER(object);
  switch (id) {
  case PROP_ALGORITHM: g_value_set_string(value, self->algorithm); break;
  case PROP_STRENGTH: g_value_set_int(value, self->strength); break;
  default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
  }
}

static void jq_ai_player_set_property(GObject *object, guint id,
                                      const GValue *value, GParamSpec *pspec) {
  JqAiPlayer *self = JQ_AI_PLAYER(object);
  switch (id) {
  case PROP_ALGORITHM: {
    const char *algorithm = g_value_get_string(value);
    if (!jq_ai_player_set_algorithm(self, algorithm))
      g_warning("Unknown computer algorithm '%s': keeping '%s'",
                algorithm ? algorithm : "(null)", self->algorithm);
    break;
  }
  case PROP_STRENGTH:
    jq_ai_player_set_strength(self, g_value_get_int(value));
    break;
  default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
  }
}

static void jq_ai_player_dispose(GObject *object) {
  JqAiPlayer *self = JQ_AI_PLAYER(object);
  ai_cancel(JQ_PLAYER(self));
  jq_ai_worker_free_later(g_steal_pointer(&self->idle_ai));
  G_OBJECT_CLASS(jq_ai_player_parent_class)->dispose(object);
}

static void jq_ai_player_finalize(GObject *object) {
  JqAiPlayer *self = JQ_AI_PLAYER(object);
  g_free(self->algorithm);
  g_free(self->last_algorithm);
  G_OBJECT_CLASS(jq_ai_player_parent_class)->finalize(object);
}

static void jq_ai_player_class_init(JqAiPlayerClass *klass) {
  GObjectClass *object_class = G_OBJECT_CLASS(klass);
  object_class->get_property = jq_ai_player_get_property;
  object_class->set_property = jq_ai_player_set_property;
  object_class->dispose = jq_ai_player_dispose;
  object_class->finalize = jq_ai_player_finalize;

  GParamFlags rw =
      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
  props[PROP_ALGORITHM] =
      g_param_spec_string("algorithm", NULL, NULL, "alphabeta", rw);
  props[PROP_STRENGTH] =
      g_param_spec_int("strength", NULL, NULL, 0, JQ_AI_PLAYER_STRENGTH_MAX,
                       JQ_AI_PLAYER_STRENGTH_MAX, rw);
  g_object_class_install_properties(object_class, N_PROPS, props);
}

static void jq_ai_player_init(JqAiPlayer *self) {
  jq_limits_init(&self->last_limits);
  self->algorithm = g_strdup("alphabeta");
  self->strength = JQ_AI_PLAYER_STRENGTH_MAX;
}
