#include "jq-app-enums.h"

G_DEFINE_ENUM_TYPE(JqPlayerMode, jq_player_mode,
                   G_DEFINE_ENUM_VALUE(JQ_PLAYER_MODE_HUMAN, "human"),
                   G_DEFINE_ENUM_VALUE(JQ_PLAYER_MODE_COMPUTER, "computer"))

G_DEFINE_ENUM_TYPE(JqNotationStyle, jq_notation_style,
                   G_DEFINE_ENUM_VALUE(JQ_NOTATION_STYLE_CHINESE, "chinese"),
                   G_DEFINE_ENUM_VALUE(JQ_NOTATION_STYLE_WXF, "wxf"),
                   G_DEFINE_ENUM_VALUE(JQ_NOTATION_STYLE_COORDINATES,
                                       "coordinates"))

G_DEFINE_ENUM_TYPE(JqBoardOrientation, jq_board_orientation,
                   G_DEFINE_ENUM_VALUE(JQ_BOARD_ORIENTATION_AUTO, "auto"),
                   G_DEFINE_ENUM_VALUE(JQ_BOARD_ORIENTATION_RED_BOTTOM,
                                       "red-bottom"),
                   G_DEFINE_ENUM_VALUE(JQ_BOARD_ORIENTATION_BLACK_BOTTOM,
                                       "black-bottom"))

G_DEFINE_FLAGS_TYPE(JqMoveFlags, jq_move_flags,
                    G_DEFINE_ENUM_VALUE(JQ_MOVE_FLAGS_NONE, "none"),
                    G_DEFINE_ENUM_VALUE(JQ_MOVE_FLAGS_CAPTURE, "capture"),
                    G_DEFINE_ENUM_VALUE(JQ_MOVE_FLAGS_CHECK, "check"),
                    G_DEFINE_ENUM_VALUE(JQ_MOVE_FLAGS_REVEAL, "reveal"),
                    G_DEFINE_ENUM_VALUE(JQ_MOVE_FLAGS_COMPUTER, "computer"))

G_DEFINE_ENUM_TYPE(JqColor, jq_color, G_DEFINE_ENUM_VALUE(JQ_RED, "red"),
                   G_DEFINE_ENUM_VALUE(JQ_BLACK, "black"))

G_DEFINE_ENUM_TYPE(JqVariant, jq_variant,
                   G_DEFINE_ENUM_VALUE(JQ_VARIANT_XIANGQI, "xiangqi"),
                   G_DEFINE_ENUM_VALUE(JQ_VARIANT_JIEQI, "jieqi"))

G_DEFINE_ENUM_TYPE(JqDisclosure, jq_disclosure,
                   G_DEFINE_ENUM_VALUE(JQ_DISCLOSE_CAPTOR, "captor"),
                   G_DEFINE_ENUM_VALUE(JQ_DISCLOSE_NOBODY, "nobody"),
                   G_DEFINE_ENUM_VALUE(JQ_DISCLOSE_BOTH, "both"))

G_DEFINE_ENUM_TYPE(JqCharset, jq_charset,
                   G_DEFINE_ENUM_VALUE(JQ_CHARSET_SIMPLIFIED, "simplified"),
                   G_DEFINE_ENUM_VALUE(JQ_CHARSET_TRADITIONAL, "traditional"))

G_DEFINE_ENUM_TYPE(JqOutcome, jq_outcome,
                   G_DEFINE_ENUM_VALUE(JQ_OUTCOME_NONE, "none"),
                   G_DEFINE_ENUM_VALUE(JQ_OUTCOME_RED_WINS, "red-wins"),
                   G_DEFINE_ENUM_VALUE(JQ_OUTCOME_BLACK_WINS, "black-wins"),
                   G_DEFINE_ENUM_VALUE(JQ_OUTCOME_DRAW, "draw"))

G_DEFINE_ENUM_TYPE(
    JqReason, jq_reason, G_DEFINE_ENUM_VALUE(JQ_REASON_NONE, "none"),
    G_DEFINE_ENUM_VALUE(JQ_REASON_CHECKMATE, "checkmate"),
    G_DEFINE_ENUM_VALUE(JQ_REASON_STALEMATE, "stalemate"),
    G_DEFINE_ENUM_VALUE(JQ_REASON_PERPETUAL_CHECK, "perpetual-check"),
    G_DEFINE_ENUM_VALUE(JQ_REASON_PERPETUAL_CHASE, "perpetual-chase"),
    G_DEFINE_ENUM_VALUE(JQ_REASON_REPETITION, "repetition"),
    G_DEFINE_ENUM_VALUE(JQ_REASON_NATURAL_LIMIT, "natural-limit"),
    G_DEFINE_ENUM_VALUE(JQ_REASON_NO_ATTACKERS, "no-attackers"),
    G_DEFINE_ENUM_VALUE(JQ_REASON_RESIGNATION, "resignation"),
    G_DEFINE_ENUM_VALUE(JQ_REASON_TIME, "time"),
    G_DEFINE_ENUM_VALUE(JQ_REASON_ILLEGAL_MOVE, "illegal-move"),
    G_DEFINE_ENUM_VALUE(JQ_REASON_AGREEMENT, "agreement"))
