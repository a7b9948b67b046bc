/* JqReviewDialog: "Review Game…". The user picks a time per move (0.5, 1,
 * 2 or 5 s) and the AI (alpha-beta or IS-MCTS), then the game's positions
 * are scored one after another in a worker thread (jq-game-review.h)
 * with a progress bar; the window stays usable. When it completes, the
 * scores and marks go to the game (jq_game_controller_set_review) and the
 * dialog closes. Cancel stops the AI within a moment and keeps what was
 * scored so far (the moves whose two positions were scored are marked).
 * A review whose game changed meanwhile (another game, a move taken back)
 * stops and is dropped. */
#pragma once

#include <adwaita.h>

#include "jq-game-controller.h"
#include "jq-game-review.h"

G_BEGIN_DECLS

#define JQ_TYPE_REVIEW_DIALOG (jq_review_dialog_get_type())
G_DECLARE_FINAL_TYPE(JqReviewDialog, jq_review_dialog, JQ, REVIEW_DIALOG,
                     AdwWindow)

/* The think times offered, in ms; the first is the default. */
#define JQ_REVIEW_DIALOG_TIMES 4
extern const int jq_review_dialog_times[JQ_REVIEW_DIALOG_TIMES];

JqReviewDialog *jq_review_dialog_new(GtkWindow *parent,
                                     JqGameController *controller);

/* The choices and buttons, as the user has them (for tests): the time
 * index into jq_review_dialog_times, the AI ("alphabeta", "ismcts"). */
void jq_review_dialog_set_choice(JqReviewDialog *self, int time_index,
                                 const char *algorithm);
GtkButton *jq_review_dialog_get_start_button(JqReviewDialog *self);
GtkButton *jq_review_dialog_get_cancel_button(JqReviewDialog *self);
GtkProgressBar *jq_review_dialog_get_progress_bar(JqReviewDialog *self);
/* The review under way or last run, NULL before Start. */
JqGameReview *jq_review_dialog_get_review(JqReviewDialog *self);

G_END_DECLS
