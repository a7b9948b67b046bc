/* The game (arbiter), the player views and determinization. */
#include <stdlib.h>
#include <string.h>

#include "jq-determinize.h"
#include "jq-game.h"
#include "jq-movegen.h"
#include "jq-redeal.h"
#include "jq-test-util.h"

static void count_deal(const JqGame *game, JqColor c, int counts[8]) {
  memset(counts, 0, 8 * sizeof counts[0]);
  const JqPosition *truth = jq_game_truth(game);
  for (int sq = 0; sq < JQ_SQUARES; sq++)
    if (jq_piece_is_hidden(truth->board[sq]) &&
        jq_piece_color(truth->board[sq]) == c)
      counts[jq_game_hidden_identity(game, sq)]++;
}

static void test_deal_reproducible(void) {
  JqGame *a = jq_game_new(JQ_VARIANT_JIEQI, 2024);
  JqGame *b = jq_game_new(JQ_VARIANT_JIEQI, 2024);
  JqGame *c = jq_game_new(JQ_VARIANT_JIEQI, 2025);
  JqPieceType da[JQ_SQUARES], db[JQ_SQUARES], dc[JQ_SQUARES];
  jq_game_initial_deal(a, da);
  jq_game_initial_deal(b, db);
  jq_game_initial_deal(c, dc);
  g_assert_cmpmem(da, sizeof da, db, sizeof db);
  g_assert_true(memcmp(da, dc, sizeof da) != 0);
  for (int color = 0; color < 2; color++) {
    int n[8];
    count_deal(a, color, n);
    g_assert_cmpint(n[JQ_KING], ==, 0);
    g_assert_cmpint(n[JQ_ADVISOR], ==, 2);
    g_assert_cmpint(n[JQ_ELEPHANT], ==, 2);
    g_assert_cmpint(n[JQ_HORSE], ==, 2);
    g_assert_cmpint(n[JQ_CHARIOT], ==, 2);
    g_assert_cmpint(n[JQ_CANNON], ==, 2);
    g_assert_cmpint(n[JQ_PAWN], ==, 5);
  }
  /* Over many seeds every identity shows up on a given point. */
  int seen = 0;
  for (guint64 seed = 0; seed < 200; seed++) {
    JqGame *g = jq_game_new(JQ_VARIANT_JIEQI, seed);
    seen |= 1 << jq_game_hidden_identity(g, jq_square_parse("a0"));
    jq_game_free(g);
  }
  g_assert_cmpint(seen, ==, 0xFC);
  jq_game_free(a);
  jq_game_free(b);
  jq_game_free(c);
}

/* A view holds roles, never identities, and is the same whatever the deal. */
static void test_view_hides_identities(void) {
  JqPosition first = {0};
  for (guint64 seed = 1; seed <= 20; seed++) {
    JqGame *g = jq_game_new(JQ_VARIANT_JIEQI, seed);
    JqPosition view;
    jq_game_view(g, JQ_RED, &view);
    for (int sq = 0; sq < JQ_SQUARES; sq++)
      if (jq_piece_is_hidden(view.board[sq]))
        g_assert_cmpint(jq_piece_type(view.board[sq]), ==, jq_start_role(sq));
    if (seed == 1)
      first = view;
    else
      g_assert_cmpmem(&first, sizeof first, &view, sizeof view);
    jq_game_free(g);
  }
}

static JqGame *game_after_capture(JqDisclosure rule, JqPieceType *victim) {
  JqGame *g = jq_game_new(JQ_VARIANT_JIEQI, 99);
  jq_game_set_disclosure(g, rule);
  *victim = jq_game_hidden_identity(g, jq_square_parse("b9"));
  JqError err;
  /* Red's cannon-point piece jumps b7 and takes the hidden piece on b9. */
  g_assert_true(jq_game_play(g, jq_test_move("b2b9"), &err));
  return g;
}

static void test_disclosure(void) {
  JqPieceType victim;
  JqPosition red, black, pub;
  const JqDisclosure rules[3] = {JQ_DISCLOSE_CAPTOR, JQ_DISCLOSE_NOBODY,
                                 JQ_DISCLOSE_BOTH};
  for (int i = 0; i < 3; i++) {
    JqGame *g = game_after_capture(rules[i], &victim);
    jq_game_view(g, JQ_RED, &red);
    jq_game_view(g, JQ_BLACK, &black);
    jq_game_public_view(g, &pub);
    int full = victim == JQ_PAWN ? 5 : 2;
    gboolean red_knows = rules[i] != JQ_DISCLOSE_NOBODY;
    gboolean black_knows = rules[i] == JQ_DISCLOSE_BOTH;
    g_assert_cmpint(red.pool[JQ_BLACK][victim], ==, full - (red_knows ? 1 : 0));
    g_assert_cmpint(black.pool[JQ_BLACK][victim], ==,
                    full - (black_knows ? 1 : 0));
    /* An onlooker learns only what both players learn. */
    g_assert_cmpint(pub.pool[JQ_BLACK][victim], ==,
                    full - (black_knows ? 1 : 0));
    g_assert_cmpint(red.captured_unknown[JQ_BLACK], ==, red_knows ? 0 : 1);
    g_assert_cmpint(black.captured_unknown[JQ_BLACK], ==, black_knows ? 0 : 1);
    /* The truth always knows. */
    g_assert_cmpint(jq_game_truth(g)->pool[JQ_BLACK][victim], ==, full - 1);
    /* Everyone saw what the mover turned up as. */
    JqPieceType shown = jq_game_move_at(g, 0).reveal.mover;
    g_assert_cmpint(jq_piece_type(red.board[jq_square_parse("b9")]), ==, shown);
    g_assert_cmpint(jq_piece_type(black.board[jq_square_parse("b9")]), ==,
                    shown);
    jq_game_free(g);
  }
}

static void test_illegal_changes_nothing(void) {
  JqGame *g = jq_game_new(JQ_VARIANT_JIEQI, 5);
  JqPosition before = *jq_game_truth(g);
  JqError err = {{0}};
  g_assert_false(jq_game_play(g, jq_test_move("a0a5"), &err));
  g_assert_nonnull(strstr(err.message, "illegal"));
  g_assert_false(jq_game_play(g, jq_test_move("a9a8"), &err)); /* not Red's */
  g_assert_false(jq_game_play(g, JQ_MOVE_NONE, &err));
  g_assert_false(jq_game_play(g, jq_move_make(95, 3), &err));
  /* A reveal that the pools cannot allow: a king, or a revealed mover. */
  g_assert_false(jq_game_play_with_reveal(
      g, jq_test_move("a0a1"), (JqReveal){JQ_KING, JQ_NO_TYPE}, &err));
  g_assert_false(jq_game_play_with_reveal(
      g, jq_test_move("a0a1"), (JqReveal){JQ_NO_TYPE, JQ_PAWN}, &err));
  g_assert_cmpint(jq_game_move_count(g), ==, 0);
  g_assert_cmpmem(&before, sizeof before, jq_game_truth(g), sizeof before);
  jq_game_free(g);
}

static void test_reveal_from_record(void) {
  JqGame *g = jq_game_new(JQ_VARIANT_JIEQI, 5);
  JqError err;
  /* Both red chariots come out of the pool named by the record. */
  g_assert_true(jq_game_play_with_reveal(g, jq_test_move("a3a4"),
                                         (JqReveal){JQ_CHARIOT, 0}, &err));
  g_assert_true(jq_game_play(g, jq_test_move("a6a5"), &err));
  g_assert_true(jq_game_play_with_reveal(g, jq_test_move("c3c4"),
                                         (JqReveal){JQ_CHARIOT, 0}, &err));
  g_assert_true(jq_game_play(g, jq_test_move("c6c5"), &err));
  JqPosition before = *jq_game_truth(g);
  /* A third chariot is impossible. */
  g_assert_false(jq_game_play_with_reveal(g, jq_test_move("e3e4"),
                                          (JqReveal){JQ_CHARIOT, 0}, &err));
  g_assert_nonnull(strstr(err.message, "no hidden"));
  g_assert_cmpmem(&before, sizeof before, jq_game_truth(g), sizeof before);
  /* Replaying the record from the start gives the same reveals. */
  g_assert_true(jq_game_undo(g));
  g_assert_true(jq_game_play(g, jq_test_move("c6c5"), &err));
  g_assert_cmpmem(&before, sizeof before, jq_game_truth(g), sizeof before);
  g_assert_cmpint(jq_game_move_at(g, 2).reveal.mover, ==, JQ_CHARIOT);
  jq_game_free(g);
}

static void test_undo_restores(void) {
  JqGame *g = jq_game_new(JQ_VARIANT_JIEQI, 77);
  JqRng rng;
  jq_rng_seed(&rng, 3);
  JqPosition snapshots[30], views[30];
  JqError err;
  for (int i = 0; i < 30; i++) {
    snapshots[i] = *jq_game_truth(g);
    jq_game_view(g, JQ_BLACK, &views[i]);
    JqMoveList list;
    jq_game_legal_moves(g, &list);
    g_assert_cmpint(list.count, >, 0);
    g_assert_true(
        jq_game_play(g, list.moves[jq_rng_below(&rng, list.count)], &err));
  }
  for (int i = 29; i >= 0; i--) {
    g_assert_true(jq_game_undo(g));
    JqPosition view;
    jq_game_view(g, JQ_BLACK, &view);
    g_assert_cmpuint(jq_game_truth(g)->hash, ==, snapshots[i].hash);
    g_assert_cmpmem(jq_game_truth(g)->board, JQ_SQUARES, snapshots[i].board,
                    JQ_SQUARES);
    g_assert_cmpuint(view.hash, ==, views[i].hash);
  }
  g_assert_false(jq_game_undo(g));
  jq_game_free(g);
}

static void test_checkmate_ends_game(void) {
  JqError err;
  JqGame *g = jq_game_new_from_fen("3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 0 1",
                                   JQ_FEN_VARIANT_AUTO, 0, &err);
  g_assert_nonnull(g);
  g_assert_false(jq_game_is_over(g));
  g_assert_true(jq_game_play(g, jq_test_move("b0b9"), &err));
  JqResult r = jq_game_result(g);
  g_assert_cmpint(r.outcome, ==, JQ_OUTCOME_RED_WINS);
  g_assert_cmpint(r.reason, ==, JQ_REASON_CHECKMATE);
  /* No move is accepted after the end. */
  JqMoveList list;
  jq_game_legal_moves(g, &list);
  g_assert_cmpint(list.count, ==, 0);
  g_assert_false(jq_game_play(g, jq_test_move("e0e1"), &err));
  g_assert_true(jq_game_undo(g));
  g_assert_false(jq_game_is_over(g));
  g_assert_true(
      jq_game_declare_result(g, jq_result_loss(JQ_RED, JQ_REASON_RESIGNATION)));
  g_assert_cmpint(jq_game_result(g).outcome, ==, JQ_OUTCOME_BLACK_WINS);
  jq_game_free(g);
  g_assert_null(
      jq_game_new_from_fen("not a fen", JQ_FEN_VARIANT_AUTO, 0, &err));
}

/* The determinization sampler fills every hidden point from the pools. */
static void test_determinize_consistent(void) {
  JqGame *g = jq_game_new(JQ_VARIANT_JIEQI, 8);
  JqError err;
  JqRng rng;
  jq_rng_seed(&rng, 8);
  /* Red takes a hidden black piece: Black does not know what it lost. */
  g_assert_true(jq_game_play(g, jq_test_move("b2b9"), &err));
  JqPosition view;
  jq_game_view(g, JQ_BLACK, &view);
  g_assert_cmpint(view.captured_unknown[JQ_BLACK], ==, 1);
  for (int k = 0; k < 500; k++) {
    JqPieceType deal[JQ_SQUARES];
    jq_determinize(&view, &rng, deal);
    int used[2][8] = {{0}};
    for (int sq = 0; sq < JQ_SQUARES; sq++) {
      if (jq_piece_is_hidden(view.board[sq])) {
        g_assert_cmpint(deal[sq], >, JQ_KING);
        used[jq_piece_color(view.board[sq])][deal[sq]]++;
      } else {
        g_assert_cmpint(deal[sq], ==, JQ_NO_TYPE);
      }
    }
    for (int c = 0; c < 2; c++)
      for (int t = 0; t < 8; t++)
        g_assert_cmpint(used[c][t], <=, view.pool[c][t]);
  }
  jq_game_free(g);
}

static int cmp_move(const void *a, const void *b) {
  return (int)*(const JqMove *)a - (int)*(const JqMove *)b;
}

static void sorted_moves(JqMoveList *list) {
  qsort(list->moves, list->count, sizeof list->moves[0], cmp_move);
}

/* The intersection move rule, as a property: over thousands of random jieqi
 * positions, the legal moves of a player's view equal the legal moves of
 * every determinization of it, and those of the true game. */
static void test_intersection_property(void) {
  JqRng rng;
  jq_rng_seed(&rng, 1234);
  int checked = 0;
  for (int game_no = 0; game_no < 60; game_no++) {
    JqGame *g = jq_game_new(JQ_VARIANT_JIEQI, jq_rng_next(&rng));
    jq_game_set_disclosure(g, (JqDisclosure)(game_no % 3));
    for (int ply = 0; ply < 120 && !jq_game_is_over(g); ply++) {
      JqMoveList truth_moves;
      jq_game_legal_moves(g, &truth_moves);
      sorted_moves(&truth_moves);
      for (int side = 0; side < 2; side++) {
        JqPosition view;
        jq_game_view(g, side, &view);
        JqMoveList view_moves;
        jq_generate_legal(&view, JQ_GEN_ALL, &view_moves);
        sorted_moves(&view_moves);
        g_assert_cmpint(view_moves.count, ==, truth_moves.count);
        g_assert_cmpmem(view_moves.moves, view_moves.count * sizeof(JqMove),
                        truth_moves.moves, truth_moves.count * sizeof(JqMove));
        if (ply % 3 != 0)
          continue;
        for (int k = 0; k < 3; k++) {
          JqPieceType deal[JQ_SQUARES];
          jq_determinize(&view, &rng, deal);
          JqError err;
          JqGame *det = jq_game_new_from_view(&view, deal, &err);
          g_assert_nonnull(det);
          JqMoveList det_moves;
          jq_game_legal_moves(det, &det_moves);
          sorted_moves(&det_moves);
          if (!jq_game_is_over(det)) {
            g_assert_cmpint(det_moves.count, ==, view_moves.count);
            g_assert_cmpmem(det_moves.moves, det_moves.count * sizeof(JqMove),
                            view_moves.moves,
                            view_moves.count * sizeof(JqMove));
          }
          jq_game_free(det);
          checked++;
        }
      }
      JqError err;
      g_assert_true(jq_game_play(
          g, truth_moves.moves[jq_rng_below(&rng, truth_moves.count)], &err));
    }
    jq_game_free(g);
  }
  g_assert_cmpint(checked, >, 3000);
}

/* Each refusal's code and arguments, which the app words in its own
 * language. (JQ_ERROR_GAME_POOL_SHORT guards jq_game_new_from_fen against
 * a position jq_fen_parse already refuses: no input reaches it.) */
static void test_error_codes(void) {
  JqError err = {{0}};
  JqPosition start;
  jq_position_init_start(&start, JQ_VARIANT_JIEQI);
  JqPieceType deal[JQ_SQUARES] = {0};
  g_assert_null(jq_game_new_from_view(&start, deal, &err));
  jq_test_assert_error(&err,
                       &(JqTestError){.code = JQ_ERROR_GAME_DEAL_MISSING,
                                      .check = "square",
                                      .square = "a0"},
                       "deal without identities");
  for (int sq = 0; sq < JQ_SQUARES; sq++)
    deal[sq] = JQ_CHARIOT;
  g_assert_null(jq_game_new_from_view(&start, deal, &err));
  jq_test_assert_error(
      &err,
      &(JqTestError){.code = JQ_ERROR_GAME_DEAL_TOO_MANY,
                     .check = "color type",
                     .args = {.color = JQ_RED, .type = JQ_CHARIOT}},
      "deal of chariots only");

  JqGame *g = jq_game_new(JQ_VARIANT_JIEQI, 5);
  static const struct {
    const char *move;
    JqReveal reveal;
    JqErrorCode code;
  } refused[] = {
      {"a0a5", {JQ_NO_TYPE, JQ_NO_TYPE}, JQ_ERROR_GAME_ILLEGAL_MOVE},
      {"e0e1", {JQ_CHARIOT, JQ_NO_TYPE}, JQ_ERROR_GAME_MOVER_NOT_HIDDEN},
      {"a0a1", {JQ_NO_TYPE, JQ_PAWN}, JQ_ERROR_GAME_NO_HIDDEN_CAPTURE},
      {"a0a1", {JQ_KING, JQ_NO_TYPE}, JQ_ERROR_GAME_REVEAL_KING},
  };
  for (size_t i = 0; i < G_N_ELEMENTS(refused); i++) {
    g_assert_false(jq_game_play_with_reveal(g, jq_test_move(refused[i].move),
                                            refused[i].reveal, &err));
    jq_test_assert_error(&err, &(JqTestError){.code = refused[i].code},
                         refused[i].move);
  }
  g_assert_true(jq_game_play_with_reveal(g, jq_test_move("a3a4"),
                                         (JqReveal){JQ_CHARIOT, 0}, &err));
  g_assert_true(jq_game_play(g, jq_test_move("a6a5"), &err));
  g_assert_true(jq_game_play_with_reveal(g, jq_test_move("c3c4"),
                                         (JqReveal){JQ_CHARIOT, 0}, &err));
  g_assert_true(jq_game_play(g, jq_test_move("c6c5"), &err));
  g_assert_false(jq_game_play_with_reveal(g, jq_test_move("e3e4"),
                                          (JqReveal){JQ_CHARIOT, 0}, &err));
  jq_test_assert_error(
      &err,
      &(JqTestError){.code = JQ_ERROR_GAME_NO_HIDDEN_LEFT,
                     .check = "color type",
                     .args = {.color = JQ_RED, .type = JQ_CHARIOT}},
      "a third chariot");

  /* A seen point dealt another identity. */
  JqPieceType dealt[JQ_SQUARES];
  jq_game_initial_deal(g, dealt);
  bool seen[JQ_SQUARES] = {false};
  int a3 = jq_square_parse("a3");
  seen[a3] = true;
  dealt[a3] = JQ_PAWN;
  g_assert_null(jq_redeal(g, dealt, seen, &err));
  jq_test_assert_error(&err,
                       &(JqTestError){.code = JQ_ERROR_GAME_DEAL_DISAGREES,
                                      .check = "square",
                                      .square = "a3"},
                       "redeal against a seen piece");
  jq_game_free(g);

  /* A pinned chariot, then the end of the game. */
  g = jq_game_new_from_fen("4k4/4r4/9/9/9/9/9/9/4R4/4K4 w - - 0 1",
                           JQ_FEN_VARIANT_AUTO, 1, &err);
  g_assert_nonnull(g);
  g_assert_false(jq_game_play(g, jq_test_move("e1d1"), &err));
  jq_test_assert_error(&err, &(JqTestError){.code = JQ_ERROR_GAME_LEAVES_CHECK},
                       "pinned chariot");
  jq_game_free(g);
  g = jq_game_new_from_fen("4k4/9/4N4/9/9/C8/9/9/p8/3K5 w - - 0 1",
                           JQ_FEN_VARIANT_AUTO, 1, &err);
  g_assert_nonnull(g);
  g_assert_true(jq_game_play(g, jq_test_move("a4e4"), &err));
  g_assert_true(jq_game_is_over(g));
  g_assert_false(jq_game_play(g, jq_test_move("e9d9"), &err));
  jq_test_assert_error(&err, &(JqTestError){.code = JQ_ERROR_GAME_OVER},
                       "after mate");
  jq_game_free(g);
}

/* Comments ride with the record: set, read, refused when PGN could not
 * hold them (and then nothing changes), dropped with an undone move,
 * copied with the game and kept by a redeal. */
static void test_comments(void) {
  JqGame *g = jq_game_new(JQ_VARIANT_JIEQI, 9);
  JqError err = {{0}};
  g_assert_null(jq_game_comment(g, 0));
  g_assert_true(jq_game_set_comment(g, 0, "对局 notes", &err));
  g_assert_cmpstr(jq_game_comment(g, 0), ==, "对局 notes");
  /* No move 1 yet. */
  g_assert_false(jq_game_set_comment(g, 1, "early", &err));
  jq_test_assert_error(&err,
                       &(JqTestError){.code = JQ_ERROR_GAME_COMMENT_PLY,
                                      .check = "n0 n1",
                                      .args = {.n = {1, 0}}},
                       "comment past the moves");
  g_assert_false(jq_game_set_comment(g, -1, "before", &err));
  g_assert_true(jq_game_play(g, jq_test_move("a3a4"), &err));
  g_assert_true(jq_game_play(g, jq_test_move("a6a5"), &err));
  g_assert_true(jq_game_set_comment(g, 1, "line one\nline two", &err));
  g_assert_true(jq_game_set_comment(g, 2, "+0.35/12", &err));

  /* Refusals: each says why and leaves the comment as it was. */
  g_assert_false(jq_game_set_comment(g, 2, "a } b", &err));
  jq_test_assert_error(&err,
                       &(JqTestError){.code = JQ_ERROR_GAME_COMMENT_BRACE},
                       "comment with a closing brace");
  g_assert_false(jq_game_set_comment(g, 2, "bad \xC3( utf-8", &err));
  jq_test_assert_error(&err,
                       &(JqTestError){.code = JQ_ERROR_GAME_COMMENT_NOT_UTF8},
                       "comment not UTF-8");
  char *longest = malloc(JQ_COMMENT_MAX + 2);
  memset(longest, 'x', JQ_COMMENT_MAX + 1);
  longest[JQ_COMMENT_MAX + 1] = '\0';
  g_assert_false(jq_game_set_comment(g, 2, longest, &err));
  jq_test_assert_error(&err,
                       &(JqTestError){.code = JQ_ERROR_GAME_COMMENT_LONG,
                                      .check = "n0",
                                      .args = {.n = {JQ_COMMENT_MAX}}},
                       "comment too long");
  g_assert_cmpstr(jq_game_comment(g, 2), ==, "+0.35/12");
  longest[JQ_COMMENT_MAX] = '\0';
  g_assert_true(jq_game_set_comment(g, 2, longest, &err));
  g_assert_cmpuint(strlen(jq_game_comment(g, 2)), ==, JQ_COMMENT_MAX);
  free(longest);
  g_assert_true(jq_game_set_comment(g, 2, "+0.35/12", &err));

  /* A copy has its own; a redeal keeps them. */
  JqGame *copy = jq_game_copy(g);
  g_assert_true(jq_game_set_comment(copy, 1, "copy's", &err));
  g_assert_cmpstr(jq_game_comment(g, 1), ==, "line one\nline two");
  g_assert_cmpstr(jq_game_comment(copy, 2), ==, "+0.35/12");
  g_assert_cmpstr(jq_game_comment(copy, 0), ==, "对局 notes");
  jq_game_free(copy);
  JqPieceType deal[JQ_SQUARES];
  jq_game_initial_deal(g, deal);
  bool seen[JQ_SQUARES] = {false};
  JqGame *redealt = jq_redeal(g, deal, seen, &err);
  g_assert_nonnull(redealt);
  g_assert_cmpstr(jq_game_comment(redealt, 0), ==, "对局 notes");
  g_assert_cmpstr(jq_game_comment(redealt, 1), ==, "line one\nline two");
  g_assert_cmpstr(jq_game_comment(redealt, 2), ==, "+0.35/12");
  jq_game_free(redealt);

  /* Undo takes the move's comment with it; "" or NULL removes one. */
  g_assert_true(jq_game_undo(g));
  g_assert_null(jq_game_comment(g, 2));
  g_assert_true(jq_game_play(g, jq_test_move("c6c5"), &err));
  g_assert_null(jq_game_comment(g, 2));
  g_assert_cmpstr(jq_game_comment(g, 1), ==, "line one\nline two");
  g_assert_true(jq_game_set_comment(g, 1, "", &err));
  g_assert_null(jq_game_comment(g, 1));
  g_assert_true(jq_game_set_comment(g, 0, NULL, &err));
  g_assert_null(jq_game_comment(g, 0));
  jq_game_free(g);
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/game/deal-reproducible", test_deal_reproducible);
  g_test_add_func("/game/view-hides-identities", test_view_hides_identities);
  g_test_add_func("/game/disclosure", test_disclosure);
  g_test_add_func("/game/illegal-changes-nothing",
                  test_illegal_changes_nothing);
  g_test_add_func("/game/reveal-from-record", test_reveal_from_record);
  g_test_add_func("/game/error-codes", test_error_codes);
  g_test_add_func("/game/undo-restores", test_undo_restores);
  g_test_add_func("/game/comments", test_comments);
  g_test_add_func("/game/checkmate", test_checkmate_ends_game);
  g_test_add_func("/game/determinize-consistent", test_determinize_consistent);
  g_test_add_func("/game/intersection-property", test_intersection_property);
  return g_test_run();
}
