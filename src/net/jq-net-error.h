/* The errors of network play: what went wrong with the connection or with
 * what the peer sent. Every message is the English text the CLI prints
 * and the app shows (translated) when it closes a connection. */
#pragma once

#include <glib.h>

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
