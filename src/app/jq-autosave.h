/* The autosave file, written off the main thread: after every move the
 * controller hands over the game's PGN text and returns at once; a worker
 * writes it atomically (g_file_replace_contents), always the newest text,
 * never an older one over a newer. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct JqAutosave JqAutosave;

/* $XDG_DATA_HOME/jieqi/autosave.pgn. */
char *jq_autosave_default_path(void);

JqAutosave *jq_autosave_new(const char *path);
/* Writes what is pending, then frees. */
void jq_autosave_free(JqAutosave *autosave);
const char *jq_autosave_get_path(const JqAutosave *autosave);

/* Queues `text` to be written; returns without waiting. */
void jq_autosave_write(JqAutosave *autosave, const char *text);
/* Blocks until the newest queued text is on disk. */
gboolean jq_autosave_flush(JqAutosave *autosave, GError **error);

G_END_DECLS
