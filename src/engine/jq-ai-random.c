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

/* Options a match runner or GUI sends to every engine. A baseline has no
 * use for them, but takes them (checking the value) so every AI can be
 * driven the same way. */
typedef struct {
  const char *name;
  long min, max; /* min > max: a boolean */
} CommonOption;

static const CommonOption common_options[] = {
    {"Hash", 1, 33554432},       {"Threads", 1, 1024},
    {"MultiPV", 1, 500},         {"Skill Level", 0, 20},
    {"UCI_Elo", 0, 10000},       {"Move Overhead", 0, 60000},
    {"UCI_LimitStrength", 1, 0}, {"Ponder", 1, 0},
    {"UCI_ShowWDL", 1, 0},       {"UCI_AnalyseMode", 1, 0},
};

/* Options are matched without regard to case, as UCI asks. */
static bool same_name(const char *a, const char *b) {
  return strcasecmp(a, b) == 0;
}

static bool check_common_option(const CommonOption *opt, const char *value,
                                JqError *err) {
  if (opt->min > opt->max) {
    if (same_name(value, "true") || same_name(value, "false"))
      return true;
    return jq_error_set(err, "option %s takes true or false, not '%s'",
                        opt->name, value);
  }
  long v;
  if (!jq_ai_parse_long(value, opt->min, opt->max, &v))
    return jq_error_set(err,
                        "option %s takes a whole number from %ld to %ld, "
                        "not '%s'",
                        opt->name, opt->min, opt->max, value);
  return true;
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
  for (size_t i = 0; i < sizeof common_options / sizeof common_options[0]; i++)
    if (same_name(name, common_options[i].name))
      return check_common_option(&common_options[i], value, err);
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
