/* The fair jieqi deal (src/net/jq-fair-deal.h): an honest deal between two
 * parties deals each colour its pool, both sides open the same pieces and
 * the end says "fair"; neither side alone can read a card; a cheating
 * peer (forged shares, a forged deal, a wrong key, duplicated cards, bad
 * points, wrong lengths, a shuffle that is no permutation) is caught every
 * time, naming the message, and what was checked is left as it was. */
#include <string.h>

#include <glib.h>
#include <sodium.h>

#include "jq-deal-proof.h"
#include "jq-fair-deal.h"

#define PT JQ_DEAL_POINT_BYTES
#define N JQ_FAIR_CARDS

typedef struct {
  JqFairDeal *a, *b;
  uint8_t deal_a[JQ_FAIR_DEAL_BYTES], deal_b[JQ_FAIR_DEAL_BYTES];
} Pair;

static JqFairDeal *new_side(JqFairRole role) {
  JqFairDealError err = {0};
  JqFairDeal *d = jq_fair_deal_new(role, &err);
  if (!d)
    g_error("cannot make a side: %s", err.message);
  return d;
}

/* A and B up to B's deal message, which the test may forge before A takes
 * it. */
static void pair_until_accept(Pair *p, JqFairDeal *a, JqFairDeal *b) {
  JqFairDealError err = {0};
  p->a = a ? a : new_side(JQ_FAIR_ROLE_A);
  p->b = b ? b : new_side(JQ_FAIR_ROLE_B);
  if (!jq_fair_deal_start(p->a, p->deal_a, &err))
    g_error("start: %s", err.message);
  if (!jq_fair_deal_shuffle(p->b, p->deal_a, sizeof p->deal_a, p->deal_b, &err))
    g_error("shuffle: %s", err.message);
}

static void pair_deal(Pair *p) {
  JqFairDealError err = {0};
  pair_until_accept(p, NULL, NULL);
  if (!jq_fair_deal_accept(p->a, p->deal_b, sizeof p->deal_b, &err))
    g_error("accept: %s", err.message);
}

static void pair_free(Pair *p) {
  jq_fair_deal_free(p->a);
  jq_fair_deal_free(p->b);
}

/* A reveal: each side sends its share and opens the card with the
 * other's; both must learn the same identity. */
static JqPieceType open_both(Pair *p, JqColor c, int i) {
  uint8_t sa[JQ_FAIR_SHARE_BYTES], sb[JQ_FAIR_SHARE_BYTES];
  JqFairDealError err = {0};
  JqPieceType ta = JQ_NO_TYPE, tb = JQ_NO_TYPE;
  g_assert_true(jq_fair_deal_make_share(p->a, c, i, sa, &err));
  g_assert_true(jq_fair_deal_make_share(p->b, c, i, sb, &err));
  if (!jq_fair_deal_open(p->a, c, i, sb, sizeof sb, &ta, &err))
    g_error("A opens: %s", err.message);
  if (!jq_fair_deal_open(p->b, c, i, sa, sizeof sa, &tb, &err))
    g_error("B opens: %s", err.message);
  g_assert_cmpint(ta, ==, tb);
  g_assert_cmpint(ta, >=, JQ_ADVISOR);
  g_assert_cmpint(ta, <=, JQ_PAWN);
  return ta;
}

static void end_both(Pair *p, uint8_t end_a[JQ_FAIR_END_BYTES],
                     uint8_t end_b[JQ_FAIR_END_BYTES]) {
  JqFairDealError err = {0};
  g_assert_true(jq_fair_deal_end(p->a, end_a, &err));
  g_assert_true(jq_fair_deal_end(p->b, end_b, &err));
}

static void assert_error(const JqFairDealError *err, JqFairProblem problem,
                         JqFairStep step, int culprit, int color, int index) {
  g_test_message("error: %s", err->message);
  g_assert_cmpint(err->problem, ==, problem);
  g_assert_cmpint(err->step, ==, step);
  g_assert_cmpint(err->culprit, ==, culprit);
  g_assert_cmpint(err->color, ==, color);
  g_assert_cmpint(err->index, ==, index);
  g_assert_cmpstr(err->message, !=, "");
}

static bool is_identity_point(const uint8_t p[PT]) {
  uint8_t q[PT];
  for (int c = 0; c < 2; c++)
    for (int j = 0; j < N; j++) {
      g_assert_true(jq_fair_deal_identity_point((JqColor)c, j, q));
      if (memcmp(p, q, PT) == 0)
        return true;
    }
  return false;
}

static void random_point(uint8_t out[PT]) {
  uint8_t h[64];
  randombytes_buf(h, sizeof h);
  crypto_core_ristretto255_from_hash(out, h);
}

static const int pool_count[JQ_TYPE_COUNT] = {0, 0, 2, 2, 2, 2, 2, 5};

static void test_points(void) {
  uint8_t pts[2 * N][PT];
  int count[JQ_TYPE_COUNT] = {0};
  for (int c = 0; c < 2; c++)
    for (int j = 0; j < N; j++) {
      g_assert_true(jq_fair_deal_identity_point((JqColor)c, j, pts[c * N + j]));
      g_assert_true(jq_deal_point_is_valid(pts[c * N + j]));
      for (int k = 0; k < c * N + j; k++)
        g_assert_true(memcmp(pts[k], pts[c * N + j], PT) != 0);
      if (c == 0)
        count[jq_fair_deal_identity_type(j)]++;
    }
  for (int t = 0; t < JQ_TYPE_COUNT; t++)
    g_assert_cmpint(count[t], ==, pool_count[t]);
  g_assert_false(jq_fair_deal_identity_point(JQ_RED, N, pts[0]));
  g_assert_cmpint(jq_fair_deal_identity_type(-1), ==, JQ_NO_TYPE);

  /* The cards: each colour's fifteen hidden starting points, ascending. */
  g_assert_cmpint(jq_fair_deal_card_square(JQ_RED, 0), ==,
                  jq_square_parse("a0"));
  g_assert_cmpint(jq_fair_deal_card_square(JQ_RED, 14), ==,
                  jq_square_parse("i3"));
  g_assert_cmpint(jq_fair_deal_card_square(JQ_BLACK, 0), ==,
                  jq_square_parse("a6"));
  g_assert_cmpint(jq_fair_deal_card_square(JQ_BLACK, 14), ==,
                  jq_square_parse("i9"));
  g_assert_cmpint(jq_fair_deal_card_square(JQ_RED, 15), ==, -1);
  int cards = 0;
  for (int sq = 0; sq < JQ_SQUARES; sq++) {
    JqColor c;
    int i;
    if (!jq_fair_deal_square_card(sq, &c, &i))
      continue;
    cards++;
    g_assert_cmpint(jq_fair_deal_card_square(c, i), ==, sq);
  }
  g_assert_cmpint(cards, ==, 2 * N);
  g_assert_false(jq_fair_deal_square_card(jq_square_parse("e0"), NULL, NULL));
  g_assert_false(jq_fair_deal_square_card(jq_square_parse("e1"), NULL, NULL));
}

static void test_honest(void) {
  Pair p;
  pair_deal(&p);
  JqPieceType opened[JQ_SQUARES] = {0};
  for (int c = 0; c < 2; c++) {
    int count[JQ_TYPE_COUNT] = {0};
    for (int i = 0; i < N; i++) {
      JqPieceType t = open_both(&p, (JqColor)c, i);
      count[t]++;
      opened[jq_fair_deal_card_square((JqColor)c, i)] = t;
    }
    for (int t = 0; t < JQ_TYPE_COUNT; t++)
      g_assert_cmpint(count[t], ==, pool_count[t]);
  }
  /* Both sides hold the same public deal. */
  for (int c = 0; c < 2; c++)
    for (int i = 0; i < N; i++) {
      uint8_t ca[PT], cb[PT];
      g_assert_true(jq_fair_deal_card(p.a, (JqColor)c, i, ca));
      g_assert_true(jq_fair_deal_card(p.b, (JqColor)c, i, cb));
      g_assert_true(memcmp(ca, cb, PT) == 0);
    }
  uint8_t end_a[JQ_FAIR_END_BYTES], end_b[JQ_FAIR_END_BYTES];
  end_both(&p, end_a, end_b);
  JqFairDealError err = {0};
  JqPieceType deal_a[JQ_SQUARES], deal_b[JQ_SQUARES];
  JqFairTranscript ta, tb;
  if (!jq_fair_deal_finish(p.a, end_b, sizeof end_b, &ta, deal_a, &err))
    g_error("A finds the honest game unfair: %s", err.message);
  g_assert_cmpint(err.problem, ==, JQ_FAIR_OK);
  g_assert_cmpstr(err.message, ==, "the game was fair");
  if (!jq_fair_deal_finish(p.b, end_a, sizeof end_a, &tb, deal_b, &err))
    g_error("B finds the honest game unfair: %s", err.message);
  g_assert_cmpint(ta.share_count, ==, 4 * N);
  g_assert_cmpint(tb.share_count, ==, 4 * N);
  for (int sq = 0; sq < JQ_SQUARES; sq++) {
    g_assert_cmpint(deal_a[sq], ==, opened[sq]);
    g_assert_cmpint(deal_b[sq], ==, opened[sq]);
  }
  pair_free(&p);
}

/* The public deal and the identities behind it change from run to run. */
static void test_different_runs(void) {
  Pair p[2];
  JqPieceType seq[2][2 * N];
  uint8_t card[2][PT];
  for (int r = 0; r < 2; r++) {
    pair_deal(&p[r]);
    for (int k = 0; k < 2 * N; k++)
      seq[r][k] = open_both(&p[r], (JqColor)(k / N), k % N);
  }
  for (int c = 0; c < 2; c++)
    for (int i = 0; i < N; i++) {
      jq_fair_deal_card(p[0].a, (JqColor)c, i, card[0]);
      jq_fair_deal_card(p[1].a, (JqColor)c, i, card[1]);
      g_assert_true(memcmp(card[0], card[1], PT) != 0);
    }
  g_assert_true(memcmp(seq[0], seq[1], sizeof seq[0]) != 0);
  pair_free(&p[0]);
  pair_free(&p[1]);
}

/* A alone (a⁻¹·C = b·P) and B alone (b⁻¹·C = a·P) hold no identity; nor
 * does any message before a reveal. */
static void test_one_key_alone(void) {
  Pair p;
  pair_deal(&p);
  for (int k = 0; k < 2 * N; k++) {
    g_assert_false(is_identity_point(p.deal_a + PT * (1 + k)));
    g_assert_false(is_identity_point(p.deal_b + PT * (1 + k)));
  }
  for (int c = 0; c < 2; c++)
    for (int i = 0; i < N; i++) {
      uint8_t sa[JQ_FAIR_SHARE_BYTES], sb[JQ_FAIR_SHARE_BYTES];
      JqFairDealError err = {0};
      g_assert_true(jq_fair_deal_make_share(p.a, (JqColor)c, i, sa, &err));
      g_assert_true(jq_fair_deal_make_share(p.b, (JqColor)c, i, sb, &err));
      g_assert_false(is_identity_point(sa + 2));
      g_assert_false(is_identity_point(sb + 2));
    }
  pair_free(&p);
}

/* A random point with a made-up proof, then another card's share. */
static void test_forged_share(void) {
  Pair p;
  pair_deal(&p);
  open_both(&p, JQ_RED, 0);
  JqFairDealError err = {0};
  JqPieceType t = JQ_KING;
  uint8_t forged[JQ_FAIR_SHARE_BYTES];
  forged[0] = JQ_BLACK;
  forged[1] = 4;
  random_point(forged + 2);
  randombytes_buf(forged + 2 + PT, JQ_DEAL_PROOF_BYTES);
  /* A proof of canonical scalars, so that the proof itself is tried. */
  forged[2 + PT + 31] &= 0x0f;
  forged[2 + PT + 63] &= 0x0f;
  g_assert_false(
      jq_fair_deal_open(p.a, JQ_BLACK, 4, forged, sizeof forged, &t, &err));
  assert_error(&err, JQ_FAIR_BAD_PROOF, JQ_FAIR_STEP_SHARE, JQ_FAIR_ROLE_B,
               JQ_BLACK, 4);
  g_assert_cmpint(t, ==, JQ_KING);
  /* The game stops as unfair: no more opens. */
  uint8_t sb[JQ_FAIR_SHARE_BYTES];
  g_assert_true(jq_fair_deal_make_share(p.b, JQ_BLACK, 5, sb, &err));
  g_assert_false(jq_fair_deal_open(p.a, JQ_BLACK, 5, sb, sizeof sb, &t, &err));
  g_assert_cmpint(err.problem, ==, JQ_FAIR_BAD_CALL);
  /* And the end names it. */
  uint8_t end_a[JQ_FAIR_END_BYTES], end_b[JQ_FAIR_END_BYTES];
  end_both(&p, end_a, end_b);
  g_assert_false(
      jq_fair_deal_finish(p.a, end_b, sizeof end_b, NULL, NULL, &err));
  assert_error(&err, JQ_FAIR_SHARE_MISMATCH, JQ_FAIR_STEP_SHARE, JQ_FAIR_ROLE_B,
               JQ_BLACK, 4);
  g_assert_cmpint(err.share, ==, 2); /* after the two of red card 0 */
  pair_free(&p);

  /* B answers a reveal of red 3 with its share of red 7. */
  pair_deal(&p);
  uint8_t other[JQ_FAIR_SHARE_BYTES];
  g_assert_true(jq_fair_deal_make_share(p.b, JQ_RED, 7, other, &err));
  g_assert_false(
      jq_fair_deal_open(p.a, JQ_RED, 3, other, sizeof other, &t, &err));
  assert_error(&err, JQ_FAIR_WRONG_CARD, JQ_FAIR_STEP_SHARE, JQ_FAIR_ROLE_B,
               JQ_RED, 3);
  g_assert_cmpint(err.n[0], ==, JQ_RED);
  g_assert_cmpint(err.n[1], ==, 7);
  /* ... and then with the label changed to red 3. */
  other[1] = 3;
  g_assert_false(
      jq_fair_deal_open(p.a, JQ_RED, 3, other, sizeof other, &t, &err));
  assert_error(&err, JQ_FAIR_BAD_PROOF, JQ_FAIR_STEP_SHARE, JQ_FAIR_ROLE_B,
               JQ_RED, 3);
  g_assert_cmpint(t, ==, JQ_KING);
  end_both(&p, end_a, end_b);
  g_assert_false(
      jq_fair_deal_finish(p.a, end_b, sizeof end_b, NULL, NULL, &err));
  assert_error(&err, JQ_FAIR_SHARE_MISMATCH, JQ_FAIR_STEP_SHARE, JQ_FAIR_ROLE_B,
               JQ_RED, 3);
  g_assert_cmpint(err.share, ==, 0);
  pair_free(&p);

  /* A share that is not a point at all, and one of the wrong length. */
  pair_deal(&p);
  g_assert_true(jq_fair_deal_make_share(p.b, JQ_RED, 2, other, &err));
  uint8_t bad[JQ_FAIR_SHARE_BYTES];
  memcpy(bad, other, sizeof bad);
  memset(bad + 2, 0xff, PT);
  g_assert_false(
      jq_fair_deal_open(p.a, JQ_RED, 2, other, sizeof other - 1, &t, &err));
  assert_error(&err, JQ_FAIR_BAD_LENGTH, JQ_FAIR_STEP_SHARE, JQ_FAIR_ROLE_B,
               JQ_RED, 2);
  g_assert_cmpint(err.n[0], ==, JQ_FAIR_SHARE_BYTES - 1);
  g_assert_false(jq_fair_deal_open(p.a, JQ_RED, 2, bad, sizeof bad, &t, &err));
  assert_error(&err, JQ_FAIR_NOT_A_POINT, JQ_FAIR_STEP_SHARE, JQ_FAIR_ROLE_B,
               JQ_RED, 2);
  pair_free(&p);
}

/* A cheating B that put a point of its own in the deal, and answers with a
 * share that proves right for it: the card opens to no identity. */
static void test_forged_deal(void) {
  uint8_t b_secret[32], shuffle[2][N];
  crypto_core_ristretto255_scalar_random(b_secret);
  for (int c = 0; c < 2; c++)
    for (int i = 0; i < N; i++)
      shuffle[c][i] = (uint8_t)(N - 1 - i);
  JqFairDealError err = {0};
  JqFairDeal *b = jq_fair_deal_new_with(JQ_FAIR_ROLE_B, b_secret,
                                        (const uint8_t(*)[N])shuffle, &err);
  g_assert_nonnull(b);
  Pair p;
  pair_until_accept(&p, NULL, b);
  uint8_t *card = p.deal_b + PT * (1 + 3); /* red card 3 */
  random_point(card);
  g_assert_true(jq_fair_deal_accept(p.a, p.deal_b, sizeof p.deal_b, &err));
  uint8_t share[JQ_FAIR_SHARE_BYTES], inverse[32], label[2] = {JQ_RED, 3};
  share[0] = JQ_RED;
  share[1] = 3;
  crypto_core_ristretto255_scalar_invert(inverse, b_secret);
  g_assert_cmpint(crypto_scalarmult_ristretto255(share + 2, inverse, card), ==,
                  0);
  g_assert_true(jq_deal_proof_make(b_secret, p.deal_b, card, share + 2, label,
                                   sizeof label, share + 2 + PT));
  JqPieceType t = JQ_KING;
  g_assert_false(
      jq_fair_deal_open(p.a, JQ_RED, 3, share, sizeof share, &t, &err));
  assert_error(&err, JQ_FAIR_NO_IDENTITY, JQ_FAIR_STEP_DEAL_B, JQ_FAIR_ROLE_B,
               JQ_RED, 3);
  g_assert_cmpint(t, ==, JQ_KING);
  uint8_t end_a[JQ_FAIR_END_BYTES], end_b[JQ_FAIR_END_BYTES];
  end_both(&p, end_a, end_b);
  g_assert_false(
      jq_fair_deal_finish(p.a, end_b, sizeof end_b, NULL, NULL, &err));
  assert_error(&err, JQ_FAIR_DEAL_MISMATCH, JQ_FAIR_STEP_DEAL_B, JQ_FAIR_ROLE_B,
               JQ_RED, 3);
  pair_free(&p);
}

static void test_wrong_key(void) {
  Pair p;
  pair_deal(&p);
  open_both(&p, JQ_BLACK, 9);
  uint8_t end_a[JQ_FAIR_END_BYTES], end_b[JQ_FAIR_END_BYTES];
  end_both(&p, end_a, end_b);
  JqFairDealError err = {0};
  uint8_t forged[JQ_FAIR_END_BYTES];
  memcpy(forged, end_b, sizeof forged);
  crypto_core_ristretto255_scalar_random(forged);
  g_assert_false(
      jq_fair_deal_finish(p.a, forged, sizeof forged, NULL, NULL, &err));
  assert_error(&err, JQ_FAIR_WRONG_KEY, JQ_FAIR_STEP_END_B, JQ_FAIR_ROLE_B, -1,
               -1);
  /* Not a reduced scalar: named as such. */
  memset(forged, 0xff, 32);
  g_assert_false(
      jq_fair_deal_finish(p.a, forged, sizeof forged, NULL, NULL, &err));
  assert_error(&err, JQ_FAIR_BAD_SCALAR, JQ_FAIR_STEP_END_B, JQ_FAIR_ROLE_B, -1,
               -1);
  /* A's key, forged, seen by B. */
  memcpy(forged, end_a, sizeof forged);
  crypto_core_ristretto255_scalar_random(forged);
  g_assert_false(
      jq_fair_deal_finish(p.b, forged, sizeof forged, NULL, NULL, &err));
  assert_error(&err, JQ_FAIR_WRONG_KEY, JQ_FAIR_STEP_END_A, JQ_FAIR_ROLE_A, -1,
               -1);
  /* A wrong length. */
  g_assert_false(
      jq_fair_deal_finish(p.b, end_a, sizeof end_a + 1, NULL, NULL, &err));
  assert_error(&err, JQ_FAIR_BAD_LENGTH, JQ_FAIR_STEP_END_A, JQ_FAIR_ROLE_A, -1,
               -1);
  /* The true ends still check afterwards. */
  g_assert_true(
      jq_fair_deal_finish(p.a, end_b, sizeof end_b, NULL, NULL, &err));
  g_assert_true(
      jq_fair_deal_finish(p.b, end_a, sizeof end_a, NULL, NULL, &err));
  pair_free(&p);
}

static void test_duplicate_card(void) {
  Pair p;
  JqFairDealError err = {0};
  pair_until_accept(&p, NULL, NULL);
  uint8_t forged[JQ_FAIR_DEAL_BYTES];
  memcpy(forged, p.deal_b, sizeof forged);
  memcpy(forged + PT * (1 + N + 7), forged + PT * (1 + N + 5), PT);
  g_assert_false(jq_fair_deal_accept(p.a, forged, sizeof forged, &err));
  assert_error(&err, JQ_FAIR_DUPLICATE, JQ_FAIR_STEP_DEAL_B, JQ_FAIR_ROLE_B,
               JQ_BLACK, 7);
  g_assert_cmpint(err.n[0], ==, JQ_BLACK);
  g_assert_cmpint(err.n[1], ==, 5);
  /* Nothing changed: the honest message is still taken. */
  g_assert_true(jq_fair_deal_accept(p.a, p.deal_b, sizeof p.deal_b, &err));
  open_both(&p, JQ_BLACK, 7);
  pair_free(&p);

  /* A duplicate in A's message, seen by B; across colours too. */
  JqFairDeal *a = new_side(JQ_FAIR_ROLE_A), *b = new_side(JQ_FAIR_ROLE_B);
  uint8_t deal_a[JQ_FAIR_DEAL_BYTES], out[JQ_FAIR_DEAL_BYTES];
  g_assert_true(jq_fair_deal_start(a, deal_a, &err));
  memcpy(forged, deal_a, sizeof forged);
  memcpy(forged + PT * (1 + N + 2), forged + PT * (1 + 11), PT);
  g_assert_false(jq_fair_deal_shuffle(b, forged, sizeof forged, out, &err));
  assert_error(&err, JQ_FAIR_DUPLICATE, JQ_FAIR_STEP_DEAL_A, JQ_FAIR_ROLE_A,
               JQ_BLACK, 2);
  g_assert_cmpint(err.n[0], ==, JQ_RED);
  g_assert_cmpint(err.n[1], ==, 11);
  g_assert_true(jq_fair_deal_shuffle(b, deal_a, sizeof deal_a, out, &err));
  jq_fair_deal_free(a);
  jq_fair_deal_free(b);
}

/* A B that multiplies A's points by b but deals one of them twice (its
 * "shuffle" is no permutation): the duplicate is seen at once. */
static void test_non_permutation_deal(void) {
  Pair p;
  JqFairDealError err = {0};
  pair_until_accept(&p, NULL, NULL);
  uint8_t b[32], forged[JQ_FAIR_DEAL_BYTES];
  crypto_core_ristretto255_scalar_random(b);
  crypto_scalarmult_ristretto255_base(forged, b);
  for (int k = 0; k < 2 * N; k++) {
    int from = k == 6 ? 3 : k; /* red card 6 is red card 3 again */
    g_assert_cmpint(crypto_scalarmult_ristretto255(forged + PT * (1 + k), b,
                                                   p.deal_a + PT * (1 + from)),
                    ==, 0);
  }
  g_assert_false(jq_fair_deal_accept(p.a, forged, sizeof forged, &err));
  assert_error(&err, JQ_FAIR_DUPLICATE, JQ_FAIR_STEP_DEAL_B, JQ_FAIR_ROLE_B,
               JQ_RED, 6);
  pair_free(&p);
}

static void test_not_a_point(void) {
  Pair p;
  JqFairDealError err = {0};
  pair_until_accept(&p, NULL, NULL);
  uint8_t forged[JQ_FAIR_DEAL_BYTES];
  /* Not on the curve (no valid encoding), then the group's identity, then
   * a bad key. */
  memcpy(forged, p.deal_b, sizeof forged);
  memset(forged + PT * (1 + 12), 0xff, PT);
  g_assert_false(jq_fair_deal_accept(p.a, forged, sizeof forged, &err));
  assert_error(&err, JQ_FAIR_NOT_A_POINT, JQ_FAIR_STEP_DEAL_B, JQ_FAIR_ROLE_B,
               JQ_RED, 12);
  memcpy(forged, p.deal_b, sizeof forged);
  memset(forged + PT * (1 + N), 0, PT);
  g_assert_false(jq_fair_deal_accept(p.a, forged, sizeof forged, &err));
  assert_error(&err, JQ_FAIR_NOT_A_POINT, JQ_FAIR_STEP_DEAL_B, JQ_FAIR_ROLE_B,
               JQ_BLACK, 0);
  memcpy(forged, p.deal_b, sizeof forged);
  forged[0] ^= 1; /* odd encodings are never canonical */
  g_assert_false(jq_fair_deal_accept(p.a, forged, sizeof forged, &err));
  assert_error(&err, JQ_FAIR_NOT_A_POINT, JQ_FAIR_STEP_DEAL_B, JQ_FAIR_ROLE_B,
               -1, -1);
  g_assert_true(jq_fair_deal_accept(p.a, p.deal_b, sizeof p.deal_b, &err));
  pair_free(&p);
}

static void test_wrong_counts(void) {
  Pair p;
  JqFairDealError err = {0};
  pair_until_accept(&p, NULL, NULL);
  g_assert_false(
      jq_fair_deal_accept(p.a, p.deal_b, sizeof p.deal_b - PT, &err));
  assert_error(&err, JQ_FAIR_BAD_LENGTH, JQ_FAIR_STEP_DEAL_B, JQ_FAIR_ROLE_B,
               -1, -1);
  g_assert_nonnull(strstr(err.message, "29 points"));
  g_assert_cmpint(err.n[0], ==, JQ_FAIR_DEAL_BYTES - PT);
  g_assert_cmpint(err.n[1], ==, JQ_FAIR_DEAL_BYTES);
  uint8_t longer[JQ_FAIR_DEAL_BYTES + PT];
  memcpy(longer, p.deal_b, sizeof p.deal_b);
  random_point(longer + JQ_FAIR_DEAL_BYTES);
  g_assert_false(jq_fair_deal_accept(p.a, longer, sizeof longer, &err));
  g_assert_cmpint(err.problem, ==, JQ_FAIR_BAD_LENGTH);
  g_assert_nonnull(strstr(err.message, "31 points"));
  g_assert_false(jq_fair_deal_accept(p.a, p.deal_b, 5, &err));
  g_assert_cmpint(err.problem, ==, JQ_FAIR_BAD_LENGTH);
  g_assert_false(jq_fair_deal_accept(p.a, NULL, 0, &err));
  g_assert_cmpint(err.problem, ==, JQ_FAIR_BAD_CALL);
  g_assert_true(jq_fair_deal_accept(p.a, p.deal_b, sizeof p.deal_b, &err));
  pair_free(&p);
}

/* The end's shuffle: not a permutation, or not the one the deal used. */
static void test_not_permutation_end(void) {
  Pair p;
  pair_deal(&p);
  uint8_t end_a[JQ_FAIR_END_BYTES], end_b[JQ_FAIR_END_BYTES];
  end_both(&p, end_a, end_b);
  JqFairDealError err = {0};
  uint8_t forged[JQ_FAIR_END_BYTES];
  uint8_t *black = forged + 32 + N;
  memcpy(forged, end_b, sizeof forged);
  black[9] = black[4];
  g_assert_false(
      jq_fair_deal_finish(p.a, forged, sizeof forged, NULL, NULL, &err));
  assert_error(&err, JQ_FAIR_NOT_PERMUTATION, JQ_FAIR_STEP_END_B,
               JQ_FAIR_ROLE_B, JQ_BLACK, 9);
  memcpy(forged, end_b, sizeof forged);
  black[2] = N;
  g_assert_false(
      jq_fair_deal_finish(p.a, forged, sizeof forged, NULL, NULL, &err));
  assert_error(&err, JQ_FAIR_NOT_PERMUTATION, JQ_FAIR_STEP_END_B,
               JQ_FAIR_ROLE_B, JQ_BLACK, 2);
  /* A permutation, but another than the deal's. */
  memcpy(forged, end_b, sizeof forged);
  uint8_t t = black[1];
  black[1] = black[8];
  black[8] = t;
  g_assert_false(
      jq_fair_deal_finish(p.a, forged, sizeof forged, NULL, NULL, &err));
  assert_error(&err, JQ_FAIR_SHUFFLE_MISMATCH, JQ_FAIR_STEP_END_B,
               JQ_FAIR_ROLE_B, JQ_BLACK, 1);
  /* The same of A's, seen by B. */
  memcpy(forged, end_a, sizeof forged);
  t = forged[32 + 0];
  forged[32 + 0] = forged[32 + 14];
  forged[32 + 14] = t;
  g_assert_false(
      jq_fair_deal_finish(p.b, forged, sizeof forged, NULL, NULL, &err));
  assert_error(&err, JQ_FAIR_SHUFFLE_MISMATCH, JQ_FAIR_STEP_END_A,
               JQ_FAIR_ROLE_A, JQ_RED, 0);

  /* A chosen shuffle must be a permutation too. */
  uint8_t secret[32], shuffle[2][N];
  crypto_core_ristretto255_scalar_random(secret);
  for (int c = 0; c < 2; c++)
    for (int i = 0; i < N; i++)
      shuffle[c][i] = (uint8_t)i;
  shuffle[JQ_RED][5] = 4;
  g_assert_null(jq_fair_deal_new_with(JQ_FAIR_ROLE_A, secret,
                                      (const uint8_t(*)[N])shuffle, &err));
  g_assert_cmpint(err.problem, ==, JQ_FAIR_NOT_PERMUTATION);
  pair_free(&p);
}

static void test_capture_rule(void) {
  /* Red captures: who sends its share of the captured piece. */
  g_assert_true(
      jq_fair_deal_capture_sends(JQ_DISCLOSE_CAPTOR, JQ_RED, JQ_BLACK));
  g_assert_false(
      jq_fair_deal_capture_sends(JQ_DISCLOSE_CAPTOR, JQ_RED, JQ_RED));
  g_assert_true(jq_fair_deal_capture_sends(JQ_DISCLOSE_BOTH, JQ_RED, JQ_RED));
  g_assert_true(jq_fair_deal_capture_sends(JQ_DISCLOSE_BOTH, JQ_RED, JQ_BLACK));
  g_assert_false(
      jq_fair_deal_capture_sends(JQ_DISCLOSE_NOBODY, JQ_RED, JQ_BLACK));
  g_assert_false(
      jq_fair_deal_capture_sends(JQ_DISCLOSE_NOBODY, JQ_RED, JQ_RED));

  /* A (Red) captures black card 2: only B's share goes, to A, which
   * learns the piece; B learns it at the end. */
  Pair p;
  pair_deal(&p);
  JqFairDealError err = {0};
  uint8_t sb[JQ_FAIR_SHARE_BYTES];
  JqPieceType t = JQ_NO_TYPE;
  g_assert_true(jq_fair_deal_make_share(p.b, JQ_BLACK, 2, sb, &err));
  g_assert_true(jq_fair_deal_open(p.a, JQ_BLACK, 2, sb, sizeof sb, &t, &err));
  /* A card opened once is not opened again. */
  JqPieceType again = JQ_NO_TYPE;
  g_assert_false(
      jq_fair_deal_open(p.a, JQ_BLACK, 2, sb, sizeof sb, &again, &err));
  assert_error(&err, JQ_FAIR_ALREADY_OPEN, JQ_FAIR_STEP_SHARE, JQ_FAIR_ROLE_B,
               JQ_BLACK, 2);
  uint8_t end_a[JQ_FAIR_END_BYTES], end_b[JQ_FAIR_END_BYTES];
  end_both(&p, end_a, end_b);
  JqPieceType deal[JQ_SQUARES];
  JqFairTranscript tr;
  g_assert_true(jq_fair_deal_finish(p.b, end_a, sizeof end_a, &tr, deal, &err));
  g_assert_cmpint(deal[jq_fair_deal_card_square(JQ_BLACK, 2)], ==, t);
  g_assert_cmpint(tr.share_count, ==, 1);
  g_assert_cmpint(tr.shares[0].sender, ==, JQ_FAIR_ROLE_B);
  pair_free(&p);
}

static void test_bad_calls(void) {
  JqFairDealError err = {0};
  JqFairDeal *a = new_side(JQ_FAIR_ROLE_A), *b = new_side(JQ_FAIR_ROLE_B);
  uint8_t msg[JQ_FAIR_DEAL_BYTES], share[JQ_FAIR_SHARE_BYTES];
  uint8_t end[JQ_FAIR_END_BYTES];
  g_assert_false(jq_fair_deal_start(b, msg, &err));
  g_assert_cmpint(err.problem, ==, JQ_FAIR_BAD_CALL);
  g_assert_false(jq_fair_deal_make_share(a, JQ_RED, 0, share, &err));
  g_assert_cmpint(err.problem, ==, JQ_FAIR_BAD_CALL);
  g_assert_false(jq_fair_deal_end(a, end, &err));
  g_assert_cmpint(err.problem, ==, JQ_FAIR_BAD_CALL);
  g_assert_true(jq_fair_deal_start(a, msg, &err));
  g_assert_false(jq_fair_deal_start(a, msg, &err));
  g_assert_cmpint(err.problem, ==, JQ_FAIR_BAD_CALL);
  uint8_t out[JQ_FAIR_DEAL_BYTES];
  g_assert_true(jq_fair_deal_shuffle(b, msg, sizeof msg, out, &err));
  g_assert_true(jq_fair_deal_accept(a, out, sizeof out, &err));
  g_assert_false(jq_fair_deal_make_share(a, JQ_RED, N, share, &err));
  g_assert_false(jq_fair_deal_make_share(a, (JqColor)2, 0, share, &err));
  /* The same share asked twice is the same bytes. */
  uint8_t again[JQ_FAIR_SHARE_BYTES];
  g_assert_true(jq_fair_deal_make_share(a, JQ_RED, 1, share, &err));
  g_assert_true(jq_fair_deal_make_share(a, JQ_RED, 1, again, &err));
  g_assert_true(memcmp(share, again, sizeof share) == 0);
  g_assert_false(jq_fair_deal_finish(a, end, sizeof end, NULL, NULL, &err));
  g_assert_cmpint(err.problem, ==, JQ_FAIR_BAD_CALL);
  g_assert_true(jq_fair_deal_end(a, end, &err));
  /* After the end, no more shares. */
  g_assert_false(jq_fair_deal_make_share(a, JQ_RED, 2, share, &err));
  g_assert_cmpint(err.problem, ==, JQ_FAIR_BAD_CALL);
  jq_fair_deal_free(a);
  jq_fair_deal_free(b);
  jq_fair_deal_free(NULL);
}

/* Every message of a finished game, forged after the fact in a saved
 * transcript, is named. */
static void test_transcript_tamper(void) {
  Pair p;
  pair_deal(&p);
  open_both(&p, JQ_RED, 4);
  open_both(&p, JQ_BLACK, 10);
  uint8_t end_a[JQ_FAIR_END_BYTES], end_b[JQ_FAIR_END_BYTES];
  end_both(&p, end_a, end_b);
  JqFairTranscript t, f;
  JqFairDealError err = {0};
  g_assert_true(jq_fair_deal_finish(p.a, end_b, sizeof end_b, &t, NULL, &err));
  g_assert_true(jq_fair_deal_verify_transcript(&t, NULL, &err));

  /* A's deal with an identity in it. */
  f = t;
  jq_fair_deal_identity_point(JQ_RED, 0, f.deal_a + PT * (1 + 2));
  g_assert_false(jq_fair_deal_verify_transcript(&f, NULL, &err));
  assert_error(&err, JQ_FAIR_DEAL_MISMATCH, JQ_FAIR_STEP_DEAL_A, JQ_FAIR_ROLE_A,
               JQ_RED, 2);
  /* B's deal with a random point. */
  f = t;
  random_point(f.deal_b + PT * (1 + N + 13));
  g_assert_false(jq_fair_deal_verify_transcript(&f, NULL, &err));
  assert_error(&err, JQ_FAIR_DEAL_MISMATCH, JQ_FAIR_STEP_DEAL_B, JQ_FAIR_ROLE_B,
               JQ_BLACK, 13);
  /* The second share (B's of red 4) swapped for B's share of another card. */
  f = t;
  g_assert_cmpint(f.shares[1].sender, ==, JQ_FAIR_ROLE_B);
  memcpy(f.shares[1].bytes + 2, t.shares[3].bytes + 2, PT);
  g_assert_false(jq_fair_deal_verify_transcript(&f, NULL, &err));
  assert_error(&err, JQ_FAIR_SHARE_MISMATCH, JQ_FAIR_STEP_SHARE, JQ_FAIR_ROLE_B,
               JQ_RED, 4);
  g_assert_cmpint(err.share, ==, 1);
  /* The right share with a broken proof. */
  f = t;
  f.shares[2].bytes[2 + PT] ^= 1;
  g_assert_false(jq_fair_deal_verify_transcript(&f, NULL, &err));
  assert_error(&err, JQ_FAIR_BAD_PROOF, JQ_FAIR_STEP_SHARE, JQ_FAIR_ROLE_A,
               JQ_BLACK, 10);
  g_assert_cmpint(err.share, ==, 2);
  f = t;
  f.share_count = JQ_FAIR_MAX_SHARES + 1;
  g_assert_false(jq_fair_deal_verify_transcript(&f, NULL, &err));
  g_assert_cmpint(err.problem, ==, JQ_FAIR_BAD_CALL);
  pair_free(&p);
}

/* Two deals that differ only by two identities swapped: every message up
 * to the reveal of a swapped card has the same size, and no identity shows
 * in either; that reveal then differs. */
static void test_same_shape(void) {
  uint8_t shuffle[2][N];
  for (int c = 0; c < 2; c++)
    for (int i = 0; i < N; i++)
      shuffle[c][i] = (uint8_t)i;
  uint8_t id_b[2][N];
  memcpy(id_b, shuffle, sizeof id_b);
  Pair p[2];
  size_t sizes[2][8];
  JqPieceType found[2];
  for (int r = 0; r < 2; r++) {
    uint8_t a_secret[32];
    crypto_core_ristretto255_scalar_random(a_secret);
    uint8_t s[2][N];
    memcpy(s, shuffle, sizeof s);
    if (r == 1) { /* red: a chariot (7) and a pawn (12) change places */
      s[JQ_RED][7] = 12;
      s[JQ_RED][12] = 7;
    }
    JqFairDealError err = {0};
    JqFairDeal *a = jq_fair_deal_new_with(JQ_FAIR_ROLE_A, a_secret,
                                          (const uint8_t(*)[N])s, &err);
    uint8_t b_secret[32];
    crypto_core_ristretto255_scalar_random(b_secret);
    JqFairDeal *b = jq_fair_deal_new_with(JQ_FAIR_ROLE_B, b_secret,
                                          (const uint8_t(*)[N])id_b, &err);
    g_assert_nonnull(a);
    g_assert_nonnull(b);
    pair_until_accept(&p[r], a, b);
    g_assert_true(
        jq_fair_deal_accept(p[r].a, p[r].deal_b, sizeof p[r].deal_b, &err));
    int n = 0;
    sizes[r][n++] = sizeof p[r].deal_a;
    sizes[r][n++] = sizeof p[r].deal_b;
    for (int k = 0; k < 2 * N; k++) {
      g_assert_false(is_identity_point(p[r].deal_a + PT * (1 + k)));
      g_assert_false(is_identity_point(p[r].deal_b + PT * (1 + k)));
    }
    found[r] = open_both(&p[r], JQ_RED, 12);
    sizes[r][n++] = JQ_FAIR_SHARE_BYTES;
    sizes[r][n++] = JQ_FAIR_SHARE_BYTES;
  }
  g_assert_true(memcmp(sizes[0], sizes[1], 4 * sizeof(size_t)) == 0);
  /* Messages of the two deals share no point: nothing in them tells the
   * deals apart but the reveal. */
  for (int k = 0; k < 2 * N; k++)
    for (int m = 0; m < 2 * N; m++)
      g_assert_true(memcmp(p[0].deal_b + PT * (1 + k),
                           p[1].deal_b + PT * (1 + m), PT) != 0);
  g_assert_cmpint(found[0], ==, JQ_PAWN);
  g_assert_cmpint(found[1], ==, JQ_CHARIOT);
  pair_free(&p[0]);
  pair_free(&p[1]);
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_assert_cmpint(sodium_init(), >=, 0);
  g_test_add_func("/fair-deal/points", test_points);
  g_test_add_func("/fair-deal/honest", test_honest);
  g_test_add_func("/fair-deal/different-runs", test_different_runs);
  g_test_add_func("/fair-deal/one-key-alone", test_one_key_alone);
  g_test_add_func("/fair-deal/forged-share", test_forged_share);
  g_test_add_func("/fair-deal/forged-deal", test_forged_deal);
  g_test_add_func("/fair-deal/wrong-key", test_wrong_key);
  g_test_add_func("/fair-deal/duplicate-card", test_duplicate_card);
  g_test_add_func("/fair-deal/non-permutation-deal", test_non_permutation_deal);
  g_test_add_func("/fair-deal/not-a-point", test_not_a_point);
  g_test_add_func("/fair-deal/wrong-counts", test_wrong_counts);
  g_test_add_func("/fair-deal/not-permutation-end", test_not_permutation_end);
  g_test_add_func("/fair-deal/capture-rule", test_capture_rule);
  g_test_add_func("/fair-deal/bad-calls", test_bad_calls);
  g_test_add_func("/fair-deal/transcript-tamper", test_transcript_tamper);
  g_test_add_func("/fair-deal/same-shape", test_same_shape);
  return g_test_run();
}
