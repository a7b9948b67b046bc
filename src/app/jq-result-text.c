#include "jq-config.h"

#include "jq-result-text.h"

#include <glib/gi18n-lib.h>

/* Whole sentences per side, so translations can order them freely. */
char *jq_result_text(JqResult result, JqVariant variant) {
  gboolean red = result.culprit == JQ_RED;
  switch (result.reason) {
  case JQ_REASON_CHECKMATE:
    return g_strdup(red ? _("Black wins: Red is checkmated.")
                        : _("Red wins: Black is checkmated."));
  case JQ_REASON_STALEMATE:
    return g_strdup(red ? _("Black wins: Red has no legal move.")
                        : _("Red wins: Black has no legal move."));
  case JQ_REASON_PERPETUAL_CHECK:
    return g_strdup(red ? _("Black wins: Red gave perpetual check.")
                        : _("Red wins: Black gave perpetual check."));
  case JQ_REASON_PERPETUAL_CHASE:
    return g_strdup(red ? _("Black wins: Red chased a piece perpetually.")
                        : _("Red wins: Black chased a piece perpetually."));
  case JQ_REASON_RESIGNATION:
    return g_strdup(red ? _("Black wins: Red resigned.")
                        : _("Red wins: Black resigned."));
  case JQ_REASON_TIME:
    return g_strdup(red ? _("Black wins: Red lost on time.")
                        : _("Red wins: Black lost on time."));
  case JQ_REASON_ILLEGAL_MOVE:
    return g_strdup(red ? _("Black wins: Red made an illegal move.")
                        : _("Red wins: Black made an illegal move."));
  case JQ_REASON_REPETITION: return g_strdup(_("Draw by repetition."));
  case JQ_REASON_NATURAL_LIMIT: {
    int moves = variant == JQ_VARIANT_JIEQI ? 40 : 60;
    return g_strdup_printf(
        g_dngettext(GETTEXT_PACKAGE, "Draw: %d move each without a capture.",
                    "Draw: %d moves each without a capture.", moves),
        moves);
  }
  case JQ_REASON_NO_ATTACKERS:
    return g_strdup(
        _("Draw: neither side has a piece that can cross the river."));
  case JQ_REASON_AGREEMENT: return g_strdup(_("Draw by agreement."));
  case JQ_REASON_NONE:
  default: break;
  }
  switch (result.outcome) {
  case JQ_OUTCOME_RED_WINS: return g_strdup(_("Red wins."));
  case JQ_OUTCOME_BLACK_WINS: return g_strdup(_("Black wins."));
  case JQ_OUTCOME_DRAW: return g_strdup(_("Draw."));
  case JQ_OUTCOME_NONE:
  default: return NULL;
  }
}
