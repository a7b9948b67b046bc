/* One game of a match: asks each player in turn for a move, keeps the
 * clock, and lets the arbiter judge every move. A player that is late,
 * gone or wrong loses; a game that reaches the maximum length is
 * adjudicated a draw. */
#include <glib.h>
#include <inttypes.h>
#include <string.h>

#include "jq-fen.h"
#include "jq-match-private.h"
#include "jq-notation.h"

static const char *side_name(JqColor c) {
  return c == JQ_RED ? "Red" : "Black";
}

/* What the engines are told: per colour, its view at the last move that
 * changed what it knows (or the start), and the plain moves since. */
typedef struct {
  char base_fen[2][JQ_FEN_MAX];
  bool startpos;
  GArray *moves; /* of JqMove */
} EngineHistory;

static void history_rebase(EngineHistory *h, const JqGame *game,
                           JqPosition *scratch) {
  for (int c = 0; c < 2; c++) {
    jq_game_view(game, (JqColor)c, scratch);
    jq_fen_write(scratch,
                 jq_position_is_jieqi(scratch) ? JQ_FEN_JIEQIBOX
                                               : JQ_FEN_XIANGQI,
                 h->base_fen[c], sizeof h->base_fen[c]);
  }
  h->startpos = false;
  g_array_set_size(h->moves, 0);
}

/* Xiangqi keeps the whole game (engines need it for repetitions); jieqi
 * starts from the views as they are now, after the opening's reveals. */
static void history_start(EngineHistory *h, const JqGame *game,
                          JqPosition *scratch) {
  h->moves = g_array_new(FALSE, FALSE, sizeof(JqMove));
  if (jq_game_variant(game) == JQ_VARIANT_JIEQI) {
    history_rebase(h, game, scratch);
    return;
  }
  const char *fen = jq_game_initial_fen(game);
  for (int c = 0; c < 2; c++)
    g_strlcpy(h->base_fen[c], fen, sizeof h->base_fen[c]);
  h->startpos = strcmp(fen, JQ_START_FEN_XIANGQI) == 0;
  for (int i = 0; i < jq_game_move_count(game); i++) {
    JqMove m = jq_game_move_at(game, i).move;
    g_array_append_val(h->moves, m);
  }
}

static void history_add(EngineHistory *h, const JqGame *game,
                        JqPosition *scratch) {
  JqGameMove gm = jq_game_move_at(game, jq_game_move_count(game) - 1);
  /* A move that turned up or took a hidden piece cannot be told as a
   * plain move: the engines get fresh FENs instead. */
  if (gm.reveal.mover != JQ_NO_TYPE || gm.reveal.captured != JQ_NO_TYPE)
    history_rebase(h, game, scratch);
  else
    g_array_append_val(h->moves, gm.move);
}

static void lose(JqGame *game, JqColor side, JqReason reason,
                 JqMatchGameEnd *end, const char *name, const char *what) {
  jq_game_declare_result(game, jq_result_loss(side, reason));
  g_snprintf(end->note, sizeof end->note, "%s (%s) %s", side_name(side), name,
             what);
}

void jq_match_play_game(JqGame *game, JqMatchPlayer *players[2],
                        const char *names[2], const JqMatchConfig *config,
                        JqMatchGameEnd *end) {
  memset(end, 0, sizeof *end);
  JqPosition *view = g_new(JqPosition, 1);
  JqTurnLimits limits;
  EngineHistory history;
  history_start(&history, game, view);
  JqMatchClock clock;
  jq_match_clock_start(&clock, &config->tc);

  while (!jq_game_is_over(game)) {
    if (config->max_plies > 0 &&
        jq_game_move_count(game) >= config->max_plies) {
      jq_game_declare_result(game, jq_result_draw(JQ_REASON_AGREEMENT, JQ_RED));
      end->adjudicated = true;
      g_snprintf(end->note, sizeof end->note,
                 "adjudicated a draw after %d plies", config->max_plies);
      break;
    }
    JqColor side = jq_game_side_to_move(game);
    jq_game_view(game, side, view);
    JqPlayerTurn turn = {
        .view = view,
        .base_fen = history.base_fen[side],
        .base_is_startpos = history.startpos,
        .moves = (const JqMove *)(void *)history.moves->data,
        .move_count = (int)history.moves->len,
        .limits = &limits,
    };
    jq_match_clock_limits(&clock, side, config->margin_ms,
                          config->move_timeout_ms, &limits, &turn.timeout_ms);
    JqMove move = JQ_MOVE_NONE;
    char detail[200];
    gint64 t0 = g_get_monotonic_time();
    JqTurnStatus st = jq_match_player_think(players[side], &turn, &move, detail,
                                            sizeof detail);
    int64_t elapsed_ms = (g_get_monotonic_time() - t0) / 1000;
    /* An engine that died will never move: that is a loss on time. */
    if (st == JQ_TURN_TIMEOUT || st == JQ_TURN_DEAD) {
      lose(game, side, JQ_REASON_TIME, end, names[side], detail);
      break;
    }
    if (st == JQ_TURN_ILLEGAL) {
      lose(game, side, JQ_REASON_ILLEGAL_MOVE, end, names[side], detail);
      break;
    }
    if (!jq_match_clock_charge(&clock, side, elapsed_ms, config->margin_ms)) {
      g_snprintf(detail, sizeof detail, "moved after %" PRId64 " ms, too late",
                 elapsed_ms);
      lose(game, side, JQ_REASON_TIME, end, names[side], detail);
      break;
    }
    JqError err;
    if (!jq_game_play(game, move, &err)) {
      char text[JQ_COORDS_MAX];
      jq_move_to_coords(move, text);
      g_snprintf(detail, sizeof detail, "played %s: %s", text, err.message);
      lose(game, side, JQ_REASON_ILLEGAL_MOVE, end, names[side], detail);
      break;
    }
    history_add(&history, game, view);
  }
  g_array_unref(history.moves);
  g_free(view);
}
