/* JqBoardView under a display (Xvfb in the test suite): clicks, drags and
 * keys turned into move requests or refusals, the flipped mapping, the
 * accessible text never naming a hidden piece, and pictures of the board
 * (PNG files in the build directory) that are checked for content. */
#include <adwaita.h>
#include <cairo-svg.h>
#include <string.h>

#include "jq-board-draw.h"
#include "jq-board-tiles.h"
#include "jq-board-view.h"
#include "jq-fen.h"
#include "jq-piece-faces.h"
#include "jq-test-util.h"

#define MIDGAME \
  "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1"
/* Black knows its pawn on b9 was taken and a pawn turned up there. */
#define JIEQI_MIDGAME                                            \
  "xPxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/7X1/9/XXXXKXXXX b " \
  "A2B2N2R2C2P4a2b2n2r2c2p4 p1 0 1"
/* Four plies into a jieqi game, from Red's side: pieces turned up on
 * both sides. */
#define JIEQI_OPENING                                              \
  "xxxxkxxxx/9/4n2x1/x3x1x1x/2c6/2N6/X3X1X1X/1X2R4/9/XXXXKXXXX w " \
  "A2B2N1R1C2P5a2b2n1r2c1p5 - 4 3"
/* Red's chariot on e3 shields its king from Black's chariot. */
#define PINNED "3k5/4r4/9/9/9/9/4R4/9/9/4K4 w - - 0 1"
/* Only Red's horse stands between the kings. */
#define SHIELD "4k4/9/9/9/9/4N4/9/9/9/4K4 w - - 0 1"
/* Red is in check from the chariot on e8. */
#define CHECKED "3k5/4r4/9/9/9/9/9/9/9/R3K4 w - - 0 1"

static const char *const piece_words[] = {
    "advisor", "elephant", "horse", "chariot", "cannon", "pawn", NULL};

typedef struct {
  GtkWidget *window;
  JqBoardView *view;
  int moves;
  int from, to;
  int refusals;
  char *reason;
  int width, height; /* the size the view is to have; 0: any */
  guint painted;     /* frames painted with the view at that size */
  guint mark;        /* `painted` when a change was made */
  GdkFrameClock *clock;
  gulong paint_id;
} Fixture;

static int sq(const char *name) {
  int s = jq_square_parse(name);
  g_assert_cmpint(s, >=, 0);
  return s;
}

static void on_move_requested(JqBoardView *view, int from, int to,
                              Fixture *fx) {
  fx->moves++;
  fx->from = from;
  fx->to = to;
}

static void on_illegal_move(JqBoardView *view, const char *reason,
                            Fixture *fx) {
  fx->refusals++;
  g_free(fx->reason);
  fx->reason = g_strdup(reason);
}

static void reset_counts(Fixture *fx) {
  fx->moves = fx->refusals = 0;
  fx->from = fx->to = -1;
  g_clear_pointer(&fx->reason, g_free);
}

static gboolean timed_out(gpointer data) {
  *(gboolean *)data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Runs the main loop until `done` says so or `ms` pass. */
static void spin_until(gboolean (*done)(Fixture *), Fixture *fx, guint ms) {
  gboolean expired = FALSE;
  guint id = g_timeout_add(ms, timed_out, &expired);
  while (!expired && (done == NULL || !done(fx)))
    g_main_context_iteration(NULL, TRUE);
  if (!expired)
    g_source_remove(id);
}

static gboolean is_allocated(Fixture *fx) {
  GtkWidget *view = GTK_WIDGET(fx->view);
  int w = gtk_widget_get_width(view), h = gtk_widget_get_height(view);
  return w > 0 && gtk_widget_get_mapped(view) &&
         (fx->width == 0 || (w == fx->width && h == fx->height));
}

static void on_after_paint(GdkFrameClock *clock, Fixture *fx) {
  if (is_allocated(fx))
    fx->painted++;
}

/* Realizes the window and counts its frames, before it shows. */
static void count_frames(Fixture *fx) {
  gtk_widget_realize(fx->window);
  fx->clock = gtk_widget_get_frame_clock(fx->window);
  fx->paint_id = g_signal_connect(fx->clock, "after-paint",
                                  G_CALLBACK(on_after_paint), fx);
}

static gboolean painted_since_mark(Fixture *fx) {
  return fx->painted > fx->mark;
}

/* Waits for a frame painted after the last mark with the view at its
 * size: what a picture of the widget shows is what it drew then. */
static void wait_painted(Fixture *fx) {
  spin_until(painted_since_mark, fx, 5000);
  g_assert_true(painted_since_mark(fx));
}

static gboolean is_still(Fixture *fx) {
  return !jq_board_view_is_animating(fx->view);
}

static void set_fen(Fixture *fx, const char *fen) {
  JqPosition pos;
  jq_test_position_from_fen(&pos, fen);
  jq_board_view_set_position(fx->view, &pos);
}

static void fixture_setup(Fixture *fx, gconstpointer data) {
  memset(fx, 0, sizeof *fx);
  fx->window = gtk_window_new();
  gtk_window_set_default_size(GTK_WINDOW(fx->window), 480, 580);
  fx->view = JQ_BOARD_VIEW(jq_board_view_new());
  gtk_window_set_child(GTK_WINDOW(fx->window), GTK_WIDGET(fx->view));
  g_signal_connect(fx->view, "move-requested", G_CALLBACK(on_move_requested),
                   fx);
  g_signal_connect(fx->view, "illegal-move", G_CALLBACK(on_illegal_move), fx);
  /* Tests move pieces instantly unless they ask for animation. */
  jq_board_view_set_animate(fx->view, FALSE);
  set_fen(fx, JQ_START_FEN_XIANGQI);
  count_frames(fx);
  gtk_window_present(GTK_WINDOW(fx->window));
  spin_until(is_allocated, fx, 5000);
  g_assert_true(is_allocated(fx));
  reset_counts(fx);
}

static void fixture_teardown(Fixture *fx, gconstpointer data) {
  if (fx->paint_id != 0)
    g_signal_handler_disconnect(fx->clock, fx->paint_id);
  gtk_window_destroy(GTK_WINDOW(fx->window));
  g_free(fx->reason);
}

/* ---- clicks ---- */

static void test_click_moves(Fixture *fx, gconstpointer data) {
  /* Cannon h2 to e2: the classic opening. */
  jq_board_view_test_click(fx->view, sq("h2"));
  g_assert_cmpint(jq_board_view_get_selected(fx->view), ==, sq("h2"));
  jq_board_view_test_click(fx->view, sq("e2"));
  g_assert_cmpint(fx->moves, ==, 1);
  g_assert_cmpint(fx->from, ==, sq("h2"));
  g_assert_cmpint(fx->to, ==, sq("e2"));
  g_assert_cmpint(fx->refusals, ==, 0);
  g_assert_cmpint(jq_board_view_get_selected(fx->view), ==, -1);

  /* A capture: the cannon jumps the black cannon to take the horse. */
  reset_counts(fx);
  jq_board_view_test_click(fx->view, sq("h2"));
  jq_board_view_test_click(fx->view, sq("h9"));
  g_assert_cmpint(fx->moves, ==, 1);
  g_assert_cmpint(fx->to, ==, sq("h9"));

  /* Picking another own piece switches; the second press on it drops it. */
  reset_counts(fx);
  jq_board_view_test_click(fx->view, sq("h2"));
  jq_board_view_test_click(fx->view, sq("b0"));
  g_assert_cmpint(jq_board_view_get_selected(fx->view), ==, sq("b0"));
  jq_board_view_test_click(fx->view, sq("b0"));
  g_assert_cmpint(jq_board_view_get_selected(fx->view), ==, -1);
  g_assert_cmpint(fx->moves + fx->refusals, ==, 0);

  /* An empty point with nothing picked is nothing. */
  jq_board_view_test_click(fx->view, sq("e4"));
  g_assert_cmpint(fx->moves + fx->refusals, ==, 0);
}

static void test_click_refusals(Fixture *fx, gconstpointer data) {
  jq_board_view_test_click(fx->view, sq("h2"));
  jq_board_view_test_click(fx->view, sq("i5"));
  g_assert_cmpint(fx->moves, ==, 0);
  g_assert_cmpint(fx->refusals, ==, 1);
  g_assert_cmpstr(fx->reason, ==, "That piece cannot move there");
  g_assert_cmpint(jq_board_view_get_selected(fx->view), ==, -1);

  /* b0-d1 is no horse move (the horse on b0 goes to a2 or c2). */
  reset_counts(fx);
  jq_board_view_test_click(fx->view, sq("b0"));
  jq_board_view_test_click(fx->view, sq("d1"));
  g_assert_cmpint(fx->refusals, ==, 1);

  /* Black's piece while Red is to move. */
  reset_counts(fx);
  jq_board_view_test_click(fx->view, sq("b7"));
  g_assert_cmpint(fx->refusals, ==, 1);
  g_assert_cmpstr(fx->reason, ==, "It is Red's turn to move");
  g_assert_cmpint(jq_board_view_get_selected(fx->view), ==, -1);

  /* Nothing at all when the board is not taking input. */
  reset_counts(fx);
  jq_board_view_set_interactive(fx->view, FALSE);
  jq_board_view_test_click(fx->view, sq("h2"));
  jq_board_view_test_click(fx->view, sq("e2"));
  g_assert_cmpint(fx->moves + fx->refusals, ==, 0);
  g_assert_cmpint(jq_board_view_get_selected(fx->view), ==, -1);
}

static void test_king_safety_reasons(Fixture *fx, gconstpointer data) {
  set_fen(fx, PINNED);
  jq_board_view_test_click(fx->view, sq("e3"));
  jq_board_view_test_click(fx->view, sq("d3"));
  g_assert_cmpint(fx->refusals, ==, 1);
  g_assert_cmpstr(fx->reason, ==, "Your king would be in check");
  jq_board_view_test_click(fx->view, sq("e3"));
  jq_board_view_test_click(fx->view, sq("e7"));
  g_assert_cmpint(fx->moves, ==, 1);

  reset_counts(fx);
  set_fen(fx, SHIELD);
  jq_board_view_test_click(fx->view, sq("e4"));
  jq_board_view_test_click(fx->view, sq("f6"));
  g_assert_cmpint(fx->refusals, ==, 1);
  g_assert_cmpstr(fx->reason, ==,
                  "The two kings may not face each other on an open file");

  reset_counts(fx);
  set_fen(fx, CHECKED);
  jq_board_view_test_click(fx->view, sq("a0"));
  jq_board_view_test_click(fx->view, sq("a5"));
  g_assert_cmpint(fx->refusals, ==, 1);
  g_assert_cmpstr(fx->reason, ==, "Your king is in check");
}

static void test_drag(Fixture *fx, gconstpointer data) {
  jq_board_view_test_drag(fx->view, sq("h2"), sq("e2"));
  g_assert_cmpint(fx->moves, ==, 1);
  g_assert_cmpint(fx->from, ==, sq("h2"));
  g_assert_cmpint(fx->to, ==, sq("e2"));
  g_assert_cmpint(jq_board_view_get_selected(fx->view), ==, -1);

  /* Dropped on a point it cannot reach: refused, nothing stays picked. */
  reset_counts(fx);
  jq_board_view_test_drag(fx->view, sq("a3"), sq("b3"));
  g_assert_cmpint(fx->moves, ==, 0);
  g_assert_cmpint(fx->refusals, ==, 1);
  g_assert_cmpint(jq_board_view_get_selected(fx->view), ==, -1);

  /* Dropped off the board: cancelled without a word. */
  reset_counts(fx);
  jq_board_view_test_drag(fx->view, sq("e3"), -1);
  g_assert_cmpint(fx->moves + fx->refusals, ==, 0);
  g_assert_cmpint(jq_board_view_get_selected(fx->view), ==, -1);
  /* Put back where it was: still picked, ready for a click. */
  jq_board_view_test_drag(fx->view, sq("e3"), sq("e3"));
  g_assert_cmpint(jq_board_view_get_selected(fx->view), ==, sq("e3"));
  jq_board_view_test_click(fx->view, sq("e4"));
  g_assert_cmpint(fx->moves, ==, 1);
  g_assert_cmpint(fx->to, ==, sq("e4"));

  /* A dropped move lands without sliding; a clicked one slides. */
  jq_board_view_set_animate(fx->view, TRUE);
  JqPosition pos;
  jq_test_position_from_fen(&pos, JQ_START_FEN_XIANGQI);
  jq_board_view_set_position(fx->view, &pos);
  jq_board_view_test_drag(fx->view, sq("h2"), sq("e2"));
  jq_position_make_move(&pos, jq_test_move("h2e2"), JQ_REVEAL_NONE);
  jq_board_view_set_position(fx->view, &pos);
  g_assert_false(jq_board_view_is_animating(fx->view));

  jq_board_view_test_click(fx->view, sq("h9"));
  jq_board_view_test_click(fx->view, sq("g7"));
  jq_position_make_move(&pos, jq_test_move("h9g7"), JQ_REVEAL_NONE);
  jq_board_view_set_position(fx->view, &pos);
  g_assert_true(jq_board_view_is_animating(fx->view));
  /* It ends by the frame clock, which a loaded machine can hold up. */
  spin_until(is_still, fx, 5000);
  g_assert_false(jq_board_view_is_animating(fx->view));
}

/* A click on the board gives it the keyboard, whether or not a move may be
 * made now (the computer thinking, an earlier position shown): the arrow
 * keys then move its cursor at once. */
static void test_click_focus(Fixture *fx, gconstpointer data) {
  static const gboolean interactive[] = {FALSE, TRUE};
  for (gsize i = 0; i < G_N_ELEMENTS(interactive); i++) {
    jq_board_view_set_interactive(fx->view, interactive[i]);
    gtk_window_set_focus(GTK_WINDOW(fx->window), NULL);
    g_assert_false(gtk_widget_is_focus(GTK_WIDGET(fx->view)));
    jq_board_view_test_click(fx->view, sq("e4"));
    g_assert_true(gtk_widget_is_focus(GTK_WIDGET(fx->view)));
  }
  /* Off the points, in the board's margin, too. */
  gtk_window_set_focus(GTK_WINDOW(fx->window), NULL);
  jq_board_view_test_click_at(fx->view, 1, 1);
  g_assert_true(gtk_widget_is_focus(GTK_WIDGET(fx->view)));
}

/* ---- keyboard ---- */

static void test_keyboard(Fixture *fx, gconstpointer data) {
  gtk_widget_grab_focus(GTK_WIDGET(fx->view));
  g_assert_cmpint(jq_board_view_get_cursor(fx->view), ==, -1);
  /* The first key shows the cursor on the mover's king. */
  g_assert_true(jq_board_view_test_key(fx->view, GDK_KEY_Right));
  g_assert_cmpint(jq_board_view_get_cursor(fx->view), ==, sq("e0"));
  for (int i = 0; i < 3; i++)
    jq_board_view_test_key(fx->view, GDK_KEY_Right);
  jq_board_view_test_key(fx->view, GDK_KEY_Up);
  jq_board_view_test_key(fx->view, GDK_KEY_Up);
  g_assert_cmpint(jq_board_view_get_cursor(fx->view), ==, sq("h2"));
  /* Right stops at the edge. */
  for (int i = 0; i < 5; i++)
    jq_board_view_test_key(fx->view, GDK_KEY_Right);
  g_assert_cmpint(jq_board_view_get_cursor(fx->view), ==, sq("i2"));
  jq_board_view_test_key(fx->view, GDK_KEY_Left);

  /* Enter picks, Escape puts down, space picks again, Enter drops. */
  jq_board_view_test_key(fx->view, GDK_KEY_Return);
  g_assert_cmpint(jq_board_view_get_selected(fx->view), ==, sq("h2"));
  g_assert_true(jq_board_view_test_key(fx->view, GDK_KEY_Escape));
  g_assert_cmpint(jq_board_view_get_selected(fx->view), ==, -1);
  /* With nothing to cancel, Escape is left to the window. */
  g_assert_false(jq_board_view_test_key(fx->view, GDK_KEY_Escape));
  jq_board_view_test_key(fx->view, GDK_KEY_space);
  g_assert_cmpint(jq_board_view_get_selected(fx->view), ==, sq("h2"));
  for (int i = 0; i < 3; i++)
    jq_board_view_test_key(fx->view, GDK_KEY_Left);
  g_assert_cmpint(jq_board_view_get_cursor(fx->view), ==, sq("e2"));
  jq_board_view_test_key(fx->view, GDK_KEY_KP_Enter);
  g_assert_cmpint(fx->moves, ==, 1);
  g_assert_cmpint(fx->from, ==, sq("h2"));
  g_assert_cmpint(fx->to, ==, sq("e2"));
  /* The cursor stays for the next move. */
  g_assert_cmpint(jq_board_view_get_cursor(fx->view), ==, sq("e2"));

  /* Flipped, the arrows still mean screen directions. */
  jq_board_view_set_flipped(fx->view, TRUE);
  jq_board_view_test_key(fx->view, GDK_KEY_Right);
  g_assert_cmpint(jq_board_view_get_cursor(fx->view), ==, sq("d2"));
  jq_board_view_test_key(fx->view, GDK_KEY_Up);
  g_assert_cmpint(jq_board_view_get_cursor(fx->view), ==, sq("d1"));
  jq_board_view_test_key(fx->view, GDK_KEY_Down);
  jq_board_view_test_key(fx->view, GDK_KEY_Down);
  g_assert_cmpint(jq_board_view_get_cursor(fx->view), ==, sq("d3"));

  /* Keys that are not the board's go on to the window. */
  g_assert_false(jq_board_view_test_key(fx->view, GDK_KEY_Tab));
  g_assert_false(jq_board_view_test_key(fx->view, GDK_KEY_a));
}

/* ---- flipping ---- */

static void test_flipped_mapping(Fixture *fx, gconstpointer data) {
  GtkWidget *widget = GTK_WIDGET(fx->view);
  JqBoardGeometry geom;
  jq_board_geometry_compute(&geom, gtk_widget_get_width(widget),
                            gtk_widget_get_height(widget),
                            gtk_widget_get_scale_factor(widget));
  double left = geom.grid_x, right = geom.grid_x + 8 * geom.cell;
  double top = geom.grid_y, bottom = geom.grid_y + 9 * geom.cell;
  /* A little off the point still hits it. */
  double nudge = 0.3 * geom.cell;

  g_assert_cmpint(jq_board_view_square_at(fx->view, left + nudge, bottom), ==,
                  sq("a0"));
  g_assert_cmpint(jq_board_view_square_at(fx->view, right, top - nudge), ==,
                  sq("i9"));
  g_assert_cmpint(jq_board_view_square_at(fx->view, left - geom.cell, bottom),
                  ==, -1);
  jq_board_view_set_flipped(fx->view, TRUE);
  g_assert_true(jq_board_view_get_flipped(fx->view));
  g_assert_cmpint(jq_board_view_square_at(fx->view, left, bottom - nudge), ==,
                  sq("i9"));
  g_assert_cmpint(jq_board_view_square_at(fx->view, right, top), ==, sq("a0"));
  g_assert_cmpint(jq_board_view_square_at(fx->view, right - geom.cell, top), ==,
                  sq("b0"));

  /* Playing on the flipped board: Red's cannon h2 is near the top left. */
  double hx = left + 1 * geom.cell, hy = top + 2 * geom.cell;
  jq_board_view_test_click_at(fx->view, hx, hy);
  g_assert_cmpint(jq_board_view_get_selected(fx->view), ==, sq("h2"));
  jq_board_view_test_click_at(fx->view, left + 4 * geom.cell, hy);
  g_assert_cmpint(fx->moves, ==, 1);
  g_assert_cmpint(fx->from, ==, sq("h2"));
  g_assert_cmpint(fx->to, ==, sq("e2"));
}

/* ---- accessibility ---- */

static char *accessible_text(JqBoardView *view, GtkAccessibleProperty prop) {
  /* The test context hands back the real value when it differs. */
  char *value =
      gtk_test_accessible_check_property(GTK_ACCESSIBLE(view), prop, "\x01");
  g_assert_nonnull(value);
  return value;
}

/* Every phrase of the description that names a point holding a hidden
 * piece must be the face-down list, without a piece name in it. */
static void assert_hidden_not_named(const char *text, const JqPosition *pos) {
  char **phrases = g_strsplit_set(text, ";.", -1);
  for (char **p = phrases; *p != NULL; p++) {
    char **words = g_strsplit(g_strstrip(*p), " ", -1);
    gboolean names_hidden = FALSE;
    for (char **w = words; *w != NULL; w++) {
      int s = strlen(*w) == 2 ? jq_square_parse(*w) : -1;
      if (s >= 0 && jq_piece_is_hidden(pos->board[s]))
        names_hidden = TRUE;
    }
    if (names_hidden) {
      if (strstr(*p, "face-down") == NULL)
        g_error("hidden point outside the face-down list: '%s'", *p);
      for (int i = 0; piece_words[i] != NULL; i++)
        if (strstr(*p, piece_words[i]) != NULL)
          g_error("'%s' names a piece next to hidden points", *p);
    }
    g_strfreev(words);
  }
  g_strfreev(phrases);
}

static void test_accessible(Fixture *fx, gconstpointer data) {
  gtk_test_accessible_assert_role(GTK_ACCESSIBLE(fx->view),
                                  GTK_ACCESSIBLE_ROLE_IMG);

  char *desc = accessible_text(fx->view, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
  g_assert_nonnull(strstr(desc, "Xiangqi. Red to move."));
  g_assert_nonnull(strstr(desc, "Red: king e0; advisors d0 f0;"));
  g_assert_nonnull(strstr(desc, "cannons b7 h7"));
  g_assert_null(strstr(desc, "face-down"));
  g_free(desc);

  jq_board_view_set_last_move(fx->view, jq_test_move("h2e2"));
  jq_board_view_set_check_square(fx->view, sq("e9"));
  desc = accessible_text(fx->view, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
  g_assert_nonnull(strstr(desc, "Last move h2e2."));
  g_assert_nonnull(strstr(desc, "Black is in check."));
  g_free(desc);
  jq_board_view_set_last_move(fx->view, JQ_MOVE_NONE);
  jq_board_view_set_check_square(fx->view, -1);

  /* The jieqi start: only the kings have names. */
  JqPosition pos;
  jq_test_position_from_fen(&pos, JQ_START_FEN_JIEQI);
  jq_board_view_set_position(fx->view, &pos);
  desc = accessible_text(fx->view, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
  g_assert_nonnull(strstr(desc, "Jieqi."));
  g_assert_nonnull(strstr(desc, "Red: king e0; 15 face-down pieces a0 b0"));
  for (int i = 0; piece_words[i] != NULL; i++)
    if (strstr(desc, piece_words[i]) != NULL)
      g_error("the jieqi start names a '%s': %s", piece_words[i], desc);
  assert_hidden_not_named(desc, &pos);
  g_free(desc);

  /* Mid-game, with a revealed piece: it has its name, hidden ones not. */
  jq_test_position_from_fen(&pos, JIEQI_MIDGAME);
  jq_board_view_set_position(fx->view, &pos);
  desc = accessible_text(fx->view, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
  g_assert_nonnull(strstr(desc, "Black to move."));
  g_assert_nonnull(strstr(desc, "pawn b9"));
  g_assert_nonnull(strstr(desc, "14 face-down pieces"));
  assert_hidden_not_named(desc, &pos);
  g_free(desc);

  /* The cursor's point is in the label, a hidden one as face down only. */
  gtk_widget_grab_focus(GTK_WIDGET(fx->view));
  jq_board_view_test_key(fx->view, GDK_KEY_Down); /* shows it on e9 */
  jq_board_view_test_key(fx->view, GDK_KEY_Left);
  g_assert_cmpint(jq_board_view_get_cursor(fx->view), ==, sq("d9"));
  char *label = accessible_text(fx->view, GTK_ACCESSIBLE_PROPERTY_LABEL);
  g_assert_cmpstr(label, ==,
                  "Jieqi board. Cursor on d9, Black face-down piece");
  g_free(label);
  jq_board_view_test_key(fx->view, GDK_KEY_Return);
  label = accessible_text(fx->view, GTK_ACCESSIBLE_PROPERTY_LABEL);
  g_assert_cmpstr(label, ==,
                  "Jieqi board. Cursor on d9, Black face-down piece. "
                  "Picked up d9");
  g_free(label);
}

/* ---- pictures ---- */

typedef struct {
  int width, height;
  int red, dark, light;
} PixelCounts;

static void count_pixels(const char *path, PixelCounts *out) {
  cairo_surface_t *img = cairo_image_surface_create_from_png(path);
  g_assert_cmpint(cairo_surface_status(img), ==, CAIRO_STATUS_SUCCESS);
  memset(out, 0, sizeof *out);
  out->width = cairo_image_surface_get_width(img);
  out->height = cairo_image_surface_get_height(img);
  const unsigned char *data = cairo_image_surface_get_data(img);
  int stride = cairo_image_surface_get_stride(img);
  for (int y = 0; y < out->height; y++) {
    const guint32 *row = (const guint32 *)(data + y * stride);
    for (int x = 0; x < out->width; x++) {
      guint32 px = row[x];
      int a = px >> 24, r = (px >> 16) & 0xFF, g = (px >> 8) & 0xFF,
          b = px & 0xFF;
      if (a < 250)
        continue;
      if (r > 150 && g < 80 && b < 80)
        out->red++;
      else if (r < 70 && g < 70 && b < 70)
        out->dark++;
      else if (r > 200 && g > 170)
        out->light++;
    }
  }
  cairo_surface_destroy(img);
}

static char *output_path(const char *name) {
  const char *dir = g_getenv("JQ_TEST_OUTPUT_DIR");
  if (dir != NULL)
    return g_build_filename(dir, name, NULL);
  return g_test_build_filename(G_TEST_BUILT, name, NULL);
}

static void render_and_check(Fixture *fx, const char *name, int width,
                             int min_red, int min_dark) {
  char *path = output_path(name);
  GError *error = NULL;
  g_assert_true(jq_board_view_render_png(fx->view, path, width, 0, &error));
  g_assert_no_error(error);
  PixelCounts counts;
  count_pixels(path, &counts);
  g_test_message("%s: %dx%d, %d red, %d dark, %d light pixels", path,
                 counts.width, counts.height, counts.red, counts.dark,
                 counts.light);
  g_assert_cmpint(counts.width, ==, width);
  g_assert_cmpint(counts.height, ==, jq_board_view_height_for_width(width));
  int area = counts.width * counts.height;
  g_assert_cmpint(counts.red, >, area / 1000 * min_red);
  g_assert_cmpint(counts.dark, >, area / 1000 * min_dark);
  g_free(path);
}

static void test_png(Fixture *fx, gconstpointer data) {
  render_and_check(fx, "board-xiangqi-start.png", 540, 5, 5);

  JqPosition pos;
  jq_test_position_from_fen(&pos, JIEQI_MIDGAME);
  jq_board_view_set_position(fx->view, &pos);
  jq_board_view_set_last_move(fx->view, jq_test_move("b2b9"));
  render_and_check(fx, "board-jieqi.png", 540, 5, 5);

  jq_test_position_from_fen(&pos, MIDGAME);
  jq_board_view_set_position(fx->view, &pos);
  jq_board_view_set_flipped(fx->view, TRUE);
  jq_board_view_set_traditional(fx->view, TRUE);
  jq_board_view_set_hint(fx->view, jq_test_move("f3f8"));
  jq_board_view_test_click(fx->view, sq("b6"));
  render_and_check(fx, "board-flipped.png", 400, 3, 3);

  /* The flipped picture is not the unflipped one. */
  char *flipped = output_path("board-flipped.png");
  char *plain = output_path("board-unflipped.png");
  jq_board_view_set_flipped(fx->view, FALSE);
  g_assert_true(jq_board_view_render_png(fx->view, plain, 400, 0, NULL));
  char *a, *b;
  gsize alen, blen;
  g_assert_true(g_file_get_contents(flipped, &a, &alen, NULL));
  g_assert_true(g_file_get_contents(plain, &b, &blen, NULL));
  g_assert_false(alen == blen && memcmp(a, b, alen) == 0);
  g_free(a);
  g_free(b);
  g_free(flipped);
  g_free(plain);

  /* A path that cannot be written is an error, not a crash. */
  GError *error = NULL;
  g_assert_false(jq_board_view_render_png(
      fx->view, "/nonexistent-dir/board.png", 100, 0, &error));
  g_assert_nonnull(error);
  g_clear_error(&error);

  /* The README's picture, when asked for: Red about to move its chariot,
   * the places it may go marked. */
  const char *readme = g_getenv("JQ_BOARD_README_PNG");
  if (readme != NULL) {
    jq_test_position_from_fen(&pos, JIEQI_OPENING);
    jq_board_view_set_position(fx->view, &pos);
    jq_board_view_set_flipped(fx->view, FALSE);
    jq_board_view_set_traditional(fx->view, FALSE);
    jq_board_view_set_last_move(fx->view, jq_test_move("c6c5"));
    jq_board_view_test_click(fx->view, sq("e2"));
    g_assert_cmpint(jq_board_view_get_selected(fx->view), ==, sq("e2"));
    g_assert_true(jq_board_view_render_png(fx->view, readme, 600, 0, NULL));
  }
}

/* What the widget shows: its snapshot, drawn by a cairo renderer of its
 * own. Not the window's: GTK 4.8's GL renderer keeps the texture of a
 * cairo node by the node's address, and a node freed right after
 * gsk_renderer_render_texture() leaves that texture for the next frame,
 * where a new node at the same address is drawn with it. */
static GdkTexture *widget_picture(GtkWidget *widget) {
  GdkPaintable *paintable = gtk_widget_paintable_new(widget);
  int w = gtk_widget_get_width(widget), h = gtk_widget_get_height(widget);
  GtkSnapshot *snapshot = gtk_snapshot_new();
  gdk_paintable_snapshot(paintable, snapshot, w, h);
  GskRenderNode *node = gtk_snapshot_free_to_node(snapshot);
  g_assert_nonnull(node);
  GskRenderer *renderer = gsk_cairo_renderer_new();
  GError *error = NULL;
  g_assert_true(gsk_renderer_realize(renderer, NULL, &error));
  g_assert_no_error(error);
  GdkTexture *texture = gsk_renderer_render_texture(
      renderer, node, &GRAPHENE_RECT_INIT(0, 0, w, h));
  gsk_renderer_unrealize(renderer);
  g_object_unref(renderer);
  gsk_render_node_unref(node);
  g_object_unref(paintable);
  return texture;
}

/* What the widget draws on screen, through its snapshot, also dark: the
 * path a person sees. */
static void test_snapshot(Fixture *fx, gconstpointer data) {
  GtkWidget *widget = GTK_WIDGET(fx->view);
  jq_board_view_set_last_move(fx->view, jq_test_move("h2e2"));
  jq_board_view_set_check_square(fx->view, sq("e9"));
  jq_board_view_test_click(fx->view, sq("b2"));

  AdwStyleManager *style = adw_style_manager_get_default();
  for (int dark = 0; dark <= 1; dark++) {
    fx->mark = fx->painted;
    adw_style_manager_set_color_scheme(style,
                                       dark ? ADW_COLOR_SCHEME_FORCE_DARK
                                            : ADW_COLOR_SCHEME_FORCE_LIGHT);
    g_assert_cmpint(adw_style_manager_get_dark(style), ==, dark);
    wait_painted(fx);
    int w = gtk_widget_get_width(widget), h = gtk_widget_get_height(widget);
    GdkTexture *texture = widget_picture(widget);
    char *path =
        output_path(dark ? "board-widget-dark.png" : "board-widget.png");
    g_assert_true(gdk_texture_save_to_png(texture, path));
    PixelCounts counts;
    count_pixels(path, &counts);
    g_test_message("%s: %dx%d, %d red, %d dark, %d light", path, counts.width,
                   counts.height, counts.red, counts.dark, counts.light);
    g_assert_cmpint(counts.width, ==, w);
    g_assert_cmpint(counts.red, >, w * h / 200);
    g_assert_cmpint(counts.dark, >, w * h / 200);
    g_free(path);
    g_object_unref(texture);
  }
  adw_style_manager_set_color_scheme(style, ADW_COLOR_SCHEME_DEFAULT);
}

/* ---- caches ---- */

/* A surface of `size` device pixels with `piece` on its centre, painted
 * from `faces` or, when it is NULL, drawn afresh. */
static cairo_surface_t *piece_picture(JqPieceFaces *faces, double cell,
                                      int scale, JqPiece piece,
                                      bool traditional, bool dark) {
  JqBoardGeometry geom;
  jq_board_geometry_compute(&geom, JQ_BOARD_WIDTH_CELLS * cell,
                            JQ_BOARD_HEIGHT_CELLS * cell, scale);
  int size = (int)(2 * cell * scale);
  cairo_surface_t *surface =
      cairo_image_surface_create(CAIRO_FORMAT_ARGB32, size, size);
  cairo_surface_set_device_scale(surface, scale, scale);
  cairo_t *cr = cairo_create(surface);
  double centre = cell; /* a whole number of device pixels */
  if (faces != NULL)
    jq_piece_faces_paint(faces, cr, &geom, piece, traditional, dark, centre,
                         centre);
  else
    jq_board_draw_piece(cr, &geom, piece, traditional, dark, centre, centre, 0,
                        1);
  cairo_destroy(cr);
  cairo_surface_flush(surface);
  return surface;
}

/* The largest difference of one channel between two pictures of a size. */
static int picture_difference(cairo_surface_t *a, cairo_surface_t *b) {
  int w = cairo_image_surface_get_width(a);
  int h = cairo_image_surface_get_height(a);
  g_assert_cmpint(cairo_image_surface_get_width(b), ==, w);
  g_assert_cmpint(cairo_image_surface_get_height(b), ==, h);
  int stride = cairo_image_surface_get_stride(a);
  const guint8 *pa = cairo_image_surface_get_data(a);
  const guint8 *pb = cairo_image_surface_get_data(b);
  int worst = 0;
  for (int y = 0; y < h; y++)
    for (int x = 0; x < 4 * w; x++)
      worst = MAX(worst, abs(pa[y * stride + x] - pb[y * stride + x]));
  return worst;
}

/* Painted faces are the drawn ones; a change of size, scale, characters
 * or style draws them again, and only such a change does. */
static void test_piece_faces(Fixture *fx, gconstpointer data) {
  JqPiece chariot = jq_piece_make(JQ_RED, JQ_CHARIOT);
  JqPiece hidden = jq_piece_make_hidden(JQ_BLACK, JQ_CHARIOT);
  struct {
    double cell;
    int scale;
    bool traditional, dark;
  } steps[] = {
      {40, 1, false, false}, {40, 1, true, false}, {40, 1, true, true},
      {56, 1, true, true},   {30, 2, true, true},  {40, 1, false, false},
  };
  JqPieceFaces *faces = jq_piece_faces_new();
  cairo_surface_t *before = NULL;
  unsigned drawn = 0;
  for (guint i = 0; i < G_N_ELEMENTS(steps); i++) {
    for (int k = 0; k < 2; k++) {
      JqPiece piece = k == 0 ? chariot : hidden;
      cairo_surface_t *painted =
          piece_picture(faces, steps[i].cell, steps[i].scale, piece,
                        steps[i].traditional, steps[i].dark);
      cairo_surface_t *fresh =
          piece_picture(NULL, steps[i].cell, steps[i].scale, piece,
                        steps[i].traditional, steps[i].dark);
      g_assert_cmpint(picture_difference(painted, fresh), <=, 1);
      /* Each step changes what a revealed face looks like. */
      if (k == 0 && before != NULL &&
          cairo_image_surface_get_width(before) ==
              cairo_image_surface_get_width(painted))
        g_assert_cmpint(picture_difference(before, painted), >, 32);
      g_assert_cmpuint(jq_piece_faces_drawn(faces), ==, ++drawn);
      /* Painted again: from the cache. */
      cairo_surface_t *again =
          piece_picture(faces, steps[i].cell, steps[i].scale, piece,
                        steps[i].traditional, steps[i].dark);
      g_assert_cmpint(picture_difference(again, painted), ==, 0);
      g_assert_cmpuint(jq_piece_faces_drawn(faces), ==, drawn);
      cairo_surface_destroy(again);
      cairo_surface_destroy(fresh);
      if (k == 0) {
        g_clear_pointer(&before, cairo_surface_destroy);
        before = painted;
      } else {
        cairo_surface_destroy(painted);
      }
    }
  }
  cairo_surface_destroy(before);
  jq_piece_faces_free(faces);
}

static gboolean same_picture(GdkTexture *a, GdkTexture *b) {
  int w = gdk_texture_get_width(a), h = gdk_texture_get_height(a);
  if (gdk_texture_get_width(b) != w || gdk_texture_get_height(b) != h)
    return FALSE;
  gsize stride = 4 * (gsize)w;
  guchar *pa = g_malloc(stride * h), *pb = g_malloc(stride * h);
  gdk_texture_download(a, pa, stride);
  gdk_texture_download(b, pb, stride);
  gboolean same = memcmp(pa, pb, stride * h) == 0;
  g_free(pa);
  g_free(pb);
  return same;
}

/* A window of that size with a board in that state from its first frame
 * on: nothing kept from an earlier one. */
static void fresh_setup(Fixture *fx, const char *fen, gboolean flipped,
                        gboolean traditional, int width, int height) {
  memset(fx, 0, sizeof *fx);
  fx->width = width;
  fx->height = height;
  fx->window = gtk_window_new();
  gtk_window_set_default_size(GTK_WINDOW(fx->window), width, height);
  fx->view = JQ_BOARD_VIEW(jq_board_view_new());
  gtk_window_set_child(GTK_WINDOW(fx->window), GTK_WIDGET(fx->view));
  jq_board_view_set_animate(fx->view, FALSE);
  set_fen(fx, fen);
  jq_board_view_set_flipped(fx->view, flipped);
  jq_board_view_set_traditional(fx->view, traditional);
  count_frames(fx);
  gtk_window_present(GTK_WINDOW(fx->window));
  wait_painted(fx);
}

/* The board kept between frames is drawn again when the orientation, the
 * characters, the style or the size change: each change shows at once,
 * and what shows is what a new widget in that state shows. */
static void test_snapshot_cache(Fixture *fx, gconstpointer data) {
  AdwStyleManager *style = adw_style_manager_get_default();
  adw_style_manager_set_color_scheme(style, ADW_COLOR_SCHEME_FORCE_LIGHT);
  fx->mark = fx->painted;
  set_fen(fx, MIDGAME);
  wait_painted(fx);
  GdkTexture *before = widget_picture(GTK_WIDGET(fx->view));
  gboolean flipped = FALSE, traditional = FALSE;
  int width = 480, height = 580;
  for (int step = 0; step < 4; step++) {
    fx->mark = fx->painted;
    switch (step) {
    case 0: jq_board_view_set_flipped(fx->view, flipped = TRUE); break;
    case 1: jq_board_view_set_traditional(fx->view, traditional = TRUE); break;
    case 2:
      adw_style_manager_set_color_scheme(style, ADW_COLOR_SCHEME_FORCE_DARK);
      break;
    case 3:
      width = 420;
      height = 640;
      gtk_window_set_default_size(GTK_WINDOW(fx->window), width, height);
      break;
    }
    fx->width = width;
    fx->height = height;
    wait_painted(fx);
    GdkTexture *after = widget_picture(GTK_WIDGET(fx->view));
    g_test_message("step %d: %dx%d", step, gdk_texture_get_width(after),
                   gdk_texture_get_height(after));
    g_assert_false(same_picture(before, after));
    Fixture fresh;
    fresh_setup(&fresh, MIDGAME, flipped, traditional, width, height);
    GdkTexture *expected = widget_picture(GTK_WIDGET(fresh.view));
    if (!same_picture(after, expected)) {
      /* Both kept for a look: what the widget showed, what it should. */
      char *name = g_strdup_printf("snapshot-cache-%d-shown.png", step);
      char *path = output_path(name);
      g_assert_true(gdk_texture_save_to_png(after, path));
      g_test_message("shown: %s", path);
      g_free(path);
      g_free(name);
      name = g_strdup_printf("snapshot-cache-%d-expected.png", step);
      path = output_path(name);
      g_assert_true(gdk_texture_save_to_png(expected, path));
      g_test_message("expected: %s", path);
      g_free(path);
      g_free(name);
      g_error("step %d: the widget's picture is not a fresh widget's", step);
    }
    g_object_unref(expected);
    fixture_teardown(&fresh, NULL);
    g_object_unref(before);
    before = after;
  }
  g_object_unref(before);
  adw_style_manager_set_color_scheme(style, ADW_COLOR_SCHEME_DEFAULT);
}

/* The leaves (drawings, textures, colours) of a widget's render tree,
 * each counted once. */
static void collect_leaves(GskRenderNode *node, GPtrArray *leaves) {
  switch (gsk_render_node_get_node_type(node)) {
  case GSK_CONTAINER_NODE:
    for (guint i = 0; i < gsk_container_node_get_n_children(node); i++)
      collect_leaves(gsk_container_node_get_child(node, i), leaves);
    break;
  case GSK_TRANSFORM_NODE:
    collect_leaves(gsk_transform_node_get_child(node), leaves);
    break;
  case GSK_CLIP_NODE:
    collect_leaves(gsk_clip_node_get_child(node), leaves);
    break;
  case GSK_OPACITY_NODE:
    collect_leaves(gsk_opacity_node_get_child(node), leaves);
    break;
  case GSK_DEBUG_NODE:
    collect_leaves(gsk_debug_node_get_child(node), leaves);
    break;
  default:
    if (!g_ptr_array_find(leaves, node, NULL))
      g_ptr_array_add(leaves, node);
  }
}

/* The widget's own drawing of the frame now (its snapshot function, as a
 * frame calls it). */
static GskRenderNode *widget_node(GtkWidget *widget) {
  GtkSnapshot *snapshot = gtk_snapshot_new();
  GTK_WIDGET_GET_CLASS(widget)->snapshot(widget, snapshot);
  GskRenderNode *node = gtk_snapshot_free_to_node(snapshot);
  g_assert_nonnull(node);
  return node;
}

/* The area of what `after` draws afresh against `before`: its leaves that
 * are not the same nodes, as GTK's renderers compare them to find what to
 * draw again in a frame. */
static double fresh_area(GskRenderNode *before, GskRenderNode *after) {
  GPtrArray *old = g_ptr_array_new(), *now = g_ptr_array_new();
  collect_leaves(before, old);
  collect_leaves(after, now);
  double area = 0;
  for (guint i = 0; i < now->len; i++) {
    GskRenderNode *leaf = g_ptr_array_index(now, i);
    if (g_ptr_array_find(old, leaf, NULL))
      continue;
    graphene_rect_t r;
    gsk_render_node_get_bounds(leaf, &r);
    area += r.size.width * r.size.height;
  }
  g_ptr_array_unref(old);
  g_ptr_array_unref(now);
  return area;
}

/* The largest difference of one channel between `node` drawn by a cairo
 * renderer and the board in `state` drawn at once (jq_board_draw, as the
 * PNG export), both at the widget's size. */
static int node_difference(GskRenderNode *node, const JqBoardState *state,
                           GtkWidget *widget) {
  int w = gtk_widget_get_width(widget), h = gtk_widget_get_height(widget);
  GskRenderer *renderer = gsk_cairo_renderer_new();
  g_assert_true(gsk_renderer_realize(renderer, NULL, NULL));
  GdkTexture *texture = gsk_renderer_render_texture(
      renderer, node, &GRAPHENE_RECT_INIT(0, 0, w, h));
  gsk_renderer_unrealize(renderer);
  g_object_unref(renderer);
  cairo_surface_t *shown =
      cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
  cairo_surface_flush(shown);
  gdk_texture_download(texture, cairo_image_surface_get_data(shown),
                       cairo_image_surface_get_stride(shown));
  cairo_surface_mark_dirty(shown);
  g_object_unref(texture);
  cairo_surface_t *drawn =
      cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
  cairo_t *cr = cairo_create(drawn);
  jq_board_draw(cr, w, h, 1, state);
  cairo_destroy(cr);
  cairo_surface_flush(drawn);
  int difference = picture_difference(shown, drawn);
  cairo_surface_destroy(shown);
  cairo_surface_destroy(drawn);
  return difference;
}

/* A frame of a move's slide draws only the moving piece afresh (a
 * cell-sized layer of its own): the board and the pieces at rest are the
 * nodes of the frame before, so the renderers paint only where the piece
 * was and is. Before, all pieces were one board-sized layer each frame. */
static void test_slide_redraws_the_piece(Fixture *fx, gconstpointer data) {
  GtkWidget *widget = GTK_WIDGET(fx->view);
  JqBoardGeometry geom;
  jq_board_geometry_compute(&geom, gtk_widget_get_width(widget),
                            gtk_widget_get_height(widget),
                            gtk_widget_get_scale_factor(widget));
  double board =
      (double)gtk_widget_get_width(widget) * gtk_widget_get_height(widget);
  double piece = (1.6 * geom.cell) * (1.6 * geom.cell);
  jq_board_view_set_animate(fx->view, TRUE);
  /* A capture (a slide over a piece that stays till the end) and a jieqi
   * reveal (a flip at the end). */
  const char *const cases[][2] = {
      {MIDGAME, "f3f8"},
      {JIEQI_OPENING, "b2b4"},
  };
  for (guint k = 0; k < G_N_ELEMENTS(cases); k++) {
    JqPosition pos;
    jq_test_position_from_fen(&pos, cases[k][0]);
    jq_board_view_set_position(fx->view, &pos);
    spin_until(is_still, fx, 5000);
    fx->mark = fx->painted;
    wait_painted(fx);
    JqMove move = jq_test_move(cases[k][1]);
    JqPiece mover = pos.board[jq_move_from(move)];
    JqPiece captured = pos.board[jq_move_to(move)];
    JqReveal reveal = JQ_REVEAL_NONE;
    if (jq_piece_is_hidden(mover))
      reveal.mover = JQ_CHARIOT;
    jq_position_make_move(&pos, move, reveal);
    jq_board_view_set_position(fx->view, &pos);
    g_assert_true(jq_board_view_is_animating(fx->view));
    JqBoardState st;
    jq_board_state_init(&st);
    memcpy(st.board, pos.board, sizeof st.board);
    st.anim_from = jq_move_from(move);
    st.anim_to = jq_move_to(move);
    st.anim_old = mover;
    st.anim_captured = captured;
    GskRenderNode *before = NULL;
    for (int step = 1; step <= 9; step++) {
      jq_board_view_test_hold_animation(fx->view, step / 10.0);
      GskRenderNode *node = widget_node(widget);
      /* What shows is what one drawing of the whole frame shows, but for
       * the rounding of a layer more composited. */
      st.anim_progress = step / 10.0;
      int difference = node_difference(node, &st, widget);
      if (difference > 4)
        g_error("case %u, step %d: the frame is %d from the drawing", k, step,
                difference);
      if (before != NULL) {
        double area = fresh_area(before, node);
        g_test_message("case %u, step %d: %.0f px of %.0f drawn afresh", k,
                       step, area, board);
        g_assert_cmpfloat(area, >, 0);
        g_assert_cmpfloat(area, <=, piece);
        gsk_render_node_unref(before);
      }
      before = node;
    }
    gsk_render_node_unref(before);
    jq_board_view_test_hold_animation(fx->view, -1);
    spin_until(is_still, fx, 5000);
    g_assert_false(jq_board_view_is_animating(fx->view));
  }
}

/* A move's first and last frames draw afresh only the points it changes
 * and their neighbours (the piece leaving its point, the marks of the
 * last move moving, the piece landing): the pieces at rest elsewhere are
 * the nodes of the frame before. Before, the whole board was drawn again
 * at both ends of each slide. */
static void test_move_redraws_its_points(Fixture *fx, gconstpointer data) {
  GtkWidget *widget = GTK_WIDGET(fx->view);
  JqBoardGeometry geom;
  jq_board_geometry_compute(&geom, gtk_widget_get_width(widget),
                            gtk_widget_get_height(widget),
                            gtk_widget_get_scale_factor(widget));
  double board =
      (double)gtk_widget_get_width(widget) * gtk_widget_get_height(widget);
  double cell = geom.cell * geom.cell;
  jq_board_view_set_animate(fx->view, TRUE);
  JqPosition pos;
  jq_test_position_from_fen(&pos, MIDGAME);
  jq_board_view_set_position(fx->view, &pos);
  jq_board_view_set_last_move(fx->view, jq_test_move("a0a1"));
  spin_until(is_still, fx, 5000);
  GskRenderNode *rest = widget_node(widget);

  /* A capture far from the last move's marks. */
  JqMove move = jq_test_move("f3f8");
  JqPiece mover = pos.board[jq_move_from(move)];
  JqPiece captured = pos.board[jq_move_to(move)];
  jq_position_make_move(&pos, move, JQ_REVEAL_NONE);
  jq_board_view_set_position(fx->view, &pos);
  jq_board_view_set_last_move(fx->view, move);
  g_assert_true(jq_board_view_is_animating(fx->view));
  jq_board_view_test_hold_animation(fx->view, 0.1);
  GskRenderNode *first = widget_node(widget);
  double area = fresh_area(rest, first);
  g_test_message("start: %.0f px of %.0f drawn afresh", area, board);
  /* Four points (the one left, the one reached, the old marks' two) with
   * their four neighbours, and the mover's layer; a tile at the board's
   * edge reaches to the widget's edge, so some are larger than a cell. */
  g_assert_cmpfloat(area, >, 0);
  g_assert_cmpfloat(area, <=, 4 * 6 * cell + 2 * cell);
  g_assert_cmpfloat(area, <, board / 4);
  JqBoardState st;
  jq_board_state_init(&st);
  memcpy(st.board, pos.board, sizeof st.board);
  st.last_move = move;
  st.anim_from = jq_move_from(move);
  st.anim_to = jq_move_to(move);
  st.anim_old = mover;
  st.anim_captured = captured;
  st.anim_progress = 0.1;
  g_assert_cmpint(node_difference(first, &st, widget), <=, 4);

  jq_board_view_test_hold_animation(fx->view, 0.9);
  GskRenderNode *last = widget_node(widget);
  jq_board_view_test_hold_animation(fx->view, -1);
  spin_until(is_still, fx, 5000);
  g_assert_false(jq_board_view_is_animating(fx->view));
  GskRenderNode *end = widget_node(widget);
  area = fresh_area(last, end);
  g_test_message("end: %.0f px of %.0f drawn afresh", area, board);
  /* The point reached and its neighbours. */
  g_assert_cmpfloat(area, >, 0);
  g_assert_cmpfloat(area, <=, 8 * cell);
  jq_board_state_init(&st);
  memcpy(st.board, pos.board, sizeof st.board);
  st.last_move = move;
  g_assert_cmpint(node_difference(end, &st, widget), <=, 4);
  gsk_render_node_unref(rest);
  gsk_render_node_unref(first);
  gsk_render_node_unref(last);
  gsk_render_node_unref(end);
}

static cairo_status_t append_to_string(void *closure, const unsigned char *data,
                                       unsigned int length) {
  g_string_append_len(closure, (const char *)data, length);
  return CAIRO_STATUS_SUCCESS;
}

static guint count_of(const char *haystack, const char *needle) {
  guint n = 0;
  for (const char *p = strstr(haystack, needle); p != NULL;
       p = strstr(p + 1, needle))
    n++;
  return n;
}

/* A frame that paints much of the window again (a toast leaving from
 * over the board, the window going to its backdrop state when a dialog
 * takes the focus, a dialog closing over it) paints the board's kept
 * layers again. They are pictures drawn once, copied then, not cairo's
 * records of the paths and glyphs of the points and pieces replayed
 * operation by operation in each such frame. Seen by painting the
 * widget's nodes onto an SVG surface, which writes what a replay draws:
 * pictures as images, drawing as paths (glyphs too). The backdrop state
 * itself draws nothing of the board again, and the pictures show the
 * board as it is drawn at once. */
static void test_repaint_copies_pictures(Fixture *fx, gconstpointer data) {
  GtkWidget *widget = GTK_WIDGET(fx->view);
  fx->mark = fx->painted;
  set_fen(fx, MIDGAME);
  jq_board_view_set_last_move(fx->view, jq_test_move("h2e2"));
  jq_board_view_set_check_square(fx->view, sq("e9"));
  wait_painted(fx);
  GskRenderNode *node = widget_node(widget);
  int w = gtk_widget_get_width(widget), h = gtk_widget_get_height(widget);
  GString *svg = g_string_new(NULL);
  cairo_surface_t *surface =
      cairo_svg_surface_create_for_stream(append_to_string, svg, w, h);
  cairo_t *cr = cairo_create(surface);
  gsk_render_node_draw(node, cr);
  cairo_destroy(cr);
  cairo_surface_finish(surface);
  g_assert_cmpint(cairo_surface_status(surface), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy(surface);
  guint paths = count_of(svg->str, "<path"),
        images = count_of(svg->str, "<image");
  g_test_message("SVG of %zu bytes: %u paths, %u images", svg->len, paths,
                 images);
  /* (cairo writes a picture once, and uses it again where another looks
   * the same.) */
  g_assert_cmpuint(images, >=, 1);
  g_assert_cmpuint(paths, ==, 0);
  g_string_free(svg, TRUE);

  JqBoardState st;
  jq_board_state_init(&st);
  memcpy(st.board, jq_board_view_get_position(fx->view)->board,
         sizeof st.board);
  st.last_move = jq_test_move("h2e2");
  st.check_square = sq("e9");
  g_assert_cmpint(node_difference(node, &st, widget), <=, 4);

  for (int backdrop = 1; backdrop >= 0; backdrop--) {
    fx->mark = fx->painted;
    if (backdrop)
      gtk_widget_set_state_flags(fx->window, GTK_STATE_FLAG_BACKDROP, FALSE);
    else
      gtk_widget_unset_state_flags(fx->window, GTK_STATE_FLAG_BACKDROP);
    gtk_widget_queue_draw(widget);
    wait_painted(fx);
    g_assert_cmpint(
        !!(gtk_widget_get_state_flags(widget) & GTK_STATE_FLAG_BACKDROP), ==,
        backdrop);
    GskRenderNode *now = widget_node(widget);
    g_assert_cmpfloat(fresh_area(node, now), ==, 0);
    gsk_render_node_unref(now);
  }
  gsk_render_node_unref(node);
}

/* The still layer of `st` drawn whole, as the tiles' reference. */
static cairo_surface_t *draw_still_whole(const JqBoardGeometry *geom, int w,
                                         int h, const JqBoardState *st) {
  cairo_surface_t *surface =
      cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
  cairo_t *cr = cairo_create(surface);
  jq_board_draw_still(cr, geom, st, NULL);
  cairo_destroy(cr);
  cairo_surface_flush(surface);
  return surface;
}

/* Whether two pictures of a size differ inside `box`. */
static gboolean differ_in(cairo_surface_t *a, cairo_surface_t *b,
                          const double box[4]) {
  int stride = cairo_image_surface_get_stride(a);
  const guint8 *pa = cairo_image_surface_get_data(a);
  const guint8 *pb = cairo_image_surface_get_data(b);
  for (int y = (int)box[1]; y < (int)(box[1] + box[3]); y++)
    if (memcmp(pa + y * stride + 4 * (int)box[0],
               pb + y * stride + 4 * (int)box[0], 4 * (size_t)box[2]) != 0)
      return TRUE;
  return FALSE;
}

/* A change of the still layer marks every tile where the drawing changes
 * (the others are kept as they were) and few more: each mark and piece,
 * a king's glow, the cursor, a drag, a slide's start. The tiles cover the
 * area without overlap. */
static void test_tiles_cover_changes(void) {
  const int w = 480, h = 580;
  JqBoardGeometry geom;
  jq_board_geometry_compute(&geom, w, h, 1);
  double covered = 0;
  for (int t = 0; t < JQ_BOARD_TILES; t++) {
    double box[4];
    jq_board_tile_box(&geom, w, h, t, box);
    g_assert_cmpfloat(box[2], >, 0);
    g_assert_cmpfloat(box[3], >, 0);
    covered += box[2] * box[3];
  }
  g_assert_cmpfloat(covered, ==, (double)w * h);

  JqPosition pos;
  jq_test_position_from_fen(&pos, MIDGAME);
  JqBoardState base;
  jq_board_state_init(&base);
  memcpy(base.board, pos.board, sizeof base.board);
  base.last_move = jq_test_move("a0a1");
  enum { CHANGES = 8 };
  for (int k = 0; k < CHANGES; k++) {
    JqBoardState after = base;
    int most = 5 * 2; /* points changed, with their four neighbours */
    switch (k) {
    case 0:
      after.check_square = sq("e8");
      most = 9;
      break;
    case 1:
      after.cursor = sq("e4");
      most = 9;
      break;
    case 2:
      after.selected = sq("b2");
      after.targets[sq("b3")] = after.targets[sq("b8")] = true;
      most = 5 * 3;
      break;
    case 3:
      after.last_move = jq_test_move("f3f8");
      most = 5 * 4;
      break;
    case 4: after.drag_from = sq("a3"); break;
    case 5:
      after.anim_from = sq("f3");
      after.anim_to = sq("f8");
      after.anim_captured = base.board[sq("f8")];
      after.board[sq("f8")] = base.board[sq("f3")];
      after.board[sq("f3")] = JQ_EMPTY;
      break;
    case 6:
      after.dark = true;
      most = JQ_BOARD_TILES;
      break;
    case 7:
      after.hint = jq_test_move("c5c6");
      most = JQ_BOARD_TILES;
      break;
    }
    bool dirty[JQ_BOARD_TILES];
    int n = jq_board_tiles_changed(&geom, w, h, &base, &after, dirty);
    cairo_surface_t *a = draw_still_whole(&geom, w, h, &base);
    cairo_surface_t *b = draw_still_whole(&geom, w, h, &after);
    int changed = 0;
    for (int t = 0; t < JQ_BOARD_TILES; t++) {
      double box[4];
      jq_board_tile_box(&geom, w, h, t, box);
      if (!differ_in(a, b, box))
        continue;
      changed++;
      if (!dirty[t])
        g_error("change %d: tile %d changed, not marked", k, t);
    }
    g_test_message("change %d: %d tiles marked, %d changed", k, n, changed);
    g_assert_cmpint(changed, >, 0);
    g_assert_cmpint(n, <=, most);
    cairo_surface_destroy(a);
    cairo_surface_destroy(b);
  }
}

/* Under the sanitizer build: fontconfig keeps its font caches for the
 * life of the process and never frees them; only that library is excused,
 * leaks through GTK, GLib or this project still fail the test. */
const char *__lsan_default_suppressions(void);
const char *__lsan_default_suppressions(void) {
  return "leak:libfontconfig.so\n";
}

int main(int argc, char **argv) {
  /* The test accessibility backend keeps what the widget says readable;
   * the memory settings backend keeps dconf out of the way. */
  g_setenv("GTK_A11Y", "test", TRUE);
  g_setenv("GSETTINGS_BACKEND", "memory", TRUE);
  g_setenv("LANGUAGE", "C", TRUE);
  gtk_test_init(&argc, &argv, NULL);
  adw_init();

#define ADD(name, fn)                                               \
  g_test_add("/board-view/" name, Fixture, NULL, fixture_setup, fn, \
             fixture_teardown)
  ADD("click-moves", test_click_moves);
  ADD("click-refusals", test_click_refusals);
  ADD("king-safety-reasons", test_king_safety_reasons);
  ADD("drag", test_drag);
  ADD("click-focus", test_click_focus);
  ADD("keyboard", test_keyboard);
  ADD("flipped-mapping", test_flipped_mapping);
  ADD("accessible", test_accessible);
  ADD("png", test_png);
  ADD("snapshot", test_snapshot);
  ADD("piece-faces", test_piece_faces);
  ADD("snapshot-cache", test_snapshot_cache);
  ADD("slide-redraws-the-piece", test_slide_redraws_the_piece);
  ADD("move-redraws-its-points", test_move_redraws_its_points);
  ADD("repaint-copies-pictures", test_repaint_copies_pictures);
#undef ADD
  g_test_add_func("/board-view/tiles-cover-changes", test_tiles_cover_changes);
  return g_test_run();
}
