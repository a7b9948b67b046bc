/* Resuming a game whose connection dropped (docs/network-messages.md,
 * "Resuming"). Both sides kept the game, paused with its clocks stopped;
 * on a new connection each sends, after the hello, a `resume` with its ply
 * and a digest of its game: the moves, and in jieqi the public cards of
 * the deal, which both sides hold the same. Equal on both sides (or one
 * ply apart when a move was on the wire: it is then sent again), the game
 * goes on where it was; else the connection ends and the game stays
 * paused. A jieqi move that waited for its shares at the drop still
 * waits: each side says how many of the peer's shares it holds for it,
 * and the peer sends the move (when it never arrived) and the shares it
 * lacks again, the same bytes as before, so the reveal completes. */
#include "jq-net-session-private.h"

#include <string.h>

#include "jq-notation.h"

/* The digest of the game's first `plies` moves, then `extra` when it is
 * a move (a jieqi move of ours still waiting for its shares). */
static void game_digest(JqNetSession *s, int plies, JqMove extra,
                        uint8_t out[32]) {
  GChecksum *sum = g_checksum_new(G_CHECKSUM_SHA256);
  const JqGame *game = s->game;
  uint8_t head[2] = {(uint8_t)s->params.variant, (uint8_t)s->params.host_color};
  g_checksum_update(sum, head, sizeof head);
  for (int i = 0; i < plies; i++) {
    char coords[JQ_COORDS_MAX];
    jq_move_to_coords(jq_game_move_at(game, i).move, coords);
    g_checksum_update(sum, (const guchar *)coords, 4);
  }
  if (extra != JQ_MOVE_NONE) {
    char coords[JQ_COORDS_MAX];
    jq_move_to_coords(extra, coords);
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
  if (s->state == JQ_NET_STATE_ABANDONED) {
    jq_net_error_set(error, JQ_NET_ERROR_LOCAL, JQ_NET_DETAIL_GIVEN_UP, NULL, 0,
                     0, "the game was given up: it cannot resume");
    return FALSE;
  }
  if (s->state != JQ_NET_STATE_PAUSED || !s->game || jq_game_is_over(s->game)) {
    jq_net_error_set(error, JQ_NET_ERROR_LOCAL, JQ_NET_DETAIL_NOT_PAUSED, NULL,
                     0, 0, "no paused game to resume");
    return FALSE;
  }
  s->resuming = TRUE;
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
  game_digest(s, ply, JQ_MOVE_NONE, msg->data);
  game_digest(s, MAX(ply - 1, 0), JQ_MOVE_NONE, msg->data + 32);
  msg->data_len = 64;
  msg->held = s->pending ? s->want_got : -1;
  jq_net_session_send_msg(s, msg);
  g_free(msg);
}

static void resend_move(JqNetSession *s, JqMove move, int ply) {
  JqNetMessage msg;
  jq_net_message_init(&msg, JQ_NET_MSG_MOVE);
  char coords[JQ_COORDS_MAX];
  jq_move_to_coords(move, coords);
  g_strlcpy(msg.move, coords, sizeof msg.move);
  msg.ply = ply;
  jq_net_session_send_msg(s, &msg);
}

/* How the peer's game at msg->ply relates to ours at `ply`: the same
 * game, or one ply apart with a move on the wire. */
typedef enum { SAME, PEER_AHEAD, WE_AHEAD, OTHER } Relation;

static Relation relate(JqNetSession *s, const JqNetMessage *msg, int ply) {
  uint8_t ours[32];
  if (s->params.variant != JQ_VARIANT_JIEQI) {
    /* The side behind lacks the other's last move. */
    gboolean peer_ahead = msg->ply == ply + 1;
    gboolean we_ahead =
        msg->ply == ply - 1 && jq_game_side_to_move(s->game) != s->color;
    game_digest(s, we_ahead ? ply - 1 : ply, JQ_MOVE_NONE, ours);
    if (memcmp(ours, msg->data + (peer_ahead ? 32 : 0), 32) != 0)
      return OTHER;
    return peer_ahead ? PEER_AHEAD : we_ahead ? WE_AHEAD : SAME;
  }
  /* Jieqi: only a move waiting for its shares on the side behind, which
   * the side ahead has played: ours waiting, the peer ahead by it; or the
   * peer's waiting (it says how many shares it holds) and we played it,
   * the last move, which was the peer's. */
  if (msg->ply == ply + 1) {
    if (!s->pending || !s->pending_ours)
      return OTHER;
    game_digest(s, ply, s->pending_move, ours);
    return memcmp(ours, msg->data, 32) == 0 ? PEER_AHEAD : OTHER;
  }
  if (msg->ply == ply - 1) {
    if (msg->held < 0 || s->pending || s->sent_ply != ply - 1 ||
        jq_game_side_to_move(s->game) != s->color)
      return OTHER;
    game_digest(s, ply - 1, JQ_MOVE_NONE, ours);
    return memcmp(ours, msg->data, 32) == 0 ? WE_AHEAD : OTHER;
  }
  game_digest(s, ply, JQ_MOVE_NONE, ours);
  return memcmp(ours, msg->data, 32) == 0 ? SAME : OTHER;
}

/* Jieqi, resumed: what the peer lacks of a reveal cut short goes again. */
static gboolean finish_reveal(JqNetSession *s, const JqNetMessage *msg,
                              Relation rel) {
  GError *error = NULL;
  gboolean ok = TRUE;
  if (rel == WE_AHEAD) {
    /* We answered the peer's move; our answer was lost on the way. */
    ok = jq_net_jieqi_resend_shares(s, msg->held, &error);
  } else if (rel == SAME && s->pending && s->pending_ours) {
    /* Our move waits for the peer's answer: the peer lacks the move (it
     * holds no reveal in progress) or some of our shares. */
    if (msg->held < 0)
      resend_move(s, s->pending_move, s->pending_ply);
    ok = jq_net_jieqi_resend_shares(s, MAX(msg->held, 0), &error);
  }
  if (!ok) {
    jq_net_session_lost(s, error, FALSE);
    return FALSE;
  }
  jq_net_jieqi_rewait(s);
  return TRUE;
}

void jq_net_resume_on_message(JqNetSession *s, const JqNetMessage *msg) {
  int ply = jq_game_move_count(s->game);
  Relation rel = relate(s, msg, ply);
  if (rel == OTHER && msg->ply != ply) {
    jq_net_session_fault(s, JQ_NET_ERROR_ORDER,
                         "the game cannot resume: the peer is at ply %d, "
                         "this side at ply %d",
                         msg->ply, ply);
    return;
  }
  if (rel == OTHER) {
    jq_net_session_fault(s, JQ_NET_ERROR_ORDER,
                         "the game cannot resume: the peer's game is not "
                         "this one");
    return;
  }
  s->resuming = FALSE;
  s->state = JQ_NET_STATE_PLAYING;
  jq_net_session_start_pings(s);
  jq_net_clock_resume(s);
  if (s->params.variant == JQ_VARIANT_JIEQI) {
    if (!finish_reveal(s, msg, rel))
      return;
  } else if (rel == WE_AHEAD) {
    resend_move(s, jq_game_move_at(s->game, ply - 1).move, ply - 1);
  }
  g_object_ref(s);
  g_signal_emit(s, jq_net_session_signals[SIG_RESUMED], 0);
  g_object_unref(s);
}
