/* One player's side of the fair deal: its secret, its shuffles, the
 * public deal and every message sent and received. */
#include "jq-fair-deal.h"

#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "jq-fair-deal-private.h"

typedef enum {
  STATE_NEW = 0, /* A before start, B before shuffle */
  STATE_STARTED, /* A has sent its deal, waits for B's */
  STATE_DEALT,   /* the public deal is set */
  STATE_SPOILED, /* a peer's share or deal was found forged */
  STATE_ENDED,   /* this side's end is out */
} State;

struct JqFairDeal {
  JqFairRole role;
  State state;
  uint8_t secret[JQ_DEAL_SCALAR_BYTES];
  uint8_t inverse[JQ_DEAL_SCALAR_BYTES];
  uint8_t shuffle[2][JQ_FAIR_CARDS];
  uint8_t key[2][JQ_FAIR_PT]; /* by role */
  uint8_t identities[2][JQ_FAIR_CARDS][JQ_FAIR_PT];
  uint8_t deal[2][JQ_FAIR_CARDS][JQ_FAIR_PT]; /* C */
  bool seen[2][JQ_FAIR_CARDS];                /* identities opened here */
  bool opened[2][JQ_FAIR_CARDS];              /* cards opened here */
  int8_t made[2][JQ_FAIR_CARDS]; /* transcript place of our share, or -1 */
  JqFairTranscript transcript;
};

static bool sodium_ready(JqFairDealError *err) {
  if (sodium_init() < 0)
    return jq_fair_fail(err, JQ_FAIR_NO_SODIUM, JQ_FAIR_STEP_NONE, -1, -1, -1,
                        "libsodium cannot start");
  return true;
}

static bool bad_call(JqFairDealError *err, const char *what) {
  return jq_fair_fail(err, JQ_FAIR_BAD_CALL, JQ_FAIR_STEP_NONE, -1, -1, -1,
                      "%s", what);
}

static bool card_ok(JqColor c, int index) {
  return (c == JQ_RED || c == JQ_BLACK) && index >= 0 && index < JQ_FAIR_CARDS;
}

JqFairDeal *jq_fair_deal_new_with(JqFairRole role,
                                  const uint8_t secret[JQ_DEAL_SCALAR_BYTES],
                                  const uint8_t shuffle[2][JQ_FAIR_CARDS],
                                  JqFairDealError *err) {
  if ((role != JQ_FAIR_ROLE_A && role != JQ_FAIR_ROLE_B) || !secret ||
      !shuffle) {
    bad_call(err, "no role, secret or shuffle");
    return NULL;
  }
  if (!sodium_ready(err))
    return NULL;
  JqFairStep end =
      role == JQ_FAIR_ROLE_A ? JQ_FAIR_STEP_END_A : JQ_FAIR_STEP_END_B;
  if (!jq_deal_scalar_is_valid(secret)) {
    jq_fair_fail(err, JQ_FAIR_BAD_SCALAR, end, (int)role, -1, -1,
                 "the secret is not a reduced nonzero scalar");
    return NULL;
  }
  if (!jq_fair_check_shuffle(shuffle, end, (int)role, err))
    return NULL;
  JqFairDeal *d = calloc(1, sizeof *d);
  if (!d) {
    jq_fair_fail(err, JQ_FAIR_NO_MEMORY, JQ_FAIR_STEP_NONE, -1, -1, -1,
                 "out of memory");
    return NULL;
  }
  d->role = role;
  memcpy(d->secret, secret, sizeof d->secret);
  memcpy(d->shuffle, shuffle, sizeof d->shuffle);
  crypto_core_ristretto255_scalar_invert(d->inverse, d->secret);
  crypto_scalarmult_ristretto255_base(d->key[role], d->secret);
  jq_fair_identities(d->identities);
  memset(d->made, -1, sizeof d->made);
  return d;
}

JqFairDeal *jq_fair_deal_new(JqFairRole role, JqFairDealError *err) {
  if (!sodium_ready(err))
    return NULL;
  uint8_t secret[JQ_DEAL_SCALAR_BYTES], shuffle[2][JQ_FAIR_CARDS];
  do
    crypto_core_ristretto255_scalar_random(secret);
  while (sodium_is_zero(secret, sizeof secret));
  /* Fisher-Yates, each colour on its own. */
  for (int c = 0; c < 2; c++) {
    for (int i = 0; i < JQ_FAIR_CARDS; i++)
      shuffle[c][i] = (uint8_t)i;
    for (int i = JQ_FAIR_CARDS - 1; i > 0; i--) {
      int j = (int)randombytes_uniform((uint32_t)i + 1);
      uint8_t t = shuffle[c][i];
      shuffle[c][i] = shuffle[c][j];
      shuffle[c][j] = t;
    }
  }
  JqFairDeal *d = jq_fair_deal_new_with(
      role, secret, (const uint8_t(*)[JQ_FAIR_CARDS])shuffle, err);
  sodium_memzero(secret, sizeof secret);
  sodium_memzero(shuffle, sizeof shuffle);
  return d;
}

void jq_fair_deal_free(JqFairDeal *d) {
  if (!d)
    return;
  sodium_memzero(d, sizeof *d);
  free(d);
}

/* out[c][i] = k·in[c][shuffle[c][i]]: one encrypting, shuffling step. */
static bool encrypt(const JqFairDeal *d,
                    const uint8_t in[2][JQ_FAIR_CARDS][JQ_FAIR_PT],
                    uint8_t *out) {
  memcpy(out, d->key[d->role], JQ_FAIR_PT);
  uint8_t *p = out + JQ_FAIR_PT;
  for (int c = 0; c < 2; c++)
    for (int i = 0; i < JQ_FAIR_CARDS; i++, p += JQ_FAIR_PT)
      if (crypto_scalarmult_ristretto255(p, d->secret,
                                         in[c][d->shuffle[c][i]]) != 0)
        return false;
  return true;
}

bool jq_fair_deal_start(JqFairDeal *a, uint8_t out[JQ_FAIR_DEAL_BYTES],
                        JqFairDealError *err) {
  if (!a || !out)
    return bad_call(err, "no deal or no output");
  if (a->role != JQ_FAIR_ROLE_A || a->state != STATE_NEW)
    return bad_call(err, "only A starts a deal, and only once");
  if (!encrypt(a, (const uint8_t(*)[JQ_FAIR_CARDS][JQ_FAIR_PT])a->identities,
               out))
    return bad_call(err, "libsodium refused an identity point");
  memcpy(a->transcript.deal_a, out, JQ_FAIR_DEAL_BYTES);
  a->state = STATE_STARTED;
  return true;
}

bool jq_fair_deal_shuffle(JqFairDeal *b, const uint8_t *deal_a, size_t len,
                          uint8_t out[JQ_FAIR_DEAL_BYTES],
                          JqFairDealError *err) {
  if (!b || !out)
    return bad_call(err, "no deal or no output");
  if (b->role != JQ_FAIR_ROLE_B || b->state != STATE_NEW)
    return bad_call(err, "only B shuffles A's deal, and only once");
  uint8_t key[JQ_FAIR_PT], cards[2][JQ_FAIR_CARDS][JQ_FAIR_PT];
  if (!jq_fair_read_deal(deal_a, len, JQ_FAIR_STEP_DEAL_A, JQ_FAIR_ROLE_A, key,
                         cards, err))
    return false;
  if (!encrypt(b, (const uint8_t(*)[JQ_FAIR_CARDS][JQ_FAIR_PT])cards, out))
    return bad_call(err, "libsodium refused a point");
  memcpy(b->key[JQ_FAIR_ROLE_A], key, JQ_FAIR_PT);
  memcpy(b->deal, out + JQ_FAIR_PT, sizeof b->deal);
  memcpy(b->transcript.deal_a, deal_a, JQ_FAIR_DEAL_BYTES);
  memcpy(b->transcript.deal_b, out, JQ_FAIR_DEAL_BYTES);
  b->state = STATE_DEALT;
  return true;
}

bool jq_fair_deal_accept(JqFairDeal *a, const uint8_t *deal_b, size_t len,
                         JqFairDealError *err) {
  if (!a)
    return bad_call(err, "no deal");
  if (a->role != JQ_FAIR_ROLE_A || a->state != STATE_STARTED)
    return bad_call(err, "only A accepts B's deal, after starting, once");
  uint8_t key[JQ_FAIR_PT], cards[2][JQ_FAIR_CARDS][JQ_FAIR_PT];
  if (!jq_fair_read_deal(deal_b, len, JQ_FAIR_STEP_DEAL_B, JQ_FAIR_ROLE_B, key,
                         cards, err))
    return false;
  memcpy(a->key[JQ_FAIR_ROLE_B], key, JQ_FAIR_PT);
  memcpy(a->deal, cards, sizeof a->deal);
  memcpy(a->transcript.deal_b, deal_b, JQ_FAIR_DEAL_BYTES);
  a->state = STATE_DEALT;
  return true;
}

bool jq_fair_deal_card(const JqFairDeal *d, JqColor c, int index,
                       uint8_t out[JQ_DEAL_POINT_BYTES]) {
  if (!d || !out || !card_ok(c, index) || d->state < STATE_DEALT)
    return false;
  memcpy(out, d->deal[c][index], JQ_FAIR_PT);
  return true;
}

bool jq_fair_deal_make_share(JqFairDeal *d, JqColor c, int index,
                             uint8_t out[JQ_FAIR_SHARE_BYTES],
                             JqFairDealError *err) {
  if (!d || !out || !card_ok(c, index))
    return bad_call(err, "no deal, no output or no such card");
  if (d->state != STATE_DEALT && d->state != STATE_SPOILED)
    return bad_call(err, "no share before the deal is set or after the end");
  JqFairTranscript *t = &d->transcript;
  if (d->made[c][index] >= 0) {
    memcpy(out, t->shares[d->made[c][index]].bytes, JQ_FAIR_SHARE_BYTES);
    return true;
  }
  if (t->share_count >= JQ_FAIR_MAX_SHARES)
    return bad_call(err, "too many shares");
  out[0] = (uint8_t)c;
  out[1] = (uint8_t)index;
  uint8_t *share = out + 2, *proof = out + 2 + JQ_FAIR_PT;
  uint8_t label[2];
  jq_fair_share_label(c, index, label);
  if (crypto_scalarmult_ristretto255(share, d->inverse, d->deal[c][index]) !=
          0 ||
      !jq_deal_proof_make(d->secret, d->key[d->role], d->deal[c][index], share,
                          label, sizeof label, proof))
    return bad_call(err, "libsodium refused a card");
  JqFairShareRecord *r = &t->shares[t->share_count];
  r->sender = (uint8_t)d->role;
  memcpy(r->bytes, out, JQ_FAIR_SHARE_BYTES);
  d->made[c][index] = (int8_t)t->share_count++;
  return true;
}

bool jq_fair_deal_open(JqFairDeal *d, JqColor c, int index,
                       const uint8_t *share, size_t len, JqPieceType *identity,
                       JqFairDealError *err) {
  if (!d || !card_ok(c, index))
    return bad_call(err, "no deal or no such card");
  if (d->state == STATE_SPOILED)
    return bad_call(err, "the deal was found unfair: nothing more opens");
  if (d->state != STATE_DEALT)
    return bad_call(err, "no card opens before the deal is set or after "
                         "the end");
  int peer = 1 - (int)d->role;
  char name[32], other[32];
  jq_fair_card_name(c, index, name);
  if (!share || len != JQ_FAIR_SHARE_BYTES) {
    jq_fair_fail(err, JQ_FAIR_BAD_LENGTH, JQ_FAIR_STEP_SHARE, peer, c, index,
                 "the share of %s is %zu bytes long, not %d", name,
                 share ? len : 0, JQ_FAIR_SHARE_BYTES);
    if (err) {
      err->n[0] = (int)(!share ? 0 : len > 1000000 ? 1000000 : len);
      err->n[1] = JQ_FAIR_SHARE_BYTES;
    }
    return false;
  }
  if (share[0] > 1 || share[1] >= JQ_FAIR_CARDS) {
    jq_fair_fail(err, JQ_FAIR_BAD_CARD, JQ_FAIR_STEP_SHARE, peer, c, index,
                 "the share sent for %s names no card (colour %d, index %d)",
                 name, share[0], share[1]);
    if (err) {
      err->n[0] = share[0];
      err->n[1] = share[1];
    }
    return false;
  }
  if (share[0] != (uint8_t)c || share[1] != (uint8_t)index) {
    jq_fair_fail(err, JQ_FAIR_WRONG_CARD, JQ_FAIR_STEP_SHARE, peer, c, index,
                 "the share sent for %s is for %s", name,
                 jq_fair_card_name(share[0], share[1], other));
    if (err) {
      err->n[0] = share[0];
      err->n[1] = share[1];
    }
    return false;
  }
  if (d->opened[c][index])
    return jq_fair_fail(err, JQ_FAIR_ALREADY_OPEN, JQ_FAIR_STEP_SHARE, peer, c,
                        index, "%s is already open", name);
  JqFairTranscript *t = &d->transcript;
  if (t->share_count >= JQ_FAIR_MAX_SHARES)
    return bad_call(err, "too many shares");
  /* Kept before it is believed: the end's check names a forged one too. */
  int place = t->share_count++;
  t->shares[place].sender = (uint8_t)peer;
  memcpy(t->shares[place].bytes, share, JQ_FAIR_SHARE_BYTES);

  const uint8_t *point = share + 2, *proof = share + 2 + JQ_FAIR_PT;
  uint8_t label[2];
  jq_fair_share_label(c, index, label);
  bool ok = true;
  if (!jq_deal_point_is_valid(point)) {
    ok = jq_fair_fail(
        err, JQ_FAIR_NOT_A_POINT, JQ_FAIR_STEP_SHARE, peer, c, index,
        "the share of %s is not a valid ristretto255 point", name);
  } else if (!jq_deal_proof_check(d->key[peer], d->deal[c][index], point, label,
                                  sizeof label, proof)) {
    ok =
        jq_fair_fail(err, JQ_FAIR_BAD_PROOF, JQ_FAIR_STEP_SHARE, peer, c, index,
                     "forged share of %s: its proof does not check against "
                     "the peer's key and the card",
                     name);
  } else {
    uint8_t p[JQ_FAIR_PT];
    int found = -1;
    /* "Not yet seen" cannot fail while the cards are distinct and the
     * proofs hold; it is kept so that no identity is ever dealt twice. */
    if (crypto_scalarmult_ristretto255(p, d->inverse, point) == 0)
      for (int j = 0; j < JQ_FAIR_CARDS && found < 0; j++)
        if (!d->seen[c][j] && memcmp(p, d->identities[c][j], JQ_FAIR_PT) == 0)
          found = j;
    sodium_memzero(p, sizeof p);
    if (found < 0) {
      ok = jq_fair_fail(err, JQ_FAIR_NO_IDENTITY,
                        d->role == JQ_FAIR_ROLE_A ? JQ_FAIR_STEP_DEAL_B
                                                  : JQ_FAIR_STEP_DEAL_A,
                        peer, c, index,
                        "%s opens to no %s piece not yet seen: the peer's "
                        "deal was forged",
                        name, c == JQ_RED ? "red" : "black");
    } else {
      d->seen[c][found] = true;
      d->opened[c][index] = true;
      if (identity)
        *identity = jq_fair_deal_identity_type(found);
    }
  }
  if (!ok) {
    if (err)
      err->share = place;
    d->state = STATE_SPOILED;
  }
  return ok;
}

bool jq_fair_deal_capture_sends(JqDisclosure rule, JqColor captor,
                                JqColor sender) {
  switch (rule) {
  case JQ_DISCLOSE_CAPTOR: return sender != captor;
  case JQ_DISCLOSE_BOTH: return true;
  case JQ_DISCLOSE_NOBODY: return false;
  }
  return false;
}

bool jq_fair_deal_end(JqFairDeal *d, uint8_t out[JQ_FAIR_END_BYTES],
                      JqFairDealError *err) {
  if (!d || !out)
    return bad_call(err, "no deal or no output");
  if (d->state != STATE_DEALT && d->state != STATE_SPOILED &&
      d->state != STATE_ENDED)
    return bad_call(err, "no end before the deal is set");
  memcpy(out, d->secret, JQ_DEAL_SCALAR_BYTES);
  memcpy(out + JQ_DEAL_SCALAR_BYTES, d->shuffle, sizeof d->shuffle);
  memcpy(d->role == JQ_FAIR_ROLE_A ? d->transcript.end_a : d->transcript.end_b,
         out, JQ_FAIR_END_BYTES);
  d->state = STATE_ENDED;
  return true;
}

bool jq_fair_deal_finish(JqFairDeal *d, const uint8_t *peer_end, size_t len,
                         JqFairTranscript *transcript,
                         JqPieceType deal[JQ_SQUARES], JqFairDealError *err) {
  if (!d)
    return bad_call(err, "no deal");
  if (d->state != STATE_ENDED)
    return bad_call(err, "finish after this side's own end");
  JqFairStep step =
      d->role == JQ_FAIR_ROLE_A ? JQ_FAIR_STEP_END_B : JQ_FAIR_STEP_END_A;
  int peer = 1 - (int)d->role;
  if (!peer_end || len != JQ_FAIR_END_BYTES) {
    jq_fair_fail(err, JQ_FAIR_BAD_LENGTH, step, peer, -1, -1,
                 "%s end is %zu bytes long, not %d",
                 peer == JQ_FAIR_ROLE_A ? "A's" : "B's", peer_end ? len : 0,
                 JQ_FAIR_END_BYTES);
    if (err) {
      err->n[0] = (int)(!peer_end ? 0 : len > 1000000 ? 1000000 : len);
      err->n[1] = JQ_FAIR_END_BYTES;
    }
    return false;
  }
  memcpy(peer == JQ_FAIR_ROLE_A ? d->transcript.end_a : d->transcript.end_b,
         peer_end, JQ_FAIR_END_BYTES);
  if (transcript)
    *transcript = d->transcript;
  return jq_fair_deal_verify_transcript(&d->transcript, deal, err);
}
