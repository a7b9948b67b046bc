/* JqClockView: the two clocks of a timed game in the side panel, each
 * side's time left, the running one highlighted, tenths under 10 s. It
 * reads the controller's clock (jq_game_controller_get_clock) and ticks
 * while one runs; hidden in an untimed game. */
#pragma once

#include <gtk/gtk.h>

#include "jq-game-controller.h"

G_BEGIN_DECLS

#define JQ_TYPE_CLOCK_VIEW (jq_clock_view_get_type())
G_DECLARE_FINAL_TYPE(JqClockView, jq_clock_view, JQ, CLOCK_VIEW, GtkWidget)

GtkWidget *jq_clock_view_new(void);

/* The game whose clocks are shown (a reference is kept); NULL: none. */
void jq_clock_view_set_controller(JqClockView *self,
                                  JqGameController *controller);
/* Reads the clocks again (after the controller's "changed"). `top` is the
 * side drawn at the top of the board: its clock comes first. */
void jq_clock_view_update(JqClockView *self, JqColor top);

/* For the tests: a side's time as shown, its name over it ("Black", or
 * "Black · ENGINE" for an outside engine), and whether it is
 * highlighted. */
const char *jq_clock_view_get_text(JqClockView *self, JqColor side);
const char *jq_clock_view_get_name(JqClockView *self, JqColor side);
gboolean jq_clock_view_is_running(JqClockView *self, JqColor side);

G_END_DECLS
