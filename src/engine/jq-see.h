/* Static exchange evaluation: what a move wins or loses on its target
 * point if both sides keep capturing there with their least valuable
 * attacker, each free to stop. Pins are ignored. */
#pragma once

#include "jq-position.h"

/* Does the exchange that move m starts gain at least `threshold`
 * centipawns for the mover? Quiet moves count as capturing nothing. */
bool jq_see_ge(const JqPosition *pos, JqMove m, int threshold);
