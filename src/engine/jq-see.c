#include "jq-see.h"

#include <string.h>

#include "jq-eval.h"

/* Exchange values. Xiangqi's fitted material weights leave much of a
 * piece's worth to placement and mobility terms (a horse's weight alone is
 * a third of a cannon's), so exchanges use the customary values; jieqi's
 * weights are set by hand and serve as they are. Kings take part last: one
 * that captures into an attacked point would be taken, so their value only
 * needs to dwarf the rest. */
#define KING_VALUE 20000
static const int xiangqi_value[JQ_TYPE_COUNT] = {
    [JQ_KING] = KING_VALUE, [JQ_ADVISOR] = 200, [JQ_ELEPHANT] = 200,
    [JQ_HORSE] = 400,       [JQ_CHARIOT] = 900, [JQ_CANNON] = 450,
    [JQ_PAWN] = 100};

typedef struct {
  const JqPosition *pos;
  int hidden[2]; /* a hidden piece's expected value per colour, -1 unknown */
  /* The occupancy of the target's file and rank on the exchange's board. */
  unsigned file_line, rank_line;
} Values;

/* The piece on `from` leaves for the target `to` (which stays occupied). */
static void leave(Values *v, JqPiece *board, int from, int to) {
  board[to] = board[from];
  board[from] = JQ_EMPTY;
  if (jq_square_file(from) == jq_square_file(to))
    v->file_line &= ~(1u << jq_square_rank(from));
  if (jq_square_rank(from) == jq_square_rank(to))
    v->rank_line &= ~(1u << jq_square_file(from));
}

static int value_of(Values *v, JqPiece p) {
  if (!p)
    return 0;
  JqPieceType t = jq_piece_type(p);
  if (v->pos->variant != JQ_VARIANT_JIEQI)
    return xiangqi_value[t];
  if (jq_piece_is_hidden(p)) {
    JqColor c = jq_piece_color(p);
    if (v->hidden[c] < 0)
      v->hidden[c] = jq_eval_hidden_value(v->pos, c);
    return v->hidden[c];
  }
  return t == JQ_KING ? KING_VALUE : jq_eval_piece_value(t, true);
}

/* The point of colour by's least valuable attacker of sq, -1 if none. */
static int least_attacker(Values *v, const JqPiece *board, int sq, JqColor by,
                          int *value) {
  uint8_t from[JQ_MAX_ATTACKERS];
  int n = jq_board_attackers_lines(board, v->pos->variant, sq, by, v->file_line,
                                   v->rank_line, from);
  int best = -1, best_value = 0;
  for (int i = 0; i < n; i++) {
    int val = value_of(v, board[from[i]]);
    if (best < 0 || val < best_value) {
      best = from[i];
      best_value = val;
    }
  }
  *value = best_value;
  return best;
}

bool jq_see_ge(const JqPosition *pos, JqMove m, int threshold) {
  int from = jq_move_from(m), to = jq_move_to(m);
  Values v = {pos,
              {-1, -1},
              pos->occ_file[jq_square_file(to)],
              pos->occ_rank[jq_square_rank(to)]};
  /* `swap` is what the side that just captured stands to gain beyond the
   * threshold if the exchange stops here, seen from the side to capture
   * next; `res` whether the mover is ahead if it stops now. */
  int swap = value_of(&v, pos->board[to]) - threshold;
  if (swap < 0)
    return false;
  swap = value_of(&v, pos->board[from]) - swap;
  if (swap <= 0)
    return true;
  JqPiece board[JQ_SQUARES];
  memcpy(board, pos->board, sizeof board);
  leave(&v, board, from, to);
  JqColor side = (JqColor)(pos->side ^ 1);
  int res = 1;
  for (;;) {
    int value;
    int sq = least_attacker(&v, board, to, side, &value);
    if (sq < 0)
      break;
    res ^= 1;
    if (value == KING_VALUE) {
      /* The king may take only if nothing can take it back. */
      leave(&v, board, sq, to);
      int unused;
      return least_attacker(&v, board, to, (JqColor)(side ^ 1), &unused) >= 0
                 ? res ^ 1
                 : res;
    }
    swap = value - swap;
    if (swap < res)
      break;
    leave(&v, board, sq, to);
    side = (JqColor)(side ^ 1);
  }
  return res;
}
