/* Outside UCI engines in the app: the engine list (probing, options, the
 * stored form and its refusals) and JqUciPlayer through the game
 * controller, driven by tests/fake-uci-engine.c: a good engine plays, and
 * one that crashes, hangs or sends an illegal move is stopped, the user is
 * told (the notice signal, naming the engine and what happened) and the
 * built-in AI plays on for that side. Fairy-Stockfish plays xiangqi when
 * installed. */
#include <string.h>
#include <sys/resource.h>

#define G_SETTINGS_ENABLE_BACKEND
#include <gio/gsettingsbackend.h>
#include <glib/gstdio.h>

#include "jq-ai-worker.h"
#include "jq-engine-list.h"
#include "jq-game-controller-private.h"
#include "jq-game-controller.h"
#include "jq-movegen.h"
#include "jq-notation.h"
#include "jq-uci-player.h"

static char *fake_command(const char *args) {
  const char *path = g_getenv("FAKE_UCI_ENGINE");
  g_assert_nonnull(path);
  char *quoted = g_shell_quote(path);
  char *command = g_strdup_printf("%s %s", quoted, args);
  g_free(quoted);
  return command;
}

/* The fake engine, probed and added to the default list; its id. */
static char *add_fake(const char *args) {
  char *command = fake_command(args);
  GError *error = NULL;
  JqEngine *engine = jq_engine_probe(command, &error);
  g_assert_no_error(error);
  g_free(command);
  JqEngineList *list = jq_engine_list_get_default();
  return g_strdup(jq_engine_list_add(list, engine));
}

static gboolean wake(gpointer data) { return G_SOURCE_CONTINUE; }

typedef gboolean (*Cond)(gpointer data);

/* Runs the main loop until cond holds; fails after timeout_ms. */
static void run_until(Cond cond, gpointer data, int timeout_ms,
                      const char *what) {
  gint64 start = g_get_monotonic_time();
  guint waker = g_timeout_add(5, wake, NULL);
  while (!cond(data)) {
    if (g_get_monotonic_time() - start > (gint64)timeout_ms * 1000)
      g_error("timed out after %d ms waiting for %s", timeout_ms, what);
    g_main_context_iteration(NULL, TRUE);
  }
  g_source_remove(waker);
}

/* ---- the engine list ---- */

static void test_probe(void) {
  char *command = fake_command("good");
  GError *error = NULL;
  g_autoptr(JqEngine) e = jq_engine_probe(command, &error);
  g_assert_no_error(error);
  g_assert_cmpstr(e->name, ==, "Fake Engine");
  g_assert_cmpstr(e->command, ==, command);
  g_assert_false(e->ranks_from_one);
  const JqEngineOption *hash = jq_engine_find_option(e, "hash");
  g_assert_nonnull(hash);
  g_assert_cmpstr(hash->type, ==, "spin");
  g_assert_cmpstr(hash->default_value, ==, "16");
  g_assert_cmpint(hash->min, ==, 1);
  g_assert_cmpint(hash->max, ==, 1024);
  const JqEngineOption *style = jq_engine_find_option(e, "Style");
  g_assert_cmpstr(style->type, ==, "string");
  g_assert_cmpstr(style->default_value, ==, "solid play");
  g_assert_true(jq_engine_plays(e, JQ_VARIANT_XIANGQI));
  g_assert_false(jq_engine_plays(e, JQ_VARIANT_JIEQI));
  g_free(command);

  command = fake_command("good --jieqi");
  g_autoptr(JqEngine) j = jq_engine_probe(command, &error);
  g_assert_no_error(error);
  g_assert_true(jq_engine_plays(j, JQ_VARIANT_JIEQI));
  g_free(command);

  JqEngine *none = jq_engine_probe("/nonexistent/engine", &error);
  g_assert_null(none);
  g_assert_error(error, JQ_ENGINE_LIST_ERROR, JQ_ENGINE_LIST_ERROR_NO_ENGINE);
  g_assert_nonnull(strstr(error->message, "/nonexistent/engine"));
  g_clear_error(&error);
}

static void test_values(void) {
  g_autoptr(JqEngineList) list = jq_engine_list_new();
  char *command = fake_command("good");
  JqEngine *e = jq_engine_probe(command, NULL);
  g_free(command);
  const char *id = jq_engine_list_add(list, e);
  g_assert_cmpstr(id, ==, "fake-engine");
  /* Xiangqi is set for an engine that offers it. */
  g_assert_cmpstr(g_hash_table_lookup(e->values, "UCI_Variant"), ==, "xiangqi");
  GError *error = NULL;
  g_assert_true(jq_engine_list_set_value(list, id, "Hash", "64", &error));
  g_assert_no_error(error);
  g_assert_false(jq_engine_list_set_value(list, id, "Hash", "4096", &error));
  g_assert_error(error, JQ_ENGINE_LIST_ERROR, JQ_ENGINE_LIST_ERROR_BAD_VALUE);
  g_assert_nonnull(strstr(error->message, "1 to 1024"));
  g_clear_error(&error);
  g_assert_false(jq_engine_list_set_value(list, id, "Ponder", "yes", &error));
  g_clear_error(&error);
  g_assert_false(
      jq_engine_list_set_value(list, id, "UCI_Variant", "shogi", &error));
  g_clear_error(&error);
  g_assert_false(jq_engine_list_set_value(list, id, "Nope", "1", &error));
  g_clear_error(&error);
  g_assert_cmpstr(g_hash_table_lookup(e->values, "Hash"), ==, "64");

  /* The stored form reads back the same. */
  GVariant *stored = g_variant_ref_sink(jq_engine_list_save(list));
  g_autoptr(JqEngineList) again = jq_engine_list_new();
  g_assert_true(jq_engine_list_load(again, stored, &error));
  g_assert_no_error(error);
  const JqEngine *back = jq_engine_list_find(again, id);
  g_assert_nonnull(back);
  g_assert_cmpstr(back->name, ==, "Fake Engine");
  g_assert_cmpstr(g_hash_table_lookup(back->values, "Hash"), ==, "64");
  g_assert_cmpint(jq_engine_find_option(back, "Hash")->max, ==, 1024);
  g_variant_unref(stored);

  g_assert_true(jq_engine_list_remove(list, id));
  g_assert_cmpuint(jq_engine_list_count(list), ==, 0);
  g_assert_false(jq_engine_list_remove(list, id));
}

static void test_bad_stored(void) {
  g_autoptr(JqEngineList) list = jq_engine_list_new();
  GError *error = NULL;
  GVariant *stored = g_variant_ref_sink(g_variant_new_parsed(
      "[{'id': <'good'>, 'name': <'Good'>, 'command': <'/bin/true'>},"
      " {'id': <'nocommand'>, 'name': <'No command'>},"
      " {'id': <'badvalue'>, 'name': <'Bad'>, 'command': <'/bin/true'>,"
      "  'options': <[('Hash', 'spin', '16', 1, 1024, @as [])]>,"
      "  'values': <{'Hash': '99999'}>},"
      " {'id': <'good'>, 'name': <'Twice'>, 'command': <'/bin/true'>},"
      " {'id': <'has:colon'>, 'name': <'X'>, 'command': <'/bin/true'>},"
      " {'id': <'badtype'>, 'name': <'X'>, 'command': <'/bin/true'>,"
      "  'options': <[('Hash', 'slider', '', 0, 1, @as [])]>}]"));
  g_assert_false(jq_engine_list_load(list, stored, &error));
  g_assert_error(error, JQ_ENGINE_LIST_ERROR, JQ_ENGINE_LIST_ERROR_BAD_STORED);
  g_test_message("%s", error->message);
  g_assert_nonnull(strstr(error->message, "entry 2: “nocommand” has no "
                                          "usable “command”"));
  g_assert_nonnull(strstr(error->message, "entry 3: “badvalue”: “Hash” "
                                          "takes a whole number from 1 to "
                                          "1024, not “99999”"));
  g_assert_nonnull(strstr(error->message, "entry 4: “good” is there twice"));
  /* The refusals are listed in one sentence, with one stop at its end. */
  g_assert_nonnull(strstr(error->message, "not “99999”; entry 4"));
  g_assert_null(strstr(error->message, ".;"));
  g_assert_true(g_str_has_suffix(error->message, "“Hash”."));
  g_assert_nonnull(strstr(error->message, "entry 5: it has no usable “id”"));
  g_assert_nonnull(strstr(error->message, "entry 6: “badtype” declares a bad "
                                          "option “Hash”"));
  g_clear_error(&error);
  g_variant_unref(stored);
  /* The good one stays. */
  g_assert_cmpuint(jq_engine_list_count(list), ==, 1);
  g_assert_cmpstr(jq_engine_list_get(list, 0)->name, ==, "Good");

  /* Not a list of dictionaries at all. */
  stored = g_variant_ref_sink(g_variant_new_parsed("['a', 'b']"));
  g_assert_false(jq_engine_list_load(list, stored, &error));
  g_assert_error(error, JQ_ENGINE_LIST_ERROR, JQ_ENGINE_LIST_ERROR_BAD_STORED);
  g_assert_nonnull(strstr(error->message, "not aa{sv}"));
  g_clear_error(&error);
  g_variant_unref(stored);
  g_assert_cmpuint(jq_engine_list_count(list), ==, 0);
}

/* The settings key: a bad stored list is refused with a warning, and an
 * engine added is written back. */
static void test_settings(void) {
  GSettingsBackend *backend = g_memory_settings_backend_new();
  GSettings *settings =
      g_settings_new_with_backend("io.github.jieqi.Jieqi", backend);
  g_autoptr(JqEngineList) list = jq_engine_list_new();
  jq_engine_list_bind(list, settings);
  g_assert_cmpuint(jq_engine_list_count(list), ==, 0);
  char *command = fake_command("good");
  const char *id = jq_engine_list_add(list, jq_engine_probe(command, NULL));
  g_free(command);
  GVariant *v = g_settings_get_value(settings, "engines");
  g_assert_cmpuint(g_variant_n_children(v), ==, 1);
  g_variant_unref(v);
  g_assert_true(jq_engine_list_set_value(list, id, "Ponder", "true", NULL));

  g_test_expect_message("jieqi", G_LOG_LEVEL_WARNING,
                        "*Stored outside engines left out: entry 1: “x” has "
                        "no usable “command”*");
  g_settings_set_value(settings, "engines",
                       g_variant_new_parsed("[{'id': <'x'>}]"));
  g_test_assert_expected_messages();
  g_assert_cmpuint(jq_engine_list_count(list), ==, 0);
  g_object_unref(settings);
  g_object_unref(backend);
}

static gboolean has_engines(gpointer data) {
  return jq_engine_list_count(data) > 0;
}

/* Fairy-Stockfish is offered at start-up until the user removes it; then
 * it stays removed, in this list and in the next start's. */
static void test_offer_removed(void) {
  GSettingsBackend *backend = g_memory_settings_backend_new();
  GSettings *settings =
      g_settings_new_with_backend("io.github.jieqi.Jieqi", backend);
  g_autoptr(JqEngineList) list = jq_engine_list_new();
  jq_engine_list_bind(list, settings);
  g_setenv("FAKE_UCI_NAME", "Fairy-Stockfish 11.1 LB", TRUE);
  const char *path = g_getenv("FAKE_UCI_ENGINE");
  g_assert_false(jq_engine_list_is_offering(list));
  g_assert_true(jq_engine_list_offer(list, path));
  g_assert_true(jq_engine_list_is_offering(list));
  run_until(has_engines, list, 20000, "the offered engine");
  g_assert_false(jq_engine_list_is_offering(list));
  g_unsetenv("FAKE_UCI_NAME");
  const JqEngine *e = jq_engine_list_get(list, 0);
  g_assert_cmpstr(e->name, ==, "Fairy-Stockfish 11.1 LB");
  /* Offered again while it is there: nothing to do. */
  g_assert_cmpstr(e->command, ==, path);
  g_assert_false(jq_engine_list_offer(list, path));
  /* Nor when it is stored quoted, as earlier versions did. */
  char *quoted = g_shell_quote(path);
  GVariant *stored = g_variant_ref_sink(g_variant_new_parsed(
      "[{'id': <'fs'>, 'name': <'Fairy-Stockfish'>, 'command': <%s>}]",
      quoted));
  g_autoptr(JqEngineList) old = jq_engine_list_new();
  g_assert_true(jq_engine_list_load(old, stored, NULL));
  g_assert_false(jq_engine_list_offer(old, path));
  g_variant_unref(stored);
  g_free(quoted);
  g_assert_true(g_settings_get_boolean(settings, "offer-fairy-stockfish"));

  g_assert_true(jq_engine_list_remove(list, e->id));
  g_assert_false(g_settings_get_boolean(settings, "offer-fairy-stockfish"));
  g_assert_false(jq_engine_list_offer(list, path));
  g_autoptr(JqEngineList) next_start = jq_engine_list_new();
  jq_engine_list_bind(next_start, settings);
  g_assert_false(jq_engine_list_offer(next_start, path));
  g_assert_cmpuint(jq_engine_list_count(next_start), ==, 0);
  /* Another engine removed leaves the offer as it is. */
  g_settings_set_boolean(settings, "offer-fairy-stockfish", TRUE);
  char *command = fake_command("good");
  const char *id = jq_engine_list_add(list, jq_engine_probe(command, NULL));
  g_free(command);
  g_assert_true(jq_engine_list_remove(list, id));
  g_assert_true(g_settings_get_boolean(settings, "offer-fairy-stockfish"));
  g_object_unref(settings);
  g_object_unref(backend);
}

static void test_rename(void) {
  g_autoptr(JqEngineList) list = jq_engine_list_new();
  char *command = fake_command("good");
  const char *id = jq_engine_list_add(list, jq_engine_probe(command, NULL));
  g_free(command);
  GError *error = NULL;
  g_assert_true(jq_engine_list_rename(list, id, "  My Engine ", &error));
  g_assert_no_error(error);
  g_assert_cmpstr(jq_engine_list_find(list, id)->name, ==, "My Engine");
  g_assert_false(jq_engine_list_rename(list, id, " ", &error));
  g_assert_error(error, JQ_ENGINE_LIST_ERROR, JQ_ENGINE_LIST_ERROR_BAD_VALUE);
  g_clear_error(&error);
  g_assert_false(jq_engine_list_rename(list, id, "two\nlines", &error));
  g_clear_error(&error);
  g_assert_false(jq_engine_list_rename(list, "nope", "X", &error));
  g_clear_error(&error);
  g_assert_cmpstr(jq_engine_list_find(list, id)->name, ==, "My Engine");
}

/* ---- playing ---- */

typedef struct {
  JqGameController *c;
  int moves;
  GPtrArray *notices;
} Watch;

static void on_notice(JqGameController *c, const char *text, Watch *w) {
  g_ptr_array_add(w->notices, g_strdup(text));
}

static gboolean reached(gpointer data) {
  Watch *w = data;
  return jq_game_controller_get_move_count(w->c) >= w->moves ||
         jq_game_controller_is_over(w->c);
}

static JqGameController *controller_new(Watch *w) {
  JqGameController *c = jq_game_controller_new_with_autosave("");
  jq_game_controller_set_think_time(c, 200);
  w->c = c;
  w->notices = g_ptr_array_new_with_free_func(g_free);
  g_signal_connect(c, "notice", G_CALLBACK(on_notice), w);
  return c;
}

/* Red is the outside engine `id`, Black the built-in random mover. */
static void start(JqGameController *c, JqVariant variant, const char *id) {
  char *algorithm = jq_engine_list_algorithm(id);
  JqNewGame setup;
  jq_new_game_init(&setup, variant);
  setup.players[JQ_RED] = JQ_PLAYER_MODE_COMPUTER;
  setup.players[JQ_BLACK] = JQ_PLAYER_MODE_COMPUTER;
  setup.side_algorithm[JQ_RED] = algorithm;
  setup.side_algorithm[JQ_BLACK] = "random";
  setup.seed = 7;
  GError *error = NULL;
  g_assert_true(jq_game_controller_new_game(c, &setup, &error));
  g_assert_no_error(error);
  g_free(algorithm);
}

static void finish(Watch *w) {
  g_ptr_array_unref(w->notices);
  g_object_unref(w->c);
}

static void test_good(void) {
  g_autofree char *log = g_build_filename(g_get_tmp_dir(), "good.log", NULL);
  g_setenv("FAKE_UCI_LOG", log, TRUE);
  g_autofree char *id = add_fake("good");
  g_assert_true(jq_engine_list_set_value(jq_engine_list_get_default(), id,
                                         "Hash", "64", NULL));
  Watch w = {.moves = 6};
  JqGameController *c = controller_new(&w);
  start(c, JQ_VARIANT_XIANGQI, id);
  run_until(reached, &w, 20000, "six moves");
  g_assert_cmpuint(w.notices->len, ==, 0);
  g_assert_false(jq_uci_player_is_replaced(c->outside[JQ_RED]));
  /* The engine's moves are its first legal move each time. */
  const JqGame *game = jq_game_controller_get_game(c);
  JqPosition pos = *jq_game_initial(game);
  for (int i = 0; i < 6; i += 2) {
    JqMoveList list;
    jq_generate_legal(&pos, JQ_GEN_ALL, &list);
    g_assert_cmpuint(jq_game_move_at(game, i).move, ==, list.moves[0]);
    jq_position_make_move(&pos, jq_game_move_at(game, i).move, JQ_REVEAL_NONE);
    jq_position_make_move(&pos, jq_game_move_at(game, i + 1).move,
                          JQ_REVEAL_NONE);
  }
  /* Its third turn: the start and the four moves before it, so that it
   * sees repetitions. */
  GString *third = g_string_new("position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/"
                                "9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 "
                                "moves");
  for (int i = 0; i < 4; i++) {
    char text[JQ_COORDS_MAX];
    jq_move_to_coords(jq_game_move_at(game, i).move, text);
    g_string_append_printf(third, " %s", text);
  }
  g_string_append_c(third, '\n');
  finish(&w);
  g_unsetenv("FAKE_UCI_LOG");
  g_autofree char *text = NULL;
  /* The engine quits in the player's thread: give it a moment. */
  for (int i = 0; i < 200; i++) {
    g_free(text);
    g_assert_true(g_file_get_contents(log, &text, NULL, NULL));
    if (strstr(text, "quit"))
      break;
    g_usleep(10000);
  }
  g_assert_nonnull(strstr(text, "setoption name Hash value 64\n"));
  g_assert_nonnull(strstr(text, "setoption name UCI_Variant value xiangqi\n"));
  g_assert_nonnull(strstr(text, "position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/"
                                "9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\n"));
  g_assert_nonnull(strstr(text, "go movetime 200\n"));
  if (!strstr(text, third->str))
    g_error("the engine was not sent “%s”; it read:\n%s", third->str, text);
  g_string_free(third, TRUE);
  g_assert_nonnull(strstr(text, "quit"));
  jq_engine_list_remove(jq_engine_list_get_default(), id);
}

/* The engine's talk thread, and the engine it starts, run below the
 * window's priority, so that the window gets a CPU first. */
static void note_niceness(gpointer data) {
  g_atomic_int_set((gint *)data, getpriority(PRIO_PROCESS, 0));
}

static void test_below_ui(void) {
  int window_nice = getpriority(PRIO_PROCESS, 0);
  /* A run under `nice` starts higher: never lowered below that. */
  int wanted = MAX(window_nice, JQ_AI_WORKER_NICENESS);
  g_autofree char *id = add_fake("good");
  g_autofree char *log = g_build_filename(g_get_tmp_dir(), "below.log", NULL);
  g_unlink(log);
  g_setenv("FAKE_UCI_LOG", log, TRUE);
  gint thread_nice = -100;
  jq_ai_worker_set_started_hook(note_niceness, &thread_nice);
  Watch w = {.moves = 2};
  JqGameController *c = controller_new(&w);
  start(c, JQ_VARIANT_XIANGQI, id);
  run_until(reached, &w, 20000, "two moves");
  finish(&w);
  jq_ai_worker_set_started_hook(NULL, NULL);
  g_unsetenv("FAKE_UCI_LOG");
  if (window_nice < JQ_AI_WORKER_NICENESS)
    g_assert_cmpint(g_atomic_int_get(&thread_nice), >, window_nice);
  g_assert_cmpint(g_atomic_int_get(&thread_nice), ==, wanted);
  g_assert_cmpint(getpriority(PRIO_PROCESS, 0), ==, window_nice);
  g_autofree char *text = NULL;
  g_assert_true(g_file_get_contents(log, &text, NULL, NULL));
  g_autofree char *line = g_strdup_printf("# niceness %d\n", wanted);
  if (!g_str_has_prefix(text, line))
    g_error("the engine did not start at niceness %d; its log:\n%s", wanted,
            text);
  g_unlink(log);
  jq_engine_list_remove(jq_engine_list_get_default(), id);
}

/* A failing engine: told, stopped, and the game goes on. */
static void check_failure(JqVariant variant, const char *args, const char *what,
                          int moves) {
  g_autofree char *id = add_fake(args);
  Watch w = {.moves = moves};
  JqGameController *c = controller_new(&w);
  start(c, variant, id);
  run_until(reached, &w, 20000, "the game to go on");
  g_assert_cmpint(jq_game_controller_get_move_count(c), >=, moves);
  g_assert_cmpuint(w.notices->len, ==, 1);
  const char *notice = g_ptr_array_index(w.notices, 0);
  g_test_message("notice: %s", notice);
  g_assert_nonnull(strstr(notice, "“Fake Engine”"));
  g_assert_nonnull(strstr(notice, what));
  g_assert_nonnull(strstr(notice, "built-in computer plays on"));
  g_assert_true(jq_uci_player_is_replaced(c->outside[JQ_RED]));
  finish(&w);
  jq_engine_list_remove(jq_engine_list_get_default(), id);
}

static void test_crash(void) {
  /* One good move, then it dies at its second. */
  check_failure(JQ_VARIANT_XIANGQI, "crash 1", "stopped during its move", 6);
}

static void test_hang(void) {
  /* 200 ms a move and the grace: told within the bound, game goes on. */
  gint64 start_time = g_get_monotonic_time();
  check_failure(JQ_VARIANT_XIANGQI, "hang", "gave no move within 3.2 seconds",
                4);
  g_assert_cmpint(g_get_monotonic_time() - start_time, <,
                  G_GINT64_CONSTANT(15000000));
}

static void test_illegal(void) {
  check_failure(JQ_VARIANT_XIANGQI, "illegal",
                "sent a move that is not legal: “a0a9”", 4);
}

/* An engine that does not offer jieqi is not made to play it. */
static void test_no_jieqi(void) {
  check_failure(JQ_VARIANT_JIEQI, "good", "does not play jieqi", 4);
}

static void test_jieqi(void) {
  g_autofree char *log = g_build_filename(g_get_tmp_dir(), "jieqi.log", NULL);
  g_setenv("FAKE_UCI_LOG", log, TRUE);
  g_autofree char *id = add_fake("good --jieqi");
  Watch w = {.moves = 6};
  JqGameController *c = controller_new(&w);
  start(c, JQ_VARIANT_JIEQI, id);
  run_until(reached, &w, 20000, "six jieqi moves");
  g_assert_cmpuint(w.notices->len, ==, 0);
  finish(&w);
  g_unsetenv("FAKE_UCI_LOG");
  g_autofree char *text = NULL;
  g_assert_true(g_file_get_contents(log, &text, NULL, NULL));
  g_assert_nonnull(strstr(text, "setoption name UCI_Variant value jieqi\n"));
  /* The JieqiBox dialect: pools and captured pieces. */
  g_assert_nonnull(strstr(text, "position fen xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/"
                                "9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w "
                                "A2B2N2R2C2P5a2b2n2r2c2p5 - 0 1\n"));
  /* The view only, each turn: a list of moves would not say what the
   * reveals turned up. */
  g_assert_null(strstr(text, " moves "));
  jq_engine_list_remove(jq_engine_list_get_default(), id);
}

/* The engine's answer, a move or a failure, reaches the player's signals
 * from the main loop, on its thread: never on the engine's thread, even
 * while no thread runs the main loop (the app between two iterations, a
 * test spinning g_main_context_iteration). Here this thread sleeps outside
 * the main loop until the engine's thread has handed the answer over. */
typedef struct {
  gint posted;
  guint moves, failures, progress;
  GThread *thread; /* where the answer was told */
} Answer;

static void on_posted(gpointer data) {
  g_atomic_int_set(&((Answer *)data)->posted, 1);
}

static void on_answer_move(JqPlayer *player, guint move, Answer *a) {
  a->moves++;
  a->thread = g_thread_self();
}

static void on_answer_failed(JqUciPlayer *player, const char *message,
                             Answer *a) {
  a->failures++;
  a->thread = g_thread_self();
}

static void on_answer_progress(JqPlayer *player, const JqProgress *p,
                               Answer *a) {
  a->progress++;
}

static gboolean answered(gpointer data) {
  Answer *a = data;
  return a->moves + a->failures > 0;
}

static void check_answer_in_main_loop(const char *args, gboolean fails) {
  char *command = fake_command(args);
  GError *error = NULL;
  g_autoptr(JqEngine) engine = jq_engine_probe(command, &error);
  g_assert_no_error(error);
  g_free(command);
  JqUciPlayer *player = jq_uci_player_new(engine);
  Answer a = {0};
  g_signal_connect(player, "move-chosen", G_CALLBACK(on_answer_move), &a);
  g_signal_connect(player, "failed", G_CALLBACK(on_answer_failed), &a);
  g_signal_connect(player, "progress", G_CALLBACK(on_answer_progress), &a);
  jq_uci_player_set_posted_hook(player, on_posted, &a);
  JqPosition pos;
  jq_position_init_start(&pos, JQ_VARIANT_XIANGQI);
  JqTurn turn = {.view = &pos, .game_id = 1, .think_time = 100};
  turn.clock_ms[JQ_RED] = turn.clock_ms[JQ_BLACK] = -1;
  jq_player_take_turn(JQ_PLAYER(player), &turn);
  gint64 end = g_get_monotonic_time() + 20 * G_USEC_PER_SEC;
  while (!g_atomic_int_get(&a.posted)) {
    if (g_get_monotonic_time() > end)
      g_error("timed out after 20000 ms waiting for the engine's answer");
    g_usleep(1000);
  }
  /* Nothing told yet: that is the main loop's to do. */
  g_assert_cmpuint(a.moves, ==, 0);
  g_assert_cmpuint(a.failures, ==, 0);
  g_assert_cmpuint(a.progress, ==, 0);
  run_until(answered, &a, 20000, "the engine's answer");
  g_assert_true(a.thread == g_thread_self());
  g_assert_cmpuint(fails ? a.failures : a.moves, ==, 1);
  g_object_unref(player);
}

static void test_answer_in_main_loop(void) {
  check_answer_in_main_loop("good", FALSE);
  check_answer_in_main_loop("illegal", TRUE);
}

static void test_fairy_stockfish(void) {
  if (!g_file_test(JQ_FAIRY_STOCKFISH_PATH, G_FILE_TEST_IS_EXECUTABLE)) {
    g_test_skip("Fairy-Stockfish is not installed (" JQ_FAIRY_STOCKFISH_PATH
                "; Debian package fairy-stockfish, installed by "
                "build-aux/install-deps.sh test)");
    return;
  }
  GError *error = NULL;
  JqEngine *e = jq_engine_probe(JQ_FAIRY_STOCKFISH_PATH, &error);
  g_assert_no_error(error);
  g_assert_true(e->ranks_from_one);
  g_assert_true(jq_engine_plays(e, JQ_VARIANT_XIANGQI));
  g_autofree char *id =
      g_strdup(jq_engine_list_add(jq_engine_list_get_default(), e));
  g_assert_cmpstr(id, ==, "fairy-stockfish");
  Watch w = {.moves = 6};
  JqGameController *c = controller_new(&w);
  start(c, JQ_VARIANT_XIANGQI, id);
  run_until(reached, &w, 30000, "six moves with Fairy-Stockfish");
  /* Its moves came back in our numbering: a move it numbered from 1 read
   * as ours from 0 would have been refused (or a different move). */
  g_assert_cmpuint(w.notices->len, ==, 0);
  g_assert_false(jq_uci_player_is_replaced(c->outside[JQ_RED]));
  finish(&w);
  jq_engine_list_remove(jq_engine_list_get_default(), id);
}

int main(int argc, char **argv) {
  g_setenv("GSETTINGS_BACKEND", "memory", TRUE);
  g_test_init(&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
  g_test_add_func("/app/engines/probe", test_probe);
  g_test_add_func("/app/engines/below-ui", test_below_ui);
  g_test_add_func("/app/engines/values", test_values);
  g_test_add_func("/app/engines/bad-stored", test_bad_stored);
  g_test_add_func("/app/engines/settings", test_settings);
  g_test_add_func("/app/engines/offer-removed", test_offer_removed);
  g_test_add_func("/app/engines/rename", test_rename);
  g_test_add_func("/app/engines/good", test_good);
  g_test_add_func("/app/engines/crash", test_crash);
  g_test_add_func("/app/engines/hang", test_hang);
  g_test_add_func("/app/engines/illegal", test_illegal);
  g_test_add_func("/app/engines/no-jieqi", test_no_jieqi);
  g_test_add_func("/app/engines/jieqi", test_jieqi);
  g_test_add_func("/app/engines/answer-in-main-loop", test_answer_in_main_loop);
  g_test_add_func("/app/engines/fairy-stockfish", test_fairy_stockfish);
  return g_test_run();
}
