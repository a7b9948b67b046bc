#include "jq-net-player.h"

struct _JqNetPlayer {
  GObject parent_instance;
  JqNetSession *session;
  gboolean turn;    /* the controller waits for the peer's move */
  int turn_ply;     /* moves played before it */
  JqMove waiting;   /* the peer's move that came before its turn */
  int waiting_ply;  /* the ply it was played at */
  guint deliver_id; /* hands a waiting move over, outside take_turn */
};

static void jq_net_player_iface_init(JqPlayerInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE(JqNetPlayer, jq_net_player, G_TYPE_OBJECT,
                              G_IMPLEMENT_INTERFACE(JQ_TYPE_PLAYER,
                                                    jq_net_player_iface_init))

static void deliver(JqNetPlayer *self) {
  JqMove move = self->waiting;
  self->waiting = JQ_MOVE_NONE;
  self->turn = FALSE;
  jq_player_emit_move(JQ_PLAYER(self), move);
}

static gboolean deliver_later(gpointer data) {
  JqNetPlayer *self = data;
  self->deliver_id = 0;
  if (self->turn && self->waiting != JQ_MOVE_NONE &&
      self->waiting_ply == self->turn_ply)
    deliver(self);
  return G_SOURCE_REMOVE;
}

static void on_peer_move(JqNetSession *session, guint move, JqNetPlayer *self) {
  /* The session has played it: the ply it was played at. */
  int ply = jq_game_move_count(jq_net_session_game(session)) - 1;
  self->waiting = (JqMove)move;
  self->waiting_ply = ply;
  if (self->turn && self->turn_ply == ply)
    deliver(self);
}

/* A take-back undoes a move of the peer's still waiting for its turn. */
static void on_taken_back(JqNetSession *session, int plies, JqNetPlayer *self) {
  if (self->waiting != JQ_MOVE_NONE &&
      self->waiting_ply >= jq_game_move_count(jq_net_session_game(session)))
    self->waiting = JQ_MOVE_NONE;
}

static void net_take_turn(JqPlayer *player, const JqTurn *turn) {
  JqNetPlayer *self = JQ_NET_PLAYER(player);
  self->turn = TRUE;
  self->turn_ply = turn->ply;
  /* Never from within take_turn (jq-player.h). */
  if (self->waiting != JQ_MOVE_NONE && self->waiting_ply == turn->ply &&
      !self->deliver_id)
    self->deliver_id = g_idle_add(deliver_later, self);
}

static void net_cancel(JqPlayer *player) {
  JQ_NET_PLAYER(player)->turn = FALSE;
}

/* Waiting for the peer is the same as thinking. */
static gboolean net_is_thinking(JqPlayer *player) {
  return JQ_NET_PLAYER(player)->turn;
}

static void jq_net_player_iface_init(JqPlayerInterface *iface) {
  iface->take_turn = net_take_turn;
  iface->cancel = net_cancel;
  iface->is_thinking = net_is_thinking;
}

JqNetPlayer *jq_net_player_new(JqNetSession *session) {
  g_return_val_if_fail(JQ_IS_NET_SESSION(session), NULL);
  JqNetPlayer *self = g_object_new(JQ_TYPE_NET_PLAYER, NULL);
  self->session = g_object_ref(session);
  g_signal_connect(session, "peer-move", G_CALLBACK(on_peer_move), self);
  g_signal_connect(session, "taken-back", G_CALLBACK(on_taken_back), self);
  return self;
}

static void jq_net_player_dispose(GObject *object) {
  JqNetPlayer *self = JQ_NET_PLAYER(object);
  g_clear_handle_id(&self->deliver_id, g_source_remove);
  if (self->session) {
    g_signal_handlers_disconnect_by_data(self->session, self);
    g_clear_object(&self->session);
  }
  G_OBJECT_CLASS(jq_net_player_parent_class)->dispose(object);
}

static void jq_net_player_class_init(JqNetPlayerClass *klass) {
  G_OBJECT_CLASS(klass)->dispose = jq_net_player_dispose;
}

static void jq_net_player_init(JqNetPlayer *self) {
  self->waiting = JQ_MOVE_NONE;
}
