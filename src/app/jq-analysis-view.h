/* JqAnalysisView: the analysis pane in the side panel, one place for what
 * the engine thinks. A heading with a switch for analysis mode (the
 * window's win.analyse).
 *
 * Analysis mode off: the computer's own thinking while it plays, and the
 * hint's line, each with its figures ("Black thinks", "Hint for Red");
 * cleared when the position it was about is no longer shown.
 *
 * Analysis mode on (jq-analysis-mode.h does the analysing): the number of
 * lines to show (1..5, the analysis-lines setting) in the heading, then a
 * row per line: "1. Score +0.35 (Red ahead)", the depth and speed,
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
 * says, as many lines as its analysis-lines. Once. */
void jq_analysis_view_set_controller(JqAnalysisView *self,
                                     JqGameController *controller,
                                     GSettings *settings);
JqAnalysisMode *jq_analysis_view_get_mode(JqAnalysisView *self);
/* Analysis mode on (its lines shown) or off (the computer's thinking). */
void jq_analysis_view_set_active(JqAnalysisView *self, gboolean active);
/* The last hint's move as its line writes it, taken (NULL: none since the
 * last take). Free with g_free. */
char *jq_analysis_view_take_hint_text(JqAnalysisView *self);

/* Clicks line `index` (as the user does): the next step of its preview. */
void jq_analysis_view_step(JqAnalysisView *self, guint index);

/* For the tests: the rows showing a line (blank rows kept for a new
 * position's lines are not counted), a row's text (free with g_free), its
 * "Play this move" button, and the lines chooser. */
guint jq_analysis_view_get_row_count(JqAnalysisView *self);
char *jq_analysis_view_get_row_text(JqAnalysisView *self, guint index);
GtkWidget *jq_analysis_view_get_play_button(JqAnalysisView *self, guint index);
GtkSpinButton *jq_analysis_view_get_lines_button(JqAnalysisView *self);
/* Whether the lines show (not the computer's thinking). */
gboolean jq_analysis_view_is_showing_lines(JqAnalysisView *self);

G_END_DECLS
