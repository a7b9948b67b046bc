/* `d` (or `show`): the current position as a text board with its FEN, for
 * a person debugging at the engine's prompt. */
#include "jq-fen.h"
#include "jq-movegen.h"
#include "jq-uci-private.h"

void jq_uci_cmd_show(JqUci *uci) {
  if (!uci->has_pos) {
    jq_uci_info_string(uci, "no position: the last position command was "
                            "refused; send a good one");
    return;
  }
  const JqPosition *pos = uci->pos;
  jq_uci_send(uci, "   a b c d e f g h i");
  for (int rank = JQ_RANKS - 1; rank >= 0; rank--) {
    char row[JQ_FILES * 2 + 1];
    for (int file = 0; file < JQ_FILES; file++) {
      row[2 * file] = jq_piece_letter(pos->board[jq_square_make(file, rank)]);
      row[2 * file + 1] = ' ';
    }
    row[JQ_FILES * 2 - 1] = '\0';
    jq_uci_send(uci, "%d  %s  %d", rank, row, rank);
    if (rank == 5)
      jq_uci_send(uci, "   -----------------");
  }
  jq_uci_send(uci, "   a b c d e f g h i");
  jq_uci_send(uci, "Variant: %s, %s to move%s, %d legal moves",
              jq_position_is_jieqi(pos) ? "jieqi" : "xiangqi",
              pos->side == JQ_RED ? "red" : "black",
              jq_position_in_check(pos) ? " (in check)" : "",
              jq_count_legal(pos));
  char fen[JQ_FEN_MAX];
  if (jq_position_is_jieqi(pos)) {
    if (jq_fen_write(pos, JQ_FEN_JIEQIBOX, fen, sizeof fen))
      jq_uci_send(uci, "Fen: %s", fen);
    if (jq_fen_write(pos, JQ_FEN_PIKAFISH, fen, sizeof fen))
      jq_uci_send(uci, "Pikafish fen: %s", fen);
  } else if (jq_fen_write(pos, JQ_FEN_XIANGQI, fen, sizeof fen)) {
    jq_uci_send(uci, "Fen: %s", fen);
  }
}
