/* Error reports for bad input: a message a person can act on. */
#pragma once

#include <stdbool.h>
#include <stddef.h>

typedef struct {
  char message[200];
} JqError;

/* Fills err (when not NULL) with a printf-style message; returns false so
 * callers can write `return jq_error_set(err, ...)`. */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
bool jq_error_set(JqError *err, const char *fmt, ...);
