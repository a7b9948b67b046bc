#include "jq-error.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static void copy_text(char *out, size_t size, const char *text) {
  snprintf(out, size, "%s", text ? text : "");
}

/* Everything but the message back to "no error, nowhere". */
static void clear(JqError *err, JqErrorCode code) {
  char message[sizeof err->message];
  memcpy(message, err->message, sizeof message);
  memset(err, 0, sizeof *err);
  memcpy(err->message, message, sizeof message);
  err->code = code;
}

bool jq_error_set(JqError *err, const char *fmt, ...) {
  if (err) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
    clear(err, JQ_ERROR_OTHER);
  }
  return false;
}

bool jq_error_fail(JqError *err, JqErrorCode code, JqErrorArgs args,
                   const char *fmt, ...) {
  if (err) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
    clear(err, code);
    err->field = args.field;
    err->color = args.color;
    err->color2 = args.color2;
    err->type = args.type;
    err->type2 = args.type2;
    err->hidden = args.hidden;
    err->square = args.square;
    err->square2 = args.square2;
    err->letter = args.letter;
    memcpy(err->n, args.n, sizeof err->n);
    copy_text(err->text, sizeof err->text, args.text);
    copy_text(err->text2, sizeof err->text2, args.text2);
  }
  return false;
}

bool jq_error_locate(JqError *err, const JqError *what, int line, int ply,
                     const char *move, const char *tag) {
  if (!err)
    return false;
  if (what && what != err)
    *err = *what;
  err->line = line;
  err->ply = ply;
  copy_text(err->move, sizeof err->move, move);
  copy_text(err->tag, sizeof err->tag, tag);
  char where[sizeof err->message] = "";
  size_t n = 0;
  if (err->tag[0])
    n += (size_t)snprintf(where + n, sizeof where - n, "%s", err->tag);
  if (line > 0 && n < sizeof where)
    n += (size_t)snprintf(where + n, sizeof where - n, "%sline %d",
                          n ? ", " : "", line);
  if (ply > 0 && n < sizeof where)
    n += (size_t)snprintf(where + n, sizeof where - n, "%sply %d",
                          n ? ", " : "", ply);
  if (err->move[0] && n < sizeof where)
    n += (size_t)snprintf(where + n, sizeof where - n, "%s%s", n ? ": " : "",
                          err->move);
  char message[sizeof err->message];
  memcpy(message, err->message, sizeof message);
  if (n > 0)
    snprintf(err->message, sizeof err->message, "%s: %s", where, message);
  return false;
}
