/* The match runner behind `jieqi-cli match`, as a library (jieqi-match) so
 * tests can drive it without the command line.
 *
 * Two players (jq-match-player.h) play `games` games; the core's arbiter
 * (jq_game_*) referees every one: mate, stalemate, repetition, natural
 * limit, no attackers, illegal moves, and the match adds time losses and a
 * maximum length. Games come in pairs: pair k is games 2k+1 and 2k+2, which
 * start from the same opening (and in jieqi the same deal) with colours
 * swapped; player1 has Red in the first game of each pair. Given the seed,
 * everything but timing is repeatable: deals, openings, and the dice of AIs
 * whose spec sets no Seed of its own. */
#pragma once

#include <stdint.h>
#include <stdio.h>

#include "jq-error.h"
#include "jq-game.h"
#include "jq-pgn.h"

typedef enum {
  JQ_TC_CLOCK = 0,    /* base time (+ increment) per side */
  JQ_TC_MOVETIME = 1, /* fixed time per move */
  JQ_TC_DEPTH = 2,    /* search depth per move */
  JQ_TC_NODES = 3,    /* nodes per move */
} JqTcKind;

/* The longest base time (per period) and increment a match takes: a day
 * and an hour. Clocks are kept in 64-bit milliseconds, so periods that
 * add up past 2^31 ms (24.8 days) still count exactly; the bounds only
 * refuse controls nobody means, such as seconds typed as milliseconds. */
#define JQ_TC_MAX_BASE_MS INT64_C(86400000)
#define JQ_TC_MAX_INC_MS INT64_C(3600000)

typedef struct {
  JqTcKind kind;
  int64_t base_ms;     /* JQ_TC_CLOCK: time per period, 1..JQ_TC_MAX_BASE_MS */
  int64_t inc_ms;      /* added after each move, 0..JQ_TC_MAX_INC_MS */
  int moves;           /* moves per period (0: the whole game) */
  int64_t movetime_ms; /* 1..JQ_TC_MAX_BASE_MS */
  int depth;
  uint64_t nodes;
} JqTimeControl;

/* "[MOVES/]BASE[+INC]" with BASE and INC in seconds (decimals allowed) or
 * BASE as MIN:SEC: "10+0.1", "40/60", "1:30+1". BASE is at most 86400 s,
 * INC at most 3600 s (JQ_TC_MAX_*), MOVES 1 to 1000. */
bool jq_time_control_parse(const char *text, JqTimeControl *tc, JqError *err);

typedef struct JqMatchGame JqMatchGame;
typedef void (*JqMatchGameFunc)(const JqMatchGame *game, void *data);

typedef struct {
  JqVariant variant;
  int games;       /* total games; an odd number leaves the last pair half */
  int concurrency; /* games played at once, each in its own thread */
  JqTimeControl tc;
  int margin_ms;          /* lateness forgiven on each move (default 100) */
  int move_timeout_ms;    /* depth and nodes: the longest wait for a move
                             (default 60000) */
  const char *players[2]; /* player specs, player1 and player2 */
  const char *openings;   /* file of openings, one a line, or NULL */
  int random_plies;       /* random plies after the opening */
  uint64_t seed;
  int max_plies; /* a game this long is adjudicated a draw; 0: no cap */
  FILE *pgn;     /* every game, in game order, or NULL; a write that fails
                    stops the match (no game is started after it) */
  const char *pgn_name; /* the PGN file in messages (default "the PGN") */
  JqPgnMoveStyle pgn_style;
  const char *event;       /* PGN Event (default "jieqi-cli match") */
  JqMatchGameFunc on_game; /* called as each game ends, from one thread at
                              a time, in the order games end */
  void *data;
} JqMatchConfig;

/* Defaults: xiangqi, 2 games, concurrency 1, 10+0.1, margin 100 ms, move
 * timeout 60 s, 1000 plies at most, random vs random. */
void jq_match_config_init(JqMatchConfig *config);

/* A finished game, as on_game sees it (valid during the call only). */
struct JqMatchGame {
  int number;           /* 1-based */
  int pair;             /* 0-based */
  int red;              /* 0: player1 had Red, 1: player2 had Red */
  const char *names[2]; /* player1's and player2's */
  const JqGame *game;   /* the full record; its result is final */
  bool adjudicated;     /* ended by the maximum length */
  const char *note;     /* "" or what happened: an engine's bad answer... */
  const char *pgn;
  double points[2]; /* 1, 1/2 or 0 for player1 and player2 */
};

/* Number of JqReason values, for counting. */
#define JQ_MATCH_REASONS (JQ_REASON_AGREEMENT + 1)

typedef struct {
  char names[2][128];
  int games;
  int wins, losses, draws;       /* player1's */
  int reasons[JQ_MATCH_REASONS]; /* games ended for each reason */
  int adjudicated;               /* of which by the maximum length */
} JqMatchSummary;

/* Checks the whole configuration first (players start and take their
 * options, every opening replays, limits make sense) and refuses bad input
 * with err before any game; then plays. False also when a player cannot go
 * on mid-match (an engine that cannot be restarted); summary then holds
 * the games played. */
bool jq_match_run(const JqMatchConfig *config, JqMatchSummary *summary,
                  JqError *err);

/* Elo difference of player1 from its results, logistic model:
 *   score s = (W + D/2) / N, elo(s) = -400 log10(1/s - 1);
 *   per-game standard deviation sd = sqrt((W (1-s)^2 + D (1/2-s)^2 +
 *   L s^2) / N), standard error se = sd / sqrt(N);
 *   margin = (elo(s + 1.96 se) - elo(s - 1.96 se)) / 2, the half width of
 *   the 95% interval. A score of 0 or 1 gives an infinite difference, and
 *   an interval reaching 0 or 1 an infinite margin (HUGE_VAL). */
typedef struct {
  double score; /* s, in [0, 1] */
  double elo;
  double margin;
} JqEloEstimate;

void jq_match_elo(int wins, int losses, int draws, JqEloEstimate *out);
