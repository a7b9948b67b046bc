#include "jq-config.h"

#include "jq-app-settings.h"

GSettings *jq_app_settings_new(void) { return g_settings_new(JQ_APP_ID); }

/* The game's set-up, kept for the next start and the New Game dialog. */
static void remember_game(JqGameController *controller, GParamSpec *pspec,
                          gpointer data) {
  GSettings *settings = data;
  g_settings_set_enum(settings, "last-variant",
                      jq_game_controller_get_variant(controller));
  g_settings_set_enum(settings, "red-player",
                      jq_game_controller_get_player(controller, JQ_RED));
  g_settings_set_enum(settings, "black-player",
                      jq_game_controller_get_player(controller, JQ_BLACK));
}

void jq_app_settings_bind(GSettings *settings, JqGameController *controller) {
  g_return_if_fail(G_IS_SETTINGS(settings));
  g_return_if_fail(JQ_IS_GAME_CONTROLLER(controller));
  static const char *const bindings[][2] = {
      {"ai-algorithm", "algorithm"},
      {"ai-strength", "strength"},
      {"red-ai-algorithm", "red-algorithm"},
      {"red-ai-strength", "red-strength"},
      {"black-ai-algorithm", "black-algorithm"},
      {"black-ai-strength", "black-strength"},
      {"think-time-ms", "think-time"},
      {"analysis-engine", "analysis-engine"},
      {"disclosure", "disclosure"},
      {"notation", "notation"},
      {"character-style", "character-style"},
  };
  for (gsize i = 0; i < G_N_ELEMENTS(bindings); i++)
    g_settings_bind(settings, bindings[i][0], controller, bindings[i][1],
                    G_SETTINGS_BIND_DEFAULT);
  /* The bindings above keep the settings alive as long as the
   * controller. */
  g_signal_connect_object(controller, "notify::variant",
                          G_CALLBACK(remember_game), settings, 0);
  g_signal_connect_object(controller, "notify::red-player",
                          G_CALLBACK(remember_game), settings, 0);
  g_signal_connect_object(controller, "notify::black-player",
                          G_CALLBACK(remember_game), settings, 0);
}

void jq_app_settings_start_game(GSettings *settings,
                                JqGameController *controller) {
  g_return_if_fail(G_IS_SETTINGS(settings));
  g_return_if_fail(JQ_IS_GAME_CONTROLLER(controller));
  if (jq_game_controller_restore_autosave(controller))
    return;
  JqNewGame setup;
  jq_new_game_init(&setup, g_settings_get_enum(settings, "last-variant"));
  setup.players[JQ_RED] = g_settings_get_enum(settings, "red-player");
  setup.players[JQ_BLACK] = g_settings_get_enum(settings, "black-player");
  jq_game_controller_new_game(controller, &setup, NULL);
}
