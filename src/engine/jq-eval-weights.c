#include "jq-eval-weights.h"

/* Columns: xiangqi, jieqi. */
#define JQ_EVAL_DEFAULTS(X)    \
  X(ADVISOR, 186, 150)         \
  X(ELEPHANT, 96, 140)         \
  X(HORSE, 156, 300)           \
  X(CHARIOT, 626, 620)         \
  X(CANNON, 487, 320)          \
  X(PAWN, 67, 60)              \
  X(PAWN_BANK, 58, 5)          \
  X(PAWN_CROSSED, 173, 40)     \
  X(PAWN_CROSSED_EG, 0, 0)     \
  X(PAWN_CENTRE, 28, 6)        \
  X(PAWN_NEAR_PALACE, -25, 25) \
  X(PAWN_LAST_RANK, -10, 30)   \
  X(PAWN_KING_FILE, 40, 10)    \
  X(HORSE_BASE, 138, 18)       \
  X(HORSE_CENTRE, -15, 5)      \
  X(HORSE_MIDDLE, 15, 12)      \
  X(HORSE_FORWARD, 2, 3)       \
  X(HORSE_EDGE, 40, 12)        \
  X(HORSE_HOME, 79, 10)        \
  X(CHARIOT_BASE, 215, 6)      \
  X(CHARIOT_CENTRE, 9, 2)      \
  X(CHARIOT_FORWARD, -10, 15)  \
  X(CHARIOT_HOME, 10, 10)      \
  X(CANNON_CENTRAL, 20, 20)    \
  X(CANNON_MIDDLE, -33, 5)     \
  X(CANNON_DEEP, -4, 10)       \
  X(KING_CENTRE, 60, 8)        \
  X(KING_UP, 75, 6)            \
  X(GUARD_HOME, -10, 6)        \
  X(CHARIOT_PALACE, 8, 3)      \
  X(CHARIOT_TARGET, 37, 2)     \
  X(CHARIOT_MOBILITY, 8, 2)    \
  X(HORSE_MOBILITY, 11, 5)     \
  X(HORSE_PALACE, 19, 8)       \
  X(HORSE_TRAPPED, 34, 12)     \
  X(CANNON_MOBILITY, 5, 1)     \
  X(CANNON_KING_PIN, 25, 25)   \
  X(CANNON_TARGET, 19, 4)      \
  X(CANNON_FULL_BOARD, -2, 2)  \
  X(HORSE_FULL_BOARD, 10, 2)   \
  X(MISSING_GUARD, 15, 0)      \
  X(CANNON_OPEN_KING, 125, 70) \
  X(CHARIOT_OPEN_KING, 30, 30) \
  X(KS_CHARIOT, 55, 0)         \
  X(KS_HORSE, 46, 0)           \
  X(KS_CANNON, 52, 0)          \
  X(KS_PAWN, 26, 0)            \
  X(KS_POINT, 4, 0)            \
  X(KS_GUARD, 13, 0)           \
  X(KS_SCALE, 8, 0)            \
  X(TEMPO, 73, 10)

int jq_eval_weights[2][JQ_W_COUNT] = {
#define JQ_EVAL_XIANGQI(name, x, j) [JQ_W_##name] = x,
#define JQ_EVAL_JIEQI(name, x, j) [JQ_W_##name] = j,
    {JQ_EVAL_DEFAULTS(JQ_EVAL_XIANGQI)},
    {JQ_EVAL_DEFAULTS(JQ_EVAL_JIEQI)},
};

const char *const jq_eval_weight_names[JQ_W_COUNT] = {
#define JQ_EVAL_NAME(name, text) [JQ_W_##name] = #name,
    JQ_EVAL_WEIGHT_LIST(JQ_EVAL_NAME)};

const char *const jq_eval_weight_texts[JQ_W_COUNT] = {
#define JQ_EVAL_TEXT(name, text) [JQ_W_##name] = text,
    JQ_EVAL_WEIGHT_LIST(JQ_EVAL_TEXT)};
