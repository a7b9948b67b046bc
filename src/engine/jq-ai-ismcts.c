/* The "ismcts" AI: single-observer information-set Monte Carlo tree search
 * (Cowling, Powley and Whitehouse 2012) over the player's view. Every
 * iteration draws a deal consistent with the view, walks the tree of the
 * player's information sets choosing among the moves legal in that deal
 * (UCB1 with availability counts), adds one node, values the leaf and
 * backs the result up. In xiangqi there is nothing to deal: plain MCTS.
 *
 * A reveal is seen by both players, so below a move that turns a piece up
 * the tree branches on the identity it turned up as (Outcomes): what
 * follows may depend on it, while the choice of the move itself cannot.
 *
 * Additions that make it play better on a small budget: selection is PUCT
 * over priors (Prior), a softmax of a cheap guess at what each move gains
 * in which captures and checks stand out, so the tree grows deep along
 * forcing lines instead of trying every move once (with Prior=0, UCB1,
 * and a node tries its captures, best victim first, before its quiet
 * moves); mates are proven (the solver of the tree module), through
 * reveals when every identity the piece may turn up as is proven alike, so
 * a forced mate is played as soon as it is seen and a move seen to be
 * mated is not played; a mate in one by a revealed piece is looked for as
 * a node's moves are weighed and taken at once, so a move that allows one
 * is refuted on the second visit of its node, however low the priors rank
 * the mating move; and the subtree of the moves played since the last
 * search is kept (Reuse). Leaves are valued (Leaf: a capture probe by
 * default; jq-ismcts-leaf.h) against half the root's score (Center), so
 * that far ahead or far behind the logistic does not flatten the
 * differences between moves away, and a draw is worth a level score, not
 * an even chance. The final move may be chosen by sequential halving among
 * the K most visited root moves after a warm-up (Halving=K, off;
 * jq-ismcts-halving.h): the rest of the budget split evenly among them in
 * rounds, the worse half by mean dropping out after each, so that the move
 * played is the best of a few well-sampled ones, not PUCT's most visited.
 * It needs a budget (iterations, movetime or the clock; not infinite, not
 * pondering); with Threads, worker 0 alone decides, from its own tree, and
 * alone is forced, the others' trees only adding to the report.
 * A short alpha-beta search of the view (Hint, a percentage of the move's
 * time or, under an iteration budget, as many nodes as that share would
 * give it) may name a root move first, which then gets at least half the
 * root's prior weight: the two searches see different things, the
 * alpha-beta deep quiet lines, the tree the reveals. Under Overrule the
 * hint's move is played unless the tree's evidence against it is clear
 * (jq-ismcts-overrule.h); by default Hint=90 and Overrule=100, the
 * alpha-beta's move unless the tree proves otherwise. (Options measured
 * without gain were removed in session 18: docs/benchmarks.md.)
 * A node the iterations
 * have gone through often enough (PriorVisits) may have its children's
 * priors set again from what the alpha-beta's quiescence (or a search of
 * PriorDepth) makes of each move on the player's knowledge, a softmax at
 * PriorTemp centipawns mixed with the static guess by PriorMix; off by
 * default, having measured no better.
 * A node's children are compact edges until each is first selected (the
 * tree module), so a pool holds about three times the iterations it did
 * when every legal move got a node at once. When the pool is full the
 * tree stops growing: a child without a node is passed over for the best
 * one with a node, and the iterations go on through the tree, valuing the
 * leaves they reach again. The kept subtree (Reuse) of a pool over half
 * used is copied to its start and the rest freed; a tree whose kept part
 * does not fit in what is left of the pool starts afresh.
 *
 * Limits: nodes counts iterations; depth N stands for N * 1000 iterations
 * (the tree has no depth to stop at); movetime, the clock, infinite and the
 * stop flag as for the alpha-beta AI. Skill Level (or UCI_Elo) below full
 * strength caps the iterations. Threads build independent trees (root
 * parallelism) whose root visits are summed at the end. */
#include "jq-ai-ismcts.h"

#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "jq-ai-options.h"
#include "jq-ai-private.h"
#include "jq-clock.h"
#include "jq-determinize.h"
#include "jq-eval.h"
#include "jq-ismcts-halving.h"
#include "jq-ismcts-leaf.h"
#include "jq-ismcts-overrule.h"
#include "jq-judge.h"
#include "jq-movegen.h"
#include "jq-search.h"
#include "jq-time.h"

#define MAX_THREADS 64
/* Deeper than any useful line; keeps the working position's undo stack
 * (with the view's history trimmed to HISTORY_KEEP) far from its end. */
#define MAX_TREE_DEPTH 400
#define MAX_PLAYOUT_PLIES 200
/* Repetition looks back to the last capture, which the natural limit keeps
 * within 120 plies: the rest of a long game's history is not needed. */
#define HISTORY_KEEP 256
#define ITERATIONS_PER_DEPTH 1000
#define REPORT_MS 100
/* Each worker's alpha-beta search (the hint, PriorVisits) has a table of
 * its own, beside the tree. */
#define LEAF_SEARCH_MB 8
#define MAX_LEAF_DEPTH 6 /* PriorDepth's */

typedef struct Ismcts Ismcts;

typedef struct {
  Ismcts *owner;
  int id;
  JqIsmctsTree tree;
  JqPosition pos; /* the working position: the view plus the moves made */
  JqIsmctsWorld world;
  JqRng rng;
  /* The alpha-beta search of the view (Hint) and of the refined priors
   * (PriorVisits), with a table of its own. */
  JqSearch *search;
  bool search_used;        /* since it was last cleared */
  uint64_t prior_searches; /* moves valued by PriorVisits, this think */
  uint32_t path[2 * MAX_TREE_DEPTH + 2]; /* moves and reveal outcomes */
  /* Whether a point is attacked, by colour, in the position whose moves
   * are being weighed (0 not yet known, 1 no, 2 yes): many of a node's
   * moves share a point, and an attack test costs as much as the rest of
   * a move's weighing. Keyed by the position's hash. */
  uint64_t attack_key;
  uint8_t attack[2][JQ_SQUARES];
  /* A move found to mate while the children of a node were weighed: the
   * selection takes it at once. */
  JqMove mate;
  /* The alpha-beta's choice at the root (Hint), to be given its weight
   * once the root has its children; JQ_MOVE_NONE when done or none. */
  JqMove hint;
  /* Halving: the root move this iteration must take (worker 0 only),
   * JQ_MOVE_NONE to select as usual. */
  JqMove force;
  /* The root of the last search, to carry its subtree over to the next. */
  bool has_root;
  int root_history_len;
  uint64_t root_hash;
} Worker;

struct Ismcts {
  JqAi base;
  /* Options. */
  uint64_t seed;
  JqIsmctsSelectParams select; /* Exploration, Prior, FirstPlay */
  JqIsmctsLeaf leaf;
  int playout_plies;
  long hash_mb;
  int threads;
  Worker *workers[MAX_THREADS];
  /* The search in progress. */
  bool order;    /* captures expanded first */
  bool outcomes; /* a reveal's continuations depend on what it revealed */
  bool reuse;    /* keep the subtree of the moves since the last search */
  double center; /* share of the root's score the leaves are set against */
  /* Sequential halving at the root among this many candidates (Halving;
   * below 2: off). In the search: whether it runs, by time or by
   * iterations, its marks (the warm-up's end, then each round's) and its
   * state, all worker 0's. */
  int halving_k;
  bool halving_on;
  bool halving_timed;
  uint64_t halving_mark[JQ_ISMCTS_HALVING_ROUNDS + 1];
  JqIsmctsHalving halving;
  double hint_share; /* of the move's time for the alpha-beta's root hint */
  /* Overrule: the hint's move is played unless the tree's evidence
   * against it is clear, this margin of the mean (0: off, the tree's own
   * choice; jq-ismcts-overrule.h). */
  double overrule;
  /* PriorVisits: a node visited this often has its children's priors set
   * again from the evaluation (0: never); by a search of prior_depth (0:
   * quiescence), a softmax at prior_temperature centipawns, mixed with
   * the static weights by prior_mix (1: the evaluation alone). */
  uint32_t prior_visits;
  int prior_depth;
  double prior_temperature;
  double prior_mix;
  /* PriorReveals: a hidden mover valued by each identity (0), once unless
   * it captures (1), once (2); see refine_value. */
  int prior_reveals;
  JqMove hint_move; /* the hint's move, once searched */
  /* The hint search's last report: a GUI sees it while the hint runs,
   * and it stands for the move when the tree plays the hint's move. */
  JqProgress hint_report;
  bool has_hint_report;
  int skill; /* 0..20; below 20 caps the iterations */
  bool limit_strength;
  int elo; /* with limit_strength: the skill is (elo - 800) / 100 */
  JqLimits limits;
  JqMoveList root_moves;
  int root_ordered;
  /* By colour, the identities a hidden piece may turn up as (bit per
   * type): the view's pools, which hold those of any deal below it. */
  uint8_t outcome_types[2];
  atomic_bool *stop_request;
  atomic_bool abort_search;
  JqClock clock;           /* armed by prepare, else started by think */
  int64_t budget_ms;       /* 0 = no time limit */
  uint64_t max_iterations; /* 0 = none */
  atomic_uint_fast64_t total_iterations;
  JqProgressFunc progress;
  void *progress_data;
  int64_t last_report_ms;
};

/* ---- workers ---- */

static void free_workers(Worker **workers) {
  for (int i = 0; i < MAX_THREADS; i++) {
    if (workers[i]) {
      jq_ismcts_tree_free(&workers[i]->tree);
      jq_search_free(workers[i]->search);
      free(workers[i]);
      workers[i] = NULL;
    }
  }
}

/* Allocates `threads` workers sharing `hash_mb` of node pool; on failure
 * the old workers stay as they were. */
static bool make_workers(Ismcts *s, long hash_mb, int threads) {
  Worker *fresh[MAX_THREADS] = {NULL};
  size_t bytes = (size_t)hash_mb * 1024 * 1024 / (size_t)threads;
  for (int i = 0; i < threads; i++) {
    fresh[i] = calloc(1, sizeof(Worker));
    if (fresh[i])
      fresh[i]->search = jq_search_new_sized(LEAF_SEARCH_MB);
    if (!fresh[i] || !fresh[i]->search ||
        !jq_search_reserve(fresh[i]->search) ||
        !jq_ismcts_tree_init(&fresh[i]->tree, bytes)) {
      free_workers(fresh);
      return false;
    }
    fresh[i]->owner = s;
    fresh[i]->id = i;
  }
  free_workers(s->workers);
  memcpy(s->workers, fresh, sizeof fresh);
  s->hash_mb = hash_mb;
  s->threads = threads;
  return true;
}

/* ---- one iteration ---- */

/* Draw, repetition verdict or the natural limit at a tree node: true with
 * the result for the side to move. (No legal move is tested apart.) */
static bool drawn_or_decided(JqPosition *pos, const JqIsmctsWorld *world,
                             double *result) {
  /* A draw is worth a level score: little when the root is far ahead. */
  switch (jq_judge_repetition(pos, 1, NULL)) {
  case JQ_REPETITION_DRAW:
    *result = jq_ismcts_relative_probability(world, (JqColor)pos->side, 0);
    return true;
  case JQ_REPETITION_WIN: *result = 1.0; return true;
  case JQ_REPETITION_LOSS: *result = 0.0; return true;
  case JQ_REPETITION_NONE: break;
  }
  if (pos->halfmove >= jq_position_natural_limit(pos)) {
    *result = jq_ismcts_relative_probability(world, (JqColor)pos->side, 0);
    return true;
  }
  return false;
}

/* Puts the captures first, best victim then cheapest captor first, so a
 * node tries them before the quiet moves; returns how many there are. */
static int captures_first(const JqPosition *pos, JqMoveList *list) {
  int value[JQ_MAX_MOVES];
  int n = 0;
  for (int i = 0; i < list->count; i++) {
    JqMove m = list->moves[i];
    if (!jq_position_is_capture(pos, m))
      continue;
    list->moves[i] = list->moves[n];
    list->moves[n] = m;
    value[n++] = 16 * jq_eval_square_value(pos, jq_move_to(m)) -
                 jq_eval_square_value(pos, jq_move_from(m));
  }
  /* Insertion sort: a handful of captures at most. */
  for (int i = 1; i < n; i++) {
    JqMove m = list->moves[i];
    int v = value[i], k = i;
    for (; k > 0 && value[k - 1] < v; k--) {
      list->moves[k] = list->moves[k - 1];
      value[k] = value[k - 1];
    }
    list->moves[k] = m;
    value[k] = v;
  }
  return n;
}

/* Softmax temperature of the priors, in centipawns of guessed gain. */
#define PRIOR_TEMPERATURE 100.0f
#define PRIOR_CLAMP 1000
/* What a check is guessed to gain: forcing lines are where a shallow tree
 * misses mates, its own and the opponent's. */
#define PRIOR_CHECK 300

/* The prior weight of m in the worker's position: exp(gain / T) for a
 * guess at what it gains without playing it: the victim, less the mover
 * when it lands on an attacked point (half when ours defend it), plus half
 * the mover when it leaves an attacked one, plus the placement hint of a
 * quiet move, plus PRIOR_CHECK for a check (a hidden mover checking as the
 * determinization has it). Hidden pieces count at their pool's value. */
static bool attacked(Worker *w, int sq, JqColor by) {
  if (!w->attack[by][sq])
    w->attack[by][sq] = jq_position_attacked(&w->pos, sq, by) ? 2 : 1;
  return w->attack[by][sq] == 2;
}

/* Does m leave the other side without a legal move? */
static bool gives_mate(Worker *w, JqMove m) {
  jq_ismcts_play(&w->pos, &w->world, m);
  bool mate = !jq_position_has_legal_move(&w->pos);
  jq_position_unmake_move(&w->pos);
  return mate;
}

static float weigh_move(void *data, JqMove m) {
  Worker *w = data;
  const JqPosition *pos = &w->pos;
  if (w->attack_key != pos->hash) {
    w->attack_key = pos->hash;
    memset(w->attack, 0, sizeof w->attack);
  }
  int from = jq_move_from(m), to = jq_move_to(m);
  JqColor us = (JqColor)pos->side, them = jq_color_other(us);
  int mover = jq_eval_square_value(pos, from);
  int victim = jq_eval_square_value(pos, to);
  int gain = victim;
  if (!victim)
    gain += jq_eval_quiet_hint(pos, m);
  if (attacked(w, to, them))
    gain -= victim ? (mover > victim ? mover : 0)
                   : (attacked(w, to, us) ? mover / 2 : mover);
  if (attacked(w, from, them))
    gain += mover / 2;
  if (jq_position_gives_check(pos, m, w->world.deal[from])) {
    gain += PRIOR_CHECK;
    /* A revealed mover's mate is the same in every deal: found here, when
     * the node is first walked through, a mate in one the softmax ranks
     * low (a piece offered to the king) is no longer missed. */
    if (!jq_piece_is_hidden(pos->board[from]) && gives_mate(w, m))
      w->mate = m;
  }
  gain = gain > PRIOR_CLAMP    ? PRIOR_CLAMP
         : gain < -PRIOR_CLAMP ? -PRIOR_CLAMP
                               : gain;
  return expf((float)gain / PRIOR_TEMPERATURE);
}

/* The child node of `parent` keyed `move`, JQ_ISMCTS_NO_NODE when none
 * (or only its edge). */
static uint32_t child_by_move(const JqIsmctsTree *t, uint32_t parent,
                              JqMove move) {
  const JqIsmctsEdge *e = jq_ismcts_tree_edge(t, parent, move);
  return e ? jq_ismcts_edge_node(e) : JQ_ISMCTS_NO_NODE;
}

static double leaf_value(Ismcts *s, Worker *w) {
  return jq_ismcts_leaf_value(&w->pos, &w->world, s->leaf, s->playout_plies,
                              &w->rng);
}

/* Gives the root child of `move` at least half the root's prior weight;
 * false when the root has no such child yet. */
static bool boost_root_move(JqIsmctsTree *t, JqMove move) {
  JqIsmctsEdge *hinted = NULL;
  float others = 0.0f;
  JqIsmctsCursor cur;
  for (JqIsmctsEdge *e = jq_ismcts_first_edge(t, t->root, &cur); e;
       e = jq_ismcts_next_edge(t, &cur))
    if (e->move == move)
      hinted = e;
    else
      others += e->weight;
  if (!hinted)
    return false;
  if (hinted->weight < others)
    hinted->weight = others;
  return true;
}

/* Gives the root child of the alpha-beta's choice (Hint) its weight, once
 * the root has it. */
static void apply_hint(Worker *w) {
  if (boost_root_move(&w->tree, w->hint))
    w->hint = JQ_MOVE_NONE;
}

/* ---- priors from the evaluation (PriorVisits) ---- */

/* Mates and repetition verdicts are clamped to this before the softmax:
 * a move that mates then outweighs every other by far, not infinitely. */
#define REFINE_CLAMP 3000

/* What move m is worth to the side to move in the worker's position by
 * the alpha-beta's quiescence (or a search of s->prior_depth) after it,
 * in centipawns. The working position is what the player knows (the
 * outcomes of the reveals on the way included); the deal is never read,
 * so the weights, shared by every determinization through the node,
 * favour none. A hidden mover is valued by every identity its pool may
 * give it, weighted by the counts (up to six searches a move), or once,
 * by the alpha-beta's representative identity corrected by the material
 * it changes (jq_search_move_value): when it does not capture under
 * PriorReveals=1, always under 2. A capture is where the identity decides
 * most (what stands on the captor's new point), and a quiet reveal is
 * where the start's moves spent the refinement's time (docs/benchmarks.md,
 * session 18). */
static int refine_value(Ismcts *s, Worker *w, JqMove m) {
  JqPosition *pos = &w->pos;
  int from = jq_move_from(m);
  JqColor us = (JqColor)pos->side;
  bool hidden = jq_piece_is_hidden(pos->board[from]);
  bool capture = pos->board[jq_move_to(m)] != 0;
  w->search_used = true;
  if (!hidden || s->prior_reveals == 2 || (s->prior_reveals == 1 && !capture)) {
    w->prior_searches++;
    int v = jq_search_move_value(w->search, pos, m, s->prior_depth);
    return v > REFINE_CLAMP    ? REFINE_CLAMP
           : v < -REFINE_CLAMP ? -REFINE_CLAMP
                               : v;
  }
  long sum = 0;
  int total = 0;
  for (int t = JQ_ADVISOR; t < JQ_TYPE_COUNT; t++) {
    int count = pos->pool[us][t];
    if (!count)
      continue;
    jq_position_make_move(pos, m, (JqReveal){(JqPieceType)t, JQ_NO_TYPE});
    int v = -jq_search_value(w->search, pos, s->prior_depth);
    jq_position_unmake_move(pos);
    w->prior_searches++;
    v = v > REFINE_CLAMP ? REFINE_CLAMP : v < -REFINE_CLAMP ? -REFINE_CLAMP : v;
    sum += (long)count * v;
    total += count;
  }
  return total ? (int)(sum / total) : 0;
}

/* Sets the weights of node's children again from what each move is worth
 * by the evaluation: exp((value - best value) / PriorTemp), mixed in the
 * log with the static weight by PriorMix. Only children whose moves are
 * legal here are valued (`all`: every child is, else those marked by the
 * selection step just made); the rest keep their weights. */
static void refine_priors(Ismcts *s, Worker *w, uint32_t node, bool all) {
  JqIsmctsTree *t = &w->tree;
  int value[JQ_MAX_MOVES];
  JqIsmctsEdge *kids[JQ_MAX_MOVES];
  int n = 0, best = -REFINE_CLAMP;
  jq_ismcts_node(t, node)->refined = 1;
  JqIsmctsCursor cur;
  for (JqIsmctsEdge *e = jq_ismcts_first_edge(t, node, &cur);
       e && n < JQ_MAX_MOVES; e = jq_ismcts_next_edge(t, &cur)) {
    JqMove m = e->move;
    if (jq_ismcts_edge_is_outcome(e))
      return; /* a reveal's children are chance's, not moves */
    if (!all && t->legal_mark[m] != t->stamp)
      continue;
    kids[n] = e;
    value[n] = refine_value(s, w, m);
    if (value[n] > best)
      best = value[n];
    n++;
  }
  for (int i = 0; i < n; i++) {
    JqIsmctsEdge *c = kids[i];
    double refined = (double)(value[i] - best) / s->prior_temperature;
    double heuristic = c->weight > 0 ? log((double)c->weight) : -30.0;
    double mixed = s->prior_mix * refined + (1.0 - s->prior_mix) * heuristic;
    c->weight = (float)exp(mixed < -30.0 ? -30.0 : mixed > 30.0 ? 30.0 : mixed);
  }
  if (node == t->root && s->hint_move)
    boost_root_move(t, s->hint_move);
}

static void iterate(Ismcts *s, Worker *w) {
  JqPosition *pos = &w->pos;
  JqIsmctsTree *tree = &w->tree;
  int base = pos->history_len;
  /* The working position is the view here, so the deal fits its pools. */
  jq_determinize(pos, &w->rng, w->world.deal);

  uint32_t node = tree->root;
  int len = 0;
  w->path[len++] = node;
  double result;
  bool proven = false; /* did this iteration end on a proof? */
  /* Is the position the same in every deal that reaches this node, and so
   * its legal moves and its end, so that the solver may prove mates here?
   * Until a piece is revealed on the way down it is (a captured hidden
   * piece only changes the pools); with outcomes, again below each one. */
  bool exact = true;
  for (int depth = 0;; depth++) {
    JqMoveList legal;
    const JqMoveList *moves = &s->root_moves;
    int ordered = s->root_ordered;
    bool known = false;
    if (depth > 0) {
      int8_t proof = jq_ismcts_node(tree, node)->proof;
      if (proof) { /* the mover has won (+1) or lost (-1) */
        result = proof > 0 ? 0.0 : 1.0;
        proven = true;
        break;
      }
      /* With outcomes, a node's position is the same in every deal that
       * reaches it (hidden pieces move as their points' roles; a reveal
       * is an outcome of its own): once its children cover its moves,
       * they are its moves, and generating them again was nearly half of
       * an iteration's instructions. */
      known = s->outcomes && s->select.prior > 0 &&
              jq_ismcts_node(tree, node)->complete;
    }
    if (known) {
      if (drawn_or_decided(pos, &w->world, &result))
        break;
    } else if (depth > 0) {
      jq_generate_legal(pos, JQ_GEN_ALL, &legal);
      if (legal.count == 0) {
        result = 0.0; /* no legal move loses */
        break;
      }
      if (drawn_or_decided(pos, &w->world, &result))
        break;
      ordered = s->order ? captures_first(pos, &legal) : 0;
      moves = &legal;
    }
    if (depth >= MAX_TREE_DEPTH) {
      result = leaf_value(s, w);
      break;
    }
    bool expanded;
    w->mate = JQ_MOVE_NONE;
    uint32_t child = JQ_ISMCTS_NO_NODE;
    if (depth == 0 && w->force) {
      /* Halving: a candidate, visited in the warm-up, so it has a node. */
      child = jq_ismcts_tree_select_move(tree, node, w->force);
      expanded = false;
    }
    if (!child)
      child =
          known ? jq_ismcts_tree_select_complete(tree, node, &s->select,
                                                 &expanded)
                : jq_ismcts_tree_select(tree, node, moves, ordered, &s->select,
                                        weigh_move, w, &w->rng, &expanded);
    if (w->mate) {
      JqIsmctsEdge *e = jq_ismcts_tree_edge(tree, node, w->mate);
      uint32_t c = e ? jq_ismcts_tree_make(tree, node, e) : JQ_ISMCTS_NO_NODE;
      if (c) {
        child = c;
        expanded = jq_ismcts_node(tree, c)->visits == 0;
      }
    }
    if (depth == 0 && w->hint)
      apply_hint(w);
    if (s->prior_visits && child && !jq_ismcts_node(tree, node)->refined &&
        jq_ismcts_node(tree, node)->visits >= s->prior_visits)
      refine_priors(s, w, node, known);
    if (!child) { /* pool full and nothing here yet: value this node */
      result = leaf_value(s, w);
      break;
    }
    JqMove move = jq_ismcts_node(tree, child)->move;
    int from = jq_move_from(move);
    bool reveal = jq_piece_is_hidden(pos->board[from]);
    if (s->outcomes)
      exact = !reveal; /* a reveal just made: its outcome is yet to come */
    else if (reveal)
      exact = false;
    jq_ismcts_play(pos, &w->world, move);
    node = child;
    w->path[len++] = node;
    if (reveal && !expanded && s->outcomes) {
      /* Go on below what the piece turned up as in this deal. */
      uint32_t outcome =
          jq_ismcts_tree_outcome(tree, node, w->world.deal[from]);
      if (!outcome) {
        result = leaf_value(s, w);
        break;
      }
      node = outcome;
      w->path[len++] = node;
    }
    if (expanded) {
      if (!jq_position_has_legal_move(pos)) {
        result = 0.0;
        if (exact) {
          jq_ismcts_node(tree, node)->proof = 1;
          proven = true;
        }
      } else if (!drawn_or_decided(pos, &w->world, &result))
        result = leaf_value(s, w);
      break;
    }
  }
  jq_ismcts_tree_backup(tree, w->path, len, (JqColor)pos->side, result);
  if (proven)
    jq_ismcts_tree_prove(tree, w->path, len,
                         s->outcomes ? s->outcome_types : NULL);
  while (pos->history_len > base)
    jq_position_unmake_move(pos);
}

/* ---- limits and reports ---- */

static void plan_time(Ismcts *s, JqColor us) {
  int64_t hard;
  s->budget_ms = 0;
  if (!s->limits.infinite)
    jq_time_plan(&s->limits, us, &s->budget_ms, &hard);
}

static uint64_t iterations_done(const Ismcts *s) {
  return atomic_load_explicit(&s->total_iterations, memory_order_relaxed);
}

/* Root children of every worker's tree summed by move: the final choice.
 * A proof from any tree holds for all (it does not depend on a deal). */
typedef JqIsmctsRootTotal RootTotal;

static int add_roots(const JqIsmctsTree *t, RootTotal *totals, int n) {
  JqIsmctsCursor cur;
  for (JqIsmctsEdge *e = jq_ismcts_first_edge(t, t->root, &cur); e;
       e = jq_ismcts_next_edge(t, &cur)) {
    int k = 0;
    while (k < n && totals[k].move != e->move)
      k++;
    if (k == n && n == JQ_MAX_MOVES)
      continue;
    if (k == n)
      totals[n++] = (RootTotal){e->move, 0, 255, 0, 0.0};
    if (!e->made)
      continue; /* never visited */
    const JqIsmctsNode *node = jq_ismcts_node(t, e->to);
    totals[k].visits += node->visits;
    totals[k].value += node->value;
    if (node->proof) {
      totals[k].proof = node->proof;
      if (node->plies < totals[k].plies)
        totals[k].plies = node->plies;
    }
  }
  return n;
}

/* Proven win first (the quickest), proven loss last (the slowest), else
 * most visited, then best mean. */
static int best_total(const RootTotal *totals, int n) {
  int best = -1;
  for (int k = 0; k < n; k++) {
    const RootTotal *a = &totals[k];
    if (a->visits == 0)
      continue;
    if (best < 0) {
      best = k;
      continue;
    }
    const RootTotal *b = &totals[best];
    if (a->proof != b->proof ? a->proof > b->proof
        : a->proof && a->plies != b->plies
            ? (a->proof > 0 ? a->plies < b->plies : a->plies > b->plies)
        : a->visits != b->visits ? a->visits > b->visits
                                 : a->value > b->value)
      best = k;
  }
  return best;
}

/* The most visited line of worker 0's tree that starts with `first`. */
static int line_from(const Ismcts *s, JqMove first, JqMove *line, int max) {
  const JqIsmctsTree *t = &s->workers[0]->tree;
  line[0] = first;
  int len = 1;
  uint32_t node = child_by_move(t, t->root, first);
  while (node && len < max) {
    node = jq_ismcts_tree_best_child(t, node);
    if (!node)
      break;
    if (!jq_ismcts_is_outcome(jq_ismcts_node(t, node)))
      line[len++] = jq_ismcts_node(t, node)->move;
  }
  return len;
}

/* The hint's nodes count with the iterations. When the move is the
 * hint's, the hint's depth, score and line are the report's: the move is
 * the alpha-beta's, and else a GUI would see the depth fall from the
 * hint's to the tree's line and a score from a handful of iterations.
 * The iterations and visit share stay the tree's. */
static void with_hint_report(const Ismcts *s, JqMove move, JqProgress *p) {
  const JqProgress *h = &s->hint_report;
  p->nodes = h->nodes + p->iterations;
  p->nps =
      p->time_ms > 0 ? p->nodes * 1000 / (uint64_t)p->time_ms : p->nodes * 1000;
  if (move != s->hint_move || h->pv_len < 1 || h->pv[0] != move)
    return;
  p->depth = h->depth;
  p->seldepth = h->seldepth > h->depth ? h->seldepth : h->depth;
  p->score = h->score;
  p->value = jq_ismcts_win_probability(h->score);
  p->pv_len = h->pv_len;
  memcpy(p->pv, h->pv, (size_t)h->pv_len * sizeof p->pv[0]);
}

/* Fills a report from the trees. With `merged` every worker's root counts
 * (only safe once they have stopped); else worker 0's tree alone. Returns
 * the best move, JQ_MOVE_NONE before any iteration. */
static JqMove describe(Ismcts *s, bool merged, JqProgress *p) {
  memset(p, 0, sizeof *p);
  RootTotal totals[JQ_MAX_MOVES];
  int n = 0;
  for (int i = 0; i < (merged ? s->threads : 1); i++)
    n = add_roots(&s->workers[i]->tree, totals, n);
  uint64_t root_visits = 0;
  for (int k = 0; k < n; k++)
    root_visits += totals[k].visits;
  int best = best_total(totals, n);
  /* Halving: its leader (at the end, the survivor) is the move, unless
   * the totals hold a proven win or it is proven lost and they are not. */
  JqMove lead = s->halving_on ? jq_ismcts_halving_leader(&s->halving,
                                                         &s->workers[0]->tree)
                              : JQ_MOVE_NONE;
  if (lead && best >= 0 && totals[best].proof <= 0) {
    for (int k = 0; k < n; k++)
      if (totals[k].move == lead && totals[k].visits > 0 &&
          (totals[k].proof >= 0 || totals[best].proof < 0))
        best = k;
  }
  best = jq_ismcts_overrule(totals, n, best, s->hint_move, s->overrule);
  uint64_t iterations = iterations_done(s);
  int64_t elapsed = jq_clock_elapsed_ms(&s->clock);
  p->iterations = iterations;
  p->nodes = iterations;
  p->time_ms = (int)elapsed;
  p->nps =
      elapsed > 0 ? iterations * 1000 / (uint64_t)elapsed : iterations * 1000;
  const JqIsmctsTree *t0 = &s->workers[0]->tree;
  p->hashfull = jq_ismcts_tree_hashfull(t0);
  p->multipv = 1;
  if (best < 0)
    return JQ_MOVE_NONE;
  p->visit_share = (double)totals[best].visits / (double)root_visits;
  p->value = totals[best].value / (double)totals[best].visits;
  if (totals[best].proof) /* a proof is certain, whatever the mean says */
    p->value = totals[best].proof > 0 ? 1.0 : 0.0;
  p->score = jq_ismcts_centipawns(p->value);
  if (!totals[best].proof && s->workers[0]->world.offset) {
    /* Leaves were valued against the root's offset: report what it
     * stands for, in centipawns and as a chance. */
    p->score += s->workers[0]->world.offset;
    p->value = jq_ismcts_win_probability(p->score);
  }
  p->pv_len = line_from(s, totals[best].move, p->pv, JQ_MAX_PV);
  p->depth = p->pv_len;
  p->seldepth = p->pv_len;
  if (s->has_hint_report)
    with_hint_report(s, totals[best].move, p);
  return totals[best].move;
}

static bool root_won(const JqIsmctsTree *t) {
  JqIsmctsCursor cur;
  for (JqIsmctsEdge *e = jq_ismcts_first_edge(t, t->root, &cur); e;
       e = jq_ismcts_next_edge(t, &cur))
    if (e->made && jq_ismcts_node(t, e->to)->proof > 0)
      return true;
  return false;
}

/* Called by worker 0 between iterations: should the search end? Sends a
 * report every REPORT_MS on the way. */
static bool time_to_stop(Ismcts *s) {
  if (s->stop_request && atomic_load(s->stop_request))
    return true;
  int64_t now = jq_clock_now_ms();
  if (s->progress && now - s->last_report_ms >= REPORT_MS) {
    s->last_report_ms = now;
    JqProgress p;
    describe(s, false, &p);
    s->progress(&p, s->progress_data);
  }
  if (jq_clock_pondering(&s->clock) || s->limits.infinite)
    return false;
  if (root_won(&s->workers[0]->tree))
    return true; /* a proven mate: more thought changes nothing */
  return s->budget_ms && jq_clock_elapsed_ms(&s->clock) >= s->budget_ms;
}

/* Halving, by worker 0 before each of its iterations (`done` of all the
 * workers' before it): ends the warm-up or a round when its mark is
 * passed, and returns the root move the iteration must take. */
static JqMove halving_step(Ismcts *s, Worker *w, uint64_t done) {
  JqIsmctsHalving *h = &s->halving;
  uint64_t at =
      s->halving_timed ? (uint64_t)jq_clock_elapsed_ms(&s->clock) : done;
  while (h->round + (h->count > 0) <= h->rounds &&
         at >= s->halving_mark[h->count ? h->round + 1 : 0]) {
    if (h->count) {
      jq_ismcts_halving_cut(h, &w->tree);
    } else if (!jq_ismcts_halving_begin(h, &w->tree, s->halving_k)) {
      s->halving_on = false; /* fewer than two moves tried */
      return JQ_MOVE_NONE;
    } else {
      /* The rounds split what is left from the warm-up's mark on. */
      uint64_t warm = s->halving_mark[0];
      uint64_t end = s->halving_mark[JQ_ISMCTS_HALVING_ROUNDS];
      for (int r = 1; r <= h->rounds; r++)
        s->halving_mark[r] = warm + (end - warm) * (uint64_t)r / h->rounds;
    }
  }
  return h->count ? jq_ismcts_halving_next(h, &w->tree) : JQ_MOVE_NONE;
}

static void *worker_main(void *arg) {
  Worker *w = arg;
  Ismcts *s = w->owner;
  while (!atomic_load_explicit(&s->abort_search, memory_order_relaxed)) {
    uint64_t before = atomic_fetch_add_explicit(&s->total_iterations, 1,
                                                memory_order_relaxed);
    /* Claimed first so the threads stop at the exact total. */
    if (s->max_iterations && before >= s->max_iterations) {
      atomic_fetch_sub_explicit(&s->total_iterations, 1, memory_order_relaxed);
      break;
    }
    w->force =
        w->id == 0 && s->halving_on ? halving_step(s, w, before) : JQ_MOVE_NONE;
    iterate(s, w);
    /* Time and the stop flag after every iteration: one that searches at
     * its leaf may take milliseconds, and a clock read costs far less. */
    if (w->id == 0 && time_to_stop(s))
      atomic_store(&s->abort_search, true);
  }
  return NULL;
}

/* ---- the AI class ---- */

/* When the view continues the last search's root by a few moves (ours and
 * the reply), the node they lead to, whose statistics still hold: the
 * tree is keyed by what the player sees, reveals included. Else
 * JQ_ISMCTS_NO_NODE. */
static uint32_t reusable_root(Worker *w, const JqPosition *view) {
  const JqIsmctsTree *t = &w->tree;
  int from = w->root_history_len, to = view->history_len;
  if (!w->has_root || to <= from || to - from > 4 ||
      view->history[from].hash != w->root_hash)
    return JQ_ISMCTS_NO_NODE;
  uint32_t node = t->root;
  for (int i = from; i < to && node; i++) {
    const JqUndo *u = &view->history[i];
    if (!u->move)
      return JQ_ISMCTS_NO_NODE;
    node = child_by_move(t, node, u->move);
    JqIsmctsCursor cur;
    const JqIsmctsEdge *first =
        node ? jq_ismcts_first_edge(t, node, &cur) : NULL;
    if (first && jq_piece_is_hidden(u->moved) &&
        jq_ismcts_edge_is_outcome(first))
      node = child_by_move(t, node, (JqMove)(JQ_ISMCTS_OUTCOME | u->revealed));
  }
  return node;
}

/* Under Overrule the hint's move is the one played, as the alpha-beta
 * AI's is: its search keeps its table from move to move as that AI's does
 * (a new game clears it), when only the clock limits it (a node budget
 * keeps the same view's same search) and nothing else uses it. */
static bool hint_keeps_table(const Ismcts *s) {
  return s->overrule > 0 && s->prior_visits == 0 && !s->max_iterations &&
         s->budget_ms > 0 && !s->limits.infinite && !s->limits.ponder;
}

static void prepare_worker(Ismcts *s, Worker *w, const JqPosition *view) {
  /* searchmoves changes which root children count: no carrying over. */
  uint32_t kept = s->reuse && s->limits.searchmoves_count == 0
                      ? reusable_root(w, view)
                      : JQ_ISMCTS_NO_NODE;
  /* What the leaf search's table and histories hold from the last search
   * would change its values: the same view gets the same search. */
  if (w->search_used && !hint_keeps_table(s)) {
    jq_search_clear(w->search);
    w->search_used = false;
  }
  w->prior_searches = 0;
  w->pos = *view;
  if (w->pos.history_len > HISTORY_KEEP) {
    int drop = w->pos.history_len - HISTORY_KEEP;
    memmove(w->pos.history, w->pos.history + drop,
            HISTORY_KEEP * sizeof w->pos.history[0]);
    w->pos.history_len = HISTORY_KEEP;
  }
  w->world.observer = (JqColor)view->side;
  /* Same seed and view, same search: the stream depends on nothing else. */
  jq_rng_seed(&w->rng,
              s->seed ^ view->hash ^ (uint64_t)w->id * 0x9e3779b97f4a7c15u);
  /* The kept subtree stays where it is while the pool is at most half
   * used, else it is copied to the pool's start, the rest freed: a tree
   * that cannot be so kept starts afresh. */
  if (!kept || !jq_ismcts_tree_keep(&w->tree, kept))
    jq_ismcts_tree_reset(&w->tree, jq_color_other((JqColor)view->side));
  w->has_root = true;
  w->root_history_len = view->history_len;
  w->root_hash = view->hash;
}

/* How far ahead the side to move is at the root, for the leaves to be
 * valued against: a share (Center) of the capture probe's score averaged
 * over a few deals, bounded. Its own stream of dice, so the search's
 * stays as it was. */
#define OFFSET_DEALS 8
#define OFFSET_MAX 1000
static int root_offset(const Ismcts *s, JqPosition *pos) {
  if (s->center <= 0)
    return 0;
  JqIsmctsWorld world;
  JqRng rng;
  world.observer = (JqColor)pos->side;
  world.offset = 0;
  jq_rng_seed(&rng, s->seed ^ pos->hash ^ 0x0ff5e7u);
  long sum = 0;
  for (int i = 0; i < OFFSET_DEALS; i++) {
    jq_determinize(pos, &rng, world.deal);
    sum += jq_ismcts_probe_cp(pos, &world);
  }
  long cp = lround((double)sum / OFFSET_DEALS * s->center);
  return (int)(cp > OFFSET_MAX    ? OFFSET_MAX
               : cp < -OFFSET_MAX ? -OFFSET_MAX
                                  : cp);
}

/* Alpha-beta nodes a second over IS-MCTS iterations a second, on the
 * jieqi start at 500 ms (386,000 against 31,000 on the AMD EPYC of
 * session 12): with an iteration budget, the hint gets as many nodes as
 * its share of the time would give it. */
#define HINT_NODES_PER_ITERATION 12
/* Below this a hint costs its table's clearing and finds little: the
 * small budgets of tests and weak play go to the tree alone. */
#define HINT_MIN_NODES 2000

/* The hint's reports go on to the caller as they come: most of the
 * move's time is the hint's, and a GUI should not wait in silence. */
static void hint_progress(const JqProgress *p, void *data) {
  Ismcts *s = data;
  s->hint_report = *p;
  s->has_hint_report = true;
  if (s->progress)
    s->progress(p, s->progress_data);
}

/* The alpha-beta's best move on the view (its chance nodes, never a
 * deal: it reads nothing the player may not know), searched within
 * hint_share of the move's time or of its iterations; JQ_MOVE_NONE when
 * off, stopped, or without a limit to take a share of. Its table is cleared
 * first: the same view gets the same hint under a node budget. */
static JqMove root_hint(Ismcts *s, Worker *w, const JqPosition *view) {
  if (s->hint_share <= 0 || s->root_moves.count < 2)
    return JQ_MOVE_NONE;
  JqLimits limits;
  jq_limits_init(&limits);
  if (s->max_iterations) {
    double nodes = (double)s->max_iterations * HINT_NODES_PER_ITERATION *
                   s->hint_share / (1.0 - s->hint_share);
    if (nodes < HINT_MIN_NODES)
      return JQ_MOVE_NONE;
    limits.nodes = (uint64_t)nodes;
  } else if (s->budget_ms > 0 && !s->limits.infinite && !s->limits.ponder) {
    double ms = (double)s->budget_ms * s->hint_share;
    limits.movetime_ms = ms < 1 ? 1 : (int)ms;
  } else {
    /* Infinite or pondering: no share of a time to give, and a search
     * without reports ahead of the tree's would hold them back. */
    return JQ_MOVE_NONE;
  }
  for (int i = 0; i < s->limits.searchmoves_count; i++)
    limits.searchmoves[i] = s->limits.searchmoves[i];
  limits.searchmoves_count = s->limits.searchmoves_count;
  if (!hint_keeps_table(s))
    jq_search_clear(w->search);
  w->search_used = true;
  JqRootResult line = {JQ_MOVE_NONE, 0};
  int lines = 0;
  JqMove move = jq_search_run(w->search, view, &limits, s->stop_request,
                              hint_progress, s, NULL, &line, 1, &lines);
  return lines > 0 && line.move == move ? move : JQ_MOVE_NONE;
}

/* Halving's warm-up: the share of the budget that PUCT alone spends
 * before the candidates are chosen. */
#define HALVING_WARMUP 0.3

/* Weaker play is fewer iterations: 50 at skill 0, doubling every two
 * levels up to 25600 at 19; 0 (no cap) at full strength. */
static uint64_t skill_iterations(const Ismcts *s) {
  int skill = s->skill;
  if (s->limit_strength) {
    skill = (s->elo - 800) / 100;
    skill = skill < 0 ? 0 : skill > 20 ? 20 : skill;
  }
  return skill >= 20 ? 0 : (uint64_t)50 << (skill / 2);
}

static bool in_searchmoves(const JqLimits *limits, JqMove move) {
  for (int i = 0; i < limits->searchmoves_count; i++)
    if (limits->searchmoves[i] == move)
      return true;
  return false;
}

static JqMove ismcts_think(JqAi *ai, const JqPosition *view,
                           const JqLimits *limits, atomic_bool *stop,
                           JqProgressFunc progress, void *data,
                           JqMove *ponder) {
  Ismcts *s = (Ismcts *)ai;
  if (limits)
    s->limits = *limits;
  else
    jq_limits_init(&s->limits);
  /* Before anything that may return: an armed clock is used up here. */
  jq_clock_start(&s->clock, s->limits.ponder);
  jq_generate_legal(view, JQ_GEN_ALL, &s->root_moves);
  if (s->root_moves.count == 0)
    return JQ_MOVE_NONE;
  /* searchmoves narrows the root; if none of them is legal, all stay. */
  if (s->limits.searchmoves_count > 0) {
    JqMoveList kept = {.count = 0};
    for (int i = 0; i < s->root_moves.count; i++)
      if (in_searchmoves(&s->limits, s->root_moves.moves[i]))
        kept.moves[kept.count++] = s->root_moves.moves[i];
    if (kept.count > 0)
      s->root_moves = kept;
  }

  for (int c = 0; c < 2; c++) {
    s->outcome_types[c] = 0;
    for (int t = JQ_ADVISOR; t < JQ_TYPE_COUNT; t++)
      if (view->pool[c][t] > 0)
        s->outcome_types[c] |= (uint8_t)(1u << t);
  }
  s->root_ordered = s->order ? captures_first(view, &s->root_moves) : 0;
  s->stop_request = stop;
  s->progress = progress;
  s->progress_data = data;
  atomic_store(&s->abort_search, false);
  s->last_report_ms = jq_clock_now_ms();
  atomic_store(&s->total_iterations, 0);
  plan_time(s, (JqColor)view->side);
  s->max_iterations = s->limits.nodes;
  if (s->limits.depth > 0) {
    uint64_t by_depth = (uint64_t)s->limits.depth * ITERATIONS_PER_DEPTH;
    if (!s->max_iterations || by_depth < s->max_iterations)
      s->max_iterations = by_depth;
  }
  uint64_t by_skill = skill_iterations(s);
  if (by_skill && (!s->max_iterations || by_skill < s->max_iterations))
    s->max_iterations = by_skill;
  for (int i = 0; i < s->threads; i++)
    prepare_worker(s, s->workers[i], view);
  int offset = root_offset(s, &s->workers[0]->pos);
  /* Weakened play keeps its iterations alone: the hint would lift it. */
  s->hint_move = JQ_MOVE_NONE;
  s->has_hint_report = false;
  JqMove hint = by_skill ? JQ_MOVE_NONE : root_hint(s, s->workers[0], view);
  s->hint_move = hint;
  for (int i = 0; i < s->threads; i++) {
    s->workers[i]->world.offset = offset;
    s->workers[i]->hint = hint;
  }
  /* A forced move needs no thought when only time limits the search. */
  bool timed = s->budget_ms > 0 && !s->limits.infinite && !s->limits.ponder;
  if (s->root_moves.count == 1 && timed && !s->max_iterations) {
    if (progress) {
      JqProgress p;
      describe(s, true, &p);
      p.pv_len = 1;
      p.pv[0] = s->root_moves.moves[0];
      progress(&p, data);
    }
    return s->root_moves.moves[0];
  }

  /* Halving needs a budget to split: not under infinite or pondering.
   * The warm-up is the first HALVING_WARMUP of the iterations, or of the
   * tree's time (the hint's included); the rounds' marks are set at its
   * end, when the candidates are known. */
  s->halving_on = s->halving_k >= 2 && s->root_moves.count >= 2 &&
                  (s->max_iterations || timed);
  s->halving = (JqIsmctsHalving){0};
  s->halving_timed = !s->max_iterations;
  if (s->halving_on) {
    uint64_t end =
        s->halving_timed ? (uint64_t)s->budget_ms : s->max_iterations;
    s->halving_mark[0] = (uint64_t)((double)end * HALVING_WARMUP);
    for (int r = 1; r <= JQ_ISMCTS_HALVING_ROUNDS; r++)
      s->halving_mark[r] = end;
  }
  pthread_t tids[MAX_THREADS];
  bool started[MAX_THREADS] = {false};
  for (int i = 1; i < s->threads; i++)
    started[i] =
        pthread_create(&tids[i], NULL, worker_main, s->workers[i]) == 0;
  worker_main(s->workers[0]);
  atomic_store(&s->abort_search, true);
  for (int i = 1; i < s->threads; i++)
    if (started[i])
      pthread_join(tids[i], NULL);

  /* The last round's cut (or, stopped early, the cuts left). */
  if (s->halving_on && !s->halving.count)
    s->halving_on = false; /* never got past the warm-up */
  if (s->halving_on)
    jq_ismcts_halving_finish(&s->halving, &s->workers[0]->tree);
  JqProgress p;
  JqMove best = describe(s, true, &p);
  if (!best) { /* stopped before the first iteration */
    bool hinted = s->overrule > 0 && s->hint_move;
    best = hinted ? s->hint_move : s->root_moves.moves[0];
    p.pv_len = 1;
    p.pv[0] = best;
    if (s->has_hint_report)
      with_hint_report(s, best, &p);
  }
  if (progress)
    progress(&p, data);
  if (ponder && p.pv_len > 1)
    *ponder = p.pv[1];
  return best;
}

static void ismcts_prepare(JqAi *ai, const JqPosition *view,
                           const JqLimits *limits) {
  (void)view;
  jq_clock_arm(&((Ismcts *)ai)->clock, limits && limits->ponder);
}

static void ismcts_ponderhit(JqAi *ai) {
  /* The clock starts now, as for the alpha-beta. */
  jq_clock_ponderhit(&((Ismcts *)ai)->clock);
}

static JqAi *ismcts_create(void) {
  Ismcts *s = calloc(1, sizeof *s);
  if (!s)
    return NULL;
  s->seed = 0x5eed;
  s->select.exploration = 0.7;
  /* Against alpha-beta at 100 ms a move in jieqi, 100 games a seed:
   * UCB1 20.5% and 24.5% (seeds 77, 78), this 32.5% and 28.0%; on seed 77
   * Prior=0.5 23.5%. (A child's worth is its mean: mixing in its implicit
   * minimax value, MinimaxWeight, and first-play values from the parent's
   * leaf, FirstPlayStatic, measured worse and were removed; see
   * docs/benchmarks.md, sessions 10 and 18.) */
  s->select.prior = 1.0;
  s->select.first_play = 0.1;
  /* Against alpha-beta at 100 ms a move in jieqi, 100 games a seed, with
   * the mate-in-one look-out: Center=0 37.0% (seed 77), Center=0.5 40.5%
   * and 38.5% (seeds 77, 78). */
  s->center = 0.5;
  /* Against Hint=0 in jieqi at 2,000 iterations a move, 100 games (seed
   * 2026, session 12): Hint=10 scored 62.0%, Hint=30 62.5%; Hint=30
   * against Hint=10 about even (see docs/benchmarks.md). Since session
   * 19, Hint=90 and the hint's move unless a proof says otherwise: 46.8%
   * (87-100-13) against the alpha-beta AI at 500 ms a move over 200 games,
   * seed 2050 (session 20; the tree's own choice at Hint=10 40.5% on
   * those deals, session 15). On the move-loss yardstick the tree's
   * overrulings by its means lost more than the hint's move would have,
   * at every margin tried (docs/benchmarks.md). */
  s->hint_share = 0.90;
  s->overrule = 1.0;
  s->prior_temperature = PRIOR_TEMPERATURE;
  s->prior_mix = 1.0;
  s->prior_reveals = 1;
  /* At 200 ms a move in jieqi the probe scored 60.6% against eval over 80
   * games, and eval 75% against 8-ply playouts over 40. */
  s->leaf = JQ_ISMCTS_LEAF_PROBE;
  s->playout_plies = 8;
  s->order = true;
  s->outcomes = true;
  s->reuse = true;
  s->skill = 20;
  s->elo = 2800;
  if (!make_workers(s, 64, 1)) {
    free(s);
    return NULL;
  }
  return &s->base;
}

static void ismcts_destroy(JqAi *ai) {
  Ismcts *s = (Ismcts *)ai;
  free_workers(s->workers);
  free(s);
}

/* A new game forgets the last search's tree. */
static void ismcts_new_game(JqAi *ai) {
  Ismcts *s = (Ismcts *)ai;
  for (int i = 0; i < s->threads; i++) {
    s->workers[i]->has_root = false;
    /* A hint's table kept from move to move (Overrule) starts afresh. */
    jq_search_clear(s->workers[i]->search);
    s->workers[i]->search_used = false;
  }
}

/* ---- options ---- */

/* The numeric options of selection: their range and their field. */
typedef struct {
  const char *name;
  double lo, hi;
  size_t offset;
} DecimalOption;

static const DecimalOption decimal_options[] = {
    {"Exploration", 0, 10, offsetof(JqIsmctsSelectParams, exploration)},
    {"Prior", 0, 100, offsetof(JqIsmctsSelectParams, prior)},
    {"FirstPlay", 0, 1, offsetof(JqIsmctsSelectParams, first_play)},
};

static bool ismcts_set_option(JqAi *ai, const char *name, const char *value,
                              JqError *err) {
  Ismcts *s = (Ismcts *)ai;
  long v;
  if (strcasecmp(name, "Seed") == 0) {
    uint64_t seed;
    if (!jq_ai_parse_seed(value, &seed))
      return jq_error_set(err, "Seed must be a non-negative integer");
    s->seed = seed;
    return true;
  }
  for (size_t i = 0; i < sizeof decimal_options / sizeof *decimal_options;
       i++) {
    const DecimalOption *o = &decimal_options[i];
    if (strcasecmp(name, o->name) != 0)
      continue;
    double x;
    if (!jq_ai_parse_decimal(value, o->lo, o->hi, &x))
      return jq_error_set(err, "%s must be a number from %g to %g", o->name,
                          o->lo, o->hi);
    *(double *)((char *)&s->select + o->offset) = x;
    return true;
  }
  if (strcasecmp(name, "Hint") == 0) {
    if (!jq_ai_parse_long(value, 0, 90, &v))
      return jq_error_set(err, "Hint must be a percentage from 0 to 90");
    s->hint_share = (double)v / 100.0;
    return true;
  }
  if (strcasecmp(name, "Overrule") == 0) {
    if (!jq_ai_parse_long(value, 0, 100, &v))
      return jq_error_set(err, "Overrule must be a percentage from 0 to 100");
    s->overrule = (double)v / 100.0;
    return true;
  }
  if (strcasecmp(name, "Halving") == 0) {
    if (!jq_ai_parse_long(value, 0, JQ_ISMCTS_HALVING_MAX, &v))
      return jq_error_set(err, "Halving must be from 0 to %d",
                          JQ_ISMCTS_HALVING_MAX);
    s->halving_k = (int)v;
    return true;
  }
  if (strcasecmp(name, "PriorVisits") == 0) {
    if (!jq_ai_parse_long(value, 0, 1000000, &v))
      return jq_error_set(err, "PriorVisits must be from 0 to 1000000");
    s->prior_visits = (uint32_t)v;
    return true;
  }
  if (strcasecmp(name, "PriorDepth") == 0) {
    if (!jq_ai_parse_long(value, 0, MAX_LEAF_DEPTH, &v))
      return jq_error_set(err, "PriorDepth must be from 0 to %d",
                          MAX_LEAF_DEPTH);
    s->prior_depth = (int)v;
    return true;
  }
  if (strcasecmp(name, "PriorTemp") == 0) {
    if (!jq_ai_parse_long(value, 1, 10000, &v))
      return jq_error_set(err, "PriorTemp must be from 1 to 10000");
    s->prior_temperature = (double)v;
    return true;
  }
  if (strcasecmp(name, "PriorReveals") == 0) {
    if (!jq_ai_parse_long(value, 0, 2, &v))
      return jq_error_set(err, "PriorReveals must be from 0 to 2");
    s->prior_reveals = (int)v;
    return true;
  }
  if (strcasecmp(name, "PriorMix") == 0) {
    if (!jq_ai_parse_long(value, 0, 100, &v))
      return jq_error_set(err, "PriorMix must be a percentage from 0 to 100");
    s->prior_mix = (double)v / 100.0;
    return true;
  }
  if (strcasecmp(name, "Center") == 0) {
    double x;
    if (!jq_ai_parse_decimal(value, 0, 1, &x))
      return jq_error_set(err, "Center must be a number from 0 to 1");
    s->center = x;
    return true;
  }
  if (strcasecmp(name, "Leaf") == 0) {
    static const char *const kinds[] = {"eval", "playout", "probe"};
    for (int k = 0; k < 3; k++)
      if (strcasecmp(value, kinds[k]) == 0) {
        s->leaf = (JqIsmctsLeaf)k;
        return true;
      }
    return jq_error_set(err, "Leaf must be eval, playout or probe");
  }
  if (strcasecmp(name, "Skill Level") == 0) {
    if (!jq_ai_parse_long(value, 0, 20, &v))
      return jq_error_set(err, "Skill Level must be from 0 to 20");
    s->skill = (int)v;
    return true;
  }
  if (strcasecmp(name, "UCI_LimitStrength") == 0) {
    if (!jq_ai_parse_bool(value, &s->limit_strength))
      return jq_error_set(err, "UCI_LimitStrength must be true or false");
    return true;
  }
  if (strcasecmp(name, "UCI_Elo") == 0) {
    if (!jq_ai_parse_long(value, 0, 10000, &v))
      return jq_error_set(err, "UCI_Elo must be from 0 to 10000");
    s->elo = (int)v;
    return true;
  }
  if (strcasecmp(name, "Reuse") == 0) {
    if (!jq_ai_parse_bool(value, &s->reuse))
      return jq_error_set(err, "Reuse must be true or false");
    return true;
  }
  if (strcasecmp(name, "Outcomes") == 0) {
    if (!jq_ai_parse_bool(value, &s->outcomes))
      return jq_error_set(err, "Outcomes must be true or false");
    return true;
  }
  if (strcasecmp(name, "CapturesFirst") == 0) {
    if (!jq_ai_parse_bool(value, &s->order))
      return jq_error_set(err, "CapturesFirst must be true or false");
    return true;
  }
  if (strcasecmp(name, "PlayoutPlies") == 0) {
    if (!jq_ai_parse_long(value, 0, MAX_PLAYOUT_PLIES, &v))
      return jq_error_set(err, "PlayoutPlies must be from 0 to %d",
                          MAX_PLAYOUT_PLIES);
    s->playout_plies = (int)v;
    return true;
  }
  if (strcasecmp(name, "Hash") == 0) {
    /* The pool is indexed in 4-byte words: 16 GB at most. */
    if (!jq_ai_parse_long(value, 1, 16384, &v))
      return jq_error_set(err, "Hash must be a number of MB from 1 to 16384");
    if (v != s->hash_mb && !make_workers(s, v, s->threads))
      return jq_error_set(err, "cannot allocate %ld MB for the tree", v);
    return true;
  }
  if (strcasecmp(name, "Threads") == 0) {
    if (!jq_ai_parse_long(value, 1, MAX_THREADS, &v))
      return jq_error_set(err, "Threads must be from 1 to %d", MAX_THREADS);
    if (v != s->threads && !make_workers(s, s->hash_mb, (int)v))
      return jq_error_set(err, "cannot allocate the trees of %ld threads", v);
    return true;
  }
  bool known;
  bool ok = jq_ai_common_option(name, value, &known, err);
  if (known)
    return ok;
  return jq_error_set(err,
                      "unknown option '%s' (ismcts takes Seed, Exploration, "
                      "Prior, FirstPlay, Center, Hint, Overrule, Halving, "
                      "PriorVisits, "
                      "PriorDepth, PriorTemp, "
                      "PriorMix, PriorReveals, "
                      "Leaf, "
                      "PlayoutPlies, "
                      "CapturesFirst, Outcomes, Reuse, "
                      "Hash, Threads, Skill Level, UCI_LimitStrength and "
                      "UCI_Elo)",
                      name);
}

const JqIsmctsTree *jq_ai_ismcts_tree(const JqAi *ai, int index) {
  if (!ai || ai->klass != &jq_ai_ismcts_class)
    return NULL;
  const Ismcts *s = (const Ismcts *)ai;
  if (index < 0 || index >= s->threads)
    return NULL;
  return &s->workers[index]->tree;
}

uint64_t jq_ai_ismcts_prior_searches(const JqAi *ai) {
  if (!ai || ai->klass != &jq_ai_ismcts_class)
    return 0;
  const Ismcts *s = (const Ismcts *)ai;
  uint64_t n = 0;
  for (int i = 0; i < s->threads; i++)
    n += s->workers[i]->prior_searches;
  return n;
}

const JqIsmctsHalving *jq_ai_ismcts_halving(const JqAi *ai) {
  if (!ai || ai->klass != &jq_ai_ismcts_class)
    return NULL;
  const Ismcts *s = (const Ismcts *)ai;
  return s->halving_on ? &s->halving : NULL;
}

const JqAiClass jq_ai_ismcts_class = {
    .name = "ismcts",
    .create = ismcts_create,
    .destroy = ismcts_destroy,
    .set_option = ismcts_set_option,
    .new_game = ismcts_new_game,
    .think = ismcts_think,
    .prepare = ismcts_prepare,
    .ponderhit = ismcts_ponderhit,
};
