/* For the tests: the parts of the game chooser they look at and press. */
#pragma once

#include "jq-game-chooser.h"

G_BEGIN_DECLS

/* The list of games; its model is a GtkSingleSelection. */
GtkColumnView *jq_game_chooser_get_view(JqGameChooser *self);
/* The Open and Cancel buttons. */
GtkWidget *jq_game_chooser_get_open_button(JqGameChooser *self);
GtkWidget *jq_game_chooser_get_cancel_button(JqGameChooser *self);
/* The words under the list: why the selected game cannot be opened, "" when
 * it can. */
const char *jq_game_chooser_get_message(JqGameChooser *self);

G_END_DECLS
