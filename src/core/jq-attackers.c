#include "jq-position.h"

#include "jq-tables.h"

/* Mirrors jq_board_attacked, but lists every attacker rather than stopping
 * at the first: static exchange evaluation needs them all, and recomputes
 * after each capture because a capture can make or break a cannon screen. */
int jq_board_attackers(const JqPiece *board, int variant, int sq, JqColor by,
                       uint8_t out[JQ_MAX_ATTACKERS]) {
  int f = jq_square_file(sq), r = jq_square_rank(sq);
  unsigned file_line = 0, rank_line = 0;
  for (int i = 0; i < JQ_RANKS; i++)
    file_line |= (board[jq_square_make(f, i)] != JQ_EMPTY) << i;
  for (int i = 0; i < JQ_FILES; i++)
    rank_line |= (board[jq_square_make(i, r)] != JQ_EMPTY) << i;
  return jq_board_attackers_lines(board, variant, sq, by, file_line, rank_line,
                                  out);
}

/* Along one line from sq outward (`line`: the occupied places on that side
 * of it, on file or rank `fixed`): the first piece if it is the chariot,
 * the second if it is the cannon, added to out. */
static inline int line_attackers(const JqPiece *board, unsigned line, bool up,
                                 int fixed, bool on_file, int chariot,
                                 int cannon, uint8_t *out, int n) {
  const int mask = JQ_PIECE_TYPE_MASK | JQ_PIECE_BLACK;
  for (int k = 0; k < 2 && line; k++) {
    int at = up ? __builtin_ctz(line) : 31 - __builtin_clz(line);
    line &= ~(1u << at);
    int from = on_file ? jq_square_make(fixed, at) : jq_square_make(at, fixed);
    if ((board[from] & mask) == (k == 0 ? chariot : cannon))
      out[n++] = (uint8_t)from;
  }
  return n;
}

int jq_board_attackers_lines(const JqPiece *board, int variant, int sq,
                             JqColor by, unsigned file_line, unsigned rank_line,
                             uint8_t out[JQ_MAX_ATTACKERS]) {
  const JqTables *t = &jq_tables;
  const int color_bit = by == JQ_BLACK ? JQ_PIECE_BLACK : 0;
  const int mask = JQ_PIECE_TYPE_MASK | JQ_PIECE_BLACK;
  const int chariot = JQ_CHARIOT | color_bit, cannon = JQ_CANNON | color_bit;
  int f = jq_square_file(sq), r = jq_square_rank(sq);
  int n = 0;
  /* North, south, east, west, as the rays run. */
  n = line_attackers(board, file_line & ~((2u << r) - 1), true, f, true,
                     chariot, cannon, out, n);
  n = line_attackers(board, file_line & ((1u << r) - 1), false, f, true,
                     chariot, cannon, out, n);
  n = line_attackers(board, rank_line & ~((2u << f) - 1), true, r, false,
                     chariot, cannon, out, n);
  n = line_attackers(board, rank_line & ((1u << f) - 1), false, r, false,
                     chariot, cannon, out, n);
  for (int i = 0; i < t->horse_from_n[sq]; i++)
    if ((board[t->horse_from[sq][i]] & mask) == (JQ_HORSE | color_bit) &&
        !board[t->horse_from_leg[sq][i]])
      out[n++] = t->horse_from[sq][i];
  const int pawn = JQ_PAWN | color_bit;
  int behind = sq + (by == JQ_RED ? -JQ_FILES : JQ_FILES);
  if (behind >= 0 && behind < JQ_SQUARES && (board[behind] & mask) == pawn)
    out[n++] = (uint8_t)behind;
  if (jq_square_across_river(sq, by)) {
    if (f > 0 && (board[sq - 1] & mask) == pawn)
      out[n++] = (uint8_t)(sq - 1);
    if (f < 8 && (board[sq + 1] & mask) == pawn)
      out[n++] = (uint8_t)(sq + 1);
  }
  /* A hidden advisor or elephant is confined like a xiangqi one; a revealed
   * jieqi one is free. */
  for (int i = 0; i < t->advisor_n[JQ_ZONE_FREE][sq]; i++) {
    int from = t->advisor_to[JQ_ZONE_FREE][sq][i];
    JqPiece p = board[from];
    if ((p & mask) != (JQ_ADVISOR | color_bit))
      continue;
    bool free = variant == JQ_VARIANT_JIEQI && !jq_piece_is_hidden(p);
    if (free || (jq_square_in_palace(sq, by) && jq_square_in_palace(from, by)))
      out[n++] = (uint8_t)from;
  }
  for (int i = 0; i < t->elephant_n[JQ_ZONE_FREE][sq]; i++) {
    int from = t->elephant_to[JQ_ZONE_FREE][sq][i];
    JqPiece p = board[from];
    if ((p & mask) != (JQ_ELEPHANT | color_bit) ||
        board[t->elephant_eye[JQ_ZONE_FREE][sq][i]])
      continue;
    bool free = variant == JQ_VARIANT_JIEQI && !jq_piece_is_hidden(p);
    if (free || !jq_square_across_river(sq, by))
      out[n++] = (uint8_t)from;
  }
  if (jq_square_in_palace(sq, by))
    for (int d = 0; d < JQ_DIRS; d++)
      if (t->ray_len[sq][d] &&
          (board[t->ray[sq][d][0]] & mask) == (JQ_KING | color_bit) &&
          !jq_piece_is_hidden(board[t->ray[sq][d][0]]))
        out[n++] = t->ray[sq][d][0];
  return n;
}
