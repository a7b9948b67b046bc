#include "jq-ai.h"

#include <stdlib.h>
#include <string.h>

#include "jq-ai-private.h"

static const JqAiClass *const classes[] = {
    &jq_ai_alphabeta_class, &jq_ai_random_class,       &jq_ai_greedy_class,
    &jq_ai_ismcts_class,    &jq_ai_determinized_class,
};

#define CLASS_COUNT (sizeof classes / sizeof classes[0])

const char *const *jq_ai_algorithms(void) {
  /* Must list the classes above, in order (checked by the engine tests). */
  static const char *const names[] = {"alphabeta", "random",       "greedy",
                                      "ismcts",    "determinized", NULL};
  return names;
}

void jq_limits_init(JqLimits *limits) {
  memset(limits, 0, sizeof *limits);
  limits->time_ms[0] = limits->time_ms[1] = -1;
}

JqAi *jq_ai_new(const char *algorithm, JqError *err) {
  for (size_t i = 0; i < CLASS_COUNT; i++) {
    if (algorithm && strcmp(algorithm, classes[i]->name) == 0) {
      JqAi *ai = classes[i]->create();
      if (!ai)
        jq_error_set(err, "out of memory");
      else
        ai->klass = classes[i];
      return ai;
    }
  }
  jq_error_set(err, "unknown algorithm '%s'", algorithm ? algorithm : "");
  return NULL;
}

void jq_ai_free(JqAi *ai) {
  if (ai)
    ai->klass->destroy(ai);
}

const char *jq_ai_algorithm(const JqAi *ai) { return ai->klass->name; }

bool jq_ai_set_option(JqAi *ai, const char *name, const char *value,
                      JqError *err) {
  if (!name || !value)
    return jq_error_set(err, "option name and value are required");
  return ai->klass->set_option(ai, name, value, err);
}

void jq_ai_new_game(JqAi *ai) {
  if (ai->klass->new_game)
    ai->klass->new_game(ai);
}

JqMove jq_ai_think(JqAi *ai, const JqPosition *view, const JqLimits *limits,
                   atomic_bool *stop, JqProgressFunc progress, void *data,
                   JqMove *ponder) {
  if (ponder)
    *ponder = JQ_MOVE_NONE;
  return ai->klass->think(ai, view, limits, stop, progress, data, ponder);
}

void jq_ai_prepare(JqAi *ai, const JqPosition *view, const JqLimits *limits) {
  if (ai->klass->prepare)
    ai->klass->prepare(ai, view, limits);
}

void jq_ai_ponderhit(JqAi *ai) {
  if (ai->klass->ponderhit)
    ai->klass->ponderhit(ai);
}
