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
#include "net-test-util.h"

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
  int stop_after; /* plies after which play stops (0: never) */
  gboolean hold;  /* no random moves: the test plays */
  int resumed;
} Side;

static gboolean play_random(gpointer data) {
  Side *side = data;
  side->idle = 0;
  const JqGame *game = jq_net_session_game(side->s);
  if (jq_net_session_state(side->s) != JQ_NET_STATE_PLAYING ||
      jq_game_side_to_move(game) != jq_net_session_color(side->s))
    return G_SOURCE_REMOVE;
  if (side->hold ||
      (side->stop_after && jq_game_move_count(game) >= side->stop_after))
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
  jq_test_net_connect_pair(&a, &b);
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
  gboolean late;
  guint guard = jq_test_net_guard(&late, JQ_TEST_NET_WAIT_MS);
  while (!side->fair_done && !side->lost && !late)
    g_main_context_iteration(NULL, TRUE);
  g_source_remove(guard);
  if (side->lost && !side->fair_done)
    g_error("connection lost before the end: %s", side->error->message);
  g_assert_false(late);
}

/* A deal fixed by `g`, so that each game is the same every run (the
 * players are seeded): whether random play takes a hidden piece must not
 * depend on the luck of the deal. i·k + add mod 15 with k prime to 15 is
 * a permutation. */
static void arrange_deal(Side *host, Side *join, int g) {
  uint8_t secret[2][32], shuffle[2][2][15];
  jq_test_net_fixed_deal(g, secret, shuffle);
  g_assert_true(jq_net_session_set_deal_secret(host->s, secret[JQ_FAIR_ROLE_A],
                                               shuffle[JQ_FAIR_ROLE_A]));
  g_assert_true(jq_net_session_set_deal_secret(join->s, secret[JQ_FAIR_ROLE_B],
                                               shuffle[JQ_FAIR_ROLE_B]));
}

static void test_whole_games(void) {
  static const JqDisclosure rules[] = {JQ_DISCLOSE_CAPTOR, JQ_DISCLOSE_BOTH,
                                       JQ_DISCLOSE_NOBODY};
  for (int g = 0; g < 3; g++) {
    JqDisclosure rule = rules[g % 3];
    JqNetParams params = jieqi_params(g % 2 ? JQ_BLACK : JQ_RED, rule);
    Side host, join;
    make_sides(&host, &join, &params, 500 + (guint32)g);
    arrange_deal(&host, &join, g);
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
static void nth_message(JqTestNetReader *r, int k, JqNetMessage *msg) {
  gboolean late;
  guint guard = jq_test_net_guard(&late, JQ_TEST_NET_WAIT_MS);
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
  jq_test_net_connect_pair(&a, &b);
  jq_net_session_start(h, a);
  JqTestNetReader *r = jq_test_net_reader_start(b, NULL);
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
    jq_test_net_run_until(&host.started);
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
    jq_test_net_run_until(&host.over);
    JqFairDeal *liar = jq_fair_deal_new(JQ_FAIR_ROLE_B, NULL);
    uint8_t ignored[JQ_FAIR_DEAL_BYTES], end[JQ_FAIR_END_BYTES];
    g_assert_true(
        jq_fair_deal_shuffle(liar, deal_a, sizeof deal_a, ignored, NULL));
    g_assert_true(jq_fair_deal_end(liar, end, NULL));
    jq_fair_deal_free(liar);
    send_data(b, JQ_NET_MSG_END, end, sizeof end, 0);
    jq_test_net_run_until(&host.fair_done);
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
    jq_test_net_run_until(&host.over);
    g_test_message("withheld: %s", host.error->message);
    g_assert_error(host.error, JQ_NET_ERROR, code);
    g_assert_cmpstr(host.error->message, ==, says);
    game = jq_net_session_game(h);
    g_assert_cmpint(jq_game_move_count(game), ==, 0);
    g_assert_cmpint(jq_game_result(game).outcome, ==, JQ_OUTCOME_BLACK_WINS);
    g_assert_cmpint(jq_game_result(game).reason, ==, JQ_REASON_TIME);
    break;
  case CHEAT_BAD_DEAL:
    jq_test_net_run_until(&host.lost);
    g_test_message("bad deal: %s", host.error->message);
    g_assert_error(host.error, JQ_NET_ERROR, code);
    g_assert_true(strstr(host.error->message, says) != NULL);
    g_assert_cmpint(jq_net_error_args(host.error)->detail, ==,
                    JQ_NET_DETAIL_CHEAT_DEAL);
    g_assert_cmpint(jq_net_session_state(h), ==, JQ_NET_STATE_FAILED);
    g_assert_null(jq_net_session_game(h));
    break;
  default:
    jq_test_net_run_until(&host.lost);
    g_test_message("cheat: %s", host.error->message);
    g_assert_error(host.error, JQ_NET_ERROR, code);
    g_assert_true(strstr(host.error->message, says) != NULL);
    g_assert_cmpint(jq_net_error_args(host.error)->detail, ==,
                    JQ_NET_DETAIL_CHEAT_SHARE);
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
  jq_test_net_reader_free(r);
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

/* ---- A dropped connection, resumed */

static void on_resumed(JqNetSession *s, Side *side) {
  side->resumed++;
  schedule(side);
}

/* Runs until both sides' games have `plies` moves (none waiting). */
static void run_until_plies(Side *a, Side *b, int plies) {
  gboolean late;
  guint guard = jq_test_net_guard(&late, JQ_TEST_NET_WAIT_MS);
  for (;;) {
    const JqGame *ga = jq_net_session_game(a->s);
    const JqGame *gb = jq_net_session_game(b->s);
    if (late || (ga && gb && jq_game_move_count(ga) >= plies &&
                 jq_game_move_count(gb) >= plies))
      break;
    g_main_context_iteration(NULL, TRUE);
  }
  g_source_remove(guard);
  g_assert_false(late);
}

/* A jieqi game cut at ply 12 resumes on a new connection (both compare
 * the moves and the deal's cards), is played out, and the end's check
 * still finds it fair: the deal went on across the two connections. */
static void test_resume(void) {
  JqNetParams params = jieqi_params(JQ_RED, JQ_DISCLOSE_CAPTOR);
  Side host, join;
  make_sides(&host, &join, &params, 321);
  g_signal_connect(host.s, "resumed", G_CALLBACK(on_resumed), &host);
  g_signal_connect(join.s, "resumed", G_CALLBACK(on_resumed), &join);
  host.stop_after = join.stop_after = 12;
  GIOStream *a, *b;
  jq_test_net_connect_pair(&a, &b);
  jq_net_session_start(host.s, a);
  jq_net_session_start(join.s, b);
  run_until_plies(&host, &join, 12);
  g_assert_true(
      g_socket_shutdown(g_socket_connection_get_socket(G_SOCKET_CONNECTION(a)),
                        TRUE, TRUE, NULL));
  jq_test_net_run_until(&host.lost);
  jq_test_net_run_until(&join.lost);
  g_assert_cmpint(jq_net_session_state(host.s), ==, JQ_NET_STATE_PAUSED);
  g_assert_cmpint(jq_net_session_state(join.s), ==, JQ_NET_STATE_PAUSED);
  host.lost = join.lost = FALSE;
  g_object_unref(a);
  g_object_unref(b);

  host.stop_after = join.stop_after = 0;
  jq_test_net_connect_pair(&a, &b);
  GError *error = NULL;
  g_assert_true(jq_net_session_resume(host.s, a, &error));
  g_assert_true(jq_net_session_resume(join.s, b, &error));
  g_assert_no_error(error);
  g_object_unref(a);
  g_object_unref(b);
  wait_fair(&host);
  wait_fair(&join);
  g_assert_cmpint(host.resumed, ==, 1);
  g_assert_cmpint(join.resumed, ==, 1);
  g_assert_true(host.fair && join.fair);
  const JqGame *fh = jq_net_session_game(host.s);
  g_assert_cmpint(jq_game_move_count(fh), >, 12);
  g_assert_cmpint(jq_game_move_count(fh), ==,
                  jq_game_move_count(jq_net_session_game(join.s)));
  side_clear(&host);
  side_clear(&join);
}

/* A relay that passes whole lines on until one holds `drop_at`, then
 * drops that line and every later one: a connection that dies just after
 * (or before) a given message. With `held` they are kept instead, to be
 * passed on later (relay_release): a message slow on the wire. */
typedef struct {
  GIOStream *to;
  GString *pending;
  const char *drop_at;
  int dropped;
  GString *held;
  gboolean eof;
  guint8 buf[4096];
} LineRelay;

static void relay_more(GInputStream *in, LineRelay *r);

static void relay_done(GObject *source, GAsyncResult *res, gpointer data) {
  LineRelay *r = data;
  gssize n = g_input_stream_read_finish(G_INPUT_STREAM(source), res, NULL);
  if (n <= 0) {
    r->eof = TRUE;
    return;
  }
  g_string_append_len(r->pending, (const char *)r->buf, n);
  char *nl;
  while ((nl = strchr(r->pending->str, '\n'))) {
    gsize len = (gsize)(nl - r->pending->str) + 1;
    char *line = g_strndup(r->pending->str, len);
    g_string_erase(r->pending, 0, (gssize)len);
    if (r->dropped || (r->drop_at && strstr(line, r->drop_at))) {
      r->dropped++;
      if (r->held)
        g_string_append_len(r->held, line, (gssize)len);
    } else
      g_output_stream_write_all(g_io_stream_get_output_stream(r->to), line, len,
                                NULL, NULL, NULL);
    g_free(line);
  }
  relay_more(G_INPUT_STREAM(source), r);
}

static void relay_more(GInputStream *in, LineRelay *r) {
  g_input_stream_read_async(in, r->buf, sizeof r->buf, G_PRIORITY_DEFAULT, NULL,
                            relay_done, r);
}

static LineRelay *relay_start(GIOStream *from, GIOStream *to,
                              const char *drop_at) {
  LineRelay *r = g_new0(LineRelay, 1);
  r->to = to;
  r->pending = g_string_new(NULL);
  r->drop_at = drop_at;
  relay_more(g_io_stream_get_input_stream(from), r);
  return r;
}

/* The held lines go on, and every later one passes. */
static void relay_release(LineRelay *r) {
  g_output_stream_write_all(g_io_stream_get_output_stream(r->to), r->held->str,
                            r->held->len, NULL, NULL, NULL);
  g_string_truncate(r->held, 0);
  r->drop_at = NULL;
  r->dropped = 0;
}

static void shut(GIOStream *io) {
  g_assert_true(
      g_socket_shutdown(g_socket_connection_get_socket(G_SOCKET_CONNECTION(io)),
                        TRUE, TRUE, NULL));
}

/* The host (Red) turns over a3 at ply 0 and the line dies in the middle
 * of the reveal: `host_drop` and `join_drop` are where each direction
 * stops passing messages on. Both sides resume on a new connection; the
 * reveal completes with the same piece on both, the game is played out
 * and the end's check finds it fair, each side's knowledge the deal's. */
static void run_pending_drop(const char *host_drop, const char *join_drop,
                             int join_plies_at_cut, guint32 seed) {
  JqNetParams params = jieqi_params(JQ_RED, JQ_DISCLOSE_CAPTOR);
  Side host, join;
  make_sides(&host, &join, &params, seed);
  arrange_deal(&host, &join, 0);
  g_signal_connect(host.s, "resumed", G_CALLBACK(on_resumed), &host);
  g_signal_connect(join.s, "resumed", G_CALLBACK(on_resumed), &join);
  host.hold = join.hold = TRUE;
  GIOStream *a, *b, *c, *d;
  jq_test_net_connect_pair(&a, &b);
  jq_test_net_connect_pair(&c, &d);
  LineRelay *to_join = relay_start(b, c, host_drop);
  LineRelay *to_host = relay_start(c, b, join_drop);
  jq_net_session_start(host.s, a);
  jq_net_session_start(join.s, d);
  jq_test_net_run_until(&host.started);
  jq_test_net_run_until(&join.started);
  GError *error = NULL;
  g_assert_true(jq_net_session_move(
      host.s, jq_move_make(jq_square_parse("a3"), jq_square_parse("a4")),
      &error));
  g_assert_no_error(error);
  /* The relay has dropped its first message: the reveal is cut short. */
  jq_test_net_run_until_count(join_drop ? &to_host->dropped : &to_join->dropped,
                              1);
  shut(b);
  shut(c);
  jq_test_net_run_until(&host.lost);
  jq_test_net_run_until(&join.lost);
  g_assert_cmpint(jq_game_move_count(jq_net_session_game(host.s)), ==, 0);
  g_assert_cmpint(jq_game_move_count(jq_net_session_game(join.s)), ==,
                  join_plies_at_cut);
  host.lost = join.lost = FALSE;
  jq_test_net_run_until(&to_join->eof);
  jq_test_net_run_until(&to_host->eof);

  GIOStream *e, *f;
  jq_test_net_connect_pair(&e, &f);
  g_assert_true(jq_net_session_resume(host.s, e, &error));
  g_assert_no_error(error);
  g_assert_true(jq_net_session_resume(join.s, f, &error));
  g_assert_no_error(error);
  jq_test_net_run_until_count(&host.resumed, 1);
  jq_test_net_run_until_count(&join.resumed, 1);
  run_until_plies(&host, &join, 1);
  /* The same piece turned over on both sides. */
  JqPieceType seen_h =
      jq_game_move_at(jq_net_session_game(host.s), 0).reveal.mover;
  JqPieceType seen_j =
      jq_game_move_at(jq_net_session_game(join.s), 0).reveal.mover;
  g_assert_cmpint(seen_h, !=, JQ_NO_TYPE);
  g_assert_cmpint(seen_h, ==, seen_j);
  host.hold = join.hold = FALSE;
  schedule(&join);
  wait_fair(&host);
  wait_fair(&join);
  g_test_message("%s / %s: %s", host_drop ? host_drop : "-",
                 join_drop ? join_drop : "-", host.fair_message);
  g_assert_true(host.fair && join.fair);
  const JqGame *full = jq_net_session_game(host.s);
  g_assert_cmpint(jq_game_move_count(full), >, 1);
  g_assert_cmpint(jq_game_move_at(full, 0).reveal.mover, ==, seen_h);
  int reveals = 0, captures = 0;
  check_knowledge(&host, full, JQ_DISCLOSE_CAPTOR, &reveals, &captures);
  check_knowledge(&join, full, JQ_DISCLOSE_CAPTOR, &reveals, &captures);
  for (GIOStream **io = (GIOStream *[]){a, b, c, d, e, f, NULL}; *io; io++)
    g_object_unref(*io);
  g_string_free(to_join->pending, TRUE);
  g_string_free(to_host->pending, TRUE);
  g_free(to_join);
  g_free(to_host);
  side_clear(&host);
  side_clear(&join);
}

/* The move never reached the joiner. */
static void test_resume_pending_unsent(void) {
  run_pending_drop("\"type\":\"move\"", NULL, 0, 610);
}
/* The joiner has the move but not the mover's share. */
static void test_resume_pending_no_share(void) {
  run_pending_drop("\"type\":\"share\"", NULL, 0, 620);
}
/* The joiner answered and played the move; its share never came. */
static void test_resume_pending_answered(void) {
  run_pending_drop(NULL, "\"type\":\"share\"", 1, 630);
}

/* ---- The clock */

static void play(Side *side, const char *coords) {
  GError *error = NULL;
  g_assert_true(jq_net_session_move(
      side->s,
      jq_move_make(jq_square_parse(coords), jq_square_parse(coords + 2)),
      &error));
  g_assert_no_error(error);
}

/* Waits `ms` on the main context: timers due before then fire. */
static void run_for(guint ms) {
  gboolean done;
  jq_test_net_guard(&done, ms); /* removes itself when it fires */
  while (!done)
    g_main_context_iteration(NULL, TRUE);
}

/* The host's (Red's) flag falls just as the joiner's move of a face-down
 * piece is on the wire: the host has the move, its share is held back
 * by a relay until Red's clock is out by the host's measure. The move was
 * made (its clock stopped when it was sent), so both sides count it and
 * Red loses on time after it, on the move Red was to make: both games
 * hold the same moves and the same result (the CI once saw the host end
 * one ply short of the joiner). */
static void test_clock_flag_mid_reveal(void) {
  JqNetParams params = jieqi_params(JQ_RED, JQ_DISCLOSE_CAPTOR);
  params.base_ms = 400;
  Side host, join;
  make_sides(&host, &join, &params, 640);
  arrange_deal(&host, &join, 0);
  host.hold = join.hold = TRUE;
  GIOStream *a, *b, *c, *d;
  jq_test_net_connect_pair(&a, &b);
  jq_test_net_connect_pair(&c, &d);
  LineRelay *to_join = relay_start(b, c, NULL);
  LineRelay *to_host = relay_start(c, b, NULL);
  jq_net_session_start(host.s, a);
  jq_net_session_start(join.s, d);
  jq_test_net_run_until(&host.started);
  jq_test_net_run_until(&join.started);
  play(&host, "a3a4");
  run_until_plies(&host, &join, 1);

  /* The joiner turns over a6: the move reaches the host, the share not. */
  to_host->held = g_string_new(NULL);
  to_host->drop_at = "\"type\":\"share\"";
  play(&join, "a6a5");
  jq_test_net_run_until_count(&to_host->dropped, 1);
  gboolean late;
  guint guard = jq_test_net_guard(&late, JQ_TEST_NET_WAIT_MS);
  while (!late && !host.over && jq_net_session_clock_ms(host.s, JQ_RED) > 0)
    g_main_context_iteration(NULL, TRUE);
  g_source_remove(guard);
  g_assert_false(late);
  run_for(50); /* the host's flag timer, due by now, has fired */
  relay_release(to_host);

  wait_fair(&host);
  wait_fair(&join);
  g_assert_true(host.fair && join.fair);
  JqResult lost = jq_result_loss(JQ_RED, JQ_REASON_TIME);
  for (Side *side = &host; side; side = side == &host ? &join : NULL) {
    const JqGame *g = side->at_over;
    g_assert_cmpint(jq_game_move_count(g), ==, 2);
    g_assert_cmpint(jq_game_move_at(g, 1).move, ==,
                    jq_move_make(jq_square_parse("a6"), jq_square_parse("a5")));
    g_assert_cmpint(jq_game_move_at(g, 1).reveal.mover, !=, JQ_NO_TYPE);
    g_assert_true(jq_game_side_to_move(g) == JQ_RED);
    JqResult r = jq_game_result(g);
    g_assert_cmpint(r.outcome, ==, lost.outcome);
    g_assert_cmpint(r.reason, ==, lost.reason);
  }
  g_assert_cmpint(jq_net_session_clock_ms(host.s, JQ_RED), ==, 0);
  g_assert_cmpint(jq_net_session_clock_ms(join.s, JQ_RED), ==, 0);
  /* Both sides closed: the relays' reads are over before they are freed. */
  jq_test_net_run_until(&to_join->eof);
  jq_test_net_run_until(&to_host->eof);
  for (GIOStream **io = (GIOStream *[]){a, b, c, d, NULL}; *io; io++)
    g_object_unref(*io);
  g_string_free(to_join->pending, TRUE);
  g_string_free(to_host->pending, TRUE);
  g_string_free(to_host->held, TRUE);
  g_free(to_join);
  g_free(to_host);
  side_clear(&host);
  side_clear(&join);
}

/* ---- The leak test: two games whose deals differ by one swap in A's
 * shuffle, every byte both peers send recorded by a relay between them. */

/* What card (c, i) turns out to be: B's card i is A's card shuffle_b[i],
 * which is identity shuffle_a[that] (out[i] = in[shuffle[i]]). */
static JqPieceType leak_identity(const uint8_t shuffle_a[2][15],
                                 const uint8_t shuffle_b[2][15], int c, int i) {
  return jq_fair_deal_identity_type(shuffle_a[c][shuffle_b[c][i]]);
}

typedef struct {
  Side host, join;
  JqTestNetReader *from_host, *from_join;
  GIOStream *io[4];
} Recorded;

/* The lines of a recording, the last (unfinished) one left out. */
static char **recorded_lines(const JqTestNetReader *r, int *n) {
  char **lines = g_strsplit(r->text->str, "\n", -1);
  *n = (int)g_strv_length(lines) - 1;
  return lines;
}

/* The card of a share line; FALSE for any other message. */
static gboolean share_card(const char *line, int *color, int *index) {
  JqNetMessage *msg = g_new(JqNetMessage, 1);
  gboolean share = jq_net_message_parse(line, strlen(line), msg, NULL) &&
                   msg->type == JQ_NET_MSG_SHARE && msg->data_len >= 2;
  if (share) {
    *color = msg->data[0];
    *index = msg->data[1];
  }
  g_free(msg);
  return share;
}

/* Whether a recording holds a share of card (c, i1) or (c, i2). */
static gboolean has_share_of(const JqTestNetReader *r, int c, int i1, int i2) {
  int n, color, index;
  gboolean found = FALSE;
  char **lines = recorded_lines(r, &n);
  for (int k = 0; k < n && !found; k++)
    found = share_card(lines[k], &color, &index) && color == c &&
            (index == i1 || index == i2);
  g_strfreev(lines);
  return found;
}

/* Plays a game through the relay; with c >= 0 it stops once both
 * directions carried a share of card (c, i1) or (c, i2), else at the end's
 * check. */
static void record_game(Recorded *g, const uint8_t secret[2][32],
                        const uint8_t shuffle_a[2][15],
                        const uint8_t shuffle_b[2][15], int c, int i1, int i2) {
  JqNetParams params = jieqi_params(JQ_RED, JQ_DISCLOSE_CAPTOR);
  make_sides(&g->host, &g->join, &params, 900);
  g_assert_true(jq_net_session_set_deal_secret(
      g->host.s, secret[JQ_FAIR_ROLE_A], shuffle_a));
  g_assert_true(jq_net_session_set_deal_secret(
      g->join.s, secret[JQ_FAIR_ROLE_B], shuffle_b));
  /* No pings: they come with the clock, not with the game. */
  jq_net_session_set_timeout(g->host.s, 600000);
  jq_net_session_set_timeout(g->join.s, 600000);
  jq_test_net_connect_pair(&g->io[0], &g->io[1]);
  jq_test_net_connect_pair(&g->io[2], &g->io[3]);
  g->from_host = jq_test_net_reader_start(g->io[1], g->io[2]);
  g->from_join = jq_test_net_reader_start(g->io[2], g->io[1]);
  jq_net_session_start(g->host.s, g->io[0]);
  jq_net_session_start(g->join.s, g->io[3]);
  gboolean late;
  guint guard = jq_test_net_guard(&late, 2 * JQ_TEST_NET_WAIT_MS);
  while (!late && !g->host.lost && !g->join.lost &&
         !(g->host.fair_done && g->join.fair_done) &&
         !(c >= 0 && has_share_of(g->from_host, c, i1, i2) &&
           has_share_of(g->from_join, c, i1, i2)))
    g_main_context_iteration(NULL, TRUE);
  g_source_remove(guard);
  g_assert_false(late);
  g_assert_false(g->host.lost && !g->host.fair_done);
  g_assert_false(g->join.lost && !g->join.fair_done);
  jq_net_session_close(g->host.s, "test over");
  jq_net_session_close(g->join.s, "test over");
  for (int i = 0; i < 4; i++)
    g_io_stream_close(g->io[i], NULL, NULL);
  while (!g->from_host->eof || !g->from_join->eof)
    g_main_context_iteration(NULL, TRUE);
}

static void recorded_clear(Recorded *g) {
  jq_test_net_reader_free(g->from_host);
  jq_test_net_reader_free(g->from_join);
  for (int i = 0; i < 4; i++)
    g_object_unref(g->io[i]);
  side_clear(&g->host);
  side_clear(&g->join);
}

/* The line with the deal's, share's or end's bytes starred out. */
static void mask_crypto(char *line) {
  static const char *const keys[] = {"\"deal\":\"", "\"share\":\"",
                                     "\"end\":\""};
  for (size_t k = 0; k < G_N_ELEMENTS(keys); k++) {
    char *at = strstr(line, keys[k]);
    if (!at)
      continue;
    for (at += strlen(keys[k]); *at && *at != '"'; at++)
      *at = '*';
  }
}

/* Nothing on the wire names a piece: every line is a message the parser
 * accepts (no field it does not list), a move is bare coordinates, and no
 * piece's name appears anywhere. */
static void check_no_identity(const JqTestNetReader *r) {
  static const char *const names[] = {"king",     "general", "advisor",
                                      "elephant", "horse",   "chariot",
                                      "cannon",   "pawn",    "soldier"};
  int n;
  char **lines = recorded_lines(r, &n);
  JqNetMessage *msg = g_new(JqNetMessage, 1);
  for (int k = 0; k < n; k++) {
    GError *error = NULL;
    g_assert_true(
        jq_net_message_parse(lines[k], strlen(lines[k]), msg, &error));
    g_assert_no_error(error);
    if (msg->type == JQ_NET_MSG_MOVE)
      g_assert_cmpuint(strlen(msg->move), ==, 4);
    char *lower = g_ascii_strdown(lines[k], -1);
    for (size_t i = 0; i < G_N_ELEMENTS(names); i++)
      if (strstr(lower, names[i]))
        g_error("line %d names a piece: %s", k, lines[k]);
    g_free(lower);
  }
  g_free(msg);
  g_strfreev(lines);
}

/* One direction of the two games: the same messages, byte for byte but
 * for the crypto fields, up to this sender's first share of a swapped
 * card. Returns the line of that share (-1: none, the streams are then
 * alike to their end). */
static int compare_until_swap(const JqTestNetReader *r1,
                              const JqTestNetReader *r2, int c, int i1, int i2,
                              const char *who) {
  int n1, n2, cut = -1, k;
  char **l1 = recorded_lines(r1, &n1), **l2 = recorded_lines(r2, &n2);
  JqNetMessage *m1 = g_new(JqNetMessage, 1), *m2 = g_new(JqNetMessage, 1);
  for (k = 0; k < n1 && k < n2; k++) {
    g_assert_true(jq_net_message_parse(l1[k], strlen(l1[k]), m1, NULL));
    g_assert_true(jq_net_message_parse(l2[k], strlen(l2[k]), m2, NULL));
    g_assert_cmpint(m1->type, ==, m2->type);
    g_assert_cmpuint(strlen(l1[k]), ==, strlen(l2[k]));
    g_assert_cmpuint(m1->data_len, ==, m2->data_len);
    if (m1->type == JQ_NET_MSG_SHARE) {
      /* The card is public (the move names it); only its bytes are not. */
      g_assert_cmpint(m1->data[0], ==, m2->data[0]);
      g_assert_cmpint(m1->data[1], ==, m2->data[1]);
      if (m1->data[0] == c && (m1->data[1] == i1 || m1->data[1] == i2)) {
        cut = k;
        /* It opens to another piece in each game: the bytes differ. */
        g_assert_true(memcmp(m1->data, m2->data, m1->data_len) != 0);
        break;
      }
    }
    mask_crypto(l1[k]);
    mask_crypto(l2[k]);
    if (strcmp(l1[k], l2[k]) != 0)
      g_error("%s's line %d differs before the swapped card's share:\n%s\n%s",
              who, k, l1[k], l2[k]);
  }
  if (cut < 0) /* no swapped card from this sender: alike to the end */
    g_assert_cmpint(n1, ==, n2);
  g_test_message("%s: %d lines alike before the swapped share", who,
                 cut < 0 ? n1 : cut);
  g_free(m1);
  g_free(m2);
  g_strfreev(l1);
  g_strfreev(l2);
  return cut;
}

/* Game 1 is played to its end; the swap is chosen in it: the tenth
 * distinct card the host opens, and a card of the same colour with
 * another identity that no share opened before it. Game 2 swaps those two
 * identities in A's shuffle and is played until both sides' shares of a
 * swapped card went out. Up to there, each direction's bytes must be
 * alike but for the crypto fields, and no message may name a piece. */
static void test_leak(void) {
  uint8_t secret[2][32], shuffle[2][2][15];
  jq_test_net_fixed_deal(0, secret, shuffle);
  Recorded g1;
  record_game(&g1, (const uint8_t(*)[32])secret,
              (const uint8_t(*)[15])shuffle[JQ_FAIR_ROLE_A],
              (const uint8_t(*)[15])shuffle[JQ_FAIR_ROLE_B], -1, 0, 0);
  g_assert_true(g1.host.fair && g1.join.fair);
  check_no_identity(g1.from_host);
  check_no_identity(g1.from_join);

  /* The computed deal is the one the game ended with. */
  const JqGame *full = jq_net_session_game(g1.host.s);
  JqPieceType deal[JQ_SQUARES];
  jq_game_initial_deal(full, deal);
  for (int c = 0; c < 2; c++)
    for (int i = 0; i < 15; i++)
      g_assert_cmpint(deal[jq_fair_deal_card_square((JqColor)c, i)], ==,
                      leak_identity((const uint8_t(*)[15])shuffle[0],
                                    (const uint8_t(*)[15])shuffle[1], c, i));

  /* The swap: the tenth card the host opened, with a card no share of
   * either side opened before it. */
  gboolean opened[2][15] = {{FALSE}};
  int distinct = 0, c = -1, i1 = -1, i2 = -1, n;
  char **lines = recorded_lines(g1.from_host, &n);
  for (int k = 0; k < n && c < 0; k++) {
    int color, index;
    if (!share_card(lines[k], &color, &index) || opened[color][index])
      continue;
    opened[color][index] = TRUE;
    if (++distinct == 10) {
      c = color;
      i1 = index;
    }
  }
  g_strfreev(lines);
  g_assert_cmpint(c, >=, 0);
  lines = recorded_lines(g1.from_join, &n);
  for (int k = 0; k < n; k++) {
    int color, index;
    if (!share_card(lines[k], &color, &index))
      continue;
    if (color == c && index == i1)
      break;
    opened[color][index] = TRUE;
  }
  g_strfreev(lines);
  JqPieceType t1 = leak_identity((const uint8_t(*)[15])shuffle[0],
                                 (const uint8_t(*)[15])shuffle[1], c, i1);
  for (int i = 0; i < 15 && i2 < 0; i++)
    if (!opened[c][i] &&
        leak_identity((const uint8_t(*)[15])shuffle[0],
                      (const uint8_t(*)[15])shuffle[1], c, i) != t1)
      i2 = i;
  g_assert_cmpint(i2, >=, 0);
  uint8_t swapped[2][15];
  memcpy(swapped, shuffle[JQ_FAIR_ROLE_A], sizeof swapped);
  int p = shuffle[JQ_FAIR_ROLE_B][c][i1], q = shuffle[JQ_FAIR_ROLE_B][c][i2];
  uint8_t tmp = swapped[c][p];
  swapped[c][p] = swapped[c][q];
  swapped[c][q] = tmp;
  g_test_message("swap: %s cards %d and %d", c == JQ_RED ? "red" : "black", i1,
                 i2);

  Recorded g2;
  record_game(&g2, (const uint8_t(*)[32])secret, (const uint8_t(*)[15])swapped,
              (const uint8_t(*)[15])shuffle[JQ_FAIR_ROLE_B], c, i1, i2);
  g_assert_true(leak_identity((const uint8_t(*)[15])swapped,
                              (const uint8_t(*)[15])shuffle[1], c, i1) != t1);
  check_no_identity(g2.from_host);
  check_no_identity(g2.from_join);
  int cut_h = compare_until_swap(g1.from_host, g2.from_host, c, i1, i2, "host");
  int cut_j =
      compare_until_swap(g1.from_join, g2.from_join, c, i1, i2, "joiner");
  /* The swapped card was opened, after the deal and some moves. */
  g_assert_cmpint(MAX(cut_h, cut_j), >, 4);
  recorded_clear(&g1);
  recorded_clear(&g2);
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/net-jieqi/whole-games", test_whole_games);
  g_test_add_func("/net-jieqi/leak", test_leak);
  g_test_add_func("/net-jieqi/resume", test_resume);
  g_test_add_func("/net-jieqi/resume-pending/unsent",
                  test_resume_pending_unsent);
  g_test_add_func("/net-jieqi/resume-pending/no-share",
                  test_resume_pending_no_share);
  g_test_add_func("/net-jieqi/resume-pending/answered",
                  test_resume_pending_answered);
  g_test_add_func("/net-jieqi/clock/flag-mid-reveal",
                  test_clock_flag_mid_reveal);
  g_test_add_func("/net-jieqi/cheat/wrong-key", test_cheat_wrong_key);
  g_test_add_func("/net-jieqi/cheat/forged-share", test_cheat_forged_share);
  g_test_add_func("/net-jieqi/cheat/other-card", test_cheat_other_card);
  g_test_add_func("/net-jieqi/cheat/withheld", test_cheat_withheld);
  g_test_add_func("/net-jieqi/cheat/bad-deal", test_cheat_bad_deal);
  return g_test_run();
}
