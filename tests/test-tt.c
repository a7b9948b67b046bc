/* The transposition table: entries come back from tables below and above
 * a huge page, and every probe answers as the plain bucket scheme would
 * (the model below, the table as it was before its per-bucket tags): the
 * tags that spare a probe or a store the bucket's cache line must not
 * change what is found, kept or replaced. */
#include <stdint.h>
#include <string.h>

#include "jq-rng.h"
#include "jq-test-util.h"
#include "jq-tt.h"

/* A table below a huge page and one above: entries stored come back. */
static void test_tt_sizes(void) {
  const size_t sizes[] = {1, 16};
  for (size_t s = 0; s < G_N_ELEMENTS(sizes); s++) {
    JqTT *tt = jq_tt_new(sizes[s]);
    g_assert_nonnull(tt);
    for (uint64_t k = 1; k <= 1000; k++)
      jq_tt_store(tt, k * 0x9E3779B97F4A7C15ull, (JqMove)k, (int)k, -(int)k, 5,
                  JQ_BOUND_EXACT);
    int found = 0;
    for (uint64_t k = 1; k <= 1000; k++) {
      JqTTData d;
      if (jq_tt_probe(tt, k * 0x9E3779B97F4A7C15ull, &d)) {
        g_assert_cmpint(d.move, ==, (JqMove)k);
        g_assert_cmpint(d.score, ==, (int)k);
        g_assert_cmpint(d.eval, ==, -(int)k);
        found++;
      }
    }
    g_assert_cmpint(found, ==, 1000);
    g_assert_true(jq_tt_resize(tt, sizes[s] * 2));
    JqTTData d;
    g_assert_false(jq_tt_probe(tt, 0x9E3779B97F4A7C15ull, &d));
    jq_tt_free(tt);
  }
}

/* The model: four slots a bucket, the same replacement rules. */
typedef struct {
  bool used;
  uint64_t key;
  JqTTData data;
  int age;
} Slot;

#define MODEL_BUCKETS 4

typedef struct {
  Slot slots[MODEL_BUCKETS][4];
  int age;
} Model;

static void model_store(Model *m, uint64_t key, JqMove move, int score,
                        int eval, int depth, int bound) {
  Slot *b = m->slots[key % MODEL_BUCKETS];
  Slot *victim = &b[0];
  int worst = 1 << 30;
  for (int i = 0; i < 4; i++) {
    if (b[i].used && b[i].key == key) {
      if (!move)
        move = b[i].data.move;
      if (bound != JQ_BOUND_EXACT && b[i].data.depth > depth + 2 &&
          b[i].age == m->age)
        return;
      victim = &b[i];
      break;
    }
    int rank =
        b[i].used ? b[i].data.depth - 8 * ((m->age - b[i].age) & 63) : -1000;
    if (rank < worst) {
      worst = rank;
      victim = &b[i];
    }
  }
  depth = depth < -1 ? -1 : depth > 127 ? 127 : depth;
  *victim = (Slot){true, key,
                   (JqTTData){move, (int16_t)score, (int16_t)eval,
                              (int8_t)depth, (uint8_t)bound},
                   m->age};
}

static bool model_probe(const Model *m, uint64_t key, JqTTData *out) {
  const Slot *b = m->slots[key % MODEL_BUCKETS];
  for (int i = 0; i < 4; i++)
    if (b[i].used && b[i].key == key) {
      *out = b[i].data;
      return true;
    }
  return false;
}

/* Random stores, probes, new searches and clears over four buckets, the
 * keys sharing buckets and tags. */
static void test_tt_as_model(void) {
  JqTT *tt = jq_tt_new(1);
  g_assert_nonnull(tt);
  Model *model = g_new0(Model, 1);
  JqRng rng;
  jq_rng_seed(&rng, 7);
  uint64_t keys[48];
  for (int i = 0; i < 48; i++) {
    /* Low bits: the bucket, the same in the table and the model; top four
     * bits: the tag, few values so that tags collide. */
    uint64_t high = jq_rng_next(&rng) & ~(uint64_t)0xFFFFF;
    keys[i] = (high & 0x3FFFFFFFFFFFFFFFull) |
              ((uint64_t)jq_rng_below(&rng, 3) << 60) | (uint64_t)(i % 4);
  }
  int hits = 0, misses = 0;
  for (int op = 0; op < 300000; op++) {
    uint64_t key = keys[jq_rng_below(&rng, 48)];
    int what = jq_rng_below(&rng, 1000);
    if (what < 600) {
      JqMove move =
          (JqMove)(jq_rng_below(&rng, 4) ? 1 + jq_rng_below(&rng, 9000) : 0);
      int score = (int)jq_rng_below(&rng, 4000) - 2000;
      int eval = (int)jq_rng_below(&rng, 4000) - 2000;
      int depth = (int)jq_rng_below(&rng, 24) - 3;
      int bound = 1 + (int)jq_rng_below(&rng, 3);
      jq_tt_store(tt, key, move, score, eval, depth, bound);
      model_store(model, key, move, score, eval, depth, bound);
    } else if (what < 990) {
      JqTTData a = {0}, b = {0};
      bool found = jq_tt_probe(tt, key, &a);
      g_assert_cmpint(found, ==, model_probe(model, key, &b));
      if (found) {
        g_assert_cmpint(a.move, ==, b.move);
        g_assert_cmpint(a.score, ==, b.score);
        g_assert_cmpint(a.eval, ==, b.eval);
        g_assert_cmpint(a.depth, ==, b.depth);
        g_assert_cmpint(a.bound, ==, b.bound);
        hits++;
      } else {
        misses++;
      }
    } else if (what < 999) {
      jq_tt_new_search(tt);
      model->age = (model->age + 1) & 63;
    } else {
      jq_tt_clear(tt);
      memset(model, 0, sizeof *model);
    }
  }
  g_assert_cmpint(hits, >, 20000);
  g_assert_cmpint(misses, >, 20000);
  g_free(model);
  jq_tt_free(tt);
}

int main(int argc, char **argv) {
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/tt/sizes", test_tt_sizes);
  g_test_add_func("/tt/as-model", test_tt_as_model);
  return g_test_run();
}
