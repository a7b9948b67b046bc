/* Move notations of rules.md section 4: coordinates (with jieqi's reveal
 * letters), Chinese (简体 and 繁體) and WXF. Writers take the position the
 * move is played from; readers resolve text to one legal move of it.
 *
 * Chinese conventions written here (and read back):
 *  - piece + file + 进/退/平 + number, files and numbers from the mover's
 *    side: Red 一..九, Black full-width １..９ (炮二平五, 马８进７).
 *  - a hidden piece is 暗 + the role of its point: 暗马八进七. A hidden
 *    piece and a revealed one of the same type are different names, so they
 *    never count as tandem pieces of one another.
 *  - two like pieces on one file: 前/后 replace the file (前马进七); three:
 *    前/中/后; four or five: 一二三四五 counted from the front (二兵平四).
 *    Advisors and elephants keep their file when the direction and target
 *    already tell the two apart (仕六进五), as the rule books allow.
 *  - when two or more files each hold two or more like pieces (tandem pawns
 *    on two files), the piece name gives way to the file: 前七平六, 中三进一,
 *    后三平四.
 *  Readers also take 繁體 names (傌 俥 砲 將 帥 車 馬 後 進), 包 for 炮,
 *  either side's piece names, any digit style (1, １, 一), the extra
 *  forms 兵七进一 for a lone hidden pawn and 前兵七进一, and a trailing
 *  "(车)" naming a reveal.
 *
 * WXF conventions (www.wxf.org notation page): K A E H R C P (B and N read
 * as E and H), + advance, - retreat, . traverse (= read too). Tandem
 * pieces: + front / - rear replace the file (R+.3, C--1); three pawns
 * P+ P3 P-; four or five: ++ P+ (P3) P- --; tandem pawns on two files: the
 * file replaces the letter (3+.4, 33.4, 3-.4). A hidden piece is written as
 * its role (WXF has no mark for it, and it moves exactly as that role), so
 * it counts as a tandem piece with revealed ones of that type. That makes
 * tandems WXF has no rule for (two elephants on each of two files, six
 * pawns on one): those get five characters, letter, file, place counted
 * from the front and the move: E71+5, E72+5. */
#pragma once

#include <stddef.h>

#include "jq-error.h"
#include "jq-position.h"

typedef enum {
  JQ_CHARSET_SIMPLIFIED = 0,
  JQ_CHARSET_TRADITIONAL = 1,
} JqCharset;

/* Buffer sizes, terminating NUL included. */
#define JQ_COORDS_MAX 7   /* "a3a4Rp" */
#define JQ_WXF_MAX 6      /* "C2.5", "E71+5" */
#define JQ_CHINESE_MAX 32 /* "暗马八进七(车)" is 20 bytes of UTF-8 */

/* "h2e2"; JQ_MOVE_NONE is written "0000" as UCI does. */
void jq_move_to_coords(JqMove move, char buf[JQ_COORDS_MAX]);
/* The extended jieqi form: a letter in the mover's case for what a hidden
 * mover turned up as, then one in the other case for a captured hidden
 * piece's identity (JQ_NO_TYPE parts are left out): "a3a4R", "b2b9n",
 * "b2b9Rn". Returns the length written. */
size_t jq_move_to_coords_ext(JqMove move, JqColor mover, JqReveal reveal,
                             char buf[JQ_COORDS_MAX]);

/* Chinese name of a move of pos (the position before it). When the mover is
 * hidden and `reveal` is a type, its identity follows in parentheses:
 * "暗马八进七(车)". Returns the length in bytes, or 0 (buf "") when buf is
 * too small or no piece stands on the move's origin. */
size_t jq_move_to_chinese(const JqPosition *pos, JqMove move,
                          JqPieceType reveal, JqCharset charset, char *buf,
                          size_t size);
/* WXF name of a move of pos. Returns its length (4, or 5 for the
 * extension above), or 0 (buf "") when no piece stands on the origin. */
size_t jq_move_to_wxf(const JqPosition *pos, JqMove move, char buf[JQ_WXF_MAX]);

/* Readers. Each accepts surrounding blanks, resolves the text to exactly
 * one legal move of pos for the side to move, and on failure returns false
 * with err naming the problem and leaves *move and *reveal untouched.
 * `reveal` may be NULL. */

/* "h2e2", "H2-E2" (ICCS), and the 5/6-letter forms of jq_move_to_coords_ext;
 * reveal letters are checked against the piece and the hidden pools. */
bool jq_notation_parse_coords(const JqPosition *pos, const char *text,
                              JqMove *move, JqReveal *reveal, JqError *err);
bool jq_notation_parse_chinese(const JqPosition *pos, const char *text,
                               JqMove *move, JqError *err);
bool jq_notation_parse_wxf(const JqPosition *pos, const char *text,
                           JqMove *move, JqError *err);
/* Coordinates, then WXF, then Chinese; a reveal comes from the coordinate
 * letters or a Chinese "(车)" suffix. The error is the one of the notation
 * the text looks like. */
bool jq_notation_parse_any(const JqPosition *pos, const char *text,
                           JqMove *move, JqReveal *reveal, JqError *err);
