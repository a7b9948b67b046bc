/* JqPiecesPanel: for each side, the face-down pieces not yet seen (jieqi)
 * and the pieces it has lost, as the displayed view knows them. It reads
 * only that view's pools and captures: a captured face-down piece whose
 * identity the view did not learn is shown as unknown. */
#pragma once

#include <gtk/gtk.h>

#include "jq-position.h"

G_BEGIN_DECLS

#define JQ_TYPE_PIECES_PANEL (jq_pieces_panel_get_type())
G_DECLARE_FINAL_TYPE(JqPiecesPanel, jq_pieces_panel, JQ, PIECES_PANEL,
                     GtkWidget)

GtkWidget *jq_pieces_panel_new(void);

/* Shows `pos` (copied from as needed, not kept). `top` is listed first:
 * the side drawn at the top of the board. `red_player` and `black_player`
 * go beside the sides' names ("You", "Computer"). */
void jq_pieces_panel_update(JqPiecesPanel *self, const JqPosition *pos,
                            gboolean traditional, JqColor top,
                            const char *red_player, const char *black_player);

/* The tooltip text of one of the panel's chips ("Chariot: 2"), made when
 * the pointer rests on it; free with g_free(). */
char *jq_pieces_panel_chip_tooltip(GtkWidget *chip);

G_END_DECLS
