#!/usr/bin/env bash
# Times xiangqi perft 5 from the start position with jieqi-cli and with
# Fairy-Stockfish in the same run, checks both count 133312995 nodes, and
# prints a markdown table row for docs/benchmarks.md on stdout (the table
# header goes to stderr):
#
#   | date | machine | jieqi-cli | Fairy-Stockfish | ours/FSF |
#
#   bench/perft-vs-fairy-stockfish.sh [RUNS]     (best of RUNS, default 3)
#
# Both are timed by the wall clock around the whole process, so start-up is
# included for both alike.
set -euo pipefail

runs=${1:-3}
case "$runs" in
  ''|*[!0-9]*|0) echo "usage: $0 [RUNS]" >&2; exit 2 ;;
esac
depth=5
expected=133312995

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
. bench/common.sh
bench_setup bench

bench_find_fsf

now_ns() { date +%s%N; }

# Prints "NODES MILLISECONDS" for one run of each program.
run_ours() {
  local t0 t1 out
  t0=$(now_ns)
  out=$("$cli" perft "$depth")
  t1=$(now_ns)
  echo "$(sed -n 's/^nodes //p' <<<"$out") $(((t1 - t0) / 1000000))"
}
run_fsf() {
  local t0 t1 out
  t0=$(now_ns)
  # `go perft` runs to the end before the engine reads `quit`.
  out=$(printf '%s\n' uci 'setoption name UCI_Variant value xiangqi' \
          'setoption name Use NNUE value false' isready 'position startpos' \
          "go perft $depth" quit | "$fsf")
  t1=$(now_ns)
  echo "$(sed -n 's/^Nodes searched: //p' <<<"$out") $(((t1 - t0) / 1000000))"
}

best_ours=
best_fsf=
for ((i = 0; i < runs; i++)); do
  # Alternate the two so drift in machine load hits both alike.
  read -r nodes ms < <(run_ours)
  if [ "$nodes" != "$expected" ]; then
    echo "bench: jieqi-cli counted '$nodes' nodes, expected $expected" >&2
    exit 1
  fi
  if [ -z "$best_ours" ] || [ "$ms" -lt "$best_ours" ]; then best_ours=$ms; fi
  read -r nodes ms < <(run_fsf)
  if [ "$nodes" != "$expected" ]; then
    echo "bench: fairy-stockfish counted '$nodes' nodes, expected $expected" >&2
    exit 1
  fi
  if [ -z "$best_fsf" ] || [ "$ms" -lt "$best_fsf" ]; then best_fsf=$ms; fi
done

model=$(lscpu | sed -n 's/^Model name: *//p' | head -n 1)
cores=$(nproc)
ratio=$(awk -v a="$best_ours" -v b="$best_fsf" 'BEGIN { printf "%.2f", a / b }')
fsf_version=$(dpkg-query -W -f='${Version}' fairy-stockfish 2>/dev/null || echo "?")

# The header goes to stderr so stdout is just the row to append.
echo "| date | machine | jieqi-cli | Fairy-Stockfish | ours/FSF |" >&2
echo "|---|---|---|---|---|" >&2
echo "| $(date -u +%F) | $model, $cores cores | $best_ours ms | $best_fsf ms (Debian $fsf_version) | $ratio |"
