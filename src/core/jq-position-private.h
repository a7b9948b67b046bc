/* Internals shared by the position and move generation. */
#pragma once

#include "jq-position.h"

/* Is sq attacked by colour `by` on this bare board? Advisors, elephants and
 * kings are skipped when want_short_movers is false (they never reach the
 * enemy king in xiangqi). */
bool jq_board_attacked(const JqPiece *board, int variant, int sq, int by,
                       bool want_short_movers);
/* The two kings on one file with nothing between them. */
bool jq_board_kings_facing(const JqPiece *board, int a, int b);
