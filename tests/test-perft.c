/* Perft against public figures (tests/data/perft-xiangqi.txt). The default
 * run takes every case up to 5 million nodes; the slow build the rest. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jq-game.h"
#include "jq-perft.h"
#include "jq-test-util.h"

#define FAST_LIMIT 5000000ULL

typedef struct {
  char fen[128];
  int depth;
  guint64 nodes;
} PerftCase;

static GPtrArray *load_cases(void) {
  const char *dir = g_getenv("JQ_TEST_DATA");
  g_autofree char *path =
      g_build_filename(dir ? dir : ".", "data", "perft-xiangqi.txt", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  if (!g_file_get_contents(path, &text, NULL, &error))
    g_error("cannot read %s: %s", path, error->message);
  GPtrArray *cases = g_ptr_array_new_with_free_func(g_free);
  g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
  for (int i = 0; lines[i]; i++) {
    if (lines[i][0] == '#' || lines[i][0] == '\0')
      continue;
    g_auto(GStrv) fields = g_strsplit(lines[i], "|", 3);
    g_assert_nonnull(fields[1]);
    g_auto(GStrv) figures = g_strsplit(fields[1], " ", -1);
    for (int j = 0; figures[j]; j++) {
      PerftCase *c = g_new0(PerftCase, 1);
      g_strlcpy(c->fen, fields[0], sizeof c->fen);
      g_assert_cmpint(
          sscanf(figures[j], "%d:%" G_GUINT64_FORMAT, &c->depth, &c->nodes), ==,
          2);
      g_ptr_array_add(cases, c);
    }
  }
  return cases;
}

static void run_case(gconstpointer data) {
  const PerftCase *c = data;
  JqPosition pos;
  jq_test_position_from_fen(&pos, c->fen);
  uint64_t before = pos.hash;
  g_assert_cmpuint(jq_perft(&pos, NULL, c->depth), ==, c->nodes);
  g_assert_cmpuint(pos.hash, ==, before);
}

#ifndef JQ_PERFT_SLOW
/* Divide totals add up to the whole, and each root move's count equals a
 * perft of the position after it. */
static void divide_cb(JqMove move, uint64_t nodes, void *data) {
  JqPosition *pos = data;
  jq_position_make_move(pos, move, JQ_REVEAL_NONE);
  g_assert_cmpuint(jq_perft(pos, NULL, 2), ==, nodes);
  jq_position_unmake_move(pos);
}

static void test_divide(void) {
  JqPosition pos;
  jq_position_init_start(&pos, JQ_VARIANT_XIANGQI);
  JqPosition copy = pos;
  g_assert_cmpuint(jq_perft_divide(&copy, NULL, 3, divide_cb, &copy), ==,
                   79666);
}

/* Counts the same tree through the arbiter: every move played with
 * jq_game_play on a copy of the game. */
static uint64_t game_perft(const JqGame *game, int depth) {
  JqMoveList list;
  jq_game_legal_moves(game, &list);
  if (depth == 1)
    return (uint64_t)list.count;
  uint64_t nodes = 0;
  for (int i = 0; i < list.count; i++) {
    JqGame *child = jq_game_copy(game);
    JqError err;
    g_assert_true(jq_game_play(child, list.moves[i], &err));
    nodes += game_perft(child, depth - 1);
    jq_game_free(child);
  }
  return nodes;
}

/* Jieqi perft with a fixed deal: the same seed gives the same count, and
 * the arbiter's own path agrees with the bulk counter. */
static void test_jieqi_perft(void) {
  JqGame *game = jq_game_new(JQ_VARIANT_JIEQI, 42);
  JqPieceType deal[JQ_SQUARES];
  jq_game_initial_deal(game, deal);
  JqPosition pos = *jq_game_truth(game);
  /* Hidden pieces move by role: the first ply is xiangqi's. */
  g_assert_cmpuint(jq_perft(&pos, deal, 1), ==, 44);
  uint64_t d3 = jq_perft(&pos, deal, 3);
  g_assert_cmpuint(game_perft(game, 3), ==, d3);
  JqGame *again = jq_game_new(JQ_VARIANT_JIEQI, 42);
  JqPosition pos2 = *jq_game_truth(again);
  jq_game_initial_deal(again, deal);
  g_assert_cmpuint(jq_perft(&pos2, deal, 3), ==, d3);
  jq_game_free(game);
  jq_game_free(again);
}

/* A deal in which every hidden piece is what its point's role says plays
 * exactly like xiangqi for four plies (free advisors and elephants need a
 * second move of their own to leave the palace or cross the river). */
static void test_jieqi_role_deal(void) {
  JqPosition pos;
  jq_position_init_start(&pos, JQ_VARIANT_JIEQI);
  JqPieceType deal[JQ_SQUARES];
  for (int sq = 0; sq < JQ_SQUARES; sq++)
    deal[sq] =
        jq_piece_is_hidden(pos.board[sq]) ? jq_start_role(sq) : JQ_NO_TYPE;
  g_assert_cmpuint(jq_perft(&pos, deal, 4), ==, 3290240);
  /* With another deal the tree differs: a red piece revealed on h9 that is
   * not a cannon no longer pins Black's back rank. */
  JqGame *game = jq_game_new(JQ_VARIANT_JIEQI, 7);
  JqPosition other = *jq_game_truth(game);
  jq_game_initial_deal(game, deal);
  g_assert_cmpuint(jq_perft(&other, deal, 2), !=, 1920);
  jq_game_free(game);
}

#endif

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_autoptr(GPtrArray) cases = load_cases();
  g_assert_cmpuint(cases->len, >=, 60);
  for (guint i = 0; i < cases->len; i++) {
    PerftCase *c = g_ptr_array_index(cases, i);
#ifdef JQ_PERFT_SLOW
    if (c->nodes <= FAST_LIMIT)
      continue;
#else
    if (c->nodes > FAST_LIMIT)
      continue;
#endif
    g_autofree char *name = g_strdup_printf(
        "/perft/%u-depth-%d-%" G_GUINT64_FORMAT, i, c->depth, c->nodes);
    g_test_add_data_func(name, c, run_case);
  }
#ifndef JQ_PERFT_SLOW
  g_test_add_func("/perft/divide", test_divide);
  g_test_add_func("/perft/jieqi-deal", test_jieqi_perft);
  g_test_add_func("/perft/jieqi-role-deal", test_jieqi_role_deal);
#endif
  return g_test_run();
}
