/* Options shared by the subcommands (jq-cli-options.h). */
#include "jq-cli-options.h"

#include <glib.h>
#include <inttypes.h>

#include "jq-cli.h"

bool jq_cli_option_variant(const char *command, const char *text,
                           JqVariant *out) {
  JqFenVariant v;
  if (!jq_cli_parse_variant(text, &v) || v == JQ_FEN_VARIANT_AUTO) {
    jq_cli_usage_error(command, "unknown variant '%s' (xiangqi, jieqi)", text);
    return false;
  }
  *out = v == JQ_FEN_VARIANT_JIEQI ? JQ_VARIANT_JIEQI : JQ_VARIANT_XIANGQI;
  return true;
}

bool jq_cli_option_tc(const char *command, const char *text,
                      JqTimeControl *tc) {
  JqError err;
  if (!jq_time_control_parse(text, tc, &err)) {
    jq_cli_usage_error(command, "%s", err.message);
    return false;
  }
  return true;
}

bool jq_cli_option_movetime(const char *command, const char *text,
                            int64_t *out_ms) {
  gint64 ms;
  if (!g_ascii_string_to_signed(text, 10, 1, JQ_TC_MAX_BASE_MS, &ms, NULL)) {
    jq_cli_usage_error(
        command, "--movetime must be 1 to %" PRId64 " milliseconds (24 hours)",
        JQ_TC_MAX_BASE_MS);
    return false;
  }
  *out_ms = ms;
  return true;
}

bool jq_cli_option_player(const char *command, const char *option,
                          const char *text, JqPlayerSpec *spec) {
  JqError err;
  if (!jq_player_spec_parse(text, spec, &err)) {
    jq_cli_usage_error(command, "%s: %s", option, err.message);
    return false;
  }
  return true;
}
