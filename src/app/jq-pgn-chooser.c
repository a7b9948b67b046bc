#include "jq-config.h"

#include "jq-pgn-chooser.h"

#include <glib/gi18n.h>

typedef struct {
  JqPgnChosen chosen;
  GWeakRef data;
} Request;

static GtkFileFilter *pgn_filter(void) {
  GtkFileFilter *filter = gtk_file_filter_new();
  gtk_file_filter_set_name(filter, _("PGN Games"));
  gtk_file_filter_add_pattern(filter, "*.pgn");
  gtk_file_filter_add_pattern(filter, "*.PGN");
  gtk_file_filter_add_mime_type(filter, "application/x-chess-pgn");
  return filter;
}

static void add_filter(GtkFileChooserNative *native, GtkFileFilter *filter) {
  gtk_file_chooser_add_filter(GTK_FILE_CHOOSER(native), filter);
  g_object_unref(filter);
}

static void on_response(GtkNativeDialog *native, int response,
                        Request *request) {
  GObject *data = g_weak_ref_get(&request->data);
  if (response == GTK_RESPONSE_ACCEPT && data != NULL) {
    GFile *file = gtk_file_chooser_get_file(GTK_FILE_CHOOSER(native));
    if (file != NULL) {
      request->chosen(file, data);
      g_object_unref(file);
    }
  }
  g_clear_object(&data);
  g_weak_ref_clear(&request->data);
  g_free(request);
  g_object_unref(native);
}

static void show(GtkFileChooserNative *native, JqPgnChosen chosen,
                 GObject *data) {
  Request *request = g_new0(Request, 1);
  request->chosen = chosen;
  g_weak_ref_init(&request->data, data);
  gtk_native_dialog_set_modal(GTK_NATIVE_DIALOG(native), TRUE);
  g_signal_connect(native, "response", G_CALLBACK(on_response), request);
  gtk_native_dialog_show(GTK_NATIVE_DIALOG(native));
}

void jq_pgn_chooser_open(GtkWindow *parent, JqPgnChosen chosen, GObject *data) {
  GtkFileChooserNative *native = gtk_file_chooser_native_new(
      _("Open Game"), parent, GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"),
      _("_Cancel"));
  add_filter(native, pgn_filter());
  GtkFileFilter *all = gtk_file_filter_new();
  gtk_file_filter_set_name(all, _("All Files"));
  gtk_file_filter_add_pattern(all, "*");
  add_filter(native, all);
  show(native, chosen, data);
}

void jq_pgn_chooser_save(GtkWindow *parent, JqPgnChosen chosen, GObject *data) {
  GtkFileChooserNative *native = gtk_file_chooser_native_new(
      _("Save Game"), parent, GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"),
      _("_Cancel"));
  add_filter(native, pgn_filter());
  GDateTime *now = g_date_time_new_now_local();
  char *date = g_date_time_format(now, "%Y-%m-%d");
  /* TRANSLATORS: the file name offered for a saved game; %s is the
   * date. Keep the .pgn ending. */
  char *name = g_strdup_printf(_("Game %s.pgn"), date);
  gtk_file_chooser_set_current_name(GTK_FILE_CHOOSER(native), name);
  g_free(name);
  g_free(date);
  g_date_time_unref(now);
  show(native, chosen, data);
}
