/* PGN writing and reading; the format is described in jq-pgn.h. */
#include "jq-pgn.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "jq-fen.h"
#include "jq-movegen.h"

/* ---- A growing string. After a failed allocation every append is a no-op
 * and the result is NULL, so callers check once at the end. */

typedef struct {
  char *data;
  size_t len, cap;
  bool failed;
} Text;

static void text_append(Text *t, const char *s, size_t n) {
  if (t->failed)
    return;
  if (t->len + n + 1 > t->cap) {
    size_t cap = t->cap ? t->cap : 1024;
    while (t->len + n + 1 > cap)
      cap *= 2;
    char *data = realloc(t->data, cap);
    if (!data) {
      t->failed = true;
      return;
    }
    t->data = data;
    t->cap = cap;
  }
  memcpy(t->data + t->len, s, n);
  t->len += n;
  t->data[t->len] = '\0';
}

static void text_puts(Text *t, const char *s) { text_append(t, s, strlen(s)); }

/* ---- Writing */

/* Most lines stay within this many bytes, as the PGN standard asks. */
#define LINE_MAX_BYTES 79

void jq_pgn_info_init(JqPgnInfo *info) {
  memset(info, 0, sizeof *info);
  info->style = JQ_PGN_COORDS;
  info->charset = JQ_CHARSET_SIMPLIFIED;
  info->reader = -1;
}

/* [Name "value"] with the quote and backslash escaped as PGN does. */
static void write_tag(Text *t, const char *name, const char *value) {
  text_puts(t, "[");
  text_puts(t, name);
  text_puts(t, " \"");
  for (const char *p = value; *p; p++) {
    if (*p == '"' || *p == '\\')
      text_append(t, "\\", 1);
    /* A line break would end the tag line; a blank stands in for it. */
    text_append(t, *p == '\n' || *p == '\r' ? " " : p, 1);
  }
  text_puts(t, "\"]\n");
}

static const char *termination_word(JqResult result) {
  switch (result.reason) {
  case JQ_REASON_NONE: return "unterminated";
  case JQ_REASON_TIME: return "time forfeit";
  case JQ_REASON_ILLEGAL_MOVE: return "rules infraction";
  default: return "normal";
  }
}

static bool is_standard_start(const JqGame *game) {
  const char *start = jq_game_variant(game) == JQ_VARIANT_JIEQI
                          ? JQ_START_FEN_JIEQI
                          : JQ_START_FEN_XIANGQI;
  return strcmp(jq_game_initial_fen(game), start) == 0;
}

/* The deal in the order jq-pgn.h documents; returns the letter count. */
static int deal_letters(const JqGame *game, char *buf, size_t size) {
  const JqPosition *start = jq_game_initial(game);
  JqPieceType deal[JQ_SQUARES];
  jq_game_initial_deal(game, deal);
  size_t n = 0;
  for (int sq = 0; sq < JQ_SQUARES && n + 1 < size; sq++) {
    JqPiece p = start->board[sq];
    if (!jq_piece_is_hidden(p))
      continue;
    buf[n++] = jq_piece_letter(jq_piece_make(jq_piece_color(p), deal[sq]));
  }
  buf[n] = '\0';
  return (int)n;
}

/* Adds a token to the move text, breaking the line before it when the line
 * would grow too long. */
static void add_token(Text *t, size_t *line_len, const char *token) {
  size_t n = strlen(token);
  if (*line_len > 0 && *line_len + 1 + n > LINE_MAX_BYTES) {
    text_puts(t, "\n");
    *line_len = 0;
  } else if (*line_len > 0) {
    text_puts(t, " ");
    (*line_len)++;
  }
  text_puts(t, token);
  *line_len += n;
}

/* PGN takes "(" for the start of a variation, so a Chinese move's revealed
 * piece goes in full-width parentheses, "暗马八进七（车）", which readers
 * of Chinese moves take too. */
static void fullwidth_parens(const char *in, char *out, size_t size) {
  size_t n = 0;
  for (const char *p = in; *p && n + 4 < size; p++) {
    const char *wide = *p == '(' ? "（" : *p == ')' ? "）" : NULL;
    if (wide) {
      memcpy(out + n, wide, strlen(wide));
      n += strlen(wide);
    } else {
      out[n++] = *p;
    }
  }
  out[n] = '\0';
}

/* Unfinished jieqi games keep their secrets (jq-pgn.h). */
static bool keeps_secrets(const JqGame *game, const JqPgnInfo *info) {
  return jq_game_variant(game) == JQ_VARIANT_JIEQI && !jq_game_is_over(game) &&
         !info->full_deal;
}

/* May the file tell what the hidden piece `captor` took was? */
static bool tells_capture(const JqGame *game, const JqPgnInfo *info,
                          JqColor captor) {
  if (!keeps_secrets(game, info))
    return true;
  switch (jq_game_disclosure(game)) {
  case JQ_DISCLOSE_BOTH: return true;
  case JQ_DISCLOSE_NOBODY: return false;
  case JQ_DISCLOSE_CAPTOR:
  default: return info->reader == (int)captor;
  }
}

static void write_moves(Text *t, const JqGame *game, const JqPgnInfo *info,
                        size_t *line_len) {
  /* The arbiter's start is replayed with the recorded identities, so each
   * move can be named from the position it was played in. */
  JqPosition *pos = malloc(sizeof *pos);
  if (!pos) {
    t->failed = true;
    return;
  }
  *pos = *jq_game_initial(game);
  int number = pos->fullmove > 0 ? pos->fullmove : 1;
  int count = jq_game_move_count(game);
  for (int i = 0; i < count; i++) {
    JqGameMove gm = jq_game_move_at(game, i);
    JqColor mover = (JqColor)pos->side;
    JqReveal told = gm.reveal;
    if (!tells_capture(game, info, mover))
      told.captured = JQ_NO_TYPE;
    char name[JQ_CHINESE_MAX + 8];
    size_t len = 0;
    if (info->style == JQ_PGN_CHINESE) {
      char chinese[JQ_CHINESE_MAX];
      len = jq_move_to_chinese(pos, gm.move, gm.reveal.mover, info->charset,
                               chinese, sizeof chinese);
      fullwidth_parens(chinese, name, sizeof name);
    }
    /* Coordinates always work, so they stand in for a missing name. */
    if (len == 0)
      jq_move_to_coords_ext(gm.move, mover, told, name);
    /* The number stays on the line of its move. */
    char token[32 + JQ_CHINESE_MAX];
    if (mover == JQ_RED)
      snprintf(token, sizeof token, "%d. %s", number, name);
    else if (i == 0)
      snprintf(token, sizeof token, "%d... %s", number, name);
    else
      snprintf(token, sizeof token, "%s", name);
    add_token(t, line_len, token);
    jq_position_make_move(pos, gm.move, gm.reveal);
    if (mover == JQ_BLACK)
      number++;
  }
  free(pos);
}

char *jq_pgn_write(const JqGame *game, const JqPgnInfo *info) {
  JqPgnInfo defaults;
  if (!info) {
    jq_pgn_info_init(&defaults);
    info = &defaults;
  }
  Text t = {0};
  JqResult result = jq_game_result(game);
  bool jieqi = jq_game_variant(game) == JQ_VARIANT_JIEQI;

  write_tag(&t, "Event", info->event ? info->event : "?");
  write_tag(&t, "Site", info->site ? info->site : "?");
  write_tag(&t, "Date", info->date ? info->date : "????.??.??");
  write_tag(&t, "Round", info->round ? info->round : "?");
  write_tag(&t, "Red", info->red ? info->red : "?");
  write_tag(&t, "Black", info->black ? info->black : "?");
  write_tag(&t, "Result", jq_result_score_text(result));
  write_tag(&t, "Variant", jieqi ? "jieqi" : "xiangqi");
  if (!is_standard_start(game)) {
    write_tag(&t, "SetUp", "1");
    write_tag(&t, "FEN", jq_game_initial_fen(game));
  }
  if (jieqi && !keeps_secrets(game, info)) {
    char deal[JQ_SQUARES + 1];
    if (deal_letters(game, deal, sizeof deal) > 0)
      write_tag(&t, "JieqiDeal", deal);
  } else if (jieqi && info->sealed_deal) {
    write_tag(&t, "JieqiSealedDeal", info->sealed_deal);
  }
  char number[24];
  snprintf(number, sizeof number, "%d", jq_game_move_count(game));
  write_tag(&t, "PlyCount", number);
  write_tag(&t, "Termination",
            info->termination ? info->termination : termination_word(result));
  char reason[128];
  if (info->reason)
    write_tag(&t, "ResultReason", info->reason);
  else if (result.reason != JQ_REASON_NONE)
    write_tag(&t, "ResultReason",
              jq_result_reason_text(result, reason, sizeof reason));
  text_puts(&t, "\n");

  size_t line_len = 0;
  write_moves(&t, game, info, &line_len);
  if (info->comment) {
    /* A '}' would end the comment early; ')' is the nearest harmless mark. */
    Text c = {0};
    text_puts(&c, "{");
    for (const char *p = info->comment; *p; p++)
      text_append(&c, *p == '}' ? ")" : *p == '\n' ? " " : p, 1);
    text_puts(&c, "}");
    if (c.failed)
      t.failed = true;
    else
      add_token(&t, &line_len, c.data);
    free(c.data);
  }
  add_token(&t, &line_len, jq_result_score_text(result));
  text_puts(&t, "\n\n");
  if (t.failed) {
    free(t.data);
    return NULL;
  }
  return t.data;
}

/* ---- Reading */

typedef struct {
  const char *start; /* of the whole text, for line numbers */
  const char *p;
} Reader;

static int line_of(const Reader *r, const char *at) {
  int line = 1;
  for (const char *q = r->start; q < at; q++)
    line += *q == '\n';
  return line;
}

static bool is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' ||
         c == '\v';
}

/* Blanks, ";" comments to the end of the line and "%" escape lines. */
static void skip_blanks(Reader *r) {
  for (;;) {
    while (is_blank(*r->p))
      r->p++;
    bool line_start = r->p == r->start || r->p[-1] == '\n';
    if (*r->p == ';' || (*r->p == '%' && line_start)) {
      while (*r->p && *r->p != '\n')
        r->p++;
      continue;
    }
    return;
  }
}

#define TAG_NAME_MAX 64
#define TAG_VALUE_MAX 512

/* [Name "value"]: on success r->p is past the ']'. */
static bool read_tag(Reader *r, char name[TAG_NAME_MAX],
                     char value[TAG_VALUE_MAX], JqError *err) {
  const char *at = r->p;
  r->p++; /* '[' */
  while (*r->p == ' ' || *r->p == '\t')
    r->p++;
  size_t n = 0;
  while (*r->p && !is_blank(*r->p) && *r->p != '"' && *r->p != ']') {
    if (n + 1 >= TAG_NAME_MAX)
      return jq_error_set(err, "line %d: tag name too long", line_of(r, at));
    name[n++] = *r->p++;
  }
  name[n] = '\0';
  while (*r->p == ' ' || *r->p == '\t')
    r->p++;
  if (n == 0 || *r->p != '"')
    return jq_error_set(err, "line %d: a tag is [Name \"value\"]",
                        line_of(r, at));
  r->p++;
  n = 0;
  while (*r->p && *r->p != '"' && *r->p != '\n') {
    if (*r->p == '\\' && (r->p[1] == '"' || r->p[1] == '\\'))
      r->p++;
    if (n + 1 >= TAG_VALUE_MAX)
      return jq_error_set(err, "line %d: tag %s is too long", line_of(r, at),
                          name);
    value[n++] = *r->p++;
  }
  value[n] = '\0';
  if (*r->p != '"')
    return jq_error_set(err, "line %d: tag %s has no closing quote",
                        line_of(r, at), name);
  r->p++;
  while (*r->p == ' ' || *r->p == '\t')
    r->p++;
  if (*r->p != ']')
    return jq_error_set(err, "line %d: tag %s has no closing ']'",
                        line_of(r, at), name);
  r->p++;
  return true;
}

typedef struct {
  char variant[TAG_VALUE_MAX];
  char fen[TAG_VALUE_MAX];
  char deal[TAG_VALUE_MAX];
  char result[TAG_VALUE_MAX];
  char reason[TAG_VALUE_MAX];
} Tags;

static bool read_tags(Reader *r, Tags *tags, JqError *err) {
  skip_blanks(r);
  while (*r->p == '[') {
    char name[TAG_NAME_MAX], value[TAG_VALUE_MAX];
    if (!read_tag(r, name, value, err))
      return false;
    char *slot = strcmp(name, "Variant") == 0        ? tags->variant
                 : strcmp(name, "FEN") == 0          ? tags->fen
                 : strcmp(name, "JieqiDeal") == 0    ? tags->deal
                 : strcmp(name, "Result") == 0       ? tags->result
                 : strcmp(name, "ResultReason") == 0 ? tags->reason
                                                     : NULL;
    if (slot)
      memcpy(slot, value, strlen(value) + 1);
    skip_blanks(r);
  }
  return true;
}

/* The deal tag, checked against the start: one letter per hidden point, in
 * its colour's case, and no more of a type than the pool holds. */
static bool parse_deal(const char *text, const JqPosition *start,
                       JqPieceType deal[JQ_SQUARES], JqError *err) {
  memset(deal, 0, JQ_SQUARES * sizeof deal[0]);
  const char *p = text;
  for (int sq = 0; sq < JQ_SQUARES; sq++) {
    JqPiece hidden = start->board[sq];
    if (!jq_piece_is_hidden(hidden))
      continue;
    while (*p == ' ')
      p++;
    JqPiece piece;
    char name[3];
    jq_square_name(sq, name);
    if (*p == '\0')
      return jq_error_set(err,
                          "JieqiDeal: no letter for the hidden piece "
                          "on %s",
                          name);
    if (!jq_piece_from_letter(*p, &piece) || jq_piece_is_hidden(piece) ||
        jq_piece_type(piece) == JQ_KING ||
        jq_piece_color(piece) != jq_piece_color(hidden))
      return jq_error_set(
          err,
          "JieqiDeal: '%c' cannot be the hidden %s "
          "piece on %s",
          *p, jq_piece_color(hidden) == JQ_RED ? "red" : "black", name);
    deal[sq] = jq_piece_type(piece);
    p++;
  }
  while (*p == ' ')
    p++;
  if (*p != '\0')
    return jq_error_set(err, "JieqiDeal: more letters than hidden pieces");
  return true;
}

static JqGame *start_game(const Tags *tags, JqError *err) {
  JqFenVariant variant = JQ_FEN_VARIANT_AUTO;
  if (tags->variant[0]) {
    if (strcasecmp(tags->variant, "xiangqi") == 0)
      variant = JQ_FEN_VARIANT_XIANGQI;
    else if (strcasecmp(tags->variant, "jieqi") == 0)
      variant = JQ_FEN_VARIANT_JIEQI;
    else {
      jq_error_set(err, "unknown Variant \"%s\" (xiangqi, jieqi)",
                   tags->variant);
      return NULL;
    }
  } else if (tags->deal[0]) {
    variant = JQ_FEN_VARIANT_JIEQI;
  }
  const char *fen = tags->fen;
  if (!fen[0])
    fen = variant == JQ_FEN_VARIANT_JIEQI ? JQ_START_FEN_JIEQI
                                          : JQ_START_FEN_XIANGQI;
  JqPosition *start = malloc(sizeof *start);
  if (!start) {
    jq_error_set(err, "out of memory");
    return NULL;
  }
  JqGame *game = NULL;
  JqError why;
  JqPieceType deal[JQ_SQUARES];
  if (!jq_fen_parse(fen, variant, start, &why)) {
    jq_error_set(err, "FEN: %s", why.message);
  } else if (!tags->deal[0]) {
    /* Without a deal the reveal letters of the moves fix the identities. */
    game = jq_game_new_from_fen(fen, variant, 0, err);
  } else if (!jq_position_is_jieqi(start)) {
    jq_error_set(err, "a JieqiDeal tag in a xiangqi game");
  } else if (parse_deal(tags->deal, start, deal, err)) {
    game = jq_game_new_from_view(start, deal, err);
  }
  free(start);
  return game;
}

/* The result a Result tag names, JQ_OUTCOME_NONE for "*". */
static bool parse_score(const char *text, JqOutcome *out) {
  if (strcmp(text, "1-0") == 0)
    *out = JQ_OUTCOME_RED_WINS;
  else if (strcmp(text, "0-1") == 0)
    *out = JQ_OUTCOME_BLACK_WINS;
  else if (strcmp(text, "1/2-1/2") == 0)
    *out = JQ_OUTCOME_DRAW;
  else if (strcmp(text, "*") == 0)
    *out = JQ_OUTCOME_NONE;
  else
    return false;
  return true;
}

/* The full result an outcome and a reason text stand for: the reason whose
 * text matches, else resignation for a win and agreement for a draw. */
static JqResult result_from_text(JqOutcome outcome, const char *reason) {
  JqColor loser = outcome == JQ_OUTCOME_RED_WINS ? JQ_BLACK : JQ_RED;
  for (int r = JQ_REASON_CHECKMATE; r <= JQ_REASON_AGREEMENT; r++) {
    for (int c = JQ_RED; c <= JQ_BLACK; c++) {
      JqResult res = {outcome, (JqReason)r, (JqColor)c};
      if (outcome != JQ_OUTCOME_DRAW && c != (int)loser)
        continue;
      char text[128];
      if (strcmp(jq_result_reason_text(res, text, sizeof text), reason) == 0)
        return res;
    }
  }
  if (outcome == JQ_OUTCOME_DRAW)
    return jq_result_draw(JQ_REASON_AGREEMENT, JQ_RED);
  return jq_result_loss(loser, JQ_REASON_RESIGNATION);
}

static bool is_result_token(const char *s) {
  JqOutcome ignored;
  return parse_score(s, &ignored);
}

/* "12." "12..." or "12.h2e2": the move number part, if the token has one.
 * "33.4" (a WXF move of tandem pawns) is not a number. */
static size_t move_number_length(const char *s) {
  size_t n = 0;
  while (s[n] >= '0' && s[n] <= '9')
    n++;
  if (n == 0 || s[n] != '.')
    return 0;
  size_t m = n;
  while (s[m] == '.')
    m++;
  if (s[m] >= '0' && s[m] <= '9')
    return 0;
  return m;
}

/* Skips a {comment} or a (variation), nested ones included. */
static bool skip_group(Reader *r, JqError *err) {
  const char *at = r->p;
  if (*r->p == '{') {
    const char *close = strchr(r->p, '}');
    if (!close)
      return jq_error_set(err, "line %d: comment without '}'", line_of(r, at));
    r->p = close + 1;
    return true;
  }
  int depth = 0;
  do {
    if (*r->p == '\0')
      return jq_error_set(err, "line %d: variation without ')'",
                          line_of(r, at));
    if (*r->p == '{') {
      if (!skip_group(r, err))
        return false;
      continue;
    }
    depth += *r->p == '(';
    depth -= *r->p == ')';
    r->p++;
  } while (depth > 0);
  return true;
}

static bool token_char(char c) {
  return c && !is_blank(c) && c != '{' && c != '(' && c != ')' && c != ';' &&
         c != '[';
}

#define TOKEN_MAX 64

/* Plays the move text up to the result token, the next game's tags or the
 * end. *score receives the result token ("" when there is none). Moves are
 * read in the onlookers' view (`view`, room for it): a file without its
 * deal may leave captured hidden pieces unnamed, and the view's pools,
 * unlike the truth's, still count what they may have been. */
static bool read_moves_in(Reader *r, JqGame *game, char score[8],
                          JqPosition *view, JqError *err) {
  score[0] = '\0';
  for (;;) {
    skip_blanks(r);
    char c = *r->p;
    if (c == '\0' || c == '[')
      return true;
    if (c == '{' || c == '(') {
      if (!skip_group(r, err))
        return false;
      continue;
    }
    const char *at = r->p;
    char token[TOKEN_MAX];
    size_t n = 0;
    while (token_char(*r->p)) {
      if (n + 1 >= TOKEN_MAX)
        return jq_error_set(err, "line %d: '%.20s...' is no move",
                            line_of(r, at), at);
      token[n++] = *r->p++;
    }
    token[n] = '\0';
    if (n == 0) /* a lone ')' */
      return jq_error_set(err, "line %d: unexpected '%c'", line_of(r, at), c);
    if (is_result_token(token)) {
      memcpy(score, token, n + 1);
      return true;
    }
    if (token[0] == '$') /* a NAG */
      continue;
    char *move_text = token + move_number_length(token);
    size_t len = strlen(move_text);
    while (len > 0 && strchr("!?+#", move_text[len - 1]))
      move_text[--len] = '\0';
    if (len == 0)
      continue;
    JqMove move;
    JqReveal reveal = JQ_REVEAL_NONE;
    JqError why;
    jq_game_public_view(game, view);
    if (!jq_notation_parse_any(view, move_text, &move, &reveal, &why) ||
        !jq_game_play_with_reveal(game, move, reveal, &why))
      return jq_error_set(err, "line %d, ply %d: %s: %s", line_of(r, at),
                          jq_game_move_count(game) + 1, move_text, why.message);
  }
}

static bool read_moves(Reader *r, JqGame *game, char score[8], JqError *err) {
  JqPosition *view = malloc(sizeof *view);
  if (!view)
    return jq_error_set(err, "out of memory");
  bool ok = read_moves_in(r, game, score, view, err);
  free(view);
  return ok;
}

JqGame *jq_pgn_read(const char *text, const char **end, JqError *err) {
  Reader r = {text, text};
  Tags *tags = calloc(1, sizeof *tags);
  if (!tags) {
    jq_error_set(err, "out of memory");
    return NULL;
  }
  JqGame *game = NULL;
  char score[8];
  if (!read_tags(&r, tags, err))
    goto fail;
  if (*r.p == '\0' && !tags->variant[0] && !tags->result[0]) {
    jq_error_set(err, "no game in the text");
    goto fail;
  }
  game = start_game(tags, err);
  if (!game || !read_moves(&r, game, score, err))
    goto fail;

  /* The result token wins over the tag, as they should agree anyway. */
  const char *claimed = score[0] ? score : tags->result;
  JqOutcome outcome = JQ_OUTCOME_NONE;
  if (claimed[0] && !parse_score(claimed, &outcome)) {
    jq_error_set(err, "Result \"%s\" is none of 1-0, 0-1, 1/2-1/2, *", claimed);
    goto fail;
  }
  JqResult reached = jq_game_result(game);
  if (reached.outcome != JQ_OUTCOME_NONE) {
    if (claimed[0] && outcome != reached.outcome) {
      jq_error_set(err, "the record says %s but the moves end %s", claimed,
                   jq_result_score_text(reached));
      goto fail;
    }
  } else if (outcome != JQ_OUTCOME_NONE) {
    jq_game_declare_result(game, result_from_text(outcome, tags->reason));
  }
  if (end)
    *end = r.p;
  free(tags);
  return game;

fail:
  jq_game_free(game);
  free(tags);
  return NULL;
}

bool jq_pgn_tag(const char *text, const char *name, char *buf, size_t size) {
  Reader r = {text, text};
  skip_blanks(&r);
  while (*r.p == '[') {
    char tag[TAG_NAME_MAX], value[TAG_VALUE_MAX];
    if (!read_tag(&r, tag, value, NULL))
      return false;
    if (strcmp(tag, name) == 0) {
      size_t n = strlen(value);
      if (n >= size)
        return false;
      memcpy(buf, value, n + 1);
      return true;
    }
    skip_blanks(&r);
  }
  return false;
}
