#include "jq-player-names.h"

#include <string.h>

#include "jq-pgn.h"

/* Longer names are no player's. */
#define NAME_MAX_BYTES 1024

char *jq_player_names_own(JqPlayerMode mode, const char *algorithm,
                          int strength) {
  if (mode == JQ_PLAYER_MODE_HUMAN)
    return g_strdup("Human");
  return g_strdup_printf("Computer (%s, level %d)", algorithm, strength);
}

char *jq_player_names_user(void) {
  /* GLib says "Unknown" when the system has no real name. */
  const char *real = g_get_real_name();
  if (real != NULL && *real != '\0' && strcmp(real, "Unknown") != 0 &&
      g_utf8_validate(real, -1, NULL))
    return g_strdup(real);
  return g_strdup(g_get_user_name());
}

/* "Computer (anything)": whatever the algorithm and level were; the user
 * is shown as "You" again (a game of theirs, or the autosave). */
static gboolean is_own(const char *name) {
  char *user = jq_player_names_user();
  gboolean own = strcmp(name, user) == 0;
  g_free(user);
  return own || strcmp(name, "Human") == 0 ||
         (g_str_has_prefix(name, "Computer (") && g_str_has_suffix(name, ")"));
}

char *jq_player_names_read(const char *text, JqColor side) {
  char name[NAME_MAX_BYTES];
  if (!jq_pgn_tag(text, side == JQ_RED ? "Red" : "Black", name, sizeof name))
    return NULL;
  g_strstrip(name);
  if (name[0] == '\0' || strcmp(name, "?") == 0 || is_own(name) ||
      !g_utf8_validate(name, -1, NULL))
    return NULL;
  return g_strdup(name);
}
