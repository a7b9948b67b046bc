#include "jq-test-tactics.h"

#include "jq-movegen.h"
#include "jq-notation.h"
#include "jq-test-util.h"

/* ---- brute force through reveals ---- */

/* The identities a move can turn up: the mover's own when it is hidden,
 * and the victim's when it is hidden, each any type its pool holds. */
static int reveals_of(const JqPosition *pos, JqMove m, JqReveal *out) {
  int n = 0;
  int from = jq_move_from(m), to = jq_move_to(m);
  bool hidden_mover = jq_piece_is_hidden(pos->board[from]);
  bool hidden_victim = jq_piece_is_hidden(pos->board[to]);
  int us = pos->side;
  for (int a = JQ_NO_TYPE; a < JQ_TYPE_COUNT; a++) {
    if (hidden_mover ? (a == JQ_NO_TYPE || !pos->pool[us][a]) : a != 0)
      continue;
    for (int b = JQ_NO_TYPE; b < JQ_TYPE_COUNT; b++) {
      if (hidden_victim ? (b == JQ_NO_TYPE || !pos->pool[us ^ 1][b]) : b != 0)
        continue;
      out[n++] = (JqReveal){(JqPieceType)a, (JqPieceType)b};
    }
  }
  return n;
}

static gboolean all_replies_lose(JqPosition *pos, int moves) {
  JqMoveList list;
  jq_generate_legal(pos, JQ_GEN_ALL, &list);
  if (list.count == 0)
    return TRUE;
  if (moves == 0)
    return FALSE;
  for (int i = 0; i < list.count; i++) {
    JqReveal r[JQ_TYPE_COUNT * JQ_TYPE_COUNT];
    int n = reveals_of(pos, list.moves[i], r);
    for (int k = 0; k < n; k++) {
      jq_position_make_move(pos, list.moves[i], r[k]);
      gboolean won = jq_test_wins_within(pos, moves);
      jq_position_unmake_move(pos);
      if (!won)
        return FALSE;
    }
  }
  return TRUE;
}

gboolean jq_test_move_wins(JqPosition *pos, JqMove m, int moves) {
  JqReveal r[JQ_TYPE_COUNT * JQ_TYPE_COUNT];
  int n = reveals_of(pos, m, r);
  for (int k = 0; k < n; k++) {
    jq_position_make_move(pos, m, r[k]);
    gboolean lost = all_replies_lose(pos, moves - 1);
    jq_position_unmake_move(pos);
    if (!lost)
      return FALSE;
  }
  return TRUE;
}

gboolean jq_test_wins_within(JqPosition *pos, int moves) {
  if (moves <= 0)
    return FALSE;
  JqMoveList list;
  jq_generate_legal(pos, JQ_GEN_ALL, &list);
  for (int i = 0; i < list.count; i++)
    if (jq_test_move_wins(pos, list.moves[i], moves))
      return TRUE;
  return FALSE;
}

/* ---- the data file ---- */

static void tactic_free(gpointer data) {
  JqTestTactic *t = data;
  g_free(t->name);
  g_free(t->fen);
  g_free(t->best);
  g_free(t);
}

/* A budget field: a positive number, or "-" for none. */
static uint64_t parse_budget(const char *text, const char *name) {
  if (g_strcmp0(text, "-") == 0)
    return 0;
  guint64 v;
  if (!g_ascii_string_to_unsigned(text, 10, 1, G_MAXUINT64, &v, NULL))
    g_error("%s: bad budget '%s'", name, text);
  return v;
}

GPtrArray *jq_test_tactics_load(void) {
  const char *dir = g_getenv("JQ_TEST_DATA");
  g_autofree char *path =
      g_build_filename(dir ? dir : ".", "data", "jieqi-tactics.txt", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  if (!g_file_get_contents(path, &text, NULL, &error))
    g_error("cannot read %s: %s", path, error->message);
  GPtrArray *cases = g_ptr_array_new_with_free_func(tactic_free);
  g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
  for (int i = 0; lines[i]; i++) {
    if (lines[i][0] == '#' || lines[i][0] == '\0')
      continue;
    g_auto(GStrv) f = g_strsplit(lines[i], "|", -1);
    if (g_strv_length(f) != 6)
      g_error("%s:%d: 6 fields expected", path, i + 1);
    JqTestTactic *t = g_new0(JqTestTactic, 1);
    t->name = g_strdup(f[0]);
    t->fen = g_strdup(f[1]);
    t->best = g_strdup(f[2]);
    guint64 mate;
    if (!g_ascii_string_to_unsigned(f[3], 10, 0, 3, &mate, NULL))
      g_error("%s: bad mate '%s'", t->name, f[3]);
    t->mate = (int)mate;
    t->alphabeta_nodes = parse_budget(f[4], t->name);
    t->ismcts_iterations = parse_budget(f[5], t->name);
    g_ptr_array_add(cases, t);
  }
  return cases;
}

gboolean jq_test_tactic_is_best(const JqTestTactic *t, JqMove m) {
  g_auto(GStrv) names = g_strsplit(t->best, " ", -1);
  for (int i = 0; names[i]; i++)
    if (names[i][0] && jq_test_move(names[i]) == m)
      return TRUE;
  return FALSE;
}

void jq_test_tactic_check(const JqTestTactic *t, JqPosition *pos) {
  jq_test_position_from_fen(pos, t->fen);
  g_assert_cmpint(pos->variant, ==, JQ_VARIANT_JIEQI);
  g_assert_cmpint(pos->hidden_count[0] + pos->hidden_count[1], >, 0);
  g_auto(GStrv) names = g_strsplit(t->best, " ", -1);
  g_assert_nonnull(names[0]);
  for (int i = 0; names[i]; i++)
    if (!jq_test_has_legal_move(pos, names[i]))
      g_error("%s: %s is not a legal move", t->name, names[i]);
  if (t->mate == 0)
    return;
  if (t->mate > 1 && jq_test_wins_within(pos, t->mate - 1))
    g_error("%s: wins in fewer than %d", t->name, t->mate);
  JqMoveList list;
  jq_generate_legal(pos, JQ_GEN_ALL, &list);
  for (int i = 0; i < list.count; i++) {
    gboolean wins = jq_test_move_wins(pos, list.moves[i], t->mate);
    if (wins != jq_test_tactic_is_best(t, list.moves[i])) {
      char name[JQ_COORDS_MAX];
      jq_move_to_coords(list.moves[i], name);
      g_error("%s: %s %s in %d", t->name, name,
              wins ? "is not listed but wins" : "is listed but does not win",
              t->mate);
    }
  }
}
