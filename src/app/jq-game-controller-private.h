/* Inside the game controller: its state and the steps its files share
 * (jq-game-controller.c and jq-game-controller-*.c); and, for the tests,
 * what it keeps from the UI. */
#pragma once

#include "jq-ai-player.h"
#include "jq-autosave.h"
#include "jq-game-clock.h"
#include "jq-game-controller.h"
#include "jq-human-player.h"
#include "jq-move-pacer.h"
#include "jq-uci-player.h"

G_BEGIN_DECLS

/* What a player is thinking for: its own move, or a hint for the human. */
typedef enum { JQ_THINK_MOVE, JQ_THINK_HINT } JqThinkPurpose;

/* Who holds the truth when this side does not: a network jieqi game is
 * dealt by both sides together, so the controller's game is played from a
 * stand-in deal with each identity this side learned given as a reveal
 * (the session's knowledge). The human's moves go to the arbiter first and
 * are played here when it has played them (their reveals may have to come
 * from the peer). */
typedef struct {
  /* Sends the human's move; FALSE with error, nothing sent, if refused. */
  gboolean (*submit)(JqMove move, gpointer data, GError **error);
  /* What this side learned of the move at `ply` (JQ_NO_TYPE: nothing). */
  JqReveal (*reveal)(int ply, gpointer data);
  gpointer data;
} JqArbiter;

struct _JqGameController {
  GObject parent_instance;

  JqGame *game;
  guint game_id; /* changes with each new game, load or restore: an AI
                  * from an earlier game forgets it before thinking */
  JqPlayerMode players[2];
  char *algorithm; /* the computer's when it plays one side */
  int strength;
  char *side_algorithm[2]; /* each side's when it plays both */
  int side_strength[2];
  int think_time;
  char *analysis_engine; /* the hints' and analysis' engine's id, NULL or
                          * "": the built-in AI */
  JqDisclosure disclosure;
  JqNotationStyle notation;
  JqCharset charset;
  char *date;     /* PGN date of the game's start */
  char *names[2]; /* players' names from a file, NULL: the app's own */

  GArray *redo;        /* moves taken back; the next one to replay is last */
  int browse_ply;      /* -1: live */
  JqGame *browse_game; /* the game cut back to what is browsed (cache) */

  /* The players of each side (the one of players[side] plays), and the
   * computer that gives the human hints. */
  JqHumanPlayer *humans[2];
  JqAiPlayer *ais[2];
  JqAiPlayer *advisor;
  JqUciPlayer *outside[2];  /* an outside engine playing a side, made when
                             * its algorithm is "uci:ID" */
  JqUciPlayer *hint_engine; /* the analysis engine giving a hint */
  /* A player from elsewhere (a network peer) in place of a side's
   * computer; NULL: the app's own. */
  JqPlayer *remote[2];
  /* The player thinking now, for its side's move or for a hint, about
   * think_view, think_ply moves into the game. */
  JqPlayer *thinker;
  JqThinkPurpose think_purpose;
  JqColor think_side;
  int think_ply;
  JqPosition *think_view;
  JqMove *think_moves; /* the moves to the view, for JqTurn.moves */
  JqMovePacer *pacer;  /* when a chosen move is played; pauses */
  JqMove hint;
  JqAnalysis *analysis;
  JqAnalysis *last_analysis; /* kept after the thinking, while its position
                              * is still in the game */

  /* Signals are emitted at the end of each operation, when the state is
   * complete (emit_pending); serial tells a handler changed it again. */
  guint serial;
  gboolean pending_changed;
  gboolean pending_move;
  JqMove pending_move_move;
  JqMoveFlags pending_move_flags;
  gboolean pending_game_over;
  gboolean pending_hint;
  gboolean thinking_emitted;

  char *autosave_path; /* construct property; NULL = default, "" = off */
  JqAutosave *autosave;
  char *sealed_deal;       /* the game's, made once for all its files */
  gboolean pending_redeal; /* a game read was dealt afresh: say so */

  /* A network jieqi game's: nobody here holds the deal (jq_game_controller
   * _set_arbiter). */
  gboolean has_arbiter;
  JqArbiter arbiter;

  JqGameClock *clock;       /* NULL: an untimed game */
  guint clock_source;       /* wakes up when the running clock runs out */
  JqClockNowFunc clock_now; /* the clocks' time source (tests) */
  gpointer clock_now_data;
};

/* ---- jq-game-controller.c ---- */

/* Sets a side's player without the other steps of a change (the caller
 * makes them). */
void jq_game_controller_set_player_quietly(JqGameController *self, JqColor side,
                                           JqPlayerMode mode);
/* Makes `game` the game (new game, load, restore); takes it. Autosaves it
 * when `save`. */
void jq_game_controller_install_game(JqGameController *self, JqGame *game,
                                     gboolean save);
/* The state changed: the changed signal is pending. */
void jq_game_controller_mark_changed(JqGameController *self);
/* FALSE, with the reason, unless the person at the screen may act now;
 * `browsing` is the reason while an earlier position is shown. */
gboolean jq_game_controller_check_human_turn(JqGameController *self,
                                             const char *browsing,
                                             GError **error);
/* Emits the signals an operation left pending, at its end. */
void jq_game_controller_emit_pending(JqGameController *self);
/* Tells the user `text` (the notice signal). */
void jq_game_controller_notice(JqGameController *self, const char *text);
/* Tells how the thinking goes: the progress signal, with the analysis. */
void jq_game_controller_emit_progress(JqGameController *self);

/* ---- jq-game-controller-arbiter.c ---- */

/* Plays a legal move on the live game (a human's, checked, or a
 * player's); FALSE with error, nothing played, when refused. */
gboolean jq_game_controller_apply_move(JqGameController *self, JqMove move,
                                       gboolean computer, GError **error);
/* Ends the game still going on with `result` (a resignation, a draw
 * agreed, a flag fallen). */
void jq_game_controller_declare_result(JqGameController *self, JqResult result);
/* The current game's arbiter from now on (NULL: the game's own deal, as
 * usual); a new game, load or restore drops it. */
void jq_game_controller_set_arbiter(JqGameController *self,
                                    const JqArbiter *arbiter);
/* The arbiter played the human's move: it is played here. */
gboolean jq_game_controller_play_arbitrated(JqGameController *self, JqMove move,
                                            GError **error);
/* Puts `game` (taken) in place of the current game's record, the same
 * game going on (same id, players and clock): the arbiter's record at the
 * start, or the whole deal once it may be known. */
void jq_game_controller_replace_record(JqGameController *self, JqGame *game);

/* ---- jq-game-controller-browse.c ---- */

/* Back to the live game from an earlier position shown. */
void jq_game_controller_stop_browsing(JqGameController *self);
/* The game changed under the browsed position: its copy is made afresh. */
void jq_game_controller_drop_browse_cache(JqGameController *self);

/* ---- jq-game-controller-seats.c ---- */

/* The players the controller always has (humans, AIs, the advisor) and
 * the pacer of their moves, made and connected; dropped. */
void jq_game_controller_seats_init(JqGameController *self);
void jq_game_controller_seats_dispose(JqGameController *self);
/* Who plays each side's computer: the side's own algorithm and strength
 * when the computer plays both sides, else the one computer's. */
void jq_game_controller_ai_setup(JqGameController *self, JqColor side,
                                 const char **algorithm, int *strength);
/* Ends the current turn or hint at once; a player's answer to it, if one
 * still comes or waits to be played, is dropped. */
void jq_game_controller_cancel_thinking(JqGameController *self);
/* Tells the player to move that its turn has come (unless the game is over
 * or its move is already chosen, waiting to be played). */
void jq_game_controller_maybe_start_computer(JqGameController *self);
/* The players' answers, for each player the controller listens to. */
void jq_game_controller_on_move_chosen(JqPlayer *player, guint move,
                                       JqGameController *self);
void jq_game_controller_on_progress(JqPlayer *player, const JqProgress *p,
                                    JqGameController *self);

/* ---- jq-game-controller-engines.c ---- */

/* A built-in algorithm, or "uci:ID" of an engine in the default
 * JqEngineList. */
gboolean jq_game_controller_algorithm_known(const char *algorithm);
/* The outside engine's player for `side` when `algorithm` is one ("uci:ID"),
 * made or remade for it; NULL for a built-in algorithm. */
JqPlayer *jq_game_controller_outside_seat(JqGameController *self, JqColor side,
                                          const char *algorithm, int strength);
/* The analysis engine's player for a hint when one is set and plays the
 * game's variant; NULL: the built-in advisor gives it. */
JqPlayer *jq_game_controller_hint_seat(JqGameController *self);
void jq_game_controller_engines_dispose(JqGameController *self);

/* ---- jq-game-controller-files.c ---- */

/* The game's date and players' names from a file's `text`; NULL text: a
 * new game's (today, the app's own names). */
void jq_game_controller_take_date(JqGameController *self, const char *text);
void jq_game_controller_take_names(JqGameController *self, const char *text);
/* The game a FEN sets up; NULL with BAD_FEN saying why. */
JqGame *jq_game_controller_game_from_fen(const char *text, guint64 seed,
                                         GError **error);

/* The autosave at the construct property's path (NULL: the default, "":
 * none), the path then dropped. */
void jq_game_controller_autosave_open(JqGameController *self);
/* Queues the game for the autosave, when there is one. */
void jq_game_controller_autosave(JqGameController *self);

/* ---- jq-game-controller-undo.c ---- */

/* The list of moves taken back, for the struct's redo. */
GArray *jq_game_controller_redo_new(void);

/* ---- jq-game-controller-clock.c ---- */

/* The clock of the game about to be installed: `tc` (NULL or a base of 0:
 * none), full, `first` the game's first mover. */
void jq_game_controller_clock_set(JqGameController *self,
                                  const JqTimeControl *tc, JqColor first);
/* The same with a clock made elsewhere (a game read), taken; NULL: none. */
void jq_game_controller_clock_take(JqGameController *self, JqGameClock *clock);
/* The side to move moved: its clock is pressed. FALSE when its time had
 * run out: the game is then lost on time. */
gboolean jq_game_controller_clock_press(JqGameController *self);
/* Back to the times of the position the game is at (after a move failed,
 * an undo, a redo, a load), its clock running unless the game is over or
 * paused; the flag's timeout set for it. */
void jq_game_controller_clock_sync(JqGameController *self);
/* The side to move's time has run out: it loses (TRUE). */
gboolean jq_game_controller_check_clock(JqGameController *self);
/* The running clock's remaining times as the AI's limits. */
void jq_game_controller_clock_limits(JqGameController *self, int time_ms[2],
                                     int *inc_ms);

/* ---- for the tests ---- */

/* The time source of the clocks from now on (NULL: the monotonic clock). */
void jq_game_controller_set_clock_time_source(JqGameController *self,
                                              JqClockNowFunc now,
                                              gpointer data);

/* The arbiter itself, truth included: tests only, never for display. */
const JqGame *jq_game_controller_get_game(JqGameController *self);
/* How many finished thinks were thrown away as stale (cancelled by an undo,
 * a new game...) instead of being played. */
guint jq_game_controller_get_discarded_results(JqGameController *self);
/* The computer player of a side (it plays when the side's player mode is
 * the computer). */
JqAiPlayer *jq_game_controller_get_ai_player(JqGameController *self,
                                             JqColor side);
/* The player thinking now, for a side's move or a hint; NULL: none. */
JqPlayer *jq_game_controller_get_thinker(JqGameController *self);
/* Whether an outside engine's player has been started for `side`. */
gboolean jq_game_controller_has_outside_player(JqGameController *self,
                                               JqColor side);

G_END_DECLS
