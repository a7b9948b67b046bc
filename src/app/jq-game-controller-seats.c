/* The controller's players: who holds each side's seat (the human, a
 * network peer, an outside engine or the built-in AI), telling the player
 * to move that its turn has come, asking the advisor or the analysis
 * engine for a hint, and taking their answers: a move, paced before it is
 * played, a hint, or a report of how the thinking goes. */
#include "jq-config.h"

#include <glib/gi18n-lib.h>

#include "jq-game-controller-private.h"
#include "jq-move-format.h"

/* The computer's algorithm and strength for `side`: the side's own when
 * the computer plays both sides, else the one computer's. */
void jq_game_controller_ai_setup(JqGameController *self, JqColor side,
                                 const char **algorithm, int *strength) {
  gboolean both = self->players[JQ_RED] == JQ_PLAYER_MODE_COMPUTER &&
                  self->players[JQ_BLACK] == JQ_PLAYER_MODE_COMPUTER;
  *algorithm = both ? self->side_algorithm[side] : self->algorithm;
  *strength = both ? self->side_strength[side] : self->strength;
}

/* Who plays `side` now: the human; a player from elsewhere (a network
 * peer), which holds its seat whatever engine the side is set to; the
 * outside engine when the side's algorithm is one; else the built-in AI,
 * which is set to the side's algorithm and strength whoever plays. */
static JqPlayer *seat(JqGameController *self, JqColor side) {
  const char *algorithm;
  int strength;
  jq_game_controller_ai_setup(self, side, &algorithm, &strength);
  jq_ai_player_set_algorithm(self->ais[side], algorithm);
  jq_ai_player_set_strength(self->ais[side], strength);
  if (self->players[side] == JQ_PLAYER_MODE_HUMAN)
    return JQ_PLAYER(self->humans[side]);
  if (self->remote[side])
    return self->remote[side];
  JqPlayer *outside =
      jq_game_controller_outside_seat(self, side, algorithm, strength);
  return outside ? outside : JQ_PLAYER(self->ais[side]);
}

/* The thinking player's report, as the analysis view shows it. */
void jq_game_controller_on_progress(JqPlayer *player, const JqProgress *p,
                                    JqGameController *self) {
  if (player != self->thinker)
    return;
  JqMoveFormat format = {self->notation, self->charset};
  g_autofree char *pv =
      jq_move_format_line(&format, self->think_view, p->pv, p->pv_len);
  g_clear_pointer(&self->analysis, jq_analysis_free);
  self->analysis = jq_analysis_new(p, self->think_side, self->think_ply,
                                   self->think_purpose == JQ_THINK_HINT, pv);
  g_clear_pointer(&self->last_analysis, jq_analysis_free);
  self->last_analysis = jq_analysis_copy(self->analysis);
  jq_game_controller_emit_progress(self);
}

/* Ends the current turn or hint at once; a player's answer to it, if one
 * still comes or waits to be played, is dropped. */
void jq_game_controller_cancel_thinking(JqGameController *self) {
  jq_move_pacer_drop(self->pacer);
  if (!self->thinker)
    return;
  jq_player_cancel(self->thinker);
  self->thinker = NULL;
  g_clear_pointer(&self->analysis, jq_analysis_free);
}

/* A player's move whose time has come (jq-move-pacer.h). */
static void play_paced(JqMove move, gpointer data) {
  JqGameController *self = data;
  GError *refused = NULL;
  /* Too late: its flag fell, and the game is lost on time. */
  if (!jq_game_controller_apply_move(self, move, TRUE, &refused) &&
      !g_error_matches(refused, JQ_GAME_CONTROLLER_ERROR,
                       JQ_GAME_CONTROLLER_ERROR_GAME_OVER)) {
    g_warning("The computer's move was refused: %s", refused->message);
    g_error_free(refused);
  }
  jq_game_controller_emit_pending(self);
}

void jq_game_controller_on_move_chosen(JqPlayer *player, guint move,
                                       JqGameController *self) {
  if (player != self->thinker)
    return;
  self->thinker = NULL;
  g_clear_pointer(&self->analysis, jq_analysis_free);
  if (self->think_purpose == JQ_THINK_MOVE) {
    if (move == JQ_MOVE_NONE)
      g_warning("The computer found no move in a game still going on");
    else
      jq_move_pacer_submit(self->pacer, (JqMove)move);
  } else {
    self->hint = (JqMove)move;
    self->pending_hint = TRUE;
  }
  jq_game_controller_emit_pending(self);
}

/* Hands `side` the position as it knows it, for its move or, from the
 * advisor, for a hint. A human's turn needs no thinking. */
static void start_thinking(JqGameController *self, JqThinkPurpose purpose,
                           JqColor side) {
  jq_game_controller_cancel_thinking(self);
  JqPlayer *player;
  if (purpose == JQ_THINK_HINT) {
    /* A hint is the engine's best advice, whatever the opponent's
     * level (the advisor plays at full strength); the analysis engine's
     * when an outside one is chosen. */
    jq_ai_player_set_algorithm(self->advisor, self->algorithm);
    player = jq_game_controller_hint_seat(self);
    if (!player)
      player = JQ_PLAYER(self->advisor);
  } else {
    player = seat(self, side);
  }
  if (!self->think_view)
    self->think_view = g_new(JqPosition, 1);
  jq_game_view(self->game, side, self->think_view);
  JqTurn turn = {
      .view = self->think_view,
      .ply = jq_game_move_count(self->game),
      .game_id = self->game_id,
      .think_time = self->think_time,
  };
  /* Xiangqi hides nothing: the whole game, for the repetitions. */
  if (jq_game_variant(self->game) == JQ_VARIANT_XIANGQI) {
    self->think_moves = g_renew(JqMove, self->think_moves, MAX(turn.ply, 1));
    for (int i = 0; i < turn.ply; i++)
      self->think_moves[i] = jq_game_move_at(self->game, i).move;
    turn.start = jq_game_initial(self->game);
    turn.moves = self->think_moves;
    turn.n_moves = turn.ply;
  }
  if (purpose == JQ_THINK_MOVE)
    jq_game_controller_clock_limits(self, turn.clock_ms, &turn.inc_ms);
  else
    turn.clock_ms[JQ_RED] = turn.clock_ms[JQ_BLACK] = -1;
  jq_player_take_turn(player, &turn);
  if (!jq_player_is_thinking(player))
    return;
  self->thinker = player;
  self->think_purpose = purpose;
  self->think_side = side;
  self->think_ply = turn.ply;
}

void jq_game_controller_set_remote_player(JqGameController *self, JqColor side,
                                          JqPlayer *player) {
  g_return_if_fail(JQ_IS_GAME_CONTROLLER(self));
  g_return_if_fail(player == NULL || JQ_IS_PLAYER(player));
  if (self->remote[side] == player)
    return;
  if (self->thinker && self->thinker == self->remote[side])
    jq_game_controller_cancel_thinking(self);
  if (self->remote[side]) {
    g_signal_handlers_disconnect_by_data(self->remote[side], self);
    g_clear_object(&self->remote[side]);
  }
  if (player) {
    self->remote[side] = g_object_ref(player);
    g_signal_connect(player, "move-chosen",
                     G_CALLBACK(jq_game_controller_on_move_chosen), self);
  }
}

JqPlayer *jq_game_controller_get_remote_player(JqGameController *self,
                                               JqColor side) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(self), NULL);
  g_return_val_if_fail(side == JQ_RED || side == JQ_BLACK, NULL);
  return self->remote[side];
}

JqPlayer *jq_game_controller_get_thinker(JqGameController *self) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(self), NULL);
  return self->thinker;
}

/* After every change: the player to move is told its turn has come
 * (unless its move is already chosen, waiting to be played). */
void jq_game_controller_maybe_start_computer(JqGameController *self) {
  if (self->thinker || jq_move_pacer_is_holding(self->pacer) ||
      jq_game_is_over(self->game))
    return;
  start_thinking(self, JQ_THINK_MOVE, jq_game_side_to_move(self->game));
}

gboolean jq_game_controller_request_hint(JqGameController *self,
                                         GError **error) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(self), FALSE);
  if (!jq_game_controller_check_human_turn(
          self, _("Go back to the game to ask for a hint."), error))
    return FALSE;
  if (self->thinker) {
    if (self->think_purpose == JQ_THINK_HINT)
      return TRUE;
    g_set_error(error, JQ_GAME_CONTROLLER_ERROR, JQ_GAME_CONTROLLER_ERROR_BUSY,
                _("The computer is thinking."));
    return FALSE;
  }
  start_thinking(self, JQ_THINK_HINT, jq_game_side_to_move(self->game));
  jq_game_controller_emit_pending(self);
  return TRUE;
}

JqMove jq_game_controller_get_hint(JqGameController *self) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(self), JQ_MOVE_NONE);
  return self->hint;
}

gboolean jq_game_controller_is_thinking(JqGameController *self) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(self), FALSE);
  return self->thinker != NULL;
}

const JqAnalysis *jq_game_controller_get_analysis(JqGameController *self) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(self), NULL);
  return self->analysis;
}

const JqAnalysis *
jq_game_controller_get_shown_analysis(JqGameController *self) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(self), NULL);
  const JqAnalysis *a = self->last_analysis;
  if (!a)
    return NULL;
  JqMove next = a->ply < jq_game_move_count(self->game)
                    ? jq_game_move_at(self->game, a->ply).move
                    : JQ_MOVE_NONE;
  int shown = jq_game_controller_get_browse_ply(self);
  return jq_analysis_is_for(a, shown, next) ? a : NULL;
}

void jq_game_controller_seats_init(JqGameController *self) {
  for (int side = 0; side < 2; side++) {
    self->humans[side] = jq_human_player_new();
    self->ais[side] = jq_ai_player_new();
  }
  self->advisor = jq_ai_player_new();
  self->pacer = jq_move_pacer_new(play_paced, self);
  gpointer players[] = {self->humans[JQ_RED], self->humans[JQ_BLACK],
                        self->ais[JQ_RED], self->ais[JQ_BLACK], self->advisor};
  for (gsize i = 0; i < G_N_ELEMENTS(players); i++) {
    g_signal_connect(players[i], "move-chosen",
                     G_CALLBACK(jq_game_controller_on_move_chosen), self);
    g_signal_connect(players[i], "progress",
                     G_CALLBACK(jq_game_controller_on_progress), self);
  }
}

void jq_game_controller_seats_dispose(JqGameController *self) {
  /* The players stop their thinking and free their AIs as they go. */
  gpointer players[] = {self->humans[JQ_RED], self->humans[JQ_BLACK],
                        self->ais[JQ_RED], self->ais[JQ_BLACK], self->advisor};
  for (gsize i = 0; i < G_N_ELEMENTS(players); i++)
    if (players[i])
      g_signal_handlers_disconnect_by_data(players[i], self);
  jq_game_controller_engines_dispose(self);
  g_clear_object(&self->ais[JQ_RED]);
  g_clear_object(&self->ais[JQ_BLACK]);
  g_clear_object(&self->advisor);
  g_clear_object(&self->humans[JQ_RED]);
  g_clear_object(&self->humans[JQ_BLACK]);
  jq_game_controller_set_remote_player(self, JQ_RED, NULL);
  jq_game_controller_set_remote_player(self, JQ_BLACK, NULL);
}
