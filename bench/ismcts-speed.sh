#!/usr/bin/env bash
# Iterations per second of the IS-MCTS AI, one thread, by leaf evaluation,
# on the jieqi start, two jieqi middle games (positions of the bench set)
# and the xiangqi start: each a `go movetime MS` through `jieqi-cli uci`,
# the speed read from the last info line. Prints a markdown table:
#
#   | date | machine | position | eval | playout | probe |
#
#   bench/ismcts-speed.sh [MOVETIME_MS]        # default 1000
#
# Run it on an idle machine: the figures are wall-clock rates.
set -euo pipefail

movetime=${1:-1000}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
. bench/common.sh
bench_setup core

wait_s=$(awk -v ms="$movetime" 'BEGIN { printf "%.1f", ms / 1000 + 0.5 }')

positions=(
  "jieqi start|jieqi|startpos"
  "jieqi middle game 1|jieqi|fen x1xxkxxxx/9/1xp1r4/x3x1x2/2n5a/2P3B2/X3X3X/1X2C1N2/8R/XXXXKXX2 b A2B1N1R1C1P4a1b2n1r1c2p4 - 9 5"
  "jieqi middle game 2|jieqi|fen x1x1kxxxx/4a4/1xr1c4/x1x3x1x/4C4/4R4/X1X3X1X/1XA6/R8/2XXKXXXX b A1B2N2C1P5a1b2n1r1c1p5 - 4 5"
  "xiangqi start|xiangqi|startpos"
)

rate() { # variant, position, leaf
  {
    echo "setoption name UCI_Variant value $1"
    echo "setoption name Algorithm value ismcts"
    echo "setoption name Leaf value $3"
    echo "position $2"
    echo "go movetime $movetime"
    sleep "$wait_s"
    echo "quit"
  } | "$cli" uci | grep '^info depth' | tail -n 1 |
    sed -n 's/.* nps \([0-9]*\) .*/\1/p'
}

echo "| date | machine | position | eval | playout | probe |"
echo "|---|---|---|---|---|---|"
for entry in "${positions[@]}"; do
  IFS='|' read -r name variant position <<<"$entry"
  row="| $(date -u +%F) | $machine | $name"
  for leaf in eval playout probe; do
    row+=" | $(rate "$variant" "$position" "$leaf")"
  done
  echo "$row |"
done
