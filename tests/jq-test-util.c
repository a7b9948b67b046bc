#include "jq-test-util.h"

#include "jq-movegen.h"

void jq_test_position_from_fen(JqPosition *pos, const char *fen) {
  JqError err = {{0}};
  if (!jq_fen_parse(fen, JQ_FEN_VARIANT_AUTO, pos, &err))
    g_error("bad test FEN '%s': %s", fen, err.message);
}

JqMove jq_test_move(const char *coords) {
  int from = jq_square_parse(coords);
  int to = strlen(coords) >= 4 ? jq_square_parse(coords + 2) : -1;
  if (from < 0 || to < 0)
    g_error("bad test move '%s'", coords);
  return jq_move_make(from, to);
}

gboolean jq_test_has_legal_move(const JqPosition *pos, const char *coords) {
  JqMove m = jq_test_move(coords);
  JqMoveList list;
  jq_generate_legal(pos, JQ_GEN_ALL, &list);
  for (int i = 0; i < list.count; i++)
    if (list.moves[i] == m)
      return TRUE;
  return FALSE;
}
