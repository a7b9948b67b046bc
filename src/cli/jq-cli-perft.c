/* `perft`: leaf counts of the legal move tree, for checking and timing the
 * move generator. In jieqi the tree is that of one deal (the game's truth):
 * each reveal turns up the identity the deal gives it. */
#include "jq-cli.h"

#include <glib.h>
#include <inttypes.h>

#include "jq-game.h"
#include "jq-perft.h"

/* Deep enough for anything that finishes in a lifetime. */
#define MAX_DEPTH 12

static void print_divide_line(JqMove move, uint64_t nodes, void *data) {
  (void)data;
  char from[3], to[3];
  jq_square_name(jq_move_from(move), from);
  jq_square_name(jq_move_to(move), to);
  printf("%s%s: %" PRIu64 "\n", from, to, nodes);
}

/* Sets up the position (and deal, for jieqi) the options ask for. */
static int setup(const char *fen, JqFenVariant variant, bool have_seed,
                 uint64_t seed, JqPosition *pos, JqPieceType *deal,
                 bool *use_deal) {
  JqError err;
  *use_deal = false;
  if (fen) {
    /* Parse once to learn the variant when the user left it to the FEN. */
    if (!jq_fen_parse(fen, variant, pos, &err))
      return jq_cli_usage_error("perft", "bad FEN: %s", err.message);
    if (!jq_position_is_jieqi(pos)) {
      if (have_seed)
        return jq_cli_usage_error("perft", "--seed only applies to jieqi");
      return 0;
    }
  } else if (variant != JQ_FEN_VARIANT_JIEQI) {
    if (have_seed)
      return jq_cli_usage_error("perft", "--seed only applies to jieqi");
    jq_position_init_start(pos, JQ_VARIANT_XIANGQI);
    return 0;
  }

  JqGame *game =
      fen ? jq_game_new_from_fen(fen, JQ_FEN_VARIANT_JIEQI, seed, &err)
          : jq_game_new(JQ_VARIANT_JIEQI, seed);
  if (game == NULL)
    return jq_cli_usage_error("perft", "bad FEN: %s", err.message);
  jq_game_initial_deal(game, deal);
  *pos = *jq_game_truth(game);
  jq_game_free(game);
  *use_deal = true;
  return 0;
}

int jq_cli_perft(int argc, char **argv) {
  char *fen = NULL, *variant_text = NULL, *seed_text = NULL;
  gboolean divide = FALSE;
  GOptionEntry entries[] = {
      {"fen", 'f', 0, G_OPTION_ARG_STRING, &fen,
       "Position to count from (default: the start position)", "F"},
      {"divide", 'd', 0, G_OPTION_ARG_NONE, &divide,
       "Also print the count below each root move", NULL},
      {"variant", 'v', 0, G_OPTION_ARG_STRING, &variant_text,
       "xiangqi or jieqi (default: from the FEN, else xiangqi)", "V"},
      {"seed", 's', 0, G_OPTION_ARG_STRING, &seed_text,
       "Jieqi: seed of the deal of hidden pieces (default 1)", "S"},
      G_OPTION_ENTRY_NULL,
  };
  GOptionContext *ctx = g_option_context_new("perft DEPTH");
  g_option_context_set_summary(
      ctx, "Count the leaf nodes of the legal move tree to DEPTH plies.\n"
           "Prints 'nodes N', 'time_ms T' and 'nps N'.");
  g_option_context_add_main_entries(ctx, entries, NULL);
  GError *error = NULL;
  bool ok = g_option_context_parse(ctx, &argc, &argv, &error);
  g_option_context_free(ctx);

  int rc = 0;
  JqPosition *pos = g_new0(JqPosition, 1);
  JqPieceType deal[JQ_SQUARES] = {0};
  JqFenVariant variant = JQ_FEN_VARIANT_AUTO;
  uint64_t seed = 1, depth = 0;
  bool use_deal = false;

  if (!ok) {
    rc = jq_cli_usage_error("perft", "%s", error->message);
    g_error_free(error);
  } else if (argc < 2) {
    rc = jq_cli_usage_error("perft", "missing DEPTH");
  } else if (argc > 2) {
    rc = jq_cli_usage_error("perft", "unexpected argument '%s'", argv[2]);
  } else if (!g_ascii_string_to_unsigned(argv[1], 10, 0, MAX_DEPTH, &depth,
                                         NULL)) {
    rc = jq_cli_usage_error("perft", "DEPTH must be a number from 0 to %d",
                            MAX_DEPTH);
  } else if (variant_text && !jq_cli_parse_variant(variant_text, &variant)) {
    rc = jq_cli_usage_error("perft", "unknown variant '%s' (xiangqi, jieqi)",
                            variant_text);
  } else if (seed_text && !jq_cli_parse_seed(seed_text, &seed)) {
    rc = jq_cli_usage_error("perft", "seed must be a non-negative integer");
  } else {
    rc = setup(fen, variant, seed_text != NULL, seed, pos, deal, &use_deal);
  }

  if (rc == 0) {
    const JqPieceType *d = use_deal ? deal : NULL;
    gint64 start = g_get_monotonic_time();
    uint64_t nodes =
        divide ? jq_perft_divide(pos, d, (int)depth, print_divide_line, NULL)
               : jq_perft(pos, d, (int)depth);
    gint64 elapsed_us = g_get_monotonic_time() - start;
    if (elapsed_us < 1)
      elapsed_us = 1;
    printf("nodes %" PRIu64 "\n", nodes);
    printf("time_ms %" PRId64 "\n", (int64_t)(elapsed_us / 1000));
    printf("nps %" PRIu64 "\n",
           (uint64_t)((double)nodes * 1e6 / (double)elapsed_us));
  }

  g_free(pos);
  g_free(fen);
  g_free(variant_text);
  g_free(seed_text);
  return rc;
}
