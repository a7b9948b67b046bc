/* Precomputed geometry and hash keys (internal to the core). Move
 * generation reads these instead of testing board edges at run time. */
#pragma once

#include <stdint.h>

#include "jq-types.h"

enum { JQ_DIR_NORTH, JQ_DIR_SOUTH, JQ_DIR_EAST, JQ_DIR_WEST, JQ_DIRS };

/* Variants of the short-range movers: confined by colour (palace or own
 * half) for kings, xiangqi pieces and hidden pieces; free for revealed
 * jieqi advisors and elephants. */
enum { JQ_ZONE_RED = 0, JQ_ZONE_BLACK = 1, JQ_ZONE_FREE = 2, JQ_ZONES };

typedef struct {
  /* Squares along each direction, nearest first. */
  uint8_t ray[JQ_SQUARES][JQ_DIRS][9];
  uint8_t ray_len[JQ_SQUARES][JQ_DIRS];
  /* Horse moves from a square: target and leg. */
  uint8_t horse_to[JQ_SQUARES][8], horse_leg[JQ_SQUARES][8];
  uint8_t horse_n[JQ_SQUARES];
  /* Horses that could reach a square: origin and the leg they need. */
  uint8_t horse_from[JQ_SQUARES][8], horse_from_leg[JQ_SQUARES][8];
  uint8_t horse_from_n[JQ_SQUARES];
  /* Elephant moves (target, eye) and advisor / king / pawn targets. */
  uint8_t elephant_to[JQ_ZONES][JQ_SQUARES][4];
  uint8_t elephant_eye[JQ_ZONES][JQ_SQUARES][4];
  uint8_t elephant_n[JQ_ZONES][JQ_SQUARES];
  uint8_t advisor_to[JQ_ZONES][JQ_SQUARES][4];
  uint8_t advisor_n[JQ_ZONES][JQ_SQUARES];
  uint8_t king_to[2][JQ_SQUARES][4];
  uint8_t king_n[2][JQ_SQUARES];
  uint8_t pawn_to[2][JQ_SQUARES][3];
  uint8_t pawn_n[2][JQ_SQUARES];
  /* Zobrist keys: piece code by square, side to move, pool counts. */
  uint64_t piece_key[32][JQ_SQUARES];
  uint64_t side_key;
  uint64_t pool_key[2][JQ_TYPE_COUNT][16];
} JqTables;

extern JqTables jq_tables;

/* Fills jq_tables once; cheap to call again. */
void jq_tables_init(void);
