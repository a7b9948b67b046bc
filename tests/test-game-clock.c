/* The game clock's logic with a fake time source: which clock runs, the
 * increment, the flag falling, pause and resume, going back to an earlier
 * position's times, and the PGN time control's text. */
#include "jq-game-clock.h"

static gint64 fake_now_us;

static gint64 fake_now(gpointer data) { return fake_now_us; }

static void advance_ms(int ms) { fake_now_us += (gint64)ms * 1000; }

static JqGameClock *new_clock(int base_s, int inc_s) {
  JqTimeControl tc = {base_s * 1000, inc_s * 1000};
  JqGameClock *clock = jq_game_clock_new(&tc, JQ_RED);
  fake_now_us = 1000000;
  jq_game_clock_set_time_source(clock, fake_now, NULL);
  return clock;
}

static void test_running_side_and_increment(void) {
  JqGameClock *clock = new_clock(600, 5);
  g_assert_cmpint(jq_game_clock_running_side(clock), ==, -1);
  advance_ms(3000); /* stopped: nothing is charged */
  g_assert_cmpint(jq_game_clock_remaining(clock, JQ_RED), ==, 600000);

  jq_game_clock_start(clock);
  g_assert_cmpint(jq_game_clock_running_side(clock), ==, JQ_RED);
  advance_ms(12345);
  g_assert_cmpint(jq_game_clock_remaining(clock, JQ_RED), ==, 600000 - 12345);
  g_assert_cmpint(jq_game_clock_remaining(clock, JQ_BLACK), ==, 600000);

  g_assert_true(jq_game_clock_press(clock));
  /* Red is charged its time and gets the increment; Black's runs. */
  g_assert_cmpint(jq_game_clock_remaining(clock, JQ_RED), ==,
                  600000 - 12345 + 5000);
  g_assert_cmpint(jq_game_clock_running_side(clock), ==, JQ_BLACK);
  g_assert_cmpint(jq_game_clock_side_to_move(clock), ==, JQ_BLACK);
  advance_ms(1000);
  g_assert_cmpint(jq_game_clock_remaining(clock, JQ_RED), ==,
                  600000 - 12345 + 5000);
  g_assert_cmpint(jq_game_clock_remaining(clock, JQ_BLACK), ==, 599000);
  g_assert_true(jq_game_clock_press(clock));
  g_assert_cmpint(jq_game_clock_remaining(clock, JQ_BLACK), ==, 604000);
  g_assert_cmpint(jq_game_clock_get_ply(clock), ==, 2);
  jq_game_clock_free(clock);
}

static void test_flag_fall(void) {
  JqGameClock *clock = new_clock(3, 0);
  jq_game_clock_start(clock);
  advance_ms(2999);
  g_assert_cmpint(jq_game_clock_flagged(clock), ==, -1);
  g_assert_cmpint(jq_game_clock_ms_left_to_flag(clock), ==, 1);
  g_assert_true(jq_game_clock_press(clock));
  advance_ms(3000);
  g_assert_cmpint(jq_game_clock_flagged(clock), ==, JQ_BLACK);
  g_assert_cmpint(jq_game_clock_remaining(clock, JQ_BLACK), ==, 0);
  g_assert_cmpint(jq_game_clock_ms_left_to_flag(clock), ==, 0);
  /* A move after the flag fell is too late. */
  g_assert_false(jq_game_clock_press(clock));
  g_assert_cmpint(jq_game_clock_get_ply(clock), ==, 1);
  g_assert_cmpint(jq_game_clock_side_to_move(clock), ==, JQ_BLACK);
  jq_game_clock_free(clock);
}

static void test_pause_resume(void) {
  JqGameClock *clock = new_clock(60, 0);
  jq_game_clock_start(clock);
  advance_ms(10000);
  jq_game_clock_stop(clock);
  g_assert_cmpint(jq_game_clock_running_side(clock), ==, -1);
  g_assert_cmpint(jq_game_clock_ms_left_to_flag(clock), ==, -1);
  advance_ms(100000); /* paused: longer than the time left */
  g_assert_cmpint(jq_game_clock_remaining(clock, JQ_RED), ==, 50000);
  g_assert_cmpint(jq_game_clock_flagged(clock), ==, -1);
  jq_game_clock_start(clock);
  advance_ms(20000);
  g_assert_cmpint(jq_game_clock_remaining(clock, JQ_RED), ==, 30000);
  jq_game_clock_free(clock);
}

static void test_undo(void) {
  JqGameClock *clock = new_clock(300, 2);
  jq_game_clock_start(clock);
  advance_ms(10000);
  g_assert_true(jq_game_clock_press(clock)); /* Red 292 s */
  advance_ms(20000);
  g_assert_true(jq_game_clock_press(clock)); /* Black 282 s */
  advance_ms(30000);
  g_assert_true(jq_game_clock_press(clock)); /* Red 264 s */
  advance_ms(5000);

  /* Back to Red's turn after one move each: those times, Red's running. */
  g_assert_true(jq_game_clock_go_to(clock, 2));
  g_assert_cmpint(jq_game_clock_get_ply(clock), ==, 2);
  g_assert_cmpint(jq_game_clock_running_side(clock), ==, JQ_RED);
  g_assert_cmpint(jq_game_clock_remaining(clock, JQ_RED), ==, 292000);
  g_assert_cmpint(jq_game_clock_remaining(clock, JQ_BLACK), ==, 282000);
  advance_ms(1000);
  g_assert_cmpint(jq_game_clock_remaining(clock, JQ_RED), ==, 291000);

  /* Forward again (redo) while the times are remembered. */
  g_assert_true(jq_game_clock_go_to(clock, 3));
  g_assert_cmpint(jq_game_clock_remaining(clock, JQ_RED), ==, 264000);
  g_assert_cmpint(jq_game_clock_running_side(clock), ==, JQ_BLACK);
  g_assert_false(jq_game_clock_go_to(clock, 4));
  g_assert_false(jq_game_clock_go_to(clock, -1));

  /* Another move instead forgets the times after it. */
  g_assert_true(jq_game_clock_go_to(clock, 1));
  advance_ms(1000);
  g_assert_true(jq_game_clock_press(clock));
  g_assert_false(jq_game_clock_go_to(clock, 3));
  int times[2];
  g_assert_true(jq_game_clock_get_times(clock, 2, times));
  g_assert_cmpint(times[JQ_RED], ==, 292000);
  g_assert_cmpint(times[JQ_BLACK], ==, 300000 - 1000 + 2000);
  jq_game_clock_free(clock);
}

static void test_set_times(void) {
  JqGameClock *clock = new_clock(600, 5);
  jq_game_clock_set_times(clock, 1, 590000, 600000);
  jq_game_clock_set_times(clock, 3, 580000, 570000);
  g_assert_cmpint(jq_game_clock_get_ply(clock), ==, 3);
  g_assert_cmpint(jq_game_clock_side_to_move(clock), ==, JQ_BLACK);
  g_assert_cmpint(jq_game_clock_remaining(clock, JQ_BLACK), ==, 570000);
  int times[2];
  /* The position without times of its own keeps the ones before. */
  g_assert_true(jq_game_clock_get_times(clock, 2, times));
  g_assert_cmpint(times[JQ_RED], ==, 590000);
  g_assert_false(jq_game_clock_get_times(clock, 4, times));
  jq_game_clock_free(clock);
}

static void test_time_control_text(void) {
  JqTimeControl tc = {1, 1};
  g_assert_true(jq_time_control_parse("600+5", &tc));
  g_assert_cmpint(tc.base_ms, ==, 600000);
  g_assert_cmpint(tc.inc_ms, ==, 5000);
  g_assert_true(jq_time_control_parse("300", &tc));
  g_assert_cmpint(tc.base_ms, ==, 300000);
  g_assert_cmpint(tc.inc_ms, ==, 0);
  const char *bad[] = {"",  "+5", "600+",    "-600+5",  "60 0", "600+-1",
                       "0", "a",  "9999999", "600+5+5", "36001"};
  for (gsize i = 0; i < G_N_ELEMENTS(bad); i++) {
    JqTimeControl kept = {7, 8};
    g_assert_false(jq_time_control_parse(bad[i], &kept));
    g_assert_cmpint(kept.base_ms, ==, 7);
    g_assert_cmpint(kept.inc_ms, ==, 8);
  }
  g_autofree char *a = jq_time_control_format(&(JqTimeControl){180000, 2000});
  g_assert_cmpstr(a, ==, "180+2");
  g_autofree char *b = jq_time_control_format(&(JqTimeControl){300000, 0});
  g_assert_cmpstr(b, ==, "300");
  g_autofree char *c = jq_time_control_format(&(JqTimeControl){0, 0});
  g_assert_cmpstr(c, ==, "-");
}

static void expect_format(int ms, const char *want) {
  g_autofree char *got = jq_game_clock_format(ms);
  g_assert_cmpstr(got, ==, want);
}

static void test_format(void) {
  expect_format(3900000, "1:05:00");
  expect_format(571000, "9:31");
  expect_format(571999, "9:31");
  expect_format(10000, "0:10");
  expect_format(9999, "9.9");
  expect_format(4250, "4.2");
  expect_format(0, "0.0");
  expect_format(-5, "0.0");
}

/* How long a time's text lasts: each figure at its end still shows the
 * same text, one ms later it does not. */
static void test_format_lasts(void) {
  const int times[] = {3900000, 571999, 571000, 10999, 10000, 9999,
                       4250,    4200,   100,    150,   99,    0};
  for (gsize i = 0; i < G_N_ELEMENTS(times); i++) {
    int ms = times[i];
    int lasts = jq_game_clock_format_lasts(ms);
    g_autofree char *now = jq_game_clock_format(ms);
    if (ms < 100) {
      g_assert_cmpint(lasts, ==, 0);
      continue;
    }
    g_assert_cmpint(lasts, >=, 1);
    g_autofree char *last = jq_game_clock_format(ms - lasts + 1);
    g_autofree char *next = jq_game_clock_format(ms - lasts);
    g_assert_cmpstr(last, ==, now);
    g_assert_cmpstr(next, !=, now);
  }
  g_assert_cmpint(jq_game_clock_format_lasts(571000), ==, 1);
  g_assert_cmpint(jq_game_clock_format_lasts(571999), ==, 1000);
  g_assert_cmpint(jq_game_clock_format_lasts(4250), ==, 51);
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/clock/running-side-and-increment",
                  test_running_side_and_increment);
  g_test_add_func("/clock/flag-fall", test_flag_fall);
  g_test_add_func("/clock/pause-resume", test_pause_resume);
  g_test_add_func("/clock/undo", test_undo);
  g_test_add_func("/clock/set-times", test_set_times);
  g_test_add_func("/clock/time-control-text", test_time_control_text);
  g_test_add_func("/clock/format", test_format);
  g_test_add_func("/clock/format-lasts", test_format_lasts);
  return g_test_run();
}
