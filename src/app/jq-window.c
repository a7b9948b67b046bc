#include "jq-config.h"

#include "jq-window.h"

#include <string.h>

#include <glib/gi18n.h>

#include "jq-analysis-view.h"
#include "jq-app-settings.h"
#include "jq-board-view.h"
#include "jq-clock-view.h"
#include "jq-comment-dialog.h"
#include "jq-confirm-replace.h"
#include "jq-draw-offer.h"
#include "jq-flap-shadow.h"
#include "jq-fold-button.h"
#include "jq-game-chooser.h"
#include "jq-game-file.h"
#include "jq-move-list-view.h"
#include "jq-net-dialog.h"
#include "jq-net-game.h"
#include "jq-new-game-dialog.h"
#include "jq-notation.h"
#include "jq-pgn-chooser.h"
#include "jq-pieces-panel.h"
#include "jq-position-editor.h"
#include "jq-preferences-window.h"
#include "jq-review-dialog.h"
#include "jq-review-marks.h"
#include "jq-score-graph.h"
#include "jq-sound-player.h"
#include "jq-take-back.h"
#include "jq-thinking-indicator.h"
#include "jq-tooltips.h"
#include "jq-window-private.h"

/* The computer's next move waits for the board's slide and this pause,
 * so that a person can follow a game it plays against itself. */
#define FOLLOW_PAUSE_MS 500

G_DEFINE_FINAL_TYPE(JqWindow, jq_window, ADW_TYPE_APPLICATION_WINDOW)

enum { PROP_0, PROP_CONTROLLER, N_PROPS };
static GParamSpec *props[N_PROPS];

/* ---- small helpers ---- */

/* Toasts queue up in the overlay. (libadwaita 1.2 can crash when one is
 * dismissed by hand while it slides in, so they are left to time out.) */
void jq_window_toast(JqWindow *self, const char *text) {
  /* Toast titles are markup. */
  char *escaped = g_markup_escape_text(text, -1);
  AdwToast *t = adw_toast_new(escaped);
  adw_toast_set_timeout(t, 4);
  adw_toast_overlay_add_toast(self->toast_overlay, t);
  g_free(escaped);
  g_ptr_array_add(self->toasts_posted, g_strdup(text));
}

static void set_note(JqWindow *self, const char *note, gboolean warning) {
  g_free(self->note);
  self->note = g_strdup(note);
  self->note_is_warning = warning;
}

void jq_window_enable(JqWindow *self, const char *name, gboolean enabled) {
  GAction *action = g_action_map_lookup_action(G_ACTION_MAP(self), name);
  g_simple_action_set_enabled(G_SIMPLE_ACTION(action), enabled);
}

/* ---- showing the game ---- */

static gboolean natural_flipped(JqWindow *self) {
  switch (g_settings_get_enum(self->settings, "board-orientation")) {
  case JQ_BOARD_ORIENTATION_RED_BOTTOM: return FALSE;
  case JQ_BOARD_ORIENTATION_BLACK_BOTTOM: return TRUE;
  default:
    return jq_game_controller_get_display_side(self->controller) == JQ_BLACK;
  }
}

/* Another game starts the right way up. */
static gboolean user_flipped(JqWindow *self) {
  guint game = jq_game_controller_get_game_id(self->controller);
  if (game != self->flipped_game_id) {
    self->flipped_game_id = game;
    if (self->user_flipped) {
      self->user_flipped = FALSE;
      GAction *action =
          g_action_map_lookup_action(G_ACTION_MAP(self), "flip-board");
      g_simple_action_set_state(G_SIMPLE_ACTION(action),
                                g_variant_new_boolean(FALSE));
    }
  }
  return self->user_flipped;
}

static gboolean is_flipped(JqWindow *self) {
  return natural_flipped(self) != user_flipped(self);
}

static void update_status(JqWindow *self, const JqPosition *pos) {
  JqGameController *c = self->controller;
  gboolean thinking = jq_game_controller_is_thinking(c);
  gboolean warning = FALSE;
  char *text = jq_window_status_text(self, pos, &thinking, &warning);
  gtk_label_set_label(self->status_label, text);
  if (warning)
    gtk_widget_add_css_class(GTK_WIDGET(self->status_label), "warning");
  else
    gtk_widget_remove_css_class(GTK_WIDGET(self->status_label), "warning");
  /* It steps only while shown. */
  gtk_widget_set_visible(GTK_WIDGET(self->thinking_indicator), thinking);
  g_free(text);
}

static void update_actions(JqWindow *self) {
  JqGameController *c = self->controller;
  if (self->net && !jq_net_game_is_current(self->net))
    jq_window_net_drop(self);
  gboolean browsing = jq_game_controller_is_browsing(c);
  int ply = jq_game_controller_get_browse_ply(c);
  gboolean thinking = jq_game_controller_is_thinking(c);
  gboolean over = jq_game_controller_is_over(c);
  gboolean any_human =
      jq_game_controller_get_player(c, JQ_RED) == JQ_PLAYER_MODE_HUMAN ||
      jq_game_controller_get_player(c, JQ_BLACK) == JQ_PLAYER_MODE_HUMAN;
  /* After the end, undo asks before it takes back (jq-take-back.h). */
  jq_window_enable(self, "undo", jq_game_controller_can_take_back(c));
  jq_window_enable(self, "redo", jq_game_controller_can_redo(c));
  jq_window_enable(self, "hint",
                   jq_game_controller_is_human_turn(c) && !thinking &&
                       !browsing);
  jq_window_enable(self, "resign", !over && any_human);
  /* Against the computer, on the human's turn; two players, any time. */
  gboolean two_humans =
      jq_game_controller_get_player(c, JQ_RED) == JQ_PLAYER_MODE_HUMAN &&
      jq_game_controller_get_player(c, JQ_BLACK) == JQ_PLAYER_MODE_HUMAN;
  jq_window_enable(self, "offer-draw",
                   !over && !browsing &&
                       (two_humans || jq_game_controller_is_human_turn(c)));
  /* Pausing is for watching the computer play itself. */
  jq_window_enable(self, "pause", !over && !any_human);
  gtk_widget_set_visible(GTK_WIDGET(self->pause_button), !any_human);
  jq_window_enable(self, "review", jq_game_controller_get_move_count(c) > 0);
  jq_window_net_update_actions(self);
  jq_window_enable(self, "browse-start", ply > 0);
  jq_window_enable(self, "browse-back", ply > 0);
  jq_window_enable(self, "browse-forward", browsing);
  jq_window_enable(self, "browse-live", browsing);
}

/* Everything shown, from the controller's display view. */

/* A review's marks in the move list and its scores in the graph, which
 * shows only once there are some. */
static void update_review(JqWindow *self) {
  JqGameController *c = self->controller;
  int n = jq_game_controller_get_move_count(c);
  const char **marks = g_new0(const char *, n + 1);
  for (int ply = 1; ply <= n; ply++) {
    int nag = jq_game_controller_get_nag(c, ply);
    marks[ply - 1] = nag == JQ_NAG_GOOD || nag == JQ_NAG_BRILLIANT ||
                             nag == JQ_NAG_INTERESTING ||
                             jq_review_mark_from_nag(nag) != JQ_REVIEW_MARK_NONE
                         ? jq_nag_symbol(nag)
                         : "";
  }
  jq_move_list_view_set_marks(self->move_list, marks);
  g_free(marks);
  int *cp = g_new0(int, n + 1);
  gboolean *have = g_new0(gboolean, n + 1);
  gboolean any = FALSE;
  for (int ply = 0; ply <= n; ply++) {
    JqEval eval;
    have[ply] = jq_game_controller_get_eval(c, ply, &eval);
    if (have[ply])
      cp[ply] = jq_review_graph_cp(&eval);
    any = any || have[ply];
  }
  jq_score_graph_set_scores(self->score_graph, cp, have, n + 1);
  jq_score_graph_set_current(self->score_graph,
                             jq_game_controller_get_browse_ply(c));
  gtk_widget_set_visible(GTK_WIDGET(self->score_graph), any);
  g_free(cp);
  g_free(have);
}
void jq_window_refresh(JqWindow *self) {
  JqGameController *c = self->controller;
  JqPosition *pos = g_new(JqPosition, 1);
  jq_game_controller_get_display_view(c, pos);
  gboolean browsing = jq_game_controller_is_browsing(c);
  gboolean flipped = is_flipped(self);

  jq_board_view_set_flipped(self->board, flipped);
  jq_board_view_set_position(self->board, pos);
  jq_board_view_set_last_move(self->board, jq_position_last_move(pos));
  int check = -1;
  if (jq_position_in_check(pos) && pos->king[pos->side] != JQ_NO_SQUARE)
    check = pos->king[pos->side];
  jq_board_view_set_check_square(self->board, check);
  jq_board_view_set_hint(
      self->board, browsing ? JQ_MOVE_NONE : jq_game_controller_get_hint(c));
  jq_board_view_set_interactive(
      self->board, jq_game_controller_is_human_turn(c) && !browsing);

  jq_clock_view_update(self->clock_view, flipped ? JQ_RED : JQ_BLACK);
  jq_pieces_panel_update(
      self->pieces_panel, pos,
      g_settings_get_enum(self->settings, "character-style") ==
          JQ_CHARSET_TRADITIONAL,
      flipped ? JQ_RED : JQ_BLACK, jq_window_player_word(self, JQ_RED),
      jq_window_player_word(self, JQ_BLACK));

  char **moves = jq_game_controller_get_move_list(c);
  jq_move_list_view_set_moves(self->move_list, (const char *const *)moves,
                              jq_game_controller_get_first_mover(c));
  g_strfreev(moves);
  char **comments = jq_game_controller_get_comments(c);
  jq_move_list_view_set_comments(self->move_list,
                                 (const char *const *)comments);
  g_strfreev(comments);
  jq_move_list_view_set_current(self->move_list,
                                jq_game_controller_get_browse_ply(c));
  update_review(self);
  gtk_revealer_set_reveal_child(self->live_revealer, browsing);

  jq_window_update_title(self);
  update_status(self, pos);
  update_actions(self);
  g_free(pos);
}

/* The status line and the buttons, when only the thinking changed. */
static void refresh_status(JqWindow *self) {
  JqPosition *pos = g_new(JqPosition, 1);
  jq_game_controller_get_display_view(self->controller, pos);
  update_status(self, pos);
  update_actions(self);
  g_free(pos);
}

/* ---- the controller's signals ---- */

static void on_changed(JqGameController *c, JqWindow *self) {
  /* A refusal or a hint is about the position it was given in. */
  JqMove hint = jq_game_controller_get_hint(c);
  if (hint == JQ_MOVE_NONE || jq_game_controller_is_browsing(c))
    set_note(self, NULL, FALSE);
  jq_window_refresh(self);
}

static void on_move_played(JqGameController *c, guint move, JqMoveFlags flags,
                           JqWindow *self) {
  set_note(self, NULL, FALSE);
  jq_game_file_note_move(self->game_file);
  jq_window_update_title(self);
  if (jq_game_controller_is_over(c))
    return; /* the end sound says it */
  JqSound sound = JQ_SOUND_MOVE;
  if (flags & JQ_MOVE_FLAGS_CHECK)
    sound = JQ_SOUND_CHECK;
  else if (flags & JQ_MOVE_FLAGS_CAPTURE)
    sound = JQ_SOUND_CAPTURE;
  else if (flags & JQ_MOVE_FLAGS_REVEAL)
    sound = JQ_SOUND_REVEAL;
  jq_sound_player_play(self->sounds, sound);
}

static void on_thinking(JqGameController *c, gboolean thinking,
                        JqWindow *self) {
  refresh_status(self);
}

static void on_paused(JqGameController *c, GParamSpec *pspec, JqWindow *self) {
  gboolean paused = jq_game_controller_get_paused(c);
  GAction *action = g_action_map_lookup_action(G_ACTION_MAP(self), "pause");
  g_simple_action_set_state(G_SIMPLE_ACTION(action),
                            g_variant_new_boolean(paused));
  gtk_button_set_icon_name(GTK_BUTTON(self->pause_button),
                           paused ? "media-playback-start-symbolic"
                                  : "media-playback-pause-symbolic");
  gtk_widget_set_tooltip_text(GTK_WIDGET(self->pause_button),
                              paused ? _("Resume") : _("Pause"));
  refresh_status(self);
}

/* The computer's moves come no faster than the board can show them. */
static void update_move_interval(JqWindow *self) {
  jq_game_controller_set_move_interval(
      self->controller,
      jq_board_view_get_animation_ms(self->board) + FOLLOW_PAUSE_MS);
}

/* What the controller tells unasked (the autosave failed...). */
static void on_notice(JqGameController *c, const char *text, JqWindow *self) {
  jq_window_toast(self, text);
}

/* The outside analysis engine failed; the built-in AI analyses on. */
static void on_analyst_failed(JqAnalysisMode *mode, const char *text,
                              JqWindow *self) {
  jq_window_toast(self, text);
}

static void on_hint(JqGameController *c, guint move, JqWindow *self) {
  jq_board_view_set_hint(self->board, (JqMove)move);
  /* The move as the hint's line writes it, else in coordinates. */
  char *text = jq_analysis_view_take_hint_text(self->analysis_view);
  if (text == NULL) {
    char coords[JQ_COORDS_MAX];
    jq_move_to_coords((JqMove)move, coords);
    text = g_strdup(coords);
  }
  char *note = g_strdup_printf(_("Hint: %s"), text);
  set_note(self, note, FALSE);
  g_free(note);
  g_free(text);
  refresh_status(self);
}

/* ---- the board's signals ---- */

static void on_move_requested(JqBoardView *board, int from, int to,
                              JqWindow *self) {
  GError *error = NULL;
  if (!jq_game_controller_play_move(self->controller, from, to, &error)) {
    set_note(self, error->message, TRUE);
    g_error_free(error);
    refresh_status(self);
  }
}

static void on_illegal_move(JqBoardView *board, const char *reason,
                            JqWindow *self) {
  set_note(self, reason, TRUE);
  refresh_status(self);
}

static void review_activated(GSimpleAction *action, GVariant *param,
                             gpointer data) {
  jq_window_show_review(data);
}

static void on_move_list_browse(JqWindow *self, int ply) {
  jq_game_controller_browse(self->controller, ply);
}

/* The move named as the list numbers it: "1. h2e2", "1… h9g7". */
static void on_edit_comment(JqWindow *self, int ply) {
  g_autofree char *move = NULL;
  if (ply > 0) {
    JqColor mover;
    int number = jq_move_list_number(
        ply - 1, jq_game_controller_get_first_mover(self->controller), &mover);
    move = g_strdup_printf(
        mover == JQ_RED ? "%d. %s" : "%d… %s", number,
        jq_move_list_view_get_move(self->move_list, (guint)ply - 1));
  }
  jq_comment_dialog_present(GTK_WINDOW(self), self->controller, ply, move);
}

/* ---- actions ---- */

static void undo_activated(GSimpleAction *action, GVariant *param,
                           gpointer data) {
  JqWindow *self = data;
  if (jq_window_net_live(self))
    jq_window_net_ask_take_back(self);
  else if (jq_game_controller_is_over(self->controller))
    jq_take_back_ask(GTK_WINDOW(self), self->controller);
  else
    jq_game_controller_undo(self->controller);
}

static void redo_activated(GSimpleAction *action, GVariant *param,
                           gpointer data) {
  JqWindow *self = data;
  jq_game_controller_redo(self->controller);
}

static void hint_activated(GSimpleAction *action, GVariant *param,
                           gpointer data) {
  JqWindow *self = data;
  GError *error = NULL;
  g_free(jq_analysis_view_take_hint_text(self->analysis_view));
  if (!jq_game_controller_request_hint(self->controller, &error)) {
    jq_window_toast(self, error->message);
    g_error_free(error);
  }
}

static void flip_board_changed(GSimpleAction *action, GVariant *state,
                               gpointer data) {
  JqWindow *self = data;
  g_simple_action_set_state(action, state);
  /* Whatever game was on the board when the user turned it. */
  user_flipped(self);
  self->user_flipped = g_variant_get_boolean(state);
  jq_window_refresh(self);
}

static void on_draw_answer(AdwMessageDialog *dialog, const char *response,
                           JqWindow *self) {
  if (g_strcmp0(response, "accept") != 0) {
    jq_window_toast(self, _("The draw offer was declined."));
    return;
  }
  GError *error = NULL;
  if (!jq_game_controller_agree_draw(self->controller, &error)) {
    jq_window_toast(self, error->message);
    g_error_free(error);
  }
}

/* Between two players the other one answers; the computer answers by
 * its own rule (jq-draw-offer.h). */
static void offer_draw_activated(GSimpleAction *action, GVariant *param,
                                 gpointer data) {
  JqWindow *self = data;
  JqGameController *c = self->controller;
  if (jq_window_net_live(self)) {
    jq_window_net_offer_draw(self);
    return;
  }
  if (jq_game_controller_get_display_side(c) >= 0) {
    gboolean accepted = FALSE;
    GError *error = NULL;
    if (!jq_draw_offer_to_computer(c, &accepted, &error)) {
      jq_window_toast(self, error->message);
      g_error_free(error);
    } else if (!accepted) {
      jq_window_toast(self, _("The computer declines the draw."));
    }
    return;
  }
  JqColor offering = jq_game_controller_get_side_to_move(c);
  const char *body =
      offering == JQ_RED
          ? _("Red offers a draw. Black, do you accept? The game then ends "
              "as a draw by agreement.")
          : _("Black offers a draw. Red, do you accept? The game then ends "
              "as a draw by agreement.");
  GtkWidget *dialog =
      adw_message_dialog_new(GTK_WINDOW(self), _("Draw Offered"), body);
  AdwMessageDialog *md = ADW_MESSAGE_DIALOG(dialog);
  adw_message_dialog_add_responses(md, "decline", _("_Decline"), "accept",
                                   _("_Accept"), NULL);
  adw_message_dialog_set_response_appearance(md, "accept",
                                             ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response(md, "decline");
  adw_message_dialog_set_close_response(md, "decline");
  gtk_window_set_destroy_with_parent(GTK_WINDOW(dialog), TRUE);
  g_signal_connect_object(dialog, "response", G_CALLBACK(on_draw_answer), self,
                          0);
  gtk_window_present(GTK_WINDOW(dialog));
}

static void set_up_position_activated(GSimpleAction *action, GVariant *param,
                                      gpointer data) {
  jq_window_show_position_editor(data);
}

static void on_resign_response(AdwMessageDialog *dialog, const char *response,
                               JqWindow *self) {
  if (g_strcmp0(response, "resign") != 0)
    return;
  GError *error = NULL;
  if (!jq_game_controller_resign(self->controller, &error)) {
    jq_window_toast(self, error->message);
    g_error_free(error);
  }
}

static void resign_activated(GSimpleAction *action, GVariant *param,
                             gpointer data) {
  JqWindow *self = data;
  GtkWidget *dialog = adw_message_dialog_new(
      GTK_WINDOW(self), _("Resign This Game?"),
      _("The game ends at once as a loss for the side that resigns."));
  AdwMessageDialog *md = ADW_MESSAGE_DIALOG(dialog);
  adw_message_dialog_add_responses(md, "cancel", _("_Cancel"), "resign",
                                   _("_Resign"), NULL);
  adw_message_dialog_set_response_appearance(md, "resign",
                                             ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response(md, "cancel");
  adw_message_dialog_set_close_response(md, "cancel");
  gtk_window_set_destroy_with_parent(GTK_WINDOW(dialog), TRUE);
  g_signal_connect_object(dialog, "response", G_CALLBACK(on_resign_response),
                          self, 0);
  gtk_window_present(GTK_WINDOW(dialog));
}

/* The state follows the controller's (on_paused). */
static void pause_changed(GSimpleAction *action, GVariant *state,
                          gpointer data) {
  JqWindow *self = data;
  jq_game_controller_set_paused(self->controller, g_variant_get_boolean(state));
}

static void set_toggle(JqWindow *self, const char *name, gboolean on) {
  GAction *action = g_action_map_lookup_action(G_ACTION_MAP(self), name);
  GVariant *state = g_action_get_state(action);
  gboolean was = g_variant_get_boolean(state);
  g_variant_unref(state);
  if (was != on)
    g_action_change_state(action, g_variant_new_boolean(on));
}

/* The analysis pane: the computer's thinking and hints, or with analysis
 * mode on (win.analyse, the pane's switch) the lines for the position
 * shown. Hidden, nothing is analysed for it. */
static void show_analysis_changed(GSimpleAction *action, GVariant *state,
                                  gpointer data) {
  JqWindow *self = data;
  g_simple_action_set_state(action, state);
  gboolean shown = g_variant_get_boolean(state);
  gtk_widget_set_visible(GTK_WIDGET(self->analysis_view), shown);
  if (!shown)
    set_toggle(self, "analyse", FALSE);
}

/* A line stepped through: shown on the board, the game untouched and
 * not to be played on meanwhile. NULL: the game again. */
static void on_analysis_preview(JqAnalysisView *view, gpointer position,
                                guint arrow, JqWindow *self) {
  const JqPosition *pos = position;
  if (pos == NULL) {
    jq_window_refresh(self);
    return;
  }
  jq_board_view_set_interactive(self->board, FALSE);
  jq_board_view_set_position(self->board, pos);
  jq_board_view_set_last_move(self->board, jq_position_last_move(pos));
  jq_board_view_set_check_square(
      self->board, jq_position_in_check(pos) ? pos->king[pos->side] : -1);
  jq_board_view_set_hint(self->board, (JqMove)arrow);
}

/* Analysis mode: the lines for the position shown, in the pane. */
static void analyse_changed(GSimpleAction *action, GVariant *state,
                            gpointer data) {
  JqWindow *self = data;
  g_simple_action_set_state(action, state);
  gboolean on = g_variant_get_boolean(state);
  if (on)
    set_toggle(self, "show-analysis", TRUE);
  jq_analysis_view_set_active(self->analysis_view, on);
}

static void browse_start_activated(GSimpleAction *action, GVariant *param,
                                   gpointer data) {
  JqWindow *self = data;
  jq_game_controller_browse(self->controller, 0);
}

static void browse_back_activated(GSimpleAction *action, GVariant *param,
                                  gpointer data) {
  JqWindow *self = data;
  int ply = jq_game_controller_get_browse_ply(self->controller);
  if (ply > 0)
    jq_game_controller_browse(self->controller, ply - 1);
}

static void browse_forward_activated(GSimpleAction *action, GVariant *param,
                                     gpointer data) {
  JqWindow *self = data;
  if (jq_game_controller_is_browsing(self->controller))
    jq_game_controller_browse(
        self->controller,
        jq_game_controller_get_browse_ply(self->controller) + 1);
}

static void browse_live_activated(GSimpleAction *action, GVariant *param,
                                  gpointer data) {
  JqWindow *self = data;
  jq_game_controller_browse_live(self->controller);
}

static const GActionEntry win_actions[] = {
    {"undo", undo_activated, NULL, NULL, NULL, {0}},
    {"redo", redo_activated, NULL, NULL, NULL, {0}},
    {"hint", hint_activated, NULL, NULL, NULL, {0}},
    {"flip-board", NULL, NULL, "false", flip_board_changed, {0}},
    {"offer-draw", offer_draw_activated, NULL, NULL, NULL, {0}},
    {"set-up-position", set_up_position_activated, NULL, NULL, NULL, {0}},
    {"review", review_activated, NULL, NULL, NULL, {0}},
    {"resign", resign_activated, NULL, NULL, NULL, {0}},
    {"show-analysis", NULL, NULL, "false", show_analysis_changed, {0}},
    {"analyse", NULL, NULL, "false", analyse_changed, {0}},
    {"pause", NULL, NULL, "false", pause_changed, {0}},
    {"browse-start", browse_start_activated, NULL, NULL, NULL, {0}},
    {"browse-back", browse_back_activated, NULL, NULL, NULL, {0}},
    {"browse-forward", browse_forward_activated, NULL, NULL, NULL, {0}},
    {"browse-live", browse_live_activated, NULL, NULL, NULL, {0}},
};

/* ---- public ---- */

GtkWindow *jq_window_show_new_game(JqWindow *self) {
  g_return_val_if_fail(JQ_IS_WINDOW(self), NULL);
  JqNewGameDialog *dialog = jq_new_game_dialog_new(
      GTK_WINDOW(self), self->controller, self->settings);
  gtk_window_present(GTK_WINDOW(dialog));
  return GTK_WINDOW(dialog);
}

GtkWindow *jq_window_show_review(JqWindow *self) {
  g_return_val_if_fail(JQ_IS_WINDOW(self), NULL);
  JqReviewDialog *dialog =
      jq_review_dialog_new(GTK_WINDOW(self), self->controller);
  gtk_window_present(GTK_WINDOW(dialog));
  return GTK_WINDOW(dialog);
}

GtkWindow *jq_window_show_position_editor(JqWindow *self) {
  g_return_val_if_fail(JQ_IS_WINDOW(self), NULL);
  JqPositionEditor *editor =
      jq_position_editor_new(GTK_WINDOW(self), self->controller,
                             jq_board_view_get_traditional(self->board));
  gtk_window_present(GTK_WINDOW(editor));
  return GTK_WINDOW(editor);
}

GtkWindow *jq_window_show_preferences(JqWindow *self) {
  g_return_val_if_fail(JQ_IS_WINDOW(self), NULL);
  JqPreferencesWindow *prefs =
      jq_preferences_window_new(GTK_WINDOW(self), self->settings);
  gtk_window_present(GTK_WINDOW(prefs));
  return GTK_WINDOW(prefs);
}

JqGameController *jq_window_get_controller(JqWindow *self) {
  g_return_val_if_fail(JQ_IS_WINDOW(self), NULL);
  return self->controller;
}

GSettings *jq_window_get_settings(JqWindow *self) {
  g_return_val_if_fail(JQ_IS_WINDOW(self), NULL);
  return self->settings;
}

JqBoardView *jq_window_get_board(JqWindow *self) {
  g_return_val_if_fail(JQ_IS_WINDOW(self), NULL);
  return self->board;
}

JqClockView *jq_window_get_clock_view(JqWindow *self) {
  return self->clock_view;
}

JqMoveListView *jq_window_get_move_list(JqWindow *self) {
  g_return_val_if_fail(JQ_IS_WINDOW(self), NULL);
  return self->move_list;
}

JqScoreGraph *jq_window_get_score_graph(JqWindow *self) {
  g_return_val_if_fail(JQ_IS_WINDOW(self), NULL);
  return self->score_graph;
}

JqSoundPlayer *jq_window_get_sound_player(JqWindow *self) {
  g_return_val_if_fail(JQ_IS_WINDOW(self), NULL);
  return self->sounds;
}

GtkWidget *jq_window_get_side_panel(JqWindow *self) {
  g_return_val_if_fail(JQ_IS_WINDOW(self), NULL);
  return self->side_panel;
}

guint jq_window_count_posted_toasts(JqWindow *self, const char *text) {
  g_return_val_if_fail(JQ_IS_WINDOW(self), 0);
  guint n = 0;
  for (guint i = 0; i < self->toasts_posted->len; i++)
    n += strstr(g_ptr_array_index(self->toasts_posted, i), text) != NULL;
  return n;
}

JqAnalysisView *jq_window_get_analysis_view(JqWindow *self) {
  g_return_val_if_fail(JQ_IS_WINDOW(self), NULL);
  return self->analysis_view;
}

JqThinkingIndicator *jq_window_get_thinking_indicator(JqWindow *self) {
  g_return_val_if_fail(JQ_IS_WINDOW(self), NULL);
  return self->thinking_indicator;
}

const char *jq_window_get_status(JqWindow *self) {
  g_return_val_if_fail(JQ_IS_WINDOW(self), NULL);
  return gtk_label_get_label(self->status_label);
}

/* ---- GObject ---- */

JqWindow *jq_window_new(GtkApplication *app, JqGameController *controller) {
  return g_object_new(JQ_TYPE_WINDOW, "application", app, "controller",
                      controller, NULL);
}

static gboolean charset_to_traditional(GValue *value, GVariant *variant,
                                       gpointer data) {
  g_value_set_boolean(value, g_strcmp0(g_variant_get_string(variant, NULL),
                                       "traditional") == 0);
  return TRUE;
}

static void on_setting_changed(GSettings *settings, const char *key,
                               JqWindow *self) {
  jq_window_refresh(self);
}

static void load_window_state(JqWindow *self) {
  gtk_window_set_default_size(
      GTK_WINDOW(self), g_settings_get_int(self->settings, "window-width"),
      g_settings_get_int(self->settings, "window-height"));
  if (g_settings_get_boolean(self->settings, "window-maximized"))
    gtk_window_maximize(GTK_WINDOW(self));
}

static void save_window_state(JqWindow *self) {
  int width = 0, height = 0;
  /* The default size is the size the window has when not maximized. */
  gtk_window_get_default_size(GTK_WINDOW(self), &width, &height);
  if (width > 0 && height > 0) {
    g_settings_set_int(self->settings, "window-width", width);
    g_settings_set_int(self->settings, "window-height", height);
  }
  g_settings_set_boolean(self->settings, "window-maximized",
                         gtk_window_is_maximized(GTK_WINDOW(self)));
}

static void jq_window_constructed(GObject *object) {
  JqWindow *self = JQ_WINDOW(object);
  G_OBJECT_CLASS(jq_window_parent_class)->constructed(object);

  if (self->controller == NULL) {
    self->controller = jq_game_controller_new();
    self->own_controller = TRUE;
  }
  self->game_file = jq_game_file_new(self->controller);
  self->flipped_game_id = jq_game_controller_get_game_id(self->controller);
  jq_app_settings_bind(self->settings, self->controller);
  jq_analysis_view_set_controller(self->analysis_view, self->controller,
                                  self->settings);
  g_signal_connect_object(self->analysis_view, "preview",
                          G_CALLBACK(on_analysis_preview), self, 0);
  g_signal_connect_object(jq_analysis_view_get_mode(self->analysis_view),
                          "failed", G_CALLBACK(on_analyst_failed), self, 0);

  g_settings_bind(self->settings, "show-legal-moves", self->board,
                  "show-legal-moves", G_SETTINGS_BIND_GET);
  g_settings_bind(self->settings, "animations", self->board, "animate",
                  G_SETTINGS_BIND_GET);
  g_settings_bind_with_mapping(self->settings, "character-style", self->board,
                               "traditional", G_SETTINGS_BIND_GET,
                               charset_to_traditional, NULL, NULL, NULL);
  g_settings_bind(self->settings, "sounds", self->sounds, "enabled",
                  G_SETTINGS_BIND_GET);
  g_signal_connect_object(self->settings, "changed::board-orientation",
                          G_CALLBACK(on_setting_changed), self, 0);
  g_signal_connect_object(self->settings, "changed::character-style",
                          G_CALLBACK(on_setting_changed), self, 0);
  g_signal_connect_object(self->settings, "changed::score-perspective",
                          G_CALLBACK(on_setting_changed), self, 0);

  jq_clock_view_set_controller(self->clock_view, self->controller);
  g_signal_connect_object(self->controller, "changed", G_CALLBACK(on_changed),
                          self, 0);
  g_signal_connect_object(self->controller, "move-played",
                          G_CALLBACK(on_move_played), self, 0);
  g_signal_connect_object(self->controller, "thinking", G_CALLBACK(on_thinking),
                          self, 0);
  g_signal_connect_object(self->controller, "game-over",
                          G_CALLBACK(jq_window_on_game_over), self, 0);
  g_signal_connect_object(self->controller, "hint", G_CALLBACK(on_hint), self,
                          0);
  g_signal_connect_object(self->controller, "notice", G_CALLBACK(on_notice),
                          self, 0);
  g_signal_connect_object(self->controller, "notify::paused",
                          G_CALLBACK(on_paused), self, 0);
  g_signal_connect_object(self->board, "notify::animate",
                          G_CALLBACK(update_move_interval), self,
                          G_CONNECT_SWAPPED);
  update_move_interval(self);

  if (self->own_controller)
    jq_app_settings_start_game(self->settings, self->controller);
  load_window_state(self);
  jq_window_refresh(self);
}

static void jq_window_get_property(GObject *object, guint id, GValue *value,
                                   GParamSpec *pspec) {
  JqWindow *self = JQ_WINDOW(object);
  switch (id) {
  case PROP_CONTROLLER: g_value_set_object(value, self->controller); break;
  default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
  }
}

static void jq_window_set_property(GObject *object, guint id,
                                   const GValue *value, GParamSpec *pspec) {
  JqWindow *self = JQ_WINDOW(object);
  switch (id) {
  case PROP_CONTROLLER: self->controller = g_value_dup_object(value); break;
  default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
  }
}

static void jq_window_dispose(GObject *object) {
  JqWindow *self = JQ_WINDOW(object);
  g_clear_handle_id(&self->game_over_id, g_source_remove);
  if (self->settings != NULL) {
    save_window_state(self);
    g_settings_unbind(self->board, "show-legal-moves");
    g_settings_unbind(self->board, "animate");
    g_settings_unbind(self->board, "traditional");
  }
  /* The controller stops its thinking and writes the autosave as it
   * goes. */
  if (self->controller != NULL)
    g_signal_handlers_disconnect_by_data(self->controller, self);
  /* A network game going on is given up, the peer told (in the
   * background: the app lets it finish), and kept in the autosave. */
  if (self->net) {
    g_signal_handlers_disconnect_by_data(self->net, self);
    if (self->net_panel)
      g_signal_handlers_disconnect_by_data(self->net_panel, self);
    jq_net_game_abandon(self->net,
                        jq_net_leave_reason_text(JQ_NET_LEAVE_CLOSED_WINDOW));
    g_clear_object(&self->net);
  }
  g_clear_pointer(&self->game_file, jq_game_file_free);
  g_clear_object(&self->controller);
  g_clear_object(&self->settings);
  g_clear_object(&self->sounds);
  G_OBJECT_CLASS(jq_window_parent_class)->dispose(object);
}

static void jq_window_finalize(GObject *object) {
  JqWindow *self = JQ_WINDOW(object);
  g_free(self->note);
  g_free(self->game_over_text);
  g_ptr_array_unref(self->toasts_posted);
  G_OBJECT_CLASS(jq_window_parent_class)->finalize(object);
}

static void jq_window_class_init(JqWindowClass *klass) {
  GObjectClass *object_class = G_OBJECT_CLASS(klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
  object_class->constructed = jq_window_constructed;
  object_class->get_property = jq_window_get_property;
  object_class->set_property = jq_window_set_property;
  object_class->dispose = jq_window_dispose;
  object_class->finalize = jq_window_finalize;

  props[PROP_CONTROLLER] = g_param_spec_object(
      "controller", NULL, NULL, JQ_TYPE_GAME_CONTROLLER,
      G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties(object_class, N_PROPS, props);

  g_type_ensure(JQ_TYPE_BOARD_VIEW);
  g_type_ensure(JQ_TYPE_PIECES_PANEL);
  g_type_ensure(JQ_TYPE_CLOCK_VIEW);
  g_type_ensure(JQ_TYPE_THINKING_INDICATOR);
  g_type_ensure(JQ_TYPE_MOVE_LIST_VIEW);
  g_type_ensure(JQ_TYPE_SCORE_GRAPH);
  g_type_ensure(JQ_TYPE_ANALYSIS_VIEW);
  gtk_widget_class_set_template_from_resource(
      widget_class, "/io/github/jieqi/Jieqi/jq-window.ui");
#define BIND(name) \
  gtk_widget_class_bind_template_child(widget_class, JqWindow, name)
  BIND(toast_overlay);
  BIND(window_title);
  BIND(board);
  BIND(thinking_indicator);
  BIND(status_label);
  BIND(panel_button);
  BIND(flap);
  BIND(side_panel);
  BIND(pieces_panel);
  BIND(clock_view);
  BIND(move_list);
  BIND(score_graph);
  BIND(live_revealer);
  BIND(analysis_view);
  BIND(pause_button);
#undef BIND
  gtk_widget_class_bind_template_callback(widget_class, on_move_list_browse);

  /* Copying and pasting a position wherever no text field takes the keys
   * first (the window has none of its own). */
  gtk_widget_class_add_binding_action(widget_class, GDK_KEY_c, GDK_CONTROL_MASK,
                                      "win.copy-fen", NULL);
  gtk_widget_class_add_binding_action(widget_class, GDK_KEY_v, GDK_CONTROL_MASK,
                                      "win.paste-fen", NULL);
}

static void jq_window_init(JqWindow *self) {
  gtk_widget_init_template(GTK_WIDGET(self));
  self->toasts_posted = g_ptr_array_new_with_free_func(g_free);
  jq_tooltips_keep_on_one_line(GTK_WIDGET(self));
  jq_fold_button_follow(self->panel_button, self->flap);
  jq_flap_shadow_follow(self->flap);
  self->settings = jq_app_settings_new();
  self->sounds = jq_sound_player_new();
  g_action_map_add_action_entries(G_ACTION_MAP(self), win_actions,
                                  G_N_ELEMENTS(win_actions), self);
  jq_window_files_add_actions(self);
  g_signal_connect(self->board, "move-requested", G_CALLBACK(on_move_requested),
                   self);
  g_signal_connect(self->board, "illegal-move", G_CALLBACK(on_illegal_move),
                   self);
  g_signal_connect_swapped(self->move_list, "edit-comment",
                           G_CALLBACK(on_edit_comment), self);
}
