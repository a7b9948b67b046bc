#include "jq-bench.h"

#include "jq-fen.h"
#include "jq-movegen.h"

/* Jieqi positions both in the fixed-depth list and among the timed ones. */
#define JIEQI_CANNON_EXCHANGE                                      \
  "xxxxkxxxx/9/1x2c4/x1x1x1x1x/9/9/X1X1X1X1X/1X2C4/9/XXXXKXXXX w " \
  "A2B2N2R2C1P5a2b2n2r2c1p5 - 2 2"
#define JIEQI_HIDDEN_CAPTURES                                    \
  "xRxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/7X1/9/XXXXKXXXX b " \
  "A2B2N2R1C2P5a2b2n1r2c2p5 n1 0 1"
#define JIEQI_MIDDLEGAME                                                 \
  "xrx1kx1n1/4a4/1x2c2x1/p1x3x1p/4p4/2P3R2/P3X1X1P/1C5C1/9/1NBAK1XXX b " \
  "A1B1N1R1P2a1b2n1r1c1p2 - 3 12"
#define JIEQI_LATE \
  "x2akx3/9/1x2b4/p3R3p/9/2C6/P7P/9/4A4/2X1KX3 w N1R1a1r1c1 - 0 30"

/* Openings, middlegames and endgames, so that every part of the search
 * (quiescence, null move, mate scores, chance nodes) shows in the count. */
static const JqBenchPosition positions[] = {
    /* Xiangqi: the start, the public perft positions, then our own. */
    {JQ_START_FEN_XIANGQI, JQ_VARIANT_XIANGQI},
    {"r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
     JQ_VARIANT_XIANGQI},
    {"1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1",
     JQ_VARIANT_XIANGQI},
    {"5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1", JQ_VARIANT_XIANGQI},
    {"CRN1k1b2/3ca4/4ba3/9/2nr5/9/9/4B4/4A4/4KA3 w - - 0 1",
     JQ_VARIANT_XIANGQI},
    {"R1N1k1b2/9/3aba3/9/2nr5/2B6/9/4B4/4A4/4KA3 w - - 0 1",
     JQ_VARIANT_XIANGQI},
    {"C1nNk4/9/9/9/9/9/n1pp5/B3C4/9/3A1K3 w - - 0 1", JQ_VARIANT_XIANGQI},
    {"4ka3/4a4/9/9/4N4/p8/9/4C3c/7n1/2BK5 w - - 0 1", JQ_VARIANT_XIANGQI},
    {"2b1ka3/9/b3N4/4n4/9/9/9/4C4/2p6/2BK5 w - - 0 1", JQ_VARIANT_XIANGQI},
    {"1C2ka3/9/C1Nab1n2/p3p3p/6p2/9/P3P3P/3AB4/3p2c2/c1BAK4 w - - 0 1",
     JQ_VARIANT_XIANGQI},
    {"CnN1k1b2/c3a4/4ba3/9/2nr5/9/9/4C4/4A4/4KA3 w - - 0 1",
     JQ_VARIANT_XIANGQI},
    {"1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/"
     "2BAC4 w - - 0 1",
     JQ_VARIANT_XIANGQI},
    {"r2akab1r/3n5/4b3n/p1p1pRp1p/9/2P3P2/P3P3c/N2C3C1/4A4/1RBAK1B2 w - - 0 1",
     JQ_VARIANT_XIANGQI},
    /* Central cannon against screen horses, a few moves in. */
    {"1rbakabr1/9/2n3nc1/p3p1p1p/2p6/2P3P2/Pc2P3P/1CN1C1N2/9/R1BAKABR1 w - - "
     "0 7",
     JQ_VARIANT_XIANGQI},
    {"r1bakab1r/9/1cn3n2/p1p1p1c1p/9/2P3p2/P3P3P/1CN1C1N2/9/R1BAKABR1 w - - "
     "0 6",
     JQ_VARIANT_XIANGQI},
    /* Endgames: chariot against full defence, horse and pawn against
     * chariot, cannon and pawns against horse. */
    {"3k5/4a4/4ba3/9/2b6/9/9/4B4/4A4/2R1KA3 w - - 0 40", JQ_VARIANT_XIANGQI},
    {"3ak4/4a4/4b4/4N4/2b6/6P2/9/5r3/4A4/3AK1R2 w - - 0 35",
     JQ_VARIANT_XIANGQI},
    {"2bak4/4a4/4b4/p3C3p/9/2P3n2/P7P/4B4/4A4/4KAB2 w - - 0 28",
     JQ_VARIANT_XIANGQI},

    /* Jieqi, as JieqiBox writes the view of the side to move: the deal,
     * first reveals, captures of hidden pieces (learned or not), and a
     * late middlegame with few pieces still hidden. */
    {JQ_START_FEN_JIEQI, JQ_VARIANT_JIEQI},
    {JIEQI_CANNON_EXCHANGE, JQ_VARIANT_JIEQI},
    {"x1xxkxxxx/9/1xn4x1/x1x1x3x/6p2/4R1P2/X1X5X/1X4AX1/9/XXXXKXX1X b "
     "A1B2N2R1C2P4a2b2n1r2c2p4 - 5 3",
     JQ_VARIANT_JIEQI},
    {JIEQI_HIDDEN_CAPTURES, JQ_VARIANT_JIEQI},
    {"x1xxkxxxx/9/1xp1r4/x3x1x2/2n5a/2P3B2/X3X3X/1X2C1N2/8R/XXXXKXX2 b "
     "A2B1N1R1C1P4a1b2n1r1c2p4 - 9 5",
     JQ_VARIANT_JIEQI},
    {"1rxxkxxxx/9/1x7/x1x3x1x/4P4/9/X1X3X1X/4c4/9/XXXXKXXXX w "
     "A1B2N2R1C2P4a2b1n1r1c1p5 n1 0 5",
     JQ_VARIANT_JIEQI},
    {"x1x1kxxxx/4a4/1xr1c4/x1x3x1x/4C4/4R4/X1X3X1X/1XA6/R8/2XXKXXXX b "
     "A1B2N2C1P5a1b2n1r1c1p5 - 4 5",
     JQ_VARIANT_JIEQI},
    {JIEQI_MIDDLEGAME, JQ_VARIANT_JIEQI},
    {JIEQI_LATE, JQ_VARIANT_JIEQI},
};

const JqBenchPosition *jq_bench_positions(size_t *count) {
  *count = sizeof positions / sizeof positions[0];
  return positions;
}

/* The start, a first cannon exchange, first captures of hidden pieces on
 * both sides, a middlegame and the late middlegame. */
static const JqBenchPosition timed_positions[] = {
    {JQ_START_FEN_JIEQI, JQ_VARIANT_JIEQI},
    {JIEQI_CANNON_EXCHANGE, JQ_VARIANT_JIEQI},
    {JIEQI_HIDDEN_CAPTURES, JQ_VARIANT_JIEQI},
    {JIEQI_MIDDLEGAME, JQ_VARIANT_JIEQI},
    {JIEQI_LATE, JQ_VARIANT_JIEQI},
};

const JqBenchPosition *jq_bench_timed_positions(size_t *count) {
  *count = sizeof timed_positions / sizeof timed_positions[0];
  return timed_positions;
}

/* The node count of the last completed iteration, which with a depth
 * limit is the whole search. */
static void keep_nodes(const JqProgress *progress, void *data) {
  *(uint64_t *)data = progress->nodes;
}

/* The depth and nodes of the last completed iteration. */
typedef struct {
  int depth;
  uint64_t nodes;
} LastIteration;

static void keep_iteration(const JqProgress *progress, void *data) {
  LastIteration *last = data;
  last->depth = progress->depth;
  last->nodes = progress->nodes;
}

/* Searches the position afresh under `limits`, reporting to `progress`. */
static bool search_position(JqAi *ai, const JqBenchPosition *position,
                            const JqLimits *limits, JqProgressFunc progress,
                            void *data, JqMove *best, JqError *err) {
  JqPosition pos;
  if (!jq_fen_parse(position->fen, (JqFenVariant)position->variant, &pos, err))
    return false;
  if (!jq_position_has_legal_move(&pos))
    return jq_error_set(err, "no legal move in '%s'", position->fen);
  atomic_bool stop;
  atomic_init(&stop, false);
  jq_ai_new_game(ai);
  *best = jq_ai_think(ai, &pos, limits, &stop, progress, data, NULL);
  return true;
}

bool jq_bench_search(JqAi *ai, const JqBenchPosition *position, int depth,
                     uint64_t *nodes, JqMove *best, JqError *err) {
  JqLimits limits;
  jq_limits_init(&limits);
  limits.depth = depth;
  *nodes = 0;
  return search_position(ai, position, &limits, keep_nodes, nodes, best, err);
}

bool jq_bench_search_timed(JqAi *ai, const JqBenchPosition *position,
                           int movetime_ms, int *depth, uint64_t *nodes,
                           JqMove *best, JqError *err) {
  if (movetime_ms < 1)
    return jq_error_set(err, "movetime must be at least 1 ms, not %d",
                        movetime_ms);
  JqLimits limits;
  jq_limits_init(&limits);
  limits.movetime_ms = movetime_ms;
  LastIteration last = {0, 0};
  if (!search_position(ai, position, &limits, keep_iteration, &last, best, err))
    return false;
  *depth = last.depth;
  *nodes = last.nodes;
  return true;
}
