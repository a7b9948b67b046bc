/* The referee: perpetual check and chase under the Asian rules, plain
 * repetition, mate and stalemate, the natural limit and the no-attackers
 * draw, and the result texts. Positions are built piece by piece so each
 * test shows exactly what stands where. */
#include <string.h>

#include "jq-judge.h"
#include "jq-movegen.h"
#include "jq-test-util.h"

/* Places pieces written like "Kd0 Rh1 kf9 ch7" (FEN letters, upper case
 * Red; X/x is a hidden piece, moving as the role of its point). */
static void setup(JqPosition *pos, JqVariant variant, JqColor side,
                  const char *pieces) {
  jq_position_clear(pos, variant);
  gchar **items = g_strsplit(pieces, " ", -1);
  for (gchar **it = items; *it; it++) {
    const char *s = *it;
    if (!*s)
      continue;
    int sq = jq_square_parse(s + 1);
    g_assert_cmpint(sq, >=, 0);
    g_assert_cmpint(pos->board[sq], ==, JQ_EMPTY);
    JqColor color = g_ascii_islower(s[0]) ? JQ_BLACK : JQ_RED;
    JqPiece piece;
    if (s[0] == 'X' || s[0] == 'x') {
      g_assert_cmpint(jq_start_role(sq), !=, JQ_NO_TYPE);
      piece = jq_piece_make_hidden(color, jq_start_role(sq));
    } else {
      g_assert_true(jq_piece_from_letter(s[0], &piece));
    }
    pos->board[sq] = piece;
  }
  g_strfreev(items);
  pos->side = (uint8_t)side;
  jq_position_refresh(pos);
}

/* Plays space-separated moves, each of which must be legal; a 5th letter
 * is the identity a hidden mover turns up as, "null" a null move. */
static void play(JqPosition *pos, const char *moves) {
  gchar **items = g_strsplit(moves, " ", -1);
  for (gchar **it = items; *it; it++) {
    if (!**it)
      continue;
    if (strcmp(*it, "null") == 0) {
      jq_position_make_null(pos);
      continue;
    }
    JqMove m = jq_test_move(*it);
    if (!jq_position_is_legal(pos, m))
      g_error("test move %s is not legal here", *it);
    JqReveal reveal = JQ_REVEAL_NONE;
    if (strlen(*it) >= 5)
      reveal.mover = jq_piece_type_from_letter((*it)[4]);
    jq_position_make_move(pos, m, reveal);
  }
  g_strfreev(items);
}

/* The judge must leave the position exactly as it found it. */
static void assert_same_position(const JqPosition *a, const JqPosition *b) {
  g_assert_cmpmem(a->board, sizeof a->board, b->board, sizeof b->board);
  g_assert_cmpuint(a->hash, ==, b->hash);
  g_assert_cmpuint(a->hash, ==, jq_position_compute_hash(a));
  g_assert_cmpint(a->side, ==, b->side);
  g_assert_cmpint(a->halfmove, ==, b->halfmove);
  g_assert_cmpint(a->fullmove, ==, b->fullmove);
  g_assert_cmpmem(a->pool, sizeof a->pool, b->pool, sizeof b->pool);
  g_assert_cmpint(a->capture_count, ==, b->capture_count);
  g_assert_cmpint(a->history_len, ==, b->history_len);
  g_assert_cmpmem(a->history, sizeof a->history[0] * (size_t)a->history_len,
                  b->history, sizeof b->history[0] * (size_t)b->history_len);
}

static JqRepetition judge_repetition(JqPosition *pos, int occurrences,
                                     JqReason *reason) {
  JqPosition *before = g_new(JqPosition, 1);
  *before = *pos;
  JqRepetition r = jq_judge_repetition(pos, occurrences, reason);
  assert_same_position(pos, before);
  g_free(before);
  return r;
}

static JqResult judge_position(JqPosition *pos) {
  JqPosition *before = g_new(JqPosition, 1);
  *before = *pos;
  JqResult r = jq_judge_position(pos);
  assert_same_position(pos, before);
  g_free(before);
  return r;
}

static void assert_result(JqResult r, JqOutcome outcome, JqReason reason,
                          JqColor culprit, const char *text) {
  char buf[64];
  g_assert_cmpint(r.outcome, ==, outcome);
  g_assert_cmpint(r.reason, ==, reason);
  g_assert_cmpint(r.culprit, ==, culprit);
  g_assert_cmpstr(jq_result_reason_text(r, buf, sizeof buf), ==, text);
}

static void assert_ongoing(JqPosition *pos) {
  JqResult r = judge_position(pos);
  g_assert_cmpint(r.outcome, ==, JQ_OUTCOME_NONE);
  g_assert_cmpint(r.reason, ==, JQ_REASON_NONE);
  g_assert_cmpstr(jq_result_score_text(r), ==, "*");
}

/* ---- Result texts ---- */

static void test_reason_texts(void) {
  static const struct {
    JqReason reason;
    JqColor culprit;
    const char *text;
  } cases[] = {
      {JQ_REASON_NONE, JQ_RED, ""},
      {JQ_REASON_CHECKMATE, JQ_BLACK, "checkmate"},
      {JQ_REASON_STALEMATE, JQ_RED, "stalemate"},
      {JQ_REASON_PERPETUAL_CHECK, JQ_RED, "perpetual check by Red"},
      {JQ_REASON_PERPETUAL_CHECK, JQ_BLACK, "perpetual check by Black"},
      {JQ_REASON_PERPETUAL_CHASE, JQ_RED, "perpetual chase by Red"},
      {JQ_REASON_PERPETUAL_CHASE, JQ_BLACK, "perpetual chase by Black"},
      {JQ_REASON_REPETITION, JQ_RED, "repetition"},
      {JQ_REASON_NATURAL_LIMIT, JQ_BLACK, "natural limit"},
      {JQ_REASON_NO_ATTACKERS, JQ_RED, "no attacking pieces"},
      {JQ_REASON_RESIGNATION, JQ_RED, "Red resigned"},
      {JQ_REASON_RESIGNATION, JQ_BLACK, "Black resigned"},
      {JQ_REASON_TIME, JQ_BLACK, "Black lost on time"},
      {JQ_REASON_TIME, JQ_RED, "Red lost on time"},
      {JQ_REASON_ILLEGAL_MOVE, JQ_RED, "illegal move by Red"},
      {JQ_REASON_ILLEGAL_MOVE, JQ_BLACK, "illegal move by Black"},
      {JQ_REASON_AGREEMENT, JQ_BLACK, "draw by agreement"},
  };
  for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
    JqResult r = {JQ_OUTCOME_DRAW, cases[i].reason, cases[i].culprit};
    char buf[64];
    memset(buf, 'z', sizeof buf);
    const char *text = jq_result_reason_text(r, buf, sizeof buf);
    g_assert_true(text == buf);
    g_assert_cmpstr(text, ==, cases[i].text);
    /* Without a buffer the text still comes back. */
    g_assert_cmpstr(jq_result_reason_text(r, NULL, 0), ==, cases[i].text);
  }
}

static void test_reason_text_truncates(void) {
  JqResult r = jq_result_loss(JQ_BLACK, JQ_REASON_PERPETUAL_CHASE);
  char buf[8];
  memset(buf, 'z', sizeof buf);
  g_assert_cmpstr(jq_result_reason_text(r, buf, sizeof buf), ==, "perpetu");
  char one[1] = {'z'};
  g_assert_cmpstr(jq_result_reason_text(r, one, sizeof one), ==, "");
}

static void test_score_texts(void) {
  g_assert_cmpstr(
      jq_result_score_text(jq_result_loss(JQ_BLACK, JQ_REASON_CHECKMATE)), ==,
      "1-0");
  g_assert_cmpstr(jq_result_score_text(jq_result_loss(JQ_RED, JQ_REASON_TIME)),
                  ==, "0-1");
  g_assert_cmpstr(
      jq_result_score_text(jq_result_draw(JQ_REASON_AGREEMENT, JQ_RED)), ==,
      "1/2-1/2");
  g_assert_cmpstr(jq_result_score_text(JQ_RESULT_ONGOING), ==, "*");
}

/* ---- Perpetual check ---- */

/* Red's chariot checks along ranks 9 and 8 while the black king steps
 * between f9 and f8. */
static void test_perpetual_check_by_red(void) {
  JqPosition pos;
  JqReason reason = JQ_REASON_AGREEMENT;
  setup(&pos, JQ_VARIANT_XIANGQI, JQ_RED, "Kd0 Ra8 kf9");

  g_assert_cmpint(judge_repetition(&pos, 1, &reason), ==, JQ_REPETITION_NONE);
  g_assert_cmpint(reason, ==, JQ_REASON_NONE);

  play(&pos, "a8a9 f9f8 a9a8 f8f9");
  /* Second occurrence: the referee waits for the third, a search does not. */
  g_assert_cmpint(judge_repetition(&pos, 2, &reason), ==, JQ_REPETITION_NONE);
  assert_ongoing(&pos);
  g_assert_cmpint(judge_repetition(&pos, 1, &reason), ==, JQ_REPETITION_LOSS);
  g_assert_cmpint(reason, ==, JQ_REASON_PERPETUAL_CHECK);

  play(&pos, "a8a9 f9f8 a9a8 f8f9");
  g_assert_cmpint(judge_repetition(&pos, 2, &reason), ==, JQ_REPETITION_LOSS);
  g_assert_cmpint(reason, ==, JQ_REASON_PERPETUAL_CHECK);
  g_assert_cmpint(judge_repetition(&pos, 3, &reason), ==, JQ_REPETITION_NONE);
  JqResult r = judge_position(&pos);
  assert_result(r, JQ_OUTCOME_BLACK_WINS, JQ_REASON_PERPETUAL_CHECK, JQ_RED,
                "perpetual check by Red");
  g_assert_cmpstr(jq_result_score_text(r), ==, "0-1");

  /* One ply on, Black is to move in a position seen for the third time:
   * now the side to move is the one that wins. */
  play(&pos, "a8a9");
  g_assert_cmpint(judge_repetition(&pos, 2, &reason), ==, JQ_REPETITION_WIN);
  g_assert_cmpint(reason, ==, JQ_REASON_PERPETUAL_CHECK);
  r = judge_position(&pos);
  assert_result(r, JQ_OUTCOME_BLACK_WINS, JQ_REASON_PERPETUAL_CHECK, JQ_RED,
                "perpetual check by Red");
}

static void test_perpetual_check_by_black(void) {
  JqPosition pos;
  JqReason reason;
  setup(&pos, JQ_VARIANT_XIANGQI, JQ_BLACK, "Kf0 kd9 ra1");
  play(&pos, "a1a0 f0f1 a0a1 f1f0 a1a0 f0f1 a0a1 f1f0");
  g_assert_cmpint(judge_repetition(&pos, 2, &reason), ==, JQ_REPETITION_LOSS);
  g_assert_cmpint(reason, ==, JQ_REASON_PERPETUAL_CHECK);
  JqResult r = judge_position(&pos);
  assert_result(r, JQ_OUTCOME_RED_WINS, JQ_REASON_PERPETUAL_CHECK, JQ_BLACK,
                "perpetual check by Black");
  g_assert_cmpstr(jq_result_score_text(r), ==, "1-0");
}

/* A check on every other move only is no perpetual check. */
static void test_intermittent_check_is_draw(void) {
  JqPosition pos;
  JqReason reason;
  setup(&pos, JQ_VARIANT_XIANGQI, JQ_RED, "Kd0 Ra7 kf9");
  play(&pos, "a7a9");
  g_assert_true(jq_position_in_check(&pos));
  play(&pos, "f9f8 a9a7");
  g_assert_false(jq_position_in_check(&pos));
  play(&pos, "f8f9 a7a9 f9f8 a9a7 f8f9");
  g_assert_cmpint(judge_repetition(&pos, 2, &reason), ==, JQ_REPETITION_DRAW);
  g_assert_cmpint(reason, ==, JQ_REASON_REPETITION);
  JqResult r = judge_position(&pos);
  assert_result(r, JQ_OUTCOME_DRAW, JQ_REASON_REPETITION, JQ_RED, "repetition");
  g_assert_cmpstr(jq_result_score_text(r), ==, "1/2-1/2");
}

/* Both sides check on every move: each horse steps on and off the point
 * d1 where the d-file (Red's cannon on d0 against the king on d9) crosses
 * rank 1 (Black's cannon on a1 against the king on f1), so every move both
 * answers a cannon check and gives one. */
static void test_mutual_perpetual_check_is_draw(void) {
  JqPosition pos;
  JqReason reason;
  setup(&pos, JQ_VARIANT_XIANGQI, JQ_RED, "Kf1 Cd0 Nd1 kd9 ca1 nd3");
  g_assert_true(jq_position_in_check(&pos));
  const char *cycle[] = {"d1e3", "d3c1", "e3d1", "c1d3"};
  for (int round = 0; round < 2; round++)
    for (int i = 0; i < 4; i++) {
      play(&pos, cycle[i]);
      g_assert_true(jq_position_in_check(&pos));
    }
  g_assert_cmpint(judge_repetition(&pos, 2, &reason), ==, JQ_REPETITION_DRAW);
  g_assert_cmpint(reason, ==, JQ_REASON_REPETITION);
  assert_result(judge_position(&pos), JQ_OUTCOME_DRAW, JQ_REASON_REPETITION,
                JQ_RED, "repetition");
}

/* A perpetual check in jieqi by a piece revealed before the cycle: the
 * replay has a reveal in the history below it. */
static void test_perpetual_check_after_reveal(void) {
  JqPosition pos;
  JqReason reason;
  setup(&pos, JQ_VARIANT_JIEQI, JQ_RED, "Kd0 Xa0 kf9");
  pos.pool[JQ_RED][JQ_CHARIOT] = 1;
  jq_position_refresh(&pos);
  play(&pos, "a0a7R f9f8 a7a8 f8f9 a8a9 f9f8 a9a8 f8f9");
  g_assert_cmpint(judge_repetition(&pos, 2, &reason), ==, JQ_REPETITION_NONE);
  play(&pos, "a8a9 f9f8 a9a8 f8f9");
  g_assert_cmpint(judge_repetition(&pos, 2, &reason), ==, JQ_REPETITION_LOSS);
  g_assert_cmpint(reason, ==, JQ_REASON_PERPETUAL_CHECK);
  assert_result(judge_position(&pos), JQ_OUTCOME_BLACK_WINS,
                JQ_REASON_PERPETUAL_CHECK, JQ_RED, "perpetual check by Red");
}

/* ---- Perpetual chase ---- */

/* Red's chariot follows an unprotected cannon between the g and h files. */
static void test_chase_of_cannon(void) {
  JqPosition pos;
  JqReason reason;
  setup(&pos, JQ_VARIANT_XIANGQI, JQ_BLACK, "Kd0 Rh1 kf9 ch7");
  play(&pos, "h7g7 h1g1 g7h7 g1h1");
  g_assert_cmpint(judge_repetition(&pos, 2, &reason), ==, JQ_REPETITION_NONE);
  g_assert_cmpint(judge_repetition(&pos, 1, &reason), ==, JQ_REPETITION_WIN);
  g_assert_cmpint(reason, ==, JQ_REASON_PERPETUAL_CHASE);
  play(&pos, "h7g7 h1g1 g7h7 g1h1");
  g_assert_cmpint(judge_repetition(&pos, 2, &reason), ==, JQ_REPETITION_WIN);
  g_assert_cmpint(reason, ==, JQ_REASON_PERPETUAL_CHASE);
  JqResult r = judge_position(&pos);
  assert_result(r, JQ_OUTCOME_BLACK_WINS, JQ_REASON_PERPETUAL_CHASE, JQ_RED,
                "perpetual chase by Red");

  /* Seen from Red to move, one ply later, Red is the one that loses. */
  play(&pos, "h7g7");
  g_assert_cmpint(judge_repetition(&pos, 2, &reason), ==, JQ_REPETITION_LOSS);
  g_assert_cmpint(reason, ==, JQ_REASON_PERPETUAL_CHASE);
}

static void test_chase_of_horse(void) {
  JqPosition pos;
  JqReason reason;
  setup(&pos, JQ_VARIANT_XIANGQI, JQ_BLACK, "Kd0 Rc1 kf9 nc7");
  play(&pos, "c7a8 c1a1 a8c7 a1c1 c7a8 c1a1 a8c7 a1c1");
  g_assert_cmpint(judge_repetition(&pos, 2, &reason), ==, JQ_REPETITION_WIN);
  g_assert_cmpint(reason, ==, JQ_REASON_PERPETUAL_CHASE);
}

static void test_chase_by_black(void) {
  JqPosition pos;
  JqReason reason;
  /* The mirror image of the cannon chase: Black's chariot chases. */
  setup(&pos, JQ_VARIANT_XIANGQI, JQ_RED, "Kf0 Ch2 kd9 rh8");
  play(&pos, "h2g2 h8g8 g2h2 g8h8 h2g2 h8g8 g2h2 g8h8");
  g_assert_cmpint(judge_repetition(&pos, 2, &reason), ==, JQ_REPETITION_WIN);
  g_assert_cmpint(reason, ==, JQ_REASON_PERPETUAL_CHASE);
  assert_result(judge_position(&pos), JQ_OUTCOME_RED_WINS,
                JQ_REASON_PERPETUAL_CHASE, JQ_BLACK,
                "perpetual chase by Black");
}

/* The same chase with a black chariot on i7 guarding both squares the
 * cannon uses: attacking a protected piece is no chase. */
static void test_chase_of_protected_piece_is_draw(void) {
  JqPosition pos;
  JqReason reason;
  setup(&pos, JQ_VARIANT_XIANGQI, JQ_BLACK, "Kd0 Rh1 kf9 ch7 ri7");
  play(&pos, "h7g7 h1g1 g7h7 g1h1 h7g7 h1g1 g7h7 g1h1");
  g_assert_cmpint(judge_repetition(&pos, 2, &reason), ==, JQ_REPETITION_DRAW);
  g_assert_cmpint(reason, ==, JQ_REASON_REPETITION);
  assert_result(judge_position(&pos), JQ_OUTCOME_DRAW, JQ_REASON_REPETITION,
                JQ_BLACK, "repetition");
}

/* A piece attacked all along, never newly, is not chased: Red's chariot
 * stares at the horse on a7 while both sides only shuffle horses. */
static void test_standing_attack_is_no_chase(void) {
  JqPosition pos;
  JqReason reason;
  setup(&pos, JQ_VARIANT_XIANGQI, JQ_RED, "Kd0 Ra1 Nh0 kf9 na7 nh9");
  play(&pos, "h0g2 h9g7 g2h0 g7h9 h0g2 h9g7 g2h0 g7h9");
  g_assert_cmpint(judge_repetition(&pos, 2, &reason), ==, JQ_REPETITION_DRAW);
  g_assert_cmpint(reason, ==, JQ_REASON_REPETITION);
}

/* Each Red move newly attacks an unprotected horse, but never the same
 * one twice running: no single piece is chased on every move. */
static void test_chase_of_different_pieces_is_draw(void) {
  JqPosition pos;
  JqReason reason;
  setup(&pos, JQ_VARIANT_XIANGQI, JQ_RED, "Kd0 Ra1 kf9 na7 nb7");
  play(&pos, "a1b1 f9f8 b1a1 f8f9 a1b1 f9f8 b1a1 f8f9");
  g_assert_cmpint(judge_repetition(&pos, 2, &reason), ==, JQ_REPETITION_DRAW);
  g_assert_cmpint(reason, ==, JQ_REASON_REPETITION);
}

/* A pawn across the river is chased like any piece... */
static void test_chase_of_crossed_pawn(void) {
  JqPosition pos;
  JqReason reason;
  setup(&pos, JQ_VARIANT_XIANGQI, JQ_BLACK, "Kd0 Rc1 kf9 pc4");
  play(&pos, "c4b4 c1b1 b4c4 b1c1 c4b4 c1b1 b4c4 b1c1");
  g_assert_cmpint(judge_repetition(&pos, 2, &reason), ==, JQ_REPETITION_WIN);
  g_assert_cmpint(reason, ==, JQ_REASON_PERPETUAL_CHASE);
}

/* ...but not one on its own side. It cannot step aside, so the chase is a
 * discovered one: Red's cannon on c1 fires up the c-file whenever exactly
 * one piece stands between; Red's horse steps on and off c3 and Black's
 * horse on and off c5, so after every Red move the cannon newly hits c6. */
static void stationary_chase(const char *victim, JqRepetition expected) {
  JqPosition pos;
  JqReason reason;
  char *pieces = g_strdup_printf("Ke0 Cc1 Nc3 kf9 nc5 %s", victim);
  setup(&pos, JQ_VARIANT_XIANGQI, JQ_RED, pieces);
  g_free(pieces);
  play(&pos, "c3e2 c5e6 e2c3 e6c5 c3e2 c5e6 e2c3 e6c5");
  g_assert_cmpint(judge_repetition(&pos, 2, &reason), ==, expected);
  g_assert_cmpint(reason, ==,
                  expected == JQ_REPETITION_DRAW ? JQ_REASON_REPETITION
                                                 : JQ_REASON_PERPETUAL_CHASE);
}

static void test_chase_of_uncrossed_pawn_is_draw(void) {
  stationary_chase("pc6", JQ_REPETITION_DRAW);
}

static void test_discovered_chase_of_horse(void) {
  stationary_chase("nc6", JQ_REPETITION_LOSS);
}

/* Kings and pawns may chase for ever (Asian rules): a red king and a red
 * pawn each following an unprotected cannon give only a draw. */
static void test_king_may_chase(void) {
  JqPosition pos;
  JqReason reason;
  setup(&pos, JQ_VARIANT_XIANGQI, JQ_BLACK, "Kd0 kf9 cd1");
  g_assert_true(jq_test_has_legal_move(&pos, "d1e1"));
  play(&pos, "d1e1 d0e0 e1d1 e0d0 d1e1 d0e0 e1d1 e0d0");
  /* The king really does attack the cannon, and nothing guards it. */
  jq_position_make_null(&pos);
  g_assert_true(jq_test_has_legal_move(&pos, "d0d1"));
  jq_position_unmake_null(&pos);
  g_assert_cmpint(judge_repetition(&pos, 2, &reason), ==, JQ_REPETITION_DRAW);
  g_assert_cmpint(reason, ==, JQ_REASON_REPETITION);
}

static void test_pawn_may_chase(void) {
  JqPosition pos;
  JqReason reason;
  setup(&pos, JQ_VARIANT_XIANGQI, JQ_BLACK, "Kf0 Pd6 ke9 cd7");
  play(&pos, "d7e7 d6e6 e7d7 e6d6 d7e7 d6e6 e7d7 e6d6");
  g_assert_cmpint(judge_repetition(&pos, 2, &reason), ==, JQ_REPETITION_DRAW);
  g_assert_cmpint(reason, ==, JQ_REASON_REPETITION);
}

/* Jieqi: a hidden piece can be chased, except on a pawn point (a pawn that
 * has not crossed). The discovered chase again, with the victim hidden. */
static void jieqi_stationary_chase(const char *victim, JqRepetition expected) {
  JqPosition pos;
  JqReason reason;
  char *pieces = g_strdup_printf("Ke0 Cc1 Nc3 kf9 nc5 %s", victim);
  setup(&pos, JQ_VARIANT_JIEQI, JQ_RED, pieces);
  g_free(pieces);
  pos.pool[JQ_BLACK][JQ_CHARIOT] = 1;
  jq_position_refresh(&pos);
  play(&pos, "c3e2 c5e6 e2c3 e6c5 c3e2 c5e6 e2c3 e6c5");
  g_assert_cmpint(judge_repetition(&pos, 2, &reason), ==, expected);
}

static void test_hidden_piece_on_pawn_point_not_chased(void) {
  jieqi_stationary_chase("xc6", JQ_REPETITION_DRAW);
}

static void test_hidden_piece_chased(void) {
  jieqi_stationary_chase("xc9", JQ_REPETITION_LOSS);
}

/* A hidden piece chases too: Red's hidden cannon-point piece on b2 fires
 * through the b-file at Black's hidden piece on b9. */
static void test_hidden_chaser(void) {
  JqPosition pos;
  JqReason reason;
  setup(&pos, JQ_VARIANT_JIEQI, JQ_RED, "Ke0 Xb2 Nb4 kf9 nb6 xb9");
  pos.pool[JQ_RED][JQ_CHARIOT] = 1;
  pos.pool[JQ_BLACK][JQ_CANNON] = 1;
  jq_position_refresh(&pos);
  play(&pos, "b4d3 b6d7 d3b4 d7b6 b4d3 b6d7 d3b4 d7b6");
  g_assert_cmpint(judge_repetition(&pos, 2, &reason), ==, JQ_REPETITION_LOSS);
  g_assert_cmpint(reason, ==, JQ_REASON_PERPETUAL_CHASE);
  assert_result(judge_position(&pos), JQ_OUTCOME_BLACK_WINS,
                JQ_REASON_PERPETUAL_CHASE, JQ_RED, "perpetual chase by Red");
}

/* ---- Plain repetition and what counts as one ---- */

static void test_idle_repetition_is_draw(void) {
  JqPosition pos;
  JqReason reason;
  setup(&pos, JQ_VARIANT_XIANGQI, JQ_RED, "Kd0 Nh0 kf9 nh9");
  play(&pos, "h0g2 h9g7 g2h0 g7h9");
  g_assert_cmpint(judge_repetition(&pos, 2, &reason), ==, JQ_REPETITION_NONE);
  g_assert_cmpint(judge_repetition(&pos, 1, &reason), ==, JQ_REPETITION_DRAW);
  /* Fewer than one earlier occurrence is read as one. */
  g_assert_cmpint(judge_repetition(&pos, 0, &reason), ==, JQ_REPETITION_DRAW);
  assert_ongoing(&pos);
  play(&pos, "h0g2 h9g7 g2h0 g7h9");
  g_assert_cmpint(judge_repetition(&pos, 2, &reason), ==, JQ_REPETITION_DRAW);
  g_assert_cmpint(reason, ==, JQ_REASON_REPETITION);
  assert_result(judge_position(&pos), JQ_OUTCOME_DRAW, JQ_REASON_REPETITION,
                JQ_RED, "repetition");
}

/* The chariot goes round a triangle (three moves) while Black's horse goes
 * out and back (two): the board comes back with the other side to move,
 * which is not a repetition. */
static void test_other_side_to_move_is_no_repetition(void) {
  JqPosition pos;
  JqReason reason;
  setup(&pos, JQ_VARIANT_XIANGQI, JQ_RED, "Kd0 Ra1 kf9 nh9");
  JqPiece start[JQ_SQUARES];
  memcpy(start, pos.board, sizeof start);
  play(&pos, "a1a3 h9g7 a3a2 g7h9 a2a1");
  g_assert_cmpmem(pos.board, sizeof pos.board, start, sizeof start);
  g_assert_cmpint(pos.side, ==, JQ_BLACK);
  g_assert_cmpint(judge_repetition(&pos, 1, &reason), ==, JQ_REPETITION_NONE);
  g_assert_cmpint(reason, ==, JQ_REASON_NONE);
  /* Round again: now the board with Black to move does recur. */
  play(&pos, "h9g7 a1a3 g7h9 a3a2 h9g7 a2a1 g7h9");
  g_assert_cmpint(pos.side, ==, JQ_RED);
  g_assert_cmpmem(pos.board, sizeof pos.board, start, sizeof start);
  g_assert_cmpint(judge_repetition(&pos, 1, &reason), ==, JQ_REPETITION_DRAW);
}

/* Only the moves since the last capture are looked at. */
static void test_look_back_stops_at_capture(void) {
  JqPosition pos;
  JqReason reason;
  setup(&pos, JQ_VARIANT_XIANGQI, JQ_RED, "Kd0 Nh0 Ra0 kf9 nh9 pa6");
  play(&pos, "h0g2 h9g7 g2h0 g7h9 h0g2 h9g7 g2h0 g7h9");
  g_assert_cmpint(judge_repetition(&pos, 2, &reason), ==, JQ_REPETITION_DRAW);

  /* With the clock short of the first occurrence, it no longer counts. */
  pos.halfmove = 7;
  g_assert_cmpint(judge_repetition(&pos, 2, &reason), ==, JQ_REPETITION_NONE);
  g_assert_cmpint(judge_repetition(&pos, 1, &reason), ==, JQ_REPETITION_DRAW);
  pos.halfmove = 4;
  g_assert_cmpint(judge_repetition(&pos, 1, &reason), ==, JQ_REPETITION_DRAW);
  pos.halfmove = 3;
  g_assert_cmpint(judge_repetition(&pos, 1, &reason), ==, JQ_REPETITION_NONE);
  pos.halfmove = 8;

  /* A capture, then the same dance: counting starts again. */
  play(&pos, "a0a6 h9g7 h0g2 g7h9 g2h0");
  g_assert_cmpint(pos.halfmove, ==, 4);
  g_assert_cmpint(judge_repetition(&pos, 1, &reason), ==, JQ_REPETITION_DRAW);
  g_assert_cmpint(judge_repetition(&pos, 2, &reason), ==, JQ_REPETITION_NONE);
  assert_ongoing(&pos);
}

/* A null move (made by a search) is a barrier to the look-back. */
static void test_null_move_is_a_barrier(void) {
  JqPosition pos;
  JqReason reason;
  setup(&pos, JQ_VARIANT_XIANGQI, JQ_RED, "Kd0 Nh0 kf9 nh9");
  play(&pos, "h0g2 h9g7 g2h0 g7h9");
  uint64_t hash = pos.hash;
  jq_position_make_null(&pos);
  jq_position_make_null(&pos);
  g_assert_cmpuint(pos.hash, ==, hash);
  pos.halfmove = 6;
  g_assert_cmpint(judge_repetition(&pos, 1, &reason), ==, JQ_REPETITION_NONE);
  pos.halfmove = 4;
  jq_position_unmake_null(&pos);
  jq_position_unmake_null(&pos);
  g_assert_cmpint(judge_repetition(&pos, 1, &reason), ==, JQ_REPETITION_DRAW);

  /* One null move inside the cycle, on either side's turn: a chariot goes
   * round a triangle in three moves while the other side moves out, passes
   * and moves back. The board returns with the same side to move. */
  const char *cycles[] = {"a1a3 h9g7 a3a2 null a2a1 g7h9",
                          "h0g2 a9a7 null a7a8 g2h0 a8a9"};
  for (size_t i = 0; i < G_N_ELEMENTS(cycles); i++) {
    setup(&pos, JQ_VARIANT_XIANGQI, JQ_RED, "Kd0 Ra1 Nh0 kf9 ra9 nh9");
    uint64_t start = pos.hash;
    play(&pos, cycles[i]);
    g_assert_cmpuint(pos.hash, ==, start);
    pos.halfmove = 6; /* so that only the null move stops the look-back */
    g_assert_cmpint(judge_repetition(&pos, 1, &reason), ==, JQ_REPETITION_NONE);
  }
}

/* ---- Mate, stalemate, natural limit, no attackers ---- */

static void test_checkmate(void) {
  JqPosition pos;
  setup(&pos, JQ_VARIANT_XIANGQI, JQ_BLACK, "Kd0 Ra8 Rb9 ke9");
  g_assert_true(jq_position_in_check(&pos));
  JqResult r = judge_position(&pos);
  assert_result(r, JQ_OUTCOME_RED_WINS, JQ_REASON_CHECKMATE, JQ_BLACK,
                "checkmate");
  g_assert_cmpstr(jq_result_score_text(r), ==, "1-0");

  /* Mate on the very move that reaches the natural limit still wins. */
  pos.halfmove = jq_position_natural_limit(&pos);
  assert_result(judge_position(&pos), JQ_OUTCOME_RED_WINS, JQ_REASON_CHECKMATE,
                JQ_BLACK, "checkmate");
}

/* d9 faces the red king, f9 and e8 are covered: no move, no check. In
 * xiangqi that loses too. */
static void test_stalemate(void) {
  JqPosition pos;
  setup(&pos, JQ_VARIANT_XIANGQI, JQ_BLACK, "Kd0 Ra8 Ng7 ke9");
  g_assert_false(jq_position_in_check(&pos));
  g_assert_false(jq_position_has_legal_move(&pos));
  JqResult r = judge_position(&pos);
  assert_result(r, JQ_OUTCOME_RED_WINS, JQ_REASON_STALEMATE, JQ_BLACK,
                "stalemate");
  pos.halfmove = 200;
  assert_result(judge_position(&pos), JQ_OUTCOME_RED_WINS, JQ_REASON_STALEMATE,
                JQ_BLACK, "stalemate");

  /* Red to move: d1 is on the chariot's rank, e0 faces the black king. */
  setup(&pos, JQ_VARIANT_XIANGQI, JQ_RED, "Kd0 ke9 ra1");
  g_assert_false(jq_position_has_legal_move(&pos));
  assert_result(judge_position(&pos), JQ_OUTCOME_BLACK_WINS,
                JQ_REASON_STALEMATE, JQ_RED, "stalemate");
}

static void natural_limit(JqVariant variant, int limit) {
  JqPosition pos;
  jq_position_init_start(&pos, variant);
  g_assert_cmpint(jq_position_natural_limit(&pos), ==, limit);
  pos.halfmove = limit - 1;
  assert_ongoing(&pos);
  pos.halfmove = limit;
  JqResult r = judge_position(&pos);
  assert_result(r, JQ_OUTCOME_DRAW, JQ_REASON_NATURAL_LIMIT, JQ_RED,
                "natural limit");
  g_assert_cmpstr(jq_result_score_text(r), ==, "1/2-1/2");
  pos.side = JQ_BLACK;
  pos.hash = jq_position_compute_hash(&pos);
  assert_result(judge_position(&pos), JQ_OUTCOME_DRAW, JQ_REASON_NATURAL_LIMIT,
                JQ_BLACK, "natural limit");
}

static void test_natural_limit_xiangqi(void) {
  natural_limit(JQ_VARIANT_XIANGQI, 120);
}

static void test_natural_limit_jieqi(void) {
  natural_limit(JQ_VARIANT_JIEQI, 80);
}

static void test_no_attackers(void) {
  JqPosition pos;
  setup(&pos, JQ_VARIANT_XIANGQI, JQ_RED, "Kd0 Ae1 Bc0 kf9 ae8 bg9");
  assert_result(judge_position(&pos), JQ_OUTCOME_DRAW, JQ_REASON_NO_ATTACKERS,
                JQ_RED, "no attacking pieces");

  /* One pawn anywhere, of either side, keeps the game going. */
  setup(&pos, JQ_VARIANT_XIANGQI, JQ_RED, "Kd0 Ae1 Bc0 kf9 ae8 bg9 pa6");
  assert_ongoing(&pos);
  setup(&pos, JQ_VARIANT_XIANGQI, JQ_BLACK, "Kd0 Ae1 Bc0 Ph9 kf9 ae8");
  assert_ongoing(&pos);
  setup(&pos, JQ_VARIANT_XIANGQI, JQ_RED, "Kd0 Nc4 kf9");
  assert_ongoing(&pos);
  setup(&pos, JQ_VARIANT_XIANGQI, JQ_RED, "Kd0 kf9 cc5");
  assert_ongoing(&pos);
}

/* Jieqi has no such draw: hidden pieces may be anything, and revealed
 * advisors and elephants cross the river there. */
static void test_no_attackers_not_in_jieqi(void) {
  JqPosition pos;
  setup(&pos, JQ_VARIANT_JIEQI, JQ_RED, "Ke0 Xd0 Xf0 kf9");
  pos.pool[JQ_RED][JQ_CHARIOT] = 1;
  pos.pool[JQ_RED][JQ_ADVISOR] = 1;
  jq_position_refresh(&pos);
  assert_ongoing(&pos);

  setup(&pos, JQ_VARIANT_JIEQI, JQ_RED, "Ke0 Ad0 kf9 be7");
  assert_ongoing(&pos);
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);

  g_test_add_func("/result/reason-texts", test_reason_texts);
  g_test_add_func("/result/reason-text-truncates", test_reason_text_truncates);
  g_test_add_func("/result/score-texts", test_score_texts);

  g_test_add_func("/repetition/check/by-red", test_perpetual_check_by_red);
  g_test_add_func("/repetition/check/by-black", test_perpetual_check_by_black);
  g_test_add_func("/repetition/check/intermittent",
                  test_intermittent_check_is_draw);
  g_test_add_func("/repetition/check/mutual",
                  test_mutual_perpetual_check_is_draw);
  g_test_add_func("/repetition/check/after-reveal",
                  test_perpetual_check_after_reveal);

  g_test_add_func("/repetition/chase/cannon", test_chase_of_cannon);
  g_test_add_func("/repetition/chase/horse", test_chase_of_horse);
  g_test_add_func("/repetition/chase/by-black", test_chase_by_black);
  g_test_add_func("/repetition/chase/protected",
                  test_chase_of_protected_piece_is_draw);
  g_test_add_func("/repetition/chase/standing-attack",
                  test_standing_attack_is_no_chase);
  g_test_add_func("/repetition/chase/different-pieces",
                  test_chase_of_different_pieces_is_draw);
  g_test_add_func("/repetition/chase/crossed-pawn", test_chase_of_crossed_pawn);
  g_test_add_func("/repetition/chase/uncrossed-pawn",
                  test_chase_of_uncrossed_pawn_is_draw);
  g_test_add_func("/repetition/chase/discovered",
                  test_discovered_chase_of_horse);
  g_test_add_func("/repetition/chase/king-may-chase", test_king_may_chase);
  g_test_add_func("/repetition/chase/pawn-may-chase", test_pawn_may_chase);
  g_test_add_func("/repetition/chase/hidden-on-pawn-point",
                  test_hidden_piece_on_pawn_point_not_chased);
  g_test_add_func("/repetition/chase/hidden-victim", test_hidden_piece_chased);
  g_test_add_func("/repetition/chase/hidden-chaser", test_hidden_chaser);

  g_test_add_func("/repetition/idle", test_idle_repetition_is_draw);
  g_test_add_func("/repetition/side-to-move",
                  test_other_side_to_move_is_no_repetition);
  g_test_add_func("/repetition/capture", test_look_back_stops_at_capture);
  g_test_add_func("/repetition/null-move", test_null_move_is_a_barrier);

  g_test_add_func("/judge/checkmate", test_checkmate);
  g_test_add_func("/judge/stalemate", test_stalemate);
  g_test_add_func("/judge/natural-limit/xiangqi", test_natural_limit_xiangqi);
  g_test_add_func("/judge/natural-limit/jieqi", test_natural_limit_jieqi);
  g_test_add_func("/judge/no-attackers", test_no_attackers);
  g_test_add_func("/judge/no-attackers-jieqi", test_no_attackers_not_in_jieqi);

  return g_test_run();
}
