/* JqWindow: the app's main window. A header bar (new game, undo, redo,
 * hint, pause when the computer plays itself, the main menu), the board,
 * a status line under it, and a side panel with the pieces not yet seen
 * and lost, the move list (click a move to look at an earlier position)
 * and the computer's analysis. It shows
 * what the game controller says, plays through it, and follows the
 * settings as they change. */
#pragma once

#include <adwaita.h>

#include "jq-game-controller.h"
#include "jq-net-game.h"

G_BEGIN_DECLS

#define JQ_TYPE_WINDOW (jq_window_get_type())
G_DECLARE_FINAL_TYPE(JqWindow, jq_window, JQ, WINDOW, AdwApplicationWindow)

/* A window of `app` playing on `controller`; with NULL it makes its own
 * controller, which brings back the autosaved game (or starts a new one
 * as the settings say). */
JqWindow *jq_window_new(GtkApplication *app, JqGameController *controller);

/* The dialogs of the window: New Game and Preferences. */
GtkWindow *jq_window_show_new_game(JqWindow *self);
GtkWindow *jq_window_show_preferences(JqWindow *self);
/* The position editor (jq-position-editor.h), starting from the position
 * shown. */
GtkWindow *jq_window_show_position_editor(JqWindow *self);
/* "Review Game…": the review dialog (jq-review-dialog.h), presented. */
GtkWindow *jq_window_show_review(JqWindow *self);
/* "Play over the Network…" (jq-net-dialog.h). */
GtkWindow *jq_window_show_net_dialog(JqWindow *self);
/* A network game agreed in `session` (started) takes the board: our
 * side to the user, named `name`, the other to the peer. Returns it
 * (the window's). */
JqNetGame *jq_window_begin_net_game(JqWindow *self, JqNetSession *session,
                                    const char *name);

/* Replaces the game with the one in a PGN file, unasked; a file that
 * cannot be read is reported in a message and changes nothing. A file of
 * several games opens the list of them (jq-game-chooser.h) and returns
 * TRUE: the game the user picks there replaces the game. */
gboolean jq_window_open_file(JqWindow *self, GFile *file);
/* Opening as the user asks (Open…, files given to the app): asks first
 * when a game in progress would be lost (jq-confirm-replace.h), then
 * opens the first of `files` that reads well. */
void jq_window_ask_open(JqWindow *self, GFile **files, int n_files);
/* Writes the game to a PGN file (Chinese moves when the notation is
 * Chinese, else coordinates); a failure is reported in a message. */
gboolean jq_window_save_file(JqWindow *self, GFile *file);

G_END_DECLS
