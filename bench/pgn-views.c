/* Turns finished jieqi games into labelled positions for jieqi-tune-eval:
 * every position of each game, as the side to move sees it (its own view:
 * hidden pieces without identity, the pools as that side knows them),
 * written as a FEN with the game's result for the side to move.
 *
 *   jieqi-pgn-views [--from PLY] GAMES.pgn... > LABELS
 *
 * Each game starts with a line "# game N" and then has one line a
 * position: the FEN (the Pikafish dialect, with the pools), a tab, and
 * 1, 0.5 or 0. Positions from ply PLY on (default 2) are written; the
 * final position (the game is over in it) is not. A game whose moves repeat
 * a game already written (the same AIs with colours swapped on the same
 * deal play the same game twice) is skipped, and so are unfinished games.
 * Prints the counts to stderr. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jq-fen.h"
#include "jq-game.h"
#include "jq-pgn.h"

/* FNV-1a over the game's moves and reveals: tells repeated games apart. */
static uint64_t game_hash(const JqGame *game) {
  uint64_t h = 1469598103934665603ull;
  int n = jq_game_move_count(game);
  for (int i = 0; i < n; i++) {
    JqGameMove gm = jq_game_move_at(game, i);
    uint32_t parts[3] = {gm.move, gm.reveal.mover, gm.reveal.captured};
    for (int k = 0; k < 3; k++) {
      h ^= parts[k];
      h *= 1099511628211ull;
    }
  }
  return h;
}

static char *slurp(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    perror(path);
    return NULL;
  }
  size_t cap = 1 << 20, len = 0, got;
  char *text = malloc(cap + 1);
  while (text && (got = fread(text + len, 1, cap - len, f)) > 0) {
    len += got;
    if (len == cap) {
      cap *= 2;
      char *bigger = realloc(text, cap + 1);
      if (!bigger) {
        free(text);
        text = NULL;
      }
      text = bigger;
    }
  }
  fclose(f);
  if (text)
    text[len] = '\0';
  return text;
}

int main(int argc, char **argv) {
  int from = 2, first = 1;
  if (argc > 2 && strcmp(argv[1], "--from") == 0) {
    from = atoi(argv[2]);
    first = 3;
  }
  if (first >= argc) {
    fprintf(stderr, "usage: %s [--from PLY] GAMES.pgn...\n", argv[0]);
    return 2;
  }
  int games = 0, repeated = 0, unfinished = 0, positions = 0;
  size_t seen_cap = 1024, seen_n = 0;
  uint64_t *seen = malloc(seen_cap * sizeof *seen);
  for (int a = first; a < argc; a++) {
    char *text = slurp(argv[a]);
    if (!text)
      return 1;
    const char *at = text;
    while (strstr(at, "[Event")) {
      JqError err;
      const char *end = NULL;
      JqGame *game = jq_pgn_read(at, &end, &err);
      if (!game) {
        fprintf(stderr, "%s: %s\n", argv[a], err.message);
        return 1;
      }
      at = end;
      JqResult result = jq_game_result(game);
      uint64_t h = game_hash(game);
      bool known = false;
      for (size_t i = 0; i < seen_n && !known; i++)
        known = seen[i] == h;
      if (jq_game_variant(game) != JQ_VARIANT_JIEQI ||
          result.outcome == JQ_OUTCOME_NONE || known) {
        repeated += known;
        unfinished += result.outcome == JQ_OUTCOME_NONE;
        jq_game_free(game);
        continue;
      }
      if (seen_n == seen_cap) {
        seen_cap *= 2;
        seen = realloc(seen, seen_cap * sizeof *seen);
      }
      seen[seen_n++] = h;
      /* Replayed forward from the start, the views as each side had them. */
      int n = jq_game_move_count(game);
      JqGameMove *moves = malloc((n ? n : 1) * sizeof *moves);
      for (int i = 0; i < n; i++)
        moves[i] = jq_game_move_at(game, i);
      while (jq_game_undo(game)) {
      }
      printf("# game %d\n", ++games);
      static JqPosition view;
      for (int i = 0; i < n; i++) {
        if (i >= from) {
          JqColor side = jq_game_side_to_move(game);
          jq_game_view(game, side, &view);
          char fen[JQ_FEN_MAX];
          jq_fen_write(&view, JQ_FEN_PIKAFISH, fen, sizeof fen);
          const char *label =
              result.outcome == JQ_OUTCOME_DRAW ? "0.5"
              : (result.outcome == JQ_OUTCOME_RED_WINS) == (side == JQ_RED)
                  ? "1"
                  : "0";
          printf("%s\t%s\n", fen, label);
          positions++;
        }
        if (!jq_game_play_with_reveal(game, moves[i].move, moves[i].reveal,
                                      &err)) {
          fprintf(stderr, "%s: game %d, ply %d: %s\n", argv[a], games, i + 1,
                  err.message);
          return 1;
        }
      }
      free(moves);
      jq_game_free(game);
    }
    free(text);
  }
  free(seen);
  fprintf(stderr,
          "%d positions of %d games (%d repeated, %d unfinished left "
          "out)\n",
          positions, games, repeated, unfinished);
  return 0;
}
