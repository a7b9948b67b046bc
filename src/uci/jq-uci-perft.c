/* `go perft N`: the leaf count below each root move ("h2e2: 1234") and the
 * total ("Nodes searched: N"), as other UCI engines print it. The upper
 * plies are walked here so `stop` and `quit` can end a deep count between
 * subtrees; the last few plies are counted by the core's perft. */
#include <inttypes.h>

#include "jq-determinize.h"
#include "jq-movegen.h"
#include "jq-notation.h"
#include "jq-perft.h"
#include "jq-uci-private.h"

/* Subtrees this shallow take milliseconds: no need to look at stop. */
#define PERFT_LEAF_DEPTH 3
/* The seed of the deal a jieqi perft counts, fixed so counts repeat. */
#define PERFT_SEED 1

static JqReveal deal_reveal(const JqPosition *pos, const JqPieceType *deal,
                            JqMove m) {
  JqReveal r = JQ_REVEAL_NONE;
  if (jq_piece_is_hidden(pos->board[jq_move_from(m)]))
    r.mover = deal[jq_move_from(m)];
  if (jq_piece_is_hidden(pos->board[jq_move_to(m)]))
    r.captured = deal[jq_move_to(m)];
  return r;
}

/* Leaf count below pos; gives up (the count is then meaningless) when
 * stop is set. */
static uint64_t count(JqUci *uci, JqPosition *pos, const JqPieceType *deal,
                      int depth) {
  if (depth <= PERFT_LEAF_DEPTH)
    return jq_perft(pos, deal, depth);
  JqMoveList list;
  jq_generate_legal(pos, JQ_GEN_ALL, &list);
  uint64_t nodes = 0;
  for (int i = 0; i < list.count && !atomic_load(&uci->stop); i++) {
    jq_position_make_move(pos, list.moves[i],
                          deal_reveal(pos, deal, list.moves[i]));
    nodes += count(uci, pos, deal, depth - 1);
    jq_position_unmake_move(pos);
  }
  return nodes;
}

void jq_uci_perft(JqUci *uci, JqPosition *pos, int depth) {
  JqPieceType deal[JQ_SQUARES] = {0};
  if (pos->hidden_count[JQ_RED] + pos->hidden_count[JQ_BLACK] > 0) {
    /* Reveals need identities the view does not have: count one deal. */
    JqRng rng;
    jq_rng_seed(&rng, PERFT_SEED);
    jq_determinize(pos, &rng, deal);
    jq_uci_info_string(uci,
                       "perft in jieqi counts one deal of the hidden "
                       "pieces, drawn from the pools with seed %d",
                       PERFT_SEED);
  }
  JqMoveList list;
  jq_generate_legal(pos, JQ_GEN_ALL, &list);
  uint64_t total = 0;
  bool stopped = false;
  for (int i = 0; i < list.count; i++) {
    if ((stopped = atomic_load(&uci->stop)))
      break;
    JqMove m = list.moves[i];
    jq_position_make_move(pos, m, deal_reveal(pos, deal, m));
    uint64_t nodes = count(uci, pos, deal, depth - 1);
    jq_position_unmake_move(pos);
    if ((stopped = atomic_load(&uci->stop)))
      break;
    char text[JQ_COORDS_MAX];
    jq_move_to_coords(m, text);
    jq_uci_send(uci, "%s: %" PRIu64, text, nodes);
    total += nodes;
  }
  /* Done before the last line, which the GUI may answer at once. */
  atomic_store(&uci->done, true);
  if (stopped)
    jq_uci_info_string(uci, "perft stopped before it finished");
  else
    jq_uci_send(uci, "Nodes searched: %" PRIu64, total);
}
