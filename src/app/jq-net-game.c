#include "jq-config.h"

#include "jq-net-game.h"

#include <glib/gi18n-lib.h>

#include "jq-game-controller-private.h"
#include "jq-net-error.h"
#include "jq-net-farewell.h"
#include "jq-net-player.h"
#include "jq-net-transport.h"
#include "jq-redeal.h"
#include "jq-rng.h"

struct _JqNetGame {
  GObject parent_instance;
  JqGameController *controller;
  JqNetSession *session;
  JqNetPlayer *peer;
  JqColor our_side;
  guint game_id;      /* the controller's game that is the network game */
  gboolean ended;     /* the network game is over on this side */
  gboolean settled;   /* and the controller's game has followed */
  gboolean jieqi;     /* the session holds what this side knows of the deal */
  gboolean in_flight; /* jieqi: our move sent, waiting for the peer's share */
  /* Where to meet again after a drop: the host listens there again, the
   * joiner connects to it (NULL: the game cannot resume). */
  char *address;
  guint16 port;
  gboolean hosting;
  gboolean waiting; /* the connection dropped: paused until it is back */
  gboolean gave_up, peer_gave_up; /* the game given up, here or there */
  guint wait_source, retry_source;
  GSocketService *service;
  GCancellable *connecting;
};

/* How long a dropped game waits for its peer to come back. */
#define RESUME_WAIT_MS (3 * 60 * 1000)
static guint resume_wait_ms = RESUME_WAIT_MS;

G_DEFINE_FINAL_TYPE(JqNetGame, jq_net_game, G_TYPE_OBJECT)

enum { SIGNAL_ENDED, SIGNAL_WAITING_CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

static gboolean ours(JqNetGame *self) {
  return !self->ended &&
         jq_game_controller_get_game_id(self->controller) == self->game_id;
}

/* Jieqi, the peer gone: to play on here the pieces nobody here has seen
 * get a deal of their own (the stand-in's would pass for the deal). */
static void deal_afresh(JqNetGame *self) {
  JqGameController *c = self->controller;
  const JqGame *game = jq_game_controller_get_game(c);
  bool seen[JQ_SQUARES];
  jq_redeal_seen(game, (int)self->our_side, seen);
  JqRng rng;
  jq_rng_seed(&rng, (guint64)g_random_int() << 32 | g_random_int());
  JqPieceType deal[JQ_SQUARES];
  jq_redeal_draw(game, seen, &rng, deal);
  JqGame *fresh = jq_redeal(game, deal, seen, NULL);
  jq_game_controller_set_arbiter(c, NULL);
  if (fresh)
    jq_game_controller_replace_record(c, fresh);
}

/* What the session ended, once the board has caught up with it (the
 * peer's last move may still wait for its turn to be shown): a result
 * reached there is declared here; after a lost connection the peer's
 * seat goes back to a person at this screen, so that the game is kept
 * and can be played on or saved. */
static void settle(JqNetGame *self) {
  if (!self->ended || self->settled)
    return;
  JqGameController *c = self->controller;
  JqColor peer = jq_color_other(self->our_side);
  const JqGame *game = jq_net_session_game(self->session);
  if (jq_game_controller_get_game_id(c) == self->game_id && game &&
      jq_game_controller_get_move_count(c) < jq_game_move_count(game))
    return;
  self->settled = TRUE;
  jq_game_controller_set_remote_player(c, peer, NULL);
  if (jq_game_controller_get_game_id(c) != self->game_id ||
      jq_game_controller_is_over(c))
    return;
  if (jq_net_session_state(self->session) == JQ_NET_STATE_OVER) {
    jq_game_controller_declare_result(c, jq_game_result(game));
    return;
  }
  if (self->jieqi)
    deal_afresh(self);
  jq_game_controller_set_player(c, peer, JQ_PLAYER_MODE_HUMAN);
}

static void end(JqNetGame *self) {
  if (self->ended)
    return;
  self->ended = TRUE;
  g_object_ref(self);
  settle(self);
  g_signal_emit(self, signals[SIGNAL_ENDED], 0);
  g_object_unref(self);
}

/* Our moves, from the board, go to the peer; the peer's (played by the
 * JqNetPlayer, flagged as the computer's) are already there. */
static void on_move_played(JqGameController *c, guint move, JqMoveFlags flags,
                           JqNetGame *self) {
  if (flags & JQ_MOVE_FLAGS_COMPUTER) {
    settle(self);
    return;
  }
  /* Jieqi: the session played it first (jq_game_controller_set_arbiter). */
  if (!ours(self) || self->jieqi)
    return;
  GError *error = NULL;
  if (!jq_net_session_move(self->session, (JqMove)move, &error)) {
    /* Cannot be, with both games in step: say so and leave. */
    g_warning("The move could not be sent: %s", error->message);
    g_error_free(error);
    jq_net_game_leave(self, jq_net_leave_reason_text(JQ_NET_LEAVE_OUT_OF_STEP));
  }
}

/* Our resignation from the window, or a flag that fell here. */
static void on_controller_over(JqGameController *c, JqOutcome outcome,
                               JqReason reason, const char *text,
                               JqNetGame *self) {
  if (!ours(self) ||
      jq_net_session_state(self->session) != JQ_NET_STATE_PLAYING)
    return;
  if (reason == JQ_REASON_RESIGNATION)
    jq_net_session_resign(self->session, NULL);
  else
    jq_net_game_leave(self, jq_net_leave_reason_text(JQ_NET_LEAVE_GAME_OVER));
}

/* The session's game ended: agreed, resigned, or a move played. */
static void on_session_over(JqNetSession *session, JqNetGame *self) {
  end(self);
}

static void on_taken_back(JqNetSession *session, int plies, JqNetGame *self) {
  if (!ours(self))
    return;
  JqGameController *c = self->controller;
  /* Back to where the session is: a move of the peer's that the board
   * had not shown yet is dropped with the rest. */
  int extra = jq_game_controller_get_move_count(c) -
              jq_game_move_count(jq_net_session_game(session));
  if (extra > 0) {
    jq_game_controller_take_back_plies(c, extra);
  } else {
    jq_game_controller_cancel_thinking(c);
    jq_game_controller_maybe_start_computer(c);
    jq_game_controller_emit_pending(c);
  }
}

/* ---- jieqi: the session is the arbiter ---- */

/* While the connection is away nothing is played (xiangqi too: its
 * arbiter then is this alone). */
static gboolean refuse_waiting(JqNetGame *self, GError **error) {
  if (!self->waiting)
    return FALSE;
  g_set_error(error, G_IO_ERROR, G_IO_ERROR_NOT_CONNECTED,
              _("The connection is lost: wait for %s to come back."),
              jq_net_session_peer_name(self->session));
  return TRUE;
}

static gboolean submit_move(JqMove move, gpointer data, GError **error) {
  JqNetGame *self = data;
  if (refuse_waiting(self, error))
    return FALSE;
  if (self->in_flight) {
    g_set_error(error, G_IO_ERROR, G_IO_ERROR_PENDING,
                _("Your move is on its way; wait for %s's answer."),
                jq_net_session_peer_name(self->session));
    return FALSE;
  }
  self->in_flight = jq_net_session_move(self->session, move, error);
  return self->in_flight;
}

/* What this side learned of the move at `ply`: a piece turned over is
 * everybody's; a captured hidden piece's identity only as the rule says. */
static JqReveal learned(int ply, gpointer data) {
  JqNetGame *self = data;
  const JqGame *game = jq_net_session_game(self->session);
  JqReveal reveal = JQ_REVEAL_NONE;
  if (ply >= jq_game_move_count(game))
    return reveal;
  JqReveal known = jq_game_move_at(game, ply).reveal;
  JqColor first = jq_game_initial(game)->side;
  JqColor captor = ply % 2 ? jq_color_other(first) : first;
  JqDisclosure rule = jq_game_disclosure(game);
  reveal.mover = known.mover;
  if (rule == JQ_DISCLOSE_BOTH ||
      (rule == JQ_DISCLOSE_CAPTOR && captor == self->our_side))
    reveal.captured = known.captured;
  return reveal;
}

/* Our move, played in the session: now on the board. */
static void on_own_move(JqNetSession *session, guint move, JqNetGame *self) {
  self->in_flight = FALSE;
  if (!ours(self) || !self->jieqi)
    return;
  GError *error = NULL;
  if (!jq_game_controller_play_arbitrated(self->controller, (JqMove)move,
                                          &error)) {
    g_warning("The move could not be played: %s", error->message);
    g_error_free(error);
    jq_net_game_leave(self, jq_net_leave_reason_text(JQ_NET_LEAVE_OUT_OF_STEP));
  }
}

/* The end's check of the deal: once it passed, the whole deal is the
 * game's (and may go in its files). */
static void on_fair_checked(JqNetSession *session, gboolean fair,
                            const char *message, JqNetGame *self) {
  JqGameController *c = self->controller;
  if (jq_game_controller_get_game_id(c) != self->game_id)
    return;
  if (fair) {
    JqGame *full = jq_game_copy(jq_net_session_game(session));
    JqResult result = jq_game_controller_get_result(c);
    if (full && !jq_game_is_over(full) && result.outcome != JQ_OUTCOME_NONE)
      jq_game_declare_result(full, result);
    if (full && jq_game_is_over(full)) {
      jq_game_controller_set_arbiter(c, NULL);
      jq_game_controller_replace_record(c, full);
    } else if (full) {
      jq_game_free(full);
    }
    jq_game_controller_notice(c, _("The game was fair: the whole deal "
                                   "checks."));
  } else {
    /* The English detail is for the log; the cheat, if any, was told of
     * when the connection closed. */
    g_message("The deal could not be shown fair: %s", message);
    jq_game_controller_notice(c, _("The deal could not be shown fair."));
  }
  jq_game_controller_emit_pending(c);
}

/* ---- a dropped connection: paused until the peer is back ---- */

static gboolean refuse_all(JqMove move, gpointer data, GError **error) {
  refuse_waiting(data, error);
  return FALSE;
}

static JqReveal learned_nothing(int ply, gpointer data) {
  return JQ_REVEAL_NONE;
}

/* The board held (clocks stopped, no move taken) or let go. */
static void hold(JqNetGame *self, gboolean held) {
  JqGameController *c = self->controller;
  if (jq_game_controller_get_game_id(c) != self->game_id)
    return;
  /* The arbiter goes before a move held back by the pause is played. */
  JqArbiter refuse = {refuse_all, learned_nothing, self};
  if (!self->jieqi)
    jq_game_controller_set_arbiter(c, held ? &refuse : NULL);
  jq_game_controller_set_paused(c, held);
}

static void stop_waiting(JqNetGame *self) {
  if (!self->waiting)
    return;
  self->waiting = FALSE;
  g_clear_handle_id(&self->wait_source, g_source_remove);
  g_clear_handle_id(&self->retry_source, g_source_remove);
  if (self->service) {
    g_signal_handlers_disconnect_by_data(self->service, self);
    jq_net_stop_listening(self->service);
    g_clear_object(&self->service);
  }
  if (self->connecting) {
    g_cancellable_cancel(self->connecting);
    g_clear_object(&self->connecting);
  }
  if (self->controller)
    hold(self, FALSE);
}

/* We give the game up: the peer is told, in the background (the host's
 * listener goes with it, to answer a joiner that connects to resume). */
static void tell_peer(JqNetGame *self, const char *reason) {
  if (jq_net_session_state(self->session) == JQ_NET_STATE_ABANDONED)
    return; /* given up already, here or there */
  GSocketService *service = g_steal_pointer(&self->service);
  if (service)
    g_signal_handlers_disconnect_by_data(service, self);
  if (jq_net_farewell(self->session, reason, self->hosting, self->address,
                      self->port, service))
    self->gave_up = TRUE;
  else if (service)
    jq_net_stop_listening(service);
  g_clear_object(&service);
}

/* The game is given up (`reason`, for the peer): it stays here, as after
 * a drop. */
static void give_up(JqNetGame *self, const char *reason) {
  g_object_ref(self);
  tell_peer(self, reason);
  stop_waiting(self);
  end(self);
  g_signal_emit(self, signals[SIGNAL_WAITING_CHANGED], 0);
  g_object_unref(self);
}

static gboolean wait_expired(gpointer data) {
  JqNetGame *self = data;
  self->wait_source = 0;
  give_up(self, jq_net_leave_reason_text(JQ_NET_LEAVE_WAIT_EXPIRED));
  return G_SOURCE_REMOVE;
}

static void try_resume(JqNetGame *self, GIOStream *io) {
  GError *error = NULL;
  if (!jq_net_session_resume(self->session, io, &error)) {
    g_message("The game cannot resume: %s", error->message);
    g_error_free(error);
    give_up(self, jq_net_leave_reason_text(JQ_NET_LEAVE_CANNOT_RESUME));
  }
}

static gboolean on_incoming(GSocketService *service, GSocketConnection *conn,
                            GObject *source, JqNetGame *self) {
  /* One at a time: a resumption under way is not PAUSED. */
  if (!self->waiting ||
      jq_net_session_state(self->session) != JQ_NET_STATE_PAUSED)
    return FALSE;
  try_resume(self, G_IO_STREAM(conn));
  return TRUE;
}

static gboolean retry_connect(gpointer data);

static void reconnected(GObject *source, GAsyncResult *res, gpointer data) {
  JqNetGame *self = data; /* held for the connection's time */
  GSocketConnection *conn = g_socket_client_connect_to_host_finish(
      G_SOCKET_CLIENT(source), res, NULL);
  if (self->waiting && !self->retry_source &&
      jq_net_session_state(self->session) == JQ_NET_STATE_PAUSED) {
    if (conn)
      try_resume(self, G_IO_STREAM(conn));
    else /* not back yet: again in a second */
      self->retry_source = g_timeout_add(1000, retry_connect, self);
  }
  g_clear_object(&conn);
  g_object_unref(self);
}

static gboolean retry_connect(gpointer data) {
  JqNetGame *self = data;
  self->retry_source = 0;
  GSocketClient *client = g_socket_client_new();
  g_socket_client_set_timeout(client, 10);
  g_socket_client_connect_to_host_async(client, self->address, self->port,
                                        self->connecting, reconnected,
                                        g_object_ref(self));
  g_object_unref(client);
  return G_SOURCE_REMOVE;
}

/* Pauses the game for the peer to come back; FALSE when it cannot. */
static gboolean start_waiting(JqNetGame *self) {
  if (self->hosting) {
    GError *error = NULL;
    self->service = jq_net_listen(self->address, self->port, NULL, &error);
    if (!self->service) {
      g_message("Cannot listen again: %s", error->message);
      g_error_free(error);
      return FALSE;
    }
    g_signal_connect(self->service, "incoming", G_CALLBACK(on_incoming), self);
  } else {
    self->connecting = g_cancellable_new();
    self->retry_source = g_timeout_add(1000, retry_connect, self);
  }
  self->waiting = TRUE;
  self->wait_source = g_timeout_add(resume_wait_ms, wait_expired, self);
  hold(self, TRUE);
  g_signal_emit(self, signals[SIGNAL_WAITING_CHANGED], 0);
  return TRUE;
}

/* The peer gave the game up: nobody waits any more (connection-lost
 * follows). */
static void on_abandoned(JqNetSession *session, const GError *error,
                         JqNetGame *self) {
  self->peer_gave_up = TRUE;
}

static void on_lost(JqNetSession *session, const GError *error,
                    JqNetGame *self) {
  if (jq_net_session_state(session) == JQ_NET_STATE_ABANDONED) {
    g_object_ref(self);
    gboolean was_waiting = self->waiting;
    stop_waiting(self);
    end(self);
    if (was_waiting)
      g_signal_emit(self, signals[SIGNAL_WAITING_CHANGED], 0);
    g_object_unref(self);
    return;
  }
  if (self->waiting) {
    /* A reconnection that did not take: the joiner tries on. */
    if (!self->hosting && !self->retry_source)
      self->retry_source = g_timeout_add(1000, retry_connect, self);
    return;
  }
  /* A peer that said goodbye left on purpose; a jieqi move waiting for
   * its shares cannot be resumed. */
  const JqNetErrorArgs *args = jq_net_error_args(error);
  gboolean left = g_error_matches(error, JQ_NET_ERROR, JQ_NET_ERROR_CLOSED) &&
                  args->detail == JQ_NET_DETAIL_LEFT;
  if (self->address && ours(self) && !left && !self->in_flight &&
      jq_net_session_state(session) == JQ_NET_STATE_PAUSED &&
      !jq_game_controller_is_over(self->controller) && start_waiting(self))
    return;
  end(self);
}

static void on_resumed(JqNetSession *session, JqNetGame *self) {
  stop_waiting(self);
  g_signal_emit(self, signals[SIGNAL_WAITING_CHANGED], 0);
}

/* Another game took the board: the network game is left behind. */
static void on_changed(JqGameController *c, JqNetGame *self) {
  if (!self->ended &&
      jq_game_controller_get_game_id(self->controller) != self->game_id)
    jq_net_game_abandon(self, jq_net_leave_reason_text(JQ_NET_LEAVE_NEW_GAME));
}

JqNetGame *jq_net_game_new(JqGameController *controller, JqNetSession *session,
                           const char *our_name) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(controller), NULL);
  g_return_val_if_fail(jq_net_session_state(session) == JQ_NET_STATE_PLAYING,
                       NULL);
  JqNetGame *self = g_object_new(JQ_TYPE_NET_GAME, NULL);
  self->controller = g_object_ref(controller);
  self->session = g_object_ref(session);
  self->our_side = jq_net_session_color(session);
  JqColor peer = jq_color_other(self->our_side);
  self->peer = jq_net_player_new(session);

  const JqNetParams *p = jq_net_session_params(session);
  JqNewGame setup;
  jq_new_game_init(&setup, p->variant);
  setup.players[self->our_side] = JQ_PLAYER_MODE_HUMAN;
  setup.players[peer] = JQ_PLAYER_MODE_COMPUTER;
  setup.clock.base_ms = (int)p->base_ms;
  setup.clock.inc_ms = (int)p->inc_ms;
  jq_game_controller_set_remote_player(controller, peer, JQ_PLAYER(self->peer));
  GError *error = NULL;
  if (!jq_game_controller_new_game(controller, &setup, &error)) {
    /* The session checked the parameters: a xiangqi start cannot fail. */
    g_warning("The network game could not start: %s", error->message);
    g_error_free(error);
  }
  self->game_id = jq_game_controller_get_game_id(controller);
  if (p->variant == JQ_VARIANT_JIEQI) {
    /* The board shows what the session knows, and no more. */
    self->jieqi = TRUE;
    JqArbiter arbiter = {submit_move, learned, self};
    jq_game_controller_set_arbiter(controller, &arbiter);
    jq_game_controller_replace_record(
        controller, jq_game_copy(jq_net_session_game(session)));
  }
  jq_game_controller_set_player_name(controller, self->our_side, our_name);
  jq_game_controller_set_player_name(controller, peer,
                                     jq_net_session_peer_name(session));

  g_signal_connect(controller, "move-played", G_CALLBACK(on_move_played), self);
  g_signal_connect(controller, "game-over", G_CALLBACK(on_controller_over),
                   self);
  g_signal_connect(controller, "changed", G_CALLBACK(on_changed), self);
  g_signal_connect(session, "game-over", G_CALLBACK(on_session_over), self);
  g_signal_connect(session, "taken-back", G_CALLBACK(on_taken_back), self);
  g_signal_connect(session, "own-move", G_CALLBACK(on_own_move), self);
  g_signal_connect(session, "fair-checked", G_CALLBACK(on_fair_checked), self);
  g_signal_connect(session, "abandoned", G_CALLBACK(on_abandoned), self);
  g_signal_connect(session, "connection-lost", G_CALLBACK(on_lost), self);
  g_signal_connect(session, "resumed", G_CALLBACK(on_resumed), self);
  return self;
}

JqNetSession *jq_net_game_get_session(JqNetGame *self) { return self->session; }

JqGameController *jq_net_game_get_controller(JqNetGame *self) {
  return self->controller;
}

gboolean jq_net_game_is_current(JqNetGame *self) {
  return jq_game_controller_get_game_id(self->controller) == self->game_id;
}

gboolean jq_net_game_is_live(JqNetGame *self) {
  return ours(self) &&
         jq_net_session_state(self->session) == JQ_NET_STATE_PLAYING;
}

void jq_net_game_leave(JqNetGame *self, const char *reason) {
  g_object_ref(self);
  gboolean was_waiting = self->waiting;
  stop_waiting(self);
  jq_net_session_close(self->session, reason);
  end(self);
  if (was_waiting)
    g_signal_emit(self, signals[SIGNAL_WAITING_CHANGED], 0);
  g_object_unref(self);
}

void jq_net_game_abandon(JqNetGame *self, const char *reason) {
  g_return_if_fail(JQ_IS_NET_GAME(self));
  give_up(self, reason);
}

void jq_net_game_set_reconnect(JqNetGame *self, gboolean hosting,
                               const char *address, guint16 port) {
  g_return_if_fail(JQ_IS_NET_GAME(self));
  g_free(self->address);
  self->address = g_strdup(address);
  self->port = port;
  self->hosting = hosting;
}

gboolean jq_net_game_is_waiting(JqNetGame *self) { return self->waiting; }

gboolean jq_net_game_is_hosting(JqNetGame *self) { return self->hosting; }

void jq_net_game_stop_waiting(JqNetGame *self) {
  if (self->waiting)
    give_up(self, jq_net_leave_reason_text(JQ_NET_LEAVE_STOPPED_WAITING));
}

gboolean jq_net_game_gave_up(JqNetGame *self) { return self->gave_up; }

gboolean jq_net_game_peer_gave_up(JqNetGame *self) {
  return self->peer_gave_up;
}

JqNetStatus jq_net_game_get_status(JqNetGame *self) {
  g_return_val_if_fail(JQ_IS_NET_GAME(self), JQ_NET_STATUS_LOST);
  JqNetState state = jq_net_session_state(self->session);
  if (self->waiting)
    return self->hosting ? JQ_NET_STATUS_WAITING : JQ_NET_STATUS_RECONNECTING;
  if (self->peer_gave_up)
    return JQ_NET_STATUS_PEER_GAVE_UP;
  if (self->gave_up)
    return JQ_NET_STATUS_GAVE_UP;
  if (state == JQ_NET_STATE_PLAYING)
    return JQ_NET_STATUS_CONNECTED;
  if (state == JQ_NET_STATE_OVER)
    return JQ_NET_STATUS_OVER;
  return JQ_NET_STATUS_LOST;
}

void jq_net_game_set_resume_wait(guint ms) {
  resume_wait_ms = ms ? ms : RESUME_WAIT_MS;
}

static void jq_net_game_dispose(GObject *object) {
  JqNetGame *self = JQ_NET_GAME(object);
  if (self->session && !self->ended)
    tell_peer(self, "the player closed the game");
  stop_waiting(self);
  if (self->session) {
    g_signal_handlers_disconnect_by_data(self->session, self);
    g_clear_object(&self->session);
  }
  if (self->controller) {
    g_signal_handlers_disconnect_by_data(self->controller, self);
    JqColor peer = jq_color_other(self->our_side);
    if (jq_game_controller_get_remote_player(self->controller, peer) ==
        JQ_PLAYER(self->peer))
      jq_game_controller_set_remote_player(self->controller, peer, NULL);
    g_clear_object(&self->controller);
  }
  g_clear_object(&self->peer);
  g_clear_pointer(&self->address, g_free);
  G_OBJECT_CLASS(jq_net_game_parent_class)->dispose(object);
}

static void jq_net_game_class_init(JqNetGameClass *klass) {
  G_OBJECT_CLASS(klass)->dispose = jq_net_game_dispose;
  signals[SIGNAL_ENDED] =
      g_signal_new("ended", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0,
                   NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[SIGNAL_WAITING_CHANGED] =
      g_signal_new("waiting-changed", G_TYPE_FROM_CLASS(klass),
                   G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void jq_net_game_init(JqNetGame *self) {}
