#include "jq-game-clock.h"

#include <stdlib.h>
#include <string.h>

/* Each side's time after a move (index: the ply). */
typedef struct {
  int ms[2];
} Times;

struct _JqGameClock {
  JqTimeControl tc;
  JqColor first;
  int ply;
  int left[2];      /* as of the last start or stop */
  gboolean running; /* the side to move's clock runs since `since` */
  gint64 since;     /* µs */
  GArray *history;  /* Times, [0..ply] at least */
  JqClockNowFunc now;
  gpointer now_data;
};

static gint64 clock_now(const JqGameClock *clock) {
  return clock->now ? clock->now(clock->now_data) : g_get_monotonic_time();
}

gboolean jq_time_control_parse(const char *text, JqTimeControl *out) {
  if (!text)
    return FALSE;
  if (strcmp(text, "-") == 0) {
    *out = (JqTimeControl){0, 0};
    return TRUE;
  }
  /* Digits only: strtol would take signs and spaces. */
  const char *plus = strchr(text, '+');
  gsize base_len = plus ? (gsize)(plus - text) : strlen(text);
  const char *inc = plus ? plus + 1 : "0";
  if (base_len == 0 || base_len > 6 || strlen(inc) == 0 || strlen(inc) > 6)
    return FALSE;
  for (gsize i = 0; i < base_len; i++)
    if (!g_ascii_isdigit(text[i]))
      return FALSE;
  for (const char *c = inc; *c; c++)
    if (!g_ascii_isdigit(*c))
      return FALSE;
  long base = strtol(text, NULL, 10);
  long increment = strtol(inc, NULL, 10);
  if (base <= 0 || base * 1000 > JQ_TIME_CONTROL_BASE_MAX ||
      increment * 1000 > JQ_TIME_CONTROL_INC_MAX)
    return FALSE;
  *out = (JqTimeControl){(int)base * 1000, (int)increment * 1000};
  return TRUE;
}

char *jq_time_control_format(const JqTimeControl *tc) {
  if (tc->base_ms <= 0)
    return g_strdup("-");
  if (tc->inc_ms <= 0)
    return g_strdup_printf("%d", tc->base_ms / 1000);
  return g_strdup_printf("%d+%d", tc->base_ms / 1000, tc->inc_ms / 1000);
}

JqGameClock *jq_game_clock_new(const JqTimeControl *tc, JqColor first) {
  JqGameClock *clock = g_new0(JqGameClock, 1);
  clock->tc = *tc;
  clock->first = first;
  clock->left[JQ_RED] = clock->left[JQ_BLACK] = tc->base_ms;
  clock->history = g_array_new(FALSE, FALSE, sizeof(Times));
  Times start = {{tc->base_ms, tc->base_ms}};
  g_array_append_val(clock->history, start);
  return clock;
}

void jq_game_clock_free(JqGameClock *clock) {
  if (!clock)
    return;
  g_array_unref(clock->history);
  g_free(clock);
}

void jq_game_clock_set_time_source(JqGameClock *clock, JqClockNowFunc now,
                                   gpointer data) {
  /* What ran so far is charged by the old source. */
  gboolean running = clock->running;
  jq_game_clock_stop(clock);
  clock->now = now;
  clock->now_data = data;
  if (running)
    jq_game_clock_start(clock);
}

const JqTimeControl *jq_game_clock_get_control(const JqGameClock *clock) {
  return &clock->tc;
}

int jq_game_clock_get_ply(const JqGameClock *clock) { return clock->ply; }

JqColor jq_game_clock_side_to_move(const JqGameClock *clock) {
  return (JqColor)(clock->first ^ (clock->ply & 1));
}

/* The side to move's time left at `now`, unclamped. */
static gint64 mover_left_us(const JqGameClock *clock, gint64 now) {
  gint64 left = (gint64)clock->left[jq_game_clock_side_to_move(clock)] * 1000;
  if (clock->running)
    left -= now - clock->since;
  return left;
}

void jq_game_clock_start(JqGameClock *clock) {
  if (clock->running)
    return;
  clock->running = TRUE;
  clock->since = clock_now(clock);
}

void jq_game_clock_stop(JqGameClock *clock) {
  if (!clock->running)
    return;
  gint64 left = mover_left_us(clock, clock_now(clock));
  clock->left[jq_game_clock_side_to_move(clock)] =
      (int)MAX(left / 1000, (gint64)0);
  clock->running = FALSE;
}

int jq_game_clock_running_side(const JqGameClock *clock) {
  return clock->running ? (int)jq_game_clock_side_to_move(clock) : -1;
}

gboolean jq_game_clock_press(JqGameClock *clock) {
  gint64 now = clock_now(clock);
  JqColor side = jq_game_clock_side_to_move(clock);
  gint64 left = mover_left_us(clock, now);
  if (left <= 0) {
    clock->left[side] = 0;
    clock->since = now;
    return FALSE;
  }
  /* Rounded up: a move made with 0.4 ms left was in time. */
  clock->left[side] =
      (int)MIN((left + 999) / 1000 + clock->tc.inc_ms, (gint64)G_MAXINT / 2);
  clock->ply++;
  clock->since = now;
  g_array_set_size(clock->history, (guint)clock->ply);
  Times times = {{clock->left[JQ_RED], clock->left[JQ_BLACK]}};
  g_array_append_val(clock->history, times);
  return TRUE;
}

int jq_game_clock_remaining(const JqGameClock *clock, JqColor side) {
  if (side != jq_game_clock_side_to_move(clock) || !clock->running)
    return MAX(clock->left[side], 0);
  gint64 left = mover_left_us(clock, clock_now(clock));
  /* Shown rounded up: 0 only once the time is out. */
  return (int)MAX((left + 999) / 1000, (gint64)0);
}

int jq_game_clock_flagged(const JqGameClock *clock) {
  return mover_left_us(clock, clock_now(clock)) <= 0
             ? (int)jq_game_clock_side_to_move(clock)
             : -1;
}

int jq_game_clock_ms_left_to_flag(const JqGameClock *clock) {
  if (!clock->running)
    return -1;
  gint64 left = mover_left_us(clock, clock_now(clock));
  return (int)MAX((left + 999) / 1000, (gint64)0);
}

gboolean jq_game_clock_go_to(JqGameClock *clock, int ply) {
  if (ply < 0 || (guint)ply >= clock->history->len)
    return FALSE;
  Times *times = &g_array_index(clock->history, Times, ply);
  clock->ply = ply;
  clock->left[JQ_RED] = times->ms[JQ_RED];
  clock->left[JQ_BLACK] = times->ms[JQ_BLACK];
  clock->since = clock_now(clock);
  return TRUE;
}

void jq_game_clock_set_times(JqGameClock *clock, int ply, int red_ms,
                             int black_ms) {
  g_return_if_fail(ply >= 0);
  /* Positions between with no times of their own keep the ones before. */
  Times last = g_array_index(clock->history, Times, clock->history->len - 1);
  while ((int)clock->history->len < ply)
    g_array_append_val(clock->history, last);
  g_array_set_size(clock->history, (guint)ply);
  Times times = {{MAX(red_ms, 0), MAX(black_ms, 0)}};
  g_array_append_val(clock->history, times);
  jq_game_clock_go_to(clock, ply);
}

gboolean jq_game_clock_get_times(const JqGameClock *clock, int ply,
                                 int times[2]) {
  if (ply < 0 || (guint)ply >= clock->history->len)
    return FALSE;
  const Times *t = &g_array_index(clock->history, Times, ply);
  times[JQ_RED] = t->ms[JQ_RED];
  times[JQ_BLACK] = t->ms[JQ_BLACK];
  return TRUE;
}

/* Tenths are shown under this, whole seconds from it up. */
#define TENTHS_BELOW_MS 10000

char *jq_game_clock_format(int ms) {
  ms = MAX(ms, 0);
  /* Whole seconds and tenths as shown: a clock is read down, never up. */
  if (ms < TENTHS_BELOW_MS)
    return g_strdup_printf("%d.%d", ms / 1000, ms / 100 % 10);
  int s = ms / 1000;
  if (s >= 3600)
    return g_strdup_printf("%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60);
  return g_strdup_printf("%d:%02d", s / 60, s % 60);
}

int jq_game_clock_format_lasts(int ms) {
  if (ms < 100)
    return 0;
  /* Shown rounded down: the text changes once the time goes below the
   * whole unit it shows. */
  int unit = ms < TENTHS_BELOW_MS ? 100 : 1000;
  return ms % unit + 1;
}
