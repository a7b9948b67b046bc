#include "jq-time.h"

void jq_time_plan(const JqLimits *l, int side, int64_t *soft_ms,
                  int64_t *hard_ms) {
  *soft_ms = *hard_ms = 0;
  if (l->movetime_ms > 0) {
    /* A fixed time is used whole. */
    *soft_ms = *hard_ms = l->movetime_ms;
    return;
  }
  if (l->time_ms[side] < 0)
    return;
  int64_t left = l->time_ms[side],
          inc = l->inc_ms[side] > 0 ? l->inc_ms[side] : 0;
  /* Keep a reserve for process and protocol overhead. */
  int64_t reserve = left / 20 < 50 ? left / 20 : 50;
  left -= reserve;
  if (left < 1)
    left = 1;
  /* Xiangqi games between engines are decided in the middlegame: plan for
   * 14 more moves rather than hoard the clock for an ending that rarely
   * comes (against Fairy-Stockfish, 28 and then 20 scored less; see
   * docs/benchmarks.md). */
  int moves = l->movestogo > 0 ? l->movestogo : 14;
  int64_t soft = left / moves + inc * 3 / 4;
  int64_t hard = left / 3 + inc;
  if (soft > left / 2)
    soft = left / 2;
  if (hard > left - left / 10)
    hard = left - left / 10;
  if (soft < 1)
    soft = 1;
  if (hard < soft)
    hard = soft;
  *soft_ms = soft;
  *hard_ms = hard;
}

int64_t jq_time_iteration_limit(int64_t soft, int64_t hard, int depth,
                                int stable, int score, int previous) {
  int64_t budget = soft;
  if (stable >= 4)
    budget = budget * 3 / 5;
  /* Early iterations swing for no reason worth time. */
  if (depth > 4) {
    if (score < previous - 25)
      budget = budget * 3 / 2;
    if (stable == 0)
      budget = budget * 5 / 4;
  }
  if (hard > 0 && budget > hard)
    budget = hard;
  /* An iteration started late would not finish: the next one takes
   * longer than all before it together. */
  return budget * 60 / 100;
}

int64_t jq_time_jieqi_iteration_limit(int64_t soft, int64_t hard, int depth,
                                      int stable, int score, int previous) {
  int64_t limit =
      jq_time_iteration_limit(soft, hard, depth, stable, score, previous);
  return limit < soft / 2 ? soft / 2 : limit;
}

int64_t jq_time_jieqi_hard_limit(int64_t soft, int64_t hard) {
  if (soft <= 0)
    return hard;
  return hard > 0 && hard < soft ? hard : soft;
}
