/* Helpers for the suites that drive AIs: making one, setting its options
 * and getting a jieqi game into its middle, each failing the test when
 * something refuses. */
#pragma once

#include <glib.h>

#include "jq-ai.h"
#include "jq-game.h"

JqAi *jq_test_ai_new(const char *algorithm);
void jq_test_ai_set(JqAi *ai, const char *name, const char *value);
/* A jieqi game `plies` plies in from the deal of `seed`, both sides played
 * by the greedy capturer with dice seeded by `greedy_seed`: pieces revealed
 * and hidden pieces taken by both sides. The game is not over. */
JqGame *jq_test_ai_middle_game(uint64_t seed, int plies,
                               const char *greedy_seed);
