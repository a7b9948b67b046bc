#include "jq-eval-weights.h"

/* Columns: xiangqi, jieqi. */
#define JQ_EVAL_DEFAULTS(X)        \
  X(ADVISOR, 255, 126)             \
  X(ELEPHANT, 202, 116)            \
  X(HORSE, 280, 288)               \
  X(CHARIOT, 720, 625)             \
  X(CANNON, 619, 324)              \
  X(PAWN, 92, 60)                  \
  X(PAWN_BANK, 56, -2)             \
  X(PAWN_CROSSED, 159, 41)         \
  X(PAWN_CROSSED_EG, -2, 6)        \
  X(PAWN_CENTRE, 29, 7)            \
  X(PAWN_NEAR_PALACE, 23, 25)      \
  X(PAWN_LAST_RANK, 72, 27)        \
  X(PAWN_KING_FILE, 19, 18)        \
  X(HORSE_BASE, 138, 21)           \
  X(HORSE_CENTRE, -6, 0)           \
  X(HORSE_MIDDLE, 29, 17)          \
  X(HORSE_FORWARD, 2, -1)          \
  X(HORSE_EDGE, 12, 17)            \
  X(HORSE_HOME, 63, 11)            \
  X(CHARIOT_BASE, 215, 14)         \
  X(CHARIOT_CENTRE, 16, 3)         \
  X(CHARIOT_FORWARD, -1, 16)       \
  X(CHARIOT_HOME, 10, 9)           \
  X(CANNON_CENTRAL, 20, 24)        \
  X(CANNON_MIDDLE, -26, 3)         \
  X(CANNON_DEEP, 3, 10)            \
  X(KING_CENTRE, 50, 14)           \
  X(KING_UP, 83, 5)                \
  X(GUARD_HOME, -26, 4)            \
  X(CHARIOT_PALACE, 11, 7)         \
  X(CHARIOT_TARGET, 37, 14)        \
  X(CHARIOT_MOBILITY, 8, 12)       \
  X(HORSE_MOBILITY, 12, 2)         \
  X(HORSE_PALACE, 26, 13)          \
  X(HORSE_TRAPPED, 34, 9)          \
  X(CANNON_MOBILITY, 4, 1)         \
  X(CANNON_KING_PIN, 25, 25)       \
  X(CANNON_TARGET, 29, 14)         \
  X(CANNON_FULL_BOARD, 16, 2)      \
  X(HORSE_FULL_BOARD, 5, 1)        \
  X(MISSING_GUARD, 11, 12)         \
  X(CANNON_OPEN_KING, 4, 65)       \
  X(CHARIOT_OPEN_KING, 30, 30)     \
  X(KS_CHARIOT, 46, 0)             \
  X(KS_HORSE, 14, 0)               \
  X(KS_CANNON, 50, 0)              \
  X(KS_PAWN, 38, 0)                \
  X(KS_POINT, 4, 0)                \
  X(KS_GUARD, 12, 0)               \
  X(KS_SCALE, 8, 0)                \
  X(TEMPO, 73, 23)                 \
  X(HIDDEN_ADVISOR_POINT, 0, -4)   \
  X(HIDDEN_ELEPHANT_POINT, 0, -13) \
  X(HIDDEN_HORSE_POINT, 0, 1)      \
  X(HIDDEN_CHARIOT_POINT, 0, 26)   \
  X(HIDDEN_CANNON_POINT, 0, 8)     \
  X(HIDDEN_PAWN_POINT, 0, -22)     \
  X(HIDDEN_ATTACKED, 0, -3)        \
  X(HIDDEN_HANGING, 0, 7)          \
  X(GUARD_ACROSS, 0, 9)            \
  X(HIDDEN_GUARD, 0, 0)

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
