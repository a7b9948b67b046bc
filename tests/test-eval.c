/* The static evaluation: blind to colour and to left and right, and its
 * king-danger term charging only attacks that gather on the palace. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "jq-eval-psqt.h"
#include "jq-eval-weights.h"
#include "jq-eval.h"
#include "jq-game.h"
#include "jq-movegen.h"
#include "jq-rng.h"
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

/* The jieqi column's own weights, set for a test and put back after. */
static int saved_jieqi[JQ_W_COUNT];

static void jieqi_weights_zero(void) {
  int *w = jq_eval_weights[JQ_VARIANT_JIEQI];
  memcpy(saved_jieqi, w, sizeof saved_jieqi);
  for (int k = JQ_W_HIDDEN_ADVISOR_POINT; k <= JQ_W_HIDDEN_GUARD; k++)
    w[k] = 0;
}

static void jieqi_weights_restore(void) {
  memcpy(jq_eval_weights[JQ_VARIANT_JIEQI], saved_jieqi, sizeof saved_jieqi);
}

/* How much the evaluation of fen moves when jieqi weight k goes from 0 to
 * 100. */
static int jieqi_delta(const char *fen, int k) {
  int *w = jq_eval_weights[JQ_VARIANT_JIEQI];
  int before = eval_fen(fen);
  w[k] = 100;
  int after = eval_fen(fen);
  w[k] = 0;
  return after - before;
}

/* A hidden piece that a chariot or cannon could take now, revealed or
 * moving hidden from its own point, costs its side; one behind a blocker,
 * one of the attacker's own, or a revealed piece does not. */
static void test_hidden_attacked(void) {
  jieqi_weights_zero();
  /* Black's cannon on a9 over the screen on a6 hits Red's hidden a3 (the
   * kings on d9 and e0, apart). Red
   * is to move: the attacked piece is the mover's. */
  const char *cannon = "c2k5/9/9/x8/9/9/X8/9/9/X3K4 w R1P1p1 0 1";
  g_assert_cmpint(jieqi_delta(cannon, JQ_W_HIDDEN_ATTACKED), ==, -100);
  g_assert_cmpint(jieqi_delta(cannon, JQ_W_HIDDEN_HANGING), ==, 0);
  /* The same attack, Black to move: Red's piece hangs. */
  const char *hanging = "c2k5/9/9/x8/9/9/X8/9/9/X3K4 b R1P1p1 0 1";
  g_assert_cmpint(jieqi_delta(hanging, JQ_W_HIDDEN_HANGING), ==, 100);
  g_assert_cmpint(jieqi_delta(hanging, JQ_W_HIDDEN_ATTACKED), ==, 0);
  /* The cannon a file over attacks nothing. */
  const char *away = "1c1k5/9/9/x8/9/9/X8/9/9/X3K4 w R1P1p1 0 1";
  g_assert_cmpint(jieqi_delta(away, JQ_W_HIDDEN_ATTACKED), ==, 0);
  /* Without the screen the cannon jumps a3 and hits a0 instead. */
  const char *jump = "c2k5/9/9/9/9/9/X8/9/9/X3K4 w R1P1 0 1";
  g_assert_cmpint(jieqi_delta(jump, JQ_W_HIDDEN_ATTACKED), ==, -100);
  /* A revealed pawn on a3 and a revealed chariot on a0 are not counted
   * (Black's hidden i6 keeps it a jieqi position). */
  const char *revealed = "c2k5/9/9/8x/9/9/P8/9/9/R3K4 w p1 0 1";
  g_assert_cmpint(jieqi_delta(revealed, JQ_W_HIDDEN_ATTACKED), ==, 0);
  /* A chariot takes the first piece on its line: a3, not a0. */
  const char *chariot = "r2k5/9/9/9/9/9/X8/9/9/X3K4 w R1P1 0 1";
  g_assert_cmpint(jieqi_delta(chariot, JQ_W_HIDDEN_ATTACKED), ==, -100);
  /* Its own hidden piece on a6 in the way: nothing. */
  const char *blocked = "r2k5/9/9/x8/9/9/X8/9/9/X3K4 w R1P1p1 0 1";
  g_assert_cmpint(jieqi_delta(blocked, JQ_W_HIDDEN_ATTACKED), ==, 0);
  /* The start: each side's hidden cannon points hit the other's horse
   * points over the cannon points in between, two for each side. */
  g_assert_cmpint(jieqi_delta(JQ_START_FEN_JIEQI, JQ_W_HIDDEN_ATTACKED), ==,
                  -200);
  g_assert_cmpint(jieqi_delta(JQ_START_FEN_JIEQI, JQ_W_HIDDEN_HANGING), ==,
                  200);
  /* With a positive weight the attacked hidden piece is worth less than
   * the one the cannon misses. */
  int *w = jq_eval_weights[JQ_VARIANT_JIEQI];
  w[JQ_W_HIDDEN_ATTACKED] = 40;
  int base_cannon = eval_fen(cannon), base_away = eval_fen(away);
  w[JQ_W_HIDDEN_ATTACKED] = 0;
  g_assert_cmpint(base_cannon - eval_fen(cannon), ==, -40);
  g_assert_cmpint(base_away - eval_fen(away), ==, 0);
  jieqi_weights_restore();
}

/* A hidden piece is worth its pool's average plus its point's weight. */
static void test_hidden_points(void) {
  jieqi_weights_zero();
  /* Red: hidden on a0 (chariot point) and a3 (pawn point); Black: hidden
   * on c9 (elephant point). Red to move. */
  const char *fen = "2xk5/9/9/9/9/9/X8/9/9/X3K4 w R1P1b1 0 1";
  g_assert_cmpint(jieqi_delta(fen, JQ_W_HIDDEN_CHARIOT_POINT), ==, 100);
  g_assert_cmpint(jieqi_delta(fen, JQ_W_HIDDEN_PAWN_POINT), ==, 100);
  g_assert_cmpint(jieqi_delta(fen, JQ_W_HIDDEN_ELEPHANT_POINT), ==, -100);
  g_assert_cmpint(jieqi_delta(fen, JQ_W_HIDDEN_HORSE_POINT), ==, 0);
  /* The start: the same points on both sides. */
  for (int k = JQ_W_HIDDEN_ADVISOR_POINT; k <= JQ_W_HIDDEN_PAWN_POINT; k++)
    g_assert_cmpint(jieqi_delta(JQ_START_FEN_JIEQI, k), ==, 0);
  jieqi_weights_restore();
}

/* Revealed advisors and elephants across the river, and hidden guard
 * points weighed by what the enemy may bring. */
static void test_guards(void) {
  jieqi_weights_zero();
  /* Red's advisor on e5 is across; Black's elephant on c9 is at home
   * (Black's hidden i6 makes these jieqi positions). */
  const char *across = "2bk5/9/9/8x/4A4/9/9/9/9/4K4 w p1 0 1";
  g_assert_cmpint(jieqi_delta(across, JQ_W_GUARD_ACROSS), ==, 100);
  const char *home = "2bk5/9/9/8x/9/9/9/9/4A4/4K4 w p1 0 1";
  g_assert_cmpint(jieqi_delta(home, JQ_W_GUARD_ACROSS), ==, 0);
  /* Red's hidden d0 (an advisor point) against Black's revealed chariot
   * and one hidden piece: 1 * (1 + 1); Black's hidden a6 is a pawn
   * point, no guard. */
  const char *guard = "r2k5/9/9/x8/9/9/9/9/9/3XK4 w A1p1 0 1";
  g_assert_cmpint(jieqi_delta(guard, JQ_W_HIDDEN_GUARD), ==, 200);
  jieqi_weights_restore();
}

/* Jieqi's own terms do not touch xiangqi: their xiangqi weights are 0,
 * and whatever they are, the xiangqi evaluation stays the same. */
static void test_xiangqi_unchanged(void) {
  int *x = jq_eval_weights[JQ_VARIANT_XIANGQI];
  int before[G_N_ELEMENTS(positions)];
  for (size_t i = 0; i < G_N_ELEMENTS(positions); i++)
    before[i] = eval_fen(positions[i]);
  for (int k = JQ_W_HIDDEN_ADVISOR_POINT; k <= JQ_W_HIDDEN_GUARD; k++) {
    g_assert_cmpint(x[k], ==, 0);
    x[k] = 77;
    jq_eval_weights[JQ_VARIANT_JIEQI][k] += 55;
  }
  for (size_t i = 0; i < G_N_ELEMENTS(positions); i++)
    g_assert_cmpint(eval_fen(positions[i]), ==, before[i]);
  for (int k = JQ_W_HIDDEN_ADVISOR_POINT; k <= JQ_W_HIDDEN_GUARD; k++) {
    x[k] = 0;
    jq_eval_weights[JQ_VARIANT_JIEQI][k] -= 55;
  }
}

/* Jieqi positions are judged alike from either side: a position and its
 * colour-flipped twin (pools swapped too) evaluate the same, with the
 * jieqi terms all switched on. */
static void test_jieqi_symmetry(void) {
  static const char *const pairs[][2] = {
      {JQ_START_FEN_JIEQI,
       "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX b "
       "a2b2n2r2c2p5A2B2N2R2C2P5 - 0 1"},
      {"c2k5/9/9/x8/9/9/X8/9/9/X3K4 w R1P1p1 0 1",
       "x3k4/9/9/x8/9/9/X8/9/9/C2K5 b r1p1P1 0 1"},
      {"r2k5/9/9/x8/4A4/9/9/9/9/3XK4 w A1p1 0 1",
       "3xk4/9/9/9/9/4a4/X8/9/9/R2K5 b a1P1 0 1"},
  };
  jieqi_weights_zero();
  int *w = jq_eval_weights[JQ_VARIANT_JIEQI];
  for (int k = JQ_W_HIDDEN_ADVISOR_POINT; k <= JQ_W_HIDDEN_GUARD; k++)
    w[k] = 10 + 7 * (k - JQ_W_HIDDEN_ADVISOR_POINT);
  for (size_t i = 0; i < G_N_ELEMENTS(pairs); i++) {
    g_test_message("%s", pairs[i][0]);
    g_assert_cmpint(eval_fen(pairs[i][0]), ==, eval_fen(pairs[i][1]));
  }
  jieqi_weights_restore();
}

/* The search caches evaluations by the position's hash alone (its
 * evaluate()), so the hash must cover everything the evaluation reads:
 * over random jieqi games, every position met and every child of it (a
 * hidden mover turned up as each identity its pool still holds, so that
 * the same board comes with different pools) evaluates the same whenever
 * its hash was met before; and a position whose pools alone are changed
 * gets another hash. */
/* Evaluations are kept as pointers, offset so that none is NULL. */
#define EVAL_KEPT_OFFSET (1 << 20)

typedef struct {
  GHashTable *seen; /* hash -> evaluation + EVAL_KEPT_OFFSET */
  guint repeats;    /* positions whose hash was met before */
} EvalsByHash;

static void check_eval_by_hash(EvalsByHash *e, const JqPosition *pos) {
  g_assert_cmpuint(pos->hash, ==, jq_position_compute_hash(pos));
  int v = jq_evaluate(pos);
  guint64 *key = g_new(guint64, 1);
  *key = pos->hash;
  gpointer old = g_hash_table_lookup(e->seen, key);
  if (old) {
    e->repeats++;
    g_assert_cmpint(GPOINTER_TO_INT(old) - EVAL_KEPT_OFFSET, ==, v);
    g_free(key);
    return;
  }
  g_hash_table_insert(e->seen, key, GINT_TO_POINTER(v + EVAL_KEPT_OFFSET));
}

static void test_hash_covers_eval(void) {
  EvalsByHash e = {
      g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free, NULL), 0};
  JqRng rng;
  jq_rng_seed(&rng, 16);
  guint pool_changes = 0;
  for (int g = 0; g < 60; g++) {
    JqGame *game = jq_game_new(JQ_VARIANT_JIEQI, jq_rng_next(&rng));
    JqPieceType deal[JQ_SQUARES];
    jq_game_initial_deal(game, deal);
    JqPosition pos = *jq_game_truth(game);
    /* Half the games are seen by an observer who never learns captured
     * identities: their pools keep the captured pieces. */
    gboolean learns = g % 2 == 0;
    for (int ply = 0; ply < 120; ply++) {
      JqMoveList list;
      jq_generate_legal(&pos, JQ_GEN_ALL, &list);
      if (list.count == 0)
        break;
      check_eval_by_hash(&e, &pos);
      for (int i = 0; i < list.count; i++) {
        JqMove m = list.moves[i];
        int from = jq_move_from(m), to = jq_move_to(m);
        JqPieceType captured = JQ_NO_TYPE;
        if (learns && jq_piece_is_hidden(pos.board[to]))
          captured = deal[to];
        for (int t = JQ_ADVISOR; t < JQ_TYPE_COUNT; t++) {
          JqReveal r = {(JqPieceType)t, captured};
          if (!jq_piece_is_hidden(pos.board[from]))
            r.mover = JQ_NO_TYPE;
          else if (pos.pool[pos.side][t] == 0)
            continue;
          jq_position_make_move(&pos, m, r);
          check_eval_by_hash(&e, &pos);
          jq_position_unmake_move(&pos);
          if (r.mover == JQ_NO_TYPE)
            break;
        }
      }
      /* The same board with one unrevealed piece of the side to move
       * counted as another type. */
      JqPosition other = pos;
      int c = pos.side, from_t = -1, to_t = -1;
      for (int t = JQ_ADVISOR; t < JQ_TYPE_COUNT; t++) {
        if (other.pool[c][t] > 0 && from_t < 0)
          from_t = t;
        else if (to_t < 0)
          to_t = t;
      }
      if (from_t >= 0 && to_t >= 0) {
        other.pool[c][from_t]--;
        other.pool[c][to_t]++;
        jq_position_refresh(&other);
        g_assert_cmpuint(other.hash, !=, pos.hash);
        check_eval_by_hash(&e, &other);
        pool_changes++;
      }
      jq_test_make_random_move(&pos, &list, deal, &rng, learns);
    }
    jq_game_free(game);
  }
  g_test_message("%u positions, %u met again, %u with changed pools",
                 g_hash_table_size(e.seen), e.repeats, pool_changes);
  /* The comparison has to have happened, often. */
  g_assert_cmpuint(e.repeats, >, 1000);
  g_assert_cmpuint(pool_changes, >, 1000);
  g_hash_table_destroy(e.seen);
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/eval/symmetry", test_symmetry);
  g_test_add_func("/eval/king-danger", test_king_danger);
  g_test_add_func("/eval/weight-names", test_weight_names);
  g_test_add_func("/eval/psqt", test_psqt);
  g_test_add_func("/eval/kingrel", test_kingrel);
  g_test_add_func("/eval/jieqi/hidden-attacked", test_hidden_attacked);
  g_test_add_func("/eval/jieqi/hidden-points", test_hidden_points);
  g_test_add_func("/eval/jieqi/guards", test_guards);
  g_test_add_func("/eval/jieqi/symmetry", test_jieqi_symmetry);
  g_test_add_func("/eval/jieqi/hash-covers-eval", test_hash_covers_eval);
  g_test_add_func("/eval/xiangqi-unchanged", test_xiangqi_unchanged);
  return g_test_run();
}
