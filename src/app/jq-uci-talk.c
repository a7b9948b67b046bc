/* Talking to an outside UCI engine; see jq-uci-talk.h. */
#include "jq-config.h"

#include "jq-uci-talk.h"

#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "jq-fen.h"
#include "jq-notation.h"
#include "jq-uci-ranks.h"

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
      jq_uci_ranks_append_move(out, moves[i], e->ranks_from_one);
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
  char *ours = jq_uci_ranks_move_to_ours(text, e->ranks_from_one);
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
