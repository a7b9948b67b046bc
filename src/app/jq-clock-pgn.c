#include "jq-clock-pgn.h"

#include <string.h>

#include "jq-pgn.h"

#define CLK_OPEN "[%clk "

/* Times above this are no clock's (and sums of them stay ints). */
#define TIME_MAX (G_MAXINT / 2)

/* `len` digits at `s` (1 to `max_digits` of them) as a number; -1 when
 * they are not. */
static gint64 digits(const char *s, gsize len, gsize max_digits) {
  if (len == 0 || len > max_digits)
    return -1;
  gint64 n = 0;
  for (gsize i = 0; i < len; i++) {
    if (!g_ascii_isdigit(s[i]))
      return -1;
    n = n * 10 + (s[i] - '0');
  }
  return n;
}

/* "h:mm:ss", perhaps with a fraction of a second ("0:09:31.5"), in ms;
 * -1 when it is not one. */
static int parse_clk(const char *s, gsize len) {
  const char *end = s + len;
  const char *c1 = memchr(s, ':', len);
  const char *c2 = c1 ? memchr(c1 + 1, ':', (gsize)(end - c1 - 1)) : NULL;
  if (!c2)
    return -1;
  const char *dot = memchr(c2 + 1, '.', (gsize)(end - c2 - 1));
  const char *sec_end = dot ? dot : end;
  gint64 h = digits(s, (gsize)(c1 - s), 3);
  gint64 m = digits(c1 + 1, (gsize)(c2 - c1 - 1), 2);
  gint64 sec = digits(c2 + 1, (gsize)(sec_end - c2 - 1), 2);
  if (h < 0 || m < 0 || m > 59 || sec < 0 || sec > 59 || c2 - c1 - 1 != 2 ||
      sec_end - c2 - 1 != 2)
    return -1;
  gint64 ms = ((h * 60 + m) * 60 + sec) * 1000;
  if (dot) {
    gsize frac_len = (gsize)(end - dot - 1);
    gint64 frac = digits(dot + 1, frac_len, 3);
    if (frac < 0)
      return -1;
    for (gsize i = frac_len; i < 3; i++)
      frac *= 10;
    ms += frac;
  }
  return ms > TIME_MAX ? -1 : (int)ms;
}

/* "red-ms black-ms"; FALSE when it is not that. */
static gboolean parse_pair(const char *value, int times[2]) {
  const char *space = strchr(value, ' ');
  if (!space)
    return FALSE;
  gint64 red = digits(value, (gsize)(space - value), 10);
  gint64 black = digits(space + 1, strlen(space + 1), 10);
  if (red < 0 || black < 0 || red > TIME_MAX || black > TIME_MAX)
    return FALSE;
  times[JQ_RED] = (int)red;
  times[JQ_BLACK] = (int)black;
  return TRUE;
}

char *jq_clock_pgn_tags(const JqGameClock *clock) {
  char *tc = jq_time_control_format(jq_game_clock_get_control(clock));
  char *tags = g_strdup_printf("[TimeControl \"%s\"]\n[JieqiClock \"%d %d\"]",
                               tc, jq_game_clock_remaining(clock, JQ_RED),
                               jq_game_clock_remaining(clock, JQ_BLACK));
  g_free(tc);
  return tags;
}

JqGame *jq_clock_pgn_game(const JqGame *game, const JqGameClock *clock) {
  JqGame *copy = jq_game_copy(game);
  if (!copy)
    return NULL;
  JqColor first = jq_game_initial(game)->side;
  for (int ply = 1; ply <= jq_game_move_count(game); ply++) {
    int times[2];
    if (!jq_game_clock_get_times(clock, ply, times))
      break;
    /* Whole seconds, rounded down: a clock is read down. */
    int s = times[first ^ ((ply - 1) & 1)] / 1000;
    const char *own = jq_game_comment(game, ply);
    char *text =
        g_strdup_printf("[%%clk %d:%02d:%02d]%s%s", s / 3600, s / 60 % 60,
                        s % 60, own ? " " : "", own ? own : "");
    jq_game_set_comment(copy, ply, text, NULL);
    g_free(text);
  }
  return copy;
}

/* Takes the %clk command out of `ply`'s comment: its time in ms, -1 when
 * it has none, -2 when it is malformed. */
static int take_clk(JqGame *game, int ply) {
  const char *comment = jq_game_comment(game, ply);
  const char *open = comment ? strstr(comment, CLK_OPEN) : NULL;
  if (!open)
    return -1;
  const char *value = open + strlen(CLK_OPEN);
  const char *close = strchr(value, ']');
  if (!close)
    return -2;
  int ms = parse_clk(value, (gsize)(close - value));
  /* The text around it, a space apart. */
  char *before = g_strchomp(g_strndup(comment, (gsize)(open - comment)));
  const char *after = close + 1;
  while (g_ascii_isspace(*after))
    after++;
  char *text = g_strconcat(before, *before && *after ? " " : "", after, NULL);
  jq_game_set_comment(game, ply, text, NULL);
  g_free(text);
  g_free(before);
  return ms < 0 ? -2 : ms;
}

JqGameClock *jq_clock_pgn_read(JqGame *game, const char *text) {
  int moves = jq_game_move_count(game);
  int *clk = g_new(int, (gsize)moves + 1);
  gboolean valid = TRUE;
  for (int ply = 1; ply <= moves; ply++) {
    clk[ply] = take_clk(game, ply);
    if (clk[ply] == -2)
      valid = FALSE;
  }
  char value[64];
  JqTimeControl tc;
  int last[2];
  gboolean has_last = jq_pgn_tag(text, "JieqiClock", value, sizeof value);
  if (has_last && !parse_pair(value, last))
    valid = FALSE;
  if (!jq_pgn_tag(text, "TimeControl", value, sizeof value) ||
      !jq_time_control_parse(value, &tc) || tc.base_ms <= 0)
    valid = FALSE;
  if (!valid) {
    g_free(clk);
    return NULL;
  }
  JqColor first = jq_game_initial(game)->side;
  JqGameClock *clock = jq_game_clock_new(&tc, first);
  /* A move without its time leaves the times before it. */
  int times[2] = {tc.base_ms, tc.base_ms};
  for (int ply = 1; ply <= moves; ply++) {
    if (clk[ply] >= 0)
      times[first ^ ((ply - 1) & 1)] = clk[ply];
    if (ply == moves && has_last)
      memcpy(times, last, sizeof times);
    jq_game_clock_set_times(clock, ply, times[JQ_RED], times[JQ_BLACK]);
  }
  if (moves == 0 && has_last)
    jq_game_clock_set_times(clock, 0, last[JQ_RED], last[JQ_BLACK]);
  g_free(clk);
  return clock;
}
