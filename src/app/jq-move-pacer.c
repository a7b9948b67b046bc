#include "jq-move-pacer.h"

struct _JqMovePacer {
  JqMovePacerFunc play;
  gpointer data;
  int interval_ms;
  gboolean paused;
  gint64 last_played; /* monotonic µs; 0: no move yet */
  gboolean holding;
  JqMove held;
  guint timer;
};

JqMovePacer *jq_move_pacer_new(JqMovePacerFunc play, gpointer data) {
  g_return_val_if_fail(play != NULL, NULL);
  JqMovePacer *pacer = g_new0(JqMovePacer, 1);
  pacer->play = play;
  pacer->data = data;
  return pacer;
}

void jq_move_pacer_free(JqMovePacer *pacer) {
  if (!pacer)
    return;
  g_clear_handle_id(&pacer->timer, g_source_remove);
  g_free(pacer);
}

static gboolean on_timer(gpointer data);

/* Plays the held move if its time has come, else waits for it. */
static void release(JqMovePacer *pacer) {
  g_clear_handle_id(&pacer->timer, g_source_remove);
  if (!pacer->holding || pacer->paused)
    return;
  gint64 wait = 0;
  if (pacer->last_played != 0)
    wait = pacer->last_played + (gint64)pacer->interval_ms * 1000 -
           g_get_monotonic_time();
  if (wait > 0) {
    /* Rounded up: never a moment early. */
    pacer->timer = g_timeout_add((guint)((wait + 999) / 1000), on_timer, pacer);
    return;
  }
  pacer->holding = FALSE;
  pacer->play(pacer->held, pacer->data);
}

static gboolean on_timer(gpointer data) {
  JqMovePacer *pacer = data;
  pacer->timer = 0;
  release(pacer);
  return G_SOURCE_REMOVE;
}

void jq_move_pacer_set_interval(JqMovePacer *pacer, int ms) {
  g_return_if_fail(pacer != NULL);
  g_return_if_fail(ms >= 0);
  pacer->interval_ms = ms;
  release(pacer);
}

int jq_move_pacer_get_interval(const JqMovePacer *pacer) {
  g_return_val_if_fail(pacer != NULL, 0);
  return pacer->interval_ms;
}

void jq_move_pacer_set_paused(JqMovePacer *pacer, gboolean paused) {
  g_return_if_fail(pacer != NULL);
  pacer->paused = !!paused;
  release(pacer);
}

gboolean jq_move_pacer_get_paused(const JqMovePacer *pacer) {
  g_return_val_if_fail(pacer != NULL, FALSE);
  return pacer->paused;
}

void jq_move_pacer_played(JqMovePacer *pacer) {
  g_return_if_fail(pacer != NULL);
  pacer->last_played = g_get_monotonic_time();
}

void jq_move_pacer_submit(JqMovePacer *pacer, JqMove move) {
  g_return_if_fail(pacer != NULL);
  pacer->held = move;
  pacer->holding = TRUE;
  release(pacer);
}

gboolean jq_move_pacer_is_holding(const JqMovePacer *pacer) {
  g_return_val_if_fail(pacer != NULL, FALSE);
  return pacer->holding;
}

void jq_move_pacer_drop(JqMovePacer *pacer) {
  g_return_if_fail(pacer != NULL);
  pacer->holding = FALSE;
  g_clear_handle_id(&pacer->timer, g_source_remove);
}
