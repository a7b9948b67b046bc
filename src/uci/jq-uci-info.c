/* The search's answers: `info` lines from the progress callback and the
 * final `bestmove`. */
#include <inttypes.h>
#include <string.h>

#include "jq-movegen.h"
#include "jq-notation.h"
#include "jq-uci-private.h"

void jq_uci_score_text(int score, char *buf, size_t size) {
  if (score > JQ_SCORE_MATE_BOUND) {
    int plies = JQ_SCORE_MATE - score;
    snprintf(buf, size, "mate %d", (plies + 1) / 2);
  } else if (score < -JQ_SCORE_MATE_BOUND) {
    /* The mated side's count: every second ply is the winner's move. */
    int plies = JQ_SCORE_MATE + score;
    snprintf(buf, size, "mate %d", -(plies / 2));
  } else {
    snprintf(buf, size, "cp %d", score);
  }
}

void jq_uci_send_progress(const JqProgress *progress, void *data) {
  JqUci *uci = data;
  char line[160 + JQ_MAX_PV * 6];
  char score[32];
  jq_uci_score_text(progress->score, score, sizeof score);
  int seldepth = progress->seldepth > progress->depth ? progress->seldepth
                                                      : progress->depth;
  int n = snprintf(
      line, sizeof line,
      "info depth %d seldepth %d multipv %d score %s nodes %" PRIu64
      " nps %" PRIu64 " time %d hashfull %d",
      progress->depth, seldepth, progress->multipv > 0 ? progress->multipv : 1,
      score, progress->nodes, progress->nps, progress->time_ms,
      progress->hashfull);
  int pv_len = progress->pv_len;
  if (pv_len > JQ_MAX_PV)
    pv_len = JQ_MAX_PV;
  if (pv_len > 0 && n > 0 && (size_t)n < sizeof line)
    n += snprintf(line + n, sizeof line - (size_t)n, " pv");
  for (int i = 0; i < pv_len && n > 0 && (size_t)n < sizeof line; i++) {
    char move[JQ_COORDS_MAX];
    jq_move_to_coords(progress->pv[i], move);
    n += snprintf(line + n, sizeof line - (size_t)n, " %s", move);
  }
  jq_uci_send(uci, "%s", line);
  /* A sampling AI whose nodes count more than its iterations (IS-MCTS's
   * alpha-beta hint): its iterations on a line of their own. */
  if (progress->iterations > 0 && progress->nodes != progress->iterations)
    jq_uci_send(uci, "info string iterations %" PRIu64, progress->iterations);
}

/* The expected reply is only worth sending when it is legal after the best
 * move; after a reveal the position depends on an identity not yet known,
 * and the GUI sends a fresh FEN anyway, so then none is sent. */
static bool ponder_is_sound(const JqPosition *root, JqMove best,
                            JqMove ponder) {
  if (ponder == JQ_MOVE_NONE || best == JQ_MOVE_NONE)
    return false;
  if (jq_piece_is_hidden(root->board[jq_move_from(best)]))
    return false;
  JqPosition after = *root;
  jq_position_make_move(&after, best, JQ_REVEAL_NONE);
  return jq_position_is_legal(&after, ponder);
}

void jq_uci_send_bestmove(JqUci *uci, const JqPosition *root, JqMove best,
                          JqMove ponder) {
  if (best == JQ_MOVE_NONE) {
    jq_uci_send(uci, "bestmove (none)");
    return;
  }
  char b[JQ_COORDS_MAX], p[JQ_COORDS_MAX];
  jq_move_to_coords(best, b);
  if (ponder_is_sound(root, best, ponder)) {
    jq_move_to_coords(ponder, p);
    jq_uci_send(uci, "bestmove %s ponder %s", b, p);
  } else {
    jq_uci_send(uci, "bestmove %s", b);
  }
}
