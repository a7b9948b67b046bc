#include "jq-player.h"

G_DEFINE_INTERFACE(JqPlayer, jq_player, G_TYPE_OBJECT)

enum { SIGNAL_MOVE_CHOSEN, SIGNAL_PROGRESS, N_SIGNALS };

static guint signals[N_SIGNALS];

static void jq_player_default_init(JqPlayerInterface *iface) {
  signals[SIGNAL_MOVE_CHOSEN] = g_signal_new(
      "move-chosen", G_TYPE_FROM_INTERFACE(iface), G_SIGNAL_RUN_LAST, 0, NULL,
      NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  signals[SIGNAL_PROGRESS] =
      g_signal_new("progress", G_TYPE_FROM_INTERFACE(iface), G_SIGNAL_RUN_LAST,
                   0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
}

void jq_player_take_turn(JqPlayer *self, const JqTurn *turn) {
  g_return_if_fail(JQ_IS_PLAYER(self));
  g_return_if_fail(turn != NULL && turn->view != NULL);
  JQ_PLAYER_GET_IFACE(self)->take_turn(self, turn);
}

void jq_player_cancel(JqPlayer *self) {
  g_return_if_fail(JQ_IS_PLAYER(self));
  JQ_PLAYER_GET_IFACE(self)->cancel(self);
}

gboolean jq_player_is_thinking(JqPlayer *self) {
  g_return_val_if_fail(JQ_IS_PLAYER(self), FALSE);
  return JQ_PLAYER_GET_IFACE(self)->is_thinking(self);
}

void jq_player_emit_move(JqPlayer *self, JqMove move) {
  g_return_if_fail(JQ_IS_PLAYER(self));
  g_signal_emit(self, signals[SIGNAL_MOVE_CHOSEN], 0, (guint)move);
}

void jq_player_emit_progress(JqPlayer *self, const JqProgress *progress) {
  g_return_if_fail(JQ_IS_PLAYER(self));
  g_signal_emit(self, signals[SIGNAL_PROGRESS], 0, progress);
}
