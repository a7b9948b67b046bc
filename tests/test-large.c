/* The large tables' memory (jq-large.h): zeroed, aligned to a cache line,
 * and to a huge page once a block is that large, whether or not huge pages
 * are asked for (the fallback when the kernel gives none is the same
 * block). */
#include <stdint.h>
#include <string.h>

#include "jq-large.h"
#include "jq-test-util.h"

static void check_block(size_t bytes, bool huge) {
  unsigned char *p = jq_large_alloc_with(bytes, huge);
  g_assert_nonnull(p);
  size_t align = bytes >= JQ_LARGE_PAGE ? JQ_LARGE_PAGE : 64;
  g_assert_cmpuint((uintptr_t)p % align, ==, 0);
  for (size_t i = 0; i < bytes; i += 4093)
    g_assert_cmpuint(p[i], ==, 0);
  g_assert_cmpuint(p[bytes - 1], ==, 0);
  memset(p, 0xA5, bytes); /* all of it is ours */
  g_assert_cmpuint(p[bytes - 1], ==, 0xA5);
  jq_large_free(p);
}

static void test_blocks(void) {
  const size_t sizes[] = {1,
                          64,
                          1000,
                          JQ_LARGE_PAGE - 1,
                          JQ_LARGE_PAGE,
                          JQ_LARGE_PAGE + 1,
                          3 * JQ_LARGE_PAGE + 12345};
  for (size_t i = 0; i < G_N_ELEMENTS(sizes); i++) {
    check_block(sizes[i], true);
    check_block(sizes[i], false);
  }
  jq_large_free(NULL);
}

/* Blocks reused after a free come back zeroed. */
static void test_zeroed_again(void) {
  for (int round = 0; round < 4; round++) {
    size_t bytes = round % 2 ? 4096 : 2 * JQ_LARGE_PAGE;
    unsigned char *p = jq_large_alloc(bytes);
    g_assert_nonnull(p);
    for (size_t i = 0; i < bytes; i++)
      if (p[i])
        g_assert_cmpuint(p[i], ==, 0);
    memset(p, 0xFF, bytes);
    jq_large_free(p);
  }
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/large/blocks", test_blocks);
  g_test_add_func("/large/zeroed-again", test_zeroed_again);
  return g_test_run();
}
