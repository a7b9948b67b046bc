/* The analysis pane's figures in words, each labelled: the score with who
 * is ahead, counted from Red's side or from the side to move's (the
 * score-perspective preference), the search's depth, time, nodes and
 * speed; for a sampling AI (IS-MCTS) its value, which is the chance it
 * gives the side to move of winning, the iterations and the share of them
 * the best move got. */
#pragma once

#include "jq-analysis.h"

G_BEGIN_DECLS

/* Whose side a plus score is good for (the schema's nicks: red, mover). */
typedef enum {
  JQ_SCORE_PERSPECTIVE_RED = 0,
  JQ_SCORE_PERSPECTIVE_MOVER = 1, /* the side thought for, to move */
} JqScorePerspective;

/* "Score +4.65 (Red ahead)", "Score -0.80 (Black ahead)", "Score +0.10
 * (about even)", "Black mates in 3"; for a sampling AI "Red's win chance
 * 36%". Free with g_free. */
char *jq_analysis_text_score(const JqAnalysis *a,
                             JqScorePerspective perspective);

/* Every figure, a line for each group: the score line, "Depth 9/14 · 1.4 s",
 * "1.2 M nodes · 850 k nodes/s"; for a sampling AI the win chance,
 * "48 k iterations · 2.0 s", "30% on the best move · 24 k iterations/s".
 * hide_score leaves out what would tell what the computer knows and the
 * human does not: the score and the win chance. Free with g_free. */
char *jq_analysis_text_figures(const JqAnalysis *a,
                               JqScorePerspective perspective,
                               gboolean hide_score);

G_END_DECLS
