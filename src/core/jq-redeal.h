/* Dealing a game's hidden pieces anew: the same start and the same record
 * with other identities for the pieces a reader has not seen. For an
 * unfinished jieqi game read from a file that kept its deal secret
 * (jq-pgn.h), when the sealed deal cannot be opened or does not fit. */
#pragma once

#include <stdbool.h>

#include "jq-error.h"
#include "jq-game.h"
#include "jq-rng.h"

/* seen[sq] tells whether `reader` (JQ_RED, JQ_BLACK, or -1 for what both
 * players know) has learned the identity of the hidden starting point sq
 * by the end of the record: it moved (a hidden piece turns up as it
 * leaves its point), or it was captured and the game's disclosure rule
 * told the reader. False everywhere else. */
void jq_redeal_seen(const JqGame *game, int reader, bool seen[JQ_SQUARES]);

/* A fresh deal: the seen points keep the game's identities; the others
 * share out what is left of their colour's pool, uniformly at random.
 * deal[sq] is JQ_NO_TYPE off the hidden starting points. */
void jq_redeal_draw(const JqGame *game, const bool seen[JQ_SQUARES], JqRng *rng,
                    JqPieceType deal[JQ_SQUARES]);

/* The game replayed from its start with `deal` (as from jq_redeal_draw or
 * jq_game_initial_deal) and the game's disclosure rule; a declared result
 * is carried over. NULL with err when the deal does not fit: a seen point
 * gets another identity, or the deal is not the start's pool. */
JqGame *jq_redeal(const JqGame *game, const JqPieceType deal[JQ_SQUARES],
                  const bool seen[JQ_SQUARES], JqError *err);
