#!/usr/bin/env bash
# How long the app's main loop is held up while it works: the real app
# under Xvfb, its latency probe on (JIEQI_LATENCY_LOG,
# src/app/jq-latency-probe.h), driven through scenarios as a player
# would. Each scenario starts the app afresh in a home of its own, turns
# the analysis on (Ctrl+Shift+A) and measures for SECONDS: the gaps
# between the probe's 5 ms ticks, the worst, the 99th percentile and the
# median, and how many were over 50 ms; then the same for the time the app
# held the loop itself ("held": the gap less the main thread's wait for a
# CPU, which on a loaded machine is most of it). Prints a markdown table:
#
#   | scenario | s | ticks | worst | p99 | median | >50 | held worst |
#   | held p99 | held >50 |
#
#   bench/main-loop-latency.sh [SECONDS] [DISPLAY_NUMBER]  # 20, 74
#
# BUILD names the build directory (default _build-test); ONLY="2 3" runs
# those scenarios alone; KEEP_SCREENS=/tmp/x keeps each scenario's last
# screen as /tmp/x-N.png. A scenario is a
# line in `scenarios` below: its name, then gsettings key=value pairs
# (the analysis-lines, who plays, the variant...) and the script's own
# words: analyse=no leaves the analysis off, open=FILE starts the app on
# that game, review=yes starts a review of it (Ctrl+R, then Review with
# the dialog's defaults: 1 s a position). Computer against computer plays
# moves meanwhile, every one a new position to analyse. Fairy-Stockfish
# (Debian's, /usr/games) is set in the outside engines beforehand: the
# app's own probe for it at start-up comes after the game has started.
# A value may not hold a space.
#
# BUILD may also be a copy of another build's src/app/jieqi, data/ and
# po/ (no build.ninja): the reference of a before/after comparison.
set -euo pipefail

seconds=${1:-20}
display=${2:-74}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
build=${BUILD:-_build-test}

# Everything below talks to one session bus of its own.
if [ -z "${JQ_LATENCY_BUS:-}" ]; then
  export JQ_LATENCY_BUS=1
  exec dbus-run-session -- "$0" "$@"
fi

if [ -f "$build/build.ninja" ]; then
  meson compile -C "$build" >/dev/null
fi
app="$build/src/app/jieqi"

scenarios=(
  "xiangqi start, 5 lines, no moves|last-variant=xiangqi red-player=human black-player=human analysis-lines=5"
  "xiangqi, 5 lines, computer against computer|last-variant=xiangqi red-player=computer black-player=computer think-time-ms=700 analysis-lines=5"
  "jieqi, 5 lines, computer against computer|last-variant=jieqi red-player=computer black-player=computer think-time-ms=700 analysis-lines=5"
  "baseline: xiangqi, computer against computer, no analysis|last-variant=xiangqi red-player=computer black-player=computer think-time-ms=700 analyse=no"
  "game review running (146 positions, 1 s each), no analysis|last-variant=xiangqi red-player=human black-player=human analyse=no open=bench/latency-review.pgn review=yes"
  "xiangqi, alpha-beta against Fairy-Stockfish, no analysis|last-variant=xiangqi red-player=computer black-player=computer think-time-ms=700 offer-fairy-stockfish=false engines=[{'id':<'fairy-stockfish'>,'name':<'Fairy-Stockfish'>,'command':<'/usr/games/fairy-stockfish'>,'ranks-from-one':<true>}] black-ai-algorithm=uci:fairy-stockfish analyse=no"
)

Xvfb ":$display" -screen 0 1280x1024x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
work=$(mktemp -d)
trap 'kill "$xvfb" 2>/dev/null || true; rm -rf "$work"' EXIT
export DISPLAY=":$display"
sleep 1

echo "| scenario | s | ticks | worst ms | p99 ms | median ms | >50 ms | held worst ms | held p99 ms | held >50 ms |"
echo "|---|---|---|---|---|---|---|---|---|---|"
n=0
for entry in "${scenarios[@]}"; do
  name=${entry%%|*}
  n=$((n + 1))
  case " ${ONLY:-$n} " in *" $n "*) ;; *) continue ;; esac
  home="$work/home-$n"
  mkdir -p "$home"
  log="$home/latency.log"
  (
    export HOME="$home"
    export XDG_DATA_HOME="$home/.local/share"
    export XDG_CONFIG_HOME="$home/.config"
    export GSETTINGS_BACKEND=keyfile
    export GSETTINGS_SCHEMA_DIR="$build/data"
    export JIEQI_LOCALEDIR="$build/po"
    export LANGUAGE=en LC_ALL=C.UTF-8
    analyse=yes open=() review=no
    set -f # values hold [ and {
    for pair in ${entry#*|}; do
      # Not settings: the script's own words.
      case $pair in
      analyse=*) analyse=${pair#*=} ;;
      open=*) open=("$root/${pair#*=}") ;;
      review=*) review=${pair#*=} ;;
      *) gsettings set io.github.jieqi.Jieqi "${pair%%=*}" "${pair#*=}" ;;
      esac
    done
    set +f
    JIEQI_LATENCY_LOG="$log" "$app" "${open[@]}" 2>"$home/stderr" &
    pid=$!
    xdotool search --sync --onlyvisible --name '^Jieqi' >/dev/null
    sleep 2
    # From the switch on: turning it on is part of analysing.
    kill -USR1 "$pid"
    if [ "$analyse" = yes ]; then
      xdotool key ctrl+shift+a
    fi
    if [ "$review" = yes ]; then
      # The dialog's default button is Review, its first time 0.5 s.
      xdotool key ctrl+r
      xdotool search --sync --onlyvisible --name '^Review Game' >/dev/null
      sleep 0.5
      xdotool key Return
    fi
    sleep "$seconds"
    kill -USR2 "$pid"
    sleep 0.5
    import -window root "$home/screen.png" 2>/dev/null || true
    if [ "$review" = yes ]; then
      # Stop keeps what is done and closes the dialog.
      xdotool key Escape
      sleep 1
    fi
    xdotool key ctrl+q
    # A dialog left open would keep the app: not for ever.
    for _ in $(seq 20); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.5
    done
    kill "$pid" 2>/dev/null || true
    wait "$pid" || true
  )
  read -r _ ticks _ worst _ p99 _ median _ over _ hworst _ hp99 _ hover <"$log"
  echo "| $name | $seconds | $ticks | $worst | $p99 | $median | $over | $hworst | $hp99 | $hover |"
  if grep -E 'CRITICAL|WARNING' "$home/stderr" >&2; then
    echo "bench: warnings above from \"$name\"" >&2
  fi
  if [ -n "${KEEP_SCREENS:-}" ]; then
    cp "$home/screen.png" "$KEEP_SCREENS-$n.png"
  fi
done
