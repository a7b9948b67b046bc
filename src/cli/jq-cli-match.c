/* `match`: plays two players against each other (our AIs, external UCI
 * engines) over many games and reports the score, the Elo difference and
 * how the games ended. The work is done by the jieqi-match library
 * (jq-match.h); this file reads the command line and prints. */
#include "jq-cli.h"

#include <errno.h>
#include <glib.h>
#include <inttypes.h>
#include <math.h>
#include <string.h>

#include "jq-cli-options.h"
#include "jq-match-player.h"
#include "jq-match.h"

static const char *const summary_text =
    "Play a match between two players and report the score.\n"
    "\n"
    "A player is \"ai:ALGORITHM[:NAME=VALUE...]\" (an AI of this program:\n"
    "alphabeta, ismcts, determinized, greedy, random; a bare name also\n"
    "works) or\n"
    "\"uci:COMMAND[:NAME=VALUE...]\" (an external UCI engine, e.g.\n"
    "\"uci:/usr/games/fairy-stockfish:UCI_Variant=xiangqi\"). AIs see only\n"
    "their own side's view of the game.\n"
    "\n"
    "Games come in pairs with colours swapped: the same opening, and in\n"
    "jieqi the same deal, is played once with each player as Red. An\n"
    "openings file has one opening a line: a FEN (optionally followed by\n"
    "\"moves ...\"), \"startpos moves ...\" or a list of moves.\n"
    "\n"
    "Limits: --tc [MOVES/]BASE[+INC] in seconds (default 10+0.1; BASE at\n"
    "most 86400, a day, and INC at most 3600, an hour), or --movetime,\n"
    "--depth or --nodes per move. A move later than the clock\n"
    "plus --time-margin loses on time; so does an engine that dies or stops\n"
    "answering; an illegal or garbled move loses as such.\n"
    "\n"
    "Elo: s = (W + D/2) / N, elo = -400 log10(1/s - 1); the margin is the\n"
    "half width of the 95% interval, elo(s +- 1.96 sd/sqrt(N)), with sd the\n"
    "standard deviation of the per-game score.";

typedef struct {
  int games;
  bool quiet;
} Printer;

static void print_game(const JqMatchGame *g, void *data) {
  const Printer *printer = data;
  if (printer->quiet)
    return;
  JqResult result = jq_game_result(g->game);
  char reason[128];
  if (g->adjudicated)
    g_strlcpy(reason, "adjudicated (maximum length)", sizeof reason);
  else
    jq_result_reason_text(result, reason, sizeof reason);
  printf("Game %d/%d: %s (Red) vs %s (Black): %s, %s, %d plies", g->number,
         printer->games, g->names[g->red], g->names[1 - g->red],
         jq_result_score_text(result), reason, jq_game_move_count(g->game));
  if (g->note[0] && !g->adjudicated)
    printf(" [%s]", g->note);
  putchar('\n');
  fflush(stdout);
}

static void print_elo(double value, bool signed_value) {
  if (isinf(value))
    printf("%sinf", value < 0 ? "-" : signed_value ? "+" : "");
  else
    printf(signed_value ? "%+.1f" : "%.1f", value);
}

static void print_summary(const JqMatchSummary *s, JqVariant variant) {
  JqEloEstimate elo;
  jq_match_elo(s->wins, s->losses, s->draws, &elo);
  printf("\nMatch: %s vs %s, %s, %d games\n", s->names[0], s->names[1],
         variant == JQ_VARIANT_JIEQI ? "jieqi" : "xiangqi", s->games);
  printf("%s: %d wins, %d losses, %d draws; score %.1f/%d = %.1f%%\n",
         s->names[0], s->wins, s->losses, s->draws, s->wins + 0.5 * s->draws,
         s->games, 100.0 * elo.score);
  printf("Elo difference: ");
  print_elo(elo.elo, true);
  printf(" +/- ");
  print_elo(elo.margin, false);
  printf(" (95%%)\nReasons:");
  bool first = true;
  for (int r = 0; r < JQ_MATCH_REASONS; r++) {
    int n = s->reasons[r];
    if (r == JQ_REASON_AGREEMENT)
      n -= s->adjudicated; /* told apart below */
    if (n <= 0)
      continue;
    /* The text without its side: both sides' games count together. */
    const char *text = "";
    switch ((JqReason)r) {
    case JQ_REASON_PERPETUAL_CHECK: text = "perpetual check"; break;
    case JQ_REASON_PERPETUAL_CHASE: text = "perpetual chase"; break;
    case JQ_REASON_RESIGNATION: text = "resignation"; break;
    case JQ_REASON_TIME: text = "time"; break;
    case JQ_REASON_ILLEGAL_MOVE: text = "illegal move"; break;
    default:
      text = jq_result_reason_text(
          (JqResult){JQ_OUTCOME_DRAW, (JqReason)r, JQ_RED}, NULL, 0);
    }
    printf("%s %s %d", first ? "" : ",", text, n);
    first = false;
  }
  if (s->adjudicated > 0)
    printf("%s adjudicated (maximum length) %d", first ? "" : ",",
           s->adjudicated);
  putchar('\n');
}

static bool parse_int(const char *text, int min, int max, int *out) {
  gint64 v;
  if (!g_ascii_string_to_signed(text, 10, min, max, &v, NULL))
    return false;
  *out = (int)v;
  return true;
}

int jq_cli_match(int argc, char **argv) {
  char *variant_text = NULL, *games_text = NULL, *concurrency_text = NULL;
  char *tc_text = NULL, *movetime_text = NULL, *depth_text = NULL;
  char *nodes_text = NULL, *seed_text = NULL, *pgn_path = NULL;
  char *openings = NULL, *random_plies_text = NULL, *max_plies_text = NULL;
  char *margin_text = NULL, *timeout_text = NULL, *event = NULL;
  char *players[2] = {NULL, NULL};
  gboolean chinese = FALSE, quiet = FALSE;
  GOptionEntry entries[] = {
      {"variant", 'v', 0, G_OPTION_ARG_STRING, &variant_text,
       "xiangqi or jieqi (default: xiangqi)", "V"},
      {"player1", '1', 0, G_OPTION_ARG_STRING, &players[0],
       "The first player (default: random)", "SPEC"},
      {"player2", '2', 0, G_OPTION_ARG_STRING, &players[1],
       "The second player (default: random)", "SPEC"},
      {"games", 'n', 0, G_OPTION_ARG_STRING, &games_text,
       "Number of games (default: 2)", "N"},
      {"concurrency", 'j', 0, G_OPTION_ARG_STRING, &concurrency_text,
       "Games played at once (default: 1)", "N"},
      {"tc", 0, 0, G_OPTION_ARG_STRING, &tc_text,
       "Time control [MOVES/]BASE[+INC], seconds (default: 10+0.1)", "TC"},
      {"movetime", 0, 0, G_OPTION_ARG_STRING, &movetime_text,
       "Fixed time per move instead", "MS"},
      {"depth", 0, 0, G_OPTION_ARG_STRING, &depth_text,
       "Fixed depth per move instead", "D"},
      {"nodes", 0, 0, G_OPTION_ARG_STRING, &nodes_text,
       "Fixed nodes per move instead", "N"},
      {"time-margin", 0, 0, G_OPTION_ARG_STRING, &margin_text,
       "Lateness forgiven per move (default: 100)", "MS"},
      {"move-timeout", 0, 0, G_OPTION_ARG_STRING, &timeout_text,
       "With --depth/--nodes: longest wait for a move (default: 60000)", "MS"},
      {"openings", 'o', 0, G_OPTION_ARG_FILENAME, &openings,
       "Openings, one a line (FEN [moves ...], or moves)", "FILE"},
      {"random-plies", 0, 0, G_OPTION_ARG_STRING, &random_plies_text,
       "Random plies after the opening (default: 0)", "N"},
      {"seed", 's', 0, G_OPTION_ARG_STRING, &seed_text,
       "Seed of deals, random openings and AI dice (default: random)", "S"},
      {"max-plies", 0, 0, G_OPTION_ARG_STRING, &max_plies_text,
       "Adjudicate a draw after this many plies; 0: never (default: 1000)",
       "N"},
      {"pgn", 'p', 0, G_OPTION_ARG_FILENAME, &pgn_path,
       "Write the games to this PGN file", "FILE"},
      {"chinese", 'c', 0, G_OPTION_ARG_NONE, &chinese,
       "Write the PGN's moves in Chinese", NULL},
      {"event", 0, 0, G_OPTION_ARG_STRING, &event,
       "PGN Event tag (default: jieqi-cli match)", "TEXT"},
      {"quiet", 'q', 0, G_OPTION_ARG_NONE, &quiet, "Print only the summary",
       NULL},
      G_OPTION_ENTRY_NULL,
  };
  GOptionContext *ctx = g_option_context_new("match");
  g_option_context_set_summary(ctx, summary_text);
  g_option_context_add_main_entries(ctx, entries, NULL);
  GError *error = NULL;
  bool ok = g_option_context_parse(ctx, &argc, &argv, &error);
  g_option_context_free(ctx);

  JqMatchConfig config;
  jq_match_config_init(&config);
  config.seed = g_random_int() | ((uint64_t)g_random_int() << 32);
  JqVariant variant = JQ_VARIANT_XIANGQI;
  int limit_count = (tc_text != NULL) + (movetime_text != NULL) +
                    (depth_text != NULL) + (nodes_text != NULL);
  JqError err;
  int rc = 0;
  gint64 nodes = 0;
  int64_t movetime_ms = 0;
  if (!ok) {
    rc = jq_cli_usage_error("match", "%s", error->message);
    g_error_free(error);
  } else if (argc > 1) {
    rc = jq_cli_usage_error("match", "unexpected argument '%s'", argv[1]);
  } else if (variant_text &&
             !jq_cli_option_variant("match", variant_text, &variant)) {
    rc = JQ_CLI_EXIT_USAGE;
  } else if (games_text && !parse_int(games_text, 1, 1000000, &config.games)) {
    rc = jq_cli_usage_error("match", "--games must be 1 to 1000000");
  } else if (concurrency_text &&
             !parse_int(concurrency_text, 1, 256, &config.concurrency)) {
    rc = jq_cli_usage_error("match", "--concurrency must be 1 to 256");
  } else if (limit_count > 1) {
    rc = jq_cli_usage_error("match", "give only one of --tc, --movetime, "
                                     "--depth and --nodes");
  } else if (tc_text && !jq_cli_option_tc("match", tc_text, &config.tc)) {
    rc = JQ_CLI_EXIT_USAGE;
  } else if (movetime_text &&
             !jq_cli_option_movetime("match", movetime_text, &movetime_ms)) {
    rc = JQ_CLI_EXIT_USAGE;
  } else if (depth_text && !parse_int(depth_text, 1, 1000, &config.tc.depth)) {
    rc = jq_cli_usage_error("match", "--depth must be 1 to 1000");
  } else if (nodes_text && !g_ascii_string_to_signed(
                               nodes_text, 10, 1, G_MAXINT64, &nodes, NULL)) {
    rc = jq_cli_usage_error("match", "--nodes must be a positive number");
  } else if (margin_text &&
             !parse_int(margin_text, 0, 600000, &config.margin_ms)) {
    rc = jq_cli_usage_error("match", "--time-margin must be 0 to 600000");
  } else if (timeout_text &&
             !parse_int(timeout_text, 1, 86400000, &config.move_timeout_ms)) {
    rc = jq_cli_usage_error("match", "--move-timeout must be a positive "
                                     "number of milliseconds");
  } else if (random_plies_text &&
             !parse_int(random_plies_text, 0, 1000, &config.random_plies)) {
    rc = jq_cli_usage_error("match", "--random-plies must be 0 to 1000");
  } else if (max_plies_text &&
             !parse_int(max_plies_text, 0, 100000, &config.max_plies)) {
    rc = jq_cli_usage_error("match", "--max-plies must be 0 to 100000");
  } else if (seed_text && !jq_cli_parse_seed(seed_text, &config.seed)) {
    rc = jq_cli_usage_error("match", "seed must be a non-negative integer");
  }
  for (int p = 0; rc == 0 && p < 2; p++) {
    JqPlayerSpec spec;
    if (!players[p])
      continue;
    if (!jq_cli_option_player("match", p == 0 ? "--player1" : "--player2",
                              players[p], &spec))
      rc = JQ_CLI_EXIT_USAGE;
    else
      jq_player_spec_clear(&spec);
  }

  FILE *pgn = NULL;
  if (rc == 0 && pgn_path) {
    pgn = fopen(pgn_path, "w");
    if (!pgn) {
      fprintf(stderr, "jieqi-cli match: cannot write %s: %s\n", pgn_path,
              g_strerror(errno));
      rc = 1;
    }
  }
  if (rc == 0) {
    config.variant = variant;
    if (movetime_text) {
      config.tc.kind = JQ_TC_MOVETIME;
      config.tc.movetime_ms = movetime_ms;
    } else if (depth_text)
      config.tc.kind = JQ_TC_DEPTH;
    else if (nodes_text) {
      config.tc.kind = JQ_TC_NODES;
      config.tc.nodes = (uint64_t)nodes;
    }
    for (int p = 0; p < 2; p++)
      if (players[p])
        config.players[p] = players[p];
    config.openings = openings;
    config.pgn = pgn;
    config.pgn_name = pgn_path;
    config.pgn_style = chinese ? JQ_PGN_CHINESE : JQ_PGN_COORDS;
    config.event = event;
    Printer printer = {config.games, quiet};
    config.on_game = print_game;
    config.data = &printer;
    if (!quiet)
      printf("Seed %" PRIu64 "\n", config.seed);
    JqMatchSummary summary;
    ok = jq_match_run(&config, &summary, &err);
    if (summary.games > 0)
      print_summary(&summary, config.variant);
    if (!ok) {
      fprintf(stderr, "jieqi-cli match: %s\n", err.message);
      rc = 1;
    }
  }
  if (pgn) {
    /* The match checked every game it wrote and said so; closing can
     * still fail (a delayed write error), which is told here. */
    bool told = ferror(pgn);
    if (fclose(pgn) != 0 && !told) {
      fprintf(stderr, "jieqi-cli match: cannot write %s: %s\n", pgn_path,
              g_strerror(errno));
      rc = 1;
    }
  }
  g_free(variant_text);
  g_free(games_text);
  g_free(concurrency_text);
  g_free(tc_text);
  g_free(movetime_text);
  g_free(depth_text);
  g_free(nodes_text);
  g_free(seed_text);
  g_free(pgn_path);
  g_free(openings);
  g_free(random_plies_text);
  g_free(max_plies_text);
  g_free(margin_text);
  g_free(timeout_text);
  g_free(event);
  g_free(players[0]);
  g_free(players[1]);
  return rc;
}
