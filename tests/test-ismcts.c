/* The information-set MCTS AI: blind to the arbiter's deal (same view and
 * seed, same move, whatever the truth), its source never reads an arbiter,
 * the deal sampler it relies on draws by the pools (chi-square), its tree
 * statistics add up, it finds mates in two, and it never plays an illegal
 * move over many fast self-play games. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "jq-ai-ismcts.h"
#include "jq-ai.h"
#include "jq-determinize.h"
#include "jq-eval.h"
#include "jq-game.h"
#include "jq-ismcts-leaf.h"
#include "jq-ismcts-overrule.h"
#include "jq-movegen.h"
#include "jq-notation.h"
#include "jq-search.h"
#include "jq-test-ai.h"
#include "jq-test-tactics.h"
#include "jq-test-util.h"

/* The tree's own search: the defaults before session 19 (Hint=10, the
 * tree's choice), which these tests of the tree assume. The defaults
 * since (Hint=90, Overrule=100: the alpha-beta's move unless a proof says
 * otherwise) are tested in /ismcts/overrule-plays-hint. */
static JqAi *tree_ai(void) {
  JqAi *ai = jq_test_ai_new("ismcts");
  jq_test_ai_set(ai, "Hint", "10");
  jq_test_ai_set(ai, "Overrule", "0");
  return ai;
}

static void keep_last(const JqProgress *p, void *data) {
  *(JqProgress *)data = *p;
}

/* Thinks for exactly `iterations` iterations; *last gets the final report. */
static JqMove think_iterations(JqAi *ai, const JqPosition *view,
                               uint64_t iterations, JqProgress *last) {
  JqLimits limits;
  jq_limits_init(&limits);
  limits.nodes = iterations;
  atomic_bool stop;
  atomic_init(&stop, false);
  memset(last, 0, sizeof *last);
  return jq_ai_think(ai, view, &limits, &stop, keep_last, last, NULL);
}

/* A position from the middle game in which the side to move has revealed
 * pieces, taken a hidden piece and lost one it does not know. */
static JqGame *interesting_game(JqPosition *view) {
  for (uint64_t seed = 1; seed < 200; seed++) {
    for (int plies = 10; plies <= 24; plies += 2) {
      JqGame *game = jq_test_ai_middle_game(seed, plies, "3");
      JqColor side = jq_game_side_to_move(game);
      memset(view, 0, sizeof *view); /* padding too: views are memcmp'd */
      jq_game_view(game, side, view);
      JqColor them = jq_color_other(side);
      bool known_capture = false;
      for (int i = 0; i < view->capture_count; i++)
        if (jq_piece_is_hidden(view->captures[i].piece) &&
            jq_piece_color(view->captures[i].piece) == them &&
            view->captures[i].identity != JQ_NO_TYPE)
          known_capture = true;
      if (known_capture && view->captured_unknown[side] > 0 &&
          view->hidden_count[side] >= 6 && view->hidden_count[them] >= 6)
        return game;
      jq_game_free(game);
    }
  }
  g_error("no middle game with captures of hidden pieces on both sides");
  return NULL;
}

/* ---- (a) no cheating: the move does not depend on the hidden truth ---- */

/* data: the Hint option's value (the alpha-beta's root hint searches the
 * view too). */
static void test_blind_to_deal(gconstpointer data) {
  JqPosition view;
  JqGame *game = interesting_game(&view);
  JqColor side = jq_game_side_to_move(game);

  /* "90": the defaults, the hint's move unless a proof says otherwise. */
  bool defaults = strcmp(data, "90") == 0;
  JqAi *ai = defaults ? jq_test_ai_new("ismcts") : tree_ai();
  jq_test_ai_set(ai, "Seed", "12345");
  jq_test_ai_set(ai, "Hash", "16");
  jq_test_ai_set(ai, "Hint", data);
  enum { WORLDS = 12 };
  JqMove first_move = JQ_MOVE_NONE;
  JqProgress first = {0};
  JqPieceType first_deal[JQ_SQUARES];
  int different_deals = 0;
  for (int w = 0; w < WORLDS; w++) {
    /* An arbiter whose truth is another deal that fits the same view. */
    JqRng rng;
    jq_rng_seed(&rng, 1000 + (uint64_t)w);
    JqPieceType deal[JQ_SQUARES];
    jq_determinize(&view, &rng, deal);
    JqError err;
    JqGame *world = jq_game_new_from_view(&view, deal, &err);
    if (!world)
      g_error("%s", err.message);
    JqPosition world_view;
    memset(&world_view, 0, sizeof world_view);
    jq_game_view(world, side, &world_view);
    g_assert_true(memcmp(&world_view, &view, sizeof view) == 0);

    JqProgress last;
    JqMove m = think_iterations(ai, &world_view, 3000, &last);
    g_assert_true(jq_game_is_legal(world, m));
    if (w == 0) {
      first_move = m;
      first = last;
      memcpy(first_deal, deal, sizeof deal);
    } else {
      different_deals += memcmp(deal, first_deal, sizeof deal) != 0;
      g_assert_cmpint(m, ==, first_move);
      g_assert_cmpuint(last.iterations, ==, first.iterations);
      g_assert_cmpfloat(last.visit_share, ==, first.visit_share);
      g_assert_cmpfloat(last.value, ==, first.value);
      g_assert_cmpint(last.pv_len, ==, first.pv_len);
      g_assert_true(memcmp(last.pv, first.pv,
                           (size_t)last.pv_len * sizeof last.pv[0]) == 0);
    }
    jq_game_free(world);
  }
  /* The arbiters really held different truths. */
  g_assert_cmpint(different_deals, >=, WORLDS - 2);
  g_assert_cmpuint(first.iterations, ==, 3000);
  jq_ai_free(ai);
  jq_game_free(game);
}

/* ---- (b) the AI's source never reads an arbiter ---- */

static void test_source_reads_no_arbiter(void) {
  const char *dir = g_getenv("JQ_TEST_SRC");
  g_assert_nonnull(dir);
  /* The AI's own files, and the parts of the engine and the rules core
   * it calls while thinking. */
  static const char *const files[] = {
      "engine/jq-ai-ismcts.c",   "engine/jq-ai-ismcts.h",
      "engine/jq-ismcts-tree.c", "engine/jq-ismcts-tree.h",
      "engine/jq-ismcts-leaf.c", "engine/jq-ismcts-leaf.h",
      "engine/jq-eval.c",        "core/jq-determinize.c",
      "core/jq-movegen.c",       "core/jq-position.c",
      "core/jq-judge.c",         "core/jq-rng.c",
      "engine/jq-search.c",      "engine/jq-see.c",
      "engine/jq-tt.c",
  };
  /* The arbiter is the game object: no call into it, not even its header. */
  static const char *const banned[] = {
      "jq_game_truth",
      "jq_game_hidden_identity",
      "jq_game_",
      "jq-game.h",
  };
  for (size_t i = 0; i < G_N_ELEMENTS(files); i++) {
    char *path = g_build_filename(dir, files[i], NULL);
    char *text = NULL;
    GError *error = NULL;
    if (!g_file_get_contents(path, &text, NULL, &error))
      g_error("%s", error->message);
    g_assert_cmpuint(strlen(text), >, 100);
    for (size_t k = 0; k < G_N_ELEMENTS(banned); k++)
      if (strstr(text, banned[k]))
        g_error("%s mentions %s", files[i], banned[k]);
    g_free(text);
    g_free(path);
  }
}

/* ---- (c) the sampler draws identities in the pools' proportions ---- */

#define DRAWS 20000

/* Chi-square critical values at p = 0.001 for 1..36 degrees of freedom
 * (the 0.999 quantiles of the chi-square distribution, from the standard
 * tables, e.g. NIST/SEMATECH e-Handbook, section 1.3.6.7.4). A correct
 * sampler fails a test only once in a thousand seeds. */
static const double chi2_critical_001[] = {
    0,      10.828, 13.816, 16.266, 18.467, 20.515, 22.458, 24.322,
    26.124, 27.877, 29.588, 31.264, 32.909, 34.528, 36.123, 37.697,
    39.252, 40.790, 42.312, 43.820, 45.315, 46.797, 48.268, 49.728,
    51.179, 52.620, 54.052, 55.476, 56.892, 58.301, 59.703, 61.098,
    62.487, 63.870, 65.247, 66.619, 67.985,
};

/* Chi-square statistic of observed counts against expected ones; cells
 * expected empty must stay empty. *df receives the degrees of freedom. */
static double chi_square(const double *observed, const double *expected,
                         int cells, int *df) {
  double chi2 = 0;
  int used = 0;
  for (int i = 0; i < cells; i++) {
    if (expected[i] == 0) {
      g_assert_cmpfloat(observed[i], ==, 0);
      continue;
    }
    g_assert_cmpfloat(expected[i], >=, 5); /* the test's validity condition */
    double d = observed[i] - expected[i];
    chi2 += d * d / expected[i];
    used++;
  }
  *df = used - 1;
  g_assert_cmpint(*df, >=, 1);
  g_assert_cmpint(*df, <, (int)G_N_ELEMENTS(chi2_critical_001));
  return chi2;
}

static void test_sampler_distribution(void) {
  JqPosition view;
  JqGame *game = interesting_game(&view);
  JqRng rng;
  jq_rng_seed(&rng, 4242);

  /* Per colour: the hidden squares, the pool and its size. */
  int squares[2][16], nsq[2] = {0, 0}, total[2] = {0, 0};
  for (int sq = 0; sq < JQ_SQUARES; sq++)
    if (jq_piece_is_hidden(view.board[sq])) {
      int c = jq_piece_color(view.board[sq]);
      squares[c][nsq[c]++] = sq;
    }
  for (int c = 0; c < 2; c++) {
    for (int t = 0; t < JQ_TYPE_COUNT; t++)
      total[c] += view.pool[c][t];
    g_assert_cmpint(total[c], ==,
                    view.hidden_count[c] + view.captured_unknown[c]);
  }
  int side = view.side;
  g_assert_cmpint(view.captured_unknown[side], >, 0);

  /* counts[c][i][t]: identity t drawn on the i-th hidden square of c;
   * pair[t1][t2]: the first two hidden squares of the side to move. */
  static double counts[2][16][JQ_TYPE_COUNT];
  static double pair[JQ_TYPE_COUNT][JQ_TYPE_COUNT];
  memset(counts, 0, sizeof counts);
  memset(pair, 0, sizeof pair);
  for (int d = 0; d < DRAWS; d++) {
    JqPieceType deal[JQ_SQUARES];
    jq_determinize(&view, &rng, deal);
    int used[2][JQ_TYPE_COUNT] = {{0}};
    for (int sq = 0; sq < JQ_SQUARES; sq++) {
      if (!jq_piece_is_hidden(view.board[sq])) {
        g_assert_cmpint(deal[sq], ==, JQ_NO_TYPE);
        continue;
      }
      int c = jq_piece_color(view.board[sq]);
      g_assert_cmpint(deal[sq], >=, JQ_ADVISOR);
      used[c][deal[sq]]++;
    }
    /* Every deal is a sub-multiset of the pools. */
    for (int c = 0; c < 2; c++) {
      for (int t = 0; t < JQ_TYPE_COUNT; t++)
        g_assert_cmpint(used[c][t], <=, view.pool[c][t]);
      for (int i = 0; i < nsq[c]; i++)
        counts[c][i][deal[squares[c][i]]]++;
    }
    pair[deal[squares[side][0]]][deal[squares[side][1]]]++;
  }

  /* Each hidden square alone: identity t with probability pool[t]/total. */
  for (int c = 0; c < 2; c++)
    for (int i = 0; i < nsq[c]; i++) {
      double expected[JQ_TYPE_COUNT];
      for (int t = 0; t < JQ_TYPE_COUNT; t++)
        expected[t] = (double)DRAWS * view.pool[c][t] / total[c];
      int df;
      double chi2 = chi_square(counts[c][i], expected, JQ_TYPE_COUNT, &df);
      if (chi2 > chi2_critical_001[df])
        g_error("square %d: chi-square %.2f > %.3f (%d df)", squares[c][i],
                chi2, chi2_critical_001[df], df);
    }

  /* Two squares together: drawn without replacement from the pool. */
  double expected[JQ_TYPE_COUNT * JQ_TYPE_COUNT];
  double observed[JQ_TYPE_COUNT * JQ_TYPE_COUNT];
  int n = total[side];
  for (int a = 0; a < JQ_TYPE_COUNT; a++)
    for (int b = 0; b < JQ_TYPE_COUNT; b++) {
      double pa = (double)view.pool[side][a] / n;
      double pb = (double)(view.pool[side][b] - (a == b)) / (n - 1);
      expected[a * JQ_TYPE_COUNT + b] = pb > 0 ? DRAWS * pa * pb : 0;
      observed[a * JQ_TYPE_COUNT + b] = pair[a][b];
    }
  /* Merge cells too small for the test into one. */
  double small_obs = 0, small_exp = 0;
  for (int k = 0; k < JQ_TYPE_COUNT * JQ_TYPE_COUNT; k++)
    if (expected[k] > 0 && expected[k] < 5) {
      small_obs += observed[k];
      small_exp += expected[k];
      observed[k] = expected[k] = 0;
    }
  int cells = JQ_TYPE_COUNT * JQ_TYPE_COUNT;
  double obs2[JQ_TYPE_COUNT * JQ_TYPE_COUNT + 1],
      exp2[JQ_TYPE_COUNT * JQ_TYPE_COUNT + 1];
  int m = 0;
  for (int k = 0; k < cells; k++)
    if (expected[k] > 0) {
      obs2[m] = observed[k];
      exp2[m++] = expected[k];
    }
  if (small_exp >= 5) {
    obs2[m] = small_obs;
    exp2[m++] = small_exp;
  }
  int df;
  double chi2 = chi_square(obs2, exp2, m, &df);
  if (chi2 > chi2_critical_001[df])
    g_error("square pair: chi-square %.2f > %.3f (%d df)", chi2,
            chi2_critical_001[df], df);
  jq_game_free(game);
}

/* ---- (d) the tree's statistics add up ---- */

typedef struct {
  uint64_t nodes;
  int max_depth;
  uint64_t outcomes; /* reveals with outcome children */
  uint64_t words;    /* of the pool: nodes and segments of edges */
  uint64_t edges;    /* children, with a node or not */
} TreeCount;

/* The words of the pool that node `index`'s segments take. */
static uint64_t segment_words(const JqIsmctsTree *tree, uint32_t index) {
  uint64_t words = 0;
  for (uint32_t seg = jq_ismcts_node(tree, index)->edges; seg;) {
    const JqIsmctsSegment *head =
        (const JqIsmctsSegment *)(const void *)(tree->words + seg);
    g_assert_cmpuint(head->count, >=, 1);
    words += jq_ismcts_segment_words(head->count);
    seg = head->next;
  }
  return words;
}

/* Checks a node's children against it, recursively; iterations that ended
 * at a node are its visits not passed on to a child. */
static void check_node(const JqIsmctsTree *tree, uint32_t index, int depth,
                       TreeCount *count) {
  const JqIsmctsNode *n = jq_ismcts_node(tree, index);
  g_assert_cmpuint(index % 2, ==, 0); /* (a double in it) */
  g_assert_cmpuint(index, <, tree->used);
  count->nodes++;
  count->words += JQ_ISMCTS_NODE_WORDS + segment_words(tree, index);
  if (depth > count->max_depth)
    count->max_depth = depth;
  g_assert_cmpfloat(n->value, >=, 0.0);
  g_assert_cmpfloat(n->value, <=, (double)n->visits + 1e-9);
  uint64_t sum = 0;
  JqIsmctsCursor cur;
  const JqIsmctsEdge *head = jq_ismcts_first_edge(tree, index, &cur);
  bool outcomes = head && jq_ismcts_edge_is_outcome(head);
  for (const JqIsmctsEdge *e = head; e; e = jq_ismcts_next_edge(tree, &cur)) {
    count->edges++;
    if (!e->made) {
      /* Only priors make children before they are played: an edge,
       * weighted, available, never gone through. */
      g_assert_false(outcomes);
      g_assert_cmpfloat(e->weight, >, 0.0f);
      g_assert_cmpuint(e->to, >=, 1);
      g_assert_cmpuint(e->to, <=, n->visits);
      continue;
    }
    uint32_t c = e->to;
    const JqIsmctsNode *child = jq_ismcts_node(tree, c);
    /* A node is made after its parent, and its edge says what it is. */
    g_assert_cmpuint(c, >, index);
    g_assert_cmpuint(child->move, ==, e->move);
    if (child->visits == 0) {
      /* Made for a selection whose iteration went elsewhere (a mate in
       * one found as the moves were weighed): never gone through. */
      g_assert_cmpuint(child->avail, >=, 1);
      g_assert_cmpuint(child->avail, <=, n->visits);
      g_assert_cmpuint(child->edges, ==, 0);
      count->nodes++;
      count->words += JQ_ISMCTS_NODE_WORDS;
      continue;
    }
    /* A reveal's children are all outcomes (identities it turned up as),
     * of the same mover; other nodes' children are moves. */
    g_assert_true(jq_ismcts_is_outcome(child) == outcomes);
    if (outcomes) {
      JqPieceType t = jq_ismcts_outcome_type(child);
      g_assert_cmpint(t, >=, JQ_ADVISOR);
      g_assert_cmpint(t, <=, JQ_PAWN);
      g_assert_cmpint(child->mover, ==, n->mover);
    } else {
      /* Visited only when available; available only when the parent was
       * visited; and moves alternate. */
      g_assert_cmpuint(child->visits, <=, child->avail);
      g_assert_cmpuint(child->avail, <=, n->visits);
      g_assert_cmpint(child->mover, ==, n->mover ^ 1);
    }
    JqIsmctsCursor later = cur;
    for (const JqIsmctsEdge *d = jq_ismcts_next_edge(tree, &later); d;
         d = jq_ismcts_next_edge(tree, &later))
      g_assert_cmpint(d->move, !=, child->move);
    sum += child->visits;
    check_node(tree, c, depth + 1, count);
  }
  g_assert_cmpuint(sum, <=, n->visits);
  if (outcomes)
    count->outcomes++;
}

static void check_tree(JqAi *ai, const JqPosition *view, JqMove played,
                       const JqProgress *last, uint64_t iterations) {
  const JqIsmctsTree *tree = jq_ai_ismcts_tree(ai, 0);
  g_assert_nonnull(tree);
  const JqIsmctsNode *root = jq_ismcts_node(tree, tree->root);
  /* Every iteration visits the root and exactly one of its children (the
   * root's moves never depend on the deal, and it is never terminal). */
  g_assert_cmpuint(root->visits, ==, iterations);
  uint64_t sum = 0, best_visits = 0;
  int64_t best_rank = INT64_MIN;
  int best_proof = 0;
  JqMove best = JQ_MOVE_NONE;
  JqMoveList legal;
  jq_generate_legal(view, JQ_GEN_ALL, &legal);
  int children = 0;
  JqIsmctsCursor cur;
  for (const JqIsmctsEdge *e = jq_ismcts_first_edge(tree, tree->root, &cur); e;
       e = jq_ismcts_next_edge(tree, &cur)) {
    children++;
    g_assert_cmpuint(jq_ismcts_edge_avail(tree, e), <=, iterations);
    if (!e->made)
      continue;
    const JqIsmctsNode *child = jq_ismcts_node(tree, e->to);
    sum += child->visits;
    /* At the root every move is available in every iteration after it
     * was added, and it was added in an iteration of its own. */
    g_assert_cmpuint(child->avail, <=, iterations);
    /* The choice: the quickest proven win, else the most visited not
     * proven lost, else the slowest proven loss. */
    int64_t distance = child->proof > 0   ? 255 - child->plies
                       : child->proof < 0 ? child->plies
                                          : 0;
    int64_t rank = (int64_t)child->proof * ((int64_t)1 << 48) +
                   distance * ((int64_t)1 << 32) + (int64_t)child->visits;
    if (rank > best_rank) {
      best_rank = rank;
      best_visits = child->visits;
      best = child->move;
      best_proof = child->proof;
    }
    bool is_legal = false;
    for (int i = 0; i < legal.count; i++)
      is_legal |= legal.moves[i] == child->move;
    g_assert_true(is_legal);
  }
  g_assert_cmpuint(sum, ==, iterations);
  g_assert_cmpint(children, ==, legal.count);
  TreeCount count = {0};
  check_node(tree, tree->root, 0, &count);
  /* A fresh tree: every word of the pool in use is its own. */
  g_assert_cmpuint(count.words, ==, tree->used - JQ_ISMCTS_FIRST_WORD);
  /* Reveals branch on what they turned up as, in jieqi only. */
  bool hidden = view->hidden_count[JQ_RED] + view->hidden_count[JQ_BLACK] > 0;
  if (hidden)
    g_assert_cmpuint(count.outcomes, >, 0);
  else
    g_assert_cmpuint(count.outcomes, ==, 0);
  /* The reported line holds moves only, never an outcome. */
  for (int i = 0; i < last->pv_len; i++)
    g_assert_cmpuint(last->pv[i] & JQ_ISMCTS_OUTCOME, ==, 0);
  /* The move played is the most visited, and the report says so. */
  g_assert_cmpint(played, ==, best);
  g_assert_cmpint(last->pv[0], ==, played);
  g_assert_cmpuint(last->iterations, ==, iterations);
  g_assert_cmpfloat(last->visit_share, ==, (double)best_visits / iterations);
  if (best_proof)
    g_assert_cmpfloat(last->value, ==, best_proof > 0 ? 1.0 : 0.0);
  g_assert_cmpfloat(last->value, >=, 0.0);
  g_assert_cmpfloat(last->value, <=, 1.0);
  g_test_message("%" G_GUINT64_FORMAT " nodes, %" G_GUINT64_FORMAT
                 " edges, depth %d, best share %.3f",
                 count.nodes, count.edges, count.max_depth, last->visit_share);
}

static void test_tree_statistics(void) {
  JqPosition view;
  JqGame *game = interesting_game(&view);
  static const char *const leaves[] = {"eval", "playout", "probe"};
  for (size_t k = 0; k < 2 * G_N_ELEMENTS(leaves); k++) {
    JqAi *ai = tree_ai();
    jq_test_ai_set(ai, "Hash", "8");
    jq_test_ai_set(ai, "Leaf", leaves[k % G_N_ELEMENTS(leaves)]);
    /* Each leaf with UCB1 and with PUCT over priors. */
    jq_test_ai_set(ai, "Prior", k < G_N_ELEMENTS(leaves) ? "0" : "1.5");
    JqProgress last;
    JqMove m = think_iterations(ai, &view, 4000, &last);
    g_assert_true(jq_position_is_legal(&view, m));
    check_tree(ai, &view, m, &last, 4000);
    jq_ai_free(ai);
  }
  /* Xiangqi from the start: plain MCTS, the same bookkeeping. */
  JqPosition start;
  jq_position_init_start(&start, JQ_VARIANT_XIANGQI);
  JqAi *ai = tree_ai();
  jq_test_ai_set(ai, "Hash", "8");
  JqProgress last;
  JqMove m = think_iterations(ai, &start, 3000, &last);
  check_tree(ai, &start, m, &last, 3000);
  jq_ai_free(ai);
  jq_game_free(game);
}

/* With priors every root move gets a child at the first iteration,
 * weighted by its guessed gain: taking an undefended chariot weighs most,
 * a check more than a quiet move, and a few iterations are enough to play
 * the capture. */
static void test_priors(void) {
  JqPosition pos;
  jq_test_position_from_fen(&pos, "3k5/9/9/9/9/9/9/9/r8/R3K4 w - - 0 1");
  JqMove take = jq_move_make(jq_square_parse("a0"), jq_square_parse("a1"));
  JqAi *ai = tree_ai();
  jq_test_ai_set(ai, "Hash", "8");
  jq_test_ai_set(ai, "Prior", "1.5");
  /* The weighing itself: the hint would raise one root move's weight. */
  jq_test_ai_set(ai, "Hint", "0");
  JqProgress last;
  think_iterations(ai, &pos, 1, &last);
  const JqIsmctsTree *tree = jq_ai_ismcts_tree(ai, 0);
  JqMoveList legal;
  jq_generate_legal(&pos, JQ_GEN_ALL, &legal);
  /* Of two quiet chariot moves along the back rank, the check on the d
   * file weighs more. */
  JqMove check = jq_move_make(jq_square_parse("a0"), jq_square_parse("d0"));
  JqMove quiet = jq_move_make(jq_square_parse("a0"), jq_square_parse("c0"));
  int children = 0;
  float best_weight = 0.0f, take_weight = 0.0f;
  float check_weight = 0.0f, quiet_weight = 0.0f;
  JqIsmctsCursor cur;
  for (const JqIsmctsEdge *n = jq_ismcts_first_edge(tree, tree->root, &cur); n;
       n = jq_ismcts_next_edge(tree, &cur)) {
    children++;
    g_assert_cmpfloat(n->weight, >, 0.0f);
    if (n->weight > best_weight)
      best_weight = n->weight;
    if (n->move == take)
      take_weight = n->weight;
    if (n->move == check)
      check_weight = n->weight;
    if (n->move == quiet)
      quiet_weight = n->weight;
  }
  g_assert_cmpint(children, ==, legal.count);
  g_assert_cmpfloat(take_weight, ==, best_weight);
  g_assert_cmpfloat(quiet_weight, >, 0.0f);
  g_assert_cmpfloat(check_weight, >, 2.0f * quiet_weight);
  /* The first iteration went to the move the priors favour. */
  g_assert_cmpint(last.pv[0], ==, take);
  g_assert_cmpint(think_iterations(ai, &pos, 50, &last), ==, take);
  jq_ai_free(ai);
}

/* The root child of `move`'s share of the root's prior weight. */
static float root_weight_share(const JqIsmctsTree *tree, JqMove move) {
  float total = 0.0f, mine = 0.0f;
  JqIsmctsCursor cur;
  for (const JqIsmctsEdge *n = jq_ismcts_first_edge(tree, tree->root, &cur); n;
       n = jq_ismcts_next_edge(tree, &cur)) {
    total += n->weight;
    if (n->move == move)
      mine = n->weight;
  }
  return mine / total;
}

/* Hint: the move of a short alpha-beta search of the view gets half the
 * root's prior weight, which no move of the jieqi start has without it. */
static void test_hint(void) {
  JqPosition pos;
  jq_position_init_start(&pos, JQ_VARIANT_JIEQI);
  /* What the hint's search finds: 2000 iterations at Hint=20 give it
   * 2000 * 12 * 0.2 / 0.8 = 6000 nodes, from a clear table. */
  JqSearch *search = jq_search_new_sized(8);
  g_assert_nonnull(search);
  JqLimits limits;
  jq_limits_init(&limits);
  limits.nodes = 6000;
  JqMove expected = jq_search_run(search, &pos, &limits, NULL, NULL, NULL, NULL,
                                  NULL, 0, NULL);
  jq_search_free(search);
  g_assert_true(expected != JQ_MOVE_NONE);

  JqAi *ai = tree_ai();
  jq_test_ai_set(ai, "Hash", "8");
  jq_test_ai_set(ai, "Hint", "0");
  JqProgress last;
  think_iterations(ai, &pos, 2000, &last);
  const JqIsmctsTree *tree = jq_ai_ismcts_tree(ai, 0);
  float before = root_weight_share(tree, expected);
  g_assert_cmpfloat(before, >, 0.0f);
  g_assert_cmpfloat(before, <, 0.4f);

  jq_test_ai_set(ai, "Hint", "20");
  think_iterations(ai, &pos, 2000, &last);
  g_assert_cmpuint(last.iterations, ==, 2000);
  tree = jq_ai_ismcts_tree(ai, 0);
  g_assert_cmpfloat(root_weight_share(tree, expected), >=, 0.499f);
  jq_ai_free(ai);
}

/* Overrule's rule on root statistics: the hint's move unless a proof or a
 * move sampled as often with a mean higher by the margin says otherwise. */
static void test_overrule_rule(void) {
  enum { A = 101, B = 102, C = 103 };
  /* The tree's choice is A (most visited); the hint is B. */
  JqIsmctsRootTotal t[3] = {
      {A, 0, 255, 1000, 560.0}, /* mean 0.56 */
      {B, 0, 255, 900, 495.0},  /* mean 0.55 */
      {C, 0, 255, 100, 90.0},   /* mean 0.90, few visits */
  };
  /* Off, no hint, or a hint not among the root's moves: the tree's
   * choice. */
  g_assert_cmpint(jq_ismcts_overrule(t, 3, 0, B, 0.0), ==, 0);
  g_assert_cmpint(jq_ismcts_overrule(t, 3, 0, JQ_MOVE_NONE, 0.05), ==, 0);
  g_assert_cmpint(jq_ismcts_overrule(t, 3, 0, (JqMove)104, 0.05), ==, 0);
  /* A hint the tree never sampled: nothing against it, unless a proven
   * win. */
  JqIsmctsRootTotal unsampled[2] = {{A, 0, 255, 3, 2.0}, {B, 0, 255, 0, 0.0}};
  g_assert_cmpint(jq_ismcts_overrule(unsampled, 2, 0, B, 1.0), ==, 1);
  g_assert_cmpint(jq_ismcts_overrule(unsampled, 2, 0, B, 0.01), ==, 1);
  unsampled[0].proof = 1;
  g_assert_cmpint(jq_ismcts_overrule(unsampled, 2, 0, B, 1.0), ==, 0);
  /* Weak evidence (0.01 above the hint; C's mean is on fewer visits): the
   * hint. Clear evidence (a margin the difference reaches): A. */
  g_assert_cmpint(jq_ismcts_overrule(t, 3, 0, B, 0.02), ==, 1);
  g_assert_cmpint(jq_ismcts_overrule(t, 3, 0, B, 0.01), ==, 0);
  /* The hint the most visited: the hint. */
  g_assert_cmpint(jq_ismcts_overrule(t, 3, 1, B, 0.02), ==, 1);
  /* The challenger is the best mean among those sampled as often: C once
   * it has as many visits as the hint. */
  t[2].visits = 900;
  t[2].value = 900 * 0.60;
  g_assert_cmpint(jq_ismcts_overrule(t, 3, 0, B, 0.03), ==, 2);
  /* ... but not when it is proven lost. */
  t[2].proof = -1;
  g_assert_cmpint(jq_ismcts_overrule(t, 3, 0, B, 0.03), ==, 1);
  /* The hint proven lost while the tree's choice is not: the tree's. */
  t[1].proof = -1;
  g_assert_cmpint(jq_ismcts_overrule(t, 3, 0, B, 0.50), ==, 0);
  /* A proven win is played, whatever the means. */
  t[1].proof = 0;
  t[0].proof = 1;
  t[0].value = 0.0;
  g_assert_cmpint(jq_ismcts_overrule(t, 3, 0, B, 0.50), ==, 0);
}

/* Whether the root of worker 0's tree has a proven child. */
static bool root_has_proof(const JqIsmctsTree *t) {
  JqIsmctsCursor cur;
  for (JqIsmctsEdge *e = jq_ismcts_first_edge(t, t->root, &cur); e;
       e = jq_ismcts_next_edge(t, &cur))
    if (e->made && jq_ismcts_node(t, e->to)->proof)
      return true;
  return false;
}

/* Overrule=0 is the tree's own choice; with a margin the evidence cannot
 * reach, and by default (Hint=90, Overrule=100), the move played is the
 * hint's, the alpha-beta's on the view from a clear table (2000 iterations
 * at Hint=20: 6000 nodes; at Hint=90: 216,000), where the tree's own
 * choice is another in some of these positions. */
static JqMove hint_of(const JqPosition *view, uint64_t nodes) {
  JqSearch *search = jq_search_new_sized(8);
  g_assert_nonnull(search);
  JqLimits limits;
  jq_limits_init(&limits);
  limits.nodes = nodes;
  JqMove hint = jq_search_run(search, view, &limits, NULL, NULL, NULL, NULL,
                              NULL, 0, NULL);
  jq_search_free(search);
  return hint;
}

static void test_overrule_plays_hint(void) {
  int differ = 0;
  for (uint64_t seed = 0; seed <= 6; seed++) {
    JqGame *game = NULL;
    JqPosition view;
    if (seed == 0) {
      jq_position_init_start(&view, JQ_VARIANT_JIEQI);
    } else {
      game = jq_test_ai_middle_game(seed, 14, "3");
      jq_game_view(game, jq_game_side_to_move(game), &view);
    }
    JqMove hint = hint_of(&view, 6000);
    JqAi *ai = tree_ai();
    jq_test_ai_set(ai, "Hash", "8");
    jq_test_ai_set(ai, "Hint", "20");
    JqProgress off, on;
    JqMove tree = think_iterations(ai, &view, 2000, &off);
    g_assert_cmpuint(off.iterations, ==, 2000);
    g_assert_cmpuint(off.pv[0], ==, tree);
    jq_test_ai_set(ai, "Overrule", "100");
    jq_ai_new_game(ai);
    JqMove m = think_iterations(ai, &view, 2000, &on);
    g_assert_false(root_has_proof(jq_ai_ismcts_tree(ai, 0)));
    g_assert_cmpuint(on.iterations, ==, 2000);
    g_assert_cmpuint(m, ==, hint);
    g_assert_cmpuint(on.pv[0], ==, hint);
    differ += tree != hint;
    jq_ai_free(ai);
    /* The defaults. */
    ai = jq_test_ai_new("ismcts");
    jq_test_ai_set(ai, "Hash", "8");
    m = think_iterations(ai, &view, 2000, &on);
    if (!root_has_proof(jq_ai_ismcts_tree(ai, 0)))
      g_assert_cmpuint(m, ==, hint_of(&view, 2000 * 12 * 9));
    jq_ai_free(ai);
    if (game)
      jq_game_free(game);
  }
  g_test_message("the tree's own choice not the hint's in %d of 7", differ);
  g_assert_cmpint(differ, >, 0);
}

static void keep_all(const JqProgress *p, void *data) {
  g_array_append_val((GArray *)data, *p);
}

/* The hint's reports reach the caller while it runs (most of the move's
 * time is the hint's), and the final report, when the move is the hint's,
 * keeps the hint's depth, score and line and counts its nodes, beside the
 * tree's iterations. */
static void test_hint_report(void) {
  JqPosition view;
  jq_position_init_start(&view, JQ_VARIANT_JIEQI);
  JqAi *ai = jq_test_ai_new("ismcts"); /* the defaults: Hint 90, Overrule */
  jq_test_ai_set(ai, "Hash", "8");
  GArray *reports = g_array_new(FALSE, FALSE, sizeof(JqProgress));
  JqLimits limits;
  jq_limits_init(&limits);
  limits.nodes = 500;
  atomic_bool stop;
  atomic_init(&stop, false);
  JqMove m = jq_ai_think(ai, &view, &limits, &stop, keep_all, reports, NULL);
  g_assert_cmpuint(reports->len, >=, 2);
  const JqProgress *hint = NULL;
  for (guint i = 0; i + 1 < reports->len; i++) {
    const JqProgress *r = &g_array_index(reports, JqProgress, i);
    if (r->iterations == 0) /* the alpha-beta's */
      hint = r;
  }
  g_assert_nonnull(hint);
  g_assert_cmpint(hint->depth, >=, 3);
  g_assert_cmpuint(hint->pv[0], ==, m); /* no proof at the start */
  const JqProgress *last =
      &g_array_index(reports, JqProgress, reports->len - 1);
  g_assert_cmpuint(last->iterations, ==, 500);
  g_assert_cmpuint(last->nodes, ==, hint->nodes + 500);
  g_assert_cmpint(last->depth, ==, hint->depth);
  g_assert_cmpint(last->score, ==, hint->score);
  g_assert_cmpint(last->pv_len, ==, hint->pv_len);
  g_assert_true(memcmp(last->pv, hint->pv,
                       (size_t)hint->pv_len * sizeof hint->pv[0]) == 0);
  g_assert_cmpfloat(last->value, ==, jq_ismcts_win_probability(hint->score));
  g_array_unref(reports);
  jq_ai_free(ai);
}

typedef struct {
  GArray *reports;
  atomic_bool *stop;
} StopInHint;

static void stop_in_hint(const JqProgress *p, void *data) {
  StopInHint *st = data;
  g_array_append_val(st->reports, *p);
  if (p->iterations == 0 && p->depth >= 3)
    atomic_store(st->stop, true);
}

/* Stopped while the hint searches (as when it takes nearly all the
 * time), the tree gets an iteration or none, which says nothing against
 * the hint's move: that move is played, and reported. */
static void test_hint_stopped(void) {
  JqPosition view;
  jq_position_init_start(&view, JQ_VARIANT_JIEQI);
  JqAi *ai = jq_test_ai_new("ismcts");
  jq_test_ai_set(ai, "Hash", "8");
  atomic_bool stop;
  atomic_init(&stop, false);
  StopInHint st = {g_array_new(FALSE, FALSE, sizeof(JqProgress)), &stop};
  JqLimits limits;
  jq_limits_init(&limits);
  limits.movetime_ms = 20000;
  JqMove m = jq_ai_think(ai, &view, &limits, &stop, stop_in_hint, &st, NULL);
  const JqProgress *hint = NULL;
  for (guint i = 0; i < st.reports->len; i++) {
    const JqProgress *r = &g_array_index(st.reports, JqProgress, i);
    if (r->iterations == 0 && r->depth >= 3)
      hint = r;
  }
  g_assert_nonnull(hint);
  const JqProgress *last =
      &g_array_index(st.reports, JqProgress, st.reports->len - 1);
  g_assert_cmpuint(last->iterations, <=, 1);
  g_assert_cmpuint(m, ==, hint->pv[0]);
  g_assert_cmpuint(last->pv[0], ==, m);
  g_array_unref(st.reports);
  jq_ai_free(ai);
}

/* A proof overrules the hint: in this view from the yardstick
 * (bench/move-loss-positions.txt) the alpha-beta's move is a4a9, while the
 * tree proves a mate after a4b4 within 20,000 iterations, and plays it
 * under Overrule=100, where no difference of means could. */
static void test_overrule_proof(void) {
  JqPosition view;
  jq_test_position_from_fen(
      &view, "C2x4x/4k4/p3p4/2x6/6a1p/c8/9/4r4/4B4/3XKR3 b P1r1a1b2 5 33");
  JqSearch *search = jq_search_new_sized(8);
  g_assert_nonnull(search);
  JqLimits limits;
  jq_limits_init(&limits);
  limits.nodes = 240000; /* 20,000 * 12 at Hint=50 */
  JqMove hint = jq_search_run(search, &view, &limits, NULL, NULL, NULL, NULL,
                              NULL, 0, NULL);
  jq_search_free(search);
  g_assert_cmpuint(hint, ==, jq_test_move("a4a9"));
  JqAi *ai = tree_ai();
  jq_test_ai_set(ai, "Hash", "16");
  jq_test_ai_set(ai, "Hint", "50");
  jq_test_ai_set(ai, "Overrule", "100");
  JqProgress last;
  JqMove m = think_iterations(ai, &view, 20000, &last);
  g_assert_cmpuint(m, ==, jq_test_move("a4b4"));
  g_assert_cmpfloat(last.value, ==, 1.0); /* reported as proven won */
  jq_ai_free(ai);
}

/* With option `name` at 0 the tree plays `blunder` at 5,000 iterations;
 * with it at `on`, another legal move, the head of its reported line.
 * Returns that move. */
static JqMove assert_option_avoids(JqAi *ai, const JqPosition *pos,
                                   const char *name, const char *on,
                                   JqMove blunder) {
  JqProgress last;
  jq_test_ai_set(ai, name, "0");
  g_assert_cmpuint(think_iterations(ai, pos, 5000, &last), ==, blunder);
  jq_test_ai_set(ai, name, on);
  JqMove m = think_iterations(ai, pos, 5000, &last);
  g_assert_cmpuint(m, !=, blunder);
  g_assert_true(jq_position_is_legal(pos, m));
  g_assert_cmpint(last.pv_len, >=, 1);
  g_assert_cmpuint(last.pv[0], ==, m);
  g_assert_cmpuint(last.iterations, ==, 5000);
  return m;
}

/* Two positions where IS-MCTS walked into a mate against the alpha-beta
 * AI (seed 2050, games 1 and 24, docs/benchmarks.md session 15): Red's
 * Ne7-c8 lets Black mate in four; Black's hidden i9, out as a bishop, lets
 * Red's attack through. 5,000 iterations play both. */
static const char *const walked_into_mate[][2] = {
    {"4kx3/3R2a2/4Nc3/1p7/8p/9/5r3/3K5/1p2P4/1B7 w A1p1 a1c1 6 53", "e7c8"},
    {"N3kxxRx/n3b4/2aap3c/P3x1x1x/9/2P6/5r2X/4B1C2/3AP4/X2XK1XXX b "
     "A1B1N1R1P2b1r1c1p4 C1 16 17",
     "i9h9"},
};

/* A deal for `view`'s hidden pieces (seed 77) in which the piece on `sq`
 * is a `type`, its pool permitting: the one that drew it swaps with it. */
static void deal_with(const JqPosition *view, int sq, JqPieceType type,
                      JqPieceType deal[JQ_SQUARES]) {
  JqRng rng;
  jq_rng_seed(&rng, 77);
  jq_determinize(view, &rng, deal);
  int c = jq_piece_color(view->board[sq]);
  for (int s = 0; s < JQ_SQUARES; s++)
    if (s != sq && deal[s] == type && jq_piece_is_hidden(view->board[s]) &&
        (int)jq_piece_color(view->board[s]) == c)
      deal[s] = deal[sq];
  deal[sq] = type;
}

/* For each of walked_into_mate: option `name` at `on` avoids the blunder,
 * and the move played instead, searched alone by the alpha-beta, is not
 * mated where the blunder is. A hidden blunderer is judged as the piece
 * that makes it fatal: the search averages its identities as chances of
 * winning, where one mating identity in several is not a mate. */
static void assert_option_avoids_mates(const char *name, const char *on) {
  JqSearch *search = jq_search_new_sized(8);
  g_assert_nonnull(search);
  for (size_t i = 0; i < G_N_ELEMENTS(walked_into_mate); i++) {
    JqPosition pos;
    jq_test_position_from_fen(&pos, walked_into_mate[i][0]);
    JqMove blunder = jq_test_move(walked_into_mate[i][1]);
    JqAi *ai = tree_ai();
    jq_test_ai_set(ai, "Hash", "16");
    JqMove m = assert_option_avoids(ai, &pos, name, on, blunder);
    jq_ai_free(ai);
    int score[2];
    JqMove moves[2] = {blunder, m};
    JqPieceType deal[JQ_SQUARES];
    int from = jq_move_from(blunder);
    if (jq_piece_is_hidden(pos.board[from])) {
      /* i9h9 is mated when the hidden i9 turns out an elephant. */
      deal_with(&pos, from, JQ_ELEPHANT, deal);
      jq_search_set_deal(search, deal, 77);
    }
    for (int k = 0; k < 2; k++) {
      JqLimits limits;
      jq_limits_init(&limits);
      limits.nodes = 60000;
      limits.searchmoves[0] = moves[k];
      limits.searchmoves_count = 1;
      JqRootResult line = {JQ_MOVE_NONE, 0};
      int lines = 0;
      jq_search_clear(search);
      jq_search_run(search, &pos, &limits, NULL, NULL, NULL, NULL, &line, 1,
                    &lines);
      g_assert_cmpint(lines, ==, 1);
      score[k] = line.score;
    }
    jq_search_set_deal(search, NULL, 0);
    g_assert_cmpint(score[0], <=, -3000);
    g_assert_cmpint(score[1], >, score[0] + 2000);
  }
  jq_search_free(search);
}

/* PriorVisits: once a node has 50 visits its children's priors come from
 * the alpha-beta's quiescence after each move instead of the static
 * guess, and the tree finds the defence that the guess ranked too low to
 * be tried against the mating replies. */
static void test_prior_visits(void) {
  assert_option_avoids_mates("PriorVisits", "50");
}

/* The root's weight of each move, by move (0 when it has no child). */
static void root_weights(const JqIsmctsTree *tree, float *weights) {
  memset(weights, 0, (1u << 14) * sizeof *weights);
  JqIsmctsCursor cur;
  for (const JqIsmctsEdge *e = jq_ismcts_first_edge(tree, tree->root, &cur); e;
       e = jq_ismcts_next_edge(tree, &cur))
    weights[e->move] = e->weight;
}

/* The refined priors read no deal: a reveal is valued over its pool, so
 * the root's weights, set again after 20 visits, are the same whatever
 * determinizations the seed draws, and differ from the static ones. */
static void test_prior_visits_view(void) {
  JqPosition view;
  JqGame *game = interesting_game(&view);
  static float weights[3][1u << 14];
  const char *const seeds[3] = {"1", "2", "1"};
  const char *const visits[3] = {"20", "20", "0"};
  for (int k = 0; k < 3; k++) {
    JqAi *ai = tree_ai();
    jq_test_ai_set(ai, "Hash", "8");
    jq_test_ai_set(ai, "Hint", "0");
    jq_test_ai_set(ai, "Seed", seeds[k]);
    jq_test_ai_set(ai, "PriorVisits", visits[k]);
    JqProgress last;
    think_iterations(ai, &view, 300, &last);
    root_weights(jq_ai_ismcts_tree(ai, 0), weights[k]);
    jq_ai_free(ai);
  }
  int hidden_movers = 0, changed = 0;
  JqMoveList legal;
  jq_generate_legal(&view, JQ_GEN_ALL, &legal);
  for (int i = 0; i < legal.count; i++) {
    JqMove m = legal.moves[i];
    g_assert_cmpfloat(weights[0][m], >, 0.0f);
    g_assert_cmpfloat(weights[0][m], ==, weights[1][m]);
    changed += weights[0][m] != weights[2][m];
    hidden_movers += jq_piece_is_hidden(view.board[jq_move_from(m)]);
  }
  g_assert_cmpint(hidden_movers, >, 0);
  g_assert_cmpint(changed, >, legal.count / 2);
  jq_game_free(game);
}
/* PriorReveals: a refined node values a quiet reveal by one search (the
 * alpha-beta's representative identity), not once per identity its pool
 * holds; a hidden mover's capture by every identity under PriorReveals=1,
 * once under 2, and every reveal by each identity under 0. After 51
 * iterations with PriorVisits=50 only the root is refined: its moves cost
 * exactly that many searches, whatever the seed. */
static void test_prior_reveals(void) {
  JqPosition view;
  JqGame *game = interesting_game(&view);
  JqMoveList legal;
  jq_generate_legal(&view, JQ_GEN_ALL, &legal);
  int identities = 0;
  for (int t = JQ_ADVISOR; t < JQ_TYPE_COUNT; t++)
    identities += view.pool[view.side][t] > 0;
  /* Searches by PriorReveals = 0, 1, 2. */
  int expected[3] = {0, 0, 0}, quiet_reveals = 0;
  for (int i = 0; i < legal.count; i++) {
    JqMove m = legal.moves[i];
    bool hidden = jq_piece_is_hidden(view.board[jq_move_from(m)]);
    bool capture = view.board[jq_move_to(m)] != 0;
    quiet_reveals += hidden && !capture;
    expected[0] += hidden ? identities : 1;
    expected[1] += hidden && capture ? identities : 1;
    expected[2] += 1;
  }
  g_assert_cmpint(quiet_reveals, >, 0);
  g_assert_cmpint(identities, >, 1);
  g_assert_cmpint(expected[1], <, expected[0]);
  static const char *const modes[3] = {"0", "1", "2"};
  for (int seed = 1; seed <= 2; seed++)
    for (int mode = 0; mode < 3; mode++) {
      JqAi *ai = tree_ai();
      jq_test_ai_set(ai, "Hash", "8");
      jq_test_ai_set(ai, "Hint", "0");
      jq_test_ai_set(ai, "Seed", seed == 1 ? "1" : "2");
      jq_test_ai_set(ai, "PriorVisits", "50");
      if (mode != 1) /* 1 is the default */
        jq_test_ai_set(ai, "PriorReveals", modes[mode]);
      JqProgress last;
      think_iterations(ai, &view, 51, &last);
      g_assert_cmpuint(jq_ai_ismcts_prior_searches(ai), ==, expected[mode]);
      jq_test_ai_set(ai, "PriorVisits", "0");
      think_iterations(ai, &view, 51, &last);
      g_assert_cmpuint(jq_ai_ismcts_prior_searches(ai), ==, 0);
      jq_ai_free(ai);
    }
  jq_game_free(game);
}

/* Replays the tree below `index` in pos (a reveal through each of its
 * outcomes) and checks every complete node: its children are exactly the
 * moves legal in its position, which the search relies on to skip
 * generating them. Returns how many complete nodes were checked. */
static int check_complete(const JqIsmctsTree *tree, uint32_t index,
                          JqPosition *pos) {
  const JqIsmctsNode *n = jq_ismcts_node(tree, index);
  if (!n->edges)
    return 0;
  int checked = 0;
  JqIsmctsCursor cur;
  if (n->complete) {
    JqMoveList legal;
    jq_generate_legal(pos, JQ_GEN_ALL, &legal);
    int children = 0;
    for (const JqIsmctsEdge *e = jq_ismcts_first_edge(tree, index, &cur); e;
         e = jq_ismcts_next_edge(tree, &cur)) {
      bool found = false;
      for (int i = 0; i < legal.count; i++)
        found |= legal.moves[i] == e->move;
      g_assert_true(found);
      children++;
    }
    g_assert_cmpint(children, ==, legal.count);
    checked++;
  }
  for (const JqIsmctsEdge *e = jq_ismcts_first_edge(tree, index, &cur); e;
       e = jq_ismcts_next_edge(tree, &cur)) {
    if (!e->made || jq_ismcts_edge_is_outcome(e))
      continue; /* (a reveal is replayed below, one outcome at a time) */
    JqMove m = (JqMove)e->move;
    if (!jq_piece_is_hidden(pos->board[jq_move_from(m)])) {
      jq_position_make_move(pos, m, JQ_REVEAL_NONE);
      checked += check_complete(tree, e->to, pos);
      jq_position_unmake_move(pos);
      continue;
    }
    JqIsmctsCursor out;
    for (const JqIsmctsEdge *o = jq_ismcts_first_edge(tree, e->to, &out); o;
         o = jq_ismcts_next_edge(tree, &out)) {
      JqReveal reveal = {jq_ismcts_outcome_type(jq_ismcts_node(tree, o->to)),
                         JQ_NO_TYPE};
      jq_position_make_move(pos, m, reveal);
      checked += check_complete(tree, o->to, pos);
      jq_position_unmake_move(pos);
    }
  }
  return checked;
}

/* With outcomes, the position at a node is the same whatever the deal
 * that reached it (hidden pieces move by their points' roles; a reveal is
 * an outcome node of its own), so a node whose children cover its moves
 * is selected from without generating them. Checked over a jieqi middle
 * game's tree: a complete node's children are its legal moves. */
static void test_complete_nodes(void) {
  JqPosition view;
  JqGame *game = interesting_game(&view);
  JqAi *ai = tree_ai();
  jq_test_ai_set(ai, "Hash", "16");
  JqProgress last;
  think_iterations(ai, &view, 6000, &last);
  const JqIsmctsTree *tree = jq_ai_ismcts_tree(ai, 0);
  JqPosition pos = view;
  int checked = check_complete(tree, tree->root, &pos);
  g_test_message("%d complete nodes", checked);
  g_assert_cmpint(checked, >, 100);
  g_assert_cmpuint(pos.hash, ==, view.hash);
  g_assert_cmpint(pos.history_len, ==, view.history_len);
  jq_ai_free(ai);
  jq_game_free(game);
}

/* When the pool is full, the search goes on without growing the tree,
 * with either kind of leaf, and plays a legal move; the next move's
 * search does not carry the full tree over (there is no room to copy the
 * kept part to: it starts afresh). */
static void test_full_pool(void) {
  static const char *const leaves[] = {"probe", "playout"};
  for (size_t k = 0; k < G_N_ELEMENTS(leaves); k++) {
    JqPosition view;
    JqGame *game = interesting_game(&view);
    JqColor side = jq_game_side_to_move(game);
    JqAi *ai = tree_ai();
    jq_test_ai_set(ai, "Hash", "1");
    jq_test_ai_set(ai, "Leaf", leaves[k]);
    /* 1 MB holds about 3,000 iterations' tree here. */
    uint64_t iterations = 25000;
    JqProgress last;
    JqMove m = think_iterations(ai, &view, iterations, &last);
    const JqIsmctsTree *tree = jq_ai_ismcts_tree(ai, 0);
    g_assert_true(jq_ismcts_tree_full(tree));
    g_assert_cmpint(last.hashfull, >=, 999);
    g_assert_cmpint(last.hashfull, <=, 1000);
    check_tree(ai, &view, m, &last, iterations);
    g_assert_cmpint(last.pv_len, >=, 2);
    g_assert_true(jq_game_play(game, m, NULL));
    g_assert_true(jq_game_play(game, last.pv[1], NULL));
    jq_game_view(game, side, &view);
    JqMove again = think_iterations(ai, &view, 100, &last);
    g_assert_true(jq_position_is_legal(&view, again));
    g_assert_cmpuint(jq_ismcts_node(tree, tree->root)->visits, ==, 100);
    g_assert_cmpuint(tree->used, <, tree->capacity / 2);
    jq_ai_free(ai);
    jq_game_free(game);
  }
}

/* The root's visits by move (0 for a move without a node). */
static void root_visits(const JqIsmctsTree *tree, uint32_t *visits) {
  memset(visits, 0, (1u << 14) * sizeof *visits);
  JqIsmctsCursor cur;
  for (const JqIsmctsEdge *e = jq_ismcts_first_edge(tree, tree->root, &cur); e;
       e = jq_ismcts_next_edge(tree, &cur))
    visits[e->move] = jq_ismcts_edge_visits(tree, e);
}

/* A child's node is made only when it is first selected, its siblings
 * kept as edges: 2,000 iterations' tree fits in a 1 MB pool (it filled it
 * when every move of a node had a node at once), and computes what a
 * 16 MB one does: the same visits for every root move, the same move. */
static void test_small_pool(void) {
  JqPosition views[2];
  jq_position_init_start(&views[0], JQ_VARIANT_JIEQI);
  JqGame *game = interesting_game(&views[1]);
  static uint32_t visits[2][1u << 14];
  for (int v = 0; v < 2; v++) {
    JqMove moves[2];
    for (int k = 0; k < 2; k++) {
      JqAi *ai = tree_ai();
      jq_test_ai_set(ai, "Hash", k ? "16" : "1");
      JqProgress last;
      moves[k] = think_iterations(ai, &views[v], 2000, &last);
      g_assert_cmpuint(last.iterations, ==, 2000);
      const JqIsmctsTree *tree = jq_ai_ismcts_tree(ai, 0);
      g_assert_false(jq_ismcts_tree_full(tree));
      if (!k) {
        g_test_message("1 MB: hashfull %d after 2000 iterations",
                       last.hashfull);
        g_assert_cmpint(last.hashfull, <, 900);
      }
      root_visits(tree, visits[k]);
      jq_ai_free(ai);
    }
    g_assert_cmpuint(moves[0], ==, moves[1]);
    g_assert_cmpmem(visits[0], sizeof visits[0], visits[1], sizeof visits[1]);
  }
  jq_game_free(game);
}

/* The reply the tree visited most after our move `m`, just played in
 * `game`: when `m` turned a piece up, below the identity it turned up as
 * (the principal line may go through another). JQ_MOVE_NONE when none. */
static JqMove visited_reply(const JqIsmctsTree *tree, JqGame *game,
                            JqColor side, JqMove m) {
  JqPosition view;
  jq_game_view(game, side, &view);
  const JqUndo *u = &view.history[view.history_len - 1];
  JqIsmctsEdge *e = jq_ismcts_tree_edge(tree, tree->root, m);
  if (!e || !e->made)
    return JQ_MOVE_NONE;
  uint32_t node = jq_ismcts_edge_node(e);
  if (jq_piece_is_hidden(u->moved)) {
    e = jq_ismcts_tree_edge(tree, node,
                            (JqMove)(JQ_ISMCTS_OUTCOME | u->revealed));
    if (!e || !e->made)
      return JQ_MOVE_NONE;
    node = jq_ismcts_edge_node(e);
  }
  uint32_t best = jq_ismcts_tree_best_child(tree, node);
  return best ? jq_ismcts_node(tree, best)->move : JQ_MOVE_NONE;
}

/* A tree over half full keeps the subtree of the moves played since, copied
 * to the start of the pool, the rest freed: the next search starts from
 * its visits, the copy's statistics add up, and it takes exactly the
 * words of its nodes and edges. */
static void test_reuse_compacts(void) {
  JqPosition view;
  JqGame *game = interesting_game(&view);
  JqColor side = jq_game_side_to_move(game);
  JqAi *ai = tree_ai();
  jq_test_ai_set(ai, "Hash", "1");
  JqProgress last;
  JqMove m = think_iterations(ai, &view, 3000, &last);
  const JqIsmctsTree *tree = jq_ai_ismcts_tree(ai, 0);
  g_test_message("hashfull %d after the first search", last.hashfull);
  g_assert_cmpint(last.hashfull, >, 500);
  g_assert_false(jq_ismcts_tree_full(tree));
  int before = last.hashfull;
  g_assert_true(jq_game_play(game, m, NULL));
  JqMove reply = visited_reply(tree, game, side, m);
  g_assert_true(reply != JQ_MOVE_NONE);
  g_assert_true(jq_game_play(game, reply, NULL));
  jq_game_view(game, side, &view);
  JqMove again = think_iterations(ai, &view, 500, &last);
  g_assert_true(jq_position_is_legal(&view, again));
  const JqIsmctsNode *root = jq_ismcts_node(tree, tree->root);
  g_test_message("root visits %u after 500 iterations, hashfull %d",
                 root->visits, last.hashfull);
  g_assert_cmpuint(tree->root, ==, JQ_ISMCTS_FIRST_WORD);
  g_assert_cmpuint(root->visits, >, 500);
  g_assert_cmpint(last.hashfull, <, before);
  TreeCount count = {0};
  check_node(tree, tree->root, 0, &count);
  g_assert_cmpuint(count.words, ==, tree->used - JQ_ISMCTS_FIRST_WORD);
  jq_ai_free(ai);
  jq_game_free(game);
}

/* A pool far too small for the moves' trees (1 MB at 20,000 iterations a
 * move, tree reuse on): every search answers with a legal move, reports
 * hashfull in 0..1000, and leaves a consistent tree. */
static void test_tiny_pool_game(void) {
  JqGame *game = jq_test_ai_middle_game(7, 6, "3");
  JqAi *ai = tree_ai();
  jq_test_ai_set(ai, "Hash", "1");
  int full = 0;
  for (int ply = 0; ply < 16 && !jq_game_is_over(game); ply++) {
    JqPosition view;
    jq_game_view(game, jq_game_side_to_move(game), &view);
    JqProgress last;
    JqMove m = think_iterations(ai, &view, 20000, &last);
    g_assert_true(jq_position_is_legal(&view, m));
    g_assert_cmpint(last.hashfull, >=, 0);
    g_assert_cmpint(last.hashfull, <=, 1000);
    const JqIsmctsTree *tree = jq_ai_ismcts_tree(ai, 0);
    full += jq_ismcts_tree_full(tree);
    TreeCount count = {0};
    check_node(tree, tree->root, 0, &count);
    g_assert_cmpuint(count.words, <=, tree->used - JQ_ISMCTS_FIRST_WORD);
    g_assert_true(jq_game_play(game, m, NULL));
  }
  g_assert_cmpint(full, >, 0);
  jq_ai_free(ai);
  jq_game_free(game);
}

/* ---- (e) mates in two ---- */

typedef struct {
  const char *name;
  const char *fen;
} MateCase;

static const MateCase mate_cases[] = {
    /* The two chariots close the ranks in turn. */
    {"xiangqi-two-chariots", "3k5/9/9/9/9/9/8p/9/R8/1R3K3 w - - 0 1"},
    /* Horse check from c8, then the cannon along rank 8. */
    {"xiangqi-horse-cannon", "2bakab2/9/9/1N7/9/9/8p/9/9/1C1K5 w - - 0 1"},
    /* The same chariots in jieqi, with hidden pieces that may turn up as
     * anything their pools hold. */
    {"jieqi-two-chariots", "3k5/9/9/x8/9/9/6X1p/9/R8/1R3K3 w P1N1C1p1r1n1 0 1"},
};

static void test_mate_in_two(gconstpointer data) {
  const MateCase *c = data;
  JqPosition pos;
  jq_test_position_from_fen(&pos, c->fen);
  g_assert_false(jq_test_wins_within(&pos, 1));
  JqMoveList list;
  jq_generate_legal(&pos, JQ_GEN_ALL, &list);
  bool winning[JQ_MAX_MOVES];
  int winners = 0;
  for (int i = 0; i < list.count; i++) {
    winning[i] = jq_test_move_wins(&pos, list.moves[i], 2);
    winners += winning[i];
  }
  g_assert_cmpint(winners, >, 0);
  g_assert_cmpint(winners, <, list.count);

  JqAi *ai = tree_ai();
  jq_test_ai_set(ai, "Hash", "16");
  JqProgress last;
  JqMove m = think_iterations(ai, &pos, 20000, &last);
  bool found = false;
  for (int i = 0; i < list.count; i++)
    found |= winning[i] && list.moves[i] == m;
  char name[JQ_COORDS_MAX];
  jq_move_to_coords(m, name);
  if (!found)
    g_error("%s: played %s, which does not mate in two (value %.3f)", c->name,
            name, last.value);
  /* A forced win shows in the value, and the search saw it in time. */
  g_assert_cmpfloat(last.value, >, 0.9);
  g_test_message("%s: %s after %" G_GUINT64_FORMAT " iterations, value %.3f",
                 c->name, name, last.iterations, last.value);
  jq_ai_free(ai);
}

/* The jieqi positions with known best play (tests/data): the move within
 * the case's iteration count. */
static void test_jieqi_tactic(gconstpointer data) {
  const JqTestTactic *t = data;
  JqPosition pos;
  jq_test_tactic_check(t, &pos);
  JqAi *ai = tree_ai();
  jq_test_ai_set(ai, "Hash", "16");
  JqProgress last;
  JqMove m = think_iterations(ai, &pos, t->ismcts_iterations, &last);
  g_assert_true(jq_position_is_legal(&pos, m));
  g_assert_cmpuint(last.iterations, <=, t->ismcts_iterations);
  char name[JQ_COORDS_MAX];
  jq_move_to_coords(m, name);
  if (!jq_test_tactic_is_best(t, m))
    g_test_fail_printf("%s: played %s after %" G_GUINT64_FORMAT
                       " iterations, expected one of %s",
                       t->name, name, last.iterations, t->best);
  jq_ai_free(ai);
}

/* From a lost game against alpha-beta: Black's rook takes the cannon on
 * e4, and Rd7, a chariot offered to the king but covered by the advisor,
 * mates. Ranked low by the priors, that reply went unseen below a
 * tempting capture until a mate in one is looked for as a node's moves
 * are weighed. */
static void test_mate_in_one_reply(void) {
  JqPosition pos;
  jq_test_position_from_fen(&pos, "5x3/1p1n5/4k1r1a/2AR2B2/2b6/1r2C1P2/"
                                  "4c3X/9/9/2XXKX1p1 b A1N1P2a1b1n1c1p1 "
                                  "N1R1C1P1 12 28");
  JqMove capture = jq_test_move("b4e4");
  jq_position_make_move(&pos, capture, (JqReveal){0, 0});
  g_assert_true(jq_test_move_wins(&pos, jq_test_move("d6d7"), 1));
  jq_position_unmake_move(&pos);

  JqAi *ai = tree_ai();
  jq_test_ai_set(ai, "Hash", "16");
  for (int n = 2000; n <= 8000; n *= 2) {
    JqProgress last;
    JqMove m = think_iterations(ai, &pos, (uint64_t)n, &last);
    g_assert_cmpuint(m, !=, capture);
  }
  jq_ai_free(ai);
}

/* jq_search_value, by which PriorVisits values a node's moves: its
 * quiescence takes a hanging chariot that the static evaluation does not;
 * one ply more finds a mate in one; a mated side to move is lost at any
 * depth; the position is left as it was, and after a clear the same
 * position gets the same value. */
static void test_search_value(void) {
  JqSearch *search = jq_search_new_sized(1);
  g_assert_nonnull(search);
  g_assert_true(jq_search_reserve(search));
  JqPosition pos, before;
  jq_test_position_from_fen(&pos, "3k5/9/9/9/9/9/9/9/r8/R3K4 w - - 0 1");
  memcpy(&before, &pos, sizeof pos);
  int stand = jq_evaluate(&pos);
  int taken = jq_search_value(search, &pos, 0);
  g_assert_true(memcmp(&before, &pos, sizeof pos) == 0);
  g_assert_cmpint(taken, >=, stand + 500);

  /* Chariots on a8 and b0: b0b9 mates (rank 8 and rank 9 closed). */
  jq_test_position_from_fen(&pos, "3k5/R8/9/9/9/9/9/9/9/1R3K3 w - - 0 1");
  g_assert_true(jq_test_move_wins(&pos, jq_test_move("b0b9"), 1));
  memcpy(&before, &pos, sizeof pos);
  g_assert_cmpint(jq_search_value(search, &pos, 0), <, JQ_SCORE_MATE_BOUND);
  g_assert_cmpint(jq_search_value(search, &pos, 1), >, JQ_SCORE_MATE_BOUND);
  g_assert_true(memcmp(&before, &pos, sizeof pos) == 0);
  jq_position_make_move(&pos, jq_test_move("b0b9"), JQ_REVEAL_NONE);
  for (int depth = 0; depth <= 2; depth++)
    g_assert_cmpint(jq_search_value(search, &pos, depth), <,
                    -JQ_SCORE_MATE_BOUND);

  /* A jieqi middle game: the same value again from a clear state, and the
   * view untouched (its long history included). */
  JqGame *game = interesting_game(&pos);
  memcpy(&before, &pos, sizeof pos);
  for (int depth = 0; depth <= 2; depth++) {
    jq_search_clear(search);
    int first = jq_search_value(search, &pos, depth);
    jq_search_clear(search);
    g_assert_cmpint(jq_search_value(search, &pos, depth), ==, first);
    g_assert_cmpint(abs(first), <, JQ_SCORE_MATE_BOUND);
    g_assert_true(memcmp(&before, &pos, sizeof pos) == 0);
  }
  jq_game_free(game);
  jq_search_free(search);
}

/* Center: leaves are valued against the root's offset, for the side to
 * move at the root and against it for the other; a draw is a level score,
 * so bad far ahead; and the report is in plain centipawns again. */
static void test_center(void) {
  JqIsmctsWorld world = {.observer = JQ_RED, .offset = 150};
  g_assert_cmpfloat_with_epsilon(
      jq_ismcts_relative_probability(&world, JQ_RED, 150), 0.5, 1e-9);
  g_assert_cmpfloat_with_epsilon(
      jq_ismcts_relative_probability(&world, JQ_BLACK, -150), 0.5, 1e-9);
  for (int cp = -400; cp <= 400; cp += 200)
    g_assert_cmpfloat_with_epsilon(
        jq_ismcts_relative_probability(&world, JQ_RED, cp) +
            jq_ismcts_relative_probability(&world, JQ_BLACK, -cp),
        1.0, 1e-9);
  g_assert_cmpfloat(jq_ismcts_relative_probability(&world, JQ_RED, 0), <, 0.35);

  /* A chariot up: both report a large lead, the centred search too. */
  JqPosition pos;
  jq_test_position_from_fen(&pos, "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1");
  static const char *const centers[] = {"0", "0.5", "1"};
  for (size_t i = 0; i < G_N_ELEMENTS(centers); i++) {
    JqAi *ai = tree_ai();
    jq_test_ai_set(ai, "Hash", "16");
    jq_test_ai_set(ai, "Center", centers[i]);
    JqProgress last;
    think_iterations(ai, &pos, 2000, &last);
    g_assert_cmpint(last.score, >, 300);
    g_assert_cmpfloat(last.value, >, 0.8);
    jq_ai_free(ai);
  }
}

/* ---- (f) legal moves over many fast self-play games ---- */

typedef enum { OPP_RANDOM, OPP_GREEDY, OPP_ALPHABETA, OPPONENTS } Opponent;

#ifndef SELFPLAY_GAMES
#define SELFPLAY_GAMES 500
#endif
#define SELFPLAY_ITERATIONS 200
#define SELFPLAY_MAX_PLIES 100

static void run_selfplay(JqVariant variant) {
  JqAi *ismcts = tree_ai();
  jq_test_ai_set(ismcts, "Hash", "1");
  JqAi *opp[OPPONENTS] = {jq_test_ai_new("random"), jq_test_ai_new("greedy"),
                          jq_test_ai_new("alphabeta")};
  jq_test_ai_set(opp[OPP_ALPHABETA], "Hash", "1");
  static const char *const leaves[] = {"eval", "playout", "probe"};
  long ismcts_moves = 0;
  int finished = 0, points[OPPONENTS] = {0}, games[OPPONENTS] = {0};
  for (int g = 0; g < SELFPLAY_GAMES; g++) {
    JqGame *game = jq_game_new(variant, (uint64_t)g + 77);
    Opponent o = (Opponent)(g % OPPONENTS);
    JqColor ismcts_side = (g / OPPONENTS) % 2 ? JQ_BLACK : JQ_RED;
    char seed[24];
    g_snprintf(seed, sizeof seed, "%d", g);
    jq_test_ai_set(ismcts, "Seed", seed);
    jq_test_ai_set(ismcts, "Leaf", leaves[(g / 2) % G_N_ELEMENTS(leaves)]);
    jq_test_ai_set(opp[OPP_RANDOM], "Seed", seed);
    jq_test_ai_set(opp[OPP_GREEDY], "Seed", seed);
    for (int ply = 0; ply < SELFPLAY_MAX_PLIES && !jq_game_is_over(game);
         ply++) {
      JqColor side = jq_game_side_to_move(game);
      JqPosition view;
      jq_game_view(game, side, &view);
      JqLimits limits;
      jq_limits_init(&limits);
      JqAi *ai;
      if (side == ismcts_side) {
        ai = ismcts;
        limits.nodes = SELFPLAY_ITERATIONS;
      } else {
        ai = opp[o];
        limits.depth = 1;
      }
      atomic_bool stop;
      atomic_init(&stop, false);
      JqMove m = jq_ai_think(ai, &view, &limits, &stop, NULL, NULL, NULL);
      JqError err;
      if (!jq_game_is_legal(game, m) || !jq_game_play(game, m, &err)) {
        char name[JQ_COORDS_MAX];
        jq_move_to_coords(m, name);
        g_error("game %d, ply %d: %s played %s, which is illegal", g, ply,
                ai == ismcts ? "ismcts" : "its opponent", name);
      }
      ismcts_moves += ai == ismcts;
    }
    finished += jq_game_is_over(game);
    /* Points for ismcts: 2 a win, 1 a draw or an unfinished game. */
    JqOutcome outcome = jq_game_result(game).outcome;
    JqOutcome won =
        ismcts_side == JQ_RED ? JQ_OUTCOME_RED_WINS : JQ_OUTCOME_BLACK_WINS;
    points[o] += outcome == won                                         ? 2
                 : outcome == JQ_OUTCOME_DRAW || !jq_game_is_over(game) ? 1
                                                                        : 0;
    games[o]++;
    jq_game_free(game);
  }
  g_test_message("%s: %d games, %d finished, %ld ismcts moves; ismcts "
                 "scored %.0f%% against random, %.0f%% against greedy, "
                 "%.0f%% against alpha-beta depth 1",
                 variant == JQ_VARIANT_JIEQI ? "jieqi" : "xiangqi",
                 SELFPLAY_GAMES, finished, ismcts_moves,
                 50.0 * points[OPP_RANDOM] / games[OPP_RANDOM],
                 50.0 * points[OPP_GREEDY] / games[OPP_GREEDY],
                 50.0 * points[OPP_ALPHABETA] / games[OPP_ALPHABETA]);
  /* Even 200 iterations crush the random mover. */
  g_assert_cmpint(points[OPP_RANDOM], >, games[OPP_RANDOM] * 2 * 8 / 10);
  g_assert_cmpint(ismcts_moves, >, SELFPLAY_GAMES * 10);
  g_assert_cmpint(finished, >, SELFPLAY_GAMES / 4);
  jq_ai_free(ismcts);
  for (int k = 0; k < OPPONENTS; k++)
    jq_ai_free(opp[k]);
}

static void test_selfplay_xiangqi(void) { run_selfplay(JQ_VARIANT_XIANGQI); }
static void test_selfplay_jieqi(void) { run_selfplay(JQ_VARIANT_JIEQI); }

/* ---- options, limits, stopping ---- */

/* A forced win proven through the opponent's reveals: after Ra8 (quiet,
 * the king kept to its rank) Black's replies are a king step or the hidden
 * piece on i6 stepping forward, turning up as any of five identities, and
 * Rb9 mates after each. The root is held to Ra8 and a king step (the
 * checks first mate without a reveal), so only a proof that passes the
 * reveal's outcomes makes the value certain and stops the search before
 * its iteration limit. */
static void test_solver_through_reveals(void) {
  JqPosition pos;
  jq_test_position_from_fen(&pos,
                            "3k5/9/9/8x/9/9/9/9/R8/1R3K3 w p1r1n1c1b1 0 1");
  JqMove quiet = jq_move_make(jq_square_parse("a1"), jq_square_parse("a8"));
  JqMove king = jq_move_make(jq_square_parse("f0"), jq_square_parse("f1"));
  g_assert_true(jq_test_move_wins(&pos, quiet, 2));
  g_assert_false(jq_test_move_wins(&pos, king, 2));
  jq_position_make_move(&pos, quiet, JQ_REVEAL_NONE);
  JqMove step = jq_move_make(jq_square_parse("i6"), jq_square_parse("i5"));
  g_assert_true(jq_position_is_legal(&pos, step));
  jq_position_unmake_move(&pos);

  JqAi *ai = tree_ai();
  jq_test_ai_set(ai, "Hash", "16");
  JqLimits limits;
  jq_limits_init(&limits);
  limits.nodes = 100000;
  limits.searchmoves_count = 2;
  limits.searchmoves[0] = quiet;
  limits.searchmoves[1] = king;
  atomic_bool stop;
  atomic_init(&stop, false);
  JqProgress last;
  memset(&last, 0, sizeof last);
  JqMove m = jq_ai_think(ai, &pos, &limits, &stop, keep_last, &last, NULL);
  g_assert_cmpint(m, ==, quiet);
  g_assert_cmpfloat(last.value, ==, 1.0);
  g_assert_cmpuint(last.iterations, <, limits.nodes);
  g_test_message("proven after %" G_GUINT64_FORMAT " iterations",
                 last.iterations);
  const JqIsmctsTree *tree = jq_ai_ismcts_tree(ai, 0);
  JqIsmctsCursor cur;
  for (const JqIsmctsEdge *e = jq_ismcts_first_edge(tree, tree->root, &cur); e;
       e = jq_ismcts_next_edge(tree, &cur)) {
    if (e->move != quiet)
      continue;
    g_assert_true(e->made);
    uint32_t c = e->to;
    const JqIsmctsNode *n = jq_ismcts_node(tree, c);
    g_assert_cmpint(n->proof, >, 0);
    g_assert_cmpint(n->plies, ==, 2); /* a reply, then Rb9 mates */
    /* Below it, the reveal is proven lost for Black, each outcome too
     * (and so every reply has its node). */
    int outcomes = 0;
    JqIsmctsCursor replies;
    for (const JqIsmctsEdge *r = jq_ismcts_first_edge(tree, c, &replies); r;
         r = jq_ismcts_next_edge(tree, &replies)) {
      g_assert_true(r->made);
      const JqIsmctsNode *reply = jq_ismcts_node(tree, r->to);
      g_assert_cmpint(reply->proof, <, 0);
      if (reply->move != step)
        continue;
      JqIsmctsCursor out;
      for (const JqIsmctsEdge *o = jq_ismcts_first_edge(tree, r->to, &out); o;
           o = jq_ismcts_next_edge(tree, &out)) {
        g_assert_true(jq_ismcts_is_outcome(jq_ismcts_node(tree, o->to)));
        g_assert_cmpint(jq_ismcts_node(tree, o->to)->proof, <, 0);
        outcomes++;
      }
    }
    g_assert_cmpint(outcomes, ==, 5);
  }
  jq_ai_free(ai);
}

/* ---- the solver's mate distances ---- */

/* A child of `parent` for move m, made by a selection step where m is the
 * only legal move; the parent is then said to have `moves` moves. */
static uint32_t hand_child(JqIsmctsTree *tree, uint32_t parent, JqMove m,
                           int moves) {
  JqIsmctsSelectParams params = {.exploration = 0.7};
  JqMoveList legal = {.count = 1};
  legal.moves[0] = m;
  JqRng rng;
  jq_rng_seed(&rng, 1);
  bool expanded;
  uint32_t c = jq_ismcts_tree_select(tree, parent, &legal, 0, &params, NULL,
                                     NULL, &rng, &expanded);
  g_assert_true(expanded);
  jq_ismcts_node(tree, parent)->moves = (uint8_t)moves;
  return c;
}

/* The path ends on a mated position: proves it and passes the proof up,
 * after `visits` visits through it. */
static void hand_mate(JqIsmctsTree *tree, const uint32_t *path, int length,
                      int visits) {
  JqIsmctsNode *end = jq_ismcts_node(tree, path[length - 1]);
  for (int i = 0; i < visits; i++)
    jq_ismcts_tree_backup(tree, path, length, (JqColor)(end->mover ^ 1), 0.0);
  end->proof = 1;
  jq_ismcts_tree_prove(tree, path, length, NULL);
}

/* Among proven moves the distance decides, not the visits: the shortest
 * of two forced wins (a mate at once, not one in three plies that the
 * tree happened to visit more), and the longest of two forced losses (the
 * opponent must find a mate in four plies, not one in two). Selection
 * takes the shortest win too. */
static void test_solver_distance(void) {
  JqIsmctsTree tree;
  g_assert_true(jq_ismcts_tree_init(&tree, 1 << 20));
  JqMove a = jq_move_make(0, 1), b = jq_move_make(0, 2);
  JqMove r = jq_move_make(80, 81), x = jq_move_make(1, 3);

  /* Wins for Red: a, then Black's only reply, then x mates; b mates. */
  jq_ismcts_tree_reset(&tree, JQ_BLACK);
  uint32_t path[6] = {tree.root};
  path[1] = hand_child(&tree, tree.root, a, 2);
  path[2] = hand_child(&tree, path[1], r, 1);
  path[3] = hand_child(&tree, path[2], x, 1);
  hand_mate(&tree, path, 4, 10);
  g_assert_cmpint(jq_ismcts_node(&tree, path[1])->proof, >, 0);
  g_assert_cmpint(jq_ismcts_node(&tree, path[1])->plies, ==, 2);
  uint32_t won_at_once = hand_child(&tree, tree.root, b, 2);
  path[1] = won_at_once;
  hand_mate(&tree, path, 2, 1);
  g_assert_cmpint(jq_ismcts_node(&tree, won_at_once)->plies, ==, 0);
  g_assert_cmpuint(jq_ismcts_tree_best_child(&tree, tree.root), ==,
                   won_at_once);
  JqIsmctsSelectParams params = {.exploration = 0.7};
  JqMoveList both = {.count = 2, .moves = {a, b}};
  JqRng rng;
  jq_rng_seed(&rng, 1);
  bool expanded;
  g_assert_cmpuint(jq_ismcts_tree_select(&tree, tree.root, &both, 0, &params,
                                         NULL, NULL, &rng, &expanded),
                   ==, won_at_once);
  g_assert_cmpuint(
      jq_ismcts_tree_select_complete(&tree, tree.root, &params, &expanded), ==,
      won_at_once);

  /* Losses for Red: after a Black mates at once; after b Black plays a
   * quiet move, Red has one reply, and Black mates then. */
  jq_ismcts_tree_reset(&tree, JQ_BLACK);
  path[1] = hand_child(&tree, tree.root, a, 2);
  path[2] = hand_child(&tree, path[1], r, 1);
  hand_mate(&tree, path, 3, 10);
  g_assert_cmpint(jq_ismcts_node(&tree, path[1])->proof, <, 0);
  g_assert_cmpint(jq_ismcts_node(&tree, path[1])->plies, ==, 1);
  uint32_t lost_later = hand_child(&tree, tree.root, b, 2);
  path[1] = lost_later;
  path[2] = hand_child(&tree, path[1], r, 1);
  path[3] = hand_child(&tree, path[2], x, 1);
  path[4] = hand_child(&tree, path[3], jq_move_make(81, 82), 1);
  hand_mate(&tree, path, 5, 1);
  g_assert_cmpint(jq_ismcts_node(&tree, lost_later)->proof, <, 0);
  g_assert_cmpint(jq_ismcts_node(&tree, lost_later)->plies, ==, 3);
  g_assert_cmpuint(jq_ismcts_tree_best_child(&tree, tree.root), ==, lost_later);
  jq_ismcts_tree_free(&tree);
}

static void test_options(void) {
  JqAi *ai = tree_ai();
  g_assert_cmpstr(jq_ai_algorithm(ai), ==, "ismcts");
  JqError err;
  static const char *const good[][2] = {
      {"Seed", "0"},           {"Exploration", "0.7"},
      {"Leaf", "playout"},     {"CapturesFirst", "false"},
      {"leaf", "PROBE"},       {"PlayoutPlies", "12"},
      {"Hash", "2"},           {"Threads", "2"},
      {"Threads", "1"},        {"MultiPV", "3"},
      {"Skill Level", "10"},   {"UCI_Elo", "1500"},
      {"Ponder", "true"},      {"UCI_LimitStrength", "false"},
      {"Move Overhead", "30"}, {"Outcomes", "true"},
      {"Reuse", "FALSE"},      {"Reuse", "true"},
      {"Prior", "0"},          {"Prior", "2.5"},
      {"FirstPlay", "0"},      {"FirstPlay", "0.25"},
      {"Center", "0.5"},       {"Center", "0"},
      {"Hint", "10"},          {"Hint", "0"},
  };
  for (size_t i = 0; i < G_N_ELEMENTS(good); i++)
    if (!jq_ai_set_option(ai, good[i][0], good[i][1], &err))
      g_error("%s=%s refused: %s", good[i][0], good[i][1], err.message);
  static const char *const bad[][2] = {
      {"Hash", "0"},          {"Hash", "x"},          {"Threads", "0"},
      {"Leaf", "oracle"},     {"Exploration", "-1"},  {"Exploration", "a"},
      {"PlayoutPlies", "-1"}, {"Seed", "-3"},         {"Ponder", "maybe"},
      {"Skill Level", "21"},  {"Exploration", "0,7"}, {"Frobnicate", "1"},
      {"Outcomes", "yes"},    {"Reuse", "1"},         {"Prior", "-0.5"},
      {"Prior", "101"},       {"FirstPlay", "1.5"},   {"FirstPlay", "x"},
      {"Center", "1.5"},      {"Center", "-1"},       {"Hint", "91"},
      {"Hint", "0.5"},        {"Leaf", "search"},
  };
  for (size_t i = 0; i < G_N_ELEMENTS(bad); i++) {
    memset(&err, 0, sizeof err);
    g_assert_false(jq_ai_set_option(ai, bad[i][0], bad[i][1], &err));
    g_assert_cmpuint(strlen(err.message), >, 0);
  }
  /* Options measured and removed (docs/benchmarks.md, session 18): unknown
   * now, whatever the value. */
  static const char *const removed[][2] = {
      {"Guard", "10"},
      {"Veto", "10"},
      {"Check", "30"},
      {"MateHint", "50"},
      {"LowerBound", "0.5"},
      {"Widening", "1"},
      {"ChecksFirst", "true"},
      {"MinimaxWeight", "0.6"},
      {"FirstPlayStatic", "true"},
      {"LeafDepth", "1"},
  };
  for (size_t i = 0; i < G_N_ELEMENTS(removed); i++) {
    memset(&err, 0, sizeof err);
    g_assert_false(jq_ai_set_option(ai, removed[i][0], removed[i][1], &err));
    g_assert_nonnull(strstr(err.message, "unknown option"));
  }
  /* The pool is indexed in 4-byte words: no more than 16 GB is offered. */
  memset(&err, 0, sizeof err);
  g_assert_false(jq_ai_set_option(ai, "Hash", "16385", &err));
  g_assert_nonnull(strstr(err.message, "16384"));
  /* A refused Hash changed nothing: the tree is still the 2 MB one. */
  const JqIsmctsTree *tree = jq_ai_ismcts_tree(ai, 0);
  g_assert_cmpuint(tree->capacity, ==, 2u * 1024 * 1024 / sizeof(uint32_t));
  g_assert_null(jq_ai_ismcts_tree(ai, 1));
  JqAi *other = jq_test_ai_new("random");
  g_assert_null(jq_ai_ismcts_tree(other, 0));
  jq_ai_free(other);
  jq_ai_free(ai);
}

typedef struct {
  JqAi *ai;
  JqPosition pos;
  JqLimits limits;
  atomic_bool stop;
  JqMove move;
  gint64 done_us;
  int reports;
  JqProgress last;
} ThinkJob;

static void count_report(const JqProgress *p, void *data) {
  ThinkJob *job = data;
  job->reports++;
  job->last = *p;
}

static gpointer think_thread(gpointer data) {
  ThinkJob *job = data;
  job->move = jq_ai_think(job->ai, &job->pos, &job->limits, &job->stop,
                          count_report, job, NULL);
  job->done_us = g_get_monotonic_time();
  return NULL;
}

/* A stop request is seen after the iteration under way, not some
 * iterations later: with the alpha-beta search at the leaves an iteration
 * takes milliseconds, and a batch of them made the AI lose on time. The
 * progress callback requests the stop, so the count is exact whatever the
 * machine's speed. */
typedef struct {
  atomic_bool *stop;
  uint64_t at; /* iterations when the stop was requested, 0 before */
  JqProgress last;
} StopOnReport;

static void stop_on_report(const JqProgress *p, void *data) {
  StopOnReport *r = data;
  r->last = *p;
  if (!r->at) {
    r->at = p->iterations;
    atomic_store(r->stop, true);
  }
}

static void test_prompt_stop(void) {
  JqPosition pos;
  jq_position_init_start(&pos, JQ_VARIANT_JIEQI);
  JqAi *ai = tree_ai();
  JqLimits limits;
  jq_limits_init(&limits);
  limits.infinite = true;
  atomic_bool stop;
  atomic_init(&stop, false);
  StopOnReport r = {.stop = &stop};
  JqMove m = jq_ai_think(ai, &pos, &limits, &stop, stop_on_report, &r, NULL);
  g_assert_true(jq_position_is_legal(&pos, m));
  g_assert_cmpuint(r.at, >, 0);
  g_assert_cmpuint(r.last.iterations, <=, r.at + 1);
  jq_ai_free(ai);
}

static void test_stop_and_time(void) {
  for (int v = 0; v < 2; v++) {
    /* Infinite until stopped: reports on the way, prompt return. */
    ThinkJob job;
    memset(&job, 0, sizeof job);
    job.ai = tree_ai();
    jq_position_init_start(&job.pos, (JqVariant)v);
    jq_limits_init(&job.limits);
    job.limits.infinite = true;
    atomic_init(&job.stop, false);
    GThread *t = g_thread_new("think", think_thread, &job);
    g_usleep(350 * 1000);
    gint64 stopped_us = g_get_monotonic_time();
    atomic_store(&job.stop, true);
    g_thread_join(t);
    g_assert_cmpint(job.done_us - stopped_us, <, 100 * 1000);
    g_assert_true(jq_position_is_legal(&job.pos, job.move));
    g_assert_cmpint(job.reports, >=, 2); /* ~every 100 ms, and the end */
    g_assert_cmpint(job.last.pv[0], ==, job.move);
    g_assert_cmpuint(job.last.iterations, >, 0);
    g_assert_cmpuint(job.last.nps, >, 0);
    g_test_message("%s start: %" G_GUINT64_FORMAT " iterations/s",
                   v ? "jieqi" : "xiangqi", job.last.nps);

    /* A fixed time per move is kept. */
    jq_limits_init(&job.limits);
    job.limits.movetime_ms = 150;
    gint64 start = g_get_monotonic_time();
    JqMove m =
        jq_ai_think(job.ai, &job.pos, &job.limits, &job.stop, NULL, NULL, NULL);
    /* The stop flag is still set from above: it ends this one at once. */
    g_assert_cmpint(g_get_monotonic_time() - start, <, 100 * 1000);
    g_assert_true(jq_position_is_legal(&job.pos, m));
    atomic_store(&job.stop, false);
    start = g_get_monotonic_time();
    m = jq_ai_think(job.ai, &job.pos, &job.limits, &job.stop, NULL, NULL, NULL);
    gint64 elapsed = g_get_monotonic_time() - start;
    g_assert_cmpint(elapsed, >=, 140 * 1000);
    g_assert_cmpint(elapsed, <, 400 * 1000);
    g_assert_true(jq_position_is_legal(&job.pos, m));

    /* A clock: a thirtieth of what is left, plus most of the increment. */
    jq_limits_init(&job.limits);
    job.limits.time_ms[job.pos.side] = 6000;
    job.limits.inc_ms[job.pos.side] = 0;
    start = g_get_monotonic_time();
    m = jq_ai_think(job.ai, &job.pos, &job.limits, &job.stop, NULL, NULL, NULL);
    elapsed = g_get_monotonic_time() - start;
    g_assert_cmpint(elapsed, >=, 150 * 1000);
    g_assert_cmpint(elapsed, <, 500 * 1000);
    g_assert_true(jq_position_is_legal(&job.pos, m));
    jq_ai_free(job.ai);
  }
}

/* searchmoves narrows the root; depth N stands for N * 1000 iterations;
 * pondering lasts until ponderhit, then the time limit applies. */
static void test_limits(void) {
  JqAi *ai = tree_ai();
  JqPosition pos;
  jq_position_init_start(&pos, JQ_VARIANT_JIEQI);
  JqLimits limits;
  jq_limits_init(&limits);
  limits.nodes = 500;
  limits.searchmoves_count = 2;
  limits.searchmoves[0] = jq_test_move("a3a4");
  limits.searchmoves[1] = jq_test_move("i0i1");
  atomic_bool stop;
  atomic_init(&stop, false);
  JqProgress last;
  JqMove m = jq_ai_think(ai, &pos, &limits, &stop, keep_last, &last, NULL);
  g_assert_true(m == limits.searchmoves[0] || m == limits.searchmoves[1]);
  const JqIsmctsTree *tree = jq_ai_ismcts_tree(ai, 0);
  int children = 0;
  JqIsmctsCursor cur;
  for (const JqIsmctsEdge *e = jq_ismcts_first_edge(tree, tree->root, &cur); e;
       e = jq_ismcts_next_edge(tree, &cur))
    children++;
  g_assert_cmpint(children, ==, 2);

  jq_limits_init(&limits);
  limits.depth = 2;
  jq_ai_think(ai, &pos, &limits, &stop, keep_last, &last, NULL);
  g_assert_cmpuint(last.iterations, ==, 2000);

  /* Weaker levels think less: 50 iterations at skill 0, 100 at Elo 1000. */
  jq_limits_init(&limits);
  limits.movetime_ms = 5000;
  jq_test_ai_set(ai, "Skill Level", "0");
  jq_ai_think(ai, &pos, &limits, &stop, keep_last, &last, NULL);
  g_assert_cmpuint(last.iterations, ==, 50);
  jq_test_ai_set(ai, "UCI_LimitStrength", "true");
  jq_test_ai_set(ai, "UCI_Elo", "1000");
  jq_ai_think(ai, &pos, &limits, &stop, keep_last, &last, NULL);
  g_assert_cmpuint(last.iterations, ==, 100);
  jq_test_ai_set(ai, "UCI_LimitStrength", "false");
  jq_test_ai_set(ai, "Skill Level", "20");

  ThinkJob job;
  memset(&job, 0, sizeof job);
  job.ai = ai;
  job.pos = pos;
  jq_limits_init(&job.limits);
  job.limits.ponder = true;
  job.limits.movetime_ms = 100;
  atomic_init(&job.stop, false);
  GThread *t = g_thread_new("ponder", think_thread, &job);
  g_usleep(250 * 1000);
  g_assert_cmpint(job.done_us, ==, 0); /* still pondering past movetime */
  gint64 hit_us = g_get_monotonic_time();
  jq_ai_ponderhit(ai);
  g_thread_join(t);
  g_assert_cmpint(job.done_us - hit_us, >=, 90 * 1000);
  g_assert_cmpint(job.done_us - hit_us, <, 300 * 1000);
  g_assert_true(jq_position_is_legal(&pos, job.move));
  jq_ai_free(ai);
}

/* Two threads: independent trees, merged; the move is legal and the
 * iteration count is the total asked for. */
/* The next search starts from the subtree of the moves played since the
 * last one (the AI's move, what it revealed, the reply), and the tree
 * stays consistent; Reuse=false starts afresh. */
static void test_tree_reuse(void) {
  for (int reuse = 1; reuse >= 0; reuse--) {
    JqGame *game = jq_test_ai_middle_game(5, 12, "3");
    JqColor side = jq_game_side_to_move(game);
    JqPosition view;
    jq_game_view(game, side, &view);
    JqAi *ai = tree_ai();
    jq_test_ai_set(ai, "Hash", "16");
    jq_test_ai_set(ai, "Reuse", reuse ? "true" : "false");
    JqProgress last;
    JqMove m = think_iterations(ai, &view, 6000, &last);
    const JqIsmctsTree *tree = jq_ai_ismcts_tree(ai, 0);
    g_assert_true(jq_game_play(game, m, NULL));
    JqMove reply = visited_reply(tree, game, side, m);
    g_assert_true(reply != JQ_MOVE_NONE);
    g_assert_true(jq_game_play(game, reply, NULL));
    jq_game_view(game, side, &view);
    JqMove again = think_iterations(ai, &view, 2000, &last);
    g_assert_true(jq_position_is_legal(&view, again));
    const JqIsmctsNode *root = jq_ismcts_node(tree, tree->root);
    g_test_message("reuse %d: root visits %u after 2000 iterations", reuse,
                   root->visits);
    if (reuse)
      g_assert_cmpuint(root->visits, >, 2000);
    else
      g_assert_cmpuint(root->visits, ==, 2000);
    TreeCount count = {0};
    check_node(tree, tree->root, 0, &count);
    g_assert_cmpuint(count.words, <=, tree->used - JQ_ISMCTS_FIRST_WORD);
    /* A new game forgets the tree. */
    jq_ai_new_game(ai);
    think_iterations(ai, &view, 500, &last);
    g_assert_cmpuint(jq_ismcts_node(tree, tree->root)->visits, ==, 500);
    jq_ai_free(ai);
    jq_game_free(game);
  }
}

static void test_threads(void) {
  JqPosition view;
  JqGame *game = interesting_game(&view);
  JqAi *ai = tree_ai();
  jq_test_ai_set(ai, "Threads", "2");
  jq_test_ai_set(ai, "Hash", "8");
  JqProgress last;
  JqMove m = think_iterations(ai, &view, 4000, &last);
  g_assert_true(jq_position_is_legal(&view, m));
  g_assert_cmpuint(last.iterations, ==, 4000);
  uint64_t visits = 0;
  for (int i = 0; i < 2; i++) {
    const JqIsmctsTree *tree = jq_ai_ismcts_tree(ai, i);
    g_assert_nonnull(tree);
    visits += jq_ismcts_node(tree, tree->root)->visits;
  }
  g_assert_cmpuint(visits, ==, 4000);
  jq_ai_free(ai);
  jq_game_free(game);
}

/* Halving=4 at a fixed budget: after the warm-up (30%) the four most
 * visited root moves are candidates, the two rounds (35% each) go to them
 * evenly (the forcing: PUCT alone gives a few of them most visits), the
 * better half by mean goes on, and the move played is the survivor, even
 * where another root move has more visits. A search on a kept subtree
 * counts each round's visits from its start, not the carried ones. */
static void check_halving(JqAi *ai, const JqPosition *view, JqMove played,
                          uint64_t iterations, int *overrides, int *full) {
  const JqIsmctsHalving *h = jq_ai_ismcts_halving(ai);
  g_assert_nonnull(h);
  /* Fewer when fewer root moves were tried in the warm-up. */
  g_assert_cmpint(h->count, >=, 2);
  g_assert_cmpint(h->count, <=, 4);
  g_assert_cmpint(h->rounds, ==, h->count > 2 ? 2 : 1);
  g_assert_cmpint(h->round, ==, h->rounds);
  g_assert_cmpint(h->alive, ==, 1);
  *full += h->count == 4;
  g_assert_cmpuint(played, ==, h->move[0]);
  g_assert_true(jq_position_is_legal(view, played));
  uint64_t warm = iterations * 3 / 10, rounds = (uint64_t)h->rounds;
  int alive = h->count;
  for (int r = 0; r < h->rounds; r++) {
    uint64_t in_round = (iterations - warm) * (uint64_t)(r + 1) / rounds -
                        (iterations - warm) * (uint64_t)r / rounds;
    g_test_message("round %d: %d candidates, %u visits, least %u", r,
                   h->round_alive[r], h->round_gained[r], h->round_least[r]);
    g_assert_cmpint(h->round_alive[r], ==, alive);
    alive = (alive + 1) / 2;
    /* Every iteration of the round went to a candidate... */
    g_assert_cmpuint(h->round_gained[r], ==, in_round);
    /* ... each getting its share (to one visit). */
    g_assert_cmpuint((uint64_t)h->round_least[r] * (uint64_t)h->round_alive[r],
                     >=, in_round - (uint64_t)h->round_alive[r]);
  }
  /* The last round's loser (second, once sorted) has no better mean. */
  const JqIsmctsTree *tree = jq_ai_ismcts_tree(ai, 0);
  const JqIsmctsEdge *won = jq_ismcts_tree_edge(tree, tree->root, h->move[0]);
  const JqIsmctsEdge *lost = jq_ismcts_tree_edge(tree, tree->root, h->move[1]);
  const JqIsmctsNode *a = jq_ismcts_node(tree, won->to);
  const JqIsmctsNode *b = jq_ismcts_node(tree, lost->to);
  g_assert_cmpfloat(a->value / a->visits, >=, b->value / b->visits);
  /* Is the survivor another move than the most visited? */
  uint32_t most = 0;
  JqMove most_move = JQ_MOVE_NONE;
  JqIsmctsCursor cur;
  for (const JqIsmctsEdge *e = jq_ismcts_first_edge(tree, tree->root, &cur); e;
       e = jq_ismcts_next_edge(tree, &cur))
    if (jq_ismcts_edge_visits(tree, e) > most) {
      most = jq_ismcts_edge_visits(tree, e);
      most_move = e->move;
    }
  *overrides += most_move != played;
}

static void test_halving(void) {
  int overrides = 0, full = 0;
  for (uint64_t seed = 1; seed <= 10; seed++) {
    JqGame *game = jq_test_ai_middle_game(seed, 12, "3");
    JqColor side = jq_game_side_to_move(game);
    JqPosition view;
    jq_game_view(game, side, &view);
    JqAi *ai = tree_ai();
    jq_test_ai_set(ai, "Hash", "16");
    jq_test_ai_set(ai, "Seed", "7");
    jq_test_ai_set(ai, "Halving", "4");
    JqProgress last;
    JqMove m = think_iterations(ai, &view, 4000, &last);
    check_halving(ai, &view, m, 4000, &overrides, &full);
    /* The report names the survivor, and its line starts with it. */
    g_assert_cmpint(last.pv_len, >=, 1);
    g_assert_cmpuint(last.pv[0], ==, m);
    if (seed == 1 && last.pv_len >= 2) {
      /* A kept subtree: its root children carry visits. */
      g_assert_true(jq_game_play(game, m, NULL));
      g_assert_true(jq_game_play(game, last.pv[1], NULL));
      jq_game_view(game, side, &view);
      m = think_iterations(ai, &view, 4000, &last);
      const JqIsmctsTree *tree = jq_ai_ismcts_tree(ai, 0);
      g_assert_cmpuint(jq_ismcts_node(tree, tree->root)->visits, >, 4000);
      check_halving(ai, &view, m, 4000, &overrides, &full);
    }
    if (seed == 2) {
      /* By time: the warm-up and the rounds by the clock, each round's
       * iterations spread as evenly, the survivor played. */
      JqLimits limits;
      jq_limits_init(&limits);
      limits.movetime_ms = 400;
      atomic_bool stop;
      atomic_init(&stop, false);
      jq_ai_new_game(ai);
      m = jq_ai_think(ai, &view, &limits, &stop, keep_last, &last, NULL);
      const JqIsmctsHalving *h = jq_ai_ismcts_halving(ai);
      g_assert_nonnull(h);
      g_assert_cmpint(h->alive, ==, 1);
      g_assert_cmpuint(m, ==, h->move[0]);
      g_assert_cmpuint(h->round_gained[0], >, 0);
      for (int r = 0; r < h->round; r++) {
        g_test_message("by time, round %d: %d candidates, %u visits, least %u",
                       r, h->round_alive[r], h->round_gained[r],
                       h->round_least[r]);
        g_assert_cmpuint(
            (uint64_t)h->round_least[r] * (uint64_t)h->round_alive[r], >=,
            (uint64_t)h->round_gained[r] - (uint64_t)h->round_alive[r]);
      }
    }
    /* Off: no halving, PUCT's most visited move. */
    jq_test_ai_set(ai, "Halving", "0");
    jq_ai_new_game(ai);
    think_iterations(ai, &view, 2000, &last);
    g_assert_null(jq_ai_ismcts_halving(ai));
    jq_ai_free(ai);
    jq_game_free(game);
  }
  g_test_message("survivor not the most visited move in %d searches, "
                 "%d of them with 4 candidates",
                 overrides, full);
  g_assert_cmpint(full, >, 0);
  g_assert_cmpint(overrides, >, 0);
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_data_func("/ismcts/blind-to-deal", "0", test_blind_to_deal);
  g_test_add_data_func("/ismcts/blind-to-deal-hint", "20", test_blind_to_deal);
  g_test_add_data_func("/ismcts/blind-to-deal-defaults", "90",
                       test_blind_to_deal);
  g_test_add_func("/ismcts/source-reads-no-arbiter",
                  test_source_reads_no_arbiter);
  g_test_add_func("/ismcts/sampler-distribution", test_sampler_distribution);
  g_test_add_func("/ismcts/tree-statistics", test_tree_statistics);
  g_test_add_func("/ismcts/full-pool", test_full_pool);
  g_test_add_func("/ismcts/small-pool", test_small_pool);
  g_test_add_func("/ismcts/reuse-compacts", test_reuse_compacts);
  g_test_add_func("/ismcts/tiny-pool-game", test_tiny_pool_game);
  g_test_add_func("/ismcts/complete-nodes", test_complete_nodes);
  g_test_add_func("/ismcts/priors", test_priors);
  g_test_add_func("/ismcts/hint", test_hint);
  g_test_add_func("/ismcts/overrule-rule", test_overrule_rule);
  g_test_add_func("/ismcts/overrule-plays-hint", test_overrule_plays_hint);
  g_test_add_func("/ismcts/hint-report", test_hint_report);
  g_test_add_func("/ismcts/hint-stopped", test_hint_stopped);
  g_test_add_func("/ismcts/overrule-proof", test_overrule_proof);
  g_test_add_func("/ismcts/prior-visits", test_prior_visits);
  g_test_add_func("/ismcts/prior-visits-view", test_prior_visits_view);
  g_test_add_func("/ismcts/prior-reveals", test_prior_reveals);
  for (size_t i = 0; i < G_N_ELEMENTS(mate_cases); i++) {
    char *path = g_strdup_printf("/ismcts/mate-in-two/%s", mate_cases[i].name);
    g_test_add_data_func(path, &mate_cases[i], test_mate_in_two);
    g_free(path);
  }
  g_test_add_func("/ismcts/mate-in-one-reply", test_mate_in_one_reply);
  GPtrArray *tactics = jq_test_tactics_load();
  for (guint i = 0; i < tactics->len; i++) {
    const JqTestTactic *t = g_ptr_array_index(tactics, i);
    if (t->ismcts_iterations == 0)
      continue; /* a known weakness, noted in the data file */
    char *path = g_strdup_printf("/ismcts/jieqi-tactic/%s", t->name);
    g_test_add_data_func(path, t, test_jieqi_tactic);
    g_free(path);
  }
  g_test_add_func("/ismcts/search-value", test_search_value);
  g_test_add_func("/ismcts/center", test_center);
  g_test_add_func("/ismcts/solver-through-reveals",
                  test_solver_through_reveals);
  g_test_add_func("/ismcts/solver-distance", test_solver_distance);
  g_test_add_func("/ismcts/options", test_options);
  g_test_add_func("/ismcts/stop-and-time", test_stop_and_time);
  g_test_add_func("/ismcts/prompt-stop", test_prompt_stop);
  g_test_add_func("/ismcts/limits", test_limits);
  g_test_add_func("/ismcts/threads", test_threads);
  g_test_add_func("/ismcts/halving", test_halving);
  g_test_add_func("/ismcts/tree-reuse", test_tree_reuse);
  g_test_add_func("/ismcts/selfplay-xiangqi", test_selfplay_xiangqi);
  g_test_add_func("/ismcts/selfplay-jieqi", test_selfplay_jieqi);
  int rc = g_test_run();
  g_ptr_array_unref(tactics);
  return rc;
}
