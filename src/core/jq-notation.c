/* Move notations: writers and readers for coordinates, Chinese and WXF.
 * The conventions chosen are listed in jq-notation.h. Readers never guess
 * from move lists: they turn the text into a query (which piece, which way,
 * how far) and resolve it against the position, so that one code path
 * serves every spelling and gives errors that say what did not fit. */
#include "jq-notation.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jq-movegen.h"

/* ---- Perspective: files and directions as the mover sees them ---------- */

/* Red counts files from Red's right (file i is 1), Black from Black's
 * right (file a is 1). */
static int file_number(JqColor c, int file) {
  return c == JQ_RED ? JQ_FILES - file : file + 1;
}

static int file_of_number(JqColor c, int number) {
  return c == JQ_RED ? JQ_FILES - number : number - 1;
}

static int forward_sign(JqColor c) { return c == JQ_RED ? 1 : -1; }

static bool moves_diagonally(JqPieceType t) {
  return t == JQ_ADVISOR || t == JQ_ELEPHANT || t == JQ_HORSE;
}

/* Pieces that count as "like" for tandem naming: same colour and type;
 * Chinese also tells a hidden piece (暗马) from a revealed one (马). */
static bool is_like(JqPiece a, JqPiece b, bool split_hidden) {
  if (a == JQ_EMPTY || b == JQ_EMPTY)
    return false;
  int mask = JQ_PIECE_TYPE_MASK | JQ_PIECE_BLACK |
             (split_hidden ? JQ_PIECE_HIDDEN : 0);
  return (a & mask) == (b & mask);
}

/* How many pieces like `kind` stand on sq's file, and how many of them are
 * in front of sq (nearer the opponent, as kind's colour sees it). */
static void tandem_on_file(const JqPosition *pos, int sq, JqPiece kind,
                           bool split_hidden, int *count, int *index) {
  int file = jq_square_file(sq), rank = jq_square_rank(sq);
  bool red = jq_piece_color(kind) == JQ_RED;
  *count = 0;
  *index = 0;
  for (int r = 0; r < JQ_RANKS; r++) {
    if (!is_like(pos->board[jq_square_make(file, r)], kind, split_hidden))
      continue;
    (*count)++;
    if (red ? r > rank : r < rank)
      (*index)++;
  }
}

/* Files holding two or more pieces like `kind`. */
static int crowded_files(const JqPosition *pos, JqPiece kind,
                         bool split_hidden) {
  int files = 0;
  for (int f = 0; f < JQ_FILES; f++) {
    int n = 0;
    for (int r = 0; r < JQ_RANKS; r++)
      n += is_like(pos->board[jq_square_make(f, r)], kind, split_hidden);
    files += n >= 2;
  }
  return files;
}

/* The (direction, number) of a move: the number is the target file for a
 * traverse and for diagonal movers, else the count of ranks. */
static void move_step(JqPieceType t, JqColor c, int from, int to, int *dir,
                      int *num) {
  int adv = (jq_square_rank(to) - jq_square_rank(from)) * forward_sign(c);
  *dir = adv > 0 ? 1 : adv < 0 ? -1 : 0;
  if (moves_diagonally(t) || adv == 0)
    *num = file_number(c, jq_square_file(to));
  else
    *num = abs(adv);
}

/* The inverse: where (dir, num) takes a piece of type t from sq, or -1.
 * Every piece shape has at most one move per (dir, num), which is what
 * makes the notations work at all. */
static int step_target(JqPieceType t, JqColor c, int sq, int dir, int num) {
  if (num < 1 || num > 9)
    return -1;
  int file = jq_square_file(sq), rank = jq_square_rank(sq);
  int tf = file, tr = rank;
  if (dir == 0) {
    tf = file_of_number(c, num);
  } else if (moves_diagonally(t)) {
    tf = file_of_number(c, num);
    int df = abs(tf - file), dr = 0;
    if (t == JQ_ADVISOR)
      dr = df == 1 ? 1 : 0;
    else if (t == JQ_ELEPHANT)
      dr = df == 2 ? 2 : 0;
    else
      dr = df == 1 ? 2 : df == 2 ? 1 : 0;
    if (dr == 0)
      return -1;
    tr = rank + dir * dr * forward_sign(c);
  } else {
    tr = rank + dir * num * forward_sign(c);
  }
  if (tf < 0 || tf >= JQ_FILES || tr < 0 || tr >= JQ_RANKS)
    return -1;
  return jq_square_make(tf, tr);
}

/* ---- Describing a move -------------------------------------------------- */

typedef enum {
  FORM_FILE,           /* piece + file: 马八 */
  FORM_PLACE,          /* place + piece: 前马, 中兵, 二兵 */
  FORM_PLACE_AND_FILE, /* place + file, tandems on two files: 前七 */
} NameForm;

typedef struct {
  JqPiece piece;
  JqColor color;
  JqPieceType type;
  NameForm form;
  int file_num;     /* origin file, mover's numbering */
  int count, index; /* like pieces on the origin file, front one is 0 */
  int dir, num;
} MoveDesc;

/* Could another like piece on the mover's file make the same (dir, num)?
 * Only then do advisors and elephants need 前/后. */
static bool others_share_step(const JqPosition *pos, int from, int dir, int num,
                              bool split_hidden) {
  JqPiece p = pos->board[from];
  int file = jq_square_file(from);
  for (int r = 0; r < JQ_RANKS; r++) {
    int sq = jq_square_make(file, r);
    if (sq == from || !is_like(pos->board[sq], p, split_hidden))
      continue;
    int t = step_target(jq_piece_type(p), jq_piece_color(p), sq, dir, num);
    if (t >= 0 && jq_position_is_legal(pos, jq_move_make(sq, t)))
      return true;
  }
  return false;
}

static bool describe(const JqPosition *pos, JqMove move, bool split_hidden,
                     MoveDesc *d) {
  int from = jq_move_from(move), to = jq_move_to(move);
  if (from >= JQ_SQUARES || to >= JQ_SQUARES || from == to)
    return false;
  JqPiece p = pos->board[from];
  if (p == JQ_EMPTY)
    return false;
  d->piece = p;
  d->color = jq_piece_color(p);
  d->type = jq_piece_type(p);
  d->file_num = file_number(d->color, jq_square_file(from));
  tandem_on_file(pos, from, p, split_hidden, &d->count, &d->index);
  move_step(d->type, d->color, from, to, &d->dir, &d->num);
  if (d->count == 1)
    d->form = FORM_FILE;
  else if ((d->type == JQ_ADVISOR || d->type == JQ_ELEPHANT) &&
           !others_share_step(pos, from, d->dir, d->num, split_hidden))
    d->form = FORM_FILE;
  else if (crowded_files(pos, p, split_hidden) >= 2)
    d->form = FORM_PLACE_AND_FILE;
  else
    d->form = FORM_PLACE;
  return true;
}

/* ---- Writing ------------------------------------------------------------ */

typedef struct {
  char *buf;
  size_t size, len;
  bool overflow;
} Out;

static void out_str(Out *o, const char *s) {
  size_t n = strlen(s);
  if (o->overflow || o->len + n >= o->size) {
    o->overflow = true;
    return;
  }
  memcpy(o->buf + o->len, s, n + 1);
  o->len += n;
}

void jq_move_to_coords(JqMove move, char buf[JQ_COORDS_MAX]) {
  int from = jq_move_from(move), to = jq_move_to(move);
  if (move == JQ_MOVE_NONE || from >= JQ_SQUARES || to >= JQ_SQUARES) {
    memcpy(buf, "0000", 5);
    return;
  }
  jq_square_name(from, buf);
  jq_square_name(to, buf + 2);
}

static bool revealable_type(JqPieceType t) {
  return t >= JQ_ADVISOR && t <= JQ_PAWN;
}

static char letter_in_case(JqPieceType t, JqColor c) {
  char l = jq_piece_type_letter(t);
  return c == JQ_BLACK ? (char)(l - 'A' + 'a') : l;
}

size_t jq_move_to_coords_ext(JqMove move, JqColor mover, JqReveal reveal,
                             char buf[JQ_COORDS_MAX]) {
  jq_move_to_coords(move, buf);
  size_t len = 4;
  if (revealable_type(reveal.mover))
    buf[len++] = letter_in_case(reveal.mover, mover);
  if (revealable_type(reveal.captured))
    buf[len++] = letter_in_case(reveal.captured, jq_color_other(mover));
  buf[len] = '\0';
  return len;
}

static const char *const piece_names[2][2][JQ_TYPE_COUNT] = {
    {{"", "帅", "仕", "相", "马", "车", "炮", "兵"},
     {"", "将", "士", "象", "马", "车", "炮", "卒"}},
    {{"", "帥", "仕", "相", "傌", "俥", "炮", "兵"},
     {"", "將", "士", "象", "馬", "車", "砲", "卒"}},
};
static const char *const red_digits[10] = {"",   "一", "二", "三", "四",
                                           "五", "六", "七", "八", "九"};
static const char *const black_digits[10] = {"",   "１", "２", "３", "４",
                                             "５", "６", "７", "８", "９"};
/* Indexed by dir + 1. */
static const char *const dir_words[2][3] = {{"退", "平", "进"},
                                            {"退", "平", "進"}};

static const char *digit_word(JqColor c, int n) {
  return (c == JQ_RED ? red_digits : black_digits)[n];
}

/* 前/后 for two, 前/中/后 for three, ordinals from the front for more
 * (ordinals are Chinese numerals for both sides: they count, not name a
 * file). */
static const char *place_word(int count, int index, int cs) {
  if (count == 2 || count == 3) {
    if (index == 0)
      return "前";
    if (index == count - 1)
      return cs ? "後" : "后";
    return "中";
  }
  return red_digits[index + 1];
}

size_t jq_move_to_chinese(const JqPosition *pos, JqMove move,
                          JqPieceType reveal, JqCharset charset, char *buf,
                          size_t size) {
  if (!buf || size == 0)
    return 0;
  buf[0] = '\0';
  MoveDesc d;
  if (!pos || !describe(pos, move, true, &d) || d.count > 9)
    return 0;
  int cs = charset == JQ_CHARSET_TRADITIONAL ? 1 : 0;
  const char *name = piece_names[cs][d.color][d.type];
  bool hidden = jq_piece_is_hidden(d.piece);
  Out o = {buf, size, 0, false};
  switch (d.form) {
  case FORM_FILE:
    if (hidden)
      out_str(&o, "暗");
    out_str(&o, name);
    out_str(&o, digit_word(d.color, d.file_num));
    break;
  case FORM_PLACE:
    out_str(&o, place_word(d.count, d.index, cs));
    if (hidden)
      out_str(&o, "暗");
    out_str(&o, name);
    break;
  case FORM_PLACE_AND_FILE:
    /* The bare form 前七 is the pawns' (the only legal tandems on two
     * files); anything else keeps its name: 前车七. */
    out_str(&o, place_word(d.count, d.index, cs));
    if (hidden)
      out_str(&o, "暗");
    if (hidden || d.type != JQ_PAWN)
      out_str(&o, name);
    out_str(&o, digit_word(d.color, d.file_num));
    break;
  }
  out_str(&o, dir_words[cs][d.dir + 1]);
  out_str(&o, digit_word(d.color, d.num));
  if (hidden && revealable_type(reveal)) {
    out_str(&o, "(");
    out_str(&o, piece_names[cs][d.color][reveal]);
    out_str(&o, ")");
  }
  if (o.overflow) {
    buf[0] = '\0';
    return 0;
  }
  return o.len;
}

static const char wxf_letters[JQ_TYPE_COUNT] = {'?', 'K', 'A', 'E',
                                                'H', 'R', 'C', 'P'};

size_t jq_move_to_wxf(const JqPosition *pos, JqMove move,
                      char buf[JQ_WXF_MAX]) {
  buf[0] = '\0';
  MoveDesc d;
  if (!pos || !describe(pos, move, false, &d) || d.count > 9)
    return 0;
  char letter = wxf_letters[d.type], file = (char)('0' + d.file_num);
  char dir = d.dir > 0 ? '+' : d.dir < 0 ? '-' : '.';
  char num = (char)('0' + d.num);
  int last = d.count - 1;
  char a = letter, b = file;
  bool standard = true;
  switch (d.form) {
  case FORM_FILE: break;
  case FORM_PLACE:
    if (d.count <= 3) {
      /* The middle one of three keeps its file: P3. */
      b = d.index == 0 ? '+' : d.index == last ? '-' : file;
    } else if (d.count <= 5 && d.type == JQ_PAWN) {
      /* ++ P+ (P3) P- -- from the front. */
      a = d.index == 0 ? '+' : d.index == last ? '-' : letter;
      b = d.index == 0          ? '+'
          : d.index == last     ? '-'
          : d.index == 1        ? '+'
          : d.index == last - 1 ? '-'
                                : file;
    } else {
      standard = false;
    }
    break;
  case FORM_PLACE_AND_FILE:
    if (d.type == JQ_PAWN && d.count <= 3) {
      a = file;
      b = d.index == 0 ? '+' : d.index == last ? '-' : file;
    } else {
      standard = false;
    }
    break;
  }
  if (!standard) {
    /* Beyond the WXF rules (jieqi, where hidden pieces count with the
     * revealed ones of their role): letter, file, place from the front. */
    buf[0] = letter;
    buf[1] = file;
    buf[2] = (char)('1' + d.index);
    buf[3] = dir;
    buf[4] = num;
    buf[5] = '\0';
    return 5;
  }
  buf[0] = a;
  buf[1] = b;
  buf[2] = dir;
  buf[3] = num;
  buf[4] = '\0';
  return 4;
}

/* ---- Messages ----------------------------------------------------------- */

static const char *const type_words[JQ_TYPE_COUNT] = {
    "piece", "king",    "advisor", "elephant",
    "horse", "chariot", "cannon",  "pawn"};

static const char *color_word(JqColor c) {
  return c == JQ_RED ? "red" : "black";
}

static const char *side_word(JqColor c) {
  return c == JQ_RED ? "Red" : "Black";
}

/* Length of the valid UTF-8 character at s, 0 at the end or when invalid.
 * Continuation bytes are checked one by one, so a NUL stops the scan. */
static size_t utf8_char_len(const char *s) {
  const unsigned char *u = (const unsigned char *)s;
  size_t n;
  if (u[0] == 0)
    return 0;
  if (u[0] < 0x80)
    return 1;
  if (u[0] >= 0xC2 && u[0] <= 0xDF)
    n = 2;
  else if (u[0] >= 0xE0 && u[0] <= 0xEF)
    n = 3;
  else if (u[0] >= 0xF0 && u[0] <= 0xF4)
    n = 4;
  else
    return 0;
  for (size_t i = 1; i < n; i++)
    if ((u[i] & 0xC0) != 0x80)
      return 0;
  /* Overlong and surrogate forms. */
  if (n == 3 && u[0] == 0xE0 && u[1] < 0xA0)
    return 0;
  if (n == 3 && u[0] == 0xED && u[1] >= 0xA0)
    return 0;
  if (n == 4 && u[0] == 0xF0 && u[1] < 0x90)
    return 0;
  if (n == 4 && u[0] == 0xF4 && u[1] >= 0x90)
    return 0;
  return n;
}

#define QUOTE_MAX 48

/* A copy of user text safe to put in a message: valid UTF-8, no control
 * characters, cut at a character boundary. */
static void quote_text(const char *text, char out[QUOTE_MAX]) {
  size_t len = 0;
  const char *p = text;
  while (*p) {
    size_t n = utf8_char_len(p);
    if (n == 0 || (n == 1 && (unsigned char)*p < 0x20) || *p == 0x7F) {
      if (len + 1 > QUOTE_MAX - 4)
        break;
      out[len++] = '?';
      p++;
      continue;
    }
    if (len + n > QUOTE_MAX - 4) {
      memcpy(out + len, "...", 3);
      len += 3;
      break;
    }
    memcpy(out + len, p, n);
    len += n;
    p += n;
  }
  out[len] = '\0';
}

/* A piece for messages: "red horse", "hidden black pawn". */
static void piece_phrase(char *buf, size_t size, JqColor c, JqPieceType t,
                         bool hidden) {
  const char *parts[4] = {hidden ? "hidden " : "", color_word(c), " ",
                          type_words[t]};
  Out o = {buf, size, 0, false};
  buf[0] = '\0';
  for (int i = 0; i < 4; i++)
    out_str(&o, parts[i]);
}

/* ---- Trimming and tokens ------------------------------------------------ */

#define TEXT_MAX 64

static bool is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' ||
         c == '\v';
}

/* Copies text without surrounding blanks into out; false (with err) when
 * there is nothing left or it is too long to be any move. */
static bool trim_text(const char *text, char out[TEXT_MAX], JqError *err) {
  if (!text)
    return jq_error_fail(err, JQ_ERROR_BAD_CALL, (JqErrorArgs){0},
                         "no move text given");
  while (is_blank(*text))
    text++;
  size_t len = strlen(text);
  while (len > 0 && is_blank(text[len - 1]))
    len--;
  if (len == 0)
    return jq_error_fail(err, JQ_ERROR_MOVE_EMPTY, (JqErrorArgs){0},
                         "empty move text");
  if (len >= TEXT_MAX) {
    char q[QUOTE_MAX];
    quote_text(text, q);
    return jq_error_fail(err, JQ_ERROR_MOVE_TOO_LONG, (JqErrorArgs){.text = q},
                         "'%s' is too long to be a move", q);
  }
  memcpy(out, text, len);
  out[len] = '\0';
  return true;
}

typedef struct {
  const char *text;
  int value;
} Token;

/* Consumes one of the tokens at *p; returns its value or -1. */
static int take_token(const char **p, const Token *tokens, size_t n) {
  for (size_t i = 0; i < n; i++) {
    size_t len = strlen(tokens[i].text);
    if (strncmp(*p, tokens[i].text, len) == 0) {
      *p += len;
      return tokens[i].value;
    }
  }
  return -1;
}

#define TAKE(p, list) take_token((p), (list), sizeof(list) / sizeof((list)[0]))

static const Token name_tokens[] = {
    {"帅", JQ_KING},     {"帥", JQ_KING},     {"将", JQ_KING},
    {"將", JQ_KING},     {"仕", JQ_ADVISOR},  {"士", JQ_ADVISOR},
    {"相", JQ_ELEPHANT}, {"象", JQ_ELEPHANT}, {"马", JQ_HORSE},
    {"馬", JQ_HORSE},    {"傌", JQ_HORSE},    {"车", JQ_CHARIOT},
    {"車", JQ_CHARIOT},  {"俥", JQ_CHARIOT},  {"炮", JQ_CANNON},
    {"砲", JQ_CANNON},   {"包", JQ_CANNON},   {"兵", JQ_PAWN},
    {"卒", JQ_PAWN},
};

static const Token digit_tokens[] = {
    {"1", 1},  {"2", 2},  {"3", 3},  {"4", 4},  {"5", 5},  {"6", 6},  {"7", 7},
    {"8", 8},  {"9", 9},  {"１", 1}, {"２", 2}, {"３", 3}, {"４", 4}, {"５", 5},
    {"６", 6}, {"７", 7}, {"８", 8}, {"９", 9}, {"一", 1}, {"二", 2}, {"三", 3},
    {"四", 4}, {"五", 5}, {"六", 6}, {"七", 7}, {"八", 8}, {"九", 9},
};

/* Values are dir + 1, since -1 means "not found". */
static const Token dir_tokens[] = {
    {"进", 2},
    {"進", 2},
    {"退", 0},
    {"平", 1},
};

static const Token hidden_tokens[] = {{"暗", 1}};
static const Token open_tokens[] = {{"(", 1}, {"（", 1}};
static const Token close_tokens[] = {{")", 1}, {"）", 1}};

/* ---- Queries: what the text asks for, resolved against the position ---- */

typedef enum {
  PICK_FILE,    /* the piece on a file */
  PICK_FRONT,   /* 前, ++ */
  PICK_REAR,    /* 后, -- */
  PICK_MIDDLE,  /* 中, the WXF file digit of an odd tandem */
  PICK_ORDINAL, /* 一二三四五 from the front */
  PICK_PLUS,    /* WXF +: front of 2-3, second of 4-5 */
  PICK_MINUS,   /* WXF -: rear of 2-3, second to last of 4-5 */
} Pick;

static const Token place_tokens[] = {
    {"前", PICK_FRONT},
    {"中", PICK_MIDDLE},
    {"后", PICK_REAR},
    {"後", PICK_REAR},
};

typedef struct {
  JqPieceType type;
  bool split_hidden; /* Chinese: 暗马 and 马 are different pieces */
  bool hidden;
  Pick pick;
  int file;    /* board file, -1 when the text gives none */
  int ordinal; /* PICK_ORDINAL, from 1 */
  bool wxf;    /* WXF reading of a file digit (middle of odd tandems) */
  int dir, num;
  bool middle_only; /* WXF advisors/elephants: the file means the middle */
} Query;

static int picked_index(const Query *q, int count) {
  if (count < 2)
    return -1;
  switch (q->pick) {
  case PICK_FRONT: return 0;
  case PICK_REAR: return count - 1;
  case PICK_MIDDLE: return count % 2 == 1 ? count / 2 : -1;
  case PICK_ORDINAL: return q->ordinal <= count ? q->ordinal - 1 : -1;
  case PICK_PLUS: return count <= 3 ? 0 : 1;
  case PICK_MINUS: return count <= 3 ? count - 1 : count - 2;
  case PICK_FILE: break;
  }
  return -1;
}

/* Does the piece on sq answer the query's "which piece" part? */
static bool piece_fits(const JqPosition *pos, const Query *q, int sq) {
  JqPiece p = pos->board[sq];
  if (p == JQ_EMPTY || jq_piece_color(p) != pos->side ||
      jq_piece_type(p) != q->type)
    return false;
  if (q->split_hidden && jq_piece_is_hidden(p) != q->hidden)
    return false;
  if (q->file >= 0 && jq_square_file(sq) != q->file)
    return false;
  int count, index;
  tandem_on_file(pos, sq, p, q->split_hidden, &count, &index);
  if (q->pick == PICK_FILE) {
    /* WXF names the middle of three or five by its file (P3.4); elsewhere
     * a file with several like pieces is left to the move to tell apart
     * (仕六进五 with two advisors on file 六). Advisors and elephants may
     * be either: resolve_query tries the move first. */
    bool diagonal = q->type == JQ_ADVISOR || q->type == JQ_ELEPHANT;
    if (q->wxf && count >= 3 && count % 2 == 1 && (!diagonal || q->middle_only))
      return index == count / 2;
    return true;
  }
  return index == picked_index(q, count);
}

typedef struct {
  int pieces;  /* pieces that fit the "which piece" part */
  int matches; /* legal moves that fit the whole query */
  JqMove move; /* the last of them */
} Resolution;

static Resolution resolve(const JqPosition *pos, const Query *q) {
  Resolution res = {0, 0, JQ_MOVE_NONE};
  for (int sq = 0; sq < JQ_SQUARES; sq++) {
    if (!piece_fits(pos, q, sq))
      continue;
    res.pieces++;
    int to = step_target(q->type, pos->side, sq, q->dir, q->num);
    if (to < 0)
      continue;
    JqMove m = jq_move_make(sq, to);
    if (jq_position_is_legal(pos, m)) {
      res.matches++;
      res.move = m;
    }
  }
  return res;
}

/* resolve(), and for WXF advisors and elephants named by file: when the
 * move alone does not single one out, the file names the middle one. */
static Resolution resolve_query(const JqPosition *pos, const Query *q) {
  Resolution res = resolve(pos, q);
  if (res.matches > 1 && q->wxf && q->pick == PICK_FILE &&
      (q->type == JQ_ADVISOR || q->type == JQ_ELEPHANT)) {
    Query middle = *q;
    middle.middle_only = true;
    Resolution mres = resolve(pos, &middle);
    if (mres.matches == 1)
      return mres;
  }
  return res;
}

/* Explains why a query found no move or more than one. `digits` says how
 * files are written in the message (the notation's own style). */
static bool resolution_error(const JqPosition *pos, const Query *q,
                             const Resolution *res, const char *text,
                             bool chinese, JqError *err) {
  char quoted[QUOTE_MAX], what[64], file[8] = "";
  quote_text(text, quoted);
  piece_phrase(what, sizeof what, pos->side, q->type,
               q->split_hidden && q->hidden);
  JqErrorArgs args = {.color = pos->side,
                      .type = q->type,
                      .hidden = q->split_hidden && q->hidden,
                      .text = quoted,
                      .text2 = file};
  if (q->file >= 0) {
    int n = file_number(pos->side, q->file);
    if (chinese) {
      strcpy(file, digit_word(pos->side, n));
    } else {
      file[0] = (char)('0' + n);
      file[1] = '\0';
    }
  }
  if (res->matches > 1) {
    args.n[0] = res->matches;
    args.n[1] = chinese;
    return jq_error_fail(err, JQ_ERROR_MOVE_AMBIGUOUS, args,
                         "'%s' is ambiguous: %d %ss could make that move; "
                         "tell them apart with %s",
                         quoted, res->matches, what, chinese ? "前/后" : "+/-");
  }
  if (q->pick == PICK_FILE) {
    if (res->pieces == 0)
      return jq_error_fail(err, JQ_ERROR_MOVE_NONE_ON_FILE, args,
                           "'%s': no %s on file %s", quoted, what, file);
    if (res->pieces == 1)
      return jq_error_fail(err, JQ_ERROR_MOVE_FILE_PIECE_CANNOT, args,
                           "'%s' is not a legal move: the %s on file %s "
                           "cannot go there",
                           quoted, what, file);
    args.n[0] = res->pieces;
    return jq_error_fail(err, JQ_ERROR_MOVE_FILE_PIECES_CANNOT, args,
                         "'%s' is not a legal move: none of the %d %ss "
                         "on file %s can go there",
                         quoted, res->pieces, what, file);
  }
  if (res->pieces > 0)
    return jq_error_fail(err, JQ_ERROR_MOVE_NAMED_CANNOT, args,
                         "'%s' is not a legal move: the %s it names "
                         "cannot go there",
                         quoted, what);
  char place[64];
  switch (q->pick) {
  case PICK_MIDDLE:
    args.n[0] = JQ_ERROR_PICK_MIDDLE;
    strcpy(place, "the middle one of three or five");
    break;
  case PICK_ORDINAL:
    args.n[0] = JQ_ERROR_PICK_ORDINAL;
    args.n[1] = q->ordinal;
    snprintf(place, sizeof place, "number %d from the front of %d or more",
             q->ordinal, q->ordinal > 2 ? q->ordinal : 2);
    break;
  case PICK_REAR:
  case PICK_MINUS:
    args.n[0] = JQ_ERROR_PICK_REAR;
    strcpy(place, "the rear one of two or more");
    break;
  default:
    args.n[0] = JQ_ERROR_PICK_FRONT;
    strcpy(place, "the front one of two or more");
    break;
  }
  return jq_error_fail(err, JQ_ERROR_MOVE_NONE_AT_PLACE, args,
                       "'%s': no %s is %s on %s%s", quoted, what, place,
                       file[0] ? "file " : "one file", file);
}

/* ---- Coordinates -------------------------------------------------------- */

static int file_letter(char c) {
  if (c >= 'a' && c <= 'i')
    return c - 'a';
  if (c >= 'A' && c <= 'I')
    return c - 'A';
  return -1;
}

static int coord_square(const char *s) {
  int f = file_letter(s[0]);
  if (f < 0 || s[1] < '0' || s[1] > '9')
    return -1;
  return jq_square_make(f, s[1] - '0');
}

static bool is_ascii_letter(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* Checks one reveal letter; `own` says it is in the mover's case. */
static bool check_reveal_letter(const JqPosition *pos, JqMove m, char letter,
                                bool own, const char *quoted, JqPieceType *out,
                                JqError *err) {
  JqColor side = pos->side;
  JqColor whose = own ? side : jq_color_other(side);
  int sq = own ? jq_move_from(m) : jq_move_to(m);
  JqPieceType t = jq_piece_type_from_letter(letter);
  JqErrorArgs args = {.text = quoted,
                      .letter = letter,
                      .square = sq,
                      .color = whose,
                      .type = t};
  if (t == JQ_NO_TYPE)
    return jq_error_fail(err, JQ_ERROR_MOVE_REVEAL_LETTER, args,
                         "'%s': '%c' is not a piece letter", quoted, letter);
  if (t == JQ_KING)
    return jq_error_fail(err, JQ_ERROR_MOVE_REVEAL_KING_LETTER, args,
                         "'%s': a king is never hidden, so '%c' cannot "
                         "be revealed",
                         quoted, letter);
  char name[3];
  jq_square_name(sq, name);
  if (own && !jq_piece_is_hidden(pos->board[sq]))
    return jq_error_fail(err, JQ_ERROR_MOVE_REVEAL_NOT_HIDDEN, args,
                         "'%s': the piece on %s is not hidden, so it "
                         "reveals nothing",
                         quoted, name);
  if (!own &&
      (pos->board[sq] == JQ_EMPTY || !jq_piece_is_hidden(pos->board[sq])))
    return jq_error_fail(err, JQ_ERROR_MOVE_REVEAL_NO_VICTIM, args,
                         "'%s': no hidden piece is captured on %s, so "
                         "'%c' names nothing",
                         quoted, name, letter);
  if (pos->pool[whose][t] == 0)
    return jq_error_fail(err, JQ_ERROR_MOVE_NO_HIDDEN_LEFT, args,
                         "'%s': %s has no hidden %s left", quoted,
                         side_word(whose), type_words[t]);
  *out = t;
  return true;
}

bool jq_notation_parse_coords(const JqPosition *pos, const char *text,
                              JqMove *move, JqReveal *reveal, JqError *err) {
  char s[TEXT_MAX], quoted[QUOTE_MAX];
  if (!pos || !move)
    return jq_error_fail(err, JQ_ERROR_BAD_CALL, (JqErrorArgs){0},
                         "no position to read the move in");
  if (!trim_text(text, s, err))
    return false;
  quote_text(s, quoted);
  if (strcmp(s, "0000") == 0)
    return jq_error_fail(err, JQ_ERROR_MOVE_NULL, (JqErrorArgs){.text = quoted},
                         "'0000' is a null move, not a move");
  const char *p = s;
  int from = coord_square(p);
  if (from >= 0) {
    p += 2;
    if (*p == '-')
      p++;
  }
  int to = from >= 0 ? coord_square(p) : -1;
  if (from < 0 || to < 0)
    return jq_error_fail(err, JQ_ERROR_MOVE_NOT_COORDS,
                         (JqErrorArgs){.text = quoted},
                         "'%s' is not a coordinate move (like h2e2)", quoted);
  p += 2;
  const char *letters = p;
  size_t nletters = strlen(letters);
  for (size_t i = 0; i < nletters; i++)
    if (!is_ascii_letter(letters[i]))
      return jq_error_fail(err, JQ_ERROR_MOVE_AFTER_SQUARES,
                           (JqErrorArgs){.text = quoted},
                           "'%s': unexpected characters after the "
                           "squares",
                           quoted);
  if (nletters > 2)
    return jq_error_fail(err, JQ_ERROR_MOVE_REVEAL_COUNT,
                         (JqErrorArgs){.text = quoted},
                         "'%s': at most two reveal letters may follow "
                         "the squares",
                         quoted);
  char fname[3], tname[3];
  jq_square_name(from, fname);
  jq_square_name(to, tname);
  JqPiece piece = pos->board[from];
  JqColor side = pos->side;
  JqErrorArgs args = {.text = quoted,
                      .square = from,
                      .square2 = to,
                      .color = side,
                      .type = jq_piece_type(piece),
                      .hidden = jq_piece_is_hidden(piece)};
  if (piece == JQ_EMPTY)
    return jq_error_fail(err, JQ_ERROR_MOVE_EMPTY_SQUARE, args,
                         "'%s': no piece on %s", quoted, fname);
  if (jq_piece_color(piece) != side) {
    args.color = jq_piece_color(piece);
    args.color2 = side;
    return jq_error_fail(err, JQ_ERROR_MOVE_NOT_YOURS, args,
                         "'%s': the piece on %s is %s's, but %s is to "
                         "move",
                         quoted, fname, side_word(jq_piece_color(piece)),
                         side_word(side));
  }
  JqMove m = jq_move_make(from, to);
  if (!jq_position_is_pseudo_legal(pos, m)) {
    char what[64];
    piece_phrase(what, sizeof what, side, jq_piece_type(piece),
                 jq_piece_is_hidden(piece));
    return jq_error_fail(err, JQ_ERROR_MOVE_CANNOT_REACH, args,
                         "'%s': the %s on %s cannot move to %s", quoted, what,
                         fname, tname);
  }
  if (!jq_position_is_legal(pos, m))
    return jq_error_fail(err, JQ_ERROR_MOVE_LEAVES_CHECK, args,
                         "'%s' would leave %s's king in check", quoted,
                         side_word(side));
  /* The mover's letter (its own case) first, then the captured piece's. */
  JqReveal r = JQ_REVEAL_NONE;
  bool mover_upper = side == JQ_RED;
  bool own[2] = {false, false};
  for (size_t i = 0; i < nletters; i++)
    own[i] = (letters[i] >= 'A' && letters[i] <= 'Z') == mover_upper;
  if (nletters == 2 && own[0] == own[1])
    return jq_error_fail(err, JQ_ERROR_MOVE_REVEAL_CASES, args,
                         "'%s': two reveal letters must be one in %s's "
                         "case (the mover) and one in the other",
                         quoted, side_word(side));
  if (nletters == 2 && !own[0])
    return jq_error_fail(err, JQ_ERROR_MOVE_REVEAL_ORDER, args,
                         "'%s': the mover's reveal letter comes first, "
                         "the captured piece's second",
                         quoted);
  for (size_t i = 0; i < nletters; i++) {
    JqPieceType t;
    if (!check_reveal_letter(pos, m, letters[i], own[i], quoted, &t, err))
      return false;
    if (own[i])
      r.mover = t;
    else
      r.captured = t;
  }
  *move = m;
  if (reveal)
    *reveal = r;
  return true;
}

/* ---- WXF ---------------------------------------------------------------- */

static int wxf_digit(char c) { return c >= '1' && c <= '9' ? c - '0' : -1; }

bool jq_notation_parse_wxf(const JqPosition *pos, const char *text,
                           JqMove *move, JqError *err) {
  char s[TEXT_MAX], quoted[QUOTE_MAX];
  if (!pos || !move)
    return jq_error_fail(err, JQ_ERROR_BAD_CALL, (JqErrorArgs){0},
                         "no position to read the move in");
  if (!trim_text(text, s, err))
    return false;
  quote_text(s, quoted);
  size_t len = strlen(s);
  for (size_t i = 0; i < len; i++)
    if ((unsigned char)s[i] < 0x21 || (unsigned char)s[i] > 0x7E)
      return jq_error_fail(err, JQ_ERROR_WXF_NOT_ASCII,
                           (JqErrorArgs){.text = quoted},
                           "'%s' is not a WXF move: it is written with "
                           "ASCII letters, digits and + - .",
                           quoted);
  JqErrorArgs args = {.text = quoted};
  if (len != 4 && len != 5)
    return jq_error_fail(err, JQ_ERROR_WXF_LENGTH, args,
                         "'%s' is not a WXF move: it has four "
                         "characters, like C2.5 or H8+7",
                         quoted);
  Query q = {JQ_NO_TYPE, false, false, PICK_FILE, -1, 0, true, 0, 0, false};
  char a = s[0], b = s[1];
  /* The letter reader takes WXF's E and H as well as B and N. */
  JqPieceType t = jq_piece_type_from_letter(a);
  if (len == 5) {
    /* The extension for tandems WXF has no rule for: H71+5. */
    q.type = t;
    q.pick = PICK_ORDINAL;
    q.ordinal = wxf_digit(s[2]);
    if (t == JQ_NO_TYPE || wxf_digit(b) < 0 || q.ordinal < 0)
      return jq_error_fail(err, JQ_ERROR_WXF_FIVE_FORM, args,
                           "'%s': a five-character WXF move is a piece "
                           "letter, its file and its place from the "
                           "front, like H71+5",
                           quoted);
    q.file = file_of_number(pos->side, wxf_digit(b));
  } else if (t != JQ_NO_TYPE) {
    q.type = t;
    if (wxf_digit(b) > 0) {
      q.pick = PICK_FILE;
      q.file = file_of_number(pos->side, wxf_digit(b));
    } else if (b == '+' || b == '-') {
      q.pick = b == '+' ? PICK_PLUS : PICK_MINUS;
    } else {
      return jq_error_fail(err, JQ_ERROR_WXF_AFTER_LETTER, args,
                           "'%s': after the piece letter comes a file "
                           "1-9, or + / - for tandem pieces",
                           quoted);
    }
  } else if ((a == '+' || a == '-') && a == b) {
    /* ++ / --: the foremost and rearmost of four or five pawns. */
    q.type = JQ_PAWN;
    q.pick = a == '+' ? PICK_FRONT : PICK_REAR;
  } else if (wxf_digit(a) > 0) {
    /* Tandem pawns on two files: the file takes the letter's place. */
    q.type = JQ_PAWN;
    q.file = file_of_number(pos->side, wxf_digit(a));
    if (b == '+' || b == '-')
      q.pick = b == '+' ? PICK_FRONT : PICK_REAR;
    else if (b == a)
      q.pick = PICK_MIDDLE;
    else
      return jq_error_fail(err, JQ_ERROR_WXF_AFTER_FILE, args,
                           "'%s': after a file in first place comes "
                           "+, - or the same file again (middle pawn)",
                           quoted);
  } else {
    args.letter = a;
    return jq_error_fail(err, JQ_ERROR_WXF_BAD_LETTER, args,
                         "'%s': '%c' is not a WXF piece letter (K A E "
                         "H R C P)",
                         quoted, a);
  }
  const char *tail = s + len - 2; /* direction and number */
  switch (tail[0]) {
  case '+': q.dir = 1; break;
  case '-': q.dir = -1; break;
  case '.':
  case '=': q.dir = 0; break;
  default:
    return jq_error_fail(err, JQ_ERROR_WXF_BAD_DIRECTION, args,
                         "'%s': the next to last character must be + "
                         "(advance), - (retreat) or . (traverse)",
                         quoted);
  }
  q.num = wxf_digit(tail[1]);
  if (q.num < 0)
    return jq_error_fail(err, JQ_ERROR_WXF_BAD_NUMBER, args,
                         "'%s': the last character must be a digit 1-9",
                         quoted);
  Resolution res = resolve_query(pos, &q);
  if (res.matches != 1)
    return resolution_error(pos, &q, &res, s, false, err);
  *move = res.move;
  return true;
}

/* ---- Chinese ------------------------------------------------------------ */

/* What each JqErrorExpect asks for. */
static const char *const expected_words[] = {
    [JQ_ERROR_EXPECT_NAME_OR_FILE] = "a piece name or a file after the place",
    [JQ_ERROR_EXPECT_NAME_OR_PLACE] = "a piece name (车 马 炮 兵 ...) or 前/后",
    [JQ_ERROR_EXPECT_FILE] = "the file the piece stands on",
    [JQ_ERROR_EXPECT_DIRECTION] = "进, 退 or 平",
    [JQ_ERROR_EXPECT_NUMBER] = "a number or file after the direction",
    [JQ_ERROR_EXPECT_REVEALED] = "the name of the revealed piece",
    [JQ_ERROR_EXPECT_CLOSE] = "a closing parenthesis",
    [JQ_ERROR_EXPECT_END] = "the end of the move",
};

static bool unexpected(const char *text, const char *at, JqErrorExpect want,
                       JqError *err) {
  char quoted[QUOTE_MAX], ch[8] = "";
  const char *expected = expected_words[want];
  quote_text(text, quoted);
  size_t n = utf8_char_len(at);
  JqErrorArgs args = {.text = quoted, .text2 = ch, .n = {(int)want}};
  if (*at == '\0')
    return jq_error_fail(err, JQ_ERROR_CHINESE_ENDS_EARLY, args,
                         "'%s' ends too early: expected %s", quoted, expected);
  if (n > 0 && !(n == 1 && (unsigned char)*at < 0x20)) {
    memcpy(ch, at, n);
    ch[n] = '\0';
  } else {
    strcpy(ch, "?");
  }
  return jq_error_fail(err, JQ_ERROR_CHINESE_UNEXPECTED, args,
                       "'%s': unexpected '%s', expected %s", quoted, ch,
                       expected);
}

static bool parse_chinese(const JqPosition *pos, const char *text, JqMove *move,
                          JqPieceType *reveal, JqError *err) {
  char s[TEXT_MAX];
  if (!pos || !move)
    return jq_error_fail(err, JQ_ERROR_BAD_CALL, (JqErrorArgs){0},
                         "no position to read the move in");
  if (!trim_text(text, s, err))
    return false;
  for (const char *c = s; *c;) {
    size_t n = utf8_char_len(c);
    if (n == 0) {
      char quoted[QUOTE_MAX];
      quote_text(s, quoted);
      return jq_error_fail(err, JQ_ERROR_CHINESE_NOT_UTF8,
                           (JqErrorArgs){.text = quoted},
                           "'%s' is not valid UTF-8 text", quoted);
    }
    c += n;
  }

  Query q = {JQ_NO_TYPE, true, false, PICK_FILE, -1, 0, false, 0, 0, false};
  const char *p = s;
  bool hidden_given = false;
  int place = TAKE(&p, place_tokens);
  int ordinal = place < 0 ? TAKE(&p, digit_tokens) : -1;
  if (place >= 0 || ordinal > 0) {
    q.pick = place >= 0 ? (Pick)place : PICK_ORDINAL;
    q.ordinal = ordinal;
    hidden_given = TAKE(&p, hidden_tokens) > 0;
    int t = TAKE(&p, name_tokens);
    int f = TAKE(&p, digit_tokens);
    if (t < 0 && (hidden_given || f < 0))
      return unexpected(s, p, JQ_ERROR_EXPECT_NAME_OR_FILE, err);
    q.type = t < 0 ? JQ_PAWN : (JqPieceType)t;
    if (f > 0)
      q.file = file_of_number(pos->side, f);
  } else {
    hidden_given = TAKE(&p, hidden_tokens) > 0;
    int t = TAKE(&p, name_tokens);
    if (t < 0)
      return unexpected(s, p, JQ_ERROR_EXPECT_NAME_OR_PLACE, err);
    q.type = (JqPieceType)t;
    int f = TAKE(&p, digit_tokens);
    if (f < 0)
      return unexpected(s, p, JQ_ERROR_EXPECT_FILE, err);
    q.file = file_of_number(pos->side, f);
  }
  int dir = TAKE(&p, dir_tokens);
  if (dir < 0)
    return unexpected(s, p, JQ_ERROR_EXPECT_DIRECTION, err);
  q.dir = dir - 1;
  q.num = TAKE(&p, digit_tokens);
  if (q.num < 0)
    return unexpected(s, p, JQ_ERROR_EXPECT_NUMBER, err);
  JqPieceType revealed = JQ_NO_TYPE;
  if (TAKE(&p, open_tokens) > 0) {
    int t = TAKE(&p, name_tokens);
    if (t < 0)
      return unexpected(s, p, JQ_ERROR_EXPECT_REVEALED, err);
    if (TAKE(&p, close_tokens) < 0)
      return unexpected(s, p, JQ_ERROR_EXPECT_CLOSE, err);
    revealed = (JqPieceType)t;
  }
  if (*p)
    return unexpected(s, p, JQ_ERROR_EXPECT_END, err);

  q.hidden = hidden_given;
  Resolution res = resolve(pos, &q);
  if (res.matches == 0 && !hidden_given) {
    /* Leniency: 兵七进一 for a hidden pawn when no revealed one fits. */
    Query hq = q;
    hq.hidden = true;
    Resolution hres = resolve(pos, &hq);
    if (hres.matches > 0 || (res.pieces == 0 && hres.pieces > 0)) {
      q = hq;
      res = hres;
    }
  }
  if (res.matches != 1)
    return resolution_error(pos, &q, &res, s, true, err);

  if (revealed != JQ_NO_TYPE) {
    char quoted[QUOTE_MAX];
    quote_text(s, quoted);
    JqPiece mover = pos->board[jq_move_from(res.move)];
    JqErrorArgs args = {.text = quoted,
                        .color = pos->side,
                        .type = revealed,
                        .square = jq_move_from(res.move)};
    if (!jq_piece_is_hidden(mover))
      return jq_error_fail(err, JQ_ERROR_CHINESE_REVEAL_NOT_HIDDEN, args,
                           "'%s': the piece that moves is not hidden, "
                           "so it reveals nothing",
                           quoted);
    if (revealed == JQ_KING)
      return jq_error_fail(err, JQ_ERROR_CHINESE_REVEAL_KING, args,
                           "'%s': a king is never hidden, so it cannot "
                           "be revealed",
                           quoted);
    if (pos->pool[pos->side][revealed] == 0)
      return jq_error_fail(err, JQ_ERROR_MOVE_NO_HIDDEN_LEFT, args,
                           "'%s': %s has no hidden %s left", quoted,
                           side_word(pos->side), type_words[revealed]);
  }
  *move = res.move;
  if (reveal)
    *reveal = revealed;
  return true;
}

bool jq_notation_parse_chinese(const JqPosition *pos, const char *text,
                               JqMove *move, JqError *err) {
  return parse_chinese(pos, text, move, NULL, err);
}

/* ---- Any ---------------------------------------------------------------- */

bool jq_notation_parse_any(const JqPosition *pos, const char *text,
                           JqMove *move, JqReveal *reveal, JqError *err) {
  char s[TEXT_MAX];
  if (!pos || !move)
    return jq_error_fail(err, JQ_ERROR_BAD_CALL, (JqErrorArgs){0},
                         "no position to read the move in");
  if (!trim_text(text, s, err))
    return false;
  bool ascii = true;
  for (const char *c = s; *c; c++)
    if ((unsigned char)*c >= 0x80)
      ascii = false;
  if (!ascii) {
    JqPieceType revealed = JQ_NO_TYPE;
    JqMove m;
    if (!parse_chinese(pos, s, &m, &revealed, err))
      return false;
    *move = m;
    if (reveal)
      *reveal = (JqReveal){revealed, JQ_NO_TYPE};
    return true;
  }
  /* Coordinates start with a square and go on with a square, perhaps after
   * '-'. WXF can start like a square too (C2-1: C is a file letter), but
   * always ends with a digit where coordinates have a file letter. */
  bool coords =
      strcmp(s, "0000") == 0 ||
      (coord_square(s) >= 0 &&
       (file_letter(s[2]) >= 0 || (s[2] == '-' && file_letter(s[3]) >= 0)));
  if (coords)
    return jq_notation_parse_coords(pos, s, move, reveal, err);
  if (strlen(s) == 4 || strlen(s) == 5) {
    JqMove m;
    if (!jq_notation_parse_wxf(pos, s, &m, err))
      return false;
    *move = m;
    if (reveal)
      *reveal = JQ_REVEAL_NONE;
    return true;
  }
  char quoted[QUOTE_MAX];
  quote_text(s, quoted);
  return jq_error_fail(err, JQ_ERROR_MOVE_UNKNOWN_FORM,
                       (JqErrorArgs){.text = quoted},
                       "'%s' is not a move in coordinates (h2e2), WXF "
                       "(C2.5) or Chinese (炮二平五)",
                       quoted);
}
