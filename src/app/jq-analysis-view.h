/* JqAnalysisView: analysis mode's lines in the side panel (jq-analysis-mode.h
 * does the analysing). A heading with the number of lines to show (1..5),
 * then a row per line: "1. Score +0.35 (Red ahead)", the depth and speed,
 * the line in the notation chosen, and a button that plays the line's
 * first move when it is the human's turn in the live game.
 *
 * Clicking a line steps through it on the board without touching the
 * game: the first click shows its first move as an arrow, each next one
 * plays that move on a copy and shows the next, until the line ends or a
 * face-down piece would move (what it turns up as is not known); one more
 * click, another position analysed, or turning analysis off, ends it.
 *
 * Signal:
 *   preview (gpointer position, guint arrow)  show `position` (a
 *           JqPosition, valid during the emission) with the move `arrow`;
 *           position NULL: show the game again
 */
#pragma once

#include <gtk/gtk.h>

#include "jq-analysis-mode.h"

G_BEGIN_DECLS

#define JQ_TYPE_ANALYSIS_VIEW (jq_analysis_view_get_type())
G_DECLARE_FINAL_TYPE(JqAnalysisView, jq_analysis_view, JQ, ANALYSIS_VIEW,
                     GtkBox)

/* Follows `controller`; scores from the side `settings`' score-perspective
 * says. Once. */
void jq_analysis_view_set_controller(JqAnalysisView *self,
                                     JqGameController *controller,
                                     GSettings *settings);
JqAnalysisMode *jq_analysis_view_get_mode(JqAnalysisView *self);
/* Shown and analysing, or hidden and stopped. */
void jq_analysis_view_set_active(JqAnalysisView *self, gboolean active);

/* Clicks line `index` (as the user does): the next step of its preview. */
void jq_analysis_view_step(JqAnalysisView *self, guint index);

/* For the tests: the rows shown, a row's text (free with g_free), its
 * "Play this move" button, and the lines chooser. */
guint jq_analysis_view_get_row_count(JqAnalysisView *self);
char *jq_analysis_view_get_row_text(JqAnalysisView *self, guint index);
GtkWidget *jq_analysis_view_get_play_button(JqAnalysisView *self, guint index);
GtkSpinButton *jq_analysis_view_get_lines_button(JqAnalysisView *self);

G_END_DECLS
