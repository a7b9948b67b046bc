#!/usr/bin/env bash
# Fits the jieqi column of the evaluation weights to the project's own
# jieqi games and searches:
#
#   bench/tune-jieqi-eval.sh [GAMES] [NODES] [SCORE_NODES] [EVERY] [PASSES]
#                            [FROZEN,NAMES] [PGN...]
#
# 1. plays GAMES self-play jieqi games, alpha-beta against alpha-beta at
#    NODES nodes a move, one game at a time (paired deals; each AI sees
#    only its own view), unless PGN files of finished jieqi games are given
#    after the other arguments;
# 2. turns every position from ply 2 on into the side to move's view, a
#    jieqi FEN labelled with the game's result for that side
#    (jieqi-pgn-views; the second game of a pair repeats the first when
#    both players are the same AI, and is left out);
# 3. unless SCORE_NODES is 0, adds the score of jieqi-engine searching
#    SCORE_NODES nodes to every EVERY-th position
#    (bench/score-jieqi-positions.py); jieqi-tune-eval fits the mean of the
#    two (JQ_TUNE_LAMBDA sets the result's share);
# 4. runs jieqi-tune-eval over them from the weights in the tree, keeping
#    FROZEN,NAMES as they are, with JQ_TUNE_RIDGE (default 2e-5) pulling
#    each weight toward where it started.
#
# Defaults: 600 games at 16000 nodes, scores at 8000 nodes for every
# position, 8 passes, nothing frozen; SEED (default 101) seeds the deals.
# The tuned rows for src/engine/jq-eval-weights.c are printed last; what
# gets in is decided by a paired-deal match against the build before
# (docs/benchmarks.md), not by the fit.
set -euo pipefail

games=${1:-600}
nodes=${2:-16000}
score_nodes=${3:-8000}
every=${4:-1}
passes=${5:-8}
frozen=${6:-}
shift $(($# < 6 ? $# : 6))
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
. bench/common.sh
bench_setup core
meson compile -C "$build" src/uci/jieqi-engine bench/jieqi-pgn-views \
  bench/jieqi-tune-eval >/dev/null
engine="$build/src/uci/jieqi-engine"

pgns=("$@")
if [ ${#pgns[@]} -eq 0 ]; then
  "$cli" match --variant jieqi --games "$games" --concurrency 1 \
    --nodes "$nodes" --seed "${SEED:-101}" --player1 ai:alphabeta \
    --player2 ai:alphabeta --pgn "$build/jieqi-tune-games.pgn" -q
  pgns=("$build/jieqi-tune-games.pgn")
fi
labels="$build/jieqi-tune-labels.txt"
"$build/bench/jieqi-pgn-views" "${pgns[@]}" >"$build/jieqi-tune-views.txt"
if [ "$score_nodes" -gt 0 ]; then
  python3 bench/score-jieqi-positions.py "$engine" "$score_nodes" "$every" \
    "$build/jieqi-tune-views.txt" "$labels"
else
  cp "$build/jieqi-tune-views.txt" "$labels"
fi
echo "$machine"
JQ_TUNE_RIDGE=${JQ_TUNE_RIDGE:-2e-5} \
  "$build/bench/jieqi-tune-eval" "$labels" "$passes" ${frozen:+"$frozen"}
