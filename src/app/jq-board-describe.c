/* Words for the board. Piece names come only from revealed pieces: a
 * hidden piece's type bits hold the role of its point, which would read
 * like an identity, so they are never looked at here. */
#include "jq-board-describe.h"

#include <glib/gi18n.h>

static const char *color_name(JqColor color) {
  return color == JQ_RED ? _("Red") : _("Black");
}

/* Singular or plural name of a revealed piece type. */
static const char *type_name(JqPieceType type, int count) {
  switch (type) {
  case JQ_KING: return ngettext("king", "kings", count);
  case JQ_ADVISOR: return ngettext("advisor", "advisors", count);
  case JQ_ELEPHANT: return ngettext("elephant", "elephants", count);
  case JQ_HORSE: return ngettext("horse", "horses", count);
  case JQ_CHARIOT: return ngettext("chariot", "chariots", count);
  case JQ_CANNON: return ngettext("cannon", "cannons", count);
  case JQ_PAWN: return ngettext("pawn", "pawns", count);
  case JQ_NO_TYPE: break;
  }
  return "";
}

static void append_squares(GString *out, const JqPosition *pos, JqColor color,
                           bool hidden, JqPieceType type) {
  for (int sq = 0; sq < JQ_SQUARES; sq++) {
    JqPiece p = pos->board[sq];
    if (p == JQ_EMPTY || jq_piece_color(p) != color ||
        jq_piece_is_hidden(p) != hidden)
      continue;
    if (!hidden && jq_piece_type(p) != type)
      continue;
    char name[3];
    jq_square_name(sq, name);
    g_string_append_c(out, ' ');
    g_string_append(out, name);
  }
}

static int count_pieces(const JqPosition *pos, JqColor color, bool hidden,
                        JqPieceType type) {
  int n = 0;
  for (int sq = 0; sq < JQ_SQUARES; sq++) {
    JqPiece p = pos->board[sq];
    if (p == JQ_EMPTY || jq_piece_color(p) != color ||
        jq_piece_is_hidden(p) != hidden)
      continue;
    if (hidden || jq_piece_type(p) == type)
      n++;
  }
  return n;
}

static void append_side(GString *out, const JqPosition *pos, JqColor color) {
  /* TRANSLATORS: a side and the list of its pieces follow, as in
   * "Red: king e0; chariots a0 i0." */
  g_string_append_printf(out, _("%s:"), color_name(color));
  bool first = true;
  for (int t = JQ_KING; t <= JQ_PAWN; t++) {
    int n = count_pieces(pos, color, false, (JqPieceType)t);
    if (n == 0)
      continue;
    g_string_append(out, first ? " " : "; ");
    g_string_append(out, type_name((JqPieceType)t, n));
    append_squares(out, pos, color, false, (JqPieceType)t);
    first = false;
  }
  int hidden = count_pieces(pos, color, true, JQ_NO_TYPE);
  if (hidden > 0) {
    g_string_append(out, first ? " " : "; ");
    g_string_append_printf(
        out, ngettext("%d face-down piece", "%d face-down pieces", hidden),
        hidden);
    append_squares(out, pos, color, true, JQ_NO_TYPE);
    first = false;
  }
  if (first) {
    g_string_append(out, " ");
    g_string_append(out, _("no pieces"));
  }
  g_string_append(out, ". ");
}

char *jq_board_describe(const JqPosition *pos, JqMove last_move,
                        int check_square) {
  GString *out = g_string_new(NULL);
  g_string_append(out, jq_position_is_jieqi(pos) ? _("Jieqi.") : _("Xiangqi."));
  g_string_append_c(out, ' ');
  if (pos->side == JQ_RED)
    g_string_append(out, _("Red to move."));
  else
    g_string_append(out, _("Black to move."));
  g_string_append_c(out, ' ');
  append_side(out, pos, JQ_RED);
  append_side(out, pos, JQ_BLACK);
  if (last_move != JQ_MOVE_NONE) {
    char from[3], to[3];
    jq_square_name(jq_move_from(last_move), from);
    jq_square_name(jq_move_to(last_move), to);
    /* TRANSLATORS: the two points of the last move, like "h2e2". */
    g_string_append_printf(out, _("Last move %s%s."), from, to);
    g_string_append_c(out, ' ');
  }
  if (check_square >= 0 && check_square < JQ_SQUARES &&
      pos->board[check_square] != JQ_EMPTY) {
    if (jq_piece_color(pos->board[check_square]) == JQ_RED)
      g_string_append(out, _("Red is in check."));
    else
      g_string_append(out, _("Black is in check."));
  }
  while (out->len > 0 && out->str[out->len - 1] == ' ')
    g_string_truncate(out, out->len - 1);
  return g_string_free(out, FALSE);
}

char *jq_board_describe_square(const JqPosition *pos, int square) {
  char name[3];
  jq_square_name(square, name);
  JqPiece p = pos->board[square];
  if (p == JQ_EMPTY)
    /* TRANSLATORS: a point of the board with nothing on it: "e4, empty". */
    return g_strdup_printf(_("%s, empty"), name);
  if (jq_piece_is_hidden(p))
    /* TRANSLATORS: "a3, Red face-down piece". */
    return g_strdup_printf(_("%s, %s face-down piece"), name,
                           color_name(jq_piece_color(p)));
  /* TRANSLATORS: a point and the piece on it: "e0, Red king". */
  return g_strdup_printf(_("%s, %s %s"), name, color_name(jq_piece_color(p)),
                         type_name(jq_piece_type(p), 1));
}
