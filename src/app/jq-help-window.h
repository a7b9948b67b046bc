/* JqHelpWindow: the jieqi guide (jq-guide-text.h) in a window of its own,
 * formatted with headings, in the user's language. Not modal, so the
 * guide stays open beside the game. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define JQ_TYPE_HELP_WINDOW (jq_help_window_get_type())
G_DECLARE_FINAL_TYPE(JqHelpWindow, jq_help_window, JQ, HELP_WINDOW, AdwWindow)

/* Presents the guide beside `parent`: the window already open for
 * `parent`'s application, or a new one. */
JqHelpWindow *jq_help_window_show(GtkWindow *parent);

G_END_DECLS
