/* FEN reading and writing: xiangqi FEN and the two jieqi dialects
 * (Pikafish's jieqi branch and JieqiBox) of rules.md section 5.
 *
 * Reading is done in two passes: first every field is checked for syntax
 * into a scratch record, then the whole position is checked for sense and
 * built in a scratch JqPosition. The caller's position is written only once
 * everything has passed, so a refused string changes nothing. */
#include "jq-fen.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* A field of the string: not NUL-terminated, so it is always read by len. */
typedef struct {
  const char *s;
  size_t len;
} FenToken;

/* board side pool captured halfmove fullmove, plus one to spot a surplus. */
#define FEN_TOKENS_MAX 7
/* Largest move counter we believe; anything above is a corrupt string. */
#define FEN_NUMBER_MAX 100000
/* The undo record keeps the halfmove clock in 16 bits. */
#define FEN_HALFMOVE_MAX 65535

typedef struct {
  JqPiece board[JQ_SQUARES];
  bool board_hidden; /* an X or x on the board */
  JqColor side;
  uint8_t pool[2][JQ_TYPE_COUNT];
  uint8_t known[2][JQ_TYPE_COUNT]; /* captured hidden identities learned */
  bool pool_letters;               /* the pool field names at least one type */
  bool known_letters; /* the captured field names at least one type */
  int halfmove;
  int fullmove;
} FenFields;

/* How many of each type a side starts with (K A B N R C P). */
static const int initial_count[JQ_TYPE_COUNT] = {0, 1, 2, 2, 2, 2, 2, 5};

static const char *const type_plural[JQ_TYPE_COUNT] = {
    "pieces", "kings",    "advisors", "elephants",
    "horses", "chariots", "cannons",  "pawns"};
static const char *const type_singular[JQ_TYPE_COUNT] = {
    "piece", "king",    "advisor", "elephant",
    "horse", "chariot", "cannon",  "pawn"};

static const char *color_name(JqColor c) {
  return c == JQ_RED ? "Red" : "Black";
}

/* The fields' names in messages, by JqErrorField. */
static const char *const field_names[] = {"board",    "side",     "pool",
                                          "captured", "halfmove", "fullmove"};

static bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' ||
         c == '\f';
}

static bool is_digit(char c) { return c >= '0' && c <= '9'; }

/* Copies a piece of user text into out for an error message, with bytes
 * that would not print shown as \xNN and long text cut short. */
static const char *quote_text(const char *s, size_t len, char *out,
                              size_t size) {
  size_t o = 0;
  for (size_t i = 0; i < len; i++) {
    unsigned char c = (unsigned char)s[i];
    char piece[8];
    if (c >= 0x20 && c < 0x7F)
      snprintf(piece, sizeof piece, "%c", c);
    else
      snprintf(piece, sizeof piece, "\\x%02X", c);
    size_t n = strlen(piece);
    if (o + n + 4 >= size) {
      memcpy(out + o, "...", 3);
      o += 3;
      break;
    }
    memcpy(out + o, piece, n);
    o += n;
  }
  out[o] = '\0';
  return out;
}

/* A letter of any field: type and colour. H and E are read as horse and
 * elephant because some GUIs write them; X is hidden (type JQ_NO_TYPE). */
static bool letter_to_type(char c, JqPieceType *type, JqColor *color,
                           bool *hidden) {
  char up = c;
  if (c >= 'a' && c <= 'z')
    up = (char)(c - 'a' + 'A');
  else if (!(c >= 'A' && c <= 'Z'))
    return false;
  *color = (c == up) ? JQ_RED : JQ_BLACK;
  *hidden = false;
  switch (up) {
  case 'K': *type = JQ_KING; break;
  case 'A': *type = JQ_ADVISOR; break;
  case 'B':
  case 'E': *type = JQ_ELEPHANT; break;
  case 'N':
  case 'H': *type = JQ_HORSE; break;
  case 'R': *type = JQ_CHARIOT; break;
  case 'C': *type = JQ_CANNON; break;
  case 'P': *type = JQ_PAWN; break;
  case 'X':
    *type = JQ_NO_TYPE;
    *hidden = true;
    break;
  default: return false;
  }
  return true;
}

/* Splits at whitespace; returns the number of fields, which may exceed
 * FEN_TOKENS_MAX (only the first FEN_TOKENS_MAX are stored). */
static int split_fields(const char *fen, FenToken tok[FEN_TOKENS_MAX]) {
  int n = 0;
  const char *p = fen;
  for (;;) {
    while (*p && is_space(*p))
      p++;
    if (!*p)
      break;
    const char *start = p;
    while (*p && !is_space(*p))
      p++;
    if (n < FEN_TOKENS_MAX) {
      tok[n].s = start;
      tok[n].len = (size_t)(p - start);
    }
    n++;
  }
  return n;
}

static bool parse_board(const FenToken *t, FenFields *f, JqError *err) {
  char q[40];
  int rank = JQ_RANKS - 1;
  int file = 0; /* files counted on this rank, may run past 9 */
  for (size_t i = 0; i <= t->len; i++) {
    char c = i < t->len ? t->s[i] : '/';
    if (c == '/') {
      if (file != JQ_FILES)
        return jq_error_fail(
            err, JQ_ERROR_FEN_RANK_WIDTH, (JqErrorArgs){.n = {rank, file}},
            "FEN board: rank %d has %d files, expected 9", rank, file);
      if (i == t->len)
        break;
      if (rank == 0)
        return jq_error_fail(err, JQ_ERROR_FEN_TOO_MANY_RANKS, (JqErrorArgs){0},
                             "FEN board: more than 10 ranks");
      rank--;
      file = 0;
      continue;
    }
    if (is_digit(c)) {
      if (c == '0')
        return jq_error_fail(err, JQ_ERROR_FEN_ZERO_COUNT,
                             (JqErrorArgs){.n = {rank}},
                             "FEN board: rank %d has the empty count 0", rank);
      file += c - '0';
      continue;
    }
    JqPieceType type;
    JqColor color;
    bool hidden;
    if (!letter_to_type(c, &type, &color, &hidden)) {
      quote_text(&c, 1, q, sizeof q);
      return jq_error_fail(
          err, JQ_ERROR_FEN_UNKNOWN_LETTER,
          (JqErrorArgs){.field = JQ_ERROR_FIELD_BOARD, .text = q},
          "FEN board: unknown piece letter '%s'", q);
    }
    if (file < JQ_FILES) {
      int sq = jq_square_make(file, rank);
      char name[3];
      jq_square_name(sq, name);
      if (hidden) {
        JqPieceType role = jq_start_role(sq);
        if (role == JQ_KING)
          return jq_error_fail(err, JQ_ERROR_FEN_HIDDEN_KING_POINT,
                               (JqErrorArgs){.square = sq},
                               "FEN board: hidden piece on %s, a king's point "
                               "(kings are never hidden)",
                               name);
        if (role == JQ_NO_TYPE || jq_start_color(sq) != color)
          return jq_error_fail(err, JQ_ERROR_FEN_HIDDEN_OFF_START,
                               (JqErrorArgs){.color = color, .square = sq},
                               "FEN board: hidden piece '%c' on %s, which is "
                               "not a %s starting point",
                               c, name, color_name(color));
        f->board[sq] = jq_piece_make_hidden(color, role);
        f->board_hidden = true;
      } else {
        f->board[sq] = jq_piece_make(color, type);
      }
    }
    file++;
  }
  if (rank != 0)
    return jq_error_fail(err, JQ_ERROR_FEN_TOO_FEW_RANKS,
                         (JqErrorArgs){.n = {JQ_RANKS - rank}},
                         "FEN board: %d ranks, expected 10", JQ_RANKS - rank);
  return true;
}

static bool parse_side(const FenToken *t, FenFields *f, JqError *err) {
  char q[40];
  if (t->len == 1 && (t->s[0] == 'w' || t->s[0] == 'r')) {
    f->side = JQ_RED;
    return true;
  }
  if (t->len == 1 && t->s[0] == 'b') {
    f->side = JQ_BLACK;
    return true;
  }
  quote_text(t->s, t->len, q, sizeof q);
  return jq_error_fail(err, JQ_ERROR_FEN_BAD_SIDE,
                       (JqErrorArgs){.field = JQ_ERROR_FIELD_SIDE, .text = q},
                       "FEN side: expected 'w' or 'b', got '%s'", q);
}

/* A pool-like field: letter-count pairs (count 1 when left out), or '-'. */
static bool parse_counts(const FenToken *t, JqErrorField fid,
                         uint8_t out[2][JQ_TYPE_COUNT], bool *letters,
                         JqError *err) {
  const char *field = field_names[fid];
  char q[40];
  bool seen[2][JQ_TYPE_COUNT] = {{false}};
  *letters = false;
  if (t->len == 1 && t->s[0] == '-')
    return true;
  size_t i = 0;
  while (i < t->len) {
    char c = t->s[i];
    JqPieceType type;
    JqColor color;
    bool hidden;
    JqErrorArgs args = {.field = fid, .letter = c};
    if (!letter_to_type(c, &type, &color, &hidden)) {
      args.text = quote_text(&c, 1, q, sizeof q);
      return jq_error_fail(err, JQ_ERROR_FEN_UNKNOWN_LETTER, args,
                           "FEN %s: unknown piece letter '%s'", field, q);
    }
    if (hidden)
      return jq_error_fail(err, JQ_ERROR_FEN_HIDDEN_IN_COUNT, args,
                           "FEN %s: '%c' is not a piece type (count the "
                           "hidden pieces by type)",
                           field, c);
    if (type == JQ_KING)
      return jq_error_fail(err, JQ_ERROR_FEN_KING_IN_COUNT, args,
                           "FEN %s: '%c' is a king, which is never hidden",
                           field, c);
    if (seen[color][type])
      return jq_error_fail(err, JQ_ERROR_FEN_LETTER_TWICE, args,
                           "FEN %s: '%c' is given twice", field, c);
    seen[color][type] = true;
    *letters = true;
    i++;
    int count = 1;
    if (i < t->len && is_digit(t->s[i])) {
      count = 0;
      while (i < t->len && is_digit(t->s[i])) {
        if (count < 1000)
          count = count * 10 + (t->s[i] - '0');
        i++;
      }
    }
    if (count >= 1000) {
      args.n[0] = initial_count[type];
      return jq_error_fail(err, JQ_ERROR_FEN_COUNT_HUGE, args,
                           "FEN %s: count for '%c' is too large, at most %d",
                           field, c, initial_count[type]);
    }
    if (count > initial_count[type]) {
      args.n[0] = count;
      args.n[1] = initial_count[type];
      return jq_error_fail(err, JQ_ERROR_FEN_COUNT_TOO_MANY, args,
                           "FEN %s: count for '%c' is %d, more than %d", field,
                           c, count, initial_count[type]);
    }
    out[color][type] = (uint8_t)count;
  }
  return true;
}

/* Does the field read as a move counter (so it is not a pool)? A leading
 * minus counts, so that "-3" is refused as negative instead of a pool. */
static bool looks_numeric(const FenToken *t) {
  if (is_digit(t->s[0]))
    return true;
  return t->len > 1 && (t->s[0] == '-' || t->s[0] == '+') && is_digit(t->s[1]);
}

static bool parse_number(const FenToken *t, JqErrorField fid, int max, int *out,
                         JqError *err) {
  const char *field = field_names[fid];
  char q[40];
  quote_text(t->s, t->len, q, sizeof q);
  JqErrorArgs args = {.field = fid, .text = q, .n = {max}};
  if (t->len > 1 && t->s[0] == '-' && is_digit(t->s[1]))
    return jq_error_fail(err, JQ_ERROR_FEN_NEGATIVE, args,
                         "FEN %s: '%s' is negative", field, q);
  long value = 0;
  for (size_t i = 0; i < t->len; i++) {
    if (!is_digit(t->s[i]))
      return jq_error_fail(err, JQ_ERROR_FEN_NOT_A_NUMBER, args,
                           "FEN %s: expected a number, got '%s'", field, q);
    if (value <= max)
      value = value * 10 + (t->s[i] - '0');
  }
  if (value > max)
    return jq_error_fail(err, JQ_ERROR_FEN_NUMBER_TOO_LARGE, args,
                         "FEN %s: '%s' is too large (at most %d)", field, q,
                         max);
  *out = (int)value;
  return true;
}

/* Syntax of every field. Layouts after the side: "pool captured H F"
 * (JieqiBox, and xiangqi's "- - H F"), "pool H F" (Pikafish), and any of
 * these cut short. A field that reads as a number starts the counters. */
static bool parse_fields(const char *fen, FenFields *f, JqError *err) {
  FenToken tok[FEN_TOKENS_MAX];
  char q[40];
  int n = split_fields(fen, tok);
  if (n == 0)
    return jq_error_fail(err, JQ_ERROR_FEN_EMPTY, (JqErrorArgs){0},
                         "FEN board: the string is empty");
  if (!parse_board(&tok[0], f, err))
    return false;
  f->side = JQ_RED;
  f->halfmove = 0;
  f->fullmove = 1;
  if (n < 2)
    return true;
  if (!parse_side(&tok[1], f, err))
    return false;
  int i = 2;
  int limit = n < FEN_TOKENS_MAX ? n : FEN_TOKENS_MAX;
  if (i < limit && !looks_numeric(&tok[i])) {
    if (!parse_counts(&tok[i], JQ_ERROR_FIELD_POOL, f->pool, &f->pool_letters,
                      err))
      return false;
    i++;
    if (i < limit && !looks_numeric(&tok[i])) {
      if (!parse_counts(&tok[i], JQ_ERROR_FIELD_CAPTURED, f->known,
                        &f->known_letters, err))
        return false;
      i++;
    }
  }
  if (i < limit) {
    if (!parse_number(&tok[i], JQ_ERROR_FIELD_HALFMOVE, FEN_HALFMOVE_MAX,
                      &f->halfmove, err))
      return false;
    i++;
  }
  if (i < limit) {
    if (!parse_number(&tok[i], JQ_ERROR_FIELD_FULLMOVE, FEN_NUMBER_MAX,
                      &f->fullmove, err))
      return false;
    /* Some programs number from 0; the game is the same. */
    if (f->fullmove == 0)
      f->fullmove = 1;
    i++;
  }
  if (i < n) {
    quote_text(tok[i].s, tok[i].len, q, sizeof q);
    return jq_error_fail(
        err, JQ_ERROR_FEN_TRAILING_TEXT,
        (JqErrorArgs){.field = JQ_ERROR_FIELD_FULLMOVE, .text = q},
        "FEN fullmove: unexpected text '%s' after the fullmove number", q);
  }
  return true;
}

/* Points a piece can stand on in standard xiangqi (kings are checked for
 * both variants elsewhere). `rr` is the rank seen from the piece's side. */
static bool xiangqi_point_ok(JqPieceType type, JqColor color, int sq) {
  int file = jq_square_file(sq);
  int rr = color == JQ_RED ? jq_square_rank(sq) : 9 - jq_square_rank(sq);
  switch (type) {
  case JQ_ADVISOR:
    return jq_square_in_palace(sq, color) && (file + rr) % 2 == 1;
  case JQ_ELEPHANT:
    return file % 2 == 0 && rr % 2 == 0 && rr <= 4 &&
           (file / 2 + rr / 2) % 2 == 1;
  case JQ_PAWN:
    if (rr < 3)
      return false;
    return rr >= 5 || file % 2 == 0;
  default: return true;
  }
}

/* Sense of the position as a whole: kings, placements, piece counts. */
static bool check_fields(const FenFields *f, JqVariant variant, JqError *err) {
  int kings[2] = {0, 0};
  int revealed[2][JQ_TYPE_COUNT] = {{0}};
  int hidden[2] = {0, 0};
  for (int sq = 0; sq < JQ_SQUARES; sq++) {
    JqPiece p = f->board[sq];
    if (p == JQ_EMPTY)
      continue;
    JqColor c = jq_piece_color(p);
    JqPieceType t = jq_piece_type(p);
    char name[3];
    jq_square_name(sq, name);
    if (jq_piece_is_hidden(p)) {
      hidden[c]++;
      continue;
    }
    revealed[c][t]++;
    if (t == JQ_KING) {
      kings[c]++;
      if (!jq_square_in_palace(sq, c))
        return jq_error_fail(err, JQ_ERROR_FEN_KING_OUTSIDE_PALACE,
                             (JqErrorArgs){.color = c, .square = sq},
                             "FEN board: %s king on %s is outside its palace",
                             color_name(c), name);
    } else if (variant == JQ_VARIANT_XIANGQI && !xiangqi_point_ok(t, c, sq)) {
      return jq_error_fail(err, JQ_ERROR_FEN_PIECE_OFF_POINTS,
                           (JqErrorArgs){.color = c, .type = t, .square = sq},
                           "FEN board: %s %s on %s stands where a xiangqi %s "
                           "can never be",
                           color_name(c), type_singular[t], name,
                           type_singular[t]);
    }
  }
  for (int c = 0; c < 2; c++) {
    if (kings[c] == 0)
      return jq_error_fail(err, JQ_ERROR_FEN_NO_KING, (JqErrorArgs){.color = c},
                           "FEN board: %s has no king", color_name((JqColor)c));
    if (kings[c] > 1)
      return jq_error_fail(
          err, JQ_ERROR_FEN_KINGS, (JqErrorArgs){.color = c, .n = {kings[c]}},
          "FEN board: %s has %d kings", color_name((JqColor)c), kings[c]);
  }
  for (int c = 0; c < 2; c++) {
    const char *cn = color_name((JqColor)c);
    int pool_total = 0;
    for (int t = JQ_ADVISOR; t <= JQ_PAWN; t++) {
      int on_board = revealed[c][t];
      int in_pool = f->pool[c][t];
      int known = f->known[c][t];
      pool_total += in_pool;
      int most = initial_count[t];
      if (on_board > most)
        return jq_error_fail(
            err, JQ_ERROR_FEN_TOO_MANY_ON_BOARD,
            (JqErrorArgs){.color = c, .type = t, .n = {on_board, most}},
            "FEN board: %s has %d %s, at most %d", cn, on_board, type_plural[t],
            most);
      if (on_board + in_pool > most)
        return jq_error_fail(err, JQ_ERROR_FEN_POOL_TOO_MANY,
                             (JqErrorArgs){.field = JQ_ERROR_FIELD_POOL,
                                           .color = c,
                                           .type = t,
                                           .n = {on_board, in_pool, most}},
                             "FEN pool: too many %s %s: %d on the board and "
                             "%d in the pool, at most %d",
                             cn, type_plural[t], on_board, in_pool, most);
      if (on_board + in_pool + known > most)
        return jq_error_fail(
            err, JQ_ERROR_FEN_CAPTURED_TOO_MANY,
            (JqErrorArgs){.field = JQ_ERROR_FIELD_CAPTURED,
                          .color = c,
                          .type = t,
                          .n = {on_board, in_pool, known, most}},
            "FEN captured: too many %s %s: %d on the board, %d in the pool "
            "and %d captured hidden, at most %d",
            cn, type_plural[t], on_board, in_pool, known, most);
    }
    if (pool_total < hidden[c])
      return jq_error_fail(err, JQ_ERROR_FEN_POOL_SHORT,
                           (JqErrorArgs){.field = JQ_ERROR_FIELD_POOL,
                                         .color = c,
                                         .n = {hidden[c], pool_total}},
                           "FEN pool: %s has %d hidden pieces on the board "
                           "but the pool holds only %d",
                           cn, hidden[c], pool_total);
  }
  return true;
}

bool jq_fen_parse(const char *fen, JqFenVariant variant, JqPosition *pos,
                  JqError *err) {
  if (fen == NULL)
    return jq_error_fail(err, JQ_ERROR_BAD_CALL, (JqErrorArgs){0},
                         "FEN board: no FEN string given");
  if (pos == NULL)
    return jq_error_fail(err, JQ_ERROR_BAD_CALL, (JqErrorArgs){0},
                         "FEN board: no position to fill");
  FenFields f;
  memset(&f, 0, sizeof f);
  if (!parse_fields(fen, &f, err))
    return false;

  bool jieqi_marks = f.board_hidden || f.pool_letters || f.known_letters;
  JqVariant v;
  if (variant == JQ_FEN_VARIANT_AUTO)
    v = jieqi_marks ? JQ_VARIANT_JIEQI : JQ_VARIANT_XIANGQI;
  else if (variant == JQ_FEN_VARIANT_XIANGQI)
    v = JQ_VARIANT_XIANGQI;
  else if (variant == JQ_FEN_VARIANT_JIEQI)
    v = JQ_VARIANT_JIEQI;
  else
    return jq_error_fail(err, JQ_ERROR_BAD_CALL, (JqErrorArgs){0},
                         "FEN board: unknown variant %d", (int)variant);
  if (v == JQ_VARIANT_XIANGQI) {
    if (f.board_hidden)
      return jq_error_fail(err, JQ_ERROR_FEN_XIANGQI_HIDDEN, (JqErrorArgs){0},
                           "FEN board: hidden pieces (X/x) in a xiangqi "
                           "position");
    if (f.pool_letters)
      return jq_error_fail(err, JQ_ERROR_FEN_XIANGQI_POOL,
                           (JqErrorArgs){.field = JQ_ERROR_FIELD_POOL},
                           "FEN pool: a xiangqi position has no hidden pool");
    if (f.known_letters)
      return jq_error_fail(err, JQ_ERROR_FEN_XIANGQI_CAPTURED,
                           (JqErrorArgs){.field = JQ_ERROR_FIELD_CAPTURED},
                           "FEN captured: a xiangqi position has no captured "
                           "hidden pieces");
  }
  if (!check_fields(&f, v, err))
    return false;

  JqPosition tmp;
  jq_position_clear(&tmp, v);
  memcpy(tmp.board, f.board, sizeof tmp.board);
  tmp.side = (uint8_t)f.side;
  tmp.capture_count = 0;
  for (int c = 0; c < 2; c++) {
    int pool_total = 0, on_board = 0;
    for (int t = 0; t < JQ_TYPE_COUNT; t++) {
      tmp.pool[c][t] = f.pool[c][t];
      pool_total += f.pool[c][t];
      /* check_fields bounds these by the initial counts: 30 at most. */
      for (int k = 0; k < f.known[c][t]; k++) {
        JqCapture *cap = &tmp.captures[tmp.capture_count++];
        cap->piece = jq_piece_make_hidden((JqColor)c, (JqPieceType)t);
        cap->identity = (JqPieceType)t;
      }
    }
    for (int sq = 0; sq < JQ_SQUARES; sq++) {
      JqPiece p = f.board[sq];
      if (p != JQ_EMPTY && jq_piece_is_hidden(p) && (int)jq_piece_color(p) == c)
        on_board++;
    }
    tmp.captured_unknown[c] = (uint8_t)(pool_total - on_board);
  }
  tmp.halfmove = f.halfmove;
  tmp.fullmove = f.fullmove;
  jq_position_refresh(&tmp);

  /* The side that just moved may not have left its king en prise. */
  JqColor waiting = jq_color_other(f.side);
  if (jq_position_king_attacked(&tmp, waiting))
    return jq_error_fail(
        err, JQ_ERROR_FEN_CHECK_TO_TAKE,
        (JqErrorArgs){.field = JQ_ERROR_FIELD_SIDE, .color = f.side},
        "FEN side: %s to move while %s's king is in check "
        "(it could be captured)",
        color_name(f.side), color_name(waiting));
  memcpy(pos, &tmp, sizeof tmp);
  return true;
}

/* Appends to a fixed buffer, remembering when it ran out of room. */
typedef struct {
  char *buf;
  size_t size;
  size_t len;
  bool full;
} FenOut;

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void
out_printf(FenOut *o, const char *fmt, ...) {
  if (o->full)
    return;
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(o->buf + o->len, o->size - o->len, fmt, ap);
  va_end(ap);
  if (n < 0 || (size_t)n >= o->size - o->len) {
    o->full = true;
    return;
  }
  o->len += (size_t)n;
}

static char type_char(JqPieceType t, JqColor c) {
  static const char upper[JQ_TYPE_COUNT] = {'?', 'K', 'A', 'B',
                                            'N', 'R', 'C', 'P'};
  char ch = upper[t & JQ_PIECE_TYPE_MASK];
  return c == JQ_BLACK ? (char)(ch - 'A' + 'a') : ch;
}

static void write_board(FenOut *o, const JqPosition *pos) {
  for (int rank = JQ_RANKS - 1; rank >= 0; rank--) {
    int empty = 0;
    for (int file = 0; file < JQ_FILES; file++) {
      JqPiece p = pos->board[jq_square_make(file, rank)];
      if (p == JQ_EMPTY) {
        empty++;
        continue;
      }
      if (empty)
        out_printf(o, "%d", empty);
      empty = 0;
      JqColor c = jq_piece_color(p);
      char ch = jq_piece_is_hidden(p) ? (c == JQ_RED ? 'X' : 'x')
                                      : type_char(jq_piece_type(p), c);
      out_printf(o, "%c", ch);
    }
    if (empty)
      out_printf(o, "%d", empty);
    if (rank > 0)
      out_printf(o, "/");
  }
}

/* Letter-count pairs for both colours in the given type order, '-' when
 * every count is zero. */
static void write_counts(FenOut *o, const int counts[2][JQ_TYPE_COUNT],
                         const JqPieceType order[6]) {
  bool any = false;
  for (int c = 0; c < 2; c++)
    for (int i = 0; i < 6; i++) {
      int n = counts[c][order[i]];
      if (n == 0)
        continue;
      out_printf(o, "%c%d", type_char(order[i], (JqColor)c), n);
      any = true;
    }
  if (!any)
    out_printf(o, "-");
}

size_t jq_fen_write(const JqPosition *pos, JqFenDialect dialect, char *buf,
                    size_t size) {
  static const JqPieceType pikafish_order[6] = {
      JQ_CHARIOT, JQ_ADVISOR, JQ_CANNON, JQ_PAWN, JQ_HORSE, JQ_ELEPHANT};
  static const JqPieceType jieqibox_order[6] = {
      JQ_ADVISOR, JQ_ELEPHANT, JQ_HORSE, JQ_CHARIOT, JQ_CANNON, JQ_PAWN};
  if (buf == NULL || size == 0)
    return 0;
  buf[0] = '\0';
  if (pos == NULL)
    return 0;
  char text[512];
  FenOut o = {text, sizeof text, 0, false};
  write_board(&o, pos);
  out_printf(&o, " %c ", pos->side == JQ_BLACK ? 'b' : 'w');
  if (!jq_position_is_jieqi(pos)) {
    out_printf(&o, "- - ");
  } else {
    int pool[2][JQ_TYPE_COUNT];
    int known[2][JQ_TYPE_COUNT];
    memset(known, 0, sizeof known);
    for (int c = 0; c < 2; c++)
      for (int t = 0; t < JQ_TYPE_COUNT; t++)
        pool[c][t] = pos->pool[c][t];
    int captures = pos->capture_count < 32 ? pos->capture_count : 32;
    for (int i = 0; i < captures; i++) {
      const JqCapture *cap = &pos->captures[i];
      if (jq_piece_is_hidden(cap->piece) && cap->identity > JQ_KING &&
          cap->identity < JQ_TYPE_COUNT)
        known[jq_piece_color(cap->piece)][cap->identity]++;
    }
    /* A jieqi position asked for in the xiangqi dialect would lose its
     * pools; JieqiBox is the dialect this project writes by default. */
    if (dialect == JQ_FEN_PIKAFISH) {
      write_counts(&o, pool, pikafish_order);
      out_printf(&o, " ");
    } else {
      write_counts(&o, pool, jieqibox_order);
      out_printf(&o, " ");
      write_counts(&o, known, jieqibox_order);
      out_printf(&o, " ");
    }
  }
  out_printf(&o, "%d %d", pos->halfmove, pos->fullmove);
  if (o.full || o.len + 1 > size)
    return 0;
  memcpy(buf, text, o.len + 1);
  return o.len;
}
