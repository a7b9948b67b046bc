/* JqAnalysisMode: the engine analysing the position shown, for as long as
 * it is on. It follows a game controller: the position shown (the live one
 * or one browsed back to) is searched without limit in a worker thread,
 * with 1 to 5 lines (MultiPV), and the search starts again whenever
 * another position is shown (a move, undo, browsing, a new game, a paste).
 * It analyses with the controller's algorithm when that is IS-MCTS (one
 * line, with a win chance), else with alpha-beta; or with the controller's
 * analysis engine when an outside one is chosen (and plays the variant):
 * "go infinite" in a worker thread, its "info ... multipv k" lines as the
 * lines, "stop" and its bestmove awaited before the next position. An
 * engine that dies, or does not stop within its grace, is killed, the
 * user told (failed) and the built-in AI analyses instead until another
 * engine is chosen.
 * The AI is handed the display side's view (what the user may know), never
 * the arbiter's truth. Its reports reach the main thread coalesced: one
 * idle at a time however fast the AI reports.
 *
 * Signal, on the main thread:
 *   updated ()  the lines changed: new reports, cleared for another
 *               position, or rewritten in another notation
 *   failed (const char *message)  the outside engine failed; the message
 *               is for the user
 */
#pragma once

#include "jq-analysis.h"
#include "jq-game-controller.h"

G_BEGIN_DECLS

#define JQ_ANALYSIS_MODE_LINES_MAX 5
/* The time an outside engine has to answer "stop", by default. */
#define JQ_ANALYSIS_MODE_ENGINE_GRACE_MS 3000

#define JQ_TYPE_ANALYSIS_MODE (jq_analysis_mode_get_type())
G_DECLARE_FINAL_TYPE(JqAnalysisMode, jq_analysis_mode, JQ, ANALYSIS_MODE,
                     GObject)

/* Off, one line, following `controller`. */
JqAnalysisMode *jq_analysis_mode_new(JqGameController *controller);

/* Property "active": on, it analyses; off, it stops at once and its lines
 * go. */
gboolean jq_analysis_mode_get_active(JqAnalysisMode *self);
void jq_analysis_mode_set_active(JqAnalysisMode *self, gboolean active);
/* Property "lines": how many lines, 1..JQ_ANALYSIS_MODE_LINES_MAX
 * (clamped); a change restarts the search. The sampling AI (IS-MCTS) has
 * one line whatever is asked. */
int jq_analysis_mode_get_lines(JqAnalysisMode *self);
void jq_analysis_mode_set_lines(JqAnalysisMode *self, int lines);

/* The latest report of each line about the position shown, best first;
 * the count is 0 until the first report. */
guint jq_analysis_mode_get_line_count(JqAnalysisMode *self);
const JqAnalysis *jq_analysis_mode_get_line(JqAnalysisMode *self, guint index);
/* Line `index`'s moves (at most `max`) into `out`; how many. */
int jq_analysis_mode_get_line_moves(JqAnalysisMode *self, guint index,
                                    JqMove *out, int max);
/* The position the AI was last handed (FALSE before any): for the tests,
 * which check it is a view and no truth. */
gboolean jq_analysis_mode_get_position(JqAnalysisMode *self, JqPosition *out);
/* How many times the analysis started afresh: for the tests. */
guint jq_analysis_mode_get_restarts(JqAnalysisMode *self);
/* How many analysis searches (of any mode) have ended in their worker
 * thread, counted after each has handed back its result: for the tests,
 * which wait on it without running the main loop. Any thread. */
guint jq_analysis_mode_searches_ended(void);
/* Whether a search is running or still ending in its worker (main-thread
 * state): for the tests. */
gboolean jq_analysis_mode_is_searching(JqAnalysisMode *self);
/* Why the position analysed has no line: JQ_REASON_CHECKMATE or
 * JQ_REASON_STALEMATE when its side to move has no legal move (and has
 * lost), nothing searched; JQ_REASON_NONE otherwise, or when off. */
JqReason jq_analysis_mode_get_end(JqAnalysisMode *self);

/* The outside engine analysing ("Fairy-Stockfish 11.1"), NULL when the
 * built-in AI does. */
const char *jq_analysis_mode_get_engine_name(JqAnalysisMode *self);
/* The time an outside engine has to answer "stop" (tests shorten it). */
void jq_analysis_mode_set_engine_grace(JqAnalysisMode *self, int ms);

/* Whether line `index`'s first move may be played: the human is to move
 * on the live board, which is the position analysed. */
gboolean jq_analysis_mode_can_play(JqAnalysisMode *self, guint index);
/* Plays line `index`'s first move as the human's move. FALSE with an
 * error (translated) and nothing changed when it cannot be played. */
gboolean jq_analysis_mode_play(JqAnalysisMode *self, guint index,
                               GError **error);

G_END_DECLS
