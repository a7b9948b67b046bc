/* libFuzzer target for the rules core. The input is a FEN line, then move
 * text. The FEN is read in each variant mode; when it parses, the moves are
 * played both on a bare position (make / unmake) and through the arbiter,
 * and the notation writers and readers are run on every legal move. Besides
 * the sanitizers, the target aborts when the core breaks one of its own
 * promises (hash kept incrementally, unmake restores, names read back). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jq-fen.h"
#include "jq-game.h"
#include "jq-judge.h"
#include "jq-movegen.h"
#include "jq-notation.h"
#include "jq-position.h"

/* Bounds that keep one input fast. */
#define MAX_INPUT 4096
#define MAX_PLIES 48
#define MAX_TOKEN 64

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fail(const char *what, const char *detail) {
  fprintf(stderr, "fuzz-core: %s%s%s\n", what, detail ? ": " : "",
          detail ? detail : "");
  abort();
}

static void check_error(const JqError *err) {
  if (memchr(err->message, '\0', sizeof err->message) == NULL)
    fail("error message not terminated", NULL);
}

static void check_hash(const JqPosition *pos) {
  if (pos->hash != jq_position_compute_hash(pos))
    fail("incremental hash differs from a fresh one", NULL);
}

/* Next whitespace-separated token of *text into buf; false at the end. */
static bool next_token(const char **text, char buf[MAX_TOKEN]) {
  const char *s = *text;
  while (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\n')
    s++;
  if (*s == '\0')
    return false;
  size_t n = 0;
  while (*s && *s != ' ' && *s != '\t' && *s != '\r' && *s != '\n') {
    if (n + 1 < MAX_TOKEN)
      buf[n++] = *s;
    s++;
  }
  buf[n] = '\0';
  *text = s;
  return true;
}

/* An identity for a hidden piece of colour c that its pool allows; `hint`
 * picks among them. JQ_NO_TYPE when the pool is empty. */
static JqPieceType pool_pick(const JqPosition *pos, int c, unsigned hint) {
  int total = 0;
  for (int t = JQ_ADVISOR; t < JQ_TYPE_COUNT; t++)
    total += pos->pool[c][t];
  if (total == 0)
    return JQ_NO_TYPE;
  int k = (int)(hint % (unsigned)total);
  for (int t = JQ_ADVISOR; t < JQ_TYPE_COUNT; t++) {
    if (k < pos->pool[c][t])
      return (JqPieceType)t;
    k -= pos->pool[c][t];
  }
  return JQ_NO_TYPE;
}

/* Every legal move must be named by each writer and read back to itself;
 * the generators and the single-move checks must agree. */
static void check_moves(const JqPosition *pos) {
  JqMoveList legal, pseudo;
  jq_generate_legal(pos, JQ_GEN_ALL, &legal);
  jq_generate_pseudo(pos, JQ_GEN_ALL, &pseudo);
  if (legal.count != jq_count_legal(pos))
    fail("jq_count_legal differs from the legal list", NULL);
  if ((legal.count > 0) != jq_position_has_legal_move(pos))
    fail("jq_position_has_legal_move is wrong", NULL);
  for (int i = 0; i < pseudo.count; i++)
    if (!jq_position_is_pseudo_legal(pos, pseudo.moves[i]))
      fail("generated pseudo-legal move refused", NULL);

  bool hidden_on_board = pos->hidden_count[0] + pos->hidden_count[1] > 0;
  for (int i = 0; i < legal.count; i++) {
    JqMove m = legal.moves[i], back = JQ_MOVE_NONE;
    JqError err;
    if (!jq_position_is_legal(pos, m))
      fail("generated legal move refused", NULL);
    (void)jq_position_gives_check(pos, m, JQ_CHARIOT);

    char coords[JQ_COORDS_MAX];
    jq_move_to_coords(m, coords);
    if (!jq_notation_parse_coords(pos, coords, &back, NULL, &err) || back != m)
      fail("coordinates do not read back", coords);

    char chinese[JQ_CHINESE_MAX];
    for (int cs = JQ_CHARSET_SIMPLIFIED; cs <= JQ_CHARSET_TRADITIONAL; cs++) {
      if (jq_move_to_chinese(pos, m, JQ_NO_TYPE, (JqCharset)cs, chinese,
                             sizeof chinese) == 0)
        fail("no Chinese name for a legal move", coords);
      back = JQ_MOVE_NONE;
      if (!jq_notation_parse_chinese(pos, chinese, &back, &err) || back != m)
        fail("Chinese name does not read back", chinese);
    }

    /* WXF cannot tell a hidden piece from a revealed one of its role, so
     * only positions without hidden pieces must round-trip. */
    char wxf[JQ_WXF_MAX];
    if (jq_move_to_wxf(pos, m, wxf) != 0 && !hidden_on_board) {
      back = JQ_MOVE_NONE;
      if (!jq_notation_parse_wxf(pos, wxf, &back, &err) || back != m)
        fail("WXF name does not read back", wxf);
    }
  }
}

/* Plays the move text on a copy of the parsed position, then takes every
 * move back and checks that nothing is left over. */
static void play_on_position(const JqPosition *start, const char *moves) {
  JqPosition *pos = malloc(sizeof *pos);
  if (pos == NULL)
    return;
  *pos = *start;
  check_moves(pos);
  (void)jq_judge_position(pos);

  char token[MAX_TOKEN];
  int plies = 0;
  while (plies < MAX_PLIES && next_token(&moves, token)) {
    JqError err;
    JqMove move = JQ_MOVE_NONE;
    JqReveal reveal = JQ_REVEAL_NONE;

    /* Raw coordinates straight into the single-move checks: whatever they
     * accept, the coordinate reader must accept too. */
    int from = jq_square_parse(token);
    int to = from >= 0 ? jq_square_parse(token + 2) : -1;
    if (to >= 0) {
      JqMove raw = jq_move_make(from, to);
      bool legal = jq_position_is_legal(pos, raw);
      if (legal && !jq_position_is_pseudo_legal(pos, raw))
        fail("legal move that is not pseudo-legal", token);
      char four[5] = {token[0], token[1], token[2], token[3], '\0'};
      JqMove back = JQ_MOVE_NONE;
      bool read = jq_notation_parse_coords(pos, four, &back, NULL, &err);
      check_error(&err);
      if (legal != read || (read && back != raw))
        fail("coordinate reader and jq_position_is_legal disagree", four);
    }

    if (!jq_notation_parse_any(pos, token, &move, &reveal, &err)) {
      check_error(&err);
      continue;
    }
    if (!jq_position_is_legal(pos, move))
      fail("a reader returned an illegal move", token);

    int us = pos->side;
    unsigned hint = (unsigned char)token[0] + (unsigned)plies;
    if (jq_piece_is_hidden(pos->board[jq_move_from(move)])) {
      if (reveal.mover == JQ_NO_TYPE)
        reveal.mover = pool_pick(pos, us, hint);
      if (reveal.mover == JQ_NO_TYPE)
        continue; /* an empty pool: the position cannot say what turns up */
    } else {
      reveal.mover = JQ_NO_TYPE;
    }
    JqPiece target = pos->board[jq_move_to(move)];
    if (target != JQ_EMPTY && jq_piece_is_hidden(target)) {
      if (reveal.captured == JQ_NO_TYPE && (hint & 1))
        reveal.captured = pool_pick(pos, us ^ 1, hint >> 1);
    } else {
      reveal.captured = JQ_NO_TYPE;
    }

    char chinese[JQ_CHINESE_MAX];
    (void)jq_move_to_chinese(pos, move, reveal.mover, JQ_CHARSET_SIMPLIFIED,
                             chinese, sizeof chinese);
    char ext[JQ_COORDS_MAX];
    (void)jq_move_to_coords_ext(move, (JqColor)us, reveal, ext);

    jq_position_make_move(pos, move, reveal);
    plies++;
    check_hash(pos);
    check_moves(pos);
    (void)jq_judge_repetition(pos, 1, NULL);
    (void)jq_judge_position(pos);
  }

  while (plies-- > 0)
    jq_position_unmake_move(pos);
  if (memcmp(pos->board, start->board, sizeof pos->board) != 0 ||
      pos->hash != start->hash || pos->side != start->side ||
      pos->halfmove != start->halfmove)
    fail("unmake did not restore the position", NULL);
  free(pos);
}

/* The same moves through the arbiter: the views must match its board. */
static void play_on_game(const char *fen, JqFenVariant variant,
                         const char *moves, uint64_t seed) {
  JqError err;
  JqGame *game = jq_game_new_from_fen(fen, variant, seed, &err);
  if (game == NULL) {
    check_error(&err);
    return;
  }
  JqPosition *view = malloc(sizeof *view);
  if (view == NULL) {
    jq_game_free(game);
    return;
  }
  char token[MAX_TOKEN];
  int plies = 0;
  while (plies < MAX_PLIES && next_token(&moves, token)) {
    JqMove move = JQ_MOVE_NONE;
    JqReveal reveal = JQ_REVEAL_NONE;
    jq_game_view(game, jq_game_side_to_move(game), view);
    if (!jq_notation_parse_any(view, token, &move, &reveal, &err))
      continue;
    bool played = (reveal.mover != JQ_NO_TYPE || reveal.captured != JQ_NO_TYPE)
                      ? jq_game_play_with_reveal(game, move, reveal, &err)
                      : jq_game_play(game, move, &err);
    check_error(&err);
    if (!played)
      continue;
    plies++;
    const JqPosition *truth = jq_game_truth(game);
    for (int side = JQ_RED; side <= JQ_BLACK; side++) {
      jq_game_view(game, (JqColor)side, view);
      if (memcmp(view->board, truth->board, sizeof view->board) != 0)
        fail("a view's board differs from the truth's", NULL);
    }
    if (jq_game_is_over(game))
      break;
  }
  while (plies-- > 0)
    if (!jq_game_undo(game))
      fail("undo refused with moves on record", NULL);
  free(view);
  jq_game_free(game);
}

static void run_fen(const char *fen, JqFenVariant variant, const char *moves,
                    uint64_t seed) {
  JqPosition *pos = malloc(sizeof *pos);
  if (pos == NULL)
    return;
  JqError err;
  if (!jq_fen_parse(fen, variant, pos, &err)) {
    check_error(&err);
    free(pos);
    return;
  }
  check_hash(pos);

  /* What was written must read back to the same board. */
  static const JqFenDialect dialects[] = {JQ_FEN_XIANGQI, JQ_FEN_PIKAFISH,
                                          JQ_FEN_JIEQIBOX};
  for (size_t i = 0; i < sizeof dialects / sizeof dialects[0]; i++) {
    char out[JQ_FEN_MAX];
    if (jq_fen_write(pos, dialects[i], out, sizeof out) == 0)
      fail("FEN writer refused a parsed position", fen);
    JqPosition *again = malloc(sizeof *again);
    if (again == NULL)
      break;
    if (!jq_fen_parse(out, (JqFenVariant)pos->variant, again, &err))
      fail("written FEN does not parse", out);
    if (memcmp(again->board, pos->board, sizeof pos->board) != 0 ||
        again->side != pos->side)
      fail("written FEN reads back to another position", out);
    free(again);
  }

  play_on_position(pos, moves);
  free(pos);
  play_on_game(fen, variant, moves, seed);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > MAX_INPUT)
    return 0;
  char *text = malloc(size + 1);
  if (text == NULL)
    return 0;
  memcpy(text, data, size);
  text[size] = '\0';
  /* First line: the FEN; the rest: moves. */
  char *newline = strchr(text, '\n');
  const char *moves = "";
  if (newline) {
    *newline = '\0';
    moves = newline + 1;
  }
  uint64_t seed = size;
  for (size_t i = 0; i < size && i < 8; i++)
    seed = seed * 131 + data[i];

  static const JqFenVariant variants[] = {
      JQ_FEN_VARIANT_AUTO, JQ_FEN_VARIANT_XIANGQI, JQ_FEN_VARIANT_JIEQI};
  for (size_t i = 0; i < sizeof variants / sizeof variants[0]; i++)
    run_fen(text, variants[i], moves, seed);
  free(text);
  return 0;
}
