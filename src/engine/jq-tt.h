/* The transposition table, shared by search threads without locks: each
 * entry stores its key xor its data, so a torn write reads as a miss. */
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "jq-types.h"

enum {
  JQ_BOUND_NONE = 0,
  JQ_BOUND_UPPER = 1,
  JQ_BOUND_LOWER = 2,
  JQ_BOUND_EXACT = 3
};

/* The eval of an entry that has none (stored in check). */
#define JQ_TT_NO_EVAL INT16_MIN

typedef struct {
  JqMove move;
  int16_t score;
  int16_t eval;
  int8_t depth;
  uint8_t bound;
} JqTTData;

typedef struct JqTT JqTT;

JqTT *jq_tt_new(size_t megabytes);
void jq_tt_free(JqTT *tt);
/* Resizes (clearing); false when the memory cannot be had. */
bool jq_tt_resize(JqTT *tt, size_t megabytes);
void jq_tt_clear(JqTT *tt);
/* Marks a new search so older entries give way first. */
void jq_tt_new_search(JqTT *tt);
bool jq_tt_probe(const JqTT *tt, uint64_t key, JqTTData *out);
/* Starts loading the entry of `key` into the cache, to be probed soon. */
void jq_tt_prefetch(const JqTT *tt, uint64_t key);
void jq_tt_store(JqTT *tt, uint64_t key, JqMove move, int score, int eval,
                 int depth, int bound);
/* Permille of sampled slots used by the current search. */
int jq_tt_hashfull(const JqTT *tt);
