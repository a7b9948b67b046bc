/* What the app's AI workers (the players' thinking, the analysis) share:
 * how many search threads to give an AI, making one in a worker thread,
 * and freeing one without holding up the main thread. */
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
