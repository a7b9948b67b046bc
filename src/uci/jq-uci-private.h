/* Private to the UCI front end: the session state and the pieces each file
 * provides (reading lines, writing answers, options, position, go, perft,
 * the board display). Only the main thread reads commands and changes the
 * session; the search thread reads its own copy of the position and limits
 * and writes through the locked output. */
#pragma once

#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>

#include "jq-ai.h"
#include "jq-position.h"

/* Longer lines are read to their end and refused. Long enough for a game
 * of thousands of moves sent as one `position startpos moves …` line. */
#define JQ_UCI_LINE_MAX (1 << 20)
/* Deepest `go depth` (and `go mate`) accepted; the search caps it anyway. */
#define JQ_UCI_MAX_DEPTH 127
/* Deepest `go perft`: it can be stopped, so this is only a sanity bound. */
#define JQ_UCI_MAX_PERFT 20
/* Longest text quoted back in an error message. */
#define JQ_UCI_QUOTE_MAX 48

/* The options of the `uci` answer, in the order they are listed. */
typedef enum {
  JQ_UCI_OPT_VARIANT,
  JQ_UCI_OPT_HASH,
  JQ_UCI_OPT_CLEAR_HASH,
  JQ_UCI_OPT_THREADS,
  JQ_UCI_OPT_MULTIPV,
  JQ_UCI_OPT_SKILL,
  JQ_UCI_OPT_LIMIT_STRENGTH,
  JQ_UCI_OPT_ELO,
  JQ_UCI_OPT_PONDER,
  JQ_UCI_OPT_ALGORITHM,
  JQ_UCI_OPT_LEAF,
  JQ_UCI_OPT_EXPLORATION,
  JQ_UCI_OPT_PLAYOUT_PLIES,
  JQ_UCI_OPT_CAPTURES_FIRST,
  JQ_UCI_OPT_OUTCOMES,
  JQ_UCI_OPT_REUSE,
  JQ_UCI_OPT_PRIOR,
  JQ_UCI_OPT_FIRST_PLAY,
  JQ_UCI_OPT_CENTER,
  JQ_UCI_OPT_HALVING,
  JQ_UCI_OPT_HINT,
  JQ_UCI_OPT_OVERRULE,
  JQ_UCI_OPT_PRIOR_VISITS,
  JQ_UCI_OPT_PRIOR_DEPTH,
  JQ_UCI_OPT_PRIOR_TEMP,
  JQ_UCI_OPT_PRIOR_MIX,
  JQ_UCI_OPT_PRIOR_REVEALS,
  JQ_UCI_OPT_DEALS,
  JQ_UCI_OPT_COUNT
} JqUciOptionId;

#define JQ_UCI_VALUE_MAX 32

typedef struct {
  char *buf;
  size_t cap;
  bool too_long; /* the line was longer than JQ_UCI_LINE_MAX */
} JqUciLine;

typedef struct {
  FILE *in, *out;
  pthread_mutex_t out_lock;
  atomic_bool out_broken; /* writing failed: the GUI has gone */

  JqAi *ai;
  char values[JQ_UCI_OPT_COUNT][JQ_UCI_VALUE_MAX]; /* current option values */
  JqVariant variant;                               /* UCI_Variant */

  JqPosition *pos;     /* the engine's view, as the last `position` set it */
  bool has_pos;        /* false after a refused `position`: pos is stale */
  JqPosition *scratch; /* a `position` command is built here first */

  /* The search thread. `running` (main thread only): started, not joined. */
  bool running;
  pthread_t thread;
  atomic_bool stop;
  /* Set by the thread just before its last line: from then on it touches
   * neither the AI nor anything a command changes (only search_pos, which
   * a new `go` reuses after joining), so commands may go ahead. */
  atomic_bool done;
  /* A search in `infinite` or `ponder` mode that ends early waits for
   * `stop` (or `ponderhit`) before it answers, as UCI requires. */
  pthread_mutex_t wait_lock;
  pthread_cond_t wait_cond;
  bool infinite;  /* under wait_lock */
  bool pondering; /* under wait_lock */
  bool thinking;  /* under wait_lock: jq_ai_think has not returned yet */

  /* What the thread works on, set before it starts. */
  JqPosition *search_pos;
  JqLimits limits;
  int perft_depth; /* > 0: `go perft` instead of a search */
} JqUci;

/* jq-uci-io.c: lines in, answers out. */
void jq_uci_line_init(JqUciLine *line);
void jq_uci_line_clear(JqUciLine *line);
/* Reads the next line (without its end of line); false at the end of
 * input. */
bool jq_uci_read_line(FILE *in, JqUciLine *line);
/* Splits off the next blank-separated token of *cursor, NULL when none is
 * left. The line is cut in place. */
char *jq_uci_token(char **cursor);
/* Copies at most JQ_UCI_QUOTE_MAX characters of text for an error message,
 * with control characters replaced and "..." when cut. */
void jq_uci_quote(const char *text, char out[JQ_UCI_QUOTE_MAX + 4]);
/* Writes one line, flushed, under the output lock. */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
void jq_uci_send(JqUci *uci, const char *fmt, ...);
/* "info string …": what went wrong with a command. */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
void jq_uci_info_string(JqUci *uci, const char *fmt, ...);
/* Parses a whole decimal integer in [min, max]. */
bool jq_uci_parse_int(const char *text, long long min, long long max,
                      long long *out);

/* jq-uci-options.c */
/* Sets every option to its default and hands the engine's to the AI. */
void jq_uci_options_init(JqUci *uci);
/* The `uci` answer's option lines. */
void jq_uci_options_print(JqUci *uci);
/* `setoption name N [value V]`; args is what follows the command. */
void jq_uci_cmd_setoption(JqUci *uci, char *args);

/* jq-uci-position.c */
/* Sets the position to the start of the current variant: at launch, at
 * ucinewgame and when UCI_Variant changes. */
void jq_uci_position_reset(JqUci *uci);
void jq_uci_cmd_position(JqUci *uci, char *args);

/* jq-uci-go.c */
void jq_uci_cmd_go(JqUci *uci, char *args);
/* Ends the search (or perft) and waits for its answer. */
void jq_uci_cmd_stop(JqUci *uci);
void jq_uci_cmd_ponderhit(JqUci *uci);
/* Is a search (or perft) thread still working? */
bool jq_uci_searching(JqUci *uci);
/* Stops the thread, if any, and waits for it to end. */
void jq_uci_stop_and_join(JqUci *uci);
/* Joins a thread that has already answered. */
void jq_uci_reap(JqUci *uci);

/* jq-uci-info.c: the search's answers. */
void jq_uci_send_progress(const JqProgress *progress, void *data);
/* `bestmove m [ponder p]`, `bestmove (none)` with no move. */
void jq_uci_send_bestmove(JqUci *uci, const JqPosition *root, JqMove best,
                          JqMove ponder);
/* UCI's score text for a search score: "cp X" or "mate M". */
void jq_uci_score_text(int score, char *buf, size_t size);

/* jq-uci-perft.c: `go perft N`, run in the search thread; sets done. */
void jq_uci_perft(JqUci *uci, JqPosition *pos, int depth);

/* jq-uci-show.c: the `d` debug command. */
void jq_uci_cmd_show(JqUci *uci);

/* jq-uci-hook.c: points where a test may hold a thread. Set the hook before
 * a session starts and clear it after the session has ended. */
typedef enum {
  JQ_UCI_HOOK_SEARCH_START, /* search thread, before the AI thinks */
  JQ_UCI_HOOK_SEARCH_END,   /* search thread, before it marks itself done */
  JQ_UCI_HOOK_COMMAND_DONE, /* command loop, after each line is handled */
} JqUciHookPoint;
typedef void (*JqUciHook)(JqUciHookPoint point, void *data);
void jq_uci_set_test_hook(JqUciHook fn, void *data);
void jq_uci_hook(JqUciHookPoint point);
