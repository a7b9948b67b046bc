/* The app's window under a virtual display (Xvfb, with a private session
 * bus): the application starts and shows its window; games are set up
 * through the New Game dialog and played through the board widget; undo,
 * redo, browsing, copy and paste of positions, PGN files, preferences
 * changed through GSettings and through the Preferences window, the end of
 * a game and taking its last move back, the question before a game in
 * progress is replaced, the side panel folding as the window narrows; the
 * computer playing itself (each side's computer, moves paced for the eye,
 * pause and resume); nothing shown (labels, tooltips, accessible names)
 * tells a hidden piece's identity; and a screenshot of the whole window in
 * the middle of a jieqi game against the computer (window.png in the build
 * directory, and docs/screenshots/window.png when JQ_UPDATE_SCREENSHOTS is
 * set). */
#include <dlfcn.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>

#include <glib/gi18n.h>

#include <glib/gstdio.h>

#include <gdk/x11/gdkx.h>

#include "jq-ai-names.h"
#include "jq-application.h"
#include "jq-comment-dialog.h"
#include "jq-error-text.h"
#include "jq-game-chooser-private.h"
#include "jq-game-controller-private.h"
#include "jq-new-game-dialog-private.h"
#include "jq-pgn.h"
#include "jq-pieces-panel.h"
#include "jq-preferences-window-private.h"
#include "jq-software-gl.h"
#include "jq-test-util.h"
#include "jq-window-private.h"

/* Black is checkmated by a4e4 (the horse on e7 screens the cannon and
 * guards d9 and f9). */
#define MATE_IN_ONE "4k4/9/4N4/9/9/C8/9/9/p8/3K5 w - - 0 1"

static JqApplication *app;
static JqWindow *window;

/* The times GTK asks the X server where the pointer is (a round trip).
 * This definition comes before libXi's for GTK (the executable is linked
 * with export_dynamic); the types are Xlib's, spelled out. */
static int pointer_queries;

int XIQueryPointer(void *display, int device, unsigned long win,
                   unsigned long *root, unsigned long *child, double *root_x,
                   double *root_y, double *win_x, double *win_y, void *buttons,
                   void *modifiers, void *group);
int XIQueryPointer(void *display, int device, unsigned long win,
                   unsigned long *root, unsigned long *child, double *root_x,
                   double *root_y, double *win_x, double *win_y, void *buttons,
                   void *modifiers, void *group) {
  typedef int (*Query)(void *, int, unsigned long, unsigned long *,
                       unsigned long *, double *, double *, double *, double *,
                       void *, void *, void *);
  static Query real;
  if (!real)
    real = (Query)dlsym(RTLD_NEXT, "XIQueryPointer");
  pointer_queries++;
  return real(display, device, win, root, child, root_x, root_y, win_x, win_y,
              buttons, modifiers, group);
}

/* ---- helpers ---- */

static gboolean timed_out(gpointer data) {
  *(gboolean *)data = TRUE;
  return G_SOURCE_REMOVE;
}

static gboolean wake(gpointer data) { return G_SOURCE_CONTINUE; }

typedef gboolean (*Cond)(gpointer data);

/* Runs the main loop until cond holds (or, with no cond, for `ms`);
 * FALSE when `ms` passed first. */
static gboolean spin_until(Cond cond, gpointer data, guint ms) {
  gboolean expired = FALSE;
  guint timer = g_timeout_add(ms, timed_out, &expired);
  guint waker = g_timeout_add(10, wake, NULL);
  while (!expired && (cond == NULL || !cond(data)))
    g_main_context_iteration(NULL, TRUE);
  if (!expired)
    g_source_remove(timer);
  g_source_remove(waker);
  return cond == NULL || cond(data);
}

static void spin(guint ms) { spin_until(NULL, NULL, ms); }

static JqGameController *controller(void) {
  return jq_window_get_controller(window);
}

static JqBoardView *board(void) { return jq_window_get_board(window); }

static GSettings *settings(void) { return jq_window_get_settings(window); }

static void win_action(const char *name) {
  g_assert_true(
      g_action_group_get_action_enabled(G_ACTION_GROUP(window), name));
  g_action_group_activate_action(G_ACTION_GROUP(window), name, NULL);
}

static void app_action(const char *name) {
  g_action_group_activate_action(G_ACTION_GROUP(app), name, NULL);
}

/* The newest visible toplevel of a type other than the main window. */
static GtkWindow *find_toplevel(GType type) {
  GListModel *list = gtk_window_get_toplevels();
  GtkWindow *found = NULL;
  for (guint i = 0; i < g_list_model_get_n_items(list); i++) {
    GtkWindow *w = g_list_model_get_item(list, i);
    if (G_TYPE_CHECK_INSTANCE_TYPE(w, type) &&
        gtk_widget_get_visible(GTK_WIDGET(w)) && w != GTK_WINDOW(window))
      found = w;
    g_object_unref(w);
  }
  return found;
}

static gboolean message_shown(gpointer data) {
  return find_toplevel(ADW_TYPE_MESSAGE_DIALOG) != NULL;
}

static gboolean board_ready(gpointer data) {
  return gtk_widget_get_mapped(GTK_WIDGET(board())) &&
         gtk_widget_get_width(GTK_WIDGET(board())) > 0 &&
         !jq_board_view_is_animating(board());
}

static gboolean human_to_play(gpointer data) {
  return jq_game_controller_is_human_turn(controller()) &&
         !jq_game_controller_is_thinking(controller()) && board_ready(NULL);
}

/* Waits for the human's turn; when it does not come, says what the game
 * was doing instead, so that a rare failure can be told from another. */
static void assert_human_to_play(guint timeout_ms) {
  if (spin_until(human_to_play, NULL, timeout_ms))
    return;
  g_test_message("no human turn after %u ms: %d moves, over %d, human's turn "
                 "%d, thinking %d, board ready %d, status \"%s\"",
                 timeout_ms, jq_game_controller_get_move_count(controller()),
                 jq_game_controller_is_over(controller()),
                 jq_game_controller_is_human_turn(controller()),
                 jq_game_controller_is_thinking(controller()),
                 board_ready(NULL), jq_window_get_status(window));
  g_assert_not_reached();
}

static int sq(const char *name) {
  int s = jq_square_parse(name);
  g_assert_cmpint(s, >=, 0);
  return s;
}

/* A move as the user makes it: a click on the piece, one on the point. */
static void click_move(const char *coords) {
  g_assert_true(spin_until(board_ready, NULL, 5000));
  char from[3] = {coords[0], coords[1], 0}, to[3] = {coords[2], coords[3], 0};
  jq_board_view_test_click(board(), sq(from));
  jq_board_view_test_click(board(), sq(to));
}

static GtkWidget *find_descendant(GtkWidget *widget, GType type) {
  if (G_TYPE_CHECK_INSTANCE_TYPE(widget, type))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child(widget); child != NULL;
       child = gtk_widget_get_next_sibling(child)) {
    GtkWidget *found = find_descendant(child, type);
    if (found != NULL)
      return found;
  }
  return NULL;
}

/* The labels of the toasts on show, one a line. */
static void collect_toasts(GtkWidget *widget, gboolean in_toast, GString *out) {
  in_toast =
      in_toast || strcmp(G_OBJECT_TYPE_NAME(widget), "AdwToastWidget") == 0;
  if (in_toast && GTK_IS_LABEL(widget))
    g_string_append_printf(out, "%s\n", gtk_label_get_label(GTK_LABEL(widget)));
  for (GtkWidget *child = gtk_widget_get_first_child(widget); child != NULL;
       child = gtk_widget_get_next_sibling(child))
    collect_toasts(child, in_toast, out);
}

/* How many toasts on show (or queued to show next) contain `text`. */
static guint toasts_with(const char *text) {
  GString *all = g_string_new(NULL);
  collect_toasts(GTK_WIDGET(window), FALSE, all);
  guint n = 0;
  for (const char *p = strstr(all->str, text); p; p = strstr(p + 1, text))
    n++;
  g_string_free(all, TRUE);
  return n;
}

static gboolean toast_shown(gpointer text) { return toasts_with(text) > 0; }

/* A toast with `text` posted after `before` of them were: toasts queue and
 * show one at a time, so under load the one awaited may not be on show
 * yet while it is already on its way. */
typedef struct {
  const char *text;
  guint before;
} ToastWait;

static ToastWait toast_wait(const char *text) {
  return (ToastWait){text, jq_window_count_posted_toasts(window, text)};
}

static gboolean toast_posted(gpointer data) {
  const ToastWait *w = data;
  return jq_window_count_posted_toasts(window, w->text) > w->before;
}

static guint count_toasts(GtkWidget *widget) {
  guint n = strcmp(G_OBJECT_TYPE_NAME(widget), "AdwToastWidget") == 0;
  for (GtkWidget *child = gtk_widget_get_first_child(widget); child != NULL;
       child = gtk_widget_get_next_sibling(child))
    n += count_toasts(child);
  return n;
}

static gboolean no_toast(gpointer data) {
  return count_toasts(GTK_WIDGET(window)) == 0;
}

static char **move_list_texts(void) {
  JqMoveListView *list = jq_window_get_move_list(window);
  guint n = jq_move_list_view_get_count(list);
  char **texts = g_new0(char *, n + 1);
  for (guint i = 0; i < n; i++)
    texts[i] = g_strdup(jq_move_list_view_get_move(list, i));
  return texts;
}

static void assert_moves(const char *first, const char *second) {
  char **texts = move_list_texts();
  g_assert_cmpuint(g_strv_length(texts), >=, 2);
  g_assert_cmpstr(texts[0], ==, first);
  g_assert_cmpstr(texts[1], ==, second);
  g_strfreev(texts);
}

/* The question whether to abandon the game in progress, NULL when it is
 * not on show. */
static AdwMessageDialog *find_question(void) {
  GtkWindow *dialog = find_toplevel(ADW_TYPE_MESSAGE_DIALOG);
  if (dialog != NULL &&
      adw_message_dialog_has_response(ADW_MESSAGE_DIALOG(dialog), "abandon"))
    return ADW_MESSAGE_DIALOG(dialog);
  return NULL;
}

static gboolean question_shown(gpointer data) {
  return find_question() != NULL;
}

/* Answers the question, as its buttons do. */
static void answer_question(const char *response) {
  g_assert_true(spin_until(question_shown, NULL, 5000));
  AdwMessageDialog *question = find_question();
  adw_message_dialog_response(question, response);
  gtk_window_destroy(GTK_WINDOW(question));
  spin(20);
}

/* Starts a game through the New Game dialog, as the user would. */
static void new_game_via_dialog(JqVariant variant, JqPlayerMode red,
                                JqPlayerMode black) {
  app_action("new-game");
  GtkWindow *dialog = find_toplevel(JQ_TYPE_NEW_GAME_DIALOG);
  g_assert_nonnull(dialog);
  jq_new_game_dialog_set_choices(JQ_NEW_GAME_DIALOG(dialog), variant, red,
                                 black, NULL);
  gboolean in_progress = !jq_game_controller_is_over(controller()) &&
                         jq_game_controller_get_move_count(controller()) > 0;
  g_assert_true(jq_new_game_dialog_start(JQ_NEW_GAME_DIALOG(dialog)));
  /* The game in progress is abandoned after asking. */
  g_assert_true(in_progress == (find_question() != NULL));
  if (in_progress)
    answer_question("abandon");
  spin(50);
  g_assert_null(find_toplevel(JQ_TYPE_NEW_GAME_DIALOG));
  g_assert_cmpint(jq_game_controller_get_variant(controller()), ==, variant);
  g_assert_cmpint(jq_game_controller_get_move_count(controller()), ==, 0);
}

static void close_messages(void) {
  GtkWindow *dialog;
  while ((dialog = find_toplevel(ADW_TYPE_MESSAGE_DIALOG)) != NULL) {
    /* As its Close button does: respond, then go. */
    adw_message_dialog_response(ADW_MESSAGE_DIALOG(dialog), "close");
    gtk_window_destroy(dialog);
    spin(20);
  }
}

static char *output_path(const char *name) {
  const char *dir = g_getenv("JQ_TEST_OUTPUT_DIR");
  if (dir != NULL)
    return g_build_filename(dir, name, NULL);
  return g_test_build_filename(G_TEST_BUILT, name, NULL);
}

static void save_screenshot(GtkWidget *widget, const char *path);

static gboolean window_drawn(gpointer data) {
  return gtk_widget_get_mapped(GTK_WIDGET(data)) &&
         gtk_widget_get_width(GTK_WIDGET(data)) > 0;
}

/* A picture of a dialog, for a person to look at. */
static void picture_of(GtkWindow *dialog, const char *name) {
  g_assert_true(spin_until(window_drawn, dialog, 5000));
  spin(300);
  char *path = output_path(name);
  save_screenshot(GTK_WIDGET(dialog), path);
  g_free(path);
}

/* ---- drop-down rows are not cut off ---- */

/* Whether any label in `widget` shows its text cut short. */
static gboolean has_ellipsized_label(GtkWidget *widget) {
  if (GTK_IS_LABEL(widget) && gtk_widget_get_mapped(widget) &&
      pango_layout_is_ellipsized(gtk_label_get_layout(GTK_LABEL(widget)))) {
    g_test_message("cut off: %s", gtk_label_get_text(GTK_LABEL(widget)));
    return TRUE;
  }
  for (GtkWidget *child = gtk_widget_get_first_child(widget); child != NULL;
       child = gtk_widget_get_next_sibling(child))
    if (has_ellipsized_label(child))
      return TRUE;
  return FALSE;
}

/* Every item of every combo row in `root`, chosen in turn, shows whole at
 * the window's size; each row's choice is put back afterwards. */
static void assert_combo_rows_fit(GtkWidget *root) {
  if (ADW_IS_COMBO_ROW(root)) {
    AdwComboRow *row = ADW_COMBO_ROW(root);
    guint before = adw_combo_row_get_selected(row);
    guint n = g_list_model_get_n_items(adw_combo_row_get_model(row));
    for (guint i = 0; i < n; i++) {
      adw_combo_row_set_selected(row, i);
      spin(50);
      g_assert_false(has_ellipsized_label(root));
    }
    adw_combo_row_set_selected(row, before);
    spin(20);
    return;
  }
  for (GtkWidget *child = gtk_widget_get_first_child(root); child != NULL;
       child = gtk_widget_get_next_sibling(child))
    assert_combo_rows_fit(child);
}

/* ---- the window appears ---- */

static void test_startup(void) {
  g_assert_nonnull(window);
  g_assert_true(spin_until(board_ready, NULL, 5000));
  g_assert_true(gtk_widget_get_visible(GTK_WIDGET(window)));
  /* The first start of the app: the settings' default game, jieqi with
   * the human playing Red against the computer. */
  g_assert_cmpint(jq_game_controller_get_variant(controller()), ==,
                  JQ_VARIANT_JIEQI);
  g_assert_nonnull(jq_board_view_get_position(board()));
  g_assert_cmpstr(jq_window_get_status(window), ==, "Your move.");
  g_assert_true(jq_board_view_get_interactive(board()));
  g_assert_false(jq_board_view_get_flipped(board()));

  /* The About window and the Keyboard Shortcuts window open. */
  app_action("about");
  GtkWindow *about = find_toplevel(ADW_TYPE_ABOUT_WINDOW);
  g_assert_nonnull(about);
  gtk_window_destroy(about);
  g_assert_true(
      g_action_group_has_action(G_ACTION_GROUP(window), "show-help-overlay"));
  g_action_group_activate_action(G_ACTION_GROUP(window), "show-help-overlay",
                                 NULL);
  GtkWindow *shortcuts = find_toplevel(GTK_TYPE_SHORTCUTS_WINDOW);
  g_assert_nonnull(shortcuts);
  picture_of(shortcuts, "shortcuts.png");
  gtk_widget_set_visible(GTK_WIDGET(shortcuts), FALSE);
  spin(20);
}

/* ---- playing two humans through the board ---- */

static void test_play_and_undo(void) {
  new_game_via_dialog(JQ_VARIANT_XIANGQI, JQ_PLAYER_MODE_HUMAN,
                      JQ_PLAYER_MODE_HUMAN);
  jq_board_view_set_animate(board(), FALSE);
  g_assert_cmpstr(jq_window_get_status(window), ==, "Red to move.");
  g_assert_false(
      g_action_group_get_action_enabled(G_ACTION_GROUP(window), "undo"));
  click_move("h2e2");
  g_assert_cmpint(jq_game_controller_get_move_count(controller()), ==, 1);
  g_assert_cmpstr(jq_window_get_status(window), ==, "Black to move.");
  click_move("h9g7");
  g_assert_cmpint(jq_game_controller_get_move_count(controller()), ==, 2);
  assert_moves("炮二平五", "马８进７");
  g_assert_cmpint(jq_board_view_get_last_move(board()), ==,
                  jq_test_move("h9g7"));

  /* A refusal: the chariot cannot jump its own pawn. Its reason is on
   * the status line until the next move. */
  jq_board_view_test_click(board(), sq("a0"));
  jq_board_view_test_click(board(), sq("a5"));
  g_assert_cmpint(jq_game_controller_get_move_count(controller()), ==, 2);
  g_assert_cmpstr(jq_window_get_status(window), !=, "Red to move.");
  g_test_message("refusal: %s", jq_window_get_status(window));

  win_action("undo");
  g_assert_cmpint(jq_game_controller_get_move_count(controller()), ==, 1);
  g_assert_cmpuint(jq_move_list_view_get_count(jq_window_get_move_list(window)),
                   ==, 1);
  g_assert_cmpstr(jq_window_get_status(window), ==, "Black to move.");
  win_action("redo");
  g_assert_cmpint(jq_game_controller_get_move_count(controller()), ==, 2);
  click_move("b0c2");
  g_assert_cmpint(jq_game_controller_get_move_count(controller()), ==, 3);
  jq_board_view_set_animate(board(), TRUE);
}

/* ---- browsing the move list ---- */

static void test_browse(void) {
  g_assert_cmpint(jq_game_controller_get_move_count(controller()), ==, 3);
  win_action("browse-back");
  g_assert_true(jq_game_controller_is_browsing(controller()));
  g_assert_cmpint(jq_game_controller_get_browse_ply(controller()), ==, 2);
  g_assert_false(jq_board_view_get_interactive(board()));
  /* Numbered as the list numbers them: 1. h2e2 h9g7 2. b0c2. */
  g_assert_cmpstr(jq_window_get_status(window), ==,
                  "Looking at move 1, Black, of 2.");
  g_assert_cmpint(
      jq_move_list_view_get_current(jq_window_get_move_list(window)), ==, 2);
  /* The start, then one move on, as the list's buttons do. */
  win_action("browse-start");
  g_assert_cmpint(jq_game_controller_get_browse_ply(controller()), ==, 0);
  g_assert_cmpint(jq_board_view_get_last_move(board()), ==, JQ_MOVE_NONE);
  win_action("browse-forward");
  g_assert_cmpint(jq_game_controller_get_browse_ply(controller()), ==, 1);
  g_assert_cmpint(jq_board_view_get_last_move(board()), ==,
                  jq_test_move("h2e2"));
  g_assert_cmpstr(jq_window_get_status(window), ==,
                  "Looking at move 1, Red, of 2.");
  win_action("browse-live");
  g_assert_false(jq_game_controller_is_browsing(controller()));
  g_assert_true(jq_board_view_get_interactive(board()));
  g_assert_cmpstr(jq_window_get_status(window), ==, "Black to move.");

  /* The move list itself: a click on the first move, then the arrow key
   * to the one after it; the last move is the live game again. */
  GtkFlowBox *flow = GTK_FLOW_BOX(find_descendant(
      GTK_WIDGET(jq_window_get_move_list(window)), GTK_TYPE_FLOW_BOX));
  g_assert_nonnull(flow);
  GtkFlowBoxChild *first = gtk_flow_box_get_child_at_index(flow, 0);
  gtk_flow_box_select_child(flow, first);
  g_assert_cmpint(jq_game_controller_get_browse_ply(controller()), ==, 1);
  /* Tabbing into the list puts its cursor on the selected move. */
  gtk_widget_grab_focus(GTK_WIDGET(board()));
  g_assert_true(gtk_widget_child_focus(GTK_WIDGET(flow), GTK_DIR_TAB_FORWARD));
  gboolean handled = FALSE;
  g_signal_emit_by_name(flow, "move-cursor", GTK_MOVEMENT_VISUAL_POSITIONS, 1,
                        FALSE, FALSE, &handled);
  g_assert_cmpint(jq_game_controller_get_browse_ply(controller()), ==, 2);
  g_signal_emit_by_name(flow, "move-cursor", GTK_MOVEMENT_VISUAL_POSITIONS, 1,
                        FALSE, FALSE, &handled);
  g_assert_false(jq_game_controller_is_browsing(controller()));
  g_assert_true(jq_board_view_get_interactive(board()));
}

/* ---- preferences ---- */

static void test_preferences(void) {
  GSettings *s = settings();
  /* Notation: through GSettings, then through the window. */
  g_settings_set_string(s, "notation", "wxf");
  assert_moves("C2.5", "H8+7");
  app_action("preferences");
  JqPreferencesWindow *prefs =
      JQ_PREFERENCES_WINDOW(find_toplevel(JQ_TYPE_PREFERENCES_WINDOW));
  g_assert_nonnull(prefs);
  picture_of(GTK_WINDOW(prefs), "preferences.png");
  assert_combo_rows_fit(GTK_WIDGET(prefs));
  AdwComboRow *notation =
      ADW_COMBO_ROW(jq_preferences_window_get_editor(prefs, "notation"));
  g_assert_cmpuint(adw_combo_row_get_selected(notation), ==, 1);
  adw_combo_row_set_selected(notation, 2);
  assert_moves("h2e2", "h9g7");
  char *value = g_settings_get_string(s, "notation");
  g_assert_cmpstr(value, ==, "coordinates");
  g_free(value);

  /* Orientation: two humans show Red at the bottom by default. */
  g_settings_set_string(s, "board-orientation", "black-bottom");
  g_assert_true(jq_board_view_get_flipped(board()));
  AdwComboRow *orientation = ADW_COMBO_ROW(
      jq_preferences_window_get_editor(prefs, "board-orientation"));
  g_assert_cmpuint(adw_combo_row_get_selected(orientation), ==, 2);
  g_settings_set_string(s, "board-orientation", "auto");
  g_assert_false(jq_board_view_get_flipped(board()));

  /* Characters, legal moves, animations: straight onto the board. */
  g_settings_set_string(s, "character-style", "traditional");
  g_assert_true(jq_board_view_get_traditional(board()));
  g_settings_set_string(s, "notation", "chinese");
  char **texts = move_list_texts();
  g_assert_cmpstr(texts[0], ==, "炮二平五");
  g_assert_cmpstr(texts[2], ==, "傌八進七");
  g_strfreev(texts);
  g_settings_set_string(s, "character-style", "simplified");
  GtkSwitch *legal =
      GTK_SWITCH(jq_preferences_window_get_editor(prefs, "show-legal-moves"));
  gtk_switch_set_active(legal, FALSE);
  g_assert_false(g_settings_get_boolean(s, "show-legal-moves"));
  g_assert_false(jq_board_view_get_show_legal_moves(board()));
  gtk_switch_set_active(legal, TRUE);
  g_assert_true(jq_board_view_get_show_legal_moves(board()));
  g_settings_set_boolean(s, "animations", FALSE);
  g_assert_false(jq_board_view_get_animate(board()));
  g_settings_set_boolean(s, "animations", TRUE);

  /* The computer's settings reach the controller. */
  GtkSpinButton *think =
      GTK_SPIN_BUTTON(jq_preferences_window_get_editor(prefs, "think-time-ms"));
  gtk_spin_button_set_value(think, 1.5);
  g_assert_cmpint(g_settings_get_int(s, "think-time-ms"), ==, 1500);
  g_assert_cmpint(jq_game_controller_get_think_time(controller()), ==, 1500);
  g_settings_set_int(s, "ai-strength", 7);
  GtkSpinButton *strength =
      GTK_SPIN_BUTTON(jq_preferences_window_get_editor(prefs, "ai-strength"));
  g_assert_cmpint(gtk_spin_button_get_value_as_int(strength), ==, 7);
  g_assert_cmpint(jq_game_controller_get_strength(controller()), ==, 7);
  /* The strength row says what strength means for the algorithm chosen,
   * and is off for the baselines, which have none. */
  AdwActionRow *strength_row = ADW_ACTION_ROW(
      gtk_widget_get_ancestor(GTK_WIDGET(strength), ADW_TYPE_ACTION_ROW));
  g_assert_nonnull(strength_row);
  static const char *const algorithms[] = {"ismcts", "greedy", "alphabeta"};
  for (gsize i = 0; i < G_N_ELEMENTS(algorithms); i++) {
    g_settings_set_string(s, "ai-algorithm", algorithms[i]);
    g_assert_cmpstr(adw_action_row_get_subtitle(strength_row), ==,
                    jq_ai_names_strength_hint(algorithms[i]));
    g_assert_true(gtk_widget_get_sensitive(GTK_WIDGET(strength_row)) ==
                  jq_ai_names_has_strength(algorithms[i]));
  }
  g_assert_false(jq_ai_names_has_strength("greedy"));
  g_assert_cmpstr(jq_ai_names_strength_hint("ismcts"), !=,
                  jq_ai_names_strength_hint("alphabeta"));
  g_settings_reset(s, "ai-algorithm");
  g_settings_set_string(s, "disclosure", "both");
  g_assert_cmpint(jq_game_controller_get_disclosure(controller()), ==,
                  JQ_DISCLOSE_BOTH);
  g_settings_reset(s, "disclosure");
  g_settings_reset(s, "ai-strength");
  g_settings_reset(s, "think-time-ms");
  gtk_window_destroy(GTK_WINDOW(prefs));
  spin(20);
}

/* ---- copy and paste, PGN files ---- */

static void on_text_read(GObject *source, GAsyncResult *result, gpointer data) {
  *(char **)data =
      gdk_clipboard_read_text_finish(GDK_CLIPBOARD(source), result, NULL);
}

static gboolean is_set(gpointer data) { return *(char **)data != NULL; }

static gboolean moves_are(gpointer data) {
  return jq_game_controller_get_move_count(controller()) ==
         GPOINTER_TO_INT(data);
}

static void test_copy_paste(void) {
  GdkClipboard *clipboard = gtk_widget_get_clipboard(GTK_WIDGET(window));
  char *fen = jq_game_controller_get_fen(controller());
  win_action("copy-fen");
  char *copied = NULL;
  gdk_clipboard_read_text_async(clipboard, NULL, on_text_read, &copied);
  g_assert_true(spin_until(is_set, &copied, 5000));
  g_assert_cmpstr(copied, ==, fen);
  g_free(copied);

  /* Nonsense pasted: a toast, and the game goes on unchanged. */
  int before = jq_game_controller_get_move_count(controller());
  gdk_clipboard_set_text(clipboard, "not a position");
  win_action("paste-fen");
  spin(200);
  g_assert_cmpint(jq_game_controller_get_move_count(controller()), ==, before);
  g_assert_false(jq_window_paste_fen(window, "rnbakabnr/9/9 w"));
  g_assert_cmpint(jq_game_controller_get_move_count(controller()), ==, before);

  g_assert_null(find_question());

  /* The copied position pasted back: a new game from it, once the game
   * in progress is abandoned. */
  g_assert_cmpint(before, >, 0);
  gdk_clipboard_set_text(clipboard, fen);
  win_action("paste-fen");
  answer_question("abandon");
  g_assert_true(spin_until(moves_are, GINT_TO_POINTER(0), 5000));
  char *now = jq_game_controller_get_fen(controller());
  g_assert_cmpstr(now, ==, fen);
  g_free(now);
  g_free(fen);
  g_assert_cmpstr(jq_window_get_status(window), ==, "Black to move.");
}

static void test_pgn_files(void) {
  jq_board_view_set_animate(board(), FALSE);
  click_move("b9c7");
  g_assert_cmpint(jq_game_controller_get_move_count(controller()), ==, 1);
  char *dir = g_dir_make_tmp("jieqi-window-XXXXXX", NULL);
  char *path = g_build_filename(dir, "game.pgn", NULL);
  GFile *file = g_file_new_for_path(path);
  g_assert_true(jq_window_save_file(window, file));
  char *text = NULL;
  g_assert_true(g_file_get_contents(path, &text, NULL, NULL));
  g_assert_nonnull(strstr(text, "马２进３"));
  g_free(text);

  /* A bad file: a message, and the game stays. */
  char *bad_path = g_build_filename(dir, "bad.pgn", NULL);
  g_assert_true(
      g_file_set_contents(bad_path, "[Event \"x\"]\n1. z9z9 *\n", -1, NULL));
  GFile *bad = g_file_new_for_path(bad_path);
  new_game_via_dialog(JQ_VARIANT_XIANGQI, JQ_PLAYER_MODE_HUMAN,
                      JQ_PLAYER_MODE_HUMAN);
  click_move("c3c4");
  g_assert_false(jq_window_open_file(window, bad));
  g_assert_true(spin_until(message_shown, NULL, 2000));
  g_assert_cmpint(jq_game_controller_get_move_count(controller()), ==, 1);
  close_messages();

  g_assert_true(jq_window_open_file(window, file));
  g_assert_cmpint(jq_game_controller_get_move_count(controller()), ==, 1);
  char **texts = move_list_texts();
  g_assert_cmpstr(texts[0], ==, "马２进３");
  g_strfreev(texts);

  g_object_unref(bad);
  g_object_unref(file);
  g_unlink(bad_path);
  g_unlink(path);
  g_rmdir(dir);
  g_free(bad_path);
  g_free(path);
  g_free(dir);
  jq_board_view_set_animate(board(), TRUE);
}

/* ---- a file of several games ---- */

static void collect_texts(GtkWidget *widget, GString *out);
static gboolean panel_has(const char *text);

/* The move list holds exactly this one move. */
static void assert_moves_one(const char *first) {
  char **texts = move_list_texts();
  g_assert_cmpuint(g_strv_length(texts), ==, 1);
  g_assert_cmpstr(texts[0], ==, first);
  g_strfreev(texts);
}

static const char *window_subtitle(void) {
  GtkWidget *title = find_descendant(GTK_WIDGET(window), ADW_TYPE_WINDOW_TITLE);
  g_assert_nonnull(title);
  return adw_window_title_get_subtitle(ADW_WINDOW_TITLE(title));
}

/* Opens `file` of several games: the chooser, drawn. */
static JqGameChooser *open_several(GFile *file) {
  g_assert_true(jq_window_open_file(window, file));
  JqGameChooser *chooser = JQ_GAME_CHOOSER(find_toplevel(JQ_TYPE_GAME_CHOOSER));
  g_assert_nonnull(chooser);
  g_assert_true(spin_until(window_drawn, chooser, 5000));
  spin(100);
  return chooser;
}

static GtkSingleSelection *chooser_selection(JqGameChooser *chooser) {
  return GTK_SINGLE_SELECTION(
      gtk_column_view_get_model(jq_game_chooser_get_view(chooser)));
}

static void count_call(int *count) { (*count)++; }

static gboolean chooser_gone(gpointer data) {
  return find_toplevel(JQ_TYPE_GAME_CHOOSER) == NULL;
}

static void test_several_games(void) {
  new_game_via_dialog(JQ_VARIANT_XIANGQI, JQ_PLAYER_MODE_HUMAN,
                      JQ_PLAYER_MODE_HUMAN);
  jq_board_view_set_animate(board(), FALSE);
  click_move("h2e2");
  g_assert_cmpstr(window_subtitle(), ==, "Two players");
  char *path = g_build_filename(g_getenv("JQ_TEST_DATA"), "data",
                                "three-games.pgn", NULL);
  GFile *file = g_file_new_for_path(path);

  /* The list: a row for each game, with its players and result. */
  JqGameChooser *chooser = open_several(file);
  picture_of(GTK_WINDOW(chooser), "game-chooser.png");
  g_assert_cmpuint(
      g_list_model_get_n_items(G_LIST_MODEL(chooser_selection(chooser))), ==,
      3);
  GString *texts = g_string_new(NULL);
  collect_texts(GTK_WIDGET(chooser), texts);
  static const char *const shown[] = {
      "label: Wang Tianyi\n", "label: Zheng Weitong\n", "label: 1-0\n",
      "label: 王天一\n",      "label: 许银川\n",        "label: 1/2-1/2\n",
      "label: Lü Qin\n",      "label: Xu Yinchuan\n",   "label: 0-1\n",
      "label: 2024.05.02\n",  "label: Spring Open\n",   "label: 3\n"};
  for (gsize i = 0; i < G_N_ELEMENTS(shown); i++)
    if (strstr(texts->str, shown[i]) == NULL)
      g_error("the list does not show %s in:\n%s", shown[i], texts->str);
  g_string_free(texts, TRUE);
  /* The file was not opened yet: the game is as it was. */
  g_assert_cmpint(jq_game_controller_get_move_count(controller()), ==, 1);

  /* Cancel changes nothing. */
  gtk_widget_activate(jq_game_chooser_get_cancel_button(chooser));
  g_assert_true(spin_until(chooser_gone, NULL, 2000));
  g_assert_cmpint(jq_game_controller_get_move_count(controller()), ==, 1);
  assert_moves_one("炮二平五");
  g_assert_cmpstr(window_subtitle(), ==, "Two players");

  /* The second game, with Open: its moves and its players. */
  chooser = open_several(file);
  int opened = 0;
  g_signal_connect_swapped(chooser, "game-opened", G_CALLBACK(count_call),
                           &opened);
  gtk_single_selection_set_selected(chooser_selection(chooser), 1);
  g_assert_true(
      gtk_widget_get_sensitive(jq_game_chooser_get_open_button(chooser)));
  gtk_widget_activate(jq_game_chooser_get_open_button(chooser));
  g_assert_true(spin_until(chooser_gone, NULL, 2000));
  g_assert_cmpint(jq_game_controller_get_move_count(controller()), ==, 7);
  assert_moves("炮八平五", "马２进３");
  g_assert_true(jq_game_controller_is_over(controller()));
  g_assert_cmpstr(window_subtitle(), ==, "Red: 王天一 — Black: 许银川");
  g_assert_true(panel_has("label: 王天一\n"));
  g_assert_true(panel_has("label: 许银川\n"));
  g_assert_cmpint(opened, ==, 1);

  /* The third, with a double-click; saved again, it keeps its names. */
  chooser = open_several(file);
  g_signal_emit_by_name(jq_game_chooser_get_view(chooser), "activate", 2);
  g_assert_true(spin_until(chooser_gone, NULL, 2000));
  g_assert_cmpint(jq_game_controller_get_move_count(controller()), ==, 2);
  assert_moves("兵七进一", "卒３进１");
  g_assert_cmpstr(window_subtitle(), ==, "Red: Lü Qin — Black: Xu Yinchuan");
  char *dir = g_dir_make_tmp("jieqi-window-XXXXXX", NULL);
  char *saved_path = g_build_filename(dir, "saved.pgn", NULL);
  GFile *saved = g_file_new_for_path(saved_path);
  g_assert_true(jq_window_save_file(window, saved));
  char *text = NULL;
  g_assert_true(g_file_get_contents(saved_path, &text, NULL, NULL));
  g_assert_nonnull(strstr(text, "[Red \"Lü Qin\"]\n"));
  g_assert_nonnull(strstr(text, "[Black \"Xu Yinchuan\"]\n"));
  g_free(text);

  /* A bad game among good ones: listed, said why, not opened. */
  g_assert_true(g_file_set_contents(
      saved_path,
      "[Red \"A\"]\n\n1. h2e2 *\n\n[Red \"B\"]\n\n1. h2e2 h9g7 2. e2e9 *\n", -1,
      NULL));
  chooser = open_several(saved);
  g_assert_true(panel_has("label: Lü Qin\n"));
  texts = g_string_new(NULL);
  collect_texts(GTK_WIDGET(chooser), texts);
  g_assert_nonnull(strstr(texts->str, "label: Unreadable\n"));
  g_string_free(texts, TRUE);
  gtk_single_selection_set_selected(chooser_selection(chooser), 1);
  g_assert_false(
      gtk_widget_get_sensitive(jq_game_chooser_get_open_button(chooser)));
  g_assert_nonnull(strstr(jq_game_chooser_get_message(chooser), "line 7"));
  g_signal_emit_by_name(jq_game_chooser_get_view(chooser), "activate", 1);
  spin(50);
  g_assert_true(find_toplevel(JQ_TYPE_GAME_CHOOSER) == GTK_WINDOW(chooser));
  g_assert_cmpint(jq_game_controller_get_move_count(controller()), ==, 2);
  gtk_window_close(GTK_WINDOW(chooser));
  g_assert_true(spin_until(chooser_gone, NULL, 2000));
  g_assert_cmpint(jq_game_controller_get_move_count(controller()), ==, 2);

  /* A new game goes by the roles again. */
  new_game_via_dialog(JQ_VARIANT_XIANGQI, JQ_PLAYER_MODE_HUMAN,
                      JQ_PLAYER_MODE_HUMAN);
  g_assert_cmpstr(window_subtitle(), ==, "Two players");

  g_object_unref(saved);
  g_unlink(saved_path);
  g_rmdir(dir);
  g_free(saved_path);
  g_free(dir);
  g_object_unref(file);
  g_free(path);
  jq_board_view_set_animate(board(), TRUE);
}

/* ---- the New Game dialog refuses a bad position ---- */

static void test_new_game_bad_fen(void) {
  /* A game in progress, which a refused position must leave alone. */
  if (jq_game_controller_is_over(controller()) ||
      jq_game_controller_get_move_count(controller()) == 0) {
    new_game_via_dialog(JQ_VARIANT_XIANGQI, JQ_PLAYER_MODE_HUMAN,
                        JQ_PLAYER_MODE_HUMAN);
    click_move("h2e2");
  }
  int before = jq_game_controller_get_move_count(controller());
  app_action("new-game");
  JqNewGameDialog *dialog =
      JQ_NEW_GAME_DIALOG(find_toplevel(JQ_TYPE_NEW_GAME_DIALOG));
  g_assert_nonnull(dialog);
  jq_new_game_dialog_set_choices(dialog, JQ_VARIANT_XIANGQI,
                                 JQ_PLAYER_MODE_HUMAN, JQ_PLAYER_MODE_HUMAN,
                                 "rnbakabnr/9/9/9 w");
  g_assert_nonnull(jq_new_game_dialog_get_error(dialog));
  picture_of(GTK_WINDOW(dialog), "new-game-dialog.png");
  assert_combo_rows_fit(GTK_WIDGET(dialog));
  g_assert_cmpint(before, >, 0);
  g_assert_false(jq_new_game_dialog_start(dialog));
  g_assert_null(find_question());
  g_test_message("new game refused: %s", jq_new_game_dialog_get_error(dialog));
  g_assert_cmpint(jq_game_controller_get_move_count(controller()), ==, before);
  /* A good one clears the complaint and starts from it. */
  jq_new_game_dialog_set_choices(dialog, JQ_VARIANT_XIANGQI,
                                 JQ_PLAYER_MODE_HUMAN, JQ_PLAYER_MODE_HUMAN,
                                 MATE_IN_ONE);
  g_assert_null(jq_new_game_dialog_get_error(dialog));
  g_assert_true(jq_new_game_dialog_start(dialog));
  answer_question("abandon");
  spin(50);
  g_assert_null(find_toplevel(JQ_TYPE_NEW_GAME_DIALOG));
}

/* ---- the end of a game ---- */

static void test_game_over(void) {
  g_assert_cmpint(jq_game_controller_get_move_count(controller()), ==, 0);
  click_move("a4e4");
  g_assert_true(jq_game_controller_is_over(controller()));
  g_assert_cmpstr(jq_window_get_status(window), ==,
                  "Red wins: Black is checkmated.");
  g_assert_false(jq_board_view_get_interactive(board()));
  g_assert_true(spin_until(message_shown, NULL, 3000));
  AdwMessageDialog *dialog =
      ADW_MESSAGE_DIALOG(find_toplevel(ADW_TYPE_MESSAGE_DIALOG));
  g_assert_cmpstr(adw_message_dialog_get_heading(dialog), ==, "Red Wins");
  g_assert_cmpstr(adw_message_dialog_get_body(dialog), ==,
                  "Red wins: Black is checkmated.");
  g_assert_cmpuint(
      jq_sound_player_get_played(jq_window_get_sound_player(window)), >, 0);

  /* The message offers to take the mate back. */
  g_assert_true(adw_message_dialog_has_response(dialog, "take-back"));
  g_assert_cmpstr(adw_message_dialog_get_response_label(dialog, "take-back"),
                  ==, "_Take Back Move");
  adw_message_dialog_response(dialog, "take-back");
  gtk_window_destroy(GTK_WINDOW(dialog));
  g_assert_false(jq_game_controller_is_over(controller()));
  g_assert_cmpint(jq_game_controller_get_move_count(controller()), ==, 0);
  g_assert_cmpstr(jq_window_get_status(window), ==, "Red to move.");
  g_assert_true(jq_board_view_get_interactive(board()));

  /* Mated again, the message closed: Undo asks before it reopens the
   * game, and Cancel keeps the result; redo has nothing to add. */
  click_move("a4e4");
  g_assert_true(jq_game_controller_is_over(controller()));
  g_assert_true(spin_until(message_shown, NULL, 3000));
  close_messages();
  g_assert_false(
      g_action_group_get_action_enabled(G_ACTION_GROUP(window), "redo"));
  win_action("undo");
  AdwMessageDialog *ask =
      ADW_MESSAGE_DIALOG(find_toplevel(ADW_TYPE_MESSAGE_DIALOG));
  g_assert_nonnull(ask);
  g_assert_cmpstr(adw_message_dialog_get_heading(ask), ==,
                  "Take Back the Last Move?");
  g_assert_cmpstr(adw_message_dialog_get_body(ask), ==,
                  "Red wins: Black is checkmated. Taking the move back "
                  "reopens the game.");
  g_assert_true(jq_game_controller_is_over(controller()));
  g_assert_cmpint(jq_game_controller_get_move_count(controller()), ==, 1);
  adw_message_dialog_response(ask, "cancel");
  gtk_window_destroy(GTK_WINDOW(ask));
  g_assert_true(jq_game_controller_is_over(controller()));
  g_assert_cmpint(jq_game_controller_get_move_count(controller()), ==, 1);
  g_assert_cmpstr(jq_window_get_status(window), ==,
                  "Red wins: Black is checkmated.");
  win_action("undo");
  ask = ADW_MESSAGE_DIALOG(find_toplevel(ADW_TYPE_MESSAGE_DIALOG));
  adw_message_dialog_response(ask, "take-back");
  gtk_window_destroy(GTK_WINDOW(ask));
  g_assert_false(jq_game_controller_is_over(controller()));
  g_assert_cmpint(jq_game_controller_get_move_count(controller()), ==, 0);
}

/* ---- replacing a game in progress asks first ---- */

#define XIANGQI_START \
  "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"

static gboolean game_over(gpointer data) {
  return jq_game_controller_is_over(controller());
}

/* The position shown starts so (the paste is read asynchronously). */
static gboolean fen_starts(gpointer prefix) {
  char *fen = jq_game_controller_get_fen(controller());
  gboolean yes = g_str_has_prefix(fen, prefix);
  g_free(fen);
  return yes;
}

/* Two humans, two moves played. */
static void game_in_progress(void) {
  new_game_via_dialog(JQ_VARIANT_XIANGQI, JQ_PLAYER_MODE_HUMAN,
                      JQ_PLAYER_MODE_HUMAN);
  click_move("h2e2");
  click_move("h9g7");
  g_assert_cmpint(jq_game_controller_get_move_count(controller()), ==, 2);
}

static void assert_unchanged(const char *fen, int moves) {
  spin(100);
  g_assert_cmpint(jq_game_controller_get_move_count(controller()), ==, moves);
  char *now = jq_game_controller_get_fen(controller());
  g_assert_cmpstr(now, ==, fen);
  g_free(now);
  g_assert_false(jq_game_controller_is_over(controller()));
}

/* Paste Position, Open and New Game ask before a game in progress goes;
 * Cancel keeps it as it was. A game that ended or has no move yet goes
 * unasked; so is a paste that is no position refused unasked. */
static void test_replace_asks(void) {
  jq_board_view_set_animate(board(), FALSE);
  GdkClipboard *clipboard = gtk_widget_get_clipboard(GTK_WIDGET(window));
  char *dir = g_dir_make_tmp("jieqi-window-XXXXXX", NULL);
  char *path = g_build_filename(dir, "game.pgn", NULL);
  GFile *file = g_file_new_for_path(path);

  /* New Game after the end: unasked. */
  g_assert_true(jq_game_controller_set_fen(controller(), MATE_IN_ONE, NULL));
  click_move("a4e4");
  g_assert_true(jq_game_controller_is_over(controller()));
  g_assert_true(spin_until(message_shown, NULL, 3000));
  close_messages();
  game_in_progress();

  /* Not a position: refused unasked, the game as it was (the toast says
   * the clipboard was read; it may wait behind earlier ones). */
  char *fen = jq_game_controller_get_fen(controller());
  gdk_clipboard_set_text(clipboard, "not a position");
  ToastWait refused = toast_wait("Cannot paste the position");
  win_action("paste-fen");
  g_assert_true(spin_until(toast_posted, &refused, 15000));
  g_assert_null(find_question());
  assert_unchanged(fen, 2);

  /* Paste: asked, and the game stays until the answer. */
  gdk_clipboard_set_text(clipboard, MATE_IN_ONE);
  win_action("paste-fen");
  g_assert_true(spin_until(question_shown, NULL, 5000));
  AdwMessageDialog *question = find_question();
  g_assert_cmpstr(adw_message_dialog_get_heading(question), ==,
                  "Abandon the Current Game?");
  g_assert_true(adw_message_dialog_has_response(question, "cancel"));
  g_assert_cmpstr(adw_message_dialog_get_response_label(question, "abandon"),
                  ==, "_Abandon Game");
  g_assert_cmpint(
      adw_message_dialog_get_response_appearance(question, "abandon"), ==,
      ADW_RESPONSE_DESTRUCTIVE);
  g_assert_cmpstr(adw_message_dialog_get_close_response(question), ==,
                  "cancel");
  picture_of(GTK_WINDOW(question), "abandon-question.png");
  assert_unchanged(fen, 2);
  answer_question("cancel");
  assert_unchanged(fen, 2);
  win_action("paste-fen");
  answer_question("abandon");
  g_assert_true(spin_until(fen_starts, "4k4/9/4N4/", 5000));
  g_assert_cmpint(jq_game_controller_get_move_count(controller()), ==, 0);
  g_free(fen);

  /* No move yet: pasted unasked. */
  gdk_clipboard_set_text(clipboard, XIANGQI_START);
  win_action("paste-fen");
  g_assert_true(spin_until(fen_starts, "rnbakabnr/", 5000));
  g_assert_null(find_question());

  /* Open (a file given to the app, as the Open dialog does): asked. */
  click_move("h2e2");
  click_move("h9g7");
  g_assert_true(jq_window_save_file(window, file));
  char *saved = jq_game_controller_get_fen(controller());
  click_move("h0g2");
  fen = jq_game_controller_get_fen(controller());
  g_application_open(G_APPLICATION(app), &file, 1, "");
  g_assert_true(spin_until(question_shown, NULL, 5000));
  assert_unchanged(fen, 3);
  answer_question("cancel");
  assert_unchanged(fen, 3);
  g_application_open(G_APPLICATION(app), &file, 1, "");
  answer_question("abandon");
  assert_unchanged(saved, 2);
  g_free(fen);

  /* New Game: asked when Start is pressed; Cancel leaves the dialog. */
  fen = jq_game_controller_get_fen(controller());
  app_action("new-game");
  JqNewGameDialog *dialog =
      JQ_NEW_GAME_DIALOG(find_toplevel(JQ_TYPE_NEW_GAME_DIALOG));
  g_assert_nonnull(dialog);
  jq_new_game_dialog_set_choices(dialog, JQ_VARIANT_JIEQI, JQ_PLAYER_MODE_HUMAN,
                                 JQ_PLAYER_MODE_HUMAN, NULL);
  g_assert_true(jq_new_game_dialog_start(dialog));
  g_assert_nonnull(find_question());
  assert_unchanged(fen, 2);
  answer_question("cancel");
  assert_unchanged(fen, 2);
  g_assert_cmpint(jq_game_controller_get_variant(controller()), ==,
                  JQ_VARIANT_XIANGQI);
  g_assert_true(find_toplevel(JQ_TYPE_NEW_GAME_DIALOG) == GTK_WINDOW(dialog));
  g_assert_true(jq_new_game_dialog_start(dialog));
  answer_question("abandon");
  g_assert_null(find_toplevel(JQ_TYPE_NEW_GAME_DIALOG));
  g_assert_cmpint(jq_game_controller_get_variant(controller()), ==,
                  JQ_VARIANT_JIEQI);
  g_assert_cmpint(jq_game_controller_get_move_count(controller()), ==, 0);
  g_free(fen);

  /* Open after the end: unasked. */
  gdk_clipboard_set_text(clipboard, MATE_IN_ONE);
  win_action("paste-fen");
  g_assert_true(spin_until(fen_starts, "4k4/9/4N4/", 5000));
  click_move("a4e4");
  g_assert_true(spin_until(game_over, NULL, 5000));
  g_assert_true(spin_until(message_shown, NULL, 3000));
  close_messages();
  g_application_open(G_APPLICATION(app), &file, 1, "");
  g_assert_null(find_question());
  assert_unchanged(saved, 2);
  g_free(saved);

  g_object_unref(file);
  g_unlink(path);
  g_rmdir(dir);
  g_free(path);
  g_free(dir);
  jq_board_view_set_animate(board(), TRUE);
}

/* ---- nothing shown tells a hidden identity ---- */

/* Every text of a widget tree: labels, tooltips, accessible names and
 * descriptions. */
static void collect_texts(GtkWidget *widget, GString *out) {
  /* Toasts come and go with time, and say nothing about the position. */
  if (strcmp(G_OBJECT_TYPE_NAME(widget), "AdwToastWidget") == 0)
    return;
  if (GTK_IS_LABEL(widget))
    g_string_append_printf(out, "label: %s\n",
                           gtk_label_get_label(GTK_LABEL(widget)));
  if (GTK_IS_INSCRIPTION(widget) &&
      gtk_inscription_get_text(GTK_INSCRIPTION(widget)) != NULL)
    g_string_append_printf(out, "label: %s\n",
                           gtk_inscription_get_text(GTK_INSCRIPTION(widget)));
  const char *tip = gtk_widget_get_tooltip_text(widget);
  if (tip != NULL)
    g_string_append_printf(out, "tooltip: %s\n", tip);
  /* The pieces panel's chips make theirs when asked for. */
  if (gtk_widget_has_css_class(widget, "piece-chip")) {
    char *chip_tip = jq_pieces_panel_chip_tooltip(widget);
    g_string_append_printf(out, "tooltip: %s\n", chip_tip);
    g_free(chip_tip);
  }
  /* The test accessibility context hands back the value when it differs
   * from the one asked about. */
  static const GtkAccessibleProperty props[] = {
      GTK_ACCESSIBLE_PROPERTY_LABEL, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION};
  for (gsize i = 0; i < G_N_ELEMENTS(props); i++) {
    char *value = gtk_test_accessible_check_property(GTK_ACCESSIBLE(widget),
                                                     props[i], "\x01");
    if (value != NULL)
      g_string_append_printf(out, "accessible: %s\n", value);
    g_free(value);
  }
  for (GtkWidget *child = gtk_widget_get_first_child(widget); child != NULL;
       child = gtk_widget_get_next_sibling(child))
    collect_texts(child, out);
}

static char *window_texts(void) {
  spin(50);
  GString *out = g_string_new(NULL);
  collect_texts(GTK_WIDGET(window), out);
  return g_string_free(out, FALSE);
}

/* Plays random moves between two humans until some face-down pieces were
 * captured and it is Red's turn again. */
static void play_random_jieqi(void) {
  JqGameController *c = controller();
  for (guint seed = 1;; seed++) {
    g_assert_cmpuint(seed, <, 100);
    JqNewGame setup;
    jq_new_game_init(&setup, JQ_VARIANT_JIEQI);
    setup.players[JQ_RED] = setup.players[JQ_BLACK] = JQ_PLAYER_MODE_HUMAN;
    setup.seed = seed;
    g_assert_true(jq_game_controller_new_game(c, &setup, NULL));
    GRand *rand = g_rand_new_with_seed(seed);
    JqMoveList *legal = g_new(JqMoveList, 1);
    for (int ply = 0; ply < 50 && !jq_game_controller_is_over(c); ply++) {
      jq_game_controller_get_legal_moves(c, legal);
      /* Captures first, so that pieces are lost face down. */
      const JqPosition *truth = jq_game_truth(jq_game_controller_get_game(c));
      JqMove pick = legal->moves[g_rand_int_range(rand, 0, legal->count)];
      for (int i = 0; i < legal->count; i++)
        if (truth->board[jq_move_to(legal->moves[i])] != JQ_EMPTY &&
            g_rand_boolean(rand))
          pick = legal->moves[i];
      g_assert_true(jq_game_controller_play_move(c, jq_move_from(pick),
                                                 jq_move_to(pick), NULL));
    }
    g_rand_free(rand);
    g_free(legal);
    const JqPosition *truth = jq_game_truth(jq_game_controller_get_game(c));
    int hidden_captures = 0;
    for (int i = 0; i < truth->capture_count; i++)
      hidden_captures += jq_piece_is_hidden(truth->captures[i].piece);
    if (hidden_captures >= 3 && !jq_game_controller_is_over(c) &&
        jq_game_controller_get_side_to_move(c) == JQ_RED)
      return;
  }
}

/* Where each face-down piece of the display view started (deal index),
 * for the pieces the display side does not know: those still face down
 * on the board, and those captured face down without being learned. */
typedef struct {
  int origin[32];
  JqColor color[32];
  int count;
  int captured; /* the first `captured` were captured */
} Unknowns;

static void find_unknowns(Unknowns *out) {
  JqGameController *c = controller();
  const JqGame *game = jq_game_controller_get_game(c);
  const JqPosition *init = jq_game_initial(game);
  /* Follow every piece from its starting point. */
  int origin[JQ_SQUARES];
  int captured_origin[32];
  int captures = 0;
  for (int s = 0; s < JQ_SQUARES; s++)
    origin[s] = init->board[s] != JQ_EMPTY ? s : -1;
  for (int i = 0; i < jq_game_move_count(game); i++) {
    JqMove m = jq_game_move_at(game, i).move;
    int from = jq_move_from(m), to = jq_move_to(m);
    if (origin[to] >= 0)
      captured_origin[captures++] = origin[to];
    origin[to] = origin[from];
    origin[from] = -1;
  }
  JqPosition *view = g_new(JqPosition, 1);
  jq_game_controller_get_display_view(c, view);
  g_assert_cmpint(view->capture_count, ==, captures);
  out->count = 0;
  for (int i = 0; i < view->capture_count; i++)
    if (jq_piece_is_hidden(view->captures[i].piece) &&
        view->captures[i].identity == JQ_NO_TYPE) {
      out->origin[out->count] = captured_origin[i];
      out->color[out->count++] = jq_piece_color(view->captures[i].piece);
    }
  out->captured = out->count;
  for (int s = 0; s < JQ_SQUARES && out->count < 32; s++)
    if (jq_piece_is_hidden(view->board[s])) {
      out->origin[out->count] = origin[s];
      out->color[out->count++] = jq_piece_color(view->board[s]);
    }
  g_free(view);
}

/* The game's PGN with the identities of two unknown pieces of one side
 * swapped in the deal (a captured one when there is one); NULL when no
 * two such pieces differ. */
static char *swapped_pgn(const char *pgn, const Unknowns *u) {
  const JqPosition *init =
      jq_game_initial(jq_game_controller_get_game(controller()));
  char deal[64];
  g_assert_true(jq_pgn_tag(pgn, "JieqiDeal", deal, sizeof deal));
  int index[JQ_SQUARES];
  int k = 0;
  for (int s = 0; s < JQ_SQUARES; s++)
    index[s] = jq_piece_is_hidden(init->board[s]) ? k++ : -1;
  for (int a = 0; a < u->count; a++) {
    for (int b = a + 1; b < u->count; b++) {
      int ia = index[u->origin[a]], ib = index[u->origin[b]];
      if (u->color[a] != u->color[b] || deal[ia] == deal[ib])
        continue;
      char swapped[64];
      strcpy(swapped, deal);
      swapped[ia] = deal[ib];
      swapped[ib] = deal[ia];
      char *from = g_strdup_printf("[JieqiDeal \"%s\"]", deal);
      char *to = g_strdup_printf("[JieqiDeal \"%s\"]", swapped);
      char **parts = g_strsplit(pgn, from, 2);
      g_assert_cmpuint(g_strv_length(parts), ==, 2);
      char *out = g_strjoin(to, parts[0], parts[1], NULL);
      g_strfreev(parts);
      g_free(from);
      g_free(to);
      g_test_message("swapped deal letters %d and %d (%c, %c)", ia, ib,
                     deal[ia], deal[ib]);
      return out;
    }
  }
  return NULL;
}

static void load_pgn(const char *pgn) {
  GError *error = NULL;
  gboolean ok = jq_game_controller_load_pgn_text(controller(), pgn, &error);
  g_assert_no_error(error);
  g_assert_true(ok);
}

static void test_no_hidden_identity(void) {
  JqGameController *c = controller();
  GSettings *s = settings();
  play_random_jieqi();
  /* Chinese moves: unlike coordinates they do not name captured face-down
   * pieces, so a deal with two of them swapped still reads. With its deal,
   * as only a finished game's file has it. */
  JqPgnInfo info;
  jq_pgn_info_init(&info);
  info.style = JQ_PGN_CHINESE;
  info.full_deal = TRUE;
  char *written = jq_pgn_write(jq_game_controller_get_game(c), &info);
  char *pgn = g_strdup(written);
  free(written);
  int checked = 0;
  static const char *const rules[] = {"captor", "nobody", "both"};
  for (gsize r = 0; r < G_N_ELEMENTS(rules); r++) {
    g_settings_set_string(s, "disclosure", rules[r]);
    for (int seat = 0; seat < 2; seat++) {
      /* Two humans (the public view), then Red against the computer
       * (Red's view; Red is to move, so the computer stays idle). */
      jq_game_controller_set_player(c, JQ_BLACK,
                                    seat == 0 ? JQ_PLAYER_MODE_HUMAN
                                              : JQ_PLAYER_MODE_COMPUTER);
      load_pgn(pgn);
      g_assert_false(jq_game_controller_is_thinking(c));
      Unknowns u;
      find_unknowns(&u);
      char *other = swapped_pgn(pgn, &u);
      g_assert_nonnull(other);
      char *shown = window_texts();
      load_pgn(other);
      char *shown_other = window_texts();
      if (strcmp(shown, shown_other) != 0) {
        char *path_a = output_path("window-texts-a.txt");
        char *path_b = output_path("window-texts-b.txt");
        g_file_set_contents(path_a, shown, -1, NULL);
        g_file_set_contents(path_b, shown_other, -1, NULL);
        g_error("the window shows a hidden identity: compare %s and %s", path_a,
                path_b);
      }
      /* The panel does say something: the unknown lost pieces and the
       * counts of the ones not yet seen. */
      char *panel_text = NULL;
      GString *panel = g_string_new(NULL);
      collect_texts(jq_window_get_side_panel(window), panel);
      panel_text = g_string_free(panel, FALSE);
      g_assert_nonnull(strstr(panel_text, "Not yet seen"));
      if (u.captured > 0)
        g_assert_nonnull(strstr(panel_text, "label: ?\n"));
      else
        g_assert_null(strstr(panel_text, "label: ?\n"));
      g_free(panel_text);
      g_free(shown);
      g_free(shown_other);
      g_free(other);
      checked++;
    }
  }
  g_assert_cmpint(checked, ==, 6);
  g_settings_reset(s, "disclosure");
  jq_game_controller_set_player(c, JQ_BLACK, JQ_PLAYER_MODE_HUMAN);
  g_free(pgn);
}

/* ---- the game comes back at the next start ---- */

/* The pieces panel keeps its height through a game: a row that appeared
 * with the first lost piece made it taller, and where the window was at
 * its smallest (the analysis on) the window grew and the board was drawn
 * again whole at its new size, the main loop's longest waits (issue 17). */
static int panel_height(void) {
  int min = 0, nat = 0;
  gtk_widget_measure(GTK_WIDGET(window->pieces_panel), GTK_ORIENTATION_VERTICAL,
                     -1, &min, &nat, NULL, NULL);
  g_assert_cmpint(min, >, 0);
  return min;
}

static void test_pieces_panel_height(void) {
  JqGameController *c = controller();
  JqMoveList *legal = g_new(JqMoveList, 1);
  for (int v = 0; v < 2; v++) {
    JqNewGame setup;
    jq_new_game_init(&setup, v == 0 ? JQ_VARIANT_XIANGQI : JQ_VARIANT_JIEQI);
    setup.players[JQ_RED] = setup.players[JQ_BLACK] = JQ_PLAYER_MODE_HUMAN;
    setup.seed = 7;
    g_assert_true(jq_game_controller_new_game(c, &setup, NULL));
    spin(20);
    int start = panel_height();
    GRand *rand = g_rand_new_with_seed(7);
    int lost[2] = {0, 0};
    for (int ply = 0; ply < 60 && !jq_game_controller_is_over(c); ply++) {
      jq_game_controller_get_legal_moves(c, legal);
      /* Captures first: both sides lose pieces. */
      const JqPosition *truth = jq_game_truth(jq_game_controller_get_game(c));
      JqMove pick = legal->moves[g_rand_int_range(rand, 0, legal->count)];
      for (int i = 0; i < legal->count; i++)
        if (truth->board[jq_move_to(legal->moves[i])] != JQ_EMPTY)
          pick = legal->moves[i];
      JqPiece taken = truth->board[jq_move_to(pick)];
      if (taken != JQ_EMPTY)
        lost[jq_piece_color(taken)]++;
      g_assert_true(jq_game_controller_play_move(c, jq_move_from(pick),
                                                 jq_move_to(pick), NULL));
      spin(5);
      g_assert_cmpint(panel_height(), ==, start);
    }
    g_rand_free(rand);
    g_test_message("variant %d: lost %d and %d, panel %d px", v, lost[0],
                   lost[1], start);
    g_assert_cmpint(lost[JQ_RED], >, 0);
    g_assert_cmpint(lost[JQ_BLACK], >, 0);
  }
  g_free(legal);
}

/* The panel's chips, in order, as widgets. */
static void collect_chips(GtkWidget *widget, GPtrArray *out) {
  if (gtk_widget_has_css_class(widget, "piece-chip"))
    g_ptr_array_add(out, widget);
  for (GtkWidget *child = gtk_widget_get_first_child(widget); child != NULL;
       child = gtk_widget_get_next_sibling(child))
    collect_chips(child, out);
}

/* A move that changes no side's lost or unseen pieces keeps the chips
 * as they are: making them again set each one's tooltip, and each
 * tooltip asked the X server where the pointer was, a round trip a chip
 * on every move (the tooltips are now made when asked for; making chips
 * is still work a quiet move need not do). */
static void test_pieces_panel_kept(void) {
  JqGameController *c = controller();
  JqNewGame setup;
  jq_new_game_init(&setup, JQ_VARIANT_XIANGQI);
  setup.players[JQ_RED] = setup.players[JQ_BLACK] = JQ_PLAYER_MODE_HUMAN;
  g_assert_true(jq_game_controller_new_game(c, &setup, NULL));
  /* Both sides lose a piece: the cannon takes the horse, the chariot
   * takes the cannon. Then quiet moves. */
  const char *moves[] = {"h2h9", "i9h9", "b2e2", "b9c7", "a0a1", "a9a8"};
  GPtrArray *before = g_ptr_array_new();
  GPtrArray *after = g_ptr_array_new();
  for (gsize i = 0; i < G_N_ELEMENTS(moves); i++) {
    JqMove m = jq_test_move(moves[i]);
    g_assert_true(
        jq_game_controller_play_move(c, jq_move_from(m), jq_move_to(m), NULL));
    spin(5);
    g_ptr_array_set_size(after, 0);
    collect_chips(GTK_WIDGET(window->pieces_panel), after);
    if (i >= 2) {
      g_assert_cmpuint(after->len, ==, 2);
      g_assert_cmpuint(after->len, ==, before->len);
      for (guint k = 0; k < after->len; k++)
        g_assert_true(after->pdata[k] == before->pdata[k]);
    }
    GPtrArray *t = before;
    before = after;
    after = t;
  }
  /* Taken back to the first capture: Black's horse alone is lost. */
  while (jq_game_controller_get_move_count(c) > 1)
    win_action("undo");
  spin(5);
  g_ptr_array_set_size(after, 0);
  collect_chips(GTK_WIDGET(window->pieces_panel), after);
  g_assert_cmpuint(after->len, ==, 1);
  g_ptr_array_unref(before);
  g_ptr_array_unref(after);
}

/* The visible tooltip's text, NULL when none shows: GTK parents its
 * tooltip window to the window it is shown over. */
static const char *shown_tooltip(GtkWidget *widget) {
  if (strcmp(G_OBJECT_TYPE_NAME(widget), "GtkTooltipWindow") == 0) {
    if (!gtk_widget_get_mapped(widget))
      return NULL;
    for (GtkWidget *w = gtk_widget_get_first_child(widget); w != NULL;
         w = gtk_widget_get_first_child(w))
      for (GtkWidget *l = w; l != NULL; l = gtk_widget_get_next_sibling(l))
        if (GTK_IS_LABEL(l) && gtk_widget_get_visible(l))
          return gtk_label_get_label(GTK_LABEL(l));
    return NULL;
  }
  for (GtkWidget *child = gtk_widget_get_first_child(widget); child != NULL;
       child = gtk_widget_get_next_sibling(child)) {
    const char *text = shown_tooltip(child);
    if (text != NULL)
      return text;
  }
  return NULL;
}

static gboolean tooltip_shown(gpointer data) {
  return g_strcmp0(shown_tooltip(GTK_WIDGET(window)), data) == 0;
}

/* A jieqi game between two people: the row of unseen pieces changes with
 * the reveals, and its new chips set no tooltip text (which asked the X
 * server where the pointer was, a round trip a chip); nothing else shown
 * at a move asks either. The pointer resting on a chip shows its text,
 * which screen readers have as the chip's description. */
static void test_pieces_panel_tooltips(void) {
  JqGameController *c = controller();
  JqNewGame setup;
  jq_new_game_init(&setup, JQ_VARIANT_JIEQI);
  setup.players[JQ_RED] = setup.players[JQ_BLACK] = JQ_PLAYER_MODE_HUMAN;
  setup.seed = 11;
  g_assert_true(jq_game_controller_new_game(c, &setup, NULL));
  /* The pointer away from the window: resting on a widget with a
   * tooltip, it would have GTK ask where it is, as a player's would. */
  GdkDisplay *display = gtk_widget_get_display(GTK_WIDGET(window));
  g_assert_true(GDK_IS_X11_DISPLAY(display));
  Display *xdisplay = gdk_x11_display_get_xdisplay(display);
  int screen = DefaultScreen(xdisplay);
  XWarpPointer(xdisplay, None, RootWindow(xdisplay, screen), 0, 0, 0, 0,
               DisplayWidth(xdisplay, screen) - 1,
               DisplayHeight(xdisplay, screen) - 1);
  XFlush(xdisplay);
  spin(300);
  JqMoveList *legal = g_new(JqMoveList, 1);
  GRand *rand = g_rand_new_with_seed(11);
  GPtrArray *before = g_ptr_array_new();
  GPtrArray *after = g_ptr_array_new();
  collect_chips(GTK_WIDGET(window->pieces_panel), before);
  int remade = 0;
  for (int ply = 0; ply < 16 && !jq_game_controller_is_over(c); ply++) {
    jq_game_controller_get_legal_moves(c, legal);
    JqMove pick = legal->moves[g_rand_int_range(rand, 0, legal->count)];
    pointer_queries = 0;
    g_assert_true(jq_game_controller_play_move(c, jq_move_from(pick),
                                               jq_move_to(pick), NULL));
    spin(5);
    g_assert_cmpint(pointer_queries, ==, 0);
    g_ptr_array_set_size(after, 0);
    collect_chips(GTK_WIDGET(window->pieces_panel), after);
    for (guint k = 0; k < after->len; k++)
      if (!g_ptr_array_find(before, after->pdata[k], NULL))
        remade++;
    GPtrArray *t = before;
    before = after;
    after = t;
  }
  g_test_message("%d chips made in the game", remade);
  g_assert_cmpint(remade, >, 0);
  g_assert_cmpuint(before->len, >, 0);
  for (guint k = 0; k < before->len; k++) {
    GtkWidget *chip = before->pdata[k];
    g_assert_null(gtk_widget_get_tooltip_text(chip));
    g_assert_true(gtk_widget_get_has_tooltip(chip));
    char *tip = jq_pieces_panel_chip_tooltip(chip);
    g_assert_true(g_regex_match_simple("^.+: [0-9]+$", tip, 0, 0));
    char *desc = gtk_test_accessible_check_property(
        GTK_ACCESSIBLE(chip), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, tip);
    g_assert_null(desc);
    g_free(tip);
  }

  /* The pointer on the first chip of unseen pieces. */
  GtkWidget *chip = before->pdata[0];
  GtkNative *native = gtk_widget_get_native(chip);
  double x, y, sx, sy;
  g_assert_true(gtk_widget_translate_coordinates(
      chip, GTK_WIDGET(native), gtk_widget_get_width(chip) / 2.0,
      gtk_widget_get_height(chip) / 2.0, &x, &y));
  gtk_native_get_surface_transform(native, &sx, &sy);
  Window xid = gdk_x11_surface_get_xid(gtk_native_get_surface(native));
  char *tip = jq_pieces_panel_chip_tooltip(chip);
  /* Two steps: GTK starts its tooltip's wait on a motion inside. */
  XWarpPointer(xdisplay, None, xid, 0, 0, 0, 0, (int)(x + sx) - 1,
               (int)(y + sy) - 1);
  XFlush(xdisplay);
  spin(100);
  XWarpPointer(xdisplay, None, xid, 0, 0, 0, 0, (int)(x + sx), (int)(y + sy));
  XFlush(xdisplay);
  g_assert_true(spin_until(tooltip_shown, tip, 5000));
  g_free(tip);
  /* Away again, for the tests after. */
  XWarpPointer(xdisplay, None, RootWindow(xdisplay, screen), 0, 0, 0, 0,
               DisplayWidth(xdisplay, screen) - 1,
               DisplayHeight(xdisplay, screen) - 1);
  XFlush(xdisplay);
  spin(100);

  g_rand_free(rand);
  g_free(legal);
  g_ptr_array_unref(before);
  g_ptr_array_unref(after);
}

/* The sounds' streams are made ahead, not on a move: the first one
 * starts GStreamer, which took 200-400 ms of the main loop on the first
 * move of a session (its plugin registry scanned). */
static gboolean sounds_made(gpointer data) {
  return jq_sound_player_get_made(data) == JQ_SOUND_COUNT;
}

static void test_sounds_made_ahead(void) {
  JqSoundPlayer *player = jq_sound_player_new();
  jq_sound_player_set_enabled(player, TRUE);
  spin_until(sounds_made, player, 10000);
  for (JqSound sound = 0; sound < JQ_SOUND_COUNT; sound++)
    jq_sound_player_play(player, sound);
  g_assert_cmpuint(jq_sound_player_get_played(player), ==, JQ_SOUND_COUNT);
  g_assert_cmpuint(jq_sound_player_get_made_on_play(player), ==, 0);
  /* A player that is off makes nothing ahead: enabled and played at
   * once, its stream is made on play. */
  JqSoundPlayer *off = jq_sound_player_new();
  spin(50);
  jq_sound_player_set_enabled(off, TRUE);
  jq_sound_player_play(off, JQ_SOUND_MOVE);
  g_assert_cmpuint(jq_sound_player_get_made_on_play(off), ==, 1);
  jq_sound_player_set_enabled(off, FALSE);
  jq_sound_player_set_enabled(player, FALSE);
  g_object_unref(off);
  g_object_unref(player);
}

static void test_restart(void) {
  char **before = jq_game_controller_get_move_list(controller());
  g_assert_cmpuint(g_strv_length(before), >, 0);
  g_assert_false(jq_game_controller_is_over(controller()));
  /* Closing the window writes the autosave; the next window reads it. */
  gtk_window_destroy(GTK_WINDOW(window));
  spin(50);
  g_assert_null(gtk_application_get_active_window(GTK_APPLICATION(app)));
  g_application_activate(G_APPLICATION(app));
  window = JQ_WINDOW(gtk_application_get_active_window(GTK_APPLICATION(app)));
  g_assert_nonnull(window);
  g_assert_true(spin_until(board_ready, NULL, 5000));
  char **after = jq_game_controller_get_move_list(controller());
  g_assert_true(
      g_strv_equal((const char *const *)before, (const char *const *)after));
  g_assert_cmpuint(jq_move_list_view_get_count(jq_window_get_move_list(window)),
                   ==, g_strv_length(before));
  g_strfreev(before);
  g_strfreev(after);
}

/* An unreadable autosave at start-up: moved aside, a toast, a new game. */
static void test_bad_autosave(void) {
  char *path = g_strdup(jq_game_controller_get_autosave_path(controller()));
  gtk_window_destroy(GTK_WINDOW(window));
  spin(50);
  static const char garbage[] = "\x89PNG\r\n\x1a\n\x01\x02 not a game";
  g_assert_true(g_file_set_contents(path, garbage, sizeof garbage - 1, NULL));
  g_application_activate(G_APPLICATION(app));
  window = JQ_WINDOW(gtk_application_get_active_window(GTK_APPLICATION(app)));
  g_assert_nonnull(window);
  g_assert_true(spin_until(board_ready, NULL, 5000));
  ToastWait unread = {"Could not read the autosaved game", 0};
  g_assert_true(spin_until(toast_posted, &unread, 3000));
  g_assert_cmpuint(toasts_with("autosave.pgn.bad-"), ==, 1);
  g_assert_cmpint(jq_game_controller_get_move_count(controller()), ==, 0);
  /* The bad bytes are kept next to where they were. */
  char *dir = g_path_get_dirname(path);
  GDir *d = g_dir_open(dir, 0, NULL);
  const char *name;
  int kept = 0;
  while ((name = g_dir_read_name(d)) != NULL) {
    if (!g_str_has_prefix(name, "autosave.pgn.bad-"))
      continue;
    char *bad = g_build_filename(dir, name, NULL);
    char *text = NULL;
    gsize length = 0;
    g_assert_true(g_file_get_contents(bad, &text, &length, NULL));
    kept += length == sizeof garbage - 1 && memcmp(text, garbage, length) == 0;
    g_free(text);
    g_unlink(bad);
    g_free(bad);
  }
  g_dir_close(d);
  g_assert_cmpint(kept, ==, 1);
  g_free(dir);
  g_free(path);
}

/* ---- against the computer, and the screenshot ---- */

/* A picture of a whole window, as its renderer draws it. */
static void save_screenshot(GtkWidget *widget, const char *path) {
  int w = gtk_widget_get_width(widget), h = gtk_widget_get_height(widget);
  GdkPaintable *paintable = gtk_widget_paintable_new(widget);
  GtkSnapshot *snapshot = gtk_snapshot_new();
  gdk_paintable_snapshot(paintable, snapshot, w, h);
  GskRenderNode *node = gtk_snapshot_free_to_node(snapshot);
  g_assert_nonnull(node);
  GskRenderer *renderer = gtk_native_get_renderer(GTK_NATIVE(widget));
  GdkTexture *texture = gsk_renderer_render_texture(
      renderer, node, &GRAPHENE_RECT_INIT(0, 0, w, h));
  g_assert_true(gdk_texture_save_to_png(texture, path));
  g_assert_cmpint(gdk_texture_get_width(texture), ==, w);
  g_test_message("screenshot %s: %dx%d", path, w, h);
  g_object_unref(texture);
  gsk_render_node_unref(node);
  g_object_unref(paintable);
}

static gboolean has_hint(gpointer data) {
  return jq_board_view_get_hint(board()) != JQ_MOVE_NONE;
}

static gboolean thinking(gpointer data) {
  return jq_game_controller_is_thinking(controller());
}

static void test_against_computer(void) {
  g_settings_set_int(settings(), "think-time-ms", 1000);
  g_settings_set_int(settings(), "ai-strength", 20);
  new_game_via_dialog(JQ_VARIANT_JIEQI, JQ_PLAYER_MODE_HUMAN,
                      JQ_PLAYER_MODE_COMPUTER);
  guint sounds_before =
      jq_sound_player_get_played(jq_window_get_sound_player(window));
  g_assert_cmpstr(jq_window_get_status(window), ==, "Your move.");
  g_assert_false(jq_board_view_get_flipped(board()));
  win_action("show-analysis");

  /* The human plays the central cannon, then takes the hints: each an
   * arrow on the board and a word on the status line, then a move made
   * with two clicks. */
  for (int turn = 0; turn < 6; turn++) {
    assert_human_to_play(30000);
    JqMove pick = jq_test_move("h2e2");
    if (turn > 0) {
      win_action("hint");
      g_assert_true(spin_until(has_hint, NULL, 10000));
      g_assert_true(g_str_has_prefix(jq_window_get_status(window), "Hint: "));
      pick = jq_board_view_get_hint(board());
    }
    char coords[JQ_COORDS_MAX];
    jq_move_to_coords(pick, coords);
    int before = jq_game_controller_get_move_count(controller());
    click_move(coords);
    g_assert_cmpint(jq_game_controller_get_move_count(controller()), ==,
                    before + 1);
    if (jq_game_controller_is_over(controller()))
      break;
    /* The computer's turn: the board waits, the status line says why. */
    g_assert_true(spin_until(thinking, NULL, 2000) ||
                  jq_game_controller_is_human_turn(controller()));
    if (jq_game_controller_is_thinking(controller())) {
      g_assert_false(jq_board_view_get_interactive(board()));
      g_assert_cmpstr(jq_window_get_status(window), ==,
                      "The computer is thinking…");
    }
  }
  assert_human_to_play(30000);
  g_assert_cmpuint(
      jq_sound_player_get_played(jq_window_get_sound_player(window)), >,
      sounds_before);

  spin(400); /* the analysis view's slide and the last move's */

  /* The computer's score is shown only while it knows no more than the
   * human: under the captor rule, not once it took face-down pieces the
   * human never saw. */
  JqPosition *view = g_new(JqPosition, 1);
  jq_game_controller_get_view(controller(), JQ_RED, view);
  gboolean secrets = FALSE;
  for (int i = 0; i < view->capture_count; i++)
    secrets |= jq_piece_color(view->captures[i].piece) == JQ_RED &&
               view->captures[i].identity == JQ_NO_TYPE;
  g_free(view);
  GString *panel = g_string_new(NULL);
  collect_texts(jq_window_get_side_panel(window), panel);
  g_assert_nonnull(strstr(panel->str, "label: Black thinks\n"));
  g_assert_true((strstr(panel->str, "score hidden") != NULL) == secrets);
  g_test_message("the computer %s secrets", secrets ? "has" : "has no");
  g_string_free(panel, TRUE);

  char *path = output_path("window.png");
  save_screenshot(GTK_WIDGET(window), path);
  if (g_getenv("JQ_UPDATE_SCREENSHOTS") != NULL &&
      g_getenv("JQ_SOURCE_ROOT") != NULL) {
    char *docs = g_build_filename(g_getenv("JQ_SOURCE_ROOT"), "docs",
                                  "screenshots", "window.png", NULL);
    save_screenshot(GTK_WIDGET(window), docs);
    g_free(docs);
  }
  g_free(path);
  /* The same in the dark style. */
  AdwStyleManager *style = adw_style_manager_get_default();
  adw_style_manager_set_color_scheme(style, ADW_COLOR_SCHEME_FORCE_DARK);
  spin(300);
  path = output_path("window-dark.png");
  save_screenshot(GTK_WIDGET(window), path);
  g_free(path);
  adw_style_manager_set_color_scheme(style, ADW_COLOR_SCHEME_DEFAULT);

  /* Undo against the computer goes back to the human's previous turn. */
  int before = jq_game_controller_get_move_count(controller());
  win_action("undo");
  g_assert_cmpint(jq_game_controller_get_move_count(controller()), ==,
                  before - 2);
  g_assert_true(jq_board_view_get_interactive(board()));

  /* Resigning asks first; the end is a loss for the human. */
  win_action("resign");
  GtkWindow *ask = find_toplevel(ADW_TYPE_MESSAGE_DIALOG);
  g_assert_nonnull(ask);
  adw_message_dialog_response(ADW_MESSAGE_DIALOG(ask), "resign");
  gtk_window_destroy(ask);
  g_assert_true(jq_game_controller_is_over(controller()));
  g_assert_cmpstr(jq_window_get_status(window), ==,
                  "Black wins: Red resigned.");
  g_assert_true(spin_until(message_shown, NULL, 3000));
  AdwMessageDialog *end =
      ADW_MESSAGE_DIALOG(find_toplevel(ADW_TYPE_MESSAGE_DIALOG));
  g_assert_cmpstr(adw_message_dialog_get_heading(end), ==, "You Lost");
  /* Take Back Move reopens the game at the human's previous turn, the
   * computer's reply taken back too. */
  g_assert_cmpint(jq_game_controller_get_move_count(controller()), ==,
                  before - 2);
  adw_message_dialog_response(end, "take-back");
  gtk_window_destroy(GTK_WINDOW(end));
  g_assert_false(jq_game_controller_is_over(controller()));
  g_assert_cmpint(jq_game_controller_get_move_count(controller()), ==,
                  before - 4);
  g_assert_true(jq_game_controller_is_human_turn(controller()));
  /* The game is the computer's choice: the position may be a check. */
  const char *status = jq_window_get_status(window);
  if (g_strcmp0(status, "Check! Your move.") != 0)
    g_assert_cmpstr(status, ==, "Your move.");
  close_messages();
  g_settings_reset(settings(), "think-time-ms");
  g_settings_reset(settings(), "ai-strength");
}

/* ---- the computer against itself ---- */

/* When each move came (monotonic µs). */
typedef struct {
  gint64 times[64];
  int n;
} MoveTimes;

static void on_timed_move(JqGameController *c, guint move, JqMoveFlags flags,
                          MoveTimes *t) {
  if (t->n < (int)G_N_ELEMENTS(t->times))
    t->times[t->n] = g_get_monotonic_time();
  t->n++;
}

static gboolean moves_at_least(gpointer data) {
  return jq_game_controller_get_move_count(controller()) >=
         GPOINTER_TO_INT(data);
}

static gboolean paused_and_idle(gpointer data) {
  return jq_game_controller_get_paused(controller()) &&
         !jq_game_controller_is_thinking(controller());
}

static gboolean action_state(const char *name) {
  GVariant *state =
      g_action_group_get_action_state(G_ACTION_GROUP(window), name);
  gboolean on = g_variant_get_boolean(state);
  g_variant_unref(state);
  return on;
}

/* Each side's computer set up in the New Game dialog, kept in the
 * settings; its moves come no faster than the board shows them, with a
 * pause to follow; Pause (Ctrl+P) stops it and Resume goes on. */
static void test_computer_against_itself(void) {
  GSettings *s = settings();
  g_settings_set_int(s, "think-time-ms", 100);
  g_assert_false(
      g_action_group_get_action_enabled(G_ACTION_GROUP(window), "pause"));
  char **accels =
      gtk_application_get_accels_for_action(GTK_APPLICATION(app), "win.pause");
  g_assert_cmpstr(accels[0], ==, "<Control>p");
  g_strfreev(accels);

  app_action("new-game");
  JqNewGameDialog *dialog =
      JQ_NEW_GAME_DIALOG(find_toplevel(JQ_TYPE_NEW_GAME_DIALOG));
  g_assert_nonnull(dialog);
  /* One computer: its rows; two: each side's. */
  jq_new_game_dialog_set_choices(dialog, JQ_VARIANT_JIEQI, JQ_PLAYER_MODE_HUMAN,
                                 JQ_PLAYER_MODE_COMPUTER, NULL);
  g_assert_true(jq_new_game_dialog_shows_computer(dialog, -1));
  g_assert_false(jq_new_game_dialog_shows_computer(dialog, JQ_RED));
  g_assert_false(jq_new_game_dialog_shows_computer(dialog, JQ_BLACK));
  jq_new_game_dialog_set_choices(dialog, JQ_VARIANT_JIEQI,
                                 JQ_PLAYER_MODE_COMPUTER,
                                 JQ_PLAYER_MODE_COMPUTER, NULL);
  g_assert_false(jq_new_game_dialog_shows_computer(dialog, -1));
  g_assert_true(jq_new_game_dialog_shows_computer(dialog, JQ_RED));
  g_assert_true(jq_new_game_dialog_shows_computer(dialog, JQ_BLACK));
  jq_new_game_dialog_set_computer(dialog, JQ_RED, "random", 5);
  jq_new_game_dialog_set_computer(dialog, JQ_BLACK, "greedy", 3);
  picture_of(GTK_WINDOW(dialog), "new-game-dialog-computers.png");
  assert_combo_rows_fit(GTK_WIDGET(dialog));
  gboolean in_progress = !jq_game_controller_is_over(controller()) &&
                         jq_game_controller_get_move_count(controller()) > 0;
  g_assert_true(jq_new_game_dialog_start(dialog));
  if (in_progress)
    answer_question("abandon");
  spin(50);
  g_assert_null(find_toplevel(JQ_TYPE_NEW_GAME_DIALOG));

  /* The choices are kept, and played with. */
  char *red = g_settings_get_string(s, "red-ai-algorithm");
  char *black = g_settings_get_string(s, "black-ai-algorithm");
  g_assert_cmpstr(red, ==, "random");
  g_assert_cmpstr(black, ==, "greedy");
  g_free(red);
  g_free(black);
  g_assert_cmpint(g_settings_get_int(s, "red-ai-strength"), ==, 5);
  g_assert_cmpint(g_settings_get_int(s, "black-ai-strength"), ==, 3);
  JqGameController *c = controller();
  g_assert_cmpstr(jq_game_controller_get_side_algorithm(c, JQ_RED), ==,
                  "random");
  g_assert_cmpstr(jq_game_controller_get_side_algorithm(c, JQ_BLACK), ==,
                  "greedy");
  g_assert_cmpstr(jq_window_get_status(window), !=, "Paused.");

  /* The moves keep the board's slide and the pause apart, though these
   * computers choose at once. */
  int slide = jq_board_view_get_animation_ms(board());
  g_assert_cmpint(slide, >, 0);
  g_assert_cmpint(jq_game_controller_get_move_interval(c), ==, slide + 500);
  MoveTimes t = {{0}, 0};
  gulong id = g_signal_connect(c, "move-played", G_CALLBACK(on_timed_move), &t);
  g_assert_true(spin_until(moves_at_least, GINT_TO_POINTER(5), 20000));
  g_signal_handler_disconnect(c, id);
  for (int i = 1; i < MIN(t.n, (int)G_N_ELEMENTS(t.times)); i++) {
    double gap = (t.times[i] - t.times[i - 1]) / 1000.0;
    g_test_message("move %d came %.0f ms after the one before", i + 1, gap);
    g_assert_cmpfloat(gap, >=, slide + 500);
  }

  /* Pause: the button and Ctrl+P's action; the game stands still. */
  g_assert_true(
      g_action_group_get_action_enabled(G_ACTION_GROUP(window), "pause"));
  win_action("pause");
  g_assert_true(jq_game_controller_get_paused(c));
  g_assert_true(action_state("pause"));
  g_assert_cmpstr(jq_window_get_status(window), ==, "Paused.");
  g_assert_true(spin_until(paused_and_idle, NULL, 10000));
  int n = jq_game_controller_get_move_count(c);
  char *fen = jq_game_controller_get_fen(c);
  spin(1500);
  g_assert_cmpint(jq_game_controller_get_move_count(c), ==, n);
  char *fen2 = jq_game_controller_get_fen(c);
  g_assert_cmpstr(fen2, ==, fen);
  g_free(fen);
  g_free(fen2);
  char *path = output_path("window-paused.png");
  save_screenshot(GTK_WIDGET(window), path);
  g_free(path);
  /* Resume: it goes on. */
  win_action("pause");
  g_assert_false(jq_game_controller_get_paused(c));
  g_assert_false(action_state("pause"));
  g_assert_true(spin_until(moves_at_least, GINT_TO_POINTER(n + 2), 20000));

  /* Without animations, the pause alone. */
  g_settings_set_boolean(s, "animations", FALSE);
  g_assert_cmpint(jq_game_controller_get_move_interval(c), ==, 500);
  g_settings_set_boolean(s, "animations", TRUE);
  g_assert_cmpint(jq_game_controller_get_move_interval(c), ==, slide + 500);

  /* The dialog offers the same computers next time. */
  app_action("new-game");
  dialog = JQ_NEW_GAME_DIALOG(find_toplevel(JQ_TYPE_NEW_GAME_DIALOG));
  g_assert_true(jq_new_game_dialog_shows_computer(dialog, JQ_RED));
  int strength = -1;
  g_assert_cmpstr(jq_new_game_dialog_get_computer(dialog, JQ_RED, &strength),
                  ==, "random");
  g_assert_cmpint(strength, ==, 5);
  g_assert_cmpstr(jq_new_game_dialog_get_computer(dialog, JQ_BLACK, &strength),
                  ==, "greedy");
  g_assert_cmpint(strength, ==, 3);
  gtk_window_destroy(GTK_WINDOW(dialog));
  spin(20);

  /* Left paused, a jieqi game in progress. */
  win_action("pause");
  g_assert_true(spin_until(paused_and_idle, NULL, 10000));
  g_settings_reset(s, "think-time-ms");
}

/* ---- the analysis belongs to the position it was for ---- */

static gboolean panel_has(const char *text) {
  GString *panel = g_string_new(NULL);
  collect_texts(jq_window_get_side_panel(window), panel);
  gboolean found = strstr(panel->str, text) != NULL;
  g_string_free(panel, TRUE);
  return found;
}

/* The human plays `coords`; the computer answers, its line in the pane. */
static void play_and_get_answer(const char *coords) {
  g_assert_true(spin_until(human_to_play, NULL, 30000));
  click_move(coords);
  g_assert_true(spin_until(human_to_play, NULL, 30000));
  g_assert_true(panel_has("label: Black thinks\n"));
}

static void test_stale_analysis(void) {
  g_settings_set_int(settings(), "think-time-ms", 200);
  GVariant *shown =
      g_action_group_get_action_state(G_ACTION_GROUP(window), "show-analysis");
  if (!g_variant_get_boolean(shown))
    win_action("show-analysis");
  g_variant_unref(shown);
  new_game_via_dialog(JQ_VARIANT_XIANGQI, JQ_PLAYER_MODE_HUMAN,
                      JQ_PLAYER_MODE_COMPUTER);
  jq_board_view_set_animate(board(), FALSE);

  /* Browsing away hides the line; back at the live board it is there. */
  play_and_get_answer("h2e2");
  win_action("browse-start");
  g_assert_false(panel_has("Black thinks"));
  win_action("browse-live");
  g_assert_true(panel_has("label: Black thinks\n"));

  /* Undo takes back the position the line was for. */
  win_action("undo");
  g_assert_cmpint(jq_game_controller_get_move_count(controller()), ==, 0);
  g_assert_false(panel_has("Black thinks"));

  /* Pasting a position. */
  play_and_get_answer("h2e2");
  g_assert_true(
      jq_window_paste_fen(window, "4k4/R8/9/9/9/9/9/9/1R7/3K5 w - - 0 1"));
  g_assert_false(panel_has("Black thinks"));

  /* Opening a file. */
  play_and_get_answer("a8a7");
  char *dir = g_dir_make_tmp("jieqi-window-XXXXXX", NULL);
  char *path = g_build_filename(dir, "game.pgn", NULL);
  GFile *file = g_file_new_for_path(path);
  g_assert_true(jq_window_save_file(window, file));
  g_assert_true(jq_window_open_file(window, file));
  g_assert_false(panel_has("Black thinks"));
  g_object_unref(file);
  g_unlink(path);
  g_rmdir(dir);
  g_free(path);
  g_free(dir);

  /* A new game. */
  play_and_get_answer("b1b2");
  new_game_via_dialog(JQ_VARIANT_XIANGQI, JQ_PLAYER_MODE_HUMAN,
                      JQ_PLAYER_MODE_COMPUTER);
  g_assert_false(panel_has("Black thinks"));

  jq_board_view_set_animate(board(), TRUE);
  g_settings_reset(settings(), "think-time-ms");
}

/* ---- the analysis' figures, labelled, from either side ---- */

/* Black, to move, has both chariots more. */
#define BLACK_AHEAD \
  "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/1NBAKABN1 b - - 0 1"

static gboolean idle_ai(gpointer data) {
  return !jq_game_controller_is_thinking(controller());
}

/* The number the side panel shows in `pattern`'s group, failing the test
 * when no text there matches. */
static double panel_figure(const char *pattern) {
  GString *panel = g_string_new(NULL);
  collect_texts(jq_window_get_side_panel(window), panel);
  GRegex *regex = g_regex_new(pattern, 0, 0, NULL);
  GMatchInfo *match = NULL;
  if (!g_regex_match(regex, panel->str, 0, &match))
    g_error("no /%s/ in the panel:\n%s", pattern, panel->str);
  char *number = g_match_info_fetch(match, 1);
  double value = g_ascii_strtod(number, NULL);
  g_test_message("%s: %s", pattern, number);
  g_free(number);
  g_match_info_free(match);
  g_regex_unref(regex);
  g_string_free(panel, TRUE);
  return value;
}

static void test_score_perspective(void) {
  GSettings *s = settings();
  g_settings_set_int(s, "think-time-ms", 300);
  GVariant *shown =
      g_action_group_get_action_state(G_ACTION_GROUP(window), "show-analysis");
  if (!g_variant_get_boolean(shown))
    win_action("show-analysis");
  g_variant_unref(shown);
  /* The preference, as the Preferences window sets it. */
  app_action("preferences");
  JqPreferencesWindow *prefs =
      JQ_PREFERENCES_WINDOW(find_toplevel(JQ_TYPE_PREFERENCES_WINDOW));
  g_assert_nonnull(prefs);
  AdwComboRow *row = ADW_COMBO_ROW(
      jq_preferences_window_get_editor(prefs, "score-perspective"));
  g_assert_nonnull(row);
  g_assert_cmpuint(adw_combo_row_get_selected(row), ==, 0);
  adw_combo_row_set_selected(row, 1);
  g_assert_cmpint(g_settings_get_enum(s, "score-perspective"), ==, 1);
  adw_combo_row_set_selected(row, 0);
  g_assert_cmpint(g_settings_get_enum(s, "score-perspective"), ==, 0);
  gtk_window_destroy(GTK_WINDOW(prefs));

  new_game_via_dialog(JQ_VARIANT_XIANGQI, JQ_PLAYER_MODE_HUMAN,
                      JQ_PLAYER_MODE_HUMAN);
  g_assert_true(jq_window_paste_fen(window, BLACK_AHEAD));
  jq_game_controller_set_player(controller(), JQ_RED, JQ_PLAYER_MODE_COMPUTER);
  g_assert_false(jq_game_controller_is_thinking(controller()));

  /* A hint for Black, far ahead: its score is minus from Red's side, plus
   * from the side to move's, and Black is said to be ahead either way. */
  g_settings_set_string(s, "ai-algorithm", "alphabeta");
  win_action("hint");
  g_assert_true(spin_until(idle_ai, NULL, 10000));
  g_assert_true(panel_has("label: Hint for Black\n"));
  g_assert_cmpfloat(panel_figure("Score (-[0-9]+\\.[0-9][0-9]) "
                                 "\\(Black ahead\\)\n"),
                    <=, -3.0);
  g_assert_true(panel_has("Depth "));
  g_assert_true(panel_has(" nodes/s"));
  g_settings_set_string(s, "score-perspective", "mover");
  g_assert_cmpfloat(panel_figure("Score \\+([0-9]+\\.[0-9][0-9]) "
                                 "\\(Black ahead\\)\n"),
                    >=, 3.0);

  /* IS-MCTS: its value is the chance to win, Black's from the side to
   * move's, Red's from Red's. */
  g_settings_set_string(s, "ai-algorithm", "ismcts");
  win_action("hint");
  g_assert_true(spin_until(idle_ai, NULL, 10000));
  g_assert_cmpfloat(panel_figure("Black's win chance ([0-9]+)%\n"), >, 60);
  g_assert_true(panel_has(" iterations/s"));
  g_settings_set_string(s, "score-perspective", "red");
  g_assert_cmpfloat(panel_figure("Red's win chance ([0-9]+)%\n"), <, 40);

  jq_game_controller_set_player(controller(), JQ_RED, JQ_PLAYER_MODE_HUMAN);
  g_settings_reset(s, "ai-algorithm");
  g_settings_reset(s, "score-perspective");
  g_settings_reset(s, "think-time-ms");
}

/* ---- the autosave cannot be written ---- */

static void test_autosave_fails(void) {
  new_game_via_dialog(JQ_VARIANT_XIANGQI, JQ_PLAYER_MODE_HUMAN,
                      JQ_PLAYER_MODE_HUMAN);
  jq_board_view_set_animate(board(), FALSE);
  const char *path = jq_game_controller_get_autosave_path(controller());
  g_assert_true(jq_game_controller_flush_autosave(controller(), NULL));
  /* A directory where the file should go: no file can take its name, even
   * for root. */
  g_assert_cmpint(g_unlink(path), ==, 0);
  g_assert_cmpint(g_mkdir(path, 0700), ==, 0);
  const char *words = "could not be autosaved";
  /* Toasts show one at a time (4 s each): earlier ones go first. */
  g_assert_true(spin_until(no_toast, NULL, 10000));
  click_move("h2e2");
  g_assert_true(spin_until(toast_shown, (gpointer)words, 3000));
  /* Told once, not at every move: when the toast has gone, no other
   * follows it. */
  click_move("h9g7");
  click_move("h0g2");
  g_assert_true(spin_until(moves_are, GINT_TO_POINTER(3), 3000));
  g_assert_true(spin_until(no_toast, NULL, 10000));
  spin(500);
  g_assert_true(no_toast(NULL));
  /* The next move tries again, and writes the whole game. */
  g_assert_cmpint(g_rmdir(path), ==, 0);
  click_move("i9h9");
  g_assert_true(spin_until(moves_are, GINT_TO_POINTER(4), 3000));
  g_assert_true(jq_game_controller_flush_autosave(controller(), NULL));
  char *text = NULL;
  g_assert_true(g_file_get_contents(path, &text, NULL, NULL));
  g_assert_nonnull(strstr(text, "[PlyCount \"4\"]"));
  g_free(text);
}

/* ---- Chinese buttons and rows carry no mnemonic suffix ---- */

/* glibc's count of message catalogs: raised, it forgets the translations
 * it found, so a change of LANGUAGE takes effect. */
extern int _nl_msg_cat_cntr;

static void use_language(const char *language) {
  g_setenv("LANGUAGE", language, TRUE);
  ++_nl_msg_cat_cntr;
}

/* The texts shown on buttons and rows under `widget`, one a line. */
static void collect_button_texts(GtkWidget *widget, GString *out) {
  if (GTK_IS_BUTTON(widget) && gtk_button_get_label(GTK_BUTTON(widget)))
    g_string_append_printf(out, "%s\n",
                           gtk_button_get_label(GTK_BUTTON(widget)));
  if (ADW_IS_PREFERENCES_ROW(widget))
    g_string_append_printf(
        out, "%s\n",
        adw_preferences_row_get_title(ADW_PREFERENCES_ROW(widget)));
  for (GtkWidget *child = gtk_widget_get_first_child(widget); child != NULL;
       child = gtk_widget_get_next_sibling(child))
    collect_button_texts(child, out);
}

/* "新对局(_N)" shows as "新对局(N)": a letter in brackets. */
static void assert_no_mnemonic_suffix(GtkWidget *widget) {
  GString *texts = g_string_new(NULL);
  collect_button_texts(widget, texts);
  g_test_message("%s", texts->str);
  g_assert_cmpuint(texts->len, >, 0);
  GRegex *suffix = g_regex_new("\\(_?[A-Za-z]\\)", 0, 0, NULL);
  g_assert_false(g_regex_match(suffix, texts->str, 0, NULL));
  g_regex_unref(suffix);
  g_string_free(texts, TRUE);
}

static void test_chinese_mnemonics(void) {
  const char *localedir = g_getenv("JIEQI_LOCALEDIR");
  g_assert_nonnull(localedir);
  bindtextdomain("jieqi", localedir);
  bind_textdomain_codeset("jieqi", "UTF-8");
  /* Dialogs built in C translate through the default domain. */
  textdomain("jieqi");
  g_assert_nonnull(setlocale(LC_MESSAGES, "C.UTF-8"));
  static const char *const languages[] = {"zh_CN", "zh_TW"};
  for (gsize i = 0; i < G_N_ELEMENTS(languages); i++) {
    use_language(languages[i]);
    /* The translations are there at all. */
    g_assert_cmpstr(g_dgettext("jieqi", "Red"), !=, "Red");
    app_action("new-game");
    GtkWindow *dialog = find_toplevel(JQ_TYPE_NEW_GAME_DIALOG);
    g_assert_nonnull(dialog);
    assert_no_mnemonic_suffix(GTK_WIDGET(dialog));
    gtk_window_destroy(dialog);
    app_action("preferences");
    GtkWindow *prefs = find_toplevel(JQ_TYPE_PREFERENCES_WINDOW);
    g_assert_nonnull(prefs);
    assert_no_mnemonic_suffix(GTK_WIDGET(prefs));
    gtk_window_destroy(prefs);
    GtkWindow *net = jq_window_show_net_dialog(window);
    assert_no_mnemonic_suffix(GTK_WIDGET(net));
    gtk_window_destroy(net);
    GtkWindow *review = jq_window_show_review(window);
    assert_no_mnemonic_suffix(GTK_WIDGET(review));
    gtk_window_destroy(review);
    spin(20);
    /* The buttons of the window's messages, the analysis pane's label. */
    g_assert_null(strchr(_("_Close"), '('));
    g_assert_null(strchr(_("_Cancel"), '('));
    g_assert_null(strchr(_("_Resign"), '('));
    g_assert_null(strchr(C_("button", "_New Game…"), '('));
    static const char *const responses[] = {"_Take Back Move", "_Abandon Game",
                                            "_Lines"};
    for (gsize k = 0; k < G_N_ELEMENTS(responses); k++) {
      const char *label = g_dgettext("jieqi", responses[k]);
      g_assert_cmpstr(label, !=, responses[k]);
      g_assert_null(strchr(label, '('));
    }
  }
  use_language("C");
}

/* ---- the rules library's errors in Chinese ---- */

/* The line of the toasts on show that begins with `start`, or NULL. */
static char *toast_line(const char *start) {
  GString *texts = g_string_new(NULL);
  collect_toasts(GTK_WIDGET(window), FALSE, texts);
  char **lines = g_strsplit(texts->str, "\n", -1);
  char *found = NULL;
  for (char **l = lines; *l && !found; l++)
    if (g_str_has_prefix(*l, start))
      found = g_strdup(*l);
  g_strfreev(lines);
  g_string_free(texts, TRUE);
  return found;
}

/* Fails when `shown` has an ASCII word of two letters or more from the
 * English `english`, other than the words of the user's own `input`. */
static void assert_no_english(const char *shown, const char *english,
                              const char *input) {
  g_test_message("shown: %s", shown);
  GRegex *word = g_regex_new("[A-Za-z]{2,}", 0, 0, NULL);
  GMatchInfo *match = NULL;
  g_regex_match(word, english, 0, &match);
  int words = 0;
  for (; g_match_info_matches(match); g_match_info_next(match, NULL)) {
    char *w = g_match_info_fetch(match, 0);
    char *pattern = g_strdup_printf("\\b%s\\b", w);
    if (!g_regex_match_simple(pattern, input, G_REGEX_CASELESS, 0)) {
      words++;
      if (g_regex_match_simple(pattern, shown, G_REGEX_CASELESS, 0))
        g_error("“%s” has the English word “%s” of “%s”", shown, w, english);
    }
    g_free(pattern);
    g_free(w);
  }
  g_match_info_free(match);
  g_regex_unref(word);
  g_assert_cmpint(words, >=, 3);
}

/* The translation of `format` up to its first %s. */
static char *format_start(const char *format) {
  const char *translated = g_dgettext("jieqi", format);
  g_assert_cmpstr(translated, !=, format);
  const char *at = strstr(translated, "%s");
  g_assert_nonnull(at);
  return g_strndup(translated, (gsize)(at - translated));
}

#define BAD_FEN \
  "rnbakabnr/9/1c5c1/p1p1l1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
#define BAD_PGN "[Event \"x\"]\n\n1. h2e2 h9g7\n2. zz99 *\n"

static void check_chinese_errors(void) {
  /* A bad position pasted: a toast in the language, none of the core's
   * English. */
  JqPosition pos;
  JqError fen_err = {{0}};
  g_assert_false(jq_fen_parse(BAD_FEN, JQ_FEN_VARIANT_AUTO, &pos, &fen_err));
  char *start = format_start("Cannot paste the position: %s");
  ToastWait refused = toast_wait(start);
  g_assert_false(jq_window_paste_fen(window, BAD_FEN));
  g_assert_true(spin_until(toast_posted, &refused, 1000));
  /* Toasts show one after another: earlier ones may be ahead of it. */
  g_assert_true(spin_until(toast_shown, start, 30000));
  char *toast = toast_line(start);
  g_assert_nonnull(toast);
  assert_no_english(toast, fen_err.message, BAD_FEN);
  g_assert_nonnull(strstr(toast, "l"));
  g_free(toast);
  g_free(start);

  /* A bad game file opened: the message says where and what, in the
   * language. */
  JqError pgn_err = {{0}};
  g_assert_null(jq_pgn_read(BAD_PGN, NULL, &pgn_err));
  char *dir = g_dir_make_tmp("jieqi-errors-XXXXXX", NULL);
  char *path = g_build_filename(dir, "bad.pgn", NULL);
  g_assert_true(g_file_set_contents(path, BAD_PGN, -1, NULL));
  GFile *file = g_file_new_for_path(path);
  g_assert_false(jq_window_open_file(window, file));
  g_assert_true(spin_until(message_shown, NULL, 2000));
  AdwMessageDialog *dialog =
      ADW_MESSAGE_DIALOG(find_toplevel(ADW_TYPE_MESSAGE_DIALOG));
  char *parse_name = g_file_get_parse_name(file);
  GString *body = g_string_new(adw_message_dialog_get_body(dialog));
  /* The file's name is the user's, not the app's words. */
  g_assert_cmpuint(g_string_replace(body, parse_name, "", 0), ==, 1);
  assert_no_english(body->str, pgn_err.message, BAD_PGN);
  g_assert_nonnull(strstr(body->str, "zz99"));
  g_string_free(body, TRUE);
  g_free(parse_name);
  close_messages();
  g_unlink(path);
  g_rmdir(dir);
  g_object_unref(file);
  g_free(path);
  g_free(dir);

  /* Every code has its words in the language. */
  for (int code = JQ_ERROR_NO_MEMORY; code < JQ_ERROR_CODE_COUNT; code++) {
    if (code == JQ_ERROR_BAD_CALL)
      continue;
    JqError err = {{0}};
    err.code = (JqErrorCode)code;
    err.type = JQ_HORSE;
    err.type2 = JQ_PAWN;
    err.letter = 'q';
    err.n[0] = err.n[1] = 2;
    g_strlcpy(err.text, "x1", sizeof err.text);
    g_strlcpy(err.text2, "y2", sizeof err.text2);
    char *shown = jq_error_text(&err);
    char *language = g_strdup(g_getenv("LANGUAGE"));
    use_language("C");
    char *english = jq_error_text(&err);
    use_language(language);
    g_free(language);
    if (g_strcmp0(shown, english) == 0)
      g_error("error code %d has no translation: %s", code, english);
    g_free(english);
    g_free(shown);
  }
}

/* The translations as jq-main.c sets them up, in `language`. */
static void use_app_translations(const char *language) {
  const char *localedir = g_getenv("JIEQI_LOCALEDIR");
  g_assert_nonnull(localedir);
  bindtextdomain("jieqi", localedir);
  bind_textdomain_codeset("jieqi", "UTF-8");
  textdomain("jieqi");
  g_assert_nonnull(setlocale(LC_MESSAGES, "C.UTF-8"));
  use_language(language);
}

static void test_chinese_errors(void) {
  use_app_translations("zh_CN");
  check_chinese_errors();
  use_language("C");
}

static void test_traditional_chinese_errors(void) {
  use_app_translations("zh_TW");
  check_chinese_errors();
  use_language("C");
}

/* ---- quitting keeps the window's size ---- */

static void test_quit(void) {
  /* A game of its own to find in the autosave, whatever ran before. */
  new_game_via_dialog(JQ_VARIANT_JIEQI, JQ_PLAYER_MODE_HUMAN,
                      JQ_PLAYER_MODE_HUMAN);
  gtk_window_set_default_size(GTK_WINDOW(window), 1000, 700);
  spin(100);
  GSettings *s = g_object_ref(settings());
  JqGameController *c = controller();
  g_object_add_weak_pointer(G_OBJECT(c), (gpointer *)&c);
  char *autosave = g_strdup(jq_game_controller_get_autosave_path(c));
  g_assert_nonnull(autosave);
  app_action("quit");
  spin(50);
  window = NULL;
  g_assert_cmpint(g_settings_get_int(s, "window-width"), ==, 1000);
  g_assert_cmpint(g_settings_get_int(s, "window-height"), ==, 700);
  g_assert_false(g_settings_get_boolean(s, "window-maximized"));
  /* The controller went with the window, writing the game out. */
  g_assert_null(c);
  char *text = NULL;
  g_assert_true(g_file_get_contents(autosave, &text, NULL, NULL));
  g_assert_nonnull(strstr(text, "[Variant \"jieqi\"]"));
  g_free(text);
  g_free(autosave);
  g_object_unref(s);
}

/* ---- the side panel folds ---- */

/* Warnings and criticals logged while `caught` is set, one a line:
 * collected instead of aborting (G_DEBUG=fatal-warnings), so that a test
 * can assert there were none and say which. */
static GString *caught;

static GLogWriterOutput log_writer(GLogLevelFlags level,
                                   const GLogField *fields, gsize n_fields,
                                   gpointer data) {
  if (caught != NULL &&
      (level & (G_LOG_LEVEL_WARNING | G_LOG_LEVEL_CRITICAL))) {
    for (gsize i = 0; i < n_fields; i++)
      if (strcmp(fields[i].key, "MESSAGE") == 0)
        g_string_append_printf(caught, "%s\n", (const char *)fields[i].value);
    return g_log_writer_standard_streams(level, fields, n_fields, data);
  }
  return g_log_writer_default(level, fields, n_fields, data);
}

static AdwFlap *flap(void) {
  return ADW_FLAP(find_descendant(GTK_WIDGET(window), ADW_TYPE_FLAP));
}

/* The header bar's button that shows the folded side panel. */
static GtkWidget *find_panel_button(GtkWidget *widget) {
  if (GTK_IS_TOGGLE_BUTTON(widget) &&
      g_strcmp0(gtk_widget_get_tooltip_text(widget), "Show Moves") == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child(widget); child != NULL;
       child = gtk_widget_get_next_sibling(child)) {
    GtkWidget *found = find_panel_button(child);
    if (found != NULL)
      return found;
  }
  return NULL;
}

/* The flap folded (or not), the button there while it is folded, and the
 * window laid out since. */
static gboolean folded_is(gpointer data) {
  gboolean folded = GPOINTER_TO_INT(data);
  GtkWidget *button = find_panel_button(GTK_WIDGET(window));
  return adw_flap_get_folded(flap()) == folded &&
         gtk_widget_get_visible(button) == folded &&
         !gtk_widget_should_layout(GTK_WIDGET(window));
}

/* The window made narrower than the board and the side panel need folds
 * the panel away (a button in the header bar shows it) and wider unfolds
 * it; nothing is drawn that has not been laid out ("Trying to snapshot
 * AdwHeaderBar without a current allocation"). */
static void test_fold(void) {
  g_assert_nonnull(flap());
  g_assert_nonnull(find_panel_button(GTK_WIDGET(window)));
  caught = g_string_new(NULL);
  for (int i = 0; i < 3; i++) {
    gtk_window_set_default_size(GTK_WINDOW(window), 500, 700);
    g_assert_true(spin_until(folded_is, GINT_TO_POINTER(TRUE), 5000));
    spin(100);
    gtk_window_set_default_size(GTK_WINDOW(window), 1100, 700);
    g_assert_true(spin_until(folded_is, GINT_TO_POINTER(FALSE), 5000));
    spin(100);
  }
  char *warnings = g_string_free(caught, FALSE);
  caught = NULL;
  g_assert_cmpstr(warnings, ==, "");
  g_free(warnings);
}

/* ---- game details: flipping, the game's file, draw offers ---- */

static const char *window_title_text(void) {
  GtkWidget *title = find_descendant(GTK_WIDGET(window), ADW_TYPE_WINDOW_TITLE);
  g_assert_nonnull(title);
  return adw_window_title_get_title(ADW_WINDOW_TITLE(title));
}

static void test_flip_board(void) {
  g_settings_reset(settings(), "board-orientation");
  new_game_via_dialog(JQ_VARIANT_XIANGQI, JQ_PLAYER_MODE_HUMAN,
                      JQ_PLAYER_MODE_HUMAN);
  g_assert_false(jq_board_view_get_flipped(board()));
  win_action("flip-board");
  g_assert_true(jq_board_view_get_flipped(board()));
  g_assert_true(action_state("flip-board"));
  /* It stays turned for the game's moves... */
  jq_board_view_set_animate(board(), FALSE);
  click_move("h2e2");
  g_assert_cmpint(jq_game_controller_get_move_count(controller()), ==, 1);
  g_assert_true(jq_board_view_get_flipped(board()));
  /* ...and the user turns it back. */
  win_action("flip-board");
  g_assert_false(jq_board_view_get_flipped(board()));
  win_action("flip-board");
  g_assert_true(jq_board_view_get_flipped(board()));
  /* A new game starts the natural way up: Black at the bottom for a
   * human playing Black, and flipping turns that round too. */
  new_game_via_dialog(JQ_VARIANT_XIANGQI, JQ_PLAYER_MODE_COMPUTER,
                      JQ_PLAYER_MODE_HUMAN);
  g_assert_true(jq_board_view_get_flipped(board()));
  g_assert_false(action_state("flip-board"));
  win_action("flip-board");
  g_assert_false(jq_board_view_get_flipped(board()));
  new_game_via_dialog(JQ_VARIANT_XIANGQI, JQ_PLAYER_MODE_HUMAN,
                      JQ_PLAYER_MODE_HUMAN);
  g_assert_false(jq_board_view_get_flipped(board()));
  jq_board_view_set_animate(board(), TRUE);
}

static char *file_text(const char *path) {
  char *text = NULL;
  g_assert_true(g_file_get_contents(path, &text, NULL, NULL));
  return text;
}

static gboolean file_chooser_shown(gpointer data) {
  return find_toplevel(GTK_TYPE_FILE_CHOOSER_DIALOG) != NULL;
}

static gboolean file_chooser_gone(gpointer data) {
  return !file_chooser_shown(data);
}

/* Save As and Open through their choosers: PGN filters, a dated .pgn
 * name offered; Cancel changes nothing. (The fallback chooser checks a
 * name to save under asynchronously, out of a test's reach.) */
static void test_file_choosers(void) {
  const char *title = gtk_window_get_title(GTK_WINDOW(window));
  char *title_before = g_strdup(title);
  char *fen = jq_game_controller_get_fen(controller());
  win_action("save-as");
  g_assert_true(spin_until(file_chooser_shown, NULL, 5000));
  GtkFileChooser *fc =
      GTK_FILE_CHOOSER(find_toplevel(GTK_TYPE_FILE_CHOOSER_DIALOG));
  g_assert_cmpint(gtk_file_chooser_get_action(fc), ==,
                  GTK_FILE_CHOOSER_ACTION_SAVE);
  char *offered = gtk_file_chooser_get_current_name(fc);
  g_assert_true(g_str_has_prefix(offered, "Game "));
  g_assert_true(g_str_has_suffix(offered, ".pgn"));
  g_free(offered);
  g_assert_nonnull(gtk_file_chooser_get_filter(fc));
  gtk_dialog_response(GTK_DIALOG(fc), GTK_RESPONSE_CANCEL);
  g_assert_true(spin_until(file_chooser_gone, NULL, 5000));

  win_action("open");
  g_assert_true(spin_until(file_chooser_shown, NULL, 5000));
  fc = GTK_FILE_CHOOSER(find_toplevel(GTK_TYPE_FILE_CHOOSER_DIALOG));
  g_assert_cmpint(gtk_file_chooser_get_action(fc), ==,
                  GTK_FILE_CHOOSER_ACTION_OPEN);
  /* PGN games, and all files. */
  GListModel *filters = gtk_file_chooser_get_filters(fc);
  g_assert_cmpuint(g_list_model_get_n_items(filters), ==, 2);
  g_object_unref(filters);
  gtk_dialog_response(GTK_DIALOG(fc), GTK_RESPONSE_CANCEL);
  g_assert_true(spin_until(file_chooser_gone, NULL, 5000));
  char *now = jq_game_controller_get_fen(controller());
  g_assert_cmpstr(now, ==, fen);
  g_assert_cmpstr(gtk_window_get_title(GTK_WINDOW(window)), ==, title_before);
  g_free(now);
  g_free(fen);
  g_free(title_before);
}

static void test_save_to_file(void) {
  g_settings_set_enum(settings(), "notation", JQ_NOTATION_STYLE_COORDINATES);
  new_game_via_dialog(JQ_VARIANT_XIANGQI, JQ_PLAYER_MODE_HUMAN,
                      JQ_PLAYER_MODE_HUMAN);
  jq_board_view_set_animate(board(), FALSE);
  g_assert_null(strstr(window_title_text(), ".pgn"));
  click_move("h2e2");
  char *dir = g_dir_make_tmp("jieqi-details-XXXXXX", NULL);
  char *path = g_build_filename(dir, "mine.pgn", NULL);
  GFile *file = g_file_new_for_path(path);
  /* Save As: the file is the game's from now on, and the title says so. */
  g_assert_true(jq_window_save_file(window, file));
  g_assert_nonnull(strstr(window_title_text(), "mine.pgn"));
  g_assert_null(strstr(window_title_text(), "•"));
  char *before = file_text(path);
  g_assert_null(strstr(before, "h9g7"));
  click_move("h9g7");
  g_assert_nonnull(strstr(window_title_text(), "• mine.pgn"));
  /* Ctrl+S: straight to the file, no dialog. */
  win_action("save");
  spin(50);
  g_assert_null(find_toplevel(GTK_TYPE_FILE_CHOOSER_DIALOG));
  char *after = file_text(path);
  g_assert_nonnull(strstr(after, "h9g7"));
  g_assert_null(strstr(window_title_text(), "•"));

  /* A save that fails: a message; the game and its file stay. */
  char *bad_path = g_build_filename(dir, "missing", "x.pgn", NULL);
  GFile *bad = g_file_new_for_path(bad_path);
  click_move("b2c2");
  g_assert_false(jq_window_save_file(window, bad));
  g_assert_true(spin_until(message_shown, NULL, 2000));
  close_messages();
  g_assert_cmpint(jq_game_controller_get_move_count(controller()), ==, 3);
  g_assert_nonnull(strstr(window_title_text(), "• mine.pgn"));
  win_action("save");
  spin(50);
  g_assert_null(find_toplevel(GTK_TYPE_FILE_CHOOSER_DIALOG));
  char *third = file_text(path);
  g_assert_nonnull(strstr(third, "b2c2"));

  /* Opened again, then a new game: no file until it is saved. */
  g_assert_true(jq_window_open_file(window, file));
  g_assert_nonnull(strstr(window_title_text(), "mine.pgn"));
  new_game_via_dialog(JQ_VARIANT_XIANGQI, JQ_PLAYER_MODE_HUMAN,
                      JQ_PLAYER_MODE_HUMAN);
  g_assert_null(strstr(window_title_text(), "mine.pgn"));

  g_object_unref(bad);
  g_free(bad_path);
  g_free(before);
  g_free(after);
  g_free(third);
  g_object_unref(file);
  g_unlink(path);
  g_rmdir(dir);
  g_free(path);
  g_free(dir);
  g_settings_reset(settings(), "notation");
  jq_board_view_set_animate(board(), TRUE);
}

static AdwMessageDialog *find_draw_offer(void) {
  GtkWindow *dialog = find_toplevel(ADW_TYPE_MESSAGE_DIALOG);
  if (dialog != NULL &&
      adw_message_dialog_has_response(ADW_MESSAGE_DIALOG(dialog), "accept"))
    return ADW_MESSAGE_DIALOG(dialog);
  return NULL;
}

static void answer_draw_offer(const char *response) {
  AdwMessageDialog *offer = find_draw_offer();
  g_assert_nonnull(offer);
  adw_message_dialog_response(offer, response);
  gtk_window_destroy(GTK_WINDOW(offer));
  spin(20);
}

static void test_draw_offer(void) {
  new_game_via_dialog(JQ_VARIANT_XIANGQI, JQ_PLAYER_MODE_HUMAN,
                      JQ_PLAYER_MODE_HUMAN);
  jq_board_view_set_animate(board(), FALSE);
  click_move("h2e2");
  /* Declined: the game goes on. */
  ToastWait declined = toast_wait("declined");
  win_action("offer-draw");
  answer_draw_offer("decline");
  g_assert_false(jq_game_controller_is_over(controller()));
  g_assert_true(spin_until(toast_posted, &declined, 30000));
  click_move("h9g7");
  g_assert_cmpint(jq_game_controller_get_move_count(controller()), ==, 2);
  /* Accepted: a draw by agreement. */
  win_action("offer-draw");
  answer_draw_offer("accept");
  g_assert_true(jq_game_controller_is_over(controller()));
  JqResult result = jq_game_controller_get_result(controller());
  g_assert_cmpint(result.outcome, ==, JQ_OUTCOME_DRAW);
  g_assert_cmpint(result.reason, ==, JQ_REASON_AGREEMENT);
  g_assert_false(
      g_action_group_get_action_enabled(G_ACTION_GROUP(window), "offer-draw"));
  g_assert_true(spin_until(message_shown, NULL, 3000));
  close_messages();

  /* The computer declines early in the game, with a word. */
  new_game_via_dialog(JQ_VARIANT_XIANGQI, JQ_PLAYER_MODE_HUMAN,
                      JQ_PLAYER_MODE_COMPUTER);
  click_move("h2e2");
  g_assert_true(spin_until(human_to_play, NULL, 20000));
  ToastWait refused = toast_wait("computer declines");
  win_action("offer-draw");
  g_assert_null(find_draw_offer());
  g_assert_true(spin_until(toast_posted, &refused, 30000));
  g_assert_false(jq_game_controller_is_over(controller()));
  jq_board_view_set_animate(board(), TRUE);
}

/* Removes this run's own data directory and all in it. */
static void remove_tree(const char *path) {
  GDir *dir = g_dir_open(path, 0, NULL);
  if (dir != NULL) {
    const char *name;
    while ((name = g_dir_read_name(dir)) != NULL) {
      char *child = g_build_filename(path, name, NULL);
      if (g_file_test(child, G_FILE_TEST_IS_DIR) &&
          !g_file_test(child, G_FILE_TEST_IS_SYMLINK))
        remove_tree(child);
      else
        g_unlink(child);
      g_free(child);
    }
    g_dir_close(dir);
  }
  g_rmdir(path);
}

/* Under the sanitizer build: fontconfig keeps its caches for the life of
 * the process; only that library is excused. */
const char *__lsan_default_suppressions(void);
const char *__lsan_default_suppressions(void) {
  return "leak:libfontconfig.so\n";
}

/* ---- comments ---- */

/* The dialog's button for `response`, found by its label. */
static GtkWidget *find_button(GtkWidget *widget, const char *label) {
  if (GTK_IS_BUTTON(widget) &&
      g_strcmp0(gtk_button_get_label(GTK_BUTTON(widget)), label) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child(widget); child != NULL;
       child = gtk_widget_get_next_sibling(child)) {
    GtkWidget *found = find_button(child, label);
    if (found != NULL)
      return found;
  }
  return NULL;
}

static gboolean find_text(GtkWidget *widget, const char *text) {
  GString *texts = g_string_new(NULL);
  collect_texts(widget, texts);
  gboolean found = strstr(texts->str, text) != NULL;
  g_string_free(texts, TRUE);
  return found;
}

static gboolean popover_shown(gpointer data) {
  return gtk_widget_get_mapped(GTK_WIDGET(data));
}

/* The move list's context menu on the move shown (the Menu key), its
 * "Edit Comment…" into the dialog, text typed there, Save: the comment
 * shows under the move, is in the file saved, and comes back with it. A
 * "}" cannot be saved, and says why. */
static void test_comments(void) {
  new_game_via_dialog(JQ_VARIANT_XIANGQI, JQ_PLAYER_MODE_HUMAN,
                      JQ_PLAYER_MODE_HUMAN);
  jq_board_view_set_animate(board(), FALSE);
  click_move("h2e2");
  click_move("h9g7");
  JqMoveListView *list = jq_window_get_move_list(window);
  g_assert_null(jq_move_list_view_get_comment(list, 1));

  /* The menu of move 1, as the Menu key opens it while move 1 is shown. */
  win_action("browse-start");
  win_action("browse-forward");
  g_assert_true(
      gtk_widget_activate_action(GTK_WIDGET(list), "moves.menu", NULL));
  GtkPopover *menu = jq_move_list_view_get_menu(list);
  g_assert_true(spin_until(popover_shown, menu, 2000));
  GMenuModel *model = gtk_popover_menu_get_menu_model(GTK_POPOVER_MENU(menu));
  g_assert_cmpint(g_menu_model_get_n_items(model), ==, 2);
  char *label = NULL, *action = NULL;
  g_assert_true(g_menu_model_get_item_attribute(
      model, 0, G_MENU_ATTRIBUTE_LABEL, "s", &label));
  g_assert_cmpstr(label, ==, "Edit _Comment…");
  g_assert_true(g_menu_model_get_item_attribute(
      model, 0, G_MENU_ATTRIBUTE_ACTION, "s", &action));
  GVariant *target = g_menu_model_get_item_attribute_value(
      model, 0, G_MENU_ATTRIBUTE_TARGET, G_VARIANT_TYPE_INT32);
  g_assert_nonnull(target);
  g_assert_cmpint(g_variant_get_int32(target), ==, 1);
  /* What the item does when chosen. */
  gtk_popover_popdown(menu);
  g_assert_true(
      gtk_widget_activate_action_variant(GTK_WIDGET(list), action, target));
  g_variant_unref(target);
  g_free(label);
  g_free(action);
  win_action("browse-live");

  GtkWindow *dialog = find_toplevel(ADW_TYPE_MESSAGE_DIALOG);
  g_assert_nonnull(dialog);
  g_assert_cmpstr(adw_message_dialog_get_heading(ADW_MESSAGE_DIALOG(dialog)),
                  ==, "Comment on 1. 炮二平五");
  GtkTextBuffer *buffer =
      gtk_text_view_get_buffer(jq_comment_dialog_get_text_view(dialog));
  GtkWidget *save = find_button(GTK_WIDGET(dialog), "_Save");
  g_assert_nonnull(save);
  gtk_text_buffer_insert_at_cursor(buffer, "好棋 }", -1);
  g_assert_false(gtk_widget_is_sensitive(save));
  g_assert_true(find_text(GTK_WIDGET(dialog), "A comment cannot contain “}”."));
  GtkTextIter start, end;
  gtk_text_buffer_get_bounds(buffer, &start, &end);
  gtk_text_buffer_delete(buffer, &start, &end);
  gtk_text_buffer_insert_at_cursor(buffer, "好棋\n+0.35/12", -1);
  g_assert_true(gtk_widget_is_sensitive(save));
  g_signal_emit_by_name(save, "clicked");
  spin(50);
  g_assert_null(find_toplevel(ADW_TYPE_MESSAGE_DIALOG));
  g_assert_cmpstr(jq_game_controller_get_comment(controller(), 1), ==,
                  "好棋\n+0.35/12");
  g_assert_cmpstr(jq_move_list_view_get_comment(list, 1), ==, "好棋\n+0.35/12");
  g_assert_null(jq_move_list_view_get_comment(list, 2));

  /* Saved, and opened again. */
  char *dir = g_dir_make_tmp("jieqi-window-XXXXXX", NULL);
  char *path = g_build_filename(dir, "comments.pgn", NULL);
  GFile *file = g_file_new_for_path(path);
  g_assert_true(jq_window_save_file(window, file));
  char *text = NULL;
  g_assert_true(g_file_get_contents(path, &text, NULL, NULL));
  g_assert_nonnull(strstr(text, "炮二平五 {好棋\n+0.35/12}"));
  g_free(text);
  new_game_via_dialog(JQ_VARIANT_XIANGQI, JQ_PLAYER_MODE_HUMAN,
                      JQ_PLAYER_MODE_HUMAN);
  g_assert_true(jq_window_open_file(window, file));
  g_assert_cmpint(jq_game_controller_get_move_count(controller()), ==, 2);
  g_assert_cmpstr(jq_move_list_view_get_comment(list, 1), ==, "好棋\n+0.35/12");
  g_object_unref(file);
  g_unlink(path);
  g_rmdir(dir);
  g_free(path);
  g_free(dir);
  jq_board_view_set_animate(board(), TRUE);
}

/* ---- the thinking indicator ---- */

static guint frames_painted;

static void count_frame(GdkFrameClock *clock, gpointer data) {
  frames_painted++;
}

/* While the computer thinks the status line says so, but the window is
 * not drawn again each frame for it: a spinner's per-frame animation kept
 * the main loop busy painting for as long as the computer thought. */
static void test_thinking_indicator(void) {
  g_settings_set_int(settings(), "think-time-ms", 20000);
  new_game_via_dialog(JQ_VARIANT_XIANGQI, JQ_PLAYER_MODE_COMPUTER,
                      JQ_PLAYER_MODE_HUMAN);
  g_assert_true(spin_until(thinking, NULL, 5000));
  spin(1000); /* the new game's own animations end */
  g_assert_true(jq_game_controller_is_thinking(controller()));
  g_assert_cmpstr(jq_window_get_status(window), ==,
                  "The computer is thinking…");

  /* The player sees it thinking: dots beside the words, stepping on. */
  JqThinkingIndicator *dots = jq_window_get_thinking_indicator(window);
  g_assert_true(gtk_widget_get_mapped(GTK_WIDGET(dots)));
  g_assert_true(jq_thinking_indicator_is_stepping(dots));
  guint steps = jq_thinking_indicator_get_steps(dots);

  GdkFrameClock *clock = gtk_widget_get_frame_clock(GTK_WIDGET(window));
  frames_painted = 0;
  gulong id =
      g_signal_connect(clock, "after-paint", G_CALLBACK(count_frame), NULL);
  spin(2000);
  g_signal_handler_disconnect(clock, id);
  g_test_message("%u frames painted in 2 s of thinking", frames_painted);
  g_assert_true(jq_game_controller_is_thinking(controller()));
  /* A step of the indicator twice a second, not a frame each refresh. */
  g_assert_cmpuint(frames_painted, <=, 8);
  g_assert_cmpuint(jq_thinking_indicator_get_steps(dots), >=, steps + 2);

  /* No longer thinking: hidden, and no timer left running. */
  new_game_via_dialog(JQ_VARIANT_XIANGQI, JQ_PLAYER_MODE_HUMAN,
                      JQ_PLAYER_MODE_HUMAN);
  g_assert_false(jq_game_controller_is_thinking(controller()));
  g_assert_false(gtk_widget_get_visible(GTK_WIDGET(dots)));
  g_assert_false(jq_thinking_indicator_is_stepping(dots));
  g_settings_reset(settings(), "think-time-ms");
}

/* ---- the renderer ---- */

/* Under a software GL (llvmpipe, as under Xvfb) the window draws with
 * GTK's cairo renderer: its GL renderer drew each frame of the whole
 * window on the CPU. */
static void test_software_gl(void) {
  g_assert_true(jq_software_gl_is_software("llvmpipe (LLVM 15.0.6, 256 bits)"));
  g_assert_true(jq_software_gl_is_software("softpipe"));
  g_assert_true(jq_software_gl_is_software("Software Rasterizer"));
  g_assert_false(
      jq_software_gl_is_software("Mesa Intel(R) UHD Graphics 620 (KBL GT2)"));
  g_assert_false(jq_software_gl_is_software("AMD Radeon RX 6600 (navi23)"));
  g_assert_false(jq_software_gl_is_software(NULL));

  g_autofree char *gl = jq_software_gl_renderer();
  GskRenderer *renderer = gtk_native_get_renderer(GTK_NATIVE(window));
  g_test_message("GL renderer: %s; window's renderer: %s", gl ? gl : "(no GL)",
                 G_OBJECT_TYPE_NAME(renderer));
  if (!jq_software_gl_is_software(gl)) {
    g_test_skip("the display's GL is not a software one");
    return;
  }
  g_assert_cmpstr(G_OBJECT_TYPE_NAME(renderer), ==, "GskCairoRenderer");
}

/* ---- clocks ---- */

static gint64 window_fake_us = 5000000;

static guint window_clock_reads;
/* When (real time) the clock view last woke: a wake is timed from it. */
static gint64 window_clock_read_at;
/* The shortest time (real) between two wakes since the count was reset. */
static gint64 window_clock_shortest_gap;

/* One wake reads the clock several times (each side's time, then the
 * running one's), microseconds apart: reads within a millisecond of the
 * wake's first are that wake. A view that woke every millisecond would
 * still show gaps of one to two. */
static gint64 window_fake_clock(gpointer data) {
  gint64 now = g_get_monotonic_time();
  window_clock_reads++;
  if (now - window_clock_read_at >= 1000) {
    window_clock_shortest_gap =
        MIN(window_clock_shortest_gap, now - window_clock_read_at);
    window_clock_read_at = now;
  }
  return window_fake_us;
}

static gboolean is_game_over(gpointer data) {
  return jq_game_controller_is_over(controller());
}

/* A timed game set up in the New Game dialog shows both clocks, the
 * running one highlighted, and is lost on time; an untimed one shows
 * none. */
static void test_clocks(void) {
  jq_game_controller_set_clock_time_source(controller(), window_fake_clock,
                                           NULL);
  JqClockView *view = jq_window_get_clock_view(window);
  app_action("new-game");
  GtkWindow *dialog = find_toplevel(JQ_TYPE_NEW_GAME_DIALOG);
  g_assert_nonnull(dialog);
  jq_new_game_dialog_set_choices(JQ_NEW_GAME_DIALOG(dialog), JQ_VARIANT_XIANGQI,
                                 JQ_PLAYER_MODE_HUMAN, JQ_PLAYER_MODE_HUMAN,
                                 NULL);
  jq_new_game_dialog_set_clock(JQ_NEW_GAME_DIALOG(dialog), 180, 2);
  if (!jq_game_controller_is_over(controller()) &&
      jq_game_controller_get_move_count(controller()) > 0) {
    g_assert_true(jq_new_game_dialog_start(JQ_NEW_GAME_DIALOG(dialog)));
    answer_question("abandon");
  } else {
    g_assert_true(jq_new_game_dialog_start(JQ_NEW_GAME_DIALOG(dialog)));
  }
  spin(50);
  g_assert_cmpint(g_settings_get_int(settings(), "clock-base-seconds"), ==,
                  180);
  g_assert_cmpint(g_settings_get_int(settings(), "clock-increment-seconds"), ==,
                  2);
  g_assert_true(gtk_widget_get_visible(GTK_WIDGET(view)));
  g_assert_cmpstr(jq_clock_view_get_text(view, JQ_RED), ==, "3:00");
  g_assert_cmpstr(jq_clock_view_get_text(view, JQ_BLACK), ==, "3:00");
  g_assert_true(jq_clock_view_is_running(view, JQ_RED));
  g_assert_false(jq_clock_view_is_running(view, JQ_BLACK));

  window_fake_us += 30000 * 1000;
  click_move("h2e2");
  spin(100);
  g_assert_cmpstr(jq_clock_view_get_text(view, JQ_RED), ==, "2:32");
  g_assert_true(jq_clock_view_is_running(view, JQ_BLACK));
  g_assert_false(jq_clock_view_is_running(view, JQ_RED));

  /* The view wakes when the time it shows would change, not before: half
   * a second from the next whole second, it reads the clock once, then
   * waits (the time source stands still here). */
  window_fake_us += 500 * 1000;
  spin(100);
  g_assert_cmpstr(jq_clock_view_get_text(view, JQ_BLACK), ==, "2:59");
  /* Its wake, due half a second after the read, may come while a loaded
   * machine spins (and, if the spin runs late, the next half a second
   * after that): never sooner. */
  window_clock_reads = 0;
  window_clock_shortest_gap = G_MAXINT64;
  spin(400);
  g_assert_cmpint(window_clock_shortest_gap, >=, 450 * 1000);
  g_assert_cmpstr(jq_clock_view_get_text(view, JQ_BLACK), ==, "2:59");

  /* Tenths under 10 s, as the clock ticks. */
  window_fake_us += 170000 * 1000;
  spin(150);
  g_assert_cmpstr(jq_clock_view_get_text(view, JQ_BLACK), ==, "9.5");

  /* Black's flag falls: the game is lost on time. */
  window_fake_us += 10000 * 1000;
  jq_game_controller_set_clock_time_source(controller(), window_fake_clock,
                                           NULL);
  g_assert_true(spin_until(is_game_over, NULL, 5000));
  g_assert_cmpint(jq_game_controller_get_result(controller()).reason, ==,
                  JQ_REASON_TIME);
  g_assert_true(spin_until(message_shown, NULL, 5000));
  close_messages();
  g_assert_cmpstr(jq_clock_view_get_text(view, JQ_BLACK), ==, "0.0");
  g_assert_false(jq_clock_view_is_running(view, JQ_BLACK));

  /* Untimed: no clocks. */
  app_action("new-game");
  dialog = find_toplevel(JQ_TYPE_NEW_GAME_DIALOG);
  g_assert_nonnull(dialog);
  jq_new_game_dialog_set_choices(JQ_NEW_GAME_DIALOG(dialog), JQ_VARIANT_XIANGQI,
                                 JQ_PLAYER_MODE_HUMAN, JQ_PLAYER_MODE_HUMAN,
                                 NULL);
  jq_new_game_dialog_set_clock(JQ_NEW_GAME_DIALOG(dialog), 0, 0);
  g_assert_true(jq_new_game_dialog_start(JQ_NEW_GAME_DIALOG(dialog)));
  spin(50);
  g_assert_null(jq_game_controller_get_clock(controller()));
  g_assert_false(gtk_widget_get_visible(GTK_WIDGET(view)));
  jq_game_controller_set_clock_time_source(controller(), NULL, NULL);
}

int main(int argc, char **argv) {
  g_log_set_writer_func(log_writer, NULL, NULL);
  /* The test accessibility backend keeps accessible names readable; the
   * memory settings backend and a data directory of this run's own keep
   * the user's settings and autosave out of it. */
  g_setenv("GTK_A11Y", "test", TRUE);
  g_setenv("GSETTINGS_BACKEND", "memory", TRUE);
  g_setenv("LANGUAGE", "C", TRUE);
  char *home = g_dir_make_tmp("jieqi-test-window-XXXXXX", NULL);
  g_assert_nonnull(home);
  g_setenv("XDG_DATA_HOME", home, TRUE);
  g_setenv("XDG_CONFIG_HOME", home, TRUE);
  g_setenv("XDG_CACHE_HOME", home, TRUE);
  gtk_test_init(&argc, &argv, NULL);

  app = jq_application_new();
  GError *error = NULL;
  g_assert_true(g_application_register(G_APPLICATION(app), NULL, &error));
  g_assert_no_error(error);
  g_application_activate(G_APPLICATION(app));
  window = JQ_WINDOW(gtk_application_get_active_window(GTK_APPLICATION(app)));

  g_test_add_func("/app/window/startup", test_startup);
  g_test_add_func("/app/window/play-and-undo", test_play_and_undo);
  g_test_add_func("/app/window/browse", test_browse);
  g_test_add_func("/app/window/preferences", test_preferences);
  g_test_add_func("/app/window/copy-paste", test_copy_paste);
  g_test_add_func("/app/window/pgn-files", test_pgn_files);
  g_test_add_func("/app/window/comments", test_comments);
  g_test_add_func("/app/window/several-games", test_several_games);
  g_test_add_func("/app/window/new-game-bad-fen", test_new_game_bad_fen);
  g_test_add_func("/app/window/game-over", test_game_over);
  g_test_add_func("/app/window/replace-asks", test_replace_asks);
  g_test_add_func("/app/window/no-hidden-identity", test_no_hidden_identity);
  g_test_add_func("/app/window/pieces-panel-height", test_pieces_panel_height);
  g_test_add_func("/app/window/pieces-panel-kept", test_pieces_panel_kept);
  g_test_add_func("/app/window/pieces-panel-tooltips",
                  test_pieces_panel_tooltips);
  g_test_add_func("/app/window/sounds-made-ahead", test_sounds_made_ahead);
  g_test_add_func("/app/window/restart", test_restart);
  g_test_add_func("/app/window/bad-autosave", test_bad_autosave);
  g_test_add_func("/app/window/autosave-fails", test_autosave_fails);
  g_test_add_func("/app/window/stale-analysis", test_stale_analysis);
  g_test_add_func("/app/window/score-perspective", test_score_perspective);
  g_test_add_func("/app/window/against-computer", test_against_computer);
  g_test_add_func("/app/window/computer-against-itself",
                  test_computer_against_itself);
  g_test_add_func("/app/window/flip-board", test_flip_board);
  g_test_add_func("/app/window/save-to-file", test_save_to_file);
  g_test_add_func("/app/window/file-choosers", test_file_choosers);
  g_test_add_func("/app/window/draw-offer", test_draw_offer);
  g_test_add_func("/app/window/chinese-mnemonics", test_chinese_mnemonics);
  g_test_add_func("/app/window/fold", test_fold);
  g_test_add_func("/app/window/chinese-errors", test_chinese_errors);
  g_test_add_func("/app/window/traditional-chinese-errors",
                  test_traditional_chinese_errors);
  g_test_add_func("/app/window/thinking-indicator", test_thinking_indicator);
  g_test_add_func("/app/window/software-gl", test_software_gl);
  g_test_add_func("/app/window/clocks", test_clocks);
  g_test_add_func("/app/window/quit", test_quit);
  int status = g_test_run();
  g_object_unref(app);
  remove_tree(home);
  g_free(home);
  return status;
}
