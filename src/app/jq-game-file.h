/* The file a game belongs to: the one it was opened from or last saved
 * to, so that Save writes there without asking. The binding lasts while
 * the same game is on the board (jq_game_controller_get_game_id); a new
 * game, a paste or another file ends it. It also tells whether the game
 * has changed since it was read or written. */
#pragma once

#include <gio/gio.h>

#include "jq-game-controller.h"

G_BEGIN_DECLS

typedef struct _JqGameFile JqGameFile;

/* Follows `controller`'s game (not referenced: it outlives this). */
JqGameFile *jq_game_file_new(JqGameController *controller);
void jq_game_file_free(JqGameFile *self);

/* The game now on the board was just read from or written to `file`. */
void jq_game_file_bind(JqGameFile *self, GFile *file);
/* The game's file, NULL when it has none (never saved, or another game
 * has taken the board since). */
GFile *jq_game_file_get_file(JqGameFile *self);
/* A move was played on the board (the move count alone would miss an
 * undo followed by another move). */
void jq_game_file_note_move(JqGameFile *self);
/* Whether the game has moves or a result its file does not have. FALSE
 * when there is no file. */
gboolean jq_game_file_is_modified(JqGameFile *self);
/* The file's name for the window title, "• " before it when modified;
 * NULL when there is no file. Free with g_free. */
char *jq_game_file_title(JqGameFile *self);

G_END_DECLS
