/* The autosave file, written off the main thread: after every move the
 * controller hands over the game's PGN text and returns at once; a worker
 * writes it atomically (jq-atomic-file.h: a full disk leaves the
 * previous autosave whole), always the newest text, never an older one
 * over a newer. A write that fails is tried again with the next text. */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

typedef struct JqAutosave JqAutosave;

/* $XDG_DATA_HOME/jieqi/autosave.pgn. */
char *jq_autosave_default_path(void);

JqAutosave *jq_autosave_new(const char *path);
/* Writes what is pending, then frees. */
void jq_autosave_free(JqAutosave *autosave);
const char *jq_autosave_get_path(const JqAutosave *autosave);

/* Told, on the main context the autosave was made in, when writing starts
 * failing: once, not again until a write has succeeded. */
typedef void (*JqAutosaveFailed)(GObject *owner, const GError *error);
/* `owner` is held weakly: once it is gone nobody is told. */
void jq_autosave_set_failed_func(JqAutosave *autosave, GObject *owner,
                                 JqAutosaveFailed func);

/* Queues `text` to be written; returns without waiting. */
void jq_autosave_write(JqAutosave *autosave, const char *text);
/* Renames the autosave file to "<path>.bad-YYYYMMDD-HHMMSS" (with "-2"...
 * when that is taken), for one that cannot be read: its bytes are kept for
 * the user to look at, and the next write does not replace them. Returns
 * the new path (g_free it), or NULL with error. */
char *jq_autosave_move_aside(JqAutosave *autosave, GError **error);
/* Blocks until the newest queued text is on disk. */
gboolean jq_autosave_flush(JqAutosave *autosave, GError **error);

G_END_DECLS
