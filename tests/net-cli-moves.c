/* When `jieqi-cli host` prints a move typed at its terminal: once its
 * session has played it, never when it is typed. The host (a person
 * typing, Red, jieqi) plays against this program, a joiner that speaks the
 * protocol itself (as net-cheat-peer does), so the order of every message
 * is the test's own and nothing waits on a clock:
 *  - a move typed on the peer's turn, or while the last one waits for
 *    the peer's share, is refused: its error on stderr, no line for it;
 *  - a move that turns a piece over is printed once the peer's share has
 *    opened it (after a chat the peer sent before the share), as the
 *    peer's moves are printed once played;
 *  - a move that crosses the peer's flag claim on the wire is dropped by
 *    the session, and is not printed: the game ends on time with no move.
 * Usage: net-cli-moves JIEQI_CLI */
#include <gio/gio.h>
#include <stdio.h>
#include <string.h>

#include "jq-fair-deal.h"
#include "jq-net-message.h"

static const char *cli_path;

typedef struct {
  GSubprocess *proc;
  GOutputStream *keys;         /* the host's standard input */
  GDataInputStream *out, *err; /* its standard output and error */
  GSocketConnection *conn;
  GDataInputStream *in; /* what the host's session sends us */
  GOutputStream *to;
  JqFairDeal *fair;
} Host;

static char *read_text(GDataInputStream *s) {
  GError *error = NULL;
  char *line = g_data_input_stream_read_line_utf8(s, NULL, NULL, &error);
  g_assert_no_error(error);
  return line;
}

/* The host's next line of standard output (NULL at its end). */
static char *out_line(Host *h) {
  char *line = read_text(h->out);
  g_test_message("host: %s", line ? line : "(end)");
  return line;
}

static void expect_out(Host *h, const char *want) {
  char *line = out_line(h);
  g_assert_cmpstr(line, ==, want);
  g_free(line);
}

static void expect_err(Host *h, const char *want) {
  char *line = read_text(h->err);
  g_assert_cmpstr(line, ==, want);
  g_free(line);
}

/* A line typed at the host's terminal. */
static void type(Host *h, const char *text) {
  char *line = g_strconcat(text, "\n", NULL);
  g_assert_true(
      g_output_stream_write_all(h->keys, line, strlen(line), NULL, NULL, NULL));
  g_assert_true(g_output_stream_flush(h->keys, NULL, NULL));
  g_free(line);
}

static void send_msg(Host *h, const JqNetMessage *msg) {
  char *line = jq_net_message_to_line(msg);
  g_assert_true(
      g_output_stream_write_all(h->to, line, strlen(line), NULL, NULL, NULL));
  g_free(line);
}

static void send_data(Host *h, JqNetMsgType type, const uint8_t *b, size_t n,
                      int ply) {
  JqNetMessage *msg = g_new(JqNetMessage, 1);
  jq_net_message_init(msg, type);
  memcpy(msg->data, b, n);
  msg->data_len = n;
  msg->ply = ply;
  send_msg(h, msg);
  g_free(msg);
}

/* The session's next message, which must be of `type` (pings answered). */
static void expect_msg(Host *h, JqNetMsgType type, JqNetMessage *msg) {
  for (;;) {
    gsize len = 0;
    char *line = g_data_input_stream_read_line(h->in, &len, NULL, NULL);
    g_assert_nonnull(line);
    GError *error = NULL;
    gboolean ok = jq_net_message_parse(line, len, msg, &error);
    g_assert_no_error(error);
    g_assert_true(ok);
    if (msg->type == JQ_NET_MSG_PING) {
      g_free(line);
      msg->type = JQ_NET_MSG_PONG;
      send_msg(h, msg);
      continue;
    }
    if (msg->type != type)
      g_error("expected message type %d, got: %s", type, line);
    g_free(line);
    return;
  }
}

/* `jieqi-cli host --variant jieqi` with a person playing `color` (and
 * `extra` options), joined by us; up to its first "your move" when it is
 * Red. */
static void host_start(Host *h, const char *color, const char *extra) {
  memset(h, 0, sizeof *h);
  GError *error = NULL;
  char **argv = g_strsplit(extra, " ", -1);
  GStrvBuilder *b = g_strv_builder_new();
  const char *fixed[] = {cli_path,  "host",   "--variant", "jieqi",  "--port",
                         "0",       "--code", "moves-1",   "--name", "Host",
                         "--color", color,    "--player",  "human",  NULL};
  g_strv_builder_addv(b, fixed);
  for (char **a = argv; *a; a++)
    if (**a)
      g_strv_builder_add(b, *a);
  char **all = g_strv_builder_end(b);
  h->proc = g_subprocess_newv((const char *const *)all,
                              G_SUBPROCESS_FLAGS_STDIN_PIPE |
                                  G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                                  G_SUBPROCESS_FLAGS_STDERR_PIPE,
                              &error);
  g_assert_no_error(error);
  g_strfreev(all);
  g_strv_builder_unref(b);
  g_strfreev(argv);
  h->keys = g_subprocess_get_stdin_pipe(h->proc);
  h->out = g_data_input_stream_new(g_subprocess_get_stdout_pipe(h->proc));
  h->err = g_data_input_stream_new(g_subprocess_get_stderr_pipe(h->proc));

  char *line = out_line(h);
  unsigned port = 0;
  g_assert_cmpint(sscanf(line, "listening on 127.0.0.1 port %u", &port), ==, 1);
  g_free(line);
  expect_out(h, "game code: moves-1");

  GSocketClient *client = g_socket_client_new();
  h->conn = g_socket_client_connect_to_host(client, "127.0.0.1", (guint16)port,
                                            NULL, &error);
  g_assert_no_error(error);
  g_object_unref(client);
  h->in = g_data_input_stream_new(
      g_io_stream_get_input_stream(G_IO_STREAM(h->conn)));
  h->to = g_io_stream_get_output_stream(G_IO_STREAM(h->conn));

  JqNetMessage *msg = g_new(JqNetMessage, 1);
  jq_net_message_init(msg, JQ_NET_MSG_HELLO);
  msg->version = JQ_NET_PROTOCOL_VERSION;
  g_strlcpy(msg->program, "net-cli-moves", sizeof msg->program);
  g_strlcpy(msg->name, "Peer", sizeof msg->name);
  g_strlcpy(msg->code, "moves-1", sizeof msg->code);
  send_msg(h, msg);
  expect_msg(h, JQ_NET_MSG_HELLO, msg);
  expect_msg(h, JQ_NET_MSG_PARAMS, msg);
  g_assert_cmpint(msg->variant, ==, JQ_VARIANT_JIEQI);
  gboolean red = strcmp(color, "red") == 0;
  g_assert_cmpint(msg->host_color, ==, red ? JQ_RED : JQ_BLACK);
  /* Our side of the deal, honestly made. */
  expect_msg(h, JQ_NET_MSG_DEAL, msg);
  h->fair = jq_fair_deal_new(JQ_FAIR_ROLE_B, NULL);
  g_assert_nonnull(h->fair);
  uint8_t deal_b[JQ_FAIR_DEAL_BYTES];
  g_assert_cmpuint(msg->data_len, ==, JQ_FAIR_DEAL_BYTES);
  g_assert_true(
      jq_fair_deal_shuffle(h->fair, msg->data, msg->data_len, deal_b, NULL));
  send_data(h, JQ_NET_MSG_DEAL, deal_b, sizeof deal_b, 0);
  g_free(msg);
  expect_out(h, red ? "playing jieqi against Peer (net-cli-moves) as Red"
                    : "playing jieqi against Peer (net-cli-moves) as Black");
  if (red)
    expect_out(h, "your move (or resign, draw, takeback, chat TEXT):");
}

/* Red turns a3 (red card 10) over: its move and its share reach us. */
static void host_turns_a3(Host *h, JqNetMessage *msg) {
  type(h, "a3a4");
  expect_msg(h, JQ_NET_MSG_MOVE, msg);
  g_assert_cmpstr(msg->move, ==, "a3a4");
  g_assert_cmpint(msg->ply, ==, 0);
  expect_msg(h, JQ_NET_MSG_SHARE, msg);
}

static void send_share_a3(Host *h) {
  uint8_t share[JQ_FAIR_SHARE_BYTES];
  g_assert_true(jq_fair_deal_make_share(h->fair, JQ_RED, 10, share, NULL));
  send_data(h, JQ_NET_MSG_SHARE, share, sizeof share, 0);
}

/* The game is over on the host's side: the ends cross, the deal checks,
 * and the host prints "fair: yes" and `result`, then ends. */
static void host_finish(Host *h, const char *result) {
  JqNetMessage *msg = g_new(JqNetMessage, 1);
  expect_msg(h, JQ_NET_MSG_END, msg);
  uint8_t end[JQ_FAIR_END_BYTES];
  g_assert_true(jq_fair_deal_end(h->fair, end, NULL));
  send_data(h, JQ_NET_MSG_END, end, sizeof end, 0);
  g_free(msg);
  expect_out(h, "fair: yes");
  expect_out(h, result);
  char *rest = out_line(h);
  g_assert_null(rest);
  GError *error = NULL;
  g_assert_true(g_subprocess_wait(h->proc, NULL, &error));
  g_assert_no_error(error);
  g_assert_cmpint(g_subprocess_get_exit_status(h->proc), ==, 0);
  jq_fair_deal_free(h->fair);
  g_object_unref(h->in);
  g_object_unref(h->conn);
  g_object_unref(h->out);
  g_object_unref(h->err);
  g_object_unref(h->proc);
}

/* A move typed on the peer's turn: the session refuses it, and the host
 * prints its error and no line for it. */
static void test_refused_move(void) {
  Host h;
  host_start(&h, "black", "");
  type(&h, "a3a4");
  expect_err(&h, "it is the peer's turn");
  JqNetMessage *msg = g_new(JqNetMessage, 1);
  jq_net_message_init(msg, JQ_NET_MSG_RESIGN);
  send_msg(&h, msg);
  g_free(msg);
  host_finish(&h, "result: 0-1 (Red resigned)");
}

/* The revealing move is printed once the peer's share has opened it, not
 * when typed; moves refused meanwhile and after are not printed. */
static void test_typed_moves(void) {
  Host h;
  host_start(&h, "red", "");
  JqNetMessage *msg = g_new(JqNetMessage, 1);
  host_turns_a3(&h, msg);
  /* Our share is not sent yet: a3a4 waits for it, and another move is
   * refused. */
  type(&h, "c3c4");
  expect_err(&h, "the last move waits for the peer's share");
  jq_net_message_init(msg, JQ_NET_MSG_CHAT);
  g_strlcpy(msg->text, "the share follows", sizeof msg->text);
  send_msg(&h, msg);
  send_share_a3(&h);
  /* Played only now: after the chat that came before the share. */
  expect_out(&h, "Peer says: the share follows");
  expect_out(&h, "1. Red a3a4 (Host)");
  /* Black's move typed on Black's turn: refused, not printed. */
  type(&h, "a6a5");
  expect_err(&h, "it is the peer's turn");
  jq_net_message_init(msg, JQ_NET_MSG_RESIGN);
  send_msg(&h, msg);
  g_free(msg);
  host_finish(&h, "result: 1-0 (Black resigned)");
}

/* Red's clock is out by our measure when its move of a3 arrives: our
 * claim (a flag for ply 0) has crossed it on the wire. The host's
 * session drops the move, which was never played, and loses on time:
 * the move is not printed. A 2 s clock: the host's own tolerance, so the
 * claim is believed however soon the move came. */
static void test_move_crossing_flag(void) {
  Host h;
  host_start(&h, "red", "--tc 2");
  JqNetMessage *msg = g_new(JqNetMessage, 1);
  host_turns_a3(&h, msg);
  jq_net_message_init(msg, JQ_NET_MSG_FLAG);
  msg->ply = 0;
  send_msg(&h, msg);
  g_free(msg);
  host_finish(&h, "result: 0-1 (Red lost on time)");
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  if (argc != 2) {
    g_printerr("usage: net-cli-moves JIEQI_CLI\n");
    return 2;
  }
  cli_path = argv[1];
  g_test_add_func("/net-cli/moves/refused", test_refused_move);
  g_test_add_func("/net-cli/moves/typed", test_typed_moves);
  g_test_add_func("/net-cli/moves/crossing-flag", test_move_crossing_flag);
  return g_test_run();
}
