#include "jq-combo-labels.h"

/* The item shown in the row: its label alone. */
static void setup_item(GtkSignalListItemFactory *factory, GtkListItem *item,
                       gpointer data) {
  GtkWidget *label = gtk_label_new(NULL);
  gtk_label_set_xalign(GTK_LABEL(label), 0);
  gtk_list_item_set_child(item, label);
}

static const char *item_text(GtkListItem *item) {
  GtkStringObject *string = gtk_list_item_get_item(item);
  return GTK_IS_STRING_OBJECT(string) ? gtk_string_object_get_string(string)
                                      : "";
}

static void bind_item(GtkSignalListItemFactory *factory, GtkListItem *item,
                      gpointer data) {
  gtk_label_set_label(GTK_LABEL(gtk_list_item_get_child(item)),
                      item_text(item));
}

/* The items of the pop-up list: the label and, on the one chosen (the
 * list's selection follows the row's), a check mark, as libadwaita's own
 * list has. */
static void show_check(GtkListItem *item) {
  GtkWidget *check = gtk_widget_get_last_child(gtk_list_item_get_child(item));
  gtk_widget_set_opacity(check, gtk_list_item_get_selected(item) ? 1 : 0);
}

static void setup_list_item(GtkSignalListItemFactory *factory,
                            GtkListItem *item, gpointer data) {
  GtkWidget *box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label = gtk_label_new(NULL);
  gtk_label_set_xalign(GTK_LABEL(label), 0);
  gtk_widget_set_hexpand(label, TRUE);
  gtk_box_append(GTK_BOX(box), label);
  gtk_box_append(GTK_BOX(box),
                 gtk_image_new_from_icon_name("object-select-symbolic"));
  gtk_list_item_set_child(item, box);
  g_signal_connect(item, "notify::selected", G_CALLBACK(show_check), NULL);
}

static void bind_list_item(GtkSignalListItemFactory *factory, GtkListItem *item,
                           gpointer data) {
  GtkWidget *box = gtk_list_item_get_child(item);
  gtk_label_set_label(GTK_LABEL(gtk_widget_get_first_child(box)),
                      item_text(item));
  show_check(item);
}

void jq_combo_labels_keep_whole(AdwComboRow *row) {
  g_return_if_fail(ADW_IS_COMBO_ROW(row));
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
  g_signal_connect(factory, "setup", G_CALLBACK(setup_item), NULL);
  g_signal_connect(factory, "bind", G_CALLBACK(bind_item), NULL);
  adw_combo_row_set_factory(row, factory);
  g_object_unref(factory);
  factory = gtk_signal_list_item_factory_new();
  g_signal_connect(factory, "setup", G_CALLBACK(setup_list_item), NULL);
  g_signal_connect(factory, "bind", G_CALLBACK(bind_list_item), NULL);
  adw_combo_row_set_list_factory(row, factory);
  g_object_unref(factory);
}
