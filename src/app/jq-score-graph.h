/* JqScoreGraph: a reviewed game's scores over its moves, drawn with cairo:
 * Red's score of each position (clamped, jq_review_graph_cp), the zero
 * line, Red's side above it and Black's below, and the position shown
 * marked. Clicking it (or a key on it: Left/Right, Home/End) asks to see
 * the position at that point (::browse); the owner browses and tells the
 * graph which ply is shown.
 *
 * Signal: browse (int ply): show the position after `ply` moves. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define JQ_TYPE_SCORE_GRAPH (jq_score_graph_get_type())
G_DECLARE_FINAL_TYPE(JqScoreGraph, jq_score_graph, JQ, SCORE_GRAPH, GtkWidget)

GtkWidget *jq_score_graph_new(void);

/* The positions 0 to count - 1: Red's score in centipawns of each, where
 * have[i] says it was scored (a gap where not). */
void jq_score_graph_set_scores(JqScoreGraph *self, const int *red_cp,
                               const gboolean *have, int count);
/* Points drawn: the positions scored. */
int jq_score_graph_get_point_count(JqScoreGraph *self);
/* The ply shown, marked on the graph. */
void jq_score_graph_set_current(JqScoreGraph *self, int ply);
int jq_score_graph_get_current(JqScoreGraph *self);

/* Where position `ply` is drawn across the widget, and which position is
 * nearest to `x` (-1 when there is none): what a click there browses to. */
double jq_score_graph_get_x(JqScoreGraph *self, int ply);
int jq_score_graph_ply_at(JqScoreGraph *self, double x);
/* A click at `x` across the widget, as the pointer gives it: focus, and
 * ::browse to the position there. */
void jq_score_graph_click(JqScoreGraph *self, double x);

G_END_DECLS
