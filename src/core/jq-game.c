#include "jq-game.h"

#include <stdlib.h>
#include <string.h>

#include "jq-judge.h"
#include "jq-movegen.h"
#include "jq-rng.h"

/* views[0] and views[1] are the players', views[2] an onlooker's. */
enum { PUBLIC_VIEW = 2, VIEW_COUNT = 3 };

/* A ply's NAG and eval (jq-annotation.h). */
typedef struct {
  int nag;
  JqEval eval;
} JqNote;

struct JqGame {
  JqVariant variant;
  JqDisclosure disclosure;
  JqPosition initial; /* full knowledge */
  JqPosition initial_views[VIEW_COUNT];
  JqPieceType initial_deal[JQ_SQUARES];
  char initial_fen[JQ_FEN_MAX];
  JqPosition truth;
  JqPosition views[VIEW_COUNT];
  JqPieceType deal[JQ_SQUARES]; /* identity of each hidden square now */
  JqGameMove *moves;
  int move_count, move_capacity;
  char **comments; /* per ply, NULL: none; comment_capacity slots */
  int comment_capacity;
  JqNote *notes; /* per ply, note_capacity slots, zero: none */
  int note_capacity;
  JqResult result;
  /* Starting points whose identity a record named (play_with_reveal);
   * the others' came from the deal and may still be changed. */
  bool named[JQ_SQUARES];
};

static JqGame *game_alloc(void) {
  JqGame *g = calloc(1, sizeof *g);
  return g;
}

/* The truth knows exactly which identities stand hidden on the board. */
static void set_truth_pools(JqPosition *truth, const JqPieceType *deal) {
  memset(truth->pool, 0, sizeof truth->pool);
  truth->captured_unknown[0] = truth->captured_unknown[1] = 0;
  for (int sq = 0; sq < JQ_SQUARES; sq++)
    if (jq_piece_is_hidden(truth->board[sq]))
      truth->pool[jq_piece_color(truth->board[sq])][deal[sq]]++;
}

/* Rebases the history's hashes onto new pools: only entries since the last
 * reveal or capture can ever match the current position, and over those the
 * pools were what they are now. */
static void rehash(JqPosition *pos) {
  uint64_t old = pos->hash;
  jq_position_refresh(pos);
  uint64_t delta = old ^ pos->hash;
  for (int i = 0; i < pos->history_len; i++)
    pos->history[i].hash ^= delta;
}

static void start_from(JqGame *g, const JqPosition *known,
                       const JqPieceType *deal) {
  g->variant = (JqVariant)known->variant;
  for (int v = 0; v < VIEW_COUNT; v++)
    g->initial_views[v] = *known;
  g->initial = *known;
  memcpy(g->initial_deal, deal, sizeof g->initial_deal);
  set_truth_pools(&g->initial, deal);
  rehash(&g->initial);
  jq_fen_write(known,
               known->variant == JQ_VARIANT_JIEQI ? JQ_FEN_JIEQIBOX
                                                  : JQ_FEN_XIANGQI,
               g->initial_fen, sizeof g->initial_fen);
  g->truth = g->initial;
  memcpy(g->views, g->initial_views, sizeof g->views);
  memcpy(g->deal, deal, sizeof g->deal);
  g->move_count = 0;
  g->result = jq_judge_position(&g->truth);
}

/* Deals the hidden squares of `pos` from its pools with `seed`. */
static bool deal_from_pools(const JqPosition *pos, uint64_t seed,
                            JqPieceType deal[JQ_SQUARES]) {
  JqRng rng;
  jq_rng_seed(&rng, seed);
  memset(deal, 0, JQ_SQUARES * sizeof deal[0]);
  for (int c = 0; c < 2; c++) {
    JqPieceType bag[16];
    int n = 0;
    for (int t = JQ_ADVISOR; t < JQ_TYPE_COUNT; t++)
      for (int k = 0; k < pos->pool[c][t] && n < 16; k++)
        bag[n++] = (JqPieceType)t;
    /* Fisher-Yates; the first hidden squares (a0 upwards) take the front. */
    for (int i = n - 1; i > 0; i--) {
      int j = (int)jq_rng_below(&rng, (uint32_t)i + 1);
      JqPieceType tmp = bag[i];
      bag[i] = bag[j];
      bag[j] = tmp;
    }
    int used = 0;
    for (int sq = 0; sq < JQ_SQUARES; sq++) {
      JqPiece p = pos->board[sq];
      if (jq_piece_is_hidden(p) && (int)jq_piece_color(p) == c) {
        if (used == n)
          return false;
        deal[sq] = bag[used++];
      }
    }
  }
  return true;
}

JqGame *jq_game_new(JqVariant variant, uint64_t seed) {
  JqGame *g = game_alloc();
  if (!g)
    return NULL;
  JqPosition start;
  jq_position_init_start(&start, variant);
  JqPieceType deal[JQ_SQUARES];
  deal_from_pools(&start, seed, deal);
  start_from(g, &start, deal);
  return g;
}

JqGame *jq_game_new_from_fen(const char *fen, JqFenVariant variant,
                             uint64_t seed, JqError *err) {
  JqPosition *pos = malloc(sizeof *pos);
  if (!pos) {
    jq_error_fail(err, JQ_ERROR_NO_MEMORY, (JqErrorArgs){0}, "out of memory");
    return NULL;
  }
  JqGame *g = NULL;
  JqPieceType deal[JQ_SQUARES];
  if (!jq_fen_parse(fen, variant, pos, err)) {
  } else if (!deal_from_pools(pos, seed, deal)) {
    jq_error_fail(err, JQ_ERROR_GAME_POOL_SHORT,
                  (JqErrorArgs){.field = JQ_ERROR_FIELD_POOL},
                  "FEN pool: fewer pieces than hidden points");
  } else if ((g = game_alloc()) == NULL) {
    jq_error_fail(err, JQ_ERROR_NO_MEMORY, (JqErrorArgs){0}, "out of memory");
  } else {
    start_from(g, pos, deal);
  }
  free(pos);
  return g;
}

JqGame *jq_game_new_from_view(const JqPosition *view,
                              const JqPieceType deal[JQ_SQUARES],
                              JqError *err) {
  int used[2][JQ_TYPE_COUNT] = {{0}};
  for (int sq = 0; sq < JQ_SQUARES; sq++) {
    JqPiece p = view->board[sq];
    if (!jq_piece_is_hidden(p))
      continue;
    JqPieceType t = deal[sq];
    if (t <= JQ_KING || t >= JQ_TYPE_COUNT) {
      jq_error_fail(err, JQ_ERROR_GAME_DEAL_MISSING,
                    (JqErrorArgs){.square = sq},
                    "deal: no identity for the hidden piece on %c%d",
                    'a' + jq_square_file(sq), jq_square_rank(sq));
      return NULL;
    }
    int c = jq_piece_color(p);
    if (++used[c][t] > view->pool[c][t]) {
      jq_error_fail(err, JQ_ERROR_GAME_DEAL_TOO_MANY,
                    (JqErrorArgs){.color = c, .type = t},
                    "deal: more %c than the pool holds",
                    jq_piece_type_letter(t));
      return NULL;
    }
  }
  JqGame *g = game_alloc();
  if (!g) {
    jq_error_fail(err, JQ_ERROR_NO_MEMORY, (JqErrorArgs){0}, "out of memory");
    return NULL;
  }
  JqPieceType clean[JQ_SQUARES];
  for (int sq = 0; sq < JQ_SQUARES; sq++)
    clean[sq] = jq_piece_is_hidden(view->board[sq]) ? deal[sq] : JQ_NO_TYPE;
  start_from(g, view, clean);
  return g;
}

JqGame *jq_game_copy(const JqGame *game) {
  JqGame *g = game_alloc();
  if (!g)
    return NULL;
  memcpy(g, game, sizeof *g);
  g->moves = NULL;
  g->move_capacity = 0;
  /* Not the original's, should a failure below free the copy. */
  g->notes = NULL;
  g->note_capacity = 0;
  if (game->move_count) {
    g->moves = malloc((size_t)game->move_count * sizeof g->moves[0]);
    if (!g->moves) {
      free(g);
      return NULL;
    }
    memcpy(g->moves, game->moves,
           (size_t)game->move_count * sizeof g->moves[0]);
    g->move_capacity = game->move_count;
  }
  g->comments = NULL;
  g->comment_capacity = 0;
  for (int ply = 0; ply < game->comment_capacity; ply++)
    if (game->comments[ply] &&
        !jq_game_set_comment(g, ply, game->comments[ply], NULL)) {
      jq_game_free(g);
      return NULL;
    }
  if (game->note_capacity > 0) {
    g->notes = malloc((size_t)game->note_capacity * sizeof g->notes[0]);
    if (!g->notes) {
      jq_game_free(g);
      return NULL;
    }
    memcpy(g->notes, game->notes,
           (size_t)game->note_capacity * sizeof g->notes[0]);
    g->note_capacity = game->note_capacity;
  }
  return g;
}

void jq_game_free(JqGame *game) {
  if (!game)
    return;
  for (int ply = 0; ply < game->comment_capacity; ply++)
    free(game->comments[ply]);
  free(game->comments);
  free(game->notes);
  free(game->moves);
  free(game);
}

JqVariant jq_game_variant(const JqGame *game) { return game->variant; }
JqDisclosure jq_game_disclosure(const JqGame *game) { return game->disclosure; }

const JqPosition *jq_game_truth(const JqGame *game) { return &game->truth; }

JqPieceType jq_game_hidden_identity(const JqGame *game, int sq) {
  if (sq < 0 || sq >= JQ_SQUARES || !jq_piece_is_hidden(game->truth.board[sq]))
    return JQ_NO_TYPE;
  return game->deal[sq];
}

void jq_game_view(const JqGame *game, JqColor side, JqPosition *out) {
  *out = game->views[side == JQ_BLACK ? 1 : 0];
}

void jq_game_public_view(const JqGame *game, JqPosition *out) {
  *out = game->views[PUBLIC_VIEW];
}

JqColor jq_game_side_to_move(const JqGame *game) {
  return (JqColor)game->truth.side;
}

void jq_game_legal_moves(const JqGame *game, JqMoveList *list) {
  if (game->result.outcome != JQ_OUTCOME_NONE) {
    list->count = 0;
    return;
  }
  jq_generate_legal(&game->truth, JQ_GEN_ALL, list);
}

bool jq_game_is_legal(const JqGame *game, JqMove move) {
  return game->result.outcome == JQ_OUTCOME_NONE &&
         jq_position_is_legal(&game->truth, move);
}

/* Does view v learn what a captured hidden piece was? The onlooker's view
 * learns only what both players learn. */
static bool view_learns_capture(const JqGame *g, int v, int captor) {
  switch (g->disclosure) {
  case JQ_DISCLOSE_BOTH: return true;
  case JQ_DISCLOSE_NOBODY: return false;
  case JQ_DISCLOSE_CAPTOR:
  default: return v == captor;
  }
}

static void apply(JqGame *g, JqGameMove gm) {
  int captor = g->truth.side;
  jq_position_make_move(&g->truth, gm.move, gm.reveal);
  for (int v = 0; v < VIEW_COUNT; v++) {
    JqReveal r = gm.reveal;
    if (!view_learns_capture(g, v, captor))
      r.captured = JQ_NO_TYPE;
    jq_position_make_move(&g->views[v], gm.move, r);
  }
  g->deal[jq_move_from(gm.move)] = JQ_NO_TYPE;
  g->deal[jq_move_to(gm.move)] = JQ_NO_TYPE;
}

static void replay(JqGame *g, int count);

/* A captured hidden piece whose identity agree_deal changed, to be put
 * back if the move is refused after all. */
typedef struct {
  int index; /* of the capture in the record, -1: none */
  JqPieceType was;
} Rewrite;

/* Makes the deal agree with a reveal named by a record: swap identities
 * with another hidden point of the same colour holding the named one, or
 * else with a hidden piece captured earlier that holds it, when the record
 * did not name that one (a file that keeps a captured piece secret). */
static bool agree_deal(JqGame *g, int sq, JqPieceType want, Rewrite *rewrite,
                       JqError *err) {
  if (g->deal[sq] == want)
    return true;
  JqColor c = jq_piece_color(g->truth.board[sq]);
  for (int other = 0; other < JQ_SQUARES; other++) {
    JqPiece p = g->truth.board[other];
    if (other != sq && jq_piece_is_hidden(p) && jq_piece_color(p) == c &&
        g->deal[other] == want) {
      g->deal[other] = g->deal[sq];
      g->deal[sq] = want;
      /* Both points have been hidden since the start: the initial deal
       * swaps likewise, so replays stay consistent. */
      JqPieceType tmp = g->initial_deal[other];
      g->initial_deal[other] = g->initial_deal[sq];
      g->initial_deal[sq] = tmp;
      return true;
    }
  }
  for (int i = 0; i < g->move_count; i++) {
    JqGameMove *m = &g->moves[i];
    int victim = jq_move_to(m->move);
    JqColor captor = (JqColor)(g->initial.side ^ (i & 1));
    if (m->reveal.captured != want || g->named[victim] ||
        jq_color_other(captor) != c)
      continue;
    /* It never moved before it was taken: its starting identity is the
     * captured one. The record is replayed with the two exchanged. */
    rewrite->index = i;
    rewrite->was = want;
    m->reveal.captured = g->deal[sq];
    g->initial_deal[victim] = g->deal[sq];
    g->initial_deal[sq] = want;
    replay(g, g->move_count);
    return true;
  }
  return jq_error_fail(err, JQ_ERROR_GAME_NO_HIDDEN_LEFT,
                       (JqErrorArgs){.color = c, .type = want},
                       "no hidden %s %c is left to be revealed",
                       c == JQ_RED ? "red" : "black",
                       jq_piece_type_letter(want));
}

bool jq_game_play_with_reveal(JqGame *game, JqMove move, JqReveal reveal,
                              JqError *err) {
  if (game->result.outcome != JQ_OUTCOME_NONE)
    return jq_error_fail(err, JQ_ERROR_GAME_OVER, (JqErrorArgs){0},
                         "the game is over");
  if (!jq_position_is_pseudo_legal(&game->truth, move))
    return jq_error_fail(err, JQ_ERROR_GAME_ILLEGAL_MOVE, (JqErrorArgs){0},
                         "illegal move: that piece cannot move there");
  if (!jq_position_move_is_safe(&game->truth, move))
    return jq_error_fail(err, JQ_ERROR_GAME_LEAVES_CHECK, (JqErrorArgs){0},
                         "illegal move: it leaves the king in check");
  int from = jq_move_from(move), to = jq_move_to(move);
  bool hidden_mover = jq_piece_is_hidden(game->truth.board[from]);
  bool hidden_victim = jq_piece_is_hidden(game->truth.board[to]);
  if (reveal.mover != JQ_NO_TYPE && !hidden_mover)
    return jq_error_fail(err, JQ_ERROR_GAME_MOVER_NOT_HIDDEN, (JqErrorArgs){0},
                         "the moving piece is not hidden: nothing to reveal");
  if (reveal.captured != JQ_NO_TYPE && !hidden_victim)
    return jq_error_fail(err, JQ_ERROR_GAME_NO_HIDDEN_CAPTURE, (JqErrorArgs){0},
                         "no hidden piece is captured by this move");
  if (reveal.mover == JQ_KING || reveal.captured == JQ_KING ||
      reveal.mover >= JQ_TYPE_COUNT || reveal.captured >= JQ_TYPE_COUNT)
    return jq_error_fail(err, JQ_ERROR_GAME_REVEAL_KING, (JqErrorArgs){0},
                         "a hidden piece cannot be a king");

  /* Check both before changing anything. */
  JqPieceType saved_deal[JQ_SQUARES], saved_initial[JQ_SQUARES];
  memcpy(saved_deal, game->deal, sizeof saved_deal);
  memcpy(saved_initial, game->initial_deal, sizeof saved_initial);
  Rewrite rewrites[2] = {{-1, JQ_NO_TYPE}, {-1, JQ_NO_TYPE}};
  if ((reveal.mover &&
       !agree_deal(game, from, reveal.mover, &rewrites[0], err)) ||
      (reveal.captured &&
       !agree_deal(game, to, reveal.captured, &rewrites[1], err))) {
    memcpy(game->initial_deal, saved_initial, sizeof saved_initial);
    if (rewrites[0].index >= 0 || rewrites[1].index >= 0) {
      for (int k = 1; k >= 0; k--)
        if (rewrites[k].index >= 0)
          game->moves[rewrites[k].index].reveal.captured = rewrites[k].was;
      JqResult result = game->result;
      replay(game, game->move_count);
      game->result = result;
    }
    memcpy(game->deal, saved_deal, sizeof saved_deal);
    return false;
  }
  if (reveal.mover)
    game->named[from] = true;
  if (reveal.captured)
    game->named[to] = true;
  JqGameMove gm = {move,
                   {hidden_mover ? game->deal[from] : JQ_NO_TYPE,
                    hidden_victim ? game->deal[to] : JQ_NO_TYPE}};
  if (game->move_count == game->move_capacity) {
    int cap = game->move_capacity ? game->move_capacity * 2 : 64;
    JqGameMove *moves = realloc(game->moves, (size_t)cap * sizeof *moves);
    if (!moves) {
      memcpy(game->deal, saved_deal, sizeof saved_deal);
      memcpy(game->initial_deal, saved_initial, sizeof saved_initial);
      return jq_error_fail(err, JQ_ERROR_NO_MEMORY, (JqErrorArgs){0},
                           "out of memory");
    }
    game->moves = moves;
    game->move_capacity = cap;
  }
  game->moves[game->move_count++] = gm;
  apply(game, gm);
  game->result = jq_judge_position(&game->truth);
  return true;
}

bool jq_game_play(JqGame *game, JqMove move, JqError *err) {
  return jq_game_play_with_reveal(game, move, JQ_REVEAL_NONE, err);
}

/* Rebuilds every position from the start and the record. */
static void replay(JqGame *g, int count) {
  g->truth = g->initial;
  memcpy(g->views, g->initial_views, sizeof g->views);
  memcpy(g->deal, g->initial_deal, sizeof g->deal);
  g->move_count = count;
  for (int i = 0; i < count; i++)
    apply(g, g->moves[i]);
  g->result = jq_judge_position(&g->truth);
}

bool jq_game_undo(JqGame *game) {
  if (game->move_count == 0)
    return false;
  if (game->move_count < game->comment_capacity) {
    free(game->comments[game->move_count]);
    game->comments[game->move_count] = NULL;
  }
  if (game->move_count < game->note_capacity)
    memset(&game->notes[game->move_count], 0, sizeof game->notes[0]);
  replay(game, game->move_count - 1);
  return true;
}

void jq_game_set_disclosure(JqGame *game, JqDisclosure disclosure) {
  if (disclosure > JQ_DISCLOSE_BOTH)
    return;
  game->disclosure = disclosure;
  JqResult declared = game->result;
  replay(game, game->move_count);
  if (declared.outcome != JQ_OUTCOME_NONE)
    game->result = declared;
}

int jq_game_move_count(const JqGame *game) { return game->move_count; }

JqGameMove jq_game_move_at(const JqGame *game, int index) {
  if (index < 0 || index >= game->move_count)
    return (JqGameMove){JQ_MOVE_NONE, JQ_REVEAL_NONE};
  return game->moves[index];
}

const JqPosition *jq_game_initial(const JqGame *game) { return &game->initial; }

const char *jq_game_initial_fen(const JqGame *game) {
  return game->initial_fen;
}

void jq_game_initial_deal(const JqGame *game, JqPieceType deal[JQ_SQUARES]) {
  memcpy(deal, game->initial_deal, JQ_SQUARES * sizeof deal[0]);
}

const char *jq_game_comment(const JqGame *game, int ply) {
  if (ply < 0 || ply > game->move_count || ply >= game->comment_capacity)
    return NULL;
  return game->comments[ply];
}

/* Is text valid UTF-8 (no overlong forms, no surrogates)? */
static bool is_utf8(const unsigned char *u) {
  while (*u) {
    size_t n = *u < 0x80                  ? 1
               : *u >= 0xC2 && *u <= 0xDF ? 2
               : *u >= 0xE0 && *u <= 0xEF ? 3
               : *u >= 0xF0 && *u <= 0xF4 ? 4
                                          : 0;
    if (n == 0)
      return false;
    for (size_t i = 1; i < n; i++)
      if ((u[i] & 0xC0) != 0x80)
        return false;
    if ((u[0] == 0xE0 && u[1] < 0xA0) || (u[0] == 0xED && u[1] >= 0xA0) ||
        (u[0] == 0xF0 && u[1] < 0x90) || (u[0] == 0xF4 && u[1] >= 0x90))
      return false;
    u += n;
  }
  return true;
}

bool jq_game_set_comment(JqGame *game, int ply, const char *text,
                         JqError *err) {
  if (ply < 0 || ply > game->move_count)
    return jq_error_fail(err, JQ_ERROR_GAME_COMMENT_PLY,
                         (JqErrorArgs){.n = {ply, game->move_count}},
                         "no ply %d to comment on: %d moves were played", ply,
                         game->move_count);
  if (!text || !text[0]) {
    if (ply < game->comment_capacity) {
      free(game->comments[ply]);
      game->comments[ply] = NULL;
    }
    return true;
  }
  size_t len = strlen(text);
  if (len > JQ_COMMENT_MAX)
    return jq_error_fail(err, JQ_ERROR_GAME_COMMENT_LONG,
                         (JqErrorArgs){.n = {JQ_COMMENT_MAX}},
                         "a comment is longer than %d bytes", JQ_COMMENT_MAX);
  if (strchr(text, '}'))
    return jq_error_fail(err, JQ_ERROR_GAME_COMMENT_BRACE, (JqErrorArgs){0},
                         "a comment cannot hold '}': it would end it");
  if (!is_utf8((const unsigned char *)text))
    return jq_error_fail(err, JQ_ERROR_GAME_COMMENT_NOT_UTF8, (JqErrorArgs){0},
                         "a comment is not valid UTF-8 text");
  if (ply >= game->comment_capacity) {
    int cap = game->comment_capacity ? game->comment_capacity : 16;
    while (cap <= ply)
      cap *= 2;
    char **comments = realloc(game->comments, (size_t)cap * sizeof *comments);
    if (!comments)
      return jq_error_fail(err, JQ_ERROR_NO_MEMORY, (JqErrorArgs){0},
                           "out of memory");
    for (int i = game->comment_capacity; i < cap; i++)
      comments[i] = NULL;
    game->comments = comments;
    game->comment_capacity = cap;
  }
  char *copy = malloc(len + 1);
  if (!copy)
    return jq_error_fail(err, JQ_ERROR_NO_MEMORY, (JqErrorArgs){0},
                         "out of memory");
  memcpy(copy, text, len + 1);
  free(game->comments[ply]);
  game->comments[ply] = copy;
  return true;
}

/* The note of `ply`, made room for; NULL when memory runs out. */
static JqNote *note_for(JqGame *game, int ply) {
  if (ply >= game->note_capacity) {
    int cap = game->note_capacity ? game->note_capacity : 16;
    while (cap <= ply)
      cap *= 2;
    JqNote *notes = realloc(game->notes, (size_t)cap * sizeof *notes);
    if (!notes)
      return NULL;
    memset(notes + game->note_capacity, 0,
           (size_t)(cap - game->note_capacity) * sizeof *notes);
    game->notes = notes;
    game->note_capacity = cap;
  }
  return &game->notes[ply];
}

int jq_game_nag(const JqGame *game, int ply) {
  if (ply < 1 || ply > game->move_count || ply >= game->note_capacity)
    return JQ_NAG_NONE;
  return game->notes[ply].nag;
}

bool jq_game_set_nag(JqGame *game, int ply, int nag) {
  if (ply < 1 || ply > game->move_count || nag < 0 || nag > JQ_NAG_MAX)
    return false;
  JqNote *note = note_for(game, ply);
  if (!note)
    return false;
  note->nag = nag;
  return true;
}

bool jq_game_eval(const JqGame *game, int ply, JqEval *out) {
  if (ply < 0 || ply > game->move_count || ply >= game->note_capacity ||
      game->notes[ply].eval.kind == JQ_EVAL_NONE)
    return false;
  *out = game->notes[ply].eval;
  return true;
}

bool jq_game_set_eval(JqGame *game, int ply, const JqEval *eval) {
  if (ply < 0 || ply > game->move_count || (eval && !jq_eval_is_valid(eval)))
    return false;
  if (!eval && ply >= game->note_capacity)
    return true;
  JqNote *note = note_for(game, ply);
  if (!note)
    return false;
  note->eval = eval ? *eval : (JqEval){JQ_EVAL_NONE, 0, 0};
  return true;
}

JqResult jq_game_result(const JqGame *game) { return game->result; }

bool jq_game_is_over(const JqGame *game) {
  return game->result.outcome != JQ_OUTCOME_NONE;
}

bool jq_game_declare_result(JqGame *game, JqResult result) {
  if (game->result.outcome != JQ_OUTCOME_NONE ||
      result.outcome == JQ_OUTCOME_NONE)
    return false;
  game->result = result;
  return true;
}
