/* The cache of piece faces: one image surface per face, in device
 * pixels. */
#include "jq-piece-faces.h"

#include <glib.h>
#include <math.h>

/* Revealed faces by colour and type, then the two backs. */
#define FACE_SLOTS (2 * JQ_TYPE_COUNT + 2)
/* A face's reach from its centre, in cells: the disc and its shadow. */
#define FACE_REACH 0.6

struct JqPieceFaces {
  cairo_surface_t *face[FACE_SLOTS];
  /* What the faces were drawn for; cell_dev 0: nothing yet. */
  double cell_dev, scale;
  bool traditional, dark;
  int half; /* half a face's side, in device pixels */
  unsigned drawn;
};

JqPieceFaces *jq_piece_faces_new(void) { return g_new0(JqPieceFaces, 1); }

static void clear(JqPieceFaces *faces) {
  for (int i = 0; i < FACE_SLOTS; i++)
    g_clear_pointer(&faces->face[i], cairo_surface_destroy);
}

void jq_piece_faces_free(JqPieceFaces *faces) {
  if (faces == NULL)
    return;
  clear(faces);
  g_free(faces);
}

unsigned jq_piece_faces_drawn(const JqPieceFaces *faces) {
  return faces->drawn;
}

static int slot_of(JqPiece piece) {
  if (jq_piece_is_hidden(piece))
    return 2 * JQ_TYPE_COUNT + jq_piece_color(piece);
  return jq_piece_color(piece) * JQ_TYPE_COUNT + jq_piece_type(piece);
}

static cairo_surface_t *face_of(JqPieceFaces *faces,
                                const JqBoardGeometry *geom, JqPiece piece,
                                bool traditional, bool dark) {
  double cell_dev = geom->cell * geom->scale;
  if (faces->cell_dev != cell_dev || faces->scale != geom->scale ||
      faces->traditional != traditional || faces->dark != dark) {
    clear(faces);
    faces->cell_dev = cell_dev;
    faces->scale = geom->scale;
    faces->traditional = traditional;
    faces->dark = dark;
    faces->half = (int)ceil(FACE_REACH * cell_dev) + 1;
  }
  int slot = slot_of(piece);
  if (faces->face[slot] == NULL) {
    int side = 2 * faces->half;
    cairo_surface_t *surface =
        cairo_image_surface_create(CAIRO_FORMAT_ARGB32, side, side);
    cairo_surface_set_device_scale(surface, geom->scale, geom->scale);
    cairo_t *cr = cairo_create(surface);
    double centre = faces->half / geom->scale;
    jq_board_draw_piece(cr, geom, piece, traditional, dark, centre, centre, 0,
                        1);
    cairo_destroy(cr);
    faces->face[slot] = surface;
    faces->drawn++;
  }
  return faces->face[slot];
}

void jq_piece_faces_paint(JqPieceFaces *faces, cairo_t *cr,
                          const JqBoardGeometry *geom, JqPiece piece,
                          bool traditional, bool dark, double x, double y) {
  g_return_if_fail(faces != NULL && piece != JQ_EMPTY);
  cairo_surface_t *face = face_of(faces, geom, piece, traditional, dark);
  double offset = faces->half / geom->scale;
  /* The points fall on whole device pixels and so does `offset`: the face
   * lands pixel for pixel, unfiltered. */
  cairo_set_source_surface(cr, face, x - offset, y - offset);
  cairo_paint(cr);
}
