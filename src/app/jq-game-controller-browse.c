/* Browsing the game: an earlier position shown while the game stays where
 * it is, walked to from a cached copy one move a step; and the position
 * the board shows, browsed or live, from the display side's view. */
#include "jq-config.h"

#include "jq-game-controller-private.h"

void jq_game_controller_drop_browse_cache(JqGameController *self) {
  g_clear_pointer(&self->browse_game, jq_game_free);
}

void jq_game_controller_stop_browsing(JqGameController *self) {
  if (self->browse_ply >= 0) {
    self->browse_ply = -1;
    jq_game_controller_mark_changed(self);
  }
  jq_game_controller_drop_browse_cache(self);
}

/* The game as it stood at the browsed ply: the cache walks there from
 * wherever it is (forward by replaying the record's reveals, back by
 * undoing), so stepping through a game costs one move per step. */
static const JqGame *shown_game(JqGameController *self) {
  if (self->browse_ply < 0)
    return self->game;
  if (!self->browse_game)
    self->browse_game = jq_game_copy(self->game);
  JqGame *g = self->browse_game;
  while (jq_game_move_count(g) > self->browse_ply)
    jq_game_undo(g);
  while (jq_game_move_count(g) < self->browse_ply) {
    JqGameMove gm = jq_game_move_at(self->game, jq_game_move_count(g));
    if (!jq_game_play_with_reveal(g, gm.move, gm.reveal, NULL))
      break; /* cannot happen: the record was played once already */
  }
  return g;
}

JqMove *jq_game_controller_get_shown_moves(JqGameController *self,
                                           JqPosition *start, int *n_moves) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(self), NULL);
  *n_moves = 0;
  const JqGame *g = shown_game(self);
  if (jq_game_variant(g) != JQ_VARIANT_XIANGQI)
    return NULL;
  *start = *jq_game_initial(g);
  int n = jq_game_move_count(g);
  JqMove *moves = g_new(JqMove, MAX(n, 1));
  for (int i = 0; i < n; i++)
    moves[i] = jq_game_move_at(g, i).move;
  *n_moves = n;
  return moves;
}

void jq_game_controller_browse(JqGameController *self, int ply) {
  g_return_if_fail(JQ_IS_GAME_CONTROLLER(self));
  if (ply < 0 || ply >= jq_game_move_count(self->game))
    ply = -1;
  if (ply == self->browse_ply)
    return;
  self->browse_ply = ply;
  if (ply < 0)
    jq_game_controller_drop_browse_cache(self);
  jq_game_controller_mark_changed(self);
  jq_game_controller_emit_pending(self);
}

void jq_game_controller_browse_live(JqGameController *self) {
  jq_game_controller_browse(self, -1);
}

int jq_game_controller_get_browse_ply(JqGameController *self) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(self), 0);
  return self->browse_ply < 0 ? jq_game_move_count(self->game)
                              : self->browse_ply;
}

gboolean jq_game_controller_is_browsing(JqGameController *self) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(self), FALSE);
  return self->browse_ply >= 0;
}

void jq_game_controller_get_display_view(JqGameController *self,
                                         JqPosition *out) {
  g_return_if_fail(JQ_IS_GAME_CONTROLLER(self));
  const JqGame *game = shown_game(self);
  int side = jq_game_controller_get_display_side(self);
  if (side < 0)
    jq_game_public_view(game, out);
  else
    jq_game_view(game, (JqColor)side, out);
}
