#include "jq-eval.h"

#include <stdlib.h>

#include "jq-tables.h"

/* Placement bonuses are written as small formulas over (file, rank) seen
 * from the piece's own side: distance from the centre file, how far
 * forward. */
static int centre_distance(int file) { return abs(file - 4); }

static const int value_xiangqi[JQ_TYPE_COUNT] = {0,   0,   110, 110,
                                                 300, 620, 310, 45};
static const int value_jieqi[JQ_TYPE_COUNT] = {0,   0,   150, 140,
                                               300, 620, 320, 60};

int jq_eval_piece_value(JqPieceType type, bool jieqi) {
  return (jieqi ? value_jieqi : value_xiangqi)[type & 7];
}

int jq_eval_hidden_value(const JqPosition *pos, JqColor c) {
  int total = 0, sum = 0;
  for (int t = JQ_ADVISOR; t < JQ_TYPE_COUNT; t++) {
    total += pos->pool[c][t];
    sum += pos->pool[c][t] * value_jieqi[t];
  }
  return total ? sum / total : 0;
}

int jq_eval_square_value(const JqPosition *pos, int sq) {
  JqPiece p = pos->board[sq];
  if (!p)
    return 0;
  if (jq_piece_is_hidden(p))
    return jq_eval_hidden_value(pos, jq_piece_color(p));
  return jq_eval_piece_value(jq_piece_type(p),
                             pos->variant == JQ_VARIANT_JIEQI);
}

/* Bonus for a revealed piece of type t at (file, rank) from its own side;
 * `opening` scales terms that matter while the board is full. */
static int placement(JqPieceType t, int file, int rank, int enemy_king_file,
                     int phase) {
  int cd = centre_distance(file);
  switch (t) {
  case JQ_PAWN:
    if (rank <= 4)
      return rank == 4 ? 5 : 0; /* a pawn on the river bank */
    {
      /* Across: worth more near the enemy palace, less on the last rank. */
      int b = 40 - 6 * cd + (rank >= 6 && rank <= 8 ? 25 : 0);
      if (rank == 9)
        b -= 30;
      if (abs(file - enemy_king_file) <= 1 && rank >= 6)
        b += 10;
      return b;
    }
  case JQ_HORSE: {
    int b = 18 - 5 * cd;
    if (rank >= 3 && rank <= 7)
      b += 12 + 3 * (rank - 3);
    if (file == 0 || file == 8)
      b -= 12;
    if (rank == 0)
      b -= 10;
    return b;
  }
  case JQ_CHARIOT: {
    int b = 6 - 2 * cd;
    if (rank >= 5 && rank <= 7)
      b += 15;
    if (rank == 0 && phase > 16)
      b -= 10; /* undeveloped */
    return b;
  }
  case JQ_CANNON: {
    int b = 0;
    if (file == 4 && phase > 16)
      b += 20; /* central cannon */
    if (rank >= 3 && rank <= 5)
      b += 5;
    if (rank >= 7 && file == 4)
      b += 10;
    return b;
  }
  case JQ_KING: return -8 * cd - 6 * rank;
  case JQ_ADVISOR:
  case JQ_ELEPHANT: return (rank <= 2 && cd <= 2) ? 6 : 0;
  default: return 0;
  }
}

int jq_eval_quiet_hint(const JqPosition *pos, JqMove m) {
  int from = jq_move_from(m), to = jq_move_to(m);
  JqPiece p = pos->board[from];
  if (!p || jq_piece_is_hidden(p))
    return 0; /* what it turns up as decides; nothing to say before */
  int c = jq_piece_color(p);
  JqPieceType t = jq_piece_type(p);
  int enemy_king = pos->king[c ^ 1];
  int ekf = enemy_king == JQ_NO_SQUARE ? 4 : jq_square_file(enemy_king);
  int fr = jq_square_rank(from), tr = jq_square_rank(to);
  if (c == JQ_BLACK) {
    fr = 9 - fr;
    tr = 9 - tr;
  }
  /* A middling phase: the hint orders moves, it does not judge them. */
  return placement(t, jq_square_file(to), tr, ekf, 16) -
         placement(t, jq_square_file(from), fr, ekf, 16);
}

/* Mobility and pressure of the long-range pieces: points they reach, and
 * extra weight for reaching into the enemy palace, where mates happen. */
static int activity(const JqPosition *pos, int sq, JqPieceType t, int c) {
  const JqTables *tb = &jq_tables;
  const JqPiece *board = pos->board;
  int enemy = c ^ 1;
  int score = 0;
  switch (t) {
  case JQ_CHARIOT:
    for (int d = 0; d < JQ_DIRS; d++) {
      const uint8_t *ray = tb->ray[sq][d];
      int n = tb->ray_len[sq][d];
      for (int i = 0; i < n; i++) {
        int to = ray[i];
        if (jq_square_in_palace(to, (JqColor)enemy))
          score += 3;
        if (board[to]) {
          if ((int)jq_piece_color(board[to]) == enemy)
            score += 2;
          break;
        }
        score += 2;
      }
    }
    return score;
  case JQ_HORSE:
    for (int i = 0; i < tb->horse_n[sq]; i++) {
      if (board[tb->horse_leg[sq][i]])
        continue;
      int to = tb->horse_to[sq][i];
      if (board[to] && (int)jq_piece_color(board[to]) == c)
        continue;
      score += 5;
      if (jq_square_in_palace(to, (JqColor)enemy))
        score += 8;
    }
    return score - 12; /* a horse with two moves is a poor horse */
  case JQ_CANNON:
    for (int d = 0; d < JQ_DIRS; d++) {
      const uint8_t *ray = tb->ray[sq][d];
      int n = tb->ray_len[sq][d], i = 0;
      for (; i < n && !board[ray[i]]; i++)
        score += 1;
      int screens = 0;
      for (i++; i < n; i++) {
        int to = ray[i];
        if (!board[to])
          continue;
        if ((int)jq_piece_color(board[to]) == enemy && screens == 0) {
          /* A target behind one screen; the king behind it pins. */
          score += jq_piece_type(board[to]) == JQ_KING &&
                           !jq_piece_is_hidden(board[to])
                       ? 25
                       : 4;
        }
        if (++screens == 2)
          break;
      }
    }
    return score;
  default: return 0;
  }
}

/* A cannon facing the enemy king down an open file, and chariots on it. */
static int king_file_pressure(const JqPosition *pos, int c) {
  int k = pos->king[c ^ 1];
  if (k == JQ_NO_SQUARE)
    return 0;
  const JqTables *tb = &jq_tables;
  int dir = c == JQ_RED ? JQ_DIR_SOUTH : JQ_DIR_NORTH; /* from king toward c */
  const uint8_t *ray = tb->ray[k][dir];
  int n = tb->ray_len[k][dir], blockers = 0, bonus = 0;
  for (int i = 0; i < n; i++) {
    JqPiece p = pos->board[ray[i]];
    if (!p)
      continue;
    if ((int)jq_piece_color(p) == c && !jq_piece_is_hidden(p)) {
      JqPieceType t = jq_piece_type(p);
      if (t == JQ_CANNON && blockers == 0)
        bonus += 70; /* the empty-headed cannon */
      else if (t == JQ_CHARIOT && blockers == 0)
        bonus += 30;
    }
    if (++blockers > 1)
      break;
  }
  return bonus;
}

int jq_evaluate(const JqPosition *pos) {
  bool jieqi = pos->variant == JQ_VARIANT_JIEQI;
  int score[2] = {0, 0};
  int phase = 0; /* attacking pieces on the board, both sides */
  int defenders[2] = {0, 0};
  int attackers[2] = {0, 0};
  int hidden_value[2] = {jq_eval_hidden_value(pos, JQ_RED),
                         jq_eval_hidden_value(pos, JQ_BLACK)};
  for (int sq = 0; sq < JQ_SQUARES; sq++) {
    JqPiece p = pos->board[sq];
    if (!p)
      continue;
    JqPieceType t = jq_piece_type(p);
    if (jq_piece_is_hidden(p) || (t >= JQ_HORSE && t <= JQ_CANNON))
      phase++;
  }
  for (int sq = 0; sq < JQ_SQUARES; sq++) {
    JqPiece p = pos->board[sq];
    if (!p)
      continue;
    int c = jq_piece_color(p);
    int file = jq_square_file(sq), rank = jq_square_rank(sq);
    int own_rank = c == JQ_RED ? rank : 9 - rank;
    if (jq_piece_is_hidden(p)) {
      /* A hidden piece is worth its pool's average; a little more while
       * its point's role keeps it flexible. */
      score[c] += hidden_value[c] + 5;
      continue;
    }
    JqPieceType t = jq_piece_type(p);
    int enemy_king = pos->king[c ^ 1];
    int ekf = enemy_king == JQ_NO_SQUARE ? 4 : jq_square_file(enemy_king);
    score[c] += (jieqi ? value_jieqi : value_xiangqi)[t] +
                placement(t, file, own_rank, ekf, phase) +
                activity(pos, sq, t, c);
    /* Cannons need screens, horses room: the cannon is worth more on a
     * full board, the horse on an empty one. phase counts 0..22. */
    if (t == JQ_CANNON)
      score[c] += (phase - 11) * 2;
    else if (t == JQ_HORSE)
      score[c] -= (phase - 11) * 2;
    if (t == JQ_ADVISOR || t == JQ_ELEPHANT)
      defenders[c]++;
    else if (t != JQ_KING && t != JQ_PAWN)
      attackers[c]++;
    else if (t == JQ_PAWN && own_rank >= 5)
      attackers[c]++;
  }
  /* Missing defenders hurt more when the enemy still has attackers. */
  for (int c = 0; c < 2; c++) {
    int missing = 4 - defenders[c];
    if (jieqi)
      missing = 0; /* jieqi advisors and elephants roam: no such shape */
    score[c] -= missing * attackers[c ^ 1] * 6;
  }
  score[JQ_RED] += king_file_pressure(pos, JQ_RED);
  score[JQ_BLACK] += king_file_pressure(pos, JQ_BLACK);
  int s = score[JQ_RED] - score[JQ_BLACK];
  /* A small tempo bonus for the side to move. */
  return (pos->side == JQ_RED ? s : -s) + 10;
}
