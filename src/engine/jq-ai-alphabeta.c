/* The alpha-beta AI: the search behind the AI interface, with its options
 * and the strength limit (Skill Level / UCI_Elo). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "jq-ai-options.h"
#include "jq-ai-private.h"
#include "jq-rng.h"
#include "jq-search.h"

typedef struct {
  JqAi parent;
  JqSearch *search;
  int skill; /* 0..20; 20 is full strength */
  bool limit_strength;
  int elo;
  uint64_t seed;
  JqRng rng;
} AlphaBeta;

static JqAi *ab_create(void) {
  AlphaBeta *ab = calloc(1, sizeof *ab);
  if (!ab)
    return NULL;
  ab->search = jq_search_new();
  if (!ab->search) {
    free(ab);
    return NULL;
  }
  ab->skill = 20;
  ab->elo = 2800;
  jq_rng_seed(&ab->rng, 0x5eed);
  return &ab->parent;
}

static void ab_destroy(JqAi *ai) {
  AlphaBeta *ab = (AlphaBeta *)ai;
  jq_search_free(ab->search);
  free(ab);
}

static bool ab_set_option(JqAi *ai, const char *name, const char *value,
                          JqError *err) {
  AlphaBeta *ab = (AlphaBeta *)ai;
  long v;
  bool b;
  if (strcasecmp(name, "Hash") == 0) {
    if (!jq_ai_parse_long(value, 1, 65536, &v))
      return jq_error_set(err, "Hash must be a number of MB from 1 to 65536");
    if (!jq_search_set_hash(ab->search, (size_t)v))
      return jq_error_set(err, "cannot allocate %ld MB for the hash table", v);
    return true;
  }
  if (strcasecmp(name, "Threads") == 0) {
    if (!jq_ai_parse_long(value, 1, 64, &v))
      return jq_error_set(err, "Threads must be from 1 to 64");
    jq_search_set_threads(ab->search, (int)v);
    return true;
  }
  if (strcasecmp(name, "MultiPV") == 0) {
    if (!jq_ai_parse_long(value, 1, 10, &v))
      return jq_error_set(err, "MultiPV must be from 1 to 10");
    jq_search_set_multipv(ab->search, (int)v);
    return true;
  }
  if (strcasecmp(name, "Skill Level") == 0) {
    if (!jq_ai_parse_long(value, 0, 20, &v))
      return jq_error_set(err, "Skill Level must be from 0 to 20");
    ab->skill = (int)v;
    return true;
  }
  if (strcasecmp(name, "UCI_LimitStrength") == 0) {
    if (!jq_ai_parse_bool(value, &b))
      return jq_error_set(err, "UCI_LimitStrength must be true or false");
    ab->limit_strength = b;
    return true;
  }
  if (strcasecmp(name, "UCI_Elo") == 0) {
    if (!jq_ai_parse_long(value, 800, 2800, &v))
      return jq_error_set(err, "UCI_Elo must be from 800 to 2800");
    ab->elo = (int)v;
    return true;
  }
  if (strcasecmp(name, "Seed") == 0) {
    uint64_t seed;
    if (!jq_ai_parse_seed(value, &seed))
      return jq_error_set(err, "Seed must be a non-negative integer");
    jq_rng_seed(&ab->rng, seed);
    return true;
  }
  return jq_error_set(err, "unknown option '%s'", name);
}

static void ab_new_game(JqAi *ai) {
  AlphaBeta *ab = (AlphaBeta *)ai;
  jq_search_clear(ab->search);
}

/* The skill in force: UCI_Elo maps linearly onto 0..20 when limiting. */
static int effective_skill(const AlphaBeta *ab) {
  if (ab->limit_strength) {
    int s = (ab->elo - 800) / 100;
    return s < 0 ? 0 : s > 20 ? 20 : s;
  }
  return ab->skill;
}

static JqMove ab_think(JqAi *ai, const JqPosition *view, const JqLimits *limits,
                       atomic_bool *stop, JqProgressFunc progress, void *data,
                       JqMove *ponder) {
  AlphaBeta *ab = (AlphaBeta *)ai;
  int skill = effective_skill(ab);
  if (skill >= 20)
    return jq_search_run(ab->search, view, limits, stop, progress, data, ponder,
                         NULL, 0, NULL);
  /* Weaker play: a shallow search over several lines, then a choice that
   * may fall on a worse move, the more so the lower the skill. */
  JqLimits weak = *limits;
  int depth_cap = 1 + skill / 3;
  if (weak.depth == 0 || weak.depth > depth_cap)
    weak.depth = depth_cap;
  JqRootResult lines[4];
  int n = 0;
  JqMove best = jq_search_run(ab->search, view, &weak, stop, progress, data,
                              ponder, lines, 4, &n);
  if (n <= 1)
    return best;
  int spread = (20 - skill) * 12;
  int chosen = 0, chosen_value = -1000000000;
  for (int i = 0; i < n; i++) {
    int noise = (int)jq_rng_below(&ab->rng, (uint32_t)spread + 1);
    int value = lines[i].score + noise;
    if (value > chosen_value) {
      chosen_value = value;
      chosen = i;
    }
  }
  if (ponder && chosen != 0)
    *ponder = JQ_MOVE_NONE;
  return lines[chosen].move;
}

static void ab_prepare(JqAi *ai, const JqPosition *view,
                       const JqLimits *limits) {
  (void)view;
  jq_search_prepare(((AlphaBeta *)ai)->search, limits);
}

static void ab_ponderhit(JqAi *ai) {
  jq_search_ponderhit(((AlphaBeta *)ai)->search);
}

const JqAiClass jq_ai_alphabeta_class = {
    .name = "alphabeta",
    .create = ab_create,
    .destroy = ab_destroy,
    .set_option = ab_set_option,
    .new_game = ab_new_game,
    .think = ab_think,
    .prepare = ab_prepare,
    .ponderhit = ab_ponderhit,
};
