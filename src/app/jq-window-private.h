/* Inside the window: its state and the steps its files share
 * (jq-window.c and jq-window-*.c); and, for the tests, the parts of the
 * window they look at and drive. */
#pragma once

#include "jq-analysis-view.h"
#include "jq-board-view.h"
#include "jq-clock-view.h"
#include "jq-game-file.h"
#include "jq-move-list-view.h"
#include "jq-net-game.h"
#include "jq-net-panel.h"
#include "jq-pieces-panel.h"
#include "jq-score-graph.h"
#include "jq-sound-player.h"
#include "jq-thinking-indicator.h"
#include "jq-window.h"

G_BEGIN_DECLS

struct _JqWindow {
  AdwApplicationWindow parent_instance;

  JqGameController *controller;
  gboolean own_controller; /* made here: start (or restore) its game */
  GSettings *settings;
  JqSoundPlayer *sounds;

  AdwToastOverlay *toast_overlay;
  GPtrArray *toasts_posted; /* every toast's text, for the tests */
  AdwWindowTitle *window_title;
  JqBoardView *board;
  JqThinkingIndicator *thinking_indicator;
  GtkLabel *status_label;
  GtkWidget *panel_button;
  AdwFlap *flap;
  GtkWidget *side_panel;
  JqPiecesPanel *pieces_panel;
  JqClockView *clock_view;
  JqMoveListView *move_list;
  JqScoreGraph *score_graph;
  GtkRevealer *live_revealer;
  JqAnalysisView *analysis_view;
  GtkToggleButton *pause_button;

  /* A word for the status line until the position changes: why a move
   * was refused, or the hint. */
  char *note;
  gboolean note_is_warning;
  guint game_over_id;
  char *game_over_text;   /* the reason, as game-over told it */
  gboolean game_over_net; /* the game that ended was a network game */
  JqGameFile *game_file;  /* where Save writes without asking */
  /* The user turned the board round; for this game only. */
  gboolean user_flipped;
  guint flipped_game_id;
  /* The network game on the board, and its part of the side panel. */
  JqNetGame *net;
  GtkWidget *net_panel;
};

/* ---- jq-window.c ---- */

/* Tells `text` in a toast. */
void jq_window_toast(JqWindow *self, const char *text);
/* Enables or disables the window's action `name`. */
void jq_window_enable(JqWindow *self, const char *name, gboolean enabled);
/* Everything shown, from the controller's display view. */
void jq_window_refresh(JqWindow *self);

/* ---- jq-window-status.c ---- */

/* What a side's player is called: its name from a file, the outside
 * engine's, or a word (Computer, You, Human). */
const char *jq_window_player_word(JqWindow *self, JqColor side);
/* The title (the file, the variant) and the subtitle (who plays whom). */
void jq_window_update_title(JqWindow *self);
/* What the status line says of the game at `pos` (the position shown):
 * browsing, the result, the pause, the thinking, the note, else whose
 * move it is. `*thinking` comes in as whether someone thinks and goes out
 * FALSE when the pause is what the line says; `*warning`: the line is a
 * warning. */
char *jq_window_status_text(JqWindow *self, const JqPosition *pos,
                            gboolean *thinking, gboolean *warning);

/* ---- jq-window-files.c ---- */

/* The actions of files and the clipboard: open, save, save-as, copy-fen,
 * paste-fen. */
void jq_window_files_add_actions(JqWindow *self);

/* ---- jq-window-game-over.c ---- */

/* The controller's game-over: the end's sound, its message in a moment. */
void jq_window_on_game_over(JqGameController *c, JqOutcome outcome,
                            JqReason reason, const char *text, JqWindow *self);

/* ---- jq-window-net.c ---- */

/* A network game is on the board, live or waiting for its peer to come
 * back. */
gboolean jq_window_net_live(JqWindow *self);
/* The network game no longer on the board leaves the side panel. */
void jq_window_net_drop(JqWindow *self);
/* The actions as a network game on the board has them. */
void jq_window_net_update_actions(JqWindow *self);
/* Undo and Offer Draw over the network: the peer is asked. */
void jq_window_net_ask_take_back(JqWindow *self);
void jq_window_net_offer_draw(JqWindow *self);

/* ---- for the tests ---- */

JqGameController *jq_window_get_controller(JqWindow *self);
GSettings *jq_window_get_settings(JqWindow *self);
JqBoardView *jq_window_get_board(JqWindow *self);
JqMoveListView *jq_window_get_move_list(JqWindow *self);
/* The review's score graph under the move list. */
JqScoreGraph *jq_window_get_score_graph(JqWindow *self);
JqClockView *jq_window_get_clock_view(JqWindow *self);
JqSoundPlayer *jq_window_get_sound_player(JqWindow *self);
/* The side panel (pieces, moves, analysis). */
GtkWidget *jq_window_get_side_panel(JqWindow *self);
/* Analysis mode's lines (win.analyse shows them). */
JqAnalysisView *jq_window_get_analysis_view(JqWindow *self);
/* How many toasts containing `text` the window has posted, shown yet or
 * still queued behind others (they show one at a time). */
guint jq_window_count_posted_toasts(JqWindow *self, const char *text);
/* The network game's panel, NULL when no network game is on the board. */
JqNetPanel *jq_window_get_net_panel(JqWindow *self);
/* The dots beside the status line while the computer thinks. */
JqThinkingIndicator *jq_window_get_thinking_indicator(JqWindow *self);
/* The status line's text. */
const char *jq_window_get_status(JqWindow *self);
/* The end of a paste (once the game in progress may go): sets up the
 * position in `text`, a toast telling what went wrong. */
gboolean jq_window_paste_fen(JqWindow *self, const char *text);

G_END_DECLS
