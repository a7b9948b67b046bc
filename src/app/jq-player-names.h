/* The players' names in the app's PGN files: what the app writes for its
 * own players, and the names of other people's games. */
#pragma once

#include <glib.h>

#include "jq-app-enums.h"
#include "jq-types.h"

G_BEGIN_DECLS

/* What the app writes for one of its players: "Human", or "Computer
 * (alphabeta, level 20)". Free with g_free. */
char *jq_player_names_own(JqPlayerMode mode, const char *algorithm,
                          int strength);

/* The user's name for the one human playing the computer: the real name
 * the system knows, else the login name. Free with g_free. */
char *jq_player_names_user(void);

/* The name in the Red or Black tag of the game that `text` begins with;
 * NULL when there is none (no tag, "", PGN's unknown "?") or it is one
 * jq_player_names_own or jq_player_names_user writes, since the app's own
 * players are shown by their roles. Free with g_free. */
char *jq_player_names_read(const char *text, JqColor side);

G_END_DECLS
