/* Drawing of the board with cairo and pango, shared by JqBoardView's
 * snapshot and its PNG export so that a screenshot is exactly what the
 * widget shows. Nothing here knows about GTK widgets. */
#pragma once

#include <cairo.h>
#include <stdbool.h>

#include "jq-position.h"

/* Board proportions in cells (one cell = the distance between two points):
 * 8 x 9 cells of grid plus margins for the pieces and the file numbers. */
#define JQ_BOARD_WIDTH_CELLS 9.3
#define JQ_BOARD_HEIGHT_CELLS 11.3

/* Where everything lands for one size. Lengths are in user units (logical
 * pixels); `cell` and the grid origin fall on whole device pixels so that
 * the lines stay crisp at any scale factor. */
typedef struct {
  double scale;  /* device pixels per user unit */
  double cell;   /* distance between two neighbouring points */
  double grid_x; /* x of the leftmost file line */
  double grid_y; /* y of the topmost rank line */
  double board_x, board_y, board_w, board_h; /* the wooden board */
  double thin; /* grid line width in device pixels (whole number) */
} JqBoardGeometry;

/* Everything the drawing shows. The board is a player's view: a hidden
 * piece carries only its colour and the role of its point, never its
 * identity, so nothing drawn can reveal one. */
typedef struct {
  JqPiece board[JQ_SQUARES];
  bool flipped;             /* Black at the bottom */
  bool traditional;         /* 繁體 characters */
  bool dark;                /* colours for the dark style */
  JqMove last_move;         /* JQ_MOVE_NONE: no mark */
  JqMove hint;              /* drawn as an arrow */
  int check_square;         /* king in check, -1 when none */
  int selected;             /* picked piece, -1 when none */
  int cursor;               /* keyboard cursor, -1 when hidden */
  bool targets[JQ_SQUARES]; /* legal destinations to mark */
  /* A piece following the pointer: drawn at (drag_x, drag_y) instead of on
   * drag_from. */
  int drag_from;
  double drag_x, drag_y;
  /* A move being animated: anim_old slides from anim_from towards anim_to
   * (progress 0..1 along the way), then turns into the piece now on
   * anim_to (a reveal flips it over); anim_captured stays on anim_to until
   * the mover arrives. */
  int anim_from, anim_to;
  double anim_progress;
  JqPiece anim_old, anim_captured;
} JqBoardState;

/* An empty board with no marks, Red at the bottom. */
void jq_board_state_init(JqBoardState *state);

/* Fits the board, centred, in width x height user units drawn at `scale`
 * device pixels per unit. */
void jq_board_geometry_compute(JqBoardGeometry *geom, double width,
                               double height, double scale);
/* Centre of a point on screen. */
void jq_board_square_center(const JqBoardGeometry *geom, bool flipped,
                            int square, double *x, double *y);
/* The point nearest to (x, y) when it lies within half a cell of it, else
 * -1. */
int jq_board_square_at(const JqBoardGeometry *geom, bool flipped, double x,
                       double y);

/* The board itself: wood, lines, river, palace, marks, file numbers. It
 * depends only on the geometry, flipped, traditional and dark, so a caller
 * may cache it. */
void jq_board_draw_background(cairo_t *cr, const JqBoardGeometry *geom,
                              const JqBoardState *state);
/* Faces kept between frames (jq-piece-faces.h). */
typedef struct JqPieceFaces JqPieceFaces;

/* Pieces and every mark over them; the pieces at rest are painted from
 * `faces`, or drawn afresh when it is NULL. The same as
 * jq_board_draw_still() then jq_board_draw_mover() for the sliding piece,
 * then for the dragged one. */
void jq_board_draw_pieces(cairo_t *cr, const JqBoardGeometry *geom,
                          const JqBoardState *state, JqPieceFaces *faces);

/* The pieces at rest and the marks: all but what moves. It does not
 * change while a piece slides or is dragged (anim_progress, drag_x and
 * drag_y are not used), so a caller may keep it for those frames. */
void jq_board_draw_still(cairo_t *cr, const JqBoardGeometry *geom,
                         const JqBoardState *state, JqPieceFaces *faces);

/* What moves over the still layer: the piece of a move's slide, the piece
 * following the pointer. */
typedef enum { JQ_BOARD_SLIDING, JQ_BOARD_DRAGGED } JqBoardMover;

/* The box {x, y, width, height} on whole device pixels that holds all
 * jq_board_draw_mover() draws for `which` now; false when it draws
 * nothing. A caller may give it a small layer of its own, so that a frame
 * of a slide draws only where the piece was and is. */
bool jq_board_mover_box(const JqBoardGeometry *geom, const JqBoardState *state,
                        JqBoardMover which, double box[4]);
void jq_board_draw_mover(cairo_t *cr, const JqBoardGeometry *geom,
                         const JqBoardState *state, JqBoardMover which);
/* One piece centred on (x, y). `lift` raises it (a dragged piece casts a
 * longer shadow); `squash` narrows it horizontally, for the flip of a
 * reveal. */
void jq_board_draw_piece(cairo_t *cr, const JqBoardGeometry *geom,
                         JqPiece piece, bool traditional, bool dark, double x,
                         double y, double lift, double squash);
/* Both layers into a width x height area, through faces of its own. */
void jq_board_draw(cairo_t *cr, double width, double height, double scale,
                   const JqBoardState *state);

/* The character of a revealed piece ("车", "俥"...); NULL for an empty
 * point or a hidden piece. */
const char *jq_board_piece_glyph(JqPiece piece, bool traditional);
