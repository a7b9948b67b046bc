#include "jq-config.h"

#include "jq-analysis-text.h"

#include <stdlib.h>

#include <glib/gi18n-lib.h>

#include "jq-ai.h"

/* Closer to level than this many centipawns is no lead worth naming. */
#define EVEN_CP 20

static char *count_text(guint64 n) {
  if (n < 10000)
    return g_strdup_printf("%" G_GUINT64_FORMAT, n);
  if (n < 10000000)
    return g_strdup_printf("%.0f k", n / 1e3);
  return g_strdup_printf("%.1f M", n / 1e6);
}

/* A mate names the side that mates, whichever the perspective. */
static char *mate_text(JqColor winner, int moves) {
  if (winner == JQ_RED)
    return g_strdup_printf(g_dngettext(GETTEXT_PACKAGE, "Red mates in %d move",
                                       "Red mates in %d moves", moves),
                           moves);
  return g_strdup_printf(g_dngettext(GETTEXT_PACKAGE, "Black mates in %d move",
                                     "Black mates in %d moves", moves),
                         moves);
}

char *jq_analysis_text_score(const JqAnalysis *a,
                             JqScorePerspective perspective) {
  g_return_val_if_fail(a != NULL, NULL);
  JqColor other = a->side == JQ_RED ? JQ_BLACK : JQ_RED;
  /* The figures are the thinker's: turned round for Red's side. */
  gboolean turn = perspective == JQ_SCORE_PERSPECTIVE_RED && a->side != JQ_RED;
  JqColor seen_from = turn ? JQ_RED : a->side;
  if (a->sampling) {
    double chance = turn ? 1.0 - a->value : a->value;
    return g_strdup_printf(seen_from == JQ_RED ? _("Red's win chance %.0f%%")
                                               : _("Black's win chance %.0f%%"),
                           chance * 100.0);
  }
  if (abs(a->score) >= JQ_SCORE_MATE_BOUND)
    return mate_text(a->score > 0 ? a->side : other,
                     (JQ_SCORE_MATE - abs(a->score) + 1) / 2);
  int score = turn ? -a->score : a->score;
  /* Red's score: who is ahead. */
  int red = seen_from == JQ_RED ? score : -score;
  char number[32];
  g_snprintf(number, sizeof number, "%+.2f", score / 100.0);
  /* TRANSLATORS: %s is the score in pawns, with its sign ("+4.65"). */
  if (red >= EVEN_CP)
    return g_strdup_printf(_("Score %s (Red ahead)"), number);
  if (red <= -EVEN_CP)
    return g_strdup_printf(_("Score %s (Black ahead)"), number);
  return g_strdup_printf(_("Score %s (about even)"), number);
}

char *jq_analysis_text_figures(const JqAnalysis *a,
                               JqScorePerspective perspective,
                               gboolean hide_score) {
  g_return_val_if_fail(a != NULL, NULL);
  if (hide_score)
    return a->sampling ? g_strdup(_("The computer knows pieces you have not "
                                    "seen: its figures stay hidden."))
                       : g_strdup_printf(
                             /* TRANSLATORS: the report without the score. */
                             _("Depth %d/%d · score hidden: the computer knows "
                               "pieces you have not seen"),
                             a->depth, a->seldepth);
  char *score = jq_analysis_text_score(a, perspective);
  char *lines[2];
  if (a->sampling) {
    char *iterations = count_text(a->iterations);
    char *speed = count_text(a->nps);
    /* TRANSLATORS: a sampling AI's report: iterations run, seconds. */
    lines[0] = g_strdup_printf(_("%s iterations · %.1f s"), iterations,
                               a->time_ms / 1000.0);
    /* TRANSLATORS: the share of the iterations the best move got, and
     * how many were run a second. */
    lines[1] = g_strdup_printf(_("%.0f%% on the best move · %s iterations/s"),
                               a->visit_share * 100, speed);
    g_free(iterations);
    g_free(speed);
  } else {
    char *nodes = count_text(a->nodes);
    char *speed = count_text(a->nps);
    /* TRANSLATORS: an alpha-beta AI's report: depth and selective depth
     * in plies, seconds. */
    lines[0] = g_strdup_printf(_("Depth %d/%d · %.1f s"), a->depth, a->seldepth,
                               a->time_ms / 1000.0);
    /* TRANSLATORS: positions searched, and how many a second. */
    lines[1] = g_strdup_printf(_("%s nodes · %s nodes/s"), nodes, speed);
    g_free(nodes);
    g_free(speed);
  }
  char *figures = g_strjoin("\n", score, lines[0], lines[1], NULL);
  g_free(score);
  g_free(lines[0]);
  g_free(lines[1]);
  return figures;
}
