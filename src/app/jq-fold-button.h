/* The header bar's button that shows the side panel, there only while the
 * panel is folded away. AdwFlap folds while it is being laid out, after
 * the header bar above it was: showing or hiding the button at once asks
 * for a new layout of the header bar in the middle of that one, and GTK
 * draws it unallocated ("Trying to snapshot AdwHeaderBar without a current
 * allocation"). The button follows the fold after that frame instead. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* Makes `button` visible exactly when `flap` is folded, from now on. */
void jq_fold_button_follow(GtkWidget *button, AdwFlap *flap);

G_END_DECLS
