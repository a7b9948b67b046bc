#include "jq-config.h"

#include "jq-game-controller.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "jq-error-text.h"
#include "jq-game-controller-private.h"
#include "jq-move-format.h"
#include "jq-movegen.h"
#include "jq-result-text.h"

G_DEFINE_FINAL_TYPE(JqGameController, jq_game_controller, G_TYPE_OBJECT)

G_DEFINE_QUARK(jq - game - controller - error - quark, jq_game_controller_error)

enum {
  PROP_0,
  PROP_VARIANT,
  PROP_RED_PLAYER,
  PROP_BLACK_PLAYER,
  PROP_ALGORITHM,
  PROP_STRENGTH,
  PROP_RED_ALGORITHM,
  PROP_RED_STRENGTH,
  PROP_BLACK_ALGORITHM,
  PROP_BLACK_STRENGTH,
  PROP_THINK_TIME,
  PROP_ANALYSIS_ENGINE,
  PROP_MOVE_INTERVAL,
  PROP_PAUSED,
  PROP_DISCLOSURE,
  PROP_NOTATION,
  PROP_CHARACTER_STYLE,
  PROP_THINKING,
  PROP_AUTOSAVE_PATH,
  N_PROPS
};

static GParamSpec *props[N_PROPS];

enum {
  SIGNAL_CHANGED,
  SIGNAL_MOVE_PLAYED,
  SIGNAL_THINKING,
  SIGNAL_PROGRESS,
  SIGNAL_GAME_OVER,
  SIGNAL_HINT,
  SIGNAL_NOTICE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* ---- small helpers ---- */

static JqColor first_mover(const JqGame *game) {
  return (JqColor)jq_game_initial(game)->side;
}

/* ---- signals ---- */

void jq_game_controller_mark_changed(JqGameController *self) {
  self->serial++;
  self->pending_changed = TRUE;
}

void jq_game_controller_emit_pending(JqGameController *self) {
  g_object_ref(self);
  guint serial = self->serial;
  gboolean thinking = self->thinker != NULL;
  gboolean moved = self->pending_move;

  if (!thinking && self->thinking_emitted) {
    self->thinking_emitted = FALSE;
    g_object_notify_by_pspec(G_OBJECT(self), props[PROP_THINKING]);
    g_signal_emit(self, signals[SIGNAL_THINKING], 0, FALSE);
    if (self->serial != serial)
      goto out;
  }
  if (self->pending_move) {
    self->pending_move = FALSE;
    g_signal_emit(self, signals[SIGNAL_MOVE_PLAYED], 0,
                  (guint)self->pending_move_move, self->pending_move_flags);
    if (self->serial != serial)
      goto out;
  }
  if (self->pending_changed) {
    self->pending_changed = FALSE;
    g_signal_emit(self, signals[SIGNAL_CHANGED], 0);
    if (self->serial != serial)
      goto out;
  }
  if (self->pending_game_over) {
    self->pending_game_over = FALSE;
    JqResult r = jq_game_result(self->game);
    char *text = jq_game_controller_get_result_text(self);
    g_signal_emit(self, signals[SIGNAL_GAME_OVER], 0, r.outcome, r.reason,
                  text);
    g_free(text);
    if (self->serial != serial)
      goto out;
  }
  if (self->pending_hint) {
    self->pending_hint = FALSE;
    g_signal_emit(self, signals[SIGNAL_HINT], 0, (guint)self->hint);
    if (self->serial != serial)
      goto out;
  }
  thinking = self->thinker != NULL;
  if (thinking && !self->thinking_emitted) {
    self->thinking_emitted = TRUE;
    g_object_notify_by_pspec(G_OBJECT(self), props[PROP_THINKING]);
    g_signal_emit(self, signals[SIGNAL_THINKING], 0, TRUE);
  }
out:
  /* The next move's interval counts from when this one is on show. */
  if (moved)
    jq_move_pacer_played(self->pacer);
  g_object_unref(self);
}

void jq_game_controller_notice(JqGameController *self, const char *text) {
  g_signal_emit(self, signals[SIGNAL_NOTICE], 0, text);
}

void jq_game_controller_emit_progress(JqGameController *self) {
  g_signal_emit(self, signals[SIGNAL_PROGRESS], 0, self->analysis);
}

/* ---- the game's text ---- */

/* Does the display side know what a hidden piece captured by `captor`
 * was? */
static gboolean display_learns_capture(JqGameController *self, JqColor captor) {
  switch (jq_game_disclosure(self->game)) {
  case JQ_DISCLOSE_BOTH: return TRUE;
  case JQ_DISCLOSE_NOBODY: return FALSE;
  case JQ_DISCLOSE_CAPTOR:
  default: return jq_game_controller_get_display_side(self) == (int)captor;
  }
}

char **jq_game_controller_get_move_list(JqGameController *self) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(self), NULL);
  JqMoveFormat format = {self->notation, self->charset};
  gboolean show_captured[2] = {display_learns_capture(self, JQ_RED),
                               display_learns_capture(self, JQ_BLACK)};
  return jq_move_format_record(&format, self->game, show_captured);
}

const char *jq_game_controller_get_comment(JqGameController *self, int ply) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(self), NULL);
  return jq_game_comment(self->game, ply);
}

char **jq_game_controller_get_comments(JqGameController *self) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(self), NULL);
  int n = jq_game_move_count(self->game);
  char **comments = g_new0(char *, n + 2);
  for (int ply = 0; ply <= n; ply++)
    comments[ply] = g_strdup(jq_game_comment(self->game, ply));
  for (int ply = 0; ply <= n; ply++)
    if (!comments[ply])
      comments[ply] = g_strdup("");
  return comments;
}

gboolean jq_game_controller_set_comment(JqGameController *self, int ply,
                                        const char *text, GError **error) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(self), FALSE);
  g_autofree char *was = g_strdup(jq_game_comment(self->game, ply));
  JqError err = {{0}};
  if (!jq_game_set_comment(self->game, ply, text, &err)) {
    g_autofree char *why = jq_error_text(&err);
    g_set_error_literal(error, JQ_GAME_CONTROLLER_ERROR,
                        JQ_GAME_CONTROLLER_ERROR_BAD_COMMENT, why);
    return FALSE;
  }
  /* Nothing new: no change to tell, nothing to save. */
  if (g_strcmp0(was, jq_game_comment(self->game, ply)) == 0)
    return TRUE;
  jq_game_controller_mark_changed(self);
  jq_game_controller_autosave(self);
  jq_game_controller_emit_pending(self);
  return TRUE;
}

/* ---- changing the game ---- */

/* Makes `game` the game (new game, load, restore); takes it. */
void jq_game_controller_install_game(JqGameController *self, JqGame *game,
                                     gboolean save) {
  jq_game_controller_cancel_thinking(self);
  JqVariant old_variant = jq_game_variant(self->game);
  jq_game_free(self->game);
  self->game = game;
  self->game_id++;
  g_clear_pointer(&self->last_analysis, jq_analysis_free);
  g_clear_pointer(&self->sealed_deal, g_free);
  self->has_arbiter = FALSE;
  if (jq_game_disclosure(game) != self->disclosure)
    jq_game_set_disclosure(game, self->disclosure);
  g_array_set_size(self->redo, 0);
  self->browse_ply = -1;
  jq_game_controller_drop_browse_cache(self);
  self->hint = JQ_MOVE_NONE;
  self->pending_move = FALSE;
  self->pending_game_over = FALSE;
  self->pending_hint = FALSE;
  if (jq_game_variant(game) != old_variant)
    g_object_notify_by_pspec(G_OBJECT(self), props[PROP_VARIANT]);
  jq_game_controller_mark_changed(self);
  if (save)
    jq_game_controller_autosave(self);
  jq_game_controller_clock_sync(self);
  jq_game_controller_maybe_start_computer(self);
  /* A new game plays (nothing waits to be played yet). */
  if (jq_move_pacer_get_paused(self->pacer)) {
    jq_move_pacer_set_paused(self->pacer, FALSE);
    jq_game_controller_clock_sync(self);
    g_object_notify_by_pspec(G_OBJECT(self), props[PROP_PAUSED]);
  }
}

/* ---- new games ---- */

void jq_new_game_init(JqNewGame *setup, JqVariant variant) {
  memset(setup, 0, sizeof *setup);
  setup->variant = variant;
  setup->players[JQ_RED] = JQ_PLAYER_MODE_HUMAN;
  setup->players[JQ_BLACK] = JQ_PLAYER_MODE_COMPUTER;
  setup->strength = -1;
  setup->side_strength[JQ_RED] = setup->side_strength[JQ_BLACK] = -1;
}

void jq_game_controller_set_player_quietly(JqGameController *self, JqColor side,
                                           JqPlayerMode mode) {
  if (self->players[side] == mode)
    return;
  self->players[side] = mode;
  g_object_notify_by_pspec(
      G_OBJECT(self),
      props[side == JQ_RED ? PROP_RED_PLAYER : PROP_BLACK_PLAYER]);
}

gboolean jq_game_controller_new_game(JqGameController *self,
                                     const JqNewGame *setup, GError **error) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(self), FALSE);
  g_return_val_if_fail(setup != NULL, FALSE);
  const char *algorithms[] = {setup->algorithm, setup->side_algorithm[JQ_RED],
                              setup->side_algorithm[JQ_BLACK]};
  int strengths[] = {setup->strength, setup->side_strength[JQ_RED],
                     setup->side_strength[JQ_BLACK]};
  for (gsize i = 0; i < G_N_ELEMENTS(algorithms); i++) {
    if (algorithms[i] && !jq_game_controller_algorithm_known(algorithms[i])) {
      g_set_error(error, JQ_GAME_CONTROLLER_ERROR,
                  JQ_GAME_CONTROLLER_ERROR_BAD_OPTION,
                  _("Unknown computer algorithm “%s”."), algorithms[i]);
      return FALSE;
    }
    if (strengths[i] < -1 || strengths[i] > JQ_STRENGTH_MAX) {
      g_set_error(error, JQ_GAME_CONTROLLER_ERROR,
                  JQ_GAME_CONTROLLER_ERROR_BAD_OPTION,
                  _("The strength must be from 0 to %d."), JQ_STRENGTH_MAX);
      return FALSE;
    }
  }
  if ((guint)setup->variant > JQ_VARIANT_JIEQI ||
      (guint)setup->players[0] > JQ_PLAYER_MODE_COMPUTER ||
      (guint)setup->players[1] > JQ_PLAYER_MODE_COMPUTER) {
    g_set_error(error, JQ_GAME_CONTROLLER_ERROR,
                JQ_GAME_CONTROLLER_ERROR_BAD_OPTION,
                _("Unknown variant or player."));
    return FALSE;
  }
  guint64 seed = setup->seed;
  while (seed == 0)
    seed = (guint64)g_random_int() << 32 | g_random_int();

  JqGame *game;
  if (setup->fen && *setup->fen) {
    game = jq_game_controller_game_from_fen(setup->fen, seed, error);
    if (!game)
      return FALSE;
  } else {
    game = jq_game_new(setup->variant, seed);
  }

  g_object_freeze_notify(G_OBJECT(self));
  if (setup->algorithm)
    jq_game_controller_set_algorithm(self, setup->algorithm);
  if (setup->strength >= 0)
    jq_game_controller_set_strength(self, setup->strength);
  for (int side = 0; side < 2; side++) {
    if (setup->side_algorithm[side])
      jq_game_controller_set_side_algorithm(self, side,
                                            setup->side_algorithm[side]);
    if (setup->side_strength[side] >= 0)
      jq_game_controller_set_side_strength(self, side,
                                           setup->side_strength[side]);
  }
  jq_game_controller_set_player_quietly(self, JQ_RED, setup->players[JQ_RED]);
  jq_game_controller_set_player_quietly(self, JQ_BLACK,
                                        setup->players[JQ_BLACK]);
  jq_game_controller_take_date(self, NULL);
  jq_game_controller_take_names(self, NULL);
  jq_game_controller_clock_set(self, &setup->clock,
                               jq_game_initial(game)->side);
  jq_game_controller_install_game(self, game, TRUE);
  g_object_thaw_notify(G_OBJECT(self));
  jq_game_controller_emit_pending(self);
  return TRUE;
}

/* ---- state ---- */

JqVariant jq_game_controller_get_variant(JqGameController *self) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(self), JQ_VARIANT_XIANGQI);
  return jq_game_variant(self->game);
}

JqPlayerMode jq_game_controller_get_player(JqGameController *self,
                                           JqColor side) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(self), JQ_PLAYER_MODE_HUMAN);
  g_return_val_if_fail(side == JQ_RED || side == JQ_BLACK,
                       JQ_PLAYER_MODE_HUMAN);
  return self->players[side];
}

const char *jq_game_controller_get_player_name(JqGameController *self,
                                               JqColor side) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(self), NULL);
  g_return_val_if_fail(side == JQ_RED || side == JQ_BLACK, NULL);
  return self->names[side];
}

void jq_game_controller_set_player(JqGameController *self, JqColor side,
                                   JqPlayerMode mode) {
  g_return_if_fail(JQ_IS_GAME_CONTROLLER(self));
  g_return_if_fail(side == JQ_RED || side == JQ_BLACK);
  g_return_if_fail(mode == JQ_PLAYER_MODE_HUMAN ||
                   mode == JQ_PLAYER_MODE_COMPUTER);
  if (self->players[side] == mode)
    return;
  /* A think for this side's move, or a hint for it, or its move waiting
   * to be played, no longer fits. */
  if ((self->thinker || jq_move_pacer_is_holding(self->pacer)) &&
      self->think_side == side)
    jq_game_controller_cancel_thinking(self);
  jq_game_controller_set_player_quietly(self, side, mode);
  self->hint = JQ_MOVE_NONE;
  jq_game_controller_drop_browse_cache(
      self); /* the display side may have changed */
  jq_game_controller_mark_changed(self);
  jq_game_controller_autosave(self);
  jq_game_controller_maybe_start_computer(self);
  jq_game_controller_emit_pending(self);
}

JqColor jq_game_controller_get_side_to_move(JqGameController *self) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(self), JQ_RED);
  return jq_game_side_to_move(self->game);
}

gboolean jq_game_controller_is_human_turn(JqGameController *self) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(self), FALSE);
  return !jq_game_is_over(self->game) &&
         self->players[jq_game_side_to_move(self->game)] ==
             JQ_PLAYER_MODE_HUMAN;
}

gboolean jq_game_controller_is_over(JqGameController *self) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(self), FALSE);
  return jq_game_is_over(self->game);
}

guint jq_game_controller_get_game_id(JqGameController *self) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(self), 0);
  return self->game_id;
}

JqResult jq_game_controller_get_result(JqGameController *self) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(self), JQ_RESULT_ONGOING);
  return jq_game_result(self->game);
}

char *jq_game_controller_get_result_text(JqGameController *self) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(self), NULL);
  return jq_result_text(jq_game_result(self->game),
                        jq_game_variant(self->game));
}

/* ---- what to show ---- */

int jq_game_controller_get_display_side(JqGameController *self) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(self), -1);
  gboolean red = self->players[JQ_RED] == JQ_PLAYER_MODE_HUMAN;
  gboolean black = self->players[JQ_BLACK] == JQ_PLAYER_MODE_HUMAN;
  if (red != black)
    return red ? JQ_RED : JQ_BLACK;
  return -1;
}

void jq_game_controller_get_view(JqGameController *self, JqColor side,
                                 JqPosition *out) {
  g_return_if_fail(JQ_IS_GAME_CONTROLLER(self));
  g_return_if_fail(side == JQ_RED || side == JQ_BLACK);
  jq_game_view(self->game, side, out);
}

void jq_game_controller_get_legal_moves(JqGameController *self,
                                        JqMoveList *out) {
  g_return_if_fail(JQ_IS_GAME_CONTROLLER(self));
  out->count = 0;
  if (self->browse_ply >= 0 || !jq_game_controller_is_human_turn(self))
    return;
  jq_game_legal_moves(self->game, out);
}

int jq_game_controller_get_move_count(JqGameController *self) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(self), 0);
  return jq_game_move_count(self->game);
}

JqColor jq_game_controller_get_first_mover(JqGameController *self) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(self), JQ_RED);
  return first_mover(self->game);
}

/* ---- for the tests ---- */

const JqGame *jq_game_controller_get_game(JqGameController *self) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(self), NULL);
  return self->game;
}

guint jq_game_controller_get_discarded_results(JqGameController *self) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(self), 0);
  return jq_ai_player_get_discarded(self->ais[JQ_RED]) +
         jq_ai_player_get_discarded(self->ais[JQ_BLACK]) +
         jq_ai_player_get_discarded(self->advisor);
}

JqAiPlayer *jq_game_controller_get_ai_player(JqGameController *self,
                                             JqColor side) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(self), NULL);
  g_return_val_if_fail(side == JQ_RED || side == JQ_BLACK, NULL);
  return self->ais[side];
}

/* ---- GObject ---- */

JqGameController *jq_game_controller_new(void) {
  return g_object_new(JQ_TYPE_GAME_CONTROLLER, NULL);
}

JqGameController *jq_game_controller_new_with_autosave(const char *path) {
  return g_object_new(JQ_TYPE_GAME_CONTROLLER, "autosave-path", path, NULL);
}

static void jq_game_controller_get_property(GObject *object, guint id,
                                            GValue *value, GParamSpec *pspec) {
  JqGameController *self = JQ_GAME_CONTROLLER(object);
  switch (id) {
  case PROP_VARIANT:
    g_value_set_enum(value, jq_game_variant(self->game));
    break;
  case PROP_RED_PLAYER: g_value_set_enum(value, self->players[JQ_RED]); break;
  case PROP_BLACK_PLAYER:
    g_value_set_enum(value, self->players[JQ_BLACK]);
    break;
  case PROP_ALGORITHM: g_value_set_string(value, self->algorithm); break;
  case PROP_STRENGTH: g_value_set_int(value, self->strength); break;
  case PROP_RED_ALGORITHM:
    g_value_set_string(value, self->side_algorithm[JQ_RED]);
    break;
  case PROP_RED_STRENGTH:
    g_value_set_int(value, self->side_strength[JQ_RED]);
    break;
  case PROP_BLACK_ALGORITHM:
    g_value_set_string(value, self->side_algorithm[JQ_BLACK]);
    break;
  case PROP_BLACK_STRENGTH:
    g_value_set_int(value, self->side_strength[JQ_BLACK]);
    break;
  case PROP_THINK_TIME: g_value_set_int(value, self->think_time); break;
  case PROP_ANALYSIS_ENGINE:
    g_value_set_string(value, jq_game_controller_get_analysis_engine_id(self));
    break;
  case PROP_MOVE_INTERVAL:
    g_value_set_int(value, jq_move_pacer_get_interval(self->pacer));
    break;
  case PROP_PAUSED:
    g_value_set_boolean(value, jq_move_pacer_get_paused(self->pacer));
    break;
  case PROP_DISCLOSURE: g_value_set_enum(value, self->disclosure); break;
  case PROP_NOTATION: g_value_set_enum(value, self->notation); break;
  case PROP_CHARACTER_STYLE: g_value_set_enum(value, self->charset); break;
  case PROP_THINKING: g_value_set_boolean(value, self->thinker != NULL); break;
  case PROP_AUTOSAVE_PATH:
    g_value_set_string(value, jq_game_controller_get_autosave_path(self));
    break;
  default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
  }
}

static void jq_game_controller_set_property(GObject *object, guint id,
                                            const GValue *value,
                                            GParamSpec *pspec) {
  JqGameController *self = JQ_GAME_CONTROLLER(object);
  switch (id) {
  case PROP_RED_PLAYER:
    jq_game_controller_set_player(self, JQ_RED, g_value_get_enum(value));
    break;
  case PROP_BLACK_PLAYER:
    jq_game_controller_set_player(self, JQ_BLACK, g_value_get_enum(value));
    break;
  case PROP_ALGORITHM:
    jq_game_controller_set_algorithm(self, g_value_get_string(value));
    break;
  case PROP_STRENGTH:
    jq_game_controller_set_strength(self, g_value_get_int(value));
    break;
  case PROP_RED_ALGORITHM:
  case PROP_BLACK_ALGORITHM:
    jq_game_controller_set_side_algorithm(
        self, id == PROP_RED_ALGORITHM ? JQ_RED : JQ_BLACK,
        g_value_get_string(value));
    break;
  case PROP_RED_STRENGTH:
  case PROP_BLACK_STRENGTH:
    jq_game_controller_set_side_strength(
        self, id == PROP_RED_STRENGTH ? JQ_RED : JQ_BLACK,
        g_value_get_int(value));
    break;
  case PROP_THINK_TIME:
    jq_game_controller_set_think_time(self, g_value_get_int(value));
    break;
  case PROP_ANALYSIS_ENGINE:
    jq_game_controller_set_analysis_engine_id(self, g_value_get_string(value));
    break;
  case PROP_MOVE_INTERVAL:
    jq_game_controller_set_move_interval(self, g_value_get_int(value));
    break;
  case PROP_PAUSED:
    jq_game_controller_set_paused(self, g_value_get_boolean(value));
    break;
  case PROP_DISCLOSURE:
    jq_game_controller_set_disclosure(self, g_value_get_enum(value));
    break;
  case PROP_NOTATION:
    jq_game_controller_set_notation(self, g_value_get_enum(value));
    break;
  case PROP_CHARACTER_STYLE:
    jq_game_controller_set_charset(self, g_value_get_enum(value));
    break;
  case PROP_AUTOSAVE_PATH:
    g_free(self->autosave_path);
    self->autosave_path = g_value_dup_string(value);
    break;
  default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
  }
}

static void jq_game_controller_constructed(GObject *object) {
  JqGameController *self = JQ_GAME_CONTROLLER(object);
  G_OBJECT_CLASS(jq_game_controller_parent_class)->constructed(object);
  jq_game_controller_autosave_open(self);
}

static void jq_game_controller_dispose(GObject *object) {
  JqGameController *self = JQ_GAME_CONTROLLER(object);
  jq_game_controller_cancel_thinking(self);
  /* Closed in the middle of a move (or paused in one): the autosave
   * written after the last move has the mover's clock as it was then;
   * this one has the time used since (jq_clock_pgn_tags), which the
   * restore charges. */
  if (self->clock && !jq_game_is_over(self->game))
    jq_game_controller_autosave(self);
  jq_game_controller_clock_set(self, NULL, JQ_RED);
  /* Writes what is still queued: quitting loses nothing. */
  g_clear_pointer(&self->autosave, jq_autosave_free);
  jq_game_controller_seats_dispose(self);
  g_clear_pointer(&self->analysis, jq_analysis_free);
  g_clear_pointer(&self->last_analysis, jq_analysis_free);
  G_OBJECT_CLASS(jq_game_controller_parent_class)->dispose(object);
}

static void jq_game_controller_finalize(GObject *object) {
  JqGameController *self = JQ_GAME_CONTROLLER(object);
  jq_game_free(self->game);
  jq_game_controller_drop_browse_cache(self);
  g_array_unref(self->redo);
  g_free(self->algorithm);
  g_free(self->analysis_engine);
  g_free(self->side_algorithm[JQ_RED]);
  g_free(self->side_algorithm[JQ_BLACK]);
  g_free(self->date);
  g_free(self->names[JQ_RED]);
  g_free(self->names[JQ_BLACK]);
  g_free(self->autosave_path);
  g_free(self->sealed_deal);
  g_free(self->think_view);
  g_free(self->think_moves);
  jq_move_pacer_free(self->pacer);
  G_OBJECT_CLASS(jq_game_controller_parent_class)->finalize(object);
}

static void jq_game_controller_class_init(JqGameControllerClass *klass) {
  GObjectClass *object_class = G_OBJECT_CLASS(klass);
  object_class->get_property = jq_game_controller_get_property;
  object_class->set_property = jq_game_controller_set_property;
  object_class->constructed = jq_game_controller_constructed;
  object_class->dispose = jq_game_controller_dispose;
  object_class->finalize = jq_game_controller_finalize;

  GParamFlags rw =
      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
  props[PROP_VARIANT] = g_param_spec_enum(
      "variant", NULL, NULL, JQ_TYPE_VARIANT, JQ_VARIANT_XIANGQI,
      G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  props[PROP_RED_PLAYER] = g_param_spec_enum(
      "red-player", NULL, NULL, JQ_TYPE_PLAYER_MODE, JQ_PLAYER_MODE_HUMAN, rw);
  props[PROP_BLACK_PLAYER] =
      g_param_spec_enum("black-player", NULL, NULL, JQ_TYPE_PLAYER_MODE,
                        JQ_PLAYER_MODE_HUMAN, rw);
  props[PROP_ALGORITHM] =
      g_param_spec_string("algorithm", NULL, NULL, "alphabeta", rw);
  props[PROP_STRENGTH] = g_param_spec_int("strength", NULL, NULL, 0,
                                          JQ_STRENGTH_MAX, JQ_STRENGTH_MAX, rw);
  for (int side = 0; side < 2; side++) {
    props[side == JQ_RED ? PROP_RED_ALGORITHM : PROP_BLACK_ALGORITHM] =
        g_param_spec_string(side == JQ_RED ? "red-algorithm"
                                           : "black-algorithm",
                            NULL, NULL, "alphabeta", rw);
    props[side == JQ_RED ? PROP_RED_STRENGTH : PROP_BLACK_STRENGTH] =
        g_param_spec_int(side == JQ_RED ? "red-strength" : "black-strength",
                         NULL, NULL, 0, JQ_STRENGTH_MAX, JQ_STRENGTH_MAX, rw);
  }
  props[PROP_THINK_TIME] = g_param_spec_int(
      "think-time", NULL, NULL, JQ_THINK_TIME_MIN, JQ_THINK_TIME_MAX, 2000, rw);
  props[PROP_ANALYSIS_ENGINE] =
      g_param_spec_string("analysis-engine", NULL, NULL, "", rw);
  props[PROP_MOVE_INTERVAL] = g_param_spec_int("move-interval", NULL, NULL, 0,
                                               JQ_MOVE_INTERVAL_MAX, 0, rw);
  props[PROP_PAUSED] = g_param_spec_boolean("paused", NULL, NULL, FALSE, rw);
  props[PROP_DISCLOSURE] = g_param_spec_enum(
      "disclosure", NULL, NULL, JQ_TYPE_DISCLOSURE, JQ_DISCLOSE_CAPTOR, rw);
  props[PROP_NOTATION] =
      g_param_spec_enum("notation", NULL, NULL, JQ_TYPE_NOTATION_STYLE,
                        JQ_NOTATION_STYLE_CHINESE, rw);
  props[PROP_CHARACTER_STYLE] =
      g_param_spec_enum("character-style", NULL, NULL, JQ_TYPE_CHARSET,
                        JQ_CHARSET_SIMPLIFIED, rw);
  props[PROP_THINKING] = g_param_spec_boolean(
      "thinking", NULL, NULL, FALSE, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  props[PROP_AUTOSAVE_PATH] = g_param_spec_string(
      "autosave-path", NULL, NULL, NULL,
      G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties(object_class, N_PROPS, props);

  signals[SIGNAL_CHANGED] =
      g_signal_new("changed", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0,
                   NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[SIGNAL_MOVE_PLAYED] = g_signal_new(
      "move-played", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
      NULL, G_TYPE_NONE, 2, G_TYPE_UINT, JQ_TYPE_MOVE_FLAGS);
  signals[SIGNAL_THINKING] =
      g_signal_new("thinking", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0,
                   NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_BOOLEAN);
  signals[SIGNAL_PROGRESS] = g_signal_new(
      "progress", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
      NULL, G_TYPE_NONE, 1, JQ_TYPE_ANALYSIS | G_SIGNAL_TYPE_STATIC_SCOPE);
  signals[SIGNAL_GAME_OVER] = g_signal_new(
      "game-over", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
      NULL, G_TYPE_NONE, 3, JQ_TYPE_OUTCOME, JQ_TYPE_REASON, G_TYPE_STRING);
  signals[SIGNAL_HINT] =
      g_signal_new("hint", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0, NULL,
                   NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  signals[SIGNAL_NOTICE] =
      g_signal_new("notice", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0,
                   NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void jq_game_controller_init(JqGameController *self) {
  self->game = jq_game_new(JQ_VARIANT_XIANGQI, 1);
  self->players[JQ_RED] = JQ_PLAYER_MODE_HUMAN;
  self->players[JQ_BLACK] = JQ_PLAYER_MODE_HUMAN;
  self->algorithm = g_strdup("alphabeta");
  self->strength = JQ_STRENGTH_MAX;
  for (int side = 0; side < 2; side++) {
    self->side_algorithm[side] = g_strdup("alphabeta");
    self->side_strength[side] = JQ_STRENGTH_MAX;
  }
  self->think_time = 2000;
  self->disclosure = jq_game_disclosure(self->game);
  self->notation = JQ_NOTATION_STYLE_CHINESE;
  self->charset = JQ_CHARSET_SIMPLIFIED;
  jq_game_controller_take_date(self, NULL);
  self->redo = jq_game_controller_redo_new();
  self->browse_ply = -1;
  jq_game_controller_seats_init(self);
}
