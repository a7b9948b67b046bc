#!/usr/bin/env bash
# Builds the project with warnings as errors and runs the test suite, then
# the fuzz targets for a short while when clang is there. The last line is
# "N passed, N failed" (meson tests plus fuzz runs); exit status 1 on any
# failure.
#
#   build-aux/test.sh [--slow] [--sanitize | --tsan] [--no-fuzz]
#                     [--fuzz-time S]
#
#   --slow        also run the `slow` suite (deep perft)
#   --sanitize    build with ASan and UBSan, in _build-asan (else _build-test)
#   --tsan        build the engine with ThreadSanitizer, in _build-tsan, and
#                 run its UCI suite (no app, no fuzzing); a race fails it
#   --no-fuzz     skip the fuzz targets
#   --fuzz-time S seconds per fuzz target (default 20)
set -uo pipefail

slow=0
sanitize=0
tsan=0
fuzz=1
fuzz_time=20
while [ $# -gt 0 ]; do
  case "$1" in
    --slow) slow=1 ;;
    --sanitize) sanitize=1 ;;
    --tsan) tsan=1 ;;
    --no-fuzz) fuzz=0 ;;
    --fuzz-time)
      shift
      fuzz_time=${1:-}
      case "$fuzz_time" in
        ''|*[!0-9]*) echo "test.sh: --fuzz-time needs a number of seconds" >&2
                     exit 2 ;;
      esac ;;
    -h|--help) sed -n '2,17s/^# \{0,1\}//p' "$0"; exit 0 ;;
    *) echo "test.sh: unknown option '$1' (try --help)" >&2; exit 2 ;;
  esac
  shift
done

if [ "$sanitize" -eq 1 ] && [ "$tsan" -eq 1 ]; then
  echo "test.sh: --sanitize and --tsan need separate runs" >&2
  exit 2
fi

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

passed=0
failed=0
finish() {
  echo "$passed passed, $failed failed"
  [ "$failed" -eq 0 ]
  exit $?
}

if ! bash build-aux/install-deps.sh test; then
  echo "test.sh: could not install the build dependencies" >&2
  failed=$((failed + 1))
  finish
fi

# What to build: everything, or for ThreadSanitizer only what its suite
# needs (meson test must then not rebuild the rest).
targets=()
if [ "$sanitize" -eq 1 ]; then
  build=_build-asan
  setup_args=(-Dwerror=true -Dsanitize=true)
  # Instrumented code runs a few times slower.
  test_args=(--timeout-multiplier 4)
elif [ "$tsan" -eq 1 ]; then
  build=_build-tsan
  # Meson's own option; tests/meson.build makes a reported race fatal.
  setup_args=(-Dwerror=true -Db_sanitize=thread -Dapp=disabled)
  targets=(tests/test-uci src/uci/jieqi-engine:executable)
  test_args=(--timeout-multiplier 4 --no-rebuild test-uci)
  fuzz=0
else
  build=_build-test
  setup_args=(-Dwerror=true)
  test_args=()
fi
if [ "$slow" -eq 0 ] && [ "$tsan" -eq 0 ]; then
  test_args+=(--no-suite slow)
fi

if [ ! -f "$build/build.ninja" ]; then
  echo "== meson setup $build ${setup_args[*]}"
  if ! meson setup "$build" "${setup_args[@]}"; then
    echo "test.sh: meson setup failed" >&2
    failed=$((failed + 1))
    finish
  fi
fi

echo "== building $build"
if ! meson compile -C "$build" "${targets[@]}"; then
  echo "test.sh: build failed" >&2
  failed=$((failed + 1))
  finish
fi

echo "== meson test ${test_args[*]}"
testlog="$build/meson-logs/testlog.json"
rm -f "$testlog"
meson test -C "$build" --print-errorlogs "${test_args[@]}"

# One JSON object a line, one line a test. OK and expected failures pass;
# failures, timeouts, errors and unexpected passes fail; skips count neither.
if [ -f "$testlog" ]; then
  read -r ok bad < <(python3 - "$testlog" <<'PY'
import json, sys
ok = bad = 0
with open(sys.argv[1], encoding="utf-8") as f:
    for line in f:
        line = line.strip()
        if not line:
            continue
        result = json.loads(line).get("result", "ERROR")
        if result in ("OK", "EXPECTEDFAIL"):
            ok += 1
        elif result != "SKIP":
            bad += 1
print(ok, bad)
PY
  )
  passed=$((passed + ${ok:-0}))
  failed=$((failed + ${bad:-1}))
else
  echo "test.sh: meson test wrote no log" >&2
  failed=$((failed + 1))
fi

if [ "$fuzz" -eq 1 ]; then
  if command -v clang >/dev/null 2>&1; then
    echo "== fuzzing, ${fuzz_time}s per target"
    fuzz_out=$(bash fuzz/run-fuzz.sh "$fuzz_time")
    echo "$fuzz_out"
    passed=$((passed + $(grep -c '^fuzz: .* ok' <<<"$fuzz_out")))
    failed=$((failed + $(grep -c '^fuzz: .* FAILED' <<<"$fuzz_out")))
    if ! grep -q '^fuzz: ' <<<"$fuzz_out"; then
      failed=$((failed + 1))
    fi
  else
    echo "test.sh: clang not found, fuzz targets skipped"
  fi
fi

finish
