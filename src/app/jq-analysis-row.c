#include "jq-config.h"

#include "jq-analysis-row.h"

#include <glib/gi18n.h>

struct _JqAnalysisRow {
  GtkListBoxRow parent_instance;

  /* Inscriptions, not labels: their size comes from their lines and
   * characters, not their text, and new text is only drawn. */
  GtkInscription *figures;
  GtkInscription *line;
  GtkWidget *play;
};

G_DEFINE_FINAL_TYPE(JqAnalysisRow, jq_analysis_row, GTK_TYPE_LIST_BOX_ROW)

/* About as wide as the side panel's other texts. */
enum { ROW_CHARS = 30 };

static GtkInscription *inscription_new(guint lines) {
  GtkInscription *text = GTK_INSCRIPTION(gtk_inscription_new(NULL));
  gtk_inscription_set_min_chars(text, ROW_CHARS);
  gtk_inscription_set_nat_chars(text, ROW_CHARS);
  gtk_inscription_set_min_lines(text, lines);
  gtk_inscription_set_nat_lines(text, lines);
  gtk_inscription_set_wrap_mode(text, PANGO_WRAP_WORD_CHAR);
  gtk_inscription_set_text_overflow(text,
                                    GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_END);
  gtk_inscription_set_xalign(text, 0);
  gtk_widget_set_hexpand(GTK_WIDGET(text), TRUE);
  return text;
}

void jq_analysis_row_set(JqAnalysisRow *self, const char *figures,
                         const char *line) {
  g_return_if_fail(JQ_IS_ANALYSIS_ROW(self));
  if (g_strcmp0(gtk_inscription_get_text(self->figures), figures) != 0)
    gtk_inscription_set_text(self->figures, figures);
  if (g_strcmp0(gtk_inscription_get_text(self->line), line) == 0)
    return;
  gtk_inscription_set_text(self->line, line);
  /* The whole line, where two lines of the row cannot hold it. */
  char *tooltip =
      line != NULL && line[0]
          ? g_strdup_printf("%s\n%s", line, _("Click to step through the line"))
          : g_strdup(_("Click to step through the line"));
  gtk_widget_set_tooltip_text(GTK_WIDGET(self), tooltip);
  g_free(tooltip);
}

static const char *text_of(GtkInscription *text) {
  const char *s = gtk_inscription_get_text(text);
  return s != NULL ? s : "";
}

char *jq_analysis_row_get_text(JqAnalysisRow *self) {
  g_return_val_if_fail(JQ_IS_ANALYSIS_ROW(self), NULL);
  return g_strdup_printf("%s\n%s", text_of(self->figures), text_of(self->line));
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
  /* The score, the depth and time, the nodes and speed. */
  self->figures = inscription_new(3);
  gtk_widget_add_css_class(GTK_WIDGET(self->figures), "numeric");
  self->line = inscription_new(2);
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
