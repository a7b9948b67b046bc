/* Why a move the user tries on the board cannot be played, in words for
 * the status line: no piece there, not theirs, their own piece in the way,
 * a hidden piece that moves as the piece of its starting point, a king left
 * in check or facing the other king. */
#pragma once

#include <glib.h>

#include "jq-position.h"

G_BEGIN_DECLS

/* NULL when from-to (points on the board) is a legal move of `side` on its
 * `view`; else why not. Free with g_free. */
char *jq_move_refusal(const JqPosition *view, JqColor side, int from, int to);

G_END_DECLS
