/* Giving a network game up and telling the peer so, in the background
 * (docs/network-messages.md, "Giving up"). The session is given up at once
 * (ABANDONED: kept unfinished, it never resumes); then, the first way that
 * works, its `leave` reaches the peer:
 *   - on the connection when it is up;
 *   - a joiner whose connection dropped connects to the host once more
 *     only to say so (asynchronous, a short timeout, tried again for a few
 *     seconds while the host may not listen yet), until the host answered;
 *   - a host whose connection dropped keeps listening a few seconds to
 *     answer a joiner that connects to resume.
 * Nothing waits in the main loop; the telling keeps the session (and the
 * default application, so that quitting lets it finish) for at most a few
 * seconds, then lets go whatever happened. */
#pragma once

#include <gio/gio.h>

#include "jq-net-session.h"

G_BEGIN_DECLS

/* Where the game would have met again: the host listens on `address` and
 * `port` (`service`: the listener it has already, taken over; NULL: one
 * is made), the joiner connects there. NULL address: only a live
 * connection is told. FALSE, nothing done, when the session has no
 * unfinished game to give up. */
gboolean jq_net_farewell(JqNetSession *session, const char *reason,
                         gboolean hosting, const char *address, guint16 port,
                         GSocketService *service);

/* How many farewells are still telling their peer. */
guint jq_net_farewell_pending(void);

G_END_DECLS
