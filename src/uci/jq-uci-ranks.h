/* Moves in an outside engine's numbering. Our UCI coordinates count a
 * xiangqi board's ranks 0..9 ("h2e2"); some engines (Fairy-Stockfish)
 * count them 1..10 ("h3e3"). The FEN's board part is the same in both. */
#pragma once

#include <glib.h>
#include <stdbool.h>

#include "jq-types.h"

/* `move` as the engine writes it, appended to `out`. */
void jq_uci_ranks_append_move(GString *out, JqMove move, bool from_one);
/* The engine's move in our numbering, anything after the two squares
 * kept; a copy of `text` when it does not read as two squares (the caller
 * refuses it as a move). Free with g_free. */
char *jq_uci_ranks_move_to_ours(const char *text, bool from_one);
