/* What IS-MCTS does with one determinization: plays moves in it as the
 * searching player would see them, and values the positions where the
 * tree ends (static evaluation, a short playout, or a capture probe). */
#pragma once

#include "jq-position.h"
#include "jq-rng.h"

typedef enum {
  JQ_ISMCTS_LEAF_EVAL = 0,    /* static evaluation as a win probability */
  JQ_ISMCTS_LEAF_PLAYOUT = 1, /* a few plies of capture-aware play, then eval */
  JQ_ISMCTS_LEAF_PROBE = 2,   /* a short capture search, then eval */
} JqIsmctsLeaf;

/* The scale of the logistic that turns centipawns into a win probability:
 * 200 cp ahead is about a 73% chance. */
#define JQ_ISMCTS_LOGISTIC_CP 200.0

/* A determinization: identities for every hidden square, and the observer
 * (the searching player) whose knowledge the working position keeps. */
typedef struct {
  JqPieceType deal[JQ_SQUARES];
  JqColor observer;
} JqIsmctsWorld;

/* Makes `move` in a working position of the world. A hidden mover turns up
 * as the deal says; a captured hidden piece's identity is passed only when
 * the observer is the captor (who learns it under the default disclosure
 * rule), so the position stays what the observer would know. */
void jq_ismcts_play(JqPosition *pos, const JqIsmctsWorld *world, JqMove move);

/* 1 / (1 + exp(-cp / K)), and its inverse for reporting. */
double jq_ismcts_win_probability(int cp);
int jq_ismcts_centipawns(double probability);

/* The chance that the side to move in pos wins, in [0, 1]. pos is
 * restored before returning. */
double jq_ismcts_leaf_value(JqPosition *pos, const JqIsmctsWorld *world,
                            JqIsmctsLeaf kind, int playout_plies, JqRng *rng);
