/* The "greedy" baseline: looks one ply ahead and no further. Among the legal
 * captures it takes the most valuable victim, and of the moves that take
 * it, one by the cheapest capturer; with no capture it plays a random move.
 * It never asks whether the capturer can be taken back: that is the point
 * of a one-ply baseline.
 *
 * A hidden piece is worth the average of its side's hidden pool as the view
 * knows it (the view is all it ever sees). The final choice among equal
 * moves, and the random move, are left to a "random" AI inside it, which
 * gets the candidates as limits->searchmoves; so "Seed" and the common
 * options behave exactly as for "random". */
#include <stdlib.h>

#include "jq-ai-private.h"
#include "jq-movegen.h"

typedef struct {
  JqAi base;
  JqAi *dice; /* a random AI that picks among equals */
} GreedyAi;

/* Centipawns, the usual rough scale: the king never gets captured in a
 * legal game, so its value only has to be the largest. */
static const int type_value[JQ_TYPE_COUNT] = {
    [JQ_NO_TYPE] = 0,    [JQ_KING] = 10000, [JQ_ADVISOR] = 200,
    [JQ_ELEPHANT] = 200, [JQ_HORSE] = 400,  [JQ_CHARIOT] = 900,
    [JQ_CANNON] = 450,   [JQ_PAWN] = 100,
};

/* Average value of colour c's unrevealed pieces, as the view counts them;
 * times 16 so averages of small pools keep their fractions. */
static int hidden_value16(const JqPosition *view, JqColor c) {
  int total = 0, count = 0;
  for (int t = JQ_ADVISOR; t < JQ_TYPE_COUNT; t++) {
    total += view->pool[c][t] * type_value[t];
    count += view->pool[c][t];
  }
  if (count == 0) /* an inconsistent view: value it like a pawn */
    return 16 * type_value[JQ_PAWN];
  return 16 * total / count;
}

static int piece_value16(const JqPosition *view, JqPiece p) {
  if (jq_piece_is_hidden(p))
    return hidden_value16(view, jq_piece_color(p));
  return 16 * type_value[jq_piece_type(p)];
}

static JqAi *greedy_create(void) {
  GreedyAi *ai = calloc(1, sizeof *ai);
  if (!ai)
    return NULL;
  ai->dice = jq_ai_random_class.create();
  if (!ai->dice) {
    free(ai);
    return NULL;
  }
  ai->dice->klass = &jq_ai_random_class;
  return &ai->base;
}

static void greedy_destroy(JqAi *base) {
  GreedyAi *ai = (GreedyAi *)base;
  jq_ai_random_class.destroy(ai->dice);
  free(ai);
}

static bool greedy_set_option(JqAi *base, const char *name, const char *value,
                              JqError *err) {
  GreedyAi *ai = (GreedyAi *)base;
  return jq_ai_random_class.set_option(ai->dice, name, value, err);
}

static void greedy_new_game(JqAi *base) {
  GreedyAi *ai = (GreedyAi *)base;
  jq_ai_random_class.new_game(ai->dice);
}

static bool allowed(const JqLimits *limits, JqMove move) {
  if (!limits || limits->searchmoves_count == 0)
    return true;
  for (int i = 0; i < limits->searchmoves_count; i++)
    if (limits->searchmoves[i] == move)
      return true;
  return false;
}

static JqMove greedy_think(JqAi *base, const JqPosition *view,
                           const JqLimits *limits, atomic_bool *stop,
                           JqProgressFunc progress, void *data,
                           JqMove *ponder) {
  GreedyAi *ai = (GreedyAi *)base;
  JqMoveList captures;
  jq_generate_legal(view, JQ_GEN_CAPTURES, &captures);

  /* Best victim first, then cheapest capturer; ties go to the dice. */
  JqLimits pick;
  if (limits)
    pick = *limits;
  else
    jq_limits_init(&pick);
  pick.searchmoves_count = 0;
  int best_victim = -1, best_capturer = 0;
  for (int i = 0; i < captures.count; i++) {
    JqMove m = captures.moves[i];
    if (!allowed(limits, m))
      continue;
    int victim = piece_value16(view, view->board[jq_move_to(m)]);
    int capturer = piece_value16(view, view->board[jq_move_from(m)]);
    if (victim > best_victim ||
        (victim == best_victim && capturer < best_capturer)) {
      best_victim = victim;
      best_capturer = capturer;
      pick.searchmoves_count = 0;
    } else if (victim != best_victim || capturer != best_capturer) {
      continue;
    }
    pick.searchmoves[pick.searchmoves_count++] = m;
  }
  /* No capture: the caller's own limits give the random move. */
  JqMove move = jq_ai_random_class.think(
      ai->dice, view, pick.searchmoves_count > 0 ? &pick : limits, stop,
      progress, data, ponder);
  return move;
}

const JqAiClass jq_ai_greedy_class = {
    .name = "greedy",
    .create = greedy_create,
    .destroy = greedy_destroy,
    .set_option = greedy_set_option,
    .new_game = greedy_new_game,
    .think = greedy_think,
    .ponderhit = NULL,
};
