/* How a game ended, and why. */
#pragma once

#include <stddef.h>

#include "jq-types.h"

typedef enum {
  JQ_OUTCOME_NONE = 0, /* game goes on */
  JQ_OUTCOME_RED_WINS,
  JQ_OUTCOME_BLACK_WINS,
  JQ_OUTCOME_DRAW,
} JqOutcome;

typedef enum {
  JQ_REASON_NONE = 0,
  JQ_REASON_CHECKMATE,
  JQ_REASON_STALEMATE,
  JQ_REASON_PERPETUAL_CHECK, /* culprit loses */
  JQ_REASON_PERPETUAL_CHASE, /* culprit loses */
  JQ_REASON_REPETITION,      /* draw */
  JQ_REASON_NATURAL_LIMIT,   /* draw */
  JQ_REASON_NO_ATTACKERS,    /* draw: nobody can cross the river */
  JQ_REASON_RESIGNATION,     /* culprit resigned */
  JQ_REASON_TIME,            /* culprit lost on time */
  JQ_REASON_ILLEGAL_MOVE,    /* culprit tried an illegal move */
  JQ_REASON_AGREEMENT,       /* draw */
} JqReason;

typedef struct {
  JqOutcome outcome;
  JqReason reason;
  JqColor culprit; /* the side the reason is about (loser, checker...) */
} JqResult;

#define JQ_RESULT_ONGOING ((JqResult){JQ_OUTCOME_NONE, JQ_REASON_NONE, JQ_RED})

static inline JqResult jq_result_loss(JqColor loser, JqReason reason) {
  return (JqResult){loser == JQ_RED ? JQ_OUTCOME_BLACK_WINS
                                    : JQ_OUTCOME_RED_WINS,
                    reason, loser};
}
static inline JqResult jq_result_draw(JqReason reason, JqColor culprit) {
  return (JqResult){JQ_OUTCOME_DRAW, reason, culprit};
}

/* English text such as "checkmate", "perpetual check by Red", "natural
 * limit"; "1-0" style scores for PGN. */
const char *jq_result_reason_text(JqResult result, char *buf, size_t size);
const char *jq_result_score_text(JqResult result);
