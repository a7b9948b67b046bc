#include "jq-config.h"

#include "jq-software-gl.h"

#include <string.h>

#include <epoxy/gl.h>
#include <gtk/gtk.h>

gboolean jq_software_gl_is_software(const char *gl_renderer) {
  if (gl_renderer == NULL)
    return FALSE;
  /* Mesa's rasterizers on the CPU: "llvmpipe (LLVM 15.0.6, 256 bits)",
   * "softpipe", "Software Rasterizer" (swrast). */
  static const char *const names[] = {"llvmpipe", "softpipe", "software",
                                      "swrast"};
  g_autofree char *lower = g_ascii_strdown(gl_renderer, -1);
  for (gsize i = 0; i < G_N_ELEMENTS(names); i++)
    if (strstr(lower, names[i]) != NULL)
      return TRUE;
  return FALSE;
}

char *jq_software_gl_renderer(void) {
  GdkDisplay *display = gdk_display_get_default();
  if (display == NULL)
    return NULL;
  GError *error = NULL;
  GdkGLContext *context = gdk_display_create_gl_context(display, &error);
  if (context == NULL || !gdk_gl_context_realize(context, &error)) {
    g_clear_error(&error);
    g_clear_object(&context);
    return NULL;
  }
  gdk_gl_context_make_current(context);
  const char *name = (const char *)glGetString(GL_RENDERER);
  char *copy = g_strdup(name);
  gdk_gl_context_clear_current();
  g_object_unref(context);
  return copy;
}

gboolean jq_software_gl_fall_back(void) {
  /* A renderer the user chose stays, and no GL context is made. */
  if (g_getenv("GSK_RENDERER") != NULL)
    return FALSE;
  g_autofree char *name = jq_software_gl_renderer();
  if (!jq_software_gl_is_software(name))
    return FALSE;
  /* GTK reads it when it makes its first renderer, for the first window. */
  g_setenv("GSK_RENDERER", "cairo", TRUE);
  return TRUE;
}
