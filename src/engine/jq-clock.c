#include "jq-clock.h"

#include <time.h>

int64_t jq_clock_now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

void jq_clock_arm(JqClock *clock, bool ponder) {
  atomic_store(&clock->start_ms, jq_clock_now_ms());
  atomic_store(&clock->pondering, ponder);
  atomic_store(&clock->armed, true);
}

void jq_clock_start(JqClock *clock, bool ponder) {
  /* Armed: the caller started it, and a ponderhit may have come since. */
  if (atomic_exchange(&clock->armed, false))
    return;
  atomic_store(&clock->start_ms, jq_clock_now_ms());
  atomic_store(&clock->pondering, ponder);
}

void jq_clock_ponderhit(JqClock *clock) {
  if (!atomic_load(&clock->pondering))
    return;
  /* The start first: a search that sees pondering end must not measure
   * from the start of pondering. */
  atomic_store(&clock->start_ms, jq_clock_now_ms());
  atomic_store(&clock->pondering, false);
}

bool jq_clock_pondering(JqClock *clock) {
  return atomic_load(&clock->pondering);
}

int64_t jq_clock_elapsed_ms(JqClock *clock) {
  return jq_clock_now_ms() - atomic_load(&clock->start_ms);
}
