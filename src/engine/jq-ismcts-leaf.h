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
  /* Centipawns the observer is taken to be ahead by at the root: leaves
   * are valued by how far they stray from it, so that far ahead or far
   * behind the logistic does not flatten every difference away. */
  int offset;
} JqIsmctsWorld;

/* Makes `move` in a working position of the world. A hidden mover turns up
 * as the deal says; a captured hidden piece's identity is passed only when
 * the observer is the captor (who learns it under the default disclosure
 * rule), so the position stays what the observer would know. */
void jq_ismcts_play(JqPosition *pos, const JqIsmctsWorld *world, JqMove move);

/* 1 / (1 + exp(-cp / K)), and its inverse for reporting. */
double jq_ismcts_win_probability(int cp);
int jq_ismcts_centipawns(double probability);

/* The win probability of `side` for a score of cp centipawns, shifted by
 * the world's offset (a draw is relative_probability(..., 0)). */
double jq_ismcts_relative_probability(const JqIsmctsWorld *world, JqColor side,
                                      int cp);

/* The capture probe's score for the side to move, in centipawns. */
int jq_ismcts_probe_cp(JqPosition *pos, const JqIsmctsWorld *world);

/* The chance that the side to move in pos wins, in [0, 1]: by `kind`, with
 * `plies` the playout's length. pos is restored before returning. */
double jq_ismcts_leaf_value(JqPosition *pos, const JqIsmctsWorld *world,
                            JqIsmctsLeaf kind, int plies, JqRng *rng);
