/* What the computer is thinking, as the analysis view shows it: one
 * snapshot of an AI's progress report with the line already written out in
 * the move list's notation. */
#pragma once

#include <glib-object.h>

#include "jq-ai.h"
#include "jq-types.h"

G_BEGIN_DECLS

typedef struct {
  JqColor side;      /* the side being thought for */
  int ply;           /* moves played before the position thought about */
  gboolean hint;     /* thinking for a hint rather than for its own move */
  gboolean sampling; /* a sampling AI: iterations and value are filled in */
  /* Alpha-beta AIs: plies searched, and the score for `side` in
   * centipawns or a mate score (see jq-ai.h). */
  int depth;
  int seldepth;
  int score;
  guint64 nodes;
  guint64 nps;
  int time_ms;
  /* Sampling AIs: iterations run, the chance of winning they give `side`
   * in [0, 1] and the share of visits the best move got. */
  guint64 iterations;
  double value;
  double visit_share;
  JqMove best;      /* first move of the line, JQ_MOVE_NONE if none */
  char *score_text; /* "+0.35", "Mate in 3", "52%" */
  char *pv;         /* the expected line, "" when there is none */
} JqAnalysis;

#define JQ_TYPE_ANALYSIS (jq_analysis_get_type())
GType jq_analysis_get_type(void);

/* A snapshot of an AI's report thought for `side`, `ply` moves into the
 * game (for a hint when `hint`), with its line `pv` already in words. */
JqAnalysis *jq_analysis_new(const JqProgress *progress, JqColor side, int ply,
                            gboolean hint, const char *pv);
JqAnalysis *jq_analysis_copy(const JqAnalysis *analysis);
/* Whether the report is about the position shown, `shown_ply` moves into
 * the game whose move after `analysis->ply` moves is `next` (JQ_MOVE_NONE
 * when there is none): the position thought about itself, or, for the
 * computer's own move, the one that move made, whose line it still
 * explains. A hint's line stays only when its move was played. */
gboolean jq_analysis_is_for(const JqAnalysis *analysis, int shown_ply,
                            JqMove next);
void jq_analysis_free(JqAnalysis *analysis);

G_DEFINE_AUTOPTR_CLEANUP_FUNC(JqAnalysis, jq_analysis_free)

G_END_DECLS
