#include "jq-config.h"

#include "jq-help-window.h"

#include <glib/gi18n.h>

#include "jq-guide-text.h"

struct _JqHelpWindow {
  AdwWindow parent_instance;
};

G_DEFINE_FINAL_TYPE(JqHelpWindow, jq_help_window, ADW_TYPE_WINDOW)

/* A paragraph's markup as the label takes it. A translation with broken
 * markup is shown as plain text rather than not at all. */
static void set_paragraph(GtkLabel *label, const char *markup) {
  GError *error = NULL;
  if (pango_parse_markup(markup, -1, 0, NULL, NULL, NULL, &error)) {
    gtk_label_set_markup(label, markup);
    return;
  }
  g_warning("guide paragraph shown as plain text (%s): %s", error->message,
            markup);
  g_error_free(error);
  gtk_label_set_text(label, markup);
}

static GtkWidget *block_label(const JqGuideBlock *block) {
  gboolean heading = block->kind != JQ_GUIDE_PARAGRAPH;
  GtkWidget *label = g_object_new(
      GTK_TYPE_LABEL, "accessible-role",
      heading ? GTK_ACCESSIBLE_ROLE_HEADING : GTK_ACCESSIBLE_ROLE_LABEL, NULL);
  GtkLabel *l = GTK_LABEL(label);
  gtk_label_set_wrap(l, TRUE);
  gtk_label_set_wrap_mode(l, PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign(l, 0);
  gtk_widget_set_halign(label, GTK_ALIGN_FILL);
  const char *text = jq_guide_block_text(block);
  switch (block->kind) {
  case JQ_GUIDE_SECTION:
    gtk_label_set_text(l, text);
    gtk_widget_add_css_class(label, "title-2");
    gtk_widget_set_margin_top(label, 18);
    break;
  case JQ_GUIDE_TOPIC:
    gtk_label_set_text(l, text);
    gtk_widget_add_css_class(label, "heading");
    gtk_widget_set_margin_top(label, 6);
    break;
  case JQ_GUIDE_PARAGRAPH: set_paragraph(l, text); break;
  }
  return label;
}

static void jq_help_window_class_init(JqHelpWindowClass *klass) {
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
  gtk_widget_class_add_binding_action(widget_class, GDK_KEY_Escape, 0,
                                      "window.close", NULL);
}

static void jq_help_window_init(JqHelpWindow *self) {
  gtk_window_set_title(GTK_WINDOW(self), _("Jieqi Guide"));
  gtk_window_set_default_size(GTK_WINDOW(self), 620, 720);

  GtkWidget *page = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12);
  gsize n = 0;
  const JqGuideBlock *blocks = jq_guide_blocks(&n);
  for (gsize i = 0; i < n; i++)
    gtk_box_append(GTK_BOX(page), block_label(&blocks[i]));
  gtk_widget_set_margin_top(page, 6);
  gtk_widget_set_margin_bottom(page, 24);
  gtk_widget_set_margin_start(page, 18);
  gtk_widget_set_margin_end(page, 18);

  /* Lines of a readable length however wide the window. */
  GtkWidget *clamp = adw_clamp_new();
  adw_clamp_set_maximum_size(ADW_CLAMP(clamp), 640);
  adw_clamp_set_child(ADW_CLAMP(clamp), page);

  GtkWidget *scrolled = gtk_scrolled_window_new();
  gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(scrolled),
                                 GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scrolled), clamp);
  gtk_widget_set_vexpand(scrolled, TRUE);

  GtkWidget *content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
  gtk_box_append(GTK_BOX(content), adw_header_bar_new());
  gtk_box_append(GTK_BOX(content), scrolled);
  adw_window_set_content(ADW_WINDOW(self), content);
}

JqHelpWindow *jq_help_window_show(GtkWindow *parent) {
  g_return_val_if_fail(GTK_IS_WINDOW(parent), NULL);
  GtkApplication *app = gtk_window_get_application(parent);
  JqHelpWindow *help = NULL;
  for (GList *l = app ? gtk_application_get_windows(app) : NULL; l && !help;
       l = l->next)
    if (JQ_IS_HELP_WINDOW(l->data))
      help = l->data;
  if (help == NULL) {
    help = g_object_new(JQ_TYPE_HELP_WINDOW, "transient-for", parent,
                        "destroy-with-parent", TRUE, NULL);
    if (app != NULL)
      gtk_window_set_application(GTK_WINDOW(help), app);
  }
  gtk_window_present(GTK_WINDOW(help));
  return help;
}
