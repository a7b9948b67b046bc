#include "jq-eval.h"

#include <stdlib.h>
#include <string.h>

#include "jq-eval-psqt.h"
#include "jq-eval-weights.h"
#include "jq-tables.h"

/* Placement bonuses are written as small formulas over (file, rank) seen
 * from the piece's own side: distance from the centre file, how far
 * forward. */
static int centre_distance(int file) { return abs(file - 4); }

/* Weight w of the variant whose weights `wt` are. */
#define W(name) (wt[JQ_W_##name])

const int jq_eval_value_weight[JQ_TYPE_COUNT] = {
    [JQ_ADVISOR] = JQ_W_ADVISOR, [JQ_ELEPHANT] = JQ_W_ELEPHANT,
    [JQ_HORSE] = JQ_W_HORSE,     [JQ_CHARIOT] = JQ_W_CHARIOT,
    [JQ_CANNON] = JQ_W_CANNON,   [JQ_PAWN] = JQ_W_PAWN};

/* Jieqi: what keeping a piece hidden on each kind of starting point is
 * worth beyond its pool's average. */
static const int hidden_weight[JQ_TYPE_COUNT] = {
    [JQ_ADVISOR] = JQ_W_HIDDEN_ADVISOR_POINT,
    [JQ_ELEPHANT] = JQ_W_HIDDEN_ELEPHANT_POINT,
    [JQ_HORSE] = JQ_W_HIDDEN_HORSE_POINT,
    [JQ_CHARIOT] = JQ_W_HIDDEN_CHARIOT_POINT,
    [JQ_CANNON] = JQ_W_HIDDEN_CANNON_POINT,
    [JQ_PAWN] = JQ_W_HIDDEN_PAWN_POINT};

/* Bonus for a revealed piece of type t at (file, rank) from its own side;
 * `phase` (attacking pieces on the board, 0..22) scales terms that matter
 * while the board is full. */
static int placement(const int *wt, JqPieceType t, int file, int rank,
                     int enemy_king_file, int phase) {
  int cd = centre_distance(file);
  switch (t) {
  case JQ_PAWN:
    if (rank <= 4)
      return rank == 4 ? W(PAWN_BANK) : 0;
    {
      /* Across: worth more near the enemy palace, less on the last rank,
       * and more as the attackers leave the board. */
      int b = W(PAWN_CROSSED) - W(PAWN_CENTRE) * cd +
              (rank >= 6 && rank <= 8 ? W(PAWN_NEAR_PALACE) : 0) +
              W(PAWN_CROSSED_EG) * (22 - phase) / 8;
      if (rank == 9)
        b -= W(PAWN_LAST_RANK);
      if (abs(file - enemy_king_file) <= 1 && rank >= 6)
        b += W(PAWN_KING_FILE);
      return b;
    }
  case JQ_HORSE: {
    int b = W(HORSE_BASE) - W(HORSE_CENTRE) * cd;
    if (rank >= 3 && rank <= 7)
      b += W(HORSE_MIDDLE) + W(HORSE_FORWARD) * (rank - 3);
    if (file == 0 || file == 8)
      b -= W(HORSE_EDGE);
    if (rank == 0)
      b -= W(HORSE_HOME);
    return b;
  }
  case JQ_CHARIOT: {
    int b = W(CHARIOT_BASE) - W(CHARIOT_CENTRE) * cd;
    if (rank >= 5 && rank <= 7)
      b += W(CHARIOT_FORWARD);
    if (rank == 0 && phase > 16)
      b -= W(CHARIOT_HOME);
    return b;
  }
  case JQ_CANNON: {
    int b = 0;
    if (file == 4 && phase > 16)
      b += W(CANNON_CENTRAL);
    if (rank >= 3 && rank <= 5)
      b += W(CANNON_MIDDLE);
    if (rank >= 7 && file == 4)
      b += W(CANNON_DEEP);
    return b;
  }
  case JQ_KING: return -W(KING_CENTRE) * cd - W(KING_UP) * rank;
  case JQ_ADVISOR:
  case JQ_ELEPHANT: return (rank <= 2 && cd <= 2) ? W(GUARD_HOME) : 0;
  default: return 0;
  }
}

int jq_eval_quiet_hint(const JqPosition *pos, JqMove m) {
  int from = jq_move_from(m), to = jq_move_to(m);
  JqPiece p = pos->board[from];
  if (!p || jq_piece_is_hidden(p))
    return 0; /* what it turns up as decides; nothing to say before */
  const int *wt = jq_eval_weights[pos->variant == JQ_VARIANT_JIEQI];
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
  return placement(wt, t, jq_square_file(to), tr, ekf, 16) -
         placement(wt, t, jq_square_file(from), fr, ekf, 16);
}

/* The palace each point is in, a bit per colour (1 Red's, 2 Black's):
 * jq_square_in_palace as a table for the scans along the rays. */
#define PALACE_AT(sq)                                                          \
  ((sq) % JQ_FILES >= 3 && (sq) % JQ_FILES <= 5 ? ((sq) / JQ_FILES <= 2   ? 1  \
                                                   : (sq) / JQ_FILES >= 7 ? 2  \
                                                                          : 0) \
                                                : 0)
#define PALACE_RANK(r)                                                  \
  PALACE_AT((r)*9), PALACE_AT((r)*9 + 1), PALACE_AT((r)*9 + 2),         \
      PALACE_AT((r)*9 + 3), PALACE_AT((r)*9 + 4), PALACE_AT((r)*9 + 5), \
      PALACE_AT((r)*9 + 6), PALACE_AT((r)*9 + 7), PALACE_AT((r)*9 + 8)
static const uint8_t palace_of[JQ_SQUARES] = {
    PALACE_RANK(0), PALACE_RANK(1), PALACE_RANK(2), PALACE_RANK(3),
    PALACE_RANK(4), PALACE_RANK(5), PALACE_RANK(6), PALACE_RANK(7),
    PALACE_RANK(8), PALACE_RANK(9)};

static inline bool in_palace(int sq, int c) { return (palace_of[sq] >> c) & 1; }

/* Each point's file and rank, without a division. */
#define FILES_OF_RANK 0, 1, 2, 3, 4, 5, 6, 7, 8
#define RANK_OF(r) r, r, r, r, r, r, r, r, r
static const uint8_t file_of[JQ_SQUARES] = {
    FILES_OF_RANK, FILES_OF_RANK, FILES_OF_RANK, FILES_OF_RANK, FILES_OF_RANK,
    FILES_OF_RANK, FILES_OF_RANK, FILES_OF_RANK, FILES_OF_RANK, FILES_OF_RANK};
static const uint8_t rank_of[JQ_SQUARES] = {
    RANK_OF(0), RANK_OF(1), RANK_OF(2), RANK_OF(3), RANK_OF(4),
    RANK_OF(5), RANK_OF(6), RANK_OF(7), RANK_OF(8), RANK_OF(9)};

/* For each occupancy of a file (a bit per rank) or a rank (a bit per
 * file) and each point on it: the places of the first and second pieces
 * above it (bits 0-3 and 4-7) and below it (8-11 and 12-15), NO_REACH for
 * none. A chariot takes the first, a cannon the second. */
#define NO_REACH 15u
static uint16_t file_reach[1 << JQ_RANKS][JQ_RANKS];
static uint16_t rank_reach[1 << JQ_FILES][JQ_FILES];

static uint16_t line_reach(unsigned line, int at, int len) {
  unsigned found[4] = {NO_REACH, NO_REACH, NO_REACH, NO_REACH};
  for (int i = at + 1, n = 0; i < len && n < 2; i++)
    if (line >> i & 1)
      found[n++] = (unsigned)i;
  for (int i = at - 1, n = 2; i >= 0 && n < 4; i--)
    if (line >> i & 1)
      found[n++] = (unsigned)i;
  return (uint16_t)(found[0] | found[1] << 4 | found[2] << 8 | found[3] << 12);
}

__attribute__((constructor)) static void init_reach(void) {
  for (unsigned line = 0; line < 1u << JQ_RANKS; line++)
    for (int at = 0; at < JQ_RANKS; at++)
      file_reach[line][at] = line_reach(line, at, JQ_RANKS);
  for (unsigned line = 0; line < 1u << JQ_FILES; line++)
    for (int at = 0; at < JQ_FILES; at++)
      rank_reach[line][at] = line_reach(line, at, JQ_FILES);
}

/* Line bits lo to hi (none if lo > hi). */
static inline unsigned span(int lo, int hi) {
  return lo > hi ? 0 : (2u << hi) - (1u << lo);
}

/* Pressure on one side's palace: the attackers that reach into it and the
 * points they reach. */
typedef struct {
  int units;
  int attackers;
  int points;
} PalaceAttack;

/* Points in the enemy palace among a line's bits `span`: its palace bits
 * `palace` (three in a row at `shift`, or none), counted by a table. */
static inline int palace_points(unsigned span, unsigned palace, int shift) {
  return "\0\1\1\2\1\2\2\3"[(span & palace) >> shift];
}

/* Along one line (`len` points) from the point `at`, up or down, with
 * `reach` the places of the first two pieces that way (from file_reach or
 * rank_reach): a chariot's reach or a cannon's. Adds the empty points
 * before the first piece to *empty and the enemy palace points reached to
 * *points (a chariot: up to and with the first piece; a cannon: past its
 * screen, up to and with the next piece), and returns the place of the
 * piece it attacks (NO_REACH: none). */
static inline unsigned slider_line(unsigned reach, int at, int len, bool up,
                                   bool cannon, unsigned palace, int shift,
                                   int *empty, int *points) {
  int first = (int)(reach & 15), second = (int)(reach >> 4 & 15);
  if (first == (int)NO_REACH) {
    *empty += up ? len - 1 - at : at;
    if (!cannon)
      *points += palace_points(up ? span(at + 1, len - 1) : span(0, at - 1),
                               palace, shift);
    return NO_REACH;
  }
  *empty += up ? first - at - 1 : at - first - 1;
  if (!cannon) {
    *points += palace_points(up ? span(at + 1, first) : span(first, at - 1),
                             palace, shift);
    return (unsigned)first;
  }
  bool open = second == (int)NO_REACH;
  *points += palace_points(up ? span(first + 1, open ? len - 1 : second)
                              : span(open ? 0 : second, first - 1),
                           palace, shift);
  return (unsigned)second;
}

/* activity() of a chariot or cannon: its four lines from the position's
 * occupancy masks. */
static int slider_activity(const int *wt, const JqPosition *pos, int sq,
                           bool cannon, int c, PalaceAttack *attack) {
  const JqPiece *board = pos->board;
  int enemy = c ^ 1;
  int file = file_of[sq], rank = rank_of[sq];
  unsigned on_file = pos->occ_file[file], on_rank = pos->occ_rank[rank];
  /* The enemy palace's points on this file (ranks) and on this rank
   * (files). */
  bool palace_file = file >= 3 && file <= 5;
  bool palace_rank = enemy == JQ_RED ? rank <= 2 : rank >= 7;
  unsigned file_palace = palace_file ? (enemy == JQ_RED ? 0x7u : 0x380u) : 0;
  int file_shift = enemy == JQ_RED ? 0 : 7;
  unsigned rank_palace = palace_rank ? 0x38u : 0;
  int empty = 0, points = 0;
  unsigned fr = file_reach[on_file][rank], rr = rank_reach[on_rank][file];
  unsigned hit[JQ_DIRS] = {
      slider_line(fr, rank, JQ_RANKS, true, cannon, file_palace, file_shift,
                  &empty, &points),
      slider_line(fr >> 8, rank, JQ_RANKS, false, cannon, file_palace,
                  file_shift, &empty, &points),
      slider_line(rr, file, JQ_FILES, true, cannon, rank_palace, 3, &empty,
                  &points),
      slider_line(rr >> 8, file, JQ_FILES, false, cannon, rank_palace, 3,
                  &empty, &points)};
  int score = empty * (cannon ? W(CANNON_MOBILITY) : W(CHARIOT_MOBILITY));
  for (int d = 0; d < JQ_DIRS; d++) {
    if (hit[d] == NO_REACH)
      continue;
    int at = (int)hit[d];
    JqPiece p =
        board[d < 2 ? jq_square_make(file, at) : jq_square_make(at, rank)];
    if ((int)jq_piece_color(p) != enemy)
      continue;
    if (!cannon)
      score += W(CHARIOT_TARGET);
    else /* a target behind one screen; the king behind it pins */
      score += jq_piece_type(p) == JQ_KING && !jq_piece_is_hidden(p)
                   ? W(CANNON_KING_PIN)
                   : W(CANNON_TARGET);
  }
  if (!cannon)
    score += points * W(CHARIOT_PALACE);
  if (points) {
    attack->units += cannon ? W(KS_CANNON) : W(KS_CHARIOT);
    attack->attackers++;
    attack->points += points;
  }
  return score;
}

/* Mobility and pressure of the long-range pieces: points they reach, and
 * extra weight for reaching into the enemy palace, where mates happen. */
static int activity(const int *wt, const JqPosition *pos, int sq, JqPieceType t,
                    int c, PalaceAttack *attack) {
  const JqTables *tb = &jq_tables;
  const JqPiece *board = pos->board;
  int enemy = c ^ 1;
  int score = 0, points = 0;
  switch (t) {
  case JQ_CHARIOT:
  case JQ_CANNON:
    return slider_activity(wt, pos, sq, t == JQ_CANNON, c, attack);
  case JQ_HORSE:
    for (int i = 0; i < tb->horse_n[sq]; i++) {
      if (board[tb->horse_leg[sq][i]])
        continue;
      int to = tb->horse_to[sq][i];
      bool palace = in_palace(to, enemy);
      points += palace;
      if (board[to] && (int)jq_piece_color(board[to]) == c)
        continue;
      score += W(HORSE_MOBILITY);
      if (palace)
        score += W(HORSE_PALACE);
    }
    if (points) {
      attack->units += W(KS_HORSE);
      attack->attackers++;
      attack->points += points;
    }
    return score - W(HORSE_TRAPPED); /* a horse with two moves is poor */
  default: return 0;
  }
}

/* A crossed pawn's reach into the enemy palace: forward and sideways. */
static void pawn_pressure(const int *wt, int sq, int c, PalaceAttack *attack) {
  int file = jq_square_file(sq), rank = jq_square_rank(sq);
  int forward = c == JQ_RED ? 1 : -1, points = 0;
  int enemy = c ^ 1;
  if (rank + forward >= 0 && rank + forward <= 9 &&
      jq_square_in_palace(jq_square_make(file, rank + forward), (JqColor)enemy))
    points++;
  if (file > 0 &&
      jq_square_in_palace(jq_square_make(file - 1, rank), (JqColor)enemy))
    points++;
  if (file < 8 &&
      jq_square_in_palace(jq_square_make(file + 1, rank), (JqColor)enemy))
    points++;
  if (points) {
    attack->units += W(KS_PAWN);
    attack->attackers++;
    attack->points += points;
  }
}

/* Jieqi: colour c's pieces that move as chariots or cannons (revealed, or
 * hidden on those points: a bit per point in `sliders`, at most the first
 * JQ_MAX_SLIDERS in board order) and the enemy hidden pieces they could
 * take now: a capture that turns up what it takes at no risk of its own
 * identity. Returns how many enemy hidden pieces are attacked. */
#define JQ_MAX_SLIDERS 16
static int hidden_under_attack(const JqPosition *pos, int c,
                               const uint64_t sliders[2]) {
  const JqPiece *board = pos->board;
  const int enemy_hidden = JQ_PIECE_HIDDEN | (c == JQ_RED ? JQ_PIECE_BLACK : 0);
  uint64_t seen[2] = {0, 0}; /* 90 points in two words */
  int count = 0, k = 0;
  for (int half = 0; half < 2; half++)
    for (uint64_t m = sliders[half]; m && k < JQ_MAX_SLIDERS; m &= m - 1, k++) {
      int sq = half * 64 + __builtin_ctzll(m);
      int file = file_of[sq], rank = rank_of[sq];
      /* The first piece along each line for a chariot, the second for a
       * cannon, from the position's occupancy masks. */
      int skip = jq_piece_type(board[sq]) == JQ_CANNON ? 4 : 0;
      unsigned fr = file_reach[pos->occ_file[file]][rank] >> skip;
      unsigned rr = rank_reach[pos->occ_rank[rank]][file] >> skip;
      unsigned reached[JQ_DIRS] = {fr & 15, fr >> 8 & 15, rr & 15,
                                   rr >> 8 & 15};
      for (int d = 0; d < JQ_DIRS; d++) {
        if (reached[d] == NO_REACH)
          continue;
        int at = (int)reached[d];
        int to = d < 2 ? jq_square_make(file, at) : jq_square_make(at, rank);
        if ((board[to] & (JQ_PIECE_HIDDEN | JQ_PIECE_BLACK)) != enemy_hidden)
          continue;
        uint64_t bit = 1ull << (to & 63);
        if (!(seen[to >> 6] & bit)) {
          seen[to >> 6] |= bit;
          count++;
        }
      }
    }
  return count;
}

/* A cannon facing the enemy king down an open file, and chariots on it:
 * only the piece nearest the king on its file, toward colour c, counts.
 * Found from the file's occupancy (file_reach). */
static int king_file_pressure(const int *wt, const JqPosition *pos, int c) {
  int k = pos->king[c ^ 1];
  if (k == JQ_NO_SQUARE)
    return 0;
  unsigned reach = file_reach[pos->occ_file[file_of[k]]][rank_of[k]];
  unsigned at = c == JQ_BLACK ? reach & 15 : reach >> 8 & 15;
  if (at == NO_REACH)
    return 0;
  JqPiece p = pos->board[jq_square_make(file_of[k], (int)at)];
  if ((int)jq_piece_color(p) != c || jq_piece_is_hidden(p))
    return 0;
  if (jq_piece_type(p) == JQ_CANNON)
    return W(CANNON_OPEN_KING); /* the empty-headed cannon */
  if (jq_piece_type(p) == JQ_CHARIOT)
    return W(CHARIOT_OPEN_KING);
  return 0;
}

/* jq_eval_hidden_value with the jieqi weights at hand. */
static int pool_average(const int *jieqi_wt, const uint8_t *pool) {
  int total = 0, sum = 0;
  for (int t = JQ_ADVISOR; t < JQ_TYPE_COUNT; t++) {
    total += pool[t];
    sum += pool[t] * jieqi_wt[jq_eval_value_weight[t]];
  }
  return total ? sum / total : 0;
}

/* The chariot and cannon points of each colour, where its hidden pieces
 * that move as sliders stand (a hidden piece never leaves its point). */
#define POINT(file, rank) ((rank)*JQ_FILES + (file))
static const uint8_t slider_points[2][4] = {
    {POINT(0, 0), POINT(8, 0), POINT(1, 2), POINT(7, 2)},
    {POINT(0, 9), POINT(8, 9), POINT(1, 7), POINT(7, 7)}};

int jq_evaluate(const JqPosition *pos) {
  bool jieqi = pos->variant == JQ_VARIANT_JIEQI;
  const int *wt = jq_eval_weights[jieqi];
  int score[2] = {0, 0};
  int defenders[2] = {0, 0};
  int attackers[2] = {0, 0};
  PalaceAttack attack[2] = {{0, 0, 0}, {0, 0, 0}};   /* by colour */
  int table_full[2] = {0, 0}, table_end[2] = {0, 0}; /* the fitted tables */
  /* Jieqi: hidden pieces on guard points, and the chariot and cannon
   * movers of each side (a bit per point, then listed in board order). */
  int hidden_guards[2] = {0, 0};
  uint64_t slider_bits[2][2] = {{0, 0}, {0, 0}};
  /* The hidden pieces are settled from the counts that make/unmake keep:
   * each is worth its pool's average, and more or less by its point (its
   * type is its point's role): what it threatens while hidden, and what
   * its reveal may cost. */
  int phase = pos->hidden_count[0] + pos->hidden_count[1];
  /* The revealed attackers complete the phase, which the terms of the
   * revealed pieces need. */
  for (int c = 0; c < 2; c++)
    phase += pos->revealed_role[c][JQ_HORSE] +
             pos->revealed_role[c][JQ_CHARIOT] +
             pos->revealed_role[c][JQ_CANNON];
  for (int c = 0; c < 2; c++) {
    if (!pos->hidden_count[c])
      continue;
    const uint8_t *roles = pos->hidden_role[c];
    for (int t = JQ_ADVISOR; t < JQ_TYPE_COUNT; t++)
      score[c] += roles[t] * wt[hidden_weight[t]];
    hidden_guards[c] = roles[JQ_ADVISOR] + roles[JQ_ELEPHANT];
    score[c] += pos->hidden_count[c] *
                pool_average(jq_eval_weights[true], pos->pool[c]);
    int hidden_sliders = roles[JQ_CHARIOT] + roles[JQ_CANNON];
    if (!jieqi || !hidden_sliders)
      continue;
    int found = 0;
    for (int i = 0; i < 4; i++) {
      JqPiece p = pos->board[slider_points[c][i]];
      if (jq_piece_is_hidden(p) && (int)jq_piece_color(p) == c &&
          (jq_piece_type(p) == JQ_CHARIOT || jq_piece_type(p) == JQ_CANNON)) {
        slider_bits[c][slider_points[c][i] >> 6] |=
            1ull << (slider_points[c][i] & 63);
        found++;
      }
    }
    /* A board set up by hand may hold them elsewhere. */
    for (int sq = 0; found < hidden_sliders && sq < JQ_SQUARES; sq++) {
      JqPiece p = pos->board[sq];
      if (jq_piece_is_hidden(p) && (int)jq_piece_color(p) == c &&
          (jq_piece_type(p) == JQ_CHARIOT || jq_piece_type(p) == JQ_CANNON))
        slider_bits[c][sq >> 6] |= 1ull << (sq & 63);
    }
  }
  int ekf_of[2]; /* the enemy king's file for each colour's pieces */
  for (int c = 0; c < 2; c++) {
    int k = pos->king[c ^ 1];
    ekf_of[c] = k == JQ_NO_SQUARE ? 4 : file_of[k];
  }
  /* The revealed pieces, in board order, from the points the position
   * keeps. */
  for (int half = 0; half < 2; half++)
    for (uint64_t m = pos->revealed_at[half]; m; m &= m - 1) {
      int sq = half * 64 + __builtin_ctzll(m);
      JqPiece p = pos->board[sq];
      int c = jq_piece_color(p);
      int file = file_of[sq], rank = rank_of[sq];
      int own_rank = c == JQ_RED ? rank : 9 - rank;
      JqPieceType t = jq_piece_type(p);
      int enemy_king = pos->king[c ^ 1];
      int ekf = ekf_of[c];
      score[c] += wt[jq_eval_value_weight[t]] +
                  placement(wt, t, file, own_rank, ekf, phase) +
                  activity(wt, pos, sq, t, c, &attack[c]);
      /* The fitted per-point tables; jieqi's positions were not fitted. */
      if (!jieqi) {
        int i = jq_eval_psqt_index(file, own_rank);
        table_full[c] += jq_eval_psqt[t][i];
        table_end[c] += jq_eval_psqt_end[t][i];
        if (t >= JQ_HORSE && enemy_king != JQ_NO_SQUARE) {
          int kr = jq_square_rank(enemy_king);
          score[c] += jq_eval_kingrel[t][jq_eval_kingrel_index(
              file, own_rank, ekf, c == JQ_RED ? kr : 9 - kr)];
        }
      }
      /* Cannons need screens, horses room: the cannon is worth more on a
       * full board, the horse on an empty one. phase counts 0..22. */
      if (t == JQ_CANNON)
        score[c] += (phase - 11) * W(CANNON_FULL_BOARD);
      else if (t == JQ_HORSE)
        score[c] -= (phase - 11) * W(HORSE_FULL_BOARD);
      if (jieqi && (t == JQ_CHARIOT || t == JQ_CANNON))
        slider_bits[c][half] |= m & -m;
      if (t == JQ_ADVISOR || t == JQ_ELEPHANT) {
        defenders[c]++;
        /* Jieqi's revealed guards may cross: strength away, a hole home. */
        if (own_rank >= 5)
          score[c] += W(GUARD_ACROSS);
      } else if (t != JQ_KING && t != JQ_PAWN)
        attackers[c]++;
      else if (t == JQ_PAWN && own_rank >= 5) {
        attackers[c]++;
        pawn_pressure(wt, sq, c, &attack[c]);
      }
    }
  /* The tables blend by how full the board is, rounded once per side. */
  int full = phase < JQ_PSQT_FULL_PHASE ? phase : JQ_PSQT_FULL_PHASE;
  for (int c = 0; c < 2; c++) {
    score[c] +=
        (table_full[c] * full + table_end[c] * (JQ_PSQT_FULL_PHASE - full)) /
        JQ_PSQT_FULL_PHASE;
    /* Missing defenders hurt more when the enemy still has attackers. */
    int missing = 4 - defenders[c];
    score[c] -= missing * attackers[c ^ 1] * W(MISSING_GUARD);
    /* Attackers together on the palace are worth more than apart: the
     * danger grows with its square. */
    const PalaceAttack *a = &attack[c ^ 1];
    int danger =
        a->units + a->points * W(KS_POINT) - defenders[c] * W(KS_GUARD);
    if (a->attackers >= 2 && danger > 0)
      score[c] -= danger * danger * W(KS_SCALE) / 1024;
  }
  if (jieqi) {
    for (int c = 0; c < 2; c++) {
      /* Guard points still hidden may yet turn up defenders; they count
       * for more the more the enemy can bring (revealed attackers, and
       * hidden pieces that may turn out to be some). */
      score[c] += hidden_guards[c] *
                  (attackers[c ^ 1] + pos->hidden_count[c ^ 1]) *
                  W(HIDDEN_GUARD);
      /* A hidden piece a chariot or cannon attacks: taken for nothing
       * when the attacker is to move, a move spent saving it otherwise. */
      int attacked = hidden_under_attack(pos, c ^ 1, slider_bits[c ^ 1]);
      score[c] -= attacked * (c == (int)pos->side ? W(HIDDEN_ATTACKED)
                                                  : W(HIDDEN_HANGING));
    }
  }
  score[JQ_RED] += king_file_pressure(wt, pos, JQ_RED);
  score[JQ_BLACK] += king_file_pressure(wt, pos, JQ_BLACK);
  int s = score[JQ_RED] - score[JQ_BLACK];
  /* A small tempo bonus for the side to move. */
  return (pos->side == JQ_RED ? s : -s) + W(TEMPO);
}
