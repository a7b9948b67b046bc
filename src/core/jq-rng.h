/* A small, fast, seedable random generator (xoshiro256**, seeded through
 * splitmix64) so deals and samples are reproducible from a 64-bit seed. */
#pragma once

#include <stdint.h>

typedef struct {
  uint64_t s[4];
} JqRng;

void jq_rng_seed(JqRng *rng, uint64_t seed);
uint64_t jq_rng_next(JqRng *rng);
/* Uniform in [0, n) without modulo bias; n > 0. */
uint32_t jq_rng_below(JqRng *rng, uint32_t n);
