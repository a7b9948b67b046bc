/* JqPositionEditor: a window to set up any xiangqi or jieqi position. A
 * palette of pieces (both colours, face-down pieces for jieqi, an eraser),
 * the board to click or drag them onto (a piece on it dragged elsewhere,
 * or off it), the side to move and, for jieqi, the pools
 * of unseen pieces (counted from the board unless the user sets them). The
 * position is checked as it changes, by the rules library's FEN reader,
 * and a line under the board says what is wrong. "Start Game" makes it the
 * controller's new game (asking first when a game in progress would be
 * lost); "Copy Position" puts its FEN on the clipboard.
 *
 * Its actions, in the group "editor": tool (string: a FEN piece letter,
 * "X"/"x" for a face-down piece, "eraser"), variant ("xiangqi", "jieqi"),
 * side ("red", "black"), auto-pools (boolean), clear, start-position,
 * copy-fen, start-game. */
#pragma once

#include <adwaita.h>

#include "jq-game-controller.h"

G_BEGIN_DECLS

#define JQ_TYPE_POSITION_EDITOR (jq_position_editor_get_type())
G_DECLARE_FINAL_TYPE(JqPositionEditor, jq_position_editor, JQ, POSITION_EDITOR,
                     AdwWindow)

/* A modal editor over `parent` for `controller`'s game, starting from the
 * position it shows; `traditional` draws the pieces in 繁體. */
JqPositionEditor *jq_position_editor_new(GtkWindow *parent,
                                         JqGameController *controller,
                                         gboolean traditional);

/* A click on a point with the palette's tool, as the board delivers it:
 * puts the tool's piece there (or takes it away when it is already
 * there), or erases. A face-down piece off its side's starting points is
 * refused with a message, and the board does not change. */
void jq_position_editor_click_square(JqPositionEditor *self, int square);
/* A drop of a palette piece (a tool's name, as the "tool" action takes
 * it) on a point: it is put there whatever stood there. FALSE, and the
 * board unchanged, for a face-down piece off its starting points or an
 * unknown tool. */
gboolean jq_position_editor_drop(JqPositionEditor *self, const char *tool,
                                 int square);
/* A drag on the board: the piece on `from` goes to `to`, or off the board
 * when `to` is -1. A face-down piece goes only to its side's starting
 * points (it then moves as the new point's role). FALSE, and the board
 * unchanged, when it cannot. */
gboolean jq_position_editor_move(JqPositionEditor *self, int from, int to);
/* A count of a pool (jieqi): turns the automatic counting off. */
void jq_position_editor_set_pool(JqPositionEditor *self, JqColor color,
                                 JqPieceType type, int count);
int jq_position_editor_get_pool(JqPositionEditor *self, JqColor color,
                                JqPieceType type);
/* What is on a point now. */
JqPiece jq_position_editor_get_piece(JqPositionEditor *self, int square);

/* The FEN of the position (JieqiBox's dialect for jieqi) when it can be
 * played, else NULL. Free with g_free. */
char *jq_position_editor_get_fen(JqPositionEditor *self);
/* The line under the board. */
const char *jq_position_editor_get_message(JqPositionEditor *self);
/* Whether the position can be played (Start Game and Copy Position work). */
gboolean jq_position_editor_is_valid(JqPositionEditor *self);

G_END_DECLS
