#include "jq-ismcts-tree.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* A move packs two 7-bit squares, so this many marks cover every move. */
#define MARK_SLOTS (1u << 14)
/* A pool smaller than this could not hold the root's children. */
#define MIN_NODES 256u
/* Availability counts below this take their logarithm from a table: UCB
 * needs one for every child at every step, and libm's log was half the
 * search's time. */
#define LOG_TABLE_SIZE (1u << 16)

static float log_table[LOG_TABLE_SIZE];

static void fill_log_table(void) {
  log_table[0] = 0.0f;
  for (uint32_t i = 1; i < LOG_TABLE_SIZE; i++)
    log_table[i] = (float)log((double)i);
}

static inline double log_count(uint32_t n) {
  /* Larger counts: log(n) = log(n / 2^k) + k log 2, to 1 part in 2^15. */
  int k = 0;
  while (n >= LOG_TABLE_SIZE) {
    n >>= 1;
    k++;
  }
  return (double)log_table[n] + k * 0.69314718055994531;
}

bool jq_ismcts_tree_init(JqIsmctsTree *tree, size_t bytes) {
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once(&once, fill_log_table);
  memset(tree, 0, sizeof *tree);
  size_t count = bytes / sizeof(JqIsmctsNode);
  if (count < MIN_NODES)
    count = MIN_NODES;
  if (count > UINT32_MAX - 1)
    count = UINT32_MAX - 1;
  /* malloc, not calloc: nodes are written as they are handed out, so the
   * pages of a large pool are only touched when a search reaches them. */
  tree->nodes = malloc(count * sizeof(JqIsmctsNode));
  tree->legal_mark = calloc(MARK_SLOTS, sizeof(uint32_t));
  tree->child_mark = calloc(MARK_SLOTS, sizeof(uint32_t));
  if (!tree->nodes || !tree->legal_mark || !tree->child_mark) {
    jq_ismcts_tree_free(tree);
    return false;
  }
  tree->capacity = (uint32_t)count;
  jq_ismcts_tree_reset(tree, JQ_BLACK);
  return true;
}

void jq_ismcts_tree_free(JqIsmctsTree *tree) {
  free(tree->nodes);
  free(tree->legal_mark);
  free(tree->child_mark);
  memset(tree, 0, sizeof *tree);
}

static uint32_t new_node(JqIsmctsTree *tree, JqMove move, uint8_t mover) {
  uint32_t index = tree->used++;
  JqIsmctsNode *n = &tree->nodes[index];
  memset(n, 0, sizeof *n);
  n->move = move;
  n->mover = mover;
  return index;
}

void jq_ismcts_tree_reset(JqIsmctsTree *tree, JqColor root_mover) {
  tree->used = 1; /* slot 0 stays "no node" */
  tree->root = new_node(tree, JQ_MOVE_NONE, (uint8_t)root_mover);
}

/* A new stamp for the marks; on wrap-around the old marks are cleared so
 * none can be mistaken for a current one. */
static uint32_t next_stamp(JqIsmctsTree *tree) {
  if (++tree->stamp == 0) {
    memset(tree->legal_mark, 0, MARK_SLOTS * sizeof(uint32_t));
    memset(tree->child_mark, 0, MARK_SLOTS * sizeof(uint32_t));
    tree->stamp = 1;
  }
  return tree->stamp;
}

/* Makes a child of parent for move m, available once already. */
static uint32_t add_child(JqIsmctsTree *tree, uint32_t parent, JqMove m) {
  uint32_t c = new_node(tree, m, (uint8_t)(tree->nodes[parent].mover ^ 1));
  JqIsmctsNode *p = &tree->nodes[parent];
  tree->nodes[c].sibling = p->child;
  tree->nodes[c].avail = 1;
  p->child = c;
  return c;
}

/* A child's worth to its mover: mean and minimax value mixed. */
static inline double worth(const JqIsmctsNode *n, double minimax_weight) {
  return (1.0 - minimax_weight) * (n->value / n->visits) +
         minimax_weight * ((double)n->minimax / JQ_ISMCTS_MINIMAX_ONE);
}

static uint32_t puct_pick(JqIsmctsTree *tree, uint32_t parent,
                          const JqIsmctsSelectParams *params, uint32_t stamp,
                          bool all, bool *expanded);

/* Is n a proven win that mates sooner than `best` (NULL: none yet)? The
 * shortest, so that a won game is not dragged on or let slip. */
static inline bool shorter_win(const JqIsmctsNode *n,
                               const JqIsmctsNode *best) {
  return n->proof > 0 && (!best || n->plies < best->plies);
}

/* PUCT over the available children of parent, after making a child for
 * every legal move without one (stamped in child_mark as available). */
static uint32_t select_puct(JqIsmctsTree *tree, uint32_t parent,
                            const JqMoveList *legal, uint32_t stamp,
                            int available, const JqIsmctsSelectParams *params,
                            JqIsmctsWeighFunc weigh, void *weigh_data,
                            bool *expanded) {
  for (int i = 0; available < legal->count && i < legal->count; i++) {
    JqMove m = legal->moves[i];
    if (tree->child_mark[m] == stamp)
      continue;
    if (jq_ismcts_tree_full(tree))
      break;
    uint32_t c = add_child(tree, parent, m);
    tree->nodes[c].weight = weigh(weigh_data, m);
    tree->child_mark[m] = stamp;
    available++;
  }
  if (available == legal->count)
    tree->nodes[parent].complete = 1;
  return puct_pick(tree, parent, params, stamp, false, expanded);
}

/* The PUCT score's choice among the children of parent available in this
 * step: stamped in legal_mark, or all of them. */
static uint32_t puct_pick(JqIsmctsTree *tree, uint32_t parent,
                          const JqIsmctsSelectParams *params, uint32_t stamp,
                          bool all, bool *expanded) {
  double total = 0.0;
  for (uint32_t c = tree->nodes[parent].child; c; c = tree->nodes[c].sibling)
    if (all || tree->legal_mark[tree->nodes[c].move] == stamp)
      total += tree->nodes[c].weight;
  if (total <= 0.0)
    total = 1.0;
  /* An unvisited child is guessed at the parent's worth to the side to
   * move there, less a margin so that tried moves keep their turn. */
  const JqIsmctsNode *p = &tree->nodes[parent];
  double base = !p->visits ? 0.5
                : params->first_play_static
                    ? (double)p->first / JQ_ISMCTS_MINIMAX_ONE
                    : worth(p, params->minimax_weight);
  double first = 1.0 - base - params->first_play;
  double scale = params->prior / total;
  uint32_t best = JQ_ISMCTS_NO_NODE;
  double best_score = -1e300;
  for (uint32_t c = tree->nodes[parent].child; c; c = tree->nodes[c].sibling) {
    const JqIsmctsNode *n = &tree->nodes[c];
    if (!all && tree->legal_mark[n->move] != stamp)
      continue;
    double q = n->visits ? worth(n, params->minimax_weight) : first;
    double score =
        q + scale * n->weight * sqrt((double)n->avail) / (1.0 + n->visits);
    if (score > best_score) {
      best_score = score;
      best = c;
    }
  }
  *expanded = best && tree->nodes[best].visits == 0;
  return best;
}

uint32_t jq_ismcts_tree_select(JqIsmctsTree *tree, uint32_t parent,
                               const JqMoveList *legal, int ordered,
                               const JqIsmctsSelectParams *params,
                               JqIsmctsWeighFunc weigh, void *weigh_data,
                               JqRng *rng, bool *expanded) {
  double exploration = params->exploration;
  double minimax_weight = params->minimax_weight;
  *expanded = false;
  uint32_t stamp = next_stamp(tree);
  for (int i = 0; i < legal->count; i++)
    tree->legal_mark[legal->moves[i]] = stamp;

  if (tree->nodes[parent].moves == 0)
    tree->nodes[parent].moves =
        (uint8_t)(legal->count < 255 ? legal->count : 255);

  /* Availability first: a child legal here was selectable this time,
   * whether or not it is the one chosen. */
  int available = 0;
  uint32_t decisive = JQ_ISMCTS_NO_NODE;
  for (uint32_t c = tree->nodes[parent].child; c; c = tree->nodes[c].sibling) {
    JqIsmctsNode *n = &tree->nodes[c];
    tree->child_mark[n->move] = stamp;
    if (tree->legal_mark[n->move] == stamp) {
      n->avail++;
      available++;
      if (shorter_win(n, decisive ? &tree->nodes[decisive] : NULL))
        decisive = c;
    }
  }
  if (decisive)
    return decisive;
  if (params->prior > 0 && weigh)
    return select_puct(tree, parent, legal, stamp, available, params, weigh,
                       weigh_data, expanded);

  int room = legal->count;
  if (params->widening > 0) {
    double wide = ordered + 1 +
                  params->widening * sqrt((double)tree->nodes[parent].visits);
    if (wide < room)
      room = (int)wide;
    ordered = legal->count; /* the caller ordered them all */
  }
  if (available < room && !jq_ismcts_tree_full(tree)) {
    *expanded = true;
    for (int i = 0; i < ordered && i < legal->count; i++)
      if (tree->child_mark[legal->moves[i]] != stamp)
        return add_child(tree, parent, legal->moves[i]);
    /* The ordered ones are all tried: pick the k-th untried move of the
     * rest, k uniform. */
    uint32_t k = jq_rng_below(rng, (uint32_t)(legal->count - available));
    for (int i = ordered; i < legal->count; i++) {
      JqMove m = legal->moves[i];
      if (tree->child_mark[m] == stamp)
        continue;
      if (k-- == 0)
        return add_child(tree, parent, m);
    }
    *expanded = false; /* not reached: the count said one was left */
  }

  uint32_t best = JQ_ISMCTS_NO_NODE;
  double best_score = -1.0;
  for (uint32_t c = tree->nodes[parent].child; c; c = tree->nodes[c].sibling) {
    const JqIsmctsNode *n = &tree->nodes[c];
    if (tree->legal_mark[n->move] != stamp)
      continue;
    double score;
    if (n->visits == 0) {
      score = 1e9; /* only after a stop mid-iteration; try it first */
    } else {
      score = worth(n, minimax_weight) +
              exploration * sqrt(log_count(n->avail) / n->visits);
    }
    if (score > best_score) {
      best_score = score;
      best = c;
    }
  }
  return best;
}

uint32_t jq_ismcts_tree_select_complete(JqIsmctsTree *tree, uint32_t parent,
                                        const JqIsmctsSelectParams *params,
                                        bool *expanded) {
  *expanded = false;
  uint32_t decisive = JQ_ISMCTS_NO_NODE;
  for (uint32_t c = tree->nodes[parent].child; c; c = tree->nodes[c].sibling) {
    JqIsmctsNode *n = &tree->nodes[c];
    n->avail++;
    if (shorter_win(n, decisive ? &tree->nodes[decisive] : NULL))
      decisive = c;
  }
  if (decisive)
    return decisive;
  return puct_pick(tree, parent, params, 0, true, expanded);
}

uint32_t jq_ismcts_tree_outcome(JqIsmctsTree *tree, uint32_t parent,
                                JqPieceType identity) {
  JqMove key = (JqMove)(JQ_ISMCTS_OUTCOME | (unsigned)identity);
  for (uint32_t c = tree->nodes[parent].child; c; c = tree->nodes[c].sibling)
    if (tree->nodes[c].move == key)
      return c;
  if (jq_ismcts_tree_full(tree))
    return JQ_ISMCTS_NO_NODE;
  JqIsmctsNode *p = &tree->nodes[parent];
  uint32_t c = new_node(tree, key, p->mover);
  p = &tree->nodes[parent]; /* (no reallocation, but keep it obvious) */
  tree->nodes[c].sibling = p->child;
  p->child = c;
  return c;
}

static uint16_t to_minimax(double v) {
  return (uint16_t)lround(v * JQ_ISMCTS_MINIMAX_ONE);
}

void jq_ismcts_tree_backup(JqIsmctsTree *tree, const uint32_t *path, int length,
                           JqColor leaf_side, double result) {
  for (int i = 0; i < length; i++) {
    JqIsmctsNode *n = &tree->nodes[path[i]];
    n->visits++;
    n->value += n->mover == leaf_side ? result : 1.0 - result;
    if (n->visits == 1)
      n->first = to_minimax(n->mover == leaf_side ? result : 1.0 - result);
  }
  for (int i = length - 1; i >= 0; i--) {
    JqIsmctsNode *n = &tree->nodes[path[i]];
    if (!n->child) {
      n->minimax = to_minimax(n->mover == leaf_side ? result : 1.0 - result);
      continue;
    }
    if (jq_ismcts_is_outcome(&tree->nodes[n->child])) {
      /* A reveal is worth what its outcomes are, as often as they came. */
      double sum = 0, visits = 0;
      for (uint32_t c = n->child; c; c = tree->nodes[c].sibling) {
        sum += (double)tree->nodes[c].minimax * tree->nodes[c].visits;
        visits += tree->nodes[c].visits;
      }
      if (visits > 0)
        n->minimax = (uint16_t)lround(sum / visits);
      continue;
    }
    /* The side to move here takes its best child; the mover gets the rest. */
    unsigned best = 0;
    for (uint32_t c = n->child; c; c = tree->nodes[c].sibling)
      if (tree->nodes[c].minimax > best)
        best = tree->nodes[c].minimax;
    n->minimax = (uint16_t)(JQ_ISMCTS_MINIMAX_ONE - best);
  }
}

static uint8_t ply_after(unsigned plies) {
  return (uint8_t)(plies < 255 ? plies + 1 : 255);
}

/* A reveal's proof from its outcomes': the mover's result when every
 * identity in `possible` turned up as proven the same way, else 0. The
 * outcome is chance's, so *plies is the worst case for the mover: the
 * longest of the wins, the shortest of the losses. */
static int8_t reveal_proof(const JqIsmctsTree *tree, const JqIsmctsNode *n,
                           unsigned possible, uint8_t *plies) {
  unsigned won = 0, lost = 0;
  unsigned longest = 0, shortest = 255;
  for (uint32_t c = n->child; c; c = tree->nodes[c].sibling) {
    const JqIsmctsNode *o = &tree->nodes[c];
    unsigned bit = 1u << jq_ismcts_outcome_type(o);
    if (!(bit & possible))
      continue;
    if (o->proof > 0) {
      won |= bit;
      longest = o->plies > longest ? o->plies : longest;
    } else if (o->proof < 0) {
      lost |= bit;
      shortest = o->plies < shortest ? o->plies : shortest;
    }
  }
  if (!possible)
    return 0;
  if ((won & possible) == possible) {
    *plies = (uint8_t)longest;
    return 1;
  }
  if ((lost & possible) == possible) {
    *plies = (uint8_t)shortest;
    return -1;
  }
  return 0;
}

void jq_ismcts_tree_prove(JqIsmctsTree *tree, const uint32_t *path, int length,
                          const uint8_t *outcomes) {
  for (int i = length - 1; i > 0; i--) {
    JqIsmctsNode *parent = &tree->nodes[path[i - 1]];
    if (jq_ismcts_is_outcome(&tree->nodes[path[i]])) {
      /* The mover of a reveal is the mover of its outcomes. */
      uint8_t plies = 0;
      int8_t proof =
          outcomes ? reveal_proof(tree, parent, outcomes[parent->mover], &plies)
                   : 0;
      if (!proof || (parent->proof == proof && parent->plies == plies))
        return;
      parent->proof = proof;
      parent->plies = plies;
      continue;
    }
    /* Lost for the mover when the side to move has a winning reply (it
     * takes the shortest); won when every reply is lost (the longest). */
    int children = 0, won = 0, lost = 0;
    unsigned fastest = 255, slowest = 0;
    for (uint32_t c = parent->child; c; c = tree->nodes[c].sibling) {
      const JqIsmctsNode *n = &tree->nodes[c];
      children++;
      if (n->proof > 0) {
        won++;
        fastest = n->plies < fastest ? n->plies : fastest;
      } else if (n->proof < 0) {
        lost++;
        slowest = n->plies > slowest ? n->plies : slowest;
      }
    }
    int8_t proof = 0;
    uint8_t plies = 0;
    if (won > 0) {
      proof = -1;
      plies = ply_after(fastest);
    } else if (parent->moves > 0 && children == parent->moves &&
               lost == children) {
      proof = 1;
      plies = ply_after(slowest);
    }
    if (!proof || (parent->proof == proof && parent->plies == plies))
      return;
    parent->proof = proof;
    parent->plies = plies;
  }
}

/* Is child a better final choice than best? */
static bool better_choice(const JqIsmctsNode *n, const JqIsmctsNode *b) {
  if (n->proof != b->proof) /* won, then unknown, then lost */
    return n->proof > b->proof;
  /* Between proofs the distance: the quickest win, the slowest loss. */
  if (n->proof && n->plies != b->plies)
    return n->proof > 0 ? n->plies < b->plies : n->plies > b->plies;
  if (n->visits != b->visits)
    return n->visits > b->visits;
  return n->value > b->value; /* equal visits: larger sum, larger mean */
}

uint32_t jq_ismcts_tree_best_child(const JqIsmctsTree *tree, uint32_t parent) {
  uint32_t best = JQ_ISMCTS_NO_NODE;
  for (uint32_t c = tree->nodes[parent].child; c; c = tree->nodes[c].sibling) {
    const JqIsmctsNode *n = &tree->nodes[c];
    if (n->visits == 0)
      continue;
    if (!best || better_choice(n, &tree->nodes[best]))
      best = c;
  }
  return best;
}

int jq_ismcts_tree_principal_line(const JqIsmctsTree *tree, JqMove *line,
                                  int max) {
  int len = 0;
  uint32_t node = tree->root;
  while (len < max) {
    uint32_t c = jq_ismcts_tree_best_child(tree, node);
    if (!c)
      break;
    if (!jq_ismcts_is_outcome(&tree->nodes[c]))
      line[len++] = tree->nodes[c].move;
    node = c;
  }
  return len;
}
