#include "jq-config.h"

#include "jq-net-status.h"

#include <glib/gi18n-lib.h>

char *jq_net_status_text(JqNetStatus status, const char *peer) {
  switch (status) {
  case JQ_NET_STATUS_CONNECTED:
    /* TRANSLATORS: the network game's connection line: the peer's name. */
    return g_strdup_printf(_("Connected to %s"), peer);
  case JQ_NET_STATUS_WAITING:
    /* TRANSLATORS: the connection dropped; the peer's name. */
    return g_strdup_printf(_("Connection lost — waiting for %s to "
                             "reconnect…"),
                           peer);
  case JQ_NET_STATUS_RECONNECTING:
    /* TRANSLATORS: the connection dropped; we try to connect again. */
    return g_strdup(_("Reconnecting…"));
  case JQ_NET_STATUS_OVER: return g_strdup_printf(_("Game with %s over"), peer);
  case JQ_NET_STATUS_PEER_GAVE_UP:
    /* TRANSLATORS: the peer left the unfinished game for good. */
    return g_strdup_printf(_("%s gave up the game"), peer);
  case JQ_NET_STATUS_GAVE_UP:
    /* TRANSLATORS: we stopped waiting for the dropped peer; its name. */
    return g_strdup_printf(_("Gave up waiting for %s"), peer);
  case JQ_NET_STATUS_LOST:
  default: return g_strdup(_("Connection lost"));
  }
}

const char *jq_net_status_icon(JqNetStatus status) {
  return status == JQ_NET_STATUS_CONNECTED || status == JQ_NET_STATUS_OVER
             ? "network-wired-symbolic"
             : "network-offline-symbolic";
}
