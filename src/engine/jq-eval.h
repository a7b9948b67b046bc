/* Static evaluation: material, placement, mobility and king danger, with
 * hidden jieqi pieces valued at the expected value of their pool. Weights
 * per variant are in jq-eval-weights.c. Scores are centipawns from the
 * side to move's point of view. */
#pragma once

#include "jq-eval-weights.h"
#include "jq-position.h"

/* The weight that is each type's material value (0 for none). The three
 * functions below are inline: move ordering asks them at every capture. */
extern const int jq_eval_value_weight[JQ_TYPE_COUNT];

/* Material values by type (xiangqi; jieqi's free advisors and elephants
 * get their own). */
static inline int jq_eval_piece_value(JqPieceType type, bool jieqi) {
  JqPieceType t = type & 7;
  if (t < JQ_ADVISOR || t >= JQ_TYPE_COUNT)
    return 0;
  return jq_eval_weights[jieqi][jq_eval_value_weight[t]];
}
/* The expected material value of one of colour c's hidden pieces, as the
 * position's observer knows the pool. */
static inline int jq_eval_hidden_value(const JqPosition *pos, JqColor c) {
  int total = 0, sum = 0;
  for (int t = JQ_ADVISOR; t < JQ_TYPE_COUNT; t++) {
    total += pos->pool[c][t];
    sum += pos->pool[c][t] * jq_eval_piece_value((JqPieceType)t, true);
  }
  return total ? sum / total : 0;
}
/* The value of whatever stands on sq (hidden pieces at pool value). */
static inline int jq_eval_square_value(const JqPosition *pos, int sq) {
  JqPiece p = pos->board[sq];
  if (!p)
    return 0;
  if (jq_piece_is_hidden(p))
    return jq_eval_hidden_value(pos, jq_piece_color(p));
  return jq_eval_piece_value(jq_piece_type(p),
                             pos->variant == JQ_VARIANT_JIEQI);
}

int jq_evaluate(const JqPosition *pos);
/* A cheap guess at a quiet move's worth for ordering: how much better its
 * piece stands on the target point than on the origin (0 for a hidden
 * mover, whose identity decides). */
int jq_eval_quiet_hint(const JqPosition *pos, JqMove m);
