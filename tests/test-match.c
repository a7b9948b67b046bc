/* The match runner (jieqi-match): greedy against random in both variants,
 * pairs with colours swapped, PGN that replays, repeatability, openings,
 * clocks, Elo, refusals, and external engines that misbehave (small shell
 * scripts standing in for UCI engines). */
#include <errno.h>
#include <glib/gstdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "jq-match-private.h"
#include "jq-movegen.h"
#include "jq-test-util.h"
#include "jq-uci-client.h"
#include "jq-uci-ranks.h"

/* What the test keeps of each game. */
typedef struct {
  int number, pair, red;
  JqResult result;
  bool adjudicated;
  char *note;
  char *pgn;
  int move_count;
  JqGameMove *moves;
  char initial_fen[JQ_FEN_MAX];
  double points[2];
} Kept;

typedef struct {
  int games;
  Kept *kept;
  int calls;
} Collector;

static void collect(const JqMatchGame *g, void *data) {
  Collector *c = data;
  g_assert_cmpint(g->number, >=, 1);
  g_assert_cmpint(g->number, <=, c->games);
  Kept *k = &c->kept[g->number - 1];
  g_assert_null(k->pgn); /* each game is reported once */
  k->number = g->number;
  k->pair = g->pair;
  k->red = g->red;
  k->result = jq_game_result(g->game);
  k->adjudicated = g->adjudicated;
  k->note = g_strdup(g->note);
  k->pgn = g_strdup(g->pgn);
  k->move_count = jq_game_move_count(g->game);
  k->moves = g_new(JqGameMove, k->move_count + 1);
  for (int i = 0; i < k->move_count; i++)
    k->moves[i] = jq_game_move_at(g->game, i);
  g_strlcpy(k->initial_fen, jq_game_initial_fen(g->game),
            sizeof k->initial_fen);
  k->points[0] = g->points[0];
  k->points[1] = g->points[1];
  c->calls++;
}

static void collector_init(Collector *c, JqMatchConfig *config) {
  c->games = config->games;
  c->kept = g_new0(Kept, config->games);
  c->calls = 0;
  config->on_game = collect;
  config->data = c;
}

static void collector_clear(Collector *c) {
  for (int i = 0; i < c->games; i++) {
    g_free(c->kept[i].note);
    g_free(c->kept[i].pgn);
    g_free(c->kept[i].moves);
  }
  g_free(c->kept);
}

static void run_ok(const JqMatchConfig *config, JqMatchSummary *summary) {
  JqError err;
  if (!jq_match_run(config, summary, &err))
    g_error("match failed: %s", err.message);
}

static char *pgn_tag(const char *pgn, const char *name) {
  char value[256];
  if (!jq_pgn_tag(pgn, name, value, sizeof value))
    return NULL;
  return g_strdup(value);
}

/* The PGN replays through the arbiter to the same moves and result. */
static void assert_replays(const Kept *k) {
  JqError err;
  JqGame *back = jq_pgn_read(k->pgn, NULL, &err);
  if (!back)
    g_error("game %d: PGN does not replay: %s\n%s", k->number, err.message,
            k->pgn);
  g_assert_cmpint(jq_game_move_count(back), ==, k->move_count);
  for (int i = 0; i < k->move_count; i++) {
    JqGameMove m = jq_game_move_at(back, i);
    g_assert_cmpint(m.move, ==, k->moves[i].move);
    g_assert_cmpint(m.reveal.mover, ==, k->moves[i].reveal.mover);
    g_assert_cmpint(m.reveal.captured, ==, k->moves[i].reveal.captured);
  }
  JqResult r = jq_game_result(back);
  g_assert_cmpint(r.outcome, ==, k->result.outcome);
  if (!k->adjudicated) {
    g_assert_cmpint(r.reason, ==, k->result.reason);
    g_assert_cmpint(r.culprit, ==, k->result.culprit);
  }
  jq_game_free(back);
}

/* A result the referee can give to baselines that always move in time. */
static void assert_legal_result(const Kept *k, JqVariant variant) {
  JqResult r = k->result;
  g_assert_cmpint(r.outcome, !=, JQ_OUTCOME_NONE);
  switch (r.reason) {
  case JQ_REASON_CHECKMATE:
  case JQ_REASON_STALEMATE:
  case JQ_REASON_PERPETUAL_CHECK:
  case JQ_REASON_PERPETUAL_CHASE:
    g_assert_cmpint(r.outcome, !=, JQ_OUTCOME_DRAW);
    /* The side that lost is the side that was to move (mate) or the
     * culprit (perpetual). */
    g_assert_cmpint(r.outcome, ==,
                    r.culprit == JQ_RED ? JQ_OUTCOME_BLACK_WINS
                                        : JQ_OUTCOME_RED_WINS);
    break;
  case JQ_REASON_REPETITION:
  case JQ_REASON_NATURAL_LIMIT:
    g_assert_cmpint(r.outcome, ==, JQ_OUTCOME_DRAW);
    break;
  case JQ_REASON_NO_ATTACKERS:
    g_assert_cmpint(variant, ==, JQ_VARIANT_XIANGQI);
    g_assert_cmpint(r.outcome, ==, JQ_OUTCOME_DRAW);
    break;
  case JQ_REASON_AGREEMENT: g_assert_true(k->adjudicated); break;
  default:
    g_error("game %d ended by reason %d (%s)", k->number, r.reason, k->note);
  }
  if (r.reason == JQ_REASON_NATURAL_LIMIT)
    g_assert_cmpint(k->move_count, >=, variant == JQ_VARIANT_JIEQI ? 80 : 120);
}

static void test_greedy_beats_random(void) {
  double greedy_points = 0;
  int games_total = 0;
  for (int v = 0; v < 2; v++) {
    JqVariant variant = (JqVariant)v;
    JqMatchConfig config;
    jq_match_config_init(&config);
    config.variant = variant;
    config.games = 20;
    config.concurrency = 2;
    config.players[0] = "ai:greedy";
    config.players[1] = "random";
    config.seed = 2024;
    Collector c;
    collector_init(&c, &config);
    JqMatchSummary s;
    run_ok(&config, &s);
    g_assert_cmpint(c.calls, ==, 20);
    g_assert_cmpint(s.games, ==, 20);
    g_assert_cmpint(s.wins + s.losses + s.draws, ==, 20);
    g_assert_cmpstr(s.names[0], ==, "greedy");
    g_assert_cmpstr(s.names[1], ==, "random");
    int reasons = 0;
    for (int r = 0; r < JQ_MATCH_REASONS; r++)
      reasons += s.reasons[r];
    g_assert_cmpint(reasons, ==, 20);

    double points = 0;
    int wins = 0, losses = 0;
    for (int i = 0; i < 20; i++) {
      const Kept *k = &c.kept[i];
      g_assert_cmpint(k->number, ==, i + 1);
      g_assert_cmpint(k->pair, ==, i / 2);
      /* Colours swap within each pair; player1 is Red first. */
      g_assert_cmpint(k->red, ==, i % 2);
      assert_legal_result(k, variant);
      assert_replays(k);
      g_assert_cmpfloat(k->points[0] + k->points[1], ==, 1.0);
      points += k->points[0];
      wins += k->points[0] == 1.0;
      losses += k->points[0] == 0.0;
      char *red = pgn_tag(k->pgn, "Red"), *black = pgn_tag(k->pgn, "Black");
      g_assert_cmpstr(red, ==, k->red == 0 ? "greedy" : "random");
      g_assert_cmpstr(black, ==, k->red == 0 ? "random" : "greedy");
      g_free(red);
      g_free(black);
      char *variant_tag = pgn_tag(k->pgn, "Variant");
      g_assert_cmpstr(variant_tag, ==, v ? "jieqi" : "xiangqi");
      g_free(variant_tag);
    }
    g_assert_cmpint(wins, ==, s.wins);
    g_assert_cmpint(losses, ==, s.losses);
    /* Both games of a pair start alike: the same deal in jieqi. */
    for (int i = 0; i + 1 < 20; i += 2) {
      char *a = pgn_tag(c.kept[i].pgn, "JieqiDeal");
      char *b = pgn_tag(c.kept[i + 1].pgn, "JieqiDeal");
      if (v == JQ_VARIANT_JIEQI) {
        g_assert_nonnull(a);
        g_assert_cmpstr(a, ==, b);
        if (i > 0) { /* and pairs differ from each other */
          char *prev = pgn_tag(c.kept[i - 2].pgn, "JieqiDeal");
          g_assert_cmpstr(prev, !=, a);
          g_free(prev);
        }
      } else {
        g_assert_null(a);
      }
      g_free(a);
      g_free(b);
    }
    /* Greedy is the better player in each variant. */
    g_assert_cmpint(wins, >, losses);
    greedy_points += points;
    games_total += 20;
    collector_clear(&c);
  }
  /* ...by far: at least 70% over the two variants. */
  g_assert_cmpfloat(greedy_points / games_total, >=, 0.70);
}

/* The same seed gives the same games, whatever thread plays them; the PGN
 * file holds them in game order. */
static void test_repeatable(void) {
  char *texts[2];
  char *files[2];
  for (int run = 0; run < 2; run++) {
    JqMatchConfig config;
    jq_match_config_init(&config);
    config.variant = JQ_VARIANT_JIEQI;
    config.games = 6;
    config.concurrency = run == 0 ? 1 : 3;
    config.players[0] = "greedy";
    config.players[1] = "random";
    config.random_plies = 4;
    config.seed = 77;
    char *path = NULL;
    int fd = g_file_open_tmp("jq-match-XXXXXX.pgn", &path, NULL);
    g_assert_cmpint(fd, >=, 0);
    close(fd);
    config.pgn = fopen(path, "w");
    Collector c;
    collector_init(&c, &config);
    JqMatchSummary s;
    run_ok(&config, &s);
    fclose(config.pgn);
    GString *all = g_string_new(NULL);
    for (int i = 0; i < 6; i++) {
      g_string_append(all, c.kept[i].pgn);
      /* The random plies are the same in both games of a pair. */
      if (i % 2 == 1)
        for (int p = 0; p < 4; p++)
          g_assert_cmpint(c.kept[i].moves[p].move, ==,
                          c.kept[i - 1].moves[p].move);
    }
    texts[run] = g_string_free(all, FALSE);
    g_assert_true(g_file_get_contents(path, &files[run], NULL, NULL));
    g_unlink(path);
    g_free(path);
    collector_clear(&c);
  }
  g_assert_cmpstr(texts[0], ==, texts[1]);
  g_assert_cmpstr(files[0], ==, texts[0]);
  g_assert_cmpstr(files[1], ==, texts[1]);
  /* Every game of the file reads back. */
  const char *at = files[0];
  for (int i = 0; i < 6; i++) {
    JqError err;
    JqGame *g = jq_pgn_read(at, &at, &err);
    if (!g)
      g_error("game %d of the file: %s", i + 1, err.message);
    jq_game_free(g);
  }
  for (int run = 0; run < 2; run++) {
    g_free(texts[run]);
    g_free(files[run]);
  }
}

static char *write_temp(const char *name, const char *contents) {
  char *dir = g_dir_make_tmp("jq-match-XXXXXX", NULL);
  g_assert_nonnull(dir);
  char *path = g_build_filename(dir, name, NULL);
  g_assert_true(g_file_set_contents(path, contents, -1, NULL));
  g_free(dir);
  return path;
}

static void remove_temp(char *path) {
  char *dir = g_path_get_dirname(path);
  g_unlink(path);
  g_rmdir(dir);
  g_free(dir);
  g_free(path);
}

static void test_openings(void) {
  char *path = write_temp(
      "openings.txt",
      "# comment lines and blank lines are skipped\n\n"
      "1. h2e2 h9g7\n"
      "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - "
      "2 2 moves h0g2\n");
  JqMatchConfig config;
  jq_match_config_init(&config);
  config.games = 6;
  config.openings = path;
  config.players[0] = "greedy";
  config.players[1] = "greedy";
  config.seed = 5;
  Collector c;
  collector_init(&c, &config);
  JqMatchSummary s;
  run_ok(&config, &s);
  /* Same algorithm on both sides: the names are told apart. */
  g_assert_cmpstr(s.names[0], ==, "greedy #1");
  g_assert_cmpstr(s.names[1], ==, "greedy #2");
  for (int i = 0; i < 6; i++) {
    const Kept *k = &c.kept[i];
    int line = (i / 2) % 2; /* pairs use the lines in turn */
    if (line == 0) {
      g_assert_cmpstr(k->initial_fen, ==, JQ_START_FEN_XIANGQI);
      g_assert_cmpint(k->moves[0].move, ==, jq_test_move("h2e2"));
      g_assert_cmpint(k->moves[1].move, ==, jq_test_move("h9g7"));
    } else {
      g_assert_true(g_str_has_prefix(k->initial_fen, "rnbakab1r/"));
      g_assert_cmpint(k->moves[0].move, ==, jq_test_move("h0g2"));
      char *fen = pgn_tag(k->pgn, "FEN");
      g_assert_cmpstr(fen, ==, k->initial_fen);
      g_free(fen);
    }
    assert_replays(k);
  }
  collector_clear(&c);
  remove_temp(path);

  /* In jieqi a reveal letter fixes what the opening turned up. */
  path = write_temp("jieqi.txt", "a3a4R a6a5p\n");
  jq_match_config_init(&config);
  config.variant = JQ_VARIANT_JIEQI;
  config.games = 4;
  config.openings = path;
  config.seed = 6;
  collector_init(&c, &config);
  run_ok(&config, &s);
  for (int i = 0; i < 4; i++) {
    g_assert_cmpint(c.kept[i].moves[0].reveal.mover, ==, JQ_CHARIOT);
    g_assert_cmpint(c.kept[i].moves[1].reveal.mover, ==, JQ_PAWN);
    g_assert_nonnull(strstr(c.kept[i].pgn, "1. a3a4R a6a5p"));
    assert_replays(&c.kept[i]);
  }
  collector_clear(&c);
  remove_temp(path);
}

static void expect_refused(JqMatchConfig *config, const char *part) {
  Collector c;
  collector_init(&c, config);
  JqMatchSummary s;
  JqError err = {{0}};
  g_assert_false(jq_match_run(config, &s, &err));
  if (!strstr(err.message, part))
    g_error("error \"%s\" does not mention \"%s\"", err.message, part);
  g_assert_cmpint(c.calls, ==, 0); /* nothing was played */
  g_assert_cmpint(s.games, ==, 0);
  collector_clear(&c);
}

static void test_refusals(void) {
  JqMatchConfig config;
  jq_match_config_init(&config);
  config.players[0] = "ai:nosuch";
  expect_refused(&config, "nosuch");
  config.players[0] = "ai:random:Frobnicate=1";
  expect_refused(&config, "Frobnicate");
  config.players[0] = "ai:random:Seed=x";
  expect_refused(&config, "Seed");
  config.players[0] = "telnet:somewhere";
  expect_refused(&config, "ai: or uci:");
  config.players[0] = "uci:";
  expect_refused(&config, "no engine command");
  config.players[0] = "uci:/nonexistent/engine";
  expect_refused(&config, "cannot start");
  config.players[0] = "random";
  config.games = 0;
  expect_refused(&config, "games");
  config.games = 2;
  config.tc.kind = JQ_TC_DEPTH;
  config.tc.depth = 0;
  expect_refused(&config, "positive");
  config.tc.kind = JQ_TC_CLOCK;
  config.openings = "/nonexistent/openings.txt";
  expect_refused(&config, "openings");
  char *path = write_temp("bad.txt", "h2e2\n\nh2e2 h2e3\n");
  config.openings = path;
  config.games = 4;
  expect_refused(&config, "line 3");
  remove_temp(path);
  path = write_temp("empty.txt", "# nothing\n");
  config.openings = path;
  expect_refused(&config, "no opening");
  remove_temp(path);
}

static void test_time_control(void) {
  JqTimeControl tc;
  JqError err;
  g_assert_true(jq_time_control_parse("10+0.1", &tc, &err));
  g_assert_cmpint(tc.kind, ==, JQ_TC_CLOCK);
  g_assert_cmpint(tc.base_ms, ==, 10000);
  g_assert_cmpint(tc.inc_ms, ==, 100);
  g_assert_cmpint(tc.moves, ==, 0);
  g_assert_true(jq_time_control_parse("40/1:30", &tc, &err));
  g_assert_cmpint(tc.base_ms, ==, 90000);
  g_assert_cmpint(tc.inc_ms, ==, 0);
  g_assert_cmpint(tc.moves, ==, 40);
  g_assert_true(jq_time_control_parse("0.5+0", &tc, &err));
  g_assert_cmpint(tc.base_ms, ==, 500);
  const char *bad[] = {"",    "abc",  "0",  "10+",  "10+x",
                       "/10", "0/10", "-5", "1:75", "10+-1"};
  for (size_t i = 0; i < G_N_ELEMENTS(bad); i++) {
    JqTimeControl before = tc;
    g_assert_false(jq_time_control_parse(bad[i], &tc, &err));
    g_assert_nonnull(strstr(err.message, "time control"));
    g_assert_cmpmem(&before, sizeof before, &tc, sizeof tc);
  }

  /* The clock: charged per move, late by more than the margin loses, the
   * increment comes after each move and a new period after MOVES. */
  g_assert_true(jq_time_control_parse("2/1+0.5", &tc, &err));
  JqMatchClock clock;
  jq_match_clock_start(&clock, &tc);
  JqTurnLimits limits;
  int64_t timeout;
  jq_match_clock_limits(&clock, JQ_RED, 100, 60000, &limits, &timeout);
  g_assert_cmpint(limits.time_ms[JQ_RED], ==, 1000);
  g_assert_cmpint(limits.time_ms[JQ_BLACK], ==, 1000);
  g_assert_cmpint(limits.inc_ms[JQ_RED], ==, 500);
  g_assert_cmpint(limits.movestogo, ==, 2);
  g_assert_cmpint(timeout, ==, 1100);
  g_assert_true(jq_match_clock_charge(&clock, JQ_RED, 300, 100));
  g_assert_cmpint(clock.remaining_ms[JQ_RED], ==, 1200);
  jq_match_clock_limits(&clock, JQ_RED, 100, 60000, &limits, &timeout);
  g_assert_cmpint(limits.movestogo, ==, 1);
  /* 50 ms late: forgiven (margin 100), and a new period begins. */
  g_assert_true(jq_match_clock_charge(&clock, JQ_RED, 1250, 100));
  g_assert_cmpint(clock.remaining_ms[JQ_RED], ==, 0 + 500 + 1000);
  g_assert_false(jq_match_clock_charge(&clock, JQ_RED, 1601, 100));
  g_assert_cmpint(clock.remaining_ms[JQ_BLACK], ==, 1000);

  tc = (JqTimeControl){.kind = JQ_TC_MOVETIME, .movetime_ms = 200};
  jq_match_clock_start(&clock, &tc);
  jq_match_clock_limits(&clock, JQ_BLACK, 50, 60000, &limits, &timeout);
  g_assert_cmpint(limits.movetime_ms, ==, 200);
  g_assert_cmpint(limits.time_ms[JQ_BLACK], ==, -1);
  g_assert_cmpint(timeout, ==, 250);
  g_assert_true(jq_match_clock_charge(&clock, JQ_BLACK, 240, 50));
  g_assert_false(jq_match_clock_charge(&clock, JQ_BLACK, 251, 50));
  tc = (JqTimeControl){.kind = JQ_TC_DEPTH, .depth = 3};
  jq_match_clock_start(&clock, &tc);
  jq_match_clock_limits(&clock, JQ_RED, 50, 7000, &limits, &timeout);
  g_assert_cmpint(limits.depth, ==, 3);
  g_assert_cmpint(timeout, ==, 7000);

  /* The limits checked again when a configuration is built by hand. */
  JqMatchConfig config;
  jq_match_config_init(&config);
  config.tc = (JqTimeControl){.kind = JQ_TC_CLOCK, .base_ms = 86400001};
  JqMatchSummary s;
  g_assert_false(jq_match_run(&config, &s, &err));
  g_assert_nonnull(strstr(err.message, "86400 seconds"));
  config.tc =
      (JqTimeControl){.kind = JQ_TC_CLOCK, .base_ms = 1000, .inc_ms = 3600001};
  g_assert_false(jq_match_run(&config, &s, &err));
  g_assert_nonnull(strstr(err.message, "3600 seconds"));
}

/* A PGN that cannot be written stops the match with the file's name and
 * the system's reason; the games played are still in the summary. */
static void test_pgn_write_error(void) {
  FILE *full = fopen("/dev/full", "w");
  g_assert_nonnull(full);
  JqMatchConfig config;
  jq_match_config_init(&config);
  config.games = 4;
  config.seed = 31;
  config.max_plies = 40;
  config.pgn = full;
  config.pgn_name = "/dev/full";
  JqMatchSummary s;
  JqError err;
  g_assert_false(jq_match_run(&config, &s, &err));
  g_assert_nonnull(strstr(err.message, "/dev/full"));
  g_assert_nonnull(strstr(err.message, g_strerror(ENOSPC)));
  /* The first game could not be saved: no more were started. */
  g_assert_cmpint(s.games, ==, 1);
  fclose(full);
}

/* Controls beyond a day's base or an hour's increment are refused, with
 * the limit in the message; the limits themselves are taken. */
static void test_time_control_maximum(void) {
  JqTimeControl tc = {.kind = JQ_TC_DEPTH, .depth = 4};
  JqError err;
  const char *absurd[] = {"1000000+1000000", "86400.001", "10+3600.5",
                          "40/1000000",      "1440:01",   "1e15"};
  for (size_t i = 0; i < G_N_ELEMENTS(absurd); i++) {
    JqTimeControl before = tc;
    if (jq_time_control_parse(absurd[i], &tc, &err))
      g_error("time control '%s' was taken", absurd[i]);
    g_assert_nonnull(strstr(err.message, absurd[i]));
    g_assert_true(strstr(err.message, "at most 86400 seconds") ||
                  strstr(err.message, "at most 3600 seconds"));
    g_assert_cmpmem(&before, sizeof before, &tc, sizeof tc);
  }
  g_assert_true(jq_time_control_parse("86400+3600", &tc, &err));
  g_assert_cmpint(tc.base_ms, ==, 86400000);
  g_assert_cmpint(tc.inc_ms, ==, 3600000);
  g_assert_true(jq_time_control_parse("1440:00", &tc, &err));
  g_assert_cmpint(tc.base_ms, ==, 86400000);
}

/* A day per 40 moves, period after period: the clock passes 2^31 ms
 * (24.8 days) and must still count exactly. */
static void test_clock_long_periods(void) {
  JqTimeControl tc;
  JqError err;
  g_assert_true(jq_time_control_parse("40/86400", &tc, &err));
  JqMatchClock clock;
  jq_match_clock_start(&clock, &tc);
  JqTurnLimits limits;
  int64_t timeout;
  for (int period = 1; period <= 30; period++) {
    for (int move = 0; move < 40; move++) {
      g_assert_true(jq_match_clock_charge(&clock, JQ_RED, 1000, 100));
      g_assert_true(jq_match_clock_charge(&clock, JQ_BLACK, 2000, 100));
    }
    gint64 base = (gint64)86400000 * (period + 1);
    g_assert_cmpint(clock.remaining_ms[JQ_RED], ==, base - period * 40000);
    g_assert_cmpint(clock.remaining_ms[JQ_BLACK], ==, base - period * 80000);
    jq_match_clock_limits(&clock, JQ_RED, 100, 60000, &limits, &timeout);
    g_assert_cmpint(limits.movestogo, ==, 40);
    g_assert_cmpint(limits.time_ms[JQ_RED], ==, base - period * 40000);
    g_assert_cmpint(limits.time_ms[JQ_BLACK], ==, base - period * 80000);
    g_assert_cmpint(timeout, ==, base - period * 40000 + 100);
  }
}

/* Quick players at a large control (a day per move, an hour's increment:
 * past 2^31 ms after 25 moves) never lose on time. */
static void test_large_clock_match(void) {
  JqMatchConfig config;
  jq_match_config_init(&config);
  config.games = 2;
  g_assert_true(jq_time_control_parse("1/86400+3600", &config.tc, NULL));
  config.players[0] = "greedy";
  config.players[1] = "random";
  config.seed = 21;
  config.max_plies = 150;
  Collector c;
  collector_init(&c, &config);
  JqMatchSummary s;
  run_ok(&config, &s);
  g_assert_cmpint(s.games, ==, 2);
  g_assert_cmpint(s.reasons[JQ_REASON_TIME], ==, 0);
  for (int i = 0; i < 2; i++) {
    g_assert_cmpint(c.kept[i].result.reason, !=, JQ_REASON_TIME);
    /* Long enough for the clock to pass 2^31 ms. */
    g_assert_cmpint(c.kept[i].move_count, >, 60);
  }
  collector_clear(&c);
}

static void test_elo(void) {
  JqEloEstimate e;
  jq_match_elo(10, 10, 0, &e);
  g_assert_cmpfloat(e.score, ==, 0.5);
  g_assert_cmpfloat(fabs(e.elo), <, 1e-9);
  /* s = 0.75 with 15 wins and 5 losses: sd = sqrt(0.1875), se = sd/sqrt(20);
   * interval 0.75 -+ 1.96 se = [0.5602, 0.9398]. */
  jq_match_elo(15, 5, 0, &e);
  g_assert_cmpfloat(e.score, ==, 0.75);
  g_assert_cmpfloat(fabs(e.elo - 190.848), <, 0.01);
  double se = sqrt(0.1875 / 20);
  double lo = 0.75 - 1.96 * se, hi = 0.75 + 1.96 * se;
  double want = (-400 * log10(1 / hi - 1) + 400 * log10(1 / lo - 1)) / 2;
  g_assert_cmpfloat(fabs(e.margin - want), <, 1e-9);
  g_assert_cmpfloat(e.margin, >, 200);
  g_assert_cmpfloat(e.margin, <, 300);
  /* Draws narrow the interval. */
  JqEloEstimate d;
  jq_match_elo(25, 5, 20, &d);
  g_assert_cmpfloat(d.margin, <, e.margin);
  jq_match_elo(0, 0, 30, &d);
  g_assert_cmpfloat(d.elo, ==, 0.0);
  g_assert_cmpfloat(d.margin, ==, 0.0);
  jq_match_elo(20, 0, 0, &e);
  g_assert_true(isinf(e.elo) && e.elo > 0);
  g_assert_true(isinf(e.margin));
  jq_match_elo(0, 3, 0, &e);
  g_assert_true(isinf(e.elo) && e.elo < 0);
}

/* ---- Engines that misbehave: sh scripts that log what they are told. */

static const char *const fake_engine =
    "#!/bin/sh\n"
    "log=\"$1\"; mode=\"$2\"\n"
    "while IFS= read -r line; do\n"
    "  echo \"$line\" >> \"$log\"\n"
    "  case \"$line\" in\n"
    "    uci) echo 'id name Fake Engine'\n"
    "         echo 'option name Hash type spin default 16 min 1 max 1024'\n"
    "         echo 'option name UCI_Variant type combo default xiangqi "
    "var xiangqi var jieqi'\n"
    "         echo 'option name Clear Hash type button'\n"
    "         echo uciok ;;\n"
    "    isready) echo readyok ;;\n"
    "    go*) case \"$mode\" in\n"
    "           garbled) echo 'info depth 1 score cp 0'; "
    "echo 'bestmove xyz' ;;\n"
    "           none) echo 'bestmove (none)' ;;\n"
    "           horse) echo 'bestmove h10g8 ponder h1g3' ;;\n"
    "           exit) exit 3 ;;\n"
    "           *) ;;\n"
    "         esac ;;\n"
    "    quit) exit 0 ;;\n"
    "  esac\n"
    "done\n";

typedef struct {
  char *dir, *script, *log;
} FakeEngine;

static void fake_engine_init(FakeEngine *f) {
  f->dir = g_dir_make_tmp("jq-fake-XXXXXX", NULL);
  g_assert_nonnull(f->dir);
  f->script = g_build_filename(f->dir, "engine.sh", NULL);
  f->log = g_build_filename(f->dir, "log.txt", NULL);
  g_assert_true(g_file_set_contents(f->script, fake_engine, -1, NULL));
  g_assert_cmpint(g_chmod(f->script, 0755), ==, 0);
}

static char *fake_engine_log(const FakeEngine *f) {
  char *text = NULL;
  if (!g_file_get_contents(f->log, &text, NULL, NULL))
    text = g_strdup("");
  g_unlink(f->log);
  return text;
}

static void fake_engine_clear(FakeEngine *f) {
  g_unlink(f->log);
  g_unlink(f->script);
  g_rmdir(f->dir);
  g_free(f->dir);
  g_free(f->script);
  g_free(f->log);
}

static char *fake_spec(const FakeEngine *f, const char *mode,
                       const char *options) {
  return g_strdup_printf("uci:'%s' '%s' %s%s", f->script, f->log, mode,
                         options);
}

static void test_engine_garbled_move_loses(void) {
  FakeEngine f;
  fake_engine_init(&f);
  char *spec = fake_spec(&f, "garbled", ":Hash=64:Clear Hash");
  JqMatchConfig config;
  jq_match_config_init(&config);
  config.variant = JQ_VARIANT_JIEQI;
  config.games = 2;
  config.tc.kind = JQ_TC_MOVETIME;
  config.tc.movetime_ms = 100;
  config.players[0] = spec;
  config.players[1] = "random";
  config.seed = 11;
  Collector c;
  collector_init(&c, &config);
  JqMatchSummary s;
  run_ok(&config, &s);
  g_assert_cmpstr(s.names[0], ==, "Fake Engine");
  g_assert_cmpint(s.losses, ==, 2);
  for (int i = 0; i < 2; i++) {
    const Kept *k = &c.kept[i];
    JqColor engine = k->red == 0 ? JQ_RED : JQ_BLACK;
    g_assert_cmpint(k->result.reason, ==, JQ_REASON_ILLEGAL_MOVE);
    g_assert_cmpint(k->result.culprit, ==, engine);
    g_assert_nonnull(strstr(k->note, "xyz"));
    /* Red's game ends before any move; Black's after Red's first. */
    g_assert_cmpint(k->move_count, ==, engine == JQ_RED ? 0 : 1);
    char *reason = pgn_tag(k->pgn, "Termination");
    g_assert_cmpstr(reason, ==, "rules infraction");
    g_free(reason);
    assert_replays(k);
  }
  char *log = fake_engine_log(&f);
  const char *said[] = {
      "uci\n",
      "setoption name Hash value 64\n",
      "setoption name Clear Hash\n",
      "setoption name UCI_Variant value jieqi\n",
      "isready\n",
      "ucinewgame\n",
      "position fen " JQ_START_FEN_JIEQI "\n",
      "go movetime 100\n",
      "quit\n",
  };
  for (size_t i = 0; i < G_N_ELEMENTS(said); i++)
    if (!strstr(log, said[i]))
      g_error("the engine was not told \"%s\":\n%s", said[i], log);
  /* As Black it was shown its own view after Red's first move (which
   * turned a piece up), as a fresh FEN. */
  const Kept *second = &c.kept[1];
  g_assert_cmpint(second->red, ==, 1);
  JqError err;
  JqGame *replay = jq_pgn_read(second->pgn, NULL, &err);
  g_assert_nonnull(replay);
  JqPosition *view = g_new(JqPosition, 1);
  jq_game_view(replay, JQ_BLACK, view);
  char fen[JQ_FEN_MAX];
  g_assert_cmpuint(jq_fen_write(view, JQ_FEN_JIEQIBOX, fen, sizeof fen), >, 0);
  char *line = g_strdup_printf("position fen %s\n", fen);
  if (!strstr(log, line))
    g_error("the engine was not told \"%s\":\n%s", line, log);
  g_free(line);
  g_free(view);
  jq_game_free(replay);
  g_free(log);
  collector_clear(&c);

  /* An option the engine does not have is refused before any game. */
  g_free(spec);
  spec = fake_spec(&f, "garbled", ":Nope=1");
  config.players[0] = spec;
  expect_refused(&config, "no option 'Nope'");
  g_free(spec);
  spec = fake_spec(&f, "garbled", ":UCI_Variant=shogi");
  config.players[0] = spec;
  expect_refused(&config, "UCI_Variant=shogi");
  g_free(spec);
  g_free(fake_engine_log(&f));
  fake_engine_clear(&f);
}

static void test_engine_silent_or_dead_loses_on_time(void) {
  FakeEngine f;
  fake_engine_init(&f);
  const char *modes[] = {"silent", "exit", "none"};
  for (size_t m = 0; m < G_N_ELEMENTS(modes); m++) {
    char *spec = fake_spec(&f, modes[m], "");
    JqMatchConfig config;
    jq_match_config_init(&config);
    config.games = 2;
    config.tc.kind = JQ_TC_MOVETIME;
    config.tc.movetime_ms = 50;
    config.margin_ms = 50;
    config.players[0] = "greedy";
    config.players[1] = spec;
    config.seed = 12;
    Collector c;
    collector_init(&c, &config);
    JqMatchSummary s;
    gint64 t0 = g_get_monotonic_time();
    run_ok(&config, &s);
    gint64 took_ms = (g_get_monotonic_time() - t0) / 1000;
    g_assert_cmpint(s.wins, ==, 2);
    for (int i = 0; i < 2; i++) {
      const Kept *k = &c.kept[i];
      JqColor engine = k->red == 1 ? JQ_RED : JQ_BLACK;
      g_assert_cmpint(k->result.culprit, ==, engine);
      g_assert_cmpint(k->result.reason, ==,
                      m == 2 ? JQ_REASON_ILLEGAL_MOVE : JQ_REASON_TIME);
      g_assert_true(k->note[0] != '\0');
      assert_replays(k);
    }
    /* Both games were played: the engine was started again after it
     * died or went silent (once per game, each taking the handshake). */
    char *log = fake_engine_log(&f);
    g_assert_nonnull(strstr(log, "go movetime 50"));
    if (m == 0)
      g_assert_nonnull(strstr(log, "stop\n"));
    g_free(log);
    /* Silence costs the move time, the margin and the stop grace, not
     * more. */
    g_assert_cmpint(took_ms, <, 10000);
    collector_clear(&c);
    g_free(spec);
  }
  fake_engine_clear(&f);
}

/* Clocks past 2^31 ms reach an engine whole, and our AIs still move. */
static void test_large_clock_turn(void) {
  FakeEngine f;
  fake_engine_init(&f);
  char *text = fake_spec(&f, "horse", "");
  JqPosition *view = g_new(JqPosition, 1);
  jq_test_position_from_fen(view, JQ_START_FEN_XIANGQI);
  JqTurnLimits limits = {
      .time_ms = {INT64_C(5000000000), INT64_C(4000000000)},
      .inc_ms = {3600000, 3600000},
  };
  JqPlayerTurn turn = {
      .view = view,
      .base_fen = JQ_START_FEN_XIANGQI,
      .base_is_startpos = true,
      .limits = &limits,
      .timeout_ms = 10000,
  };
  const char *specs[] = {text, "greedy"};
  for (size_t i = 0; i < G_N_ELEMENTS(specs); i++) {
    JqPlayerSpec spec;
    JqError err;
    g_assert_true(jq_player_spec_parse(specs[i], &spec, &err));
    JqMatchPlayer *player =
        jq_match_player_new(&spec, JQ_VARIANT_XIANGQI, &err);
    g_assert_nonnull(player);
    g_assert_true(jq_match_player_new_game(player, 1, &err));
    JqMove move = JQ_MOVE_NONE;
    char detail[200];
    JqTurnStatus st =
        jq_match_player_think(player, &turn, &move, detail, sizeof detail);
    /* The fake engine's answer is not ours to judge; greedy's move is. */
    if (i == 1) {
      g_assert_cmpint(st, ==, JQ_TURN_MOVED);
      g_assert_true(jq_position_is_legal(view, move));
    }
    jq_match_player_free(player);
    jq_player_spec_clear(&spec);
  }
  char *log = fake_engine_log(&f);
  const char *go = "go wtime 5000000000 btime 4000000000 winc 3600000 "
                   "binc 3600000\n";
  if (!strstr(log, go))
    g_error("the engine was not told \"%s\":\n%s", go, log);
  g_free(log);
  g_free(view);
  g_free(text);
  fake_engine_clear(&f);
}

/* The lines of a "engine" that only prints, given as sh -c SCRIPT. */
static JqUciClient *printing_engine(const char *script) {
  char *quoted = g_shell_quote(script);
  char *command = g_strdup_printf("sh -c %s", quoted);
  JqError err;
  JqUciClient *client = jq_uci_client_spawn(command, &err);
  if (!client)
    g_error("%s", err.message);
  g_free(command);
  g_free(quoted);
  return client;
}

static gint64 seconds_from_now(int s) {
  return g_get_monotonic_time() + (gint64)s * G_USEC_PER_SEC;
}

/* Engine output is read line by line however it arrives: a line longer
 * than one read is never split (its tail would pass for a line of its
 * own, here a bestmove). */
static void test_uci_client_long_line(void) {
  const char *script = "printf 'info string '; "
                       "head -c 10000 /dev/zero | tr '\\0' x; "
                       "echo ' bestmove a0a1'; echo 'bestmove h2e2'";
  JqUciClient *client = printing_engine(script);
  char *line;
  g_assert_cmpint(jq_uci_client_read_line(client, seconds_from_now(30), &line),
                  ==, JQ_UCI_OK);
  g_assert_cmpuint(strlen(line), ==, 12 + 10000 + 14);
  g_assert_true(g_str_has_prefix(line, "info string xxx"));
  g_assert_true(g_str_has_suffix(line, "xxx bestmove a0a1"));
  g_free(line);
  jq_uci_client_close(client, 1000);

  client = printing_engine(script);
  char *best = NULL;
  g_assert_cmpint(jq_uci_client_search(client, "position startpos", "go",
                                       seconds_from_now(30), 1000, &best),
                  ==, JQ_UCI_OK);
  g_assert_cmpstr(best, ==, "h2e2");
  g_free(best);
  jq_uci_client_close(client, 1000);
}

/* A line past the client's limit (1 MiB) is dropped whole, so an engine
 * that never ends its line cannot fill the memory; the next line is read
 * as sent, and one at the limit is kept. */
static void test_uci_client_over_long_line(void) {
  JqUciClient *client = printing_engine(
      "head -c 3000000 /dev/zero | tr '\\0' x; echo; echo after; "
      "head -c 1048576 /dev/zero | tr '\\0' y; echo; echo end");
  char *line;
  g_assert_cmpint(jq_uci_client_read_line(client, seconds_from_now(30), &line),
                  ==, JQ_UCI_OK);
  if (strcmp(line, "after") != 0)
    g_error("read a line of %zu bytes instead of 'after'", strlen(line));
  g_free(line);
  g_assert_cmpint(jq_uci_client_read_line(client, seconds_from_now(30), &line),
                  ==, JQ_UCI_OK);
  g_assert_cmpuint(strlen(line), ==, 1048576);
  g_free(line);
  g_assert_cmpint(jq_uci_client_read_line(client, seconds_from_now(30), &line),
                  ==, JQ_UCI_OK);
  g_assert_cmpstr(line, ==, "end");
  g_free(line);
  jq_uci_client_close(client, 1000);
}

/* An engine that numbers ranks from 1 gets and gives moves that way. */
static void test_engine_ranks_from_one(void) {
  FakeEngine f;
  fake_engine_init(&f);
  char *spec = fake_spec(&f, "horse", ":jq.ranks=1");
  char *openings = write_temp("one.txt", "h2e2\n");
  JqMatchConfig config;
  jq_match_config_init(&config);
  config.games = 2;
  config.openings = openings;
  config.players[0] = "greedy";
  config.players[1] = spec;
  config.seed = 13;
  Collector c;
  collector_init(&c, &config);
  JqMatchSummary s;
  run_ok(&config, &s);
  /* As Black its h10g8 is our h9g7; the next time the horse is gone from
   * h9 and the same answer is illegal. */
  const Kept *k = &c.kept[0];
  g_assert_cmpint(k->red, ==, 0);
  g_assert_cmpint(k->move_count, ==, 3);
  g_assert_cmpint(k->moves[1].move, ==, jq_test_move("h9g7"));
  g_assert_cmpint(k->result.reason, ==, JQ_REASON_ILLEGAL_MOVE);
  g_assert_cmpint(k->result.culprit, ==, JQ_BLACK);
  g_assert_nonnull(strstr(k->note, "h10g8"));
  /* As Red it names a black piece: illegal at once. */
  k = &c.kept[1];
  g_assert_cmpint(k->move_count, ==, 2);
  g_assert_cmpint(k->result.culprit, ==, JQ_RED);
  char *log = fake_engine_log(&f);
  g_assert_nonnull(strstr(log, "position startpos moves h3e3\n"));
  g_assert_nonnull(strstr(log, "position startpos moves h3e3 h10g8 "));
  g_assert_null(strstr(log, "jq.ranks"));
  g_free(log);
  collector_clear(&c);

  /* Bad values of the runner's options are refused. */
  g_free(spec);
  spec = fake_spec(&f, "horse", ":jq.ranks=2");
  config.players[1] = spec;
  expect_refused(&config, "jq.ranks");
  g_free(spec);
  spec = fake_spec(&f, "horse", ":jq.nope=1");
  config.players[1] = spec;
  expect_refused(&config, "jq.nope");
  g_free(spec);
  g_free(fake_engine_log(&f));
  remove_temp(openings);
  fake_engine_clear(&f);
}

/* Moves in the numbering of an engine that counts ranks from 1, and
 * back; text that is no move comes back as it was. */
static void test_uci_ranks(void) {
  JqMove m = jq_move_make(jq_square_parse("h9"), jq_square_parse("h0"));
  GString *out = g_string_new(NULL);
  jq_uci_ranks_append_move(out, m, true);
  g_assert_cmpstr(out->str, ==, "h10h1");
  g_string_truncate(out, 0);
  jq_uci_ranks_append_move(out, m, false);
  g_assert_cmpstr(out->str, ==, "h9h0");
  g_string_free(out, TRUE);
  static const char *const cases[][3] = {
      /* text, from one, ours */
      {"h10h1", "1", "h9h0"},    {"b3e3", "1", "b2e2"},
      {"h3e3+", "1", "h2e2+"},   {"h2e2", "0", "h2e2"},
      {"h11e3", "1", "h11e3"},   {"h0e3", "1", "h0e3"},
      {"(none)", "1", "(none)"}, {"z3e3", "1", "z3e3"},
  };
  for (gsize i = 0; i < G_N_ELEMENTS(cases); i++) {
    char *ours = jq_uci_ranks_move_to_ours(cases[i][0], cases[i][1][0] == '1');
    g_assert_cmpstr(ours, ==, cases[i][2]);
    g_free(ours);
  }
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/match/uci-ranks", test_uci_ranks);
  g_test_add_func("/match/greedy-beats-random", test_greedy_beats_random);
  g_test_add_func("/match/repeatable", test_repeatable);
  g_test_add_func("/match/openings", test_openings);
  g_test_add_func("/match/refusals", test_refusals);
  g_test_add_func("/match/time-control", test_time_control);
  g_test_add_func("/match/pgn-write-error", test_pgn_write_error);
  g_test_add_func("/match/time-control-maximum", test_time_control_maximum);
  g_test_add_func("/match/clock-long-periods", test_clock_long_periods);
  g_test_add_func("/match/large-clock-match", test_large_clock_match);
  g_test_add_func("/match/elo", test_elo);
  g_test_add_func("/match/engine-garbled", test_engine_garbled_move_loses);
  g_test_add_func("/match/engine-silent-dead",
                  test_engine_silent_or_dead_loses_on_time);
  g_test_add_func("/match/engine-ranks-from-one", test_engine_ranks_from_one);
  g_test_add_func("/match/large-clock-turn", test_large_clock_turn);
  g_test_add_func("/match/uci-client-long-line", test_uci_client_long_line);
  g_test_add_func("/match/uci-client-over-long-line",
                  test_uci_client_over_long_line);
  return g_test_run();
}
