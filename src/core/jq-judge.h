/* The referee: end of game, repetition under the Asian rules (rules.md
 * section 2), the natural limit and the no-attackers draw. */
#pragma once

#include "jq-position.h"
#include "jq-result.h"

typedef enum {
  JQ_REPETITION_NONE = 0, /* no earlier occurrence on record */
  JQ_REPETITION_DRAW,     /* both or neither side perpetually at fault */
  JQ_REPETITION_WIN,      /* the side to move wins (the other is at fault) */
  JQ_REPETITION_LOSS,     /* the side to move loses */
} JqRepetition;

/* Looks back through the position's history (as far as the last capture)
 * for `occurrences` earlier occurrences of the current position with the
 * same side to move, and judges the moves since the first of them:
 * perpetual check loses, else perpetual chase of an unprotected piece loses,
 * else draw. A search asks with 1, the referee with 2 (third occurrence).
 * `reason` (may be NULL) receives why. pos is restored before returning. */
JqRepetition jq_judge_repetition(JqPosition *pos, int occurrences,
                                 JqReason *reason);

/* The full verdict for the side to move: no legal move loses (checkmate or
 * stalemate), repetition on the third occurrence, natural limit, and in
 * xiangqi the no-attackers draw. JQ_RESULT_ONGOING when play goes on. */
JqResult jq_judge_position(JqPosition *pos);
