/* Lines over a connection: reads a GIOStream asynchronously and hands over
 * one line at a time, never holding more than the size limit of a line
 * that has not ended (a 100 MB "message" is refused after the first
 * 64 KiB), and refuses a peer that sends more lines than the rate limit
 * allows. Writes are queued and sent in order; closing sends what is
 * queued first. No callback comes after jq_net_stream_close(). */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define JQ_TYPE_NET_STREAM (jq_net_stream_get_type())
G_DECLARE_FINAL_TYPE(JqNetStream, jq_net_stream, JQ, NET_STREAM, GObject)

/* A line without its '\n'; it is only valid during the call. */
typedef void (*JqNetLineFunc)(JqNetStream *stream, const char *line,
                              gsize length, gpointer data);
/* The end of reading: a JQ_NET_ERROR (CLOSED at the end of the stream,
 * TOO_LONG, RATE) or the GIO error of a read or a write. */
typedef void (*JqNetStreamErrorFunc)(JqNetStream *stream, const GError *error,
                                     gpointer data);

/* Defaults: JQ_NET_MESSAGE_MAX bytes a line; a burst of 200 lines, then
 * 50 a second. */
JqNetStream *jq_net_stream_new(GIOStream *io);
void jq_net_stream_set_limits(JqNetStream *stream, gsize max_line, guint burst,
                              guint per_second);
void jq_net_stream_start(JqNetStream *stream, JqNetLineFunc on_line,
                         JqNetStreamErrorFunc on_error, gpointer data);
/* Queues text (whole lines, '\n' included) to be written. */
void jq_net_stream_send(JqNetStream *stream, const char *text);
/* Stops reading and callbacks; the queued text is written, then the
 * connection is closed. */
void jq_net_stream_close(JqNetStream *stream);
gboolean jq_net_stream_is_closed(JqNetStream *stream);
/* Bytes taken from the connection so far (for the tests of the limit). */
guint64 jq_net_stream_bytes_read(JqNetStream *stream);

G_END_DECLS
