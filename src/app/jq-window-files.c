/* The window's games in files and on the clipboard: Open (a file of one
 * game bound for Save, a file of several offering a choice), Save and
 * Save As, the position copied and pasted as FEN; opening or pasting over
 * a game in progress asks first. */
#include "jq-config.h"

#include <glib/gi18n.h>

#include "jq-confirm-replace.h"
#include "jq-game-chooser.h"
#include "jq-pgn-chooser.h"
#include "jq-window-private.h"

static void message(JqWindow *self, const char *heading, const char *body) {
  GtkWidget *dialog = adw_message_dialog_new(GTK_WINDOW(self), heading, body);
  adw_message_dialog_add_response(ADW_MESSAGE_DIALOG(dialog), "close",
                                  _("_Close"));
  gtk_window_set_destroy_with_parent(GTK_WINDOW(dialog), TRUE);
  gtk_window_present(GTK_WINDOW(dialog));
}

static void open_chosen(GFile *file, gpointer data) {
  jq_window_ask_open(JQ_WINDOW(data), &file, 1);
}

static void open_activated(GSimpleAction *action, GVariant *param,
                           gpointer data) {
  jq_pgn_chooser_open(GTK_WINDOW(data), open_chosen, G_OBJECT(data));
}

static void save_chosen(GFile *file, gpointer data) {
  jq_window_save_file(JQ_WINDOW(data), file);
}

static void save_as_activated(GSimpleAction *action, GVariant *param,
                              gpointer data) {
  jq_pgn_chooser_save(GTK_WINDOW(data), save_chosen, G_OBJECT(data));
}

/* To the game's file without asking, once it has one. */
static void save_activated(GSimpleAction *action, GVariant *param,
                           gpointer data) {
  JqWindow *self = data;
  GFile *file = jq_game_file_get_file(self->game_file);
  if (file != NULL)
    jq_window_save_file(self, file);
  else
    save_as_activated(NULL, NULL, self);
}

static void copy_fen_activated(GSimpleAction *action, GVariant *param,
                               gpointer data) {
  JqWindow *self = data;
  char *fen = jq_game_controller_get_fen(self->controller);
  gdk_clipboard_set_text(gtk_widget_get_clipboard(GTK_WIDGET(self)), fen);
  g_free(fen);
  jq_window_toast(self, _("Position copied"));
}

/* A paste or files to open, waiting for the game in progress to be
 * abandoned. */
typedef struct {
  JqWindow *window;
  char *text;
  GPtrArray *files;
} Replacement;

static Replacement *replacement_new(JqWindow *self) {
  Replacement *r = g_new0(Replacement, 1);
  r->window = g_object_ref(self);
  return r;
}

static void replacement_free(gpointer data) {
  Replacement *r = data;
  g_object_unref(r->window);
  g_free(r->text);
  if (r->files != NULL)
    g_ptr_array_unref(r->files);
  g_free(r);
}

static void paste_now(gpointer data) {
  Replacement *r = data;
  jq_window_paste_fen(r->window, r->text);
}

/* One game at a time: the first file that reads well wins. */
static void open_now(gpointer data) {
  Replacement *r = data;
  for (guint i = 0; i < r->files->len; i++)
    if (jq_window_open_file(r->window, g_ptr_array_index(r->files, i)))
      break;
}

static void on_paste_ready(GObject *source, GAsyncResult *result,
                           gpointer data) {
  JqWindow *self = data;
  char *text =
      gdk_clipboard_read_text_finish(GDK_CLIPBOARD(source), result, NULL);
  if (text == NULL) {
    jq_window_toast(self, _("The clipboard holds no position"));
  } else if (!jq_game_controller_check_fen(text, NULL)) {
    jq_window_paste_fen(self, text); /* says what is wrong, unasked */
  } else {
    Replacement *r = replacement_new(self);
    r->text = g_steal_pointer(&text);
    jq_confirm_replace(GTK_WINDOW(self), self->controller, paste_now, r,
                       replacement_free);
  }
  g_free(text);
  g_object_unref(self);
}

static void paste_fen_activated(GSimpleAction *action, GVariant *param,
                                gpointer data) {
  JqWindow *self = data;
  gdk_clipboard_read_text_async(gtk_widget_get_clipboard(GTK_WIDGET(self)),
                                NULL, on_paste_ready, g_object_ref(self));
}

static void on_game_opened(JqWindow *self) {
  jq_window_toast(self, _("Game opened"));
}

gboolean jq_window_open_file(JqWindow *self, GFile *file) {
  g_return_val_if_fail(JQ_IS_WINDOW(self), FALSE);
  g_return_val_if_fail(G_IS_FILE(file), FALSE);
  /* A file of several games: the user picks one. */
  JqGameChooser *chooser =
      jq_game_chooser_new_for_file(GTK_WINDOW(self), self->controller, file);
  if (chooser != NULL) {
    g_signal_connect_object(chooser, "game-opened", G_CALLBACK(on_game_opened),
                            self, G_CONNECT_SWAPPED);
    gtk_window_present(GTK_WINDOW(chooser));
    return TRUE;
  }
  GError *error = NULL;
  if (!jq_game_controller_load_pgn(self->controller, file, &error)) {
    message(self, _("Could Not Open the Game"), error->message);
    g_error_free(error);
    return FALSE;
  }
  /* A file of one game: Save writes it back. (One game of several is
   * not bound: saving it would lose the others.) */
  jq_game_file_bind(self->game_file, file);
  jq_window_update_title(self);
  jq_window_toast(self, _("Game opened"));
  return TRUE;
}

void jq_window_ask_open(JqWindow *self, GFile **files, int n_files) {
  g_return_if_fail(JQ_IS_WINDOW(self));
  g_return_if_fail(files != NULL || n_files == 0);
  if (n_files <= 0)
    return;
  Replacement *r = replacement_new(self);
  r->files = g_ptr_array_new_with_free_func(g_object_unref);
  for (int i = 0; i < n_files; i++)
    g_ptr_array_add(r->files, g_object_ref(files[i]));
  jq_confirm_replace(GTK_WINDOW(self), self->controller, open_now, r,
                     replacement_free);
}

gboolean jq_window_save_file(JqWindow *self, GFile *file) {
  g_return_val_if_fail(JQ_IS_WINDOW(self), FALSE);
  g_return_val_if_fail(G_IS_FILE(file), FALSE);
  JqPgnMoveStyle style = jq_game_controller_get_notation(self->controller) ==
                                 JQ_NOTATION_STYLE_CHINESE
                             ? JQ_PGN_CHINESE
                             : JQ_PGN_COORDS;
  GError *error = NULL;
  /* A failure leaves the file as it was, and the game's binding too. */
  if (!jq_game_controller_save_pgn(self->controller, file, style, &error)) {
    message(self, _("Could Not Save the Game"), error->message);
    g_error_free(error);
    return FALSE;
  }
  jq_game_file_bind(self->game_file, file);
  jq_window_update_title(self);
  jq_window_toast(self, _("Game saved"));
  return TRUE;
}

gboolean jq_window_paste_fen(JqWindow *self, const char *text) {
  g_return_val_if_fail(JQ_IS_WINDOW(self), FALSE);
  GError *error = NULL;
  if (!jq_game_controller_set_fen(self->controller, text, &error)) {
    /* TRANSLATORS: %s says what is wrong with the pasted text. */
    char *why =
        g_strdup_printf(_("Cannot paste the position: %s"), error->message);
    jq_window_toast(self, why);
    g_free(why);
    g_error_free(error);
    return FALSE;
  }
  jq_window_toast(self, _("Position pasted"));
  return TRUE;
}

static const GActionEntry file_actions[] = {
    {"open", open_activated, NULL, NULL, NULL, {0}},
    {"save", save_activated, NULL, NULL, NULL, {0}},
    {"save-as", save_as_activated, NULL, NULL, NULL, {0}},
    {"copy-fen", copy_fen_activated, NULL, NULL, NULL, {0}},
    {"paste-fen", paste_fen_activated, NULL, NULL, NULL, {0}},
};

void jq_window_files_add_actions(JqWindow *self) {
  g_action_map_add_action_entries(G_ACTION_MAP(self), file_actions,
                                  G_N_ELEMENTS(file_actions), self);
}
