/* The match: checks the configuration, hands games out to worker threads,
 * each with its own pair of players, and gathers the results, the PGN (in
 * game order) and the summary. */
#include "jq-match.h"

#include <errno.h>
#include <glib.h>
#include <inttypes.h>
#include <string.h>

#include "jq-match-private.h"

typedef struct {
  const JqMatchConfig *config;
  JqPlayerSpec specs[2];
  char *names[2];
  JqOpeningBook book;
  char date[16];
  GMutex lock;
  int next_game;
  bool aborted;
  JqError error;
  char **pgn; /* per game, until it is written */
  int next_pgn;
  bool pgn_failed; /* a write failed; the message is in error */
  JqMatchSummary *summary;
} Match;

void jq_match_config_init(JqMatchConfig *config) {
  memset(config, 0, sizeof *config);
  config->variant = JQ_VARIANT_XIANGQI;
  config->games = 2;
  config->concurrency = 1;
  config->tc.kind = JQ_TC_CLOCK;
  config->tc.base_ms = 10000;
  config->tc.inc_ms = 100;
  config->margin_ms = 100;
  config->move_timeout_ms = 60000;
  config->players[0] = "random";
  config->players[1] = "random";
  config->max_plies = 1000;
  config->pgn_style = JQ_PGN_COORDS;
}

static bool check_config(const JqMatchConfig *c, JqError *err) {
  if (c->variant != JQ_VARIANT_XIANGQI && c->variant != JQ_VARIANT_JIEQI)
    return jq_error_set(err, "unknown variant");
  if (c->games < 1)
    return jq_error_set(err, "the number of games must be at least 1");
  if (c->concurrency < 1 || c->concurrency > 256)
    return jq_error_set(err, "concurrency must be 1 to 256");
  if (c->margin_ms < 0 || c->move_timeout_ms < 1)
    return jq_error_set(err, "the time margin must be 0 or more and the "
                             "move timeout positive");
  if (c->max_plies < 0 || c->random_plies < 0 || c->random_plies > 1000)
    return jq_error_set(err, "max plies must be 0 or more, random plies 0 "
                             "to 1000");
  const JqTimeControl *tc = &c->tc;
  if (tc->kind == JQ_TC_CLOCK && tc->base_ms > JQ_TC_MAX_BASE_MS)
    return jq_error_set(
        err, "the base time must be at most %" PRId64 " seconds (24 hours)",
        JQ_TC_MAX_BASE_MS / 1000);
  if (tc->kind == JQ_TC_CLOCK && tc->inc_ms > JQ_TC_MAX_INC_MS)
    return jq_error_set(
        err, "the increment must be at most %" PRId64 " seconds (1 hour)",
        JQ_TC_MAX_INC_MS / 1000);
  if (tc->kind == JQ_TC_MOVETIME && tc->movetime_ms > JQ_TC_MAX_BASE_MS)
    return jq_error_set(
        err, "the move time must be at most %" PRId64 " seconds (24 hours)",
        JQ_TC_MAX_BASE_MS / 1000);
  bool ok = (tc->kind == JQ_TC_CLOCK && tc->base_ms > 0 && tc->inc_ms >= 0 &&
             tc->moves >= 0) ||
            (tc->kind == JQ_TC_MOVETIME && tc->movetime_ms > 0) ||
            (tc->kind == JQ_TC_DEPTH && tc->depth > 0) ||
            (tc->kind == JQ_TC_NODES && tc->nodes > 0);
  if (!ok)
    return jq_error_set(err, "the time control, movetime, depth or nodes "
                             "must be positive");
  for (int p = 0; p < 2; p++)
    if (!c->players[p])
      return jq_error_set(err, "player%d is missing", p + 1);
  return true;
}

/* Starts each player once, so a bad spec, option or engine is an error
 * now, and takes its name. Equal names get "#1" and "#2". */
static bool check_players(Match *m, JqError *err) {
  for (int p = 0; p < 2; p++) {
    JqError why;
    if (!jq_player_spec_parse(m->config->players[p], &m->specs[p], &why))
      return jq_error_set(err, "player%d: %s", p + 1, why.message);
    JqMatchPlayer *player =
        jq_match_player_new(&m->specs[p], m->config->variant, &why);
    if (!player)
      return jq_error_set(err, "player%d: %s", p + 1, why.message);
    m->names[p] = g_strdup(jq_match_player_name(player));
    jq_match_player_free(player);
  }
  if (strcmp(m->names[0], m->names[1]) == 0) {
    for (int p = 0; p < 2; p++) {
      char *named = g_strdup_printf("%s #%d", m->names[p], p + 1);
      g_free(m->names[p]);
      m->names[p] = named;
    }
  }
  return true;
}

/* Every pair's start is built once, so a bad opening stops the match
 * before it begins rather than in the middle. */
static bool check_openings(Match *m, JqError *err) {
  const JqMatchConfig *c = m->config;
  if (c->openings && !jq_opening_book_load(c->openings, &m->book, err))
    return false;
  for (int pair = 0; pair < (c->games + 1) / 2; pair++) {
    JqGame *game = jq_match_start_game(c, &m->book, pair, err);
    if (!game)
      return false;
    jq_game_free(game);
  }
  return true;
}

static void abort_match(Match *m, const char *message) {
  g_mutex_lock(&m->lock);
  if (!m->aborted) {
    m->aborted = true;
    jq_error_set(&m->error, "%s", message);
  }
  g_mutex_unlock(&m->lock);
}

/* Writes one game to the PGN file. A failure stops the match: games that
 * cannot be kept are not worth playing. Called locked. */
static void write_pgn(Match *m, const char *text) {
  FILE *f = m->config->pgn;
  if (!f || m->pgn_failed)
    return;
  /* Each game goes out whole, so a failure is seen at the game it hit. */
  if (fputs(text, f) != EOF && fflush(f) == 0)
    return;
  int e = errno;
  m->pgn_failed = true;
  const char *name = m->config->pgn_name ? m->config->pgn_name : "the PGN";
  char message[sizeof m->error.message];
  g_snprintf(message, sizeof message, "cannot write %s: %s", name,
             g_strerror(e));
  if (m->aborted) {
    /* Both troubles are told: the other one came first. */
    char both[sizeof message];
    g_snprintf(both, sizeof both, "%s; %s", m->error.message, message);
    g_strlcpy(m->error.message, both, sizeof m->error.message);
  } else {
    m->aborted = true;
    g_strlcpy(m->error.message, message, sizeof m->error.message);
  }
}

/* Writes the PGN of every game whose turn has come. Called locked. */
static void flush_pgn(Match *m) {
  while (m->next_pgn < m->config->games && m->pgn[m->next_pgn]) {
    write_pgn(m, m->pgn[m->next_pgn]);
    g_free(m->pgn[m->next_pgn]);
    m->pgn[m->next_pgn] = NULL;
    m->next_pgn++;
  }
}

static char *game_pgn(const Match *m, const JqGame *game, int number,
                      const char *red, const char *black,
                      const JqMatchGameEnd *end) {
  JqPgnInfo info;
  jq_pgn_info_init(&info);
  char round[16];
  g_snprintf(round, sizeof round, "%d", number);
  info.event = m->config->event ? m->config->event : "jieqi-cli match";
  info.date = m->date;
  info.round = round;
  info.red = red;
  info.black = black;
  info.style = m->config->pgn_style;
  if (end->adjudicated) {
    info.termination = "adjudication";
    info.reason = "maximum length";
  }
  if (end->note[0])
    info.comment = end->note;
  char *text = jq_pgn_write(game, &info);
  /* Kept in GLib's allocator like the rest of the match's strings. */
  char *copy = g_strdup(text ? text : "");
  free(text);
  return copy;
}

static void record(Match *m, int index, int red, const JqGame *game,
                   const JqMatchGameEnd *end) {
  JqResult result = jq_game_result(game);
  double red_points = result.outcome == JQ_OUTCOME_RED_WINS     ? 1.0
                      : result.outcome == JQ_OUTCOME_BLACK_WINS ? 0.0
                                                                : 0.5;
  JqMatchGame g = {
      .number = index + 1,
      .pair = index / 2,
      .red = red,
      .names = {m->names[0], m->names[1]},
      .game = game,
      .adjudicated = end->adjudicated,
      .note = end->note,
  };
  g.points[red] = red_points;
  g.points[1 - red] = 1.0 - red_points;
  char *pgn =
      game_pgn(m, game, g.number, m->names[red], m->names[1 - red], end);
  g.pgn = pgn;

  g_mutex_lock(&m->lock);
  JqMatchSummary *s = m->summary;
  s->games++;
  s->wins += g.points[0] == 1.0;
  s->losses += g.points[0] == 0.0;
  s->draws += g.points[0] == 0.5;
  if (result.reason < JQ_MATCH_REASONS)
    s->reasons[result.reason]++;
  s->adjudicated += end->adjudicated;
  if (m->config->on_game)
    m->config->on_game(&g, m->config->data);
  m->pgn[index] = pgn;
  flush_pgn(m);
  g_mutex_unlock(&m->lock);
}

/* Plays game `index` with the worker's players; false when the match
 * cannot go on. */
static bool play_one(Match *m, JqMatchPlayer *players[2], int index) {
  const JqMatchConfig *c = m->config;
  JqError err;
  JqGame *game = jq_match_start_game(c, &m->book, index / 2, &err);
  if (!game) {
    abort_match(m, err.message);
    return false;
  }
  for (int p = 0; p < 2; p++) {
    uint64_t seed =
        jq_match_seed(c->seed, JQ_SEED_PLAYER, 2 * (uint64_t)index + p);
    if (!jq_match_player_new_game(players[p], seed, &err)) {
      char *message = g_strdup_printf("player%d: %s", p + 1, err.message);
      abort_match(m, message);
      g_free(message);
      jq_game_free(game);
      return false;
    }
  }
  /* The first game of a pair gives player1 Red, the second player2. */
  int red = index % 2;
  JqMatchPlayer *by_colour[2] = {players[red], players[1 - red]};
  const char *names[2] = {m->names[red], m->names[1 - red]};
  JqMatchGameEnd end;
  jq_match_play_game(game, by_colour, names, c, &end);
  record(m, index, red, game, &end);
  jq_game_free(game);
  return true;
}

static gpointer worker_main(gpointer data) {
  Match *m = data;
  JqMatchPlayer *players[2] = {NULL, NULL};
  for (int p = 0; p < 2; p++) {
    JqError err;
    players[p] = jq_match_player_new(&m->specs[p], m->config->variant, &err);
    if (!players[p]) {
      char *message = g_strdup_printf("player%d: %s", p + 1, err.message);
      abort_match(m, message);
      g_free(message);
      jq_match_player_free(players[0]);
      return NULL;
    }
  }
  for (;;) {
    g_mutex_lock(&m->lock);
    int index =
        m->aborted || m->next_game >= m->config->games ? -1 : m->next_game++;
    g_mutex_unlock(&m->lock);
    if (index < 0 || !play_one(m, players, index))
      break;
  }
  for (int p = 0; p < 2; p++)
    jq_match_player_free(players[p]);
  return NULL;
}

static void today(char buf[16]) {
  GDateTime *now = g_date_time_new_now_local();
  char *text = g_date_time_format(now, "%Y.%m.%d");
  g_strlcpy(buf, text, 16);
  g_free(text);
  g_date_time_unref(now);
}

bool jq_match_run(const JqMatchConfig *config, JqMatchSummary *summary,
                  JqError *err) {
  memset(summary, 0, sizeof *summary);
  if (!check_config(config, err))
    return false;
  Match m = {.config = config, .summary = summary};
  g_mutex_init(&m.lock);
  today(m.date);
  bool ok = check_players(&m, err) && check_openings(&m, err);
  if (ok) {
    for (int p = 0; p < 2; p++)
      g_strlcpy(summary->names[p], m.names[p], sizeof summary->names[p]);
    m.pgn = g_new0(char *, config->games);
    int workers = MIN(config->concurrency, config->games);
    GThread **threads = g_new0(GThread *, workers);
    for (int i = 0; i < workers; i++)
      threads[i] = g_thread_new("jq-match", worker_main, &m);
    for (int i = 0; i < workers; i++)
      g_thread_join(threads[i]);
    g_free(threads);
    /* After an abort some games are missing: the rest still go out. */
    for (int i = m.next_pgn; i < config->games; i++) {
      if (m.pgn[i])
        write_pgn(&m, m.pgn[i]);
      g_free(m.pgn[i]);
    }
    g_free(m.pgn);
    if (m.aborted) {
      jq_error_set(err, "%s", m.error.message);
      ok = false;
    }
  }
  for (int p = 0; p < 2; p++) {
    jq_player_spec_clear(&m.specs[p]);
    g_free(m.names[p]);
  }
  jq_opening_book_clear(&m.book);
  g_mutex_clear(&m.lock);
  return ok;
}
