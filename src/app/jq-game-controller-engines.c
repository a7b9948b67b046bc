/* The game controller's outside engines: a side whose algorithm is
 * "uci:ID" is played by a JqUciPlayer for that engine of the default
 * JqEngineList; its failures are told to the user (the notice signal)
 * while the built-in AI plays on for it. */
#include "jq-config.h"

#include "jq-game-controller-private.h"

gboolean jq_game_controller_algorithm_known(const char *algorithm) {
  return jq_ai_player_algorithm_known(algorithm) ||
         jq_engine_list_find_algorithm(jq_engine_list_get_default(),
                                       algorithm) != NULL;
}

const char *jq_game_controller_get_engine_name(JqGameController *self,
                                               JqColor side) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(self), NULL);
  g_return_val_if_fail(side == JQ_RED || side == JQ_BLACK, NULL);
  if (self->players[side] != JQ_PLAYER_MODE_COMPUTER)
    return NULL;
  const char *algorithm;
  int strength;
  jq_game_controller_ai_setup(self, side, &algorithm, &strength);
  const JqEngine *engine =
      jq_engine_list_find_algorithm(jq_engine_list_get_default(), algorithm);
  return engine ? engine->name : NULL;
}

static void on_failed(JqUciPlayer *player, const char *message,
                      JqGameController *self) {
  jq_game_controller_notice(self, message);
}

static gboolean same_values(GHashTable *a, GHashTable *b) {
  if (g_hash_table_size(a) != g_hash_table_size(b))
    return FALSE;
  GHashTableIter it;
  gpointer k, v;
  g_hash_table_iter_init(&it, a);
  while (g_hash_table_iter_next(&it, &k, &v))
    if (g_strcmp0(v, g_hash_table_lookup(b, k)) != 0)
      return FALSE;
  return TRUE;
}

/* Whether the player still runs the engine as the list has it now. */
static gboolean player_fits(JqUciPlayer *player, const JqEngine *engine) {
  const JqEngine *has = jq_uci_player_get_engine(player);
  return g_strcmp0(has->id, engine->id) == 0 &&
         g_strcmp0(has->command, engine->command) == 0 &&
         has->ranks_from_one == engine->ranks_from_one &&
         same_values(has->values, engine->values);
}

gboolean jq_game_controller_has_outside_player(JqGameController *self,
                                               JqColor side) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(self), FALSE);
  g_return_val_if_fail(side == JQ_RED || side == JQ_BLACK, FALSE);
  return self->outside[side] != NULL;
}

static void drop_player(JqGameController *self, JqColor side) {
  if (!self->outside[side])
    return;
  g_signal_handlers_disconnect_by_data(self->outside[side], self);
  g_clear_object(&self->outside[side]);
}

JqPlayer *jq_game_controller_outside_seat(JqGameController *self, JqColor side,
                                          const char *algorithm, int strength) {
  const JqEngine *engine =
      jq_engine_list_find_algorithm(jq_engine_list_get_default(), algorithm);
  if (!engine) {
    drop_player(self, side);
    return NULL;
  }
  /* A new game or a changed engine: the thinker was cancelled before. */
  if (self->outside[side] && !player_fits(self->outside[side], engine))
    drop_player(self, side);
  if (!self->outside[side]) {
    JqUciPlayer *p = jq_uci_player_new(engine);
    g_signal_connect(p, "move-chosen",
                     G_CALLBACK(jq_game_controller_on_move_chosen), self);
    g_signal_connect(p, "progress", G_CALLBACK(jq_game_controller_on_progress),
                     self);
    g_signal_connect(p, "failed", G_CALLBACK(on_failed), self);
    self->outside[side] = p;
  }
  /* The built-in AI that takes over is the one the side would have. */
  jq_uci_player_set_fallback(self->outside[side], "alphabeta", strength);
  return JQ_PLAYER(self->outside[side]);
}

const JqEngine *jq_game_controller_get_analysis_engine(JqGameController *self) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(self), NULL);
  const char *id = jq_game_controller_get_analysis_engine_id(self);
  if (!*id)
    return NULL;
  /* One removed since falls back to the built-in AI. */
  const JqEngine *engine =
      jq_engine_list_find(jq_engine_list_get_default(), id);
  if (!engine || !jq_engine_plays(engine, jq_game_variant(self->game)))
    return NULL;
  return engine;
}

static void drop_hint_engine(JqGameController *self) {
  if (!self->hint_engine)
    return;
  g_signal_handlers_disconnect_by_data(self->hint_engine, self);
  g_clear_object(&self->hint_engine);
}

JqPlayer *jq_game_controller_hint_seat(JqGameController *self) {
  const JqEngine *engine = jq_game_controller_get_analysis_engine(self);
  if (!engine) {
    drop_hint_engine(self);
    return NULL;
  }
  if (self->hint_engine && !player_fits(self->hint_engine, engine))
    drop_hint_engine(self);
  if (!self->hint_engine) {
    JqUciPlayer *p = jq_uci_player_new(engine);
    g_signal_connect(p, "move-chosen",
                     G_CALLBACK(jq_game_controller_on_move_chosen), self);
    g_signal_connect(p, "progress", G_CALLBACK(jq_game_controller_on_progress),
                     self);
    g_signal_connect(p, "failed", G_CALLBACK(on_failed), self);
    self->hint_engine = p;
  }
  /* After a failure the built-in advisor's algorithm gives the hint. */
  jq_uci_player_set_fallback(self->hint_engine,
                             jq_ai_player_algorithm_known(self->algorithm)
                                 ? self->algorithm
                                 : "alphabeta",
                             JQ_STRENGTH_MAX);
  return JQ_PLAYER(self->hint_engine);
}

void jq_game_controller_engines_dispose(JqGameController *self) {
  drop_player(self, JQ_RED);
  drop_player(self, JQ_BLACK);
  drop_hint_engine(self);
}
