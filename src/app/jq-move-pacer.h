/* JqMovePacer: when a player's chosen move is played. A person watching
 * must be able to follow the computer: a move is played no sooner than
 * the interval after the move before it (the board's slide, then a short
 * pause), and none is played while paused. It holds at most one move, the
 * one waiting; times are the monotonic clock's. */
#pragma once

#include <glib.h>

#include "jq-types.h"

G_BEGIN_DECLS

typedef struct _JqMovePacer JqMovePacer;

/* How a move whose time has come is played. */
typedef void (*JqMovePacerFunc)(JqMove move, gpointer data);

/* An interval of 0, not paused. */
JqMovePacer *jq_move_pacer_new(JqMovePacerFunc play, gpointer data);
void jq_move_pacer_free(JqMovePacer *pacer);

/* The least time from one move to the next, in ms (0 and up). */
void jq_move_pacer_set_interval(JqMovePacer *pacer, int ms);
int jq_move_pacer_get_interval(const JqMovePacer *pacer);
/* Paused, a move waits; on resume it is played when its time has come. */
void jq_move_pacer_set_paused(JqMovePacer *pacer, gboolean paused);
gboolean jq_move_pacer_get_paused(const JqMovePacer *pacer);

/* A move was just played and shown (anyone's): the interval counts from
 * now. */
void jq_move_pacer_played(JqMovePacer *pacer);
/* Plays `move` at once when its time has come and play is not paused,
 * else holds it until then (replacing any move held). */
void jq_move_pacer_submit(JqMovePacer *pacer, JqMove move);
/* A move is waiting. */
gboolean jq_move_pacer_is_holding(const JqMovePacer *pacer);
/* The waiting move no longer fits (an undo, a new game...): forgotten. */
void jq_move_pacer_drop(JqMovePacer *pacer);

G_END_DECLS
