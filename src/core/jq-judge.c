/* The referee (rules.md section 2): no legal move loses, repetition is
 * judged under the Asian rules (perpetual check loses, else perpetual chase
 * of an unprotected piece loses, else draw), then the natural limit and the
 * xiangqi no-attackers draw.
 *
 * A search asks about repetition at every node, so the usual answer ("no
 * earlier occurrence") is a plain scan of the hashes on the undo stack. Only
 * when a position does repeat are the moves since replayed, on a private
 * copy, to see who checked or chased on every move. */
#include "jq-judge.h"

#include <stddef.h>
#include <string.h>

#include "jq-movegen.h"

/* Longest look-back. The working copy keeps only the span's moves, and the
 * chase test pushes a null move and a trial capture on top of them. */
#define JQ_SPAN_MAX (JQ_HISTORY_MAX - 4)

/* A set of points: 90 bits. */
typedef struct {
  uint64_t bits[2];
} JqSquareSet;

static bool set_has(const JqSquareSet *s, int sq) {
  return (s->bits[sq >> 6] >> (sq & 63)) & 1;
}

static void set_add(JqSquareSet *s, int sq) {
  s->bits[sq >> 6] |= UINT64_C(1) << (sq & 63);
}

static void set_remove(JqSquareSet *s, int sq) {
  s->bits[sq >> 6] &= ~(UINT64_C(1) << (sq & 63));
}

static bool set_is_empty(const JqSquareSet *s) {
  return (s->bits[0] | s->bits[1]) == 0;
}

static void set_intersect(JqSquareSet *s, const JqSquareSet *other) {
  s->bits[0] &= other->bits[0];
  s->bits[1] &= other->bits[1];
}

/* How many plies back lies the `occurrences`-th earlier occurrence of the
 * current position with the same side to move; 0 when there are fewer. */
static int repetition_span(const JqPosition *pos, int occurrences) {
  int reach =
      pos->halfmove < pos->history_len ? pos->halfmove : pos->history_len;
  if (reach > JQ_SPAN_MAX)
    reach = JQ_SPAN_MAX;

  /* Two plies per step: only positions with the same side to move can be
   * equal. Positions on either side of a null move are not one game line,
   * so a null move (in either ply of a step) ends the look-back. */
  const JqUndo *top = pos->history + pos->history_len;
  const uint64_t hash = pos->hash;
  int found = 0;
  for (int k = 2; k <= reach; k += 2) {
    const JqUndo *odd = &top[1 - k], *even = &top[-k];
    if (odd->move == JQ_MOVE_NONE || even->move == JQ_MOVE_NONE)
      return 0;
    if (even->hash == hash && ++found == occurrences)
      return k;
  }
  return 0;
}

/* Kings and pawns may chase freely under the Asian rules; a hidden piece
 * counts as the role it moves as. */
static bool is_chaser(JqPiece p) {
  JqPieceType t = jq_piece_type(p);
  return t != JQ_KING && t != JQ_PAWN;
}

/* Attacking a king is a check, and a pawn on its own side of the river is
 * not worth chasing: neither is ever chased. */
static bool is_chaseable(JqPiece p, int sq) {
  JqPieceType t = jq_piece_type(p);
  if (t == JQ_KING)
    return false;
  if (t == JQ_PAWN)
    return jq_square_across_river(sq, jq_piece_color(p));
  return true;
}

/* Points the side to move reaches with a capture by a chasing piece, by
 * the movement rules alone. Used for "was it attacked before the move":
 * being in check or pinned then does not make the attack new afterwards. */
static JqSquareSet chaser_reach(const JqPosition *pos) {
  JqSquareSet reach = {{0, 0}};
  JqMoveList list;

  jq_generate_pseudo(pos, JQ_GEN_CAPTURES, &list);
  for (int i = 0; i < list.count; i++) {
    JqMove m = list.moves[i];
    if (is_chaser(pos->board[jq_move_from(m)]))
      set_add(&reach, jq_move_to(m));
  }
  return reach;
}

/* What a hidden piece is assumed to turn up as in a trial capture. It does
 * not matter which: the piece is recaptured or not on the square it lands
 * on, whatever it is. Any type the pool still holds keeps the pool sane. */
static JqPieceType trial_identity(const JqPosition *pos, JqPiece mover) {
  if (!jq_piece_is_hidden(mover))
    return JQ_NO_TYPE;
  JqColor c = jq_piece_color(mover);
  for (int t = JQ_ADVISOR; t <= JQ_PAWN; t++)
    if (pos->pool[c][t] > 0)
      return (JqPieceType)t;
  return jq_piece_type(mover);
}

/* After the side to move plays the capture m, can the other side legally
 * take back on the same point? */
static bool can_recapture(JqPosition *pos, JqMove m) {
  int target = jq_move_to(m);
  JqReveal trial = {trial_identity(pos, pos->board[jq_move_from(m)]),
                    JQ_NO_TYPE};
  JqMoveList list;
  bool found = false;

  jq_position_make_move(pos, m, trial);
  jq_generate_legal(pos, JQ_GEN_CAPTURES, &list);
  for (int i = 0; i < list.count && !found; i++)
    found = jq_move_to(list.moves[i]) == target;
  jq_position_unmake_move(pos);
  return found;
}

/* Right after a move by `chaser` (the other side is to move): the enemy
 * pieces that the chaser now attacks, that it did not reach before the move,
 * that may be chased, and that could be taken without a recapture. */
static JqSquareSet new_chases(JqPosition *pos, const JqSquareSet *before) {
  JqSquareSet chased = {{0, 0}};
  JqMoveList list;

  /* Hand the move back to the chaser to ask what it could take now. */
  jq_position_make_null(pos);
  jq_generate_legal(pos, JQ_GEN_CAPTURES, &list);
  for (int i = 0; i < list.count; i++) {
    JqMove m = list.moves[i];
    int to = jq_move_to(m);
    if (set_has(before, to) || set_has(&chased, to))
      continue;
    if (!is_chaser(pos->board[jq_move_from(m)]) ||
        !is_chaseable(pos->board[to], to))
      continue;
    if (!can_recapture(pos, m))
      set_add(&chased, to);
  }
  jq_position_unmake_null(pos);
  return chased;
}

/* Replays the last `span` moves of pos on a copy and judges them. */
static JqRepetition judge_span(const JqPosition *pos, int span,
                               JqReason *reason) {
  const JqUndo *moves = pos->history + pos->history_len - span;
  JqPosition work;

  /* Copy everything but the undo stack, then only the span's entries: the
   * caller's position is never touched, and the copy cannot overflow. */
  memcpy(&work, pos, offsetof(JqPosition, history));
  memcpy(work.history, moves, (size_t)span * sizeof *moves);
  work.history_len = span;
  for (int i = 0; i < span; i++)
    jq_position_unmake_move(&work);

  bool checks_always[2] = {true, true};
  bool chasing[2] = {true, true};
  bool started[2] = {false, false};
  /* Per side: the enemy pieces it has chased on each of its moves so far,
   * followed from point to point as their owner moves them. */
  JqSquareSet chased[2] = {{{0, 0}}, {{0, 0}}};

  for (int i = 0; i < span; i++) {
    JqColor mover = (JqColor)work.side;
    JqColor other = jq_color_other(mover);
    JqMove move = moves[i].move;
    int from = jq_move_from(move), to = jq_move_to(move);
    JqSquareSet before = {{0, 0}};

    if (chasing[mover])
      before = chaser_reach(&work);
    jq_position_make_move(&work, move,
                          (JqReveal){(JqPieceType)moves[i].revealed,
                                     (JqPieceType)moves[i].captured_identity});
    if (!jq_position_in_check(&work))
      checks_always[mover] = false;

    if (set_has(&chased[other], from)) {
      set_remove(&chased[other], from);
      set_add(&chased[other], to);
    }
    set_remove(&chased[mover], to); /* a chased piece taken is gone */

    if (chasing[mover]) {
      JqSquareSet now = new_chases(&work, &before);
      if (started[mover])
        set_intersect(&chased[mover], &now);
      else
        chased[mover] = now;
      started[mover] = true;
      chasing[mover] = !set_is_empty(&chased[mover]);
    }
  }

  JqReason why = JQ_REASON_REPETITION;
  bool red_at_fault = false, black_at_fault = false;
  if (checks_always[JQ_RED] || checks_always[JQ_BLACK]) {
    /* Checking outranks chasing; both checking throughout is a draw. */
    if (checks_always[JQ_RED] != checks_always[JQ_BLACK]) {
      why = JQ_REASON_PERPETUAL_CHECK;
      red_at_fault = checks_always[JQ_RED];
      black_at_fault = checks_always[JQ_BLACK];
    }
  } else if (chasing[JQ_RED] != chasing[JQ_BLACK]) {
    why = JQ_REASON_PERPETUAL_CHASE;
    red_at_fault = chasing[JQ_RED];
    black_at_fault = chasing[JQ_BLACK];
  }

  if (reason)
    *reason = why;
  if (!red_at_fault && !black_at_fault)
    return JQ_REPETITION_DRAW;
  bool us_at_fault = pos->side == JQ_RED ? red_at_fault : black_at_fault;
  return us_at_fault ? JQ_REPETITION_LOSS : JQ_REPETITION_WIN;
}

JqRepetition jq_judge_repetition(JqPosition *pos, int occurrences,
                                 JqReason *reason) {
  /* Asking for fewer than one earlier occurrence means asking for one. */
  int span = repetition_span(pos, occurrences < 1 ? 1 : occurrences);

  if (span == 0) {
    if (reason)
      *reason = JQ_REASON_NONE;
    return JQ_REPETITION_NONE;
  }
  return judge_span(pos, span, reason);
}

/* Xiangqi (no hidden pieces): is there a piece left, on either side, that
 * can cross the river? */
static bool has_attackers(const JqPosition *pos) {
  for (int sq = 0; sq < JQ_SQUARES; sq++) {
    switch (jq_piece_type(pos->board[sq])) {
    case JQ_HORSE:
    case JQ_CHARIOT:
    case JQ_CANNON:
    case JQ_PAWN: return true;
    default: break;
    }
  }
  return false;
}

JqResult jq_judge_position(JqPosition *pos) {
  JqColor us = (JqColor)pos->side;

  /* First: a mate on the move that reaches the limit still wins. */
  if (!jq_position_has_legal_move(pos))
    return jq_result_loss(us, jq_position_in_check(pos) ? JQ_REASON_CHECKMATE
                                                        : JQ_REASON_STALEMATE);

  JqReason why = JQ_REASON_NONE;
  switch (jq_judge_repetition(pos, 2, &why)) {
  case JQ_REPETITION_LOSS: return jq_result_loss(us, why);
  case JQ_REPETITION_WIN: return jq_result_loss(jq_color_other(us), why);
  case JQ_REPETITION_DRAW: return jq_result_draw(why, us);
  case JQ_REPETITION_NONE: break;
  }

  if (pos->halfmove >= jq_position_natural_limit(pos))
    return jq_result_draw(JQ_REASON_NATURAL_LIMIT, us);

  if (!jq_position_is_jieqi(pos) && !has_attackers(pos))
    return jq_result_draw(JQ_REASON_NO_ATTACKERS, us);

  return JQ_RESULT_ONGOING;
}
