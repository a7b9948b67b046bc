#include "jq-tooltips.h"

static gboolean on_query_tooltip(GtkWidget *widget, int x, int y,
                                 gboolean keyboard, GtkTooltip *tooltip,
                                 gpointer data) {
  const char *text = gtk_widget_get_tooltip_text(widget);
  if (text == NULL || *text == '\0')
    return FALSE;
  jq_tooltips_set_one_line(tooltip, text);
  return TRUE;
}

void jq_tooltips_set_one_line(GtkTooltip *tooltip, const char *text) {
  g_return_if_fail(GTK_IS_TOOLTIP(tooltip));
  gtk_tooltip_set_custom(tooltip, gtk_label_new(text));
}

void jq_tooltips_keep_on_one_line(GtkWidget *widget) {
  g_return_if_fail(GTK_IS_WIDGET(widget));
  /* Connected before GTK's own handler runs, which would wrap. */
  if (g_signal_handler_find(widget, G_SIGNAL_MATCH_FUNC, 0, 0, NULL,
                            on_query_tooltip, NULL) == 0)
    g_signal_connect(widget, "query-tooltip", G_CALLBACK(on_query_tooltip),
                     NULL);
  for (GtkWidget *child = gtk_widget_get_first_child(widget); child != NULL;
       child = gtk_widget_get_next_sibling(child))
    jq_tooltips_keep_on_one_line(child);
}
