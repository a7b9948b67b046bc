/* `position startpos|fen F [moves …]`: the engine's view of the game. The
 * new position is built aside and only replaces the old one when every part
 * of the command was good. A refused command leaves the engine with no
 * position at all: the old one belongs to a game the GUI has moved on
 * from, and a search of it would answer a move for the wrong side. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "jq-fen.h"
#include "jq-notation.h"
#include "jq-uci-private.h"

void jq_uci_position_reset(JqUci *uci) {
  jq_position_init_start(uci->pos, uci->variant);
  uci->has_pos = true;
}

/* Says why a position command was refused, and forgets the position. */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void
refuse(JqUci *uci, const char *fmt, ...) {
  char why[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(why, sizeof why, fmt, ap);
  va_end(ap);
  jq_uci_info_string(uci,
                     "position: %s; the engine has no position until a "
                     "good one is sent",
                     why);
  uci->has_pos = false;
}

/* Applies one move of a `moves` list to pos; false (with a message) when it
 * is not a legal move or needs an identity nobody gave. */
static bool apply_move(JqUci *uci, JqPosition *pos, const char *text,
                       int index) {
  char quoted[JQ_UCI_QUOTE_MAX + 4];
  jq_uci_quote(text, quoted);
  JqMove move;
  JqReveal reveal = JQ_REVEAL_NONE;
  JqError err = {{0}};
  if (!jq_notation_parse_coords(pos, text, &move, &reveal, &err)) {
    refuse(uci, "move %d '%s': %s", index, quoted, err.message);
    return false;
  }
  /* A view cannot turn a piece up without being told what it is. */
  if (jq_piece_is_hidden(pos->board[jq_move_from(move)]) &&
      reveal.mover == JQ_NO_TYPE) {
    refuse(uci,
           "move %d '%s' turns up a hidden piece but does not say what it "
           "is (write it like a3a4R, or send a fresh position fen after a "
           "reveal)",
           index, quoted);
    return false;
  }
  jq_position_make_move(pos, move, reveal);
  return true;
}

/* Gathers the FEN fields up to "moves" into buf; false when too long. */
static bool gather_fen(char **cursor, char *buf, size_t size, bool *saw_moves) {
  size_t n = 0;
  char *tok;
  *saw_moves = false;
  buf[0] = '\0';
  while ((tok = jq_uci_token(cursor)) != NULL) {
    if (strcmp(tok, "moves") == 0) {
      *saw_moves = true;
      return true;
    }
    size_t len = strlen(tok);
    if (n + (n > 0) + len + 1 > size)
      return false;
    if (n > 0)
      buf[n++] = ' ';
    memcpy(buf + n, tok, len + 1);
    n += len;
  }
  return true;
}

void jq_uci_cmd_position(JqUci *uci, char *args) {
  char *cursor = args;
  JqPosition *pos = uci->scratch;
  char *kind = jq_uci_token(&cursor);
  bool saw_moves = false;
  if (kind && strcmp(kind, "startpos") == 0) {
    jq_position_init_start(pos, uci->variant);
    char *tok = jq_uci_token(&cursor);
    if (tok && strcmp(tok, "moves") != 0) {
      char quoted[JQ_UCI_QUOTE_MAX + 4];
      jq_uci_quote(tok, quoted);
      refuse(uci, "expected 'moves' after startpos, not '%s'", quoted);
      return;
    }
    saw_moves = tok != NULL;
  } else if (kind && strcmp(kind, "fen") == 0) {
    char fen[2 * JQ_FEN_MAX];
    if (!gather_fen(&cursor, fen, sizeof fen, &saw_moves)) {
      refuse(uci, "the FEN is too long");
      return;
    }
    if (fen[0] == '\0') {
      refuse(uci, "the FEN is missing");
      return;
    }
    /* Hidden pieces make a FEN jieqi whatever UCI_Variant says. */
    JqFenVariant variant = uci->variant == JQ_VARIANT_JIEQI
                               ? JQ_FEN_VARIANT_JIEQI
                               : JQ_FEN_VARIANT_AUTO;
    JqError err = {{0}};
    if (!jq_fen_parse(fen, variant, pos, &err)) {
      refuse(uci, "bad FEN: %s", err.message);
      return;
    }
  } else {
    refuse(uci, "expected 'position startpos' or 'position fen F', "
                "optionally followed by 'moves'");
    return;
  }
  if (saw_moves) {
    char *tok;
    for (int index = 1; (tok = jq_uci_token(&cursor)) != NULL; index++)
      if (!apply_move(uci, pos, tok, index))
        return;
  }
  /* Swap rather than copy: the positions are large. */
  uci->scratch = uci->pos;
  uci->pos = pos;
  uci->has_pos = true;
}
