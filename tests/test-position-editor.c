/* The position editor under a virtual display: opened from the window
 * (Ctrl+E, the main menu), pieces put on the board with the palette, the
 * line under the board saying what is wrong (facing kings, a king out of
 * its palace, a face-down piece off its starting points, too many pieces,
 * pools that do not add up, the side not to move in check), Start Game
 * making the position the controller's game, and Copy Position. */
#include <locale.h>
#include <string.h>

#include <glib/gi18n.h>

#include <glib/gstdio.h>

#include "jq-application.h"
#include "jq-fen.h"
#include "jq-position-editor.h"
#include "jq-test-app.h"
#include "jq-window-private.h"
#include "jq-window.h"

static JqApplication *app;
static GtkWindow *window;

static void spin(guint ms) {
  gint64 end = g_get_monotonic_time() + ms * 1000;
  while (g_get_monotonic_time() < end)
    g_main_context_iteration(NULL, FALSE);
}

static gboolean spin_until(GSourceFunc done, gpointer data, guint ms) {
  gint64 end = g_get_monotonic_time() + ms * 1000;
  while (g_get_monotonic_time() < end) {
    if (done(data))
      return TRUE;
    g_main_context_iteration(NULL, FALSE);
  }
  return done(data);
}

static JqGameController *controller(void) {
  return jq_window_get_controller(JQ_WINDOW(window));
}

/* The first visible toplevel of a type, NULL when none. */
static GtkWindow *find_toplevel(GType type) {
  GtkWindow *found = NULL;
  GListModel *list = gtk_window_get_toplevels();
  for (guint i = 0; i < g_list_model_get_n_items(list) && !found; i++) {
    GtkWindow *w = g_list_model_get_item(list, i);
    if (G_TYPE_CHECK_INSTANCE_TYPE(w, type) &&
        gtk_widget_get_visible(GTK_WIDGET(w)))
      found = w;
    g_object_unref(w);
  }
  return found;
}

/* A game between two people, so nothing moves by itself. */
static void new_game(JqVariant variant, const char *fen) {
  JqNewGame setup;
  jq_new_game_init(&setup, variant);
  setup.players[JQ_RED] = JQ_PLAYER_MODE_HUMAN;
  setup.players[JQ_BLACK] = JQ_PLAYER_MODE_HUMAN;
  setup.fen = fen;
  GError *error = NULL;
  g_assert_true(jq_game_controller_new_game(controller(), &setup, &error));
  g_assert_no_error(error);
}

/* Opens the editor as the main menu does. */
static JqPositionEditor *open_editor(void) {
  g_assert_true(gtk_widget_activate_action(GTK_WIDGET(window),
                                           "win.set-up-position", NULL));
  spin(30);
  GtkWindow *editor = find_toplevel(JQ_TYPE_POSITION_EDITOR);
  g_assert_nonnull(editor);
  g_assert_true(gtk_window_get_transient_for(editor) == window);
  g_assert_true(gtk_window_get_modal(editor));
  return JQ_POSITION_EDITOR(editor);
}

static void close_editor(JqPositionEditor *editor) {
  gtk_window_destroy(GTK_WINDOW(editor));
  spin(20);
}

static void act(JqPositionEditor *editor, const char *action,
                const char *string) {
  GVariant *param = string ? g_variant_new_string(string) : NULL;
  g_assert_true(
      gtk_widget_activate_action_variant(GTK_WIDGET(editor), action, param));
}

/* Puts `tool` ("K", "x", "eraser"...) on each point named in `squares`
 * ("e0 e9"). */
static void put(JqPositionEditor *editor, const char *tool,
                const char *squares) {
  act(editor, "editor.tool", tool);
  char **names = g_strsplit(squares, " ", -1);
  for (char **n = names; *n; n++) {
    int sq = jq_square_parse(*n);
    g_assert_cmpint(sq, >=, 0);
    jq_position_editor_click_square(editor, sq);
  }
  g_strfreev(names);
}

static void assert_message_has(JqPositionEditor *editor, const char *part) {
  const char *message = jq_position_editor_get_message(editor);
  if (strstr(message, part) == NULL)
    g_error("the editor says “%s”, not “%s”", message, part);
}

static void assert_invalid(JqPositionEditor *editor, const char *part) {
  assert_message_has(editor, part);
  g_assert_false(jq_position_editor_is_valid(editor));
  g_assert_null(jq_position_editor_get_fen(editor));
}

static void assert_fen(JqPositionEditor *editor, const char *fen) {
  char *got = jq_position_editor_get_fen(editor);
  g_assert_cmpstr(got, ==, fen);
  g_free(got);
  g_assert_true(jq_position_editor_is_valid(editor));
}

/* ---- opening ---- */

static void test_opens_on_shown_position(void) {
  const char *fen = "4k4/R8/9/9/9/9/9/9/1R7/3K5 b - - 0 1";
  new_game(JQ_VARIANT_XIANGQI, fen);
  JqPositionEditor *editor = open_editor();
  assert_fen(editor, fen);
  assert_message_has(editor, "Ready to play, Black to move.");
  close_editor(editor);

  /* The shortcut is Ctrl+E. */
  char **accels = gtk_application_get_accels_for_action(GTK_APPLICATION(app),
                                                        "win.set-up-position");
  g_assert_cmpstr(accels[0], ==, "<Control>e");
  g_strfreev(accels);
}

/* ---- placing pieces and what is wrong ---- */

static void test_place_and_check(void) {
  new_game(JQ_VARIANT_XIANGQI, NULL);
  JqPositionEditor *editor = open_editor();
  act(editor, "editor.clear", NULL);
  assert_invalid(editor, "Red has no king");
  for (int sq = 0; sq < JQ_SQUARES; sq++)
    g_assert_cmpint(jq_position_editor_get_piece(editor, sq), ==, JQ_EMPTY);

  /* Kings facing each other on an open file. */
  put(editor, "K", "e0");
  put(editor, "k", "e9");
  g_assert_cmpint(jq_position_editor_get_piece(editor, jq_square_parse("e0")),
                  ==, jq_piece_make(JQ_RED, JQ_KING));
  assert_invalid(editor, "may not face each other");

  /* A pawn between them: playable. */
  put(editor, "P", "e3");
  assert_fen(editor, "4k4/9/9/9/9/9/4P4/9/9/4K4 w - - 0 1");
  assert_message_has(editor, "Ready to play, Red to move.");

  /* A second click with the same piece takes it away. */
  put(editor, "P", "e3");
  g_assert_cmpint(jq_position_editor_get_piece(editor, jq_square_parse("e3")),
                  ==, JQ_EMPTY);
  assert_invalid(editor, "may not face each other");
  put(editor, "k", "d9");
  put(editor, "eraser", "e9");
  assert_fen(editor, "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1");

  /* A king out of its palace. */
  put(editor, "K", "e4");
  put(editor, "eraser", "e0");
  assert_invalid(editor, "the Red king on e4 is outside its palace");
  put(editor, "K", "e4 f0");
  assert_fen(editor, "3k5/9/9/9/9/9/9/9/9/5K3 w - - 0 1");

  /* Too many pieces of a type. */
  put(editor, "R", "a5 b5 c5");
  assert_invalid(editor, "there are 3 Red chariots on the board, at most 2");
  put(editor, "eraser", "c5");
  g_assert_true(jq_position_editor_is_valid(editor));

  /* The side not to move in check: Black's king on d9 under the chariot on
   * d5 while Red is to move. */
  put(editor, "R", "d5");
  put(editor, "eraser", "a5");
  assert_invalid(editor, "Red is to move while the king of Black is in check");
  act(editor, "editor.side", "black");
  assert_fen(editor, "3k5/9/9/9/1R1R5/9/9/9/9/5K3 b - - 0 1");

  /* A xiangqi piece where it can never stand. */
  put(editor, "B", "e5");
  assert_invalid(editor, "can never be");
  close_editor(editor);
}

static void test_face_down_pieces(void) {
  new_game(JQ_VARIANT_XIANGQI, NULL);
  JqPositionEditor *editor = open_editor();
  act(editor, "editor.clear", NULL);
  put(editor, "K", "e0");
  put(editor, "k", "d9");
  act(editor, "editor.variant", "jieqi");
  /* Every piece not on the board counts as unseen: a jieqi ending. */
  g_assert_cmpint(jq_position_editor_get_pool(editor, JQ_BLACK, JQ_PAWN), ==,
                  5);
  assert_fen(editor, "3k5/9/9/9/9/9/9/9/9/4K4 w A2B2N2R2C2P5a2b2n2r2c2p5 "
                     "- 0 1");
  /* Without a face-down piece or an unseen piece, it would be xiangqi. */
  for (int c = 0; c < 2; c++)
    for (int t = JQ_ADVISOR; t <= JQ_PAWN; t++)
      jq_position_editor_set_pool(editor, (JqColor)c, (JqPieceType)t, 0);
  assert_invalid(editor, "needs a face-down piece");
  act(editor, "editor.auto-pools", NULL);

  /* Off the starting points, on the other side's or on a king's: refused,
   * and the board stays as it was. */
  put(editor, "X", "e4");
  assert_message_has(editor, "e4, which is not a starting point of Red");
  g_assert_cmpint(jq_position_editor_get_piece(editor, jq_square_parse("e4")),
                  ==, JQ_EMPTY);
  put(editor, "X", "b7");
  assert_message_has(editor, "b7, which is not a starting point of Red");
  g_assert_cmpint(jq_position_editor_get_piece(editor, jq_square_parse("b7")),
                  ==, JQ_EMPTY);
  put(editor, "x", "e9");
  assert_message_has(editor, "e9, a king's point");

  /* On their own starting points: the pools count what is not face up. */
  put(editor, "X", "a0 b2");
  put(editor, "x", "i9");
  put(editor, "R", "a5");
  g_assert_cmpint(jq_position_editor_get_piece(editor, jq_square_parse("b2")),
                  ==, jq_piece_make_hidden(JQ_RED, JQ_CANNON));
  g_assert_cmpint(jq_position_editor_get_pool(editor, JQ_RED, JQ_CHARIOT), ==,
                  1);
  g_assert_cmpint(jq_position_editor_get_pool(editor, JQ_RED, JQ_PAWN), ==, 5);
  assert_fen(editor, "3k4x/9/9/9/R8/9/9/1X7/9/X3K4 w "
                     "A2B2N2R1C2P5a2b2n2r2c2p5 - 0 1");

  /* Pools set by hand that do not add up. */
  for (int t = JQ_ADVISOR; t <= JQ_PAWN; t++)
    jq_position_editor_set_pool(editor, JQ_RED, (JqPieceType)t, 0);
  jq_position_editor_set_pool(editor, JQ_RED, JQ_PAWN, 1);
  assert_invalid(editor,
                 "Red has 2 hidden pieces on the board but only 1 in the pool");
  jq_position_editor_set_pool(editor, JQ_RED, JQ_HORSE, 1);
  assert_fen(editor, "3k4x/9/9/9/R8/9/9/1X7/9/X3K4 w "
                     "N1P1a2b2n2r2c2p5 - 0 1");
  jq_position_editor_set_pool(editor, JQ_RED, JQ_CHARIOT, 2);
  assert_invalid(editor, "too many Red chariots: 1 on the board and 2 in the "
                         "pool, at most 2");

  /* Back to counting from the board. */
  act(editor, "editor.auto-pools", NULL);
  g_assert_cmpint(jq_position_editor_get_pool(editor, JQ_RED, JQ_CHARIOT), ==,
                  1);
  g_assert_true(jq_position_editor_is_valid(editor));

  /* Face-down pieces have no place in xiangqi. */
  act(editor, "editor.variant", "xiangqi");
  assert_invalid(editor, "a xiangqi position has no hidden pieces");
  close_editor(editor);
}

/* ---- dragging ---- */

static void test_drag_and_drop(void) {
  new_game(JQ_VARIANT_JIEQI, NULL);
  JqPositionEditor *editor = open_editor();
  int a0 = jq_square_parse("a0"), a5 = jq_square_parse("a5");
  int b0 = jq_square_parse("b0"), e0 = jq_square_parse("e0");
  int c0 = jq_square_parse("c0"), e5 = jq_square_parse("e5");

  /* A palette piece dropped on a point replaces what stood there, even
   * the same piece (a drop never takes it away). */
  g_assert_true(jq_position_editor_drop(editor, "R", a0));
  g_assert_cmpint(jq_position_editor_get_piece(editor, a0), ==,
                  jq_piece_make(JQ_RED, JQ_CHARIOT));
  g_assert_true(jq_position_editor_drop(editor, "R", a0));
  g_assert_cmpint(jq_position_editor_get_piece(editor, a0), ==,
                  jq_piece_make(JQ_RED, JQ_CHARIOT));
  g_assert_true(jq_position_editor_drop(editor, "X", a0));
  g_assert_cmpint(jq_position_editor_get_piece(editor, a0), ==,
                  jq_piece_make_hidden(JQ_RED, JQ_CHARIOT));
  /* Refused: a face-down piece off its points, an unknown tool. */
  g_assert_false(jq_position_editor_drop(editor, "X", e5));
  assert_message_has(editor, "e5, which is not a starting point of Red");
  g_assert_false(jq_position_editor_drop(editor, "Q", e5));
  g_assert_cmpint(jq_position_editor_get_piece(editor, e5), ==, JQ_EMPTY);

  /* A face-down piece dragged to another starting point moves as that
   * point's role; off the starting points it stays where it was. */
  jq_position_editor_drop(editor, "eraser", c0);
  g_assert_true(jq_position_editor_move(editor, b0, c0));
  g_assert_cmpint(jq_position_editor_get_piece(editor, b0), ==, JQ_EMPTY);
  g_assert_cmpint(jq_position_editor_get_piece(editor, c0), ==,
                  jq_piece_make_hidden(JQ_RED, JQ_ELEPHANT));
  g_assert_false(jq_position_editor_move(editor, c0, e5));
  g_assert_cmpint(jq_position_editor_get_piece(editor, c0), ==,
                  jq_piece_make_hidden(JQ_RED, JQ_ELEPHANT));
  g_assert_cmpint(jq_position_editor_get_piece(editor, e5), ==, JQ_EMPTY);

  /* A revealed piece goes anywhere; dragged off the board it is gone. */
  g_assert_true(jq_position_editor_move(editor, e0, jq_square_parse("d0")));
  g_assert_cmpint(jq_position_editor_get_piece(editor, jq_square_parse("d0")),
                  ==, jq_piece_make(JQ_RED, JQ_KING));
  g_assert_true(jq_position_editor_move(editor, a0, -1));
  g_assert_cmpint(jq_position_editor_get_piece(editor, a0), ==, JQ_EMPTY);
  g_assert_false(jq_position_editor_move(editor, a5, e5)); /* empty */
  close_editor(editor);
}

static gboolean editor_gone(gpointer data) {
  return find_toplevel(JQ_TYPE_POSITION_EDITOR) == NULL;
}

static AdwMessageDialog *find_question(void) {
  GtkWindow *dialog = find_toplevel(ADW_TYPE_MESSAGE_DIALOG);
  if (dialog != NULL &&
      adw_message_dialog_has_response(ADW_MESSAGE_DIALOG(dialog), "abandon"))
    return ADW_MESSAGE_DIALOG(dialog);
  return NULL;
}

static gboolean question_shown(gpointer data) {
  return find_question() != NULL;
}

/* ---- Start Game ---- */

static gboolean has_line(gpointer data) {
  return jq_analysis_mode_get_line_count(data) > 0;
}

static void test_start_game(void) {
  new_game(JQ_VARIANT_XIANGQI, NULL);
  JqPositionEditor *editor = open_editor();
  act(editor, "editor.variant", "jieqi");
  act(editor, "editor.start-position", NULL);
  put(editor, "eraser", "a0 b9 c3");
  put(editor, "R", "a4");
  put(editor, "n", "b5");
  act(editor, "editor.side", "black");
  char *fen = jq_position_editor_get_fen(editor);
  g_assert_nonnull(fen);
  /* No game in progress: no question, the editor closes. */
  act(editor, "editor.start-game", NULL);
  g_assert_true(spin_until(editor_gone, NULL, 2000));
  char *now = jq_game_controller_get_fen(controller());
  g_assert_cmpstr(now, ==, fen);
  g_free(now);
  g_free(fen);

  /* A game in progress: asked first; Cancel keeps it. */
  GError *error = NULL;
  g_assert_true(jq_game_controller_play_move(
      controller(), jq_square_parse("b7"), jq_square_parse("b6"), &error));
  g_assert_no_error(error);
  char *kept = jq_game_controller_get_fen(controller());
  editor = open_editor();
  act(editor, "editor.clear", NULL);
  put(editor, "K", "d0");
  put(editor, "k", "f9");
  act(editor, "editor.variant", "xiangqi");
  fen = jq_position_editor_get_fen(editor);
  g_assert_cmpstr(fen, ==, "5k3/9/9/9/9/9/9/9/9/3K5 w - - 0 1");
  act(editor, "editor.start-game", NULL);
  g_assert_true(spin_until(question_shown, NULL, 2000));
  AdwMessageDialog *question = find_question();
  adw_message_dialog_response(question, "cancel");
  gtk_window_destroy(GTK_WINDOW(question));
  spin(20);
  now = jq_game_controller_get_fen(controller());
  g_assert_cmpstr(now, ==, kept);
  g_free(now);
  g_assert_nonnull(find_toplevel(JQ_TYPE_POSITION_EDITOR));

  /* Abandon: the position is the new game. */
  act(editor, "editor.start-game", NULL);
  g_assert_true(spin_until(question_shown, NULL, 2000));
  question = find_question();
  adw_message_dialog_response(question, "abandon");
  gtk_window_destroy(GTK_WINDOW(question));
  g_assert_true(spin_until(editor_gone, NULL, 2000));
  now = jq_game_controller_get_fen(controller());
  g_assert_cmpstr(now, ==, fen);
  g_assert_cmpint(jq_game_controller_get_move_count(controller()), ==, 0);
  g_free(now);
  g_free(fen);
  g_free(kept);
}

/* Analyse: the position becomes the game, as with Start Game, and the
 * window's analysis is on for it at once. */
static void test_analyse(void) {
  new_game(JQ_VARIANT_XIANGQI, NULL);
  GVariant *state =
      g_action_group_get_action_state(G_ACTION_GROUP(window), "analyse");
  g_assert_false(g_variant_get_boolean(state));
  g_variant_unref(state);
  JqPositionEditor *editor = open_editor();
  act(editor, "editor.start-position", NULL);
  char *fen = jq_position_editor_get_fen(editor);
  act(editor, "editor.analyse", NULL);
  g_assert_true(spin_until(editor_gone, NULL, 2000));
  char *now = jq_game_controller_get_fen(controller());
  g_assert_cmpstr(now, ==, fen);
  state = g_action_group_get_action_state(G_ACTION_GROUP(window), "analyse");
  g_assert_true(g_variant_get_boolean(state));
  g_variant_unref(state);
  JqAnalysisView *view = jq_window_get_analysis_view(JQ_WINDOW(window));
  JqAnalysisMode *mode = jq_analysis_view_get_mode(view);
  g_assert_true(gtk_widget_get_visible(GTK_WIDGET(view)));
  g_assert_true(jq_analysis_mode_get_active(mode));
  /* Its first line is about the position set up. */
  g_assert_true(spin_until(has_line, mode, 60000));
  JqPosition *analysed = g_new(JqPosition, 1);
  g_assert_true(jq_analysis_mode_get_position(mode, analysed));
  char buf[JQ_FEN_MAX];
  g_assert_cmpuint(jq_fen_write(analysed, JQ_FEN_XIANGQI, buf, sizeof buf), >,
                   0);
  g_assert_cmpstr(buf, ==, fen);
  g_free(analysed);
  g_action_group_change_action_state(G_ACTION_GROUP(window), "show-analysis",
                                     g_variant_new_boolean(FALSE));
  g_assert_false(jq_analysis_mode_get_active(mode));
  g_free(now);
  g_free(fen);
}

static void test_invalid_cannot_start(void) {
  new_game(JQ_VARIANT_XIANGQI, NULL);
  char *before = jq_game_controller_get_fen(controller());
  JqPositionEditor *editor = open_editor();
  act(editor, "editor.clear", NULL);
  g_assert_false(jq_position_editor_is_valid(editor));
  /* Start Game does nothing: the game stays, the editor stays open. */
  act(editor, "editor.start-game", NULL);
  spin(30);
  g_assert_null(find_question());
  g_assert_nonnull(find_toplevel(JQ_TYPE_POSITION_EDITOR));
  close_editor(editor);
  char *after = jq_game_controller_get_fen(controller());
  g_assert_cmpstr(after, ==, before);
  g_free(before);
  g_free(after);
}

/* ---- Copy Position ---- */

static void on_text_read(GObject *source, GAsyncResult *result, gpointer data) {
  *(char **)data =
      gdk_clipboard_read_text_finish(GDK_CLIPBOARD(source), result, NULL);
}

static gboolean is_set(gpointer data) { return *(char **)data != NULL; }

static void test_copy_fen(void) {
  new_game(JQ_VARIANT_XIANGQI, NULL);
  JqPositionEditor *editor = open_editor();
  GdkClipboard *clipboard = gtk_widget_get_clipboard(GTK_WIDGET(editor));
  gdk_clipboard_set_text(clipboard, "something else");
  put(editor, "eraser", "a0");
  char *fen = jq_position_editor_get_fen(editor);
  g_assert_cmpstr(fen, ==,
                  "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/"
                  "1NBAKABNR w - - 0 1");
  act(editor, "editor.copy-fen", NULL);
  char *copied = NULL;
  gdk_clipboard_read_text_async(clipboard, NULL, on_text_read, &copied);
  g_assert_true(spin_until(is_set, &copied, 5000));
  g_assert_cmpstr(copied, ==, fen);
  g_free(copied);
  g_free(fen);
  close_editor(editor);
}

int main(int argc, char **argv) {
  JqTestApp t;
  jq_test_app_start(&t, &argc, &argv, "editor");
  app = t.app;
  window = t.window;

  g_test_add_func("/app/position-editor/opens-on-shown-position",
                  test_opens_on_shown_position);
  g_test_add_func("/app/position-editor/place-and-check", test_place_and_check);
  g_test_add_func("/app/position-editor/face-down-pieces",
                  test_face_down_pieces);
  g_test_add_func("/app/position-editor/drag-and-drop", test_drag_and_drop);
  g_test_add_func("/app/position-editor/start-game", test_start_game);
  g_test_add_func("/app/position-editor/analyse", test_analyse);
  g_test_add_func("/app/position-editor/invalid-cannot-start",
                  test_invalid_cannot_start);
  g_test_add_func("/app/position-editor/copy-fen", test_copy_fen);
  int status = g_test_run();
  jq_test_app_finish(&t);
  return status;
}
