/* Time controls: reading "40/60+0.5" and keeping each side's clock. */
#include <glib.h>
#include <inttypes.h>
#include <math.h>
#include <string.h>

#include "jq-match-private.h"

/* Seconds with an optional fraction. Any size is read, so the caller can
 * say that a number is too large rather than that it is not a number. */
static bool parse_seconds(const char *text, double *seconds) {
  if (!g_ascii_isdigit(*text) && *text != '.')
    return false;
  char *end;
  double s = g_ascii_strtod(text, &end);
  if (*end != '\0' || !isfinite(s) || s < 0)
    return false;
  *seconds = s;
  return true;
}

/* "90", "1.5" or "1:30". */
static bool parse_base(const char *text, double *seconds) {
  const char *colon = strchr(text, ':');
  if (!colon)
    return parse_seconds(text, seconds);
  char *minutes_text = g_strndup(text, (gsize)(colon - text));
  guint64 minutes;
  double s;
  bool ok = g_ascii_string_to_unsigned(minutes_text, 10, 0, G_MAXUINT32,
                                       &minutes, NULL) &&
            parse_seconds(colon + 1, &s) && s < 60;
  g_free(minutes_text);
  if (ok)
    *seconds = (double)minutes * 60 + s;
  return ok;
}

/* Seconds to milliseconds, for values already checked against a limit. */
static int64_t to_ms(double seconds) { return (int64_t)llround(seconds * 1e3); }

bool jq_time_control_parse(const char *text, JqTimeControl *tc, JqError *err) {
  JqTimeControl out = {.kind = JQ_TC_CLOCK};
  const char *rest = text;
  const char *slash = strchr(text, '/');
  if (slash) {
    char *moves_text = g_strndup(text, (gsize)(slash - text));
    guint64 moves;
    bool ok = g_ascii_string_to_unsigned(moves_text, 10, 1, 1000, &moves, NULL);
    g_free(moves_text);
    if (!ok)
      return jq_error_set(err,
                          "time control '%s': moves per period must be "
                          "1 to 1000",
                          text);
    out.moves = (int)moves;
    rest = slash + 1;
  }
  const char *plus = strchr(rest, '+');
  char *base_text = g_strndup(rest, plus ? (gsize)(plus - rest) : strlen(rest));
  double base = 0, inc = 0;
  bool ok = parse_base(base_text, &base);
  g_free(base_text);
  /* Compared in milliseconds as they will be kept: 86400.0004 is 86400 s. */
  if (ok && base * 1e3 >= (double)JQ_TC_MAX_BASE_MS + 0.5)
    return jq_error_set(err,
                        "time control '%s': the base time must be at most "
                        "%" PRId64 " seconds (24 hours)",
                        text, JQ_TC_MAX_BASE_MS / 1000);
  if (!ok || to_ms(base) <= 0)
    return jq_error_set(err,
                        "time control '%s': the base time must be a "
                        "positive number of seconds (or MIN:SEC)",
                        text);
  if (plus && !parse_seconds(plus + 1, &inc))
    return jq_error_set(err,
                        "time control '%s': the increment must be a "
                        "number of seconds",
                        text);
  if (inc * 1e3 >= (double)JQ_TC_MAX_INC_MS + 0.5)
    return jq_error_set(err,
                        "time control '%s': the increment must be at most "
                        "%" PRId64 " seconds (1 hour)",
                        text, JQ_TC_MAX_INC_MS / 1000);
  out.base_ms = to_ms(base);
  out.inc_ms = to_ms(inc);
  *tc = out;
  return true;
}

void jq_match_clock_start(JqMatchClock *clock, const JqTimeControl *tc) {
  clock->tc = tc;
  for (int c = 0; c < 2; c++) {
    clock->remaining_ms[c] = tc->base_ms;
    clock->moves_made[c] = 0;
  }
}

void jq_match_clock_limits(const JqMatchClock *clock, JqColor side,
                           int margin_ms, int move_timeout_ms,
                           JqTurnLimits *limits, int64_t *timeout_ms) {
  const JqTimeControl *tc = clock->tc;
  *limits = (JqTurnLimits){.time_ms = {-1, -1}};
  switch (tc->kind) {
  case JQ_TC_CLOCK:
    for (int c = 0; c < 2; c++) {
      limits->time_ms[c] = MAX(clock->remaining_ms[c], 0);
      limits->inc_ms[c] = tc->inc_ms;
    }
    if (tc->moves > 0)
      limits->movestogo = tc->moves - clock->moves_made[side] % tc->moves;
    *timeout_ms = limits->time_ms[side] + margin_ms;
    break;
  case JQ_TC_MOVETIME:
    limits->movetime_ms = tc->movetime_ms;
    *timeout_ms = tc->movetime_ms + margin_ms;
    break;
  case JQ_TC_DEPTH:
    limits->depth = tc->depth;
    *timeout_ms = move_timeout_ms;
    break;
  case JQ_TC_NODES:
    limits->nodes = tc->nodes;
    *timeout_ms = move_timeout_ms;
    break;
  }
}

bool jq_match_clock_charge(JqMatchClock *clock, JqColor side,
                           int64_t elapsed_ms, int margin_ms) {
  const JqTimeControl *tc = clock->tc;
  switch (tc->kind) {
  case JQ_TC_CLOCK: {
    int64_t left = clock->remaining_ms[side] - elapsed_ms;
    if (left < -margin_ms)
      return false;
    /* Lateness within the margin is forgiven, not carried over. */
    clock->remaining_ms[side] = MAX(left, 0) + tc->inc_ms;
    clock->moves_made[side]++;
    if (tc->moves > 0 && clock->moves_made[side] % tc->moves == 0)
      clock->remaining_ms[side] += tc->base_ms;
    return true;
  }
  case JQ_TC_MOVETIME: return elapsed_ms <= tc->movetime_ms + margin_ms;
  case JQ_TC_DEPTH:
  case JQ_TC_NODES: break;
  }
  return true;
}
