/* Inside the match runner: openings, the clock, one game. */
#pragma once

#include "jq-match-player.h"
#include "jq-match.h"

/* Derives independent, repeatable seeds from the match seed: `stream`
 * names what the seed is for, `index` which one. */
uint64_t jq_match_seed(uint64_t seed, uint64_t stream, uint64_t index);

enum {
  JQ_SEED_DEAL = 1,    /* index: pair */
  JQ_SEED_OPENING = 2, /* index: pair */
  JQ_SEED_PLAYER = 3,  /* index: 2 * game + player */
};

/* ---- Openings (jq-match-openings.c). A line of the file is a FEN with
 * optional "moves ..." after it, "startpos moves ...", or just moves from
 * the start; moves in any notation jq_notation_parse_any reads (with reveal
 * letters in jieqi, so the opening fixes what was turned up). Blank lines
 * and lines starting with '#' are skipped. */
typedef struct {
  char **lines;
  int *line_numbers;
  int count;
} JqOpeningBook;

bool jq_opening_book_load(const char *path, JqOpeningBook *book, JqError *err);
void jq_opening_book_clear(JqOpeningBook *book);

/* The start of both games of pair `pair`: the variant's start or the
 * pair's opening (lines are used in order, from the first again when they
 * run out), the pair's deal, then random_plies random legal plies. */
JqGame *jq_match_start_game(const JqMatchConfig *config,
                            const JqOpeningBook *book, int pair, JqError *err);

/* ---- The clock (jq-match-clock.c) */
typedef struct {
  const JqTimeControl *tc;
  int64_t remaining_ms[2]; /* per colour */
  int moves_made[2];
} JqMatchClock;

void jq_match_clock_start(JqMatchClock *clock, const JqTimeControl *tc);
/* The limits to give the side to move, and how long to wait for its move
 * (margin included). */
void jq_match_clock_limits(const JqMatchClock *clock, JqColor side,
                           int margin_ms, int move_timeout_ms,
                           JqTurnLimits *limits, int64_t *timeout_ms);
/* Charges a move that took elapsed_ms; false when that was too late. */
bool jq_match_clock_charge(JqMatchClock *clock, JqColor side,
                           int64_t elapsed_ms, int margin_ms);

/* ---- One game (jq-match-game.c) */
typedef struct {
  bool adjudicated;
  char note[256];
} JqMatchGameEnd;

/* Plays `game` from where it stands to its end; players[c] plays colour c.
 * The game's result is always set afterwards. */
void jq_match_play_game(JqGame *game, JqMatchPlayer *players[2],
                        const char *names[2], const JqMatchConfig *config,
                        JqMatchGameEnd *end);
