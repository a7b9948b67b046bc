/* The alpha-beta engine through the AI interface: mates found at their
 * exact distance (each checked here by brute force), tactics, legal moves
 * over many fast self-play games refereed by the arbiter, prompt stopping,
 * blindness to the arbiter's truth, and a deterministic bench. */
#include <string.h>

#include "jq-ai.h"
#include "jq-bench.h"
#include "jq-determinize.h"
#include "jq-eval.h"
#include "jq-game.h"
#include "jq-movegen.h"
#include "jq-notation.h"
#include "jq-search.h"
#include "jq-test-ai.h"
#include "jq-test-tactics.h"
#include "jq-test-util.h"

static JqAi *new_ai(const char *algorithm, const char *hash_mb) {
  JqError err;
  JqAi *ai = jq_ai_new(algorithm, &err);
  if (!ai)
    g_error("%s", err.message);
  if (hash_mb && !jq_ai_set_option(ai, "Hash", hash_mb, &err))
    g_error("%s", err.message);
  return ai;
}

/* What the last completed iteration reported. */
typedef struct {
  int depth;
  int score;
  uint64_t nodes;
} LastInfo;

static void keep_last(const JqProgress *p, void *data) {
  LastInfo *last = data;
  last->depth = p->depth;
  last->score = p->score;
  last->nodes = p->nodes;
}

/* A fresh game on `ai`, then a search of pos to a fixed depth. */
static JqMove search_depth(JqAi *ai, const JqPosition *pos, int depth,
                           LastInfo *last) {
  JqLimits limits;
  jq_limits_init(&limits);
  limits.depth = depth;
  atomic_bool stop;
  atomic_init(&stop, false);
  memset(last, 0, sizeof *last);
  jq_ai_new_game(ai);
  return jq_ai_think(ai, pos, &limits, &stop, keep_last, last, NULL);
}

/* Is m among the space-separated coordinate moves of `list`? */
static bool move_in_list(JqMove m, const char *list) {
  g_auto(GStrv) names = g_strsplit(list, " ", -1);
  for (int i = 0; names[i]; i++)
    if (names[i][0] && jq_test_move(names[i]) == m)
      return true;
  return false;
}

/* Every move of the list is legal in pos (catches typos in the cases). */
static void assert_all_legal(const JqPosition *pos, const char *list,
                             const char *name) {
  g_auto(GStrv) names = g_strsplit(list, " ", -1);
  for (int i = 0; names[i]; i++)
    if (names[i][0] && !jq_test_has_legal_move(pos, names[i]))
      g_error("%s: %s is not a legal move", name, names[i]);
}

/* ---- (a) mates, proved by brute force ---- */

/* Xiangqi and jieqi both count a side with no legal move as lost, checked
 * or not: "mate" below means that. These only run on positions without
 * hidden pieces, so no reveal is needed. */
static bool attacker_wins(JqPosition *pos, int moves);

static bool defender_lost(JqPosition *pos, int moves) {
  JqMoveList list;
  jq_generate_legal(pos, JQ_GEN_ALL, &list);
  if (list.count == 0)
    return true;
  if (moves <= 1)
    return false;
  for (int i = 0; i < list.count; i++) {
    jq_position_make_move(pos, list.moves[i], JQ_REVEAL_NONE);
    bool lost = attacker_wins(pos, moves - 1);
    jq_position_unmake_move(pos);
    if (!lost)
      return false;
  }
  return true;
}

/* Can the side to move leave the other without a legal move within
 * `moves` of its own moves? */
static bool attacker_wins(JqPosition *pos, int moves) {
  JqMoveList list;
  jq_generate_legal(pos, JQ_GEN_ALL, &list);
  for (int i = 0; i < list.count; i++) {
    jq_position_make_move(pos, list.moves[i], JQ_REVEAL_NONE);
    bool won = defender_lost(pos, moves);
    jq_position_unmake_move(pos);
    if (won)
      return true;
  }
  return false;
}

typedef struct {
  const char *name;
  const char *fen;
  int moves; /* mate in this many moves of the winner */
} MateCase;

static const MateCase mate_cases[] = {
    /* Horse on e7 covers d9 and f9; the cannon behind it checks. */
    {"horse-behind-cannon", "4k4/9/4N4/9/9/C8/9/9/p8/3K5 w - - 0 1", 1},
    /* Two cannons on the file: an advisor that blocks becomes the front
     * cannon's screen. */
    {"double-cannon", "3aka3/9/9/9/C8/4C4/8p/9/9/3K5 w - - 0 1", 1},
    {"double-cannon-black", "3k5/9/9/8P/4c4/c8/9/9/9/3AKA3 b - - 0 1", 1},
    /* Horse checks from g8 or f7; the chariot holds rank 8. */
    {"horse-and-chariot", "3aka3/R8/9/7N1/9/9/8p/9/9/3K5 w - - 0 1", 1},
    /* Smothered: the king's own advisors fill d9 and f9, a pawn takes
     * e8, the horse checks. */
    {"smothered-horse", "3aka3/9/4P4/7N1/9/9/8p/9/9/3K5 w - - 0 1", 1},
    /* Two chariots take turns on the files. */
    {"double-chariot", "3k5/9/9/9/9/9/8p/9/R8/1R3K3 w - - 0 1", 2},
    /* Horse to c8 with check, then the cannon checks along rank 8 over
     * the horse. */
    {"horse-then-cannon", "2bakab2/9/9/1N7/9/9/8p/9/9/1C1K5 w - - 0 1", 2},
    /* Iron bolt: the cannon holds the centre file, the chariot takes the
     * advisor and closes the last square. */
    {"iron-bolt", "3a1k3/4a4/9/9/9/4C4/9/9/9/3K3R1 w - - 0 1", 3},
    /* A chariot is given up on d9 to open the palace. */
    {"chariot-sacrifice", "2bakab2/9/3R5/5R3/9/9/8p/9/9/3K5 w - - 0 1", 3},
    /* The king takes the open centre file, pinning the advisor; when the
     * last free black piece falls Black cannot move (no stalemate in
     * xiangqi: it loses). */
    {"king-holds-file", "3ak4/4a4/9/9/9/9/9/9/1p7/2RK1R3 w - - 0 1", 3},
};

static void test_mate(gconstpointer data) {
  const MateCase *c = data;
  JqPosition pos;
  jq_test_position_from_fen(&pos, c->fen);
  g_assert_cmpint(pos.hidden_count[0] + pos.hidden_count[1], ==, 0);
  /* The claimed distance is exact: no faster win exists... */
  for (int n = 1; n < c->moves; n++)
    if (attacker_wins(&pos, n)) {
      g_test_fail_printf("%s: already wins in %d", c->name, n);
      return;
    }
  /* ...and these first moves win in that many. */
  JqMoveList list;
  jq_generate_legal(&pos, JQ_GEN_ALL, &list);
  JqMove winning[JQ_MAX_MOVES];
  int winning_count = 0;
  for (int i = 0; i < list.count; i++) {
    jq_position_make_move(&pos, list.moves[i], JQ_REVEAL_NONE);
    if (defender_lost(&pos, c->moves))
      winning[winning_count++] = list.moves[i];
    jq_position_unmake_move(&pos);
  }
  if (winning_count == 0) {
    g_test_fail_printf("%s: no win in %d", c->name, c->moves);
    return;
  }

  JqAi *ai = new_ai("alphabeta", "16");
  LastInfo last;
  /* Some plies beyond the mate's length: the search is selective (null
   * move, futility, reductions, bolder where the evaluation is not
   * improving), so a quiet mate that ends in a stalemated king may need
   * more than the bare 2N-1 plies to surface: king-holds-file needs 15. */
  JqMove m = search_depth(ai, &pos, 2 * c->moves + 10, &last);
  bool found = false;
  for (int i = 0; i < winning_count; i++)
    found = found || winning[i] == m;
  char name[JQ_COORDS_MAX];
  jq_move_to_coords(m, name);
  if (!found)
    g_test_fail_printf("%s: played %s, which does not win in %d (score %d)",
                       c->name, name, c->moves, last.score);
  else if (last.score != JQ_SCORE_MATE - (2 * c->moves - 1))
    g_test_fail_printf("%s: score %d, not mate in %d", c->name, last.score,
                       c->moves);
  jq_ai_free(ai);
}

/* ---- (b) tactics ---- */

typedef struct {
  const char *name;
  const char *fen;
  const char *best;  /* the engine must play one of these... */
  const char *avoid; /* ...or, when best is empty, none of these */
  int depth;
} TacticCase;

static const TacticCase tactic_cases[] = {
    /* The black chariot strayed to g4, in reach of a pawn. */
    {"pawn-takes-chariot",
     "rnbakabn1/9/1c5c1/p1p1p1p1p/9/6r2/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - "
     "0 1",
     "g3g4", "", 8},
    /* Horse to g8 checks the king and attacks the loose chariot on i7. */
    {"horse-fork-check",
     "1nbaka3/9/1c2b3r/p1p1p1pNp/9/9/P1P1P1P1P/1C7/9/R1BAKAB2 w - - 0 1",
     "h6g8", "", 8},
    {"horse-fork-check-black",
     "r1bakab2/9/1c7/p1p1p1p1p/9/9/P1P1P1PnP/1C2B3R/9/1NBAKA3 b - - 0 1",
     "h3g1", "", 8},
    /* The cannon jumps over the black cannon on h7 and takes the chariot
     * on h9: the horse recaptures, a chariot for a cannon. */
    {"cannon-takes-back-chariot",
     "rnbakabr1/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - "
     "0 1",
     "h2h9", "", 8},
    {"cannon-takes-back-chariot-black",
     "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C4NC1/9/RNBAKABR1 b - - "
     "0 1",
     "h7h0", "", 8},
    /* The horse leaves the file to d7: the chariot behind it and the horse
     * both check, the king must step to f9 and the chariot mates on e9
     * (the only mate in two). */
    {"discovered-double-check",
     "2bak1bnr/1r7/1c5c1/p1p3p1p/4N4/9/P1P3P1P/1C1A3C1/4R4/R1BK1AB2 w - - "
     "0 1",
     "e5d7", "", 8},
    /* The horse on e7 is pinned to its king by the chariot on e2, with no
     * advisor to step between, and cannot flee the pawn's attack from d7.
     * Red is not so far ahead that any quiet move would do as well
     * (Fairy-Stockfish at depth 14: d6d7 +386, the next best +255). */
    {"chariot-pin",
     "rnb1k1b2/9/1c2n4/p2P4p/9/9/P7P/1C2R4/4A4/2BK1AB2 w - - 0 1", "d6d7", "",
     8},
    /* The chariot checks on the d-file and attacks the cannon on i5 along
     * the rank: whatever answers the check, a piece falls. */
    {"chariot-check-fork",
     "r1bk1abn1/4a4/9/p7p/R7c/9/P7P/9/9/2BAKABN1 w - - 0 1", "a5d5", "", 8},
    /* Take the unprotected chariot, not the horse the pawn guards. */
    {"bigger-capture",
     "2bakabn1/9/9/p3p1p2/n3R3r/9/P7P/9/4A4/2BK1ABN1 w - - 0 1", "e5i5", "", 8},
    /* Black threatens horse-behind-cannon mate (a5e5); the chariot takes
     * the horse, which both stops it and wins a piece. */
    {"stop-mate-win-horse", "r1b2kb2/4a4/9/9/c8/9/2P6/R3n4/9/4K2N1 w - - 0 1",
     "a2e2", "", 8},
    {"stop-mate-win-horse-black",
     "4k2n1/9/r3N4/2p6/9/C8/9/9/4A4/R1B2KB2 b - - 0 1", "a7e7", "", 8},
    /* Black threatens the double cannon mate (a5e5); of the four moves
     * that stop it, taking the front cannon also wins it. */
    {"stop-mate-take-cannon",
     "r1ba1kbn1/4a4/9/p5p2/c8/4c3R/P7P/9/9/2BAKABN1 w - - 0 1", "i4e4", "", 8},
    /* The pawn steps to e7 and attacks the horse and the cannon, and no
     * black piece can take it. */
    {"pawn-fork", "3aka2r/9/b2n1c2b/p3P3p/9/9/P7P/9/4A4/RNBK1ABN1 w - - 0 1",
     "e6e7", "", 8},
    {"pawn-fork-black",
     "rnbk1abn1/4a4/9/p7p/9/9/P3p3P/B2N1C2B/9/3AKA2R b - - 0 1", "e3e2", "", 8},
    /* A side that cannot move loses even when not in check: f8 leaves the
     * black king no square (d9 would face the red king). */
    {"stalemate-wins", "4k4/9/5R3/1P7/9/9/9/9/9/3K5 w - - 0 1", "f7f8", "", 8},
    /* The pawn takes the advisor and the king has nowhere to go. */
    {"pawn-stalemates", "3k5/4aP3/9/9/2P6/9/9/9/8N/5K3 w - - 0 1", "f8e8", "",
     8},
    /* Mate in two beats taking the chariot on a4 with the horse. */
    {"mate-before-material", "2bakab2/9/9/1N7/9/r8/8p/9/9/1C1K5 w - - 0 1",
     "b6c8", "", 8},

    /* Jieqi. A hidden piece on a0 moves as a chariot: it takes the
     * revealed black chariot whatever it turns out to be. */
    {"jieqi-hidden-takes-chariot",
     "2x1k1x2/9/7x1/4x3x/r8/9/9/7X1/9/X1X1K1X2 w R2C1N1a1r1c1p1n1 - 0 1",
     "a0a5", "", 4},
    {"jieqi-hidden-takes-chariot-black",
     "x1x1k1x2/9/7x1/9/9/R8/4X3X/7X1/9/2X1K1X2 b r2c1n1A1R1C1P1N1 - 0 1",
     "a9a4", "", 4},
    /* The hidden piece on e6 is a chariot or a cannon (the pool says so),
     * worth more than the revealed horse on a5... (e5f5, a check and the horse
     * after it, is the fitted jieqi weights' choice at depth 4 and the earlier
     * weights' at depth 8, not at 11.) */
    {"jieqi-hidden-worth-more",
     "3a1k2x/4a4/9/4x4/n3R4/9/9/9/4A4/3AK4 w r1c1 - 0 1", "e5e6 e5f5", "", 4},
    /* ...and when both hidden black pieces are pawns, the horse is worth
     * more (a check first wins it too). */
    {"jieqi-hidden-only-pawn",
     "3a1k2x/4a4/9/4x4/n3R4/9/9/9/4A4/3AK4 w p2 - 0 1", "e5a5 e5f5", "", 4},
    /* Red's pool is mostly chariots and cannons: turning a piece up on a2
     * or h5, where the black chariot takes it for nothing, throws one
     * away. */
    {"jieqi-no-reveal-into-capture",
     "2x1k1x2/9/7x1/4x3x/r8/9/2X6/7X1/9/1X2K1X2 w R2C1N1a1r1c1p1n1 - 0 1", "",
     "b0a2 h2a2 h2h5", 4},
    /* Horse-behind-cannon mate with hidden pieces on the board: no hidden
     * black piece can reach the horse or the file. */
    {"jieqi-mate",
     "xx2k2xx/9/4N4/9/9/C8/9/9/9/XX1AKA1XX w "
     "B2N1R2C1P5a2b2n2r2c2p5 - 0 1",
     "a4e4", "", 4},
};

static void test_tactic(gconstpointer data) {
  const TacticCase *c = data;
  JqPosition pos;
  JqError err;
  if (!jq_fen_parse(c->fen, JQ_FEN_VARIANT_AUTO, &pos, &err)) {
    g_test_fail_printf("%s: bad FEN: %s", c->name, err.message);
    return;
  }
  g_assert_true(c->best[0] || c->avoid[0]);
  assert_all_legal(&pos, c->best, c->name);
  assert_all_legal(&pos, c->avoid, c->name);
  g_assert_cmpint(c->depth, <=, 8);

  JqAi *ai = new_ai("alphabeta", "16");
  LastInfo last;
  JqMove m = search_depth(ai, &pos, c->depth, &last);
  char name[JQ_COORDS_MAX];
  jq_move_to_coords(m, name);
  g_assert_true(jq_position_is_legal(&pos, m));
  if (c->best[0] && !move_in_list(m, c->best))
    g_test_fail_printf("%s: played %s, expected one of %s", c->name, name,
                       c->best);
  if (c->avoid[0] && move_in_list(m, c->avoid))
    g_test_fail_printf("%s: played %s, one of %s", c->name, name, c->avoid);
  g_assert_cmpint(last.depth, ==, c->depth);
  jq_ai_free(ai);
}

/* The jieqi positions with known best play (tests/data): the move within
 * the case's node budget. */
static void test_jieqi_tactic(gconstpointer data) {
  const JqTestTactic *t = data;
  JqPosition pos;
  jq_test_tactic_check(t, &pos);
  JqAi *ai = new_ai("alphabeta", "16");
  JqLimits limits;
  jq_limits_init(&limits);
  limits.nodes = t->alphabeta_nodes;
  atomic_bool stop;
  atomic_init(&stop, false);
  LastInfo last;
  memset(&last, 0, sizeof last);
  JqMove m = jq_ai_think(ai, &pos, &limits, &stop, keep_last, &last, NULL);
  g_assert_true(jq_position_is_legal(&pos, m));
  char name[JQ_COORDS_MAX];
  jq_move_to_coords(m, name);
  if (!jq_test_tactic_is_best(t, m))
    g_test_fail_printf("%s: played %s (depth %d, score %d), expected one of %s",
                       t->name, name, last.depth, last.score, t->best);
  jq_ai_free(ai);
}

/* The jieqi start position, where every move but the king's turns a piece
 * up: on a budget of nodes (not of time, to stay deterministic) the search
 * must get well past the two or three plies that branching on every reveal
 * allowed (depth 3 took some 250,000 nodes). */
static void test_jieqi_depth(void) {
  JqPosition pos;
  JqError err;
  g_assert_true(
      jq_fen_parse(JQ_START_FEN_JIEQI, JQ_FEN_VARIANT_AUTO, &pos, &err));
  JqAi *ai = new_ai("alphabeta", "16");
  JqLimits limits;
  jq_limits_init(&limits);
  limits.nodes = 250000;
  atomic_bool stop;
  atomic_init(&stop, false);
  LastInfo last;
  memset(&last, 0, sizeof last);
  JqMove m = jq_ai_think(ai, &pos, &limits, &stop, keep_last, &last, NULL);
  g_assert_true(jq_position_is_legal(&pos, m));
  g_test_message("depth %d in %" G_GUINT64_FORMAT " nodes", last.depth,
                 last.nodes);
  g_assert_cmpint(last.depth, >=, 6);
  jq_ai_free(ai);
}

/* Jieqi's quiescence takes only recaptures (and chariots) from its third
 * ply. Here c3d5 takes a cannon and d7d5 takes the horse back; the chariot
 * that did, on d7, defended Black's horse on a7, which a0a7 would then take,
 * but that is no recapture: jieqi values the position below the line with
 * it. Xiangqi's quiescence still takes the horse. */
static void test_quiescence_recaptures(void) {
  static const char *fen = "5k3/9/n2r5/9/3c5/9/2N6/9/9/R3K4 w - - 0 1";
  static const char *line[] = {"c3d5", "d7d5", "a0a7"};
  const JqFenVariant variants[] = {JQ_FEN_VARIANT_JIEQI,
                                   JQ_FEN_VARIANT_XIANGQI};
  for (size_t v = 0; v < G_N_ELEMENTS(variants); v++) {
    /* A search of its own: the table's keys leave the variant out. */
    JqSearch *search = jq_search_new_sized(1);
    g_assert_nonnull(search);
    g_assert_true(jq_search_reserve(search));
    JqPosition pos, after;
    JqError err = {{0}};
    g_assert_true(jq_fen_parse(fen, variants[v], &pos, &err));
    memcpy(&after, &pos, sizeof pos);
    for (size_t i = 0; i < G_N_ELEMENTS(line); i++) {
      g_assert_true(jq_test_has_legal_move(&after, line[i]));
      jq_position_make_move(&after, jq_test_move(line[i]), JQ_REVEAL_NONE);
    }
    /* Black to move after the line, with no capture left: its value for
     * Red is the evaluation's. */
    int with_horse = -jq_evaluate(&after);
    int value = jq_search_value(search, &pos, 0);
    g_test_message("%s: quiescence %d, the line with a0a7 %d",
                   v ? "xiangqi" : "jieqi", value, with_horse);
    if (variants[v] == JQ_FEN_VARIANT_JIEQI)
      g_assert_cmpint(value, <, with_horse);
    else
      g_assert_cmpint(value, >=, with_horse);
    jq_search_free(search);
  }
}

/* Asian rules: Red has checked on a9 and a8 in turn; checking on a9 once
 * more repeats a position the third time and loses for perpetual check.
 * Red is a cannon down, so a draw would tempt it (and would be its due
 * under rules that call repetition a draw): it must deviate. */
static void test_perpetual_check_avoided(void) {
  JqError err;
  JqGame *game = jq_game_new_from_fen("4k4/9/9/9/2c3r2/9/9/9/R8/5K3 w - - 0 1",
                                      JQ_FEN_VARIANT_XIANGQI, 1, &err);
  g_assert_nonnull(game);
  const char *record[] = {"a1a9", "e9e8", "a9a8", "e8e9",
                          "a8a9", "e9e8", "a9a8", "e8e9"};
  for (size_t i = 0; i < G_N_ELEMENTS(record); i++)
    if (!jq_game_play(game, jq_test_move(record[i]), &err))
      g_error("%s: %s", record[i], err.message);
  g_assert_false(jq_game_is_over(game));

  /* The premise, from the referee: a8a9 now loses. */
  JqGame *probe = jq_game_copy(game);
  g_assert_true(jq_game_play(probe, jq_test_move("a8a9"), &err));
  JqResult result = jq_game_result(probe);
  g_assert_cmpint(result.outcome, ==, JQ_OUTCOME_BLACK_WINS);
  g_assert_cmpint(result.reason, ==, JQ_REASON_PERPETUAL_CHECK);
  jq_game_free(probe);

  JqPosition view;
  jq_game_view(game, JQ_RED, &view);
  JqAi *ai = new_ai("alphabeta", "16");
  LastInfo last;
  JqMove m = search_depth(ai, &view, 6, &last);
  g_assert_true(jq_game_is_legal(game, m));
  g_assert_cmpint(m, !=, jq_test_move("a8a9"));
  /* Still a game: the move chosen does not lose on the spot either. */
  g_assert_true(jq_game_play(game, m, &err));
  g_assert_false(jq_game_is_over(game));
  jq_ai_free(ai);
  jq_game_free(game);
}

/* ---- (c) legality over many fast games ---- */

typedef enum {
  PLAYER_RANDOM,
  PLAYER_GREEDY,
  PLAYER_AB_DEPTH1,
  PLAYER_AB_DEPTH2,
  PLAYER_AB_NODES,
  PLAYER_KINDS
} PlayerKind;

#define SELFPLAY_GAMES 1000
#define SELFPLAY_MAX_PLIES 200

static JqMove selfplay_move(JqAi *const ais[PLAYER_KINDS], PlayerKind kind,
                            const JqPosition *view) {
  JqLimits limits;
  jq_limits_init(&limits);
  if (kind == PLAYER_AB_DEPTH1)
    limits.depth = 1;
  else if (kind == PLAYER_AB_DEPTH2)
    limits.depth = 2;
  else if (kind == PLAYER_AB_NODES)
    limits.nodes = 300;
  atomic_bool stop;
  atomic_init(&stop, false);
  return jq_ai_think(ais[kind], view, &limits, &stop, NULL, NULL, NULL);
}

static void run_selfplay(JqVariant variant) {
  JqAi *ais[PLAYER_KINDS];
  ais[PLAYER_RANDOM] = new_ai("random", NULL);
  ais[PLAYER_GREEDY] = new_ai("greedy", NULL);
  for (int k = PLAYER_AB_DEPTH1; k < PLAYER_KINDS; k++)
    ais[k] = new_ai("alphabeta", "1");
  /* Depth 2 costs most: it plays in a tenth of the games. */
  static const PlayerKind pairs[][2] = {
      {PLAYER_AB_DEPTH1, PLAYER_RANDOM},    {PLAYER_GREEDY, PLAYER_AB_NODES},
      {PLAYER_AB_NODES, PLAYER_AB_DEPTH1},  {PLAYER_RANDOM, PLAYER_GREEDY},
      {PLAYER_AB_DEPTH1, PLAYER_GREEDY},    {PLAYER_RANDOM, PLAYER_AB_NODES},
      {PLAYER_AB_DEPTH1, PLAYER_AB_DEPTH1}, {PLAYER_AB_NODES, PLAYER_RANDOM},
      {PLAYER_GREEDY, PLAYER_AB_DEPTH1},    {PLAYER_AB_DEPTH2, PLAYER_RANDOM},
  };
  int finished = 0;
  long plies = 0, moves_by[PLAYER_KINDS] = {0};
  for (int g = 0; g < SELFPLAY_GAMES; g++) {
    JqGame *game = jq_game_new(variant, (uint64_t)g + 1);
    const PlayerKind *pair = pairs[g % G_N_ELEMENTS(pairs)];
    /* Swap colours every other round of pairs. */
    bool swap = (g / G_N_ELEMENTS(pairs)) % 2 == 1;
    char seed[24];
    g_snprintf(seed, sizeof seed, "%d", g);
    JqError err;
    g_assert_true(jq_ai_set_option(ais[PLAYER_RANDOM], "Seed", seed, &err));
    g_assert_true(jq_ai_set_option(ais[PLAYER_GREEDY], "Seed", seed, &err));
    for (int k = 0; k < PLAYER_KINDS; k++)
      jq_ai_new_game(ais[k]);
    int ply = 0;
    while (!jq_game_is_over(game) && ply < SELFPLAY_MAX_PLIES) {
      JqColor side = jq_game_side_to_move(game);
      PlayerKind kind = pair[side ^ (swap ? 1 : 0)];
      JqPosition view;
      jq_game_view(game, side, &view);
      JqMove m = selfplay_move(ais, kind, &view);
      if (!jq_game_is_legal(game, m) || !jq_game_play(game, m, &err)) {
        char name[JQ_COORDS_MAX];
        jq_move_to_coords(m, name);
        g_error("game %d (%s), ply %d: %s played %s, which is illegal", g,
                variant == JQ_VARIANT_JIEQI ? "jieqi" : "xiangqi", ply,
                kind == PLAYER_RANDOM   ? "random"
                : kind == PLAYER_GREEDY ? "greedy"
                                        : "alphabeta",
                name);
      }
      moves_by[kind]++;
      ply++;
    }
    finished += jq_game_is_over(game);
    plies += ply;
    jq_game_free(game);
  }
  /* Every kind of player had its share of the moves. */
  for (int k = 0; k < PLAYER_KINDS; k++)
    g_assert_cmpint(moves_by[k], >, 1000);
  /* Most games end by the rules before the ply cap, which shows the
   * referee had its say (mates, repetitions, natural limit). */
  g_assert_cmpint(finished, >, SELFPLAY_GAMES / 2);
  g_test_message("%s: %d games, %d finished, %ld plies",
                 variant == JQ_VARIANT_JIEQI ? "jieqi" : "xiangqi",
                 SELFPLAY_GAMES, finished, plies);
  for (int k = 0; k < PLAYER_KINDS; k++)
    jq_ai_free(ais[k]);
}

static void test_selfplay_xiangqi(void) { run_selfplay(JQ_VARIANT_XIANGQI); }
static void test_selfplay_jieqi(void) { run_selfplay(JQ_VARIANT_JIEQI); }

/* ---- (d) stopping ---- */

typedef struct {
  JqAi *ai;
  JqPosition pos;
  JqLimits limits;
  atomic_bool stop;
  JqMove move;
  gint64 done_us;
} ThinkJob;

static gpointer think_thread(gpointer data) {
  ThinkJob *job = data;
  job->move = jq_ai_think(job->ai, &job->pos, &job->limits, &job->stop, NULL,
                          NULL, NULL);
  job->done_us = g_get_monotonic_time();
  return NULL;
}

static void test_stop_infinite(void) {
  for (int v = 0; v < 2; v++) {
    ThinkJob job;
    memset(&job, 0, sizeof job);
    job.ai = new_ai("alphabeta", "16");
    jq_position_init_start(&job.pos, (JqVariant)v);
    jq_limits_init(&job.limits);
    job.limits.infinite = true;
    atomic_init(&job.stop, false);
    GThread *t = g_thread_new("think", think_thread, &job);
    g_usleep(100 * 1000);
    gint64 stopped_us = g_get_monotonic_time();
    atomic_store(&job.stop, true);
    g_thread_join(t);
    /* Thinking went on until the stop, and came back within half a
     * second of it with a legal move. */
    g_assert_cmpint(job.done_us, >=, stopped_us);
    g_assert_cmpint(job.done_us - stopped_us, <, 500 * 1000);
    g_assert_true(jq_position_is_legal(&job.pos, job.move));
    jq_ai_free(job.ai);
  }
}

static void test_movetime(void) {
  for (int v = 0; v < 2; v++) {
    JqAi *ai = new_ai("alphabeta", "16");
    JqPosition pos;
    jq_position_init_start(&pos, (JqVariant)v);
    JqLimits limits;
    jq_limits_init(&limits);
    limits.movetime_ms = 200;
    atomic_bool stop;
    atomic_init(&stop, false);
    gint64 start = g_get_monotonic_time();
    JqMove m = jq_ai_think(ai, &pos, &limits, &stop, NULL, NULL, NULL);
    gint64 elapsed = g_get_monotonic_time() - start;
    g_assert_cmpint(elapsed, <, 1000 * 1000);
    g_assert_true(jq_position_is_legal(&pos, m));
    jq_ai_free(ai);
  }
}

/* ---- (e) the AI never reads the truth ---- */

static void test_truth_blind(void) {
  /* A jieqi middle game: some pieces revealed, some captured. */
  JqGame *game = jq_test_ai_middle_game(2024, 16, "1");
  JqColor side = jq_game_side_to_move(game);
  JqPosition view;
  jq_game_view(game, side, &view);
  g_assert_cmpint(view.hidden_count[0] + view.hidden_count[1], >, 4);

  /* Two truths that both fit the view, with different deals. */
  JqGame *worlds[2];
  JqPosition views[2];
  JqPieceType deals[2][JQ_SQUARES];
  for (int w = 0; w < 2; w++) {
    JqRng rng;
    jq_rng_seed(&rng, 77 + (uint64_t)w * 1000);
    jq_determinize(&view, &rng, deals[w]);
    JqError err;
    worlds[w] = jq_game_new_from_view(&view, deals[w], &err);
    if (!worlds[w])
      g_error("%s", err.message);
    memset(&views[w], 0, sizeof views[w]);
    jq_game_view(worlds[w], side, &views[w]);
  }
  g_assert_true(memcmp(deals[0], deals[1], sizeof deals[0]) != 0);
  g_assert_true(memcmp(&views[0], &views[1], sizeof views[0]) == 0);

  JqAi *ai = new_ai("alphabeta", "16");
  LastInfo last[2];
  JqMove moves[2];
  for (int w = 0; w < 2; w++) {
    moves[w] = search_depth(ai, &views[w], 3, &last[w]);
    g_assert_true(jq_game_is_legal(worlds[w], moves[w]));
  }
  g_assert_cmpint(moves[0], ==, moves[1]);
  g_assert_cmpint(last[0].score, ==, last[1].score);
  g_assert_cmpuint(last[0].nodes, ==, last[1].nodes);
  jq_ai_free(ai);
  for (int w = 0; w < 2; w++)
    jq_game_free(worlds[w]);
  jq_game_free(game);
}

/* ---- the bench is deterministic ---- */

/* Every bench position searched twice, the second time in reverse order:
 * with one thread the node counts must match exactly, or the bench is no
 * signature (and the search leaks state from one game to the next). */
static void test_bench_deterministic(void) {
  size_t count;
  const JqBenchPosition *positions = jq_bench_positions(&count);
  g_assert_cmpuint(count, >=, 18);
  size_t xiangqi = 0, jieqi = 0;
  uint64_t *nodes = g_new0(uint64_t, count);
  JqMove *best = g_new0(JqMove, count);
  JqAi *ai = new_ai("alphabeta", "16");
  JqError err;
  for (size_t i = 0; i < count; i++) {
    bool is_jieqi = positions[i].variant == JQ_VARIANT_JIEQI;
    xiangqi += !is_jieqi;
    jieqi += is_jieqi;
    if (!jq_bench_search(ai, &positions[i], is_jieqi ? 2 : 5, &nodes[i],
                         &best[i], &err))
      g_error("bench position %zu: %s", i + 1, err.message);
    g_assert_cmpuint(nodes[i], >, 0);
    JqPosition pos;
    jq_test_position_from_fen(&pos, positions[i].fen);
    g_assert_cmpint(pos.variant, ==, positions[i].variant);
    g_assert_true(jq_position_is_legal(&pos, best[i]));
  }
  g_assert_cmpuint(xiangqi, >=, 12);
  g_assert_cmpuint(jieqi, >=, 6);
  for (size_t k = count; k-- > 0;) {
    bool is_jieqi = positions[k].variant == JQ_VARIANT_JIEQI;
    uint64_t again;
    JqMove move;
    g_assert_true(jq_bench_search(ai, &positions[k], is_jieqi ? 2 : 5, &again,
                                  &move, &err));
    g_assert_cmpuint(again, ==, nodes[k]);
    g_assert_cmpint(move, ==, best[k]);
  }
  jq_ai_free(ai);
  g_free(nodes);
  g_free(best);
}

/* The timed jieqi bench: five jieqi positions of the fixed list, the start
 * first; each reaches at least depth 1 (the search always completes its
 * first iteration) with a legal move. A bad time is refused. */
static void test_bench_timed(void) {
  size_t count, all_count;
  const JqBenchPosition *timed = jq_bench_timed_positions(&count);
  const JqBenchPosition *all = jq_bench_positions(&all_count);
  g_assert_cmpuint(count, ==, 5);
  g_assert_cmpstr(timed[0].fen, ==, JQ_START_FEN_JIEQI);
  JqAi *ai = new_ai("alphabeta", "16");
  JqError err;
  for (size_t i = 0; i < count; i++) {
    g_assert_cmpint(timed[i].variant, ==, JQ_VARIANT_JIEQI);
    bool listed = false;
    for (size_t k = 0; k < all_count; k++)
      listed = listed || (strcmp(all[k].fen, timed[i].fen) == 0 &&
                          all[k].variant == timed[i].variant);
    g_assert_true(listed);
    int depth = 0;
    uint64_t nodes = 0;
    JqMove best = JQ_MOVE_NONE;
    /* Time enough for a first iteration even on a loaded machine under
     * the sanitizers (some 10,000 nodes); 20 ms was not always. */
    g_assert_true(
        jq_bench_search_timed(ai, &timed[i], 300, &depth, &nodes, &best, &err));
    g_assert_cmpint(depth, >=, 1);
    g_assert_cmpuint(nodes, >, 0);
    JqPosition pos;
    jq_test_position_from_fen(&pos, timed[i].fen);
    g_assert_true(jq_position_is_legal(&pos, best));
  }
  int depth = 7;
  uint64_t nodes = 7;
  JqMove best = JQ_MOVE_NONE;
  memset(&err, 0, sizeof err);
  g_assert_false(
      jq_bench_search_timed(ai, &timed[0], 0, &depth, &nodes, &best, &err));
  g_assert_cmpuint(strlen(err.message), >, 0);
  g_assert_cmpint(depth, ==, 7);
  g_assert_cmpuint(nodes, ==, 7);
  jq_ai_free(ai);
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  for (size_t i = 0; i < G_N_ELEMENTS(mate_cases); i++) {
    g_autofree char *path =
        g_strdup_printf("/search/mate/%s", mate_cases[i].name);
    g_test_add_data_func(path, &mate_cases[i], test_mate);
  }
  for (size_t i = 0; i < G_N_ELEMENTS(tactic_cases); i++) {
    g_autofree char *path =
        g_strdup_printf("/search/tactic/%s", tactic_cases[i].name);
    g_test_add_data_func(path, &tactic_cases[i], test_tactic);
  }
  g_test_add_func("/search/tactic/perpetual-check-avoided",
                  test_perpetual_check_avoided);
  GPtrArray *tactics = jq_test_tactics_load();
  for (guint i = 0; i < tactics->len; i++) {
    const JqTestTactic *t = g_ptr_array_index(tactics, i);
    if (t->alphabeta_nodes == 0)
      continue; /* a known weakness, noted in the data file */
    g_autofree char *path = g_strdup_printf("/search/jieqi-tactic/%s", t->name);
    g_test_add_data_func(path, t, test_jieqi_tactic);
  }
  g_test_add_func("/search/jieqi-depth", test_jieqi_depth);
  g_test_add_func("/search/quiescence-recaptures", test_quiescence_recaptures);
  g_test_add_func("/search/selfplay/xiangqi", test_selfplay_xiangqi);
  g_test_add_func("/search/selfplay/jieqi", test_selfplay_jieqi);
  g_test_add_func("/search/stop/infinite", test_stop_infinite);
  g_test_add_func("/search/stop/movetime", test_movetime);
  g_test_add_func("/search/truth-blind", test_truth_blind);
  g_test_add_func("/search/bench-deterministic", test_bench_deterministic);
  g_test_add_func("/search/bench-timed", test_bench_timed);
  int rc = g_test_run();
  g_ptr_array_unref(tactics);
  return rc;
}
