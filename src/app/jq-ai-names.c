#include "jq-config.h"

#include "jq-ai-names.h"

#include <string.h>

#include <glib/gi18n.h>

#include "jq-ai.h"
#include "jq-engine-list.h"

/* The baselines are there to practise against, so they come last. */
static gboolean is_baseline(const char *name) {
  return strcmp(name, "random") == 0 || strcmp(name, "greedy") == 0;
}

/* Measuring instruments for the engine's developers, not opponents. */
static gboolean is_instrument(const char *name) {
  return strcmp(name, "determinized") == 0;
}

char **jq_ai_names_list(void) {
  const char *const *all = jq_ai_algorithms();
  GStrvBuilder *builder = g_strv_builder_new();
  for (int pass = 0; pass < 2; pass++)
    for (gsize i = 0; all[i] != NULL; i++)
      if (!is_instrument(all[i]) && is_baseline(all[i]) == (pass == 1))
        g_strv_builder_add(builder, all[i]);
  char **list = g_strv_builder_end(builder);
  g_strv_builder_unref(builder);
  return list;
}

char **jq_ai_names_list_for(int variant) {
  char **own = jq_ai_names_list();
  GStrvBuilder *builder = g_strv_builder_new();
  g_strv_builder_addv(builder, (const char **)own);
  g_strfreev(own);
  JqEngineList *engines = jq_engine_list_get_default();
  for (guint i = 0; i < jq_engine_list_count(engines); i++) {
    const JqEngine *e = jq_engine_list_get(engines, i);
    if (variant < 0 || jq_engine_plays(e, (JqVariant)variant)) {
      char *name = jq_engine_list_algorithm(e->id);
      g_strv_builder_add(builder, name);
      g_free(name);
    }
  }
  char **list = g_strv_builder_end(builder);
  g_strv_builder_unref(builder);
  return list;
}

const char *jq_ai_names_label(const char *algorithm) {
  g_return_val_if_fail(algorithm != NULL, "");
  if (strcmp(algorithm, "alphabeta") == 0)
    return _("Alpha-beta");
  if (strcmp(algorithm, "ismcts") == 0 || strcmp(algorithm, "mcts") == 0)
    return _("Monte Carlo");
  if (strcmp(algorithm, "greedy") == 0)
    /* TRANSLATORS: an opponent that takes whatever it can, one move
     * ahead. */
    return _("Greedy");
  if (strcmp(algorithm, "random") == 0)
    return _("Beginner");
  const JqEngine *e =
      jq_engine_list_find_algorithm(jq_engine_list_get_default(), algorithm);
  if (e)
    return e->name;
  return algorithm;
}

const char *jq_ai_names_description(const char *algorithm) {
  g_return_val_if_fail(algorithm != NULL, "");
  if (strcmp(algorithm, "alphabeta") == 0)
    return _("Alpha-beta search: reads the moves ahead");
  if (strcmp(algorithm, "ismcts") == 0 || strcmp(algorithm, "mcts") == 0)
    /* TRANSLATORS: by default the tree search plays the alpha-beta
     * search's move unless its own games prove that move wrong. */
    return _("Monte Carlo tree search that checks the alpha-beta's move");
  if (strcmp(algorithm, "greedy") == 0)
    return _("Takes whatever it can, one move ahead");
  if (strcmp(algorithm, "random") == 0)
    return _("Plays random moves, for a first game");
  if (g_str_has_prefix(algorithm, "uci:"))
    return _("An outside engine (Preferences, Engines)");
  return _("How the computer chooses its moves");
}

GListModel *jq_ai_names_model(char **algorithms) {
  GtkStringList *labels = gtk_string_list_new(NULL);
  for (guint i = 0; algorithms[i] != NULL; i++)
    gtk_string_list_append(labels, jq_ai_names_label(algorithms[i]));
  return G_LIST_MODEL(labels);
}

gboolean jq_ai_names_has_strength(const char *algorithm) {
  return algorithm != NULL && !is_baseline(algorithm) &&
         !g_str_has_prefix(algorithm, "uci:");
}

const char *jq_ai_names_strength_hint(const char *algorithm) {
  g_return_val_if_fail(algorithm != NULL, "");
  if (strcmp(algorithm, "alphabeta") == 0)
    return _("From 0, the weakest, to 20, full strength: below 20 it looks "
             "fewer moves ahead and now and then picks a lesser move");
  if (strcmp(algorithm, "ismcts") == 0 || strcmp(algorithm, "mcts") == 0)
    return _("From 0, the weakest, to 20, full strength: below 20 it plays "
             "out fewer games a move, from 50 at 0 to 25,600 at 19");
  if (is_baseline(algorithm))
    return _("This opponent has no strength setting");
  if (g_str_has_prefix(algorithm, "uci:"))
    return _("An outside engine plays at the strength its options set");
  return _("From 0, the weakest, to 20, full strength");
}

void jq_ai_names_show_choice(AdwComboRow *algorithm_row,
                             AdwActionRow *strength_row, char **algorithms) {
  guint i = adw_combo_row_get_selected(algorithm_row);
  if (algorithms == NULL || i >= g_strv_length(algorithms))
    return;
  adw_action_row_set_subtitle(ADW_ACTION_ROW(algorithm_row),
                              jq_ai_names_description(algorithms[i]));
  adw_action_row_set_subtitle(strength_row,
                              jq_ai_names_strength_hint(algorithms[i]));
  gtk_widget_set_sensitive(GTK_WIDGET(strength_row),
                           jq_ai_names_has_strength(algorithms[i]));
}
