/* A move's annotations beyond its comment, kept with the record and in the
 * PGN: the move's assessment as a NAG ("$2", shown "?") and an engine's
 * score of the position it led to, as the [%eval] command other programs
 * read ("[%eval 0.35,12]": pawns from Red's point of view, "#3" / "#-3" for
 * a mate in so many moves for Red / Black, then the depth). */
#pragma once

#include <stdbool.h>
#include <stddef.h>

/* The move assessments of the PGN standard: the only NAGs kept. */
typedef enum {
  JQ_NAG_NONE = 0,
  JQ_NAG_GOOD = 1,        /* ! */
  JQ_NAG_MISTAKE = 2,     /* ? */
  JQ_NAG_BRILLIANT = 3,   /* !! */
  JQ_NAG_BLUNDER = 4,     /* ?? */
  JQ_NAG_INTERESTING = 5, /* !? */
  JQ_NAG_DUBIOUS = 6,     /* ?! */
} JqNag;

#define JQ_NAG_MAX JQ_NAG_DUBIOUS

/* The suffix a NAG stands for ("?!"), "" for none or another. */
const char *jq_nag_symbol(int nag);
/* The NAG of a suffix ("??" -> JQ_NAG_BLUNDER), JQ_NAG_NONE when it is
 * none of them. */
JqNag jq_nag_from_symbol(const char *symbol);

typedef enum {
  JQ_EVAL_NONE = 0,
  JQ_EVAL_CP = 1,   /* value: centipawns, Red's point of view */
  JQ_EVAL_MATE = 2, /* value: moves to mate, > 0 Red mates, < 0 Black */
} JqEvalKind;

typedef struct {
  JqEvalKind kind;
  int value;
  int depth; /* plies searched; 0 when unknown */
} JqEval;

/* Centipawns and mates the text can carry. */
#define JQ_EVAL_CP_MAX 100000
#define JQ_EVAL_MATE_MAX 500

/* Whether `eval` is one the record can keep: a known kind, a value in
 * range (a mate of 0 moves is none), a depth of 0 to 999. */
bool jq_eval_is_valid(const JqEval *eval);

/* "[%eval 0.35,12]" ("[%eval -1.20]" without a depth, "[%eval #-3,9]")
 * into buf; false when it does not fit or `eval` is not valid. */
bool jq_eval_format(const JqEval *eval, char *buf, size_t size);

/* Reads an [%eval ...] command at the start of `text` (blanks before it
 * allowed). On success *out gets it and *end points past the command and
 * the blanks after it; false, and nothing written, when there is none or
 * it is malformed. */
bool jq_eval_parse(const char *text, JqEval *out, const char **end);
