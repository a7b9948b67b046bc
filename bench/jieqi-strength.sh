#!/usr/bin/env bash
# Measures the jieqi AIs of the current tree: each of alpha-beta and IS-MCTS
# plays the same AI of a reference build, and the determinized baseline,
# GAMES games a match with paired deals (every deal played twice, colours
# swapped) at MOVETIME ms a move, and the script prints each match's
# summary and a markdown row for docs/benchmarks.md:
#
#   | date | machine | AI | opponent | games | limit | W-L-D | score | Elo |
#
#   bench/jieqi-strength.sh [GAMES] [MOVETIME_MS] [CONCURRENCY] [SEED] [REVISION]
#
# Defaults: 200 games, 500 ms a move, 2 at a time, seed 2026, and as
# reference the revision in $default_reference below (the main line before
# issue 16's jieqi search work); any git revision works ("HEAD~1", a tag).
# Both builds are release builds with -Dnative=true, and both engines are
# played as UCI engines (jieqi-engine, Algorithm set per match), so they are
# treated alike; the reference is built from `git archive` of REVISION in a
# temporary folder, removed at the end. The baseline is jieqi-cli's own
# ai:determinized. PGN goes to _build-bench/jieqi-strength-*.pgn.
# TIME_MARGIN (ms, default 100) forgives lateness per move.
set -euo pipefail

# The last commit before the work being measured; override with REVISION.
default_reference=ea01203

games=${1:-200}
movetime=${2:-500}
conc=${3:-2}
seed=${4:-2026}
revision=${5:-$default_reference}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

if ! rev=$(git rev-parse --verify --quiet "$revision^{commit}"); then
  echo "jieqi-strength: '$revision' is not a git revision here" >&2
  exit 2
fi
short=$(git rev-parse --short "$rev")

. bench/common.sh
bench_setup core
meson compile -C "$build" src/uci/jieqi-engine:executable >/dev/null
current="$root/$build/src/uci/jieqi-engine"

# The reference build, from the revision's files alone.
tmp=$(mktemp -d "${TMPDIR:-/tmp}/jieqi-reference.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
git archive "$rev" | tar -x -C "$tmp"
meson setup "$tmp/_build" "$tmp" --buildtype=release -Dnative=true \
  -Dapp=disabled >/dev/null
meson compile -C "$tmp/_build" src/uci/jieqi-engine:executable >/dev/null
reference="$tmp/_build/src/uci/jieqi-engine"

# play AI TAG OPPONENT-NAME OPPONENT-SPEC: one match (its PGN named by TAG),
# its summary and its row.
play() {
  local ai=$1 tag=$2 name=$3 spec=$4
  local out wld score elo
  out=$("$cli" match --variant jieqi --games "$games" --concurrency "$conc" \
    --movetime "$movetime" --seed "$seed" \
    --time-margin "${TIME_MARGIN:-100}" \
    --player1 "uci:$current:Algorithm=$ai" --player2 "$spec" \
    --pgn "$build/jieqi-strength-$ai-vs-$tag.pgn" -q)
  echo "$out"
  # Player 1's line comes first (both engines may carry the same name).
  wld=$(sed -n 's/^[^:]*: \([0-9]*\) wins, \([0-9]*\) losses, \([0-9]*\) draws.*/\1-\2-\3/p' <<<"$out" | head -n 1)
  score=$(sed -n 's/^[^:]*: [0-9]* wins, .*score \(.*\)$/\1/p' <<<"$out" | head -n 1)
  elo=$(sed -n 's/^Elo difference: \(.*\) (95%)$/\1/p' <<<"$out")
  rows+=("| $(date -u +%F) | $machine | $ai (engine at $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- src || echo ', modified')) | $name | $games | ${movetime} ms/move | $wld | $score | $elo |")
}

rows=()
for ai in alphabeta ismcts; do
  play "$ai" reference "$ai at $short" "uci:$reference:Algorithm=$ai"
  play "$ai" determinized determinized "ai:determinized:Seed=7"
done
echo
printf '%s\n' "${rows[@]}"
