/* A game review's judgement, pure: an AI's scores turned into evals (Red's
 * point of view, jq-annotation.h), evals into a chance of winning, and the
 * chance a move threw away into its mark: an inaccuracy (?!), a mistake (?)
 * or a blunder (??).
 *
 * The loss is counted in expected score (a win 1, a draw 1/2) rather than
 * centipawns, so a mate is one more score (a mate for the mover 1, against
 * it 0) and a pawn dropped in a game long won costs little. Near a level
 * game a 0.05 loss is about 60 centipawns, 0.10 about 120, 0.20 about 250. */
#pragma once

#include "jq-annotation.h"
#include "jq-types.h"

/* Centipawns of a logistic's unit: the expected score is
 * 1 / (1 + e^(-cp / JQ_REVIEW_SCALE_CP)). */
#define JQ_REVIEW_SCALE_CP 300.0
/* Expected score a move must lose to earn each mark. */
#define JQ_REVIEW_INACCURACY_LOSS 0.05
#define JQ_REVIEW_MISTAKE_LOSS 0.10
#define JQ_REVIEW_BLUNDER_LOSS 0.20
/* The score graph's range: Red's score clamped to +-10 pawns, mates at
 * the ends. */
#define JQ_REVIEW_GRAPH_CP 1000

typedef enum {
  JQ_REVIEW_MARK_NONE,
  JQ_REVIEW_MARK_INACCURACY,
  JQ_REVIEW_MARK_MISTAKE,
  JQ_REVIEW_MARK_BLUNDER,
} JqReviewMark;

/* An alpha-beta score for the side to move `side` (centipawns, or a mate
 * score as jq-ai.h counts it: JQ_SCORE_MATE minus plies), searched to
 * `depth`, as an eval from Red's point of view. A side to move that is
 * mated on the board (-JQ_SCORE_MATE) counts as mated in 1. */
JqEval jq_review_eval_from_score(int score, JqColor side, int depth);
/* A sampling AI's expected result in [0, 1] for the side to move `side`,
 * as centipawns from Red's point of view (the logistic read backwards). */
JqEval jq_review_eval_from_value(double value, JqColor side);

/* The expected score `eval` gives `side`, in [0, 1]. */
double jq_review_expected(const JqEval *eval, JqColor side);

/* The mark of a move by `mover` from the position scored `before` to the
 * one scored `after`. */
JqReviewMark jq_review_mark(const JqEval *before, const JqEval *after,
                            JqColor mover);

/* The NAG a mark is written as ($6, $2, $4; JQ_NAG_NONE for none), and
 * the mark a NAG stands for (a NAG no review gives: none). */
int jq_review_mark_nag(JqReviewMark mark);
JqReviewMark jq_review_mark_from_nag(int nag);

/* Red's score for the graph, in centipawns clamped to
 * +-JQ_REVIEW_GRAPH_CP; a mate at the end of its side. */
int jq_review_graph_cp(const JqEval *eval);
