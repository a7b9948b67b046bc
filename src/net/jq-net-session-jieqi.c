/* Jieqi over the network: the session's side of the fair deal
 * (docs/network-protocol.md). The deal is made in the handshake; each move
 * that turns over or captures a hidden piece waits for both sides' shares
 * of its card; at the end both keys are shown and the transcript checked. */
#include "jq-net-session-private.h"

#include <string.h>

#include "jq-notation.h"
#include "jq-redeal.h"

#ifdef JQ_NET_FAIR_DEAL

static void send_bytes(JqNetSession *s, JqNetMsgType type, const uint8_t *b,
                       size_t n, int ply) {
  JqNetMessage *msg = g_new(JqNetMessage, 1);
  jq_net_message_init(msg, type);
  memcpy(msg->data, b, n);
  msg->data_len = n;
  msg->ply = ply;
  jq_net_session_send_msg(s, msg);
  g_free(msg);
}

static void no_deal(JqNetSession *s, const char *why) {
  jq_net_session_lost(s,
                      jq_net_error_new(JQ_NET_ERROR_LOCAL,
                                       JQ_NET_DETAIL_NO_DEAL, NULL, 0, 0,
                                       "the deal cannot be made: %s", why),
                      TRUE);
}

/* The peer's message that does not check. */
static void cheat(JqNetSession *s, JqNetDetail detail, const char *text) {
  jq_net_session_lost(
      s, jq_net_error_new(JQ_NET_ERROR_CHEAT, detail, NULL, 0, 0, "%s", text),
      TRUE);
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
    no_deal(s, err.message);
  return s->fair != NULL;
}

void jq_net_jieqi_deal_start(JqNetSession *s) {
  uint8_t out[JQ_FAIR_DEAL_BYTES];
  JqFairDealError err;
  if (!new_fair(s))
    return;
  if (!jq_fair_deal_start(s->fair, out, &err)) {
    no_deal(s, err.message);
    return;
  }
  send_bytes(s, JQ_NET_MSG_DEAL, out, sizeof out, 0);
  s->awaiting_deal = TRUE;
}

void jq_net_jieqi_on_deal(JqNetSession *s, const JqNetMessage *msg) {
  JqFairDealError err;
  if (s->is_host) {
    if (!jq_fair_deal_accept(s->fair, msg->data, msg->data_len, &err)) {
      char *text = g_strdup_printf("the joiner's deal message is refused: %s",
                                   err.message);
      cheat(s, JQ_NET_DETAIL_CHEAT_DEAL, text);
      g_free(text);
      return;
    }
  } else {
    uint8_t out[JQ_FAIR_DEAL_BYTES];
    if (!new_fair(s))
      return;
    if (!jq_fair_deal_shuffle(s->fair, msg->data, msg->data_len, out, &err)) {
      char *text = g_strdup_printf("the host's deal message is refused: %s",
                                   err.message);
      cheat(s, JQ_NET_DETAIL_CHEAT_DEAL, text);
      g_free(text);
      return;
    }
    send_bytes(s, JQ_NET_MSG_DEAL, out, sizeof out, 0);
  }
  jq_net_session_begin_game(s);
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

gboolean jq_net_jieqi_send_shares(JqNetSession *s, JqMove move, int ply,
                                  GError **error) {
  Cards mine;
  move_cards(s, move, s->color, &mine);
  for (int i = 0; i < mine.n; i++) {
    uint8_t share[JQ_FAIR_SHARE_BYTES];
    JqFairDealError err;
    if (!jq_fair_deal_make_share(s->fair, mine.color[i], mine.index[i], share,
                                 &err)) {
      jq_net_error_set(error, JQ_NET_ERROR_LOCAL, JQ_NET_DETAIL_NO_SHARE, NULL,
                       0, 0, "no share can be made: %s", err.message);
      return FALSE;
    }
    send_bytes(s, JQ_NET_MSG_SHARE, share, sizeof share, ply);
  }
  s->sent = mine;
  s->sent_ply = ply;
  return TRUE;
}

gboolean jq_net_jieqi_resend_shares(JqNetSession *s, int from, GError **error) {
  /* The same bytes as before: a share of a card is made once. */
  for (int i = from; i < s->sent.n; i++) {
    uint8_t share[JQ_FAIR_SHARE_BYTES];
    JqFairDealError err;
    if (!jq_fair_deal_make_share(s->fair, s->sent.color[i], s->sent.index[i],
                                 share, &err)) {
      jq_net_error_set(error, JQ_NET_ERROR_LOCAL, JQ_NET_DETAIL_NO_SHARE, NULL,
                       0, 0, "no share can be made: %s", err.message);
      return FALSE;
    }
    send_bytes(s, JQ_NET_MSG_SHARE, share, sizeof share, s->sent_ply);
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
  GError *e = jq_net_error_new(JQ_NET_ERROR_FORFEIT, JQ_NET_DETAIL_NONE, NULL,
                               s->pending_ply, 0,
                               "the peer withheld its share of %s for ply %d: "
                               "it loses by forfeit",
                               card, s->pending_ply);
  g_free(card);
  s->pending = FALSE;
  g_clear_error(&s->error);
  s->error = e;
  g_object_ref(s);
  g_signal_emit(s, jq_net_session_signals[SIG_ERROR], 0, e);
  /* A share not sent in time is time run out: PGN's "time forfeit". */
  jq_game_declare_result(
      s->game, jq_result_loss(jq_color_other(s->color), JQ_REASON_TIME));
  jq_net_session_check_game_over(s);
  g_object_unref(s);
  return G_SOURCE_REMOVE;
}

void jq_net_jieqi_rewait(JqNetSession *s) {
  g_clear_handle_id(&s->share_source, g_source_remove);
  if (s->pending)
    s->share_source = g_timeout_add(s->share_timeout_ms, share_withheld, s);
}

gboolean jq_net_jieqi_await_shares(JqNetSession *s, JqMove move, int ply,
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
gboolean jq_net_jieqi_play_known(JqNetSession *s, JqMove move, JqReveal reveal,
                                 gboolean peer) {
  JqError err;
  if (!jq_game_play_with_reveal(s->game, move, reveal, &err)) {
    char coords[JQ_COORDS_MAX];
    jq_move_to_coords(move, coords);
    jq_net_session_lost(
        s,
        jq_net_error_new(JQ_NET_ERROR_CHEAT, JQ_NET_DETAIL_CHEAT_MOVE, coords,
                         0, 0,
                         "%s cannot be played with what it turned over: %s",
                         coords, err.message),
        TRUE);
    return FALSE;
  }
  jq_net_session_clear_pending(s);
  g_object_ref(s);
  g_signal_emit(s, jq_net_session_signals[peer ? SIG_PEER_MOVE : SIG_OWN_MOVE],
                0, (guint)move);
  jq_net_session_check_game_over(s);
  jq_net_clock_settle(s);
  g_object_unref(s);
  return TRUE;
}

void jq_net_jieqi_on_share(JqNetSession *s, const JqNetMessage *msg) {
  if (!s->pending) {
    jq_net_session_fault(s, JQ_NET_ERROR_ORDER,
                         "a share message with no card to open");
    return;
  }
  if (msg->ply != s->pending_ply) {
    jq_net_session_fault(s, JQ_NET_ERROR_ORDER,
                         "a share message for ply %d, at ply %d", msg->ply,
                         s->pending_ply);
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
    jq_net_session_set_fairness(s, JQ_NET_FAIR_NO, text);
    cheat(s, JQ_NET_DETAIL_CHEAT_SHARE, text);
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
    if (!jq_net_jieqi_send_shares(s, s->pending_move, s->pending_ply, &error)) {
      jq_net_session_lost(s, error, FALSE);
      return;
    }
  }
  jq_net_jieqi_play_known(s, s->pending_move, s->pending_reveal,
                          !s->pending_ours);
}

void jq_net_jieqi_send_end(JqNetSession *s) {
  uint8_t out[JQ_FAIR_END_BYTES];
  JqFairDealError err;
  if (jq_fair_deal_end(s->fair, out, &err))
    send_bytes(s, JQ_NET_MSG_END, out, sizeof out, 0);
  memset(out, 0, sizeof out);
}

void jq_net_jieqi_on_end(JqNetSession *s, const JqNetMessage *msg) {
  JqPieceType deal[JQ_SQUARES];
  JqFairDealError err;
  g_object_ref(s);
  if (!jq_fair_deal_finish(s->fair, msg->data, msg->data_len, NULL, deal,
                           &err)) {
    jq_net_session_end_connection(s, "game over");
    jq_net_session_set_fairness(s, JQ_NET_FAIR_NO, err.message);
    g_object_unref(s);
    return;
  }
  /* The whole deal, now that it may be known: the game replayed with it
   * must keep every identity this side saw. */
  bool seen[JQ_SQUARES];
  jq_redeal_seen(s->game, (int)s->color, seen);
  JqError gerr;
  JqGame *full = jq_redeal(s->game, deal, seen, &gerr);
  jq_net_session_end_connection(s, "game over");
  if (!full) {
    char *text = g_strdup_printf("the deal checks, but %s", gerr.message);
    jq_net_session_set_fairness(s, JQ_NET_FAIR_NO, text);
    g_free(text);
  } else {
    jq_game_free(s->game);
    s->game = full;
    jq_net_session_set_fairness(s, JQ_NET_FAIR_YES, "the game was fair");
  }
  g_object_unref(s);
}

void jq_net_jieqi_free(JqNetSession *s) { jq_fair_deal_free(s->fair); }

#else /* no libsodium: jieqi is refused before any of this is needed */

void jq_net_jieqi_deal_start(JqNetSession *s) {
  jq_net_session_fault(s, JQ_NET_ERROR_UNSUPPORTED,
                       "jieqi over the network needs libsodium");
}
void jq_net_jieqi_on_deal(JqNetSession *s, const JqNetMessage *msg) {
  jq_net_jieqi_deal_start(s);
}
gboolean jq_net_jieqi_await_shares(JqNetSession *s, JqMove move, int ply,
                                   gboolean ours) {
  return FALSE;
}
gboolean jq_net_jieqi_send_shares(JqNetSession *s, JqMove move, int ply,
                                  GError **error) {
  return TRUE;
}
gboolean jq_net_jieqi_play_known(JqNetSession *s, JqMove move, JqReveal reveal,
                                 gboolean peer) {
  return FALSE;
}
void jq_net_jieqi_on_share(JqNetSession *s, const JqNetMessage *msg) {
  jq_net_session_fault(s, JQ_NET_ERROR_ORDER,
                       "a share message with no card to open");
}
gboolean jq_net_jieqi_resend_shares(JqNetSession *s, int from, GError **error) {
  return TRUE;
}
void jq_net_jieqi_rewait(JqNetSession *s) {}
void jq_net_jieqi_send_end(JqNetSession *s) {}
void jq_net_jieqi_on_end(JqNetSession *s, const JqNetMessage *msg) {}

#endif

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
