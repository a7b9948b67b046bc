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
 *
 * With --jieqi after the mode it declares UCI_Variant with jieqi. Every
 * line it reads is appended to the file $FAKE_UCI_LOG when that is set;
 * $FAKE_UCI_NAME, when set, is the name it gives ("id name"). */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "good";
  int crash_after = strcmp(mode, "crash") == 0 && argc > 2 ? atoi(argv[2]) : -1;
  bool jieqi = argc > 1 && strcmp(argv[argc - 1], "--jieqi") == 0;
  static JqPosition pos;
  jq_position_init_start(&pos, JQ_VARIANT_XIANGQI);
  int searches = 0;
  char line[4096];
  while (fgets(line, sizeof line, stdin)) {
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
      say("uciok");
    } else if (strcmp(line, "isready") == 0) {
      say("readyok");
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
