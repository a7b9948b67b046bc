/* PGN: a game's record as text, for files of matches and for the app's
 * save and load.
 *
 * What is written, in this order:
 *   [Event] [Site] [Date] [Round] [Red] [Black] [Result]   the roster
 *   [Variant "xiangqi"|"jieqi"]
 *   [SetUp "1"] [FEN "..."]     only when the game did not start from the
 *                               variant's standard start (jq_game_initial_fen)
 *   [JieqiDeal "..."]           jieqi: the identity of every hidden starting
 *                               point, see below; only once the game is over
 *   [JieqiSealedDeal "..."]     jieqi, unfinished: the caller's sealed deal,
 *                               see "Secrets" below
 *   [PlyCount "n"]
 *   [Termination "..."]         PGN's words: normal, time forfeit, rules
 *                               infraction, unterminated (or the caller's)
 *   [ResultReason "..."]        jq_result_reason_text: "checkmate", "Red lost
 *                               on time"... (or the caller's)
 * then the moves, numbered "1. h2e2 h9g7 2. ..." ("1... h9g7" when Black
 * moves first or after a comment), each move's NAG after it ("$4",
 * jq_game_nag), the game's comments (jq_game_comment: ply 0's before the
 * first move, each move's after it, as {text}; a ply's eval, jq_game_eval,
 * as an [%eval] command at the start of its comment), the
 * caller's optional {comment}, and the result ("1-0", "0-1", "1/2-1/2",
 * "*"). Move text lines stay under 80 bytes (a long comment may run
 * over).
 *
 * Moves are coordinates with jieqi's reveal letters (jq_move_to_coords_ext:
 * "a3a4R", "b2b9Rn"), the record of the arbiter, so every identity that was
 * turned up or captured is in the text; or, when asked, Chinese names
 * ("暗马八进七（车）", in full-width parentheses: PGN reads "(" as a
 * variation; Chinese has no way to name a captured hidden piece, but the
 * deal tells it once the game is over).
 *
 * JieqiDeal: one letter per hidden point of the initial position, in the
 * order of the points' squares: rank 0 to rank 9, and on each rank file a
 * to file i (so from the standard start: a0 b0 c0 d0 f0 g0 h0 i0 b2 h2 a3
 * c3 e3 g3 i3, then Black's a6 c6 e6 g6 i6 b7 h7 a9 b9 c9 d9 f9 g9 h9 i9).
 * Red's letters are upper case, Black's lower case (rules.md section 1):
 * 30 letters from the standard start, such as
 * "BPACANPCPPNPBRRcpnpnpbaarbpcpr". With the deal the game replays
 * exactly, down to the pieces that never moved.
 *
 * Secrets: while a jieqi game is unfinished its file holds no identity its
 * reader may not know (info->reader: a player, or -1 for anyone, which is
 * what both players know). So there is no JieqiDeal, and a captured hidden
 * piece's letter is written only when the disclosure rule told the reader
 * (rules.md section 3: by default only the captor learns it). Revealed
 * identities are everybody's and are always written. What resuming the game
 * needs may travel sealed in JieqiSealedDeal, text the caller makes and
 * alone can open (the app: jq-deal-seal.h); a reader without it deals the
 * unseen pieces afresh (jq-redeal.h). A finished game has the full
 * JieqiDeal and every letter, unless info->keep_secrets (then it is written
 * as if unfinished); so has any game with info->full_deal. */
#pragma once

#include <stdbool.h>
#include <stddef.h>

#include "jq-error.h"
#include "jq-game.h"
#include "jq-notation.h"

typedef enum {
  JQ_PGN_COORDS = 0,  /* "h2e2", "a3a4R" */
  JQ_PGN_CHINESE = 1, /* "炮二平五", "暗马八进七（车）" */
} JqPgnMoveStyle;

/* The text around the moves. NULL strings are written as PGN's unknowns
 * ("?", date "????.??.??"); termination and reason, when NULL, come from
 * the game's result. */
typedef struct {
  const char *event;
  const char *site;
  const char *date; /* "2025.01.31" */
  const char *round;
  const char *red;
  const char *black;
  const char *termination; /* e.g. "adjudication" */
  const char *reason;      /* e.g. "maximum length reached" */
  const char *comment;     /* written as {comment} after the moves */
  JqPgnMoveStyle style;
  JqCharset charset; /* for JQ_PGN_CHINESE */
  /* Unfinished jieqi games (see "Secrets"): who will read the file,
   * JQ_RED, JQ_BLACK or -1 for anyone; the sealed deal to write, or NULL;
   * full_deal writes every identity anyway (analysis, tests). */
  int reader;
  const char *sealed_deal;
  bool full_deal;
  /* Keeps the secrets of an unfinished game even when it is over: a game
   * whose deal this side does not know (a network game whose check failed
   * or has not come yet). */
  bool keep_secrets;
} JqPgnInfo;

/* Every field NULL or default: coordinates, read by anyone. */
void jq_pgn_info_init(JqPgnInfo *info);

/* The game as PGN text ending with a blank line (games can be written one
 * after another into a file). The string is malloc'd: free() it. NULL only
 * when memory runs out. `info` may be NULL. */
char *jq_pgn_write(const JqGame *game, const JqPgnInfo *info);

/* Reads the first game of `text` (tags, then moves in coordinates, with or
 * without reveal letters, or in Chinese, a reveal glued on as written
 * above, or WXF; variations, NAGs, move numbers and ';' comments are
 * skipped, but for a move assessment, $1 to $6 or a suffix such as "?!",
 * kept as the move's NAG) and replays it through the arbiter, so a move that is
 * not legal is an error. Each {comment} is kept, as written (CRLF read as a
 * line break), as the comment of the ply reached (0: before the first move),
 * but for an [%eval] command at its start, which is the ply's eval; two
 * after one move are joined a line apart. A comment the game cannot keep
 * (jq_game_set_comment: too long, not UTF-8) is an error, as is one without
 * its '}'. A UTF-8 byte-order mark and CRLF line ends are accepted; a tag
 * value may be up to 64 KiB long; tags the reader does not use are
 * skipped. The Variant, FEN and JieqiDeal tags set up the start (a reveal
 * letter that names another identity than the deal is an error; without
 * a deal the letters fix the identities); a result the moves do not reach
 * by themselves (time, resignation, adjudication) is declared from the
 * Result and ResultReason tags. The record cannot overrule the moves: a
 * result they reach must be the one written, a ResultReason they decide
 * (checkmate, stalemate, repetition and perpetual check or chase, natural
 * limit, no attacking pieces) must be theirs, a reason must fit the result
 * ("Red resigned" is no 1-0), the Result tag must match the move text's
 * result, and no move may follow the end of the game; each mismatch is an
 * error. Returns the game (free with jq_game_free), or NULL with err
 * telling what and where. When `end` is not NULL it receives where the
 * next game may begin. */
JqGame *jq_pgn_read(const char *text, const char **end, JqError *err);

/* As jq_pgn_read, for the game that begins at `game` inside the text of a
 * whole file, `text`: its messages count lines from the start of `text`. */
JqGame *jq_pgn_read_in(const char *text, const char *game, const char **end,
                       JqError *err);

/* Files of several games: the games are found without reading them, so
 * one that cannot be read does not hide the others. A game runs from its
 * tags to its result token ("1-0", "*"...), or, without one, to the next
 * game's tags or the end of the text; comments, variations and ';' lines
 * are passed as jq_pgn_read passes them (an unclosed comment ends at the
 * next line that starts with a tag). For a game jq_pgn_read reads,
 * jq_pgn_skip_game ends where jq_pgn_read's `end` does.
 *
 *   for (const char *g = jq_pgn_find_game(text); g;
 *        g = jq_pgn_find_game(jq_pgn_skip_game(g)))
 *     ... jq_pgn_tag(g, "Red", ...), jq_pgn_read_in(text, g, ...) ...
 *
 * jq_pgn_find_game: where the first game at or after `text` begins (past
 * blanks, comments and a byte-order mark), NULL when there is none left.
 * jq_pgn_skip_game: where the game that begins at `game` ends. */
const char *jq_pgn_find_game(const char *text);
const char *jq_pgn_skip_game(const char *game);

/* The value of tag `name` in the first game of `text`, unescaped, into buf.
 * False when there is no such tag or buf is too small. */
bool jq_pgn_tag(const char *text, const char *name, char *buf, size_t size);
