#include "jq-test-ai.h"

JqAi *jq_test_ai_new(const char *algorithm) {
  JqError err;
  JqAi *ai = jq_ai_new(algorithm, &err);
  if (!ai)
    g_error("%s", err.message);
  return ai;
}

void jq_test_ai_set(JqAi *ai, const char *name, const char *value) {
  JqError err;
  if (!jq_ai_set_option(ai, name, value, &err))
    g_error("%s=%s: %s", name, value, err.message);
}

JqGame *jq_test_ai_middle_game(uint64_t seed, int plies,
                               const char *greedy_seed) {
  JqGame *game = jq_game_new(JQ_VARIANT_JIEQI, seed);
  JqAi *mover = jq_test_ai_new("greedy");
  jq_test_ai_set(mover, "Seed", greedy_seed);
  for (int ply = 0; ply < plies && !jq_game_is_over(game); ply++) {
    JqPosition view;
    jq_game_view(game, jq_game_side_to_move(game), &view);
    JqLimits limits;
    jq_limits_init(&limits);
    atomic_bool stop;
    atomic_init(&stop, false);
    JqMove m = jq_ai_think(mover, &view, &limits, &stop, NULL, NULL, NULL);
    g_assert_true(jq_game_play(game, m, NULL));
  }
  jq_ai_free(mover);
  g_assert_false(jq_game_is_over(game));
  return game;
}
