/* Perft: counts the leaf nodes of the legal move tree, the standard check
 * of a move generator. The last ply is counted in bulk. */
#pragma once

#include "jq-position.h"

/* `deal` gives the identity of each hidden square (a jieqi game's truth),
 * NULL when the position has no hidden pieces. */
uint64_t jq_perft(JqPosition *pos, const JqPieceType *deal, int depth);

typedef void (*JqPerftDivideFunc)(JqMove move, uint64_t nodes, void *data);
/* Calls `func` with each legal root move and its subtree count; returns the
 * total. */
uint64_t jq_perft_divide(JqPosition *pos, const JqPieceType *deal, int depth,
                         JqPerftDivideFunc func, void *data);
