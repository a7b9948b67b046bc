/* Jieqi over the network with the fair deal, over loopback: whole games
 * under each disclosure rule with both sides' knowledge checked against
 * the deal the end reveals; a peer that cheats (a forged share, another
 * card's share, a share withheld, a malformed deal, a wrong key at the
 * end) caught with the right message; and a leak test: two games whose
 * deals differ by a swap send messages of the same types and lengths up
 * to the swapped pieces' reveal, with no identity in them. */
#include <gio/gio.h>
#include <string.h>

#include "jq-fair-deal.h"
#include "jq-net-error.h"
#include "jq-net-message.h"
#include "jq-net-session.h"
#include "jq-net-transport.h"
#include "jq-notation.h"
#include "jq-redeal.h"

/* ---- Loop and sockets */

static gboolean guard_fired(gpointer data) {
  *(gboolean *)data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Runs the main loop until *flag (bounded: 60 s is a failure). */
static void run_until(const gboolean *flag) {
  gboolean late = FALSE;
  guint guard = g_timeout_add(60000, guard_fired, &late);
  while (!*flag && !late)
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

static void connect_pair(GIOStream **server, GIOStream **client) {
  Pair p = {0};
  guint16 port = 0;
  GError *error = NULL;
  GSocketService *service = jq_net_listen("127.0.0.1", 0, &port, &error);
  g_assert_no_error(error);
  g_signal_connect(service, "incoming", G_CALLBACK(on_incoming), &p);
  GSocketClient *sc = g_socket_client_new();
  char *where = g_strdup_printf("127.0.0.1:%u", port);
  g_socket_client_connect_to_host_async(sc, where, 0, NULL, on_connected, &p);
  run_until(&p.done);
  jq_net_stop_listening(service);
  g_object_unref(service);
  g_object_unref(sc);
  g_free(where);
  *server = p.server;
  *client = p.client;
}

/* Bytes read from a stream as they come; with `to`, passed on (a relay
 * that records what one peer sends). */
typedef struct {
  GString *text;
  GIOStream *to;
  gboolean eof;
  guint8 buf[4096];
} Reader;

static void read_more(GInputStream *in, Reader *r);

static void read_done(GObject *source, GAsyncResult *res, gpointer data) {
  Reader *r = data;
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

static void read_more(GInputStream *in, Reader *r) {
  g_input_stream_read_async(in, r->buf, sizeof r->buf, G_PRIORITY_DEFAULT, NULL,
                            read_done, r);
}

static Reader *reader_start(GIOStream *io, GIOStream *to) {
  Reader *r = g_new0(Reader, 1);
  r->text = g_string_new(NULL);
  r->to = to;
  read_more(g_io_stream_get_input_stream(io), r);
  return r;
}

static void reader_free(Reader *r) {
  g_string_free(r->text, TRUE);
  g_free(r);
}

/* ---- Honest sides */

typedef struct {
  JqNetSession *s;
  GRand *rand;
  gboolean over, fair_done, lost, started;
  gboolean fair;
  char *fair_message;
  JqGame *at_over; /* this side's game when the game ended: its knowledge */
  GError *error;
  guint idle;
} Side;

static gboolean play_random(gpointer data) {
  Side *side = data;
  side->idle = 0;
  const JqGame *game = jq_net_session_game(side->s);
  if (jq_net_session_state(side->s) != JQ_NET_STATE_PLAYING ||
      jq_game_side_to_move(game) != jq_net_session_color(side->s))
    return G_SOURCE_REMOVE;
  JqMoveList list;
  jq_game_legal_moves(game, &list);
  g_assert_cmpint(list.count, >, 0);
  JqMove m = list.moves[g_rand_int_range(side->rand, 0, list.count)];
  GError *error = NULL;
  g_assert_true(jq_net_session_move(side->s, m, &error));
  g_assert_no_error(error);
  return G_SOURCE_REMOVE;
}

/* Paced: the protocol allows 50 messages a second, and a reveal costs up
 * to three. */
static void schedule(Side *side) {
  if (!side->idle)
    side->idle = g_timeout_add(25, play_random, side);
}

static void on_started(JqNetSession *s, Side *side) {
  side->started = TRUE;
  schedule(side);
}
static void on_peer_move(JqNetSession *s, guint move, Side *side) {
  schedule(side);
}
static void on_game_over(JqNetSession *s, Side *side) {
  side->over = TRUE;
  side->at_over = jq_game_copy(jq_net_session_game(s));
}
static void on_fair(JqNetSession *s, gboolean fair, const char *message,
                    Side *side) {
  side->fair_done = TRUE;
  side->fair = fair;
  g_free(side->fair_message);
  side->fair_message = g_strdup(message);
}
static void on_lost(JqNetSession *s, const GError *error, Side *side) {
  side->lost = TRUE;
  g_clear_error(&side->error);
  side->error = g_error_copy(error);
}
static void on_error(JqNetSession *s, const GError *error, Side *side) {
  g_clear_error(&side->error);
  side->error = g_error_copy(error);
}

static void side_init(Side *side, JqNetSession *s, guint32 seed) {
  memset(side, 0, sizeof *side);
  side->s = s;
  side->rand = g_rand_new_with_seed(seed);
  g_signal_connect(s, "started", G_CALLBACK(on_started), side);
  g_signal_connect(s, "peer-move", G_CALLBACK(on_peer_move), side);
  g_signal_connect(s, "game-over", G_CALLBACK(on_game_over), side);
  g_signal_connect(s, "fair-checked", G_CALLBACK(on_fair), side);
  g_signal_connect(s, "connection-lost", G_CALLBACK(on_lost), side);
  g_signal_connect(s, "error", G_CALLBACK(on_error), side);
}

static void side_clear(Side *side) {
  g_clear_handle_id(&side->idle, g_source_remove);
  g_rand_free(side->rand);
  g_clear_error(&side->error);
  g_free(side->fair_message);
  jq_game_free(side->at_over);
  g_object_unref(side->s);
}

static JqNetParams jieqi_params(JqColor host, JqDisclosure rule) {
  JqNetParams p = {JQ_VARIANT_JIEQI, host, 0, 0, 0, 0, rule};
  return p;
}

/* A host and a joiner; with `host_io`/`join_io` NULL they are connected
 * directly, else each to the given stream. */
static void make_sides(Side *host, Side *join, const JqNetParams *params,
                       guint32 seed) {
  GError *error = NULL;
  JqNetSession *h = jq_net_session_new_host(params, "Host", "c0de", &error);
  g_assert_no_error(error);
  JqNetSession *j = jq_net_session_new_join("Joiner", "c0de", &error);
  g_assert_no_error(error);
  side_init(host, h, seed);
  side_init(join, j, seed + 1);
}

static void start_direct(Side *host, Side *join) {
  GIOStream *a, *b;
  connect_pair(&a, &b);
  jq_net_session_start(host->s, a);
  jq_net_session_start(join->s, b);
  g_object_unref(a);
  g_object_unref(b);
}

/* Does `side` learn what a hidden piece captured by `captor` was? */
static gboolean learns(JqDisclosure rule, JqColor captor, JqColor side) {
  return rule == JQ_DISCLOSE_BOTH ||
         (rule == JQ_DISCLOSE_CAPTOR && captor == side);
}

/* One side's knowledge at the end of the game, against the deal the end
 * revealed: every piece turned over, and a hidden piece captured exactly
 * when the rule told this side, and nothing else. */
static void check_knowledge(const Side *side, const JqGame *full,
                            JqDisclosure rule, int *reveals, int *captures) {
  const JqGame *mine = side->at_over;
  JqColor us = jq_net_session_color(side->s);
  g_assert_cmpint(jq_game_move_count(mine), ==, jq_game_move_count(full));
  bool seen[JQ_SQUARES];
  jq_redeal_seen(mine, (int)us, seen);
  for (int i = 0; i < jq_game_move_count(full); i++) {
    JqGameMove f = jq_game_move_at(full, i), m = jq_game_move_at(mine, i);
    g_assert_cmpuint(f.move, ==, m.move);
    if (f.reveal.mover != JQ_NO_TYPE) {
      g_assert_cmpint(m.reveal.mover, ==, f.reveal.mover);
      (*reveals)++;
    }
    if (f.reveal.captured != JQ_NO_TYPE) {
      JqColor captor = (JqColor)(i % 2 == 0 ? JQ_RED : JQ_BLACK);
      int victim = jq_move_to(f.move);
      gboolean knows = learns(rule, captor, us);
      g_assert_cmpint(seen[victim], ==, knows);
      if (knows)
        g_assert_cmpint(m.reveal.captured, ==, f.reveal.captured);
      (*captures)++;
    }
  }
  /* This side's view of the end: the captured pieces it was not told are
   * unknown in it. */
  JqPosition view;
  jq_game_view(mine, us, &view);
  int unknown = view.captured_unknown[0] + view.captured_unknown[1];
  int untold = 0;
  for (int i = 0; i < jq_game_move_count(full); i++) {
    JqGameMove f = jq_game_move_at(full, i);
    JqColor captor = (JqColor)(i % 2 == 0 ? JQ_RED : JQ_BLACK);
    if (f.reveal.captured != JQ_NO_TYPE && !learns(rule, captor, us))
      untold++;
  }
  g_assert_cmpint(unknown, ==, untold);
}

/* Waits for the end's check; a connection lost first is a failure. */
static void wait_fair(Side *side) {
  gboolean late = FALSE;
  guint guard = g_timeout_add(60000, guard_fired, &late);
  while (!side->fair_done && !side->lost && !late)
    g_main_context_iteration(NULL, TRUE);
  g_source_remove(guard);
  if (side->lost && !side->fair_done)
    g_error("connection lost before the end: %s", side->error->message);
  g_assert_false(late);
}

static void test_whole_games(void) {
  static const JqDisclosure rules[] = {JQ_DISCLOSE_CAPTOR, JQ_DISCLOSE_BOTH,
                                       JQ_DISCLOSE_NOBODY};
  for (int g = 0; g < 3; g++) {
    JqDisclosure rule = rules[g % 3];
    JqNetParams params = jieqi_params(g % 2 ? JQ_BLACK : JQ_RED, rule);
    Side host, join;
    make_sides(&host, &join, &params, 500 + (guint32)g);
    start_direct(&host, &join);
    wait_fair(&host);
    wait_fair(&join);
    g_test_message("game %d (%s): %d plies, %s", g,
                   rule == JQ_DISCLOSE_CAPTOR ? "captor"
                   : rule == JQ_DISCLOSE_BOTH ? "both"
                                              : "nobody",
                   jq_game_move_count(jq_net_session_game(host.s)),
                   host.fair_message);
    g_assert_true(host.fair);
    g_assert_true(join.fair);
    g_assert_cmpstr(host.fair_message, ==, "the game was fair");
    g_assert_cmpint(jq_net_session_fairness(host.s), ==, JQ_NET_FAIR_YES);
    g_assert_cmpint(jq_net_session_fairness(join.s), ==, JQ_NET_FAIR_YES);
    /* Both end with the same, whole game: the same deal and record. */
    const JqGame *fh = jq_net_session_game(host.s);
    const JqGame *fj = jq_net_session_game(join.s);
    JqPieceType dh[JQ_SQUARES], dj[JQ_SQUARES];
    jq_game_initial_deal(fh, dh);
    jq_game_initial_deal(fj, dj);
    g_assert_cmpmem(dh, sizeof dh, dj, sizeof dj);
    g_assert_true(jq_game_is_over(fh));
    g_assert_cmpint(jq_game_result(fh).outcome, ==, jq_game_result(fj).outcome);
    int reveals = 0, captures = 0;
    check_knowledge(&host, fh, rule, &reveals, &captures);
    check_knowledge(&join, fh, rule, &reveals, &captures);
    /* Random play turns pieces over and takes hidden ones. */
    g_assert_cmpint(reveals, >, 0);
    g_assert_cmpint(captures, >, 0);
    side_clear(&host);
    side_clear(&join);
  }
}

/* ---- A peer that cheats: a raw joiner (Red, so it moves first) that
 * keeps its own side of the deal with the library and sends what it
 * likes. */

typedef enum {
  CHEAT_HONEST_THEN_WRONG_KEY,
  CHEAT_FORGED_SHARE,
  CHEAT_OTHER_CARD,
  CHEAT_WITHHELD,
  CHEAT_BAD_DEAL,
} CheatKind;

static void send_line(GIOStream *io, const JqNetMessage *msg) {
  char *line = jq_net_message_to_line(msg);
  GError *error = NULL;
  g_output_stream_write_all(g_io_stream_get_output_stream(io), line,
                            strlen(line), NULL, NULL, &error);
  g_assert_no_error(error);
  g_free(line);
}

static void send_data(GIOStream *io, JqNetMsgType type, const uint8_t *b,
                      size_t n, int ply) {
  JqNetMessage *msg = g_new(JqNetMessage, 1);
  jq_net_message_init(msg, type);
  memcpy(msg->data, b, n);
  msg->data_len = n;
  msg->ply = ply;
  send_line(io, msg);
  g_free(msg);
}

/* The k-th line the raw peer received, parsed (waits for it). */
static void nth_message(Reader *r, int k, JqNetMessage *msg) {
  gboolean late = FALSE;
  guint guard = g_timeout_add(20000, guard_fired, &late);
  char **lines = NULL;
  for (;;) {
    lines = g_strsplit(r->text->str, "\n", -1);
    if ((int)g_strv_length(lines) > k + 1 || late || r->eof)
      break;
    g_strfreev(lines);
    g_main_context_iteration(NULL, TRUE);
  }
  g_source_remove(guard);
  g_assert_false(late);
  g_assert_cmpint((int)g_strv_length(lines), >, k + 1);
  GError *error = NULL;
  g_assert_true(jq_net_message_parse(lines[k], strlen(lines[k]), msg, &error));
  g_strfreev(lines);
}

static void run_cheat(CheatKind kind, int code, const char *says) {
  JqNetParams params = jieqi_params(JQ_BLACK, JQ_DISCLOSE_CAPTOR);
  GError *error = NULL;
  JqNetSession *h = jq_net_session_new_host(&params, "Honest", "c0de", &error);
  g_assert_no_error(error);
  Side host;
  side_init(&host, h, 1);
  jq_net_session_set_share_timeout(h, 300);
  jq_net_session_set_timeout(h, 3000);
  GIOStream *a, *b;
  connect_pair(&a, &b);
  jq_net_session_start(h, a);
  Reader *r = reader_start(b, NULL);
  JqNetMessage *msg = g_new(JqNetMessage, 1);
  jq_net_message_init(msg, JQ_NET_MSG_HELLO);
  msg->version = JQ_NET_PROTOCOL_VERSION;
  g_strlcpy(msg->program, "raw", sizeof msg->program);
  g_strlcpy(msg->name, "Raw", sizeof msg->name);
  g_strlcpy(msg->code, "c0de", sizeof msg->code);
  send_line(b, msg);
  /* The host's hello, params, then A's deal. */
  nth_message(r, 2, msg);
  g_assert_cmpint(msg->type, ==, JQ_NET_MSG_DEAL);
  JqFairDeal *raw = jq_fair_deal_new(JQ_FAIR_ROLE_B, NULL);
  uint8_t deal_b[JQ_FAIR_DEAL_BYTES];
  g_assert_true(
      jq_fair_deal_shuffle(raw, msg->data, msg->data_len, deal_b, NULL));
  uint8_t deal_a[JQ_FAIR_DEAL_BYTES];
  memcpy(deal_a, msg->data, sizeof deal_a);
  if (kind == CHEAT_BAD_DEAL) {
    send_data(b, JQ_NET_MSG_DEAL, deal_b, 32, 0); /* a key, no cards */
  } else {
    send_data(b, JQ_NET_MSG_DEAL, deal_b, sizeof deal_b, 0);
    run_until(&host.started);
    /* Red turns over the piece on a3 (red card 10). */
    jq_net_message_init(msg, JQ_NET_MSG_MOVE);
    g_strlcpy(msg->move, "a3a4", sizeof msg->move);
    msg->ply = 0;
    send_line(b, msg);
    uint8_t share[JQ_FAIR_SHARE_BYTES], other[JQ_FAIR_SHARE_BYTES];
    g_assert_true(jq_fair_deal_make_share(raw, JQ_RED, 10, share, NULL));
    g_assert_true(jq_fair_deal_make_share(raw, JQ_RED, 11, other, NULL));
    if (kind == CHEAT_FORGED_SHARE) /* card 10's label, card 11's point */
      memcpy(share + 2, other + 2, JQ_DEAL_POINT_BYTES);
    if (kind != CHEAT_WITHHELD)
      send_data(b, JQ_NET_MSG_SHARE, kind == CHEAT_OTHER_CARD ? other : share,
                sizeof share, 0);
  }
  const JqGame *game = NULL;
  switch (kind) {
  case CHEAT_HONEST_THEN_WRONG_KEY: {
    /* The host answers with its share and plays the move; Red resigns
     * and publishes an end made with another key. */
    nth_message(r, 3, msg);
    g_assert_cmpint(msg->type, ==, JQ_NET_MSG_SHARE);
    JqPieceType type = JQ_NO_TYPE;
    g_assert_true(jq_fair_deal_open(raw, JQ_RED, 10, msg->data, msg->data_len,
                                    &type, NULL));
    game = jq_net_session_game(h);
    g_assert_cmpint(jq_game_move_count(game), ==, 1);
    g_assert_cmpint(jq_game_move_at(game, 0).reveal.mover, ==, type);
    jq_net_message_init(msg, JQ_NET_MSG_RESIGN);
    send_line(b, msg);
    run_until(&host.over);
    JqFairDeal *liar = jq_fair_deal_new(JQ_FAIR_ROLE_B, NULL);
    uint8_t ignored[JQ_FAIR_DEAL_BYTES], end[JQ_FAIR_END_BYTES];
    g_assert_true(
        jq_fair_deal_shuffle(liar, deal_a, sizeof deal_a, ignored, NULL));
    g_assert_true(jq_fair_deal_end(liar, end, NULL));
    jq_fair_deal_free(liar);
    send_data(b, JQ_NET_MSG_END, end, sizeof end, 0);
    run_until(&host.fair_done);
    g_test_message("wrong key: %s", host.fair_message);
    g_assert_false(host.fair);
    g_assert_true(strstr(host.fair_message, says) != NULL);
    g_assert_cmpint(jq_net_session_fairness(h), ==, JQ_NET_FAIR_NO);
    /* The result stands; the deal is not written over the game. */
    game = jq_net_session_game(h);
    g_assert_cmpint(jq_game_result(game).outcome, ==, JQ_OUTCOME_BLACK_WINS);
    g_assert_cmpint(jq_game_result(game).reason, ==, JQ_REASON_RESIGNATION);
    break;
  }
  case CHEAT_WITHHELD:
    run_until(&host.over);
    g_test_message("withheld: %s", host.error->message);
    g_assert_error(host.error, JQ_NET_ERROR, code);
    g_assert_cmpstr(host.error->message, ==, says);
    game = jq_net_session_game(h);
    g_assert_cmpint(jq_game_move_count(game), ==, 0);
    g_assert_cmpint(jq_game_result(game).outcome, ==, JQ_OUTCOME_BLACK_WINS);
    g_assert_cmpint(jq_game_result(game).reason, ==, JQ_REASON_TIME);
    break;
  case CHEAT_BAD_DEAL:
    run_until(&host.lost);
    g_test_message("bad deal: %s", host.error->message);
    g_assert_error(host.error, JQ_NET_ERROR, code);
    g_assert_true(strstr(host.error->message, says) != NULL);
    g_assert_cmpint(jq_net_session_state(h), ==, JQ_NET_STATE_FAILED);
    g_assert_null(jq_net_session_game(h));
    break;
  default:
    run_until(&host.lost);
    g_test_message("cheat: %s", host.error->message);
    g_assert_error(host.error, JQ_NET_ERROR, code);
    g_assert_true(strstr(host.error->message, says) != NULL);
    /* The honest side's game is kept as it was before the move. */
    g_assert_cmpint(jq_net_session_state(h), ==, JQ_NET_STATE_PAUSED);
    game = jq_net_session_game(h);
    g_assert_cmpint(jq_game_move_count(game), ==, 0);
    g_assert_false(jq_game_is_over(game));
    g_assert_cmpint(jq_net_session_fairness(h), ==, JQ_NET_FAIR_NO);
    break;
  }
  /* The host never sent an identity or its key before the end. */
  g_assert_null(strstr(r->text->str, "chariot"));
  jq_fair_deal_free(raw);
  g_free(msg);
  g_io_stream_close(b, NULL, NULL);
  while (!r->eof)
    g_main_context_iteration(NULL, TRUE);
  reader_free(r);
  g_object_unref(a);
  g_object_unref(b);
  side_clear(&host);
}

static void test_cheat_wrong_key(void) {
  run_cheat(CHEAT_HONEST_THEN_WRONG_KEY, 0,
            "B's end: its secret is not the key committed in the deal");
}
static void test_cheat_forged_share(void) {
  run_cheat(CHEAT_FORGED_SHARE, JQ_NET_ERROR_CHEAT,
            "the peer cheated: forged share of red card 10 (a3)");
}
static void test_cheat_other_card(void) {
  run_cheat(CHEAT_OTHER_CARD, JQ_NET_ERROR_CHEAT,
            "the peer cheated: the share sent for red card 10 (a3) is for "
            "red card 11 (c3)");
}
static void test_cheat_withheld(void) {
  run_cheat(CHEAT_WITHHELD, JQ_NET_ERROR_FORFEIT,
            "the peer withheld its share of red card 10 (a3) for ply 0: it "
            "loses by forfeit");
}
static void test_cheat_bad_deal(void) {
  run_cheat(CHEAT_BAD_DEAL, JQ_NET_ERROR_CHEAT,
            "the joiner's deal message is refused: B's deal holds a key and "
            "0 points, not a key and 30");
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/net-jieqi/whole-games", test_whole_games);
  g_test_add_func("/net-jieqi/cheat/wrong-key", test_cheat_wrong_key);
  g_test_add_func("/net-jieqi/cheat/forged-share", test_cheat_forged_share);
  g_test_add_func("/net-jieqi/cheat/other-card", test_cheat_other_card);
  g_test_add_func("/net-jieqi/cheat/withheld", test_cheat_withheld);
  g_test_add_func("/net-jieqi/cheat/bad-deal", test_cheat_bad_deal);
  return g_test_run();
}
