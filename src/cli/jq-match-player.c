/* Match players: our AIs run in a thread of their own under a deadline, and
 * external engines are driven over UCI. See jq-match-player.h. */
#include "jq-match-player.h"

#include <glib.h>
#include <inttypes.h>
#include <limits.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "jq-movegen.h"
#include "jq-notation.h"
#include "jq-uci-client.h"
#include "jq-uci-ranks.h"

/* An engine gets this long to start, answer "uci" and "isready". */
#define START_TIMEOUT_MS 15000
/* After "stop", the time an engine has to give its (late) bestmove. */
#define STOP_GRACE_MS 1000
/* What "quit" is given before the engine is killed. */
#define QUIT_GRACE_MS 1000

struct JqMatchPlayer {
  const JqPlayerSpec *spec;
  JqVariant variant;
  char *name;
  JqAi *ai;            /* JQ_PLAYER_AI */
  JqUciClient *engine; /* JQ_PLAYER_UCI */
  bool ranks_from_one; /* the engine writes ranks 1..10 ("h3e3") */
};

/* ---- Specs */

static char *strip_copy(const char *s, size_t n) {
  while (n > 0 && g_ascii_isspace(*s)) {
    s++;
    n--;
  }
  while (n > 0 && g_ascii_isspace(s[n - 1]))
    n--;
  return g_strndup(s, n);
}

bool jq_player_spec_parse(const char *text, JqPlayerSpec *spec, JqError *err) {
  memset(spec, 0, sizeof *spec);
  const char *rest = text;
  if (g_str_has_prefix(text, "ai:")) {
    spec->kind = JQ_PLAYER_AI;
    rest = text + 3;
  } else if (g_str_has_prefix(text, "uci:")) {
    spec->kind = JQ_PLAYER_UCI;
    rest = text + 4;
  } else if (strchr(text, ':')) {
    return jq_error_set(err, "player '%s': start with ai: or uci:", text);
  }
  /* g_strsplit gives no field at all for "". */
  gchar **parts = g_strsplit(rest, ":", -1);
  spec->target =
      parts[0] ? strip_copy(parts[0], strlen(parts[0])) : g_strdup("");
  if (spec->target[0] == '\0') {
    g_strfreev(parts);
    jq_player_spec_clear(spec);
    return jq_error_set(err, "player '%s': no %s given", text,
                        g_str_has_prefix(text, "uci:") ? "engine command"
                                                       : "algorithm");
  }
  int n = (int)g_strv_length(parts) - 1;
  spec->option_names = g_new0(char *, n + 1);
  spec->option_values = g_new0(char *, n + 1);
  for (int i = 0; i < n; i++) {
    const char *part = parts[i + 1];
    const char *eq = strchr(part, '=');
    char *name = strip_copy(part, eq ? (size_t)(eq - part) : strlen(part));
    if (name[0] == '\0' || (!eq && spec->kind == JQ_PLAYER_AI)) {
      g_free(name);
      g_strfreev(parts);
      jq_player_spec_clear(spec);
      return jq_error_set(err, "player '%s': option '%s' is not NAME=VALUE",
                          text, part);
    }
    spec->option_names[i] = name;
    spec->option_values[i] = eq ? strip_copy(eq + 1, strlen(eq + 1)) : NULL;
    spec->option_count++;
  }
  g_strfreev(parts);
  return true;
}

void jq_player_spec_clear(JqPlayerSpec *spec) {
  for (int i = 0; i < spec->option_count; i++) {
    g_free(spec->option_names[i]);
    g_free(spec->option_values[i]);
  }
  g_free(spec->option_names);
  g_free(spec->option_values);
  g_free(spec->target);
  memset(spec, 0, sizeof *spec);
}

bool jq_player_spec_has_option(const JqPlayerSpec *spec, const char *name) {
  for (int i = 0; i < spec->option_count; i++)
    if (g_ascii_strcasecmp(spec->option_names[i], name) == 0)
      return true;
  return false;
}

/* ---- Starting */

static const char *variant_name(JqVariant v) {
  return v == JQ_VARIANT_JIEQI ? "jieqi" : "xiangqi";
}

static bool ai_start(JqMatchPlayer *p, JqError *err) {
  JqError why;
  p->ai = jq_ai_new(p->spec->target, &why);
  if (!p->ai) {
    GString *names = g_string_new(NULL);
    for (const char *const *a = jq_ai_algorithms(); *a; a++)
      g_string_append_printf(names, "%s%s", names->len ? ", " : "", *a);
    jq_error_set(err, "%s (algorithms: %s)", why.message, names->str);
    g_string_free(names, TRUE);
    return false;
  }
  for (int i = 0; i < p->spec->option_count; i++)
    if (!jq_ai_set_option(p->ai, p->spec->option_names[i],
                          p->spec->option_values[i], &why))
      return jq_error_set(err, "%s: %s", p->spec->target, why.message);
  return true;
}

static gint64 deadline_in(int64_t ms) {
  return g_get_monotonic_time() + ms * 1000;
}

/* The runner's own options for an engine, "jq.NAME=VALUE", are never
 * sent to it. */
static bool runner_option(JqMatchPlayer *p, const char *name, const char *value,
                          JqError *err) {
  if (g_ascii_strcasecmp(name, "jq.ranks") == 0) {
    if (value && strcmp(value, "1") == 0)
      p->ranks_from_one = true;
    else if (value && strcmp(value, "0") == 0)
      p->ranks_from_one = false;
    else
      return jq_error_set(err, "jq.ranks is 0 (h2e2) or 1 (h3e3)");
    return true;
  }
  return jq_error_set(err, "unknown runner option '%s' (jq.ranks)", name);
}

static bool uci_start(JqMatchPlayer *p, JqError *err) {
  const char *cmd = p->spec->target;
  p->engine = jq_uci_client_spawn(cmd, err);
  if (!p->engine)
    return false;
  JqUciStatus st =
      jq_uci_client_handshake(p->engine, deadline_in(START_TIMEOUT_MS));
  if (st != JQ_UCI_OK)
    return jq_error_set(err, "engine '%s' %s", cmd,
                        st == JQ_UCI_DEAD ? "exited before uciok"
                                          : "did not answer uci with uciok");
  /* Fairy-Stockfish numbers the ranks of a ten-rank board from 1. */
  const char *id = jq_uci_client_name(p->engine);
  p->ranks_from_one = id && g_ascii_strncasecmp(id, "Fairy-Stockfish", 15) == 0;
  for (int i = 0; i < p->spec->option_count; i++) {
    const char *name = p->spec->option_names[i];
    const char *value = p->spec->option_values[i];
    if (g_ascii_strncasecmp(name, "jq.", 3) == 0) {
      if (!runner_option(p, name, value, err))
        return false;
      continue;
    }
    if (!jq_uci_client_has_option(p->engine, name))
      return jq_error_set(err, "engine '%s' has no option '%s'", cmd, name);
    if (value && !jq_uci_client_option_allows(p->engine, name, value))
      return jq_error_set(err, "engine '%s' does not allow %s=%s", cmd, name,
                          value);
    jq_uci_client_set_option(p->engine, name, value);
  }
  /* An engine of many variants is told which one, unless the spec did. */
  const char *variant = variant_name(p->variant);
  if (jq_uci_client_has_option(p->engine, "UCI_Variant") &&
      !jq_player_spec_has_option(p->spec, "UCI_Variant")) {
    if (!jq_uci_client_option_allows(p->engine, "UCI_Variant", variant))
      return jq_error_set(err, "engine '%s' does not play %s", cmd, variant);
    jq_uci_client_set_option(p->engine, "UCI_Variant", variant);
  }
  st = jq_uci_client_sync(p->engine, deadline_in(START_TIMEOUT_MS));
  if (st != JQ_UCI_OK)
    return jq_error_set(err, "engine '%s' %s", cmd,
                        st == JQ_UCI_DEAD
                            ? "exited after its options were set"
                            : "did not answer isready with readyok");
  return true;
}

JqMatchPlayer *jq_match_player_new(const JqPlayerSpec *spec, JqVariant variant,
                                   JqError *err) {
  JqMatchPlayer *p = g_new0(JqMatchPlayer, 1);
  p->spec = spec;
  p->variant = variant;
  bool ok = spec->kind == JQ_PLAYER_AI ? ai_start(p, err) : uci_start(p, err);
  if (!ok) {
    jq_match_player_free(p);
    return NULL;
  }
  if (spec->kind == JQ_PLAYER_AI)
    p->name = g_strdup(spec->target);
  else if (jq_uci_client_name(p->engine))
    p->name = g_strdup(jq_uci_client_name(p->engine));
  else
    p->name = g_path_get_basename(spec->target);
  return p;
}

void jq_match_player_free(JqMatchPlayer *player) {
  if (!player)
    return;
  if (player->ai)
    jq_ai_free(player->ai);
  jq_uci_client_close(player->engine, QUIT_GRACE_MS);
  g_free(player->name);
  g_free(player);
}

const char *jq_match_player_name(const JqMatchPlayer *player) {
  return player->name;
}

bool jq_match_player_new_game(JqMatchPlayer *p, uint64_t seed, JqError *err) {
  if (p->spec->kind == JQ_PLAYER_AI) {
    if (!jq_player_spec_has_option(p->spec, "Seed")) {
      char text[24];
      g_snprintf(text, sizeof text, "%" PRIu64, seed);
      /* An AI without dice refuses the option, which is fine. */
      jq_ai_set_option(p->ai, "Seed", text, NULL);
    }
    jq_ai_new_game(p->ai);
    return true;
  }
  if (!p->engine || !jq_uci_client_alive(p->engine)) {
    jq_uci_client_close(p->engine, 0);
    p->engine = NULL;
    if (!uci_start(p, err))
      return false;
  }
  if (!jq_uci_client_send(p->engine, "ucinewgame") ||
      jq_uci_client_sync(p->engine, deadline_in(START_TIMEOUT_MS)) != JQ_UCI_OK)
    return jq_error_set(err, "engine '%s' did not get ready for a new game",
                        p->name);
  return true;
}

/* ---- Thinking */

/* The AI interface counts milliseconds in int: longer times are capped. */
static int cap_ms(int64_t ms) { return ms > INT_MAX ? INT_MAX : (int)ms; }

static void ai_limits(const JqTurnLimits *in, JqLimits *out) {
  jq_limits_init(out);
  out->depth = in->depth;
  out->nodes = in->nodes;
  out->movetime_ms = cap_ms(in->movetime_ms);
  for (int c = 0; c < 2; c++) {
    out->time_ms[c] = cap_ms(in->time_ms[c]);
    out->inc_ms[c] = cap_ms(in->inc_ms[c]);
  }
  out->movestogo = in->movestogo;
}

/* One search of an AI, run in its own thread so the clock can be kept. */
typedef struct {
  JqAi *ai;
  const JqPosition *view;
  const JqLimits *limits;
  atomic_bool stop;
  JqMove move;
  bool done;
  GMutex lock;
  GCond cond;
} ThinkJob;

static gpointer think_main(gpointer data) {
  ThinkJob *job = data;
  JqMove move = jq_ai_think(job->ai, job->view, job->limits, &job->stop, NULL,
                            NULL, NULL);
  g_mutex_lock(&job->lock);
  job->move = move;
  job->done = true;
  g_cond_signal(&job->cond);
  g_mutex_unlock(&job->lock);
  return NULL;
}

static JqTurnStatus ai_think(JqMatchPlayer *p, const JqPlayerTurn *turn,
                             JqMove *move, char *detail, size_t size) {
  JqLimits *limits = g_new(JqLimits, 1);
  ai_limits(turn->limits, limits);
  ThinkJob job = {.ai = p->ai, .view = turn->view, .limits = limits};
  atomic_init(&job.stop, false);
  g_mutex_init(&job.lock);
  g_cond_init(&job.cond);
  gint64 deadline = deadline_in(turn->timeout_ms);
  GThread *thread = g_thread_new("jq-think", think_main, &job);
  g_mutex_lock(&job.lock);
  while (!job.done)
    if (!g_cond_wait_until(&job.cond, &job.lock, deadline))
      break;
  bool late = !job.done;
  /* Out of time: the search is told to stop and waited for, since it
   * works on memory of this frame. */
  if (late)
    atomic_store(&job.stop, true);
  while (!job.done)
    g_cond_wait(&job.cond, &job.lock);
  g_mutex_unlock(&job.lock);
  g_thread_join(thread);
  g_mutex_clear(&job.lock);
  g_cond_clear(&job.cond);
  g_free(limits);
  if (late) {
    g_snprintf(detail, size, "no move within %" PRId64 " ms", turn->timeout_ms);
    return JQ_TURN_TIMEOUT;
  }
  if (job.move == JQ_MOVE_NONE || !jq_position_is_legal(turn->view, job.move)) {
    char text[JQ_COORDS_MAX];
    jq_move_to_coords(job.move, text);
    g_snprintf(detail, size, "%s chose %s, which is not legal", p->name, text);
    return JQ_TURN_ILLEGAL;
  }
  *move = job.move;
  return JQ_TURN_MOVED;
}

static char *position_command(const JqMatchPlayer *p,
                              const JqPlayerTurn *turn) {
  GString *cmd = g_string_new("position ");
  if (turn->base_is_startpos)
    g_string_append(cmd, "startpos");
  else
    g_string_append_printf(cmd, "fen %s", turn->base_fen);
  if (turn->move_count > 0)
    g_string_append(cmd, " moves");
  for (int i = 0; i < turn->move_count; i++) {
    g_string_append_c(cmd, ' ');
    jq_uci_ranks_append_move(cmd, turn->moves[i], p->ranks_from_one);
  }
  return g_string_free(cmd, FALSE);
}

/* UCI's w and b are Red and Black. Times go out whole, in 64 bits. */
static char *go_command(const JqTurnLimits *l) {
  if (l->depth > 0)
    return g_strdup_printf("go depth %d", l->depth);
  if (l->nodes > 0)
    return g_strdup_printf("go nodes %" PRIu64, l->nodes);
  if (l->movetime_ms > 0)
    return g_strdup_printf("go movetime %" PRId64, l->movetime_ms);
  if (l->time_ms[JQ_RED] >= 0) {
    GString *cmd = g_string_new(NULL);
    g_string_printf(cmd,
                    "go wtime %" PRId64 " btime %" PRId64 " winc %" PRId64
                    " binc %" PRId64,
                    l->time_ms[JQ_RED], l->time_ms[JQ_BLACK], l->inc_ms[JQ_RED],
                    l->inc_ms[JQ_BLACK]);
    if (l->movestogo > 0)
      g_string_append_printf(cmd, " movestogo %d", l->movestogo);
    return g_string_free(cmd, FALSE);
  }
  return g_strdup("go infinite");
}

static JqTurnStatus uci_think(JqMatchPlayer *p, const JqPlayerTurn *turn,
                              JqMove *move, char *detail, size_t size) {
  if (!jq_uci_client_alive(p->engine)) {
    g_snprintf(detail, size, "engine %s is not running", p->name);
    return JQ_TURN_DEAD;
  }
  char *position = position_command(p, turn);
  char *go = go_command(turn->limits);
  char *best = NULL;
  JqUciStatus st =
      jq_uci_client_search(p->engine, position, go,
                           deadline_in(turn->timeout_ms), STOP_GRACE_MS, &best);
  g_free(position);
  g_free(go);
  JqTurnStatus result = JQ_TURN_MOVED;
  if (st == JQ_UCI_TIMEOUT) {
    g_snprintf(detail, size, "no bestmove within %" PRId64 " ms",
               turn->timeout_ms);
    result = JQ_TURN_TIMEOUT;
  } else if (st == JQ_UCI_DEAD) {
    g_snprintf(detail, size, "engine %s exited during its move", p->name);
    result = JQ_TURN_DEAD;
  } else {
    JqReveal reveal; /* identities come from the deal, never the engine */
    JqError why;
    char *ours = jq_uci_ranks_move_to_ours(best, p->ranks_from_one);
    if (!jq_notation_parse_coords(turn->view, ours, move, &reveal, &why)) {
      g_snprintf(detail, size, "bestmove '%s': %s", best, why.message);
      result = JQ_TURN_ILLEGAL;
    }
    g_free(ours);
  }
  g_free(best);
  return result;
}

JqTurnStatus jq_match_player_think(JqMatchPlayer *player,
                                   const JqPlayerTurn *turn, JqMove *move,
                                   char *detail, size_t detail_size) {
  detail[0] = '\0';
  if (player->spec->kind == JQ_PLAYER_AI)
    return ai_think(player, turn, move, detail, detail_size);
  return uci_think(player, turn, move, detail, detail_size);
}
