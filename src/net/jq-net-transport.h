/* Where network games meet: the host listens on the one address the user
 * chose (and only while hosting), the joiner connects to it. */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* A service listening on `address` (an IP address such as 127.0.0.1 or
 * ::1, not a name) and `port` (0: any free port, which *bound_port then
 * says). Connect to its "incoming" signal; it is started. NULL with a
 * clear error for an address that is not an IP address or a port that
 * cannot be had. */
GSocketService *jq_net_listen(const char *address, guint16 port,
                              guint16 *bound_port, GError **error);
/* Stops listening and closes the listening socket. */
void jq_net_stop_listening(GSocketService *service);

/* The addresses of this machine's network interfaces that are up, to tell
 * a friend where to connect (loopback left out); a NULL-terminated array
 * to free with g_strfreev. */
char **jq_net_local_addresses(void);

/* Parses "HOST:PORT" or "[V6]:PORT". FALSE with error when it is not. */
gboolean jq_net_parse_host_port(const char *text, char **host, guint16 *port,
                                GError **error);

G_END_DECLS
