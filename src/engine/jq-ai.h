/* The one interface behind which every AI sits: the app, the UCI engine and
 * the match runner all drive an AI through it. An AI is handed a player's
 * view (never the arbiter's truth), limits, a stop flag and a progress
 * callback, and returns a move. */
#pragma once

#include <stdatomic.h>

#include "jq-error.h"
#include "jq-position.h"

#define JQ_MAX_PV 64
#define JQ_SCORE_MATE 30000
/* Scores beyond this are mates: JQ_SCORE_MATE - plies to mate. */
#define JQ_SCORE_MATE_BOUND (JQ_SCORE_MATE - 1000)

typedef struct {
  int depth;       /* plies; 0 = no limit */
  uint64_t nodes;  /* 0 = no limit */
  int movetime_ms; /* fixed time for this move; 0 = none */
  int time_ms[2];  /* clock left per colour; -1 = no clock */
  int inc_ms[2];   /* increment per move */
  int movestogo;   /* 0 = sudden death */
  bool infinite;   /* until stopped */
  bool ponder;     /* thinking on the opponent's time until ponderhit */
  int searchmoves_count;
  JqMove searchmoves[JQ_MAX_MOVES]; /* restrict the root to these */
} JqLimits;

/* A JqLimits with nothing set (search until stopped). */
void jq_limits_init(JqLimits *limits);

typedef struct {
  /* Alpha-beta: depth reached, score from the mover's side in centipawns or
   * a mate score, principal variation. */
  int depth;
  int seldepth;
  int score;
  int multipv; /* 1-based line number when MultiPV > 1 */
  uint64_t nodes;
  uint64_t nps;
  int time_ms;
  int hashfull; /* permille */
  int pv_len;
  JqMove pv[JQ_MAX_PV];
  /* Sampling AIs: iterations, the best move's visit share and value. */
  uint64_t iterations;
  double visit_share;
  double value; /* expected result in [0, 1] for the mover */
} JqProgress;

typedef void (*JqProgressFunc)(const JqProgress *progress, void *data);

typedef struct JqAi JqAi;

/* The algorithms: "alphabeta" (the engine), "random" and "greedy" (the
 * baselines: a random mover and a one-ply greedy capturer), "ismcts"
 * (information-set Monte Carlo tree search) and "determinized" (a
 * baseline: alpha-beta on a few sampled deals, by vote); more plug in
 * behind the same calls. */
const char *const *jq_ai_algorithms(void);
JqAi *jq_ai_new(const char *algorithm, JqError *err);
void jq_ai_free(JqAi *ai);
const char *jq_ai_algorithm(const JqAi *ai);

/* Options by UCI name: "Hash" (MB), "Threads", "MultiPV", "Skill Level"
 * (0..20), "UCI_LimitStrength", "UCI_Elo", "Seed". Bad values are refused
 * with a message and change nothing. */
bool jq_ai_set_option(JqAi *ai, const char *name, const char *value,
                      JqError *err);
/* Forget what was learned in an earlier game (hash tables, history). */
void jq_ai_new_game(JqAi *ai);

/* Chooses a move for the side to move of `view`. Returns JQ_MOVE_NONE only
 * when there is no legal move. *stop set by another thread ends the search
 * promptly (the best move so far is returned). `ponder` (may be NULL)
 * receives the expected reply. */
JqMove jq_ai_think(JqAi *ai, const JqPosition *view, const JqLimits *limits,
                   atomic_bool *stop, JqProgressFunc progress, void *data,
                   JqMove *ponder);
/* For a caller that runs jq_ai_think in a thread of its own and may call
 * jq_ai_ponderhit: call this first, in the caller's thread, with the view
 * and limits the next jq_ai_think will get, before that thread starts.
 * Thinking's clock and ponder state start here, so a ponderhit sent at any
 * time after this call is heard, even one that comes before the thread has
 * reached jq_ai_think. Without it, jq_ai_think starts them itself. */
void jq_ai_prepare(JqAi *ai, const JqPosition *view, const JqLimits *limits);
/* Pondering became real thinking: the clock limits in force apply now. */
void jq_ai_ponderhit(JqAi *ai);
