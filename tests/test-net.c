/* Network play over loopback: the messages and their checks, the framing's
 * limits, two sessions playing whole games, resign, draw and take-back,
 * and a peer that cheats or talks nonsense: the honest side closes with
 * the right message and keeps its game. */
#include <gio/gio.h>
#include <string.h>

#include "jq-net-error.h"
#include "jq-net-message.h"
#include "jq-net-session.h"
#include "jq-net-stream.h"
#include "jq-net-transport.h"
#include "jq-notation.h"
#include "net-test-util.h"

/* A signal handler (connected swapped) that notes the signal came. */
static void set_flag(gboolean *flag) { *flag = TRUE; }

static const JqNetParams xiangqi_red = {JQ_VARIANT_XIANGQI, JQ_RED, 0, 0, 0, 0,
                                        JQ_DISCLOSE_CAPTOR};
static const JqNetParams xiangqi_black = {
    JQ_VARIANT_XIANGQI, JQ_BLACK, 0, 0, 0, 0, JQ_DISCLOSE_CAPTOR};

/* ---- Messages */

static JqNetMessage parse_ok(const char *line) {
  JqNetMessage msg;
  GError *error = NULL;
  gboolean ok = jq_net_message_parse(line, strlen(line), &msg, &error);
  g_assert_no_error(error);
  g_assert_true(ok);
  return msg;
}

static void parse_bad(const char *line, int code, const char *says) {
  JqNetMessage msg;
  GError *error = NULL;
  g_assert_false(jq_net_message_parse(line, strlen(line), &msg, &error));
  g_assert_error(error, JQ_NET_ERROR, code);
  if (!strstr(error->message, says))
    g_error("'%s': message '%s' does not say '%s'", line, error->message, says);
  g_error_free(error);
}

static void test_message_round_trip(void) {
  for (int t = 0; t < JQ_NET_MSG_COUNT; t++) {
    JqNetMessage msg, back;
    jq_net_message_init(&msg, (JqNetMsgType)t);
    msg.version = JQ_NET_PROTOCOL_VERSION;
    msg.held = t == JQ_NET_MSG_RESUME ? -1 : 0;
    g_strlcpy(msg.program, "jieqi test", sizeof msg.program);
    g_strlcpy(msg.name, "王小明", sizeof msg.name);
    g_strlcpy(msg.code, "k3y-42", sizeof msg.code);
    msg.variant = JQ_VARIANT_XIANGQI;
    msg.host_color = JQ_BLACK;
    msg.base_ms = 300000;
    msg.inc_ms = 2000;
    msg.movestogo = 40;
    g_strlcpy(msg.move, "h2e2", sizeof msg.move);
    msg.ply = 17;
    g_strlcpy(msg.text, "你好, \"friend\"", sizeof msg.text);
    msg.clock_ms[0] = 1234;
    msg.clock_ms[1] = 5678;
    msg.id = 99;
    msg.disclosure = JQ_DISCLOSE_BOTH;
    memcpy(msg.data, "\x00\xffjq\n", 5);
    msg.data_len = 5;
    if (t == JQ_NET_MSG_RESUME) /* two digests, exactly */
      msg.data_len = 64;
    char *line = jq_net_message_to_line(&msg);
    g_assert_true(g_str_has_suffix(line, "}\n"));
    /* One line: the only '\n' is the last byte. */
    g_assert_true(strchr(line, '\n') == line + strlen(line) - 1);
    char *body = g_strndup(line, strlen(line) - 1);
    back = parse_ok(body);
    g_free(body);
    g_assert_cmpint(back.type, ==, t);
    char *again = jq_net_message_to_line(&back);
    g_assert_cmpstr(line, ==, again);
    g_free(line);
    g_free(again);
  }
  JqNetMessage m = parse_ok("{\"type\":\"move\",\"move\":\"b0c2\",\"ply\":3}");
  g_assert_cmpstr(m.move, ==, "b0c2");
  g_assert_cmpint(m.ply, ==, 3);
  m = parse_ok("{\"type\":\"share\",\"share\":\"AP9qcQ==\",\"ply\":3}");
  g_assert_cmpuint(m.data_len, ==, 4);
  g_assert_cmpmem(m.data, 4, "\x00\xffjq", 4);
}

static void test_message_refusals(void) {
  parse_bad("not json", JQ_NET_ERROR_MALFORMED, "not JSON");
  parse_bad("[1,2]", JQ_NET_ERROR_MALFORMED, "not a JSON object");
  parse_bad("{\"move\":\"h2e2\"}", JQ_NET_ERROR_MALFORMED,
            "without a \"type\"");
  parse_bad("{\"type\":7}", JQ_NET_ERROR_MALFORMED, "\"type\" is a number");
  parse_bad("{\"type\":\"teleport\"}", JQ_NET_ERROR_MALFORMED,
            "unknown message type \"teleport\"");
  parse_bad("{\"type\":\"resign\",\"now\":true}", JQ_NET_ERROR_MALFORMED,
            "resign message with an unknown field \"now\"");
  parse_bad("{\"type\":\"move\",\"ply\":0}", JQ_NET_ERROR_MALFORMED,
            "move message without its \"move\" field");
  parse_bad("{\"type\":\"move\",\"move\":\"h2e2\",\"ply\":\"0\"}",
            JQ_NET_ERROR_MALFORMED, "\"ply\" is a string, not a whole number");
  parse_bad("{\"type\":\"move\",\"move\":\"h2e2\",\"ply\":1.5}",
            JQ_NET_ERROR_MALFORMED, "\"ply\" is a fraction");
  parse_bad("{\"type\":\"move\",\"move\":\"h2e2\",\"ply\":-1}",
            JQ_NET_ERROR_MALFORMED, "\"ply\" is -1, outside 0..10000");
  parse_bad("{\"type\":\"move\",\"move\":\"z2e2\",\"ply\":0}",
            JQ_NET_ERROR_MALFORMED, "not a move such as \"h2e2\"");
  parse_bad("{\"type\":\"move\",\"move\":\"h2e2Rn\",\"ply\":0}",
            JQ_NET_ERROR_MALFORMED, "not a move such as");
  parse_bad("{\"type\":\"params\",\"variant\":\"chess\",\"host_color\":"
            "\"red\",\"disclosure\":\"captor\",\"base_ms\":0,\"inc_ms\":0,"
            "\"movestogo\":0,\"movetime_ms\":0}",
            JQ_NET_ERROR_MALFORMED, "neither \"xiangqi\" nor \"jieqi\"");
  parse_bad("{\"type\":\"params\",\"variant\":\"jieqi\",\"host_color\":"
            "\"red\",\"disclosure\":\"everyone\",\"base_ms\":0,"
            "\"inc_ms\":0,\"movestogo\":0,\"movetime_ms\":0}",
            JQ_NET_ERROR_MALFORMED,
            "\"disclosure\" is none of \"captor\", \"nobody\", \"both\"");
  parse_bad("{\"type\":\"deal\",\"deal\":\"AP9q!Q==\"}", JQ_NET_ERROR_MALFORMED,
            "\"deal\" is not base64 of at most 1024");
  parse_bad("{\"type\":\"end\",\"end\":\"AP9\"}", JQ_NET_ERROR_MALFORMED,
            "\"end\" is not base64");
  parse_bad("{\"type\":\"share\",\"share\":\"\",\"ply\":0}",
            JQ_NET_ERROR_MALFORMED, "\"share\" is not base64");
  char *big = g_strdup_printf("{\"type\":\"deal\",\"deal\":\"%s\"}",
                              g_strnfill(1368, 'A'));
  parse_bad(big, JQ_NET_ERROR_MALFORMED, "\"deal\" holds 1026 bytes");
  g_free(big);
  parse_bad("{\"type\":\"chat\",\"text\":\"\"}", JQ_NET_ERROR_MALFORMED,
            "\"text\" is empty");
  parse_bad("{\"type\":\"chat\",\"text\":\"a\\u001b[2Jb\"}",
            JQ_NET_ERROR_MALFORMED, "a character it may not hold");
  parse_bad("{\"type\":\"hello\",\"version\":2,\"program\":\"p\",\"name\":"
            "\"n\",\"code\":\"two words\"}",
            JQ_NET_ERROR_MALFORMED, "\"code\" holds a character");
  parse_bad("{\"type\":\"hello\",\"version\":3,\"program\":\"p\",\"name\":"
            "\"n\",\"code\":\"\",\"extra\":1}",
            JQ_NET_ERROR_VERSION,
            "the peer speaks protocol version 3, this program speaks 2");
  parse_bad("{\"type\":\"hello\",\"version\":1,\"program\":\"p\",\"name\":"
            "\"n\",\"code\":\"\"}",
            JQ_NET_ERROR_VERSION,
            "the peer speaks protocol version 1, this program speaks 2");
  char *digest = g_strnfill(86, 'A'); /* 64 bytes, then "==" */
  char *resume = g_strdup_printf(
      "{\"type\":\"resume\",\"ply\":3,\"digest\":\"%s==\",\"shares\":3}",
      digest);
  parse_bad(resume, JQ_NET_ERROR_MALFORMED, "\"shares\" is 3, outside -1..2");
  g_free(resume);
  g_free(digest);
  char *long_text = g_strnfill(JQ_NET_CHAT_MAX + 1, 'a');
  char *chat =
      g_strdup_printf("{\"type\":\"chat\",\"text\":\"%s\"}", long_text);
  parse_bad(chat, JQ_NET_ERROR_MALFORMED, "501 bytes long, more than the 500");
  g_free(chat);
  g_free(long_text);
  parse_bad("{\"type\":\"chat\",\"text\":\"\xff\"}", JQ_NET_ERROR_MALFORMED,
            "not UTF-8");
}

/* ---- The framing's limits */

typedef struct {
  int lines;
  GError *error;
  gboolean ended;
} StreamResult;

static void count_line(JqNetStream *stream, const char *line, gsize length,
                       gpointer data) {
  ((StreamResult *)data)->lines++;
}

static void stream_ended(JqNetStream *stream, const GError *error,
                         gpointer data) {
  StreamResult *r = data;
  r->error = g_error_copy(error);
  r->ended = TRUE;
}

typedef struct {
  GIOStream *io;
  guint64 sent;
} Flood;

/* Sends 100 MB without a line end, until the other side hangs up. */
static gpointer flood_thread(gpointer data) {
  Flood *f = data;
  char *block = g_malloc(65536);
  memset(block, 'x', 65536);
  GOutputStream *out = g_io_stream_get_output_stream(f->io);
  while (f->sent < 100u * 1024 * 1024) {
    gsize n = 0;
    if (!g_output_stream_write_all(out, block, 65536, &n, NULL, NULL))
      break;
    f->sent += n;
  }
  g_free(block);
  return NULL;
}

static void test_stream_size_limit(void) {
  GIOStream *a, *b;
  jq_test_net_connect_pair(&a, &b);
  JqNetStream *s = jq_net_stream_new(a);
  StreamResult r = {0};
  jq_net_stream_start(s, count_line, stream_ended, &r);
  Flood f = {b, 0};
  GThread *t = g_thread_new("flood", flood_thread, &f);
  jq_test_net_run_until(&r.ended);
  g_assert_error(r.error, JQ_NET_ERROR, JQ_NET_ERROR_TOO_LONG);
  g_assert_cmpstr(r.error->message, ==, "a message longer than 65536 bytes");
  /* Refused after at most the limit and one read beyond it. */
  g_assert_cmpuint(jq_net_stream_bytes_read(s), <=, 65536 + 4096);
  jq_net_stream_close(s);
  /* The flood stops when the connection closes, long before 100 MB. */
  gboolean closed = FALSE;
  while (!closed) {
    g_main_context_iteration(NULL, FALSE);
    closed = g_io_stream_is_closed(a);
  }
  g_io_stream_close(b, NULL, NULL);
  g_thread_join(t);
  g_assert_cmpuint(f.sent, <, 100u * 1024 * 1024);
  g_assert_cmpint(r.lines, ==, 0);
  g_error_free(r.error);
  g_object_unref(s);
  g_object_unref(a);
  g_object_unref(b);
}

static void test_stream_rate_limit(void) {
  GIOStream *a, *b;
  jq_test_net_connect_pair(&a, &b);
  JqNetStream *s = jq_net_stream_new(a);
  jq_net_stream_set_limits(s, 1000, 20, 5);
  StreamResult r = {0};
  jq_net_stream_start(s, count_line, stream_ended, &r);
  GString *flood = g_string_new(NULL);
  for (int i = 0; i < 100; i++)
    g_string_append(flood, "{\"type\":\"ping\",\"id\":1}\n");
  jq_test_net_send(b, flood->str);
  g_string_free(flood, TRUE);
  jq_test_net_run_until(&r.ended);
  g_assert_error(r.error, JQ_NET_ERROR, JQ_NET_ERROR_RATE);
  /* The burst, and none after. */
  g_assert_cmpint(r.lines, >=, 20);
  g_assert_cmpint(r.lines, <, 30);
  g_error_free(r.error);
  g_object_unref(s);
  g_object_unref(a);
  g_object_unref(b);
}

/* ---- Two sessions */

typedef struct {
  JqNetSession *s;
  GRand *rand;
  gboolean over, lost, started;
  int peer_moves, chats, taken_back;
  int moves_made; /* plies in this side's game, as last seen */
  gboolean auto_play;
  int stop_after; /* plies after which auto play stops (0: never) */
  gboolean accept_draw, accept_takeback;
  GError *error;
  guint idle; /* the pending play_random */
} Side;

static gboolean play_random(gpointer data) {
  Side *side = data;
  side->idle = 0;
  const JqGame *game = jq_net_session_game(side->s);
  if (!side->auto_play ||
      jq_net_session_state(side->s) != JQ_NET_STATE_PLAYING ||
      jq_game_side_to_move(game) != jq_net_session_color(side->s))
    return G_SOURCE_REMOVE;
  if (side->stop_after && jq_game_move_count(game) >= side->stop_after)
    return G_SOURCE_REMOVE;
  JqMoveList list;
  jq_game_legal_moves(game, &list);
  g_assert_cmpint(list.count, >, 0);
  JqMove m = list.moves[g_rand_int_range(side->rand, 0, list.count)];
  GError *error = NULL;
  g_assert_true(jq_net_session_move(side->s, m, &error));
  g_assert_no_error(error);
  side->moves_made = jq_game_move_count(game);
  return G_SOURCE_REMOVE;
}

static void schedule(Side *side) {
  if (side->auto_play && !side->idle)
    side->idle = g_idle_add(play_random, side);
}

static void on_started(JqNetSession *s, Side *side) {
  side->started = TRUE;
  schedule(side);
}

static void on_peer_move(JqNetSession *s, guint move, Side *side) {
  side->peer_moves++;
  side->moves_made = jq_game_move_count(jq_net_session_game(s));
  schedule(side);
}

static void on_game_over(JqNetSession *s, Side *side) { side->over = TRUE; }

static void on_lost(JqNetSession *s, const GError *error, Side *side) {
  side->lost = TRUE;
  g_clear_error(&side->error);
  side->error = g_error_copy(error);
}

static void on_chat(JqNetSession *s, const char *text, Side *side) {
  g_assert_cmpstr(text, ==, "好棋! good move");
  side->chats++;
}

static void on_draw_offered(JqNetSession *s, Side *side) {
  g_assert_true(jq_net_session_answer_draw(s, side->accept_draw, NULL));
}

static void on_takeback_requested(JqNetSession *s, Side *side) {
  g_assert_true(jq_net_session_answer_takeback(s, side->accept_takeback, NULL));
}

static void on_taken_back(JqNetSession *s, int plies, Side *side) {
  side->taken_back += plies;
}

static void side_init(Side *side, JqNetSession *s, guint32 seed) {
  memset(side, 0, sizeof *side);
  side->s = s;
  side->rand = g_rand_new_with_seed(seed);
  g_signal_connect(s, "started", G_CALLBACK(on_started), side);
  g_signal_connect(s, "peer-move", G_CALLBACK(on_peer_move), side);
  g_signal_connect(s, "game-over", G_CALLBACK(on_game_over), side);
  g_signal_connect(s, "connection-lost", G_CALLBACK(on_lost), side);
  g_signal_connect(s, "peer-chat", G_CALLBACK(on_chat), side);
  g_signal_connect(s, "draw-offered", G_CALLBACK(on_draw_offered), side);
  g_signal_connect(s, "takeback-requested", G_CALLBACK(on_takeback_requested),
                   side);
  g_signal_connect(s, "taken-back", G_CALLBACK(on_taken_back), side);
}

static void side_clear(Side *side) {
  g_clear_handle_id(&side->idle, g_source_remove);
  g_rand_free(side->rand);
  g_clear_error(&side->error);
  g_object_unref(side->s);
}

static void connect_sides(Side *host, Side *join, const JqNetParams *params,
                          const char *code, guint32 seed) {
  GError *error = NULL;
  JqNetSession *h =
      jq_net_session_new_host(params, "Host 主", "sesame-1", &error);
  g_assert_no_error(error);
  JqNetSession *j = jq_net_session_new_join("Joiner", code, &error);
  g_assert_no_error(error);
  side_init(host, h, seed);
  side_init(join, j, seed + 1);
  GIOStream *a, *b;
  jq_test_net_connect_pair(&a, &b);
  jq_net_session_start(h, a);
  jq_net_session_start(j, b);
  g_object_unref(a);
  g_object_unref(b);
}

static gboolean both_started(Side *a, Side *b) {
  return a->started && b->started;
}

static void wait_started(Side *host, Side *join) {
  gboolean done = FALSE;
  while (!done) {
    jq_test_net_run_until(&host->started);
    jq_test_net_run_until(&join->started);
    done = both_started(host, join);
  }
  g_assert_cmpstr(jq_net_session_peer_name(join->s), ==, "Host 主");
  g_assert_cmpstr(jq_net_session_peer_name(host->s), ==, "Joiner");
}

static void assert_same_games(Side *a, Side *b) {
  const JqGame *ga = jq_net_session_game(a->s), *gb = jq_net_session_game(b->s);
  g_assert_cmpint(jq_game_move_count(ga), ==, jq_game_move_count(gb));
  for (int i = 0; i < jq_game_move_count(ga); i++)
    g_assert_cmpuint(jq_game_move_at(ga, i).move, ==,
                     jq_game_move_at(gb, i).move);
  JqResult ra = jq_game_result(ga), rb = jq_game_result(gb);
  g_assert_cmpint(ra.outcome, ==, rb.outcome);
  g_assert_cmpint(ra.reason, ==, rb.reason);
}

static void test_whole_games(void) {
  /* Both colour assignments, random players to the game's end. */
  for (int g = 0; g < 4; g++) {
    Side host, join;
    connect_sides(&host, &join, g % 2 ? &xiangqi_black : &xiangqi_red,
                  "sesame-1", 100 + (guint32)g);
    host.auto_play = join.auto_play = TRUE;
    wait_started(&host, &join);
    g_assert_cmpint(jq_net_session_color(host.s), ==,
                    g % 2 ? JQ_BLACK : JQ_RED);
    g_assert_cmpint(jq_net_session_color(join.s), ==,
                    g % 2 ? JQ_RED : JQ_BLACK);
    /* Red's first move starts the game in started's idle. */
    jq_test_net_run_until(&host.over);
    jq_test_net_run_until(&join.over);
    g_assert_false(host.lost);
    g_assert_false(join.lost);
    g_assert_cmpint(jq_net_session_state(host.s), ==, JQ_NET_STATE_OVER);
    g_assert_cmpint(jq_net_session_state(join.s), ==, JQ_NET_STATE_OVER);
    assert_same_games(&host, &join);
    const JqGame *game = jq_net_session_game(host.s);
    g_assert_cmpint(jq_game_result(game).outcome, !=, JQ_OUTCOME_NONE);
    g_assert_cmpint(jq_game_move_count(game), >, 10);
    side_clear(&host);
    side_clear(&join);
  }
}

/* Plays `plies` random plies, then stops with both sides idle. */
static void play_plies(Side *host, Side *join, int plies) {
  host->auto_play = join->auto_play = TRUE;
  host->stop_after = join->stop_after = plies;
  wait_started(host, join);
  jq_test_net_run_until_count(&host->moves_made, plies);
  jq_test_net_run_until_count(&join->moves_made, plies);
  host->auto_play = join->auto_play = FALSE;
}

static void test_resign_and_chat(void) {
  Side host, join;
  connect_sides(&host, &join, &xiangqi_red, "sesame-1", 7);
  play_plies(&host, &join, 4);
  GError *error = NULL;
  g_assert_true(jq_net_session_chat(join.s, "好棋! good move", &error));
  g_assert_false(jq_net_session_chat(join.s, "bad\x01", &error));
  g_assert_error(error, JQ_NET_ERROR, JQ_NET_ERROR_LOCAL);
  g_clear_error(&error);
  jq_test_net_run_until_count(&host.chats, 1);
  /* Black resigns although it is Red's turn: resigning needs no turn. */
  g_assert_true(jq_net_session_resign(join.s, &error));
  jq_test_net_run_until(&host.over);
  g_assert_true(join.over);
  assert_same_games(&host, &join);
  JqResult r = jq_game_result(jq_net_session_game(host.s));
  g_assert_cmpint(r.outcome, ==, JQ_OUTCOME_RED_WINS);
  g_assert_cmpint(r.reason, ==, JQ_REASON_RESIGNATION);
  g_assert_cmpint(jq_game_move_count(jq_net_session_game(host.s)), ==, 4);
  g_assert_false(host.lost);
  side_clear(&host);
  side_clear(&join);
}

static void test_draw_by_agreement(void) {
  Side host, join;
  connect_sides(&host, &join, &xiangqi_red, "sesame-1", 8);
  play_plies(&host, &join, 3);
  /* Declined first, then accepted. */
  gboolean declined = FALSE;
  g_signal_connect_swapped(host.s, "draw-declined", G_CALLBACK(set_flag),
                           &declined);
  join.accept_draw = FALSE;
  GError *error = NULL;
  g_assert_true(jq_net_session_offer_draw(host.s, &error));
  g_assert_false(jq_net_session_offer_draw(host.s, &error));
  g_assert_error(error, JQ_NET_ERROR, JQ_NET_ERROR_LOCAL);
  g_clear_error(&error);
  jq_test_net_run_until(&declined);
  g_assert_false(host.over);
  join.accept_draw = TRUE;
  g_assert_true(jq_net_session_offer_draw(host.s, &error));
  jq_test_net_run_until(&host.over);
  g_assert_true(join.over);
  assert_same_games(&host, &join);
  JqResult r = jq_game_result(jq_net_session_game(join.s));
  g_assert_cmpint(r.outcome, ==, JQ_OUTCOME_DRAW);
  g_assert_cmpint(r.reason, ==, JQ_REASON_AGREEMENT);
  side_clear(&host);
  side_clear(&join);
}

static void test_takeback(void) {
  Side host, join;
  connect_sides(&host, &join, &xiangqi_red, "sesame-1", 9);
  play_plies(&host, &join, 4);
  GError *error = NULL;
  /* Red to move after four plies: its last move and Black's reply go. */
  join.accept_takeback = TRUE;
  g_assert_true(jq_net_session_request_takeback(host.s, &error));
  jq_test_net_run_until_count(&host.taken_back, 2);
  jq_test_net_run_until_count(&join.taken_back, 2);
  g_assert_cmpint(host.taken_back, ==, 2);
  g_assert_cmpint(join.taken_back, ==, 2);
  assert_same_games(&host, &join);
  g_assert_cmpint(jq_game_move_count(jq_net_session_game(host.s)), ==, 2);
  /* Black asks with Red to move: only its own last move goes. */
  host.accept_takeback = TRUE;
  g_assert_true(jq_net_session_request_takeback(join.s, &error));
  jq_test_net_run_until_count(&host.taken_back, 3);
  jq_test_net_run_until_count(&join.taken_back, 3);
  g_assert_cmpint(join.taken_back, ==, 3);
  assert_same_games(&host, &join);
  g_assert_cmpint(jq_game_move_count(jq_net_session_game(host.s)), ==, 1);
  /* At ply 1 Black has no move of its own to take back. */
  g_assert_false(jq_net_session_request_takeback(join.s, &error));
  g_assert_error(error, JQ_NET_ERROR, JQ_NET_ERROR_LOCAL);
  g_clear_error(&error);
  /* A declined request changes nothing. */
  join.accept_takeback = FALSE;
  gboolean declined = FALSE;
  g_signal_connect_swapped(host.s, "takeback-declined", G_CALLBACK(set_flag),
                           &declined);
  g_assert_true(jq_net_session_request_takeback(host.s, &error));
  jq_test_net_run_until(&declined);
  g_assert_cmpint(jq_game_move_count(jq_net_session_game(host.s)), ==, 1);
  g_assert_cmpint(jq_game_move_count(jq_net_session_game(join.s)), ==, 1);
  /* The game goes on after take-backs: both can still play it out. */
  host.stop_after = join.stop_after = 0;
  host.auto_play = join.auto_play = TRUE;
  schedule(&join);
  jq_test_net_run_until(&host.over);
  jq_test_net_run_until(&join.over);
  assert_same_games(&host, &join);
  side_clear(&host);
  side_clear(&join);
}

/* ---- A peer that cheats or talks nonsense */

#define HELLO(code)                                                         \
  "{\"type\":\"hello\",\"version\":2,\"program\":\"raw\",\"name\":\"Raw\"," \
  "\"code\":\"" code "\"}\n"

typedef struct {
  const char *what;
  const char *send; /* after which the raw peer waits */
  gboolean flood;   /* then 100 MB without a line end */
  guint timeout_ms;
  int code;
  const char *says;
  int moves_kept; /* -1: no game */
} Cheat;

/* The error's arguments say what its English message says. */
static void assert_args(const GError *error) {
  const JqNetErrorArgs *args = jq_net_error_args(error);
  g_assert_nonnull(args);
  char *want = NULL;
  switch (error->code) {
  case JQ_NET_ERROR_VERSION:
    want = g_strdup_printf("version %d, this program speaks %d",
                           (int)args->n[0], (int)args->n[1]);
    break;
  case JQ_NET_ERROR_OUT_OF_TURN:
  case JQ_NET_ERROR_ILLEGAL:
    g_assert_nonnull(args->text);
    want = g_strdup_printf("the peer played %s", args->text);
    break;
  case JQ_NET_ERROR_TIMEOUT:
    want = g_strdup_printf("for %d s", (int)args->n[0]);
    break;
  default: return;
  }
  if (!strstr(error->message, want))
    g_error("'%s' does not say '%s'", error->message, want);
  g_free(want);
}

static void run_cheat(const Cheat *c) {
  GError *error = NULL;
  /* The honest host plays Black, so the raw peer (Red) moves first. */
  JqNetSession *h =
      jq_net_session_new_host(&xiangqi_black, "Honest", "sesame-1", &error);
  g_assert_no_error(error);
  Side host;
  side_init(&host, h, 1);
  if (c->timeout_ms)
    jq_net_session_set_timeout(h, c->timeout_ms);
  GIOStream *a, *b;
  jq_test_net_connect_pair(&a, &b);
  jq_net_session_start(h, a);
  JqTestNetReader *reader = c->flood ? NULL : jq_test_net_reader_start(b, NULL);
  if (c->send[0])
    jq_test_net_send(b, c->send);
  Flood f = {b, 0};
  GThread *t = c->flood ? g_thread_new("flood", flood_thread, &f) : NULL;
  jq_test_net_run_until(&host.lost);
  g_test_message("%s: %s", c->what, host.error->message);
  g_assert_error(host.error, JQ_NET_ERROR, c->code);
  if (!strstr(host.error->message, c->says))
    g_error("%s: '%s' does not say '%s'", c->what, host.error->message,
            c->says);
  g_assert_true(jq_net_session_error(h) != NULL);
  assert_args(host.error);
  if (c->moves_kept < 0) {
    g_assert_cmpint(jq_net_session_state(h), ==, JQ_NET_STATE_FAILED);
    g_assert_null(jq_net_session_game(h));
  } else {
    /* The game so far is kept, unfinished. */
    g_assert_cmpint(jq_net_session_state(h), ==, JQ_NET_STATE_PAUSED);
    const JqGame *game = jq_net_session_game(h);
    g_assert_nonnull(game);
    g_assert_cmpint(jq_game_move_count(game), ==, c->moves_kept);
    g_assert_false(jq_game_is_over(game));
  }
  if (reader) {
    /* The peer is told why, in a bye, and the connection ends. */
    jq_test_net_run_until(&reader->eof);
    char *want = g_strescape(c->says, NULL);
    if (!strstr(reader->text->str, "{\"type\":\"bye\",\"reason\":") ||
        !strstr(reader->text->str, want))
      g_error("%s: the peer got '%s'", c->what, reader->text->str);
    g_free(want);
    jq_test_net_reader_free(reader);
  }
  if (t) {
    while (!g_io_stream_is_closed(a))
      g_main_context_iteration(NULL, FALSE);
    g_io_stream_close(b, NULL, NULL);
    g_thread_join(t);
    g_assert_cmpuint(f.sent, <, 100u * 1024 * 1024);
  }
  g_object_unref(a);
  g_object_unref(b);
  side_clear(&host);
}

static const Cheat cheats[] = {
    {"garbage",
     HELLO("sesame-1") "{\"type\":\"move\",\"move\":\"h2e2\","
                       "\"ply\":0}\nthis is not json\n",
     FALSE, 0, JQ_NET_ERROR_MALFORMED, "not JSON", 1},
    {"oversized",
     HELLO("sesame-1") "{\"type\":\"move\",\"move\":\"h2e2\","
                       "\"ply\":0}\n",
     TRUE, 0, JQ_NET_ERROR_TOO_LONG, "longer than 65536 bytes", 1},
    {"out of turn",
     HELLO("sesame-1") "{\"type\":\"move\",\"move\":\"h2e2\",\"ply\":0}\n"
                       "{\"type\":\"move\",\"move\":\"b0c2\",\"ply\":1}\n",
     FALSE, 0, JQ_NET_ERROR_OUT_OF_TURN,
     "the peer played b0c2 when it was not its turn", 1},
    {"illegal",
     HELLO("sesame-1") "{\"type\":\"move\",\"move\":\"a0a5\","
                       "\"ply\":0}\n",
     FALSE, 0, JQ_NET_ERROR_ILLEGAL, "the peer played a0a5, an illegal move",
     0},
    {"wrong ply",
     HELLO("sesame-1") "{\"type\":\"move\",\"move\":\"h2e2\","
                       "\"ply\":4}\n",
     FALSE, 0, JQ_NET_ERROR_ORDER, "as ply 4, at ply 0", 0},
    {"hello again",
     HELLO("sesame-1") "{\"type\":\"move\",\"move\":\"h2e2\",\"ply\":0}"
                       "\n" HELLO("sesame-1"),
     FALSE, 0, JQ_NET_ERROR_ORDER, "a hello message during the game", 1},
    {"move before hello", "{\"type\":\"move\",\"move\":\"h2e2\",\"ply\":0}\n",
     FALSE, 0, JQ_NET_ERROR_ORDER, "a move message before the hello", -1},
    {"wrong code", HELLO("sesame-2"), FALSE, 0, JQ_NET_ERROR_CODE,
     "the wrong game code", -1},
    {"no code", HELLO(""), FALSE, 0, JQ_NET_ERROR_CODE, "the wrong game code",
     -1},
    {"older version",
     "{\"type\":\"hello\",\"version\":1,\"program\":\"raw\",\"name\":\"Raw\","
     "\"code\":\"sesame-1\"}\n",
     FALSE, 0, JQ_NET_ERROR_VERSION,
     "the peer speaks protocol version 1, this program speaks 2", -1},
    {"newer version",
     "{\"type\":\"hello\",\"version\":3,\"program\":\"raw\",\"name\":\"Raw\","
     "\"code\":\"sesame-1\",\"extra\":true}\n",
     FALSE, 0, JQ_NET_ERROR_VERSION,
     "the peer speaks protocol version 3, this program speaks 2", -1},
    {"nothing at all", "", FALSE, 300, JQ_NET_ERROR_TIMEOUT,
     "nothing from the peer for 1 s", -1},
    {"silent after a move",
     HELLO("sesame-1") "{\"type\":\"move\",\"move\":\"h2e2\",\"ply\":0}\n",
     FALSE, 300, JQ_NET_ERROR_TIMEOUT, "nothing from the peer", 1},
    {"accept nothing asked",
     HELLO("sesame-1") "{\"type\":\"draw_accept\",\"ply\":0}\n", FALSE, 0,
     JQ_NET_ERROR_ORDER, "a draw_accept message for ply 0 with nothing asked",
     0},
};

static void test_cheats(void) {
  for (gsize i = 0; i < G_N_ELEMENTS(cheats); i++)
    run_cheat(&cheats[i]);
}

static void test_flood_of_messages(void) {
  GError *error = NULL;
  JqNetSession *h =
      jq_net_session_new_host(&xiangqi_black, "Honest", "sesame-1", &error);
  Side host;
  side_init(&host, h, 1);
  GIOStream *a, *b;
  jq_test_net_connect_pair(&a, &b);
  jq_net_session_start(h, a);
  GString *flood = g_string_new(HELLO("sesame-1"));
  for (int i = 0; i < 2000; i++)
    g_string_append(flood, "{\"type\":\"ping\",\"id\":1}\n");
  jq_test_net_send(b, flood->str);
  g_string_free(flood, TRUE);
  jq_test_net_run_until(&host.lost);
  g_assert_error(host.error, JQ_NET_ERROR, JQ_NET_ERROR_RATE);
  g_assert_cmpint(jq_net_session_state(h), ==, JQ_NET_STATE_PAUSED);
  g_object_unref(a);
  g_object_unref(b);
  side_clear(&host);
}

/* The joiner refuses a host that is not what it says (jieqi's deal
 * messages: test-net-jieqi.c). */
static void test_join_refusals(void) {
  struct {
    const char *send;
    int code;
    const char *says;
  } cases[] = {
      {HELLO("") "{\"type\":\"move\",\"move\":\"h2e2\",\"ply\":0}\n",
       JQ_NET_ERROR_ORDER, "a move message before the game parameters"},
      {HELLO("") "{\"type\":\"bye\",\"reason\":\"busy\"}\n",
       JQ_NET_ERROR_CLOSED, "the peer left: busy"},
      /* A host of another version: the joiner says so too. */
      {"{\"type\":\"hello\",\"version\":1,\"program\":\"old\",\"name\":"
       "\"Old\",\"code\":\"\"}\n",
       JQ_NET_ERROR_VERSION,
       "the peer speaks protocol version 1, this program speaks 2"},
  };
  for (gsize i = 0; i < G_N_ELEMENTS(cases); i++) {
    GError *error = NULL;
    JqNetSession *j = jq_net_session_new_join("Joiner", "sesame-1", &error);
    g_assert_no_error(error);
    Side join;
    side_init(&join, j, 1);
    GIOStream *a, *b;
    jq_test_net_connect_pair(&a, &b);
    JqTestNetReader *r = jq_test_net_reader_start(a, NULL);
    jq_net_session_start(j, b);
    jq_test_net_send(a, cases[i].send);
    jq_test_net_run_until(&join.lost);
    g_assert_error(join.error, JQ_NET_ERROR, cases[i].code);
    g_assert_cmpstr(join.error->message, ==, cases[i].says);
    g_assert_cmpint(jq_net_session_state(j), ==, JQ_NET_STATE_FAILED);
    /* The peer got our hello, with our version, then the reason. */
    jq_test_net_run_until(&r->eof);
    g_assert_true(g_str_has_prefix(r->text->str, "{\"type\":\"hello\","
                                                 "\"version\":2,"));
    g_assert_nonnull(strstr(r->text->str, cases[i].says));
    jq_test_net_reader_free(r);
    g_object_unref(a);
    g_object_unref(b);
    side_clear(&join);
  }
  /* And names and codes a hello could not carry are refused. */
  GError *error = NULL;
  g_assert_null(jq_net_session_new_join("bad\nname", "c", &error));
  g_assert_error(error, JQ_NET_ERROR, JQ_NET_ERROR_LOCAL);
  g_clear_error(&error);
  g_assert_null(jq_net_session_new_join("n", "two words", &error));
  g_assert_error(error, JQ_NET_ERROR, JQ_NET_ERROR_LOCAL);
  g_clear_error(&error);
}

static void test_takeback_plies(void) {
  g_assert_cmpint(jq_net_takeback_plies(0, JQ_RED), ==, 0);
  g_assert_cmpint(jq_net_takeback_plies(1, JQ_RED), ==, 1);
  g_assert_cmpint(jq_net_takeback_plies(2, JQ_RED), ==, 2);
  g_assert_cmpint(jq_net_takeback_plies(1, JQ_BLACK), ==, 0);
  g_assert_cmpint(jq_net_takeback_plies(2, JQ_BLACK), ==, 1);
  g_assert_cmpint(jq_net_takeback_plies(3, JQ_BLACK), ==, 2);
}

static void test_host_port(void) {
  char *host = NULL;
  guint16 port = 0;
  g_assert_true(jq_net_parse_host_port("127.0.0.1:5000", &host, &port, NULL));
  g_assert_cmpstr(host, ==, "127.0.0.1");
  g_assert_cmpuint(port, ==, 5000);
  g_free(host);
  g_assert_true(jq_net_parse_host_port("[::1]:80", &host, &port, NULL));
  g_assert_cmpstr(host, ==, "::1");
  g_free(host);
  GError *error = NULL;
  g_assert_false(jq_net_parse_host_port("localhost", &host, &port, &error));
  g_assert_error(error, JQ_NET_ERROR, JQ_NET_ERROR_LOCAL);
  g_clear_error(&error);
  g_assert_false(jq_net_parse_host_port("h:70000", &host, &port, &error));
  g_clear_error(&error);
  g_assert_null(jq_net_listen("localhost", 0, NULL, &error));
  g_assert_error(error, JQ_NET_ERROR, JQ_NET_ERROR_LOCAL);
  g_clear_error(&error);
  char **addresses = jq_net_local_addresses();
  for (char **a = addresses; *a; a++)
    g_assert_cmpstr(*a, !=, "127.0.0.1");
  g_strfreev(addresses);
}

/* ---- The clock over the network */

static JqNetParams clocked(JqColor host, int64_t base_ms) {
  JqNetParams p = {JQ_VARIANT_XIANGQI, host, base_ms, 0, 0, 0,
                   JQ_DISCLOSE_CAPTOR};
  return p;
}

static void assert_lost_on_time(JqNetSession *s, JqColor loser) {
  const JqGame *game = jq_net_session_game(s);
  g_assert_true(jq_game_is_over(game));
  JqResult r = jq_game_result(game);
  g_assert_cmpint(r.outcome, ==,
                  loser == JQ_RED ? JQ_OUTCOME_BLACK_WINS
                                  : JQ_OUTCOME_RED_WINS);
  g_assert_cmpint(r.reason, ==, JQ_REASON_TIME);
  g_assert_cmpint(jq_net_session_clock_ms(s, loser), ==, 0);
}

/* Two honest sides with a 1.5 s clock: Black never answers Red's move,
 * its flag falls and both games end 1-0 on time at the same ply. */
static void test_clock_flag(void) {
  JqNetParams params = clocked(JQ_RED, 1500);
  Side host, join;
  connect_sides(&host, &join, &params, "sesame-1", 77);
  wait_started(&host, &join);
  g_assert_cmpint(jq_net_session_clock_ms(host.s, JQ_BLACK), ==, 1500);
  GError *error = NULL;
  g_assert_true(jq_net_session_move(
      host.s, jq_move_make(jq_square_parse("h2"), jq_square_parse("e2")),
      &error));
  g_assert_no_error(error);
  jq_test_net_run_until(&join.over);
  jq_test_net_run_until(&host.over);
  assert_lost_on_time(host.s, JQ_BLACK);
  assert_lost_on_time(join.s, JQ_BLACK);
  assert_same_games(&host, &join);
  g_assert_cmpint(jq_game_move_count(jq_net_session_game(host.s)), ==, 1);
  /* Red's clock stopped when it moved, with time left. */
  g_assert_cmpint(jq_net_session_clock_ms(host.s, JQ_RED), >, 0);
  g_assert_false(host.lost || join.lost);
  side_clear(&host);
  side_clear(&join);
}

/* An honest host and a raw peer; `params` for the host. */
static void start_raw(const JqNetParams *params, Side *host, GIOStream **a,
                      GIOStream **b, JqTestNetReader **reader) {
  GError *error = NULL;
  JqNetSession *h = jq_net_session_new_host(params, "Honest", "c0de", &error);
  g_assert_no_error(error);
  side_init(host, h, 1);
  jq_test_net_connect_pair(a, b);
  jq_net_session_start(h, *a);
  *reader = jq_test_net_reader_start(*b, NULL);
  jq_test_net_send(*b, HELLO("c0de"));
  jq_test_net_run_until(&host->started);
}

static void end_raw_stream(GIOStream *a, GIOStream *b, JqTestNetReader *r) {
  g_io_stream_close(b, NULL, NULL);
  while (!r->eof)
    g_main_context_iteration(NULL, TRUE);
  jq_test_net_reader_free(r);
  g_object_unref(a);
  g_object_unref(b);
}

static void end_raw(Side *host, GIOStream *a, GIOStream *b,
                    JqTestNetReader *r) {
  end_raw_stream(a, b, r);
  side_clear(host);
}

/* A peer that lets its flag fall and says nothing: the host claims the
 * game once the tolerance is over, and tells the peer with a flag. */
static void test_clock_claim(void) {
  JqNetParams params = clocked(JQ_BLACK, 300);
  Side host;
  GIOStream *a, *b;
  JqTestNetReader *r;
  start_raw(&params, &host, &a, &b, &r);
  jq_net_session_set_flag_tolerance(host.s, 200);
  jq_test_net_run_until(&host.over);
  assert_lost_on_time(host.s, JQ_RED);
  g_assert_false(host.lost);
  jq_test_net_run_until(&r->eof);
  g_assert_nonnull(strstr(r->text->str, "{\"type\":\"flag\",\"ply\":0}\n"));
  end_raw(&host, a, b, r);
}

/* The peer claims our flag fell: believed with our clock nearly out (a
 * 1.5 s game, the default 2 s tolerance), even when the claim crossed our
 * move on the wire (the move goes: the peer never played it); refused as
 * a false claim with a minute left, the game kept. */
static void test_clock_peer_claims(void) {
  for (int round = 0; round < 3; round++) {
    JqNetParams params = clocked(JQ_RED, round == 2 ? 60000 : 1500);
    Side host;
    GIOStream *a, *b;
    JqTestNetReader *r;
    start_raw(&params, &host, &a, &b, &r);
    if (round == 1) {
      GError *error = NULL;
      g_assert_true(jq_net_session_move(
          host.s, jq_move_make(jq_square_parse("h2"), jq_square_parse("e2")),
          &error));
      g_assert_no_error(error);
    }
    jq_test_net_send(b, "{\"type\":\"flag\",\"ply\":0}\n");
    if (round < 2) {
      jq_test_net_run_until(&host.over);
      assert_lost_on_time(host.s, JQ_RED);
      g_assert_cmpint(jq_game_move_count(jq_net_session_game(host.s)), ==, 0);
      g_assert_cmpint(host.taken_back, ==, round == 1 ? 1 : 0);
    } else {
      jq_test_net_run_until(&host.lost);
      g_test_message("false claim: %s", host.error->message);
      g_assert_error(host.error, JQ_NET_ERROR, JQ_NET_ERROR_ILLEGAL);
      g_assert_nonnull(strstr(host.error->message,
                              "the peer claimed a win on time at ply 0, but "
                              "our clock had"));
      g_assert_cmpint(jq_net_session_state(host.s), ==, JQ_NET_STATE_PAUSED);
      g_assert_false(jq_game_is_over(jq_net_session_game(host.s)));
    }
    end_raw(&host, a, b, r);
  }
}

/* Without a clock there is no flag to claim. */
static void test_clock_none(void) {
  Side host;
  GIOStream *a, *b;
  JqTestNetReader *r;
  start_raw(&xiangqi_red, &host, &a, &b, &r);
  g_assert_cmpint(jq_net_session_clock_ms(host.s, JQ_RED), ==, -1);
  jq_test_net_send(b, "{\"type\":\"flag\",\"ply\":0}\n");
  jq_test_net_run_until(&host.lost);
  g_assert_error(host.error, JQ_NET_ERROR, JQ_NET_ERROR_ORDER);
  g_assert_cmpstr(host.error->message, ==,
                  "a flag message in a game without a clock");
  end_raw(&host, a, b, r);
}

/* ---- A dropped connection, resumed */

static void on_resumed(JqNetSession *s, int *count) { (*count)++; }

/* Two sides on a connection of their own, `seed` for their moves; the
 * host's end of the connection in *host_io (to cut it). */
static void pair_on_line(Side *host, Side *join, int *resumed, guint32 seed,
                         GIOStream **host_io) {
  GError *error = NULL;
  JqNetSession *h =
      jq_net_session_new_host(&xiangqi_red, "Host 主", "sesame-1", &error);
  g_assert_no_error(error);
  JqNetSession *j = jq_net_session_new_join("Joiner", "sesame-1", &error);
  g_assert_no_error(error);
  side_init(host, h, seed);
  side_init(join, j, seed + 1);
  g_signal_connect(h, "resumed", G_CALLBACK(on_resumed), resumed);
  g_signal_connect(j, "resumed", G_CALLBACK(on_resumed), resumed);
  GIOStream *b;
  jq_test_net_connect_pair(host_io, &b);
  jq_net_session_start(h, *host_io);
  jq_net_session_start(j, b);
  g_object_unref(b);
}

/* The line goes dead under both sides: both keep the game, paused. */
static void cut(Side *host, Side *join, GIOStream *host_io, int plies) {
  GSocket *socket =
      g_socket_connection_get_socket(G_SOCKET_CONNECTION(host_io));
  g_assert_true(g_socket_shutdown(socket, TRUE, TRUE, NULL));
  jq_test_net_run_until(&host->lost);
  jq_test_net_run_until(&join->lost);
  for (int k = 0; k < 2; k++) {
    JqNetSession *s = k ? join->s : host->s;
    g_assert_cmpint(jq_net_session_state(s), ==, JQ_NET_STATE_PAUSED);
    g_assert_cmpint(jq_game_move_count(jq_net_session_game(s)), ==, plies);
  }
  host->lost = join->lost = FALSE;
}

static void resume_on_new_line(JqNetSession *h, JqNetSession *j) {
  GIOStream *a, *b;
  GError *error = NULL;
  jq_test_net_connect_pair(&a, &b);
  g_assert_true(jq_net_session_resume(h, a, &error));
  g_assert_no_error(error);
  g_assert_true(jq_net_session_resume(j, b, &error));
  g_assert_no_error(error);
  g_object_unref(a);
  g_object_unref(b);
}

/* A game cut at ply 10 resumes on a new connection and is played out;
 * a game at another ply is refused as the peer's, and stays paused. */
static void test_resume(void) {
  Side host, join, host2, join2;
  int resumed = 0, resumed2 = 0;
  GIOStream *io, *io2;
  pair_on_line(&host, &join, &resumed, 31, &io);
  play_plies(&host, &join, 10);
  pair_on_line(&host2, &join2, &resumed2, 41, &io2);
  play_plies(&host2, &join2, 4);
  cut(&host, &join, io, 10);
  cut(&host2, &join2, io2, 4);
  g_object_unref(io);
  g_object_unref(io2);

  /* Nothing to resume in a game that is not paused. */
  GError *error = NULL;
  GIOStream *a, *b;
  jq_test_net_connect_pair(&a, &b);
  JqNetSession *fresh = jq_net_session_new_join("Joiner", "sesame-1", &error);
  g_assert_false(jq_net_session_resume(fresh, a, &error));
  g_assert_error(error, JQ_NET_ERROR, JQ_NET_ERROR_LOCAL);
  g_clear_error(&error);
  g_object_unref(fresh);
  g_object_unref(a);
  g_object_unref(b);

  /* The wrong game: both refuse, and keep their games paused. */
  resume_on_new_line(host.s, join2.s);
  jq_test_net_run_until(&host.lost);
  jq_test_net_run_until(&join2.lost);
  g_test_message("wrong game: %s", host.error->message);
  g_assert_cmpstr(host.error->message, ==,
                  "the game cannot resume: the peer is at ply 4, this side "
                  "at ply 10");
  g_assert_cmpint(resumed, ==, 0);
  g_assert_cmpint(jq_net_session_state(host.s), ==, JQ_NET_STATE_PAUSED);
  g_assert_cmpint(jq_net_session_state(join2.s), ==, JQ_NET_STATE_PAUSED);
  host.lost = join2.lost = FALSE;

  /* The right one: the game goes on where it was, to its end. */
  resume_on_new_line(host.s, join.s);
  jq_test_net_run_until_count(&resumed, 2);
  g_assert_cmpint(jq_net_session_state(host.s), ==, JQ_NET_STATE_PLAYING);
  g_assert_cmpint(jq_game_move_count(jq_net_session_game(join.s)), ==, 10);
  host.stop_after = join.stop_after = 0;
  host.auto_play = join.auto_play = TRUE;
  schedule(&host);
  jq_test_net_run_until(&host.over);
  jq_test_net_run_until(&join.over);
  assert_same_games(&host, &join);
  g_assert_cmpint(jq_game_move_count(jq_net_session_game(host.s)), >, 10);
  g_assert_false(host.lost || join.lost);
  side_clear(&host);
  side_clear(&join);
  side_clear(&host2);
  side_clear(&join2);
}

/* What a resume message's digest holds for a xiangqi game of the host as
 * Red with `moves` (docs/network-messages.md, "Resuming"), in base64:
 * the digest of the moves, then of all but the last. */
static char *resume_digest(const char *const *moves, int n) {
  uint8_t both[64];
  for (int half = 0; half < 2; half++) {
    GChecksum *sum = g_checksum_new(G_CHECKSUM_SHA256);
    uint8_t head[2] = {JQ_VARIANT_XIANGQI, JQ_RED};
    g_checksum_update(sum, head, 2);
    for (int i = 0; i < n - half; i++)
      g_checksum_update(sum, (const guchar *)moves[i], 4);
    gsize len = 32;
    g_checksum_get_digest(sum, both + 32 * half, &len);
    g_checksum_free(sum);
  }
  return g_base64_encode(both, sizeof both);
}

/* A move on the wire when the line dropped: one side is a ply ahead. The
 * host (Red) played h2e2, which the raw peer never got: on resuming, the
 * host sends it again. Then the peer is ahead by b9c7, which the host
 * never got: the host takes it as the peer's move once resumed. */
static void test_resume_ply_apart(void) {
  static const char *const moves[] = {"h2e2", "b9c7"};
  JqNetParams params = xiangqi_red;
  Side host;
  GIOStream *a, *b;
  JqTestNetReader *r;
  start_raw(&params, &host, &a, &b, &r);
  int resumed = 0;
  g_signal_connect(host.s, "resumed", G_CALLBACK(on_resumed), &resumed);
  GError *error = NULL;
  g_assert_true(jq_net_session_move(
      host.s, jq_move_make(jq_square_parse("h2"), jq_square_parse("e2")),
      &error));
  for (int round = 0; round < 2; round++) {
    g_assert_true(g_socket_shutdown(
        g_socket_connection_get_socket(G_SOCKET_CONNECTION(a)), TRUE, TRUE,
        NULL));
    jq_test_net_run_until(&host.lost);
    host.lost = FALSE;
    end_raw_stream(a, b, r);
    jq_test_net_connect_pair(&a, &b);
    r = jq_test_net_reader_start(b, NULL);
    g_assert_true(jq_net_session_resume(host.s, a, &error));
    g_assert_no_error(error);
    /* Round 0: the peer has no move; round 1: it has both. */
    char *digest = resume_digest(moves, round == 0 ? 0 : 2);
    char *line = g_strdup_printf(HELLO("c0de") "{\"type\":\"resume\","
                                               "\"ply\":%d,\"digest\":\"%s\","
                                               "\"shares\":-1}\n",
                                 round == 0 ? 0 : 2, digest);
    jq_test_net_send(b, line);
    g_free(line);
    g_free(digest);
    jq_test_net_run_until_count(&resumed, round + 1);
    if (round == 0) {
      /* The host sends its last move again. */
      while (!strstr(r->text->str,
                     "{\"type\":\"move\",\"move\":\"h2e2\",\"ply\":0}\n"))
        g_main_context_iteration(NULL, TRUE);
    } else {
      jq_test_net_send(b, "{\"type\":\"move\",\"move\":\"b9c7\",\"ply\":1}\n");
      jq_test_net_run_until_count(&host.peer_moves, 1);
    }
  }
  g_assert_cmpint(jq_game_move_count(jq_net_session_game(host.s)), ==, 2);
  g_assert_cmpint(jq_net_session_state(host.s), ==, JQ_NET_STATE_PLAYING);
  end_raw(&host, a, b, r);
}

/* ---- Giving a game up: the peer is told, and stops waiting */

static void on_abandoned(JqNetSession *s, const GError *error, int *count) {
  (*count)++;
}

/* A session that was given up (by us or the peer): the game is kept,
 * unfinished, `plies` long, and it cannot resume. */
static void assert_abandoned(JqNetSession *s, int plies) {
  g_assert_cmpint(jq_net_session_state(s), ==, JQ_NET_STATE_ABANDONED);
  const JqGame *game = jq_net_session_game(s);
  g_assert_cmpint(jq_game_move_count(game), ==, plies);
  g_assert_false(jq_game_is_over(game));
  g_assert_cmpint(jq_game_result(game).outcome, ==, JQ_OUTCOME_NONE);
  GIOStream *a, *b;
  GError *error = NULL;
  jq_test_net_connect_pair(&a, &b);
  g_assert_false(jq_net_session_resume(s, a, &error));
  g_assert_error(error, JQ_NET_ERROR, JQ_NET_ERROR_LOCAL);
  g_assert_cmpstr(error->message, ==,
                  "the game was given up: it cannot resume");
  g_clear_error(&error);
  g_object_unref(a);
  g_object_unref(b);
}

/* The peer's side, told that the game was given up: it stops waiting, with
 * the reason, and keeps the game unfinished. */
static void assert_told(Side *side, const int *abandoned, const char *says,
                        int plies) {
  jq_test_net_run_until_count(abandoned, 1);
  jq_test_net_run_until(&side->lost);
  g_assert_error(side->error, JQ_NET_ERROR, JQ_NET_ERROR_ABANDONED);
  g_assert_cmpstr(side->error->message, ==, says);
  g_assert_cmpstr(jq_net_session_error(side->s)->message, ==, says);
  assert_abandoned(side->s, plies);
}

/* Said on a live connection (a player who quits), by a joiner that
 * reconnects only to say so, and by a host answering a reconnection; a
 * stranger without the code cannot end the host's wait. */
static void test_leave(void) {
  GError *error = NULL;
  /* Nothing to give up without a game. */
  JqNetSession *fresh = jq_net_session_new_join("Joiner", "sesame-1", &error);
  g_assert_false(jq_net_session_abandon(fresh, NULL, "bored", &error));
  g_assert_error(error, JQ_NET_ERROR, JQ_NET_ERROR_LOCAL);
  g_clear_error(&error);
  g_object_unref(fresh);

  /* On a live connection: the joiner quits at ply 6. */
  Side host, join;
  int resumed = 0, abandoned_h = 0, abandoned_j = 0;
  GIOStream *io;
  pair_on_line(&host, &join, &resumed, 51, &io);
  g_signal_connect(host.s, "abandoned", G_CALLBACK(on_abandoned), &abandoned_h);
  g_signal_connect(join.s, "abandoned", G_CALLBACK(on_abandoned), &abandoned_j);
  play_plies(&host, &join, 6);
  g_assert_true(jq_net_session_abandon(
      join.s, NULL, jq_net_leave_reason_text(JQ_NET_LEAVE_CLOSED_WINDOW),
      &error));
  g_assert_no_error(error);
  assert_told(&host, &abandoned_h,
              "the peer gave up the game: the player closed the window", 6);
  const char *words = NULL;
  g_assert_cmpint(jq_net_session_get_leave_reason(host.s, &words), ==,
                  JQ_NET_LEAVE_CLOSED_WINDOW);
  assert_abandoned(join.s, 6);
  g_assert_cmpint(abandoned_j, ==, 0); /* our own doing: no signal */
  g_object_unref(io);
  side_clear(&host);
  side_clear(&join);

  /* The line dies; the host waits for the joiner, which gives up and
   * connects once to say so. A stranger without the code comes first. */
  abandoned_h = 0;
  pair_on_line(&host, &join, &resumed, 61, &io);
  g_signal_connect(host.s, "abandoned", G_CALLBACK(on_abandoned), &abandoned_h);
  play_plies(&host, &join, 4);
  cut(&host, &join, io, 4);
  g_object_unref(io);
  GIOStream *a, *b;
  jq_test_net_connect_pair(&a, &b);
  g_assert_true(jq_net_session_resume(host.s, a, &error));
  jq_test_net_send(
      b, HELLO("sesame-2") "{\"type\":\"leave\",\"reason\":\"ha\"}\n");
  jq_test_net_run_until(&host.lost);
  g_assert_error(host.error, JQ_NET_ERROR, JQ_NET_ERROR_CODE);
  g_assert_cmpint(jq_net_session_state(host.s), ==, JQ_NET_STATE_PAUSED);
  g_assert_cmpint(abandoned_h, ==, 0);
  host.lost = FALSE;
  g_object_unref(a);
  g_object_unref(b);
  jq_test_net_connect_pair(&a, &b);
  g_assert_true(jq_net_session_resume(host.s, a, &error));
  g_assert_true(jq_net_session_abandon(join.s, b, "no time left", &error));
  g_assert_no_error(error);
  assert_told(&host, &abandoned_h, "the peer gave up the game: no time left",
              4);
  g_assert_cmpint(jq_net_session_get_leave_reason(host.s, &words), ==,
                  JQ_NET_LEAVE_OTHER);
  g_assert_cmpstr(words, ==, "no time left");
  assert_abandoned(join.s, 4);
  g_assert_cmpint(resumed, ==, 0);
  g_object_unref(a);
  g_object_unref(b);
  side_clear(&host);
  side_clear(&join);

  /* The host gave up while nobody was connected; the joiner, trying to
   * resume, is answered that the game was given up. */
  abandoned_j = 0;
  pair_on_line(&host, &join, &resumed, 71, &io);
  g_signal_connect(join.s, "abandoned", G_CALLBACK(on_abandoned), &abandoned_j);
  play_plies(&host, &join, 2);
  cut(&host, &join, io, 2);
  g_object_unref(io);
  g_assert_true(jq_net_session_abandon(host.s, NULL, "gone", &error));
  assert_abandoned(host.s, 2);
  jq_test_net_connect_pair(&a, &b);
  g_assert_true(jq_net_session_resume(join.s, b, &error));
  g_assert_true(
      jq_net_session_abandon(host.s, a, "the host stopped waiting", &error));
  g_assert_no_error(error);
  assert_told(&join, &abandoned_j,
              "the peer gave up the game: the host stopped waiting", 2);
  g_assert_cmpint(resumed, ==, 0);
  g_object_unref(a);
  g_object_unref(b);
  side_clear(&host);
  side_clear(&join);
}

/* Every reason this program sends reads back as its code; other words
 * are the peer's own. */
static void test_leave_reasons(void) {
  for (int r = JQ_NET_LEAVE_STOPPED_WAITING; r < JQ_NET_LEAVE_COUNT; r++)
    g_assert_cmpint(jq_net_leave_reason_parse(
                        jq_net_leave_reason_text((JqNetLeaveReason)r)),
                    ==, r);
  g_assert_cmpint(jq_net_leave_reason_parse(""), ==, JQ_NET_LEAVE_NONE);
  g_assert_cmpint(jq_net_leave_reason_parse("the program ended"), ==,
                  JQ_NET_LEAVE_QUIT);
  g_assert_cmpint(jq_net_leave_reason_parse("the player left for lunch"), ==,
                  JQ_NET_LEAVE_OTHER);
  /* A bye's reason is read the same way. */
  GError *e = jq_net_error_new(JQ_NET_ERROR_CLOSED, JQ_NET_DETAIL_LEFT, "x", 0,
                               0, "the peer left: x");
  GError *copy = g_error_copy(e);
  g_error_free(e);
  g_assert_cmpstr(jq_net_error_args(copy)->text, ==, "x");
  g_assert_cmpint(jq_net_error_args(copy)->detail, ==, JQ_NET_DETAIL_LEFT);
  g_error_free(copy);
  e = g_error_new_literal(G_IO_ERROR, G_IO_ERROR_FAILED, "x");
  g_assert_null(jq_net_error_args(e));
  g_error_free(e);
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/net/message/round-trip", test_message_round_trip);
  g_test_add_func("/net/message/refusals", test_message_refusals);
  g_test_add_func("/net/stream/size-limit", test_stream_size_limit);
  g_test_add_func("/net/stream/rate-limit", test_stream_rate_limit);
  g_test_add_func("/net/session/whole-games", test_whole_games);
  g_test_add_func("/net/session/resign-and-chat", test_resign_and_chat);
  g_test_add_func("/net/session/draw", test_draw_by_agreement);
  g_test_add_func("/net/session/takeback", test_takeback);
  g_test_add_func("/net/session/takeback-plies", test_takeback_plies);
  g_test_add_func("/net/session/cheats", test_cheats);
  g_test_add_func("/net/session/flood", test_flood_of_messages);
  g_test_add_func("/net/session/join-refusals", test_join_refusals);
  g_test_add_func("/net/clock/flag", test_clock_flag);
  g_test_add_func("/net/clock/claim", test_clock_claim);
  g_test_add_func("/net/clock/peer-claims", test_clock_peer_claims);
  g_test_add_func("/net/clock/none", test_clock_none);
  g_test_add_func("/net/session/resume", test_resume);
  g_test_add_func("/net/session/resume-ply-apart", test_resume_ply_apart);
  g_test_add_func("/net/session/leave", test_leave);
  g_test_add_func("/net/session/leave-reasons", test_leave_reasons);
  g_test_add_func("/net/transport/host-port", test_host_port);
  return g_test_run();
}
