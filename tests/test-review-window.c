/* The game review under a virtual display: "Review Game…" on a short
 * xiangqi game with a blunder (a chariot given for a cannon) marks it ??
 * in the move list and shows a graph with one point a position; clicking
 * the graph browses to that move; the game read back from its PGN comes
 * back reviewed; Cancel stops the review at once and closes. Progress is
 * waited for with generous deadlines: nothing here asserts how fast the
 * engine is. Opening the dialog lays out its text a bounded number of
 * times (counted through pango_layout_get_size, defined below). */
#include <dlfcn.h>
#include <string.h>

#include "jq-application.h"
#include "jq-review-dialog.h"
#include "jq-score-graph.h"
#include "jq-test-app.h"
#include "jq-test-util.h"
#include "jq-window-private.h"
#include "jq-window.h"

#define DEADLINE_MS 120000

static GtkWindow *window;

static JqGameController *controller(void) {
  return jq_window_get_controller(JQ_WINDOW(window));
}

/* The text layouts GTK measures while `counting`. This definition comes
 * before Pango's for every library (the executable is linked with
 * export_dynamic), so each of GTK's calls passes here. */
static gboolean counting;
static int layouts_measured;

void pango_layout_get_size(PangoLayout *layout, int *width, int *height) {
  typedef void (*GetSize)(PangoLayout *, int *, int *);
  static GetSize real;
  if (!real)
    real = (GetSize)dlsym(RTLD_NEXT, "pango_layout_get_size");
  if (counting)
    layouts_measured++;
  real(layout, width, height);
}

static void spin(guint ms) {
  gint64 end = g_get_monotonic_time() + ms * 1000;
  while (g_get_monotonic_time() < end)
    g_main_context_iteration(NULL, FALSE);
}

static const char *const blunder_game[] = {
    "h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "h0h7", "h9h7", NULL,
};
#define BLUNDER_PLY 7

static void play_blunder_game(void) {
  JqNewGame setup;
  jq_new_game_init(&setup, JQ_VARIANT_XIANGQI);
  setup.players[JQ_RED] = JQ_PLAYER_MODE_HUMAN;
  setup.players[JQ_BLACK] = JQ_PLAYER_MODE_HUMAN;
  GError *error = NULL;
  g_assert_true(jq_game_controller_new_game(controller(), &setup, &error));
  for (int i = 0; blunder_game[i]; i++) {
    JqMove m = jq_test_move(blunder_game[i]);
    g_assert_true(jq_game_controller_play_move(controller(), jq_move_from(m),
                                               jq_move_to(m), &error));
  }
  g_assert_no_error(error);
}

/* Waits until `dialog` has closed; FALSE at the deadline. */
static gboolean wait_closed(GtkWindow **dialog) {
  gint64 end = g_get_monotonic_time() + DEADLINE_MS * 1000;
  while (*dialog != NULL && g_get_monotonic_time() < end)
    g_main_context_iteration(NULL, TRUE);
  return *dialog == NULL;
}

static JqReviewDialog *open_review(void) {
  g_assert_true(
      g_action_group_get_action_enabled(G_ACTION_GROUP(window), "review"));
  GtkWindow *dialog = jq_window_show_review(JQ_WINDOW(window));
  g_assert_true(JQ_IS_REVIEW_DIALOG(dialog));
  spin(50);
  return JQ_REVIEW_DIALOG(dialog);
}

static void assert_reviewed(void) {
  JqMoveListView *list = jq_window_get_move_list(JQ_WINDOW(window));
  g_assert_cmpstr(jq_move_list_view_get_mark(list, BLUNDER_PLY - 1), ==, "??");
  /* The mark reads with its own move: right after the move's text, not
   * at the far end of the cell, next to the following move. */
  spin(100);
  GtkWidget *mark = jq_move_list_view_get_mark_label(list, BLUNDER_PLY - 1);
  GtkWidget *text = gtk_widget_get_prev_sibling(mark);
  graphene_point_t at;
  g_assert_true(gtk_widget_compute_point(
      mark, text, &GRAPHENE_POINT_INIT(0, 0), &at));
  int natural = 0;
  gtk_widget_measure(text, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural,
                     NULL, NULL);
  g_assert_cmpfloat(at.x, <=, natural + 12);
  for (guint i = 0; blunder_game[i]; i++)
    if (i != BLUNDER_PLY - 1)
      g_assert_cmpstr(jq_move_list_view_get_mark(list, i), !=, "??");
  JqScoreGraph *graph = jq_window_get_score_graph(JQ_WINDOW(window));
  g_assert_true(gtk_widget_get_visible(GTK_WIDGET(graph)));
  /* One point a position: the start and each move's. */
  g_assert_cmpint(jq_score_graph_get_point_count(graph), ==, 9);
}

static void test_review_marks_and_graph(void) {
  play_blunder_game();
  JqScoreGraph *graph = jq_window_get_score_graph(JQ_WINDOW(window));
  /* No review yet: no graph, no marks. */
  g_assert_false(gtk_widget_get_visible(GTK_WIDGET(graph)));
  JqReviewDialog *dialog = open_review();
  jq_review_dialog_set_choice(dialog, 0, "alphabeta");
  g_assert_false(gtk_widget_get_visible(
      GTK_WIDGET(jq_review_dialog_get_progress_bar(dialog))));
  GtkWindow *open = GTK_WINDOW(dialog);
  g_object_add_weak_pointer(G_OBJECT(open), (gpointer *)&open);
  g_signal_emit_by_name(jq_review_dialog_get_start_button(dialog), "clicked");
  g_assert_true(gtk_widget_get_visible(
      GTK_WIDGET(jq_review_dialog_get_progress_bar(dialog))));
  JqGameReview *review = jq_review_dialog_get_review(dialog);
  g_assert_nonnull(review);
  g_assert_cmpint(jq_game_review_get_total(review), ==, 9);
  g_assert_true(wait_closed(&open));
  spin(50);
  assert_reviewed();

  /* Clicking the graph where the third position is drawn browses there. */
  g_assert_true(gtk_widget_get_width(GTK_WIDGET(graph)) > 0);
  jq_score_graph_click(graph, jq_score_graph_get_x(graph, 3));
  spin(20);
  g_assert_cmpint(jq_game_controller_get_browse_ply(controller()), ==, 3);
  g_assert_cmpint(jq_score_graph_get_current(graph), ==, 3);
  g_assert_cmpint(
      jq_move_list_view_get_current(jq_window_get_move_list(JQ_WINDOW(window))),
      ==, 3);
  jq_score_graph_click(graph, jq_score_graph_get_x(graph, 8));
  spin(20);
  g_assert_false(jq_game_controller_is_browsing(controller()));

  /* Saved and opened again: reviewed as before. */
  char *pgn = jq_game_controller_to_pgn(controller(), JQ_PGN_COORDS);
  play_blunder_game();
  spin(20);
  g_assert_false(gtk_widget_get_visible(GTK_WIDGET(graph)));
  GError *error = NULL;
  g_assert_true(jq_game_controller_load_pgn_text(controller(), pgn, &error));
  g_assert_no_error(error);
  spin(20);
  assert_reviewed();
  g_free(pgn);
}

/* Cancel at 5 s a position: the dialog closes at once, nothing scored. */
static void test_cancel(void) {
  play_blunder_game();
  JqReviewDialog *dialog = open_review();
  jq_review_dialog_set_choice(dialog, JQ_REVIEW_DIALOG_TIMES - 1, "alphabeta");
  GtkWindow *open = GTK_WINDOW(dialog);
  g_object_add_weak_pointer(G_OBJECT(open), (gpointer *)&open);
  g_signal_emit_by_name(jq_review_dialog_get_start_button(dialog), "clicked");
  spin(200);
  gint64 start = g_get_monotonic_time();
  g_signal_emit_by_name(jq_review_dialog_get_cancel_button(dialog), "clicked");
  g_assert_true(wait_closed(&open));
  /* Far short of the 45 s the review would take. */
  g_assert_cmpint(g_get_monotonic_time() - start, <, 10 * G_USEC_PER_SEC);
  spin(20);
  JqEval eval;
  g_assert_false(jq_game_controller_get_eval(controller(), 1, &eval));
  g_assert_false(gtk_widget_get_visible(
      GTK_WIDGET(jq_window_get_score_graph(JQ_WINDOW(window)))));
}

/* Opening the dialog must not hold the main loop: its wrapping text was
 * measured at width after width (352 text layouts, about 40 ms held in the
 * bench's review scenario). Counted from the action to a shown, drawn
 * dialog. */
static void test_opens_cheaply(void) {
  play_blunder_game();
  spin(100);
  layouts_measured = 0;
  counting = TRUE;
  GtkWindow *dialog = jq_window_show_review(JQ_WINDOW(window));
  gint64 end = g_get_monotonic_time() + DEADLINE_MS * 1000;
  while (!gtk_widget_get_mapped(GTK_WIDGET(dialog)) &&
         g_get_monotonic_time() < end)
    g_main_context_iteration(NULL, TRUE);
  g_assert_true(gtk_widget_get_mapped(GTK_WIDGET(dialog)));
  spin(300);
  counting = FALSE;
  g_test_message("%d text layouts measured", layouts_measured);
  /* GTK's measuring goes through the hook at all. */
  g_assert_cmpint(layouts_measured, >, 0);
  g_assert_cmpint(layouts_measured, <=, 120);
  g_object_add_weak_pointer(G_OBJECT(dialog), (gpointer *)&dialog);
  g_signal_emit_by_name(
      jq_review_dialog_get_cancel_button(JQ_REVIEW_DIALOG(dialog)), "clicked");
  g_assert_true(wait_closed(&dialog));
}

int main(int argc, char **argv) {
  JqTestApp t;
  jq_test_app_start(&t, &argc, &argv, "review");
  window = t.window;
  g_test_add_func("/app/review/marks-and-graph", test_review_marks_and_graph);
  g_test_add_func("/app/review/cancel", test_cancel);
  g_test_add_func("/app/review/opens-cheaply", test_opens_cheaply);
  int status = g_test_run();
  jq_test_app_finish(&t);
  return status;
}
