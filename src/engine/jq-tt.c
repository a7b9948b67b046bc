#include "jq-tt.h"

#include <stdlib.h>
#include <string.h>

#include "jq-large.h"

typedef struct {
  uint64_t check; /* key ^ data */
  uint64_t data;
} Entry;

/* Four entries make a 64-byte bucket: one cache line per probe. */
#define BUCKET 4

/* Per bucket, one bit for each entry's tag, the key's top four bits (of
 * an empty entry, none): a probe whose tag is not there misses without
 * reading the bucket, a store into an empty bucket writes without reading
 * it. Reads at random points of megabytes wait on memory; the tags take a
 * thirty-second of the table's room and mostly stay in the cache. In a
 * new table most probes find their bucket empty (73% to depth 8 on the
 * jieqi start), in a full one most of a new position's probes still miss
 * its tag. With one thread the tags are exact, so every probe and store
 * answers and leaves what it did without them; threads racing on a bucket
 * may leave a tag out, and lose the entry as a torn write does. */
typedef uint16_t Tags;

struct JqTT {
  Entry *entries;
  Tags *tags;
  size_t mask; /* number of buckets - 1 */
  uint8_t age;
};

static inline Tags tag_of(uint64_t key) { return (Tags)(1u << (key >> 60)); }

/* The tags of a bucket's entries, read from them. */
static Tags bucket_tags(const Entry *b) {
  Tags tags = 0;
  for (int i = 0; i < BUCKET; i++) {
    uint64_t d = __atomic_load_n(&b[i].data, __ATOMIC_RELAXED);
    uint64_t c = __atomic_load_n(&b[i].check, __ATOMIC_RELAXED);
    if (d)
      tags |= tag_of(c ^ d);
  }
  return tags;
}

static uint64_t pack(JqMove move, int score, int eval, int depth, int bound,
                     int age) {
  return (uint64_t)move | ((uint64_t)(uint16_t)(int16_t)score << 16) |
         ((uint64_t)(uint16_t)(int16_t)eval << 32) |
         ((uint64_t)(uint8_t)(int8_t)depth << 48) |
         ((uint64_t)(bound & 3) << 56) | ((uint64_t)(age & 63) << 58);
}

static JqTTData unpack(uint64_t d) {
  JqTTData out;
  out.move = (JqMove)(d & 0xFFFF);
  out.score = (int16_t)(uint16_t)(d >> 16);
  out.eval = (int16_t)(uint16_t)(d >> 32);
  out.depth = (int8_t)(uint8_t)(d >> 48);
  out.bound = (uint8_t)((d >> 56) & 3);
  return out;
}

static int age_of(uint64_t d) { return (int)(d >> 58) & 63; }

JqTT *jq_tt_new(size_t megabytes) {
  JqTT *tt = calloc(1, sizeof *tt);
  if (!tt)
    return NULL;
  if (!jq_tt_resize(tt, megabytes)) {
    free(tt);
    return NULL;
  }
  return tt;
}

void jq_tt_free(JqTT *tt) {
  if (!tt)
    return;
  jq_large_free(tt->entries);
  jq_large_free(tt->tags);
  free(tt);
}

bool jq_tt_resize(JqTT *tt, size_t megabytes) {
  if (megabytes < 1)
    megabytes = 1;
  size_t bytes = megabytes << 20;
  size_t buckets = 1;
  while (buckets * 2 * BUCKET * sizeof(Entry) <= bytes)
    buckets *= 2;
  /* A bucket is one cache line: aligned so a probe touches only one. */
  size_t size = buckets * BUCKET * sizeof(Entry);
  Entry *e = jq_large_alloc(size);
  Tags *tags = jq_large_alloc(buckets * sizeof(Tags));
  if (!e || !tags) {
    jq_large_free(e);
    jq_large_free(tags);
    return false;
  }
  jq_large_free(tt->entries);
  jq_large_free(tt->tags);
  tt->entries = e;
  tt->tags = tags;
  tt->mask = buckets - 1;
  tt->age = 0;
  return true;
}

void jq_tt_clear(JqTT *tt) {
  memset(tt->entries, 0, (tt->mask + 1) * BUCKET * sizeof(Entry));
  memset(tt->tags, 0, (tt->mask + 1) * sizeof(Tags));
  tt->age = 0;
}

void jq_tt_new_search(JqTT *tt) { tt->age = (uint8_t)((tt->age + 1) & 63); }

/* Both lines: the tags decide most probes, and the bucket, when they let
 * the probe through or a store reads it, is then on its way too. (Loading
 * the tags here to skip the bucket's prefetch waited on them: slower.) */
void jq_tt_prefetch(const JqTT *tt, uint64_t key) {
  size_t at = key & tt->mask;
  __builtin_prefetch(&tt->tags[at]);
  __builtin_prefetch(&tt->entries[at * BUCKET]);
}

bool jq_tt_probe(const JqTT *tt, uint64_t key, JqTTData *out) {
  size_t at = key & tt->mask;
  if (!(__atomic_load_n(&tt->tags[at], __ATOMIC_RELAXED) & tag_of(key)))
    return false;
  const Entry *b = &tt->entries[at * BUCKET];
  for (int i = 0; i < BUCKET; i++) {
    uint64_t d = __atomic_load_n(&b[i].data, __ATOMIC_RELAXED);
    uint64_t c = __atomic_load_n(&b[i].check, __ATOMIC_RELAXED);
    if ((c ^ d) == key && d) {
      *out = unpack(d);
      return true;
    }
  }
  return false;
}

void jq_tt_store(JqTT *tt, uint64_t key, JqMove move, int score, int eval,
                 int depth, int bound) {
  size_t at = key & tt->mask;
  Entry *b = &tt->entries[at * BUCKET];
  Entry *victim = &b[0];
  int worst = 1 << 30;
  /* An empty bucket takes the entry first, as the loop below would. */
  bool empty = !__atomic_load_n(&tt->tags[at], __ATOMIC_RELAXED);
  for (int i = 0; i < BUCKET && !empty; i++) {
    uint64_t d = __atomic_load_n(&b[i].data, __ATOMIC_RELAXED);
    uint64_t c = __atomic_load_n(&b[i].check, __ATOMIC_RELAXED);
    if ((c ^ d) == key) {
      /* Same position: keep the old move when the new store has none, and
       * a deeper exact result over a shallow bound. */
      JqTTData old = unpack(d);
      if (!move)
        move = old.move;
      if (bound != JQ_BOUND_EXACT && old.depth > depth + 2 &&
          age_of(d) == tt->age)
        return;
      victim = &b[i];
      break;
    }
    /* Otherwise replace the shallowest, oldest entry. */
    int rank = (int)unpack(d).depth - 8 * ((tt->age - age_of(d)) & 63);
    if (!d)
      rank = -1000;
    if (rank < worst) {
      worst = rank;
      victim = &b[i];
    }
  }
  if (depth < -1)
    depth = -1;
  if (depth > 127)
    depth = 127;
  uint64_t d = pack(move, score, eval, depth, bound, tt->age);
  __atomic_store_n(&victim->data, d, __ATOMIC_RELAXED);
  __atomic_store_n(&victim->check, key ^ d, __ATOMIC_RELAXED);
  __atomic_store_n(&tt->tags[at], empty ? tag_of(key) : bucket_tags(b),
                   __ATOMIC_RELAXED);
}

int jq_tt_hashfull(const JqTT *tt) {
  int used = 0, total = 0;
  for (size_t i = 0; i < 1000 && i <= tt->mask * BUCKET; i++) {
    uint64_t d = __atomic_load_n(&tt->entries[i].data, __ATOMIC_RELAXED);
    total++;
    used += d && age_of(d) == tt->age;
  }
  return total ? used * 1000 / total : 0;
}
