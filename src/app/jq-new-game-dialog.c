#include "jq-config.h"

#include "jq-new-game-dialog.h"

#include <glib/gi18n.h>

#include "jq-ai-names.h"
#include "jq-combo-labels.h"
#include "jq-confirm-replace.h"
#include "jq-error-text.h"
#include "jq-fen.h"
#include "jq-new-game-dialog-private.h"

/* The rows of a computer's algorithm and strength. */
typedef struct {
  AdwPreferencesGroup *group;
  AdwComboRow *algorithm_row;
  AdwActionRow *strength_row;
  GtkSpinButton *strength_spin;
} ComputerRows;

/* computers[]: the one computer's rows, then Red's and Black's for when
 * the computer plays both sides, with their settings' keys. */
#define ONE_COMPUTER 0
#define SIDE_COMPUTER(side) (1 + (side))
static const char *const algorithm_keys[] = {"ai-algorithm", "red-ai-algorithm",
                                             "black-ai-algorithm"};
static const char *const strength_keys[] = {"ai-strength", "red-ai-strength",
                                            "black-ai-strength"};

struct _JqNewGameDialog {
  AdwWindow parent_instance;
  JqGameController *controller;
  GSettings *settings;
  char **algorithms; /* the algorithm row's items, engine names */
  char *error;

  AdwComboRow *variant_row;
  AdwComboRow *red_row;
  AdwComboRow *black_row;
  ComputerRows computers[3];
  AdwEntryRow *fen_row;
  GtkLabel *error_label;
  AdwComboRow *clock_row;
  AdwActionRow *clock_minutes_row;
  AdwActionRow *clock_increment_row;
  GtkSpinButton *clock_minutes_spin;
  GtkSpinButton *clock_increment_spin;
};

/* The clock row's presets, in seconds; the last row is Custom. */
static const struct {
  int base, inc;
} clock_presets[] = {{0, 0}, {600, 5}, {300, 0}, {180, 2}};
#define CLOCK_CUSTOM G_N_ELEMENTS(clock_presets)

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

/* The computer's settings matter only when it plays; playing both sides,
 * each side's computer has its own. */
static void update_computer(JqNewGameDialog *self) {
  gboolean red =
      adw_combo_row_get_selected(self->red_row) == JQ_PLAYER_MODE_COMPUTER;
  gboolean black =
      adw_combo_row_get_selected(self->black_row) == JQ_PLAYER_MODE_COMPUTER;
  GtkWidget *one = GTK_WIDGET(self->computers[ONE_COMPUTER].group);
  gtk_widget_set_sensitive(one, red || black);
  gtk_widget_set_visible(one, !(red && black));
  for (int side = 0; side < 2; side++)
    gtk_widget_set_visible(
        GTK_WIDGET(self->computers[SIDE_COMPUTER(side)].group), red && black);
}

/* The rows say what the chosen algorithm is and what strength means for
 * it. */
static void update_strength(JqNewGameDialog *self) {
  for (gsize i = 0; i < G_N_ELEMENTS(self->computers); i++)
    jq_ai_names_show_choice(self->computers[i].algorithm_row,
                            self->computers[i].strength_row, self->algorithms);
}

/* The engine name chosen in `rows`, NULL when none. */
static const char *chosen_algorithm(JqNewGameDialog *self,
                                    const ComputerRows *rows) {
  guint i = adw_combo_row_get_selected(rows->algorithm_row);
  return i < g_strv_length(self->algorithms) ? self->algorithms[i] : NULL;
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

/* Custom shows its minutes and increment. */
static void update_clock(JqNewGameDialog *self) {
  gboolean custom = adw_combo_row_get_selected(self->clock_row) == CLOCK_CUSTOM;
  gtk_widget_set_visible(GTK_WIDGET(self->clock_minutes_row), custom);
  gtk_widget_set_visible(GTK_WIDGET(self->clock_increment_row), custom);
}

/* The time control chosen, in seconds. */
static void chosen_clock(JqNewGameDialog *self, int *base, int *inc) {
  guint i = adw_combo_row_get_selected(self->clock_row);
  if (i < CLOCK_CUSTOM) {
    *base = clock_presets[i].base;
    *inc = clock_presets[i].inc;
    return;
  }
  *base = gtk_spin_button_get_value_as_int(self->clock_minutes_spin) * 60;
  *inc = gtk_spin_button_get_value_as_int(self->clock_increment_spin);
}

static void show_clock(JqNewGameDialog *self, int base, int inc) {
  guint row = CLOCK_CUSTOM;
  for (guint i = 0; i < CLOCK_CUSTOM; i++)
    if (clock_presets[i].base == base &&
        (base == 0 || clock_presets[i].inc == inc))
      row = i;
  adw_combo_row_set_selected(self->clock_row, row);
  if (base > 0) {
    gtk_spin_button_set_value(self->clock_minutes_spin, MAX(base / 60, 1));
    gtk_spin_button_set_value(self->clock_increment_spin, inc);
  }
  update_clock(self);
}

void jq_new_game_dialog_set_clock(JqNewGameDialog *self, int base_s,
                                  int inc_s) {
  g_return_if_fail(JQ_IS_NEW_GAME_DIALOG(self));
  show_clock(self, base_s, inc_s);
}

static gboolean start_now(JqNewGameDialog *self) {
  JqNewGame setup;
  jq_new_game_init(&setup, adw_combo_row_get_selected(self->variant_row));
  setup.players[JQ_RED] = adw_combo_row_get_selected(self->red_row);
  setup.players[JQ_BLACK] = adw_combo_row_get_selected(self->black_row);
  const ComputerRows *one = &self->computers[ONE_COMPUTER];
  setup.algorithm = chosen_algorithm(self, one);
  setup.strength = gtk_spin_button_get_value_as_int(one->strength_spin);
  for (int side = 0; side < 2; side++) {
    const ComputerRows *rows = &self->computers[SIDE_COMPUTER(side)];
    setup.side_algorithm[side] = chosen_algorithm(self, rows);
    setup.side_strength[side] =
        gtk_spin_button_get_value_as_int(rows->strength_spin);
  }
  const char *fen = fen_text(self);
  setup.fen = *fen != '\0' ? fen : NULL;
  int base, inc;
  chosen_clock(self, &base, &inc);
  setup.clock = (JqTimeControl){base > 0 ? base * 1000 : 0, inc * 1000};
  GError *error = NULL;
  if (!jq_game_controller_new_game(self->controller, &setup, &error)) {
    show_error(self, error->message);
    g_error_free(error);
    return FALSE;
  }
  /* The next game is offered the same clock. */
  g_settings_set_int(self->settings, "clock-base-seconds", base);
  g_settings_set_int(self->settings, "clock-increment-seconds", inc);
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

static ComputerRows *computer_rows(JqNewGameDialog *self, int side) {
  g_return_val_if_fail(side >= -1 && side <= JQ_BLACK, NULL);
  return &self->computers[side < 0 ? ONE_COMPUTER : SIDE_COMPUTER(side)];
}

static void select_algorithm(JqNewGameDialog *self, ComputerRows *rows,
                             const char *algorithm) {
  for (guint i = 0; self->algorithms[i] != NULL; i++)
    if (g_strcmp0(self->algorithms[i], algorithm) == 0)
      adw_combo_row_set_selected(rows->algorithm_row, i);
}

/* The algorithms the variant chosen can be played with (outside engines
 * that play it), `current` selected when it is one of them. */
static void fill_algorithms(JqNewGameDialog *self, ComputerRows *rows,
                            const char *current) {
  if (!self->algorithms)
    self->algorithms = jq_ai_names_list_for(
        (int)adw_combo_row_get_selected(self->variant_row));
  GListModel *labels = jq_ai_names_model(self->algorithms);
  adw_combo_row_set_model(rows->algorithm_row, labels);
  g_object_unref(labels);
  adw_combo_row_set_selected(rows->algorithm_row, 0);
  select_algorithm(self, rows, current);
}

/* Another variant: a jieqi game offers only engines that play jieqi. */
static void on_variant_changed(JqNewGameDialog *self) {
  if (!self->algorithms)
    return; /* not filled in yet */
  char *current[G_N_ELEMENTS(self->computers)];
  for (gsize i = 0; i < G_N_ELEMENTS(self->computers); i++)
    current[i] = g_strdup(chosen_algorithm(self, &self->computers[i]));
  g_clear_pointer(&self->algorithms, g_strfreev);
  for (gsize i = 0; i < G_N_ELEMENTS(self->computers); i++) {
    fill_algorithms(self, &self->computers[i], current[i]);
    g_free(current[i]);
  }
  update_strength(self);
}

void jq_new_game_dialog_set_computer(JqNewGameDialog *self, int side,
                                     const char *algorithm, int strength) {
  g_return_if_fail(JQ_IS_NEW_GAME_DIALOG(self));
  ComputerRows *rows = computer_rows(self, side);
  g_return_if_fail(rows != NULL);
  select_algorithm(self, rows, algorithm);
  gtk_spin_button_set_value(rows->strength_spin, strength);
}

const char *jq_new_game_dialog_get_computer(JqNewGameDialog *self, int side,
                                            int *strength) {
  g_return_val_if_fail(JQ_IS_NEW_GAME_DIALOG(self), NULL);
  ComputerRows *rows = computer_rows(self, side);
  g_return_val_if_fail(rows != NULL, NULL);
  if (strength != NULL)
    *strength = gtk_spin_button_get_value_as_int(rows->strength_spin);
  return chosen_algorithm(self, rows);
}

gboolean jq_new_game_dialog_shows_computer(JqNewGameDialog *self, int side) {
  g_return_val_if_fail(JQ_IS_NEW_GAME_DIALOG(self), FALSE);
  ComputerRows *rows = computer_rows(self, side);
  g_return_val_if_fail(rows != NULL, FALSE);
  return gtk_widget_get_visible(GTK_WIDGET(rows->group)) &&
         gtk_widget_get_sensitive(GTK_WIDGET(rows->group));
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

  g_clear_pointer(&self->algorithms, g_strfreev);
  for (gsize i = 0; i < G_N_ELEMENTS(self->computers); i++) {
    ComputerRows *rows = &self->computers[i];
    char *current = g_settings_get_string(s, algorithm_keys[i]);
    fill_algorithms(self, rows, current);
    g_free(current);
    gtk_spin_button_set_value(rows->strength_spin,
                              g_settings_get_int(s, strength_keys[i]));
  }
  update_strength(self);
  update_computer(self);
  show_clock(self, g_settings_get_int(s, "clock-base-seconds"),
             g_settings_get_int(s, "clock-increment-seconds"));
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
  BIND(fen_row);
  BIND(error_label);
  BIND(clock_row);
  BIND(clock_minutes_row);
  BIND(clock_increment_row);
  BIND(clock_minutes_spin);
  BIND(clock_increment_spin);
#undef BIND
  /* The computers' rows: "computer_group"..., "red_computer_group"... */
  static const char *const prefixes[] = {"", "red_", "black_"};
  static const struct {
    const char *name;
    gssize offset;
  } parts[] = {
      {"computer_group", G_STRUCT_OFFSET(ComputerRows, group)},
      {"algorithm_row", G_STRUCT_OFFSET(ComputerRows, algorithm_row)},
      {"strength_row", G_STRUCT_OFFSET(ComputerRows, strength_row)},
      {"strength_spin", G_STRUCT_OFFSET(ComputerRows, strength_spin)},
  };
  for (gsize i = 0; i < G_N_ELEMENTS(prefixes); i++) {
    for (gsize j = 0; j < G_N_ELEMENTS(parts); j++) {
      char *name = g_strconcat(prefixes[i], parts[j].name, NULL);
      gtk_widget_class_bind_template_child_full(
          widget_class, g_intern_string(name), FALSE,
          G_STRUCT_OFFSET(JqNewGameDialog, computers) +
              (gssize)(i * sizeof(ComputerRows)) + parts[j].offset);
      g_free(name);
    }
  }
  gtk_widget_class_bind_template_callback(widget_class, on_start_clicked);
  gtk_widget_class_bind_template_callback(widget_class, on_fen_changed);
}

static void jq_new_game_dialog_init(JqNewGameDialog *self) {
  gtk_widget_init_template(GTK_WIDGET(self));
  AdwComboRow *rows[] = {self->variant_row, self->red_row, self->black_row,
                         self->clock_row};
  for (gsize i = 0; i < G_N_ELEMENTS(rows); i++)
    jq_combo_labels_keep_whole(rows[i]);
  for (gsize i = 0; i < G_N_ELEMENTS(self->computers); i++) {
    jq_combo_labels_keep_whole(self->computers[i].algorithm_row);
    g_signal_connect_swapped(self->computers[i].algorithm_row,
                             "notify::selected", G_CALLBACK(update_strength),
                             self);
  }
  g_signal_connect_swapped(self->red_row, "notify::selected",
                           G_CALLBACK(update_computer), self);
  g_signal_connect_swapped(self->black_row, "notify::selected",
                           G_CALLBACK(update_computer), self);
  g_signal_connect_swapped(self->clock_row, "notify::selected",
                           G_CALLBACK(update_clock), self);
  g_signal_connect_swapped(self->variant_row, "notify::selected",
                           G_CALLBACK(on_variant_changed), self);
}
