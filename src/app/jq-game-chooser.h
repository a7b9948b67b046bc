/* JqGameChooser: the list of the games in a PGN file of several, to open
 * one of them: a row for each game (its number, event, date, the Red and
 * Black players and the result; a game that cannot be read says so, and
 * why under the list). A double-click or Open loads the chosen game into
 * the controller and closes the dialog; Cancel changes nothing.
 *
 * Signal: game-opened () after the chosen game was loaded. */
#pragma once

#include <adwaita.h>

#include "jq-game-controller.h"

G_BEGIN_DECLS

#define JQ_TYPE_GAME_CHOOSER (jq_game_chooser_get_type())
G_DECLARE_FINAL_TYPE(JqGameChooser, jq_game_chooser, JQ, GAME_CHOOSER,
                     AdwWindow)

/* A chooser of the games of `file`, modal over `parent`; NULL when the
 * file does not hold several games (it holds one, none, or cannot be
 * read), which is then opened as one game. */
JqGameChooser *jq_game_chooser_new_for_file(GtkWindow *parent,
                                            JqGameController *controller,
                                            GFile *file);

G_END_DECLS
