#include "jq-atomic-file.h"

gboolean jq_atomic_file_write(const char *path, const char *data, gsize size,
                              int mode, GError **error) {
  g_return_val_if_fail(path != NULL, FALSE);
  /* CONSISTENT: a temporary file, checked writes and close, fsync, rename.
   * On failure GLib removes the temporary file. */
  return g_file_set_contents_full(path, data, (gssize)size,
                                  G_FILE_SET_CONTENTS_CONSISTENT, mode, error);
}

gboolean jq_atomic_file_replace(GFile *file, const char *data, gsize size,
                                int mode, GError **error) {
  g_return_val_if_fail(G_IS_FILE(file), FALSE);
  char *path = g_file_get_path(file);
  gboolean ok;
  if (path) {
    ok = jq_atomic_file_write(path, data, size, mode, error);
  } else {
    /* Without G_FILE_CREATE_REPLACE_DESTINATION GIO writes a temporary
     * file and renames it where the backend can. */
    ok = g_file_replace_contents(file, data, size, NULL, FALSE,
                                 G_FILE_CREATE_NONE, NULL, NULL, error);
  }
  g_free(path);
  return ok;
}
