/* FEN: xiangqi FEN and the two jieqi dialects of rules.md section 5. */
#pragma once

#include <stddef.h>

#include "jq-error.h"
#include "jq-position.h"

typedef enum {
  JQ_FEN_XIANGQI = 0,  /* board side - - halfmove fullmove */
  JQ_FEN_PIKAFISH = 1, /* board side pool halfmove fullmove */
  JQ_FEN_JIEQIBOX = 2, /* board side pool captured halfmove fullmove */
} JqFenDialect;

/* How to pick the variant of the parsed position. AUTO: jieqi when the
 * string has hidden pieces or a hidden pool, else xiangqi. */
typedef enum {
  JQ_FEN_VARIANT_AUTO = -1,
  JQ_FEN_VARIANT_XIANGQI = JQ_VARIANT_XIANGQI,
  JQ_FEN_VARIANT_JIEQI = JQ_VARIANT_JIEQI,
} JqFenVariant;

#define JQ_START_FEN_XIANGQI \
  "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
#define JQ_START_FEN_JIEQI                                         \
  "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w " \
  "A2B2N2R2C2P5a2b2n2r2c2p5 - 0 1"

/* Parses any of the three dialects. On failure *pos is untouched and err
 * names the field and the problem. Trailing fields may be left out. */
bool jq_fen_parse(const char *fen, JqFenVariant variant, JqPosition *pos,
                  JqError *err);
/* Writes the position; returns the length, or 0 if buf is too small. A
 * xiangqi position is always written in the xiangqi dialect. */
size_t jq_fen_write(const JqPosition *pos, JqFenDialect dialect, char *buf,
                    size_t size);

#define JQ_FEN_MAX 160
