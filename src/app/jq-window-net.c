/* The window's network game: the dialog that hosts or joins one, the game
 * taken onto the board with its panel at the side, the actions it changes
 * (undo asks the peer, a draw is offered to the peer, no redo or hint),
 * and the panel dropped when another game takes the board. */
#include "jq-config.h"

#include <glib/gi18n.h>

#include "jq-net-dialog.h"
#include "jq-net-error-text.h"
#include "jq-window-private.h"

/* A game waiting for its peer to reconnect is still the network's. */
gboolean jq_window_net_live(JqWindow *self) {
  return self->net &&
         (jq_net_game_is_live(self->net) || jq_net_game_is_waiting(self->net));
}

/* A network game no longer on the board leaves the side panel. */
void jq_window_net_drop(JqWindow *self) {
  if (self->net_panel)
    gtk_box_remove(GTK_BOX(self->side_panel), self->net_panel);
  self->net_panel = NULL;
  g_clear_object(&self->net);
}

void jq_window_net_update_actions(JqWindow *self) {
  JqGameController *c = self->controller;
  gboolean over = jq_game_controller_is_over(c);
  /* Over the network undo asks the peer (never in jieqi, where what a
   * move turned up stays known); there is no redo or hint. */
  if (jq_window_net_live(self)) {
    jq_window_enable(self, "undo",
                     jq_game_controller_can_undo(c) &&
                         jq_game_controller_get_variant(c) != JQ_VARIANT_JIEQI);
    jq_window_enable(self, "redo", FALSE);
    jq_window_enable(self, "hint", FALSE);
    jq_window_enable(self, "offer-draw", !over);
  }
}

/* Tells how a request to the peer went: `asked` (with the peer's name) when
 * it was sent, `refused` (with the reason) when the session refused it. */
static void tell_request(JqWindow *self, JqNetSession *session, gboolean sent,
                         GError *error, const char *asked,
                         const char *refused) {
  const char *peer = jq_net_session_peer_name(session);
  g_autofree char *reason = sent ? NULL : jq_net_error_text(error, peer);
  g_autofree char *text =
      sent ? g_strdup_printf(asked, peer) : g_strdup_printf(refused, reason);
  jq_window_toast(self, text);
  g_clear_error(&error);
}

void jq_window_net_ask_take_back(JqWindow *self) {
  JqNetSession *session = jq_net_game_get_session(self->net);
  GError *error = NULL;
  gboolean sent = jq_net_session_request_takeback(session, &error);
  tell_request(self, session, sent, error,
               _("Asked %s to take back your move."),
               /* TRANSLATORS: the reason follows. */
               _("Cannot ask for a take-back: %s."));
}

void jq_window_net_offer_draw(JqWindow *self) {
  JqNetSession *session = jq_net_game_get_session(self->net);
  GError *error = NULL;
  gboolean sent = jq_net_session_offer_draw(session, &error);
  tell_request(self, session, sent, error, _("Draw offered to %s."),
               /* TRANSLATORS: the reason follows. */
               _("Cannot offer a draw: %s."));
}

GtkWindow *jq_window_show_net_dialog(JqWindow *self) {
  g_return_val_if_fail(JQ_IS_WINDOW(self), NULL);
  JqNetDialog *dialog = jq_net_dialog_new(self, self->settings);
  gtk_window_present(GTK_WINDOW(dialog));
  return GTK_WINDOW(dialog);
}

static void on_net_notice(JqNetPanel *panel, const char *text, JqWindow *self) {
  jq_window_toast(self, text);
}

JqNetGame *jq_window_begin_net_game(JqWindow *self, JqNetSession *session,
                                    const char *name) {
  g_return_val_if_fail(JQ_IS_WINDOW(self), NULL);
  jq_window_net_drop(self);
  self->net = jq_net_game_new(self->controller, session, name);
  self->net_panel = GTK_WIDGET(jq_net_panel_new(self->net));
  g_signal_connect_object(self->net_panel, "notice", G_CALLBACK(on_net_notice),
                          self, 0);
  gtk_box_prepend(GTK_BOX(self->side_panel), self->net_panel);
  adw_flap_set_reveal_flap(self->flap, TRUE);
  g_signal_connect_object(self->net, "waiting-changed",
                          G_CALLBACK(jq_window_refresh), self,
                          G_CONNECT_SWAPPED);
  jq_window_refresh(self);
  return self->net;
}

JqNetPanel *jq_window_get_net_panel(JqWindow *self) {
  return self->net_panel ? JQ_NET_PANEL(self->net_panel) : NULL;
}
