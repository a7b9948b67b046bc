#include "jq-config.h"

#include "jq-analysis-row.h"

#include <glib/gi18n.h>

struct _JqAnalysisRow {
  GtkListBoxRow parent_instance;

  GtkLabel *figures;
  GtkLabel *line;
  GtkWidget *play;
};

G_DEFINE_FINAL_TYPE(JqAnalysisRow, jq_analysis_row, GTK_TYPE_LIST_BOX_ROW)

static GtkWidget *wrapped_label(void) {
  GtkWidget *label = gtk_label_new(NULL);
  gtk_label_set_xalign(GTK_LABEL(label), 0);
  gtk_label_set_wrap(GTK_LABEL(label), TRUE);
  gtk_label_set_wrap_mode(GTK_LABEL(label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars(GTK_LABEL(label), 30);
  return label;
}

void jq_analysis_row_set(JqAnalysisRow *self, const char *figures,
                         const char *line) {
  g_return_if_fail(JQ_IS_ANALYSIS_ROW(self));
  gtk_label_set_label(self->figures, figures);
  gtk_label_set_label(self->line, line);
}

char *jq_analysis_row_get_text(JqAnalysisRow *self) {
  g_return_val_if_fail(JQ_IS_ANALYSIS_ROW(self), NULL);
  return g_strdup_printf("%s\n%s", gtk_label_get_label(self->figures),
                         gtk_label_get_label(self->line));
}

GtkWidget *jq_analysis_row_get_play_button(JqAnalysisRow *self) {
  g_return_val_if_fail(JQ_IS_ANALYSIS_ROW(self), NULL);
  return self->play;
}

JqAnalysisRow *jq_analysis_row_new(void) {
  return g_object_new(JQ_TYPE_ANALYSIS_ROW, NULL);
}

static void jq_analysis_row_class_init(JqAnalysisRowClass *klass) {}

static void jq_analysis_row_init(JqAnalysisRow *self) {
  GtkWidget *box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *texts = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2);
  gtk_widget_set_hexpand(texts, TRUE);
  self->figures = GTK_LABEL(wrapped_label());
  gtk_widget_add_css_class(GTK_WIDGET(self->figures), "numeric");
  self->line = GTK_LABEL(wrapped_label());
  gtk_label_set_lines(self->line, 3);
  gtk_label_set_ellipsize(self->line, PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class(GTK_WIDGET(self->line), "dim-label");
  gtk_box_append(GTK_BOX(texts), GTK_WIDGET(self->figures));
  gtk_box_append(GTK_BOX(texts), GTK_WIDGET(self->line));
  gtk_box_append(GTK_BOX(box), texts);

  self->play = gtk_button_new_from_icon_name("media-playback-start-symbolic");
  gtk_widget_set_tooltip_text(self->play, _("Play this move"));
  gtk_widget_set_valign(self->play, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class(self->play, "flat");
  gtk_box_append(GTK_BOX(box), self->play);

  gtk_list_box_row_set_child(GTK_LIST_BOX_ROW(self), box);
  gtk_widget_set_tooltip_text(GTK_WIDGET(self),
                              _("Click to step through the line"));
}
