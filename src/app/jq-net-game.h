/* JqNetGame: a network game on the app's game controller. The peer's side
 * is played by a JqNetPlayer (its moves come through the controller like
 * any player's); everything else that must agree on both sides goes
 * between the controller and the session here: our moves (the human's,
 * from the board) go to the session; a resignation, a draw agreed or the
 * peer's resignation end the controller's game as the session's ended; a
 * take-back both agreed to is taken back. A lost connection pauses the
 * game (clocks stopped, no move taken) while the host listens again and
 * the joiner reconnects (jq_net_game_set_reconnect); on the session's
 * "resumed" it goes on. When the wait runs out or the user stops it, the
 * game is given up and kept: the peer's side goes back to a person at this
 * screen, so the game can be saved or played on, and the peer is told
 * (jq-net-farewell.h). The same when the peer gives it up: no more waiting.
 * A new game on the controller (or a load), or the network game let go
 * unfinished, gives it up too.
 *
 * Signals:
 *   ended ()  the network game is over on this side: the game ended, the
 *             connection was lost for good, or another game took the board
 *   waiting-changed ()  the wait for a dropped peer began or ended */
#pragma once

#include "jq-game-controller.h"
#include "jq-net-session.h"
#include "jq-net-status.h"

G_BEGIN_DECLS

#define JQ_TYPE_NET_GAME (jq_net_game_get_type())
G_DECLARE_FINAL_TYPE(JqNetGame, jq_net_game, JQ, NET_GAME, GObject)

/* `session` has started (its game is agreed): sets up the controller's new
 * game with our side to the human at this screen and the other to the
 * peer, named `our_name` and the peer's name. */
JqNetGame *jq_net_game_new(JqGameController *controller, JqNetSession *session,
                           const char *our_name);

JqNetSession *jq_net_game_get_session(JqNetGame *self);
JqGameController *jq_net_game_get_controller(JqNetGame *self);
/* Whether the controller still has the network game (no other game has
 * taken the board since), finished or not. */
gboolean jq_net_game_is_current(JqNetGame *self);
/* Whether the peer still plays: connected and the game going on. */
gboolean jq_net_game_is_live(JqNetGame *self);

/* Where the game meets again after a drop: the host listens on
 * `address` and `port` again, the joiner connects there every second.
 * Without it a drop ends the network game at once. */
void jq_net_game_set_reconnect(JqNetGame *self, gboolean hosting,
                               const char *address, guint16 port);
/* Whether the connection dropped and the game waits for the peer. */
gboolean jq_net_game_is_waiting(JqNetGame *self);
gboolean jq_net_game_is_hosting(JqNetGame *self);
/* Gives up waiting: the game is given up and kept, as after a drop. */
void jq_net_game_stop_waiting(JqNetGame *self);
/* Whether the game was given up here (the peer told), or by the peer. */
gboolean jq_net_game_gave_up(JqNetGame *self);
gboolean jq_net_game_peer_gave_up(JqNetGame *self);
/* Where the connection stands, for the panel's line. */
JqNetStatus jq_net_game_get_status(JqNetGame *self);
/* Tests: how long a drop waits (0: the default, 3 minutes). */
void jq_net_game_set_resume_wait(guint ms);

/* Closes the session (a goodbye with `reason`), the game kept. */
void jq_net_game_leave(JqNetGame *self, const char *reason);
/* Gives the unfinished game up for good, the peer told why (`reason`, in
 * English, for the protocol); the game is kept here. */
void jq_net_game_abandon(JqNetGame *self, const char *reason);

G_END_DECLS
