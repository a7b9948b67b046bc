#include "jq-config.h"

#include "jq-take-back.h"

#include <glib/gi18n.h>

void jq_take_back_offer(AdwMessageDialog *dialog,
                        JqGameController *controller) {
  g_return_if_fail(ADW_IS_MESSAGE_DIALOG(dialog));
  g_return_if_fail(JQ_IS_GAME_CONTROLLER(controller));
  if (jq_game_controller_can_take_back(controller))
    adw_message_dialog_add_response(dialog, JQ_TAKE_BACK_RESPONSE,
                                    _("_Take Back Move"));
}

void jq_take_back_on_response(const char *response,
                              JqGameController *controller) {
  g_return_if_fail(JQ_IS_GAME_CONTROLLER(controller));
  if (g_strcmp0(response, JQ_TAKE_BACK_RESPONSE) == 0)
    jq_game_controller_take_back(controller);
}

static void on_response(AdwMessageDialog *dialog, const char *response,
                        JqGameController *controller) {
  jq_take_back_on_response(response, controller);
}

GtkWindow *jq_take_back_ask(GtkWindow *parent, JqGameController *controller) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(controller), NULL);
  if (!jq_game_controller_can_take_back(controller))
    return NULL;
  char *result = jq_game_controller_get_result_text(controller);
  /* TRANSLATORS: %s is how the game ended: "Red wins: Black is
   * checkmated." */
  char *body = g_strdup_printf(_("%s Taking the move back reopens the game."),
                               result != NULL ? result : "");
  GtkWidget *dialog =
      adw_message_dialog_new(parent, _("Take Back the Last Move?"), body);
  g_free(body);
  g_free(result);
  AdwMessageDialog *md = ADW_MESSAGE_DIALOG(dialog);
  adw_message_dialog_add_responses(md, "cancel", _("_Cancel"),
                                   JQ_TAKE_BACK_RESPONSE, _("_Take Back Move"),
                                   NULL);
  adw_message_dialog_set_default_response(md, "cancel");
  adw_message_dialog_set_close_response(md, "cancel");
  gtk_window_set_destroy_with_parent(GTK_WINDOW(dialog), TRUE);
  g_signal_connect_object(dialog, "response", G_CALLBACK(on_response),
                          controller, 0);
  gtk_window_present(GTK_WINDOW(dialog));
  return GTK_WINDOW(dialog);
}
