#include "jq-config.h"

#include "jq-preferences-window.h"

#include <glib/gi18n.h>

#include "jq-ai-names.h"
#include "jq-combo-labels.h"
#include "jq-engine-group.h"
#include "jq-engine-list.h"
#include "jq-preferences-window-private.h"

/* The schema's enum nicks in the order of each combo row's items. */
static const char *const orientation_nicks[] = {"auto", "red-bottom",
                                                "black-bottom", NULL};
static const char *const charset_nicks[] = {"simplified", "traditional", NULL};
static const char *const notation_nicks[] = {"chinese", "wxf", "coordinates",
                                             NULL};
static const char *const perspective_nicks[] = {"red", "mover", NULL};
static const char *const disclosure_nicks[] = {"captor", "nobody", "both",
                                               NULL};
/* The disclosure items are one word; what each means goes under them. */
static const char *const disclosure_meanings[] = {
    N_("The capturing side learns what it was"),
    N_("Nobody learns what it was"),
    N_("Both sides learn what it was"),
};

struct _JqPreferencesWindow {
  AdwPreferencesWindow parent_instance;
  GSettings *settings;
  char **algorithms; /* the algorithm row's items, engine names */
  char **analysts;   /* the analysis engine row's ids, "" the built-in */

  AdwComboRow *algorithm_row;
  AdwActionRow *strength_row;
  GtkSpinButton *strength_spin;
  GtkSpinButton *think_spin;
  AdwComboRow *analysis_engine_row;
  AdwComboRow *perspective_row;
  GtkSwitch *legal_switch;
  GtkSwitch *animations_switch;
  GtkSwitch *sounds_switch;
  AdwComboRow *orientation_row;
  AdwComboRow *characters_row;
  AdwComboRow *notation_row;
  AdwComboRow *disclosure_row;
  JqEngineGroup *engine_group;
};

G_DEFINE_FINAL_TYPE(JqPreferencesWindow, jq_preferences_window,
                    ADW_TYPE_PREFERENCES_WINDOW)

/* ---- mappings between keys and widgets ---- */

/* A string key (an enum's nick, or the algorithm's name) to a row's
 * index; an unknown value leaves the row as it is. */
static gboolean nick_to_index(GValue *value, GVariant *variant, gpointer data) {
  const char *const *nicks = data;
  const char *nick = g_variant_get_string(variant, NULL);
  for (guint i = 0; nicks[i] != NULL; i++) {
    if (g_strcmp0(nicks[i], nick) == 0) {
      g_value_set_uint(value, i);
      return TRUE;
    }
  }
  return FALSE;
}

static GVariant *index_to_nick(const GValue *value, const GVariantType *type,
                               gpointer data) {
  const char *const *nicks = data;
  guint index = g_value_get_uint(value);
  if (index >= g_strv_length((char **)nicks))
    return NULL;
  return g_variant_new_string(nicks[index]);
}

static void bind_combo(GSettings *settings, const char *key, AdwComboRow *row,
                       const char *const *nicks) {
  g_settings_bind_with_mapping(settings, key, row, "selected",
                               G_SETTINGS_BIND_DEFAULT, nick_to_index,
                               index_to_nick, (gpointer)nicks, NULL);
}

/* Integer keys on spin buttons (whose values are doubles); data is the
 * factor from the key to the spin button: 1 for strength, 0.001 for
 * milliseconds shown as seconds. */
static gboolean int_to_double(GValue *value, GVariant *variant, gpointer data) {
  double factor = *(const double *)data;
  g_value_set_double(value, g_variant_get_int32(variant) * factor);
  return TRUE;
}

static GVariant *double_to_int(const GValue *value, const GVariantType *type,
                               gpointer data) {
  double factor = *(const double *)data;
  return g_variant_new_int32(
      (gint32)(g_value_get_double(value) / factor + 0.5));
}

static void bind_spin(GSettings *settings, const char *key, GtkSpinButton *spin,
                      const double *factor) {
  g_settings_bind_with_mapping(settings, key,
                               gtk_spin_button_get_adjustment(spin), "value",
                               G_SETTINGS_BIND_DEFAULT, int_to_double,
                               double_to_int, (gpointer)factor, NULL);
}

static void fill_algorithms(JqPreferencesWindow *self) {
  self->algorithms = jq_ai_names_list();
  GListModel *labels = jq_ai_names_model(self->algorithms);
  adw_combo_row_set_model(self->algorithm_row, labels);
  g_object_unref(labels);
}

/* An engine id to its row; an id no longer in the list shows the
 * built-in computer, which is what analyses then. */
static gboolean id_to_index(GValue *value, GVariant *variant, gpointer data) {
  JqPreferencesWindow *self = data;
  const char *id = g_variant_get_string(variant, NULL);
  guint found = 0;
  for (guint i = 0; self->analysts[i] != NULL; i++)
    if (g_strcmp0(self->analysts[i], id) == 0)
      found = i;
  g_value_set_uint(value, found);
  return TRUE;
}

static GVariant *index_to_id(const GValue *value, const GVariantType *type,
                             gpointer data) {
  JqPreferencesWindow *self = data;
  guint index = g_value_get_uint(value);
  if (index >= g_strv_length(self->analysts))
    return NULL;
  return g_variant_new_string(self->analysts[index]);
}

/* The built-in computer and each outside engine; made again when the
 * engine list changes. */
static void fill_analysts(JqPreferencesWindow *self) {
  if (self->settings)
    g_settings_unbind(self->analysis_engine_row, "selected");
  JqEngineList *list = jq_engine_list_get_default();
  GStrvBuilder *ids = g_strv_builder_new();
  GtkStringList *labels = gtk_string_list_new(NULL);
  g_strv_builder_add(ids, "");
  gtk_string_list_append(labels, _("Built-in Computer"));
  for (guint i = 0; i < jq_engine_list_count(list); i++) {
    const JqEngine *e = jq_engine_list_get(list, i);
    g_strv_builder_add(ids, e->id);
    gtk_string_list_append(labels, e->name);
  }
  g_strfreev(self->analysts);
  self->analysts = g_strv_builder_end(ids);
  g_strv_builder_unref(ids);
  adw_combo_row_set_model(self->analysis_engine_row, G_LIST_MODEL(labels));
  g_object_unref(labels);
  if (self->settings)
    g_settings_bind_with_mapping(self->settings, "analysis-engine",
                                 self->analysis_engine_row, "selected",
                                 G_SETTINGS_BIND_DEFAULT, id_to_index,
                                 index_to_id, self, NULL);
}

/* The rows say what the chosen algorithm is and what strength means for
 * it. */
static void update_strength(JqPreferencesWindow *self) {
  jq_ai_names_show_choice(self->algorithm_row, self->strength_row,
                          self->algorithms);
}

static void update_disclosure(JqPreferencesWindow *self) {
  if (self->disclosure_row == NULL)
    return; /* the window is going */
  guint i = adw_combo_row_get_selected(self->disclosure_row);
  if (i < G_N_ELEMENTS(disclosure_meanings))
    adw_action_row_set_subtitle(ADW_ACTION_ROW(self->disclosure_row),
                                _(disclosure_meanings[i]));
}

static void bind_all(JqPreferencesWindow *self) {
  static const double unit = 1.0, milli = 0.001;
  GSettings *s = self->settings;
  bind_combo(s, "ai-algorithm", self->algorithm_row,
             (const char *const *)self->algorithms);
  bind_spin(s, "ai-strength", self->strength_spin, &unit);
  bind_spin(s, "think-time-ms", self->think_spin, &milli);
  fill_analysts(self);
  bind_combo(s, "score-perspective", self->perspective_row, perspective_nicks);
  g_settings_bind(s, "show-legal-moves", self->legal_switch, "active",
                  G_SETTINGS_BIND_DEFAULT);
  g_settings_bind(s, "animations", self->animations_switch, "active",
                  G_SETTINGS_BIND_DEFAULT);
  g_settings_bind(s, "sounds", self->sounds_switch, "active",
                  G_SETTINGS_BIND_DEFAULT);
  bind_combo(s, "board-orientation", self->orientation_row, orientation_nicks);
  bind_combo(s, "character-style", self->characters_row, charset_nicks);
  bind_combo(s, "notation", self->notation_row, notation_nicks);
  bind_combo(s, "disclosure", self->disclosure_row, disclosure_nicks);
}

JqPreferencesWindow *jq_preferences_window_new(GtkWindow *parent,
                                               GSettings *settings) {
  g_return_val_if_fail(G_IS_SETTINGS(settings), NULL);
  JqPreferencesWindow *self =
      g_object_new(JQ_TYPE_PREFERENCES_WINDOW, "transient-for", parent, NULL);
  self->settings = g_object_ref(settings);
  bind_all(self);
  update_strength(self);
  update_disclosure(self);
  return self;
}

GtkWidget *jq_preferences_window_get_editor(JqPreferencesWindow *self,
                                            const char *key) {
  g_return_val_if_fail(JQ_IS_PREFERENCES_WINDOW(self), NULL);
  const struct {
    const char *key;
    gpointer widget;
  } editors[] = {
      {"ai-algorithm", self->algorithm_row},
      {"ai-strength", self->strength_spin},
      {"think-time-ms", self->think_spin},
      {"analysis-engine", self->analysis_engine_row},
      {"score-perspective", self->perspective_row},
      {"show-legal-moves", self->legal_switch},
      {"animations", self->animations_switch},
      {"sounds", self->sounds_switch},
      {"board-orientation", self->orientation_row},
      {"character-style", self->characters_row},
      {"notation", self->notation_row},
      {"disclosure", self->disclosure_row},
  };
  for (gsize i = 0; i < G_N_ELEMENTS(editors); i++)
    if (g_strcmp0(editors[i].key, key) == 0)
      return GTK_WIDGET(editors[i].widget);
  return NULL;
}

JqEngineGroup *
jq_preferences_window_get_engine_group(JqPreferencesWindow *self) {
  g_return_val_if_fail(JQ_IS_PREFERENCES_WINDOW(self), NULL);
  return self->engine_group;
}

static void jq_preferences_window_dispose(GObject *object) {
  JqPreferencesWindow *self = JQ_PREFERENCES_WINDOW(object);
  /* The bindings read self->algorithms: end them before it goes. */
  if (self->algorithm_row != NULL)
    g_settings_unbind(self->algorithm_row, "selected");
  if (self->analysis_engine_row != NULL)
    g_settings_unbind(self->analysis_engine_row, "selected");
  g_signal_handlers_disconnect_by_data(jq_engine_list_get_default(), self);
  g_clear_object(&self->settings);
  G_OBJECT_CLASS(jq_preferences_window_parent_class)->dispose(object);
}

static void jq_preferences_window_finalize(GObject *object) {
  JqPreferencesWindow *self = JQ_PREFERENCES_WINDOW(object);
  g_strfreev(self->algorithms);
  g_strfreev(self->analysts);
  G_OBJECT_CLASS(jq_preferences_window_parent_class)->finalize(object);
}

static void jq_preferences_window_class_init(JqPreferencesWindowClass *klass) {
  GObjectClass *object_class = G_OBJECT_CLASS(klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
  object_class->dispose = jq_preferences_window_dispose;
  object_class->finalize = jq_preferences_window_finalize;
  g_type_ensure(JQ_TYPE_ENGINE_GROUP);
  gtk_widget_class_set_template_from_resource(
      widget_class, "/io/github/jieqi/Jieqi/jq-preferences-window.ui");
#define BIND(name) \
  gtk_widget_class_bind_template_child(widget_class, JqPreferencesWindow, name)
  BIND(algorithm_row);
  BIND(strength_row);
  BIND(strength_spin);
  BIND(think_spin);
  BIND(analysis_engine_row);
  BIND(perspective_row);
  BIND(legal_switch);
  BIND(animations_switch);
  BIND(sounds_switch);
  BIND(orientation_row);
  BIND(characters_row);
  BIND(notation_row);
  BIND(disclosure_row);
  BIND(engine_group);
#undef BIND
}

static void jq_preferences_window_init(JqPreferencesWindow *self) {
  gtk_widget_init_template(GTK_WIDGET(self));
  AdwComboRow *rows[] = {self->algorithm_row,   self->analysis_engine_row,
                         self->perspective_row, self->orientation_row,
                         self->characters_row,  self->notation_row,
                         self->disclosure_row};
  for (gsize i = 0; i < G_N_ELEMENTS(rows); i++)
    jq_combo_labels_keep_whole(rows[i]);
  fill_algorithms(self);
  fill_analysts(self);
  g_signal_connect_swapped(jq_engine_list_get_default(), "changed",
                           G_CALLBACK(fill_analysts), self);
  g_signal_connect_swapped(self->algorithm_row, "notify::selected",
                           G_CALLBACK(update_strength), self);
  g_signal_connect_swapped(self->disclosure_row, "notify::selected",
                           G_CALLBACK(update_disclosure), self);
}
