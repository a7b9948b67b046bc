#include "jq-ai-options.h"

#include <errno.h>
#include <stdlib.h>
#include <strings.h>

bool jq_ai_parse_long(const char *text, long lo, long hi, long *out) {
  char *end;
  errno = 0;
  long v = strtol(text, &end, 10);
  if (errno || end == text || *end != '\0' || v < lo || v > hi)
    return false;
  *out = v;
  return true;
}

bool jq_ai_parse_bool(const char *text, bool *out) {
  if (strcasecmp(text, "true") == 0 || strcasecmp(text, "false") == 0) {
    *out = strcasecmp(text, "true") == 0;
    return true;
  }
  return false;
}

bool jq_ai_parse_seed(const char *text, uint64_t *out) {
  if (*text < '0' || *text > '9')
    return false;
  char *end;
  errno = 0;
  unsigned long long v = strtoull(text, &end, 10);
  if (*end != '\0' || errno != 0)
    return false;
  *out = (uint64_t)v;
  return true;
}
