/* The "determinized" baseline: the usual way programs play hidden-piece
 * games. It draws a few deals consistent with the view (the core's
 * sampler), runs the alpha-beta search on each as if that deal were known,
 * and plays the move most deals chose (ties broken by the mean score).
 * It exists to measure IS-MCTS against; in xiangqi, with nothing hidden,
 * it is plain alpha-beta. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "jq-ai-options.h"
#include "jq-ai-private.h"
#include "jq-clock.h"
#include "jq-determinize.h"
#include "jq-movegen.h"
#include "jq-rng.h"
#include "jq-search.h"
#include "jq-time.h"

#define MAX_DEALS 64
/* Without a time budget (infinite, ponder) deals are searched in rounds of
 * this much time each until stopped. */
#define OPEN_SLICE_MS 500

typedef struct {
  JqAi parent;
  JqSearch *search;
  int deals;
  JqRng rng;
  JqClock clock; /* of a search over deals; in xiangqi the search's own */
} Determinized;

static JqAi *det_create(void) {
  Determinized *d = calloc(1, sizeof *d);
  if (!d)
    return NULL;
  d->search = jq_search_new();
  if (!d->search) {
    free(d);
    return NULL;
  }
  d->deals = 4;
  jq_rng_seed(&d->rng, 0xde41);
  return &d->parent;
}

static void det_destroy(JqAi *ai) {
  Determinized *d = (Determinized *)ai;
  jq_search_free(d->search);
  free(d);
}

static bool det_set_option(JqAi *ai, const char *name, const char *value,
                           JqError *err) {
  Determinized *d = (Determinized *)ai;
  long v;
  if (strcasecmp(name, "Deals") == 0) {
    if (!jq_ai_parse_long(value, 1, MAX_DEALS, &v))
      return jq_error_set(err, "Deals must be from 1 to %d", MAX_DEALS);
    d->deals = (int)v;
    return true;
  }
  if (strcasecmp(name, "Hash") == 0) {
    if (!jq_ai_parse_long(value, 1, 65536, &v))
      return jq_error_set(err, "Hash must be a number of MB from 1 to 65536");
    if (!jq_search_set_hash(d->search, (size_t)v))
      return jq_error_set(err, "cannot allocate %ld MB for the hash table", v);
    return true;
  }
  if (strcasecmp(name, "Threads") == 0) {
    if (!jq_ai_parse_long(value, 1, 64, &v))
      return jq_error_set(err, "Threads must be from 1 to 64");
    jq_search_set_threads(d->search, (int)v);
    return true;
  }
  if (strcasecmp(name, "Seed") == 0) {
    uint64_t seed;
    if (!jq_ai_parse_seed(value, &seed))
      return jq_error_set(err, "Seed must be a non-negative integer");
    jq_rng_seed(&d->rng, seed);
    return true;
  }
  bool known;
  bool ok = jq_ai_common_option(name, value, &known, err);
  if (known)
    return ok;
  return jq_error_set(err,
                      "unknown option '%s' (determinized takes Deals, Hash, "
                      "Threads and Seed)",
                      name);
}

static void det_new_game(JqAi *ai) {
  jq_search_clear(((Determinized *)ai)->search);
}

static bool view_has_hidden(const JqPosition *view) {
  for (int sq = 0; sq < JQ_SQUARES; sq++)
    if (view->board[sq] && jq_piece_is_hidden(view->board[sq]))
      return true;
  return false;
}

static void det_prepare(JqAi *ai, const JqPosition *view,
                        const JqLimits *limits) {
  Determinized *d = (Determinized *)ai;
  /* Only the clock that think will use: an armed clock left unused would
   * be taken up by a later search. */
  if (view_has_hidden(view))
    jq_clock_arm(&d->clock, limits->ponder);
  else
    jq_search_prepare(d->search, limits);
}

static void det_ponderhit(JqAi *ai) {
  Determinized *d = (Determinized *)ai;
  /* Whichever is pondering: the other ignores it. */
  jq_clock_ponderhit(&d->clock);
  jq_search_ponderhit(d->search);
}

typedef struct {
  JqMove move;
  int votes;
  int64_t score_sum;
} Tally;

static JqMove det_think(JqAi *ai, const JqPosition *view,
                        const JqLimits *limits, atomic_bool *stop,
                        JqProgressFunc progress, void *data, JqMove *ponder) {
  Determinized *d = (Determinized *)ai;
  jq_search_set_deal(d->search, NULL, 0);
  if (!view_has_hidden(view))
    return jq_search_run(d->search, view, limits, stop, progress, data, ponder,
                         NULL, 0, NULL);

  jq_clock_start(&d->clock, limits->ponder);
  int64_t soft = 0, hard = 0;
  jq_time_plan(limits, view->side, &soft, &hard);
  bool timed = soft > 0 && !limits->infinite;
  bool open = limits->infinite || jq_clock_pondering(&d->clock);
  /* Each deal gets an equal share of the budget, or of the node limit. */
  JqLimits each = *limits;
  each.ponder = false;
  each.infinite = false;
  each.time_ms[0] = each.time_ms[1] = -1;
  each.movetime_ms = 0;
  if (limits->nodes)
    each.nodes = limits->nodes / (uint64_t)d->deals + 1;

  Tally tally[JQ_MAX_MOVES];
  int tallied = 0;
  JqPieceType deal[JQ_SQUARES];
  for (int round = 0;; round++) {
    if (stop && atomic_load(stop))
      break;
    if (open && !limits->infinite && !jq_clock_pondering(&d->clock)) {
      /* The clock started at ponderhit: from now, the budget holds. */
      open = false;
    }
    if (!open && round >= d->deals)
      break;
    int64_t used = jq_clock_elapsed_ms(&d->clock);
    if (open) {
      each.movetime_ms = OPEN_SLICE_MS;
    } else if (timed) {
      int left = d->deals - round;
      int64_t share = (soft - used) / left;
      if (share < 1) {
        if (tallied > 0)
          break;
        share = 1;
      }
      each.movetime_ms = (int)share;
    } else if (!limits->depth && !limits->nodes) {
      each.movetime_ms = OPEN_SLICE_MS;
    }
    jq_determinize(view, &d->rng, deal);
    jq_search_set_deal(d->search, deal, jq_rng_next(&d->rng) | 1);
    JqRootResult line;
    int lines = 0;
    JqMove m = jq_search_run(d->search, view, &each, stop, progress, data, NULL,
                             &line, 1, &lines);
    jq_search_set_deal(d->search, NULL, 0);
    if (!m)
      break;
    int score = lines ? line.score : 0;
    int i = 0;
    while (i < tallied && tally[i].move != m)
      i++;
    if (i == tallied) {
      tally[tallied++] = (Tally){m, 0, 0};
    }
    tally[i].votes++;
    tally[i].score_sum += score;
  }
  if (tallied == 0) {
    JqMoveList legal;
    jq_generate_legal(view, JQ_GEN_ALL, &legal);
    return legal.count ? legal.moves[0] : JQ_MOVE_NONE;
  }
  int best = 0;
  for (int i = 1; i < tallied; i++) {
    /* More votes wins; equal votes, the higher mean score. */
    int64_t lhs = tally[i].score_sum * tally[best].votes;
    int64_t rhs = tally[best].score_sum * tally[i].votes;
    if (tally[i].votes > tally[best].votes ||
        (tally[i].votes == tally[best].votes && lhs > rhs))
      best = i;
  }
  (void)ponder;
  return tally[best].move;
}

const JqAiClass jq_ai_determinized_class = {
    .name = "determinized",
    .create = det_create,
    .destroy = det_destroy,
    .set_option = det_set_option,
    .new_game = det_new_game,
    .think = det_think,
    .prepare = det_prepare,
    .ponderhit = det_ponderhit,
};
