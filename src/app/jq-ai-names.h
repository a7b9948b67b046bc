/* The AIs as the app names them: a translated label for each algorithm
 * of the engine (jq_ai_algorithms()), so an AI added behind the AI
 * interface shows up in the New Game dialog and the preferences by
 * itself, under its engine name until it gets a label here. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The algorithms to offer, in the engine's order with the baselines
 * last; the developers' measuring baseline "determinized" is left out.
 * NULL-terminated; free with g_strfreev. */
char **jq_ai_names_list(void);
/* "Alpha-beta search" for "alphabeta"; the name itself when unknown. */
const char *jq_ai_names_label(const char *algorithm);

G_END_DECLS
