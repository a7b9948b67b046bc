/* Network play's errors in the user's language. */
#pragma once

#include <glib.h>

#include "jq-net-leave.h"

G_BEGIN_DECLS

/* What `error` says (a network or a connection error), worded through
 * gettext from its code and arguments, never from its English message:
 * a clause without a final stop, to follow "Could not join: " and the
 * like. `peer` names the other player; NULL or "" when not known. Free
 * with g_free. */
char *jq_net_error_text(const GError *error, const char *peer);

/* Why the peer left, as a clause: the reason's code in words, or the
 * peer's own `text` in quotes; NULL for no reason. Free with g_free. */
char *jq_net_leave_text(JqNetLeaveReason reason, const char *text);

G_END_DECLS
