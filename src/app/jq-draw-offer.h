/* A draw offered to the computer: it takes it when its own score is level
 * and the game is well under way, and declines otherwise. (Between two
 * people at one screen the window asks the other player.) */
#pragma once

#include "jq-analysis.h"
#include "jq-game-controller.h"

G_BEGIN_DECLS

/* Level: within this many centipawns of 0 from the computer's side, or
 * for a sampling AI within this share of an even chance. */
#define JQ_DRAW_OFFER_LEVEL_CP 30
#define JQ_DRAW_OFFER_LEVEL_VALUE 0.05
/* Full moves played before the computer considers a draw. */
#define JQ_DRAW_OFFER_MIN_MOVES 30

/* Whether the computer playing `computer` accepts, `plies` moves into the
 * game, given its last report (a hint's report counts from the other
 * side; NULL: it has none and declines). */
gboolean jq_draw_offer_computer_accepts(const JqAnalysis *last,
                                        JqColor computer, int plies);

/* The one human offers the computer a draw on their turn. TRUE with
 * `accepted` set when the offer was made: accepted, the game has ended as
 * a draw by agreement; declined, nothing changed. FALSE with an error
 * (translated) when no offer can be made now. */
gboolean jq_draw_offer_to_computer(JqGameController *controller,
                                   gboolean *accepted, GError **error);

G_END_DECLS
