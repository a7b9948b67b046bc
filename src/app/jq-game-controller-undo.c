/* Taking moves back and playing them again: against the computer, back to
 * the human's previous turn (its reply goes too); a finished game reopens
 * only by taking back; the moves taken back wait, with their comments and
 * the pieces they turned up, for redo until another move is played. */
#include "jq-config.h"

#include "jq-game-controller-private.h"

/* A move undone, with its comment, for redo. */
typedef struct {
  JqGameMove move;
  char *comment;
} Undone;

static void undone_clear(gpointer data) { g_free(((Undone *)data)->comment); }

GArray *jq_game_controller_redo_new(void) {
  GArray *redo = g_array_new(FALSE, FALSE, sizeof(Undone));
  g_array_set_clear_func(redo, undone_clear);
  return redo;
}

/* Who is to move after `ply` moves. */
static JqColor side_at(const JqGame *game, int ply) {
  return (JqColor)(jq_game_initial(game)->side ^ (ply & 1));
}

static gboolean has_human(JqGameController *self) {
  return self->players[JQ_RED] == JQ_PLAYER_MODE_HUMAN ||
         self->players[JQ_BLACK] == JQ_PLAYER_MODE_HUMAN;
}

/* The ply undo goes back to, -1 when none. */
static int undo_target(JqGameController *self) {
  int n = jq_game_move_count(self->game);
  if (n == 0)
    return -1;
  if (!has_human(self))
    return n - 1;
  for (int k = n - 1; k >= 0; k--)
    if (self->players[side_at(self->game, k)] == JQ_PLAYER_MODE_HUMAN)
      return k;
  return -1;
}

static int redo_target(JqGameController *self) {
  int n = jq_game_move_count(self->game);
  int m = (int)self->redo->len;
  if (m == 0)
    return -1;
  if (!has_human(self))
    return n + 1;
  for (int k = n + 1; k <= n + m; k++)
    if (self->players[side_at(self->game, k)] == JQ_PLAYER_MODE_HUMAN)
      return k;
  return n + m;
}

/* A finished game keeps its result: only taking back reopens it. */
gboolean jq_game_controller_can_undo(JqGameController *self) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(self), FALSE);
  return !jq_game_is_over(self->game) && undo_target(self) >= 0;
}

gboolean jq_game_controller_can_take_back(JqGameController *self) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(self), FALSE);
  return undo_target(self) >= 0;
}

/* Moves undone before a resignation cannot follow it. */
gboolean jq_game_controller_can_redo(JqGameController *self) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(self), FALSE);
  return !jq_game_is_over(self->game) && redo_target(self) >= 0;
}

/* What undo and redo share once the record is where it should be. */
static void after_undo_redo(JqGameController *self) {
  self->hint = JQ_MOVE_NONE;
  self->pending_move = FALSE;
  self->pending_game_over = FALSE;
  self->pending_hint = FALSE;
  jq_game_controller_stop_browsing(self);
  jq_game_controller_mark_changed(self);
  jq_game_controller_clock_sync(self);
  jq_game_controller_autosave(self);
  jq_game_controller_maybe_start_computer(self);
  jq_game_controller_emit_pending(self);
}

gboolean jq_game_controller_undo(JqGameController *self) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(self), FALSE);
  if (jq_game_is_over(self->game))
    return FALSE;
  return jq_game_controller_take_back(self);
}

gboolean jq_game_controller_take_back(JqGameController *self) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(self), FALSE);
  int target = undo_target(self);
  if (target < 0)
    return FALSE;
  jq_game_controller_cancel_thinking(self);
  while (jq_game_move_count(self->game) > target) {
    int n = jq_game_move_count(self->game);
    Undone undone = {jq_game_move_at(self->game, n - 1),
                     g_strdup(jq_game_comment(self->game, n))};
    g_array_append_val(self->redo, undone);
    jq_game_undo(self->game);
  }
  /* The position the last report was for is gone from the game. */
  if (self->last_analysis &&
      jq_game_move_count(self->game) < self->last_analysis->ply)
    g_clear_pointer(&self->last_analysis, jq_analysis_free);
  after_undo_redo(self);
  return TRUE;
}

gboolean jq_game_controller_take_back_plies(JqGameController *self, int plies) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(self), FALSE);
  if (plies < 1 || plies > jq_game_move_count(self->game))
    return FALSE;
  jq_game_controller_cancel_thinking(self);
  for (int i = 0; i < plies; i++)
    jq_game_undo(self->game);
  g_array_set_size(self->redo, 0);
  if (self->last_analysis &&
      jq_game_move_count(self->game) < self->last_analysis->ply)
    g_clear_pointer(&self->last_analysis, jq_analysis_free);
  after_undo_redo(self);
  return TRUE;
}

gboolean jq_game_controller_redo(JqGameController *self) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(self), FALSE);
  int target = redo_target(self);
  if (target < 0 || jq_game_is_over(self->game))
    return FALSE;
  jq_game_controller_cancel_thinking(self);
  while (jq_game_move_count(self->game) < target && self->redo->len > 0) {
    Undone *last = &g_array_index(self->redo, Undone, self->redo->len - 1);
    JqGameMove gm = last->move;
    g_autofree char *comment = g_steal_pointer(&last->comment);
    g_array_set_size(self->redo, self->redo->len - 1);
    JqError err = {{0}};
    /* The recorded reveals, so the same pieces turn up again. */
    if (!jq_game_play_with_reveal(self->game, gm.move, gm.reveal, &err)) {
      g_warning("Cannot redo a move: %s", err.message);
      g_array_set_size(self->redo, 0);
      break;
    }
    /* It was valid when it was set. */
    jq_game_set_comment(self->game, jq_game_move_count(self->game), comment,
                        NULL);
  }
  after_undo_redo(self);
  return TRUE;
}
