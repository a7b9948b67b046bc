/* How long the main loop is kept from running, for
 * bench/main-loop-latency.sh. A tick of high priority every 5 ms notes the
 * gap since the one before (the 5 ms included): a gap of 60 ms is the loop
 * kept from running for about 55. On a loaded machine part of a gap is the
 * main thread waiting for a CPU, which the kernel counts
 * (/proc/thread-self/schedstat); what is left, the "held" time, is the app
 * itself: its work on the main thread or its waits there.
 * SIGUSR1 starts a measurement afresh; SIGUSR2 appends the figures since
 * then to the log as one line (times in ms),
 *   "ticks N worst W p99 P median M over50 K held-worst HW held-p99 HP
 *    held-over50 HK"
 * With JIEQI_LATENCY_SPIKES naming a file as well, each gap of 25 ms or
 * more is appended to it as it happens, to be matched with a profile
 * (`perf record -k CLOCK_MONOTONIC`): "spike START END gap G held H",
 * START and END the monotonic clock in seconds (g_get_monotonic_time);
 * "start T" and "end T" there mark a measurement's reset and its write.
 * Off unless started: nothing runs. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define JQ_LATENCY_PROBE_TICK_MS 5

/* Starts the probe when JIEQI_LATENCY_LOG names a file; else nothing. */
void jq_latency_probe_start_from_env(void);
/* Starts the probe on the main context (of the main thread), its figures
 * for `log_path`. Once only. */
void jq_latency_probe_start(const char *log_path);
/* What SIGUSR1 and SIGUSR2 do, for the tests: drop the gaps so far;
 * append their figures to the log (FALSE with `error` when it cannot be
 * written). */
void jq_latency_probe_reset(void);
gboolean jq_latency_probe_write(GError **error);

G_END_DECLS
