/* Error reports for bad input: what is wrong as a code and its arguments,
 * which a program can word in any language (the app does, through gettext),
 * and the same in English (`message`, for the CLI, the UCI engine and
 * logs). */
#pragma once

#include <stdbool.h>
#include <stddef.h>

/* Each code lists the arguments it sets (fields of JqError below). A
 * colour is a JqColor, a type a JqPieceType, a square a board index
 * (jq-types.h); text is the input as it was quoted into the message
 * (bytes that would not print written \xNN, long text cut with "..."). */
typedef enum {
  JQ_ERROR_NONE = 0,
  JQ_ERROR_OTHER,     /* no code: only the English message (engines, CLI) */
  JQ_ERROR_NO_MEMORY, /* none */
  JQ_ERROR_BAD_CALL,  /* none: a caller passed NULL or a bad value */

  /* FEN (jq-fen.h). `field` is the JqErrorField the error is in. */
  JQ_ERROR_FEN_EMPTY,               /* none */
  JQ_ERROR_FEN_RANK_WIDTH,          /* n[0] rank, n[1] files it has */
  JQ_ERROR_FEN_TOO_MANY_RANKS,      /* none */
  JQ_ERROR_FEN_TOO_FEW_RANKS,       /* n[0] ranks it has */
  JQ_ERROR_FEN_ZERO_COUNT,          /* n[0] rank */
  JQ_ERROR_FEN_UNKNOWN_LETTER,      /* field, text: the letter */
  JQ_ERROR_FEN_HIDDEN_KING_POINT,   /* square */
  JQ_ERROR_FEN_HIDDEN_OFF_START,    /* color, square */
  JQ_ERROR_FEN_BAD_SIDE,            /* text */
  JQ_ERROR_FEN_HIDDEN_IN_COUNT,     /* field, letter ('X' in a pool) */
  JQ_ERROR_FEN_KING_IN_COUNT,       /* field, letter */
  JQ_ERROR_FEN_LETTER_TWICE,        /* field, letter */
  JQ_ERROR_FEN_COUNT_HUGE,          /* field, letter, n[0] most allowed */
  JQ_ERROR_FEN_COUNT_TOO_MANY,      /* field, letter, n[0] count, n[1] most */
  JQ_ERROR_FEN_NEGATIVE,            /* field, text */
  JQ_ERROR_FEN_NOT_A_NUMBER,        /* field, text */
  JQ_ERROR_FEN_NUMBER_TOO_LARGE,    /* field, text, n[0] most allowed */
  JQ_ERROR_FEN_TRAILING_TEXT,       /* text */
  JQ_ERROR_FEN_KING_OUTSIDE_PALACE, /* color, square */
  JQ_ERROR_FEN_PIECE_OFF_POINTS,    /* color, type, square */
  JQ_ERROR_FEN_NO_KING,             /* color */
  JQ_ERROR_FEN_KINGS,               /* color, n[0] kings */
  JQ_ERROR_FEN_TOO_MANY_ON_BOARD,   /* color, type, n[0] count, n[1] most */
  /* color, type, n[0] on the board, n[1] in the pool, n[2] most */
  JQ_ERROR_FEN_POOL_TOO_MANY,
  /* color, type, n[0] on the board, n[1] in the pool, n[2] captured
   * hidden, n[3] most */
  JQ_ERROR_FEN_CAPTURED_TOO_MANY,
  /* color, n[0] hidden pieces on the board, n[1] in the pool */
  JQ_ERROR_FEN_POOL_SHORT,
  JQ_ERROR_FEN_XIANGQI_HIDDEN,   /* none */
  JQ_ERROR_FEN_XIANGQI_POOL,     /* none */
  JQ_ERROR_FEN_XIANGQI_CAPTURED, /* none */
  JQ_ERROR_FEN_CHECK_TO_TAKE,    /* color: the side to move */

  /* Games (jq-game.h, jq-redeal.h). */
  JQ_ERROR_GAME_POOL_SHORT,        /* none */
  JQ_ERROR_GAME_DEAL_MISSING,      /* square */
  JQ_ERROR_GAME_DEAL_TOO_MANY,     /* color, type */
  JQ_ERROR_GAME_NO_HIDDEN_LEFT,    /* color, type */
  JQ_ERROR_GAME_OVER,              /* none */
  JQ_ERROR_GAME_ILLEGAL_MOVE,      /* none */
  JQ_ERROR_GAME_LEAVES_CHECK,      /* none */
  JQ_ERROR_GAME_MOVER_NOT_HIDDEN,  /* none */
  JQ_ERROR_GAME_NO_HIDDEN_CAPTURE, /* none */
  JQ_ERROR_GAME_REVEAL_KING,       /* none */
  JQ_ERROR_GAME_DEAL_DISAGREES,    /* square */
  /* Comments (jq_game_set_comment). */
  JQ_ERROR_GAME_COMMENT_PLY,      /* n[0] the ply, n[1] the moves played */
  JQ_ERROR_GAME_COMMENT_LONG,     /* n[0] most bytes */
  JQ_ERROR_GAME_COMMENT_BRACE,    /* none: it holds a '}' */
  JQ_ERROR_GAME_COMMENT_NOT_UTF8, /* none */

  /* Moves (jq-notation.h); text is the move as given. A "piece" is color,
   * type and hidden; a file as the notation writes it is in text2. */
  JQ_ERROR_MOVE_EMPTY,        /* none */
  JQ_ERROR_MOVE_TOO_LONG,     /* text */
  JQ_ERROR_MOVE_UNKNOWN_FORM, /* text */
  /* text, piece, n[0] pieces that could, n[1] 1 when Chinese */
  JQ_ERROR_MOVE_AMBIGUOUS,
  JQ_ERROR_MOVE_NONE_ON_FILE,       /* text, piece, text2 file */
  JQ_ERROR_MOVE_FILE_PIECE_CANNOT,  /* text, piece, text2 file */
  JQ_ERROR_MOVE_FILE_PIECES_CANNOT, /* text, piece, text2 file, n[0] count */
  JQ_ERROR_MOVE_NAMED_CANNOT,       /* text, piece */
  /* text, piece, n[0] the JqErrorPick, n[1] the place from the front for
   * JQ_ERROR_PICK_ORDINAL, text2 file ("" when the move names none) */
  JQ_ERROR_MOVE_NONE_AT_PLACE,
  JQ_ERROR_MOVE_NULL,          /* none: "0000" */
  JQ_ERROR_MOVE_NOT_COORDS,    /* text */
  JQ_ERROR_MOVE_AFTER_SQUARES, /* text */
  JQ_ERROR_MOVE_REVEAL_COUNT,  /* text */
  JQ_ERROR_MOVE_EMPTY_SQUARE,  /* text, square */
  JQ_ERROR_MOVE_NOT_YOURS,     /* text, square, color owner, color2 mover */
  JQ_ERROR_MOVE_CANNOT_REACH,  /* text, piece, square, square2 */
  JQ_ERROR_MOVE_LEAVES_CHECK,  /* text, color */
  JQ_ERROR_MOVE_REVEAL_CASES,  /* text, color: the mover */
  JQ_ERROR_MOVE_REVEAL_ORDER,  /* text */
  JQ_ERROR_MOVE_REVEAL_LETTER, /* text, letter */
  JQ_ERROR_MOVE_REVEAL_KING_LETTER, /* text, letter */
  JQ_ERROR_MOVE_REVEAL_NOT_HIDDEN,  /* text, square */
  JQ_ERROR_MOVE_REVEAL_NO_VICTIM,   /* text, square, letter */
  JQ_ERROR_MOVE_NO_HIDDEN_LEFT,     /* text, color, type */
  JQ_ERROR_WXF_NOT_ASCII,           /* text */
  JQ_ERROR_WXF_LENGTH,              /* text */
  JQ_ERROR_WXF_FIVE_FORM,           /* text */
  JQ_ERROR_WXF_AFTER_LETTER,        /* text */
  JQ_ERROR_WXF_AFTER_FILE,          /* text */
  JQ_ERROR_WXF_BAD_LETTER,          /* text, letter */
  JQ_ERROR_WXF_BAD_DIRECTION,       /* text */
  JQ_ERROR_WXF_BAD_NUMBER,          /* text */
  JQ_ERROR_CHINESE_NOT_UTF8,        /* text */
  JQ_ERROR_CHINESE_ENDS_EARLY,      /* text, n[0] the JqErrorExpect */
  /* text, text2 the character found, n[0] the JqErrorExpect */
  JQ_ERROR_CHINESE_UNEXPECTED,
  JQ_ERROR_CHINESE_REVEAL_NOT_HIDDEN, /* text */
  JQ_ERROR_CHINESE_REVEAL_KING,       /* text */

  /* PGN (jq-pgn.h); where in the file is in line, ply, move and tag. */
  JQ_ERROR_PGN_NO_GAME,         /* none */
  JQ_ERROR_PGN_TAG_NAME_LONG,   /* none */
  JQ_ERROR_PGN_TAG_FORM,        /* none */
  JQ_ERROR_PGN_TAG_VALUE_LONG,  /* text tag name, n[0] most bytes */
  JQ_ERROR_PGN_TAG_NO_QUOTE,    /* text tag name */
  JQ_ERROR_PGN_TAG_NO_BRACKET,  /* text tag name */
  JQ_ERROR_PGN_UNKNOWN_VARIANT, /* text */
  JQ_ERROR_PGN_DEAL_IN_XIANGQI, /* none */
  JQ_ERROR_PGN_DEAL_SHORT,      /* square */
  JQ_ERROR_PGN_DEAL_BAD_LETTER, /* letter, color, square */
  JQ_ERROR_PGN_DEAL_LONG,       /* none */
  /* square, type dealt, type2 named, n[0] 0 when the move reveals the
   * piece, 1 when it captures it */
  JQ_ERROR_PGN_DEAL_VS_MOVE,
  JQ_ERROR_PGN_COMMENT_OPEN,   /* none */
  JQ_ERROR_PGN_VARIATION_OPEN, /* none */
  JQ_ERROR_PGN_TOKEN_LONG,     /* text: its start */
  JQ_ERROR_PGN_UNEXPECTED,     /* letter */
  /* text the move, n[0] JqOutcome, n[1] JqReason, n[2] culprit JqColor:
   * the game's result */
  JQ_ERROR_PGN_AFTER_END,
  JQ_ERROR_PGN_BAD_RESULT,       /* text */
  JQ_ERROR_PGN_RESULTS_DIFFER,   /* text the Result tag, text2 the token */
  JQ_ERROR_PGN_REASON_VS_RESULT, /* text the reason, text2 the result */
  JQ_ERROR_PGN_RESULT_VS_MOVES,  /* text the result, text2 the moves' */
  /* text the reason, n[0] JqOutcome, n[1] JqReason, n[2] culprit
   * JqColor: what the moves end in */
  JQ_ERROR_PGN_REASON_VS_MOVES,
  JQ_ERROR_PGN_REASON_NOT_REACHED, /* text the reason, n[0] its JqReason */

  JQ_ERROR_CODE_COUNT
} JqErrorCode;

/* The fields of a FEN string. */
typedef enum {
  JQ_ERROR_FIELD_BOARD = 0,
  JQ_ERROR_FIELD_SIDE,
  JQ_ERROR_FIELD_POOL,
  JQ_ERROR_FIELD_CAPTURED,
  JQ_ERROR_FIELD_HALFMOVE,
  JQ_ERROR_FIELD_FULLMOVE,
} JqErrorField;

/* Which of several like pieces a move names (JQ_ERROR_MOVE_NONE_AT_PLACE). */
typedef enum {
  JQ_ERROR_PICK_FRONT = 0,
  JQ_ERROR_PICK_REAR,
  JQ_ERROR_PICK_MIDDLE,
  JQ_ERROR_PICK_ORDINAL,
} JqErrorPick;

/* What a Chinese move should have had where it went wrong. */
typedef enum {
  JQ_ERROR_EXPECT_NAME_OR_FILE = 0, /* after 前/中/后 */
  JQ_ERROR_EXPECT_NAME_OR_PLACE,    /* at the start */
  JQ_ERROR_EXPECT_FILE,             /* after the piece */
  JQ_ERROR_EXPECT_DIRECTION,        /* 进 退 平 */
  JQ_ERROR_EXPECT_NUMBER,           /* after the direction */
  JQ_ERROR_EXPECT_REVEALED,         /* inside "(...)" */
  JQ_ERROR_EXPECT_CLOSE,            /* ")" */
  JQ_ERROR_EXPECT_END,
} JqErrorExpect;

#define JQ_ERROR_TEXT_MAX 72

/* The fields sit in one anonymous struct so that `JqError err = {{0}}`,
 * the callers' way to start empty, stays a complete initializer. */
typedef struct {
  struct {
    JqErrorCode code;
    char message[200]; /* in English: where, then what is wrong */
    /* The arguments: which ones a code sets is listed at the code. */
    int field;
    int color, color2;
    int type, type2;
    bool hidden;
    int square, square2;
    char letter;
    int n[4];
    char text[JQ_ERROR_TEXT_MAX];
    char text2[JQ_ERROR_TEXT_MAX];
    /* Where in a PGN file: its line and ply (0 when not known), the move
     * as written and the tag ("" when none). */
    int line, ply;
    char move[JQ_ERROR_TEXT_MAX];
    char tag[16];
  };
} JqError;

/* The arguments of jq_error_fail, copied into the JqError. */
typedef struct {
  int field;
  int color, color2;
  int type, type2;
  bool hidden;
  int square, square2;
  char letter;
  int n[4];
  const char *text;
  const char *text2;
} JqErrorArgs;

/* Fills err (when not NULL) with a printf-style message and the code
 * JQ_ERROR_OTHER; returns false so callers can write
 * `return jq_error_set(err, ...)`. */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
bool jq_error_set(JqError *err, const char *fmt, ...);

/* The same with a code and its arguments; the message is the English
 * wording of them. Returns false. */
#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
bool jq_error_fail(JqError *err, JqErrorCode code, JqErrorArgs args,
                   const char *fmt, ...);

/* Places an error in a PGN file: copies `what` into err (when not NULL),
 * sets line, ply, move and tag (0 or NULL when not known) and puts them in
 * front of the English message: "line 4, ply 3: zz99: ...", "FEN: ...".
 * `what` may be err itself. Returns false. */
bool jq_error_locate(JqError *err, const JqError *what, int line, int ply,
                     const char *move, const char *tag);
