#!/usr/bin/env bash
# Plays the alpha-beta AI in jieqi against the random mover and against the
# one-ply greedy capturer, GAMES games each with paired deals (every deal
# played twice, colours swapped), and prints a markdown row per opponent:
#
#   | date | machine | opponent | games | limit | W-L-D | score |
#
#   bench/jieqi-baselines.sh [GAMES] [NODES] [CONCURRENCY]
#
# A fixed number of nodes per move (default 30000, some 30 ms here) rather
# than a time: the baselines move at once, and a node count keeps the
# figure free of the machine's load.
set -euo pipefail

games=${1:-200}
nodes=${2:-30000}
conc=${3:-2}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
. bench/common.sh
bench_setup core

for opponent in random greedy; do
  out=$("$cli" match --variant jieqi --games "$games" --concurrency "$conc" \
    --nodes "$nodes" --seed 2026 \
    --player1 ai:alphabeta --player2 "ai:$opponent:Seed=7" \
    --pgn "$build/jieqi-vs-$opponent.pgn" | tee -a /dev/stderr)
  wld=$(sed -n 's/^alphabeta: \([0-9]*\) wins, \([0-9]*\) losses, \([0-9]*\) draws.*/\1-\2-\3/p' <<<"$out")
  score=$(sed -n 's/^alphabeta: .*score \(.*\)$/\1/p' <<<"$out")
  echo "| $(date -u +%F) | $machine | $opponent | $games | ${nodes} nodes/move | $wld | $score |"
done
