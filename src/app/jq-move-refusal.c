#include "jq-config.h"

#include "jq-move-refusal.h"

#include <glib/gi18n-lib.h>

#include "jq-movegen.h"

static const char *side_name(JqColor side) {
  return side == JQ_RED ? _("Red") : _("Black");
}

char *jq_move_refusal(const JqPosition *view, JqColor side, int from, int to) {
  JqPiece piece = view->board[from];
  JqMove move = jq_move_make(from, to);
  char name[3];
  jq_square_name(from, name);
  if (piece == JQ_EMPTY)
    return g_strdup_printf(_("There is no piece on %s."), name);
  if (jq_piece_color(piece) != side)
    return g_strdup_printf(_("That piece is not yours: %s is to "
                             "move."),
                           side_name(side));
  if (from == to)
    return g_strdup(_("Choose the point to move to."));
  if (view->board[to] != JQ_EMPTY && jq_piece_color(view->board[to]) == side)
    return g_strdup(_("You cannot take your own piece."));
  if (!jq_position_is_pseudo_legal(view, move))
    return g_strdup(
        jq_piece_is_hidden(piece)
            ? _("A hidden piece moves as the piece of its starting point: "
                "it cannot move there.")
            : _("That piece cannot move there."));
  if (!jq_position_move_is_safe(view, move))
    return g_strdup(
        jq_position_in_check(view)
            ? _("Your king is in check: that move does not answer it.")
            : _("That move would expose your king (to check or to the "
                "other king)."));
  return NULL;
}
