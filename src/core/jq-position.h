/* A position as one observer knows it: the board, whose turn it is, the
 * hidden pools, the captured pieces, an incremental hash and the undo stack.
 * The same structure serves the arbiter (who learns every identity), a
 * player's view and a search: what differs is only which identities are
 * passed to jq_position_make_move. */
#pragma once

#include <string.h>

#include "jq-types.h"

/* Undo entries kept in a position. A game longer than this keeps working
 * (the oldest entries are dropped), but cannot be unmade past them; the
 * game object replays from its own full record instead. */
#define JQ_HISTORY_MAX 1024

typedef struct {
  uint64_t hash;             /* hash before the move */
  JqMove move;               /* JQ_MOVE_NONE for a null move */
  JqPiece moved;             /* the piece as it stood on the origin */
  JqPiece captured;          /* what stood on the target, JQ_EMPTY if nothing */
  uint8_t revealed;          /* type the hidden mover turned up as */
  uint8_t captured_identity; /* type of a captured hidden piece, if learned */
  uint16_t halfmove;         /* halfmove clock before the move */
} JqUndo;

typedef struct {
  JqPiece piece;        /* as it stood when taken (hidden flag kept) */
  JqPieceType identity; /* its true type, JQ_NO_TYPE if hidden and unknown */
} JqCapture;

typedef struct JqPosition {
  JqPiece board[JQ_SQUARES];
  uint8_t king[2]; /* king squares, JQ_NO_SQUARE when absent */
  uint8_t side;    /* JqColor to move */
  uint8_t variant; /* JqVariant */
  /* Hidden pieces on the board, and captured hidden pieces whose identity
   * this observer did not learn, per colour. */
  uint8_t hidden_count[2];
  uint8_t captured_unknown[2];
  /* Unrevealed pieces per colour and type that may still be anywhere in
   * hidden_count + captured_unknown: sum(pool[c]) equals their sum. */
  uint8_t pool[2][JQ_TYPE_COUNT];
  /* Kept from the board by make/unmake and refresh, so that the evaluation
   * need not walk every piece: the hidden pieces on the board per colour
   * and type they move as (sum: hidden_count), and the occupied points of
   * each file (a bit per rank) and of each rank (a bit per file). */
  uint8_t hidden_role[2][JQ_TYPE_COUNT];
  /* Also kept: the revealed pieces per colour and type, and their points
   * (both colours, a bit per point: 0-63, then 64-89), so that the
   * evaluation visits them without scanning the board. */
  uint8_t revealed_role[2][JQ_TYPE_COUNT];
  uint64_t revealed_at[2];
  /* And each colour's pieces' points (a bit per point, as revealed_at), so
   * that move generation visits them without scanning the board. */
  uint64_t color_at[2][2];
  uint8_t capture_count;
  JqCapture captures[32];
  uint16_t occ_file[JQ_FILES];
  uint16_t occ_rank[JQ_RANKS];
  uint64_t hash;
  int halfmove; /* plies since the last capture */
  int fullmove; /* FEN move number */
  int history_len;
  JqUndo history[JQ_HISTORY_MAX];
} JqPosition;

/* Standard starting points: the type of the piece that starts on sq in
 * xiangqi, which is the role a hidden jieqi piece there moves as. */
JqPieceType jq_start_role(int sq);
/* Colour whose starting point sq is (only meaningful when the role is set). */
JqColor jq_start_color(int sq);

/* The starting position of a variant. In jieqi every piece but the kings is
 * hidden and each pool holds the full 15 pieces. */
void jq_position_init_start(JqPosition *pos, JqVariant variant);
/* An empty board of a variant with Red to move: for building positions. */
void jq_position_clear(JqPosition *pos, JqVariant variant);
/* After placing pieces and pools by hand: recompute kings, counts, the
 * occupancy masks and hash. */
void jq_position_refresh(JqPosition *pos);

/* Applies a pseudo-legal move. `reveal.mover` must be the identity when the
 * mover is hidden; `reveal.captured` is the captured hidden piece's identity
 * when this observer learns it, else JQ_NO_TYPE. */
void jq_position_make_move(JqPosition *pos, JqMove move, JqReveal reveal);
void jq_position_unmake_move(JqPosition *pos);
void jq_position_make_null(JqPosition *pos);
void jq_position_unmake_null(JqPosition *pos);

/* Hash of the position computed from scratch (the incremental one must
 * always equal it). */
uint64_t jq_position_compute_hash(const JqPosition *pos);

/* Is sq attacked by a piece of colour `by` (hidden pieces attack as their
 * role)? Valid for any square. */
bool jq_position_attacked(const JqPosition *pos, int sq, JqColor by);
/* Bound on the attackers of one point on any board a FEN can set up: a
 * chariot and a cannon on each of four lines, eight horses, three pawns,
 * four advisors, four elephants and the king. */
#define JQ_MAX_ATTACKERS 28
/* Lists into `out` the points of colour by's pieces that attack sq on this
 * bare board (hidden pieces attack as their role) and returns how many. */
int jq_board_attackers(const JqPiece *board, int variant, int sq, JqColor by,
                       uint8_t out[JQ_MAX_ATTACKERS]);
/* The same, with the occupancy of sq's file (a bit per rank) and rank (a
 * bit per file) on that board given: chariots and cannons are found by bit
 * scans of them. */
int jq_board_attackers_lines(const JqPiece *board, int variant, int sq,
                             JqColor by, unsigned file_line, unsigned rank_line,
                             uint8_t out[JQ_MAX_ATTACKERS]);
/* Is the side to move in check (including the flying general)? */
bool jq_position_in_check(const JqPosition *pos);
/* Is colour c's king attacked, or facing the other king on an open file? */
bool jq_position_king_attacked(const JqPosition *pos, JqColor c);

static inline bool jq_position_is_jieqi(const JqPosition *pos) {
  return pos->variant == JQ_VARIANT_JIEQI;
}
/* Number of unrevealed pieces of colour c that the pools account for. */
int jq_position_pool_total(const JqPosition *pos, JqColor c);
/* The halfmove clock that ends the game as a draw in this variant. */
int jq_position_natural_limit(const JqPosition *pos);
/* The last move made, JQ_MOVE_NONE if none is on record. */
JqMove jq_position_last_move(const JqPosition *pos);
