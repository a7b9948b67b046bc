/* Analysis mode under a virtual display: the "analyse" action (the main
 * menu, Ctrl+Shift+A) shows lines for the position shown; as many
 * distinct lines as asked for; the lines clear and the search starts again
 * when the position shown changes (a move, browsing back); in jieqi the AI
 * is handed the display side's view, never an identity the user does not
 * know; "Play this move" plays a line's first move on the human's turn and
 * nowhere else; clicking a line steps through it on the board, the game
 * untouched. Progress is waited for with generous deadlines: nothing
 * here asserts how fast the engine is. */
#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include <glib/gi18n.h>

#include <glib/gstdio.h>

#define G_SETTINGS_ENABLE_BACKEND
#include <gio/gsettingsbackend.h>

#include "jq-analysis-mode.h"
#include "jq-analysis-row.h"
#include "jq-analysis-view.h"
#include "jq-application.h"
#include "jq-fen.h"
#include "jq-movegen.h"
#include "jq-notation.h"
#include "jq-test-app.h"
#include "jq-test-util.h"
#include "jq-window-private.h"
#include "jq-window.h"

/* Long enough for a loaded machine: the first lines come in well under a
 * second on an idle one. */
#define DEADLINE_MS 60000

static JqApplication *app;
static GtkWindow *window;

static void spin(guint ms) {
  gint64 end = g_get_monotonic_time() + ms * 1000;
  while (g_get_monotonic_time() < end)
    g_main_context_iteration(NULL, FALSE);
}

static JqGameController *controller(void) {
  return jq_window_get_controller(JQ_WINDOW(window));
}

static JqAnalysisView *view(void) {
  return jq_window_get_analysis_view(JQ_WINDOW(window));
}

static JqAnalysisMode *mode(void) { return jq_analysis_view_get_mode(view()); }

/* A game between two people, so nothing moves by itself. */
static void new_game(JqVariant variant) {
  JqNewGame setup;
  jq_new_game_init(&setup, variant);
  setup.players[JQ_RED] = JQ_PLAYER_MODE_HUMAN;
  setup.players[JQ_BLACK] = JQ_PLAYER_MODE_HUMAN;
  GError *error = NULL;
  g_assert_true(jq_game_controller_new_game(controller(), &setup, &error));
  g_assert_no_error(error);
}

static void set_analysing(gboolean on) {
  g_action_group_change_action_state(G_ACTION_GROUP(window), "analyse",
                                     g_variant_new_boolean(on));
  spin(10);
}

static gboolean action_on(const char *name) {
  GVariant *state =
      g_action_group_get_action_state(G_ACTION_GROUP(window), name);
  gboolean on = g_variant_get_boolean(state);
  g_variant_unref(state);
  return on;
}

static void set_shown(gboolean on) {
  g_action_group_change_action_state(G_ACTION_GROUP(window), "show-analysis",
                                     g_variant_new_boolean(on));
  spin(10);
}

/* The texts of the labels under `widget` that are shown. */
static void shown_texts(GtkWidget *widget, GString *out) {
  if (!gtk_widget_get_visible(widget))
    return;
  if (GTK_IS_LABEL(widget))
    g_string_append_printf(out, "%s\n", gtk_label_get_label(GTK_LABEL(widget)));
  /* The analysis rows' texts. */
  if (GTK_IS_INSCRIPTION(widget) &&
      gtk_inscription_get_text(GTK_INSCRIPTION(widget)) != NULL)
    g_string_append_printf(out, "%s\n",
                           gtk_inscription_get_text(GTK_INSCRIPTION(widget)));
  for (GtkWidget *child = gtk_widget_get_first_child(widget); child != NULL;
       child = gtk_widget_get_next_sibling(child))
    shown_texts(child, out);
}

static GtkWidget *find_switch(GtkWidget *widget) {
  if (GTK_IS_SWITCH(widget))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child(widget); child != NULL;
       child = gtk_widget_get_next_sibling(child)) {
    GtkWidget *found = find_switch(child);
    if (found != NULL)
      return found;
  }
  return NULL;
}

static guint count_in_window(const char *text) {
  GString *texts = g_string_new(NULL);
  shown_texts(GTK_WIDGET(window), texts);
  guint count = 0;
  for (const char *p = strstr(texts->str, text); p; p = strstr(p + 1, text))
    count++;
  g_string_free(texts, TRUE);
  return count;
}

static void set_lines(int lines) {
  gtk_spin_button_set_value(jq_analysis_view_get_lines_button(view()), lines);
  g_assert_cmpint(jq_analysis_mode_get_lines(mode()), ==, lines);
}

/* Waits until the view shows `rows` lines; FALSE at the deadline. */
static gboolean wait_rows(guint rows) {
  gint64 end = g_get_monotonic_time() + DEADLINE_MS * 1000;
  while (g_get_monotonic_time() < end) {
    if (jq_analysis_view_get_row_count(view()) >= rows)
      return TRUE;
    g_main_context_iteration(NULL, FALSE);
  }
  return FALSE;
}

static void play(const char *coords) {
  JqPosition *pos = g_new(JqPosition, 1);
  jq_game_controller_get_display_view(controller(), pos);
  JqMove move;
  JqError err = {{0}};
  g_assert_true(jq_notation_parse_coords(pos, coords, &move, NULL, &err));
  GError *error = NULL;
  g_assert_true(jq_game_controller_play_move(controller(), jq_move_from(move),
                                             jq_move_to(move), &error));
  g_assert_no_error(error);
  g_free(pos);
}

static char *fen_of(const JqPosition *pos) {
  char buf[JQ_FEN_MAX];
  JqFenDialect dialect =
      jq_position_is_jieqi(pos) ? JQ_FEN_JIEQIBOX : JQ_FEN_XIANGQI;
  g_assert_cmpuint(jq_fen_write(pos, dialect, buf, sizeof buf), >, 0);
  return g_strdup(buf);
}

/* Every line shown is about the position shown: its first move is legal
 * there and the AI was handed that very position. */
static void assert_lines_for_shown(void) {
  JqPosition *shown = g_new(JqPosition, 1);
  JqPosition *analysed = g_new(JqPosition, 1);
  jq_game_controller_get_display_view(controller(), shown);
  g_assert_true(jq_analysis_mode_get_position(mode(), analysed));
  char *a = fen_of(shown), *b = fen_of(analysed);
  g_assert_cmpstr(a, ==, b);
  for (guint i = 0; i < jq_analysis_mode_get_line_count(mode()); i++) {
    const JqAnalysis *line = jq_analysis_mode_get_line(mode(), i);
    g_assert_true(jq_position_is_legal(shown, line->best));
    g_assert_cmpint(line->side, ==, shown->side);
  }
  g_free(a);
  g_free(b);
  g_free(shown);
  g_free(analysed);
}

static void test_toggle_shows_lines(void) {
  new_game(JQ_VARIANT_XIANGQI);
  /* The main menu's action, with its shortcut. */
  char **accels = gtk_application_get_accels_for_action(GTK_APPLICATION(app),
                                                        "win.analyse");
  g_assert_nonnull(accels[0]);
  guint key;
  GdkModifierType mods;
  g_assert_true(gtk_accelerator_parse(accels[0], &key, &mods));
  g_assert_cmpuint(key, ==, GDK_KEY_a);
  g_assert_cmpuint(mods, ==, GDK_CONTROL_MASK | GDK_SHIFT_MASK);
  g_strfreev(accels);

  g_assert_false(gtk_widget_get_visible(GTK_WIDGET(view())));
  set_lines(1);
  set_analysing(TRUE);
  g_assert_true(gtk_widget_get_visible(GTK_WIDGET(view())));
  g_assert_true(jq_analysis_mode_get_active(mode()));
  g_assert_true(wait_rows(1));
  assert_lines_for_shown();
  char *text = jq_analysis_view_get_row_text(view(), 0);
  /* "1. Score +0.35 (Red ahead)", the depth, then the line in Chinese. */
  g_assert_true(g_str_has_prefix(text, "1. Score "));
  g_assert_nonnull(strstr(text, "Depth "));
  const JqAnalysis *line = jq_analysis_mode_get_line(mode(), 0);
  g_assert_cmpstr(line->pv, !=, "");
  g_assert_nonnull(strstr(text, line->pv));
  g_free(text);

  /* Off: stopped, nothing left; the pane stays, for the computer's
   * thinking, until it is hidden. */
  set_analysing(FALSE);
  g_assert_true(gtk_widget_get_visible(GTK_WIDGET(view())));
  g_assert_false(jq_analysis_view_is_showing_lines(view()));
  g_assert_false(jq_analysis_mode_get_active(mode()));
  g_assert_cmpuint(jq_analysis_mode_get_line_count(mode()), ==, 0);
  spin(200);
  g_assert_cmpuint(jq_analysis_mode_get_line_count(mode()), ==, 0);
  set_shown(FALSE);
}

/* One pane for all the engine says: shown, it has the computer's thinking
 * (and hints); its switch (win.analyse) turns it to analysis mode's lines
 * and back; analysing shows the pane; hiding it stops the analysis. */
static void test_one_pane(void) {
  new_game(JQ_VARIANT_XIANGQI);
  g_assert_false(action_on("show-analysis"));
  g_assert_false(gtk_widget_get_visible(GTK_WIDGET(view())));

  set_shown(TRUE);
  g_assert_true(gtk_widget_get_visible(GTK_WIDGET(view())));
  g_assert_false(jq_analysis_view_is_showing_lines(view()));
  g_assert_false(jq_analysis_mode_get_active(mode()));
  g_assert_cmpuint(count_in_window("Analysis\n"), ==, 1);
  g_assert_cmpuint(count_in_window("The computer’s thinking and hints show "
                                   "here."),
                   ==, 1);
  /* The pane's switch is analysis mode's. */
  GtkWidget *toggle = find_switch(GTK_WIDGET(view()));
  g_assert_nonnull(toggle);
  g_assert_cmpstr(gtk_actionable_get_action_name(GTK_ACTIONABLE(toggle)), ==,
                  "win.analyse");
  gtk_switch_set_active(GTK_SWITCH(toggle), TRUE);
  spin(10);
  g_assert_true(action_on("analyse"));
  g_assert_true(jq_analysis_mode_get_active(mode()));
  g_assert_true(jq_analysis_view_is_showing_lines(view()));
  g_assert_true(gtk_widget_get_visible(
      GTK_WIDGET(jq_analysis_view_get_lines_button(view()))));
  g_assert_cmpuint(count_in_window("Analysis\n"), ==, 1);
  g_assert_true(wait_rows(1));

  /* Hidden: nothing analysed for it. */
  set_shown(FALSE);
  g_assert_false(gtk_widget_get_visible(GTK_WIDGET(view())));
  g_assert_false(action_on("analyse"));
  g_assert_false(jq_analysis_mode_get_active(mode()));

  /* Analysing shows it. */
  set_analysing(TRUE);
  g_assert_true(action_on("show-analysis"));
  g_assert_true(gtk_widget_get_visible(GTK_WIDGET(view())));
  g_assert_true(jq_analysis_view_is_showing_lines(view()));
  set_analysing(FALSE);
  g_assert_false(jq_analysis_view_is_showing_lines(view()));
  g_assert_true(gtk_widget_get_visible(GTK_WIDGET(view())));
  set_shown(FALSE);
}

static void test_three_lines(void) {
  new_game(JQ_VARIANT_XIANGQI);
  set_lines(3);
  set_analysing(TRUE);
  g_assert_true(wait_rows(3));
  g_assert_cmpuint(jq_analysis_mode_get_line_count(mode()), ==, 3);
  assert_lines_for_shown();
  JqMove first[3];
  for (guint i = 0; i < 3; i++) {
    first[i] = jq_analysis_mode_get_line(mode(), i)->best;
    char *text = jq_analysis_view_get_row_text(view(), i);
    char *number = g_strdup_printf("%u. ", i + 1);
    g_assert_true(g_str_has_prefix(text, number));
    g_free(number);
    g_free(text);
  }
  g_assert_cmpuint(first[0], !=, first[1]);
  g_assert_cmpuint(first[0], !=, first[2]);
  g_assert_cmpuint(first[1], !=, first[2]);
  set_analysing(FALSE);
}

static void test_follows_position(void) {
  new_game(JQ_VARIANT_XIANGQI);
  set_lines(2);
  set_analysing(TRUE);
  g_assert_true(wait_rows(2));

  /* A move: the old lines go at once, new ones come for Black. */
  guint restarts = jq_analysis_mode_get_restarts(mode());
  play("h2e2");
  g_assert_cmpuint(jq_analysis_view_get_row_count(view()), ==, 0);
  g_assert_true(wait_rows(2));
  g_assert_cmpuint(jq_analysis_mode_get_restarts(mode()), >, restarts);
  g_assert_cmpint(jq_analysis_mode_get_line(mode(), 0)->side, ==, JQ_BLACK);
  assert_lines_for_shown();

  /* Browsing back to the start: Red's lines again. */
  restarts = jq_analysis_mode_get_restarts(mode());
  jq_game_controller_browse(controller(), 0);
  g_assert_cmpuint(jq_analysis_view_get_row_count(view()), ==, 0);
  g_assert_true(wait_rows(2));
  g_assert_cmpuint(jq_analysis_mode_get_restarts(mode()), >, restarts);
  g_assert_cmpint(jq_analysis_mode_get_line(mode(), 0)->side, ==, JQ_RED);
  assert_lines_for_shown();

  /* A change that is no other position (the notation) keeps the lines
   * and rewrites them. */
  restarts = jq_analysis_mode_get_restarts(mode());
  JqNotationStyle old = jq_game_controller_get_notation(controller());
  jq_game_controller_set_notation(controller(), JQ_NOTATION_STYLE_COORDINATES);
  g_assert_cmpuint(jq_analysis_mode_get_restarts(mode()), ==, restarts);
  g_assert_cmpuint(jq_analysis_view_get_row_count(view()), ==, 2);
  char coords[JQ_COORDS_MAX];
  jq_move_to_coords(jq_analysis_mode_get_line(mode(), 0)->best, coords);
  g_assert_true(
      g_str_has_prefix(jq_analysis_mode_get_line(mode(), 0)->pv, coords));
  jq_game_controller_set_notation(controller(), old);
  jq_game_controller_browse_live(controller());
  set_analysing(FALSE);
}

/* In jieqi the AI sees what the user may know. Two people at one screen
 * see the public view: Red's capture of a face-down piece tells Red (the
 * captor) what it was, but not the screen, and not the analysis. */
static void test_jieqi_sees_only_the_view(void) {
  new_game(JQ_VARIANT_JIEQI);
  g_assert_cmpint(jq_game_controller_get_disclosure(controller()), ==,
                  JQ_DISCLOSE_CAPTOR);
  g_assert_cmpint(jq_game_controller_get_display_side(controller()), ==, -1);
  /* The face-down cannon jumps the face-down cannon onto the horse. */
  play("h2h9");
  JqPosition *red = g_new(JqPosition, 1);
  jq_game_controller_get_view(controller(), JQ_RED, red);
  g_assert_cmpint(red->capture_count, ==, 1);
  g_assert_true(jq_piece_is_hidden(red->captures[0].piece));
  /* Red knows it: had the AI been given Red's view, it would too. */
  g_assert_cmpint(red->captures[0].identity, !=, JQ_NO_TYPE);

  set_lines(1);
  set_analysing(TRUE);
  g_assert_true(wait_rows(1));
  assert_lines_for_shown();
  JqPosition *analysed = g_new(JqPosition, 1);
  g_assert_true(jq_analysis_mode_get_position(mode(), analysed));
  g_assert_cmpint(analysed->capture_count, ==, 1);
  g_assert_cmpint(analysed->captures[0].identity, ==, JQ_NO_TYPE);
  /* No piece on the board was turned up but the one that moved. */
  int revealed = 0;
  for (int s = 0; s < JQ_SQUARES; s++)
    if (analysed->board[s] != JQ_EMPTY &&
        !jq_piece_is_hidden(analysed->board[s]) &&
        jq_piece_type(analysed->board[s]) != JQ_KING)
      revealed++;
  g_assert_cmpint(revealed, ==, 1);
  g_free(analysed);
  g_free(red);
  set_analysing(FALSE);
}

static void test_play_this_move(void) {
  new_game(JQ_VARIANT_XIANGQI);
  set_lines(2);
  set_analysing(TRUE);
  g_assert_true(wait_rows(2));
  GtkWidget *button = jq_analysis_view_get_play_button(view(), 1);
  g_assert_true(gtk_widget_get_sensitive(button));
  JqMove second = jq_analysis_mode_get_line(mode(), 1)->best;
  g_signal_emit_by_name(button, "clicked");
  g_assert_cmpint(jq_game_controller_get_move_count(controller()), ==, 1);
  JqPosition *pos = g_new(JqPosition, 1);
  jq_game_controller_get_display_view(controller(), pos);
  g_assert_cmpuint(jq_position_last_move(pos), ==, second);

  /* Browsing back: the game is not there, nothing is played. */
  jq_game_controller_browse(controller(), 0);
  g_assert_true(wait_rows(1));
  button = jq_analysis_view_get_play_button(view(), 0);
  g_assert_false(gtk_widget_get_sensitive(button));
  GError *error = NULL;
  g_assert_false(jq_analysis_mode_play(mode(), 0, &error));
  g_assert_error(error, JQ_GAME_CONTROLLER_ERROR,
                 JQ_GAME_CONTROLLER_ERROR_NOT_YOUR_TURN);
  g_clear_error(&error);
  g_assert_cmpint(jq_game_controller_get_move_count(controller()), ==, 1);

  /* The computer's turn on the live board: not the human's to play. */
  jq_game_controller_browse_live(controller());
  jq_game_controller_set_player(controller(), JQ_BLACK,
                                JQ_PLAYER_MODE_COMPUTER);
  g_assert_false(jq_analysis_mode_can_play(mode(), 0));
  g_assert_false(jq_analysis_mode_play(mode(), 0, &error));
  g_clear_error(&error);
  set_analysing(FALSE);
  g_free(pos);
}

/* The sampling AI chosen: its line, with the win chance it gives. */
static void test_sampling_ai(void) {
  new_game(JQ_VARIANT_JIEQI);
  set_lines(3);
  set_analysing(TRUE);
  g_assert_true(wait_rows(1));
  g_assert_false(jq_analysis_mode_get_line(mode(), 0)->sampling);
  GSettings *settings = jq_window_get_settings(JQ_WINDOW(window));
  guint restarts = jq_analysis_mode_get_restarts(mode());
  g_settings_set_string(settings, "ai-algorithm", "ismcts");
  g_assert_cmpstr(jq_game_controller_get_algorithm(controller()), ==, "ismcts");
  g_assert_cmpuint(jq_analysis_mode_get_restarts(mode()), >, restarts);
  g_assert_true(wait_rows(1));
  assert_lines_for_shown();
  const JqAnalysis *line = jq_analysis_mode_get_line(mode(), 0);
  g_assert_true(line->sampling);
  char *text = jq_analysis_view_get_row_text(view(), 0);
  g_assert_true(g_str_has_prefix(text, "1. Red's win chance "));
  g_free(text);
  /* One line only, whatever was asked. */
  spin(300);
  g_assert_cmpuint(jq_analysis_mode_get_line_count(mode()), ==, 1);
  g_settings_reset(settings, "ai-algorithm");
  set_analysing(FALSE);
}

/* Clicks line `index`'s row, as the user does. */
static void click_row(guint index) {
  GtkWidget *row = gtk_widget_get_ancestor(
      jq_analysis_view_get_play_button(view(), index), GTK_TYPE_LIST_BOX_ROW);
  g_assert_nonnull(row);
  g_signal_emit_by_name(row, "activate");
}

static void test_step_through(void) {
  new_game(JQ_VARIANT_XIANGQI);
  JqBoardView *board = jq_window_get_board(JQ_WINDOW(window));
  set_lines(1);
  set_analysing(TRUE);
  /* A line of two moves at least. */
  JqMove moves[JQ_MAX_PV];
  gint64 end = g_get_monotonic_time() + DEADLINE_MS * 1000;
  while (jq_analysis_mode_get_line_moves(mode(), 0, moves, JQ_MAX_PV) < 2 &&
         g_get_monotonic_time() < end)
    g_main_context_iteration(NULL, FALSE);
  g_assert_cmpint(jq_analysis_mode_get_line_moves(mode(), 0, moves, JQ_MAX_PV),
                  >=, 2);

  /* First click: the first move as an arrow on the game's position. */
  click_row(0);
  g_assert_cmpuint(jq_board_view_get_hint(board), ==, moves[0]);
  g_assert_cmpuint(jq_board_view_get_last_move(board), ==, JQ_MOVE_NONE);
  g_assert_false(jq_board_view_get_interactive(board));
  /* Next: that move made on the board, the second one shown. */
  click_row(0);
  g_assert_cmpuint(jq_board_view_get_last_move(board), ==, moves[0]);
  g_assert_cmpuint(jq_board_view_get_hint(board), ==, moves[1]);
  /* The game is untouched. */
  g_assert_cmpint(jq_game_controller_get_move_count(controller()), ==, 0);
  g_assert_false(jq_game_controller_is_browsing(controller()));

  /* Another position: the board shows the game again. */
  play("b0c2");
  spin(20);
  g_assert_cmpint(jq_game_controller_get_move_count(controller()), ==, 1);
  JqPosition *pos = g_new(JqPosition, 1);
  jq_game_controller_get_display_view(controller(), pos);
  g_assert_cmpuint(jq_board_view_get_last_move(board), ==,
                   jq_position_last_move(pos));
  g_assert_cmpuint(jq_board_view_get_hint(board), ==, JQ_MOVE_NONE);
  g_assert_true(jq_board_view_get_interactive(board));
  g_free(pos);

  /* Turned off mid-preview: the game again too. */
  g_assert_true(wait_rows(1));
  click_row(0);
  g_assert_false(jq_board_view_get_interactive(board));
  set_analysing(FALSE);
  g_assert_true(jq_board_view_get_interactive(board));
  g_assert_cmpuint(jq_board_view_get_hint(board), ==, JQ_MOVE_NONE);
}

/* The number of lines is a setting: shown by the chooser, changed by it,
 * and a view made later starts with it. */
static void test_lines_remembered(void) {
  new_game(JQ_VARIANT_XIANGQI);
  GSettings *settings = jq_window_get_settings(JQ_WINDOW(window));
  GtkSpinButton *button = jq_analysis_view_get_lines_button(view());
  g_settings_set_int(settings, "analysis-lines", 2);
  g_assert_cmpint(gtk_spin_button_get_value_as_int(button), ==, 2);
  g_assert_cmpint(jq_analysis_mode_get_lines(mode()), ==, 2);
  gtk_spin_button_set_value(button, 4);
  g_assert_cmpint(g_settings_get_int(settings, "analysis-lines"), ==, 4);
  g_assert_cmpint(jq_analysis_mode_get_lines(mode()), ==, 4);

  JqAnalysisView *other =
      g_object_ref_sink(g_object_new(JQ_TYPE_ANALYSIS_VIEW, NULL));
  jq_analysis_view_set_controller(other, controller(), settings);
  g_assert_cmpint(gtk_spin_button_get_value_as_int(
                      jq_analysis_view_get_lines_button(other)),
                  ==, 4);
  g_assert_cmpint(jq_analysis_mode_get_lines(jq_analysis_view_get_mode(other)),
                  ==, 4);
  g_object_unref(other);
  g_settings_reset(settings, "analysis-lines");
}

/* A number of lines out of range in the stored settings (edited by hand)
 * is refused for the default, 3; one in range is taken (the file is
 * read). */
static void test_lines_bad_stored(void) {
  char *dir = g_dir_make_tmp("jieqi-lines-XXXXXX", NULL);
  char *path = g_build_filename(dir, "settings", NULL);
  const char *stored[] = {"5", "9", "0", "-4", "'two'"};
  const int taken[] = {5, 3, 3, 3, 3};
  for (gsize i = 0; i < G_N_ELEMENTS(stored); i++) {
    char *text = g_strdup_printf("[io/github/jieqi/Jieqi]\nanalysis-lines=%s\n",
                                 stored[i]);
    g_assert_true(g_file_set_contents(path, text, -1, NULL));
    GSettingsBackend *backend = g_keyfile_settings_backend_new(path, "/", NULL);
    GSettings *settings =
        g_settings_new_with_backend("io.github.jieqi.Jieqi", backend);
    JqAnalysisView *other =
        g_object_ref_sink(g_object_new(JQ_TYPE_ANALYSIS_VIEW, NULL));
    jq_analysis_view_set_controller(other, controller(), settings);
    g_assert_cmpint(gtk_spin_button_get_value_as_int(
                        jq_analysis_view_get_lines_button(other)),
                    ==, taken[i]);
    g_assert_cmpint(
        jq_analysis_mode_get_lines(jq_analysis_view_get_mode(other)), ==,
        taken[i]);
    g_object_unref(other);
    g_object_unref(settings);
    g_object_unref(backend);
    g_free(text);
  }
  g_unlink(path);
  g_rmdir(dir);
  g_free(path);
  g_free(dir);
}

/* ---- positions with little to search ---- */

/* King and rook against a king: every depth is done in moments. */
#define ROOK_AGAINST_KING "3k5/9/9/9/9/9/R8/9/9/4K4 w - - 0 1"
/* Red in check with one way out, Ke0-f0. */
#define ONE_MOVE "3k5/9/9/9/4r4/9/9/9/3r5/4K4 w - - 0 1"
/* Ra0-a9 mates. */
#define RED_MATES "3k5/1R7/9/9/9/9/9/9/9/R3K4 w - - 0 1"
/* Jieqi, king and rook against a king and a face-down chariot. */
#define JIEQI_SPARSE "3k4x/9/9/9/R8/9/9/9/9/4K4 w r1 - 0 1"

/* A game between two people from `fen`. */
static void new_game_at(const char *fen) {
  JqNewGame setup;
  jq_new_game_init(&setup, JQ_VARIANT_XIANGQI);
  setup.players[JQ_RED] = JQ_PLAYER_MODE_HUMAN;
  setup.players[JQ_BLACK] = JQ_PLAYER_MODE_HUMAN;
  setup.fen = fen;
  GError *error = NULL;
  g_assert_true(jq_game_controller_new_game(controller(), &setup, &error));
  g_assert_no_error(error);
}

/* Lets an earlier test's search end, so that the next one starts at once. */
static void wait_not_searching(void) {
  gint64 end = g_get_monotonic_time() + DEADLINE_MS * 1000;
  while (jq_analysis_mode_is_searching(mode()) && g_get_monotonic_time() < end)
    g_main_context_iteration(NULL, FALSE);
  g_assert_false(jq_analysis_mode_is_searching(mode()));
}

/* Turns the analysis on and lets its search run to its own end (its depth
 * limit) before the main loop runs again: then its reports and its end
 * are all waiting at once, as when a tiny position is done in moments. */
static void analyse_to_the_end(void) {
  wait_not_searching();
  guint ended = jq_analysis_mode_searches_ended();
  g_action_group_change_action_state(G_ACTION_GROUP(window), "analyse",
                                     g_variant_new_boolean(TRUE));
  g_assert_true(jq_analysis_mode_is_searching(mode()));
  gint64 end = g_get_monotonic_time() + DEADLINE_MS * 1000;
  while (jq_analysis_mode_searches_ended() == ended &&
         g_get_monotonic_time() < end)
    g_usleep(1000);
  g_assert_cmpuint(jq_analysis_mode_searches_ended(), >, ended);
  while (g_main_context_pending(NULL))
    g_main_context_iteration(NULL, FALSE);
}

/* The search of a tiny position ends before the main loop hears of its
 * lines: they stay, and are shown. */
static void test_search_ends_at_once(void) {
  new_game_at(ROOK_AGAINST_KING);
  set_lines(1);
  analyse_to_the_end();
  g_assert_false(jq_analysis_mode_is_searching(mode()));
  /* The last lines may wait a moment to be shown: never for ever. */
  g_assert_true(wait_rows(1));
  g_assert_cmpuint(jq_analysis_mode_get_line_count(mode()), ==, 1);
  g_assert_cmpuint(jq_analysis_view_get_row_count(view()), ==, 1);
  assert_lines_for_shown();
  /* Ra4-a9 leaves the king no move: a mate in one. */
  const JqAnalysis *line = jq_analysis_mode_get_line(mode(), 0);
  g_assert_cmpint(line->score, ==, JQ_SCORE_MATE - 1);
  g_assert_cmpuint(line->best, ==, jq_test_move("a3a8"));
  g_assert_cmpuint(count_in_window("Analysing…\n"), ==, 0);
  set_analysing(FALSE);
}

/* Fewer legal moves than lines asked for: one line a move. */
static void test_fewer_moves_than_lines(void) {
  new_game_at(ONE_MOVE);
  set_lines(3);
  set_analysing(TRUE);
  g_assert_true(wait_rows(1));
  spin(300);
  g_assert_cmpuint(jq_analysis_mode_get_line_count(mode()), ==, 1);
  g_assert_cmpuint(jq_analysis_view_get_row_count(view()), ==, 1);
  assert_lines_for_shown();
  g_assert_cmpuint(jq_analysis_mode_get_line(mode(), 0)->best, ==,
                   jq_test_move("e0f0"));
  set_analysing(FALSE);
}

/* No legal move (a game over, or browsed to its end): nothing to
 * search, and the pane says why. */
static void test_no_legal_move(void) {
  const char *fens[] = {RED_MATES, ROOK_AGAINST_KING};
  const char *mates[] = {"a0a9", "a3a8"};
  const JqReason reasons[] = {JQ_REASON_CHECKMATE, JQ_REASON_STALEMATE};
  const char *texts[] = {"Red wins: Black is checkmated.\n",
                         "Red wins: Black has no legal move.\n"};
  for (gsize i = 0; i < G_N_ELEMENTS(fens); i++) {
    new_game_at(fens[i]);
    play(mates[i]);
    wait_not_searching();
    set_lines(2);
    set_analysing(TRUE);
    spin(200);
    g_assert_cmpint(jq_analysis_mode_get_end(mode()), ==, reasons[i]);
    g_assert_cmpuint(jq_analysis_mode_get_line_count(mode()), ==, 0);
    g_assert_false(jq_analysis_mode_is_searching(mode()));
    g_assert_cmpuint(count_in_window(texts[i]), >=, 1);
    g_assert_cmpuint(count_in_window("Analysing…\n"), ==, 0);

    /* Browsing back a move: a position with moves, analysed. */
    jq_game_controller_browse(controller(), 0);
    g_assert_cmpint(jq_analysis_mode_get_end(mode()), ==, JQ_REASON_NONE);
    g_assert_true(wait_rows(1));
    jq_game_controller_browse_live(controller());
    g_assert_cmpint(jq_analysis_mode_get_end(mode()), ==, reasons[i]);
    set_analysing(FALSE);
    g_assert_cmpint(jq_analysis_mode_get_end(mode()), ==, JQ_REASON_NONE);
  }
}

/* A sparse jieqi position, its search ended at once: its lines stay. */
static void test_jieqi_sparse(void) {
  new_game_at(JIEQI_SPARSE);
  g_assert_cmpint(jq_game_controller_get_variant(controller()), ==,
                  JQ_VARIANT_JIEQI);
  set_lines(2);
  analyse_to_the_end();
  g_assert_true(wait_rows(2));
  g_assert_cmpuint(jq_analysis_mode_get_line_count(mode()), ==, 2);
  assert_lines_for_shown();
  set_analysing(FALSE);
}

/* ---- the main loop kept free ---- */

static void on_updated(JqAnalysisMode *m, GArray *times) {
  gint64 now = g_get_monotonic_time();
  /* Only showings of lines: a restart's clearing is no report. */
  if (jq_analysis_mode_get_line_count(m) > 0)
    g_array_append_val(times, now);
}

/* However fast the reports come (the sampling AI's, every 100 ms), the
 * lines are shown 200 ms apart at the soonest: each showing lays the pane
 * out again. */
static void test_shown_at_most_five_times_a_second(void) {
  new_game(JQ_VARIANT_JIEQI);
  GSettings *settings = jq_window_get_settings(JQ_WINDOW(window));
  g_settings_set_string(settings, "ai-algorithm", "ismcts");
  wait_not_searching();
  GArray *times = g_array_new(FALSE, FALSE, sizeof(gint64));
  gulong id =
      g_signal_connect(mode(), "updated", G_CALLBACK(on_updated), times);
  set_analysing(TRUE);
  gint64 end = g_get_monotonic_time() + DEADLINE_MS * 1000;
  while (times->len < 5 && g_get_monotonic_time() < end)
    g_main_context_iteration(NULL, FALSE);
  g_assert_cmpuint(times->len, >=, 5);
  for (guint i = 1; i < times->len; i++)
    g_assert_cmpint(g_array_index(times, gint64, i) -
                        g_array_index(times, gint64, i - 1),
                    >=, 199 * G_TIME_SPAN_MILLISECOND);
  g_signal_handler_disconnect(mode(), id);
  g_array_unref(times);
  set_analysing(FALSE);
  g_settings_reset(settings, "ai-algorithm");
}

/* The niceness of this process's thread named `name`; -100 when there is
 * none. */
static int thread_niceness(const char *name) {
  int found = -100;
  GDir *dir = g_dir_open("/proc/self/task", 0, NULL);
  g_assert_nonnull(dir);
  const char *tid;
  while ((tid = g_dir_read_name(dir)) != NULL) {
    char *path = g_strdup_printf("/proc/self/task/%s/stat", tid);
    char *stat = NULL;
    if (g_file_get_contents(path, &stat, NULL, NULL)) {
      /* "tid (comm) state ppid ..." with the niceness the 19th field. */
      char *open = strchr(stat, '('), *close = strrchr(stat, ')');
      if (open && close &&
          strncmp(open + 1, name, (size_t)(close - open - 1)) == 0 &&
          strlen(name) == (size_t)(close - open - 1)) {
        char **fields = g_strsplit(close + 2, " ", -1);
        g_assert_cmpuint(g_strv_length(fields), >, 17);
        found = atoi(fields[16]);
        g_strfreev(fields);
      }
    }
    g_free(stat);
    g_free(path);
  }
  g_dir_close(dir);
  return found;
}

/* The analysis yields the CPU to the window: its thread runs niced, and
 * only it (the window's thread keeps its priority). */
static void test_yields_the_cpu(void) {
  /* A run under `nice` starts higher: never lowered below that. */
  int window_nice = getpriority(PRIO_PROCESS, 0);
  int wanted = MAX(window_nice, 10);
  new_game(JQ_VARIANT_XIANGQI);
  wait_not_searching();
  set_analysing(TRUE);
  g_assert_true(jq_analysis_mode_is_searching(mode()));
  /* Its thread sets it as it starts. */
  gint64 end = g_get_monotonic_time() + DEADLINE_MS * 1000;
  while (thread_niceness("jieqi-analysis") != wanted &&
         g_get_monotonic_time() < end)
    g_usleep(1000);
  g_assert_cmpint(thread_niceness("jieqi-analysis"), ==, wanted);
  g_assert_cmpint(getpriority(PRIO_PROCESS, 0), ==, window_nice);
  set_analysing(FALSE);
}

/* ---- a new position's lines (issue 17, main loop) ---- */

static GtkWidget *find_list(GtkWidget *widget) {
  if (GTK_IS_LIST_BOX(widget))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child(widget); child != NULL;
       child = gtk_widget_get_next_sibling(child)) {
    GtkWidget *found = find_list(child);
    if (found != NULL)
      return found;
  }
  return NULL;
}

/* The rows shown, and the height the list asks for at its width. */
static guint rows_shown(GtkWidget *list, int *height) {
  guint n = 0;
  for (GtkWidget *row = gtk_widget_get_first_child(list); row != NULL;
       row = gtk_widget_get_next_sibling(row))
    n += gtk_widget_get_visible(row);
  int minimum = 0;
  gtk_widget_measure(list, GTK_ORIENTATION_VERTICAL, gtk_widget_get_width(list),
                     &minimum, height, NULL, NULL);
  return n;
}

/* A move: the old lines go at once, but their rows stay, blank, until the
 * new position's lines fill them, so the pane keeps its size and is not
 * laid out again for each move twice (without lines, with them). */
static void test_rows_kept_for_new_lines(void) {
  new_game(JQ_VARIANT_XIANGQI);
  set_lines(3);
  set_analysing(TRUE);
  g_assert_true(wait_rows(3));
  spin(50);
  GtkWidget *list = find_list(GTK_WIDGET(view()));
  g_assert_nonnull(list);
  int height = 0, now = 0;
  g_assert_cmpuint(rows_shown(list, &height), ==, 3);
  const char *moves[] = {"h2e2", "h9g7", "b0c2"};
  for (guint m = 0; m < G_N_ELEMENTS(moves); m++) {
    play(moves[m]);
    /* Blank rows where the lines were: no line of the last position. */
    g_assert_cmpuint(jq_analysis_view_get_row_count(view()), ==, 0);
    g_assert_cmpuint(rows_shown(list, &now), ==, 3);
    g_assert_cmpint(now, ==, height);
    for (guint i = 0; i < 3; i++) {
      char *text = jq_analysis_view_get_row_text(view(), i);
      /* Only the first says that the lines are coming. */
      g_assert_cmpstr(text, ==, i == 0 ? "Analysing…\n" : "\n");
      g_free(text);
      /* Its button out of sight and reach, and a click plays nothing. */
      GtkWidget *button = jq_analysis_view_get_play_button(view(), i);
      g_assert_cmpfloat(gtk_widget_get_opacity(button), ==, 0);
      g_assert_false(gtk_widget_get_can_target(button));
      g_signal_emit_by_name(button, "clicked");
      g_assert_cmpint(jq_game_controller_get_move_count(controller()), ==,
                      (int)m + 1);
    }
    g_assert_cmpuint(count_in_window("Analysing…\n"), ==, 1);
    g_assert_true(wait_rows(3));
    g_assert_cmpuint(rows_shown(list, &now), ==, 3);
    g_assert_cmpint(now, ==, height);
    assert_lines_for_shown();
    for (guint i = 0; i < 3; i++) {
      GtkWidget *button = jq_analysis_view_get_play_button(view(), i);
      g_assert_cmpfloat(gtk_widget_get_opacity(button), ==, 1);
      g_assert_true(gtk_widget_get_can_target(button));
      g_assert_true(gtk_widget_get_sensitive(button));
    }
  }
  /* Fewer lines asked for: the rows go. */
  set_lines(1);
  spin(50);
  g_assert_cmpuint(rows_shown(list, &now), ==, 1);
  set_analysing(FALSE);
  g_assert_cmpuint(rows_shown(list, &now), ==, 0);
}

/* ---- a row's size and layout (issue 17, main loop) ---- */

static const char *short_figures = "1. Score +0.35 (Red ahead)\nDepth 5/7";
static const char *long_figures =
    "1. Score -12.35 (Black ahead)\nDepth 23/41 · 12.4 s\n"
    "123.4 M nodes · 9.9 M nodes/s";

/* A line of `moves` moves in Chinese notation. */
static char *line_of(int moves) {
  GString *s = g_string_new(NULL);
  for (int i = 0; i < moves; i++)
    g_string_append(s, i % 2 ? "马８进７ " : "炮二平五 ");
  return g_string_free(s, FALSE);
}

/* A row in a list in a window of its own, shown and laid out. */
static GtkWindow *row_window(JqAnalysisRow **row) {
  GtkWindow *w = GTK_WINDOW(gtk_window_new());
  GtkWidget *list = gtk_list_box_new();
  gtk_widget_set_size_request(list, 300, -1);
  *row = jq_analysis_row_new();
  gtk_list_box_append(GTK_LIST_BOX(list), GTK_WIDGET(*row));
  gtk_window_set_child(w, list);
  gtk_window_present(w);
  spin(200);
  return w;
}

static void measure_row(JqAnalysisRow *row, int sizes[6]) {
  gtk_widget_measure(GTK_WIDGET(row), GTK_ORIENTATION_HORIZONTAL, -1, &sizes[0],
                     &sizes[1], NULL, NULL);
  gtk_widget_measure(GTK_WIDGET(row), GTK_ORIENTATION_VERTICAL, 300, &sizes[2],
                     &sizes[3], NULL, NULL);
  gtk_widget_measure(GTK_WIDGET(row), GTK_ORIENTATION_VERTICAL, -1, &sizes[4],
                     &sizes[5], NULL, NULL);
}

/* What a row asks for does not depend on its text: a new report does
 * not make the side panel be measured again. */
static void test_row_size_fixed(void) {
  JqAnalysisRow *row;
  GtkWindow *w = row_window(&row);
  char *one = line_of(1), *many = line_of(40);
  jq_analysis_row_set(row, short_figures, one);
  int before[6], after[6];
  measure_row(row, before);
  jq_analysis_row_set(row, long_figures, many);
  measure_row(row, after);
  for (int i = 0; i < 6; i++)
    g_assert_cmpint(after[i], ==, before[i]);
  /* Still all there for the asking. */
  char *text = jq_analysis_row_get_text(row);
  g_assert_nonnull(strstr(text, many));
  g_assert_true(g_str_has_prefix(text, long_figures));
  g_free(text);
  char *tooltip = jq_analysis_row_get_tooltip(row);
  g_assert_nonnull(strstr(tooltip, many));
  g_free(tooltip);
  g_assert_true(gtk_widget_get_has_tooltip(GTK_WIDGET(row)));
  g_free(one);
  g_free(many);
  gtk_window_destroy(w);
}

static void measure_view(int sizes[4]) {
  GtkWidget *v = GTK_WIDGET(view());
  int width = gtk_widget_get_width(v);
  g_assert_cmpint(width, >, 0);
  gtk_widget_measure(v, GTK_ORIENTATION_HORIZONTAL, -1, &sizes[0], &sizes[1],
                     NULL, NULL);
  gtk_widget_measure(v, GTK_ORIENTATION_VERTICAL, width, &sizes[2], &sizes[3],
                     NULL, NULL);
}

/* The computer's thinking (analysis off) is of a fixed size too: a
 * report with more figures and a longer line asks for no other size. */
static void test_thought_size_fixed(void) {
  new_game(JQ_VARIANT_XIANGQI);
  set_shown(TRUE);
  g_assert_false(jq_analysis_view_is_showing_lines(view()));
  char *one = line_of(1), *many = line_of(40);
  JqAnalysis a = {.side = JQ_BLACK,
                  .depth = 5,
                  .seldepth = 7,
                  .score = 35,
                  .nodes = 1000,
                  .nps = 10000,
                  .time_ms = 100,
                  .best = JQ_MOVE_NONE,
                  .score_text = "+0.35",
                  .pv = one};
  g_signal_emit_by_name(controller(), "progress", &a);
  spin(100);
  int before[4], after[4];
  measure_view(before);
  a.depth = 23;
  a.seldepth = 41;
  a.score = -1235;
  a.nodes = 123456789;
  a.nps = 9876543;
  a.time_ms = 12400;
  a.score_text = "-12.35";
  a.pv = many;
  g_signal_emit_by_name(controller(), "progress", &a);
  measure_view(after);
  for (int i = 0; i < 4; i++)
    g_assert_cmpint(after[i], ==, before[i]);
  /* The whole line is still there (and in its tooltip). */
  g_assert_true(count_in_window(many) == 1);
  set_shown(FALSE);
  g_free(one);
  g_free(many);
}

static void count_phase(GdkFrameClock *clock, guint *count) { (*count)++; }

static void count_notify(GObject *object, GParamSpec *pspec, guint *count) {
  (*count)++;
}

/* A report does not set the row's tooltip (which asks the display server
 * where the pointer is): it is made when asked for, with the new line. */
static void test_row_tooltip_on_demand(void) {
  JqAnalysisRow *row;
  GtkWindow *w = row_window(&row);
  guint set = 0;
  g_signal_connect(row, "notify::tooltip-text", G_CALLBACK(count_notify), &set);
  g_signal_connect(row, "notify::tooltip-markup", G_CALLBACK(count_notify),
                   &set);
  for (int i = 0; i < 10; i++) {
    char *line = line_of(1 + i * 7);
    jq_analysis_row_set(row, i % 2 ? short_figures : long_figures, line);
    char *tooltip = jq_analysis_row_get_tooltip(row);
    g_assert_true(g_str_has_prefix(tooltip, line));
    g_free(tooltip);
    g_free(line);
  }
  g_assert_cmpuint(set, ==, 0);
  g_assert_true(gtk_widget_get_has_tooltip(GTK_WIDGET(row)));
  gtk_window_destroy(w);
}

/* New text in a shown row is drawn without laying the window out again:
 * no layout phase in the frames that show it. */
static void test_row_update_without_layout(void) {
  JqAnalysisRow *row;
  GtkWindow *w = row_window(&row);
  char *one = line_of(1), *many = line_of(40);
  jq_analysis_row_set(row, short_figures, one);
  spin(200);
  GdkFrameClock *clock = gtk_widget_get_frame_clock(GTK_WIDGET(w));
  g_assert_nonnull(clock);
  guint layouts = 0, paints = 0;
  gulong on_layout =
      g_signal_connect(clock, "layout", G_CALLBACK(count_phase), &layouts);
  gulong on_paint =
      g_signal_connect(clock, "paint", G_CALLBACK(count_phase), &paints);
  for (int i = 0; i < 10; i++) {
    guint painted = paints;
    char *line = line_of(1 + i * 7);
    jq_analysis_row_set(row, i % 2 ? short_figures : long_figures, line);
    g_free(line);
    gint64 end = g_get_monotonic_time() + DEADLINE_MS * 1000;
    while (paints == painted && g_get_monotonic_time() < end)
      g_main_context_iteration(NULL, TRUE);
    g_assert_cmpuint(paints, >, painted);
  }
  g_assert_cmpuint(layouts, ==, 0);
  g_signal_handler_disconnect(clock, on_layout);
  g_signal_handler_disconnect(clock, on_paint);
  g_free(one);
  g_free(many);
  gtk_window_destroy(w);
}

/* Frames of the window with a layout phase: each one asks the X server
 * for the toplevel's place, monitor and work area (round trips, waiting
 * for the server to draw what it was sent), the main loop's longest holds
 * with moves on the board (issue 17). */
typedef struct {
  guint frames;  /* frames begun */
  guint layouts; /* of them, with a layout phase */
  gboolean laid_out;
} LayoutCount;

static void on_before_paint(GdkFrameClock *clock, LayoutCount *c) {
  c->frames++;
  c->laid_out = FALSE;
}

static void on_layout(GdkFrameClock *clock, LayoutCount *c) {
  if (!c->laid_out)
    c->layouts++;
  c->laid_out = TRUE;
}

/* Plays `moves` (a game between two people), each one shown before the
 * next; the frames with a layout each one took, most of them. */
static guint most_layout_frames_a_move(const char *const *moves) {
  spin(500);
  GdkFrameClock *clock = gtk_widget_get_frame_clock(GTK_WIDGET(window));
  g_assert_nonnull(clock);
  LayoutCount c = {0};
  gulong a =
      g_signal_connect(clock, "before-paint", G_CALLBACK(on_before_paint), &c);
  gulong b = g_signal_connect(clock, "layout", G_CALLBACK(on_layout), &c);
  guint most = 0;
  GString *each = g_string_new(NULL);
  for (guint i = 0; moves[i] != NULL; i++) {
    guint before = c.layouts;
    play(moves[i]);
    /* The slide, the list, the status and the analysis's new lines. */
    spin(700);
    guint n = c.layouts - before;
    g_string_append_printf(each, " %u", n);
    most = MAX(most, n);
  }
  g_test_message("frames with a layout, a move:%s", each->str);
  g_string_free(each, TRUE);
  g_signal_handler_disconnect(clock, a);
  g_signal_handler_disconnect(clock, b);
  return most;
}

static const char *const twelve_moves[] = {
    "h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "b0c2",
    "a9b9", "a0b0", "c6c5", "c3c4", "g6g5", NULL};

/* The shadow widgets of the side panel's flap, shown. */
static guint flap_shadows_shown(void) {
  guint shown = 0;
  GtkWidget *flap = GTK_WIDGET(JQ_WINDOW(window)->flap);
  for (GtkWidget *child = gtk_widget_get_first_child(flap); child != NULL;
       child = gtk_widget_get_next_sibling(child)) {
    const char *name = gtk_widget_get_css_name(child);
    if (gtk_widget_get_visible(child) &&
        (g_str_equal(name, "dimming") || g_str_equal(name, "shadow") ||
         g_str_equal(name, "border") || g_str_equal(name, "outline")))
      shown++;
  }
  return shown;
}

/* Until the flap is `folded` and its shadow follows (after the frame that
 * folds it), or the deadline. */
static void wait_folded(AdwFlap *flap, gboolean folded) {
  gint64 end = g_get_monotonic_time() + DEADLINE_MS * 1000;
  while (g_get_monotonic_time() < end &&
         (adw_flap_get_folded(flap) != folded ||
          flap_shadows_shown() != (folded ? 4u : 0u)))
    g_main_context_iteration(NULL, FALSE);
  spin(100);
}

/* A move is shown in one frame with a layout (the analysis off): the
 * board, the move list's new row and the status laid out once. It took
 * two: libadwaita's flap set its shadow's CSS classes as it was laid out,
 * and GTK restyled the window in the next frame, with a layout phase.
 * Folded, the flap has its shadow (shown over the board); unfolded again,
 * not. With the analysis on (five lines), also once: it took two, the
 * pane's blank rows' play buttons made sensitive again when the first
 * lines came, a change of state that restyled the window, laid out in a
 * frame of its own. */
static void test_move_laid_out_once(void) {
  new_game(JQ_VARIANT_XIANGQI);
  set_analysing(FALSE);
  set_shown(FALSE);
  g_assert_cmpuint(most_layout_frames_a_move(twelve_moves), ==, 1);
  g_assert_cmpuint(flap_shadows_shown(), ==, 0);
  new_game(JQ_VARIANT_XIANGQI);
  set_lines(5);
  set_analysing(TRUE);
  g_assert_true(wait_rows(5));
  g_assert_cmpuint(most_layout_frames_a_move(twelve_moves), ==, 1);
  set_analysing(FALSE);
  set_shown(FALSE);

  AdwFlap *flap = JQ_WINDOW(window)->flap;
  adw_flap_set_fold_policy(flap, ADW_FLAP_FOLD_POLICY_ALWAYS);
  wait_folded(flap, TRUE);
  g_assert_true(adw_flap_get_folded(flap));
  g_assert_cmpuint(flap_shadows_shown(), ==, 4);
  adw_flap_set_fold_policy(flap, ADW_FLAP_FOLD_POLICY_AUTO);
  wait_folded(flap, FALSE);
  g_assert_false(adw_flap_get_folded(flap));
  g_assert_cmpuint(flap_shadows_shown(), ==, 0);
}

/* Turning the analysis on (five lines) at the window's default size
 * leaves the board as it was: the pane made the side panel wider (its
 * rows wider than the panel) and taller than the window, which grew; the
 * board, of a new size, was drawn again whole, one of the main loop's
 * longest waits (issue 17). */
static void test_board_keeps_size(void) {
  new_game(JQ_VARIANT_XIANGQI);
  set_analysing(FALSE);
  set_shown(FALSE);
  g_settings_set_int(jq_window_get_settings(JQ_WINDOW(window)),
                     "analysis-lines", 5);
  spin(200);
  GtkWidget *board = GTK_WIDGET(jq_window_get_board(JQ_WINDOW(window)));
  int bw = gtk_widget_get_width(board), bh = gtk_widget_get_height(board);
  int ww = gtk_widget_get_width(GTK_WIDGET(window));
  int wh = gtk_widget_get_height(GTK_WIDGET(window));
  g_assert_cmpint(bw, >, 0);
  set_analysing(TRUE);
  g_assert_true(wait_rows(5));
  spin(200);
  g_test_message("board %dx%d, then %dx%d; window %dx%d, then %dx%d", bw, bh,
                 gtk_widget_get_width(board), gtk_widget_get_height(board), ww,
                 wh, gtk_widget_get_width(GTK_WIDGET(window)),
                 gtk_widget_get_height(GTK_WIDGET(window)));
  g_assert_cmpint(gtk_widget_get_width(board), ==, bw);
  g_assert_cmpint(gtk_widget_get_height(board), ==, bh);
  g_assert_cmpint(gtk_widget_get_width(GTK_WIDGET(window)), ==, ww);
  g_assert_cmpint(gtk_widget_get_height(GTK_WIDGET(window)), ==, wh);
  set_analysing(FALSE);
  set_shown(FALSE);
}

int main(int argc, char **argv) {
  JqTestApp t;
  jq_test_app_start(&t, &argc, &argv, "analysis");
  app = t.app;
  window = t.window;

  g_test_add_func("/app/analysis/toggle-shows-lines", test_toggle_shows_lines);
  g_test_add_func("/app/analysis/one-pane", test_one_pane);
  g_test_add_func("/app/analysis/three-lines", test_three_lines);
  g_test_add_func("/app/analysis/lines-remembered", test_lines_remembered);
  g_test_add_func("/app/analysis/lines-bad-stored", test_lines_bad_stored);
  g_test_add_func("/app/analysis/follows-position", test_follows_position);
  g_test_add_func("/app/analysis/jieqi-sees-only-the-view",
                  test_jieqi_sees_only_the_view);
  g_test_add_func("/app/analysis/play-this-move", test_play_this_move);
  g_test_add_func("/app/analysis/step-through", test_step_through);
  g_test_add_func("/app/analysis/sampling-ai", test_sampling_ai);
  g_test_add_func("/app/analysis/search-ends-at-once",
                  test_search_ends_at_once);
  g_test_add_func("/app/analysis/fewer-moves-than-lines",
                  test_fewer_moves_than_lines);
  g_test_add_func("/app/analysis/no-legal-move", test_no_legal_move);
  g_test_add_func("/app/analysis/jieqi-sparse", test_jieqi_sparse);
  g_test_add_func("/app/analysis/shown-at-most-five-times-a-second",
                  test_shown_at_most_five_times_a_second);
  g_test_add_func("/app/analysis/yields-the-cpu", test_yields_the_cpu);
  g_test_add_func("/app/analysis/row-size-fixed", test_row_size_fixed);
  g_test_add_func("/app/analysis/board-keeps-size", test_board_keeps_size);
  g_test_add_func("/app/analysis/rows-kept-for-new-lines",
                  test_rows_kept_for_new_lines);
  g_test_add_func("/app/analysis/row-update-without-layout",
                  test_row_update_without_layout);
  g_test_add_func("/app/analysis/thought-size-fixed", test_thought_size_fixed);
  g_test_add_func("/app/analysis/move-laid-out-once", test_move_laid_out_once);
  g_test_add_func("/app/analysis/row-tooltip-on-demand",
                  test_row_tooltip_on_demand);
  int status = g_test_run();
  jq_test_app_finish(&t);
  return status;
}
