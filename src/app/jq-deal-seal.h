/* The sealed deal: what the file of an unfinished jieqi game carries in
 * place of its deal (JieqiSealedDeal, jq-pgn.h), so that the game resumes
 * here with the same hidden pieces while nobody can read them from the
 * file. The identities are encrypted and authenticated (libsodium's
 * crypto_secretbox_easy) with a key of this installation,
 * $XDG_DATA_HOME/jieqi/deal.key (mode 0600), made the first time a deal is
 * sealed. On another machine, without the key, or when the seal was
 * tampered with, it does not open, and the game is dealt afresh where
 * nothing has been seen (jq-redeal.h). */
#pragma once

#include <gio/gio.h>

#include "jq-game.h"

G_BEGIN_DECLS

/* $XDG_DATA_HOME/jieqi/deal.key. */
char *jq_deal_seal_default_key_path(void);

/* The seal of `game`'s initial deal, as text for a PGN tag (g_free it);
 * NULL with error when the key can be neither read nor made. */
char *jq_deal_seal(const char *key_path, const JqGame *game, GError **error);

/* For a jieqi game just read from PGN `text` and not over, whose file kept
 * its deal secret (no JieqiDeal tag): the game to play, with the sealed
 * deal when it opens and agrees with what `reader` (JQ_RED, JQ_BLACK, -1
 * for both) has seen, else with a fresh deal of what nobody has seen, and
 * then *redrawn is TRUE. The game's disclosure rule must already be the
 * one it is played with. Takes `game`; any other game is returned as it
 * is. */
JqGame *jq_deal_seal_resume(JqGame *game, const char *text,
                            const char *key_path, int reader,
                            gboolean *redrawn);

G_END_DECLS
