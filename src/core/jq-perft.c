#include "jq-perft.h"

#include "jq-movegen.h"

static JqReveal reveal_for(const JqPosition *pos, const JqPieceType *deal,
                           JqMove m) {
  JqReveal r = JQ_REVEAL_NONE;
  if (!deal)
    return r;
  int from = jq_move_from(m), to = jq_move_to(m);
  if (jq_piece_is_hidden(pos->board[from]))
    r.mover = deal[from];
  if (jq_piece_is_hidden(pos->board[to]))
    r.captured = deal[to];
  return r;
}

uint64_t jq_perft(JqPosition *pos, const JqPieceType *deal, int depth) {
  if (depth <= 0)
    return 1;
  if (depth == 1)
    return (uint64_t)jq_count_legal(pos);
  JqMoveList list;
  jq_generate_legal(pos, JQ_GEN_ALL, &list);
  uint64_t nodes = 0;
  for (int i = 0; i < list.count; i++) {
    JqMove m = list.moves[i];
    jq_position_make_move(pos, m, reveal_for(pos, deal, m));
    nodes += jq_perft(pos, deal, depth - 1);
    jq_position_unmake_move(pos);
  }
  return nodes;
}

uint64_t jq_perft_divide(JqPosition *pos, const JqPieceType *deal, int depth,
                         JqPerftDivideFunc func, void *data) {
  JqMoveList list;
  jq_generate_legal(pos, JQ_GEN_ALL, &list);
  uint64_t total = 0;
  for (int i = 0; i < list.count; i++) {
    JqMove m = list.moves[i];
    jq_position_make_move(pos, m, reveal_for(pos, deal, m));
    uint64_t n = jq_perft(pos, deal, depth - 1);
    jq_position_unmake_move(pos);
    if (func)
      func(m, n, data);
    total += n;
  }
  return total;
}
