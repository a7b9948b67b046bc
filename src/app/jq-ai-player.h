/* JqAiPlayer: the computer as a player (jq-player.h). One per side, each
 * with its own algorithm and strength, and one more that gives the human
 * hints. It thinks in a worker thread about the view it is handed (its
 * own copy: the game may change meanwhile), reports its progress, and
 * keeps its AI between turns so that what it learned (the hash table) is
 * not lost; an AI that played another game forgets it first. A cancelled
 * turn's result, when the worker ends, is thrown away. */
#pragma once

#include "jq-player.h"

G_BEGIN_DECLS

#define JQ_TYPE_AI_PLAYER (jq_ai_player_get_type())
G_DECLARE_FINAL_TYPE(JqAiPlayer, jq_ai_player, JQ, AI_PLAYER, GObject)

/* Range of the strength (the engine's "Skill Level"). */
#define JQ_AI_PLAYER_STRENGTH_MAX 20

/* "alphabeta" at full strength. */
JqAiPlayer *jq_ai_player_new(void);

/* Whether the engine has an algorithm of that name (jq_ai_algorithms). */
gboolean jq_ai_player_algorithm_known(const char *algorithm);

/* Properties "algorithm" and "strength"; they apply from the next turn. An
 * unknown algorithm is refused (FALSE, nothing changed); the strength is
 * clamped to 0..JQ_AI_PLAYER_STRENGTH_MAX. */
const char *jq_ai_player_get_algorithm(JqAiPlayer *self);
gboolean jq_ai_player_set_algorithm(JqAiPlayer *self, const char *algorithm);
int jq_ai_player_get_strength(JqAiPlayer *self);
void jq_ai_player_set_strength(JqAiPlayer *self, int strength);

/* The algorithm of the AI that chose the latest move, NULL before one. */
const char *jq_ai_player_get_last_algorithm(JqAiPlayer *self);
/* The limits the latest turn was thought with (movetime_ms, or each
 * side's clock in a timed game). */
void jq_ai_player_get_last_limits(JqAiPlayer *self, JqLimits *out);
/* How many finished thinks were thrown away as stale (cancelled). */
guint jq_ai_player_get_discarded(JqAiPlayer *self);

G_END_DECLS
