/* The jieqi guide for newcomers, as the Help window shows it: the
 * xiangqi a newcomer needs, then what jieqi changes (README.md's "Jieqi
 * for newcomers"; checked against rules.md). One translatable
 * message a block, so translators work paragraph by paragraph. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum {
  JQ_GUIDE_SECTION,   /* a heading of the guide's parts */
  JQ_GUIDE_TOPIC,     /* a heading within a part */
  JQ_GUIDE_PARAGRAPH, /* Pango markup: at most <b> and <i> */
} JqGuideKind;

typedef struct {
  JqGuideKind kind;
  const char *text; /* English; jq_guide_block_text() translates it */
} JqGuideBlock;

/* The guide's blocks in reading order; `n` gets their count. */
const JqGuideBlock *jq_guide_blocks(gsize *n);
/* The block's text in the user's language. */
const char *jq_guide_block_text(const JqGuideBlock *block);

G_END_DECLS
