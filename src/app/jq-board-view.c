/* JqBoardView: draws through jq-board-draw (a cached node for the board,
 * cached faces for the pieces), turns clicks, drags and keys into
 * move requests, and keeps its accessible text in step with the view. */
#include "jq-board-view.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "jq-board-describe.h"
#include "jq-board-draw.h"
#include "jq-board-tiles.h"
#include "jq-movegen.h"
#include "jq-piece-faces.h"

/* Nominal cell size: natural size request, and test input before the
 * widget has been allocated. */
#define NATURAL_CELL 52
#define MINIMUM_CELL 22
#define SLIDE_US (160 * G_TIME_SPAN_MILLISECOND)
#define FLIP_US (120 * G_TIME_SPAN_MILLISECOND)

struct _JqBoardView {
  GtkWidget parent_instance;

  JqPosition *pos; /* NULL until the first set_position */
  JqMoveList legal;
  JqMove last_move;
  JqMove hint;
  int check_square;

  gboolean flipped;
  gboolean traditional;
  gboolean show_legal;
  gboolean interactive;
  gboolean animate;

  /* Picking: a press on one of the mover's pieces selects it and may
   * become a drag; a press elsewhere while one is selected tries a move. */
  int selected;
  gboolean press_active;
  gboolean deselect_on_release;
  int press_square;
  double press_x, press_y;
  gboolean dragging;
  double drag_x, drag_y;
  /* A dropped move is already where it belongs: no slide for it. */
  JqMove no_slide;

  int cursor;
  gboolean cursor_visible;

  guint tick_id;
  gint64 anim_start;
  gint64 anim_duration;
  double anim_progress;
  double anim_held; /* a test's progress, < 0 when none */
  int anim_from, anim_to;
  JqPiece anim_old, anim_captured;

  /* The board drawing depends on little, so it is kept between frames. */
  GskRenderNode *board_node;
  int node_width, node_height, node_scale;
  gboolean node_flipped, node_traditional, node_dark;
  /* The pieces at rest and the marks, kept while only a sliding or
   * dragged piece changes: the same node in each frame is not drawn
   * again, only the mover's small one (jq_board_mover_box). In tiles
   * (jq-board-tiles.h), so that a move's start and end draw again only
   * the tiles of the points it changes. */
  GskRenderNode *still_tiles[JQ_BOARD_TILES];
  JqBoardState still_state; /* what it shows, anim_progress and drag_x/y 0 */
  int still_width, still_height, still_scale;
  JqPieceFaces *faces;
  gboolean style_connected;
  gboolean hand_cursor;
};

G_DEFINE_FINAL_TYPE(JqBoardView, jq_board_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_FLIPPED,
  PROP_TRADITIONAL,
  PROP_SHOW_LEGAL_MOVES,
  PROP_INTERACTIVE,
  PROP_ANIMATE,
  N_PROPS
};
static GParamSpec *props[N_PROPS];

enum { SIGNAL_MOVE_REQUESTED, SIGNAL_ILLEGAL_MOVE, N_SIGNALS };
static guint signals[N_SIGNALS];

/* ---- helpers ---- */

static gboolean is_dark(JqBoardView *self) {
  if (!adw_is_initialized())
    return FALSE;
  return adw_style_manager_get_dark(adw_style_manager_get_default());
}

static void on_dark_changed(JqBoardView *self, GParamSpec *pspec,
                            AdwStyleManager *manager) {
  gtk_widget_queue_draw(GTK_WIDGET(self));
}

/* AdwStyleManager exists only once libadwaita is initialised, which may be
 * after the widget was made. */
static void connect_style_manager(JqBoardView *self) {
  if (self->style_connected || !adw_is_initialized())
    return;
  g_signal_connect_object(adw_style_manager_get_default(), "notify::dark",
                          G_CALLBACK(on_dark_changed), self, G_CONNECT_SWAPPED);
  self->style_connected = TRUE;
}

static void geometry_of(JqBoardView *self, JqBoardGeometry *geom) {
  GtkWidget *widget = GTK_WIDGET(self);
  int w = gtk_widget_get_width(widget), h = gtk_widget_get_height(widget);
  if (w <= 0 || h <= 0) {
    w = (int)ceil(JQ_BOARD_WIDTH_CELLS * NATURAL_CELL);
    h = (int)ceil(JQ_BOARD_HEIGHT_CELLS * NATURAL_CELL);
  }
  jq_board_geometry_compute(geom, w, h, gtk_widget_get_scale_factor(widget));
}

static gboolean is_legal(JqBoardView *self, JqMove move) {
  for (int i = 0; i < self->legal.count; i++)
    if (self->legal.moves[i] == move)
      return TRUE;
  return FALSE;
}

static gboolean owns_piece(JqBoardView *self, int square) {
  if (self->pos == NULL || square < 0)
    return FALSE;
  JqPiece p = self->pos->board[square];
  return p != JQ_EMPTY && jq_piece_color(p) == (JqColor)self->pos->side;
}

static void update_accessible(JqBoardView *self) {
  char *description =
      self->pos != NULL
          ? jq_board_describe(self->pos, self->last_move, self->check_square)
          : g_strdup(_("No position"));
  GString *label =
      g_string_new(self->pos != NULL && jq_position_is_jieqi(self->pos)
                       ? _("Jieqi board")
                       : _("Xiangqi board"));
  if (self->pos != NULL && self->cursor_visible && self->cursor >= 0) {
    char *where = jq_board_describe_square(self->pos, self->cursor);
    g_string_append(label, ". ");
    /* TRANSLATORS: the keyboard cursor's point, like "e3, Red pawn". */
    g_string_append_printf(label, _("Cursor on %s"), where);
    g_free(where);
  }
  if (self->pos != NULL && self->selected >= 0) {
    char name[3];
    jq_square_name(self->selected, name);
    g_string_append(label, ". ");
    /* TRANSLATORS: the point of the piece the user picked up. */
    g_string_append_printf(label, _("Picked up %s"), name);
  }
  gtk_accessible_update_property(
      GTK_ACCESSIBLE(self), GTK_ACCESSIBLE_PROPERTY_LABEL, label->str,
      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
  g_string_free(label, TRUE);
  g_free(description);
}

static void fill_state(JqBoardView *self, JqBoardState *st,
                       gboolean transient) {
  jq_board_state_init(st);
  if (self->pos != NULL)
    memcpy(st->board, self->pos->board, sizeof st->board);
  st->flipped = self->flipped;
  st->traditional = self->traditional;
  st->dark = is_dark(self);
  st->last_move = self->last_move;
  st->hint = self->hint;
  st->check_square = self->check_square;
  st->selected = self->selected;
  if (self->show_legal && self->selected >= 0) {
    for (int i = 0; i < self->legal.count; i++)
      if (jq_move_from(self->legal.moves[i]) == self->selected)
        st->targets[jq_move_to(self->legal.moves[i])] = true;
  }
  if (!transient)
    return;
  if (self->cursor_visible && gtk_widget_has_focus(GTK_WIDGET(self)))
    st->cursor = self->cursor;
  if (self->dragging) {
    st->drag_from = self->press_square;
    st->drag_x = self->drag_x;
    st->drag_y = self->drag_y;
  }
  if (self->tick_id != 0) {
    st->anim_from = self->anim_from;
    st->anim_to = self->anim_to;
    st->anim_progress = self->anim_progress;
    st->anim_old = self->anim_old;
    st->anim_captured = self->anim_captured;
  }
}

/* ---- animation ---- */

static void stop_animation(JqBoardView *self) {
  if (self->tick_id != 0) {
    gtk_widget_remove_tick_callback(GTK_WIDGET(self), self->tick_id);
    self->tick_id = 0;
    gtk_widget_queue_draw(GTK_WIDGET(self));
  }
}

static gboolean animation_tick(GtkWidget *widget, GdkFrameClock *clock,
                               gpointer data) {
  JqBoardView *self = JQ_BOARD_VIEW(widget);
  gint64 now = gdk_frame_clock_get_frame_time(clock);
  if (self->anim_start == 0)
    self->anim_start = now;
  self->anim_progress =
      self->anim_held >= 0
          ? self->anim_held
          : (double)(now - self->anim_start) / (double)self->anim_duration;
  gtk_widget_queue_draw(widget);
  if (self->anim_held >= 0)
    return G_SOURCE_CONTINUE;
  if (self->anim_progress >= 1) {
    self->tick_id = 0;
    return G_SOURCE_REMOVE;
  }
  return G_SOURCE_CONTINUE;
}

static gboolean animations_wanted(JqBoardView *self) {
  GtkWidget *widget = GTK_WIDGET(self);
  gboolean enabled = TRUE;
  g_object_get(gtk_widget_get_settings(widget), "gtk-enable-animations",
               &enabled, NULL);
  return self->animate && enabled && gtk_widget_get_mapped(widget);
}

static void start_animation(JqBoardView *self, int from, int to,
                            JqPiece old_piece, JqPiece captured) {
  stop_animation(self);
  if (!animations_wanted(self))
    return;
  self->anim_from = from;
  self->anim_to = to;
  self->anim_old = old_piece;
  self->anim_captured = captured;
  self->anim_progress = 0;
  self->anim_start = 0;
  /* A reveal gets a little more time: it flips over at the end. */
  gboolean reveal = old_piece != self->pos->board[to];
  self->anim_duration = SLIDE_US + (reveal ? FLIP_US : 0);
  self->tick_id = gtk_widget_add_tick_callback(GTK_WIDGET(self), animation_tick,
                                               NULL, NULL);
}

/* Does `after` follow from `before` by one piece moving? Only then is
 * there something to slide; a new game or an undo just appears. */
static gboolean find_one_move(const JqPiece *before, const JqPiece *after,
                              int *from, int *to) {
  int changed[2];
  int n = 0;
  for (int sq = 0; sq < JQ_SQUARES; sq++) {
    if (before[sq] == after[sq])
      continue;
    if (n == 2)
      return FALSE;
    changed[n++] = sq;
  }
  if (n != 2)
    return FALSE;
  for (int i = 0; i < 2; i++) {
    int a = changed[i], b = changed[1 - i];
    if (after[a] != JQ_EMPTY || before[a] == JQ_EMPTY || after[b] == JQ_EMPTY)
      continue;
    JqColor mover = jq_piece_color(before[a]);
    if (jq_piece_color(after[b]) != mover)
      continue;
    if (before[b] != JQ_EMPTY && jq_piece_color(before[b]) == mover)
      continue;
    *from = a;
    *to = b;
    return TRUE;
  }
  return FALSE;
}

/* ---- picking and moving ---- */

static void clear_selection(JqBoardView *self) {
  gboolean changed = self->selected >= 0 || self->dragging;
  self->selected = -1;
  self->press_active = FALSE;
  self->dragging = FALSE;
  self->deselect_on_release = FALSE;
  if (changed) {
    gtk_widget_queue_draw(GTK_WIDGET(self));
    update_accessible(self);
  }
}

static void select_square(JqBoardView *self, int square) {
  self->selected = square;
  gtk_widget_queue_draw(GTK_WIDGET(self));
  update_accessible(self);
}

/* Would the kings face each other on an open file after the move? */
static gboolean kings_would_face(const JqPosition *pos, JqMove move) {
  JqPiece board[JQ_SQUARES];
  memcpy(board, pos->board, sizeof board);
  board[jq_move_to(move)] = board[jq_move_from(move)];
  board[jq_move_from(move)] = JQ_EMPTY;
  int kings[2] = {-1, -1};
  for (int sq = 0; sq < JQ_SQUARES; sq++) {
    JqPiece p = board[sq];
    if (p != JQ_EMPTY && !jq_piece_is_hidden(p) && jq_piece_type(p) == JQ_KING)
      kings[jq_piece_color(p)] = sq;
  }
  if (kings[0] < 0 || kings[1] < 0 ||
      jq_square_file(kings[0]) != jq_square_file(kings[1]))
    return FALSE;
  int lo = MIN(kings[0], kings[1]), hi = MAX(kings[0], kings[1]);
  for (int sq = lo + JQ_FILES; sq < hi; sq += JQ_FILES)
    if (board[sq] != JQ_EMPTY)
      return FALSE;
  return TRUE;
}

static const char *illegal_reason(JqBoardView *self, JqMove move) {
  if (!jq_position_is_pseudo_legal(self->pos, move))
    return _("That piece cannot move there");
  if (kings_would_face(self->pos, move))
    return _("The two kings may not face each other on an open file");
  if (jq_position_in_check(self->pos))
    return _("Your king is in check");
  return _("Your king would be in check");
}

/* The user asked for from -> to. The selection goes either way; the owner
 * hears about the move, the status line about a refusal. */
static void try_move(JqBoardView *self, int from, int to, gboolean dropped) {
  JqMove move = jq_move_make(from, to);
  clear_selection(self);
  if (is_legal(self, move)) {
    self->no_slide = dropped ? move : JQ_MOVE_NONE;
    g_signal_emit(self, signals[SIGNAL_MOVE_REQUESTED], 0, from, to);
  } else {
    g_signal_emit(self, signals[SIGNAL_ILLEGAL_MOVE], 0,
                  illegal_reason(self, move));
  }
}

static void press(JqBoardView *self, double x, double y) {
  self->press_active = FALSE;
  self->deselect_on_release = FALSE;
  /* A click gives the board the keyboard even when no move may be made
   * now: the arrow keys are ready when it may. */
  gtk_widget_grab_focus(GTK_WIDGET(self));
  if (!self->interactive || self->pos == NULL)
    return;
  int square = jq_board_view_square_at(self, x, y);
  if (square < 0) {
    clear_selection(self);
    return;
  }
  /* The pointer took over from the keyboard: its cursor follows. */
  if (self->cursor_visible) {
    self->cursor_visible = FALSE;
    gtk_widget_queue_draw(GTK_WIDGET(self));
  }
  self->cursor = square;

  if (owns_piece(self, square)) {
    /* A second press on the picked piece puts it down, unless it turns
     * into a drag. */
    self->deselect_on_release = self->selected == square;
    select_square(self, square);
    self->press_active = TRUE;
    self->press_square = square;
    self->press_x = x;
    self->press_y = y;
    return;
  }
  if (self->selected >= 0) {
    try_move(self, self->selected, square, FALSE);
    return;
  }
  if (self->pos->board[square] != JQ_EMPTY) {
    g_signal_emit(self, signals[SIGNAL_ILLEGAL_MOVE], 0,
                  self->pos->side == JQ_RED ? _("It is Red's turn to move")
                                            : _("It is Black's turn to move"));
  }
}

static void motion(JqBoardView *self, double x, double y) {
  if (!self->press_active)
    return;
  if (!self->dragging) {
    int threshold = 8;
    g_object_get(gtk_widget_get_settings(GTK_WIDGET(self)),
                 "gtk-dnd-drag-threshold", &threshold, NULL);
    if (hypot(x - self->press_x, y - self->press_y) < threshold)
      return;
    self->dragging = TRUE;
    self->deselect_on_release = FALSE;
  }
  self->drag_x = x;
  self->drag_y = y;
  gtk_widget_queue_draw(GTK_WIDGET(self));
}

static void release(JqBoardView *self, double x, double y) {
  if (!self->press_active)
    return;
  self->press_active = FALSE;
  if (self->dragging) {
    self->dragging = FALSE;
    int to = jq_board_view_square_at(self, x, y);
    gtk_widget_queue_draw(GTK_WIDGET(self));
    if (to == self->press_square)
      return; /* put back: stays picked for a click on its target */
    if (to < 0) {
      clear_selection(self); /* off the board: never mind */
      return;
    }
    try_move(self, self->press_square, to, TRUE);
    return;
  }
  if (self->deselect_on_release)
    clear_selection(self);
}

static void on_drag_begin(GtkGestureDrag *gesture, double x, double y,
                          JqBoardView *self) {
  press(self, x, y);
  if (!self->press_active)
    gtk_gesture_set_state(GTK_GESTURE(gesture), GTK_EVENT_SEQUENCE_DENIED);
}

static void on_drag_update(GtkGestureDrag *gesture, double dx, double dy,
                           JqBoardView *self) {
  double x, y;
  if (gtk_gesture_drag_get_start_point(gesture, &x, &y))
    motion(self, x + dx, y + dy);
}

static void on_drag_end(GtkGestureDrag *gesture, double dx, double dy,
                        JqBoardView *self) {
  double x, y;
  if (gtk_gesture_drag_get_start_point(gesture, &x, &y))
    release(self, x + dx, y + dy);
}

static void on_gesture_cancel(GtkGesture *gesture, GdkEventSequence *sequence,
                              JqBoardView *self) {
  if (self->dragging)
    clear_selection(self);
  self->press_active = FALSE;
}

/* A hand over the pieces that can be picked. */
static void on_pointer_motion(GtkEventControllerMotion *controller, double x,
                              double y, JqBoardView *self) {
  int square = jq_board_view_square_at(self, x, y);
  gboolean pick = self->interactive && (owns_piece(self, square) ||
                                        (self->selected >= 0 && square >= 0));
  if (pick == self->hand_cursor)
    return;
  self->hand_cursor = pick;
  gtk_widget_set_cursor_from_name(GTK_WIDGET(self), pick ? "pointer" : NULL);
}

/* ---- keyboard ---- */

static void move_cursor(JqBoardView *self, int dcol, int drow) {
  if (self->cursor < 0) {
    /* Start on the picked piece, else on the mover's king. */
    if (self->selected >= 0)
      self->cursor = self->selected;
    else if (self->pos != NULL &&
             self->pos->king[self->pos->side] != JQ_NO_SQUARE)
      self->cursor = self->pos->king[self->pos->side];
    else
      self->cursor = jq_square_make(4, 0);
  }
  if (!self->cursor_visible) {
    /* The first key only shows where the cursor is. */
    self->cursor_visible = TRUE;
  } else {
    int file = jq_square_file(self->cursor),
        rank = jq_square_rank(self->cursor);
    /* Screen directions: on a flipped board right is towards file a. */
    int df = self->flipped ? -dcol : dcol;
    int dr = self->flipped ? drow : -drow;
    file = CLAMP(file + df, 0, JQ_FILES - 1);
    rank = CLAMP(rank + dr, 0, JQ_RANKS - 1);
    self->cursor = jq_square_make(file, rank);
  }
  gtk_widget_queue_draw(GTK_WIDGET(self));
  update_accessible(self);
}

static void activate_cursor(JqBoardView *self) {
  if (!self->cursor_visible || self->cursor < 0) {
    move_cursor(self, 0, 0);
    return;
  }
  JqBoardGeometry geom;
  double x, y;
  geometry_of(self, &geom);
  jq_board_square_center(&geom, self->flipped, self->cursor, &x, &y);
  gboolean shown = self->cursor_visible;
  press(self, x, y);
  release(self, x, y);
  /* The press hands the cursor to the pointer; from the keyboard it stays. */
  self->cursor_visible = shown;
  gtk_widget_queue_draw(GTK_WIDGET(self));
  update_accessible(self);
}

static gboolean on_key_pressed(GtkEventControllerKey *controller, guint keyval,
                               guint keycode, GdkModifierType state,
                               JqBoardView *self) {
  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SUPER_MASK))
    return FALSE;
  switch (keyval) {
  case GDK_KEY_Left:
  case GDK_KEY_KP_Left: move_cursor(self, -1, 0); return TRUE;
  case GDK_KEY_Right:
  case GDK_KEY_KP_Right: move_cursor(self, 1, 0); return TRUE;
  case GDK_KEY_Up:
  case GDK_KEY_KP_Up: move_cursor(self, 0, -1); return TRUE;
  case GDK_KEY_Down:
  case GDK_KEY_KP_Down: move_cursor(self, 0, 1); return TRUE;
  case GDK_KEY_Return:
  case GDK_KEY_KP_Enter:
  case GDK_KEY_ISO_Enter:
  case GDK_KEY_space:
  case GDK_KEY_KP_Space: activate_cursor(self); return TRUE;
  case GDK_KEY_Escape:
    if (self->selected < 0 && !self->dragging)
      return FALSE; /* nothing to cancel: the window may want it */
    clear_selection(self);
    return TRUE;
  default: return FALSE;
  }
}

static void on_focus_changed(GtkWidget *widget, GParamSpec *pspec,
                             gpointer data) {
  gtk_widget_queue_draw(widget);
}

/* ---- GtkWidget ---- */

static void jq_board_view_measure(GtkWidget *widget, GtkOrientation orientation,
                                  int for_size, int *minimum, int *natural,
                                  int *minimum_baseline,
                                  int *natural_baseline) {
  double cells = orientation == GTK_ORIENTATION_HORIZONTAL
                     ? JQ_BOARD_WIDTH_CELLS
                     : JQ_BOARD_HEIGHT_CELLS;
  *minimum = (int)ceil(cells * MINIMUM_CELL);
  *natural = (int)ceil(cells * NATURAL_CELL);
}

/* The kept layers are pictures, drawn once into device pixels: a frame
 * that paints much of the window again (a toast leaving from over the
 * board, the window going to its backdrop state on a desktop, a dialog
 * closing over it) copies them, where a record of the paths and glyphs
 * would be replayed operation by operation. Each is still a cairo node
 * holding one paint of its picture: the cairo renderer skips it cheaply
 * outside the area it paints again, which a texture node, copied out of
 * its texture in every frame, is not. `box` is {x, y, width, height} on
 * whole device pixels; draw with the cairo_t that picture_begin returns,
 * in the widget's coordinates, then picture_end makes the node of it. */
static cairo_t *picture_begin(const double box[4], int scale) {
  cairo_surface_t *surface = cairo_image_surface_create(
      CAIRO_FORMAT_ARGB32, (int)lround(box[2] * scale),
      (int)lround(box[3] * scale));
  cairo_surface_set_device_scale(surface, scale, scale);
  cairo_t *cr = cairo_create(surface);
  cairo_surface_destroy(surface);
  cairo_translate(cr, -box[0], -box[1]);
  return cr;
}

static GskRenderNode *picture_end(cairo_t *cr, const double box[4]) {
  cairo_surface_t *surface = cairo_surface_reference(cairo_get_target(cr));
  cairo_destroy(cr);
  GskRenderNode *node =
      gsk_cairo_node_new(&GRAPHENE_RECT_INIT(box[0], box[1], box[2], box[3]));
  cr = gsk_cairo_node_get_draw_context(node);
  cairo_set_source_surface(cr, surface, box[0], box[1]);
  cairo_paint(cr);
  cairo_destroy(cr);
  cairo_surface_destroy(surface);
  return node;
}

static void jq_board_view_snapshot(GtkWidget *widget, GtkSnapshot *snapshot) {
  JqBoardView *self = JQ_BOARD_VIEW(widget);
  int w = gtk_widget_get_width(widget), h = gtk_widget_get_height(widget);
  int scale = gtk_widget_get_scale_factor(widget);
  if (w <= 0 || h <= 0)
    return;
  connect_style_manager(self);

  JqBoardState st;
  fill_state(self, &st, TRUE);
  JqBoardGeometry geom;
  jq_board_geometry_compute(&geom, w, h, scale);

  if (self->board_node == NULL || self->node_width != w ||
      self->node_height != h || self->node_scale != scale ||
      self->node_flipped != st.flipped ||
      self->node_traditional != st.traditional || self->node_dark != st.dark) {
    g_clear_pointer(&self->board_node, gsk_render_node_unref);
    double whole[4] = {0, 0, w, h};
    cairo_t *cr = picture_begin(whole, scale);
    jq_board_draw_background(cr, &geom, &st);
    self->board_node = picture_end(cr, whole);
    self->node_width = w;
    self->node_height = h;
    self->node_scale = scale;
    self->node_flipped = st.flipped;
    self->node_traditional = st.traditional;
    self->node_dark = st.dark;
  }
  gtk_snapshot_append_node(snapshot, self->board_node);

  JqBoardState still = st;
  still.anim_progress = 0;
  still.drag_x = still.drag_y = 0;
  bool dirty[JQ_BOARD_TILES];
  if (self->still_tiles[0] == NULL || self->still_width != w ||
      self->still_height != h || self->still_scale != scale) {
    for (int t = 0; t < JQ_BOARD_TILES; t++)
      dirty[t] = true;
  } else if (memcmp(&self->still_state, &still, sizeof still) != 0) {
    jq_board_tiles_changed(&geom, w, h, &self->still_state, &still, dirty);
  } else {
    memset(dirty, 0, sizeof dirty);
  }
  for (int t = 0; t < JQ_BOARD_TILES; t++) {
    double box[4];
    jq_board_tile_box(&geom, w, h, t, box);
    if (dirty[t] && box[2] > 0 && box[3] > 0) {
      g_clear_pointer(&self->still_tiles[t], gsk_render_node_unref);
      cairo_t *cr = picture_begin(box, scale);
      cairo_rectangle(cr, box[0], box[1], box[2], box[3]);
      cairo_clip(cr);
      jq_board_draw_still(cr, &geom, &still, self->faces);
      self->still_tiles[t] = picture_end(cr, box);
    }
    if (self->still_tiles[t] != NULL)
      gtk_snapshot_append_node(snapshot, self->still_tiles[t]);
  }
  memcpy(&self->still_state, &still, sizeof still);
  self->still_width = w;
  self->still_height = h;
  self->still_scale = scale;

  for (JqBoardMover m = JQ_BOARD_SLIDING; m <= JQ_BOARD_DRAGGED; m++) {
    double box[4];
    if (!jq_board_mover_box(&geom, &st, m, box))
      continue;
    graphene_rect_t area = GRAPHENE_RECT_INIT(box[0], box[1], box[2], box[3]);
    cairo_t *cr = gtk_snapshot_append_cairo(snapshot, &area);
    jq_board_draw_mover(cr, &geom, &st, m);
    cairo_destroy(cr);
  }
}

static void jq_board_view_unmap(GtkWidget *widget) {
  stop_animation(JQ_BOARD_VIEW(widget));
  GTK_WIDGET_CLASS(jq_board_view_parent_class)->unmap(widget);
}

/* ---- GObject ---- */

static void jq_board_view_get_property(GObject *object, guint prop_id,
                                       GValue *value, GParamSpec *pspec) {
  JqBoardView *self = JQ_BOARD_VIEW(object);
  switch (prop_id) {
  case PROP_FLIPPED: g_value_set_boolean(value, self->flipped); break;
  case PROP_TRADITIONAL: g_value_set_boolean(value, self->traditional); break;
  case PROP_SHOW_LEGAL_MOVES:
    g_value_set_boolean(value, self->show_legal);
    break;
  case PROP_INTERACTIVE: g_value_set_boolean(value, self->interactive); break;
  case PROP_ANIMATE: g_value_set_boolean(value, self->animate); break;
  default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, prop_id, pspec);
  }
}

static void jq_board_view_set_property(GObject *object, guint prop_id,
                                       const GValue *value, GParamSpec *pspec) {
  JqBoardView *self = JQ_BOARD_VIEW(object);
  switch (prop_id) {
  case PROP_FLIPPED:
    jq_board_view_set_flipped(self, g_value_get_boolean(value));
    break;
  case PROP_TRADITIONAL:
    jq_board_view_set_traditional(self, g_value_get_boolean(value));
    break;
  case PROP_SHOW_LEGAL_MOVES:
    jq_board_view_set_show_legal_moves(self, g_value_get_boolean(value));
    break;
  case PROP_INTERACTIVE:
    jq_board_view_set_interactive(self, g_value_get_boolean(value));
    break;
  case PROP_ANIMATE:
    jq_board_view_set_animate(self, g_value_get_boolean(value));
    break;
  default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, prop_id, pspec);
  }
}

static void jq_board_view_dispose(GObject *object) {
  JqBoardView *self = JQ_BOARD_VIEW(object);
  stop_animation(self);
  g_clear_pointer(&self->board_node, gsk_render_node_unref);
  for (int t = 0; t < JQ_BOARD_TILES; t++)
    g_clear_pointer(&self->still_tiles[t], gsk_render_node_unref);
  g_clear_pointer(&self->faces, jq_piece_faces_free);
  G_OBJECT_CLASS(jq_board_view_parent_class)->dispose(object);
}

static void jq_board_view_finalize(GObject *object) {
  JqBoardView *self = JQ_BOARD_VIEW(object);
  g_free(self->pos);
  G_OBJECT_CLASS(jq_board_view_parent_class)->finalize(object);
}

static void jq_board_view_class_init(JqBoardViewClass *klass) {
  GObjectClass *object_class = G_OBJECT_CLASS(klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);

  object_class->get_property = jq_board_view_get_property;
  object_class->set_property = jq_board_view_set_property;
  object_class->dispose = jq_board_view_dispose;
  object_class->finalize = jq_board_view_finalize;
  widget_class->measure = jq_board_view_measure;
  widget_class->snapshot = jq_board_view_snapshot;
  widget_class->unmap = jq_board_view_unmap;

  GParamFlags flags =
      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
  props[PROP_FLIPPED] = g_param_spec_boolean(
      "flipped", NULL, "Black at the bottom", FALSE, flags);
  props[PROP_TRADITIONAL] = g_param_spec_boolean(
      "traditional", NULL, "Traditional characters on the pieces", FALSE,
      flags);
  props[PROP_SHOW_LEGAL_MOVES] =
      g_param_spec_boolean("show-legal-moves", NULL,
                           "Mark where a picked piece may go", TRUE, flags);
  props[PROP_INTERACTIVE] = g_param_spec_boolean(
      "interactive", NULL, "The user may pick and move pieces", TRUE, flags);
  props[PROP_ANIMATE] = g_param_spec_boolean(
      "animate", NULL, "Slide moved pieces into place", TRUE, flags);
  g_object_class_install_properties(object_class, N_PROPS, props);

  signals[SIGNAL_MOVE_REQUESTED] = g_signal_new(
      "move-requested", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0, NULL,
      NULL, NULL, G_TYPE_NONE, 2, G_TYPE_INT, G_TYPE_INT);
  signals[SIGNAL_ILLEGAL_MOVE] =
      g_signal_new("illegal-move", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST,
                   0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_set_css_name(widget_class, "jq-board-view");
  /* A picture of the board in words: screen readers read the label and
   * the description; the cursor's point is part of the label. */
  gtk_widget_class_set_accessible_role(widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void jq_board_view_init(JqBoardView *self) {
  GtkWidget *widget = GTK_WIDGET(self);
  self->check_square = -1;
  self->selected = -1;
  self->cursor = -1;
  self->press_square = -1;
  self->anim_from = -1;
  self->anim_to = -1;
  self->anim_held = -1;
  self->show_legal = TRUE;
  self->interactive = TRUE;
  self->animate = TRUE;
  self->faces = jq_piece_faces_new();

  gtk_widget_set_focusable(widget, TRUE);
  gtk_widget_set_focus_on_click(widget, TRUE);
  gtk_widget_set_hexpand(widget, TRUE);
  gtk_widget_set_vexpand(widget, TRUE);

  GtkGesture *drag = gtk_gesture_drag_new();
  gtk_gesture_single_set_button(GTK_GESTURE_SINGLE(drag), GDK_BUTTON_PRIMARY);
  g_signal_connect(drag, "drag-begin", G_CALLBACK(on_drag_begin), self);
  g_signal_connect(drag, "drag-update", G_CALLBACK(on_drag_update), self);
  g_signal_connect(drag, "drag-end", G_CALLBACK(on_drag_end), self);
  g_signal_connect(drag, "cancel", G_CALLBACK(on_gesture_cancel), self);
  gtk_widget_add_controller(widget, GTK_EVENT_CONTROLLER(drag));

  GtkEventController *key = gtk_event_controller_key_new();
  g_signal_connect(key, "key-pressed", G_CALLBACK(on_key_pressed), self);
  gtk_widget_add_controller(widget, key);

  GtkEventController *pointer = gtk_event_controller_motion_new();
  g_signal_connect(pointer, "motion", G_CALLBACK(on_pointer_motion), self);
  gtk_widget_add_controller(widget, pointer);

  g_signal_connect(widget, "notify::has-focus", G_CALLBACK(on_focus_changed),
                   NULL);
  connect_style_manager(self);
  update_accessible(self);
}

/* ---- public API ---- */

GtkWidget *jq_board_view_new(void) {
  return g_object_new(JQ_TYPE_BOARD_VIEW, NULL);
}

void jq_board_view_set_position(JqBoardView *view, const JqPosition *pos) {
  g_return_if_fail(JQ_IS_BOARD_VIEW(view));
  g_return_if_fail(pos != NULL);

  gboolean first = view->pos == NULL;
  gboolean same =
      !first && memcmp(view->pos->board, pos->board, sizeof pos->board) == 0 &&
      view->pos->side == pos->side;
  int from = -1, to = -1;
  gboolean slide = !first && !same &&
                   find_one_move(view->pos->board, pos->board, &from, &to);
  JqPiece old_piece = slide ? view->pos->board[from] : JQ_EMPTY;
  JqPiece captured = slide ? view->pos->board[to] : JQ_EMPTY;

  if (first)
    view->pos = g_new(JqPosition, 1);
  memcpy(view->pos, pos, sizeof *pos);
  jq_generate_legal(view->pos, JQ_GEN_ALL, &view->legal);

  if (!same) {
    clear_selection(view);
    view->hint = JQ_MOVE_NONE;
    if (slide && jq_move_make(from, to) != view->no_slide)
      start_animation(view, from, to, old_piece, captured);
    else
      stop_animation(view);
  }
  view->no_slide = JQ_MOVE_NONE;
  gtk_widget_queue_draw(GTK_WIDGET(view));
  update_accessible(view);
}

const JqPosition *jq_board_view_get_position(JqBoardView *view) {
  g_return_val_if_fail(JQ_IS_BOARD_VIEW(view), NULL);
  return view->pos;
}

void jq_board_view_set_last_move(JqBoardView *view, JqMove move) {
  g_return_if_fail(JQ_IS_BOARD_VIEW(view));
  if (view->last_move == move)
    return;
  view->last_move = move;
  gtk_widget_queue_draw(GTK_WIDGET(view));
  update_accessible(view);
}

JqMove jq_board_view_get_last_move(JqBoardView *view) {
  g_return_val_if_fail(JQ_IS_BOARD_VIEW(view), JQ_MOVE_NONE);
  return view->last_move;
}

void jq_board_view_set_check_square(JqBoardView *view, int square) {
  g_return_if_fail(JQ_IS_BOARD_VIEW(view));
  if (square < 0 || square >= JQ_SQUARES)
    square = -1;
  if (view->check_square == square)
    return;
  view->check_square = square;
  gtk_widget_queue_draw(GTK_WIDGET(view));
  update_accessible(view);
}

int jq_board_view_get_check_square(JqBoardView *view) {
  g_return_val_if_fail(JQ_IS_BOARD_VIEW(view), -1);
  return view->check_square;
}

void jq_board_view_set_hint(JqBoardView *view, JqMove move) {
  g_return_if_fail(JQ_IS_BOARD_VIEW(view));
  if (view->hint == move)
    return;
  view->hint = move;
  gtk_widget_queue_draw(GTK_WIDGET(view));
}

JqMove jq_board_view_get_hint(JqBoardView *view) {
  g_return_val_if_fail(JQ_IS_BOARD_VIEW(view), JQ_MOVE_NONE);
  return view->hint;
}

void jq_board_view_set_flipped(JqBoardView *view, gboolean flipped) {
  g_return_if_fail(JQ_IS_BOARD_VIEW(view));
  flipped = !!flipped;
  if (view->flipped == flipped)
    return;
  view->flipped = flipped;
  /* A drag in flight would land on the mirrored point. */
  if (view->dragging)
    clear_selection(view);
  stop_animation(view);
  gtk_widget_queue_draw(GTK_WIDGET(view));
  g_object_notify_by_pspec(G_OBJECT(view), props[PROP_FLIPPED]);
}

gboolean jq_board_view_get_flipped(JqBoardView *view) {
  g_return_val_if_fail(JQ_IS_BOARD_VIEW(view), FALSE);
  return view->flipped;
}

void jq_board_view_set_traditional(JqBoardView *view, gboolean traditional) {
  g_return_if_fail(JQ_IS_BOARD_VIEW(view));
  traditional = !!traditional;
  if (view->traditional == traditional)
    return;
  view->traditional = traditional;
  gtk_widget_queue_draw(GTK_WIDGET(view));
  g_object_notify_by_pspec(G_OBJECT(view), props[PROP_TRADITIONAL]);
}

gboolean jq_board_view_get_traditional(JqBoardView *view) {
  g_return_val_if_fail(JQ_IS_BOARD_VIEW(view), FALSE);
  return view->traditional;
}

void jq_board_view_set_show_legal_moves(JqBoardView *view, gboolean show) {
  g_return_if_fail(JQ_IS_BOARD_VIEW(view));
  show = !!show;
  if (view->show_legal == show)
    return;
  view->show_legal = show;
  gtk_widget_queue_draw(GTK_WIDGET(view));
  g_object_notify_by_pspec(G_OBJECT(view), props[PROP_SHOW_LEGAL_MOVES]);
}

gboolean jq_board_view_get_show_legal_moves(JqBoardView *view) {
  g_return_val_if_fail(JQ_IS_BOARD_VIEW(view), FALSE);
  return view->show_legal;
}

void jq_board_view_set_interactive(JqBoardView *view, gboolean interactive) {
  g_return_if_fail(JQ_IS_BOARD_VIEW(view));
  interactive = !!interactive;
  if (view->interactive == interactive)
    return;
  view->interactive = interactive;
  if (!interactive)
    clear_selection(view);
  g_object_notify_by_pspec(G_OBJECT(view), props[PROP_INTERACTIVE]);
}

gboolean jq_board_view_get_interactive(JqBoardView *view) {
  g_return_val_if_fail(JQ_IS_BOARD_VIEW(view), FALSE);
  return view->interactive;
}

void jq_board_view_set_animate(JqBoardView *view, gboolean animate) {
  g_return_if_fail(JQ_IS_BOARD_VIEW(view));
  animate = !!animate;
  if (view->animate == animate)
    return;
  view->animate = animate;
  if (!animate)
    stop_animation(view);
  g_object_notify_by_pspec(G_OBJECT(view), props[PROP_ANIMATE]);
}

gboolean jq_board_view_get_animate(JqBoardView *view) {
  g_return_val_if_fail(JQ_IS_BOARD_VIEW(view), FALSE);
  return view->animate;
}

void jq_board_view_cancel_selection(JqBoardView *view) {
  g_return_if_fail(JQ_IS_BOARD_VIEW(view));
  clear_selection(view);
}

int jq_board_view_get_selected(JqBoardView *view) {
  g_return_val_if_fail(JQ_IS_BOARD_VIEW(view), -1);
  return view->selected;
}

int jq_board_view_get_cursor(JqBoardView *view) {
  g_return_val_if_fail(JQ_IS_BOARD_VIEW(view), -1);
  return view->cursor_visible ? view->cursor : -1;
}

gboolean jq_board_view_is_animating(JqBoardView *view) {
  g_return_val_if_fail(JQ_IS_BOARD_VIEW(view), FALSE);
  return view->tick_id != 0;
}

int jq_board_view_get_animation_ms(JqBoardView *view) {
  g_return_val_if_fail(JQ_IS_BOARD_VIEW(view), 0);
  gboolean enabled = TRUE;
  g_object_get(gtk_widget_get_settings(GTK_WIDGET(view)),
               "gtk-enable-animations", &enabled, NULL);
  if (!view->animate || !enabled)
    return 0;
  return (int)((SLIDE_US + FLIP_US) / G_TIME_SPAN_MILLISECOND);
}

int jq_board_view_square_at(JqBoardView *view, double x, double y) {
  g_return_val_if_fail(JQ_IS_BOARD_VIEW(view), -1);
  JqBoardGeometry geom;
  geometry_of(view, &geom);
  return jq_board_square_at(&geom, view->flipped, x, y);
}

int jq_board_view_height_for_width(int width) {
  return (int)lround(width * JQ_BOARD_HEIGHT_CELLS / JQ_BOARD_WIDTH_CELLS);
}

gboolean jq_board_view_render_png(JqBoardView *view, const char *path,
                                  int width, int height, GError **error) {
  g_return_val_if_fail(JQ_IS_BOARD_VIEW(view), FALSE);
  g_return_val_if_fail(path != NULL && width > 0, FALSE);
  if (height <= 0)
    height = jq_board_view_height_for_width(width);

  JqBoardState st;
  fill_state(view, &st, FALSE);
  cairo_surface_t *surface =
      cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create(surface);
  jq_board_draw(cr, width, height, 1, &st);
  cairo_status_t status = cairo_status(cr);
  cairo_destroy(cr);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_write_to_png(surface, path);
  cairo_surface_destroy(surface);
  if (status != CAIRO_STATUS_SUCCESS) {
    char *name = g_filename_display_name(path);
    g_set_error(error, G_IO_ERROR, G_IO_ERROR_FAILED,
                _("Could not write the picture “%s”: %s"), name,
                cairo_status_to_string(status));
    g_free(name);
    return FALSE;
  }
  return TRUE;
}

/* ---- test input ---- */

void jq_board_view_test_click_at(JqBoardView *view, double x, double y) {
  g_return_if_fail(JQ_IS_BOARD_VIEW(view));
  press(view, x, y);
  release(view, x, y);
}

void jq_board_view_test_click(JqBoardView *view, int square) {
  g_return_if_fail(JQ_IS_BOARD_VIEW(view));
  g_return_if_fail(square >= 0 && square < JQ_SQUARES);
  JqBoardGeometry geom;
  double x, y;
  geometry_of(view, &geom);
  jq_board_square_center(&geom, view->flipped, square, &x, &y);
  jq_board_view_test_click_at(view, x, y);
}

void jq_board_view_test_drag(JqBoardView *view, int from, int to) {
  g_return_if_fail(JQ_IS_BOARD_VIEW(view));
  g_return_if_fail(from >= 0 && from < JQ_SQUARES);
  g_return_if_fail(to < JQ_SQUARES);
  JqBoardGeometry geom;
  double x0, y0, x1 = 0, y1 = 0; /* the widget's corner is off the board */
  geometry_of(view, &geom);
  jq_board_square_center(&geom, view->flipped, from, &x0, &y0);
  if (to >= 0)
    jq_board_square_center(&geom, view->flipped, to, &x1, &y1);
  press(view, x0, y0);
  /* Out of the threshold first, as a hand would, then on to the target. */
  motion(view, x0 + geom.cell * 0.4, y0 + geom.cell * 0.4);
  motion(view, (x0 + x1) / 2, (y0 + y1) / 2);
  motion(view, x1, y1);
  release(view, x1, y1);
}

gboolean jq_board_view_test_key(JqBoardView *view, guint keyval) {
  g_return_val_if_fail(JQ_IS_BOARD_VIEW(view), FALSE);
  return on_key_pressed(NULL, keyval, 0, 0, view);
}

void jq_board_view_test_hold_animation(JqBoardView *view, double progress) {
  g_return_if_fail(JQ_IS_BOARD_VIEW(view));
  view->anim_held = progress >= 0 ? MIN(progress, 1) : -1;
  if (progress >= 0)
    view->anim_progress = view->anim_held;
  gtk_widget_queue_draw(GTK_WIDGET(view));
}
