#!/usr/bin/env bash
# Fits the xiangqi evaluation weights to Fairy-Stockfish's scores:
#
#   bench/tune-eval.sh [GAMES] [DEPTH] [PASSES] [FROZEN,NAMES] [PGN...]
#
# 1. plays GAMES fast games (alpha-beta at depth 6 against Fairy-Stockfish at
#    depth 6, 6 random opening plies) for positions, unless PGN files of
#    xiangqi games are given after the other arguments;
# 2. labels every other position from ply 8 with Fairy-Stockfish's score at
#    DEPTH (bench/label-positions.py);
# 3. runs jieqi-tune-eval over them from the weights in the tree, keeping
#    FROZEN,NAMES as they are.
#
# Defaults: 300 games, depth 8, 10 passes, the placement bases frozen (they
# and the piece values move together). The tuned rows for
# src/engine/jq-eval-weights.c are printed last; what gets in is decided by
# matches, not by the fit.
#
# With PSQT=1 the same labels fit the per-point tables of
# src/engine/jq-eval-psqt.c instead (jieqi-tune-eval --psqt, 600 steps of
# gradient descent; JQ_PSQT_L2 sets the pull toward 0). DEPTH "static"
# labels with Fairy-Stockfish's static evaluation (not kept: see
# docs/benchmarks.md, session 6).
set -euo pipefail

games=${1:-300}
depth=${2:-8}
passes=${3:-10}
frozen=${4:-HORSE_BASE,CHARIOT_BASE,HORSE_TRAPPED}
shift $(($# < 4 ? $# : 4))
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
. bench/common.sh
bench_setup bench
bench_find_fsf
meson compile -C "$build" jieqi-tune-eval >/dev/null

pgns=("$@")
if [ ${#pgns[@]} -eq 0 ]; then
  "$cli" match --variant xiangqi --games "$games" --concurrency "$(nproc)" \
    --depth 6 --random-plies 6 --seed 11 --player1 ai:alphabeta \
    --player2 "uci:$fsf:UCI_Variant=xiangqi:Hash=16" \
    --pgn "$build/tune-games.pgn" -q
  pgns=("$build/tune-games.pgn")
fi
python3 bench/label-positions.py "$depth" "$build/tune-labels.txt" "${pgns[@]}"
if [ "${PSQT:-0}" = 1 ]; then
  "$build/bench/jieqi-tune-eval" --psqt "$build/tune-labels.txt" 600
else
  "$build/bench/jieqi-tune-eval" "$build/tune-labels.txt" "$passes" "$frozen"
fi
