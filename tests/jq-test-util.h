/* Helpers shared by the test suites. */
#pragma once

#include <glib.h>

#include "jq-fen.h"
#include "jq-position.h"
#include "jq-rng.h"

/* Parses a FEN that the test knows is valid, failing the test otherwise. */
void jq_test_position_from_fen(JqPosition *pos, const char *fen);
/* The move named in coordinates ("h2e2"), failing the test when malformed. */
JqMove jq_test_move(const char *coords);
/* Is the move among the position's legal moves? */
gboolean jq_test_has_legal_move(const JqPosition *pos, const char *coords);

/* Makes one of `legal`'s moves, chosen by `rng`, turning up what the deal
 * (indexed by square, kept up to date here) says. A captured face-down
 * piece is named only when `learns_captured`: an observer who never
 * learns it keeps it in the pool. */
void jq_test_make_random_move(JqPosition *pos, const JqMoveList *legal,
                              JqPieceType deal[JQ_SQUARES], JqRng *rng,
                              gboolean learns_captured);

/* Called on each position of a random game with its legal moves (none at
 * the game's end) and the deal of the pieces still face down; it must leave
 * the position as it found it. */
typedef void (*JqTestVisit)(JqPosition *pos, const JqMoveList *legal,
                            const JqPieceType deal[JQ_SQUARES], void *data);
/* Plays `games` random games of `variant` from dealt starts (at most 160
 * plies each; the mover learns what it captures), visiting every position
 * on the way, the last one included. */
void jq_test_walk_random_games(JqVariant variant, int games, guint64 seed,
                               JqTestVisit visit, void *data);

/* An error a test expects: its code, and the arguments named in `check`
 * (blank-separated: field color color2 type type2 hidden square square2
 * letter n0 n1 n2 n3 text text2 line ply move tag), which must equal the
 * ones given here. Squares are given by name. */
typedef struct {
  JqErrorCode code;
  const char *check;
  JqErrorArgs args;
  const char *square, *square2;
  int line, ply;
  const char *move, *tag;
} JqTestError;

/* Fails the test, naming `what`, unless err is what `want` says. */
void jq_test_assert_error(const JqError *err, const JqTestError *want,
                          const char *what);
