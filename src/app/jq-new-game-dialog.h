/* JqNewGameDialog: sets up a new game — variant, who plays each side, the
 * computer's algorithm and strength (each side's own when it plays both),
 * and an optional starting position —
 * and starts it on the game controller. A bad position is reported in
 * the dialog and the game in progress stays as it was. */
#pragma once

#include <adwaita.h>

#include "jq-game-controller.h"

G_BEGIN_DECLS

#define JQ_TYPE_NEW_GAME_DIALOG (jq_new_game_dialog_get_type())
G_DECLARE_FINAL_TYPE(JqNewGameDialog, jq_new_game_dialog, JQ, NEW_GAME_DIALOG,
                     AdwWindow)

/* Offers the last game's set-up and the preferred computer (from
 * `settings`); Start plays on `controller`. Modal over `parent`. */
JqNewGameDialog *jq_new_game_dialog_new(GtkWindow *parent,
                                        JqGameController *controller,
                                        GSettings *settings);

/* What the Start button does: FALSE with the reason shown in the dialog
 * when the set-up is refused; else TRUE, the game started (the dialog then
 * closes) or, when a game in progress would be lost, the question whether
 * to abandon it shown first (jq-confirm-replace.h). */
gboolean jq_new_game_dialog_start(JqNewGameDialog *self);

G_END_DECLS
