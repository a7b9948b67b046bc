#include "jq-config.h"

#include "jq-application.h"

#include <glib/gi18n.h>

#include "jq-app-settings.h"
#include "jq-engine-list.h"
#include "jq-help-window.h"
#include "jq-net-farewell.h"
#include "jq-software-gl.h"
#include "jq-window.h"

struct _JqApplication {
  AdwApplication parent_instance;
};

G_DEFINE_FINAL_TYPE(JqApplication, jq_application, ADW_TYPE_APPLICATION)

/* The window, made on first need. */
static JqWindow *get_window(JqApplication *self) {
  GtkWindow *window = gtk_application_get_active_window(GTK_APPLICATION(self));
  if (JQ_IS_WINDOW(window))
    return JQ_WINDOW(window);
  for (GList *l = gtk_application_get_windows(GTK_APPLICATION(self)); l;
       l = l->next)
    if (JQ_IS_WINDOW(l->data))
      return l->data;
  return jq_window_new(GTK_APPLICATION(self), NULL);
}

static void new_game_activated(GSimpleAction *action, GVariant *param,
                               gpointer data) {
  JqWindow *window = get_window(data);
  gtk_window_present(GTK_WINDOW(window));
  jq_window_show_new_game(window);
}

static void network_activated(GSimpleAction *action, GVariant *param,
                              gpointer data) {
  JqWindow *window = get_window(data);
  gtk_window_present(GTK_WINDOW(window));
  jq_window_show_net_dialog(window);
}

static void preferences_activated(GSimpleAction *action, GVariant *param,
                                  gpointer data) {
  JqWindow *window = get_window(data);
  gtk_window_present(GTK_WINDOW(window));
  jq_window_show_preferences(window);
}

static void help_activated(GSimpleAction *action, GVariant *param,
                           gpointer data) {
  jq_help_window_show(GTK_WINDOW(get_window(data)));
}

static void about_activated(GSimpleAction *action, GVariant *param,
                            gpointer data) {
  static const char *const developers[] = {"The Jieqi authors", NULL};
  JqWindow *window = get_window(data);
  GtkWidget *about = g_object_new(
      ADW_TYPE_ABOUT_WINDOW, "transient-for", window, "modal", TRUE,
      "application-name", _("Jieqi"), "application-icon", JQ_APP_ID,
      "developer-name", _("The Jieqi authors"), "version", JQ_VERSION,
      "comments",
      _("Play xiangqi, Chinese chess, and jieqi, its variant with the "
        "pieces face down, against the computer or a friend."),
      "website", "https://github.com/jieqi/jieqi", "issue-url",
      "https://github.com/jieqi/jieqi/issues", "license-type",
      GTK_LICENSE_GPL_3_0, "copyright", "© 2025 The Jieqi authors",
      "developers", developers,
      /* TRANSLATORS: your names, one a line, for the About window. */
      "translator-credits", _("translator-credits"), NULL);
  gtk_window_present(GTK_WINDOW(about));
}

/* Closing the windows ends their games' thinking and writes the
 * autosave; then the app ends, once a network game given up on the way
 * has told its peer (a few seconds at most: jq-net-farewell.h). */
static void quit_activated(GSimpleAction *action, GVariant *param,
                           gpointer data) {
  GList *windows =
      g_list_copy(gtk_application_get_windows(GTK_APPLICATION(data)));
  for (GList *l = windows; l; l = l->next)
    gtk_window_destroy(l->data);
  g_list_free(windows);
  if (jq_net_farewell_pending() == 0)
    g_application_quit(G_APPLICATION(data));
}

static const GActionEntry app_actions[] = {
    {"new-game", new_game_activated, NULL, NULL, NULL, {0}},
    {"network", network_activated, NULL, NULL, NULL, {0}},
    {"preferences", preferences_activated, NULL, NULL, NULL, {0}},
    {"help", help_activated, NULL, NULL, NULL, {0}},
    {"about", about_activated, NULL, NULL, NULL, {0}},
    {"quit", quit_activated, NULL, NULL, NULL, {0}},
};

static void set_accels(GtkApplication *app, const char *action,
                       const char *first, const char *second) {
  const char *accels[] = {first, second, NULL};
  gtk_application_set_accels_for_action(app, action, accels);
}

static void jq_application_startup(GApplication *app) {
  G_APPLICATION_CLASS(jq_application_parent_class)->startup(app);
  /* Before any window: GTK picks its renderer for the first. */
  jq_software_gl_fall_back();
  g_action_map_add_action_entries(G_ACTION_MAP(app), app_actions,
                                  G_N_ELEMENTS(app_actions), app);
  GtkApplication *gtk_app = GTK_APPLICATION(app);
  set_accels(gtk_app, "app.new-game", "<Control>n", NULL);
  set_accels(gtk_app, "app.preferences", "<Control>comma", NULL);
  set_accels(gtk_app, "app.quit", "<Control>q", NULL);
  set_accels(gtk_app, "win.undo", "<Control>z", NULL);
  set_accels(gtk_app, "win.redo", "<Control><Shift>z", "<Control>y");
  set_accels(gtk_app, "win.hint", "<Control>h", NULL);
  set_accels(gtk_app, "win.open", "<Control>o", NULL);
  set_accels(gtk_app, "win.save", "<Control>s", NULL);
  set_accels(gtk_app, "win.save-as", "<Control><Shift>s", NULL);
  set_accels(gtk_app, "win.flip-board", "<Control>f", NULL);
  set_accels(gtk_app, "win.set-up-position", "<Control>e", NULL);
  set_accels(gtk_app, "win.review", "<Control>r", NULL);
  set_accels(gtk_app, "win.show-analysis", "<Control>i", NULL);
  set_accels(gtk_app, "win.analyse", "<Control><Shift>a", NULL);
  set_accels(gtk_app, "win.pause", "<Control>p", NULL);
  set_accels(gtk_app, "win.browse-start", "<Alt>Home", NULL);
  set_accels(gtk_app, "win.browse-back", "<Alt>Left", NULL);
  set_accels(gtk_app, "win.browse-forward", "<Alt>Right", NULL);
  set_accels(gtk_app, "win.browse-live", "<Alt>End", NULL);
  set_accels(gtk_app, "win.show-help-overlay", "<Control>question", NULL);
  set_accels(gtk_app, "app.help", "F1", NULL);
  gtk_window_set_default_icon_name(JQ_APP_ID);
  /* The outside engines, read before a window binds its algorithms to
   * them; Debian's Fairy-Stockfish is offered when it is installed. */
  GSettings *settings = jq_app_settings_new();
  JqEngineList *engines = jq_engine_list_get_default();
  jq_engine_list_bind(engines, settings);
  g_object_unref(settings);
  jq_engine_list_offer(engines, JQ_FAIRY_STOCKFISH_PATH);
}

static void jq_application_activate(GApplication *app) {
  gtk_window_present(GTK_WINDOW(get_window(JQ_APPLICATION(app))));
}

static void jq_application_open(GApplication *app, GFile **files, int n_files,
                                const char *hint) {
  JqWindow *window = get_window(JQ_APPLICATION(app));
  gtk_window_present(GTK_WINDOW(window));
  jq_window_ask_open(window, files, n_files);
}

JqApplication *jq_application_new(void) {
  return g_object_new(JQ_TYPE_APPLICATION, "application-id", JQ_APP_ID, "flags",
                      G_APPLICATION_HANDLES_OPEN, NULL);
}

static void jq_application_class_init(JqApplicationClass *klass) {
  GApplicationClass *app_class = G_APPLICATION_CLASS(klass);
  app_class->startup = jq_application_startup;
  app_class->activate = jq_application_activate;
  app_class->open = jq_application_open;
}

static void jq_application_init(JqApplication *self) {}
