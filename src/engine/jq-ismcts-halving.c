#include "jq-ismcts-halving.h"

int jq_ismcts_halving_rounds(int k) {
  int r = 0;
  while ((1 << r) < k)
    r++;
  return r;
}

/* Does node a rank above node b as the move to play? Proven wins first
 * (the quickest), proven losses last (the slowest), else the higher mean,
 * then the more visits. */
static bool better(const JqIsmctsNode *a, const JqIsmctsNode *b) {
  if (a->proof != b->proof)
    return a->proof > b->proof;
  if (a->proof && a->plies != b->plies)
    return a->proof > 0 ? a->plies < b->plies : a->plies > b->plies;
  double ma = a->visits ? a->value / a->visits : 0.0;
  double mb = b->visits ? b->value / b->visits : 0.0;
  if (ma != mb)
    return ma > mb;
  return a->visits > b->visits;
}

/* Ranks for the warm-up's pick: not proven lost first, then visits, then
 * the better node. */
static bool more_promising(const JqIsmctsNode *a, const JqIsmctsNode *b) {
  if ((a->proof < 0) != (b->proof < 0))
    return b->proof < 0;
  if (a->proof > 0 || b->proof > 0 || a->visits == b->visits)
    return better(a, b);
  return a->visits > b->visits;
}

bool jq_ismcts_halving_begin(JqIsmctsHalving *h, const JqIsmctsTree *tree,
                             int k) {
  *h = (JqIsmctsHalving){0};
  if (k > JQ_ISMCTS_HALVING_MAX)
    k = JQ_ISMCTS_HALVING_MAX;
  int n = 0;
  JqIsmctsCursor cur;
  for (JqIsmctsEdge *e = jq_ismcts_first_edge(tree, tree->root, &cur); e;
       e = jq_ismcts_next_edge(tree, &cur)) {
    if (!e->made || jq_ismcts_edge_is_outcome(e))
      continue;
    const JqIsmctsNode *c = jq_ismcts_node(tree, e->to);
    if (c->visits == 0)
      continue;
    /* Insertion into the k best so far. */
    int at = n < k ? n : k;
    while (at > 0 && more_promising(c, jq_ismcts_node(tree, h->node[at - 1]))) {
      if (at < k)
        h->node[at] = h->node[at - 1];
      at--;
    }
    if (at < k)
      h->node[at] = e->to;
    if (n < k)
      n++;
  }
  if (n < 2)
    return false;
  h->count = h->alive = n;
  h->rounds = jq_ismcts_halving_rounds(n);
  for (int i = 0; i < n; i++) {
    const JqIsmctsNode *c = jq_ismcts_node(tree, h->node[i]);
    h->move[i] = c->move;
    h->start[i] = c->visits;
  }
  return true;
}

JqMove jq_ismcts_halving_next(const JqIsmctsHalving *h,
                              const JqIsmctsTree *tree) {
  if (h->alive < 2)
    return JQ_MOVE_NONE;
  int pick = -1;
  uint32_t least = 0;
  for (int i = 0; i < h->alive; i++) {
    const JqIsmctsNode *c = jq_ismcts_node(tree, h->node[i]);
    if (c->proof < 0)
      continue; /* sampling a proven loss tells nothing more */
    uint32_t gained = c->visits - h->start[i];
    if (pick < 0 || gained < least) {
      pick = i;
      least = gained;
    }
  }
  return h->move[pick < 0 ? 0 : pick];
}

void jq_ismcts_halving_cut(JqIsmctsHalving *h, const JqIsmctsTree *tree) {
  if (h->alive < 2)
    return;
  if (h->round < JQ_ISMCTS_HALVING_ROUNDS) {
    uint32_t sum = 0, least = UINT32_MAX;
    for (int i = 0; i < h->alive; i++) {
      uint32_t gained = jq_ismcts_node(tree, h->node[i])->visits - h->start[i];
      sum += gained;
      least = gained < least ? gained : least;
    }
    h->round_alive[h->round] = h->alive;
    h->round_gained[h->round] = sum;
    h->round_least[h->round] = least;
  }
  h->round++;
  /* Sort the live ones best first (a handful: insertion sort). */
  for (int i = 1; i < h->alive; i++) {
    uint32_t node = h->node[i];
    JqMove move = h->move[i];
    int k = i;
    for (; k > 0 && better(jq_ismcts_node(tree, node),
                           jq_ismcts_node(tree, h->node[k - 1]));
         k--) {
      h->node[k] = h->node[k - 1];
      h->move[k] = h->move[k - 1];
    }
    h->node[k] = node;
    h->move[k] = move;
  }
  h->alive = (h->alive + 1) / 2;
  for (int i = 0; i < h->alive; i++)
    h->start[i] = jq_ismcts_node(tree, h->node[i])->visits;
}

JqMove jq_ismcts_halving_finish(JqIsmctsHalving *h, const JqIsmctsTree *tree) {
  if (!h->count)
    return JQ_MOVE_NONE;
  while (h->alive > 1)
    jq_ismcts_halving_cut(h, tree);
  return h->move[0];
}

JqMove jq_ismcts_halving_leader(const JqIsmctsHalving *h,
                                const JqIsmctsTree *tree) {
  if (!h->count)
    return JQ_MOVE_NONE;
  int best = 0;
  for (int i = 1; i < h->alive; i++)
    if (better(jq_ismcts_node(tree, h->node[i]),
               jq_ismcts_node(tree, h->node[best])))
      best = i;
  return h->move[best];
}
