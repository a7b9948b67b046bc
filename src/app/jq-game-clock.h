/* JqGameClock: the two clocks of a timed game. The side to move's clock
 * runs; a move stops it, adds the increment and starts the other's. It
 * remembers each side's time after every move, so that going back to an
 * earlier position (undo) or reading a saved game restores the times of
 * that position. Pure logic: the time source is injectable, so tests
 * drive it without waiting. Times are in milliseconds. */
#pragma once

#include <glib.h>

#include "jq-types.h"

G_BEGIN_DECLS

/* A time control: `base_ms` each, `inc_ms` added after each move. A base
 * of 0: no clock. */
typedef struct {
  int base_ms;
  int inc_ms;
} JqTimeControl;

/* Longest time and increment a time control may have. */
#define JQ_TIME_CONTROL_BASE_MAX (600 * 60 * 1000)
#define JQ_TIME_CONTROL_INC_MAX (600 * 1000)

/* PGN's "600+5" (seconds; "300" without increment; "-" none). Parse: FALSE
 * on anything else or out of range, *out unchanged. Format: free with
 * g_free. */
gboolean jq_time_control_parse(const char *text, JqTimeControl *out);
char *jq_time_control_format(const JqTimeControl *tc);

/* Now, in microseconds on a monotonic scale. */
typedef gint64 (*JqClockNowFunc)(gpointer data);

typedef struct _JqGameClock JqGameClock;

/* Both clocks full and stopped, `first` to move at ply 0. */
JqGameClock *jq_game_clock_new(const JqTimeControl *tc, JqColor first);
void jq_game_clock_free(JqGameClock *clock);
/* NULL: g_get_monotonic_time. */
void jq_game_clock_set_time_source(JqGameClock *clock, JqClockNowFunc now,
                                   gpointer data);

const JqTimeControl *jq_game_clock_get_control(const JqGameClock *clock);
/* Moves played on it, and who is to move. */
int jq_game_clock_get_ply(const JqGameClock *clock);
JqColor jq_game_clock_side_to_move(const JqGameClock *clock);

/* Runs the clock of the side to move / stops it (a pause, the end of the
 * game). */
void jq_game_clock_start(JqGameClock *clock);
void jq_game_clock_stop(JqGameClock *clock);
/* The side whose clock runs, -1 when stopped. */
int jq_game_clock_running_side(const JqGameClock *clock);

/* The side to move moved: its time is charged, the increment added, and
 * the other's clock runs if this one ran. FALSE when its time had run out
 * (its clock then shows 0 and nothing else changes). */
gboolean jq_game_clock_press(JqGameClock *clock);

/* Time left now (0 at the least). */
int jq_game_clock_remaining(const JqGameClock *clock, JqColor side);
/* The side to move ran out of time: that side, else -1. */
int jq_game_clock_flagged(const JqGameClock *clock);
/* How long until the running clock runs out, -1 when stopped. */
int jq_game_clock_ms_left_to_flag(const JqGameClock *clock);

/* Back (or forward) to the position after `ply` moves, with the times
 * remembered for it; FALSE (nothing changed) when none are. Running stays
 * running, for the side to move there. */
gboolean jq_game_clock_go_to(JqGameClock *clock, int ply);
/* The times after `ply` moves, as remembered (a game read back): the
 * clock goes there; the times after it are forgotten. Negative times are
 * taken as 0. */
void jq_game_clock_set_times(JqGameClock *clock, int ply, int red_ms,
                             int black_ms);
/* The times remembered for the position after `ply` moves; FALSE when
 * none are. */
gboolean jq_game_clock_get_times(const JqGameClock *clock, int ply,
                                 int times[2]);

/* A time left as a clock shows it: "1:05:00", "9:31", "0:10", then tenths
 * under 10 s: "9.9", "0.0". Free with g_free. */
char *jq_game_clock_format(int ms);
/* How much longer, as the time left runs down from `ms`, the text above
 * stays the same: after that many ms it shows less. 0 when it shows
 * "0.0" (it never changes again). */
int jq_game_clock_format_lasts(int ms);

G_END_DECLS
