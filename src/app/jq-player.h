/* JqPlayer: whoever plays a side of the app's game, as the game controller
 * drives it. The controller tells the player of the side to move that its
 * turn has come, handing it the position as that side knows it (a
 * jq_game_view, never the arbiter's truth), and takes the move it chooses
 * from ::move-chosen; it cancels the turn when it ends without an answer
 * (an undo, a new game, the side given to someone else). A human's moves
 * come from the UI, so its turn asks nothing of it (jq-human-player.h);
 * the computer thinks in a worker thread (jq-ai-player.h); an outside UCI
 * engine or a network peer would answer the same way.
 *
 * Signals, on the main thread, never from within jq_player_take_turn:
 *   move-chosen (guint move)  the answer to the turn; JQ_MOVE_NONE when
 *                             the player found none (it says why)
 *   progress    (gpointer)    a const JqProgress *: how the thinking
 *                             goes, for the analysis view */
#pragma once

#include <glib-object.h>

#include "jq-ai.h"

G_BEGIN_DECLS

/* A turn to play. */
typedef struct {
  const JqPosition *view; /* the side's own view; the player copies it */
  int ply;                /* moves played before it */
  guint game_id;          /* another game: what was learned is forgotten */
  int think_time;         /* ms the computer may think */
  /* A timed game: each side's time left ([JQ_RED], [JQ_BLACK]), -1 when
   * there is no clock (think_time applies), and the increment. */
  int clock_ms[2];
  int inc_ms;
  /* The game so far as the side knows it, for a player that is told the
   * moves (an outside engine, which then sees repetitions): the start and
   * the moves played from it to the view. NULL and 0 when only the view
   * is given (jieqi, where a move does not say what it turned up). */
  const JqPosition *start;
  const JqMove *moves;
  int n_moves;
} JqTurn;

#define JQ_TYPE_PLAYER (jq_player_get_type())
G_DECLARE_INTERFACE(JqPlayer, jq_player, JQ, PLAYER, GObject)

struct _JqPlayerInterface {
  GTypeInterface parent_iface;

  void (*take_turn)(JqPlayer *self, const JqTurn *turn);
  void (*cancel)(JqPlayer *self);
  gboolean (*is_thinking)(JqPlayer *self);
};

/* Its turn has come; a turn still going on is cancelled first. */
void jq_player_take_turn(JqPlayer *self, const JqTurn *turn);
/* The turn is over: no move-chosen comes for it any more. */
void jq_player_cancel(JqPlayer *self);
/* Thinking about a turn (a human never is: it has the board). */
gboolean jq_player_is_thinking(JqPlayer *self);

/* For the implementations: emit the signals. */
void jq_player_emit_move(JqPlayer *self, JqMove move);
void jq_player_emit_progress(JqPlayer *self, const JqProgress *progress);

G_END_DECLS
