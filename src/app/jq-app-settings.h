/* The app's GSettings (schema io.github.jieqi.Jieqi) and how they drive a
 * game controller. */
#pragma once

#include <gio/gio.h>

#include "jq-game-controller.h"

G_BEGIN_DECLS

/* The settings of the app's schema. */
GSettings *jq_app_settings_new(void);

/* Binds the controller's properties to the preferences: ai-algorithm,
 * ai-strength, red-ai-algorithm, red-ai-strength, black-ai-algorithm,
 * black-ai-strength, think-time-ms, disclosure, notation, character-style (the
 * settings win at once, and a change to either side reaches the other);
 * and remembers each new game's variant and players in last-variant,
 * red-player and black-player. */
void jq_app_settings_bind(GSettings *settings, JqGameController *controller);

/* At start-up: the autosaved game when there is one in progress, else a
 * new game of the last variant with the last players. */
void jq_app_settings_start_game(GSettings *settings,
                                JqGameController *controller);

G_END_DECLS
