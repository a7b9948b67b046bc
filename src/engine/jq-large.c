#include "jq-large.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

void *jq_large_alloc_with(size_t bytes, bool huge) {
  if (bytes == 0)
    bytes = 1;
  size_t align = bytes >= JQ_LARGE_PAGE ? JQ_LARGE_PAGE : 64;
  /* aligned_alloc wants a multiple of the alignment. */
  size_t size = (bytes + align - 1) / align * align;
  void *p = aligned_alloc(align, size);
  if (!p)
    return NULL;
#ifdef MADV_HUGEPAGE
  if (huge && align == JQ_LARGE_PAGE)
    madvise(p, size, MADV_HUGEPAGE); /* a hint: no huge pages is fine */
#else
  (void)huge;
#endif
  /* After the hint: the first touch is what maps the pages. */
  memset(p, 0, bytes);
  return p;
}

void *jq_large_alloc(size_t bytes) { return jq_large_alloc_with(bytes, true); }

void jq_large_free(void *block) { free(block); }
