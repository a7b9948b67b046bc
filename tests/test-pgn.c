/* PGN: tags, move text, every jieqi reveal and the deal, and reading back. */
#include <stdlib.h>
#include <string.h>

#include "jq-game.h"
#include "jq-movegen.h"
#include "jq-pgn.h"
#include "jq-rng.h"
#include "jq-test-util.h"

static void play(JqGame *game, const char *coords) {
  JqError err;
  if (!jq_game_play(game, jq_test_move(coords), &err))
    g_error("%s: %s", coords, err.message);
}

static void assert_tag(const char *pgn, const char *name, const char *want) {
  char value[256];
  if (!jq_pgn_tag(pgn, name, value, sizeof value))
    g_error("no tag %s in:\n%s", name, pgn);
  g_assert_cmpstr(value, ==, want);
}

/* The move text: what follows the first blank line. */
static const char *movetext(const char *pgn) {
  const char *p = strstr(pgn, "\n\n");
  g_assert_nonnull(p);
  return p + 2;
}

static void test_xiangqi_tags_and_moves(void) {
  JqGame *game = jq_game_new(JQ_VARIANT_XIANGQI, 1);
  play(game, "h2e2");
  play(game, "h9g7");
  play(game, "h0g2");
  JqPgnInfo info;
  jq_pgn_info_init(&info);
  info.event = "Test \"match\"";
  info.site = "here";
  info.date = "2025.01.02";
  info.round = "3";
  info.red = "Alice";
  info.black = "Bob\\B";
  char *pgn = jq_pgn_write(game, &info);
  g_assert_nonnull(pgn);
  assert_tag(pgn, "Event", "Test \"match\"");
  g_assert_nonnull(strstr(pgn, "[Event \"Test \\\"match\\\"\"]\n"));
  assert_tag(pgn, "Site", "here");
  assert_tag(pgn, "Date", "2025.01.02");
  assert_tag(pgn, "Round", "3");
  assert_tag(pgn, "Red", "Alice");
  assert_tag(pgn, "Black", "Bob\\B");
  assert_tag(pgn, "Result", "*");
  assert_tag(pgn, "Variant", "xiangqi");
  assert_tag(pgn, "PlyCount", "3");
  assert_tag(pgn, "Termination", "unterminated");
  char value[128];
  g_assert_false(jq_pgn_tag(pgn, "FEN", value, sizeof value));
  g_assert_false(jq_pgn_tag(pgn, "JieqiDeal", value, sizeof value));
  g_assert_false(jq_pgn_tag(pgn, "ResultReason", value, sizeof value));
  /* The roster comes first, in its order. */
  g_assert_true(g_str_has_prefix(pgn, "[Event "));
  g_assert_true(strstr(pgn, "[Site ") < strstr(pgn, "[Date ") &&
                strstr(pgn, "[Date ") < strstr(pgn, "[Round ") &&
                strstr(pgn, "[Round ") < strstr(pgn, "[Red ") &&
                strstr(pgn, "[Red ") < strstr(pgn, "[Black ") &&
                strstr(pgn, "[Black ") < strstr(pgn, "[Result "));
  g_assert_cmpstr(movetext(pgn), ==, "1. h2e2 h9g7 2. h0g2 *\n\n");
  /* Too small a buffer is refused, not truncated. */
  g_assert_false(jq_pgn_tag(pgn, "Event", value, 5));
  free(pgn);

  /* Without info every roster tag is PGN's unknown. */
  pgn = jq_pgn_write(game, NULL);
  assert_tag(pgn, "Event", "?");
  assert_tag(pgn, "Date", "????.??.??");
  assert_tag(pgn, "Red", "?");
  free(pgn);
  jq_game_free(game);
}

static void test_checkmate_from_fen(void) {
  JqError err;
  const char *fen = "3k5/8R/9/9/9/9/9/9/9/R3K4 w - - 0 1";
  JqGame *game = jq_game_new_from_fen(fen, JQ_FEN_VARIANT_XIANGQI, 0, &err);
  g_assert_nonnull(game);
  play(game, "a0a9");
  g_assert_cmpint(jq_game_result(game).reason, ==, JQ_REASON_CHECKMATE);
  char *pgn = jq_pgn_write(game, NULL);
  assert_tag(pgn, "Result", "1-0");
  assert_tag(pgn, "SetUp", "1");
  assert_tag(pgn, "FEN", jq_game_initial_fen(game));
  assert_tag(pgn, "Termination", "normal");
  assert_tag(pgn, "ResultReason", "checkmate");
  g_assert_cmpstr(movetext(pgn), ==, "1. a0a9 1-0\n\n");

  JqGame *back = jq_pgn_read(pgn, NULL, &err);
  g_assert_nonnull(back);
  g_assert_cmpint(jq_game_move_count(back), ==, 1);
  g_assert_cmpint(jq_game_result(back).reason, ==, JQ_REASON_CHECKMATE);
  g_assert_cmpint(jq_game_result(back).outcome, ==, JQ_OUTCOME_RED_WINS);
  jq_game_free(back);
  free(pgn);
  jq_game_free(game);

  /* Black to move first: "1... ", and numbering goes on from the FEN. */
  game = jq_game_new_from_fen(
      "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 7",
      JQ_FEN_VARIANT_XIANGQI, 0, &err);
  g_assert_nonnull(game);
  play(game, "h7e7");
  play(game, "h2e2");
  pgn = jq_pgn_write(game, NULL);
  g_assert_cmpstr(movetext(pgn), ==, "7... h7e7 8. h2e2 *\n\n");
  free(pgn);
  jq_game_free(game);
}

/* A result the moves do not reach: written from the game's result, and
 * declared again when read. */
static void test_declared_result(void) {
  JqGame *game = jq_game_new(JQ_VARIANT_XIANGQI, 1);
  play(game, "h2e2");
  g_assert_true(
      jq_game_declare_result(game, jq_result_loss(JQ_BLACK, JQ_REASON_TIME)));
  char *pgn = jq_pgn_write(game, NULL);
  assert_tag(pgn, "Result", "1-0");
  assert_tag(pgn, "Termination", "time forfeit");
  assert_tag(pgn, "ResultReason", "Black lost on time");
  JqError err;
  JqGame *back = jq_pgn_read(pgn, NULL, &err);
  g_assert_nonnull(back);
  JqResult r = jq_game_result(back);
  g_assert_cmpint(r.outcome, ==, JQ_OUTCOME_RED_WINS);
  g_assert_cmpint(r.reason, ==, JQ_REASON_TIME);
  g_assert_cmpint(r.culprit, ==, JQ_BLACK);
  jq_game_free(back);
  free(pgn);

  /* The caller's words replace the derived ones. */
  JqPgnInfo info;
  jq_pgn_info_init(&info);
  info.termination = "adjudication";
  info.reason = "maximum length";
  info.comment = "stopped {early}";
  pgn = jq_pgn_write(game, &info);
  assert_tag(pgn, "Termination", "adjudication");
  assert_tag(pgn, "ResultReason", "maximum length");
  g_assert_cmpstr(movetext(pgn), ==, "1. h2e2 {stopped {early)} 1-0\n\n");
  /* An unknown reason reads back as the generic one for the outcome. */
  back = jq_pgn_read(pgn, NULL, &err);
  g_assert_nonnull(back);
  g_assert_cmpint(jq_game_result(back).reason, ==, JQ_REASON_RESIGNATION);
  g_assert_cmpint(jq_game_result(back).culprit, ==, JQ_BLACK);
  jq_game_free(back);
  free(pgn);
  jq_game_free(game);
}

/* Plays `plies` random legal moves (fewer if the game ends). */
static void random_plies(JqGame *game, JqRng *rng, int plies) {
  for (int i = 0; i < plies && !jq_game_is_over(game); i++) {
    JqMoveList list;
    jq_game_legal_moves(game, &list);
    g_assert_cmpint(list.count, >, 0);
    JqError err;
    g_assert_true(jq_game_play(
        game, list.moves[jq_rng_below(rng, (uint32_t)list.count)], &err));
  }
}

static void test_jieqi_reveals_and_deal(void) {
  for (guint64 seed = 1; seed <= 6; seed++) {
    JqGame *game = jq_game_new(JQ_VARIANT_JIEQI, seed);
    JqRng rng;
    jq_rng_seed(&rng, seed * 77);
    random_plies(game, &rng, 120);
    /* Finished or not: this is about the deal and every letter. */
    JqPgnInfo full;
    jq_pgn_info_init(&full);
    full.full_deal = true;
    char *pgn = jq_pgn_write(game, &full);
    g_assert_nonnull(pgn);
    assert_tag(pgn, "Variant", "jieqi");
    char value[128];
    g_assert_false(jq_pgn_tag(pgn, "FEN", value, sizeof value));

    /* The deal, one letter per hidden starting point in square order. */
    JqPieceType deal[JQ_SQUARES];
    jq_game_initial_deal(game, deal);
    const JqPosition *start = jq_game_initial(game);
    char want[JQ_SQUARES + 1];
    int n = 0;
    for (int sq = 0; sq < JQ_SQUARES; sq++)
      if (jq_piece_is_hidden(start->board[sq]))
        want[n++] = jq_piece_letter(
            jq_piece_make(jq_piece_color(start->board[sq]), deal[sq]));
    want[n] = '\0';
    g_assert_cmpint(n, ==, 30);
    assert_tag(pgn, "JieqiDeal", want);

    /* Every move, with its reveal letters, in order. */
    const char *at = movetext(pgn);
    int reveals = 0;
    for (int i = 0; i < jq_game_move_count(game); i++) {
      JqGameMove gm = jq_game_move_at(game, i);
      char coords[JQ_COORDS_MAX];
      JqColor mover = (JqColor)(i % 2);
      jq_move_to_coords_ext(gm.move, mover, gm.reveal, coords);
      /* A whole token: "a3a4" is not taken for "a3a4R". */
      size_t len = strlen(coords);
      const char *found = strstr(at, coords);
      while (found &&
             (!g_ascii_isspace(found[-1]) || !g_ascii_isspace(found[len])))
        found = strstr(found + 1, coords);
      if (!found)
        g_error("seed %" G_GUINT64_FORMAT ": ply %d %s missing", seed, i + 1,
                coords);
      at = found + len;
      reveals += gm.reveal.mover != JQ_NO_TYPE;
      reveals += gm.reveal.captured != JQ_NO_TYPE;
    }
    g_assert_cmpint(reveals, >, 5);
    const char *nl;
    for (const char *line = pgn; *line; line = nl + 1) {
      nl = strchr(line, '\n');
      g_assert_nonnull(nl);
      g_assert_cmpint(nl - line, <, 80);
    }

    /* Read back: the same moves, identities, deal and result. */
    JqError err;
    JqGame *back = jq_pgn_read(pgn, NULL, &err);
    if (!back)
      g_error("%s", err.message);
    g_assert_cmpint(jq_game_move_count(back), ==, jq_game_move_count(game));
    for (int i = 0; i < jq_game_move_count(game); i++) {
      JqGameMove a = jq_game_move_at(game, i), b = jq_game_move_at(back, i);
      g_assert_cmpint(a.move, ==, b.move);
      g_assert_cmpint(a.reveal.mover, ==, b.reveal.mover);
      g_assert_cmpint(a.reveal.captured, ==, b.reveal.captured);
    }
    JqPieceType deal_back[JQ_SQUARES];
    jq_game_initial_deal(back, deal_back);
    g_assert_cmpmem(deal, sizeof deal, deal_back, sizeof deal_back);
    g_assert_cmpint(jq_game_result(back).outcome, ==,
                    jq_game_result(game).outcome);
    jq_game_free(back);
    free(pgn);
    jq_game_free(game);
  }
}

static void test_chinese_moves(void) {
  JqGame *game = jq_game_new(JQ_VARIANT_XIANGQI, 1);
  play(game, "h2e2");
  play(game, "h9g7");
  JqPgnInfo info;
  jq_pgn_info_init(&info);
  info.style = JQ_PGN_CHINESE;
  char *pgn = jq_pgn_write(game, &info);
  g_assert_cmpstr(movetext(pgn), ==, "1. 炮二平五 马８进７ *\n\n");
  JqError err;
  JqGame *back = jq_pgn_read(pgn, NULL, &err);
  g_assert_nonnull(back);
  g_assert_cmpint(jq_game_move_count(back), ==, 2);
  g_assert_cmpint(jq_game_move_at(back, 1).move, ==, jq_test_move("h9g7"));
  jq_game_free(back);
  free(pgn);
  jq_game_free(game);

  /* A jieqi game in Chinese still replays, unfinished and so without its
   * deal: the reveals are named in full-width parentheses, since PGN would
   * skip "(车)" as a variation. */
  game = jq_game_new(JQ_VARIANT_JIEQI, 9);
  JqRng rng;
  jq_rng_seed(&rng, 9);
  random_plies(game, &rng, 60);
  g_assert_false(jq_game_is_over(game));
  pgn = jq_pgn_write(game, &info);
  g_assert_nonnull(strstr(pgn, "暗"));
  const char *moves = strstr(pgn, "\n\n");
  g_assert_nonnull(moves);
  g_assert_nonnull(strstr(moves, "（"));
  g_assert_null(strchr(moves, '('));
  back = jq_pgn_read(pgn, NULL, &err);
  if (!back)
    g_error("%s", err.message);
  g_assert_cmpint(jq_game_move_count(back), ==, jq_game_move_count(game));
  for (int i = 0; i < jq_game_move_count(game); i++) {
    JqGameMove a = jq_game_move_at(game, i), b = jq_game_move_at(back, i);
    g_assert_cmpint(a.move, ==, b.move);
    g_assert_cmpint(a.reveal.mover, ==, b.reveal.mover);
    /* (A captured hidden piece has no name in Chinese: the reader makes
     * one up, consistent with the pools.) */
  }
  jq_game_free(back);
  free(pgn);
  jq_game_free(game);
}

/* Two games in one text, with comments, NAGs and a variation. */
static void test_read_several(void) {
  const char *text = "[Event \"one\"]\n[Variant \"xiangqi\"]\n\n"
                     "1. h2e2 {best} h9g7 $1 (1... b9c7) 2.h0g2! 1/2-1/2\n\n"
                     "[Event \"two\"]\n\n; a comment line\n1. b2e2 *\n";
  JqError err;
  const char *end = NULL;
  JqGame *first = jq_pgn_read(text, &end, &err);
  if (!first)
    g_error("%s", err.message);
  g_assert_cmpint(jq_game_move_count(first), ==, 3);
  g_assert_cmpint(jq_game_result(first).outcome, ==, JQ_OUTCOME_DRAW);
  g_assert_cmpint(jq_game_result(first).reason, ==, JQ_REASON_AGREEMENT);
  JqGame *second = jq_pgn_read(end, &end, &err);
  g_assert_nonnull(second);
  g_assert_cmpint(jq_game_move_count(second), ==, 1);
  g_assert_cmpint(jq_game_move_at(second, 0).move, ==, jq_test_move("b2e2"));
  g_assert_false(jq_game_is_over(second));
  jq_game_free(first);
  jq_game_free(second);
}

/* A file of several games split without reading them: a bad game (an
 * illegal move, an unclosed comment) is one game among the others, and
 * its error counts lines from the start of the file. */
static void test_find_games(void) {
  const char *text =
      "\xEF\xBB\xBF; a file of games\n"
      "[Event \"one\"]\n[Red \"A [x]\"]\n\n"
      "1. h2e2 {a [b] comment} h9g7 (1... b9c7 (1... c6c5)) 1/2-1/2\n\n"
      "[Event \"two\"]\n[Red \"B \\\"q]\\\"\"]\n\n"
      "1. h2e2 h9g7\n2. h2h9 1-0\n\n"
      "[Event \"three\"]\n\n1. b2e2 {never closed\n\n"
      "[Event \"four\"]\n\n1. c3c4\n"
      "[Event \"five\"]\n\n1. b0c2 *\n\n  ; the end\n";
  const char *events[] = {"one", "two", "three", "four", "five"};
  const char *reds[] = {"A [x]", "B \"q]\"", NULL, NULL, NULL};
  const char *errors[] = {NULL, "line 11, ply 3", "line 15: comment", NULL,
                          NULL};
  int plies[] = {2, 0, 0, 1, 1};
  int n = 0;
  for (const char *g = jq_pgn_find_game(text); g;
       g = jq_pgn_find_game(jq_pgn_skip_game(g)), n++) {
    g_assert_cmpint(n, <, 5);
    char value[64];
    g_assert_true(jq_pgn_tag(g, "Event", value, sizeof value));
    g_assert_cmpstr(value, ==, events[n]);
    if (reds[n]) {
      g_assert_true(jq_pgn_tag(g, "Red", value, sizeof value));
      g_assert_cmpstr(value, ==, reds[n]);
    }
    JqError err = {{0}};
    const char *end = NULL;
    JqGame *game = jq_pgn_read_in(text, g, &end, &err);
    if (errors[n]) {
      g_assert_null(game);
      if (!strstr(err.message, errors[n]))
        g_error("game %d: \"%s\" does not say \"%s\"", n + 1, err.message,
                errors[n]);
      continue;
    }
    if (!game)
      g_error("game %d: %s", n + 1, err.message);
    g_assert_cmpint(jq_game_move_count(game), ==, plies[n]);
    /* Found where the reader stops. */
    g_assert_true(end == jq_pgn_skip_game(g));
    jq_game_free(game);
  }
  g_assert_cmpint(n, ==, 5);
  g_assert_null(jq_pgn_find_game(""));
  g_assert_null(jq_pgn_find_game(" \n; only a comment\n"));
}

static void expect_error(const char *text, const char *part) {
  JqError err = {{0}};
  JqGame *game = jq_pgn_read(text, NULL, &err);
  g_assert_null(game);
  if (!strstr(err.message, part))
    g_error("error \"%s\" does not mention \"%s\"", err.message, part);
}

static void test_bad_input(void) {
  expect_error("", "no game");
  expect_error("[Variant \"shogi\"]\n\n*\n", "unknown Variant");
  expect_error("1. h2e2 h9g7 2. h2h9 *\n", "ply 3");
  expect_error("1. h2e2 h9g7 2. x1y2 *\n", "ply 3");
  expect_error("[Result \"2-0\"]\n\n1. h2e2\n", "Result");
  expect_error("[Event \"x\"\n", "closing");
  expect_error("1. h2e2 {open comment\n", "comment");
  expect_error("[FEN \"3k5/8R/9/9/9/9/9/9/9/R3K4 w - - 0 1\"]\n\n"
               "1. a0a9 0-1\n",
               "moves end 1-0");
  expect_error("[Variant \"xiangqi\"]\n[JieqiDeal \"R\"]\n\n*\n", "JieqiDeal");
  /* A deal letter in the wrong colour, of a king, or one too few. */
  char deal[40] = "RRNNBBAACCPPPPPrrnnbbaaccppppp";
  char text[200];
  g_snprintf(text, sizeof text, "[JieqiDeal \"%s\"]\n\n*\n", deal);
  JqError err;
  JqGame *ok = jq_pgn_read(text, NULL, &err);
  if (!ok)
    g_error("%s", err.message);
  g_assert_cmpint(jq_game_hidden_identity(ok, jq_square_parse("a0")), ==,
                  JQ_CHARIOT);
  g_assert_cmpint(jq_game_hidden_identity(ok, jq_square_parse("i9")), ==,
                  JQ_PAWN);
  jq_game_free(ok);
  deal[0] = 'r';
  g_snprintf(text, sizeof text, "[JieqiDeal \"%s\"]\n\n*\n", deal);
  expect_error(text, "on a0");
  deal[0] = 'K';
  g_snprintf(text, sizeof text, "[JieqiDeal \"%s\"]\n\n*\n", deal);
  expect_error(text, "on a0");
  deal[0] = 'R';
  deal[29] = '\0';
  g_snprintf(text, sizeof text, "[JieqiDeal \"%s\"]\n\n*\n", deal);
  expect_error(text, "on i9");
  /* Three chariots: more than the pool holds. */
  g_snprintf(text, sizeof text, "[JieqiDeal \"%s\"]\n\n*\n",
             "RRRNBBAACCPPPPPrrnnbbaaccppppp");
  expect_error(text, "deal");
}

/* Writes the game, reads it back and checks the moves and the result are
 * the same; returns the text (free it). */
static char *round_trip(const JqGame *game, const JqPgnInfo *info) {
  char *pgn = jq_pgn_write(game, info);
  g_assert_nonnull(pgn);
  JqError err;
  JqGame *back = jq_pgn_read(pgn, NULL, &err);
  if (!back)
    g_error("%s\n%s", err.message, pgn);
  g_assert_cmpint(jq_game_move_count(back), ==, jq_game_move_count(game));
  for (int i = 0; i < jq_game_move_count(game); i++) {
    JqGameMove a = jq_game_move_at(game, i), b = jq_game_move_at(back, i);
    g_assert_cmpint(a.move, ==, b.move);
    g_assert_cmpint(a.reveal.mover, ==, b.reveal.mover);
    g_assert_cmpint(a.reveal.captured, ==, b.reveal.captured);
  }
  JqResult want = jq_game_result(game), got = jq_game_result(back);
  g_assert_cmpint(got.outcome, ==, want.outcome);
  g_assert_cmpint(got.reason, ==, want.reason);
  g_assert_cmpint(got.culprit, ==, want.culprit);
  jq_game_free(back);
  return pgn;
}

/* A string of n bytes of `c`, with a quote and a backslash near each end
 * so escapes are read right across the whole value. */
static char *long_value(size_t n, char c) {
  char *s = g_malloc(n + 1);
  memset(s, c, n);
  s[n] = '\0';
  s[3] = '"';
  s[n - 4] = '\\';
  return s;
}

static void assert_long_tag(const char *pgn, const char *name,
                            const char *want) {
  size_t size = strlen(want) + 1;
  char *value = g_malloc(size);
  if (!jq_pgn_tag(pgn, name, value, size))
    g_error("tag %s (%zu bytes) not read", name, size - 1);
  g_assert_cmpstr(value, ==, want);
  /* One byte too few: refused, not truncated. */
  g_assert_false(jq_pgn_tag(pgn, name, value, size - 1));
  g_free(value);
}

/* Escapes a value as the writer does, for hand-made texts. */
static char *escaped(const char *value) {
  GString *s = g_string_new(NULL);
  for (const char *p = value; *p; p++) {
    if (*p == '"' || *p == '\\')
      g_string_append_c(s, '\\');
    g_string_append_c(s, *p);
  }
  return g_string_free(s, FALSE);
}

/* Tags of 600 and 5000 bytes (a long --event or engine name in jieqi-cli
 * match) are read with their value whole, and the tags after them too. */
static void test_long_tags(void) {
  char *event = long_value(600, 'e');
  char *white = long_value(5000, 'w');
  char *event_text = escaped(event), *white_text = escaped(white);
  char *text = g_strdup_printf("[Event \"%s\"]\n[White \"%s\"]\n"
                               "[Date \"2025.03.04\"]\n[Result \"1-0\"]\n"
                               "[ResultReason \"Black resigned\"]\n\n"
                               "1. h2e2 h9g7 1-0\n",
                               event_text, white_text);
  JqError err;
  JqGame *game = jq_pgn_read(text, NULL, &err);
  if (!game)
    g_error("%s", err.message);
  g_assert_cmpint(jq_game_move_count(game), ==, 2);
  g_assert_cmpint(jq_game_result(game).reason, ==, JQ_REASON_RESIGNATION);
  g_assert_cmpint(jq_game_result(game).culprit, ==, JQ_BLACK);
  jq_game_free(game);
  assert_long_tag(text, "Event", event);
  assert_long_tag(text, "White", white);
  assert_tag(text, "Date", "2025.03.04");
  g_free(text);

  /* Unknown tags, long or looking like known ones, change nothing. */
  text = g_strdup_printf("[Annotator \"%s\"]\n[FENX \"garbage\"]\n"
                         "[Results \"0-1\"]\n[variant \"jieqi\"]\n\n"
                         "1. h2e2 *\n",
                         white_text);
  game = jq_pgn_read(text, NULL, &err);
  if (!game)
    g_error("%s", err.message);
  g_assert_cmpint(jq_game_variant(game), ==, JQ_VARIANT_XIANGQI);
  g_assert_cmpint(jq_game_move_count(game), ==, 1);
  g_assert_false(jq_game_is_over(game));
  jq_game_free(game);
  g_free(text);

  /* The writer's own output reads back, long tags and all. */
  game = jq_game_new(JQ_VARIANT_JIEQI, 4);
  JqRng rng;
  jq_rng_seed(&rng, 4);
  random_plies(game, &rng, 30);
  JqPgnInfo info;
  jq_pgn_info_init(&info);
  info.event = event;
  info.red = white;
  info.black = event;
  info.reason = white;
  info.full_deal = true; /* unfinished: only a full deal names every piece */
  char *pgn = round_trip(game, &info);
  assert_long_tag(pgn, "Event", event);
  assert_long_tag(pgn, "Red", white);
  assert_long_tag(pgn, "Black", event);
  assert_long_tag(pgn, "ResultReason", white);
  assert_tag(pgn, "Variant", "jieqi");
  free(pgn);
  jq_game_free(game);

  /* Beyond 64 KiB a value is refused with a clear error. */
  char *huge = long_value(70000, 'h');
  char *huge_text = escaped(huge);
  text = g_strdup_printf("[Event \"%s\"]\n\n1. h2e2 *\n", huge_text);
  expect_error(text, "tag Event is longer than");
  char small[16];
  g_assert_false(jq_pgn_tag(text, "Event", small, sizeof small));
  g_free(text);
  g_free(huge_text);
  g_free(huge);
  g_free(event_text);
  g_free(white_text);
  g_free(event);
  g_free(white);
}

/* A UTF-8 byte-order mark (Windows editors write one) and CRLF line ends. */
static void test_bom_and_crlf(void) {
  const char *text = "\xEF\xBB\xBF[Event \"bom\"]\r\n[Date \"2024.05.06\"]\r\n"
                     "[Result \"1/2-1/2\"]\r\n\r\n1. h2e2 h9g7\r\n"
                     "2. h0g2 1/2-1/2\r\n";
  JqError err;
  JqGame *game = jq_pgn_read(text, NULL, &err);
  if (!game)
    g_error("%s", err.message);
  g_assert_cmpint(jq_game_move_count(game), ==, 3);
  g_assert_cmpint(jq_game_result(game).outcome, ==, JQ_OUTCOME_DRAW);
  jq_game_free(game);
  assert_tag(text, "Event", "bom");
  assert_tag(text, "Date", "2024.05.06");

  /* A written jieqi game, with a mark in front and CRLF line ends. */
  game = jq_game_new(JQ_VARIANT_JIEQI, 12);
  JqRng rng;
  jq_rng_seed(&rng, 12);
  random_plies(game, &rng, 50);
  JqPgnInfo info;
  jq_pgn_info_init(&info);
  info.full_deal = true; /* the deal read back is compared below */
  char *pgn = jq_pgn_write(game, &info);
  GString *dos = g_string_new("\xEF\xBB\xBF");
  for (const char *p = pgn; *p; p++) {
    if (*p == '\n')
      g_string_append_c(dos, '\r');
    g_string_append_c(dos, *p);
  }
  JqGame *back = jq_pgn_read(dos->str, NULL, &err);
  if (!back)
    g_error("%s", err.message);
  g_assert_cmpint(jq_game_move_count(back), ==, jq_game_move_count(game));
  JqPieceType a[JQ_SQUARES], b[JQ_SQUARES];
  jq_game_initial_deal(game, a);
  jq_game_initial_deal(back, b);
  g_assert_cmpmem(a, sizeof a, b, sizeof b);
  assert_tag(dos->str, "Variant", "jieqi");
  jq_game_free(back);
  g_string_free(dos, TRUE);
  free(pgn);
  jq_game_free(game);
}

/* A game from `fen` through `moves` (coordinates, blank separated). */
static JqGame *game_from(const char *fen, const char *moves) {
  JqError err;
  JqGame *game = jq_game_new_from_fen(fen, JQ_FEN_VARIANT_AUTO, 0, &err);
  if (!game)
    g_error("%s", err.message);
  char **list = g_strsplit(moves, " ", -1);
  for (char **m = list; *m; m++)
    if (**m)
      play(game, *m);
  g_strfreev(list);
  return game;
}

/* Games the referee ended, as the writer writes them, read back whole. */
static void test_decided_games_read_back(void) {
  static const struct {
    const char *fen, *moves;
    JqOutcome outcome;
    JqReason reason;
    const char *text;
  } games[] = {
      {"3k5/8R/9/9/9/9/9/9/9/R3K4 w - - 0 1", "a0a9", JQ_OUTCOME_RED_WINS,
       JQ_REASON_CHECKMATE, "checkmate"},
      {"3k5/9/R8/9/9/9/9/9/9/4K4 w - - 0 1", "a7a8", JQ_OUTCOME_RED_WINS,
       JQ_REASON_STALEMATE, "stalemate"},
      {JQ_START_FEN_XIANGQI, "h0g2 h9g7 g2h0 g7h9 h0g2 h9g7 g2h0 g7h9",
       JQ_OUTCOME_DRAW, JQ_REASON_REPETITION, "repetition"},
      {"5k3/R8/9/9/9/9/9/9/9/3K5 w - - 0 1",
       "a8a9 f9f8 a9a8 f8f9 a8a9 f9f8 a9a8 f8f9", JQ_OUTCOME_BLACK_WINS,
       JQ_REASON_PERPETUAL_CHECK, "perpetual check by Red"},
      {"3k5/9/9/9/9/9/9/9/9/R3K4 w - - 118 60", "a0a1 d9d8", JQ_OUTCOME_DRAW,
       JQ_REASON_NATURAL_LIMIT, "natural limit"},
      {"5k3/9/9/9/9/9/9/9/3pK4/9 w - - 0 1", "e1d1", JQ_OUTCOME_DRAW,
       JQ_REASON_NO_ATTACKERS, "no attacking pieces"},
  };
  for (size_t i = 0; i < G_N_ELEMENTS(games); i++) {
    JqGame *game = game_from(games[i].fen, games[i].moves);
    JqResult r = jq_game_result(game);
    g_assert_cmpint(r.outcome, ==, games[i].outcome);
    g_assert_cmpint(r.reason, ==, games[i].reason);
    char *pgn = round_trip(game, NULL);
    assert_tag(pgn, "ResultReason", games[i].text);
    free(pgn);
    /* In Chinese too. */
    JqPgnInfo info;
    jq_pgn_info_init(&info);
    info.style = JQ_PGN_CHINESE;
    pgn = round_trip(game, &info);
    free(pgn);
    jq_game_free(game);
  }

  /* Results the moves cannot decide are taken as claimed, with the
   * project's words or anybody else's. */
  static const struct {
    const char *result, *reason;
    JqOutcome outcome;
    JqReason want;
    JqColor culprit;
  } claims[] = {
      {"1-0", "Black resigned", JQ_OUTCOME_RED_WINS, JQ_REASON_RESIGNATION,
       JQ_BLACK},
      {"0-1", "Red lost on time", JQ_OUTCOME_BLACK_WINS, JQ_REASON_TIME,
       JQ_RED},
      {"0-1", "illegal move by Red", JQ_OUTCOME_BLACK_WINS,
       JQ_REASON_ILLEGAL_MOVE, JQ_RED},
      {"1/2-1/2", "draw by agreement", JQ_OUTCOME_DRAW, JQ_REASON_AGREEMENT,
       JQ_RED},
      {"1/2-1/2", "maximum length", JQ_OUTCOME_DRAW, JQ_REASON_AGREEMENT,
       JQ_RED},
      {"0-1", "abandoned", JQ_OUTCOME_BLACK_WINS, JQ_REASON_RESIGNATION,
       JQ_RED},
  };
  for (size_t i = 0; i < G_N_ELEMENTS(claims); i++) {
    char *text =
        g_strdup_printf("[Result \"%s\"]\n[ResultReason \"%s\"]\n\n"
                        "1. h2e2 h9g7 %s\n",
                        claims[i].result, claims[i].reason, claims[i].result);
    JqError err;
    JqGame *game = jq_pgn_read(text, NULL, &err);
    if (!game)
      g_error("%s: %s", claims[i].reason, err.message);
    JqResult r = jq_game_result(game);
    g_assert_cmpint(r.outcome, ==, claims[i].outcome);
    g_assert_cmpint(r.reason, ==, claims[i].want);
    g_assert_cmpint(r.culprit, ==, claims[i].culprit);
    jq_game_free(game);
    g_free(text);
  }
}

/* A reason the moves decide is checked against them. */
static void test_false_reasons(void) {
  static const struct {
    const char *result, *reason, *error;
  } claims[] = {
      {"1-0", "checkmate",
       "ResultReason says checkmate but the final position is not mate"},
      {"0-1", "stalemate", "ResultReason says stalemate"},
      {"1/2-1/2", "repetition", "ResultReason says repetition"},
      {"0-1", "perpetual check by Red", "perpetual check by Red"},
      {"1-0", "perpetual chase by Black", "perpetual chase by Black"},
      {"1/2-1/2", "natural limit", "ResultReason says natural limit"},
      {"1/2-1/2", "no attacking pieces", "no attacking pieces"},
      {"1-0", "Checkmate", "ResultReason says Checkmate"},
      /* The reason and the result disagree about who lost. */
      {"1-0", "Red resigned", "ResultReason says Red resigned but"},
      {"0-1", "Black lost on time", "ResultReason says Black lost on time"},
      {"1-0", "draw by agreement", "ResultReason says draw by agreement"},
      {"1/2-1/2", "Red resigned", "ResultReason says Red resigned"},
  };
  for (size_t i = 0; i < G_N_ELEMENTS(claims); i++) {
    char *text =
        g_strdup_printf("[Result \"%s\"]\n[ResultReason \"%s\"]\n\n"
                        "1. h2e2 h9g7 %s\n",
                        claims[i].result, claims[i].reason, claims[i].result);
    expect_error(text, claims[i].error);
    g_free(text);
  }

  /* A decided game with another decided reason. */
  const char *mate = "[FEN \"3k5/8R/9/9/9/9/9/9/9/R3K4 w - - 0 1\"]\n"
                     "[Result \"1-0\"]\n";
  char *text = g_strdup_printf("%s[ResultReason \"stalemate\"]\n\n"
                               "1. a0a9 1-0\n",
                               mate);
  expect_error(text, "ResultReason says stalemate but the moves end in "
                     "checkmate");
  g_free(text);
  /* Resigning a mated game is no contradiction: the mate stands. */
  text = g_strdup_printf("%s[ResultReason \"Black resigned\"]\n\n"
                         "1. a0a9 1-0\n",
                         mate);
  JqError err;
  JqGame *game = jq_pgn_read(text, NULL, &err);
  if (!game)
    g_error("%s", err.message);
  g_assert_cmpint(jq_game_result(game).reason, ==, JQ_REASON_CHECKMATE);
  jq_game_free(game);
  g_free(text);
}

/* Results that contradict the moves, bad set-ups and moves after the end. */
static void test_contradictions(void) {
  const char *mate = "[FEN \"3k5/8R/9/9/9/9/9/9/9/R3K4 w - - 0 1\"]\n";
  char *text = g_strdup_printf("%s[Result \"0-1\"]\n\n1. a0a9\n", mate);
  expect_error(text, "the record says 0-1 but the moves end 1-0");
  g_free(text);
  /* The tag and the move text disagree. */
  text = g_strdup_printf("%s[Result \"0-1\"]\n\n1. a0a9 1-0\n", mate);
  expect_error(text, "Result tag says 0-1 but the move text ends 1-0");
  g_free(text);
  expect_error("[Result \"1-0\"]\n\n1. h2e2 *\n",
               "Result tag says 1-0 but the move text ends *");

  /* Moves after a mate, and from a start that is already mate. */
  text = g_strdup_printf("%s\n1. a0a9 d9e9 *\n", mate);
  expect_error(text, "ply 2: d9e9 comes after the end of the game "
                     "(checkmate)");
  g_free(text);
  expect_error("[FEN \"R2k5/8R/9/9/9/9/9/9/9/4K4 b - - 0 1\"]\n\n"
               "1... d9d8 *\n",
               "ply 1: d9d8 comes after the end of the game (checkmate)");
  JqError err;
  JqGame *game = jq_pgn_read("[FEN \"R2k5/8R/9/9/9/9/9/9/9/4K4 b - - 0 1\"]\n"
                             "[Result \"1-0\"]\n\n1-0\n",
                             NULL, &err);
  if (!game)
    g_error("%s", err.message);
  g_assert_cmpint(jq_game_result(game).reason, ==, JQ_REASON_CHECKMATE);
  jq_game_free(game);

  /* Bad FEN tags: an error that names the FEN, never a crash. */
  static const char *const bad_fens[] = {
      "",
      "rnbakabnr/9",
      "9/9/9/9/9/9/9/9/9/9 w - - 0 1",
      "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1 extra",
      "4k4/4R4/9/9/9/9/9/9/9/3K5 w - - 0 1",
      "3k5/9/9/9/9/9/9/9/9/3K5 q - - 0 1",
      "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w - - 0 1",
      "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w - - 0 1",
  };
  for (size_t i = 0; i < G_N_ELEMENTS(bad_fens); i++) {
    text = g_strdup_printf("[FEN \"%s\"]\n\n*\n", bad_fens[i]);
    expect_error(text, "FEN");
    g_free(text);
  }
  expect_error("[Variant \"xiangqi\"]\n[FEN \"" JQ_START_FEN_JIEQI "\"]\n\n*\n",
               "FEN");
}

/* The deal and the reveal letters must tell the same story. */
static void test_deal_against_reveals(void) {
  const char *deal = "[JieqiDeal \"RRNNBBAACCPPPPPrrnnbbaaccppppp\"]\n\n";
  char *text = g_strdup_printf("%s1. a3a4P b7b5b 2. b2b9Cc *\n", deal);
  JqError err;
  JqGame *game = jq_pgn_read(text, NULL, &err);
  if (!game)
    g_error("%s", err.message);
  g_assert_cmpint(jq_game_move_count(game), ==, 3);
  g_assert_cmpint(jq_game_move_at(game, 2).reveal.captured, ==, JQ_CANNON);
  jq_game_free(game);
  g_free(text);

  text = g_strdup_printf("%s1. a3a4R *\n", deal);
  expect_error(text, "JieqiDeal says the piece on a3 is a pawn but ply 1 "
                     "reveals a chariot");
  g_free(text);
  text = g_strdup_printf("%s1. a3a4P b7b5r *\n", deal);
  expect_error(text, "JieqiDeal says the piece on b7 is an elephant but ply 2 "
                     "reveals a chariot");
  g_free(text);
  text = g_strdup_printf("%s1. a3a4P b7b5b 2. b2b9Cn *\n", deal);
  expect_error(text, "JieqiDeal says the piece on b9 is a cannon but ply 3 "
                     "captures a horse");
  g_free(text);
}

/* Chinese names a reveal glued to the move, "暗兵九进一(车)": it is the
 * move's, not a variation. */
static void test_chinese_reveals(void) {
  /* Without a deal the names alone tell what was turned up, in either
   * character set. */
  JqError err;
  for (int cs = JQ_CHARSET_SIMPLIFIED; cs <= JQ_CHARSET_TRADITIONAL; cs++) {
    JqGame *game = jq_game_new(JQ_VARIANT_JIEQI, 21);
    JqRng rng;
    jq_rng_seed(&rng, 21);
    random_plies(game, &rng, 40);
    JqPgnInfo info;
    jq_pgn_info_init(&info);
    info.style = JQ_PGN_CHINESE;
    info.charset = (JqCharset)cs;
    info.full_deal = true;
    char *pgn = jq_pgn_write(game, &info);
    char *deal = strstr(pgn, "[JieqiDeal ");
    g_assert_nonnull(deal);
    char *deal_end = strchr(deal, '\n');
    memmove(deal, deal_end + 1, strlen(deal_end + 1) + 1);
    JqGame *back = jq_pgn_read(pgn, NULL, &err);
    if (!back)
      g_error("%s", err.message);
    g_assert_cmpint(jq_game_move_count(back), ==, jq_game_move_count(game));
    int reveals = 0;
    for (int i = 0; i < jq_game_move_count(game); i++) {
      JqGameMove a = jq_game_move_at(game, i), b = jq_game_move_at(back, i);
      g_assert_cmpint(a.move, ==, b.move);
      g_assert_cmpint(a.reveal.mover, ==, b.reveal.mover);
      reveals += a.reveal.mover != JQ_NO_TYPE;
    }
    g_assert_cmpint(reveals, >, 5);
    jq_game_free(back);
    free(pgn);
    jq_game_free(game);
  }

  /* A variation after a move is still skipped. */
  JqGame *back = jq_pgn_read("1. h2e2 (1. b2e2) h9g7 *\n", NULL, &err);
  g_assert_nonnull(back);
  g_assert_cmpint(jq_game_move_count(back), ==, 2);
  jq_game_free(back);

  /* A reveal written in Chinese, "(车)", is held to the deal too. */
  JqGame *game = jq_pgn_read("[Variant \"jieqi\"]\n\n*\n", NULL, &err);
  g_assert_nonnull(game);
  char name[JQ_CHINESE_MAX];
  g_assert_cmpuint(jq_move_to_chinese(jq_game_truth(game), jq_test_move("a3a4"),
                                      JQ_CHARIOT, JQ_CHARSET_SIMPLIFIED, name,
                                      sizeof name),
                   >, 0);
  jq_game_free(game);
  char *text = g_strdup_printf(
      "[JieqiDeal \"RRNNBBAACCPPPPPrrnnbbaaccppppp\"]\n\n1. %s *\n", name);
  expect_error(text, "JieqiDeal says the piece on a3 is a pawn but ply 1 "
                     "reveals a chariot");
  g_free(text);
}

/* A jieqi game of random moves, unfinished, in which Red has captured a
 * hidden black piece whose identity differs from one still hidden. */
static JqGame *game_with_hidden_capture(int *captured_sq, int *hidden_sq) {
  for (guint64 seed = 1; seed < 500; seed++) {
    JqGame *game = jq_game_new(JQ_VARIANT_JIEQI, seed);
    JqRng rng;
    jq_rng_seed(&rng, seed);
    random_plies(game, &rng, 60);
    const JqPosition *now = jq_game_truth(game);
    JqPieceType deal[JQ_SQUARES];
    jq_game_initial_deal(game, deal);
    for (int i = 0; i < jq_game_move_count(game) && !jq_game_is_over(game);
         i += 2) {
      JqGameMove gm = jq_game_move_at(game, i); /* Red's */
      if (gm.reveal.captured == JQ_NO_TYPE)
        continue;
      for (int sq = 0; sq < JQ_SQUARES; sq++) {
        if (jq_piece_is_hidden(now->board[sq]) &&
            jq_piece_color(now->board[sq]) == JQ_BLACK &&
            deal[sq] != gm.reveal.captured) {
          *captured_sq = jq_move_to(gm.move);
          *hidden_sq = sq;
          return game;
        }
      }
    }
    jq_game_free(game);
  }
  g_error("no game with a hidden capture");
}

/* The same moves from the same start with another deal. */
static JqGame *replay_with_deal(const JqGame *game,
                                const JqPieceType deal[JQ_SQUARES]) {
  JqPosition *start = g_new(JqPosition, 1);
  JqError err;
  g_assert_true(jq_fen_parse(jq_game_initial_fen(game), JQ_FEN_VARIANT_JIEQI,
                             start, &err));
  JqGame *other = jq_game_new_from_view(start, deal, &err);
  g_assert_nonnull(other);
  g_free(start);
  for (int i = 0; i < jq_game_move_count(game); i++)
    g_assert_true(jq_game_play(other, jq_game_move_at(game, i).move, &err));
  return other;
}

static char *write_as(const JqGame *game, int reader, const char *sealed) {
  JqPgnInfo info;
  jq_pgn_info_init(&info);
  info.reader = reader;
  info.sealed_deal = sealed;
  char *pgn = jq_pgn_write(game, &info);
  g_assert_nonnull(pgn);
  return pgn;
}

/* An unfinished jieqi game's file tells nothing its reader may not know:
 * two games with the same moves whose deals differ in a piece still hidden
 * and in one that Red captured give the same text, but for the sealed
 * deal; Red, the captor, is told the captured letter. Once over, the file
 * has the whole deal. */
static void test_unfinished_keeps_secrets(void) {
  int captured_sq, hidden_sq;
  JqGame *a = game_with_hidden_capture(&captured_sq, &hidden_sq);
  JqPieceType deal[JQ_SQUARES];
  jq_game_initial_deal(a, deal);
  JqPieceType tmp = deal[captured_sq];
  deal[captured_sq] = deal[hidden_sq];
  deal[hidden_sq] = tmp;
  JqGame *b = replay_with_deal(a, deal);
  g_assert_cmpint(jq_game_move_count(a), ==, jq_game_move_count(b));
  g_assert_false(jq_game_is_over(b));

  /* Anyone, and Black, who did not learn the captured piece. */
  for (int reader = -1; reader <= JQ_BLACK; reader += 2) {
    char *pa = write_as(a, reader, NULL), *pb = write_as(b, reader, NULL);
    g_assert_cmpstr(pa, ==, pb);
    char value[128];
    g_assert_false(jq_pgn_tag(pa, "JieqiDeal", value, sizeof value));
    g_assert_false(jq_pgn_tag(pa, "JieqiSealedDeal", value, sizeof value));
    /* Read back: the same moves, the revealed identities, another deal. */
    JqError err;
    JqGame *back = jq_pgn_read(pa, NULL, &err);
    if (!back)
      g_error("%s", err.message);
    g_assert_cmpint(jq_game_move_count(back), ==, jq_game_move_count(a));
    for (int i = 0; i < jq_game_move_count(a); i++)
      g_assert_cmpint(jq_game_move_at(back, i).reveal.mover, ==,
                      jq_game_move_at(a, i).reveal.mover);
    jq_game_free(back);
    free(pa);
    free(pb);
  }
  /* The sealed deal is the only difference the caller makes. */
  char *pa = write_as(a, -1, "sealed-a"), *pb = write_as(b, -1, "sealed-b");
  assert_tag(pa, "JieqiSealedDeal", "sealed-a");
  char *at = strstr(pb, "sealed-b");
  g_assert_nonnull(at);
  memcpy(at, "sealed-a", 8);
  g_assert_cmpstr(pa, ==, pb);
  free(pa);
  free(pb);
  /* Red took the piece and knows it; so does everybody under "both". */
  pa = write_as(a, JQ_RED, NULL);
  pb = write_as(b, JQ_RED, NULL);
  g_assert_cmpstr(pa, !=, pb);
  free(pa);
  free(pb);
  jq_game_set_disclosure(a, JQ_DISCLOSE_BOTH);
  jq_game_set_disclosure(b, JQ_DISCLOSE_BOTH);
  pa = write_as(a, -1, NULL);
  pb = write_as(b, -1, NULL);
  g_assert_cmpstr(pa, !=, pb);
  free(pa);
  free(pb);

  /* Over: the full deal, and no seal. */
  g_assert_true(
      jq_game_declare_result(a, jq_result_loss(JQ_RED, JQ_REASON_RESIGNATION)));
  pa = write_as(a, -1, "sealed-a");
  char value[128];
  g_assert_true(jq_pgn_tag(pa, "JieqiDeal", value, sizeof value));
  g_assert_cmpint(strlen(value), ==, 30);
  g_assert_false(jq_pgn_tag(pa, "JieqiSealedDeal", value, sizeof value));
  JqError err;
  JqGame *back = jq_pgn_read(pa, NULL, &err);
  g_assert_nonnull(back);
  JqPieceType want[JQ_SQUARES], got[JQ_SQUARES];
  jq_game_initial_deal(a, want);
  jq_game_initial_deal(back, got);
  g_assert_cmpmem(want, sizeof want, got, sizeof got);
  jq_game_free(back);
  free(pa);

  /* Over, but the deal is not this side's to tell (keep_secrets): written
   * as if unfinished, with the result. */
  g_assert_true(
      jq_game_declare_result(b, jq_result_loss(JQ_RED, JQ_REASON_RESIGNATION)));
  jq_game_set_disclosure(a, JQ_DISCLOSE_CAPTOR);
  jq_game_set_disclosure(b, JQ_DISCLOSE_CAPTOR);
  JqPgnInfo info;
  jq_pgn_info_init(&info);
  info.reader = JQ_BLACK;
  info.keep_secrets = true;
  pa = jq_pgn_write(a, &info);
  pb = jq_pgn_write(b, &info);
  g_assert_cmpstr(pa, ==, pb);
  g_assert_false(jq_pgn_tag(pa, "JieqiDeal", value, sizeof value));
  assert_tag(pa, "Result", "0-1");
  free(pa);
  free(pb);
  jq_game_free(a);
  jq_game_free(b);
}

/* A file that keeps captured pieces secret still reads back, whatever
 * turns up later: the reader's stand-in for a captured piece may have to
 * give way to a piece revealed afterwards. */
static void test_unfinished_reads_back(void) {
  for (guint64 seed = 1; seed <= 60; seed++) {
    JqGame *game = jq_game_new(JQ_VARIANT_JIEQI, seed);
    JqRng rng;
    jq_rng_seed(&rng, seed * 31);
    random_plies(game, &rng, 90);
    if (jq_game_is_over(game)) {
      jq_game_free(game);
      continue;
    }
    for (int style = 0; style < 2; style++) {
      char *pgn = write_as(game, -1, NULL);
      if (style == JQ_PGN_CHINESE) {
        free(pgn);
        JqPgnInfo info;
        jq_pgn_info_init(&info);
        info.style = JQ_PGN_CHINESE;
        pgn = jq_pgn_write(game, &info);
      }
      JqError err;
      JqGame *back = jq_pgn_read(pgn, NULL, &err);
      if (!back)
        g_error("seed %" G_GUINT64_FORMAT " style %d: %s", seed, style,
                err.message);
      g_assert_cmpint(jq_game_move_count(back), ==, jq_game_move_count(game));
      for (int i = 0; i < jq_game_move_count(game); i++) {
        JqGameMove a = jq_game_move_at(game, i), b = jq_game_move_at(back, i);
        g_assert_cmpint(a.move, ==, b.move);
        g_assert_cmpint(a.reveal.mover, ==, b.reveal.mover);
      }
      jq_game_free(back);
      free(pgn);
    }
    jq_game_free(game);
  }
}

/* Each refusal's code, arguments and place, which the app words in its
 * own language: at least one text per code. */
typedef struct {
  const char *text;
  JqTestError want;
} PgnErrorCase;

#define MATE_FEN "[FEN \"3k5/8R/9/9/9/9/9/9/9/R3K4 w - - 0 1\"]\n"
#define DEAL "RRNNBBAACCPPPPPrrnnbbaaccppppp"
#define E(c, checked, ...) \
  { .code = JQ_ERROR_##c, .check = checked, __VA_ARGS__ }

static const PgnErrorCase pgn_error_cases[] = {
    {"", E(PGN_NO_GAME, "line")},
    {"[Event_name_far_too_long_for_any_tag_that_a_person_or_a_program_writes "
     "\"x\"]\n",
     E(PGN_TAG_NAME_LONG, "line", .line = 1)},
    {"\n[Event]\n", E(PGN_TAG_FORM, "line", .line = 2)},
    {"[Event \"x\n",
     E(PGN_TAG_NO_QUOTE, "text line", .args = {.text = "Event"}, .line = 1)},
    {"[Event \"x\"\n",
     E(PGN_TAG_NO_BRACKET, "text line", .args = {.text = "Event"}, .line = 1)},
    {"[Variant \"shogi\"]\n\n*\n",
     E(PGN_UNKNOWN_VARIANT, "text", .args = {.text = "shogi"})},
    {"[Variant \"xiangqi\"]\n[JieqiDeal \"R\"]\n\n*\n",
     E(PGN_DEAL_IN_XIANGQI, "")},
    {"[JieqiDeal \"RRNNBBAACCPPPPPrrnnbbaaccpppp\"]\n\n*\n",
     E(PGN_DEAL_SHORT, "square", .square = "i9")},
    {"[JieqiDeal \"rRNNBBAACCPPPPPrrnnbbaaccppppp\"]\n\n*\n",
     E(PGN_DEAL_BAD_LETTER, "letter color square",
       .args = {.letter = 'r', .color = JQ_RED}, .square = "a0")},
    {"[JieqiDeal \"" DEAL "P\"]\n\n*\n", E(PGN_DEAL_LONG, "")},
    {"[JieqiDeal \"" DEAL "\"]\n\n1. a3a4R *\n",
     E(PGN_DEAL_VS_MOVE, "square type type2 n0 line ply",
       .args = {.type = JQ_PAWN, .type2 = JQ_CHARIOT, .n = {0}}, .square = "a3",
       .line = 3, .ply = 1)},
    {"1. h2e2 {open comment\n", E(PGN_COMMENT_OPEN, "line", .line = 1)},
    {"1. h2e2\n(1. h2e3\n", E(PGN_VARIATION_OPEN, "line", .line = 2)},
    {"1. h2e2 h9g7_and_then_a_great_many_more_characters_than_any_move_"
     "could_have *\n",
     E(PGN_TOKEN_LONG, "text line", .args = {.text = "h9g7_and_then_a_grea..."},
       .line = 1)},
    {"1. h2e2 ) *\n",
     E(PGN_UNEXPECTED, "letter line", .args = {.letter = ')'}, .line = 1)},
    {MATE_FEN "\n1. a0a9 d9e9 *\n",
     E(PGN_AFTER_END, "text n0 n1 n2 line ply move",
       .args = {.text = "d9e9",
                .n = {JQ_OUTCOME_RED_WINS, JQ_REASON_CHECKMATE, JQ_BLACK}},
       .line = 3, .ply = 2, .move = "")},
    {"[Result \"2-0\"]\n\n1. h2e2\n",
     E(PGN_BAD_RESULT, "text", .args = {.text = "2-0"})},
    {"[Result \"1-0\"]\n\n1. h2e2 *\n",
     E(PGN_RESULTS_DIFFER, "text text2",
       .args = {.text = "1-0", .text2 = "*"})},
    {"[Result \"1-0\"]\n[ResultReason \"Red resigned\"]\n\n1. h2e2\n",
     E(PGN_REASON_VS_RESULT, "text text2",
       .args = {.text = "Red resigned", .text2 = "1-0"})},
    {MATE_FEN "[Result \"0-1\"]\n\n1. a0a9\n",
     E(PGN_RESULT_VS_MOVES, "text text2",
       .args = {.text = "0-1", .text2 = "1-0"})},
    {MATE_FEN "[ResultReason \"stalemate\"]\n\n1. a0a9 1-0\n",
     E(PGN_REASON_VS_MOVES, "text n0 n1 n2",
       .args = {.text = "stalemate",
                .n = {JQ_OUTCOME_RED_WINS, JQ_REASON_CHECKMATE, JQ_BLACK}})},
    {"[ResultReason \"checkmate\"]\n\n1. h2e2 h9g7 1-0\n",
     E(PGN_REASON_NOT_REACHED, "text n0",
       .args = {.text = "checkmate", .n = {JQ_REASON_CHECKMATE}})},
    /* Errors of a move or of the FEN tag keep their own code, placed. */
    {"[Event \"x\"]\n\n1. h2e2 h9g7\n2. zz99 *\n",
     E(WXF_BAD_LETTER, "letter line ply move tag", .args = {.letter = 'z'},
       .line = 4, .ply = 3, .move = "zz99", .tag = "")},
    {"[FEN \"rnbakabnr/9/1c5c1/p1p1l1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - "
     "- 0 1\"]\n\n*\n",
     E(FEN_UNKNOWN_LETTER, "field text line ply move tag",
       .args = {.field = JQ_ERROR_FIELD_BOARD, .text = "l"}, .tag = "FEN",
       .move = "")},
};

#undef E

static void test_error_codes(void) {
  bool covered[JQ_ERROR_CODE_COUNT] = {false};
  for (size_t i = 0; i < G_N_ELEMENTS(pgn_error_cases); i++) {
    const PgnErrorCase *c = &pgn_error_cases[i];
    JqError err = {{0}};
    char *what = g_strdup_printf("PGN case %zu", i);
    JqGame *game = jq_pgn_read(c->text, NULL, &err);
    if (game)
      g_error("%s: accepted", what);
    jq_test_assert_error(&err, &c->want, what);
    covered[c->want.code] = true;
    g_free(what);
  }
  /* A tag value too long for any tag. */
  GString *text = g_string_new("[Event \"");
  for (int i = 0; i <= 65536; i++)
    g_string_append_c(text, 'x');
  g_string_append(text, "\"]\n");
  JqError err = {{0}};
  g_assert_null(jq_pgn_read(text->str, NULL, &err));
  jq_test_assert_error(&err,
                       &(JqTestError){.code = JQ_ERROR_PGN_TAG_VALUE_LONG,
                                      .check = "text n0 line",
                                      .args = {.text = "Event", .n = {65536}},
                                      .line = 1},
                       "long tag");
  covered[err.code] = true;
  g_string_free(text, TRUE);
  for (int code = JQ_ERROR_PGN_NO_GAME; code < JQ_ERROR_CODE_COUNT; code++)
    if (!covered[code])
      g_error("no case for PGN error code %d", code);

  /* The English message says where, as it always did. */
  g_assert_null(jq_pgn_read(pgn_error_cases[22].text, NULL, &err));
  g_assert_true(g_str_has_prefix(err.message, "line 4, ply 3: zz99: 'zz99': "));
  g_assert_null(jq_pgn_read(pgn_error_cases[23].text, NULL, &err));
  g_assert_true(g_str_has_prefix(err.message, "FEN: FEN board: unknown"));
}

/* Comments: the game's before the first move, one after any move, kept as
 * written (other tools' evaluations too) and written back where they were;
 * two after one move are joined into one, a line apart. */
static void test_comments(void) {
  const char *text = "[Variant \"xiangqi\"]\n\n"
                     "{Opening: 中炮} 1. h2e2 {+0.35/12} h9g7 {屏风马，稳健}\n"
                     "{second} 2. h0g2 { spaced } *\n";
  JqError err = {{0}};
  JqGame *game = jq_pgn_read(text, NULL, &err);
  if (!game)
    g_error("%s", err.message);
  g_assert_cmpint(jq_game_move_count(game), ==, 3);
  g_assert_cmpstr(jq_game_comment(game, 0), ==, "Opening: 中炮");
  g_assert_cmpstr(jq_game_comment(game, 1), ==, "+0.35/12");
  g_assert_cmpstr(jq_game_comment(game, 2), ==, "屏风马，稳健\nsecond");
  g_assert_cmpstr(jq_game_comment(game, 3), ==, " spaced ");
  char *pgn = jq_pgn_write(game, NULL);
  /* Black's move after a comment takes its number again, as PGN does. */
  g_assert_cmpstr(movetext(pgn), ==,
                  "{Opening: 中炮} 1. h2e2 {+0.35/12} 1... h9g7 {屏风马，稳健\n"
                  "second} 2. h0g2 { spaced } *\n\n");
  /* Read back, the same comments, and the same text again. */
  JqGame *back = jq_pgn_read(pgn, NULL, &err);
  g_assert_nonnull(back);
  for (int ply = 0; ply <= 3; ply++)
    g_assert_cmpstr(jq_game_comment(back, ply), ==, jq_game_comment(game, ply));
  char *again = jq_pgn_write(back, NULL);
  g_assert_cmpstr(again, ==, pgn);
  free(again);
  jq_game_free(back);
  free(pgn);

  /* In Chinese the same places. */
  JqPgnInfo info;
  jq_pgn_info_init(&info);
  info.style = JQ_PGN_CHINESE;
  pgn = jq_pgn_write(game, &info);
  g_assert_cmpstr(movetext(pgn), ==,
                  "{Opening: 中炮} 1. 炮二平五 {+0.35/12} 1... 马８进７\n"
                  "{屏风马，稳健\nsecond} 2. 马二进三 { spaced } *\n\n");
  back = jq_pgn_read(pgn, NULL, &err);
  g_assert_nonnull(back);
  g_assert_cmpstr(jq_game_comment(back, 2), ==, "屏风马，稳健\nsecond");
  jq_game_free(back);
  free(pgn);
  jq_game_free(game);

  /* Jieqi: a comment glued to a reveal is no part of its letters, and a
   * comment inside a variation belongs to the variation. */
  game = jq_pgn_read("[Variant \"jieqi\"]\n\n1. a3a4R{车!} (1. c3c4 {no}) "
                     "a6a5p{x} *\n",
                     NULL, &err);
  if (!game)
    g_error("%s", err.message);
  g_assert_cmpint(jq_game_move_at(game, 0).reveal.mover, ==, JQ_CHARIOT);
  g_assert_cmpint(jq_game_move_at(game, 1).reveal.mover, ==, JQ_PAWN);
  g_assert_cmpstr(jq_game_comment(game, 1), ==, "车!");
  g_assert_cmpstr(jq_game_comment(game, 2), ==, "x");
  pgn = jq_pgn_write(game, NULL);
  g_assert_cmpstr(movetext(pgn), ==, "1. a3a4R {车!} 1... a6a5p {x} *\n\n");
  free(pgn);
  jq_game_free(game);
}

/* A comment the game cannot keep is refused with where it is; an
 * unclosed one, as before. */
static void test_bad_comments(void) {
  /* An unclosed comment is an error, with its line. */
  const char *open = "[Variant \"xiangqi\"]\n\n1. h2e2 {never closed h9g7 *\n";
  JqError err = {{0}};
  g_assert_null(jq_pgn_read(open, NULL, &err));
  jq_test_assert_error(&err,
                       &(JqTestError){.code = JQ_ERROR_PGN_COMMENT_OPEN,
                                      .check = "line",
                                      .line = 3},
                       open);

  /* Another program's file is read whole: a comment that is not UTF-8
   * (a GBK file) is left out, the moves and the other comments kept. */
  const char *gbk = "[Variant \"xiangqi\"]\n\n1. h2e2\n{bad \xC3( utf-8} h9g7 "
                    "{fine} *\n";
  JqError err2 = {{0}};
  JqGame *game = jq_pgn_read(gbk, NULL, &err2);
  g_assert_nonnull(game);
  g_assert_cmpint(jq_game_move_count(game), ==, 2);
  g_assert_null(jq_game_comment(game, 1));
  g_assert_cmpstr(jq_game_comment(game, 2), ==, "fine");
  jq_game_free(game);

  /* Two comments after one move together longer than a comment may be:
   * cut at the limit, on a character boundary. */
  GString *text = g_string_new("[Variant \"xiangqi\"]\n\n1. h2e2 {");
  for (int i = 0; i < JQ_COMMENT_MAX - 10; i++)
    g_string_append_c(text, 'x');
  g_string_append(text, "}\n{\u7ea2\u65b9\u4e0a\u98ce\u3002} h9g7 *\n");
  JqError err3 = {{0}};
  game = jq_pgn_read(text->str, NULL, &err3);
  g_assert_nonnull(game);
  const char *cut = jq_game_comment(game, 1);
  g_assert_nonnull(cut);
  g_assert_cmpuint(strlen(cut), <=, JQ_COMMENT_MAX);
  g_assert_cmpuint(strlen(cut), >, JQ_COMMENT_MAX - 4);
  g_assert_true(g_utf8_validate(cut, -1, NULL));
  g_assert_true(g_str_has_prefix(cut, "xxxxxxxxxx"));
  g_assert_cmpint(jq_game_move_count(game), ==, 2);
  jq_game_free(game);
  g_string_free(text, TRUE);
}

/* A review's marks and scores: NAGs after the moves, [%eval] commands at
 * the start of the comments, the user's own text kept beside them. */
static void test_evals_and_nags(void) {
  const char *text =
      "[Variant \"xiangqi\"]\n\n"
      "{[%eval 0.20,10] Opening} 1. h2e2 $6 {[%eval -0.45,9]} h9g7 "
      "{[%eval 0.5] 屏风马} 2. h0g2?? $18 {[%eval #-3,7] oops} "
      "2... b9c7 $2 {[%eval -3.456,8]} *\n";
  JqError err = {{0}};
  JqGame *game = jq_pgn_read(text, NULL, &err);
  if (!game)
    g_error("%s", err.message);
  g_assert_cmpint(jq_game_move_count(game), ==, 4);
  g_assert_cmpint(jq_game_nag(game, 1), ==, JQ_NAG_DUBIOUS);
  g_assert_cmpint(jq_game_nag(game, 2), ==, JQ_NAG_NONE);
  g_assert_cmpint(jq_game_nag(game, 3), ==, JQ_NAG_BLUNDER); /* "??" */
  g_assert_cmpint(jq_game_nag(game, 4), ==, JQ_NAG_MISTAKE);
  struct {
    JqEvalKind kind;
    int value, depth;
    const char *comment;
  } want[5] = {
      {JQ_EVAL_CP, 20, 10, "Opening"}, {JQ_EVAL_CP, -45, 9, NULL},
      {JQ_EVAL_CP, 50, 0, "屏风马"},   {JQ_EVAL_MATE, -3, 7, "oops"},
      {JQ_EVAL_CP, -346, 8, NULL},
  };
  for (int ply = 0; ply <= 4; ply++) {
    JqEval eval;
    g_assert_true(jq_game_eval(game, ply, &eval));
    g_assert_cmpint(eval.kind, ==, want[ply].kind);
    g_assert_cmpint(eval.value, ==, want[ply].value);
    g_assert_cmpint(eval.depth, ==, want[ply].depth);
    g_assert_cmpstr(jq_game_comment(game, ply), ==, want[ply].comment);
  }
  char *pgn = jq_pgn_write(game, NULL);
  g_assert_cmpstr(movetext(pgn), ==,
                  "{[%eval 0.20,10] Opening} 1. h2e2 $6 {[%eval -0.45,9]} "
                  "1... h9g7\n{[%eval 0.50] 屏风马} 2. h0g2 $4 "
                  "{[%eval #-3,7] oops} 2... b9c7 $2\n"
                  "{[%eval -3.46,8]} *\n\n");
  /* Read back: the same, and the same text again. */
  JqGame *back = jq_pgn_read(pgn, NULL, &err);
  g_assert_nonnull(back);
  for (int ply = 0; ply <= 4; ply++) {
    JqEval a, b;
    g_assert_true(jq_game_eval(back, ply, &a));
    g_assert_true(jq_game_eval(game, ply, &b));
    g_assert_cmpint(a.kind, ==, b.kind);
    g_assert_cmpint(a.value, ==, b.value);
    g_assert_cmpint(a.depth, ==, b.depth);
    g_assert_cmpstr(jq_game_comment(back, ply), ==, jq_game_comment(game, ply));
    g_assert_cmpint(jq_game_nag(back, ply), ==, jq_game_nag(game, ply));
  }
  char *again = jq_pgn_write(back, NULL);
  g_assert_cmpstr(again, ==, pgn);
  free(again);
  /* A copy keeps them; undo takes the undone move's away. */
  JqGame *copy = jq_game_copy(back);
  jq_game_undo(copy);
  JqEval eval;
  g_assert_false(jq_game_eval(copy, 4, &eval));
  g_assert_cmpint(jq_game_nag(copy, 4), ==, JQ_NAG_NONE);
  g_assert_true(jq_game_eval(copy, 3, &eval));
  g_assert_cmpint(jq_game_nag(copy, 3), ==, JQ_NAG_BLUNDER);
  g_assert_true(jq_game_play(copy, jq_test_move("b9c7"), NULL));
  g_assert_false(jq_game_eval(copy, 4, &eval));
  g_assert_cmpint(jq_game_nag(copy, 4), ==, JQ_NAG_NONE);
  jq_game_free(copy);
  jq_game_free(back);
  free(pgn);

  /* Bad annotations change nothing. */
  g_assert_false(jq_game_set_nag(game, 0, JQ_NAG_MISTAKE));
  g_assert_false(jq_game_set_nag(game, 5, JQ_NAG_MISTAKE));
  g_assert_false(jq_game_set_nag(game, 1, JQ_NAG_MAX + 1));
  g_assert_cmpint(jq_game_nag(game, 1), ==, JQ_NAG_DUBIOUS);
  JqEval bad = {JQ_EVAL_MATE, 0, 3};
  g_assert_false(jq_game_set_eval(game, 1, &bad));
  bad = (JqEval){JQ_EVAL_CP, JQ_EVAL_CP_MAX + 1, 3};
  g_assert_false(jq_game_set_eval(game, 1, &bad));
  g_assert_true(jq_game_eval(game, 1, &eval));
  g_assert_cmpint(eval.value, ==, -45);
  g_assert_true(jq_game_set_eval(game, 1, NULL));
  g_assert_false(jq_game_eval(game, 1, &eval));
  jq_game_free(game);

  /* Malformed commands stay the user's text. */
  const char *odd[] = {"[%eval]", "[%eval x]", "[%eval 0.5", "[%eval #0]",
                       "[%evaluate 1]"};
  for (size_t i = 0; i < G_N_ELEMENTS(odd); i++) {
    char *t =
        g_strdup_printf("[Variant \"xiangqi\"]\n\n1. h2e2 {%s} *\n", odd[i]);
    game = jq_pgn_read(t, NULL, &err);
    g_assert_nonnull(game);
    g_assert_false(jq_game_eval(game, 1, &eval));
    g_assert_cmpstr(jq_game_comment(game, 1), ==, odd[i]);
    jq_game_free(game);
    g_free(t);
  }
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/pgn/xiangqi-tags-moves", test_xiangqi_tags_and_moves);
  g_test_add_func("/pgn/checkmate-fen", test_checkmate_from_fen);
  g_test_add_func("/pgn/declared-result", test_declared_result);
  g_test_add_func("/pgn/jieqi-reveals-deal", test_jieqi_reveals_and_deal);
  g_test_add_func("/pgn/unfinished-keeps-secrets",
                  test_unfinished_keeps_secrets);
  g_test_add_func("/pgn/unfinished-reads-back", test_unfinished_reads_back);
  g_test_add_func("/pgn/chinese", test_chinese_moves);
  g_test_add_func("/pgn/read-several", test_read_several);
  g_test_add_func("/pgn/bad-input", test_bad_input);
  g_test_add_func("/pgn/error-codes", test_error_codes);
  g_test_add_func("/pgn/long-tags", test_long_tags);
  g_test_add_func("/pgn/bom-crlf", test_bom_and_crlf);
  g_test_add_func("/pgn/decided-games", test_decided_games_read_back);
  g_test_add_func("/pgn/false-reasons", test_false_reasons);
  g_test_add_func("/pgn/contradictions", test_contradictions);
  g_test_add_func("/pgn/deal-against-reveals", test_deal_against_reveals);
  g_test_add_func("/pgn/chinese-reveals", test_chinese_reveals);
  g_test_add_func("/pgn/find-games", test_find_games);
  g_test_add_func("/pgn/comments", test_comments);
  g_test_add_func("/pgn/bad-comments", test_bad_comments);
  g_test_add_func("/pgn/evals-nags", test_evals_and_nags);
  return g_test_run();
}
