#include "jq-config.h"

#include "jq-analysis-mode.h"

#include <stdatomic.h>
#include <string.h>
#include <unistd.h>

#include <glib/gi18n-lib.h>

#include "jq-ai-worker.h"
#include "jq-move-format.h"
#include "jq-movegen.h"
#include "jq-uci-talk.h"

/* Alpha-beta's deepest pass (the search's own limit is near). */
#define ANALYSIS_DEPTH_MAX 60
/* The lines are shown at most this often: each showing lays the pane out
 * again, which on a slow machine holds the main loop up for tens of ms,
 * and the shallow passes come many times a frame. */
#define SHOW_INTERVAL_US (200 * G_TIME_SPAN_MILLISECOND)
/* How often an outside engine's worker looks whether it is to stop. */
#define ENGINE_POLL_MS 50

/* One search in the worker: everything it reads is its own copy, so the
 * mode may move on (or go away) meanwhile. Freed with its GTask. */
typedef struct {
  GWeakRef mode;
  GTask *task; /* not a reference: the job lives inside it */
  guint generation;
  char *algorithm;
  JqAi *ai; /* NULL: the worker makes one */
  int lines;
  int threads;
  JqPosition *view;
  atomic_bool stop;
  /* An outside engine (NULL: the built-in AI), its process (handed in
   * and back; NULL: started here) and the game to the view (xiangqi). */
  JqEngine *engine;
  JqUciClient *client;
  gboolean client_jieqi;
  int stop_grace_ms;
  JqPosition *start; /* NULL: the view alone */
  JqMove *moves;
  int n_moves;
  char *failure; /* the engine failed: what to tell the user */
  /* Alpha-beta's passes, one a depth: what the earlier ones took, so the
   * figures count from the start (worker thread only). */
  int base_ms;
  guint64 base_nodes;
  /* The lines of the pass under way (worker thread only). */
  gboolean by_pass;
  JqProgress pass[JQ_ANALYSIS_MODE_LINES_MAX];
  gboolean pass_have[JQ_ANALYSIS_MODE_LINES_MAX];
  GMainContext *context;
  /* The newest report of each line, handed to the main thread by one
   * source at a time however fast the AI reports, SHOW_INTERVAL_US after
   * the last showing at the soonest. */
  GMutex lock;
  JqProgress latest[JQ_ANALYSIS_MODE_LINES_MAX];
  gboolean have[JQ_ANALYSIS_MODE_LINES_MAX];
  gboolean pending; /* a showing is scheduled or going on */
  gboolean fresh;   /* lines came since the showing took its copy */
  gint64 shown_us;  /* the end of the last showing; 0 before the first */
} SearchJob;

struct _JqAnalysisMode {
  GObject parent_instance;

  JqGameController *controller;
  gboolean active;
  int lines;

  /* Reports of a search that is not the current generation's are stale
   * and dropped. */
  guint generation;
  GTask *task;      /* the search running, until its worker ends */
  gboolean restart; /* start a search once that one has ended */
  JqAi *idle_ai;    /* kept between searches: its hash stays warm */
  /* An outside engine's process kept between searches, for the engine
   * as engine_key() wrote it; the key of one that failed, which the
   * built-in AI stands in for until another engine is chosen. */
  JqUciClient *idle_client;
  gboolean idle_client_jieqi;
  char *idle_client_key;
  char *failed_engine;
  int engine_grace_ms;
  char *key;        /* which position is analysed */
  JqPosition *view; /* what the AI was handed */
  int ply;          /* the position's ply in the game */
  JqReason end;     /* no legal move there: mated or stalemated */
  guint restarts;
  int line_count;
  JqProgress progress[JQ_ANALYSIS_MODE_LINES_MAX];
  JqAnalysis *analyses[JQ_ANALYSIS_MODE_LINES_MAX];
};

G_DEFINE_FINAL_TYPE(JqAnalysisMode, jq_analysis_mode, G_TYPE_OBJECT)

enum { PROP_0, PROP_ACTIVE, PROP_LINES, N_PROPS };
static GParamSpec *props[N_PROPS];

enum { SIGNAL_UPDATED, SIGNAL_FAILED, N_SIGNALS };
static guint signals[N_SIGNALS];

/* ---- the AI's memory ---- */

static gpointer close_thread(gpointer data) {
  jq_uci_client_close(data, JQ_UCI_TALK_QUIT_MS);
  return NULL;
}

/* An engine is given its time to quit away from the main loop. */
static void close_client_later(JqUciClient *client) {
  if (client)
    g_thread_unref(g_thread_new("jieqi: engine quits", close_thread, client));
}

static void search_job_free(gpointer data) {
  SearchJob *job = data;
  g_weak_ref_clear(&job->mode);
  g_free(job->algorithm);
  jq_ai_worker_free_later(job->ai);
  close_client_later(job->client);
  jq_engine_free(job->engine);
  g_free(job->start);
  g_free(job->moves);
  g_free(job->failure);
  g_free(job->view);
  g_main_context_unref(job->context);
  g_mutex_clear(&job->lock);
  g_free(job);
}

/* Everything of an engine that its process was started with. */
static char *engine_key(const JqEngine *e) {
  GString *key = g_string_new(NULL);
  g_string_append_printf(key, "%s\n%s\n%d", e->id, e->command,
                         e->ranks_from_one);
  GList *names =
      g_list_sort(g_hash_table_get_keys(e->values), (GCompareFunc)g_strcmp0);
  for (GList *l = names; l; l = l->next)
    g_string_append_printf(key, "\n%s=%s", (char *)l->data,
                           (char *)g_hash_table_lookup(e->values, l->data));
  g_list_free(names);
  return g_string_free(key, FALSE);
}

/* The outside engine that analyses, NULL for the built-in AI: none is
 * chosen, it does not play the variant, or it failed. */
static const JqEngine *outside_engine(JqAnalysisMode *self) {
  const JqEngine *e = jq_game_controller_get_analysis_engine(self->controller);
  if (!e || !self->failed_engine)
    return e;
  char *key = engine_key(e);
  gboolean failed = g_strcmp0(key, self->failed_engine) == 0;
  g_free(key);
  return failed ? NULL : e;
}

/* The sampling AI is the one other AI worth analysing with; the baselines
 * give no lines worth reading. */
static const char *analysis_algorithm(JqAnalysisMode *self) {
  const char *algorithm = jq_game_controller_get_algorithm(self->controller);
  return g_strcmp0(algorithm, "ismcts") == 0 ? "ismcts" : "alphabeta";
}

/* ---- the lines ---- */

static void clear_lines(JqAnalysisMode *self) {
  for (int i = 0; i < self->line_count; i++)
    g_clear_pointer(&self->analyses[i], jq_analysis_free);
  self->line_count = 0;
}

/* The lines in words, in the notation chosen now. */
static void write_lines(JqAnalysisMode *self) {
  JqMoveFormat format = {
      jq_game_controller_get_notation(self->controller),
      jq_game_controller_get_charset(self->controller),
  };
  for (int i = 0; i < self->line_count; i++) {
    const JqProgress *p = &self->progress[i];
    char *pv = jq_move_format_line(&format, self->view, p->pv, p->pv_len);
    jq_analysis_free(self->analyses[i]);
    self->analyses[i] =
        jq_analysis_new(p, (JqColor)self->view->side, self->ply, FALSE, pv);
    g_free(pv);
  }
}

/* ---- progress ---- */

static gboolean progress_idle(gpointer data);

/* The next showing, `wait_us` from now (at once when not positive). */
static void schedule_show(SearchJob *job, gint64 wait_us) {
  GSource *source = wait_us > 0
                        ? g_timeout_source_new((guint)(wait_us / 1000) + 1)
                        : g_idle_source_new();
  g_source_set_priority(source, G_PRIORITY_DEFAULT_IDLE);
  g_source_set_callback(source, progress_idle, g_object_ref(job->task),
                        g_object_unref);
  g_source_attach(source, job->context);
  g_source_unref(source);
}

/* After a showing: the interval counts from its end, so that a slow one
 * (laying the pane out) does not bring the next closer; lines that came
 * meanwhile are shown an interval later. */
static void shown(SearchJob *job) {
  g_mutex_lock(&job->lock);
  job->shown_us = g_get_monotonic_time();
  gboolean again = job->fresh;
  job->pending = again;
  g_mutex_unlock(&job->lock);
  if (again)
    schedule_show(job, SHOW_INTERVAL_US);
}

static gboolean progress_idle(gpointer data) {
  GTask *task = data;
  SearchJob *job = g_task_get_task_data(task);
  JqProgress latest[JQ_ANALYSIS_MODE_LINES_MAX];
  gboolean have[JQ_ANALYSIS_MODE_LINES_MAX];
  g_mutex_lock(&job->lock);
  memcpy(latest, job->latest, sizeof latest);
  memcpy(have, job->have, sizeof have);
  job->fresh = FALSE;
  g_mutex_unlock(&job->lock);

  JqAnalysisMode *self = g_weak_ref_get(&job->mode);
  if (!self)
    return G_SOURCE_REMOVE;
  /* The generation alone says whose lines these are: a search that ended
   * (its depth limit reached in moments, on a tiny position) has already
   * let go of self->task, and its last lines are still the ones to show. */
  if (job->generation == self->generation) {
    /* Lines come in order; one not reported yet ends the list. */
    int count = 0;
    while (count < job->lines && have[count]) {
      self->progress[count] = latest[count];
      count++;
    }
    clear_lines(self);
    self->line_count = count;
    write_lines(self);
    g_signal_emit(self, signals[SIGNAL_UPDATED], 0);
  }
  g_object_unref(self);
  shown(job);
  return G_SOURCE_REMOVE;
}

/* Hands the lines in `lines` (those in `have`) to the main thread. */
static void publish(SearchJob *job, const JqProgress *lines,
                    const gboolean *have) {
  g_mutex_lock(&job->lock);
  for (int i = 0; i < job->lines; i++) {
    job->have[i] = have[i];
    if (!have[i])
      continue;
    job->latest[i] = lines[i];
    job->latest[i].time_ms += job->base_ms;
    job->latest[i].nodes += job->base_nodes;
  }
  job->fresh = TRUE;
  gboolean schedule = !job->pending;
  job->pending = TRUE;
  gint64 wait_us = job->shown_us == 0 ? 0
                                      : job->shown_us + SHOW_INTERVAL_US -
                                            g_get_monotonic_time();
  g_mutex_unlock(&job->lock);
  if (schedule)
    schedule_show(job, wait_us);
}

/* Called by the AI in the worker thread. Alpha-beta's lines are kept
 * until their pass is over, so that the lines shown are of one depth
 * (the best move at one depth may be the third line's at the one
 * before); the sampling AI's one line goes at once. */
static void on_progress(const JqProgress *progress, void *data) {
  SearchJob *job = data;
  int line = progress->multipv > 1 ? progress->multipv - 1 : 0;
  if (line >= job->lines || progress->pv_len == 0)
    return;
  job->pass[line] = *progress;
  job->pass_have[line] = TRUE;
  if (!job->by_pass)
    publish(job, job->pass, job->pass_have);
}

/* ---- searching ---- */

/* Counted after each result is handed back (the job may be gone by then),
 * for the tests. */
static atomic_uint searches_ended;

static void search(GTask *task, SearchJob *job);

/* The analysis runs for as long as it is on: it yields the CPU to the
 * window (and to the display server) rather than hold them up. A thread
 * of its own (see jq_ai_worker_lower_priority); the engine's helper
 * threads and an outside engine started from it inherit its priority. */
static gpointer search_thread(gpointer data) {
  GTask *task = data;
  jq_ai_worker_lower_priority();
  search(task, g_task_get_task_data(task));
  g_object_unref(task);
  atomic_fetch_add(&searches_ended, 1);
  return NULL;
}

static gboolean starts_with_word(const char *line, const char *word) {
  while (*line == ' ' || *line == '\t')
    line++;
  size_t n = strlen(word);
  return strncmp(line, word, n) == 0 &&
         (line[n] == '\0' || line[n] == ' ' || line[n] == '\t');
}

/* An outside engine's analysis: "go infinite" until the stop flag, its
 * info lines as the lines; then "stop" and its bestmove awaited. An
 * engine that dies or does not stop in time is killed, and job->failure
 * says so. */
static void search_outside(SearchJob *job) {
  const JqEngine *e = job->engine;
  gboolean jieqi = jq_position_is_jieqi(job->view);
  if (job->client &&
      (job->client_jieqi != jieqi || !jq_uci_client_alive(job->client))) {
    jq_uci_client_close(job->client, JQ_UCI_TALK_QUIT_MS);
    job->client = NULL;
  }
  if (!job->client) {
    job->client = jq_uci_talk_start(e, jieqi, &job->failure);
    if (!job->client)
      return;
    job->client_jieqi = jieqi;
  }
  JqUciClient *c = job->client;
  /* An engine without MultiPV gives one line. */
  int lines = 1;
  if (jq_uci_client_has_option(c, "MultiPV")) {
    lines = job->lines;
    char value[16];
    g_snprintf(value, sizeof value, "%d", lines);
    jq_uci_client_set_option(c, "MultiPV", value);
  }
  char *position =
      jq_uci_talk_position(e, job->view, job->start, job->moves, job->n_moves);
  gboolean alive =
      jq_uci_client_send(c, position) && jq_uci_client_send(c, "go infinite");
  g_free(position);
  JqPosition *scratch = g_new(JqPosition, 1);
  gboolean stopping = FALSE, ended = FALSE, hung = FALSE;
  gint64 stop_deadline = 0;
  while (alive) {
    if (!stopping && atomic_load(&job->stop)) {
      /* A search that ended by itself has already said its bestmove. */
      if (ended)
        break;
      stopping = TRUE;
      alive = jq_uci_client_send(c, "stop");
      stop_deadline =
          g_get_monotonic_time() + (gint64)job->stop_grace_ms * 1000;
      continue;
    }
    char *line = NULL;
    gint64 deadline = stopping ? stop_deadline
                               : g_get_monotonic_time() +
                                     ENGINE_POLL_MS * G_TIME_SPAN_MILLISECOND;
    JqUciStatus st = jq_uci_client_read_line(c, deadline, &line);
    if (st == JQ_UCI_DEAD) {
      alive = FALSE;
      break;
    }
    if (st == JQ_UCI_TIMEOUT) {
      hung = stopping;
      if (hung)
        break;
      continue;
    }
    JqProgress p;
    if (starts_with_word(line, "bestmove")) {
      ended = TRUE;
      if (stopping) {
        g_free(line);
        break;
      }
    } else if (starts_with_word(line, "info") &&
               jq_uci_talk_parse_info(e, job->view, line, &p, scratch) &&
               p.multipv <= lines) {
      job->pass[p.multipv - 1] = p;
      job->pass_have[p.multipv - 1] = TRUE;
      publish(job, job->pass, job->pass_have);
    }
    g_free(line);
  }
  g_free(scratch);
  if (alive && !hung)
    return;
  job->failure = g_strdup_printf(
      hung ? _("The engine “%s” did not stop its analysis when asked.")
           : _("The engine “%s” stopped during its analysis."),
      e->name);
  jq_uci_client_close(c, 0);
  job->client = NULL;
}

static void search(GTask *task, SearchJob *job) {
  if (job->engine) {
    search_outside(job);
    g_task_return_boolean(task, TRUE);
    return;
  }
  if (!job->ai) {
    GError *error = NULL;
    job->ai = jq_ai_worker_new(job->algorithm, job->threads, &error);
    if (!job->ai) {
      g_task_return_error(task, error);
      return;
    }
  }
  /* The sampling AI has one line: refused quietly. */
  char lines[16];
  g_snprintf(lines, sizeof lines, "%d", job->lines);
  jq_ai_set_option(job->ai, "MultiPV", lines, NULL);
  JqLimits limits;
  jq_limits_init(&limits);
  if (strcmp(job->algorithm, "alphabeta") != 0) {
    limits.infinite = true;
    jq_ai_think(job->ai, job->view, &limits, &job->stop, on_progress, job,
                NULL);
    g_task_return_boolean(task, TRUE);
    return;
  }
  /* The engine searches MultiPV's lines one after another, each until it
   * is done: without a limit the second would never start. One depth at
   * a time instead, every line at each; the hash table keeps what the
   * shallower passes found. */
  job->by_pass = TRUE;
  gint64 start = g_get_monotonic_time();
  for (int depth = 1; depth <= ANALYSIS_DEPTH_MAX && !atomic_load(&job->stop);
       depth++) {
    job->base_ms = (int)((g_get_monotonic_time() - start) / 1000);
    limits.depth = depth;
    memset(job->pass_have, 0, sizeof job->pass_have);
    if (jq_ai_think(job->ai, job->view, &limits, &job->stop, on_progress, job,
                    NULL) == JQ_MOVE_NONE ||
        atomic_load(&job->stop))
      break;
    publish(job, job->pass, job->pass_have);
    /* Each line's search counts its own nodes. */
    for (int i = 0; i < job->lines; i++)
      if (job->pass_have[i])
        job->base_nodes += job->pass[i].nodes;
  }
  g_task_return_boolean(task, TRUE);
}

static void start_search(JqAnalysisMode *self);
static void restart(JqAnalysisMode *self);

static void search_done(GObject *source, GAsyncResult *result,
                        gpointer user_data) {
  GTask *task = G_TASK(result);
  SearchJob *job = g_task_get_task_data(task);
  GError *error = NULL;
  g_task_propagate_boolean(task, &error);
  JqAnalysisMode *self = g_weak_ref_get(&job->mode);
  if (!self) {
    g_clear_error(&error);
    return;
  }
  if (error) {
    g_warning("The analysis cannot run: %s", error->message);
    g_error_free(error);
  }
  /* Its AI comes back for the next search. */
  if (job->ai && !self->idle_ai) {
    self->idle_ai = job->ai;
    job->ai = NULL;
  }
  /* So does its engine, unless another is chosen meanwhile. */
  if (job->client && !self->idle_client) {
    self->idle_client = g_steal_pointer(&job->client);
    self->idle_client_jieqi = job->client_jieqi;
    g_free(self->idle_client_key);
    self->idle_client_key = engine_key(job->engine);
  }
  gboolean failed = job->failure != NULL;
  if (failed) {
    /* The built-in AI analyses from now, this position included. */
    g_free(self->failed_engine);
    self->failed_engine = engine_key(job->engine);
    char *text = g_strdup_printf(
        "%s %s", job->failure,
        _("It was stopped; the built-in computer analyses instead."));
    g_signal_emit(self, signals[SIGNAL_FAILED], 0, text);
    g_free(text);
  }
  if (self->task == task) {
    g_clear_object(&self->task);
    if (failed && self->active && job->generation == self->generation) {
      restart(self);
    } else if (self->restart && self->active) {
      self->restart = FALSE;
      start_search(self);
    }
  }
  g_object_unref(self);
}

static void start_search(JqAnalysisMode *self) {
  SearchJob *job = g_new0(SearchJob, 1);
  g_weak_ref_init(&job->mode, self);
  job->generation = self->generation;
  job->algorithm = g_strdup(analysis_algorithm(self));
  if (self->idle_ai &&
      g_strcmp0(jq_ai_algorithm(self->idle_ai), job->algorithm) == 0)
    job->ai = g_steal_pointer(&self->idle_ai);
  jq_ai_worker_free_later(g_steal_pointer(&self->idle_ai));
  job->lines = self->lines;
  const JqEngine *engine = outside_engine(self);
  if (engine) {
    job->engine = jq_engine_copy(engine);
    char *key = engine_key(engine);
    if (self->idle_client && g_strcmp0(key, self->idle_client_key) == 0) {
      job->client = g_steal_pointer(&self->idle_client);
      job->client_jieqi = self->idle_client_jieqi;
    }
    g_free(key);
    job->stop_grace_ms = self->engine_grace_ms;
    JqPosition start;
    job->moves = jq_game_controller_get_shown_moves(self->controller, &start,
                                                    &job->n_moves);
    if (job->moves)
      job->start = g_memdup2(&start, sizeof start);
  }
  /* One engine process at a time: one not taken is let go. */
  close_client_later(g_steal_pointer(&self->idle_client));
  /* Leaves a core for the UI thread on small machines. */
  job->threads = jq_ai_worker_threads();
  job->view = g_memdup2(self->view, sizeof *self->view);
  atomic_init(&job->stop, false);
  job->context = g_main_context_ref_thread_default();
  g_mutex_init(&job->lock);

  GTask *task = g_task_new(NULL, NULL, search_done, NULL);
  g_task_set_source_tag(task, start_search);
  g_task_set_name(task, "jieqi: analysis");
  job->task = task;
  g_task_set_task_data(task, job, search_job_free);
  g_thread_unref(
      g_thread_new("jieqi-analysis", search_thread, g_object_ref(task)));
  self->task = task;
}

/* Ends the search running: its worker sees the stop flag within moments
 * and whatever it still reports is stale. */
static void stop_search(JqAnalysisMode *self) {
  self->generation++;
  self->restart = FALSE;
  if (self->task) {
    SearchJob *job = g_task_get_task_data(self->task);
    atomic_store(&job->stop, true);
  }
}

/* Which position is shown: another one (or the same one in another game,
 * or for another AI) is analysed afresh. */
static char *shown_key(JqAnalysisMode *self) {
  char *fen = jq_game_controller_get_fen(self->controller);
  const JqEngine *engine = outside_engine(self);
  char *analyst =
      engine ? engine_key(engine) : g_strdup(analysis_algorithm(self));
  char *key = g_strdup_printf(
      "%s %u %d %s", analyst, jq_game_controller_get_game_id(self->controller),
      jq_game_controller_get_browse_ply(self->controller), fen);
  g_free(analyst);
  g_free(fen);
  return key;
}

/* Analyses the position shown from the start. */
static void restart(JqAnalysisMode *self) {
  stop_search(self);
  g_free(self->key);
  self->key = shown_key(self);
  if (!self->view)
    self->view = g_new(JqPosition, 1);
  /* The display side's knowledge: what the user may know. */
  jq_game_controller_get_display_view(self->controller, self->view);
  self->ply = jq_game_controller_get_browse_ply(self->controller);
  clear_lines(self);
  self->restarts++;
  /* Without a legal move the side to move has lost: nothing to search. */
  self->end = JQ_REASON_NONE;
  if (!jq_position_has_legal_move(self->view))
    self->end = jq_position_in_check(self->view) ? JQ_REASON_CHECKMATE
                                                 : JQ_REASON_STALEMATE;
  /* One search at a time: the next waits for the last to end. */
  if (self->end == JQ_REASON_NONE && self->task)
    self->restart = TRUE;
  else if (self->end == JQ_REASON_NONE)
    start_search(self);
  g_signal_emit(self, signals[SIGNAL_UPDATED], 0);
}

static void on_changed(JqGameController *controller, JqAnalysisMode *self) {
  if (!self->active)
    return;
  char *key = shown_key(self);
  gboolean same = g_strcmp0(key, self->key) == 0;
  g_free(key);
  if (!same) {
    restart(self);
    return;
  }
  /* Perhaps another notation. */
  write_lines(self);
  g_signal_emit(self, signals[SIGNAL_UPDATED], 0);
}

/* Another AI chosen: it analyses from now. */
static void on_algorithm(GObject *controller, GParamSpec *pspec,
                         JqAnalysisMode *self) {
  on_changed(self->controller, self);
}

/* Another analysis engine chosen: it is tried afresh, even one that
 * failed before. */
static void on_engine_chosen(GObject *controller, GParamSpec *pspec,
                             JqAnalysisMode *self) {
  g_clear_pointer(&self->failed_engine, g_free);
  on_changed(self->controller, self);
}

/* An engine's values changed, or it went: the key says whether that is
 * the one analysing. */
static void on_engines_changed(JqEngineList *list, JqAnalysisMode *self) {
  on_changed(self->controller, self);
}

/* ---- public ---- */

JqAnalysisMode *jq_analysis_mode_new(JqGameController *controller) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(controller), NULL);
  JqAnalysisMode *self = g_object_new(JQ_TYPE_ANALYSIS_MODE, NULL);
  self->controller = g_object_ref(controller);
  g_signal_connect_object(controller, "changed", G_CALLBACK(on_changed), self,
                          0);
  g_signal_connect_object(controller, "notify::algorithm",
                          G_CALLBACK(on_algorithm), self, 0);
  g_signal_connect_object(controller, "notify::analysis-engine",
                          G_CALLBACK(on_engine_chosen), self, 0);
  g_signal_connect_object(jq_engine_list_get_default(), "changed",
                          G_CALLBACK(on_engines_changed), self, 0);
  return self;
}

gboolean jq_analysis_mode_get_active(JqAnalysisMode *self) {
  g_return_val_if_fail(JQ_IS_ANALYSIS_MODE(self), FALSE);
  return self->active;
}

void jq_analysis_mode_set_active(JqAnalysisMode *self, gboolean active) {
  g_return_if_fail(JQ_IS_ANALYSIS_MODE(self));
  active = !!active;
  if (self->active == active)
    return;
  self->active = active;
  if (active) {
    restart(self);
  } else {
    stop_search(self);
    g_clear_pointer(&self->key, g_free);
    self->end = JQ_REASON_NONE;
    clear_lines(self);
    g_signal_emit(self, signals[SIGNAL_UPDATED], 0);
  }
  g_object_notify_by_pspec(G_OBJECT(self), props[PROP_ACTIVE]);
}

int jq_analysis_mode_get_lines(JqAnalysisMode *self) {
  g_return_val_if_fail(JQ_IS_ANALYSIS_MODE(self), 1);
  return self->lines;
}

void jq_analysis_mode_set_lines(JqAnalysisMode *self, int lines) {
  g_return_if_fail(JQ_IS_ANALYSIS_MODE(self));
  lines = CLAMP(lines, 1, JQ_ANALYSIS_MODE_LINES_MAX);
  if (self->lines == lines)
    return;
  self->lines = lines;
  if (self->active)
    restart(self);
  g_object_notify_by_pspec(G_OBJECT(self), props[PROP_LINES]);
}

guint jq_analysis_mode_get_line_count(JqAnalysisMode *self) {
  g_return_val_if_fail(JQ_IS_ANALYSIS_MODE(self), 0);
  return (guint)self->line_count;
}

const JqAnalysis *jq_analysis_mode_get_line(JqAnalysisMode *self, guint index) {
  g_return_val_if_fail(JQ_IS_ANALYSIS_MODE(self), NULL);
  if (index >= (guint)self->line_count)
    return NULL;
  return self->analyses[index];
}

int jq_analysis_mode_get_line_moves(JqAnalysisMode *self, guint index,
                                    JqMove *out, int max) {
  g_return_val_if_fail(JQ_IS_ANALYSIS_MODE(self), 0);
  if (index >= (guint)self->line_count)
    return 0;
  int n = MIN(max, self->progress[index].pv_len);
  memcpy(out, self->progress[index].pv, (size_t)MAX(n, 0) * sizeof *out);
  return MAX(n, 0);
}

gboolean jq_analysis_mode_get_position(JqAnalysisMode *self, JqPosition *out) {
  g_return_val_if_fail(JQ_IS_ANALYSIS_MODE(self), FALSE);
  if (!self->view)
    return FALSE;
  *out = *self->view;
  return TRUE;
}

guint jq_analysis_mode_get_restarts(JqAnalysisMode *self) {
  g_return_val_if_fail(JQ_IS_ANALYSIS_MODE(self), 0);
  return self->restarts;
}

gboolean jq_analysis_mode_is_searching(JqAnalysisMode *self) {
  g_return_val_if_fail(JQ_IS_ANALYSIS_MODE(self), FALSE);
  return self->task != NULL;
}

JqReason jq_analysis_mode_get_end(JqAnalysisMode *self) {
  g_return_val_if_fail(JQ_IS_ANALYSIS_MODE(self), JQ_REASON_NONE);
  return self->end;
}

guint jq_analysis_mode_searches_ended(void) {
  return atomic_load(&searches_ended);
}

const char *jq_analysis_mode_get_engine_name(JqAnalysisMode *self) {
  g_return_val_if_fail(JQ_IS_ANALYSIS_MODE(self), NULL);
  const JqEngine *e = outside_engine(self);
  return e ? e->name : NULL;
}

void jq_analysis_mode_set_engine_grace(JqAnalysisMode *self, int ms) {
  g_return_if_fail(JQ_IS_ANALYSIS_MODE(self));
  self->engine_grace_ms = MAX(ms, 0);
}

gboolean jq_analysis_mode_can_play(JqAnalysisMode *self, guint index) {
  g_return_val_if_fail(JQ_IS_ANALYSIS_MODE(self), FALSE);
  JqGameController *c = self->controller;
  return self->active && index < (guint)self->line_count &&
         self->analyses[index]->best != JQ_MOVE_NONE &&
         jq_game_controller_is_human_turn(c) &&
         !jq_game_controller_is_browsing(c);
}

gboolean jq_analysis_mode_play(JqAnalysisMode *self, guint index,
                               GError **error) {
  g_return_val_if_fail(JQ_IS_ANALYSIS_MODE(self), FALSE);
  if (!jq_analysis_mode_can_play(self, index)) {
    g_set_error_literal(
        error, JQ_GAME_CONTROLLER_ERROR, JQ_GAME_CONTROLLER_ERROR_NOT_YOUR_TURN,
        _("A line's move can be played only on your turn in the game."));
    return FALSE;
  }
  JqMove move = self->analyses[index]->best;
  return jq_game_controller_play_move(self->controller, jq_move_from(move),
                                      jq_move_to(move), error);
}

/* ---- GObject ---- */

static void jq_analysis_mode_get_property(GObject *object, guint id,
                                          GValue *value, GParamSpec *pspec) {
  JqAnalysisMode *self = JQ_ANALYSIS_MODE(object);
  switch (id) {
  case PROP_ACTIVE: g_value_set_boolean(value, self->active); break;
  case PROP_LINES: g_value_set_int(value, self->lines); break;
  default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
  }
}

static void jq_analysis_mode_set_property(GObject *object, guint id,
                                          const GValue *value,
                                          GParamSpec *pspec) {
  JqAnalysisMode *self = JQ_ANALYSIS_MODE(object);
  switch (id) {
  case PROP_ACTIVE:
    jq_analysis_mode_set_active(self, g_value_get_boolean(value));
    break;
  case PROP_LINES:
    jq_analysis_mode_set_lines(self, g_value_get_int(value));
    break;
  default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
  }
}

static void jq_analysis_mode_dispose(GObject *object) {
  JqAnalysisMode *self = JQ_ANALYSIS_MODE(object);
  self->active = FALSE;
  stop_search(self);
  /* The worker ends on its own; its job frees its AI. */
  g_clear_object(&self->task);
  jq_ai_worker_free_later(g_steal_pointer(&self->idle_ai));
  close_client_later(g_steal_pointer(&self->idle_client));
  if (self->controller)
    g_signal_handlers_disconnect_by_data(self->controller, self);
  g_clear_object(&self->controller);
  G_OBJECT_CLASS(jq_analysis_mode_parent_class)->dispose(object);
}

static void jq_analysis_mode_finalize(GObject *object) {
  JqAnalysisMode *self = JQ_ANALYSIS_MODE(object);
  clear_lines(self);
  g_free(self->key);
  g_free(self->view);
  g_free(self->idle_client_key);
  g_free(self->failed_engine);
  G_OBJECT_CLASS(jq_analysis_mode_parent_class)->finalize(object);
}

static void jq_analysis_mode_class_init(JqAnalysisModeClass *klass) {
  GObjectClass *object_class = G_OBJECT_CLASS(klass);
  object_class->get_property = jq_analysis_mode_get_property;
  object_class->set_property = jq_analysis_mode_set_property;
  object_class->dispose = jq_analysis_mode_dispose;
  object_class->finalize = jq_analysis_mode_finalize;

  GParamFlags rw =
      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
  props[PROP_ACTIVE] = g_param_spec_boolean("active", NULL, NULL, FALSE, rw);
  props[PROP_LINES] = g_param_spec_int("lines", NULL, NULL, 1,
                                       JQ_ANALYSIS_MODE_LINES_MAX, 1, rw);
  g_object_class_install_properties(object_class, N_PROPS, props);

  signals[SIGNAL_UPDATED] =
      g_signal_new("updated", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0,
                   NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[SIGNAL_FAILED] =
      g_signal_new("failed", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0,
                   NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void jq_analysis_mode_init(JqAnalysisMode *self) {
  self->lines = 1;
  self->engine_grace_ms = JQ_ANALYSIS_MODE_ENGINE_GRACE_MS;
}
