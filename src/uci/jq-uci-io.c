/* Reading command lines of any length without trusting them, and writing
 * answer lines that two threads share. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "jq-uci-private.h"

void jq_uci_line_init(JqUciLine *line) {
  line->buf = NULL;
  line->cap = 0;
  line->too_long = false;
}

void jq_uci_line_clear(JqUciLine *line) {
  free(line->buf);
  jq_uci_line_init(line);
}

/* Room for len + 1 bytes; false when that would pass the cap (or memory
 * runs out), in which case the rest of the line is dropped. */
static bool line_reserve(JqUciLine *line, size_t len) {
  if (len + 1 <= line->cap)
    return true;
  if (len + 1 > JQ_UCI_LINE_MAX)
    return false;
  size_t cap = line->cap ? line->cap * 2 : 4096;
  while (cap < len + 1)
    cap *= 2;
  if (cap > JQ_UCI_LINE_MAX)
    cap = JQ_UCI_LINE_MAX;
  char *grown = realloc(line->buf, cap);
  if (!grown)
    return false;
  line->buf = grown;
  line->cap = cap;
  return true;
}

bool jq_uci_read_line(FILE *in, JqUciLine *line) {
  size_t len = 0;
  bool any = false;
  line->too_long = false;
  if (!line_reserve(line, 0))
    return false;
  flockfile(in);
  int c;
  while ((c = getc_unlocked(in)) != EOF) {
    any = true;
    if (c == '\n')
      break;
    if (line->too_long)
      continue;
    if (!line_reserve(line, len + 1)) {
      line->too_long = true;
      continue;
    }
    /* A NUL would silently cut the line short; make it a blank instead. */
    line->buf[len++] = c == '\0' ? ' ' : (char)c;
  }
  funlockfile(in);
  if (line->too_long)
    len = 0;
  line->buf[len] = '\0';
  return any;
}

static bool is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

char *jq_uci_token(char **cursor) {
  char *p = *cursor;
  while (is_blank(*p))
    p++;
  if (*p == '\0') {
    *cursor = p;
    return NULL;
  }
  char *start = p;
  while (*p && !is_blank(*p))
    p++;
  if (*p)
    *p++ = '\0';
  *cursor = p;
  return start;
}

void jq_uci_quote(const char *text, char out[JQ_UCI_QUOTE_MAX + 4]) {
  size_t n = 0;
  for (; text[n] && n < JQ_UCI_QUOTE_MAX; n++) {
    unsigned char c = (unsigned char)text[n];
    out[n] = c < 0x20 || c == 0x7F ? '?' : (char)c;
  }
  if (text[n]) {
    /* Cut on a UTF-8 character boundary so the message stays valid. */
    while (n > 0 && ((unsigned char)text[n] & 0xC0) == 0x80)
      n--;
    memcpy(out + n, "...", 3);
    n += 3;
  }
  out[n] = '\0';
}

static void send_locked(JqUci *uci, const char *prefix, const char *fmt,
                        va_list ap) {
  pthread_mutex_lock(&uci->out_lock);
  fputs(prefix, uci->out);
  vfprintf(uci->out, fmt, ap);
  fputc('\n', uci->out);
  if (fflush(uci->out) != 0 || ferror(uci->out))
    atomic_store(&uci->out_broken, true);
  pthread_mutex_unlock(&uci->out_lock);
}

void jq_uci_send(JqUci *uci, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  send_locked(uci, "", fmt, ap);
  va_end(ap);
}

void jq_uci_info_string(JqUci *uci, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  send_locked(uci, "info string ", fmt, ap);
  va_end(ap);
}

bool jq_uci_parse_int(const char *text, long long min, long long max,
                      long long *out) {
  if (!text || !*text)
    return false;
  char *end;
  errno = 0;
  long long v = strtoll(text, &end, 10);
  /* strtoll skips leading blanks and takes "+5"; UCI numbers are plain. */
  if (errno || *end || !(text[0] == '-' || (text[0] >= '0' && text[0] <= '9')))
    return false;
  if (v < min || v > max)
    return false;
  *out = v;
  return true;
}
