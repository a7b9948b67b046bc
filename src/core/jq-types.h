/* Basic vocabulary of the rules core: colours, piece types, squares, moves. */
#pragma once

#include <stdbool.h>
#include <stdint.h>

#define JQ_FILES 9
#define JQ_RANKS 10
#define JQ_SQUARES 90
#define JQ_NO_SQUARE 0xFF

/* Enough for any position of either variant (the real maximum is well
 * below 128 even with jieqi's free advisors and elephants). */
#define JQ_MAX_MOVES 192

typedef enum { JQ_RED = 0, JQ_BLACK = 1 } JqColor;

typedef enum {
  JQ_VARIANT_XIANGQI = 0,
  JQ_VARIANT_JIEQI = 1,
} JqVariant;

/* Who learns the identity of a captured hidden piece (rules.md section 3). */
typedef enum {
  JQ_DISCLOSE_CAPTOR = 0,
  JQ_DISCLOSE_NOBODY = 1,
  JQ_DISCLOSE_BOTH = 2,
} JqDisclosure;

typedef enum {
  JQ_NO_TYPE = 0,
  JQ_KING = 1,
  JQ_ADVISOR = 2,
  JQ_ELEPHANT = 3,
  JQ_HORSE = 4,
  JQ_CHARIOT = 5,
  JQ_CANNON = 6,
  JQ_PAWN = 7,
} JqPieceType;

#define JQ_TYPE_COUNT 8

/* A piece on a point, packed in a byte so boards copy and compare cheaply.
 * Bits 0-2: the type it moves as (for a hidden piece, the role of its point),
 * bit 3: black, bit 4: hidden. 0 is an empty point. A hidden piece's true
 * identity is never stored here: only the game (arbiter) knows it. */
typedef uint8_t JqPiece;

#define JQ_EMPTY ((JqPiece)0)
#define JQ_PIECE_TYPE_MASK 7
#define JQ_PIECE_BLACK 8
#define JQ_PIECE_HIDDEN 16

static inline JqPiece jq_piece_make(JqColor color, JqPieceType type) {
  return (JqPiece)(type | (color == JQ_BLACK ? JQ_PIECE_BLACK : 0));
}
static inline JqPiece jq_piece_make_hidden(JqColor color, JqPieceType role) {
  return (JqPiece)(jq_piece_make(color, role) | JQ_PIECE_HIDDEN);
}
static inline JqPieceType jq_piece_type(JqPiece p) {
  return (JqPieceType)(p & JQ_PIECE_TYPE_MASK);
}
static inline JqColor jq_piece_color(JqPiece p) {
  return (p & JQ_PIECE_BLACK) ? JQ_BLACK : JQ_RED;
}
static inline bool jq_piece_is_hidden(JqPiece p) {
  return (p & JQ_PIECE_HIDDEN) != 0;
}
static inline JqColor jq_color_other(JqColor c) { return (JqColor)(c ^ 1); }

/* Squares: rank * 9 + file; file 0..8 is a..i from Red's left, rank 0 is
 * Red's back rank. */
typedef uint8_t JqSquare;

static inline int jq_square_file(int sq) { return sq % JQ_FILES; }
static inline int jq_square_rank(int sq) { return sq / JQ_FILES; }
static inline int jq_square_make(int file, int rank) {
  return rank * JQ_FILES + file;
}
static inline bool jq_square_in_palace(int sq, JqColor c) {
  int f = jq_square_file(sq), r = jq_square_rank(sq);
  if (f < 3 || f > 5)
    return false;
  return c == JQ_RED ? r <= 2 : r >= 7;
}
/* True when a piece of colour c standing on sq is across the river. */
static inline bool jq_square_across_river(int sq, JqColor c) {
  return c == JQ_RED ? jq_square_rank(sq) >= 5 : jq_square_rank(sq) <= 4;
}

/* A move is just its two points; what a reveal turns up is an input to
 * make-move, not part of the move. 0 is "no move" (from == to never moves). */
typedef uint16_t JqMove;

#define JQ_MOVE_NONE ((JqMove)0)

static inline JqMove jq_move_make(int from, int to) {
  return (JqMove)(from | (to << 7));
}
static inline int jq_move_from(JqMove m) { return m & 0x7F; }
static inline int jq_move_to(JqMove m) { return m >> 7; }

typedef struct {
  JqMove moves[JQ_MAX_MOVES];
  int count;
} JqMoveList;

/* Identities learned when a move is made: the type a hidden mover turns up
 * as, and the type of a captured hidden piece (JQ_NO_TYPE when the observer
 * of the position does not learn it). */
typedef struct {
  JqPieceType mover;
  JqPieceType captured;
} JqReveal;

#define JQ_REVEAL_NONE ((JqReveal){JQ_NO_TYPE, JQ_NO_TYPE})

/* Piece letters of rules.md: K A B N R C P, hidden X; upper case Red. */
char jq_piece_type_letter(JqPieceType t);
JqPieceType jq_piece_type_from_letter(char c);
char jq_piece_letter(JqPiece p);
/* Parses a FEN board letter; returns false for anything else. */
bool jq_piece_from_letter(char c, JqPiece *out);

/* Writes "e0" style names; buf needs 3 bytes. */
void jq_square_name(int sq, char buf[3]);
/* Parses a square name at s (two characters); returns -1 when invalid. */
int jq_square_parse(const char *s);
