/* Options that `match`, `host` and `join` share, read the same way and
 * refused with the same messages: the variant of a game, a clock time
 * control, a fixed time a move, and a player. Each returns false, after
 * printing the usage error for `command` (jq_cli_usage_error), when the
 * text is not one; the caller's exit status is then JQ_CLI_EXIT_USAGE. */
#pragma once

#include <stdbool.h>
#include <stdint.h>

#include "jq-match-player.h"
#include "jq-match.h"

/* --variant: "xiangqi" or "jieqi" (any case). */
bool jq_cli_option_variant(const char *command, const char *text,
                           JqVariant *out);
/* --tc: "[MOVES/]BASE[+INC]" (jq_time_control_parse) into *tc. */
bool jq_cli_option_tc(const char *command, const char *text, JqTimeControl *tc);
/* --movetime: whole milliseconds, 1 to JQ_TC_MAX_BASE_MS. */
bool jq_cli_option_movetime(const char *command, const char *text,
                            int64_t *out_ms);
/* A player spec for `option` ("--player", "--player1"): human is not one
 * (the caller handles it); clear *spec with jq_player_spec_clear. */
bool jq_cli_option_player(const char *command, const char *option,
                          const char *text, JqPlayerSpec *spec);
