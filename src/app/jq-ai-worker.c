#include "jq-ai-worker.h"

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
