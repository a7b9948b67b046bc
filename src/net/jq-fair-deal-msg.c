/* Reading the fair deal's messages: every byte checked before it is
 * believed, and a report that names the message and the card. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <sodium.h>

#include "jq-fair-deal-private.h"
#include "jq-position.h"

static const char *const type_names[JQ_TYPE_COUNT] = {
    "", "king", "advisor", "elephant", "horse", "chariot", "cannon", "pawn"};

JqPieceType jq_fair_deal_identity_type(int index) {
  /* Two of each officer in type order, then the five pawns. */
  if (index < 0 || index >= JQ_FAIR_CARDS)
    return JQ_NO_TYPE;
  if (index >= 10)
    return JQ_PAWN;
  return (JqPieceType)(JQ_ADVISOR + index / 2);
}

static int identity_number(int index) {
  return index >= 10 ? index - 9 : index % 2 + 1;
}

bool jq_fair_deal_identity_point(JqColor c, int index,
                                 uint8_t out[JQ_DEAL_POINT_BYTES]) {
  if ((c != JQ_RED && c != JQ_BLACK) || index < 0 || index >= JQ_FAIR_CARDS)
    return false;
  char label[64];
  int n = snprintf(
      label, sizeof label, "jieqi/v1/%s/%s/%d", c == JQ_RED ? "red" : "black",
      type_names[jq_fair_deal_identity_type(index)], identity_number(index));
  uint8_t hash[crypto_hash_sha512_BYTES];
  crypto_hash_sha512(hash, (const uint8_t *)label, (unsigned long long)n);
  crypto_core_ristretto255_from_hash(out, hash);
  return true;
}

void jq_fair_identities(uint8_t out[2][JQ_FAIR_CARDS][JQ_FAIR_PT]) {
  for (int c = 0; c < 2; c++)
    for (int j = 0; j < JQ_FAIR_CARDS; j++)
      jq_fair_deal_identity_point((JqColor)c, j, out[c][j]);
}

int jq_fair_deal_card_square(JqColor c, int index) {
  if ((c != JQ_RED && c != JQ_BLACK) || index < 0 || index >= JQ_FAIR_CARDS)
    return -1;
  int seen = 0;
  for (int sq = 0; sq < JQ_SQUARES; sq++) {
    JqPieceType role = jq_start_role(sq);
    if (role == JQ_NO_TYPE || role == JQ_KING || jq_start_color(sq) != c)
      continue;
    if (seen++ == index)
      return sq;
  }
  return -1;
}

bool jq_fair_deal_square_card(int sq, JqColor *c, int *index) {
  JqPieceType role = jq_start_role(sq);
  if (role == JQ_NO_TYPE || role == JQ_KING)
    return false;
  JqColor color = jq_start_color(sq);
  for (int i = 0; i < JQ_FAIR_CARDS; i++)
    if (jq_fair_deal_card_square(color, i) == sq) {
      if (c)
        *c = color;
      if (index)
        *index = i;
      return true;
    }
  return false;
}

bool jq_fair_fail(JqFairDealError *err, JqFairProblem problem, JqFairStep step,
                  int culprit, int color, int index, const char *fmt, ...) {
  if (err) {
    memset(err, 0, sizeof *err);
    err->problem = problem;
    err->step = step;
    err->culprit = culprit;
    err->color = color;
    err->index = index;
    err->share = -1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
  }
  return false;
}

const char *jq_fair_card_name(int color, int index, char buf[32]) {
  char sq[3] = "";
  int square = jq_fair_deal_card_square((JqColor)color, index);
  if (square >= 0)
    jq_square_name(square, sq);
  snprintf(buf, 32, "%s card %d (%s)", color == JQ_RED ? "red" : "black", index,
           sq);
  return buf;
}

static const char *step_name(JqFairStep step) {
  switch (step) {
  case JQ_FAIR_STEP_DEAL_A: return "A's deal";
  case JQ_FAIR_STEP_DEAL_B: return "B's deal";
  case JQ_FAIR_STEP_SHARE: return "share";
  case JQ_FAIR_STEP_END_A: return "A's end";
  case JQ_FAIR_STEP_END_B: return "B's end";
  case JQ_FAIR_STEP_NONE: break;
  }
  return "call";
}

bool jq_fair_read_deal(const uint8_t *msg, size_t len, JqFairStep step,
                       int culprit, uint8_t key[JQ_FAIR_PT],
                       uint8_t cards[2][JQ_FAIR_CARDS][JQ_FAIR_PT],
                       JqFairDealError *err) {
  if (!msg)
    return jq_fair_fail(err, JQ_FAIR_BAD_CALL, step, culprit, -1, -1,
                        "%s: no message", step_name(step));
  if (len != JQ_FAIR_DEAL_BYTES) {
    if (len % JQ_FAIR_PT == 0 && len > 0)
      jq_fair_fail(err, JQ_FAIR_BAD_LENGTH, step, culprit, -1, -1,
                   "%s holds a key and %zu points, not a key and %d",
                   step_name(step), len / JQ_FAIR_PT - 1, 2 * JQ_FAIR_CARDS);
    else
      jq_fair_fail(err, JQ_FAIR_BAD_LENGTH, step, culprit, -1, -1,
                   "%s is %zu bytes long, not %d", step_name(step), len,
                   JQ_FAIR_DEAL_BYTES);
    if (err) {
      err->n[0] = (int)(len > 1000000 ? 1000000 : len);
      err->n[1] = JQ_FAIR_DEAL_BYTES;
    }
    return false;
  }
  if (!jq_deal_point_is_valid(msg))
    return jq_fair_fail(err, JQ_FAIR_NOT_A_POINT, step, culprit, -1, -1,
                        "%s: its key is not a valid ristretto255 point "
                        "(or is the neutral point)",
                        step_name(step));
  const uint8_t *p = msg + JQ_FAIR_PT;
  char name[32], other[32];
  for (int c = 0; c < 2; c++)
    for (int i = 0; i < JQ_FAIR_CARDS; i++, p += JQ_FAIR_PT) {
      if (!jq_deal_point_is_valid(p))
        return jq_fair_fail(err, JQ_FAIR_NOT_A_POINT, step, culprit, c, i,
                            "%s: %s is not a valid ristretto255 point "
                            "(or is the neutral point)",
                            step_name(step), jq_fair_card_name(c, i, name));
      /* Two equal cards would let a cheat deal one piece twice. */
      const uint8_t *q = msg + JQ_FAIR_PT;
      for (int e = 0; q < p; e++, q += JQ_FAIR_PT)
        if (memcmp(p, q, JQ_FAIR_PT) == 0) {
          jq_fair_fail(
              err, JQ_FAIR_DUPLICATE, step, culprit, c, i,
              "%s: %s is the same point as %s", step_name(step),
              jq_fair_card_name(c, i, name),
              jq_fair_card_name(e / JQ_FAIR_CARDS, e % JQ_FAIR_CARDS, other));
          if (err) {
            err->n[0] = e / JQ_FAIR_CARDS;
            err->n[1] = e % JQ_FAIR_CARDS;
          }
          return false;
        }
    }
  memcpy(key, msg, JQ_FAIR_PT);
  memcpy(cards, msg + JQ_FAIR_PT, 2 * JQ_FAIR_CARDS * JQ_FAIR_PT);
  return true;
}

bool jq_fair_check_shuffle(const uint8_t shuffle[2][JQ_FAIR_CARDS],
                           JqFairStep step, int culprit, JqFairDealError *err) {
  char name[32];
  for (int c = 0; c < 2; c++) {
    bool used[JQ_FAIR_CARDS] = {false};
    for (int i = 0; i < JQ_FAIR_CARDS; i++) {
      int s = shuffle[c][i];
      if (s >= JQ_FAIR_CARDS)
        return jq_fair_fail(
            err, JQ_FAIR_NOT_PERMUTATION, step, culprit, c, i,
            "%s: the shuffle takes %s from place %d, which does not exist",
            step_name(step), jq_fair_card_name(c, i, name), s);
      if (used[s])
        return jq_fair_fail(
            err, JQ_FAIR_NOT_PERMUTATION, step, culprit, c, i,
            "%s: the shuffle is no permutation: %s takes place %d again",
            step_name(step), jq_fair_card_name(c, i, name), s);
      used[s] = true;
    }
  }
  return true;
}

bool jq_fair_read_end(const uint8_t *msg, size_t len, JqFairStep step,
                      int culprit, const uint8_t key[JQ_FAIR_PT],
                      uint8_t secret[JQ_DEAL_SCALAR_BYTES],
                      uint8_t shuffle[2][JQ_FAIR_CARDS], JqFairDealError *err) {
  if (!msg)
    return jq_fair_fail(err, JQ_FAIR_BAD_CALL, step, culprit, -1, -1,
                        "%s: no message", step_name(step));
  if (len != JQ_FAIR_END_BYTES) {
    jq_fair_fail(err, JQ_FAIR_BAD_LENGTH, step, culprit, -1, -1,
                 "%s is %zu bytes long, not %d", step_name(step), len,
                 JQ_FAIR_END_BYTES);
    if (err) {
      err->n[0] = (int)(len > 1000000 ? 1000000 : len);
      err->n[1] = JQ_FAIR_END_BYTES;
    }
    return false;
  }
  if (!jq_deal_scalar_is_valid(msg))
    return jq_fair_fail(err, JQ_FAIR_BAD_SCALAR, step, culprit, -1, -1,
                        "%s: its secret is not a reduced nonzero scalar",
                        step_name(step));
  uint8_t made[JQ_FAIR_PT];
  if (crypto_scalarmult_ristretto255_base(made, msg) != 0 ||
      sodium_memcmp(made, key, JQ_FAIR_PT) != 0)
    return jq_fair_fail(err, JQ_FAIR_WRONG_KEY, step, culprit, -1, -1,
                        "%s: its secret is not the key committed in the deal",
                        step_name(step));
  uint8_t s[2][JQ_FAIR_CARDS];
  memcpy(s, msg + JQ_DEAL_SCALAR_BYTES, sizeof s);
  if (!jq_fair_check_shuffle((const uint8_t(*)[JQ_FAIR_CARDS])s, step, culprit,
                             err))
    return false;
  memcpy(secret, msg, JQ_DEAL_SCALAR_BYTES);
  memcpy(shuffle, s, sizeof s);
  return true;
}

void jq_fair_share_label(int color, int index, uint8_t label[2]) {
  label[0] = (uint8_t)color;
  label[1] = (uint8_t)index;
}
