#include "jq-determinize.h"

#include <string.h>

void jq_determinize(const JqPosition *view, JqRng *rng,
                    JqPieceType deal[JQ_SQUARES]) {
  memset(deal, 0, JQ_SQUARES * sizeof deal[0]);
  for (int c = 0; c < 2; c++) {
    if (!view->hidden_count[c])
      continue;
    JqPieceType bag[16];
    int n = 0;
    for (int t = JQ_ADVISOR; t < JQ_TYPE_COUNT; t++)
      for (int k = 0; k < view->pool[c][t] && n < 16; k++)
        bag[n++] = (JqPieceType)t;
    /* A partial Fisher-Yates: each hidden point takes a uniform draw from
     * what is left; the rest stand for captured pieces not known. */
    int drawn = 0;
    for (int sq = 0; sq < JQ_SQUARES && drawn < n; sq++) {
      JqPiece p = view->board[sq];
      if (!jq_piece_is_hidden(p) || (int)jq_piece_color(p) != c)
        continue;
      int j = drawn + (int)jq_rng_below(rng, (uint32_t)(n - drawn));
      JqPieceType tmp = bag[j];
      bag[j] = bag[drawn];
      bag[drawn] = tmp;
      deal[sq] = bag[drawn++];
    }
  }
}
