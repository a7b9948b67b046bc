#include "jq-error.h"

#include <stdarg.h>
#include <stdio.h>

bool jq_error_set(JqError *err, const char *fmt, ...) {
  if (err) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
  }
  return false;
}
