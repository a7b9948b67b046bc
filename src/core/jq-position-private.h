/* Internals shared by the position and move generation. */
#pragma once

#include "jq-position.h"

/* Is sq attacked by colour `by` on this bare board? Advisors, elephants and
 * kings are skipped when want_short_movers is false (they never reach the
 * enemy king in xiangqi). */
bool jq_board_attacked(const JqPiece *board, int variant, int sq, int by,
                       bool want_short_movers);
/* The same, with the chariots and cannons found by bit scans of sq's file
 * and rank occupancy on this board (a bit per rank, a bit per file): the
 * position's masks, or those a move tried in place leaves. */
bool jq_board_attacked_lines(const JqPiece *board, int variant, int sq, int by,
                             bool want_short_movers, unsigned file_line,
                             unsigned rank_line);
/* The two kings on one file with nothing between them. */
bool jq_board_kings_facing(const JqPiece *board, int a, int b);
/* The same, by the occupancy of their file (a bit per rank). */
bool jq_kings_facing_line(int a, int b, unsigned file_line);
