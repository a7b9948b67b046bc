/* A pretend outside UCI engine for the tests of the app's engine players.
 * It knows the rules (the core's move generator) and answers "go" with the
 * first legal move of the position it was given, unless its mode says
 * otherwise:
 *
 *   fake-uci-engine good        always a legal move
 *   fake-uci-engine crash N     exits (no answer) at its (N+1)th "go"
 *   fake-uci-engine hang        never answers "go", nor "stop"
 *   fake-uci-engine illegal     answers "go" with a move that is not legal
 *   fake-uci-engine silent      never answers "uci"
 *   fake-uci-engine infinite    declares MultiPV; "go infinite" sends a
 *                               round of info lines (multipv 1..N, the
 *                               first N legal moves) every 20 ms until
 *                               "stop", then its bestmove
 *   fake-uci-engine nostop      the same, but never answers "stop"
 *
 * With --jieqi after the mode it declares UCI_Variant with jieqi. Every
 * line it reads is appended to the file $FAKE_UCI_LOG when that is set,
 * after a first line "# niceness N" with the priority it was started at;
 * $FAKE_UCI_NAME, when set, is the name it gives ("id name"). */
#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "jq-fen.h"
#include "jq-movegen.h"
#include "jq-notation.h"

static void say(const char *line) {
  fputs(line, stdout);
  fputc('\n', stdout);
  fflush(stdout);
}

static void log_line(const char *line) {
  const char *path = getenv("FAKE_UCI_LOG");
  if (!path)
    return;
  FILE *f = fopen(path, "a");
  if (!f)
    return;
  fprintf(f, "%s\n", line);
  fclose(f);
}

/* "position fen F [moves ...]" or "position startpos [moves ...]". */
static void set_position(JqPosition *pos, char *args) {
  char *moves = strstr(args, " moves ");
  if (moves)
    *moves = '\0';
  if (strncmp(args, "startpos", 8) == 0) {
    jq_position_init_start(pos, JQ_VARIANT_XIANGQI);
  } else if (strncmp(args, "fen ", 4) == 0) {
    JqError err;
    if (!jq_fen_parse(args + 4, JQ_FEN_VARIANT_AUTO, pos, &err))
      jq_position_init_start(pos, JQ_VARIANT_XIANGQI);
  }
  if (!moves)
    return;
  for (char *m = strtok(moves + 7, " "); m; m = strtok(NULL, " ")) {
    JqMove move;
    JqReveal reveal;
    JqError err;
    if (!jq_notation_parse_coords(pos, m, &move, &reveal, &err))
      return;
    jq_position_make_move(pos, move, reveal);
  }
}

/* One line from stdin into line, waiting at most timeout_ms (-1: for
 * ever): 1 a line, 0 none yet, -1 the end of input. Buffered by hand, as
 * stdio's buffer would hide lines from poll. */
static int read_line(char *line, size_t size, int timeout_ms) {
  static char buf[8192];
  static size_t len;
  for (;;) {
    char *nl = memchr(buf, '\n', len);
    if (nl) {
      size_t n = (size_t)(nl - buf);
      size_t keep = n < size - 1 ? n : size - 1;
      memcpy(line, buf, keep);
      line[keep] = '\0';
      memmove(buf, nl + 1, len - n - 1);
      len -= n + 1;
      return 1;
    }
    struct pollfd pfd = {.fd = 0, .events = POLLIN};
    if (poll(&pfd, 1, timeout_ms) <= 0)
      return 0;
    if (len == sizeof buf)
      len = 0; /* a line too long for a test: dropped */
    ssize_t got = read(0, buf + len, sizeof buf - len);
    if (got <= 0)
      return -1;
    len += (size_t)got;
  }
}

/* "go infinite" in the infinite and nostop modes: rounds of info lines
 * until "stop" (which nostop ignores); false at the end of input. */
static bool analyse(const JqPosition *pos, int multipv, bool obey_stop) {
  JqMoveList list;
  jq_generate_legal(pos, JQ_GEN_ALL, &list);
  int lines = multipv < list.count ? multipv : list.count;
  char line[4096];
  for (int depth = 1;; depth++) {
    for (int k = 0; k < lines; k++) {
      char text[JQ_COORDS_MAX], info[256];
      jq_move_to_coords(list.moves[k], text);
      snprintf(info, sizeof info,
               "info depth %d seldepth %d multipv %d score cp %d nodes %d "
               "nps 1000 time %d pv %s",
               depth, depth, k + 1, 50 - 10 * k, depth * 100, depth * 20, text);
      say(info);
    }
    int r = read_line(line, sizeof line, 20);
    if (r < 0)
      return false;
    if (r == 0)
      continue;
    log_line(line);
    if (strcmp(line, "stop") == 0 && obey_stop) {
      char text[JQ_COORDS_MAX] = "0000", best[64];
      if (list.count > 0)
        jq_move_to_coords(list.moves[0], text);
      snprintf(best, sizeof best, "bestmove %s", text);
      say(best);
      return true;
    }
    if (strcmp(line, "quit") == 0)
      return false;
  }
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "good";
  int crash_after = strcmp(mode, "crash") == 0 && argc > 2 ? atoi(argv[2]) : -1;
  bool jieqi = argc > 1 && strcmp(argv[argc - 1], "--jieqi") == 0;
  static JqPosition pos;
  jq_position_init_start(&pos, JQ_VARIANT_XIANGQI);
  int searches = 0;
  bool analyst = strcmp(mode, "infinite") == 0 || strcmp(mode, "nostop") == 0;
  int multipv = 1;
  char line[4096];
  snprintf(line, sizeof line, "# niceness %d", getpriority(PRIO_PROCESS, 0));
  log_line(line);
  while (read_line(line, sizeof line, -1) > 0) {
    line[strcspn(line, "\r\n")] = '\0';
    log_line(line);
    if (strcmp(line, "uci") == 0) {
      if (strcmp(mode, "silent") == 0)
        continue;
      const char *name = getenv("FAKE_UCI_NAME");
      char id[256];
      snprintf(id, sizeof id, "id name %s", name ? name : "Fake Engine");
      say(id);
      say("id author the jieqi tests");
      say(jieqi ? "option name UCI_Variant type combo default xiangqi "
                  "var xiangqi var jieqi"
                : "option name UCI_Variant type combo default xiangqi "
                  "var xiangqi");
      say("option name Hash type spin default 16 min 1 max 1024");
      say("option name Ponder type check default false");
      say("option name Style type string default solid play");
      say("option name Clear Hash type button");
      if (analyst)
        say("option name MultiPV type spin default 1 min 1 max 500");
      say("uciok");
    } else if (strcmp(line, "isready") == 0) {
      say("readyok");
    } else if (strncmp(line, "setoption name MultiPV value ", 29) == 0) {
      multipv = atoi(line + 29);
    } else if (analyst && strcmp(line, "go infinite") == 0) {
      if (!analyse(&pos, multipv, strcmp(mode, "infinite") == 0))
        return 0;
    } else if (strncmp(line, "position ", 9) == 0) {
      set_position(&pos, line + 9);
    } else if (strncmp(line, "go", 2) == 0) {
      if (crash_after >= 0 && searches >= crash_after)
        return 3;
      searches++;
      if (strcmp(mode, "hang") == 0)
        continue;
      JqMoveList list;
      jq_generate_legal(&pos, JQ_GEN_ALL, &list);
      char text[JQ_COORDS_MAX] = "0000";
      if (strcmp(mode, "illegal") == 0)
        strcpy(text, "a0a9"); /* a rook through its own pawn */
      else if (list.count > 0)
        jq_move_to_coords(list.moves[0], text);
      char info[128];
      snprintf(info, sizeof info, "info depth 1 score cp 12 nodes 1 pv %s",
               text);
      say(info);
      snprintf(info, sizeof info, "bestmove %s", text);
      say(info);
    } else if (strcmp(line, "quit") == 0) {
      return 0;
    }
  }
  return 0;
}
