/* JqPreferencesWindow: the app's preferences, each bound to its GSettings
 * key so a change applies at once (the window, the board and the game
 * controller all follow the settings). */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define JQ_TYPE_PREFERENCES_WINDOW (jq_preferences_window_get_type())
G_DECLARE_FINAL_TYPE(JqPreferencesWindow, jq_preferences_window, JQ,
                     PREFERENCES_WINDOW, AdwPreferencesWindow)

/* A window for `settings` (the app's schema), transient for `parent`. */
JqPreferencesWindow *jq_preferences_window_new(GtkWindow *parent,
                                               GSettings *settings);

G_END_DECLS
