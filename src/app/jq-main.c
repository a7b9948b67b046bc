/* The jieqi app: translations, then the application. */
#include "jq-config.h"

#include <locale.h>

#include <glib/gi18n.h>

#include "jq-application.h"
#include "jq-latency-probe.h"

int main(int argc, char **argv) {
  setlocale(LC_ALL, "");
  /* A run from the build tree finds its translations there. */
  const char *localedir = g_getenv("JIEQI_LOCALEDIR");
  bindtextdomain(GETTEXT_PACKAGE,
                 localedir != NULL && *localedir ? localedir : JQ_LOCALEDIR);
  bind_textdomain_codeset(GETTEXT_PACKAGE, "UTF-8");
  textdomain(GETTEXT_PACKAGE);

  /* Off unless JIEQI_LATENCY_LOG is set (bench/main-loop-latency.sh). */
  jq_latency_probe_start_from_env();
  JqApplication *app = jq_application_new();
  int status = g_application_run(G_APPLICATION(app), argc, argv);
  g_object_unref(app);
  return status;
}
