#include "jq-config.h"

#include "jq-new-game-dialog.h"

#include <glib/gi18n.h>

#include "jq-ai-names.h"
#include "jq-combo-labels.h"
#include "jq-confirm-replace.h"
#include "jq-error-text.h"
#include "jq-fen.h"
#include "jq-new-game-dialog-private.h"

struct _JqNewGameDialog {
  AdwWindow parent_instance;
  JqGameController *controller;
  GSettings *settings;
  char **algorithms; /* the algorithm row's items, engine names */
  char *error;

  AdwComboRow *variant_row;
  AdwComboRow *red_row;
  AdwComboRow *black_row;
  AdwPreferencesGroup *computer_group;
  AdwComboRow *algorithm_row;
  AdwActionRow *strength_row;
  GtkSpinButton *strength_spin;
  AdwEntryRow *fen_row;
  GtkLabel *error_label;
};

G_DEFINE_FINAL_TYPE(JqNewGameDialog, jq_new_game_dialog, ADW_TYPE_WINDOW)

static void show_error(JqNewGameDialog *self, const char *message) {
  g_free(self->error);
  self->error = g_strdup(message);
  gtk_label_set_label(self->error_label, message != NULL ? message : "");
  gtk_widget_set_visible(GTK_WIDGET(self->error_label), message != NULL);
  if (message != NULL)
    gtk_widget_add_css_class(GTK_WIDGET(self->fen_row), "error");
  else
    gtk_widget_remove_css_class(GTK_WIDGET(self->fen_row), "error");
}

static const char *fen_text(JqNewGameDialog *self) {
  const char *text = gtk_editable_get_text(GTK_EDITABLE(self->fen_row));
  while (g_ascii_isspace(*text))
    text++;
  return text;
}

/* The computer's settings matter only when it plays. */
static void update_computer(JqNewGameDialog *self) {
  gboolean computer =
      adw_combo_row_get_selected(self->red_row) == JQ_PLAYER_MODE_COMPUTER ||
      adw_combo_row_get_selected(self->black_row) == JQ_PLAYER_MODE_COMPUTER;
  gtk_widget_set_sensitive(GTK_WIDGET(self->computer_group), computer);
}

/* The rows say what the chosen algorithm is and what strength means for
 * it. */
static void update_strength(JqNewGameDialog *self) {
  jq_ai_names_show_choice(self->algorithm_row, self->strength_row,
                          self->algorithms);
}

/* Checks the position as it is typed; a good one decides the variant. */
static void on_fen_changed(JqNewGameDialog *self) {
  const char *fen = fen_text(self);
  if (*fen == '\0') {
    show_error(self, NULL);
    gtk_widget_set_sensitive(GTK_WIDGET(self->variant_row), TRUE);
    return;
  }
  JqPosition *pos = g_new(JqPosition, 1);
  JqError err = {{0}};
  if (jq_fen_parse(fen, JQ_FEN_VARIANT_AUTO, pos, &err)) {
    show_error(self, NULL);
    adw_combo_row_set_selected(self->variant_row, pos->variant);
    gtk_widget_set_sensitive(GTK_WIDGET(self->variant_row), FALSE);
  } else {
    g_autofree char *why = jq_error_text(&err);
    char *message =
        /* TRANSLATORS: %s says what is wrong with the position text. */
        g_strdup_printf(_("This is not a position: %s"), why);
    show_error(self, message);
    g_free(message);
    gtk_widget_set_sensitive(GTK_WIDGET(self->variant_row), TRUE);
  }
  g_free(pos);
}

static gboolean start_now(JqNewGameDialog *self) {
  JqNewGame setup;
  jq_new_game_init(&setup, adw_combo_row_get_selected(self->variant_row));
  setup.players[JQ_RED] = adw_combo_row_get_selected(self->red_row);
  setup.players[JQ_BLACK] = adw_combo_row_get_selected(self->black_row);
  guint algorithm = adw_combo_row_get_selected(self->algorithm_row);
  if (algorithm < g_strv_length(self->algorithms))
    setup.algorithm = self->algorithms[algorithm];
  setup.strength = gtk_spin_button_get_value_as_int(self->strength_spin);
  const char *fen = fen_text(self);
  setup.fen = *fen != '\0' ? fen : NULL;
  GError *error = NULL;
  if (!jq_game_controller_new_game(self->controller, &setup, &error)) {
    show_error(self, error->message);
    g_error_free(error);
    return FALSE;
  }
  gtk_window_destroy(GTK_WINDOW(self));
  return TRUE;
}

static void on_abandoned(gpointer data) { start_now(data); }

gboolean jq_new_game_dialog_start(JqNewGameDialog *self) {
  g_return_val_if_fail(JQ_IS_NEW_GAME_DIALOG(self), FALSE);
  /* A bad position is refused before anything is asked. */
  const char *fen = fen_text(self);
  if (!jq_confirm_replace_needed(self->controller) ||
      (*fen != '\0' && !jq_game_controller_check_fen(fen, NULL)))
    return start_now(self);
  jq_confirm_replace(GTK_WINDOW(self), self->controller, on_abandoned,
                     g_object_ref(self), g_object_unref);
  return TRUE;
}

static void on_start_clicked(JqNewGameDialog *self) {
  jq_new_game_dialog_start(self);
}

void jq_new_game_dialog_set_choices(JqNewGameDialog *self, JqVariant variant,
                                    JqPlayerMode red, JqPlayerMode black,
                                    const char *fen) {
  g_return_if_fail(JQ_IS_NEW_GAME_DIALOG(self));
  adw_combo_row_set_selected(self->variant_row, variant);
  adw_combo_row_set_selected(self->red_row, red);
  adw_combo_row_set_selected(self->black_row, black);
  gtk_editable_set_text(GTK_EDITABLE(self->fen_row), fen != NULL ? fen : "");
}

const char *jq_new_game_dialog_get_error(JqNewGameDialog *self) {
  g_return_val_if_fail(JQ_IS_NEW_GAME_DIALOG(self), NULL);
  return self->error;
}

static void fill_in(JqNewGameDialog *self) {
  GSettings *s = self->settings;
  adw_combo_row_set_selected(self->variant_row,
                             g_settings_get_enum(s, "last-variant"));
  adw_combo_row_set_selected(self->red_row,
                             g_settings_get_enum(s, "red-player"));
  adw_combo_row_set_selected(self->black_row,
                             g_settings_get_enum(s, "black-player"));

  self->algorithms = jq_ai_names_list();
  char *current = g_settings_get_string(s, "ai-algorithm");
  guint selected = 0;
  for (guint i = 0; self->algorithms[i] != NULL; i++)
    if (g_strcmp0(self->algorithms[i], current) == 0)
      selected = i;
  GListModel *labels = jq_ai_names_model(self->algorithms);
  adw_combo_row_set_model(self->algorithm_row, labels);
  adw_combo_row_set_selected(self->algorithm_row, selected);
  g_object_unref(labels);
  g_free(current);
  update_strength(self);
  gtk_spin_button_set_value(self->strength_spin,
                            g_settings_get_int(s, "ai-strength"));
  update_computer(self);
}

JqNewGameDialog *jq_new_game_dialog_new(GtkWindow *parent,
                                        JqGameController *controller,
                                        GSettings *settings) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(controller), NULL);
  g_return_val_if_fail(G_IS_SETTINGS(settings), NULL);
  JqNewGameDialog *self =
      g_object_new(JQ_TYPE_NEW_GAME_DIALOG, "transient-for", parent, NULL);
  self->controller = g_object_ref(controller);
  self->settings = g_object_ref(settings);
  fill_in(self);
  return self;
}

static void jq_new_game_dialog_dispose(GObject *object) {
  JqNewGameDialog *self = JQ_NEW_GAME_DIALOG(object);
  g_clear_object(&self->controller);
  g_clear_object(&self->settings);
  G_OBJECT_CLASS(jq_new_game_dialog_parent_class)->dispose(object);
}

static void jq_new_game_dialog_finalize(GObject *object) {
  JqNewGameDialog *self = JQ_NEW_GAME_DIALOG(object);
  g_strfreev(self->algorithms);
  g_free(self->error);
  G_OBJECT_CLASS(jq_new_game_dialog_parent_class)->finalize(object);
}

static void jq_new_game_dialog_class_init(JqNewGameDialogClass *klass) {
  GObjectClass *object_class = G_OBJECT_CLASS(klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
  object_class->dispose = jq_new_game_dialog_dispose;
  object_class->finalize = jq_new_game_dialog_finalize;
  gtk_widget_class_set_template_from_resource(
      widget_class, "/io/github/jieqi/Jieqi/jq-new-game-dialog.ui");
#define BIND(name) \
  gtk_widget_class_bind_template_child(widget_class, JqNewGameDialog, name)
  BIND(variant_row);
  BIND(red_row);
  BIND(black_row);
  BIND(computer_group);
  BIND(algorithm_row);
  BIND(strength_row);
  BIND(strength_spin);
  BIND(fen_row);
  BIND(error_label);
#undef BIND
  gtk_widget_class_bind_template_callback(widget_class, on_start_clicked);
  gtk_widget_class_bind_template_callback(widget_class, on_fen_changed);
}

static void jq_new_game_dialog_init(JqNewGameDialog *self) {
  gtk_widget_init_template(GTK_WIDGET(self));
  AdwComboRow *rows[] = {self->variant_row, self->red_row, self->black_row,
                         self->algorithm_row};
  for (gsize i = 0; i < G_N_ELEMENTS(rows); i++)
    jq_combo_labels_keep_whole(rows[i]);
  g_signal_connect_swapped(self->red_row, "notify::selected",
                           G_CALLBACK(update_computer), self);
  g_signal_connect_swapped(self->black_row, "notify::selected",
                           G_CALLBACK(update_computer), self);
  g_signal_connect_swapped(self->algorithm_row, "notify::selected",
                           G_CALLBACK(update_strength), self);
}
