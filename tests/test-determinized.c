/* The "determinized" baseline (alpha-beta on sampled deals, by vote): the
 * search takes a deal as known when given one, the AI plays the same move
 * whatever the arbiter's truth (its deals come from the view alone), its
 * code reads no arbiter, its options, its time split, and legal play. */
#include <math.h>
#include <string.h>

#include "jq-ai.h"
#include "jq-determinize.h"
#include "jq-game.h"
#include "jq-movegen.h"
#include "jq-search.h"
#include "jq-test-ai.h"
#include "jq-test-util.h"

static JqMove think(JqAi *ai, const JqPosition *view, const JqLimits *limits) {
  atomic_bool stop;
  atomic_init(&stop, false);
  return jq_ai_think(ai, view, limits, &stop, NULL, NULL, NULL);
}

/* The score of one root move searched to `depth` under `deal`. */
static int score_under_deal(JqSearch *search, const JqPosition *pos,
                            const JqPieceType *deal, const char *move,
                            int depth) {
  jq_search_clear(search);
  jq_search_set_deal(search, deal, deal ? 99 : 0);
  JqLimits limits;
  jq_limits_init(&limits);
  limits.depth = depth;
  limits.searchmoves_count = 1;
  limits.searchmoves[0] = jq_test_move(move);
  atomic_bool stop;
  atomic_init(&stop, false);
  JqRootResult line;
  int lines = 0;
  JqMove m = jq_search_run(search, pos, &limits, &stop, NULL, NULL, NULL, &line,
                           1, &lines);
  jq_search_set_deal(search, NULL, 0);
  g_assert_cmpint(m, ==, jq_test_move(move));
  g_assert_cmpint(lines, ==, 1);
  return line.score;
}

/* The two deals of a view whose one hidden piece, on a0, is a chariot or
 * a pawn. */
static void a0_deals(JqPieceType chariot[JQ_SQUARES],
                     JqPieceType pawn[JQ_SQUARES]) {
  for (int sq = 0; sq < JQ_SQUARES; sq++)
    chariot[sq] = pawn[sq] = JQ_NO_TYPE;
  int a0 = jq_move_from(jq_test_move("a0a1"));
  chariot[a0] = JQ_CHARIOT;
  pawn[a0] = JQ_PAWN;
}

/* Red's one hidden piece, on a0, is a chariot or a pawn (the pool says
 * one of each; the other was taken unseen). Told the deal, the search
 * values turning it up by what it is; without one, by the average. */
static void test_search_takes_deal(void) {
  JqPosition pos;
  jq_test_position_from_fen(&pos, "3k5/9/9/9/9/9/9/9/9/X3K4 w R1P1 - 0 1");
  JqPieceType chariot[JQ_SQUARES], pawn[JQ_SQUARES];
  a0_deals(chariot, pawn);
  JqSearch *search = jq_search_new();
  int as_chariot = score_under_deal(search, &pos, chariot, "a0a1", 3);
  int as_pawn = score_under_deal(search, &pos, pawn, "a0a1", 3);
  int unknown = score_under_deal(search, &pos, NULL, "a0a1", 3);
  g_test_message("a0a1: %d as a chariot, %d as a pawn, %d unknown", as_chariot,
                 as_pawn, unknown);
  g_assert_cmpint(as_chariot, >, as_pawn + 400);
  g_assert_cmpint(unknown, >, as_pawn);
  g_assert_cmpint(unknown, <, as_chariot);
  jq_search_free(search);
}

/* The chance of winning the search gives a score (docs/benchmarks.md,
 * "Session 22": a logistic over 259 cp). */
static double win_chance(int score) {
  return 1.0 / (1.0 + exp(-score / 259.0));
}

/* A reveal without a deal is the mean of its identities' chances of
 * winning, not of their centipawns: a chariot that wins and a pawn that
 * loses a little average to less than their centipawn mean. */
static void test_reveal_chances(void) {
  JqPosition pos;
  jq_test_position_from_fen(&pos,
                            "3k5/4a4/3a5/9/9/9/9/9/4P4/X3K4 w R1P1 - 0 1");
  JqPieceType chariot[JQ_SQUARES], pawn[JQ_SQUARES];
  a0_deals(chariot, pawn);
  JqSearch *search = jq_search_new();
  for (int depth = 3; depth <= 5; depth++) {
    int as_chariot = score_under_deal(search, &pos, chariot, "a0a1", depth);
    int as_pawn = score_under_deal(search, &pos, pawn, "a0a1", depth);
    int unknown = score_under_deal(search, &pos, NULL, "a0a1", depth);
    double mean = (win_chance(as_chariot) + win_chance(as_pawn)) / 2;
    int expected = (int)lround(259.0 * log(mean / (1 - mean)));
    g_test_message("depth %d, a0a1: %d as a chariot, %d as a pawn, %d unknown, "
                   "%d expected",
                   depth, as_chariot, as_pawn, unknown, expected);
    g_assert_cmpint(as_chariot, >, as_pawn + 400);
    g_assert_cmpint(abs(unknown - expected), <=, 10);
    g_assert_cmpint(unknown, <, (as_chariot + as_pawn) / 2 - 50);
  }
  jq_search_free(search);
}

/* Same view, same seed: the same move, whatever deal the arbiter holds. */
static void test_blind_to_deal(void) {
  JqGame *game = jq_test_ai_middle_game(31, 16, "5");
  JqColor side = jq_game_side_to_move(game);
  JqPosition view;
  memset(&view, 0, sizeof view);
  jq_game_view(game, side, &view);
  g_assert_cmpint(view.hidden_count[side], >=, 4);
  JqAi *ai = jq_test_ai_new("determinized");
  jq_test_ai_set(ai, "Deals", "3");
  jq_test_ai_set(ai, "Hash", "8");
  JqLimits limits;
  jq_limits_init(&limits);
  limits.depth = 4;
  JqMove first = JQ_MOVE_NONE;
  JqPieceType first_deal[JQ_SQUARES];
  int different = 0;
  for (int w = 0; w < 6; w++) {
    JqRng rng;
    jq_rng_seed(&rng, 500 + (uint64_t)w);
    JqPieceType deal[JQ_SQUARES];
    jq_determinize(&view, &rng, deal);
    JqError err;
    JqGame *world = jq_game_new_from_view(&view, deal, &err);
    if (!world)
      g_error("%s", err.message);
    JqPosition world_view;
    memset(&world_view, 0, sizeof world_view);
    jq_game_view(world, side, &world_view);
    g_assert_true(memcmp(&world_view, &view, sizeof view) == 0);
    jq_test_ai_set(ai, "Seed", "2027");
    jq_ai_new_game(ai);
    JqMove m = think(ai, &world_view, &limits);
    g_assert_true(jq_game_is_legal(world, m));
    if (w == 0) {
      first = m;
      memcpy(first_deal, deal, sizeof deal);
    } else {
      g_assert_cmpint(m, ==, first);
      different += memcmp(deal, first_deal, sizeof deal) != 0;
    }
    jq_game_free(world);
  }
  g_assert_cmpint(different, >=, 4);
  jq_ai_free(ai);
  jq_game_free(game);
}

static void test_source_reads_no_arbiter(void) {
  const char *dir = g_getenv("JQ_TEST_SRC");
  g_assert_nonnull(dir);
  static const char *const files[] = {
      "engine/jq-ai-determinized.c",
      "engine/jq-search.c",
      "engine/jq-eval.c",
      "engine/jq-tt.c",
      "engine/jq-time.c",
      "core/jq-determinize.c",
  };
  for (size_t i = 0; i < G_N_ELEMENTS(files); i++) {
    char *path = g_build_filename(dir, files[i], NULL);
    char *text = NULL;
    GError *error = NULL;
    if (!g_file_get_contents(path, &text, NULL, &error))
      g_error("%s", error->message);
    g_assert_cmpuint(strlen(text), >, 100);
    if (strstr(text, "jq_game_") || strstr(text, "jq-game.h"))
      g_error("%s calls into the arbiter", files[i]);
    g_free(text);
    g_free(path);
  }
}

static void test_options(void) {
  JqAi *ai = jq_test_ai_new("determinized");
  g_assert_cmpstr(jq_ai_algorithm(ai), ==, "determinized");
  JqError err;
  static const char *const good[][2] = {
      {"Deals", "1"},      {"deals", "64"},       {"Hash", "4"},
      {"Threads", "1"},    {"Seed", "0"},         {"MultiPV", "2"},
      {"Ponder", "false"}, {"Skill Level", "20"},
  };
  for (size_t i = 0; i < G_N_ELEMENTS(good); i++)
    if (!jq_ai_set_option(ai, good[i][0], good[i][1], &err))
      g_error("%s=%s refused: %s", good[i][0], good[i][1], err.message);
  static const char *const bad[][3] = {
      {"Deals", "0", "Deals"},      {"Deals", "65", "Deals"},
      {"Deals", "four", "Deals"},   {"Hash", "0", "Hash"},
      {"Seed", "-1", "Seed"},       {"Ponder", "maybe", "Ponder"},
      {"Leaf", "probe", "unknown"},
  };
  for (size_t i = 0; i < G_N_ELEMENTS(bad); i++) {
    memset(&err, 0, sizeof err);
    if (jq_ai_set_option(ai, bad[i][0], bad[i][1], &err))
      g_error("%s=%s accepted", bad[i][0], bad[i][1]);
    g_assert_nonnull(strstr(err.message, bad[i][2]));
  }
  jq_ai_free(ai);
}

/* A fixed time is shared among the deals and kept to. */
static void test_movetime(void) {
  JqGame *game = jq_test_ai_middle_game(8, 6, "5");
  JqPosition view;
  jq_game_view(game, jq_game_side_to_move(game), &view);
  JqAi *ai = jq_test_ai_new("determinized");
  jq_test_ai_set(ai, "Deals", "5");
  JqLimits limits;
  jq_limits_init(&limits);
  limits.movetime_ms = 300;
  gint64 t0 = g_get_monotonic_time();
  JqMove m = think(ai, &view, &limits);
  gint64 ms = (g_get_monotonic_time() - t0) / 1000;
  g_test_message("movetime 300 took %" G_GINT64_FORMAT " ms", ms);
  g_assert_true(jq_game_is_legal(game, m));
  g_assert_cmpint(ms, >=, 200);
  g_assert_cmpint(ms, <, 1500);
  jq_ai_free(ai);
  jq_game_free(game);
}

/* Legal moves over fast games against the random mover, and it wins. */
static void test_plays_legally(void) {
  JqAi *ai = jq_test_ai_new("determinized");
  jq_test_ai_set(ai, "Hash", "2");
  JqAi *random = jq_test_ai_new("random");
  int wins = 0, games = 20;
  for (int g = 0; g < games; g++) {
    JqGame *game = jq_game_new(JQ_VARIANT_JIEQI, 900 + (uint64_t)g);
    JqColor our = g % 2 ? JQ_BLACK : JQ_RED;
    char seed[16];
    g_snprintf(seed, sizeof seed, "%d", g);
    jq_test_ai_set(ai, "Seed", seed);
    jq_test_ai_set(random, "Seed", seed);
    for (int ply = 0; ply < 200 && !jq_game_is_over(game); ply++) {
      JqColor side = jq_game_side_to_move(game);
      JqPosition view;
      jq_game_view(game, side, &view);
      JqLimits limits;
      jq_limits_init(&limits);
      limits.depth = 2;
      JqMove m = think(side == our ? ai : random, &view, &limits);
      JqError err;
      if (!jq_game_play(game, m, &err))
        g_error("game %d ply %d: illegal move: %s", g, ply, err.message);
    }
    JqOutcome won = our == JQ_RED ? JQ_OUTCOME_RED_WINS : JQ_OUTCOME_BLACK_WINS;
    wins += jq_game_result(game).outcome == won;
    jq_game_free(game);
  }
  g_test_message("%d of %d games won against random", wins, games);
  g_assert_cmpint(wins, >=, games * 8 / 10);
  jq_ai_free(ai);
  jq_ai_free(random);
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/determinized/search-takes-deal", test_search_takes_deal);
  g_test_add_func("/determinized/reveal-chances", test_reveal_chances);
  g_test_add_func("/determinized/blind-to-deal", test_blind_to_deal);
  g_test_add_func("/determinized/source-reads-no-arbiter",
                  test_source_reads_no_arbiter);
  g_test_add_func("/determinized/options", test_options);
  g_test_add_func("/determinized/movetime", test_movetime);
  g_test_add_func("/determinized/plays-legally", test_plays_legally);
  return g_test_run();
}
