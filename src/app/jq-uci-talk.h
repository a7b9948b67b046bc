/* Talking to an outside UCI engine for the app: starting it for a variant
 * with the user's option values, the "position" command (in the engine's
 * rank numbering and FEN dialect), and reading its moves and "info" lines
 * back into our moves. Shared by the engine as a player
 * (jq-uci-player.c) and as the analyst (jq-analysis-mode.c); everything
 * here may block and runs in a worker thread. */
#pragma once

#include "jq-ai.h"
#include "jq-engine-list.h"
#include "jq-player.h"
#include "jq-uci-client.h"

G_BEGIN_DECLS

/* An engine gets this long to start, answer "uci" and "isready". */
#define JQ_UCI_TALK_START_MS 10000
/* What "quit" is given before the engine is killed. */
#define JQ_UCI_TALK_QUIT_MS 500

/* Starts `e` for jieqi or xiangqi: handshake, the user's values, the
 * variant, isready. NULL with *why (translated, for the user) when it
 * cannot start or does not play the variant. */
JqUciClient *jq_uci_talk_start(const JqEngine *e, gboolean jieqi, char **why);
/* The "position" command: the game's start and its moves when there are
 * (xiangqi: the engine sees repetitions), else `view` alone (jieqi, in the
 * JieqiBox dialect: a move list cannot say what each reveal turned up). */
char *jq_uci_talk_position(const JqEngine *e, const JqPosition *view,
                           const JqPosition *start, const JqMove *moves,
                           int n_moves);
/* The engine's move text for `view`, JQ_MOVE_NONE when it is not legal. */
JqMove jq_uci_talk_read_move(const JqEngine *e, const JqPosition *view,
                             const char *text);
/* An "info" line with a score and a line into *out (multipv set, 1 when
 * the line gives none); the line's moves as far as they read as legal, up
 * to the first that turns a hidden piece up (what it turns up is unknown).
 * FALSE for any other info line. `scratch` is working room. */
gboolean jq_uci_talk_parse_info(const JqEngine *e, const JqPosition *view,
                                const char *line, JqProgress *out,
                                JqPosition *scratch);

G_END_DECLS
