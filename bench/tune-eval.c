/* Fits the xiangqi evaluation weights to a reference engine's judgement of
 * positions: for each labelled position, the win chance its score implies
 * and the one our static evaluation implies should agree. Local search
 * over the weights (one at a time, shrinking steps) minimises the mean
 * squared difference.
 *
 *   jieqi-tune-eval LABELS [PASSES [FROZEN,NAMES]]
 *
 * LABELS has one position a line: the moves from the xiangqi start in
 * coordinates ("h2e2 h9g7 ..."), a tab, and the reference's score in
 * centipawns for the side to move. Positions in check and positions where
 * a capture changes the score (ours, before tuning) are left out: a static
 * evaluation cannot see exchanges under way. Prints each weight's old and
 * new value, and the table rows for jq-eval-weights.c. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jq-eval-weights.h"
#include "jq-eval.h"
#include "jq-movegen.h"
#include "jq-notation.h"
#include "jq-position.h"

typedef struct {
  JqPiece board[JQ_SQUARES];
  uint8_t side;
  float target; /* the reference's win chance for the side to move */
} Sample;

static JqPosition scratch;

/* Loads a stored sample into the scratch position. */
static const JqPosition *load(const Sample *s) {
  jq_position_clear(&scratch, JQ_VARIANT_XIANGQI);
  memcpy(scratch.board, s->board, sizeof s->board);
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

static double error(const Sample *samples, int n, double scale) {
  double sum = 0, pull = 0;
  const int *w = jq_eval_weights[JQ_VARIANT_XIANGQI];
  for (int k = 0; k < JQ_W_COUNT; k++)
    pull += (w[k] - start[k]) * (w[k] - start[k]) / 100.0;
  for (int i = 0; i < n; i++) {
    double d =
        win_chance(jq_evaluate(load(&samples[i])), scale) - samples[i].target;
    sum += d * d;
  }
  return sum / n + ridge * pull;
}

static int read_samples(const char *path, Sample **out) {
  FILE *f = fopen(path, "r");
  if (!f) {
    perror(path);
    exit(1);
  }
  int cap = 1024, n = 0, skipped = 0;
  Sample *samples = malloc(cap * sizeof *samples);
  static char line[1 << 16];
  static JqPosition pos;
  while (fgets(line, sizeof line, f)) {
    char *tab = strchr(line, '\t');
    if (!tab)
      continue;
    *tab = '\0';
    int cp = atoi(tab + 1);
    jq_position_init_start(&pos, JQ_VARIANT_XIANGQI);
    bool ok = true;
    for (char *tok = strtok(line, " "); tok && ok; tok = strtok(NULL, " ")) {
      JqMove m;
      JqReveal r;
      ok = jq_notation_parse_coords(&pos, tok, &m, &r, NULL) &&
           jq_position_is_legal(&pos, m);
      if (ok)
        jq_position_make_move(&pos, m, JQ_REVEAL_NONE);
    }
    if (!ok || jq_position_in_check(&pos) ||
        quiesce(&pos, -30000, 30000, 8) != jq_evaluate(&pos) ||
        abs(cp) > 2000) {
      skipped++;
      continue;
    }
    if (n == cap) {
      cap *= 2;
      samples = realloc(samples, cap * sizeof *samples);
    }
    memcpy(samples[n].board, pos.board, sizeof pos.board);
    samples[n].side = pos.side;
    samples[n].target = (float)win_chance(cp, REFERENCE_SCALE);
    n++;
  }
  fclose(f);
  fprintf(stderr, "%d positions, %d left out\n", n, skipped);
  *out = samples;
  return n;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s LABELS [PASSES [FROZEN,NAMES]]\n", argv[0]);
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
  int n = read_samples(argv[1], &samples);
  if (n == 0)
    return 1;
  int *w = jq_eval_weights[JQ_VARIANT_XIANGQI];
  int old[JQ_W_COUNT];
  memcpy(old, w, sizeof old);
  memcpy(start, w, sizeof start);

  /* Our centipawns against the reference's: fit the scale once, then keep
   * it, so the weights stay in our units. */
  double lo = 0.2 * REFERENCE_SCALE, hi = 5.0 * REFERENCE_SCALE;
  for (int i = 0; i < 60; i++) {
    double a = lo + (hi - lo) / 3, b = hi - (hi - lo) / 3;
    if (error(samples, n, a) < error(samples, n, b))
      hi = b;
    else
      lo = a;
  }
  double scale = (lo + hi) / 2;
  double best = error(samples, n, scale);
  fprintf(stderr, "scale %.3f of the reference's; error %.6f\n",
          scale / REFERENCE_SCALE, best);

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
          double e = error(samples, n, scale);
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
    fprintf(stderr, "pass %d (step %d): error %.6f, %d changes\n", pass + 1,
            step, best, changed);
  }
  for (int k = 0; k < JQ_W_COUNT; k++)
    printf("%-20s %5d -> %5d   %s\n", jq_eval_weight_names[k], old[k], w[k],
           jq_eval_weight_texts[k]);
  for (int k = 0; k < JQ_W_COUNT; k++)
    printf("  X(%s, %d, %d)\n", jq_eval_weight_names[k], w[k],
           jq_eval_weights[JQ_VARIANT_JIEQI][k]);
  free(samples);
  return 0;
}
