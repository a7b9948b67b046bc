/* Moves in words for the move list and the analysis line, in the notation
 * the user chose: Chinese (炮二平五), WXF (C2.5) or coordinates (h2e2), with
 * what a hidden piece turned up as when that may be shown. */
#pragma once

#include <glib.h>

#include "jq-app-enums.h"
#include "jq-game.h"
#include "jq-notation.h"

G_BEGIN_DECLS

/* How moves are written. */
typedef struct {
  JqNotationStyle notation;
  JqCharset charset;
} JqMoveFormat;

/* Appends the move of `pos` (the position before it). `reveal` holds only
 * what may be shown: the identity turned up, and a captured hidden piece's
 * identity when the reader knows it. */
void jq_move_format_append(const JqMoveFormat *format, const JqPosition *pos,
                           JqMove move, JqReveal reveal, GString *out);

/* The game's moves, one string each. A captured hidden piece is named only
 * when show_captured[captor] (the reader learns it). Free with
 * g_strfreev. */
char **jq_move_format_record(const JqMoveFormat *format, const JqGame *game,
                             const gboolean show_captured[2]);

/* An AI's expected line from its view, moves apart. A move of a hidden
 * piece ends it: what follows depends on what it turns up as. Free with
 * g_free. */
char *jq_move_format_line(const JqMoveFormat *format, const JqPosition *view,
                          const JqMove *pv, int len);

G_END_DECLS
