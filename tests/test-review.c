/* The game review without a display: the marks from the scores (pure),
 * a short game scored by the AI with its blunder marked, the scores and
 * marks kept through the PGN with the user's comments, Cancel, and in
 * jieqi the AI handed only what each mover knew. */
#include <string.h>
#include <sys/resource.h>

#include "jq-ai-worker.h"
#include "jq-ai.h"
#include "jq-game-controller.h"
#include "jq-game-review.h"
#include "jq-review-marks.h"
#include "jq-test-util.h"

static JqEval cp(int value) { return (JqEval){JQ_EVAL_CP, value, 10}; }
static JqEval mate(int moves) { return (JqEval){JQ_EVAL_MATE, moves, 10}; }

static void assert_mark(JqEval before, JqEval after, JqColor mover,
                        JqReviewMark want) {
  JqReviewMark got = jq_review_mark(&before, &after, mover);
  if (got != want)
    g_error("%s %d -> %s %d by %s: mark %d, want %d",
            before.kind == JQ_EVAL_MATE ? "mate" : "cp", before.value,
            after.kind == JQ_EVAL_MATE ? "mate" : "cp", after.value,
            mover == JQ_RED ? "Red" : "Black", got, want);
}

/* The marks from the scores: the loss counts for the mover, in expected
 * score, so mates and lost causes weigh as they should. */
static void test_marks(void) {
  /* Level games: a small loss is nothing, then ?!, ?, ??. */
  assert_mark(cp(0), cp(-20), JQ_RED, JQ_REVIEW_MARK_NONE);
  assert_mark(cp(0), cp(-70), JQ_RED, JQ_REVIEW_MARK_INACCURACY);
  assert_mark(cp(0), cp(-140), JQ_RED, JQ_REVIEW_MARK_MISTAKE);
  assert_mark(cp(0), cp(-300), JQ_RED, JQ_REVIEW_MARK_BLUNDER);
  /* A chariot hung. */
  assert_mark(cp(30), cp(-850), JQ_RED, JQ_REVIEW_MARK_BLUNDER);
  /* The scores are Red's: the same drop is Black's gain. */
  assert_mark(cp(0), cp(-300), JQ_BLACK, JQ_REVIEW_MARK_NONE);
  assert_mark(cp(0), cp(300), JQ_BLACK, JQ_REVIEW_MARK_BLUNDER);
  assert_mark(cp(-50), cp(80), JQ_BLACK, JQ_REVIEW_MARK_MISTAKE);
  /* Gains are never marked. */
  assert_mark(cp(-300), cp(200), JQ_RED, JQ_REVIEW_MARK_NONE);
  /* A game long won: two pawns less still wins. */
  assert_mark(cp(1500), cp(1300), JQ_RED, JQ_REVIEW_MARK_NONE);
  /* A game long lost: nothing much to lose. */
  assert_mark(cp(-1500), cp(-1800), JQ_RED, JQ_REVIEW_MARK_NONE);
  /* Mates: a mate let go for a lost game is a blunder... */
  assert_mark(mate(3), cp(-200), JQ_RED, JQ_REVIEW_MARK_BLUNDER);
  assert_mark(mate(-3), mate(3), JQ_BLACK, JQ_REVIEW_MARK_BLUNDER);
  /* ...walking into one from a level game too... */
  assert_mark(cp(0), mate(-2), JQ_RED, JQ_REVIEW_MARK_BLUNDER);
  assert_mark(cp(0), mate(2), JQ_BLACK, JQ_REVIEW_MARK_BLUNDER);
  /* ...a longer mate or a win by other means is no fault... */
  assert_mark(mate(3), mate(5), JQ_RED, JQ_REVIEW_MARK_NONE);
  assert_mark(mate(2), cp(2000), JQ_RED, JQ_REVIEW_MARK_NONE);
  /* ...nor is being mated when it could not be helped. */
  assert_mark(mate(-2), mate(-1), JQ_RED, JQ_REVIEW_MARK_NONE);
  assert_mark(mate(1), mate(1), JQ_BLACK, JQ_REVIEW_MARK_NONE);
  /* The thresholds are where they say. */
  for (int loss = 0; loss <= 400; loss += 5) {
    JqEval before = cp(0), after = cp(-loss);
    double lost = jq_review_expected(&before, JQ_RED) -
                  jq_review_expected(&after, JQ_RED);
    JqReviewMark want =
        lost >= JQ_REVIEW_BLUNDER_LOSS      ? JQ_REVIEW_MARK_BLUNDER
        : lost >= JQ_REVIEW_MISTAKE_LOSS    ? JQ_REVIEW_MARK_MISTAKE
        : lost >= JQ_REVIEW_INACCURACY_LOSS ? JQ_REVIEW_MARK_INACCURACY
                                            : JQ_REVIEW_MARK_NONE;
    assert_mark(before, after, JQ_RED, want);
    assert_mark(cp(loss), cp(0), JQ_BLACK, JQ_REVIEW_MARK_NONE);
  }
  /* The NAGs the marks are written as, and back. */
  g_assert_cmpint(jq_review_mark_nag(JQ_REVIEW_MARK_INACCURACY), ==,
                  JQ_NAG_DUBIOUS);
  g_assert_cmpint(jq_review_mark_nag(JQ_REVIEW_MARK_MISTAKE), ==,
                  JQ_NAG_MISTAKE);
  g_assert_cmpint(jq_review_mark_nag(JQ_REVIEW_MARK_BLUNDER), ==,
                  JQ_NAG_BLUNDER);
  g_assert_cmpint(jq_review_mark_nag(JQ_REVIEW_MARK_NONE), ==, JQ_NAG_NONE);
  for (int m = JQ_REVIEW_MARK_NONE; m <= JQ_REVIEW_MARK_BLUNDER; m++)
    g_assert_cmpint(jq_review_mark_from_nag(jq_review_mark_nag(m)), ==, m);
  g_assert_cmpint(jq_review_mark_from_nag(JQ_NAG_GOOD), ==,
                  JQ_REVIEW_MARK_NONE);
  g_assert_cmpstr(jq_nag_symbol(JQ_NAG_DUBIOUS), ==, "?!");
  g_assert_cmpstr(jq_nag_symbol(JQ_NAG_BLUNDER), ==, "??");
}

/* The AI's scores for the side to move become Red's evals. */
static void test_evals_from_scores(void) {
  JqEval e = jq_review_eval_from_score(120, JQ_RED, 9);
  g_assert_cmpint(e.kind, ==, JQ_EVAL_CP);
  g_assert_cmpint(e.value, ==, 120);
  g_assert_cmpint(e.depth, ==, 9);
  e = jq_review_eval_from_score(120, JQ_BLACK, 9);
  g_assert_cmpint(e.value, ==, -120);
  /* Mate in 1 (one ply) and in 2 (three plies) for the mover. */
  e = jq_review_eval_from_score(JQ_SCORE_MATE - 1, JQ_RED, 5);
  g_assert_cmpint(e.kind, ==, JQ_EVAL_MATE);
  g_assert_cmpint(e.value, ==, 1);
  e = jq_review_eval_from_score(JQ_SCORE_MATE - 3, JQ_BLACK, 5);
  g_assert_cmpint(e.value, ==, -2);
  /* Mated in 2 (four plies), and mated on the board. */
  e = jq_review_eval_from_score(-(JQ_SCORE_MATE - 4), JQ_RED, 5);
  g_assert_cmpint(e.value, ==, -2);
  e = jq_review_eval_from_score(-JQ_SCORE_MATE, JQ_BLACK, 0);
  g_assert_cmpint(e.kind, ==, JQ_EVAL_MATE);
  g_assert_cmpint(e.value, ==, 1);
  g_assert_true(jq_eval_is_valid(&e));
  /* A sampling AI's chances: even is 0, better for the mover is more. */
  e = jq_review_eval_from_value(0.5, JQ_RED);
  g_assert_cmpint(e.value, ==, 0);
  e = jq_review_eval_from_value(0.8, JQ_BLACK);
  g_assert_cmpint(e.value, <, -300);
  g_assert_cmpfloat_with_epsilon(jq_review_expected(&e, JQ_BLACK), 0.8, 0.01);
  e = jq_review_eval_from_value(1.0, JQ_RED);
  g_assert_true(jq_eval_is_valid(&e));
  /* The graph: clamped, mates at the ends. */
  JqEval big = cp(5000), m = mate(-4);
  g_assert_cmpint(jq_review_graph_cp(&big), ==, JQ_REVIEW_GRAPH_CP);
  g_assert_cmpint(jq_review_graph_cp(&m), ==, -JQ_REVIEW_GRAPH_CP);
  JqEval small = cp(-35);
  g_assert_cmpint(jq_review_graph_cp(&small), ==, -35);
}

static JqGameController *controller_with(const char *const *moves) {
  JqGameController *c = jq_game_controller_new_with_autosave("");
  for (int i = 0; moves[i]; i++) {
    JqMove m = jq_test_move(moves[i]);
    GError *error = NULL;
    if (!jq_game_controller_play_move(c, jq_move_from(m), jq_move_to(m),
                                      &error))
      g_error("%s: %s", moves[i], error->message);
  }
  return c;
}

typedef struct {
  gboolean finished;
  gboolean completed;
  int progress;
} Seen;

static void on_progress(JqGameReview *r, int done, int total, Seen *seen) {
  g_assert_cmpint(done, >, seen->progress);
  g_assert_cmpint(done, <=, total);
  seen->progress = done;
}

static void on_finished(JqGameReview *r, gboolean completed, Seen *seen) {
  g_assert_false(seen->finished);
  seen->finished = TRUE;
  seen->completed = completed;
}

static JqGameReview *review_of(JqGameController *c, const char *algorithm,
                               int ms, Seen *seen) {
  int count = 0;
  g_autofree JqPosition *views = jq_game_controller_get_mover_views(c, &count);
  JqGameReview *r = jq_game_review_new(views, count, algorithm, ms);
  g_signal_connect(r, "progress", G_CALLBACK(on_progress), seen);
  g_signal_connect(r, "finished", G_CALLBACK(on_finished), seen);
  return r;
}

static void wait_finished(Seen *seen) {
  while (!seen->finished)
    g_main_context_iteration(NULL, TRUE);
}

/* Eight plies in which Red gives a chariot for a cannon (4. h0h7??,
 * taken back at once): scored by the AI, the blunder is marked and
 * nothing else as badly. */
static const char *const blunder_game[] = {
    "h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "h0h7", "h9h7", NULL,
};
#define BLUNDER_PLY 7

static void test_blunder_marked(void) {
  JqGameController *c = controller_with(blunder_game);
  g_autoptr(GError) error = NULL;
  g_assert_true(
      jq_game_controller_set_comment(c, BLUNDER_PLY, "my idea", &error));
  Seen seen = {0};
  JqGameReview *r = review_of(c, "alphabeta", 300, &seen);
  g_assert_cmpint(jq_game_review_get_total(r), ==, 9);
  jq_game_review_start(r);
  g_assert_true(jq_game_review_is_running(r));
  wait_finished(&seen);
  g_assert_true(seen.completed);
  g_assert_false(jq_game_review_is_running(r));
  g_assert_cmpint(jq_game_review_get_done(r), ==, 9);
  g_assert_cmpint(seen.progress, ==, 9);
  JqEval evals[9];
  for (int i = 0; i < 9; i++)
    g_assert_true(jq_game_review_get_eval(r, i, &evals[i]));
  /* Red was about level before, lost after. */
  g_assert_cmpint(evals[BLUNDER_PLY - 1].value, >, -150);
  g_assert_cmpint(evals[BLUNDER_PLY].value, <, -250);
  g_assert_true(jq_game_controller_set_review(c, evals, 9));
  for (int ply = 1; ply <= 8; ply++) {
    int nag = jq_game_controller_get_nag(c, ply);
    if (ply == BLUNDER_PLY)
      g_assert_cmpint(nag, ==, JQ_NAG_BLUNDER);
    else
      g_assert_cmpint(nag, !=, JQ_NAG_BLUNDER);
  }
  /* Taking the chariot back is no fault. */
  g_assert_cmpint(jq_game_controller_get_nag(c, BLUNDER_PLY + 1), ==,
                  JQ_NAG_NONE);

  /* Saved and read back: the same scores and marks, the comment kept. */
  char *pgn = jq_game_controller_to_pgn(c, JQ_PGN_COORDS);
  /* The movetext wraps wherever the scores' widths put the line ends. */
  g_autofree char *flat = g_strdup(pgn);
  g_strdelimit(flat, "\n", ' ');
  g_assert_nonnull(strstr(flat, "h0h7 $4 {[%eval "));
  g_assert_nonnull(strstr(flat, "] my idea}"));
  JqGameController *back = jq_game_controller_new_with_autosave("");
  g_assert_true(jq_game_controller_load_pgn_text(back, pgn, &error));
  for (int ply = 0; ply <= 8; ply++) {
    JqEval a, b;
    g_assert_true(jq_game_controller_get_eval(back, ply, &a));
    g_assert_true(jq_game_controller_get_eval(c, ply, &b));
    g_assert_cmpint(a.kind, ==, b.kind);
    g_assert_cmpint(a.value, ==, b.value);
    g_assert_cmpint(jq_game_controller_get_nag(back, ply), ==,
                    jq_game_controller_get_nag(c, ply));
  }
  g_assert_cmpstr(jq_game_controller_get_comment(back, BLUNDER_PLY), ==,
                  "my idea");
  g_free(pgn);

  /* Bad scores change nothing. */
  JqEval bad[9];
  memcpy(bad, evals, sizeof bad);
  bad[3] = (JqEval){JQ_EVAL_MATE, 0, 1};
  g_assert_false(jq_game_controller_set_review(back, bad, 9));
  g_assert_false(jq_game_controller_set_review(back, evals, 10));
  JqEval e;
  g_assert_true(jq_game_controller_get_eval(back, 3, &e));
  g_assert_cmpint(e.value, ==, evals[3].value);
  g_object_unref(back);
  g_object_unref(r);
  g_object_unref(c);
}

/* Cancel stops the AI within a moment, keeps what was scored and says the
 * review did not complete. Fifty times at 5 s a position: cancelled at
 * once, or while the AI thinks on the first position, or (the last time)
 * after the first position, which is kept. */
static void test_cancel(void) {
  JqGameController *c = controller_with(blunder_game);
  for (int round = 0; round < 50; round++) {
    Seen seen = {0};
    JqGameReview *r = review_of(c, "alphabeta", 5000, &seen);
    jq_game_review_start(r);
    gboolean after_first = round == 49;
    if (after_first) {
      while (seen.progress == 0)
        g_main_context_iteration(NULL, TRUE);
    } else if (round % 2 == 1) {
      /* Long enough for the worker to be thinking, far short of 5 s. */
      g_usleep(100 * 1000);
    }
    gint64 start = g_get_monotonic_time();
    jq_game_review_cancel(r);
    wait_finished(&seen);
    /* Well under the 5 s a position takes. */
    g_assert_cmpint(g_get_monotonic_time() - start, <, 3 * G_USEC_PER_SEC);
    g_assert_false(seen.completed);
    g_assert_false(jq_game_review_is_running(r));
    int done = jq_game_review_get_done(r);
    g_assert_cmpint(done, ==, after_first ? 1 : 0);
    JqEval e;
    g_assert_cmpint(jq_game_review_get_eval(r, 0, &e), ==, after_first);
    g_assert_false(jq_game_review_get_eval(r, done, &e));
    /* Cancelling again is harmless. */
    jq_game_review_cancel(r);
    g_object_unref(r);
  }
  g_object_unref(c);
}

/* Jieqi: each position goes to the AI as its mover knew it. Red's
 * face-down cannon takes Black's face-down horse: under the captor rule
 * Red learns what it was, Black does not, and the position Black is to
 * move in does not tell it; none holds a face-down piece's identity. */
static void test_jieqi_views(void) {
  JqGameController *c = jq_game_controller_new_with_autosave("");
  JqNewGame setup;
  jq_new_game_init(&setup, JQ_VARIANT_JIEQI);
  setup.players[JQ_RED] = setup.players[JQ_BLACK] = JQ_PLAYER_MODE_HUMAN;
  setup.seed = 7;
  g_autoptr(GError) error = NULL;
  g_assert_true(jq_game_controller_new_game(c, &setup, &error));
  g_assert_cmpint(jq_game_controller_get_disclosure(c), ==, JQ_DISCLOSE_CAPTOR);
  const char *moves[] = {"h2h9", "i9i8", NULL};
  for (int i = 0; moves[i]; i++) {
    JqMove m = jq_test_move(moves[i]);
    if (!jq_game_controller_play_move(c, jq_move_from(m), jq_move_to(m),
                                      &error))
      g_error("%s: %s", moves[i], error->message);
  }
  Seen seen = {0};
  JqGameReview *r = review_of(c, "alphabeta", 100, &seen);
  jq_game_review_start(r);
  wait_finished(&seen);
  g_assert_true(seen.completed);
  int count = 0;
  const JqPosition *handed = jq_game_review_get_handed(r, &count);
  g_assert_cmpint(count, ==, 3);
  /* Red to move, Black, Red: each its own side's view, which is the view
   * the controller hands that player on the live board. */
  JqPosition *live = g_new(JqPosition, 1);
  jq_game_controller_get_view(c, JQ_RED, live);
  g_assert_cmpint(handed[2].side, ==, JQ_RED);
  g_assert_true(memcmp(live->board, handed[2].board, sizeof live->board) == 0);
  g_assert_true(memcmp(live->pool, handed[2].pool, sizeof live->pool) == 0);
  g_assert_cmpint(handed[1].side, ==, JQ_BLACK);
  g_assert_cmpint(handed[1].capture_count, ==, 1);
  g_assert_true(jq_piece_is_hidden(handed[1].captures[0].piece));
  /* Black was not told what it lost... */
  g_assert_cmpint(handed[1].captures[0].identity, ==, JQ_NO_TYPE);
  /* ...Red was, and it is Red's to know. */
  g_assert_cmpint(handed[2].captures[0].identity, !=, JQ_NO_TYPE);
  g_assert_cmpint(handed[2].captures[0].identity, ==,
                  live->captures[0].identity);
  /* The board holds face-down pieces only as face-down: a view names no
   * identity but those turned up by the moves (the cannon, the chariot). */
  for (int i = 0; i < count; i++) {
    int revealed = 0;
    for (int s = 0; s < JQ_SQUARES; s++) {
      JqPiece p = handed[i].board[s];
      if (p != JQ_EMPTY && !jq_piece_is_hidden(p) &&
          jq_piece_type(p) != JQ_KING)
        revealed++;
    }
    g_assert_cmpint(revealed, ==, i);
  }
  g_free(live);
  g_object_unref(r);
  g_object_unref(c);
}

/* The review searches below the window's priority, so that the window
 * (and the display server) get a CPU first. */
static void note_niceness(gpointer data) {
  g_atomic_int_set((gint *)data, getpriority(PRIO_PROCESS, 0));
}

static void test_below_ui(void) {
  int window_nice = getpriority(PRIO_PROCESS, 0);
  gint thread_nice = -100;
  jq_ai_worker_set_started_hook(note_niceness, &thread_nice);
  JqGameController *c = controller_with(blunder_game);
  Seen seen = {0};
  JqGameReview *r = review_of(c, "alphabeta", 50, &seen);
  jq_game_review_start(r);
  wait_finished(&seen);
  jq_ai_worker_set_started_hook(NULL, NULL);
  g_assert_true(seen.completed);
  /* A run under `nice` starts higher: never lowered below that. */
  if (window_nice < JQ_AI_WORKER_NICENESS)
    g_assert_cmpint(g_atomic_int_get(&thread_nice), >, window_nice);
  g_assert_cmpint(g_atomic_int_get(&thread_nice), ==,
                  MAX(window_nice, JQ_AI_WORKER_NICENESS));
  g_assert_cmpint(getpriority(PRIO_PROCESS, 0), ==, window_nice);
  g_object_unref(r);
  g_object_unref(c);
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/review/marks", test_marks);
  g_test_add_func("/review/evals-from-scores", test_evals_from_scores);
  g_test_add_func("/review/blunder-marked", test_blunder_marked);
  g_test_add_func("/review/cancel", test_cancel);
  g_test_add_func("/review/below-ui", test_below_ui);
  g_test_add_func("/review/jieqi-views", test_jieqi_views);
  return g_test_run();
}
