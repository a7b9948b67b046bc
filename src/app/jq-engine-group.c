#include "jq-config.h"

#include "jq-engine-group.h"

#include <glib/gi18n.h>

#include "jq-engine-list.h"

struct _JqEngineGroup {
  AdwPreferencesGroup parent_instance;
  JqEngineList *list;
  GPtrArray *rows; /* the engines' AdwExpanderRows, in the list's order */
  GtkWidget *add_button;
  GtkWidget *spinner;
  GtkWidget *message;
  GCancellable *probing;
  gboolean setting; /* our own change to the list: the rows already show it */
};

G_DEFINE_FINAL_TYPE(JqEngineGroup, jq_engine_group, ADW_TYPE_PREFERENCES_GROUP)

/* Where an editor's engine and option are kept. */
#define ENGINE_KEY "jq-engine-id"
#define OPTION_KEY "jq-option"

/* The message under the list; with a long list it is out of sight, so a
 * result (not "Starting…") is a toast too. */
static void say(JqEngineGroup *self, const char *text, gboolean error) {
  gtk_label_set_text(GTK_LABEL(self->message), text ? text : "");
  gtk_widget_set_visible(self->message, text && *text);
  if (error)
    gtk_widget_add_css_class(self->message, "error");
  else
    gtk_widget_remove_css_class(self->message, "error");
}

static void tell(JqEngineGroup *self, const char *text, gboolean error) {
  say(self, text, error);
  GtkRoot *root = gtk_widget_get_root(GTK_WIDGET(self));
  if (ADW_IS_PREFERENCES_WINDOW(root))
    adw_preferences_window_add_toast(ADW_PREFERENCES_WINDOW(root),
                                     adw_toast_new(text));
}

static const char *engine_of(gpointer widget) {
  return g_object_get_data(G_OBJECT(widget), ENGINE_KEY);
}

static const char *option_of(gpointer widget) {
  return g_object_get_data(G_OBJECT(widget), OPTION_KEY);
}

static void tag(gpointer widget, const char *id, const char *option) {
  g_object_set_data_full(G_OBJECT(widget), ENGINE_KEY, g_strdup(id), g_free);
  g_object_set_data_full(G_OBJECT(widget), OPTION_KEY, g_strdup(option),
                         g_free);
}

static void rebuild(JqEngineGroup *self);

/* Sets a value through the list, which checks it; a refusal is said and
 * the rows go back to what the list keeps. */
static void set_value(JqEngineGroup *self, gpointer editor, const char *value) {
  GError *error = NULL;
  self->setting = TRUE;
  gboolean ok = jq_engine_list_set_value(self->list, engine_of(editor),
                                         option_of(editor), value, &error);
  self->setting = FALSE;
  if (ok) {
    say(self, NULL, FALSE);
    return;
  }
  tell(self, error->message, TRUE);
  g_error_free(error);
  rebuild(self);
}

static void on_spin_changed(GtkSpinButton *spin, JqEngineGroup *self) {
  char *text = g_strdup_printf("%d", gtk_spin_button_get_value_as_int(spin));
  set_value(self, spin, text);
  g_free(text);
}

static void on_switch_changed(GtkSwitch *sw, GParamSpec *pspec,
                              JqEngineGroup *self) {
  set_value(self, sw, gtk_switch_get_active(sw) ? "true" : "false");
}

static void on_entry_apply(AdwEntryRow *row, JqEngineGroup *self) {
  set_value(self, row, gtk_editable_get_text(GTK_EDITABLE(row)));
}

static void on_combo_changed(AdwComboRow *row, GParamSpec *pspec,
                             JqEngineGroup *self) {
  GtkStringObject *item = adw_combo_row_get_selected_item(row);
  if (item)
    set_value(self, row, gtk_string_object_get_string(item));
}

static void on_name_apply(AdwEntryRow *row, JqEngineGroup *self) {
  GError *error = NULL;
  self->setting = TRUE;
  gboolean ok =
      jq_engine_list_rename(self->list, engine_of(row),
                            gtk_editable_get_text(GTK_EDITABLE(row)), &error);
  self->setting = FALSE;
  if (!ok) {
    tell(self, error->message, TRUE);
    g_error_free(error);
  } else {
    say(self, NULL, FALSE);
  }
  /* The row's title is the name. */
  rebuild(self);
}

static void on_remove_clicked(GtkButton *button, JqEngineGroup *self) {
  jq_engine_group_remove(self, engine_of(button));
}

/* The row that edits one option; NULL for those not shown. */
static GtkWidget *option_row(JqEngineGroup *self, const JqEngine *e,
                             const JqEngineOption *o) {
  if (g_ascii_strcasecmp(o->name, "UCI_Variant") == 0)
    return NULL; /* each game sets it */
  const char *value = g_hash_table_lookup(e->values, o->name);
  if (!value)
    value = o->default_value;
  if (g_strcmp0(o->type, "spin") == 0) {
    GtkWidget *row = adw_action_row_new();
    GtkWidget *spin = gtk_spin_button_new_with_range(o->min, o->max, 1);
    gtk_spin_button_set_value(GTK_SPIN_BUTTON(spin),
                              g_ascii_strtoll(value, NULL, 10));
    gtk_widget_set_valign(spin, GTK_ALIGN_CENTER);
    tag(spin, e->id, o->name);
    g_signal_connect(spin, "value-changed", G_CALLBACK(on_spin_changed), self);
    adw_action_row_add_suffix(ADW_ACTION_ROW(row), spin);
    adw_action_row_set_activatable_widget(ADW_ACTION_ROW(row), spin);
    return row;
  }
  if (g_strcmp0(o->type, "check") == 0) {
    GtkWidget *row = adw_action_row_new();
    GtkWidget *sw = gtk_switch_new();
    gtk_switch_set_active(GTK_SWITCH(sw), g_strcmp0(value, "true") == 0);
    gtk_widget_set_valign(sw, GTK_ALIGN_CENTER);
    tag(sw, e->id, o->name);
    g_signal_connect(sw, "notify::active", G_CALLBACK(on_switch_changed), self);
    adw_action_row_add_suffix(ADW_ACTION_ROW(row), sw);
    adw_action_row_set_activatable_widget(ADW_ACTION_ROW(row), sw);
    return row;
  }
  if (g_strcmp0(o->type, "combo") == 0) {
    GtkWidget *row = adw_combo_row_new();
    GtkStringList *choices = gtk_string_list_new((const char *const *)o->vars);
    adw_combo_row_set_model(ADW_COMBO_ROW(row), G_LIST_MODEL(choices));
    g_object_unref(choices);
    for (guint i = 0; o->vars && o->vars[i]; i++)
      if (g_ascii_strcasecmp(o->vars[i], value) == 0)
        adw_combo_row_set_selected(ADW_COMBO_ROW(row), i);
    tag(row, e->id, o->name);
    g_signal_connect(row, "notify::selected", G_CALLBACK(on_combo_changed),
                     self);
    return row;
  }
  if (g_strcmp0(o->type, "string") == 0) {
    GtkWidget *row = adw_entry_row_new();
    gtk_editable_set_text(GTK_EDITABLE(row), value);
    adw_entry_row_set_show_apply_button(ADW_ENTRY_ROW(row), TRUE);
    tag(row, e->id, o->name);
    g_signal_connect(row, "apply", G_CALLBACK(on_entry_apply), self);
    return row;
  }
  return NULL; /* a button: nothing to keep */
}

static GtkWidget *engine_row(JqEngineGroup *self, const JqEngine *e) {
  GtkWidget *row = adw_expander_row_new();
  adw_preferences_row_set_title(ADW_PREFERENCES_ROW(row), e->name);
  adw_expander_row_set_subtitle(ADW_EXPANDER_ROW(row), e->command);
  /* Names and commands are the user's text, not markup. */
  adw_preferences_row_set_use_markup(ADW_PREFERENCES_ROW(row), FALSE);
  tag(row, e->id, NULL);

  GtkWidget *name = adw_entry_row_new();
  adw_preferences_row_set_title(ADW_PREFERENCES_ROW(name), _("Name"));
  gtk_editable_set_text(GTK_EDITABLE(name), e->name);
  adw_entry_row_set_show_apply_button(ADW_ENTRY_ROW(name), TRUE);
  tag(name, e->id, "");
  g_signal_connect(name, "apply", G_CALLBACK(on_name_apply), self);
  adw_expander_row_add_row(ADW_EXPANDER_ROW(row), name);

  for (guint i = 0; i < e->options->len; i++) {
    const JqEngineOption *o = g_ptr_array_index(e->options, i);
    GtkWidget *option = option_row(self, e, o);
    if (!option)
      continue;
    adw_preferences_row_set_use_markup(ADW_PREFERENCES_ROW(option), FALSE);
    adw_preferences_row_set_title(ADW_PREFERENCES_ROW(option), o->name);
    adw_expander_row_add_row(ADW_EXPANDER_ROW(row), option);
  }

  GtkWidget *remove_row = adw_action_row_new();
  GtkWidget *remove = gtk_button_new_with_mnemonic(_("_Remove"));
  gtk_widget_add_css_class(remove, "destructive-action");
  gtk_widget_set_valign(remove, GTK_ALIGN_CENTER);
  tag(remove, e->id, NULL);
  g_signal_connect(remove, "clicked", G_CALLBACK(on_remove_clicked), self);
  adw_preferences_row_set_title(ADW_PREFERENCES_ROW(remove_row),
                                _("Remove this engine from the list"));
  adw_action_row_add_suffix(ADW_ACTION_ROW(remove_row), remove);
  adw_expander_row_add_row(ADW_EXPANDER_ROW(row), remove_row);
  return row;
}

/* The rows anew from the list; an expanded engine stays expanded. */
static void rebuild(JqEngineGroup *self) {
  GHashTable *expanded =
      g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
  for (guint i = 0; i < self->rows->len; i++) {
    GtkWidget *row = g_ptr_array_index(self->rows, i);
    if (adw_expander_row_get_expanded(ADW_EXPANDER_ROW(row)))
      g_hash_table_add(expanded, g_strdup(engine_of(row)));
    adw_preferences_group_remove(ADW_PREFERENCES_GROUP(self), row);
  }
  g_ptr_array_set_size(self->rows, 0);
  for (guint i = 0; i < jq_engine_list_count(self->list); i++) {
    const JqEngine *e = jq_engine_list_get(self->list, i);
    GtkWidget *row = engine_row(self, e);
    adw_expander_row_set_expanded(ADW_EXPANDER_ROW(row),
                                  g_hash_table_contains(expanded, e->id));
    adw_preferences_group_add(ADW_PREFERENCES_GROUP(self), row);
    g_ptr_array_add(self->rows, row);
  }
  g_hash_table_unref(expanded);
}

static void on_list_changed(JqEngineList *list, JqEngineGroup *self) {
  if (!self->setting)
    rebuild(self);
}

/* ---- adding ---- */

static void set_probing(JqEngineGroup *self, gboolean probing) {
  gtk_widget_set_visible(self->spinner, probing);
  gtk_spinner_set_spinning(GTK_SPINNER(self->spinner), probing);
  gtk_widget_set_sensitive(self->add_button, !probing);
}

static void on_probed(GObject *source, GAsyncResult *result, gpointer data) {
  GError *error = NULL;
  JqEngine *engine = jq_engine_probe_finish(result, &error);
  if (g_error_matches(error, G_IO_ERROR, G_IO_ERROR_CANCELLED)) {
    g_error_free(error);
    return; /* the group is gone */
  }
  JqEngineGroup *self = data;
  g_clear_object(&self->probing);
  set_probing(self, FALSE);
  if (!engine) {
    char *text = g_strdup_printf(_("Not added: %s"), error->message);
    tell(self, text, TRUE);
    g_free(text);
    g_error_free(error);
    return;
  }
  char *text = g_strdup_printf(_("Added “%s”."), engine->name);
  const char *id = jq_engine_list_add(self->list, engine);
  tell(self, text, FALSE);
  g_free(text);
  GtkWidget *row = jq_engine_group_get_row(self, id);
  if (row)
    adw_expander_row_set_expanded(ADW_EXPANDER_ROW(row), TRUE);
}

void jq_engine_group_add_file(JqEngineGroup *self, GFile *file) {
  g_return_if_fail(JQ_IS_ENGINE_GROUP(self));
  g_return_if_fail(G_IS_FILE(file));
  char *path = g_file_get_path(file);
  if (!path) {
    tell(self, _("Not added: the engine must be a program on this computer."),
         TRUE);
    return;
  }
  if (!g_file_test(path, G_FILE_TEST_IS_REGULAR) ||
      !g_file_test(path, G_FILE_TEST_IS_EXECUTABLE)) {
    char *text = g_strdup_printf(_("Not added: “%s” is not a program (it is "
                                   "not marked executable)."),
                                 path);
    tell(self, text, TRUE);
    g_free(text);
    g_free(path);
    return;
  }
  if (self->probing)
    g_cancellable_cancel(self->probing);
  g_clear_object(&self->probing);
  self->probing = g_cancellable_new();
  char *command = jq_engine_command_for_path(path);
  char *text = g_strdup_printf(_("Starting “%s”…"), path);
  say(self, text, FALSE);
  set_probing(self, TRUE);
  /* The probe runs in a thread; a cancelled one never touches the group. */
  jq_engine_probe_async(command, self->probing, on_probed, self);
  g_free(text);
  g_free(command);
  g_free(path);
}

static void on_chooser_response(GtkNativeDialog *native, int response,
                                JqEngineGroup *self) {
  if (response == GTK_RESPONSE_ACCEPT) {
    GFile *file = gtk_file_chooser_get_file(GTK_FILE_CHOOSER(native));
    if (file) {
      jq_engine_group_add_file(self, file);
      g_object_unref(file);
    }
  }
  gtk_native_dialog_destroy(native);
  g_object_unref(native);
}

static void on_add_clicked(GtkButton *button, JqEngineGroup *self) {
  GtkRoot *root = gtk_widget_get_root(GTK_WIDGET(self));
  GtkFileChooserNative *native = gtk_file_chooser_native_new(
      _("Add Engine"), GTK_IS_WINDOW(root) ? GTK_WINDOW(root) : NULL,
      GTK_FILE_CHOOSER_ACTION_OPEN, _("_Add"), _("_Cancel"));
  gtk_native_dialog_set_modal(GTK_NATIVE_DIALOG(native), TRUE);
  g_signal_connect_object(native, "response", G_CALLBACK(on_chooser_response),
                          self, 0);
  gtk_native_dialog_show(GTK_NATIVE_DIALOG(native));
}

/* ---- the rest of the API ---- */

gboolean jq_engine_group_is_probing(JqEngineGroup *self) {
  g_return_val_if_fail(JQ_IS_ENGINE_GROUP(self), FALSE);
  return self->probing != NULL;
}

const char *jq_engine_group_get_message(JqEngineGroup *self) {
  g_return_val_if_fail(JQ_IS_ENGINE_GROUP(self), NULL);
  return gtk_label_get_text(GTK_LABEL(self->message));
}

GtkWidget *jq_engine_group_get_row(JqEngineGroup *self, const char *id) {
  g_return_val_if_fail(JQ_IS_ENGINE_GROUP(self), NULL);
  for (guint i = 0; i < self->rows->len; i++) {
    GtkWidget *row = g_ptr_array_index(self->rows, i);
    if (g_strcmp0(engine_of(row), id) == 0)
      return row;
  }
  return NULL;
}

/* The first widget under `widget` tagged with `option`. */
static GtkWidget *find_tagged(GtkWidget *widget, const char *option) {
  if (g_strcmp0(option_of(widget), option) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child(widget); child;
       child = gtk_widget_get_next_sibling(child)) {
    GtkWidget *found = find_tagged(child, option);
    if (found)
      return found;
  }
  return NULL;
}

GtkWidget *jq_engine_group_get_editor(JqEngineGroup *self, const char *id,
                                      const char *option) {
  g_return_val_if_fail(JQ_IS_ENGINE_GROUP(self), NULL);
  g_return_val_if_fail(option != NULL, NULL);
  GtkWidget *row = jq_engine_group_get_row(self, id);
  return row ? find_tagged(row, option) : NULL;
}

void jq_engine_group_remove(JqEngineGroup *self, const char *id) {
  g_return_if_fail(JQ_IS_ENGINE_GROUP(self));
  const JqEngine *e = jq_engine_list_find(self->list, id);
  if (!e)
    return;
  char *text = g_strdup_printf(_("Removed “%s”."), e->name);
  jq_engine_list_remove(self->list, id);
  tell(self, text, FALSE);
  g_free(text);
}

GtkWidget *jq_engine_group_new(void) {
  return g_object_new(JQ_TYPE_ENGINE_GROUP, NULL);
}

static void jq_engine_group_dispose(GObject *object) {
  JqEngineGroup *self = JQ_ENGINE_GROUP(object);
  if (self->probing)
    g_cancellable_cancel(self->probing);
  g_clear_object(&self->probing);
  if (self->list) {
    g_signal_handlers_disconnect_by_data(self->list, self);
    g_clear_object(&self->list);
  }
  G_OBJECT_CLASS(jq_engine_group_parent_class)->dispose(object);
}

static void jq_engine_group_finalize(GObject *object) {
  JqEngineGroup *self = JQ_ENGINE_GROUP(object);
  g_ptr_array_unref(self->rows);
  G_OBJECT_CLASS(jq_engine_group_parent_class)->finalize(object);
}

static void jq_engine_group_class_init(JqEngineGroupClass *klass) {
  G_OBJECT_CLASS(klass)->dispose = jq_engine_group_dispose;
  G_OBJECT_CLASS(klass)->finalize = jq_engine_group_finalize;
}

static void jq_engine_group_init(JqEngineGroup *self) {
  AdwPreferencesGroup *group = ADW_PREFERENCES_GROUP(self);
  adw_preferences_group_set_title(group, _("Outside Engines"));
  adw_preferences_group_set_description(
      group, _("UCI engines to play against, chosen in New Game"));
  self->rows = g_ptr_array_new();

  GtkWidget *header = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
  self->spinner = gtk_spinner_new();
  gtk_widget_set_visible(self->spinner, FALSE);
  gtk_box_append(GTK_BOX(header), self->spinner);
  self->add_button = gtk_button_new_with_mnemonic(_("_Add Engine…"));
  gtk_widget_set_valign(self->add_button, GTK_ALIGN_CENTER);
  g_signal_connect(self->add_button, "clicked", G_CALLBACK(on_add_clicked),
                   self);
  gtk_box_append(GTK_BOX(header), self->add_button);
  adw_preferences_group_set_header_suffix(group, header);

  /* Not a row: the group puts it under the list. */
  self->message = gtk_label_new("");
  gtk_label_set_wrap(GTK_LABEL(self->message), TRUE);
  gtk_label_set_xalign(GTK_LABEL(self->message), 0);
  gtk_widget_set_margin_top(self->message, 6);
  gtk_widget_set_visible(self->message, FALSE);
  adw_preferences_group_add(group, self->message);

  self->list = g_object_ref(jq_engine_list_get_default());
  g_signal_connect(self->list, "changed", G_CALLBACK(on_list_changed), self);
  rebuild(self);
}
