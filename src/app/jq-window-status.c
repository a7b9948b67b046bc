/* What the window says of the game: its title and subtitle (the file,
 * the variant, who plays whom) and the status line for each state
 * (browsing, over, paused, someone thinking, a note, whose move). */
#include "jq-config.h"

#include <glib/gi18n.h>

#include "jq-window-private.h"

/* A game from a file goes by its players' names. */
const char *jq_window_player_word(JqWindow *self, JqColor side) {
  const char *name = jq_game_controller_get_player_name(self->controller, side);
  if (name != NULL)
    return name;
  name = jq_game_controller_get_engine_name(self->controller, side);
  if (name != NULL)
    return name;
  if (jq_game_controller_get_player(self->controller, side) ==
      JQ_PLAYER_MODE_COMPUTER)
    return _("Computer");
  if (jq_game_controller_get_display_side(self->controller) == (int)side)
    return _("You");
  return _("Human");
}

void jq_window_update_title(JqWindow *self) {
  JqGameController *c = self->controller;
  const char *variant = jq_game_controller_get_variant(c) == JQ_VARIANT_JIEQI
                            ? _("Jieqi")
                            : _("Xiangqi");
  char *file = jq_game_file_title(self->game_file);
  char *title = NULL;
  if (file != NULL)
    /* TRANSLATORS: the window title of a game saved or opened: the file's
     * name, then Xiangqi or Jieqi. */
    title = g_strdup_printf(_("%s — %s"), file, variant);
  adw_window_title_set_title(self->window_title,
                             title != NULL ? title : variant);
  g_free(title);
  g_free(file);
  int human = jq_game_controller_get_display_side(c);
  const char *engine[2] = {jq_game_controller_get_engine_name(c, JQ_RED),
                           jq_game_controller_get_engine_name(c, JQ_BLACK)};
  const char *subtitle;
  char *names = NULL;
  if (jq_game_controller_get_player_name(c, JQ_RED) != NULL ||
      jq_game_controller_get_player_name(c, JQ_BLACK) != NULL ||
      (human < 0 && (engine[JQ_RED] || engine[JQ_BLACK])))
    /* TRANSLATORS: the players of a game opened from a file, or of one
     * between computers. */
    subtitle = names = g_strdup_printf(_("Red: %s — Black: %s"),
                                       jq_window_player_word(self, JQ_RED),
                                       jq_window_player_word(self, JQ_BLACK));
  else if (human == JQ_RED && engine[JQ_BLACK])
    /* TRANSLATORS: %s is an outside engine's name, "Fairy-Stockfish". */
    subtitle = names =
        g_strdup_printf(_("You play Red against %s"), engine[JQ_BLACK]);
  else if (human == JQ_BLACK && engine[JQ_RED])
    /* TRANSLATORS: %s is an outside engine's name, "Fairy-Stockfish". */
    subtitle = names =
        g_strdup_printf(_("You play Black against %s"), engine[JQ_RED]);
  else if (human == JQ_RED)
    subtitle = _("You play Red against the computer");
  else if (human == JQ_BLACK)
    subtitle = _("You play Black against the computer");
  else if (jq_game_controller_get_player(c, JQ_RED) == JQ_PLAYER_MODE_HUMAN)
    subtitle = _("Two players");
  else
    subtitle = _("The computer plays both sides");
  adw_window_title_set_subtitle(self->window_title, subtitle);
  g_free(names);
}

static char *turn_text(JqWindow *self, const JqPosition *pos) {
  JqGameController *c = self->controller;
  JqColor side = jq_game_controller_get_side_to_move(c);
  gboolean check = jq_position_in_check(pos);
  if (jq_game_controller_get_display_side(c) == (int)side)
    return g_strdup(check ? _("Check! Your move.") : _("Your move."));
  if (check)
    return g_strdup(side == JQ_RED ? _("Red is in check.")
                                   : _("Black is in check."));
  return g_strdup(side == JQ_RED ? _("Red to move.") : _("Black to move."));
}

/* Where the browsing is, numbered as the move list numbers the moves. */
static char *browse_text(JqGameController *c) {
  int ply = jq_game_controller_get_browse_ply(c);
  if (ply == 0)
    return g_strdup(_("Looking at the starting position."));
  JqColor first = jq_game_controller_get_first_mover(c);
  JqColor mover;
  int number = jq_move_list_number(ply - 1, first, &mover);
  int last = jq_move_list_number(jq_game_controller_get_move_count(c) - 1,
                                 first, NULL);
  /* TRANSLATORS: browsing the game's history: the position after Red's
   * move of that number in the move list; the second number is the move
   * list's last one. */
  if (mover == JQ_RED)
    return g_strdup_printf(_("Looking at move %d, Red, of %d."), number, last);
  /* TRANSLATORS: as above, after Black's move. */
  return g_strdup_printf(_("Looking at move %d, Black, of %d."), number, last);
}

char *jq_window_status_text(JqWindow *self, const JqPosition *pos,
                            gboolean *thinking, gboolean *warning) {
  JqGameController *c = self->controller;
  char *text;
  *warning = FALSE;
  if (jq_game_controller_is_browsing(c)) {
    text = browse_text(c);
  } else if (jq_game_controller_is_over(c)) {
    text = jq_game_controller_get_result_text(c);
  } else if (jq_game_controller_get_paused(c)) {
    *thinking = FALSE;
    /* TRANSLATORS: the status line while the computer playing itself is
     * paused. */
    text = g_strdup(_("Paused."));
  } else if (*thinking) {
    if (jq_window_net_live(self) && !jq_game_controller_is_human_turn(c))
      /* TRANSLATORS: the status line: the network peer's name. */
      text = g_strdup_printf(
          _("Waiting for %s's move…"),
          jq_net_session_peer_name(jq_net_game_get_session(self->net)));
    else
      text = g_strdup(jq_game_controller_is_human_turn(c)
                          ? _("Looking for a hint…")
                          : _("The computer is thinking…"));
  } else if (self->note != NULL) {
    text = g_strdup(self->note);
    *warning = self->note_is_warning;
  } else {
    text = turn_text(self, pos);
  }
  return text;
}
