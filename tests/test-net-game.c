/* A network game on the app's game controller, without a display: a peer
 * (a JqNetSession in this process) hosts over loopback and the app's side
 * joins through a JqNetGame. Moves both ways, a take-back asked by either
 * side, a draw agreed, a resignation, and the peer vanishing: the game is
 * kept and the peer's side goes back to the person at the screen. A game
 * given up, by the peer or here, is told to the other side (a leave), and
 * nobody waits for it any more. Every wait is bounded. */
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>

#include "jq-engine-list.h"
#include "jq-game-controller-private.h"
#include "jq-net-game.h"
#include "jq-net-session.h"
#include "jq-net-transport.h"

#define DEADLINE_MS 20000

typedef struct {
  GSocketService *service;
  JqNetSession *host; /* the scripted peer */
  JqNetSession *join; /* the app's side */
  JqGameController *controller;
  JqNetGame *net;
  int peer_moves_seen; /* the app's moves, as the peer saw them */
  int draw_offers, takeback_requests;
  char *dir, *autosave; /* jieqi: the controller's autosave */
  char *notice;         /* the controller's last notice */
  char *pgn_at_end;     /* the game's PGN when the controller's game ended */
  guint16 port;
  GSocketConnection *host_conn; /* the peer's latest connection */
  /* The peer's answer to a connection made to resume a paused game: a
   * leave (it gave up), or a resumption. */
  gboolean answer_leave;
  int incoming;    /* connections the peer was offered */
  char *abandoned; /* why the peer was told the app gave up */
} Fixture;

static gboolean spin_until(gboolean (*done)(Fixture *), Fixture *f) {
  gint64 end = g_get_monotonic_time() + DEADLINE_MS * 1000;
  while (!done(f) && g_get_monotonic_time() < end)
    g_main_context_iteration(NULL, FALSE);
  return done(f);
}

static gboolean on_incoming(GSocketService *service, GSocketConnection *conn,
                            GObject *source, Fixture *f) {
  JqNetState state = jq_net_session_state(f->host);
  f->incoming++;
  if (state == JQ_NET_STATE_IDLE) {
    jq_net_session_start(f->host, G_IO_STREAM(conn));
  } else if (state == JQ_NET_STATE_PAUSED && f->answer_leave) {
    g_assert_true(jq_net_session_abandon(f->host, G_IO_STREAM(conn),
                                         "the host stopped waiting", NULL));
  } else if (state == JQ_NET_STATE_PAUSED) {
    g_assert_true(jq_net_session_resume(f->host, G_IO_STREAM(conn), NULL));
  } else {
    return FALSE; /* not paused yet: the app tries again */
  }
  g_set_object(&f->host_conn, conn);
  return TRUE;
}

static void on_host_abandoned(JqNetSession *s, const GError *error,
                              Fixture *f) {
  g_free(f->abandoned);
  f->abandoned = g_strdup(error->message);
}

static void on_host_move(JqNetSession *s, guint move, Fixture *f) {
  f->peer_moves_seen++;
}
static void on_host_draw(JqNetSession *s, Fixture *f) { f->draw_offers++; }
static void on_host_takeback(JqNetSession *s, Fixture *f) {
  f->takeback_requests++;
}

static gboolean both_playing(Fixture *f) {
  return jq_net_session_state(f->host) == JQ_NET_STATE_PLAYING &&
         jq_net_session_state(f->join) == JQ_NET_STATE_PLAYING;
}

static void on_over(JqGameController *c, JqOutcome outcome, JqReason reason,
                    const char *text, Fixture *f) {
  g_free(f->pgn_at_end);
  f->pgn_at_end = jq_game_controller_to_pgn(c, JQ_PGN_COORDS);
}

static void on_notice(JqGameController *c, const char *text, Fixture *f) {
  g_free(f->notice);
  f->notice = g_strdup(text);
}

/* The peer hosts as Red; the app joins and plays Black. `data`: the
 * variant (xiangqi when NULL). */
static void setup(Fixture *f, gconstpointer data) {
  JqNetParams params = {.variant = data ? *(const JqVariant *)data
                                        : JQ_VARIANT_XIANGQI,
                        .host_color = JQ_RED,
                        .disclosure = JQ_DISCLOSE_CAPTOR};
  GError *error = NULL;
  f->host = jq_net_session_new_host(&params, "Peer", "4711", &error);
  g_assert_no_error(error);
  g_signal_connect(f->host, "peer-move", G_CALLBACK(on_host_move), f);
  g_signal_connect(f->host, "draw-offered", G_CALLBACK(on_host_draw), f);
  g_signal_connect(f->host, "takeback-requested", G_CALLBACK(on_host_takeback),
                   f);
  g_signal_connect(f->host, "abandoned", G_CALLBACK(on_host_abandoned), f);
  guint16 port = 0;
  f->service = jq_net_listen("127.0.0.1", 0, &port, &error);
  f->port = port;
  g_assert_no_error(error);
  g_signal_connect(f->service, "incoming", G_CALLBACK(on_incoming), f);

  f->join = jq_net_session_new_join("Me", "4711", &error);
  g_assert_no_error(error);
  GSocketClient *client = g_socket_client_new();
  GSocketConnection *conn =
      g_socket_client_connect_to_host(client, "127.0.0.1", port, NULL, &error);
  g_assert_no_error(error);
  jq_net_session_start(f->join, G_IO_STREAM(conn));
  g_object_unref(conn);
  g_object_unref(client);
  g_assert_true(spin_until(both_playing, f));

  f->dir = g_dir_make_tmp("test-net-game-XXXXXX", &error);
  g_assert_no_error(error);
  f->autosave = g_build_filename(f->dir, "autosave.pgn", NULL);
  f->controller = jq_game_controller_new_with_autosave(
      params.variant == JQ_VARIANT_JIEQI ? f->autosave : "");
  g_signal_connect(f->controller, "notice", G_CALLBACK(on_notice), f);
  g_signal_connect(f->controller, "game-over", G_CALLBACK(on_over), f);
  f->net = jq_net_game_new(f->controller, f->join, "Me");
  g_assert_nonnull(f->net);
}

static void teardown(Fixture *f, gconstpointer data) {
  g_clear_object(&f->net);
  g_clear_object(&f->controller);
  if (f->host)
    jq_net_session_close(f->host, "test over");
  g_clear_object(&f->host);
  g_clear_object(&f->join);
  jq_net_stop_listening(f->service);
  g_clear_object(&f->service);
  g_clear_object(&f->host_conn);
  g_free(f->abandoned);
  g_unlink(f->autosave);
  g_rmdir(f->dir);
  g_free(f->autosave);
  g_free(f->dir);
  g_free(f->notice);
  g_free(f->pgn_at_end);
}

static JqMove parse(const char *coords) {
  return jq_move_make(jq_square_parse(coords), jq_square_parse(coords + 2));
}

static int moves(Fixture *f) {
  return jq_game_controller_get_move_count(f->controller);
}

static gboolean one_move(Fixture *f) { return moves(f) == 1; }
static gboolean two_moves(Fixture *f) { return f->peer_moves_seen == 1; }
static gboolean three_moves(Fixture *f) { return moves(f) == 3; }

/* Red h2e2 from the peer, Black h9g7 from the board, Red h0g2 again. */
static void play_three(Fixture *f) {
  GError *error = NULL;
  g_assert_true(jq_net_session_move(f->host, parse("h2e2"), &error));
  g_assert_no_error(error);
  g_assert_true(spin_until(one_move, f));
  g_assert_true(jq_game_controller_is_human_turn(f->controller));
  JqMove black = parse("h9g7");
  g_assert_true(jq_game_controller_play_move(f->controller, jq_move_from(black),
                                             jq_move_to(black), &error));
  g_assert_no_error(error);
  g_assert_true(spin_until(two_moves, f));
  g_assert_cmpint(jq_game_move_count(jq_net_session_game(f->host)), ==, 2);
  g_assert_true(jq_net_session_move(f->host, parse("h0g2"), &error));
  g_assert_true(spin_until(three_moves, f));
}

static void test_moves_both_ways(Fixture *f, gconstpointer data) {
  g_assert_cmpint(jq_game_controller_get_player(f->controller, JQ_BLACK), ==,
                  JQ_PLAYER_MODE_HUMAN);
  g_assert_cmpstr(jq_game_controller_get_player_name(f->controller, JQ_RED), ==,
                  "Peer");
  g_assert_cmpstr(jq_game_controller_get_player_name(f->controller, JQ_BLACK),
                  ==, "Me");
  /* The peer's turn: the board refuses the human. */
  JqMove early = parse("h9g7");
  GError *error = NULL;
  g_assert_false(jq_game_controller_play_move(
      f->controller, jq_move_from(early), jq_move_to(early), &error));
  g_assert_error(error, JQ_GAME_CONTROLLER_ERROR,
                 JQ_GAME_CONTROLLER_ERROR_NOT_YOUR_TURN);
  g_clear_error(&error);
  play_three(f);
  g_assert_true(jq_game_controller_is_human_turn(f->controller));
  g_assert_true(jq_net_game_is_live(f->net));
}

static gboolean back_to_one(Fixture *f) { return moves(f) == 1; }
static gboolean asked_takeback(Fixture *f) { return f->takeback_requests == 1; }
static gboolean host_has_two(Fixture *f) {
  return jq_game_move_count(jq_net_session_game(f->host)) == 2;
}

/* We ask; the peer agrees: back to before our move, no redo, and the
 * game goes on in step. */
static void test_takeback_ours(Fixture *f, gconstpointer data) {
  play_three(f);
  GError *error = NULL;
  g_assert_true(jq_net_session_request_takeback(f->join, &error));
  g_assert_no_error(error);
  g_assert_true(spin_until(asked_takeback, f));
  g_assert_true(jq_net_session_answer_takeback(f->host, TRUE, &error));
  g_assert_no_error(error);
  g_assert_true(spin_until(back_to_one, f));
  g_assert_true(jq_game_controller_is_human_turn(f->controller));
  g_assert_false(jq_game_controller_can_redo(f->controller));
  JqMove black = parse("b9c7");
  g_assert_true(jq_game_controller_play_move(f->controller, jq_move_from(black),
                                             jq_move_to(black), &error));
  g_assert_no_error(error);
  g_assert_true(spin_until(host_has_two, f));
  g_assert_cmpint(jq_game_move_at(jq_net_session_game(f->host), 1).move, ==,
                  black);
}

static gboolean takeback_offered_here(Fixture *f) {
  return jq_net_session_takeback_requested(f->join);
}

/* The peer asks, we agree: its last move goes, and it is its turn. */
static void test_takeback_peers(Fixture *f, gconstpointer data) {
  play_three(f);
  GError *error = NULL;
  g_assert_true(jq_net_session_request_takeback(f->host, &error));
  g_assert_no_error(error);
  g_assert_true(spin_until(takeback_offered_here, f));
  g_assert_true(jq_net_session_answer_takeback(f->join, TRUE, &error));
  g_assert_no_error(error);
  g_assert_cmpint(moves(f), ==, 2);
  g_assert_false(jq_game_controller_is_human_turn(f->controller));
  g_assert_true(jq_game_controller_is_thinking(f->controller));
  g_assert_true(spin_until(host_has_two, f));
  g_assert_true(jq_net_session_move(f->host, parse("b0c2"), &error));
  g_assert_no_error(error);
  g_assert_true(spin_until(three_moves, f));
}

static gboolean draw_offered_here(Fixture *f) {
  return jq_net_session_draw_offered(f->join);
}

static void test_draw_agreed(Fixture *f, gconstpointer data) {
  play_three(f);
  GError *error = NULL;
  g_assert_true(jq_net_session_offer_draw(f->host, &error));
  g_assert_true(spin_until(draw_offered_here, f));
  g_assert_true(jq_net_session_answer_draw(f->join, TRUE, &error));
  g_assert_no_error(error);
  g_assert_true(jq_game_controller_is_over(f->controller));
  JqResult r = jq_game_controller_get_result(f->controller);
  g_assert_cmpint(r.outcome, ==, JQ_OUTCOME_DRAW);
  g_assert_cmpint(r.reason, ==, JQ_REASON_AGREEMENT);
  g_assert_cmpint(moves(f), ==, 3);
  g_assert_false(jq_net_game_is_live(f->net));
}

static gboolean host_over(Fixture *f) {
  return jq_net_session_state(f->host) == JQ_NET_STATE_OVER;
}

/* The window's resignation goes to the peer. */
static void test_resign(Fixture *f, gconstpointer data) {
  play_three(f);
  GError *error = NULL;
  g_assert_true(jq_game_controller_resign(f->controller, &error));
  g_assert_no_error(error);
  g_assert_true(spin_until(host_over, f));
  JqResult r = jq_game_result(jq_net_session_game(f->host));
  g_assert_cmpint(r.reason, ==, JQ_REASON_RESIGNATION);
  g_assert_cmpint(r.outcome, ==, JQ_OUTCOME_RED_WINS);
}

static gboolean host_paused(Fixture *f) {
  return jq_net_session_state(f->host) == JQ_NET_STATE_PAUSED;
}

static gboolean join_paused(Fixture *f) {
  return jq_net_session_state(f->join) == JQ_NET_STATE_PAUSED;
}

/* The peer goes: the game is kept, unfinished, and the peer's side is
 * the person's at this screen now. */
static void test_peer_vanishes(Fixture *f, gconstpointer data) {
  play_three(f);
  g_clear_object(&f->host);
  g_assert_true(spin_until(join_paused, f));
  g_assert_false(jq_net_game_is_live(f->net));
  g_assert_cmpint(moves(f), ==, 3);
  g_assert_false(jq_game_controller_is_over(f->controller));
  g_assert_cmpint(jq_game_controller_get_player(f->controller, JQ_RED), ==,
                  JQ_PLAYER_MODE_HUMAN);
  g_assert_false(jq_game_controller_is_thinking(f->controller));
}

static gboolean join_abandoned(Fixture *f) {
  return jq_net_session_state(f->join) == JQ_NET_STATE_ABANDONED;
}

static gboolean host_abandoned(Fixture *f) { return f->abandoned != NULL; }

static gboolean app_waiting(Fixture *f) {
  return jq_net_game_is_waiting(f->net);
}

/* The game given up on this side, kept here: unfinished, both sides to
 * the person at this screen, nothing waited for. */
static void assert_kept(Fixture *f) {
  g_assert_false(jq_net_game_is_live(f->net));
  g_assert_false(jq_net_game_is_waiting(f->net));
  g_assert_false(jq_game_controller_get_paused(f->controller));
  g_assert_cmpint(moves(f), ==, 3);
  g_assert_false(jq_game_controller_is_over(f->controller));
  g_assert_cmpint(jq_game_controller_get_player(f->controller, JQ_RED), ==,
                  JQ_PLAYER_MODE_HUMAN);
  g_assert_false(jq_game_controller_is_thinking(f->controller));
}

/* The line drops under both sides; the app waits to reconnect. */
static void drop_and_wait(Fixture *f) {
  jq_net_game_set_reconnect(f->net, FALSE, "127.0.0.1", f->port);
  g_assert_true(g_socket_shutdown(g_socket_connection_get_socket(f->host_conn),
                                  TRUE, TRUE, NULL));
  g_assert_true(spin_until(app_waiting, f));
  g_assert_true(spin_until(host_paused, f));
}

/* The peer gives the game up on the live connection: the app stops at
 * once, and keeps the game for the person here. */
static void test_peer_gives_up(Fixture *f, gconstpointer data) {
  play_three(f);
  jq_net_game_set_reconnect(f->net, FALSE, "127.0.0.1", f->port);
  GError *error = NULL;
  g_assert_true(
      jq_net_session_abandon(f->host, NULL, "the player left", &error));
  g_assert_no_error(error);
  g_assert_true(spin_until(join_abandoned, f));
  g_assert_true(jq_net_game_peer_gave_up(f->net));
  g_assert_cmpint(jq_net_game_get_status(f->net), ==,
                  JQ_NET_STATUS_PEER_GAVE_UP);
  assert_kept(f);
}

/* The connection dropped and the app reconnects; the peer (the host)
 * answers that it gave up: the app stops reconnecting there and then. */
static void test_peer_gave_up_while_paused(Fixture *f, gconstpointer data) {
  play_three(f);
  f->answer_leave = TRUE;
  drop_and_wait(f);
  g_assert_true(spin_until(join_abandoned, f));
  g_assert_true(jq_net_game_peer_gave_up(f->net));
  g_assert_false(jq_net_game_gave_up(f->net));
  g_assert_cmpstr(jq_net_session_error(f->join)->message, ==,
                  "the peer gave up the game: the host stopped waiting");
  assert_kept(f);
  /* No more connections come: the app does not try again. */
  int offered = f->incoming;
  gint64 end = g_get_monotonic_time() + 2500 * 1000;
  while (g_get_monotonic_time() < end)
    g_main_context_iteration(NULL, FALSE);
  g_assert_cmpint(f->incoming, ==, offered);
}

/* The app (the joiner) stops waiting: it connects once more only to tell
 * the host, which learns why. */
static void test_stop_waiting_tells_host(Fixture *f, gconstpointer data) {
  play_three(f);
  drop_and_wait(f);
  jq_net_game_stop_waiting(f->net);
  g_assert_true(jq_net_game_gave_up(f->net));
  g_assert_cmpint(jq_net_game_get_status(f->net), ==, JQ_NET_STATUS_GAVE_UP);
  assert_kept(f);
  g_assert_true(spin_until(host_abandoned, f));
  g_assert_cmpstr(f->abandoned, ==,
                  "the peer gave up the game: the player stopped waiting");
  g_assert_cmpint(jq_net_session_state(f->host), ==, JQ_NET_STATE_ABANDONED);
}

/* The network game let go mid-game (its window closed): the peer is told
 * on the live connection. */
static void test_let_go_tells_peer(Fixture *f, gconstpointer data) {
  play_three(f);
  g_clear_object(&f->net);
  g_assert_true(spin_until(host_abandoned, f));
  g_assert_cmpstr(f->abandoned, ==,
                  "the peer gave up the game: the player closed the game");
  g_assert_cmpint(moves(f), ==, 3);
  g_assert_false(jq_game_controller_is_over(f->controller));
}

/* Another game takes the board mid-game: the peer is told. */
static void test_new_game_tells_peer(Fixture *f, gconstpointer data) {
  play_three(f);
  JqNewGame setup;
  jq_new_game_init(&setup, JQ_VARIANT_XIANGQI);
  GError *error = NULL;
  g_assert_true(jq_game_controller_new_game(f->controller, &setup, &error));
  g_assert_no_error(error);
  g_assert_true(spin_until(host_abandoned, f));
  g_assert_cmpstr(f->abandoned, ==,
                  "the peer gave up the game: the player left the game");
}

/* The computer's algorithm names an outside engine: the peer still holds
 * its seat (no engine is started for its side, nothing moves for it). */
static void test_peer_keeps_seat(Fixture *f, gconstpointer data) {
  JqEngine *engine = g_new0(JqEngine, 1);
  engine->name = g_strdup("Nowhere");
  engine->command = g_strdup("/nonexistent/uci-engine");
  engine->options = g_ptr_array_new();
  engine->values =
      g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
  JqEngineList *list = jq_engine_list_get_default();
  char *id = g_strdup(jq_engine_list_add(list, engine));
  char *algorithm = jq_engine_list_algorithm(id);
  jq_game_controller_set_algorithm(f->controller, algorithm);
  jq_game_controller_set_side_algorithm(f->controller, JQ_RED, algorithm);
  g_assert_cmpstr(jq_game_controller_get_algorithm(f->controller), ==,
                  algorithm);
  GError *error = NULL;
  g_assert_true(jq_net_session_move(f->host, parse("h2e2"), &error));
  g_assert_true(spin_until(one_move, f));
  JqMove black = parse("h9g7");
  g_assert_true(jq_game_controller_play_move(f->controller, jq_move_from(black),
                                             jq_move_to(black), &error));
  g_assert_no_error(error);
  /* Red's turn again: the peer's, waited for. */
  JqPlayer *remote =
      jq_game_controller_get_remote_player(f->controller, JQ_RED);
  g_assert_nonnull(remote);
  g_assert_true(jq_game_controller_get_thinker(f->controller) == remote);
  g_assert_false(jq_game_controller_has_outside_player(f->controller, JQ_RED));
  g_assert_true(spin_until(two_moves, f));
  g_assert_true(jq_net_session_move(f->host, parse("h0g2"), &error));
  g_assert_true(spin_until(three_moves, f));
  g_assert_cmpint(
      jq_game_move_at(jq_game_controller_get_game(f->controller), 2).move, ==,
      parse("h0g2"));
  g_assert_null(f->notice);
  jq_engine_list_remove(list, id);
  g_free(algorithm);
  g_free(id);
}

/* ---- jieqi: the board knows what this side knows ---- */

/* The board (Black's view) against what the session knows, which is
 * exactly what the rules let Black know. */
static void assert_view_is_sessions(Fixture *f) {
  JqPosition *shown = g_new(JqPosition, 1), *known = g_new(JqPosition, 1);
  jq_game_controller_get_display_view(f->controller, shown);
  jq_game_view(jq_net_session_game(f->join), JQ_BLACK, known);
  g_assert_cmpmem(shown->board, sizeof shown->board, known->board,
                  sizeof known->board);
  g_assert_cmpmem(shown->pool, sizeof shown->pool, known->pool,
                  sizeof known->pool);
  g_assert_cmpmem(shown->captured_unknown, sizeof shown->captured_unknown,
                  known->captured_unknown, sizeof known->captured_unknown);
  g_free(shown);
  g_free(known);
}

static JqPiece piece_at(Fixture *f, JqNetSession *s, JqColor side,
                        const char *square) {
  JqPosition *view = g_new(JqPosition, 1);
  if (s)
    jq_game_view(jq_net_session_game(s), side, view);
  else
    jq_game_controller_get_display_view(f->controller, view);
  JqPiece piece = view->board[jq_square_parse(square)];
  g_free(view);
  return piece;
}

static gboolean board_has_two(Fixture *f) { return moves(f) == 2; }
static gboolean host_has_one_move(Fixture *f) {
  return jq_game_move_count(jq_net_session_game(f->host)) == 1;
}
static gboolean host_has_three_moves(Fixture *f) {
  return jq_game_move_count(jq_net_session_game(f->host)) == 3;
}
static gboolean host_has_two_moves(Fixture *f) {
  return jq_game_move_count(jq_net_session_game(f->host)) == 2;
}
static gboolean host_over_fair(Fixture *f) {
  return jq_net_session_fairness(f->host) == JQ_NET_FAIR_YES &&
         f->notice != NULL;
}

static char *autosave_text(Fixture *f) {
  GError *error = NULL;
  g_assert_true(jq_game_controller_flush_autosave(f->controller, &error));
  g_assert_no_error(error);
  char *text = NULL;
  g_assert_true(g_file_get_contents(f->autosave, &text, NULL, &error));
  g_assert_no_error(error);
  return text;
}

/* Red turns a piece over, Black (the board) takes a hidden piece with a
 * hidden cannon, Red takes a hidden piece of Black's: Black sees both
 * turned up, learns what it took and not what it lost (the captor's
 * rule); no file holds more until the deal is checked at the end. */
static void test_jieqi(Fixture *f, gconstpointer data) {
  GError *error = NULL;
  g_assert_cmpint(jq_game_controller_get_variant(f->controller), ==,
                  JQ_VARIANT_JIEQI);
  assert_view_is_sessions(f);
  g_assert_true(jq_net_session_move(f->host, parse("a3a4"), &error));
  g_assert_no_error(error);
  g_assert_true(spin_until(one_move, f));
  g_assert_true(spin_until(host_has_one_move, f));
  assert_view_is_sessions(f);
  /* What turned up is what the peer sees there too: the true piece. */
  JqPiece turned = piece_at(f, NULL, JQ_BLACK, "a4");
  g_assert_false(jq_piece_is_hidden(turned));
  g_assert_cmpint(turned, ==, piece_at(f, f->host, JQ_RED, "a4"));

  /* Black's cannon over b2 takes the hidden piece on b0. */
  JqMove take = parse("b7b0");
  g_assert_true(jq_game_controller_play_move(f->controller, jq_move_from(take),
                                             jq_move_to(take), &error));
  g_assert_no_error(error);
  g_assert_true(spin_until(two_moves, f));
  g_assert_true(spin_until(host_has_two_moves, f));
  g_assert_true(spin_until(board_has_two, f));
  assert_view_is_sessions(f);
  g_assert_cmpint(piece_at(f, NULL, JQ_BLACK, "b0"), ==,
                  piece_at(f, f->host, JQ_RED, "b0"));
  /* Black learned what it took: its view knows Red's lost piece. */
  JqPosition *view = g_new(JqPosition, 1);
  jq_game_controller_get_display_view(f->controller, view);
  g_assert_cmpint(view->captured_unknown[JQ_RED], ==, 0);

  /* Red's cannon over h7 takes Black's hidden h9: Black does not learn
   * it, and neither board nor file says it. */
  g_assert_true(jq_net_session_move(f->host, parse("h2h9"), &error));
  g_assert_no_error(error);
  g_assert_true(spin_until(three_moves, f));
  g_assert_true(spin_until(host_has_three_moves, f));
  assert_view_is_sessions(f);
  jq_game_controller_get_display_view(f->controller, view);
  g_assert_cmpint(view->captured_unknown[JQ_BLACK], ==, 1);
  g_free(view);
  char *saved = autosave_text(f);
  g_assert_null(strstr(saved, "JieqiDeal"));
  g_assert_null(strstr(saved, "JieqiSealedDeal"));
  /* Each move carries what Black learned and nothing more: the turned
   * pieces' letters, the piece Black took, not the one it lost. */
  const char *red_take = strstr(saved, "h2h9");
  g_assert_nonnull(red_take);
  g_assert_true(g_ascii_isupper(red_take[4]));
  g_assert_false(g_ascii_isalpha(red_take[5]));
  const char *black_take = strstr(saved, "b7b0");
  g_assert_nonnull(black_take);
  g_assert_true(g_ascii_islower(black_take[4]));
  g_assert_true(g_ascii_isupper(black_take[5]));
  g_free(saved);
  char *pgn = jq_game_controller_to_pgn(f->controller, JQ_PGN_COORDS);
  g_assert_null(strstr(pgn, "JieqiDeal"));
  g_assert_nonnull(strstr(pgn, "h2h9"));
  g_assert_false(g_ascii_isalpha(strstr(pgn, "h2h9")[5]));
  g_free(pgn);

  /* The peer resigns; the deal is checked at the end, and told. */
  g_assert_true(jq_net_session_resign(f->host, &error));
  g_assert_no_error(error);
  g_assert_true(spin_until(host_over_fair, f));
  g_assert_true(jq_game_controller_is_over(f->controller));
  g_assert_cmpint(jq_net_session_fairness(f->join), ==, JQ_NET_FAIR_YES);
  g_assert_cmpstr(f->notice, ==, "The game was fair: the whole deal checks.");
  /* Over, but before the check: the deal was still the stand-in. */
  g_assert_nonnull(f->pgn_at_end);
  g_assert_null(strstr(f->pgn_at_end, "JieqiDeal"));
  g_assert_false(g_ascii_isalpha(strstr(f->pgn_at_end, "h2h9")[5]));
  /* Now the whole deal may be written, and it is the true one. */
  saved = autosave_text(f);
  g_assert_nonnull(strstr(saved, "JieqiDeal"));
  g_assert_true(g_ascii_isalpha(strstr(saved, "h2h9")[5]));
  g_free(saved);
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  static const JqVariant jieqi = JQ_VARIANT_JIEQI;
  g_test_add("/net-game/jieqi", Fixture, &jieqi, setup, test_jieqi, teardown);
#define ADD(path, fn) g_test_add(path, Fixture, NULL, setup, fn, teardown)
  ADD("/net-game/moves-both-ways", test_moves_both_ways);
  ADD("/net-game/take-back/ours", test_takeback_ours);
  ADD("/net-game/take-back/peers", test_takeback_peers);
  ADD("/net-game/draw-agreed", test_draw_agreed);
  ADD("/net-game/resign", test_resign);
  ADD("/net-game/peer-vanishes", test_peer_vanishes);
  ADD("/net-game/peer-keeps-seat", test_peer_keeps_seat);
  ADD("/net-game/give-up/peer-live", test_peer_gives_up);
  ADD("/net-game/give-up/peer-paused", test_peer_gave_up_while_paused);
  ADD("/net-game/give-up/stop-waiting", test_stop_waiting_tells_host);
  ADD("/net-game/give-up/let-go", test_let_go_tells_peer);
  ADD("/net-game/give-up/new-game", test_new_game_tells_peer);
  return g_test_run();
}
