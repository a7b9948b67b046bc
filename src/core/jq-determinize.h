/* Determinization: identities for a view's hidden pieces, drawn at random
 * from the pools the view knows, for sampling searches. */
#pragma once

#include "jq-position.h"
#include "jq-rng.h"

/* deal[sq] receives an identity for every hidden square of the view and
 * JQ_NO_TYPE elsewhere. Each colour's hidden pieces take a uniformly random
 * draw, without replacement, from that colour's pool (the pieces left over
 * are the captured ones the view does not know). */
void jq_determinize(const JqPosition *view, JqRng *rng,
                    JqPieceType deal[JQ_SQUARES]);
