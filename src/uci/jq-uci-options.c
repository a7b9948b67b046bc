/* The engine options: what `uci` announces, how `setoption` checks a value
 * before anything changes, and which options the AI itself takes. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "jq-ai-options.h"
#include "jq-uci-private.h"

/* KIND_DECIMAL is a UCI string holding a number such as 0.7 (UCI spins
 * are whole numbers). */
typedef enum {
  KIND_SPIN,
  KIND_CHECK,
  KIND_COMBO,
  KIND_BUTTON,
  KIND_DECIMAL
} Kind;

typedef struct {
  const char *name;
  Kind kind;
  const char *def;
  long long min, max; /* spins and decimals */
  bool engine;        /* handed to jq_ai_set_option */
  /* The one algorithm the option belongs to (NULL: every AI). It is kept
   * while another algorithm plays and handed over when it comes back. */
  const char *algorithm;
} Spec;

static const Spec specs[JQ_UCI_OPT_COUNT] = {
    [JQ_UCI_OPT_VARIANT] = {"UCI_Variant", KIND_COMBO, "xiangqi", 0, 0, false},
    [JQ_UCI_OPT_HASH] = {"Hash", KIND_SPIN, "64", 1, 4096, true},
    [JQ_UCI_OPT_CLEAR_HASH] = {"Clear Hash", KIND_BUTTON, NULL, 0, 0, false},
    [JQ_UCI_OPT_THREADS] = {"Threads", KIND_SPIN, "1", 1, 64, true},
    [JQ_UCI_OPT_MULTIPV] = {"MultiPV", KIND_SPIN, "1", 1, 10, true},
    [JQ_UCI_OPT_SKILL] = {"Skill Level", KIND_SPIN, "20", 0, 20, true},
    [JQ_UCI_OPT_LIMIT_STRENGTH] = {"UCI_LimitStrength", KIND_CHECK, "false", 0,
                                   0, true},
    [JQ_UCI_OPT_ELO] = {"UCI_Elo", KIND_SPIN, "2800", 800, 2800, true},
    [JQ_UCI_OPT_PONDER] = {"Ponder", KIND_CHECK, "false", 0, 0, false},
    [JQ_UCI_OPT_ALGORITHM] = {"Algorithm", KIND_COMBO, "alphabeta", 0, 0,
                              false},
    /* IS-MCTS: its defaults are the AI's own. */
    [JQ_UCI_OPT_LEAF] = {"Leaf", KIND_COMBO, "probe", 0, 0, true, "ismcts"},
    [JQ_UCI_OPT_EXPLORATION] = {"Exploration", KIND_DECIMAL, "0.7", 0, 10, true,
                                "ismcts"},
    [JQ_UCI_OPT_PLAYOUT_PLIES] = {"PlayoutPlies", KIND_SPIN, "8", 0, 64, true,
                                  "ismcts"},
    [JQ_UCI_OPT_CAPTURES_FIRST] = {"CapturesFirst", KIND_CHECK, "true", 0, 0,
                                   true, "ismcts"},
    [JQ_UCI_OPT_OUTCOMES] = {"Outcomes", KIND_CHECK, "true", 0, 0, true,
                             "ismcts"},
    [JQ_UCI_OPT_REUSE] = {"Reuse", KIND_CHECK, "true", 0, 0, true, "ismcts"},
    [JQ_UCI_OPT_PRIOR] = {"Prior", KIND_DECIMAL, "1", 0, 100, true, "ismcts"},
    [JQ_UCI_OPT_FIRST_PLAY] = {"FirstPlay", KIND_DECIMAL, "0.1", 0, 1, true,
                               "ismcts"},
    [JQ_UCI_OPT_CENTER] = {"Center", KIND_DECIMAL, "0.5", 0, 1, true, "ismcts"},
    [JQ_UCI_OPT_HALVING] = {"Halving", KIND_SPIN, "0", 0, 16, true, "ismcts"},
    [JQ_UCI_OPT_HINT] = {"Hint", KIND_SPIN, "90", 0, 90, true, "ismcts"},
    [JQ_UCI_OPT_OVERRULE] = {"Overrule", KIND_SPIN, "100", 0, 100, true,
                             "ismcts"},
    [JQ_UCI_OPT_PRIOR_VISITS] = {"PriorVisits", KIND_SPIN, "0", 0, 1000000,
                                 true, "ismcts"},
    [JQ_UCI_OPT_PRIOR_DEPTH] = {"PriorDepth", KIND_SPIN, "0", 0, 6, true,
                                "ismcts"},
    [JQ_UCI_OPT_PRIOR_TEMP] = {"PriorTemp", KIND_SPIN, "100", 1, 10000, true,
                               "ismcts"},
    [JQ_UCI_OPT_PRIOR_MIX] = {"PriorMix", KIND_SPIN, "100", 0, 100, true,
                              "ismcts"},
    [JQ_UCI_OPT_PRIOR_REVEALS] = {"PriorReveals", KIND_SPIN, "1", 0, 2, true,
                                  "ismcts"},
    /* The determinized baseline. */
    [JQ_UCI_OPT_DEALS] = {"Deals", KIND_SPIN, "4", 1, 64, true, "determinized"},
};

static const char *const variant_names[] = {"xiangqi", "jieqi", NULL};
static const char *const leaf_names[] = {"eval", "playout", "probe", NULL};

/* The choices of a combo, NULL-terminated. */
static const char *const *combo_values(JqUciOptionId id) {
  switch (id) {
  case JQ_UCI_OPT_VARIANT: return variant_names;
  case JQ_UCI_OPT_LEAF: return leaf_names;
  default: return jq_ai_algorithms();
  }
}

/* Whether the AI playing now takes option `id`. */
static bool for_current_ai(const JqUci *uci, int id) {
  return specs[id].engine &&
         (!specs[id].algorithm ||
          strcmp(specs[id].algorithm, jq_ai_algorithm(uci->ai)) == 0);
}

/* Hands the current values of the AI's options to it. `report` says
 * whether a refusal is worth telling (not at start-up, where the defaults
 * are only a suggestion to an AI that may have its own). */
static void push_engine_options(JqUci *uci, bool report) {
  for (int id = 0; id < JQ_UCI_OPT_COUNT; id++) {
    if (!for_current_ai(uci, id))
      continue;
    JqError err = {{0}};
    if (!jq_ai_set_option(uci->ai, specs[id].name, uci->values[id], &err) &&
        report &&
        strcmp(uci->values[id], specs[id].def ? specs[id].def : "") != 0)
      jq_uci_info_string(uci, "%s does not take %s %s: %s",
                         jq_ai_algorithm(uci->ai), specs[id].name,
                         uci->values[id], err.message);
  }
}

void jq_uci_options_init(JqUci *uci) {
  for (int id = 0; id < JQ_UCI_OPT_COUNT; id++)
    snprintf(uci->values[id], JQ_UCI_VALUE_MAX, "%s",
             specs[id].def ? specs[id].def : "");
  uci->variant = JQ_VARIANT_XIANGQI;
  push_engine_options(uci, false);
}

void jq_uci_options_print(JqUci *uci) {
  for (int id = 0; id < JQ_UCI_OPT_COUNT; id++) {
    const Spec *s = &specs[id];
    switch (s->kind) {
    case KIND_SPIN:
      jq_uci_send(uci, "option name %s type spin default %s min %lld max %lld",
                  s->name, s->def, s->min, s->max);
      break;
    case KIND_CHECK:
      jq_uci_send(uci, "option name %s type check default %s", s->name, s->def);
      break;
    case KIND_BUTTON:
      jq_uci_send(uci, "option name %s type button", s->name);
      break;
    case KIND_DECIMAL:
      jq_uci_send(uci, "option name %s type string default %s", s->name,
                  s->def);
      break;
    case KIND_COMBO: {
      char line[512];
      int n = snprintf(line, sizeof line,
                       "option name %s type combo default %s", s->name, s->def);
      for (const char *const *v = combo_values((JqUciOptionId)id); *v; v++)
        if (n > 0 && (size_t)n < sizeof line)
          n += snprintf(line + n, sizeof line - (size_t)n, " var %s", *v);
      jq_uci_send(uci, "%s", line);
      break;
    }
    }
  }
}

/* Joins the tokens of *cursor up to `stop` (or the end) with single blanks.
 * False when they do not fit. */
static bool join_tokens(char **cursor, const char *stop, char *out, size_t size,
                        bool *saw_stop) {
  size_t n = 0;
  bool fits = true;
  out[0] = '\0';
  *saw_stop = false;
  char *tok;
  while ((tok = jq_uci_token(cursor)) != NULL) {
    if (stop && strcmp(tok, stop) == 0) {
      *saw_stop = true;
      break;
    }
    size_t len = strlen(tok);
    if (n + (n > 0) + len + 1 > size) {
      fits = false;
      continue;
    }
    if (n > 0)
      out[n++] = ' ';
    memcpy(out + n, tok, len + 1);
    n += len;
  }
  return fits;
}

/* Checks a value against the option's type; writes its canonical form. */
static bool check_value(JqUci *uci, JqUciOptionId id, const char *value,
                        char canonical[JQ_UCI_VALUE_MAX]) {
  const Spec *s = &specs[id];
  char quoted[JQ_UCI_QUOTE_MAX + 4];
  jq_uci_quote(value, quoted);
  switch (s->kind) {
  case KIND_SPIN: {
    long long v;
    if (!jq_uci_parse_int(value, s->min, s->max, &v)) {
      jq_uci_info_string(uci,
                         "%s must be a whole number from %lld to %lld, "
                         "not '%s'; unchanged",
                         s->name, s->min, s->max, quoted);
      return false;
    }
    snprintf(canonical, JQ_UCI_VALUE_MAX, "%lld", v);
    return true;
  }
  case KIND_CHECK:
    if (strcasecmp(value, "true") != 0 && strcasecmp(value, "false") != 0) {
      jq_uci_info_string(uci, "%s must be true or false, not '%s'; unchanged",
                         s->name, quoted);
      return false;
    }
    snprintf(canonical, JQ_UCI_VALUE_MAX, "%s",
             strcasecmp(value, "true") == 0 ? "true" : "false");
    return true;
  case KIND_COMBO:
    for (const char *const *v = combo_values(id); *v; v++) {
      if (strcasecmp(value, *v) == 0) {
        snprintf(canonical, JQ_UCI_VALUE_MAX, "%s", *v);
        return true;
      }
    }
    jq_uci_info_string(uci, "%s has no choice '%s'; unchanged", s->name,
                       quoted);
    return false;
  case KIND_BUTTON: canonical[0] = '\0'; return true;
  case KIND_DECIMAL: {
    double v;
    if (!jq_ai_parse_decimal(value, (double)s->min, (double)s->max, &v)) {
      jq_uci_info_string(uci,
                         "%s must be a number from %lld to %lld such as "
                         "%s, not '%s'; unchanged",
                         s->name, s->min, s->max, s->def, quoted);
      return false;
    }
    snprintf(canonical, JQ_UCI_VALUE_MAX, "%s", value);
    return true;
  }
  }
  return false;
}

/* Replaces the AI by a new one of another algorithm, keeping the options. */
static bool switch_algorithm(JqUci *uci, const char *name) {
  JqError err = {{0}};
  JqAi *ai = jq_ai_new(name, &err);
  if (!ai) {
    jq_uci_info_string(uci, "Algorithm %s: %s; unchanged", name, err.message);
    return false;
  }
  jq_ai_free(uci->ai);
  uci->ai = ai;
  push_engine_options(uci, true);
  return true;
}

static void apply(JqUci *uci, JqUciOptionId id, const char *value) {
  const Spec *s = &specs[id];
  if (for_current_ai(uci, id)) {
    JqError err = {{0}};
    if (!jq_ai_set_option(uci->ai, s->name, value, &err)) {
      jq_uci_info_string(uci, "%s %s refused: %s; unchanged", s->name, value,
                         err.message);
      return;
    }
  } else if (id == JQ_UCI_OPT_CLEAR_HASH) {
    jq_ai_new_game(uci->ai);
    return;
  } else if (id == JQ_UCI_OPT_ALGORITHM) {
    if (strcmp(value, uci->values[id]) != 0 && !switch_algorithm(uci, value))
      return;
  } else if (id == JQ_UCI_OPT_VARIANT) {
    JqVariant v =
        strcmp(value, "jieqi") == 0 ? JQ_VARIANT_JIEQI : JQ_VARIANT_XIANGQI;
    /* A position of the other variant would be meaningless now. */
    if (v != uci->variant) {
      uci->variant = v;
      jq_uci_position_reset(uci);
    }
  }
  snprintf(uci->values[id], JQ_UCI_VALUE_MAX, "%s", value);
}

void jq_uci_cmd_setoption(JqUci *uci, char *args) {
  char *cursor = args;
  char *tok = jq_uci_token(&cursor);
  if (!tok || strcmp(tok, "name") != 0) {
    jq_uci_info_string(uci, "setoption: expected 'setoption name N value V'");
    return;
  }
  char name[64], value[JQ_UCI_VALUE_MAX];
  bool has_value;
  bool name_fits = join_tokens(&cursor, "value", name, sizeof name, &has_value);
  if (name[0] == '\0') {
    jq_uci_info_string(uci, "setoption: the option name is missing");
    return;
  }
  int id = -1;
  for (int i = 0; name_fits && i < JQ_UCI_OPT_COUNT; i++)
    if (strcasecmp(name, specs[i].name) == 0)
      id = i;
  if (id < 0) {
    char quoted[JQ_UCI_QUOTE_MAX + 4];
    jq_uci_quote(name, quoted);
    jq_uci_info_string(uci, "setoption: no option named '%s'", quoted);
    return;
  }
  bool value_fits = join_tokens(&cursor, NULL, value, sizeof value, &(bool){0});
  if (!value_fits) {
    jq_uci_info_string(uci, "setoption: the value of %s is too long; unchanged",
                       specs[id].name);
    return;
  }
  if (specs[id].kind != KIND_BUTTON && (!has_value || value[0] == '\0')) {
    jq_uci_info_string(uci, "setoption: %s needs a value; unchanged",
                       specs[id].name);
    return;
  }
  /* The AI may be reading its options while it thinks. */
  if (jq_uci_searching(uci)) {
    jq_uci_info_string(uci,
                       "setoption: cannot change %s while searching; "
                       "send stop first",
                       specs[id].name);
    return;
  }
  char canonical[JQ_UCI_VALUE_MAX];
  if (!check_value(uci, (JqUciOptionId)id, value, canonical))
    return;
  apply(uci, (JqUciOptionId)id, canonical);
}
