/* Position basics and the make/unmake contract: the incremental hash always
 * equals a fresh one, and unmaking restores the exact previous state. */
#include <string.h>

#include "jq-game.h"
#include "jq-movegen.h"
#include "jq-position-private.h"
#include "jq-rng.h"
#include "jq-tables.h"
#include "jq-test-util.h"

static void test_start_roles(void) {
  g_assert_cmpint(jq_start_role(jq_square_parse("a0")), ==, JQ_CHARIOT);
  g_assert_cmpint(jq_start_role(jq_square_parse("b0")), ==, JQ_HORSE);
  g_assert_cmpint(jq_start_role(jq_square_parse("c0")), ==, JQ_ELEPHANT);
  g_assert_cmpint(jq_start_role(jq_square_parse("d0")), ==, JQ_ADVISOR);
  g_assert_cmpint(jq_start_role(jq_square_parse("e0")), ==, JQ_KING);
  g_assert_cmpint(jq_start_role(jq_square_parse("h2")), ==, JQ_CANNON);
  g_assert_cmpint(jq_start_role(jq_square_parse("g3")), ==, JQ_PAWN);
  g_assert_cmpint(jq_start_role(jq_square_parse("h7")), ==, JQ_CANNON);
  g_assert_cmpint(jq_start_role(jq_square_parse("i9")), ==, JQ_CHARIOT);
  g_assert_cmpint(jq_start_role(jq_square_parse("c6")), ==, JQ_PAWN);
  g_assert_cmpint(jq_start_role(jq_square_parse("b3")), ==, JQ_NO_TYPE);
  g_assert_cmpint(jq_start_role(jq_square_parse("e5")), ==, JQ_NO_TYPE);
  g_assert_cmpint(jq_start_color(jq_square_parse("c6")), ==, JQ_BLACK);
  g_assert_cmpint(jq_start_color(jq_square_parse("c3")), ==, JQ_RED);
}

static void test_start_positions(void) {
  JqPosition x, j;
  jq_position_init_start(&x, JQ_VARIANT_XIANGQI);
  jq_position_init_start(&j, JQ_VARIANT_JIEQI);
  int xs = 0, js = 0, hidden = 0;
  for (int sq = 0; sq < JQ_SQUARES; sq++) {
    xs += x.board[sq] != JQ_EMPTY;
    js += j.board[sq] != JQ_EMPTY;
    hidden += jq_piece_is_hidden(j.board[sq]);
    /* The same points are occupied, by a piece moving as the same role. */
    g_assert_cmpint(jq_piece_type(x.board[sq]), ==, jq_piece_type(j.board[sq]));
  }
  g_assert_cmpint(xs, ==, 32);
  g_assert_cmpint(js, ==, 32);
  g_assert_cmpint(hidden, ==, 30);
  g_assert_cmpint(x.king[JQ_RED], ==, jq_square_parse("e0"));
  g_assert_cmpint(x.king[JQ_BLACK], ==, jq_square_parse("e9"));
  g_assert_cmpint(j.hidden_count[JQ_RED], ==, 15);
  g_assert_cmpint(jq_position_pool_total(&j, JQ_BLACK), ==, 15);
  g_assert_cmpint(j.pool[JQ_RED][JQ_PAWN], ==, 5);
  g_assert_cmpint(jq_position_pool_total(&x, JQ_RED), ==, 0);
  g_assert_cmpuint(x.hash, ==, jq_position_compute_hash(&x));
  g_assert_cmpuint(j.hash, ==, jq_position_compute_hash(&j));
  g_assert_cmpuint(x.hash, !=, j.hash);
  g_assert_cmpint(jq_position_natural_limit(&x), ==, 120);
  g_assert_cmpint(jq_position_natural_limit(&j), ==, 80);
}

/* Compares what make/unmake must restore. */
static void assert_same_state(const JqPosition *a, const JqPosition *b) {
  g_assert_cmpmem(a->board, sizeof a->board, b->board, sizeof b->board);
  g_assert_cmpuint(a->hash, ==, b->hash);
  g_assert_cmpint(a->side, ==, b->side);
  g_assert_cmpint(a->halfmove, ==, b->halfmove);
  g_assert_cmpint(a->fullmove, ==, b->fullmove);
  g_assert_cmpint(a->history_len, ==, b->history_len);
  g_assert_cmpint(a->capture_count, ==, b->capture_count);
  g_assert_cmpmem(a->pool, sizeof a->pool, b->pool, sizeof b->pool);
  g_assert_cmpmem(a->king, sizeof a->king, b->king, sizeof b->king);
  g_assert_cmpmem(a->hidden_count, 2, b->hidden_count, 2);
  g_assert_cmpmem(a->captured_unknown, 2, b->captured_unknown, 2);
  g_assert_cmpmem(a->hidden_role, sizeof a->hidden_role, b->hidden_role,
                  sizeof b->hidden_role);
  g_assert_cmpmem(a->occ_file, sizeof a->occ_file, b->occ_file,
                  sizeof b->occ_file);
  g_assert_cmpmem(a->occ_rank, sizeof a->occ_rank, b->occ_rank,
                  sizeof b->occ_rank);
  g_assert_cmpmem(a->revealed_role, sizeof a->revealed_role, b->revealed_role,
                  sizeof b->revealed_role);
  g_assert_cmpmem(a->revealed_at, sizeof a->revealed_at, b->revealed_at,
                  sizeof b->revealed_at);
  g_assert_cmpmem(a->color_at, sizeof a->color_at, b->color_at,
                  sizeof b->color_at);
}

static void assert_invariants(const JqPosition *pos) {
  g_assert_cmpuint(pos->hash, ==, jq_position_compute_hash(pos));
  int hidden[2] = {0, 0};
  /* What make/unmake keep from the board, recounted from it. */
  uint8_t roles[2][JQ_TYPE_COUNT] = {{0}}, shown[2][JQ_TYPE_COUNT] = {{0}};
  uint16_t files[JQ_FILES] = {0}, ranks[JQ_RANKS] = {0};
  uint64_t shown_at[2] = {0, 0}, color_at[2][2] = {{0, 0}, {0, 0}};
  for (int sq = 0; sq < JQ_SQUARES; sq++) {
    JqPiece p = pos->board[sq];
    if (jq_piece_is_hidden(p)) {
      hidden[jq_piece_color(p)]++;
      roles[jq_piece_color(p)][jq_piece_type(p)]++;
    } else if (p) {
      shown[jq_piece_color(p)][jq_piece_type(p)]++;
      shown_at[sq / 64] |= 1ull << (sq % 64);
    }
    if (p) {
      color_at[jq_piece_color(p)][sq / 64] |= 1ull << (sq % 64);
      files[jq_square_file(sq)] |= (uint16_t)(1u << jq_square_rank(sq));
      ranks[jq_square_rank(sq)] |= (uint16_t)(1u << jq_square_file(sq));
    }
  }
  g_assert_cmpmem(roles, sizeof roles, pos->hidden_role,
                  sizeof pos->hidden_role);
  g_assert_cmpmem(shown, sizeof shown, pos->revealed_role,
                  sizeof pos->revealed_role);
  g_assert_cmpmem(shown_at, sizeof shown_at, pos->revealed_at,
                  sizeof pos->revealed_at);
  g_assert_cmpmem(color_at, sizeof color_at, pos->color_at,
                  sizeof pos->color_at);
  g_assert_cmpmem(files, sizeof files, pos->occ_file, sizeof pos->occ_file);
  g_assert_cmpmem(ranks, sizeof ranks, pos->occ_rank, sizeof pos->occ_rank);
  /* The check test by those masks answers as a walk along the board. */
  for (int c = 0; c < 2; c++) {
    int k = pos->king[c];
    bool walk = k != JQ_NO_SQUARE &&
                (jq_board_attacked(pos->board, pos->variant, k, c ^ 1,
                                   pos->variant == JQ_VARIANT_JIEQI) ||
                 jq_board_kings_facing(pos->board, k, pos->king[c ^ 1]));
    g_assert_cmpint(jq_position_king_attacked(pos, c), ==, walk);
  }
  for (int c = 0; c < 2; c++) {
    g_assert_cmpint(hidden[c], ==, pos->hidden_count[c]);
    g_assert_cmpint(jq_position_pool_total(pos, c), ==,
                    pos->hidden_count[c] + pos->captured_unknown[c]);
  }
}

/* Plays `games` random games, checking the hash after every move and the
 * exact restoration of every state on the way back. */
static void random_games(JqVariant variant, int games, guint64 seed) {
  JqRng rng;
  jq_rng_seed(&rng, seed);
  JqPosition *trail = g_new(JqPosition, 1); /* state before the ply */
  guint64 plies = 0;
  for (int g = 0; g < games; g++) {
    JqGame *game = jq_game_new(variant, jq_rng_next(&rng));
    JqPieceType deal[JQ_SQUARES];
    jq_game_initial_deal(game, deal);
    JqPosition pos = *jq_game_truth(game);
    JqPosition start = pos;
    /* Alternate between an omniscient observer and one who never learns
     * captured identities: both must stay consistent. */
    gboolean learns = g % 2 == 0;
    int len = 0;
    JqMove moves[160];
    for (; len < 160; len++) {
      JqMoveList list;
      jq_generate_legal(&pos, JQ_GEN_ALL, &list);
      if (list.count == 0)
        break;
      JqMove m = list.moves[jq_rng_below(&rng, list.count)];
      int from = jq_move_from(m), to = jq_move_to(m);
      JqReveal r = {deal[from], learns ? deal[to] : JQ_NO_TYPE};
      if (!jq_piece_is_hidden(pos.board[from]))
        r.mover = JQ_NO_TYPE;
      if (!jq_piece_is_hidden(pos.board[to]))
        r.captured = JQ_NO_TYPE;
      if (len == 40) /* spot check: a full copy before and after */
        *trail = pos;
      /* The move tried in place says whether it checks, as making it
       * does. */
      bool checks = jq_position_gives_check(&pos, m, r.mover);
      jq_position_make_move(&pos, m, r);
      g_assert_cmpint(checks, ==, jq_position_in_check(&pos));
      /* The board no longer holds a hidden piece on either point. */
      deal[from] = JQ_NO_TYPE;
      moves[len] = m;
      assert_invariants(&pos);
      if (len == 40) {
        jq_position_unmake_move(&pos);
        assert_same_state(&pos, trail);
        jq_position_make_move(&pos, m, r);
      }
      plies++;
    }
    for (int i = len - 1; i >= 0; i--) {
      g_assert_cmpint(jq_position_last_move(&pos), ==, moves[i]);
      jq_position_unmake_move(&pos);
      assert_invariants(&pos);
    }
    assert_same_state(&pos, &start);
    jq_game_free(game);
  }
  g_free(trail);
  g_assert_cmpuint(plies, >, (guint64)games * 20);
}

static void test_random_xiangqi(void) {
  random_games(JQ_VARIANT_XIANGQI, 10000, 1);
}

static void test_random_jieqi(void) {
  random_games(JQ_VARIANT_JIEQI, 10000, 2);
}

/* The legality test that knows the side is not in check looks only at
 * what the move changes; it must answer as the full test does, for every
 * move of random games (the generator's filter too), and find exposed
 * kings: pins along lines, cannon screens, horse legs, elephant eyes. */
typedef struct {
  guint64 exposed; /* moves refused for exposing the king, not in check */
} SafeKnown;

static void check_safe_known(JqPosition *pos, const JqMoveList *legal,
                             const JqPieceType deal[JQ_SQUARES], void *data) {
  (void)deal;
  SafeKnown *c = data;
  bool in_check = jq_position_in_check(pos);
  JqMoveList pseudo;
  jq_generate_pseudo(pos, JQ_GEN_ALL, &pseudo);
  int n = 0;
  for (int i = 0; i < pseudo.count; i++) {
    JqMove m = pseudo.moves[i];
    bool safe = jq_position_move_is_safe(pos, m);
    g_assert_cmpint(jq_position_move_is_safe_known(pos, m, in_check), ==, safe);
    if (safe) {
      g_assert_cmpint(n, <, legal->count);
      g_assert_cmpint(legal->moves[n], ==, m);
      n++;
    } else if (!in_check) {
      c->exposed++;
    }
  }
  g_assert_cmpint(n, ==, legal->count);
}

static void safe_known_games(JqVariant variant, int games, guint64 seed) {
  SafeKnown c = {0};
  jq_test_walk_random_games(variant, games, seed, check_safe_known, &c);
  g_assert_cmpuint(c.exposed, >, (guint64)games);
}

static void test_safe_known_xiangqi(void) {
  safe_known_games(JQ_VARIANT_XIANGQI, 2000, 3);
}

static void test_safe_known_jieqi(void) {
  safe_known_games(JQ_VARIANT_JIEQI, 2000, 4);
}

/* jq_position_gives_check_known and jq_position_in_check_after_move skip
 * the attack test for moves far from the king, off its file and rank; in
 * positions reached by legal moves they must answer as the full tests do,
 * for every legal move (a hidden mover with each identity its pool
 * allows), and the checks they find must include short movers' (horses,
 * pawns, free advisors and elephants) from two points away. */
typedef struct {
  guint64 checks, near_checks;
} CheckKnown;

static void check_check_known(JqPosition *pos, const JqMoveList *legal,
                              const JqPieceType deal[JQ_SQUARES], void *data) {
  CheckKnown *c = data;
  for (int i = 0; i < legal->count; i++) {
    JqMove m = legal->moves[i];
    int from = jq_move_from(m), to = jq_move_to(m);
    for (int t = JQ_ADVISOR; t < JQ_TYPE_COUNT; t++) {
      JqReveal r = {(JqPieceType)t, deal[to]};
      if (!jq_piece_is_hidden(pos->board[from]))
        r.mover = JQ_NO_TYPE;
      else if (pos->pool[pos->side][t] == 0)
        continue;
      if (!jq_piece_is_hidden(pos->board[to]))
        r.captured = JQ_NO_TYPE;
      bool gives = jq_position_gives_check(pos, m, r.mover);
      g_assert_cmpint(jq_position_gives_check_known(pos, m, r.mover), ==,
                      gives);
      jq_position_make_move(pos, m, r);
      bool check = jq_position_in_check(pos);
      g_assert_cmpint(jq_position_in_check_after_move(pos), ==, check);
      g_assert_cmpint(check, ==, gives);
      if (check) {
        c->checks++;
        int k = pos->king[pos->side];
        JqPieceType placed = jq_piece_type(pos->board[to]);
        if (jq_square_file(k) != jq_square_file(to) &&
            jq_square_rank(k) != jq_square_rank(to) && placed != JQ_CHARIOT &&
            placed != JQ_CANNON &&
            (abs(jq_square_file(k) - jq_square_file(to)) == 2 ||
             abs(jq_square_rank(k) - jq_square_rank(to)) == 2))
          c->near_checks++;
      }
      jq_position_unmake_move(pos);
      if (r.mover == JQ_NO_TYPE)
        break;
    }
  }
}

static void check_known_games(JqVariant variant, int games, guint64 seed) {
  CheckKnown c = {0};
  jq_test_walk_random_games(variant, games, seed, check_check_known, &c);
  g_test_message("%" G_GUINT64_FORMAT " checks, %" G_GUINT64_FORMAT
                 " by a short mover two points away",
                 c.checks, c.near_checks);
  g_assert_cmpuint(c.checks, >, (guint64)games * 5);
  g_assert_cmpuint(c.near_checks, >, (guint64)games);
}

static void test_check_known_xiangqi(void) {
  check_known_games(JQ_VARIANT_XIANGQI, 300, 11);
}

static void test_check_known_jieqi(void) {
  check_known_games(JQ_VARIANT_JIEQI, 300, 12);
}

/* jq_board_attackers_lines finds chariots and cannons by bit scans of the
 * lines through the point: it must list what a walk along the rays lists
 * (the walk below, as it stood), in the same order (the exchange test takes
 * the first of equal attackers), for every point and colour of random
 * games. */
static int attackers_by_walk(const JqPiece *board, int variant, int sq,
                             JqColor by, uint8_t out[JQ_MAX_ATTACKERS]) {
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

static void check_attackers(JqPosition *pos, const JqMoveList *legal,
                            const JqPieceType deal[JQ_SQUARES], void *data) {
  (void)legal;
  (void)deal;
  guint64 *line_attackers = data;
  for (int sq = 0; sq < JQ_SQUARES; sq++)
    for (int by = 0; by < 2; by++) {
      uint8_t a[JQ_MAX_ATTACKERS], b[JQ_MAX_ATTACKERS];
      int n = attackers_by_walk(pos->board, pos->variant, sq, by, a);
      int m = jq_board_attackers_lines(pos->board, pos->variant, sq, by,
                                       pos->occ_file[jq_square_file(sq)],
                                       pos->occ_rank[jq_square_rank(sq)], b);
      g_assert_cmpint(n, ==, m);
      g_assert_cmpmem(a, n, b, m);
      g_assert_cmpint(jq_board_attackers(pos->board, pos->variant, sq, by, b),
                      ==, n);
      g_assert_cmpmem(a, n, b, n);
      for (int i = 0; i < n; i++) {
        JqPieceType t = jq_piece_type(pos->board[a[i]]);
        *line_attackers += t == JQ_CHARIOT || t == JQ_CANNON;
      }
    }
}

static void attackers_games(JqVariant variant, int games, guint64 seed) {
  guint64 line_attackers = 0;
  jq_test_walk_random_games(variant, games, seed, check_attackers,
                            &line_attackers);
  g_assert_cmpuint(line_attackers, >, (guint64)games * 100);
}

static void test_attackers_lines(void) {
  attackers_games(JQ_VARIANT_XIANGQI, 100, 21);
  attackers_games(JQ_VARIANT_JIEQI, 100, 22);
}

/* The captures stage finds chariot and cannon captures from the kept
 * occupancy masks: it must list exactly the captures of the full
 * generation, in the same order (the search's move order depends on it),
 * for every position of random games. */
static void check_captures_stage(JqPosition *pos, const JqMoveList *legal,
                                 const JqPieceType deal[JQ_SQUARES],
                                 void *data) {
  (void)legal;
  (void)deal;
  guint64 *slider_captures = data;
  JqMoveList all, captures;
  jq_generate_pseudo(pos, JQ_GEN_ALL, &all);
  jq_generate_pseudo(pos, JQ_GEN_CAPTURES, &captures);
  int n = 0;
  for (int i = 0; i < all.count; i++) {
    JqMove m = all.moves[i];
    if (!pos->board[jq_move_to(m)])
      continue;
    g_assert_cmpint(n, <, captures.count);
    g_assert_cmpint(captures.moves[n], ==, m);
    n++;
    JqPieceType t = jq_piece_type(pos->board[jq_move_from(m)]);
    *slider_captures += t == JQ_CHARIOT || t == JQ_CANNON;
  }
  g_assert_cmpint(n, ==, captures.count);
}

static void captures_stage_games(JqVariant variant, int games, guint64 seed) {
  guint64 slider_captures = 0;
  jq_test_walk_random_games(variant, games, seed, check_captures_stage,
                            &slider_captures);
  g_assert_cmpuint(slider_captures, >, (guint64)games * 10);
}

static void test_captures_stage(void) {
  captures_stage_games(JQ_VARIANT_XIANGQI, 300, 7);
  captures_stage_games(JQ_VARIANT_JIEQI, 300, 8);
}

static void test_reveal_updates_pool(void) {
  JqPosition pos;
  jq_position_init_start(&pos, JQ_VARIANT_JIEQI);
  /* The hidden chariot-point piece on a0 steps to a1 and turns up a cannon. */
  jq_position_make_move(&pos, jq_test_move("a0a1"),
                        (JqReveal){JQ_CANNON, JQ_NO_TYPE});
  JqPiece p = pos.board[jq_square_parse("a1")];
  g_assert_false(jq_piece_is_hidden(p));
  g_assert_cmpint(jq_piece_type(p), ==, JQ_CANNON);
  g_assert_cmpint(pos.pool[JQ_RED][JQ_CANNON], ==, 1);
  g_assert_cmpint(pos.hidden_count[JQ_RED], ==, 14);
  assert_invariants(&pos);
  jq_position_unmake_move(&pos);
  g_assert_cmpint(pos.pool[JQ_RED][JQ_CANNON], ==, 2);
  g_assert_true(jq_piece_is_hidden(pos.board[jq_square_parse("a0")]));
}

static void test_null_move(void) {
  JqPosition pos;
  jq_position_init_start(&pos, JQ_VARIANT_XIANGQI);
  JqPosition before = pos;
  jq_position_make_null(&pos);
  g_assert_cmpint(pos.side, ==, JQ_BLACK);
  g_assert_cmpuint(pos.hash, ==, jq_position_compute_hash(&pos));
  jq_position_unmake_null(&pos);
  assert_same_state(&pos, &before);
}

/* Far longer than the undo stack: shuffling chariots must not overflow. */
static void test_long_history(void) {
  JqPosition pos;
  jq_position_init_start(&pos, JQ_VARIANT_XIANGQI);
  const char *cycle[4] = {"a0a1", "a9a8", "a1a0", "a8a9"};
  for (int i = 0; i < 3000; i++) {
    JqMove m = jq_test_move(cycle[i % 4]);
    g_assert_true(jq_position_is_legal(&pos, m));
    jq_position_make_move(&pos, m, JQ_REVEAL_NONE);
    g_assert_cmpint(pos.history_len, <=, JQ_HISTORY_MAX);
  }
  g_assert_cmpuint(pos.hash, ==, jq_position_compute_hash(&pos));
  g_assert_cmpint(pos.fullmove, ==, 1501);
  /* Recent moves can still be taken back. */
  for (int i = 0; i < 100; i++)
    jq_position_unmake_move(&pos);
  g_assert_cmpuint(pos.hash, ==, jq_position_compute_hash(&pos));
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/position/start-roles", test_start_roles);
  g_test_add_func("/position/start-positions", test_start_positions);
  g_test_add_func("/position/reveal-updates-pool", test_reveal_updates_pool);
  g_test_add_func("/position/null-move", test_null_move);
  g_test_add_func("/position/captures-stage", test_captures_stage);
  g_test_add_func("/position/long-history", test_long_history);
  g_test_add_func("/position/random-games-xiangqi", test_random_xiangqi);
  g_test_add_func("/position/random-games-jieqi", test_random_jieqi);
  g_test_add_func("/position/safe-known-xiangqi", test_safe_known_xiangqi);
  g_test_add_func("/position/safe-known-jieqi", test_safe_known_jieqi);
  g_test_add_func("/position/check-known-xiangqi", test_check_known_xiangqi);
  g_test_add_func("/position/check-known-jieqi", test_check_known_jieqi);
  g_test_add_func("/position/attackers-lines", test_attackers_lines);
  return g_test_run();
}
