/* The error domain of network play. Its errors carry their arguments
 * (GLib's extended errors), so a caller can word them in another
 * language. */
#include "jq-net-error.h"

typedef JqNetErrorArgs JqNetErrorPrivate;

static void jq_net_error_private_init(JqNetErrorPrivate *args) {
  *args = (JqNetErrorArgs){0};
}

static void jq_net_error_private_copy(const JqNetErrorPrivate *src,
                                      JqNetErrorPrivate *dest) {
  *dest = *src;
  dest->text = g_strdup(src->text);
}

static void jq_net_error_private_clear(JqNetErrorPrivate *args) {
  g_clear_pointer(&args->text, g_free);
}

G_DEFINE_EXTENDED_ERROR(JqNetError, jq_net_error)

const JqNetErrorArgs *jq_net_error_args(const GError *error) {
  if (!error || error->domain != JQ_NET_ERROR)
    return NULL;
  return jq_net_error_get_private(error);
}

static GError *new_valist(JqNetErrorCode code, int detail, const char *text,
                          gint64 n0, gint64 n1, const char *format, va_list ap)
    G_GNUC_PRINTF(6, 0);
static GError *new_valist(JqNetErrorCode code, int detail, const char *text,
                          gint64 n0, gint64 n1, const char *format,
                          va_list ap) {
  GError *error = g_error_new_valist(JQ_NET_ERROR, code, format, ap);
  JqNetErrorArgs *args = jq_net_error_get_private(error);
  args->detail = detail;
  args->n[0] = n0;
  args->n[1] = n1;
  args->text = g_strdup(text);
  return error;
}

GError *jq_net_error_new(JqNetErrorCode code, int detail, const char *text,
                         gint64 n0, gint64 n1, const char *format, ...) {
  va_list ap;
  va_start(ap, format);
  GError *error = new_valist(code, detail, text, n0, n1, format, ap);
  va_end(ap);
  return error;
}

void jq_net_error_set(GError **error, JqNetErrorCode code, int detail,
                      const char *text, gint64 n0, gint64 n1,
                      const char *format, ...) {
  if (!error)
    return;
  va_list ap;
  va_start(ap, format);
  g_propagate_error(error, new_valist(code, detail, text, n0, n1, format, ap));
  va_end(ap);
}

void jq_net_error_set_reason(GError *error, int reason) {
  g_return_if_fail(error && error->domain == JQ_NET_ERROR);
  jq_net_error_get_private(error)->reason = reason;
}
