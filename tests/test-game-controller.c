/* The app's game controller without a display: moves and their refusals,
 * undo/redo against a human and the computer, the computer's turns in the
 * worker thread and their cancellation, the computer against itself (each
 * side's algorithm, the move interval, pause and resume), the end of
 * game, PGN and FEN, the autosave, the move list's notations, what views
 * and texts may show, the settings binding, and how long the main loop is
 * blocked while the AI thinks. */
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include <glib/gstdio.h>

#include "jq-ai-worker.h"
#include "jq-ai.h"
#include "jq-analysis-text.h"
#include "jq-analysis.h"
#include "jq-app-settings.h"
#include "jq-draw-offer.h"
#include "jq-game-controller-private.h"
#include "jq-game-controller.h"
#include "jq-game-list.h"
#include "jq-movegen.h"
#include "jq-player-names.h"
#include "jq-redeal.h"
#include "jq-test-util.h"

#define MATE_IN_ONE "4k4/9/4N4/9/9/C8/9/9/p8/3K5 w - - 0 1"

/* ---- helpers ---- */

typedef struct {
  int changed;
  int moves;
  int game_overs;
  int hints;
  int progress;
  int thinking_on;
  int thinking_off;
  guint last_move;
  JqMoveFlags last_flags;
  JqOutcome outcome;
  JqReason reason;
  char *message;
  guint hint;
  int max_depth;
  char *last_pv;
  gint64 first_progress; /* monotonic time of the first report */
  int first_progress_ms; /* its time_ms: how long the AI had thought */
} Log;

static void on_changed(JqGameController *c, Log *log) { log->changed++; }

static void on_move_played(JqGameController *c, guint move, JqMoveFlags flags,
                           Log *log) {
  log->moves++;
  log->last_move = move;
  log->last_flags = flags;
}

static void on_game_over(JqGameController *c, JqOutcome outcome,
                         JqReason reason, const char *message, Log *log) {
  log->game_overs++;
  log->outcome = outcome;
  log->reason = reason;
  g_free(log->message);
  log->message = g_strdup(message);
}

static void on_hint(JqGameController *c, guint move, Log *log) {
  log->hints++;
  log->hint = move;
}

static void on_thinking(JqGameController *c, gboolean on, Log *log) {
  if (on)
    log->thinking_on++;
  else
    log->thinking_off++;
}

static void on_progress(JqGameController *c, JqAnalysis *a, Log *log) {
  if (log->progress++ == 0) {
    log->first_progress = g_get_monotonic_time();
    log->first_progress_ms = a->time_ms;
  }
  log->max_depth = MAX(log->max_depth, a->depth);
  g_free(log->last_pv);
  log->last_pv = g_strdup(a->pv);
}

static void log_connect(JqGameController *c, Log *log) {
  memset(log, 0, sizeof *log);
  g_signal_connect(c, "changed", G_CALLBACK(on_changed), log);
  g_signal_connect(c, "move-played", G_CALLBACK(on_move_played), log);
  g_signal_connect(c, "game-over", G_CALLBACK(on_game_over), log);
  g_signal_connect(c, "hint", G_CALLBACK(on_hint), log);
  g_signal_connect(c, "thinking", G_CALLBACK(on_thinking), log);
  g_signal_connect(c, "progress", G_CALLBACK(on_progress), log);
}

static void log_clear(Log *log) {
  g_free(log->message);
  g_free(log->last_pv);
}

/* A controller autosaving in this test's own $XDG_DATA_HOME (the tests run
 * with G_TEST_OPTION_ISOLATE_DIRS). Fast and weak for the computer. */
static JqGameController *controller_new(void) {
  JqGameController *c = jq_game_controller_new();
  jq_game_controller_set_think_time(c, 100);
  jq_game_controller_set_strength(c, 1);
  return c;
}

static void new_game(JqGameController *c, JqVariant variant, JqPlayerMode red,
                     JqPlayerMode black, const char *fen, guint64 seed) {
  JqNewGame setup;
  jq_new_game_init(&setup, variant);
  setup.players[JQ_RED] = red;
  setup.players[JQ_BLACK] = black;
  setup.fen = fen;
  setup.seed = seed;
  GError *error = NULL;
  gboolean ok = jq_game_controller_new_game(c, &setup, &error);
  g_assert_no_error(error);
  g_assert_true(ok);
}

static void play(JqGameController *c, const char *coords) {
  JqMove m = jq_test_move(coords);
  GError *error = NULL;
  if (!jq_game_controller_play_move(c, jq_move_from(m), jq_move_to(m), &error))
    g_error("%s refused: %s", coords, error->message);
}

static gboolean wake(gpointer data) { return G_SOURCE_CONTINUE; }

typedef gboolean (*Cond)(gpointer data);

/* Runs the main loop until cond holds; fails the test after timeout_ms.
 * Returns the time it took in ms. */
static double run_until(Cond cond, gpointer data, int timeout_ms,
                        const char *what) {
  gint64 start = g_get_monotonic_time();
  guint waker = g_timeout_add(5, wake, NULL);
  while (!cond(data)) {
    if (g_get_monotonic_time() - start > (gint64)timeout_ms * 1000)
      g_error("timed out after %d ms waiting for %s", timeout_ms, what);
    g_main_context_iteration(NULL, TRUE);
  }
  g_source_remove(waker);
  return (g_get_monotonic_time() - start) / 1000.0;
}

/* Runs the main loop for ms milliseconds. */
static void run_for(int ms) {
  gboolean done = FALSE;
  gint64 end = g_get_monotonic_time() + (gint64)ms * 1000;
  guint waker = g_timeout_add(5, wake, NULL);
  while (!done) {
    g_main_context_iteration(NULL, TRUE);
    done = g_get_monotonic_time() >= end;
  }
  g_source_remove(waker);
}

typedef struct {
  JqGameController *c;
  int n;
} CountWait;

static gboolean count_reached(gpointer data) {
  CountWait *w = data;
  return jq_game_controller_get_move_count(w->c) >= w->n;
}

static gboolean not_thinking(gpointer data) {
  return !jq_game_controller_is_thinking(data);
}

static void wait_moves(JqGameController *c, int n) {
  CountWait w = {c, n};
  run_until(count_reached, &w, 20000, "the computer's move");
}

static char *truth_fen(JqGameController *c) {
  char buf[JQ_FEN_MAX];
  const JqPosition *truth = jq_game_truth(jq_game_controller_get_game(c));
  g_assert_cmpuint(jq_fen_write(truth, JQ_FEN_JIEQIBOX, buf, sizeof buf), >, 0);
  return g_strdup(buf);
}

static char *view_fen(const JqPosition *view) {
  char buf[JQ_FEN_MAX];
  JqFenDialect d =
      jq_position_is_jieqi(view) ? JQ_FEN_JIEQIBOX : JQ_FEN_XIANGQI;
  g_assert_cmpuint(jq_fen_write(view, d, buf, sizeof buf), >, 0);
  return g_strdup(buf);
}

static char *side_view_fen(JqGameController *c, JqColor side) {
  JqPosition *pos = g_new(JqPosition, 1);
  jq_game_controller_get_view(c, side, pos);
  char *fen = view_fen(pos);
  g_free(pos);
  return fen;
}

static char *display_fen(JqGameController *c) {
  JqPosition *pos = g_new(JqPosition, 1);
  jq_game_controller_get_display_view(c, pos);
  char *fen = view_fen(pos);
  g_free(pos);
  return fen;
}

static void assert_same_record(JqGameController *a, JqGameController *b) {
  const JqGame *ga = jq_game_controller_get_game(a);
  const JqGame *gb = jq_game_controller_get_game(b);
  g_assert_cmpint(jq_game_move_count(ga), ==, jq_game_move_count(gb));
  for (int i = 0; i < jq_game_move_count(ga); i++) {
    JqGameMove ma = jq_game_move_at(ga, i), mb = jq_game_move_at(gb, i);
    g_assert_cmpuint(ma.move, ==, mb.move);
    g_assert_cmpint(ma.reveal.mover, ==, mb.reveal.mover);
    g_assert_cmpint(ma.reveal.captured, ==, mb.reveal.captured);
  }
  JqPieceType da[JQ_SQUARES], db[JQ_SQUARES];
  jq_game_initial_deal(ga, da);
  jq_game_initial_deal(gb, db);
  g_assert_cmpmem(da, sizeof da, db, sizeof db);
  char *fa = truth_fen(a), *fb = truth_fen(b);
  g_assert_cmpstr(fa, ==, fb);
  g_free(fa);
  g_free(fb);
}

/* Plays up to `plies` random legal moves (a human's, both sides human). */
static void play_random(JqGameController *c, GRand *rand, int plies) {
  for (int i = 0; i < plies && !jq_game_controller_is_over(c); i++) {
    JqMoveList list;
    jq_game_controller_get_legal_moves(c, &list);
    g_assert_cmpint(list.count, >, 0);
    JqMove m = list.moves[g_rand_int_range(rand, 0, list.count)];
    GError *error = NULL;
    g_assert_true(jq_game_controller_play_move(c, jq_move_from(m),
                                               jq_move_to(m), &error));
    g_assert_no_error(error);
  }
}

/* Counts the reveals and the captures of hidden pieces in the record. */
static void count_identities(JqGameController *c, int *reveals,
                             int *hidden_captures) {
  const JqGame *g = jq_game_controller_get_game(c);
  *reveals = *hidden_captures = 0;
  for (int i = 0; i < jq_game_move_count(g); i++) {
    JqGameMove gm = jq_game_move_at(g, i);
    *reveals += gm.reveal.mover != JQ_NO_TYPE;
    *hidden_captures += gm.reveal.captured != JQ_NO_TYPE;
  }
}

/* A jieqi game between two humans with reveals and hidden captures. */
static void play_jieqi_game(JqGameController *c, int plies) {
  for (guint64 seed = 1;; seed++) {
    new_game(c, JQ_VARIANT_JIEQI, JQ_PLAYER_MODE_HUMAN, JQ_PLAYER_MODE_HUMAN,
             NULL, seed);
    GRand *rand = g_rand_new_with_seed((guint32)seed);
    play_random(c, rand, plies);
    g_rand_free(rand);
    int reveals, hidden_captures;
    count_identities(c, &reveals, &hidden_captures);
    if (reveals >= 5 && hidden_captures >= 2 && !jq_game_controller_is_over(c))
      return;
    g_assert_cmpuint(seed, <, 200);
  }
}

/* ---- playing ---- */

static void test_play_moves(void) {
  JqGameController *c = controller_new();
  Log log;
  log_connect(c, &log);
  new_game(c, JQ_VARIANT_XIANGQI, JQ_PLAYER_MODE_HUMAN, JQ_PLAYER_MODE_HUMAN,
           NULL, 1);
  g_assert_cmpint(log.changed, ==, 1);
  g_assert_cmpint(jq_game_controller_get_variant(c), ==, JQ_VARIANT_XIANGQI);
  g_assert_true(jq_game_controller_is_human_turn(c));

  play(c, "h2e2");
  g_assert_cmpint(log.changed, ==, 2);
  g_assert_cmpint(log.moves, ==, 1);
  g_assert_cmpuint(log.last_move, ==, jq_test_move("h2e2"));
  g_assert_cmpint(log.last_flags, ==, JQ_MOVE_FLAGS_NONE);
  g_assert_cmpint(jq_game_controller_get_side_to_move(c), ==, JQ_BLACK);
  play(c, "h9g7");
  /* The cannon jumps its own pawn to take the one on e6. */
  play(c, "e2e6");
  g_assert_true(log.last_flags & JQ_MOVE_FLAGS_CAPTURE);
  g_assert_false(log.last_flags & JQ_MOVE_FLAGS_CHECK);
  g_assert_false(log.last_flags & JQ_MOVE_FLAGS_COMPUTER);
  g_assert_cmpint(jq_game_controller_get_move_count(c), ==, 3);
  g_assert_cmpint(log.thinking_on, ==, 0);
  g_assert_false(jq_game_controller_is_thinking(c));

  char **list = jq_game_controller_get_move_list(c);
  g_assert_cmpuint(g_strv_length(list), ==, 3);
  g_strfreev(list);
  g_object_unref(c);
  log_clear(&log);
}

typedef struct {
  const char *move;
  const char *why; /* part of the message */
} Refusal;

static void test_illegal_move_refused(void) {
  JqGameController *c = controller_new();
  Log log;
  log_connect(c, &log);
  new_game(c, JQ_VARIANT_XIANGQI, JQ_PLAYER_MODE_HUMAN, JQ_PLAYER_MODE_HUMAN,
           NULL, 1);
  play(c, "h2e2");
  int changed = log.changed;
  char *before = truth_fen(c);
  char **list_before = jq_game_controller_get_move_list(c);

  static const Refusal refusals[] = {
      {"e4e5", "no piece"},          /* empty point */
      {"h0g2", "not yours"},         /* Red's horse, Black to move */
      {"e6e4", "cannot move there"}, /* a pawn two steps */
      {"a9a5", "cannot move there"}, /* the chariot through its pawn */
      {"b9c9", "own piece"},         /* onto its own elephant */
      {"a6a6", "point to move to"},  /* nowhere */
  };
  for (gsize i = 0; i < G_N_ELEMENTS(refusals); i++) {
    JqMove m = jq_test_move(refusals[i].move);
    GError *error = NULL;
    g_assert_false(jq_game_controller_play_move(c, jq_move_from(m),
                                                jq_move_to(m), &error));
    g_assert_error(error, JQ_GAME_CONTROLLER_ERROR,
                   JQ_GAME_CONTROLLER_ERROR_ILLEGAL_MOVE);
    g_test_message("%s: %s", refusals[i].move, error->message);
    if (!strstr(error->message, refusals[i].why))
      g_error("%s: '%s' does not say '%s'", refusals[i].move, error->message,
              refusals[i].why);
    g_error_free(error);
  }
  GError *error = NULL;
  g_assert_false(jq_game_controller_play_move(c, 200, 3, &error));
  g_assert_error(error, JQ_GAME_CONTROLLER_ERROR,
                 JQ_GAME_CONTROLLER_ERROR_ILLEGAL_MOVE);
  g_clear_error(&error);

  /* Nothing changed, nothing was said. */
  g_assert_cmpint(log.changed, ==, changed);
  g_assert_cmpint(log.moves, ==, 1);
  char *after = truth_fen(c);
  g_assert_cmpstr(before, ==, after);
  char **list_after = jq_game_controller_get_move_list(c);
  g_assert_true(g_strv_equal((const char *const *)list_before,
                             (const char *const *)list_after));
  g_free(before);
  g_free(after);
  g_strfreev(list_before);
  g_strfreev(list_after);

  /* A move that leaves the king facing the other one. */
  new_game(c, JQ_VARIANT_XIANGQI, JQ_PLAYER_MODE_HUMAN, JQ_PLAYER_MODE_HUMAN,
           "4k4/9/9/9/9/9/9/p8/4A4/4K4 w - - 0 1", 1);
  JqMove m = jq_test_move("e1d2");
  g_assert_false(
      jq_game_controller_play_move(c, jq_move_from(m), jq_move_to(m), &error));
  g_assert_error(error, JQ_GAME_CONTROLLER_ERROR,
                 JQ_GAME_CONTROLLER_ERROR_ILLEGAL_MOVE);
  g_assert_nonnull(strstr(error->message, "king"));
  g_clear_error(&error);
  g_assert_cmpint(jq_game_controller_get_move_count(c), ==, 0);

  /* The computer's turn is not the human's. */
  new_game(c, JQ_VARIANT_XIANGQI, JQ_PLAYER_MODE_COMPUTER, JQ_PLAYER_MODE_HUMAN,
           NULL, 1);
  m = jq_test_move("h2e2");
  g_assert_false(
      jq_game_controller_play_move(c, jq_move_from(m), jq_move_to(m), &error));
  g_assert_error(error, JQ_GAME_CONTROLLER_ERROR,
                 JQ_GAME_CONTROLLER_ERROR_NOT_YOUR_TURN);
  g_clear_error(&error);
  g_object_unref(c);
  log_clear(&log);
}

static void test_undo_redo_humans(void) {
  JqGameController *c = controller_new();
  new_game(c, JQ_VARIANT_XIANGQI, JQ_PLAYER_MODE_HUMAN, JQ_PLAYER_MODE_HUMAN,
           NULL, 1);
  g_assert_false(jq_game_controller_can_undo(c));
  g_assert_false(jq_game_controller_undo(c));
  g_assert_false(jq_game_controller_can_redo(c));
  char *start = truth_fen(c);
  play(c, "h2e2");
  char *after1 = truth_fen(c);
  play(c, "h9g7");
  play(c, "h0g2");
  char *after3 = truth_fen(c);

  /* Two humans: one move at a time. */
  g_assert_true(jq_game_controller_undo(c));
  g_assert_cmpint(jq_game_controller_get_move_count(c), ==, 2);
  g_assert_true(jq_game_controller_undo(c));
  g_assert_true(jq_game_controller_undo(c));
  g_assert_cmpint(jq_game_controller_get_move_count(c), ==, 0);
  char *fen = truth_fen(c);
  g_assert_cmpstr(fen, ==, start);
  g_free(fen);
  g_assert_true(jq_game_controller_can_redo(c));
  g_assert_true(jq_game_controller_redo(c));
  fen = truth_fen(c);
  g_assert_cmpstr(fen, ==, after1);
  g_free(fen);
  g_assert_true(jq_game_controller_redo(c));
  g_assert_true(jq_game_controller_redo(c));
  g_assert_false(jq_game_controller_redo(c));
  fen = truth_fen(c);
  g_assert_cmpstr(fen, ==, after3);
  g_free(fen);

  /* A new move drops what could be redone. */
  g_assert_true(jq_game_controller_undo(c));
  play(c, "b0c2");
  g_assert_false(jq_game_controller_can_redo(c));
  g_free(start);
  g_free(after1);
  g_free(after3);
  g_object_unref(c);
}

/* Jieqi: redo turns up the same identities as before. */
static void test_undo_redo_jieqi_reveals(void) {
  JqGameController *c = controller_new();
  play_jieqi_game(c, 30);
  JqGameController *ref = controller_new();
  char *pgn = jq_game_controller_to_pgn(c, JQ_PGN_COORDS);
  g_assert_true(jq_game_controller_load_pgn_text(ref, pgn, NULL));
  g_free(pgn);
  int n = jq_game_controller_get_move_count(c);
  for (int i = 0; i < n; i++)
    g_assert_true(jq_game_controller_undo(c));
  g_assert_cmpint(jq_game_controller_get_move_count(c), ==, 0);
  while (jq_game_controller_redo(c))
    ;
  assert_same_record(c, ref);
  g_object_unref(ref);
  g_object_unref(c);
}

/* ---- the computer ---- */

static void test_computer_turn(void) {
  JqGameController *c = controller_new();
  Log log;
  log_connect(c, &log);
  new_game(c, JQ_VARIANT_JIEQI, JQ_PLAYER_MODE_COMPUTER, JQ_PLAYER_MODE_HUMAN,
           NULL, 7);
  g_assert_true(jq_game_controller_is_thinking(c));
  g_assert_cmpint(log.thinking_on, ==, 1);
  g_assert_false(jq_game_controller_is_human_turn(c));
  CountWait first = {c, 1};
  double ms =
      run_until(count_reached, &first, 20000, "the computer's first move");
  g_test_message("the computer's move came after %.0f ms (think time 100)", ms);
  g_assert_cmpint(log.moves, ==, 1);
  g_assert_true(log.last_flags & JQ_MOVE_FLAGS_COMPUTER);
  JqGameMove first_move = jq_game_move_at(jq_game_controller_get_game(c), 0);
  g_assert_cmpuint(log.last_move, ==, first_move.move);
  g_assert_true(!!(log.last_flags & JQ_MOVE_FLAGS_REVEAL) ==
                (first_move.reveal.mover != JQ_NO_TYPE));
  g_assert_cmpint(log.thinking_off, ==, 1);
  g_assert_false(jq_game_controller_is_thinking(c));
  g_assert_true(jq_game_controller_is_human_turn(c));
  g_assert_cmpint(jq_game_controller_get_side_to_move(c), ==, JQ_BLACK);

  /* The human answers; the computer answers that. */
  JqMoveList list;
  jq_game_controller_get_legal_moves(c, &list);
  g_assert_cmpint(list.count, >, 0);
  GError *error = NULL;
  g_assert_true(jq_game_controller_play_move(
      c, jq_move_from(list.moves[0]), jq_move_to(list.moves[0]), &error));
  g_assert_true(jq_game_controller_is_thinking(c));
  jq_game_controller_get_legal_moves(c, &list);
  g_assert_cmpint(list.count, ==, 0);
  wait_moves(c, 3);
  g_assert_cmpint(log.moves, ==, 3);
  g_object_unref(c);
  log_clear(&log);
}

typedef struct {
  JqGameController *c;
  guint before;
} DiscardWait;

static gboolean discarded_more(gpointer data) {
  DiscardWait *w = data;
  return jq_game_controller_get_discarded_results(w->c) > w->before;
}

static void test_undo_against_computer(void) {
  JqGameController *c = controller_new();
  new_game(c, JQ_VARIANT_XIANGQI, JQ_PLAYER_MODE_HUMAN, JQ_PLAYER_MODE_COMPUTER,
           NULL, 1);
  char *start = truth_fen(c);
  play(c, "h2e2");
  wait_moves(c, 2);
  play(c, "h0g2");
  wait_moves(c, 4);
  const JqGame *g = jq_game_controller_get_game(c);
  JqMove reply2 = jq_game_move_at(g, 3).move;
  char *after4 = truth_fen(c);

  /* Back to the human's previous turn: two plies. */
  g_assert_true(jq_game_controller_undo(c));
  g_assert_cmpint(jq_game_controller_get_move_count(c), ==, 2);
  g_assert_true(jq_game_controller_is_human_turn(c));
  g_assert_false(jq_game_controller_is_thinking(c));
  g_assert_true(jq_game_controller_undo(c));
  g_assert_cmpint(jq_game_controller_get_move_count(c), ==, 0);
  char *fen = truth_fen(c);
  g_assert_cmpstr(fen, ==, start);
  g_free(fen);
  g_assert_false(jq_game_controller_can_undo(c));

  /* Redo forward to the human's turns: the computer's replies come back
   * as they were, without thinking again. */
  g_assert_true(jq_game_controller_redo(c));
  g_assert_cmpint(jq_game_controller_get_move_count(c), ==, 2);
  g_assert_false(jq_game_controller_is_thinking(c));
  g_assert_true(jq_game_controller_redo(c));
  g_assert_cmpint(jq_game_controller_get_move_count(c), ==, 4);
  g_assert_cmpuint(jq_game_move_at(g, 3).move, ==, reply2);
  fen = truth_fen(c);
  g_assert_cmpstr(fen, ==, after4);
  g_free(fen);

  /* Undo while the computer thinks: it stops, the human's move is taken
   * back, and the stale answer is never played. */
  jq_game_controller_set_think_time(c, 2000);
  play(c, "b0c2");
  g_assert_true(jq_game_controller_is_thinking(c));
  guint discarded = jq_game_controller_get_discarded_results(c);
  g_assert_true(jq_game_controller_undo(c));
  g_assert_false(jq_game_controller_is_thinking(c));
  g_assert_cmpint(jq_game_controller_get_move_count(c), ==, 4);
  DiscardWait w = {c, discarded};
  run_until(discarded_more, &w, 2000, "the stale result");
  run_for(50);
  g_assert_cmpint(jq_game_controller_get_move_count(c), ==, 4);
  g_assert_true(jq_game_controller_is_human_turn(c));
  g_free(start);
  g_free(after4);
  g_object_unref(c);
}

static gboolean has_progress(gpointer data) {
  return ((Log *)data)->progress > 0;
}

/* The computer thinks below the window's priority, so that the window
 * (and the display server) get a CPU first; the window's thread keeps
 * its own. */
static void note_niceness(gpointer data) {
  g_atomic_int_set((gint *)data, getpriority(PRIO_PROCESS, 0));
}

static void test_computer_below_ui(void) {
  int window_nice = getpriority(PRIO_PROCESS, 0);
  gint thread_nice = -100;
  jq_ai_worker_set_started_hook(note_niceness, &thread_nice);
  JqGameController *c = controller_new();
  new_game(c, JQ_VARIANT_XIANGQI, JQ_PLAYER_MODE_COMPUTER, JQ_PLAYER_MODE_HUMAN,
           NULL, 7);
  wait_moves(c, 1);
  g_object_unref(c);
  jq_ai_worker_set_started_hook(NULL, NULL);
  /* A run under `nice` starts higher: never lowered below that. */
  if (window_nice < JQ_AI_WORKER_NICENESS)
    g_assert_cmpint(g_atomic_int_get(&thread_nice), >, window_nice);
  g_assert_cmpint(g_atomic_int_get(&thread_nice), ==,
                  MAX(window_nice, JQ_AI_WORKER_NICENESS));
  g_assert_cmpint(getpriority(PRIO_PROCESS, 0), ==, window_nice);
}

static void test_cancel_on_new_game(void) {
  JqGameController *c = controller_new();
  Log log;
  log_connect(c, &log);
  jq_game_controller_set_think_time(c, 5000);
  jq_game_controller_set_strength(c, 20);
  new_game(c, JQ_VARIANT_XIANGQI, JQ_PLAYER_MODE_COMPUTER, JQ_PLAYER_MODE_HUMAN,
           NULL, 1);
  g_assert_true(jq_game_controller_is_thinking(c));
  /* Let it get into its search (slow to start on a loaded machine). */
  run_until(has_progress, &log, 20000, "the first progress report");
  run_for(300);

  DiscardWait w = {c, jq_game_controller_get_discarded_results(c)};
  gint64 t0 = g_get_monotonic_time();
  new_game(c, JQ_VARIANT_JIEQI, JQ_PLAYER_MODE_HUMAN, JQ_PLAYER_MODE_HUMAN,
           NULL, 3);
  double call_ms = (g_get_monotonic_time() - t0) / 1000.0;
  g_assert_false(jq_game_controller_is_thinking(c));
  g_assert_cmpint(log.thinking_off, ==, 1);
  double ms = run_until(discarded_more, &w, 2000, "the stale result");
  g_test_message("new game returned in %.1f ms; the cancelled search "
                 "ended %.0f ms later (think time 5000)",
                 call_ms, ms);
  g_assert_cmpfloat(ms, <, 1000.0);
  run_for(100);
  /* No stale move reached the new game. */
  g_assert_cmpint(log.moves, ==, 0);
  g_assert_cmpint(jq_game_controller_get_move_count(c), ==, 0);
  g_assert_cmpint(jq_game_controller_get_variant(c), ==, JQ_VARIANT_JIEQI);
  g_assert_true(jq_game_controller_is_human_turn(c));
  g_object_unref(c);
  log_clear(&log);
}

/* Disposing the controller mid-think neither waits for the search nor
 * lets its result touch freed memory. */
static void test_dispose_while_thinking(void) {
  JqGameController *c = controller_new();
  /* A think far longer than the bound below, so that waiting for it
   * fails however loaded the machine is, and nothing else does. */
  jq_game_controller_set_think_time(c, 60000);
  new_game(c, JQ_VARIANT_XIANGQI, JQ_PLAYER_MODE_COMPUTER, JQ_PLAYER_MODE_HUMAN,
           NULL, 1);
  run_for(50);
  gint64 t0 = g_get_monotonic_time();
  g_object_unref(c);
  double ms = (g_get_monotonic_time() - t0) / 1000.0;
  g_test_message("dispose took %.1f ms", ms);
  g_assert_cmpfloat(ms, <, 10000.0);
  run_for(300); /* the worker's callback runs with nobody to tell */
}

static void test_game_over_mate(void) {
  JqGameController *c = controller_new();
  Log log;
  log_connect(c, &log);
  new_game(c, JQ_VARIANT_XIANGQI, JQ_PLAYER_MODE_HUMAN, JQ_PLAYER_MODE_COMPUTER,
           MATE_IN_ONE, 1);
  play(c, "a4e4");
  g_assert_cmpint(log.game_overs, ==, 1);
  g_assert_cmpint(log.outcome, ==, JQ_OUTCOME_RED_WINS);
  g_assert_cmpint(log.reason, ==, JQ_REASON_CHECKMATE);
  g_assert_cmpstr(log.message, ==, "Red wins: Black is checkmated.");
  g_assert_true(log.last_flags & JQ_MOVE_FLAGS_CHECK);
  g_assert_true(jq_game_controller_is_over(c));
  g_assert_false(jq_game_controller_is_thinking(c));
  char *text = jq_game_controller_get_result_text(c);
  g_assert_cmpstr(text, ==, log.message);
  g_free(text);
  GError *error = NULL;
  JqMove m = jq_test_move("e9e8");
  g_assert_false(
      jq_game_controller_play_move(c, jq_move_from(m), jq_move_to(m), &error));
  g_assert_error(error, JQ_GAME_CONTROLLER_ERROR,
                 JQ_GAME_CONTROLLER_ERROR_GAME_OVER);
  g_clear_error(&error);

  /* The computer finds it too. */
  jq_game_controller_set_strength(c, 20);
  jq_game_controller_set_think_time(c, 500);
  new_game(c, JQ_VARIANT_XIANGQI, JQ_PLAYER_MODE_COMPUTER, JQ_PLAYER_MODE_HUMAN,
           MATE_IN_ONE, 1);
  wait_moves(c, 1);
  g_assert_cmpint(log.game_overs, ==, 2);
  g_assert_cmpint(log.reason, ==, JQ_REASON_CHECKMATE);
  g_assert_cmpint(log.outcome, ==, JQ_OUTCOME_RED_WINS);

  g_object_unref(c);
  log_clear(&log);
}

static void assert_result(JqGameController *c, const char *text) {
  g_assert_true(jq_game_controller_is_over(c));
  char *result = jq_game_controller_get_result_text(c);
  g_assert_cmpstr(result, ==, text);
  g_free(result);
}

/* After the end, undo and redo leave the result as it is; taking back
 * reopens the game as undo would have gone back. */
static void test_take_back_after_mate(void) {
  JqGameController *c = controller_new();
  new_game(c, JQ_VARIANT_XIANGQI, JQ_PLAYER_MODE_HUMAN, JQ_PLAYER_MODE_COMPUTER,
           MATE_IN_ONE, 1);
  g_assert_false(jq_game_controller_can_take_back(c));
  play(c, "a4e4");
  g_assert_false(jq_game_controller_can_undo(c));
  g_assert_false(jq_game_controller_undo(c));
  assert_result(c, "Red wins: Black is checkmated.");
  g_assert_cmpint(jq_game_controller_get_move_count(c), ==, 1);

  /* The human's mating move alone: it was not the computer's reply. */
  g_assert_true(jq_game_controller_can_take_back(c));
  g_assert_true(jq_game_controller_take_back(c));
  g_assert_false(jq_game_controller_is_over(c));
  g_assert_null(jq_game_controller_get_result_text(c));
  g_assert_cmpint(jq_game_controller_get_move_count(c), ==, 0);
  g_assert_true(jq_game_controller_is_human_turn(c));
  /* Redo plays the mate again. */
  g_assert_true(jq_game_controller_redo(c));
  assert_result(c, "Red wins: Black is checkmated.");
  g_assert_false(jq_game_controller_can_redo(c));

  /* The computer mates: its move and the human's before it. */
  jq_game_controller_set_strength(c, 20);
  jq_game_controller_set_think_time(c, 500);
  new_game(c, JQ_VARIANT_XIANGQI, JQ_PLAYER_MODE_COMPUTER, JQ_PLAYER_MODE_HUMAN,
           "4k4/9/4N4/9/9/C8/9/9/p8/3K5 b - - 0 1", 1);
  play(c, "a1b1");
  wait_moves(c, 2);
  assert_result(c, "Red wins: Black is checkmated.");
  g_assert_false(jq_game_controller_undo(c));
  assert_result(c, "Red wins: Black is checkmated.");
  g_assert_true(jq_game_controller_take_back(c));
  g_assert_cmpint(jq_game_controller_get_move_count(c), ==, 0);
  g_assert_false(jq_game_controller_is_over(c));
  g_assert_true(jq_game_controller_is_human_turn(c));
  g_assert_false(jq_game_controller_is_thinking(c));
  g_object_unref(c);
}

static void test_take_back_after_resign(void) {
  JqGameController *c = controller_new();
  new_game(c, JQ_VARIANT_XIANGQI, JQ_PLAYER_MODE_HUMAN, JQ_PLAYER_MODE_COMPUTER,
           NULL, 1);
  /* Nothing to take back: the resignation stands. */
  g_assert_true(jq_game_controller_resign(c, NULL));
  g_assert_false(jq_game_controller_can_take_back(c));
  g_assert_false(jq_game_controller_take_back(c));
  assert_result(c, "Black wins: Red resigned.");

  new_game(c, JQ_VARIANT_XIANGQI, JQ_PLAYER_MODE_HUMAN, JQ_PLAYER_MODE_COMPUTER,
           NULL, 1);
  play(c, "h2e2");
  wait_moves(c, 2);
  play(c, "h0g2");
  wait_moves(c, 4);
  char *after2 = NULL;
  g_assert_true(jq_game_controller_undo(c));
  after2 = truth_fen(c);
  g_assert_true(jq_game_controller_can_redo(c));
  g_assert_true(jq_game_controller_resign(c, NULL));
  /* Neither undo nor redo (of the moves undone before) touches the
   * result. */
  g_assert_false(jq_game_controller_can_undo(c));
  g_assert_false(jq_game_controller_undo(c));
  g_assert_false(jq_game_controller_can_redo(c));
  g_assert_false(jq_game_controller_redo(c));
  assert_result(c, "Black wins: Red resigned.");
  g_assert_cmpint(jq_game_controller_get_move_count(c), ==, 2);
  char *fen = truth_fen(c);
  g_assert_cmpstr(fen, ==, after2);
  g_free(fen);

  /* Taken back: the game goes on from the human's previous turn, the
   * computer's reply taken back with the human's move. */
  g_assert_true(jq_game_controller_take_back(c));
  g_assert_false(jq_game_controller_is_over(c));
  g_assert_cmpint(jq_game_controller_get_move_count(c), ==, 0);
  g_assert_true(jq_game_controller_is_human_turn(c));
  g_assert_true(jq_game_controller_can_redo(c));
  g_free(after2);
  g_object_unref(c);
}

static void test_resign(void) {
  JqGameController *c = controller_new();
  Log log;
  log_connect(c, &log);
  jq_game_controller_set_think_time(c, 3000);
  new_game(c, JQ_VARIANT_JIEQI, JQ_PLAYER_MODE_COMPUTER, JQ_PLAYER_MODE_HUMAN,
           NULL, 4);
  /* Resigning while the computer thinks stops it. */
  g_assert_true(jq_game_controller_is_thinking(c));
  GError *error = NULL;
  g_assert_true(jq_game_controller_resign(c, &error));
  g_assert_no_error(error);
  g_assert_false(jq_game_controller_is_thinking(c));
  g_assert_cmpint(log.game_overs, ==, 1);
  g_assert_cmpint(log.outcome, ==, JQ_OUTCOME_RED_WINS);
  g_assert_cmpint(log.reason, ==, JQ_REASON_RESIGNATION);
  g_assert_cmpstr(log.message, ==, "Red wins: Black resigned.");
  g_assert_false(jq_game_controller_resign(c, &error));
  g_assert_error(error, JQ_GAME_CONTROLLER_ERROR,
                 JQ_GAME_CONTROLLER_ERROR_GAME_OVER);
  g_clear_error(&error);
  run_for(100);
  g_assert_cmpint(jq_game_controller_get_move_count(c), ==, 0);

  new_game(c, JQ_VARIANT_XIANGQI, JQ_PLAYER_MODE_COMPUTER,
           JQ_PLAYER_MODE_COMPUTER, NULL, 4);
  g_assert_false(jq_game_controller_resign(c, &error));
  g_assert_error(error, JQ_GAME_CONTROLLER_ERROR,
                 JQ_GAME_CONTROLLER_ERROR_NO_HUMAN);
  g_clear_error(&error);
  g_object_unref(c);
  log_clear(&log);
}

static void test_hint(void) {
  JqGameController *c = controller_new();
  Log log;
  log_connect(c, &log);
  jq_game_controller_set_think_time(c, 300);
  new_game(c, JQ_VARIANT_XIANGQI, JQ_PLAYER_MODE_HUMAN, JQ_PLAYER_MODE_HUMAN,
           MATE_IN_ONE, 1);
  GError *error = NULL;
  g_assert_true(jq_game_controller_request_hint(c, &error));
  g_assert_no_error(error);
  g_assert_true(jq_game_controller_is_thinking(c));
  run_until(not_thinking, c, 20000, "the hint");
  g_assert_cmpint(log.hints, ==, 1);
  /* Full strength whatever the computer's level: it sees the mate. */
  g_assert_cmpuint(log.hint, ==, jq_test_move("a4e4"));
  g_assert_cmpuint(jq_game_controller_get_hint(c), ==, log.hint);
  g_assert_cmpint(jq_game_controller_get_move_count(c), ==, 0);

  /* A move drops the hint; a hint being thought about stops with it. */
  play(c, "a4a5");
  g_assert_cmpuint(jq_game_controller_get_hint(c), ==, JQ_MOVE_NONE);
  g_assert_true(jq_game_controller_request_hint(c, &error));
  play(c, "e9e8");
  g_assert_false(jq_game_controller_is_thinking(c));
  run_for(400);
  g_assert_cmpint(log.hints, ==, 1);

  /* Not for the computer's turn. */
  new_game(c, JQ_VARIANT_XIANGQI, JQ_PLAYER_MODE_COMPUTER, JQ_PLAYER_MODE_HUMAN,
           NULL, 1);
  g_assert_false(jq_game_controller_request_hint(c, &error));
  g_assert_error(error, JQ_GAME_CONTROLLER_ERROR,
                 JQ_GAME_CONTROLLER_ERROR_NOT_YOUR_TURN);
  g_clear_error(&error);
  g_object_unref(c);
  log_clear(&log);
}

/* Switching players mid-game: the computer takes over a side to move. */
static void test_switch_players(void) {
  JqGameController *c = controller_new();
  new_game(c, JQ_VARIANT_XIANGQI, JQ_PLAYER_MODE_HUMAN, JQ_PLAYER_MODE_HUMAN,
           NULL, 1);
  play(c, "h2e2");
  g_object_set(c, "black-player", JQ_PLAYER_MODE_COMPUTER, NULL);
  g_assert_true(jq_game_controller_is_thinking(c));
  g_assert_cmpint(jq_game_controller_get_display_side(c), ==, JQ_RED);
  jq_game_controller_set_player(c, JQ_BLACK, JQ_PLAYER_MODE_HUMAN);
  g_assert_false(jq_game_controller_is_thinking(c));
  g_assert_cmpint(jq_game_controller_get_display_side(c), ==, -1);
  run_for(300);
  g_assert_cmpint(jq_game_controller_get_move_count(c), ==, 1);
  jq_game_controller_set_player(c, JQ_BLACK, JQ_PLAYER_MODE_COMPUTER);
  wait_moves(c, 2);
  g_object_unref(c);
}

/* ---- computer against computer ---- */

/* Which algorithm chose each move, by the side that played it. */
typedef struct {
  JqGameController *c;
  int moves[2];
  char *algorithms[2]; /* the one each side's moves came from; "mixed" */
} Sources;

static void on_source_move(JqGameController *c, guint move, JqMoveFlags flags,
                           Sources *src) {
  int n = jq_game_controller_get_move_count(c);
  JqColor mover =
      (JqColor)(jq_game_controller_get_first_mover(c) ^ ((n - 1) & 1));
  if (!(flags & JQ_MOVE_FLAGS_COMPUTER))
    return; /* the human's */
  const char *used = jq_ai_player_get_last_algorithm(
      jq_game_controller_get_ai_player(c, mover));
  g_assert_nonnull(used);
  if (src->moves[mover]++ == 0)
    src->algorithms[mover] = g_strdup(used);
  else if (g_strcmp0(src->algorithms[mover], used) != 0) {
    g_free(src->algorithms[mover]);
    src->algorithms[mover] = g_strdup("mixed");
  }
}

static gboolean both_moved_twice(gpointer data) {
  Sources *src = data;
  return src->moves[JQ_RED] >= 2 && src->moves[JQ_BLACK] >= 2;
}

/* Each side's computer plays with its own algorithm and strength; with
 * one computer, the common ones apply. */
static void test_side_algorithms(void) {
  JqGameController *c = controller_new();
  jq_game_controller_set_algorithm(c, "greedy");
  Sources src = {c, {0, 0}, {NULL, NULL}};
  g_signal_connect(c, "move-played", G_CALLBACK(on_source_move), &src);
  JqNewGame setup;
  jq_new_game_init(&setup, JQ_VARIANT_JIEQI);
  setup.players[JQ_RED] = setup.players[JQ_BLACK] = JQ_PLAYER_MODE_COMPUTER;
  setup.side_algorithm[JQ_RED] = "random";
  setup.side_algorithm[JQ_BLACK] = "alphabeta";
  setup.side_strength[JQ_RED] = 3;
  setup.side_strength[JQ_BLACK] = 1;
  setup.seed = 5;
  GError *error = NULL;
  g_assert_true(jq_game_controller_new_game(c, &setup, &error));
  g_assert_no_error(error);
  g_assert_cmpstr(jq_game_controller_get_side_algorithm(c, JQ_RED), ==,
                  "random");
  g_assert_cmpint(jq_game_controller_get_side_strength(c, JQ_BLACK), ==, 1);
  run_until(both_moved_twice, &src, 20000, "two moves of each side");
  g_assert_cmpstr(src.algorithms[JQ_RED], ==, "random");
  g_assert_cmpstr(src.algorithms[JQ_BLACK], ==, "alphabeta");
  g_assert_cmpint(
      jq_ai_player_get_strength(jq_game_controller_get_ai_player(c, JQ_RED)),
      ==, 3);
  g_assert_cmpint(
      jq_ai_player_get_strength(jq_game_controller_get_ai_player(c, JQ_BLACK)),
      ==, 1);
  /* The game's file names each side's computer. */
  char *pgn = jq_game_controller_to_pgn(c, JQ_PGN_COORDS);
  g_assert_nonnull(strstr(pgn, "[Red \"Computer (random, level 3)\"]"));
  g_assert_nonnull(strstr(pgn, "[Black \"Computer (alphabeta, level 1)\"]"));
  g_free(pgn);

  /* Against a human, the one computer plays as the preferences say. */
  for (int i = 0; i < 2; i++) {
    g_clear_pointer(&src.algorithms[i], g_free);
    src.moves[i] = 0;
  }
  new_game(c, JQ_VARIANT_XIANGQI, JQ_PLAYER_MODE_HUMAN, JQ_PLAYER_MODE_COMPUTER,
           NULL, 1);
  play(c, "h2e2");
  wait_moves(c, 2);
  g_assert_cmpint(src.moves[JQ_BLACK], ==, 1);
  g_assert_cmpstr(src.algorithms[JQ_BLACK], ==, "greedy");

  /* Bad settings are refused and change nothing. */
  jq_new_game_init(&setup, JQ_VARIANT_XIANGQI);
  setup.side_algorithm[JQ_BLACK] = "no-such-ai";
  g_assert_false(jq_game_controller_new_game(c, &setup, &error));
  g_assert_error(error, JQ_GAME_CONTROLLER_ERROR,
                 JQ_GAME_CONTROLLER_ERROR_BAD_OPTION);
  g_clear_error(&error);
  jq_new_game_init(&setup, JQ_VARIANT_XIANGQI);
  setup.side_strength[JQ_RED] = 21;
  g_assert_false(jq_game_controller_new_game(c, &setup, &error));
  g_assert_error(error, JQ_GAME_CONTROLLER_ERROR,
                 JQ_GAME_CONTROLLER_ERROR_BAD_OPTION);
  g_clear_error(&error);
  g_assert_cmpstr(jq_game_controller_get_side_algorithm(c, JQ_BLACK), ==,
                  "alphabeta");
  g_assert_cmpint(jq_game_controller_get_side_strength(c, JQ_RED), ==, 3);
  g_assert_cmpint(jq_game_controller_get_move_count(c), ==, 2);
  g_object_unref(c);
  for (int i = 0; i < 2; i++)
    g_free(src.algorithms[i]);
}

/* When each move was played (monotonic µs). */
typedef struct {
  JqGameController *c;
  gint64 times[64];
  int n;
  int pause_at; /* pause once this many moves are played; 0: never */
} MoveTimes;

static void on_timed_move(JqGameController *c, guint move, JqMoveFlags flags,
                          MoveTimes *t) {
  if (t->n < (int)G_N_ELEMENTS(t->times))
    t->times[t->n] = g_get_monotonic_time();
  t->n++;
  if (t->pause_at > 0 && jq_game_controller_get_move_count(c) == t->pause_at)
    jq_game_controller_set_paused(c, TRUE);
}

static gboolean timed_moves_reached(gpointer data) {
  MoveTimes *t = data;
  return t->n >= 6 || jq_game_controller_is_over(t->c);
}

/* The computer against itself plays no faster than the move interval:
 * however fast it chooses (the random mover at once), the moves come at
 * least that far apart, and so does its answer to a human. */
static void test_move_interval(void) {
  const int interval = 250;
  JqGameController *c = controller_new();
  g_assert_cmpint(jq_game_controller_get_move_interval(c), ==, 0);
  g_object_set(c, "move-interval", interval, NULL);
  g_assert_cmpint(jq_game_controller_get_move_interval(c), ==, interval);
  MoveTimes t = {c, {0}, 0, 0};
  g_signal_connect(c, "move-played", G_CALLBACK(on_timed_move), &t);
  JqNewGame setup;
  jq_new_game_init(&setup, JQ_VARIANT_XIANGQI);
  setup.players[JQ_RED] = setup.players[JQ_BLACK] = JQ_PLAYER_MODE_COMPUTER;
  setup.side_algorithm[JQ_RED] = setup.side_algorithm[JQ_BLACK] = "random";
  setup.seed = 1;
  g_assert_true(jq_game_controller_new_game(c, &setup, NULL));
  run_until(timed_moves_reached, &t, 20000, "six moves");
  g_assert_cmpint(t.n, >=, 2);
  for (int i = 1; i < MIN(t.n, (int)G_N_ELEMENTS(t.times)); i++) {
    double gap = (t.times[i] - t.times[i - 1]) / 1000.0;
    g_test_message("move %d came %.1f ms after the one before", i + 1, gap);
    g_assert_cmpfloat(gap, >=, interval);
  }

  /* A human's move, then the computer's answer. */
  jq_game_controller_set_algorithm(c, "random");
  new_game(c, JQ_VARIANT_XIANGQI, JQ_PLAYER_MODE_HUMAN, JQ_PLAYER_MODE_COMPUTER,
           NULL, 1);
  t.n = 0;
  play(c, "h2e2");
  wait_moves(c, 2);
  g_assert_cmpint(t.n, ==, 2);
  g_assert_cmpfloat((t.times[1] - t.times[0]) / 1000.0, >=, interval);
  g_object_unref(c);
}

static gboolean paused_and_idle(gpointer data) {
  JqGameController *c = data;
  return jq_game_controller_get_paused(c) && !jq_game_controller_is_thinking(c);
}

/* Pause stops the computer after the move on the board: whatever it is
 * thinking about is not played, and the game stays as it is until
 * Resume, when play goes on. */
static void test_pause_resume(void) {
  JqGameController *c = controller_new();
  Log log;
  log_connect(c, &log);
  MoveTimes t = {c, {0}, 0, 3};
  g_signal_connect(c, "move-played", G_CALLBACK(on_timed_move), &t);
  JqNewGame setup;
  jq_new_game_init(&setup, JQ_VARIANT_JIEQI);
  setup.players[JQ_RED] = setup.players[JQ_BLACK] = JQ_PLAYER_MODE_COMPUTER;
  setup.side_algorithm[JQ_RED] = "random";
  setup.side_algorithm[JQ_BLACK] = "greedy";
  setup.seed = 11;
  g_assert_true(jq_game_controller_new_game(c, &setup, NULL));
  g_assert_false(jq_game_controller_get_paused(c));

  /* Paused as the third move is played: the fourth is thought about
   * (at once, by the random mover) but not played. */
  run_until(paused_and_idle, c, 20000, "the pause");
  char *fen = truth_fen(c);
  char *pgn = jq_game_controller_to_pgn(c, JQ_PGN_COORDS);
  int changed = log.changed;
  run_for(400);
  g_assert_cmpint(jq_game_controller_get_move_count(c), ==, 3);
  g_assert_cmpint(log.moves, ==, 3);
  g_assert_cmpint(log.changed, ==, changed);
  char *fen2 = truth_fen(c);
  g_assert_cmpstr(fen2, ==, fen);
  g_free(fen2);
  char *pgn2 = jq_game_controller_to_pgn(c, JQ_PGN_COORDS);
  g_assert_cmpstr(pgn2, ==, pgn);
  g_free(pgn2);

  /* Resume: play goes on from there. */
  jq_game_controller_set_paused(c, FALSE);
  wait_moves(c, 6);
  g_assert_false(jq_game_controller_get_paused(c));

  /* Paused in the middle of a longer think: it ends, nothing is
   * played; resumed, its move is. */
  jq_game_controller_set_side_algorithm(c, JQ_RED, "alphabeta");
  jq_game_controller_set_side_algorithm(c, JQ_BLACK, "alphabeta");
  jq_game_controller_set_think_time(c, 300);
  new_game(c, JQ_VARIANT_XIANGQI, JQ_PLAYER_MODE_COMPUTER,
           JQ_PLAYER_MODE_COMPUTER, NULL, 1);
  t.pause_at = 0;
  g_assert_true(jq_game_controller_is_thinking(c));
  jq_game_controller_set_paused(c, TRUE);
  g_assert_true(jq_game_controller_is_thinking(c));
  run_until(not_thinking, c, 20000, "the end of the think");
  run_for(400);
  g_assert_cmpint(jq_game_controller_get_move_count(c), ==, 0);
  g_assert_false(jq_game_controller_is_thinking(c));
  jq_game_controller_set_paused(c, FALSE);
  g_assert_cmpint(jq_game_controller_get_move_count(c), ==, 1);
  wait_moves(c, 2);

  /* Paused, an undo takes back a move and drops the one that waited;
   * the computer thinks again, and again its move waits. */
  jq_game_controller_set_paused(c, TRUE);
  run_until(not_thinking, c, 20000, "the end of the think");
  g_assert_cmpint(jq_game_controller_get_move_count(c), ==, 2);
  g_assert_true(jq_game_controller_undo(c));
  g_assert_cmpint(jq_game_controller_get_move_count(c), ==, 1);
  g_assert_true(jq_game_controller_is_thinking(c));
  run_until(not_thinking, c, 20000, "the end of the think");
  run_for(100);
  g_assert_cmpint(jq_game_controller_get_move_count(c), ==, 1);

  /* A new game is not paused. */
  new_game(c, JQ_VARIANT_XIANGQI, JQ_PLAYER_MODE_COMPUTER, JQ_PLAYER_MODE_HUMAN,
           NULL, 1);
  g_assert_false(jq_game_controller_get_paused(c));
  wait_moves(c, 1);
  g_object_unref(c);
  g_free(fen);
  g_free(pgn);
  log_clear(&log);
}

/* ---- what is shown ---- */

static void test_move_list_notations(void) {
  JqGameController *c = controller_new();
  new_game(c, JQ_VARIANT_XIANGQI, JQ_PLAYER_MODE_HUMAN, JQ_PLAYER_MODE_HUMAN,
           NULL, 1);
  play(c, "h2e2");
  play(c, "h9g7");
  play(c, "h0g2");
  play(c, "i9h9");

  static const struct {
    JqNotationStyle style;
    JqCharset charset;
    const char *moves[4];
  } cases[] = {
      {JQ_NOTATION_STYLE_CHINESE,
       JQ_CHARSET_SIMPLIFIED,
       {"炮二平五", "马８进７", "马二进三", "车９平８"}},
      {JQ_NOTATION_STYLE_CHINESE,
       JQ_CHARSET_TRADITIONAL,
       {"炮二平五", "馬８進７", "傌二進三", "車９平８"}},
      {JQ_NOTATION_STYLE_WXF,
       JQ_CHARSET_SIMPLIFIED,
       {"C2.5", "H8+7", "H2+3", "R9.8"}},
      {JQ_NOTATION_STYLE_COORDINATES,
       JQ_CHARSET_SIMPLIFIED,
       {"h2e2", "h9g7", "h0g2", "i9h9"}},
  };
  Log log;
  log_connect(c, &log);
  for (gsize i = 0; i < G_N_ELEMENTS(cases); i++) {
    g_object_set(c, "notation", cases[i].style, "character-style",
                 cases[i].charset, NULL);
    char **list = jq_game_controller_get_move_list(c);
    g_assert_cmpuint(g_strv_length(list), ==, 4);
    for (int k = 0; k < 4; k++)
      g_assert_cmpstr(list[k], ==, cases[i].moves[k]);
    g_strfreev(list);
  }
  /* Changing the notation is a change of what is shown. */
  g_assert_cmpint(log.changed, >=, 3);

  /* Jieqi: a reveal names what turned up, in each notation. */
  static const char *const red_names[2][JQ_TYPE_COUNT] = {
      {"", "帅", "仕", "相", "马", "车", "炮", "兵"},
      {"", "帥", "仕", "相", "傌", "俥", "炮", "兵"}};
  static const char wxf[JQ_TYPE_COUNT] = {0, 'K', 'A', 'E', 'H', 'R', 'C', 'P'};
  new_game(c, JQ_VARIANT_JIEQI, JQ_PLAYER_MODE_HUMAN, JQ_PLAYER_MODE_HUMAN,
           NULL, 11);
  play(c, "h2e2");
  JqPieceType t =
      jq_game_move_at(jq_game_controller_get_game(c), 0).reveal.mover;
  g_assert_cmpint(t, !=, JQ_NO_TYPE);
  for (int cs = 0; cs < 2; cs++) {
    g_object_set(c, "notation", JQ_NOTATION_STYLE_CHINESE, "character-style",
                 cs, NULL);
    char **list = jq_game_controller_get_move_list(c);
    char *want = g_strdup_printf("暗炮二平五(%s)", red_names[cs][t]);
    g_assert_cmpstr(list[0], ==, want);
    g_free(want);
    g_strfreev(list);
  }
  jq_game_controller_set_notation(c, JQ_NOTATION_STYLE_WXF);
  char **list = jq_game_controller_get_move_list(c);
  char *want = g_strdup_printf("C2.5(%c)", wxf[t]);
  g_assert_cmpstr(list[0], ==, want);
  g_free(want);
  g_strfreev(list);
  jq_game_controller_set_notation(c, JQ_NOTATION_STYLE_COORDINATES);
  list = jq_game_controller_get_move_list(c);
  want = g_strdup_printf("h2e2%c", jq_piece_type_letter(t));
  g_assert_cmpstr(list[0], ==, want);
  g_free(want);
  g_strfreev(list);
  g_object_unref(c);
  log_clear(&log);
}

/* Swaps the letters of two still-hidden points of one side in the PGN's
 * JieqiDeal: a game that differs only in what nobody has seen yet. */
static char *swap_hidden_deal(JqGameController *c, const char *pgn) {
  const JqGame *g = jq_game_controller_get_game(c);
  const JqPosition *init = jq_game_initial(g);
  const JqPosition *now = jq_game_truth(g);
  char deal[64];
  g_assert_true(jq_pgn_tag(pgn, "JieqiDeal", deal, sizeof deal));
  int index[JQ_SQUARES];
  int k = 0;
  for (int sq = 0; sq < JQ_SQUARES; sq++)
    index[sq] = jq_piece_is_hidden(init->board[sq]) ? k++ : -1;
  g_assert_cmpint(k, ==, (int)strlen(deal));
  for (int a = 0; a < JQ_SQUARES; a++) {
    for (int b = a + 1; b < JQ_SQUARES; b++) {
      if (index[a] < 0 || index[b] < 0 || !jq_piece_is_hidden(now->board[a]) ||
          !jq_piece_is_hidden(now->board[b]) ||
          jq_piece_color(now->board[a]) != jq_piece_color(now->board[b]) ||
          deal[index[a]] == deal[index[b]])
        continue;
      char swapped[64];
      strcpy(swapped, deal);
      swapped[index[a]] = deal[index[b]];
      swapped[index[b]] = deal[index[a]];
      char *from = g_strdup_printf("[JieqiDeal \"%s\"]", deal);
      char *to = g_strdup_printf("[JieqiDeal \"%s\"]", swapped);
      char **parts = g_strsplit(pgn, from, 2);
      g_assert_cmpuint(g_strv_length(parts), ==, 2);
      char *out = g_strjoin(to, parts[0], parts[1], NULL);
      g_strfreev(parts);
      g_free(from);
      g_free(to);
      return out;
    }
  }
  g_error("no two hidden pieces of one side with different identities");
  return NULL;
}

static void assert_same_shown(JqGameController *a, JqGameController *b) {
  for (int n = 0; n <= JQ_NOTATION_STYLE_COORDINATES; n++) {
    jq_game_controller_set_notation(a, n);
    jq_game_controller_set_notation(b, n);
    char **la = jq_game_controller_get_move_list(a);
    char **lb = jq_game_controller_get_move_list(b);
    g_assert_true(
        g_strv_equal((const char *const *)la, (const char *const *)lb));
    g_strfreev(la);
    g_strfreev(lb);
  }
  char *fa = display_fen(a), *fb = display_fen(b);
  g_assert_cmpstr(fa, ==, fb);
  g_free(fa);
  g_free(fb);
  for (int side = 0; side < 2; side++) {
    fa = side_view_fen(a, side);
    fb = side_view_fen(b, side);
    g_assert_cmpstr(fa, ==, fb);
    g_free(fa);
    g_free(fb);
  }
  fa = jq_game_controller_get_fen(a);
  fb = jq_game_controller_get_fen(b);
  g_assert_cmpstr(fa, ==, fb);
  g_free(fa);
  g_free(fb);
}

/* The whole game with its deal, as only a finished game's file has it. */
static char *full_pgn(JqGameController *c) {
  JqPgnInfo info;
  jq_pgn_info_init(&info);
  info.full_deal = TRUE;
  char *pgn = jq_pgn_write(jq_game_controller_get_game(c), &info);
  char *copy = g_strdup(pgn);
  free(pgn);
  return copy;
}

/* The controller's PGN with the sealed deal's value blanked out. */
static char *pgn_unsealed(JqGameController *c, JqPgnMoveStyle style) {
  char *pgn = jq_game_controller_to_pgn(c, style);
  char value[256];
  g_assert_false(jq_pgn_tag(pgn, "JieqiDeal", value, sizeof value));
  g_assert_true(jq_pgn_tag(pgn, "JieqiSealedDeal", value, sizeof value));
  char *tag = g_strdup_printf("[JieqiSealedDeal \"%s\"]", value);
  char **parts = g_strsplit(pgn, tag, 2);
  g_assert_cmpuint(g_strv_length(parts), ==, 2);
  char *out = g_strjoin("[JieqiSealedDeal]", parts[0], parts[1], NULL);
  g_strfreev(parts);
  g_free(tag);
  g_free(pgn);
  return out;
}

static void test_no_hidden_identity_shown(void) {
  JqGameController *c = controller_new();
  play_jieqi_game(c, 40);
  char *pgn = full_pgn(c);
  char *other_pgn = swap_hidden_deal(c, pgn);
  JqGameController *other = controller_new();
  g_assert_true(jq_game_controller_load_pgn_text(other, other_pgn, NULL));
  /* The truths differ... */
  int differ = 0;
  for (int sq = 0; sq < JQ_SQUARES; sq++)
    differ += jq_game_hidden_identity(jq_game_controller_get_game(c), sq) !=
              jq_game_hidden_identity(jq_game_controller_get_game(other), sq);
  g_assert_cmpint(differ, ==, 2);
  /* ...and nothing shown tells them apart, for any display side or
   * disclosure rule, at any browsed ply. Switching players is done
   * while the computer cannot think (its turn never comes: set back at
   * once, the stale think is dropped). */
  for (int d = 0; d <= JQ_DISCLOSE_BOTH; d++) {
    jq_game_controller_set_disclosure(c, d);
    jq_game_controller_set_disclosure(other, d);
    for (int seat = 0; seat < 3; seat++) {
      /* 0: two humans (public view), 1: Red human, 2: Black human. */
      JqPlayerMode red =
          seat == 2 ? JQ_PLAYER_MODE_COMPUTER : JQ_PLAYER_MODE_HUMAN;
      JqPlayerMode black =
          seat == 1 ? JQ_PLAYER_MODE_COMPUTER : JQ_PLAYER_MODE_HUMAN;
      JqGameController *both[2] = {c, other};
      for (int i = 0; i < 2; i++) {
        jq_game_controller_set_player(both[i], JQ_RED, red);
        jq_game_controller_set_player(both[i], JQ_BLACK, black);
      }
      assert_same_shown(c, other);
      /* Nor do their files, but for the sealed deal. */
      for (int style = 0; style < 2; style++) {
        char *fa = pgn_unsealed(c, style), *fb = pgn_unsealed(other, style);
        g_assert_cmpstr(fa, ==, fb);
        g_free(fa);
        g_free(fb);
      }
      int n = jq_game_controller_get_move_count(c);
      for (int ply = 0; ply < n; ply += 7) {
        jq_game_controller_browse(c, ply);
        jq_game_controller_browse(other, ply);
        char *fa = display_fen(c), *fb = display_fen(other);
        g_assert_cmpstr(fa, ==, fb);
        g_free(fa);
        g_free(fb);
      }
      jq_game_controller_browse_live(c);
      jq_game_controller_browse_live(other);
      for (int i = 0; i < 2; i++) {
        jq_game_controller_set_player(both[i], JQ_RED, JQ_PLAYER_MODE_HUMAN);
        jq_game_controller_set_player(both[i], JQ_BLACK, JQ_PLAYER_MODE_HUMAN);
      }
    }
  }

  /* A captured hidden piece: the public view and the move list name it
   * only under "both"; the captor's own view knows it under "captor". */
  const JqGame *g = jq_game_controller_get_game(c);
  jq_game_controller_set_notation(c, JQ_NOTATION_STYLE_COORDINATES);
  int n = jq_game_controller_get_move_count(c);
  for (int d = 0; d <= JQ_DISCLOSE_BOTH; d++) {
    jq_game_controller_set_disclosure(c, d);
    char **list = jq_game_controller_get_move_list(c);
    for (int i = 0; i < n; i++) {
      JqGameMove gm = jq_game_move_at(g, i);
      size_t want = 4 + (gm.reveal.mover != JQ_NO_TYPE) +
                    (d == JQ_DISCLOSE_BOTH && gm.reveal.captured != JQ_NO_TYPE);
      g_assert_cmpuint(strlen(list[i]), ==, want);
    }
    g_strfreev(list);
    JqPosition *pub = g_new(JqPosition, 1);
    jq_game_controller_get_display_view(c, pub);
    for (int i = 0; i < pub->capture_count; i++)
      if (jq_piece_is_hidden(pub->captures[i].piece))
        g_assert_true((pub->captures[i].identity != JQ_NO_TYPE) ==
                      (d == JQ_DISCLOSE_BOTH));
    g_free(pub);
  }
  jq_game_controller_set_disclosure(c, JQ_DISCLOSE_CAPTOR);
  JqPosition *view = g_new(JqPosition, 1);
  for (int side = 0; side < 2; side++) {
    jq_game_controller_get_view(c, side, view);
    for (int i = 0; i < view->capture_count; i++) {
      JqCapture cap = view->captures[i];
      if (!jq_piece_is_hidden(cap.piece))
        continue;
      /* Known exactly when this side took it. */
      gboolean took = jq_piece_color(cap.piece) != (JqColor)side;
      g_assert_true((cap.identity != JQ_NO_TYPE) == took);
    }
  }
  g_free(view);
  g_free(pgn);
  g_free(other_pgn);
  g_object_unref(other);
  g_object_unref(c);
}

static void test_browse(void) {
  JqGameController *c = controller_new();
  Log log;
  log_connect(c, &log);
  new_game(c, JQ_VARIANT_JIEQI, JQ_PLAYER_MODE_HUMAN, JQ_PLAYER_MODE_HUMAN,
           NULL, 9);
  char *fens[5];
  fens[0] = display_fen(c);
  const char *moves[] = {"h2e2", "h7e7", "b0c2", "b9c7"};
  for (int i = 0; i < 4; i++) {
    play(c, moves[i]);
    fens[i + 1] = display_fen(c);
  }
  char *live_truth = truth_fen(c);
  g_assert_false(jq_game_controller_is_browsing(c));
  g_assert_cmpint(jq_game_controller_get_browse_ply(c), ==, 4);
  int order[] = {1, 0, 3, 2, 2, 4};
  for (gsize i = 0; i < G_N_ELEMENTS(order); i++) {
    int changed = log.changed;
    jq_game_controller_browse(c, order[i]);
    g_assert_cmpint(jq_game_controller_get_browse_ply(c), ==, order[i]);
    g_assert_true(jq_game_controller_is_browsing(c) == (order[i] < 4));
    g_assert_cmpint(log.changed, ==,
                    changed + (i > 0 && order[i] == order[i - 1] ? 0 : 1));
    char *fen = display_fen(c);
    g_assert_cmpstr(fen, ==, fens[order[i]]);
    g_free(fen);
  }
  /* The game itself was never touched; a human cannot move meanwhile. */
  jq_game_controller_browse(c, 2);
  char *fen = truth_fen(c);
  g_assert_cmpstr(fen, ==, live_truth);
  g_free(fen);
  JqMoveList list;
  jq_game_controller_get_legal_moves(c, &list);
  g_assert_cmpint(list.count, ==, 0);
  JqMove m = jq_test_move("a3a4");
  GError *error = NULL;
  g_assert_false(
      jq_game_controller_play_move(c, jq_move_from(m), jq_move_to(m), &error));
  g_assert_error(error, JQ_GAME_CONTROLLER_ERROR,
                 JQ_GAME_CONTROLLER_ERROR_BROWSING);
  g_clear_error(&error);
  /* Undo returns to the live game. */
  g_assert_true(jq_game_controller_undo(c));
  g_assert_false(jq_game_controller_is_browsing(c));
  g_assert_cmpint(jq_game_controller_get_browse_ply(c), ==, 3);
  for (int i = 0; i < 5; i++)
    g_free(fens[i]);
  g_free(live_truth);
  g_object_unref(c);
  log_clear(&log);
}

static void test_fen_copy_paste(void) {
  JqGameController *c = controller_new();
  new_game(c, JQ_VARIANT_XIANGQI, JQ_PLAYER_MODE_HUMAN, JQ_PLAYER_MODE_HUMAN,
           NULL, 1);
  char *fen = jq_game_controller_get_fen(c);
  g_assert_cmpstr(fen, ==, JQ_START_FEN_XIANGQI);
  g_free(fen);
  play(c, "h2e2");

  GError *error = NULL;
  g_assert_false(jq_game_controller_set_fen(c, "not a position", &error));
  g_assert_error(error, JQ_GAME_CONTROLLER_ERROR,
                 JQ_GAME_CONTROLLER_ERROR_BAD_FEN);
  g_test_message("bad FEN: %s", error->message);
  g_clear_error(&error);
  g_assert_false(jq_game_controller_set_fen(c, "  ", &error));
  g_clear_error(&error);
  g_assert_cmpint(jq_game_controller_get_move_count(c), ==, 1);
  /* Checked without setting anything up, as set_fen would take it. */
  g_assert_false(jq_game_controller_check_fen("not a position", &error));
  g_assert_error(error, JQ_GAME_CONTROLLER_ERROR,
                 JQ_GAME_CONTROLLER_ERROR_BAD_FEN);
  g_clear_error(&error);
  g_assert_false(jq_game_controller_check_fen(" \n", &error));
  g_assert_error(error, JQ_GAME_CONTROLLER_ERROR,
                 JQ_GAME_CONTROLLER_ERROR_BAD_FEN);
  g_clear_error(&error);
  g_assert_false(jq_game_controller_check_fen(NULL, NULL));
  g_assert_true(jq_game_controller_check_fen(" " MATE_IN_ONE "\n", &error));
  g_assert_no_error(error);
  g_assert_cmpint(jq_game_controller_get_move_count(c), ==, 1);

  g_assert_true(jq_game_controller_set_fen(c, " " MATE_IN_ONE "\n", &error));
  g_assert_no_error(error);
  fen = jq_game_controller_get_fen(c);
  g_assert_cmpstr(fen, ==, MATE_IN_ONE);
  g_free(fen);
  g_assert_cmpint(jq_game_controller_get_move_count(c), ==, 0);

  /* Jieqi: pasted back, the copy gives the same position. */
  new_game(c, JQ_VARIANT_JIEQI, JQ_PLAYER_MODE_HUMAN, JQ_PLAYER_MODE_HUMAN,
           NULL, 5);
  play(c, "h2e2");
  play(c, "b7b0"); /* the hidden black cannon takes the hidden red horse */
  char *copied = jq_game_controller_get_fen(c);
  g_assert_true(jq_game_controller_set_fen(c, copied, &error));
  g_assert_cmpint(jq_game_controller_get_variant(c), ==, JQ_VARIANT_JIEQI);
  fen = jq_game_controller_get_fen(c);
  g_assert_cmpstr(fen, ==, copied);
  g_free(fen);
  g_free(copied);
  g_object_unref(c);
}

/* ---- files ---- */

static void test_pgn_round_trip(void) {
  JqGameController *c = controller_new();
  play_jieqi_game(c, 40);
  char *dir = g_dir_make_tmp("jieqi-test-XXXXXX", NULL);
  g_assert_nonnull(dir);
  for (int style = 0; style < 2; style++) {
    char *path =
        g_build_filename(dir, style ? "chinese.pgn" : "coords.pgn", NULL);
    GFile *file = g_file_new_for_path(path);
    GError *error = NULL;
    g_assert_true(jq_game_controller_save_pgn(c, file, style, &error));
    g_assert_no_error(error);
    JqGameController *d = controller_new();
    g_assert_true(jq_game_controller_load_pgn(d, file, &error));
    g_assert_no_error(error);
    assert_same_record(c, d);
    g_assert_cmpint(jq_game_controller_get_variant(d), ==, JQ_VARIANT_JIEQI);
    /* Loading again over it changes nothing either. */
    g_assert_true(jq_game_controller_load_pgn(d, file, &error));
    assert_same_record(c, d);
    g_object_unref(d);
    g_object_unref(file);
    g_free(path);
  }

  /* Bad files: an error that says what, and the game as it was. */
  JqGameController *d = controller_new();
  new_game(d, JQ_VARIANT_XIANGQI, JQ_PLAYER_MODE_HUMAN, JQ_PLAYER_MODE_HUMAN,
           NULL, 1);
  play(d, "h2e2");
  static const char *const bad[] = {
      "[Variant \"xiangqi\"]\n\n1. h2e2 h9g7 2. e2e9 *\n", /* illegal */
      "[Variant \"jieqi\"]\n[JieqiDeal \"ZZZ\"]\n\n1. h2e2 *\n",
      "\x89PNG\r\n\x1a\n\x01\x02",
  };
  for (gsize i = 0; i < G_N_ELEMENTS(bad); i++) {
    char *path = g_build_filename(dir, "bad.pgn", NULL);
    g_assert_true(g_file_set_contents(path, bad[i], -1, NULL));
    GFile *file = g_file_new_for_path(path);
    GError *error = NULL;
    g_assert_false(jq_game_controller_load_pgn(d, file, &error));
    g_assert_error(error, JQ_GAME_CONTROLLER_ERROR,
                   JQ_GAME_CONTROLLER_ERROR_BAD_PGN);
    g_assert_nonnull(strstr(error->message, "bad.pgn"));
    g_test_message("%s", error->message);
    g_clear_error(&error);
    g_assert_cmpint(jq_game_controller_get_move_count(d), ==, 1);
    g_assert_cmpint(jq_game_controller_get_variant(d), ==, JQ_VARIANT_XIANGQI);
    g_unlink(path);
    g_object_unref(file);
    g_free(path);
  }
  char *path = g_build_filename(dir, "missing.pgn", NULL);
  GFile *file = g_file_new_for_path(path);
  GError *error = NULL;
  g_assert_false(jq_game_controller_load_pgn(d, file, &error));
  g_assert_error(error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_clear_error(&error);
  g_object_unref(file);
  g_free(path);
  g_object_unref(d);

  g_rmdir(dir);
  g_free(dir);
  g_object_unref(c);
}

/* ---- the sealed deal ---- */

static void count_notice(JqGameController *c, const char *text, int *n) {
  (*n)++;
}

/* Loads `file` into a new controller (two humans); *notices counts what it
 * said. */
static JqGameController *load_into_new(GFile *file, int *notices) {
  JqGameController *d = controller_new();
  new_game(d, JQ_VARIANT_XIANGQI, JQ_PLAYER_MODE_HUMAN, JQ_PLAYER_MODE_HUMAN,
           NULL, 1);
  *notices = 0;
  g_signal_connect(d, "notice", G_CALLBACK(count_notice), notices);
  GError *error = NULL;
  g_assert_true(jq_game_controller_load_pgn(d, file, &error));
  g_assert_no_error(error);
  return d;
}

/* Both play the same random moves: the same identities turn up when they
 * have the same deal. */
static void play_on_both(JqGameController *a, JqGameController *b) {
  GRand *ra = g_rand_new_with_seed(5), *rb = g_rand_new_with_seed(5);
  play_random(a, ra, 16);
  play_random(b, rb, 16);
  g_rand_free(ra);
  g_rand_free(rb);
}

/* Files of unfinished jieqi games hold no hidden identity, only a sealed
 * deal: with this installation's key the game comes back with its deal;
 * without the key, or with a damaged seal, with a fresh deal that agrees
 * with everything seen, and the user is told. A finished game's file has
 * the whole deal. */
/* ---- files of several games, and their players' names ---- */

static char *data_file(const char *name) {
  const char *dir = g_getenv("JQ_TEST_DATA");
  g_assert_nonnull(dir);
  char *path = g_build_filename(dir, "data", name, NULL);
  char *text = NULL;
  g_assert_true(g_file_get_contents(path, &text, NULL, NULL));
  g_free(path);
  return text;
}

static JqGameEntry *entry_at(GListModel *list, guint i) {
  JqGameEntry *entry = g_list_model_get_item(list, i);
  g_object_unref(entry); /* the list keeps it */
  return entry;
}

/* Each game of a file with its roster, a bad one with its error among the
 * others; each game's text reads on its own. */
static void test_game_list(void) {
  char *text = data_file("three-games.pgn");
  GListModel *list = jq_game_list_new(text, strlen(text), NULL);
  g_assert_nonnull(list);
  g_assert_cmpuint(g_list_model_get_n_items(list), ==, 3);
  static const char *const want[3][5] = {
      {"2024.05.01", "Wang Tianyi", "Zheng Weitong", "1-0"},
      {"2024.05.02", "王天一", "许银川", "1/2-1/2"},
      {"2024.05", "Lü Qin", "Xu Yinchuan", "0-1"},
  };
  static const int plies[3] = {6, 7, 2};
  for (guint i = 0; i < 3; i++) {
    JqGameEntry *e = entry_at(list, i);
    g_assert_cmpuint(jq_game_entry_get_number(e), ==, i + 1);
    g_assert_cmpstr(jq_game_entry_get_event(e), ==, "Spring Open");
    g_assert_cmpstr(jq_game_entry_get_date(e), ==, want[i][0]);
    g_assert_cmpstr(jq_game_entry_get_red(e), ==, want[i][1]);
    g_assert_cmpstr(jq_game_entry_get_black(e), ==, want[i][2]);
    g_assert_cmpstr(jq_game_entry_get_result(e), ==, want[i][3]);
    g_assert_null(jq_game_entry_get_error(e));
    JqGameController *c = controller_new();
    GError *error = NULL;
    g_assert_true(
        jq_game_controller_load_pgn_text(c, jq_game_entry_get_text(e), &error));
    g_assert_no_error(error);
    g_assert_cmpint(jq_game_controller_get_move_count(c), ==, plies[i]);
    g_object_unref(c);
  }
  g_object_unref(list);
  g_free(text);

  /* A bad game in the middle: listed, with what is wrong and where. */
  const char *bad = "[Event \"a\"]\n\n1. h2e2 *\n\n"
                    "[Event \"b\"]\n[Red \"?\"]\n\n1. h2e2 h9g7 2. e2e9 *\n\n"
                    "[Event \"c\"]\n\n1. b2e2 *\n";
  list = jq_game_list_new(bad, strlen(bad), NULL);
  g_assert_nonnull(list);
  g_assert_cmpuint(g_list_model_get_n_items(list), ==, 3);
  g_assert_null(jq_game_entry_get_error(entry_at(list, 0)));
  const char *why = jq_game_entry_get_error(entry_at(list, 1));
  g_assert_nonnull(why);
  g_assert_nonnull(strstr(why, "line 8, ply 3"));
  g_assert_cmpstr(jq_game_entry_get_event(entry_at(list, 1)), ==, "b");
  g_assert_cmpstr(jq_game_entry_get_red(entry_at(list, 1)), ==, "");
  g_assert_null(jq_game_entry_get_error(entry_at(list, 2)));
  g_assert_cmpstr(jq_game_entry_get_event(entry_at(list, 2)), ==, "c");
  g_object_unref(list);

  /* No game, or no text: an error, no list. */
  static const char *const nothing[] = {"", "  ; a comment\n",
                                        "\x89PNG\r\n\x1a\n"};
  for (gsize i = 0; i < G_N_ELEMENTS(nothing); i++) {
    GError *error = NULL;
    g_assert_null(jq_game_list_new(nothing[i], strlen(nothing[i]), &error));
    g_assert_error(error, JQ_GAME_CONTROLLER_ERROR,
                   JQ_GAME_CONTROLLER_ERROR_BAD_PGN);
    g_test_message("%s", error->message);
    g_error_free(error);
  }
}

/* A game read with its players' names keeps them, in the files it is
 * saved to too; the app's own names stand for its players' roles. */
static void test_player_names(void) {
  char *text = data_file("three-games.pgn");
  GListModel *list = jq_game_list_new(text, strlen(text), NULL);
  g_assert_nonnull(list);
  const char *second = jq_game_entry_get_text(entry_at(list, 1));
  JqGameController *c = controller_new();
  GError *error = NULL;
  g_assert_true(jq_game_controller_load_pgn_text(c, second, &error));
  g_assert_no_error(error);
  char *saved = jq_game_controller_to_pgn(c, JQ_PGN_COORDS);
  g_assert_nonnull(strstr(saved, "[Red \"王天一\"]\n"));
  g_assert_nonnull(strstr(saved, "[Black \"许银川\"]\n"));
  g_assert_cmpstr(jq_game_controller_get_player_name(c, JQ_RED), ==, "王天一");
  g_assert_cmpstr(jq_game_controller_get_player_name(c, JQ_BLACK), ==,
                  "许银川");

  /* Saved and read again, as a file or as the autosave. */
  JqGameController *d = controller_new();
  g_assert_true(jq_game_controller_load_pgn_text(d, saved, &error));
  g_assert_cmpstr(jq_game_controller_get_player_name(d, JQ_RED), ==, "王天一");
  g_object_unref(d);
  g_free(saved);

  /* The app's own file: its players go by their roles. */
  new_game(c, JQ_VARIANT_XIANGQI, JQ_PLAYER_MODE_HUMAN, JQ_PLAYER_MODE_COMPUTER,
           NULL, 1);
  g_assert_null(jq_game_controller_get_player_name(c, JQ_RED));
  g_assert_null(jq_game_controller_get_player_name(c, JQ_BLACK));
  saved = jq_game_controller_to_pgn(c, JQ_PGN_COORDS);
  /* The human is the user, by name (test_pgn_details). */
  char *user = jq_player_names_user();
  char *red_tag = g_strdup_printf("[Red \"%s\"]\n", user);
  g_assert_nonnull(strstr(saved, red_tag));
  g_free(red_tag);
  g_free(user);
  g_assert_nonnull(strstr(saved, "[Black \"Computer ("));
  d = controller_new();
  g_assert_true(jq_game_controller_load_pgn_text(d, saved, &error));
  g_assert_null(jq_game_controller_get_player_name(d, JQ_RED));
  g_assert_null(jq_game_controller_get_player_name(d, JQ_BLACK));
  /* One side named, the other unknown. */
  g_assert_true(jq_game_controller_load_pgn_text(
      d, "[Red \"Hu Ronghua\"]\n[Black \"?\"]\n\n1. h2e2 *\n", &error));
  g_assert_cmpstr(jq_game_controller_get_player_name(d, JQ_RED), ==,
                  "Hu Ronghua");
  g_assert_null(jq_game_controller_get_player_name(d, JQ_BLACK));
  g_object_unref(d);
  g_free(saved);
  g_object_unref(c);
  g_object_unref(list);
  g_free(text);
}

/* ---- the analysis in words ---- */

static void assert_score(const JqAnalysis *a, JqScorePerspective perspective,
                         const char *want) {
  char *text = jq_analysis_text_score(a, perspective);
  g_assert_cmpstr(text, ==, want);
  g_free(text);
}

/* Each figure labelled, the score's sign from the side the preference
 * says, and who is ahead named. */
static void test_analysis_text(void) {
  JqAnalysis a = {0};
  a.side = JQ_BLACK;
  a.depth = 9;
  a.seldepth = 14;
  a.score = 465; /* Black, to move, is ahead */
  a.nodes = 1234567;
  a.nps = 850000;
  a.time_ms = 1450;
  assert_score(&a, JQ_SCORE_PERSPECTIVE_RED, "Score -4.65 (Black ahead)");
  assert_score(&a, JQ_SCORE_PERSPECTIVE_MOVER, "Score +4.65 (Black ahead)");
  char *text = jq_analysis_text_figures(&a, JQ_SCORE_PERSPECTIVE_RED, FALSE);
  g_assert_cmpstr(text, ==,
                  "Score -4.65 (Black ahead)\nDepth 9/14 · 1.4 s\n"
                  "1235 k nodes · 850 k nodes/s");
  g_free(text);
  a.side = JQ_RED;
  assert_score(&a, JQ_SCORE_PERSPECTIVE_RED, "Score +4.65 (Red ahead)");
  assert_score(&a, JQ_SCORE_PERSPECTIVE_MOVER, "Score +4.65 (Red ahead)");
  a.score = -80;
  assert_score(&a, JQ_SCORE_PERSPECTIVE_MOVER, "Score -0.80 (Black ahead)");
  a.side = JQ_BLACK;
  assert_score(&a, JQ_SCORE_PERSPECTIVE_RED, "Score +0.80 (Red ahead)");
  a.score = 12;
  assert_score(&a, JQ_SCORE_PERSPECTIVE_RED, "Score -0.12 (about even)");
  /* Mates name the side that mates, from either side. */
  a.score = JQ_SCORE_MATE - 5;
  assert_score(&a, JQ_SCORE_PERSPECTIVE_RED, "Black mates in 3 moves");
  assert_score(&a, JQ_SCORE_PERSPECTIVE_MOVER, "Black mates in 3 moves");
  a.score = -(JQ_SCORE_MATE - 2);
  assert_score(&a, JQ_SCORE_PERSPECTIVE_RED, "Red mates in 1 move");
  /* The hidden score hides it. */
  text = jq_analysis_text_figures(&a, JQ_SCORE_PERSPECTIVE_RED, TRUE);
  g_assert_null(strstr(text, "mates"));
  g_assert_nonnull(strstr(text, "Depth 9/14"));
  g_free(text);

  /* IS-MCTS: its value is the chance it gives the side to move. */
  JqAnalysis s = {0};
  s.side = JQ_BLACK;
  s.sampling = TRUE;
  s.value = 0.86;
  s.iterations = 48000;
  s.visit_share = 0.31;
  s.nps = 24000;
  s.time_ms = 2000;
  assert_score(&s, JQ_SCORE_PERSPECTIVE_RED, "Red's win chance 14%");
  assert_score(&s, JQ_SCORE_PERSPECTIVE_MOVER, "Black's win chance 86%");
  text = jq_analysis_text_figures(&s, JQ_SCORE_PERSPECTIVE_MOVER, FALSE);
  g_assert_cmpstr(text, ==,
                  "Black's win chance 86%\n48 k iterations · 2.0 s\n"
                  "31% on the best move · 24 k iterations/s");
  g_free(text);
  text = jq_analysis_text_figures(&s, JQ_SCORE_PERSPECTIVE_MOVER, TRUE);
  g_assert_null(strstr(text, "%"));
  g_free(text);

  /* Its nodes may count its hint's alpha-beta nodes: the speed shown is
   * the iterations'. */
  JqProgress hinted = {0};
  hinted.iterations = 3000;
  hinted.nodes = 903000;
  hinted.nps = 451500;
  hinted.time_ms = 2000;
  hinted.visit_share = 0.5;
  hinted.value = 0.5;
  JqAnalysis *from = jq_analysis_new(&hinted, JQ_RED, 0, FALSE, "");
  text = jq_analysis_text_figures(from, JQ_SCORE_PERSPECTIVE_MOVER, FALSE);
  g_assert_nonnull(strstr(text, "3000 iterations · 2.0 s"));
  g_assert_nonnull(strstr(text, "1500 iterations/s"));
  g_free(text);
  jq_analysis_free(from);
}

static void test_sealed_deal(void) {
  JqGameController *c = controller_new();
  play_jieqi_game(c, 40);
  char *dir = g_dir_make_tmp("jieqi-seal-XXXXXX", NULL);
  char *path = g_build_filename(dir, "game.pgn", NULL);
  GFile *file = g_file_new_for_path(path);
  char *key =
      g_build_filename(g_get_user_data_dir(), "jieqi", "deal.key", NULL);
  for (int style = 0; style < 2; style++) {
    GError *error = NULL;
    g_assert_true(jq_game_controller_save_pgn(c, file, style, &error));
    g_assert_no_error(error);
    char *text = NULL;
    g_assert_true(g_file_get_contents(path, &text, NULL, NULL));
    char value[256];
    g_assert_false(jq_pgn_tag(text, "JieqiDeal", value, sizeof value));
    g_assert_true(jq_pgn_tag(text, "JieqiSealedDeal", value, sizeof value));
    /* The key: made at the first seal, for this user alone. */
    GStatBuf st;
    g_assert_cmpint(g_stat(key, &st), ==, 0);
    g_assert_cmpint(st.st_mode & 0777, ==, 0600);
    g_assert_cmpint(st.st_size, ==, 32);

    /* With the key: the same game, the same deal, so playing on turns up
     * the same pieces. */
    int notices;
    JqGameController *d = load_into_new(file, &notices);
    assert_same_record(c, d);
    g_assert_cmpint(notices, ==, 0);
    JqGameController *ref = controller_new();
    char *full = full_pgn(c);
    g_assert_true(jq_game_controller_load_pgn_text(ref, full, NULL));
    g_free(full);
    play_on_both(ref, d);
    assert_same_record(ref, d);
    g_object_unref(ref);
    g_object_unref(d);

    /* A damaged seal does not open. */
    char *bad = g_strdup(text);
    char *at = strstr(bad, value);
    at[10] = at[10] == 'A' ? 'B' : 'A';
    g_assert_true(g_file_set_contents(path, bad, -1, NULL));
    g_free(bad);
    d = load_into_new(file, &notices);
    g_assert_cmpint(notices, ==, 1);
    g_object_unref(d);
    g_assert_true(g_file_set_contents(path, text, -1, NULL));

    /* Without the key (another machine): a fresh deal of what nobody has
     * seen; what is shown is the same, and the game plays on. */
    char *key_text = NULL;
    gsize key_size = 0;
    g_assert_true(g_file_get_contents(key, &key_text, &key_size, NULL));
    g_assert_cmpint(g_unlink(key), ==, 0);
    const JqGame *gc = jq_game_controller_get_game(c);
    bool seen[JQ_SQUARES];
    jq_redeal_seen(gc, -1, seen);
    JqPieceType want[JQ_SQUARES];
    jq_game_initial_deal(gc, want);
    int fresh = 0;
    for (int t = 0; t < 3; t++) {
      d = load_into_new(file, &notices);
      g_assert_cmpint(notices, ==, 1);
      /* The screen (both humans: what both know) is the same; only what
       * a captor alone learned may differ. */
      char **la = jq_game_controller_get_move_list(c);
      char **ld = jq_game_controller_get_move_list(d);
      g_assert_true(
          g_strv_equal((const char *const *)la, (const char *const *)ld));
      g_strfreev(la);
      g_strfreev(ld);
      char *fc = jq_game_controller_get_fen(c),
           *fd = jq_game_controller_get_fen(d);
      g_assert_cmpstr(fc, ==, fd);
      g_free(fc);
      g_free(fd);
      const JqGame *gd = jq_game_controller_get_game(d);
      g_assert_cmpint(jq_game_move_count(gd), ==, jq_game_move_count(gc));
      JqPieceType got[JQ_SQUARES];
      jq_game_initial_deal(gd, got);
      int pools[2][JQ_TYPE_COUNT] = {{0}};
      for (int sq = 0; sq < JQ_SQUARES; sq++) {
        JqPiece p = jq_game_initial(gc)->board[sq];
        if (!jq_piece_is_hidden(p))
          continue;
        if (seen[sq])
          g_assert_cmpint(got[sq], ==, want[sq]);
        fresh += got[sq] != want[sq];
        pools[jq_piece_color(p)][want[sq]]++;
        pools[jq_piece_color(p)][got[sq]]--;
      }
      for (int side = 0; side < 2; side++)
        for (int type = 0; type < JQ_TYPE_COUNT; type++)
          g_assert_cmpint(pools[side][type], ==, 0);
      GRand *rand = g_rand_new_with_seed(11);
      play_random(d, rand, 20);
      g_rand_free(rand);
      g_object_unref(d);
    }
    g_assert_cmpint(fresh, >, 0);
    /* The key back, for the next style. */
    g_assert_true(g_file_set_contents_full(
        key, key_text, (gssize)key_size, G_FILE_SET_CONTENTS_NONE, 0600, NULL));
    g_free(key_text);
    g_free(text);
  }

  /* The autosave is sealed too, and comes back with its deal. (The other
   * controllers wrote theirs meanwhile: c writes its own again.) */
  g_assert_true(jq_game_controller_undo(c));
  g_assert_true(jq_game_controller_redo(c));
  GError *error = NULL;
  g_assert_true(jq_game_controller_flush_autosave(c, &error));
  g_assert_no_error(error);
  char *text = NULL;
  g_assert_true(g_file_get_contents(jq_game_controller_get_autosave_path(c),
                                    &text, NULL, NULL));
  char value[256];
  g_assert_false(jq_pgn_tag(text, "JieqiDeal", value, sizeof value));
  g_assert_true(jq_pgn_tag(text, "JieqiSealedDeal", value, sizeof value));
  g_free(text);
  JqGameController *d = controller_new();
  g_assert_true(jq_game_controller_restore_autosave(d));
  assert_same_record(c, d);
  g_object_unref(d);

  /* Over: the whole deal, in the clear. */
  g_assert_true(jq_game_controller_resign(c, NULL));
  g_assert_true(jq_game_controller_save_pgn(c, file, JQ_PGN_COORDS, NULL));
  g_assert_true(g_file_get_contents(path, &text, NULL, NULL));
  g_assert_true(jq_pgn_tag(text, "JieqiDeal", value, sizeof value));
  g_assert_cmpint(strlen(value), ==, 30);
  g_assert_false(jq_pgn_tag(text, "JieqiSealedDeal", value, sizeof value));
  g_free(text);
  int notices;
  g_unlink(key);
  d = load_into_new(file, &notices);
  assert_same_record(c, d);
  g_assert_cmpint(notices, ==, 0);
  g_object_unref(d);

  g_unlink(path);
  g_rmdir(dir);
  g_object_unref(file);
  g_free(key);
  g_free(path);
  g_free(dir);
  g_object_unref(c);
}

/* ---- autosave ---- */

static void test_autosave_restore(void) {
  char *path =
      g_build_filename(g_get_user_data_dir(), "jieqi", "autosave.pgn", NULL);
  JqGameController *c = controller_new();
  g_assert_cmpstr(jq_game_controller_get_autosave_path(c), ==, path);
  play_jieqi_game(c, 30);
  /* Black to the computer, while it is Red's turn or not: the record is
   * what matters, and the player types come back. */
  jq_game_controller_set_think_time(c, 60000);
  jq_game_controller_set_player(c, JQ_BLACK, JQ_PLAYER_MODE_COMPUTER);
  jq_game_controller_set_player(c, JQ_BLACK, JQ_PLAYER_MODE_HUMAN);
  jq_game_controller_set_player(c, JQ_RED, JQ_PLAYER_MODE_COMPUTER);
  if (jq_game_controller_get_side_to_move(c) == JQ_BLACK) {
    g_assert_false(jq_game_controller_is_thinking(c));
  }
  GError *error = NULL;
  g_assert_true(jq_game_controller_flush_autosave(c, &error));
  g_assert_no_error(error);
  g_assert_true(g_file_test(path, G_FILE_TEST_EXISTS));

  JqGameController *d = controller_new();
  jq_game_controller_set_think_time(d, 60000);
  g_assert_true(jq_game_controller_restore_autosave(d));
  assert_same_record(c, d);
  g_assert_cmpint(jq_game_controller_get_player(d, JQ_RED), ==,
                  JQ_PLAYER_MODE_COMPUTER);
  g_assert_cmpint(jq_game_controller_get_player(d, JQ_BLACK), ==,
                  JQ_PLAYER_MODE_HUMAN);
  g_object_unref(d);

  /* Written after every move without being asked: dispose flushes. */
  jq_game_controller_set_player(c, JQ_RED, JQ_PLAYER_MODE_HUMAN);
  GRand *rand = g_rand_new_with_seed(99);
  play_random(c, rand, 3);
  g_rand_free(rand);
  char *pgn = jq_game_controller_to_pgn(c, JQ_PGN_COORDS);
  g_object_unref(c);
  char *saved = NULL;
  g_assert_true(g_file_get_contents(path, &saved, NULL, NULL));
  g_assert_cmpstr(saved, ==, pgn);
  g_free(saved);
  g_free(pgn);

  /* A finished game does not come back. */
  c = controller_new();
  new_game(c, JQ_VARIANT_XIANGQI, JQ_PLAYER_MODE_HUMAN, JQ_PLAYER_MODE_HUMAN,
           MATE_IN_ONE, 1);
  play(c, "a4e4");
  g_object_unref(c);
  d = controller_new();
  g_assert_false(jq_game_controller_restore_autosave(d));
  g_assert_cmpint(jq_game_controller_get_move_count(d), ==, 0);
  g_object_unref(d);

  /* No autosave at all: nothing happens, quietly. */
  g_unlink(path);
  d = controller_new();
  g_assert_false(jq_game_controller_restore_autosave(d));
  g_object_unref(d);
  g_free(path);
}

static void on_notice(JqGameController *c, const char *text, GPtrArray *log) {
  g_ptr_array_add(log, g_strdup(text));
}

/* The files of dir whose names start with `prefix`. */
static GPtrArray *files_starting(const char *dir, const char *prefix) {
  GPtrArray *found = g_ptr_array_new_with_free_func(g_free);
  GDir *d = g_dir_open(dir, 0, NULL);
  g_assert_nonnull(d);
  const char *name;
  while ((name = g_dir_read_name(d)) != NULL)
    if (g_str_has_prefix(name, prefix))
      g_ptr_array_add(found, g_build_filename(dir, name, NULL));
  g_dir_close(d);
  return found;
}

/* An autosave that cannot be read is moved aside, bytes intact, next to
 * where it was (autosave.pgn.bad-YYYYMMDD-HHMMSS), the user is told once,
 * and a new game starts; nothing is overwritten. */
static void test_autosave_corrupt(void) {
  char *dir = g_build_filename(g_get_user_data_dir(), "jieqi", NULL);
  char *path = g_build_filename(dir, "autosave.pgn", NULL);
  g_assert_cmpint(g_mkdir_with_parents(dir, 0700), ==, 0);
  GRand *rand = g_rand_new_with_seed(7);
  GByteArray *noise = g_byte_array_new();
  for (int i = 0; i < 700; i++) {
    guint8 b = (guint8)g_rand_int_range(rand, 0, 256);
    g_byte_array_append(noise, &b, 1);
  }
  g_rand_free(rand);
  struct {
    const char *bytes;
    gssize size;
  } corrupt[] = {
      {"[Variant \"jieqi\"]\n[JieqiDeal \"BPAC", -1},          /* cut short */
      {"[Variant \"xiangqi\"]\n\n1. h2e2 h9g7 2. e2e9\n", -1}, /* illegal */
      {(const char *)noise->data, (gssize)noise->len},         /* random */
  };
  GSettings *settings = jq_app_settings_new();
  for (gsize i = 0; i < G_N_ELEMENTS(corrupt); i++) {
    gsize size =
        corrupt[i].size < 0 ? strlen(corrupt[i].bytes) : (gsize)corrupt[i].size;
    g_assert_true(
        g_file_set_contents(path, corrupt[i].bytes, (gssize)size, NULL));
    /* (Not bound: the settings keep their defaults for the tests after.) */
    JqGameController *c = controller_new();
    GPtrArray *notices = g_ptr_array_new_with_free_func(g_free);
    g_signal_connect(c, "notice", G_CALLBACK(on_notice), notices);
    g_assert_false(jq_game_controller_restore_autosave(c));
    /* Moved aside, every byte kept; one more bad file each time, even
     * within the same second. */
    g_assert_false(g_file_test(path, G_FILE_TEST_EXISTS));
    GPtrArray *bad = files_starting(dir, "autosave.pgn.bad-");
    g_assert_cmpuint(bad->len, ==, i + 1);
    gboolean kept = FALSE;
    for (guint k = 0; k < bad->len; k++) {
      const char *name = strrchr(bad->pdata[k], '/') + 1;
      /* autosave.pgn.bad-20250131-235959, perhaps with "-2" after it */
      g_assert_true(g_regex_match_simple(
          "^autosave\\.pgn\\.bad-[0-9]{8}-[0-9]{6}(-[0-9]+)?$", name, 0, 0));
      char *text = NULL;
      gsize length = 0;
      g_assert_true(g_file_get_contents(bad->pdata[k], &text, &length, NULL));
      kept =
          kept || (length == size && memcmp(text, corrupt[i].bytes, size) == 0);
      g_free(text);
    }
    g_assert_true(kept);
    g_ptr_array_unref(bad);
    /* Told once, naming where the file went. */
    g_assert_cmpuint(notices->len, ==, 1);
    g_test_message("%s", (char *)notices->pdata[0]);
    g_assert_nonnull(strstr(notices->pdata[0], "autosave.pgn.bad-"));
    /* A new game starts, and goes on normally. */
    jq_app_settings_start_game(settings, c);
    g_assert_cmpint(jq_game_controller_get_move_count(c), ==, 0);
    g_assert_false(jq_game_controller_is_over(c));
    new_game(c, JQ_VARIANT_XIANGQI, JQ_PLAYER_MODE_HUMAN, JQ_PLAYER_MODE_HUMAN,
             NULL, 1);
    play(c, "h2e2");
    g_assert_true(jq_game_controller_flush_autosave(c, NULL));
    g_assert_cmpuint(notices->len, ==, 1);
    g_object_unref(c);
    g_ptr_array_unref(notices);
    c = controller_new();
    g_assert_true(jq_game_controller_restore_autosave(c));
    g_assert_cmpint(jq_game_controller_get_move_count(c), ==, 1);
    g_object_unref(c);
  }
  g_object_unref(settings);
  g_byte_array_unref(noise);
  g_free(path);
  g_free(dir);
}

/* ---- the main loop while the AI thinks ---- */

/* Between two idle callbacks the main thread was either busy (running
 * something: that is the main loop being blocked) or not running at all
 * (the kernel gave the core to another thread or process: on a loaded
 * machine that happens to any program). The thread's CPU time and the
 * time it waited, runnable, for a core (schedstat's run delay; without it,
 * its involuntary context switches) tell the two apart. */
typedef struct {
  gint64 last_wall;
  gint64 last_cpu;
  long last_preemptions;
  gint64 last_delay;
  gint64 max_gap;     /* wall time, whatever the cause */
  gint64 max_busy;    /* CPU time of the main thread within one gap */
  gint64 max_own_gap; /* wall time of gaps less the kernel's part */
  int preempted_long; /* gaps of 50 ms or more with a preemption */
  guint64 calls;
} Gaps;

static gint64 thread_cpu_us(void) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return (gint64)ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
}

static long thread_preemptions(void) {
  struct rusage usage;
  getrusage(RUSAGE_THREAD, &usage);
  return usage.ru_nivcsw;
}

/* Microseconds the thread has spent runnable but waiting for a core (the
 * second field of /proc/thread-self/schedstat, in ns); -1 when the kernel
 * does not tell. */
static gint64 thread_run_delay_us(void) {
  FILE *f = fopen("/proc/thread-self/schedstat", "r");
  if (!f)
    return -1;
  unsigned long long on_cpu = 0, waiting = 0;
  int n = fscanf(f, "%llu %llu", &on_cpu, &waiting);
  fclose(f);
  return n == 2 ? (gint64)(waiting / 1000) : -1;
}

static gboolean measure_gap(gpointer data) {
  Gaps *g = data;
  gint64 wall = g_get_monotonic_time();
  gint64 cpu = thread_cpu_us();
  long preemptions = thread_preemptions();
  gint64 delay = thread_run_delay_us();
  if (g->calls > 0) {
    gint64 gap = wall - g->last_wall;
    g->max_gap = MAX(g->max_gap, gap);
    g->max_busy = MAX(g->max_busy, cpu - g->last_cpu);
    /* Waiting in the run queue is the kernel's doing, not ours: on a loaded
     * machine a thread that wakes from its sleep can wait tens of ms. */
    gint64 own = delay >= 0 && g->last_delay >= 0
                     ? gap - (delay - g->last_delay)
                     : (preemptions == g->last_preemptions ? gap : 0);
    g->max_own_gap = MAX(g->max_own_gap, own);
    bool kernel = preemptions != g->last_preemptions || gap - own >= 1000;
    if (kernel && gap >= 50 * 1000)
      g->preempted_long++;
  }
  g->calls++;
  /* A UI thread waits for its next event rather than spinning: one that
   * burns a whole core is the first the kernel makes wait. */
  g_usleep(500);
  g->last_wall = g_get_monotonic_time();
  g->last_cpu = thread_cpu_us();
  g->last_preemptions = thread_preemptions();
  g->last_delay = thread_run_delay_us();
  return G_SOURCE_CONTINUE;
}

static void test_main_loop_not_blocked(void) {
  JqGameController *c = controller_new();
  Log log;
  log_connect(c, &log);
  jq_game_controller_set_think_time(c, 2000);
  jq_game_controller_set_strength(c, 20);
  jq_game_controller_set_notation(c, JQ_NOTATION_STYLE_COORDINATES);
  Gaps gaps = {0};
  guint idle = g_idle_add(measure_gap, &gaps);
  gint64 t0 = g_get_monotonic_time();
  new_game(c, JQ_VARIANT_XIANGQI, JQ_PLAYER_MODE_COMPUTER, JQ_PLAYER_MODE_HUMAN,
           NULL, 1);
  double start_ms = (g_get_monotonic_time() - t0) / 1000.0;
  while (jq_game_controller_get_move_count(c) < 1) {
    g_main_context_iteration(NULL, TRUE);
    if (g_get_monotonic_time() - t0 > 20 * G_USEC_PER_SEC)
      g_error("the computer did not move");
  }
  double think_ms = (g_get_monotonic_time() - t0) / 1000.0;
  run_for(100); /* the move's delivery is measured too */
  g_source_remove(idle);

  double gap_ms = gaps.max_gap / 1000.0;
  double busy_ms = gaps.max_busy / 1000.0;
  double own_ms = gaps.max_own_gap / 1000.0;
  g_test_message(
      "main loop during a %.0f ms think (2000 ms asked), %" G_GUINT64_FORMAT
      " idle callbacks: longest gap %.2f ms; "
      "longest time the main thread was busy between two "
      "callbacks %.2f ms; longest gap less the time spent waiting for "
      "a core %.2f ms; %d gaps of 50 ms or more while the "
      "kernel ran other threads; new game + starting the think "
      "%.2f ms",
      think_ms, gaps.calls, gap_ms, busy_ms, own_ms, gaps.preempted_long,
      start_ms);
  g_test_message("%d progress reports, the first %.0f ms after the start "
                 "(the AI said %d ms), depth %d, line %s",
                 log.progress, (log.first_progress - t0) / 1000.0,
                 log.first_progress_ms, log.max_depth,
                 log.last_pv ? log.last_pv : "");
  g_assert_cmpfloat(think_ms, >=, 1500.0);
  g_assert_cmpfloat(start_ms, <, 50.0);
  /* Nothing the app does holds the main loop for 50 ms... */
  g_assert_cmpfloat(busy_ms, <, 50.0);
  g_assert_cmpfloat(own_ms, <, 50.0);
  /* ...and when the kernel did not take the core away, no gap reached
   * 50 ms at all. */
  if (gaps.preempted_long == 0)
    g_assert_cmpfloat(gap_ms, <, 50.0);
  g_assert_cmpint(log.progress, >, 0);
  g_assert_cmpint(log.max_depth, >, 1);
  g_assert_nonnull(log.last_pv);
  g_assert_cmpstr(log.last_pv, !=, "");
  g_assert_null(jq_game_controller_get_analysis(c));
  g_object_unref(c);
  log_clear(&log);
}

/* ---- settings ---- */

static void test_settings(void) {
  GSettings *settings = jq_app_settings_new();
  JqGameController *c = controller_new();
  g_settings_set_int(settings, "ai-strength", 7);
  jq_app_settings_bind(settings, c);
  /* The settings win at once... */
  g_assert_cmpint(jq_game_controller_get_strength(c), ==, 7);
  g_assert_cmpint(jq_game_controller_get_think_time(c), ==, 2000);
  g_assert_cmpstr(jq_game_controller_get_algorithm(c), ==, "alphabeta");
  /* ...and follow each other both ways. */
  g_settings_set_enum(settings, "notation", JQ_NOTATION_STYLE_WXF);
  g_assert_cmpint(jq_game_controller_get_notation(c), ==,
                  JQ_NOTATION_STYLE_WXF);
  g_settings_set_enum(settings, "disclosure", JQ_DISCLOSE_BOTH);
  g_assert_cmpint(jq_game_controller_get_disclosure(c), ==, JQ_DISCLOSE_BOTH);
  g_assert_cmpint(jq_game_disclosure(jq_game_controller_get_game(c)), ==,
                  JQ_DISCLOSE_BOTH);
  jq_game_controller_set_charset(c, JQ_CHARSET_TRADITIONAL);
  g_assert_cmpint(g_settings_get_enum(settings, "character-style"), ==,
                  JQ_CHARSET_TRADITIONAL);
  g_settings_set_string(settings, "ai-algorithm", "greedy");
  g_assert_cmpstr(jq_game_controller_get_algorithm(c), ==, "greedy");
  g_settings_set_int(settings, "think-time-ms", 100);
  g_assert_cmpint(jq_game_controller_get_think_time(c), ==, 100);

  /* First start: no autosave, so the last set-up (jieqi, Red human,
   * Black computer by default). */
  jq_app_settings_start_game(settings, c);
  g_assert_cmpint(jq_game_controller_get_variant(c), ==, JQ_VARIANT_JIEQI);
  g_assert_cmpint(jq_game_controller_get_player(c, JQ_BLACK), ==,
                  JQ_PLAYER_MODE_COMPUTER);
  g_assert_true(jq_game_controller_is_human_turn(c));
  play(c, "a3a4");
  wait_moves(c, 2);

  /* A new game's set-up is remembered. */
  new_game(c, JQ_VARIANT_XIANGQI, JQ_PLAYER_MODE_HUMAN, JQ_PLAYER_MODE_HUMAN,
           NULL, 1);
  g_assert_cmpint(g_settings_get_enum(settings, "last-variant"), ==,
                  JQ_VARIANT_XIANGQI);
  g_assert_cmpint(g_settings_get_enum(settings, "black-player"), ==,
                  JQ_PLAYER_MODE_HUMAN);
  play(c, "h2e2");
  g_object_unref(c);

  /* Next start: the game in progress comes back. */
  c = controller_new();
  jq_app_settings_bind(settings, c);
  jq_app_settings_start_game(settings, c);
  g_assert_cmpint(jq_game_controller_get_variant(c), ==, JQ_VARIANT_XIANGQI);
  g_assert_cmpint(jq_game_controller_get_move_count(c), ==, 1);
  g_object_unref(c);
  g_object_unref(settings);
}

/* Each side's computer, for games of the computer against itself: the
 * settings reach the controller, a new game's choice reaches the
 * settings, and the next start has them back. */
static void test_settings_side_algorithms(void) {
  GSettings *settings = jq_app_settings_new();
  JqGameController *c = controller_new();
  g_settings_set_string(settings, "red-ai-algorithm", "random");
  g_settings_set_int(settings, "black-ai-strength", 4);
  jq_app_settings_bind(settings, c);
  g_assert_cmpstr(jq_game_controller_get_side_algorithm(c, JQ_RED), ==,
                  "random");
  g_assert_cmpint(jq_game_controller_get_side_strength(c, JQ_BLACK), ==, 4);
  g_assert_cmpstr(jq_game_controller_get_side_algorithm(c, JQ_BLACK), ==,
                  "alphabeta");
  g_assert_cmpint(jq_game_controller_get_side_strength(c, JQ_RED), ==, 20);
  g_settings_set_string(settings, "black-ai-algorithm", "greedy");
  g_assert_cmpstr(jq_game_controller_get_side_algorithm(c, JQ_BLACK), ==,
                  "greedy");

  JqNewGame cvc;
  jq_new_game_init(&cvc, JQ_VARIANT_XIANGQI);
  cvc.players[JQ_RED] = JQ_PLAYER_MODE_COMPUTER;
  cvc.side_algorithm[JQ_BLACK] = "ismcts";
  cvc.side_strength[JQ_RED] = 9;
  g_assert_true(jq_game_controller_new_game(c, &cvc, NULL));
  char *stored = g_settings_get_string(settings, "black-ai-algorithm");
  g_assert_cmpstr(stored, ==, "ismcts");
  g_free(stored);
  g_assert_cmpint(g_settings_get_int(settings, "red-ai-strength"), ==, 9);
  g_assert_cmpint(g_settings_get_enum(settings, "red-player"), ==,
                  JQ_PLAYER_MODE_COMPUTER);
  g_object_unref(c);

  c = jq_game_controller_new_with_autosave("");
  jq_app_settings_bind(settings, c);
  g_assert_cmpstr(jq_game_controller_get_side_algorithm(c, JQ_RED), ==,
                  "random");
  g_assert_cmpint(jq_game_controller_get_side_strength(c, JQ_RED), ==, 9);
  g_assert_cmpstr(jq_game_controller_get_side_algorithm(c, JQ_BLACK), ==,
                  "ismcts");
  g_assert_cmpint(jq_game_controller_get_side_strength(c, JQ_BLACK), ==, 4);
  g_object_unref(c);
  const char *keys[] = {"red-ai-algorithm", "red-ai-strength",
                        "black-ai-algorithm", "black-ai-strength",
                        "red-player"};
  for (gsize i = 0; i < G_N_ELEMENTS(keys); i++)
    g_settings_reset(settings, keys[i]);
  g_object_unref(settings);
}

/* Comments: set and read per ply, refused with a reason (and nothing
 * changed), kept through undo and redo, dropped when another move
 * replaces the undone one, in the PGN and the autosave and read back; a
 * file with an unclosed comment changes nothing. */
static void test_comments(void) {
  char *path =
      g_build_filename(g_get_user_data_dir(), "jieqi", "autosave.pgn", NULL);
  JqGameController *c = controller_new();
  new_game(c, JQ_VARIANT_JIEQI, JQ_PLAYER_MODE_HUMAN, JQ_PLAYER_MODE_HUMAN,
           NULL, 7);
  play(c, "a3a4");
  play(c, "a6a5");
  play(c, "c3c4");
  GError *error = NULL;
  Log log = {0};
  g_signal_connect(c, "changed", G_CALLBACK(on_changed), &log);
  g_assert_true(jq_game_controller_set_comment(c, 0, "让先局", &error));
  g_assert_no_error(error);
  g_assert_true(jq_game_controller_set_comment(c, 1, "好棋!\nline 2", &error));
  g_assert_true(jq_game_controller_set_comment(c, 3, "+0.35/12", &error));
  g_assert_cmpint(log.changed, ==, 3);
  g_assert_cmpstr(jq_game_controller_get_comment(c, 1), ==, "好棋!\nline 2");
  g_assert_null(jq_game_controller_get_comment(c, 2));
  char **all = jq_game_controller_get_comments(c);
  g_assert_cmpuint(g_strv_length(all), ==, 4);
  g_assert_cmpstr(all[0], ==, "让先局");
  g_assert_cmpstr(all[2], ==, "");
  g_strfreev(all);

  /* Refusals say why; the comment stays. */
  g_assert_false(jq_game_controller_set_comment(c, 1, "a}b", &error));
  g_assert_error(error, JQ_GAME_CONTROLLER_ERROR,
                 JQ_GAME_CONTROLLER_ERROR_BAD_COMMENT);
  g_assert_nonnull(strstr(error->message, "}"));
  g_clear_error(&error);
  g_assert_false(jq_game_controller_set_comment(c, 4, "x", &error));
  g_assert_error(error, JQ_GAME_CONTROLLER_ERROR,
                 JQ_GAME_CONTROLLER_ERROR_BAD_COMMENT);
  g_clear_error(&error);
  g_assert_cmpstr(jq_game_controller_get_comment(c, 1), ==, "好棋!\nline 2");
  g_assert_cmpint(log.changed, ==, 3);

  /* Undo and redo keep them; a different move drops the undone one's. */
  g_assert_true(jq_game_controller_undo(c));
  g_assert_true(jq_game_controller_undo(c));
  g_assert_null(jq_game_controller_get_comment(c, 3));
  g_assert_true(jq_game_controller_redo(c));
  g_assert_true(jq_game_controller_redo(c));
  g_assert_cmpstr(jq_game_controller_get_comment(c, 3), ==, "+0.35/12");
  g_assert_cmpstr(jq_game_controller_get_comment(c, 1), ==, "好棋!\nline 2");
  g_assert_true(jq_game_controller_undo(c));
  play(c, "e3e4");
  g_assert_null(jq_game_controller_get_comment(c, 3));
  g_assert_true(jq_game_controller_set_comment(c, 3, "另一着", &error));

  /* Saved and read back; the autosave too. */
  char *pgn = jq_game_controller_to_pgn(c, JQ_PGN_COORDS);
  g_assert_nonnull(strstr(pgn, "{让先局} 1. a3a4"));
  g_assert_nonnull(strstr(pgn, "{好棋!\nline 2}"));
  JqGameController *d = controller_new();
  g_assert_true(jq_game_controller_load_pgn_text(d, pgn, &error));
  g_assert_no_error(error);
  g_assert_cmpstr(jq_game_controller_get_comment(d, 0), ==, "让先局");
  g_assert_cmpstr(jq_game_controller_get_comment(d, 1), ==, "好棋!\nline 2");
  g_assert_cmpstr(jq_game_controller_get_comment(d, 3), ==, "另一着");

  /* A bad file changes nothing, comments included. */
  g_assert_false(jq_game_controller_load_pgn_text(
      d, "[Variant \"xiangqi\"]\n\n1. h2e2 {never closed *\n", &error));
  g_assert_error(error, JQ_GAME_CONTROLLER_ERROR,
                 JQ_GAME_CONTROLLER_ERROR_BAD_PGN);
  g_clear_error(&error);
  g_assert_cmpint(jq_game_controller_get_move_count(d), ==, 3);
  g_assert_cmpstr(jq_game_controller_get_comment(d, 1), ==, "好棋!\nline 2");
  g_object_unref(d);

  g_assert_true(jq_game_controller_flush_autosave(c, &error));
  g_assert_no_error(error);
  d = controller_new();
  g_assert_true(jq_game_controller_restore_autosave(d));
  g_assert_cmpstr(jq_game_controller_get_comment(d, 0), ==, "让先局");
  g_assert_cmpstr(jq_game_controller_get_comment(d, 3), ==, "另一着");
  g_object_unref(d);
  g_free(pgn);
  g_object_unref(c);
  g_unlink(path);
  g_free(path);
}

/* ---- game details: names, event and date; draws agreed ---- */

static void assert_tag(const char *pgn, const char *tag, const char *want) {
  char value[256];
  g_assert_true(jq_pgn_tag(pgn, tag, value, sizeof value));
  g_assert_cmpstr(value, ==, want);
}

static void test_pgn_details(void) {
  JqGameController *c = controller_new();
  new_game(c, JQ_VARIANT_XIANGQI, JQ_PLAYER_MODE_HUMAN, JQ_PLAYER_MODE_COMPUTER,
           NULL, 3);
  char *pgn = jq_game_controller_to_pgn(c, JQ_PGN_COORDS);
  /* The human is the user, the computer its algorithm and level. */
  char *user = jq_player_names_user();
  g_assert_cmpstr(user, !=, "");
  assert_tag(pgn, "Red", user);
  assert_tag(pgn, "Black", "Computer (alphabeta, level 1)");
  assert_tag(pgn, "Event", "Xiangqi game");
  GDateTime *now = g_date_time_new_now_local();
  char *today = g_date_time_format(now, "%Y.%m.%d");
  assert_tag(pgn, "Date", today);
  /* Read back (the autosave, the user's own file), the user is "You"
   * again rather than a name from a file. */
  g_assert_true(jq_game_controller_load_pgn_text(c, pgn, NULL));
  g_assert_null(jq_game_controller_get_player_name(c, JQ_RED));
  g_assert_null(jq_game_controller_get_player_name(c, JQ_BLACK));
  g_free(pgn);

  /* Two people at one screen: neither is the user more than the other. */
  new_game(c, JQ_VARIANT_JIEQI, JQ_PLAYER_MODE_HUMAN, JQ_PLAYER_MODE_HUMAN,
           NULL, 3);
  pgn = jq_game_controller_to_pgn(c, JQ_PGN_COORDS);
  assert_tag(pgn, "Red", "Human");
  assert_tag(pgn, "Black", "Human");
  assert_tag(pgn, "Event", "Jieqi game");
  assert_tag(pgn, "Date", today);
  g_free(pgn);
  g_free(today);
  g_date_time_unref(now);
  g_free(user);
  g_object_unref(c);
}

static void test_agree_draw(void) {
  JqGameController *c = controller_new();
  Log log;
  log_connect(c, &log);
  new_game(c, JQ_VARIANT_XIANGQI, JQ_PLAYER_MODE_HUMAN, JQ_PLAYER_MODE_HUMAN,
           NULL, 3);
  play(c, "h2e2");
  GError *error = NULL;
  g_assert_true(jq_game_controller_agree_draw(c, &error));
  g_assert_no_error(error);
  g_assert_true(jq_game_controller_is_over(c));
  g_assert_cmpint(log.game_overs, ==, 1);
  g_assert_cmpint(log.outcome, ==, JQ_OUTCOME_DRAW);
  g_assert_cmpint(log.reason, ==, JQ_REASON_AGREEMENT);
  g_assert_cmpstr(log.message, ==, "Draw by agreement.");
  char *pgn = jq_game_controller_to_pgn(c, JQ_PGN_COORDS);
  assert_tag(pgn, "Result", "1/2-1/2");
  g_free(pgn);
  /* Once over, nothing more to agree. */
  g_assert_false(jq_game_controller_agree_draw(c, &error));
  g_assert_error(error, JQ_GAME_CONTROLLER_ERROR,
                 JQ_GAME_CONTROLLER_ERROR_GAME_OVER);
  g_clear_error(&error);
  g_assert_cmpint(jq_game_controller_get_move_count(c), ==, 1);

  /* The computer playing itself has nobody to offer a draw. */
  new_game(c, JQ_VARIANT_XIANGQI, JQ_PLAYER_MODE_COMPUTER,
           JQ_PLAYER_MODE_COMPUTER, NULL, 3);
  g_assert_false(jq_game_controller_agree_draw(c, &error));
  g_assert_error(error, JQ_GAME_CONTROLLER_ERROR,
                 JQ_GAME_CONTROLLER_ERROR_NO_HUMAN);
  g_clear_error(&error);
  g_assert_false(jq_game_controller_is_over(c));
  g_object_unref(c);
  log_clear(&log);
}

static void test_draw_offer_rule(void) {
  JqAnalysis a = {0};
  a.side = JQ_BLACK;
  a.score = 20;
  int late = 2 * JQ_DRAW_OFFER_MIN_MOVES;
  /* Level and late: accepted; early, unlevel or with no report: not. */
  g_assert_true(jq_draw_offer_computer_accepts(&a, JQ_BLACK, late));
  g_assert_false(jq_draw_offer_computer_accepts(&a, JQ_BLACK, late - 1));
  g_assert_false(jq_draw_offer_computer_accepts(NULL, JQ_BLACK, late + 40));
  a.score = -JQ_DRAW_OFFER_LEVEL_CP;
  g_assert_true(jq_draw_offer_computer_accepts(&a, JQ_BLACK, late));
  a.score = JQ_DRAW_OFFER_LEVEL_CP + 1;
  g_assert_false(jq_draw_offer_computer_accepts(&a, JQ_BLACK, late));
  /* Losing or winning, from either side's report. */
  a.score = -150;
  g_assert_false(jq_draw_offer_computer_accepts(&a, JQ_BLACK, late));
  a.side = JQ_RED;
  a.hint = TRUE;
  a.score = 150;
  g_assert_false(jq_draw_offer_computer_accepts(&a, JQ_BLACK, late));
  a.score = JQ_SCORE_MATE - 3;
  g_assert_false(jq_draw_offer_computer_accepts(&a, JQ_BLACK, late));
  /* A sampling AI: its chance, turned round from the other side's. */
  JqAnalysis s = {0};
  s.sampling = TRUE;
  s.side = JQ_RED;
  s.value = 0.53;
  g_assert_true(jq_draw_offer_computer_accepts(&s, JQ_RED, late));
  g_assert_true(jq_draw_offer_computer_accepts(&s, JQ_BLACK, late));
  s.value = 0.7;
  g_assert_false(jq_draw_offer_computer_accepts(&s, JQ_RED, late));
  g_assert_false(jq_draw_offer_computer_accepts(&s, JQ_BLACK, late));
  g_assert_false(jq_draw_offer_computer_accepts(&s, JQ_RED, late - 2));
}

static void test_draw_offer_to_computer(void) {
  JqGameController *c = controller_new();
  new_game(c, JQ_VARIANT_XIANGQI, JQ_PLAYER_MODE_HUMAN, JQ_PLAYER_MODE_COMPUTER,
           NULL, 3);
  play(c, "h2e2");
  gboolean accepted = TRUE;
  GError *error = NULL;
  /* Not while the computer is to move. */
  g_assert_true(jq_game_controller_is_thinking(c));
  g_assert_false(jq_draw_offer_to_computer(c, &accepted, &error));
  g_assert_error(error, JQ_GAME_CONTROLLER_ERROR,
                 JQ_GAME_CONTROLLER_ERROR_NOT_YOUR_TURN);
  g_clear_error(&error);
  while (!jq_game_controller_is_human_turn(c))
    g_main_context_iteration(NULL, TRUE);
  /* Too early in the game: declined, and the game goes on. */
  g_assert_nonnull(jq_game_controller_get_shown_analysis(c));
  g_assert_true(jq_draw_offer_to_computer(c, &accepted, &error));
  g_assert_no_error(error);
  g_assert_false(accepted);
  g_assert_false(jq_game_controller_is_over(c));
  g_assert_cmpint(jq_game_controller_get_move_count(c), ==, 2);

  /* Between two people the window asks the other. */
  new_game(c, JQ_VARIANT_XIANGQI, JQ_PLAYER_MODE_HUMAN, JQ_PLAYER_MODE_HUMAN,
           NULL, 3);
  g_assert_false(jq_draw_offer_to_computer(c, &accepted, &error));
  g_assert_error(error, JQ_GAME_CONTROLLER_ERROR,
                 JQ_GAME_CONTROLLER_ERROR_NO_HUMAN);
  g_clear_error(&error);
  g_object_unref(c);
}

static void test_game_id(void) {
  JqGameController *c = controller_new();
  new_game(c, JQ_VARIANT_XIANGQI, JQ_PLAYER_MODE_HUMAN, JQ_PLAYER_MODE_HUMAN,
           NULL, 3);
  guint id = jq_game_controller_get_game_id(c);
  play(c, "h2e2");
  g_assert_true(jq_game_controller_undo(c));
  g_assert_true(jq_game_controller_redo(c));
  g_assert_cmpuint(jq_game_controller_get_game_id(c), ==, id);
  g_assert_true(
      jq_game_controller_set_fen(c, "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1", NULL));
  g_assert_cmpuint(jq_game_controller_get_game_id(c), !=, id);
  id = jq_game_controller_get_game_id(c);
  new_game(c, JQ_VARIANT_XIANGQI, JQ_PLAYER_MODE_HUMAN, JQ_PLAYER_MODE_HUMAN,
           NULL, 3);
  g_assert_cmpuint(jq_game_controller_get_game_id(c), !=, id);
  g_object_unref(c);
}

/* ---- clocks ---- */

static gint64 fake_clock_us = 1000000;

static gint64 fake_clock(gpointer data) { return fake_clock_us; }

/* The fake time jumps ahead; the controller is told, as the main loop's
 * timers do not follow the fake time. */
static void clock_advance(JqGameController *c, int ms) {
  fake_clock_us += (gint64)ms * 1000;
  jq_game_controller_set_clock_time_source(c, fake_clock, NULL);
}

static void new_timed_game(JqGameController *c, JqPlayerMode red,
                           JqPlayerMode black, int base_s, int inc_s) {
  JqNewGame setup;
  jq_new_game_init(&setup, JQ_VARIANT_XIANGQI);
  setup.players[JQ_RED] = red;
  setup.players[JQ_BLACK] = black;
  setup.clock = (JqTimeControl){base_s * 1000, inc_s * 1000};
  GError *error = NULL;
  g_assert_true(jq_game_controller_new_game(c, &setup, &error));
  g_assert_no_error(error);
}

static gboolean game_over(gpointer data) {
  return jq_game_controller_is_over(data);
}

static void test_clock_lost_on_time(void) {
  JqGameController *c = controller_new();
  jq_game_controller_set_clock_time_source(c, fake_clock, NULL);
  Log log;
  log_connect(c, &log);
  new_game(c, JQ_VARIANT_XIANGQI, JQ_PLAYER_MODE_HUMAN, JQ_PLAYER_MODE_HUMAN,
           NULL, 1);
  g_assert_null(jq_game_controller_get_clock(c));

  new_timed_game(c, JQ_PLAYER_MODE_HUMAN, JQ_PLAYER_MODE_HUMAN, 180, 2);
  const JqGameClock *clock = jq_game_controller_get_clock(c);
  g_assert_nonnull(clock);
  g_assert_cmpint(jq_game_clock_running_side(clock), ==, JQ_RED);
  clock_advance(c, 10000);
  play(c, "h2e2");
  g_assert_cmpint(jq_game_clock_remaining(clock, JQ_RED), ==, 172000);
  g_assert_cmpint(jq_game_clock_running_side(clock), ==, JQ_BLACK);

  /* Black's flag falls while it thinks: it loses without moving. */
  clock_advance(c, 179999);
  run_for(20);
  g_assert_false(jq_game_controller_is_over(c));
  clock_advance(c, 1);
  run_until(game_over, c, 5000, "the flag");
  g_assert_cmpint(log.game_overs, ==, 1);
  g_assert_cmpint(log.outcome, ==, JQ_OUTCOME_RED_WINS);
  g_assert_cmpint(log.reason, ==, JQ_REASON_TIME);
  g_assert_cmpstr(log.message, ==, "Red wins: Black lost on time.");
  g_assert_cmpint(jq_game_clock_running_side(clock), ==, -1);
  g_autofree char *pgn = jq_game_controller_to_pgn(c, JQ_PGN_COORDS);
  g_assert_nonnull(strstr(pgn, "[Result \"1-0\"]"));

  /* A move made after the time is up (before the timeout saw it) is too
   * late: the mover loses and the move is not played. */
  new_timed_game(c, JQ_PLAYER_MODE_HUMAN, JQ_PLAYER_MODE_HUMAN, 60, 0);
  fake_clock_us += 61000 * 1000;
  JqMove m = jq_test_move("h2e2");
  GError *error = NULL;
  g_assert_false(
      jq_game_controller_play_move(c, jq_move_from(m), jq_move_to(m), &error));
  g_assert_error(error, JQ_GAME_CONTROLLER_ERROR,
                 JQ_GAME_CONTROLLER_ERROR_GAME_OVER);
  g_clear_error(&error);
  g_assert_cmpint(jq_game_controller_get_move_count(c), ==, 0);
  g_assert_cmpint(log.game_overs, ==, 2);
  g_assert_cmpint(log.outcome, ==, JQ_OUTCOME_BLACK_WINS);
  g_assert_cmpint(log.reason, ==, JQ_REASON_TIME);
  g_object_unref(c);
  log_clear(&log);
}

static void test_clock_undo(void) {
  JqGameController *c = controller_new();
  jq_game_controller_set_clock_time_source(c, fake_clock, NULL);
  new_timed_game(c, JQ_PLAYER_MODE_HUMAN, JQ_PLAYER_MODE_HUMAN, 300, 5);
  const JqGameClock *clock = jq_game_controller_get_clock(c);
  clock_advance(c, 20000);
  play(c, "h2e2"); /* Red 285 s */
  clock_advance(c, 30000);
  play(c, "h9g7"); /* Black 275 s */
  clock_advance(c, 40000);
  play(c, "h0g2"); /* Red 250 s */
  clock_advance(c, 7000);
  g_assert_cmpint(jq_game_clock_remaining(clock, JQ_BLACK), ==, 268000);

  g_assert_true(jq_game_controller_undo(c));
  g_assert_cmpint(jq_game_clock_running_side(clock), ==, JQ_RED);
  g_assert_cmpint(jq_game_clock_remaining(clock, JQ_RED), ==, 285000);
  g_assert_cmpint(jq_game_clock_remaining(clock, JQ_BLACK), ==, 275000);
  g_assert_true(jq_game_controller_undo(c));
  g_assert_cmpint(jq_game_clock_running_side(clock), ==, JQ_BLACK);
  g_assert_cmpint(jq_game_clock_remaining(clock, JQ_BLACK), ==, 300000);
  g_assert_true(jq_game_controller_redo(c));
  g_assert_cmpint(jq_game_clock_remaining(clock, JQ_BLACK), ==, 275000);
  g_assert_cmpint(jq_game_clock_running_side(clock), ==, JQ_RED);

  /* Taking back a game lost on time reopens it with that position's
   * times. */
  clock_advance(c, 285000);
  run_until(game_over, c, 5000, "the flag");
  g_assert_true(jq_game_controller_take_back(c));
  g_assert_false(jq_game_controller_is_over(c));
  g_assert_cmpint(jq_game_clock_running_side(clock), ==, JQ_BLACK);
  g_assert_cmpint(jq_game_clock_remaining(clock, JQ_BLACK), ==, 300000);
  g_object_unref(c);
}

static void test_clock_ai_limits(void) {
  JqGameController *c = controller_new();
  jq_game_controller_set_clock_time_source(c, fake_clock, NULL);
  new_timed_game(c, JQ_PLAYER_MODE_HUMAN, JQ_PLAYER_MODE_COMPUTER, 300, 3);
  clock_advance(c, 7000);
  play(c, "h2e2");
  g_assert_true(jq_game_controller_is_thinking(c));
  JqLimits limits;
  jq_ai_player_get_last_limits(jq_game_controller_get_ai_player(c, JQ_BLACK),
                               &limits);
  g_assert_cmpint(limits.movetime_ms, ==, 0);
  g_assert_cmpint(limits.time_ms[JQ_RED], ==, 296000);
  g_assert_cmpint(limits.time_ms[JQ_BLACK], ==, 300000);
  g_assert_cmpint(limits.inc_ms[JQ_RED], ==, 3000);
  g_assert_cmpint(limits.inc_ms[JQ_BLACK], ==, 3000);

  /* Untimed: the think time. */
  new_game(c, JQ_VARIANT_XIANGQI, JQ_PLAYER_MODE_HUMAN, JQ_PLAYER_MODE_COMPUTER,
           NULL, 1);
  play(c, "h2e2");
  jq_ai_player_get_last_limits(jq_game_controller_get_ai_player(c, JQ_BLACK),
                               &limits);
  g_assert_cmpint(limits.movetime_ms, ==, 100);
  g_assert_cmpint(limits.time_ms[JQ_RED], ==, -1);
  g_assert_cmpint(limits.time_ms[JQ_BLACK], ==, -1);
  g_object_unref(c);
}

/* `text` with each `from` replaced by `to`; free with g_free. */
static char *replace_all(const char *text, const char *from, const char *to) {
  char **parts = g_strsplit(text, from, -1);
  char *joined = g_strjoinv(to, parts);
  g_strfreev(parts);
  return joined;
}

/* A timed game with moves and a comment, saved, and a controller reading
 * it with the same fake time. */
static char *saved_timed_game(JqGameController *c) {
  jq_game_controller_set_clock_time_source(c, fake_clock, NULL);
  new_timed_game(c, JQ_PLAYER_MODE_HUMAN, JQ_PLAYER_MODE_HUMAN, 600, 5);
  clock_advance(c, 20000);
  play(c, "h2e2"); /* Red 585 s */
  GError *error = NULL;
  g_assert_true(jq_game_controller_set_comment(c, 1, "good move", &error));
  g_assert_no_error(error);
  clock_advance(c, 30500);
  play(c, "h9g7"); /* Black 574.5 s */
  clock_advance(c, 40000);
  play(c, "h0g2"); /* Red 550 s */
  clock_advance(c, 7000);
  return jq_game_controller_to_pgn(c, JQ_PGN_COORDS);
}

static void test_clock_saved(void) {
  JqGameController *c = controller_new();
  g_autofree char *pgn = saved_timed_game(c);
  g_assert_nonnull(strstr(pgn, "[TimeControl \"600+5\"]"));
  g_assert_nonnull(strstr(pgn, "{[%clk 0:09:45] good move}"));
  g_assert_nonnull(strstr(pgn, "{[%clk 0:09:34]}"));
  g_assert_nonnull(strstr(pgn, "{[%clk 0:09:10]}"));
  /* Black had used 7 s of its time when saved. */
  g_assert_nonnull(strstr(pgn, "[JieqiClock \"550000 567500\"]"));
  /* The game's own comments are untouched. */
  g_assert_cmpstr(jq_game_controller_get_comment(c, 1), ==, "good move");
  g_assert_null(jq_game_controller_get_comment(c, 2));

  JqGameController *d = controller_new();
  jq_game_controller_set_clock_time_source(d, fake_clock, NULL);
  GError *error = NULL;
  g_assert_true(jq_game_controller_load_pgn_text(d, pgn, &error));
  g_assert_no_error(error);
  const JqGameClock *clock = jq_game_controller_get_clock(d);
  g_assert_nonnull(clock);
  g_assert_cmpint(jq_game_clock_get_control(clock)->base_ms, ==, 600000);
  g_assert_cmpint(jq_game_clock_get_control(clock)->inc_ms, ==, 5000);
  g_assert_cmpint(jq_game_clock_running_side(clock), ==, JQ_BLACK);
  g_assert_cmpint(jq_game_clock_remaining(clock, JQ_RED), ==, 550000);
  g_assert_cmpint(jq_game_clock_remaining(clock, JQ_BLACK), ==, 567500);
  g_assert_cmpstr(jq_game_controller_get_comment(d, 1), ==, "good move");
  g_assert_null(jq_game_controller_get_comment(d, 2));
  g_assert_null(jq_game_controller_get_comment(d, 3));
  /* Saved again: one %clk each, the times the same. */
  g_autofree char *again = jq_game_controller_to_pgn(d, JQ_PGN_COORDS);
  g_assert_nonnull(strstr(again, "{[%clk 0:09:45] good move}"));
  g_assert_null(strstr(again, "[%clk 0:09:45] [%clk"));
  g_assert_nonnull(strstr(again, "[JieqiClock \"550000 567500\"]"));
  /* The earlier positions have their times (whole seconds, as written). */
  g_assert_true(jq_game_controller_undo(d));
  g_assert_cmpint(jq_game_clock_running_side(clock), ==, JQ_RED);
  g_assert_cmpint(jq_game_clock_remaining(clock, JQ_RED), ==, 585000);
  g_assert_cmpint(jq_game_clock_remaining(clock, JQ_BLACK), ==, 574000);
  g_object_unref(d);
  g_object_unref(c);
}

static void test_clock_autosave(void) {
  JqGameController *c = controller_new();
  g_free(saved_timed_game(c));
  GError *error = NULL;
  g_assert_true(jq_game_controller_flush_autosave(c, &error));
  g_assert_no_error(error);

  JqGameController *d = controller_new();
  jq_game_controller_set_clock_time_source(d, fake_clock, NULL);
  g_assert_true(jq_game_controller_restore_autosave(d));
  const JqGameClock *clock = jq_game_controller_get_clock(d);
  g_assert_nonnull(clock);
  g_assert_cmpint(jq_game_clock_get_control(clock)->inc_ms, ==, 5000);
  g_assert_cmpint(jq_game_clock_running_side(clock), ==, JQ_BLACK);
  g_assert_cmpint(jq_game_clock_remaining(clock, JQ_RED), ==, 550000);
  /* Written when Red moved: Black's clock had just started. */
  g_assert_cmpint(jq_game_clock_remaining(clock, JQ_BLACK), ==, 574500);
  g_assert_cmpstr(jq_game_controller_get_comment(d, 1), ==, "good move");
  g_object_unref(d);
  g_object_unref(c);
}

/* Closed in the middle of a move: the mover's time used so far is in
 * the autosave, and charged when the game comes back. */
static void test_clock_autosave_mid_move(void) {
  JqGameController *c = controller_new();
  g_free(saved_timed_game(c)); /* Black has thought 7 s */
  g_object_unref(c);

  JqGameController *d = controller_new();
  jq_game_controller_set_clock_time_source(d, fake_clock, NULL);
  g_assert_true(jq_game_controller_restore_autosave(d));
  const JqGameClock *clock = jq_game_controller_get_clock(d);
  g_assert_nonnull(clock);
  g_assert_cmpint(jq_game_clock_running_side(clock), ==, JQ_BLACK);
  g_assert_cmpint(jq_game_clock_remaining(clock, JQ_RED), ==, 550000);
  g_assert_cmpint(jq_game_clock_remaining(clock, JQ_BLACK), ==, 567500);
  /* It runs on from there. */
  clock_advance(d, 2500);
  g_assert_cmpint(jq_game_clock_remaining(clock, JQ_BLACK), ==, 565000);
  g_object_unref(d);
}

/* The times are read only when all of them make sense; the game is read
 * anyway, untimed, its comments without the %clk commands. */
static void test_clock_bad_tags(void) {
  JqGameController *c = controller_new();
  g_autofree char *pgn = saved_timed_game(c);
  const char *bad[][2] = {
      {"[TimeControl \"600+5\"]", "[TimeControl \"ten minutes\"]"},
      {"[TimeControl \"600+5\"]", "[TimeControl \"0+5\"]"},
      {"[%clk 0:09:34]", "[%clk 0:9x:34]"},
      {"[%clk 0:09:34]", "[%clk 0:09:34"},
      {"[JieqiClock \"550000 567500\"]", "[JieqiClock \"550000 -3\"]"},
      {"[TimeControl \"600+5\"]\n", ""},
  };
  for (gsize i = 0; i < G_N_ELEMENTS(bad); i++) {
    g_autofree char *text = replace_all(pgn, bad[i][0], bad[i][1]);
    g_assert_cmpstr(text, !=, pgn);
    /* A timed game on before: the one read does not keep its clock. */
    new_timed_game(c, JQ_PLAYER_MODE_HUMAN, JQ_PLAYER_MODE_HUMAN, 60, 0);
    GError *error = NULL;
    g_assert_true(jq_game_controller_load_pgn_text(c, text, &error));
    g_assert_no_error(error);
    g_assert_cmpint(jq_game_controller_get_move_count(c), ==, 3);
    g_assert_null(jq_game_controller_get_clock(c));
    g_assert_cmpstr(jq_game_controller_get_comment(c, 1), ==, "good move");
    if (i != 3)
      g_assert_null(jq_game_controller_get_comment(c, 2));
    g_autofree char *again = jq_game_controller_to_pgn(c, JQ_PGN_COORDS);
    g_assert_null(strstr(again, "TimeControl"));
    g_assert_null(strstr(again, "JieqiClock"));
    g_assert_null(strstr(again, "%clk 0:09:45"));
  }
  g_object_unref(c);
}

int main(int argc, char **argv) {
  g_setenv("GSETTINGS_BACKEND", "memory", TRUE);
  g_test_init(&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
  g_test_add_func("/app/controller/play-moves", test_play_moves);
  g_test_add_func("/app/controller/clock-lost-on-time",
                  test_clock_lost_on_time);
  g_test_add_func("/app/controller/clock-undo", test_clock_undo);
  g_test_add_func("/app/controller/clock-ai-limits", test_clock_ai_limits);
  g_test_add_func("/app/controller/clock-saved", test_clock_saved);
  g_test_add_func("/app/controller/clock-autosave", test_clock_autosave);
  g_test_add_func("/app/controller/clock-autosave-mid-move",
                  test_clock_autosave_mid_move);
  g_test_add_func("/app/controller/clock-bad-tags", test_clock_bad_tags);
  g_test_add_func("/app/controller/illegal-move-refused",
                  test_illegal_move_refused);
  g_test_add_func("/app/controller/undo-redo-humans", test_undo_redo_humans);
  g_test_add_func("/app/controller/undo-redo-jieqi-reveals",
                  test_undo_redo_jieqi_reveals);
  g_test_add_func("/app/controller/computer-turn", test_computer_turn);
  g_test_add_func("/app/controller/computer-below-ui", test_computer_below_ui);
  g_test_add_func("/app/controller/undo-against-computer",
                  test_undo_against_computer);
  g_test_add_func("/app/controller/cancel-on-new-game",
                  test_cancel_on_new_game);
  g_test_add_func("/app/controller/dispose-while-thinking",
                  test_dispose_while_thinking);
  g_test_add_func("/app/controller/game-over-mate", test_game_over_mate);
  g_test_add_func("/app/controller/resign", test_resign);
  g_test_add_func("/app/controller/take-back-after-mate",
                  test_take_back_after_mate);
  g_test_add_func("/app/controller/take-back-after-resign",
                  test_take_back_after_resign);
  g_test_add_func("/app/controller/hint", test_hint);
  g_test_add_func("/app/controller/switch-players", test_switch_players);
  g_test_add_func("/app/controller/move-list-notations",
                  test_move_list_notations);
  g_test_add_func("/app/controller/no-hidden-identity-shown",
                  test_no_hidden_identity_shown);
  g_test_add_func("/app/controller/browse", test_browse);
  g_test_add_func("/app/controller/fen-copy-paste", test_fen_copy_paste);
  g_test_add_func("/app/controller/pgn-round-trip", test_pgn_round_trip);
  g_test_add_func("/app/controller/sealed-deal", test_sealed_deal);
  g_test_add_func("/app/controller/game-list", test_game_list);
  g_test_add_func("/app/controller/player-names", test_player_names);
  g_test_add_func("/app/controller/pgn-details", test_pgn_details);
  g_test_add_func("/app/controller/agree-draw", test_agree_draw);
  g_test_add_func("/app/controller/draw-offer-rule", test_draw_offer_rule);
  g_test_add_func("/app/controller/draw-offer-to-computer",
                  test_draw_offer_to_computer);
  g_test_add_func("/app/controller/game-id", test_game_id);
  g_test_add_func("/app/analysis-text", test_analysis_text);
  g_test_add_func("/app/controller/autosave-restore", test_autosave_restore);
  g_test_add_func("/app/controller/comments", test_comments);
  g_test_add_func("/app/controller/autosave-corrupt", test_autosave_corrupt);
  g_test_add_func("/app/controller/main-loop-not-blocked",
                  test_main_loop_not_blocked);
  g_test_add_func("/app/controller/side-algorithms", test_side_algorithms);
  g_test_add_func("/app/controller/move-interval", test_move_interval);
  g_test_add_func("/app/controller/pause-resume", test_pause_resume);
  g_test_add_func("/app/settings/bind-and-start", test_settings);
  g_test_add_func("/app/settings/side-algorithms",
                  test_settings_side_algorithms);
  return g_test_run();
}
