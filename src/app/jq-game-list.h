/* The games of a PGN file, as the list to pick one from shows them: a
 * GListModel of JqGameEntry, one for each game in the file's order, with
 * its roster's tags and, for a game that cannot be read, why (jq-pgn.h:
 * one bad game does not hide the others). */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define JQ_TYPE_GAME_ENTRY (jq_game_entry_get_type())
G_DECLARE_FINAL_TYPE(JqGameEntry, jq_game_entry, JQ, GAME_ENTRY, GObject)

/* Its place in the file, from 1. */
guint jq_game_entry_get_number(JqGameEntry *self);
/* The tags as they are to be shown: "" for a tag missing or unknown ("?");
 * the date without its unknown parts ("2024.05.??" is "2024.05"). */
const char *jq_game_entry_get_event(JqGameEntry *self);
const char *jq_game_entry_get_date(JqGameEntry *self);
const char *jq_game_entry_get_red(JqGameEntry *self);
const char *jq_game_entry_get_black(JqGameEntry *self);
const char *jq_game_entry_get_result(JqGameEntry *self);
/* Why the game cannot be read (the reader's words, with the line in the
 * file), NULL when it can. */
const char *jq_game_entry_get_error(JqGameEntry *self);
/* The game's own text, for jq_game_controller_load_pgn_text. */
const char *jq_game_entry_get_text(JqGameEntry *self);

/* The games of a file's text. NULL, with JQ_GAME_CONTROLLER_ERROR_BAD_PGN
 * and a message that says what is wrong, when it is not text or holds no
 * game. */
GListModel *jq_game_list_new(const char *text, gsize length, GError **error);
/* The same, read from `file` (or its I/O error). */
GListModel *jq_game_list_new_for_file(GFile *file, GError **error);

G_END_DECLS
