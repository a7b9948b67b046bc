/* The clock of one search: when thinking started and whether it is still
 * pondering. The search's threads read it while ponderhit, called from
 * another thread, starts it. A caller that runs the search in a thread of
 * its own arms the clock before starting that thread, so that a ponderhit
 * arriving before the search has begun is kept, not overwritten by the
 * search's own start. */
#pragma once

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

typedef struct {
  _Atomic int64_t start_ms; /* on the monotonic clock */
  atomic_bool pondering;
  atomic_bool armed; /* set by jq_clock_arm, used up by jq_clock_start */
} JqClock;

/* Milliseconds on the monotonic clock. */
int64_t jq_clock_now_ms(void);
/* In the caller's thread, before the searching thread starts: the clock
 * starts now (pondering or not), and the next jq_clock_start keeps it. */
void jq_clock_arm(JqClock *clock, bool ponder);
/* At the start of a search: starts the clock now, unless it was armed. */
void jq_clock_start(JqClock *clock, bool ponder);
/* Pondering became thinking: the clock starts again now. Nothing happens
 * when it was not pondering. */
void jq_clock_ponderhit(JqClock *clock);
bool jq_clock_pondering(JqClock *clock);
/* Milliseconds since the clock started. */
int64_t jq_clock_elapsed_ms(JqClock *clock);
