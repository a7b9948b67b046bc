#include "jq-uci-ranks.h"

#include <stdlib.h>

void jq_uci_ranks_append_move(GString *out, JqMove move, bool from_one) {
  int from = jq_move_from(move), to = jq_move_to(move);
  int shift = from_one ? 1 : 0;
  g_string_append_printf(out, "%c%d%c%d", 'a' + jq_square_file(from),
                         jq_square_rank(from) + shift, 'a' + jq_square_file(to),
                         jq_square_rank(to) + shift);
}

char *jq_uci_ranks_move_to_ours(const char *text, bool from_one) {
  if (!from_one)
    return g_strdup(text);
  GString *out = g_string_new(NULL);
  const char *s = text;
  for (int k = 0; k < 2; k++) {
    if (*s < 'a' || *s > 'i' || !g_ascii_isdigit(s[1])) {
      g_string_free(out, TRUE);
      return g_strdup(text);
    }
    char *end;
    long rank = strtol(s + 1, &end, 10);
    if (rank < 1 || rank > 10) {
      g_string_free(out, TRUE);
      return g_strdup(text);
    }
    g_string_append_printf(out, "%c%ld", *s, rank - 1);
    s = end;
  }
  g_string_append(out, s);
  return g_string_free(out, FALSE);
}
