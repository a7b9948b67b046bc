#include "jq-ai-worker.h"

#include <errno.h>
#include <sys/resource.h>
#include <unistd.h>

int jq_ai_worker_threads(void) {
  return CLAMP((int)g_get_num_processors() - 1, 1, 8);
}

JqAi *jq_ai_worker_new(const char *algorithm, int threads, GError **error) {
  JqError err = {{0}};
  JqAi *ai = jq_ai_new(algorithm, &err);
  if (!ai) {
    g_set_error(error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "%s",
                err.message);
    return NULL;
  }
  char text[16];
  g_snprintf(text, sizeof text, "%d", threads);
  jq_ai_set_option(ai, "Threads", text, NULL);
  return ai;
}

static void free_ai_thread(GTask *task, gpointer source, gpointer data,
                           GCancellable *cancellable) {
  jq_ai_free(data);
  g_task_return_boolean(task, TRUE);
}

void jq_ai_worker_free_later(JqAi *ai) {
  if (!ai)
    return;
  GTask *task = g_task_new(NULL, NULL, NULL, NULL);
  g_task_set_source_tag(task, jq_ai_worker_free_later);
  g_task_set_task_data(task, ai, NULL);
  g_task_run_in_thread(task, free_ai_thread);
  g_object_unref(task);
}

static GMutex hook_lock;
static JqAiWorkerHook started_hook;
static gpointer started_hook_data;

void jq_ai_worker_set_started_hook(JqAiWorkerHook hook, gpointer data) {
  g_mutex_lock(&hook_lock);
  started_hook = hook;
  started_hook_data = data;
  g_mutex_unlock(&hook_lock);
}

void jq_ai_worker_lower_priority(void) {
#ifdef __linux__
  /* Linux keeps a niceness per thread: this one's, by its id. */
  id_t tid = (id_t)gettid();
  errno = 0;
  int old = getpriority(PRIO_PROCESS, tid);
  if (errno == 0 && old < JQ_AI_WORKER_NICENESS)
    (void)setpriority(PRIO_PROCESS, tid, JQ_AI_WORKER_NICENESS);
#endif
  g_mutex_lock(&hook_lock);
  JqAiWorkerHook hook = started_hook;
  gpointer data = started_hook_data;
  g_mutex_unlock(&hook_lock);
  if (hook)
    hook(data);
}

typedef struct {
  GTask *task;
  GTaskThreadFunc func;
} RunJob;

static gpointer run_thread(gpointer data) {
  RunJob *run = data;
  jq_ai_worker_lower_priority();
  GTask *task = run->task;
  run->func(task, g_task_get_source_object(task), g_task_get_task_data(task),
            g_task_get_cancellable(task));
  g_object_unref(task);
  g_free(run);
  return NULL;
}

void jq_ai_worker_run(GTask *task, const char *name, GTaskThreadFunc func) {
  RunJob *run = g_new(RunJob, 1);
  run->task = g_object_ref(task);
  run->func = func;
  g_thread_unref(g_thread_new(name, run_thread, run));
}
