/* For the tests: what the controller keeps from the UI. */
#pragma once

#include "jq-game-controller.h"

G_BEGIN_DECLS

/* The arbiter itself, truth included: tests only, never for display. */
const JqGame *jq_game_controller_get_game(JqGameController *self);
/* How many finished thinks were thrown away as stale (cancelled by an undo,
 * a new game...) instead of being played. */
guint jq_game_controller_get_discarded_results(JqGameController *self);

G_END_DECLS
