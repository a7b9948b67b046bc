#!/usr/bin/env bash
# Plays the alpha-beta AI against Fairy-Stockfish (xiangqi, classical
# evaluation) with jieqi-cli match at equal time, and prints a markdown row
# for docs/benchmarks.md:
#
#   | date | machine | games | tc | W-L-D | score | Elo |
#
#   bench/strength-vs-fairy-stockfish.sh [GAMES] [TC] [CONCURRENCY]
#
# Defaults: 200 games at 10+0.1, 2 at a time. Openings: 2 random plies from
# the start, each played with colours swapped. PGN goes to
# _build-bench/strength-vs-fsf.pgn. TIME_MARGIN (ms, default 100) forgives
# lateness per move, for a machine that carries other work.
set -euo pipefail

games=${1:-200}
tc=${2:-10+0.1}
conc=${3:-2}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
. bench/common.sh
bench_setup bench

bench_find_fsf

out=$("$cli" match --variant xiangqi --games "$games" --concurrency "$conc" \
  --tc "$tc" --random-plies 2 --seed 2026 --time-margin "${TIME_MARGIN:-100}" \
  --player1 ai:alphabeta:Hash=64 \
  --player2 "uci:$fsf:UCI_Variant=xiangqi:Hash=64" \
  --pgn "$build/strength-vs-fsf.pgn" | tee -a /dev/stderr)

wld=$(sed -n 's/^alphabeta: \([0-9]*\) wins, \([0-9]*\) losses, \([0-9]*\) draws.*/\1-\2-\3/p' <<<"$out")
score=$(sed -n 's/^alphabeta: .*score \(.*\)$/\1/p' <<<"$out")
elo=$(sed -n 's/^Elo difference: \(.*\) (95%)$/\1/p' <<<"$out")
echo "| $(date -u +%F) | $machine | $games | $tc | $wld | $score | $elo |"
