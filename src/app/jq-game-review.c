#include "jq-config.h"

#include "jq-game-review.h"

#include <stdatomic.h>
#include <string.h>

#include "jq-ai-worker.h"
#include "jq-review-marks.h"

/* The worker's share: everything it reads is its own, so the review may go
 * away meanwhile. Freed with its GTask. */
typedef struct {
  GWeakRef review;
  GTask *task; /* not a reference: the job lives inside it */
  char *algorithm;
  int movetime_ms;
  int threads;
  int count;
  JqPosition *views;
  atomic_bool stop;
  GMainContext *context;
  /* What is scored, handed to the main thread by one idle at a time. */
  GMutex lock;
  JqEval *evals;
  int done;
  gboolean pending;
  /* Worker thread only: the latest report about the position thought on. */
  JqProgress last;
  gboolean have_last;
} ReviewJob;

struct _JqGameReview {
  GObject parent_instance;

  JqPosition *views;
  int count;
  char *algorithm;
  int movetime_ms;
  GTask *task; /* while the worker runs */
  gboolean started;
  JqEval *evals;
  int done;
};

G_DEFINE_FINAL_TYPE(JqGameReview, jq_game_review, G_TYPE_OBJECT)

enum { SIGNAL_PROGRESS, SIGNAL_FINISHED, N_SIGNALS };
static guint signals[N_SIGNALS];

static void review_job_free(gpointer data) {
  ReviewJob *job = data;
  g_weak_ref_clear(&job->review);
  g_free(job->algorithm);
  g_free(job->views);
  g_free(job->evals);
  g_main_context_unref(job->context);
  g_mutex_clear(&job->lock);
  g_free(job);
}

/* Takes what the worker scored; TRUE when there is more than before. */
static gboolean take_scores(JqGameReview *self, ReviewJob *job) {
  g_mutex_lock(&job->lock);
  int done = job->done;
  memcpy(self->evals, job->evals, (size_t)done * sizeof *self->evals);
  job->pending = FALSE;
  g_mutex_unlock(&job->lock);
  gboolean more = done > self->done;
  self->done = done;
  return more;
}

static gboolean progress_idle(gpointer data) {
  GTask *task = data;
  ReviewJob *job = g_task_get_task_data(task);
  JqGameReview *self = g_weak_ref_get(&job->review);
  if (!self)
    return G_SOURCE_REMOVE;
  if (self->task == task && take_scores(self, job))
    g_signal_emit(self, signals[SIGNAL_PROGRESS], 0, self->done, self->count);
  g_object_unref(self);
  return G_SOURCE_REMOVE;
}

static void on_progress(const JqProgress *progress, void *data) {
  ReviewJob *job = data;
  /* MultiPV is 1: every report is the best line's. */
  job->last = *progress;
  job->have_last = TRUE;
}

/* Position `index`'s eval from what the AI last said about it. */
static JqEval score_of(ReviewJob *job, int index, JqMove move) {
  JqColor side = (JqColor)job->views[index].side;
  if (move == JQ_MOVE_NONE) /* no move: the side to move has lost */
    return jq_review_eval_from_score(-JQ_SCORE_MATE, side, 0);
  if (!job->have_last)
    return (JqEval){JQ_EVAL_CP, 0, 0};
  if (strcmp(job->algorithm, "alphabeta") != 0)
    return jq_review_eval_from_value(job->last.value, side);
  return jq_review_eval_from_score(job->last.score, side, job->last.depth);
}

static void review_thread(GTask *task, gpointer source, gpointer data,
                          GCancellable *cancellable) {
  ReviewJob *job = data;
  /* Cancelled before it began: no AI to make. */
  if (atomic_load(&job->stop)) {
    g_task_return_boolean(task, TRUE);
    return;
  }
  GError *error = NULL;
  JqAi *ai = jq_ai_worker_new(job->algorithm, job->threads, &error);
  if (!ai) {
    g_task_return_error(task, error);
    return;
  }
  for (int i = 0; i < job->count && !atomic_load(&job->stop); i++) {
    JqLimits limits;
    jq_limits_init(&limits);
    limits.movetime_ms = job->movetime_ms;
    job->have_last = FALSE;
    JqMove move = jq_ai_think(ai, &job->views[i], &limits, &job->stop,
                              on_progress, job, NULL);
    /* A search cut short scores nothing worth keeping. */
    if (atomic_load(&job->stop))
      break;
    JqEval eval = score_of(job, i, move);
    g_mutex_lock(&job->lock);
    job->evals[i] = eval;
    job->done = i + 1;
    gboolean schedule = !job->pending;
    job->pending = TRUE;
    g_mutex_unlock(&job->lock);
    if (schedule) {
      GSource *idle = g_idle_source_new();
      g_source_set_callback(idle, progress_idle, g_object_ref(task),
                            g_object_unref);
      g_source_attach(idle, job->context);
      g_source_unref(idle);
    }
  }
  jq_ai_worker_free_later(ai);
  g_task_return_boolean(task, TRUE);
}

static void review_done(GObject *source, GAsyncResult *result,
                        gpointer user_data) {
  GTask *task = G_TASK(result);
  ReviewJob *job = g_task_get_task_data(task);
  GError *error = NULL;
  g_task_propagate_boolean(task, &error);
  JqGameReview *self = g_weak_ref_get(&job->review);
  if (!self) {
    g_clear_error(&error);
    return;
  }
  if (error) {
    g_warning("The review cannot run: %s", error->message);
    g_error_free(error);
  }
  if (self->task == task) {
    if (take_scores(self, job))
      g_signal_emit(self, signals[SIGNAL_PROGRESS], 0, self->done, self->count);
    g_clear_object(&self->task);
    g_signal_emit(self, signals[SIGNAL_FINISHED], 0, self->done == self->count);
  }
  g_object_unref(self);
}

JqGameReview *jq_game_review_new(const JqPosition *views, int count,
                                 const char *algorithm, int movetime_ms) {
  g_return_val_if_fail(views != NULL || count == 0, NULL);
  g_return_val_if_fail(count >= 0, NULL);
  g_return_val_if_fail(algorithm != NULL, NULL);
  JqGameReview *self = g_object_new(JQ_TYPE_GAME_REVIEW, NULL);
  self->views = g_memdup2(views, (gsize)count * sizeof *views);
  self->count = count;
  self->algorithm = g_strdup(algorithm);
  self->movetime_ms = MAX(movetime_ms, JQ_GAME_REVIEW_MOVETIME_MIN);
  self->evals = g_new0(JqEval, MAX(count, 1));
  return self;
}

void jq_game_review_start(JqGameReview *self) {
  g_return_if_fail(JQ_IS_GAME_REVIEW(self));
  g_return_if_fail(!self->started);
  self->started = TRUE;
  ReviewJob *job = g_new0(ReviewJob, 1);
  g_weak_ref_init(&job->review, self);
  job->algorithm = g_strdup(self->algorithm);
  job->movetime_ms = self->movetime_ms;
  job->threads = jq_ai_worker_threads();
  job->count = self->count;
  job->views = g_memdup2(self->views, (gsize)self->count * sizeof *job->views);
  job->evals = g_new0(JqEval, MAX(self->count, 1));
  atomic_init(&job->stop, false);
  job->context = g_main_context_ref_thread_default();
  g_mutex_init(&job->lock);

  GTask *task = g_task_new(NULL, NULL, review_done, NULL);
  g_task_set_source_tag(task, jq_game_review_start);
  g_task_set_name(task, "jieqi: review");
  job->task = task;
  g_task_set_task_data(task, job, review_job_free);
  self->task = task;
  jq_ai_worker_run(task, "jieqi-review", review_thread);
}

void jq_game_review_cancel(JqGameReview *self) {
  g_return_if_fail(JQ_IS_GAME_REVIEW(self));
  if (!self->task)
    return;
  ReviewJob *job = g_task_get_task_data(self->task);
  atomic_store(&job->stop, true);
}

gboolean jq_game_review_is_running(JqGameReview *self) {
  g_return_val_if_fail(JQ_IS_GAME_REVIEW(self), FALSE);
  return self->task != NULL;
}

int jq_game_review_get_total(JqGameReview *self) {
  g_return_val_if_fail(JQ_IS_GAME_REVIEW(self), 0);
  return self->count;
}

int jq_game_review_get_done(JqGameReview *self) {
  g_return_val_if_fail(JQ_IS_GAME_REVIEW(self), 0);
  return self->done;
}

gboolean jq_game_review_get_eval(JqGameReview *self, int index, JqEval *out) {
  g_return_val_if_fail(JQ_IS_GAME_REVIEW(self), FALSE);
  if (index < 0 || index >= self->done)
    return FALSE;
  *out = self->evals[index];
  return TRUE;
}

const JqPosition *jq_game_review_get_handed(JqGameReview *self, int *count) {
  g_return_val_if_fail(JQ_IS_GAME_REVIEW(self), NULL);
  *count = self->started ? self->count : 0;
  return self->views;
}

static void jq_game_review_dispose(GObject *object) {
  JqGameReview *self = JQ_GAME_REVIEW(object);
  /* The worker ends on its own; its job frees what it holds. */
  if (self->task) {
    jq_game_review_cancel(self);
    g_clear_object(&self->task);
  }
  G_OBJECT_CLASS(jq_game_review_parent_class)->dispose(object);
}

static void jq_game_review_finalize(GObject *object) {
  JqGameReview *self = JQ_GAME_REVIEW(object);
  g_free(self->views);
  g_free(self->algorithm);
  g_free(self->evals);
  G_OBJECT_CLASS(jq_game_review_parent_class)->finalize(object);
}

static void jq_game_review_class_init(JqGameReviewClass *klass) {
  GObjectClass *object_class = G_OBJECT_CLASS(klass);
  object_class->dispose = jq_game_review_dispose;
  object_class->finalize = jq_game_review_finalize;
  signals[SIGNAL_PROGRESS] =
      g_signal_new("progress", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0,
                   NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_INT, G_TYPE_INT);
  signals[SIGNAL_FINISHED] =
      g_signal_new("finished", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0,
                   NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_BOOLEAN);
}

static void jq_game_review_init(JqGameReview *self) {}
