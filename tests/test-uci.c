/* The UCI protocol: scripted sessions run in-process through pipes, with
 * the engine loop in a thread of its own so the test can time answers.
 * Every bestmove is checked against a position the test builds itself with
 * the rules core. */
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "jq-determinize.h"
#include "jq-movegen.h"
#include "jq-notation.h"
#include "jq-perft.h"
#include "jq-test-util.h"
#include "jq-uci-private.h"
#include "jq-uci.h"

/* Generous: the machine may be busy with other builds. */
#define SEARCH_TIMEOUT_MS 30000
#define QUICK_TIMEOUT_MS 5000

#define PIKAFISH_START                                             \
  "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w " \
  "R2A2C2P5N2B2r2a2c2p5n2b2 0 1"
/* JieqiBox's dialect after some reveals: Red has turned up a chariot on a4
 * and a cannon on d2 and taken a hidden black pawn (it knows which). */
#define JIEQIBOX_MID                                             \
  "xxxxkxxxx/9/1x5x1/x1x3x1x/9/R8/2X1X1X1X/1X1C5/9/XXXXKXXXX b " \
  "A2B2N2R1C1P5a2b2n2r2c2p4 p1 0 3"
/* A xiangqi middle game. */
#define XIANGQI_MID \
  "r1bakab1r/9/1cn4cn/p1p1p1p1p/9/9/P1P1P1P1P/1CN1C1N2/9/R1BAKAB1R w - - 4 3"
/* Red mates in one with i0i9 and no other move. */
#define MATE_IN_ONE "4k4/R8/9/9/9/9/9/9/9/3K4R w - - 0 1"

typedef struct {
  int feed_fd;   /* the test writes commands here */
  int answer_fd; /* and reads the engine's answers here */
  FILE *engine_in, *engine_out;
  GThread *thread;
  int rc;
  GString *pending; /* answer bytes not yet split into lines */
  bool eof;
} Session;

static gpointer engine_thread(gpointer data) {
  Session *s = data;
  s->rc = jq_uci_run(s->engine_in, s->engine_out);
  fclose(s->engine_in);
  fclose(s->engine_out); /* the test sees the end of the answers */
  return NULL;
}

static Session *session_start(void) {
  Session *s = g_new0(Session, 1);
  int to_engine[2], from_engine[2];
  g_assert_cmpint(pipe(to_engine), ==, 0);
  g_assert_cmpint(pipe(from_engine), ==, 0);
  s->engine_in = fdopen(to_engine[0], "r");
  s->engine_out = fdopen(from_engine[1], "w");
  g_assert_nonnull(s->engine_in);
  g_assert_nonnull(s->engine_out);
  s->feed_fd = to_engine[1];
  s->answer_fd = from_engine[0];
  s->pending = g_string_new(NULL);
  s->rc = -1;
  s->thread = g_thread_new("uci", engine_thread, s);
  return s;
}

static void write_all(int fd, const char *buf, size_t len) {
  while (len > 0) {
    ssize_t n = write(fd, buf, len);
    g_assert_cmpint(n, >, 0);
    buf += n;
    len -= (size_t)n;
  }
}

static void send_line(Session *s, const char *line) {
  write_all(s->feed_fd, line, strlen(line));
  write_all(s->feed_fd, "\n", 1);
}

/* The next answer line (to be freed), or NULL at a timeout or the end. */
static char *read_line(Session *s, int timeout_ms) {
  gint64 deadline = g_get_monotonic_time() + (gint64)timeout_ms * 1000;
  for (;;) {
    char *nl = memchr(s->pending->str, '\n', s->pending->len);
    if (nl) {
      char *line = g_strndup(s->pending->str, (gsize)(nl - s->pending->str));
      /* UCI_TRACE=1 shows the session when a test needs debugging. */
      if (getenv("UCI_TRACE"))
        fprintf(stderr, "<< %.200s\n", line);
      g_string_erase(s->pending, 0, nl - s->pending->str + 1);
      return line;
    }
    if (s->eof)
      return NULL;
    gint64 left = (deadline - g_get_monotonic_time()) / 1000;
    if (left <= 0)
      return NULL;
    struct pollfd p = {.fd = s->answer_fd, .events = POLLIN};
    if (poll(&p, 1, (int)left) <= 0)
      continue;
    char buf[4096];
    ssize_t n = read(s->answer_fd, buf, sizeof buf);
    if (n <= 0)
      s->eof = true;
    else
      g_string_append_len(s->pending, buf, n);
  }
}

static bool has_prefix_word(const char *line, const char *prefix) {
  size_t n = strlen(prefix);
  return strncmp(line, prefix, n) == 0 && (line[n] == ' ' || !line[n]);
}

/* Reads up to the line starting with the word(s) `prefix`, failing the test
 * when it does not come in time. Lines before it go to *before (if given). */
static char *expect_line(Session *s, const char *prefix, int timeout_ms,
                         GPtrArray *before) {
  for (;;) {
    char *line = read_line(s, timeout_ms);
    if (!line)
      g_error("no '%s' from the engine within %d ms", prefix, timeout_ms);
    if (has_prefix_word(line, prefix))
      return line;
    if (before)
      g_ptr_array_add(before, line);
    else
      g_free(line);
  }
}

/* isready/readyok: returns the lines the engine wrote before readyok. */
static GPtrArray *sync_lines(Session *s) {
  GPtrArray *lines = g_ptr_array_new_with_free_func(g_free);
  send_line(s, "isready");
  g_free(expect_line(s, "readyok", QUICK_TIMEOUT_MS, lines));
  return lines;
}

static int count_prefix(GPtrArray *lines, const char *prefix) {
  int n = 0;
  for (guint i = 0; i < lines->len; i++)
    n += has_prefix_word(g_ptr_array_index(lines, i), prefix);
  return n;
}

/* Sends a command that must be refused: exactly one info string comes back
 * (containing `needle` when given), and nothing else. */
static void expect_refusal(Session *s, const char *command,
                           const char *needle) {
  send_line(s, command);
  GPtrArray *lines = sync_lines(s);
  if (lines->len != 1 || count_prefix(lines, "info string") != 1)
    g_error("'%.60s' gave %u lines instead of one info string", command,
            lines->len);
  if (needle && !strstr(g_ptr_array_index(lines, 0), needle))
    g_error("'%.60s' gave '%s', expected it to mention '%s'", command,
            (char *)g_ptr_array_index(lines, 0), needle);
  g_ptr_array_unref(lines);
}

/* Sends a command that must be taken silently. */
static void expect_silence(Session *s, const char *command) {
  send_line(s, command);
  GPtrArray *lines = sync_lines(s);
  if (lines->len != 0)
    g_error("'%s' answered '%s'", command, (char *)g_ptr_array_index(lines, 0));
  g_ptr_array_unref(lines);
}

/* After a refused `position` the engine has none: `d` says so, and a go
 * is answered with the reason and `bestmove (none)`. */
static void expect_no_position(Session *s) {
  send_line(s, "d");
  GPtrArray *lines = sync_lines(s);
  if (lines->len != 1 || !strstr(g_ptr_array_index(lines, 0), "no position"))
    g_error("d after a refused position gave %u lines, the first '%s'",
            lines->len, lines->len ? (char *)g_ptr_array_index(lines, 0) : "");
  g_ptr_array_unref(lines);
  send_line(s, "go depth 1");
  lines = g_ptr_array_new_with_free_func(g_free);
  char *line = expect_line(s, "bestmove", QUICK_TIMEOUT_MS, lines);
  g_assert_cmpstr(line, ==, "bestmove (none)");
  g_free(line);
  g_assert_cmpuint(lines->len, ==, 1);
  g_assert_nonnull(strstr(g_ptr_array_index(lines, 0), "info string"));
  g_assert_nonnull(strstr(g_ptr_array_index(lines, 0), "position"));
  g_ptr_array_unref(lines);
}

static void session_end(Session *s) {
  send_line(s, "quit");
  close(s->feed_fd);
  /* The loop ends, closing its output: read to the end of it. */
  char *line;
  while ((line = read_line(s, QUICK_TIMEOUT_MS)) != NULL)
    g_free(line);
  g_assert_true(s->eof);
  g_thread_join(s->thread);
  g_assert_cmpint(s->rc, ==, 0);
  close(s->answer_fd);
  g_string_free(s->pending, TRUE);
  g_free(s);
}

/* The position a GUI's `position` command describes, built independently
 * with the rules core. */
static void build_position(JqPosition *pos, const char *fen,
                           const char *const *moves) {
  JqError err = {{0}};
  if (!jq_fen_parse(fen, JQ_FEN_VARIANT_AUTO, pos, &err))
    g_error("bad test FEN: %s", err.message);
  for (int i = 0; moves && moves[i]; i++) {
    JqMove m;
    JqReveal r;
    if (!jq_notation_parse_coords(pos, moves[i], &m, &r, &err))
      g_error("bad test move %s: %s", moves[i], err.message);
    jq_position_make_move(pos, m, r);
  }
}

/* Reads the bestmove line and checks the move (and the ponder move, when
 * the position after the best move is known) is legal in pos. Returns the
 * best move. */
static JqMove expect_legal_bestmove(Session *s, const JqPosition *pos,
                                    int timeout_ms, GPtrArray *before) {
  char *line = expect_line(s, "bestmove", timeout_ms, before);
  char **words = g_strsplit(line, " ", -1);
  g_assert_cmpuint(g_strv_length(words), >=, 2);
  if (!jq_test_has_legal_move(pos, words[1]))
    g_error("'%s' is not legal here", line);
  JqMove best = jq_test_move(words[1]);
  if (g_strv_length(words) == 4) {
    g_assert_cmpstr(words[2], ==, "ponder");
    g_assert_false(jq_piece_is_hidden(pos->board[jq_move_from(best)]));
    JqPosition after = *pos;
    jq_position_make_move(&after, best, JQ_REVEAL_NONE);
    if (!jq_test_has_legal_move(&after, words[3]))
      g_error("ponder move in '%s' is not legal", line);
  } else {
    g_assert_cmpuint(g_strv_length(words), ==, 2);
  }
  g_strfreev(words);
  g_free(line);
  return best;
}

/* `d` prints "Fen: F": the FEN of the engine's position. */
static char *shown_fen(Session *s) {
  send_line(s, "d");
  char *line = expect_line(s, "Fen:", QUICK_TIMEOUT_MS, NULL);
  char *fen = g_strdup(line + strlen("Fen: "));
  g_free(line);
  g_ptr_array_unref(sync_lines(s));
  return fen;
}

static char *fen_of(const JqPosition *pos) {
  char buf[JQ_FEN_MAX];
  g_assert_cmpuint(
      jq_fen_write(pos,
                   jq_position_is_jieqi(pos) ? JQ_FEN_JIEQIBOX : JQ_FEN_XIANGQI,
                   buf, sizeof buf),
      >, 0);
  return g_strdup(buf);
}

/* The test hook (jq_uci_set_test_hook): holds the search thread at its
 * start until released, or at its end until the command loop has handled
 * a given number of lines, so that an order of events a race would make
 * merely likely is certain. POSIX locks, which ThreadSanitizer sees. */
typedef struct {
  pthread_mutex_t lock;
  pthread_cond_t cond;
  bool hold_start; /* SEARCH_START waits until released */
  bool released;
  long commands;      /* lines the loop has handled */
  long end_waits_for; /* SEARCH_END waits until commands reach this */
} Hold;

static Hold hold = {.lock = PTHREAD_MUTEX_INITIALIZER,
                    .cond = PTHREAD_COND_INITIALIZER};

/* Waits on hold.cond until `ready` or `ms` have passed; under hold.lock. */
static void hold_wait(bool (*ready)(void), int ms) {
  struct timespec until;
  clock_gettime(CLOCK_REALTIME, &until);
  until.tv_sec += ms / 1000;
  until.tv_nsec += (long)(ms % 1000) * 1000000;
  if (until.tv_nsec >= 1000000000) {
    until.tv_sec++;
    until.tv_nsec -= 1000000000;
  }
  while (!ready())
    if (pthread_cond_timedwait(&hold.cond, &hold.lock, &until) == ETIMEDOUT)
      break;
}

static bool start_released(void) { return !hold.hold_start || hold.released; }

static bool end_released(void) { return hold.commands >= hold.end_waits_for; }

static void hold_hook(JqUciHookPoint point, void *data) {
  (void)data;
  pthread_mutex_lock(&hold.lock);
  switch (point) {
  case JQ_UCI_HOOK_COMMAND_DONE:
    hold.commands++;
    pthread_cond_broadcast(&hold.cond);
    break;
  case JQ_UCI_HOOK_SEARCH_START:
    /* Long enough for any test; a test that never releases fails anyway. */
    hold_wait(start_released, 60000);
    break;
  case JQ_UCI_HOOK_SEARCH_END:
    /* When the loop is joining this thread, no line comes: go on after a
     * second. */
    hold_wait(end_released, 1000);
    break;
  }
  pthread_mutex_unlock(&hold.lock);
}

static void hold_reset(bool hold_start) {
  pthread_mutex_lock(&hold.lock);
  hold.hold_start = hold_start;
  hold.released = false;
  hold.commands = 0;
  hold.end_waits_for = 0;
  pthread_mutex_unlock(&hold.lock);
}

static void hold_release_start(void) {
  pthread_mutex_lock(&hold.lock);
  hold.released = true;
  pthread_cond_broadcast(&hold.cond);
  pthread_mutex_unlock(&hold.lock);
}

/* The search thread, once it has answered its search, waits at its end
 * until the loop has handled `lines` more lines than so far. */
static void hold_end_for(long lines) {
  pthread_mutex_lock(&hold.lock);
  hold.end_waits_for = hold.commands + lines;
  pthread_mutex_unlock(&hold.lock);
}

static void test_handshake(void) {
  Session *s = session_start();
  send_line(s, "uci");
  GPtrArray *lines = g_ptr_array_new_with_free_func(g_free);
  g_free(expect_line(s, "uciok", QUICK_TIMEOUT_MS, lines));
  g_assert_true(
      g_str_has_prefix(g_ptr_array_index(lines, 0), "id name Jieqi "));
  g_assert_cmpint(count_prefix(lines, "id author"), ==, 1);
  const char *want[] = {
      "option name UCI_Variant type combo default xiangqi var xiangqi var "
      "jieqi",
      "option name Hash type spin default 64 min 1 max 4096",
      "option name Threads type spin default 1 min 1 max 64",
      "option name MultiPV type spin default 1 min 1 max 10",
      "option name Skill Level type spin default 20 min 0 max 20",
      "option name UCI_LimitStrength type check default false",
      "option name UCI_Elo type spin default 2800 min 800 max 2800",
      "option name Ponder type check default false",
  };
  for (size_t i = 0; i < G_N_ELEMENTS(want); i++) {
    bool found = false;
    for (guint k = 0; k < lines->len; k++)
      found |= strcmp(g_ptr_array_index(lines, k), want[i]) == 0;
    if (!found)
      g_error("no line '%s' in the uci answer", want[i]);
  }
  /* Algorithm lists every AI, alphabeta first as the default. */
  char *algo = NULL;
  for (guint k = 0; k < lines->len; k++)
    if (g_str_has_prefix(g_ptr_array_index(lines, k), "option name Algorithm"))
      algo = g_ptr_array_index(lines, k);
  g_assert_nonnull(algo);
  g_assert_true(g_str_has_prefix(
      algo, "option name Algorithm type combo default alphabeta"));
  for (const char *const *a = jq_ai_algorithms(); *a; a++) {
    char *var = g_strdup_printf(" var %s", *a);
    g_assert_nonnull(strstr(algo, var));
    g_free(var);
  }
  g_ptr_array_unref(lines);

  /* isready, twice, and options set quietly (names in any case). */
  g_ptr_array_unref(sync_lines(s));
  expect_silence(s, "setoption name Hash value 16");
  expect_silence(s, "setoption name hash value 8");
  expect_silence(s, "setoption name Skill Level value 20");
  expect_silence(s, "setoption name UCI_LimitStrength value false");
  expect_silence(s, "setoption name Ponder value true");
  expect_silence(s, "setoption name Clear Hash");
  expect_silence(s, "ucinewgame");
  expect_silence(s, "debug off");
  session_end(s);
}

static void test_startpos_moves(void) {
  Session *s = session_start();
  send_line(s, "uci");
  g_free(expect_line(s, "uciok", QUICK_TIMEOUT_MS, NULL));
  send_line(s, "setoption name Hash value 16");
  send_line(s, "ucinewgame");
  send_line(s, "position startpos moves h2e2 h9g7");
  send_line(s, "go depth 3");
  JqPosition pos;
  const char *moves[] = {"h2e2", "h9g7", NULL};
  build_position(&pos, JQ_START_FEN_XIANGQI, moves);
  GPtrArray *before = g_ptr_array_new_with_free_func(g_free);
  expect_legal_bestmove(s, &pos, SEARCH_TIMEOUT_MS, before);
  /* The search reported its progress: depths up to 3, each with a score. */
  bool depth3 = false;
  for (guint i = 0; i < before->len; i++) {
    const char *line = g_ptr_array_index(before, i);
    if (!g_str_has_prefix(line, "info depth"))
      continue;
    g_assert_true(strstr(line, " score cp ") || strstr(line, " score mate "));
    g_assert_nonnull(strstr(line, " nodes "));
    g_assert_nonnull(strstr(line, " pv "));
    depth3 |= g_str_has_prefix(line, "info depth 3 ");
  }
  g_assert_true(depth3);
  g_ptr_array_unref(before);
  char *fen = shown_fen(s);
  char *want = fen_of(&pos);
  g_assert_cmpstr(fen, ==, want);
  g_free(fen);
  g_free(want);
  session_end(s);
}

static void go_from_fen(Session *s, const char *fen, const char *variant) {
  char *cmd = g_strdup_printf("setoption name UCI_Variant value %s", variant);
  expect_silence(s, cmd);
  g_free(cmd);
  cmd = g_strdup_printf("position fen %s", fen);
  expect_silence(s, cmd);
  g_free(cmd);
  JqPosition pos;
  build_position(&pos, fen, NULL);
  char *shown = shown_fen(s);
  char *want = fen_of(&pos);
  g_assert_cmpstr(shown, ==, want);
  g_free(shown);
  g_free(want);
  /* Both limits: whichever comes first ends the search. */
  send_line(s, "go depth 2 movetime 2000");
  expect_legal_bestmove(s, &pos, SEARCH_TIMEOUT_MS, NULL);
}

static void test_fens(void) {
  Session *s = session_start();
  send_line(s, "setoption name Hash value 16");
  go_from_fen(s, XIANGQI_MID, "xiangqi");
  /* Hidden pieces make a FEN jieqi even with UCI_Variant xiangqi. */
  go_from_fen(s, PIKAFISH_START, "xiangqi");
  go_from_fen(s, PIKAFISH_START, "jieqi");
  go_from_fen(s, JIEQIBOX_MID, "jieqi");
  go_from_fen(s, JQ_START_FEN_JIEQI, "jieqi");
  session_end(s);
}

static void test_jieqi_moves(void) {
  Session *s = session_start();
  send_line(s, "setoption name Hash value 16");
  expect_silence(s, "setoption name UCI_Variant value jieqi");
  /* startpos is the jieqi start now. */
  expect_silence(s, "position startpos");
  char *fen = shown_fen(s);
  g_assert_cmpstr(fen, ==, JQ_START_FEN_JIEQI);
  g_free(fen);

  /* Reveals by the mover (5 letters) and by mover and capture (6). */
  const char *moves[] = {"a3a4R", "i6i5p", "b2b9Cn", "a9b9r", NULL};
  expect_silence(s, "position startpos moves a3a4R i6i5p b2b9Cn a9b9r");
  JqPosition pos;
  build_position(&pos, JQ_START_FEN_JIEQI, moves);
  char *want = fen_of(&pos);
  fen = shown_fen(s);
  g_assert_cmpstr(fen, ==, want);
  g_free(fen);
  send_line(s, "go depth 2 movetime 2000");
  expect_legal_bestmove(s, &pos, SEARCH_TIMEOUT_MS, NULL);

  /* A hidden mover without its identity cannot be applied: refused, and
   * the engine has no position until a good one comes. */
  expect_refusal(s, "position startpos moves a3a4", "hidden");
  expect_no_position(s);
  expect_refusal(s, "position startpos moves a3a4K", "king");
  expect_refusal(s, "position startpos moves a3a4Rp", NULL);
  expect_no_position(s);
  g_free(want);

  /* The same moves in JieqiBox's FEN with moves after it. */
  char *cmd = g_strdup_printf("position fen %s moves a3a4R i6i5p b2b9Cn a9b9r",
                              JQ_START_FEN_JIEQI);
  expect_silence(s, cmd);
  g_free(cmd);
  fen = shown_fen(s);
  want = fen_of(&pos);
  g_assert_cmpstr(fen, ==, want);
  g_free(fen);
  g_free(want);
  session_end(s);
}

static void test_infinite_stop(void) {
  Session *s = session_start();
  send_line(s, "setoption name Hash value 16");
  send_line(s, "position startpos");
  send_line(s, "go infinite");
  g_usleep(300 * 1000);
  /* Still thinking: readyok comes and there is no bestmove yet. */
  GPtrArray *lines = sync_lines(s);
  g_assert_cmpint(count_prefix(lines, "bestmove"), ==, 0);
  g_ptr_array_unref(lines);
  JqPosition pos;
  build_position(&pos, JQ_START_FEN_XIANGQI, NULL);
  /* A second go without stop: the running search answers, then the new
   * one does; each go gets exactly one bestmove. */
  send_line(s, "go infinite");
  lines = g_ptr_array_new_with_free_func(g_free);
  char *info = expect_line(s, "info string", QUICK_TIMEOUT_MS, lines);
  g_assert_nonnull(strstr(info, "still running"));
  g_free(info);
  g_ptr_array_unref(lines);
  expect_legal_bestmove(s, &pos, QUICK_TIMEOUT_MS, NULL);
  lines = sync_lines(s);
  g_assert_cmpint(count_prefix(lines, "bestmove"), ==, 0);
  g_ptr_array_unref(lines);

  gint64 t0 = g_get_monotonic_time();
  send_line(s, "stop");
  expect_legal_bestmove(s, &pos, QUICK_TIMEOUT_MS, NULL);
  gint64 ms = (g_get_monotonic_time() - t0) / 1000;
  g_assert_cmpint(ms, <, 1000);
  /* One answer only, and the engine takes the next go. */
  lines = sync_lines(s);
  g_assert_cmpint(count_prefix(lines, "bestmove"), ==, 0);
  g_ptr_array_unref(lines);
  expect_silence(s, "stop");
  send_line(s, "go depth 1");
  expect_legal_bestmove(s, &pos, SEARCH_TIMEOUT_MS, NULL);
  session_end(s);
}

static void test_movetime(void) {
  Session *s = session_start();
  send_line(s, "setoption name Hash value 16");
  send_line(s, "position startpos moves b2e2");
  /* The engine's start and its table's first touch are not the move's
   * time (under ThreadSanitizer, in a VM, they took over two seconds). */
  g_ptr_array_unref(sync_lines(s));
  gint64 t0 = g_get_monotonic_time();
  send_line(s, "go movetime 200");
  JqPosition pos;
  const char *moves[] = {"b2e2", NULL};
  build_position(&pos, JQ_START_FEN_XIANGQI, moves);
  expect_legal_bestmove(s, &pos, SEARCH_TIMEOUT_MS, NULL);
  gint64 ms = (g_get_monotonic_time() - t0) / 1000;
  g_assert_cmpint(ms, <, 1500);

  /* A clock: Black has 1 s left and must answer well within it. */
  t0 = g_get_monotonic_time();
  send_line(s, "go wtime 60000 btime 1000 winc 0 binc 0 movestogo 10");
  expect_legal_bestmove(s, &pos, SEARCH_TIMEOUT_MS, NULL);
  ms = (g_get_monotonic_time() - t0) / 1000;
  g_assert_cmpint(ms, <, 1500);
  session_end(s);
}

static void test_ponder(void) {
  Session *s = session_start();
  send_line(s, "setoption name Hash value 16");
  send_line(s, "setoption name Ponder value true");
  send_line(s, "position startpos moves h2e2 h9g7");
  send_line(s, "go ponder movetime 100");
  /* Pondering: no answer, however long, until ponderhit. */
  g_usleep(400 * 1000);
  GPtrArray *lines = sync_lines(s);
  g_assert_cmpint(count_prefix(lines, "bestmove"), ==, 0);
  g_ptr_array_unref(lines);
  send_line(s, "ponderhit");
  JqPosition pos;
  const char *moves[] = {"h2e2", "h9g7", NULL};
  build_position(&pos, JQ_START_FEN_XIANGQI, moves);
  expect_legal_bestmove(s, &pos, QUICK_TIMEOUT_MS, NULL);
  /* A late ponderhit is harmless. */
  expect_silence(s, "ponderhit");

  /* Ponder, then stop (the opponent played something else). */
  send_line(s, "go ponder wtime 10000 btime 10000");
  g_usleep(100 * 1000);
  send_line(s, "stop");
  expect_legal_bestmove(s, &pos, QUICK_TIMEOUT_MS, NULL);
  session_end(s);
}

/* A ponderhit that comes before the search thread has begun to think is
 * not lost: the search thread is held at its start until the loop has
 * handled the ponderhit, and the clock then runs (1 s; the answer comes in
 * a fraction of it). Every algorithm, both variants. */
static void test_ponderhit_before_search(void) {
  static const char *const variants[] = {"xiangqi", "jieqi"};
  for (size_t v = 0; v < G_N_ELEMENTS(variants); v++) {
    for (const char *const *a = jq_ai_algorithms(); *a; a++) {
      hold_reset(true);
      jq_uci_set_test_hook(hold_hook, NULL);
      Session *s = session_start();
      send_line(s, "setoption name Hash value 16");
      char *cmd =
          g_strdup_printf("setoption name UCI_Variant value %s", variants[v]);
      send_line(s, cmd);
      g_free(cmd);
      cmd = g_strdup_printf("setoption name Algorithm value %s", *a);
      send_line(s, cmd);
      g_free(cmd);
      send_line(s, "position startpos");
      send_line(s, "go ponder wtime 1000 btime 1000");
      send_line(s, "ponderhit");
      GPtrArray *lines = sync_lines(s);
      g_assert_cmpint(count_prefix(lines, "bestmove"), ==, 0);
      g_ptr_array_unref(lines);
      hold_release_start();
      JqPosition pos;
      build_position(&pos, v == 0 ? JQ_START_FEN_XIANGQI : JQ_START_FEN_JIEQI,
                     NULL);
      /* Ten times the clock, counted from here: pondering would go on
       * sending info lines for ever. */
      gint64 until = g_get_monotonic_time() + 10 * G_USEC_PER_SEC;
      char *line = NULL;
      for (;;) {
        gint64 left = (until - g_get_monotonic_time()) / 1000;
        if (left <= 0 || !(line = read_line(s, (int)left)))
          break;
        if (has_prefix_word(line, "bestmove"))
          break;
        g_free(line);
        line = NULL;
      }
      if (!line)
        g_error("%s, %s: no bestmove after ponderhit", variants[v], *a);
      char **words = g_strsplit(line, " ", -1);
      if (!words[1] || !jq_test_has_legal_move(&pos, words[1]))
        g_error("%s, %s: '%s' is not legal here", variants[v], *a, line);
      g_strfreev(words);
      g_free(line);
      session_end(s);
      jq_uci_set_test_hook(NULL, NULL);
    }
  }
}

/* Commands sent right after `stop` wait for the search to answer and are
 * then carried out. The search thread is held at its end until the loop
 * has read the next line (or a second has passed, when the loop is waiting
 * for the thread), so a loop that does not wait meets the search still
 * running. */
static void test_commands_after_stop(void) {
  hold_reset(false);
  jq_uci_set_test_hook(hold_hook, NULL);
  Session *s = session_start();
  send_line(s, "setoption name Hash value 16");
  JqPosition start, after;
  build_position(&start, JQ_START_FEN_XIANGQI, NULL);
  const char *moves[] = {"h2e2", NULL};
  build_position(&after, JQ_START_FEN_XIANGQI, moves);

  /* stop, go: two answers. */
  send_line(s, "position startpos");
  send_line(s, "go infinite");
  g_ptr_array_unref(sync_lines(s));
  hold_end_for(2);
  send_line(s, "stop");
  send_line(s, "go depth 1");
  expect_legal_bestmove(s, &start, QUICK_TIMEOUT_MS, NULL);
  GPtrArray *lines = g_ptr_array_new_with_free_func(g_free);
  expect_legal_bestmove(s, &start, SEARCH_TIMEOUT_MS, lines);
  g_assert_cmpint(count_prefix(lines, "info string"), ==, 0);
  g_ptr_array_unref(lines);

  /* stop, setoption: the variant changes (and with it the position). */
  send_line(s, "go infinite");
  g_ptr_array_unref(sync_lines(s));
  hold_end_for(2);
  send_line(s, "stop");
  send_line(s, "setoption name UCI_Variant value jieqi");
  lines = g_ptr_array_new_with_free_func(g_free);
  expect_legal_bestmove(s, &start, QUICK_TIMEOUT_MS, lines);
  g_ptr_array_unref(lines);
  lines = sync_lines(s);
  g_assert_cmpint(count_prefix(lines, "info string"), ==, 0);
  g_ptr_array_unref(lines);
  char *fen = shown_fen(s);
  g_assert_cmpstr(fen, ==, JQ_START_FEN_JIEQI);
  g_free(fen);
  expect_silence(s, "setoption name UCI_Variant value xiangqi");

  /* stop, position, go: the answer is for the new position. */
  send_line(s, "position startpos");
  send_line(s, "go infinite");
  g_ptr_array_unref(sync_lines(s));
  hold_end_for(2);
  send_line(s, "stop");
  send_line(s, "position startpos moves h2e2");
  send_line(s, "go depth 2");
  expect_legal_bestmove(s, &start, QUICK_TIMEOUT_MS, NULL);
  expect_legal_bestmove(s, &after, SEARCH_TIMEOUT_MS, NULL);

  /* stop, ucinewgame, go: the start position again. */
  send_line(s, "go infinite");
  g_ptr_array_unref(sync_lines(s));
  hold_end_for(2);
  send_line(s, "stop");
  send_line(s, "ucinewgame");
  send_line(s, "go depth 1");
  expect_legal_bestmove(s, &after, QUICK_TIMEOUT_MS, NULL);
  expect_legal_bestmove(s, &start, SEARCH_TIMEOUT_MS, NULL);
  lines = sync_lines(s);
  g_assert_cmpint(count_prefix(lines, "bestmove"), ==, 0);
  g_ptr_array_unref(lines);
  session_end(s);
  jq_uci_set_test_hook(NULL, NULL);
}

typedef struct {
  JqMove moves[JQ_MAX_MOVES];
  uint64_t counts[JQ_MAX_MOVES];
  int n;
} Divide;

static void collect_divide(JqMove move, uint64_t nodes, void *data) {
  Divide *d = data;
  d->moves[d->n] = move;
  d->counts[d->n++] = nodes;
}

/* Runs `go perft depth` and checks the divide lines and total against the
 * core's perft of pos with deal. Info strings go to *before (if given). */
static void check_perft(Session *s, JqPosition *pos, const JqPieceType *deal,
                        int depth, uint64_t want_total, GPtrArray *before) {
  char *cmd = g_strdup_printf("go perft %d", depth);
  send_line(s, cmd);
  g_free(cmd);
  GPtrArray *lines = g_ptr_array_new_with_free_func(g_free);
  char *last = expect_line(s, "Nodes searched:", SEARCH_TIMEOUT_MS, lines);
  uint64_t total =
      g_ascii_strtoull(last + strlen("Nodes searched: "), NULL, 10);
  g_free(last);
  g_assert_cmpuint(total, ==, want_total);
  Divide d = {.n = 0};
  g_assert_cmpuint(jq_perft_divide(pos, deal, depth, collect_divide, &d), ==,
                   want_total);
  int seen = 0;
  uint64_t sum = 0;
  for (guint i = 0; i < lines->len; i++) {
    const char *line = g_ptr_array_index(lines, i);
    if (g_str_has_prefix(line, "info string")) {
      if (before)
        g_ptr_array_add(before, g_strdup(line));
      continue;
    }
    char text[JQ_COORDS_MAX];
    jq_move_to_coords(d.moves[seen], text);
    char *want =
        g_strdup_printf("%s: %" G_GUINT64_FORMAT, text, d.counts[seen]);
    g_assert_cmpstr(line, ==, want);
    g_free(want);
    sum += d.counts[seen++];
  }
  g_assert_cmpint(seen, ==, d.n);
  g_assert_cmpuint(sum, ==, want_total);
  g_ptr_array_unref(lines);
}

static void test_perft(void) {
  Session *s = session_start();
  JqPosition pos;
  build_position(&pos, JQ_START_FEN_XIANGQI, NULL);
  send_line(s, "position startpos");
  check_perft(s, &pos, NULL, 3, 79666, NULL);
  send_line(s, "position startpos moves h2e2");
  const char *moves[] = {"h2e2", NULL};
  build_position(&pos, JQ_START_FEN_XIANGQI, moves);
  check_perft(s, &pos, NULL, 1, (uint64_t)jq_count_legal(&pos), NULL);

  /* Jieqi: one deal of the view, seed 1, and an info string saying so. */
  send_line(s, "setoption name UCI_Variant value jieqi");
  send_line(s, "position startpos moves a3a4R");
  const char *jmoves[] = {"a3a4R", NULL};
  build_position(&pos, JQ_START_FEN_JIEQI, jmoves);
  JqRng rng;
  jq_rng_seed(&rng, 1);
  JqPieceType deal[JQ_SQUARES];
  jq_determinize(&pos, &rng, deal);
  uint64_t want = jq_perft(&pos, deal, 3);
  GPtrArray *info = g_ptr_array_new_with_free_func(g_free);
  check_perft(s, &pos, deal, 3, want, info);
  g_assert_cmpuint(info->len, ==, 1);
  g_assert_nonnull(strstr(g_ptr_array_index(info, 0), "deal"));
  g_ptr_array_unref(info);

  /* A deep perft stops when told to, without a total. */
  send_line(s, "setoption name UCI_Variant value xiangqi");
  send_line(s, "go perft 9");
  g_usleep(200 * 1000);
  gint64 t0 = g_get_monotonic_time();
  send_line(s, "stop");
  GPtrArray *lines = g_ptr_array_new_with_free_func(g_free);
  char *stopped = expect_line(s, "info string", QUICK_TIMEOUT_MS, lines);
  g_assert_nonnull(strstr(stopped, "stopped"));
  g_free(stopped);
  g_assert_cmpint((g_get_monotonic_time() - t0) / 1000, <, 1000);
  g_ptr_array_unref(lines);
  lines = sync_lines(s);
  g_assert_cmpint(count_prefix(lines, "Nodes searched:"), ==, 0);
  g_ptr_array_unref(lines);
  expect_refusal(s, "go perft 0", "perft");
  expect_refusal(s, "go perft 2 depth 3", "perft");
  session_end(s);
}

static void test_mate_and_none(void) {
  Session *s = session_start();
  send_line(s, "setoption name Hash value 16");
  char *cmd = g_strdup_printf("position fen %s", MATE_IN_ONE);
  send_line(s, cmd);
  g_free(cmd);
  send_line(s, "go mate 1");
  JqPosition pos;
  build_position(&pos, MATE_IN_ONE, NULL);
  GPtrArray *before = g_ptr_array_new_with_free_func(g_free);
  JqMove best = expect_legal_bestmove(s, &pos, SEARCH_TIMEOUT_MS, before);
  g_assert_cmpuint(best, ==, jq_test_move("i0i9"));
  /* The last report announces the mate in moves, not plies. */
  const char *last = NULL;
  for (guint i = 0; i < before->len; i++)
    if (g_str_has_prefix(g_ptr_array_index(before, i), "info depth"))
      last = g_ptr_array_index(before, i);
  g_assert_nonnull(last);
  g_assert_nonnull(strstr(last, " score mate 1 "));
  g_ptr_array_unref(before);

  /* Checkmated: no move to give, even with a search of any kind. */
  cmd = g_strdup_printf("position fen %s moves i0i9", MATE_IN_ONE);
  expect_silence(s, cmd);
  g_free(cmd);
  send_line(s, "go depth 3");
  before = g_ptr_array_new_with_free_func(g_free);
  char *line = expect_line(s, "bestmove", QUICK_TIMEOUT_MS, before);
  g_assert_cmpstr(line, ==, "bestmove (none)");
  g_free(line);
  g_assert_cmpint(count_prefix(before, "info depth 0 score mate 0"), ==, 1);
  g_ptr_array_unref(before);
  session_end(s);
}

static void test_searchmoves_and_algorithms(void) {
  Session *s = session_start();
  send_line(s, "setoption name Hash value 16");
  send_line(s, "position startpos");
  send_line(s, "go depth 3 searchmoves a0a1 i3i4");
  JqPosition pos;
  build_position(&pos, JQ_START_FEN_XIANGQI, NULL);
  JqMove best = expect_legal_bestmove(s, &pos, SEARCH_TIMEOUT_MS, NULL);
  g_assert_true(best == jq_test_move("a0a1") || best == jq_test_move("i3i4"));

  for (const char *const *a = jq_ai_algorithms(); *a; a++) {
    char *cmd = g_strdup_printf("setoption name Algorithm value %s", *a);
    send_line(s, cmd);
    g_free(cmd);
    send_line(s, "go depth 1");
    expect_legal_bestmove(s, &pos, SEARCH_TIMEOUT_MS, NULL);
  }
  expect_refusal(s, "setoption name Algorithm value mcts-of-doom", "Algorithm");
  session_end(s);
}

/* The options of one algorithm: announced, checked when set, kept while
 * another algorithm plays and handed over when it comes back. */
static void test_algorithm_options(void) {
  Session *s = session_start();
  send_line(s, "uci");
  GPtrArray *lines = g_ptr_array_new_with_free_func(g_free);
  g_free(expect_line(s, "uciok", QUICK_TIMEOUT_MS, lines));
  static const char *const announced[] = {
      "option name Leaf type combo default probe var eval var playout var "
      "probe",
      "option name Exploration type string default 0.7",
      "option name PlayoutPlies type spin default 8 min 0 max 64",
      "option name CapturesFirst type check default true",
      "option name Outcomes type check default true",
      "option name Reuse type check default true",
      "option name Prior type string default 1",
      "option name FirstPlay type string default 0.1",
      "option name Center type string default 0.5",
      "option name Halving type spin default 0 min 0 max 16",
      "option name Hint type spin default 90 min 0 max 90",
      "option name Overrule type spin default 100 min 0 max 100",
      "option name PriorVisits type spin default 0 min 0 max 1000000",
      "option name PriorDepth type spin default 0 min 0 max 6",
      "option name PriorTemp type spin default 100 min 1 max 10000",
      "option name PriorMix type spin default 100 min 0 max 100",
      "option name PriorReveals type spin default 1 min 0 max 2",
      "option name Deals type spin default 4 min 1 max 64",
  };
  for (size_t i = 0; i < G_N_ELEMENTS(announced); i++) {
    gboolean found = FALSE;
    for (guint k = 0; k < lines->len; k++)
      found |= strcmp(g_ptr_array_index(lines, k), announced[i]) == 0;
    if (!found)
      g_error("uci did not announce '%s'", announced[i]);
  }
  /* Options measured and removed (docs/benchmarks.md, session 18): not
   * announced, and refused as any unknown name is. */
  static const char *const removed[] = {
      "Guard",    "Veto",          "Check",           "MateHint",  "LowerBound",
      "Widening", "MinimaxWeight", "FirstPlayStatic", "LeafDepth",
  };
  for (size_t i = 0; i < G_N_ELEMENTS(removed); i++) {
    char *prefix = g_strdup_printf("option name %s type", removed[i]);
    for (guint k = 0; k < lines->len; k++)
      if (g_str_has_prefix(g_ptr_array_index(lines, k), prefix))
        g_error("uci announced the removed option %s", removed[i]);
    g_free(prefix);
  }
  g_ptr_array_unref(lines);

  /* Set while alpha-beta plays: stored quietly. */
  expect_silence(s, "setoption name Exploration value 1.2");
  expect_silence(s, "setoption name leaf value PLAYOUT");
  expect_silence(s, "setoption name Deals value 2");
  expect_silence(s, "setoption name Reuse value false");
  expect_refusal(s, "setoption name Outcomes value maybe", "Outcomes");
  expect_refusal(s, "setoption name Exploration value 1,2", "Exploration");
  expect_refusal(s, "setoption name Exploration value 11", "Exploration");
  expect_refusal(s, "setoption name FirstPlay value -0.1", "FirstPlay");
  expect_refusal(s, "setoption name Leaf value oracle", "Leaf");
  expect_refusal(s, "setoption name Deals value 0", "Deals");
  expect_refusal(s, "setoption name Leaf value search", "Leaf");
  /* Handed over without complaint when the algorithm changes. */
  expect_silence(s, "setoption name UCI_Variant value jieqi");
  expect_silence(s, "setoption name Algorithm value ismcts");
  expect_silence(s, "setoption name FirstPlay value 0.2");
  for (size_t i = 0; i < G_N_ELEMENTS(removed); i++) {
    char *cmd = g_strdup_printf("setoption name %s value 10", removed[i]);
    char *want = g_strdup_printf("no option named '%s'", removed[i]);
    expect_refusal(s, cmd, want);
    g_free(want);
    g_free(cmd);
  }
  JqPosition pos;
  build_position(&pos, JQ_START_FEN_JIEQI, NULL);
  send_line(s, "position startpos");
  send_line(s, "go nodes 300");
  GPtrArray *info = g_ptr_array_new_with_free_func(g_free);
  JqMove best = expect_legal_bestmove(s, &pos, SEARCH_TIMEOUT_MS, info);
  /* The hint's alpha-beta lines come first, then the tree's: the last
   * keeps the hint's line (its move is played) and counts both searches'
   * nodes, and the iterations are told apart. */
  g_assert_cmpuint(info->len, >=, 3);
  const char *last = g_ptr_array_index(info, info->len - 1);
  const char *final = g_ptr_array_index(info, info->len - 2);
  g_assert_cmpstr(last, ==, "info string iterations 300");
  g_assert_true(has_prefix_word(final, "info depth"));
  guint64 nodes = g_ascii_strtoull(strstr(final, " nodes ") + 7, NULL, 10);
  g_assert_cmpuint(nodes, >, 300);
  int depth = atoi(final + strlen("info depth "));
  g_assert_cmpint(depth, >=, 3);
  char coords[JQ_COORDS_MAX];
  jq_move_to_coords(best, coords);
  char *pv = g_strdup_printf(" pv %s", coords);
  g_assert_nonnull(strstr(final, pv));
  g_free(pv);
  g_assert_true(has_prefix_word(g_ptr_array_index(info, 0), "info depth"));
  g_assert_null(strstr(g_ptr_array_index(info, 0), "string"));
  g_ptr_array_unref(info);
  expect_silence(s, "setoption name Algorithm value determinized");
  send_line(s, "go depth 2");
  expect_legal_bestmove(s, &pos, SEARCH_TIMEOUT_MS, NULL);
  session_end(s);
}

static void test_bad_input(void) {
  Session *s = session_start();
  send_line(s, "setoption name Hash value 16");
  expect_silence(s, "position startpos moves h2e2");
  JqPosition pos;
  const char *moves[] = {"h2e2", NULL};
  build_position(&pos, JQ_START_FEN_XIANGQI, moves);
  char *want = fen_of(&pos);

  expect_refusal(s, "frobnicate the engine", "frobnicate");
  expect_refusal(s, "", "empty");
  expect_refusal(s, "   \t ", "empty");
  expect_refusal(s, "setoption name Hash value -5", "Hash");
  expect_refusal(s, "setoption name Hash value 4097", "Hash");
  expect_refusal(s, "setoption name Hash value 12abc", "Hash");
  expect_refusal(s, "setoption name Hash", "Hash");
  expect_refusal(s, "setoption name Skill Level value 21", "Skill");
  expect_refusal(s, "setoption name UCI_LimitStrength value maybe", NULL);
  expect_refusal(s, "setoption name UCI_Variant value chess", NULL);
  expect_refusal(s, "setoption name NoSuchOption value 1", "NoSuchOption");
  expect_refusal(s, "setoption Hash 5", NULL);
  /* Nothing above changed the position. */
  char *fen = shown_fen(s);
  g_assert_cmpstr(fen, ==, want);
  g_free(fen);

  /* A 100 KB line of garbage and a line past the limit: each refused, the
   * engine unharmed. */
  char *big = g_strnfill(100 * 1024, 'z');
  expect_refusal(s, big, "zzz");
  g_free(big);
  char *huge = g_strnfill(JQ_UCI_LINE_MAX + 4096, 'q');
  expect_refusal(s, huge, "longer");
  g_free(huge);
  /* Control characters and a NUL inside a line. */
  write_all(s->feed_fd, "bo\x01gus\0x\r\n", 10);
  GPtrArray *lines = sync_lines(s);
  g_assert_cmpuint(lines->len, ==, 1);
  g_assert_cmpstr(g_ptr_array_index(lines, 0), ==,
                  "info string unknown command 'bo?gus' ignored");
  g_ptr_array_unref(lines);
  fen = shown_fen(s);
  g_assert_cmpstr(fen, ==, want);
  g_free(fen);

  /* A refused position leaves none (the old one would be answered for a
   * game the GUI no longer plays), until a good one comes. */
  static const char *const bad_positions[][2] = {
      {"position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9 w - - 0 1", "FEN"},
      {"position fen", "FEN"},
      {"position", NULL},
      {"position startpos moves e2e9", "e2e9"},
      {"position startpos moves h2e2 h2e2", NULL},
      {"position startpos garbage", NULL},
      {"position fen 9/9/9/9/9/9/9/9/9/9 w - - 0 1", "FEN"},
  };
  for (size_t i = 0; i < G_N_ELEMENTS(bad_positions); i++) {
    expect_refusal(s, bad_positions[i][0], bad_positions[i][1]);
    expect_no_position(s);
    expect_silence(s, "position startpos moves h2e2");
    fen = shown_fen(s);
    g_assert_cmpstr(fen, ==, want);
    g_free(fen);
  }
  /* A long line of moves ending in an illegal one. */
  GString *many = g_string_new("position startpos moves");
  while (many->len < 100 * 1024)
    g_string_append(many, " h2e2 h9g7 e2h2 g7h9");
  g_string_append(many, " a0a9");
  expect_refusal(s, many->str, "a0a9");
  g_string_free(many, TRUE);
  expect_no_position(s);

  expect_silence(s, "position startpos moves h2e2");
  fen = shown_fen(s);
  g_assert_cmpstr(fen, ==, want);
  g_free(fen);
  g_free(want);
  send_line(s, "go depth 2");
  expect_legal_bestmove(s, &pos, SEARCH_TIMEOUT_MS, NULL);
  session_end(s);
}

/* The case: after a refused position the engine answered for the
 * one before it, a Black move while the GUI had Red to move. */
static void test_refused_position_forgotten(void) {
  Session *s = session_start();
  send_line(s, "setoption name Hash value 16");
  send_line(s, "position startpos moves h2e2");
  send_line(s, "go");
  JqPosition pos;
  const char *moves[] = {"h2e2", NULL};
  build_position(&pos, JQ_START_FEN_XIANGQI, moves);
  g_ptr_array_unref(sync_lines(s));
  send_line(s, "stop");
  expect_legal_bestmove(s, &pos, QUICK_TIMEOUT_MS, NULL);
  expect_refusal(s,
                 "position startpos moves h2e2 h9g7 b0c2 b9c7 a3a4 a6a5 a0a1R",
                 "a0a1R");
  send_line(s, "go");
  GPtrArray *lines = g_ptr_array_new_with_free_func(g_free);
  char *line = expect_line(s, "bestmove", QUICK_TIMEOUT_MS, lines);
  g_assert_cmpstr(line, ==, "bestmove (none)");
  g_free(line);
  g_assert_cmpint(count_prefix(lines, "info string"), ==, 1);
  g_ptr_array_unref(lines);
  expect_no_position(s);
  /* Nor does go perft count the old position. */
  expect_refusal(s, "go perft 1", "position");
  /* ucinewgame starts a new game at the start position, as at launch. */
  expect_silence(s, "ucinewgame");
  build_position(&pos, JQ_START_FEN_XIANGQI, NULL);
  send_line(s, "go depth 1");
  expect_legal_bestmove(s, &pos, SEARCH_TIMEOUT_MS, NULL);
  /* A good position after a refused one is searched. */
  expect_refusal(s, "position startpos moves a0a5", "a0a5");
  expect_no_position(s);
  const char *good[] = {"h2e2", "h9g7", "b0c2", "b9c7", "a3a4", "a6a5", NULL};
  build_position(&pos, JQ_START_FEN_XIANGQI, good);
  expect_silence(s, "position startpos moves h2e2 h9g7 b0c2 b9c7 a3a4 a6a5");
  send_line(s, "go depth 2");
  expect_legal_bestmove(s, &pos, SEARCH_TIMEOUT_MS, NULL);
  session_end(s);
}

/* Every go is answered with a bestmove: unknown words are ignored and
 * nonsense limits clamped, each with an info string. */
static void test_go_always_answers(void) {
  Session *s = session_start();
  send_line(s, "setoption name Hash value 16");
  expect_silence(s, "position startpos moves h2e2");
  JqPosition pos;
  const char *moves[] = {"h2e2", NULL};
  build_position(&pos, JQ_START_FEN_XIANGQI, moves);
  static const struct {
    const char *go;
    const char *info; /* what an info string must mention (NULL: none) */
  } cases[] = {
      {"go depth 3 foo", "foo"},
      {"go movetime 0", "movetime"},
      {"go depth 0", "depth"},
      {"go wtime 1000 btime 1000 movestogo 0", "movestogo"},
      {"go depth x", "depth"},
      {"go depth", "depth"},
      {"go depth movetime 300", "depth"},
      {"go depth -3", "depth"},
      {"go nodes 0", "nodes"},
      {"go mate 0", "mate"},
      {"go depth 2 movetime 99999999999999999999", "movetime"},
      {"go movetime -50", "movetime"},
      {"go wtime -500 btime -500", NULL},
      {"go sideways depth 2", "sideways"},
      {"go searchmoves depth 1", "searchmoves"},
      {"go depth 1 searchmoves a0a5", "a0a5"},
      {"go movestogo -3 wtime 900 btime 900", "movestogo"},
  };
  for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
    send_line(s, cases[i].go);
    GPtrArray *before = g_ptr_array_new_with_free_func(g_free);
    expect_legal_bestmove(s, &pos, SEARCH_TIMEOUT_MS, before);
    bool mentioned = false;
    for (guint k = 0; k < before->len; k++) {
      const char *line = g_ptr_array_index(before, k);
      if (g_str_has_prefix(line, "info string"))
        mentioned |= cases[i].info && strstr(line, cases[i].info);
    }
    if (cases[i].info && !mentioned)
      g_error("'%s': no info string about '%s'", cases[i].go, cases[i].info);
    if (!cases[i].info)
      g_assert_cmpint(count_prefix(before, "info string"), ==, 0);
    /* depth 0 is a one-ply search. */
    if (strcmp(cases[i].go, "go depth 0") == 0) {
      g_assert_cmpint(count_prefix(before, "info depth 1"), >=, 1);
      g_assert_cmpint(count_prefix(before, "info depth 2"), ==, 0);
    }
    g_ptr_array_unref(before);
  }
  /* A bad move among searchmoves is left out, the good ones kept. */
  send_line(s, "go depth 2 searchmoves a9a8 a0a5 i9i8");
  JqMove best = expect_legal_bestmove(s, &pos, SEARCH_TIMEOUT_MS, NULL);
  g_assert_true(best == jq_test_move("a9a8") || best == jq_test_move("i9i8"));
  /* perft is not a search: its bad forms are still refused. */
  expect_refusal(s, "go perft 0", "perft");
  expect_refusal(s, "go perft 2 depth 3", "perft");
  session_end(s);
}

static void test_crlf_and_eof(void) {
  Session *s = session_start();
  /* Windows line ends, then the input just ends during a search: the loop
   * stops the search, answers and returns. */
  const char *script = "isready\r\nposition startpos\r\ngo infinite\r\n";
  write_all(s->feed_fd, script, strlen(script));
  g_free(expect_line(s, "readyok", QUICK_TIMEOUT_MS, NULL));
  g_usleep(100 * 1000);
  close(s->feed_fd);
  JqPosition pos;
  build_position(&pos, JQ_START_FEN_XIANGQI, NULL);
  expect_legal_bestmove(s, &pos, QUICK_TIMEOUT_MS, NULL);
  char *line;
  while ((line = read_line(s, QUICK_TIMEOUT_MS)) != NULL)
    g_free(line);
  g_assert_true(s->eof);
  g_thread_join(s->thread);
  g_assert_cmpint(s->rc, ==, 0);
  close(s->answer_fd);
  g_string_free(s->pending, TRUE);
  g_free(s);
}

/* quit during a search ends it promptly, after its answer. */
static void test_quit_while_searching(void) {
  Session *s = session_start();
  send_line(s, "setoption name Hash value 16");
  send_line(s, "position startpos");
  send_line(s, "go infinite");
  g_ptr_array_unref(sync_lines(s));
  gint64 t0 = g_get_monotonic_time();
  send_line(s, "quit");
  JqPosition pos;
  build_position(&pos, JQ_START_FEN_XIANGQI, NULL);
  expect_legal_bestmove(s, &pos, QUICK_TIMEOUT_MS, NULL);
  char *line;
  while ((line = read_line(s, QUICK_TIMEOUT_MS)) != NULL)
    g_free(line);
  g_assert_true(s->eof);
  g_thread_join(s->thread);
  g_assert_cmpint((g_get_monotonic_time() - t0) / 1000, <, QUICK_TIMEOUT_MS);
  g_assert_cmpint(s->rc, ==, 0);
  close(s->feed_fd);
  close(s->answer_fd);
  g_string_free(s->pending, TRUE);
  g_free(s);
}

static void test_score_text(void) {
  char buf[32];
  jq_uci_score_text(57, buf, sizeof buf);
  g_assert_cmpstr(buf, ==, "cp 57");
  jq_uci_score_text(-312, buf, sizeof buf);
  g_assert_cmpstr(buf, ==, "cp -312");
  jq_uci_score_text(JQ_SCORE_MATE_BOUND, buf, sizeof buf);
  g_assert_cmpstr(buf, ==, "cp 29000");
  jq_uci_score_text(JQ_SCORE_MATE - 1, buf, sizeof buf);
  g_assert_cmpstr(buf, ==, "mate 1");
  jq_uci_score_text(JQ_SCORE_MATE - 3, buf, sizeof buf);
  g_assert_cmpstr(buf, ==, "mate 2");
  jq_uci_score_text(JQ_SCORE_MATE - 4, buf, sizeof buf);
  g_assert_cmpstr(buf, ==, "mate 2");
  jq_uci_score_text(-(JQ_SCORE_MATE - 2), buf, sizeof buf);
  g_assert_cmpstr(buf, ==, "mate -1");
  jq_uci_score_text(-(JQ_SCORE_MATE - 4), buf, sizeof buf);
  g_assert_cmpstr(buf, ==, "mate -2");
  jq_uci_score_text(-JQ_SCORE_MATE, buf, sizeof buf);
  g_assert_cmpstr(buf, ==, "mate 0");
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/uci/handshake", test_handshake);
  g_test_add_func("/uci/score-text", test_score_text);
  g_test_add_func("/uci/startpos-moves", test_startpos_moves);
  g_test_add_func("/uci/fens", test_fens);
  g_test_add_func("/uci/jieqi-moves", test_jieqi_moves);
  g_test_add_func("/uci/infinite-stop", test_infinite_stop);
  g_test_add_func("/uci/movetime", test_movetime);
  g_test_add_func("/uci/ponder", test_ponder);
  g_test_add_func("/uci/ponderhit-before-search", test_ponderhit_before_search);
  g_test_add_func("/uci/commands-after-stop", test_commands_after_stop);
  g_test_add_func("/uci/perft", test_perft);
  g_test_add_func("/uci/mate-and-none", test_mate_and_none);
  g_test_add_func("/uci/searchmoves-algorithms",
                  test_searchmoves_and_algorithms);
  g_test_add_func("/uci/algorithm-options", test_algorithm_options);
  g_test_add_func("/uci/bad-input", test_bad_input);
  g_test_add_func("/uci/refused-position-forgotten",
                  test_refused_position_forgotten);
  g_test_add_func("/uci/go-always-answers", test_go_always_answers);
  g_test_add_func("/uci/crlf-eof", test_crlf_and_eof);
  g_test_add_func("/uci/quit-while-searching", test_quit_while_searching);
  return g_test_run();
}
