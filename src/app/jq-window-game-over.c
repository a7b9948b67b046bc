/* The end of the game: its sound, then, once the last move has slid into
 * place, the message saying who won and why, offering a new game and (not
 * over the network, where the end is both sides') a take-back. */
#include "jq-config.h"

#include <glib/gi18n.h>

#include "jq-take-back.h"
#include "jq-window-private.h"

/* The end-of-game message waits for the last move to slide into place. */
#define GAME_OVER_DELAY_MS 700

static void on_game_over_response(AdwMessageDialog *dialog,
                                  const char *response, JqWindow *self) {
  if (g_strcmp0(response, "new-game") == 0)
    jq_window_show_new_game(self);
  else
    jq_take_back_on_response(response, self->controller);
}

static gboolean show_game_over(gpointer data) {
  JqWindow *self = data;
  self->game_over_id = 0;
  JqGameController *c = self->controller;
  /* Undone in the meantime: nothing to say any more. */
  if (!jq_game_controller_is_over(c))
    return G_SOURCE_REMOVE;
  JqResult result = jq_game_controller_get_result(c);
  int human = jq_game_controller_get_display_side(c);
  const char *heading;
  if (result.outcome == JQ_OUTCOME_DRAW) {
    heading = _("Draw");
  } else {
    JqColor winner = result.outcome == JQ_OUTCOME_RED_WINS ? JQ_RED : JQ_BLACK;
    if (human >= 0)
      heading = (int)winner == human ? _("You Won") : _("You Lost");
    else
      heading = winner == JQ_RED ? _("Red Wins") : _("Black Wins");
  }
  GtkWidget *dialog =
      adw_message_dialog_new(GTK_WINDOW(self), heading, self->game_over_text);
  AdwMessageDialog *md = ADW_MESSAGE_DIALOG(dialog);
  adw_message_dialog_add_response(md, "close", _("_Close"));
  /* A network game's end is both sides': no taking back here alone. */
  if (!self->game_over_net)
    jq_take_back_offer(md, c);
  adw_message_dialog_add_response(md, "new-game", C_("button", "_New Game…"));
  adw_message_dialog_set_response_appearance(md, "new-game",
                                             ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response(md, "new-game");
  adw_message_dialog_set_close_response(md, "close");
  gtk_window_set_destroy_with_parent(GTK_WINDOW(dialog), TRUE);
  g_signal_connect_object(dialog, "response", G_CALLBACK(on_game_over_response),
                          self, 0);
  gtk_window_present(GTK_WINDOW(dialog));
  return G_SOURCE_REMOVE;
}

void jq_window_on_game_over(JqGameController *c, JqOutcome outcome,
                            JqReason reason, const char *text, JqWindow *self) {
  jq_sound_player_play(self->sounds, JQ_SOUND_END);
  g_free(self->game_over_text);
  self->game_over_text = g_strdup(text);
  g_clear_handle_id(&self->game_over_id, g_source_remove);
  self->game_over_net = self->net && jq_net_game_is_current(self->net);
  g_clear_object(&self->net);
  self->game_over_id = g_timeout_add(
      jq_board_view_get_animate(self->board) ? GAME_OVER_DELAY_MS : 100,
      show_game_over, self);
}
