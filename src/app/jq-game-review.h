/* JqGameReview: a game's positions scored one after another by an AI in a
 * worker thread, for the review (jq-review-marks.h turns the scores into
 * marks). It is handed the positions as views (each as the side to move
 * knew it: jq_game_controller_get_mover_views), never the arbiter's truth,
 * and scores each for `movetime_ms`. The main thread is never held up: the
 * scores reach it through idles.
 *
 * Cancel stops the AI within a moment; the scores done so far are kept
 * (get_done tells how many, from the first position on).
 *
 * Signals, on the main thread:
 *   progress (int done, int total)  another position was scored
 *   finished (gboolean completed)   the review ended: every position was
 *                                   scored (TRUE), or it was cancelled or
 *                                   the AI could not be made (FALSE)
 */
#pragma once

#include <gio/gio.h>

#include "jq-annotation.h"
#include "jq-position.h"

G_BEGIN_DECLS

#define JQ_TYPE_GAME_REVIEW (jq_game_review_get_type())
G_DECLARE_FINAL_TYPE(JqGameReview, jq_game_review, JQ, GAME_REVIEW, GObject)

/* Think times a move the dialog offers, and the least one taken. */
#define JQ_GAME_REVIEW_MOVETIME_MIN 50

/* A review of `count` positions (copied) with `algorithm` ("alphabeta" or
 * "ismcts") at `movetime_ms` each (at least JQ_GAME_REVIEW_MOVETIME_MIN).
 * It starts with jq_game_review_start. */
JqGameReview *jq_game_review_new(const JqPosition *views, int count,
                                 const char *algorithm, int movetime_ms);
/* Starts the worker; once only. */
void jq_game_review_start(JqGameReview *self);
/* Stops the worker; `finished` (FALSE) follows once it has stopped,
 * unless the review is over already. */
void jq_game_review_cancel(JqGameReview *self);
gboolean jq_game_review_is_running(JqGameReview *self);

int jq_game_review_get_total(JqGameReview *self);
/* Positions scored, counted from the first. */
int jq_game_review_get_done(JqGameReview *self);
/* Position `index`'s eval (Red's point of view); FALSE when not scored. */
gboolean jq_game_review_get_eval(JqGameReview *self, int index, JqEval *out);
/* Every position the AI was handed so far, in order: for the tests, which
 * check they are views with no hidden identity. Not to be freed. */
const JqPosition *jq_game_review_get_handed(JqGameReview *self, int *count);

G_END_DECLS
