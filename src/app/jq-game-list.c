#include "jq-config.h"

#include "jq-game-list.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "jq-game-controller.h"
#include "jq-pgn.h"

/* The controller's limit: bigger files are not games people keep. */
#define MAX_PGN_BYTES (16 * 1024 * 1024)
/* Longer tag values are no roster's. */
#define TAG_MAX_BYTES 1024

struct _JqGameEntry {
  GObject parent_instance;
  guint number;
  char *event, *date, *red, *black, *result;
  char *error;
  char *text;
};

G_DEFINE_FINAL_TYPE(JqGameEntry, jq_game_entry, G_TYPE_OBJECT)

static void jq_game_entry_finalize(GObject *object) {
  JqGameEntry *self = JQ_GAME_ENTRY(object);
  g_free(self->event);
  g_free(self->date);
  g_free(self->red);
  g_free(self->black);
  g_free(self->result);
  g_free(self->error);
  g_free(self->text);
  G_OBJECT_CLASS(jq_game_entry_parent_class)->finalize(object);
}

static void jq_game_entry_class_init(JqGameEntryClass *klass) {
  G_OBJECT_CLASS(klass)->finalize = jq_game_entry_finalize;
}

static void jq_game_entry_init(JqGameEntry *self) {}

guint jq_game_entry_get_number(JqGameEntry *self) {
  g_return_val_if_fail(JQ_IS_GAME_ENTRY(self), 0);
  return self->number;
}

const char *jq_game_entry_get_event(JqGameEntry *self) {
  g_return_val_if_fail(JQ_IS_GAME_ENTRY(self), NULL);
  return self->event;
}

const char *jq_game_entry_get_date(JqGameEntry *self) {
  g_return_val_if_fail(JQ_IS_GAME_ENTRY(self), NULL);
  return self->date;
}

const char *jq_game_entry_get_red(JqGameEntry *self) {
  g_return_val_if_fail(JQ_IS_GAME_ENTRY(self), NULL);
  return self->red;
}

const char *jq_game_entry_get_black(JqGameEntry *self) {
  g_return_val_if_fail(JQ_IS_GAME_ENTRY(self), NULL);
  return self->black;
}

const char *jq_game_entry_get_result(JqGameEntry *self) {
  g_return_val_if_fail(JQ_IS_GAME_ENTRY(self), NULL);
  return self->result;
}

const char *jq_game_entry_get_error(JqGameEntry *self) {
  g_return_val_if_fail(JQ_IS_GAME_ENTRY(self), NULL);
  return self->error;
}

const char *jq_game_entry_get_text(JqGameEntry *self) {
  g_return_val_if_fail(JQ_IS_GAME_ENTRY(self), NULL);
  return self->text;
}

/* A tag's value to show: "" when missing, unknown or not UTF-8. */
static char *shown_tag(const char *game, const char *name) {
  char value[TAG_MAX_BYTES];
  if (!jq_pgn_tag(game, name, value, sizeof value) ||
      !g_utf8_validate(value, -1, NULL))
    return g_strdup("");
  g_strstrip(value);
  if (strcmp(value, "?") == 0)
    return g_strdup("");
  return g_strdup(value);
}

/* "2024.05.??" is "2024.05"; "????.??.??" is "". */
static char *shown_date(const char *game) {
  char *date = shown_tag(game, "Date");
  char *unknown = strchr(date, '?');
  if (unknown) {
    *unknown = '\0';
    size_t n = strlen(date);
    while (n > 0 && date[n - 1] == '.')
      date[--n] = '\0';
  }
  return date;
}

static JqGameEntry *entry_new(const char *text, const char *game,
                              const char *end, guint number) {
  JqGameEntry *entry = g_object_new(JQ_TYPE_GAME_ENTRY, NULL);
  entry->number = number;
  entry->event = shown_tag(game, "Event");
  entry->date = shown_date(game);
  entry->red = shown_tag(game, "Red");
  entry->black = shown_tag(game, "Black");
  entry->result = shown_tag(game, "Result");
  entry->text = g_strndup(game, (gsize)(end - game));
  JqError err = {{0}};
  JqGame *read = jq_pgn_read_in(text, game, NULL, &err);
  if (read)
    jq_game_free(read);
  else
    entry->error = g_strdup(err.message);
  return entry;
}

GListModel *jq_game_list_new(const char *text, gsize length, GError **error) {
  g_return_val_if_fail(text != NULL, NULL);
  if (length > MAX_PGN_BYTES || memchr(text, '\0', length) ||
      !g_utf8_validate(text, (gssize)length, NULL)) {
    g_set_error(error, JQ_GAME_CONTROLLER_ERROR,
                JQ_GAME_CONTROLLER_ERROR_BAD_PGN,
                _("This is not a PGN game file (it is not text)."));
    return NULL;
  }
  GListStore *store = g_list_store_new(JQ_TYPE_GAME_ENTRY);
  guint number = 0;
  for (const char *game = jq_pgn_find_game(text); game;) {
    const char *end = jq_pgn_skip_game(game);
    JqGameEntry *entry = entry_new(text, game, end, ++number);
    g_list_store_append(store, entry);
    g_object_unref(entry);
    game = jq_pgn_find_game(end);
  }
  if (number == 0) {
    g_object_unref(store);
    g_set_error(error, JQ_GAME_CONTROLLER_ERROR,
                JQ_GAME_CONTROLLER_ERROR_BAD_PGN,
                _("This file holds no game."));
    return NULL;
  }
  return G_LIST_MODEL(store);
}

GListModel *jq_game_list_new_for_file(GFile *file, GError **error) {
  g_return_val_if_fail(G_IS_FILE(file), NULL);
  char *contents = NULL;
  gsize length = 0;
  if (!g_file_load_contents(file, NULL, &contents, &length, NULL, error))
    return NULL;
  GListModel *list = jq_game_list_new(contents, length, error);
  g_free(contents);
  return list;
}
