/* Sequential halving at the root of an IS-MCTS tree (Karnin, Koren and
 * Somekh 2013; as the root's choice in Danihelka et al. 2022): after a
 * warm-up, the K most visited root children become candidates and the
 * rest of the budget is split into ceil(log2 K) rounds; in a round each
 * iteration's root move is the candidate that has gained the fewest
 * visits in it, and at its end the half with the lower mean drop out.
 * PUCT's visit counts minimise cumulative regret; the move to play wants
 * the best mean among a few well-sampled ones (simple regret).
 * Proofs come first: a proven win ranks above every mean, a proven loss
 * below. Nothing here allocates. */
#pragma once

#include "jq-ismcts-tree.h"

#define JQ_ISMCTS_HALVING_MAX 16
#define JQ_ISMCTS_HALVING_ROUNDS 4 /* ceil(log2 16) */

typedef struct {
  int count; /* candidates; 0 = not begun (or off) */
  int alive; /* the first `alive` of them are still in */
  int rounds;
  int round; /* rounds finished */
  uint32_t node[JQ_ISMCTS_HALVING_MAX];
  JqMove move[JQ_ISMCTS_HALVING_MAX];
  /* Visits at the current round's start: a kept subtree's root children
   * carry visits from the last search, and the forcing evens out the
   * visits gained here, not the totals. */
  uint32_t start[JQ_ISMCTS_HALVING_MAX];
  /* For tests, by finished round: how many candidates it had, the visits
   * they gained in all, and the fewest any of them gained. */
  int round_alive[JQ_ISMCTS_HALVING_ROUNDS];
  uint32_t round_gained[JQ_ISMCTS_HALVING_ROUNDS];
  uint32_t round_least[JQ_ISMCTS_HALVING_ROUNDS];
} JqIsmctsHalving;

/* ceil(log2 k) for k >= 2. */
int jq_ismcts_halving_rounds(int k);
/* Takes the k (2 .. JQ_ISMCTS_HALVING_MAX) most visited root children,
 * ties by mean, those proven lost last, as candidates. False (and
 * h->count 0) when fewer than two root children have been visited. */
bool jq_ismcts_halving_begin(JqIsmctsHalving *h, const JqIsmctsTree *tree,
                             int k);
/* The root move the next iteration is to take: the live candidate not
 * proven lost with the fewest visits gained this round (any live one when
 * all are); JQ_MOVE_NONE when one is left. */
JqMove jq_ismcts_halving_next(const JqIsmctsHalving *h,
                              const JqIsmctsTree *tree);
/* Ends a round: the better half (ceil(alive / 2)) of the live candidates
 * by proof, then mean over all their visits, stay in. */
void jq_ismcts_halving_cut(JqIsmctsHalving *h, const JqIsmctsTree *tree);
/* Cuts until one is left (the end of the last round, or a search stopped
 * early); returns it, JQ_MOVE_NONE when halving never began. */
JqMove jq_ismcts_halving_finish(JqIsmctsHalving *h, const JqIsmctsTree *tree);
/* The best live candidate now, JQ_MOVE_NONE when not begun. */
JqMove jq_ismcts_halving_leader(const JqIsmctsHalving *h,
                                const JqIsmctsTree *tree);
