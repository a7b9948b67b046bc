/* The game controller's part in a review: the positions to score, each as
 * its mover knew it, and the scores and marks kept with the record. */
#include "jq-config.h"

#include "jq-game-controller-private.h"
#include "jq-review-marks.h"

JqPosition *jq_game_controller_get_mover_views(JqGameController *self,
                                               int *count) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(self), NULL);
  int n = jq_game_move_count(self->game) + 1;
  JqPosition *views = g_new(JqPosition, n);
  JqGame *g = jq_game_copy(self->game);
  if (!g)
    g_error("out of memory");
  /* From the last position back: each undo is a position earlier. */
  for (int ply = n - 1; ply >= 0; ply--) {
    /* The player to move's own view, as the controller hands players. */
    jq_game_view(g, jq_game_side_to_move(g), &views[ply]);
    jq_game_undo(g);
  }
  jq_game_free(g);
  *count = n;
  return views;
}

gboolean jq_game_controller_get_eval(JqGameController *self, int ply,
                                     JqEval *out) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(self), FALSE);
  return jq_game_eval(self->game, ply, out);
}

int jq_game_controller_get_nag(JqGameController *self, int ply) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(self), JQ_NAG_NONE);
  return jq_game_nag(self->game, ply);
}

gboolean jq_game_controller_set_review(JqGameController *self,
                                       const JqEval *evals, int count) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(self), FALSE);
  g_return_val_if_fail(evals != NULL || count == 0, FALSE);
  if (count < 0 || count > jq_game_move_count(self->game) + 1)
    return FALSE;
  for (int ply = 0; ply < count; ply++)
    if (!jq_eval_is_valid(&evals[ply]))
      return FALSE;
  for (int ply = 0; ply < count; ply++)
    jq_game_set_eval(self->game, ply, &evals[ply]);
  /* A move is marked when both its positions are scored; the review's
   * own marks are replaced, any other assessment ("!") kept unless the
   * review finds fault. */
  JqGame *g = jq_game_copy(self->game);
  if (!g)
    g_error("out of memory");
  g_autofree JqColor *movers = g_new(JqColor, MAX(count, 1));
  for (int ply = jq_game_move_count(g); ply >= 0; ply--) {
    if (ply < count)
      movers[ply] = jq_game_side_to_move(g);
    jq_game_undo(g);
  }
  jq_game_free(g);
  for (int ply = 1; ply < count; ply++) {
    JqReviewMark mark =
        jq_review_mark(&evals[ply - 1], &evals[ply], movers[ply - 1]);
    int was = jq_game_nag(self->game, ply);
    if (mark != JQ_REVIEW_MARK_NONE ||
        jq_review_mark_from_nag(was) != JQ_REVIEW_MARK_NONE)
      jq_game_set_nag(self->game, ply, jq_review_mark_nag(mark));
  }
  jq_game_controller_mark_changed(self);
  jq_game_controller_autosave(self);
  jq_game_controller_emit_pending(self);
  return TRUE;
}
