#include "jq-annotation.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const nag_symbols[JQ_NAG_MAX + 1] = {
    "", "!", "?", "!!", "??", "!?", "?!",
};

const char *jq_nag_symbol(int nag) {
  return nag > 0 && nag <= JQ_NAG_MAX ? nag_symbols[nag] : "";
}

JqNag jq_nag_from_symbol(const char *symbol) {
  for (int nag = 1; nag <= JQ_NAG_MAX; nag++)
    if (strcmp(symbol, nag_symbols[nag]) == 0)
      return (JqNag)nag;
  return JQ_NAG_NONE;
}

bool jq_eval_is_valid(const JqEval *eval) {
  if (eval->depth < 0 || eval->depth > 999)
    return false;
  switch (eval->kind) {
  case JQ_EVAL_CP:
    return eval->value >= -JQ_EVAL_CP_MAX && eval->value <= JQ_EVAL_CP_MAX;
  case JQ_EVAL_MATE:
    return eval->value != 0 && eval->value >= -JQ_EVAL_MATE_MAX &&
           eval->value <= JQ_EVAL_MATE_MAX;
  case JQ_EVAL_NONE:
  default: return false;
  }
}

bool jq_eval_format(const JqEval *eval, char *buf, size_t size) {
  if (!jq_eval_is_valid(eval))
    return false;
  char value[32];
  if (eval->kind == JQ_EVAL_MATE) {
    snprintf(value, sizeof value, "#%d", eval->value);
  } else {
    int v = abs(eval->value);
    snprintf(value, sizeof value, "%s%d.%02d", eval->value < 0 ? "-" : "",
             v / 100, v % 100);
  }
  int n = eval->depth > 0
              ? snprintf(buf, size, "[%%eval %s,%d]", value, eval->depth)
              : snprintf(buf, size, "[%%eval %s]", value);
  return n > 0 && (size_t)n < size;
}

/* Digits into *out (at most `max` of them); the count read. */
static int read_digits(const char *p, int max, int *out) {
  int n = 0, v = 0;
  while (p[n] >= '0' && p[n] <= '9') {
    if (n == max)
      return 0;
    v = v * 10 + (p[n] - '0');
    n++;
  }
  *out = v;
  return n;
}

static bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

bool jq_eval_parse(const char *text, JqEval *out, const char **end) {
  const char *p = text;
  while (is_space(*p))
    p++;
  if (strncmp(p, "[%eval", 6) != 0)
    return false;
  p += 6;
  if (!is_space(*p))
    return false;
  while (is_space(*p))
    p++;
  JqEval e = {JQ_EVAL_CP, 0, 0};
  if (*p == '#') {
    e.kind = JQ_EVAL_MATE;
    p++;
  }
  bool negative = *p == '-';
  if (*p == '-' || *p == '+')
    p++;
  int whole, n = read_digits(p, 6, &whole);
  if (n == 0)
    return false;
  p += n;
  if (e.kind == JQ_EVAL_MATE) {
    e.value = negative ? -whole : whole;
  } else {
    int cents = 0;
    if (*p == '.') {
      /* One or two decimals count; more are rounded off. */
      int digits = 0;
      p++;
      while (*p >= '0' && *p <= '9') {
        if (digits < 2)
          cents = cents * 10 + (*p - '0');
        else if (digits == 2 && *p >= '5')
          cents++;
        digits++;
        p++;
      }
      if (digits == 0)
        return false;
      if (digits == 1)
        cents *= 10;
    }
    e.value = whole * 100 + cents;
    if (negative)
      e.value = -e.value;
  }
  if (*p == ',') {
    p++;
    n = read_digits(p, 3, &e.depth);
    if (n == 0)
      return false;
    p += n;
  }
  while (is_space(*p))
    p++;
  if (*p != ']' || !jq_eval_is_valid(&e))
    return false;
  p++;
  while (is_space(*p))
    p++;
  *out = e;
  if (end)
    *end = p;
  return true;
}
