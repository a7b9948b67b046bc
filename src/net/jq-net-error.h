/* The errors of network play: what went wrong with the connection or with
 * what the peer sent. Every message is the English text the CLI prints;
 * the app words the error in the user's language from its code and its
 * arguments (jq_net_error_args), never from the message. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define JQ_NET_ERROR (jq_net_error_quark())
GQuark jq_net_error_quark(void);

typedef enum {
  JQ_NET_ERROR_MALFORMED,   /* not a message: bad JSON, field or value */
  JQ_NET_ERROR_TOO_LONG,    /* a message over the size limit */
  JQ_NET_ERROR_RATE,        /* more messages than the rate limit allows */
  JQ_NET_ERROR_VERSION,     /* a protocol version we do not speak */
  JQ_NET_ERROR_CODE,        /* the wrong game code */
  JQ_NET_ERROR_ORDER,       /* a message that does not fit the state */
  JQ_NET_ERROR_OUT_OF_TURN, /* a move when it is not the peer's turn */
  JQ_NET_ERROR_ILLEGAL,     /* a move the rules refuse */
  JQ_NET_ERROR_TIMEOUT,     /* the peer said nothing for too long */
  JQ_NET_ERROR_CLOSED,      /* the peer closed the connection */
  JQ_NET_ERROR_UNSUPPORTED, /* something we cannot play yet (jieqi) */
  JQ_NET_ERROR_LOCAL,       /* our own side asked for something wrong */
  JQ_NET_ERROR_CHEAT,       /* jieqi: a deal or share that does not check */
  JQ_NET_ERROR_FORFEIT,     /* jieqi: a share withheld; the peer forfeits */
  JQ_NET_ERROR_ABANDONED,   /* the peer gave the unfinished game up */
} JqNetErrorCode;

#define JQ_NET_ERROR_CODE_COUNT (JQ_NET_ERROR_ABANDONED + 1)

/* Which case of its code an error is, where the code has several. */
typedef enum {
  JQ_NET_DETAIL_NONE = 0,
  /* CLOSED: the peer said goodbye (args: leave reason, its text). */
  JQ_NET_DETAIL_LEFT,
  /* ILLEGAL: a claim of a win on time with time left (n[0]: ply). */
  JQ_NET_DETAIL_FLAG_EARLY,
  /* CHEAT: which message did not check (MOVE: text is the move). */
  JQ_NET_DETAIL_CHEAT_DEAL,
  JQ_NET_DETAIL_CHEAT_SHARE,
  JQ_NET_DETAIL_CHEAT_MOVE,
  /* LOCAL: what our side asked for that cannot be. n[0] is a size limit
   * where there is one; text is the user's address where there is one. */
  JQ_NET_DETAIL_NAME_TOO_LONG,
  JQ_NET_DETAIL_NAME_BAD,
  JQ_NET_DETAIL_CODE_TOO_LONG,
  JQ_NET_DETAIL_CODE_BAD,
  JQ_NET_DETAIL_NOT_IP,
  JQ_NET_DETAIL_NOT_HOST_PORT,
  JQ_NET_DETAIL_NO_RULE,
  JQ_NET_DETAIL_NO_GAME,
  JQ_NET_DETAIL_SHARE_OWED,
  JQ_NET_DETAIL_PEER_TURN,
  JQ_NET_DETAIL_MOVE_REFUSED,
  JQ_NET_DETAIL_NO_SHARE,
  JQ_NET_DETAIL_NO_DEAL,
  JQ_NET_DETAIL_DRAW_OFFERED,
  JQ_NET_DETAIL_NO_DRAW_OFFER,
  JQ_NET_DETAIL_JIEQI_NO_TAKEBACK,
  JQ_NET_DETAIL_NOTHING_TO_TAKE_BACK,
  JQ_NET_DETAIL_TAKEBACK_ASKED,
  JQ_NET_DETAIL_NO_TAKEBACK_ASKED,
  JQ_NET_DETAIL_NOT_CONNECTED,
  JQ_NET_DETAIL_CHAT_BAD,
  JQ_NET_DETAIL_CHAT_TOO_LONG,
  JQ_NET_DETAIL_NOTHING_TO_GIVE_UP,
  JQ_NET_DETAIL_CONNECTED_ALREADY,
  JQ_NET_DETAIL_REASON_BAD,
  JQ_NET_DETAIL_GIVEN_UP,
  JQ_NET_DETAIL_NOT_PAUSED,
  JQ_NET_DETAIL_COUNT
} JqNetDetail;

/* An error's arguments. `detail` is a JqNetDetail, or for ABANDONED (and
 * CLOSED with JQ_NET_DETAIL_LEFT in `detail`) `reason` is a
 * JqNetLeaveReason with the peer's own words in `text`. Numbers: VERSION
 * the peer's and ours; TIMEOUT seconds; FORFEIT the ply. `text`: the move
 * of OUT_OF_TURN, ILLEGAL and CHEAT_MOVE. Zero and NULL when not given. */
typedef struct {
  int detail;
  int reason;
  gint64 n[2];
  char *text;
} JqNetErrorArgs;

/* The arguments of a JQ_NET_ERROR; NULL for another domain. */
const JqNetErrorArgs *jq_net_error_args(const GError *error);

/* A JQ_NET_ERROR with its arguments (`text` copied, may be NULL). */
GError *jq_net_error_new(JqNetErrorCode code, int detail, const char *text,
                         gint64 n0, gint64 n1, const char *format, ...)
    G_GNUC_PRINTF(6, 7);

/* The same into `error`, when asked for. */
void jq_net_error_set(GError **error, JqNetErrorCode code, int detail,
                      const char *text, gint64 n0, gint64 n1,
                      const char *format, ...) G_GNUC_PRINTF(7, 8);

/* Sets the leave reason of an ABANDONED or a LEFT error. */
void jq_net_error_set_reason(GError *error, int reason);

G_END_DECLS
