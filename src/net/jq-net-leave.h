/* Why a peer left (the text of a `leave` or a `bye`). The wire carries
 * free text; the texts this program sends are known and read back as
 * codes, so the app can say them in the user's language. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum {
  JQ_NET_LEAVE_NONE = 0,        /* no reason given */
  JQ_NET_LEAVE_OTHER,           /* the peer's own words, shown as they are */
  JQ_NET_LEAVE_STOPPED_WAITING, /* stopped waiting for a dropped line */
  JQ_NET_LEAVE_CLOSED_WINDOW,
  JQ_NET_LEAVE_NEW_GAME,     /* another game took the board */
  JQ_NET_LEAVE_QUIT,         /* the program was left or ended */
  JQ_NET_LEAVE_WAIT_EXPIRED, /* the line did not come back in time */
  JQ_NET_LEAVE_CANNOT_RESUME,
  JQ_NET_LEAVE_OUT_OF_STEP, /* the two programs disagree on the game */
  JQ_NET_LEAVE_GAME_OVER,
  JQ_NET_LEAVE_CANCELLED,  /* the handshake was called off */
  JQ_NET_LEAVE_WRONG_CODE, /* the host refused the joiner's code */
  JQ_NET_LEAVE_COUNT
} JqNetLeaveReason;

/* The code of a reason's text: OTHER for one this program does not send. */
JqNetLeaveReason jq_net_leave_reason_parse(const char *text);

/* The English text this program sends for `reason` ("" for NONE and
 * OTHER). */
const char *jq_net_leave_reason_text(JqNetLeaveReason reason);

G_END_DECLS
