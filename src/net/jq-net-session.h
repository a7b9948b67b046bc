/* One side of a network game: the handshake (protocol version, game code,
 * names), the host's parameters, then the game itself. The session owns
 * its JqGame and believes nothing the peer sends before checking it: a
 * malformed, out-of-order, out-of-turn or illegal message closes the
 * connection with a message that says what was wrong, and the game so far
 * is kept (state PAUSED: a later round reconnects from there).
 *
 * Signals:
 *   started ()                 the parameters are agreed, the game is on
 *   peer-move (guint move)     the peer's move, already played
 *   own-move (guint move)      our move, now played (jieqi: once the
 *                              peer's shares opened what it turned over)
 *   peer-chat (string text)
 *   draw-offered (), draw-declined ()
 *   takeback-requested (), takeback-declined ()
 *   taken-back (int plies)     moves taken back, on both sides
 *   game-over ()               jq_game_result() says how (a flag fallen:
 *                              JQ_REASON_TIME, on both sides)
 *   fair-checked (bool fair, string message)
 *                              jieqi: the end's check of the deal, or why
 *                              there was none (jq_net_session_fairness)
 *   error (GError)             the session closes: what the peer did
 *   connection-lost (GError)   the connection ended, game unfinished
 *   resumed ()                 a paused game goes on (jq_net_session_resume)
 *   abandoned (GError)         the peer gave the game up for good (a
 *                              `leave`, on a live connection or on one
 *                              made to resume): state ABANDONED, the game
 *                              kept unfinished; connection-lost follows
 *                              with the same error
 *
 * Jieqi is dealt by both sides together (src/net/jq-fair-deal.h,
 * docs/network-protocol.md): the session's game knows only what this side
 * may know. Its jieqi game is played from a stand-in deal that no secret
 * went into; each identity this side learns (a piece turned over, a
 * capture the disclosure rule tells it) is played into it as a reveal, so
 * jq_game_view(game, jq_net_session_color()) is exactly this side's
 * knowledge, and identities it has not learned are not in it. Only when
 * the game is over and the transcript checks is the game replayed with
 * the whole deal. Without libsodium jieqi is refused ("jieqi over the
 * network needs libsodium"). */
#pragma once

#include <gio/gio.h>

#include "jq-game.h"
#include "jq-net-leave.h"

G_BEGIN_DECLS

typedef enum {
  JQ_NET_STATE_IDLE = 0,  /* not started */
  JQ_NET_STATE_HANDSHAKE, /* hello and parameters */
  JQ_NET_STATE_PLAYING,
  JQ_NET_STATE_OVER,      /* the game ended */
  JQ_NET_STATE_PAUSED,    /* connection gone, game unfinished and kept */
  JQ_NET_STATE_FAILED,    /* the connection ended before a game began */
  JQ_NET_STATE_ABANDONED, /* given up by either side: kept, unfinished,
                             and it cannot resume */
} JqNetState;

/* The host's choices; the clock as jieqi-cli match's --tc (base_ms 0: no
 * clock; movetime_ms 0: none). */
typedef struct {
  JqVariant variant;
  JqColor host_color;
  int64_t base_ms, inc_ms, movetime_ms;
  int movestogo;
  JqDisclosure disclosure; /* jieqi: who learns a captured hidden piece */
} JqNetParams;

/* The jieqi deal's check at the end. */
typedef enum {
  JQ_NET_FAIR_NONE = 0, /* xiangqi, or the game is not over */
  JQ_NET_FAIR_WAITING,  /* over: waiting for the peer's end message */
  JQ_NET_FAIR_YES,      /* the transcript checks: the game was fair */
  JQ_NET_FAIR_NO,       /* a message was forged, or the end never came */
} JqNetFairness;

#define JQ_TYPE_NET_SESSION (jq_net_session_get_type())
G_DECLARE_FINAL_TYPE(JqNetSession, jq_net_session, JQ, NET_SESSION, GObject)

/* NULL with error for parameters that cannot be played (jieqi for now),
 * or a name or code over its limit or with characters it may not hold. */
JqNetSession *jq_net_session_new_host(const JqNetParams *params,
                                      const char *name, const char *code,
                                      GError **error);
JqNetSession *jq_net_session_new_join(const char *name, const char *code,
                                      GError **error);
/* How long the peer may say nothing (default 60 s; pings keep a quiet
 * but live peer talking). Before start. */
void jq_net_session_set_timeout(JqNetSession *session, guint timeout_ms);
/* How long the peer may take to send a decryption share it owes (default
 * 30 s); a share withheld longer loses the game on time (forfeit). */
void jq_net_session_set_share_timeout(JqNetSession *session, guint timeout_ms);
/* How long past the peer's flag (by our clock) we wait before claiming
 * the game, and how much time our own clock may still show when the
 * peer claims it (default 2 s; docs/network-protocol.md "The clock"). */
void jq_net_session_set_flag_tolerance(JqNetSession *session,
                                       guint tolerance_ms);
/* For tests, before start: this side's secret scalar and shuffles for the
 * jieqi deal (as jq_fair_deal_new_with), so that a deal can be repeated
 * or arranged. FALSE when they are not valid. */
gboolean jq_net_session_set_deal_secret(JqNetSession *session,
                                        const uint8_t secret[32],
                                        const uint8_t shuffle[2][15]);
/* Begins the handshake on a connected stream. */
void jq_net_session_start(JqNetSession *session, GIOStream *io);

JqNetState jq_net_session_state(JqNetSession *session);
/* NULL before the parameters are agreed. */
const JqGame *jq_net_session_game(JqNetSession *session);
const JqNetParams *jq_net_session_params(JqNetSession *session);
JqColor jq_net_session_color(JqNetSession *session);
const char *jq_net_session_peer_name(JqNetSession *session);
const char *jq_net_session_peer_program(JqNetSession *session);
/* Whether a connection is open (a game on, a handshake, or a leave on its
 * way out until the peer closes). */
gboolean jq_net_session_connected(JqNetSession *session);
/* Whether the peer has sent anything on the latest connection: after a
 * leave on a new connection, that someone was there to read it. */
gboolean jq_net_session_peer_heard(JqNetSession *session);
/* Why the connection ended when it did not end with the game; else NULL. */
const GError *jq_net_session_error(JqNetSession *session);
/* Why the peer left, when it said so (a leave, or a bye): the reason's
 * code, and in `text` (if asked for) its own words. NONE otherwise. */
JqNetLeaveReason jq_net_session_get_leave_reason(JqNetSession *session,
                                                 const char **text);
gboolean jq_net_session_draw_offered(JqNetSession *session);
gboolean jq_net_session_takeback_requested(JqNetSession *session);
/* Jieqi: whether the game was fair, and the sentence that says so or names
 * the forged message ("B's share 3, of red card 2 (c0), ..."). */
JqNetFairness jq_net_session_fairness(JqNetSession *session);
/* The time `color` has left now, by this side's measure (the running
 * clock counts down); -1 when the game has no clock. */
int64_t jq_net_session_clock_ms(JqNetSession *session, JqColor color);
const char *jq_net_session_fairness_message(JqNetSession *session);

/* Our side's actions. Each is refused (FALSE, JQ_NET_ERROR_LOCAL, nothing
 * sent or changed) when it does not fit: no game, not our turn, an
 * illegal move, nothing to answer. */
gboolean jq_net_session_move(JqNetSession *session, JqMove move,
                             GError **error);
gboolean jq_net_session_resign(JqNetSession *session, GError **error);
gboolean jq_net_session_offer_draw(JqNetSession *session, GError **error);
gboolean jq_net_session_answer_draw(JqNetSession *session, gboolean accept,
                                    GError **error);
gboolean jq_net_session_request_takeback(JqNetSession *session, GError **error);
gboolean jq_net_session_answer_takeback(JqNetSession *session, gboolean accept,
                                        GError **error);
gboolean jq_net_session_chat(JqNetSession *session, const char *text,
                             GError **error);
/* A paused game on a new connection (the joiner reconnects to the host,
 * who listens again): after the hello both sides compare their games (ply
 * and digest) and the game goes on ("resumed") or the connection ends
 * ("connection-lost", still PAUSED). A jieqi move that waited for its
 * shares at the drop completes its reveal once resumed (the shares the
 * peer lacks are sent again). FALSE, with nothing done, when there is no
 * paused game. */
gboolean jq_net_session_resume(JqNetSession *session, GIOStream *io,
                               GError **error);
/* Says goodbye and closes; an unfinished game is kept (PAUSED), and the
 * peer may wait for it to resume. */
void jq_net_session_close(JqNetSession *session, const char *reason);
/* Gives the unfinished game up for good: the state becomes ABANDONED, the
 * game is kept unfinished and never resumes. The peer is told, with a
 * `leave` saying `reason` (at most 200 bytes, cut on a character):
 * on the connection when one is up (io must be NULL), else on `io` when
 * given, a new connection made only to say so (a joiner that stops
 * waiting connects once; a host that stopped waiting answers a joiner
 * that connects to resume); with neither, nobody is told. FALSE
 * (JQ_NET_ERROR_LOCAL, nothing done) when there is no unfinished game. */
gboolean jq_net_session_abandon(JqNetSession *session, GIOStream *io,
                                const char *reason, GError **error);

/* How many plies a take-back asked by `requester` at `ply` (moves
 * played) undoes: back to before the requester's last move; 0 when it has
 * not moved. */
int jq_net_takeback_plies(int ply, JqColor requester);

G_END_DECLS
