#include "jq-movegen.h"

#include <stdlib.h>

#include "jq-position-private.h"
#include "jq-tables.h"

/* Adds from->to when the target suits the stage: empty points are quiet
 * moves, enemy pieces captures, own pieces nothing. */
static inline void add_target(const JqPiece *board, int them_bit,
                              JqGenStage stage, int from, int to,
                              JqMoveList *list) {
  JqPiece target = board[to];
  if (!target) {
    if (stage != JQ_GEN_CAPTURES)
      list->moves[list->count++] = jq_move_make(from, to);
  } else if ((target & JQ_PIECE_BLACK) == them_bit) {
    if (stage != JQ_GEN_QUIETS)
      list->moves[list->count++] = jq_move_make(from, to);
  }
}

/* Along a line's occupancy (a bit per point) from the point `at`: the bit
 * of the first piece above it, or with `skip` (a cannon's screen) the
 * second; 0 if none. */
static inline unsigned first_above(unsigned line, int at, bool skip) {
  unsigned m = line & ~((2u << at) - 1);
  m &= skip ? m - 1 : ~0u;
  return m & -m;
}

/* The same below the point. */
static inline unsigned first_below(unsigned line, int at, bool skip) {
  unsigned m = line & ((1u << at) - 1);
  if (skip && m)
    m &= ~(0x80000000u >> __builtin_clz(m));
  return m ? 0x80000000u >> __builtin_clz(m) : 0;
}

/* Captures of a chariot, or with `cannon` of a cannon, in the order of the
 * rays (north, south, east, west): the piece each takes is found by a bit
 * scan of the kept occupancy masks instead of a walk over empty points. */
static void gen_slider_captures(const JqPosition *pos, int sq, bool cannon,
                                int them_bit, JqMoveList *list) {
  int file = jq_square_file(sq), rank = jq_square_rank(sq);
  unsigned on_file = pos->occ_file[file], on_rank = pos->occ_rank[rank];
  unsigned reached[JQ_DIRS] = {
      first_above(on_file, rank, cannon), first_below(on_file, rank, cannon),
      first_above(on_rank, file, cannon), first_below(on_rank, file, cannon)};
  for (int d = 0; d < JQ_DIRS; d++) {
    if (!reached[d])
      continue;
    int at = __builtin_ctz(reached[d]);
    int to = d < 2 ? jq_square_make(file, at) : jq_square_make(at, rank);
    if ((pos->board[to] & JQ_PIECE_BLACK) == them_bit)
      list->moves[list->count++] = jq_move_make(sq, to);
  }
}

static inline __attribute__((always_inline)) void
gen_piece(const JqPosition *pos, int sq, JqGenStage stage, JqMoveList *list) {
  const JqTables *t = &jq_tables;
  const JqPiece *board = pos->board;
  JqPiece p = board[sq];
  int us = jq_piece_color(p);
  int them_bit = us == JQ_RED ? JQ_PIECE_BLACK : 0;
  bool free_mover = pos->variant == JQ_VARIANT_JIEQI && !jq_piece_is_hidden(p);
  int zone = free_mover ? JQ_ZONE_FREE : us;

  switch (jq_piece_type(p)) {
  case JQ_KING:
    for (int i = 0; i < t->king_n[us][sq]; i++)
      add_target(board, them_bit, stage, sq, t->king_to[us][sq][i], list);
    break;
  case JQ_ADVISOR:
    for (int i = 0; i < t->advisor_n[zone][sq]; i++)
      add_target(board, them_bit, stage, sq, t->advisor_to[zone][sq][i], list);
    break;
  case JQ_ELEPHANT:
    for (int i = 0; i < t->elephant_n[zone][sq]; i++)
      if (!board[t->elephant_eye[zone][sq][i]])
        add_target(board, them_bit, stage, sq, t->elephant_to[zone][sq][i],
                   list);
    break;
  case JQ_HORSE:
    for (int i = 0; i < t->horse_n[sq]; i++)
      if (!board[t->horse_leg[sq][i]])
        add_target(board, them_bit, stage, sq, t->horse_to[sq][i], list);
    break;
  case JQ_CHARIOT:
    if (stage == JQ_GEN_CAPTURES) {
      gen_slider_captures(pos, sq, false, them_bit, list);
      break;
    }
    for (int d = 0; d < JQ_DIRS; d++) {
      const uint8_t *ray = t->ray[sq][d];
      int n = t->ray_len[sq][d];
      for (int i = 0; i < n; i++) {
        int to = ray[i];
        if (board[to]) {
          add_target(board, them_bit, stage, sq, to, list);
          break;
        }
        if (stage != JQ_GEN_CAPTURES)
          list->moves[list->count++] = jq_move_make(sq, to);
      }
    }
    break;
  case JQ_CANNON:
    if (stage == JQ_GEN_CAPTURES) {
      gen_slider_captures(pos, sq, true, them_bit, list);
      break;
    }
    for (int d = 0; d < JQ_DIRS; d++) {
      const uint8_t *ray = t->ray[sq][d];
      int n = t->ray_len[sq][d], i = 0;
      for (; i < n && !board[ray[i]]; i++)
        if (stage != JQ_GEN_CAPTURES)
          list->moves[list->count++] = jq_move_make(sq, ray[i]);
      /* Jump the screen to the first piece beyond it. */
      for (i++; i < n; i++) {
        if (board[ray[i]]) {
          if (stage != JQ_GEN_QUIETS &&
              (board[ray[i]] & JQ_PIECE_BLACK) == them_bit)
            list->moves[list->count++] = jq_move_make(sq, ray[i]);
          break;
        }
      }
    }
    break;
  case JQ_PAWN:
    for (int i = 0; i < t->pawn_n[us][sq]; i++)
      add_target(board, them_bit, stage, sq, t->pawn_to[us][sq][i], list);
    break;
  default: break;
  }
}

void jq_generate_pseudo(const JqPosition *pos, JqGenStage stage,
                        JqMoveList *list) {
  list->count = 0;
  /* The side's pieces in board order, from the points the position keeps;
   * one loop per stage, each with the generator inlined for it. */
  const uint64_t *points = pos->color_at[pos->side];
#define GEN_STAGE(st)                              \
  for (int half = 0; half < 2; half++)             \
    for (uint64_t m = points[half]; m; m &= m - 1) \
      gen_piece(pos, half * 64 + __builtin_ctzll(m), st, list);
  if (stage == JQ_GEN_CAPTURES)
    GEN_STAGE(JQ_GEN_CAPTURES)
  else if (stage == JQ_GEN_ALL)
    GEN_STAGE(JQ_GEN_ALL)
  else
    GEN_STAGE(stage)
#undef GEN_STAGE
}

/* The occupancy of sq's file (a bit per rank) and rank (a bit per file)
 * once `from` is left and `to` taken. */
static inline void lines_after(const JqPosition *pos, int sq, int from, int to,
                               unsigned *file_line, unsigned *rank_line) {
  int f = jq_square_file(sq), r = jq_square_rank(sq);
  unsigned fl = pos->occ_file[f], rl = pos->occ_rank[r];
  if (jq_square_file(from) == f)
    fl &= ~(1u << jq_square_rank(from));
  if (jq_square_rank(from) == r)
    rl &= ~(1u << jq_square_file(from));
  if (jq_square_file(to) == f)
    fl |= 1u << jq_square_rank(to);
  if (jq_square_rank(to) == r)
    rl |= 1u << jq_square_file(to);
  *file_line = fl;
  *rank_line = rl;
}

bool jq_position_move_is_safe(const JqPosition *pos, JqMove move) {
  /* Try the move on the board in place and put it back: far cheaper than
   * a full make/unmake. The position is never a const object. */
  JqPiece *board = (JqPiece *)pos->board;
  int from = jq_move_from(move), to = jq_move_to(move);
  int us = pos->side, them = us ^ 1;
  JqPiece moved = board[from], captured = board[to];
  int king = pos->king[us];
  if (jq_piece_type(moved) == JQ_KING && !jq_piece_is_hidden(moved))
    king = to;
  if (king == JQ_NO_SQUARE)
    return true;
  unsigned file_line, rank_line;
  lines_after(pos, king, from, to, &file_line, &rank_line);
  board[to] = moved;
  board[from] = JQ_EMPTY;
  bool attacked = jq_board_attacked_lines(board, pos->variant, king, them,
                                          pos->variant == JQ_VARIANT_JIEQI,
                                          file_line, rank_line) ||
                  jq_kings_facing_line(king, pos->king[them], file_line);
  board[from] = moved;
  board[to] = captured;
  return !attacked;
}

/* Knowing the side to move is not in check, can this move expose its king?
 * Only by moving the king, by leaving the king's file or rank (a chariot,
 * cannon or king behind), by arriving on them (becoming a cannon screen), or
 * by leaving a point diagonal to the king (a horse leg or elephant eye). */
static inline bool needs_safety_test(int king, int from, int to,
                                     JqPiece moved) {
  int kf = jq_square_file(king), kr = jq_square_rank(king);
  int ff = jq_square_file(from), fr = jq_square_rank(from);
  int tf = jq_square_file(to), tr = jq_square_rank(to);
  if (jq_piece_type(moved) == JQ_KING)
    return true;
  if (ff == kf || fr == kr || tf == kf || tr == kr)
    return true;
  int df = ff - kf, dr = fr - kr;
  return (df == 1 || df == -1) && (dr == 1 || dr == -1);
}

/* The direction from the king along which sq lies, or -1 off its lines. */
static inline int line_dir(int king, int sq) {
  if (jq_square_file(sq) == jq_square_file(king))
    return sq > king ? JQ_DIR_NORTH : JQ_DIR_SOUTH;
  if (jq_square_rank(sq) == jq_square_rank(king))
    return sq > king ? JQ_DIR_EAST : JQ_DIR_WEST;
  return -1;
}

/* Along one line from the king: a chariot (colour bit `them_bit`) first, a
 * cannon second, or up the file the other king with nothing between. */
static bool line_attacks_king(const JqPiece *board, int king, int d,
                              int them_bit, int their_king) {
  const JqTables *t = &jq_tables;
  const int mask = JQ_PIECE_TYPE_MASK | JQ_PIECE_BLACK;
  const uint8_t *ray = t->ray[king][d];
  int n = t->ray_len[king][d], i = 0;
  while (i < n && !board[ray[i]])
    i++;
  if (i == n)
    return false;
  if (d <= JQ_DIR_SOUTH && ray[i] == their_king)
    return true;
  if ((board[ray[i]] & mask) == (JQ_CHARIOT | them_bit))
    return true;
  for (i++; i < n; i++)
    if (board[ray[i]])
      return (board[ray[i]] & mask) == (JQ_CANNON | them_bit);
  return false;
}

/* Knowing the side to move is not in check, and that the mover is not its
 * king: does the move expose the king? Only through what the move changes:
 * the king's lines through `from` (opened) and `to` (a new cannon screen),
 * and a horse leg or an elephant eye left at `from`. Answers as
 * jq_position_move_is_safe does, looking at those alone. */
static bool move_exposes_king(const JqPosition *pos, int king, int from,
                              int to) {
  const JqTables *t = &jq_tables;
  JqPiece *board = (JqPiece *)pos->board; /* as jq_position_move_is_safe */
  int them = pos->side ^ 1;
  int them_bit = them == JQ_BLACK ? JQ_PIECE_BLACK : 0;
  const int mask = JQ_PIECE_TYPE_MASK | JQ_PIECE_BLACK;
  int d_from = line_dir(king, from), d_to = line_dir(king, to);
  int df = jq_square_file(from) - jq_square_file(king);
  int dr = jq_square_rank(from) - jq_square_rank(king);
  bool diagonal = (df == 1 || df == -1) && (dr == 1 || dr == -1);
  JqPiece moved = board[from], captured = board[to];
  board[to] = moved;
  board[from] = JQ_EMPTY;
  bool exposed =
      (d_from >= 0 &&
       line_attacks_king(board, king, d_from, them_bit, pos->king[them])) ||
      (d_to >= 0 && d_to != d_from &&
       line_attacks_king(board, king, d_to, them_bit, pos->king[them]));
  if (!exposed && diagonal) {
    for (int i = 0; i < t->horse_from_n[king] && !exposed; i++)
      exposed = t->horse_from_leg[king][i] == from &&
                (board[t->horse_from[king][i]] & mask) == (JQ_HORSE | them_bit);
    /* Elephants reach the king only in jieqi (the short movers). */
    for (int i = 0; pos->variant == JQ_VARIANT_JIEQI &&
                    i < t->elephant_n[JQ_ZONE_FREE][king] && !exposed;
         i++) {
      JqPiece p = board[t->elephant_to[JQ_ZONE_FREE][king][i]];
      exposed = t->elephant_eye[JQ_ZONE_FREE][king][i] == from &&
                (p & mask) == (JQ_ELEPHANT | them_bit) &&
                (!jq_piece_is_hidden(p) ||
                 !jq_square_across_river(king, (JqColor)them));
    }
  }
  board[from] = moved;
  board[to] = captured;
  return exposed;
}

bool jq_position_move_is_safe_known(const JqPosition *pos, JqMove move,
                                    bool in_check) {
  int king = pos->king[pos->side];
  int from = jq_move_from(move), to = jq_move_to(move);
  if (!in_check && king != JQ_NO_SQUARE) {
    JqPiece moved = pos->board[from];
    if (!needs_safety_test(king, from, to, moved))
      return true;
    if (jq_piece_type(moved) != JQ_KING)
      return !move_exposes_king(pos, king, from, to);
  }
  return jq_position_move_is_safe(pos, move);
}

static int filter_legal(const JqPosition *pos, JqMoveList *list) {
  int king = pos->king[pos->side];
  bool check = king == JQ_NO_SQUARE || jq_position_in_check(pos);
  int n = 0;
  for (int i = 0; i < list->count; i++) {
    JqMove m = list->moves[i];
    int from = jq_move_from(m), to = jq_move_to(m);
    bool safe;
    if (check)
      safe = jq_position_move_is_safe(pos, m);
    else if (!needs_safety_test(king, from, to, pos->board[from]))
      safe = true;
    else if (jq_piece_type(pos->board[from]) != JQ_KING)
      safe = !move_exposes_king(pos, king, from, to);
    else
      safe = jq_position_move_is_safe(pos, m);
    if (safe)
      list->moves[n++] = m;
  }
  list->count = n;
  return n;
}

void jq_generate_legal(const JqPosition *pos, JqGenStage stage,
                       JqMoveList *list) {
  jq_generate_pseudo(pos, stage, list);
  filter_legal(pos, list);
}

int jq_count_legal(const JqPosition *pos) {
  JqMoveList list;
  jq_generate_pseudo(pos, JQ_GEN_ALL, &list);
  return filter_legal(pos, &list);
}

bool jq_position_has_legal_move(const JqPosition *pos) {
  JqMoveList list;
  jq_generate_pseudo(pos, JQ_GEN_ALL, &list);
  for (int i = 0; i < list.count; i++)
    if (jq_position_move_is_safe(pos, list.moves[i]))
      return true;
  return false;
}

bool jq_position_is_pseudo_legal(const JqPosition *pos, JqMove move) {
  int from = jq_move_from(move), to = jq_move_to(move);
  if (move == JQ_MOVE_NONE || from >= JQ_SQUARES || to >= JQ_SQUARES ||
      from == to)
    return false;
  JqPiece p = pos->board[from];
  if (!p || jq_piece_color(p) != pos->side)
    return false;
  JqMoveList list;
  list.count = 0;
  gen_piece(pos, from, JQ_GEN_ALL, &list);
  for (int i = 0; i < list.count; i++)
    if (list.moves[i] == move)
      return true;
  return false;
}

bool jq_position_is_legal(const JqPosition *pos, JqMove move) {
  return jq_position_is_pseudo_legal(pos, move) &&
         jq_position_move_is_safe(pos, move);
}

bool jq_position_gives_check(const JqPosition *pos, JqMove move,
                             JqPieceType reveal) {
  JqPiece *board = (JqPiece *)pos->board;
  int from = jq_move_from(move), to = jq_move_to(move);
  int us = pos->side, them = us ^ 1;
  int their_king = pos->king[them];
  if (their_king == JQ_NO_SQUARE)
    return false;
  JqPiece moved = board[from], captured = board[to];
  JqPiece placed = moved;
  if (jq_piece_is_hidden(moved))
    placed = reveal ? jq_piece_make((JqColor)us, reveal) : moved;
  int our_king = pos->king[us];
  if (jq_piece_type(moved) == JQ_KING && !jq_piece_is_hidden(moved))
    our_king = to;
  unsigned file_line, rank_line;
  lines_after(pos, their_king, from, to, &file_line, &rank_line);
  board[from] = JQ_EMPTY;
  board[to] = placed;
  bool check = jq_board_attacked_lines(board, pos->variant, their_king, us,
                                       pos->variant == JQ_VARIANT_JIEQI,
                                       file_line, rank_line) ||
               jq_kings_facing_line(their_king, our_king, file_line);
  board[from] = moved;
  board[to] = captured;
  return check;
}

/* Could a piece leaving or taking the point x change what attacks sq?
 * Chariots, cannons and their screens, and a facing king, stand on sq's
 * file or rank; every other attacker, horse leg and elephant eye within two
 * files and two ranks of it. */
static inline bool touches_attacks_on(int sq, int x) {
  int df = jq_square_file(sq) - jq_square_file(x);
  int dr = jq_square_rank(sq) - jq_square_rank(x);
  return df == 0 || dr == 0 || (abs(df) <= 2 && abs(dr) <= 2);
}

bool jq_position_gives_check_known(const JqPosition *pos, JqMove move,
                                   JqPieceType reveal) {
  int their_king = pos->king[pos->side ^ 1];
  if (their_king != JQ_NO_SQUARE &&
      !touches_attacks_on(their_king, jq_move_from(move)) &&
      !touches_attacks_on(their_king, jq_move_to(move)))
    return false; /* not attacked before, and nothing near it changes */
  return jq_position_gives_check(pos, move, reveal);
}

bool jq_position_in_check_after_move(const JqPosition *pos) {
  JqMove last = jq_position_last_move(pos);
  int king = pos->king[pos->side];
  if (last != JQ_MOVE_NONE && king != JQ_NO_SQUARE &&
      !touches_attacks_on(king, jq_move_from(last)) &&
      !touches_attacks_on(king, jq_move_to(last)))
    return false;
  return jq_position_in_check(pos);
}
