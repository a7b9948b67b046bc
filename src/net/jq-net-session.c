/* The network game's state machine for one side. */
#include "jq-net-session.h"

#include <string.h>

#include "jq-net-error.h"
#include "jq-net-message.h"
#include "jq-net-stream.h"
#include "jq-notation.h"
#include "jq-redeal.h"

#ifdef JQ_NET_FAIR_DEAL
#include "jq-fair-deal.h"
#else
typedef struct JqFairDeal JqFairDeal;
#endif

#ifndef JQ_VERSION
#define JQ_VERSION "unknown"
#endif

#define NO_PLY (-1)

/* The cards whose shares one side sends for one move, in this order: the
 * hidden mover's, then a hidden victim's when the disclosure rule says. */
typedef struct {
  int n;
  JqColor color[2];
  int index[2];
  gboolean captured[2]; /* the victim's card, not the mover's */
} Cards;

struct _JqNetSession {
  GObject parent;
  gboolean is_host;
  JqNetState state;
  JqNetParams params;
  char name[JQ_NET_NAME_MAX + 1];
  char code[JQ_NET_CODE_MAX + 1];
  char peer_name[JQ_NET_NAME_MAX + 1];
  char peer_program[JQ_NET_PROGRAM_MAX + 1];
  gboolean got_hello;
  JqColor color;
  JqGame *game;
  JqNetStream *stream;
  GError *error;
  /* Pending offers and requests: the ply they were made at, or NO_PLY.
   * Any move ends them all. */
  int our_draw, peer_draw, our_takeback, peer_takeback;
  guint timeout_ms, idle_source, ping_source;
  int64_t next_ping;
  int64_t peer_clock_ms[2];
  /* Jieqi's fair deal: our side of it, the secret a test chose. */
  JqFairDeal *fair;
  gboolean have_secret, awaiting_deal;
  uint8_t secret[32], shuffle[2][15];
  /* A move waiting for shares: ours, for the peer's answers, or the
   * peer's, for its own; played when the last one opens. */
  gboolean pending, pending_ours;
  JqMove pending_move;
  int pending_ply;
  Cards want;
  int want_got;
  JqReveal pending_reveal;
  guint share_timeout_ms, share_source;
  /* The end's check. */
  JqNetFairness fairness;
  char *fair_message;
};

G_DEFINE_FINAL_TYPE(JqNetSession, jq_net_session, G_TYPE_OBJECT)

enum {
  SIG_STARTED,
  SIG_PEER_MOVE,
  SIG_OWN_MOVE,
  SIG_PEER_CHAT,
  SIG_DRAW_OFFERED,
  SIG_DRAW_DECLINED,
  SIG_TAKEBACK_REQUESTED,
  SIG_TAKEBACK_DECLINED,
  SIG_TAKEN_BACK,
  SIG_GAME_OVER,
  SIG_FAIR_CHECKED,
  SIG_ERROR,
  SIG_CONNECTION_LOST,
  N_SIGNALS
};
static guint signals[N_SIGNALS];

static void stop_timers(JqNetSession *s) {
  g_clear_handle_id(&s->idle_source, g_source_remove);
  g_clear_handle_id(&s->ping_source, g_source_remove);
  g_clear_handle_id(&s->share_source, g_source_remove);
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
#ifdef JQ_NET_FAIR_DEAL
  jq_fair_deal_free(s->fair);
#endif
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
#define PLAIN(id, name)                                                    \
  signals[id] = g_signal_new(name, type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, \
                             NULL, G_TYPE_NONE, 0)
  PLAIN(SIG_STARTED, "started");
  PLAIN(SIG_DRAW_OFFERED, "draw-offered");
  PLAIN(SIG_DRAW_DECLINED, "draw-declined");
  PLAIN(SIG_TAKEBACK_REQUESTED, "takeback-requested");
  PLAIN(SIG_TAKEBACK_DECLINED, "takeback-declined");
  PLAIN(SIG_GAME_OVER, "game-over");
#undef PLAIN
  signals[SIG_PEER_MOVE] =
      g_signal_new("peer-move", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                   G_TYPE_NONE, 1, G_TYPE_UINT);
  signals[SIG_OWN_MOVE] =
      g_signal_new("own-move", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                   G_TYPE_NONE, 1, G_TYPE_UINT);
  signals[SIG_PEER_CHAT] =
      g_signal_new("peer-chat", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                   G_TYPE_NONE, 1, G_TYPE_STRING);
  signals[SIG_TAKEN_BACK] =
      g_signal_new("taken-back", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                   G_TYPE_NONE, 1, G_TYPE_INT);
  signals[SIG_FAIR_CHECKED] =
      g_signal_new("fair-checked", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                   G_TYPE_NONE, 2, G_TYPE_BOOLEAN, G_TYPE_STRING);
  signals[SIG_ERROR] = g_signal_new("error", type, G_SIGNAL_RUN_LAST, 0, NULL,
                                    NULL, NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);
  signals[SIG_CONNECTION_LOST] =
      g_signal_new("connection-lost", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                   NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);
}

static void clear_pending(JqNetSession *s) {
  s->our_draw = s->peer_draw = NO_PLY;
  s->our_takeback = s->peer_takeback = NO_PLY;
}

static void jq_net_session_init(JqNetSession *s) {
  s->timeout_ms = 60000;
  s->share_timeout_ms = 30000;
  clear_pending(s);
}

/* A name or a code as a hello message may carry it. */
static gboolean check_text(const char *what, const char *text, gsize max,
                           gboolean code, GError **error) {
  JqNetMessage probe;
  jq_net_message_init(&probe, JQ_NET_MSG_HELLO);
  if (strlen(text) > max) {
    g_set_error(error, JQ_NET_ERROR, JQ_NET_ERROR_LOCAL,
                "the %s is longer than %zu bytes", what, (size_t)max);
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
    g_set_error(error, JQ_NET_ERROR, JQ_NET_ERROR_LOCAL,
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
    g_set_error_literal(error, JQ_NET_ERROR, JQ_NET_ERROR_LOCAL,
                        "no such disclosure rule");
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

gboolean jq_net_session_set_deal_secret(JqNetSession *s,
                                        const uint8_t secret[32],
                                        const uint8_t shuffle[2][15]) {
#ifdef JQ_NET_FAIR_DEAL
  G_STATIC_ASSERT(JQ_DEAL_SCALAR_BYTES == 32 && JQ_FAIR_CARDS == 15);
  /* Tried once here so that a bad one is refused now, not mid-handshake. */
  JqFairDeal *probe =
      jq_fair_deal_new_with(JQ_FAIR_ROLE_A, secret, shuffle, NULL);
  if (!probe || s->state != JQ_NET_STATE_IDLE) {
    jq_fair_deal_free(probe);
    return FALSE;
  }
  jq_fair_deal_free(probe);
  memcpy(s->secret, secret, sizeof s->secret);
  memcpy(s->shuffle, shuffle, sizeof s->shuffle);
  s->have_secret = TRUE;
  return TRUE;
#else
  return FALSE;
#endif
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

static void send_msg(JqNetSession *s, const JqNetMessage *msg) {
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
  send_msg(s, &msg);
}

/* Says why, closes, and keeps the game. */
static void end_connection(JqNetSession *s, const char *reason) {
  stop_timers(s);
  if (s->stream) {
    JqNetMessage bye;
    jq_net_message_init(&bye, JQ_NET_MSG_BYE);
    g_strlcpy(bye.text, reason, JQ_NET_REASON_MAX + 1);
    /* Cut on a character boundary. */
    const char *end = NULL;
    if (!g_utf8_validate(bye.text, -1, &end))
      bye.text[end - bye.text] = '\0';
    send_msg(s, &bye);
    jq_net_stream_close(s->stream);
  }
}

static void set_fairness(JqNetSession *s, JqNetFairness fairness,
                         const char *message) {
  s->fairness = fairness;
  g_free(s->fair_message);
  s->fair_message = g_strdup(message);
  if (fairness == JQ_NET_FAIR_YES || fairness == JQ_NET_FAIR_NO)
    g_signal_emit(s, signals[SIG_FAIR_CHECKED], 0,
                  (gboolean)(fairness == JQ_NET_FAIR_YES), message);
}

static void lost(JqNetSession *s, GError *error, gboolean fault) {
  if (s->state == JQ_NET_STATE_OVER && s->fairness == JQ_NET_FAIR_WAITING) {
    /* The game stands, but without the peer's end nothing is checked. */
    char *text = g_strdup_printf("the peer sent no end message (%s): the "
                                 "deal cannot be checked",
                                 error->message);
    end_connection(s, error->message);
    g_object_ref(s);
    set_fairness(s, JQ_NET_FAIR_NO, text);
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
  end_connection(s, error->message);
  s->state = s->game ? JQ_NET_STATE_PAUSED : JQ_NET_STATE_FAILED;
  g_clear_error(&s->error);
  s->error = error;
  g_object_ref(s);
  if (fault)
    g_signal_emit(s, signals[SIG_ERROR], 0, error);
  g_signal_emit(s, signals[SIG_CONNECTION_LOST], 0, error);
  g_object_unref(s);
}

static gboolean fault(JqNetSession *s, JqNetErrorCode code, const char *fmt,
                      ...) G_GNUC_PRINTF(3, 4);
static gboolean fault(JqNetSession *s, JqNetErrorCode code, const char *fmt,
                      ...) {
  va_list ap;
  va_start(ap, fmt);
  char *text = g_strdup_vprintf(fmt, ap);
  va_end(ap);
  lost(s, g_error_new_literal(JQ_NET_ERROR, code, text), TRUE);
  g_free(text);
  return FALSE;
}

static gboolean is_jieqi(JqNetSession *s) {
  return s->params.variant == JQ_VARIANT_JIEQI;
}

static void send_end(JqNetSession *s);

static void check_game_over(JqNetSession *s) {
  if (!jq_game_is_over(s->game))
    return;
  s->state = JQ_NET_STATE_OVER;
  s->pending = FALSE;
  g_clear_handle_id(&s->share_source, g_source_remove);
  if (is_jieqi(s) && s->fair) {
    /* Keys go out only now; the connection stays for the peer's. */
    send_end(s);
    s->fairness = JQ_NET_FAIR_WAITING;
  } else {
    end_connection(s, "game over");
  }
  g_object_ref(s);
  g_signal_emit(s, signals[SIG_GAME_OVER], 0);
  g_object_unref(s);
}

/* ---- Timers */

static gboolean idle_expired(gpointer data) {
  JqNetSession *s = data;
  s->idle_source = 0;
  fault(s, JQ_NET_ERROR_TIMEOUT, "nothing from the peer for %u s",
        (s->timeout_ms + 999) / 1000);
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
  send_msg(s, &msg);
  return G_SOURCE_CONTINUE;
}

/* ---- The game starts */

static void begin_game(JqNetSession *s) {
  /* Jieqi: seed 0 gives a stand-in deal, the same for everyone and made
   * from no secret; what this side learns is played into it as reveals. */
  s->game = jq_game_new(s->params.variant, 0);
  jq_game_set_disclosure(s->game, s->params.disclosure);
  s->awaiting_deal = FALSE;
  s->color =
      s->is_host ? s->params.host_color : jq_color_other(s->params.host_color);
  s->state = JQ_NET_STATE_PLAYING;
  s->ping_source = g_timeout_add(MAX(s->timeout_ms / 3, 1), send_ping, s);
  g_signal_emit(s, signals[SIG_STARTED], 0);
}

/* ---- Jieqi's fair deal (docs/network-protocol.md) */

#ifdef JQ_NET_FAIR_DEAL

static void send_bytes(JqNetSession *s, JqNetMsgType type, const uint8_t *b,
                       size_t n, int ply) {
  JqNetMessage *msg = g_new(JqNetMessage, 1);
  jq_net_message_init(msg, type);
  memcpy(msg->data, b, n);
  msg->data_len = n;
  msg->ply = ply;
  send_msg(s, msg);
  g_free(msg);
}

static gboolean new_fair(JqNetSession *s) {
  JqFairRole role = s->is_host ? JQ_FAIR_ROLE_A : JQ_FAIR_ROLE_B;
  JqFairDealError err;
  s->fair = s->have_secret
                ? jq_fair_deal_new_with(
                      role, s->secret,
                      (const uint8_t(*)[JQ_FAIR_CARDS])s->shuffle, &err)
                : jq_fair_deal_new(role, &err);
  if (!s->fair)
    fault(s, JQ_NET_ERROR_LOCAL, "the deal cannot be made: %s", err.message);
  return s->fair != NULL;
}

/* The host (A) deals first, right after the parameters. */
static void deal_start(JqNetSession *s) {
  uint8_t out[JQ_FAIR_DEAL_BYTES];
  JqFairDealError err;
  if (!new_fair(s))
    return;
  if (!jq_fair_deal_start(s->fair, out, &err)) {
    fault(s, JQ_NET_ERROR_LOCAL, "the deal cannot be made: %s", err.message);
    return;
  }
  send_bytes(s, JQ_NET_MSG_DEAL, out, sizeof out, 0);
  s->awaiting_deal = TRUE;
}

static void on_deal(JqNetSession *s, const JqNetMessage *msg) {
  JqFairDealError err;
  if (s->is_host) {
    if (!jq_fair_deal_accept(s->fair, msg->data, msg->data_len, &err)) {
      fault(s, JQ_NET_ERROR_CHEAT, "the joiner's deal message is refused: %s",
            err.message);
      return;
    }
  } else {
    uint8_t out[JQ_FAIR_DEAL_BYTES];
    if (!new_fair(s))
      return;
    if (!jq_fair_deal_shuffle(s->fair, msg->data, msg->data_len, out, &err)) {
      fault(s, JQ_NET_ERROR_CHEAT, "the host's deal message is refused: %s",
            err.message);
      return;
    }
    send_bytes(s, JQ_NET_MSG_DEAL, out, sizeof out, 0);
  }
  begin_game(s);
}

/* The cards whose shares `sender` sends for `move`, made by the side to
 * move: a hidden mover is opened by both; a hidden victim only as the
 * disclosure rule says (jq_fair_deal_capture_sends). */
static void move_cards(JqNetSession *s, JqMove move, JqColor sender,
                       Cards *out) {
  const JqPosition *truth = jq_game_truth(s->game);
  JqColor captor = jq_game_side_to_move(s->game);
  int from = jq_move_from(move), to = jq_move_to(move);
  out->n = 0;
  for (int k = 0; k < 2; k++) {
    int sq = k == 0 ? from : to;
    if (!jq_piece_is_hidden(truth->board[sq]))
      continue;
    if (k == 1 &&
        !jq_fair_deal_capture_sends(s->params.disclosure, captor, sender))
      continue;
    /* A hidden piece has never left its starting point: that is its card. */
    if (!jq_fair_deal_square_card(sq, &out->color[out->n], &out->index[out->n]))
      continue;
    out->captured[out->n++] = k == 1;
  }
}

static gboolean send_shares(JqNetSession *s, JqMove move, int ply,
                            GError **error) {
  Cards mine;
  move_cards(s, move, s->color, &mine);
  for (int i = 0; i < mine.n; i++) {
    uint8_t share[JQ_FAIR_SHARE_BYTES];
    JqFairDealError err;
    if (!jq_fair_deal_make_share(s->fair, mine.color[i], mine.index[i], share,
                                 &err)) {
      g_set_error(error, JQ_NET_ERROR, JQ_NET_ERROR_LOCAL,
                  "no share can be made: %s", err.message);
      return FALSE;
    }
    send_bytes(s, JQ_NET_MSG_SHARE, share, sizeof share, ply);
  }
  return TRUE;
}

static char *card_text(const Cards *c, int i) {
  int sq = jq_fair_deal_card_square(c->color[i], c->index[i]);
  char name[3] = "";
  if (sq >= 0)
    jq_square_name(sq, name);
  return g_strdup_printf("%s card %d (%s)",
                         c->color[i] == JQ_RED ? "red" : "black", c->index[i],
                         name);
}

static gboolean share_withheld(gpointer data) {
  JqNetSession *s = data;
  s->share_source = 0;
  if (!s->pending || s->state != JQ_NET_STATE_PLAYING)
    return G_SOURCE_REMOVE;
  char *card = card_text(&s->want, s->want_got);
  GError *e = g_error_new(JQ_NET_ERROR, JQ_NET_ERROR_FORFEIT,
                          "the peer withheld its share of %s for ply %d: it "
                          "loses by forfeit",
                          card, s->pending_ply);
  g_free(card);
  s->pending = FALSE;
  g_clear_error(&s->error);
  s->error = e;
  g_object_ref(s);
  g_signal_emit(s, signals[SIG_ERROR], 0, e);
  /* A share not sent in time is time run out: PGN's "time forfeit". */
  jq_game_declare_result(
      s->game, jq_result_loss(jq_color_other(s->color), JQ_REASON_TIME));
  check_game_over(s);
  g_object_unref(s);
  return G_SOURCE_REMOVE;
}

/* Waits for the peer's shares of `move`; FALSE when none are owed. */
static gboolean await_shares(JqNetSession *s, JqMove move, int ply,
                             gboolean ours) {
  move_cards(s, move, jq_color_other(s->color), &s->want);
  if (s->want.n == 0)
    return FALSE;
  s->pending = TRUE;
  s->pending_ours = ours;
  s->pending_move = move;
  s->pending_ply = ply;
  s->want_got = 0;
  s->pending_reveal = JQ_REVEAL_NONE;
  g_clear_handle_id(&s->share_source, g_source_remove);
  s->share_source = g_timeout_add(s->share_timeout_ms, share_withheld, s);
  return TRUE;
}

/* Plays a move with what this side knows of it: unknown parts come from
 * the stand-in deal and stay out of this side's view. */
static gboolean play_known(JqNetSession *s, JqMove move, JqReveal reveal,
                           gboolean peer) {
  JqError err;
  if (!jq_game_play_with_reveal(s->game, move, reveal, &err)) {
    char coords[JQ_COORDS_MAX];
    jq_move_to_coords(move, coords);
    fault(s, JQ_NET_ERROR_CHEAT,
          "%s cannot be played with what it turned "
          "over: %s",
          coords, err.message);
    return FALSE;
  }
  clear_pending(s);
  g_object_ref(s);
  g_signal_emit(s, signals[peer ? SIG_PEER_MOVE : SIG_OWN_MOVE], 0,
                (guint)move);
  check_game_over(s);
  g_object_unref(s);
  return TRUE;
}

static void on_share(JqNetSession *s, const JqNetMessage *msg) {
  if (!s->pending) {
    fault(s, JQ_NET_ERROR_ORDER, "a share message with no card to open");
    return;
  }
  if (msg->ply != s->pending_ply) {
    fault(s, JQ_NET_ERROR_ORDER, "a share message for ply %d, at ply %d",
          msg->ply, s->pending_ply);
    return;
  }
  int i = s->want_got;
  JqPieceType type = JQ_NO_TYPE;
  JqFairDealError err;
  if (!jq_fair_deal_open(s->fair, s->want.color[i], s->want.index[i], msg->data,
                         msg->data_len, &type, &err)) {
    s->pending = FALSE;
    char *text = g_strdup_printf("the peer cheated: %s", err.message);
    g_object_ref(s);
    set_fairness(s, JQ_NET_FAIR_NO, text);
    fault(s, JQ_NET_ERROR_CHEAT, "%s", text);
    g_object_unref(s);
    g_free(text);
    return;
  }
  if (s->want.captured[i])
    s->pending_reveal.captured = type;
  else
    s->pending_reveal.mover = type;
  if (++s->want_got < s->want.n)
    return;
  g_clear_handle_id(&s->share_source, g_source_remove);
  s->pending = FALSE;
  if (!s->pending_ours) {
    GError *error = NULL;
    if (!send_shares(s, s->pending_move, s->pending_ply, &error)) {
      lost(s, error, FALSE);
      return;
    }
  }
  play_known(s, s->pending_move, s->pending_reveal, !s->pending_ours);
}

static void send_end(JqNetSession *s) {
  uint8_t out[JQ_FAIR_END_BYTES];
  JqFairDealError err;
  if (jq_fair_deal_end(s->fair, out, &err))
    send_bytes(s, JQ_NET_MSG_END, out, sizeof out, 0);
  memset(out, 0, sizeof out);
}

static void on_end(JqNetSession *s, const JqNetMessage *msg) {
  JqPieceType deal[JQ_SQUARES];
  JqFairDealError err;
  g_object_ref(s);
  if (!jq_fair_deal_finish(s->fair, msg->data, msg->data_len, NULL, deal,
                           &err)) {
    end_connection(s, "game over");
    set_fairness(s, JQ_NET_FAIR_NO, err.message);
    g_object_unref(s);
    return;
  }
  /* The whole deal, now that it may be known: the game replayed with it
   * must keep every identity this side saw. */
  bool seen[JQ_SQUARES];
  jq_redeal_seen(s->game, (int)s->color, seen);
  JqError gerr;
  JqGame *full = jq_redeal(s->game, deal, seen, &gerr);
  end_connection(s, "game over");
  if (!full) {
    char *text = g_strdup_printf("the deal checks, but %s", gerr.message);
    set_fairness(s, JQ_NET_FAIR_NO, text);
    g_free(text);
  } else {
    jq_game_free(s->game);
    s->game = full;
    set_fairness(s, JQ_NET_FAIR_YES, "the game was fair");
  }
  g_object_unref(s);
}

#else /* no libsodium: jieqi is refused before any of this is needed */

static void deal_start(JqNetSession *s) {
  fault(s, JQ_NET_ERROR_UNSUPPORTED, "jieqi over the network needs libsodium");
}
static void on_deal(JqNetSession *s, const JqNetMessage *msg) { deal_start(s); }
static gboolean await_shares(JqNetSession *s, JqMove move, int ply,
                             gboolean ours) {
  return FALSE;
}
static gboolean send_shares(JqNetSession *s, JqMove move, int ply,
                            GError **error) {
  return TRUE;
}
static gboolean play_known(JqNetSession *s, JqMove move, JqReveal reveal,
                           gboolean peer) {
  return FALSE;
}
static void on_share(JqNetSession *s, const JqNetMessage *msg) {
  fault(s, JQ_NET_ERROR_ORDER, "a share message with no card to open");
}
static void send_end(JqNetSession *s) {}
static void on_end(JqNetSession *s, const JqNetMessage *msg) {}

#endif

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
    fault(s, JQ_NET_ERROR_CODE, "the wrong game code");
    return;
  }
  g_strlcpy(s->peer_name, msg->name, sizeof s->peer_name);
  g_strlcpy(s->peer_program, msg->program, sizeof s->peer_program);
  s->got_hello = TRUE;
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
    send_msg(s, &p);
    if (is_jieqi(s))
      deal_start(s);
    else
      begin_game(s);
  }
}

static void on_params(JqNetSession *s, const JqNetMessage *msg) {
  JqNetParams p = {msg->variant,   msg->host_color,  msg->base_ms,
                   msg->inc_ms,    msg->movetime_ms, msg->movestogo,
                   msg->disclosure};
  GError *error = NULL;
  if (!params_playable(&p, &error)) {
    lost(s, error, TRUE);
    return;
  }
  s->params = p;
  if (is_jieqi(s))
    s->awaiting_deal = TRUE; /* the host's deal comes next */
  else
    begin_game(s);
}

static void on_handshake_message(JqNetSession *s, const JqNetMessage *msg) {
  if (!s->got_hello) {
    if (msg->type != JQ_NET_MSG_HELLO) {
      fault(s, JQ_NET_ERROR_ORDER, "a %s message before the hello",
            jq_net_message_type_name(msg->type));
      return;
    }
    on_hello(s, msg);
    return;
  }
  if (s->awaiting_deal) {
    if (msg->type == JQ_NET_MSG_DEAL)
      on_deal(s, msg);
    else
      fault(s, JQ_NET_ERROR_ORDER, "a %s message before the deal",
            jq_net_message_type_name(msg->type));
  } else if (msg->type == JQ_NET_MSG_PARAMS && !s->is_host) {
    on_params(s, msg);
  } else {
    fault(s, JQ_NET_ERROR_ORDER, "a %s message before the game parameters",
          jq_net_message_type_name(msg->type));
  }
}

/* ---- In the game */

static JqColor peer_color(JqNetSession *s) { return jq_color_other(s->color); }

static void on_move(JqNetSession *s, const JqNetMessage *msg) {
  int count = jq_game_move_count(s->game);
  if (s->pending) {
    fault(s, JQ_NET_ERROR_ORDER,
          "the peer played %s while the shares of ply %d were owed", msg->move,
          s->pending_ply);
    return;
  }
  if (jq_game_side_to_move(s->game) != peer_color(s)) {
    fault(s, JQ_NET_ERROR_OUT_OF_TURN,
          "the peer played %s when it was not its turn", msg->move);
    return;
  }
  if (msg->ply != count) {
    fault(s, JQ_NET_ERROR_ORDER, "the peer played %s as ply %d, at ply %d",
          msg->move, msg->ply, count);
    return;
  }
  JqMove move =
      jq_move_make(jq_square_parse(msg->move), jq_square_parse(msg->move + 2));
  JqError err;
  if (is_jieqi(s)) {
    if (!jq_game_is_legal(s->game, move)) {
      fault(s, JQ_NET_ERROR_ILLEGAL, "the peer played %s, an illegal move",
            msg->move);
      return;
    }
    /* Its shares follow; ours answer them. With none owed (no hidden
     * mover), ours go out at once and the move is played. */
    if (await_shares(s, move, count, FALSE))
      return;
    GError *error = NULL;
    if (!send_shares(s, move, count, &error)) {
      lost(s, error, FALSE);
      return;
    }
    play_known(s, move, JQ_REVEAL_NONE, TRUE);
    return;
  }
  if (!jq_game_is_legal(s->game, move) || !jq_game_play(s->game, move, &err)) {
    fault(s, JQ_NET_ERROR_ILLEGAL, "the peer played %s, an illegal move",
          msg->move);
    return;
  }
  clear_pending(s);
  g_object_ref(s);
  g_signal_emit(s, signals[SIG_PEER_MOVE], 0, (guint)move);
  check_game_over(s);
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
  fault(s, JQ_NET_ERROR_ORDER, "a %s message for ply %d with nothing asked",
        jq_net_message_type_name(msg->type), msg->ply);
  return FALSE;
}

static void undo(JqNetSession *s, int plies) {
  for (int i = 0; i < plies; i++)
    jq_game_undo(s->game);
  clear_pending(s);
  g_signal_emit(s, signals[SIG_TAKEN_BACK], 0, plies);
}

static void on_game_message(JqNetSession *s, const JqNetMessage *msg) {
  int count = jq_game_move_count(s->game);
  switch (msg->type) {
  case JQ_NET_MSG_HELLO:
  case JQ_NET_MSG_PARAMS:
    fault(s, JQ_NET_ERROR_ORDER, "a %s message during the game",
          jq_net_message_type_name(msg->type));
    return;
  case JQ_NET_MSG_MOVE: on_move(s, msg); return;
  case JQ_NET_MSG_SHARE: on_share(s, msg); return;
  case JQ_NET_MSG_DEAL:
  case JQ_NET_MSG_END:
    fault(s, JQ_NET_ERROR_ORDER, "a %s message during the game",
          jq_net_message_type_name(msg->type));
    return;
  case JQ_NET_MSG_RESIGN:
    jq_game_declare_result(
        s->game, jq_result_loss(peer_color(s), JQ_REASON_RESIGNATION));
    check_game_over(s);
    return;
  case JQ_NET_MSG_DRAW_OFFER:
  case JQ_NET_MSG_TAKEBACK_REQUEST: {
    gboolean draw = msg->type == JQ_NET_MSG_DRAW_OFFER;
    if (msg->ply > count) {
      fault(s, JQ_NET_ERROR_ORDER, "a %s message for ply %d, at ply %d",
            jq_net_message_type_name(msg->type), msg->ply, count);
      return;
    }
    if (msg->ply < count)
      return; /* made before a move that ended it */
    if (draw) {
      if (s->our_draw == count) { /* both offered: agreed */
        jq_game_declare_result(s->game,
                               jq_result_draw(JQ_REASON_AGREEMENT, s->color));
        check_game_over(s);
        return;
      }
      s->peer_draw = count;
      g_signal_emit(s, signals[SIG_DRAW_OFFERED], 0);
    } else {
      /* Jieqi: what a move turned over stays known, so no take-back. */
      if (is_jieqi(s) || jq_net_takeback_plies(count, peer_color(s)) == 0) {
        send_ply(s, JQ_NET_MSG_TAKEBACK_DECLINE, count);
        return;
      }
      s->peer_takeback = count;
      g_signal_emit(s, signals[SIG_TAKEBACK_REQUESTED], 0);
    }
    return;
  }
  case JQ_NET_MSG_DRAW_ACCEPT:
    if (answer_fits(s, msg, s->our_draw)) {
      jq_game_declare_result(s->game,
                             jq_result_draw(JQ_REASON_AGREEMENT, s->color));
      check_game_over(s);
    }
    return;
  case JQ_NET_MSG_DRAW_DECLINE:
    if (answer_fits(s, msg, s->our_draw)) {
      s->our_draw = NO_PLY;
      g_signal_emit(s, signals[SIG_DRAW_DECLINED], 0);
    }
    return;
  case JQ_NET_MSG_TAKEBACK_ACCEPT:
    if (answer_fits(s, msg, s->our_takeback))
      undo(s, jq_net_takeback_plies(count, s->color));
    return;
  case JQ_NET_MSG_TAKEBACK_DECLINE:
    if (answer_fits(s, msg, s->our_takeback)) {
      s->our_takeback = NO_PLY;
      g_signal_emit(s, signals[SIG_TAKEBACK_DECLINED], 0);
    }
    return;
  case JQ_NET_MSG_CHAT:
    g_signal_emit(s, signals[SIG_PEER_CHAT], 0, msg->text);
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

static void on_line(JqNetStream *stream, const char *line, gsize length,
                    gpointer data) {
  JqNetSession *s = data;
  JqNetMessage *msg = g_new(JqNetMessage, 1);
  GError *error = NULL;
  restart_idle(s);
  g_object_ref(s);
  if (!jq_net_message_parse(line, length, msg, &error)) {
    lost(s, error, TRUE);
  } else if (msg->type == JQ_NET_MSG_PING) {
    msg->type = JQ_NET_MSG_PONG;
    send_msg(s, msg);
  } else if (msg->type == JQ_NET_MSG_PONG) {
    /* Only keeps the connection alive. */
  } else if (msg->type == JQ_NET_MSG_BYE) {
    GError *e =
        g_error_new(JQ_NET_ERROR, JQ_NET_ERROR_CLOSED, "the peer left%s%s",
                    msg->text[0] ? ": " : "", msg->text);
    lost(s, e, FALSE);
  } else if (s->state == JQ_NET_STATE_HANDSHAKE) {
    on_handshake_message(s, msg);
  } else if (s->state == JQ_NET_STATE_PLAYING) {
    on_game_message(s, msg);
  } else if (s->state == JQ_NET_STATE_OVER &&
             s->fairness == JQ_NET_FAIR_WAITING) {
    if (msg->type == JQ_NET_MSG_END)
      on_end(s, msg);
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
  lost(s, g_error_copy(error), peer_fault);
}

void jq_net_session_start(JqNetSession *s, GIOStream *io) {
  g_return_if_fail(s->state == JQ_NET_STATE_IDLE);
  s->state = JQ_NET_STATE_HANDSHAKE;
  s->stream = jq_net_stream_new(io);
  JqNetMessage hello;
  jq_net_message_init(&hello, JQ_NET_MSG_HELLO);
  hello.version = JQ_NET_PROTOCOL_VERSION;
  g_strlcpy(hello.program, "jieqi " JQ_VERSION, sizeof hello.program);
  g_strlcpy(hello.name, s->name, sizeof hello.name);
  if (!s->is_host)
    g_strlcpy(hello.code, s->code, sizeof hello.code);
  send_msg(s, &hello);
  restart_idle(s);
  jq_net_stream_start(s->stream, on_line, on_stream_error, s);
}

/* ---- Our actions */

static gboolean refuse(GError **error, const char *text) {
  g_set_error_literal(error, JQ_NET_ERROR, JQ_NET_ERROR_LOCAL, text);
  return FALSE;
}

static gboolean can_act(JqNetSession *s, GError **error) {
  if (s->state != JQ_NET_STATE_PLAYING)
    return refuse(error, "no game in progress over the network");
  return TRUE;
}

gboolean jq_net_session_move(JqNetSession *s, JqMove move, GError **error) {
  if (!can_act(s, error))
    return FALSE;
  if (s->pending)
    return refuse(error, "the last move waits for the peer's share");
  if (jq_game_side_to_move(s->game) != s->color)
    return refuse(error, "it is the peer's turn");
  int count = jq_game_move_count(s->game);
  JqError err;
  if (is_jieqi(s)) {
    /* Tried on a copy: a hidden piece's identity is not known yet. */
    JqGame *probe = jq_game_copy(s->game);
    gboolean ok = probe && jq_game_play(probe, move, &err);
    jq_game_free(probe);
    if (!ok) {
      g_set_error(error, JQ_NET_ERROR, JQ_NET_ERROR_LOCAL, "%s",
                  probe ? err.message : "out of memory");
      return FALSE;
    }
  } else if (!jq_game_play(s->game, move, &err)) {
    g_set_error(error, JQ_NET_ERROR, JQ_NET_ERROR_LOCAL, "%s", err.message);
    return FALSE;
  }
  JqNetMessage msg;
  jq_net_message_init(&msg, JQ_NET_MSG_MOVE);
  char coords[JQ_COORDS_MAX];
  jq_move_to_coords(move, coords);
  g_strlcpy(msg.move, coords, sizeof msg.move);
  msg.ply = count;
  send_msg(s, &msg);
  if (is_jieqi(s)) {
    /* The move with our shares; it is played once the peer's answer
     * opens what it turned over. */
    GError *local = NULL;
    if (!send_shares(s, move, count, &local)) {
      lost(s, local, FALSE);
      return refuse(error, "the move's share could not be made");
    }
    if (await_shares(s, move, count, TRUE))
      return TRUE;
    return play_known(s, move, JQ_REVEAL_NONE, FALSE);
  }
  clear_pending(s);
  g_object_ref(s);
  g_signal_emit(s, signals[SIG_OWN_MOVE], 0, (guint)move);
  check_game_over(s);
  g_object_unref(s);
  return TRUE;
}

gboolean jq_net_session_resign(JqNetSession *s, GError **error) {
  if (!can_act(s, error))
    return FALSE;
  JqNetMessage msg;
  jq_net_message_init(&msg, JQ_NET_MSG_RESIGN);
  send_msg(s, &msg);
  jq_game_declare_result(s->game,
                         jq_result_loss(s->color, JQ_REASON_RESIGNATION));
  check_game_over(s);
  return TRUE;
}

gboolean jq_net_session_offer_draw(JqNetSession *s, GError **error) {
  if (!can_act(s, error))
    return FALSE;
  int count = jq_game_move_count(s->game);
  if (s->our_draw == count)
    return refuse(error, "a draw is already offered");
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
    return refuse(error, "the peer has not offered a draw");
  int ply = s->peer_draw;
  s->peer_draw = NO_PLY;
  send_ply(s, accept ? JQ_NET_MSG_DRAW_ACCEPT : JQ_NET_MSG_DRAW_DECLINE, ply);
  if (accept) {
    jq_game_declare_result(s->game,
                           jq_result_draw(JQ_REASON_AGREEMENT, peer_color(s)));
    check_game_over(s);
  }
  return TRUE;
}

gboolean jq_net_session_request_takeback(JqNetSession *s, GError **error) {
  if (!can_act(s, error))
    return FALSE;
  int count = jq_game_move_count(s->game);
  if (is_jieqi(s))
    return refuse(error, "no take-back in a network jieqi game: what a move "
                         "turned over stays known");
  if (jq_net_takeback_plies(count, s->color) == 0)
    return refuse(error, "there is no move of ours to take back");
  if (s->our_takeback == count)
    return refuse(error, "a take-back is already asked for");
  s->our_takeback = count;
  send_ply(s, JQ_NET_MSG_TAKEBACK_REQUEST, count);
  return TRUE;
}

gboolean jq_net_session_answer_takeback(JqNetSession *s, gboolean accept,
                                        GError **error) {
  if (!can_act(s, error))
    return FALSE;
  if (s->peer_takeback == NO_PLY)
    return refuse(error, "the peer has not asked to take back a move");
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
    return refuse(error, "not connected");
  if (!g_utf8_validate(text, -1, NULL))
    return refuse(error, "a chat line must be UTF-8 text");
  if (strlen(text) > JQ_NET_CHAT_MAX) {
    g_set_error(error, JQ_NET_ERROR, JQ_NET_ERROR_LOCAL,
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
    return refuse(error, "a chat line must be text without control "
                         "characters, and not empty");
  send_msg(s, &msg);
  return TRUE;
}

void jq_net_session_close(JqNetSession *s, const char *reason) {
  if (s->state == JQ_NET_STATE_HANDSHAKE || s->state == JQ_NET_STATE_PLAYING) {
    end_connection(s, reason);
    s->state = s->game ? JQ_NET_STATE_PAUSED : JQ_NET_STATE_FAILED;
  } else if (s->state == JQ_NET_STATE_IDLE) {
    s->state = JQ_NET_STATE_FAILED;
  }
}
