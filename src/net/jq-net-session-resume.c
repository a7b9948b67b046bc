/* Resuming a game whose connection dropped (docs/network-messages.md,
 * "Resuming"). Both sides kept the game, paused with its clocks stopped;
 * on a new connection each sends, after the hello, a `resume` with its ply
 * and a digest of its game: the moves, and in jieqi the public cards of
 * the deal, which both sides hold the same. Equal on both sides (in
 * xiangqi also one ply apart: the last move is then sent again), the game
 * goes on where it was; else the connection ends and the game stays
 * paused. A jieqi move that waited for its shares when the line dropped
 * cannot be replayed (a card may be open on one side only), so such a
 * game is not resumed. */
#include "jq-net-session-private.h"

#include <string.h>

#include "jq-notation.h"

/* The digest of the game's first `plies` moves. */
static void game_digest(JqNetSession *s, int plies, uint8_t out[32]) {
  GChecksum *sum = g_checksum_new(G_CHECKSUM_SHA256);
  const JqGame *game = s->game;
  uint8_t head[2] = {(uint8_t)s->params.variant, (uint8_t)s->params.host_color};
  g_checksum_update(sum, head, sizeof head);
  for (int i = 0; i < plies; i++) {
    char coords[JQ_COORDS_MAX];
    jq_move_to_coords(jq_game_move_at(game, i).move, coords);
    g_checksum_update(sum, (const guchar *)coords, 4);
  }
#ifdef JQ_NET_FAIR_DEAL
  if (s->fair) {
    for (int c = 0; c < 2; c++)
      for (int i = 0; i < JQ_FAIR_CARDS; i++) {
        uint8_t card[JQ_DEAL_POINT_BYTES];
        if (jq_fair_deal_card(s->fair, (JqColor)c, i, card))
          g_checksum_update(sum, card, sizeof card);
      }
  }
#endif
  gsize len = 32;
  g_checksum_get_digest(sum, out, &len);
  g_checksum_free(sum);
}

gboolean jq_net_session_resume(JqNetSession *s, GIOStream *io, GError **error) {
  if (s->state != JQ_NET_STATE_PAUSED || !s->game || jq_game_is_over(s->game)) {
    g_set_error_literal(error, JQ_NET_ERROR, JQ_NET_ERROR_LOCAL,
                        "no paused game to resume");
    return FALSE;
  }
  if (s->pending_at_drop) {
    g_set_error_literal(error, JQ_NET_ERROR, JQ_NET_ERROR_LOCAL,
                        "a jieqi move was waiting for its shares when the "
                        "connection dropped: the game cannot resume");
    return FALSE;
  }
  s->resuming = TRUE;
  s->pending = FALSE;
  jq_net_session_clear_pending(s);
  g_clear_error(&s->error);
  jq_net_session_connect(s, io);
  return TRUE;
}

/* Our ply, and the digests of our game and of it without its last move:
 * a xiangqi move on the wire when the line dropped leaves one side a ply
 * ahead, and the other can still recognise its game. */
void jq_net_resume_send(JqNetSession *s) {
  JqNetMessage *msg = g_new(JqNetMessage, 1);
  jq_net_message_init(msg, JQ_NET_MSG_RESUME);
  int ply = jq_game_move_count(s->game);
  msg->ply = ply;
  game_digest(s, ply, msg->data);
  game_digest(s, MAX(ply - 1, 0), msg->data + 32);
  msg->data_len = 64;
  jq_net_session_send_msg(s, msg);
  g_free(msg);
}

static void resend_last_move(JqNetSession *s, int ply) {
  JqNetMessage msg;
  jq_net_message_init(&msg, JQ_NET_MSG_MOVE);
  char coords[JQ_COORDS_MAX];
  jq_move_to_coords(jq_game_move_at(s->game, ply - 1).move, coords);
  g_strlcpy(msg.move, coords, sizeof msg.move);
  msg.ply = ply - 1;
  jq_net_session_send_msg(s, &msg);
}

void jq_net_resume_on_message(JqNetSession *s, const JqNetMessage *msg) {
  int ply = jq_game_move_count(s->game);
  /* One ply apart, in xiangqi only: the side behind lacks the other's
   * last move, which goes again. (A jieqi move goes with its shares.) */
  gboolean xiangqi = s->params.variant != JQ_VARIANT_JIEQI;
  gboolean peer_ahead = xiangqi && msg->ply == ply + 1;
  gboolean we_ahead = xiangqi && msg->ply == ply - 1 &&
                      jq_game_side_to_move(s->game) != s->color;
  if (msg->ply != ply && !peer_ahead && !we_ahead) {
    jq_net_session_fault(s, JQ_NET_ERROR_ORDER,
                         "the game cannot resume: the peer is at ply %d, "
                         "this side at ply %d",
                         msg->ply, ply);
    return;
  }
  uint8_t ours[32];
  game_digest(s, we_ahead ? ply - 1 : ply, ours);
  if (memcmp(ours, msg->data + (peer_ahead ? 32 : 0), 32) != 0) {
    jq_net_session_fault(s, JQ_NET_ERROR_ORDER,
                         "the game cannot resume: the peer's game is not "
                         "this one");
    return;
  }
  s->resuming = FALSE;
  s->state = JQ_NET_STATE_PLAYING;
  jq_net_session_start_pings(s);
  jq_net_clock_resume(s);
  if (we_ahead)
    resend_last_move(s, ply);
  g_object_ref(s);
  g_signal_emit(s, jq_net_session_signals[SIG_RESUMED], 0);
  g_object_unref(s);
}
