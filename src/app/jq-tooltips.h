/* Tooltips on one line. GTK 4.8 gives a tooltip of Chinese text the width
 * of one character, so "主菜单" stands one character a line; these
 * tooltips show the widget's tooltip text in a label that does not wrap
 * (the tooltip texts are short). */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* For `widget` and every widget under it now (call it again for widgets
 * added later). */
void jq_tooltips_keep_on_one_line(GtkWidget *widget);

/* For a query-tooltip handler that makes its text on demand. */
void jq_tooltips_set_one_line(GtkTooltip *tooltip, const char *text);

G_END_DECLS
