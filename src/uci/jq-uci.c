/* The UCI loop: reads a command a line, answers it or hands it to the
 * search thread, and never lets bad input change anything. */
#include "jq-uci.h"

#include <stdlib.h>
#include <string.h>

#include "jq-uci-private.h"

#ifndef JQ_VERSION
#define JQ_VERSION "unknown"
#endif

static void cmd_uci(JqUci *uci) {
  jq_uci_send(uci, "id name Jieqi %s", JQ_VERSION);
  jq_uci_send(uci, "id author the Jieqi developers");
  jq_uci_options_print(uci);
  jq_uci_send(uci, "uciok");
}

static void cmd_ucinewgame(JqUci *uci) {
  /* A new game ends whatever was being thought about the old one, and
   * starts at the start position, as at launch (even after a refused
   * position: it is not the old game's). */
  jq_uci_stop_and_join(uci);
  jq_ai_new_game(uci->ai);
  jq_uci_position_reset(uci);
}

/* Handles one line; false when the session is over. */
static bool dispatch(JqUci *uci, JqUciLine *line) {
  jq_uci_reap(uci);
  if (line->too_long) {
    jq_uci_info_string(uci, "line longer than %d bytes ignored",
                       JQ_UCI_LINE_MAX);
    return true;
  }
  char *cursor = line->buf;
  char *cmd = jq_uci_token(&cursor);
  if (!cmd) {
    jq_uci_info_string(uci, "empty line ignored");
    return true;
  }
  if (strcmp(cmd, "quit") == 0)
    return false;
  if (strcmp(cmd, "uci") == 0)
    cmd_uci(uci);
  else if (strcmp(cmd, "isready") == 0)
    jq_uci_send(uci, "readyok");
  else if (strcmp(cmd, "setoption") == 0)
    jq_uci_cmd_setoption(uci, cursor);
  else if (strcmp(cmd, "ucinewgame") == 0)
    cmd_ucinewgame(uci);
  else if (strcmp(cmd, "position") == 0)
    jq_uci_cmd_position(uci, cursor);
  else if (strcmp(cmd, "go") == 0)
    jq_uci_cmd_go(uci, cursor);
  else if (strcmp(cmd, "stop") == 0)
    jq_uci_cmd_stop(uci);
  else if (strcmp(cmd, "ponderhit") == 0)
    jq_uci_cmd_ponderhit(uci);
  else if (strcmp(cmd, "d") == 0 || strcmp(cmd, "show") == 0)
    jq_uci_cmd_show(uci);
  else if (strcmp(cmd, "debug") == 0 || strcmp(cmd, "register") == 0)
    ; /* UCI commands with nothing to do here */
  else {
    char quoted[JQ_UCI_QUOTE_MAX + 4];
    jq_uci_quote(cmd, quoted);
    jq_uci_info_string(uci, "unknown command '%s' ignored", quoted);
  }
  return true;
}

static void session_free(JqUci *uci) {
  jq_uci_stop_and_join(uci);
  jq_ai_free(uci->ai);
  free(uci->pos);
  free(uci->scratch);
  free(uci->search_pos);
  pthread_cond_destroy(&uci->wait_cond);
  pthread_mutex_destroy(&uci->wait_lock);
  pthread_mutex_destroy(&uci->out_lock);
  free(uci);
}

static JqUci *session_new(FILE *in, FILE *out) {
  JqUci *uci = calloc(1, sizeof *uci);
  if (!uci)
    return NULL;
  uci->in = in;
  uci->out = out;
  pthread_mutex_init(&uci->out_lock, NULL);
  pthread_mutex_init(&uci->wait_lock, NULL);
  pthread_cond_init(&uci->wait_cond, NULL);
  atomic_init(&uci->stop, false);
  atomic_init(&uci->done, true);
  atomic_init(&uci->out_broken, false);
  uci->pos = malloc(sizeof *uci->pos);
  uci->scratch = malloc(sizeof *uci->scratch);
  uci->search_pos = malloc(sizeof *uci->search_pos);
  JqError err = {{0}};
  uci->ai = jq_ai_new("alphabeta", &err);
  if (!uci->pos || !uci->scratch || !uci->search_pos || !uci->ai) {
    session_free(uci);
    return NULL;
  }
  jq_uci_options_init(uci);
  jq_uci_position_reset(uci);
  return uci;
}

int jq_uci_run(FILE *in, FILE *out) {
  JqUci *uci = session_new(in, out);
  if (!uci) {
    fputs("info string could not set up the engine\n", out);
    fflush(out);
    return 1;
  }
  JqUciLine line;
  jq_uci_line_init(&line);
  while (!atomic_load(&uci->out_broken) && jq_uci_read_line(in, &line)) {
    bool more = dispatch(uci, &line);
    jq_uci_hook(JQ_UCI_HOOK_COMMAND_DONE);
    if (!more)
      break;
  }
  jq_uci_line_clear(&line);
  session_free(uci);
  return 0;
}
