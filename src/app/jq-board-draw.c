/* The board and its pieces in cairo; text through pango. */
#include "jq-board-draw.h"

#include <glib.h>
#include <math.h>
#include <pango/pangocairo.h>
#include <string.h>

#include "jq-piece-faces.h"

/* WenQuanYi is what Debian installs with the app; the others cover systems
 * that have a Noto CJK font instead. */
#define JQ_BOARD_FONTS \
  "WenQuanYi Micro Hei,Noto Sans CJK SC,Noto Serif CJK SC,Sans"

/* Margins around the grid, in cells: horizontally room for half a piece,
 * vertically also for the file numbers. */
#define MARGIN_X ((JQ_BOARD_WIDTH_CELLS - 8) / 2)
#define MARGIN_Y ((JQ_BOARD_HEIGHT_CELLS - 9) / 2)
/* The outer frame sits this far outside the grid's border. */
#define FRAME_GAP 0.14
#define PIECE_RADIUS 0.45

typedef struct {
  double r, g, b;
} Rgb;

typedef struct {
  Rgb wood_hi, wood_lo, grain;
  Rgb line;
  double line_alpha;
  Rgb face_hi, face_lo, face_edge;
  Rgb red_ink, black_ink;
  Rgb back_hi, back_lo, back_line;
  Rgb accent, last_move, hint, check;
} Palette;

static const Palette light_palette = {
    .wood_hi = {0.925, 0.784, 0.541},
    .wood_lo = {0.863, 0.682, 0.435},
    .grain = {0.557, 0.361, 0.157},
    .line = {0.388, 0.239, 0.118},
    .line_alpha = 1.0,
    .face_hi = {0.992, 0.961, 0.890},
    .face_lo = {0.918, 0.835, 0.675},
    .face_edge = {0.659, 0.514, 0.322},
    .red_ink = {0.737, 0.137, 0.102},
    .black_ink = {0.133, 0.133, 0.133},
    .back_hi = {0.490, 0.373, 0.251},
    .back_lo = {0.361, 0.259, 0.161},
    .back_line = {0.706, 0.576, 0.396},
    .accent = {0.208, 0.518, 0.894},
    .last_move = {0.180, 0.620, 0.420},
    .hint = {0.110, 0.560, 0.330},
    .check = {0.900, 0.110, 0.110},
};

/* Dark walnut with pale lines, so the board sits well in a dark window;
 * the pieces stay ivory (a little dimmer) so both inks keep reading. */
static const Palette dark_palette = {
    .wood_hi = {0.420, 0.306, 0.212},
    .wood_lo = {0.345, 0.243, 0.161},
    .grain = {0.180, 0.110, 0.055},
    .line = {0.902, 0.804, 0.639},
    .line_alpha = 0.85,
    .face_hi = {0.929, 0.886, 0.796},
    .face_lo = {0.824, 0.737, 0.584},
    .face_edge = {0.455, 0.337, 0.208},
    .red_ink = {0.737, 0.137, 0.102},
    .black_ink = {0.118, 0.118, 0.118},
    .back_hi = {0.471, 0.357, 0.239},
    .back_lo = {0.310, 0.220, 0.137},
    .back_line = {0.706, 0.576, 0.396},
    .accent = {0.471, 0.682, 0.929},
    .last_move = {0.341, 0.780, 0.560},
    .hint = {0.341, 0.820, 0.530},
    .check = {1.000, 0.180, 0.150},
};

static const Palette *palette_of(const JqBoardState *state) {
  return state->dark ? &dark_palette : &light_palette;
}

static void set_rgb(cairo_t *cr, Rgb c, double alpha) {
  cairo_set_source_rgba(cr, c.r, c.g, c.b, alpha);
}

/* Glyphs indexed by JqPieceType. */
static const char *const glyphs[2][2][JQ_TYPE_COUNT] = {
    {/* simplified */
     {NULL, "帅", "仕", "相", "马", "车", "炮", "兵"},
     {NULL, "将", "士", "象", "马", "车", "炮", "卒"}},
    {/* traditional */
     {NULL, "帥", "仕", "相", "傌", "俥", "炮", "兵"},
     {NULL, "將", "士", "象", "馬", "車", "砲", "卒"}},
};

const char *jq_board_piece_glyph(JqPiece piece, bool traditional) {
  if (piece == JQ_EMPTY || jq_piece_is_hidden(piece))
    return NULL;
  return glyphs[traditional ? 1 : 0][jq_piece_color(piece)]
               [jq_piece_type(piece)];
}

void jq_board_state_init(JqBoardState *state) {
  memset(state, 0, sizeof *state);
  state->check_square = -1;
  state->selected = -1;
  state->cursor = -1;
  state->drag_from = -1;
  state->anim_from = -1;
  state->anim_to = -1;
}

/* ---- geometry ---- */

void jq_board_geometry_compute(JqBoardGeometry *geom, double width,
                               double height, double scale) {
  if (!(scale > 0))
    scale = 1;
  double cell =
      fmin(width / JQ_BOARD_WIDTH_CELLS, height / JQ_BOARD_HEIGHT_CELLS);
  /* A whole number of device pixels per cell keeps every line on the
   * same sub-pixel phase. */
  double cell_dev = fmax(4, floor(cell * scale));
  geom->scale = scale;
  geom->cell = cell_dev / scale;
  double bw = JQ_BOARD_WIDTH_CELLS * geom->cell;
  double bh = JQ_BOARD_HEIGHT_CELLS * geom->cell;
  double gx = (width - bw) / 2 + MARGIN_X * geom->cell;
  double gy = (height - bh) / 2 + MARGIN_Y * geom->cell;
  geom->grid_x = round(gx * scale) / scale;
  geom->grid_y = round(gy * scale) / scale;
  geom->board_x = geom->grid_x - MARGIN_X * geom->cell;
  geom->board_y = geom->grid_y - MARGIN_Y * geom->cell;
  geom->board_w = bw;
  geom->board_h = bh;
  geom->thin = fmax(1, round(cell_dev / 48));
}

static void screen_of(bool flipped, int square, int *col, int *row) {
  int file = jq_square_file(square), rank = jq_square_rank(square);
  *col = flipped ? 8 - file : file;
  *row = flipped ? rank : 9 - rank;
}

static double col_x(const JqBoardGeometry *geom, double col) {
  return geom->grid_x + col * geom->cell;
}
static double row_y(const JqBoardGeometry *geom, double row) {
  return geom->grid_y + row * geom->cell;
}

void jq_board_square_center(const JqBoardGeometry *geom, bool flipped,
                            int square, double *x, double *y) {
  int col, row;
  screen_of(flipped, square, &col, &row);
  *x = col_x(geom, col);
  *y = row_y(geom, row);
}

int jq_board_square_at(const JqBoardGeometry *geom, bool flipped, double x,
                       double y) {
  double fc = (x - geom->grid_x) / geom->cell;
  double fr = (y - geom->grid_y) / geom->cell;
  int col = (int)lround(fc), row = (int)lround(fr);
  if (col < 0 || col > 8 || row < 0 || row > 9)
    return -1;
  /* Round-off must not stretch the outer points past half a cell. */
  if (fabs(fc - col) > 0.5 || fabs(fr - row) > 0.5)
    return -1;
  int file = flipped ? 8 - col : col;
  int rank = flipped ? row : 9 - row;
  return jq_square_make(file, rank);
}

/* A line `width_dev` device pixels wide through a grid coordinate: an odd
 * width needs its centre on a half pixel to cover whole pixels. */
static double snap(const JqBoardGeometry *geom, double v, double width_dev) {
  double dev = round(v * geom->scale);
  if (fmod(width_dev, 2) == 1)
    dev += 0.5;
  return dev / geom->scale;
}

/* ---- text ---- */

static PangoLayout *make_layout(cairo_t *cr, const char *text, double size,
                                bool bold) {
  PangoLayout *layout = pango_cairo_create_layout(cr);
  /* Unhinted metrics: the glyphs must scale smoothly with the board. */
  cairo_font_options_t *options = cairo_font_options_create();
  cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY);
  pango_cairo_context_set_font_options(pango_layout_get_context(layout),
                                       options);
  cairo_font_options_destroy(options);
  pango_layout_context_changed(layout);

  PangoFontDescription *desc = pango_font_description_new();
  pango_font_description_set_family(desc, JQ_BOARD_FONTS);
  pango_font_description_set_weight(desc, bold ? PANGO_WEIGHT_BOLD
                                               : PANGO_WEIGHT_NORMAL);
  pango_font_description_set_absolute_size(desc, size * PANGO_SCALE);
  pango_layout_set_font_description(layout, desc);
  pango_font_description_free(desc);
  pango_layout_set_text(layout, text, -1);
  return layout;
}

/* Centres the ink of `text` on (x, y): CJK glyphs sit differently in their
 * boxes from one font to the next, their ink is what the eye centres. */
static void draw_text(cairo_t *cr, const char *text, double size, bool bold,
                      double x, double y) {
  PangoLayout *layout = make_layout(cr, text, size, bold);
  PangoRectangle ink;
  pango_layout_get_extents(layout, &ink, NULL);
  double ix = (double)ink.x / PANGO_SCALE, iy = (double)ink.y / PANGO_SCALE;
  double iw = (double)ink.width / PANGO_SCALE;
  double ih = (double)ink.height / PANGO_SCALE;
  cairo_move_to(cr, x - ix - iw / 2, y - iy - ih / 2);
  pango_cairo_show_layout(cr, layout);
  g_object_unref(layout);
}

/* ---- the board ---- */

static void rounded_rect(cairo_t *cr, double x, double y, double w, double h,
                         double r) {
  cairo_new_sub_path(cr);
  cairo_arc(cr, x + w - r, y + r, r, -G_PI / 2, 0);
  cairo_arc(cr, x + w - r, y + h - r, r, 0, G_PI / 2);
  cairo_arc(cr, x + r, y + h - r, r, G_PI / 2, G_PI);
  cairo_arc(cr, x + r, y + r, r, G_PI, 3 * G_PI / 2);
  cairo_close_path(cr);
}

static void draw_wood(cairo_t *cr, const JqBoardGeometry *geom,
                      const Palette *pal) {
  double c = geom->cell;
  double x = geom->board_x, y = geom->board_y;
  double w = geom->board_w, h = geom->board_h;
  double radius = 0.12 * c;

  /* A soft shadow: a few widening translucent outlines. */
  for (int i = 3; i >= 1; i--) {
    double spread = i * 0.04 * c;
    rounded_rect(cr, x - spread, y - spread + 0.06 * c, w + 2 * spread,
                 h + 2 * spread, radius + spread);
    cairo_set_source_rgba(cr, 0, 0, 0, 0.07);
    cairo_fill(cr);
  }

  rounded_rect(cr, x, y, w, h, radius);
  cairo_pattern_t *grad = cairo_pattern_create_linear(x, y, x + w, y + h);
  cairo_pattern_add_color_stop_rgb(grad, 0, pal->wood_hi.r, pal->wood_hi.g,
                                   pal->wood_hi.b);
  cairo_pattern_add_color_stop_rgb(grad, 1, pal->wood_lo.r, pal->wood_lo.g,
                                   pal->wood_lo.b);
  cairo_set_source(cr, grad);
  cairo_fill_preserve(cr);
  cairo_pattern_destroy(grad);

  /* Grain: gentle waves placed by a fixed sequence, so every frame and
   * every screenshot shows the same board. */
  cairo_save(cr);
  cairo_clip(cr);
  uint32_t seed = 0x2545F491u;
  for (int i = 0; i < 34; i++) {
    seed = seed * 1664525u + 1013904223u;
    double fy = (seed >> 8) / 16777216.0;
    seed = seed * 1664525u + 1013904223u;
    double amp = ((seed >> 8) / 16777216.0 - 0.5) * 0.5 * c;
    seed = seed * 1664525u + 1013904223u;
    double lw = (0.015 + 0.05 * ((seed >> 8) / 16777216.0)) * c;
    double yy = y + fy * h;
    cairo_move_to(cr, x, yy);
    cairo_curve_to(cr, x + w * 0.3, yy + amp, x + w * 0.6, yy - amp, x + w,
                   yy + amp * 0.5);
    cairo_set_line_width(cr, lw);
    set_rgb(cr, pal->grain, 0.06);
    cairo_stroke(cr);
  }
  cairo_restore(cr);

  /* A thin darker edge gives the board a cut border. */
  rounded_rect(cr, x + 0.5 / geom->scale, y + 0.5 / geom->scale,
               w - 1 / geom->scale, h - 1 / geom->scale, radius);
  set_rgb(cr, pal->grain, 0.35);
  cairo_set_line_width(cr, 1 / geom->scale);
  cairo_stroke(cr);
}

static void hline(cairo_t *cr, const JqBoardGeometry *geom, double row,
                  double c0, double c1, double width_dev) {
  double y = snap(geom, row_y(geom, row), width_dev);
  cairo_move_to(cr, col_x(geom, c0), y);
  cairo_line_to(cr, col_x(geom, c1), y);
}

static void vline(cairo_t *cr, const JqBoardGeometry *geom, double col,
                  double r0, double r1, double width_dev) {
  double x = snap(geom, col_x(geom, col), width_dev);
  cairo_move_to(cr, x, row_y(geom, r0));
  cairo_line_to(cr, x, row_y(geom, r1));
}

/* The small L marks around a cannon or pawn point; points on the edge get
 * them on the inner side only. */
static void draw_point_marks(cairo_t *cr, const JqBoardGeometry *geom, int col,
                             int row) {
  double c = geom->cell;
  double gap = 0.08 * c, len = 0.2 * c;
  double w = geom->thin;
  double x = snap(geom, col_x(geom, col), w);
  double y = snap(geom, row_y(geom, row), w);
  for (int sx = -1; sx <= 1; sx += 2) {
    if ((col == 0 && sx < 0) || (col == 8 && sx > 0))
      continue;
    for (int sy = -1; sy <= 1; sy += 2) {
      double ex = x + sx * gap, ey = y + sy * gap;
      cairo_move_to(cr, ex + sx * len, ey);
      cairo_line_to(cr, ex, ey);
      cairo_line_to(cr, ex, ey + sy * len);
    }
  }
}

void jq_board_draw_background(cairo_t *cr, const JqBoardGeometry *geom,
                              const JqBoardState *state) {
  const Palette *pal = palette_of(state);
  double c = geom->cell, s = geom->scale;
  double thin = geom->thin, border = 2 * geom->thin;
  double frame = fmax(2, round(c * s / 16));

  cairo_save(cr);
  draw_wood(cr, geom, pal);

  set_rgb(cr, pal->line, pal->line_alpha);
  cairo_set_line_cap(cr, CAIRO_LINE_CAP_SQUARE);
  cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);

  /* Inner lines; the river interrupts the files but the two edge ones. */
  cairo_set_line_width(cr, thin / s);
  for (int row = 1; row < 9; row++)
    hline(cr, geom, row, 0, 8, thin);
  for (int col = 1; col < 8; col++) {
    vline(cr, geom, col, 0, 4, thin);
    vline(cr, geom, col, 5, 9, thin);
  }
  cairo_stroke(cr);

  /* Palace diagonals (symmetric, so flipping does not move them). */
  cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
  for (int top = 0; top <= 7; top += 7) {
    cairo_move_to(cr, col_x(geom, 3), row_y(geom, top));
    cairo_line_to(cr, col_x(geom, 5), row_y(geom, top + 2));
    cairo_move_to(cr, col_x(geom, 5), row_y(geom, top));
    cairo_line_to(cr, col_x(geom, 3), row_y(geom, top + 2));
  }
  cairo_stroke(cr);

  /* Marks on the cannon and pawn points. */
  cairo_set_line_cap(cr, CAIRO_LINE_CAP_SQUARE);
  for (int row = 2; row <= 7; row += 5)
    for (int col = 1; col <= 7; col += 6)
      draw_point_marks(cr, geom, col, row);
  for (int row = 3; row <= 6; row += 3)
    for (int col = 0; col <= 8; col += 2)
      draw_point_marks(cr, geom, col, row);
  cairo_stroke(cr);

  /* The grid's border, then the heavier outer frame. */
  cairo_set_line_width(cr, border / s);
  double x0 = snap(geom, col_x(geom, 0), border);
  double x1 = snap(geom, col_x(geom, 8), border);
  double y0 = snap(geom, row_y(geom, 0), border);
  double y1 = snap(geom, row_y(geom, 9), border);
  cairo_rectangle(cr, x0, y0, x1 - x0, y1 - y0);
  cairo_stroke(cr);

  double gap = round(FRAME_GAP * c * s) / s;
  cairo_set_line_width(cr, frame / s);
  double fx0 = snap(geom, col_x(geom, 0) - gap, frame);
  double fx1 = snap(geom, col_x(geom, 8) + gap, frame);
  double fy0 = snap(geom, row_y(geom, 0) - gap, frame);
  double fy1 = snap(geom, row_y(geom, 9) + gap, frame);
  cairo_rectangle(cr, fx0, fy0, fx1 - fx0, fy1 - fy0);
  cairo_stroke(cr);

  /* 楚河 汉界, upright for the player at the bottom, one character per
   * cell centred in each half of the river. */
  static const char *const river[2][4] = {{"楚", "河", "汉", "界"},
                                          {"楚", "河", "漢", "界"}};
  const char *const *words = river[state->traditional ? 1 : 0];
  static const double river_cols[4] = {1.5, 2.6, 5.4, 6.5};
  set_rgb(cr, pal->line, 0.8 * pal->line_alpha);
  for (int i = 0; i < 4; i++)
    draw_text(cr, words[i], 0.56 * c, false, col_x(geom, river_cols[i]),
              row_y(geom, 4.5));

  /* File numbers: Red counts 一..九 from its right, Black １..９ from its
   * own right. */
  static const char *const red_numbers[9] = {"一", "二", "三", "四", "五",
                                             "六", "七", "八", "九"};
  static const char *const black_numbers[9] = {"１", "２", "３", "４", "５",
                                               "６", "７", "８", "９"};
  double label_off = 0.5 * c + 0.38 * c;
  set_rgb(cr, pal->line, 0.9 * pal->line_alpha);
  for (int file = 0; file < 9; file++) {
    int col = state->flipped ? 8 - file : file;
    const char *red = red_numbers[8 - file];
    const char *black = black_numbers[file];
    const char *bottom = state->flipped ? black : red;
    const char *top = state->flipped ? red : black;
    draw_text(cr, bottom, 0.3 * c, false, col_x(geom, col),
              row_y(geom, 9) + label_off);
    draw_text(cr, top, 0.3 * c, false, col_x(geom, col),
              row_y(geom, 0) - label_off);
  }
  cairo_restore(cr);
}

/* ---- pieces ---- */

static void circle(cairo_t *cr, double x, double y, double r) {
  cairo_new_sub_path(cr);
  cairo_arc(cr, x, y, r, 0, 2 * G_PI);
}

/* One disc, as jq_board_draw_piece. */
static void draw_piece(cairo_t *cr, const JqBoardGeometry *geom,
                       const Palette *pal, JqPiece piece, bool traditional,
                       double x, double y, double lift, double squash) {
  double c = geom->cell;
  double r = PIECE_RADIUS * c * (1 + 0.06 * lift);
  Rgb ink = jq_piece_color(piece) == JQ_RED ? pal->red_ink : pal->black_ink;

  cairo_save(cr);
  cairo_translate(cr, x, y);
  cairo_scale(cr, fmax(squash, 0.02), 1);

  /* Shadow: two offset translucent discs read as a soft one. */
  double off = (0.05 + 0.07 * lift) * c;
  circle(cr, off * 0.5, off, r * 1.03);
  cairo_set_source_rgba(cr, 0, 0, 0, 0.12);
  cairo_fill(cr);
  circle(cr, off * 0.3, off * 0.6, r);
  cairo_set_source_rgba(cr, 0, 0, 0, 0.22);
  cairo_fill(cr);

  bool hidden = jq_piece_is_hidden(piece);
  Rgb hi = hidden ? pal->back_hi : pal->face_hi;
  Rgb lo = hidden ? pal->back_lo : pal->face_lo;
  cairo_pattern_t *grad =
      cairo_pattern_create_radial(-0.35 * r, -0.4 * r, 0.1 * r, 0, 0, r);
  cairo_pattern_add_color_stop_rgb(grad, 0, hi.r, hi.g, hi.b);
  cairo_pattern_add_color_stop_rgb(grad, 1, lo.r, lo.g, lo.b);
  circle(cr, 0, 0, r);
  cairo_set_source(cr, grad);
  cairo_fill(cr);
  cairo_pattern_destroy(grad);

  if (hidden) {
    /* The back: a lattice inside a rim in the owner's colour. */
    cairo_save(cr);
    circle(cr, 0, 0, r * 0.78);
    cairo_clip(cr);
    double step = r * 0.3;
    cairo_set_line_width(cr, r * 0.05);
    for (double d = -2 * r; d <= 2 * r; d += step) {
      cairo_move_to(cr, d - r, -r);
      cairo_line_to(cr, d + r, r);
      cairo_move_to(cr, d + r, -r);
      cairo_line_to(cr, d - r, r);
    }
    set_rgb(cr, pal->back_line, 0.45);
    cairo_stroke(cr);
    cairo_restore(cr);

    circle(cr, 0, 0, r * 0.2);
    set_rgb(cr, pal->back_lo, 1);
    cairo_fill_preserve(cr);
    cairo_set_line_width(cr, r * 0.05);
    set_rgb(cr, pal->back_line, 0.8);
    cairo_stroke(cr);

    circle(cr, 0, 0, r * 0.89);
    cairo_set_line_width(cr, r * 0.2);
    set_rgb(cr, ink, 0.95);
    cairo_stroke(cr);
  } else {
    /* Face: an engraved ring and the character in the side's ink. */
    circle(cr, 0, 0, r * 0.8);
    cairo_set_line_width(cr, r * 0.05);
    set_rgb(cr, ink, 0.9);
    cairo_stroke(cr);
    const char *glyph = jq_board_piece_glyph(piece, traditional);
    if (glyph != NULL) {
      set_rgb(cr, ink, 1);
      draw_text(cr, glyph, r * 1.12, true, 0, 0);
    }
  }

  /* The rim: a darker edge and a faint highlight along the top. */
  circle(cr, 0, 0, r - r * 0.03);
  cairo_set_line_width(cr, r * 0.06);
  set_rgb(cr, hidden ? pal->back_lo : pal->face_edge, 0.9);
  cairo_stroke(cr);
  cairo_new_sub_path(cr);
  cairo_arc(cr, 0, 0, r * 0.93, G_PI * 1.1, G_PI * 1.65);
  cairo_set_line_width(cr, r * 0.04);
  cairo_set_source_rgba(cr, 1, 1, 1, hidden ? 0.25 : 0.6);
  cairo_stroke(cr);
  cairo_restore(cr);
}

void jq_board_draw_piece(cairo_t *cr, const JqBoardGeometry *geom,
                         JqPiece piece, bool traditional, bool dark, double x,
                         double y, double lift, double squash) {
  draw_piece(cr, geom, dark ? &dark_palette : &light_palette, piece,
             traditional, x, y, lift, squash);
}

static void draw_arrow(cairo_t *cr, const JqBoardGeometry *geom, Rgb color,
                       double x0, double y0, double x1, double y1) {
  double c = geom->cell;
  double dx = x1 - x0, dy = y1 - y0;
  double len = hypot(dx, dy);
  if (len < 1e-6)
    return;
  double ux = dx / len, uy = dy / len;
  double start = 0.22 * c, end = 0.18 * c;
  double shaft = 0.075 * c, head_w = 0.24 * c, head_l = 0.4 * c;
  double total = len - start - end;
  if (total < head_l)
    return;
  cairo_save(cr);
  cairo_translate(cr, x0 + ux * start, y0 + uy * start);
  cairo_rotate(cr, atan2(uy, ux));
  cairo_move_to(cr, 0, -shaft);
  cairo_line_to(cr, total - head_l, -shaft);
  cairo_line_to(cr, total - head_l, -head_w);
  cairo_line_to(cr, total, 0);
  cairo_line_to(cr, total - head_l, head_w);
  cairo_line_to(cr, total - head_l, shaft);
  cairo_line_to(cr, 0, shaft);
  cairo_close_path(cr);
  set_rgb(cr, color, 0.8);
  cairo_fill_preserve(cr);
  cairo_set_line_width(cr, 0.02 * c);
  cairo_set_source_rgba(cr, 1, 1, 1, 0.5);
  cairo_stroke(cr);
  cairo_restore(cr);
}

/* Corner brackets around a point: the keyboard cursor. */
static void draw_cursor(cairo_t *cr, const JqBoardGeometry *geom,
                        const Palette *pal, double x, double y) {
  double c = geom->cell;
  double h = 0.5 * c, len = 0.18 * c;
  cairo_save(cr);
  cairo_set_line_width(cr, fmax(2, 2 * geom->thin) / geom->scale);
  cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
  for (int sx = -1; sx <= 1; sx += 2) {
    for (int sy = -1; sy <= 1; sy += 2) {
      cairo_move_to(cr, x + sx * h, y + sy * (h - len));
      cairo_line_to(cr, x + sx * h, y + sy * h);
      cairo_line_to(cr, x + sx * (h - len), y + sy * h);
    }
  }
  set_rgb(cr, pal->accent, 1);
  cairo_stroke(cr);
  cairo_restore(cr);
}

static double ease_out(double t) {
  t = fmin(fmax(t, 0), 1);
  return 1 - (1 - t) * (1 - t) * (1 - t);
}

/* Whether what is drawn around the point (x, y), a king's glow at most,
 * can show inside `clip` {x1, y1, x2, y2}. */
static bool near_clip(const JqBoardGeometry *geom, const double clip[4],
                      double x, double y) {
  double reach = 0.8 * geom->cell + 2 / geom->scale;
  return x + reach > clip[0] && x - reach < clip[2] && y + reach > clip[1] &&
         y - reach < clip[3];
}

void jq_board_draw_still(cairo_t *cr, const JqBoardGeometry *geom,
                         const JqBoardState *state, JqPieceFaces *faces) {
  const Palette *pal = palette_of(state);
  double c = geom->cell;
  bool flipped = state->flipped;
  bool animating = state->anim_from >= 0 && state->anim_to >= 0;
  double x, y;
  /* A tile of the board (jq-board-tiles.h) is drawn clipped: what lies
   * outside is skipped, not drawn for nothing. */
  double clip[4];
  cairo_clip_extents(cr, &clip[0], &clip[1], &clip[2], &clip[3]);

  cairo_save(cr);

  /* Under the pieces: the last move's two points, the glow of a king in
   * check. */
  if (state->last_move != JQ_MOVE_NONE) {
    int ends[2] = {jq_move_from(state->last_move),
                   jq_move_to(state->last_move)};
    for (int i = 0; i < 2; i++) {
      if (ends[i] >= JQ_SQUARES)
        continue;
      jq_board_square_center(geom, flipped, ends[i], &x, &y);
      rounded_rect(cr, x - 0.47 * c, y - 0.47 * c, 0.94 * c, 0.94 * c,
                   0.14 * c);
      set_rgb(cr, pal->last_move, i == 0 ? 0.22 : 0.32);
      cairo_fill(cr);
    }
  }
  if (state->check_square >= 0 && state->check_square < JQ_SQUARES) {
    jq_board_square_center(geom, flipped, state->check_square, &x, &y);
    Rgb k = pal->check;
    cairo_pattern_t *glow =
        cairo_pattern_create_radial(x, y, 0.3 * c, x, y, 0.78 * c);
    cairo_pattern_add_color_stop_rgba(glow, 0, k.r, k.g, k.b, 0.85);
    cairo_pattern_add_color_stop_rgba(glow, 0.45, k.r, k.g, k.b, 0.45);
    cairo_pattern_add_color_stop_rgba(glow, 1, k.r, k.g, k.b, 0);
    circle(cr, x, y, 0.78 * c);
    cairo_set_source(cr, glow);
    cairo_fill(cr);
    cairo_pattern_destroy(glow);
  }

  /* The selected piece's point, and the ghost left by a dragged one. */
  if (state->selected >= 0 && state->selected < JQ_SQUARES) {
    jq_board_square_center(geom, flipped, state->selected, &x, &y);
    circle(cr, x, y, 0.52 * c);
    set_rgb(cr, pal->accent, 0.35);
    cairo_fill(cr);
  }

  for (int sq = 0; sq < JQ_SQUARES; sq++) {
    JqPiece piece = state->board[sq];
    if (sq == state->drag_from)
      piece = JQ_EMPTY;
    if (animating && sq == state->anim_to)
      piece = state->anim_captured;
    if (piece == JQ_EMPTY)
      continue;
    jq_board_square_center(geom, flipped, sq, &x, &y);
    if (!near_clip(geom, clip, x, y))
      continue;
    if (faces != NULL)
      jq_piece_faces_paint(faces, cr, geom, piece, state->traditional,
                           state->dark, x, y);
    else
      draw_piece(cr, geom, pal, piece, state->traditional, x, y, 0, 1);
  }

  if (state->selected >= 0 && state->selected < JQ_SQUARES &&
      state->selected != state->drag_from) {
    jq_board_square_center(geom, flipped, state->selected, &x, &y);
    circle(cr, x, y, (PIECE_RADIUS + 0.03) * c);
    cairo_set_line_width(cr, 0.07 * c);
    set_rgb(cr, pal->accent, 0.95);
    cairo_stroke(cr);
  }

  /* Legal destinations: dots on free points, rings around captures. */
  for (int sq = 0; sq < JQ_SQUARES; sq++) {
    if (!state->targets[sq])
      continue;
    jq_board_square_center(geom, flipped, sq, &x, &y);
    if (!near_clip(geom, clip, x, y))
      continue;
    if (state->board[sq] != JQ_EMPTY) {
      circle(cr, x, y, (PIECE_RADIUS + 0.04) * c);
      cairo_set_line_width(cr, 0.08 * c);
      set_rgb(cr, pal->accent, 0.85);
      cairo_stroke(cr);
    } else {
      circle(cr, x, y, 0.13 * c);
      set_rgb(cr, pal->accent, 0.8);
      cairo_fill(cr);
    }
  }

  if (state->hint != JQ_MOVE_NONE && jq_move_from(state->hint) < JQ_SQUARES &&
      jq_move_to(state->hint) < JQ_SQUARES) {
    double x1, y1;
    jq_board_square_center(geom, flipped, jq_move_from(state->hint), &x, &y);
    jq_board_square_center(geom, flipped, jq_move_to(state->hint), &x1, &y1);
    draw_arrow(cr, geom, pal->hint, x, y, x1, y1);
  }

  if (state->cursor >= 0 && state->cursor < JQ_SQUARES) {
    jq_board_square_center(geom, flipped, state->cursor, &x, &y);
    draw_cursor(cr, geom, pal, x, y);
  }

  cairo_restore(cr);
}

/* The sliding piece this frame: the first part of the way it slides as
 * it was; a reveal then flips it over to what it turned up. False when
 * none shows. */
static bool sliding_piece(const JqBoardGeometry *geom,
                          const JqBoardState *state, JqPiece *shown, double *x,
                          double *y, double *lift, double *squash) {
  if (state->anim_from < 0 || state->anim_to < 0)
    return false;
  double x0, y0, x1, y1;
  jq_board_square_center(geom, state->flipped, state->anim_from, &x0, &y0);
  jq_board_square_center(geom, state->flipped, state->anim_to, &x1, &y1);
  JqPiece now = state->board[state->anim_to];
  bool flip = state->anim_old != now && now != JQ_EMPTY;
  double slide_end = flip ? 0.6 : 1.0;
  double t = ease_out(state->anim_progress / slide_end);
  *shown = state->anim_old;
  *squash = 1;
  if (flip && state->anim_progress > slide_end) {
    double u = (state->anim_progress - slide_end) / (1 - slide_end);
    *squash = fabs(cos(G_PI * u));
    if (u >= 0.5)
      *shown = now;
  }
  *x = x0 + (x1 - x0) * t;
  *y = y0 + (y1 - y0) * t;
  *lift = 0.5 * (1 - t);
  return *shown != JQ_EMPTY;
}

static bool dragged_piece(const JqBoardState *state, JqPiece *shown) {
  if (state->drag_from < 0 || state->drag_from >= JQ_SQUARES)
    return false;
  *shown = state->board[state->drag_from];
  return *shown != JQ_EMPTY;
}

bool jq_board_mover_box(const JqBoardGeometry *geom, const JqBoardState *state,
                        JqBoardMover which, double box[4]) {
  JqPiece shown;
  double x, y, lift = 1, squash = 1;
  if (which == JQ_BOARD_SLIDING) {
    if (!sliding_piece(geom, state, &shown, &x, &y, &lift, &squash))
      return false;
  } else {
    if (!dragged_piece(state, &shown))
      return false;
    x = state->drag_x;
    y = state->drag_y;
  }
  /* A lifted disc (radius 0.48 cells at most) and its shadow (0.12 cells
   * down and right), with room to spare, on whole device pixels. */
  double half = 0.7 * geom->cell, s = geom->scale;
  box[0] = floor((x - half) * s) / s;
  box[1] = floor((y - half) * s) / s;
  box[2] = ceil((x + half) * s) / s - box[0];
  box[3] = ceil((y + half) * s) / s - box[1];
  return true;
}

void jq_board_draw_mover(cairo_t *cr, const JqBoardGeometry *geom,
                         const JqBoardState *state, JqBoardMover which) {
  const Palette *pal = palette_of(state);
  JqPiece shown;
  double x, y, lift, squash;
  if (which == JQ_BOARD_SLIDING) {
    if (sliding_piece(geom, state, &shown, &x, &y, &lift, &squash))
      draw_piece(cr, geom, pal, shown, state->traditional, x, y, lift, squash);
  } else if (dragged_piece(state, &shown)) {
    draw_piece(cr, geom, pal, shown, state->traditional, state->drag_x,
               state->drag_y, 1, 1);
  }
}

void jq_board_draw_pieces(cairo_t *cr, const JqBoardGeometry *geom,
                          const JqBoardState *state, JqPieceFaces *faces) {
  jq_board_draw_still(cr, geom, state, faces);
  jq_board_draw_mover(cr, geom, state, JQ_BOARD_SLIDING);
  jq_board_draw_mover(cr, geom, state, JQ_BOARD_DRAGGED);
}

void jq_board_draw(cairo_t *cr, double width, double height, double scale,
                   const JqBoardState *state) {
  JqBoardGeometry geom;
  jq_board_geometry_compute(&geom, width, height, scale);
  jq_board_draw_background(cr, &geom, state);
  JqPieceFaces *faces = jq_piece_faces_new();
  jq_board_draw_pieces(cr, &geom, state, faces);
  jq_piece_faces_free(faces);
}
