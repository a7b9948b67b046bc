/* The baseline AIs: "random" (a uniformly random legal move, repeatable by
 * its Seed) and "greedy" (one-ply capturer). */
#include <string.h>

#include "jq-ai.h"
#include "jq-fen.h"
#include "jq-movegen.h"
#include "jq-test-util.h"

static JqAi *new_ai(const char *algorithm, const char *seed) {
  JqError err;
  JqAi *ai = jq_ai_new(algorithm, &err);
  if (!ai)
    g_error("%s", err.message);
  if (seed && !jq_ai_set_option(ai, "Seed", seed, &err))
    g_error("%s", err.message);
  return ai;
}

static JqMove think(JqAi *ai, const JqPosition *pos) {
  JqLimits limits;
  jq_limits_init(&limits);
  atomic_bool stop;
  atomic_init(&stop, false);
  return jq_ai_think(ai, pos, &limits, &stop, NULL, NULL, NULL);
}

static void test_random_legal_and_uniform(void) {
  for (int v = 0; v < 2; v++) {
    JqPosition start;
    jq_position_init_start(&start, (JqVariant)v);
    JqMoveList legal;
    jq_generate_legal(&start, JQ_GEN_ALL, &legal);
    JqAi *ai = new_ai("random", "5");
    g_assert_cmpstr(jq_ai_algorithm(ai), ==, "random");
    int seen[JQ_MAX_MOVES] = {0};
    int draws = 100 * legal.count;
    for (int i = 0; i < draws; i++) {
      JqMove m = think(ai, &start);
      int k = 0;
      while (k < legal.count && legal.moves[k] != m)
        k++;
      g_assert_cmpint(k, <, legal.count); /* always a legal move */
      seen[k]++;
    }
    /* Uniform: each move comes about 100 times, none far off. */
    for (int k = 0; k < legal.count; k++) {
      g_assert_cmpint(seen[k], >, 50);
      g_assert_cmpint(seen[k], <, 150);
    }
    jq_ai_free(ai);
  }
}

static void test_random_seed_repeats(void) {
  JqPosition start;
  jq_position_init_start(&start, JQ_VARIANT_XIANGQI);
  JqAi *a = new_ai("random", "42"), *b = new_ai("random", "42");
  JqAi *c = new_ai("random", "43");
  int differ = 0;
  for (int i = 0; i < 50; i++) {
    JqMove ma = think(a, &start), mb = think(b, &start), mc = think(c, &start);
    g_assert_cmpint(ma, ==, mb);
    differ += ma != mc;
  }
  g_assert_cmpint(differ, >, 25);
  /* Seeding again starts the same sequence again. */
  JqError err;
  g_assert_true(jq_ai_set_option(a, "Seed", "7", &err));
  g_assert_true(jq_ai_set_option(b, "seed", "7", &err));
  for (int i = 0; i < 20; i++)
    g_assert_cmpint(think(a, &start), ==, think(b, &start));
  jq_ai_free(a);
  jq_ai_free(b);
  jq_ai_free(c);
}

static void test_random_searchmoves_and_no_move(void) {
  JqPosition start;
  jq_position_init_start(&start, JQ_VARIANT_XIANGQI);
  JqAi *ai = new_ai("random", "1");
  JqLimits limits;
  jq_limits_init(&limits);
  limits.searchmoves[0] = jq_test_move("h2e2");
  limits.searchmoves[1] = jq_test_move("b2e2");
  limits.searchmoves_count = 2;
  atomic_bool stop;
  atomic_init(&stop, false);
  int counts[2] = {0, 0};
  for (int i = 0; i < 200; i++) {
    JqMove m = jq_ai_think(ai, &start, &limits, &stop, NULL, NULL, NULL);
    g_assert_true(m == limits.searchmoves[0] || m == limits.searchmoves[1]);
    counts[m == limits.searchmoves[1]]++;
  }
  g_assert_cmpint(counts[0], >, 50);
  g_assert_cmpint(counts[1], >, 50);

  /* Black is mated: nothing to play. */
  JqPosition mated;
  jq_test_position_from_fen(&mated, "R2k5/8R/9/9/9/9/9/9/9/4K4 b - - 0 1");
  g_assert_cmpint(think(ai, &mated), ==, JQ_MOVE_NONE);
  jq_ai_free(ai);
  ai = new_ai("greedy", "1");
  g_assert_cmpint(think(ai, &mated), ==, JQ_MOVE_NONE);
  jq_ai_free(ai);
}

static void test_options(void) {
  const char *algorithms[] = {"random", "greedy"};
  JqPosition start;
  jq_position_init_start(&start, JQ_VARIANT_XIANGQI);
  for (int a = 0; a < 2; a++) {
    JqAi *ai = new_ai(algorithms[a], "9");
    JqAi *twin = new_ai(algorithms[a], "9");
    JqError err;
    /* The common options are taken when their values make sense. */
    g_assert_true(jq_ai_set_option(ai, "Hash", "64", &err));
    g_assert_true(jq_ai_set_option(ai, "Threads", "2", &err));
    g_assert_true(jq_ai_set_option(ai, "MultiPV", "3", &err));
    g_assert_true(jq_ai_set_option(ai, "skill level", "10", &err));
    g_assert_true(jq_ai_set_option(ai, "UCI_LimitStrength", "true", &err));
    g_assert_true(jq_ai_set_option(ai, "UCI_Elo", "1500", &err));
    /* Bad values and unknown names are refused with a message... */
    struct {
      const char *name, *value, *says;
    } bad[] = {
        {"Seed", "abc", "Seed"},
        {"Seed", "-1", "Seed"},
        {"Seed", "", "Seed"},
        {"Hash", "0", "Hash"},
        {"Hash", "lots", "Hash"},
        {"Skill Level", "25", "Skill Level"},
        {"UCI_LimitStrength", "maybe", "true or false"},
        {"Frobnicate", "1", "Frobnicate"},
    };
    for (size_t i = 0; i < G_N_ELEMENTS(bad); i++) {
      err.message[0] = '\0';
      g_assert_false(jq_ai_set_option(ai, bad[i].name, bad[i].value, &err));
      if (!strstr(err.message, bad[i].says))
        g_error("%s=%s: \"%s\"", bad[i].name, bad[i].value, err.message);
    }
    /* ...and change nothing: the dice are still those of Seed 9. */
    for (int i = 0; i < 20; i++)
      g_assert_cmpint(think(ai, &start), ==, think(twin, &start));
    jq_ai_free(ai);
    jq_ai_free(twin);
  }
  JqError err;
  g_assert_null(jq_ai_new("nosuch", &err));
  g_assert_nonnull(strstr(err.message, "nosuch"));
}

/* The best victim, then the cheapest capturer: the horse takes the
 * chariot, not the chariot, and nobody takes the pawn. */
static void test_greedy_prefers_value_then_cheap_capturer(void) {
  JqPosition pos;
  jq_test_position_from_fen(&pos, "3k5/9/9/p8/9/Rr7/9/2N6/9/4K4 w - - 0 1");
  g_assert_true(jq_test_has_legal_move(&pos, "a4b4"));
  g_assert_true(jq_test_has_legal_move(&pos, "a4a6"));
  JqAi *ai = new_ai("greedy", "3");
  for (int i = 0; i < 30; i++)
    g_assert_cmpint(think(ai, &pos), ==, jq_test_move("c2b4"));
  jq_ai_free(ai);

  /* Two equal captures: both get chosen over time. */
  jq_test_position_from_fen(&pos, "3k5/9/9/9/9/r7r/9/9/9/R3K3R w - - 0 1");
  ai = new_ai("greedy", "3");
  int left = 0, right = 0;
  for (int i = 0; i < 60; i++) {
    JqMove m = think(ai, &pos);
    left += m == jq_test_move("a0a4");
    right += m == jq_test_move("i0i4");
  }
  g_assert_cmpint(left + right, ==, 60);
  g_assert_cmpint(left, >, 10);
  g_assert_cmpint(right, >, 10);
  jq_ai_free(ai);
}

/* A hidden piece is worth its side's pool on average, as the view knows
 * it: all chariots left makes it worth more than a horse, all pawns less. */
static void test_greedy_values_hidden_by_pool(void) {
  const char *fens[2] = {
      "x2k5/9/9/9/8n/9/9/9/9/R3K3R w r1 - 0 1",
      "x2k5/9/9/9/8n/9/9/9/9/R3K3R w p1 - 0 1",
  };
  const char *want[2] = {"a0a9", "i0i5"};
  for (int i = 0; i < 2; i++) {
    JqPosition pos;
    jq_test_position_from_fen(&pos, fens[i]);
    g_assert_true(jq_position_is_jieqi(&pos));
    JqAi *ai = new_ai("greedy", "4");
    for (int k = 0; k < 10; k++)
      g_assert_cmpint(think(ai, &pos), ==, jq_test_move(want[i]));
    jq_ai_free(ai);
  }
}

/* No capture on the board: a legal move all the same, and not always the
 * same one. */
static void test_greedy_without_captures(void) {
  JqPosition start;
  jq_position_init_start(&start, JQ_VARIANT_JIEQI);
  JqAi *ai = new_ai("greedy", "8");
  JqMove first = think(ai, &start);
  bool varied = false;
  for (int i = 0; i < 30; i++) {
    JqMove m = think(ai, &start);
    g_assert_true(jq_position_is_legal(&start, m));
    varied |= m != first;
  }
  g_assert_true(varied);
  jq_ai_free(ai);
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/ai-baselines/random-legal-uniform",
                  test_random_legal_and_uniform);
  g_test_add_func("/ai-baselines/random-seed", test_random_seed_repeats);
  g_test_add_func("/ai-baselines/random-searchmoves",
                  test_random_searchmoves_and_no_move);
  g_test_add_func("/ai-baselines/options", test_options);
  g_test_add_func("/ai-baselines/greedy-value",
                  test_greedy_prefers_value_then_cheap_capturer);
  g_test_add_func("/ai-baselines/greedy-hidden",
                  test_greedy_values_hidden_by_pool);
  g_test_add_func("/ai-baselines/greedy-quiet", test_greedy_without_captures);
  return g_test_run();
}
