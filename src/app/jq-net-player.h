/* JqNetPlayer: the peer of a network game as a player (jq-player.h). Its
 * moves arrive through the session's peer-move, already checked and
 * played there, and come out as ::move-chosen for the game controller to
 * play. A move that arrives before the controller hands it the turn (it
 * cannot, in order; but a take-back may race one) waits for that turn. */
#pragma once

#include "jq-net-session.h"
#include "jq-player.h"

G_BEGIN_DECLS

#define JQ_TYPE_NET_PLAYER (jq_net_player_get_type())
G_DECLARE_FINAL_TYPE(JqNetPlayer, jq_net_player, JQ, NET_PLAYER, GObject)

/* Listens to `session` (a reference is kept) for the peer's moves. */
JqNetPlayer *jq_net_player_new(JqNetSession *session);

G_END_DECLS
