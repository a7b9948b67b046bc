/* Move notations: known examples in each notation, the tandem conventions,
 * jieqi's hidden pieces and reveal letters, bad input, and the property that
 * every legal move of many positions prints to a string that reads back to
 * the same move and to no other. */
#include <stdlib.h>
#include <string.h>

#include "jq-movegen.h"
#include "jq-notation.h"
#include "jq-rng.h"
#include "jq-test-util.h"

#define START_X JQ_START_FEN_XIANGQI
/* The start after 炮二平五, Black to move. */
#define AFTER_C25 \
  "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1"

/* A move with its Chinese (both charsets) and WXF names. */
typedef struct {
  const char *coords, *simplified, *traditional, *wxf;
} Named;

/* Checks the writers give exactly these names, and that the readers (each
 * reader and parse_any) read every one back to the move. */
static void check_named(const char *fen, JqFenVariant variant,
                        const Named *cases, size_t n) {
  JqPosition pos;
  JqError err = {{0}};
  if (!jq_fen_parse(fen, variant, &pos, &err))
    g_error("bad test FEN '%s': %s", fen, err.message);
  for (size_t i = 0; i < n; i++) {
    const Named *c = &cases[i];
    JqMove m = jq_test_move(c->coords);
    g_assert_true(jq_position_is_legal(&pos, m));
    char buf[JQ_CHINESE_MAX], wxf[JQ_WXF_MAX];
    g_assert_cmpuint(jq_move_to_chinese(&pos, m, JQ_NO_TYPE,
                                        JQ_CHARSET_SIMPLIFIED, buf, sizeof buf),
                     ==, strlen(c->simplified));
    g_assert_cmpstr(buf, ==, c->simplified);
    jq_move_to_chinese(&pos, m, JQ_NO_TYPE, JQ_CHARSET_TRADITIONAL, buf,
                       sizeof buf);
    g_assert_cmpstr(buf, ==, c->traditional);
    g_assert_cmpuint(jq_move_to_wxf(&pos, m, wxf), ==, 4);
    g_assert_cmpstr(wxf, ==, c->wxf);

    const char *texts[] = {c->simplified, c->traditional};
    for (int k = 0; k < 2; k++) {
      JqMove got = JQ_MOVE_NONE;
      if (!jq_notation_parse_chinese(&pos, texts[k], &got, &err))
        g_error("'%s' did not read back: %s", texts[k], err.message);
      g_assert_cmpuint(got, ==, m);
    }
    JqMove got = JQ_MOVE_NONE;
    if (!jq_notation_parse_wxf(&pos, c->wxf, &got, &err))
      g_error("'%s' did not read back: %s", c->wxf, err.message);
    g_assert_cmpuint(got, ==, m);
    const char *any[] = {c->coords, c->simplified, c->traditional, c->wxf};
    for (int k = 0; k < 4; k++) {
      JqReveal r = {JQ_PAWN, JQ_PAWN};
      got = JQ_MOVE_NONE;
      if (!jq_notation_parse_any(&pos, any[k], &got, &r, &err))
        g_error("'%s' did not read back: %s", any[k], err.message);
      g_assert_cmpuint(got, ==, m);
      g_assert_cmpint(r.mover, ==, JQ_NO_TYPE);
      g_assert_cmpint(r.captured, ==, JQ_NO_TYPE);
    }
  }
}

#define CHECK_NAMED(fen, variant, cases) \
  check_named((fen), (variant), (cases), G_N_ELEMENTS(cases))

/* Reads text in the named notation ("any", "coords", "wxf", "chinese"). */
static gboolean read_move(const JqPosition *pos, const char *kind,
                          const char *text, JqMove *move, JqReveal *reveal,
                          JqError *err) {
  if (strcmp(kind, "coords") == 0)
    return jq_notation_parse_coords(pos, text, move, reveal, err);
  if (strcmp(kind, "wxf") == 0)
    return jq_notation_parse_wxf(pos, text, move, err);
  if (strcmp(kind, "chinese") == 0)
    return jq_notation_parse_chinese(pos, text, move, err);
  return jq_notation_parse_any(pos, text, move, reveal, err);
}

/* Lenient spellings: text must read as coords. */
static void check_reads(const char *fen, const char *kind, const char *text,
                        const char *coords) {
  JqPosition pos;
  jq_test_position_from_fen(&pos, fen);
  JqMove got = JQ_MOVE_NONE;
  JqError err = {{0}};
  if (!read_move(&pos, kind, text, &got, NULL, &err))
    g_error("'%s' was refused: %s", text, err.message);
  g_assert_cmpuint(got, ==, jq_test_move(coords));
}

/* Bad text: refused, outputs untouched, and a message that contains
 * `expect` and is valid UTF-8. */
static void check_refused_in(const JqPosition *pos, const char *kind,
                             const char *text, const char *expect) {
  JqMove got = (JqMove)0x1234;
  JqReveal r = {JQ_CANNON, JQ_HORSE};
  JqError err = {{0}};
  g_assert_false(read_move(pos, kind, text, &got, &r, &err));
  g_assert_cmpuint(got, ==, 0x1234);
  g_assert_cmpint(r.mover, ==, JQ_CANNON);
  g_assert_cmpint(r.captured, ==, JQ_HORSE);
  g_assert_true(g_utf8_validate(err.message, -1, NULL));
  if (!strstr(err.message, expect))
    g_error("'%s': message '%s' lacks '%s'", text, err.message, expect);
}

static void check_refused(const char *fen, const char *kind, const char *text,
                          const char *expect) {
  JqPosition pos;
  jq_test_position_from_fen(&pos, fen);
  check_refused_in(&pos, kind, text, expect);
}

/* ---- Known examples ----------------------------------------------------- */

static void test_start_red(void) {
  static const Named cases[] = {
      {"h2e2", "炮二平五", "炮二平五", "C2.5"},
      {"c3c4", "兵七进一", "兵七進一", "P7+1"},
      {"h0g2", "马二进三", "傌二進三", "H2+3"},
      {"b0c2", "马八进七", "傌八進七", "H8+7"},
      {"i0i1", "车一进一", "俥一進一", "R1+1"},
      {"g0e2", "相三进五", "相三進五", "E3+5"},
      {"f0e1", "仕四进五", "仕四進五", "A4+5"},
      {"e0e1", "帅五进一", "帥五進一", "K5+1"},
      {"b2b9", "炮八进七", "炮八進七", "C8+7"},
      {"h2h1", "炮二退一", "炮二退一", "C2-1"},
  };
  CHECK_NAMED(START_X, JQ_FEN_VARIANT_AUTO, cases);
}

static void test_start_black(void) {
  static const Named cases[] = {
      {"h9g7", "马８进７", "馬８進７", "H8+7"},
      {"b9c7", "马２进３", "馬２進３", "H2+3"},
      {"h7e7", "炮８平５", "砲８平５", "C8.5"},
      {"g6g5", "卒７进１", "卒７進１", "P7+1"},
      {"a9a8", "车１进１", "車１進１", "R1+1"},
      {"e9e8", "将５进１", "將５進１", "K5+1"},
      {"c9e7", "象３进５", "象３進５", "E3+5"},
      {"d9e8", "士４进５", "士４進５", "A4+5"},
      {"b7b0", "炮２进７", "砲２進７", "C2+7"},
      {"h7h8", "炮８退１", "砲８退１", "C8-1"},
  };
  CHECK_NAMED(AFTER_C25, JQ_FEN_VARIANT_AUTO, cases);
}

static void test_straight_moves(void) {
  static const Named cases[] = {
      {"i5i4", "车一退一", "俥一退一", "R1-1"},
      {"i5i9", "车一进四", "俥一進四", "R1+4"},
      {"i5a5", "车一平九", "俥一平九", "R1.9"},
      {"d0d1", "帅六进一", "帥六進一", "K6+1"},
  };
  CHECK_NAMED("4k4/9/9/9/8R/9/9/9/9/3K5 w - - 0 1", JQ_FEN_VARIANT_AUTO, cases);
}

static void test_tandem_chariots(void) {
  const char *fen = "4k4/9/9/7R1/9/9/7R1/9/9/3K5 w - - 0 1";
  static const Named cases[] = {
      {"h6h7", "前车进一", "前俥進一", "R++1"},
      {"h3h4", "后车进一", "後俥進一", "R-+1"},
      {"h6g6", "前车平三", "前俥平三", "R+.3"},
      {"h3g3", "后车平三", "後俥平三", "R-.3"},
      {"h3h2", "后车退一", "後俥退一", "R--1"},
      {"h6h4", "前车退二", "前俥退二", "R+-2"},
  };
  CHECK_NAMED(fen, JQ_FEN_VARIANT_AUTO, cases);
  /* Either chariot could go: the file does not tell which. */
  check_refused(fen, "chinese", "车二平三", "ambiguous");
  check_refused(fen, "chinese", "车二进一", "ambiguous");
  check_refused(fen, "wxf", "R2.3", "ambiguous");
  /* Only the rear one can: a lenient reader takes it. */
  check_reads(fen, "chinese", "车二退三", "h3h0");
  check_reads(fen, "wxf", "R2-3", "h3h0");
}

static void test_tandem_horses(void) {
  static const Named cases[] = {
      {"c4d6", "前马进六", "前傌進六", "H++6"},
      {"c2d4", "后马进六", "後傌進六", "H-+6"},
      {"c4b6", "前马进八", "前傌進八", "H++8"},
      {"c2e3", "后马进五", "後傌進五", "H-+5"},
      {"c4e3", "前马退五", "前傌退五", "H+-5"},
  };
  CHECK_NAMED("4k4/9/9/9/9/2N6/9/2N6/9/3K5 w - - 0 1", JQ_FEN_VARIANT_AUTO,
              cases);
}

/* Advisors and elephants on one file keep the file when the move tells
 * them apart, as the rule books write them. */
static void test_advisors_keep_file(void) {
  const char *fen = "4k4/9/9/9/9/9/9/3A5/9/3A1K3 w - - 0 1";
  static const Named cases[] = {
      {"d0e1", "仕六进五", "仕六進五", "A6+5"},
      {"d2e1", "仕六退五", "仕六退五", "A6-5"},
  };
  CHECK_NAMED(fen, JQ_FEN_VARIANT_AUTO, cases);
  check_reads(fen, "chinese", "后仕进五", "d0e1");
  check_reads(fen, "wxf", "A-+5", "d0e1");
}

/* In jieqi revealed advisors leave the palace, so both advisors can go
 * 进五 and need 前/后. */
static void test_jieqi_advisors_tandem(void) {
  const char *fen = "4k4/9/9/9/9/9/9/3A5/9/3A1K3 w - - 0 1";
  static const Named cases[] = {
      {"d0e1", "后仕进五", "後仕進五", "A-+5"},
      {"d2e3", "前仕进五", "前仕進五", "A++5"},
      {"d2c3", "前仕进七", "前仕進七", "A++7"},
      {"d2e1", "仕六退五", "仕六退五", "A6-5"},
  };
  CHECK_NAMED(fen, JQ_FEN_VARIANT_JIEQI, cases);
  JqPosition pos;
  JqError err = {{0}};
  g_assert_true(jq_fen_parse(fen, JQ_FEN_VARIANT_JIEQI, &pos, &err));
  check_refused_in(&pos, "chinese", "仕六进五", "ambiguous");
}

static void test_three_pawns(void) {
  const char *fen = "3k5/9/4P4/4P4/4P4/9/9/9/9/5K3 w - - 0 1";
  static const Named cases[] = {
      {"e7e8", "前兵进一", "前兵進一", "P++1"},
      {"e7d7", "前兵平六", "前兵平六", "P+.6"},
      {"e6d6", "中兵平六", "中兵平六", "P5.6"},
      {"e5d5", "后兵平六", "後兵平六", "P-.6"},
      {"e5f5", "后兵平四", "後兵平四", "P-.4"},
  };
  CHECK_NAMED(fen, JQ_FEN_VARIANT_AUTO, cases);
  check_refused(fen, "chinese", "兵五平六", "ambiguous");
  check_refused(fen, "chinese", "中兵进一", "the red pawn it names cannot");
  check_refused(fen, "chinese", "兵五退一", "none of the 3 red pawns");
  check_reads(fen, "chinese", "兵五进一", "e7e8");
}

static void test_four_and_five_pawns(void) {
  static const Named four[] = {
      {"e8d8", "一兵平六", "一兵平六", "++.6"},
      {"e8e9", "一兵进一", "一兵進一", "+++1"},
      {"e7d7", "二兵平六", "二兵平六", "P+.6"},
      {"e6d6", "三兵平六", "三兵平六", "P-.6"},
      {"e5f5", "四兵平四", "四兵平四", "--.4"},
  };
  CHECK_NAMED("3k5/4P4/4P4/4P4/4P4/9/9/9/9/5K3 w - - 0 1", JQ_FEN_VARIANT_AUTO,
              four);
  /* Five on file 七: pawns on file 五 would attack the whole palace. */
  static const Named five[] = {
      {"c9d9", "一兵平六", "一兵平六", "++.6"},
      {"c8b8", "二兵平八", "二兵平八", "P+.8"},
      {"c7d7", "三兵平六", "三兵平六", "P7.6"},
      {"c6d6", "四兵平六", "四兵平六", "P-.6"},
      {"c5d5", "五兵平六", "五兵平六", "--.6"},
  };
  CHECK_NAMED("2P1k4/2P6/2P6/2P6/2P6/9/9/9/9/5K3 w - - 0 1",
              JQ_FEN_VARIANT_AUTO, five);
}

static void test_pawns_on_two_files(void) {
  static const Named red[] = {
      {"c7b7", "前七平八", "前七平八", "7+.8"},
      {"c6b6", "中七平八", "中七平八", "77.8"},
      {"c5b5", "后七平八", "後七平八", "7-.8"},
      {"g6h6", "前三平二", "前三平二", "3+.2"},
      {"g5f5", "后三平四", "後三平四", "3-.4"},
      {"c7c8", "前七进一", "前七進一", "7++1"},
  };
  CHECK_NAMED("3k5/9/2P6/2P3P2/2P3P2/9/9/9/9/5K3 w - - 0 1",
              JQ_FEN_VARIANT_AUTO, red);
  static const Named black[] = {
      {"c3b3", "前３平２", "前３平２", "3+.2"},
      {"c4b4", "后３平２", "後３平２", "3-.2"},
      {"g4h4", "后７平８", "後７平８", "7-.8"},
      {"g3g2", "前７进１", "前７進１", "7++1"},
  };
  CHECK_NAMED("3k5/9/9/9/9/2p3p2/2p3p2/9/9/5K3 b - - 0 1", JQ_FEN_VARIANT_AUTO,
              black);
  /* The other convention, with the piece name kept, reads too. */
  check_reads("3k5/9/2P6/2P3P2/2P3P2/9/9/9/9/5K3 w - - 0 1", "chinese",
              "前兵七平八", "c7b7");
  check_refused("3k5/9/2P6/2P3P2/2P3P2/9/9/9/9/5K3 w - - 0 1", "chinese",
                "前兵进一", "ambiguous");
}

static void test_traditional_and_lenient(void) {
  check_reads(START_X, "chinese", "傌二進三", "h0g2");
  check_reads(START_X, "chinese", "馬2进3", "h0g2");
  check_reads(START_X, "chinese", "  炮２平５ ", "h2e2");
  check_reads(START_X, "chinese", "包二平五", "h2e2");
  check_reads(START_X, "chinese", "俥一進一", "i0i1");
  check_reads(START_X, "chinese", "車1进1", "i0i1");
  check_reads(START_X, "chinese", "象三进五", "g0e2");
  check_reads(START_X, "chinese", "士四进五", "f0e1");
  check_reads(START_X, "chinese", "將五進一", "e0e1");
  check_reads(START_X, "chinese", "卒七进一", "c3c4");
  check_reads(AFTER_C25, "chinese", "馬八進七", "h9g7");
  check_reads(AFTER_C25, "chinese", "马8进7", "h9g7");
  check_reads(AFTER_C25, "chinese", "砲８平５", "h7e7");
  check_reads(AFTER_C25, "any", "炮8平5", "h7e7");
  check_reads(START_X, "wxf", "c2=5", "h2e2");
  check_reads(START_X, "wxf", "N2+3", "h0g2");
  check_reads(START_X, "wxf", "B3+5", "g0e2");
  check_reads(START_X, "any", "H2-E2", "h2e2");
  check_reads(START_X, "coords", "h2-e2", "h2e2");
  check_reads(START_X, "any", " e3e4 ", "e3e4");
  check_reads(AFTER_C25, "any", "h8+7", "h9g7");
}

/* ---- Jieqi -------------------------------------------------------------- */

static void test_jieqi_hidden_names(void) {
  static const Named cases[] = {
      {"b0c2", "暗马八进七", "暗傌八進七", "H8+7"},
      {"h2e2", "暗炮二平五", "暗炮二平五", "C2.5"},
      {"c3c4", "暗兵七进一", "暗兵七進一", "P7+1"},
      {"a0a1", "暗车九进一", "暗俥九進一", "R9+1"},
      {"d0e1", "暗仕六进五", "暗仕六進五", "A6+5"},
      {"c0e2", "暗相七进五", "暗相七進五", "E7+5"},
      {"h2h9", "暗炮二进七", "暗炮二進七", "C2+7"},
      {"e0e1", "帅五进一", "帥五進一", "K5+1"},
  };
  CHECK_NAMED(JQ_START_FEN_JIEQI, JQ_FEN_VARIANT_AUTO, cases);
  /* Without 暗 a lone hidden piece is still found. */
  check_reads(JQ_START_FEN_JIEQI, "chinese", "兵七进一", "c3c4");
  check_reads(JQ_START_FEN_JIEQI, "chinese", "马二进三", "h0g2");
}

/* A revealed pawn and a hidden one on file 七 are different names in
 * Chinese, tandem pieces in WXF. */
static void test_jieqi_hidden_and_revealed(void) {
  const char *fen = "xxxxkxxxx/9/1x5x1/x1x1x1x1x/2P6/9/2X1X1X1X/1X5X1/9/"
                    "XXXXKXXXX w A2B2N2R2C2P4a2b2n2r2c2p5 - 0 1";
  static const Named cases[] = {
      {"c5c6", "兵七进一", "兵七進一", "P++1"},
      {"c5b5", "兵七平八", "兵七平八", "P+.8"},
      {"c3c4", "暗兵七进一", "暗兵七進一", "P-+1"},
  };
  CHECK_NAMED(fen, JQ_FEN_VARIANT_AUTO, cases);
}

/* A hidden elephant and a revealed one on each of two files: WXF counts
 * them together and needs its five-character extension. */
static void test_wxf_extension(void) {
  const char *fen = "xx1xkx1x1/8n/c2p4p/2x1x1x1x/a1A3c2/2B3B2/X1X1X1X1X/"
                    "2N5P/4P4/X1X1KXX2 w A1N1R2C2P3a1b2n1r2p3 - 18 10";
  static const Named cases[] = {
      {"c0e2", "暗相七进五", "暗相七進五", "E72+5"},
      {"c4e6", "相七进五", "相七進五", "E71+5"},
      {"g4e6", "相三进五", "相三進五", "E31+5"},
      {"g0e2", "暗相三进五", "暗相三進五", "E32+5"},
      {"c4a2", "相七退九", "相七退九", "E7-9"},
  };
  for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
    JqPosition pos;
    jq_test_position_from_fen(&pos, fen);
    JqMove m = jq_test_move(cases[i].coords);
    char buf[JQ_CHINESE_MAX], wxf[JQ_WXF_MAX];
    jq_move_to_chinese(&pos, m, JQ_NO_TYPE, JQ_CHARSET_SIMPLIFIED, buf,
                       sizeof buf);
    g_assert_cmpstr(buf, ==, cases[i].simplified);
    jq_move_to_chinese(&pos, m, JQ_NO_TYPE, JQ_CHARSET_TRADITIONAL, buf,
                       sizeof buf);
    g_assert_cmpstr(buf, ==, cases[i].traditional);
    g_assert_cmpuint(jq_move_to_wxf(&pos, m, wxf), ==, strlen(cases[i].wxf));
    g_assert_cmpstr(wxf, ==, cases[i].wxf);
    check_reads(fen, "wxf", cases[i].wxf, cases[i].coords);
    check_reads(fen, "any", cases[i].wxf, cases[i].coords);
    check_reads(fen, "chinese", cases[i].simplified, cases[i].coords);
  }
  check_refused(fen, "wxf", "E7+5", "ambiguous");
}

static void test_jieqi_reveal_suffix(void) {
  JqPosition pos;
  jq_position_init_start(&pos, JQ_VARIANT_JIEQI);
  JqMove m = jq_test_move("b0c2");
  char buf[JQ_CHINESE_MAX];
  jq_move_to_chinese(&pos, m, JQ_CHARIOT, JQ_CHARSET_SIMPLIFIED, buf,
                     sizeof buf);
  g_assert_cmpstr(buf, ==, "暗马八进七(车)");
  jq_move_to_chinese(&pos, m, JQ_CHARIOT, JQ_CHARSET_TRADITIONAL, buf,
                     sizeof buf);
  g_assert_cmpstr(buf, ==, "暗傌八進七(俥)");
  const char *texts[] = {"暗马八进七(车)", "暗傌八進七(俥)", "暗马八进七（车）",
                         "马八进七(車)"};
  for (size_t i = 0; i < G_N_ELEMENTS(texts); i++) {
    JqMove got = JQ_MOVE_NONE;
    JqReveal r = JQ_REVEAL_NONE;
    JqError err = {{0}};
    if (!jq_notation_parse_any(&pos, texts[i], &got, &r, &err))
      g_error("'%s' refused: %s", texts[i], err.message);
    g_assert_cmpuint(got, ==, m);
    g_assert_cmpint(r.mover, ==, JQ_CHARIOT);
    g_assert_cmpint(r.captured, ==, JQ_NO_TYPE);
  }
  /* A revealed mover gets no suffix even when asked. */
  jq_move_to_chinese(&pos, jq_test_move("e0e1"), JQ_CHARIOT,
                     JQ_CHARSET_SIMPLIFIED, buf, sizeof buf);
  g_assert_cmpstr(buf, ==, "帅五进一");
  check_refused_in(&pos, "any", "帅五进一(车)", "not hidden");
  check_refused_in(&pos, "any", "暗马八进七(帅)", "king");
  check_refused_in(&pos, "any", "暗马八进七(车", "closing parenthesis");
  check_refused_in(&pos, "any", "暗马八进七(走)", "revealed piece");
}

static void test_coords_reveal_letters(void) {
  JqPosition pos;
  jq_position_init_start(&pos, JQ_VARIANT_JIEQI);
  char buf[JQ_COORDS_MAX];
  JqMove m = jq_test_move("h2h9");
  g_assert_cmpuint(
      jq_move_to_coords_ext(m, JQ_RED, (JqReveal){JQ_CHARIOT, JQ_HORSE}, buf),
      ==, 6);
  g_assert_cmpstr(buf, ==, "h2h9Rn");
  jq_move_to_coords_ext(m, JQ_RED, (JqReveal){JQ_NO_TYPE, JQ_HORSE}, buf);
  g_assert_cmpstr(buf, ==, "h2h9n");
  jq_move_to_coords_ext(m, JQ_RED, (JqReveal){JQ_PAWN, JQ_NO_TYPE}, buf);
  g_assert_cmpstr(buf, ==, "h2h9P");
  jq_move_to_coords_ext(m, JQ_BLACK, (JqReveal){JQ_ELEPHANT, JQ_ADVISOR}, buf);
  g_assert_cmpstr(buf, ==, "h2h9bA");
  jq_move_to_coords(JQ_MOVE_NONE, buf);
  g_assert_cmpstr(buf, ==, "0000");

  struct {
    const char *text;
    JqPieceType mover, captured;
  } good[] = {
      {"h2h9Rn", JQ_CHARIOT, JQ_HORSE}, {"h2h9n", JQ_NO_TYPE, JQ_HORSE},
      {"h2h9C", JQ_CANNON, JQ_NO_TYPE}, {"h2h9", JQ_NO_TYPE, JQ_NO_TYPE},
      {"a3a4P", JQ_PAWN, JQ_NO_TYPE},   {"a3a4E", JQ_ELEPHANT, JQ_NO_TYPE},
  };
  for (size_t i = 0; i < G_N_ELEMENTS(good); i++) {
    JqMove got = JQ_MOVE_NONE;
    JqReveal r = {JQ_KING, JQ_KING};
    JqError err = {{0}};
    if (!jq_notation_parse_coords(&pos, good[i].text, &got, &r, &err))
      g_error("'%s' refused: %s", good[i].text, err.message);
    g_assert_cmpuint(got, ==, jq_test_move(good[i].text));
    g_assert_cmpint(r.mover, ==, good[i].mover);
    g_assert_cmpint(r.captured, ==, good[i].captured);
  }
  check_refused_in(&pos, "coords", "h2h9nR", "comes first");
  check_refused_in(&pos, "coords", "h2h9RC", "one in Red's case");
  check_refused_in(&pos, "coords", "h2h9rn", "one in Red's case");
  check_refused_in(&pos, "coords", "a3a4K", "king");
  check_refused_in(&pos, "coords", "a3a4r", "no hidden piece is captured");
  check_refused_in(&pos, "coords", "e0e1R", "not hidden");
  check_refused_in(&pos, "coords", "a3a4Q", "not a piece letter");
  check_refused_in(&pos, "coords", "a3a4RNB", "at most two");
  check_refused_in(&pos, "coords", "a3a45", "unexpected characters");

  /* Pools: with both red chariots revealed, no hidden one is left. */
  JqPosition p2;
  jq_test_position_from_fen(
      &p2, "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/R7R/1XXXKXXX1 w "
           "A2B2N2C2P5a2b2n2r2c2p5 - 0 1");
  check_refused_in(&p2, "coords", "c3c4R", "no hidden chariot");
  check_refused_in(&p2, "chinese", "暗兵七进一(车)", "no hidden chariot");
  check_refused_in(&p2, "any", "暗兵七进一(车)", "no hidden chariot");
}

/* ---- Errors ------------------------------------------------------------- */

/* Each refusal's code and arguments, which the app words in its own
 * language: at least one text per code. */
typedef struct {
  const char *fen;
  const char *kind;
  const char *text;
  JqTestError want;
} MoveErrorCase;

#define START_J JQ_START_FEN_JIEQI
#define TANDEM_R "4k4/9/9/7R1/9/9/7R1/9/9/3K5 w - - 0 1"
#define TANDEM_P "3k5/9/4P4/4P4/4P4/9/9/9/9/5K3 w - - 0 1"
#define E(c, checked, ...) \
  { .code = JQ_ERROR_##c, .check = checked, __VA_ARGS__ }

static const MoveErrorCase move_error_cases[] = {
    {START_X, "any", NULL, E(BAD_CALL, "")},
    {START_X, "any", "  ", E(MOVE_EMPTY, "")},
    {START_X, "any",
     "h2e2 and a long tail of words that goes on and on and on and on and on",
     E(MOVE_TOO_LONG, "")},
    {START_X, "any", "zz",
     E(MOVE_UNKNOWN_FORM, "text", .args = {.text = "zz"})},
    {TANDEM_R, "chinese", "车二平三",
     E(MOVE_AMBIGUOUS, "text color type hidden n0 n1",
       .args = {.text = "车二平三",
                .color = JQ_RED,
                .type = JQ_CHARIOT,
                .n = {2, 1}})},
    {TANDEM_R, "wxf", "R2.3",
     E(MOVE_AMBIGUOUS, "n0 n1", .args = {.n = {2, 0}})},
    {START_X, "chinese", "马五进三",
     E(MOVE_NONE_ON_FILE, "color type text2",
       .args = {.color = JQ_RED, .type = JQ_HORSE, .text2 = "五"})},
    {START_X, "wxf", "H5+3",
     E(MOVE_NONE_ON_FILE, "text text2",
       .args = {.text = "H5+3", .text2 = "5"})},
    {START_X, "chinese", "马八进六",
     E(MOVE_FILE_PIECE_CANNOT, "type text2",
       .args = {.type = JQ_HORSE, .text2 = "八"})},
    {TANDEM_P, "chinese", "兵五退一",
     E(MOVE_FILE_PIECES_CANNOT, "type n0 text2",
       .args = {.type = JQ_PAWN, .n = {3}, .text2 = "五"})},
    {TANDEM_P, "chinese", "中兵进一",
     E(MOVE_NAMED_CANNOT, "color type", .args = {.type = JQ_PAWN})},
    {START_X, "chinese", "前马进七",
     E(MOVE_NONE_AT_PLACE, "type n0 text2",
       .args = {.type = JQ_HORSE, .n = {JQ_ERROR_PICK_FRONT}, .text2 = ""})},
    {START_X, "wxf", "C22+1",
     E(MOVE_NONE_AT_PLACE, "type n0 n1 text2",
       .args = {.type = JQ_CANNON,
                .n = {JQ_ERROR_PICK_ORDINAL, 2},
                .text2 = "2"})},
    {START_X, "any", "0000", E(MOVE_NULL, "")},
    {START_X, "coords", "j2e2",
     E(MOVE_NOT_COORDS, "text", .args = {.text = "j2e2"})},
    {START_J, "coords", "a3a45", E(MOVE_AFTER_SQUARES, "")},
    {START_J, "coords", "a3a4RNB", E(MOVE_REVEAL_COUNT, "")},
    {START_X, "any", "e5e6", E(MOVE_EMPTY_SQUARE, "square", .square = "e5")},
    {START_X, "any", "h7e7",
     E(MOVE_NOT_YOURS, "square color color2",
       .args = {.color = JQ_BLACK, .color2 = JQ_RED}, .square = "h7")},
    {START_X, "any", "h2e3",
     E(MOVE_CANNOT_REACH, "color type hidden square square2",
       .args = {.color = JQ_RED, .type = JQ_CANNON}, .square = "h2",
       .square2 = "e3")},
    {START_J, "coords", "b2c3",
     E(MOVE_CANNOT_REACH, "type hidden square square2",
       .args = {.type = JQ_CANNON, .hidden = true}, .square = "b2",
       .square2 = "c3")},
    {"4k4/9/9/9/9/9/9/9/4r4/3K5 w - - 0 1", "coords", "d0e0",
     E(MOVE_LEAVES_CHECK, "color", .args = {.color = JQ_RED})},
    {START_J, "coords", "h2h9RC",
     E(MOVE_REVEAL_CASES, "color", .args = {.color = JQ_RED})},
    {START_J, "coords", "h2h9nR", E(MOVE_REVEAL_ORDER, "")},
    {START_J, "coords", "a3a4Q",
     E(MOVE_REVEAL_LETTER, "text letter",
       .args = {.text = "a3a4Q", .letter = 'Q'})},
    {START_J, "coords", "a3a4K",
     E(MOVE_REVEAL_KING_LETTER, "letter", .args = {.letter = 'K'})},
    {START_J, "coords", "e0e1R",
     E(MOVE_REVEAL_NOT_HIDDEN, "square", .square = "e0")},
    {START_J, "coords", "a3a4r",
     E(MOVE_REVEAL_NO_VICTIM, "square letter", .args = {.letter = 'r'},
       .square = "a4")},
    {"xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/R7R/1XXXKXXX1 w "
     "A2B2N2C2P5a2b2n2r2c2p5 - 0 1",
     "chinese", "暗兵七进一(车)",
     E(MOVE_NO_HIDDEN_LEFT, "color type",
       .args = {.color = JQ_RED, .type = JQ_CHARIOT})},
    {START_X, "wxf", "C2。5", E(WXF_NOT_ASCII, "")},
    {START_X, "wxf", "C2.555", E(WXF_LENGTH, "")},
    {START_X, "wxf", "C2.55", E(WXF_FIVE_FORM, "")},
    {START_X, "wxf", "CX.5", E(WXF_AFTER_LETTER, "")},
    {START_X, "wxf", "34.5", E(WXF_AFTER_FILE, "")},
    {START_X, "wxf", "X2.5",
     E(WXF_BAD_LETTER, "text letter", .args = {.text = "X2.5", .letter = 'X'})},
    {START_X, "wxf", "C2*5", E(WXF_BAD_DIRECTION, "")},
    {START_X, "wxf", "C2.0", E(WXF_BAD_NUMBER, "")},
    {START_X, "chinese", "炮二平\xe4\xba", E(CHINESE_NOT_UTF8, "")},
    {START_X, "chinese", "炮二平",
     E(CHINESE_ENDS_EARLY, "n0", .args = {.n = {JQ_ERROR_EXPECT_NUMBER}})},
    {START_X, "chinese", "炮二走五",
     E(CHINESE_UNEXPECTED, "text text2 n0",
       .args = {.text = "炮二走五",
                .text2 = "走",
                .n = {JQ_ERROR_EXPECT_DIRECTION}})},
    {START_X, "chinese", "王二平五",
     E(CHINESE_UNEXPECTED, "text2 n0",
       .args = {.text2 = "王", .n = {JQ_ERROR_EXPECT_NAME_OR_PLACE}})},
    {START_X, "any", "炮二平五(车)", E(CHINESE_REVEAL_NOT_HIDDEN, "")},
    {START_J, "any", "暗马八进七(帅)", E(CHINESE_REVEAL_KING, "")},
};

#undef E

static void test_error_codes(void) {
  bool covered[JQ_ERROR_CODE_COUNT] = {false};
  for (size_t i = 0; i < G_N_ELEMENTS(move_error_cases); i++) {
    const MoveErrorCase *c = &move_error_cases[i];
    JqPosition pos;
    jq_test_position_from_fen(&pos, c->fen);
    JqMove got = JQ_MOVE_NONE;
    JqError err = {{0}};
    char *what = g_strdup_printf("move case %zu '%s'", i, c->text);
    if (read_move(&pos, c->kind, c->text, &got, NULL, &err))
      g_error("%s: accepted", what);
    jq_test_assert_error(&err, &c->want, what);
    covered[c->want.code] = true;
    g_free(what);
  }
  for (int code = JQ_ERROR_MOVE_EMPTY; code <= JQ_ERROR_CHINESE_REVEAL_KING;
       code++)
    if (!covered[code])
      g_error("no case for move error code %d", code);
}

static void test_errors(void) {
  check_refused(START_X, "any", "", "empty");
  check_refused(START_X, "any", "   ", "empty");
  check_refused(START_X, "any", NULL, "no move text");
  check_refused(START_X, "any", "zz", "not a move");
  check_refused(START_X, "any", "0000", "null move");
  check_refused(START_X, "any", "h2e3", "cannot move to e3");
  check_refused(START_X, "any", "h7e7", "Black's, but Red is to move");
  check_refused(START_X, "any", "e5e6", "no piece on e5");
  check_refused(START_X, "coords", "j2e2", "not a coordinate move");
  check_refused(START_X, "coords", "h2e", "not a coordinate move");
  check_refused(START_X, "any",
                "h2e2 and a long tail of words that goes on and on and on and "
                "on and on and on",
                "too long");
  check_refused("4k4/9/9/9/9/9/9/9/4r4/3K5 w - - 0 1", "coords", "d0e0",
                "leave Red's king in check");

  check_refused(START_X, "chinese", "马五进三", "no red horse on file 五");
  check_refused(AFTER_C25, "chinese", "马５进３", "no black horse on file ５");
  check_refused(START_X, "chinese", "马八进六",
                "the red horse on file 八 cannot go there");
  check_refused(START_X, "chinese", "前马进七",
                "no red horse is the front one of two or more on one file");
  check_refused(START_X, "chinese", "炮二走五", "expected 进, 退 or 平");
  check_refused(START_X, "chinese", "炮二平", "ends too early");
  check_refused(START_X, "chinese", "炮二平五五", "the end of the move");
  check_refused(START_X, "chinese", "王二平五", "piece name");
  check_refused(START_X, "chinese", "炮平五", "the file the piece stands on");
  check_refused(START_X, "chinese", "炮二平\xe4\xba", "not valid UTF-8");
  check_refused(START_X, "any", "\xff\xfe", "not valid UTF-8");
  check_refused(START_X, "any", "炮二平五(车)", "not hidden");

  check_refused(START_X, "wxf", "C2.0", "digit 1-9");
  check_refused(START_X, "wxf", "X2.5", "not a WXF piece letter");
  check_refused(START_X, "wxf", "C2*5", "next to last character");
  check_refused(START_X, "wxf", "C2.555", "four characters");
  check_refused(START_X, "wxf", "C2.55", "five-character");
  check_refused(START_X, "wxf", "C21*5", "next to last character");
  check_refused(START_X, "wxf", "C22+1",
                "no red cannon is number 2 from the front");
  check_refused(START_X, "wxf", "CX.5", "after the piece letter");
  check_refused(START_X, "wxf", "+-.5", "not a WXF piece letter");
  check_refused(START_X, "wxf", "34.5", "same file again");
  check_refused(START_X, "wxf", "H5+3", "no red horse on file 5");
  check_refused(START_X, "wxf", "H8+6", "not a legal move");
  check_refused(START_X, "any", "R1+9", "not a legal move");
  check_refused(START_X, "any", "P+.4", "no red pawn is the front one");

  /* No position, no output pointer. */
  JqMove m = JQ_MOVE_NONE;
  JqError err = {{0}};
  g_assert_false(jq_notation_parse_wxf(NULL, "C2.5", &m, &err));
  g_assert_nonnull(strstr(err.message, "no position"));
  g_assert_false(jq_notation_parse_chinese(NULL, "炮二平五", &m, &err));
  g_assert_cmpuint(m, ==, JQ_MOVE_NONE);
  g_assert_false(jq_notation_parse_coords(NULL, "h2e2", &m, NULL, &err));
  g_assert_false(jq_notation_parse_any(NULL, "h2e2", &m, NULL, &err));
  g_assert_cmpuint(m, ==, JQ_MOVE_NONE);
  JqPosition pos;
  jq_position_init_start(&pos, JQ_VARIANT_XIANGQI);
  g_assert_false(jq_notation_parse_any(&pos, "h2e2", NULL, NULL, &err));
  g_assert_false(jq_notation_parse_chinese(&pos, "炮二平五", NULL, &err));
  /* A NULL error is allowed: the reader still refuses. */
  g_assert_false(jq_notation_parse_any(&pos, "h2e3", &m, NULL, NULL));
  g_assert_true(jq_notation_parse_any(&pos, "h2e2", &m, NULL, NULL));
  g_assert_cmpuint(m, ==, jq_test_move("h2e2"));
}

/* Text stitched from notation pieces and stray bytes: every reader either
 * returns a legal move or refuses with a clean message and no output. */
static void test_garbage(void) {
  static const char *const bits[] = {
      "炮", "二", "平", "五", "前", "后", "中", "暗", "马", "８", "进", "退",
      "(", ")", "车", "兵", "1", "+", "-", ".", "=", "P", "C", "h", "2", "e",
      "a", "0", "9", "X", "R", " ", "（", "）", "一", "相", "\xff", "\xe4",
      "\xe4\xba", "H", "7", "E", "++", "b", "n",
      /* whole moves, so that some texts read */
      "炮二平五", "h2e2", "C2.5", "暗马八进七", "马八进七", "h2h9Rn"};
  static const char *const kinds[] = {"any", "coords", "wxf", "chinese"};
  JqPosition positions[2];
  jq_position_init_start(&positions[0], JQ_VARIANT_XIANGQI);
  jq_position_init_start(&positions[1], JQ_VARIANT_JIEQI);
  JqRng rng;
  jq_rng_seed(&rng, 99);
  int accepted = 0;
  for (int i = 0; i < 40000; i++) {
    char text[128] = "";
    int parts = (int)jq_rng_below(&rng, 8);
    for (int k = 0; k < parts; k++)
      strcat(text, bits[jq_rng_below(&rng, G_N_ELEMENTS(bits))]);
    const JqPosition *pos = &positions[i & 1];
    const char *kind = kinds[jq_rng_below(&rng, 4)];
    JqMove m = (JqMove)0x1234;
    JqReveal r = {JQ_CANNON, JQ_CANNON};
    JqError err = {{0}};
    if (read_move(pos, kind, text, &m, &r, &err)) {
      g_assert_true(jq_position_is_legal(pos, m));
      accepted++;
    } else {
      g_assert_cmpuint(m, ==, 0x1234);
      g_assert_cmpint(r.mover, ==, JQ_CANNON);
      g_assert_cmpint(r.captured, ==, JQ_CANNON);
      g_assert_cmpuint(strlen(err.message), >, 0);
      if (!g_utf8_validate(err.message, -1, NULL))
        g_error("invalid UTF-8 in the message for %s text '%s'", kind,
                g_strescape(text, NULL));
    }
  }
  /* Some of the stitched texts are moves (炮二平五, h2e2, C2.5...). */
  g_assert_cmpint(accepted, >, 0);
}

static void test_writer_limits(void) {
  JqPosition pos;
  jq_test_position_from_fen(&pos, START_X);
  char small[8], wxf[JQ_WXF_MAX];
  /* Too small: nothing half written. */
  g_assert_cmpuint(jq_move_to_chinese(&pos, jq_test_move("h2e2"), JQ_NO_TYPE,
                                      JQ_CHARSET_SIMPLIFIED, small,
                                      sizeof small),
                   ==, 0);
  g_assert_cmpstr(small, ==, "");
  char exact[13];
  g_assert_cmpuint(jq_move_to_chinese(&pos, jq_test_move("h2e2"), JQ_NO_TYPE,
                                      JQ_CHARSET_SIMPLIFIED, exact,
                                      sizeof exact),
                   ==, 12);
  /* No piece on the origin. */
  g_assert_cmpuint(jq_move_to_chinese(&pos, jq_test_move("e5e6"), JQ_NO_TYPE,
                                      JQ_CHARSET_SIMPLIFIED, exact,
                                      sizeof exact),
                   ==, 0);
  g_assert_cmpuint(jq_move_to_wxf(&pos, jq_test_move("e5e6"), wxf), ==, 0);
  g_assert_cmpstr(wxf, ==, "");
  g_assert_cmpuint(jq_move_to_wxf(&pos, JQ_MOVE_NONE, wxf), ==, 0);
}

/* ---- Round trips over many positions ----------------------------------- */

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

/* Positions built for the tandem rules, with each side to move. */
static const char *const tandem_fens[] = {
    "4k4/9/9/7R1/9/9/7R1/9/9/3K5 w - - 0 1",
    "3k5/9/2P6/2P3P2/2P3P2/9/9/9/9/5K3 w - - 0 1",
    "3k5/9/9/9/9/2p3p2/2p3p2/9/9/5K3 b - - 0 1",
    "2P1k4/2P6/2P6/2P6/2P6/9/9/9/9/5K3 w - - 0 1",
    "3k5/4P4/4P4/4P4/4P4/9/9/9/9/5K3 w - - 0 1",
    "5k3/9/9/9/9/4p4/4p4/4p4/4p4/3K5 b - - 0 1",
    "5k3/9/9/9/9/2p6/2p6/2p6/2p6/2p1K4 b - - 0 1",
    "3k5/9/9/4p4/4p4/4p4/9/9/9/5K3 b - - 0 1",
    "4k4/9/9/9/9/2N6/9/2N6/9/3K5 w - - 0 1",
    "3ak4/9/3a5/2n6/9/2n6/9/9/9/3K5 b - - 0 1",
    "4k4/9/9/9/9/9/9/3A5/9/3A1K3 w - - 0 1",
    "2b1k4/9/9/9/2b6/2B6/9/9/9/2BK5 w - - 0 1",
    "xxxxkxxxx/9/1x5x1/x1x1x1x1x/2P6/9/2X1X1X1X/1X5X1/9/XXXXKXXXX w "
    "A2B2N2R2C2P4a2b2n2r2c2p5 - 0 1",
};

typedef struct {
  int positions, moves;
  int place_forms;  /* Chinese names with 前 中 后 or an ordinal */
  int hidden_names; /* Chinese names with 暗 */
  int wxf_tandems;  /* WXF names with + or - in second place */
  int reveals;      /* extended coordinates and suffixes read back */
  int wxf_extended; /* WXF names beyond the WXF rules (E71+5) */
} Coverage;

static int cmp_str(const void *a, const void *b) {
  return strcmp((const char *)a, (const char *)b);
}

/* Sorts n strings of `width` bytes and fails on a repeat. */
static void assert_distinct(void *strings, int n, size_t width,
                            const JqPosition *pos) {
  qsort(strings, (size_t)n, width, cmp_str);
  for (int i = 1; i < n; i++) {
    const char *a = (const char *)strings + (size_t)(i - 1) * width;
    const char *b = (const char *)strings + (size_t)i * width;
    if (strcmp(a, b) == 0) {
      char fen[JQ_FEN_MAX];
      jq_fen_write(pos, JQ_FEN_JIEQIBOX, fen, sizeof fen);
      g_error("two moves print as '%s' in %s", a, fen);
    }
  }
}

static void fail_round_trip(const JqPosition *pos, JqMove m, const char *text,
                            const char *why) {
  char fen[JQ_FEN_MAX], coords[JQ_COORDS_MAX];
  jq_fen_write(pos, JQ_FEN_JIEQIBOX, fen, sizeof fen);
  jq_move_to_coords(m, coords);
  g_error("%s: '%s' (for %s) in %s", why, text, coords, fen);
}

/* Every legal move prints in each notation and reads back to itself, and
 * no two moves share a name. */
static void check_round_trips(const JqPosition *pos, Coverage *cov) {
  static char coords[JQ_MAX_MOVES][JQ_COORDS_MAX];
  static char cn[2][JQ_MAX_MOVES][JQ_CHINESE_MAX];
  static char wxf[JQ_MAX_MOVES][JQ_WXF_MAX];
  JqMoveList list;
  jq_generate_legal(pos, JQ_GEN_ALL, &list);
  cov->positions++;
  for (int i = 0; i < list.count; i++) {
    JqMove m = list.moves[i], got;
    JqError err = {{0}};
    cov->moves++;
    jq_move_to_coords(m, coords[i]);
    got = JQ_MOVE_NONE;
    if (!jq_notation_parse_coords(pos, coords[i], &got, NULL, &err) || got != m)
      fail_round_trip(pos, m, coords[i], err.message);
    for (int cs = 0; cs < 2; cs++) {
      char *s = cn[cs][i];
      if (jq_move_to_chinese(pos, m, JQ_NO_TYPE, (JqCharset)cs, s,
                             JQ_CHINESE_MAX) == 0)
        fail_round_trip(pos, m, "", "no Chinese name");
      got = JQ_MOVE_NONE;
      if (!jq_notation_parse_chinese(pos, s, &got, &err))
        fail_round_trip(pos, m, s, err.message);
      if (got != m)
        fail_round_trip(pos, m, s, "read back as another move");
      if (cs == 0) {
        cov->place_forms +=
            strncmp(s, "前", 3) == 0 || strncmp(s, "中", 3) == 0 ||
            strncmp(s, "后", 3) == 0 || strncmp(s, "一", 3) == 0;
        cov->hidden_names += strstr(s, "暗") != NULL;
      }
    }
    size_t wlen = jq_move_to_wxf(pos, m, wxf[i]);
    if (wlen == 0)
      fail_round_trip(pos, m, "", "no WXF name");
    cov->wxf_extended += wlen == 5;
    got = JQ_MOVE_NONE;
    if (!jq_notation_parse_wxf(pos, wxf[i], &got, &err))
      fail_round_trip(pos, m, wxf[i], err.message);
    if (got != m)
      fail_round_trip(pos, m, wxf[i], "read back as another move");
    cov->wxf_tandems += wxf[i][1] == '+' || wxf[i][1] == '-';
    got = JQ_MOVE_NONE;
    if (!jq_notation_parse_any(pos, wxf[i], &got, NULL, &err) || got != m)
      fail_round_trip(pos, m, wxf[i], "parse_any");
  }
  assert_distinct(coords, list.count, JQ_COORDS_MAX, pos);
  assert_distinct(cn[0], list.count, JQ_CHINESE_MAX, pos);
  assert_distinct(cn[1], list.count, JQ_CHINESE_MAX, pos);
  assert_distinct(wxf, list.count, JQ_WXF_MAX, pos);
}

/* An identity for a hidden piece of colour c, weighted by the pool. */
static JqPieceType draw_identity(const JqPosition *pos, JqColor c, JqRng *rng) {
  int total = 0;
  for (int t = 0; t < JQ_TYPE_COUNT; t++)
    total += pos->pool[c][t];
  g_assert_cmpint(total, >, 0);
  int k = (int)jq_rng_below(rng, (uint32_t)total);
  for (int t = 0; t < JQ_TYPE_COUNT; t++) {
    if (k < pos->pool[c][t])
      return (JqPieceType)t;
    k -= pos->pool[c][t];
  }
  g_assert_not_reached();
  return JQ_NO_TYPE;
}

/* The reveal of a move in both written forms reads back whole. */
static void check_reveal_round_trip(const JqPosition *pos, JqMove m,
                                    JqReveal reveal, Coverage *cov) {
  char coords[JQ_COORDS_MAX], cn[JQ_CHINESE_MAX];
  JqMove got = JQ_MOVE_NONE;
  JqReveal r = JQ_REVEAL_NONE;
  JqError err = {{0}};
  jq_move_to_coords_ext(m, pos->side, reveal, coords);
  if (!jq_notation_parse_coords(pos, coords, &got, &r, &err))
    fail_round_trip(pos, m, coords, err.message);
  g_assert_cmpuint(got, ==, m);
  g_assert_cmpint(r.mover, ==, reveal.mover);
  g_assert_cmpint(r.captured, ==, reveal.captured);
  if (reveal.mover != JQ_NO_TYPE) {
    jq_move_to_chinese(pos, m, reveal.mover, JQ_CHARSET_TRADITIONAL, cn,
                       sizeof cn);
    got = JQ_MOVE_NONE;
    r = JQ_REVEAL_NONE;
    if (!jq_notation_parse_any(pos, cn, &got, &r, &err))
      fail_round_trip(pos, m, cn, err.message);
    g_assert_cmpuint(got, ==, m);
    g_assert_cmpint(r.mover, ==, reveal.mover);
  }
  cov->reveals++;
}

static void random_games(JqVariant variant, int games, int plies, uint64_t seed,
                         Coverage *cov) {
  JqRng rng;
  jq_rng_seed(&rng, seed);
  static JqPosition pos;
  for (int g = 0; g < games; g++) {
    jq_position_init_start(&pos, variant);
    for (int ply = 0; ply < plies; ply++) {
      check_round_trips(&pos, cov);
      JqMoveList list;
      jq_generate_legal(&pos, JQ_GEN_ALL, &list);
      if (list.count == 0)
        break;
      JqMove m = list.moves[jq_rng_below(&rng, (uint32_t)list.count)];
      JqReveal reveal = JQ_REVEAL_NONE;
      JqPiece mover = pos.board[jq_move_from(m)];
      JqPiece victim = pos.board[jq_move_to(m)];
      if (jq_piece_is_hidden(mover))
        reveal.mover = draw_identity(&pos, pos.side, &rng);
      if (victim != JQ_EMPTY && jq_piece_is_hidden(victim))
        reveal.captured = draw_identity(&pos, jq_color_other(pos.side), &rng);
      if (reveal.mover != JQ_NO_TYPE || reveal.captured != JQ_NO_TYPE)
        check_reveal_round_trip(&pos, m, reveal, cov);
      jq_position_make_move(&pos, m, reveal);
    }
  }
}

static void test_round_trip_fixed(void) {
  Coverage cov = {0};
  JqPosition pos;
  for (size_t i = 0; i < G_N_ELEMENTS(perft_fens); i++) {
    jq_test_position_from_fen(&pos, perft_fens[i]);
    check_round_trips(&pos, &cov);
  }
  for (size_t i = 0; i < G_N_ELEMENTS(tandem_fens); i++) {
    jq_test_position_from_fen(&pos, tandem_fens[i]);
    check_round_trips(&pos, &cov);
  }
  /* The jieqi reading of the xiangqi tandem boards: advisors and
   * elephants roam, so they meet on files. */
  for (size_t i = 0; i + 1 < G_N_ELEMENTS(tandem_fens); i++) {
    JqError err = {{0}};
    g_assert_true(
        jq_fen_parse(tandem_fens[i], JQ_FEN_VARIANT_JIEQI, &pos, &err));
    check_round_trips(&pos, &cov);
  }
  g_assert_cmpint(cov.positions, ==, 14 + 2 * 13 - 1);
  g_assert_cmpint(cov.moves, >, 600);
  g_assert_cmpint(cov.place_forms, >, 50);
  g_assert_cmpint(cov.wxf_tandems, >, 50);
  g_assert_cmpint(cov.hidden_names, >, 5);
}

static void test_round_trip_xiangqi_games(void) {
  Coverage cov = {0};
  random_games(JQ_VARIANT_XIANGQI, 200, 100, 20240611, &cov);
  g_test_message("xiangqi: %d positions, %d moves, %d tandem names",
                 cov.positions, cov.moves, cov.place_forms);
  g_assert_cmpint(cov.positions, >, 10000);
  g_assert_cmpint(cov.place_forms, >, 100);
  g_assert_cmpint(cov.wxf_tandems, >, 100);
  /* Xiangqi never needs more than the WXF rules. */
  g_assert_cmpint(cov.wxf_extended, ==, 0);
}

static void test_round_trip_jieqi_games(void) {
  Coverage cov = {0};
  random_games(JQ_VARIANT_JIEQI, 200, 100, 77, &cov);
  g_test_message("jieqi: %d positions, %d moves, %d tandem names, %d hidden, "
                 "%d beyond WXF",
                 cov.positions, cov.moves, cov.place_forms, cov.hidden_names,
                 cov.wxf_extended);
  g_assert_cmpint(cov.positions, >, 10000);
  g_assert_cmpint(cov.place_forms, >, 100);
  g_assert_cmpint(cov.hidden_names, >, 1000);
  g_assert_cmpint(cov.reveals, >, 1000);
  g_assert_cmpint(cov.wxf_extended, >, 0);
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/notation/start-red", test_start_red);
  g_test_add_func("/notation/start-black", test_start_black);
  g_test_add_func("/notation/straight-moves", test_straight_moves);
  g_test_add_func("/notation/tandem-chariots", test_tandem_chariots);
  g_test_add_func("/notation/tandem-horses", test_tandem_horses);
  g_test_add_func("/notation/advisors-keep-file", test_advisors_keep_file);
  g_test_add_func("/notation/jieqi-advisors-tandem",
                  test_jieqi_advisors_tandem);
  g_test_add_func("/notation/three-pawns", test_three_pawns);
  g_test_add_func("/notation/four-and-five-pawns", test_four_and_five_pawns);
  g_test_add_func("/notation/pawns-on-two-files", test_pawns_on_two_files);
  g_test_add_func("/notation/traditional-and-lenient",
                  test_traditional_and_lenient);
  g_test_add_func("/notation/jieqi-hidden-names", test_jieqi_hidden_names);
  g_test_add_func("/notation/jieqi-hidden-and-revealed",
                  test_jieqi_hidden_and_revealed);
  g_test_add_func("/notation/wxf-extension", test_wxf_extension);
  g_test_add_func("/notation/jieqi-reveal-suffix", test_jieqi_reveal_suffix);
  g_test_add_func("/notation/coords-reveal-letters",
                  test_coords_reveal_letters);
  g_test_add_func("/notation/errors", test_errors);
  g_test_add_func("/notation/error-codes", test_error_codes);
  g_test_add_func("/notation/garbage", test_garbage);
  g_test_add_func("/notation/writer-limits", test_writer_limits);
  g_test_add_func("/notation/round-trip-fixed", test_round_trip_fixed);
  g_test_add_func("/notation/round-trip-xiangqi-games",
                  test_round_trip_xiangqi_games);
  g_test_add_func("/notation/round-trip-jieqi-games",
                  test_round_trip_jieqi_games);
  return g_test_run();
}
