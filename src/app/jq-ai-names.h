/* The AIs as the app names them: a translated label for each algorithm
 * of the engine (jq_ai_algorithms()), so an AI added behind the AI
 * interface shows up in the New Game dialog and the preferences by
 * itself, under its engine name until it gets a label here. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* The algorithms to offer, in the engine's order with the baselines
 * last; the developers' measuring baseline "determinized" is left out.
 * NULL-terminated; free with g_strfreev. */
char **jq_ai_names_list(void);
/* The same, then the outside engines of jq_engine_list_get_default() as
 * "uci:ID": all of them for `variant` -1, else those that play it. */
char **jq_ai_names_list_for(int variant);
/* A short label, "Alpha-beta" for "alphabeta", that fits a combo row; the
 * name itself when unknown. */
const char *jq_ai_names_label(const char *algorithm);
/* What the algorithm is and does, for the subtitle under its label. */
const char *jq_ai_names_description(const char *algorithm);
/* A list model of the labels of `algorithms` (as jq_ai_names_list gives
 * them), for a combo row. */
GListModel *jq_ai_names_model(char **algorithms);
/* What the strength setting (0..20) does for this algorithm, for the
 * subtitle of the strength row; FALSE from jq_ai_names_has_strength when
 * it does nothing (the baselines). */
const char *jq_ai_names_strength_hint(const char *algorithm);
gboolean jq_ai_names_has_strength(const char *algorithm);
/* Shows under `algorithm_row` what the algorithm selected in it (one of
 * `algorithms`) is, and on `strength_row` what strength means for it;
 * that row is off for the baselines. */
void jq_ai_names_show_choice(AdwComboRow *algorithm_row,
                             AdwActionRow *strength_row, char **algorithms);

G_END_DECLS
