#include "jq-tables.h"

#include <threads.h>

#include "jq-rng.h"

JqTables jq_tables;

static bool on_board(int f, int r) {
  return f >= 0 && f < JQ_FILES && r >= 0 && r < JQ_RANKS;
}

static bool own_half(int sq, int zone) {
  if (zone == JQ_ZONE_FREE)
    return true;
  return !jq_square_across_river(sq, (JqColor)zone);
}

static bool in_zone_palace(int sq, int zone) {
  if (zone == JQ_ZONE_FREE)
    return true;
  return jq_square_in_palace(sq, (JqColor)zone);
}

static void init_rays(JqTables *t, int sq) {
  static const int df[JQ_DIRS] = {0, 0, 1, -1}, dr[JQ_DIRS] = {1, -1, 0, 0};
  for (int d = 0; d < JQ_DIRS; d++) {
    int f = jq_square_file(sq) + df[d], r = jq_square_rank(sq) + dr[d];
    int n = 0;
    for (; on_board(f, r); f += df[d], r += dr[d])
      t->ray[sq][d][n++] = (uint8_t)jq_square_make(f, r);
    t->ray_len[sq][d] = (uint8_t)n;
  }
}

static void init_horse(JqTables *t, int sq) {
  static const int jumps[8][2] = {{1, 2}, {-1, 2}, {1, -2}, {-1, -2},
                                  {2, 1}, {2, -1}, {-2, 1}, {-2, -1}};
  int f = jq_square_file(sq), r = jq_square_rank(sq);
  for (int i = 0; i < 8; i++) {
    int tf = f + jumps[i][0], tr = r + jumps[i][1];
    if (!on_board(tf, tr))
      continue;
    /* The leg is the point next to the horse along the longer step. */
    int lf = f, lr = r;
    if (jumps[i][0] == 2 || jumps[i][0] == -2)
      lf += jumps[i][0] / 2;
    else
      lr += jumps[i][1] / 2;
    int to = jq_square_make(tf, tr), leg = jq_square_make(lf, lr);
    t->horse_to[sq][t->horse_n[sq]] = (uint8_t)to;
    t->horse_leg[sq][t->horse_n[sq]++] = (uint8_t)leg;
    t->horse_from[to][t->horse_from_n[to]] = (uint8_t)sq;
    t->horse_from_leg[to][t->horse_from_n[to]++] = (uint8_t)leg;
  }
}

static void init_short_movers(JqTables *t, int sq) {
  static const int diag[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
  static const int orth[4][2] = {{0, 1}, {0, -1}, {1, 0}, {-1, 0}};
  int f = jq_square_file(sq), r = jq_square_rank(sq);
  for (int z = 0; z < JQ_ZONES; z++) {
    for (int i = 0; i < 4; i++) {
      int af = f + diag[i][0], ar = r + diag[i][1];
      if (on_board(af, ar)) {
        int to = jq_square_make(af, ar);
        if (in_zone_palace(to, z) && in_zone_palace(sq, z))
          t->advisor_to[z][sq][t->advisor_n[z][sq]++] = (uint8_t)to;
      }
      int ef = f + 2 * diag[i][0], er = r + 2 * diag[i][1];
      if (on_board(ef, er)) {
        int to = jq_square_make(ef, er);
        if (own_half(to, z) && own_half(sq, z)) {
          int n = t->elephant_n[z][sq]++;
          t->elephant_to[z][sq][n] = (uint8_t)to;
          t->elephant_eye[z][sq][n] = (uint8_t)jq_square_make(af, ar);
        }
      }
    }
  }
  for (int c = 0; c < 2; c++) {
    if (jq_square_in_palace(sq, (JqColor)c)) {
      for (int i = 0; i < 4; i++) {
        int kf = f + orth[i][0], kr = r + orth[i][1];
        if (on_board(kf, kr) &&
            jq_square_in_palace(jq_square_make(kf, kr), (JqColor)c))
          t->king_to[c][sq][t->king_n[c][sq]++] =
              (uint8_t)jq_square_make(kf, kr);
      }
    }
    /* Pawns step forward, and sideways once across the river. */
    int fwd = c == JQ_RED ? 1 : -1;
    if (on_board(f, r + fwd))
      t->pawn_to[c][sq][t->pawn_n[c][sq]++] =
          (uint8_t)jq_square_make(f, r + fwd);
    if (jq_square_across_river(sq, (JqColor)c)) {
      if (on_board(f - 1, r))
        t->pawn_to[c][sq][t->pawn_n[c][sq]++] =
            (uint8_t)jq_square_make(f - 1, r);
      if (on_board(f + 1, r))
        t->pawn_to[c][sq][t->pawn_n[c][sq]++] =
            (uint8_t)jq_square_make(f + 1, r);
    }
  }
}

static void init_keys(JqTables *t) {
  /* A fixed seed: hashes are stable across runs, so bench signatures and
   * stored keys stay comparable. */
  JqRng rng;
  jq_rng_seed(&rng, 0x6a6965716931ULL);
  for (int p = 0; p < 32; p++)
    for (int sq = 0; sq < JQ_SQUARES; sq++)
      t->piece_key[p][sq] = jq_rng_next(&rng);
  t->side_key = jq_rng_next(&rng);
  for (int c = 0; c < 2; c++)
    for (int ty = 0; ty < JQ_TYPE_COUNT; ty++)
      for (int n = 0; n < 16; n++)
        t->pool_key[c][ty][n] = n == 0 ? 0 : jq_rng_next(&rng);
}

static void init_all(void) {
  JqTables *t = &jq_tables;
  for (int sq = 0; sq < JQ_SQUARES; sq++) {
    init_rays(t, sq);
    init_horse(t, sq);
    init_short_movers(t, sq);
  }
  init_keys(t);
}

static once_flag tables_once = ONCE_FLAG_INIT;

void jq_tables_init(void) { call_once(&tables_once, init_all); }
