/* Static exchange evaluation: the exact balance of an exchange on one
 * point, with batteries found behind the pieces that leave, cannons firing
 * over screens, kings that may only take what is not defended, and hidden
 * jieqi pieces at their pool's value. */
#include "jq-eval.h"
#include "jq-see.h"
#include "jq-test-util.h"

typedef struct {
  const char *name;
  const char *fen;
  const char *move;
  int balance; /* what the exchange gains the mover, customary values */
} Exchange;

static const Exchange exchanges[] = {
    /* A pawn with nothing guarding it. */
    {"free-pawn", "4k4/9/9/9/p8/9/9/9/9/R2K5 w - - 0 1", "a0a5", 100},
    /* The horse on b7 takes back: a chariot for a pawn. */
    {"guarded-pawn", "4k4/9/1n7/9/p8/9/9/9/9/R2K5 w - - 0 1", "a0a5", -800},
    /* The chariot behind takes back the one that recaptured. */
    {"chariot-battery", "r3k4/9/9/9/p8/9/9/9/R8/R2K5 w - - 0 1", "a1a5", 100},
    /* The cannon on a9 fires over the elephant on a7. */
    {"cannon-over-screen", "c3k4/9/b8/9/p8/9/9/9/9/R2K5 w - - 0 1", "a0a5",
     -800},
    /* Only the king guards the advisor... */
    {"king-takes-back", "4k4/R3a4/9/9/9/9/9/9/9/3K5 w - - 0 1", "a8e8", -700},
    /* ...and may not take where the horse on d6 would take it. */
    {"king-may-not-take", "4k4/R3a4/9/3H5/9/9/9/9/9/3K5 w - - 0 1", "a8e8",
     200},
    /* A quiet move into a crossed pawn's reach. */
    {"horse-hangs", "4k4/9/9/9/9/9/2p6/9/9/1N1K5 w - - 0 1", "b0c2", -400},
    {"horse-safe", "4k4/9/9/9/9/9/2p6/9/9/1N1K5 w - - 0 1", "b0a2", 0},
};

static void test_exchange(gconstpointer data) {
  const Exchange *e = data;
  JqPosition pos;
  jq_test_position_from_fen(&pos, e->fen);
  JqMove m = jq_test_move(e->move);
  g_assert_true(jq_test_has_legal_move(&pos, e->move));
  g_assert_true(jq_see_ge(&pos, m, e->balance));
  g_assert_false(jq_see_ge(&pos, m, e->balance + 1));
}

/* The hidden black piece on e6 is a chariot or a cannon, as the pool says,
 * and nothing guards it: taking it wins the pool's average. */
static void test_hidden(void) {
  JqPosition pos;
  jq_test_position_from_fen(
      &pos, "3a1k2x/4a4/9/4x4/n3R4/9/9/9/4A4/3AK4 w r1c1 - 0 1");
  JqMove m = jq_test_move("e5e6");
  int expected = (jq_eval_piece_value(JQ_CHARIOT, true) +
                  jq_eval_piece_value(JQ_CANNON, true)) /
                 2;
  g_assert_cmpint(jq_eval_square_value(&pos, jq_square_make(4, 6)), ==,
                  expected);
  g_assert_true(jq_see_ge(&pos, m, expected));
  g_assert_false(jq_see_ge(&pos, m, expected + 1));
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  for (size_t i = 0; i < G_N_ELEMENTS(exchanges); i++) {
    char *path = g_strdup_printf("/see/%s", exchanges[i].name);
    g_test_add_data_func(path, &exchanges[i], test_exchange);
    g_free(path);
  }
  g_test_add_func("/see/hidden", test_hidden);
  return g_test_run();
}
