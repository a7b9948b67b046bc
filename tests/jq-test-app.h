/* The app under test in a test program of its own: a private home, the
 * memory settings backend, the translations as jq-main.c sets them up, and
 * the application registered and its window shown. */
#pragma once

#include <gtk/gtk.h>

#include "jq-application.h"

typedef struct {
  JqApplication *app;
  GtkWindow *window;
  char *home; /* XDG data, config and cache, removed at the end */
} JqTestApp;

/* Before g_test_run; `name` tells the temporary home apart. */
void jq_test_app_start(JqTestApp *t, int *argc, char ***argv, const char *name);
/* After g_test_run: quits the app and removes the home. */
void jq_test_app_finish(JqTestApp *t);
