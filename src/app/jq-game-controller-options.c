/* The controller's options, each a property: the computer's algorithm and
 * strength (one computer's, or each side's when it plays both), its
 * thinking time, the analysis engine, the pace of its moves and the pause,
 * the capture disclosure rule, and how moves are written. */
#include "jq-config.h"

#include "jq-game-controller-private.h"

const char *jq_game_controller_get_algorithm(JqGameController *self) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(self), NULL);
  return self->algorithm;
}

void jq_game_controller_set_algorithm(JqGameController *self,
                                      const char *algorithm) {
  g_return_if_fail(JQ_IS_GAME_CONTROLLER(self));
  if (!jq_game_controller_algorithm_known(algorithm)) {
    g_warning("Unknown computer algorithm '%s': keeping '%s'",
              algorithm ? algorithm : "(null)", self->algorithm);
    return;
  }
  if (g_strcmp0(self->algorithm, algorithm) == 0)
    return;
  g_free(self->algorithm);
  self->algorithm = g_strdup(algorithm);
  g_object_notify(G_OBJECT(self), "algorithm");
}

int jq_game_controller_get_strength(JqGameController *self) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(self), 0);
  return self->strength;
}

void jq_game_controller_set_strength(JqGameController *self, int strength) {
  g_return_if_fail(JQ_IS_GAME_CONTROLLER(self));
  strength = CLAMP(strength, 0, JQ_STRENGTH_MAX);
  if (self->strength == strength)
    return;
  self->strength = strength;
  g_object_notify(G_OBJECT(self), "strength");
}

const char *jq_game_controller_get_side_algorithm(JqGameController *self,
                                                  JqColor side) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(self), NULL);
  g_return_val_if_fail(side == JQ_RED || side == JQ_BLACK, NULL);
  return self->side_algorithm[side];
}

void jq_game_controller_set_side_algorithm(JqGameController *self, JqColor side,
                                           const char *algorithm) {
  g_return_if_fail(JQ_IS_GAME_CONTROLLER(self));
  g_return_if_fail(side == JQ_RED || side == JQ_BLACK);
  if (!jq_game_controller_algorithm_known(algorithm)) {
    g_warning("Unknown computer algorithm '%s': keeping '%s'",
              algorithm ? algorithm : "(null)", self->side_algorithm[side]);
    return;
  }
  if (g_strcmp0(self->side_algorithm[side], algorithm) == 0)
    return;
  g_free(self->side_algorithm[side]);
  self->side_algorithm[side] = g_strdup(algorithm);
  g_object_notify(G_OBJECT(self),
                  side == JQ_RED ? "red-algorithm" : "black-algorithm");
}

int jq_game_controller_get_side_strength(JqGameController *self, JqColor side) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(self), 0);
  g_return_val_if_fail(side == JQ_RED || side == JQ_BLACK, 0);
  return self->side_strength[side];
}

void jq_game_controller_set_side_strength(JqGameController *self, JqColor side,
                                          int strength) {
  g_return_if_fail(JQ_IS_GAME_CONTROLLER(self));
  g_return_if_fail(side == JQ_RED || side == JQ_BLACK);
  strength = CLAMP(strength, 0, JQ_STRENGTH_MAX);
  if (self->side_strength[side] == strength)
    return;
  self->side_strength[side] = strength;
  g_object_notify(G_OBJECT(self),
                  side == JQ_RED ? "red-strength" : "black-strength");
}

int jq_game_controller_get_think_time(JqGameController *self) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(self), 0);
  return self->think_time;
}

void jq_game_controller_set_think_time(JqGameController *self, int ms) {
  g_return_if_fail(JQ_IS_GAME_CONTROLLER(self));
  ms = CLAMP(ms, JQ_THINK_TIME_MIN, JQ_THINK_TIME_MAX);
  if (self->think_time == ms)
    return;
  self->think_time = ms;
  g_object_notify(G_OBJECT(self), "think-time");
}

const char *jq_game_controller_get_analysis_engine_id(JqGameController *self) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(self), "");
  return self->analysis_engine ? self->analysis_engine : "";
}

void jq_game_controller_set_analysis_engine_id(JqGameController *self,
                                               const char *id) {
  g_return_if_fail(JQ_IS_GAME_CONTROLLER(self));
  if (!id)
    id = "";
  if (g_strcmp0(jq_game_controller_get_analysis_engine_id(self), id) == 0)
    return;
  g_free(self->analysis_engine);
  self->analysis_engine = g_strdup(id);
  g_object_notify(G_OBJECT(self), "analysis-engine");
}

int jq_game_controller_get_move_interval(JqGameController *self) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(self), 0);
  return jq_move_pacer_get_interval(self->pacer);
}

void jq_game_controller_set_move_interval(JqGameController *self, int ms) {
  g_return_if_fail(JQ_IS_GAME_CONTROLLER(self));
  ms = CLAMP(ms, 0, JQ_MOVE_INTERVAL_MAX);
  if (jq_move_pacer_get_interval(self->pacer) == ms)
    return;
  jq_move_pacer_set_interval(self->pacer, ms);
  g_object_notify(G_OBJECT(self), "move-interval");
}

gboolean jq_game_controller_get_paused(JqGameController *self) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(self), FALSE);
  return jq_move_pacer_get_paused(self->pacer);
}

void jq_game_controller_set_paused(JqGameController *self, gboolean paused) {
  g_return_if_fail(JQ_IS_GAME_CONTROLLER(self));
  paused = !!paused;
  if (jq_move_pacer_get_paused(self->pacer) == paused)
    return;
  /* Resuming may play the move that waited: the state is told after. */
  jq_game_controller_mark_changed(self);
  jq_move_pacer_set_paused(self->pacer, paused);
  jq_game_controller_clock_sync(self);
  g_object_notify(G_OBJECT(self), "paused");
  jq_game_controller_emit_pending(self);
}

JqDisclosure jq_game_controller_get_disclosure(JqGameController *self) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(self), JQ_DISCLOSE_CAPTOR);
  return self->disclosure;
}

void jq_game_controller_set_disclosure(JqGameController *self,
                                       JqDisclosure disclosure) {
  g_return_if_fail(JQ_IS_GAME_CONTROLLER(self));
  g_return_if_fail((guint)disclosure <= JQ_DISCLOSE_BOTH);
  if (self->disclosure == disclosure)
    return;
  self->disclosure = disclosure;
  /* An arbiter's game keeps the rule it is played with on both sides. */
  if (!self->has_arbiter)
    jq_game_set_disclosure(self->game, disclosure);
  jq_game_controller_drop_browse_cache(self);
  jq_game_controller_mark_changed(self);
  g_object_notify(G_OBJECT(self), "disclosure");
  jq_game_controller_emit_pending(self);
}

JqNotationStyle jq_game_controller_get_notation(JqGameController *self) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(self), JQ_NOTATION_STYLE_CHINESE);
  return self->notation;
}

void jq_game_controller_set_notation(JqGameController *self,
                                     JqNotationStyle notation) {
  g_return_if_fail(JQ_IS_GAME_CONTROLLER(self));
  g_return_if_fail((guint)notation <= JQ_NOTATION_STYLE_COORDINATES);
  if (self->notation == notation)
    return;
  self->notation = notation;
  jq_game_controller_mark_changed(self);
  g_object_notify(G_OBJECT(self), "notation");
  jq_game_controller_emit_pending(self);
}

JqCharset jq_game_controller_get_charset(JqGameController *self) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(self), JQ_CHARSET_SIMPLIFIED);
  return self->charset;
}

void jq_game_controller_set_charset(JqGameController *self, JqCharset charset) {
  g_return_if_fail(JQ_IS_GAME_CONTROLLER(self));
  g_return_if_fail((guint)charset <= JQ_CHARSET_TRADITIONAL);
  if (self->charset == charset)
    return;
  self->charset = charset;
  jq_game_controller_mark_changed(self);
  g_object_notify(G_OBJECT(self), "character-style");
  jq_game_controller_emit_pending(self);
}
