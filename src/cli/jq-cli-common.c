/* Helpers shared by the jieqi-cli subcommands: argument parsing and names. */
#include "jq-cli.h"

#include <glib.h>
#include <stdarg.h>

int jq_cli_usage_error(const char *command, const char *fmt, ...) {
  va_list ap;
  fprintf(stderr, "jieqi-cli %s: ", command);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fprintf(stderr, "\nTry 'jieqi-cli %s --help'.\n", command);
  return JQ_CLI_EXIT_USAGE;
}

bool jq_cli_parse_variant(const char *text, JqFenVariant *out) {
  if (g_ascii_strcasecmp(text, "xiangqi") == 0) {
    *out = JQ_FEN_VARIANT_XIANGQI;
    return true;
  }
  if (g_ascii_strcasecmp(text, "jieqi") == 0) {
    *out = JQ_FEN_VARIANT_JIEQI;
    return true;
  }
  return false;
}

bool jq_cli_parse_seed(const char *text, uint64_t *out) {
  guint64 value = 0;
  if (!g_ascii_string_to_unsigned(text, 10, 0, G_MAXUINT64, &value, NULL))
    return false;
  *out = value;
  return true;
}

const char *jq_cli_type_name(JqPieceType type) {
  switch (type) {
  case JQ_KING: return "king";
  case JQ_ADVISOR: return "advisor";
  case JQ_ELEPHANT: return "elephant";
  case JQ_HORSE: return "horse";
  case JQ_CHARIOT: return "chariot";
  case JQ_CANNON: return "cannon";
  case JQ_PAWN: return "pawn";
  default: return "unknown piece";
  }
}

void jq_cli_position_fen(const JqPosition *pos, char buf[JQ_FEN_MAX]) {
  JqFenDialect dialect =
      jq_position_is_jieqi(pos) ? JQ_FEN_JIEQIBOX : JQ_FEN_XIANGQI;
  if (jq_fen_write(pos, dialect, buf, JQ_FEN_MAX) == 0)
    g_strlcpy(buf, "(position too large to write)", JQ_FEN_MAX);
}
