#!/bin/sh
# jieqi-cli host and join as two processes over loopback play an AI game
# to a result line, and a join with the wrong code is refused while the
# host keeps the seat; a game whose connection drops resumes; and a
# joiner that will not wait after a drop tells the waiting host, which
# stops waiting at once. Usage: net-cli-test.sh JIEQI_CLI
set -u
cli=$1
dir=$(mktemp -d)
host_pid=
cleanup() {
  [ -n "$host_pid" ] && kill "$host_pid" 2>/dev/null
  rm -rf "$dir"
}
trap cleanup EXIT
fail() { echo "not ok: $*"; for f in "$dir"/*; do echo "== $f"; cat "$f"; done; exit 1; }

"$cli" host --port 0 --code sesame-42 --player ai:random --movetime 10 \
  --pgn "$dir/host.pgn" >"$dir/host.out" 2>"$dir/host.err" &
host_pid=$!
# The port is printed once the host listens (at most 10 s).
port=
for _ in $(seq 100); do
  port=$(sed -n 's/^listening on 127\.0\.0\.1 port \([0-9]*\)$/\1/p' "$dir/host.out")
  [ -n "$port" ] && break
  sleep 0.1
done
[ -n "$port" ] || fail "the host printed no port"

# A wrong code: refused, and the host goes on listening.
timeout 60 "$cli" join "127.0.0.1:$port" --code wrong --player ai:random \
  >"$dir/wrong.out" 2>"$dir/wrong.err"
[ $? -eq 1 ] || fail "a join with the wrong code did not fail"
grep -q "^result: \* (unfinished: the peer left: the wrong game code)$" \
  "$dir/wrong.out" || fail "the wrong code was not reported"

timeout 120 "$cli" join "127.0.0.1:$port" --code sesame-42 \
  --player ai:greedy --pgn "$dir/join.pgn" >"$dir/join.out" 2>"$dir/join.err"
join_rc=$?
wait "$host_pid"
host_rc=$?
host_pid=
[ $join_rc -eq 0 ] || fail "join exited with $join_rc"
[ $host_rc -eq 0 ] || fail "host exited with $host_rc"
grep -q "refused a connection: the wrong game code" "$dir/host.err" ||
  fail "the host did not report the wrong code"
# Both end with the same result line, after the same moves.
host_result=$(tail -n 1 "$dir/host.out")
join_result=$(tail -n 1 "$dir/join.out")
case "$host_result" in
  "result: 1-0 ("*")"|"result: 0-1 ("*")"|"result: 1/2-1/2 ("*")") ;;
  *) fail "no result line: $host_result" ;;
esac
[ "$host_result" = "$join_result" ] || fail "results differ"
grep -E '^[0-9]+\. (Red|Black) [a-i][0-9][a-i][0-9] ' "$dir/host.out" >"$dir/host.moves"
grep -E '^[0-9]+\. (Red|Black) [a-i][0-9][a-i][0-9] ' "$dir/join.out" >"$dir/join.moves"
[ -s "$dir/host.moves" ] || fail "no moves printed"
cmp -s "$dir/host.moves" "$dir/join.moves" || fail "the moves differ"
grep -q '^\[Result "' "$dir/host.pgn" || fail "no PGN from the host"
grep -q '^\[Result "' "$dir/join.pgn" || fail "no PGN from the joiner"
first="$host_result, $(wc -l <"$dir/host.moves") plies"

# A line that goes dead mid-game (a relay cuts it after the joiner's 12th
# line): both sides wait, the joiner connects again, the game resumes at
# the same ply on both sides and is played to the same end.
"$cli" host --port 0 --code sesame-43 --player ai:random --resume-wait 60 \
  >"$dir/host3.out" 2>"$dir/host3.err" &
host_pid=$!
port=
for _ in $(seq 100); do
  port=$(sed -n 's/^listening on 127\.0\.0\.1 port \([0-9]*\)$/\1/p' "$dir/host3.out" 2>/dev/null)
  [ -n "$port" ] && break
  sleep 0.1
done
[ -n "$port" ] || fail "the third host printed no port"
python3 "$(dirname "$0")/net-drop-proxy.py" "$port" 12 >"$dir/relay.out" &
relay_pid=$!
relay=
for _ in $(seq 100); do
  relay=$(sed -n 's/^relay port \([0-9]*\)$/\1/p' "$dir/relay.out" 2>/dev/null)
  [ -n "$relay" ] && break
  sleep 0.1
done
[ -n "$relay" ] || { kill "$relay_pid"; fail "the relay printed no port"; }
timeout 120 "$cli" join "127.0.0.1:$relay" --code sesame-43 \
  --player ai:random --resume-wait 60 >"$dir/join3.out" 2>"$dir/join3.err"
join_rc=$?
wait "$host_pid"
host_rc=$?
host_pid=
kill "$relay_pid"
[ $join_rc -eq 0 ] || fail "the reconnecting join exited with $join_rc"
[ $host_rc -eq 0 ] || fail "the waiting host exited with $host_rc"
for side in host3 join3; do
  grep -q "^connection lost (.*): waiting up to 60 s for the game to resume$" \
    "$dir/$side.out" || fail "$side did not wait for the connection"
done
resumed=$(grep '^resumed at ply ' "$dir/host3.out")
[ -n "$resumed" ] || fail "the host did not resume"
[ "$resumed" = "$(grep '^resumed at ply ' "$dir/join3.out")" ] ||
  fail "the sides resumed at different plies"
host_result=$(tail -n 1 "$dir/host3.out")
case "$host_result" in
  "result: 1-0 ("*")"|"result: 0-1 ("*")"|"result: 1/2-1/2 ("*")") ;;
  *) fail "the resumed game has no result: $host_result" ;;
esac
[ "$host_result" = "$(tail -n 1 "$dir/join3.out")" ] ||
  fail "the resumed game's results differ"
grep -E '^[0-9]+\. (Red|Black) ' "$dir/host3.out" >"$dir/host3.moves"
grep -E '^[0-9]+\. (Red|Black) ' "$dir/join3.out" >"$dir/join3.moves"
cmp -s "$dir/host3.moves" "$dir/join3.moves" || fail "the resumed moves differ"

# The line dies again, but this joiner does not wait (--resume-wait 0):
# it connects once to say it gives up, and the host, which would wait a
# minute, stops at once with the game unfinished and the joiner's reason.
"$cli" host --port 0 --code sesame-44 --player ai:random --resume-wait 60 \
  >"$dir/host4.out" 2>"$dir/host4.err" &
host_pid=$!
port=
for _ in $(seq 100); do
  port=$(sed -n 's/^listening on 127\.0\.0\.1 port \([0-9]*\)$/\1/p' "$dir/host4.out" 2>/dev/null)
  [ -n "$port" ] && break
  sleep 0.1
done
[ -n "$port" ] || fail "the fourth host printed no port"
python3 "$(dirname "$0")/net-drop-proxy.py" "$port" 12 >"$dir/relay4.out" &
relay_pid=$!
relay=
for _ in $(seq 100); do
  relay=$(sed -n 's/^relay port \([0-9]*\)$/\1/p' "$dir/relay4.out" 2>/dev/null)
  [ -n "$relay" ] && break
  sleep 0.1
done
[ -n "$relay" ] || { kill "$relay_pid"; fail "the relay printed no port"; }
timeout 60 "$cli" join "127.0.0.1:$relay" --code sesame-44 \
  --player ai:random --resume-wait 0 >"$dir/join4.out" 2>"$dir/join4.err"
join_rc=$?
# The host must end well before its own minute of waiting is up.
for _ in $(seq 200); do
  kill -0 "$host_pid" 2>/dev/null || break
  sleep 0.1
done
kill -0 "$host_pid" 2>/dev/null && fail "the host still waits for a joiner that gave up"
wait "$host_pid"
host_rc=$?
host_pid=
kill "$relay_pid"
[ $join_rc -eq 1 ] || fail "the joiner that gave up exited with $join_rc"
[ $host_rc -eq 1 ] || fail "the abandoned host exited with $host_rc"
join_result=$(tail -n 1 "$dir/join4.out")
case "$join_result" in
  "result: * (unfinished: "*")") ;;
  *) fail "the joiner's game is not unfinished: $join_result" ;;
esac
grep -q "^connection lost (.*): waiting up to 60 s for the game to resume$" \
  "$dir/host4.out" || fail "the host did not wait for the connection"
[ "$(tail -n 1 "$dir/host4.out")" = \
  "result: * (unfinished: the peer gave up the game: it does not wait for the connection to come back)" ] ||
  fail "the host was not told: $(tail -n 1 "$dir/host4.out")"
echo "ok: $first; dropped and $resumed: $host_result; abandoned: $join_result"
