/* FEN: the three dialects read and written back, bad strings refused with
 * a message naming the field and nothing changed, garbage never crashing. */
#include <string.h>

#include <glib.h>

#include "jq-fen.h"
#include "jq-position.h"
#include "jq-test-util.h"
#include "jq-types.h"

#define PIKAFISH_START_JIEQI                                       \
  "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w " \
  "R2A2C2P5N2B2r2a2c2p5n2b2 0 1"

/* The xiangqi perft positions of the shared reference list. */
static const char *const perft_fens[] = {
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
    "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1",
    "5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1",
    "CRN1k1b2/3ca4/4ba3/9/2nr5/9/9/4B4/4A4/4KA3 w - - 0 1",
    "R1N1k1b2/9/3aba3/9/2nr5/2B6/9/4B4/4A4/4KA3 w - - 0 1",
    "C1nNk4/9/9/9/9/9/n1pp5/B3C4/9/3A1K3 w - - 0 1",
    "4ka3/4a4/9/9/4N4/p8/9/4C3c/7n1/2BK5 w - - 0 1",
    "2b1ka3/9/b3N4/4n4/9/9/9/4C4/2p6/2BK5 w - - 0 1",
    "1C2ka3/9/C1Nab1n2/p3p3p/6p2/9/P3P3P/3AB4/3p2c2/c1BAK4 w - - 0 1",
    "CnN1k1b2/c3a4/4ba3/9/2nr5/9/9/4C4/4A4/4KA3 w - - 0 1",
    "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - "
    "- 0 1",
    "4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1",
    "r2akab1r/3n5/4b3n/p1p1pRp1p/9/2P3P2/P3P3c/N2C3C1/4A4/1RBAK1B2 w - - 0 1",
};

/* After the red hidden cannon-point piece on b2 takes the hidden black
 * piece on b9 and turns up a pawn, the piece taken being a pawn: what Red
 * knows, and what Black knows (Black never learns what it lost). */
#define CAPTURE_RED_VIEW                                         \
  "xPxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/7X1/9/XXXXKXXXX b " \
  "A2B2N2R2C2P4a2b2n2r2c2p4 p1 0 1"
#define CAPTURE_BLACK_VIEW                                       \
  "xPxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/7X1/9/XXXXKXXXX b " \
  "A2B2N2R2C2P4a2b2n2r2c2p5 - 0 1"
#define CAPTURE_RED_VIEW_PIKAFISH                                \
  "xPxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/7X1/9/XXXXKXXXX b " \
  "R2A2C2P4N2B2r2a2c2p4n2b2 0 1"

static int sq(const char *name) {
  int s = jq_square_parse(name);
  g_assert_cmpint(s, >=, 0);
  return s;
}

static void parse_ok(const char *fen, JqFenVariant variant, JqPosition *pos) {
  JqError err = {{0}};
  if (!jq_fen_parse(fen, variant, pos, &err))
    g_error("refused valid FEN '%s': %s", fen, err.message);
}

static void assert_writes(const JqPosition *pos, JqFenDialect dialect,
                          const char *expected) {
  char buf[JQ_FEN_MAX];
  size_t n = jq_fen_write(pos, dialect, buf, sizeof buf);
  g_assert_cmpstr(buf, ==, expected);
  g_assert_cmpuint(n, ==, strlen(expected));
}

static void assert_round_trip(const char *fen, JqFenDialect dialect) {
  JqPosition pos;
  parse_ok(fen, JQ_FEN_VARIANT_AUTO, &pos);
  assert_writes(&pos, dialect, fen);
}

static int pool_total(const JqPosition *pos, JqColor c) {
  int n = 0;
  for (int t = 0; t < JQ_TYPE_COUNT; t++)
    n += pos->pool[c][t];
  return n;
}

static void test_start_xiangqi(void) {
  JqPosition parsed, start;
  parse_ok(JQ_START_FEN_XIANGQI, JQ_FEN_VARIANT_AUTO, &parsed);
  jq_position_init_start(&start, JQ_VARIANT_XIANGQI);
  g_assert_cmpint(parsed.variant, ==, JQ_VARIANT_XIANGQI);
  g_assert_cmpmem(parsed.board, sizeof parsed.board, start.board,
                  sizeof start.board);
  g_assert_cmpint(parsed.side, ==, JQ_RED);
  g_assert_cmpint(parsed.halfmove, ==, 0);
  g_assert_cmpint(parsed.fullmove, ==, 1);
  g_assert_cmpint(pool_total(&parsed, JQ_RED), ==, 0);
  g_assert_cmpint(pool_total(&parsed, JQ_BLACK), ==, 0);
  g_assert_cmpuint(parsed.hash, ==, start.hash);
  g_assert_cmpint(parsed.king[JQ_RED], ==, sq("e0"));
  g_assert_cmpint(parsed.king[JQ_BLACK], ==, sq("e9"));
  assert_writes(&parsed, JQ_FEN_XIANGQI, JQ_START_FEN_XIANGQI);
  /* A xiangqi position is written in the xiangqi dialect whatever asked. */
  assert_writes(&parsed, JQ_FEN_PIKAFISH, JQ_START_FEN_XIANGQI);
  assert_writes(&parsed, JQ_FEN_JIEQIBOX, JQ_START_FEN_XIANGQI);
  assert_writes(&start, JQ_FEN_XIANGQI, JQ_START_FEN_XIANGQI);
}

static void test_start_jieqi(void) {
  JqPosition parsed, start;
  parse_ok(JQ_START_FEN_JIEQI, JQ_FEN_VARIANT_AUTO, &parsed);
  jq_position_init_start(&start, JQ_VARIANT_JIEQI);
  g_assert_cmpint(parsed.variant, ==, JQ_VARIANT_JIEQI);
  g_assert_cmpmem(parsed.board, sizeof parsed.board, start.board,
                  sizeof start.board);
  g_assert_cmpmem(parsed.pool, sizeof parsed.pool, start.pool,
                  sizeof start.pool);
  /* Hidden pieces move as the role of their point. */
  g_assert_cmpint(parsed.board[sq("b0")], ==,
                  jq_piece_make_hidden(JQ_RED, JQ_HORSE));
  g_assert_cmpint(parsed.board[sq("h7")], ==,
                  jq_piece_make_hidden(JQ_BLACK, JQ_CANNON));
  g_assert_cmpint(parsed.board[sq("e0")], ==, jq_piece_make(JQ_RED, JQ_KING));
  g_assert_cmpint(parsed.hidden_count[JQ_RED], ==, 15);
  g_assert_cmpint(parsed.hidden_count[JQ_BLACK], ==, 15);
  g_assert_cmpint(parsed.captured_unknown[JQ_RED], ==, 0);
  g_assert_cmpint(parsed.captured_unknown[JQ_BLACK], ==, 0);
  g_assert_cmpint(parsed.capture_count, ==, 0);
  g_assert_cmpuint(parsed.hash, ==, start.hash);
  assert_writes(&parsed, JQ_FEN_JIEQIBOX, JQ_START_FEN_JIEQI);
  assert_writes(&parsed, JQ_FEN_PIKAFISH, PIKAFISH_START_JIEQI);
  assert_writes(&start, JQ_FEN_JIEQIBOX, JQ_START_FEN_JIEQI);
  assert_writes(&start, JQ_FEN_PIKAFISH, PIKAFISH_START_JIEQI);
  assert_round_trip(PIKAFISH_START_JIEQI, JQ_FEN_PIKAFISH);
}

static void test_perft_positions(void) {
  for (size_t i = 0; i < G_N_ELEMENTS(perft_fens); i++) {
    JqPosition pos;
    parse_ok(perft_fens[i], JQ_FEN_VARIANT_AUTO, &pos);
    g_assert_cmpint(pos.variant, ==, JQ_VARIANT_XIANGQI);
    g_assert_cmpuint(pos.hash, ==, jq_position_compute_hash(&pos));
    assert_writes(&pos, JQ_FEN_XIANGQI, perft_fens[i]);
  }
  g_assert_cmpuint(G_N_ELEMENTS(perft_fens), ==, 14);
}

/* Both views of the capture of rules.md section 5, made on the board and
 * read from their FEN strings. */
static void test_capture_views(void) {
  JqMove m = jq_move_make(sq("b2"), sq("b9"));
  JqPosition red, black, parsed;
  jq_position_init_start(&red, JQ_VARIANT_JIEQI);
  jq_position_make_move(&red, m, (JqReveal){JQ_PAWN, JQ_PAWN});
  jq_position_init_start(&black, JQ_VARIANT_JIEQI);
  jq_position_make_move(&black, m, (JqReveal){JQ_PAWN, JQ_NO_TYPE});

  assert_writes(&red, JQ_FEN_JIEQIBOX, CAPTURE_RED_VIEW);
  assert_writes(&black, JQ_FEN_JIEQIBOX, CAPTURE_BLACK_VIEW);
  assert_writes(&red, JQ_FEN_PIKAFISH, CAPTURE_RED_VIEW_PIKAFISH);
  g_assert_true(g_str_has_suffix(CAPTURE_RED_VIEW, "p4 p1 0 1"));
  g_assert_true(g_str_has_suffix(CAPTURE_BLACK_VIEW, "p5 - 0 1"));

  parse_ok(CAPTURE_RED_VIEW, JQ_FEN_VARIANT_AUTO, &parsed);
  g_assert_cmpmem(parsed.board, sizeof parsed.board, red.board,
                  sizeof red.board);
  g_assert_cmpmem(parsed.pool, sizeof parsed.pool, red.pool, sizeof red.pool);
  g_assert_cmpint(parsed.side, ==, JQ_BLACK);
  g_assert_cmpint(parsed.hidden_count[JQ_BLACK], ==, 14);
  g_assert_cmpint(parsed.captured_unknown[JQ_BLACK], ==, 0);
  g_assert_cmpint(parsed.captured_unknown[JQ_RED], ==, 0);
  g_assert_cmpint(parsed.capture_count, ==, 1);
  g_assert_true(jq_piece_is_hidden(parsed.captures[0].piece));
  g_assert_cmpint(jq_piece_color(parsed.captures[0].piece), ==, JQ_BLACK);
  g_assert_cmpint(parsed.captures[0].identity, ==, JQ_PAWN);
  g_assert_cmpuint(parsed.hash, ==, jq_position_compute_hash(&red));

  parse_ok(CAPTURE_BLACK_VIEW, JQ_FEN_VARIANT_AUTO, &parsed);
  g_assert_cmpmem(parsed.board, sizeof parsed.board, black.board,
                  sizeof black.board);
  g_assert_cmpmem(parsed.pool, sizeof parsed.pool, black.pool,
                  sizeof black.pool);
  g_assert_cmpint(parsed.captured_unknown[JQ_BLACK], ==, 1);
  g_assert_cmpint(parsed.capture_count, ==, 0);
  g_assert_cmpuint(parsed.hash, ==, jq_position_compute_hash(&black));
}

static void test_dialect_conversion(void) {
  JqPosition pos, back;
  parse_ok(PIKAFISH_START_JIEQI, JQ_FEN_VARIANT_AUTO, &pos);
  assert_writes(&pos, JQ_FEN_JIEQIBOX, JQ_START_FEN_JIEQI);
  parse_ok(JQ_START_FEN_JIEQI, JQ_FEN_VARIANT_AUTO, &pos);
  assert_writes(&pos, JQ_FEN_PIKAFISH, PIKAFISH_START_JIEQI);

  /* Pikafish has no captured field: the learned identity is dropped, while
   * the pools still say what may be hidden. */
  parse_ok(CAPTURE_RED_VIEW, JQ_FEN_VARIANT_AUTO, &pos);
  assert_writes(&pos, JQ_FEN_PIKAFISH, CAPTURE_RED_VIEW_PIKAFISH);
  parse_ok(CAPTURE_RED_VIEW_PIKAFISH, JQ_FEN_VARIANT_AUTO, &back);
  g_assert_cmpmem(back.board, sizeof back.board, pos.board, sizeof pos.board);
  g_assert_cmpmem(back.pool, sizeof back.pool, pos.pool, sizeof pos.pool);
  g_assert_cmpint(back.captured_unknown[JQ_BLACK], ==, 0);
  g_assert_cmpint(back.capture_count, ==, 0);
  assert_writes(&back, JQ_FEN_JIEQIBOX,
                "xPxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/7X1/9/XXXXKXXXX b "
                "A2B2N2R2C2P4a2b2n2r2c2p4 - 0 1");

  /* A jieqi position asked for in the xiangqi dialect keeps its pools. */
  assert_writes(&pos, JQ_FEN_XIANGQI, CAPTURE_RED_VIEW);
}

/* Readings GUIs produce that are accepted: synonyms, defaults, any order. */
static void test_lenient_input(void) {
  JqPosition a, b;
  parse_ok(JQ_START_FEN_XIANGQI, JQ_FEN_VARIANT_AUTO, &a);
  parse_ok(
      "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r - - 0 "
      "1",
      JQ_FEN_VARIANT_AUTO, &b);
  g_assert_cmpmem(a.board, sizeof a.board, b.board, sizeof b.board);
  g_assert_cmpint(b.side, ==, JQ_RED);
  assert_writes(&b, JQ_FEN_XIANGQI, JQ_START_FEN_XIANGQI);

  /* The board alone: Red to move, clocks at their defaults. */
  parse_ok("  rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR\n",
           JQ_FEN_VARIANT_AUTO, &b);
  assert_writes(&b, JQ_FEN_XIANGQI, JQ_START_FEN_XIANGQI);
  parse_ok("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b",
           JQ_FEN_VARIANT_AUTO, &b);
  g_assert_cmpint(b.side, ==, JQ_BLACK);
  g_assert_cmpint(b.halfmove, ==, 0);
  g_assert_cmpint(b.fullmove, ==, 1);
  parse_ok("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - "
           "17 42",
           JQ_FEN_VARIANT_AUTO, &b);
  g_assert_cmpint(b.halfmove, ==, 17);
  g_assert_cmpint(b.fullmove, ==, 42);
  /* Some programs count moves from 0: read as the first move. */
  parse_ok("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - "
           "3 0",
           JQ_FEN_VARIANT_AUTO, &a);
  g_assert_cmpint(a.fullmove, ==, 1);
  g_assert_cmpint(a.halfmove, ==, 3);
  assert_writes(&b, JQ_FEN_XIANGQI,
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w "
                "- - 17 42");
  /* Counters right after the pool: the Pikafish layout. */
  parse_ok("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - 5 "
           "9",
           JQ_FEN_VARIANT_AUTO, &b);
  g_assert_cmpint(b.variant, ==, JQ_VARIANT_XIANGQI);
  g_assert_cmpint(b.halfmove, ==, 5);
  g_assert_cmpint(b.fullmove, ==, 9);

  /* Pool letters in any order, H/E synonyms. */
  parse_ok(JQ_START_FEN_JIEQI, JQ_FEN_VARIANT_AUTO, &a);
  parse_ok("xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w "
           "p5c2r2h2e2a2P5C2R2H2E2A2",
           JQ_FEN_VARIANT_AUTO, &b);
  g_assert_cmpmem(a.pool, sizeof a.pool, b.pool, sizeof b.pool);
  g_assert_cmpuint(a.hash, ==, b.hash);
  assert_writes(&b, JQ_FEN_JIEQIBOX, JQ_START_FEN_JIEQI);

  /* Forcing jieqi on a board without hidden pieces. */
  parse_ok(JQ_START_FEN_XIANGQI, JQ_FEN_VARIANT_JIEQI, &b);
  g_assert_cmpint(b.variant, ==, JQ_VARIANT_JIEQI);
  assert_writes(&b, JQ_FEN_JIEQIBOX, JQ_START_FEN_XIANGQI);
  assert_writes(&b, JQ_FEN_PIKAFISH,
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w "
                "- 0 1");

  /* Jieqi lets revealed advisors, elephants and pawns stand anywhere, and
   * hidden pieces lost unseen are counted; a letter without count is 1. */
  parse_ok("3akx3/9/4B4/9/9/4p4/9/P8/9/4K4 w Aa - 3 20", JQ_FEN_VARIANT_AUTO,
           &b);
  g_assert_cmpint(b.variant, ==, JQ_VARIANT_JIEQI);
  g_assert_cmpint(b.pool[JQ_RED][JQ_ADVISOR], ==, 1);
  g_assert_cmpint(b.pool[JQ_BLACK][JQ_ADVISOR], ==, 1);
  g_assert_cmpint(b.captured_unknown[JQ_RED], ==, 1);
  g_assert_cmpint(b.captured_unknown[JQ_BLACK], ==, 0);
  g_assert_cmpint(b.hidden_count[JQ_RED], ==, 0);
  g_assert_cmpint(b.hidden_count[JQ_BLACK], ==, 1);
  g_assert_cmpint(b.board[sq("f9")], ==,
                  jq_piece_make_hidden(JQ_BLACK, JQ_ADVISOR));
  g_assert_cmpint(b.board[sq("e7")], ==, jq_piece_make(JQ_RED, JQ_ELEPHANT));
  assert_writes(&b, JQ_FEN_JIEQIBOX,
                "3akx3/9/4B4/9/9/4p4/9/P8/9/4K4 w A1a1 - 3 20");
}

typedef struct {
  const char *fen;
  JqFenVariant variant;
  const char *expect; /* text the message must contain */
} BadFen;

#define B9 "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9"
#define XQ_TAIL " w - - 0 1"
#define JQ_BOARD "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX"
#define JQ_POOL "A2B2N2R2C2P5a2b2n2r2c2p5"

static const BadFen bad_fens[] = {
    {"", JQ_FEN_VARIANT_AUTO, "FEN board"},
    {" \t\n", JQ_FEN_VARIANT_AUTO, "FEN board"},
    {B9 XQ_TAIL, JQ_FEN_VARIANT_AUTO, "FEN board: 9 ranks"},
    {B9 "/RNBAKABNR/9" XQ_TAIL, JQ_FEN_VARIANT_AUTO, "FEN board: more than 10"},
    {"rnbakabnr1/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR" XQ_TAIL,
     JQ_FEN_VARIANT_AUTO, "FEN board: rank 9 has 10 files"},
    {"rnbakabnr/9/1c5c2/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR" XQ_TAIL,
     JQ_FEN_VARIANT_AUTO, "FEN board: rank 7 has 10 files"},
    {"rnbakabn/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR" XQ_TAIL,
     JQ_FEN_VARIANT_AUTO, "FEN board: rank 9 has 8 files"},
    {"rnbakabnr/55/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR" XQ_TAIL,
     JQ_FEN_VARIANT_AUTO, "FEN board: rank 8 has 10 files"},
    {"rnbakabnr/09/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR" XQ_TAIL,
     JQ_FEN_VARIANT_AUTO, "FEN board"},
    {"rnbakabnr/9/1c5c1/p1p1p1Z1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR" XQ_TAIL,
     JQ_FEN_VARIANT_AUTO, "FEN board: unknown piece letter 'Z'"},
    {"rnbakabnr/9/1c5c1/p1p1p1\x01\x31p/9/9/P1P1P1P1P/1C5C1/9/"
     "RNBAKABNR" XQ_TAIL,
     JQ_FEN_VARIANT_AUTO, "FEN board: unknown piece letter '\\x01'"},
    {B9 "/RNBA1ABNR" XQ_TAIL, JQ_FEN_VARIANT_AUTO,
     "FEN board: Red has no king"},
    {"rnbakabnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR" XQ_TAIL,
     JQ_FEN_VARIANT_AUTO, "FEN board: Black has 2 kings"},
    {"rnba1abnr/9/1c5c1/p1p1p1p1p/4k4/9/P1P1P1P1P/1C5C1/9/RNBAKABNR" XQ_TAIL,
     JQ_FEN_VARIANT_AUTO, "FEN board: Black king on e5 is outside its palace"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/A8/RNB1KABNR" XQ_TAIL,
     JQ_FEN_VARIANT_AUTO, "FEN board: Red advisor on a1"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/4B4/P1P1P1P1P/1C5C1/9/RN1AKABNR" XQ_TAIL,
     JQ_FEN_VARIANT_AUTO, "FEN board: Red elephant on e4"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/2P1P1P1P/1C5C1/P8/RNBAKABNR" XQ_TAIL,
     JQ_FEN_VARIANT_AUTO, "FEN board: Red pawn on a1"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/1PP1P1P1P/1C5C1/9/RNBAKABNR" XQ_TAIL,
     JQ_FEN_VARIANT_AUTO, "FEN board: Red pawn on b3"},
    {"rnbakabnr/9/1c5c1/1pp1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR" XQ_TAIL,
     JQ_FEN_VARIANT_AUTO, "FEN board: Black pawn on b6"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/R8/RNBAKABNR" XQ_TAIL,
     JQ_FEN_VARIANT_AUTO, "FEN board: Red has 3 chariots"},
    {"xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/4X4/X1X1X1X1X/1X5X1/9/XXXXKXXXX w " JQ_POOL
     " - 0 1",
     JQ_FEN_VARIANT_AUTO, "FEN board: hidden piece 'X' on e4"},
    {"xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/xXXXKXXXX w " JQ_POOL
     " - 0 1",
     JQ_FEN_VARIANT_AUTO, "not a Black starting point"},
    {"xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXXXXXX w " JQ_POOL
     " - 0 1",
     JQ_FEN_VARIANT_AUTO, "FEN board: hidden piece on e0"},
    {JQ_START_FEN_JIEQI, JQ_FEN_VARIANT_XIANGQI, "FEN board: hidden pieces"},
    {B9 "/RNBAKABNR x - - 0 1", JQ_FEN_VARIANT_AUTO,
     "FEN side: expected 'w' or 'b', got 'x'"},
    {B9 "/RNBAKABNR wb - - 0 1", JQ_FEN_VARIANT_AUTO, "FEN side"},
    {JQ_BOARD " w A2B2N2R2C2P7a2b2n2r2c2p5 - 0 1", JQ_FEN_VARIANT_AUTO,
     "FEN pool: count for 'P' is 7, more than 5"},
    {JQ_BOARD " w A2B2N2R2C2P5a2b2n2r2c2p5Q1 - 0 1", JQ_FEN_VARIANT_AUTO,
     "FEN pool: unknown piece letter 'Q'"},
    {JQ_BOARD " w K1A2B2N2R2C2P5a2b2n2r2c2p5 - 0 1", JQ_FEN_VARIANT_AUTO,
     "FEN pool: 'K'"},
    {JQ_BOARD " w A1A1B2N2R2C2P5a2b2n2r2c2p5 - 0 1", JQ_FEN_VARIANT_AUTO,
     "FEN pool: 'A' is given twice"},
    {JQ_BOARD " w A2B2N2R2C2P4a2b2n2r2c2p5 - 0 1", JQ_FEN_VARIANT_AUTO,
     "FEN pool: Red has 15 hidden pieces on the board but the pool holds "
     "only 14"},
    {JQ_BOARD " w - - 0 1", JQ_FEN_VARIANT_AUTO, "FEN pool: Red has 15"},
    {JQ_BOARD " w R3A2C2P5N2B2r2a2c2p5n2b2 0 1", JQ_FEN_VARIANT_AUTO,
     "FEN pool: count for 'R' is 3"},
    {JQ_BOARD " w R2A2C2P5N2B2r2a2c2p123456789012n2b2 0 1", JQ_FEN_VARIANT_AUTO,
     "FEN pool: count for 'p' is too large"},
    {JQ_BOARD " w R2A2C2P5N2B2X1r2a2c2p5n2b2 0 1", JQ_FEN_VARIANT_AUTO,
     "FEN pool: 'X' is not a piece type"},
    {B9 "/RNBAKABNR w R1 0 1", JQ_FEN_VARIANT_AUTO,
     "FEN pool: too many Red chariots"},
    {B9 "/RNBAKABNR w R1 0 1", JQ_FEN_VARIANT_XIANGQI,
     "FEN pool: a xiangqi position"},
    {B9 "/RNBAKABNR w - p1 0 1", JQ_FEN_VARIANT_XIANGQI,
     "FEN captured: a xiangqi position"},
    {JQ_BOARD " w " JQ_POOL " Q1 0 1", JQ_FEN_VARIANT_AUTO,
     "FEN captured: unknown piece letter 'Q'"},
    {JQ_BOARD " w " JQ_POOL " p1 0 1", JQ_FEN_VARIANT_AUTO,
     "FEN captured: too many Black pawns"},
    {JQ_BOARD " w " JQ_POOL " r9 0 1", JQ_FEN_VARIANT_AUTO,
     "FEN captured: count for 'r' is 9"},
    {B9 "/RNBAKABNR w - - -1 1", JQ_FEN_VARIANT_AUTO,
     "FEN halfmove: '-1' is negative"},
    {B9 "/RNBAKABNR w - - 1x 1", JQ_FEN_VARIANT_AUTO,
     "FEN halfmove: expected a number, got '1x'"},
    {B9 "/RNBAKABNR w - - +3 1", JQ_FEN_VARIANT_AUTO, "FEN halfmove"},
    {B9 "/RNBAKABNR w - - 99999999999999999999 1", JQ_FEN_VARIANT_AUTO,
     "FEN halfmove: '99999999999999999999' is too large"},
    {B9 "/RNBAKABNR w - - 0 x", JQ_FEN_VARIANT_AUTO,
     "FEN fullmove: expected a number, got 'x'"},
    {B9 "/RNBAKABNR w - - 0 -4", JQ_FEN_VARIANT_AUTO,
     "FEN fullmove: '-4' is negative"},
    {B9 "/RNBAKABNR w - - 0 100001", JQ_FEN_VARIANT_AUTO,
     "FEN fullmove: '100001' is too large"},
    {B9 "/RNBAKABNR w - - 0 1 extra", JQ_FEN_VARIANT_AUTO,
     "FEN fullmove: unexpected text 'extra'"},
    {B9 "/RNBAKABNR w - 0 1 2", JQ_FEN_VARIANT_AUTO,
     "FEN fullmove: unexpected text '2'"},
    {JQ_START_FEN_JIEQI " 7", JQ_FEN_VARIANT_AUTO,
     "FEN fullmove: unexpected text '7'"},
    {"4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", JQ_FEN_VARIANT_AUTO,
     "FEN side: Red to move while Black's king is in check"},
    {"4k4/9/9/9/4R4/9/9/9/9/3K5 w - - 0 1", JQ_FEN_VARIANT_AUTO,
     "FEN side: Red to move while Black's king is in check"},
};

static void test_bad_fens(void) {
  g_assert_cmpuint(G_N_ELEMENTS(bad_fens), >=, 30);
  for (size_t i = 0; i < G_N_ELEMENTS(bad_fens); i++) {
    JqPosition pos, before;
    /* A non-trivial target, so that a partial write would show. */
    parse_ok(CAPTURE_RED_VIEW, JQ_FEN_VARIANT_AUTO, &pos);
    memcpy(&before, &pos, sizeof pos);
    JqError err;
    memset(&err, 0, sizeof err);
    gboolean ok =
        jq_fen_parse(bad_fens[i].fen, bad_fens[i].variant, &pos, &err);
    if (ok)
      g_error("accepted bad FEN #%zu '%s'", i, bad_fens[i].fen);
    if (strstr(err.message, bad_fens[i].expect) == NULL)
      g_error("bad FEN #%zu '%s': message '%s' lacks '%s'", i, bad_fens[i].fen,
              err.message, bad_fens[i].expect);
    g_assert_true(memcmp(&pos, &before, sizeof pos) == 0);
    /* No error record asked for: still refused, still nothing changed. */
    g_assert_false(
        jq_fen_parse(bad_fens[i].fen, bad_fens[i].variant, &pos, NULL));
    g_assert_true(memcmp(&pos, &before, sizeof pos) == 0);
  }

  JqPosition pos, before;
  jq_position_init_start(&pos, JQ_VARIANT_JIEQI);
  memcpy(&before, &pos, sizeof pos);
  JqError err = {{0}};
  g_assert_false(jq_fen_parse(NULL, JQ_FEN_VARIANT_AUTO, &pos, &err));
  g_assert_nonnull(strstr(err.message, "FEN"));
  g_assert_true(memcmp(&pos, &before, sizeof pos) == 0);
}

/* Each FEN error's code and arguments, which the app words in its own
 * language: one string per code. */
typedef struct {
  const char *fen;
  JqFenVariant variant;
  JqTestError want;
} FenErrorCase;

#define AUTO JQ_FEN_VARIANT_AUTO
#define E(c, checked, ...) \
  { .code = JQ_ERROR_##c, .check = checked, __VA_ARGS__ }

static const FenErrorCase fen_error_cases[] = {
    {"", AUTO, E(FEN_EMPTY, "")},
    {"rnbakabnr1/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR" XQ_TAIL,
     AUTO, E(FEN_RANK_WIDTH, "n0 n1", .args = {.n = {9, 10}})},
    {B9 "/RNBAKABNR/9" XQ_TAIL, AUTO, E(FEN_TOO_MANY_RANKS, "")},
    {B9 XQ_TAIL, AUTO, E(FEN_TOO_FEW_RANKS, "n0", .args = {.n = {9}})},
    {"rnbakabnr/09/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR" XQ_TAIL,
     AUTO, E(FEN_ZERO_COUNT, "n0", .args = {.n = {8}})},
    {"rnbakabnr/9/1c5c1/p1p1p1Z1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR" XQ_TAIL,
     AUTO,
     E(FEN_UNKNOWN_LETTER, "field text",
       .args = {.field = JQ_ERROR_FIELD_BOARD, .text = "Z"})},
    {JQ_BOARD " w A2B2N2R2C2P5a2b2n2r2c2p5Q1 - 0 1", AUTO,
     E(FEN_UNKNOWN_LETTER, "field text",
       .args = {.field = JQ_ERROR_FIELD_POOL, .text = "Q"})},
    {"xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXXXXXX w " JQ_POOL
     " - 0 1",
     AUTO, E(FEN_HIDDEN_KING_POINT, "square", .square = "e0")},
    {"xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/4X4/X1X1X1X1X/1X5X1/9/XXXXKXXXX w " JQ_POOL
     " - 0 1",
     AUTO,
     E(FEN_HIDDEN_OFF_START, "color square", .args = {.color = JQ_RED},
       .square = "e4")},
    {B9 "/RNBAKABNR x - - 0 1", AUTO,
     E(FEN_BAD_SIDE, "field text",
       .args = {.field = JQ_ERROR_FIELD_SIDE, .text = "x"})},
    {JQ_BOARD " w R2A2C2P5N2B2X1r2a2c2p5n2b2 0 1", AUTO,
     E(FEN_HIDDEN_IN_COUNT, "field letter",
       .args = {.field = JQ_ERROR_FIELD_POOL, .letter = 'X'})},
    {JQ_BOARD " w K1A2B2N2R2C2P5a2b2n2r2c2p5 - 0 1", AUTO,
     E(FEN_KING_IN_COUNT, "field letter",
       .args = {.field = JQ_ERROR_FIELD_POOL, .letter = 'K'})},
    {JQ_BOARD " w " JQ_POOL " r1r1 0 1", AUTO,
     E(FEN_LETTER_TWICE, "field letter",
       .args = {.field = JQ_ERROR_FIELD_CAPTURED, .letter = 'r'})},
    {JQ_BOARD " w R2A2C2P5N2B2r2a2c2p123456789012n2b2 0 1", AUTO,
     E(FEN_COUNT_HUGE, "field letter n0",
       .args = {.field = JQ_ERROR_FIELD_POOL, .letter = 'p', .n = {5}})},
    {JQ_BOARD " w A2B2N2R2C2P7a2b2n2r2c2p5 - 0 1", AUTO,
     E(FEN_COUNT_TOO_MANY, "field letter n0 n1",
       .args = {.field = JQ_ERROR_FIELD_POOL, .letter = 'P', .n = {7, 5}})},
    {B9 "/RNBAKABNR w - - -1 1", AUTO,
     E(FEN_NEGATIVE, "field text",
       .args = {.field = JQ_ERROR_FIELD_HALFMOVE, .text = "-1"})},
    {B9 "/RNBAKABNR w - - 0 x", AUTO,
     E(FEN_NOT_A_NUMBER, "field text",
       .args = {.field = JQ_ERROR_FIELD_FULLMOVE, .text = "x"})},
    {B9 "/RNBAKABNR w - - 0 100001", AUTO,
     E(FEN_NUMBER_TOO_LARGE, "field text n0",
       .args = {.field = JQ_ERROR_FIELD_FULLMOVE,
                .text = "100001",
                .n = {100000}})},
    {B9 "/RNBAKABNR w - - 0 1 extra", AUTO,
     E(FEN_TRAILING_TEXT, "text", .args = {.text = "extra"})},
    {"rnba1abnr/9/1c5c1/p1p1p1p1p/4k4/9/P1P1P1P1P/1C5C1/9/RNBAKABNR" XQ_TAIL,
     AUTO,
     E(FEN_KING_OUTSIDE_PALACE, "color square", .args = {.color = JQ_BLACK},
       .square = "e5")},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/A8/RNB1KABNR" XQ_TAIL,
     AUTO,
     E(FEN_PIECE_OFF_POINTS, "color type square",
       .args = {.color = JQ_RED, .type = JQ_ADVISOR}, .square = "a1")},
    {B9 "/RNBA1ABNR" XQ_TAIL, AUTO,
     E(FEN_NO_KING, "color", .args = {.color = JQ_RED})},
    {"rnbakabnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR" XQ_TAIL,
     AUTO, E(FEN_KINGS, "color n0", .args = {.color = JQ_BLACK, .n = {2}})},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/R8/RNBAKABNR" XQ_TAIL,
     AUTO,
     E(FEN_TOO_MANY_ON_BOARD, "color type n0 n1",
       .args = {.color = JQ_RED, .type = JQ_CHARIOT, .n = {3, 2}})},
    {B9 "/RNBAKABNR w R1 0 1", AUTO,
     E(FEN_POOL_TOO_MANY, "field color type n0 n1 n2",
       .args = {.field = JQ_ERROR_FIELD_POOL,
                .color = JQ_RED,
                .type = JQ_CHARIOT,
                .n = {2, 1, 2}})},
    {JQ_BOARD " w " JQ_POOL " p1 0 1", AUTO,
     E(FEN_CAPTURED_TOO_MANY, "field color type n0 n1 n2 n3",
       .args = {.field = JQ_ERROR_FIELD_CAPTURED,
                .color = JQ_BLACK,
                .type = JQ_PAWN,
                .n = {0, 5, 1, 5}})},
    {JQ_BOARD " w A2B2N2R2C2P4a2b2n2r2c2p5 - 0 1", AUTO,
     E(FEN_POOL_SHORT, "field color n0 n1",
       .args = {.field = JQ_ERROR_FIELD_POOL, .color = JQ_RED, .n = {15, 14}})},
    {JQ_START_FEN_JIEQI, JQ_FEN_VARIANT_XIANGQI, E(FEN_XIANGQI_HIDDEN, "")},
    {B9 "/RNBAKABNR w R1 0 1", JQ_FEN_VARIANT_XIANGQI,
     E(FEN_XIANGQI_POOL, "field", .args = {.field = JQ_ERROR_FIELD_POOL})},
    {B9 "/RNBAKABNR w - p1 0 1", JQ_FEN_VARIANT_XIANGQI,
     E(FEN_XIANGQI_CAPTURED, "field",
       .args = {.field = JQ_ERROR_FIELD_CAPTURED})},
    {"4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", AUTO,
     E(FEN_CHECK_TO_TAKE, "field color",
       .args = {.field = JQ_ERROR_FIELD_SIDE, .color = JQ_RED})},
    {NULL, AUTO, E(BAD_CALL, "")},
};

#undef E
#undef AUTO

static void test_error_codes(void) {
  bool covered[JQ_ERROR_CODE_COUNT] = {false};
  for (size_t i = 0; i < G_N_ELEMENTS(fen_error_cases); i++) {
    const FenErrorCase *c = &fen_error_cases[i];
    JqPosition pos;
    JqError err = {{0}};
    char *what = g_strdup_printf("FEN case %zu '%s'", i, c->fen);
    if (jq_fen_parse(c->fen, c->variant, &pos, &err))
      g_error("%s: accepted", what);
    jq_test_assert_error(&err, &c->want, what);
    /* Not placed in a file. */
    g_assert_cmpint(err.line, ==, 0);
    g_assert_cmpstr(err.tag, ==, "");
    covered[c->want.code] = true;
    g_free(what);
  }
  for (int code = JQ_ERROR_FEN_EMPTY; code <= JQ_ERROR_FEN_CHECK_TO_TAKE;
       code++)
    if (!covered[code])
      g_error("no case for FEN error code %d", code);
}

static void test_write_buffer(void) {
  JqPosition pos;
  parse_ok(CAPTURE_RED_VIEW, JQ_FEN_VARIANT_AUTO, &pos);
  size_t len = strlen(CAPTURE_RED_VIEW);
  char buf[JQ_FEN_MAX + 16];
  for (size_t size = 0; size <= len; size++) {
    memset(buf, '#', sizeof buf);
    g_assert_cmpuint(jq_fen_write(&pos, JQ_FEN_JIEQIBOX, buf, size), ==, 0);
    for (size_t i = size; i < sizeof buf; i++)
      g_assert_cmpint(buf[i], ==, '#');
  }
  memset(buf, '#', sizeof buf);
  g_assert_cmpuint(jq_fen_write(&pos, JQ_FEN_JIEQIBOX, buf, len + 1), ==, len);
  g_assert_cmpstr(buf, ==, CAPTURE_RED_VIEW);
  g_assert_cmpint(buf[len + 1], ==, '#');
}

/* A parsed string must write back to one that reads as the same position. */
static void check_parse_result(const char *fen) {
  JqPosition pos, before, again;
  jq_position_init_start(&pos, JQ_VARIANT_JIEQI);
  memcpy(&before, &pos, sizeof pos);
  JqError err;
  memset(&err, 0, sizeof err);
  if (!jq_fen_parse(fen, JQ_FEN_VARIANT_AUTO, &pos, &err)) {
    g_assert_true(g_str_has_prefix(err.message, "FEN "));
    g_assert_true(memcmp(&pos, &before, sizeof pos) == 0);
    return;
  }
  char out[JQ_FEN_MAX], out2[JQ_FEN_MAX];
  JqFenDialect dialect =
      jq_position_is_jieqi(&pos) ? JQ_FEN_JIEQIBOX : JQ_FEN_XIANGQI;
  g_assert_cmpuint(jq_fen_write(&pos, dialect, out, sizeof out), >, 0);
  JqFenVariant v = jq_position_is_jieqi(&pos) ? JQ_FEN_VARIANT_JIEQI
                                              : JQ_FEN_VARIANT_XIANGQI;
  memset(&err, 0, sizeof err);
  if (!jq_fen_parse(out, v, &again, &err))
    g_error("'%s' parsed but its rewrite '%s' did not: %s", fen, out,
            err.message);
  g_assert_cmpuint(again.hash, ==, pos.hash);
  g_assert_cmpmem(again.board, sizeof again.board, pos.board, sizeof pos.board);
  g_assert_cmpmem(again.pool, sizeof again.pool, pos.pool, sizeof pos.pool);
  g_assert_cmpint(again.side, ==, pos.side);
  g_assert_cmpuint(jq_fen_write(&again, dialect, out2, sizeof out2), >, 0);
  g_assert_cmpstr(out2, ==, out);
}

static void test_garbage(void) {
  const char *const seeds[] = {
      JQ_START_FEN_XIANGQI, JQ_START_FEN_JIEQI, PIKAFISH_START_JIEQI,
      CAPTURE_RED_VIEW,     CAPTURE_BLACK_VIEW, perft_fens[1],
      perft_fens[9],        perft_fens[11],
  };
  static const char alphabet[] = "KABNRCPXHEkabnrcpxhe0123456789/- \twbr";
  int accepted = 0, refused = 0;

  /* Every truncation of every seed. */
  for (size_t s = 0; s < G_N_ELEMENTS(seeds); s++) {
    size_t len = strlen(seeds[s]);
    for (size_t cut = 0; cut <= len; cut++) {
      char *t = g_strndup(seeds[s], cut);
      check_parse_result(t);
      g_free(t);
    }
  }

  /* Random edits, from a fixed seed so a failure can be replayed. */
  GRand *rand = g_rand_new_with_seed(20240607u);
  for (int iter = 0; iter < 4000; iter++) {
    const char *seed = seeds[g_rand_int_range(rand, 0, G_N_ELEMENTS(seeds))];
    char text[256];
    size_t len = strlen(seed);
    memcpy(text, seed, len + 1);
    int edits = g_rand_int_range(rand, 1, 4);
    for (int e = 0; e < edits; e++) {
      size_t at = len ? (size_t)g_rand_int_range(rand, 0, (gint32)len) : 0;
      char c = g_rand_boolean(rand)
                   ? alphabet[g_rand_int_range(rand, 0, sizeof alphabet - 1)]
                   : (char)g_rand_int_range(rand, 1, 256);
      switch (g_rand_int_range(rand, 0, 4)) {
      case 0: /* replace */
        if (len)
          text[at] = c;
        break;
      case 1: /* delete */
        if (len) {
          memmove(text + at, text + at + 1, len - at);
          len--;
        }
        break;
      case 2: /* insert */
        if (len + 2 < sizeof text) {
          memmove(text + at + 1, text + at, len - at + 1);
          text[at] = c;
          len++;
        }
        break;
      default: /* cut short */
        text[at] = '\0';
        len = at;
        break;
      }
    }
    JqPosition probe;
    if (jq_fen_parse(text, JQ_FEN_VARIANT_AUTO, &probe, NULL))
      accepted++;
    else
      refused++;
    check_parse_result(text);
  }
  g_rand_free(rand);
  g_test_message("garbage: %d accepted, %d refused", accepted, refused);
  /* The edits must have produced both kinds, or the test proves little. */
  g_assert_cmpint(accepted, >, 0);
  g_assert_cmpint(refused, >, 0);
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/fen/start-xiangqi", test_start_xiangqi);
  g_test_add_func("/fen/start-jieqi", test_start_jieqi);
  g_test_add_func("/fen/perft-positions", test_perft_positions);
  g_test_add_func("/fen/capture-views", test_capture_views);
  g_test_add_func("/fen/dialect-conversion", test_dialect_conversion);
  g_test_add_func("/fen/lenient-input", test_lenient_input);
  g_test_add_func("/fen/bad", test_bad_fens);
  g_test_add_func("/fen/error-codes", test_error_codes);
  g_test_add_func("/fen/write-buffer", test_write_buffer);
  g_test_add_func("/fen/garbage", test_garbage);
  return g_test_run();
}
