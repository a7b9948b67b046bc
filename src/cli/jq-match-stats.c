/* The score of a match as an Elo difference with its 95% margin; the
 * formula is in jq-match.h. */
#include <math.h>

#include "jq-match.h"

static double elo_of(double score) {
  if (score <= 0.0)
    return -HUGE_VAL;
  if (score >= 1.0)
    return HUGE_VAL;
  double elo = -400.0 * log10(1.0 / score - 1.0);
  return elo == 0.0 ? 0.0 : elo; /* never "-0.0" */
}

void jq_match_elo(int wins, int losses, int draws, JqEloEstimate *out) {
  int n = wins + losses + draws;
  out->score = 0.5;
  out->elo = 0.0;
  out->margin = HUGE_VAL;
  if (n == 0)
    return;
  double s = (wins + 0.5 * draws) / n;
  double var = (wins * (1.0 - s) * (1.0 - s) + draws * (0.5 - s) * (0.5 - s) +
                losses * s * s) /
               n;
  double se = sqrt(var / n);
  out->score = s;
  out->elo = elo_of(s);
  double lo = s - 1.96 * se, hi = s + 1.96 * se;
  if (lo <= 0.0 || hi >= 1.0)
    out->margin = HUGE_VAL;
  else
    out->margin = (elo_of(hi) - elo_of(lo)) / 2.0;
}
