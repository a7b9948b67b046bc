/* JqThinkingIndicator: three dots beside the status line while the
 * computer thinks, one of them lit, the light stepping on twice a second.
 * Unlike a spinner it draws nothing between steps: a spinner's animation
 * asks for a frame each refresh, and each frame repaints the window. It
 * steps only while shown (mapped); the window shows it while thinking. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define JQ_TYPE_THINKING_INDICATOR (jq_thinking_indicator_get_type())
G_DECLARE_FINAL_TYPE(JqThinkingIndicator, jq_thinking_indicator, JQ,
                     THINKING_INDICATOR, GtkWidget)

GtkWidget *jq_thinking_indicator_new(void);

/* For the tests: how many steps it took since it was made, and whether it
 * steps now. */
guint jq_thinking_indicator_get_steps(JqThinkingIndicator *self);
gboolean jq_thinking_indicator_is_stepping(JqThinkingIndicator *self);

G_END_DECLS
