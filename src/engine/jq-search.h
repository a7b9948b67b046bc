/* Alpha-beta search: iterative deepening, aspiration windows, principal
 * variation search, a shared transposition table, quiescence, check
 * extensions, null move, late move reductions, killer and history
 * ordering, and chance nodes where a jieqi piece is revealed. */
#pragma once

#include "jq-ai.h"
#include "jq-tt.h"

typedef struct JqSearch JqSearch;

JqSearch *jq_search_new(void);
/* With a transposition table of about `megabytes` instead of the 64 MB
 * default. */
JqSearch *jq_search_new_sized(size_t megabytes);
void jq_search_free(JqSearch *s);
bool jq_search_set_hash(JqSearch *s, size_t megabytes);
void jq_search_set_threads(JqSearch *s, int threads);
void jq_search_set_multipv(JqSearch *s, int lines);
/* Forgets what earlier searches learnt: the table, histories and killers
 * (a search that starts from a clear state gives the same result again). */
void jq_search_clear(JqSearch *s);
/* Searches later runs as if the hidden pieces were `deal` (identities by
 * square, as jq_determinize gives them; NULL: search the view with chance
 * nodes). `deal_key` keeps their hash entries apart; the deal must stay
 * alive while it is set. */
void jq_search_set_deal(JqSearch *s, const JqPieceType *deal,
                        uint64_t deal_key);

typedef struct {
  JqMove move;
  int score;
} JqRootResult;

/* Searches the view within the limits. `lines` (may be NULL) receives up
 * to `max_lines` best root moves with their scores, best first; returns
 * how many were filled. */
JqMove jq_search_run(JqSearch *s, const JqPosition *view,
                     const JqLimits *limits, atomic_bool *stop,
                     JqProgressFunc progress, void *data, JqMove *ponder,
                     JqRootResult *lines, int max_lines, int *line_count);
/* Arms the next run's clock now (see jq-clock.h), from the thread that
 * will call jq_search_ponderhit, before the searching thread starts. */
void jq_search_prepare(JqSearch *s, const JqLimits *limits);
void jq_search_ponderhit(JqSearch *s);

/* For a search that values many positions with this one (IS-MCTS leaves):
 * jq_search_reserve allocates what jq_search_value needs (false: out of
 * memory), so that the calls themselves never allocate. jq_search_value
 * searches pos to a fixed `depth` (0: the quiescence search alone) on one
 * thread, without clock or reports, keeping the table and the histories
 * from call to call, and returns its score for the side to move in
 * centipawns (mates and repetition verdicts beyond JQ_SCORE_MATE_BOUND
 * and 10000). Hidden pieces are searched as in a run (chance nodes, or the
 * deal set by jq_search_set_deal). pos is not changed. Not to be called
 * while a run of the same search is going on. */
bool jq_search_reserve(JqSearch *s);
int jq_search_value(JqSearch *s, const JqPosition *pos, int depth);
/* What the legal move m is worth to the side to move in pos: a search of
 * `depth` after it (0: the quiescence search alone), as jq_search_value,
 * in centipawns for the mover. A hidden mover is made once, as one
 * representative identity whose value is corrected by the material it
 * changes (as a run values a reveal past its first), and a captured hidden
 * piece stays unknown: with no deal set, nothing the side to move does not
 * know is read. 0 when the search is not reserved. */
int jq_search_move_value(JqSearch *s, const JqPosition *pos, JqMove m,
                         int depth);
