#include "jq-config.h"

#include "jq-review-dialog.h"

#include <glib/gi18n.h>

#include "jq-ai-names.h"

const int jq_review_dialog_times[JQ_REVIEW_DIALOG_TIMES] = {500, 1000, 2000,
                                                            5000};

/* The AIs that give a score worth marking with: the baselines do not. */
static const char *const algorithms[] = {"alphabeta", "ismcts", NULL};

struct _JqReviewDialog {
  AdwWindow parent_instance;

  JqGameController *controller;
  AdwComboRow *time_row;
  AdwComboRow *algorithm_row;
  GtkWidget *choices;
  GtkProgressBar *progress;
  GtkButton *start;
  GtkButton *cancel;
  JqGameReview *review;
  /* The game reviewed: a change of game or a move taken back drops it. */
  guint game_id;
  int move_count;
  gboolean stale;
};

G_DEFINE_FINAL_TYPE(JqReviewDialog, jq_review_dialog, ADW_TYPE_WINDOW)

static void show_progress(JqReviewDialog *self, int done, int total) {
  gtk_progress_bar_set_fraction(self->progress,
                                total > 0 ? (double)done / total : 0);
  /* Translators: how far the review is: "Position 3 of 41". */
  char *text =
      g_strdup_printf(_("Position %d of %d"), MIN(done + 1, total), total);
  gtk_progress_bar_set_text(self->progress, text);
  g_free(text);
}

static void on_progress(JqGameReview *review, int done, int total,
                        JqReviewDialog *self) {
  show_progress(self, done, total);
}

static void on_finished(JqGameReview *review, gboolean completed,
                        JqReviewDialog *self) {
  int done = jq_game_review_get_done(review);
  if (!self->stale && done > 0) {
    JqEval *evals = g_new(JqEval, done);
    for (int i = 0; i < done; i++)
      jq_game_review_get_eval(review, i, &evals[i]);
    jq_game_controller_set_review(self->controller, evals, done);
    g_free(evals);
  }
  gtk_window_destroy(GTK_WINDOW(self));
}

/* The game changed under the review: another game, or fewer moves. */
static void on_changed(JqGameController *controller, JqReviewDialog *self) {
  if (!self->review || !jq_game_review_is_running(self->review))
    return;
  if (jq_game_controller_get_game_id(controller) != self->game_id ||
      jq_game_controller_get_move_count(controller) < self->move_count) {
    self->stale = TRUE;
    jq_game_review_cancel(self->review);
  }
}

static void on_start(JqReviewDialog *self) {
  if (self->review)
    return;
  guint t = adw_combo_row_get_selected(self->time_row);
  guint a = adw_combo_row_get_selected(self->algorithm_row);
  int ms = jq_review_dialog_times[MIN(t, JQ_REVIEW_DIALOG_TIMES - 1)];
  const char *algorithm = algorithms[MIN(a, G_N_ELEMENTS(algorithms) - 2)];
  int count = 0;
  JqPosition *views =
      jq_game_controller_get_mover_views(self->controller, &count);
  self->game_id = jq_game_controller_get_game_id(self->controller);
  self->move_count = jq_game_controller_get_move_count(self->controller);
  self->review = jq_game_review_new(views, count, algorithm, ms);
  g_free(views);
  g_signal_connect_object(self->review, "progress", G_CALLBACK(on_progress),
                          self, 0);
  g_signal_connect_object(self->review, "finished", G_CALLBACK(on_finished),
                          self, 0);
  gtk_widget_set_sensitive(self->choices, FALSE);
  gtk_widget_set_visible(GTK_WIDGET(self->start), FALSE);
  gtk_widget_set_visible(GTK_WIDGET(self->progress), TRUE);
  gtk_button_set_label(self->cancel, _("_Stop"));
  gtk_widget_set_tooltip_text(GTK_WIDGET(self->cancel),
                              _("Stop the review and keep what is done"));
  show_progress(self, 0, count);
  jq_game_review_start(self->review);
}

static void on_cancel(JqReviewDialog *self) {
  if (self->review && jq_game_review_is_running(self->review)) {
    /* The finished handler keeps what is done and closes. */
    gtk_widget_set_sensitive(GTK_WIDGET(self->cancel), FALSE);
    jq_game_review_cancel(self->review);
    return;
  }
  gtk_window_destroy(GTK_WINDOW(self));
}

/* Closing the window is Cancel. */
static gboolean on_close_request(GtkWindow *window) {
  JqReviewDialog *self = JQ_REVIEW_DIALOG(window);
  if (self->review && jq_game_review_is_running(self->review)) {
    on_cancel(self);
    return TRUE;
  }
  return FALSE;
}

static GListModel *time_model(void) {
  GtkStringList *list = gtk_string_list_new(NULL);
  for (int i = 0; i < JQ_REVIEW_DIALOG_TIMES; i++) {
    int ms = jq_review_dialog_times[i];
    char number[16];
    g_snprintf(number, sizeof number, ms % 1000 ? "%.1f" : "%.0f", ms / 1000.0);
    /* Translators: think time a position, "0.5 s". */
    char *text = g_strdup_printf(_("%s s"), number);
    gtk_string_list_append(list, text);
    g_free(text);
  }
  return G_LIST_MODEL(list);
}

JqReviewDialog *jq_review_dialog_new(GtkWindow *parent,
                                     JqGameController *controller) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(controller), NULL);
  JqReviewDialog *self = g_object_new(
      JQ_TYPE_REVIEW_DIALOG, "transient-for", parent, "modal", TRUE, "title",
      _("Review Game"), "default-width", 380, "resizable", FALSE, NULL);
  self->controller = g_object_ref(controller);
  g_signal_connect_object(controller, "changed", G_CALLBACK(on_changed), self,
                          0);
  return self;
}

void jq_review_dialog_set_choice(JqReviewDialog *self, int time_index,
                                 const char *algorithm) {
  g_return_if_fail(JQ_IS_REVIEW_DIALOG(self));
  g_return_if_fail(time_index >= 0 && time_index < JQ_REVIEW_DIALOG_TIMES);
  adw_combo_row_set_selected(self->time_row, (guint)time_index);
  for (guint i = 0; algorithms[i]; i++)
    if (g_strcmp0(algorithms[i], algorithm) == 0)
      adw_combo_row_set_selected(self->algorithm_row, i);
}

GtkButton *jq_review_dialog_get_start_button(JqReviewDialog *self) {
  g_return_val_if_fail(JQ_IS_REVIEW_DIALOG(self), NULL);
  return self->start;
}

GtkButton *jq_review_dialog_get_cancel_button(JqReviewDialog *self) {
  g_return_val_if_fail(JQ_IS_REVIEW_DIALOG(self), NULL);
  return self->cancel;
}

GtkProgressBar *jq_review_dialog_get_progress_bar(JqReviewDialog *self) {
  g_return_val_if_fail(JQ_IS_REVIEW_DIALOG(self), NULL);
  return self->progress;
}

JqGameReview *jq_review_dialog_get_review(JqReviewDialog *self) {
  g_return_val_if_fail(JQ_IS_REVIEW_DIALOG(self), NULL);
  return self->review;
}

static void jq_review_dialog_dispose(GObject *object) {
  JqReviewDialog *self = JQ_REVIEW_DIALOG(object);
  if (self->review) {
    g_signal_handlers_disconnect_by_data(self->review, self);
    jq_game_review_cancel(self->review);
    g_clear_object(&self->review);
  }
  if (self->controller)
    g_signal_handlers_disconnect_by_data(self->controller, self);
  g_clear_object(&self->controller);
  G_OBJECT_CLASS(jq_review_dialog_parent_class)->dispose(object);
}

static void jq_review_dialog_class_init(JqReviewDialogClass *klass) {
  G_OBJECT_CLASS(klass)->dispose = jq_review_dialog_dispose;
  GTK_WINDOW_CLASS(klass)->close_request = on_close_request;
  gtk_widget_class_add_binding_action(GTK_WIDGET_CLASS(klass), GDK_KEY_Escape,
                                      0, "window.close", NULL);
}

static void jq_review_dialog_init(JqReviewDialog *self) {
  GtkWidget *content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
  gtk_box_append(GTK_BOX(content), adw_header_bar_new());
  GtkWidget *body = gtk_box_new(GTK_ORIENTATION_VERTICAL, 18);
  gtk_widget_set_margin_start(body, 18);
  gtk_widget_set_margin_end(body, 18);
  gtk_widget_set_margin_top(body, 12);
  gtk_widget_set_margin_bottom(body, 18);
  gtk_box_append(GTK_BOX(content), body);

  /* Opening the dialog must not hold the main loop. A wrapping label
   * free to take any width is laid out at width after width as the window
   * finds its size: the group's own description was 191 layouts of its
   * text, the rows' wrapping titles 148 more, most of the 40 ms the first
   * show held. This label asks for a fixed width (the width it is given
   * wraps it), and the titles, short in every language, keep to one
   * line: 97 layouts in all (test-review-window). */
  GtkWidget *choices = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12);
  self->choices = choices;
  GtkWidget *description = gtk_label_new(
      _("Every position of the game is scored; the moves that lose the most "
        "are marked ?! (inaccuracy), ? (mistake) and ?? (blunder)."));
  gtk_label_set_wrap(GTK_LABEL(description), TRUE);
  gtk_label_set_width_chars(GTK_LABEL(description), 20);
  gtk_label_set_max_width_chars(GTK_LABEL(description), 20);
  gtk_label_set_xalign(GTK_LABEL(description), 0);
  gtk_widget_add_css_class(description, "dim-label");
  gtk_box_append(GTK_BOX(choices), description);
  GtkWidget *group = adw_preferences_group_new();
  self->time_row = ADW_COMBO_ROW(adw_combo_row_new());
  adw_preferences_row_set_title(ADW_PREFERENCES_ROW(self->time_row),
                                _("_Time per Position"));
  adw_preferences_row_set_use_underline(ADW_PREFERENCES_ROW(self->time_row),
                                        TRUE);
  adw_action_row_set_title_lines(ADW_ACTION_ROW(self->time_row), 1);
  GListModel *times = time_model();
  adw_combo_row_set_model(self->time_row, times);
  g_object_unref(times);
  /* 1 s: a fair review of a game of 80 moves in under three minutes. */
  adw_combo_row_set_selected(self->time_row, 1);
  adw_preferences_group_add(ADW_PREFERENCES_GROUP(group),
                            GTK_WIDGET(self->time_row));
  self->algorithm_row = ADW_COMBO_ROW(adw_combo_row_new());
  adw_preferences_row_set_title(ADW_PREFERENCES_ROW(self->algorithm_row),
                                _("_Engine"));
  adw_preferences_row_set_use_underline(
      ADW_PREFERENCES_ROW(self->algorithm_row), TRUE);
  adw_action_row_set_title_lines(ADW_ACTION_ROW(self->algorithm_row), 1);
  GListModel *names = jq_ai_names_model((char **)algorithms);
  adw_combo_row_set_model(self->algorithm_row, names);
  g_object_unref(names);
  adw_preferences_group_add(ADW_PREFERENCES_GROUP(group),
                            GTK_WIDGET(self->algorithm_row));
  gtk_box_append(GTK_BOX(choices), group);
  gtk_box_append(GTK_BOX(body), choices);

  self->progress = GTK_PROGRESS_BAR(gtk_progress_bar_new());
  gtk_progress_bar_set_show_text(self->progress, TRUE);
  gtk_widget_set_visible(GTK_WIDGET(self->progress), FALSE);
  gtk_box_append(GTK_BOX(body), GTK_WIDGET(self->progress));

  GtkWidget *buttons = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12);
  gtk_widget_set_halign(buttons, GTK_ALIGN_END);
  self->cancel = GTK_BUTTON(gtk_button_new_with_mnemonic(_("_Cancel")));
  g_signal_connect_swapped(self->cancel, "clicked", G_CALLBACK(on_cancel),
                           self);
  gtk_box_append(GTK_BOX(buttons), GTK_WIDGET(self->cancel));
  self->start = GTK_BUTTON(gtk_button_new_with_mnemonic(_("_Review")));
  gtk_widget_add_css_class(GTK_WIDGET(self->start), "suggested-action");
  g_signal_connect_swapped(self->start, "clicked", G_CALLBACK(on_start), self);
  gtk_box_append(GTK_BOX(buttons), GTK_WIDGET(self->start));
  gtk_box_append(GTK_BOX(body), buttons);

  adw_window_set_content(ADW_WINDOW(self), content);
  gtk_window_set_default_widget(GTK_WINDOW(self), GTK_WIDGET(self->start));
}
