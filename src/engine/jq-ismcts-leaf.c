#include "jq-ismcts-leaf.h"

#include <math.h>

#include "jq-eval.h"
#include "jq-movegen.h"

/* Plies of captures the probe looks at: enough for an exchange and its
 * recapture, short enough to stay cheap at every leaf. */
#define PROBE_DEPTH 4
/* Captures are valued as a chance, so a won exchange needs no more than
 * this margin to be worth making in a playout. */
#define CAPTURE_MARGIN 50

void jq_ismcts_play(JqPosition *pos, const JqIsmctsWorld *world, JqMove move) {
  int from = jq_move_from(move), to = jq_move_to(move);
  JqReveal reveal = JQ_REVEAL_NONE;
  if (jq_piece_is_hidden(pos->board[from]))
    reveal.mover = world->deal[from];
  if (jq_piece_is_hidden(pos->board[to]) && pos->side == world->observer)
    reveal.captured = world->deal[to];
  jq_position_make_move(pos, move, reveal);
}

double jq_ismcts_win_probability(int cp) {
  return 1.0 / (1.0 + exp(-(double)cp / JQ_ISMCTS_LOGISTIC_CP));
}

double jq_ismcts_relative_probability(const JqIsmctsWorld *world, JqColor side,
                                      int cp) {
  return jq_ismcts_win_probability(
      side == world->observer ? cp - world->offset : cp + world->offset);
}

int jq_ismcts_centipawns(double probability) {
  /* Keep clear of the infinities at 0 and 1 (and of mate scores). */
  if (probability < 1e-6)
    probability = 1e-6;
  if (probability > 1.0 - 1e-6)
    probability = 1.0 - 1e-6;
  return (int)lround(JQ_ISMCTS_LOGISTIC_CP *
                     log(probability / (1.0 - probability)));
}

/* ---- playout ---- */

/* The playout policy: the most valuable victim among captures that do not
 * obviously lose material (victim worth about the captor, or undefended);
 * else a uniformly random legal move. JQ_MOVE_NONE: no legal move. */
static JqMove playout_move(JqPosition *pos, JqRng *rng) {
  JqMoveList list;
  bool in_check = jq_position_in_check(pos);
  JqColor them = (JqColor)(pos->side ^ 1);
  jq_generate_pseudo(pos, JQ_GEN_CAPTURES, &list);
  JqMove best = JQ_MOVE_NONE;
  int best_victim = -1;
  for (int i = 0; i < list.count; i++) {
    JqMove m = list.moves[i];
    int victim = jq_eval_square_value(pos, jq_move_to(m));
    if (victim <= best_victim)
      continue;
    int captor = jq_eval_square_value(pos, jq_move_from(m));
    if (victim + CAPTURE_MARGIN < captor &&
        jq_position_attacked(pos, jq_move_to(m), them))
      continue;
    if (!jq_position_move_is_safe_known(pos, m, in_check))
      continue;
    best = m;
    best_victim = victim;
  }
  if (best)
    return best;
  /* Draw without replacement until a move keeps the king safe. */
  jq_generate_pseudo(pos, JQ_GEN_ALL, &list);
  while (list.count > 0) {
    int i = (int)jq_rng_below(rng, (uint32_t)list.count);
    JqMove m = list.moves[i];
    if (jq_position_move_is_safe_known(pos, m, in_check))
      return m;
    list.moves[i] = list.moves[--list.count];
  }
  return JQ_MOVE_NONE;
}

static double playout(JqPosition *pos, const JqIsmctsWorld *world, int plies,
                      JqRng *rng) {
  JqColor leaf_side = (JqColor)pos->side;
  int made = 0;
  double result = -1.0; /* for the side to move at the end */
  for (; made < plies; made++) {
    if (pos->halfmove >= jq_position_natural_limit(pos)) {
      result = jq_ismcts_relative_probability(world, (JqColor)pos->side, 0);
      break;
    }
    JqMove m = playout_move(pos, rng);
    if (!m) {
      result = 0.0; /* no legal move loses, in both variants */
      break;
    }
    jq_ismcts_play(pos, world, m);
  }
  if (result < 0.0)
    result = jq_ismcts_relative_probability(world, (JqColor)pos->side,
                                            jq_evaluate(pos));
  if (pos->side != leaf_side)
    result = 1.0 - result;
  for (int i = 0; i < made; i++)
    jq_position_unmake_move(pos);
  return result;
}

/* ---- probe ---- */

/* A small capture search: stand pat on the evaluation, or take what the
 * captures (best victim first) win. Centipawns for the side to move. */
static int probe(JqPosition *pos, const JqIsmctsWorld *world, int alpha,
                 int beta, int depth) {
  int stand = jq_evaluate(pos);
  if (stand >= beta || depth == 0)
    return stand;
  if (stand > alpha)
    alpha = stand;
  JqMoveList list;
  jq_generate_pseudo(pos, JQ_GEN_CAPTURES, &list);
  int value[JQ_MAX_MOVES];
  for (int i = 0; i < list.count; i++)
    value[i] = 16 * jq_eval_square_value(pos, jq_move_to(list.moves[i])) -
               jq_eval_square_value(pos, jq_move_from(list.moves[i]));
  bool in_check = jq_position_in_check(pos);
  for (int i = 0; i < list.count; i++) {
    /* Selection sort step: few captures are ever looked at. */
    int b = i;
    for (int k = i + 1; k < list.count; k++)
      if (value[k] > value[b])
        b = k;
    JqMove m = list.moves[b];
    list.moves[b] = list.moves[i];
    value[b] = value[i];
    if (!jq_position_move_is_safe_known(pos, m, in_check))
      continue;
    jq_ismcts_play(pos, world, m);
    int v = -probe(pos, world, -beta, -alpha, depth - 1);
    jq_position_unmake_move(pos);
    if (v > alpha) {
      alpha = v;
      if (alpha >= beta)
        break;
    }
  }
  return alpha;
}

int jq_ismcts_probe_cp(JqPosition *pos, const JqIsmctsWorld *world) {
  return probe(pos, world, -1000000, 1000000, PROBE_DEPTH);
}

double jq_ismcts_leaf_value(JqPosition *pos, const JqIsmctsWorld *world,
                            JqIsmctsLeaf kind, int plies, JqRng *rng) {
  JqColor side = (JqColor)pos->side;
  switch (kind) {
  case JQ_ISMCTS_LEAF_PLAYOUT: return playout(pos, world, plies, rng);
  case JQ_ISMCTS_LEAF_PROBE:
    return jq_ismcts_relative_probability(world, side,
                                          jq_ismcts_probe_cp(pos, world));
  case JQ_ISMCTS_LEAF_EVAL:
  default: return jq_ismcts_relative_probability(world, side, jq_evaluate(pos));
  }
}
