/* The still layer of the board (jq_board_draw_still) cut into tiles, one
 * around each point, so that a change draws again only the tiles it
 * touches: a move then paints its few points, not the whole board.
 * Nothing here knows about GTK widgets. */
#pragma once

#include <stdbool.h>

#include "jq-board-draw.h"

#define JQ_BOARD_TILE_COLS 9
#define JQ_BOARD_TILE_ROWS 10
#define JQ_BOARD_TILES (JQ_BOARD_TILE_COLS * JQ_BOARD_TILE_ROWS)

/* Tile `tile` (row * JQ_BOARD_TILE_COLS + column, as on the screen) as
 * {x, y, width, height} on whole device pixels. The tiles cover the
 * `width` x `height` area of `geom` and do not overlap. */
void jq_board_tile_box(const JqBoardGeometry *geom, double width, double height,
                       int tile, double box[4]);

/* Marks in `dirty` the tiles where jq_board_draw_still draws `after`
 * differently from `before` (for the same geometry) and returns how many.
 * A change of the whole (orientation, characters, colours, the hint's
 * arrow) marks them all. */
int jq_board_tiles_changed(const JqBoardGeometry *geom, double width,
                           double height, const JqBoardState *before,
                           const JqBoardState *after,
                           bool dirty[JQ_BOARD_TILES]);
