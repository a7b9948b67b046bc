/* The jieqi positions with known best play (tests/data/jieqi-tactics.txt)
 * shared by the AI suites, and the brute force that proves mates through
 * reveals: every move, and at every reveal every identity its pool allows
 * (an arbiter's deal could be any of them). */
#pragma once

#include <glib.h>

#include "jq-position.h"

typedef struct {
  char *name;
  char *fen;
  char *best;                 /* space-separated coordinate moves */
  int mate;                   /* best = the moves that win within this; 0 */
  uint64_t alphabeta_nodes;   /* 0: alpha-beta does not find it yet */
  uint64_t ismcts_iterations; /* 0: IS-MCTS does not find it yet */
} JqTestTactic;

/* Reads the data file under $JQ_TEST_DATA; an array of JqTestTactic *,
 * failing the test on a malformed line. */
GPtrArray *jq_test_tactics_load(void);
/* Checks the case's own claims: the FEN parses, the best moves are legal,
 * and for a mate they are exactly the moves that win within that many
 * (and none wins sooner). Fills *pos. */
void jq_test_tactic_check(const JqTestTactic *t, JqPosition *pos);
/* Is m one of the case's best moves? */
gboolean jq_test_tactic_is_best(const JqTestTactic *t, JqMove m);

/* Does m win (leave the other side without a legal move) within `moves`
 * moves of the mover, counting itself, whatever turns up? */
gboolean jq_test_move_wins(JqPosition *pos, JqMove m, int moves);
/* Can the side to move win within `moves` of its own moves? */
gboolean jq_test_wins_within(JqPosition *pos, int moves);
