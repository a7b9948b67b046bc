#include "jq-config.h"

#include "jq-game-chooser.h"

#include <glib/gi18n.h>

#include "jq-game-chooser-private.h"
#include "jq-game-list.h"

struct _JqGameChooser {
  AdwWindow parent_instance;
  JqGameController *controller;
  GtkSingleSelection *selection;
  AdwWindowTitle *title;
  GtkColumnView *view;
  GtkWidget *open_button;
  GtkWidget *cancel_button;
  GtkLabel *message;
};

G_DEFINE_FINAL_TYPE(JqGameChooser, jq_game_chooser, ADW_TYPE_WINDOW)

enum { SIGNAL_GAME_OPENED, N_SIGNALS };
static guint signals[N_SIGNALS];

/* The columns, in their order. */
typedef enum {
  COLUMN_NUMBER,
  COLUMN_EVENT,
  COLUMN_DATE,
  COLUMN_RED,
  COLUMN_BLACK,
  COLUMN_RESULT,
  N_COLUMNS
} Column;

static JqGameEntry *selected_entry(JqGameChooser *self) {
  return gtk_single_selection_get_selected_item(self->selection);
}

static void update_choice(JqGameChooser *self) {
  JqGameEntry *entry = selected_entry(self);
  const char *error = entry ? jq_game_entry_get_error(entry) : NULL;
  gtk_widget_set_sensitive(self->open_button, entry != NULL && error == NULL);
  char *text = NULL;
  if (error != NULL)
    /* TRANSLATORS: %u is the game's number in the file, %s what is wrong
     * with it (in English, from the PGN reader). */
    text = g_strdup_printf(_("Game %u cannot be opened: %s"),
                           jq_game_entry_get_number(entry), error);
  gtk_label_set_label(self->message, text != NULL ? text : "");
  gtk_widget_set_visible(GTK_WIDGET(self->message), text != NULL);
  g_free(text);
}

/* Loads the game at `position` and goes; a game that cannot be loaded
 * leaves everything as it is, with the reason under the list. */
static void open_game(JqGameChooser *self, guint position) {
  JqGameEntry *entry =
      g_list_model_get_item(G_LIST_MODEL(self->selection), position);
  if (entry == NULL)
    return;
  GError *error = NULL;
  if (jq_game_entry_get_error(entry) == NULL &&
      !jq_game_controller_load_pgn_text(
          self->controller, jq_game_entry_get_text(entry), &error)) {
    gtk_label_set_label(self->message, error->message);
    gtk_widget_set_visible(GTK_WIDGET(self->message), TRUE);
    g_error_free(error);
  } else if (jq_game_entry_get_error(entry) == NULL) {
    g_signal_emit(self, signals[SIGNAL_GAME_OPENED], 0);
    gtk_window_destroy(GTK_WINDOW(self));
  }
  g_object_unref(entry);
}

static void on_open_clicked(JqGameChooser *self) {
  guint position = gtk_single_selection_get_selected(self->selection);
  if (position != GTK_INVALID_LIST_POSITION)
    open_game(self, position);
}

static void on_activate(JqGameChooser *self, guint position) {
  open_game(self, position);
}

static void on_cancel_clicked(JqGameChooser *self) {
  gtk_window_destroy(GTK_WINDOW(self));
}

/* ---- the cells ---- */

static void setup_cell(GtkSignalListItemFactory *factory, GtkListItem *item,
                       gpointer data) {
  GtkWidget *label = gtk_label_new(NULL);
  gtk_label_set_xalign(GTK_LABEL(label), 0);
  gtk_label_set_ellipsize(GTK_LABEL(label), PANGO_ELLIPSIZE_END);
  gtk_list_item_set_child(item, label);
}

static void bind_cell(GtkSignalListItemFactory *factory, GtkListItem *item,
                      gpointer data) {
  JqGameEntry *entry = gtk_list_item_get_item(item);
  GtkLabel *label = GTK_LABEL(gtk_list_item_get_child(item));
  char number[16];
  const char *text = "";
  gboolean bad = FALSE;
  switch ((Column)GPOINTER_TO_INT(data)) {
  case COLUMN_NUMBER:
    g_snprintf(number, sizeof number, "%u", jq_game_entry_get_number(entry));
    text = number;
    break;
  case COLUMN_EVENT: text = jq_game_entry_get_event(entry); break;
  case COLUMN_DATE: text = jq_game_entry_get_date(entry); break;
  case COLUMN_RED: text = jq_game_entry_get_red(entry); break;
  case COLUMN_BLACK: text = jq_game_entry_get_black(entry); break;
  case COLUMN_RESULT:
    bad = jq_game_entry_get_error(entry) != NULL;
    /* TRANSLATORS: in the list of a file's games, instead of the result
     * of a game that cannot be opened. */
    text = bad ? _("Unreadable") : jq_game_entry_get_result(entry);
    break;
  default: break;
  }
  gtk_label_set_label(label, text);
  /* The whole text, when the column is too narrow for it. */
  gtk_widget_set_tooltip_text(GTK_WIDGET(label), text[0] ? text : NULL);
  if (bad)
    gtk_widget_add_css_class(GTK_WIDGET(label), "error");
  else
    gtk_widget_remove_css_class(GTK_WIDGET(label), "error");
}

static void add_column(JqGameChooser *self, const char *title, Column column,
                       gboolean expand) {
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
  g_signal_connect(factory, "setup", G_CALLBACK(setup_cell), NULL);
  g_signal_connect(factory, "bind", G_CALLBACK(bind_cell),
                   GINT_TO_POINTER(column));
  GtkColumnViewColumn *c = gtk_column_view_column_new(title, factory);
  gtk_column_view_column_set_expand(c, expand);
  gtk_column_view_column_set_resizable(c, TRUE);
  gtk_column_view_append_column(self->view, c);
  g_object_unref(c);
}

/* ---- public ---- */

JqGameChooser *jq_game_chooser_new_for_file(GtkWindow *parent,
                                            JqGameController *controller,
                                            GFile *file) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(controller), NULL);
  g_return_val_if_fail(G_IS_FILE(file), NULL);
  GListModel *games = jq_game_list_new_for_file(file, NULL);
  if (games == NULL || g_list_model_get_n_items(games) < 2) {
    g_clear_object(&games);
    return NULL;
  }
  JqGameChooser *self = g_object_new(JQ_TYPE_GAME_CHOOSER, "transient-for",
                                     parent, "modal", TRUE, NULL);
  self->controller = g_object_ref(controller);
  self->selection = gtk_single_selection_new(games);
  gtk_column_view_set_model(self->view, GTK_SELECTION_MODEL(self->selection));
  g_signal_connect_swapped(self->selection, "notify::selected",
                           G_CALLBACK(update_choice), self);
  update_choice(self);
  char *name = g_file_get_basename(file);
  adw_window_title_set_subtitle(self->title, name);
  g_free(name);
  return self;
}

GtkColumnView *jq_game_chooser_get_view(JqGameChooser *self) {
  g_return_val_if_fail(JQ_IS_GAME_CHOOSER(self), NULL);
  return self->view;
}

GtkWidget *jq_game_chooser_get_open_button(JqGameChooser *self) {
  g_return_val_if_fail(JQ_IS_GAME_CHOOSER(self), NULL);
  return self->open_button;
}

GtkWidget *jq_game_chooser_get_cancel_button(JqGameChooser *self) {
  g_return_val_if_fail(JQ_IS_GAME_CHOOSER(self), NULL);
  return self->cancel_button;
}

const char *jq_game_chooser_get_message(JqGameChooser *self) {
  g_return_val_if_fail(JQ_IS_GAME_CHOOSER(self), NULL);
  return gtk_label_get_label(self->message);
}

/* ---- GObject ---- */

static void jq_game_chooser_dispose(GObject *object) {
  JqGameChooser *self = JQ_GAME_CHOOSER(object);
  g_clear_object(&self->controller);
  g_clear_object(&self->selection);
  G_OBJECT_CLASS(jq_game_chooser_parent_class)->dispose(object);
}

static void jq_game_chooser_class_init(JqGameChooserClass *klass) {
  GObjectClass *object_class = G_OBJECT_CLASS(klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
  object_class->dispose = jq_game_chooser_dispose;
  signals[SIGNAL_GAME_OPENED] =
      g_signal_new("game-opened", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST,
                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  gtk_widget_class_add_binding_action(widget_class, GDK_KEY_Escape, 0,
                                      "window.close", NULL);
}

static void jq_game_chooser_init(JqGameChooser *self) {
  gtk_window_set_title(GTK_WINDOW(self), _("Choose a Game"));
  gtk_window_set_default_size(GTK_WINDOW(self), 760, 420);
  gtk_window_set_destroy_with_parent(GTK_WINDOW(self), TRUE);

  GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *header = adw_header_bar_new();
  adw_header_bar_set_show_start_title_buttons(ADW_HEADER_BAR(header), FALSE);
  adw_header_bar_set_show_end_title_buttons(ADW_HEADER_BAR(header), FALSE);
  self->title =
      ADW_WINDOW_TITLE(adw_window_title_new(_("Choose a Game"), NULL));
  adw_header_bar_set_title_widget(ADW_HEADER_BAR(header),
                                  GTK_WIDGET(self->title));
  self->cancel_button = gtk_button_new_with_mnemonic(_("_Cancel"));
  g_signal_connect_swapped(self->cancel_button, "clicked",
                           G_CALLBACK(on_cancel_clicked), self);
  adw_header_bar_pack_start(ADW_HEADER_BAR(header), self->cancel_button);
  self->open_button = gtk_button_new_with_mnemonic(_("_Open"));
  gtk_widget_add_css_class(self->open_button, "suggested-action");
  g_signal_connect_swapped(self->open_button, "clicked",
                           G_CALLBACK(on_open_clicked), self);
  adw_header_bar_pack_end(ADW_HEADER_BAR(header), self->open_button);
  gtk_box_append(GTK_BOX(box), header);

  self->view = GTK_COLUMN_VIEW(gtk_column_view_new(NULL));
  gtk_column_view_set_show_row_separators(self->view, TRUE);
  gtk_widget_add_css_class(GTK_WIDGET(self->view), "data-table");
  g_signal_connect_swapped(self->view, "activate", G_CALLBACK(on_activate),
                           self);
  /* TRANSLATORS: the column of the games' numbers in a file. */
  add_column(self, C_("game number", "No."), COLUMN_NUMBER, FALSE);
  add_column(self, _("Event"), COLUMN_EVENT, TRUE);
  add_column(self, _("Date"), COLUMN_DATE, FALSE);
  add_column(self, _("Red"), COLUMN_RED, TRUE);
  add_column(self, _("Black"), COLUMN_BLACK, TRUE);
  add_column(self, _("Result"), COLUMN_RESULT, FALSE);
  GtkWidget *scrolled = gtk_scrolled_window_new();
  gtk_widget_set_vexpand(scrolled, TRUE);
  gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scrolled),
                                GTK_WIDGET(self->view));
  gtk_box_append(GTK_BOX(box), scrolled);

  self->message = GTK_LABEL(gtk_label_new(NULL));
  gtk_label_set_wrap(self->message, TRUE);
  gtk_label_set_xalign(self->message, 0);
  gtk_widget_set_margin_start(GTK_WIDGET(self->message), 12);
  gtk_widget_set_margin_end(GTK_WIDGET(self->message), 12);
  gtk_widget_set_margin_top(GTK_WIDGET(self->message), 6);
  gtk_widget_set_margin_bottom(GTK_WIDGET(self->message), 6);
  gtk_widget_add_css_class(GTK_WIDGET(self->message), "error");
  gtk_box_append(GTK_BOX(box), GTK_WIDGET(self->message));
  adw_window_set_content(ADW_WINDOW(self), box);
}
