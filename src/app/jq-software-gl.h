/* Software GL: where the display's OpenGL is a software rasterizer (Mesa's
 * llvmpipe under Xvfb, in a virtual machine, over remote desktops) GTK's
 * GL renderer draws every frame of the whole window on the CPU, which
 * kept the main loop from running for 100 ms and more a frame while
 * pieces moved (docs/benchmarks.md, session 12); its cairo renderer
 * redraws only what changed. Hardware GL keeps GTK's default. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Whether a GL_RENDERER string names a software rasterizer. */
gboolean jq_software_gl_is_software(const char *gl_renderer);
/* The default display's GL_RENDERER, NULL when it has no usable GL. Free
 * with g_free. */
char *jq_software_gl_renderer(void);
/* Before the first window is shown: when GSK_RENDERER is not set and the
 * display's GL is software, sets it to cairo. TRUE when it did. */
gboolean jq_software_gl_fall_back(void);

G_END_DECLS
