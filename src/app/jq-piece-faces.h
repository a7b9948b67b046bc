/* Piece faces drawn once for a size and style, then only painted: shaping
 * a glyph and filling two gradients for each of 32 pieces in every frame
 * of a move's slide was most of the frame's cost. Plain cairo, like
 * jq-board-draw, so that the PNG export paints the same faces. */
#pragma once

#include <cairo.h>
#include <stdbool.h>

#include "jq-board-draw.h"

typedef struct JqPieceFaces JqPieceFaces;

JqPieceFaces *jq_piece_faces_new(void);
void jq_piece_faces_free(JqPieceFaces *faces);

/* Paints `piece` at rest (not lifted, not squashed) centred on (x, y). The
 * faces are drawn again when the cell, the scale, the characters or the
 * style differ from those they were drawn for. */
void jq_piece_faces_paint(JqPieceFaces *faces, cairo_t *cr,
                          const JqBoardGeometry *geom, JqPiece piece,
                          bool traditional, bool dark, double x, double y);

/* How many faces have been drawn since `faces` was made: a test's view of
 * when the cache is used and when it is renewed. */
unsigned jq_piece_faces_drawn(const JqPieceFaces *faces);
