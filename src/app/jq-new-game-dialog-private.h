/* For the tests: filling in the dialog and reading its complaint. */
#pragma once

#include "jq-new-game-dialog.h"

G_BEGIN_DECLS

/* Sets the choices as the user would (fen NULL leaves the field empty). */
void jq_new_game_dialog_set_choices(JqNewGameDialog *self, JqVariant variant,
                                    JqPlayerMode red, JqPlayerMode black,
                                    const char *fen);
/* The error shown under the position, NULL when none. */
const char *jq_new_game_dialog_get_error(JqNewGameDialog *self);

G_END_DECLS
