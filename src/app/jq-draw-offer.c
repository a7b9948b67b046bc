#include "jq-config.h"

#include "jq-draw-offer.h"

#include <math.h>
#include <stdlib.h>

#include <glib/gi18n.h>

gboolean jq_draw_offer_computer_accepts(const JqAnalysis *last,
                                        JqColor computer, int plies) {
  if (last == NULL || plies < 2 * JQ_DRAW_OFFER_MIN_MOVES)
    return FALSE;
  if (last->sampling) {
    double value = last->side == computer ? last->value : 1.0 - last->value;
    return fabs(value - 0.5) <= JQ_DRAW_OFFER_LEVEL_VALUE;
  }
  /* Symmetric, so whose side the score is from does not matter; mate
   * scores are far from level. */
  return abs(last->score) <= JQ_DRAW_OFFER_LEVEL_CP;
}

gboolean jq_draw_offer_to_computer(JqGameController *controller,
                                   gboolean *accepted, GError **error) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(controller), FALSE);
  g_return_val_if_fail(accepted != NULL, FALSE);
  int human = jq_game_controller_get_display_side(controller);
  if (human < 0) {
    g_set_error(error, JQ_GAME_CONTROLLER_ERROR,
                JQ_GAME_CONTROLLER_ERROR_NO_HUMAN,
                _("Only a human playing the computer can offer it a draw."));
    return FALSE;
  }
  if (jq_game_controller_is_over(controller)) {
    g_set_error(error, JQ_GAME_CONTROLLER_ERROR,
                JQ_GAME_CONTROLLER_ERROR_GAME_OVER, _("The game is over."));
    return FALSE;
  }
  if (jq_game_controller_is_browsing(controller)) {
    g_set_error(error, JQ_GAME_CONTROLLER_ERROR,
                JQ_GAME_CONTROLLER_ERROR_BROWSING,
                _("Go back to the game to offer a draw."));
    return FALSE;
  }
  if (!jq_game_controller_is_human_turn(controller)) {
    g_set_error(error, JQ_GAME_CONTROLLER_ERROR,
                JQ_GAME_CONTROLLER_ERROR_NOT_YOUR_TURN,
                _("Offer a draw on your turn."));
    return FALSE;
  }
  *accepted = jq_draw_offer_computer_accepts(
      jq_game_controller_get_shown_analysis(controller),
      jq_color_other((JqColor)human),
      jq_game_controller_get_move_count(controller));
  if (*accepted && !jq_game_controller_agree_draw(controller, error))
    return FALSE;
  return TRUE;
}
