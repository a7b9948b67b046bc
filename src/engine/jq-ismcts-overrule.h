/* Overrule: the IS-MCTS's final choice when the alpha-beta's hint is to be
 * played unless the tree gives clear evidence against it (issue 16, item
 * 4). The alpha-beta searches the view deep, averaging the reveals past
 * its first; the tree samples them. The tree's most visited move differs
 * from the hint's often, and at 500 ms a move loses more on average than
 * the alpha-beta's (docs/benchmarks.md, sessions 18 and 19), so here the
 * hint is played unless:
 *  - the tree has proven a win (the quickest is played), or the hint's
 *    move proven lost while another is not;
 *  - another move, not proven lost, has at least as many visits as the
 *    hint's and a mean above the hint's by the margin.
 * Nothing here allocates. */
#pragma once

#include <stdint.h>

#include "jq-types.h"

/* A root move's statistics, summed over the workers' trees. */
typedef struct {
  JqMove move;
  int8_t proof;  /* +1 won, -1 lost, 0 not proven (for the mover) */
  uint8_t plies; /* proven: the shortest distance any tree found */
  uint64_t visits;
  double value; /* summed; value / visits is the mean, 0..1 */
} JqIsmctsRootTotal;

/* The index in `totals` (n of them) of the move to play: `best` (the
 * tree's own choice) when margin <= 0, there is no hint, the hint's move
 * is not among the totals or the evidence above holds; else the hint's,
 * also when the tree never visited it. The margin is in units of the mean
 * (a win probability, 0..1). */
int jq_ismcts_overrule(const JqIsmctsRootTotal *totals, int n, int best,
                       JqMove hint, double margin);
