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
