#include "jq-config.h"

#include "jq-confirm-replace.h"

#include <glib/gi18n.h>

typedef struct {
  JqReplaceFunc replace;
  gpointer data;
  GDestroyNotify destroy;
} Pending;

static void pending_free(gpointer data, GClosure *closure) {
  Pending *p = data;
  if (p->destroy != NULL)
    p->destroy(p->data);
  g_free(p);
}

static void on_response(AdwMessageDialog *dialog, const char *response,
                        Pending *p) {
  if (g_strcmp0(response, JQ_CONFIRM_REPLACE_ABANDON) == 0)
    p->replace(p->data);
}

gboolean jq_confirm_replace_needed(JqGameController *controller) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(controller), FALSE);
  return !jq_game_controller_is_over(controller) &&
         jq_game_controller_get_move_count(controller) > 0;
}

GtkWindow *jq_confirm_replace(GtkWindow *parent, JqGameController *controller,
                              JqReplaceFunc replace, gpointer data,
                              GDestroyNotify destroy) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(controller), NULL);
  g_return_val_if_fail(replace != NULL, NULL);
  if (!jq_confirm_replace_needed(controller)) {
    replace(data);
    if (destroy != NULL)
      destroy(data);
    return NULL;
  }
  GtkWidget *dialog = adw_message_dialog_new(
      parent, _("Abandon the Current Game?"),
      _("The game in progress will be lost. To keep it, save it first."));
  AdwMessageDialog *md = ADW_MESSAGE_DIALOG(dialog);
  adw_message_dialog_add_responses(md, JQ_CONFIRM_REPLACE_CANCEL, _("_Cancel"),
                                   JQ_CONFIRM_REPLACE_ABANDON,
                                   _("_Abandon Game"), NULL);
  adw_message_dialog_set_response_appearance(md, JQ_CONFIRM_REPLACE_ABANDON,
                                             ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response(md, JQ_CONFIRM_REPLACE_CANCEL);
  adw_message_dialog_set_close_response(md, JQ_CONFIRM_REPLACE_CANCEL);
  gtk_window_set_destroy_with_parent(GTK_WINDOW(dialog), TRUE);
  Pending *p = g_new(Pending, 1);
  *p = (Pending){replace, data, destroy};
  g_signal_connect_data(dialog, "response", G_CALLBACK(on_response), p,
                        pending_free, 0);
  gtk_window_present(GTK_WINDOW(dialog));
  return GTK_WINDOW(dialog);
}
