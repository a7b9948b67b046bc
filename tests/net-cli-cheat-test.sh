#!/bin/sh
# jieqi-cli host against a joiner that cheats at the end (net-cheat-peer):
# it resigns, then publishes an end made with another key, or with its
# shuffle changed. The host prints "fair: NO — " naming the forged message
# on the line before the result, exits with status 1, and its PGN holds
# no deal (the deal is only written once it has checked). Usage:
# net-cli-cheat-test.sh JIEQI_CLI NET_CHEAT_PEER
set -u
cli=$1
peer=$2
dir=$(mktemp -d)
host_pid=
cleanup() {
  [ -n "$host_pid" ] && kill "$host_pid" 2>/dev/null
  rm -rf "$dir"
}
trap cleanup EXIT
fail() { echo "not ok: $*"; for f in "$dir"/*; do echo "== $f"; cat "$f"; done; exit 1; }

for mode in key shuffle; do
  case $mode in
    key) says="fair: NO — B's end: its secret is not the key committed in the deal" ;;
    shuffle) says="fair: NO — B's end: its shuffle puts place " ;;
  esac
  "$cli" host --variant jieqi --color black --port 0 --code cheat-1 \
    --player ai:random --movetime 50 --pgn "$dir/$mode.pgn" \
    >"$dir/$mode.out" 2>"$dir/$mode.err" &
  host_pid=$!
  port=
  for _ in $(seq 100); do
    port=$(sed -n 's/^listening on 127\.0\.0\.1 port \([0-9]*\)$/\1/p' "$dir/$mode.out")
    [ -n "$port" ] && break
    sleep 0.1
  done
  [ -n "$port" ] || fail "$mode: the host printed no port"
  timeout 60 "$peer" "$port" cheat-1 "$mode" 2>"$dir/$mode.peer.err" ||
    fail "$mode: the cheating peer did not get through the game"
  wait "$host_pid"
  host_rc=$?
  host_pid=
  [ $host_rc -eq 1 ] || fail "$mode: the host exited with $host_rc, not 1"
  fair=$(tail -n 2 "$dir/$mode.out" | head -n 1)
  case "$fair" in
    "$says"*) ;;
    *) fail "$mode: the host printed '$fair'" ;;
  esac
  [ "$(tail -n 1 "$dir/$mode.out")" = "result: 0-1 (Red resigned)" ] ||
    fail "$mode: the result is $(tail -n 1 "$dir/$mode.out")"
  grep -q '^\[Result "0-1"\]' "$dir/$mode.pgn" || fail "$mode: no PGN result"
  grep -q '^\[JieqiDeal ' "$dir/$mode.pgn" &&
    fail "$mode: the deal was written though it did not check"
  echo "ok: $mode: $fair"
done
