#!/usr/bin/env bash
# Plays the IS-MCTS AI in jieqi against other AIs of this program, GAMES
# games each with paired deals (every deal played twice, colours swapped)
# at the same fixed time per move for both, and prints a markdown row per
# opponent:
#
#   | date | machine | opponent | games | limit | W-L-D | score | Elo |
#
#   bench/ismcts-pairings.sh [GAMES] [MOVETIME_MS] [CONCURRENCY] [OPPONENT...]
#
# Opponents default to random, greedy, determinized and alphabeta; any
# player spec of `jieqi-cli match` works ("ai:determinized:Deals=8").
# Extra options for the IS-MCTS side go in ISMCTS_OPTIONS
# (":Exploration=0.5:Halving=4").
set -euo pipefail

games=${1:-200}
movetime=${2:-200}
conc=${3:-2}
shift $(($# < 3 ? $# : 3))
opponents=("$@")
if [ ${#opponents[@]} -eq 0 ]; then
  opponents=(random greedy determinized alphabeta)
fi
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
. bench/common.sh
bench_setup core

for opponent in "${opponents[@]}"; do
  case "$opponent" in
  *:*) spec=$opponent ;;
  *) spec="ai:$opponent:Seed=7" ;;
  esac
  name=${opponent//[:=\/]/_}
  out=$("$cli" match --variant jieqi --games "$games" --concurrency "$conc" \
    --movetime "$movetime" --seed 2026 \
    --player1 "ai:ismcts${ISMCTS_OPTIONS:-}" --player2 "$spec" \
    --pgn "$build/ismcts-vs-$name.pgn" | tee -a /dev/stderr)
  wld=$(sed -n 's/^ismcts[^:]*: \([0-9]*\) wins, \([0-9]*\) losses, \([0-9]*\) draws.*/\1-\2-\3/p' <<<"$out")
  score=$(sed -n 's/^ismcts[^:]*: .*score \(.*\)$/\1/p' <<<"$out")
  elo=$(sed -n 's/^Elo difference: \(.*\) (95%)$/\1/p' <<<"$out")
  echo "| $(date -u +%F) | $machine | $opponent | $games | ${movetime} ms/move | $wld | $score | $elo |"
done
