/* What a jieqi move turned up, in the words `play`, `host` and `join`
 * share: the hidden mover's identity (everyone sees it) and a captured
 * hidden piece's, as far as the disclosure rule lets the reader learn it. */
#include "jq-cli.h"

static const char *article(JqPieceType type) {
  return type == JQ_ADVISOR || type == JQ_ELEPHANT ? "an" : "a";
}

static const char *side_name(JqColor c) {
  return c == JQ_RED ? "Red" : "Black";
}

void jq_cli_print_reveal(FILE *out, const JqCliReveal *r, JqDisclosure rule) {
  if (r->mover_type != JQ_NO_TYPE) {
    char from[3];
    jq_square_name(r->from, from);
    fprintf(out, "%s revealed as %s %s\n", from, article(r->mover_type),
            jq_cli_type_name(r->mover_type));
  }
  if (!r->captured_hidden)
    return;
  const char *who = side_name(r->mover);
  JqPieceType t = r->captured_type;
  switch (rule) {
  case JQ_DISCLOSE_BOTH:
    if (t != JQ_NO_TYPE)
      fprintf(out, "The captured hidden piece was %s %s\n", article(t),
              jq_cli_type_name(t));
    else /* not learnt yet: nothing to tell but the capture */
      fprintf(out, "%s captured a hidden piece\n", who);
    break;
  case JQ_DISCLOSE_CAPTOR:
    if (t != JQ_NO_TYPE)
      fprintf(out, "%s learns the captured hidden piece was %s %s\n", who,
              article(t), jq_cli_type_name(t));
    else
      fprintf(out, "%s captured a hidden piece; only %s learns what it was\n",
              who, who);
    break;
  case JQ_DISCLOSE_NOBODY:
    fprintf(out, "A hidden piece was captured; nobody learns what it was\n");
    break;
  }
}

bool jq_cli_last_reveal(const JqPosition *view, JqCliReveal *out) {
  if (view->history_len == 0)
    return false;
  /* The view's own record of the move: the hidden flags as they stood,
   * and only the identities this observer was told. */
  const JqUndo *u = &view->history[view->history_len - 1];
  out->mover = jq_piece_color(u->moved);
  out->from = jq_move_from(u->move);
  out->mover_type =
      jq_piece_is_hidden(u->moved) ? (JqPieceType)u->revealed : JQ_NO_TYPE;
  out->captured_hidden =
      u->captured != JQ_EMPTY && jq_piece_is_hidden(u->captured);
  out->captured_type =
      out->captured_hidden ? (JqPieceType)u->captured_identity : JQ_NO_TYPE;
  return true;
}
