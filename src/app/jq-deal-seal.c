#include "jq-deal-seal.h"

#include <errno.h>
#include <string.h>

#include <sodium.h>

#include "jq-atomic-file.h"
#include "jq-pgn.h"
#include "jq-redeal.h"

/* What is sealed: a version tag, then the identity of each square (0 off
 * the hidden starting points). */
#define PLAIN_TAG "JQD1"
#define PLAIN_SIZE (4 + JQ_SQUARES)
#define SEALED_SIZE \
  (crypto_secretbox_NONCEBYTES + crypto_secretbox_MACBYTES + PLAIN_SIZE)

char *jq_deal_seal_default_key_path(void) {
  return g_build_filename(g_get_user_data_dir(), "jieqi", "deal.key", NULL);
}

static gboolean read_key(const char *path,
                         guint8 key[crypto_secretbox_KEYBYTES],
                         GError **error) {
  char *data = NULL;
  gsize size = 0;
  if (!g_file_get_contents(path, &data, &size, error))
    return FALSE;
  gboolean ok = size == crypto_secretbox_KEYBYTES;
  if (ok)
    memcpy(key, data, size);
  else
    g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                "%s is not a key (%" G_GSIZE_FORMAT " bytes)", path, size);
  sodium_memzero(data, size);
  g_free(data);
  return ok;
}

/* The installation's key, made when there is none yet (or only a broken
 * one, which could open nothing anyway). */
static gboolean get_key(const char *path, guint8 key[crypto_secretbox_KEYBYTES],
                        GError **error) {
  GError *why = NULL;
  if (read_key(path, key, &why))
    return TRUE;
  if (!g_error_matches(why, G_FILE_ERROR, G_FILE_ERROR_NOENT) &&
      !g_error_matches(why, G_FILE_ERROR, G_FILE_ERROR_INVAL)) {
    g_propagate_error(error, why);
    return FALSE;
  }
  g_error_free(why);
  char *dir = g_path_get_dirname(path);
  int made = g_mkdir_with_parents(dir, 0700);
  int saved = errno;
  g_free(dir);
  if (made != 0) {
    g_set_error(error, G_FILE_ERROR, g_file_error_from_errno(saved),
                "Cannot make the folder of %s: %s", path, g_strerror(saved));
    return FALSE;
  }
  guint8 fresh[crypto_secretbox_KEYBYTES];
  randombytes_buf(fresh, sizeof fresh);
  gboolean ok = jq_atomic_file_write(path, (const char *)fresh, sizeof fresh,
                                     0600, error);
  sodium_memzero(fresh, sizeof fresh);
  /* Read back: should another instance have made one meanwhile, the key on
   * disk is the one that counts. */
  return ok && read_key(path, key, error);
}

static gboolean sodium_ready(GError **error) {
  if (sodium_init() < 0) {
    g_set_error_literal(error, G_IO_ERROR, G_IO_ERROR_FAILED,
                        "libsodium cannot start");
    return FALSE;
  }
  return TRUE;
}

char *jq_deal_seal(const char *key_path, const JqGame *game, GError **error) {
  guint8 key[crypto_secretbox_KEYBYTES];
  if (!sodium_ready(error) || !get_key(key_path, key, error))
    return NULL;
  guint8 plain[PLAIN_SIZE];
  memcpy(plain, PLAIN_TAG, 4);
  JqPieceType deal[JQ_SQUARES];
  jq_game_initial_deal(game, deal);
  const JqPosition *start = jq_game_initial(game);
  for (int sq = 0; sq < JQ_SQUARES; sq++)
    plain[4 + sq] = jq_piece_is_hidden(start->board[sq]) ? (guint8)deal[sq] : 0;
  /* A fresh nonce each time: two seals of one deal look unrelated. */
  guint8 sealed[SEALED_SIZE];
  randombytes_buf(sealed, crypto_secretbox_NONCEBYTES);
  crypto_secretbox_easy(sealed + crypto_secretbox_NONCEBYTES, plain,
                        sizeof plain, sealed, key);
  sodium_memzero(key, sizeof key);
  sodium_memzero(plain, sizeof plain);
  return g_base64_encode(sealed, sizeof sealed);
}

/* The deal in `text`, when it opens with the key and is well formed. */
static gboolean unseal(const char *key_path, const char *text,
                       JqPieceType deal[JQ_SQUARES]) {
  guint8 key[crypto_secretbox_KEYBYTES];
  if (!sodium_ready(NULL) || !read_key(key_path, key, NULL))
    return FALSE;
  gsize size = 0;
  guint8 *sealed = g_base64_decode(text, &size);
  guint8 plain[PLAIN_SIZE];
  gboolean ok = size == SEALED_SIZE &&
                crypto_secretbox_open_easy(
                    plain, sealed + crypto_secretbox_NONCEBYTES,
                    size - crypto_secretbox_NONCEBYTES, sealed, key) == 0 &&
                memcmp(plain, PLAIN_TAG, 4) == 0;
  for (int sq = 0; ok && sq < JQ_SQUARES; sq++) {
    ok = plain[4 + sq] < JQ_TYPE_COUNT;
    deal[sq] = (JqPieceType)plain[4 + sq];
  }
  sodium_memzero(key, sizeof key);
  sodium_memzero(plain, sizeof plain);
  g_free(sealed);
  return ok;
}

JqGame *jq_deal_seal_resume(JqGame *game, const char *text,
                            const char *key_path, int reader,
                            gboolean *redrawn) {
  *redrawn = FALSE;
  char value[512];
  if (jq_game_variant(game) != JQ_VARIANT_JIEQI || jq_game_is_over(game) ||
      jq_pgn_tag(text, "JieqiDeal", value, sizeof value))
    return game;
  bool seen[JQ_SQUARES];
  jq_redeal_seen(game, reader, seen);
  JqPieceType deal[JQ_SQUARES];
  if (jq_pgn_tag(text, "JieqiSealedDeal", value, sizeof value) &&
      unseal(key_path, value, deal)) {
    JqGame *sealed = jq_redeal(game, deal, seen, NULL);
    if (sealed) {
      jq_game_free(game);
      return sealed;
    }
  }
  /* What the reader has not seen is still to be dealt: when nothing is,
   * there is nothing to tell. */
  const JqPosition *start = jq_game_initial(game);
  gboolean unseen = FALSE;
  for (int sq = 0; sq < JQ_SQUARES; sq++)
    unseen = unseen || (jq_piece_is_hidden(start->board[sq]) && !seen[sq]);
  if (!unseen)
    return game;
  JqRng rng;
  jq_rng_seed(&rng, (guint64)g_random_int() << 32 | g_random_int());
  /* A draw that ends the game earlier than the record does cannot be
   * played; another draw is tried, and the reader's deal kept at last. */
  for (int tries = 0; tries < 20; tries++) {
    jq_redeal_draw(game, seen, &rng, deal);
    JqGame *fresh = jq_redeal(game, deal, seen, NULL);
    if (fresh) {
      jq_game_free(game);
      *redrawn = TRUE;
      return fresh;
    }
  }
  *redrawn = TRUE;
  return game;
}
