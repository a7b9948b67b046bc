/* The game: the arbiter that holds the truth (every hidden identity), the
 * full record, and applies moves. Players and AIs never see it directly:
 * they get jq_game_view(), a position with no hidden identity in it. */
#pragma once

#include "jq-annotation.h"
#include "jq-error.h"
#include "jq-fen.h"
#include "jq-position.h"
#include "jq-result.h"

typedef struct {
  JqMove move;
  JqReveal reveal; /* true identities: hidden mover, captured hidden piece */
} JqGameMove;

typedef struct JqGame JqGame;

/* The start position; a jieqi deal is shuffled from `seed` (each side
 * independently), so the same seed always gives the same deal. */
JqGame *jq_game_new(JqVariant variant, uint64_t seed);
/* A game from a FEN of any dialect. Hidden pieces get identities drawn from
 * the FEN's pools with `seed`. NULL with err filled on bad input. */
JqGame *jq_game_new_from_fen(const char *fen, JqFenVariant variant,
                             uint64_t seed, JqError *err);
/* A game whose truth is a view plus identities for its hidden pieces (a
 * determinization); deal[sq] is read for every hidden square. Identities of
 * captured pieces the view does not know are taken from what the pools
 * leave over. NULL when the deal does not fit the view's pools. */
JqGame *jq_game_new_from_view(const JqPosition *view,
                              const JqPieceType deal[JQ_SQUARES], JqError *err);
JqGame *jq_game_copy(const JqGame *game);
void jq_game_free(JqGame *game);

JqVariant jq_game_variant(const JqGame *game);
JqDisclosure jq_game_disclosure(const JqGame *game);
/* Changes the disclosure rule; the views are rebuilt from the record. */
void jq_game_set_disclosure(JqGame *game, JqDisclosure disclosure);

/* Arbiter only: the position with full knowledge, and a hidden identity. */
const JqPosition *jq_game_truth(const JqGame *game);
JqPieceType jq_game_hidden_identity(const JqGame *game, int sq);

/* The position as `side` knows it: hidden pieces without identity, pools as
 * that side knows them. This is the only road by which an AI sees a game. */
void jq_game_view(const JqGame *game, JqColor side, JqPosition *out);
/* What an onlooker who is neither player knows (the disclosure rule's
 * "nobody" learns captured identities). */
void jq_game_public_view(const JqGame *game, JqPosition *out);

JqColor jq_game_side_to_move(const JqGame *game);
void jq_game_legal_moves(const JqGame *game, JqMoveList *list);
bool jq_game_is_legal(const JqGame *game, JqMove move);

/* Plays a legal move; identities come from the deal. Returns false, with
 * err filled and nothing changed, for an illegal move or a finished game. */
bool jq_game_play(JqGame *game, JqMove move, JqError *err);
/* Plays a move with identities given by a record (PGN, an extended UCI
 * move): a given reveal must be possible under the pools; the deal is
 * adjusted to agree with it. JQ_NO_TYPE parts come from the deal. */
bool jq_game_play_with_reveal(JqGame *game, JqMove move, JqReveal reveal,
                              JqError *err);
/* Takes back the last move; false when there is none. */
bool jq_game_undo(JqGame *game);

int jq_game_move_count(const JqGame *game);
JqGameMove jq_game_move_at(const JqGame *game, int index);
/* The position the game started from (full knowledge) and its FEN. */
const JqPosition *jq_game_initial(const JqGame *game);
const char *jq_game_initial_fen(const JqGame *game);
/* The deal the game started with: identity per hidden starting square. */
void jq_game_initial_deal(const JqGame *game, JqPieceType deal[JQ_SQUARES]);

/* Comments, kept with the record (PGN's {...}): ply 0's is the game's,
 * before its first move, ply k's follows the k-th move. UTF-8 text of at
 * most JQ_COMMENT_MAX bytes, without '}' (PGN could not hold it). Undo
 * takes the undone move's comment with it. */
#define JQ_COMMENT_MAX 4096
/* NULL when there is none (or no such ply). */
const char *jq_game_comment(const JqGame *game, int ply);
/* Sets the comment of ply 0..move count; NULL or "" removes it. False with
 * err filled and nothing changed for a ply that is not there or text a
 * comment cannot be. */
bool jq_game_set_comment(JqGame *game, int ply, const char *text, JqError *err);

/* Annotations, kept with the record like comments (undo takes the undone
 * move's with it; jq-annotation.h): a move's NAG, ply 1..move count, and
 * an engine's score of the position after `ply` moves, 0..move count.
 * jq_game_nag: JQ_NAG_NONE when none. jq_game_eval: false when none.
 * The setters (eval NULL removes it) return false and change nothing for
 * a ply that is not there, a NAG above JQ_NAG_MAX or an eval that is not
 * valid (jq_eval_is_valid), or when memory runs out. */
int jq_game_nag(const JqGame *game, int ply);
bool jq_game_set_nag(JqGame *game, int ply, int nag);
bool jq_game_eval(const JqGame *game, int ply, JqEval *out);
bool jq_game_set_eval(JqGame *game, int ply, const JqEval *eval);

/* The result: set by the referee after each move, or by declare. */
JqResult jq_game_result(const JqGame *game);
bool jq_game_is_over(const JqGame *game);
/* Resignation, time loss, agreement: ends a game still in progress. */
bool jq_game_declare_result(JqGame *game, JqResult result);
