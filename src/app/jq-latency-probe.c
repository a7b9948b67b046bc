#include "jq-latency-probe.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <unistd.h>

#include <glib-unix.h>

typedef struct {
  char *path;
  int schedstat;  /* the main thread's, or -1 where there is none */
  gint64 last_us; /* the last tick; 0 after a reset */
  gint64 last_wait_us;
  GArray *gaps; /* gint64 microseconds */
  GArray *held; /* the same, less the waits for a CPU */
  FILE *spikes; /* JIEQI_LATENCY_SPIKES: each long gap, or NULL */
} Probe;

/* Gaps at least this long are listed in JIEQI_LATENCY_SPIKES's file, to be
 * matched with a profile's timestamps (perf record -k CLOCK_MONOTONIC). */
#define SPIKE_US 25000

static Probe *probe;

/* How long the main thread has waited for a CPU, in microseconds; 0 where
 * the kernel does not say. */
static gint64 cpu_wait_us(void) {
  char text[128];
  if (probe->schedstat < 0)
    return 0;
  ssize_t n = pread(probe->schedstat, text, sizeof text - 1, 0);
  if (n <= 0)
    return 0;
  text[n] = '\0';
  uint64_t run_ns = 0, wait_ns = 0;
  if (sscanf(text, "%" SCNu64 " %" SCNu64, &run_ns, &wait_ns) != 2)
    return 0;
  return (gint64)(wait_ns / 1000);
}

static gboolean on_tick(gpointer data) {
  gint64 now = g_get_monotonic_time();
  gint64 wait = cpu_wait_us();
  if (probe->last_us != 0) {
    gint64 gap = now - probe->last_us;
    gint64 held = gap - (wait - probe->last_wait_us);
    g_array_append_val(probe->gaps, gap);
    g_array_append_val(probe->held, held);
    if (probe->spikes && gap >= SPIKE_US) {
      /* Monotonic seconds at the gap's start and end, then ms. */
      fprintf(probe->spikes, "spike %.6f %.6f gap %.1f held %.1f\n",
              (double)probe->last_us / 1e6, (double)now / 1e6,
              (double)gap / 1000.0, (double)held / 1000.0);
      fflush(probe->spikes);
    }
  }
  probe->last_us = now;
  probe->last_wait_us = wait;
  return G_SOURCE_CONTINUE;
}

static int compare_gaps(gconstpointer a, gconstpointer b) {
  gint64 x = *(const gint64 *)a, y = *(const gint64 *)b;
  return (x > y) - (x < y);
}

/* "start SECONDS" or "end SECONDS" in the spikes' file, on the same clock. */
static void spike_mark(const char *word) {
  if (probe->spikes == NULL)
    return;
  fprintf(probe->spikes, "%s %.6f\n", word,
          (double)g_get_monotonic_time() / 1e6);
  fflush(probe->spikes);
}

void jq_latency_probe_reset(void) {
  g_return_if_fail(probe != NULL);
  g_array_set_size(probe->gaps, 0);
  g_array_set_size(probe->held, 0);
  probe->last_us = 0;
  /* The measured span's ends, to tell its gaps from the start-up's and the
   * quit's. */
  spike_mark("start");
}

/* The gap `fraction` of the way up the sorted gaps, in ms. */
static double quantile(const GArray *sorted, double fraction) {
  if (sorted->len == 0)
    return 0;
  guint i = (guint)(fraction * (sorted->len - 1) + 0.5);
  return (double)g_array_index(sorted, gint64, i) / 1000.0;
}

static guint count_over(const GArray *gaps, gint64 limit_us) {
  guint over = 0;
  for (guint i = 0; i < gaps->len; i++)
    if (g_array_index(gaps, gint64, i) > limit_us)
      over++;
  return over;
}

gboolean jq_latency_probe_write(GError **error) {
  g_return_val_if_fail(probe != NULL, FALSE);
  spike_mark("end");
  GArray *gaps = g_array_copy(probe->gaps);
  GArray *held = g_array_copy(probe->held);
  g_array_sort(gaps, compare_gaps);
  g_array_sort(held, compare_gaps);
  char *line = g_strdup_printf(
      "ticks %u worst %.1f p99 %.1f median %.1f over50 %u held-worst %.1f "
      "held-p99 %.1f held-over50 %u\n",
      gaps->len, quantile(gaps, 1.0), quantile(gaps, 0.99), quantile(gaps, 0.5),
      count_over(gaps, 50000), quantile(held, 1.0), quantile(held, 0.99),
      count_over(held, 50000));
  g_array_unref(gaps);
  g_array_unref(held);
  gboolean ok = FALSE;
  FILE *f = fopen(probe->path, "a");
  if (f) {
    ok = fputs(line, f) >= 0;
    ok = fclose(f) == 0 && ok;
  }
  if (!ok)
    g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_FAILED,
                "cannot write the latency figures to %s", probe->path);
  g_free(line);
  return ok;
}

static gboolean on_reset(gpointer data) {
  jq_latency_probe_reset();
  return G_SOURCE_CONTINUE;
}

static gboolean on_write(gpointer data) {
  GError *error = NULL;
  if (!jq_latency_probe_write(&error)) {
    g_printerr("jieqi: %s\n", error->message);
    g_error_free(error);
  }
  return G_SOURCE_CONTINUE;
}

void jq_latency_probe_start(const char *log_path) {
  g_return_if_fail(log_path != NULL && *log_path);
  g_return_if_fail(probe == NULL);
  probe = g_new0(Probe, 1);
  probe->path = g_strdup(log_path);
  /* Read in the thread that starts the probe: the main one. */
  probe->schedstat = open("/proc/thread-self/schedstat", O_RDONLY | O_CLOEXEC);
  probe->gaps = g_array_new(FALSE, FALSE, sizeof(gint64));
  probe->held = g_array_new(FALSE, FALSE, sizeof(gint64));
  /* Above redrawing and input: a late tick is the loop held up, not a
   * tick waiting its turn. */
  g_timeout_add_full(G_PRIORITY_HIGH, JQ_LATENCY_PROBE_TICK_MS, on_tick, NULL,
                     NULL);
  const char *spikes = g_getenv("JIEQI_LATENCY_SPIKES");
  if (spikes != NULL && *spikes) {
    probe->spikes = fopen(spikes, "a");
    if (probe->spikes == NULL)
      g_printerr(
          "jieqi: cannot write the long gaps to %s (JIEQI_LATENCY_SPIKES): "
          "%s\n",
          spikes, g_strerror(errno));
  }
  g_unix_signal_add(SIGUSR1, on_reset, NULL);
  g_unix_signal_add(SIGUSR2, on_write, NULL);
}

void jq_latency_probe_start_from_env(void) {
  const char *path = g_getenv("JIEQI_LATENCY_LOG");
  if (path != NULL && *path)
    jq_latency_probe_start(path);
}
