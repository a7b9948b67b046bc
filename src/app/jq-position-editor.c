#include "jq-config.h"

#include "jq-position-editor.h"

#include <glib/gi18n.h>
#include <string.h>

#include "jq-board-draw.h"
#include "jq-board-view.h"
#include "jq-confirm-replace.h"
#include "jq-error-text.h"
#include "jq-fen.h"

/* The types a pool counts, in the order of the palette. */
static const JqPieceType pool_types[] = {JQ_CHARIOT, JQ_HORSE,  JQ_ELEPHANT,
                                         JQ_ADVISOR, JQ_CANNON, JQ_PAWN};
/* How many of each type a side has at the start (K A B N R C P). */
static const int initial_count[JQ_TYPE_COUNT] = {0, 1, 2, 2, 2, 2, 2, 5};

/* The palette, in each side's row: the letter its tool is named by. */
static const char palette_letters[] = "KABNRCP";

/* A tool of the palette: a piece, a face-down piece of a colour, or the
 * eraser. */
typedef struct {
  gboolean eraser;
  gboolean hidden;
  JqColor color;
  JqPiece piece;
} Tool;

/* A tool by its name: a FEN piece letter, "X"/"x" or "eraser". */
static gboolean parse_tool(const char *name, Tool *tool) {
  *tool = (Tool){FALSE, FALSE, JQ_RED, JQ_EMPTY};
  if (g_str_equal(name, "eraser")) {
    tool->eraser = TRUE;
    return TRUE;
  }
  if (g_str_equal(name, "X") || g_str_equal(name, "x")) {
    tool->hidden = TRUE;
    tool->color = name[0] == 'X' ? JQ_RED : JQ_BLACK;
    return TRUE;
  }
  return strlen(name) == 1 && jq_piece_from_letter(name[0], &tool->piece);
}

struct _JqPositionEditor {
  AdwWindow parent_instance;

  JqGameController *controller;
  JqPiece board[JQ_SQUARES];
  JqVariant variant;
  JqColor side;
  gboolean auto_pools;
  int pool[2][JQ_TYPE_COUNT];
  Tool tool; /* the palette's */
  /* A drag on the board: the point it started on (-1 when none), and
   * whether it went further than a click. */
  int drag_from;
  gboolean drag_moved;

  gboolean valid;
  char *fen;         /* when valid */
  char *message;     /* the line under the board */
  gboolean updating; /* the spin buttons are being set from the pools */

  GSimpleActionGroup *actions;
  AdwToastOverlay *toasts;
  JqBoardView *view;
  GtkLabel *message_label;
  GtkWidget *hidden_buttons[2];
  GtkWidget *pool_group;
  GtkWidget *spins[2][JQ_TYPE_COUNT];
};

G_DEFINE_FINAL_TYPE(JqPositionEditor, jq_position_editor, ADW_TYPE_WINDOW)

static const char *color_name(JqColor color) {
  return color == JQ_RED ? _("Red") : _("Black");
}

/* The same words as the board's description (jq-board-describe.c). */
static const char *type_name(JqPieceType type) {
  switch (type) {
  case JQ_KING: return ngettext("king", "kings", 1);
  case JQ_ADVISOR: return ngettext("advisor", "advisors", 1);
  case JQ_ELEPHANT: return ngettext("elephant", "elephants", 1);
  case JQ_HORSE: return ngettext("horse", "horses", 1);
  case JQ_CHARIOT: return ngettext("chariot", "chariots", 1);
  case JQ_CANNON: return ngettext("cannon", "cannons", 1);
  case JQ_PAWN: return ngettext("pawn", "pawns", 1);
  case JQ_NO_TYPE: break;
  }
  return "";
}

/* ---- the position ---- */

static int hidden_on_board(const JqPositionEditor *self, JqColor c) {
  int n = 0;
  for (int sq = 0; sq < JQ_SQUARES; sq++) {
    JqPiece p = self->board[sq];
    if (p != JQ_EMPTY && jq_piece_is_hidden(p) && jq_piece_color(p) == c)
      n++;
  }
  return n;
}

/* The pools counted from the board: every piece of a side not shown face
 * up is still unseen (face down on the board, or taken while face down),
 * which also keeps a jieqi ending with every piece face up a jieqi
 * position. */
static void derive_pools(const JqPositionEditor *self,
                         int pool[2][JQ_TYPE_COUNT]) {
  memset(pool, 0, sizeof(int) * 2 * JQ_TYPE_COUNT);
  if (self->variant != JQ_VARIANT_JIEQI)
    return;
  for (int c = 0; c < 2; c++) {
    int shown[JQ_TYPE_COUNT] = {0};
    for (int sq = 0; sq < JQ_SQUARES; sq++) {
      JqPiece p = self->board[sq];
      if (p != JQ_EMPTY && !jq_piece_is_hidden(p) &&
          (int)jq_piece_color(p) == c)
        shown[jq_piece_type(p)]++;
    }
    for (int t = JQ_ADVISOR; t <= JQ_PAWN; t++)
      pool[c][t] = MAX(0, initial_count[t] - shown[t]);
  }
}

/* The position as the board shows it (pools as they are set). */
static void build_position(const JqPositionEditor *self, JqPosition *pos) {
  jq_position_clear(pos, self->variant);
  memcpy(pos->board, self->board, sizeof pos->board);
  pos->side = (uint8_t)self->side;
  if (self->variant == JQ_VARIANT_JIEQI)
    for (int c = 0; c < 2; c++)
      for (int t = JQ_ADVISOR; t <= JQ_PAWN; t++)
        pos->pool[c][t] = (uint8_t)CLAMP(self->pool[c][t], 0, 255);
  jq_position_refresh(pos);
}

/* Do the kings stand on one file with nothing between them? */
static gboolean kings_face(const JqPiece *board) {
  int kings[2] = {-1, -1};
  for (int sq = 0; sq < JQ_SQUARES; sq++)
    if (board[sq] != JQ_EMPTY && !jq_piece_is_hidden(board[sq]) &&
        jq_piece_type(board[sq]) == JQ_KING)
      kings[jq_piece_color(board[sq])] = sq;
  if (kings[0] < 0 || kings[1] < 0 ||
      jq_square_file(kings[0]) != jq_square_file(kings[1]))
    return FALSE;
  int lo = MIN(kings[0], kings[1]), hi = MAX(kings[0], kings[1]);
  for (int sq = lo + JQ_FILES; sq < hi; sq += JQ_FILES)
    if (board[sq] != JQ_EMPTY)
      return FALSE;
  return TRUE;
}

static void set_message(JqPositionEditor *self, char *message,
                        gboolean problem) {
  g_free(self->message);
  self->message = message;
  gtk_label_set_text(self->message_label, message);
  if (problem)
    gtk_widget_add_css_class(GTK_WIDGET(self->message_label), "error");
  else
    gtk_widget_remove_css_class(GTK_WIDGET(self->message_label), "error");
}

/* Checks the position as the rules library reads it: what Start Game
 * would set up. Fills fen, valid and the message. */
static void validate(JqPositionEditor *self, const JqPosition *pos) {
  char text[JQ_FEN_MAX + 64];
  g_clear_pointer(&self->fen, g_free);
  self->valid = FALSE;
  if (jq_fen_write(pos, JQ_FEN_JIEQIBOX, text, sizeof text) == 0) {
    set_message(self, g_strdup(_("This position cannot be written down.")),
                TRUE);
    return;
  }
  JqPosition *parsed = g_new(JqPosition, 1);
  JqError err = {{0}};
  JqFenVariant variant = self->variant == JQ_VARIANT_JIEQI
                             ? JQ_FEN_VARIANT_JIEQI
                             : JQ_FEN_VARIANT_XIANGQI;
  gboolean ok = jq_fen_parse(text, variant, parsed, &err);
  g_free(parsed);
  if (!ok) {
    /* Facing kings read as a king in check; say what the user sees. */
    if (err.code == JQ_ERROR_FEN_CHECK_TO_TAKE && kings_face(self->board)) {
      set_message(
          self,
          g_strdup(_("The two kings may not face each other on an open file")),
          TRUE);
      return;
    }
    g_autofree char *why = jq_error_text(&err);
    /* Translators: %s says what is wrong with the position set up. */
    set_message(self, g_strdup_printf(_("Not playable: %s"), why), TRUE);
    return;
  }
  /* A FEN without face-down or unseen pieces reads as xiangqi. */
  if (self->variant == JQ_VARIANT_JIEQI && hidden_on_board(self, JQ_RED) == 0 &&
      hidden_on_board(self, JQ_BLACK) == 0 &&
      jq_position_pool_total(pos, JQ_RED) == 0 &&
      jq_position_pool_total(pos, JQ_BLACK) == 0) {
    set_message(self,
                g_strdup(_("A jieqi position needs a face-down piece or an "
                           "unseen piece.")),
                TRUE);
    return;
  }
  GError *error = NULL;
  if (!jq_game_controller_check_fen(text, &error)) {
    set_message(self, g_strdup(error->message), TRUE);
    g_error_free(error);
    return;
  }
  self->valid = TRUE;
  self->fen = g_strdup(text);
  set_message(self,
              g_strdup(self->side == JQ_RED
                           ? _("Ready to play, Red to move.")
                           : _("Ready to play, Black to move.")),
              FALSE);
}

static void show_pools(JqPositionEditor *self) {
  self->updating = TRUE;
  for (int c = 0; c < 2; c++)
    for (gsize i = 0; i < G_N_ELEMENTS(pool_types); i++) {
      JqPieceType t = pool_types[i];
      GtkSpinButton *spin = GTK_SPIN_BUTTON(self->spins[c][t]);
      gtk_spin_button_set_value(spin, self->pool[c][t]);
      gtk_widget_set_sensitive(GTK_WIDGET(spin), !self->auto_pools);
    }
  self->updating = FALSE;
}

/* After any change: pools, board, message, and what may be done. */
static void refresh(JqPositionEditor *self) {
  if (self->auto_pools)
    derive_pools(self, self->pool);
  show_pools(self);
  gboolean jieqi = self->variant == JQ_VARIANT_JIEQI;
  gtk_widget_set_visible(self->pool_group, jieqi);
  for (int c = 0; c < 2; c++)
    gtk_widget_set_sensitive(self->hidden_buttons[c], jieqi);

  JqPosition *pos = g_new(JqPosition, 1);
  build_position(self, pos);
  jq_board_view_set_position(self->view, pos);
  int king = pos->king[pos->side];
  jq_board_view_set_check_square(
      self->view,
      king != JQ_NO_SQUARE && jq_position_in_check(pos) ? king : -1);
  validate(self, pos);
  g_free(pos);

  GAction *a;
  a = g_action_map_lookup_action(G_ACTION_MAP(self->actions), "start-game");
  g_simple_action_set_enabled(G_SIMPLE_ACTION(a), self->valid);
  a = g_action_map_lookup_action(G_ACTION_MAP(self->actions), "analyse");
  g_simple_action_set_enabled(G_SIMPLE_ACTION(a), self->valid);
  a = g_action_map_lookup_action(G_ACTION_MAP(self->actions), "copy-fen");
  g_simple_action_set_enabled(G_SIMPLE_ACTION(a), self->valid);
}

static void set_action_state(JqPositionEditor *self, const char *name,
                             GVariant *state) {
  GAction *a = g_action_map_lookup_action(G_ACTION_MAP(self->actions), name);
  g_simple_action_set_state(G_SIMPLE_ACTION(a), state);
}

/* Takes the board, side and pools of a position. */
static void load_position(JqPositionEditor *self, const JqPosition *pos) {
  memcpy(self->board, pos->board, sizeof self->board);
  self->variant = (JqVariant)pos->variant;
  self->side = (JqColor)pos->side;
  int derived[2][JQ_TYPE_COUNT];
  derive_pools(self, derived);
  gboolean same = TRUE;
  for (int c = 0; c < 2; c++)
    for (int t = 0; t < JQ_TYPE_COUNT; t++) {
      self->pool[c][t] =
          self->variant == JQ_VARIANT_JIEQI ? pos->pool[c][t] : 0;
      same = same && self->pool[c][t] == derived[c][t];
    }
  self->auto_pools = same;
  set_action_state(self, "variant",
                   g_variant_new_string(self->variant == JQ_VARIANT_JIEQI
                                            ? "jieqi"
                                            : "xiangqi"));
  set_action_state(
      self, "side",
      g_variant_new_string(self->side == JQ_RED ? "red" : "black"));
  set_action_state(self, "auto-pools", g_variant_new_boolean(same));
}

/* ---- editing ---- */

/* The piece `tool` puts on `square` (JQ_EMPTY for the eraser). A
 * face-down piece goes only on its side's starting points: elsewhere FALSE,
 * and the message says why. */
static gboolean tool_piece(JqPositionEditor *self, const Tool *tool, int square,
                           JqPiece *out) {
  if (tool->eraser) {
    *out = JQ_EMPTY;
    return TRUE;
  }
  if (!tool->hidden) {
    *out = tool->piece;
    return TRUE;
  }
  JqPieceType role = jq_start_role(square);
  JqErrorCode code = JQ_ERROR_NONE;
  if (role == JQ_KING)
    code = JQ_ERROR_FEN_HIDDEN_KING_POINT;
  else if (role == JQ_NO_TYPE || jq_start_color(square) != tool->color)
    code = JQ_ERROR_FEN_HIDDEN_OFF_START;
  if (code == JQ_ERROR_NONE) {
    *out = jq_piece_make_hidden(tool->color, role);
    return TRUE;
  }
  JqError err = {{0}};
  jq_error_fail(&err, code,
                (JqErrorArgs){.color = tool->color, .square = square},
                "hidden piece off its starting points");
  g_autofree char *why = jq_error_text(&err);
  /* Translators: %s says why (a square and the side's starting
   * points). */
  set_message(self, g_strdup_printf(_("Cannot put it there: %s"), why), TRUE);
  return FALSE;
}

void jq_position_editor_click_square(JqPositionEditor *self, int square) {
  g_return_if_fail(JQ_IS_POSITION_EDITOR(self));
  g_return_if_fail(square >= 0 && square < JQ_SQUARES);
  JqPiece piece;
  if (!tool_piece(self, &self->tool, square, &piece))
    return;
  /* A second click with the same piece takes it away again. */
  self->board[square] = self->board[square] == piece ? JQ_EMPTY : piece;
  refresh(self);
}

gboolean jq_position_editor_drop(JqPositionEditor *self, const char *tool,
                                 int square) {
  g_return_val_if_fail(JQ_IS_POSITION_EDITOR(self), FALSE);
  g_return_val_if_fail(tool != NULL, FALSE);
  g_return_val_if_fail(square >= 0 && square < JQ_SQUARES, FALSE);
  Tool t;
  JqPiece piece;
  if (!parse_tool(tool, &t) ||
      (t.hidden && self->variant != JQ_VARIANT_JIEQI) ||
      !tool_piece(self, &t, square, &piece))
    return FALSE;
  self->board[square] = piece;
  refresh(self);
  return TRUE;
}

gboolean jq_position_editor_move(JqPositionEditor *self, int from, int to) {
  g_return_val_if_fail(JQ_IS_POSITION_EDITOR(self), FALSE);
  g_return_val_if_fail(from >= 0 && from < JQ_SQUARES, FALSE);
  g_return_val_if_fail(to >= -1 && to < JQ_SQUARES, FALSE);
  JqPiece piece = self->board[from];
  if (piece == JQ_EMPTY || from == to)
    return FALSE;
  if (to >= 0 && jq_piece_is_hidden(piece)) {
    /* It moves as the role of its new point. */
    Tool t = {FALSE, TRUE, jq_piece_color(piece), JQ_EMPTY};
    if (!tool_piece(self, &t, to, &piece))
      return FALSE;
  }
  self->board[from] = JQ_EMPTY;
  if (to >= 0)
    self->board[to] = piece;
  refresh(self);
  return TRUE;
}

static void erase_square(JqPositionEditor *self, int square) {
  if (self->board[square] == JQ_EMPTY)
    return;
  self->board[square] = JQ_EMPTY;
  refresh(self);
}

static void on_board_released(GtkGestureClick *gesture, int n_press, double x,
                              double y, JqPositionEditor *self) {
  int square = jq_board_view_square_at(self->view, x, y);
  /* The end of a drag is no click (on_board_drag_end moved the piece). */
  if (square < 0 || self->drag_moved)
    return;
  guint button =
      gtk_gesture_single_get_current_button(GTK_GESTURE_SINGLE(gesture));
  if (button == GDK_BUTTON_SECONDARY)
    erase_square(self, square);
  else
    jq_position_editor_click_square(self, square);
}

/* A drag on the board moves the piece it starts on; off the board it
 * takes it away. A short one is a click (on_board_released). */
static void on_board_drag_begin(GtkGestureDrag *gesture, double x, double y,
                                JqPositionEditor *self) {
  self->drag_from = jq_board_view_square_at(self->view, x, y);
  self->drag_moved = FALSE;
}

static void on_board_drag_update(GtkGestureDrag *gesture, double dx, double dy,
                                 JqPositionEditor *self) {
  int threshold = 8;
  g_object_get(gtk_widget_get_settings(GTK_WIDGET(self->view)),
               "gtk-dnd-drag-threshold", &threshold, NULL);
  if (dx * dx + dy * dy >= (double)threshold * threshold)
    self->drag_moved = TRUE;
}

static void on_board_drag_end(GtkGestureDrag *gesture, double dx, double dy,
                              JqPositionEditor *self) {
  int from = self->drag_from;
  self->drag_from = -1;
  double x, y;
  if (from < 0 || !self->drag_moved ||
      !gtk_gesture_drag_get_start_point(gesture, &x, &y))
    return;
  jq_position_editor_move(self, from,
                          jq_board_view_square_at(self->view, x + dx, y + dy));
}

/* A piece dragged from the palette. */
static gboolean on_board_drop(GtkDropTarget *target, const GValue *value,
                              double x, double y, JqPositionEditor *self) {
  int square = jq_board_view_square_at(self->view, x, y);
  if (square < 0 || !G_VALUE_HOLDS_STRING(value))
    return FALSE;
  return jq_position_editor_drop(self, g_value_get_string(value), square);
}

static GdkContentProvider *on_palette_drag_prepare(GtkDragSource *source,
                                                   double x, double y,
                                                   GtkWidget *button) {
  GtkWidget *widget =
      gtk_event_controller_get_widget(GTK_EVENT_CONTROLLER(source));
  GdkPaintable *icon = gtk_widget_paintable_new(widget);
  gtk_drag_source_set_icon(source, icon, (int)x, (int)y);
  g_object_unref(icon);
  const char *tool = g_object_get_data(G_OBJECT(button), "jq-tool");
  return gdk_content_provider_new_typed(G_TYPE_STRING, tool);
}

/* The keyboard: Enter or Space puts the tool on the cursor's point,
 * Delete clears it. */
static gboolean on_board_key(GtkEventControllerKey *controller, guint keyval,
                             guint keycode, GdkModifierType state,
                             JqPositionEditor *self) {
  int cursor = jq_board_view_get_cursor(self->view);
  if (cursor < 0)
    return FALSE;
  switch (keyval) {
  case GDK_KEY_Return:
  case GDK_KEY_KP_Enter:
  case GDK_KEY_space:
    jq_position_editor_click_square(self, cursor);
    return TRUE;
  case GDK_KEY_Delete:
  case GDK_KEY_BackSpace: erase_square(self, cursor); return TRUE;
  default: return FALSE;
  }
}

static void on_spin_changed(GtkSpinButton *spin, JqPositionEditor *self) {
  if (self->updating)
    return;
  int c = GPOINTER_TO_INT(g_object_get_data(G_OBJECT(spin), "jq-color"));
  int t = GPOINTER_TO_INT(g_object_get_data(G_OBJECT(spin), "jq-type"));
  self->pool[c][t] = gtk_spin_button_get_value_as_int(spin);
  refresh(self);
}

void jq_position_editor_set_pool(JqPositionEditor *self, JqColor color,
                                 JqPieceType type, int count) {
  g_return_if_fail(JQ_IS_POSITION_EDITOR(self));
  g_return_if_fail(color == JQ_RED || color == JQ_BLACK);
  g_return_if_fail(type > JQ_KING && type <= JQ_PAWN);
  if (self->auto_pools)
    g_action_group_change_action_state(G_ACTION_GROUP(self->actions),
                                       "auto-pools",
                                       g_variant_new_boolean(FALSE));
  gtk_spin_button_set_value(GTK_SPIN_BUTTON(self->spins[color][type]), count);
}

int jq_position_editor_get_pool(JqPositionEditor *self, JqColor color,
                                JqPieceType type) {
  g_return_val_if_fail(JQ_IS_POSITION_EDITOR(self), 0);
  g_return_val_if_fail(color == JQ_RED || color == JQ_BLACK, 0);
  g_return_val_if_fail(type < JQ_TYPE_COUNT, 0);
  return self->pool[color][type];
}

JqPiece jq_position_editor_get_piece(JqPositionEditor *self, int square) {
  g_return_val_if_fail(JQ_IS_POSITION_EDITOR(self), JQ_EMPTY);
  g_return_val_if_fail(square >= 0 && square < JQ_SQUARES, JQ_EMPTY);
  return self->board[square];
}

char *jq_position_editor_get_fen(JqPositionEditor *self) {
  g_return_val_if_fail(JQ_IS_POSITION_EDITOR(self), NULL);
  return g_strdup(self->fen);
}

const char *jq_position_editor_get_message(JqPositionEditor *self) {
  g_return_val_if_fail(JQ_IS_POSITION_EDITOR(self), NULL);
  return self->message;
}

gboolean jq_position_editor_is_valid(JqPositionEditor *self) {
  g_return_val_if_fail(JQ_IS_POSITION_EDITOR(self), FALSE);
  return self->valid;
}

/* ---- actions ---- */

static void change_tool(GSimpleAction *action, GVariant *value, gpointer data) {
  JqPositionEditor *self = data;
  const char *name = g_variant_get_string(value, NULL);
  Tool tool;
  if (!parse_tool(name, &tool)) {
    g_warning("position editor: unknown tool “%s”", name);
    return;
  }
  self->tool = tool;
  g_simple_action_set_state(action, value);
}

static void change_variant(GSimpleAction *action, GVariant *value,
                           gpointer data) {
  JqPositionEditor *self = data;
  const char *name = g_variant_get_string(value, NULL);
  if (g_str_equal(name, "jieqi"))
    self->variant = JQ_VARIANT_JIEQI;
  else if (g_str_equal(name, "xiangqi"))
    self->variant = JQ_VARIANT_XIANGQI;
  else
    return;
  g_simple_action_set_state(action, value);
  if (self->variant == JQ_VARIANT_XIANGQI && self->tool.hidden)
    g_action_group_change_action_state(G_ACTION_GROUP(self->actions), "tool",
                                       g_variant_new_string("R"));
  refresh(self);
}

static void change_side(GSimpleAction *action, GVariant *value, gpointer data) {
  JqPositionEditor *self = data;
  const char *name = g_variant_get_string(value, NULL);
  if (g_str_equal(name, "red"))
    self->side = JQ_RED;
  else if (g_str_equal(name, "black"))
    self->side = JQ_BLACK;
  else
    return;
  g_simple_action_set_state(action, value);
  refresh(self);
}

static void change_auto_pools(GSimpleAction *action, GVariant *value,
                              gpointer data) {
  JqPositionEditor *self = data;
  self->auto_pools = g_variant_get_boolean(value);
  g_simple_action_set_state(action, value);
  refresh(self);
}

static void clear_activated(GSimpleAction *action, GVariant *param,
                            gpointer data) {
  JqPositionEditor *self = data;
  memset(self->board, 0, sizeof self->board);
  refresh(self);
}

static void start_position_activated(GSimpleAction *action, GVariant *param,
                                     gpointer data) {
  JqPositionEditor *self = data;
  JqPosition *pos = g_new(JqPosition, 1);
  jq_position_init_start(pos, self->variant);
  load_position(self, pos);
  g_free(pos);
  refresh(self);
}

static void copy_fen_activated(GSimpleAction *action, GVariant *param,
                               gpointer data) {
  JqPositionEditor *self = data;
  if (!self->valid)
    return;
  gdk_clipboard_set_text(gtk_widget_get_clipboard(GTK_WIDGET(self)), self->fen);
  adw_toast_overlay_add_toast(self->toasts,
                              adw_toast_new(_("Position copied")));
}

typedef struct {
  JqPositionEditor *editor;
  char *fen;
  gboolean analyse; /* the window's analysis turned on for it */
} StartGame;

static void start_game_free(gpointer data) {
  StartGame *s = data;
  g_object_unref(s->editor);
  g_free(s->fen);
  g_free(s);
}

static void start_game_now(gpointer data) {
  StartGame *s = data;
  GError *error = NULL;
  if (!jq_game_controller_set_fen(s->editor->controller, s->fen, &error)) {
    set_message(s->editor, g_strdup(error->message), TRUE);
    g_error_free(error);
    return;
  }
  /* The window the editor was opened from has the analysis (win.analyse
   * in jq-window.c). */
  GtkWindow *parent = gtk_window_get_transient_for(GTK_WINDOW(s->editor));
  if (s->analyse && G_IS_ACTION_GROUP(parent) &&
      g_action_group_has_action(G_ACTION_GROUP(parent), "analyse"))
    g_action_group_change_action_state(G_ACTION_GROUP(parent), "analyse",
                                       g_variant_new_boolean(TRUE));
  gtk_window_destroy(GTK_WINDOW(s->editor));
}

static void start(JqPositionEditor *self, gboolean analyse) {
  if (!self->valid)
    return;
  StartGame *s = g_new(StartGame, 1);
  s->editor = g_object_ref(self);
  s->fen = g_strdup(self->fen);
  s->analyse = analyse;
  jq_confirm_replace(GTK_WINDOW(self), self->controller, start_game_now, s,
                     start_game_free);
}

static void start_game_activated(GSimpleAction *action, GVariant *param,
                                 gpointer data) {
  start(data, FALSE);
}

/* A study position: played from, with the engine's view of it at once. */
static void analyse_activated(GSimpleAction *action, GVariant *param,
                              gpointer data) {
  start(data, TRUE);
}

static const GActionEntry editor_actions[] = {
    {"tool", NULL, "s", "'R'", change_tool, {0}},
    {"variant", NULL, "s", "'xiangqi'", change_variant, {0}},
    {"side", NULL, "s", "'red'", change_side, {0}},
    {"auto-pools", NULL, NULL, "true", change_auto_pools, {0}},
    {"clear", clear_activated, NULL, NULL, NULL, {0}},
    {"start-position", start_position_activated, NULL, NULL, NULL, {0}},
    {"copy-fen", copy_fen_activated, NULL, NULL, NULL, {0}},
    {"start-game", start_game_activated, NULL, NULL, NULL, {0}},
    {"analyse", analyse_activated, NULL, NULL, NULL, {0}},
};

/* ---- building the window ---- */

static GtkWidget *heading(const char *text) {
  GtkWidget *label = gtk_label_new(text);
  gtk_label_set_xalign(GTK_LABEL(label), 0);
  gtk_widget_add_css_class(label, "heading");
  gtk_accessible_update_property(GTK_ACCESSIBLE(label),
                                 GTK_ACCESSIBLE_PROPERTY_LEVEL, 3, -1);
  return label;
}

/* A palette button: a toggle of the "tool" action showing a piece. */
static GtkWidget *tool_button(const char *tool, const char *glyph,
                              JqColor color, const char *tooltip) {
  GtkWidget *label = gtk_label_new(glyph);
  gtk_widget_add_css_class(label, "piece-glyph");
  GtkWidget *button = gtk_toggle_button_new();
  gtk_button_set_child(GTK_BUTTON(button), label);
  gtk_widget_add_css_class(button, "piece-chip");
  gtk_widget_add_css_class(button, color == JQ_RED ? "red" : "black");
  gtk_widget_add_css_class(button, "circular");
  gtk_actionable_set_action_name(GTK_ACTIONABLE(button), "editor.tool");
  gtk_actionable_set_action_target(GTK_ACTIONABLE(button), "s", tool);
  gtk_widget_set_tooltip_text(button, tooltip);
  gtk_accessible_update_property(GTK_ACCESSIBLE(button),
                                 GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip, -1);
  g_object_set_data_full(G_OBJECT(button), "jq-tool", g_strdup(tool), g_free);
  GtkDragSource *source = gtk_drag_source_new();
  gtk_drag_source_set_actions(source, GDK_ACTION_COPY);
  g_signal_connect(source, "prepare", G_CALLBACK(on_palette_drag_prepare),
                   button);
  gtk_widget_add_controller(button, GTK_EVENT_CONTROLLER(source));
  return button;
}

static GtkWidget *build_palette(JqPositionEditor *self, gboolean traditional) {
  GtkWidget *grid = gtk_grid_new();
  gtk_grid_set_row_spacing(GTK_GRID(grid), 6);
  gtk_grid_set_column_spacing(GTK_GRID(grid), 6);
  for (int c = 0; c < 2; c++) {
    JqColor color = (JqColor)c;
    for (int i = 0; palette_letters[i]; i++) {
      JqPiece piece;
      char letter = palette_letters[i];
      if (color == JQ_BLACK)
        letter = (char)g_ascii_tolower(letter);
      jq_piece_from_letter(letter, &piece);
      char tool[2] = {letter, '\0'};
      /* Translators: a piece: the side ("Red"), then its type ("horse"). */
      g_autofree char *tip =
          g_strdup_printf(C_("piece", "%s %s"), color_name(color),
                          type_name(jq_piece_type(piece)));
      gtk_grid_attach(GTK_GRID(grid),
                      tool_button(tool,
                                  jq_board_piece_glyph(piece, traditional),
                                  color, tip),
                      i, c, 1, 1);
    }
    char tool[2] = {color == JQ_RED ? 'X' : 'x', '\0'};
    self->hidden_buttons[c] =
        tool_button(tool, "暗", color,
                    color == JQ_RED ? _("Red face-down piece")
                                    : _("Black face-down piece"));
    gtk_grid_attach(GTK_GRID(grid), self->hidden_buttons[c], 7, c, 1, 1);
  }
  GtkWidget *eraser = gtk_toggle_button_new();
  GtkWidget *content = adw_button_content_new();
  adw_button_content_set_icon_name(ADW_BUTTON_CONTENT(content),
                                   "edit-clear-symbolic");
  adw_button_content_set_label(ADW_BUTTON_CONTENT(content), _("Eraser"));
  gtk_button_set_child(GTK_BUTTON(eraser), content);
  gtk_actionable_set_action_name(GTK_ACTIONABLE(eraser), "editor.tool");
  gtk_actionable_set_action_target(GTK_ACTIONABLE(eraser), "s", "eraser");
  gtk_widget_set_tooltip_text(eraser,
                              _("Click a point to empty it (or right-click "
                                "it with any piece)"));
  gtk_grid_attach(GTK_GRID(grid), eraser, 0, 2, 8, 1);
  return grid;
}

/* Two or more toggles of one string action, joined. */
static GtkWidget *choice(const char *action, const char *const *targets,
                         const char *const *labels, int n) {
  GtkWidget *box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0);
  gtk_widget_add_css_class(box, "linked");
  gtk_box_set_homogeneous(GTK_BOX(box), TRUE);
  for (int i = 0; i < n; i++) {
    GtkWidget *b = gtk_toggle_button_new_with_label(labels[i]);
    gtk_actionable_set_action_name(GTK_ACTIONABLE(b), action);
    gtk_actionable_set_action_target(GTK_ACTIONABLE(b), "s", targets[i]);
    gtk_box_append(GTK_BOX(box), b);
  }
  return box;
}

static GtkWidget *build_pools(JqPositionEditor *self, gboolean traditional) {
  GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6);
  gtk_box_append(GTK_BOX(box), heading(_("Unseen Pieces")));

  GtkWidget *row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *label = gtk_label_new(_("Count them from the board"));
  gtk_label_set_xalign(GTK_LABEL(label), 0);
  gtk_label_set_wrap(GTK_LABEL(label), TRUE);
  gtk_widget_set_hexpand(label, TRUE);
  GtkWidget *sw = gtk_switch_new();
  gtk_widget_set_valign(sw, GTK_ALIGN_CENTER);
  gtk_actionable_set_action_name(GTK_ACTIONABLE(sw), "editor.auto-pools");
  gtk_accessible_update_relation(
      GTK_ACCESSIBLE(sw), GTK_ACCESSIBLE_RELATION_LABELLED_BY, label, NULL, -1);
  gtk_box_append(GTK_BOX(row), label);
  gtk_box_append(GTK_BOX(row), sw);
  gtk_box_append(GTK_BOX(box), row);

  GtkWidget *grid = gtk_grid_new();
  gtk_grid_set_row_spacing(GTK_GRID(grid), 4);
  gtk_grid_set_column_spacing(GTK_GRID(grid), 8);
  for (int c = 0; c < 2; c++) {
    GtkWidget *name = gtk_label_new(color_name((JqColor)c));
    gtk_widget_add_css_class(name, "dim-label");
    gtk_grid_attach(GTK_GRID(grid), name, c + 1, 0, 1, 1);
  }
  for (gsize i = 0; i < G_N_ELEMENTS(pool_types); i++) {
    JqPieceType t = pool_types[i];
    for (int c = 0; c < 2; c++) {
      JqPiece piece = jq_piece_make((JqColor)c, t);
      if (c == 0) {
        GtkWidget *glyph =
            gtk_label_new(jq_board_piece_glyph(piece, traditional));
        gtk_widget_add_css_class(glyph, "piece-glyph");
        gtk_grid_attach(GTK_GRID(grid), glyph, 0, (int)i + 1, 1, 1);
      }
      GtkWidget *spin = gtk_spin_button_new_with_range(0, initial_count[t], 1);
      g_autofree char *name = g_strdup_printf(
          C_("piece", "%s %s"), color_name((JqColor)c), type_name(t));
      gtk_accessible_update_property(GTK_ACCESSIBLE(spin),
                                     GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
      g_object_set_data(G_OBJECT(spin), "jq-color", GINT_TO_POINTER(c));
      g_object_set_data(G_OBJECT(spin), "jq-type", GINT_TO_POINTER(t));
      g_signal_connect(spin, "value-changed", G_CALLBACK(on_spin_changed),
                       self);
      self->spins[c][t] = spin;
      gtk_grid_attach(GTK_GRID(grid), spin, c + 1, (int)i + 1, 1, 1);
    }
  }
  gtk_box_append(GTK_BOX(box), grid);
  self->pool_group = box;
  return box;
}

static void build(JqPositionEditor *self, gboolean traditional) {
  gtk_window_set_title(GTK_WINDOW(self), _("Set Up Position"));
  gtk_window_set_default_size(GTK_WINDOW(self), 940, 700);

  GtkWidget *header = adw_header_bar_new();
  GtkWidget *start = gtk_button_new_with_label(_("Start Game"));
  gtk_widget_add_css_class(start, "suggested-action");
  gtk_actionable_set_action_name(GTK_ACTIONABLE(start), "editor.start-game");
  adw_header_bar_pack_end(ADW_HEADER_BAR(header), start);
  GtkWidget *analyse = gtk_button_new_with_label(_("Analyse"));
  gtk_widget_set_tooltip_text(
      analyse, _("Start a game from this position with the analysis on"));
  gtk_actionable_set_action_name(GTK_ACTIONABLE(analyse), "editor.analyse");
  adw_header_bar_pack_end(ADW_HEADER_BAR(header), analyse);
  GtkWidget *copy = gtk_button_new_from_icon_name("edit-copy-symbolic");
  gtk_widget_set_tooltip_text(copy, _("Copy the position as FEN"));
  gtk_actionable_set_action_name(GTK_ACTIONABLE(copy), "editor.copy-fen");
  adw_header_bar_pack_end(ADW_HEADER_BAR(header), copy);

  /* The board and the line under it. */
  self->view = JQ_BOARD_VIEW(jq_board_view_new());
  jq_board_view_set_interactive(self->view, FALSE);
  jq_board_view_set_show_legal_moves(self->view, FALSE);
  jq_board_view_set_animate(self->view, FALSE);
  jq_board_view_set_traditional(self->view, traditional);
  gtk_widget_set_size_request(GTK_WIDGET(self->view), 360, 420);
  GtkGesture *click = gtk_gesture_click_new();
  gtk_gesture_single_set_button(GTK_GESTURE_SINGLE(click), 0);
  g_signal_connect(click, "released", G_CALLBACK(on_board_released), self);
  gtk_widget_add_controller(GTK_WIDGET(self->view),
                            GTK_EVENT_CONTROLLER(click));
  GtkGesture *drag = gtk_gesture_drag_new();
  gtk_gesture_single_set_button(GTK_GESTURE_SINGLE(drag), GDK_BUTTON_PRIMARY);
  g_signal_connect(drag, "drag-begin", G_CALLBACK(on_board_drag_begin), self);
  g_signal_connect(drag, "drag-update", G_CALLBACK(on_board_drag_update), self);
  g_signal_connect(drag, "drag-end", G_CALLBACK(on_board_drag_end), self);
  gtk_widget_add_controller(GTK_WIDGET(self->view), GTK_EVENT_CONTROLLER(drag));
  GtkDropTarget *drop = gtk_drop_target_new(G_TYPE_STRING, GDK_ACTION_COPY);
  g_signal_connect(drop, "drop", G_CALLBACK(on_board_drop), self);
  gtk_widget_add_controller(GTK_WIDGET(self->view), GTK_EVENT_CONTROLLER(drop));
  GtkEventController *key = gtk_event_controller_key_new();
  gtk_event_controller_set_propagation_phase(key, GTK_PHASE_CAPTURE);
  g_signal_connect(key, "key-pressed", G_CALLBACK(on_board_key), self);
  gtk_widget_add_controller(GTK_WIDGET(self->view), key);

  self->message_label = GTK_LABEL(gtk_label_new(NULL));
  gtk_label_set_wrap(self->message_label, TRUE);
  gtk_label_set_justify(self->message_label, GTK_JUSTIFY_CENTER);
  gtk_widget_set_margin_bottom(GTK_WIDGET(self->message_label), 12);
  gtk_accessible_update_property(GTK_ACCESSIBLE(self->message_label),
                                 GTK_ACCESSIBLE_PROPERTY_LABEL,
                                 _("Position check"), -1);

  GtkWidget *left = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_hexpand(left, TRUE);
  gtk_box_append(GTK_BOX(left), GTK_WIDGET(self->view));
  gtk_box_append(GTK_BOX(left), GTK_WIDGET(self->message_label));

  /* The tools. */
  GtkWidget *panel = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12);
  gtk_widget_set_margin_top(panel, 12);
  gtk_widget_set_margin_bottom(panel, 12);
  gtk_widget_set_margin_start(panel, 12);
  gtk_widget_set_margin_end(panel, 12);
  gtk_box_append(GTK_BOX(panel), heading(_("Pieces")));
  gtk_box_append(GTK_BOX(panel), build_palette(self, traditional));

  static const char *const variants[] = {"xiangqi", "jieqi"};
  const char *variant_labels[] = {_("Xiangqi"), _("Jieqi")};
  gtk_box_append(GTK_BOX(panel), heading(_("Game")));
  gtk_box_append(GTK_BOX(panel),
                 choice("editor.variant", variants, variant_labels, 2));

  static const char *const sides[] = {"red", "black"};
  const char *side_labels[] = {_("Red"), _("Black")};
  gtk_box_append(GTK_BOX(panel), heading(_("Side to Move")));
  gtk_box_append(GTK_BOX(panel), choice("editor.side", sides, side_labels, 2));

  gtk_box_append(GTK_BOX(panel), build_pools(self, traditional));

  GtkWidget *buttons = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_box_set_homogeneous(GTK_BOX(buttons), TRUE);
  GtkWidget *clear = gtk_button_new_with_label(_("Clear Board"));
  gtk_actionable_set_action_name(GTK_ACTIONABLE(clear), "editor.clear");
  GtkWidget *initial = gtk_button_new_with_label(_("Start Position"));
  gtk_actionable_set_action_name(GTK_ACTIONABLE(initial),
                                 "editor.start-position");
  gtk_box_append(GTK_BOX(buttons), clear);
  gtk_box_append(GTK_BOX(buttons), initial);
  gtk_box_append(GTK_BOX(panel), buttons);

  GtkWidget *scrolled = gtk_scrolled_window_new();
  gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(scrolled),
                                 GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_width(GTK_SCROLLED_WINDOW(scrolled),
                                                  TRUE);
  gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scrolled), panel);

  GtkWidget *body = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0);
  gtk_widget_set_vexpand(body, TRUE);
  gtk_box_append(GTK_BOX(body), left);
  gtk_box_append(GTK_BOX(body), gtk_separator_new(GTK_ORIENTATION_VERTICAL));
  gtk_box_append(GTK_BOX(body), scrolled);

  GtkWidget *content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
  gtk_box_append(GTK_BOX(content), header);
  gtk_box_append(GTK_BOX(content), body);
  self->toasts = ADW_TOAST_OVERLAY(adw_toast_overlay_new());
  adw_toast_overlay_set_child(self->toasts, content);
  adw_window_set_content(ADW_WINDOW(self), GTK_WIDGET(self->toasts));
}

static void jq_position_editor_dispose(GObject *object) {
  JqPositionEditor *self = JQ_POSITION_EDITOR(object);
  g_clear_object(&self->controller);
  g_clear_object(&self->actions);
  G_OBJECT_CLASS(jq_position_editor_parent_class)->dispose(object);
}

static void jq_position_editor_finalize(GObject *object) {
  JqPositionEditor *self = JQ_POSITION_EDITOR(object);
  g_free(self->fen);
  g_free(self->message);
  G_OBJECT_CLASS(jq_position_editor_parent_class)->finalize(object);
}

static void jq_position_editor_class_init(JqPositionEditorClass *klass) {
  GObjectClass *object_class = G_OBJECT_CLASS(klass);
  object_class->dispose = jq_position_editor_dispose;
  object_class->finalize = jq_position_editor_finalize;
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
  gtk_widget_class_add_binding_action(widget_class, GDK_KEY_Escape, 0,
                                      "window.close", NULL);
}

static void jq_position_editor_init(JqPositionEditor *self) {
  self->variant = JQ_VARIANT_XIANGQI;
  self->side = JQ_RED;
  self->auto_pools = TRUE;
  parse_tool("R", &self->tool);
  self->drag_from = -1;
  self->actions = g_simple_action_group_new();
  g_action_map_add_action_entries(G_ACTION_MAP(self->actions), editor_actions,
                                  G_N_ELEMENTS(editor_actions), self);
  gtk_widget_insert_action_group(GTK_WIDGET(self), "editor",
                                 G_ACTION_GROUP(self->actions));
}

JqPositionEditor *jq_position_editor_new(GtkWindow *parent,
                                         JqGameController *controller,
                                         gboolean traditional) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(controller), NULL);
  JqPositionEditor *self =
      g_object_new(JQ_TYPE_POSITION_EDITOR, "transient-for", parent, "modal",
                   TRUE, "destroy-with-parent", TRUE, NULL);
  self->controller = g_object_ref(controller);
  build(self, traditional);

  /* Start from the position the game shows. */
  g_autofree char *fen = jq_game_controller_get_fen(controller);
  JqPosition *pos = g_new(JqPosition, 1);
  JqError err = {{0}};
  if (fen == NULL || !jq_fen_parse(fen, JQ_FEN_VARIANT_AUTO, pos, &err))
    jq_position_init_start(pos, JQ_VARIANT_XIANGQI);
  load_position(self, pos);
  g_free(pos);
  refresh(self);
  return self;
}
