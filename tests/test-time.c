/* Time management: what share of the clock one move may take. */
#include <glib.h>

#include "jq-time.h"

static void plan(const JqLimits *l, int side, int64_t *soft, int64_t *hard) {
  jq_time_plan(l, side, soft, hard);
  g_test_message("soft %" G_GINT64_FORMAT " hard %" G_GINT64_FORMAT, *soft,
                 *hard);
}

static JqLimits clock_limits(int red_ms, int black_ms, int inc_ms) {
  JqLimits l;
  jq_limits_init(&l);
  l.time_ms[JQ_RED] = red_ms;
  l.time_ms[JQ_BLACK] = black_ms;
  l.inc_ms[JQ_RED] = l.inc_ms[JQ_BLACK] = inc_ms;
  return l;
}

static void test_no_clock(void) {
  JqLimits l;
  jq_limits_init(&l);
  l.depth = 8;
  int64_t soft = -1, hard = -1;
  plan(&l, JQ_RED, &soft, &hard);
  g_assert_cmpint(soft, ==, 0);
  g_assert_cmpint(hard, ==, 0);
  l.movetime_ms = 750;
  plan(&l, JQ_RED, &soft, &hard);
  g_assert_cmpint(soft, ==, 750);
  g_assert_cmpint(hard, ==, 750);
}

/* Sudden death with increment, as in 10 s + 0.1 s games: an opening move
 * takes a fair share (games end within some 60 moves) and never risks the
 * clock. */
static void test_sudden_death(void) {
  JqLimits l = clock_limits(10000, 2000, 100);
  int64_t soft, hard;
  plan(&l, JQ_RED, &soft, &hard);
  g_assert_cmpint(soft, >=, 10000 / 30);
  g_assert_cmpint(soft, <=, 10000 / 10);
  g_assert_cmpint(hard, >=, soft);
  g_assert_cmpint(hard, <=, 10000 / 2);
  /* The side to move's clock is the one that counts. */
  int64_t soft_b, hard_b;
  plan(&l, JQ_BLACK, &soft_b, &hard_b);
  g_assert_cmpint(soft_b, <, soft);
  g_assert_cmpint(hard_b, <, 2000);
  /* More increment, more time. */
  JqLimits more = clock_limits(10000, 2000, 1000);
  int64_t soft_inc, hard_inc;
  plan(&more, JQ_RED, &soft_inc, &hard_inc);
  g_assert_cmpint(soft_inc, >, soft);
}

/* Almost flagged: the move still fits in what is left. */
static void test_short_clock(void) {
  JqLimits l = clock_limits(60, 60, 0);
  int64_t soft, hard;
  plan(&l, JQ_RED, &soft, &hard);
  g_assert_cmpint(soft, >=, 1);
  g_assert_cmpint(hard, <, 60);
  g_assert_cmpint(hard, >=, soft);
}

/* One move to the time control may use most of the clock, not all. */
static void test_moves_to_go(void) {
  JqLimits l = clock_limits(5000, 5000, 0);
  l.movestogo = 1;
  int64_t soft, hard;
  plan(&l, JQ_RED, &soft, &hard);
  g_assert_cmpint(soft, >=, 2000);
  g_assert_cmpint(hard, <, 5000);
}

/* Between iterations: a settled search stops sooner, a falling score or a
 * new best move buys more time, and nothing goes past the hard limit. */
static void test_iteration_limit(void) {
  const int64_t soft = 1000, hard = 3000;
  int64_t usual = jq_time_iteration_limit(soft, hard, 10, 1, 50, 50);
  g_assert_cmpint(usual, >, 0);
  g_assert_cmpint(usual, <, soft);
  int64_t settled = jq_time_iteration_limit(soft, hard, 10, 6, 50, 50);
  g_assert_cmpint(settled, <, usual);
  int64_t falling = jq_time_iteration_limit(soft, hard, 10, 1, -20, 50);
  g_assert_cmpint(falling, >, usual);
  int64_t changed = jq_time_iteration_limit(soft, hard, 10, 0, 50, 50);
  g_assert_cmpint(changed, >, usual);
  int64_t both = jq_time_iteration_limit(soft, hard, 10, 0, -20, 50);
  g_assert_cmpint(both, >, falling);
  g_assert_cmpint(both, >, changed);
  /* A rising score is no trouble. */
  g_assert_cmpint(jq_time_iteration_limit(soft, hard, 10, 1, 200, 50), ==,
                  usual);
  /* Shallow iterations swing for nothing. */
  g_assert_cmpint(jq_time_iteration_limit(soft, hard, 3, 0, -500, 50), ==,
                  usual);
  /* The hard limit caps it. */
  g_assert_cmpint(jq_time_iteration_limit(soft, 1100, 10, 0, -500, 50), <=,
                  1100);
}

/* Jieqi: no iteration is skipped while more than half the time remains,
 * however settled the search; past that the usual rule holds. */
static void test_jieqi_iteration_limit(void) {
  const int64_t soft = 1000, hard = 3000;
  for (int stable = 0; stable < 8; stable++)
    for (int score = -100; score <= 100; score += 100) {
      int64_t j =
          jq_time_jieqi_iteration_limit(soft, hard, 10, stable, score, 50);
      int64_t x = jq_time_iteration_limit(soft, hard, 10, stable, score, 50);
      g_assert_cmpint(j, >=, soft / 2);
      g_assert_cmpint(j, >=, x);
      g_assert_cmpint(j, <=, x > soft / 2 ? x : soft / 2);
    }
  /* The settled case is where xiangqi stops earlier. */
  g_assert_cmpint(jq_time_iteration_limit(soft, hard, 10, 6, 50, 50), <,
                  soft / 2);
}

/* A jieqi move with a clock is cut at the planned time, not at the far
 * later limit a xiangqi move may run to; without a plan nothing changes. */
static void test_jieqi_hard_limit(void) {
  int64_t soft, hard;
  JqLimits l = clock_limits(300000, 300000, 0);
  plan(&l, JQ_RED, &soft, &hard);
  g_assert_cmpint(hard, >, 2 * soft);
  g_assert_cmpint(jq_time_jieqi_hard_limit(soft, hard), ==, soft);
  g_assert_cmpint(jq_time_jieqi_hard_limit(1000, 600), ==, 600);
  g_assert_cmpint(jq_time_jieqi_hard_limit(0, 0), ==, 0);
  g_assert_cmpint(jq_time_jieqi_hard_limit(0, 500), ==, 500);
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/time/no-clock", test_no_clock);
  g_test_add_func("/time/sudden-death", test_sudden_death);
  g_test_add_func("/time/short-clock", test_short_clock);
  g_test_add_func("/time/moves-to-go", test_moves_to_go);
  g_test_add_func("/time/iteration-limit", test_iteration_limit);
  g_test_add_func("/time/jieqi-iteration-limit", test_jieqi_iteration_limit);
  g_test_add_func("/time/jieqi-hard-limit", test_jieqi_hard_limit);
  return g_test_run();
}
