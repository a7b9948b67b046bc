/* The reasons for leaving that this program itself sends. */
#include "jq-net-leave.h"

#include <string.h>

static const char *const texts[JQ_NET_LEAVE_COUNT] = {
    [JQ_NET_LEAVE_NONE] = "",
    [JQ_NET_LEAVE_OTHER] = "",
    [JQ_NET_LEAVE_STOPPED_WAITING] = "the player stopped waiting",
    [JQ_NET_LEAVE_CLOSED_WINDOW] = "the player closed the window",
    [JQ_NET_LEAVE_NEW_GAME] = "the player left the game",
    [JQ_NET_LEAVE_QUIT] = "the player left",
    [JQ_NET_LEAVE_WAIT_EXPIRED] = "the connection did not come back in time",
    [JQ_NET_LEAVE_CANNOT_RESUME] = "the game cannot resume",
    [JQ_NET_LEAVE_OUT_OF_STEP] = "the games went out of step",
    [JQ_NET_LEAVE_GAME_OVER] = "the game is over",
    [JQ_NET_LEAVE_CANCELLED] = "cancelled",
    [JQ_NET_LEAVE_WRONG_CODE] = "the wrong game code",
};

JqNetLeaveReason jq_net_leave_reason_parse(const char *text) {
  if (!text || !*text)
    return JQ_NET_LEAVE_NONE;
  for (int r = JQ_NET_LEAVE_STOPPED_WAITING; r < JQ_NET_LEAVE_COUNT; r++)
    if (strcmp(text, texts[r]) == 0)
      return (JqNetLeaveReason)r;
  /* Older or other wordings this program has sent. */
  if (strcmp(text, "the program ended") == 0)
    return JQ_NET_LEAVE_QUIT;
  if (strcmp(text, "game over") == 0)
    return JQ_NET_LEAVE_GAME_OVER;
  return JQ_NET_LEAVE_OTHER;
}

const char *jq_net_leave_reason_text(JqNetLeaveReason reason) {
  g_return_val_if_fail((unsigned)reason < JQ_NET_LEAVE_COUNT, "");
  return texts[reason];
}
