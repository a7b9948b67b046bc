#include "jq-deal-proof.h"

#include <string.h>

#include <sodium.h>

#define DOMAIN "jieqi/v1/dleq"

bool jq_deal_scalar_is_valid(const uint8_t s[JQ_DEAL_SCALAR_BYTES]) {
  uint8_t wide[64] = {0}, reduced[JQ_DEAL_SCALAR_BYTES];
  memcpy(wide, s, JQ_DEAL_SCALAR_BYTES);
  crypto_core_ristretto255_scalar_reduce(reduced, wide);
  return memcmp(reduced, s, JQ_DEAL_SCALAR_BYTES) == 0 &&
         !sodium_is_zero(s, JQ_DEAL_SCALAR_BYTES);
}

bool jq_deal_point_is_valid(const uint8_t p[JQ_DEAL_POINT_BYTES]) {
  /* The identity encodes as zeros: as a key or a card it would hide
   * nothing, and every multiple of it is itself. */
  return crypto_core_ristretto255_is_valid_point(p) == 1 &&
         !sodium_is_zero(p, JQ_DEAL_POINT_BYTES);
}

static void challenge(const uint8_t *label, size_t label_len,
                      const uint8_t key[32], const uint8_t card[32],
                      const uint8_t share[32], const uint8_t t1[32],
                      const uint8_t t2[32], uint8_t e[32]) {
  crypto_hash_sha512_state st;
  uint8_t digest[crypto_hash_sha512_BYTES];
  uint8_t len_byte = (uint8_t)label_len;
  crypto_hash_sha512_init(&st);
  crypto_hash_sha512_update(&st, (const uint8_t *)DOMAIN, sizeof DOMAIN - 1);
  /* Length first, so that no two labels hash alike. */
  crypto_hash_sha512_update(&st, &len_byte, 1);
  crypto_hash_sha512_update(&st, label, label_len);
  crypto_hash_sha512_update(&st, key, 32);
  crypto_hash_sha512_update(&st, card, 32);
  crypto_hash_sha512_update(&st, share, 32);
  crypto_hash_sha512_update(&st, t1, 32);
  crypto_hash_sha512_update(&st, t2, 32);
  crypto_hash_sha512_final(&st, digest);
  crypto_core_ristretto255_scalar_reduce(e, digest);
}

bool jq_deal_proof_make(const uint8_t k[JQ_DEAL_SCALAR_BYTES],
                        const uint8_t key[JQ_DEAL_POINT_BYTES],
                        const uint8_t card[JQ_DEAL_POINT_BYTES],
                        const uint8_t share[JQ_DEAL_POINT_BYTES],
                        const uint8_t *label, size_t label_len,
                        uint8_t proof[JQ_DEAL_PROOF_BYTES]) {
  if (label_len > 255)
    return false;
  uint8_t r[32], t1[32], t2[32], ek[32];
  bool ok = false;
  do
    crypto_core_ristretto255_scalar_random(r);
  while (sodium_is_zero(r, sizeof r));
  if (crypto_scalarmult_ristretto255_base(t1, r) == 0 &&
      crypto_scalarmult_ristretto255(t2, r, share) == 0) {
    uint8_t *e = proof, *z = proof + 32;
    challenge(label, label_len, key, card, share, t1, t2, e);
    /* z = r + e·k */
    crypto_core_ristretto255_scalar_mul(ek, e, k);
    crypto_core_ristretto255_scalar_add(z, r, ek);
    ok = true;
  }
  sodium_memzero(r, sizeof r);
  sodium_memzero(ek, sizeof ek);
  return ok;
}

bool jq_deal_proof_check(const uint8_t key[JQ_DEAL_POINT_BYTES],
                         const uint8_t card[JQ_DEAL_POINT_BYTES],
                         const uint8_t share[JQ_DEAL_POINT_BYTES],
                         const uint8_t *label, size_t label_len,
                         const uint8_t proof[JQ_DEAL_PROOF_BYTES]) {
  const uint8_t *e = proof, *z = proof + 32;
  if (label_len > 255 || !jq_deal_point_is_valid(key) ||
      !jq_deal_point_is_valid(card) || !jq_deal_point_is_valid(share) ||
      !jq_deal_scalar_is_valid(e) || !jq_deal_scalar_is_valid(z))
    return false;
  /* t1 = z·G - e·key, t2 = z·share - e·card: the prover's commitments
   * when the proof is honest. */
  uint8_t zg[32], ek[32], zs[32], ec[32], t1[32], t2[32], again[32];
  if (crypto_scalarmult_ristretto255_base(zg, z) != 0 ||
      crypto_scalarmult_ristretto255(ek, e, key) != 0 ||
      crypto_scalarmult_ristretto255(zs, z, share) != 0 ||
      crypto_scalarmult_ristretto255(ec, e, card) != 0 ||
      crypto_core_ristretto255_sub(t1, zg, ek) != 0 ||
      crypto_core_ristretto255_sub(t2, zs, ec) != 0)
    return false;
  challenge(label, label_len, key, card, share, t1, t2, again);
  return sodium_memcmp(again, e, 32) == 0;
}
