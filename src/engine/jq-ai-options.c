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

bool jq_ai_parse_decimal(const char *text, double lo, double hi, double *out) {
  /* Read by hand: strtod would want a comma instead of the point under
   * some locales. */
  double v = 0, scale = 1;
  bool digits = false, point = false;
  for (const char *c = text; *c; c++) {
    if (*c == '.' && !point) {
      point = true;
    } else if (*c >= '0' && *c <= '9') {
      digits = true;
      if (point) {
        scale /= 10;
        v += (*c - '0') * scale;
      } else {
        v = v * 10 + (*c - '0');
      }
    } else {
      return false;
    }
    if (v > 1e9)
      return false;
  }
  if (!digits || v < lo || v > hi)
    return false;
  *out = v;
  return true;
}

/* Options GUIs and match runners send every engine, with their ranges;
 * min > max marks a true/false option. */
typedef struct {
  const char *name;
  long min, max;
} CommonOption;

static const CommonOption common_options[] = {
    {"Hash", 1, 33554432},       {"Threads", 1, 1024},
    {"MultiPV", 1, 500},         {"Skill Level", 0, 20},
    {"UCI_Elo", 0, 10000},       {"Move Overhead", 0, 60000},
    {"UCI_LimitStrength", 1, 0}, {"Ponder", 1, 0},
    {"UCI_ShowWDL", 1, 0},       {"UCI_AnalyseMode", 1, 0},
};

bool jq_ai_common_option(const char *name, const char *value, bool *known,
                         JqError *err) {
  for (size_t i = 0; i < sizeof common_options / sizeof common_options[0];
       i++) {
    const CommonOption *o = &common_options[i];
    if (strcasecmp(name, o->name) != 0)
      continue;
    *known = true;
    long v;
    bool b;
    if (o->min > o->max) {
      if (!jq_ai_parse_bool(value, &b))
        return jq_error_set(err, "option %s takes true or false, not '%s'",
                            o->name, value);
    } else if (!jq_ai_parse_long(value, o->min, o->max, &v)) {
      return jq_error_set(err,
                          "option %s takes a whole number from %ld to %ld, "
                          "not '%s'",
                          o->name, o->min, o->max, value);
    }
    return true;
  }
  *known = false;
  return false;
}
