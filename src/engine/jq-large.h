/* Zeroed memory for tables the search reads at random points: the
 * transposition table and a worker's histories. */
#pragma once

#include <stdbool.h>
#include <stddef.h>

/* Huge pages hold this much: a block at least this large is aligned to it
 * and asks the kernel for them. */
#define JQ_LARGE_PAGE ((size_t)2 << 20)

/* `bytes` of zeroed memory aligned to a cache line, or NULL. A block of
 * JQ_LARGE_PAGE or more is aligned to JQ_LARGE_PAGE and asks for
 * transparent huge pages: with 4 KB pages nearly every read at a random
 * point of a table of megabytes also misses the TLB. The request is a
 * hint; without huge pages the block is the same, only slower. Freed with
 * jq_large_free. */
void *jq_large_alloc(size_t bytes);

/* As jq_large_alloc, without asking for huge pages (`huge` false): the
 * fallback's own path, for the tests. */
void *jq_large_alloc_with(size_t bytes, bool huge);

void jq_large_free(void *block);
