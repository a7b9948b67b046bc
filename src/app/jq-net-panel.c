#include "jq-config.h"

#include "jq-net-panel.h"

#include "jq-net-error-text.h"
#include <adwaita.h>
#include <glib/gi18n.h>

/* Chat lines kept on show. */
#define CHAT_LINES 6

struct _JqNetPanel {
  GtkBox parent_instance;
  JqNetGame *game;
  JqNetSession *session;
  GtkImage *icon;
  GtkLabel *status;
  GtkLabel *chat;
  GtkEntry *entry;
  GtkButton *stop_button; /* gives up waiting for a dropped peer */
  GQueue lines;
};

G_DEFINE_FINAL_TYPE(JqNetPanel, jq_net_panel, GTK_TYPE_BOX)

enum { SIGNAL_NOTICE, N_SIGNALS };
static guint signals[N_SIGNALS];

static void notice(JqNetPanel *self, const char *text) {
  g_signal_emit(self, signals[SIGNAL_NOTICE], 0, text);
}

static const char *peer(JqNetPanel *self) {
  return jq_net_session_peer_name(self->session);
}

static void add_line(JqNetPanel *self, char *line) {
  g_queue_push_tail(&self->lines, line);
  while (g_queue_get_length(&self->lines) > CHAT_LINES)
    g_free(g_queue_pop_head(&self->lines));
  GString *text = g_string_new(NULL);
  for (GList *l = self->lines.head; l; l = l->next)
    g_string_append_printf(text, "%s%s", text->len ? "\n" : "",
                           (char *)l->data);
  gtk_label_set_label(self->chat, text->str);
  g_string_free(text, TRUE);
}

static void update_status(JqNetPanel *self) {
  JqNetStatus status = jq_net_game_get_status(self->game);
  char *text = jq_net_status_text(status, peer(self));
  gtk_label_set_label(self->status, text);
  g_free(text);
  gtk_image_set_from_icon_name(self->icon, jq_net_status_icon(status));
  gboolean waiting = jq_net_game_is_waiting(self->game);
  gboolean live = jq_net_session_state(self->session) == JQ_NET_STATE_PLAYING;
  /* The focus goes first: GTK 4.8's text loses it without being told,
   * its cursor still blinking, when made insensitive. */
  GtkRoot *root = gtk_widget_get_root(GTK_WIDGET(self->entry));
  GtkWidget *focus = root ? gtk_root_get_focus(root) : NULL;
  if (!live && focus &&
      (focus == GTK_WIDGET(self->entry) ||
       gtk_widget_is_ancestor(focus, GTK_WIDGET(self->entry))))
    gtk_root_set_focus(root, NULL);
  gtk_widget_set_sensitive(GTK_WIDGET(self->entry), live);
  gtk_widget_set_visible(GTK_WIDGET(self->stop_button), waiting);
}

static void on_chat(JqNetSession *session, const char *text, JqNetPanel *self) {
  /* TRANSLATORS: a chat line: who, then what they wrote. */
  add_line(self, g_strdup_printf(_("%s: %s"), peer(self), text));
}

static void on_entry(GtkEntry *entry, JqNetPanel *self) {
  const char *text = gtk_editable_get_text(GTK_EDITABLE(entry));
  if (!*text)
    return;
  GError *error = NULL;
  if (!jq_net_session_chat(self->session, text, &error)) {
    g_autofree char *reason = jq_net_error_text(error, peer(self));
    /* TRANSLATORS: a chat line could not be sent; the reason follows. */
    char *why = g_strdup_printf(_("Not sent: %s"), reason);
    notice(self, why);
    g_free(why);
    g_error_free(error);
    return;
  }
  add_line(self, g_strdup_printf(_("%s: %s"), _("You"), text));
  gtk_editable_set_text(GTK_EDITABLE(entry), "");
}

typedef gboolean (*AnswerFunc)(JqNetSession *, gboolean, GError **);

static void on_answer(AdwMessageDialog *dialog, const char *response,
                      JqNetPanel *self) {
  AnswerFunc answer = g_object_get_data(G_OBJECT(dialog), "answer");
  GError *error = NULL;
  if (!answer(self->session, g_strcmp0(response, "accept") == 0, &error)) {
    g_autofree char *reason = jq_net_error_text(error, peer(self));
    /* TRANSLATORS: the answer to the peer's offer or request could not be
     * sent; the reason follows. */
    g_autofree char *text = g_strdup_printf(_("Cannot answer: %s."), reason);
    notice(self, text);
    g_error_free(error);
  }
}

/* The peer's question, put to the user; its answer goes back. */
static void ask(JqNetPanel *self, const char *heading, const char *body,
                AnswerFunc answer) {
  GtkWidget *window =
      gtk_widget_get_ancestor(GTK_WIDGET(self), GTK_TYPE_WINDOW);
  GtkWidget *dialog = adw_message_dialog_new(GTK_WINDOW(window), heading, body);
  AdwMessageDialog *md = ADW_MESSAGE_DIALOG(dialog);
  adw_message_dialog_add_responses(md, "decline", _("_Decline"), "accept",
                                   _("_Accept"), NULL);
  adw_message_dialog_set_response_appearance(md, "accept",
                                             ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response(md, "accept");
  adw_message_dialog_set_close_response(md, "decline");
  gtk_window_set_destroy_with_parent(GTK_WINDOW(dialog), TRUE);
  g_object_set_data(G_OBJECT(dialog), "answer", answer);
  g_signal_connect_object(dialog, "response", G_CALLBACK(on_answer), self, 0);
  gtk_window_present(GTK_WINDOW(dialog));
}

static void on_draw_offered(JqNetSession *session, JqNetPanel *self) {
  char *body = g_strdup_printf(_("%s offers a draw. Do you accept? The game "
                                 "then ends as a draw by agreement."),
                               peer(self));
  ask(self, _("Draw Offered"), body, jq_net_session_answer_draw);
  g_free(body);
}

static void on_takeback_requested(JqNetSession *session, JqNetPanel *self) {
  char *body = g_strdup_printf(
      _("%s asks to take back their last move. Do you agree?"), peer(self));
  ask(self, _("Take-Back Asked"), body, jq_net_session_answer_takeback);
  g_free(body);
}

static void on_draw_declined(JqNetSession *session, JqNetPanel *self) {
  char *text = g_strdup_printf(_("%s declines the draw."), peer(self));
  notice(self, text);
  g_free(text);
}

static void on_takeback_declined(JqNetSession *session, JqNetPanel *self) {
  char *text = g_strdup_printf(_("%s declines the take-back."), peer(self));
  notice(self, text);
  g_free(text);
}

static void on_taken_back(JqNetSession *session, int plies, JqNetPanel *self) {
  notice(self, _("The move was taken back."));
}

/* The connection is gone for good: said once, with why. */
static void tell_lost(JqNetPanel *self, const GError *error) {
  g_autofree char *reason = jq_net_error_text(error, peer(self));
  /* TRANSLATORS: the network game's connection ended; the reason follows. */
  char *text = g_strdup_printf(_("Connection lost: %s. The game is kept: "
                                 "save it, or play on at this screen."),
                               reason);
  notice(self, text);
  g_free(text);
}

static void on_lost(JqNetSession *session, const GError *error,
                    JqNetPanel *self) {
  update_status(self);
  /* A peer that gave up was told of (on_abandoned). */
  if (!jq_net_game_is_waiting(self->game) &&
      !jq_net_game_peer_gave_up(self->game))
    tell_lost(self, error);
}

/* The peer gave the game up: said at once, with the peer's reason. */
static void on_abandoned(JqNetSession *session, const GError *error,
                         JqNetPanel *self) {
  const char *words = NULL;
  JqNetLeaveReason code =
      jq_net_session_get_leave_reason(self->session, &words);
  g_autofree char *reason = jq_net_leave_text(code, words);
  char *text;
  if (reason)
    /* TRANSLATORS: the peer's name, then its reason ("the player closed
     * the window"). */
    text = g_strdup_printf(_("%s gave up the game: %s. The game is kept: "
                             "save it, or play on at this screen."),
                           peer(self), reason);
  else
    text = g_strdup_printf(_("%s gave up the game. The game is kept: save "
                             "it, or play on at this screen."),
                           peer(self));
  notice(self, text);
  g_free(text);
}

/* The wait for the peer began or ended: resumed, or given up here. */
static void on_waiting_changed(JqNetGame *game, JqNetPanel *self) {
  update_status(self);
  if (!jq_net_game_is_waiting(game) &&
      (jq_net_game_gave_up(game) ||
       jq_net_session_state(self->session) == JQ_NET_STATE_PAUSED))
    tell_lost(self, jq_net_session_error(self->session));
}

static void on_stop_clicked(GtkButton *button, JqNetPanel *self) {
  jq_net_game_stop_waiting(self->game);
}

static void on_over(JqNetSession *session, JqNetPanel *self) {
  update_status(self);
}

JqNetPanel *jq_net_panel_new(JqNetGame *game) {
  JqNetPanel *self = g_object_new(JQ_TYPE_NET_PANEL, "orientation",
                                  GTK_ORIENTATION_VERTICAL, "spacing", 6, NULL);
  self->game = g_object_ref(game);
  self->session = g_object_ref(jq_net_game_get_session(game));
  gtk_widget_set_margin_start(GTK_WIDGET(self), 12);
  gtk_widget_set_margin_end(GTK_WIDGET(self), 12);
  gtk_widget_set_margin_top(GTK_WIDGET(self), 12);

  GtkWidget *row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
  self->icon = GTK_IMAGE(gtk_image_new());
  self->status = GTK_LABEL(gtk_label_new(""));
  gtk_label_set_xalign(self->status, 0);
  /* Wraps, never cut off: the waiting line with a long name (or in
   * Chinese) is longer than the panel is wide. Asking for the whole line's
   * width would widen the side panel, and the window then folds it away. */
  gtk_label_set_wrap(self->status, TRUE);
  gtk_label_set_wrap_mode(self->status, PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars(self->status, 20);
  gtk_widget_set_hexpand(GTK_WIDGET(self->status), TRUE);
  gtk_widget_add_css_class(GTK_WIDGET(self->status), "heading");
  gtk_box_append(GTK_BOX(row), GTK_WIDGET(self->icon));
  gtk_box_append(GTK_BOX(row), GTK_WIDGET(self->status));
  gtk_box_append(GTK_BOX(self), row);
  self->stop_button =
      GTK_BUTTON(gtk_button_new_with_mnemonic(_("_Stop Waiting")));
  gtk_widget_set_halign(GTK_WIDGET(self->stop_button), GTK_ALIGN_START);
  gtk_box_append(GTK_BOX(self), GTK_WIDGET(self->stop_button));
  g_signal_connect(self->stop_button, "clicked", G_CALLBACK(on_stop_clicked),
                   self);

  self->chat = GTK_LABEL(gtk_label_new(""));
  gtk_label_set_xalign(self->chat, 0);
  gtk_label_set_wrap(self->chat, TRUE);
  gtk_label_set_wrap_mode(self->chat, PANGO_WRAP_WORD_CHAR);
  gtk_label_set_selectable(self->chat, TRUE);
  gtk_box_append(GTK_BOX(self), GTK_WIDGET(self->chat));
  self->entry = GTK_ENTRY(gtk_entry_new());
  gtk_entry_set_placeholder_text(self->entry, _("Say something…"));
  gtk_entry_set_max_length(self->entry, 200);
  gtk_box_append(GTK_BOX(self), GTK_WIDGET(self->entry));
  g_signal_connect(self->entry, "activate", G_CALLBACK(on_entry), self);

  JqNetSession *s = self->session;
  g_signal_connect(s, "peer-chat", G_CALLBACK(on_chat), self);
  g_signal_connect(s, "draw-offered", G_CALLBACK(on_draw_offered), self);
  g_signal_connect(s, "draw-declined", G_CALLBACK(on_draw_declined), self);
  g_signal_connect(s, "takeback-requested", G_CALLBACK(on_takeback_requested),
                   self);
  g_signal_connect(s, "takeback-declined", G_CALLBACK(on_takeback_declined),
                   self);
  g_signal_connect(s, "taken-back", G_CALLBACK(on_taken_back), self);
  g_signal_connect(s, "abandoned", G_CALLBACK(on_abandoned), self);
  g_signal_connect(s, "connection-lost", G_CALLBACK(on_lost), self);
  g_signal_connect(s, "game-over", G_CALLBACK(on_over), self);
  g_signal_connect(game, "waiting-changed", G_CALLBACK(on_waiting_changed),
                   self);
  update_status(self);
  return self;
}

const char *jq_net_panel_get_status(JqNetPanel *self) {
  return gtk_label_get_label(self->status);
}

GtkLabel *jq_net_panel_get_status_label(JqNetPanel *self) {
  return self->status;
}

const char *jq_net_panel_get_chat(JqNetPanel *self) {
  return gtk_label_get_label(self->chat);
}

GtkEntry *jq_net_panel_get_entry(JqNetPanel *self) { return self->entry; }

GtkButton *jq_net_panel_get_stop_button(JqNetPanel *self) {
  return self->stop_button;
}

static void jq_net_panel_dispose(GObject *object) {
  JqNetPanel *self = JQ_NET_PANEL(object);
  if (self->session) {
    g_signal_handlers_disconnect_by_data(self->session, self);
    g_clear_object(&self->session);
  }
  if (self->game)
    g_signal_handlers_disconnect_by_data(self->game, self);
  g_clear_object(&self->game);
  g_queue_clear_full(&self->lines, g_free);
  G_OBJECT_CLASS(jq_net_panel_parent_class)->dispose(object);
}

static void jq_net_panel_class_init(JqNetPanelClass *klass) {
  G_OBJECT_CLASS(klass)->dispose = jq_net_panel_dispose;
  signals[SIGNAL_NOTICE] =
      g_signal_new("notice", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0,
                   NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void jq_net_panel_init(JqNetPanel *self) { g_queue_init(&self->lines); }
