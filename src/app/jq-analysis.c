#include "jq-config.h"

#include "jq-analysis.h"

#include <glib/gi18n-lib.h>

G_DEFINE_BOXED_TYPE(JqAnalysis, jq_analysis, jq_analysis_copy, jq_analysis_free)

static char *score_text(const JqProgress *p, gboolean sampling) {
  if (sampling)
    return g_strdup_printf("%.0f%%", p->value * 100.0);
  if (p->score >= JQ_SCORE_MATE_BOUND) {
    int moves = (JQ_SCORE_MATE - p->score + 1) / 2;
    return g_strdup_printf(
        g_dngettext(GETTEXT_PACKAGE, "Mate in %d", "Mate in %d", moves), moves);
  }
  if (p->score <= -JQ_SCORE_MATE_BOUND) {
    int moves = (JQ_SCORE_MATE + p->score + 1) / 2;
    return g_strdup_printf(
        g_dngettext(GETTEXT_PACKAGE, "Mated in %d", "Mated in %d", moves),
        moves);
  }
  return g_strdup_printf("%+.2f", p->score / 100.0);
}

JqAnalysis *jq_analysis_new(const JqProgress *progress, JqColor side, int ply,
                            gboolean hint, const char *pv) {
  JqAnalysis *a = g_new0(JqAnalysis, 1);
  a->side = side;
  a->ply = ply;
  a->hint = hint;
  a->sampling = progress->iterations > 0;
  a->depth = progress->depth;
  a->seldepth = progress->seldepth;
  a->score = progress->score;
  a->nodes = progress->nodes;
  /* A sampling AI's speed is its iterations': its nodes may count an
   * alpha-beta search's too (IS-MCTS's Hint). */
  a->nps = a->sampling && progress->time_ms > 0
               ? progress->iterations * 1000 / (uint64_t)progress->time_ms
               : progress->nps;
  a->time_ms = progress->time_ms;
  a->iterations = progress->iterations;
  a->value = progress->value;
  a->visit_share = progress->visit_share;
  a->best = progress->pv_len > 0 ? progress->pv[0] : JQ_MOVE_NONE;
  a->score_text = score_text(progress, a->sampling);
  a->pv = g_strdup(pv);
  return a;
}

JqAnalysis *jq_analysis_copy(const JqAnalysis *analysis) {
  JqAnalysis *copy = g_new(JqAnalysis, 1);
  *copy = *analysis;
  copy->score_text = g_strdup(analysis->score_text);
  copy->pv = g_strdup(analysis->pv);
  return copy;
}

void jq_analysis_free(JqAnalysis *analysis) {
  if (!analysis)
    return;
  g_free(analysis->score_text);
  g_free(analysis->pv);
  g_free(analysis);
}

gboolean jq_analysis_is_for(const JqAnalysis *analysis, int shown_ply,
                            JqMove next) {
  if (shown_ply == analysis->ply)
    return TRUE;
  return shown_ply == analysis->ply + 1 && next != JQ_MOVE_NONE &&
         (!analysis->hint || next == analysis->best);
}
