/* Errors of network play in the user's language. The network code gives
 * a code and its arguments (jq-net-error.h); the words are here, through
 * gettext. Its English message is for the CLI and the log only. */
#include "jq-config.h"

#include "jq-net-error-text.h"

#include <gio/gio.h>
#include <glib/gi18n-lib.h>

#include "jq-net-error.h"

char *jq_net_leave_text(JqNetLeaveReason reason, const char *text) {
  switch (reason) {
  case JQ_NET_LEAVE_NONE: return NULL;
  case JQ_NET_LEAVE_STOPPED_WAITING:
    return g_strdup(C_("leave", "the player stopped waiting"));
  case JQ_NET_LEAVE_CLOSED_WINDOW:
    return g_strdup(C_("leave", "the player closed the window"));
  case JQ_NET_LEAVE_NEW_GAME:
    return g_strdup(C_("leave", "the player left the game"));
  case JQ_NET_LEAVE_QUIT: return g_strdup(C_("leave", "the player left"));
  case JQ_NET_LEAVE_WAIT_EXPIRED:
    return g_strdup(C_("leave", "the connection did not come back in time"));
  case JQ_NET_LEAVE_CANNOT_RESUME:
    return g_strdup(C_("leave", "the game could not resume"));
  case JQ_NET_LEAVE_OUT_OF_STEP:
    return g_strdup(C_("leave", "the two programs went out of step"));
  case JQ_NET_LEAVE_GAME_OVER: return g_strdup(C_("leave", "the game is over"));
  case JQ_NET_LEAVE_CANCELLED:
    return g_strdup(C_("leave", "the player cancelled"));
  case JQ_NET_LEAVE_WRONG_CODE:
    return g_strdup(C_("leave", "the game code is wrong"));
  case JQ_NET_LEAVE_OTHER:
  default:
    if (!text || !*text)
      return NULL;
    /* Translators: the peer's own words for why it left, as it sent
     * them (perhaps in another language). */
    return g_strdup_printf(C_("leave", "“%s”"), text);
  }
}

/* What our own side asked for that cannot be (JQ_NET_ERROR_LOCAL). */
static char *local_text(const JqNetErrorArgs *a, const char *peer) {
  int max = (int)a->n[0];
  const char *text = a->text ? a->text : "";
  switch (a->detail) {
  case JQ_NET_DETAIL_NAME_TOO_LONG:
    return g_strdup_printf(g_dngettext(GETTEXT_PACKAGE,
                                       "the name is longer than %d byte",
                                       "the name is longer than %d bytes", max),
                           max);
  case JQ_NET_DETAIL_NAME_BAD:
    return g_strdup(_("the name is empty or holds control characters"));
  case JQ_NET_DETAIL_CODE_TOO_LONG:
    return g_strdup_printf(
        g_dngettext(GETTEXT_PACKAGE, "the game code is longer than %d byte",
                    "the game code is longer than %d bytes", max),
        max);
  case JQ_NET_DETAIL_CODE_BAD:
    return g_strdup(_("the game code may only hold letters, digits and signs"));
  case JQ_NET_DETAIL_NOT_IP:
    return g_strdup_printf(_("“%s” is not an IP address such as 127.0.0.1"),
                           text);
  case JQ_NET_DETAIL_NOT_HOST_PORT:
    /* Translators: %s is what the user typed as the address. */
    return g_strdup_printf(_("“%s” is not an address and a port from 1 to "
                             "65535, such as 192.168.1.5:7777"),
                           text);
  case JQ_NET_DETAIL_NO_RULE:
    return g_strdup(_("there is no such rule for captured face-down pieces"));
  case JQ_NET_DETAIL_NO_GAME:
    return g_strdup(_("no game is going on over the network"));
  case JQ_NET_DETAIL_SHARE_OWED:
    return g_strdup_printf(_("the last move is waiting for %s's share"), peer);
  case JQ_NET_DETAIL_PEER_TURN:
    return g_strdup_printf(_("it is %s's turn"), peer);
  case JQ_NET_DETAIL_MOVE_REFUSED: return g_strdup(_("the move is not legal"));
  case JQ_NET_DETAIL_NO_SHARE:
    return g_strdup(_("this program could not make its share of the move"));
  case JQ_NET_DETAIL_NO_DEAL:
    return g_strdup(_("this program could not make the deal"));
  case JQ_NET_DETAIL_DRAW_OFFERED:
    return g_strdup(_("a draw is offered already"));
  case JQ_NET_DETAIL_NO_DRAW_OFFER:
    return g_strdup_printf(_("%s has not offered a draw"), peer);
  case JQ_NET_DETAIL_JIEQI_NO_TAKEBACK:
    return g_strdup(_("network jieqi has no take-back: what a move turned "
                      "over stays known"));
  case JQ_NET_DETAIL_NOTHING_TO_TAKE_BACK:
    return g_strdup(_("you have no move to take back"));
  case JQ_NET_DETAIL_TAKEBACK_ASKED:
    return g_strdup(_("a take-back is asked for already"));
  case JQ_NET_DETAIL_NO_TAKEBACK_ASKED:
    return g_strdup_printf(_("%s has not asked to take back a move"), peer);
  case JQ_NET_DETAIL_NOT_CONNECTED: return g_strdup(_("not connected"));
  case JQ_NET_DETAIL_CHAT_BAD:
    return g_strdup(_("a chat line must be text without control characters, "
                      "and not empty"));
  case JQ_NET_DETAIL_CHAT_TOO_LONG:
    return g_strdup_printf(g_dngettext(GETTEXT_PACKAGE,
                                       "a chat line is at most %d byte",
                                       "a chat line is at most %d bytes", max),
                           max);
  case JQ_NET_DETAIL_NOTHING_TO_GIVE_UP:
    return g_strdup(_("there is no unfinished game to give up"));
  case JQ_NET_DETAIL_CONNECTED_ALREADY:
    return g_strdup(_("the game is connected already"));
  case JQ_NET_DETAIL_REASON_BAD:
    return g_strdup(_("the reason must be text without control characters"));
  case JQ_NET_DETAIL_GIVEN_UP:
    return g_strdup(_("the game was given up and cannot resume"));
  case JQ_NET_DETAIL_NOT_PAUSED:
    return g_strdup(_("there is no paused game to resume"));
  default: return g_strdup(_("this program cannot do that now"));
  }
}

/* A deal, share or move of the peer's that does not check. */
static char *cheat_text(const JqNetErrorArgs *a, const char *peer) {
  switch (a->detail) {
  case JQ_NET_DETAIL_CHEAT_DEAL:
    return g_strdup_printf(_("%s's deal does not check"), peer);
  case JQ_NET_DETAIL_CHEAT_SHARE:
    return g_strdup_printf(_("%s's share does not open the card it should"),
                           peer);
  case JQ_NET_DETAIL_CHEAT_MOVE:
    /* Translators: the peer's name, then its move ("h2e2"). */
    return g_strdup_printf(_("%s's move %s does not fit what it turned over"),
                           peer, a->text ? a->text : "");
  default: return g_strdup_printf(_("%s's message does not check"), peer);
  }
}

/* The peer left (ABANDONED, or CLOSED with a bye). */
static char *left_text(const JqNetErrorArgs *a, gboolean gave_up,
                       const char *peer) {
  g_autofree char *why = jq_net_leave_text(a->reason, a->text);
  if (gave_up && why)
    /* Translators: the peer's name, then why it gave the game up. */
    return g_strdup_printf(_("%s gave up the game: %s"), peer, why);
  if (gave_up)
    return g_strdup_printf(_("%s gave up the game"), peer);
  if (why)
    /* Translators: the peer's name, then why it left. */
    return g_strdup_printf(_("%s left: %s"), peer, why);
  return g_strdup_printf(_("%s left"), peer);
}

static char *net_text(const GError *error, const char *peer) {
  const JqNetErrorArgs *a = jq_net_error_args(error);
  const char *move = a->text ? a->text : "";
  switch ((JqNetErrorCode)error->code) {
  case JQ_NET_ERROR_MALFORMED:
    return g_strdup_printf(
        _("%s's program sent a message this program cannot read"), peer);
  case JQ_NET_ERROR_TOO_LONG:
    return g_strdup_printf(_("%s's program sent a message that is too long"),
                           peer);
  case JQ_NET_ERROR_RATE:
    return g_strdup_printf(_("%s's program sent messages too fast"), peer);
  case JQ_NET_ERROR_VERSION:
    if (a->n[0] == 0 && a->n[1] == 0)
      return g_strdup_printf(
          _("%s's program speaks another version of the protocol"), peer);
    /* Translators: the peer's name, its protocol version, then ours. */
    return g_strdup_printf(_("%s's program speaks protocol version %d, this "
                             "program version %d"),
                           peer, (int)a->n[0], (int)a->n[1]);
  case JQ_NET_ERROR_CODE: return g_strdup(_("the game code is wrong"));
  case JQ_NET_ERROR_ORDER:
    return g_strdup_printf(
        _("%s's program sent a message that does not fit the game"), peer);
  case JQ_NET_ERROR_OUT_OF_TURN:
    /* Translators: the peer's name, then its move ("h2e2"). */
    return g_strdup_printf(_("%s played %s when it was not their turn"), peer,
                           move);
  case JQ_NET_ERROR_ILLEGAL:
    if (a->detail == JQ_NET_DETAIL_FLAG_EARLY)
      return g_strdup_printf(
          _("%s claimed a win on time while your clock still ran"), peer);
    /* Translators: the peer's name, then its move ("h2e2"). */
    return g_strdup_printf(_("%s played %s, an illegal move"), peer, move);
  case JQ_NET_ERROR_TIMEOUT:
    return g_strdup_printf(
        g_dngettext(GETTEXT_PACKAGE, "nothing came from %s for %d second",
                    "nothing came from %s for %d seconds", (gulong)a->n[0]),
        peer, (int)a->n[0]);
  case JQ_NET_ERROR_CLOSED:
    if (a->detail == JQ_NET_DETAIL_LEFT)
      return left_text(a, FALSE, peer);
    return g_strdup_printf(_("%s closed the connection"), peer);
  case JQ_NET_ERROR_UNSUPPORTED:
    return g_strdup(_("jieqi over the network needs libsodium, which this "
                      "program was built without"));
  case JQ_NET_ERROR_LOCAL: return local_text(a, peer);
  case JQ_NET_ERROR_CHEAT: return cheat_text(a, peer);
  case JQ_NET_ERROR_FORFEIT:
    /* Translators: the peer's name, then the number of the move. */
    return g_strdup_printf(
        _("%s withheld their share for ply %d and loses by forfeit"), peer,
        (int)a->n[0]);
  case JQ_NET_ERROR_ABANDONED: return left_text(a, TRUE, peer);
  default: return g_strdup_printf(_("%s's program broke the rules"), peer);
  }
}

/* A connection error from GIO; NULL for one without words here. */
static char *io_text(const GError *error) {
  switch (error->code) {
  case G_IO_ERROR_CONNECTION_REFUSED:
    return g_strdup(_("nobody accepts connections at that address and port"));
  case G_IO_ERROR_TIMED_OUT: return g_strdup(_("the connection timed out"));
  case G_IO_ERROR_HOST_UNREACHABLE:
    return g_strdup(_("that address cannot be reached"));
  case G_IO_ERROR_NETWORK_UNREACHABLE:
    return g_strdup(_("the network cannot be reached"));
  case G_IO_ERROR_ADDRESS_IN_USE:
    return g_strdup(_("that port is in use already"));
  case G_IO_ERROR_PERMISSION_DENIED:
    return g_strdup(_("this program may not use that port"));
  case G_IO_ERROR_CONNECTION_CLOSED: /* also BROKEN_PIPE */
    return g_strdup(_("the connection was broken"));
  default: return NULL;
  }
}

char *jq_net_error_text(const GError *error, const char *peer) {
  if (!error)
    return g_strdup(_("the connection ended"));
  /* Translators: the other player when their name is not known yet. */
  const char *who = peer && *peer ? peer : _("the other player");
  if (error->domain == JQ_NET_ERROR)
    return net_text(error, who);
  char *text = error->domain == G_IO_ERROR ? io_text(error) : NULL;
  /* GIO's and the resolver's own messages come in the user's language
   * through GLib's translations. */
  return text ? text : g_strdup(error->message);
}
