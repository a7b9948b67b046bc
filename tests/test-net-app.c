/* Network play in the app under a virtual display, over loopback: the
 * app hosts through "Play over the Network…" and a scripted peer (a
 * JqNetSession in this process) joins; moves both ways, a chat line
 * shown, a take-back asked from the window, a draw offered by the peer
 * and accepted in the dialog it raises. Then the app joins a game the
 * test hosts (the host remembered), and the peer vanishes: the app says
 * so and keeps the game. The app hosts jieqi: pieces turned up and
 * taken both ways, and the fairness of the deal told at the end. A game
 * given up is told: the peer's leave stops the app's wait and says so,
 * and the app's "Stop Waiting" reaches the peer that comes back. The
 * panel's line for each state of the connection, in English and
 * Chinese. Every wait is bounded. */
#include <adwaita.h>
#include <locale.h>
#include <string.h>

#include "jq-net-dialog.h"
#include "jq-net-error-text.h"
#include "jq-net-error.h"
#include "jq-net-session.h"
#include "jq-net-transport.h"
#include "jq-test-app.h"
#include "jq-window-private.h"

#define DEADLINE_MS 20000

static JqTestApp t;

typedef gboolean (*Cond)(gpointer data);

static gboolean spin_until(Cond done, gpointer data) {
  gint64 end = g_get_monotonic_time() + DEADLINE_MS * 1000;
  while (!done(data) && g_get_monotonic_time() < end)
    g_main_context_iteration(NULL, FALSE);
  return done(data);
}

static JqWindow *window(void) { return JQ_WINDOW(t.window); }
static JqGameController *controller(void) {
  return jq_window_get_controller(window());
}

static gboolean has_panel(gpointer data) {
  return jq_window_get_net_panel(window()) != NULL;
}
static gboolean playing(gpointer data) {
  return jq_net_session_state(data) == JQ_NET_STATE_PLAYING;
}
static int want_moves;
static gboolean app_moves(gpointer data) {
  return jq_game_controller_get_move_count(controller()) == want_moves;
}
static gboolean peer_moves(gpointer data) {
  return jq_game_move_count(jq_net_session_game(data)) == want_moves;
}
static gboolean chat_shown(gpointer data) {
  return strstr(jq_net_panel_get_chat(jq_window_get_net_panel(window())),
                data) != NULL;
}
static gboolean flag_set(gpointer data) { return *(gboolean *)data; }
static void on_chat(JqNetSession *s, const char *text, gboolean *flag) {
  *flag = TRUE;
}
static void on_asked(JqNetSession *s, gboolean *flag) { *flag = TRUE; }

/* The message dialog on show with this heading, NULL when none. */
static gpointer find_dialog(gpointer heading) {
  GListModel *tops = gtk_window_get_toplevels();
  for (guint i = 0; i < g_list_model_get_n_items(tops); i++) {
    GtkWindow *w = g_list_model_get_item(tops, i);
    g_object_unref(w);
    if (ADW_IS_MESSAGE_DIALOG(w) && gtk_widget_get_visible(GTK_WIDGET(w)) &&
        g_strcmp0(adw_message_dialog_get_heading(ADW_MESSAGE_DIALOG(w)),
                  heading) == 0)
      return w;
  }
  return NULL;
}
static gboolean dialog_shown(gpointer heading) {
  return find_dialog(heading) != NULL;
}

static void play(const char *coords) {
  GError *error = NULL;
  g_assert_true(
      jq_game_controller_play_move(controller(), jq_square_parse(coords),
                                   jq_square_parse(coords + 2), &error));
  g_assert_no_error(error);
}

static void peer_play(JqNetSession *peer, const char *coords) {
  GError *error = NULL;
  g_assert_true(jq_net_session_move(
      peer, jq_move_make(jq_square_parse(coords), jq_square_parse(coords + 2)),
      &error));
  g_assert_no_error(error);
}

static gboolean action_enabled(const char *name) {
  return g_action_group_get_action_enabled(G_ACTION_GROUP(window()), name);
}

/* The panel's connection line reads `data`. */
static gboolean panel_says(gpointer data) {
  JqNetPanel *panel = jq_window_get_net_panel(window());
  return panel && !strcmp(jq_net_panel_get_status(panel), data);
}

/* The line drops under both sides, neither saying goodbye. */
static void drop(GSocketConnection *conn) {
  g_assert_true(g_socket_shutdown(g_socket_connection_get_socket(conn), TRUE,
                                  TRUE, NULL));
}

static GSocketConnection *connect_to(guint16 port) {
  GError *error = NULL;
  GSocketClient *client = g_socket_client_new();
  GSocketConnection *conn =
      g_socket_client_connect_to_host(client, "127.0.0.1", port, NULL, &error);
  g_assert_no_error(error);
  g_object_unref(client);
  return conn;
}

static gboolean paused_state(gpointer data) {
  return jq_net_session_state(data) == JQ_NET_STATE_PAUSED;
}

/* The panel's line has been laid out in the width it was given. */
static gboolean status_laid_out(gpointer data) {
  GtkLabel *label =
      jq_net_panel_get_status_label(jq_window_get_net_panel(window()));
  int width = gtk_widget_get_width(GTK_WIDGET(label));
  return width > 0 && pango_layout_get_width(gtk_label_get_layout(label)) ==
                          width * PANGO_SCALE;
}

/* The app waits for the peer: clocks stopped, no move taken, the panel's
 * line says so, all of it (it wraps, however long the peer's name, and
 * asks for no more width than the panel has: it would widen the side
 * panel, and the window then folds it away), and offers to stop waiting. */
static void check_waiting(const char *status, const char *legal) {
  g_assert_true(spin_until(panel_says, (gpointer)status));
  g_assert_true(spin_until(status_laid_out, NULL));
  JqNetPanel *panel = jq_window_get_net_panel(window());
  GtkLabel *line = jq_net_panel_get_status_label(panel);
  g_assert_false(pango_layout_is_ellipsized(gtk_label_get_layout(line)));
  int natural = 0;
  gtk_widget_measure(GTK_WIDGET(line), GTK_ORIENTATION_HORIZONTAL, -1, NULL,
                     &natural, NULL, NULL);
  g_assert_cmpint(natural, <=, gtk_widget_get_width(GTK_WIDGET(panel)));
  g_assert_true(
      gtk_widget_get_visible(GTK_WIDGET(jq_net_panel_get_stop_button(panel))));
  g_assert_true(jq_game_controller_get_paused(controller()));
  g_assert_false(jq_game_controller_is_over(controller()));
  g_assert_false(action_enabled("hint"));
  g_assert_false(action_enabled("redo"));
  int before = jq_game_controller_get_move_count(controller());
  GError *error = NULL;
  g_assert_false(
      jq_game_controller_play_move(controller(), jq_square_parse(legal),
                                   jq_square_parse(legal + 2), &error));
  g_assert_nonnull(error);
  g_assert_nonnull(strstr(error->message, "connection is lost"));
  g_clear_error(&error);
  g_assert_cmpint(jq_game_controller_get_move_count(controller()), ==, before);
}

static void test_host(void) {
  JqNetDialog *dialog = JQ_NET_DIALOG(jq_window_show_net_dialog(window()));
  /* Each mode has an icon in the switcher (none shows a broken image). */
  AdwViewStack *stack = NULL;
  for (GtkWidget *w = GTK_WIDGET(dialog); w && !stack;
       w = gtk_widget_get_first_child(w))
    for (GtkWidget *c = w; c && !stack; c = gtk_widget_get_next_sibling(c))
      if (ADW_IS_VIEW_STACK(c))
        stack = ADW_VIEW_STACK(c);
  g_assert_nonnull(stack);
  for (const char *const *m = (const char *const[]){"host", "join", NULL}; *m;
       m++) {
    const char *icon =
        adw_view_stack_page_get_icon_name(adw_view_stack_get_page(
            stack, adw_view_stack_get_child_by_name(stack, *m)));
    g_assert_nonnull(icon);
    g_assert_true(gtk_icon_theme_has_icon(
        gtk_icon_theme_get_for_display(gdk_display_get_default()), icon));
  }
  jq_net_dialog_set_mode(dialog, "host");
  g_assert_true(jq_net_dialog_set_host_address(dialog, "127.0.0.1"));
  jq_net_dialog_set_variant(dialog, JQ_VARIANT_XIANGQI);
  jq_net_dialog_set_host_color(dialog, 0); /* Red */
  jq_net_dialog_press(dialog);
  const char *code = NULL;
  guint16 port = jq_net_dialog_get_port(dialog, &code);
  g_assert_cmpuint(port, >, 0);
  g_assert_nonnull(code);
  g_assert_nonnull(strstr(jq_net_dialog_get_message(dialog), code));

  GError *error = NULL;
  JqNetSession *peer = jq_net_session_new_join("Peer", code, &error);
  g_assert_no_error(error);
  GSocketClient *client = g_socket_client_new();
  GSocketConnection *conn =
      g_socket_client_connect_to_host(client, "127.0.0.1", port, NULL, &error);
  g_assert_no_error(error);
  jq_net_session_start(peer, G_IO_STREAM(conn));
  g_object_unref(conn);
  g_object_unref(client);
  g_assert_true(spin_until(has_panel, NULL));
  g_assert_true(spin_until(playing, peer));
  JqNetPanel *panel = jq_window_get_net_panel(window());
  g_assert_cmpstr(jq_net_panel_get_status(panel), ==, "Connected to Peer");
  g_assert_cmpstr(jq_game_controller_get_player_name(controller(), JQ_BLACK),
                  ==, "Peer");

  /* Moves both ways. */
  play("h2e2");
  want_moves = 1;
  g_assert_true(spin_until(peer_moves, peer));
  g_assert_nonnull(strstr(jq_window_get_status(window()), "Waiting for Peer"));
  g_assert_false(action_enabled("redo"));
  g_assert_false(action_enabled("hint"));
  peer_play(peer, "h9g7");
  want_moves = 2;
  g_assert_true(spin_until(app_moves, NULL));

  /* A chat line both ways. */
  g_assert_true(jq_net_session_chat(peer, "hello there", &error));
  g_assert_true(spin_until(chat_shown, "Peer: hello there"));
  gboolean chatted = FALSE;
  g_signal_connect(peer, "peer-chat", G_CALLBACK(on_chat), &chatted);
  GtkEntry *entry = jq_net_panel_get_entry(panel);
  gtk_editable_set_text(GTK_EDITABLE(entry), "hi");
  g_signal_emit_by_name(entry, "activate");
  g_assert_true(spin_until(flag_set, &chatted));
  g_assert_nonnull(strstr(jq_net_panel_get_chat(panel), "You: hi"));

  /* Undo asks the peer; its yes takes the move back. */
  gboolean asked = FALSE;
  g_signal_connect(peer, "takeback-requested", G_CALLBACK(on_asked), &asked);
  play("b0c2");
  want_moves = 3;
  g_assert_true(spin_until(peer_moves, peer));
  g_assert_true(action_enabled("undo"));
  g_action_group_activate_action(G_ACTION_GROUP(window()), "undo", NULL);
  g_assert_true(spin_until(flag_set, &asked));
  g_assert_cmpuint(
      jq_window_count_posted_toasts(window(), "to take back your move"), ==, 1);
  g_assert_cmpint(jq_game_controller_get_move_count(controller()), ==, 3);
  g_assert_true(jq_net_session_answer_takeback(peer, TRUE, &error));
  want_moves = 2;
  g_assert_true(spin_until(app_moves, NULL));

  /* The peer offers a draw; the dialog it raises accepts. */
  g_assert_true(jq_net_session_offer_draw(peer, &error));
  g_assert_true(spin_until(dialog_shown, "Draw Offered"));
  adw_message_dialog_response(find_dialog("Draw Offered"), "accept");
  g_assert_true(jq_game_controller_is_over(controller()));
  JqResult r = jq_game_controller_get_result(controller());
  g_assert_cmpint(r.reason, ==, JQ_REASON_AGREEMENT);
  g_object_unref(peer);
}

/* A peer's name longer than the side panel is wide. */
#define LONG_NAME "Old Master Zhang of the Riverside Teahouse"

/* The app hosts; the line drops mid-game: the game waits, paused, and
 * the peer's new connection resumes it where it was. */
static void test_host_resume(void) {
  JqNetDialog *dialog = JQ_NET_DIALOG(jq_window_show_net_dialog(window()));
  jq_net_dialog_set_mode(dialog, "host");
  g_assert_true(jq_net_dialog_set_host_address(dialog, "127.0.0.1"));
  jq_net_dialog_set_variant(dialog, JQ_VARIANT_XIANGQI);
  jq_net_dialog_set_host_color(dialog, 0); /* Red */
  jq_net_dialog_press(dialog);
  const char *code = NULL;
  guint16 port = jq_net_dialog_get_port(dialog, &code);
  g_assert_cmpuint(port, >, 0);
  GError *error = NULL;
  JqNetSession *peer = jq_net_session_new_join(LONG_NAME, code, &error);
  g_assert_no_error(error);
  GSocketConnection *conn = connect_to(port);
  jq_net_session_start(peer, G_IO_STREAM(conn));
  g_assert_true(spin_until(playing, peer));
  g_assert_true(spin_until(panel_says, "Connected to " LONG_NAME));
  play("h2e2");
  want_moves = 1;
  g_assert_true(spin_until(peer_moves, peer));
  peer_play(peer, "h9g7");
  want_moves = 2;
  g_assert_true(spin_until(app_moves, NULL));

  drop(conn);
  g_object_unref(conn);
  g_assert_true(spin_until(paused_state, peer));
  check_waiting("Connection lost — waiting for " LONG_NAME " to reconnect…",
                "b0c2");
  g_assert_cmpint(jq_game_controller_get_player(controller(), JQ_BLACK), ==,
                  JQ_PLAYER_MODE_COMPUTER);

  conn = connect_to(port);
  g_assert_true(jq_net_session_resume(peer, G_IO_STREAM(conn), &error));
  g_assert_no_error(error);
  g_object_unref(conn);
  g_assert_true(spin_until(playing, peer));
  g_assert_true(spin_until(panel_says, "Connected to " LONG_NAME));
  g_assert_false(jq_game_controller_get_paused(controller()));
  g_assert_false(gtk_widget_get_visible(GTK_WIDGET(
      jq_net_panel_get_stop_button(jq_window_get_net_panel(window())))));
  /* Moves on both ways. */
  play("b0c2");
  want_moves = 3;
  g_assert_true(spin_until(peer_moves, peer));
  peer_play(peer, "b9c7");
  want_moves = 4;
  g_assert_true(spin_until(app_moves, NULL));
  g_assert_true(jq_net_session_resign(peer, &error));
  g_assert_true(spin_until(dialog_shown, "You Won"));
  adw_message_dialog_response(find_dialog("You Won"), "close");
  g_object_unref(peer);
}

/* Runs the main loop for `ms` (the cursor's blink included). */
static void spin_for(int ms) {
  gint64 end = g_get_monotonic_time() + ms * 1000;
  while (g_get_monotonic_time() < end)
    g_main_context_iteration(NULL, FALSE);
}

/* The test's host: the latest connection kept, to drop it; a paused game
 * resumed on the next. */
static GSocketConnection *host_conn;
static gboolean incoming(GSocketService *service, GSocketConnection *conn,
                         GObject *source, JqNetSession *host) {
  g_set_object(&host_conn, conn);
  if (jq_net_session_state(host) == JQ_NET_STATE_PAUSED)
    return jq_net_session_resume(host, G_IO_STREAM(conn), NULL);
  jq_net_session_start(host, G_IO_STREAM(conn));
  return TRUE;
}

static gboolean panel_lost(gpointer data) {
  JqNetPanel *panel = jq_window_get_net_panel(window());
  return panel &&
         !strcmp(jq_net_panel_get_status(panel), "Gave up waiting for Host");
}

static gboolean connected_to_host(gpointer data) {
  JqNetPanel *panel = jq_window_get_net_panel(window());
  return panel && !strcmp(jq_net_panel_get_status(panel), "Connected to Host");
}

static void test_join(void) {
  JqNetParams params = {.variant = JQ_VARIANT_XIANGQI, .host_color = JQ_RED};
  GError *error = NULL;
  JqNetSession *host = jq_net_session_new_host(&params, "Host", "123", &error);
  g_assert_no_error(error);
  guint16 port = 0;
  GSocketService *service = jq_net_listen("127.0.0.1", 0, &port, &error);
  g_assert_no_error(error);
  g_signal_connect(service, "incoming", G_CALLBACK(incoming), host);

  JqNetDialog *dialog = JQ_NET_DIALOG(jq_window_show_net_dialog(window()));
  jq_net_dialog_set_mode(dialog, "join");
  char *where = g_strdup_printf("127.0.0.1:%u", (guint)port);
  jq_net_dialog_set_join(dialog, where, "123", "Me");
  jq_net_dialog_press(dialog);
  g_assert_true(spin_until(playing, host));
  g_assert_true(spin_until(connected_to_host, NULL));
  g_assert_cmpstr(jq_net_session_peer_name(host), ==, "Me");
  char **recent =
      g_settings_get_strv(jq_window_get_settings(window()), "net-recent-hosts");
  g_assert_cmpstr(recent[0], ==, where);
  g_strfreev(recent);

  peer_play(host, "h2e2");
  want_moves = 1;
  g_assert_true(spin_until(app_moves, NULL));
  play("h9g7");
  want_moves = 2;
  g_assert_true(spin_until(peer_moves, host));

  /* The line drops: the app reconnects by itself to the host, who
   * listens on, and the game goes on. */
  peer_play(host, "b2c2");
  want_moves = 3;
  g_assert_true(spin_until(app_moves, NULL));
  drop(host_conn);
  g_assert_true(spin_until(paused_state, host));
  check_waiting("Reconnecting…", "b9a7");
  g_assert_true(spin_until(playing, host));
  g_assert_true(spin_until(connected_to_host, NULL));
  g_assert_false(jq_game_controller_get_paused(controller()));
  play("b9a7");
  want_moves = 4;
  g_assert_true(spin_until(peer_moves, host));

  /* The host vanishes for good while the chat line has the focus: the
   * wait runs out, said, and the game kept for the person here; the line
   * gives its focus up properly (a GtkText that loses it unasked warns
   * when its cursor blinks). */
  GtkWidget *chat =
      GTK_WIDGET(jq_net_panel_get_entry(jq_window_get_net_panel(window())));
  g_assert_true(gtk_widget_grab_focus(chat));
  jq_net_game_set_resume_wait(1500);
  jq_net_stop_listening(service);
  drop(host_conn);
  g_clear_object(&host_conn);
  g_object_unref(host);
  g_assert_true(spin_until(panel_says, "Reconnecting…"));
  g_assert_true(spin_until(panel_lost, NULL));
  jq_net_game_set_resume_wait(0);
  g_assert_false(gtk_widget_get_visible(GTK_WIDGET(
      jq_net_panel_get_stop_button(jq_window_get_net_panel(window())))));
  g_assert_false(jq_game_controller_get_paused(controller()));
  g_assert_false(gtk_widget_get_sensitive(chat));
  spin_for(2000);
  g_assert_cmpint(jq_game_controller_get_move_count(controller()), ==, 4);
  g_assert_false(jq_game_controller_is_over(controller()));
  g_assert_cmpint(jq_game_controller_get_player(controller(), JQ_RED), ==,
                  JQ_PLAYER_MODE_HUMAN);
  play("h0g2");

  /* A new dialog offers the host just joined. */
  dialog = JQ_NET_DIALOG(jq_window_show_net_dialog(window()));
  g_assert_cmpuint(jq_net_dialog_count_recent(dialog), ==, 1);
  gtk_window_destroy(GTK_WINDOW(dialog));
  g_object_unref(service);
  g_free(where);
}

static JqPiece shown_at(const char *square) {
  JqPosition *view = g_new(JqPosition, 1);
  jq_game_controller_get_display_view(controller(), view);
  JqPiece piece = view->board[jq_square_parse(square)];
  g_free(view);
  return piece;
}

static JqPiece peer_sees(JqNetSession *peer, const char *square) {
  JqPosition *view = g_new(JqPosition, 1);
  jq_game_view(jq_net_session_game(peer), JQ_BLACK, view);
  JqPiece piece = view->board[jq_square_parse(square)];
  g_free(view);
  return piece;
}

/* The network game has taken the board: a game after the one `data` (its
 * id) and jieqi. (The app's first game may be jieqi too, with the human's
 * move not sent to anyone.) */
static gboolean jieqi_on_board(gpointer data) {
  return jq_game_controller_get_game_id(controller()) !=
             GPOINTER_TO_UINT(data) &&
         jq_game_controller_get_variant(controller()) == JQ_VARIANT_JIEQI &&
         jq_game_controller_get_move_count(controller()) == 0;
}

static gboolean peer_checked(gpointer data) {
  return jq_net_session_fairness(data) != JQ_NET_FAIR_WAITING;
}

static gboolean fair_told(gpointer data) {
  return jq_window_count_posted_toasts(window(), "The game was fair") == 1;
}

/* Jieqi hosted from the dialog, both sides told what is captured: the
 * board shows each piece turned up as it is, a hidden piece taken each
 * way, and at the end the window says the game was fair. */
static void test_host_jieqi(void) {
  guint before = jq_game_controller_get_game_id(controller());
  JqNetDialog *dialog = JQ_NET_DIALOG(jq_window_show_net_dialog(window()));
  jq_net_dialog_set_mode(dialog, "host");
  g_assert_true(jq_net_dialog_set_host_address(dialog, "127.0.0.1"));
  jq_net_dialog_set_variant(dialog, JQ_VARIANT_JIEQI);
  jq_net_dialog_set_disclosure(dialog, JQ_DISCLOSE_BOTH);
  jq_net_dialog_set_host_color(dialog, 0); /* Red */
  jq_net_dialog_press(dialog);
  const char *code = NULL;
  guint16 port = jq_net_dialog_get_port(dialog, &code);
  g_assert_cmpuint(port, >, 0);

  GError *error = NULL;
  JqNetSession *peer = jq_net_session_new_join("Peer", code, &error);
  g_assert_no_error(error);
  GSocketClient *client = g_socket_client_new();
  GSocketConnection *conn =
      g_socket_client_connect_to_host(client, "127.0.0.1", port, NULL, &error);
  g_assert_no_error(error);
  jq_net_session_start(peer, G_IO_STREAM(conn));
  g_object_unref(client);
  g_assert_true(spin_until(playing, peer));
  g_assert_true(spin_until(jieqi_on_board, GUINT_TO_POINTER(before)));
  g_assert_cmpint(jq_net_session_params(peer)->disclosure, ==,
                  JQ_DISCLOSE_BOTH);
  g_assert_cmpint(jq_game_controller_get_variant(controller()), ==,
                  JQ_VARIANT_JIEQI);

  play("a3a4");
  /* While the move waits for the peer's share, another is refused with
   * a word of why, in the user's language, and nothing changes. */
  GError *early = NULL;
  g_assert_false(jq_game_controller_play_move(
      controller(), jq_square_parse("c3"), jq_square_parse("c4"), &early));
  g_assert_nonnull(early);
  g_assert_nonnull(strstr(early->message, "on its way"));
  g_clear_error(&early);
  want_moves = 1;
  g_assert_true(spin_until(peer_moves, peer));
  g_assert_true(spin_until(app_moves, NULL));
  g_assert_false(jq_piece_is_hidden(shown_at("a4")));
  g_assert_cmpint(shown_at("a4"), ==, peer_sees(peer, "a4"));
  /* What a move turned up stays known: jieqi has no take-back over the
   * network, so Undo is not offered. */
  g_assert_false(action_enabled("undo"));

  /* The peer's cannon over b2 takes Red's hidden b0; both learn it. */
  peer_play(peer, "b7b0");
  want_moves = 2;
  g_assert_true(spin_until(app_moves, NULL));
  g_assert_cmpint(shown_at("b0"), ==, peer_sees(peer, "b0"));
  JqPosition *view = g_new(JqPosition, 1);
  jq_game_controller_get_display_view(controller(), view);
  g_assert_cmpint(view->captured_unknown[JQ_RED], ==, 0);

  /* Red's cannon over h7 takes Black's hidden h9. */
  play("h2h9");
  want_moves = 3;
  g_assert_true(spin_until(peer_moves, peer));
  g_assert_true(spin_until(app_moves, NULL));
  g_assert_cmpint(shown_at("h9"), ==, peer_sees(peer, "h9"));
  jq_game_controller_get_display_view(controller(), view);
  g_assert_cmpint(view->captured_unknown[JQ_BLACK], ==, 0);
  g_free(view);

  peer_play(peer, "a6a5");
  want_moves = 4;
  g_assert_true(spin_until(app_moves, NULL));
  g_assert_cmpint(shown_at("a5"), ==, peer_sees(peer, "a5"));

  /* The line drops at a quiet moment (no share owed): the game waits,
   * and the peer's new connection resumes it, the board as it was. */
  JqPiece at_a5 = shown_at("a5");
  drop(conn);
  g_object_unref(conn);
  g_assert_true(spin_until(paused_state, peer));
  check_waiting("Connection lost — waiting for Peer to reconnect…", "c3c4");
  conn = connect_to(port);
  g_assert_true(jq_net_session_resume(peer, G_IO_STREAM(conn), &error));
  g_object_unref(conn);
  g_assert_true(spin_until(playing, peer));
  g_assert_true(spin_until(panel_says, "Connected to Peer"));
  g_assert_cmpint(shown_at("a5"), ==, at_a5);
  play("c3c4");
  want_moves = 5;
  g_assert_true(spin_until(peer_moves, peer));
  g_assert_true(spin_until(app_moves, NULL));
  g_assert_cmpint(shown_at("c4"), ==, peer_sees(peer, "c4"));

  g_assert_true(jq_net_session_resign(peer, &error));
  g_assert_no_error(error);
  g_assert_true(spin_until(fair_told, NULL));
  g_assert_true(jq_game_controller_is_over(controller()));
  g_assert_true(spin_until(peer_checked, peer));
  g_assert_cmpint(jq_net_session_fairness(peer), ==, JQ_NET_FAIR_YES);
  /* The end message offers no take-back: the peer has gone. */
  g_assert_true(spin_until(dialog_shown, "You Won"));
  AdwMessageDialog *end = find_dialog("You Won");
  g_assert_false(adw_message_dialog_has_response(end, "take-back"));
  g_assert_true(adw_message_dialog_has_response(end, "new-game"));
  adw_message_dialog_response(end, "close");
  g_object_unref(peer);
}

/* The app hosts xiangqi from the dialog as Red; the peer joins as Black,
 * a move each, then the line drops: the app waits. */
static JqNetSession *host_and_drop(guint16 *port) {
  JqNetDialog *dialog = JQ_NET_DIALOG(jq_window_show_net_dialog(window()));
  jq_net_dialog_set_mode(dialog, "host");
  g_assert_true(jq_net_dialog_set_host_address(dialog, "127.0.0.1"));
  jq_net_dialog_set_variant(dialog, JQ_VARIANT_XIANGQI);
  jq_net_dialog_set_host_color(dialog, 0); /* Red */
  jq_net_dialog_press(dialog);
  const char *code = NULL;
  *port = jq_net_dialog_get_port(dialog, &code);
  g_assert_cmpuint(*port, >, 0);
  GError *error = NULL;
  JqNetSession *peer = jq_net_session_new_join("Peer", code, &error);
  g_assert_no_error(error);
  GSocketConnection *conn = connect_to(*port);
  jq_net_session_start(peer, G_IO_STREAM(conn));
  g_assert_true(spin_until(playing, peer));
  g_assert_true(spin_until(panel_says, "Connected to Peer"));
  play("h2e2");
  want_moves = 1;
  g_assert_true(spin_until(peer_moves, peer));
  peer_play(peer, "h9g7");
  want_moves = 2;
  g_assert_true(spin_until(app_moves, NULL));
  drop(conn);
  g_object_unref(conn);
  g_assert_true(spin_until(paused_state, peer));
  check_waiting("Connection lost — waiting for Peer to reconnect…", "b0c2");
  return peer;
}

/* The game kept here after it was given up: not paused, unfinished, the
 * peer's side the person's at this screen, no more waiting. */
static void check_kept(void) {
  JqNetPanel *panel = jq_window_get_net_panel(window());
  g_assert_false(
      gtk_widget_get_visible(GTK_WIDGET(jq_net_panel_get_stop_button(panel))));
  g_assert_false(
      gtk_widget_get_sensitive(GTK_WIDGET(jq_net_panel_get_entry(panel))));
  g_assert_false(jq_game_controller_get_paused(controller()));
  g_assert_false(jq_game_controller_is_over(controller()));
  g_assert_cmpint(jq_game_controller_get_move_count(controller()), ==, 2);
  g_assert_cmpint(jq_game_controller_get_player(controller(), JQ_BLACK), ==,
                  JQ_PLAYER_MODE_HUMAN);
  play("b0c2");
}

static gboolean abandoned_state(gpointer data) {
  return jq_net_session_state(data) == JQ_NET_STATE_ABANDONED;
}

/* The app hosts and waits for the dropped peer; the peer connects only to
 * say it gives the game up: the app stops waiting there and then, says
 * who gave up and why, and keeps the game. */
static void test_peer_gives_up(void) {
  guint16 port = 0;
  JqNetSession *peer = host_and_drop(&port);
  guint told = jq_window_count_posted_toasts(window(), "gave up the game");
  guint lost = jq_window_count_posted_toasts(window(), "Connection lost:");
  GSocketConnection *conn = connect_to(port);
  GError *error = NULL;
  g_assert_true(jq_net_session_abandon(peer, G_IO_STREAM(conn),
                                       "the player left", &error));
  g_assert_no_error(error);
  g_object_unref(conn);
  g_assert_true(spin_until(panel_says, "Peer gave up the game"));
  g_assert_cmpuint(jq_window_count_posted_toasts(
                       window(),
                       "Peer gave up the game: the player left. The game is "
                       "kept: save it, or play on at this screen."),
                   ==, 1);
  g_assert_cmpuint(jq_window_count_posted_toasts(window(), "gave up the game"),
                   ==, told + 1);
  g_assert_cmpuint(jq_window_count_posted_toasts(window(), "Connection lost:"),
                   ==, lost);
  check_kept();
  g_object_unref(peer);
}

/* The app hosts, the line drops and the user stops waiting: a peer that
 * comes back to resume is told the game was given up. */
static void test_stop_waiting_tells_peer(void) {
  guint16 port = 0;
  JqNetSession *peer = host_and_drop(&port);
  JqNetPanel *panel = jq_window_get_net_panel(window());
  g_signal_emit_by_name(jq_net_panel_get_stop_button(panel), "clicked");
  g_assert_true(spin_until(panel_says, "Gave up waiting for Peer"));
  check_kept();
  GSocketConnection *conn = connect_to(port);
  GError *error = NULL;
  g_assert_true(jq_net_session_resume(peer, G_IO_STREAM(conn), &error));
  g_assert_no_error(error);
  g_object_unref(conn);
  g_assert_true(spin_until(abandoned_state, peer));
  g_assert_cmpstr(jq_net_session_error(peer)->message, ==,
                  "the peer gave up the game: the player stopped waiting");
  g_object_unref(peer);
}

extern int _nl_msg_cat_cntr;

static void use_language(const char *language) {
  g_setenv("LANGUAGE", language, TRUE);
  ++_nl_msg_cat_cntr;
}

/* The panel's line for each state of the connection, in English, and
 * translated into both Chinese (the peer's name kept). */
static void test_status_texts(void) {
  static const char *const english[JQ_NET_N_STATUSES] = {
      [JQ_NET_STATUS_CONNECTED] = "Connected to Peer",
      [JQ_NET_STATUS_WAITING] = "Connection lost — waiting for Peer to "
                                "reconnect…",
      [JQ_NET_STATUS_RECONNECTING] = "Reconnecting…",
      [JQ_NET_STATUS_OVER] = "Game with Peer over",
      [JQ_NET_STATUS_PEER_GAVE_UP] = "Peer gave up the game",
      [JQ_NET_STATUS_GAVE_UP] = "Gave up waiting for Peer",
      [JQ_NET_STATUS_LOST] = "Connection lost",
  };
  g_assert_nonnull(setlocale(LC_MESSAGES, "C.UTF-8"));
  for (int i = 0; i < JQ_NET_N_STATUSES; i++) {
    char *text = jq_net_status_text((JqNetStatus)i, "Peer");
    g_assert_cmpstr(text, ==, english[i]);
    g_free(text);
  }
  static const char *const languages[] = {"zh_CN", "zh_TW"};
  for (gsize l = 0; l < G_N_ELEMENTS(languages); l++) {
    use_language(languages[l]);
    for (int i = 0; i < JQ_NET_N_STATUSES; i++) {
      char *text = jq_net_status_text((JqNetStatus)i, "Peer");
      g_assert_cmpstr(text, !=, english[i]);
      g_assert_true(g_utf8_validate(text, -1, NULL));
      /* The name stays where the English has it. */
      g_assert_cmpint(strstr(text, "Peer") != NULL, ==,
                      strstr(english[i], "Peer") != NULL);
      g_free(text);
    }
  }
  use_language("C");
}

/* `text` holds no English: no ASCII letter once the names, moves and
 * quoted words it may hold (`keep`, NULL-ended) are taken out. */
static void assert_no_english(const char *text, const char *const *keep) {
  GString *rest = g_string_new(text);
  for (int i = 0; keep && keep[i]; i++)
    g_string_replace(rest, keep[i], "", 0);
  for (const char *c = rest->str; *c; c++)
    if (g_ascii_isalpha(*c))
      g_error("English in “%s”: “%s”", text, c);
  g_assert_true(g_utf8_validate(text, -1, NULL));
  g_string_free(rest, TRUE);
}

static char *last_notice;
static void on_notice(JqNetPanel *panel, const char *text, gpointer data) {
  g_free(last_notice);
  last_notice = g_strdup(text);
}
static gboolean noticed(gpointer data) { return last_notice != NULL; }

/* The panel's notice after `act`, in `language`. */
static char *notice_in(const char *language,
                       void (*act)(JqNetSession *peer, guint16 port)) {
  guint16 port = 0;
  JqNetSession *peer = host_and_drop(&port);
  JqNetPanel *panel = jq_window_get_net_panel(window());
  g_clear_pointer(&last_notice, g_free);
  gulong id = g_signal_connect(panel, "notice", G_CALLBACK(on_notice), NULL);
  use_language(language);
  act(peer, port);
  g_assert_true(spin_until(noticed, NULL));
  use_language("C");
  g_signal_handler_disconnect(panel, id);
  g_object_unref(peer);
  return g_steal_pointer(&last_notice);
}

static void stop_waiting(JqNetSession *peer, guint16 port) {
  JqNetPanel *panel = jq_window_get_net_panel(window());
  g_signal_emit_by_name(jq_net_panel_get_stop_button(panel), "clicked");
}

static const char *leave_reason;
static void peer_leaves(JqNetSession *peer, guint16 port) {
  GSocketConnection *conn = connect_to(port);
  GError *error = NULL;
  g_assert_true(
      jq_net_session_abandon(peer, G_IO_STREAM(conn), leave_reason, &error));
  g_assert_no_error(error);
  g_object_unref(conn);
}

/* In Chinese the app says what became of a network game all in Chinese:
 * the user stops waiting, the peer gives up for a reason this program
 * sends, or in its own words (shown quoted, as sent). */
static void test_chinese_notices(void) {
  static const char *const languages[] = {"zh_CN", "zh_TW"};
  static const char *const peer_only[] = {"Peer", NULL};
  static const char *const own_words[] = {"Peer", "gone fishing", NULL};
  for (gsize l = 0; l < G_N_ELEMENTS(languages); l++) {
    char *text = notice_in(languages[l], stop_waiting);
    assert_no_english(text, peer_only);
    g_free(text);
    leave_reason = "the player closed the window";
    text = notice_in(languages[l], peer_leaves);
    assert_no_english(text, peer_only);
    g_assert_nonnull(strstr(text, "Peer"));
    g_free(text);
    leave_reason = "gone fishing";
    text = notice_in(languages[l], peer_leaves);
    assert_no_english(text, own_words);
    g_assert_nonnull(strstr(text, "gone fishing"));
    g_free(text);
  }
}

/* Every network error, with its arguments, in both Chinese: no English
 * but the peer's name, the move and the peer's own words; and unlike the
 * English. */
static void check_error_text(GError *error) {
  static const char *const keep[] = {"Peer",      "h2e2", "own words",
                                     "libsodium", "IP",   NULL};
  static const char *const languages[] = {"zh_CN", "zh_TW"};
  char *english = jq_net_error_text(error, "Peer");
  for (gsize l = 0; l < G_N_ELEMENTS(languages); l++) {
    use_language(languages[l]);
    char *text = jq_net_error_text(error, "Peer");
    assert_no_english(text, keep);
    if (!strcmp(text, english))
      g_error("no translation of “%s”", english);
    g_free(text);
  }
  use_language("C");
  g_free(english);
  g_error_free(error);
}

static void test_error_texts(void) {
  g_assert_nonnull(setlocale(LC_MESSAGES, "C.UTF-8"));
  for (int code = 0; code < JQ_NET_ERROR_CODE_COUNT; code++)
    for (int detail = 0; detail < JQ_NET_DETAIL_COUNT; detail++)
      for (int reason = 0; reason < JQ_NET_LEAVE_COUNT; reason++) {
        if (reason && code != JQ_NET_ERROR_ABANDONED &&
            !(code == JQ_NET_ERROR_CLOSED && detail == JQ_NET_DETAIL_LEFT))
          continue;
        gboolean movable = code == JQ_NET_ERROR_OUT_OF_TURN ||
                           code == JQ_NET_ERROR_ILLEGAL ||
                           detail == JQ_NET_DETAIL_CHEAT_MOVE;
        GError *error =
            jq_net_error_new((JqNetErrorCode)code, detail,
                             movable ? "h2e2" : "own words", 2, 1, "English");
        jq_net_error_set_reason(error, reason);
        check_error_text(error);
      }
  /* Without a version's numbers; and GIO's connection errors. */
  check_error_text(jq_net_error_new(JQ_NET_ERROR_VERSION, 0, NULL, 0, 0, "v"));
  static const int io_codes[] = {
      G_IO_ERROR_CONNECTION_REFUSED, G_IO_ERROR_TIMED_OUT,
      G_IO_ERROR_HOST_UNREACHABLE,   G_IO_ERROR_NETWORK_UNREACHABLE,
      G_IO_ERROR_ADDRESS_IN_USE,     G_IO_ERROR_PERMISSION_DENIED,
      G_IO_ERROR_CONNECTION_CLOSED,
  };
  for (gsize i = 0; i < G_N_ELEMENTS(io_codes); i++)
    check_error_text(g_error_new_literal(G_IO_ERROR, io_codes[i], "English"));

  /* The English keeps the peer's reason as this program words it. */
  GError *left = jq_net_error_new(JQ_NET_ERROR_ABANDONED, 0,
                                  "the player closed the window", 0, 0, "x");
  jq_net_error_set_reason(left, JQ_NET_LEAVE_CLOSED_WINDOW);
  char *text = jq_net_error_text(left, "Peer");
  g_assert_cmpstr(text, ==,
                  "Peer gave up the game: the player closed the window");
  g_free(text);
  g_error_free(left);
}

static gboolean join_failed(gpointer dialog) {
  return g_str_has_prefix(jq_net_dialog_get_message(dialog), "Could not");
}

/* Nobody listens where the app would join: it says so in its words, and
 * the form is the user's again to correct. */
static void test_join_refused(void) {
  /* A port that was free a moment ago. */
  GError *error = NULL;
  guint16 port = 0;
  GSocketService *service = jq_net_listen("127.0.0.1", 0, &port, &error);
  g_assert_no_error(error);
  jq_net_stop_listening(service);
  g_object_unref(service);

  JqNetDialog *dialog = JQ_NET_DIALOG(jq_window_show_net_dialog(window()));
  jq_net_dialog_set_mode(dialog, "join");
  char *where = g_strdup_printf("127.0.0.1:%u", (guint)port);
  jq_net_dialog_set_join(dialog, where, "123", "Me");
  g_free(where);
  jq_net_dialog_press(dialog);
  g_assert_true(spin_until(join_failed, dialog));
  g_assert_cmpstr(jq_net_dialog_get_message(dialog), ==,
                  "Could not join: nobody accepts connections at that "
                  "address and port.");
  g_assert_false(jq_net_dialog_is_busy(dialog));
  gtk_window_destroy(GTK_WINDOW(dialog));
}

static gboolean dialog_idle(gpointer dialog) {
  return !jq_net_dialog_is_busy(dialog);
}

/* A mistyped game code, in Chinese: the host's refusal is told in
 * Chinese, not in the English the host sent it in. */
static void test_join_wrong_code(void) {
  JqNetParams params = {.variant = JQ_VARIANT_XIANGQI, .host_color = JQ_RED};
  GError *error = NULL;
  JqNetSession *host = jq_net_session_new_host(&params, "Host", "123", &error);
  g_assert_no_error(error);
  guint16 port = 0;
  GSocketService *service = jq_net_listen("127.0.0.1", 0, &port, &error);
  g_assert_no_error(error);
  g_signal_connect(service, "incoming", G_CALLBACK(incoming), host);

  use_language("zh_CN");
  JqNetDialog *dialog = JQ_NET_DIALOG(jq_window_show_net_dialog(window()));
  jq_net_dialog_set_mode(dialog, "join");
  char *where = g_strdup_printf("127.0.0.1:%u", (guint)port);
  jq_net_dialog_set_join(dialog, where, "999", "Me");
  g_free(where);
  jq_net_dialog_press(dialog);
  g_assert_true(jq_net_dialog_is_busy(dialog));
  g_assert_true(spin_until(dialog_idle, dialog));
  static const char *const host_only[] = {"Host", NULL};
  assert_no_english(jq_net_dialog_get_message(dialog), host_only);
  g_assert_nonnull(strstr(jq_net_dialog_get_message(dialog), "Host"));
  use_language("C");
  gtk_window_destroy(GTK_WINDOW(dialog));
  jq_net_stop_listening(service);
  g_object_unref(service);
  g_clear_object(&host_conn);
  g_object_unref(host);
}

int main(int argc, char **argv) {
  jq_test_app_start(&t, &argc, &argv, "net-app");
  g_test_add_func("/net-app/host", test_host);
  g_test_add_func("/net-app/host-resume", test_host_resume);
  g_test_add_func("/net-app/join", test_join);
  g_test_add_func("/net-app/host-jieqi", test_host_jieqi);
  g_test_add_func("/net-app/peer-gives-up", test_peer_gives_up);
  g_test_add_func("/net-app/stop-waiting-tells-peer",
                  test_stop_waiting_tells_peer);
  g_test_add_func("/net-app/status-texts", test_status_texts);
  g_test_add_func("/net-app/chinese-notices", test_chinese_notices);
  g_test_add_func("/net-app/error-texts", test_error_texts);
  g_test_add_func("/net-app/join-refused", test_join_refused);
  g_test_add_func("/net-app/join-wrong-code", test_join_wrong_code);
  int rc = g_test_run();
  jq_test_app_finish(&t);
  return rc;
}
