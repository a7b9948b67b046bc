/* JqAnalysisRow: one line of the analysis pane: its figures ("1. Score
 * +0.35 (Red ahead)", the depth, the speed), its moves in the notation
 * chosen, and a button that plays its first move.
 *
 * A row's size does not depend on its text: three lines of figures and
 * two of moves, each cut with an ellipsis where it is too long. A new
 * report (five a second while analysing) then changes what is drawn, not
 * the side panel's layout, which is what held the main loop up (issue 17,
 * docs/benchmarks.md). The whole line is in the row's tooltip (made when
 * asked for: setting one asks the display server where the pointer is), and
 * clicking the row steps through it on the board. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define JQ_TYPE_ANALYSIS_ROW (jq_analysis_row_get_type())
G_DECLARE_FINAL_TYPE(JqAnalysisRow, jq_analysis_row, JQ, ANALYSIS_ROW,
                     GtkListBoxRow)

JqAnalysisRow *jq_analysis_row_new(void);

/* Shows `figures` (lines separated by "\n") and `line`; text the row
 * already shows is not set again. */
void jq_analysis_row_set(JqAnalysisRow *self, const char *figures,
                         const char *line);

/* The figures, a newline, the line: as set. Free with g_free. */
char *jq_analysis_row_get_text(JqAnalysisRow *self);

GtkWidget *jq_analysis_row_get_play_button(JqAnalysisRow *self);

/* The row's tooltip: the whole line and what a click does. Made only when
 * asked for, not at each report. Free with g_free. */
char *jq_analysis_row_get_tooltip(JqAnalysisRow *self);

/* A text of the rows' kind, `lines` high and as wide as the rows, for the
 * pane's other figures; set with jq_analysis_row_set_text, which leaves
 * text already shown alone. */
GtkInscription *jq_analysis_row_text_new(guint lines);
void jq_analysis_row_set_text(GtkInscription *text, const char *s);
/* The whole text in a tooltip, made when the pointer rests on it. */
void jq_analysis_row_text_add_tooltip(GtkInscription *text);

G_END_DECLS
