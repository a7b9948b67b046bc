/* An outside engine as the analyst and the hint source, in the app's
 * window under a virtual display, with the fake engine
 * (fake-uci-engine.c): its "info ... multipv k" lines shown as the lines,
 * MultiPV set when it offers it (else one line), the search started again
 * (after "stop" and its bestmove) when the position shown changes and
 * stopped when the analysis is switched off; an engine that crashes or
 * does not stop is killed, the user told, and the built-in AI analyses on;
 * an id no longer in the list, or in jieqi an engine without jieqi, means
 * the built-in AI; the hint comes from the engine ("go movetime"), and
 * from the built-in AI after a failure; and Fairy-Stockfish analyses the
 * xiangqi start when it is installed. Waits have generous deadlines:
 * nothing here asserts how fast anything is. */
#include <string.h>

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "jq-analysis-mode.h"
#include "jq-analysis-view.h"
#include "jq-engine-list.h"
#include "jq-fen.h"
#include "jq-movegen.h"
#include "jq-notation.h"
#include "jq-preferences-window-private.h"
#include "jq-preferences-window.h"
#include "jq-test-app.h"
#include "jq-window-private.h"
#include "jq-window.h"

#define DEADLINE_MS 60000

static JqTestApp t;
static char *log_dir;

static void spin(guint ms) {
  gint64 end = g_get_monotonic_time() + ms * 1000;
  while (g_get_monotonic_time() < end)
    g_main_context_iteration(NULL, FALSE);
}

typedef gboolean (*Cond)(gpointer data);

static void spin_until(Cond done, gpointer data, const char *what) {
  gint64 end = g_get_monotonic_time() + (gint64)DEADLINE_MS * 1000;
  while (!done(data)) {
    if (g_get_monotonic_time() > end)
      g_error("timed out waiting for %s", what);
    g_main_context_iteration(NULL, FALSE);
  }
}

static JqWindow *window(void) { return JQ_WINDOW(t.window); }

static JqGameController *controller(void) {
  return jq_window_get_controller(window());
}

static JqAnalysisView *view(void) {
  return jq_window_get_analysis_view(window());
}

static JqAnalysisMode *mode(void) { return jq_analysis_view_get_mode(view()); }

static GSettings *settings(void) { return jq_window_get_settings(window()); }

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
  g_action_group_change_action_state(G_ACTION_GROUP(t.window), "analyse",
                                     g_variant_new_boolean(on));
  spin(10);
}

static void set_lines(int lines) {
  gtk_spin_button_set_value(jq_analysis_view_get_lines_button(view()), lines);
  g_assert_cmpint(jq_analysis_mode_get_lines(mode()), ==, lines);
}

static gboolean has_rows(gpointer rows) {
  return jq_analysis_view_get_row_count(view()) >= GPOINTER_TO_UINT(rows);
}

static void wait_rows(guint rows) {
  spin_until(has_rows, GUINT_TO_POINTER(rows), "the analysis' lines");
}

static gboolean not_searching(gpointer data) {
  return !jq_analysis_mode_is_searching(mode());
}

/* The log the fake engine `mode` writes: a new one for each engine. */
static char *new_log(const char *name) {
  char *path = g_build_filename(log_dir, name, NULL);
  g_unlink(path);
  return path;
}

/* Adds the fake engine in `mode` (maybe with "--jieqi") as an outside
 * engine writing what it reads to `log`; its id. */
static char *add_engine(const char *mode_args, const char *log) {
  const char *fake = g_getenv("FAKE_UCI_ENGINE");
  g_assert_nonnull(fake);
  char *command =
      g_strdup_printf("env FAKE_UCI_LOG=%s %s %s", log, fake, mode_args);
  GError *error = NULL;
  JqEngine *engine = jq_engine_probe(command, &error);
  g_assert_no_error(error);
  g_free(command);
  return g_strdup(jq_engine_list_add(jq_engine_list_get_default(), engine));
}

static void choose_analyst(const char *id) {
  g_settings_set_string(settings(), "analysis-engine", id);
  g_assert_cmpstr(jq_game_controller_get_analysis_engine_id(controller()), ==,
                  id);
}

static char *read_log(const char *log) {
  char *text = NULL;
  if (!g_file_get_contents(log, &text, NULL, NULL))
    text = g_strdup("");
  return text;
}

/* How many lines of the log are `line`. */
static guint log_count(const char *log, const char *line) {
  char *text = read_log(log);
  char **lines = g_strsplit(text, "\n", -1);
  guint n = 0;
  for (char **l = lines; *l; l++)
    if (strcmp(*l, line) == 0)
      n++;
  g_strfreev(lines);
  g_free(text);
  return n;
}

typedef struct {
  const char *log;
  const char *line;
  guint count;
} LogWait;

static gboolean log_reached(gpointer data) {
  LogWait *w = data;
  return log_count(w->log, w->line) >= w->count;
}

static void wait_log(const char *log, const char *line, guint count) {
  LogWait w = {log, line, count};
  char *what = g_strdup_printf("%u × “%s” in the engine's log", count, line);
  spin_until(log_reached, &w, what);
  g_free(what);
}

static guint failures;

static void on_failed(JqAnalysisMode *m, const char *text, gpointer data) {
  failures++;
}

static gboolean failed_since(gpointer before) {
  return failures > GPOINTER_TO_UINT(before);
}

static JqMove move_of(const char *coords) {
  JqPosition *pos = g_new(JqPosition, 1);
  jq_game_controller_get_display_view(controller(), pos);
  JqMove move;
  JqError err = {{0}};
  g_assert_true(jq_notation_parse_coords(pos, coords, &move, NULL, &err));
  g_free(pos);
  return move;
}

static void play(const char *coords) {
  JqMove move = move_of(coords);
  GError *error = NULL;
  g_assert_true(jq_game_controller_play_move(controller(), jq_move_from(move),
                                             jq_move_to(move), &error));
  g_assert_no_error(error);
}

/* The first `n` legal moves of the position shown, as the fake engine
 * lists them. */
static void first_moves(JqMove *out, int n) {
  JqPosition *pos = g_new(JqPosition, 1);
  jq_game_controller_get_display_view(controller(), pos);
  JqMoveList list;
  jq_generate_legal(pos, JQ_GEN_ALL, &list);
  g_assert_cmpint(list.count, >=, n);
  for (int i = 0; i < n; i++)
    out[i] = list.moves[i];
  g_free(pos);
}

/* Ends a test: analysis off, its search over, the built-in analyst. */
static void finish(void) {
  set_analysing(FALSE);
  spin_until(not_searching, NULL, "the analysis to end");
  choose_analyst("");
}

/* The engine's lines, in its order and with its scores; MultiPV as
 * asked; the same lines the built-in analysis shows. */
static void test_lines(void) {
  char *log = new_log("lines.log");
  char *id = add_engine("infinite", log);
  new_game(JQ_VARIANT_XIANGQI);
  choose_analyst(id);
  g_assert_cmpstr(jq_analysis_mode_get_engine_name(mode()), ==, "Fake Engine");
  set_lines(3);
  set_analysing(TRUE);
  wait_rows(3);
  g_assert_cmpuint(log_count(log, "setoption name MultiPV value 3"), ==, 1);
  g_assert_cmpuint(log_count(log, "go infinite"), ==, 1);
  JqMove expected[3];
  first_moves(expected, 3);
  for (guint i = 0; i < 3; i++) {
    const JqAnalysis *line = jq_analysis_mode_get_line(mode(), i);
    g_assert_cmpuint(line->best, ==, expected[i]);
    g_assert_cmpint(line->score, ==, 50 - 10 * (int)i);
    g_assert_cmpint(line->side, ==, JQ_RED);
    g_assert_cmpint(line->depth, >=, 1);
    char *text = jq_analysis_view_get_row_text(view(), i);
    g_assert_nonnull(strstr(text, line->pv));
    g_free(text);
  }
  char *text = jq_analysis_view_get_row_text(view(), 0);
  g_assert_true(g_str_has_prefix(text, "1. Score +0.50"));
  g_free(text);
  finish();
  g_free(id);
  g_free(log);
}

/* A move: "stop", its bestmove, and the new position with its moves;
 * Black's lines. Off: "stop" again and nothing left. */
static void test_restart_and_stop(void) {
  char *log = new_log("restart.log");
  char *id = add_engine("infinite", log);
  new_game(JQ_VARIANT_XIANGQI);
  choose_analyst(id);
  set_lines(2);
  set_analysing(TRUE);
  wait_rows(2);
  g_assert_cmpuint(log_count(log, "stop"), ==, 0);

  play("h2e2");
  g_assert_cmpuint(jq_analysis_view_get_row_count(view()), ==, 0);
  wait_rows(2);
  g_assert_cmpuint(log_count(log, "stop"), ==, 1);
  g_assert_cmpuint(log_count(log, "go infinite"), ==, 2);
  /* As the player does: the game's start and its moves. */
  char *text = read_log(log);
  g_assert_nonnull(strstr(
      text, "position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/"
            "RNBAKABNR w - - 0 1 moves h2e2\n"));
  g_free(text);
  g_assert_cmpint(jq_analysis_mode_get_line(mode(), 0)->side, ==, JQ_BLACK);
  JqMove expected[2];
  first_moves(expected, 2);
  g_assert_cmpuint(jq_analysis_mode_get_line(mode(), 0)->best, ==, expected[0]);

  /* Browsing back: the start again, with no moves. */
  jq_game_controller_browse(controller(), 0);
  wait_log(log, "stop", 2);
  wait_rows(2);
  g_assert_cmpint(jq_analysis_mode_get_line(mode(), 0)->side, ==, JQ_RED);
  jq_game_controller_browse_live(controller());
  wait_rows(2);

  guint stops = log_count(log, "stop");
  set_analysing(FALSE);
  g_assert_cmpuint(jq_analysis_mode_get_line_count(mode()), ==, 0);
  wait_log(log, "stop", stops + 1);
  spin_until(not_searching, NULL, "the analysis to end");
  g_assert_cmpuint(jq_analysis_mode_get_line_count(mode()), ==, 0);
  g_assert_cmpuint(
      jq_window_count_posted_toasts(window(), "built-in computer analyses"), ==,
      0);
  finish();
  g_free(id);
  g_free(log);
}

/* An engine without MultiPV gives one line, however many are asked; one
 * that ends its search by itself is not waited for after "stop". */
static void test_no_multipv(void) {
  char *log = new_log("good.log");
  char *id = add_engine("good", log);
  new_game(JQ_VARIANT_XIANGQI);
  choose_analyst(id);
  set_lines(3);
  set_analysing(TRUE);
  wait_rows(1);
  spin(300);
  g_assert_cmpuint(jq_analysis_mode_get_line_count(mode()), ==, 1);
  g_assert_cmpuint(log_count(log, "setoption name MultiPV value 3"), ==, 0);
  JqMove expected[1];
  first_moves(expected, 1);
  g_assert_cmpuint(jq_analysis_mode_get_line(mode(), 0)->best, ==, expected[0]);
  play("h2e2");
  wait_rows(1);
  g_assert_cmpint(jq_analysis_mode_get_line(mode(), 0)->side, ==, JQ_BLACK);
  g_assert_cmpstr(jq_analysis_mode_get_engine_name(mode()), ==, "Fake Engine");
  finish();
  g_free(id);
  g_free(log);
}

/* An engine that does not answer "stop" (`on_move`: when the position
 * changes, else when the analysis is switched off) is killed, the user
 * told, and the built-in AI analyses. */
static void hang_on_stop(gboolean on_move) {
  char *log = new_log(on_move ? "nostop-move.log" : "nostop-off.log");
  char *id = add_engine("nostop", log);
  new_game(JQ_VARIANT_XIANGQI);
  choose_analyst(id);
  jq_analysis_mode_set_engine_grace(mode(), 300);
  set_lines(2);
  set_analysing(TRUE);
  wait_rows(2);
  guint before = failures;
  guint toasts =
      jq_window_count_posted_toasts(window(), "did not stop its analysis");
  if (on_move)
    play("h2e2");
  else
    set_analysing(FALSE);
  spin_until(failed_since, GUINT_TO_POINTER(before), "the failure told");
  g_assert_cmpuint(log_count(log, "stop"), ==, 1);
  g_assert_cmpuint(
      jq_window_count_posted_toasts(window(), "did not stop its analysis"), ==,
      toasts + 1);
  g_assert_null(jq_analysis_mode_get_engine_name(mode()));
  if (!on_move)
    set_analysing(TRUE);
  /* The built-in AI's lines: not the fake's first moves' made-up scores. */
  wait_rows(2);
  g_assert_cmpint(jq_analysis_mode_get_line(mode(), 0)->side, ==,
                  on_move ? JQ_BLACK : JQ_RED);
  g_assert_cmpuint(log_count(log, "go infinite"), ==, 1);
  jq_analysis_mode_set_engine_grace(mode(), JQ_ANALYSIS_MODE_ENGINE_GRACE_MS);
  finish();
  g_free(id);
  g_free(log);
}

static void test_hang_on_move(void) { hang_on_stop(TRUE); }
static void test_hang_on_off(void) { hang_on_stop(FALSE); }

/* An engine that dies at its first search: told, the built-in AI. */
static void test_crash(void) {
  char *log = new_log("crash.log");
  char *id = add_engine("crash 0", log);
  new_game(JQ_VARIANT_XIANGQI);
  choose_analyst(id);
  set_lines(1);
  guint before = failures;
  set_analysing(TRUE);
  spin_until(failed_since, GUINT_TO_POINTER(before), "the failure told");
  g_assert_cmpuint(
      jq_window_count_posted_toasts(window(), "stopped during its analysis"),
      >=, 1);
  wait_rows(1);
  g_assert_null(jq_analysis_mode_get_engine_name(mode()));
  /* Chosen again, it is tried again. */
  choose_analyst("");
  choose_analyst(id);
  g_assert_cmpstr(jq_analysis_mode_get_engine_name(mode()), ==, "Fake Engine");
  finish();
  g_free(id);
  g_free(log);
}

/* An id no longer in the list: the built-in AI, no crash; Preferences
 * shows the built-in computer. */
static void test_stale_id(void) {
  char *log = new_log("stale.log");
  char *id = add_engine("infinite", log);
  choose_analyst(id);
  g_assert_true(jq_engine_list_remove(jq_engine_list_get_default(), id));
  new_game(JQ_VARIANT_XIANGQI);
  g_assert_null(jq_game_controller_get_analysis_engine(controller()));
  g_assert_null(jq_analysis_mode_get_engine_name(mode()));
  set_lines(1);
  set_analysing(TRUE);
  wait_rows(1);
  g_assert_cmpuint(log_count(log, "go infinite"), ==, 0);

  g_action_group_activate_action(G_ACTION_GROUP(t.app), "preferences", NULL);
  spin(50);
  JqPreferencesWindow *prefs = NULL;
  GListModel *list = gtk_window_get_toplevels();
  for (guint i = 0; i < g_list_model_get_n_items(list); i++) {
    GtkWindow *w = g_list_model_get_item(list, i);
    if (JQ_IS_PREFERENCES_WINDOW(w) && gtk_widget_get_visible(GTK_WIDGET(w)))
      prefs = JQ_PREFERENCES_WINDOW(w);
    g_object_unref(w);
  }
  g_assert_nonnull(prefs);
  AdwComboRow *row =
      ADW_COMBO_ROW(jq_preferences_window_get_editor(prefs, "analysis-engine"));
  g_assert_cmpuint(adw_combo_row_get_selected(row), ==, 0);
  GtkStringObject *item = adw_combo_row_get_selected_item(row);
  g_assert_cmpstr(gtk_string_object_get_string(item), ==, "Built-in Computer");
  /* The stored id stays as it was until the user picks another. */
  char *stored = g_settings_get_string(settings(), "analysis-engine");
  g_assert_cmpstr(stored, ==, id);
  g_free(stored);
  gtk_window_destroy(GTK_WINDOW(prefs));
  spin(30);
  finish();
  g_free(id);
  g_free(log);
}

/* Preferences lists the built-in computer and each engine; choosing one
 * there sets the key. */
static void test_preferences_row(void) {
  char *log = new_log("prefs.log");
  char *id = add_engine("infinite", log);
  g_action_group_activate_action(G_ACTION_GROUP(t.app), "preferences", NULL);
  spin(50);
  JqPreferencesWindow *prefs = NULL;
  GListModel *list = gtk_window_get_toplevels();
  for (guint i = 0; i < g_list_model_get_n_items(list); i++) {
    GtkWindow *w = g_list_model_get_item(list, i);
    if (JQ_IS_PREFERENCES_WINDOW(w) && gtk_widget_get_visible(GTK_WIDGET(w)))
      prefs = JQ_PREFERENCES_WINDOW(w);
    g_object_unref(w);
  }
  g_assert_nonnull(prefs);
  AdwComboRow *row =
      ADW_COMBO_ROW(jq_preferences_window_get_editor(prefs, "analysis-engine"));
  GListModel *model = adw_combo_row_get_model(row);
  guint n = g_list_model_get_n_items(model);
  g_assert_cmpuint(n, ==,
                   jq_engine_list_count(jq_engine_list_get_default()) + 1);
  guint last = n - 1;
  adw_combo_row_set_selected(row, last);
  char *stored = g_settings_get_string(settings(), "analysis-engine");
  g_assert_cmpstr(stored, ==, id);
  g_free(stored);
  g_assert_cmpstr(jq_game_controller_get_analysis_engine_id(controller()), ==,
                  id);
  adw_combo_row_set_selected(row, 0);
  stored = g_settings_get_string(settings(), "analysis-engine");
  g_assert_cmpstr(stored, ==, "");
  g_free(stored);
  gtk_window_destroy(GTK_WINDOW(prefs));
  spin(30);
  g_free(id);
  g_free(log);
}

/* Jieqi: an engine without jieqi is not used; one with it gets the side's
 * view in the JieqiBox dialect. */
static void test_jieqi(void) {
  char *log = new_log("xiangqi-only.log");
  char *id = add_engine("infinite", log);
  new_game(JQ_VARIANT_JIEQI);
  choose_analyst(id);
  g_assert_null(jq_game_controller_get_analysis_engine(controller()));
  g_assert_null(jq_analysis_mode_get_engine_name(mode()));
  set_lines(1);
  set_analysing(TRUE);
  wait_rows(1);
  g_assert_cmpuint(log_count(log, "go infinite"), ==, 0);
  finish();

  char *jlog = new_log("jieqi.log");
  char *jid = add_engine("infinite --jieqi", jlog);
  choose_analyst(jid);
  g_assert_cmpstr(jq_analysis_mode_get_engine_name(mode()), ==, "Fake Engine");
  set_analysing(TRUE);
  wait_rows(1);
  g_assert_cmpuint(log_count(jlog, "setoption name UCI_Variant value jieqi"),
                   ==, 1);
  JqPosition *pos = g_new(JqPosition, 1);
  jq_game_controller_get_display_view(controller(), pos);
  char fen[JQ_FEN_MAX];
  jq_fen_write(pos, JQ_FEN_JIEQIBOX, fen, sizeof fen);
  char *line = g_strdup_printf("position fen %s", fen);
  g_assert_cmpuint(log_count(jlog, line), ==, 1);
  g_free(line);
  g_free(pos);
  finish();
  g_free(id);
  g_free(log);
  g_free(jid);
  g_free(jlog);
}

static JqMove hint_move;
static gboolean hint_came;

static void on_hint(JqGameController *c, guint move, gpointer data) {
  hint_move = (JqMove)move;
  hint_came = TRUE;
}

static gboolean got_hint(gpointer data) { return hint_came; }

static void ask_hint(void) {
  hint_came = FALSE;
  GError *error = NULL;
  g_assert_true(jq_game_controller_request_hint(controller(), &error));
  g_assert_no_error(error);
  spin_until(got_hint, NULL, "the hint");
}

/* The hint is the analysis engine's ("go movetime" of the thinking
 * time); after a failure the built-in AI's, the user told. */
static void test_hint(void) {
  gulong handler =
      g_signal_connect(controller(), "hint", G_CALLBACK(on_hint), NULL);
  g_settings_set_int(settings(), "think-time-ms", 300);
  char *log = new_log("hint.log");
  char *id = add_engine("good", log);
  new_game(JQ_VARIANT_XIANGQI);
  choose_analyst(id);
  ask_hint();
  JqMove expected[1];
  first_moves(expected, 1);
  g_assert_cmpuint(hint_move, ==, expected[0]);
  g_assert_cmpuint(log_count(log, "go movetime 300"), ==, 1);

  char *hang_log = new_log("hint-hang.log");
  char *hang_id = add_engine("hang", hang_log);
  choose_analyst(hang_id);
  guint told = jq_window_count_posted_toasts(window(), "gave no move");
  ask_hint();
  g_assert_cmpuint(log_count(hang_log, "go movetime 300"), ==, 1);
  g_assert_cmpuint(jq_window_count_posted_toasts(window(), "gave no move"), ==,
                   told + 1);
  JqPosition *pos = g_new(JqPosition, 1);
  jq_game_controller_get_display_view(controller(), pos);
  g_assert_true(jq_position_is_legal(pos, hint_move));
  g_free(pos);
  g_signal_handler_disconnect(controller(), handler);
  choose_analyst("");
  g_free(id);
  g_free(log);
  g_free(hang_id);
  g_free(hang_log);
}

/* Fairy-Stockfish analyses the xiangqi start, in its rank numbering. */
static void test_fairy_stockfish(void) {
  if (!g_file_test(JQ_FAIRY_STOCKFISH_PATH, G_FILE_TEST_IS_EXECUTABLE)) {
    g_test_skip("Fairy-Stockfish is not installed (" JQ_FAIRY_STOCKFISH_PATH
                "; Debian's fairy-stockfish package)");
    return;
  }
  GError *error = NULL;
  JqEngine *engine = jq_engine_probe(JQ_FAIRY_STOCKFISH_PATH, &error);
  g_assert_no_error(error);
  char *id = g_strdup(jq_engine_list_add(jq_engine_list_get_default(), engine));
  new_game(JQ_VARIANT_XIANGQI);
  choose_analyst(id);
  g_assert_nonnull(jq_analysis_mode_get_engine_name(mode()));
  set_lines(2);
  guint before = failures;
  set_analysing(TRUE);
  wait_rows(2);
  JqPosition *pos = g_new(JqPosition, 1);
  jq_game_controller_get_display_view(controller(), pos);
  for (guint i = 0; i < 2; i++) {
    const JqAnalysis *line = jq_analysis_mode_get_line(mode(), i);
    g_assert_true(jq_position_is_legal(pos, line->best));
    g_assert_cmpstr(line->pv, !=, "");
  }
  g_assert_cmpuint(jq_analysis_mode_get_line(mode(), 0)->best, !=,
                   jq_analysis_mode_get_line(mode(), 1)->best);
  /* A move, then off: it stops when asked. */
  play("h2e2");
  wait_rows(2);
  jq_game_controller_get_display_view(controller(), pos);
  g_assert_true(
      jq_position_is_legal(pos, jq_analysis_mode_get_line(mode(), 0)->best));
  g_free(pos);
  finish();
  g_assert_cmpuint(failures, ==, before);
  g_free(id);
}

int main(int argc, char **argv) {
  jq_test_app_start(&t, &argc, &argv, "analyst");
  log_dir = g_dir_make_tmp("jieqi-analyst-XXXXXX", NULL);
  g_assert_nonnull(log_dir);
  g_signal_connect(mode(), "failed", G_CALLBACK(on_failed), NULL);
  g_test_add_func("/app/analyst/lines", test_lines);
  g_test_add_func("/app/analyst/restart-and-stop", test_restart_and_stop);
  g_test_add_func("/app/analyst/no-multipv", test_no_multipv);
  g_test_add_func("/app/analyst/hang-on-move", test_hang_on_move);
  g_test_add_func("/app/analyst/hang-on-off", test_hang_on_off);
  g_test_add_func("/app/analyst/crash", test_crash);
  g_test_add_func("/app/analyst/stale-id", test_stale_id);
  g_test_add_func("/app/analyst/preferences-row", test_preferences_row);
  g_test_add_func("/app/analyst/jieqi", test_jieqi);
  g_test_add_func("/app/analyst/hint", test_hint);
  g_test_add_func("/app/analyst/fairy-stockfish", test_fairy_stockfish);
  int status = g_test_run();
  jq_test_app_finish(&t);
  char *rm = g_strdup_printf("rm -rf %s", log_dir);
  (void)!system(rm);
  g_free(rm);
  g_free(log_dir);
  return status;
}
