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

/* Narrower than the side panel, in any language: the row takes the
 * panel's width (hexpand), and a row wider than the panel widened it and
 * so made the board smaller when the analysis came on. */
enum { ROW_CHARS = 16 };

GtkInscription *jq_analysis_row_text_new(guint lines) {
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

void jq_analysis_row_set_text(GtkInscription *text, const char *s) {
  g_return_if_fail(GTK_IS_INSCRIPTION(text));
  if (g_strcmp0(gtk_inscription_get_text(text), s) != 0)
    gtk_inscription_set_text(text, s);
}

void jq_analysis_row_set(JqAnalysisRow *self, const char *figures,
                         const char *line) {
  g_return_if_fail(JQ_IS_ANALYSIS_ROW(self));
  jq_analysis_row_set_text(self->figures, figures);
  jq_analysis_row_set_text(self->line, line);
  /* The tooltip has the whole line: made when asked for, not here. */
}

char *jq_analysis_row_get_tooltip(JqAnalysisRow *self) {
  g_return_val_if_fail(JQ_IS_ANALYSIS_ROW(self), NULL);
  const char *line = gtk_inscription_get_text(self->line);
  /* The whole line, where two lines of the row cannot hold it. */
  if (line != NULL && line[0])
    return g_strdup_printf("%s\n%s", line, _("Click to step through the line"));
  return g_strdup(_("Click to step through the line"));
}

/* Made when the pointer rests on the row: setting a tooltip's text at
 * each report would ask the display server where the pointer is, five
 * rows five times a second. */
static gboolean jq_analysis_row_query_tooltip(GtkWidget *widget, int x, int y,
                                              gboolean keyboard,
                                              GtkTooltip *tooltip) {
  char *text = jq_analysis_row_get_tooltip(JQ_ANALYSIS_ROW(widget));
  gtk_tooltip_set_text(tooltip, text);
  g_free(text);
  return TRUE;
}

static gboolean on_text_query_tooltip(GtkWidget *widget, int x, int y,
                                      gboolean keyboard, GtkTooltip *tooltip,
                                      gpointer data) {
  const char *text = gtk_inscription_get_text(GTK_INSCRIPTION(widget));
  if (text == NULL || !text[0])
    return FALSE;
  gtk_tooltip_set_text(tooltip, text);
  return TRUE;
}

void jq_analysis_row_text_add_tooltip(GtkInscription *text) {
  g_return_if_fail(GTK_IS_INSCRIPTION(text));
  gtk_widget_set_has_tooltip(GTK_WIDGET(text), TRUE);
  g_signal_connect(text, "query-tooltip", G_CALLBACK(on_text_query_tooltip),
                   NULL);
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

static void jq_analysis_row_class_init(JqAnalysisRowClass *klass) {
  GTK_WIDGET_CLASS(klass)->query_tooltip = jq_analysis_row_query_tooltip;
}

static void jq_analysis_row_init(JqAnalysisRow *self) {
  GtkWidget *box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *texts = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2);
  gtk_widget_set_hexpand(texts, TRUE);
  /* The score, the depth and time, the nodes and speed. */
  self->figures = jq_analysis_row_text_new(3);
  gtk_widget_add_css_class(GTK_WIDGET(self->figures), "numeric");
  self->line = jq_analysis_row_text_new(2);
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
  gtk_widget_set_has_tooltip(GTK_WIDGET(self), TRUE);
}
