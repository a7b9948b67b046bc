/* What the app's AI workers (the players' thinking, the analysis, the
 * review, an outside engine's talk) share: how many search threads to
 * give an AI, making one in a worker thread, running one below the UI's
 * priority, and freeing one without holding up the main thread. */
#pragma once

#include <gio/gio.h>

#include "jq-ai.h"

/* Search threads for an AI: all cores but one, for the UI, from 1 to 8. */
int jq_ai_worker_threads(void);

/* Makes an AI of `algorithm` with `threads` search threads; meant for a
 * worker thread, since its hash table is large. NULL with `error` set
 * (G_IO_ERROR_INVALID_ARGUMENT) when the engine refuses it. */
JqAi *jq_ai_worker_new(const char *algorithm, int threads, GError **error);

/* Frees `ai` (NULL is fine) in a worker thread: giving a hash table's
 * pages back can take a while. */
void jq_ai_worker_free_later(JqAi *ai);

/* How much nicer than the UI the app's search threads run: on a machine
 * with few cores the window's thread (and the display server) get a CPU
 * first, and the search the rest. */
#define JQ_AI_WORKER_NICENESS 10

/* Lowers the calling thread's scheduling priority to
 * JQ_AI_WORKER_NICENESS (never raises it: a run under `nice` stays
 * higher). For a thread of its own only: it cannot be raised back without
 * a privilege, so a pool's thread would keep it for other work. Threads
 * and processes it starts later inherit it. Linux only (elsewhere the
 * priority is the whole process's); then calls the test hook. */
void jq_ai_worker_lower_priority(void);

/* As g_task_run_in_thread(), in a thread of its own named `name`, at the
 * lowered priority. Holds a reference to `task` while `func` runs. */
void jq_ai_worker_run(GTask *task, const char *name, GTaskThreadFunc func);

/* For the tests: `hook(data)` is called in each worker thread just after
 * it lowered its priority; NULL takes it away. */
typedef void (*JqAiWorkerHook)(gpointer data);
void jq_ai_worker_set_started_hook(JqAiWorkerHook hook, gpointer data);
