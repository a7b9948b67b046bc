#include "jq-move-format.h"

#include "jq-movegen.h"

static char wxf_letter(JqPieceType t) {
  static const char letters[JQ_TYPE_COUNT] = {'?', 'K', 'A', 'E',
                                              'H', 'R', 'C', 'P'};
  return t < JQ_TYPE_COUNT ? letters[t] : '?';
}

void jq_move_format_append(const JqMoveFormat *format, const JqPosition *pos,
                           JqMove move, JqReveal reveal, GString *out) {
  char buf[JQ_CHINESE_MAX];
  switch (format->notation) {
  case JQ_NOTATION_STYLE_COORDINATES:
    jq_move_to_coords_ext(move, (JqColor)pos->side, reveal, buf);
    g_string_append(out, buf);
    break;
  case JQ_NOTATION_STYLE_WXF:
    if (jq_move_to_wxf(pos, move, buf) == 0)
      jq_move_to_coords(move, buf);
    g_string_append(out, buf);
    if (reveal.mover != JQ_NO_TYPE)
      g_string_append_printf(out, "(%c)", wxf_letter(reveal.mover));
    break;
  case JQ_NOTATION_STYLE_CHINESE:
  default:
    if (jq_move_to_chinese(pos, move, reveal.mover, format->charset, buf,
                           sizeof buf) == 0)
      jq_move_to_coords(move, buf);
    g_string_append(out, buf);
    break;
  }
}

char **jq_move_format_record(const JqMoveFormat *format, const JqGame *game,
                             const gboolean show_captured[2]) {
  int n = jq_game_move_count(game);
  GStrvBuilder *list = g_strv_builder_new();
  /* The boards of truth and views are the same; only what is passed as
   * `reveal` to the writers can name an identity. */
  JqPosition *pos = g_new(JqPosition, 1);
  *pos = *jq_game_initial(game);
  GString *text = g_string_new(NULL);
  for (int i = 0; i < n; i++) {
    JqGameMove gm = jq_game_move_at(game, i);
    JqReveal shown = {gm.reveal.mover, JQ_NO_TYPE};
    if (show_captured[pos->side])
      shown.captured = gm.reveal.captured;
    g_string_truncate(text, 0);
    jq_move_format_append(format, pos, gm.move, shown, text);
    g_strv_builder_add(list, text->str);
    jq_position_make_move(pos, gm.move, gm.reveal);
  }
  g_string_free(text, TRUE);
  g_free(pos);
  char **strv = g_strv_builder_end(list);
  g_strv_builder_unref(list);
  return strv;
}

char *jq_move_format_line(const JqMoveFormat *format, const JqPosition *view,
                          const JqMove *pv, int len) {
  JqPosition *pos = g_new(JqPosition, 1);
  *pos = *view;
  GString *text = g_string_new(NULL);
  for (int i = 0; i < len; i++) {
    if (!jq_position_is_legal(pos, pv[i]))
      break;
    if (text->len)
      g_string_append_c(text, ' ');
    jq_move_format_append(format, pos, pv[i], JQ_REVEAL_NONE, text);
    if (jq_piece_is_hidden(pos->board[jq_move_from(pv[i])])) {
      if (i + 1 < len)
        g_string_append(text, " …");
      break;
    }
    jq_position_make_move(pos, pv[i], JQ_REVEAL_NONE);
  }
  g_free(pos);
  return g_string_free(text, FALSE);
}
