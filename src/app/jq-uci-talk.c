/* Talking to an outside UCI engine; see jq-uci-talk.h. */
#include "jq-config.h"

#include "jq-uci-talk.h"

#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "jq-fen.h"
#include "jq-notation.h"

static gint64 deadline_in(gint64 ms) {
  return g_get_monotonic_time() + ms * 1000;
}

static char *start_failure(const JqEngine *e, JqUciStatus st) {
  return g_strdup_printf(st == JQ_UCI_DEAD
                             ? _("The engine “%s” stopped while starting.")
                             : _("The engine “%s” did not answer when "
                                 "started."),
                         e->name);
}

JqUciClient *jq_uci_talk_start(const JqEngine *e, gboolean jieqi, char **why) {
  JqError err;
  JqUciClient *client = jq_uci_client_spawn(e->command, &err);
  if (!client) {
    *why = g_strdup_printf(_("The engine “%s” could not be started: %s."),
                           e->name, err.message);
    return NULL;
  }
  JqUciStatus st =
      jq_uci_client_handshake(client, deadline_in(JQ_UCI_TALK_START_MS));
  if (st != JQ_UCI_OK) {
    *why = start_failure(e, st);
    jq_uci_client_close(client, 0);
    return NULL;
  }
  GHashTableIter it;
  gpointer name, value;
  g_hash_table_iter_init(&it, e->values);
  while (g_hash_table_iter_next(&it, &name, &value))
    if (g_ascii_strcasecmp(name, "UCI_Variant") != 0 &&
        jq_uci_client_has_option(client, name))
      jq_uci_client_set_option(client, name, value);
  const char *variant = jieqi ? "jieqi" : "xiangqi";
  if (jq_uci_client_has_option(client, "UCI_Variant")) {
    if (!jq_uci_client_option_allows(client, "UCI_Variant", variant)) {
      *why = g_strdup_printf(jieqi ? _("The engine “%s” does not play jieqi.")
                                   : _("The engine “%s” does not play "
                                       "xiangqi."),
                             e->name);
      jq_uci_client_close(client, JQ_UCI_TALK_QUIT_MS);
      return NULL;
    }
    jq_uci_client_set_option(client, "UCI_Variant", variant);
  } else if (jieqi) {
    *why = g_strdup_printf(_("The engine “%s” does not play jieqi."), e->name);
    jq_uci_client_close(client, JQ_UCI_TALK_QUIT_MS);
    return NULL;
  }
  st = jq_uci_client_sync(client, deadline_in(JQ_UCI_TALK_START_MS));
  if (st != JQ_UCI_OK) {
    *why = start_failure(e, st);
    jq_uci_client_close(client, 0);
    return NULL;
  }
  return client;
}

/* The engine's move in our numbering ("h3e3" -> "h2e2" for an engine
 * that counts ranks from 1); the text itself when it does not read so. The
 * position goes out as a FEN, whose board part both numberings share. */
static char *move_from_engine(const JqEngine *e, const char *text) {
  if (!e->ranks_from_one)
    return g_strdup(text);
  GString *out = g_string_new(NULL);
  const char *s = text;
  for (int k = 0; k < 2; k++) {
    char *end;
    long rank = strtol(s + 1, &end, 10);
    if (*s < 'a' || *s > 'i' || !g_ascii_isdigit(s[1]) || rank < 1 ||
        rank > 10) {
      g_string_free(out, TRUE);
      return g_strdup(text);
    }
    g_string_append_printf(out, "%c%ld", *s, rank - 1);
    s = end;
  }
  g_string_append(out, s);
  return g_string_free(out, FALSE);
}

/* Our move in the engine's numbering ("h2e2" -> "h3e3"). */
static void move_to_engine(const JqEngine *e, JqMove move, GString *out) {
  char text[JQ_COORDS_MAX];
  jq_move_to_coords(move, text);
  if (!e->ranks_from_one) {
    g_string_append(out, text);
    return;
  }
  for (const char *s = text; *s; s++)
    if (g_ascii_isdigit(*s))
      g_string_append_printf(out, "%d", *s - '0' + 1);
    else
      g_string_append_c(out, *s);
}

char *jq_uci_talk_position(const JqEngine *e, const JqPosition *view,
                           const JqPosition *start, const JqMove *moves,
                           int n_moves) {
  gboolean jieqi = jq_position_is_jieqi(view);
  char fen[JQ_FEN_MAX];
  GString *out = g_string_new("position fen ");
  if (start && !jieqi) {
    jq_fen_write(start, JQ_FEN_XIANGQI, fen, sizeof fen);
    g_string_append(out, fen);
    for (int i = 0; i < n_moves; i++) {
      g_string_append(out, i == 0 ? " moves " : " ");
      move_to_engine(e, moves[i], out);
    }
  } else {
    jq_fen_write(view, jieqi ? JQ_FEN_JIEQIBOX : JQ_FEN_XIANGQI, fen,
                 sizeof fen);
    g_string_append(out, fen);
  }
  return g_string_free(out, FALSE);
}

JqMove jq_uci_talk_read_move(const JqEngine *e, const JqPosition *view,
                             const char *text) {
  char *ours = move_from_engine(e, text);
  JqMove move = JQ_MOVE_NONE;
  JqReveal reveal;
  JqError err;
  if (!jq_notation_parse_coords(view, ours, &move, &reveal, &err))
    move = JQ_MOVE_NONE;
  g_free(ours);
  return move;
}

/* "info depth 7 seldepth 9 multipv 2 score cp 35 nodes 1234 nps 5000
 * time 250 pv ..." */
gboolean jq_uci_talk_parse_info(const JqEngine *e, const JqPosition *view,
                                const char *line, JqProgress *out,
                                JqPosition *scratch) {
  JqProgress p = {0};
  p.multipv = 1;
  gboolean scored = FALSE;
  gchar **w = g_strsplit_set(line, " \t", -1);
  for (int i = 1; w[i]; i++) {
    const char *next = w[i + 1];
    if (strcmp(w[i], "multipv") == 0 && next)
      p.multipv = MAX(atoi(next), 1);
    else if (strcmp(w[i], "depth") == 0 && next)
      p.depth = atoi(next);
    else if (strcmp(w[i], "seldepth") == 0 && next)
      p.seldepth = atoi(next);
    else if (strcmp(w[i], "nodes") == 0 && next)
      p.nodes = g_ascii_strtoull(next, NULL, 10);
    else if (strcmp(w[i], "nps") == 0 && next)
      p.nps = g_ascii_strtoull(next, NULL, 10);
    else if (strcmp(w[i], "time") == 0 && next)
      p.time_ms = atoi(next);
    else if (strcmp(w[i], "score") == 0 && next && w[i + 2]) {
      int n = atoi(w[i + 2]);
      /* Mate in n moves as the engine's own search writes a mate. */
      p.score = strcmp(next, "mate") == 0
                    ? (n > 0 ? 30000 - (2 * n - 1) : -30000 + 2 * -n)
                    : n;
      scored = TRUE;
    } else if (strcmp(w[i], "pv") == 0) {
      *scratch = *view;
      for (int k = i + 1; w[k] && p.pv_len < JQ_MAX_PV; k++) {
        JqMove m = jq_uci_talk_read_move(e, scratch, w[k]);
        if (m == JQ_MOVE_NONE)
          break;
        p.pv[p.pv_len++] = m;
        /* What a reveal turns up is unknown: the line ends with it. */
        if (jq_piece_is_hidden(scratch->board[jq_move_from(m)]) ||
            jq_piece_is_hidden(scratch->board[jq_move_to(m)]))
          break;
        jq_position_make_move(scratch, m, JQ_REVEAL_NONE);
      }
      break;
    }
  }
  g_strfreev(w);
  if (!scored || p.pv_len == 0)
    return FALSE;
  *out = p;
  return TRUE;
}
