/* The messages of network play, one JSON object a line (the format is in
 * docs/network-messages.md). jq_net_message_parse() believes nothing: the
 * type, every field's presence, JSON type and range are checked, and an
 * unknown type or field is refused, so the session only ever sees a
 * message that means exactly one thing. */
#pragma once

#include <glib.h>
#include <stdint.h>

#include "jq-types.h"

/* The protocol this program speaks; a hello with another is refused.
 * Version 2 added resume, clock, flag, the disclosure rule and leave. */
#define JQ_NET_PROTOCOL_VERSION 2
/* Limits, in bytes of UTF-8 (no terminating NUL). */
#define JQ_NET_MESSAGE_MAX 65536
#define JQ_NET_NAME_MAX 64
#define JQ_NET_PROGRAM_MAX 64
#define JQ_NET_CODE_MAX 64
#define JQ_NET_CHAT_MAX 500
#define JQ_NET_REASON_MAX 200
/* A ply count no game reaches (the natural limit ends games far sooner). */
#define JQ_NET_PLY_MAX 10000
/* The bytes of a deal, share or end message (the largest, a deal, is 992). */
#define JQ_NET_DATA_MAX 1024

typedef enum {
  JQ_NET_MSG_HELLO = 0,
  JQ_NET_MSG_PARAMS,
  JQ_NET_MSG_MOVE,
  JQ_NET_MSG_RESIGN,
  JQ_NET_MSG_DRAW_OFFER,
  JQ_NET_MSG_DRAW_ACCEPT,
  JQ_NET_MSG_DRAW_DECLINE,
  JQ_NET_MSG_TAKEBACK_REQUEST,
  JQ_NET_MSG_TAKEBACK_ACCEPT,
  JQ_NET_MSG_TAKEBACK_DECLINE,
  JQ_NET_MSG_CHAT,
  JQ_NET_MSG_CLOCK,
  JQ_NET_MSG_PING,
  JQ_NET_MSG_PONG,
  JQ_NET_MSG_BYE,
  /* Jieqi's fair deal (src/net/jq-fair-deal.h, docs/network-protocol.md):
   * the encrypted, shuffled deal of each side, a decryption share of a
   * card turned over or captured, and each side's keys at the end. Their
   * bytes travel in base64 and are checked by the fair deal library. */
  JQ_NET_MSG_DEAL,
  JQ_NET_MSG_SHARE,
  JQ_NET_MSG_END,
  /* The side to move at `ply` has run out of time (jq-net-session-clock.c,
   * docs/network-protocol.md "The clock"). */
  JQ_NET_MSG_FLAG,
  /* Reconnected: the sender's ply and a digest of its game
   * (jq-net-session-resume.c). */
  JQ_NET_MSG_RESUME,
  /* The sender gives the unfinished game up for good: no resume. */
  JQ_NET_MSG_LEAVE,
  JQ_NET_MSG_COUNT
} JqNetMsgType;

typedef struct {
  JqNetMsgType type;
  /* hello */
  int version;
  char program[JQ_NET_PROGRAM_MAX + 1];
  char name[JQ_NET_NAME_MAX + 1];
  char code[JQ_NET_CODE_MAX + 1]; /* the joiner's; "" from the host */
  /* params: the host's choices; the clock as in jieqi-cli match's --tc
   * (base_ms 0: no clock), movetime_ms 0: none */
  JqVariant variant;
  JqColor host_color;
  JqDisclosure disclosure; /* jieqi's capture rule ("captor" for xiangqi) */
  int64_t base_ms, inc_ms, movetime_ms;
  int movestogo;
  /* move ("h2e2", the core's coordinate notation); ply: the number of
   * moves played before it. Draw and take-back messages carry the ply at
   * which the offer or request was made. */
  char move[5];
  int ply;
  /* chat text; bye's and leave's reason */
  char text[JQ_NET_CHAT_MAX + 1];
  /* clock: the sender's clocks after the last move */
  int64_t clock_ms[2];
  /* resume: how many of the peer's shares this side holds for a jieqi
   * move waiting for them; -1 when no move waits */
  int held;
  /* ping and pong */
  int64_t id;
  /* deal, share ("ply": the move it belongs to) and end: their bytes */
  uint8_t data[JQ_NET_DATA_MAX];
  size_t data_len;
} JqNetMessage;

/* The wire name of a type ("draw_offer"). */
const char *jq_net_message_type_name(JqNetMsgType type);

/* A message with its type set and everything else zero. */
void jq_net_message_init(JqNetMessage *msg, JqNetMsgType type);

/* Reads one line (without its '\n'). False with a JQ_NET_ERROR_MALFORMED
 * (or _VERSION for a hello of another version) naming what is wrong; *msg
 * is then undefined. */
gboolean jq_net_message_parse(const char *line, gsize length, JqNetMessage *msg,
                              GError **error);

/* The line for a message, '\n' included. The message must be one that
 * jq_net_message_parse() would accept (the strings within their limits). */
char *jq_net_message_to_line(const JqNetMessage *msg);
