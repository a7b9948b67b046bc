/* A player in a match: one of our AIs or an external UCI engine, behind
 * one set of calls. A player is shown only its own side's view of the game
 * (for an engine: that view as a FEN, plus the plain moves since), never
 * the arbiter's truth.
 *
 * Spec text (the --player1/--player2 arguments):
 *   ai:ALGORITHM[:NAME=VALUE...]   e.g. "ai:alphabeta:Hash=64"
 *   uci:COMMAND[:NAME=VALUE...]    e.g. "uci:/usr/games/fairy-stockfish:
 *                                        UCI_Variant=xiangqi:Hash=64"
 *   ALGORITHM                      short for ai:ALGORITHM
 * COMMAND is split as a shell would (quotes keep blanks). A UCI option
 * given without "=VALUE" is a button ("setoption name Clear Hash"); an
 * option the engine does not list is refused. Options named "jq.*" are the
 * runner's and never reach the engine: jq.ranks=1 for an engine that
 * numbers ranks 1..10 ("h3e3" for our h2e2), jq.ranks=0 for 0..9 (the
 * default, but Fairy-Stockfish is recognised by its id name and gets 1). */
#pragma once

#include <stdbool.h>
#include <stdint.h>

#include "jq-ai.h"
#include "jq-error.h"
#include "jq-position.h"

typedef enum { JQ_PLAYER_AI = 0, JQ_PLAYER_UCI = 1 } JqPlayerKind;

typedef struct {
  JqPlayerKind kind;
  char *target; /* the algorithm, or the engine command */
  int option_count;
  char **option_names;
  char **option_values; /* NULL entry: a button */
} JqPlayerSpec;

/* Fills spec (clear it with jq_player_spec_clear). An unknown kind, an
 * empty target or an option without a name is refused. */
bool jq_player_spec_parse(const char *text, JqPlayerSpec *spec, JqError *err);
void jq_player_spec_clear(JqPlayerSpec *spec);
/* Does the spec set this option itself (names ignore case)? */
bool jq_player_spec_has_option(const JqPlayerSpec *spec, const char *name);

typedef struct JqMatchPlayer JqMatchPlayer;

/* Makes the player ready to play the variant: creates the AI and sets its
 * options, or starts the engine, does the UCI handshake, checks and sets
 * the options (and UCI_Variant when the engine has it and the spec leaves
 * it out) and waits for readyok. Any refusal is an error here, before a
 * game is played. The spec must outlive the player. */
JqMatchPlayer *jq_match_player_new(const JqPlayerSpec *spec, JqVariant variant,
                                   JqError *err);
void jq_match_player_free(JqMatchPlayer *player);
/* The algorithm, or the engine's "id name" (its command if it gave none). */
const char *jq_match_player_name(const JqMatchPlayer *player);

/* Before each game. An AI without a Seed in its spec is seeded with
 * `seed`, so games repeat; an engine gets ucinewgame, and is started again
 * first if it died in an earlier game. False (err filled) when the player
 * cannot play. */
bool jq_match_player_new_game(JqMatchPlayer *player, uint64_t seed,
                              JqError *err);

/* The limits of one move, as the match keeps them: 64-bit milliseconds,
 * since periods can add up past 2^31 ms. External engines are sent these
 * exact figures; our AIs, whose JqLimits hold int milliseconds, get them
 * capped at INT_MAX (24.8 days, far beyond what any of them plans for). */
typedef struct {
  int64_t time_ms[2];  /* clock left per colour; -1: no clock */
  int64_t inc_ms[2];   /* increment per move */
  int movestogo;       /* 0: sudden death */
  int64_t movetime_ms; /* fixed time for this move; 0: none */
  int depth;           /* 0: no limit */
  uint64_t nodes;      /* 0: no limit */
} JqTurnLimits;

/* What a player is shown when it is to move. */
typedef struct {
  const JqPosition *view; /* the mover's view of the game now */
  /* For an engine: the mover's view at the last move that changed what it
   * knows (a reveal, a captured hidden piece) or at the start, as a FEN
   * (JieqiBox's dialect in jieqi), and the moves played since. */
  const char *base_fen;
  bool base_is_startpos; /* "position startpos" may be sent instead */
  const JqMove *moves;
  int move_count;
  const JqTurnLimits *limits; /* clocks, movetime, depth or nodes */
  int64_t timeout_ms;         /* how long to wait for the move at most */
} JqPlayerTurn;

typedef enum {
  JQ_TURN_MOVED = 0,
  JQ_TURN_TIMEOUT, /* no move within timeout_ms */
  JQ_TURN_ILLEGAL, /* a move that is not legal, or not a move at all */
  JQ_TURN_DEAD,    /* the engine exited or stopped talking */
} JqTurnStatus;

/* Asks for a move. *move is set for JQ_TURN_MOVED; `detail` gets a short
 * explanation otherwise (the engine's bad answer, its exit). */
JqTurnStatus jq_match_player_think(JqMatchPlayer *player,
                                   const JqPlayerTurn *turn, JqMove *move,
                                   char *detail, size_t detail_size);
