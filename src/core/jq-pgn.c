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
  /* A comment may hold line breaks: the line is what follows the last. */
  const char *last_break = strrchr(token, '\n');
  *line_len = last_break ? strlen(last_break + 1) : *line_len + n;
}

/* A comment's token, "{text}"; false when memory runs out. */
static bool add_comment(Text *t, size_t *line_len, const char *comment) {
  Text c = {0};
  text_puts(&c, "{");
  text_puts(&c, comment);
  text_puts(&c, "}");
  if (!c.failed)
    add_token(t, line_len, c.data);
  free(c.data);
  return !c.failed;
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
  return jq_game_variant(game) == JQ_VARIANT_JIEQI &&
         (!jq_game_is_over(game) || info->keep_secrets) && !info->full_deal;
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

/* Whether ply `ply` has a comment or an eval to write. */
static bool has_ply_comment(const JqGame *game, int ply) {
  JqEval eval;
  return jq_game_comment(game, ply) || jq_game_eval(game, ply, &eval);
}

/* Ply `ply`'s comment token, its [%eval] first; false when memory runs
 * out. */
static bool add_ply_comment(Text *t, size_t *line_len, const JqGame *game,
                            int ply) {
  const char *comment = jq_game_comment(game, ply);
  JqEval eval;
  char command[64];
  if (!jq_game_eval(game, ply, &eval) ||
      !jq_eval_format(&eval, command, sizeof command))
    return comment ? add_comment(t, line_len, comment) : true;
  if (!comment)
    return add_comment(t, line_len, command);
  Text c = {0};
  text_puts(&c, command);
  text_puts(&c, " ");
  text_puts(&c, comment);
  bool ok = !c.failed && add_comment(t, line_len, c.data);
  free(c.data);
  return ok;
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
  if (!add_ply_comment(t, line_len, game, 0))
    t->failed = true;
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
    else if (i == 0 || has_ply_comment(game, i))
      /* After a comment Black's move is numbered again, as PGN does. */
      snprintf(token, sizeof token, "%d... %s", number, name);
    else
      snprintf(token, sizeof token, "%s", name);
    add_token(t, line_len, token);
    int nag = jq_game_nag(game, i + 1);
    if (nag != JQ_NAG_NONE) {
      snprintf(token, sizeof token, "$%d", nag);
      add_token(t, line_len, token);
    }
    if (!add_ply_comment(t, line_len, game, i + 1))
      t->failed = true;
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

/* Windows editors start a UTF-8 file with a byte-order mark. */
static const char *skip_bom(const char *text) {
  return strncmp(text, "\xEF\xBB\xBF", 3) == 0 ? text + 3 : text;
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
/* Names of engines and events may be long, but a value beyond this is no
 * tag a person or a program meant to write. */
#define TAG_VALUE_MAX 65536

/* [Name "value"]: on success r->p is past the ']' and value holds the
 * unescaped value (its data never NULL). */
/* An error of the text at `at`: the line goes in front. */
static bool at_line(const Reader *r, const char *at, JqError *err) {
  return jq_error_locate(err, NULL, line_of(r, at), 0, NULL, NULL);
}

static bool read_tag(Reader *r, char name[TAG_NAME_MAX], Text *value,
                     JqError *err) {
  const char *at = r->p;
  r->p++; /* '[' */
  while (*r->p == ' ' || *r->p == '\t')
    r->p++;
  size_t n = 0;
  while (*r->p && !is_blank(*r->p) && *r->p != '"' && *r->p != ']') {
    if (n + 1 >= TAG_NAME_MAX) {
      jq_error_fail(err, JQ_ERROR_PGN_TAG_NAME_LONG, (JqErrorArgs){0},
                    "tag name too long");
      return at_line(r, at, err);
    }
    name[n++] = *r->p++;
  }
  name[n] = '\0';
  while (*r->p == ' ' || *r->p == '\t')
    r->p++;
  if (n == 0 || *r->p != '"') {
    jq_error_fail(err, JQ_ERROR_PGN_TAG_FORM, (JqErrorArgs){0},
                  "a tag is [Name \"value\"]");
    return at_line(r, at, err);
  }
  r->p++;
  value->len = 0;
  text_append(value, "", 0);
  while (*r->p && *r->p != '"' && *r->p != '\n') {
    if (*r->p == '\\' && (r->p[1] == '"' || r->p[1] == '\\'))
      r->p++;
    if (value->len >= TAG_VALUE_MAX) {
      jq_error_fail(err, JQ_ERROR_PGN_TAG_VALUE_LONG,
                    (JqErrorArgs){.text = name, .n = {TAG_VALUE_MAX}},
                    "tag %s is longer than %d bytes", name, TAG_VALUE_MAX);
      return at_line(r, at, err);
    }
    text_append(value, r->p++, 1);
  }
  if (value->failed)
    return jq_error_fail(err, JQ_ERROR_NO_MEMORY, (JqErrorArgs){0},
                         "out of memory");
  if (*r->p != '"') {
    jq_error_fail(err, JQ_ERROR_PGN_TAG_NO_QUOTE, (JqErrorArgs){.text = name},
                  "tag %s has no closing quote", name);
    return at_line(r, at, err);
  }
  r->p++;
  while (*r->p == ' ' || *r->p == '\t')
    r->p++;
  if (*r->p != ']') {
    jq_error_fail(err, JQ_ERROR_PGN_TAG_NO_BRACKET, (JqErrorArgs){.text = name},
                  "tag %s has no closing ']'", name);
    return at_line(r, at, err);
  }
  r->p++;
  return true;
}

/* The tags the reader acts on; data is NULL for a tag not given. Every
 * other tag is skipped. */
typedef struct {
  Text variant;
  Text fen;
  Text deal;
  Text result;
  Text reason;
} Tags;

static const char *tag_value(const Text *tag) {
  return tag->data ? tag->data : "";
}

static void tags_free(Tags *tags) {
  free(tags->variant.data);
  free(tags->fen.data);
  free(tags->deal.data);
  free(tags->result.data);
  free(tags->reason.data);
}

static bool read_tags(Reader *r, Tags *tags, JqError *err) {
  char name[TAG_NAME_MAX];
  Text value = {0};
  bool ok = true;
  skip_blanks(r);
  while (ok && *r->p == '[') {
    ok = read_tag(r, name, &value, err);
    if (!ok)
      break;
    Text *slot = strcmp(name, "Variant") == 0        ? &tags->variant
                 : strcmp(name, "FEN") == 0          ? &tags->fen
                 : strcmp(name, "JieqiDeal") == 0    ? &tags->deal
                 : strcmp(name, "Result") == 0       ? &tags->result
                 : strcmp(name, "ResultReason") == 0 ? &tags->reason
                                                     : NULL;
    if (slot) {
      slot->len = 0;
      text_append(slot, value.data, value.len);
      if (slot->failed)
        ok = jq_error_fail(err, JQ_ERROR_NO_MEMORY, (JqErrorArgs){0},
                           "out of memory");
    }
    skip_blanks(r);
  }
  free(value.data);
  return ok;
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
    JqErrorArgs args = {
        .square = sq, .color = jq_piece_color(hidden), .letter = *p};
    if (*p == '\0')
      return jq_error_fail(err, JQ_ERROR_PGN_DEAL_SHORT, args,
                           "JieqiDeal: no letter for the hidden piece "
                           "on %s",
                           name);
    if (!jq_piece_from_letter(*p, &piece) || jq_piece_is_hidden(piece) ||
        jq_piece_type(piece) == JQ_KING ||
        jq_piece_color(piece) != jq_piece_color(hidden))
      return jq_error_fail(
          err, JQ_ERROR_PGN_DEAL_BAD_LETTER, args,
          "JieqiDeal: '%c' cannot be the hidden %s "
          "piece on %s",
          *p, jq_piece_color(hidden) == JQ_RED ? "red" : "black", name);
    deal[sq] = jq_piece_type(piece);
    p++;
  }
  while (*p == ' ')
    p++;
  if (*p != '\0')
    return jq_error_fail(err, JQ_ERROR_PGN_DEAL_LONG, (JqErrorArgs){0},
                         "JieqiDeal: more letters than hidden pieces");
  return true;
}

static JqGame *start_game(const Tags *tags, JqError *err) {
  JqFenVariant variant = JQ_FEN_VARIANT_AUTO;
  const char *name = tag_value(&tags->variant);
  const char *dealt = tag_value(&tags->deal);
  if (name[0]) {
    if (strcasecmp(name, "xiangqi") == 0)
      variant = JQ_FEN_VARIANT_XIANGQI;
    else if (strcasecmp(name, "jieqi") == 0)
      variant = JQ_FEN_VARIANT_JIEQI;
    else {
      jq_error_fail(err, JQ_ERROR_PGN_UNKNOWN_VARIANT,
                    (JqErrorArgs){.text = name},
                    "unknown Variant \"%.100s\" (xiangqi, jieqi)", name);
      return NULL;
    }
  } else if (dealt[0]) {
    variant = JQ_FEN_VARIANT_JIEQI;
  }
  /* A FEN tag given empty is a bad FEN, not the standard start. */
  const char *fen = tags->fen.data;
  if (!fen)
    fen = variant == JQ_FEN_VARIANT_JIEQI ? JQ_START_FEN_JIEQI
                                          : JQ_START_FEN_XIANGQI;
  JqPosition *start = malloc(sizeof *start);
  if (!start) {
    jq_error_fail(err, JQ_ERROR_NO_MEMORY, (JqErrorArgs){0}, "out of memory");
    return NULL;
  }
  JqGame *game = NULL;
  JqError why;
  JqPieceType deal[JQ_SQUARES];
  if (!jq_fen_parse(fen, variant, start, &why)) {
    jq_error_locate(err, &why, 0, 0, NULL, "FEN");
  } else if (!dealt[0]) {
    /* Without a deal the reveal letters of the moves fix the identities. */
    game = jq_game_new_from_fen(fen, variant, 0, err);
  } else if (!jq_position_is_jieqi(start)) {
    jq_error_fail(err, JQ_ERROR_PGN_DEAL_IN_XIANGQI, (JqErrorArgs){0},
                  "a JieqiDeal tag in a xiangqi game");
  } else if (parse_deal(dealt, start, deal, err)) {
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

/* Reasons the referee finds in the moves themselves, so a record can only
 * repeat them, never assert them. */
static bool decided_by_moves(JqReason reason) {
  switch (reason) {
  case JQ_REASON_CHECKMATE:
  case JQ_REASON_STALEMATE:
  case JQ_REASON_PERPETUAL_CHECK:
  case JQ_REASON_PERPETUAL_CHASE:
  case JQ_REASON_REPETITION:
  case JQ_REASON_NATURAL_LIMIT:
  case JQ_REASON_NO_ATTACKERS: return true;
  default: return false;
  }
}

/* The reason whose jq_result_reason_text is `text` (in any case) and the
 * side the text names (Red when it names none). False for other words,
 * such as a caller's own ("maximum length"). */
static bool named_reason(const char *text, JqReason *reason, JqColor *side) {
  for (int r = JQ_REASON_CHECKMATE; r <= JQ_REASON_AGREEMENT; r++) {
    for (int c = JQ_RED; c <= JQ_BLACK; c++) {
      JqResult res = {JQ_OUTCOME_NONE, (JqReason)r, (JqColor)c};
      if (strcasecmp(jq_result_reason_text(res, NULL, 0), text) == 0) {
        *reason = (JqReason)r;
        *side = (JqColor)c;
        return true;
      }
    }
  }
  return false;
}

/* Checkmate and stalemate are a loss for whoever the moves leave to move;
 * the other losses name the loser; the rest are draws. */
static bool outcome_fits(JqOutcome outcome, JqReason reason, JqColor side) {
  switch (reason) {
  case JQ_REASON_CHECKMATE:
  case JQ_REASON_STALEMATE: return outcome != JQ_OUTCOME_DRAW;
  case JQ_REASON_PERPETUAL_CHECK:
  case JQ_REASON_PERPETUAL_CHASE:
  case JQ_REASON_RESIGNATION:
  case JQ_REASON_TIME:
  case JQ_REASON_ILLEGAL_MOVE:
    return outcome == jq_result_loss(side, reason).outcome;
  default: return outcome == JQ_OUTCOME_DRAW;
  }
}

/* Why a reason the moves decide does not hold in a game still going on. */
static const char *not_reached(JqReason reason) {
  switch (reason) {
  case JQ_REASON_CHECKMATE: return "the final position is not mate";
  case JQ_REASON_STALEMATE: return "the final position is not stalemate";
  case JQ_REASON_NATURAL_LIMIT:
    return "the moves do not reach the natural limit";
  case JQ_REASON_NO_ATTACKERS:
    return "the game does not end for want of attacking pieces";
  default: return "no position occurs a third time";
  }
}

/* Holds the Result (`claimed`, "" when none) and ResultReason (`reason`)
 * to the moves. A result the moves reached must be the one claimed, and a
 * reason the moves decide must be theirs. A result the moves do not reach
 * (time, resignation, adjudication...) is declared: with the reason whose
 * text matches, else resignation for a win and agreement for a draw. */
static bool check_result(JqGame *game, const char *claimed, const char *reason,
                         JqError *err) {
  JqOutcome outcome = JQ_OUTCOME_NONE;
  if (claimed[0] && !parse_score(claimed, &outcome))
    return jq_error_fail(
        err, JQ_ERROR_PGN_BAD_RESULT, (JqErrorArgs){.text = claimed},
        "Result \"%.40s\" is none of 1-0, 0-1, 1/2-1/2, *", claimed);
  JqReason named = JQ_REASON_NONE;
  JqColor side = JQ_RED;
  bool known = named_reason(reason, &named, &side);
  if (known && outcome != JQ_OUTCOME_NONE &&
      !outcome_fits(outcome, named, side))
    return jq_error_fail(err, JQ_ERROR_PGN_REASON_VS_RESULT,
                         (JqErrorArgs){.text = reason, .text2 = claimed},
                         "ResultReason says %s but the result is %s", reason,
                         claimed);

  JqResult reached = jq_game_result(game);
  if (reached.outcome != JQ_OUTCOME_NONE) {
    if (claimed[0] && outcome != reached.outcome)
      return jq_error_fail(
          err, JQ_ERROR_PGN_RESULT_VS_MOVES,
          (JqErrorArgs){.text = claimed,
                        .text2 = jq_result_score_text(reached)},
          "the record says %s but the moves end %s", claimed,
          jq_result_score_text(reached));
    /* Other words (a resignation after a mate) leave the moves' result. */
    char text[128];
    jq_result_reason_text(reached, text, sizeof text);
    if (known && decided_by_moves(named) && strcasecmp(reason, text) != 0)
      return jq_error_fail(err, JQ_ERROR_PGN_REASON_VS_MOVES,
                           (JqErrorArgs){.text = reason,
                                         .n = {reached.outcome, reached.reason,
                                               reached.culprit}},
                           "ResultReason says %s but the moves end in %s",
                           reason, text);
    return true;
  }
  if (known && decided_by_moves(named))
    return jq_error_fail(err, JQ_ERROR_PGN_REASON_NOT_REACHED,
                         (JqErrorArgs){.text = reason, .n = {named}},
                         "ResultReason says %s but %s", reason,
                         not_reached(named));
  if (outcome == JQ_OUTCOME_NONE)
    return true;
  JqResult declared;
  if (known)
    declared = outcome == JQ_OUTCOME_DRAW ? jq_result_draw(named, side)
                                          : jq_result_loss(side, named);
  else if (outcome == JQ_OUTCOME_DRAW)
    declared = jq_result_draw(JQ_REASON_AGREEMENT, JQ_RED);
  else
    declared =
        jq_result_loss(outcome == JQ_OUTCOME_RED_WINS ? JQ_BLACK : JQ_RED,
                       JQ_REASON_RESIGNATION);
  jq_game_declare_result(game, declared);
  return true;
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
    if (!close) {
      jq_error_fail(err, JQ_ERROR_PGN_COMMENT_OPEN, (JqErrorArgs){0},
                    "comment without '}'");
      return at_line(r, at, err);
    }
    r->p = close + 1;
    return true;
  }
  int depth = 0;
  do {
    if (*r->p == '\0') {
      jq_error_fail(err, JQ_ERROR_PGN_VARIATION_OPEN, (JqErrorArgs){0},
                    "variation without ')'");
      return at_line(r, at, err);
    }
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

/* A {comment} of the move text, for the ply the game has reached: joined,
 * a line apart, to one already there. Line ends are kept as "\n". */
static bool read_comment(Reader *r, JqGame *game, JqError *err) {
  const char *at = r->p;
  const char *close = strchr(r->p, '}');
  if (!close)
    return skip_group(r, err);
  int ply = jq_game_move_count(game);
  const char *before = jq_game_comment(game, ply);
  /* An [%eval] command at its start is the ply's eval, not text. */
  const char *from = at + 1;
  JqEval eval;
  const char *past;
  if (jq_eval_parse(from, &eval, &past) && past <= close) {
    jq_game_set_eval(game, ply, &eval);
    from = past;
  }
  Text c = {0};
  if (before && close > from) {
    text_puts(&c, before);
    text_puts(&c, "\n");
  }
  for (const char *p = from; p < close; p++)
    if (!(p[0] == '\r' && p[1] == '\n'))
      text_append(&c, p, 1);
  r->p = close + 1;
  bool ok = true;
  JqError why;
  if (c.failed)
    ok = jq_error_fail(err, JQ_ERROR_NO_MEMORY, (JqErrorArgs){0},
                       "out of memory");
  else if (c.data && !jq_game_set_comment(game, ply, c.data, &why)) {
    /* Other programs' files are read whole: a comment that is not UTF-8
     * (a GBK file, say) is left out, as all comments were once, and one
     * too long is cut at a character boundary. */
    if (why.code == JQ_ERROR_GAME_COMMENT_LONG) {
      size_t n = JQ_COMMENT_MAX;
      while (n > 0 && ((unsigned char)c.data[n] & 0xC0) == 0x80)
        n--;
      c.data[n] = '\0';
      if (!jq_game_set_comment(game, ply, c.data, &why))
        ok = jq_error_locate(err, &why, line_of(r, at), 0, NULL, NULL);
    } else if (why.code != JQ_ERROR_GAME_COMMENT_NOT_UTF8) {
      ok = jq_error_locate(err, &why, line_of(r, at), 0, NULL, NULL);
    }
  }
  free(c.data);
  return ok;
}

static bool token_char(char c) {
  return c && !is_blank(c) && c != '{' && c != '(' && c != ')' && c != ';' &&
         c != '[';
}

#define TOKEN_MAX 64

/* Chinese glues a revealed identity to its move, "暗马八进七(车)": the
 * length of such a "(车)" at p, 0 when p starts no such thing (a variation
 * is longer or set apart by a blank). */
static size_t glued_reveal_length(const char *p) {
  if (*p != '(')
    return 0;
  for (size_t k = 1; k <= 5; k++) {
    if (p[k] == ')')
      return k > 1 ? k + 1 : 0;
    if (!token_char(p[k]))
      return 0;
  }
  return 0;
}

/* "a chariot": the names of hidden identities in messages. */
static const char *type_with_article(JqPieceType t) {
  static const char *const names[JQ_TYPE_COUNT] = {
      "nothing", "a king",    "an advisor", "an elephant",
      "a horse", "a chariot", "a cannon",   "a pawn"};
  return t < JQ_TYPE_COUNT ? names[t] : "nothing";
}

/* With a JieqiDeal every identity is known from the start, so a reveal
 * letter can only confirm it: the arbiter would quietly swap identities to
 * fit the letter, which would make the record say two things. */
static bool reveal_fits_deal(const JqGame *game, JqMove move, JqReveal reveal,
                             int ply, JqError *err) {
  static const char *const verbs[2] = {"reveals", "captures"};
  int squares[2] = {jq_move_from(move), jq_move_to(move)};
  JqPieceType named[2] = {reveal.mover, reveal.captured};
  for (int i = 0; i < 2; i++) {
    JqPieceType dealt = jq_game_hidden_identity(game, squares[i]);
    if (named[i] == JQ_NO_TYPE || dealt == JQ_NO_TYPE || named[i] == dealt)
      continue;
    char name[3];
    jq_square_name(squares[i], name);
    return jq_error_fail(
        err, JQ_ERROR_PGN_DEAL_VS_MOVE,
        (JqErrorArgs){
            .square = squares[i], .type = dealt, .type2 = named[i], .n = {i}},
        "JieqiDeal says the piece on %s is %s but ply %d "
        "%s %s",
        name, type_with_article(dealt), ply, verbs[i],
        type_with_article(named[i]));
  }
  return true;
}

/* Plays the move text up to the result token, the next game's tags or the
 * end. *score receives the result token ("" when there is none). `dealt`:
 * the identities come from a JieqiDeal tag. Moves are read in the
 * onlookers' view (`view`, room for it): a file without its deal may leave
 * captured hidden pieces unnamed, and the view's pools, unlike the
 * truth's, still count what they may have been. */
static bool read_moves_in(Reader *r, JqGame *game, bool dealt, char score[8],
                          JqPosition *view, JqError *err) {
  score[0] = '\0';
  for (;;) {
    skip_blanks(r);
    char c = *r->p;
    if (c == '\0' || c == '[')
      return true;
    if (c == '{') {
      if (!read_comment(r, game, err))
        return false;
      continue;
    }
    if (c == '(') {
      if (!skip_group(r, err))
        return false;
      continue;
    }
    const char *at = r->p;
    char token[TOKEN_MAX];
    size_t n = 0;
    while (token_char(*r->p)) {
      if (n + 1 >= TOKEN_MAX) {
        char start[24];
        snprintf(start, sizeof start, "%.20s...", at);
        jq_error_fail(err, JQ_ERROR_PGN_TOKEN_LONG,
                      (JqErrorArgs){.text = start}, "'%s' is no move", start);
        return at_line(r, at, err);
      }
      token[n++] = *r->p++;
    }
    size_t glued = n > 0 ? glued_reveal_length(r->p) : 0;
    if (glued > 0 && n + glued < TOKEN_MAX) {
      memcpy(token + n, r->p, glued);
      n += glued;
      r->p += glued;
    }
    token[n] = '\0';
    if (n == 0) { /* a lone ')' */
      jq_error_fail(err, JQ_ERROR_PGN_UNEXPECTED, (JqErrorArgs){.letter = c},
                    "unexpected '%c'", c);
      return at_line(r, at, err);
    }
    if (is_result_token(token)) {
      memcpy(score, token, n + 1);
      return true;
    }
    if (token[0] == '$') {
      /* A NAG: a move assessment is kept for the move before it. */
      char *tail;
      long nag = strtol(token + 1, &tail, 10);
      if (*tail == '\0' && nag > 0 && nag <= JQ_NAG_MAX)
        jq_game_set_nag(game, jq_game_move_count(game), (int)nag);
      continue;
    }
    char *move_text = token + move_number_length(token);
    size_t len = strlen(move_text);
    while (len > 0 && strchr("+#", move_text[len - 1]))
      move_text[--len] = '\0';
    /* A suffix "?!" is the move's NAG. */
    size_t bare = len;
    while (bare > 0 && strchr("!?", move_text[bare - 1]))
      bare--;
    JqNag suffix_nag = jq_nag_from_symbol(move_text + bare);
    len = bare;
    move_text[len] = '\0';
    while (len > 0 && strchr("+#", move_text[len - 1]))
      move_text[--len] = '\0';
    if (len == 0)
      continue;
    JqMove move;
    JqReveal reveal = JQ_REVEAL_NONE;
    JqError why;
    int ply = jq_game_move_count(game) + 1;
    int line = line_of(r, at);
    if (jq_game_is_over(game)) {
      char reason[128];
      JqResult result = jq_game_result(game);
      jq_error_fail(
          err, JQ_ERROR_PGN_AFTER_END,
          (JqErrorArgs){.text = move_text,
                        .n = {result.outcome, result.reason, result.culprit}},
          "%s comes after the end of the game (%s)", move_text,
          jq_result_reason_text(result, reason, sizeof reason));
      return jq_error_locate(err, NULL, line, ply, NULL, NULL);
    }
    jq_game_public_view(game, view);
    if (!jq_notation_parse_any(view, move_text, &move, &reveal, &why))
      return jq_error_locate(err, &why, line, ply, move_text, NULL);
    /* The message names the ply itself. */
    if (dealt && !reveal_fits_deal(game, move, reveal, ply, &why)) {
      jq_error_locate(err, &why, line, 0, NULL, NULL);
      if (err)
        err->ply = ply;
      return false;
    }
    if (!jq_game_play_with_reveal(game, move, reveal, &why))
      return jq_error_locate(err, &why, line, ply, move_text, NULL);
    if (suffix_nag != JQ_NAG_NONE)
      jq_game_set_nag(game, ply, suffix_nag);
  }
}

static bool read_moves(Reader *r, JqGame *game, bool dealt, char score[8],
                       JqError *err) {
  JqPosition *view = malloc(sizeof *view);
  if (!view)
    return jq_error_fail(err, JQ_ERROR_NO_MEMORY, (JqErrorArgs){0},
                         "out of memory");
  bool ok = read_moves_in(r, game, dealt, score, view, err);
  free(view);
  return ok;
}

JqGame *jq_pgn_read(const char *text, const char **end, JqError *err) {
  return jq_pgn_read_in(text, text, end, err);
}

JqGame *jq_pgn_read_in(const char *text, const char *at, const char **end,
                       JqError *err) {
  /* A byte-order mark has no line break: the line count stays right. */
  Reader r = {text, skip_bom(at)};
  Tags *tags = calloc(1, sizeof *tags);
  if (!tags) {
    jq_error_fail(err, JQ_ERROR_NO_MEMORY, (JqErrorArgs){0}, "out of memory");
    return NULL;
  }
  JqGame *game = NULL;
  char score[8];
  if (!read_tags(&r, tags, err))
    goto fail;
  if (*r.p == '\0' && !tag_value(&tags->variant)[0] &&
      !tag_value(&tags->result)[0]) {
    jq_error_fail(err, JQ_ERROR_PGN_NO_GAME, (JqErrorArgs){0},
                  "no game in the text");
    goto fail;
  }
  game = start_game(tags, err);
  if (!game ||
      !read_moves(&r, game, tag_value(&tags->deal)[0] != '\0', score, err))
    goto fail;

  /* The tag and the token must agree; either may be left out. */
  const char *tagged = tag_value(&tags->result);
  if (score[0] && tagged[0] && strcmp(score, tagged) != 0) {
    jq_error_fail(err, JQ_ERROR_PGN_RESULTS_DIFFER,
                  (JqErrorArgs){.text = tagged, .text2 = score},
                  "the Result tag says %.40s but the move text ends %s", tagged,
                  score);
    goto fail;
  }
  const char *claimed = score[0] ? score : tagged;
  if (!check_result(game, claimed, tag_value(&tags->reason), err))
    goto fail;
  if (end)
    *end = r.p;
  tags_free(tags);
  free(tags);
  return game;

fail:
  jq_game_free(game);
  tags_free(tags);
  free(tags);
  return NULL;
}

bool jq_pgn_tag(const char *text, const char *name, char *buf, size_t size) {
  text = skip_bom(text);
  Reader r = {text, text};
  char tag[TAG_NAME_MAX];
  Text value = {0};
  bool found = false;
  skip_blanks(&r);
  while (*r.p == '[' && read_tag(&r, tag, &value, NULL)) {
    if (strcmp(tag, name) == 0) {
      /* Too small a buffer is refused: a cut name is a wrong name. */
      found = value.len < size;
      if (found)
        memcpy(buf, value.data, value.len + 1);
      break;
    }
    skip_blanks(&r);
  }
  free(value.data);
  return found;
}

/* ---- Files of several games */

/* Passes a tag, [Name "value"], without judging it: to its ']' outside
 * the quotes, or to the end of its line when it has none. */
static void pass_tag(Reader *r) {
  bool quoted = false;
  for (r->p++; *r->p && *r->p != '\n'; r->p++) {
    if (quoted && *r->p == '\\' && (r->p[1] == '"' || r->p[1] == '\\')) {
      r->p++;
    } else if (*r->p == '"') {
      quoted = !quoted;
    } else if (*r->p == ']' && !quoted) {
      r->p++;
      return;
    }
  }
}

/* After a comment or a variation that does not close: the next line that
 * starts with a tag, so that the games after it still count. */
static void pass_to_next_tags(Reader *r) {
  const char *next = strstr(r->p, "\n[");
  r->p = next ? next + 1 : r->p + strlen(r->p);
}

/* Passes the move text where read_moves_in reads it, without playing it:
 * past the result token, or to the next game's tags or the end. */
static void pass_moves(Reader *r) {
  for (;;) {
    skip_blanks(r);
    char c = *r->p;
    if (c == '\0' || c == '[')
      return;
    if (c == '{' || c == '(') {
      const char *at = r->p;
      if (!skip_group(r, NULL)) {
        r->p = at;
        pass_to_next_tags(r);
      }
      continue;
    }
    char token[TOKEN_MAX];
    size_t n = 0;
    for (; token_char(*r->p); r->p++)
      if (n + 1 < TOKEN_MAX)
        token[n++] = *r->p;
    token[n] = '\0';
    if (n == 0) /* a lone ')' */
      r->p++;
    else if (is_result_token(token))
      return;
  }
}

const char *jq_pgn_find_game(const char *text) {
  Reader r = {text, skip_bom(text)};
  skip_blanks(&r);
  return *r.p ? r.p : NULL;
}

const char *jq_pgn_skip_game(const char *game) {
  Reader r = {game, skip_bom(game)};
  skip_blanks(&r);
  while (*r.p == '[') {
    pass_tag(&r);
    skip_blanks(&r);
  }
  pass_moves(&r);
  return r.p;
}
