/* The evaluation's weights, in centipawns, one set per variant. Xiangqi's
 * were fitted to a stronger engine's evaluations (bench/tune-eval.c);
 * jieqi has its own, since its hidden pieces and free advisors make other
 * positions, and the HIDDEN_ and GUARD_ACROSS terms at the end are jieqi's
 * alone (0 in the xiangqi column). Named through one list so that the
 * tuner can walk them. */
#pragma once

#include "jq-types.h"

#define JQ_EVAL_WEIGHT_LIST(X)                                            \
  X(ADVISOR, "advisor value")                                             \
  X(ELEPHANT, "elephant value")                                           \
  X(HORSE, "horse value")                                                 \
  X(CHARIOT, "chariot value")                                             \
  X(CANNON, "cannon value")                                               \
  X(PAWN, "pawn value")                                                   \
  X(PAWN_BANK, "pawn on its own river bank")                              \
  X(PAWN_CROSSED, "pawn across the river")                                \
  X(PAWN_CROSSED_EG, "pawn across the river, per missing attacker")       \
  X(PAWN_CENTRE, "crossed pawn, per file from the centre")                \
  X(PAWN_NEAR_PALACE, "crossed pawn on ranks 6 to 8")                     \
  X(PAWN_LAST_RANK, "pawn on the last rank")                              \
  X(PAWN_KING_FILE, "crossed pawn next to the enemy king's file")         \
  X(HORSE_BASE, "horse placement base")                                   \
  X(HORSE_CENTRE, "horse, per file from the centre")                      \
  X(HORSE_MIDDLE, "horse on ranks 3 to 7")                                \
  X(HORSE_FORWARD, "horse on ranks 3 to 7, per rank forward")             \
  X(HORSE_EDGE, "horse on an edge file")                                  \
  X(HORSE_HOME, "horse on its home rank")                                 \
  X(CHARIOT_BASE, "chariot placement base")                               \
  X(CHARIOT_CENTRE, "chariot, per file from the centre")                  \
  X(CHARIOT_FORWARD, "chariot on ranks 5 to 7")                           \
  X(CHARIOT_HOME, "undeveloped chariot")                                  \
  X(CANNON_CENTRAL, "central cannon while the board is full")             \
  X(CANNON_MIDDLE, "cannon on ranks 3 to 5")                              \
  X(CANNON_DEEP, "central cannon on rank 7 or beyond")                    \
  X(KING_CENTRE, "king, per file from the centre")                        \
  X(KING_UP, "king, per rank up")                                         \
  X(GUARD_HOME, "advisor or elephant in its home shape")                  \
  X(CHARIOT_PALACE, "chariot reach into the enemy palace, per point")     \
  X(CHARIOT_TARGET, "chariot reaching an enemy piece")                    \
  X(CHARIOT_MOBILITY, "chariot, per empty point reached")                 \
  X(HORSE_MOBILITY, "horse, per move")                                    \
  X(HORSE_PALACE, "horse move into the enemy palace")                     \
  X(HORSE_TRAPPED, "horse activity base")                                 \
  X(CANNON_MOBILITY, "cannon, per empty point reached")                   \
  X(CANNON_KING_PIN, "cannon with the enemy king behind one screen")      \
  X(CANNON_TARGET, "cannon with an enemy piece behind one screen")        \
  X(CANNON_FULL_BOARD, "cannon, per attacker on the board above 11")      \
  X(HORSE_FULL_BOARD, "horse, per attacker on the board below 11")        \
  X(MISSING_GUARD, "missing advisor or elephant, per enemy attacker")     \
  X(CANNON_OPEN_KING, "cannon facing the enemy king down an open file")   \
  X(CHARIOT_OPEN_KING, "chariot facing the enemy king down an open file") \
  X(KS_CHARIOT, "king danger: a chariot reaching the palace")             \
  X(KS_HORSE, "king danger: a horse reaching the palace")                 \
  X(KS_CANNON, "king danger: a cannon reaching the palace")               \
  X(KS_PAWN, "king danger: a pawn reaching the palace")                   \
  X(KS_POINT, "king danger: per palace point reached")                    \
  X(KS_GUARD, "king danger: per advisor or elephant left")                \
  X(KS_SCALE, "king danger: penalty per danger squared, in 1/1024")       \
  X(TEMPO, "side to move")                                                \
  X(HIDDEN_ADVISOR_POINT, "hidden piece on an advisor point")             \
  X(HIDDEN_ELEPHANT_POINT, "hidden piece on an elephant point")           \
  X(HIDDEN_HORSE_POINT, "hidden piece on a horse point")                  \
  X(HIDDEN_CHARIOT_POINT, "hidden piece on a chariot point")              \
  X(HIDDEN_CANNON_POINT, "hidden piece on a cannon point")                \
  X(HIDDEN_PAWN_POINT, "hidden piece on a pawn point")                    \
  X(HIDDEN_ATTACKED, "hidden piece of the side to move under attack")     \
  X(HIDDEN_HANGING, "hidden piece of the side not to move under attack")  \
  X(GUARD_ACROSS, "revealed advisor or elephant across the river")        \
  X(HIDDEN_GUARD, "hidden guard-point piece, per enemy attacker")

typedef enum {
#define JQ_EVAL_WEIGHT_ENUM(name, text) JQ_W_##name,
  JQ_EVAL_WEIGHT_LIST(JQ_EVAL_WEIGHT_ENUM)
#undef JQ_EVAL_WEIGHT_ENUM
      JQ_W_COUNT
} JqEvalWeight;

/* [variant][weight]. Read-only while any search runs; the tuner writes
 * them between evaluations. */
extern int jq_eval_weights[2][JQ_W_COUNT];
extern const char *const jq_eval_weight_names[JQ_W_COUNT];
extern const char *const jq_eval_weight_texts[JQ_W_COUNT];
