#include "jq-search.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "jq-clock.h"
#include "jq-eval.h"
#include "jq-judge.h"
#include "jq-large.h"
#include "jq-movegen.h"
#include "jq-see.h"
#include "jq-time.h"

#ifdef __SSE2__
#include <emmintrin.h>
#endif

#define MAX_PLY 96
#define MAX_THREADS 64
#define MAX_LINES 16
#define INF 32000
/* Repetition verdicts are decisive but not mates. */
#define REPETITION_SCORE 10000
/* Values averaged at a reveal are kept inside this band. */
#define CHANCE_LIMIT 12000
/* A reveal averages its identities as chances of winning: the logistic of
 * the score over this many centipawns, fitted to this engine's jieqi
 * scores and game results (docs/benchmarks.md, "Session 22"). */
#define CHANCE_SCALE 259.0
/* Reveals branched on along one line: the first reveal's identities are
 * searched one by one; later ones take one representative identity (see
 * representative_value). Branching at every reveal kept the jieqi search
 * at depth 3 in half a second; with one, it reaches 7-8 (docs/benchmarks.md,
 * "Jieqi strength"). */
#define CHANCE_BUDGET 1
/* From this quiescence ply on, jieqi searches only recaptures (and
 * captures of a chariot). */
#define QS_RECAPTURE_PLY 2

typedef struct Worker Worker;

/* History of a quiet move following a given move: [piece][to] of the
 * follow-up, for one earlier move. Pieces are folded to 16 kinds (colour and
 * type, a hidden piece as type 0). */
typedef int16_t JqContTable[16][JQ_SQUARES];

struct JqSearch {
  JqTT *tt;
  int threads;
  int multipv;
  /* Per search. */
  JqLimits limits;
  atomic_bool *stop_request;
  atomic_bool abort_search;
  JqClock clock; /* armed by jq_search_prepare, else started by the run */
  int64_t soft_ms, hard_ms; /* time budget from start; 0 = none */
  JqProgressFunc progress;
  void *progress_data;
  Worker *workers[MAX_THREADS];
  JqMove excluded[MAX_LINES]; /* root moves of earlier MultiPV lines */
  int excluded_count;
  /* A determinization to search as if known (NULL: search the view), and
   * the key that keeps its hash entries apart from other deals'. */
  const JqPieceType *deal;
  uint64_t deal_key;
  /* The variant the first worker's evaluation cache holds (-1: none): its
   * keys do not tell the variants apart. */
  int cached_variant;
};

struct Worker {
  JqSearch *s;
  /* Per ply: the move a singular-extension search leaves out (none: 0). */
  JqMove excluded_move[MAX_PLY + 2];
  int id;
  JqPosition pos;
  uint64_t nodes;
  int seldepth;
  JqMove killers[MAX_PLY + 2][2];
  int history[32][JQ_SQUARES];
  /* Indexed by the earlier move's folded piece and target. */
  JqContTable cont_history[16][JQ_SQUARES];
  /* Per ply (offset by 2 so that ply - 2 is valid at the root): the table
   * of the move made at that ply, NULL after a null move; and the static
   * evaluation there, -INF when in check. */
  JqContTable *cont_stack[MAX_PLY + 4];
  int static_eval[MAX_PLY + 4];
  /* Per ply: whether the side to move there is in check, when the move
   * that led there already found out (its gives_check: the same test on
   * the same board), else -1. Set only while that move is searched. */
  int8_t check_known[MAX_PLY + 2];
  JqMove pv[MAX_PLY + 2][MAX_PLY + 2];
  int pv_len[MAX_PLY + 2];
  int root_depth;
  /* Reveals branched on along the current line (chance nodes above). */
  int chance_depth;
  /* Result of the last completed iteration. */
  JqMove best_move;
  int best_score;
  int completed_depth;
  JqMove best_pv[MAX_PLY + 2];
  int best_pv_len;
  /* The value of each colour's hidden pieces (jq_eval_hidden_value) for
   * the pool it was worked out from: move ordering asks it for every
   * capture, and a pool changes only at a reveal. */
  uint64_t hidden_pool[2];
  int hidden_value[2];
  /* Evaluations by hash: the same leaves come back often. */
  struct {
    uint64_t key;
    int eval;
  } eval_cache[1 << 14];
};

static int reductions[64][64];

/* Node counters are read by the reporting thread while their owner counts:
 * relaxed atomics cost a plain load and store on common hardware. */
static inline void count_node(Worker *w) {
  __atomic_store_n(&w->nodes, w->nodes + 1, __ATOMIC_RELAXED);
}

static void init_reductions(void) {
  for (int d = 1; d < 64; d++)
    for (int m = 1; m < 64; m++)
      reductions[d][m] = (int)(0.75 + log((double)d) * log((double)m) / 2.0);
}

JqSearch *jq_search_new(void) { return jq_search_new_sized(64); }

JqSearch *jq_search_new_sized(size_t megabytes) {
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once(&once, init_reductions);
  JqSearch *s = calloc(1, sizeof *s);
  if (!s)
    return NULL;
  s->cached_variant = -1;
  s->tt = jq_tt_new(megabytes);
  s->threads = 1;
  s->multipv = 1;
  if (!s->tt) {
    free(s);
    return NULL;
  }
  return s;
}

void jq_search_free(JqSearch *s) {
  if (!s)
    return;
  for (int i = 0; i < MAX_THREADS; i++)
    jq_large_free(s->workers[i]);
  jq_tt_free(s->tt);
  free(s);
}

bool jq_search_set_hash(JqSearch *s, size_t megabytes) {
  return jq_tt_resize(s->tt, megabytes);
}

void jq_search_set_threads(JqSearch *s, int threads) {
  s->threads = threads < 1 ? 1 : threads > MAX_THREADS ? MAX_THREADS : threads;
}

void jq_search_set_multipv(JqSearch *s, int lines) {
  s->multipv = lines < 1 ? 1 : lines > MAX_LINES ? MAX_LINES : lines;
}

void jq_search_set_deal(JqSearch *s, const JqPieceType *deal,
                        uint64_t deal_key) {
  s->deal = deal;
  s->deal_key = deal ? deal_key : 0;
}

void jq_search_clear(JqSearch *s) {
  jq_tt_clear(s->tt);
  for (int i = 0; i < MAX_THREADS; i++)
    if (s->workers[i]) {
      memset(s->workers[i]->history, 0, sizeof s->workers[i]->history);
      memset(s->workers[i]->cont_history, 0,
             sizeof s->workers[i]->cont_history);
      memset(s->workers[i]->killers, 0, sizeof s->workers[i]->killers);
    }
}

void jq_search_prepare(JqSearch *s, const JqLimits *limits) {
  jq_clock_arm(&s->clock, limits->ponder);
}

void jq_search_ponderhit(JqSearch *s) {
  /* The clock starts now. */
  jq_clock_ponderhit(&s->clock);
}

/* ---- time ---- */

static void plan_time(JqSearch *s, const JqPosition *pos) {
  jq_time_plan(&s->limits, pos->side, &s->soft_ms, &s->hard_ms);
  /* A fixed time is used whole: no early stop between iterations. */
  if (s->limits.movetime_ms > 0)
    s->soft_ms = 0;
  else if (pos->variant == JQ_VARIANT_JIEQI)
    s->hard_ms = jq_time_jieqi_hard_limit(s->soft_ms, s->hard_ms);
}

static bool should_stop(Worker *w) {
  JqSearch *s = w->s;
  if (atomic_load_explicit(&s->abort_search, memory_order_relaxed))
    return true;
  if ((w->nodes & 1023) != 0 || w->id != 0)
    return false;
  if (s->stop_request && atomic_load(s->stop_request)) {
    atomic_store(&s->abort_search, true);
    return true;
  }
  if (jq_clock_pondering(&s->clock))
    return false;
  if (s->limits.nodes && w->nodes >= s->limits.nodes) {
    atomic_store(&s->abort_search, true);
    return true;
  }
  if (s->hard_ms && jq_clock_elapsed_ms(&s->clock) >= s->hard_ms) {
    atomic_store(&s->abort_search, true);
    return true;
  }
  return false;
}

/* ---- move ordering ---- */

/* No pool of a consistent position: the memo below starts empty. */
#define NO_POOL UINT64_MAX

static void clear_hidden_values(Worker *w) {
  w->hidden_pool[0] = w->hidden_pool[1] = NO_POOL;
}

/* The memo reads a colour's pool as one word. */
_Static_assert(sizeof(((JqPosition *)0)->pool[0]) == sizeof(uint64_t),
               "a colour's pool must be eight bytes");

/* jq_eval_hidden_value, worked out once per pool. */
static inline int hidden_value(Worker *w, int c) {
  uint64_t pool;
  memcpy(&pool, w->pos.pool[c], sizeof pool); /* a constant size: one load */
  if (__builtin_expect(pool != w->hidden_pool[c], 0)) {
    w->hidden_pool[c] = pool;
    w->hidden_value[c] = jq_eval_hidden_value(&w->pos, (JqColor)c);
  }
  return w->hidden_value[c];
}

/* jq_eval_square_value with the memo. */
static inline int square_value(Worker *w, int sq) {
  JqPiece p = w->pos.board[sq];
  if (!p)
    return 0;
  if (jq_piece_is_hidden(p))
    return hidden_value(w, jq_piece_color(p));
  return jq_eval_piece_value(jq_piece_type(p),
                             w->pos.variant == JQ_VARIANT_JIEQI);
}

static inline int fold_piece(JqPiece p) {
  return jq_piece_is_hidden(p) ? (p & JQ_PIECE_BLACK) : (p & 15);
}

/* What the histories say of a quiet move: its own, and as a follow-up to
 * the last two moves. */
static int quiet_score(const Worker *w, JqMove m, int ply) {
  const JqPosition *pos = &w->pos;
  int from = jq_move_from(m), to = jq_move_to(m);
  int v = w->history[pos->board[from]][to];
  int fp = fold_piece(pos->board[from]);
  const JqContTable *c1 = w->cont_stack[ply + 1];
  const JqContTable *c2 = w->cont_stack[ply];
  if (c1)
    v += (*c1)[fp][to];
  if (c2)
    v += (*c2)[fp][to];
  return v;
}

static inline void history_gravity(int *h, int delta) {
  *h += delta - *h * abs(delta) / 16384;
}

static inline void cont_gravity(int16_t *h, int delta) {
  *h = (int16_t)(*h + delta - *h * abs(delta) / 16384);
}

/* Bands of the ordering scores for captures: those that hold their own in
 * the exchange, and those that lose material (after the killers). Material
 * values stay far below a band's width, so a score tells which band it is
 * in (capture_holds). */
#define CAPTURE_HOLDS (1 << 24)
#define CAPTURE_LOSES (1 << 20)

/* A capture's score in the band that holds is even; before its exchange
 * test it is the same score plus one (CAPTURE_UNTESTED): an upper bound of
 * its score, so the test runs only when the picker reaches it. Many nodes
 * cut before most of their captures are reached. */
#define CAPTURE_UNTESTED 1

/* Above every quiet move's history score and below every capture's and
 * killer's score. */
#define QUIET_TOP (CAPTURE_LOSES / 2)

static inline int capture_holds_score(int victim, int attacker) {
  return CAPTURE_HOLDS + 2 * (victim * 16 - attacker / 8);
}

static int move_order_score(Worker *w, JqMove m, JqMove tt_move, int ply) {
  if (m == tt_move)
    return 1 << 30;
  const JqPosition *pos = &w->pos;
  int to = jq_move_to(m), from = jq_move_from(m);
  if (pos->board[to])
    return capture_holds_score(square_value(w, to), square_value(w, from)) +
           CAPTURE_UNTESTED;
  if (m == w->killers[ply][0])
    return (1 << 22);
  if (m == w->killers[ply][1])
    return (1 << 21);
  return quiet_score(w, m, ply);
}

/* Did a capture's ordering score find that it holds its own in the
 * exchange (jq_see_ge at 0)? Not for the stored move, scored apart. */
static inline bool capture_holds(int score) {
  return score >= (CAPTURE_HOLDS + CAPTURE_LOSES) / 2;
}

static inline bool capture_untested(int score) {
  return capture_holds(score) && score < (1 << 30) &&
         (score & CAPTURE_UNTESTED);
}

/* Runs the exchange test a capture's score waits for: the score it would
 * have had from the start. */
static __attribute__((noinline)) int capture_tested_score(Worker *w, JqMove m,
                                                          int score) {
  if (jq_see_ge(&w->pos, m, 0))
    return score - CAPTURE_UNTESTED;
  return CAPTURE_LOSES + square_value(w, jq_move_to(m)) -
         square_value(w, jq_move_from(m)) / 8;
}

/* The picker scans the scores four at a time: a list's scores are kept
 * in an array with room for four more, filled with PICK_PAD. */
#define PICK_WIDTH 4
#define PICK_PAD INT32_MIN
typedef int32_t PickVec __attribute__((vector_size(PICK_WIDTH * 4)));

/* The lanes of v in the order a, b, c, d. */
#ifdef __clang__
#define PICK_LANES(v, a, b, c, d) __builtin_shufflevector(v, v, a, b, c, d)
#else
#define PICK_LANES(v, a, b, c, d) __builtin_shuffle(v, (PickVec){a, b, c, d})
#endif

static inline PickVec pick_load(const int *p) {
  PickVec v;
  memcpy(&v, p, sizeof v);
  return v;
}

/* Fills the room after a list's scores. */
static inline void pick_pad(int *scores, int count) {
  for (int k = 0; k < PICK_WIDTH; k++)
    scores[count + k] = PICK_PAD;
}

/* The first index at or after i holding the highest score from i to count:
 * the lanes' highest scores, then the first point that equals them. */
static inline int pick_first_best(const int *scores, int i, int count,
                                  int *top) {
  PickVec high = pick_load(scores + i);
  for (int j = i + PICK_WIDTH; j < count; j += PICK_WIDTH) {
    PickVec v = pick_load(scores + j);
    PickVec more = v > high;
    high = (v & more) | (high & ~more);
  }
  PickVec swapped = PICK_LANES(high, 2, 3, 0, 1);
  PickVec more = swapped > high;
  high = (swapped & more) | (high & ~more);
  swapped = PICK_LANES(high, 1, 0, 3, 2);
  more = swapped > high;
  high = (swapped & more) | (high & ~more);
  int t = high[0];
  *top = t;
  for (int j = i;; j += PICK_WIDTH) {
    PickVec same = pick_load(scores + j) == t;
#ifdef __SSE2__
    int lanes = _mm_movemask_ps(_mm_castsi128_ps((__m128i)same));
    if (lanes)
      return j + __builtin_ctz((unsigned)lanes);
#else
    for (int k = 0; k < PICK_WIDTH; k++)
      if (same[k])
        return j + k;
#endif
  }
}

/* Selection sort step: brings the best remaining move to index i (the
 * first of the highest scores). An untested capture that comes out best is
 * tested in place and the scan repeated, without a swap: every other score
 * is exact or an upper bound, so the move and the list's order come out as
 * if every capture had been tested at the start. */
static inline JqMove pick(Worker *w, JqMoveList *list, int *scores, int i) {
  int best, top;
  for (;;) {
    best = pick_first_best(scores, i, list->count, &top);
    if (__builtin_expect(!capture_untested(top), 1))
      break;
    scores[best] = capture_tested_score(w, list->moves[best], top);
  }
  JqMove m = list->moves[best];
  list->moves[best] = list->moves[i];
  scores[best] = scores[i];
  list->moves[i] = m;
  scores[i] = top;
  return m;
}

/* ---- scores ---- */

static int score_to_tt(int score, int ply) {
  if (score > JQ_SCORE_MATE_BOUND)
    return score + ply;
  if (score < -JQ_SCORE_MATE_BOUND)
    return score - ply;
  return score;
}

static int score_from_tt(int score, int ply) {
  if (score > JQ_SCORE_MATE_BOUND)
    return score - ply;
  if (score < -JQ_SCORE_MATE_BOUND)
    return score + ply;
  return score;
}

static int clamp(int v, int lo, int hi) {
  return v < lo ? lo : v > hi ? hi : v;
}

/* ---- the search proper ---- */

static int search(Worker *w, int alpha, int beta, int depth, int ply,
                  bool null_ok);
static int qsearch(Worker *w, int alpha, int beta, int ply, int qply,
                   int check);

/* Makes the move with the given reveal, searches the child and returns its
 * value for the mover. */
static int child_value(Worker *w, JqMove m, JqReveal r, int alpha, int beta,
                       int depth, int ply, int qply) {
  jq_position_make_move(&w->pos, m, r);
  jq_tt_prefetch(w->s->tt, w->pos.hash ^ w->s->deal_key);
  int v;
  if (qply >= 0)
    v = -qsearch(w, -beta, -alpha, ply + 1, qply + 1, -1);
  else
    v = -search(w, -beta, -alpha, depth, ply + 1, true);
  jq_position_unmake_move(&w->pos);
  return v;
}

/* Material of one side's hidden pieces as the evaluation counts it: each
 * hidden piece on the board is worth the pool's average. */
static int64_t hidden_material(const int counts[JQ_TYPE_COUNT], int on_board,
                               int total) {
  if (total <= 0)
    return 0;
  int64_t sum = 0;
  for (int t = JQ_ADVISOR; t < JQ_TYPE_COUNT; t++)
    sum += (int64_t)counts[t] * jq_eval_piece_value((JqPieceType)t, true);
  return sum * on_board / total;
}

/* The identities in `order` (by type) sorted by their counts, most first,
 * equal counts in type order. */
static void sort_by_count(int *order, int n, const int *counts) {
  for (int i = 1; i < n; i++)
    for (int j = i; j > 0 && counts[order[j]] > counts[order[j - 1]]; j--) {
      int tmp = order[j];
      order[j] = order[j - 1];
      order[j - 1] = tmp;
    }
}

/* A reveal past the branching budget: one identity stands for all. The
 * child is searched with it, and its value is corrected by the material
 * the evaluation sees change (the identity's worth and the pool's new
 * average against the old average), so that no identity looks like luck
 * or bad luck to the search. */
static int representative_value(Worker *w, JqMove m, const int *counts,
                                int *order, int n, int total, int alpha,
                                int beta, int depth, int ply, int qply) {
  const JqPosition *pos = &w->pos;
  int us = pos->side;
  /* The piece it moved as, while the pool still holds one: the search goes
   * on as if the identity were still unknown and the piece kept its role
   * (an advisor or a pawn in its place would take every threat out of a
   * revealed corner or cannon-point piece). Otherwise the identity whose
   * worth is closest to the average, for the smallest correction. */
  int t = order[0];
  JqPieceType role = jq_start_role(jq_move_from(m));
  if (role >= JQ_ADVISOR && role < JQ_TYPE_COUNT && counts[role] > 0) {
    t = role;
  } else if (n > 1) {
    sort_by_count(order, n, counts); /* the first of equal gaps wins */
    t = order[0];
    int64_t avg = hidden_material(counts, 1, total);
    int64_t best_gap = -1;
    for (int i = 0; i < n; i++) {
      int64_t gap = jq_eval_piece_value((JqPieceType)order[i], true) - avg;
      if (gap < 0)
        gap = -gap;
      if (best_gap < 0 || gap < best_gap) {
        best_gap = gap;
        t = order[i];
      }
    }
  }
  int hidden = pos->hidden_count[us];
  int after[JQ_TYPE_COUNT];
  memcpy(after, counts, sizeof after);
  after[t]--;
  int64_t before_m = hidden_material(counts, hidden, total);
  int64_t after_m = hidden_material(after, hidden - 1, total - 1) +
                    jq_eval_piece_value((JqPieceType)t, true);
  int corr = (int)(before_m - after_m);
  int v = child_value(w, m, (JqReveal){(JqPieceType)t, JQ_NO_TYPE},
                      clamp(alpha - corr, -INF, INF),
                      clamp(beta - corr, -INF, INF), depth, ply, qply);
  /* Mates and repetition verdicts are not material: left as they are. */
  if (abs(v) >= REPETITION_SCORE)
    return v;
  return v + corr;
}

/* A score as the side's chance of winning, and back. Beyond CHANCE_SAT
 * (23 scales: a chance within 1e-10 of 0 or 1) every score is the same
 * chance, so that a double still tells neighbouring scores apart. */
#define CHANCE_SAT 6000
static inline double chance_of(int v) {
  v = v < -CHANCE_SAT ? -CHANCE_SAT : v > CHANCE_SAT ? CHANCE_SAT : v;
  return 1.0 / (1.0 + exp(-(double)v / CHANCE_SCALE));
}

static inline double score_of(double p) {
  return CHANCE_SCALE * log(p / (1.0 - p));
}

/* The lowest score in the band whose chance is at least p (one past the
 * band when none is), and the highest whose chance is at most p. */
static int chance_ceil(double p) {
  if (p <= chance_of(-CHANCE_SAT))
    return -CHANCE_LIMIT;
  if (p > chance_of(CHANCE_SAT))
    return CHANCE_LIMIT + 1;
  double x = ceil(score_of(p));
  int v = x < -CHANCE_SAT ? -CHANCE_SAT : x > CHANCE_SAT ? CHANCE_SAT : (int)x;
  while (v > -CHANCE_SAT && chance_of(v - 1) >= p)
    v--;
  while (chance_of(v) < p)
    v++;
  return v;
}

static int chance_floor(double p) {
  if (p >= chance_of(CHANCE_SAT))
    return CHANCE_LIMIT;
  if (p < chance_of(-CHANCE_SAT))
    return -CHANCE_LIMIT - 1;
  double x = floor(score_of(p));
  int v = x < -CHANCE_SAT ? -CHANCE_SAT : x > CHANCE_SAT ? CHANCE_SAT : (int)x;
  while (v < CHANCE_SAT && chance_of(v + 1) <= p)
    v++;
  while (chance_of(v) > p)
    v--;
  return v;
}

/* The value of a move for the mover within (alpha, beta). A hidden mover
 * makes a chance node: the identities it may turn up as, weighted by the
 * pool counts this side knows, averaged with Star1-style cut-offs. A
 * captured hidden piece stays unknown (its value is its pool's average).
 * `qply` < 0 in the main search, else the quiescence ply. Only the first
 * reveal along a line branches (CHANCE_BUDGET), and none past the first
 * quiescence ply: there one representative identity stands for all. */
static int move_value(Worker *w, JqMove m, int alpha, int beta, int depth,
                      int ply, int qply, bool pv_node) {
  const JqPosition *pos = &w->pos;
  int from = jq_move_from(m);
  bool quiescence = qply >= 0;
  if (w->s->deal) {
    /* A determinized search knows every hidden identity: no chance. */
    int to = jq_move_to(m);
    JqReveal r = JQ_REVEAL_NONE;
    if (jq_piece_is_hidden(pos->board[from]))
      r.mover = w->s->deal[from];
    if (pos->board[to] && jq_piece_is_hidden(pos->board[to]))
      r.captured = w->s->deal[to];
    return child_value(w, m, r, alpha, beta, depth, ply, qply);
  }
  if (!jq_piece_is_hidden(pos->board[from]))
    return child_value(w, m, JQ_REVEAL_NONE, alpha, beta, depth, ply, qply);
  int us = pos->side;
  int counts[JQ_TYPE_COUNT] = {0}, order[JQ_TYPE_COUNT], n = 0, total = 0;
  for (int t = JQ_ADVISOR; t < JQ_TYPE_COUNT; t++) {
    counts[t] = pos->pool[us][t];
    if (counts[t]) {
      order[n++] = t;
      total += counts[t];
    }
  }
  if (total == 0) /* cannot happen in a consistent view */
    return child_value(w, m, (JqReveal){JQ_PAWN, JQ_NO_TYPE}, alpha, beta,
                       depth, ply, qply);
  if (n == 1 || qply >= 1 || w->chance_depth >= CHANCE_BUDGET)
    return representative_value(w, m, counts, order, n, total, alpha, beta,
                                depth, ply, qply);
  /* Most likely identities first: they decide the cut-offs soonest. The
   * mean is of chances of winning, not of centipawns: a side ahead values
   * a reveal that may bring a chariot or a pawn below its centipawn mean,
   * a side behind above it. */
  sort_by_count(order, n, counts);
  const int lo_bound = -CHANCE_LIMIT, hi_bound = CHANCE_LIMIT;
  double sum = 0; /* sum of count * chance over searched identities */
  int64_t cp_sum = 0;
  double rest = total;
  double a = chance_of(clamp(alpha, lo_bound, hi_bound)) * total;
  double b = chance_of(clamp(beta, lo_bound, hi_bound)) * total;
  for (int i = 0; i < n; i++) {
    int t = order[i];
    int c = counts[t];
    rest -= c;
    /* Window for this child that still decides the node: the others'
     * chances lie between 0 and 1. */
    int wa = chance_floor((a - sum - rest) / c);
    int wb = chance_ceil((b - sum) / c);
    if (wa >= wb)
      wa = wb - 1;
    /* Near the tips every identity gets only a quiescence look, and
     * unlikely identities a shallower one away from the PV: branching six
     * ways at every reveal would otherwise halve the depth reached. */
    int d = depth;
    if (!quiescence && d <= 1)
      d = 0;
    else if (!pv_node && !quiescence && c * 5 < total)
      d--;
    w->chance_depth++;
    int v = clamp(child_value(w, m, (JqReveal){(JqPieceType)t, JQ_NO_TYPE}, wa,
                              wb, d, ply, qply),
                  lo_bound, hi_bound);
    w->chance_depth--;
    if (atomic_load_explicit(&w->s->abort_search, memory_order_relaxed))
      return 0;
    sum += c * chance_of(v);
    cp_sum += (int64_t)c * v;
    if (v >= wb)
      return beta;
    if (v <= wa)
      return alpha;
  }
  double mean = sum / total;
  /* Every identity beyond the same saturation end: the centipawn mean,
   * which has that same chance, still ranks such lines. */
  if (mean <= chance_of(-CHANCE_SAT) || mean >= chance_of(CHANCE_SAT))
    return (int)(cp_sum / total);
  return clamp((int)lround(score_of(mean)), -CHANCE_SAT, CHANCE_SAT);
}

static void update_pv(Worker *w, int ply, JqMove m) {
  w->pv[ply][0] = m;
  int n = w->pv_len[ply + 1];
  if (n > MAX_PLY)
    n = MAX_PLY;
  memcpy(&w->pv[ply][1], w->pv[ply + 1], n * sizeof(JqMove));
  w->pv_len[ply] = n + 1;
}

/* A static evaluation as the table keeps it: one out of its range is not
 * kept. */
static inline int eval_to_tt(int eval) {
  return eval > JQ_TT_NO_EVAL && eval <= INT16_MAX ? eval : JQ_TT_NO_EVAL;
}

static int evaluate(Worker *w) {
  uint64_t key = w->pos.hash;
  size_t slot = key & ((sizeof w->eval_cache / sizeof w->eval_cache[0]) - 1);
  if (w->eval_cache[slot].key == key)
    return w->eval_cache[slot].eval;
  int e = jq_evaluate(&w->pos);
  w->eval_cache[slot].key = key;
  w->eval_cache[slot].eval = e;
  return e;
}

/* At most four pieces of `side` on the board? Their points, as the
 * position keeps them, counted up to five. */
static bool few_pieces(const JqPosition *pos, int side) {
  int n = 0;
  for (int half = 0; half < 2; half++)
    for (uint64_t m = pos->color_at[side][half]; m; m &= m - 1)
      if (++n > 4)
        return false;
  return true;
}

/* Is the side to move at this ply in check? From the second ply on, the
 * move before the last was a searched, legal one: the side to move was not
 * in check before the last move, and only what that move changed needs a
 * look. The root and its children may come from any position. */
static inline bool node_in_check(const JqPosition *pos, int ply) {
  return ply >= 2 ? jq_position_in_check_after_move(pos)
                  : jq_position_in_check(pos);
}

/* `check`: whether the side to move is in check when the caller knows
 * (0 or 1), else -1. */
static int qsearch(Worker *w, int alpha, int beta, int ply, int qply,
                   int check) {
  JqPosition *pos = &w->pos;
  count_node(w);
  w->pv_len[ply] = 0;
  if (ply > w->seldepth)
    w->seldepth = ply;
  if (should_stop(w))
    return 0;
  if (ply >= MAX_PLY)
    return evaluate(w);
  JqTTData tt;
  /* The stored static evaluation of this position, when there is one: the
   * same value as evaluate() (same key), without computing it. */
  int tt_eval = JQ_TT_NO_EVAL;
  if (jq_tt_probe(w->s->tt, pos->hash ^ w->s->deal_key, &tt)) {
    int ts = score_from_tt(tt.score, ply);
    if ((tt.bound == JQ_BOUND_EXACT) ||
        (tt.bound == JQ_BOUND_LOWER && ts >= beta) ||
        (tt.bound == JQ_BOUND_UPPER && ts <= alpha))
      return ts;
    tt_eval = tt.eval;
  }
  int alpha_orig = alpha;
  int stand = JQ_TT_NO_EVAL;
  bool in_check = check >= 0 ? check : node_in_check(pos, ply);
  int best = -INF;
  JqMoveList list;
  if (in_check) {
    jq_generate_legal(pos, JQ_GEN_ALL, &list);
    if (list.count == 0)
      return -(JQ_SCORE_MATE - ply);
  } else {
    /* Without a legal move the side to move loses even out of check; with
     * few pieces left that is worth the look (a search that stands pat there
     * misses quiet mates). */
    if (qply == 0 && few_pieces(pos, pos->side) &&
        !jq_position_has_legal_move(pos))
      return -(JQ_SCORE_MATE - ply);
    stand = tt_eval != JQ_TT_NO_EVAL ? tt_eval : evaluate(w);
    if (stand >= beta)
      return stand;
    if (stand > alpha)
      alpha = stand;
    best = stand;
    jq_generate_pseudo(pos, JQ_GEN_CAPTURES, &list);
  }
  int scores[JQ_MAX_MOVES + PICK_WIDTH];
  for (int i = 0; i < list.count; i++)
    scores[i] = move_order_score(w, list.moves[i], JQ_MOVE_NONE, ply);
  pick_pad(scores, list.count);
  for (int i = 0; i < list.count; i++) {
    JqMove m = pick(w, &list, scores, i);
    if (!in_check) {
      int victim = square_value(w, jq_move_to(m));
      /* Delta pruning: even winning the piece cannot reach alpha. */
      if (best + victim + 200 <= alpha)
        continue;
      /* Jieqi, two plies into quiescence: only recaptures on the point the
       * last move took, and captures of a chariot's worth. Other captures
       * there cost nodes for little (docs/benchmarks.md, session 15). */
      if (qply >= QS_RECAPTURE_PLY && pos->variant == JQ_VARIANT_JIEQI &&
          jq_move_to(m) != jq_move_to(jq_position_last_move(pos)) &&
          victim < jq_eval_piece_value(JQ_CHARIOT, true))
        continue;
      /* A capture that loses the exchange is not worth a look (its
       * ordering score has tested it: every move here is a capture). */
      if (!capture_holds(scores[i]))
        continue;
      if (!jq_position_move_is_safe_known(pos, m, false))
        continue;
    }
    int v = move_value(w, m, alpha, beta, 0, ply, qply, false);
    if (atomic_load_explicit(&w->s->abort_search, memory_order_relaxed))
      return 0;
    if (v > best) {
      best = v;
      if (v > alpha) {
        alpha = v;
        update_pv(w, ply, m);
        if (v >= beta)
          break;
      }
    }
  }
  int bound = best >= beta        ? JQ_BOUND_LOWER
              : best > alpha_orig ? JQ_BOUND_EXACT
                                  : JQ_BOUND_UPPER;
  jq_tt_store(w->s->tt, pos->hash ^ w->s->deal_key, JQ_MOVE_NONE,
              score_to_tt(best, ply), eval_to_tt(stand), -1, bound);
  return best;
}

static bool has_attackers(const JqPosition *pos, int side) {
  for (int sq = 0; sq < JQ_SQUARES; sq++) {
    JqPiece p = pos->board[sq];
    if (p && (int)jq_piece_color(p) == side &&
        (jq_piece_is_hidden(p) ||
         (jq_piece_type(p) >= JQ_HORSE && jq_piece_type(p) <= JQ_CANNON)))
      return true;
  }
  return false;
}

static bool root_move_allowed(Worker *w, JqMove m) {
  JqSearch *s = w->s;
  for (int i = 0; i < s->excluded_count; i++)
    if (s->excluded[i] == m)
      return false;
  if (s->limits.searchmoves_count == 0)
    return true;
  for (int i = 0; i < s->limits.searchmoves_count; i++)
    if (s->limits.searchmoves[i] == m)
      return true;
  return false;
}

static int search(Worker *w, int alpha, int beta, int depth, int ply,
                  bool null_ok) {
  JqPosition *pos = &w->pos;
  bool pv_node = beta - alpha > 1;
  bool root = ply == 0;
  w->pv_len[ply] = 0;

  if (!root) {
    if (should_stop(w))
      return 0;
    JqReason reason;
    JqRepetition rep = jq_judge_repetition(pos, 1, &reason);
    if (rep == JQ_REPETITION_DRAW)
      return 0;
    if (rep == JQ_REPETITION_WIN)
      return REPETITION_SCORE;
    if (rep == JQ_REPETITION_LOSS)
      return -REPETITION_SCORE;
    /* Mate distance pruning. */
    int mating = JQ_SCORE_MATE - ply;
    if (mating < beta) {
      beta = mating;
      if (alpha >= beta)
        return beta;
    }
    if (-mating > alpha) {
      alpha = -mating;
      if (alpha >= beta)
        return alpha;
    }
    if (ply >= MAX_PLY)
      return evaluate(w);
  }
  bool in_check =
      w->check_known[ply] >= 0 ? w->check_known[ply] : node_in_check(pos, ply);
  if (depth <= 0 && !in_check)
    return qsearch(w, alpha, beta, ply, 0, 0);
  if (depth < 0)
    depth = 0;
  count_node(w);

  /* A search without one move must not take or leave the full node's
   * verdict in the table. */
  JqMove excluded = w->excluded_move[ply];
  JqTTData tt;
  bool tt_hit =
      !excluded && jq_tt_probe(w->s->tt, pos->hash ^ w->s->deal_key, &tt);
  JqMove tt_move = JQ_MOVE_NONE;
  if (tt_hit) {
    tt_move = tt.move;
    if (tt_move && !jq_position_is_pseudo_legal(pos, tt_move))
      tt_move = JQ_MOVE_NONE;
    int ts = score_from_tt(tt.score, ply);
    if (!pv_node && tt.depth >= depth &&
        ((tt.bound == JQ_BOUND_EXACT) ||
         (tt.bound == JQ_BOUND_LOWER && ts >= beta) ||
         (tt.bound == JQ_BOUND_UPPER && ts <= alpha)))
      return ts;
  }
  if (!root && pos->halfmove >= jq_position_natural_limit(pos) && !in_check)
    return 0;

  int static_eval = -INF;
  if (!in_check)
    static_eval = tt_hit && tt.eval != JQ_TT_NO_EVAL ? tt.eval : evaluate(w);
  w->excluded_move[ply + 1] = JQ_MOVE_NONE;
  int eval = static_eval;
  w->static_eval[ply + 2] = static_eval;
  /* Is our position better than at our last move? Pruning can then be
   * bolder when it is not. */
  bool improving = false;
  if (!in_check) {
    int before = w->static_eval[ply];
    if (before == -INF && ply >= 2)
      before = w->static_eval[ply - 2];
    improving = before == -INF || static_eval > before;
  }
  /* A stored bound is a better guess than the static evaluation. */
  if (tt_hit && !in_check) {
    int ts = score_from_tt(tt.score, ply);
    if (abs(ts) < JQ_SCORE_MATE_BOUND &&
        (tt.bound == JQ_BOUND_EXACT ||
         (tt.bound == JQ_BOUND_LOWER && ts > eval) ||
         (tt.bound == JQ_BOUND_UPPER && ts < eval)))
      eval = ts;
  }
  /* Internal iterative reduction: no stored move means this node was never
   * searched deeply; a shallower look costs little and orders well. */
  if (!tt_move && depth >= 4 && !in_check && !excluded)
    depth--;

  if (!pv_node && !in_check && !excluded) {
    /* Reverse futility: far above beta at low depth. */
    if (depth <= 6 && eval - 90 * depth >= beta && abs(beta) < 5000)
      return eval;
    /* Null move: give the opponent a free move; if we still beat beta, a
     * real move will too. */
    if (null_ok && depth >= 3 && eval >= beta &&
        has_attackers(pos, pos->side)) {
      /* The further above beta, the less the reply needs to show. */
      int extra = (eval - beta) / 200;
      int r = 3 + depth / 3 + (extra < 3 ? extra : 3);
      w->cont_stack[ply + 2] = NULL;
      jq_position_make_null(pos);
      int v = -search(w, -beta, -beta + 1, depth - 1 - r, ply + 1, false);
      jq_position_unmake_null(pos);
      if (atomic_load_explicit(&w->s->abort_search, memory_order_relaxed))
        return 0;
      if (v >= beta)
        return v > JQ_SCORE_MATE_BOUND ? beta : v;
    }
  }

  JqMoveList list;
  jq_generate_pseudo(pos, JQ_GEN_ALL, &list);
  int scores[JQ_MAX_MOVES + PICK_WIDTH];
  for (int i = 0; i < list.count; i++)
    scores[i] = move_order_score(w, list.moves[i], tt_move, ply);
  pick_pad(scores, list.count);

  int best = -INF, legal = 0, alpha_orig = alpha;
  JqMove best_move = JQ_MOVE_NONE;
  JqMove quiets_tried[JQ_MAX_MOVES];
  int quiet_count = 0;
  int endgame = -1; /* few_pieces of the opponent, once asked */
  /* Late move pruning: at shallow depth, quiet moves far down the ordered
   * list rarely matter. */
  int lmp_limit = 3 + depth * depth;
  if (!improving)
    lmp_limit = lmp_limit * 2 / 3;
  /* Set once the rest of the list is quiet moves that late move pruning or
   * futility would skip unless they give check. */
  bool quiet_tail = false;
  for (int i = 0; i < list.count; i++) {
    JqMove m = pick(w, &list, scores, i);
    if (m == excluded)
      continue;
    if (!quiet_tail && !root && !pv_node && !in_check && depth <= 6 &&
        legal >= 1 && best > -JQ_SCORE_MATE_BOUND && scores[i] < QUIET_TOP &&
        (legal >= lmp_limit || eval + 100 * depth + 100 <= alpha)) {
      /* Every move left is quiet (ordered below the captures and killers),
       * and the pruning below skips each one, legal or not, unless it
       * gives check: the move count no longer decides anything (at least
       * one move is legal, the first was searched, and the conditions only
       * grow truer). Without a checking move left, the node is done. */
      quiet_tail = true;
      bool checks_left = false;
      for (int j = i; j < list.count && !checks_left; j++)
        checks_left =
            !jq_piece_is_hidden(pos->board[jq_move_from(list.moves[j])]) &&
            list.moves[j] != excluded &&
            jq_position_gives_check_known(pos, list.moves[j], JQ_NO_TYPE);
      if (!checks_left)
        break;
    }
    if (quiet_tail && (jq_piece_is_hidden(pos->board[jq_move_from(m)]) ||
                       !jq_position_gives_check_known(pos, m, JQ_NO_TYPE)))
      continue;
    if (!jq_position_move_is_safe_known(pos, m, in_check))
      continue;
    if (root && !root_move_allowed(w, m))
      continue;
    legal++;
    bool capture = pos->board[jq_move_to(m)] != JQ_EMPTY;
    bool hidden = jq_piece_is_hidden(pos->board[jq_move_from(m)]);
    /* Checks are extended; a hidden mover's check depends on its identity,
     * so only revealed movers are tested here. */
    bool gives_check =
        !hidden && (root ? jq_position_gives_check(pos, m, JQ_NO_TYPE)
                         : jq_position_gives_check_known(pos, m, JQ_NO_TYPE));
    int ext = gives_check && ply < 2 * w->root_depth ? 1 : 0;
    /* Singular extension: when every other move falls well short of the
     * stored move's lower bound, the stored move is forced and gets a ply
     * more. When another move also clears that margin above beta, two
     * moves beat beta: cut. */
    if (!root && tt_hit && m == tt_move && !excluded && !ext && depth >= 8 &&
        tt.depth >= depth - 3 && tt.bound != JQ_BOUND_UPPER &&
        abs(tt.score) < REPETITION_SCORE / 2) {
      int singular_beta = score_from_tt(tt.score, ply) - 2 * depth;
      w->excluded_move[ply] = m;
      int v = search(w, singular_beta - 1, singular_beta, (depth - 1) / 2, ply,
                     false);
      w->excluded_move[ply] = JQ_MOVE_NONE;
      w->pv_len[ply] = 0;
      if (atomic_load_explicit(&w->s->abort_search, memory_order_relaxed))
        return 0;
      if (v < singular_beta)
        ext = 1;
      else if (singular_beta >= beta)
        return singular_beta;
    }
    int new_depth = depth - 1 + ext;

    /* Late move pruning (lmp_limit above). */
    if (!pv_node && !in_check && !capture && !gives_check && depth <= 6 &&
        legal > lmp_limit && best > -JQ_SCORE_MATE_BOUND)
      continue;
    /* Futility: quiet moves that cannot lift a hopeless eval at the tips. */
    if (!pv_node && !in_check && !capture && !gives_check && legal > 1 &&
        depth <= 6 && eval + 100 * depth + 100 <= alpha &&
        best > -JQ_SCORE_MATE_BOUND)
      continue;

    /* Moves that lose material on their target point: at shallow depth
     * a quiet one that hangs a piece, or a capture that loses the
     * exchange by more than the depth can recover. */
    if (!pv_node && !in_check && !gives_check && !hidden && legal > 1 &&
        depth <= 7 && best > -JQ_SCORE_MATE_BOUND &&
        !jq_see_ge(pos, m, capture ? -120 * depth : -20 * depth * depth))
      continue;

    int fp = fold_piece(pos->board[jq_move_from(m)]);
    w->cont_stack[ply + 2] = &w->cont_history[fp][jq_move_to(m)];
    /* The child need not test for check again: a revealed mover leaves the
     * same board whatever a captured piece was. */
    w->check_known[ply + 1] = hidden ? -1 : (int8_t)gives_check;
    int v;
    if (legal == 1) {
      v = move_value(w, m, alpha, beta, new_depth, ply, -1, pv_node);
    } else {
      int r = 0;
      if (depth >= 3 && !capture && !in_check && !gives_check &&
          (!root || legal > 3)) {
        r = reductions[depth < 64 ? depth : 63][legal < 64 ? legal : 63];
        if (pv_node)
          r--;
        if (m == w->killers[ply][0] || m == w->killers[ply][1])
          r--;
        if (!improving)
          r++;
        /* Moves the histories like are reduced less, others more. */
        r -= (quiet_score(w, m, ply) - 4000) / 12000;
        /* With little material left, quiet moves are where the mates are
         * (a stalemated king loses): reduce them far less. */
        if (endgame < 0)
          endgame = few_pieces(pos, pos->side ^ 1);
        if (endgame)
          r /= 2;
        r = clamp(r, 0, new_depth - 1);
      }
      v = move_value(w, m, alpha, alpha + 1, new_depth - r, ply, -1, false);
      if (v > alpha && r > 0)
        v = move_value(w, m, alpha, alpha + 1, new_depth, ply, -1, false);
      if (v > alpha && v < beta && pv_node)
        v = move_value(w, m, alpha, beta, new_depth, ply, -1, true);
    }
    w->check_known[ply + 1] = -1;
    if (atomic_load_explicit(&w->s->abort_search, memory_order_relaxed))
      return 0;
    if (!capture && quiet_count < JQ_MAX_MOVES)
      quiets_tried[quiet_count++] = m;
    if (v > best) {
      best = v;
      best_move = m;
      if (v > alpha) {
        alpha = v;
        update_pv(w, ply, m);
        if (v >= beta) {
          if (!capture) {
            if (w->killers[ply][0] != m) {
              w->killers[ply][1] = w->killers[ply][0];
              w->killers[ply][0] = m;
            }
            int bonus = depth > 14 ? 2000 : 150 * depth - 100;
            JqContTable *c1 = w->cont_stack[ply + 1];
            JqContTable *c2 = w->cont_stack[ply];
            for (int q = 0; q < quiet_count; q++) {
              JqMove qm = quiets_tried[q];
              int qf = jq_move_from(qm), qt = jq_move_to(qm);
              int delta = qm == m ? bonus : -bonus;
              history_gravity(&w->history[pos->board[qf]][qt], delta);
              int qp = fold_piece(pos->board[qf]);
              if (c1)
                cont_gravity(&(*c1)[qp][qt], delta);
              if (c2)
                cont_gravity(&(*c2)[qp][qt], delta);
            }
          }
          break;
        }
      }
    }
  }
  if (legal == 0) {
    if (root)
      return -INF; /* every root move excluded */
    /* No legal move loses, in check or not. */
    return -(JQ_SCORE_MATE - ply);
  }
  if (excluded)
    return best;
  int bound = best >= beta        ? JQ_BOUND_LOWER
              : best > alpha_orig ? JQ_BOUND_EXACT
                                  : JQ_BOUND_UPPER;
  jq_tt_store(w->s->tt, pos->hash ^ w->s->deal_key, best_move,
              score_to_tt(best, ply),
              in_check ? JQ_TT_NO_EVAL : eval_to_tt(static_eval), depth, bound);
  return best;
}

/* ---- iterative deepening ---- */

static void report(Worker *w, int depth, int score, int line) {
  JqSearch *s = w->s;
  if (!s->progress)
    return;
  JqProgress p;
  memset(&p, 0, sizeof p);
  p.depth = depth;
  p.seldepth = w->seldepth;
  p.score = score;
  p.multipv = line;
  uint64_t nodes = 0;
  for (int i = 0; i < s->threads; i++)
    if (s->workers[i])
      nodes += __atomic_load_n(&s->workers[i]->nodes, __ATOMIC_RELAXED);
  p.nodes = nodes;
  int64_t elapsed = jq_clock_elapsed_ms(&s->clock);
  p.time_ms = (int)elapsed;
  p.nps = elapsed > 0 ? nodes * 1000 / (uint64_t)elapsed : nodes * 1000;
  p.hashfull = jq_tt_hashfull(s->tt);
  p.pv_len = w->pv_len[0] < JQ_MAX_PV ? w->pv_len[0] : JQ_MAX_PV;
  memcpy(p.pv, w->pv[0], p.pv_len * sizeof(JqMove));
  s->progress(&p, s->progress_data);
}

/* One root search with aspiration windows around the previous score. */
static int aspiration(Worker *w, int depth, int prev) {
  int delta = 35;
  int alpha = -INF, beta = INF;
  if (depth >= 4 && abs(prev) < JQ_SCORE_MATE_BOUND) {
    alpha = prev - delta;
    beta = prev + delta;
  }
  for (;;) {
    int v = search(w, alpha, beta, depth, 0, false);
    if (atomic_load(&w->s->abort_search))
      return v;
    if (v <= alpha && alpha > -INF) {
      alpha = alpha - delta < -INF ? -INF : alpha - delta;
      delta *= 2;
    } else if (v >= beta && beta < INF) {
      beta = beta + delta > INF ? INF : beta + delta;
      delta *= 2;
    } else {
      return v;
    }
    if (delta > 800) {
      alpha = -INF;
      beta = INF;
    }
  }
}

static void *worker_main(void *arg) {
  Worker *w = arg;
  JqSearch *s = w->s;
  int max_depth = s->limits.depth > 0 ? s->limits.depth : MAX_PLY - 4;
  if (max_depth > MAX_PLY - 4)
    max_depth = MAX_PLY - 4;
  int prev = 0;
  JqMove prev_best = JQ_MOVE_NONE;
  int stable = 0;
  /* Helper threads start a ply deeper every other thread to spread out. */
  for (int depth = 1 + (w->id & 1); depth <= max_depth; depth++) {
    w->root_depth = depth;
    w->seldepth = 0;
    int v = aspiration(w, depth, prev);
    if (atomic_load(&s->abort_search) && w->completed_depth > 0)
      break;
    if (w->pv_len[0] > 0) {
      w->best_move = w->pv[0][0];
      w->best_score = v;
      w->completed_depth = depth;
      w->best_pv_len = w->pv_len[0];
      memcpy(w->best_pv, w->pv[0], w->pv_len[0] * sizeof(JqMove));
    }
    if (atomic_load(&s->abort_search))
      break;
    int previous = prev;
    prev = v;
    if (w->id != 0)
      continue;
    report(w, depth, v, s->excluded_count + 1);
    stable = w->best_move == prev_best ? stable + 1 : 0;
    prev_best = w->best_move;
    /* Stop early on a proven mate, or when the next ply would not finish. */
    if (abs(v) > JQ_SCORE_MATE_BOUND && depth > 6 && s->limits.depth == 0 &&
        !s->limits.infinite && !jq_clock_pondering(&s->clock))
      break;
    if (s->soft_ms && !jq_clock_pondering(&s->clock) && !s->limits.infinite &&
        jq_clock_elapsed_ms(&s->clock) >=
            (w->pos.variant == JQ_VARIANT_JIEQI ? jq_time_jieqi_iteration_limit
                                                : jq_time_iteration_limit)(
                s->soft_ms, s->hard_ms, depth, stable, v, previous))
      break;
  }
  if (w->id == 0)
    atomic_store(&s->abort_search, true);
  return NULL;
}

static Worker *get_worker(JqSearch *s, int i) {
  if (!s->workers[i]) {
    /* Megabytes of histories read at random points: huge pages. */
    s->workers[i] = jq_large_alloc(sizeof(Worker));
    if (!s->workers[i])
      return NULL;
  }
  return s->workers[i];
}

/* Runs one search over all threads; the main worker's result is returned. */
static bool run_threads(JqSearch *s, const JqPosition *view) {
  pthread_t tids[MAX_THREADS];
  bool started[MAX_THREADS] = {false};
  atomic_store(&s->abort_search, false);
  for (int i = 0; i < s->threads; i++) {
    Worker *w = get_worker(s, i);
    if (!w)
      return false;
    w->s = s;
    w->id = i;
    w->pos = *view;
    w->nodes = 0;
    w->best_move = JQ_MOVE_NONE;
    w->completed_depth = 0;
    w->best_pv_len = 0;
    w->chance_depth = 0;
    memset(w->killers, 0, sizeof w->killers);
    w->cont_stack[0] = w->cont_stack[1] = NULL;
    w->static_eval[0] = w->static_eval[1] = -INF;
    memset(w->check_known, -1, sizeof w->check_known);
    /* The variant is not in the hash: start each search afresh. */
    memset(w->eval_cache, 0, sizeof w->eval_cache);
    clear_hidden_values(w); /* the weights may have changed */
  }
  s->cached_variant = view->variant;
  for (int i = 1; i < s->threads; i++)
    started[i] =
        pthread_create(&tids[i], NULL, worker_main, s->workers[i]) == 0;
  worker_main(s->workers[0]);
  atomic_store(&s->abort_search, true);
  for (int i = 1; i < s->threads; i++)
    if (started[i])
      pthread_join(tids[i], NULL);
  return true;
}

JqMove jq_search_run(JqSearch *s, const JqPosition *view,
                     const JqLimits *limits, atomic_bool *stop,
                     JqProgressFunc progress, void *data, JqMove *ponder,
                     JqRootResult *lines, int max_lines, int *line_count) {
  if (line_count)
    *line_count = 0;
  /* Before anything that may return: an armed clock is used up here. */
  jq_clock_start(&s->clock, limits->ponder);
  JqMoveList legal;
  jq_generate_legal(view, JQ_GEN_ALL, &legal);
  if (legal.count == 0)
    return JQ_MOVE_NONE;
  s->limits = *limits;
  s->stop_request = stop;
  s->progress = progress;
  s->progress_data = data;
  plan_time(s, view);
  jq_tt_new_search(s->tt);
  s->excluded_count = 0;

  int want = s->multipv;
  if (max_lines > want)
    want = max_lines;
  if (want > legal.count)
    want = legal.count;
  if (want > MAX_LINES)
    want = MAX_LINES;
  JqMove best = JQ_MOVE_NONE;
  for (int line = 0; line < want; line++) {
    if (!run_threads(s, view))
      break;
    Worker *w = s->workers[0];
    if (!w->best_move)
      break;
    if (line == 0) {
      best = w->best_move;
      if (ponder && w->best_pv_len > 1)
        *ponder = w->best_pv[1];
    }
    if (lines && line < max_lines) {
      lines[line].move = w->best_move;
      lines[line].score = w->best_score;
      if (line_count)
        *line_count = line + 1;
    }
    s->excluded[s->excluded_count++] = w->best_move;
    if (stop && atomic_load(stop))
      break;
  }
  /* A search stopped before its first iteration still answers legally. */
  if (!best)
    best = legal.moves[0];
  return best;
}

/* ---- values for another search ---- */

bool jq_search_reserve(JqSearch *s) { return get_worker(s, 0) != NULL; }

/* Undo entries a value search keeps: repetition looks back no further than
 * the last capture, and the search's own moves need room above them. */
#define VALUE_HISTORY_KEEP 256

/* Worker 0 set up to search pos as jq_search_value does; NULL when the
 * search is not reserved. */
static Worker *value_worker(JqSearch *s, const JqPosition *pos) {
  Worker *w = s->workers[0];
  if (!w)
    return NULL;
  /* Everything but the undo stack, then only its recent end: copying the
   * whole stack would cost more than a small search. */
  int keep = pos->halfmove + 2;
  if (keep > pos->history_len)
    keep = pos->history_len;
  if (keep > VALUE_HISTORY_KEEP)
    keep = VALUE_HISTORY_KEEP;
  memcpy(&w->pos, pos, offsetof(JqPosition, history));
  memcpy(w->pos.history, pos->history + pos->history_len - keep,
         (size_t)keep * sizeof pos->history[0]);
  w->pos.history_len = keep;
  if (s->cached_variant != pos->variant) {
    memset(w->eval_cache, 0, sizeof w->eval_cache);
    s->cached_variant = pos->variant;
  }
  /* No clock, no stop request, no node limit: should_stop stays false. */
  jq_limits_init(&s->limits);
  s->stop_request = NULL;
  s->soft_ms = s->hard_ms = 0;
  s->excluded_count = 0;
  atomic_store_explicit(&s->abort_search, false, memory_order_relaxed);
  w->s = s;
  w->id = 0;
  clear_hidden_values(w);
  /* Every reveal is valued by one representative identity, as a run does
   * past its first: a small search that branched on each would cost as
   * much as a large one. */
  w->chance_depth = CHANCE_BUDGET;
  w->seldepth = 0;
  w->excluded_move[0] = JQ_MOVE_NONE;
  w->cont_stack[0] = w->cont_stack[1] = NULL;
  w->static_eval[0] = w->static_eval[1] = -INF;
  memset(w->check_known, -1, sizeof w->check_known);
  return w;
}

int jq_search_value(JqSearch *s, const JqPosition *pos, int depth) {
  Worker *w = value_worker(s, pos);
  if (!w) /* not reserved: no allocation here, the evaluation stands in */
    return jq_evaluate(pos);
  int v = 0;
  if (depth <= 0) {
    v = qsearch(w, -INF, INF, 0, 0, -1);
  } else {
    /* Shallower passes first: they fill the table and the killers that
     * order the last one. */
    for (int d = 1; d <= depth && d < MAX_PLY - 4; d++) {
      w->root_depth = d;
      v = search(w, -INF, INF, d, 0, false);
    }
  }
  /* The root of search() answers -INF when it has no legal move. */
  return v <= -INF ? -JQ_SCORE_MATE : v;
}

int jq_search_move_value(JqSearch *s, const JqPosition *pos, JqMove m,
                         int depth) {
  Worker *w = value_worker(s, pos);
  if (!w)
    return 0;
  /* The child at ply 1 finds what its parent would have left it. */
  w->excluded_move[1] = JQ_MOVE_NONE;
  w->cont_stack[2] = NULL;
  w->static_eval[2] = -INF;
  if (depth < 0)
    depth = 0;
  int v = 0;
  /* chance_depth is at the budget: a hidden mover takes its
   * representative identity, searched once (move_value). */
  for (int d = depth > 0 ? 1 : 0; d <= depth && d < MAX_PLY - 4; d++) {
    w->root_depth = d + 1;
    v = move_value(w, m, -INF, INF, d, 0, -1, true);
  }
  return v;
}
