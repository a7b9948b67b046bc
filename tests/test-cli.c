/* jieqi-cli as a user runs it: the built program (JQ_CLI) started with
 * arguments and typed input, its exit status and what it prints checked.
 * Input and output go through files, so nothing waits on a full pipe. */
#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

typedef struct {
  int status; /* exit status, or -1 when killed */
  char *out, *err;
} CliRun;

static char *read_back(const char *path) {
  char *text = NULL;
  g_assert_true(g_file_get_contents(path, &text, NULL, NULL));
  return text;
}

/* Runs `jieqi-cli ARGS...` (NULL-terminated) with `input` on stdin. */
static void cli_run(CliRun *run, const char *input, const char *const *args) {
  const char *cli = g_getenv("JQ_CLI");
  g_assert_nonnull(cli);
  char *dir = g_dir_make_tmp("jq-cli-XXXXXX", NULL);
  g_assert_nonnull(dir);
  char *in_path = g_build_filename(dir, "in", NULL);
  char *out_path = g_build_filename(dir, "out", NULL);
  char *err_path = g_build_filename(dir, "err", NULL);
  g_assert_true(g_file_set_contents(in_path, input ? input : "", -1, NULL));
  int in_fd = g_open(in_path, O_RDONLY, 0);
  int out_fd = g_open(out_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  int err_fd = g_open(err_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  g_assert_true(in_fd >= 0 && out_fd >= 0 && err_fd >= 0);

  GPtrArray *argv = g_ptr_array_new();
  g_ptr_array_add(argv, (gpointer)cli);
  for (const char *const *a = args; *a; a++)
    g_ptr_array_add(argv, (gpointer)*a);
  g_ptr_array_add(argv, NULL);
  GPid pid;
  GError *error = NULL;
  if (!g_spawn_async_with_pipes_and_fds(NULL, (const gchar *const *)argv->pdata,
                                        NULL, G_SPAWN_DO_NOT_REAP_CHILD, NULL,
                                        NULL, in_fd, out_fd, err_fd, NULL, NULL,
                                        0, &pid, NULL, NULL, NULL, &error))
    g_error("cannot run %s: %s", cli, error->message);
  g_ptr_array_free(argv, TRUE);
  close(in_fd);
  close(out_fd);
  close(err_fd);
  int status;
  while (waitpid(pid, &status, 0) < 0)
    g_assert_cmpint(errno, ==, EINTR);
  g_spawn_close_pid(pid);
  run->status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  run->out = read_back(out_path);
  run->err = read_back(err_path);
  g_unlink(in_path);
  g_unlink(out_path);
  g_unlink(err_path);
  g_rmdir(dir);
  g_free(in_path);
  g_free(out_path);
  g_free(err_path);
  g_free(dir);
}

static void cli_run_clear(CliRun *run) {
  g_free(run->out);
  g_free(run->err);
}

/* A PGN file that cannot be written is an error naming it and the reason,
 * not a summary and success. */
static void test_match_pgn_unwritable(void) {
  const char *args[] = {"match", "--games",   "2",           "--seed", "4",
                        "--pgn", "/dev/full", "--max-plies", "60",     NULL};
  CliRun run;
  cli_run(&run, NULL, args);
  g_assert_cmpint(run.status, ==, 1);
  if (!strstr(run.err, "/dev/full") || !strstr(run.err, g_strerror(ENOSPC)))
    g_error("no message about /dev/full:\n%s", run.err);
  cli_run_clear(&run);
}

/* A time control past the limits is refused and says which limit. */
static void test_match_tc_too_large(void) {
  const char *args[] = {"match", "--tc", "1000000+1000000", NULL};
  CliRun run;
  cli_run(&run, NULL, args);
  g_assert_cmpint(run.status, ==, 2);
  g_assert_nonnull(strstr(run.err, "at most 86400 seconds"));
  g_assert_null(strstr(run.out, "Match:"));
  cli_run_clear(&run);
}

/* A line longer than play reads is dropped whole, with a word about it:
 * its tail ("resign") is not run as a command of its own. */
static void test_play_long_line(void) {
  GString *input = g_string_new(NULL);
  for (int i = 0; i < 255; i++)
    g_string_append_c(input, 'x');
  g_string_append(input, "resign\n");
  /* Still in step after it: the next line is read as typed. */
  g_string_append(input, "fen\nquit\n");
  const char *args[] = {"play", "--seed", "1", NULL};
  CliRun run;
  cli_run(&run, input->str, args);
  g_string_free(input, TRUE);
  g_assert_cmpint(run.status, ==, 0);
  if (strstr(run.out, "resigned") || strstr(run.out, "Game over"))
    g_error("the tail of the long line was run:\n%s", run.out);
  g_assert_nonnull(strstr(run.out, "too long"));
  /* Nothing of the long line was taken as a move either. */
  g_assert_null(strstr(run.out, "Not played"));
  /* The prompt, then the answer to "fen". */
  g_assert_nonnull(strstr(run.out, "Red> rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/"
                                   "P1P1P1P1P/1C5C1/9/RNBAKABNR w"));
  cli_run_clear(&run);

  /* The longest line that fits is still read, even without a newline at
   * the end of the input. */
  char *blanks = g_strnfill(255 - strlen("resign"), ' ');
  char *typed = g_strdup_printf("%sresign", blanks);
  g_assert_cmpuint(strlen(typed), ==, 255);
  const char *args2[] = {"play", "--seed", "1", NULL};
  cli_run(&run, typed, args2);
  g_assert_cmpint(run.status, ==, 0);
  g_assert_null(strstr(run.out, "too long"));
  g_assert_nonnull(strstr(run.out, "Red resigned"));
  cli_run_clear(&run);
  g_free(typed);
  g_free(blanks);
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/cli/match-pgn-unwritable", test_match_pgn_unwritable);
  g_test_add_func("/cli/match-tc-too-large", test_match_tc_too_large);
  g_test_add_func("/cli/play-long-line", test_play_long_line);
  return g_test_run();
}
