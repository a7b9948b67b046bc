/* JqApplication: the app (io.github.jieqi.Jieqi). One window; app-wide
 * actions new-game, preferences, about and quit; the keyboard shortcuts;
 * PGN files given on the command line are opened. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define JQ_TYPE_APPLICATION (jq_application_get_type())
G_DECLARE_FINAL_TYPE(JqApplication, jq_application, JQ, APPLICATION,
                     AdwApplication)

JqApplication *jq_application_new(void);

G_END_DECLS
