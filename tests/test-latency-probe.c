/* The main-loop latency probe (bench/main-loop-latency.sh): a loop held
 * up is seen as a gap at least that long, the figures go to the log as a
 * line on SIGUSR2, SIGUSR1 drops what came before, and a log that cannot
 * be written is an error. Only lower bounds on the gaps are asserted: a
 * loaded machine makes them longer, never shorter. */
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include <glib/gstdio.h>

#include "jq-latency-probe.h"

static char *log_path;
static char *spikes_path; /* JIEQI_LATENCY_SPIKES */

static void run_loop(guint ms) {
  gint64 end = g_get_monotonic_time() + ms * 1000;
  while (g_get_monotonic_time() < end)
    g_main_context_iteration(NULL, FALSE);
}

/* Raises `signal` and runs the loop until its handler has run. */
static void send_signal(int signal) {
  raise(signal);
  run_loop(50);
}

/* The log's last line, parsed. */
static void last_figures(guint *ticks, double *worst, double *p99,
                         double *median, guint *over, double *held_worst,
                         guint *held_over) {
  char *text = NULL;
  g_assert_true(g_file_get_contents(log_path, &text, NULL, NULL));
  char **lines = g_strsplit(g_strchomp(text), "\n", -1);
  guint n = g_strv_length(lines);
  g_assert_cmpuint(n, >, 0);
  double held_p99;
  g_assert_cmpint(sscanf(lines[n - 1],
                         "ticks %u worst %lf p99 %lf median %lf over50 %u "
                         "held-worst %lf held-p99 %lf held-over50 %u",
                         ticks, worst, p99, median, over, held_worst, &held_p99,
                         held_over),
                  ==, 8);
  g_assert_cmpfloat(held_p99, <=, *held_worst);
  g_strfreev(lines);
  g_free(text);
}

static gboolean block_once(gpointer data) {
  g_usleep(GPOINTER_TO_UINT(data) * 1000);
  return G_SOURCE_REMOVE;
}

static void test_sees_a_block(void) {
  send_signal(SIGUSR1);
  run_loop(100);
  g_idle_add(block_once, GUINT_TO_POINTER(120));
  run_loop(100);
  send_signal(SIGUSR2);
  guint ticks, over, held_over;
  double worst, p99, median, held_worst;
  last_figures(&ticks, &worst, &p99, &median, &over, &held_worst, &held_over);
  /* A gap is seen between two ticks; how many more come in the 250 ms
   * depends on how much CPU a loaded machine leaves the test. */
  g_assert_cmpuint(ticks, >=, 2);
  g_assert_cmpfloat(worst, >=, 120.0);
  g_assert_cmpuint(over, >=, 1);
  g_assert_cmpfloat(median, >=, JQ_LATENCY_PROBE_TICK_MS - 1);
  g_assert_cmpfloat(median, <=, worst);
  g_assert_cmpfloat(p99, <=, worst);
  /* A sleep is the app's own wait, no wait for a CPU: held time. */
  g_assert_cmpfloat(held_worst, >=, 120.0);
  g_assert_cmpfloat(held_worst, <=, worst);
  g_assert_cmpuint(held_over, >=, 1);

  /* Afresh: the block is forgotten. */
  send_signal(SIGUSR1);
  run_loop(100);
  g_assert_true(jq_latency_probe_write(NULL));
  last_figures(&ticks, &worst, &p99, &median, &over, &held_worst, &held_over);
  g_assert_cmpfloat(held_worst, <, 120.0);
}

/* The spikes' file marks the measured span, reset to write, on the clock of
 * the gaps it lists: a long gap inside it lies between its marks. */
static void test_spikes_marked(void) {
  send_signal(SIGUSR1);
  run_loop(50);
  g_idle_add(block_once, GUINT_TO_POINTER(60));
  run_loop(100);
  send_signal(SIGUSR2);
  char *text = NULL;
  g_assert_true(g_file_get_contents(spikes_path, &text, NULL, NULL));
  char **lines = g_strsplit(g_strchomp(text), "\n", -1);
  double start = -1, end = -1;
  guint inside = 0;
  for (guint i = 0; lines[i] != NULL; i++) {
    double a, b, gap, held;
    if (sscanf(lines[i], "start %lf", &a) == 1) {
      start = a;
      end = -1;
      inside = 0;
    } else if (sscanf(lines[i], "end %lf", &a) == 1) {
      end = a;
    } else {
      g_assert_cmpint(sscanf(lines[i], "spike %lf %lf gap %lf held %lf", &a, &b,
                             &gap, &held),
                      ==, 4);
      if (start >= 0 && end < 0 && a >= start && gap >= 60.0)
        inside++;
    }
  }
  g_assert_cmpfloat(start, >, 0);
  g_assert_cmpfloat(end, >, start);
  g_assert_cmpuint(inside, >=, 1);
  g_strfreev(lines);
  g_free(text);
}

/* A directory where the log was: nothing written, and said so. */
static void test_unwritable_log(void) {
  g_assert_cmpint(g_unlink(log_path), ==, 0);
  g_assert_cmpint(g_mkdir(log_path, 0700), ==, 0);
  GError *error = NULL;
  g_assert_false(jq_latency_probe_write(&error));
  g_assert_error(error, G_FILE_ERROR, G_FILE_ERROR_FAILED);
  g_assert_nonnull(strstr(error->message, log_path));
  g_error_free(error);
  g_assert_cmpint(g_rmdir(log_path), ==, 0);
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  char *dir = g_dir_make_tmp("jieqi-latency-XXXXXX", NULL);
  log_path = g_build_filename(dir, "latency.log", NULL);
  spikes_path = g_build_filename(dir, "spikes.txt", NULL);
  g_setenv("JIEQI_LATENCY_SPIKES", spikes_path, TRUE);
  jq_latency_probe_start(log_path);
  g_test_add_func("/latency-probe/sees-a-block", test_sees_a_block);
  g_test_add_func("/latency-probe/spikes-marked", test_spikes_marked);
  g_test_add_func("/latency-probe/unwritable-log", test_unwritable_log);
  int status = g_test_run();
  g_remove(log_path);
  g_remove(spikes_path);
  g_rmdir(dir);
  g_free(log_path);
  g_free(spikes_path);
  g_free(dir);
  return status;
}
