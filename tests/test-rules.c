/* One test per rule of rules.md sections 2 and 3, and a cross-check of the
 * move generator against a slow reference written straight from the rules. */
#include <stdlib.h>
#include <string.h>

#include "jq-game.h"
#include "jq-movegen.h"
#include "jq-rng.h"
#include "jq-test-util.h"

static void parse_variant(JqPosition *pos, const char *fen, JqVariant v) {
  JqError err = {{0}};
  if (!jq_fen_parse(fen, (JqFenVariant)v, pos, &err))
    g_error("bad test FEN '%s': %s", fen, err.message);
}

static gint compare_names(gconstpointer a, gconstpointer b) {
  return g_strcmp0(*(char *const *)a, *(char *const *)b);
}

/* The legal destinations of the piece on `from`, as a sorted string. */
static char *destinations(const JqPosition *pos, const char *from) {
  int sq = jq_square_parse(from);
  JqMoveList list;
  jq_generate_legal(pos, JQ_GEN_ALL, &list);
  GPtrArray *names = g_ptr_array_new_with_free_func(g_free);
  for (int i = 0; i < list.count; i++) {
    if (jq_move_from(list.moves[i]) != sq)
      continue;
    char name[3];
    jq_square_name(jq_move_to(list.moves[i]), name);
    g_ptr_array_add(names, g_strdup(name));
  }
  g_ptr_array_sort(names, compare_names);
  g_ptr_array_add(names, NULL);
  char *joined = g_strjoinv(" ", (char **)names->pdata);
  g_ptr_array_free(names, TRUE);
  return joined;
}

#define assert_dests(pos, from, expected)            \
  do {                                               \
    g_autofree char *got_ = destinations(pos, from); \
    g_assert_cmpstr(got_, ==, expected);             \
  } while (0)

static void test_king_palace(void) {
  JqPosition pos;
  /* d1 would face the black king on the open d-file. */
  jq_test_position_from_fen(&pos, "3k5/9/9/9/9/9/9/9/4K4/9 w - - 0 1");
  assert_dests(&pos, "e1", "e0 e2 f1");
  /* From the palace corner: never out of the palace. */
  jq_test_position_from_fen(&pos, "5k3/9/9/9/9/9/9/3K5/9/9 w - - 0 1");
  assert_dests(&pos, "d2", "d1 e2");
}

static void test_advisor_palace(void) {
  JqPosition pos;
  jq_test_position_from_fen(&pos, "4k4/9/9/9/9/9/9/9/4A4/3K5 w - - 0 1");
  assert_dests(&pos, "e1", "d2 f0 f2");
  jq_test_position_from_fen(&pos, "3k5/9/9/9/9/9/9/3A5/9/4K4 w - - 0 1");
  assert_dests(&pos, "d2", "e1");
}

static void test_elephant_eye_and_river(void) {
  JqPosition pos;
  jq_test_position_from_fen(&pos, "3k5/9/9/9/9/2B6/9/9/9/4K4 w - - 0 1");
  /* c4: may not cross to a6 / e6. */
  assert_dests(&pos, "c4", "a2 e2");
  jq_test_position_from_fen(&pos, "3k5/9/9/9/9/9/9/9/3N5/2B1K4 w - - 0 1");
  /* The eye d1 is blocked: only a2. */
  assert_dests(&pos, "c0", "a2");
}

static void test_horse_leg(void) {
  JqPosition pos;
  jq_test_position_from_fen(&pos, "3k5/9/9/9/9/4N4/4P4/9/9/4K4 w - - 0 1");
  /* e4: the leg e3 is blocked, so neither d2 nor f2. */
  assert_dests(&pos, "e4", "c3 c5 d6 f6 g3 g5");
}

static void test_chariot(void) {
  JqPosition pos;
  jq_test_position_from_fen(&pos, "4k4/9/9/9/9/1p7/9/9/9/RN1K5 w - - 0 1");
  assert_dests(&pos, "a0", "a1 a2 a3 a4 a5 a6 a7 a8 a9");
  jq_test_position_from_fen(&pos, "4k4/9/9/9/9/9/9/9/p8/R2K5 w - - 0 1");
  assert_dests(&pos, "a0", "a1 b0 c0");
}

static void test_cannon_screen(void) {
  JqPosition pos;
  /* One screen (b5) then the enemy on b8: a capture; nothing on a-file. */
  jq_test_position_from_fen(&pos, "4k4/1r7/9/9/1P7/9/9/9/9/1C1K5 w - - 0 1");
  assert_dests(&pos, "b0", "a0 b1 b2 b3 b4 b8 c0");
  /* Two screens: no capture beyond. */
  jq_test_position_from_fen(&pos, "4k4/1r7/1P7/9/1P7/9/9/9/9/1C1K5 w - - 0 1");
  assert_dests(&pos, "b0", "a0 b1 b2 b3 b4 c0");
  /* No capture without a screen. */
  jq_test_position_from_fen(&pos, "4k4/9/9/9/9/9/9/9/1r7/1C1K5 w - - 0 1");
  assert_dests(&pos, "b0", "a0 c0");
}

static void test_pawn(void) {
  JqPosition pos;
  jq_test_position_from_fen(&pos, "4k4/9/9/9/9/9/2P6/9/9/3K5 w - - 0 1");
  assert_dests(&pos, "c3", "c4");
  jq_test_position_from_fen(&pos, "4k4/9/9/9/2P6/9/9/9/9/3K5 w - - 0 1");
  /* Across the river: sideways too, never back. */
  assert_dests(&pos, "c5", "b5 c6 d5");
  jq_test_position_from_fen(&pos, "2P1k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1");
  /* Last rank: only sideways. */
  assert_dests(&pos, "c9", "b9 d9");
  jq_test_position_from_fen(&pos, "4k4/9/9/9/9/2p6/9/9/9/3K5 b - - 0 1");
  assert_dests(&pos, "c4", "b4 c3 d4");
}

static void test_flying_general(void) {
  JqPosition pos;
  /* The red horse on e4 is the only thing between the kings: pinned. */
  jq_test_position_from_fen(&pos, "4k4/9/9/9/9/4N4/9/9/9/4K4 w - - 0 1");
  assert_dests(&pos, "e4", "");
  /* The king may not step onto the open file facing the other king. */
  jq_test_position_from_fen(&pos, "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
  assert_dests(&pos, "e0", "e1 f0");
  g_assert_false(jq_position_in_check(&pos));
  jq_position_make_move(&pos, jq_test_move("e0e1"), JQ_REVEAL_NONE);
  g_assert_true(jq_position_is_legal(&pos, jq_test_move("d9e9")) == FALSE);
}

static void test_check_must_be_met(void) {
  JqPosition pos;
  jq_test_position_from_fen(&pos, "4k4/9/9/9/9/9/9/9/4r4/3K5 w - - 0 1");
  g_assert_false(jq_position_in_check(&pos));
  jq_test_position_from_fen(&pos, "4k4/9/9/9/9/9/9/9/3r5/3K5 w - - 0 1");
  g_assert_true(jq_position_in_check(&pos));
  /* e0 would face the black king: the king must take the chariot. */
  assert_dests(&pos, "d0", "d1");
  /* Adding a screen can be illegal: the red horse may not step between
   * its king and the black cannon. */
  jq_test_position_from_fen(&pos, "4k4/9/9/9/4c4/9/9/2N6/9/4K4 w - - 0 1");
  g_assert_false(jq_position_in_check(&pos));
  assert_dests(&pos, "c2", "a1 a3 b0 b4 d0 d4");
}

static void test_no_move_is_loss(void) {
  JqPosition pos;
  /* Checkmate: two chariots. */
  jq_test_position_from_fen(&pos, "R2k5/1R7/9/9/9/9/9/9/9/4K4 b - - 0 1");
  g_assert_true(jq_position_in_check(&pos));
  g_assert_cmpint(jq_count_legal(&pos), ==, 0);
  g_assert_false(jq_position_has_legal_move(&pos));
  /* Stalemate: not in check, no move. */
  jq_test_position_from_fen(&pos, "3k5/R8/9/9/9/9/9/9/9/4K4 b - - 0 1");
  g_assert_false(jq_position_in_check(&pos));
  g_assert_cmpint(jq_count_legal(&pos), ==, 0);
  g_assert_false(jq_position_has_legal_move(&pos));
}

static void test_jieqi_roles(void) {
  JqPosition pos;
  jq_position_init_start(&pos, JQ_VARIANT_JIEQI);
  assert_dests(&pos, "b0", "a2 c2"); /* horse point, legs free */
  assert_dests(&pos, "c0", "a2 e2"); /* elephant point */
  assert_dests(&pos, "a3", "a4");    /* pawn point */
  assert_dests(&pos, "a0", "a1 a2"); /* chariot point */
  assert_dests(&pos, "b2", "a2 b1 b3 b4 b5 b6 b9 c2 d2 e2 f2 g2"); /* cannon */
  /* The horse point's leg rule holds for a hidden piece too: with b1 and
   * c0 taken, the hidden piece on b0 cannot move. */
  parse_variant(&pos,
                "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/"
                "1R7/1XXXKXXXX w A2B2N2R1C2P5a2b2n2r2c2p5 - 0 1",
                JQ_VARIANT_JIEQI);
  assert_dests(&pos, "b0", "");
}

static void test_hidden_advisor(void) {
  JqPosition pos;
  jq_position_init_start(&pos, JQ_VARIANT_JIEQI);
  /* Only to the palace centre. */
  assert_dests(&pos, "d0", "e1");
  assert_dests(&pos, "f0", "e1");
}

static void test_revealed_freedom(void) {
  JqPosition pos;
  /* Revealed jieqi advisor outside the palace moves one step diagonally. */
  parse_variant(&pos, "3k5/9/9/9/A8/9/9/9/9/4K4 w - - 0 1", JQ_VARIANT_JIEQI);
  assert_dests(&pos, "a5", "b4 b6");
  /* Revealed jieqi elephant crosses the river; the eye rule holds. */
  parse_variant(&pos, "3k5/9/9/9/1p7/2B6/9/9/9/4K4 w - - 0 1",
                JQ_VARIANT_JIEQI);
  assert_dests(&pos, "c4", "a2 e2 e6");
  /* The same positions in xiangqi would be refused by the FEN reader, but a
   * xiangqi elephant on c4 may not cross. */
  jq_test_position_from_fen(&pos, "3k5/9/9/9/9/2B6/9/9/9/4K4 w - - 0 1");
  assert_dests(&pos, "c4", "a2 e2");
}

static void test_back_rank_pawn(void) {
  JqPosition pos;
  /* A red pawn revealed on its own back rank walks forward only. */
  parse_variant(&pos, "3k5/9/9/9/9/9/9/9/9/P3K4 w - - 0 1", JQ_VARIANT_JIEQI);
  assert_dests(&pos, "a0", "a1");
  parse_variant(&pos, "3k4p/9/9/9/9/9/9/9/9/4K4 b - - 0 1", JQ_VARIANT_JIEQI);
  assert_dests(&pos, "i9", "i8");
}

static void test_hidden_capture_and_reveal(void) {
  JqPosition pos;
  jq_position_init_start(&pos, JQ_VARIANT_JIEQI);
  /* The hidden cannon-point piece captures by the cannon's rule over b3? b
   * file: b2 -> b9 jumps the hidden b7 screen. */
  g_assert_true(jq_test_has_legal_move(&pos, "b2b9"));
  jq_position_make_move(&pos, jq_test_move("b2b9"),
                        (JqReveal){JQ_PAWN, JQ_HORSE});
  JqPiece p = pos.board[jq_square_parse("b9")];
  g_assert_cmpint(jq_piece_type(p), ==, JQ_PAWN);
  g_assert_false(jq_piece_is_hidden(p));
  /* Black's hidden horse was taken: the captor's view drops it. */
  g_assert_cmpint(pos.pool[JQ_BLACK][JQ_HORSE], ==, 1);
  g_assert_cmpint(pos.capture_count, ==, 1);
  g_assert_cmpint(pos.captures[0].identity, ==, JQ_HORSE);
  /* The red pawn on b9 is across the river: it steps sideways. */
  jq_position_make_null(&pos);
  assert_dests(&pos, "b9", "a9 c9");
}

/* ---- the slow reference generator, straight from the rules ---- */

static gboolean ref_between_empty(const JqPiece *b, int s, int t, int *count) {
  int sf = jq_square_file(s), sr = jq_square_rank(s);
  int tf = jq_square_file(t), tr = jq_square_rank(t);
  int df = (tf > sf) - (tf < sf), dr = (tr > sr) - (tr < sr);
  int n = 0;
  for (int f = sf + df, r = sr + dr; f != tf || r != tr; f += df, r += dr)
    n += b[jq_square_make(f, r)] != JQ_EMPTY;
  *count = n;
  return n == 0;
}

/* Could the piece on s move to t by its movement rule (ignoring check)? */
static gboolean ref_can_reach(const JqPiece *b, int variant, int s, int t) {
  JqPiece p = b[s];
  if (s == t || !p)
    return FALSE;
  if (b[t] && jq_piece_color(b[t]) == jq_piece_color(p))
    return FALSE;
  JqColor c = jq_piece_color(p);
  gboolean free_mover = variant == JQ_VARIANT_JIEQI && !jq_piece_is_hidden(p);
  int df = jq_square_file(t) - jq_square_file(s);
  int dr = jq_square_rank(t) - jq_square_rank(s);
  int adf = abs(df), adr = abs(dr), between;
  switch (jq_piece_type(p)) {
  case JQ_KING: return adf + adr == 1 && jq_square_in_palace(t, c);
  case JQ_ADVISOR:
    return adf == 1 && adr == 1 && (free_mover || jq_square_in_palace(t, c));
  case JQ_ELEPHANT:
    return adf == 2 && adr == 2 &&
           !b[jq_square_make(jq_square_file(s) + df / 2,
                             jq_square_rank(s) + dr / 2)] &&
           (free_mover || !jq_square_across_river(t, c));
  case JQ_HORSE:
    if (!((adf == 1 && adr == 2) || (adf == 2 && adr == 1)))
      return FALSE;
    if (adf == 2)
      return !b[jq_square_make(jq_square_file(s) + df / 2, jq_square_rank(s))];
    return !b[jq_square_make(jq_square_file(s), jq_square_rank(s) + dr / 2)];
  case JQ_CHARIOT:
    return (df == 0 || dr == 0) && ref_between_empty(b, s, t, &between);
  case JQ_CANNON:
    if (df != 0 && dr != 0)
      return FALSE;
    ref_between_empty(b, s, t, &between);
    return b[t] ? between == 1 : between == 0;
  case JQ_PAWN: {
    int fwd = c == JQ_RED ? 1 : -1;
    if (df == 0 && dr == fwd)
      return TRUE;
    return dr == 0 && adf == 1 && jq_square_across_river(s, c);
  }
  default: return FALSE;
  }
}

static gboolean ref_king_exposed(const JqPiece *b, int variant, JqColor c) {
  int king = -1, other = -1;
  for (int sq = 0; sq < JQ_SQUARES; sq++) {
    if (jq_piece_type(b[sq]) == JQ_KING && !jq_piece_is_hidden(b[sq])) {
      if (jq_piece_color(b[sq]) == c)
        king = sq;
      else
        other = sq;
    }
  }
  if (king < 0)
    return FALSE;
  for (int sq = 0; sq < JQ_SQUARES; sq++)
    if (b[sq] && jq_piece_color(b[sq]) != c &&
        ref_can_reach(b, variant, sq, king))
      return TRUE;
  int between;
  return other >= 0 && jq_square_file(other) == jq_square_file(king) &&
         ref_between_empty(b, king, other, &between);
}

static int ref_legal(const JqPosition *pos, JqMove *out) {
  int n = 0;
  for (int s = 0; s < JQ_SQUARES; s++) {
    if (!pos->board[s] || jq_piece_color(pos->board[s]) != pos->side)
      continue;
    for (int t = 0; t < JQ_SQUARES; t++) {
      if (!ref_can_reach(pos->board, pos->variant, s, t))
        continue;
      JqPiece b[JQ_SQUARES];
      memcpy(b, pos->board, sizeof b);
      b[t] = b[s];
      b[s] = JQ_EMPTY;
      if (!ref_king_exposed(b, pos->variant, (JqColor)pos->side))
        out[n++] = jq_move_make(s, t);
    }
  }
  return n;
}

static int cmp_move(const void *a, const void *b) {
  return (int)*(const JqMove *)a - (int)*(const JqMove *)b;
}

static void compare_with_reference(const JqPosition *pos,
                                   const JqPieceType *deal) {
  JqMove ref[400];
  int n = ref_legal(pos, ref);
  JqMoveList list;
  jq_generate_legal(pos, JQ_GEN_ALL, &list);
  g_assert_cmpint(list.count, ==, n);
  qsort(ref, n, sizeof ref[0], cmp_move);
  qsort(list.moves, list.count, sizeof list.moves[0], cmp_move);
  g_assert_cmpmem(ref, n * sizeof ref[0], list.moves, n * sizeof ref[0]);
  /* Captures and quiets split the same set. */
  JqMoveList caps, quiets;
  jq_generate_legal(pos, JQ_GEN_CAPTURES, &caps);
  jq_generate_legal(pos, JQ_GEN_QUIETS, &quiets);
  g_assert_cmpint(caps.count + quiets.count, ==, n);
  for (int i = 0; i < caps.count; i++)
    g_assert_true(jq_position_is_capture(pos, caps.moves[i]));
  /* is_legal agrees on every from/to pair, and gives_check matches the
   * reference applied to the move with its identity. */
  for (int s = 0; s < JQ_SQUARES; s++) {
    for (int t = 0; t < JQ_SQUARES; t++) {
      JqMove m = jq_move_make(s, t);
      gboolean in_ref = bsearch(&m, ref, n, sizeof ref[0], cmp_move) != NULL;
      g_assert_cmpint(jq_position_is_legal(pos, m), ==, in_ref);
      if (!in_ref)
        continue;
      JqPiece b[JQ_SQUARES];
      memcpy(b, pos->board, sizeof b);
      JqPieceType id = jq_piece_is_hidden(b[s]) ? deal[s] : JQ_NO_TYPE;
      b[t] = id ? jq_piece_make((JqColor)pos->side, id) : b[s];
      b[s] = JQ_EMPTY;
      g_assert_cmpint(jq_position_gives_check(pos, m, id), ==,
                      ref_king_exposed(b, pos->variant,
                                       jq_color_other((JqColor)pos->side)));
    }
  }
}

static void reference_games(JqVariant variant, int games, guint64 seed) {
  JqRng rng;
  jq_rng_seed(&rng, seed);
  int positions = 0;
  for (int g = 0; g < games; g++) {
    JqGame *game = jq_game_new(variant, jq_rng_next(&rng));
    JqPieceType deal[JQ_SQUARES];
    jq_game_initial_deal(game, deal);
    JqPosition pos = *jq_game_truth(game);
    for (int ply = 0; ply < 200; ply++) {
      compare_with_reference(&pos, deal);
      positions++;
      JqMoveList list;
      jq_generate_legal(&pos, JQ_GEN_ALL, &list);
      if (!list.count)
        break;
      /* Prefer captures half the time so games reach sparse endings. */
      JqMoveList caps;
      jq_generate_legal(&pos, JQ_GEN_CAPTURES, &caps);
      JqMove m = (caps.count && jq_rng_below(&rng, 2))
                     ? caps.moves[jq_rng_below(&rng, caps.count)]
                     : list.moves[jq_rng_below(&rng, list.count)];
      int from = jq_move_from(m), to = jq_move_to(m);
      JqReveal r = {jq_piece_is_hidden(pos.board[from]) ? deal[from] : 0,
                    jq_piece_is_hidden(pos.board[to]) ? deal[to] : 0};
      jq_position_make_move(&pos, m, r);
      deal[from] = JQ_NO_TYPE;
    }
    jq_game_free(game);
  }
  g_assert_cmpint(positions, >, games * 30);
}

static void test_reference_xiangqi(void) {
  reference_games(JQ_VARIANT_XIANGQI, 150, 11);
}

static void test_reference_jieqi(void) {
  reference_games(JQ_VARIANT_JIEQI, 150, 12);
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/rules/king-palace", test_king_palace);
  g_test_add_func("/rules/advisor-palace", test_advisor_palace);
  g_test_add_func("/rules/elephant-eye-river", test_elephant_eye_and_river);
  g_test_add_func("/rules/horse-leg", test_horse_leg);
  g_test_add_func("/rules/chariot", test_chariot);
  g_test_add_func("/rules/cannon-screen", test_cannon_screen);
  g_test_add_func("/rules/pawn", test_pawn);
  g_test_add_func("/rules/flying-general", test_flying_general);
  g_test_add_func("/rules/check", test_check_must_be_met);
  g_test_add_func("/rules/no-move", test_no_move_is_loss);
  g_test_add_func("/rules/jieqi-roles", test_jieqi_roles);
  g_test_add_func("/rules/hidden-advisor", test_hidden_advisor);
  g_test_add_func("/rules/revealed-freedom", test_revealed_freedom);
  g_test_add_func("/rules/back-rank-pawn", test_back_rank_pawn);
  g_test_add_func("/rules/hidden-capture-reveal",
                  test_hidden_capture_and_reveal);
  g_test_add_func("/rules/reference-xiangqi", test_reference_xiangqi);
  g_test_add_func("/rules/reference-jieqi", test_reference_jieqi);
  return g_test_run();
}
