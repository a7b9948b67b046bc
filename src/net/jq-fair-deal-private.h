/* What the parties (jq-fair-deal.c) and the transcript check
 * (jq-fair-deal-verify.c) share: the identity points, the reading of
 * messages with every input checked, and error reports. */
#pragma once

#include "jq-fair-deal.h"

#define JQ_FAIR_PT JQ_DEAL_POINT_BYTES

/* All 30 identity points, [colour][identity]. */
void jq_fair_identities(uint8_t out[2][JQ_FAIR_CARDS][JQ_FAIR_PT]);

/* Fills err (when not NULL) with the problem, where it is and a printf
 * message; returns false. */
#if defined(__GNUC__)
__attribute__((format(printf, 7, 8)))
#endif
bool jq_fair_fail(JqFairDealError *err, JqFairProblem problem, JqFairStep step,
                  int culprit, int color, int index, const char *fmt, ...);

/* "red card 3 (d0)" into buf. */
const char *jq_fair_card_name(int color, int index, char buf[32]);

/* A deal message of `step` from `culprit`: the right length, a key and 30
 * valid points, no point twice. */
bool jq_fair_read_deal(const uint8_t *msg, size_t len, JqFairStep step,
                       int culprit, uint8_t key[JQ_FAIR_PT],
                       uint8_t cards[2][JQ_FAIR_CARDS][JQ_FAIR_PT],
                       JqFairDealError *err);

/* An end message: a canonical nonzero scalar whose key is `key`, and two
 * permutations. */
bool jq_fair_read_end(const uint8_t *msg, size_t len, JqFairStep step,
                      int culprit, const uint8_t key[JQ_FAIR_PT],
                      uint8_t secret[JQ_DEAL_SCALAR_BYTES],
                      uint8_t shuffle[2][JQ_FAIR_CARDS], JqFairDealError *err);

/* Is shuffle[c] a permutation of 0..14 for both colours? Names the first
 * entry out of range or repeated. */
bool jq_fair_check_shuffle(const uint8_t shuffle[2][JQ_FAIR_CARDS],
                           JqFairStep step, int culprit, JqFairDealError *err);

/* What a share's proof is bound to: its card. */
void jq_fair_share_label(int color, int index, uint8_t label[2]);
