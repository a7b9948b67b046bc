#include "jq-position.h"

#include <string.h>

#include "jq-position-private.h"
#include "jq-tables.h"

static const JqPieceType back_rank[JQ_FILES] = {
    JQ_CHARIOT, JQ_HORSE,    JQ_ELEPHANT, JQ_ADVISOR, JQ_KING,
    JQ_ADVISOR, JQ_ELEPHANT, JQ_HORSE,    JQ_CHARIOT};

static const uint8_t initial_count[JQ_TYPE_COUNT] = {0, 1, 2, 2, 2, 2, 2, 5};

JqPieceType jq_start_role(int sq) {
  if (sq < 0 || sq >= JQ_SQUARES)
    return JQ_NO_TYPE;
  int f = jq_square_file(sq), r = jq_square_rank(sq);
  if (r > 4)
    r = 9 - r; /* Black's points mirror Red's. */
  if (r == 0)
    return back_rank[f];
  if (r == 2 && (f == 1 || f == 7))
    return JQ_CANNON;
  if (r == 3 && f % 2 == 0)
    return JQ_PAWN;
  return JQ_NO_TYPE;
}

JqColor jq_start_color(int sq) {
  return jq_square_rank(sq) <= 4 ? JQ_RED : JQ_BLACK;
}

void jq_position_clear(JqPosition *pos, JqVariant variant) {
  jq_tables_init();
  memset(pos, 0, sizeof *pos);
  pos->variant = (uint8_t)variant;
  pos->side = JQ_RED;
  pos->king[0] = pos->king[1] = JQ_NO_SQUARE;
  pos->fullmove = 1;
  jq_position_refresh(pos);
}

void jq_position_init_start(JqPosition *pos, JqVariant variant) {
  jq_position_clear(pos, variant);
  for (int sq = 0; sq < JQ_SQUARES; sq++) {
    JqPieceType role = jq_start_role(sq);
    if (role == JQ_NO_TYPE)
      continue;
    JqColor c = jq_start_color(sq);
    if (variant == JQ_VARIANT_JIEQI && role != JQ_KING)
      pos->board[sq] = jq_piece_make_hidden(c, role);
    else
      pos->board[sq] = jq_piece_make(c, role);
  }
  if (variant == JQ_VARIANT_JIEQI)
    for (int c = 0; c < 2; c++)
      for (int t = JQ_ADVISOR; t < JQ_TYPE_COUNT; t++)
        pos->pool[c][t] = initial_count[t];
  jq_position_refresh(pos);
}

uint64_t jq_position_compute_hash(const JqPosition *pos) {
  uint64_t h = 0;
  for (int sq = 0; sq < JQ_SQUARES; sq++)
    if (pos->board[sq])
      h ^= jq_tables.piece_key[pos->board[sq]][sq];
  if (pos->side == JQ_BLACK)
    h ^= jq_tables.side_key;
  for (int c = 0; c < 2; c++)
    for (int t = 0; t < JQ_TYPE_COUNT; t++)
      h ^= jq_tables.pool_key[c][t][pos->pool[c][t] & 15];
  return h;
}

/* A point's bits in the occupancy masks, set or cleared. */
static inline void occupy(JqPosition *pos, int sq) {
  int f = jq_square_file(sq), r = jq_square_rank(sq);
  pos->occ_file[f] |= (uint16_t)(1u << r);
  pos->occ_rank[r] |= (uint16_t)(1u << f);
}

static inline void vacate(JqPosition *pos, int sq) {
  int f = jq_square_file(sq), r = jq_square_rank(sq);
  pos->occ_file[f] &= (uint16_t) ~(1u << r);
  pos->occ_rank[r] &= (uint16_t) ~(1u << f);
}

/* A point's bit in the revealed pieces' mask, set to `on`. */
static inline void mark_revealed(JqPosition *pos, int sq, bool on) {
  uint64_t bit = 1ull << (sq & 63);
  if (on)
    pos->revealed_at[sq >> 6] |= bit;
  else
    pos->revealed_at[sq >> 6] &= ~bit;
}

/* A point's bit in colour c's mask, set to `on`. */
static inline void mark_color(JqPosition *pos, int c, int sq, bool on) {
  uint64_t bit = 1ull << (sq & 63);
  if (on)
    pos->color_at[c][sq >> 6] |= bit;
  else
    pos->color_at[c][sq >> 6] &= ~bit;
}

void jq_position_refresh(JqPosition *pos) {
  pos->king[0] = pos->king[1] = JQ_NO_SQUARE;
  pos->hidden_count[0] = pos->hidden_count[1] = 0;
  memset(pos->hidden_role, 0, sizeof pos->hidden_role);
  memset(pos->occ_file, 0, sizeof pos->occ_file);
  memset(pos->occ_rank, 0, sizeof pos->occ_rank);
  memset(pos->revealed_role, 0, sizeof pos->revealed_role);
  pos->revealed_at[0] = pos->revealed_at[1] = 0;
  memset(pos->color_at, 0, sizeof pos->color_at);
  for (int sq = 0; sq < JQ_SQUARES; sq++) {
    JqPiece p = pos->board[sq];
    if (!p)
      continue;
    occupy(pos, sq);
    mark_color(pos, jq_piece_color(p), sq, true);
    if (jq_piece_is_hidden(p)) {
      pos->hidden_count[jq_piece_color(p)]++;
      pos->hidden_role[jq_piece_color(p)][jq_piece_type(p)]++;
      continue;
    }
    pos->revealed_role[jq_piece_color(p)][jq_piece_type(p)]++;
    mark_revealed(pos, sq, true);
    if (jq_piece_type(p) == JQ_KING)
      pos->king[jq_piece_color(p)] = (uint8_t)sq;
  }
  pos->hash = jq_position_compute_hash(pos);
}

int jq_position_pool_total(const JqPosition *pos, JqColor c) {
  int n = 0;
  for (int t = 0; t < JQ_TYPE_COUNT; t++)
    n += pos->pool[c][t];
  return n;
}

int jq_position_natural_limit(const JqPosition *pos) {
  return pos->variant == JQ_VARIANT_JIEQI ? 80 : 120;
}

JqMove jq_position_last_move(const JqPosition *pos) {
  return pos->history_len ? pos->history[pos->history_len - 1].move
                          : JQ_MOVE_NONE;
}

static JqUndo *push_undo(JqPosition *pos) {
  if (pos->history_len == JQ_HISTORY_MAX) {
    /* Keep the recent half: repetition and search only look back that far. */
    int keep = JQ_HISTORY_MAX / 2;
    memmove(pos->history, pos->history + JQ_HISTORY_MAX - keep,
            keep * sizeof pos->history[0]);
    pos->history_len = keep;
  }
  return &pos->history[pos->history_len++];
}

static void set_pool(JqPosition *pos, int c, int t, int n) {
  pos->hash ^= jq_tables.pool_key[c][t][pos->pool[c][t] & 15] ^
               jq_tables.pool_key[c][t][n & 15];
  pos->pool[c][t] = (uint8_t)n;
}

void jq_position_make_move(JqPosition *pos, JqMove move, JqReveal reveal) {
  int from = jq_move_from(move), to = jq_move_to(move);
  int us = pos->side, them = us ^ 1;
  JqPiece moved = pos->board[from], captured = pos->board[to];
  JqUndo *u = push_undo(pos);
  u->hash = pos->hash;
  u->move = move;
  u->moved = moved;
  u->captured = captured;
  u->revealed = JQ_NO_TYPE;
  u->captured_identity = JQ_NO_TYPE;
  u->halfmove = (uint16_t)pos->halfmove;

  JqPiece placed = moved;
  if (jq_piece_is_hidden(moved)) {
    placed = jq_piece_make((JqColor)us, reveal.mover);
    u->revealed = (uint8_t)reveal.mover;
    pos->hidden_count[us]--;
    pos->hidden_role[us][jq_piece_type(moved)]--;
    pos->revealed_role[us][reveal.mover]++;
    set_pool(pos, us, reveal.mover, pos->pool[us][reveal.mover] - 1);
  }
  if (captured) {
    JqCapture *cap = &pos->captures[pos->capture_count++];
    cap->piece = captured;
    if (jq_piece_is_hidden(captured)) {
      pos->hidden_count[them]--;
      pos->hidden_role[them][jq_piece_type(captured)]--;
      if (reveal.captured != JQ_NO_TYPE) {
        u->captured_identity = (uint8_t)reveal.captured;
        set_pool(pos, them, reveal.captured,
                 pos->pool[them][reveal.captured] - 1);
      } else {
        pos->captured_unknown[them]++;
      }
      cap->identity = reveal.captured;
    } else {
      cap->identity = jq_piece_type(captured);
      pos->revealed_role[them][cap->identity]--;
    }
    pos->hash ^= jq_tables.piece_key[captured][to];
    pos->halfmove = 0;
  } else {
    pos->halfmove++;
  }
  pos->hash ^= jq_tables.piece_key[moved][from] ^
               jq_tables.piece_key[placed][to] ^ jq_tables.side_key;
  pos->board[from] = JQ_EMPTY;
  pos->board[to] = placed;
  vacate(pos, from);
  occupy(pos, to);
  mark_color(pos, us, from, false);
  mark_color(pos, us, to, true);
  if (captured)
    mark_color(pos, them, to, false);
  mark_revealed(pos, from, false);
  mark_revealed(pos, to, true); /* the piece placed is always revealed */
  if (jq_piece_type(placed) == JQ_KING && !jq_piece_is_hidden(placed))
    pos->king[us] = (uint8_t)to;
  if (us == JQ_BLACK)
    pos->fullmove++;
  pos->side = (uint8_t)them;
}

void jq_position_unmake_move(JqPosition *pos) {
  const JqUndo *u = &pos->history[--pos->history_len];
  int from = jq_move_from(u->move), to = jq_move_to(u->move);
  int them = pos->side, us = them ^ 1;
  pos->side = (uint8_t)us;
  if (us == JQ_BLACK)
    pos->fullmove--;
  pos->board[from] = u->moved;
  pos->board[to] = u->captured;
  occupy(pos, from);
  if (!u->captured)
    vacate(pos, to);
  mark_color(pos, us, from, true);
  mark_color(pos, us, to, false);
  if (u->captured)
    mark_color(pos, them, to, true);
  mark_revealed(pos, from, !jq_piece_is_hidden(u->moved));
  mark_revealed(pos, to, u->captured && !jq_piece_is_hidden(u->captured));
  if (jq_piece_type(u->moved) == JQ_KING && !jq_piece_is_hidden(u->moved))
    pos->king[us] = (uint8_t)from;
  if (u->revealed) {
    pos->hidden_count[us]++;
    pos->hidden_role[us][jq_piece_type(u->moved)]++;
    pos->revealed_role[us][u->revealed]--;
    pos->pool[us][u->revealed]++;
  }
  if (u->captured) {
    pos->capture_count--;
    if (jq_piece_is_hidden(u->captured)) {
      pos->hidden_count[them]++;
      pos->hidden_role[them][jq_piece_type(u->captured)]++;
      if (u->captured_identity)
        pos->pool[them][u->captured_identity]++;
      else
        pos->captured_unknown[them]--;
    } else {
      pos->revealed_role[them][jq_piece_type(u->captured)]++;
    }
  }
  pos->halfmove = u->halfmove;
  pos->hash = u->hash;
}

void jq_position_make_null(JqPosition *pos) {
  JqUndo *u = push_undo(pos);
  u->hash = pos->hash;
  u->move = JQ_MOVE_NONE;
  u->moved = u->captured = JQ_EMPTY;
  u->revealed = u->captured_identity = JQ_NO_TYPE;
  u->halfmove = (uint16_t)pos->halfmove;
  pos->hash ^= jq_tables.side_key;
  pos->side ^= 1;
}

void jq_position_unmake_null(JqPosition *pos) {
  const JqUndo *u = &pos->history[--pos->history_len];
  pos->side ^= 1;
  pos->hash = u->hash;
  pos->halfmove = u->halfmove;
}

/* Attackers other than chariots and cannons: horses, pawns and, when
 * wanted, advisors, elephants and the king. */
static bool near_attacked(const JqPiece *board, int variant, int sq, int by,
                          bool want_short_movers) {
  const JqTables *t = &jq_tables;
  const int color_bit = by == JQ_BLACK ? JQ_PIECE_BLACK : 0;
  const JqPiece horse = (JqPiece)(JQ_HORSE | color_bit);
  const JqPiece pawn = (JqPiece)(JQ_PAWN | color_bit);
  const int mask = JQ_PIECE_TYPE_MASK | JQ_PIECE_BLACK;
  for (int i = 0; i < t->horse_from_n[sq]; i++)
    if ((board[t->horse_from[sq][i]] & mask) == horse &&
        !board[t->horse_from_leg[sq][i]])
      return true;
  /* Pawns: from behind (relative to their march), or beside once across. */
  int back = by == JQ_RED ? -JQ_FILES : JQ_FILES;
  int behind = sq + back;
  if (behind >= 0 && behind < JQ_SQUARES && (board[behind] & mask) == pawn)
    return true;
  if (jq_square_across_river(sq, (JqColor)by)) {
    int f = jq_square_file(sq);
    if (f > 0 && (board[sq - 1] & mask) == pawn)
      return true;
    if (f < 8 && (board[sq + 1] & mask) == pawn)
      return true;
  }
  if (!want_short_movers)
    return false;
  /* Short movers. A hidden advisor or elephant is confined like a xiangqi
   * one; a revealed jieqi one is free. */
  const JqPiece advisor = (JqPiece)(JQ_ADVISOR | color_bit);
  const JqPiece elephant = (JqPiece)(JQ_ELEPHANT | color_bit);
  const JqPiece king = (JqPiece)(JQ_KING | color_bit);
  for (int i = 0; i < t->advisor_n[JQ_ZONE_FREE][sq]; i++) {
    int from = t->advisor_to[JQ_ZONE_FREE][sq][i];
    JqPiece p = board[from];
    if ((p & mask) != advisor)
      continue;
    bool free = variant == JQ_VARIANT_JIEQI && !jq_piece_is_hidden(p);
    if (free || (jq_square_in_palace(sq, (JqColor)by) &&
                 jq_square_in_palace(from, (JqColor)by)))
      return true;
  }
  for (int i = 0; i < t->elephant_n[JQ_ZONE_FREE][sq]; i++) {
    int from = t->elephant_to[JQ_ZONE_FREE][sq][i];
    JqPiece p = board[from];
    if ((p & mask) != elephant || board[t->elephant_eye[JQ_ZONE_FREE][sq][i]])
      continue;
    bool free = variant == JQ_VARIANT_JIEQI && !jq_piece_is_hidden(p);
    if (free || !jq_square_across_river(sq, (JqColor)by))
      return true;
  }
  if (jq_square_in_palace(sq, (JqColor)by))
    for (int d = 0; d < JQ_DIRS; d++)
      if (t->ray_len[sq][d] && (board[t->ray[sq][d][0]] & mask) == king &&
          !jq_piece_is_hidden(board[t->ray[sq][d][0]]))
        return true;
  return false;
}

/* Attack detection works on a bare board so the legality test can try a
 * move in place without a full make/unmake. */
bool jq_board_attacked(const JqPiece *board, int variant, int sq, int by,
                       bool want_short_movers) {
  const JqTables *t = &jq_tables;
  const int color_bit = by == JQ_BLACK ? JQ_PIECE_BLACK : 0;
  const JqPiece chariot = (JqPiece)(JQ_CHARIOT | color_bit);
  const JqPiece cannon = (JqPiece)(JQ_CANNON | color_bit);
  const int mask = JQ_PIECE_TYPE_MASK | JQ_PIECE_BLACK;

  for (int d = 0; d < JQ_DIRS; d++) {
    const uint8_t *ray = t->ray[sq][d];
    int n = t->ray_len[sq][d], i = 0;
    while (i < n && !board[ray[i]])
      i++;
    if (i == n)
      continue;
    if ((board[ray[i]] & mask) == chariot)
      return true;
    for (i++; i < n; i++) {
      if (board[ray[i]]) {
        if ((board[ray[i]] & mask) == cannon)
          return true;
        break;
      }
    }
  }
  return near_attacked(board, variant, sq, by, want_short_movers);
}

/* Along one line from a point: `line` holds the occupied places on one
 * side of it (ranks of file `fixed`, or files of rank `fixed`), scanned
 * outward (`up`: upward). The first piece attacks if it is the chariot,
 * the second if it is the cannon. */
static inline bool line_attacks(const JqPiece *board, unsigned line, bool up,
                                int fixed, bool on_file, int chariot,
                                int cannon) {
  const int mask = JQ_PIECE_TYPE_MASK | JQ_PIECE_BLACK;
  for (int n = 0; n < 2 && line; n++) {
    int at = up ? __builtin_ctz(line) : 31 - __builtin_clz(line);
    line &= ~(1u << at);
    int sq = on_file ? jq_square_make(fixed, at) : jq_square_make(at, fixed);
    if ((board[sq] & mask) == (n == 0 ? chariot : cannon))
      return true;
  }
  return false;
}

bool jq_board_attacked_lines(const JqPiece *board, int variant, int sq, int by,
                             bool want_short_movers, unsigned file_line,
                             unsigned rank_line) {
  const int color_bit = by == JQ_BLACK ? JQ_PIECE_BLACK : 0;
  const int chariot = JQ_CHARIOT | color_bit, cannon = JQ_CANNON | color_bit;
  int f = jq_square_file(sq), r = jq_square_rank(sq);
  unsigned above_r = ~((2u << r) - 1), above_f = ~((2u << f) - 1);
  if (line_attacks(board, file_line & above_r, true, f, true, chariot,
                   cannon) ||
      line_attacks(board, file_line & ((1u << r) - 1), false, f, true, chariot,
                   cannon) ||
      line_attacks(board, rank_line & above_f, true, r, false, chariot,
                   cannon) ||
      line_attacks(board, rank_line & ((1u << f) - 1), false, r, false, chariot,
                   cannon))
    return true;
  return near_attacked(board, variant, sq, by, want_short_movers);
}

bool jq_position_attacked(const JqPosition *pos, int sq, JqColor by) {
  return jq_board_attacked_lines(pos->board, pos->variant, sq, by, true,
                                 pos->occ_file[jq_square_file(sq)],
                                 pos->occ_rank[jq_square_rank(sq)]);
}

bool jq_board_kings_facing(const JqPiece *board, int a, int b) {
  if (a == JQ_NO_SQUARE || b == JQ_NO_SQUARE ||
      jq_square_file(a) != jq_square_file(b))
    return false;
  int lo = a < b ? a : b, hi = a < b ? b : a;
  for (int sq = lo + JQ_FILES; sq < hi; sq += JQ_FILES)
    if (board[sq])
      return false;
  return true;
}

bool jq_kings_facing_line(int a, int b, unsigned file_line) {
  if (a == JQ_NO_SQUARE || b == JQ_NO_SQUARE ||
      jq_square_file(a) != jq_square_file(b))
    return false;
  int lo = jq_square_rank(a < b ? a : b), hi = jq_square_rank(a < b ? b : a);
  /* The ranks strictly between the two. */
  unsigned between = ((1u << hi) - 1) & ~((2u << lo) - 1);
  return (file_line & between) == 0;
}

bool jq_position_king_attacked(const JqPosition *pos, JqColor c) {
  int k = pos->king[c];
  if (k == JQ_NO_SQUARE)
    return false;
  /* Xiangqi advisors and elephants never reach the enemy palace. */
  bool short_movers = pos->variant == JQ_VARIANT_JIEQI;
  unsigned file_line = pos->occ_file[jq_square_file(k)];
  return jq_board_attacked_lines(pos->board, pos->variant, k, c ^ 1,
                                 short_movers, file_line,
                                 pos->occ_rank[jq_square_rank(k)]) ||
         jq_kings_facing_line(k, pos->king[c ^ 1], file_line);
}

bool jq_position_in_check(const JqPosition *pos) {
  return jq_position_king_attacked(pos, (JqColor)pos->side);
}
