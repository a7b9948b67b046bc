/* `bench`: searches the fixed bench positions to a fixed depth and prints
 * the node counts and the speed, as Stockfish's bench does. With one
 * thread the total is the engine's signature: the same build always
 * prints the same number; the xiangqi and jieqi parts are printed too.
 * With --movetime it then gives five jieqi positions that time each and
 * prints the depth reached: chance nodes make jieqi's depth the figure
 * that moves. */
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

/* The jieqi positions at a fixed time each: the depth completed and the
 * nodes when it completed. */
static int timed_part(JqAi *ai, int movetime_ms) {
  size_t count;
  const JqBenchPosition *positions = jq_bench_timed_positions(&count);
  int depth_sum = 0;
  uint64_t nodes_sum = 0;
  printf("\nJieqi, %d ms a position:\n", movetime_ms);
  for (size_t i = 0; i < count; i++) {
    int depth;
    uint64_t nodes;
    JqMove best;
    JqError err;
    if (!jq_bench_search_timed(ai, &positions[i], movetime_ms, &depth, &nodes,
                               &best, &err)) {
      fprintf(stderr, "jieqi-cli bench: timed position %zu: %s\n", i + 1,
              err.message);
      return 1;
    }
    depth_sum += depth;
    nodes_sum += nodes;
    char move[JQ_COORDS_MAX];
    jq_move_to_coords(best, move);
    printf("Jieqi %zu/%zu: depth %d, %" PRIu64 " nodes (bestmove %s)\n", i + 1,
           count, depth, nodes, move);
    fflush(stdout);
  }
  printf("Jieqi mean depth: %.1f\n", (double)depth_sum / (double)count);
  printf("Jieqi nodes     : %" PRIu64 "\n", nodes_sum);
  return 0;
}

int jq_cli_bench(int argc, char **argv) {
  char *threads_text = NULL, *hash_text = NULL, *movetime_text = NULL;
  GOptionEntry entries[] = {
      {"threads", 't', 0, G_OPTION_ARG_STRING, &threads_text,
       "Search threads (default 1; node counts then vary)", "N"},
      {"hash", 0, 0, G_OPTION_ARG_STRING, &hash_text,
       "Hash table size in MB (default 64)", "MB"},
      {"movetime", 0, 0, G_OPTION_ARG_STRING, &movetime_text,
       "Then search five jieqi positions MS each and print the depth reached",
       "MS"},
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

  guint64 depth = 0, threads = 1, hash = 64, movetime = 0;
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
  } else if (movetime_text &&
             !parse_number(movetime_text, 1, 3600000, &movetime)) {
    rc = jq_cli_usage_error("bench", "--movetime must be from 1 to 3600000 ms");
  }
  g_free(threads_text);
  g_free(hash_text);
  g_free(movetime_text);
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
  uint64_t total = 0, part[2] = {0, 0};
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
    part[positions[i].variant == JQ_VARIANT_JIEQI] += nodes;
    char move[JQ_COORDS_MAX];
    jq_move_to_coords(best, move);
    printf("Position %zu/%zu: %" PRIu64 " (depth %d, bestmove %s)\n", i + 1,
           count, nodes, d, move);
    fflush(stdout);
  }
  if (rc != 0) {
    jq_ai_free(ai);
    return rc;
  }

  if (elapsed_us < 1)
    elapsed_us = 1;
  printf("\n===========================\n");
  printf("Total time (ms) : %" PRId64 "\n", (int64_t)(elapsed_us / 1000));
  printf("Nodes searched  : %" PRIu64 "\n", total);
  printf("Nodes/second    : %" PRIu64 "\n",
         (uint64_t)((double)total * 1e6 / (double)elapsed_us));
  printf("Xiangqi nodes   : %" PRIu64 "\n", part[0]);
  printf("Jieqi nodes     : %" PRIu64 "\n", part[1]);
  if (movetime > 0)
    rc = timed_part(ai, (int)movetime);
  jq_ai_free(ai);
  return rc;
}
