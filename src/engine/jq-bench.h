/* The bench: a fixed set of positions, each searched from a fresh game to a
 * fixed depth. With one thread the total node count is the engine's
 * signature (a change that alters it changes the search); the time gives
 * its speed. Shared by `jieqi-cli bench` and the determinism test. */
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "jq-ai.h"

/* Default depths: a few seconds in all on a modest machine. */
#define JQ_BENCH_DEPTH_XIANGQI 12
#define JQ_BENCH_DEPTH_JIEQI 3

typedef struct {
  const char *fen; /* xiangqi FEN, or JieqiBox FEN for jieqi */
  JqVariant variant;
} JqBenchPosition;

/* The positions, xiangqi first; *count receives how many. */
const JqBenchPosition *jq_bench_positions(size_t *count);

/* The jieqi positions of the timed bench: five of the list above, the
 * start first, from the deal to a late middlegame. */
const JqBenchPosition *jq_bench_timed_positions(size_t *count);

/* Starts a new game on `ai` (forgetting earlier searches) and searches the
 * position to `depth` plies. Returns false with err filled when the FEN
 * does not parse or the side to move has no move. */
bool jq_bench_search(JqAi *ai, const JqBenchPosition *position, int depth,
                     uint64_t *nodes, JqMove *best, JqError *err);

/* Like jq_bench_search, for `movetime_ms` instead of a depth: *depth is
 * the deepest iteration completed (at least 1) and *nodes the nodes
 * searched when it completed. */
bool jq_bench_search_timed(JqAi *ai, const JqBenchPosition *position,
                           int movetime_ms, int *depth, uint64_t *nodes,
                           JqMove *best, JqError *err);
