/* A timed game's clocks in its PGN: the [TimeControl "600+5"] tag, each
 * move's remaining time as a [%clk h:mm:ss] command at the start of the
 * comment after it, and [JieqiClock "red-ms black-ms"], the times at the
 * save to the millisecond (the time the side to move had used by then
 * included). Read back, the commands are taken out of the comments, so
 * that the user's own text shows and is not written twice. */
#pragma once

#include <glib.h>

#include "jq-game-clock.h"
#include "jq-game.h"

G_BEGIN_DECLS

/* The tag lines for `clock` ("[TimeControl ...]\n[JieqiClock ...]"),
 * without a last newline. Free with g_free. */
char *jq_clock_pgn_tags(const JqGameClock *clock);

/* A copy of `game` whose move comments start with their %clk commands
 * (moves whose times the clock does not remember have none; a comment
 * too long to take one keeps its text alone). NULL when memory runs out.
 * Free with jq_game_free. */
JqGame *jq_clock_pgn_game(const JqGame *game, const JqGameClock *clock);

/* Takes the %clk commands out of `game`'s move comments, and returns the
 * clock that `text`'s tags and those commands describe, at the game's
 * last position and stopped; NULL (an untimed game) when there is no
 * valid TimeControl or any of the times is malformed. */
JqGameClock *jq_clock_pgn_read(JqGame *game, const char *text);

G_END_DECLS
