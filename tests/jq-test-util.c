#include "jq-test-util.h"

#include <string.h>

#include "jq-game.h"
#include "jq-movegen.h"

void jq_test_position_from_fen(JqPosition *pos, const char *fen) {
  JqError err = {{0}};
  if (!jq_fen_parse(fen, JQ_FEN_VARIANT_AUTO, pos, &err))
    g_error("bad test FEN '%s': %s", fen, err.message);
}

JqMove jq_test_move(const char *coords) {
  int from = jq_square_parse(coords);
  int to = strlen(coords) >= 4 ? jq_square_parse(coords + 2) : -1;
  if (from < 0 || to < 0)
    g_error("bad test move '%s'", coords);
  return jq_move_make(from, to);
}

gboolean jq_test_has_legal_move(const JqPosition *pos, const char *coords) {
  JqMove m = jq_test_move(coords);
  JqMoveList list;
  jq_generate_legal(pos, JQ_GEN_ALL, &list);
  for (int i = 0; i < list.count; i++)
    if (list.moves[i] == m)
      return TRUE;
  return FALSE;
}

static int square_arg(const char *name, const char *what) {
  int sq = name ? jq_square_parse(name) : -1;
  if (sq < 0)
    g_error("%s: the test names no square", what);
  return sq;
}

void jq_test_assert_error(const JqError *err, const JqTestError *want,
                          const char *what) {
  if (err->code != want->code)
    g_error("%s: code %d, expected %d (%s)", what, (int)err->code,
            (int)want->code, err->message);
  char **names = g_strsplit(want->check ? want->check : "", " ", -1);
  const JqErrorArgs *a = &want->args;
  for (char **name = names; *name; name++) {
    const char *n = *name;
    long got, expect;
    const char *got_text = NULL, *expect_text = NULL;
    if (!*n)
      continue;
    if (strcmp(n, "field") == 0)
      got = err->field, expect = a->field;
    else if (strcmp(n, "color") == 0)
      got = err->color, expect = a->color;
    else if (strcmp(n, "color2") == 0)
      got = err->color2, expect = a->color2;
    else if (strcmp(n, "type") == 0)
      got = err->type, expect = a->type;
    else if (strcmp(n, "type2") == 0)
      got = err->type2, expect = a->type2;
    else if (strcmp(n, "hidden") == 0)
      got = err->hidden, expect = a->hidden;
    else if (strcmp(n, "square") == 0)
      got = err->square, expect = square_arg(want->square, what);
    else if (strcmp(n, "square2") == 0)
      got = err->square2, expect = square_arg(want->square2, what);
    else if (strcmp(n, "letter") == 0)
      got = err->letter, expect = a->letter;
    else if (n[0] == 'n' && n[1] >= '0' && n[1] <= '3' && !n[2])
      got = err->n[n[1] - '0'], expect = a->n[n[1] - '0'];
    else if (strcmp(n, "line") == 0)
      got = err->line, expect = want->line;
    else if (strcmp(n, "ply") == 0)
      got = err->ply, expect = want->ply;
    else if (strcmp(n, "text") == 0)
      got_text = err->text, expect_text = a->text;
    else if (strcmp(n, "text2") == 0)
      got_text = err->text2, expect_text = a->text2;
    else if (strcmp(n, "move") == 0)
      got_text = err->move, expect_text = want->move;
    else if (strcmp(n, "tag") == 0)
      got_text = err->tag, expect_text = want->tag;
    else
      g_error("%s: no argument '%s' to check", what, n);
    if (got_text) {
      if (g_strcmp0(got_text, expect_text) != 0)
        g_error("%s: %s is '%s', expected '%s' (%s)", what, n, got_text,
                expect_text, err->message);
    } else if (got != expect) {
      g_error("%s: %s is %ld, expected %ld (%s)", what, n, got, expect,
              err->message);
    }
  }
  g_strfreev(names);
}

void jq_test_make_random_move(JqPosition *pos, const JqMoveList *legal,
                              JqPieceType deal[JQ_SQUARES], JqRng *rng,
                              gboolean learns_captured) {
  g_assert_cmpint(legal->count, >, 0);
  JqMove m = legal->moves[jq_rng_below(rng, legal->count)];
  int from = jq_move_from(m), to = jq_move_to(m);
  JqReveal r = {deal[from], learns_captured ? deal[to] : JQ_NO_TYPE};
  if (!jq_piece_is_hidden(pos->board[from]))
    r.mover = JQ_NO_TYPE;
  if (!jq_piece_is_hidden(pos->board[to]))
    r.captured = JQ_NO_TYPE;
  jq_position_make_move(pos, m, r);
  deal[from] = JQ_NO_TYPE;
}

void jq_test_walk_random_games(JqVariant variant, int games, guint64 seed,
                               JqTestVisit visit, void *data) {
  JqRng rng;
  jq_rng_seed(&rng, seed);
  for (int g = 0; g < games; g++) {
    JqGame *game = jq_game_new(variant, jq_rng_next(&rng));
    JqPieceType deal[JQ_SQUARES];
    jq_game_initial_deal(game, deal);
    JqPosition pos = *jq_game_truth(game);
    jq_game_free(game);
    for (int len = 0; len < 160; len++) {
      JqMoveList legal;
      jq_generate_legal(&pos, JQ_GEN_ALL, &legal);
      visit(&pos, &legal, deal, data);
      if (legal.count == 0)
        break;
      jq_test_make_random_move(&pos, &legal, deal, &rng, TRUE);
    }
  }
}
