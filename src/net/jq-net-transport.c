/* Listening and connecting for network games. */
#include "jq-net-transport.h"

#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>
#include <string.h>
#include <sys/socket.h>

#include "jq-net-error.h"

GSocketService *jq_net_listen(const char *address, guint16 port,
                              guint16 *bound_port, GError **error) {
  GInetAddress *inet = g_inet_address_new_from_string(address);
  if (!inet) {
    jq_net_error_set(error, JQ_NET_ERROR_LOCAL, JQ_NET_DETAIL_NOT_IP, address,
                     0, 0, "'%s' is not an IP address such as 127.0.0.1",
                     address);
    return NULL;
  }
  GSocketAddress *sa = g_inet_socket_address_new(inet, port);
  g_object_unref(inet);
  GSocketService *service = g_socket_service_new();
  GSocketAddress *effective = NULL;
  gboolean ok = g_socket_listener_add_address(
      G_SOCKET_LISTENER(service), sa, G_SOCKET_TYPE_STREAM,
      G_SOCKET_PROTOCOL_TCP, NULL, &effective, error);
  g_object_unref(sa);
  if (!ok) {
    g_object_unref(service);
    return NULL;
  }
  if (bound_port)
    *bound_port =
        g_inet_socket_address_get_port(G_INET_SOCKET_ADDRESS(effective));
  g_object_unref(effective);
  g_socket_service_start(service);
  return service;
}

void jq_net_stop_listening(GSocketService *service) {
  g_socket_service_stop(service);
  g_socket_listener_close(G_SOCKET_LISTENER(service));
}

char **jq_net_local_addresses(void) {
  GPtrArray *out = g_ptr_array_new();
  struct ifaddrs *list = NULL;
  if (getifaddrs(&list) == 0) {
    for (struct ifaddrs *ifa = list; ifa; ifa = ifa->ifa_next) {
      if (!ifa->ifa_addr || !(ifa->ifa_flags & IFF_UP) ||
          (ifa->ifa_flags & IFF_LOOPBACK))
        continue;
      int family = ifa->ifa_addr->sa_family;
      if (family != AF_INET && family != AF_INET6)
        continue;
      gsize len = family == AF_INET ? sizeof(struct sockaddr_in)
                                    : sizeof(struct sockaddr_in6);
      GSocketAddress *sa = g_socket_address_new_from_native(ifa->ifa_addr, len);
      if (!sa)
        continue;
      GInetAddress *ia =
          g_inet_socket_address_get_address(G_INET_SOCKET_ADDRESS(sa));
      if (!g_inet_address_get_is_link_local(ia))
        g_ptr_array_add(out, g_inet_address_to_string(ia));
      g_object_unref(sa);
    }
    freeifaddrs(list);
  }
  g_ptr_array_add(out, NULL);
  return (char **)g_ptr_array_free(out, FALSE);
}

gboolean jq_net_parse_host_port(const char *text, char **host, guint16 *port,
                                GError **error) {
  const char *colon = strrchr(text, ':');
  const char *h = text;
  gsize hlen = colon ? (gsize)(colon - text) : 0;
  if (colon && text[0] == '[' && hlen >= 2 && colon[-1] == ']') {
    h = text + 1;
    hlen -= 2;
  }
  guint64 p = 0;
  if (!colon || hlen == 0 ||
      !g_ascii_string_to_unsigned(colon + 1, 10, 1, 65535, &p, NULL)) {
    jq_net_error_set(error, JQ_NET_ERROR_LOCAL, JQ_NET_DETAIL_NOT_HOST_PORT,
                     text, 0, 0,
                     "'%s' is not HOST:PORT (a port from 1 to 65535)", text);
    return FALSE;
  }
  *host = g_strndup(h, hlen);
  *port = (guint16)p;
  return TRUE;
}
