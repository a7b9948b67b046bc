/* Private to jieqi-cli: the subcommands and the small helpers they share. */
#pragma once

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "jq-fen.h"
#include "jq-position.h"

/* Exit status for a command line that could not be understood. */
#define JQ_CLI_EXIT_USAGE 2

/* Each subcommand gets argv with argv[0] being its own name. */
int jq_cli_perft(int argc, char **argv);
int jq_cli_moves(int argc, char **argv);
int jq_cli_show(int argc, char **argv);
int jq_cli_play(int argc, char **argv);
int jq_cli_uci(int argc, char **argv);
int jq_cli_match(int argc, char **argv);
int jq_cli_bench(int argc, char **argv);
/* Network play (jq-cli-net.c): only when built with src/net. */
int jq_cli_host(int argc, char **argv);
int jq_cli_join(int argc, char **argv);

/* Prints "jieqi-cli COMMAND: message" and a hint to stderr; returns
 * JQ_CLI_EXIT_USAGE so a command can `return jq_cli_usage_error(...)`. */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
int jq_cli_usage_error(const char *command, const char *fmt, ...);

/* "xiangqi", "jieqi" (or NULL for auto-detection from a FEN). */
bool jq_cli_parse_variant(const char *text, JqFenVariant *out);
/* A decimal 64-bit seed. */
bool jq_cli_parse_seed(const char *text, uint64_t *out);

/* English name of a piece type: "chariot", "horse"... */
const char *jq_cli_type_name(JqPieceType type);

/* The text board, side to move, pools, captures and FEN of a position.
 * With `chinese`, pieces are drawn as characters (帅, 车, 暗...). */
void jq_cli_print_board(FILE *out, const JqPosition *pos, bool chinese);
/* The FEN a position is shown with: JieqiBox's dialect for jieqi. */
void jq_cli_position_fen(const JqPosition *pos, char buf[JQ_FEN_MAX]);
/* The legal moves of a position, one a line, with notations when known. */
void jq_cli_print_moves(FILE *out, const JqPosition *pos);

/* What a jieqi move turned up, as one reader learnt it (jq-cli-reveal.c). */
typedef struct {
  JqColor mover;
  int from;
  JqPieceType mover_type; /* the hidden mover's identity; JQ_NO_TYPE: the
                             mover was not hidden */
  bool captured_hidden;
  JqPieceType captured_type; /* JQ_NO_TYPE: the reader did not learn it */
} JqCliReveal;

/* "a3 revealed as a chariot", then what a captured hidden piece was, or
 * who alone learns it under `rule`; nothing for a move that turned nothing
 * up. The words of `play`, `host` and `join`. */
void jq_cli_print_reveal(FILE *out, const JqCliReveal *r, JqDisclosure rule);
/* The last move of a view as that view's observer learnt it; false when
 * the view holds no move. */
bool jq_cli_last_reveal(const JqPosition *view, JqCliReveal *out);
