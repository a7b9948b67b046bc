/* JqGameController: the game as the app plays it. It owns the arbiter
 * (JqGame) and the players (jq-player.h: a human, or the computer thinking
 * in a worker thread), tells the one to move that its turn has come and
 * plays the move it chooses, keeps undo/redo, browsing of earlier
 * positions, the move list, PGN and FEN, and the autosave. It has no UI: the
 * window shows what it says and calls it; the tests drive it without a display.
 *
 * What the human may see: every position handed out is a player's view
 * (jq_game_view) or the onlookers' one, never the arbiter's truth, and the
 * move list names a hidden piece only once it is turned up (a captured
 * hidden piece's identity only when the display side has learned it).
 *
 * The display side: with one human player, that player's side; with two
 * humans (one screen, both players looking) or none, the public view
 * (jq_game_public_view), which holds only what both players know, so under
 * the "captor" rule a captured hidden piece stays unknown on screen.
 *
 * Signals, all on the main thread, emitted after the state they report is
 * in place:
 *   changed     ()                            anything shown may differ: the
 *               position, the record, browsing, players, notation
 *   move-played (guint move, JqMoveFlags)     a new move (human's or the
 *               computer's) was played on the live board: for sounds and
 *               animation; not emitted for undo/redo/load
 *   thinking    (gboolean)                    the computer started/stopped
 *               thinking (for its move or for a hint)
 *   progress    (JqAnalysis *)                the AI's latest report
 *   game-over   (JqOutcome, JqReason, const char *message)  the game just
 *               ended through a move or a resignation (not on load/restore:
 *               read jq_game_controller_get_result_text then)
 *   hint        (guint move)                  the suggestion asked for with
 *               jq_game_controller_request_hint
 *   notice      (const char *text)            something to tell the user
 *               (translated) that is no answer to a request: the autosave
 *               could not be written (once, until a write succeeds again);
 *               the autosave could not be read and was moved aside; a
 *               game read was dealt afresh (see jq_game_controller_to_pgn)
 */
#pragma once

#include <gio/gio.h>

#include "jq-analysis.h"
#include "jq-app-enums.h"
#include "jq-engine-list.h"
#include "jq-game-clock.h"
#include "jq-game.h"
#include "jq-pgn.h"
#include "jq-player.h"

G_BEGIN_DECLS

#define JQ_GAME_CONTROLLER_ERROR (jq_game_controller_error_quark())
GQuark jq_game_controller_error_quark(void);

typedef enum {
  JQ_GAME_CONTROLLER_ERROR_ILLEGAL_MOVE,  /* the message tells why */
  JQ_GAME_CONTROLLER_ERROR_GAME_OVER,     /* no move after the end */
  JQ_GAME_CONTROLLER_ERROR_NOT_YOUR_TURN, /* the computer is to move */
  JQ_GAME_CONTROLLER_ERROR_BROWSING,      /* an earlier position is shown */
  JQ_GAME_CONTROLLER_ERROR_NO_HUMAN,      /* resign/hint with no human */
  JQ_GAME_CONTROLLER_ERROR_BUSY,          /* hint while the computer thinks */
  JQ_GAME_CONTROLLER_ERROR_BAD_FEN,
  JQ_GAME_CONTROLLER_ERROR_BAD_PGN,
  JQ_GAME_CONTROLLER_ERROR_BAD_OPTION,  /* unknown algorithm, bad value */
  JQ_GAME_CONTROLLER_ERROR_BAD_COMMENT, /* the message tells why */
} JqGameControllerError;

#define JQ_TYPE_GAME_CONTROLLER (jq_game_controller_get_type())
G_DECLARE_FINAL_TYPE(JqGameController, jq_game_controller, JQ, GAME_CONTROLLER,
                     GObject)

/* Range of the strength and think-time properties (the schema's). */
#define JQ_STRENGTH_MAX 20
#define JQ_THINK_TIME_MIN 100
#define JQ_THINK_TIME_MAX 60000
#define JQ_MOVE_INTERVAL_MAX 10000

/* A new game's set-up. */
typedef struct {
  JqVariant variant;       /* ignored when fen is set: the FEN tells */
  JqPlayerMode players[2]; /* [JQ_RED], [JQ_BLACK] */
  const char *algorithm;   /* NULL: keep the controller's */
  int strength;            /* 0..20; -1: keep the controller's */
  /* Each side's, for when the computer plays both: the same. */
  const char *side_algorithm[2];
  int side_strength[2];
  const char *fen;     /* NULL or "": the variant's start */
  guint64 seed;        /* the jieqi deal's seed; 0: a random one */
  JqTimeControl clock; /* a base of 0: no clock */
} JqNewGame;

/* Red human, Black computer, everything else kept. */
void jq_new_game_init(JqNewGame *setup, JqVariant variant);

/* A controller with a xiangqi game between two humans, the algorithm
 * "alphabeta" at full strength, 2 s a move, autosaving to
 * jq_autosave_default_path(). It does not read the autosave: call
 * jq_game_controller_restore_autosave (or jq_app_settings_start_game). */
JqGameController *jq_game_controller_new(void);
/* The same, autosaving to `path` (NULL: the default; "": no autosave). */
JqGameController *jq_game_controller_new_with_autosave(const char *path);

/* ---- Playing ---- */

/* Starts a game; cancels any thinking at once. When a computer is to move
 * it starts thinking. FALSE with BAD_FEN / BAD_OPTION and nothing changed
 * on bad input. */
gboolean jq_game_controller_new_game(JqGameController *self,
                                     const JqNewGame *setup, GError **error);
/* A human's move from one point to another (0..89, jq-types.h squares).
 * FALSE with an error saying why (translated, for the status line), and
 * nothing changed, when it cannot be played. */
gboolean jq_game_controller_play_move(JqGameController *self, int from, int to,
                                      GError **error);
/* Against the computer, undo goes back to the human's previous turn (and
 * redo forward to the human's next one); with two humans one move; with
 * no human one move. Cancels thinking. FALSE when there is nothing to
 * undo/redo, and once the game is over: its result stays. */
gboolean jq_game_controller_can_undo(JqGameController *self);
gboolean jq_game_controller_undo(JqGameController *self);
gboolean jq_game_controller_can_redo(JqGameController *self);
gboolean jq_game_controller_redo(JqGameController *self);
/* Undo that also reopens a finished game (mate, resignation...): the
 * result goes and the moves are taken back as undo would. FALSE when there
 * is no move to take back. */
gboolean jq_game_controller_can_take_back(JqGameController *self);
gboolean jq_game_controller_take_back(JqGameController *self);
/* Asks the AI (at full strength, for the think time) for the move of the
 * human to move; `hint` is emitted with it. FALSE when no human is to
 * move on the live board or the computer is thinking. */
gboolean jq_game_controller_request_hint(JqGameController *self,
                                         GError **error);
/* The last hint for the current position, JQ_MOVE_NONE when none. */
JqMove jq_game_controller_get_hint(JqGameController *self);
/* The human resigns: the one human player, or with two humans the side to
 * move. FALSE when the game is over or nobody human plays. */
gboolean jq_game_controller_resign(JqGameController *self, GError **error);
/* The players agree to a draw (the offer and its answer are the caller's,
 * jq-draw-offer.h): the game ends as a draw by agreement. FALSE when the
 * game is over or nobody human plays. */
gboolean jq_game_controller_agree_draw(JqGameController *self, GError **error);

/* ---- State ---- */

JqVariant jq_game_controller_get_variant(JqGameController *self);
JqPlayerMode jq_game_controller_get_player(JqGameController *self,
                                           JqColor side);
/* The player's name from the file the game was read from (load, restore),
 * kept in the files it is saved to; NULL when the file named nobody or
 * named the app's own players ("Human", "Computer (...)"), and after a
 * new game: the app's players are then shown by their roles. */
const char *jq_game_controller_get_player_name(JqGameController *self,
                                               JqColor side);
/* The name of the outside engine playing `side` ("Fairy-Stockfish 11.1"),
 * NULL when a person or the built-in computer plays it. */
const char *jq_game_controller_get_engine_name(JqGameController *self,
                                               JqColor side);
/* Switching a side mid-game: a computer that is to move starts thinking; a
 * side given to a human stops its thinking. */
void jq_game_controller_set_player(JqGameController *self, JqColor side,
                                   JqPlayerMode mode);
/* A player from elsewhere (a network peer: jq-net-player.h) plays `side`
 * whenever its mode is the computer, in place of the app's AI; NULL gives
 * it back to the app's own players. Set it before the new game whose
 * side it plays. */
void jq_game_controller_set_remote_player(JqGameController *self, JqColor side,
                                          JqPlayer *player);
/* The player from elsewhere that plays `side`; NULL: the app's own. */
JqPlayer *jq_game_controller_get_remote_player(JqGameController *self,
                                               JqColor side);
/* A player's name for the files and the title (a network peer's, ours);
 * NULL: its role. Until the next game. */
void jq_game_controller_set_player_name(JqGameController *self, JqColor side,
                                        const char *name);
/* Takes back `plies` moves for good (no redo): what both players of a
 * network game agreed to. FALSE when there are fewer moves. */
gboolean jq_game_controller_take_back_plies(JqGameController *self, int plies);
/* Properties "algorithm", "strength" (the computer's when it plays one
 * side; hints take the algorithm at full strength), "think-time": they
 * apply from the next time the computer starts thinking. An unknown
 * algorithm is refused (a warning, the property unchanged). */
const char *jq_game_controller_get_algorithm(JqGameController *self);
void jq_game_controller_set_algorithm(JqGameController *self,
                                      const char *algorithm);
int jq_game_controller_get_strength(JqGameController *self);
void jq_game_controller_set_strength(JqGameController *self, int strength);
/* Properties "red-algorithm", "red-strength", "black-algorithm",
 * "black-strength": what each side's computer plays with when the
 * computer plays both sides (with one computer, "algorithm" and
 * "strength" apply). The same rules as above. */
const char *jq_game_controller_get_side_algorithm(JqGameController *self,
                                                  JqColor side);
void jq_game_controller_set_side_algorithm(JqGameController *self, JqColor side,
                                           const char *algorithm);
int jq_game_controller_get_side_strength(JqGameController *self, JqColor side);
void jq_game_controller_set_side_strength(JqGameController *self, JqColor side,
                                          int strength);
int jq_game_controller_get_think_time(JqGameController *self);
void jq_game_controller_set_think_time(JqGameController *self, int ms);
/* Property "analysis-engine": the id of the outside engine (of the default
 * JqEngineList) that gives hints and analyses; "" (the default): the
 * built-in AI. */
const char *jq_game_controller_get_analysis_engine_id(JqGameController *self);
void jq_game_controller_set_analysis_engine_id(JqGameController *self,
                                               const char *id);
/* The analysis engine for the game shown: NULL for the built-in AI, also
 * when the id is in the list no more or, in jieqi, when the engine does
 * not declare jieqi. Valid until the engine list changes. */
const JqEngine *jq_game_controller_get_analysis_engine(JqGameController *self);
/* The game's start and the moves to the position shown (a new array of
 * *n_moves, for the caller to free), for an outside engine, which sees
 * repetitions from them; NULL in jieqi, whose moves cannot say what each
 * reveal turned up. */
JqMove *jq_game_controller_get_shown_moves(JqGameController *self,
                                           JqPosition *start, int *n_moves);
/* Property "move-interval": the least time in ms from one move to a
 * computer's next (the board's slide and a pause to follow it, for
 * the window to set); its move waits for the rest when it thinks
 * faster. 0 (the default): played at once. */
int jq_game_controller_get_move_interval(JqGameController *self);
void jq_game_controller_set_move_interval(JqGameController *self, int ms);
/* Property "paused": the computer's moves wait. What it is thinking about
 * it goes on thinking about, but its move is played only on resume (when
 * its interval is over); nothing else changes the game meanwhile but what
 * the user does. A new game, a load or a restore resumes. */
gboolean jq_game_controller_get_paused(JqGameController *self);
void jq_game_controller_set_paused(JqGameController *self, gboolean paused);
/* The jieqi rule for captured hidden pieces; applies to the game at once
 * (the views are rebuilt from the record). */
JqDisclosure jq_game_controller_get_disclosure(JqGameController *self);
void jq_game_controller_set_disclosure(JqGameController *self,
                                       JqDisclosure disclosure);
/* How the move list and the analysis line are written. */
JqNotationStyle jq_game_controller_get_notation(JqGameController *self);
void jq_game_controller_set_notation(JqGameController *self,
                                     JqNotationStyle notation);
JqCharset jq_game_controller_get_charset(JqGameController *self);
void jq_game_controller_set_charset(JqGameController *self, JqCharset charset);

gboolean jq_game_controller_is_thinking(JqGameController *self);
/* The latest report of the current thinking, NULL when none. */
const JqAnalysis *jq_game_controller_get_analysis(JqGameController *self);
/* The latest report about the position shown (jq_analysis_is_for), kept
 * after the thinking ends; NULL when there is none: a new game, a load, an
 * undo past its position, or browsing elsewhere. */
const JqAnalysis *jq_game_controller_get_shown_analysis(JqGameController *self);
/* On the live board. */
JqColor jq_game_controller_get_side_to_move(JqGameController *self);
/* A human is to move on the live board of a game still going on. */
gboolean jq_game_controller_is_human_turn(JqGameController *self);
gboolean jq_game_controller_is_over(JqGameController *self);
/* Changes whenever another game takes the board (new game, load, paste,
 * restore), not with moves, undo or redo. */
guint jq_game_controller_get_game_id(JqGameController *self);
JqResult jq_game_controller_get_result(JqGameController *self);
/* "Red wins: Black is checkmated." and the like; NULL while the game goes
 * on. Free with g_free. */
char *jq_game_controller_get_result_text(JqGameController *self);

/* The game's clocks (jq-game-clock.h), NULL in an untimed game. The side
 * to move's runs while the game goes on (not while paused); a move adds
 * the increment; a side whose time runs out loses (JQ_REASON_TIME); undo
 * and redo bring back the times of the position gone to; the computer
 * thinks on its clock instead of the think time. Saved in the PGN as a
 * TimeControl tag and each move's time left ("[%clk 0:09:31]" before its
 * comment). */
const JqGameClock *jq_game_controller_get_clock(JqGameController *self);

/* ---- What to show ---- */

/* The side whose knowledge is shown (see above), or -1 for the public
 * view. Also the side "auto" orientation puts at the bottom (Red for -1). */
int jq_game_controller_get_display_side(JqGameController *self);
/* A player's view of the live game. */
void jq_game_controller_get_view(JqGameController *self, JqColor side,
                                 JqPosition *out);
/* The position to draw: the display side's view of the browsed position
 * (the live one when not browsing). Its last move is jq_position_last_move
 * and its check jq_position_in_check. */
void jq_game_controller_get_display_view(JqGameController *self,
                                         JqPosition *out);
/* The moves the human to move may play now (empty when it is not a
 * human's turn, while browsing, or after the end). */
void jq_game_controller_get_legal_moves(JqGameController *self,
                                        JqMoveList *out);

/* Number of moves (plies) played, and who played the first. */
int jq_game_controller_get_move_count(JqGameController *self);
JqColor jq_game_controller_get_first_mover(JqGameController *self);
/* Every move in the notation and character style chosen, a reveal with the
 * identity turned up: "暗马八进七(车)", "H8+7(R)", "b0c2R" (coordinates
 * also carry a captured hidden piece's letter when the display side knows
 * it). NULL-terminated; free with g_strfreev. */
char **jq_game_controller_get_move_list(JqGameController *self);

/* Comments on the moves (jq_game_comment: ply 0's is the game's, before
 * its first move; ply k's follows the k-th move), saved in the PGN and the
 * autosave. Undo keeps a move's comment for its redo; another move played
 * instead drops it. get_comment: NULL when none. get_comments: every ply's,
 * 0 to the move count, "" for none; free with g_strfreev. set_comment:
 * NULL or "" removes it; FALSE with BAD_COMMENT (a translated reason: too
 * long, a "}", no such ply) and nothing changed. */
const char *jq_game_controller_get_comment(JqGameController *self, int ply);
char **jq_game_controller_get_comments(JqGameController *self);
gboolean jq_game_controller_set_comment(JqGameController *self, int ply,
                                        const char *text, GError **error);

/* ---- Review (jq-game-review.h) ---- */

/* Every position of the game, 0 to the move count, as its side to move
 * knew it (jq_game_view: the view handed to that player, no hidden
 * identity it did not know); *count receives how many. Free with g_free. */
JqPosition *jq_game_controller_get_mover_views(JqGameController *self,
                                               int *count);
/* The score of the position after `ply` moves, from the review or the file
 * read (FALSE when none), and the mark of the `ply`-th move as its NAG
 * (jq-annotation.h; JQ_NAG_NONE when none). Both are saved in the PGN. */
gboolean jq_game_controller_get_eval(JqGameController *self, int ply,
                                     JqEval *out);
int jq_game_controller_get_nag(JqGameController *self, int ply);
/* Keeps a review's scores of the positions 0 to count - 1 (Red's point of
 * view) and marks each move whose two positions are scored
 * (jq-review-marks.h). FALSE, and nothing changed, when count is more
 * than the positions or a score is not valid. */
gboolean jq_game_controller_set_review(JqGameController *self,
                                       const JqEval *evals, int count);

/* Browsing: show the position after `ply` moves (0 = the start) without
 * touching the game; the computer keeps thinking meanwhile (its move does
 * not end browsing) and a human cannot move until back at the live
 * position. A ply of the move count or more (or -1) means live. Undo,
 * redo, a new game, a load or a restore return to live. */
void jq_game_controller_browse(JqGameController *self, int ply);
void jq_game_controller_browse_live(JqGameController *self);
/* The ply shown (the move count when live). */
int jq_game_controller_get_browse_ply(JqGameController *self);
gboolean jq_game_controller_is_browsing(JqGameController *self);

/* ---- Files and clipboard ---- */

/* The game as PGN (jq-pgn.h), with RedType/BlackType tags ("human"/
 * "program"), the players' names (a game read keeps its own; the one
 * human against the computer goes by the user's name, the computer by
 * its algorithm and level: jq-player-names.h), the event and the date. A
 * finished jieqi game carries its deal; an unfinished one tells no more than
 * the display side knows, and its deal only sealed (jq-deal-seal.h): loaded
 * here again (load, restore) it resumes with the same deal; where the seal does
 * not open it is dealt afresh where nothing has been seen, and `notice` says
 * so. Free with g_free. */
char *jq_game_controller_to_pgn(JqGameController *self, JqPgnMoveStyle style);
/* Written atomically (jq-atomic-file.h): on failure (a full disk...) the
 * file keeps its old contents and error says why. */
gboolean jq_game_controller_save_pgn(JqGameController *self, GFile *file,
                                     JqPgnMoveStyle style, GError **error);
/* Replaces the game with the first game of a PGN file; the players stay
 * as they are (the computer moves if it is its turn). FALSE with
 * BAD_PGN (or the I/O error) and nothing changed on a bad file. */
gboolean jq_game_controller_load_pgn(JqGameController *self, GFile *file,
                                     GError **error);
gboolean jq_game_controller_load_pgn_text(JqGameController *self,
                                          const char *text, GError **error);
/* FEN of the displayed position (the display side's knowledge: jieqi's
 * JieqiBox dialect with its pools). Free with g_free. */
char *jq_game_controller_get_fen(JqGameController *self);
/* A new game from a FEN (any dialect), same players. */
gboolean jq_game_controller_set_fen(JqGameController *self, const char *fen,
                                    GError **error);
/* Whether set_fen (or a new game's fen) would take `fen`, without setting
 * anything up: FALSE with BAD_FEN saying why. */
gboolean jq_game_controller_check_fen(const char *fen, GError **error);

/* ---- Autosave ---- */

/* NULL when autosave is off. */
const char *jq_game_controller_get_autosave_path(JqGameController *self);
/* Reads the autosave back: the game and who played which side. TRUE when a
 * game still in progress was restored; FALSE when there is none, it is
 * finished, or it is unreadable: then the game does not change, the file
 * is moved aside (jq_autosave_move_aside) so that the next autosave does
 * not overwrite it, and `notice` tells the user where it went. */
gboolean jq_game_controller_restore_autosave(JqGameController *self);
/* Waits until the latest state is on disk (autosaves are written in the
 * background after every change). */
gboolean jq_game_controller_flush_autosave(JqGameController *self,
                                           GError **error);

G_END_DECLS
