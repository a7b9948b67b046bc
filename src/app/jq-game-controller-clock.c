/* The controller's clocks: set for a new game or a game read, pressed by
 * each move, brought back to the position's times by undo and redo,
 * stopped at the end, and watched by a timeout so that a side whose time
 * runs out loses without waiting for its move. */
#include "jq-config.h"

#include "jq-game-controller-private.h"

static gboolean on_flag_timeout(gpointer data);

static void unschedule(JqGameController *self) {
  if (self->clock_source) {
    g_source_remove(self->clock_source);
    self->clock_source = 0;
  }
}

/* Wakes up just after the running clock would run out. */
static void schedule(JqGameController *self) {
  unschedule(self);
  if (!self->clock)
    return;
  int left = jq_game_clock_ms_left_to_flag(self->clock);
  if (left < 0)
    return;
  self->clock_source = g_timeout_add((guint)left + 1, on_flag_timeout, self);
  g_source_set_name_by_id(self->clock_source, "jieqi: flag");
}

static gboolean on_flag_timeout(gpointer data) {
  JqGameController *self = data;
  self->clock_source = 0;
  /* Early (the main loop's timers are coarse): wait again. */
  if (!jq_game_controller_check_clock(self))
    schedule(self);
  return G_SOURCE_REMOVE;
}

void jq_game_controller_clock_set(JqGameController *self,
                                  const JqTimeControl *tc, JqColor first) {
  jq_game_controller_clock_take(
      self, tc && tc->base_ms > 0 ? jq_game_clock_new(tc, first) : NULL);
}

void jq_game_controller_clock_take(JqGameController *self, JqGameClock *clock) {
  unschedule(self);
  g_clear_pointer(&self->clock, jq_game_clock_free);
  self->clock = clock;
  if (clock)
    jq_game_clock_set_time_source(clock, self->clock_now, self->clock_now_data);
}

gboolean jq_game_controller_clock_press(JqGameController *self) {
  if (!self->clock)
    return TRUE;
  if (jq_game_clock_press(self->clock))
    return TRUE;
  jq_game_controller_check_clock(self);
  return FALSE;
}

void jq_game_controller_clock_sync(JqGameController *self) {
  if (!self->clock) {
    unschedule(self);
    return;
  }
  int ply = jq_game_move_count(self->game);
  if (jq_game_clock_get_ply(self->clock) != ply &&
      !jq_game_clock_go_to(self->clock, ply)) {
    /* No times remembered for it (a game read without them): the ones
     * shown go on. */
    jq_game_clock_set_times(self->clock, ply,
                            jq_game_clock_remaining(self->clock, JQ_RED),
                            jq_game_clock_remaining(self->clock, JQ_BLACK));
  }
  if (jq_game_is_over(self->game) || jq_move_pacer_get_paused(self->pacer))
    jq_game_clock_stop(self->clock);
  else
    jq_game_clock_start(self->clock);
  schedule(self);
}

gboolean jq_game_controller_check_clock(JqGameController *self) {
  if (!self->clock || jq_game_is_over(self->game))
    return FALSE;
  int side = jq_game_clock_flagged(self->clock);
  if (side < 0)
    return FALSE;
  jq_game_clock_stop(self->clock);
  unschedule(self);
  jq_game_controller_declare_result(
      self, jq_result_loss((JqColor)side, JQ_REASON_TIME));
  return TRUE;
}

void jq_game_controller_clock_limits(JqGameController *self, int time_ms[2],
                                     int *inc_ms) {
  if (!self->clock) {
    time_ms[JQ_RED] = time_ms[JQ_BLACK] = -1;
    *inc_ms = 0;
    return;
  }
  time_ms[JQ_RED] = jq_game_clock_remaining(self->clock, JQ_RED);
  time_ms[JQ_BLACK] = jq_game_clock_remaining(self->clock, JQ_BLACK);
  *inc_ms = jq_game_clock_get_control(self->clock)->inc_ms;
}

const JqGameClock *jq_game_controller_get_clock(JqGameController *self) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(self), NULL);
  return self->clock;
}

void jq_game_controller_set_clock_time_source(JqGameController *self,
                                              JqClockNowFunc now,
                                              gpointer data) {
  g_return_if_fail(JQ_IS_GAME_CONTROLLER(self));
  self->clock_now = now;
  self->clock_now_data = data;
  if (self->clock) {
    jq_game_clock_set_time_source(self->clock, now, data);
    schedule(self);
  }
}
