/* Helpers shared by the network tests (net-test-util.h). */
#include "net-test-util.h"

#include <string.h>

#include "jq-net-transport.h"

static gboolean guard_fired(gpointer data) {
  *(gboolean *)data = TRUE;
  return G_SOURCE_REMOVE;
}

guint jq_test_net_guard(gboolean *late, guint ms) {
  *late = FALSE;
  return g_timeout_add(ms, guard_fired, late);
}

void jq_test_net_run_until(const gboolean *flag) {
  gboolean late;
  guint guard = jq_test_net_guard(&late, JQ_TEST_NET_WAIT_MS);
  while (!*flag && !late)
    g_main_context_iteration(NULL, TRUE);
  g_assert_false(late);
  g_source_remove(guard);
}

void jq_test_net_run_until_count(const int *value, int want) {
  gboolean late;
  guint guard = jq_test_net_guard(&late, JQ_TEST_NET_WAIT_MS);
  while (*value < want && !late)
    g_main_context_iteration(NULL, TRUE);
  g_assert_false(late);
  g_source_remove(guard);
}

typedef struct {
  GIOStream *server, *client;
  gboolean done;
} Pair;

static gboolean on_incoming(GSocketService *service, GSocketConnection *conn,
                            GObject *source, gpointer data) {
  Pair *p = data;
  p->server = G_IO_STREAM(g_object_ref(conn));
  p->done = p->client != NULL;
  return TRUE;
}

static void on_connected(GObject *source, GAsyncResult *res, gpointer data) {
  Pair *p = data;
  GError *error = NULL;
  GSocketConnection *conn = g_socket_client_connect_to_host_finish(
      G_SOCKET_CLIENT(source), res, &error);
  g_assert_no_error(error);
  p->client = G_IO_STREAM(conn);
  p->done = p->server != NULL;
}

void jq_test_net_connect_pair(GIOStream **server, GIOStream **client) {
  Pair p = {0};
  guint16 port = 0;
  GError *error = NULL;
  GSocketService *service = jq_net_listen("127.0.0.1", 0, &port, &error);
  g_assert_no_error(error);
  g_assert_cmpuint(port, >, 0);
  g_signal_connect(service, "incoming", G_CALLBACK(on_incoming), &p);
  GSocketClient *sc = g_socket_client_new();
  char *where = g_strdup_printf("127.0.0.1:%u", port);
  g_socket_client_connect_to_host_async(sc, where, 0, NULL, on_connected, &p);
  jq_test_net_run_until(&p.done);
  jq_net_stop_listening(service);
  g_object_unref(service);
  g_object_unref(sc);
  g_free(where);
  *server = p.server;
  *client = p.client;
}

void jq_test_net_send(GIOStream *io, const char *text) {
  GError *error = NULL;
  g_output_stream_write_all(g_io_stream_get_output_stream(io), text,
                            strlen(text), NULL, NULL, &error);
  g_assert_no_error(error);
}

static void read_more(GInputStream *in, JqTestNetReader *r);

static void read_done(GObject *source, GAsyncResult *res, gpointer data) {
  JqTestNetReader *r = data;
  gssize n = g_input_stream_read_finish(G_INPUT_STREAM(source), res, NULL);
  if (n <= 0) {
    r->eof = TRUE;
    if (r->to)
      g_io_stream_close(r->to, NULL, NULL);
    return;
  }
  g_string_append_len(r->text, (const char *)r->buf, n);
  if (r->to && !g_io_stream_is_closed(r->to))
    g_output_stream_write_all(g_io_stream_get_output_stream(r->to), r->buf,
                              (gsize)n, NULL, NULL, NULL);
  read_more(G_INPUT_STREAM(source), r);
}

static void read_more(GInputStream *in, JqTestNetReader *r) {
  g_input_stream_read_async(in, r->buf, sizeof r->buf, G_PRIORITY_DEFAULT, NULL,
                            read_done, r);
}

JqTestNetReader *jq_test_net_reader_start(GIOStream *io, GIOStream *to) {
  JqTestNetReader *r = g_new0(JqTestNetReader, 1);
  r->text = g_string_new(NULL);
  r->to = to;
  read_more(g_io_stream_get_input_stream(io), r);
  return r;
}

void jq_test_net_reader_free(JqTestNetReader *r) {
  g_string_free(r->text, TRUE);
  g_free(r);
}

void jq_test_net_fixed_deal(int g, uint8_t secret[2][32],
                            uint8_t shuffle[2][2][15]) {
  memset(secret, 0, 2 * 32);
  secret[0][0] = (uint8_t)(7 + g);
  secret[1][0] = (uint8_t)(11 + g);
  for (int c = 0; c < 2; c++)
    for (int i = 0; i < 15; i++) {
      shuffle[0][c][i] = (uint8_t)((i * 2 + c + g) % 15);
      shuffle[1][c][i] = (uint8_t)((i * 7 + 3 + c + 2 * g) % 15);
    }
}
