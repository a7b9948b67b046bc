/* The static evaluation: blind to colour and to left and right, and its
 * king-danger term charging only attacks that gather on the palace. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "jq-eval-psqt.h"
#include "jq-eval-weights.h"
#include "jq-eval.h"
#include "jq-test-util.h"

/* Middle games and endings from engine games, Red and Black to move. */
static const char *const positions[] = {
    "r1bakabn1/9/7Rc/p1p1r4/4c1p1p/4R4/P1P3P1P/B5N2/3NA4/3AK1B2 w - - 0 18",
    "2bakab2/9/1cn1c1n2/p1p1p1p1p/9/2P3P2/P3P3P/1C2C1N2/9/RNBAKAB1R b - - 0 6",
    "3k5/4a4/4ba3/4N4/2b6/9/9/4B4/4A4/3AK4 w - - 0 40",
    "2ba1k3/4a4/4b4/p3p3p/2p6/6P2/P3P3P/4C4/4A4/2BAK1B2 b - - 0 30",
    "1rbakabr1/9/1cn4c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R w - - 0 3",
};

/* The same position seen from the other side: ranks turned over, colours
 * and the side to move swapped. */
static char *flip_colours(const char *fen) {
  char board[128], side[8], rest[64];
  g_assert_cmpint(sscanf(fen, "%127s %7s %63[^\n]", board, side, rest), ==, 3);
  gchar **ranks = g_strsplit(board, "/", -1);
  GString *out = g_string_new(NULL);
  for (int i = (int)g_strv_length(ranks) - 1; i >= 0; i--) {
    for (const char *c = ranks[i]; *c; c++)
      g_string_append_c(out, isupper((unsigned char)*c)
                                 ? (char)tolower((unsigned char)*c)
                                 : (char)toupper((unsigned char)*c));
    if (i > 0)
      g_string_append_c(out, '/');
  }
  g_string_append_printf(out, " %s %s", side[0] == 'w' ? "b" : "w", rest);
  g_strfreev(ranks);
  return g_string_free(out, FALSE);
}

/* Left and right swapped: each rank read backwards. */
static char *flip_files(const char *fen) {
  char board[128], rest[64];
  g_assert_cmpint(sscanf(fen, "%127s %63[^\n]", board, rest), ==, 2);
  gchar **ranks = g_strsplit(board, "/", -1);
  GString *out = g_string_new(NULL);
  for (int i = 0; ranks[i]; i++) {
    gchar *rev = g_utf8_strreverse(ranks[i], -1);
    g_string_append(out, rev);
    g_free(rev);
    if (ranks[i + 1])
      g_string_append_c(out, '/');
  }
  g_string_append_printf(out, " %s", rest);
  g_strfreev(ranks);
  return g_string_free(out, FALSE);
}

static int eval_fen(const char *fen) {
  JqPosition pos;
  jq_test_position_from_fen(&pos, fen);
  return jq_evaluate(&pos);
}

static void test_symmetry(void) {
  for (size_t i = 0; i < G_N_ELEMENTS(positions); i++) {
    int e = eval_fen(positions[i]);
    char *colours = flip_colours(positions[i]);
    char *files = flip_files(positions[i]);
    g_test_message("%s: %d", positions[i], e);
    g_assert_cmpint(eval_fen(colours), ==, e);
    g_assert_cmpint(eval_fen(files), ==, e);
    g_free(colours);
    g_free(files);
  }
}

/* The evaluation with the king-danger penalty switched off. */
static int eval_without_danger(const char *fen) {
  int *w = jq_eval_weights[JQ_VARIANT_XIANGQI];
  int scale = w[JQ_W_KS_SCALE];
  w[JQ_W_KS_SCALE] = 0;
  int e = eval_fen(fen);
  w[JQ_W_KS_SCALE] = scale;
  return e;
}

static void test_king_danger(void) {
  g_assert_cmpint(jq_eval_weights[JQ_VARIANT_XIANGQI][JQ_W_KS_SCALE], >, 0);
  /* Nothing reaches either palace at the start. */
  const char *start =
      "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
  g_assert_cmpint(eval_fen(start), ==, eval_without_danger(start));
  /* A chariot down the open d file alone: one attacker is no attack. */
  const char *one = "4k4/9/9/9/9/9/9/9/4A4/3RK4 b - - 0 1";
  g_assert_cmpint(eval_fen(one), ==, eval_without_danger(one));
  /* The chariot joined by a horse that reaches the palace: Black, to
   * move, pays for the danger. */
  const char *two = "4k4/9/9/4N4/9/9/9/9/4A4/3RK4 b - - 0 1";
  g_assert_cmpint(eval_fen(two), <, eval_without_danger(two));
  /* The same attackers in jieqi weigh nothing extra: its advisors and
   * elephants roam, and its weights leave the term out. */
  g_assert_cmpint(jq_eval_weights[JQ_VARIANT_JIEQI][JQ_W_KS_SCALE], ==, 0);
}

static void test_weight_names(void) {
  for (int i = 0; i < JQ_W_COUNT; i++) {
    g_assert_nonnull(jq_eval_weight_names[i]);
    g_assert_nonnull(jq_eval_weight_texts[i]);
    for (int j = 0; j < i; j++)
      g_assert_cmpstr(jq_eval_weight_names[i], !=, jq_eval_weight_names[j]);
  }
  g_assert_cmpstr(jq_eval_weight_names[JQ_W_CHARIOT], ==, "CHARIOT");
}

/* A table entry counts for the pieces on its point, on either wing, and
 * for each side from its own end of the board; the two tables blend by
 * how many horses, chariots and cannons are left. */
static void test_psqt(void) {
  for (int r = 0; r < JQ_RANKS; r++)
    for (int f = 0; f < JQ_FILES; f++) {
      int i = jq_eval_psqt_index(f, r);
      g_assert_cmpint(i, ==, jq_eval_psqt_index(JQ_FILES - 1 - f, r));
      g_assert_cmpint(i, >=, 0);
      g_assert_cmpint(i, <, JQ_PSQT_POINTS);
    }
  /* Red's king on e0, Black's on d9: own rank 0 both, different files.
   * One horse is left of the twelve pieces that count for the phase, so
   * the full board table has 1/12 of the say and the empty board one
   * 11/12. */
  const char *fen = positions[2];
  int before = eval_fen(fen);
  int i = jq_eval_psqt_index(4, 0), j = jq_eval_psqt_index(5, 0);
  jq_eval_psqt_end[JQ_KING][i] += 12;
  g_assert_cmpint(eval_fen(fen), ==, before + 11);
  jq_eval_psqt[JQ_KING][i] += 12;
  g_assert_cmpint(eval_fen(fen), ==, before + 12);
  jq_eval_psqt_end[JQ_KING][i] -= 12;
  jq_eval_psqt[JQ_KING][i] -= 12;
  jq_eval_psqt[JQ_KING][j] += 12;
  jq_eval_psqt_end[JQ_KING][j] += 12;
  g_assert_cmpint(eval_fen(fen), ==, before - 12);
  jq_eval_psqt[JQ_KING][j] -= 12;
  jq_eval_psqt_end[JQ_KING][j] -= 12;
  g_assert_cmpint(eval_fen(fen), ==, before);
}

/* An attacker's entry by its place against the enemy king is the same on
 * either wing and stays in the table wherever the two stand. */
static void test_kingrel(void) {
  for (int kf = 3; kf <= 5; kf++)
    for (int kr = 7; kr <= 9; kr++)
      for (int r = 0; r < JQ_RANKS; r++)
        for (int f = 0; f < JQ_FILES; f++) {
          int i = jq_eval_kingrel_index(f, r, kf, kr);
          g_assert_cmpint(i, >=, 0);
          g_assert_cmpint(i, <, JQ_KREL_POINTS);
          g_assert_cmpint(i, ==,
                          jq_eval_kingrel_index(JQ_FILES - 1 - f, r,
                                                JQ_FILES - 1 - kf, kr));
        }
  /* Red's horse on e6, one file and three ranks from Black's king on d9;
   * Red to move. */
  const char *fen = positions[2];
  int before = eval_fen(fen);
  int i = jq_eval_kingrel_index(4, 6, 3, 9);
  jq_eval_kingrel[JQ_HORSE][i] += 12;
  g_assert_cmpint(eval_fen(fen), ==, before + 12);
  jq_eval_kingrel[JQ_HORSE][i] -= 12;
  /* Another file apart is another entry. */
  g_assert_cmpint(i, !=, jq_eval_kingrel_index(5, 6, 3, 9));
  g_assert_cmpint(eval_fen(fen), ==, before);
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/eval/symmetry", test_symmetry);
  g_test_add_func("/eval/king-danger", test_king_danger);
  g_test_add_func("/eval/weight-names", test_weight_names);
  g_test_add_func("/eval/psqt", test_psqt);
  g_test_add_func("/eval/kingrel", test_kingrel);
  return g_test_run();
}
