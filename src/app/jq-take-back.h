/* Taking a move back after the game has ended. Undo does not reopen a
 * finished game behind the result's back: the end-of-game message offers
 * "Take Back Move", and Undo after the end asks first ("Take Back the
 * Last Move?"). Either takes back as undo would (the human's move and the
 * computer's reply) and the game goes on. */
#pragma once

#include <adwaita.h>

#include "jq-game-controller.h"

G_BEGIN_DECLS

/* The response that takes the move back, in both messages. */
#define JQ_TAKE_BACK_RESPONSE "take-back"

/* Adds the Take Back Move response to the end-of-game message when there
 * is a move to take back. */
void jq_take_back_offer(AdwMessageDialog *dialog, JqGameController *controller);
/* Takes the move back when `response` is the Take Back Move one. */
void jq_take_back_on_response(const char *response,
                              JqGameController *controller);
/* Undo after the end: asks over `parent` whether to take the move back
 * (Cancel keeps the result) and returns the question; NULL when there is
 * nothing to take back. */
GtkWindow *jq_take_back_ask(GtkWindow *parent, JqGameController *controller);

G_END_DECLS
