/* Inside the network session: its state, and what the game's state
 * machine (jq-net-session.c) and jieqi's fair deal
 * (jq-net-session-jieqi.c) call of each other. */
#pragma once

#include "jq-net-error.h"
#include "jq-net-message.h"
#include "jq-net-session.h"
#include "jq-net-stream.h"

#ifdef JQ_NET_FAIR_DEAL
#include "jq-fair-deal.h"
#else
typedef struct JqFairDeal JqFairDeal;
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
  gboolean heard; /* a line came on this connection */
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
  /* The cards of the last shares we sent, and their move's ply: a resume
   * sends again those the peer lacks. */
  Cards sent;
  int sent_ply;
  /* The clock (jq-net-session-clock.c), when the game has one: both
   * sides' time left when the turn began, as this side measures it. */
  gboolean clock_on;
  int64_t clock_ms[2];
  JqColor clock_turn;
  int clock_ply;        /* the ply the clock's turn is for */
  int64_t turn_start;   /* monotonic µs */
  int64_t left_at_move; /* our time left when we sent our last move */
  int moves_timed[2];
  guint flag_source, flag_tolerance_ms;
  /* Resuming a paused game (jq-net-session-resume.c): the handshake
   * compares the games instead of agreeing parameters. A jieqi move that
   * waited for shares at the drop still waits (pending). */
  gboolean resuming;
  /* We gave the game up and said so: the peer's lines are read and
   * ignored until it closes, so that ours are not cut off. */
  gboolean leaving;
  /* The end's check. */
  JqNetFairness fairness;
  char *fair_message;
};

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
  SIG_RESUMED,
  SIG_ABANDONED,
  N_SIGNALS
};
extern guint jq_net_session_signals[N_SIGNALS];

/* ---- The session's own (jq-net-session.c) */

void jq_net_session_send_msg(JqNetSession *s, const JqNetMessage *msg);
/* The connection ends; the game is kept. `fault`: the peer's doing
 * (emits error too). Takes `error`. */
void jq_net_session_lost(JqNetSession *s, GError *error, gboolean fault);
/* lost() with a message of the peer's fault; returns FALSE. */
gboolean jq_net_session_fault(JqNetSession *s, JqNetErrorCode code,
                              const char *fmt, ...) G_GNUC_PRINTF(3, 4);
/* Says why, closes, and keeps the game. */
void jq_net_session_end_connection(JqNetSession *s, const char *reason);
void jq_net_session_set_fairness(JqNetSession *s, JqNetFairness fairness,
                                 const char *message);
void jq_net_session_clear_pending(JqNetSession *s);
void jq_net_session_check_game_over(JqNetSession *s);
void jq_net_session_begin_game(JqNetSession *s);
/* A new connection: the hello goes out, the handshake begins. */
void jq_net_session_connect(JqNetSession *s, GIOStream *io);
void jq_net_session_start_pings(JqNetSession *s);

/* ---- Jieqi's fair deal (jq-net-session-jieqi.c). Without libsodium
 * jieqi is refused before any of these is needed. */

/* The host (A) deals first, right after the parameters. */
void jq_net_jieqi_deal_start(JqNetSession *s);
void jq_net_jieqi_on_deal(JqNetSession *s, const JqNetMessage *msg);
/* Sends this side's shares of `move` played at `ply`. */
gboolean jq_net_jieqi_send_shares(JqNetSession *s, JqMove move, int ply,
                                  GError **error);
/* Waits for the peer's shares of `move`; FALSE when none are owed. */
gboolean jq_net_jieqi_await_shares(JqNetSession *s, JqMove move, int ply,
                                   gboolean ours);
/* Plays a move with what this side knows of it. */
gboolean jq_net_jieqi_play_known(JqNetSession *s, JqMove move, JqReveal reveal,
                                 gboolean peer);
void jq_net_jieqi_on_share(JqNetSession *s, const JqNetMessage *msg);
/* Resumed: sends again our last shares (of the move at sent_ply) from
 * the `from`-th on, the ones the peer says it lacks. */
gboolean jq_net_jieqi_resend_shares(JqNetSession *s, int from, GError **error);
/* Resumed with a move still waiting for the peer's shares: the share
 * timeout starts again. */
void jq_net_jieqi_rewait(JqNetSession *s);
/* Keys go out only when the game is over. */
void jq_net_jieqi_send_end(JqNetSession *s);
void jq_net_jieqi_on_end(JqNetSession *s, const JqNetMessage *msg);
void jq_net_jieqi_free(JqNetSession *s);

/* ---- The clock over the network (jq-net-session-clock.c) */

/* At the start: both clocks full, Red's running (when there is a clock). */
void jq_net_clock_start(JqNetSession *s);
/* `mover`'s move was sent (ours) or received (the peer's): its clock is
 * charged, the other side's starts. */
void jq_net_clock_charge(JqNetSession *s, JqColor mover);
/* A move was played (a jieqi one once its shares came): a flag that fell
 * while it waited falls now; else the flag's timer runs on. */
void jq_net_clock_settle(JqNetSession *s);
/* After a take-back: the side to move's clock runs, from now. */
void jq_net_clock_restart(JqNetSession *s);
void jq_net_clock_stop(JqNetSession *s);
void jq_net_clock_on_flag(JqNetSession *s, const JqNetMessage *msg);
/* Resumed: the side to move's clock runs again from where it stopped. */
void jq_net_clock_resume(JqNetSession *s);

/* ---- Resuming (jq-net-session-resume.c) */

/* After the hello: our ply and the digest of our game. */
void jq_net_resume_send(JqNetSession *s);
/* The peer's: the same game goes on, or the connection ends. */
void jq_net_resume_on_message(JqNetSession *s, const JqNetMessage *msg);
