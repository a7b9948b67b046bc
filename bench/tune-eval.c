/* Fits the evaluation weights to labelled positions: for each one, the win
 * chance its label gives and the one our static evaluation implies should
 * agree. Local search
 * over the weights (one at a time, shrinking steps) minimises the mean
 * squared difference.
 *
 *   jieqi-tune-eval LABELS [PASSES [FROZEN,NAMES]]
 *   jieqi-tune-eval --psqt LABELS [ITERATIONS]
 *
 * --psqt fits the per-point tables of jq-eval-psqt.c instead (the full
 * board and the empty board ones together, each position weighing them as
 * the evaluation blends them, and the table of attackers by their place
 * relative to the enemy king unless JQ_PSQT_NO_KINGREL is set), with every
 * weight as it is. Their part of
 * the score is linear, so gradient descent
 * (Adam, all positions at once) finds them; JQ_PSQT_L2 (default 1e-6,
 * error units per (10 cp)^2) pulls each entry toward 0, so that points
 * seldom seen stay near it. Each table's mean over the positions is held
 * at 0, so piece values stay where they are (JQ_PSQT_FREE_MEAN=1 lets it
 * move).
 *
 * Every tenth game (a game is a run of lines each extending the one
 * before) is held out of the fit and its error reported, to show whether
 * the fit carries over to positions it did not see.
 *
 * LABELS has one position a line, in one of two forms:
 *
 * - xiangqi: the moves from the xiangqi start in coordinates ("h2e2 h9g7
 *   ..."), a tab, and the reference's score in centipawns for the side to
 *   move. A game is a run of lines each extending the one before.
 * - a FEN (any dialect of jq-fen.h; jieqi positions as the side to move
 *   sees them, hidden pieces as x/X with the pools), a tab, the game's
 *   result for the side to move (1, 0.5 or 0, or "-" for none), and
 *   optionally a tab and a search score in centipawns for the side to move
 *   ("-" for none). Lines starting with "#" begin a new game. With both a
 *   result and a score the target is JQ_TUNE_LAMBDA (default 0.5) times the
 *   result plus the rest times the score's win chance.
 *
 * All positions must be of one variant, and that variant's column of
 * jq_eval_weights is fitted; the first line tells which (after a jieqi
 * one, a FEN with nothing hidden is read as jieqi too). Positions in check are
 * left out, and so are xiangqi positions where a capture changes the score
 * (ours, before tuning): a static evaluation cannot see exchanges under way (in
 * jieqi a capture turns up identities, so there no such test is made). Prints
 * each weight's old and new value, and the table rows for jq-eval-weights.c.
 * --psqt reads xiangqi positions only. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jq-eval-psqt.h"
#include "jq-eval-weights.h"
#include "jq-eval.h"
#include "jq-fen.h"
#include "jq-movegen.h"
#include "jq-notation.h"
#include "jq-position.h"

typedef struct {
  JqPiece board[JQ_SQUARES];
  uint8_t side;
  bool held_out;
  /* Jieqi: the pools and the captured pieces of unknown identity. */
  uint8_t pool[2][JQ_TYPE_COUNT];
  uint8_t captured_unknown[2];
  float target; /* the label's win chance for the side to move */
} Sample;

/* The variant of the positions read, whose weights are fitted. */
static JqVariant variant = JQ_VARIANT_XIANGQI;
static JqPosition scratch;

/* Loads a stored sample into the scratch position. */
static const JqPosition *load(const Sample *s) {
  jq_position_clear(&scratch, variant);
  memcpy(scratch.board, s->board, sizeof s->board);
  memcpy(scratch.pool, s->pool, sizeof s->pool);
  memcpy(scratch.captured_unknown, s->captured_unknown,
         sizeof s->captured_unknown);
  scratch.side = s->side;
  jq_position_refresh(&scratch);
  return &scratch;
}

/* Captures only: enough to tell a quiet position. */
static int quiesce(JqPosition *pos, int alpha, int beta, int depth) {
  int stand = jq_evaluate(pos);
  if (stand >= beta || depth == 0)
    return stand;
  if (stand > alpha)
    alpha = stand;
  JqMoveList list;
  jq_generate_pseudo(pos, JQ_GEN_CAPTURES, &list);
  for (int i = 0; i < list.count; i++) {
    JqMove m = list.moves[i];
    if (!jq_position_move_is_safe_known(pos, m, false))
      continue;
    jq_position_make_move(pos, m, JQ_REVEAL_NONE);
    int v = -quiesce(pos, -beta, -alpha, depth - 1);
    jq_position_unmake_move(pos);
    if (v >= beta)
      return v;
    if (v > alpha)
      alpha = v;
  }
  return alpha;
}

static double win_chance(double cp, double scale) {
  return 1.0 / (1.0 + exp(-cp * scale));
}

/* Reference centipawns to a win chance: 400 cp is ten to one. */
#define REFERENCE_SCALE (log(10.0) / 400.0)

/* A pull toward the starting weights, in error units per (10 cp)^2: the
 * positions tell some weights apart poorly (a piece's value against its
 * placement terms), and without it those drift wherever noise takes them. */
static double ridge;
static int start[JQ_W_COUNT];

/* The mean squared difference of the win chances, no pull. */
static double mse(const Sample *samples, int n, double scale) {
  double sum = 0;
  for (int i = 0; i < n; i++) {
    double d =
        win_chance(jq_evaluate(load(&samples[i])), scale) - samples[i].target;
    sum += d * d;
  }
  return n ? sum / n : 0;
}

static double error(const Sample *samples, int n, double scale) {
  double pull = 0;
  const int *w = jq_eval_weights[variant];
  for (int k = 0; k < JQ_W_COUNT; k++)
    pull += (w[k] - start[k]) * (w[k] - start[k]) / 100.0;
  return mse(samples, n, scale) + ridge * pull;
}

/* A label field: "-" or nothing for none, else a number into *out. */
static bool label_field(const char *text, double *out) {
  while (*text == ' ' || *text == '\t')
    text++;
  bool digit = text[1] >= '0' && text[1] <= '9';
  if (*text == '\0' || *text == '\n' || (*text == '-' && !digit))
    return false;
  *out = atof(text);
  return true;
}

/* A FEN line: the FEN, a tab, the result, and optionally a tab and a
 * score. False with *why set when the line is bad. */
static bool read_fen_line(char *line, JqFenVariant as, JqPosition *pos,
                          double *target, const char **why) {
  static JqError err;
  char *tab = strchr(line, '\t');
  *tab = '\0';
  char *score_text = strchr(tab + 1, '\t');
  if (score_text)
    *score_text++ = '\0';
  if (!jq_fen_parse(line, as, pos, &err)) {
    *why = err.message;
    return false;
  }
  double result = 0, cp = 0;
  bool has_result = label_field(tab + 1, &result);
  bool has_score = score_text && label_field(score_text, &cp);
  if (has_result && result != 0 && result != 0.5 && result != 1) {
    *why = "a result must be 1, 0.5 or 0";
    return false;
  }
  if (!has_result && !has_score) {
    *why = "no result and no score";
    return false;
  }
  if (has_score && fabs(cp) > 2000) {
    *why = NULL; /* a mate or a won game: no use to a static evaluation */
    return false;
  }
  const char *l = getenv("JQ_TUNE_LAMBDA");
  double lambda = !has_score ? 1 : !has_result ? 0 : l ? atof(l) : 0.5;
  *target = lambda * result + (1 - lambda) * win_chance(cp, REFERENCE_SCALE);
  return true;
}

static int read_samples(const char *path, Sample **out, int *n_train) {
  FILE *f = fopen(path, "r");
  if (!f) {
    perror(path);
    exit(1);
  }
  int cap = 1024, n = 0, skipped = 0, game = 0, line_no = 0;
  bool variant_known = false;
  Sample *samples = malloc(cap * sizeof *samples);
  static char line[1 << 16], previous[1 << 16];
  static JqPosition pos;
  while (fgets(line, sizeof line, f)) {
    line_no++;
    if (line[0] == '#') {
      game++;
      continue;
    }
    char *tab = strchr(line, '\t');
    if (!tab)
      continue;
    double target;
    bool ok = true;
    if (memchr(line, '/', tab - line)) {
      const char *why = NULL;
      /* A jieqi position with nothing hidden left reads as xiangqi: once
       * the file is known to be jieqi, every FEN is read as jieqi. */
      JqFenVariant as = variant_known && variant == JQ_VARIANT_JIEQI
                            ? JQ_FEN_VARIANT_JIEQI
                            : JQ_FEN_VARIANT_AUTO;
      if (!read_fen_line(line, as, &pos, &target, &why)) {
        if (why) {
          fprintf(stderr, "%s:%d: %s\n", path, line_no, why);
          exit(1);
        }
        skipped++;
        continue;
      }
      if (game == 0)
        game = 1;
    } else {
      *tab = '\0';
      int cp = atoi(tab + 1);
      size_t len = strlen(previous);
      if (len == 0 || strncmp(line, previous, len) != 0 || line[len] != ' ')
        game++;
      memcpy(previous, line, tab - line + 1);
      jq_position_init_start(&pos, JQ_VARIANT_XIANGQI);
      for (char *tok = strtok(line, " "); tok && ok; tok = strtok(NULL, " ")) {
        JqMove m;
        JqReveal r;
        ok = jq_notation_parse_coords(&pos, tok, &m, &r, NULL) &&
             jq_position_is_legal(&pos, m);
        if (ok)
          jq_position_make_move(&pos, m, JQ_REVEAL_NONE);
      }
      ok = ok && abs(cp) <= 2000;
      target = win_chance(cp, REFERENCE_SCALE);
    }
    if (!variant_known) {
      variant = pos.variant;
      variant_known = true;
    } else if (pos.variant != variant) {
      fprintf(stderr, "%s:%d: a %s position among %s ones\n", path, line_no,
              pos.variant == JQ_VARIANT_JIEQI ? "jieqi" : "xiangqi",
              variant == JQ_VARIANT_JIEQI ? "jieqi" : "xiangqi");
      exit(1);
    }
    if (!ok || jq_position_in_check(&pos) ||
        (variant == JQ_VARIANT_XIANGQI &&
         quiesce(&pos, -30000, 30000, 8) != jq_evaluate(&pos))) {
      skipped++;
      continue;
    }
    if (n == cap) {
      cap *= 2;
      samples = realloc(samples, cap * sizeof *samples);
    }
    memcpy(samples[n].board, pos.board, sizeof pos.board);
    memcpy(samples[n].pool, pos.pool, sizeof pos.pool);
    memcpy(samples[n].captured_unknown, pos.captured_unknown,
           sizeof pos.captured_unknown);
    samples[n].side = pos.side;
    samples[n].held_out = game % 10 == 9;
    samples[n].target = (float)target;
    n++;
  }
  fclose(f);
  /* The held-out positions go last, in their order. */
  Sample *sorted = malloc((n ? n : 1) * sizeof *sorted);
  int train = 0;
  for (int i = 0; i < n; i++)
    if (!samples[i].held_out)
      sorted[train++] = samples[i];
  for (int i = 0, k = train; i < n; i++)
    if (samples[i].held_out)
      sorted[k++] = samples[i];
  free(samples);
  fprintf(stderr,
          "%d positions (%d to fit, %d held out) of %d games, %d "
          "left out\n",
          n, train, n - train, game, skipped);
  *out = sorted;
  *n_train = train;
  return n;
}

/* Our centipawns against the reference's: fitted once, then kept, so the
 * weights stay in our units. */
static double fit_scale(const Sample *samples, int n) {
  double lo = 0.2 * REFERENCE_SCALE, hi = 5.0 * REFERENCE_SCALE;
  for (int i = 0; i < 60; i++) {
    double a = lo + (hi - lo) / 3, b = hi - (hi - lo) / 3;
    if (mse(samples, n, a) < mse(samples, n, b))
      hi = b;
    else
      lo = a;
  }
  return (lo + hi) / 2;
}

#define PSQT_HALF (JQ_TYPE_COUNT * JQ_PSQT_POINTS)
#define PSQT_BLENDED (2 * PSQT_HALF)
/* The king-relative table follows the two blended ones. */
#define PSQT_ENTRIES (PSQT_BLENDED + JQ_TYPE_COUNT * JQ_KREL_POINTS)
#define PSQT_MAX_PIECES 32

/* A position's score split into the part the tables do not touch and the
 * table entries it reads: entry + 1, negated for the opponent's pieces;
 * `entry` indexes the blended tables, `kentry` the king-relative one. */
typedef struct {
  double rest;
  double full; /* the full board table's share, 0..1 */
  int count, kcount;
  int16_t entry[PSQT_MAX_PIECES];
  int16_t kentry[PSQT_MAX_PIECES];
} PsqtRow;

static double psqt_score(const PsqtRow *row, const double *table) {
  double v = row->rest;
  for (int k = 0; k < row->count; k++) {
    int e = row->entry[k];
    int i = e > 0 ? e - 1 : -e - 1;
    double x = row->full * table[i] + (1 - row->full) * table[PSQT_HALF + i];
    v += e > 0 ? x : -x;
  }
  for (int k = 0; k < row->kcount; k++) {
    int e = row->kentry[k];
    v += e > 0 ? table[e - 1] : -table[-e - 1];
  }
  return v;
}

static double psqt_mse(const PsqtRow *rows, const Sample *samples, int from,
                       int to, const double *table, double scale) {
  double sum = 0;
  for (int i = from; i < to; i++) {
    double d =
        win_chance(psqt_score(&rows[i], table), scale) - samples[i].target;
    sum += d * d;
  }
  return to > from ? sum / (to - from) : 0;
}

static void print_table(const char *name,
                        int16_t tb[JQ_TYPE_COUNT][JQ_PSQT_POINTS]) {
  static const char *const names[JQ_TYPE_COUNT] = {
      [JQ_KING] = "KING",         [JQ_ADVISOR] = "ADVISOR",
      [JQ_ELEPHANT] = "ELEPHANT", [JQ_HORSE] = "HORSE",
      [JQ_CHARIOT] = "CHARIOT",   [JQ_CANNON] = "CANNON",
      [JQ_PAWN] = "PAWN"};
  printf("int16_t %s[JQ_TYPE_COUNT][JQ_PSQT_POINTS] = {\n", name);
  for (int t = JQ_KING; t < JQ_TYPE_COUNT; t++) {
    printf("  [JQ_%s] = {\n", names[t]);
    for (int r = 0; r < JQ_RANKS; r++) {
      printf("   ");
      for (int f = 0; f < JQ_PSQT_FILES; f++)
        printf(" %4d,", tb[t][r * JQ_PSQT_FILES + f]);
      printf("\n");
    }
    printf("  },\n");
  }
  printf("};\n");
}

static void print_kingrel(void) {
  printf("int16_t jq_eval_kingrel[JQ_TYPE_COUNT][JQ_KREL_POINTS] = {\n");
  static const char *const names[JQ_TYPE_COUNT] = {[JQ_HORSE] = "HORSE",
                                                   [JQ_CHARIOT] = "CHARIOT",
                                                   [JQ_CANNON] = "CANNON",
                                                   [JQ_PAWN] = "PAWN"};
  for (int t = JQ_HORSE; t < JQ_TYPE_COUNT; t++) {
    printf("  [JQ_%s] = {\n", names[t]);
    for (int r = 0; r < JQ_KREL_RANKS; r++) {
      printf("   ");
      for (int f = 0; f < JQ_KREL_FILES; f++)
        printf(" %4d,", jq_eval_kingrel[t][r * JQ_KREL_FILES + f]);
      printf("\n");
    }
    printf("  },\n");
  }
  printf("};\n");
}

/* The tables, ready to paste into jq-eval-psqt.c. */
static void print_psqt(void) {
  print_table("jq_eval_psqt", jq_eval_psqt);
  print_table("jq_eval_psqt_end", jq_eval_psqt_end);
  print_kingrel();
}

static int fit_psqt(Sample *samples, int n, int train, int iterations) {
  const char *l2_text = getenv("JQ_PSQT_L2");
  double l2 = l2_text ? atof(l2_text) : 1e-6;
  bool free_mean = getenv("JQ_PSQT_FREE_MEAN") != NULL;
  double scale = fit_scale(samples, train);
  fprintf(stderr, "scale %.3f of the reference's; error %.6f, held out %.6f\n",
          scale / REFERENCE_SCALE, mse(samples, train, scale),
          mse(samples + train, n - train, scale));

  /* The tables' part is linear: take it out of each score once. */
  static double table[PSQT_ENTRIES], visits[PSQT_ENTRIES];
  static double grad[PSQT_ENTRIES], m1[PSQT_ENTRIES], m2[PSQT_ENTRIES];
  for (int e = 0; e < PSQT_HALF; e++) {
    table[e] = jq_eval_psqt[e / JQ_PSQT_POINTS][e % JQ_PSQT_POINTS];
    table[PSQT_HALF + e] =
        jq_eval_psqt_end[e / JQ_PSQT_POINTS][e % JQ_PSQT_POINTS];
  }
  for (int e = 0; e < JQ_TYPE_COUNT * JQ_KREL_POINTS; e++)
    table[PSQT_BLENDED + e] =
        jq_eval_kingrel[e / JQ_KREL_POINTS][e % JQ_KREL_POINTS];
  bool kingrel = getenv("JQ_PSQT_NO_KINGREL") == NULL;
  PsqtRow *rows = malloc(n * sizeof *rows);
  for (int i = 0; i < n; i++) {
    const JqPosition *pos = load(&samples[i]);
    PsqtRow *row = &rows[i];
    row->count = row->kcount = 0;
    int phase = 0;
    for (int sq = 0; sq < JQ_SQUARES; sq++) {
      JqPieceType t = jq_piece_type(pos->board[sq]);
      if (pos->board[sq] && t >= JQ_HORSE && t <= JQ_CANNON)
        phase++;
    }
    row->full = (phase < JQ_PSQT_FULL_PHASE ? phase : JQ_PSQT_FULL_PHASE) /
                (double)JQ_PSQT_FULL_PHASE;
    for (int sq = 0; sq < JQ_SQUARES; sq++) {
      JqPiece p = pos->board[sq];
      if (!p || jq_piece_is_hidden(p) || row->count == PSQT_MAX_PIECES)
        continue;
      int c = jq_piece_color(p);
      int rank = jq_square_rank(sq);
      int e =
          jq_piece_type(p) * JQ_PSQT_POINTS +
          jq_eval_psqt_index(jq_square_file(sq), c == JQ_RED ? rank : 9 - rank);
      row->entry[row->count++] = (int16_t)(c == pos->side ? e + 1 : -e - 1);
      if (i < train) {
        visits[e] += row->full;
        visits[PSQT_HALF + e] += 1 - row->full;
      }
      int k = pos->king[c ^ 1];
      JqPieceType t = jq_piece_type(p);
      if (kingrel && t >= JQ_HORSE && k != JQ_NO_SQUARE) {
        int kr = c == JQ_RED ? jq_square_rank(k) : 9 - jq_square_rank(k);
        int ke = PSQT_BLENDED + t * JQ_KREL_POINTS +
                 jq_eval_kingrel_index(jq_square_file(sq),
                                       c == JQ_RED ? rank : 9 - rank,
                                       jq_square_file(k), kr);
        row->kentry[row->kcount++] =
            (int16_t)(c == pos->side ? ke + 1 : -ke - 1);
        if (i < train)
          visits[ke] += 1;
      }
    }
    row->rest = jq_evaluate(pos) - psqt_score(row, table);
  }

  /* Adam over all the positions at once, the step shrinking linearly. */
  const double beta1 = 0.9, beta2 = 0.999;
  for (int it = 1; it <= iterations; it++) {
    double rate = 2.0 * (1.0 - 0.9 * it / iterations);
    memset(grad, 0, sizeof grad);
    for (int i = 0; i < train; i++) {
      const PsqtRow *row = &rows[i];
      double w = win_chance(psqt_score(row, table), scale);
      double g = 2.0 * (w - samples[i].target) * w * (1 - w) * scale / train;
      for (int k = 0; k < row->count; k++) {
        int e = row->entry[k];
        int idx = e > 0 ? e - 1 : -e - 1;
        double sg = e > 0 ? g : -g;
        grad[idx] += sg * row->full;
        grad[PSQT_HALF + idx] += sg * (1 - row->full);
      }
      for (int k = 0; k < row->kcount; k++) {
        int e = row->kentry[k];
        grad[e > 0 ? e - 1 : -e - 1] += e > 0 ? g : -g;
      }
    }
    for (int e = 0; e < PSQT_ENTRIES; e++) {
      grad[e] += 2.0 * l2 * table[e] / 100.0;
      m1[e] = beta1 * m1[e] + (1 - beta1) * grad[e];
      m2[e] = beta2 * m2[e] + (1 - beta2) * grad[e] * grad[e];
      double a = m1[e] / (1 - pow(beta1, it));
      double b = m2[e] / (1 - pow(beta2, it));
      table[e] -= rate * a / (sqrt(b) + 1e-12);
    }
    /* A table's mean, weighted by how often its points are seen, would be
     * a change of the piece's value. */
    for (int t = 0; t < 3 * JQ_TYPE_COUNT && !free_mean; t++) {
      int first = t < 2 * JQ_TYPE_COUNT
                      ? t * JQ_PSQT_POINTS
                      : PSQT_BLENDED + (t - 2 * JQ_TYPE_COUNT) * JQ_KREL_POINTS;
      int size = t < 2 * JQ_TYPE_COUNT ? JQ_PSQT_POINTS : JQ_KREL_POINTS;
      double sum = 0, weight = 0;
      for (int k = first; k < first + size; k++) {
        sum += visits[k] * table[k];
        weight += visits[k];
      }
      /* Points never seen stay where the pull leaves them. */
      for (int k = first; weight > 0 && k < first + size; k++)
        if (visits[k] > 0)
          table[k] -= sum / weight;
    }
    if (it % 250 == 0 || it == iterations)
      fprintf(stderr, "iteration %d: error %.6f, held out %.6f\n", it,
              psqt_mse(rows, samples, 0, train, table, scale),
              psqt_mse(rows, samples, train, n, table, scale));
  }
  for (int e = 0; e < PSQT_HALF; e++) {
    jq_eval_psqt[e / JQ_PSQT_POINTS][e % JQ_PSQT_POINTS] =
        (int16_t)lround(table[e]);
    jq_eval_psqt_end[e / JQ_PSQT_POINTS][e % JQ_PSQT_POINTS] =
        (int16_t)lround(table[PSQT_HALF + e]);
  }
  for (int e = 0; e < JQ_TYPE_COUNT * JQ_KREL_POINTS; e++)
    jq_eval_kingrel[e / JQ_KREL_POINTS][e % JQ_KREL_POINTS] =
        (int16_t)lround(table[PSQT_BLENDED + e]);
  /* Rounded, through the engine's own evaluation. */
  fprintf(stderr, "rounded: error %.6f, held out %.6f\n",
          mse(samples, train, scale), mse(samples + train, n - train, scale));
  print_psqt();
  free(rows);
  return 0;
}

int main(int argc, char **argv) {
  if (argc >= 3 && strcmp(argv[1], "--psqt") == 0) {
    Sample *samples;
    int train;
    int n = read_samples(argv[2], &samples, &train);
    if (n == 0)
      return 1;
    if (variant != JQ_VARIANT_XIANGQI) {
      fprintf(stderr, "--psqt fits xiangqi's tables; these are jieqi "
                      "positions\n");
      return 2;
    }
    int status = fit_psqt(samples, n, train, argc > 3 ? atoi(argv[3]) : 2000);
    free(samples);
    return status;
  }
  if (argc < 2) {
    fprintf(stderr,
            "usage: %s LABELS [PASSES [FROZEN,NAMES]]\n"
            "       %s --psqt LABELS [ITERATIONS]\n",
            argv[0], argv[0]);
    return 2;
  }
  int passes = argc > 2 ? atoi(argv[2]) : 6;
  const char *r = getenv("JQ_TUNE_RIDGE");
  ridge = r ? atof(r) : 0;
  /* Weights kept as they are: a comma-separated list of names. */
  bool frozen[JQ_W_COUNT] = {false};
  if (argc > 3) {
    char *list = strdup(argv[3]);
    for (char *name = strtok(list, ","); name; name = strtok(NULL, ",")) {
      int k = 0;
      while (k < JQ_W_COUNT && strcmp(jq_eval_weight_names[k], name) != 0)
        k++;
      if (k == JQ_W_COUNT) {
        fprintf(stderr, "no weight named %s\n", name);
        return 2;
      }
      frozen[k] = true;
    }
    free(list);
  }
  Sample *samples;
  int train;
  int n = read_samples(argv[1], &samples, &train);
  if (n == 0)
    return 1;
  int *w = jq_eval_weights[variant];
  int old[JQ_W_COUNT];
  memcpy(old, w, sizeof old);
  memcpy(start, w, sizeof start);

  double scale = fit_scale(samples, train);
  double best = error(samples, train, scale);
  fprintf(stderr, "scale %.3f of the reference's; error %.6f, held out %.6f\n",
          scale / REFERENCE_SCALE, best,
          mse(samples + train, n - train, scale));

  for (int pass = 0; pass < passes; pass++) {
    int step = pass < 2 ? 8 : pass < 4 ? 4 : pass < 5 ? 2 : 1;
    int changed = 0;
    for (int k = 0; k < JQ_W_COUNT; k++) {
      if (frozen[k])
        continue;
      for (int dir = -1; dir <= 1; dir += 2) {
        bool improved = false;
        for (;;) {
          w[k] += dir * step;
          double e = error(samples, train, scale);
          if (e < best) {
            best = e;
            improved = true;
            changed++;
          } else {
            w[k] -= dir * step;
            break;
          }
        }
        if (improved)
          break;
      }
    }
    fprintf(
        stderr, "pass %d (step %d): error %.6f, held out %.6f, %d changes\n",
        pass + 1, step, best, mse(samples + train, n - train, scale), changed);
  }
  for (int k = 0; k < JQ_W_COUNT; k++)
    printf("%-20s %5d -> %5d   %s\n", jq_eval_weight_names[k], old[k], w[k],
           jq_eval_weight_texts[k]);
  for (int k = 0; k < JQ_W_COUNT; k++)
    printf("  X(%s, %d, %d)\n", jq_eval_weight_names[k],
           jq_eval_weights[JQ_VARIANT_XIANGQI][k],
           jq_eval_weights[JQ_VARIANT_JIEQI][k]);
  free(samples);
  return 0;
}
