/* The Help window under a virtual display: the app's "help" action (F1,
 * the main menu, the Keyboard Shortcuts window) opens the jieqi guide,
 * one window however often it is asked for, with the guide's headings and
 * paragraphs formatted; and in simplified and traditional Chinese the
 * whole guide is Chinese, in that language's own characters. */
#include <locale.h>
#include <string.h>

#include <glib/gi18n.h>

#include <glib/gstdio.h>

#include "jq-application.h"
#include "jq-guide-text.h"
#include "jq-help-window.h"
#include "jq-test-app.h"
#include "jq-window.h"

static JqApplication *app;
static GtkWindow *window;

/* glibc's count of message catalogs: raised, it forgets the translations
 * it found, so a change of LANGUAGE takes effect. */
extern int _nl_msg_cat_cntr;

static void use_language(const char *language) {
  g_setenv("LANGUAGE", language, TRUE);
  ++_nl_msg_cat_cntr;
}

static void spin(guint ms) {
  gint64 end = g_get_monotonic_time() + ms * 1000;
  while (g_get_monotonic_time() < end)
    g_main_context_iteration(NULL, FALSE);
}

/* The help windows on show. */
static GList *help_windows(void) {
  GList *found = NULL;
  GListModel *list = gtk_window_get_toplevels();
  for (guint i = 0; i < g_list_model_get_n_items(list); i++) {
    GtkWindow *w = g_list_model_get_item(list, i);
    if (JQ_IS_HELP_WINDOW(w) && gtk_widget_get_visible(GTK_WIDGET(w)))
      found = g_list_prepend(found, w);
    g_object_unref(w);
  }
  return found;
}

static JqHelpWindow *open_help(void) {
  g_action_group_activate_action(G_ACTION_GROUP(app), "help", NULL);
  spin(50);
  GList *open = help_windows();
  g_assert_cmpuint(g_list_length(open), ==, 1);
  JqHelpWindow *help = open->data;
  g_list_free(open);
  return help;
}

static void close_help(void) {
  GList *open = help_windows();
  for (GList *l = open; l; l = l->next)
    gtk_window_destroy(l->data);
  g_list_free(open);
  spin(20);
}

static void collect_labels(GtkWidget *widget, GPtrArray *out) {
  if (GTK_IS_LABEL(widget) && gtk_widget_get_visible(widget))
    g_ptr_array_add(out, widget);
  for (GtkWidget *c = gtk_widget_get_first_child(widget); c != NULL;
       c = gtk_widget_get_next_sibling(c))
    collect_labels(c, out);
}

/* The labels of the guide's page, in order (the header bar's title and
 * any other label outside the scrolled page left out). */
static GPtrArray *page_labels(JqHelpWindow *help) {
  GtkWidget *content = adw_window_get_content(ADW_WINDOW(help));
  GtkWidget *scrolled = gtk_widget_get_last_child(content);
  g_assert_true(GTK_IS_SCROLLED_WINDOW(scrolled));
  GPtrArray *labels = g_ptr_array_new();
  collect_labels(scrolled, labels);
  return labels;
}

/* The guide's words as shown: every label's text, one a line. */
static char *shown_text(JqHelpWindow *help) {
  GPtrArray *labels = page_labels(help);
  GString *text = g_string_new(NULL);
  for (guint i = 0; i < labels->len; i++)
    g_string_append_printf(text, "%s\n",
                           gtk_label_get_text(GTK_LABEL(labels->pdata[i])));
  g_ptr_array_unref(labels);
  return g_string_free(text, FALSE);
}

/* ---- the action opens the guide ---- */

static void test_opens(void) {
  JqHelpWindow *help = open_help();
  g_assert_true(gtk_window_get_transient_for(GTK_WINDOW(help)) == window);
  g_assert_false(gtk_window_get_modal(GTK_WINDOW(help)));
  g_assert_cmpstr(gtk_window_get_title(GTK_WINDOW(help)), ==, "Jieqi Guide");

  /* Asked again: the same window, not a second one. */
  JqHelpWindow *again = open_help();
  g_assert_true(again == help);

  /* The headings of the parts and of the jieqi rules, styled as
   * headings, in the guide's order. */
  static const char *const headings[] = {
      "Xiangqi in Brief",
      "Jieqi for Newcomers",
      "The Start",
      "Moving a Face-Down Piece",
      "The Reveal",
      "What Both Players Know",
      "Capturing a Face-Down Piece",
      "The End of the Game",
  };
  GPtrArray *labels = page_labels(help);
  gsize n_blocks = 0;
  jq_guide_blocks(&n_blocks);
  g_assert_cmpuint(labels->len, ==, n_blocks);
  gsize next = 0;
  for (guint i = 0; i < labels->len; i++) {
    GtkWidget *label = labels->pdata[i];
    const char *text = gtk_label_get_text(GTK_LABEL(label));
    gboolean styled = gtk_widget_has_css_class(label, "title-2") ||
                      gtk_widget_has_css_class(label, "heading");
    if (next < G_N_ELEMENTS(headings) && strcmp(text, headings[next]) == 0) {
      g_assert_true(styled);
      next++;
    }
    /* Paragraphs wrap; none shows its markup as text. */
    g_assert_true(gtk_label_get_wrap(GTK_LABEL(label)));
    g_assert_null(strchr(text, '<'));
  }
  g_assert_cmpuint(next, ==, G_N_ELEMENTS(headings));
  g_ptr_array_unref(labels);

  /* The rules newcomers get wrong, as the rule book has them. */
  char *text = shown_text(help);
  g_assert_nonnull(strstr(text, "stalemate is a loss, not a draw"));
  g_assert_nonnull(strstr(text, "may leave the palace and cross the river"));
  g_assert_nonnull(strstr(text, "to the centre of the palace"));
  g_assert_nonnull(strstr(text, "a reveal does not restart the count"));
  g_free(text);

  /* The piece names are bold. */
  GPtrArray *all = page_labels(help);
  gboolean bold = FALSE;
  for (guint i = 0; i < all->len; i++)
    bold = bold || g_str_has_prefix(gtk_label_get_label(all->pdata[i]),
                                    "<b>Chariot</b>");
  g_assert_true(bold);
  g_ptr_array_unref(all);
  close_help();
}

/* ---- F1, the menu and the shortcuts window ---- */

static gboolean menu_has_action(GMenuModel *menu, const char *action) {
  for (int i = 0; i < g_menu_model_get_n_items(menu); i++) {
    char *name = NULL;
    if (g_menu_model_get_item_attribute(menu, i, G_MENU_ATTRIBUTE_ACTION, "s",
                                        &name)) {
      gboolean match = g_strcmp0(name, action) == 0;
      g_free(name);
      if (match)
        return TRUE;
    }
    GMenuLinkIter *links = g_menu_model_iterate_item_links(menu, i);
    GMenuModel *sub = NULL;
    while (g_menu_link_iter_get_next(links, NULL, &sub)) {
      gboolean found = menu_has_action(sub, action);
      g_object_unref(sub);
      if (found) {
        g_object_unref(links);
        return TRUE;
      }
    }
    g_object_unref(links);
  }
  return FALSE;
}

static GtkWidget *find_menu_button(GtkWidget *widget) {
  if (GTK_IS_MENU_BUTTON(widget))
    return widget;
  for (GtkWidget *c = gtk_widget_get_first_child(widget); c != NULL;
       c = gtk_widget_get_next_sibling(c)) {
    GtkWidget *found = find_menu_button(c);
    if (found)
      return found;
  }
  return NULL;
}

static gboolean shortcuts_list(GtkWidget *widget, const char *action) {
  if (GTK_IS_SHORTCUTS_SHORTCUT(widget)) {
    char *name = NULL;
    g_object_get(widget, "action-name", &name, NULL);
    gboolean match = g_strcmp0(name, action) == 0;
    g_free(name);
    if (match)
      return TRUE;
  }
  for (GtkWidget *c = gtk_widget_get_first_child(widget); c != NULL;
       c = gtk_widget_get_next_sibling(c))
    if (shortcuts_list(c, action))
      return TRUE;
  return FALSE;
}

static void test_f1(void) {
  /* F1 opens the guide, and nothing else. */
  char **accels =
      gtk_application_get_accels_for_action(GTK_APPLICATION(app), "app.help");
  g_assert_cmpuint(g_strv_length(accels), ==, 1);
  g_assert_cmpstr(accels[0], ==, "F1");
  g_strfreev(accels);
  char **actions =
      gtk_application_get_actions_for_accel(GTK_APPLICATION(app), "F1");
  g_assert_cmpuint(g_strv_length(actions), ==, 1);
  g_assert_cmpstr(actions[0], ==, "app.help");
  g_strfreev(actions);

  /* The main menu has it. */
  GtkWidget *button = find_menu_button(GTK_WIDGET(window));
  g_assert_nonnull(button);
  GMenuModel *menu = gtk_menu_button_get_menu_model(GTK_MENU_BUTTON(button));
  g_assert_nonnull(menu);
  g_assert_true(menu_has_action(menu, "app.help"));

  /* The Keyboard Shortcuts window lists it. */
  g_action_group_activate_action(G_ACTION_GROUP(window), "show-help-overlay",
                                 NULL);
  spin(50);
  GtkWindow *shortcuts = NULL;
  GListModel *list = gtk_window_get_toplevels();
  for (guint i = 0; i < g_list_model_get_n_items(list); i++) {
    GtkWindow *w = g_list_model_get_item(list, i);
    if (GTK_IS_SHORTCUTS_WINDOW(w) && gtk_widget_get_visible(GTK_WIDGET(w)))
      shortcuts = w;
    g_object_unref(w);
  }
  g_assert_nonnull(shortcuts);
  g_assert_true(shortcuts_list(GTK_WIDGET(shortcuts), "app.help"));
  gtk_widget_set_visible(GTK_WIDGET(shortcuts), FALSE);
  spin(20);
}

/* ---- the guide in Chinese ---- */

/* Characters each written only in the other script: none of them may
 * appear in the guide of `script`'s language. */
static void check_chinese(const char *language, const char *other_script) {
  use_language(language);
  g_assert_cmpstr(g_dgettext("jieqi", "Red"), !=, "Red");
  JqHelpWindow *help = open_help();
  g_assert_cmpstr(gtk_window_get_title(GTK_WINDOW(help)), !=, "Jieqi Guide");

  GPtrArray *labels = page_labels(help);
  gsize n = 0;
  const JqGuideBlock *blocks = jq_guide_blocks(&n);
  g_assert_cmpuint(labels->len, ==, n);
  GRegex *english = g_regex_new("[A-Za-z]{2,}", 0, 0, NULL);
  for (guint i = 0; i < labels->len; i++) {
    const char *shown = gtk_label_get_text(GTK_LABEL(labels->pdata[i]));
    g_test_message("%s: %s", language, shown);
    /* Not the English block, and no English word left in it. */
    g_assert_cmpstr(shown, !=, blocks[i].text);
    if (g_regex_match(english, shown, 0, NULL))
      g_error("%s guide block %u has English: %s", language, i, shown);
    g_assert_null(strchr(shown, '<'));
  }
  g_regex_unref(english);
  g_ptr_array_unref(labels);

  char *text = shown_text(help);
  g_assert_nonnull(strstr(text, "揭棋"));
  g_assert_nonnull(strstr(text, "暗子"));
  for (const char *p = other_script; *p; p = g_utf8_next_char(p)) {
    char ch[8] = {0};
    g_unichar_to_utf8(g_utf8_get_char(p), ch);
    if (strstr(text, ch) != NULL)
      g_error("the %s guide has “%s”, a character of the other script",
              language, ch);
  }
  g_free(text);
  close_help();
  use_language("C");
}

/* Everyday characters that differ between the two scripts. */
#define SIMPLIFIED_ONLY "这们个说过对从开时还后会样为动"
#define TRADITIONAL_ONLY "這們個說過對從開時還後會樣為動"

static void test_simplified_chinese(void) {
  check_chinese("zh_CN", TRADITIONAL_ONLY);
}

static void test_traditional_chinese(void) {
  check_chinese("zh_TW", SIMPLIFIED_ONLY);
}

int main(int argc, char **argv) {
  JqTestApp t;
  jq_test_app_start(&t, &argc, &argv, "help");
  app = t.app;
  window = t.window;

  g_test_add_func("/app/help/opens", test_opens);
  g_test_add_func("/app/help/f1", test_f1);
  g_test_add_func("/app/help/simplified-chinese", test_simplified_chinese);
  g_test_add_func("/app/help/traditional-chinese", test_traditional_chinese);
  int status = g_test_run();
  jq_test_app_finish(&t);
  return status;
}
