/* The comment of one move (or of the game, ply 0), edited in a small
 * dialog: a multi-line text box, Cancel and Save. Save is refused, with
 * the reason under the box, while the text is one a comment cannot be (a
 * "}", too long); it sets the comment through the controller. */
#pragma once

#include <adwaita.h>

#include "jq-game-controller.h"

G_BEGIN_DECLS

#define JQ_COMMENT_DIALOG_CANCEL "cancel"
#define JQ_COMMENT_DIALOG_SAVE "save"

/* Presents the dialog for `ply` of the controller's game, transient for
 * `parent`; `move` names the move in the heading (NULL for the game). */
GtkWindow *jq_comment_dialog_present(GtkWindow *parent,
                                     JqGameController *controller, int ply,
                                     const char *move);
/* Its text box (for the tests). */
GtkTextView *jq_comment_dialog_get_text_view(GtkWindow *dialog);

G_END_DECLS
