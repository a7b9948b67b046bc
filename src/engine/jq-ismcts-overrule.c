/* The hint's move unless the tree's evidence is clear: see the header. */
#include "jq-ismcts-overrule.h"

#include <stddef.h>

static double mean(const JqIsmctsRootTotal *t) {
  return t->value / (double)t->visits;
}

int jq_ismcts_overrule(const JqIsmctsRootTotal *totals, int n, int best,
                       JqMove hint, double margin) {
  if (margin <= 0 || hint == JQ_MOVE_NONE || best < 0)
    return best;
  int h = -1;
  for (int k = 0; k < n; k++)
    if (totals[k].move == hint)
      h = k;
  if (h < 0 || h == best)
    return best;
  /* Proofs do not depend on a deal: a proven win is played, and a hint
   * proven lost gives way to the tree's choice (proven lost itself only
   * when every move is). */
  if (totals[best].proof > 0 || totals[h].proof < 0)
    return best;
  /* Never sampled (the hint took nearly all the time, and the tree's few
   * iterations went elsewhere): no evidence against it. */
  if (totals[h].visits == 0)
    return h;
  /* The challenger: the best mean among the moves sampled at least as
   * often as the hint's, not proven lost. */
  const JqIsmctsRootTotal *hinted = &totals[h];
  int c = -1;
  for (int k = 0; k < n; k++) {
    const JqIsmctsRootTotal *a = &totals[k];
    if (k == h || a->proof < 0 || a->visits == 0 || a->visits < hinted->visits)
      continue;
    if (c < 0 || mean(a) > mean(&totals[c]))
      c = k;
  }
  if (c >= 0 && mean(&totals[c]) - mean(hinted) >= margin)
    return c;
  return h;
}
