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
 *    the session, and is not printed: the game ends on time with no move;
 *  - a person is shown what each move turned up and, before each prompt,
 *    the board, from its own side's view only: the peer's hidden pieces
 *    stay hidden, a captured hidden piece is named only to its captor;
 *    `board`, `fen` and `help` at the prompt (before the game begins, a
 *    line that needs the game is refused); an AI is shown nothing;
 *  - a move that ends the game is followed by no prompt.
 * Usage: net-cli-moves JIEQI_CLI */
#include <gio/gio.h>
#include <stdio.h>
#include <string.h>

#include "jq-fair-deal.h"
#include "jq-fen.h"
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
  const char *labels; /* the files above a person's board */
} Host;

/* The names a person is told a piece by ("revealed as a chariot"). */
static const char *type_name(JqPieceType t) {
  static const char *const names[JQ_TYPE_COUNT] = {
      NULL,    "king",    "advisor", "elephant",
      "horse", "chariot", "cannon",  "pawn"};
  g_assert_true(t > JQ_NO_TYPE && t < JQ_TYPE_COUNT);
  return names[t];
}

/* "a3 revealed as an elephant" */
static char *revealed_text(const char *sq, JqPieceType t) {
  return g_strdup_printf("%s revealed as %s %s", sq,
                         t == JQ_ADVISOR || t == JQ_ELEPHANT ? "an" : "a",
                         type_name(t));
}

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

/* A board as a person is shown it (a blank line, the files, the ranks,
 * who is to move, the pools, the captures, "FEN: ..."): its FEN. */
static char *board_rest(Host *h) {
  for (int i = 0; i < 20; i++) {
    char *line = out_line(h);
    g_assert_nonnull(line);
    if (g_str_has_prefix(line, "FEN: ")) {
      char *fen = g_strdup(line + 5);
      g_free(line);
      return fen;
    }
    g_free(line);
  }
  g_error("a board with no FEN line");
}

static char *expect_board(Host *h) {
  expect_out(h, "");
  expect_out(h, h->labels);
  return board_rest(h);
}

static const char *const your_move =
    "your move (or resign, draw, takeback, chat TEXT, board, fen, help):";

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

/* A message with nothing but its type (a resignation, say). */
static void send_plain(Host *h, JqNetMsgType type) {
  JqNetMessage *msg = g_new(JqNetMessage, 1);
  jq_net_message_init(msg, type);
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

/* `jieqi-cli host --variant VARIANT` with `player` playing `color` (and
 * `extra` options), joined by us; up to a person's first board and "your
 * move" when it is Red. Jieqi: the lines `early` (may be NULL) are typed
 * before the deal is done, and each is refused as too early. */
static void host_start_game(Host *h, const char *variant, const char *color,
                            const char *player, const char *extra,
                            const char *const *early) {
  memset(h, 0, sizeof *h);
  h->labels = strstr(extra, "--chinese") ? "   ａｂｃｄｅｆｇｈｉ"
                                         : "   a b c d e f g h i ";
  GError *error = NULL;
  char **argv = g_strsplit(extra, " ", -1);
  GStrvBuilder *b = g_strv_builder_new();
  const char *fixed[] = {cli_path,  "host",   "--variant", variant,  "--port",
                         "0",       "--code", "moves-1",   "--name", "Host",
                         "--color", color,    "--player",  player,   NULL};
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
  gboolean jieqi = strcmp(variant, "jieqi") == 0;
  g_assert_cmpint(msg->variant, ==,
                  jieqi ? JQ_VARIANT_JIEQI : JQ_VARIANT_XIANGQI);
  gboolean red = strcmp(color, "red") == 0;
  g_assert_cmpint(msg->host_color, ==, red ? JQ_RED : JQ_BLACK);
  char *playing = g_strdup_printf("playing %s against Peer (net-cli-moves) "
                                  "as %s",
                                  variant, red ? "Red" : "Black");
  if (!jieqi) {
    g_free(msg);
    expect_out(h, playing);
    g_free(playing);
    return;
  }
  /* Our side of the deal, honestly made. */
  expect_msg(h, JQ_NET_MSG_DEAL, msg);
  for (int i = 0; early && early[i]; i++) {
    type(h, early[i]);
    expect_err(h, "the game has not begun yet");
  }
  h->fair = jq_fair_deal_new(JQ_FAIR_ROLE_B, NULL);
  g_assert_nonnull(h->fair);
  uint8_t deal_b[JQ_FAIR_DEAL_BYTES];
  g_assert_cmpuint(msg->data_len, ==, JQ_FAIR_DEAL_BYTES);
  g_assert_true(
      jq_fair_deal_shuffle(h->fair, msg->data, msg->data_len, deal_b, NULL));
  send_data(h, JQ_NET_MSG_DEAL, deal_b, sizeof deal_b, 0);
  g_free(msg);
  expect_out(h, playing);
  g_free(playing);
  if (red && strcmp(player, "human") == 0) {
    g_free(expect_board(h));
    expect_out(h, your_move);
  }
}

static void host_start(Host *h, const char *color, const char *extra) {
  host_start_game(h, "jieqi", color, "human", extra, NULL);
}

/* The card of hidden point `sq`. */
static void card_of(const char *sq, JqColor *c, int *index) {
  g_assert_true(jq_fair_deal_square_card(jq_square_parse(sq), c, index));
}

/* The host's share of the hidden point `sq`, which must come next, opened
 * with ours: what the deal put there. */
static JqPieceType open_host_share(Host *h, const char *sq) {
  JqNetMessage *msg = g_new(JqNetMessage, 1);
  expect_msg(h, JQ_NET_MSG_SHARE, msg);
  JqColor c;
  int index;
  card_of(sq, &c, &index);
  JqPieceType type = JQ_NO_TYPE;
  g_assert_true(jq_fair_deal_open(h->fair, c, index, msg->data, msg->data_len,
                                  &type, NULL));
  g_free(msg);
  return type;
}

/* Our share of the hidden point `sq`, for ply `ply`. */
static void send_share(Host *h, const char *sq, int ply) {
  JqColor c;
  int index;
  card_of(sq, &c, &index);
  uint8_t share[JQ_FAIR_SHARE_BYTES];
  g_assert_true(jq_fair_deal_make_share(h->fair, c, index, share, NULL));
  send_data(h, JQ_NET_MSG_SHARE, share, sizeof share, ply);
}

/* Red turns a3 (red card 10) over: its move and its share reach us; what
 * a3 is. */
static JqPieceType host_turns_a3(Host *h, JqNetMessage *msg) {
  type(h, "a3a4");
  expect_msg(h, JQ_NET_MSG_MOVE, msg);
  g_assert_cmpstr(msg->move, ==, "a3a4");
  g_assert_cmpint(msg->ply, ==, 0);
  return open_host_share(h, "a3");
}

static void send_share_a3(Host *h) {
  uint8_t share[JQ_FAIR_SHARE_BYTES];
  g_assert_true(jq_fair_deal_make_share(h->fair, JQ_RED, 10, share, NULL));
  send_data(h, JQ_NET_MSG_SHARE, share, sizeof share, 0);
}

/* The game is over on the host's side: the ends cross, the deal checks,
 * and the host prints (a person) the final board, "fair: yes" and
 * `result`, then ends. The whole deal into `deal` (may be NULL). */
static void host_finish_deal(Host *h, gboolean human, const char *result,
                             JqPieceType deal[JQ_SQUARES]) {
  JqNetMessage *msg = g_new(JqNetMessage, 1);
  expect_msg(h, JQ_NET_MSG_END, msg);
  uint8_t end[JQ_FAIR_END_BYTES];
  g_assert_true(jq_fair_deal_end(h->fair, end, NULL));
  send_data(h, JQ_NET_MSG_END, end, sizeof end, 0);
  g_assert_true(
      jq_fair_deal_finish(h->fair, msg->data, msg->data_len, NULL, deal, NULL));
  g_free(msg);
  if (human)
    g_free(expect_board(h));
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

static void host_finish(Host *h, const char *result) {
  host_finish_deal(h, TRUE, result, NULL);
}

/* A move typed on the peer's turn: the session refuses it, and the host
 * prints its error and no line for it. */
static void test_refused_move(void) {
  Host h;
  host_start(&h, "black", "");
  type(&h, "a3a4");
  expect_err(&h, "it is the peer's turn");
  send_plain(&h, JQ_NET_MSG_RESIGN);
  host_finish(&h, "result: 0-1 (Red resigned)");
}

/* The revealing move is printed once the peer's share has opened it, not
 * when typed; moves refused meanwhile and after are not printed. */
static void test_typed_moves(void) {
  Host h;
  host_start(&h, "red", "");
  JqNetMessage *msg = g_new(JqNetMessage, 1);
  JqPieceType a3 = host_turns_a3(&h, msg);
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
  char *told = revealed_text("a3", a3);
  expect_out(&h, told);
  g_free(told);
  /* Black's move typed on Black's turn: refused, not printed. */
  type(&h, "a6a5");
  expect_err(&h, "it is the peer's turn");
  g_free(msg);
  send_plain(&h, JQ_NET_MSG_RESIGN);
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

/* The peer (Black) plays `move` at `ply`, turning its hidden piece on
 * `from` over: its move and share go out, the host's shares come back
 * (`also`: the host's share of a piece of its own that the move took, which
 * the captor rule sends us). What `from` is. */
static JqPieceType peer_turns(Host *h, const char *move, int ply,
                              const char *also) {
  JqNetMessage *msg = g_new(JqNetMessage, 1);
  jq_net_message_init(msg, JQ_NET_MSG_MOVE);
  g_strlcpy(msg->move, move, sizeof msg->move);
  msg->ply = ply;
  send_msg(h, msg);
  g_free(msg);
  char from[3] = {move[0], move[1], 0};
  send_share(h, from, ply);
  JqPieceType type = open_host_share(h, from);
  if (also)
    open_host_share(h, also);
  return type;
}

/* Our view's FEN after `n` moves from the jieqi start, each with what we
 * learnt of it: what the session's game view must print. */
static char *view_fen(const char *const *moves, const JqReveal *reveals,
                      int n) {
  JqPosition *pos = g_new0(JqPosition, 1);
  jq_position_init_start(pos, JQ_VARIANT_JIEQI);
  for (int i = 0; i < n; i++) {
    int from = jq_square_parse(moves[i]), to = jq_square_parse(moves[i] + 2);
    jq_position_make_move(pos, jq_move_make(from, to), reveals[i]);
  }
  char fen[JQ_FEN_MAX];
  g_assert_cmpuint(jq_fen_write(pos, JQ_FEN_JIEQIBOX, fen, sizeof fen), >, 0);
  g_free(pos);
  return g_strdup(fen);
}

/* `help` at the prompt lists the commands, `board` and `fen` among them. */
static void expect_help(Host *h) {
  type(h, "help");
  gboolean board = FALSE, fen = FALSE, help = FALSE;
  for (int i = 0; i < 30; i++) {
    char *line = out_line(h);
    g_assert_nonnull(line);
    board |= g_str_has_prefix(line, "  board ");
    fen |= g_str_has_prefix(line, "  fen ");
    help |= g_str_has_prefix(line, "  help ");
    gboolean last = strcmp(line, "The end of input leaves the game.") == 0;
    g_free(line);
    if (last)
      break;
  }
  g_assert_true(board && fen && help);
}

/* A person (Red) is told what each move turned up, its own and the
 * peer's, and shown its own view before each prompt: the peer's pieces
 * that never moved stay hidden; under the captor rule Red learns what its
 * capture took, and not what Black's took. */
static void test_human_view(void) {
  Host h;
  /* Before the game there is no view: nothing to show or move in. */
  const char *const early[] = {"board", "fen", "a3a4", NULL};
  host_start_game(&h, "jieqi", "red", "human", "", early);
  expect_help(&h);
  JqNetMessage *msg = g_new(JqNetMessage, 1);
  JqPieceType a3 = host_turns_a3(&h, msg);
  send_share(&h, "a3", 0);
  expect_out(&h, "1. Red a3a4 (Host)");
  char *text = revealed_text("a3", a3);
  expect_out(&h, text);
  g_free(text);
  /* Black's move: the host opens it, sends its share, and plays it. */
  JqPieceType i6 = peer_turns(&h, "i6i5", 1, NULL);
  expect_out(&h, "2. Black i6i5 (Peer)");
  text = revealed_text("i6", i6);
  expect_out(&h, text);
  g_free(text);
  const char *moves[] = {"a3a4", "i6i5", "b2b9", "h7h0"};
  JqReveal known[4] = {{a3, JQ_NO_TYPE}, {i6, JQ_NO_TYPE}};
  char *want = view_fen(moves, known, 2);
  char *fen = expect_board(&h);
  g_assert_cmpstr(fen, ==, want);
  g_free(fen);
  expect_out(&h, your_move);
  type(&h, "fen");
  expect_out(&h, want);
  type(&h, "board");
  fen = expect_board(&h);
  g_assert_cmpstr(fen, ==, want);
  g_free(fen);
  g_free(want);

  /* Red's cannon takes the hidden piece on b9: the captor rule has us send
   * both our shares, and Red alone learns what b9 was. */
  type(&h, "b2b9");
  expect_msg(&h, JQ_NET_MSG_MOVE, msg);
  g_assert_cmpstr(msg->move, ==, "b2b9");
  JqPieceType b2 = open_host_share(&h, "b2");
  send_share(&h, "b2", 2);
  send_share(&h, "b9", 2);
  expect_out(&h, "3. Red b2b9 (Host)");
  text = revealed_text("b2", b2);
  expect_out(&h, text);
  g_free(text);
  char *learnt = out_line(&h);
  /* Black's cannon takes h0: Red sends us its share, and learns nothing. */
  JqPieceType h7 = peer_turns(&h, "h7h0", 3, "h0");
  expect_out(&h, "4. Black h7h0 (Peer)");
  text = revealed_text("h7", h7);
  expect_out(&h, text);
  g_free(text);
  expect_out(&h, "Black captured a hidden piece; only Black learns what it "
                 "was");
  char *board_fen = expect_board(&h);
  expect_out(&h, your_move);
  type(&h, "fen");
  char *typed_fen = out_line(&h);
  g_free(msg);
  send_plain(&h, JQ_NET_MSG_RESIGN);
  JqPieceType deal[JQ_SQUARES];
  host_finish_deal(&h, TRUE, "result: 1-0 (Black resigned)", deal);

  /* What b9 was, as the whole deal says now that it is checked. */
  JqPieceType b9 = deal[jq_square_parse("b9")];
  char *told = g_strdup_printf(
      "Red learns the captured hidden piece was %s %s",
      b9 == JQ_ADVISOR || b9 == JQ_ELEPHANT ? "an" : "a", type_name(b9));
  g_assert_cmpstr(learnt, ==, told);
  g_free(told);
  g_free(learnt);
  known[2] = (JqReveal){b2, b9};
  known[3] = (JqReveal){h7, JQ_NO_TYPE};
  want = view_fen(moves, known, 4);
  g_assert_cmpstr(board_fen, ==, want);
  g_assert_cmpstr(typed_fen, ==, want);
  g_free(want);
  g_free(board_fen);
  g_free(typed_fen);
}

/* --chinese: a person's board in characters, hidden pieces as 暗. */
static void test_chinese_board(void) {
  Host h;
  host_start(&h, "black", "--chinese");
  JqNetMessage *msg = g_new(JqNetMessage, 1);
  jq_net_message_init(msg, JQ_NET_MSG_MOVE);
  g_strlcpy(msg->move, "a3a4", sizeof msg->move);
  msg->ply = 0;
  send_msg(&h, msg);
  send_share(&h, "a3", 0);
  JqPieceType a3 = open_host_share(&h, "a3");
  expect_out(&h, "1. Red a3a4 (Peer)");
  char *text = revealed_text("a3", a3);
  expect_out(&h, text);
  g_free(text);
  expect_out(&h, "");
  expect_out(&h, h.labels);
  expect_out(&h, "9  暗暗暗暗将暗暗暗暗 9");
  g_free(board_rest(&h));
  expect_out(&h, your_move);
  type(&h, "resign");
  expect_msg(&h, JQ_NET_MSG_RESIGN, msg);
  g_free(msg);
  host_finish(&h, "result: 1-0 (Black resigned)");
}

/* An AI host is shown nothing: its move line, then the end's lines. */
static void test_ai_quiet(void) {
  Host h;
  host_start_game(&h, "jieqi", "red", "ai:random", "--movetime 10", NULL);
  JqNetMessage *msg = g_new(JqNetMessage, 1);
  expect_msg(&h, JQ_NET_MSG_MOVE, msg);
  char move[5];
  g_strlcpy(move, msg->move, sizeof move);
  char from[3] = {move[0], move[1], 0};
  /* Every Red piece but the king starts hidden, and opens with shares. */
  if (strcmp(from, "e0") != 0) {
    open_host_share(&h, from);
    send_share(&h, from, 0);
  }
  /* A cannon taking a hidden piece at once (b2b9): the captor learns it,
   * from our share. */
  JqColor c;
  int index;
  if (jq_fair_deal_square_card(jq_square_parse(move + 2), &c, &index) &&
      c == JQ_BLACK)
    send_share(&h, move + 2, 0);
  char *line = g_strdup_printf("1. Red %s (Host)", move);
  expect_out(&h, line);
  g_free(line);
  g_free(msg);
  send_plain(&h, JQ_NET_MSG_RESIGN);
  host_finish_deal(&h, FALSE, "result: 1-0 (Black resigned)", NULL);
}

/* The peer plays `move` (xiangqi) at `ply`; the host prints it. */
static void peer_plays(Host *h, const char *move, int ply) {
  JqNetMessage *msg = g_new(JqNetMessage, 1);
  jq_net_message_init(msg, JQ_NET_MSG_MOVE);
  g_strlcpy(msg->move, move, sizeof msg->move);
  msg->ply = ply;
  send_msg(h, msg);
  g_free(msg);
  char *line = g_strdup_printf("%d. Red %s (Peer)", ply + 1, move);
  expect_out(h, line);
  g_free(line);
}

/* The host (Black, a person, xiangqi) types its moves; Red's third mates:
 * no prompt and no board for a move in a finished game, only the final
 * board and the result. */
static void test_mated(void) {
  Host h;
  host_start_game(&h, "xiangqi", "black", "human", "", NULL);
  const char *black[] = {"a6a5", "f9e8"};
  const char *red[] = {"b2b4", "b4c4"};
  for (int i = 0; i < 2; i++) {
    peer_plays(&h, red[i], 2 * i);
    g_free(expect_board(&h));
    expect_out(&h, your_move);
    type(&h, black[i]);
    JqNetMessage *msg = g_new(JqNetMessage, 1);
    expect_msg(&h, JQ_NET_MSG_MOVE, msg);
    g_assert_cmpstr(msg->move, ==, black[i]);
    g_free(msg);
    char *line = g_strdup_printf("%d. Black %s (Host)", 2 * i + 2, black[i]);
    expect_out(&h, line);
    g_free(line);
  }
  peer_plays(&h, "c4c9", 4);
  g_free(expect_board(&h));
  expect_out(&h, "result: 1-0 (checkmate)");
  char *rest = out_line(&h);
  g_assert_null(rest);
  GError *error = NULL;
  g_assert_true(g_subprocess_wait(h.proc, NULL, &error));
  g_assert_no_error(error);
  g_assert_cmpint(g_subprocess_get_exit_status(h.proc), ==, 0);
  g_object_unref(h.in);
  g_object_unref(h.conn);
  g_object_unref(h.out);
  g_object_unref(h.err);
  g_object_unref(h.proc);
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
  g_test_add_func("/net-cli/moves/human-view", test_human_view);
  g_test_add_func("/net-cli/moves/chinese-board", test_chinese_board);
  g_test_add_func("/net-cli/moves/ai-quiet", test_ai_quiet);
  g_test_add_func("/net-cli/moves/mated", test_mated);
  return g_test_run();
}
