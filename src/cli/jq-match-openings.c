/* Where the games of a match start: opening lines from a file, the pair's
 * jieqi deal, and random plies. */
#include <glib.h>
#include <string.h>

#include "jq-match-private.h"
#include "jq-notation.h"
#include "jq-rng.h"

/* Random openings that end the game are drawn again this many times. */
#define RANDOM_OPENING_TRIES 100

uint64_t jq_match_seed(uint64_t seed, uint64_t stream, uint64_t index) {
  /* Two rounds of a splitmix64-style finaliser over the three inputs. */
  uint64_t x = seed ^ (stream * 0x9E3779B97F4A7C15ULL);
  for (int round = 0; round < 2; round++) {
    x ^= index + 0x632BE59BD9B4E019ULL + (x << 6) + (x >> 2);
    x ^= x >> 30;
    x *= 0xBF58476D1CE4E5B9ULL;
    x ^= x >> 27;
    x *= 0x94D049BB133111EBULL;
    x ^= x >> 31;
  }
  return x;
}

bool jq_opening_book_load(const char *path, JqOpeningBook *book, JqError *err) {
  memset(book, 0, sizeof *book);
  gchar *contents = NULL;
  GError *error = NULL;
  if (!g_file_get_contents(path, &contents, NULL, &error)) {
    jq_error_set(err, "openings: %s", error->message);
    g_error_free(error);
    return false;
  }
  gchar **lines = g_strsplit(contents, "\n", -1);
  g_free(contents);
  int n = (int)g_strv_length(lines);
  book->lines = g_new0(char *, n + 1);
  book->line_numbers = g_new0(int, n + 1);
  for (int i = 0; i < n; i++) {
    char *text = g_strstrip(lines[i]);
    if (*text == '\0' || *text == '#')
      continue;
    book->lines[book->count] = g_strdup(text);
    book->line_numbers[book->count] = i + 1;
    book->count++;
  }
  g_strfreev(lines);
  if (book->count == 0) {
    jq_opening_book_clear(book);
    return jq_error_set(err, "openings: %s holds no opening", path);
  }
  return true;
}

void jq_opening_book_clear(JqOpeningBook *book) {
  for (int i = 0; i < book->count; i++)
    g_free(book->lines[i]);
  g_free(book->lines);
  g_free(book->line_numbers);
  memset(book, 0, sizeof *book);
}

/* "12." or "12...": a move number, skipped in a move list. */
static bool is_move_number(const char *token) {
  size_t n = strspn(token, "0123456789");
  return n > 0 && token[n] == '.' && token[n + strspn(token + n, ".")] == '\0';
}

/* Plays the moves of an opening line; the identities a line gives with
 * reveal letters are forced on the deal, the others come from it. */
static bool play_line_moves(JqGame *game, const char *moves, JqError *err) {
  gchar **tokens = g_strsplit_set(moves, " \t", -1);
  JqPosition *seen = g_new(JqPosition, 1);
  bool ok = true;
  for (int i = 0; ok && tokens[i]; i++) {
    if (tokens[i][0] == '\0' || is_move_number(tokens[i]))
      continue;
    jq_game_public_view(game, seen);
    JqMove move;
    JqReveal reveal = JQ_REVEAL_NONE;
    JqError why;
    if (!jq_notation_parse_any(seen, tokens[i], &move, &reveal, &why) ||
        !jq_game_play_with_reveal(game, move, reveal, &why))
      ok = jq_error_set(err, "move %s: %s", tokens[i], why.message);
  }
  g_free(seen);
  g_strfreev(tokens);
  return ok;
}

static JqGame *game_from_line(const char *line, JqVariant variant,
                              uint64_t deal, JqError *err) {
  JqError why;
  JqGame *game = NULL;
  const char *moves = NULL;
  if (g_str_has_prefix(line, "startpos")) {
    game = jq_game_new(variant, deal);
    moves = line + strlen("startpos");
    while (*moves == ' ' || *moves == '\t')
      moves++;
    if (g_str_has_prefix(moves, "moves"))
      moves += strlen("moves");
  } else if (strchr(line, '/')) {
    const char *at = strstr(line, " moves");
    char *fen = g_strndup(line, at ? (gsize)(at - line) : strlen(line));
    game = jq_game_new_from_fen(fen, (JqFenVariant)variant, deal, &why);
    g_free(fen);
    if (!game) {
      jq_error_set(err, "FEN: %s", why.message);
      return NULL;
    }
    moves = at ? at + strlen(" moves") : "";
  } else {
    game = jq_game_new(variant, deal);
    moves = line;
  }
  if (!game) {
    jq_error_set(err, "out of memory");
    return NULL;
  }
  if (!play_line_moves(game, moves, err)) {
    jq_game_free(game);
    return NULL;
  }
  return game;
}

/* Plays n random legal plies; false when the game ends on the way. */
static bool random_plies(JqGame *game, JqRng *rng, int n) {
  for (int i = 0; i < n; i++) {
    if (jq_game_is_over(game))
      return false;
    JqMoveList list;
    jq_game_legal_moves(game, &list);
    if (list.count == 0)
      return false;
    JqMove move = list.moves[jq_rng_below(rng, (uint32_t)list.count)];
    if (!jq_game_play(game, move, NULL))
      return false;
  }
  return !jq_game_is_over(game);
}

JqGame *jq_match_start_game(const JqMatchConfig *config,
                            const JqOpeningBook *book, int pair, JqError *err) {
  uint64_t deal = jq_match_seed(config->seed, JQ_SEED_DEAL, (uint64_t)pair);
  JqGame *game;
  if (book && book->count > 0) {
    int i = pair % book->count;
    JqError why;
    game = game_from_line(book->lines[i], config->variant, deal, &why);
    if (!game) {
      jq_error_set(err, "openings line %d: %s", book->line_numbers[i],
                   why.message);
      return NULL;
    }
    if (jq_game_is_over(game)) {
      jq_game_free(game);
      jq_error_set(err, "openings line %d: the game is already over",
                   book->line_numbers[i]);
      return NULL;
    }
  } else {
    game = jq_game_new(config->variant, deal);
    if (!game) {
      jq_error_set(err, "out of memory");
      return NULL;
    }
  }
  if (config->random_plies <= 0)
    return game;
  JqRng rng;
  jq_rng_seed(&rng,
              jq_match_seed(config->seed, JQ_SEED_OPENING, (uint64_t)pair));
  for (int attempt = 0; attempt < RANDOM_OPENING_TRIES; attempt++) {
    JqGame *trial = jq_game_copy(game);
    if (!trial)
      break;
    if (random_plies(trial, &rng, config->random_plies)) {
      jq_game_free(game);
      return trial;
    }
    jq_game_free(trial);
  }
  jq_game_free(game);
  jq_error_set(err,
               "no %d random plies that leave the game going were "
               "found",
               config->random_plies);
  return NULL;
}
