/* For the tests: what the controller keeps from the UI. */
#pragma once

#include "jq-ai-player.h"
#include "jq-game-controller.h"

G_BEGIN_DECLS

/* The arbiter itself, truth included: tests only, never for display. */
const JqGame *jq_game_controller_get_game(JqGameController *self);
/* How many finished thinks were thrown away as stale (cancelled by an undo,
 * a new game...) instead of being played. */
guint jq_game_controller_get_discarded_results(JqGameController *self);
/* The computer player of a side (it plays when the side's player mode is
 * the computer). */
JqAiPlayer *jq_game_controller_get_ai_player(JqGameController *self,
                                             JqColor side);

G_END_DECLS
