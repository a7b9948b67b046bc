/* The end of a fair deal: with both secrets out, every message of the
 * transcript is recomputed and the first that does not check is named. */
#include <string.h>

#include <sodium.h>

#include "jq-fair-deal-private.h"

typedef uint8_t Cards[2][JQ_FAIR_CARDS][JQ_FAIR_PT];

/* A deal step made with `secret` from `in`: each card, with the secret
 * taken off, must be one of `in`'s points (so the message was honest), at
 * the place the published shuffle says (so the end was honest). from[c][i]
 * is the place in `in` that card i came from. */
static bool check_step(const uint8_t secret[JQ_DEAL_SCALAR_BYTES],
                       const Cards in, const Cards out,
                       const uint8_t shuffle[2][JQ_FAIR_CARDS],
                       JqFairStep deal_step, JqFairStep end_step, int culprit,
                       int from[2][JQ_FAIR_CARDS], JqFairDealError *err) {
  uint8_t inverse[JQ_DEAL_SCALAR_BYTES], p[JQ_FAIR_PT];
  char name[32];
  const char *who = culprit == JQ_FAIR_ROLE_A ? "A" : "B";
  crypto_core_ristretto255_scalar_invert(inverse, secret);
  bool ok = true;
  for (int c = 0; c < 2 && ok; c++)
    for (int i = 0; i < JQ_FAIR_CARDS && ok; i++) {
      int found = -1;
      if (crypto_scalarmult_ristretto255(p, inverse, out[c][i]) == 0)
        for (int j = 0; j < JQ_FAIR_CARDS && found < 0; j++)
          if (memcmp(p, in[c][j], JQ_FAIR_PT) == 0)
            found = j;
      if (found < 0)
        ok = jq_fair_fail(err, JQ_FAIR_DEAL_MISMATCH, deal_step, culprit, c, i,
                          "%s's deal: %s is not %s's key on any of the %s "
                          "points it was given",
                          who, jq_fair_card_name(c, i, name), who,
                          c == JQ_RED ? "red" : "black");
      else if (found != shuffle[c][i])
        ok = jq_fair_fail(
            err, JQ_FAIR_SHUFFLE_MISMATCH, end_step, culprit, c, i,
            "%s's end: its shuffle puts place %d at %s, the "
            "deal it sent put place %d there",
            who, shuffle[c][i], jq_fair_card_name(c, i, name), found);
      else
        from[c][i] = found;
    }
  sodium_memzero(inverse, sizeof inverse);
  return ok;
}

static bool check_share(const JqFairShareRecord *r, int place,
                        const uint8_t keys[2][JQ_FAIR_PT],
                        const uint8_t inverses[2][JQ_DEAL_SCALAR_BYTES],
                        const Cards deal, JqFairDealError *err) {
  if (r->sender > 1) {
    jq_fair_fail(err, JQ_FAIR_BAD_CALL, JQ_FAIR_STEP_SHARE, -1, -1, -1,
                 "share %d of the transcript has no sender (%d)", place,
                 r->sender);
    if (err)
      err->share = place;
    return false;
  }
  int sender = r->sender;
  const char *who = sender == JQ_FAIR_ROLE_A ? "A" : "B";
  const uint8_t *b = r->bytes;
  char name[32];
  bool ok = true;
  if (b[0] > 1 || b[1] >= JQ_FAIR_CARDS) {
    ok = jq_fair_fail(err, JQ_FAIR_BAD_CARD, JQ_FAIR_STEP_SHARE, sender, -1, -1,
                      "%s's share %d names no card (colour %d, index %d)", who,
                      place, b[0], b[1]);
    if (err) {
      err->n[0] = b[0];
      err->n[1] = b[1];
    }
  } else {
    int c = b[0], i = b[1];
    uint8_t expect[JQ_FAIR_PT], label[2];
    jq_fair_share_label(c, i, label);
    jq_fair_card_name(c, i, name);
    if (crypto_scalarmult_ristretto255(expect, inverses[sender], deal[c][i]) !=
            0 ||
        memcmp(expect, b + 2, JQ_FAIR_PT) != 0)
      ok = jq_fair_fail(err, JQ_FAIR_SHARE_MISMATCH, JQ_FAIR_STEP_SHARE, sender,
                        c, i,
                        "%s's share %d, of %s, is not its key taken off the "
                        "card: forged",
                        who, place, name);
    else if (!jq_deal_proof_check(keys[sender], deal[c][i], b + 2, label,
                                  sizeof label, b + 2 + JQ_FAIR_PT))
      ok =
          jq_fair_fail(err, JQ_FAIR_BAD_PROOF, JQ_FAIR_STEP_SHARE, sender, c, i,
                       "%s's share %d, of %s, has a proof that does not "
                       "check",
                       who, place, name);
  }
  if (!ok && err)
    err->share = place;
  return ok;
}

bool jq_fair_deal_verify_transcript(const JqFairTranscript *t,
                                    JqPieceType deal[JQ_SQUARES],
                                    JqFairDealError *err) {
  if (!t || t->share_count < 0 || t->share_count > JQ_FAIR_MAX_SHARES)
    return jq_fair_fail(err, JQ_FAIR_BAD_CALL, JQ_FAIR_STEP_NONE, -1, -1, -1,
                        "no transcript, or its share count is out of range");
  if (sodium_init() < 0)
    return jq_fair_fail(err, JQ_FAIR_NO_SODIUM, JQ_FAIR_STEP_NONE, -1, -1, -1,
                        "libsodium cannot start");
  uint8_t keys[2][JQ_FAIR_PT];
  uint8_t secrets[2][JQ_DEAL_SCALAR_BYTES], inverses[2][JQ_DEAL_SCALAR_BYTES];
  uint8_t shuffles[2][2][JQ_FAIR_CARDS];
  Cards identities, encrypted, cards;
  int from_a[2][JQ_FAIR_CARDS], from_b[2][JQ_FAIR_CARDS];
  jq_fair_identities(identities);

  bool ok =
      jq_fair_read_deal(t->deal_a, sizeof t->deal_a, JQ_FAIR_STEP_DEAL_A,
                        JQ_FAIR_ROLE_A, keys[0], encrypted, err) &&
      jq_fair_read_deal(t->deal_b, sizeof t->deal_b, JQ_FAIR_STEP_DEAL_B,
                        JQ_FAIR_ROLE_B, keys[1], cards, err) &&
      jq_fair_read_end(t->end_a, sizeof t->end_a, JQ_FAIR_STEP_END_A,
                       JQ_FAIR_ROLE_A, keys[0], secrets[0], shuffles[0], err) &&
      jq_fair_read_end(t->end_b, sizeof t->end_b, JQ_FAIR_STEP_END_B,
                       JQ_FAIR_ROLE_B, keys[1], secrets[1], shuffles[1], err) &&
      check_step(
          secrets[0], (const uint8_t(*)[JQ_FAIR_CARDS][JQ_FAIR_PT])identities,
          (const uint8_t(*)[JQ_FAIR_CARDS][JQ_FAIR_PT])encrypted,
          (const uint8_t(*)[JQ_FAIR_CARDS])shuffles[0], JQ_FAIR_STEP_DEAL_A,
          JQ_FAIR_STEP_END_A, JQ_FAIR_ROLE_A, from_a, err) &&
      check_step(
          secrets[1], (const uint8_t(*)[JQ_FAIR_CARDS][JQ_FAIR_PT])encrypted,
          (const uint8_t(*)[JQ_FAIR_CARDS][JQ_FAIR_PT])cards,
          (const uint8_t(*)[JQ_FAIR_CARDS])shuffles[1], JQ_FAIR_STEP_DEAL_B,
          JQ_FAIR_STEP_END_B, JQ_FAIR_ROLE_B, from_b, err);
  if (ok) {
    for (int r = 0; r < 2; r++)
      crypto_core_ristretto255_scalar_invert(inverses[r], secrets[r]);
    for (int s = 0; s < t->share_count && ok; s++)
      ok = check_share(&t->shares[s], s, (const uint8_t(*)[JQ_FAIR_PT])keys,
                       (const uint8_t(*)[JQ_DEAL_SCALAR_BYTES])inverses,
                       (const uint8_t(*)[JQ_FAIR_CARDS][JQ_FAIR_PT])cards, err);
  }
  if (ok && deal) {
    for (int sq = 0; sq < JQ_SQUARES; sq++)
      deal[sq] = JQ_NO_TYPE;
    for (int c = 0; c < 2; c++)
      for (int i = 0; i < JQ_FAIR_CARDS; i++)
        deal[jq_fair_deal_card_square((JqColor)c, i)] =
            jq_fair_deal_identity_type(from_a[c][from_b[c][i]]);
  }
  if (ok && err)
    jq_fair_fail(err, JQ_FAIR_OK, JQ_FAIR_STEP_NONE, -1, -1, -1,
                 "the game was fair");
  sodium_memzero(secrets, sizeof secrets);
  sodium_memzero(inverses, sizeof inverses);
  return ok;
}
