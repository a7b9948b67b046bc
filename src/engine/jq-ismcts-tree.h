/* The IS-MCTS tree: a preallocated pool, one node per information set of
 * the searching player that an iteration has gone through, with children
 * keyed by move only. Selection is UCB1 (or PUCT) over the children whose
 * moves are legal in the current determinization, counting each child's
 * availability (Cowling, Powley and Whitehouse 2012). Nothing here
 * allocates once the pool exists.
 *
 * A node's children are edges, kept in segments of the pool: a move, its
 * prior weight and, until the child is first selected, its availability;
 * the child's node is made only then. With priors every legal move of a
 * node gets an edge at its first selection and most are never visited: a
 * 12-byte edge where a whole node was once made for each. */
#pragma once

#include <stddef.h>

#include "jq-rng.h"
#include "jq-types.h"

#define JQ_ISMCTS_NO_NODE 0u

typedef struct {
  double value;    /* sum of results, each from the mover's side, in [0,1] */
  uint32_t visits; /* iterations that went through this node */
  uint32_t avail;  /* iterations in which its move was legal at the parent */
  uint32_t edges;  /* first segment of its children, 0 when none */
  JqMove move;     /* the move that leads here from the parent */
  uint8_t mover;   /* JqColor who played `move` */
  uint8_t moves;   /* legal moves here when first selected from (solver) */
  int8_t proof;    /* solver: +1 the mover has won, -1 lost, 0 unknown */
  /* Proven: plies from here to the mate along the proof (the winner's
   * shortest, the loser's longest defence; 255 and beyond saturate). */
  uint8_t plies;
  /* PUCT: an edge was made for every move legal here when first selected
   * from (so a caller that knows the moves never change may skip them). */
  uint8_t complete;
  /* PriorVisits: its children's weights were set again from the
   * evaluation once it had been visited often enough. */
  uint8_t refined;
} JqIsmctsNode;

/* A child of a node: its move and prior weight, and either its node or,
 * while it has none, its availability. Packed: 10 bytes. */
typedef struct __attribute__((packed)) {
  unsigned move : 15; /* a JqMove, or an outcome's key */
  unsigned made : 1;  /* 1: `to` is the child's node; 0: `to` is its avail */
  /* Priors: the unnormalised weight of the move, a softmax term; the
   * children available in a determinization share the probability. */
  float weight;
  uint32_t to;
} JqIsmctsEdge;

/* Outcome nodes: below a move that turns a hidden piece up, one child per
 * identity it turned up as (both players see it), so that what follows a
 * reveal can depend on what was revealed. Such a child's `move` is this
 * flag with the identity, and its mover the player who revealed. */
#define JQ_ISMCTS_OUTCOME 0x4000u /* (a move's two squares take 14 bits) */

static inline bool jq_ismcts_is_outcome(const JqIsmctsNode *n) {
  return (n->move & JQ_ISMCTS_OUTCOME) != 0;
}
static inline bool jq_ismcts_edge_is_outcome(const JqIsmctsEdge *e) {
  return (e->move & JQ_ISMCTS_OUTCOME) != 0;
}
static inline JqPieceType jq_ismcts_outcome_type(const JqIsmctsNode *n) {
  return (JqPieceType)(n->move & 0xff);
}

/* The pool is counted in 4-byte words: a node takes 8 at an even word, a
 * segment of n edges 2 + 10 n / 4 rounded up to an even number (its first
 * 2 words say where the next segment is and how many edges it holds). */
#define JQ_ISMCTS_NODE_WORDS 8u
/* Where the root of a fresh or compacted tree is: 0 means "none". */
#define JQ_ISMCTS_FIRST_WORD 2u
static inline uint32_t jq_ismcts_segment_words(uint32_t edges) {
  return (2u + (10u * edges + 3u) / 4u + 1u) & ~1u;
}

typedef struct {
  uint32_t *words;   /* the pool */
  uint32_t capacity; /* in words */
  uint32_t used;     /* in words, always even */
  uint32_t root;
  /* Per-move marks for one selection step, stamped so that nothing has to
   * be cleared between steps. */
  uint32_t *legal_mark;
  uint32_t *child_mark;
  uint32_t stamp;
} JqIsmctsTree;

/* A segment's head, the 2 words before its edges. */
typedef struct {
  uint32_t next;  /* the node's next segment, 0 when none */
  uint32_t count; /* edges in this one, at least 1 */
} JqIsmctsSegment;

/* A pool taking about `bytes` of memory (at least a few nodes). False when
 * it cannot be allocated; the tree is then empty and safe to free. */
bool jq_ismcts_tree_init(JqIsmctsTree *tree, size_t bytes);
void jq_ismcts_tree_free(JqIsmctsTree *tree);
/* Empties the pool and makes a fresh root; `root_mover` is the side that
 * played into the root (the opponent of the side to move there). */
void jq_ismcts_tree_reset(JqIsmctsTree *tree, JqColor root_mover);
/* Full: no room left for another node (and so the tree stops growing). */
static inline bool jq_ismcts_tree_full(const JqIsmctsTree *tree) {
  return tree->capacity - tree->used < JQ_ISMCTS_NODE_WORDS;
}
/* The pool's use in thousandths, as UCI's hashfull. */
static inline int jq_ismcts_tree_hashfull(const JqIsmctsTree *tree) {
  return (int)((uint64_t)tree->used * 1000 / tree->capacity);
}
static inline JqIsmctsNode *jq_ismcts_node(const JqIsmctsTree *tree,
                                           uint32_t index) {
  return (JqIsmctsNode *)(void *)(tree->words + index);
}

/* Walks a node's edges, newest segment first:
 *   JqIsmctsCursor cur;
 *   for (JqIsmctsEdge *e = jq_ismcts_first_edge(t, n, &cur); e;
 *        e = jq_ismcts_next_edge(t, &cur)) ... */
typedef struct {
  JqIsmctsEdge *at, *end;
  uint32_t next;
} JqIsmctsCursor;

static inline JqIsmctsEdge *jq_ismcts_segment_start(const JqIsmctsTree *tree,
                                                    uint32_t segment,
                                                    JqIsmctsCursor *cur) {
  if (!segment) {
    /* Defined even when there is nothing to walk (-O3 checks it). */
    *cur = (JqIsmctsCursor){NULL, NULL, 0};
    return NULL;
  }
  const JqIsmctsSegment *head =
      (const JqIsmctsSegment *)(const void *)(tree->words + segment);
  cur->at = (JqIsmctsEdge *)(void *)(tree->words + segment + 2);
  cur->end = cur->at + head->count;
  cur->next = head->next;
  return cur->at;
}
static inline JqIsmctsEdge *jq_ismcts_first_edge(const JqIsmctsTree *tree,
                                                 uint32_t node,
                                                 JqIsmctsCursor *cur) {
  return jq_ismcts_segment_start(tree, jq_ismcts_node(tree, node)->edges, cur);
}
static inline JqIsmctsEdge *jq_ismcts_next_edge(const JqIsmctsTree *tree,
                                                JqIsmctsCursor *cur) {
  if (++cur->at < cur->end)
    return cur->at;
  return jq_ismcts_segment_start(tree, cur->next, cur);
}
/* An edge's child node, JQ_ISMCTS_NO_NODE while it has none. */
static inline uint32_t jq_ismcts_edge_node(const JqIsmctsEdge *e) {
  return e->made ? e->to : JQ_ISMCTS_NO_NODE;
}
static inline uint32_t jq_ismcts_edge_visits(const JqIsmctsTree *tree,
                                             const JqIsmctsEdge *e) {
  return e->made ? jq_ismcts_node(tree, e->to)->visits : 0;
}
static inline uint32_t jq_ismcts_edge_avail(const JqIsmctsTree *tree,
                                            const JqIsmctsEdge *e) {
  return e->made ? jq_ismcts_node(tree, e->to)->avail : e->to;
}

/* The edge of `parent` for `move`, NULL when none. */
JqIsmctsEdge *jq_ismcts_tree_edge(const JqIsmctsTree *tree, uint32_t parent,
                                  JqMove move);
/* The node of edge `e` of `parent`, made when missing; JQ_ISMCTS_NO_NODE
 * when the pool is full. */
uint32_t jq_ismcts_tree_make(JqIsmctsTree *tree, uint32_t parent,
                             JqIsmctsEdge *e);
/* Makes `node` (a descendant of the root) the root, its subtree kept and
 * the rest of the pool freed: in place when the pool is at most half used,
 * else copied to its start. False when the copy does not fit in the free
 * part of the pool; the tree is then unchanged. */
bool jq_ismcts_tree_keep(JqIsmctsTree *tree, uint32_t node);

/* How selection weighs a node's children. */
typedef struct {
  double exploration; /* UCB1's constant */
  /* PUCT: above 0, every legal move gets a child (an edge) at once,
   * weighted by `weigh`, and a child's exploration term is prior * P *
   * sqrt(avail) / (1 + visits), P its share of the available children's
   * weights; an unvisited child counts the side to move's mean at the
   * parent less `first_play` as its value. 0: UCB1 with every move tried
   * once. */
  double prior;
  double first_play;
} JqIsmctsSelectParams;

/* The weight of move m in the caller's position, for PUCT (positive). */
typedef float (*JqIsmctsWeighFunc)(void *data, JqMove m);

/* One selection step at `parent` whose legal moves in this determinization
 * are `legal`: every existing child whose move is in `legal` gains one
 * availability. A child proven won for the side to move is taken at once
 * (the one that mates soonest).
 * Else if a legal move has no child yet and the pool has room, a child is
 * made for one of them and *expanded set: the first untried of the first
 * `ordered` moves of `legal` (the caller's promising ones, in order), else
 * an untried one uniformly at random. Otherwise the available child of
 * highest score is returned: its mean result plus the UCB1 exploration
 * term.
 * With priors (params->prior > 0, `weigh` given) the missing children's
 * edges are made first and the PUCT score picks among all available ones,
 * the picked one getting its node; *expanded is set when it has never been
 * visited. When the pool has no room for that node, the pick is among the
 * children that have one: the tree stops growing.
 * Returns JQ_ISMCTS_NO_NODE when neither is possible (pool full, no child
 * legal). */
uint32_t jq_ismcts_tree_select(JqIsmctsTree *tree, uint32_t parent,
                               const JqMoveList *legal, int ordered,
                               const JqIsmctsSelectParams *params,
                               JqIsmctsWeighFunc weigh, void *weigh_data,
                               JqRng *rng, bool *expanded);

/* A selection step whose choice is made outside (the root's sequential
 * halving): the child node of `move`, every child of parent counted as
 * available as in a selection at a complete node; JQ_ISMCTS_NO_NODE (and
 * nothing counted) when the move has no node yet. */
uint32_t jq_ismcts_tree_select_move(JqIsmctsTree *tree, uint32_t parent,
                                    JqMove move);

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
 * node of the path, each from its own mover's side. */
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
