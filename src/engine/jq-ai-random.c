/* The "random" baseline: a uniformly random legal move of the view it is
 * given. Its dice are seeded by the "Seed" option, so a run can be repeated;
 * without one the seed comes from the clock. It also serves as the dice of
 * the greedy baseline, which hands it the moves to choose among through
 * limits->searchmoves. */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "jq-ai-options.h"
#include "jq-ai-private.h"
#include "jq-movegen.h"
#include "jq-rng.h"

typedef struct {
  JqAi base;
  JqRng rng;
} RandomAi;

/* Options are matched without regard to case, as UCI asks. */
static bool same_name(const char *a, const char *b) {
  return strcasecmp(a, b) == 0;
}

static JqAi *random_create(void) {
  RandomAi *ai = calloc(1, sizeof *ai);
  if (!ai)
    return NULL;
  /* No seed given: the clock and the object's address make runs differ. */
  struct timespec ts;
  timespec_get(&ts, TIME_UTC);
  uint64_t seed = (uint64_t)ts.tv_sec * 1000000007u + (uint64_t)ts.tv_nsec;
  jq_rng_seed(&ai->rng, seed ^ (uint64_t)(uintptr_t)ai);
  return &ai->base;
}

static void random_destroy(JqAi *ai) { free(ai); }

static bool random_set_option(JqAi *base, const char *name, const char *value,
                              JqError *err) {
  RandomAi *ai = (RandomAi *)base;
  if (same_name(name, "Seed")) {
    uint64_t seed;
    if (!jq_ai_parse_seed(value, &seed))
      return jq_error_set(err,
                          "option Seed takes a non-negative whole "
                          "number, not '%s'",
                          value);
    jq_rng_seed(&ai->rng, seed);
    return true;
  }
  bool known;
  bool ok = jq_ai_common_option(name, value, &known, err);
  if (known)
    return ok;
  return jq_error_set(err,
                      "unknown option '%s' (this AI takes Seed, and accepts "
                      "Hash, Threads, MultiPV, Skill Level and the other "
                      "common UCI options)",
                      name);
}

/* The dice run on across games, so a new game changes nothing. */
static void random_new_game(JqAi *ai) { (void)ai; }

static bool in_searchmoves(const JqLimits *limits, JqMove move) {
  for (int i = 0; i < limits->searchmoves_count; i++)
    if (limits->searchmoves[i] == move)
      return true;
  return false;
}

static JqMove random_think(JqAi *base, const JqPosition *view,
                           const JqLimits *limits, atomic_bool *stop,
                           JqProgressFunc progress, void *data,
                           JqMove *ponder) {
  RandomAi *ai = (RandomAi *)base;
  JqMoveList list;
  jq_generate_legal(view, JQ_GEN_ALL, &list);
  /* searchmoves narrows the choice; moves in it that are not legal are
   * ignored, and if none is legal the whole list stays. */
  if (limits && limits->searchmoves_count > 0) {
    int kept = 0;
    for (int i = 0; i < list.count; i++)
      if (in_searchmoves(limits, list.moves[i]))
        list.moves[kept++] = list.moves[i];
    if (kept > 0)
      list.count = kept;
  }
  if (list.count == 0)
    return JQ_MOVE_NONE;
  JqMove move = list.moves[jq_rng_below(&ai->rng, (uint32_t)list.count)];
  if (progress) {
    JqProgress p;
    memset(&p, 0, sizeof p);
    p.depth = 1;
    p.nodes = (uint64_t)list.count;
    p.pv_len = 1;
    p.pv[0] = move;
    progress(&p, data);
  }
  return move;
}

const JqAiClass jq_ai_random_class = {
    .name = "random",
    .create = random_create,
    .destroy = random_destroy,
    .set_option = random_set_option,
    .new_game = random_new_game,
    .think = random_think,
    .ponderhit = NULL,
};
