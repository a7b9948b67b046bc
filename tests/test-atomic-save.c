/* Saving over a file when the disk fills up during the write: the old file
 * survives byte for byte, no temporary file is left behind, and the
 * failure is told (Save As: the error; the autosave: one notice, then a
 * new try at the next move). Runs with tests/jq-enospc-shim.c preloaded,
 * which plays the full disk: tests run as root, so permissions cannot. */
#include <dlfcn.h>
#include <string.h>

#include <glib/gstdio.h>

#include "jq-game-controller-private.h"
#include "jq-game-controller.h"
#include "jq-test-util.h"

typedef void (*ShimSet)(const char *dir, long bytes);
typedef long (*ShimRefused)(void);
static ShimSet shim_set;
static ShimRefused shim_refused;

/* Everything written under dir beyond `bytes` fails with ENOSPC; dir NULL:
 * the disk has room again. */
static void full_disk(const char *dir, long bytes) { shim_set(dir, bytes); }

static void play(JqGameController *c, const char *coords) {
  JqMove m = jq_test_move(coords);
  GError *error = NULL;
  if (!jq_game_controller_play_move(c, jq_move_from(m), jq_move_to(m), &error))
    g_error("%s refused: %s", coords, error->message);
}

static void new_xiangqi(JqGameController *c) {
  JqNewGame setup;
  jq_new_game_init(&setup, JQ_VARIANT_XIANGQI);
  setup.players[JQ_BLACK] = JQ_PLAYER_MODE_HUMAN;
  setup.seed = 1;
  g_assert_true(jq_game_controller_new_game(c, &setup, NULL));
}

static int compare_names(gconstpointer a, gconstpointer b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The names in dir, sorted, joined by blanks. */
static char *list_dir(const char *dir) {
  GDir *d = g_dir_open(dir, 0, NULL);
  g_assert_nonnull(d);
  GPtrArray *names = g_ptr_array_new_with_free_func(g_free);
  const char *name;
  while ((name = g_dir_read_name(d)) != NULL)
    g_ptr_array_add(names, g_strdup(name));
  g_dir_close(d);
  g_ptr_array_sort(names, compare_names);
  g_ptr_array_add(names, NULL);
  char *joined = g_strjoinv(" ", (char **)names->pdata);
  g_ptr_array_unref(names);
  return joined;
}

static void assert_contents(const char *path, const char *want, gsize size) {
  char *text = NULL;
  gsize length = 0;
  g_assert_true(g_file_get_contents(path, &text, &length, NULL));
  g_assert_cmpmem(text, length, want, size);
  g_free(text);
}

/* An earlier file of some size, of bytes the new one does not have. */
static char *old_contents(gsize *size) {
  GString *s = g_string_new(NULL);
  for (int i = 0; i < 300; i++)
    g_string_append_printf(s, "old line %03d\n", i);
  *size = s->len;
  return g_string_free(s, FALSE);
}

static void test_save_as_full_disk(void) {
  char *dir = g_dir_make_tmp("jieqi-full-XXXXXX", NULL);
  char *path = g_build_filename(dir, "game.pgn", NULL);
  gsize old_size;
  char *old = old_contents(&old_size);
  JqGameController *c = jq_game_controller_new_with_autosave("");
  new_xiangqi(c);
  play(c, "h2e2");
  play(c, "h9g7");
  GFile *file = g_file_new_for_path(path);
  /* Full at once, after a byte, within the file, at the very end of it. */
  char *pgn = jq_game_controller_to_pgn(c, JQ_PGN_COORDS);
  const long room[] = {0, 1, 100, (long)strlen(pgn) - 1};
  for (gsize i = 0; i < G_N_ELEMENTS(room); i++) {
    g_assert_true(g_file_set_contents(path, old, (gssize)old_size, NULL));
    long refused = shim_refused();
    full_disk(dir, room[i]);
    GError *error = NULL;
    gboolean ok = jq_game_controller_save_pgn(c, file, JQ_PGN_COORDS, &error);
    full_disk(NULL, 0);
    g_assert_cmpint(shim_refused(), >, refused); /* the disk did fill */
    g_assert_false(ok);
    g_assert_nonnull(error);
    g_test_message("room %ld: %s", room[i], error->message);
    assert_contents(path, old, old_size);
    g_assert_error(error, G_FILE_ERROR, G_FILE_ERROR_NOSPC);
    g_clear_error(&error);
    char *names = list_dir(dir);
    g_assert_cmpstr(names, ==, "game.pgn");
    g_free(names);
  }
  /* With room again it saves. */
  GError *error = NULL;
  g_assert_true(jq_game_controller_save_pgn(c, file, JQ_PGN_COORDS, &error));
  g_assert_no_error(error);
  assert_contents(path, pgn, strlen(pgn));
  g_free(pgn);
  g_object_unref(file);
  g_object_unref(c);
  g_unlink(path);
  g_rmdir(dir);
  g_free(old);
  g_free(path);
  g_free(dir);
}

static void on_notice(JqGameController *c, const char *text, GPtrArray *log) {
  g_ptr_array_add(log, g_strdup(text));
}

/* Runs what the autosave's reports have queued for the main thread. */
static void drain(void) {
  while (g_main_context_iteration(NULL, FALSE))
    ;
}

static void test_autosave_full_disk(void) {
  char *dir = g_dir_make_tmp("jieqi-full-XXXXXX", NULL);
  char *path = g_build_filename(dir, "autosave.pgn", NULL);
  JqGameController *c = jq_game_controller_new_with_autosave(path);
  GPtrArray *notices = g_ptr_array_new_with_free_func(g_free);
  g_signal_connect(c, "notice", G_CALLBACK(on_notice), notices);
  new_xiangqi(c);
  play(c, "h2e2");
  GError *error = NULL;
  g_assert_true(jq_game_controller_flush_autosave(c, &error));
  g_assert_no_error(error);
  gsize old_size;
  char *old = NULL;
  g_assert_true(g_file_get_contents(path, &old, &old_size, NULL));

  /* Each move's write fails: the autosave before them stays whole, and
   * the user hears of it once. */
  full_disk(dir, 40);
  const char *const moves[] = {"h9g7", "h0g2", "i9h9"};
  for (gsize i = 0; i < G_N_ELEMENTS(moves); i++) {
    play(c, moves[i]);
    g_assert_false(jq_game_controller_flush_autosave(c, &error));
    g_assert_error(error, G_FILE_ERROR, G_FILE_ERROR_NOSPC);
    g_clear_error(&error);
    drain();
    assert_contents(path, old, old_size);
    g_assert_cmpuint(notices->len, ==, 1);
  }
  g_test_message("%s", (char *)notices->pdata[0]);
  g_assert_nonnull(strstr(notices->pdata[0], "autosave"));

  /* Room again: the next move is saved, the whole game with it. */
  full_disk(NULL, 0);
  play(c, "i0h0");
  g_assert_true(jq_game_controller_flush_autosave(c, &error));
  g_assert_no_error(error);
  char *pgn = jq_game_controller_to_pgn(c, JQ_PGN_COORDS);
  assert_contents(path, pgn, strlen(pgn));
  g_free(pgn);
  drain();
  g_assert_cmpuint(notices->len, ==, 1);

  /* A new run of failures is told again. */
  full_disk(dir, 0);
  play(c, "b9c7");
  g_assert_false(jq_game_controller_flush_autosave(c, NULL));
  drain();
  g_assert_cmpuint(notices->len, ==, 2);
  /* Once the autosave's worker has given up (it may still be trying
   * after a flush fails), no temporary file is left. */
  g_object_unref(c);
  full_disk(NULL, 0);
  char *names = list_dir(dir);
  g_assert_cmpstr(names, ==, "autosave.pgn");
  g_free(names);

  g_ptr_array_unref(notices);
  g_free(old);
  g_unlink(path);
  g_rmdir(dir);
  g_free(path);
  g_free(dir);
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
  shim_set = (ShimSet)dlsym(RTLD_DEFAULT, "jq_enospc_shim_set");
  shim_refused = (ShimRefused)dlsym(RTLD_DEFAULT, "jq_enospc_shim_refused");
  if (!shim_set || !shim_refused)
    g_error("run with LD_PRELOAD=jq-enospc-shim.so (tests/meson.build)");
  g_test_add_func("/app/files/save-as-full-disk", test_save_as_full_disk);
  g_test_add_func("/app/files/autosave-full-disk", test_autosave_full_disk);
  return g_test_run();
}
