/* Errors of the rules library in the user's language. The core gives a
 * code and its arguments (jq-error.h); the words are here, through
 * gettext. The core's English message is only logged. */
#include "jq-config.h"

#include "jq-error-text.h"

#include <glib/gi18n-lib.h>

#include "jq-result.h"
#include "jq-types.h"

static const char *color_name(int color) {
  return color == JQ_RED ? _("Red") : _("Black");
}

/* The same words as the board's description (jq-board-describe.c). */
static const char *type_name(int type, int count) {
  switch (type) {
  case JQ_KING: return g_dngettext(GETTEXT_PACKAGE, "king", "kings", count);
  case JQ_ADVISOR:
    return g_dngettext(GETTEXT_PACKAGE, "advisor", "advisors", count);
  case JQ_ELEPHANT:
    return g_dngettext(GETTEXT_PACKAGE, "elephant", "elephants", count);
  case JQ_HORSE: return g_dngettext(GETTEXT_PACKAGE, "horse", "horses", count);
  case JQ_CHARIOT:
    return g_dngettext(GETTEXT_PACKAGE, "chariot", "chariots", count);
  case JQ_CANNON:
    return g_dngettext(GETTEXT_PACKAGE, "cannon", "cannons", count);
  case JQ_PAWN: return g_dngettext(GETTEXT_PACKAGE, "pawn", "pawns", count);
  default: return "?";
  }
}

/* The piece of the arguments: side, type and whether it is face down;
 * `count` chooses the type's plural. */
static char *piece_name(const JqError *err, int count) {
  const char *type = type_name(err->type, count);
  if (err->hidden)
    /* Translators: a face-down piece: the side ("Red"), then the role of
     * its point ("horse"). */
    return g_strdup_printf(C_("piece", "%s hidden %s"), color_name(err->color),
                           type);
  /* Translators: a piece: the side ("Red"), then its type ("horse"). */
  return g_strdup_printf(C_("piece", "%s %s"), color_name(err->color), type);
}

static char *square_name(int square) {
  char name[3];
  jq_square_name(square, name);
  return g_strdup(name);
}

static const char *fen_field_name(int field) {
  switch (field) {
  case JQ_ERROR_FIELD_SIDE: return C_("FEN field", "Side to move");
  case JQ_ERROR_FIELD_POOL: return C_("FEN field", "Hidden pool");
  case JQ_ERROR_FIELD_CAPTURED:
    return C_("FEN field", "Captured hidden pieces");
  case JQ_ERROR_FIELD_HALFMOVE: return C_("FEN field", "Halfmove clock");
  case JQ_ERROR_FIELD_FULLMOVE: return C_("FEN field", "Move number");
  case JQ_ERROR_FIELD_BOARD:
  default: return C_("FEN field", "Board");
  }
}

/* How a game ended, for the PGN errors that name it: n[0] outcome, n[1]
 * reason, n[2] culprit. */
static char *result_name(const JqError *err) {
  const char *side = color_name(err->n[2]);
  switch (err->n[1]) {
  case JQ_REASON_CHECKMATE: return g_strdup(C_("result", "checkmate"));
  case JQ_REASON_STALEMATE: return g_strdup(C_("result", "stalemate"));
  case JQ_REASON_PERPETUAL_CHECK:
    /* Translators: %s is the side, "Red" or "Black". */
    return g_strdup_printf(C_("result", "perpetual check by %s"), side);
  case JQ_REASON_PERPETUAL_CHASE:
    /* Translators: %s is the side, "Red" or "Black". */
    return g_strdup_printf(C_("result", "perpetual chase by %s"), side);
  case JQ_REASON_REPETITION: return g_strdup(C_("result", "repetition"));
  case JQ_REASON_NATURAL_LIMIT: return g_strdup(C_("result", "natural limit"));
  case JQ_REASON_NO_ATTACKERS:
    return g_strdup(C_("result", "no attacking pieces"));
  case JQ_REASON_RESIGNATION:
    /* Translators: %s is the side, "Red" or "Black". */
    return g_strdup_printf(C_("result", "%s resigned"), side);
  case JQ_REASON_TIME:
    /* Translators: %s is the side, "Red" or "Black". */
    return g_strdup_printf(C_("result", "%s lost on time"), side);
  case JQ_REASON_ILLEGAL_MOVE:
    /* Translators: %s is the side, "Red" or "Black". */
    return g_strdup_printf(C_("result", "%s made an illegal move"), side);
  case JQ_REASON_AGREEMENT: return g_strdup(C_("result", "agreement"));
  default: break;
  }
  switch (err->n[0]) {
  case JQ_OUTCOME_RED_WINS: return g_strdup(C_("result", "Red wins"));
  case JQ_OUTCOME_BLACK_WINS: return g_strdup(C_("result", "Black wins"));
  default: return g_strdup(C_("result", "draw"));
  }
}

/* Why a reason the moves decide does not hold (n[0] is the reason). */
static const char *not_reached(int reason) {
  switch (reason) {
  case JQ_REASON_CHECKMATE: return _("the final position is not mate");
  case JQ_REASON_STALEMATE: return _("the final position is not stalemate");
  case JQ_REASON_NATURAL_LIMIT:
    return _("the moves do not reach the natural limit");
  case JQ_REASON_NO_ATTACKERS:
    return _("the game does not end for want of attacking pieces");
  default: return _("no position occurs a third time");
  }
}

/* What a Chinese move lacked (JqErrorExpect). */
static const char *expected_name(int expect) {
  switch (expect) {
  case JQ_ERROR_EXPECT_NAME_OR_FILE:
    return _("a piece name or a file after the place");
  case JQ_ERROR_EXPECT_NAME_OR_PLACE:
    return _("a piece name (车 马 炮 兵 …) or 前/后");
  case JQ_ERROR_EXPECT_FILE: return _("the file the piece stands on");
  case JQ_ERROR_EXPECT_DIRECTION: return _("进, 退 or 平");
  case JQ_ERROR_EXPECT_NUMBER: return _("a number or file after the direction");
  case JQ_ERROR_EXPECT_REVEALED: return _("the name of the revealed piece");
  case JQ_ERROR_EXPECT_CLOSE: return _("a closing parenthesis");
  case JQ_ERROR_EXPECT_END:
  default: return _("the end of the move");
  }
}

/* Which of several like pieces a move named (JqErrorPick). */
static char *place_name(const JqError *err) {
  switch (err->n[0]) {
  case JQ_ERROR_PICK_REAR: return g_strdup(_("the rear one of two or more"));
  case JQ_ERROR_PICK_MIDDLE:
    return g_strdup(_("the middle one of three or five"));
  case JQ_ERROR_PICK_ORDINAL:
    /* Translators: the first %d counts from the front, the second is how
     * many like pieces there must be at least. */
    return g_strdup_printf(_("number %d from the front of %d or more"),
                           err->n[1], err->n[1] > 2 ? err->n[1] : 2);
  case JQ_ERROR_PICK_FRONT:
  default: return g_strdup(_("the front one of two or more"));
  }
}

/* A FEN problem, without the field it is in. */
static char *fen_text(const JqError *e) {
  g_autofree char *square = square_name(e->square);
  g_autofree char *piece = piece_name(e, 1);
  g_autofree char *pieces = piece_name(e, 2);
  switch (e->code) {
  case JQ_ERROR_FEN_RANK_WIDTH:
    /* Translators: a FEN rank is a row of the board: rank number, then
     * the number of points it has. */
    return g_strdup_printf(
        g_dngettext(GETTEXT_PACKAGE, "rank %d has %d file instead of 9.",
                    "rank %d has %d files instead of 9.", e->n[1]),
        e->n[0], e->n[1]);
  case JQ_ERROR_FEN_TOO_MANY_RANKS:
    return g_strdup(_("there are more than 10 ranks."));
  case JQ_ERROR_FEN_TOO_FEW_RANKS:
    return g_strdup_printf(
        g_dngettext(GETTEXT_PACKAGE, "there is only %d rank instead of 10.",
                    "there are only %d ranks instead of 10.", e->n[0]),
        e->n[0]);
  case JQ_ERROR_FEN_ZERO_COUNT:
    /* Translators: in FEN a digit counts empty points; 0 is not allowed. */
    return g_strdup_printf(_("rank %d has the empty count 0."), e->n[0]);
  case JQ_ERROR_FEN_UNKNOWN_LETTER:
    return g_strdup_printf(_("“%s” is not a piece letter."), e->text);
  case JQ_ERROR_FEN_HIDDEN_KING_POINT:
    return g_strdup_printf(
        _("a hidden piece stands on %s, a king's point; kings are never "
          "hidden."),
        square);
  case JQ_ERROR_FEN_HIDDEN_OFF_START:
    /* Translators: a square name ("e4"), then the side. */
    return g_strdup_printf(
        _("a hidden piece stands on %s, which is not a starting point of "
          "%s."),
        square, color_name(e->color));
  case JQ_ERROR_FEN_BAD_SIDE:
    return g_strdup_printf(_("“%s” is neither w (Red) nor b (Black)."),
                           e->text);
  case JQ_ERROR_FEN_HIDDEN_IN_COUNT:
    return g_strdup_printf(
        _("“%c” is no piece type: count the hidden pieces by type."),
        e->letter);
  case JQ_ERROR_FEN_KING_IN_COUNT:
    return g_strdup_printf(_("“%c” is a king, and kings are never hidden."),
                           e->letter);
  case JQ_ERROR_FEN_LETTER_TWICE:
    return g_strdup_printf(_("“%c” is given twice."), e->letter);
  case JQ_ERROR_FEN_COUNT_HUGE:
    return g_strdup_printf(_("the count for “%c” is too large: at most %d."),
                           e->letter, e->n[0]);
  case JQ_ERROR_FEN_COUNT_TOO_MANY:
    /* Translators: a piece letter, the count given, the most a side has. */
    return g_strdup_printf(_("the count for “%c” is %d, more than %d."),
                           e->letter, e->n[0], e->n[1]);
  case JQ_ERROR_FEN_NEGATIVE:
    return g_strdup_printf(_("“%s” is negative."), e->text);
  case JQ_ERROR_FEN_NOT_A_NUMBER:
    return g_strdup_printf(_("“%s” is not a number."), e->text);
  case JQ_ERROR_FEN_NUMBER_TOO_LARGE:
    return g_strdup_printf(_("“%s” is too large: at most %d."), e->text,
                           e->n[0]);
  case JQ_ERROR_FEN_TRAILING_TEXT:
    return g_strdup_printf(_("unexpected text “%s” after the move number."),
                           e->text);
  case JQ_ERROR_FEN_KING_OUTSIDE_PALACE: {
    /* The code names only the colour: the piece is its king. */
    JqError king = *e;
    king.type = JQ_KING;
    king.hidden = false;
    g_autofree char *name = piece_name(&king, 1);
    /* Translators: a piece ("Red king"), then a square ("e5"). */
    return g_strdup_printf(_("the %s on %s is outside its palace."), name,
                           square);
  }
  case JQ_ERROR_FEN_PIECE_OFF_POINTS:
    /* Translators: a piece ("Red advisor"), a square ("a1"), then the
     * piece's type ("advisor"). */
    return g_strdup_printf(
        _("the %s on %s stands where a xiangqi %s can never be."), piece,
        square, type_name(e->type, 1));
  case JQ_ERROR_FEN_NO_KING:
    return g_strdup_printf(_("%s has no king."), color_name(e->color));
  case JQ_ERROR_FEN_KINGS:
    return g_strdup_printf(g_dngettext(GETTEXT_PACKAGE, "%s has %d king.",
                                       "%s has %d kings.", e->n[0]),
                           color_name(e->color), e->n[0]);
  case JQ_ERROR_FEN_TOO_MANY_ON_BOARD:
    /* Translators: a count, pieces ("Red chariots"), the most allowed. */
    return g_strdup_printf(
        g_dngettext(GETTEXT_PACKAGE, "there is %d %s on the board, at most %d.",
                    "there are %d %s on the board, at most %d.", e->n[0]),
        e->n[0], pieces, e->n[1]);
  case JQ_ERROR_FEN_POOL_TOO_MANY:
    /* Translators: pieces ("Red chariots"), then counts. */
    return g_strdup_printf(_("too many %s: %d on the board and %d in the "
                             "pool, at most %d."),
                           pieces, e->n[0], e->n[1], e->n[2]);
  case JQ_ERROR_FEN_CAPTURED_TOO_MANY:
    /* Translators: pieces ("Red chariots"), then counts. */
    return g_strdup_printf(_("too many %s: %d on the board, %d in the pool "
                             "and %d captured hidden, at most %d."),
                           pieces, e->n[0], e->n[1], e->n[2], e->n[3]);
  case JQ_ERROR_FEN_POOL_SHORT:
    /* Translators: the side, then two counts. */
    return g_strdup_printf(_("%s has %d hidden pieces on the board but only "
                             "%d in the pool."),
                           color_name(e->color), e->n[0], e->n[1]);
  case JQ_ERROR_FEN_XIANGQI_HIDDEN:
    return g_strdup(_("a xiangqi position has no hidden pieces."));
  case JQ_ERROR_FEN_XIANGQI_POOL:
    return g_strdup(_("a xiangqi position has no hidden pool."));
  case JQ_ERROR_FEN_XIANGQI_CAPTURED:
    return g_strdup(_("a xiangqi position has no captured hidden pieces."));
  case JQ_ERROR_FEN_CHECK_TO_TAKE:
    /* Translators: the side to move, then the other side. */
    return g_strdup_printf(_("%s is to move while the king of %s is in "
                             "check and could be captured."),
                           color_name(e->color),
                           color_name(jq_color_other(e->color)));
  default: return NULL;
  }
}

/* A game's refusal of a move or a deal. */
static char *game_text(const JqError *e) {
  g_autofree char *square = square_name(e->square);
  switch (e->code) {
  case JQ_ERROR_GAME_POOL_SHORT:
    return g_strdup(_("The hidden pool holds fewer pieces than there are "
                      "hidden pieces."));
  case JQ_ERROR_GAME_DEAL_MISSING:
    return g_strdup_printf(
        _("The deal gives no identity to the hidden piece on %s."), square);
  case JQ_ERROR_GAME_DEAL_TOO_MANY: {
    g_autofree char *pieces = piece_name(e, 2);
    return g_strdup_printf(_("The deal has more %s than the pool holds."),
                           pieces);
  }
  case JQ_ERROR_GAME_NO_HIDDEN_LEFT: {
    g_autofree char *piece = piece_name(e, 1);
    return g_strdup_printf(_("No hidden piece is left that could be a %s."),
                           piece);
  }
  case JQ_ERROR_GAME_OVER: return g_strdup(_("The game is over."));
  case JQ_ERROR_GAME_ILLEGAL_MOVE:
    return g_strdup(_("That piece cannot move there."));
  case JQ_ERROR_GAME_LEAVES_CHECK:
    return g_strdup(_("That move would leave the king in check."));
  case JQ_ERROR_GAME_MOVER_NOT_HIDDEN:
    return g_strdup(_("The moving piece is not hidden: nothing to reveal."));
  case JQ_ERROR_GAME_NO_HIDDEN_CAPTURE:
    return g_strdup(_("This move captures no hidden piece."));
  case JQ_ERROR_GAME_REVEAL_KING:
    return g_strdup(_("A hidden piece cannot be a king."));
  case JQ_ERROR_GAME_DEAL_DISAGREES:
    return g_strdup_printf(
        _("The deal does not agree with the piece seen on %s."), square);
  case JQ_ERROR_GAME_COMMENT_PLY:
    return g_strdup(_("There is no such move to comment on."));
  case JQ_ERROR_GAME_COMMENT_LONG:
    return g_strdup_printf(
        g_dngettext(GETTEXT_PACKAGE, "A comment may be at most %d byte long.",
                    "A comment may be at most %d bytes long.", e->n[0]),
        e->n[0]);
  case JQ_ERROR_GAME_COMMENT_BRACE:
    return g_strdup(_("A comment cannot contain “}”."));
  case JQ_ERROR_GAME_COMMENT_NOT_UTF8:
    return g_strdup(_("A comment is not valid UTF-8 text."));
  default: return NULL;
  }
}

/* A move that cannot be read; e->text is the move as written. */
static char *move_text(const JqError *e) {
  const char *t = e->text;
  g_autofree char *square = square_name(e->square);
  g_autofree char *square2 = square_name(e->square2);
  g_autofree char *piece = piece_name(e, 1);
  switch (e->code) {
  case JQ_ERROR_MOVE_EMPTY: return g_strdup(_("No move was given."));
  case JQ_ERROR_MOVE_TOO_LONG:
    return g_strdup_printf(_("“%s” is too long to be a move."), t);
  case JQ_ERROR_MOVE_UNKNOWN_FORM:
    return g_strdup_printf(_("“%s” is not a move in coordinates (h2e2), WXF "
                             "(C2.5) or Chinese (炮二平五)."),
                           t);
  case JQ_ERROR_MOVE_AMBIGUOUS: {
    g_autofree char *pieces = piece_name(e, e->n[0]);
    /* Translators: the move, a count, pieces ("Red chariots"), then the
     * marks that tell them apart ("前/后" or "+/-"). */
    return g_strdup_printf(
        g_dngettext(GETTEXT_PACKAGE,
                    "“%s” is ambiguous: %d %s could make that move; tell them "
                    "apart with %s.",
                    "“%s” is ambiguous: %d %s could make that move; tell them "
                    "apart with %s.",
                    e->n[0]),
        t, e->n[0], pieces, e->n[1] ? _("前/后") : "+/-");
  }
  case JQ_ERROR_MOVE_NONE_ON_FILE:
    /* Translators: the move, a piece ("Red horse"), then a file ("五"). */
    return g_strdup_printf(_("“%s”: there is no %s on file %s."), t, piece,
                           e->text2);
  case JQ_ERROR_MOVE_FILE_PIECE_CANNOT:
    /* Translators: the move, a piece ("Red horse"), then a file ("八"). */
    return g_strdup_printf(_("“%s” is not a legal move: the %s on file %s "
                             "cannot go there."),
                           t, piece, e->text2);
  case JQ_ERROR_MOVE_FILE_PIECES_CANNOT: {
    g_autofree char *pieces = piece_name(e, e->n[0]);
    /* Translators: the move, a count, pieces ("Red pawns"), a file. */
    return g_strdup_printf(
        g_dngettext(GETTEXT_PACKAGE,
                    "“%s” is not a legal move: none of the %d %s on file %s "
                    "can go there.",
                    "“%s” is not a legal move: none of the %d %s on file %s "
                    "can go there.",
                    e->n[0]),
        t, e->n[0], pieces, e->text2);
  }
  case JQ_ERROR_MOVE_NAMED_CANNOT:
    return g_strdup_printf(
        _("“%s” is not a legal move: the %s it names cannot go there."), t,
        piece);
  case JQ_ERROR_MOVE_NONE_AT_PLACE: {
    g_autofree char *place = place_name(e);
    if (e->text2[0])
      /* Translators: the move, a piece ("Red horse"), which one of like
       * pieces ("the front one of two or more"), then a file ("七"). */
      return g_strdup_printf(_("“%s”: no %s is %s on file %s."), t, piece,
                             place, e->text2);
    /* Translators: the move, a piece ("Red horse"), then which one of like
     * pieces ("the front one of two or more"). */
    return g_strdup_printf(_("“%s”: no %s is %s on one file."), t, piece,
                           place);
  }
  case JQ_ERROR_MOVE_NULL:
    return g_strdup(_("“0000” is a null move, not a move."));
  case JQ_ERROR_MOVE_NOT_COORDS:
    return g_strdup_printf(_("“%s” is not a coordinate move (like h2e2)."), t);
  case JQ_ERROR_MOVE_AFTER_SQUARES:
    return g_strdup_printf(_("“%s”: unexpected characters after the squares."),
                           t);
  case JQ_ERROR_MOVE_REVEAL_COUNT:
    return g_strdup_printf(
        _("“%s”: at most two reveal letters may follow the squares."), t);
  case JQ_ERROR_MOVE_EMPTY_SQUARE:
    return g_strdup_printf(_("“%s”: there is no piece on %s."), t, square);
  case JQ_ERROR_MOVE_NOT_YOURS:
    /* Translators: the move, a square, the piece's side, the side to
     * move. */
    return g_strdup_printf(_("“%s”: the piece on %s is %s's, but %s is to "
                             "move."),
                           t, square, color_name(e->color),
                           color_name(e->color2));
  case JQ_ERROR_MOVE_CANNOT_REACH:
    /* Translators: the move, a piece ("Red cannon"), two squares. */
    return g_strdup_printf(_("“%s”: the %s on %s cannot move to %s."), t, piece,
                           square, square2);
  case JQ_ERROR_MOVE_LEAVES_CHECK:
    /* Translators: the move, then the side that moves. */
    return g_strdup_printf(_("“%s” would leave the king of %s in check."), t,
                           color_name(e->color));
  case JQ_ERROR_MOVE_REVEAL_CASES:
    return g_strdup_printf(_("“%s”: of two reveal letters, one is in the "
                             "mover's case and one in the other."),
                           t);
  case JQ_ERROR_MOVE_REVEAL_ORDER:
    return g_strdup_printf(_("“%s”: the mover's reveal letter comes first, "
                             "the captured piece's second."),
                           t);
  case JQ_ERROR_MOVE_REVEAL_LETTER:
    return g_strdup_printf(_("“%s”: “%c” is not a piece letter."), t,
                           e->letter);
  case JQ_ERROR_MOVE_REVEAL_KING_LETTER:
    return g_strdup_printf(
        _("“%s”: a king is never hidden, so “%c” cannot be revealed."), t,
        e->letter);
  case JQ_ERROR_MOVE_REVEAL_NOT_HIDDEN:
    return g_strdup_printf(
        _("“%s”: the piece on %s is not hidden, so it reveals nothing."), t,
        square);
  case JQ_ERROR_MOVE_REVEAL_NO_VICTIM:
    return g_strdup_printf(
        _("“%s”: no hidden piece is captured on %s, so “%c” names nothing."), t,
        square, e->letter);
  case JQ_ERROR_MOVE_NO_HIDDEN_LEFT:
    /* Translators: the move, a side, a piece type ("chariot"). */
    return g_strdup_printf(_("“%s”: %s has no hidden %s left."), t,
                           color_name(e->color), type_name(e->type, 1));
  case JQ_ERROR_WXF_NOT_ASCII:
    return g_strdup_printf(_("“%s” is not a WXF move: those are written with "
                             "ASCII letters, digits and + - ."),
                           t);
  case JQ_ERROR_WXF_LENGTH:
    return g_strdup_printf(_("“%s” is not a WXF move: those have four "
                             "characters, like C2.5 or H8+7."),
                           t);
  case JQ_ERROR_WXF_FIVE_FORM:
    return g_strdup_printf(
        _("“%s”: a five-character WXF move is a piece letter, its file and "
          "its place from the front, like H71+5."),
        t);
  case JQ_ERROR_WXF_AFTER_LETTER:
    return g_strdup_printf(_("“%s”: after the piece letter comes a file "
                             "1–9, or + or - for tandem pieces."),
                           t);
  case JQ_ERROR_WXF_AFTER_FILE:
    return g_strdup_printf(_("“%s”: after a file in first place comes +, - "
                             "or the same file again (the middle pawn)."),
                           t);
  case JQ_ERROR_WXF_BAD_LETTER:
    return g_strdup_printf(
        _("“%s”: “%c” is not a WXF piece letter (K A E H R C P)."), t,
        e->letter);
  case JQ_ERROR_WXF_BAD_DIRECTION:
    return g_strdup_printf(_("“%s”: the next to last character must be + "
                             "(advance), - (retreat) or . (traverse)."),
                           t);
  case JQ_ERROR_WXF_BAD_NUMBER:
    return g_strdup_printf(_("“%s”: the last character must be a digit 1–9."),
                           t);
  case JQ_ERROR_CHINESE_NOT_UTF8:
    return g_strdup_printf(_("“%s” is not valid text."), t);
  case JQ_ERROR_CHINESE_ENDS_EARLY:
    /* Translators: the move, then what it lacks ("the end of the move"). */
    return g_strdup_printf(_("“%s” ends too early: expected %s."), t,
                           expected_name(e->n[0]));
  case JQ_ERROR_CHINESE_UNEXPECTED:
    /* Translators: the move, the character found, then what should have
     * been there ("进, 退 or 平"). */
    return g_strdup_printf(_("“%s”: unexpected “%s”, expected %s."), t,
                           e->text2, expected_name(e->n[0]));
  case JQ_ERROR_CHINESE_REVEAL_NOT_HIDDEN:
    return g_strdup_printf(
        _("“%s”: the piece that moves is not hidden, so it reveals "
          "nothing."),
        t);
  case JQ_ERROR_CHINESE_REVEAL_KING:
    return g_strdup_printf(
        _("“%s”: a king is never hidden, so it cannot be revealed."), t);
  default: return NULL;
  }
}

/* A PGN problem of the file as a whole or of one tag. */
static char *pgn_text(const JqError *e) {
  g_autofree char *square = square_name(e->square);
  switch (e->code) {
  case JQ_ERROR_PGN_NO_GAME: return g_strdup(_("There is no game in it."));
  case JQ_ERROR_PGN_TAG_NAME_LONG:
    return g_strdup(_("a tag name is too long."));
  case JQ_ERROR_PGN_TAG_FORM:
    return g_strdup(_("a tag is written [Name \"value\"]."));
  case JQ_ERROR_PGN_TAG_VALUE_LONG:
    /* Translators: a tag's name, then a number of bytes. */
    return g_strdup_printf(_("the tag %s is longer than %d bytes."), e->text,
                           e->n[0]);
  case JQ_ERROR_PGN_TAG_NO_QUOTE:
    return g_strdup_printf(_("the tag %s has no closing quote."), e->text);
  case JQ_ERROR_PGN_TAG_NO_BRACKET:
    return g_strdup_printf(_("the tag %s has no closing “]”."), e->text);
  case JQ_ERROR_PGN_UNKNOWN_VARIANT:
    return g_strdup_printf(
        _("The variant “%s” is unknown: it is xiangqi or jieqi."), e->text);
  case JQ_ERROR_PGN_DEAL_IN_XIANGQI:
    return g_strdup(_("A xiangqi game has no deal of hidden pieces."));
  case JQ_ERROR_PGN_DEAL_SHORT:
    return g_strdup_printf(
        _("The deal has no letter for the hidden piece on %s."), square);
  case JQ_ERROR_PGN_DEAL_BAD_LETTER:
    /* Translators: a letter, a side, then a square. */
    return g_strdup_printf(
        _("In the deal, “%c” cannot be the hidden piece of %s on %s."),
        e->letter, color_name(e->color), square);
  case JQ_ERROR_PGN_DEAL_LONG:
    return g_strdup(_("The deal has more letters than there are hidden "
                      "pieces."));
  case JQ_ERROR_PGN_DEAL_VS_MOVE:
    if (e->n[0] == 0)
      /* Translators: a square, then two piece types ("pawn", "chariot"). */
      return g_strdup_printf(_("The deal makes the piece on %s a %s, but the "
                               "move reveals a %s."),
                             square, type_name(e->type, 1),
                             type_name(e->type2, 1));
    /* Translators: a square, then two piece types ("pawn", "chariot"). */
    return g_strdup_printf(_("The deal makes the piece on %s a %s, but the "
                             "move captures it as a %s."),
                           square, type_name(e->type, 1),
                           type_name(e->type2, 1));
  case JQ_ERROR_PGN_COMMENT_OPEN:
    return g_strdup(_("a comment has no closing “}”."));
  case JQ_ERROR_PGN_VARIATION_OPEN:
    return g_strdup(_("a variation has no closing “)”."));
  case JQ_ERROR_PGN_TOKEN_LONG:
    return g_strdup_printf(_("“%s” is no move."), e->text);
  case JQ_ERROR_PGN_UNEXPECTED:
    return g_strdup_printf(_("unexpected “%c”."), e->letter);
  case JQ_ERROR_PGN_AFTER_END: {
    g_autofree char *result = result_name(e);
    /* Translators: a move, then how the game ended ("checkmate"). */
    return g_strdup_printf(_("“%s” comes after the end of the game (%s)."),
                           e->text, result);
  }
  case JQ_ERROR_PGN_BAD_RESULT:
    return g_strdup_printf(
        _("The result “%s” is none of 1-0, 0-1, 1/2-1/2 and *."), e->text);
  case JQ_ERROR_PGN_RESULTS_DIFFER:
    /* Translators: two results, such as "1-0" and "*". */
    return g_strdup_printf(
        _("The result tag says %s but the moves end with %s."), e->text,
        e->text2);
  case JQ_ERROR_PGN_REASON_VS_RESULT:
    /* Translators: the reason as written ("Red resigned"), a result. */
    return g_strdup_printf(_("The reason “%s” does not fit the result %s."),
                           e->text, e->text2);
  case JQ_ERROR_PGN_RESULT_VS_MOVES:
    /* Translators: two results, such as "0-1" and "1-0". */
    return g_strdup_printf(_("The record says %s but the moves end %s."),
                           e->text, e->text2);
  case JQ_ERROR_PGN_REASON_VS_MOVES: {
    g_autofree char *result = result_name(e);
    /* Translators: the reason as written, then how the moves end. */
    return g_strdup_printf(_("The reason “%s” is not how the moves end (%s)."),
                           e->text, result);
  }
  case JQ_ERROR_PGN_REASON_NOT_REACHED:
    /* Translators: the reason as written ("checkmate"), then why it does
     * not hold ("the final position is not mate"). */
    return g_strdup_printf(_("The reason “%s” does not hold: %s."), e->text,
                           not_reached(e->n[0]));
  default: return NULL;
  }
}

/* What is wrong, without where. */
static char *what_text(const JqError *e) {
  if (e->code >= JQ_ERROR_FEN_EMPTY && e->code <= JQ_ERROR_FEN_CHECK_TO_TAKE) {
    if (e->code == JQ_ERROR_FEN_EMPTY)
      return g_strdup(_("The position is empty."));
    g_autofree char *problem = fen_text(e);
    /* Translators: a part of the position text ("Board"), then what is
     * wrong with it. */
    return g_strdup_printf(_("%s: %s"), fen_field_name(e->field), problem);
  }
  char *text = NULL;
  if (e->code >= JQ_ERROR_GAME_POOL_SHORT &&
      e->code <= JQ_ERROR_GAME_COMMENT_NOT_UTF8)
    text = game_text(e);
  else if (e->code >= JQ_ERROR_MOVE_EMPTY &&
           e->code <= JQ_ERROR_CHINESE_REVEAL_KING)
    text = move_text(e);
  else if (e->code >= JQ_ERROR_PGN_NO_GAME && e->code < JQ_ERROR_CODE_COUNT)
    text = pgn_text(e);
  else if (e->code == JQ_ERROR_NO_MEMORY)
    text = g_strdup(_("There is not enough memory."));
  if (text)
    return text;
  /* A refusal without a code has only English words: those go to the
   * log, the user gets a general word. */
  g_message("Refused: %s", e->message);
  return g_strdup(_("Something went wrong inside the app."));
}

char *jq_error_text(const JqError *err) {
  g_return_val_if_fail(err != NULL, NULL);
  g_autofree char *what = what_text(err);
  if (err->tag[0] && g_str_equal(err->tag, "FEN"))
    /* Translators: the FEN tag of a game file holds its starting position;
     * %s says what is wrong with it. */
    return g_strdup_printf(_("The starting position: %s"), what);
  if (err->tag[0])
    /* Translators: a tag of a game file, then what is wrong with it. */
    return g_strdup_printf(_("The tag %s: %s"), err->tag, what);
  if (err->line > 0 && err->ply > 0 && err->move[0])
    /* Translators: a line of the file, a ply (a move of one side), the
     * move as written, then what is wrong with it. */
    return g_strdup_printf(_("Line %d, ply %d (“%s”): %s"), err->line, err->ply,
                           err->move, what);
  if (err->line > 0 && err->ply > 0)
    /* Translators: a line of the file, a ply (a move of one side), then
     * what is wrong. */
    return g_strdup_printf(_("Line %d, ply %d: %s"), err->line, err->ply, what);
  if (err->line > 0)
    /* Translators: a line of the file, then what is wrong there. */
    return g_strdup_printf(_("Line %d: %s"), err->line, what);
  return g_steal_pointer(&what);
}
