/* Driving an external UCI engine: the process, its line-by-line talk, and
 * the steps of the protocol a match needs (rules.md section 6). Every wait
 * has a deadline, so a silent or dead engine never hangs the caller.
 *
 * The engine's stdin and stdout are one end of a socket pair, written with
 * MSG_NOSIGNAL: an engine that dies mid-game is an error to report, never a
 * SIGPIPE that would kill the match. Its stderr is the caller's. */
#pragma once

#include <glib.h>
#include <stdbool.h>

#include "jq-error.h"

typedef struct JqUciClient JqUciClient;

/* An option the engine declared in its "uci" reply, as written there. */
typedef struct {
  char *name;
  char *type;          /* "spin", "check", "combo", "string", "button" */
  char *default_value; /* NULL when none was given */
  char *min, *max;     /* a spin's bounds, NULL when not given */
  GPtrArray *vars;     /* of char*: a combo's choices */
} JqUciOption;

/* Called with each "info" line a search reads, in the searching thread. */
typedef void (*JqUciInfoFunc)(const char *line, void *data);

/* What a wait ended with. */
typedef enum {
  JQ_UCI_OK = 0,
  JQ_UCI_TIMEOUT = 1, /* the deadline passed */
  JQ_UCI_DEAD = 2,    /* the engine exited or closed its output */
} JqUciStatus;

/* Starts `command` (split as a shell would: a path, maybe arguments; found
 * on PATH when it has no '/'). NULL with err filled when it cannot run. */
JqUciClient *jq_uci_client_spawn(const char *command, JqError *err);
/* Sends "quit", gives the engine `grace_ms` to leave, then kills it; reaps
 * the process and frees everything. NULL is ignored. */
void jq_uci_client_close(JqUciClient *client, int grace_ms);

/* Writes one line (the newline is added). False when the engine is gone. */
bool jq_uci_client_send(JqUciClient *client, const char *line);
/* The next line from the engine (without its line end) into *line, which
 * the caller frees; `deadline` is in g_get_monotonic_time() microseconds.
 * A line is never split however it arrives; one longer than 1 MiB is
 * dropped whole and the next one read. */
JqUciStatus jq_uci_client_read_line(JqUciClient *client, gint64 deadline,
                                    char **line);
bool jq_uci_client_alive(JqUciClient *client);

/* "uci" ... "uciok": collects the engine's name and options. */
JqUciStatus jq_uci_client_handshake(JqUciClient *client, gint64 deadline);
/* "id name" of the engine, NULL before the handshake or if it gave none. */
const char *jq_uci_client_name(const JqUciClient *client);
/* Did the engine list an option of that name (UCI names ignore case)? */
bool jq_uci_client_has_option(const JqUciClient *client, const char *name);
/* The options in the order declared; valid until the client is closed. */
guint jq_uci_client_option_count(const JqUciClient *client);
const JqUciOption *jq_uci_client_option(const JqUciClient *client, guint i);
/* For a combo option: is `value` one of its "var"s? True for other types. */
bool jq_uci_client_option_allows(const JqUciClient *client, const char *name,
                                 const char *value);
/* "setoption name N value V" ("setoption name N" when value is NULL). */
bool jq_uci_client_set_option(JqUciClient *client, const char *name,
                              const char *value);
/* "isready" ... "readyok". */
JqUciStatus jq_uci_client_sync(JqUciClient *client, gint64 deadline);

/* Sends the position and go commands and waits for "bestmove"; its first
 * word goes into bestmove (the caller frees it). On a timeout the engine is
 * told "stop" and given `stop_grace_ms` to answer; its late answer is read
 * and thrown away, so the next search starts clean. */
JqUciStatus jq_uci_client_search(JqUciClient *client, const char *position,
                                 const char *go, gint64 deadline,
                                 int stop_grace_ms, char **bestmove);
/* The same, with each "info" line the engine sends meanwhile handed to
 * on_info (may be NULL). */
JqUciStatus jq_uci_client_search_info(JqUciClient *client, const char *position,
                                      const char *go, gint64 deadline,
                                      int stop_grace_ms, JqUciInfoFunc on_info,
                                      void *data, char **bestmove);
/* Sends "stop" from another thread while one waits in a search, so that
 * it ends soon; it touches nothing but the socket. */
void jq_uci_client_interrupt(JqUciClient *client);
