/* `bench`: searches the fixed bench positions to a fixed depth and prints
 * the node counts and the speed, as Stockfish's bench does. With one
 * thread the total is the engine's signature: the same build always
 * prints the same number. */
#include "jq-cli.h"

#include <glib.h>
#include <inttypes.h>

#include "jq-bench.h"
#include "jq-notation.h"

#define MAX_DEPTH 30

/* Parses a whole decimal number within [lo, hi]. */
static bool parse_number(const char *text, guint64 lo, guint64 hi,
                         guint64 *out) {
  return text && g_ascii_string_to_unsigned(text, 10, lo, hi, out, NULL);
}

int jq_cli_bench(int argc, char **argv) {
  char *threads_text = NULL, *hash_text = NULL;
  GOptionEntry entries[] = {
      {"threads", 't', 0, G_OPTION_ARG_STRING, &threads_text,
       "Search threads (default 1; node counts then vary)", "N"},
      {"hash", 0, 0, G_OPTION_ARG_STRING, &hash_text,
       "Hash table size in MB (default 64)", "MB"},
      G_OPTION_ENTRY_NULL,
  };
  GOptionContext *ctx = g_option_context_new("bench [DEPTH]");
  g_option_context_set_summary(ctx,
                               "Search a fixed set of xiangqi and jieqi "
                               "positions to a fixed "
                               "depth\n(default " G_STRINGIFY(JQ_BENCH_DEPTH_XIANGQI) " plies for xiangqi, " G_STRINGIFY(
                                   JQ_BENCH_DEPTH_JIEQI) " for jieqi; DEPTH "
                                                         "sets both) and "
                                                         "print\nthe nodes of "
                                                         "each, "
                                                         "the total and the "
                                                         "speed.");
  g_option_context_add_main_entries(ctx, entries, NULL);
  GError *error = NULL;
  bool ok = g_option_context_parse(ctx, &argc, &argv, &error);
  g_option_context_free(ctx);

  guint64 depth = 0, threads = 1, hash = 64;
  int rc = 0;
  if (!ok) {
    rc = jq_cli_usage_error("bench", "%s", error->message);
    g_error_free(error);
  } else if (argc > 2) {
    rc = jq_cli_usage_error("bench", "unexpected argument '%s'", argv[2]);
  } else if (argc == 2 && !parse_number(argv[1], 1, MAX_DEPTH, &depth)) {
    rc = jq_cli_usage_error("bench", "DEPTH must be a number from 1 to %d",
                            MAX_DEPTH);
  } else if (threads_text && !parse_number(threads_text, 1, 64, &threads)) {
    rc = jq_cli_usage_error("bench", "--threads must be from 1 to 64");
  } else if (hash_text && !parse_number(hash_text, 1, 65536, &hash)) {
    rc = jq_cli_usage_error("bench", "--hash must be from 1 to 65536 MB");
  }
  g_free(threads_text);
  g_free(hash_text);
  if (rc != 0)
    return rc;

  JqError err;
  JqAi *ai = jq_ai_new("alphabeta", &err);
  if (!ai) {
    fprintf(stderr, "jieqi-cli bench: %s\n", err.message);
    return 1;
  }
  char value[24];
  g_snprintf(value, sizeof value, "%" G_GUINT64_FORMAT, threads);
  bool set = jq_ai_set_option(ai, "Threads", value, &err);
  g_snprintf(value, sizeof value, "%" G_GUINT64_FORMAT, hash);
  set = set && jq_ai_set_option(ai, "Hash", value, &err);
  if (!set) {
    fprintf(stderr, "jieqi-cli bench: %s\n", err.message);
    jq_ai_free(ai);
    return 1;
  }

  size_t count;
  const JqBenchPosition *positions = jq_bench_positions(&count);
  uint64_t total = 0;
  gint64 elapsed_us = 0;
  for (size_t i = 0; i < count && rc == 0; i++) {
    int d = depth                                      ? (int)depth
            : positions[i].variant == JQ_VARIANT_JIEQI ? JQ_BENCH_DEPTH_JIEQI
                                                       : JQ_BENCH_DEPTH_XIANGQI;
    uint64_t nodes;
    JqMove best;
    gint64 start = g_get_monotonic_time();
    if (!jq_bench_search(ai, &positions[i], d, &nodes, &best, &err)) {
      fprintf(stderr, "jieqi-cli bench: position %zu: %s\n", i + 1,
              err.message);
      rc = 1;
      break;
    }
    elapsed_us += g_get_monotonic_time() - start;
    total += nodes;
    char move[JQ_COORDS_MAX];
    jq_move_to_coords(best, move);
    printf("Position %zu/%zu: %" PRIu64 " (depth %d, bestmove %s)\n", i + 1,
           count, nodes, d, move);
    fflush(stdout);
  }
  jq_ai_free(ai);
  if (rc != 0)
    return rc;

  if (elapsed_us < 1)
    elapsed_us = 1;
  printf("\n===========================\n");
  printf("Total time (ms) : %" PRId64 "\n", (int64_t)(elapsed_us / 1000));
  printf("Nodes searched  : %" PRIu64 "\n", total);
  printf("Nodes/second    : %" PRIu64 "\n",
         (uint64_t)((double)total * 1e6 / (double)elapsed_us));
  return 0;
}
