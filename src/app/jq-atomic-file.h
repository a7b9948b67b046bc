/* Writing a whole file so that it is either the new contents or the old,
 * never a mix or an empty file: the contents go to a temporary file next
 * to it, every write and the close are checked, the data is flushed to
 * the disk, and only then does the temporary file take the name. A full
 * disk or any other failure leaves the old file as it was. */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* `mode` is that of a new file (0600 for private ones, 0666 for documents;
 * the umask applies). FALSE with a G_FILE_ERROR telling what went wrong. */
gboolean jq_atomic_file_write(const char *path, const char *data, gsize size,
                              int mode, GError **error);

/* The same for a GFile: local files as above; a file elsewhere (a GVfs
 * share) through GIO's own replace, which writes a temporary file too. */
gboolean jq_atomic_file_replace(GFile *file, const char *data, gsize size,
                                int mode, GError **error);

G_END_DECLS
