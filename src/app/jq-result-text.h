/* How a game ended, in a sentence for the status line and the game-over
 * message: who won and why ("Red wins: Black is checkmated."). */
#pragma once

#include <glib.h>

#include "jq-result.h"
#include "jq-types.h"

G_BEGIN_DECLS

/* The sentence for `result` of a game of `variant` (whose draw by the
 * move limit counts its own number of moves); NULL while the game goes
 * on. Free with g_free. */
char *jq_result_text(JqResult result, JqVariant variant);

G_END_DECLS
