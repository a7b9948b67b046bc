/* The network game's part of the side panel: whom we play and whether the
 * connection holds, the last chat lines and a line to write one; and the
 * peer's questions (a draw offered, a take-back asked), put to the user
 * in a dialog whose answer goes back.
 *
 * Signals:
 *   notice (const char *text)  something to tell the user (translated):
 *                              an answer from the peer, a lost connection */
#pragma once

#include <gtk/gtk.h>

#include "jq-net-game.h"

G_BEGIN_DECLS

#define JQ_TYPE_NET_PANEL (jq_net_panel_get_type())
G_DECLARE_FINAL_TYPE(JqNetPanel, jq_net_panel, JQ, NET_PANEL, GtkBox)

JqNetPanel *jq_net_panel_new(JqNetGame *game);

/* For the tests: the connection line, the chat shown, the chat entry. */
const char *jq_net_panel_get_status(JqNetPanel *self);
/* The label that line is in (tests). */
GtkLabel *jq_net_panel_get_status_label(JqNetPanel *self);
const char *jq_net_panel_get_chat(JqNetPanel *self);
GtkEntry *jq_net_panel_get_entry(JqNetPanel *self);
/* "Stop Waiting", shown while a dropped peer is waited for. */
GtkButton *jq_net_panel_get_stop_button(JqNetPanel *self);

G_END_DECLS
