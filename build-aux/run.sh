#!/usr/bin/env bash
# Build and start: installs missing Debian packages, builds a release build
# in _build and starts the program: the GTK app (extra arguments are PGN
# files to open), or, when the app could not be built, terminal play with
# `jieqi-cli play`, whose arguments are passed on, e.g.
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

# The GTK app when it was built (GTK 4 and libadwaita found), run from the
# build tree: its settings schema and translations from there, its icon
# from data/. Otherwise terminal play.
if [ -x "$build/src/app/jieqi" ]; then
  export GSETTINGS_SCHEMA_DIR="$root/$build/data${GSETTINGS_SCHEMA_DIR:+:$GSETTINGS_SCHEMA_DIR}"
  export JIEQI_LOCALEDIR="$root/$build/po"
  export XDG_DATA_DIRS="$root/data:${XDG_DATA_DIRS:-/usr/local/share:/usr/share}"
  exec "$build/src/app/jieqi" "$@"
fi
exec "$build/src/cli/jieqi-cli" play "$@"
