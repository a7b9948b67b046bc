/* The controller's game as text and files: PGN written (with the players'
 * names and types, the sealed deal and the clocks) and read back (its
 * date, names, deal and clocks taken), the position as FEN, and the autosave
 * opened, written after each change, brought back or, when it cannot be
 * read, set aside. */
#include "jq-config.h"

#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "jq-atomic-file.h"
#include "jq-clock-pgn.h"
#include "jq-deal-seal.h"
#include "jq-error-text.h"
#include "jq-fen.h"
#include "jq-game-controller-private.h"
#include "jq-player-names.h"

/* PGN files bigger than this are not games people keep. */
#define MAX_PGN_BYTES (16 * 1024 * 1024)

static char *today(void) {
  GDateTime *now = g_date_time_new_now_local();
  char *date = g_date_time_format(now, "%Y.%m.%d");
  g_date_time_unref(now);
  return date;
}

void jq_game_controller_take_date(JqGameController *self, const char *text) {
  char date[32];
  g_free(self->date);
  if (text && jq_pgn_tag(text, "Date", date, sizeof date) && !strchr(date, '?'))
    self->date = g_strdup(date);
  else
    self->date = today();
}

void jq_game_controller_take_names(JqGameController *self, const char *text) {
  for (int side = JQ_RED; side <= JQ_BLACK; side++) {
    g_free(self->names[side]);
    self->names[side] = text ? jq_player_names_read(text, side) : NULL;
  }
}

void jq_game_controller_set_player_name(JqGameController *self, JqColor side,
                                        const char *name) {
  g_return_if_fail(JQ_IS_GAME_CONTROLLER(self));
  g_free(self->names[side]);
  self->names[side] = name && *name ? g_strdup(name) : NULL;
  jq_game_controller_mark_changed(self);
  jq_game_controller_autosave(self);
  jq_game_controller_emit_pending(self);
}

/* ---- PGN ---- */

/* Inserts the PGN standard's player-type tags, and the clocks' of a timed
 * game, after the writer's tags. */
static char *add_player_tags(JqGameController *self, const char *pgn) {
  const char *blank = strstr(pgn, "\n\n");
  if (!blank)
    return g_strdup(pgn);
  const char *types[2];
  for (int c = 0; c < 2; c++)
    types[c] = self->players[c] == JQ_PLAYER_MODE_HUMAN ? "human" : "program";
  char *clock = self->clock ? jq_clock_pgn_tags(self->clock) : NULL;
  char *text =
      g_strdup_printf("%.*s\n[RedType \"%s\"]\n[BlackType \"%s\"]%s%s%s",
                      (int)(blank - pgn), pgn, types[JQ_RED], types[JQ_BLACK],
                      clock ? "\n" : "", clock ? clock : "", blank);
  g_free(clock);
  return text;
}

static char *player_name(JqGameController *self, JqColor side) {
  if (self->names[side])
    return g_strdup(self->names[side]);
  /* The one human at the screen is the user. */
  if (jq_game_controller_get_display_side(self) == (int)side)
    return jq_player_names_user();
  /* An outside engine goes by its own name. */
  const char *engine = jq_game_controller_get_engine_name(self, side);
  if (engine)
    return g_strdup(engine);
  const char *algorithm = self->algorithm;
  int strength = self->strength;
  if (self->players[side] != JQ_PLAYER_MODE_HUMAN)
    jq_game_controller_ai_setup(self, side, &algorithm, &strength);
  return jq_player_names_own(self->players[side], algorithm, strength);
}

/* The seal of an unfinished jieqi game's deal (jq-deal-seal.h), NULL when
 * none is needed or it cannot be made (the game then resumes elsewhere
 * with a fresh deal). */
static const char *sealed_deal(JqGameController *self) {
  /* An arbiter's game has no deal here to seal, only a stand-in. */
  if (jq_game_variant(self->game) != JQ_VARIANT_JIEQI ||
      jq_game_is_over(self->game) || self->has_arbiter)
    return NULL;
  if (!self->sealed_deal) {
    char *key = jq_deal_seal_default_key_path();
    GError *error = NULL;
    self->sealed_deal = jq_deal_seal(key, self->game, &error);
    if (!self->sealed_deal) {
      g_message("The deal is not saved: %s", error->message);
      g_error_free(error);
    }
    g_free(key);
  }
  return self->sealed_deal;
}

/* A jieqi game read without its deal gets the sealed one, or a fresh deal
 * of what the display side has not seen (and the user is told). */
static JqGame *resume_deal(JqGameController *self, JqGame *game,
                           const char *text, int reader) {
  jq_game_set_disclosure(game, self->disclosure);
  char *key = jq_deal_seal_default_key_path();
  gboolean redrawn = FALSE;
  game = jq_deal_seal_resume(game, text, key, reader, &redrawn);
  g_free(key);
  if (redrawn)
    self->pending_redeal = TRUE;
  return game;
}

/* After the game is in place. */
static void tell_redeal(JqGameController *self) {
  if (!self->pending_redeal)
    return;
  self->pending_redeal = FALSE;
  jq_game_controller_notice(
      self, _("Hidden pieces dealt afresh, in keeping with what was "
              "seen: their deal cannot be opened here."));
}

char *jq_game_controller_to_pgn(JqGameController *self, JqPgnMoveStyle style) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(self), NULL);
  char *red = player_name(self, JQ_RED);
  char *black = player_name(self, JQ_BLACK);
  JqPgnInfo info;
  jq_pgn_info_init(&info);
  info.event = jq_game_variant(self->game) == JQ_VARIANT_JIEQI ? "Jieqi game"
                                                               : "Xiangqi game";
  info.date = self->date;
  info.red = red;
  info.black = black;
  info.style = style;
  info.charset = self->charset;
  /* Whoever sees the screen may read the file: it tells no more. */
  info.reader = jq_game_controller_get_display_side(self);
  info.sealed_deal = sealed_deal(self);
  /* Not even at the end is the stand-in deal the deal. */
  info.keep_secrets = self->has_arbiter;
  /* A timed game's moves carry their times in their comments. */
  JqGame *timed =
      self->clock ? jq_clock_pgn_game(self->game, self->clock) : NULL;
  char *pgn = jq_pgn_write(timed ? timed : self->game, &info);
  if (timed)
    jq_game_free(timed);
  g_free(red);
  g_free(black);
  if (!pgn)
    g_error("out of memory writing a PGN");
  char *text = add_player_tags(self, pgn);
  free(pgn);
  return text;
}

gboolean jq_game_controller_save_pgn(JqGameController *self, GFile *file,
                                     JqPgnMoveStyle style, GError **error) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(self), FALSE);
  g_return_val_if_fail(G_IS_FILE(file), FALSE);
  char *text = jq_game_controller_to_pgn(self, style);
  gboolean ok = jq_atomic_file_replace(file, text, strlen(text), 0666, error);
  g_free(text);
  return ok;
}

/* The clock of a game read (none when its tags give none), its times
 * taken out of the game's comments. */
static void take_clock(JqGameController *self, JqGame *game, const char *text) {
  jq_game_controller_clock_take(self, jq_clock_pgn_read(game, text));
}

/* A game from PGN text, or NULL with a message that says what is wrong. */
static JqGame *read_pgn(const char *text, gsize length, GError **error) {
  if (length > MAX_PGN_BYTES || memchr(text, '\0', length) ||
      !g_utf8_validate(text, (gssize)length, NULL)) {
    g_set_error(error, JQ_GAME_CONTROLLER_ERROR,
                JQ_GAME_CONTROLLER_ERROR_BAD_PGN,
                _("This is not a PGN game file (it is not text)."));
    return NULL;
  }
  JqError err = {{0}};
  JqGame *game = jq_pgn_read(text, NULL, &err);
  if (!game) {
    g_autofree char *why = jq_error_text(&err);
    g_set_error(error, JQ_GAME_CONTROLLER_ERROR,
                JQ_GAME_CONTROLLER_ERROR_BAD_PGN,
                _("This PGN game cannot be read: %s"), why);
  }
  return game;
}

gboolean jq_game_controller_load_pgn_text(JqGameController *self,
                                          const char *text, GError **error) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(self), FALSE);
  g_return_val_if_fail(text != NULL, FALSE);
  JqGame *game = read_pgn(text, strlen(text), error);
  if (!game)
    return FALSE;
  game =
      resume_deal(self, game, text, jq_game_controller_get_display_side(self));
  jq_game_controller_take_date(self, text);
  jq_game_controller_take_names(self, text);
  take_clock(self, game, text);
  jq_game_controller_install_game(self, game, TRUE);
  jq_game_controller_emit_pending(self);
  tell_redeal(self);
  return TRUE;
}

gboolean jq_game_controller_load_pgn(JqGameController *self, GFile *file,
                                     GError **error) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(self), FALSE);
  g_return_val_if_fail(G_IS_FILE(file), FALSE);
  char *contents = NULL;
  gsize length = 0;
  if (!g_file_load_contents(file, NULL, &contents, &length, NULL, error))
    return FALSE;
  JqGame *game = read_pgn(contents, length, error);
  if (!game) {
    char *name = g_file_get_parse_name(file);
    g_prefix_error(error, _("Cannot open “%s”: "), name);
    g_free(name);
    g_free(contents);
    return FALSE;
  }
  game = resume_deal(self, game, contents,
                     jq_game_controller_get_display_side(self));
  jq_game_controller_take_date(self, contents);
  jq_game_controller_take_names(self, contents);
  take_clock(self, game, contents);
  g_free(contents);
  jq_game_controller_install_game(self, game, TRUE);
  jq_game_controller_emit_pending(self);
  tell_redeal(self);
  return TRUE;
}

/* ---- FEN ---- */

/* The game a FEN sets up; NULL with BAD_FEN saying why. */
JqGame *jq_game_controller_game_from_fen(const char *text, guint64 seed,
                                         GError **error) {
  JqError err = {{0}};
  char *fen = g_strstrip(g_strdup(text));
  JqGame *game = jq_game_new_from_fen(fen, JQ_FEN_VARIANT_AUTO, seed, &err);
  g_free(fen);
  if (!game) {
    g_autofree char *why = jq_error_text(&err);
    g_set_error(error, JQ_GAME_CONTROLLER_ERROR,
                JQ_GAME_CONTROLLER_ERROR_BAD_FEN,
                _("This is not a position the app can set up: %s"), why);
  }
  return game;
}

char *jq_game_controller_get_fen(JqGameController *self) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(self), NULL);
  JqPosition *view = g_new(JqPosition, 1);
  jq_game_controller_get_display_view(self, view);
  char buf[JQ_FEN_MAX];
  JqFenDialect dialect =
      jq_position_is_jieqi(view) ? JQ_FEN_JIEQIBOX : JQ_FEN_XIANGQI;
  if (jq_fen_write(view, dialect, buf, sizeof buf) == 0)
    buf[0] = '\0';
  g_free(view);
  return g_strdup(buf);
}

/* FALSE with BAD_FEN when `fen` is empty or blank. */
static gboolean fen_given(const char *fen, GError **error) {
  const char *p = fen;
  while (p && g_ascii_isspace(*p))
    p++;
  if (!p || !*p) {
    g_set_error(error, JQ_GAME_CONTROLLER_ERROR,
                JQ_GAME_CONTROLLER_ERROR_BAD_FEN,
                _("There is no position to set up."));
    return FALSE;
  }
  return TRUE;
}

gboolean jq_game_controller_check_fen(const char *fen, GError **error) {
  if (!fen_given(fen, error))
    return FALSE;
  JqGame *game = jq_game_controller_game_from_fen(fen, 1, error);
  if (!game)
    return FALSE;
  jq_game_free(game);
  return TRUE;
}

gboolean jq_game_controller_set_fen(JqGameController *self, const char *fen,
                                    GError **error) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(self), FALSE);
  if (!fen_given(fen, error))
    return FALSE;
  JqNewGame setup;
  jq_new_game_init(&setup, jq_game_variant(self->game));
  setup.players[JQ_RED] = self->players[JQ_RED];
  setup.players[JQ_BLACK] = self->players[JQ_BLACK];
  setup.fen = fen;
  return jq_game_controller_new_game(self, &setup, error);
}

/* ---- the autosave ---- */

static void on_autosave_failed(GObject *owner, const GError *error) {
  /* TRANSLATORS: %s says what went wrong (a full disk...). */
  char *text =
      g_strdup_printf(_("The game could not be autosaved: %s"), error->message);
  jq_game_controller_notice(JQ_GAME_CONTROLLER(owner), text);
  g_free(text);
}

void jq_game_controller_autosave(JqGameController *self) {
  if (!self->autosave)
    return;
  char *text = jq_game_controller_to_pgn(self, JQ_PGN_COORDS);
  jq_autosave_write(self->autosave, text);
  g_free(text);
}

void jq_game_controller_autosave_open(JqGameController *self) {
  if (!self->autosave_path) {
    char *path = jq_autosave_default_path();
    self->autosave = jq_autosave_new(path);
    g_free(path);
  } else if (*self->autosave_path) {
    self->autosave = jq_autosave_new(self->autosave_path);
  }
  if (self->autosave)
    jq_autosave_set_failed_func(self->autosave, G_OBJECT(self),
                                on_autosave_failed);
  g_clear_pointer(&self->autosave_path, g_free);
}

const char *jq_game_controller_get_autosave_path(JqGameController *self) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(self), NULL);
  return self->autosave ? jq_autosave_get_path(self->autosave) : NULL;
}

static JqPlayerMode player_from_tag(const char *text, const char *tag) {
  char value[32];
  if (jq_pgn_tag(text, tag, value, sizeof value) &&
      g_ascii_strcasecmp(value, "program") == 0)
    return JQ_PLAYER_MODE_COMPUTER;
  return JQ_PLAYER_MODE_HUMAN;
}

/* An autosave that cannot be read is kept under another name, where the
 * next autosave will not overwrite it, and the user is told. */
static void set_aside_autosave(JqGameController *self, const GError *why) {
  const char *path = jq_autosave_get_path(self->autosave);
  g_message("The autosaved game in %s cannot be read: %s", path, why->message);
  GError *error = NULL;
  char *aside = jq_autosave_move_aside(self->autosave, &error);
  if (!aside) {
    g_warning("%s", error->message);
    g_error_free(error);
    return;
  }
  /* A toast has room for one short line: the name, not the whole path
   * (the log above has that). */
  char *name = g_path_get_basename(aside);
  /* TRANSLATORS: %s is the file name the unreadable game was moved to. */
  char *text = g_strdup_printf(
      _("Could not read the autosaved game; it was kept as “%s”."), name);
  g_free(name);
  jq_game_controller_notice(self, text);
  g_free(text);
  g_free(aside);
}

gboolean jq_game_controller_restore_autosave(JqGameController *self) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(self), FALSE);
  if (!self->autosave)
    return FALSE;
  const char *path = jq_autosave_get_path(self->autosave);
  char *text = NULL;
  gsize length = 0;
  GError *error = NULL;
  if (!g_file_get_contents(path, &text, &length, &error)) {
    if (!g_error_matches(error, G_FILE_ERROR, G_FILE_ERROR_NOENT))
      g_warning("Ignoring the autosaved game: %s", error->message);
    g_error_free(error);
    return FALSE;
  }
  JqGame *game = read_pgn(text, length, &error);
  if (!game) {
    set_aside_autosave(self, error);
    g_error_free(error);
    g_free(text);
    return FALSE;
  }
  if (jq_game_is_over(game)) {
    /* Only a game in progress comes back; a finished one was seen. */
    jq_game_free(game);
    g_free(text);
    return FALSE;
  }
  JqPlayerMode red = player_from_tag(text, "RedType");
  JqPlayerMode black = player_from_tag(text, "BlackType");
  /* The display side of those players (jq-game-controller.h). */
  int reader = red == black                  ? -1
               : red == JQ_PLAYER_MODE_HUMAN ? JQ_RED
                                             : JQ_BLACK;
  game = resume_deal(self, game, text, reader);
  g_object_freeze_notify(G_OBJECT(self));
  jq_game_controller_set_player_quietly(self, JQ_RED, red);
  jq_game_controller_set_player_quietly(self, JQ_BLACK, black);
  jq_game_controller_take_date(self, text);
  jq_game_controller_take_names(self, text);
  take_clock(self, game, text);
  g_free(text);
  jq_game_controller_install_game(self, game, FALSE);
  g_object_thaw_notify(G_OBJECT(self));
  jq_game_controller_emit_pending(self);
  tell_redeal(self);
  return TRUE;
}

gboolean jq_game_controller_flush_autosave(JqGameController *self,
                                           GError **error) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(self), FALSE);
  return !self->autosave || jq_autosave_flush(self->autosave, error);
}
