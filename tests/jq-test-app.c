#include "jq-test-app.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <locale.h>

#include "jq-window.h"

static void remove_tree(const char *path) {
  GDir *dir = g_dir_open(path, 0, NULL);
  if (dir != NULL) {
    for (const char *name; (name = g_dir_read_name(dir)) != NULL;) {
      char *child = g_build_filename(path, name, NULL);
      remove_tree(child);
      g_free(child);
    }
    g_dir_close(dir);
  }
  g_remove(path);
}

void jq_test_app_start(JqTestApp *t, int *argc, char ***argv,
                       const char *name) {
  g_setenv("GTK_A11Y", "test", TRUE);
  g_setenv("GSETTINGS_BACKEND", "memory", TRUE);
  g_setenv("LANGUAGE", "C", TRUE);
  char *pattern = g_strdup_printf("jieqi-test-%s-XXXXXX", name);
  t->home = g_dir_make_tmp(pattern, NULL);
  g_free(pattern);
  g_assert_nonnull(t->home);
  g_setenv("XDG_DATA_HOME", t->home, TRUE);
  g_setenv("XDG_CONFIG_HOME", t->home, TRUE);
  g_setenv("XDG_CACHE_HOME", t->home, TRUE);
  gtk_test_init(argc, argv, NULL);

  const char *localedir = g_getenv("JIEQI_LOCALEDIR");
  g_assert_nonnull(localedir);
  bindtextdomain("jieqi", localedir);
  bind_textdomain_codeset("jieqi", "UTF-8");
  textdomain("jieqi");
  g_assert_nonnull(setlocale(LC_MESSAGES, "C.UTF-8"));

  t->app = jq_application_new();
  GError *error = NULL;
  g_assert_true(g_application_register(G_APPLICATION(t->app), NULL, &error));
  g_assert_no_error(error);
  g_application_activate(G_APPLICATION(t->app));
  t->window = gtk_application_get_active_window(GTK_APPLICATION(t->app));
  g_assert_true(JQ_IS_WINDOW(t->window));
}

void jq_test_app_finish(JqTestApp *t) {
  g_action_group_activate_action(G_ACTION_GROUP(t->app), "quit", NULL);
  /* Let the window close before the app goes. */
  gint64 end = g_get_monotonic_time() + 50 * 1000;
  while (g_get_monotonic_time() < end)
    g_main_context_iteration(NULL, FALSE);
  g_object_unref(t->app);
  remove_tree(t->home);
  g_free(t->home);
}
