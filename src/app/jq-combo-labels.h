/* Combo rows whose chosen item is always shown whole: libadwaita's own
 * item label is cut short ("Beginner (random mo…") when the row's title
 * and subtitle ask for the room; these labels keep their width and the
 * subtitle wraps instead. For rows whose model is a GtkStringList. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

void jq_combo_labels_keep_whole(AdwComboRow *row);

G_END_DECLS
