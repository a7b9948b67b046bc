#include "jq-board-tiles.h"

#include <math.h>
#include <string.h>

/* How far from a point its marks and piece reach, in cells: a piece at
 * rest with its shadow or a ring around it; the keyboard cursor's
 * corners; the glow of a king in check. */
#define REACH_PIECE 0.56
#define REACH_CURSOR 0.75
#define REACH_CHECK 0.8
/* And for antialiasing, in device pixels. */
#define REACH_MARGIN_DEV 2

static double snap(const JqBoardGeometry *geom, double v) {
  return floor(v * geom->scale + 0.5) / geom->scale;
}

/* The border before column (or row) `i` of `n`: halfway between two
 * points, the area's edge for the first and past the last. */
static double border(const JqBoardGeometry *geom, double origin, int i, int n,
                     double size) {
  if (i <= 0)
    return 0;
  if (i >= n)
    return size;
  return snap(geom, origin + (i - 0.5) * geom->cell);
}

void jq_board_tile_box(const JqBoardGeometry *geom, double width, double height,
                       int tile, double box[4]) {
  int col = tile % JQ_BOARD_TILE_COLS, row = tile / JQ_BOARD_TILE_COLS;
  double x0 = border(geom, geom->grid_x, col, JQ_BOARD_TILE_COLS, width);
  double x1 = border(geom, geom->grid_x, col + 1, JQ_BOARD_TILE_COLS, width);
  double y0 = border(geom, geom->grid_y, row, JQ_BOARD_TILE_ROWS, height);
  double y1 = border(geom, geom->grid_y, row + 1, JQ_BOARD_TILE_ROWS, height);
  box[0] = x0;
  box[1] = y0;
  box[2] = x1 - x0;
  box[3] = y1 - y0;
}

/* What jq_board_draw_still draws at one point, as a comparable value. */
typedef struct {
  JqPiece shown, under; /* the piece drawn; the board's, for a target */
  int last;             /* 1: the last move's start, 2: its end */
  bool check, selected, ring, target, cursor;
} PointLook;

static PointLook look_at(const JqBoardState *st, int sq) {
  PointLook l;
  memset(&l, 0, sizeof l);
  bool animating = st->anim_from >= 0 && st->anim_to >= 0;
  l.under = st->board[sq];
  l.shown = st->board[sq];
  if (sq == st->drag_from)
    l.shown = JQ_EMPTY;
  if (animating && sq == st->anim_to)
    l.shown = st->anim_captured;
  if (st->last_move != JQ_MOVE_NONE) {
    if (jq_move_from(st->last_move) == sq)
      l.last = 1;
    else if (jq_move_to(st->last_move) == sq)
      l.last = 2;
  }
  l.check = st->check_square == sq;
  l.selected = st->selected == sq;
  l.ring = l.selected && st->selected != st->drag_from;
  l.target = st->targets[sq];
  l.cursor = st->cursor == sq;
  return l;
}

static bool same_look(const PointLook *a, const PointLook *b) {
  return a->shown == b->shown && a->last == b->last && a->check == b->check &&
         a->selected == b->selected && a->ring == b->ring &&
         a->target == b->target && a->cursor == b->cursor &&
         (!a->target || a->under == b->under);
}

static double reach_of(const PointLook *l) {
  if (l->check)
    return REACH_CHECK;
  if (l->cursor)
    return REACH_CURSOR;
  return REACH_PIECE;
}

/* The distance from (x, y) to the box, 0 inside it. */
static double distance_to(const double box[4], double x, double y) {
  double dx = fmax(fmax(box[0] - x, 0), x - (box[0] + box[2]));
  double dy = fmax(fmax(box[1] - y, 0), y - (box[1] + box[3]));
  return hypot(dx, dy);
}

int jq_board_tiles_changed(const JqBoardGeometry *geom, double width,
                           double height, const JqBoardState *before,
                           const JqBoardState *after,
                           bool dirty[JQ_BOARD_TILES]) {
  bool all = before->flipped != after->flipped ||
             before->traditional != after->traditional ||
             before->dark != after->dark || before->hint != after->hint;
  for (int t = 0; t < JQ_BOARD_TILES; t++)
    dirty[t] = all;
  if (all)
    return JQ_BOARD_TILES;
  double boxes[JQ_BOARD_TILES][4];
  for (int t = 0; t < JQ_BOARD_TILES; t++)
    jq_board_tile_box(geom, width, height, t, boxes[t]);
  for (int sq = 0; sq < JQ_SQUARES; sq++) {
    PointLook a = look_at(before, sq), b = look_at(after, sq);
    if (same_look(&a, &b))
      continue;
    double reach = fmax(reach_of(&a), reach_of(&b)) * geom->cell +
                   REACH_MARGIN_DEV / geom->scale;
    double x, y;
    jq_board_square_center(geom, after->flipped, sq, &x, &y);
    for (int t = 0; t < JQ_BOARD_TILES; t++)
      if (distance_to(boxes[t], x, y) < reach)
        dirty[t] = true;
  }
  int n = 0;
  for (int t = 0; t < JQ_BOARD_TILES; t++)
    n += dirty[t];
  return n;
}
