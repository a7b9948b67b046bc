/* The app's enumerations, and GTypes for the core's, so they can be GObject
 * properties and be bound to GSettings keys (the nicks are the schema's). */
#pragma once

#include <glib-object.h>

#include "jq-notation.h"
#include "jq-result.h"
#include "jq-types.h"

G_BEGIN_DECLS

/* Who plays a side. */
typedef enum {
  JQ_PLAYER_MODE_HUMAN = 0,
  JQ_PLAYER_MODE_COMPUTER = 1,
} JqPlayerMode;

/* How moves are written in the move list and the analysis line. */
typedef enum {
  JQ_NOTATION_STYLE_CHINESE = 0,     /* 炮二平五 */
  JQ_NOTATION_STYLE_WXF = 1,         /* C2.5 */
  JQ_NOTATION_STYLE_COORDINATES = 2, /* h2e2 */
} JqNotationStyle;

/* Which side is drawn at the bottom. AUTO: the human's side (Red when both
 * or neither side is human). */
typedef enum {
  JQ_BOARD_ORIENTATION_AUTO = 0,
  JQ_BOARD_ORIENTATION_RED_BOTTOM = 1,
  JQ_BOARD_ORIENTATION_BLACK_BOTTOM = 2,
} JqBoardOrientation;

/* What a move did, for sounds and animations (JqGameController's
 * move-played signal). */
typedef enum {
  JQ_MOVE_FLAGS_NONE = 0,
  JQ_MOVE_FLAGS_CAPTURE = 1 << 0,  /* something was taken */
  JQ_MOVE_FLAGS_CHECK = 1 << 1,    /* the other king is now in check */
  JQ_MOVE_FLAGS_REVEAL = 1 << 2,   /* a hidden piece was turned up */
  JQ_MOVE_FLAGS_COMPUTER = 1 << 3, /* the computer played it */
} JqMoveFlags;

#define JQ_TYPE_PLAYER_MODE (jq_player_mode_get_type())
GType jq_player_mode_get_type(void);
#define JQ_TYPE_NOTATION_STYLE (jq_notation_style_get_type())
GType jq_notation_style_get_type(void);
#define JQ_TYPE_BOARD_ORIENTATION (jq_board_orientation_get_type())
GType jq_board_orientation_get_type(void);
#define JQ_TYPE_MOVE_FLAGS (jq_move_flags_get_type())
GType jq_move_flags_get_type(void);

/* The core's enums (jq-types.h, jq-notation.h, jq-result.h). */
#define JQ_TYPE_COLOR (jq_color_get_type())
GType jq_color_get_type(void);
#define JQ_TYPE_VARIANT (jq_variant_get_type())
GType jq_variant_get_type(void);
#define JQ_TYPE_DISCLOSURE (jq_disclosure_get_type())
GType jq_disclosure_get_type(void);
#define JQ_TYPE_CHARSET (jq_charset_get_type())
GType jq_charset_get_type(void);
#define JQ_TYPE_OUTCOME (jq_outcome_get_type())
GType jq_outcome_get_type(void);
#define JQ_TYPE_REASON (jq_reason_get_type())
GType jq_reason_get_type(void);

G_END_DECLS
