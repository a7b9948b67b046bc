/* What an AI implementation provides: a class of functions. Each algorithm
 * lives in its own file and registers its class in jq-ai.c. */
#pragma once

#include "jq-ai.h"

typedef struct {
  const char *name;
  JqAi *(*create)(void);
  void (*destroy)(JqAi *ai);
  bool (*set_option)(JqAi *ai, const char *name, const char *value,
                     JqError *err);
  void (*new_game)(JqAi *ai);
  JqMove (*think)(JqAi *ai, const JqPosition *view, const JqLimits *limits,
                  atomic_bool *stop, JqProgressFunc progress, void *data,
                  JqMove *ponder);
  /* Optional: arms the clock of the next think (see jq_ai_prepare). */
  void (*prepare)(JqAi *ai, const JqPosition *view, const JqLimits *limits);
  void (*ponderhit)(JqAi *ai);
} JqAiClass;

/* Every AI object starts with this header. */
struct JqAi {
  const JqAiClass *klass;
};

extern const JqAiClass jq_ai_alphabeta_class;
extern const JqAiClass jq_ai_random_class;
extern const JqAiClass jq_ai_greedy_class;
extern const JqAiClass jq_ai_ismcts_class;
extern const JqAiClass jq_ai_determinized_class;
