/* An external UCI engine as a child process; see jq-uci-client.h. */
#include "jq-uci-client.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

/* The longest line taken from an engine, as jieqi-engine takes from its
 * GUI: longer ones are dropped whole, so an engine that never ends a line
 * cannot fill the memory while the caller waits. */
#define LINE_MAX_BYTES (1 << 20)

typedef JqUciOption EngineOption;

struct JqUciClient {
  GPid pid;
  int fd;    /* our end of the engine's stdin and stdout */
  bool dead; /* output closed, write failed, or out of step */
  bool reaped;
  GString *pending; /* read but not yet split into lines */
  bool discarding;  /* inside a line past LINE_MAX_BYTES, until its end */
  char *name;
  GPtrArray *options; /* of EngineOption* */
};

static void option_free(gpointer data) {
  EngineOption *opt = data;
  g_free(opt->name);
  g_free(opt->type);
  g_free(opt->default_value);
  g_free(opt->min);
  g_free(opt->max);
  g_ptr_array_unref(opt->vars);
  g_free(opt);
}

JqUciClient *jq_uci_client_spawn(const char *command, JqError *err) {
  gchar **argv = NULL;
  GError *error = NULL;
  if (!g_shell_parse_argv(command, NULL, &argv, &error)) {
    jq_error_set(err, "engine command '%s': %s", command, error->message);
    g_error_free(error);
    return NULL;
  }
  int sv[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0) {
    jq_error_set(err, "cannot make a socket for the engine: %s",
                 g_strerror(errno));
    g_strfreev(argv);
    return NULL;
  }
  GPid pid = 0;
  /* One socket end is both the child's stdin and stdout. */
  bool ok = g_spawn_async_with_pipes_and_fds(
      NULL, (const gchar *const *)argv, NULL,
      G_SPAWN_SEARCH_PATH | G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL, sv[1], sv[1],
      -1, NULL, NULL, 0, &pid, NULL, NULL, NULL, &error);
  close(sv[1]);
  g_strfreev(argv);
  if (!ok) {
    jq_error_set(err, "cannot start engine '%s': %s", command, error->message);
    g_error_free(error);
    close(sv[0]);
    return NULL;
  }
  JqUciClient *client = g_new0(JqUciClient, 1);
  client->pid = pid;
  client->fd = sv[0];
  client->pending = g_string_new(NULL);
  client->options = g_ptr_array_new_with_free_func(option_free);
  return client;
}

/* Waits up to ms for the child to exit; true once it is reaped. */
static bool reap(JqUciClient *client, int ms) {
  if (client->reaped)
    return true;
  gint64 until = g_get_monotonic_time() + (gint64)ms * 1000;
  for (;;) {
    int status;
    pid_t r = waitpid(client->pid, &status, WNOHANG);
    if (r == client->pid || (r < 0 && errno != EINTR)) {
      client->reaped = true;
      return true;
    }
    if (g_get_monotonic_time() >= until)
      return false;
    g_usleep(5000);
  }
}

void jq_uci_client_close(JqUciClient *client, int grace_ms) {
  if (!client)
    return;
  if (!client->dead)
    jq_uci_client_send(client, "quit");
  if (!reap(client, grace_ms)) {
    kill(client->pid, SIGKILL);
    reap(client, 5000);
  }
  g_spawn_close_pid(client->pid);
  close(client->fd);
  g_string_free(client->pending, TRUE);
  g_ptr_array_unref(client->options);
  g_free(client->name);
  g_free(client);
}

bool jq_uci_client_send(JqUciClient *client, const char *line) {
  if (client->dead)
    return false;
  GString *text = g_string_new(line);
  g_string_append_c(text, '\n');
  size_t done = 0;
  while (done < text->len) {
    ssize_t n =
        send(client->fd, text->str + done, text->len - done, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0) {
      client->dead = true;
      break;
    }
    done += (size_t)n;
  }
  g_string_free(text, TRUE);
  return !client->dead;
}

/* Moves one complete line from pending into *line, if there is one.
 * Lines past LINE_MAX_BYTES are dropped, never split. */
static bool take_line(JqUciClient *client, char **line) {
  GString *pending = client->pending;
  for (;;) {
    char *nl = memchr(pending->str, '\n', pending->len);
    if (!nl) {
      if (client->discarding || pending->len > LINE_MAX_BYTES) {
        client->discarding = true;
        g_string_truncate(pending, 0);
      }
      return false;
    }
    size_t len = (size_t)(nl - pending->str);
    if (client->discarding || len > LINE_MAX_BYTES) {
      client->discarding = false;
      g_string_erase(pending, 0, (gssize)len + 1);
      continue;
    }
    size_t keep = len;
    if (keep > 0 && pending->str[keep - 1] == '\r')
      keep--;
    *line = g_strndup(pending->str, keep);
    g_string_erase(pending, 0, (gssize)len + 1);
    return true;
  }
}

JqUciStatus jq_uci_client_read_line(JqUciClient *client, gint64 deadline,
                                    char **line) {
  *line = NULL;
  for (;;) {
    if (take_line(client, line))
      return JQ_UCI_OK;
    if (client->dead)
      return JQ_UCI_DEAD;
    gint64 now = g_get_monotonic_time();
    if (now >= deadline)
      return JQ_UCI_TIMEOUT;
    gint64 wait_ms = (deadline - now + 999) / 1000;
    struct pollfd pfd = {.fd = client->fd, .events = POLLIN};
    int r = poll(&pfd, 1, wait_ms > 1000 ? 1000 : (int)wait_ms);
    if (r < 0 && errno != EINTR) {
      client->dead = true;
      continue;
    }
    if (r <= 0)
      continue;
    char buf[4096];
    ssize_t n = recv(client->fd, buf, sizeof buf, 0);
    if (n < 0 && (errno == EINTR || errno == EAGAIN))
      continue;
    if (n <= 0) {
      /* A last line without its newline still counts. */
      if (client->pending->len > 0)
        g_string_append_c(client->pending, '\n');
      client->dead = true;
      continue;
    }
    g_string_append_len(client->pending, buf, n);
  }
}

bool jq_uci_client_alive(JqUciClient *client) {
  if (client->dead)
    return false;
  /* A process that exited without closing its output is dead too. */
  int status;
  if (!client->reaped &&
      waitpid(client->pid, &status, WNOHANG) == client->pid) {
    client->reaped = true;
    client->dead = true;
  }
  return !client->dead;
}

/* "option name Hash type spin default 16 min 1 max 33554432" and
 * "option name UCI_Variant type combo default xiangqi var xiangqi var
 * jieqi": names and values may hold blanks, so words are gathered up to the
 * next keyword. */
static void parse_option(JqUciClient *client, const char *line) {
  gchar **words = g_strsplit(line, " ", -1);
  EngineOption *opt = g_new0(EngineOption, 1);
  opt->vars = g_ptr_array_new_with_free_func(g_free);
  GString *value = NULL;
  const char *key = NULL;
  for (int i = 1;; i++) {
    const char *w = words[i];
    bool keyword = w && (strcmp(w, "name") == 0 || strcmp(w, "type") == 0 ||
                         strcmp(w, "default") == 0 || strcmp(w, "min") == 0 ||
                         strcmp(w, "max") == 0 || strcmp(w, "var") == 0);
    if (!w || keyword) {
      if (key && value) {
        char *text = g_string_free(value, FALSE);
        if (strcmp(key, "name") == 0 && !opt->name)
          opt->name = text;
        else if (strcmp(key, "type") == 0 && !opt->type)
          opt->type = text;
        else if (strcmp(key, "default") == 0 && !opt->default_value)
          opt->default_value = text;
        else if (strcmp(key, "min") == 0 && !opt->min)
          opt->min = text;
        else if (strcmp(key, "max") == 0 && !opt->max)
          opt->max = text;
        else if (strcmp(key, "var") == 0)
          g_ptr_array_add(opt->vars, text);
        else
          g_free(text);
        value = NULL;
      }
      if (!w)
        break;
      key = w;
      value = g_string_new(NULL);
      continue;
    }
    if (!value || *w == '\0')
      continue;
    if (value->len)
      g_string_append_c(value, ' ');
    g_string_append(value, w);
  }
  g_strfreev(words);
  if (opt->name)
    g_ptr_array_add(client->options, opt);
  else
    option_free(opt);
}

JqUciStatus jq_uci_client_handshake(JqUciClient *client, gint64 deadline) {
  if (!jq_uci_client_send(client, "uci"))
    return JQ_UCI_DEAD;
  for (;;) {
    char *line;
    JqUciStatus st = jq_uci_client_read_line(client, deadline, &line);
    if (st != JQ_UCI_OK)
      return st;
    char *text = g_strstrip(line);
    if (strcmp(text, "uciok") == 0) {
      g_free(line);
      return JQ_UCI_OK;
    }
    if (g_str_has_prefix(text, "id name ")) {
      g_free(client->name);
      client->name = g_strdup(g_strstrip(text + 8));
    } else if (g_str_has_prefix(text, "option ")) {
      parse_option(client, text);
    }
    g_free(line);
  }
}

const char *jq_uci_client_name(const JqUciClient *client) {
  return client->name;
}

guint jq_uci_client_option_count(const JqUciClient *client) {
  return client->options->len;
}

const JqUciOption *jq_uci_client_option(const JqUciClient *client, guint i) {
  g_return_val_if_fail(i < client->options->len, NULL);
  return g_ptr_array_index(client->options, i);
}

static EngineOption *find_option(const JqUciClient *client, const char *name) {
  for (guint i = 0; i < client->options->len; i++) {
    EngineOption *opt = g_ptr_array_index(client->options, i);
    if (g_ascii_strcasecmp(opt->name, name) == 0)
      return opt;
  }
  return NULL;
}

bool jq_uci_client_has_option(const JqUciClient *client, const char *name) {
  return find_option(client, name) != NULL;
}

bool jq_uci_client_option_allows(const JqUciClient *client, const char *name,
                                 const char *value) {
  EngineOption *opt = find_option(client, name);
  if (!opt || !opt->type || g_ascii_strcasecmp(opt->type, "combo") != 0)
    return true;
  for (guint i = 0; i < opt->vars->len; i++)
    if (g_ascii_strcasecmp(g_ptr_array_index(opt->vars, i), value) == 0)
      return true;
  return false;
}

bool jq_uci_client_set_option(JqUciClient *client, const char *name,
                              const char *value) {
  char *line = value
                   ? g_strdup_printf("setoption name %s value %s", name, value)
                   : g_strdup_printf("setoption name %s", name);
  bool ok = jq_uci_client_send(client, line);
  g_free(line);
  return ok;
}

/* Reads until a line whose first word is `word`; that line goes to *line
 * (or is freed when line is NULL). "info" lines on the way go to on_info. */
static JqUciStatus wait_for_info(JqUciClient *client, const char *word,
                                 gint64 deadline, JqUciInfoFunc on_info,
                                 void *data, char **line) {
  size_t n = strlen(word);
  for (;;) {
    char *text;
    JqUciStatus st = jq_uci_client_read_line(client, deadline, &text);
    if (st != JQ_UCI_OK)
      return st;
    const char *p = text;
    while (*p == ' ' || *p == '\t')
      p++;
    if (strncmp(p, word, n) == 0 &&
        (p[n] == '\0' || p[n] == ' ' || p[n] == '\t')) {
      if (line)
        *line = text;
      else
        g_free(text);
      return JQ_UCI_OK;
    }
    if (on_info && strncmp(p, "info", 4) == 0 && (p[4] == ' ' || !p[4]))
      on_info(p, data);
    g_free(text);
  }
}

static JqUciStatus wait_for(JqUciClient *client, const char *word,
                            gint64 deadline, char **line) {
  return wait_for_info(client, word, deadline, NULL, NULL, line);
}

JqUciStatus jq_uci_client_sync(JqUciClient *client, gint64 deadline) {
  if (!jq_uci_client_send(client, "isready"))
    return JQ_UCI_DEAD;
  return wait_for(client, "readyok", deadline, NULL);
}

JqUciStatus jq_uci_client_search(JqUciClient *client, const char *position,
                                 const char *go, gint64 deadline,
                                 int stop_grace_ms, char **bestmove) {
  return jq_uci_client_search_info(client, position, go, deadline,
                                   stop_grace_ms, NULL, NULL, bestmove);
}

void jq_uci_client_interrupt(JqUciClient *client) {
  /* One small write: it cannot interleave with the searcher's, which
   * sent its commands before it started waiting. */
  static const char stop[] = "stop\n";
  (void)!send(client->fd, stop, sizeof stop - 1, MSG_NOSIGNAL | MSG_DONTWAIT);
}

JqUciStatus jq_uci_client_search_info(JqUciClient *client, const char *position,
                                      const char *go, gint64 deadline,
                                      int stop_grace_ms, JqUciInfoFunc on_info,
                                      void *data, char **bestmove) {
  *bestmove = NULL;
  if (!jq_uci_client_send(client, position) || !jq_uci_client_send(client, go))
    return JQ_UCI_DEAD;
  char *line = NULL;
  JqUciStatus st =
      wait_for_info(client, "bestmove", deadline, on_info, data, &line);
  if (st == JQ_UCI_TIMEOUT) {
    /* Too late whatever it says; its answer is drained so the next
     * position does not get this search's move. */
    jq_uci_client_send(client, "stop");
    gint64 grace = g_get_monotonic_time() + (gint64)stop_grace_ms * 1000;
    char *late = NULL;
    if (wait_for(client, "bestmove", grace, &late) != JQ_UCI_OK)
      client->dead = true; /* unusable: the caller restarts it */
    g_free(late);
    return JQ_UCI_TIMEOUT;
  }
  if (st != JQ_UCI_OK)
    return st;
  gchar **words = g_strsplit_set(g_strstrip(line), " \t", -1);
  int i = 1;
  while (words[i] && words[i][0] == '\0')
    i++;
  *bestmove = g_strdup(words[i] ? words[i] : "");
  g_strfreev(words);
  g_free(line);
  return JQ_UCI_OK;
}
