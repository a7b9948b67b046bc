/* The IS-MCTS tree: a preallocated pool of nodes, one per information set
 * of the searching player, with children keyed by move only. Selection is
 * UCB1 over the children whose moves are legal in the current
 * determinization, counting each child's availability (Cowling, Powley and
 * Whitehouse 2012). Nothing here allocates once the pool exists. */
#pragma once

#include <stddef.h>

#include "jq-rng.h"
#include "jq-types.h"

#define JQ_ISMCTS_NO_NODE 0u

typedef struct {
  double value;     /* sum of results, each from the mover's side, in [0,1] */
  uint32_t child;   /* first child, JQ_ISMCTS_NO_NODE when none */
  uint32_t sibling; /* next child of the same parent */
  uint32_t visits;  /* iterations that went through this node */
  uint32_t avail;   /* iterations in which its move was legal at the parent */
  JqMove move;      /* the move that leads here from the parent */
  uint8_t mover;    /* JqColor who played `move` */
  uint8_t moves;    /* legal moves here when first selected from (solver) */
  int8_t proof;     /* solver: +1 the mover has won, -1 lost, 0 unknown */
  /* Proven: plies from here to the mate along the proof (the winner's
   * shortest, the loser's longest defence; 255 and beyond saturate). */
  uint8_t plies;
  /* PUCT: a child was made for every move legal here when first selected
   * from (so a caller that knows the moves never change may skip them). */
  uint8_t complete;
  /* PriorVisits: its children's weights were set again from the
   * evaluation once it had been visited often enough. */
  uint8_t refined;
  /* Implicit minimax (Lanctot, Winands, Pepels and Sturtevant 2014): the
   * leaf evaluations backed up by minimax instead of averaged, for the
   * mover, scaled to 0..JQ_ISMCTS_MINIMAX_ONE. */
  uint16_t minimax;
  /* The first result backed up through the node, for its mover, on the
   * minimax scale: what its leaf value said before any reply was tried. */
  uint16_t first;
  /* Priors: the unnormalised weight of the move, a softmax term; the
   * children available in a determinization share the probability. */
  float weight;
} JqIsmctsNode;

#define JQ_ISMCTS_MINIMAX_ONE 65535u

/* Outcome nodes: below a move that turns a hidden piece up, one child per
 * identity it turned up as (both players see it), so that what follows a
 * reveal can depend on what was revealed. Such a child's `move` is this
 * flag with the identity, and its mover the player who revealed. */
#define JQ_ISMCTS_OUTCOME 0x8000u

static inline bool jq_ismcts_is_outcome(const JqIsmctsNode *n) {
  return (n->move & JQ_ISMCTS_OUTCOME) != 0;
}
static inline JqPieceType jq_ismcts_outcome_type(const JqIsmctsNode *n) {
  return (JqPieceType)(n->move & 0xff);
}

typedef struct {
  JqIsmctsNode *nodes; /* nodes[0] is unused so 0 can mean "none" */
  uint32_t capacity;
  uint32_t used;
  uint32_t root;
  /* Per-move marks for one selection step, stamped so that nothing has to
   * be cleared between steps. */
  uint32_t *legal_mark;
  uint32_t *child_mark;
  uint32_t stamp;
} JqIsmctsTree;

/* A pool taking about `bytes` of memory (at least a few nodes). False when
 * it cannot be allocated; the tree is then empty and safe to free. */
bool jq_ismcts_tree_init(JqIsmctsTree *tree, size_t bytes);
void jq_ismcts_tree_free(JqIsmctsTree *tree);
/* Empties the pool and makes a fresh root; `root_mover` is the side that
 * played into the root (the opponent of the side to move there). */
void jq_ismcts_tree_reset(JqIsmctsTree *tree, JqColor root_mover);
static inline bool jq_ismcts_tree_full(const JqIsmctsTree *tree) {
  return tree->used >= tree->capacity;
}
static inline JqIsmctsNode *jq_ismcts_node(const JqIsmctsTree *tree,
                                           uint32_t index) {
  return &tree->nodes[index];
}

/* How selection weighs a node's children. */
typedef struct {
  double exploration;    /* UCB1's constant */
  double minimax_weight; /* share of the minimax value in a child's worth */
  /* Progressive widening: 0 lets every legal move have a child; above 0
   * a node may have only `ordered` + 1 + widening * sqrt(its visits)
   * children, made in the order of `legal`. */
  double widening;
  /* PUCT: above 0, every legal move gets a child at once, weighted by
   * `weigh`, and a child's exploration term is prior * P * sqrt(avail) /
   * (1 + visits), P its share of the available children's weights; an
   * unvisited child counts the side to move's mean at the parent less
   * `first_play` as its value. 0: UCB1 with every move tried once. */
  double prior;
  double first_play;
  /* Whether the first-play value starts from the parent's first result
   * (its leaf value) instead of its current worth: a parent whose only
   * tried reply turned out bad then still tries the others, where its
   * worth, dragged down by that reply, would keep them untried. */
  bool first_play_static;
} JqIsmctsSelectParams;

/* The weight of move m in the caller's position, for PUCT (positive). */
typedef float (*JqIsmctsWeighFunc)(void *data, JqMove m);

/* One selection step at `parent` whose legal moves in this determinization
 * are `legal`: every existing child whose move is in `legal` gains one
 * availability. A child proven won for the side to move is taken at once
 * (the one that mates soonest).
 * Else if a legal move has no child yet, the pool has room and widening
 * allows, a child is made for one of them and *expanded set: the first
 * untried of the first `ordered` moves of `legal` (the caller's promising
 * ones, in order), else (with widening) the first untried one, else an
 * untried one uniformly at random. Otherwise the available child of
 * highest score is returned: (1 - minimax_weight) * its mean result plus
 * minimax_weight * its minimax value, plus the UCB1 exploration term.
 * With priors (params->prior > 0, `weigh` given) the missing children are
 * made first and the PUCT score picks among all available ones; *expanded
 * is set when the one picked has never been visited.
 * Returns JQ_ISMCTS_NO_NODE when neither is possible (pool full, no child
 * legal). */
uint32_t jq_ismcts_tree_select(JqIsmctsTree *tree, uint32_t parent,
                               const JqMoveList *legal, int ordered,
                               const JqIsmctsSelectParams *params,
                               JqIsmctsWeighFunc weigh, void *weigh_data,
                               JqRng *rng, bool *expanded);

/* One selection step at a complete node (PUCT) whose moves are known to
 * be those of every determinization: every child is available, and is
 * picked as jq_ismcts_tree_select would pick it given those moves. */
uint32_t jq_ismcts_tree_select_complete(JqIsmctsTree *tree, uint32_t parent,
                                        const JqIsmctsSelectParams *params,
                                        bool *expanded);

/* The outcome child of the reveal move `parent` for `identity`, made when
 * missing; JQ_ISMCTS_NO_NODE when the pool is full. */
uint32_t jq_ismcts_tree_outcome(JqIsmctsTree *tree, uint32_t parent,
                                JqPieceType identity);

/* Adds `result` (from the side to move at the leaf, `leaf_side`) to every
 * node of the path, each from its own mover's side, and updates their
 * minimax values: a leaf's is its own result, a reveal's the visit-weighted
 * mean of its outcomes', any other node's the complement of its best
 * child's. */
void jq_ismcts_tree_backup(JqIsmctsTree *tree, const uint32_t *path, int length,
                           JqColor leaf_side, double result);

/* The solver, for nodes whose moves and end do not depend on the deal:
 * after path[length - 1] was proven, passes proofs up as far as they go.
 * A node is lost for its mover when some reply is proven won, won when
 * every reply is proven lost. A reveal is won (lost) for its mover when
 * every identity the piece may turn up as has its outcome proven won
 * (lost): `outcomes[c]` has bit t set when a hidden piece of colour c may
 * be of type t. NULL: proofs stop at reveals. Each proof carries its
 * distance in plies: a lost node's is one more than its quickest won
 * reply's, a won node's one more than its slowest lost reply's, a reveal's
 * its worst outcome's for its mover. */
void jq_ismcts_tree_prove(JqIsmctsTree *tree, const uint32_t *path, int length,
                          const uint8_t *outcomes);

/* The child to play: the quickest proven win if there is one, else the
 * most visited child not proven lost (ties to the higher mean); a proven
 * loss, the slowest, only when nothing else is left. JQ_ISMCTS_NO_NODE when no
 * child was visited. */
uint32_t jq_ismcts_tree_best_child(const JqIsmctsTree *tree, uint32_t parent);
/* The line of most visited children from the root, passing through the
 * most visited outcome of each reveal; returns its length. */
int jq_ismcts_tree_principal_line(const JqIsmctsTree *tree, JqMove *line,
                                  int max);
