#include "jq-types.h"

#include <ctype.h>

static const char type_letters[JQ_TYPE_COUNT] = {'?', 'K', 'A', 'B',
                                                 'N', 'R', 'C', 'P'};

char jq_piece_type_letter(JqPieceType t) {
  return (t > 0 && t < JQ_TYPE_COUNT) ? type_letters[t] : '?';
}

JqPieceType jq_piece_type_from_letter(char c) {
  switch (toupper((unsigned char)c)) {
  case 'K': return JQ_KING;
  case 'A': return JQ_ADVISOR;
  case 'B':
  case 'E': return JQ_ELEPHANT;
  case 'N':
  case 'H': return JQ_HORSE;
  case 'R': return JQ_CHARIOT;
  case 'C': return JQ_CANNON;
  case 'P': return JQ_PAWN;
  default: return JQ_NO_TYPE;
  }
}

char jq_piece_letter(JqPiece p) {
  if (p == JQ_EMPTY)
    return '.';
  char c = jq_piece_is_hidden(p) ? 'X' : jq_piece_type_letter(jq_piece_type(p));
  return jq_piece_color(p) == JQ_BLACK ? (char)tolower((unsigned char)c) : c;
}

bool jq_piece_from_letter(char c, JqPiece *out) {
  JqPieceType t = jq_piece_type_from_letter(c);
  if (t == JQ_NO_TYPE)
    return false;
  *out = jq_piece_make(islower((unsigned char)c) ? JQ_BLACK : JQ_RED, t);
  return true;
}

void jq_square_name(int sq, char buf[3]) {
  buf[0] = (char)('a' + jq_square_file(sq));
  buf[1] = (char)('0' + jq_square_rank(sq));
  buf[2] = '\0';
}

int jq_square_parse(const char *s) {
  if (!s || s[0] < 'a' || s[0] > 'i' || s[1] < '0' || s[1] > '9')
    return -1;
  return jq_square_make(s[0] - 'a', s[1] - '0');
}
