#!/usr/bin/env bash
# Builds the libFuzzer targets with clang in _build-fuzz and runs each for a
# bounded time from a seed corpus of valid positions and moves.
#
#   fuzz/run-fuzz.sh [SECONDS]     (default 60 per target)
#
# Prints "fuzz: TARGET ok" or "fuzz: TARGET FAILED" per target, and exits
# non-zero when a target crashed or could not be built. Crash inputs are kept
# in _build-fuzz/artifacts/.
set -euo pipefail

seconds=${1:-60}
case "$seconds" in
  ''|*[!0-9]*) echo "usage: $0 [SECONDS]" >&2; exit 2 ;;
esac

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
build=_build-fuzz
targets=(fuzz-core)

if ! command -v clang >/dev/null 2>&1; then
  echo "run-fuzz: clang is not installed (build-aux/install-deps.sh test)" >&2
  exit 1
fi

if [ ! -f "$build/build.ninja" ]; then
  if ! CC=clang meson setup "$build" -Dfuzz=true -Dbuildtype=debugoptimized \
      >"$root/$build.setup.log" 2>&1; then
    cat "$root/$build.setup.log" >&2
    echo "run-fuzz: meson setup failed" >&2
    exit 1
  fi
  rm -f "$root/$build.setup.log"
fi
build_log=$(mktemp)
trap 'rm -f "$build_log"' EXIT
if ! meson compile -C "$build" "${targets[@]}" >"$build_log" 2>&1; then
  cat "$build_log" >&2
  for t in "${targets[@]}"; do echo "fuzz: $t FAILED (build)"; done
  exit 1
fi

# Seeds: a FEN line, then moves (coordinates, WXF, Chinese).
seeds="$build/seeds"
rm -rf "$seeds"
mkdir -p "$seeds" "$build/artifacts"
seed() { printf '%s\n%s' "$2" "$3" >"$seeds/$1"; }
xq_start='rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1'
jq_box='xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w A2B2N2R2C2P5a2b2n2r2c2p5 - 0 1'
jq_pika='xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w R2A2C2P5N2B2r2a2c2p5n2b2 0 1'
seed xiangqi-start "$xq_start" 'h2e2 h7e7 h0g2 h9g7 i0h0 i9h9 h0h6 b7b0'
seed xiangqi-wxf "$xq_start" 'C2.5 H8+7 H2+3 R9.8 R1.2 C8.9'
seed xiangqi-chinese "$xq_start" '炮二平五 马８进７ 马二进三 车９平８ 车一平二 炮８平９'
seed xiangqi-ending '3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1' 'e1e8 d9d8 e8e9 d8d7'
seed xiangqi-middle 'r1bakabr1/9/1cn4cn/p1p1p1p1p/9/9/P1P1P1P1P/1CN4CN/9/R1BAKABR1 w - - 4 3' 'h2h6 b7b3 e3e4 c6c5'
seed jieqi-start "$jq_box" 'h2e2 h7e7 a3a4 i6i5 b0c2 b9a7 e2e6 e7e3'
seed jieqi-pikafish "$jq_pika" 'b2b9 c6c5 a0a1 h7h0'
seed jieqi-reveal-letters "$jq_box" 'a3a4P i6i5p h2h9Cn b7b0'
seed jieqi-chinese "$jq_box" '暗炮二平五 暗炮８平５ 暗兵九进一'
seed jieqi-revealed 'xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5XR/9/XXXXKXXX1 b A2B2N2R1C2P5a2b2n2r2c2p5 - 1 1' 'b7b0 i2i9 h9g7'

status=0
for t in "${targets[@]}"; do
  corpus="$build/corpus/$t"
  mkdir -p "$corpus"
  log="$build/$t.log"
  if "$build/fuzz/$t" -max_total_time="$seconds" -timeout=20 \
      -rss_limit_mb=2048 -max_len=4096 -print_final_stats=1 \
      -artifact_prefix="$build/artifacts/$t-" "$corpus" "$seeds" \
      >"$log" 2>&1; then
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    echo "fuzz: $t ok (${runs:-?} runs in ${seconds}s)"
  else
    tail -n 40 "$log" >&2
    echo "fuzz: $t FAILED (log: $log)"
    status=1
  fi
done
exit $status
