/* Asking before a game in progress is replaced. A new game, a file opened
 * or a position pasted takes the place of the game at once, with no way
 * back: while the game goes on and has moves, the user is asked first
 * ("Abandon the Current Game?", Cancel or a destructive Abandon Game). A
 * game that has ended or has no move yet is replaced unasked. */
#pragma once

#include <adwaita.h>

#include "jq-game-controller.h"

G_BEGIN_DECLS

/* The message's responses. */
#define JQ_CONFIRM_REPLACE_CANCEL "cancel"
#define JQ_CONFIRM_REPLACE_ABANDON "abandon"

typedef void (*JqReplaceFunc)(gpointer data);

/* Whether replacing the controller's game would lose a game in progress. */
gboolean jq_confirm_replace_needed(JqGameController *controller);

/* Calls replace(data) now when nothing would be lost and returns NULL;
 * else shows the question over `parent` and returns it: replace(data) is
 * called when the user abandons the game, and Cancel (or closing the
 * message) changes nothing. destroy(data), if given, is called once
 * either way, when the question has gone. */
GtkWindow *jq_confirm_replace(GtkWindow *parent, JqGameController *controller,
                              JqReplaceFunc replace, gpointer data,
                              GDestroyNotify destroy);

G_END_DECLS
