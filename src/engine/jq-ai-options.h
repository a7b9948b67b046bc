/* Reading option values the same way in every AI. */
#pragma once

#include <stdbool.h>
#include <stdint.h>

#include "jq-error.h"

/* A whole decimal number within [lo, hi], nothing else around it. */
bool jq_ai_parse_long(const char *text, long lo, long hi, long *out);
/* "true" or "false", in any case. */
bool jq_ai_parse_bool(const char *text, bool *out);
/* Any unsigned 64-bit decimal number. */
bool jq_ai_parse_seed(const char *text, uint64_t *out);
/* A decimal number with an optional point ("0.7", never "0,7") within
 * [lo, hi]. */
bool jq_ai_parse_decimal(const char *text, double lo, double hi, double *out);
/* The options GUIs and match runners send every engine (Hash, Threads,
 * MultiPV, Skill Level, UCI_Elo, Move Overhead, Ponder, ...): for an AI
 * with no use for them. Sets *known when `name` is one of them; then
 * checks the value (false with a message if it is out of range). */
bool jq_ai_common_option(const char *name, const char *value, bool *known,
                         JqError *err);
