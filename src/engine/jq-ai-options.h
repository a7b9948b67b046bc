/* Reading option values the same way in every AI. */
#pragma once

#include <stdbool.h>
#include <stdint.h>

/* A whole decimal number within [lo, hi], nothing else around it. */
bool jq_ai_parse_long(const char *text, long lo, long hi, long *out);
/* "true" or "false", in any case. */
bool jq_ai_parse_bool(const char *text, bool *out);
/* Any unsigned 64-bit decimal number. */
bool jq_ai_parse_seed(const char *text, uint64_t *out);
