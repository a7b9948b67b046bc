/* A fair jieqi deal without a trusted dealer ("mental poker" on the
 * ristretto255 group, libsodium). Each of the 30 hidden pieces has a
 * public identity point; A (the host) encrypts them all under its secret
 * scalar a and shuffles each colour's fifteen; B multiplies by its secret b
 * and shuffles again. The result, card i = a·b·P of a permutation neither
 * player knows, is the public deal. A card opens only with both players'
 * decryption shares (k⁻¹·card), each with a proof that it is right
 * (jq-deal-proof.h). At the end both publish their scalars and shuffles and
 * each side checks the whole transcript.
 *
 * Every step takes and gives plain bytes: what one message carries. This
 * library never sends anything; the session (src/net) decides who sends
 * what and when, by docs/network-protocol.md ("The fair deal"). In
 * particular, for a hidden piece captured, jq_fair_deal_capture_sends()
 * says which shares the disclosure rule lets go out.
 *
 * Cards: colour c's card i (0..14) is the piece dealt to c's i-th hidden
 * starting point in ascending board index (jq_fair_deal_card_square).
 * Identities: colour c's identity j (0..14) is the j-th of advisor ×2,
 * elephant ×2, horse ×2, chariot ×2, cannon ×2, pawn ×5; its point is
 * from_hash(SHA-512("jieqi/v1/red/chariot/1")) and so on. */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "jq-deal-proof.h"
#include "jq-types.h"

#define JQ_FAIR_CARDS 15 /* per colour */
/* A deal message: the sender's public key K = k·G (its commitment), then
 * Red's 15 points, then Black's. */
#define JQ_FAIR_DEAL_BYTES (JQ_DEAL_POINT_BYTES * (1 + 2 * JQ_FAIR_CARDS))
/* A share: the card's colour and index (a byte each), the share point,
 * then its proof. */
#define JQ_FAIR_SHARE_BYTES (2 + JQ_DEAL_POINT_BYTES + JQ_DEAL_PROOF_BYTES)
/* The end: the sender's secret scalar, then its shuffle of Red's cards
 * and of Black's (a byte each, 0..14: out[i] = in[shuffle[i]]). */
#define JQ_FAIR_END_BYTES (JQ_DEAL_SCALAR_BYTES + 2 * JQ_FAIR_CARDS)
/* Every card's share sent by each side at most once. */
#define JQ_FAIR_MAX_SHARES (2 * 2 * JQ_FAIR_CARDS)

typedef enum {
  JQ_FAIR_ROLE_A = 0, /* the host: encrypts first */
  JQ_FAIR_ROLE_B = 1, /* the joiner: re-encrypts and reshuffles */
} JqFairRole;

/* Which message an error is about. */
typedef enum {
  JQ_FAIR_STEP_NONE = 0, /* a call out of place, not a message */
  JQ_FAIR_STEP_DEAL_A,   /* A's encrypted, shuffled identities */
  JQ_FAIR_STEP_DEAL_B,   /* B's deal: the final cards */
  JQ_FAIR_STEP_SHARE,    /* a decryption share */
  JQ_FAIR_STEP_END_A,    /* A's scalar and shuffle */
  JQ_FAIR_STEP_END_B,    /* B's scalar and shuffle */
} JqFairStep;

typedef enum {
  JQ_FAIR_OK = 0,
  JQ_FAIR_NO_SODIUM,        /* libsodium cannot start */
  JQ_FAIR_NO_MEMORY,        /* none */
  JQ_FAIR_BAD_CALL,         /* NULL, a bad index, a step out of order */
  JQ_FAIR_BAD_LENGTH,       /* n[0] bytes received, n[1] expected */
  JQ_FAIR_NOT_A_POINT,      /* color, index (-1: the key) */
  JQ_FAIR_DUPLICATE,        /* color, index; n[0] colour, n[1] index of
                               the same point earlier */
  JQ_FAIR_BAD_CARD,         /* a share names no card (n[0], n[1]) */
  JQ_FAIR_WRONG_CARD,       /* color, index expected; n[0], n[1] named */
  JQ_FAIR_ALREADY_OPEN,     /* color, index */
  JQ_FAIR_BAD_PROOF,        /* color, index: a forged share */
  JQ_FAIR_NO_IDENTITY,      /* color, index: the card opens to no unseen
                               identity, so the sender's deal was forged */
  JQ_FAIR_BAD_SCALAR,       /* the end's scalar is not canonical, or 0 */
  JQ_FAIR_WRONG_KEY,        /* the end's scalar is not the committed key */
  JQ_FAIR_NOT_PERMUTATION,  /* color, index: a shuffle entry out of range
                               or repeated */
  JQ_FAIR_SHUFFLE_MISMATCH, /* color, index: the shuffle published is not
                               the one the deal message was made with */
  JQ_FAIR_DEAL_MISMATCH,    /* color, index: the deal message's point is
                               not what its sender's key makes */
  JQ_FAIR_SHARE_MISMATCH,   /* color, index: the share is not k⁻¹·card */
} JqFairProblem;

/* What is wrong, and in which message: the step, who sent it, the card
 * (colour, index; -1 when the message as a whole) and, for a share, its
 * place in the transcript. */
typedef struct {
  JqFairProblem problem;
  JqFairStep step;
  int culprit; /* JqFairRole of the message's sender, -1 for none */
  int color, index;
  int share; /* index into JqFairTranscript.shares, -1 */
  int n[2];
  char message[200]; /* in English */
} JqFairDealError;

typedef struct {
  uint8_t sender; /* JqFairRole */
  uint8_t bytes[JQ_FAIR_SHARE_BYTES];
} JqFairShareRecord;

/* Every message of one deal, in the order sent; what both sides check at
 * the end and what a finished game's file may carry. */
typedef struct {
  uint8_t deal_a[JQ_FAIR_DEAL_BYTES];
  uint8_t deal_b[JQ_FAIR_DEAL_BYTES];
  int share_count;
  JqFairShareRecord shares[JQ_FAIR_MAX_SHARES];
  uint8_t end_a[JQ_FAIR_END_BYTES];
  uint8_t end_b[JQ_FAIR_END_BYTES];
} JqFairTranscript;

/* One player's side of a deal. It holds a secret: freed (and zeroed) by
 * jq_fair_deal_free only. */
typedef struct JqFairDeal JqFairDeal;

/* The board point of colour c's card `index`; -1 when out of range. */
int jq_fair_deal_card_square(JqColor c, int index);
/* The card dealt to board point sq; false off the hidden starting points. */
bool jq_fair_deal_square_card(int sq, JqColor *c, int *index);
/* The type of identity `index` (either colour); JQ_NO_TYPE out of range. */
JqPieceType jq_fair_deal_identity_type(int index);
/* The public point of colour c's identity `index`. */
bool jq_fair_deal_identity_point(JqColor c, int index,
                                 uint8_t out[JQ_DEAL_POINT_BYTES]);

/* A side with a fresh secret scalar and fresh shuffles. NULL with err when
 * libsodium cannot start or memory runs out. */
JqFairDeal *jq_fair_deal_new(JqFairRole role, JqFairDealError *err);
/* The same with a chosen scalar and shuffles (shuffle[c][i], as in the end
 * message): for tests, which need to repeat or arrange a deal. */
JqFairDeal *jq_fair_deal_new_with(JqFairRole role,
                                  const uint8_t secret[JQ_DEAL_SCALAR_BYTES],
                                  const uint8_t shuffle[2][JQ_FAIR_CARDS],
                                  JqFairDealError *err);
/* Zeroes the secrets and frees; NULL is fine. */
void jq_fair_deal_free(JqFairDeal *d);

/* Step 1, A: its key and encrypted, shuffled identities, for B. */
bool jq_fair_deal_start(JqFairDeal *a, uint8_t out[JQ_FAIR_DEAL_BYTES],
                        JqFairDealError *err);
/* Step 2, B: checks A's message (length, points, no point twice), and
 * gives B's key and the final cards, for A. Then B's deal is set. */
bool jq_fair_deal_shuffle(JqFairDeal *b, const uint8_t *deal_a, size_t len,
                          uint8_t out[JQ_FAIR_DEAL_BYTES],
                          JqFairDealError *err);
/* Step 3, A: checks B's message the same way; then A's deal is set. */
bool jq_fair_deal_accept(JqFairDeal *a, const uint8_t *deal_b, size_t len,
                         JqFairDealError *err);
/* The public deal once set: colour c's card `index`. */
bool jq_fair_deal_card(const JqFairDeal *d, JqColor c, int index,
                       uint8_t out[JQ_DEAL_POINT_BYTES]);

/* This side's decryption share of card (c, index), with its proof, for
 * the peer. Asking again for the same card gives the same bytes. */
bool jq_fair_deal_make_share(JqFairDeal *d, JqColor c, int index,
                             uint8_t out[JQ_FAIR_SHARE_BYTES],
                             JqFairDealError *err);
/* Opens card (c, index) with the peer's share: *identity is its type.
 * Refused with the reason when the share is malformed, for another card,
 * for a card already opened here, its proof fails (a forged share), or the
 * card opens to no identity of c not yet seen (a forged deal); nothing is
 * learned then. A share received is kept for the end's check. */
bool jq_fair_deal_open(JqFairDeal *d, JqColor c, int index,
                       const uint8_t *share, size_t len, JqPieceType *identity,
                       JqFairDealError *err);

/* Whether `sender` sends its share of a hidden piece that `captor`
 * captured, under `rule`: to the captor only for JQ_DISCLOSE_CAPTOR, to
 * each other for JQ_DISCLOSE_BOTH, never for JQ_DISCLOSE_NOBODY. (A piece
 * that moves is opened by both: each sends its share.) */
bool jq_fair_deal_capture_sends(JqDisclosure rule, JqColor captor,
                                JqColor sender);

/* The end, once the game is over: this side's scalar and shuffles, for
 * the peer. After it no share is made or opened. */
bool jq_fair_deal_end(JqFairDeal *d, uint8_t out[JQ_FAIR_END_BYTES],
                      JqFairDealError *err);
/* With the peer's end message (after jq_fair_deal_end): the whole
 * transcript into *transcript (may be NULL) and its check, as
 * jq_fair_deal_verify_transcript. */
bool jq_fair_deal_finish(JqFairDeal *d, const uint8_t *peer_end, size_t len,
                         JqFairTranscript *transcript,
                         JqPieceType deal[JQ_SQUARES], JqFairDealError *err);
/* Recomputes every step and every share of a transcript: true when the
 * game was fair, and then deal[sq] (may be NULL) is the type dealt to
 * each hidden starting point, JQ_NO_TYPE elsewhere. Otherwise err names
 * the first message that does not check (the end messages' keys first,
 * since nothing checks without them, then in the order sent). */
bool jq_fair_deal_verify_transcript(const JqFairTranscript *t,
                                    JqPieceType deal[JQ_SQUARES],
                                    JqFairDealError *err);
