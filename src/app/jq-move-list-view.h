/* JqMoveListView: the moves of the game, numbered in pairs, in two
 * columns. Clicking a move, or moving through the list with the arrow
 * keys, asks to see the position after it (::browse); the owner browses
 * and tells the view which ply is shown. A move's comment shows below it,
 * the game's above the moves. The context menu (a right click, or
 * Shift+F10 / the Menu key on a move) offers "Edit Comment…" and "Edit
 * Game Comment…" (action "moves.edit-comment", the ply: 0 for the game).
 *
 * Signals: browse (int ply): show the position after `ply` moves;
 * edit-comment (int ply): edit the comment of that ply. */
#pragma once

#include <gtk/gtk.h>

#include "jq-types.h"

G_BEGIN_DECLS

#define JQ_TYPE_MOVE_LIST_VIEW (jq_move_list_view_get_type())
G_DECLARE_FINAL_TYPE(JqMoveListView, jq_move_list_view, JQ, MOVE_LIST_VIEW,
                     GtkWidget)

GtkWidget *jq_move_list_view_new(void);

/* The list's numbering: the number of the move at `index` (0 = the first
 * played) when `first_mover` played the first, and who played it (into
 * `mover` unless NULL). A pair of moves, Red's then Black's, shares a
 * number; with Black first, the first pair is Black's move alone. */
int jq_move_list_number(int index, JqColor first_mover, JqColor *mover);

/* The moves as written (NULL-terminated) and who played the first. Only
 * what changed is rebuilt. */
void jq_move_list_view_set_moves(JqMoveListView *self, const char *const *moves,
                                 JqColor first_mover);
/* The ply shown: its move is selected (none for 0). While the last move
 * is shown the list keeps the newest moves in sight. */
void jq_move_list_view_set_current(JqMoveListView *self, int ply);
int jq_move_list_view_get_current(JqMoveListView *self);
/* The comments of plies 0 (the game's) to the move count ("" for none),
 * after set_moves. */
void jq_move_list_view_set_comments(JqMoveListView *self,
                                    const char *const *comments);
/* The review's marks of the moves ("?!", "?", "??"; "" for none), one a
 * move from the first, after set_moves. */
void jq_move_list_view_set_marks(JqMoveListView *self,
                                 const char *const *marks);
/* The moves, their comments (NULL for none), their marks ("" for none) and
 * the menu, as shown (for tests). */
const char *jq_move_list_view_get_mark(JqMoveListView *self, guint index);
/* For the tests: the label that holds the mark of the move at `index`,
 * next to the move's own text (its previous sibling). */
GtkWidget *jq_move_list_view_get_mark_label(JqMoveListView *self, guint index);
const char *jq_move_list_view_get_comment(JqMoveListView *self, guint ply);
GtkPopover *jq_move_list_view_get_menu(JqMoveListView *self);
guint jq_move_list_view_get_count(JqMoveListView *self);
const char *jq_move_list_view_get_move(JqMoveListView *self, guint index);

G_END_DECLS
