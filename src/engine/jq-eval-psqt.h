/* Per-point corrections to the xiangqi evaluation, one table per revealed
 * piece type, fitted to a stronger engine's scores (bench/tune-eval.c).
 * They add to the placement formulas in jq-eval.c what those cannot
 * express. The board is symmetric, so a table holds one half: files 0-4
 * (4 is the centre) by ranks 0-9, seen from the piece's own side. */
#pragma once

#include <stdint.h>

#include "jq-types.h"

#define JQ_PSQT_FILES 5
#define JQ_PSQT_POINTS (JQ_PSQT_FILES * JQ_RANKS)

/* How many horses, chariots and cannons make a full board. */
#define JQ_PSQT_FULL_PHASE 12

/* [type][point], for a full board and for one without horses, chariots or
 * cannons; the evaluation blends the two by how many of those are left
 * (a pawn or king is placed differently when the attackers are gone).
 * Read-only while any search runs; the tuner writes them between
 * evaluations. */
extern int16_t jq_eval_psqt[JQ_TYPE_COUNT][JQ_PSQT_POINTS];
extern int16_t jq_eval_psqt_end[JQ_TYPE_COUNT][JQ_PSQT_POINTS];

/* The table index of (file, rank), rank counted from the piece's side. */
static inline int jq_eval_psqt_index(int file, int own_rank) {
  int half = file < JQ_PSQT_FILES ? file : JQ_FILES - 1 - file;
  return own_rank * JQ_PSQT_FILES + half;
}

/* Attackers placed against the enemy king: for horses, chariots, cannons
 * and pawns, a value by where they stand relative to it (files apart, and
 * ranks short of the king's rank, counted from the attacker's side), which
 * a table by points alone cannot say. */
#define JQ_KREL_FILES 6  /* a king stands on files 3-5 */
#define JQ_KREL_RANKS 12 /* from 2 ranks beyond the king to 9 short of it */
#define JQ_KREL_POINTS (JQ_KREL_FILES * JQ_KREL_RANKS)
extern int16_t jq_eval_kingrel[JQ_TYPE_COUNT][JQ_KREL_POINTS];

/* The index for an attacker on (file, own_rank) against a king on
 * (king_file, king_rank), ranks counted from the attacker's side. */
static inline int jq_eval_kingrel_index(int file, int own_rank, int king_file,
                                        int king_rank) {
  int df = file > king_file ? file - king_file : king_file - file;
  int dr = king_rank - own_rank + 2; /* a king stands on ranks 7-9 */
  if (dr < 0)
    dr = 0;
  if (dr >= JQ_KREL_RANKS)
    dr = JQ_KREL_RANKS - 1;
  return dr * JQ_KREL_FILES + df;
}
