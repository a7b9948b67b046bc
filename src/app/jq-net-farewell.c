#include "jq-config.h"

#include "jq-net-farewell.h"

#include "jq-net-transport.h"

/* How long a farewell may take in all; a host's listener stays that long
 * (its joiner tries again every second, or after its connect timeout). */
#define FAREWELL_MS 10000
/* A joiner: each connection's timeout, the pause between tries, how long
 * the host may take to read the leave and close. */
#define CONNECT_TIMEOUT_S 2
#define RETRY_MS 250
#define READ_MS 3000
/* How often a sent leave is looked at (the session says nothing when its
 * given-up connection ends). */
#define POLL_MS 50

typedef struct {
  JqNetSession *session;
  char *reason;
  char *address;
  guint16 port;
  gboolean hosting;
  GSocketService *service; /* the host's, to answer one joiner */
  GCancellable *cancel;    /* the joiner's connection under way */
  gint64 until;            /* the whole farewell's end */
  gint64 read_until;       /* the sent leave's */
  guint deadline_source, poll_source, retry_source;
  GApplication *app; /* held meanwhile */
} Farewell;

static guint pending;

guint jq_net_farewell_pending(void) { return pending; }

static void finish(Farewell *f) {
  g_clear_handle_id(&f->deadline_source, g_source_remove);
  g_clear_handle_id(&f->poll_source, g_source_remove);
  g_clear_handle_id(&f->retry_source, g_source_remove);
  if (f->cancel) {
    /* The connection under way ends in connected(), which frees. */
    g_cancellable_cancel(f->cancel);
    g_clear_object(&f->cancel);
    return;
  }
  if (f->service) {
    g_signal_handlers_disconnect_by_data(f->service, f);
    jq_net_stop_listening(f->service);
    g_clear_object(&f->service);
  }
  /* A leave still unread goes with the connection. */
  g_clear_object(&f->session);
  g_free(f->reason);
  g_free(f->address);
  if (f->app)
    g_application_release(f->app);
  g_clear_object(&f->app);
  g_free(f);
  pending--;
}

static gboolean deadline(gpointer data) {
  Farewell *f = data;
  f->deadline_source = 0;
  finish(f);
  return G_SOURCE_REMOVE;
}

static void try_connect(Farewell *f);

static gboolean retry(gpointer data) {
  Farewell *f = data;
  f->retry_source = 0;
  try_connect(f);
  return G_SOURCE_REMOVE;
}

/* The leave sent on a connection: done once the peer has read it and
 * closed. A joiner's connection that nobody answered (a listener of
 * somebody else's, the host's own going down) is tried again. */
static gboolean poll_sent(gpointer data) {
  Farewell *f = data;
  if (jq_net_session_connected(f->session) &&
      g_get_monotonic_time() < f->read_until)
    return G_SOURCE_CONTINUE;
  f->poll_source = 0;
  gboolean told = jq_net_session_peer_heard(f->session);
  if (told || f->hosting || !f->address ||
      g_get_monotonic_time() + RETRY_MS * 1000 >= f->until)
    finish(f);
  else
    f->retry_source = g_timeout_add(RETRY_MS, retry, f);
  return G_SOURCE_REMOVE;
}

static void watch_sent(Farewell *f) {
  f->read_until = g_get_monotonic_time() + READ_MS * 1000;
  f->poll_source = g_timeout_add(POLL_MS, poll_sent, f);
}

static void connected(GObject *source, GAsyncResult *res, gpointer data) {
  Farewell *f = data;
  GSocketConnection *conn = g_socket_client_connect_to_host_finish(
      G_SOCKET_CLIENT(source), res, NULL);
  if (!f->cancel || g_cancellable_is_cancelled(f->cancel)) {
    /* finish() came first: now it can free. */
    g_clear_object(&conn);
    g_clear_object(&f->cancel);
    finish(f);
    return;
  }
  g_clear_object(&f->cancel);
  if (conn) {
    jq_net_session_abandon(f->session, G_IO_STREAM(conn), f->reason, NULL);
    g_object_unref(conn);
    watch_sent(f);
  } else if (g_get_monotonic_time() + RETRY_MS * 1000 < f->until) {
    /* The host may not listen again yet. */
    f->retry_source = g_timeout_add(RETRY_MS, retry, f);
  } else {
    finish(f);
  }
}

static void try_connect(Farewell *f) {
  GSocketClient *client = g_socket_client_new();
  g_socket_client_set_timeout(client, CONNECT_TIMEOUT_S);
  f->cancel = g_cancellable_new();
  g_socket_client_connect_to_host_async(client, f->address, f->port, f->cancel,
                                        connected, f);
  g_object_unref(client);
}

/* A joiner connects to resume: it is answered with the leave, once. */
static gboolean on_incoming(GSocketService *service, GSocketConnection *conn,
                            GObject *source, Farewell *f) {
  if (f->poll_source || jq_net_session_connected(f->session))
    return FALSE;
  jq_net_session_abandon(f->session, G_IO_STREAM(conn), f->reason, NULL);
  watch_sent(f);
  return TRUE;
}

gboolean jq_net_farewell(JqNetSession *session, const char *reason,
                         gboolean hosting, const char *address, guint16 port,
                         GSocketService *service) {
  g_return_val_if_fail(JQ_IS_NET_SESSION(session), FALSE);
  /* Live: the leave goes on the connection now. */
  gboolean live = jq_net_session_connected(session);
  if (!jq_net_session_abandon(session, NULL, reason, NULL))
    return FALSE;
  Farewell *f = g_new0(Farewell, 1);
  pending++;
  f->session = g_object_ref(session);
  f->reason = g_strdup(reason);
  f->address = g_strdup(address);
  f->port = port;
  f->hosting = hosting;
  f->until = g_get_monotonic_time() + FAREWELL_MS * 1000;
  f->deadline_source = g_timeout_add(FAREWELL_MS, deadline, f);
  f->app = g_application_get_default();
  if (f->app) {
    g_object_ref(f->app);
    g_application_hold(f->app);
  }
  if (live) {
    g_clear_pointer(&f->address, g_free); /* nothing to try again */
    watch_sent(f);
  } else if (address && hosting) {
    f->service = service ? g_object_ref(service)
                         : jq_net_listen(address, port, NULL, NULL);
    if (f->service)
      g_signal_connect(f->service, "incoming", G_CALLBACK(on_incoming), f);
    else
      finish(f);
  } else if (address) {
    try_connect(f);
  } else {
    finish(f);
  }
  return TRUE;
}
