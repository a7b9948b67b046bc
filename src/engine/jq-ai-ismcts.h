/* The "ismcts" AI beyond the common interface: a look at the trees of its
 * last search, so tests can check their statistics. */
#pragma once

#include "jq-ai.h"
#include "jq-ismcts-halving.h"
#include "jq-ismcts-tree.h"

/* The tree that worker `index` (0 .. threads-1) built in the last search;
 * NULL when `ai` is not an ismcts AI or there is no such worker. The tree
 * stays valid until the next think or option change. */
const JqIsmctsTree *jq_ai_ismcts_tree(const JqAi *ai, int index);
/* How many value searches PriorVisits made in the last search, over all
 * workers: one a move valued, a reveal included. */
uint64_t jq_ai_ismcts_prior_searches(const JqAi *ai);
/* The root's sequential halving of the last search (Halving): its
 * candidates, survivor (move[0] once done) and rounds' visits; NULL when it
 * did not run. Valid until the next think. */
const JqIsmctsHalving *jq_ai_ismcts_halving(const JqAi *ai);
