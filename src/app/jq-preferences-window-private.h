/* For the tests: the widgets behind the preferences. */
#pragma once

#include "jq-engine-group.h"
#include "jq-preferences-window.h"

G_BEGIN_DECLS

/* The widget that edits a settings key: an AdwComboRow for a choice, a
 * GtkSwitch for a boolean, a GtkSpinButton for a number; NULL for a key
 * that is not shown. */
GtkWidget *jq_preferences_window_get_editor(JqPreferencesWindow *self,
                                            const char *key);

/* The outside engines' group, on the Engines page. */
JqEngineGroup *
jq_preferences_window_get_engine_group(JqPreferencesWindow *self);

G_END_DECLS
