#!/usr/bin/env bash
# How often each jieqi AI plays the same move when asked the same question
# again: every position of bench/stability-positions.txt (40 views of
# IS-MCTS's games against alpha-beta, session 15's seed 2050, one from
# ply 10 on each) searched RUNS times by a fresh `jieqi-engine` at
# `go movetime MS`, for each algorithm. Prints, per algorithm, in how many
# positions all runs agreed, the share of runs that played the position's
# most played move, and the distinct moves per position; then in how many
# positions the two algorithms' most played moves agree.
#
#   bench/choice-stability.sh [RUNS] [MS] [ENGINE]     # 5 500 (the bench build)
#
# Figures depend on the load: give the load average with them.
set -euo pipefail

runs=${1:-5}
ms=${2:-500}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
engine=${3:-}
if [ -z "$engine" ]; then
  . bench/common.sh
  bench_setup core
  meson compile -C "$build" jieqi-engine >/dev/null
  engine="$build/src/uci/jieqi-engine"
fi
wait_s=$(awk -v ms="$ms" 'BEGIN { printf "%.1f", ms / 1000 + 1.3 }')
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

for algo in ismcts alphabeta; do
  while IFS= read -r fen; do
    line=""
    for _ in $(seq "$runs"); do
      move=$({ printf 'uci\nsetoption name UCI_Variant value jieqi\n'
               printf 'setoption name Algorithm value %s\nisready\n' "$algo"
               printf 'position fen %s\ngo movetime %s\n' "$fen" "$ms"
               sleep "$wait_s"; echo quit; } |
             "$engine" 2>/dev/null | awk '/^bestmove/ { print $2 }')
      line="$line ${move:-none}"
    done
    echo "$line"
  done <bench/stability-positions.txt >"$out/$algo"
done

summary='{ delete c; top = 0; mode = ""
  for (i = 1; i <= NF; i++) if (++c[$i] > top) { top = c[$i]; mode = $i }
  if (top == NF) same++; modal += top; n++; for (k in c) distinct++
  print mode > modes }
  END { printf "%s: all %d runs agree in %d of %d positions; most played move %.2f of the runs; %.2f distinct moves a position\n",
        algo, NF, same, n, modal / (n * NF), distinct / n }'
for algo in ismcts alphabeta; do
  awk -v algo="$algo" -v modes="$out/$algo.modes" "$summary" "$out/$algo"
done
agree=$(paste -d' ' "$out/ismcts.modes" "$out/alphabeta.modes" | awk '$1 == $2' | wc -l)
echo "most played moves the same for both: $agree of $(wc -l <bench/stability-positions.txt)"
