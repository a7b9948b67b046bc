# Sourced by the bench scripts, from the project's root.

# Installs the Debian packages of set PACKAGES (build-aux/install-deps.sh),
# builds the release jieqi-cli with -Dnative=true in _build-bench and sets
# $build, $cli and $machine (CPU model and cores, for the rows printed).
bench_setup() {
  bash build-aux/install-deps.sh "$1"
  build=_build-bench
  if [ ! -f "$build/build.ninja" ]; then
    meson setup "$build" --buildtype=release -Dnative=true >/dev/null
  fi
  meson compile -C "$build" jieqi-cli >/dev/null
  cli="$build/src/cli/jieqi-cli"
  machine="$(lscpu | sed -n 's/^Model name: *//p' | head -n 1), $(nproc) cores"
}

# Sets $fsf to Debian's Fairy-Stockfish, or stops the script.
bench_find_fsf() {
  fsf=$(command -v fairy-stockfish || true)
  if [ -z "$fsf" ] && [ -x /usr/games/fairy-stockfish ]; then
    fsf=/usr/games/fairy-stockfish
  fi
  if [ -z "$fsf" ]; then
    echo "bench: fairy-stockfish not found" >&2
    exit 1
  fi
}
