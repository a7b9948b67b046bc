/* Time management: how long a move may take under the limits given. */
#pragma once

#include <stdint.h>

#include "jq-ai.h"

/* The budget for `side` to move under `limits`, in ms from the start of
 * thinking: *soft is the time after which no new iteration should begin,
 * *hard the time at which thinking must end. Both 0 when the limits set
 * no time (depth, nodes, infinite); a fixed movetime gives soft = hard. */
void jq_time_plan(const JqLimits *limits, int side, int64_t *soft,
                  int64_t *hard);

/* After an iteration of a timed search: the time from the start within
 * which the next iteration may still begin. `soft` and `hard` are the plan's;
 * `stable` counts the iterations in a row with the same best move (0: it
 * just changed); `score` and `previous` are this iteration's score and the
 * last one's. A settled search stops early, a troubled one (falling score,
 * new best move) takes longer, never past `hard`. */
int64_t jq_time_iteration_limit(int64_t soft, int64_t hard, int depth,
                                int stable, int score, int previous);

/* The same for jieqi, whose iterations grow less evenly (a reveal deep in
 * a line can widen the next one): the next iteration may always begin
 * while more than half of `soft` remains. */
int64_t jq_time_jieqi_iteration_limit(int64_t soft, int64_t hard, int depth,
                                      int stable, int score, int previous);

/* The most a jieqi search with a clock spends on a move: `hard`, but no
 * more than `soft`. Its iterations grow two to three times each, so one
 * begun at half of `soft` would otherwise run on far past what a xiangqi
 * move costs (the first move of a 5-minute game took 28 s, against 10 s
 * in xiangqi). */
int64_t jq_time_jieqi_hard_limit(int64_t soft, int64_t hard);
