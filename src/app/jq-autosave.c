#include "jq-autosave.h"

#include <errno.h>
#include <string.h>

#include <gio/gio.h>
#include <glib/gstdio.h>

#include "jq-atomic-file.h"

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
  /* Under write_lock: the last write failed, and that has been told. */
  gboolean failing;
  /* Who is told of a failure, on the context the autosave was made in. */
  GMainContext *context;
  GWeakRef owner;
  JqAutosaveFailed failed_func;
};

/* One failure on its way to the owner's thread. */
typedef struct {
  GWeakRef owner;
  JqAutosaveFailed func;
  GError *error;
} FailureReport;

static gboolean report_failure(gpointer data) {
  FailureReport *report = data;
  GObject *owner = g_weak_ref_get(&report->owner);
  if (owner) {
    report->func(owner, report->error);
    g_object_unref(owner);
  }
  return G_SOURCE_REMOVE;
}

static void failure_report_free(gpointer data) {
  FailureReport *report = data;
  g_weak_ref_clear(&report->owner);
  g_error_free(report->error);
  g_free(report);
}

/* Called with write_lock held after each write. Only the first failure of
 * a run is told: a full disk should not bring a message every move. */
static void note_outcome(JqAutosave *self, gboolean ok, const GError *error) {
  if (ok) {
    self->failing = FALSE;
    return;
  }
  if (self->failing)
    return;
  self->failing = TRUE;
  g_message("Could not autosave the game to %s: %s", self->path,
            error->message);
  GObject *owner = g_weak_ref_get(&self->owner);
  if (!owner || !self->failed_func) {
    g_clear_object(&owner);
    return;
  }
  FailureReport *report = g_new0(FailureReport, 1);
  g_weak_ref_init(&report->owner, owner);
  report->func = self->failed_func;
  report->error = g_error_copy(error);
  g_object_unref(owner);
  /* Always through the loop, never at once: the owner is told on its own
   * thread, and not while the lock is held. */
  GSource *source = g_idle_source_new();
  g_source_set_priority(source, G_PRIORITY_DEFAULT);
  g_source_set_callback(source, report_failure, report, failure_report_free);
  g_source_attach(source, self->context);
  g_source_unref(source);
}

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
  GError *failure = NULL;
  if (bytes && seq > self->written_seq) {
    char *dir = g_path_get_dirname(self->path);
    if (g_mkdir_with_parents(dir, 0700) != 0) {
      int saved = errno;
      g_set_error(&failure, G_FILE_ERROR, g_file_error_from_errno(saved),
                  "Cannot create %s: %s", dir, g_strerror(saved));
      ok = FALSE;
    }
    g_free(dir);
    if (ok) {
      gsize size;
      const char *data = g_bytes_get_data(bytes, &size);
      ok = jq_atomic_file_write(self->path, data, size, 0600, &failure);
    }
    if (ok)
      self->written_seq = seq;
    note_outcome(self, ok, failure);
  }
  g_mutex_unlock(&self->write_lock);
  if (failure)
    g_propagate_error(error, failure);
  if (bytes)
    g_bytes_unref(bytes);
  return ok;
}

static void pool_func(gpointer data, gpointer user_data) {
  JqAutosave *self = user_data;
  GError *error = NULL;
  if (!write_latest(self, &error))
    g_error_free(error); /* told by note_outcome */
}

JqAutosave *jq_autosave_new(const char *path) {
  g_return_val_if_fail(path != NULL, NULL);
  JqAutosave *self = g_new0(JqAutosave, 1);
  self->path = g_strdup(path);
  g_mutex_init(&self->state_lock);
  g_mutex_init(&self->write_lock);
  self->context = g_main_context_ref_thread_default();
  g_weak_ref_init(&self->owner, NULL);
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
  g_weak_ref_clear(&self->owner);
  g_main_context_unref(self->context);
  g_free(self->path);
  g_free(self);
}

void jq_autosave_set_failed_func(JqAutosave *self, GObject *owner,
                                 JqAutosaveFailed func) {
  g_mutex_lock(&self->write_lock);
  g_weak_ref_set(&self->owner, owner);
  self->failed_func = func;
  g_mutex_unlock(&self->write_lock);
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

char *jq_autosave_move_aside(JqAutosave *self, GError **error) {
  GDateTime *now = g_date_time_new_now_local();
  char *stamp = g_date_time_format(now, "%Y%m%d-%H%M%S");
  g_date_time_unref(now);
  char *aside = NULL;
  g_mutex_lock(&self->write_lock);
  /* A name of its own, even for two bad files within a second. */
  for (int n = 1; !aside; n++) {
    aside = n == 1 ? g_strdup_printf("%s.bad-%s", self->path, stamp)
                   : g_strdup_printf("%s.bad-%s-%d", self->path, stamp, n);
    if (g_file_test(aside, G_FILE_TEST_EXISTS))
      g_clear_pointer(&aside, g_free);
  }
  if (g_rename(self->path, aside) != 0) {
    int saved = errno;
    g_set_error(error, G_FILE_ERROR, g_file_error_from_errno(saved),
                "Cannot rename %s to %s: %s", self->path, aside,
                g_strerror(saved));
    g_clear_pointer(&aside, g_free);
  }
  g_mutex_unlock(&self->write_lock);
  g_free(stamp);
  return aside;
}

gboolean jq_autosave_flush(JqAutosave *self, GError **error) {
  return write_latest(self, error);
}
