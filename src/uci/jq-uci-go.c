/* `go`: reads the limits, then searches (or counts perft) in a thread of
 * its own so the main loop keeps answering; `stop` and `ponderhit` reach
 * the search through an atomic flag and jq_ai_ponderhit (the AI's clock is
 * prepared before the thread starts, so no ponderhit comes too early). */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "jq-movegen.h"
#include "jq-notation.h"
#include "jq-uci-private.h"

bool jq_uci_searching(JqUci *uci) {
  return uci->running && !atomic_load(&uci->done);
}

void jq_uci_reap(JqUci *uci) {
  if (uci->running && atomic_load(&uci->done)) {
    pthread_join(uci->thread, NULL);
    uci->running = false;
  }
}

void jq_uci_stop_and_join(JqUci *uci) {
  if (!uci->running)
    return;
  pthread_mutex_lock(&uci->wait_lock);
  atomic_store(&uci->stop, true);
  pthread_cond_broadcast(&uci->wait_cond);
  pthread_mutex_unlock(&uci->wait_lock);
  pthread_join(uci->thread, NULL);
  uci->running = false;
}

void jq_uci_cmd_stop(JqUci *uci) {
  /* As Stockfish does: the search has answered when stop returns, so the
   * GUI's next command (go, setoption, …) finds the engine idle. */
  jq_uci_stop_and_join(uci);
}

void jq_uci_cmd_ponderhit(JqUci *uci) {
  if (!jq_uci_searching(uci))
    return; /* a late ponderhit after the search answered: nothing to do */
  pthread_mutex_lock(&uci->wait_lock);
  /* Only an AI still thinking hears it: one that has returned must not
   * carry the ponderhit over into its next search. */
  if (uci->pondering && uci->thinking)
    jq_ai_ponderhit(uci->ai);
  uci->pondering = false;
  pthread_cond_broadcast(&uci->wait_cond);
  pthread_mutex_unlock(&uci->wait_lock);
}

/* The first legal move, for an AI that returned something it should not. */
static JqMove first_legal(const JqPosition *pos) {
  JqMoveList list;
  jq_generate_legal(pos, JQ_GEN_ALL, &list);
  return list.count ? list.moves[0] : JQ_MOVE_NONE;
}

static void search(JqUci *uci) {
  JqPosition *root = uci->search_pos;
  JqMove best = JQ_MOVE_NONE, ponder = JQ_MOVE_NONE;
  if (!jq_position_has_legal_move(root)) {
    /* Checkmated or stalemated: both lose in xiangqi and jieqi. */
    jq_uci_send(uci, "info depth 0 score mate 0");
  } else {
    jq_uci_hook(JQ_UCI_HOOK_SEARCH_START);
    best = jq_ai_think(uci->ai, root, &uci->limits, &uci->stop,
                       jq_uci_send_progress, uci, &ponder);
    if (best == JQ_MOVE_NONE || !jq_position_is_legal(root, best)) {
      char text[JQ_COORDS_MAX];
      jq_move_to_coords(best, text);
      jq_uci_info_string(uci,
                         "the search returned %s, which is not a legal "
                         "move here; playing the first legal move",
                         text);
      best = first_legal(root);
      ponder = JQ_MOVE_NONE;
    }
  }
  /* UCI: in infinite or ponder mode the answer waits for stop/ponderhit. */
  pthread_mutex_lock(&uci->wait_lock);
  uci->thinking = false;
  while (!atomic_load(&uci->stop) && (uci->infinite || uci->pondering))
    pthread_cond_wait(&uci->wait_cond, &uci->wait_lock);
  pthread_mutex_unlock(&uci->wait_lock);
  jq_uci_hook(JQ_UCI_HOOK_SEARCH_END);
  /* Done before the answer: a GUI may send its next command as soon as it
   * reads bestmove, and the AI is no longer in use. */
  atomic_store(&uci->done, true);
  jq_uci_send_bestmove(uci, root, best, ponder);
}

static void *thread_main(void *data) {
  JqUci *uci = data;
  if (uci->perft_depth > 0)
    jq_uci_perft(uci, uci->search_pos, uci->perft_depth);
  else
    search(uci);
  return NULL;
}

static const char *const go_words[] = {
    "depth",       "nodes", "movetime",  "wtime",    "btime",
    "winc",        "binc",  "movestogo", "infinite", "ponder",
    "searchmoves", "mate",  "perft",     NULL,
};

static bool is_go_word(const char *tok) {
  for (int i = 0; go_words[i]; i++)
    if (strcmp(tok, go_words[i]) == 0)
      return true;
  return false;
}

/* A whole decimal number, saturated at the ends of long long. */
static bool parse_number(const char *text, long long *out) {
  if (!(text[0] == '-' || (text[0] >= '0' && text[0] <= '9')))
    return false; /* strtoll would also take blanks and "+5" */
  char *end;
  errno = 0;
  long long v = strtoll(text, &end, 10);
  if (*end || end == text || (errno && errno != ERANGE))
    return false;
  *out = v; /* on ERANGE strtoll gives LLONG_MIN or LLONG_MAX */
  return true;
}

/* Reads the number after a go parameter; *text is its text. A missing
 * number, or one that is not a number, is taken as `fallback` (with a
 * message, and *text NULL) so the search stays as bounded as the GUI
 * meant it; a parameter word in its place is handed back in *next to be
 * read as such. */
static long long go_number(JqUci *uci, char **cursor, const char *param,
                           long long fallback, const char **text, char **next) {
  *next = NULL;
  *text = NULL;
  char *tok = jq_uci_token(cursor);
  long long v;
  if (tok && parse_number(tok, &v)) {
    *text = tok;
    return v;
  }
  if (!tok || is_go_word(tok)) {
    jq_uci_info_string(uci, "go: %s needs a number; taken as %lld", param,
                       fallback);
    *next = tok;
  } else {
    char quoted[JQ_UCI_QUOTE_MAX + 4];
    jq_uci_quote(tok, quoted);
    jq_uci_info_string(uci,
                       "go: %s needs a whole number, not '%s'; taken "
                       "as %lld",
                       param, quoted, fallback);
  }
  return fallback;
}

/* Brings a parameter's value into [min, max], saying so when it was not
 * (text: what the GUI wrote; NULL when it was already reported). */
static long long clamp(JqUci *uci, const char *param, const char *text,
                       long long v, long long min, long long max) {
  long long c = v < min ? min : v > max ? max : v;
  if (c != v && text) {
    char quoted[JQ_UCI_QUOTE_MAX + 4];
    jq_uci_quote(text, quoted);
    jq_uci_info_string(uci, "go: %s %s is out of range; taken as %lld", param,
                       quoted, c);
  }
  return c;
}

/* Reads the moves after `searchmoves` up to the next parameter, leaving
 * out (with a message) any that is not legal here. Returns the parameter
 * that ended the list, NULL at the end. */
static char *read_searchmoves(JqUci *uci, char **cursor, JqLimits *limits) {
  char *tok;
  bool any = false;
  while ((tok = jq_uci_token(cursor)) != NULL && !is_go_word(tok)) {
    any = true;
    if (!uci->has_pos)
      continue; /* nothing to check them against: go says so */
    JqMove move;
    JqError err = {{0}};
    if (!jq_notation_parse_coords(uci->pos, tok, &move, NULL, &err)) {
      /* The message quotes the move. */
      jq_uci_info_string(uci, "go: searchmoves: %s; left out", err.message);
      continue;
    }
    bool seen = false;
    for (int i = 0; i < limits->searchmoves_count; i++)
      seen |= limits->searchmoves[i] == move;
    if (!seen && limits->searchmoves_count < JQ_MAX_MOVES)
      limits->searchmoves[limits->searchmoves_count++] = move;
  }
  if (uci->has_pos && limits->searchmoves_count == 0)
    jq_uci_info_string(uci, "go: searchmoves %s; searching every move",
                       any ? "names no legal move" : "names no move");
  return tok;
}

typedef enum {
  GO_SEARCH, /* search, and answer bestmove whatever happens */
  GO_PERFT,  /* count the move tree */
  GO_REFUSED /* a perft that cannot be counted */
} GoKind;

/* Parses the go parameters into limits (and *perft). A search always goes
 * ahead: unknown words are ignored and nonsense limits clamped, each with
 * a message. `go perft` is a debugging count, not a search, and refused
 * when it is malformed. */
static GoKind parse_go(JqUci *uci, char *args, JqLimits *limits, int *perft) {
  jq_limits_init(limits);
  *perft = 0;
  int mate = 0;
  bool other = false;     /* a parameter besides perft */
  bool bad_perft = false; /* perft without a depth from 1 to the maximum */
  char *cursor = args;
  char *tok = jq_uci_token(&cursor);
  while (tok) {
    long long v;
    char *next = NULL;
    const char *text;
    if (strcmp(tok, "infinite") == 0) {
      limits->infinite = true;
    } else if (strcmp(tok, "ponder") == 0) {
      limits->ponder = true;
    } else if (strcmp(tok, "searchmoves") == 0) {
      tok = read_searchmoves(uci, &cursor, limits);
      other = true;
      continue;
    } else if (strcmp(tok, "perft") == 0) {
      tok = jq_uci_token(&cursor);
      if (tok && parse_number(tok, &v) && v >= 1 && v <= JQ_UCI_MAX_PERFT)
        *perft = (int)v;
      else
        bad_perft = true;
      if (!tok || !is_go_word(tok))
        tok = jq_uci_token(&cursor);
      continue;
    } else if (strcmp(tok, "depth") == 0) {
      /* depth 0 (or less) is a one-ply search. */
      v = go_number(uci, &cursor, tok, 1, &text, &next);
      limits->depth = (int)clamp(uci, tok, text, v, 1, JQ_UCI_MAX_DEPTH);
    } else if (strcmp(tok, "mate") == 0) {
      v = go_number(uci, &cursor, tok, 1, &text, &next);
      mate = (int)clamp(uci, tok, text, v, 1, JQ_UCI_MAX_DEPTH / 2);
    } else if (strcmp(tok, "nodes") == 0) {
      v = go_number(uci, &cursor, tok, 1, &text, &next);
      limits->nodes = (uint64_t)clamp(uci, tok, text, v, 1, LLONG_MAX);
    } else if (strcmp(tok, "movetime") == 0) {
      /* movetime 0 (or less): the shortest search, not an endless one. */
      v = go_number(uci, &cursor, tok, 1, &text, &next);
      limits->movetime_ms = (int)clamp(uci, tok, text, v, 1, INT_MAX);
    } else if (strcmp(tok, "wtime") == 0 || strcmp(tok, "btime") == 0) {
      /* Some GUIs send a negative time once a flag has fallen: no time
       * left, quietly. */
      v = go_number(uci, &cursor, tok, 0, &text, &next);
      limits->time_ms[tok[0] == 'w' ? JQ_RED : JQ_BLACK] =
          v < 0 ? 0 : (int)clamp(uci, tok, text, v, 0, INT_MAX);
    } else if (strcmp(tok, "winc") == 0 || strcmp(tok, "binc") == 0) {
      v = go_number(uci, &cursor, tok, 0, &text, &next);
      limits->inc_ms[tok[0] == 'w' ? JQ_RED : JQ_BLACK] =
          v < 0 ? 0 : (int)clamp(uci, tok, text, v, 0, INT_MAX);
    } else if (strcmp(tok, "movestogo") == 0) {
      /* 0 (or less) moves to go means nothing: sudden death. */
      v = go_number(uci, &cursor, tok, 0, &text, &next);
      if (v <= 0 && text)
        jq_uci_info_string(uci, "go: movestogo %lld taken as none given", v);
      limits->movestogo =
          v <= 0 ? 0 : (int)clamp(uci, tok, text, v, 1, INT_MAX);
    } else {
      char quoted[JQ_UCI_QUOTE_MAX + 4];
      jq_uci_quote(tok, quoted);
      jq_uci_info_string(uci, "go: unknown parameter '%s' ignored", quoted);
    }
    other = true;
    tok = next ? next : jq_uci_token(&cursor);
  }
  if (bad_perft) {
    jq_uci_info_string(uci,
                       "go: perft needs a depth from 1 to %d; not "
                       "counting",
                       JQ_UCI_MAX_PERFT);
    return GO_REFUSED;
  }
  if (*perft && other) {
    jq_uci_info_string(uci, "go: perft takes no other parameter; not "
                            "counting");
    return GO_REFUSED;
  }
  /* A mate in N moves lies within 2N - 1 plies; one more to see it. */
  if (mate && (limits->depth == 0 || limits->depth > 2 * mate))
    limits->depth = 2 * mate;
  return *perft ? GO_PERFT : GO_SEARCH;
}

void jq_uci_cmd_go(JqUci *uci, char *args) {
  /* Every go gets its bestmove: a search still running answers first, as
   * if stopped, and the new one starts after it. */
  if (jq_uci_searching(uci)) {
    jq_uci_info_string(uci, "go: a search was still running; stopped it");
    jq_uci_stop_and_join(uci);
  }
  jq_uci_reap(uci);
  JqLimits limits;
  int perft;
  GoKind kind = parse_go(uci, args, &limits, &perft);
  if (kind == GO_REFUSED)
    return;
  if (!uci->has_pos) {
    /* Whatever the GUI meant, it is not the position the engine last
     * had: say so, and answer (a GUI waits for a bestmove). */
    jq_uci_info_string(uci,
                       "go: no position to %s: the last position "
                       "command was refused; send a good one",
                       kind == GO_PERFT ? "count" : "search");
    if (kind == GO_SEARCH)
      jq_uci_send_bestmove(uci, uci->pos, JQ_MOVE_NONE, JQ_MOVE_NONE);
    return;
  }
  *uci->search_pos = *uci->pos;
  uci->limits = limits;
  uci->perft_depth = perft;
  atomic_store(&uci->stop, false);
  atomic_store(&uci->done, false);
  pthread_mutex_lock(&uci->wait_lock);
  uci->infinite = limits.infinite && !perft;
  uci->pondering = limits.ponder && !perft;
  uci->thinking = !perft && jq_position_has_legal_move(uci->search_pos);
  pthread_mutex_unlock(&uci->wait_lock);
  /* The AI's clock starts here, before the thread: a ponderhit read next
   * reaches it even if the thread has not begun to think yet. */
  if (uci->thinking)
    jq_ai_prepare(uci->ai, uci->search_pos, &uci->limits);
  if (pthread_create(&uci->thread, NULL, thread_main, uci) != 0) {
    jq_uci_info_string(uci, "go: could not start the search thread");
    return;
  }
  uci->running = true;
}
