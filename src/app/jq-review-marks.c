#include "jq-review-marks.h"

#include <math.h>
#include <stdlib.h>

#include <glib.h>

#include "jq-ai.h"

/* A sampling AI's certainty is cut here: 0 and 1 are no centipawns. */
#define VALUE_EDGE 0.001

JqEval jq_review_eval_from_score(int score, JqColor side, int depth) {
  int sign = side == JQ_RED ? 1 : -1;
  JqEval eval = {JQ_EVAL_CP, 0, depth < 0 ? 0 : MIN(depth, 999)};
  if (score > JQ_SCORE_MATE_BOUND || score < -JQ_SCORE_MATE_BOUND) {
    int plies = JQ_SCORE_MATE - abs(score);
    /* Moves of the mating side: a mate in 1 is one ply away. */
    int moves = MAX(1, (plies + 1) / 2);
    eval.kind = JQ_EVAL_MATE;
    eval.value = sign * (score > 0 ? moves : -moves);
    eval.value = CLAMP(eval.value, -JQ_EVAL_MATE_MAX, JQ_EVAL_MATE_MAX);
    return eval;
  }
  eval.value = CLAMP(sign * score, -JQ_EVAL_CP_MAX, JQ_EVAL_CP_MAX);
  return eval;
}

JqEval jq_review_eval_from_value(double value, JqColor side) {
  double v = CLAMP(value, VALUE_EDGE, 1.0 - VALUE_EDGE);
  double cp = JQ_REVIEW_SCALE_CP * log(v / (1.0 - v));
  int sign = side == JQ_RED ? 1 : -1;
  return (JqEval){JQ_EVAL_CP, sign * (int)lround(cp), 0};
}

double jq_review_expected(const JqEval *eval, JqColor side) {
  double red;
  if (eval->kind == JQ_EVAL_MATE)
    red = eval->value > 0 ? 1.0 : 0.0;
  else
    red = 1.0 / (1.0 + exp(-eval->value / JQ_REVIEW_SCALE_CP));
  return side == JQ_RED ? red : 1.0 - red;
}

JqReviewMark jq_review_mark(const JqEval *before, const JqEval *after,
                            JqColor mover) {
  double loss =
      jq_review_expected(before, mover) - jq_review_expected(after, mover);
  if (loss >= JQ_REVIEW_BLUNDER_LOSS)
    return JQ_REVIEW_MARK_BLUNDER;
  if (loss >= JQ_REVIEW_MISTAKE_LOSS)
    return JQ_REVIEW_MARK_MISTAKE;
  if (loss >= JQ_REVIEW_INACCURACY_LOSS)
    return JQ_REVIEW_MARK_INACCURACY;
  return JQ_REVIEW_MARK_NONE;
}

int jq_review_mark_nag(JqReviewMark mark) {
  switch (mark) {
  case JQ_REVIEW_MARK_INACCURACY: return JQ_NAG_DUBIOUS;
  case JQ_REVIEW_MARK_MISTAKE: return JQ_NAG_MISTAKE;
  case JQ_REVIEW_MARK_BLUNDER: return JQ_NAG_BLUNDER;
  case JQ_REVIEW_MARK_NONE:
  default: return JQ_NAG_NONE;
  }
}

JqReviewMark jq_review_mark_from_nag(int nag) {
  switch (nag) {
  case JQ_NAG_DUBIOUS: return JQ_REVIEW_MARK_INACCURACY;
  case JQ_NAG_MISTAKE: return JQ_REVIEW_MARK_MISTAKE;
  case JQ_NAG_BLUNDER: return JQ_REVIEW_MARK_BLUNDER;
  default: return JQ_REVIEW_MARK_NONE;
  }
}

int jq_review_graph_cp(const JqEval *eval) {
  if (eval->kind == JQ_EVAL_MATE)
    return eval->value > 0 ? JQ_REVIEW_GRAPH_CP : -JQ_REVIEW_GRAPH_CP;
  return CLAMP(eval->value, -JQ_REVIEW_GRAPH_CP, JQ_REVIEW_GRAPH_CP);
}
