#!/usr/bin/env bash
# Installs the Debian packages a part of the project needs, and only the ones
# that are missing, so repeated runs are quick and quiet.
#
#   build-aux/install-deps.sh [core|test|app|bench]...   (default: core)
set -euo pipefail

core=(build-essential meson ninja-build pkg-config libglib2.0-dev)
# clang and its runtime libraries build the libFuzzer targets; the app's
# outside-engine tests play Fairy-Stockfish.
test_extra=(clang libclang-rt-14-dev fairy-stockfish)
app_extra=(libgtk-4-dev libadwaita-1-dev libsodium-dev gettext desktop-file-utils appstream
           libjson-glib-dev xvfb dbus fonts-wqy-microhei libgtk-4-media-gstreamer
           gstreamer1.0-plugins-good)
bench_extra=(fairy-stockfish python3)
# Nice to have for benchmarks; a failure to install it is not fatal.
bench_optional=(hyperfine)

usage() {
  echo "usage: $0 [core|test|app|bench]..." >&2
  exit 2
}

wanted=()
optional=()
[ $# -eq 0 ] && set -- core
for set_name in "$@"; do
  case "$set_name" in
    core) wanted+=("${core[@]}") ;;
    test) wanted+=("${core[@]}" "${test_extra[@]}" "${app_extra[@]}") ;;
    app) wanted+=("${core[@]}" "${app_extra[@]}") ;;
    bench) wanted+=("${core[@]}" "${bench_extra[@]}")
           optional+=("${bench_optional[@]}") ;;
    -h|--help) usage ;;
    *) echo "install-deps: unknown package set '$set_name'" >&2; usage ;;
  esac
done

if ! command -v dpkg-query >/dev/null 2>&1; then
  echo "install-deps: this script needs a Debian-based system (dpkg)." >&2
  echo "install-deps: install by hand: ${wanted[*]}" >&2
  exit 1
fi

is_installed() {
  [ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null)" = "install ok installed" ]
}

missing=()
for pkg in "${wanted[@]}"; do
  is_installed "$pkg" || missing+=("$pkg")
done
missing_optional=()
for pkg in "${optional[@]+"${optional[@]}"}"; do
  is_installed "$pkg" || missing_optional+=("$pkg")
done

if [ ${#missing[@]} -eq 0 ] && [ ${#missing_optional[@]} -eq 0 ]; then
  exit 0
fi

# Root runs apt directly; anyone else goes through sudo.
as_root=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    as_root=(sudo)
  else
    echo "install-deps: missing packages:" "${missing[@]+"${missing[@]}"}" \
      "${missing_optional[@]+"${missing_optional[@]}"}" >&2
    echo "install-deps: not root and sudo is not available; install them by hand." >&2
    exit 1
  fi
fi

apt_log=$(mktemp)
trap 'rm -f "$apt_log"' EXIT
export DEBIAN_FRONTEND=noninteractive

to_install=("${missing[@]+"${missing[@]}"}" "${missing_optional[@]+"${missing_optional[@]}"}")
echo "install-deps: installing ${to_install[*]}" >&2
if ! "${as_root[@]}" apt-get update -qq >"$apt_log" 2>&1; then
  cat "$apt_log" >&2
  echo "install-deps: apt-get update failed" >&2
  exit 1
fi
if [ ${#missing[@]} -gt 0 ]; then
  if ! "${as_root[@]}" apt-get install -y -qq --no-install-recommends \
      "${missing[@]}" >"$apt_log" 2>&1; then
    cat "$apt_log" >&2
    echo "install-deps: could not install: ${missing[*]}" >&2
    exit 1
  fi
fi
for pkg in "${missing_optional[@]+"${missing_optional[@]}"}"; do
  if ! "${as_root[@]}" apt-get install -y -qq --no-install-recommends \
      "$pkg" >"$apt_log" 2>&1; then
    echo "install-deps: optional package $pkg not installed (skipped)" >&2
  fi
done
exit 0
