/* For the tests: the widgets behind the preferences. */
#pragma once

#include "jq-preferences-window.h"

G_BEGIN_DECLS

/* The widget that edits a settings key: an AdwComboRow for a choice, a
 * GtkSwitch for a boolean, a GtkSpinButton for a number; NULL for a key
 * that is not shown. */
GtkWidget *jq_preferences_window_get_editor(JqPreferencesWindow *self,
                                            const char *key);

G_END_DECLS
