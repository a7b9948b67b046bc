/* A jieqi joiner that cheats at the end, for the CLI's test of "fair: NO"
 * (net-cli-cheat-test.sh): it speaks the protocol itself (a program of
 * ours has no way to cheat), joins a `jieqi-cli host --color black`, makes
 * its side of the deal honestly, turns a3 over with an honest share,
 * resigns, and then publishes a forged end message:
 *   key      an end made with another secret than the one its deal used
 *   shuffle  its own secret, but two places of Red's shuffle swapped
 * Usage: net-cheat-peer PORT CODE key|shuffle
 * Exits 0 once the host has closed after the end, 1 on any surprise. */
#include <gio/gio.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jq-fair-deal.h"
#include "jq-net-message.h"

static GDataInputStream *in;
static GOutputStream *out;

static void die(const char *what) {
  fprintf(stderr, "net-cheat-peer: %s\n", what);
  exit(1);
}

static void send_msg(const JqNetMessage *msg) {
  char *line = jq_net_message_to_line(msg);
  if (!g_output_stream_write_all(out, line, strlen(line), NULL, NULL, NULL))
    die("cannot write to the host");
  g_free(line);
}

static void send_data(JqNetMsgType type, const uint8_t *b, size_t n, int ply) {
  JqNetMessage *msg = g_new(JqNetMessage, 1);
  jq_net_message_init(msg, type);
  memcpy(msg->data, b, n);
  msg->data_len = n;
  msg->ply = ply;
  send_msg(msg);
  g_free(msg);
}

/* The next message of `type` from the host; others (pings, the host's
 * own move and share) are passed over. FALSE at the end of the stream. */
static gboolean next_of(JqNetMsgType type, JqNetMessage *msg) {
  for (;;) {
    gsize len = 0;
    char *line = g_data_input_stream_read_line(in, &len, NULL, NULL);
    if (!line)
      return FALSE;
    GError *error = NULL;
    gboolean ok = jq_net_message_parse(line, len, msg, &error);
    g_free(line);
    if (!ok)
      die(error->message);
    if (msg->type == JQ_NET_MSG_BYE && type != JQ_NET_MSG_BYE) {
      fprintf(stderr, "net-cheat-peer: the host left: %s\n", msg->text);
      exit(1);
    }
    if (msg->type == JQ_NET_MSG_PING) {
      msg->type = JQ_NET_MSG_PONG;
      send_msg(msg);
      continue;
    }
    if (msg->type == type)
      return TRUE;
  }
}

int main(int argc, char **argv) {
  if (argc != 4 ||
      (strcmp(argv[3], "key") != 0 && strcmp(argv[3], "shuffle") != 0)) {
    fprintf(stderr, "usage: net-cheat-peer PORT CODE key|shuffle\n");
    return 2;
  }
  gboolean forge_key = strcmp(argv[3], "key") == 0;
  GSocketClient *client = g_socket_client_new();
  GSocketConnection *conn = g_socket_client_connect_to_host(
      client, "127.0.0.1", (guint16)atoi(argv[1]), NULL, NULL);
  if (!conn)
    die("cannot connect");
  in = g_data_input_stream_new(g_io_stream_get_input_stream(G_IO_STREAM(conn)));
  out = g_io_stream_get_output_stream(G_IO_STREAM(conn));

  JqNetMessage *msg = g_new(JqNetMessage, 1);
  jq_net_message_init(msg, JQ_NET_MSG_HELLO);
  msg->version = JQ_NET_PROTOCOL_VERSION;
  g_strlcpy(msg->program, "net-cheat-peer", sizeof msg->program);
  g_strlcpy(msg->name, "Cheat", sizeof msg->name);
  g_strlcpy(msg->code, argv[2], sizeof msg->code);
  send_msg(msg);
  if (!next_of(JQ_NET_MSG_PARAMS, msg) || msg->variant != JQ_VARIANT_JIEQI ||
      msg->host_color != JQ_BLACK)
    die("expected a jieqi game with the host as Black");

  /* Our side of the deal, honestly made. */
  if (!next_of(JQ_NET_MSG_DEAL, msg))
    die("no deal from the host");
  JqFairDeal *fair = jq_fair_deal_new(JQ_FAIR_ROLE_B, NULL);
  uint8_t deal_a[JQ_FAIR_DEAL_BYTES], deal_b[JQ_FAIR_DEAL_BYTES];
  if (!fair || msg->data_len != sizeof deal_a)
    die("the host's deal has the wrong size");
  memcpy(deal_a, msg->data, sizeof deal_a);
  if (!jq_fair_deal_shuffle(fair, deal_a, sizeof deal_a, deal_b, NULL))
    die("the host's deal does not check");
  send_data(JQ_NET_MSG_DEAL, deal_b, sizeof deal_b, 0);

  /* Red turns a3 (red card 10) over: an honest reveal, so the end's check
   * has shares to go through. */
  jq_net_message_init(msg, JQ_NET_MSG_MOVE);
  g_strlcpy(msg->move, "a3a4", sizeof msg->move);
  msg->ply = 0;
  send_msg(msg);
  uint8_t share[JQ_FAIR_SHARE_BYTES];
  if (!jq_fair_deal_make_share(fair, JQ_RED, 10, share, NULL))
    die("no share");
  send_data(JQ_NET_MSG_SHARE, share, sizeof share, 0);
  if (!next_of(JQ_NET_MSG_SHARE, msg))
    die("the host did not answer the share");
  JqPieceType type = JQ_NO_TYPE;
  if (!jq_fair_deal_open(fair, JQ_RED, 10, msg->data, msg->data_len, &type,
                         NULL))
    die("the host's share does not open a3");

  jq_net_message_init(msg, JQ_NET_MSG_RESIGN);
  send_msg(msg);
  if (!next_of(JQ_NET_MSG_END, msg))
    die("no end from the host");

  uint8_t end[JQ_FAIR_END_BYTES];
  if (forge_key) {
    JqFairDeal *liar = jq_fair_deal_new(JQ_FAIR_ROLE_B, NULL);
    uint8_t ignored[JQ_FAIR_DEAL_BYTES];
    if (!liar ||
        !jq_fair_deal_shuffle(liar, deal_a, sizeof deal_a, ignored, NULL) ||
        !jq_fair_deal_end(liar, end, NULL))
      die("no forged end");
    jq_fair_deal_free(liar);
  } else {
    if (!jq_fair_deal_end(fair, end, NULL))
      die("no end");
    /* Red's shuffle follows the scalar: swap its first two places. */
    uint8_t t = end[JQ_DEAL_SCALAR_BYTES];
    end[JQ_DEAL_SCALAR_BYTES] = end[JQ_DEAL_SCALAR_BYTES + 1];
    end[JQ_DEAL_SCALAR_BYTES + 1] = t;
  }
  send_data(JQ_NET_MSG_END, end, sizeof end, 0);
  /* The host checks, says bye and closes. */
  while (next_of(JQ_NET_MSG_BYE, msg))
    ;
  jq_fair_deal_free(fair);
  g_free(msg);
  g_object_unref(in);
  g_object_unref(conn);
  g_object_unref(client);
  return 0;
}
