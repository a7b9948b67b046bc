#include "jq-position.h"

#include "jq-tables.h"

/* Mirrors jq_board_attacked, but lists every attacker rather than stopping
 * at the first: static exchange evaluation needs them all, and recomputes
 * after each capture because a capture can make or break a cannon screen. */
int jq_board_attackers(const JqPiece *board, int variant, int sq, JqColor by,
                       uint8_t out[JQ_MAX_ATTACKERS]) {
  const JqTables *t = &jq_tables;
  const int color_bit = by == JQ_BLACK ? JQ_PIECE_BLACK : 0;
  const int mask = JQ_PIECE_TYPE_MASK | JQ_PIECE_BLACK;
  int n = 0;

  for (int d = 0; d < JQ_DIRS; d++) {
    const uint8_t *ray = t->ray[sq][d];
    int len = t->ray_len[sq][d], i = 0;
    while (i < len && !board[ray[i]])
      i++;
    if (i == len)
      continue;
    if ((board[ray[i]] & mask) == (JQ_CHARIOT | color_bit))
      out[n++] = ray[i];
    for (i++; i < len; i++) {
      if (board[ray[i]]) {
        if ((board[ray[i]] & mask) == (JQ_CANNON | color_bit))
          out[n++] = ray[i];
        break;
      }
    }
  }
  for (int i = 0; i < t->horse_from_n[sq]; i++)
    if ((board[t->horse_from[sq][i]] & mask) == (JQ_HORSE | color_bit) &&
        !board[t->horse_from_leg[sq][i]])
      out[n++] = t->horse_from[sq][i];
  const int pawn = JQ_PAWN | color_bit;
  int behind = sq + (by == JQ_RED ? -JQ_FILES : JQ_FILES);
  if (behind >= 0 && behind < JQ_SQUARES && (board[behind] & mask) == pawn)
    out[n++] = (uint8_t)behind;
  if (jq_square_across_river(sq, by)) {
    int f = jq_square_file(sq);
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
