/* Where a network game's connection stands, and the line the side panel
 * shows for it (translated). */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum {
  JQ_NET_STATUS_CONNECTED,    /* the game goes on with the peer */
  JQ_NET_STATUS_WAITING,      /* dropped: the host listens for the peer */
  JQ_NET_STATUS_RECONNECTING, /* dropped: the joiner connects again */
  JQ_NET_STATUS_OVER,         /* the game ended */
  JQ_NET_STATUS_PEER_GAVE_UP, /* the peer gave the game up */
  JQ_NET_STATUS_GAVE_UP,      /* this side stopped waiting for the peer */
  JQ_NET_STATUS_LOST,         /* the connection ended, nobody waits */
  JQ_NET_N_STATUSES
} JqNetStatus;

/* The panel's line for `status`, the peer named `peer`. */
char *jq_net_status_text(JqNetStatus status, const char *peer);
/* Its icon's name: whether the peer is there. */
const char *jq_net_status_icon(JqNetStatus status);

G_END_DECLS
