/* `go`: reads the limits, then searches (or counts perft) in a thread of
 * its own so the main loop keeps answering; `stop` and `ponderhit` reach
 * the search through an atomic flag and jq_ai_ponderhit (the AI's clock is
 * prepared before the thread starts, so no ponderhit comes too early). */
#include <limits.h>
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

/* Reads the number after a go parameter. */
static bool go_number(JqUci *uci, char **cursor, const char *param,
                      long long min, long long max, long long *out) {
  char *tok = jq_uci_token(cursor);
  if (tok && jq_uci_parse_int(tok, min, max, out))
    return true;
  if (!tok) {
    jq_uci_info_string(uci, "go: %s needs a number; not searching", param);
  } else {
    char quoted[JQ_UCI_QUOTE_MAX + 4];
    jq_uci_quote(tok, quoted);
    jq_uci_info_string(uci,
                       "go: %s must be a whole number from %lld to "
                       "%lld, not '%s'; not searching",
                       param, min, max, quoted);
  }
  return false;
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

/* Reads the moves after `searchmoves` up to the next parameter. Returns the
 * parameter that ended the list (NULL at the end), or sets *ok false. */
static char *read_searchmoves(JqUci *uci, char **cursor, JqLimits *limits,
                              bool *ok) {
  char *tok;
  *ok = true;
  while ((tok = jq_uci_token(cursor)) != NULL && !is_go_word(tok)) {
    JqMove move;
    JqError err = {{0}};
    if (!jq_notation_parse_coords(uci->pos, tok, &move, NULL, &err)) {
      jq_uci_info_string(uci, "go: searchmoves: %s; not searching",
                         err.message);
      *ok = false;
      return NULL;
    }
    bool seen = false;
    for (int i = 0; i < limits->searchmoves_count; i++)
      seen |= limits->searchmoves[i] == move;
    if (!seen && limits->searchmoves_count < JQ_MAX_MOVES)
      limits->searchmoves[limits->searchmoves_count++] = move;
  }
  if (limits->searchmoves_count == 0) {
    jq_uci_info_string(uci, "go: searchmoves needs at least one move; not "
                            "searching");
    *ok = false;
  }
  return tok;
}

/* Parses the go parameters into limits (and *perft); false with a message
 * when any is wrong. */
static bool parse_go(JqUci *uci, char *args, JqLimits *limits, int *perft) {
  jq_limits_init(limits);
  *perft = 0;
  int mate = 0;
  bool other = false; /* a parameter besides perft */
  char *cursor = args;
  char *tok = jq_uci_token(&cursor);
  while (tok) {
    long long v;
    if (strcmp(tok, "infinite") == 0) {
      limits->infinite = true;
    } else if (strcmp(tok, "ponder") == 0) {
      limits->ponder = true;
    } else if (strcmp(tok, "searchmoves") == 0) {
      bool ok;
      tok = read_searchmoves(uci, &cursor, limits, &ok);
      if (!ok)
        return false;
      other = true;
      continue;
    } else if (strcmp(tok, "depth") == 0) {
      if (!go_number(uci, &cursor, tok, 1, JQ_UCI_MAX_DEPTH, &v))
        return false;
      limits->depth = (int)v;
    } else if (strcmp(tok, "mate") == 0) {
      if (!go_number(uci, &cursor, tok, 1, JQ_UCI_MAX_DEPTH / 2, &v))
        return false;
      mate = (int)v;
    } else if (strcmp(tok, "nodes") == 0) {
      if (!go_number(uci, &cursor, tok, 1, LLONG_MAX, &v))
        return false;
      limits->nodes = (uint64_t)v;
    } else if (strcmp(tok, "movetime") == 0) {
      if (!go_number(uci, &cursor, tok, 1, INT_MAX, &v))
        return false;
      limits->movetime_ms = (int)v;
    } else if (strcmp(tok, "wtime") == 0 || strcmp(tok, "btime") == 0) {
      /* Some GUIs send a negative time once a flag has fallen. */
      if (!go_number(uci, &cursor, tok, INT_MIN, INT_MAX, &v))
        return false;
      limits->time_ms[tok[0] == 'w' ? JQ_RED : JQ_BLACK] = v < 0 ? 0 : (int)v;
    } else if (strcmp(tok, "winc") == 0 || strcmp(tok, "binc") == 0) {
      if (!go_number(uci, &cursor, tok, INT_MIN, INT_MAX, &v))
        return false;
      limits->inc_ms[tok[0] == 'w' ? JQ_RED : JQ_BLACK] = v < 0 ? 0 : (int)v;
    } else if (strcmp(tok, "movestogo") == 0) {
      if (!go_number(uci, &cursor, tok, 1, INT_MAX, &v))
        return false;
      limits->movestogo = (int)v;
    } else if (strcmp(tok, "perft") == 0) {
      if (!go_number(uci, &cursor, tok, 1, JQ_UCI_MAX_PERFT, &v))
        return false;
      *perft = (int)v;
      tok = jq_uci_token(&cursor);
      continue;
    } else {
      char quoted[JQ_UCI_QUOTE_MAX + 4];
      jq_uci_quote(tok, quoted);
      jq_uci_info_string(uci, "go: unknown parameter '%s'; not searching",
                         quoted);
      return false;
    }
    other = true;
    tok = jq_uci_token(&cursor);
  }
  if (*perft && other) {
    jq_uci_info_string(uci, "go: perft takes no other parameter; not "
                            "counting");
    return false;
  }
  /* A mate in N moves lies within 2N - 1 plies; one more to see it. */
  if (mate && (limits->depth == 0 || limits->depth > 2 * mate))
    limits->depth = 2 * mate;
  return true;
}

void jq_uci_cmd_go(JqUci *uci, char *args) {
  if (jq_uci_searching(uci)) {
    jq_uci_info_string(uci, "go: already searching; send stop first");
    return;
  }
  jq_uci_reap(uci);
  JqLimits limits;
  int perft;
  if (!parse_go(uci, args, &limits, &perft))
    return;
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
