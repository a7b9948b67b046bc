/* JqHumanPlayer: a person at this screen. Its moves come from the board
 * (jq_game_controller_play_move), so its turn asks nothing of it and it
 * never thinks. */
#pragma once

#include "jq-player.h"

G_BEGIN_DECLS

#define JQ_TYPE_HUMAN_PLAYER (jq_human_player_get_type())
G_DECLARE_FINAL_TYPE(JqHumanPlayer, jq_human_player, JQ, HUMAN_PLAYER, GObject)

JqHumanPlayer *jq_human_player_new(void);

G_END_DECLS
