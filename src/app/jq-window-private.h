/* For the tests: the parts of the window they look at and drive. */
#pragma once

#include "jq-analysis-view.h"
#include "jq-board-view.h"
#include "jq-clock-view.h"
#include "jq-move-list-view.h"
#include "jq-score-graph.h"
#include "jq-net-panel.h"
#include "jq-sound-player.h"
#include "jq-thinking-indicator.h"
#include "jq-window.h"

G_BEGIN_DECLS

JqGameController *jq_window_get_controller(JqWindow *self);
GSettings *jq_window_get_settings(JqWindow *self);
JqBoardView *jq_window_get_board(JqWindow *self);
JqMoveListView *jq_window_get_move_list(JqWindow *self);
/* The review's score graph under the move list. */
JqScoreGraph *jq_window_get_score_graph(JqWindow *self);
JqClockView *jq_window_get_clock_view(JqWindow *self);
JqSoundPlayer *jq_window_get_sound_player(JqWindow *self);
/* The side panel (pieces, moves, analysis). */
GtkWidget *jq_window_get_side_panel(JqWindow *self);
/* Analysis mode's lines (win.analyse shows them). */
JqAnalysisView *jq_window_get_analysis_view(JqWindow *self);
/* How many toasts containing `text` the window has posted, shown yet or
 * still queued behind others (they show one at a time). */
guint jq_window_count_posted_toasts(JqWindow *self, const char *text);
/* The network game's panel, NULL when no network game is on the board. */
JqNetPanel *jq_window_get_net_panel(JqWindow *self);
/* The dots beside the status line while the computer thinks. */
JqThinkingIndicator *jq_window_get_thinking_indicator(JqWindow *self);
/* The status line's text. */
const char *jq_window_get_status(JqWindow *self);
/* The end of a paste (once the game in progress may go): sets up the
 * position in `text`, a toast telling what went wrong. */
gboolean jq_window_paste_fen(JqWindow *self, const char *text);

G_END_DECLS
