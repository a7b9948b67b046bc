/* Words for a game result: the reason in English and the PGN score. */
#include "jq-result.h"

#include <string.h>

/* Every text is a constant, so the caller's buffer is only a copy: the
 * texts that name a side are spelled out once per colour. */
static const char *reason_text(JqReason reason, JqColor culprit) {
  bool black = culprit == JQ_BLACK;

  switch (reason) {
  case JQ_REASON_NONE: return "";
  case JQ_REASON_CHECKMATE: return "checkmate";
  case JQ_REASON_STALEMATE: return "stalemate";
  case JQ_REASON_PERPETUAL_CHECK:
    return black ? "perpetual check by Black" : "perpetual check by Red";
  case JQ_REASON_PERPETUAL_CHASE:
    return black ? "perpetual chase by Black" : "perpetual chase by Red";
  case JQ_REASON_REPETITION: return "repetition";
  case JQ_REASON_NATURAL_LIMIT: return "natural limit";
  case JQ_REASON_NO_ATTACKERS: return "no attacking pieces";
  case JQ_REASON_RESIGNATION: return black ? "Black resigned" : "Red resigned";
  case JQ_REASON_TIME: return black ? "Black lost on time" : "Red lost on time";
  case JQ_REASON_ILLEGAL_MOVE:
    return black ? "illegal move by Black" : "illegal move by Red";
  case JQ_REASON_AGREEMENT: return "draw by agreement";
  }
  return "unknown reason";
}

const char *jq_result_reason_text(JqResult result, char *buf, size_t size) {
  const char *text = reason_text(result.reason, result.culprit);

  if (buf == NULL || size == 0)
    return text;
  /* Truncate rather than overflow a short buffer; always terminated. */
  size_t len = strlen(text);
  if (len >= size)
    len = size - 1;
  memcpy(buf, text, len);
  buf[len] = '\0';
  return buf;
}

const char *jq_result_score_text(JqResult result) {
  switch (result.outcome) {
  case JQ_OUTCOME_RED_WINS: return "1-0";
  case JQ_OUTCOME_BLACK_WINS: return "0-1";
  case JQ_OUTCOME_DRAW: return "1/2-1/2";
  case JQ_OUTCOME_NONE: break;
  }
  return "*";
}
