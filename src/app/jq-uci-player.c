#include "jq-config.h"

#include "jq-uci-player.h"

#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "jq-ai-player.h"
#include "jq-ai-worker.h"
#include "jq-uci-talk.h"

#define START_TIMEOUT_MS JQ_UCI_TALK_START_MS
/* After "stop", the time an engine has to give its (late) bestmove. */
#define STOP_GRACE_MS 500
#define QUIT_GRACE_MS JQ_UCI_TALK_QUIT_MS

/* What the engine's thread is asked to do, and tells back. */
typedef enum { JOB_TURN, JOB_QUIT } JobKind;
typedef enum { DONE_MOVED, DONE_FAILED } DoneKind;

typedef struct Shared Shared;

typedef struct {
  JobKind kind;
  guint generation;
  guint game_id;
  JqPosition view;
  char *position; /* the "position" command */
  char *go;
  gint64 time_ms; /* the turn's time: the deadline is this plus the grace */
} Job;

typedef struct {
  Shared *shared;
  guint generation;
  DoneKind kind;
  JqMove move;
  char *message; /* DONE_FAILED: for the user */
} Done;

/* Shared by the player and its thread, which may outlive it. */
struct Shared {
  gint ref;
  GAsyncQueue *queue; /* of Job* */
  GMainContext *context;
  GWeakRef player;
  JqEngine *engine; /* the player's copy, read only */
  int grace_ms;     /* set before the thread reads it: the first turn */
  GMutex lock;      /* guards client for jq_uci_client_interrupt */
  JqUciClient *client;
  /* The newest progress, handed over by one idle at a time. */
  JqProgress latest;
  guint latest_generation;
  gboolean progress_pending;
  /* For the tests, under lock: told each time an answer is handed over. */
  JqUciPlayerPostedFunc posted;
  gpointer posted_data;
};

struct _JqUciPlayer {
  GObject parent_instance;
  Shared *shared;
  guint generation;
  gboolean thinking;
  /* The turn going on, for the built-in AI to take over. */
  JqTurn turn;
  JqPosition turn_view;
  /* The built-in AI, and the game it plays instead of the engine. */
  JqAiPlayer *fallback;
  gboolean replaced;
  guint replaced_game;
  gboolean fallback_thinking;
};

static void jq_uci_player_iface_init(JqPlayerInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE(JqUciPlayer, jq_uci_player, G_TYPE_OBJECT,
                              G_IMPLEMENT_INTERFACE(JQ_TYPE_PLAYER,
                                                    jq_uci_player_iface_init))

enum { SIGNAL_FAILED, N_SIGNALS };
static guint signals[N_SIGNALS];

static Shared *shared_ref(Shared *s) {
  g_atomic_int_inc(&s->ref);
  return s;
}

static void shared_unref(Shared *s) {
  if (!g_atomic_int_dec_and_test(&s->ref))
    return;
  g_async_queue_unref(s->queue);
  g_main_context_unref(s->context);
  g_weak_ref_clear(&s->player);
  jq_engine_free(s->engine);
  g_mutex_clear(&s->lock);
  g_free(s);
}

static void job_free(Job *job) {
  g_free(job->position);
  g_free(job->go);
  g_free(job);
}

/* ---- the engine's thread ---- */

static gint64 deadline_in(gint64 ms) {
  return g_get_monotonic_time() + ms * 1000;
}

typedef struct {
  Shared *shared;
  const Job *job;
  JqPosition *scratch; /* for following the engine's line */
} InfoContext;

/* Hands `func` to the player's main context, to be run by the thread that
 * runs it. Not g_main_context_invoke: whenever no thread owns the context
 * (between two iterations of a loop that does not hold it, as the tests'
 * do) that runs `func` at once, here on the engine's thread: the game and
 * its window were then changed from two threads at once (a move list once
 * had fewer cells than moves), and a move told before the controller had
 * taken this player for its thinker was dropped, the game left waiting. */
static void to_main(Shared *s, GSourceFunc func, gpointer data,
                    GDestroyNotify notify) {
  GSource *source = g_idle_source_new();
  g_source_set_priority(source, G_PRIORITY_DEFAULT);
  g_source_set_callback(source, func, data, notify);
  g_source_attach(source, s->context);
  g_source_unref(source);
}

static gboolean progress_idle(gpointer data);

/* An info line with a score and a line becomes progress; the player
 * shows its first line only. */
static void on_info(const char *line, void *data) {
  InfoContext *ctx = data;
  Shared *s = ctx->shared;
  JqProgress p;
  if (!jq_uci_talk_parse_info(s->engine, &ctx->job->view, line, &p,
                              ctx->scratch) ||
      p.multipv > 1)
    return;
  g_mutex_lock(&s->lock);
  s->latest = p;
  s->latest_generation = ctx->job->generation;
  gboolean schedule = !s->progress_pending;
  s->progress_pending = TRUE;
  g_mutex_unlock(&s->lock);
  if (schedule)
    to_main(s, progress_idle, shared_ref(s), (GDestroyNotify)shared_unref);
}

static gboolean done_idle(gpointer data);

static void post(Shared *s, const Job *job, DoneKind kind, JqMove move,
                 char *message) {
  Done *done = g_new0(Done, 1);
  done->shared = shared_ref(s);
  done->generation = job->generation;
  done->kind = kind;
  done->move = move;
  done->message = message;
  to_main(s, done_idle, done, NULL);
  g_mutex_lock(&s->lock);
  JqUciPlayerPostedFunc posted = s->posted;
  gpointer posted_data = s->posted_data;
  g_mutex_unlock(&s->lock);
  if (posted)
    posted(posted_data);
}

static void close_client(Shared *s, JqUciClient **client, int grace_ms) {
  g_mutex_lock(&s->lock);
  s->client = NULL;
  g_mutex_unlock(&s->lock);
  jq_uci_client_close(*client, grace_ms);
  *client = NULL;
}

static void run_turn(Shared *s, const Job *job, JqUciClient **client,
                     gboolean *jieqi, guint *game_id) {
  gboolean want_jieqi = jq_position_is_jieqi(&job->view);
  char *why = NULL;
  if (*client && (!jq_uci_client_alive(*client) || want_jieqi != *jieqi))
    close_client(s, client, QUIT_GRACE_MS);
  if (!*client) {
    JqUciClient *c = jq_uci_talk_start(s->engine, want_jieqi, &why);
    if (!c) {
      post(s, job, DONE_FAILED, JQ_MOVE_NONE, why);
      return;
    }
    *client = c;
    *jieqi = want_jieqi;
    *game_id = job->game_id;
    g_mutex_lock(&s->lock);
    s->client = c;
    g_mutex_unlock(&s->lock);
  } else if (*game_id != job->game_id) {
    *game_id = job->game_id;
    if (!jq_uci_client_send(*client, "ucinewgame") ||
        jq_uci_client_sync(*client, deadline_in(START_TIMEOUT_MS)) !=
            JQ_UCI_OK) {
      close_client(s, client, 0);
      post(s, job, DONE_FAILED, JQ_MOVE_NONE,
           g_strdup_printf(_("The engine “%s” did not get ready for a new "
                             "game."),
                           s->engine->name));
      return;
    }
  }
  InfoContext ctx = {s, job, g_new(JqPosition, 1)};
  char *best = NULL;
  JqUciStatus st = jq_uci_client_search_info(
      *client, job->position, job->go,
      deadline_in(job->time_ms + g_atomic_int_get(&s->grace_ms)), STOP_GRACE_MS,
      on_info, &ctx, &best);
  g_free(ctx.scratch);
  if (st == JQ_UCI_TIMEOUT) {
    close_client(s, client, 0);
    post(s, job, DONE_FAILED, JQ_MOVE_NONE,
         g_strdup_printf(_("The engine “%s” gave no move within %.1f "
                           "seconds."),
                         s->engine->name,
                         (job->time_ms + g_atomic_int_get(&s->grace_ms)) /
                             1000.0));
  } else if (st == JQ_UCI_DEAD) {
    close_client(s, client, 0);
    post(s, job, DONE_FAILED, JQ_MOVE_NONE,
         g_strdup_printf(_("The engine “%s” stopped during its move."),
                         s->engine->name));
  } else {
    JqMove move = jq_uci_talk_read_move(s->engine, &job->view, best);
    if (move == JQ_MOVE_NONE) {
      close_client(s, client, QUIT_GRACE_MS);
      post(s, job, DONE_FAILED, JQ_MOVE_NONE,
           g_strdup_printf(_("The engine “%s” sent a move that is not "
                             "legal: “%s”."),
                           s->engine->name, best));
    } else {
      post(s, job, DONE_MOVED, move, NULL);
    }
  }
  g_free(best);
}

static gpointer engine_thread(gpointer data) {
  Shared *s = data;
  /* The engine, started from here, inherits the lowered priority. */
  jq_ai_worker_lower_priority();
  JqUciClient *client = NULL;
  gboolean jieqi = FALSE;
  guint game_id = 0;
  for (;;) {
    Job *job = g_async_queue_pop(s->queue);
    if (job->kind == JOB_QUIT) {
      job_free(job);
      break;
    }
    run_turn(s, job, &client, &jieqi, &game_id);
    job_free(job);
  }
  if (client)
    close_client(s, &client, QUIT_GRACE_MS);
  shared_unref(s);
  return NULL;
}

/* ---- back on the main thread ---- */

static gboolean progress_idle(gpointer data) {
  Shared *s = data;
  g_mutex_lock(&s->lock);
  JqProgress p = s->latest;
  guint generation = s->latest_generation;
  s->progress_pending = FALSE;
  g_mutex_unlock(&s->lock);
  JqUciPlayer *self = g_weak_ref_get(&s->player);
  if (!self)
    return G_SOURCE_REMOVE;
  if (self->thinking && generation == self->generation)
    jq_player_emit_progress(JQ_PLAYER(self), &p);
  g_object_unref(self);
  return G_SOURCE_REMOVE;
}

static void start_fallback(JqUciPlayer *self) {
  self->fallback_thinking = TRUE;
  JqTurn turn = self->turn;
  turn.view = &self->turn_view;
  jq_player_take_turn(JQ_PLAYER(self->fallback), &turn);
}

static gboolean done_idle(gpointer data) {
  Done *done = data;
  JqUciPlayer *self = g_weak_ref_get(&done->shared->player);
  if (self && self->thinking && done->generation == self->generation) {
    if (done->kind == DONE_MOVED) {
      self->thinking = FALSE;
      jq_player_emit_move(JQ_PLAYER(self), done->move);
    } else {
      self->replaced = TRUE;
      self->replaced_game = self->turn.game_id;
      char *text = g_strdup_printf(
          "%s %s", done->message,
          _("It was stopped; the built-in computer plays on for it."));
      start_fallback(self);
      g_signal_emit(self, signals[SIGNAL_FAILED], 0, text);
      g_free(text);
    }
  }
  g_clear_object(&self);
  shared_unref(done->shared);
  g_free(done->message);
  g_free(done);
  return G_SOURCE_REMOVE;
}

static void on_fallback_move(JqPlayer *fallback, guint move,
                             JqUciPlayer *self) {
  if (!self->thinking || !self->fallback_thinking)
    return;
  self->thinking = FALSE;
  self->fallback_thinking = FALSE;
  jq_player_emit_move(JQ_PLAYER(self), move);
}

static void on_fallback_progress(JqPlayer *fallback, const JqProgress *p,
                                 JqUciPlayer *self) {
  if (self->thinking && self->fallback_thinking)
    jq_player_emit_progress(JQ_PLAYER(self), p);
}

/* ---- the player ---- */

/* The go command and the time it allows. */
static char *go_command(const JqTurn *turn, gint64 *time_ms) {
  if (turn->clock_ms[JQ_RED] >= 0 && turn->clock_ms[JQ_BLACK] >= 0) {
    *time_ms = turn->clock_ms[turn->view->side];
    return g_strdup_printf("go wtime %d btime %d winc %d binc %d",
                           turn->clock_ms[JQ_RED], turn->clock_ms[JQ_BLACK],
                           turn->inc_ms, turn->inc_ms);
  }
  *time_ms = turn->think_time;
  return g_strdup_printf("go movetime %d", turn->think_time);
}

static void uci_cancel(JqPlayer *player) {
  JqUciPlayer *self = JQ_UCI_PLAYER(player);
  self->generation++;
  if (self->fallback_thinking)
    jq_player_cancel(JQ_PLAYER(self->fallback));
  self->fallback_thinking = FALSE;
  if (!self->thinking)
    return;
  self->thinking = FALSE;
  /* The engine stops at once; its answer is stale when it comes. */
  Shared *s = self->shared;
  g_mutex_lock(&s->lock);
  if (s->client)
    jq_uci_client_interrupt(s->client);
  g_mutex_unlock(&s->lock);
}

static void uci_take_turn(JqPlayer *player, const JqTurn *turn) {
  JqUciPlayer *self = JQ_UCI_PLAYER(player);
  uci_cancel(player);
  self->turn = *turn;
  self->turn_view = *turn->view;
  self->turn.view = &self->turn_view;
  self->thinking = TRUE;
  if (self->replaced && self->replaced_game == turn->game_id) {
    start_fallback(self);
    return;
  }
  self->replaced = FALSE;
  Job *job = g_new0(Job, 1);
  job->kind = JOB_TURN;
  job->generation = self->generation;
  job->game_id = turn->game_id;
  job->view = *turn->view;
  job->position = jq_uci_talk_position(self->shared->engine, turn->view,
                                       turn->start, turn->moves, turn->n_moves);
  job->go = go_command(turn, &job->time_ms);
  g_async_queue_push(self->shared->queue, job);
}

static gboolean uci_is_thinking(JqPlayer *player) {
  return JQ_UCI_PLAYER(player)->thinking;
}

static void jq_uci_player_iface_init(JqPlayerInterface *iface) {
  iface->take_turn = uci_take_turn;
  iface->cancel = uci_cancel;
  iface->is_thinking = uci_is_thinking;
}

JqUciPlayer *jq_uci_player_new(const JqEngine *engine) {
  g_return_val_if_fail(engine != NULL, NULL);
  JqUciPlayer *self = g_object_new(JQ_TYPE_UCI_PLAYER, NULL);
  Shared *s = g_new0(Shared, 1);
  s->ref = 1;
  s->queue = g_async_queue_new_full((GDestroyNotify)job_free);
  s->context = g_main_context_ref_thread_default();
  g_weak_ref_init(&s->player, self);
  s->engine = jq_engine_copy(engine);
  s->grace_ms = JQ_UCI_PLAYER_GRACE_MS;
  g_mutex_init(&s->lock);
  self->shared = s;
  GThread *thread =
      g_thread_new("jieqi: outside engine", engine_thread, shared_ref(s));
  g_thread_unref(thread);
  return self;
}

const JqEngine *jq_uci_player_get_engine(JqUciPlayer *self) {
  g_return_val_if_fail(JQ_IS_UCI_PLAYER(self), NULL);
  return self->shared->engine;
}

void jq_uci_player_set_fallback(JqUciPlayer *self, const char *algorithm,
                                int strength) {
  g_return_if_fail(JQ_IS_UCI_PLAYER(self));
  if (algorithm)
    jq_ai_player_set_algorithm(self->fallback, algorithm);
  jq_ai_player_set_strength(self->fallback, strength);
}

void jq_uci_player_set_grace(JqUciPlayer *self, int grace_ms) {
  g_return_if_fail(JQ_IS_UCI_PLAYER(self));
  g_atomic_int_set(&self->shared->grace_ms, MAX(grace_ms, 0));
}

void jq_uci_player_set_posted_hook(JqUciPlayer *self,
                                   JqUciPlayerPostedFunc func, gpointer data) {
  g_return_if_fail(JQ_IS_UCI_PLAYER(self));
  g_mutex_lock(&self->shared->lock);
  self->shared->posted = func;
  self->shared->posted_data = data;
  g_mutex_unlock(&self->shared->lock);
}

gboolean jq_uci_player_is_replaced(JqUciPlayer *self) {
  g_return_val_if_fail(JQ_IS_UCI_PLAYER(self), FALSE);
  return self->replaced;
}

static void jq_uci_player_dispose(GObject *object) {
  JqUciPlayer *self = JQ_UCI_PLAYER(object);
  if (self->shared) {
    uci_cancel(JQ_PLAYER(self));
    Job *quit = g_new0(Job, 1);
    quit->kind = JOB_QUIT;
    g_async_queue_push(self->shared->queue, quit);
    g_clear_pointer(&self->shared, shared_unref);
  }
  if (self->fallback) {
    g_signal_handlers_disconnect_by_data(self->fallback, self);
    g_clear_object(&self->fallback);
  }
  G_OBJECT_CLASS(jq_uci_player_parent_class)->dispose(object);
}

static void jq_uci_player_class_init(JqUciPlayerClass *klass) {
  G_OBJECT_CLASS(klass)->dispose = jq_uci_player_dispose;
  signals[SIGNAL_FAILED] =
      g_signal_new("failed", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0,
                   NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void jq_uci_player_init(JqUciPlayer *self) {
  self->fallback = jq_ai_player_new();
  g_signal_connect(self->fallback, "move-chosen", G_CALLBACK(on_fallback_move),
                   self);
  g_signal_connect(self->fallback, "progress", G_CALLBACK(on_fallback_progress),
                   self);
}
