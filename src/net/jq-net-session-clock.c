/* The clock over the network (docs/network-protocol.md, "The clock").
 * Each side runs both clocks by its own measure: the mover's stops when
 * its move is sent (ours) or arrives (the peer's), so the peer's clock as
 * we see it also holds the network's delay. A flag falls in one of two
 * ways: our own clock runs out on our turn and we say so (a `flag` for the
 * ply: we lose), or the peer's runs out by our measure, with a tolerance
 * for the delay, and we claim the game with the same message. A claim is
 * believed only when our own clock, by our measure, has at most the
 * tolerance left; else it is a false claim and ends the connection.
 * While a jieqi move waits for its shares no flag falls: the move was
 * made (its mover's clock stopped when it was sent), so the flag waits
 * until it is played, and both sides end the game after the same moves. */
#include <string.h>

#include "jq-net-session-private.h"

static int64_t now_us(void) { return g_get_monotonic_time(); }

static gboolean flag_fell(gpointer data);

/* The time left on the running clock now. */
static int64_t running_left(JqNetSession *s) {
  return s->clock_ms[s->clock_turn] - (now_us() - s->turn_start) / 1000;
}

static void schedule_flag(JqNetSession *s) {
  g_clear_handle_id(&s->flag_source, g_source_remove);
  if (!s->clock_on || s->state != JQ_NET_STATE_PLAYING)
    return;
  /* Ours falls at zero; the peer's only once the delay it may have had on
   * the wire is over too. */
  int64_t wait = MAX(running_left(s), 0);
  if (s->clock_turn != s->color)
    wait += s->flag_tolerance_ms;
  s->flag_source = g_timeout_add((guint)MIN(wait, G_MAXUINT), flag_fell, s);
}

void jq_net_clock_start(JqNetSession *s) {
  s->clock_on = s->params.base_ms > 0;
  s->clock_ms[JQ_RED] = s->clock_ms[JQ_BLACK] = s->params.base_ms;
  s->clock_turn = jq_game_side_to_move(s->game);
  s->clock_ply = jq_game_move_count(s->game);
  s->turn_start = now_us();
  s->left_at_move = s->params.base_ms;
  s->moves_timed[0] = s->moves_timed[1] = 0;
  schedule_flag(s);
}

void jq_net_clock_charge(JqNetSession *s, JqColor mover) {
  if (!s->clock_on)
    return;
  int64_t left = s->clock_ms[mover] - (now_us() - s->turn_start) / 1000;
  if (mover == s->color)
    s->left_at_move = left;
  /* A peer's move that came late but within the tolerance is taken. */
  s->clock_ms[mover] = MAX(left, 0) + s->params.inc_ms;
  s->moves_timed[mover]++;
  if (s->params.movestogo > 0 &&
      s->moves_timed[mover] % s->params.movestogo == 0)
    s->clock_ms[mover] += s->params.base_ms;
  s->clock_turn = jq_color_other(mover);
  s->clock_ply++;
  s->turn_start = now_us();
  schedule_flag(s);
}

void jq_net_clock_restart(JqNetSession *s) {
  if (!s->clock_on)
    return;
  s->clock_ms[s->clock_turn] = MAX(running_left(s), 0);
  s->clock_turn = jq_game_side_to_move(s->game);
  s->clock_ply = jq_game_move_count(s->game);
  s->turn_start = now_us();
  schedule_flag(s);
}

void jq_net_clock_stop(JqNetSession *s) {
  if (s->clock_on && s->state == JQ_NET_STATE_PLAYING)
    s->clock_ms[s->clock_turn] = MAX(running_left(s), 0);
  g_clear_handle_id(&s->flag_source, g_source_remove);
}

/* `loser` lost on time: the game is over for this side. */
static void lost_on_time(JqNetSession *s, JqColor loser) {
  s->clock_ms[loser] = 0;
  s->turn_start = now_us();
  jq_game_declare_result(s->game, jq_result_loss(loser, JQ_REASON_TIME));
  jq_net_session_check_game_over(s);
}

static gboolean flag_fell(gpointer data) {
  JqNetSession *s = data;
  s->flag_source = 0;
  if (s->state != JQ_NET_STATE_PLAYING)
    return G_SOURCE_REMOVE;
  /* The shares follow their move at once (a withheld one is a forfeit of
   * its own): jq_net_clock_settle decides once the move is played. */
  if (s->pending)
    return G_SOURCE_REMOVE;
  JqNetMessage msg;
  jq_net_message_init(&msg, JQ_NET_MSG_FLAG);
  msg.ply = s->clock_ply;
  jq_net_session_send_msg(s, &msg);
  g_object_ref(s);
  lost_on_time(s, s->clock_turn);
  g_object_unref(s);
  return G_SOURCE_REMOVE;
}

void jq_net_clock_settle(JqNetSession *s) {
  if (!s->clock_on || s->state != JQ_NET_STATE_PLAYING || s->pending)
    return;
  int64_t wait = running_left(s);
  if (s->clock_turn != s->color)
    wait += s->flag_tolerance_ms;
  if (wait > 0) {
    schedule_flag(s);
    return;
  }
  /* Due while the move waited: it falls now, after the move. */
  g_clear_handle_id(&s->flag_source, g_source_remove);
  flag_fell(s);
}

void jq_net_clock_on_flag(JqNetSession *s, const JqNetMessage *msg) {
  JqColor us = s->color, peer = jq_color_other(s->color);
  if (!s->clock_on) {
    jq_net_session_fault(s, JQ_NET_ERROR_ORDER,
                         "a flag message in a game without a clock");
    return;
  }
  if (msg->ply == s->clock_ply && s->clock_turn == peer) {
    lost_on_time(s, peer); /* the peer says its own flag fell */
    return;
  }
  int64_t left;
  gboolean crossed = FALSE; /* the claim crossed our move on the wire */
  if (msg->ply == s->clock_ply && s->clock_turn == us) {
    left = running_left(s);
  } else if (msg->ply == s->clock_ply - 1 && s->clock_turn == peer) {
    left = s->left_at_move;
    crossed = TRUE;
  } else {
    jq_net_session_fault(s, JQ_NET_ERROR_ORDER,
                         "a flag message for ply %d, at ply %d", msg->ply,
                         s->clock_ply);
    return;
  }
  if (left > (int64_t)s->flag_tolerance_ms) {
    jq_net_session_lost(
        s,
        jq_net_error_new(JQ_NET_ERROR_ILLEGAL, JQ_NET_DETAIL_FLAG_EARLY, NULL,
                         msg->ply, left,
                         "the peer claimed a win on time at ply %d, but our "
                         "clock had %" G_GINT64_FORMAT " ms left",
                         msg->ply, left),
        TRUE);
    return;
  }
  g_object_ref(s);
  if (crossed) {
    /* The peer never played our last move: it goes. */
    if (s->pending && s->pending_ours) {
      s->pending = FALSE;
      g_clear_handle_id(&s->share_source, g_source_remove);
    } else {
      jq_game_undo(s->game);
      g_signal_emit(s, jq_net_session_signals[SIG_TAKEN_BACK], 0, 1);
    }
  }
  lost_on_time(s, us);
  g_object_unref(s);
}

int64_t jq_net_session_clock_ms(JqNetSession *s, JqColor color) {
  if (!s->clock_on)
    return -1;
  if (s->state == JQ_NET_STATE_PLAYING && color == s->clock_turn)
    return MAX(running_left(s), 0);
  return s->clock_ms[color];
}

void jq_net_clock_resume(JqNetSession *s) {
  if (!s->clock_on)
    return;
  /* The clock stopped at the drop (jq_net_clock_stop); a move of ours that
   * was on the wire is played again, so the turn is the game's. */
  s->clock_turn = jq_game_side_to_move(s->game);
  s->clock_ply = jq_game_move_count(s->game);
  s->turn_start = g_get_monotonic_time();
  schedule_flag(s);
}
