/* JqEngineGroup: the outside engines in Preferences (jq-engine-list.h's
 * default list). Each engine is a row that expands to its name, the
 * options from its "uci" reply (a spin button, a switch, an entry or a
 * drop-down by their type; buttons and UCI_Variant, which each game sets,
 * left out) and Remove. "Add Engine…" chooses an executable, which is
 * probed in a thread with a spinner showing: one that does not act as a
 * UCI engine is refused with a message under the list, and nothing added.
 * A value is set through the list, which checks it; a refused one is
 * said there too, and the row shows the value kept. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define JQ_TYPE_ENGINE_GROUP (jq_engine_group_get_type())
G_DECLARE_FINAL_TYPE(JqEngineGroup, jq_engine_group, JQ, ENGINE_GROUP,
                     AdwPreferencesGroup)

GtkWidget *jq_engine_group_new(void);

/* What the file chooser's answer does: probes `file` as an engine and adds
 * it when it answers as one. */
void jq_engine_group_add_file(JqEngineGroup *self, GFile *file);
/* Whether an engine is being probed (the spinner turns). */
gboolean jq_engine_group_is_probing(JqEngineGroup *self);
/* The message under the list ("" when none): a refusal, or what was
 * added. */
const char *jq_engine_group_get_message(JqEngineGroup *self);
/* The row of the engine `id`, an AdwExpanderRow; NULL when not listed. */
GtkWidget *jq_engine_group_get_row(JqEngineGroup *self, const char *id);
/* In the row of engine `id`: the editor of `option` (a GtkSpinButton,
 * GtkSwitch, AdwEntryRow or AdwComboRow), NULL when not shown; "" as the
 * option is the name's entry row. */
GtkWidget *jq_engine_group_get_editor(JqEngineGroup *self, const char *id,
                                      const char *option);
/* Removes the engine `id`, as its Remove button does. */
void jq_engine_group_remove(JqEngineGroup *self, const char *id);

G_END_DECLS
