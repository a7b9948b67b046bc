#!/bin/sh
# jieqi-cli host --variant jieqi and join as two processes over loopback
# play an AI game with the fair deal: both print "fair: yes" and the same
# result after the same moves, the rate limit lets the game through, and
# the PGN files written during the game hold nothing their side may not
# know (no deal; no letter for a hidden piece the peer captured, whose
# identity the default rule tells only the captor); and a game with a
# short clock ends on time for both. Usage:
# net-cli-jieqi-test.sh JIEQI_CLI
set -u
cli=$1
dir=$(mktemp -d)
host_pid=
snap_pid=
cleanup() {
  [ -n "$host_pid" ] && kill "$host_pid" 2>/dev/null
  [ -n "$snap_pid" ] && kill "$snap_pid" 2>/dev/null
  rm -rf "$dir"
}
trap cleanup EXIT
fail() {
  echo "not ok: $*"
  for f in "$dir"/*.out "$dir"/*.err "$dir"/*.pgn; do echo "== $f"; cat "$f"; done
  exit 1
}

# Does PGN file $1, read by $2 (Red or Black), name a hidden piece of the
# reader's that the peer captured? Such a letter follows the peer's move
# in the reader's case (jq_move_to_coords_ext). Prints the first one.
peer_capture_letter() {
  awk -v reader="$2" '
    /^\[/ { next }
    {
      for (i = 1; i <= NF; i++) {
        if ($i !~ /^[a-i][0-9][a-i][0-9][A-Za-z]*$/) continue
        mover = (ply % 2 == 0) ? "Red" : "Black"
        ply++
        if (mover == reader) continue
        tail = substr($i, 5)
        if ((reader == "Red" && tail ~ /[A-Z]/) ||
            (reader == "Black" && tail ~ /[a-z]/)) {
          print ply ": " $i
          exit
        }
      }
    }' "$1"
}

"$cli" host --variant jieqi --port 0 --code fair-7 --player ai:random \
  --movetime 50 --pgn "$dir/host.pgn" >"$dir/host.out" 2>"$dir/host.err" &
host_pid=$!
port=
for _ in $(seq 100); do
  port=$(sed -n 's/^listening on 127\.0\.0\.1 port \([0-9]*\)$/\1/p' "$dir/host.out")
  [ -n "$port" ] && break
  sleep 0.1
done
[ -n "$port" ] || fail "the host printed no port"

# Copies of both files as the game goes: what a reader finds mid-game.
mkdir "$dir/snap"
(
  n=0
  while :; do
    for side in host join; do
      f="$dir/$side.pgn"
      [ -s "$f" ] || continue
      if ! cmp -s "$f" "$dir/snap/$side.last" 2>/dev/null; then
        n=$((n + 1))
        cp "$f" "$dir/snap/$side.$n" && cp "$f" "$dir/snap/$side.last"
      fi
    done
    sleep 0.02
  done
) &
snap_pid=$!

timeout 150 "$cli" join "127.0.0.1:$port" --code fair-7 --player ai:greedy \
  --pgn "$dir/join.pgn" >"$dir/join.out" 2>"$dir/join.err"
join_rc=$?
wait "$host_pid"
host_rc=$?
host_pid=
kill "$snap_pid" 2>/dev/null
wait "$snap_pid" 2>/dev/null
snap_pid=
rm -f "$dir/snap/host.last" "$dir/snap/join.last"
[ $join_rc -eq 0 ] || fail "join exited with $join_rc"
[ $host_rc -eq 0 ] || fail "host exited with $host_rc"
grep -q "^playing jieqi against Guest" "$dir/host.out" ||
  fail "the host did not play jieqi"
grep -q "^playing jieqi against Host" "$dir/join.out" ||
  fail "the joiner did not say it plays jieqi"

# Both: the check passed, then the same result, after the same moves.
for side in host join; do
  [ "$(tail -n 2 "$dir/$side.out" | head -n 1)" = "fair: yes" ] ||
    fail "$side did not print fair: yes before the result"
done
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

# At the end, after the check: the whole deal, the same in both files.
host_deal=$(sed -n 's/^\[JieqiDeal "\(.*\)"\]$/\1/p' "$dir/host.pgn")
join_deal=$(sed -n 's/^\[JieqiDeal "\(.*\)"\]$/\1/p' "$dir/join.pgn")
[ ${#host_deal} -eq 30 ] || fail "no whole deal in the host's final PGN"
[ "$host_deal" = "$join_deal" ] || fail "the final deals differ"

# Mid-game: no deal, and no captured piece the reader was not told of.
mid=0
for f in "$dir"/snap/*; do
  [ -e "$f" ] || continue
  grep -q '^\[Result "\*"\]$' "$f" || continue
  mid=$((mid + 1))
  grep -q '^\[JieqiDeal ' "$f" && fail "mid-game $f holds the deal"
  case "$f" in *host.*) reader=Red ;; *) reader=Black ;; esac
  leak=$(peer_capture_letter "$f" "$reader")
  [ -z "$leak" ] || fail "mid-game $f names a piece $reader did not learn: $leak"
done
[ $mid -gt 0 ] || fail "no PGN file was caught mid-game"
first="$host_result, $(wc -l <"$dir/host.moves") plies, $mid mid-game files checked"

# A 0.3 s clock, random movers that take 50 ms a move: a flag falls, and
# both sides end the game on time, the same way, after the same moves.
"$cli" host --variant jieqi --port 0 --code fair-8 --player ai:random \
  --tc 0.3 >"$dir/host2.out" 2>"$dir/host2.err" &
host_pid=$!
port=
for _ in $(seq 100); do
  port=$(sed -n 's/^listening on 127\.0\.0\.1 port \([0-9]*\)$/\1/p' "$dir/host2.out")
  [ -n "$port" ] && break
  sleep 0.1
done
[ -n "$port" ] || fail "the second host printed no port"
timeout 60 "$cli" join "127.0.0.1:$port" --code fair-8 --player ai:random \
  >"$dir/join2.out" 2>"$dir/join2.err"
join_rc=$?
wait "$host_pid"
host_rc=$?
host_pid=
[ $join_rc -eq 0 ] || fail "clocked join exited with $join_rc"
[ $host_rc -eq 0 ] || fail "clocked host exited with $host_rc"
host_result=$(tail -n 1 "$dir/host2.out")
case "$host_result" in
  "result: 1-0 (Black lost on time)"|"result: 0-1 (Red lost on time)") ;;
  *) fail "the clocked game did not end on time: $host_result" ;;
esac
[ "$host_result" = "$(tail -n 1 "$dir/join2.out")" ] ||
  fail "the clocked game's results differ"
[ "$(tail -n 2 "$dir/join2.out" | head -n 1)" = "fair: yes" ] ||
  fail "the clocked game was not checked fair"
grep -E '^[0-9]+\. (Red|Black) ' "$dir/host2.out" >"$dir/host2.moves"
grep -E '^[0-9]+\. (Red|Black) ' "$dir/join2.out" >"$dir/join2.moves"
cmp -s "$dir/host2.moves" "$dir/join2.moves" || fail "the clocked moves differ"
echo "ok: $first; clocked: $host_result after $(wc -l <"$dir/host2.moves") plies"
