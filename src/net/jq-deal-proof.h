/* The Chaum-Pedersen proof that goes with a decryption share of the fair
 * deal (jq-fair-deal.h): a proof that the same secret scalar k gives
 * key = k·G and card = k·share, without revealing k. So a share that is
 * not its sender's key taken off that very card is caught as soon as it
 * arrives. Non-interactive by Fiat-Shamir: the challenge is SHA-512 of a
 * domain tag, the caller's label (which card), the four points and the two
 * commitments, reduced to a scalar. All values are ristretto255 encodings
 * and canonical scalars (libsodium). */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define JQ_DEAL_POINT_BYTES 32
#define JQ_DEAL_SCALAR_BYTES 32
/* The challenge e, then the response z. */
#define JQ_DEAL_PROOF_BYTES 64

/* Proves log_G(key) = log_share(card) = k. `key` must be k·G and `card`
 * k·share; label (label_len bytes) binds the proof to its card. False only
 * when libsodium refuses a point (a caller's mistake). */
bool jq_deal_proof_make(const uint8_t k[JQ_DEAL_SCALAR_BYTES],
                        const uint8_t key[JQ_DEAL_POINT_BYTES],
                        const uint8_t card[JQ_DEAL_POINT_BYTES],
                        const uint8_t share[JQ_DEAL_POINT_BYTES],
                        const uint8_t *label, size_t label_len,
                        uint8_t proof[JQ_DEAL_PROOF_BYTES]);

/* True when `proof` shows that key = k·G and card = k·share for one k;
 * false for anything else, malformed points and scalars included. */
bool jq_deal_proof_check(const uint8_t key[JQ_DEAL_POINT_BYTES],
                         const uint8_t card[JQ_DEAL_POINT_BYTES],
                         const uint8_t share[JQ_DEAL_POINT_BYTES],
                         const uint8_t *label, size_t label_len,
                         const uint8_t proof[JQ_DEAL_PROOF_BYTES]);

/* A canonical (fully reduced) nonzero scalar. */
bool jq_deal_scalar_is_valid(const uint8_t s[JQ_DEAL_SCALAR_BYTES]);
/* A valid ristretto255 encoding other than the group's identity. */
bool jq_deal_point_is_valid(const uint8_t p[JQ_DEAL_POINT_BYTES]);
