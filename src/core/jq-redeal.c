#include "jq-redeal.h"

#include <stdlib.h>
#include <string.h>

static bool learns_capture(JqDisclosure disclosure, int reader, int captor) {
  switch (disclosure) {
  case JQ_DISCLOSE_BOTH: return true;
  case JQ_DISCLOSE_NOBODY: return false;
  case JQ_DISCLOSE_CAPTOR:
  default: return reader == captor;
  }
}

void jq_redeal_seen(const JqGame *game, int reader, bool seen[JQ_SQUARES]) {
  memset(seen, 0, JQ_SQUARES * sizeof seen[0]);
  JqDisclosure disclosure = jq_game_disclosure(game);
  int side = jq_game_initial(game)->side;
  for (int i = 0; i < jq_game_move_count(game); i++, side ^= 1) {
    /* A hidden piece never moves before it turns up, so a hidden mover or
     * victim stands on its starting point. */
    JqGameMove gm = jq_game_move_at(game, i);
    if (gm.reveal.mover != JQ_NO_TYPE)
      seen[jq_move_from(gm.move)] = true;
    if (gm.reveal.captured != JQ_NO_TYPE &&
        learns_capture(disclosure, reader, side))
      seen[jq_move_to(gm.move)] = true;
  }
}

void jq_redeal_draw(const JqGame *game, const bool seen[JQ_SQUARES], JqRng *rng,
                    JqPieceType deal[JQ_SQUARES]) {
  const JqPosition *start = jq_game_initial(game);
  jq_game_initial_deal(game, deal);
  for (int c = 0; c < 2; c++) {
    /* The unseen identities of this colour, in square order... */
    int squares[JQ_SQUARES], n = 0;
    JqPieceType bag[JQ_SQUARES];
    for (int sq = 0; sq < JQ_SQUARES; sq++) {
      JqPiece p = start->board[sq];
      if (jq_piece_is_hidden(p) && (int)jq_piece_color(p) == c && !seen[sq]) {
        squares[n] = sq;
        bag[n++] = deal[sq];
      }
    }
    /* ...shuffled (Fisher-Yates) back onto the unseen points. */
    for (int i = n - 1; i > 0; i--) {
      int j = (int)jq_rng_below(rng, (uint32_t)i + 1);
      JqPieceType tmp = bag[i];
      bag[i] = bag[j];
      bag[j] = tmp;
    }
    for (int i = 0; i < n; i++)
      deal[squares[i]] = bag[i];
  }
  for (int sq = 0; sq < JQ_SQUARES; sq++)
    if (!jq_piece_is_hidden(start->board[sq]))
      deal[sq] = JQ_NO_TYPE;
}

JqGame *jq_redeal(const JqGame *game, const JqPieceType deal[JQ_SQUARES],
                  const bool seen[JQ_SQUARES], JqError *err) {
  const JqPosition *truth = jq_game_initial(game);
  JqPieceType old[JQ_SQUARES];
  jq_game_initial_deal(game, old);
  for (int sq = 0; sq < JQ_SQUARES; sq++) {
    if (jq_piece_is_hidden(truth->board[sq]) && seen[sq] &&
        deal[sq] != old[sq]) {
      char name[3];
      jq_square_name(sq, name);
      jq_error_fail(
          err, JQ_ERROR_GAME_DEAL_DISAGREES, (JqErrorArgs){.square = sq},
          "the deal does not agree with the piece seen from %s", name);
      return NULL;
    }
  }
  /* The start as the players knew it (its pools may hold pieces captured
   * before it), from the FEN the game keeps. */
  JqPosition *start = malloc(sizeof *start);
  if (!start) {
    jq_error_fail(err, JQ_ERROR_NO_MEMORY, (JqErrorArgs){0}, "out of memory");
    return NULL;
  }
  JqGame *g = NULL;
  JqFenVariant variant = jq_game_variant(game) == JQ_VARIANT_JIEQI
                             ? JQ_FEN_VARIANT_JIEQI
                             : JQ_FEN_VARIANT_XIANGQI;
  if (jq_fen_parse(jq_game_initial_fen(game), variant, start, err))
    g = jq_game_new_from_view(start, deal, err);
  free(start);
  if (!g)
    return NULL;
  jq_game_set_disclosure(g, jq_game_disclosure(game));
  /* Moves only: every identity now comes from the new deal. */
  for (int i = 0; i < jq_game_move_count(game); i++) {
    if (!jq_game_play(g, jq_game_move_at(game, i).move, err)) {
      jq_game_free(g);
      return NULL;
    }
  }
  /* The record's comments are the players' words: they stay. */
  for (int ply = 0; ply <= jq_game_move_count(game); ply++) {
    if (!jq_game_set_comment(g, ply, jq_game_comment(game, ply), err)) {
      jq_game_free(g);
      return NULL;
    }
  }
  JqResult result = jq_game_result(game);
  if (result.outcome != JQ_OUTCOME_NONE && !jq_game_is_over(g))
    jq_game_declare_result(g, result);
  return g;
}
