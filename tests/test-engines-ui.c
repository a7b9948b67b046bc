/* Outside engines in the app's window under a virtual display: an engine
 * added in Preferences (through the function the file chooser's answer
 * calls) shows with its options, is offered in New Game and removed; a
 * program that is not a UCI engine is refused with a message; an engine
 * goes by its name in the subtitle, the clock and the PGN; and
 * Fairy-Stockfish, when installed, plays xiangqi against the human. */
#include <string.h>

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "jq-clock-view.h"
#include "jq-engine-group.h"
#include "jq-engine-list.h"
#include "jq-new-game-dialog-private.h"
#include "jq-new-game-dialog.h"
#include "jq-preferences-window-private.h"
#include "jq-test-app.h"
#include "jq-window-private.h"
#include "jq-window.h"

static JqTestApp t;

static void spin(guint ms) {
  gint64 end = g_get_monotonic_time() + ms * 1000;
  while (g_get_monotonic_time() < end)
    g_main_context_iteration(NULL, FALSE);
}

typedef gboolean (*Cond)(gpointer data);

static void spin_until(Cond done, gpointer data, guint ms, const char *what) {
  gint64 end = g_get_monotonic_time() + (gint64)ms * 1000;
  while (!done(data)) {
    if (g_get_monotonic_time() > end)
      g_error("timed out after %u ms waiting for %s", ms, what);
    g_main_context_iteration(NULL, FALSE);
  }
}

static JqWindow *window(void) { return JQ_WINDOW(t.window); }

static JqGameController *controller(void) {
  return jq_window_get_controller(window());
}

static GtkWindow *find_toplevel(GType type) {
  GtkWindow *found = NULL;
  GListModel *list = gtk_window_get_toplevels();
  for (guint i = 0; i < g_list_model_get_n_items(list); i++) {
    GtkWindow *w = g_list_model_get_item(list, i);
    if (G_TYPE_CHECK_INSTANCE_TYPE(w, type) &&
        gtk_widget_get_visible(GTK_WIDGET(w)) && w != t.window)
      found = w;
    g_object_unref(w);
  }
  return found;
}

static JqPreferencesWindow *open_preferences(void) {
  g_action_group_activate_action(G_ACTION_GROUP(t.app), "preferences", NULL);
  spin(50);
  GtkWindow *prefs = find_toplevel(JQ_TYPE_PREFERENCES_WINDOW);
  g_assert_nonnull(prefs);
  return JQ_PREFERENCES_WINDOW(prefs);
}

static void close_window(gpointer w) {
  gtk_window_destroy(GTK_WINDOW(w));
  spin(30);
}

static gboolean probed(gpointer group) {
  return !jq_engine_group_is_probing(group);
}

/* Adds the program at `path` as the file chooser's answer does; the
 * message said. */
static const char *add_file(JqEngineGroup *group, const char *path) {
  GFile *file = g_file_new_for_path(path);
  jq_engine_group_add_file(group, file);
  g_object_unref(file);
  g_assert_true(jq_engine_group_is_probing(group));
  spin_until(probed, group, 20000, "the probe");
  return jq_engine_group_get_message(group);
}

static void assert_has(const char *text, const char *part) {
  if (!strstr(text, part))
    g_error("“%s” does not say “%s”", text, part);
}

/* The New Game dialog, filled in: the human Red against the computer
 * `algorithm`; whether it offered that algorithm. */
static gboolean new_game_against(const char *algorithm, int clock_s) {
  g_action_group_activate_action(G_ACTION_GROUP(t.app), "new-game", NULL);
  spin(30);
  JqNewGameDialog *dialog =
      JQ_NEW_GAME_DIALOG(find_toplevel(JQ_TYPE_NEW_GAME_DIALOG));
  g_assert_nonnull(dialog);
  jq_new_game_dialog_set_choices(dialog, JQ_VARIANT_XIANGQI,
                                 JQ_PLAYER_MODE_HUMAN, JQ_PLAYER_MODE_COMPUTER,
                                 NULL);
  jq_new_game_dialog_set_computer(dialog, -1, algorithm, 20);
  gboolean offered =
      g_strcmp0(jq_new_game_dialog_get_computer(dialog, -1, NULL), algorithm) ==
      0;
  jq_new_game_dialog_set_clock(dialog, clock_s, 0);
  if (!offered) {
    close_window(dialog);
    return FALSE;
  }
  g_assert_true(jq_new_game_dialog_start(dialog));
  spin(50);
  /* A game in progress goes after asking. */
  GtkWindow *question = find_toplevel(ADW_TYPE_MESSAGE_DIALOG);
  if (question) {
    adw_message_dialog_response(ADW_MESSAGE_DIALOG(question), "abandon");
    close_window(question);
  }
  g_assert_cmpint(jq_game_controller_get_move_count(controller()), ==, 0);
  return TRUE;
}

static const char *subtitle(void) {
  GtkWidget *w = GTK_WIDGET(t.window);
  /* The window title is the only AdwWindowTitle in the window. */
  GQueue queue = G_QUEUE_INIT;
  g_queue_push_tail(&queue, w);
  while (!g_queue_is_empty(&queue)) {
    GtkWidget *cur = g_queue_pop_head(&queue);
    if (ADW_IS_WINDOW_TITLE(cur)) {
      g_queue_clear(&queue);
      return adw_window_title_get_subtitle(ADW_WINDOW_TITLE(cur));
    }
    for (GtkWidget *c = gtk_widget_get_first_child(cur); c;
         c = gtk_widget_get_next_sibling(c))
      g_queue_push_tail(&queue, c);
  }
  g_assert_not_reached();
}

typedef struct {
  int moves;
} Count;

static gboolean reached(gpointer data) {
  return jq_game_controller_get_move_count(controller()) >=
             ((Count *)data)->moves ||
         jq_game_controller_is_over(controller());
}

/* The human (Red) plays a legal move, then waits for the engine's
 * answer. */
static void play_and_wait(int n_moves, guint timeout_ms) {
  for (int i = 0; i < n_moves; i++) {
    JqMoveList legal;
    jq_game_controller_get_legal_moves(controller(), &legal);
    g_assert_cmpint(legal.count, >, 0);
    JqMove m = legal.moves[(i * 7) % legal.count];
    Count c = {jq_game_controller_get_move_count(controller()) + 2};
    GError *error = NULL;
    g_assert_true(jq_game_controller_play_move(controller(), jq_move_from(m),
                                               jq_move_to(m), &error));
    g_assert_no_error(error);
    spin_until(reached, &c, timeout_ms, "the engine's move");
  }
}

/* ---- tests ---- */

static void test_add_remove(void) {
  JqPreferencesWindow *prefs = open_preferences();
  JqEngineGroup *group = jq_preferences_window_get_engine_group(prefs);
  g_assert_nonnull(group);
  JqEngineList *list = jq_engine_list_get_default();
  guint before = jq_engine_list_count(list);

  const char *said = add_file(group, g_getenv("FAKE_UCI_ENGINE"));
  g_assert_cmpstr(said, ==, "Added “Fake Engine”.");
  g_assert_cmpuint(jq_engine_list_count(list), ==, before + 1);
  GtkWidget *row = jq_engine_group_get_row(group, "fake-engine");
  g_assert_nonnull(row);
  g_assert_true(ADW_IS_EXPANDER_ROW(row));
  g_assert_cmpstr(adw_preferences_row_get_title(ADW_PREFERENCES_ROW(row)), ==,
                  "Fake Engine");
  g_assert_true(adw_expander_row_get_expanded(ADW_EXPANDER_ROW(row)));

  /* Its options, each edited by its kind of row, set in the list. */
  GtkWidget *hash = jq_engine_group_get_editor(group, "fake-engine", "Hash");
  g_assert_true(GTK_IS_SPIN_BUTTON(hash));
  gtk_spin_button_set_value(GTK_SPIN_BUTTON(hash), 64);
  const JqEngine *e = jq_engine_list_find(list, "fake-engine");
  g_assert_cmpstr(g_hash_table_lookup(e->values, "Hash"), ==, "64");
  GtkWidget *ponder =
      jq_engine_group_get_editor(group, "fake-engine", "Ponder");
  g_assert_true(GTK_IS_SWITCH(ponder));
  gtk_switch_set_active(GTK_SWITCH(ponder), TRUE);
  g_assert_cmpstr(g_hash_table_lookup(e->values, "Ponder"), ==, "true");
  GtkWidget *style = jq_engine_group_get_editor(group, "fake-engine", "Style");
  g_assert_true(ADW_IS_ENTRY_ROW(style));
  g_assert_cmpstr(gtk_editable_get_text(GTK_EDITABLE(style)), ==, "solid play");
  gtk_editable_set_text(GTK_EDITABLE(style), "sharp");
  g_signal_emit_by_name(style, "apply");
  g_assert_cmpstr(g_hash_table_lookup(e->values, "Style"), ==, "sharp");
  /* A button has no value; the variant is each game's. */
  g_assert_null(jq_engine_group_get_editor(group, "fake-engine", "Clear Hash"));
  g_assert_null(
      jq_engine_group_get_editor(group, "fake-engine", "UCI_Variant"));

  /* Renamed; an empty name refused with a message. */
  GtkWidget *name = jq_engine_group_get_editor(group, "fake-engine", "");
  g_assert_true(ADW_IS_ENTRY_ROW(name));
  gtk_editable_set_text(GTK_EDITABLE(name), "  ");
  g_signal_emit_by_name(name, "apply");
  assert_has(jq_engine_group_get_message(group), "not empty");
  g_assert_cmpstr(jq_engine_list_find(list, "fake-engine")->name, ==,
                  "Fake Engine");
  name = jq_engine_group_get_editor(group, "fake-engine", "");
  gtk_editable_set_text(GTK_EDITABLE(name), "Fakey");
  g_signal_emit_by_name(name, "apply");
  row = jq_engine_group_get_row(group, "fake-engine");
  g_assert_cmpstr(adw_preferences_row_get_title(ADW_PREFERENCES_ROW(row)), ==,
                  "Fakey");
  close_window(prefs);

  /* Offered in New Game. */
  g_assert_true(new_game_against("uci:fake-engine", 0));

  /* Removed, as its Remove button does. */
  prefs = open_preferences();
  group = jq_preferences_window_get_engine_group(prefs);
  g_assert_nonnull(jq_engine_group_get_row(group, "fake-engine"));
  jq_engine_group_remove(group, "fake-engine");
  g_assert_null(jq_engine_group_get_row(group, "fake-engine"));
  g_assert_null(jq_engine_list_find(list, "fake-engine"));
  g_assert_cmpstr(jq_engine_group_get_message(group), ==, "Removed “Fakey”.");
  close_window(prefs);
  g_assert_false(new_game_against("uci:fake-engine", 0));
}

static void test_not_an_engine(void) {
  JqPreferencesWindow *prefs = open_preferences();
  JqEngineGroup *group = jq_preferences_window_get_engine_group(prefs);
  JqEngineList *list = jq_engine_list_get_default();
  guint before = jq_engine_list_count(list);
  const char *said = add_file(group, "/bin/true");
  g_test_message("%s", said);
  assert_has(said, "Not added: ");
  assert_has(said, "it is not a UCI engine");
  g_assert_cmpuint(jq_engine_list_count(list), ==, before);
  /* Not a program at all: refused before anything is run. */
  char *path = g_build_filename(t.home, "notes.txt", NULL);
  g_assert_true(g_file_set_contents(path, "uci\n", -1, NULL));
  g_assert_cmpint(g_chmod(path, 0644), ==, 0);
  GFile *file = g_file_new_for_path(path);
  jq_engine_group_add_file(group, file);
  g_object_unref(file);
  g_assert_false(jq_engine_group_is_probing(group));
  char *expected = g_strdup_printf("Not added: “%s” is not a program (it is "
                                   "not marked executable).",
                                   path);
  g_assert_cmpstr(jq_engine_group_get_message(group), ==, expected);
  g_free(expected);
  g_free(path);
  g_assert_cmpuint(jq_engine_list_count(list), ==, before);
  close_window(prefs);
}

/* The engine goes by its name: subtitle, clock, PGN. */
static void test_names(void) {
  JqPreferencesWindow *prefs = open_preferences();
  JqEngineGroup *group = jq_preferences_window_get_engine_group(prefs);
  g_assert_cmpstr(add_file(group, g_getenv("FAKE_UCI_ENGINE")), ==,
                  "Added “Fake Engine”.");
  close_window(prefs);
  g_assert_true(new_game_against("uci:fake-engine", 300));
  g_assert_cmpstr(subtitle(), ==, "You play Red against Fake Engine");
  play_and_wait(2, 20000);
  g_assert_cmpint(jq_game_controller_get_move_count(controller()), ==, 4);
  JqClockView *clock = jq_window_get_clock_view(window());
  g_assert_cmpstr(jq_clock_view_get_name(clock, JQ_BLACK), ==,
                  "Black · Fake Engine");
  g_assert_cmpstr(jq_clock_view_get_name(clock, JQ_RED), ==, "Red");
  char *pgn = jq_game_controller_to_pgn(controller(), JQ_PGN_COORDS);
  assert_has(pgn, "[Black \"Fake Engine\"]");
  g_free(pgn);

  prefs = open_preferences();
  jq_engine_group_remove(jq_preferences_window_get_engine_group(prefs),
                         "fake-engine");
  close_window(prefs);
}

static gboolean has_fairy(gpointer data) {
  return jq_engine_list_find(jq_engine_list_get_default(), "fairy-stockfish") !=
         NULL;
}

static void test_fairy_stockfish(void) {
  if (!g_file_test(JQ_FAIRY_STOCKFISH_PATH, G_FILE_TEST_IS_EXECUTABLE)) {
    g_test_skip("Fairy-Stockfish is not installed (" JQ_FAIRY_STOCKFISH_PATH
                "; Debian package fairy-stockfish, installed by "
                "build-aux/install-deps.sh test)");
    return;
  }
  /* Offered at start-up. */
  spin_until(has_fairy, NULL, 20000, "Fairy-Stockfish to be offered");
  const JqEngine *e =
      jq_engine_list_find(jq_engine_list_get_default(), "fairy-stockfish");
  g_test_message("engine: %s", e->name);
  char *name = g_strdup(e->name);
  JqPreferencesWindow *prefs = open_preferences();
  JqEngineGroup *group = jq_preferences_window_get_engine_group(prefs);
  GtkWidget *row = jq_engine_group_get_row(group, "fairy-stockfish");
  g_assert_nonnull(row);
  g_assert_cmpstr(adw_preferences_row_get_title(ADW_PREFERENCES_ROW(row)), ==,
                  name);
  close_window(prefs);

  g_settings_set_int(jq_window_get_settings(window()), "think-time-ms", 300);
  g_assert_true(new_game_against("uci:fairy-stockfish", 0));
  char *expected = g_strdup_printf("You play Red against %s", name);
  g_assert_cmpstr(subtitle(), ==, expected);
  g_free(expected);
  play_and_wait(3, 30000);
  g_assert_cmpint(jq_game_controller_get_move_count(controller()), ==, 6);
  /* It played each move itself: no failure told, no built-in stand-in. */
  g_assert_cmpuint(
      jq_window_count_posted_toasts(window(), "built-in computer plays on"), ==,
      0);
  g_free(name);
}

static gboolean offer_settled(gpointer data) {
  return !jq_engine_list_is_offering(jq_engine_list_get_default());
}

int main(int argc, char **argv) {
  jq_test_app_start(&t, &argc, &argv, "engines-ui");
  /* The start-up offer of Fairy-Stockfish adds to the list when its probe
   * ends, on a loaded machine in the middle of a test that counts the
   * engines: it ends first. */
  spin_until(offer_settled, NULL, 30000, "the start-up offer");
  g_test_add_func("/app/engines-ui/add-remove", test_add_remove);
  g_test_add_func("/app/engines-ui/not-an-engine", test_not_an_engine);
  g_test_add_func("/app/engines-ui/names", test_names);
  g_test_add_func("/app/engines-ui/fairy-stockfish", test_fairy_stockfish);
  int status = g_test_run();
  jq_test_app_finish(&t);
  return status;
}
