#include "jq-ismcts-tree.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

_Static_assert(sizeof(JqIsmctsEdge) == 10, "an edge is 10 bytes");
_Static_assert(sizeof(JqIsmctsNode) == 4 * JQ_ISMCTS_NODE_WORDS,
               "a node is 8 words");

/* A move packs two 7-bit squares, so this many marks cover every move. */
#define MARK_SLOTS (1u << 14)
/* A pool smaller than this could not hold the root's children. */
#define MIN_WORDS 4096u
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
  size_t count = bytes / sizeof(uint32_t);
  if (count < MIN_WORDS)
    count = MIN_WORDS;
  if (count > (UINT32_MAX & ~1u))
    count = UINT32_MAX & ~1u;
  count &= ~(size_t)1;
  /* malloc, not calloc: the pool is written as it is handed out, so the
   * pages of a large one are only touched when a search reaches them. */
  tree->words = malloc(count * sizeof(uint32_t));
  tree->legal_mark = calloc(MARK_SLOTS, sizeof(uint32_t));
  tree->child_mark = calloc(MARK_SLOTS, sizeof(uint32_t));
  if (!tree->words || !tree->legal_mark || !tree->child_mark) {
    jq_ismcts_tree_free(tree);
    return false;
  }
  tree->capacity = (uint32_t)count;
  jq_ismcts_tree_reset(tree, JQ_BLACK);
  return true;
}

void jq_ismcts_tree_free(JqIsmctsTree *tree) {
  free(tree->words);
  free(tree->legal_mark);
  free(tree->child_mark);
  memset(tree, 0, sizeof *tree);
}

static inline JqIsmctsNode *node_at(const JqIsmctsTree *tree, uint32_t i) {
  return jq_ismcts_node(tree, i);
}

static inline JqIsmctsSegment *segment_at(const JqIsmctsTree *tree,
                                          uint32_t i) {
  return (JqIsmctsSegment *)(void *)(tree->words + i);
}

static inline JqIsmctsEdge *segment_edges(const JqIsmctsTree *tree,
                                          uint32_t i) {
  return (JqIsmctsEdge *)(void *)(tree->words + i + 2);
}

/* A node made from nothing; JQ_ISMCTS_NO_NODE when there is no room. */
static uint32_t new_node(JqIsmctsTree *tree, JqMove move, uint8_t mover) {
  if (jq_ismcts_tree_full(tree))
    return JQ_ISMCTS_NO_NODE;
  uint32_t index = tree->used;
  tree->used += JQ_ISMCTS_NODE_WORDS;
  JqIsmctsNode *n = node_at(tree, index);
  memset(n, 0, sizeof *n);
  n->move = move;
  n->mover = mover;
  return index;
}

/* How many edges a new segment may have, at most `wanted`. */
static uint32_t room_for_edges(const JqIsmctsTree *tree, uint32_t wanted) {
  uint32_t left = tree->capacity - tree->used;
  if (left < jq_ismcts_segment_words(1))
    return 0;
  /* (left is even: rounding the words up to even still fits) */
  uint32_t fit = (uint32_t)((uint64_t)(left - 2) * 4 / 10);
  return fit < wanted ? fit : wanted;
}

/* A segment of `count` edges (room checked by the caller) put before the
 * node's others; returns its first edge, to be filled in. */
static JqIsmctsEdge *new_segment(JqIsmctsTree *tree, uint32_t parent,
                                 uint32_t count) {
  uint32_t index = tree->used;
  tree->used += jq_ismcts_segment_words(count);
  JqIsmctsSegment *head = segment_at(tree, index);
  JqIsmctsNode *p = node_at(tree, parent);
  head->next = p->edges;
  head->count = count;
  p->edges = index;
  return segment_edges(tree, index);
}

void jq_ismcts_tree_reset(JqIsmctsTree *tree, JqColor root_mover) {
  tree->used = JQ_ISMCTS_FIRST_WORD; /* word 0 stays "no node" */
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

uint32_t jq_ismcts_tree_make(JqIsmctsTree *tree, uint32_t parent,
                             JqIsmctsEdge *e) {
  if (e->made)
    return e->to;
  uint32_t c =
      new_node(tree, e->move, (uint8_t)(node_at(tree, parent)->mover ^ 1));
  if (!c)
    return JQ_ISMCTS_NO_NODE;
  node_at(tree, c)->avail = e->to;
  e->to = c;
  e->made = 1;
  return c;
}

JqIsmctsEdge *jq_ismcts_tree_edge(const JqIsmctsTree *tree, uint32_t parent,
                                  JqMove move) {
  JqIsmctsCursor cur;
  for (JqIsmctsEdge *e = jq_ismcts_first_edge(tree, parent, &cur); e;
       e = jq_ismcts_next_edge(tree, &cur))
    if (e->move == move)
      return e;
  return NULL;
}

/* Makes a child of parent for move m, available once already (its edge
 * and its node); JQ_ISMCTS_NO_NODE when they do not fit. */
static uint32_t add_child(JqIsmctsTree *tree, uint32_t parent, JqMove m) {
  if (tree->capacity - tree->used <
      jq_ismcts_segment_words(1) + JQ_ISMCTS_NODE_WORDS)
    return JQ_ISMCTS_NO_NODE;
  JqIsmctsEdge *e = new_segment(tree, parent, 1);
  e->move = m;
  e->made = 0;
  e->weight = 0.0f;
  e->to = 1;
  return jq_ismcts_tree_make(tree, parent, e);
}

/* A child's worth to its mover: its mean result. */
static inline double worth(const JqIsmctsNode *n) {
  return n->value / n->visits;
}

/* Is the edge's child a proven win that mates sooner than `best` (NULL:
 * none yet)? The shortest, so that a won game is not dragged on or let
 * slip. */
static inline bool shorter_win(const JqIsmctsTree *tree, const JqIsmctsEdge *e,
                               const JqIsmctsNode *best) {
  if (!e->made)
    return false;
  const JqIsmctsNode *n = node_at(tree, e->to);
  return n->proof > 0 && (!best || n->plies < best->plies);
}

/* One availability more for an edge's child. */
static inline void count_avail(JqIsmctsTree *tree, JqIsmctsEdge *e) {
  if (e->made)
    node_at(tree, e->to)->avail++;
  else
    e->to++;
}

/* The PUCT score's choice among the children of parent available in this
 * step (stamped in legal_mark, or all of them); with `made_only` among
 * those that have a node already. NULL when none. */
static JqIsmctsEdge *puct_edge(JqIsmctsTree *tree, uint32_t parent,
                               const JqIsmctsSelectParams *params,
                               uint32_t stamp, bool all, bool made_only) {
  JqIsmctsCursor cur;
  double total = 0.0;
  for (JqIsmctsEdge *e = jq_ismcts_first_edge(tree, parent, &cur); e;
       e = jq_ismcts_next_edge(tree, &cur))
    if (all || tree->legal_mark[e->move] == stamp)
      total += e->weight;
  if (total <= 0.0)
    total = 1.0;
  /* An unvisited child is guessed at the parent's worth to the side to
   * move there, less a margin so that tried moves keep their turn. */
  const JqIsmctsNode *p = node_at(tree, parent);
  double base = !p->visits ? 0.5 : worth(p);
  double first = 1.0 - base - params->first_play;
  double scale = params->prior / total;
  JqIsmctsEdge *best = NULL;
  double best_score = -1e300;
  for (JqIsmctsEdge *e = jq_ismcts_first_edge(tree, parent, &cur); e;
       e = jq_ismcts_next_edge(tree, &cur)) {
    if (!all && tree->legal_mark[e->move] != stamp)
      continue;
    if (made_only && !e->made)
      continue;
    const JqIsmctsNode *n = e->made ? node_at(tree, e->to) : NULL;
    uint32_t visits = n ? n->visits : 0;
    uint32_t avail = n ? n->avail : e->to;
    double q = visits ? worth(n) : first;
    double score = q + scale * e->weight * sqrt((double)avail) / (1.0 + visits);
    if (score > best_score) {
      best_score = score;
      best = e;
    }
  }
  return best;
}

/* puct_edge's choice with its node, made now if it has none; when there is
 * no room for it, the best of the children that have one. */
static uint32_t puct_pick(JqIsmctsTree *tree, uint32_t parent,
                          const JqIsmctsSelectParams *params, uint32_t stamp,
                          bool all, bool *expanded) {
  JqIsmctsEdge *e = puct_edge(tree, parent, params, stamp, all, false);
  uint32_t best = e ? jq_ismcts_tree_make(tree, parent, e) : JQ_ISMCTS_NO_NODE;
  if (e && !best) {
    e = puct_edge(tree, parent, params, stamp, all, true);
    best = e ? e->to : JQ_ISMCTS_NO_NODE;
  }
  *expanded = best && node_at(tree, best)->visits == 0;
  return best;
}

/* PUCT over the available children of parent, after making an edge for
 * every legal move without one (stamped in child_mark as available). */
static uint32_t select_puct(JqIsmctsTree *tree, uint32_t parent,
                            const JqMoveList *legal, uint32_t stamp,
                            int available, const JqIsmctsSelectParams *params,
                            JqIsmctsWeighFunc weigh, void *weigh_data,
                            bool *expanded) {
  if (available < legal->count) {
    /* One segment for the missing moves, as many as fit, in the reverse of
     * their order in `legal`: the walk goes newest first, as when each
     * child was put before the older ones, and its order decides between
     * equal scores. */
    uint32_t missing = (uint32_t)(legal->count - available);
    uint32_t count = room_for_edges(tree, missing);
    if (count > 0) {
      JqIsmctsEdge *edges = new_segment(tree, parent, count);
      uint32_t k = 0;
      for (int i = 0; k < count && i < legal->count; i++) {
        JqMove m = legal->moves[i];
        if (tree->child_mark[m] == stamp)
          continue;
        JqIsmctsEdge *e = &edges[count - 1 - k++];
        e->move = m;
        e->made = 0;
        e->weight = weigh(weigh_data, m);
        e->to = 1; /* available once already */
        tree->child_mark[m] = stamp;
      }
      available += (int)count;
    }
  }
  if (available == legal->count)
    node_at(tree, parent)->complete = 1;
  return puct_pick(tree, parent, params, stamp, false, expanded);
}

/* Room for a child made alone: its segment and its node. */
static inline bool room_for_child(const JqIsmctsTree *tree) {
  return tree->capacity - tree->used >=
         jq_ismcts_segment_words(1) + JQ_ISMCTS_NODE_WORDS;
}

uint32_t jq_ismcts_tree_select(JqIsmctsTree *tree, uint32_t parent,
                               const JqMoveList *legal, int ordered,
                               const JqIsmctsSelectParams *params,
                               JqIsmctsWeighFunc weigh, void *weigh_data,
                               JqRng *rng, bool *expanded) {
  double exploration = params->exploration;
  *expanded = false;
  uint32_t stamp = next_stamp(tree);
  for (int i = 0; i < legal->count; i++)
    tree->legal_mark[legal->moves[i]] = stamp;

  if (node_at(tree, parent)->moves == 0)
    node_at(tree, parent)->moves =
        (uint8_t)(legal->count < 255 ? legal->count : 255);

  /* Availability first: a child legal here was selectable this time,
   * whether or not it is the one chosen. */
  int available = 0;
  const JqIsmctsNode *decisive = NULL;
  uint32_t decisive_index = JQ_ISMCTS_NO_NODE;
  JqIsmctsCursor cur;
  for (JqIsmctsEdge *e = jq_ismcts_first_edge(tree, parent, &cur); e;
       e = jq_ismcts_next_edge(tree, &cur)) {
    tree->child_mark[e->move] = stamp;
    if (tree->legal_mark[e->move] == stamp) {
      count_avail(tree, e);
      available++;
      if (shorter_win(tree, e, decisive)) {
        decisive_index = e->to;
        decisive = node_at(tree, e->to);
      }
    }
  }
  if (decisive_index)
    return decisive_index;
  if (params->prior > 0 && weigh)
    return select_puct(tree, parent, legal, stamp, available, params, weigh,
                       weigh_data, expanded);

  if (available < legal->count && room_for_child(tree)) {
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

  JqIsmctsEdge *best = NULL;
  double best_score = -1.0;
  for (JqIsmctsEdge *e = jq_ismcts_first_edge(tree, parent, &cur); e;
       e = jq_ismcts_next_edge(tree, &cur)) {
    if (tree->legal_mark[e->move] != stamp)
      continue;
    uint32_t visits = jq_ismcts_edge_visits(tree, e);
    double score;
    if (visits == 0) {
      /* Only after a stop mid-iteration, or an edge made with priors on
       * in an earlier search: try it first, if it can have its node. */
      if (!e->made && jq_ismcts_tree_full(tree))
        continue;
      score = 1e9;
    } else {
      const JqIsmctsNode *n = node_at(tree, e->to);
      score = worth(n) + exploration * sqrt(log_count(n->avail) / n->visits);
    }
    if (score > best_score) {
      best_score = score;
      best = e;
    }
  }
  return best ? jq_ismcts_tree_make(tree, parent, best) : JQ_ISMCTS_NO_NODE;
}

uint32_t jq_ismcts_tree_select_complete(JqIsmctsTree *tree, uint32_t parent,
                                        const JqIsmctsSelectParams *params,
                                        bool *expanded) {
  *expanded = false;
  const JqIsmctsNode *decisive = NULL;
  uint32_t decisive_index = JQ_ISMCTS_NO_NODE;
  JqIsmctsCursor cur;
  for (JqIsmctsEdge *e = jq_ismcts_first_edge(tree, parent, &cur); e;
       e = jq_ismcts_next_edge(tree, &cur)) {
    count_avail(tree, e);
    if (shorter_win(tree, e, decisive)) {
      decisive_index = e->to;
      decisive = node_at(tree, e->to);
    }
  }
  if (decisive_index)
    return decisive_index;
  return puct_pick(tree, parent, params, 0, true, expanded);
}

uint32_t jq_ismcts_tree_select_move(JqIsmctsTree *tree, uint32_t parent,
                                    JqMove move) {
  const JqIsmctsEdge *chosen = jq_ismcts_tree_edge(tree, parent, move);
  if (!chosen || !chosen->made)
    return JQ_ISMCTS_NO_NODE;
  uint32_t child = chosen->to;
  JqIsmctsCursor cur;
  for (JqIsmctsEdge *e = jq_ismcts_first_edge(tree, parent, &cur); e;
       e = jq_ismcts_next_edge(tree, &cur))
    count_avail(tree, e);
  return child;
}

uint32_t jq_ismcts_tree_outcome(JqIsmctsTree *tree, uint32_t parent,
                                JqPieceType identity) {
  JqMove key = (JqMove)(JQ_ISMCTS_OUTCOME | (unsigned)identity);
  JqIsmctsEdge *found = jq_ismcts_tree_edge(tree, parent, key);
  if (found)
    return found->to;
  if (!room_for_child(tree))
    return JQ_ISMCTS_NO_NODE;
  JqIsmctsEdge *e = new_segment(tree, parent, 1);
  e->move = key;
  e->made = 1;
  e->weight = 0.0f;
  e->to = new_node(tree, key, node_at(tree, parent)->mover);
  return e->to;
}

void jq_ismcts_tree_backup(JqIsmctsTree *tree, const uint32_t *path, int length,
                           JqColor leaf_side, double result) {
  for (int i = 0; i < length; i++) {
    JqIsmctsNode *n = node_at(tree, path[i]);
    n->visits++;
    n->value += n->mover == leaf_side ? result : 1.0 - result;
  }
}

static uint8_t ply_after(unsigned plies) {
  return (uint8_t)(plies < 255 ? plies + 1 : 255);
}

/* A reveal's proof from its outcomes': the mover's result when every
 * identity in `possible` turned up as proven the same way, else 0. The
 * outcome is chance's, so *plies is the worst case for the mover: the
 * longest of the wins, the shortest of the losses. */
static int8_t reveal_proof(const JqIsmctsTree *tree, uint32_t reveal,
                           unsigned possible, uint8_t *plies) {
  unsigned won = 0, lost = 0;
  unsigned longest = 0, shortest = 255;
  JqIsmctsCursor cur;
  for (JqIsmctsEdge *e = jq_ismcts_first_edge(tree, reveal, &cur); e;
       e = jq_ismcts_next_edge(tree, &cur)) {
    const JqIsmctsNode *o = node_at(tree, e->to);
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
    JqIsmctsNode *parent = node_at(tree, path[i - 1]);
    if (jq_ismcts_is_outcome(node_at(tree, path[i]))) {
      /* The mover of a reveal is the mover of its outcomes. */
      uint8_t plies = 0;
      int8_t proof = outcomes ? reveal_proof(tree, path[i - 1],
                                             outcomes[parent->mover], &plies)
                              : 0;
      if (!proof || (parent->proof == proof && parent->plies == plies))
        return;
      parent->proof = proof;
      parent->plies = plies;
      continue;
    }
    /* Lost for the mover when the side to move has a winning reply (it
     * takes the shortest); won when every reply is lost (the longest). A
     * child without a node is unproven. */
    int children = 0, won = 0, lost = 0;
    unsigned fastest = 255, slowest = 0;
    JqIsmctsCursor cur;
    for (JqIsmctsEdge *e = jq_ismcts_first_edge(tree, path[i - 1], &cur); e;
         e = jq_ismcts_next_edge(tree, &cur)) {
      children++;
      if (!e->made)
        continue;
      const JqIsmctsNode *n = node_at(tree, e->to);
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
  JqIsmctsCursor cur;
  for (JqIsmctsEdge *e = jq_ismcts_first_edge(tree, parent, &cur); e;
       e = jq_ismcts_next_edge(tree, &cur)) {
    if (!e->made)
      continue;
    const JqIsmctsNode *n = node_at(tree, e->to);
    if (n->visits == 0)
      continue;
    if (!best || better_choice(n, node_at(tree, best)))
      best = e->to;
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
    if (!jq_ismcts_is_outcome(node_at(tree, c)))
      line[len++] = node_at(tree, c)->move;
    node = c;
  }
  return len;
}

/* ---- keeping a subtree ---- */

/* Copies the subtree of `from` to the free end of the pool, its links
 * written `shift` words lower (where the copy is to be moved); returns
 * where the copy's node is until then, JQ_ISMCTS_NO_NODE when the pool has
 * no room left. Segments keep their order, and so do edges. */
static uint32_t copy_subtree(JqIsmctsTree *tree, uint32_t from,
                             uint32_t shift) {
  uint32_t to = new_node(tree, 0, 0);
  if (!to)
    return JQ_ISMCTS_NO_NODE;
  *node_at(tree, to) = *node_at(tree, from);
  node_at(tree, to)->edges = 0;
  /* (The pool never moves while it is being written to, so a pointer to
   * the last link stays good.) */
  uint32_t *link = &node_at(tree, to)->edges;
  for (uint32_t seg = node_at(tree, from)->edges; seg;
       seg = segment_at(tree, seg)->next) {
    uint32_t count = segment_at(tree, seg)->count;
    uint32_t words = jq_ismcts_segment_words(count);
    if (tree->capacity - tree->used < words)
      return JQ_ISMCTS_NO_NODE;
    uint32_t copy = tree->used;
    tree->used += words;
    memcpy(tree->words + copy, tree->words + seg, words * sizeof(uint32_t));
    segment_at(tree, copy)->next = 0;
    *link = copy - shift;
    link = &segment_at(tree, copy)->next;
    JqIsmctsEdge *edges = segment_edges(tree, copy);
    for (uint32_t k = 0; k < count; k++) {
      if (!edges[k].made)
        continue;
      uint32_t child = copy_subtree(tree, edges[k].to, shift);
      if (!child)
        return JQ_ISMCTS_NO_NODE;
      edges[k].to = child - shift;
    }
  }
  return to;
}

bool jq_ismcts_tree_keep(JqIsmctsTree *tree, uint32_t node) {
  if (tree->used <= tree->capacity / 2) {
    tree->root = node;
    return true;
  }
  uint32_t start = tree->used;
  uint32_t shift = start - JQ_ISMCTS_FIRST_WORD;
  if (!copy_subtree(tree, node, shift)) {
    tree->used = start;
    return false;
  }
  uint32_t words = tree->used - start;
  memmove(tree->words + JQ_ISMCTS_FIRST_WORD, tree->words + start,
          (size_t)words * sizeof(uint32_t));
  tree->used = JQ_ISMCTS_FIRST_WORD + words;
  tree->root = JQ_ISMCTS_FIRST_WORD;
  return true;
}
