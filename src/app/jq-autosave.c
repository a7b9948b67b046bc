#include "jq-autosave.h"

#include <errno.h>
#include <string.h>

#include <gio/gio.h>

struct JqAutosave {
  char *path;
  GThreadPool *pool;
  /* state_lock guards the newest text; write_lock is held for a whole
   * write, so writes never overlap and written_seq only grows. */
  GMutex state_lock;
  GMutex write_lock;
  GBytes *latest;
  guint64 latest_seq;
  guint64 written_seq;
  gint warned;
};

char *jq_autosave_default_path(void) {
  return g_build_filename(g_get_user_data_dir(), "jieqi", "autosave.pgn", NULL);
}

/* Writes the newest text if it is newer than what is on disk. */
static gboolean write_latest(JqAutosave *self, GError **error) {
  g_mutex_lock(&self->write_lock);
  g_mutex_lock(&self->state_lock);
  guint64 seq = self->latest_seq;
  GBytes *bytes = self->latest ? g_bytes_ref(self->latest) : NULL;
  g_mutex_unlock(&self->state_lock);

  gboolean ok = TRUE;
  if (bytes && seq > self->written_seq) {
    char *dir = g_path_get_dirname(self->path);
    if (g_mkdir_with_parents(dir, 0700) != 0) {
      int saved = errno;
      g_set_error(error, G_FILE_ERROR, g_file_error_from_errno(saved),
                  "Cannot create %s: %s", dir, g_strerror(saved));
      ok = FALSE;
    }
    g_free(dir);
    if (ok) {
      GFile *file = g_file_new_for_path(self->path);
      gsize size;
      const char *data = g_bytes_get_data(bytes, &size);
      ok = g_file_replace_contents(file, data, size, NULL, FALSE,
                                   G_FILE_CREATE_PRIVATE |
                                       G_FILE_CREATE_REPLACE_DESTINATION,
                                   NULL, NULL, error);
      g_object_unref(file);
    }
    if (ok)
      self->written_seq = seq;
  }
  g_mutex_unlock(&self->write_lock);
  if (bytes)
    g_bytes_unref(bytes);
  return ok;
}

static void pool_func(gpointer data, gpointer user_data) {
  JqAutosave *self = user_data;
  GError *error = NULL;
  if (!write_latest(self, &error)) {
    /* Once per session: a full disk should not flood the log. */
    if (!g_atomic_int_exchange(&self->warned, TRUE))
      g_warning("Could not autosave the game to %s: %s", self->path,
                error->message);
    g_error_free(error);
  }
}

JqAutosave *jq_autosave_new(const char *path) {
  g_return_val_if_fail(path != NULL, NULL);
  JqAutosave *self = g_new0(JqAutosave, 1);
  self->path = g_strdup(path);
  g_mutex_init(&self->state_lock);
  g_mutex_init(&self->write_lock);
  /* One thread at most: the writes are serial anyway. */
  self->pool = g_thread_pool_new(pool_func, self, 1, FALSE, NULL);
  return self;
}

void jq_autosave_free(JqAutosave *self) {
  if (!self)
    return;
  /* Lets the queued writes finish: the last of them writes the newest. */
  g_thread_pool_free(self->pool, FALSE, TRUE);
  g_clear_pointer(&self->latest, g_bytes_unref);
  g_mutex_clear(&self->state_lock);
  g_mutex_clear(&self->write_lock);
  g_free(self->path);
  g_free(self);
}

const char *jq_autosave_get_path(const JqAutosave *self) { return self->path; }

void jq_autosave_write(JqAutosave *self, const char *text) {
  GBytes *bytes = g_bytes_new(text, strlen(text));
  g_mutex_lock(&self->state_lock);
  g_clear_pointer(&self->latest, g_bytes_unref);
  self->latest = bytes;
  self->latest_seq++;
  g_mutex_unlock(&self->state_lock);
  g_thread_pool_push(self->pool, GINT_TO_POINTER(1), NULL);
}

gboolean jq_autosave_flush(JqAutosave *self, GError **error) {
  return write_latest(self, error);
}
