/* Line framing with a size limit and a rate limit over a GIOStream. */
#include "jq-net-stream.h"

#include <string.h>

#include "jq-net-error.h"
#include "jq-net-message.h"

#define CHUNK 4096

struct _JqNetStream {
  GObject parent;
  GIOStream *io;
  GCancellable *read_cancel, *write_cancel;
  JqNetLineFunc on_line;
  JqNetStreamErrorFunc on_error;
  gpointer data;
  gboolean reading, closed, writing, io_closed;
  GByteArray *partial; /* the line read so far */
  guint8 chunk[CHUNK];
  GQueue writes; /* of GBytes */
  gsize max_line;
  /* The rate limit: a bucket of `burst` tokens refilled at per_second. */
  double tokens;
  guint burst, per_second;
  gint64 last_refill;
  guint64 bytes_read;
};

G_DEFINE_FINAL_TYPE(JqNetStream, jq_net_stream, G_TYPE_OBJECT)

static void jq_net_stream_dispose(GObject *object) {
  JqNetStream *s = JQ_NET_STREAM(object);
  g_cancellable_cancel(s->read_cancel);
  g_cancellable_cancel(s->write_cancel);
  g_clear_object(&s->io);
  G_OBJECT_CLASS(jq_net_stream_parent_class)->dispose(object);
}

static void jq_net_stream_finalize(GObject *object) {
  JqNetStream *s = JQ_NET_STREAM(object);
  g_object_unref(s->read_cancel);
  g_object_unref(s->write_cancel);
  g_byte_array_unref(s->partial);
  g_queue_clear_full(&s->writes, (GDestroyNotify)g_bytes_unref);
  G_OBJECT_CLASS(jq_net_stream_parent_class)->finalize(object);
}

static void jq_net_stream_class_init(JqNetStreamClass *klass) {
  GObjectClass *oc = G_OBJECT_CLASS(klass);
  oc->dispose = jq_net_stream_dispose;
  oc->finalize = jq_net_stream_finalize;
}

static void jq_net_stream_init(JqNetStream *s) {
  s->read_cancel = g_cancellable_new();
  s->write_cancel = g_cancellable_new();
  s->partial = g_byte_array_new();
  g_queue_init(&s->writes);
  s->max_line = JQ_NET_MESSAGE_MAX;
  s->burst = 200;
  s->per_second = 50;
  s->tokens = s->burst;
}

JqNetStream *jq_net_stream_new(GIOStream *io) {
  JqNetStream *s = g_object_new(JQ_TYPE_NET_STREAM, NULL);
  s->io = g_object_ref(io);
  return s;
}

void jq_net_stream_set_limits(JqNetStream *s, gsize max_line, guint burst,
                              guint per_second) {
  s->max_line = max_line;
  s->burst = burst;
  s->per_second = per_second;
  s->tokens = burst;
}

gboolean jq_net_stream_is_closed(JqNetStream *s) { return s->closed; }

guint64 jq_net_stream_bytes_read(JqNetStream *s) { return s->bytes_read; }

static void maybe_close_io(JqNetStream *s);

/* Ends reading with an error, told once. */
static void read_failed(JqNetStream *s, GError *error) {
  s->reading = FALSE;
  g_cancellable_cancel(s->read_cancel);
  if (!s->closed && s->on_error)
    s->on_error(s, error, s->data);
  g_error_free(error);
}

static gboolean take_token(JqNetStream *s) {
  gint64 now = g_get_monotonic_time();
  s->tokens += (double)(now - s->last_refill) * s->per_second / 1e6;
  s->last_refill = now;
  if (s->tokens > s->burst)
    s->tokens = s->burst;
  if (s->tokens < 1.0)
    return FALSE;
  s->tokens -= 1.0;
  return TRUE;
}

static void start_read(JqNetStream *s);

/* Splits what came into lines; false when reading ended meanwhile. */
static gboolean take_bytes(JqNetStream *s, const guint8 *data, gsize n) {
  while (n > 0) {
    const guint8 *nl = memchr(data, '\n', n);
    gsize part = nl ? (gsize)(nl - data) : n;
    if (s->partial->len + part > s->max_line) {
      read_failed(s,
                  g_error_new(JQ_NET_ERROR, JQ_NET_ERROR_TOO_LONG,
                              "a message longer than %zu bytes", s->max_line));
      return FALSE;
    }
    g_byte_array_append(s->partial, data, (guint)part);
    if (!nl)
      return TRUE;
    data += part + 1;
    n -= part + 1;
    if (!take_token(s)) {
      read_failed(s,
                  g_error_new(JQ_NET_ERROR, JQ_NET_ERROR_RATE,
                              "more than %u messages a second", s->per_second));
      return FALSE;
    }
    /* The callback may close the stream. */
    g_byte_array_append(s->partial, (const guint8 *)"", 1);
    s->on_line(s, (const char *)s->partial->data, s->partial->len - 1, s->data);
    g_byte_array_set_size(s->partial, 0);
    if (!s->reading || s->closed)
      return FALSE;
  }
  return TRUE;
}

static void read_done(GObject *source, GAsyncResult *res, gpointer user) {
  JqNetStream *s = user;
  GError *error = NULL;
  gssize n = g_input_stream_read_finish(G_INPUT_STREAM(source), res, &error);
  if (s->closed || !s->reading) {
    g_clear_error(&error);
  } else if (n < 0) {
    read_failed(s, error);
  } else if (n == 0) {
    read_failed(s, g_error_new_literal(JQ_NET_ERROR, JQ_NET_ERROR_CLOSED,
                                       "the peer closed the connection"));
  } else {
    s->bytes_read += (guint64)n;
    if (take_bytes(s, s->chunk, (gsize)n))
      start_read(s);
  }
  g_object_unref(s);
}

static void start_read(JqNetStream *s) {
  g_input_stream_read_async(g_io_stream_get_input_stream(s->io), s->chunk,
                            CHUNK, G_PRIORITY_DEFAULT, s->read_cancel,
                            read_done, g_object_ref(s));
}

void jq_net_stream_start(JqNetStream *s, JqNetLineFunc on_line,
                         JqNetStreamErrorFunc on_error, gpointer data) {
  g_return_if_fail(!s->reading && !s->closed);
  s->on_line = on_line;
  s->on_error = on_error;
  s->data = data;
  s->reading = TRUE;
  s->last_refill = g_get_monotonic_time();
  start_read(s);
}

static void close_done(GObject *source, GAsyncResult *res, gpointer user) {
  g_io_stream_close_finish(G_IO_STREAM(source), res, NULL);
  g_object_unref(user);
}

static void maybe_close_io(JqNetStream *s) {
  if (!s->closed || s->writing || s->io_closed || !s->io)
    return;
  s->io_closed = TRUE;
  g_io_stream_close_async(s->io, G_PRIORITY_DEFAULT, NULL, close_done,
                          g_object_ref(s));
}

static void start_write(JqNetStream *s);

static void write_done(GObject *source, GAsyncResult *res, gpointer user) {
  JqNetStream *s = user;
  GError *error = NULL;
  gboolean ok = g_output_stream_write_all_finish(G_OUTPUT_STREAM(source), res,
                                                 NULL, &error);
  s->writing = FALSE;
  g_bytes_unref(g_queue_pop_head(&s->writes));
  if (!ok) {
    /* Nothing more can be sent; the reader learns of the end too. */
    g_queue_clear_full(&s->writes, (GDestroyNotify)g_bytes_unref);
    if (s->reading && !s->closed)
      read_failed(s, error);
    else
      g_error_free(error);
    maybe_close_io(s);
  } else if (!g_queue_is_empty(&s->writes)) {
    start_write(s);
  } else {
    maybe_close_io(s);
  }
  g_object_unref(s);
}

static void start_write(JqNetStream *s) {
  GBytes *bytes = g_queue_peek_head(&s->writes);
  gsize size;
  const void *data = g_bytes_get_data(bytes, &size);
  s->writing = TRUE;
  g_output_stream_write_all_async(g_io_stream_get_output_stream(s->io), data,
                                  size, G_PRIORITY_DEFAULT, s->write_cancel,
                                  write_done, g_object_ref(s));
}

void jq_net_stream_send(JqNetStream *s, const char *text) {
  if (s->closed || s->io_closed)
    return;
  g_queue_push_tail(&s->writes, g_bytes_new(text, strlen(text)));
  if (!s->writing)
    start_write(s);
}

void jq_net_stream_close(JqNetStream *s) {
  if (s->closed)
    return;
  s->closed = TRUE;
  s->reading = FALSE;
  g_cancellable_cancel(s->read_cancel);
  maybe_close_io(s);
}
