/* "Play over the Network…": host a game (variant, colour, time control,
 * jieqi's disclosure rule, the address to listen on) and wait for the friend,
 * who is told the address, the port and the game code; or join one by address,
 * port and code (recent hosts remembered). Cancel stops listening or
 * connecting. Once the game is agreed it goes to the window
 * (jq_window_begin_net_game) and the dialog closes. */
#pragma once

#include <adwaita.h>

#include "jq-window.h"

G_BEGIN_DECLS

#define JQ_TYPE_NET_DIALOG (jq_net_dialog_get_type())
G_DECLARE_FINAL_TYPE(JqNetDialog, jq_net_dialog, JQ, NET_DIALOG, AdwWindow)

JqNetDialog *jq_net_dialog_new(JqWindow *window, GSettings *settings);

/* ---- for the tests: what the user sets and reads ---- */

/* "host" or "join". */
void jq_net_dialog_set_mode(JqNetDialog *self, const char *mode);
/* The host's address row: the entry equal to `address`; FALSE if none. */
gboolean jq_net_dialog_set_host_address(JqNetDialog *self, const char *address);
void jq_net_dialog_set_host_color(JqNetDialog *self, guint index);
void jq_net_dialog_set_variant(JqNetDialog *self, JqVariant variant);
void jq_net_dialog_set_disclosure(JqNetDialog *self, JqDisclosure disclosure);
void jq_net_dialog_set_join(JqNetDialog *self, const char *host_port,
                            const char *code, const char *name);
/* Presses the shown page's button (Host, Join, or Cancel while waiting). */
void jq_net_dialog_press(JqNetDialog *self);
/* While hosting: the port listened on and the code; 0 when not. */
guint16 jq_net_dialog_get_port(JqNetDialog *self, const char **code);
/* The line under the form: what is going on, or what went wrong. */
const char *jq_net_dialog_get_message(JqNetDialog *self);
/* Whether it is hosting or joining (the form locked, Cancel offered). */
gboolean jq_net_dialog_is_busy(JqNetDialog *self);
/* The recent hosts offered on the join page. */
guint jq_net_dialog_count_recent(JqNetDialog *self);

G_END_DECLS
