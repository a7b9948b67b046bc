#!/usr/bin/env bash
# Build and start: installs missing Debian packages, builds a release build
# in _build and starts the program. Until the app exists that is terminal
# play, `jieqi-cli play`; extra arguments are passed on, e.g.
#
#   build-aux/run.sh --variant jieqi --black random
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

if [ -f src/app/meson.build ]; then
  bash build-aux/install-deps.sh app
else
  bash build-aux/install-deps.sh core
fi

build=_build
if [ ! -f "$build/build.ninja" ]; then
  meson setup "$build" --buildtype=release >"$build.setup.log" 2>&1 || {
    cat "$build.setup.log" >&2
    echo "run.sh: meson setup failed" >&2
    exit 1
  }
  rm -f "$build.setup.log"
fi
# Quiet when all is well, the compiler's words when not.
build_log=$(mktemp)
if ! meson compile -C "$build" >"$build_log" 2>&1; then
  cat "$build_log" >&2
  rm -f "$build_log"
  echo "run.sh: build failed" >&2
  exit 1
fi
rm -f "$build_log"

# TODO(app): when src/app builds the GTK app, start it here instead.
exec "$build/src/cli/jieqi-cli" play "$@"
