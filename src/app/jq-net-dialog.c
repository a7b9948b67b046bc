#include "jq-config.h"

#include "jq-net-dialog.h"

#include <glib/gi18n.h>

#include "jq-net-error-text.h"
#include "jq-net-session.h"
#include "jq-net-transport.h"
#include "jq-player-names.h"

/* Join's list of recent hosts, the latest first. */
#define RECENT_MAX 5

struct _JqNetDialog {
  AdwWindow parent_instance;
  JqWindow *window; /* weak */
  GSettings *settings;

  AdwViewStack *stack;
  AdwComboRow *variant_row, *color_row, *time_row, *address_row;
  AdwComboRow *disclosure_row; /* jieqi's, as JqDisclosure's order */
  GtkSpinButton *port_spin;
  AdwEntryRow *host_name_row;
  AdwEntryRow *join_address_row, *join_code_row, *join_name_row;
  AdwPreferencesGroup *recent_group;
  GPtrArray *recent_rows;
  GtkWidget *host_form, *join_form;
  GtkLabel *message;
  GtkSpinner *spinner;
  GtkButton *button;

  /* Hosting: the service listening, its port, the code to tell. */
  GSocketService *service;
  guint16 port;
  char code[8];
  /* Joining: the connection under way. */
  GCancellable *connecting;
  JqNetSession *session; /* waiting for the game to be agreed */
  char *name;
};

G_DEFINE_FINAL_TYPE(JqNetDialog, jq_net_dialog, ADW_TYPE_WINDOW)

static void set_message(JqNetDialog *self, const char *text, gboolean error) {
  gtk_label_set_label(self->message, text);
  if (error)
    gtk_widget_add_css_class(GTK_WIDGET(self->message), "error");
  else
    gtk_widget_remove_css_class(GTK_WIDGET(self->message), "error");
}

static gboolean waiting(JqNetDialog *self) {
  return self->service != NULL || self->connecting != NULL ||
         self->session != NULL;
}

static gboolean hosting_page(JqNetDialog *self) {
  return g_strcmp0(adw_view_stack_get_visible_child_name(self->stack),
                   "host") == 0;
}

static void update(JqNetDialog *self) {
  gboolean busy = waiting(self);
  gtk_widget_set_sensitive(self->host_form, !busy);
  gtk_widget_set_sensitive(self->join_form, !busy);
  gtk_widget_set_visible(GTK_WIDGET(self->spinner), busy);
  gtk_spinner_set_spinning(self->spinner, busy);
  const char *label = busy                 ? _("_Cancel")
                      : hosting_page(self) ? _("_Host Game")
                                           : _("_Join Game");
  gtk_button_set_label(self->button, label);
  if (busy)
    gtk_widget_remove_css_class(GTK_WIDGET(self->button), "suggested-action");
  else
    gtk_widget_add_css_class(GTK_WIDGET(self->button), "suggested-action");
}

/* Stops listening and connecting; a session not yet agreed is closed. */
static void stop(JqNetDialog *self) {
  if (self->service) {
    g_signal_handlers_disconnect_by_data(self->service, self);
    jq_net_stop_listening(self->service);
    g_clear_object(&self->service);
  }
  self->port = 0;
  if (self->connecting) {
    g_cancellable_cancel(self->connecting);
    g_clear_object(&self->connecting);
  }
  if (self->session) {
    g_signal_handlers_disconnect_by_data(self->session, self);
    jq_net_session_close(self->session,
                         jq_net_leave_reason_text(JQ_NET_LEAVE_CANCELLED));
    g_clear_object(&self->session);
  }
}

static char *entry_text(AdwEntryRow *row) {
  return g_strstrip(g_strdup(gtk_editable_get_text(GTK_EDITABLE(row))));
}

/* The name typed, else the user's; remembered when typed. */
static char *take_name(JqNetDialog *self, AdwEntryRow *row) {
  char *name = entry_text(row);
  g_settings_set_string(self->settings, "net-name", name);
  if (*name == '\0') {
    g_free(name);
    name = jq_player_names_user();
  }
  return name;
}

static void remember_host(JqNetDialog *self, const char *host_port) {
  char **old = g_settings_get_strv(self->settings, "net-recent-hosts");
  GPtrArray *list = g_ptr_array_new();
  g_ptr_array_add(list, (gpointer)host_port);
  for (int i = 0; old[i] && list->len < RECENT_MAX; i++)
    if (g_strcmp0(old[i], host_port) != 0)
      g_ptr_array_add(list, old[i]);
  g_ptr_array_add(list, NULL);
  g_settings_set_strv(self->settings, "net-recent-hosts",
                      (const char *const *)list->pdata);
  g_ptr_array_free(list, TRUE);
  g_strfreev(old);
}

static const char *selected_string(AdwComboRow *row) {
  GtkStringObject *item = adw_combo_row_get_selected_item(row);
  return item ? gtk_string_object_get_string(item) : NULL;
}

static void on_started(JqNetSession *session, JqNetDialog *self) {
  JqNetSession *s = g_steal_pointer(&self->session);
  g_signal_handlers_disconnect_by_data(s, self);
  if (!jq_net_session_game(s) || !self->window) {
    g_object_unref(s);
    return;
  }
  /* Where to meet again should the connection drop. */
  char *host = NULL;
  guint16 port = self->port;
  if (hosting_page(self)) {
    host = g_strdup(selected_string(self->address_row));
  } else {
    const char *where =
        gtk_editable_get_text(GTK_EDITABLE(self->join_address_row));
    remember_host(self, where);
    jq_net_parse_host_port(where, &host, &port, NULL);
  }
  JqNetGame *game = jq_window_begin_net_game(self->window, s, self->name);
  if (game && host)
    jq_net_game_set_reconnect(game, hosting_page(self), host, port);
  g_free(host);
  g_object_unref(s);
  stop(self);
  gtk_window_destroy(GTK_WINDOW(self));
}

static void wait_for_game(JqNetDialog *self, JqNetSession *session);

/* The handshake failed: a wrong code, another program... The host goes on
 * waiting with a fresh session; the joiner may try again. */
static void on_handshake_lost(JqNetSession *session, const GError *error,
                              JqNetDialog *self) {
  char *text;
  g_autofree char *reason =
      jq_net_error_text(error, jq_net_session_peer_name(session));
  if (self->service) {
    /* TRANSLATORS: someone connected to the game hosted here, but the
     * game could not begin; the reason follows. */
    text = g_strdup_printf(_("Someone could not join: %s. Still waiting."),
                           reason);
    g_signal_handlers_disconnect_by_data(self->session, self);
    g_clear_object(&self->session);
  } else {
    /* TRANSLATORS: joining a game failed; the reason follows. */
    text = g_strdup_printf(_("Could not join: %s."), reason);
    stop(self);
  }
  set_message(self, text, TRUE);
  g_free(text);
  update(self);
}

static void wait_for_game(JqNetDialog *self, JqNetSession *session) {
  self->session = session;
  g_signal_connect(session, "started", G_CALLBACK(on_started), self);
  g_signal_connect(session, "connection-lost", G_CALLBACK(on_handshake_lost),
                   self);
}

/* ---- Host ---- */

static const int time_controls[][2] = {
    {0, 0}, {600, 0}, {900, 10}, {1800, 0}}; /* seconds: base, increment */

static JqNetSession *host_session(JqNetDialog *self, GError **error) {
  JqNetParams params = {0};
  params.variant = adw_combo_row_get_selected(self->variant_row) == 1
                       ? JQ_VARIANT_JIEQI
                       : JQ_VARIANT_XIANGQI;
  guint color = adw_combo_row_get_selected(self->color_row);
  params.host_color = color == 0   ? JQ_RED
                      : color == 1 ? JQ_BLACK
                                   : (JqColor)g_random_int_range(0, 2);
  guint tc = MIN(adw_combo_row_get_selected(self->time_row),
                 G_N_ELEMENTS(time_controls) - 1);
  params.base_ms = (int64_t)time_controls[tc][0] * 1000;
  params.inc_ms = (int64_t)time_controls[tc][1] * 1000;
  params.disclosure = (JqDisclosure)MIN(
      adw_combo_row_get_selected(self->disclosure_row), JQ_DISCLOSE_BOTH);
  return jq_net_session_new_host(&params, self->name, self->code, error);
}

static gboolean on_incoming(GSocketService *service, GSocketConnection *conn,
                            GObject *source, JqNetDialog *self) {
  /* One friend at a time: a second caller waits for the first to fail. */
  if (self->session)
    return FALSE;
  GError *error = NULL;
  JqNetSession *session = host_session(self, &error);
  if (!session) {
    g_autofree char *reason = jq_net_error_text(error, NULL);
    char *text = g_strdup_printf(_("Cannot host this game: %s."), reason);
    set_message(self, text, TRUE);
    g_free(text);
    g_error_free(error);
    return FALSE;
  }
  wait_for_game(self, session);
  jq_net_session_start(session, G_IO_STREAM(conn));
  return TRUE;
}

static void start_hosting(JqNetDialog *self) {
  g_free(self->name);
  self->name = take_name(self, self->host_name_row);
  g_snprintf(self->code, sizeof self->code, "%06u",
             (guint)g_random_int_range(0, 1000000));
  GError *error = NULL;
  /* The parameters are checked before anything listens. */
  JqNetSession *probe = host_session(self, &error);
  if (!probe) {
    g_autofree char *reason = jq_net_error_text(error, NULL);
    /* TRANSLATORS: the game cannot be hosted; the reason follows. */
    char *text = g_strdup_printf(_("Cannot host this game: %s."), reason);
    set_message(self, text, TRUE);
    g_free(text);
    g_error_free(error);
    return;
  }
  g_object_unref(probe);
  const char *address = selected_string(self->address_row);
  guint16 port = 0;
  self->service = jq_net_listen(
      address, (guint16)gtk_spin_button_get_value_as_int(self->port_spin),
      &port, &error);
  if (!self->service) {
    g_autofree char *reason = jq_net_error_text(error, NULL);
    /* TRANSLATORS: the game cannot wait for connections; the reason
     * follows. */
    char *text = g_strdup_printf(_("Cannot listen: %s."), reason);
    set_message(self, text, TRUE);
    g_free(text);
    g_error_free(error);
    return;
  }
  self->port = port;
  g_signal_connect(self->service, "incoming", G_CALLBACK(on_incoming), self);
  /* TRANSLATORS: while hosting: what to tell the friend who joins. */
  char *text = g_strdup_printf(_("Waiting for your friend. Tell them the "
                                 "address %s, the port %u and the game "
                                 "code %s."),
                               address, (guint)port, self->code);
  set_message(self, text, FALSE);
  g_free(text);
}

/* ---- Join ---- */

static void on_connected(GObject *source, GAsyncResult *result, gpointer data) {
  GError *error = NULL;
  GSocketConnection *conn = g_socket_client_connect_to_host_finish(
      G_SOCKET_CLIENT(source), result, &error);
  if (!conn) {
    if (!g_error_matches(error, G_IO_ERROR, G_IO_ERROR_CANCELLED)) {
      JqNetDialog *self = data;
      g_autofree char *reason = jq_net_error_text(error, NULL);
      char *text = g_strdup_printf(_("Could not join: %s."), reason);
      /* The session that was to play goes too: the form is free again. */
      stop(self);
      set_message(self, text, TRUE);
      g_free(text);
      update(self);
    }
    g_error_free(error);
    return;
  }
  JqNetDialog *self = data;
  g_clear_object(&self->connecting);
  jq_net_session_start(self->session, G_IO_STREAM(conn));
  g_object_unref(conn);
  set_message(self, _("Connected. Waiting for the host…"), FALSE);
}

static void start_joining(JqNetDialog *self) {
  char *text = entry_text(self->join_address_row);
  char *host = NULL;
  guint16 port = 0;
  GError *error = NULL;
  char *code = entry_text(self->join_code_row);
  g_free(self->name);
  self->name = take_name(self, self->join_name_row);
  JqNetSession *session = NULL;
  if (jq_net_parse_host_port(text, &host, &port, &error))
    session = jq_net_session_new_join(self->name, code, &error);
  if (!session) {
    g_autofree char *reason = jq_net_error_text(error, NULL);
    char *why = g_strdup_printf(_("Could not join: %s."), reason);
    set_message(self, why, TRUE);
    g_free(why);
    g_error_free(error);
  } else {
    wait_for_game(self, session);
    self->connecting = g_cancellable_new();
    GSocketClient *client = g_socket_client_new();
    g_socket_client_set_timeout(client, 30);
    /* The dialog waits for the answer: it is cancelled (stop) first. */
    g_socket_client_connect_to_host_async(client, host, port, self->connecting,
                                          on_connected, self);
    g_object_unref(client);
    set_message(self, _("Connecting…"), FALSE);
  }
  g_free(host);
  g_free(code);
  g_free(text);
}

static void on_recent_activated(AdwActionRow *row, JqNetDialog *self) {
  gtk_editable_set_text(
      GTK_EDITABLE(self->join_address_row),
      adw_preferences_row_get_title(ADW_PREFERENCES_ROW(row)));
}

static void fill_recent(JqNetDialog *self) {
  char **hosts = g_settings_get_strv(self->settings, "net-recent-hosts");
  for (int i = 0; hosts[i]; i++) {
    GtkWidget *row = adw_action_row_new();
    adw_preferences_row_set_title(ADW_PREFERENCES_ROW(row), hosts[i]);
    adw_preferences_row_set_use_markup(ADW_PREFERENCES_ROW(row), FALSE);
    gtk_list_box_row_set_activatable(GTK_LIST_BOX_ROW(row), TRUE);
    g_signal_connect(row, "activated", G_CALLBACK(on_recent_activated), self);
    adw_preferences_group_add(self->recent_group, row);
    g_ptr_array_add(self->recent_rows, row);
  }
  gtk_widget_set_visible(GTK_WIDGET(self->recent_group), hosts[0] != NULL);
  if (hosts[0])
    gtk_editable_set_text(GTK_EDITABLE(self->join_address_row), hosts[0]);
  g_strfreev(hosts);
}

/* ---- The button ---- */

static void on_button(GtkButton *button, JqNetDialog *self) {
  if (waiting(self)) {
    stop(self);
    set_message(self, "", FALSE);
  } else if (hosting_page(self)) {
    start_hosting(self);
  } else {
    start_joining(self);
  }
  update(self);
}

static void on_page(AdwViewStack *stack, GParamSpec *pspec, JqNetDialog *self) {
  if (!waiting(self))
    set_message(self, "", FALSE);
  update(self);
}

/* ---- Building ---- */

static AdwComboRow *combo(AdwPreferencesGroup *group, const char *title,
                          const char *const *items) {
  AdwComboRow *row = ADW_COMBO_ROW(adw_combo_row_new());
  adw_preferences_row_set_title(ADW_PREFERENCES_ROW(row), title);
  adw_preferences_row_set_use_underline(ADW_PREFERENCES_ROW(row), TRUE);
  GtkStringList *model = gtk_string_list_new(items);
  adw_combo_row_set_model(row, G_LIST_MODEL(model));
  g_object_unref(model);
  adw_preferences_group_add(group, GTK_WIDGET(row));
  return row;
}

static AdwEntryRow *entry(AdwPreferencesGroup *group, const char *title) {
  AdwEntryRow *row = ADW_ENTRY_ROW(adw_entry_row_new());
  adw_preferences_row_set_title(ADW_PREFERENCES_ROW(row), title);
  adw_preferences_row_set_use_underline(ADW_PREFERENCES_ROW(row), TRUE);
  adw_preferences_group_add(group, GTK_WIDGET(row));
  return row;
}

static AdwPreferencesGroup *group(GtkWidget *page, const char *title) {
  GtkWidget *g = adw_preferences_group_new();
  if (title)
    adw_preferences_group_set_title(ADW_PREFERENCES_GROUP(g), title);
  adw_preferences_page_add(ADW_PREFERENCES_PAGE(page),
                           ADW_PREFERENCES_GROUP(g));
  return ADW_PREFERENCES_GROUP(g);
}

/* The disclosure items are one word; what each means goes under them. */
static void show_disclosure_meaning(JqNetDialog *self) {
  static const char *const meanings[] = {
      N_("The capturing side learns what it was"),
      N_("Nobody learns what it was"),
      N_("Both sides learn what it was"),
  };
  guint i = adw_combo_row_get_selected(self->disclosure_row);
  if (i < G_N_ELEMENTS(meanings))
    adw_action_row_set_subtitle(ADW_ACTION_ROW(self->disclosure_row),
                                _(meanings[i]));
}

/* The disclosure rule is jieqi's alone. */
static gboolean is_jieqi(GBinding *binding, const GValue *from, GValue *to,
                         gpointer data) {
  g_value_set_boolean(to, g_value_get_uint(from) == 1);
  return TRUE;
}

static GtkWidget *build_host(JqNetDialog *self) {
  GtkWidget *page = adw_preferences_page_new();
  AdwPreferencesGroup *game = group(page, _("Game"));
  const char *variants[] = {_("Xiangqi"), _("Jieqi"), NULL};
  self->variant_row = combo(game, _("_Variant"), variants);
  /* The same words as Preferences', which give the default. */
  const char *disclosures[] = {_("Capturer"), _("Nobody"), _("Both Sides"),
                               NULL};
  self->disclosure_row =
      combo(game, _("Captured _Face-Down Pieces"), disclosures);
  adw_combo_row_set_selected(
      self->disclosure_row,
      (guint)g_settings_get_enum(self->settings, "disclosure"));
  show_disclosure_meaning(self);
  g_signal_connect_swapped(self->disclosure_row, "notify::selected",
                           G_CALLBACK(show_disclosure_meaning), self);
  g_object_bind_property_full(
      self->variant_row, "selected", self->disclosure_row, "sensitive",
      G_BINDING_SYNC_CREATE, is_jieqi, NULL, NULL, NULL);
  const char *colors[] = {_("Red"), _("Black"), _("Random"), NULL};
  self->color_row = combo(game, _("Your _Colour"), colors);
  const char *times[] = {_("No clock"), _("10 minutes"),
                         _("15 minutes + 10 seconds a move"), _("30 minutes"),
                         NULL};
  self->time_row = combo(game, _("_Time Control"), times);
  self->host_name_row = entry(game, _("Your _Name"));

  AdwPreferencesGroup *where = group(page, _("Where Your Friend Connects"));
  GPtrArray *addresses = g_ptr_array_new_with_free_func(g_free);
  char **local = jq_net_local_addresses();
  for (int i = 0; local[i]; i++)
    g_ptr_array_add(addresses, g_strdup(local[i]));
  g_strfreev(local);
  g_ptr_array_add(addresses, g_strdup("127.0.0.1"));
  g_ptr_array_add(addresses, NULL);
  self->address_row =
      combo(where, _("_Address"), (const char *const *)addresses->pdata);
  adw_action_row_set_subtitle(
      ADW_ACTION_ROW(self->address_row),
      _("The game listens on this address only; 127.0.0.1 is this "
        "computer alone."));
  g_ptr_array_free(addresses, TRUE);
  GtkWidget *port_row = adw_action_row_new();
  adw_preferences_row_set_title(ADW_PREFERENCES_ROW(port_row), _("_Port"));
  adw_preferences_row_set_use_underline(ADW_PREFERENCES_ROW(port_row), TRUE);
  adw_action_row_set_subtitle(ADW_ACTION_ROW(port_row),
                              _("0: any free port, shown once hosting."));
  self->port_spin =
      GTK_SPIN_BUTTON(gtk_spin_button_new_with_range(0, 65535, 1));
  gtk_widget_set_valign(GTK_WIDGET(self->port_spin), GTK_ALIGN_CENTER);
  adw_action_row_add_suffix(ADW_ACTION_ROW(port_row),
                            GTK_WIDGET(self->port_spin));
  adw_action_row_set_activatable_widget(ADW_ACTION_ROW(port_row),
                                        GTK_WIDGET(self->port_spin));
  adw_preferences_group_add(where, port_row);
  self->host_form = page;
  return page;
}

static GtkWidget *build_join(JqNetDialog *self) {
  GtkWidget *page = adw_preferences_page_new();
  AdwPreferencesGroup *game = group(page, _("Game"));
  /* TRANSLATORS: the host's address and port, e.g. 192.168.1.5:4711. */
  self->join_address_row = entry(game, _("_Address and Port"));
  self->join_code_row = entry(game, _("Game _Code"));
  self->join_name_row = entry(game, _("Your _Name"));
  self->recent_group = group(page, _("Recent Hosts"));
  self->join_form = page;
  return page;
}

JqNetDialog *jq_net_dialog_new(JqWindow *window, GSettings *settings) {
  JqNetDialog *self = g_object_new(
      JQ_TYPE_NET_DIALOG, "transient-for", window, "modal", TRUE,
      "destroy-with-parent", TRUE, "title", _("Play over the Network"),
      "default-width", 520, "default-height", 640, NULL);
  self->window = window;
  g_object_add_weak_pointer(G_OBJECT(window), (gpointer *)&self->window);
  self->settings = g_object_ref(settings);

  GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *header = adw_header_bar_new();
  self->stack = ADW_VIEW_STACK(adw_view_stack_new());
  GtkWidget *switcher = adw_view_switcher_new();
  adw_view_switcher_set_stack(ADW_VIEW_SWITCHER(switcher), self->stack);
  adw_view_switcher_set_policy(ADW_VIEW_SWITCHER(switcher),
                               ADW_VIEW_SWITCHER_POLICY_WIDE);
  adw_header_bar_set_title_widget(ADW_HEADER_BAR(header), switcher);
  gtk_box_append(GTK_BOX(box), header);
  /* The switcher draws each page's icon: without one, a broken image. */
  adw_view_stack_page_set_icon_name(
      adw_view_stack_add_titled(self->stack, build_host(self), "host",
                                _("Host")),
      "network-server-symbolic");
  adw_view_stack_page_set_icon_name(
      adw_view_stack_add_titled(self->stack, build_join(self), "join",
                                _("Join")),
      "network-workgroup-symbolic");
  gtk_widget_set_vexpand(GTK_WIDGET(self->stack), TRUE);
  gtk_box_append(GTK_BOX(box), GTK_WIDGET(self->stack));

  self->message = GTK_LABEL(gtk_label_new(""));
  gtk_label_set_wrap(self->message, TRUE);
  gtk_label_set_selectable(self->message, TRUE);
  gtk_widget_set_margin_start(GTK_WIDGET(self->message), 18);
  gtk_widget_set_margin_end(GTK_WIDGET(self->message), 18);
  gtk_box_append(GTK_BOX(box), GTK_WIDGET(self->message));
  GtkWidget *bar = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12);
  gtk_widget_set_halign(bar, GTK_ALIGN_END);
  gtk_widget_set_margin_top(bar, 12);
  gtk_widget_set_margin_bottom(bar, 12);
  gtk_widget_set_margin_end(bar, 18);
  self->spinner = GTK_SPINNER(gtk_spinner_new());
  gtk_box_append(GTK_BOX(bar), GTK_WIDGET(self->spinner));
  self->button = GTK_BUTTON(gtk_button_new_with_mnemonic(""));
  gtk_box_append(GTK_BOX(bar), GTK_WIDGET(self->button));
  gtk_box_append(GTK_BOX(box), bar);
  adw_window_set_content(ADW_WINDOW(self), box);

  char *name = g_settings_get_string(settings, "net-name");
  gtk_editable_set_text(GTK_EDITABLE(self->host_name_row), name);
  gtk_editable_set_text(GTK_EDITABLE(self->join_name_row), name);
  g_free(name);
  fill_recent(self);
  g_signal_connect(self->button, "clicked", G_CALLBACK(on_button), self);
  g_signal_connect(self->stack, "notify::visible-child-name",
                   G_CALLBACK(on_page), self);
  update(self);
  return self;
}

void jq_net_dialog_set_mode(JqNetDialog *self, const char *mode) {
  adw_view_stack_set_visible_child_name(self->stack, mode);
}

gboolean jq_net_dialog_set_host_address(JqNetDialog *self,
                                        const char *address) {
  GListModel *model = adw_combo_row_get_model(self->address_row);
  for (guint i = 0; i < g_list_model_get_n_items(model); i++) {
    GtkStringObject *item = g_list_model_get_item(model, i);
    gboolean same = g_strcmp0(gtk_string_object_get_string(item), address) == 0;
    g_object_unref(item);
    if (same) {
      adw_combo_row_set_selected(self->address_row, i);
      return TRUE;
    }
  }
  return FALSE;
}

void jq_net_dialog_set_host_color(JqNetDialog *self, guint index) {
  adw_combo_row_set_selected(self->color_row, index);
}

void jq_net_dialog_set_variant(JqNetDialog *self, JqVariant variant) {
  adw_combo_row_set_selected(self->variant_row,
                             variant == JQ_VARIANT_JIEQI ? 1 : 0);
}

void jq_net_dialog_set_disclosure(JqNetDialog *self, JqDisclosure disclosure) {
  adw_combo_row_set_selected(self->disclosure_row, (guint)disclosure);
}

void jq_net_dialog_set_join(JqNetDialog *self, const char *host_port,
                            const char *code, const char *name) {
  gtk_editable_set_text(GTK_EDITABLE(self->join_address_row), host_port);
  gtk_editable_set_text(GTK_EDITABLE(self->join_code_row), code);
  gtk_editable_set_text(GTK_EDITABLE(self->join_name_row), name);
}

void jq_net_dialog_press(JqNetDialog *self) {
  g_signal_emit_by_name(self->button, "clicked");
}

guint16 jq_net_dialog_get_port(JqNetDialog *self, const char **code) {
  if (code)
    *code = self->service ? self->code : NULL;
  return self->service ? self->port : 0;
}

const char *jq_net_dialog_get_message(JqNetDialog *self) {
  return gtk_label_get_label(self->message);
}

gboolean jq_net_dialog_is_busy(JqNetDialog *self) { return waiting(self); }

guint jq_net_dialog_count_recent(JqNetDialog *self) {
  return self->recent_rows->len;
}

static void jq_net_dialog_dispose(GObject *object) {
  JqNetDialog *self = JQ_NET_DIALOG(object);
  stop(self);
  if (self->window) {
    g_object_remove_weak_pointer(G_OBJECT(self->window),
                                 (gpointer *)&self->window);
    self->window = NULL;
  }
  g_clear_object(&self->settings);
  G_OBJECT_CLASS(jq_net_dialog_parent_class)->dispose(object);
}

static void jq_net_dialog_finalize(GObject *object) {
  JqNetDialog *self = JQ_NET_DIALOG(object);
  g_ptr_array_free(self->recent_rows, TRUE);
  g_free(self->name);
  G_OBJECT_CLASS(jq_net_dialog_parent_class)->finalize(object);
}

static void jq_net_dialog_class_init(JqNetDialogClass *klass) {
  G_OBJECT_CLASS(klass)->dispose = jq_net_dialog_dispose;
  G_OBJECT_CLASS(klass)->finalize = jq_net_dialog_finalize;
  gtk_widget_class_add_binding_action(GTK_WIDGET_CLASS(klass), GDK_KEY_Escape,
                                      0, "window.close", NULL);
}

static void jq_net_dialog_init(JqNetDialog *self) {
  self->recent_rows = g_ptr_array_new();
}
