/* The file choosers of Open and Save As: PGN games, native dialogs
 * (GtkFileChooserNative: GTK 4.8 has no GtkFileDialog), modal to the
 * window. The chosen file goes to `chosen`; Cancel calls nothing. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

typedef void (*JqPgnChosen)(GFile *file, gpointer data);

/* "Open Game": PGN games, or any file. `data` is a GObject: the chooser
 * holds it while open and answers nothing once it has gone. */
void jq_pgn_chooser_open(GtkWindow *parent, JqPgnChosen chosen, GObject *data);
/* "Save Game", offering a name with today's date. As above. */
void jq_pgn_chooser_save(GtkWindow *parent, JqPgnChosen chosen, GObject *data);

G_END_DECLS
