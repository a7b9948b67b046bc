/* Static evaluation: material, placement, mobility and king danger, with
 * hidden jieqi pieces valued at the expected value of their pool. Weights
 * per variant are in jq-eval-weights.c. Scores are centipawns from the
 * side to move's point of view. */
#pragma once

#include "jq-position.h"

/* Material values by type (xiangqi; jieqi's free advisors and elephants
 * get their own). */
int jq_eval_piece_value(JqPieceType type, bool jieqi);
/* The expected material value of one of colour c's hidden pieces, as the
 * position's observer knows the pool. */
int jq_eval_hidden_value(const JqPosition *pos, JqColor c);
/* The value of whatever stands on sq (hidden pieces at pool value). */
int jq_eval_square_value(const JqPosition *pos, int sq);

int jq_evaluate(const JqPosition *pos);
/* A cheap guess at a quiet move's worth for ordering: how much better its
 * piece stands on the target point than on the origin (0 for a hidden
 * mover, whose identity decides). */
int jq_eval_quiet_hint(const JqPosition *pos, JqMove m);
