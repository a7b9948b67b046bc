/* The controller as arbiter: a human's move checked and refused in words,
 * a move played on the live game (its clock pressed, what it turned up
 * taken from the game's deal or from the arbiter that holds it), and the
 * game ended by a resignation, a draw agreed or a flag fallen. */
#include "jq-config.h"

#include <glib/gi18n-lib.h>

#include "jq-error-text.h"
#include "jq-game-controller-private.h"
#include "jq-move-refusal.h"

/* Plays a legal move on the live game (a human's checked, or the
 * computer's). */
gboolean jq_game_controller_apply_move(JqGameController *self, JqMove move,
                                       gboolean computer, GError **error) {
  const JqPosition *before = jq_game_truth(self->game);
  JqMoveFlags flags = computer ? JQ_MOVE_FLAGS_COMPUTER : JQ_MOVE_FLAGS_NONE;
  if (before->board[jq_move_to(move)] != JQ_EMPTY)
    flags |= JQ_MOVE_FLAGS_CAPTURE;
  if (jq_piece_is_hidden(before->board[jq_move_from(move)]))
    flags |= JQ_MOVE_FLAGS_REVEAL;
  if (!jq_game_controller_clock_press(self)) {
    g_set_error(error, JQ_GAME_CONTROLLER_ERROR,
                JQ_GAME_CONTROLLER_ERROR_GAME_OVER,
                _("The time is up: the game is lost on time."));
    return FALSE;
  }
  JqError err = {{0}};
  gboolean played =
      self->has_arbiter
          ? jq_game_play_with_reveal(
                self->game, move,
                self->arbiter.reveal(jq_game_move_count(self->game),
                                     self->arbiter.data),
                &err)
          : jq_game_play(self->game, move, &err);
  if (!played) {
    g_autofree char *why = jq_error_text(&err);
    g_set_error(error, JQ_GAME_CONTROLLER_ERROR,
                JQ_GAME_CONTROLLER_ERROR_ILLEGAL_MOVE, "%s", why);
    jq_game_controller_clock_sync(self);
    return FALSE;
  }
  jq_game_controller_clock_sync(self);
  if (jq_position_in_check(jq_game_truth(self->game)))
    flags |= JQ_MOVE_FLAGS_CHECK;
  g_array_set_size(self->redo, 0);
  self->hint = JQ_MOVE_NONE;
  self->pending_move = TRUE;
  self->pending_move_move = move;
  self->pending_move_flags = flags;
  jq_game_controller_mark_changed(self);
  jq_game_controller_autosave(self);
  if (jq_game_is_over(self->game))
    self->pending_game_over = TRUE;
  else
    jq_game_controller_maybe_start_computer(self);
  return TRUE;
}

/* Whether the person at the screen may act now (move, or ask for a hint):
 * the live game shown, not over, and their turn; if not, why, in words for
 * the status line (`browsing` says what to do when an earlier position is
 * shown). */
gboolean jq_game_controller_check_human_turn(JqGameController *self,
                                             const char *browsing,
                                             GError **error) {
  if (self->browse_ply >= 0) {
    g_set_error_literal(error, JQ_GAME_CONTROLLER_ERROR,
                        JQ_GAME_CONTROLLER_ERROR_BROWSING, browsing);
    return FALSE;
  }
  if (jq_game_is_over(self->game)) {
    g_set_error(error, JQ_GAME_CONTROLLER_ERROR,
                JQ_GAME_CONTROLLER_ERROR_GAME_OVER, _("The game is over."));
    return FALSE;
  }
  JqColor side = jq_game_side_to_move(self->game);
  if (self->players[side] != JQ_PLAYER_MODE_HUMAN) {
    g_set_error(error, JQ_GAME_CONTROLLER_ERROR,
                JQ_GAME_CONTROLLER_ERROR_NOT_YOUR_TURN,
                _("It is the computer’s turn."));
    return FALSE;
  }
  return TRUE;
}

/* Why a human's move cannot be played, in words for the status line. */
static gboolean check_human_move(JqGameController *self, int from, int to,
                                 GError **error) {
  if (!jq_game_controller_check_human_turn(
          self,
          _("You are looking at an earlier position: go back to the game to "
            "move."),
          error))
    return FALSE;
  if (from < 0 || from >= JQ_SQUARES || to < 0 || to >= JQ_SQUARES) {
    g_set_error(error, JQ_GAME_CONTROLLER_ERROR,
                JQ_GAME_CONTROLLER_ERROR_ILLEGAL_MOVE,
                _("That is not a point on the board."));
    return FALSE;
  }
  JqColor side = jq_game_side_to_move(self->game);
  JqPosition *view = g_new(JqPosition, 1);
  jq_game_view(self->game, side, view);
  g_autofree char *why = jq_move_refusal(view, side, from, to);
  g_free(view);
  if (why) {
    g_set_error_literal(error, JQ_GAME_CONTROLLER_ERROR,
                        JQ_GAME_CONTROLLER_ERROR_ILLEGAL_MOVE, why);
    return FALSE;
  }
  return TRUE;
}

gboolean jq_game_controller_play_move(JqGameController *self, int from, int to,
                                      GError **error) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(self), FALSE);
  if (!check_human_move(self, from, to, error))
    return FALSE;
  /* A hint being thought about is for the position that is going away. */
  jq_game_controller_cancel_thinking(self);
  if (self->has_arbiter) {
    /* Played here when the arbiter has played it. */
    gboolean sent =
        self->arbiter.submit(jq_move_make(from, to), self->arbiter.data, error);
    jq_game_controller_emit_pending(self);
    return sent;
  }
  if (!jq_game_controller_apply_move(self, jq_move_make(from, to), FALSE,
                                     error))
    return FALSE;
  jq_game_controller_emit_pending(self);
  return TRUE;
}

void jq_game_controller_set_arbiter(JqGameController *self,
                                    const JqArbiter *arbiter) {
  g_return_if_fail(JQ_IS_GAME_CONTROLLER(self));
  self->has_arbiter = arbiter != NULL;
  if (arbiter)
    self->arbiter = *arbiter;
  /* A seal made of the stand-in deal would pass it off as the deal. */
  g_clear_pointer(&self->sealed_deal, g_free);
}

gboolean jq_game_controller_play_arbitrated(JqGameController *self, JqMove move,
                                            GError **error) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(self), FALSE);
  jq_game_controller_stop_browsing(self);
  jq_game_controller_cancel_thinking(self);
  gboolean ok = jq_game_controller_apply_move(self, move, FALSE, error);
  jq_game_controller_emit_pending(self);
  return ok;
}

void jq_game_controller_replace_record(JqGameController *self, JqGame *game) {
  g_return_if_fail(JQ_IS_GAME_CONTROLLER(self));
  jq_game_free(self->game);
  self->game = game;
  g_clear_pointer(&self->sealed_deal, g_free);
  g_clear_pointer(&self->last_analysis, jq_analysis_free);
  jq_game_controller_drop_browse_cache(self);
  jq_game_controller_mark_changed(self);
  jq_game_controller_autosave(self);
  jq_game_controller_emit_pending(self);
}

/* Ends the game still going on with `result` (a resignation, a draw
 * agreed). */
void jq_game_controller_declare_result(JqGameController *self,
                                       JqResult result) {
  jq_game_controller_cancel_thinking(self);
  jq_game_declare_result(self->game, result);
  jq_game_controller_clock_sync(self);
  self->hint = JQ_MOVE_NONE;
  jq_game_controller_drop_browse_cache(self);
  jq_game_controller_mark_changed(self);
  self->pending_game_over = TRUE;
  jq_game_controller_autosave(self);
  jq_game_controller_emit_pending(self);
}

gboolean jq_game_controller_resign(JqGameController *self, GError **error) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(self), FALSE);
  if (jq_game_is_over(self->game)) {
    g_set_error(error, JQ_GAME_CONTROLLER_ERROR,
                JQ_GAME_CONTROLLER_ERROR_GAME_OVER, _("The game is over."));
    return FALSE;
  }
  JqColor side;
  gboolean red = self->players[JQ_RED] == JQ_PLAYER_MODE_HUMAN;
  gboolean black = self->players[JQ_BLACK] == JQ_PLAYER_MODE_HUMAN;
  if (red && black)
    side = jq_game_side_to_move(self->game);
  else if (red || black)
    side = red ? JQ_RED : JQ_BLACK;
  else {
    g_set_error(error, JQ_GAME_CONTROLLER_ERROR,
                JQ_GAME_CONTROLLER_ERROR_NO_HUMAN,
                _("Only a human player can resign."));
    return FALSE;
  }
  jq_game_controller_declare_result(
      self, jq_result_loss(side, JQ_REASON_RESIGNATION));
  return TRUE;
}

gboolean jq_game_controller_agree_draw(JqGameController *self, GError **error) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(self), FALSE);
  if (jq_game_is_over(self->game)) {
    g_set_error(error, JQ_GAME_CONTROLLER_ERROR,
                JQ_GAME_CONTROLLER_ERROR_GAME_OVER, _("The game is over."));
    return FALSE;
  }
  if (self->players[JQ_RED] != JQ_PLAYER_MODE_HUMAN &&
      self->players[JQ_BLACK] != JQ_PLAYER_MODE_HUMAN) {
    g_set_error(error, JQ_GAME_CONTROLLER_ERROR,
                JQ_GAME_CONTROLLER_ERROR_NO_HUMAN,
                _("Only a human player can offer a draw."));
    return FALSE;
  }
  jq_game_controller_declare_result(
      self,
      jq_result_draw(JQ_REASON_AGREEMENT, jq_game_side_to_move(self->game)));
  return TRUE;
}
