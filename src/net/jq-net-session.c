/* The network game's state machine for one side. */
#include "jq-net-session.h"

#include <string.h>

#include "jq-net-session-private.h"
#include "jq-notation.h"

#ifndef JQ_VERSION
#define JQ_VERSION "unknown"
#endif

G_DEFINE_FINAL_TYPE(JqNetSession, jq_net_session, G_TYPE_OBJECT)

guint jq_net_session_signals[N_SIGNALS];

static void stop_timers(JqNetSession *s) {
  g_clear_handle_id(&s->idle_source, g_source_remove);
  g_clear_handle_id(&s->ping_source, g_source_remove);
  g_clear_handle_id(&s->share_source, g_source_remove);
  g_clear_handle_id(&s->flag_source, g_source_remove);
}

static void jq_net_session_dispose(GObject *object) {
  JqNetSession *s = JQ_NET_SESSION(object);
  stop_timers(s);
  if (s->stream) {
    jq_net_stream_close(s->stream);
    g_clear_object(&s->stream);
  }
  G_OBJECT_CLASS(jq_net_session_parent_class)->dispose(object);
}

static void jq_net_session_finalize(GObject *object) {
  JqNetSession *s = JQ_NET_SESSION(object);
  if (s->game)
    jq_game_free(s->game);
  jq_net_jieqi_free(s);
  memset(s->secret, 0, sizeof s->secret);
  g_free(s->fair_message);
  g_clear_error(&s->error);
  G_OBJECT_CLASS(jq_net_session_parent_class)->finalize(object);
}

static void jq_net_session_class_init(JqNetSessionClass *klass) {
  GObjectClass *oc = G_OBJECT_CLASS(klass);
  oc->dispose = jq_net_session_dispose;
  oc->finalize = jq_net_session_finalize;
  GType type = G_TYPE_FROM_CLASS(klass);
#define PLAIN(id, name)                                                       \
  jq_net_session_signals[id] = g_signal_new(name, type, G_SIGNAL_RUN_LAST, 0, \
                                            NULL, NULL, NULL, G_TYPE_NONE, 0)
  PLAIN(SIG_STARTED, "started");
  PLAIN(SIG_DRAW_OFFERED, "draw-offered");
  PLAIN(SIG_DRAW_DECLINED, "draw-declined");
  PLAIN(SIG_TAKEBACK_REQUESTED, "takeback-requested");
  PLAIN(SIG_TAKEBACK_DECLINED, "takeback-declined");
  PLAIN(SIG_GAME_OVER, "game-over");
  PLAIN(SIG_RESUMED, "resumed");
#undef PLAIN
  jq_net_session_signals[SIG_PEER_MOVE] =
      g_signal_new("peer-move", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                   G_TYPE_NONE, 1, G_TYPE_UINT);
  jq_net_session_signals[SIG_OWN_MOVE] =
      g_signal_new("own-move", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                   G_TYPE_NONE, 1, G_TYPE_UINT);
  jq_net_session_signals[SIG_PEER_CHAT] =
      g_signal_new("peer-chat", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                   G_TYPE_NONE, 1, G_TYPE_STRING);
  jq_net_session_signals[SIG_TAKEN_BACK] =
      g_signal_new("taken-back", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                   G_TYPE_NONE, 1, G_TYPE_INT);
  jq_net_session_signals[SIG_FAIR_CHECKED] =
      g_signal_new("fair-checked", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                   G_TYPE_NONE, 2, G_TYPE_BOOLEAN, G_TYPE_STRING);
  jq_net_session_signals[SIG_ERROR] =
      g_signal_new("error", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                   G_TYPE_NONE, 1, G_TYPE_ERROR);
  jq_net_session_signals[SIG_CONNECTION_LOST] =
      g_signal_new("connection-lost", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                   NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);
  jq_net_session_signals[SIG_ABANDONED] =
      g_signal_new("abandoned", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                   G_TYPE_NONE, 1, G_TYPE_ERROR);
}

void jq_net_session_clear_pending(JqNetSession *s) {
  s->our_draw = s->peer_draw = NO_PLY;
  s->our_takeback = s->peer_takeback = NO_PLY;
}

static void jq_net_session_init(JqNetSession *s) {
  s->timeout_ms = 60000;
  s->share_timeout_ms = 30000;
  s->flag_tolerance_ms = 2000;
  s->sent_ply = NO_PLY;
  jq_net_session_clear_pending(s);
}

/* A name or a code as a hello message may carry it. */
static gboolean check_text(const char *what, const char *text, gsize max,
                           gboolean code, GError **error) {
  JqNetMessage probe;
  jq_net_message_init(&probe, JQ_NET_MSG_HELLO);
  if (strlen(text) > max) {
    jq_net_error_set(
        error, JQ_NET_ERROR_LOCAL,
        code ? JQ_NET_DETAIL_CODE_TOO_LONG : JQ_NET_DETAIL_NAME_TOO_LONG, NULL,
        (gint64)max, 0, "the %s is longer than %zu bytes", what, (size_t)max);
    return FALSE;
  }
  /* The parser is the one judge of what a message may hold. */
  probe.version = JQ_NET_PROTOCOL_VERSION;
  g_strlcpy(probe.program, "x", sizeof probe.program);
  g_strlcpy(probe.name, code ? "x" : text, sizeof probe.name);
  g_strlcpy(probe.code, code ? text : "", sizeof probe.code);
  char *line = jq_net_message_to_line(&probe);
  gboolean ok = jq_net_message_parse(line, strlen(line) - 1, &probe, NULL);
  g_free(line);
  if (!ok)
    jq_net_error_set(error, JQ_NET_ERROR_LOCAL,
                     code ? JQ_NET_DETAIL_CODE_BAD : JQ_NET_DETAIL_NAME_BAD,
                     NULL, 0, 0,
                     code ? "the %s may only hold letters, digits and signs"
                          : "the %s is empty or holds control characters",
                     what);
  return ok;
}

static JqNetSession *session_new(const char *name, const char *code,
                                 GError **error) {
  if (!check_text("player name", name, JQ_NET_NAME_MAX, FALSE, error) ||
      !check_text("game code", code, JQ_NET_CODE_MAX, TRUE, error))
    return NULL;
  JqNetSession *s = g_object_new(JQ_TYPE_NET_SESSION, NULL);
  g_strlcpy(s->name, name, sizeof s->name);
  g_strlcpy(s->code, code, sizeof s->code);
  return s;
}

static gboolean params_playable(const JqNetParams *p, GError **error) {
#ifndef JQ_NET_FAIR_DEAL
  if (p->variant == JQ_VARIANT_JIEQI) {
    g_set_error_literal(error, JQ_NET_ERROR, JQ_NET_ERROR_UNSUPPORTED,
                        "jieqi over the network needs libsodium");
    return FALSE;
  }
#endif
  if (p->disclosure > JQ_DISCLOSE_BOTH) {
    jq_net_error_set(error, JQ_NET_ERROR_LOCAL, JQ_NET_DETAIL_NO_RULE, NULL, 0,
                     0, "no such disclosure rule");
    return FALSE;
  }
  return TRUE;
}

JqNetSession *jq_net_session_new_host(const JqNetParams *params,
                                      const char *name, const char *code,
                                      GError **error) {
  if (!params_playable(params, error))
    return NULL;
  JqNetSession *s = session_new(name, code, error);
  if (s) {
    s->is_host = TRUE;
    s->params = *params;
  }
  return s;
}

JqNetSession *jq_net_session_new_join(const char *name, const char *code,
                                      GError **error) {
  return session_new(name, code, error);
}

void jq_net_session_set_timeout(JqNetSession *s, guint timeout_ms) {
  s->timeout_ms = timeout_ms;
}

void jq_net_session_set_share_timeout(JqNetSession *s, guint timeout_ms) {
  s->share_timeout_ms = timeout_ms;
}

void jq_net_session_set_flag_tolerance(JqNetSession *s, guint tolerance_ms) {
  s->flag_tolerance_ms = tolerance_ms;
}

JqNetFairness jq_net_session_fairness(JqNetSession *s) { return s->fairness; }
const char *jq_net_session_fairness_message(JqNetSession *s) {
  return s->fair_message;
}

JqNetState jq_net_session_state(JqNetSession *s) { return s->state; }
const JqGame *jq_net_session_game(JqNetSession *s) { return s->game; }
const JqNetParams *jq_net_session_params(JqNetSession *s) { return &s->params; }
JqColor jq_net_session_color(JqNetSession *s) { return s->color; }
const char *jq_net_session_peer_name(JqNetSession *s) { return s->peer_name; }
const char *jq_net_session_peer_program(JqNetSession *s) {
  return s->peer_program;
}
const GError *jq_net_session_error(JqNetSession *s) { return s->error; }
JqNetLeaveReason jq_net_session_get_leave_reason(JqNetSession *s,
                                                 const char **text) {
  const JqNetErrorArgs *args = jq_net_error_args(s->error);
  gboolean left = args && (s->error->code == JQ_NET_ERROR_ABANDONED ||
                           args->detail == JQ_NET_DETAIL_LEFT);
  if (text)
    *text = left && args->text ? args->text : "";
  return left ? (JqNetLeaveReason)args->reason : JQ_NET_LEAVE_NONE;
}
gboolean jq_net_session_connected(JqNetSession *s) {
  return s->stream && !jq_net_stream_is_closed(s->stream);
}
gboolean jq_net_session_peer_heard(JqNetSession *s) { return s->heard; }
gboolean jq_net_session_draw_offered(JqNetSession *s) {
  return s->peer_draw != NO_PLY;
}
gboolean jq_net_session_takeback_requested(JqNetSession *s) {
  return s->peer_takeback != NO_PLY;
}

int jq_net_takeback_plies(int ply, JqColor requester) {
  JqColor to_move = (ply % 2 == 0) ? JQ_RED : JQ_BLACK;
  if (to_move != requester)
    return ply >= 1 ? 1 : 0;
  return ply >= 2 ? 2 : 0;
}

/* ---- Sending */

void jq_net_session_send_msg(JqNetSession *s, const JqNetMessage *msg) {
  if (!s->stream || jq_net_stream_is_closed(s->stream))
    return;
  char *line = jq_net_message_to_line(msg);
  jq_net_stream_send(s->stream, line);
  g_free(line);
}

static void send_ply(JqNetSession *s, JqNetMsgType type, int ply) {
  JqNetMessage msg;
  jq_net_message_init(&msg, type);
  msg.ply = ply;
  jq_net_session_send_msg(s, &msg);
}

/* A bye or a leave with its reason, cut to the limit on a character. */
static void reason_message(JqNetMessage *msg, JqNetMsgType type,
                           const char *reason) {
  jq_net_message_init(msg, type);
  g_strlcpy(msg->text, reason, JQ_NET_REASON_MAX + 1);
  const char *end = NULL;
  if (!g_utf8_validate(msg->text, -1, &end))
    msg->text[end - msg->text] = '\0';
}

/* Says why, closes, and keeps the game. */
void jq_net_session_end_connection(JqNetSession *s, const char *reason) {
  stop_timers(s);
  if (s->stream) {
    JqNetMessage bye;
    reason_message(&bye, JQ_NET_MSG_BYE, reason);
    jq_net_session_send_msg(s, &bye);
    jq_net_stream_close(s->stream);
  }
}

void jq_net_session_set_fairness(JqNetSession *s, JqNetFairness fairness,
                                 const char *message) {
  s->fairness = fairness;
  g_free(s->fair_message);
  s->fair_message = g_strdup(message);
  if (fairness == JQ_NET_FAIR_YES || fairness == JQ_NET_FAIR_NO)
    g_signal_emit(s, jq_net_session_signals[SIG_FAIR_CHECKED], 0,
                  (gboolean)(fairness == JQ_NET_FAIR_YES), message);
}

void jq_net_session_lost(JqNetSession *s, GError *error, gboolean fault) {
  if (s->state == JQ_NET_STATE_ABANDONED) {
    /* Our leave went out and the peer is gone (or silent): done. */
    stop_timers(s);
    s->leaving = FALSE;
    if (s->stream)
      jq_net_stream_close(s->stream);
    g_error_free(error);
    return;
  }
  if (s->state == JQ_NET_STATE_OVER && s->fairness == JQ_NET_FAIR_WAITING) {
    /* The game stands, but without the peer's end nothing is checked. */
    char *text = g_strdup_printf("the peer sent no end message (%s): the "
                                 "deal cannot be checked",
                                 error->message);
    jq_net_session_end_connection(s, error->message);
    g_object_ref(s);
    jq_net_session_set_fairness(s, JQ_NET_FAIR_NO, text);
    g_object_unref(s);
    g_free(text);
    g_error_free(error);
    return;
  }
  if (s->state == JQ_NET_STATE_OVER || s->state == JQ_NET_STATE_PAUSED ||
      s->state == JQ_NET_STATE_FAILED) {
    g_error_free(error);
    return;
  }
  jq_net_clock_stop(s);
  jq_net_session_end_connection(s, error->message);
  s->state = s->game ? JQ_NET_STATE_PAUSED : JQ_NET_STATE_FAILED;
  g_clear_error(&s->error);
  s->error = error;
  g_object_ref(s);
  if (fault)
    g_signal_emit(s, jq_net_session_signals[SIG_ERROR], 0, error);
  g_signal_emit(s, jq_net_session_signals[SIG_CONNECTION_LOST], 0, error);
  g_object_unref(s);
}

gboolean jq_net_session_fault(JqNetSession *s, JqNetErrorCode code,
                              const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *text = g_strdup_vprintf(fmt, ap);
  va_end(ap);
  jq_net_session_lost(s, g_error_new_literal(JQ_NET_ERROR, code, text), TRUE);
  g_free(text);
  return FALSE;
}

static gboolean is_jieqi(JqNetSession *s) {
  return s->params.variant == JQ_VARIANT_JIEQI;
}

void jq_net_session_check_game_over(JqNetSession *s) {
  if (!jq_game_is_over(s->game))
    return;
  jq_net_clock_stop(s);
  s->state = JQ_NET_STATE_OVER;
  s->pending = FALSE;
  g_clear_handle_id(&s->share_source, g_source_remove);
  if (is_jieqi(s) && s->fair) {
    /* Keys go out only now; the connection stays for the peer's. */
    jq_net_jieqi_send_end(s);
    s->fairness = JQ_NET_FAIR_WAITING;
  } else {
    jq_net_session_end_connection(s, "game over");
  }
  g_object_ref(s);
  g_signal_emit(s, jq_net_session_signals[SIG_GAME_OVER], 0);
  g_object_unref(s);
}

/* ---- Timers */

static gboolean idle_expired(gpointer data) {
  JqNetSession *s = data;
  s->idle_source = 0;
  guint seconds = (s->timeout_ms + 999) / 1000;
  jq_net_session_lost(
      s,
      jq_net_error_new(JQ_NET_ERROR_TIMEOUT, JQ_NET_DETAIL_NONE, NULL, seconds,
                       0, "nothing from the peer for %u s", seconds),
      TRUE);
  return G_SOURCE_REMOVE;
}

static void restart_idle(JqNetSession *s) {
  g_clear_handle_id(&s->idle_source, g_source_remove);
  s->idle_source = g_timeout_add(s->timeout_ms, idle_expired, s);
}

static gboolean send_ping(gpointer data) {
  JqNetSession *s = data;
  JqNetMessage msg;
  jq_net_message_init(&msg, JQ_NET_MSG_PING);
  msg.id = s->next_ping++;
  jq_net_session_send_msg(s, &msg);
  return G_SOURCE_CONTINUE;
}

void jq_net_session_start_pings(JqNetSession *s) {
  g_clear_handle_id(&s->ping_source, g_source_remove);
  s->ping_source = g_timeout_add(MAX(s->timeout_ms / 3, 1), send_ping, s);
}

/* ---- The game starts */

void jq_net_session_begin_game(JqNetSession *s) {
  /* Jieqi: seed 0 gives a stand-in deal, the same for everyone and made
   * from no secret; what this side learns is played into it as reveals. */
  s->game = jq_game_new(s->params.variant, 0);
  jq_game_set_disclosure(s->game, s->params.disclosure);
  s->awaiting_deal = FALSE;
  s->color =
      s->is_host ? s->params.host_color : jq_color_other(s->params.host_color);
  s->state = JQ_NET_STATE_PLAYING;
  jq_net_session_start_pings(s);
  jq_net_clock_start(s);
  g_signal_emit(s, jq_net_session_signals[SIG_STARTED], 0);
}

/* Compares every byte of both codes whatever they hold, so the time taken
 * tells a guesser nothing about how much of a guess was right. */
static gboolean codes_equal(const char *a, const char *b) {
  char pa[JQ_NET_CODE_MAX + 1] = {0}, pb[JQ_NET_CODE_MAX + 1] = {0};
  g_strlcpy(pa, a, sizeof pa);
  g_strlcpy(pb, b, sizeof pb);
  volatile unsigned char diff = 0;
  for (size_t i = 0; i < sizeof pa; i++)
    diff |= (unsigned char)(pa[i] ^ pb[i]);
  return diff == 0;
}

static void on_hello(JqNetSession *s, const JqNetMessage *msg) {
  if (s->is_host && !codes_equal(msg->code, s->code)) {
    /* Its words go to the joiner in the bye: a known reason. */
    jq_net_session_fault(s, JQ_NET_ERROR_CODE, "%s",
                         jq_net_leave_reason_text(JQ_NET_LEAVE_WRONG_CODE));
    return;
  }
  g_strlcpy(s->peer_name, msg->name, sizeof s->peer_name);
  g_strlcpy(s->peer_program, msg->program, sizeof s->peer_program);
  s->got_hello = TRUE;
  if (s->resuming) {
    jq_net_resume_send(s);
    return;
  }
  if (s->is_host) {
    JqNetMessage p;
    jq_net_message_init(&p, JQ_NET_MSG_PARAMS);
    p.variant = s->params.variant;
    p.host_color = s->params.host_color;
    p.base_ms = s->params.base_ms;
    p.inc_ms = s->params.inc_ms;
    p.movetime_ms = s->params.movetime_ms;
    p.movestogo = s->params.movestogo;
    p.disclosure = s->params.disclosure;
    jq_net_session_send_msg(s, &p);
    if (is_jieqi(s))
      jq_net_jieqi_deal_start(s);
    else
      jq_net_session_begin_game(s);
  }
}

static void on_params(JqNetSession *s, const JqNetMessage *msg) {
  JqNetParams p = {msg->variant,   msg->host_color,  msg->base_ms,
                   msg->inc_ms,    msg->movetime_ms, msg->movestogo,
                   msg->disclosure};
  GError *error = NULL;
  if (!params_playable(&p, &error)) {
    jq_net_session_lost(s, error, TRUE);
    return;
  }
  s->params = p;
  if (is_jieqi(s))
    s->awaiting_deal = TRUE; /* the host's deal comes next */
  else
    jq_net_session_begin_game(s);
}

static void on_handshake_message(JqNetSession *s, const JqNetMessage *msg) {
  if (!s->got_hello) {
    if (msg->type != JQ_NET_MSG_HELLO) {
      jq_net_session_fault(s, JQ_NET_ERROR_ORDER,
                           "a %s message before the hello",
                           jq_net_message_type_name(msg->type));
      return;
    }
    on_hello(s, msg);
    return;
  }
  if (s->resuming) {
    if (msg->type == JQ_NET_MSG_RESUME)
      jq_net_resume_on_message(s, msg);
    else
      jq_net_session_fault(s, JQ_NET_ERROR_ORDER,
                           "a %s message before the resume",
                           jq_net_message_type_name(msg->type));
  } else if (s->awaiting_deal) {
    if (msg->type == JQ_NET_MSG_DEAL)
      jq_net_jieqi_on_deal(s, msg);
    else
      jq_net_session_fault(s, JQ_NET_ERROR_ORDER,
                           "a %s message before the deal",
                           jq_net_message_type_name(msg->type));
  } else if (msg->type == JQ_NET_MSG_PARAMS && !s->is_host) {
    on_params(s, msg);
  } else {
    jq_net_session_fault(s, JQ_NET_ERROR_ORDER,
                         "a %s message before the game parameters",
                         jq_net_message_type_name(msg->type));
  }
}

/* ---- In the game */

static JqColor peer_color(JqNetSession *s) { return jq_color_other(s->color); }

static void illegal(JqNetSession *s, const char *move) {
  jq_net_session_lost(
      s,
      jq_net_error_new(JQ_NET_ERROR_ILLEGAL, JQ_NET_DETAIL_NONE, move, 0, 0,
                       "the peer played %s, an illegal move", move),
      TRUE);
}

static void on_move(JqNetSession *s, const JqNetMessage *msg) {
  int count = jq_game_move_count(s->game);
  if (s->pending) {
    jq_net_session_fault(
        s, JQ_NET_ERROR_ORDER,
        "the peer played %s while the shares of ply %d were owed", msg->move,
        s->pending_ply);
    return;
  }
  if (jq_game_side_to_move(s->game) != peer_color(s)) {
    jq_net_session_lost(
        s,
        jq_net_error_new(
            JQ_NET_ERROR_OUT_OF_TURN, JQ_NET_DETAIL_NONE, msg->move, 0, 0,
            "the peer played %s when it was not its turn", msg->move),
        TRUE);
    return;
  }
  if (msg->ply != count) {
    jq_net_session_fault(s, JQ_NET_ERROR_ORDER,
                         "the peer played %s as ply %d, at ply %d", msg->move,
                         msg->ply, count);
    return;
  }
  JqMove move =
      jq_move_make(jq_square_parse(msg->move), jq_square_parse(msg->move + 2));
  JqError err;
  if (is_jieqi(s)) {
    if (!jq_game_is_legal(s->game, move)) {
      illegal(s, msg->move);
      return;
    }
    jq_net_clock_charge(s, peer_color(s));
    /* Its shares follow; ours answer them. With none owed (no hidden
     * mover), ours go out at once and the move is played. */
    if (jq_net_jieqi_await_shares(s, move, count, FALSE))
      return;
    GError *error = NULL;
    if (!jq_net_jieqi_send_shares(s, move, count, &error)) {
      jq_net_session_lost(s, error, FALSE);
      return;
    }
    jq_net_jieqi_play_known(s, move, JQ_REVEAL_NONE, TRUE);
    return;
  }
  if (!jq_game_is_legal(s->game, move) || !jq_game_play(s->game, move, &err)) {
    illegal(s, msg->move);
    return;
  }
  jq_net_clock_charge(s, peer_color(s));
  jq_net_session_clear_pending(s);
  g_object_ref(s);
  g_signal_emit(s, jq_net_session_signals[SIG_PEER_MOVE], 0, (guint)move);
  jq_net_session_check_game_over(s);
  g_object_unref(s);
}

/* An answer about an offer or request of ours: FALSE when it is stale
 * (made before a move that has ended it) and to be ignored. */
static gboolean answer_fits(JqNetSession *s, const JqNetMessage *msg,
                            int pending) {
  int count = jq_game_move_count(s->game);
  if (pending != NO_PLY && msg->ply == pending)
    return TRUE;
  if (msg->ply < count && pending == NO_PLY)
    return FALSE;
  jq_net_session_fault(s, JQ_NET_ERROR_ORDER,
                       "a %s message for ply %d with nothing asked",
                       jq_net_message_type_name(msg->type), msg->ply);
  return FALSE;
}

static void undo(JqNetSession *s, int plies) {
  for (int i = 0; i < plies; i++)
    jq_game_undo(s->game);
  jq_net_session_clear_pending(s);
  jq_net_clock_restart(s);
  g_signal_emit(s, jq_net_session_signals[SIG_TAKEN_BACK], 0, plies);
}

static void on_game_message(JqNetSession *s, const JqNetMessage *msg) {
  int count = jq_game_move_count(s->game);
  switch (msg->type) {
  case JQ_NET_MSG_HELLO:
  case JQ_NET_MSG_PARAMS:
    jq_net_session_fault(s, JQ_NET_ERROR_ORDER, "a %s message during the game",
                         jq_net_message_type_name(msg->type));
    return;
  case JQ_NET_MSG_MOVE: on_move(s, msg); return;
  case JQ_NET_MSG_SHARE: jq_net_jieqi_on_share(s, msg); return;
  case JQ_NET_MSG_FLAG: jq_net_clock_on_flag(s, msg); return;
  case JQ_NET_MSG_RESUME:
    jq_net_session_fault(s, JQ_NET_ERROR_ORDER,
                         "a resume message during the game");
    return;
  case JQ_NET_MSG_DEAL:
  case JQ_NET_MSG_END:
    jq_net_session_fault(s, JQ_NET_ERROR_ORDER, "a %s message during the game",
                         jq_net_message_type_name(msg->type));
    return;
  case JQ_NET_MSG_RESIGN:
    jq_game_declare_result(
        s->game, jq_result_loss(peer_color(s), JQ_REASON_RESIGNATION));
    jq_net_session_check_game_over(s);
    return;
  case JQ_NET_MSG_DRAW_OFFER:
  case JQ_NET_MSG_TAKEBACK_REQUEST: {
    gboolean draw = msg->type == JQ_NET_MSG_DRAW_OFFER;
    if (msg->ply > count) {
      jq_net_session_fault(
          s, JQ_NET_ERROR_ORDER, "a %s message for ply %d, at ply %d",
          jq_net_message_type_name(msg->type), msg->ply, count);
      return;
    }
    if (msg->ply < count)
      return; /* made before a move that ended it */
    if (draw) {
      if (s->our_draw == count) { /* both offered: agreed */
        jq_game_declare_result(s->game,
                               jq_result_draw(JQ_REASON_AGREEMENT, s->color));
        jq_net_session_check_game_over(s);
        return;
      }
      s->peer_draw = count;
      g_signal_emit(s, jq_net_session_signals[SIG_DRAW_OFFERED], 0);
    } else {
      /* Jieqi: what a move turned over stays known, so no take-back. */
      if (is_jieqi(s) || jq_net_takeback_plies(count, peer_color(s)) == 0) {
        send_ply(s, JQ_NET_MSG_TAKEBACK_DECLINE, count);
        return;
      }
      s->peer_takeback = count;
      g_signal_emit(s, jq_net_session_signals[SIG_TAKEBACK_REQUESTED], 0);
    }
    return;
  }
  case JQ_NET_MSG_DRAW_ACCEPT:
    if (answer_fits(s, msg, s->our_draw)) {
      jq_game_declare_result(s->game,
                             jq_result_draw(JQ_REASON_AGREEMENT, s->color));
      jq_net_session_check_game_over(s);
    }
    return;
  case JQ_NET_MSG_DRAW_DECLINE:
    if (answer_fits(s, msg, s->our_draw)) {
      s->our_draw = NO_PLY;
      g_signal_emit(s, jq_net_session_signals[SIG_DRAW_DECLINED], 0);
    }
    return;
  case JQ_NET_MSG_TAKEBACK_ACCEPT:
    if (answer_fits(s, msg, s->our_takeback))
      undo(s, jq_net_takeback_plies(count, s->color));
    return;
  case JQ_NET_MSG_TAKEBACK_DECLINE:
    if (answer_fits(s, msg, s->our_takeback)) {
      s->our_takeback = NO_PLY;
      g_signal_emit(s, jq_net_session_signals[SIG_TAKEBACK_DECLINED], 0);
    }
    return;
  case JQ_NET_MSG_CHAT:
    g_signal_emit(s, jq_net_session_signals[SIG_PEER_CHAT], 0, msg->text);
    return;
  case JQ_NET_MSG_CLOCK:
    if (msg->ply == count) {
      s->peer_clock_ms[0] = msg->clock_ms[0];
      s->peer_clock_ms[1] = msg->clock_ms[1];
    }
    return;
  default: return;
  }
}

/* The peer gives the game up: it is kept unfinished, and nobody waits. */
/* The error of a peer that left saying `reason`: its code is read back
 * from the words this program sends (jq-net-leave.c). */
static GError *left_error(JqNetErrorCode code, const char *reason) {
  GError *e = jq_net_error_new(
      code, code == JQ_NET_ERROR_CLOSED ? JQ_NET_DETAIL_LEFT : 0, reason, 0, 0,
      code == JQ_NET_ERROR_CLOSED ? "the peer left%s%s"
                                  : "the peer gave up the game%s%s",
      reason[0] ? ": " : "", reason);
  jq_net_error_set_reason(e, jq_net_leave_reason_parse(reason));
  return e;
}

static void peer_abandoned(JqNetSession *s, const char *reason) {
  GError *e = left_error(JQ_NET_ERROR_ABANDONED, reason);
  stop_timers(s);
  jq_net_clock_stop(s);
  if (s->stream)
    jq_net_stream_close(s->stream);
  s->resuming = FALSE;
  s->state = JQ_NET_STATE_ABANDONED;
  g_clear_error(&s->error);
  s->error = e;
  g_object_ref(s);
  g_signal_emit(s, jq_net_session_signals[SIG_ABANDONED], 0, e);
  g_signal_emit(s, jq_net_session_signals[SIG_CONNECTION_LOST], 0, e);
  g_object_unref(s);
}

static void on_leave(JqNetSession *s, const JqNetMessage *msg) {
  if (s->state == JQ_NET_STATE_HANDSHAKE && !s->got_hello) {
    /* Believed only from a peer whose hello (and code) checked. */
    jq_net_session_fault(s, JQ_NET_ERROR_ORDER,
                         "a leave message before the hello");
  } else if (s->game && !jq_game_is_over(s->game) &&
             (s->state == JQ_NET_STATE_HANDSHAKE ||
              s->state == JQ_NET_STATE_PLAYING)) {
    peer_abandoned(s, msg->text);
  } else {
    /* No game yet, or it is over: as good as a bye. */
    jq_net_session_lost(s, left_error(JQ_NET_ERROR_ABANDONED, msg->text),
                        FALSE);
  }
}

static void on_line(JqNetStream *stream, const char *line, gsize length,
                    gpointer data) {
  JqNetSession *s = data;
  restart_idle(s);
  s->heard = TRUE;
  if (s->leaving)
    return; /* we said we leave: nothing the peer says matters now */
  JqNetMessage *msg = g_new(JqNetMessage, 1);
  GError *error = NULL;
  g_object_ref(s);
  if (!jq_net_message_parse(line, length, msg, &error)) {
    jq_net_session_lost(s, error, TRUE);
  } else if (msg->type == JQ_NET_MSG_PING) {
    msg->type = JQ_NET_MSG_PONG;
    jq_net_session_send_msg(s, msg);
  } else if (msg->type == JQ_NET_MSG_PONG) {
    /* Only keeps the connection alive. */
  } else if (msg->type == JQ_NET_MSG_BYE) {
    jq_net_session_lost(s, left_error(JQ_NET_ERROR_CLOSED, msg->text), FALSE);
  } else if (msg->type == JQ_NET_MSG_LEAVE) {
    on_leave(s, msg);
  } else if (s->state == JQ_NET_STATE_HANDSHAKE) {
    on_handshake_message(s, msg);
  } else if (s->state == JQ_NET_STATE_PLAYING) {
    on_game_message(s, msg);
  } else if (s->state == JQ_NET_STATE_OVER &&
             s->fairness == JQ_NET_FAIR_WAITING) {
    if (msg->type == JQ_NET_MSG_END)
      jq_net_jieqi_on_end(s, msg);
    /* Anything else crossed the end on the wire: nothing to do. */
  }
  g_free(msg);
  g_object_unref(s);
}

static void on_stream_error(JqNetStream *stream, const GError *error,
                            gpointer data) {
  JqNetSession *s = data;
  gboolean peer_fault =
      error->domain == JQ_NET_ERROR && (error->code == JQ_NET_ERROR_TOO_LONG ||
                                        error->code == JQ_NET_ERROR_RATE);
  jq_net_session_lost(s, g_error_copy(error), peer_fault);
}

void jq_net_session_start(JqNetSession *s, GIOStream *io) {
  g_return_if_fail(s->state == JQ_NET_STATE_IDLE);
  jq_net_session_connect(s, io);
}

void jq_net_session_connect(JqNetSession *s, GIOStream *io) {
  s->state = JQ_NET_STATE_HANDSHAKE;
  s->got_hello = FALSE;
  s->heard = FALSE;
  if (s->stream) {
    jq_net_stream_close(s->stream);
    g_clear_object(&s->stream);
  }
  s->stream = jq_net_stream_new(io);
  JqNetMessage hello;
  jq_net_message_init(&hello, JQ_NET_MSG_HELLO);
  hello.version = JQ_NET_PROTOCOL_VERSION;
  g_strlcpy(hello.program, "jieqi " JQ_VERSION, sizeof hello.program);
  g_strlcpy(hello.name, s->name, sizeof hello.name);
  if (!s->is_host)
    g_strlcpy(hello.code, s->code, sizeof hello.code);
  jq_net_session_send_msg(s, &hello);
  restart_idle(s);
  jq_net_stream_start(s->stream, on_line, on_stream_error, s);
}

/* ---- Our actions */

static gboolean refuse(GError **error, JqNetDetail detail, const char *text) {
  jq_net_error_set(error, JQ_NET_ERROR_LOCAL, detail, NULL, 0, 0, "%s", text);
  return FALSE;
}

static gboolean can_act(JqNetSession *s, GError **error) {
  if (s->state != JQ_NET_STATE_PLAYING)
    return refuse(error, JQ_NET_DETAIL_NO_GAME,
                  "no game in progress over the network");
  return TRUE;
}

gboolean jq_net_session_move(JqNetSession *s, JqMove move, GError **error) {
  if (!can_act(s, error))
    return FALSE;
  if (s->pending)
    return refuse(error, JQ_NET_DETAIL_SHARE_OWED,
                  "the last move waits for the peer's share");
  if (jq_game_side_to_move(s->game) != s->color)
    return refuse(error, JQ_NET_DETAIL_PEER_TURN, "it is the peer's turn");
  int count = jq_game_move_count(s->game);
  JqError err;
  if (is_jieqi(s)) {
    /* Tried on a copy: a hidden piece's identity is not known yet. */
    JqGame *probe = jq_game_copy(s->game);
    gboolean ok = probe && jq_game_play(probe, move, &err);
    jq_game_free(probe);
    if (!ok) {
      jq_net_error_set(error, JQ_NET_ERROR_LOCAL, JQ_NET_DETAIL_MOVE_REFUSED,
                       NULL, 0, 0, "%s", probe ? err.message : "out of memory");
      return FALSE;
    }
  } else if (!jq_game_play(s->game, move, &err)) {
    jq_net_error_set(error, JQ_NET_ERROR_LOCAL, JQ_NET_DETAIL_MOVE_REFUSED,
                     NULL, 0, 0, "%s", err.message);
    return FALSE;
  }
  JqNetMessage msg;
  jq_net_message_init(&msg, JQ_NET_MSG_MOVE);
  char coords[JQ_COORDS_MAX];
  jq_move_to_coords(move, coords);
  g_strlcpy(msg.move, coords, sizeof msg.move);
  msg.ply = count;
  jq_net_clock_charge(s, s->color);
  jq_net_session_send_msg(s, &msg);
  if (is_jieqi(s)) {
    /* The move with our shares; it is played once the peer's answer
     * opens what it turned over. */
    GError *local = NULL;
    if (!jq_net_jieqi_send_shares(s, move, count, &local)) {
      jq_net_session_lost(s, local, FALSE);
      return refuse(error, JQ_NET_DETAIL_NO_SHARE,
                    "the move's share could not be made");
    }
    if (jq_net_jieqi_await_shares(s, move, count, TRUE))
      return TRUE;
    return jq_net_jieqi_play_known(s, move, JQ_REVEAL_NONE, FALSE);
  }
  jq_net_session_clear_pending(s);
  g_object_ref(s);
  g_signal_emit(s, jq_net_session_signals[SIG_OWN_MOVE], 0, (guint)move);
  jq_net_session_check_game_over(s);
  g_object_unref(s);
  return TRUE;
}

gboolean jq_net_session_resign(JqNetSession *s, GError **error) {
  if (!can_act(s, error))
    return FALSE;
  JqNetMessage msg;
  jq_net_message_init(&msg, JQ_NET_MSG_RESIGN);
  jq_net_session_send_msg(s, &msg);
  jq_game_declare_result(s->game,
                         jq_result_loss(s->color, JQ_REASON_RESIGNATION));
  jq_net_session_check_game_over(s);
  return TRUE;
}

gboolean jq_net_session_offer_draw(JqNetSession *s, GError **error) {
  if (!can_act(s, error))
    return FALSE;
  int count = jq_game_move_count(s->game);
  if (s->our_draw == count)
    return refuse(error, JQ_NET_DETAIL_DRAW_OFFERED,
                  "a draw is already offered");
  if (s->peer_draw == count)
    return jq_net_session_answer_draw(s, TRUE, error);
  s->our_draw = count;
  send_ply(s, JQ_NET_MSG_DRAW_OFFER, count);
  return TRUE;
}

gboolean jq_net_session_answer_draw(JqNetSession *s, gboolean accept,
                                    GError **error) {
  if (!can_act(s, error))
    return FALSE;
  if (s->peer_draw == NO_PLY)
    return refuse(error, JQ_NET_DETAIL_NO_DRAW_OFFER,
                  "the peer has not offered a draw");
  int ply = s->peer_draw;
  s->peer_draw = NO_PLY;
  send_ply(s, accept ? JQ_NET_MSG_DRAW_ACCEPT : JQ_NET_MSG_DRAW_DECLINE, ply);
  if (accept) {
    jq_game_declare_result(s->game,
                           jq_result_draw(JQ_REASON_AGREEMENT, peer_color(s)));
    jq_net_session_check_game_over(s);
  }
  return TRUE;
}

gboolean jq_net_session_request_takeback(JqNetSession *s, GError **error) {
  if (!can_act(s, error))
    return FALSE;
  int count = jq_game_move_count(s->game);
  if (is_jieqi(s))
    return refuse(error, JQ_NET_DETAIL_JIEQI_NO_TAKEBACK,
                  "no take-back in a network jieqi game: what a move "
                  "turned over stays known");
  if (jq_net_takeback_plies(count, s->color) == 0)
    return refuse(error, JQ_NET_DETAIL_NOTHING_TO_TAKE_BACK,
                  "there is no move of ours to take back");
  if (s->our_takeback == count)
    return refuse(error, JQ_NET_DETAIL_TAKEBACK_ASKED,
                  "a take-back is already asked for");
  s->our_takeback = count;
  send_ply(s, JQ_NET_MSG_TAKEBACK_REQUEST, count);
  return TRUE;
}

gboolean jq_net_session_answer_takeback(JqNetSession *s, gboolean accept,
                                        GError **error) {
  if (!can_act(s, error))
    return FALSE;
  if (s->peer_takeback == NO_PLY)
    return refuse(error, JQ_NET_DETAIL_NO_TAKEBACK_ASKED,
                  "the peer has not asked to take back a move");
  int ply = s->peer_takeback;
  s->peer_takeback = NO_PLY;
  send_ply(s, accept ? JQ_NET_MSG_TAKEBACK_ACCEPT : JQ_NET_MSG_TAKEBACK_DECLINE,
           ply);
  if (accept)
    undo(s, jq_net_takeback_plies(ply, peer_color(s)));
  return TRUE;
}

gboolean jq_net_session_chat(JqNetSession *s, const char *text,
                             GError **error) {
  if (s->state != JQ_NET_STATE_PLAYING && s->state != JQ_NET_STATE_HANDSHAKE)
    return refuse(error, JQ_NET_DETAIL_NOT_CONNECTED, "not connected");
  if (!g_utf8_validate(text, -1, NULL))
    return refuse(error, JQ_NET_DETAIL_CHAT_BAD,
                  "a chat line must be UTF-8 text");
  if (strlen(text) > JQ_NET_CHAT_MAX) {
    jq_net_error_set(error, JQ_NET_ERROR_LOCAL, JQ_NET_DETAIL_CHAT_TOO_LONG,
                     NULL, JQ_NET_CHAT_MAX, 0,
                     "a chat line is at most %d bytes", JQ_NET_CHAT_MAX);
    return FALSE;
  }
  JqNetMessage msg;
  jq_net_message_init(&msg, JQ_NET_MSG_CHAT);
  g_strlcpy(msg.text, text, sizeof msg.text);
  char *line = jq_net_message_to_line(&msg);
  gboolean ok = jq_net_message_parse(line, strlen(line) - 1, &msg, NULL);
  g_free(line);
  if (!ok)
    return refuse(error, JQ_NET_DETAIL_CHAT_BAD,
                  "a chat line must be text without control "
                  "characters, and not empty");
  jq_net_session_send_msg(s, &msg);
  return TRUE;
}

void jq_net_session_close(JqNetSession *s, const char *reason) {
  if (s->state == JQ_NET_STATE_HANDSHAKE || s->state == JQ_NET_STATE_PLAYING) {
    jq_net_session_end_connection(s, reason);
    s->state = s->game ? JQ_NET_STATE_PAUSED : JQ_NET_STATE_FAILED;
  } else if (s->state == JQ_NET_STATE_IDLE) {
    s->state = JQ_NET_STATE_FAILED;
  }
}

gboolean jq_net_session_abandon(JqNetSession *s, GIOStream *io,
                                const char *reason, GError **error) {
  gboolean connected =
      s->state == JQ_NET_STATE_HANDSHAKE || s->state == JQ_NET_STATE_PLAYING;
  if (!s->game || jq_game_is_over(s->game) ||
      !(connected || s->state == JQ_NET_STATE_PAUSED ||
        s->state == JQ_NET_STATE_ABANDONED))
    return refuse(error, JQ_NET_DETAIL_NOTHING_TO_GIVE_UP,
                  "no unfinished game to give up");
  if (connected && io)
    return refuse(error, JQ_NET_DETAIL_CONNECTED_ALREADY,
                  "the game has a connection already");
  JqNetMessage leave;
  reason_message(&leave, JQ_NET_MSG_LEAVE, reason);
  /* The parser is the one judge of what a message may hold. */
  char *line = jq_net_message_to_line(&leave);
  JqNetMessage *probe = g_new(JqNetMessage, 1);
  gboolean ok = jq_net_message_parse(line, strlen(line) - 1, probe, NULL);
  g_free(probe);
  g_free(line);
  if (!ok)
    return refuse(error, JQ_NET_DETAIL_REASON_BAD,
                  "a reason must be text without control characters");
  jq_net_clock_stop(s);
  g_clear_handle_id(&s->ping_source, g_source_remove);
  g_clear_handle_id(&s->share_source, g_source_remove);
  g_clear_handle_id(&s->flag_source, g_source_remove);
  if (io)
    jq_net_session_connect(s, io); /* our hello, then the leave */
  if (connected || io) {
    jq_net_session_send_msg(s, &leave);
    s->leaving = TRUE;
  }
  s->resuming = FALSE;
  s->state = JQ_NET_STATE_ABANDONED;
  return TRUE;
}
