/* The rules library's errors in the user's language. */
#pragma once

#include <glib.h>

#include "jq-error.h"

G_BEGIN_DECLS

/* What `err` says, worded through gettext from its code and arguments
 * (never its English message), with where in a file it is. Free with
 * g_free. */
char *jq_error_text(const JqError *err);

G_END_DECLS
