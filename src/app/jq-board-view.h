/* JqBoardView: the xiangqi / jieqi board widget. It draws a player's view
 * of a position (never the arbiter's truth: a hidden piece is only ever a
 * face-down disc), lets the user pick and drop pieces with the pointer or
 * the keyboard, and asks its owner to play a move through
 * ::move-requested; the owner decides and sets the new position.
 *
 * Properties (all boolean, all notify): flipped, traditional,
 * show-legal-moves, interactive, animate.
 * Signals:
 *   move-requested (int from, int to): the user picked a legal move.
 *   illegal-move (const char *reason): the user tried something illegal;
 *     the reason is translated, for the status line. */
#pragma once

#include <gtk/gtk.h>

#include "jq-position.h"

G_BEGIN_DECLS

#define JQ_TYPE_BOARD_VIEW (jq_board_view_get_type())
G_DECLARE_FINAL_TYPE(JqBoardView, jq_board_view, JQ, BOARD_VIEW, GtkWidget)

GtkWidget *jq_board_view_new(void);

/* Shows a position: it is copied. Legal destinations come from it, so it
 * must be the view of the player who moves (hidden pieces hidden). When it
 * differs from the shown one by exactly one move and animate is on, that
 * move slides into place. A selection survives only if the board did not
 * change; the hint is cleared when it does. */
void jq_board_view_set_position(JqBoardView *view, const JqPosition *pos);
/* The shown position, NULL before the first set_position. */
const JqPosition *jq_board_view_get_position(JqBoardView *view);

/* Marks: JQ_MOVE_NONE / -1 clear them. */
void jq_board_view_set_last_move(JqBoardView *view, JqMove move);
JqMove jq_board_view_get_last_move(JqBoardView *view);
/* The point of a king in check, drawn with a red glow. */
void jq_board_view_set_check_square(JqBoardView *view, int square);
int jq_board_view_get_check_square(JqBoardView *view);
/* A suggested move, drawn as an arrow. */
void jq_board_view_set_hint(JqBoardView *view, JqMove move);
JqMove jq_board_view_get_hint(JqBoardView *view);

void jq_board_view_set_flipped(JqBoardView *view, gboolean flipped);
gboolean jq_board_view_get_flipped(JqBoardView *view);
void jq_board_view_set_traditional(JqBoardView *view, gboolean traditional);
gboolean jq_board_view_get_traditional(JqBoardView *view);
void jq_board_view_set_show_legal_moves(JqBoardView *view, gboolean show);
gboolean jq_board_view_get_show_legal_moves(JqBoardView *view);
/* When off (the computer's turn, a finished game, browsing history) the
 * user cannot pick pieces; the keyboard cursor still moves. */
void jq_board_view_set_interactive(JqBoardView *view, gboolean interactive);
gboolean jq_board_view_get_interactive(JqBoardView *view);
void jq_board_view_set_animate(JqBoardView *view, gboolean animate);
gboolean jq_board_view_get_animate(JqBoardView *view);

/* Drops a picked or dragged piece. */
void jq_board_view_cancel_selection(JqBoardView *view);
/* The picked piece's point, -1 when none. */
int jq_board_view_get_selected(JqBoardView *view);
/* The keyboard cursor's point, -1 while it is hidden. */
int jq_board_view_get_cursor(JqBoardView *view);
/* Is a move sliding into place right now? */
gboolean jq_board_view_is_animating(JqBoardView *view);
/* How long the longest move's animation lasts (a reveal's slide and
 * flip), in ms; 0 when moves are not animated (animate off, or GTK's
 * animations off). */
int jq_board_view_get_animation_ms(JqBoardView *view);
/* The point under widget coordinates (x, y), -1 when none. */
int jq_board_view_square_at(JqBoardView *view, double x, double y);

/* Writes the board as shown (without a drag or animation in progress) to a
 * PNG file of width x height pixels, the board centred in it; height <= 0
 * gives the board's own proportions. Works on an unrealized widget. */
gboolean jq_board_view_render_png(JqBoardView *view, const char *path,
                                  int width, int height, GError **error);
/* The height that fits the board exactly at a given width. */
int jq_board_view_height_for_width(int width);

/* Input as the gestures and keys deliver it, for tests: a click (press and
 * release, no motion) at a point's centre or at widget coordinates, a drag
 * between two points (to -1: dropped off the board), a key press. Coordinates
 * use the current size, or a nominal one when the widget has none yet. */
void jq_board_view_test_click(JqBoardView *view, int square);
void jq_board_view_test_click_at(JqBoardView *view, double x, double y);
void jq_board_view_test_drag(JqBoardView *view, int from, int to);
gboolean jq_board_view_test_key(JqBoardView *view, guint keyval);
/* For tests: holds the move sliding now at `progress` (0..1 of its way)
 * until called with a negative one, which lets it finish. */
void jq_board_view_test_hold_animation(JqBoardView *view, double progress);

G_END_DECLS
