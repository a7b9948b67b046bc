#include "jq-config.h"

#include "jq-comment-dialog.h"

#include <glib/gi18n.h>
#include <string.h>

#include "jq-error-text.h"

typedef struct {
  JqGameController *controller;
  int ply;
  GtkTextView *view;
  GtkLabel *problem;
} Editing;

static void editing_free(gpointer data) {
  Editing *e = data;
  g_object_unref(e->controller);
  g_free(e);
}

static char *buffer_text(GtkTextView *view) {
  GtkTextBuffer *buffer = gtk_text_view_get_buffer(view);
  GtkTextIter start, end;
  gtk_text_buffer_get_bounds(buffer, &start, &end);
  return gtk_text_buffer_get_text(buffer, &start, &end, FALSE);
}

/* What would stop the text from being a comment, in the words the
 * controller would refuse it with; NULL when it can be one. */
static char *problem_of(const char *text) {
  JqError err = {{0}};
  if (strlen(text) > JQ_COMMENT_MAX) {
    err.code = JQ_ERROR_GAME_COMMENT_LONG;
    err.n[0] = JQ_COMMENT_MAX;
  } else if (strchr(text, '}')) {
    err.code = JQ_ERROR_GAME_COMMENT_BRACE;
  } else {
    return NULL;
  }
  return jq_error_text(&err);
}

static void on_text_changed(GtkTextBuffer *buffer, AdwMessageDialog *dialog) {
  Editing *e = g_object_get_data(G_OBJECT(dialog), "jq-editing");
  g_autofree char *text = buffer_text(e->view);
  g_autofree char *problem = problem_of(text);
  gtk_label_set_text(e->problem, problem ? problem : "");
  gtk_widget_set_visible(GTK_WIDGET(e->problem), problem != NULL);
  adw_message_dialog_set_response_enabled(dialog, JQ_COMMENT_DIALOG_SAVE,
                                          problem == NULL);
}

static void on_response(AdwMessageDialog *dialog, const char *response,
                        Editing *e) {
  if (g_strcmp0(response, JQ_COMMENT_DIALOG_SAVE) != 0)
    return;
  g_autofree char *text = buffer_text(e->view);
  GError *error = NULL;
  if (!jq_game_controller_set_comment(e->controller, e->ply, text, &error)) {
    g_message("The comment is not set: %s", error->message);
    g_error_free(error);
  }
}

GtkWindow *jq_comment_dialog_present(GtkWindow *parent,
                                     JqGameController *controller, int ply,
                                     const char *move) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(controller), NULL);
  g_autofree char *heading =
      /* Translators: %s is the move, numbered: "1. 炮二平五". */
      move ? g_strdup_printf(_("Comment on %s"), move)
           : g_strdup(_("Comment on the Game"));
  GtkWidget *dialog = adw_message_dialog_new(parent, heading, NULL);
  AdwMessageDialog *md = ADW_MESSAGE_DIALOG(dialog);
  adw_message_dialog_add_responses(md, JQ_COMMENT_DIALOG_CANCEL, _("_Cancel"),
                                   JQ_COMMENT_DIALOG_SAVE, _("_Save"), NULL);
  adw_message_dialog_set_response_appearance(md, JQ_COMMENT_DIALOG_SAVE,
                                             ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_close_response(md, JQ_COMMENT_DIALOG_CANCEL);
  gtk_window_set_destroy_with_parent(GTK_WINDOW(dialog), TRUE);

  Editing *e = g_new0(Editing, 1);
  e->controller = g_object_ref(controller);
  e->ply = ply;
  GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *scrolled = gtk_scrolled_window_new();
  gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(scrolled),
                                 GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_min_content_height(GTK_SCROLLED_WINDOW(scrolled),
                                             120);
  gtk_widget_add_css_class(scrolled, "card");
  e->view = GTK_TEXT_VIEW(gtk_text_view_new());
  gtk_text_view_set_wrap_mode(e->view, GTK_WRAP_WORD_CHAR);
  gtk_text_view_set_accepts_tab(e->view, FALSE);
  gtk_text_view_set_top_margin(e->view, 6);
  gtk_text_view_set_bottom_margin(e->view, 6);
  gtk_text_view_set_left_margin(e->view, 6);
  gtk_text_view_set_right_margin(e->view, 6);
  gtk_accessible_update_property(GTK_ACCESSIBLE(e->view),
                                 GTK_ACCESSIBLE_PROPERTY_LABEL, heading, -1);
  const char *comment = jq_game_controller_get_comment(controller, ply);
  gtk_text_buffer_set_text(gtk_text_view_get_buffer(e->view),
                           comment ? comment : "", -1);
  gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scrolled),
                                GTK_WIDGET(e->view));
  gtk_box_append(GTK_BOX(box), scrolled);
  e->problem = GTK_LABEL(gtk_label_new(NULL));
  gtk_label_set_wrap(e->problem, TRUE);
  gtk_label_set_xalign(e->problem, 0);
  gtk_widget_add_css_class(GTK_WIDGET(e->problem), "error");
  gtk_widget_set_visible(GTK_WIDGET(e->problem), FALSE);
  gtk_box_append(GTK_BOX(box), GTK_WIDGET(e->problem));
  adw_message_dialog_set_extra_child(md, box);

  g_object_set_data_full(G_OBJECT(dialog), "jq-editing", e, editing_free);
  g_signal_connect(gtk_text_view_get_buffer(e->view), "changed",
                   G_CALLBACK(on_text_changed), dialog);
  g_signal_connect(dialog, "response", G_CALLBACK(on_response), e);
  gtk_window_present(GTK_WINDOW(dialog));
  gtk_widget_grab_focus(GTK_WIDGET(e->view));
  return GTK_WINDOW(dialog);
}

GtkTextView *jq_comment_dialog_get_text_view(GtkWindow *dialog) {
  Editing *e = g_object_get_data(G_OBJECT(dialog), "jq-editing");
  g_return_val_if_fail(e != NULL, NULL);
  return e->view;
}
