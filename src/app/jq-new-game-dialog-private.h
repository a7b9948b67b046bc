/* For the tests: filling in the dialog and reading its complaint. */
#pragma once

#include "jq-new-game-dialog.h"

G_BEGIN_DECLS

/* Sets the choices as the user would (fen NULL leaves the field empty). */
void jq_new_game_dialog_set_choices(JqNewGameDialog *self, JqVariant variant,
                                    JqPlayerMode red, JqPlayerMode black,
                                    const char *fen);
/* The computer's rows: side -1 for the one computer, JQ_RED or JQ_BLACK
 * for that side's when the computer plays both. Set as the user would;
 * read back (the engine name chosen, the strength); on show and
 * usable. */
void jq_new_game_dialog_set_computer(JqNewGameDialog *self, int side,
                                     const char *algorithm, int strength);
const char *jq_new_game_dialog_get_computer(JqNewGameDialog *self, int side,
                                            int *strength);
gboolean jq_new_game_dialog_shows_computer(JqNewGameDialog *self, int side);
/* Chooses the time control as the user would: a preset when one fits
 * (a base of 0: none), else Custom with these minutes and increment. */
void jq_new_game_dialog_set_clock(JqNewGameDialog *self, int base_s, int inc_s);
/* The error shown under the position, NULL when none. */
const char *jq_new_game_dialog_get_error(JqNewGameDialog *self);

G_END_DECLS
