#include "jq-analysis.h"

G_DEFINE_BOXED_TYPE(JqAnalysis, jq_analysis, jq_analysis_copy, jq_analysis_free)

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
