/* JqUciPlayer: an outside UCI engine as a player (jq-player.h). A thread
 * of its own runs the engine through the blocking client
 * (src/uci/jq-uci-client.h), so the main loop never waits for it: the
 * engine is started at the first turn, told the variant (UCI_Variant) and
 * the user's option values, and given each turn as the game's start and
 * its moves in xiangqi (so it sees repetitions), the side's view as a FEN
 * in jieqi (the JieqiBox dialect our jieqi-engine reads), in its own rank
 * numbering. Its "info" lines come back as progress.
 *
 * An engine that cannot start, exits, gives no bestmove within its time
 * and a grace, or answers with a move that is not legal is stopped; the
 * player emits ::failed with a message for the user naming the engine and
 * what happened, and plays the rest of that game with the built-in AI
 * (its turn included). The next game tries the engine again.
 *
 * Signal, on the main thread: failed (const char *message). */
#pragma once

#include "jq-engine-list.h"
#include "jq-player.h"

G_BEGIN_DECLS

#define JQ_TYPE_UCI_PLAYER (jq_uci_player_get_type())
G_DECLARE_FINAL_TYPE(JqUciPlayer, jq_uci_player, JQ, UCI_PLAYER, GObject)

/* How long past its time an engine has to answer, by default. */
#define JQ_UCI_PLAYER_GRACE_MS 3000

/* A player for (a copy of) `engine`. */
JqUciPlayer *jq_uci_player_new(const JqEngine *engine);
/* The engine it runs (its id, name, command and values). */
const JqEngine *jq_uci_player_get_engine(JqUciPlayer *self);
/* The built-in AI that takes over after a failure: its algorithm and
 * strength (alphabeta at full strength until told). */
void jq_uci_player_set_fallback(JqUciPlayer *self, const char *algorithm,
                                int strength);
/* The grace past the turn's time (tests shorten it). */
void jq_uci_player_set_grace(JqUciPlayer *self, int grace_ms);
/* Whether the built-in AI plays for it in this game. */
gboolean jq_uci_player_is_replaced(JqUciPlayer *self);

/* For the tests: `func` is called on the engine's thread each time it has
 * handed an answer (a move or a failure) over to the main thread. */
typedef void (*JqUciPlayerPostedFunc)(gpointer data);
void jq_uci_player_set_posted_hook(JqUciPlayer *self,
                                   JqUciPlayerPostedFunc func, gpointer data);

G_END_DECLS
