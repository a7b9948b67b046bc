#!/usr/bin/env python3
"""A move-quality yardstick for the jieqi AIs (issue 16, item 4).

Every position of a fixed set (bench/move-loss-positions.txt: jieqi views,
the side to move's knowledge, from games of IS-MCTS against alpha-beta) is
given to a candidate engine at `go movetime M`; the move it plays is scored
by a deeper alpha-beta search of that move alone (`go movetime R searchmoves
MOVE`) against the reference search of the whole position at R. The loss is
the whole position's score less the move's (0 when the move is the
reference's choice or scores above it: it then becomes the best), clamped at
1,000 cp. A reveal is a chance node in the engine's search, so a reveal's
loss is the choice's, not the luck of what turned up.

  bench/move-loss.py --engine uci:_b/src/uci/jieqi-engine:Algorithm=ismcts \\
      [--movetime 500] [--reference PATH] [--reftime 1500] [--jobs 1] \\
      [--cache FILE] [--positions FILE] [--limit N] [--save TSV] \\
      [--against TSV]

--engine is any UCI engine with setoptions, spelt as `jieqi-cli match`
spells its players: [uci:]PATH[:NAME=VALUE...]. Each position is searched by
a fresh engine process (IS-MCTS would otherwise reuse its tree), after
`UCI_Variant jieqi`, the options and `ucinewgame`. --reference is the
engine whose alpha-beta scores the moves (default: the candidate's PATH),
run with `Algorithm=alphabeta`, `Threads 1` and `ucinewgame` before every
search. Reference results are cached in a JSON file (default
~/.cache/jieqi/move-loss-cache.json, or $JIEQI_MOVE_LOSS_CACHE), keyed by
the reference build (its `id name` and the SHA-256 of its binary), R, the
FEN and the move, so a second run only searches the moves not yet scored.
The reference bias: its alpha-beta agrees with its own moves at 500 ms more
than with an equally good different move, so alpha-beta candidates look
better than they are against any other AI; compare like with like.

--save writes one line a position (FEN, move, loss); --against TSV compares
this run with a saved one position by position (the paired difference of
the mean loss, with its 95% interval), which is much tighter than two
separate intervals. --clamp N (default 1000) clamps the losses lower: a
few lost games' worth of 1,000 cp dominate the mean, and a clamp of 300
halves the interval (session 18's figures in docs/benchmarks.md).

  bench/move-loss.py compare A.tsv B.tsv [--clamp N]

compares two saved runs without searching anything.

  bench/move-loss.py draw --views VIEWS --engine PATH > POSITIONS

draws the position set from `jieqi-pgn-views --from 0 GAMES.pgn` output:
one position a game, the game's number modulo 3 choosing the phase (plies
6-24, 25-60, or 61 to four plies before the end; a game too short for its
phase takes plies 6 to four before its end), the ply drawn with a seeded
random generator, and positions whose reference score (whole position at R)
is beyond +/-1,500 left out as already decided.

Runs one engine at a time by default (--jobs 1): the machine is shared;
`nice` is the caller's. Fails with a message and exit status 1 on a bad
engine path, an unknown option, a refused FEN or an engine that dies.
"""

import argparse
import hashlib
import json
import os
import queue
import random
import shutil
import statistics
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

MATE = 20000
HERE = os.path.dirname(os.path.abspath(__file__))


class Failure(Exception):
    """A loud failure: printed and exit status 1."""


def parse_spec(spec):
    """[uci:]PATH[:NAME=VALUE...] -> (path, [(name, value)])."""
    parts = spec.split(":")
    if parts[0] == "uci" and len(parts) > 1:
        parts = parts[1:]
    path, opts = parts[0], []
    for p in parts[1:]:
        if "=" not in p:
            raise Failure(f"engine spec '{spec}': option '{p}' is not NAME=VALUE")
        name, value = p.split("=", 1)
        opts.append((name, value))
    found = shutil.which(path) if os.sep not in path else path
    if not found or not os.path.isfile(found) or not os.access(found, os.X_OK):
        raise Failure(f"engine '{path}': no such executable")
    return os.path.abspath(found), opts


class Engine:
    """One UCI engine process, read through a thread so reads can time out."""

    def __init__(self, path, opts, variant="jieqi"):
        self.path = path
        try:
            self.proc = subprocess.Popen(
                [path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL, text=True, bufsize=1)
        except OSError as e:
            raise Failure(f"engine '{path}': {e}")
        self.lines = queue.Queue()
        threading.Thread(target=self._pump, daemon=True).start()
        self.send("uci")
        self.name, self.options = "?", {}
        for line in self.until("uciok", 10):
            if line.startswith("id name "):
                self.name = line[8:].strip()
            elif line.startswith("option name "):
                words = line.split()
                t = words.index("type")
                name = " ".join(words[2:t])
                choices = [words[i + 1] for i, w in enumerate(words)
                           if w == "var" and i + 1 < len(words)]
                self.options[name] = (words[t + 1], choices)
        self.setoption("UCI_Variant", variant)
        for name, value in opts:
            self.setoption(name, value)
        self.ready()

    def _pump(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def send(self, text):
        try:
            self.proc.stdin.write(text + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            raise Failure(f"engine '{self.path}' died (exit status "
                          f"{self.proc.poll()}) before '{text}'")

    def until(self, token, timeout):
        """The lines up to one starting with token (returned last)."""
        deadline = time.monotonic() + timeout
        got = []
        while True:
            left = deadline - time.monotonic()
            try:
                line = self.lines.get(timeout=max(left, 0.01))
            except queue.Empty:
                raise Failure(f"engine '{self.path}': no '{token}' within "
                              f"{timeout:.0f} s")
            if line is None:
                self.proc.wait()
                raise Failure(f"engine '{self.path}' died (exit status "
                              f"{self.proc.returncode}) waiting for '{token}'")
            got.append(line)
            if line.split(" ", 1)[0] == token:
                return got

    def setoption(self, name, value):
        if name not in self.options:
            raise Failure(f"engine '{self.path}' has no option '{name}'")
        kind, choices = self.options[name]
        if kind == "combo" and value not in choices:
            raise Failure(f"engine option {name}: '{value}' is not one of "
                          f"{', '.join(choices)}")
        self.send(f"setoption name {name} value {value}")

    def ready(self):
        self.send("isready")
        for line in self.until("readyok", 30):
            if line.startswith("info string") and (
                    "setoption" in line or "unchanged" in line):
                raise Failure(f"engine '{self.path}': {line[12:]}")

    def search(self, fen, movetime, move=None):
        """(bestmove, score in cp from the side to move, or None)."""
        self.send("ucinewgame")
        self.send(f"position fen {fen}")
        self.send("isready")
        for line in self.until("readyok", 30):
            if line.startswith("info string position"):
                raise Failure(f"engine refused the FEN '{fen}': {line[12:]}")
        go = f"go movetime {movetime}"
        if move:
            go += f" searchmoves {move}"
        self.send(go)
        score = exact = None
        for line in self.until("bestmove", movetime / 1000 + 30):
            w = line.split()
            if line.startswith("info string go"):
                raise Failure(f"engine on '{fen}' {go}: {line[12:]}")
            if w[0] == "info" and "score" in w:
                i = w.index("score")
                if w[i + 1] == "cp":
                    s = int(w[i + 2])
                elif w[i + 1] == "mate":
                    m = int(w[i + 2])
                    s = MATE - abs(m) if m > 0 else -MATE + abs(m)
                else:
                    continue
                score = s
                if "lowerbound" not in w and "upperbound" not in w:
                    exact = s
        best = line.split()[1] if len(line.split()) > 1 else "(none)"
        if best in ("(none)", "0000"):
            raise Failure(f"engine gave no move on '{fen}' ({go})")
        return best, exact if exact is not None else score

    def close(self):
        try:
            self.send("quit")
            self.proc.wait(timeout=5)
        except (Failure, subprocess.TimeoutExpired):
            self.proc.kill()
            self.proc.wait()


def build_id(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    e = Engine(path, [])
    name = e.name
    e.close()
    return f"{name}/{h.hexdigest()[:16]}"


class Reference:
    """The cached alpha-beta scores of whole positions and single moves."""

    def __init__(self, path, reftime, cache_path, jobs):
        self.path, self.reftime, self.cache_path = path, reftime, cache_path
        self.build = build_id(path)
        self.lock = threading.Lock()
        self.cache = {}
        self.searched = 0
        if os.path.exists(cache_path):
            try:
                with open(cache_path) as f:
                    self.cache = json.load(f)
            except (OSError, ValueError) as e:
                raise Failure(f"cache '{cache_path}': {e}")
        self.idle = queue.Queue()
        self.engines = []
        self.jobs = jobs

    def _engine(self):
        try:
            return self.idle.get_nowait()
        except queue.Empty:
            e = Engine(self.path, [("Algorithm", "alphabeta"), ("Threads", "1")])
            with self.lock:
                self.engines.append(e)
            return e

    def key(self, fen, move):
        return f"{self.build}|{self.reftime}|{fen}|{move or '*'}"

    def get(self, fen, move=None):
        """{'move': best or the move, 'score': cp} for the position or move."""
        k = self.key(fen, move)
        with self.lock:
            if k in self.cache:
                return self.cache[k]
        e = self._engine()
        try:
            best, score = e.search(fen, self.reftime, move)
        finally:
            self.idle.put(e)
        if score is None:
            raise Failure(f"reference gave no score on '{fen}' {move or ''}")
        if move and best != move:
            raise Failure(f"reference searched '{best}', not '{move}', on '{fen}'")
        r = {"move": best, "score": score}
        with self.lock:
            self.cache[k] = r
            self.searched += 1
            self._write()
        return r

    def _write(self):
        os.makedirs(os.path.dirname(os.path.abspath(self.cache_path)),
                    exist_ok=True)
        tmp = self.cache_path + ".tmp"
        with open(tmp, "w") as f:
            json.dump(self.cache, f, indent=0, sort_keys=True)
        os.replace(tmp, self.cache_path)

    def loss(self, fen, move):
        """(loss in cp up to LOSS_CLAMP, agreed with the best?)."""
        whole = self.get(fen)
        if move == whole["move"]:
            return 0, True
        value = self.get(fen, move)["score"]
        if value >= whole["score"]:
            return 0, True
        return min(whole["score"] - value, LOSS_CLAMP), False

    def close(self):
        for e in self.engines:
            e.close()


LOSS_CLAMP = 1000


def read_positions(path):
    fens = []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#"):
                fens.append(line)
    if not fens:
        raise Failure(f"'{path}': no positions")
    return fens


def bootstrap(values, reps=4000, seed=1):
    rng = random.Random(seed)
    n = len(values)
    means = sorted(sum(rng.choices(values, k=n)) / n for _ in range(reps))
    return means[int(0.025 * reps)], means[int(0.975 * reps) - 1]


def read_saved(path):
    """{FEN: (move, loss)} from a --save file."""
    rows = {}
    try:
        with open(path) as f:
            for line in f:
                if not line.startswith("#") and line.strip():
                    fen, move, loss = line.rstrip("\n").split("\t")
                    rows[fen] = (move, int(loss))
    except (OSError, ValueError) as e:
        raise Failure(f"'{path}': {e}")
    return rows


def summary(losses, agree, clamp):
    losses = [min(x, clamp) for x in losses]
    n = len(losses)
    mean = sum(losses) / n
    lo, hi = bootstrap(losses)
    sd = statistics.stdev(losses) if n > 1 else 0.0
    print(f"positions  {n}")
    print(f"agreement  {agree} ({100 * agree / n:.1f}%)")
    print(f"mean loss  {mean:.1f} cp (95% bootstrap {lo:.1f} to {hi:.1f}; "
          f"normal +/- {1.96 * sd / n ** 0.5:.1f}); losses clamped at {clamp}")
    print(f"loss>=150  {sum(x >= 150 for x in losses)}")
    print(f"loss 50-149 {sum(50 <= x < 150 for x in losses)}")


def paired(rows, other, name, clamp):
    """rows: [(fen, loss)]; other: {fen: (move, loss)}."""
    diffs = [min(l, clamp) - min(other[f][1], clamp) for f, l in rows
             if f in other]
    if not diffs:
        raise Failure(f"'{name}': no position in common")
    lo, hi = bootstrap(diffs)
    print(f"paired     {len(diffs)} positions, mean loss less {name}'s: "
          f"{sum(diffs) / len(diffs):+.1f} cp (95% bootstrap {lo:+.1f} to "
          f"{hi:+.1f}); clamped at {clamp}")


def compare(args):
    a, b = read_saved(args.files[0]), read_saved(args.files[1])
    for name, rows in (args.files[0], a), (args.files[1], b):
        print(f"== {name}")
        summary([l for _, l in rows.values()],
                sum(l == 0 for _, l in rows.values()), args.clamp)
    paired([(f, l) for f, (_, l) in a.items()], b, args.files[1], args.clamp)


def run(args):
    path, opts = parse_spec(args.engine)
    ref_path = parse_spec(args.reference)[0] if args.reference else path
    try:
        fens = read_positions(args.positions)[: args.limit or None]
    except OSError as e:
        raise Failure(f"positions: {e}")
    ref = Reference(ref_path, args.reftime, args.cache, args.jobs)
    t0 = time.monotonic()

    def one(fen):
        e = Engine(path, opts)
        try:
            move, _ = e.search(fen, args.movetime)
        finally:
            e.close()
        loss, agree = ref.loss(fen, move)
        return fen, move, loss, agree

    try:
        with ThreadPoolExecutor(max_workers=args.jobs) as pool:
            rows = []
            for i, row in enumerate(pool.map(one, fens), 1):
                rows.append(row)
                if args.verbose:
                    print(f"{i:4d} {row[1]:6s} {row[2]:5d} {row[0]}",
                          file=sys.stderr)
    finally:
        ref.close()
    print(f"engine     {args.engine} at movetime {args.movetime} "
          f"(a fresh engine a position)")
    print(f"reference  {ref.build}, alpha-beta at movetime {args.reftime}; "
          f"{ref.searched} new searches, cache {args.cache}")
    summary([r[2] for r in rows], sum(r[3] for r in rows), args.clamp)
    print(f"time       {time.monotonic() - t0:.0f} s")
    if args.save:
        with open(args.save, "w") as f:
            f.write(f"# {args.engine} movetime {args.movetime} "
                    f"reference {ref.build} {args.reftime}\n")
            for fen, move, loss, agree in rows:
                f.write(f"{fen}\t{move}\t{loss}\n")
    if args.against:
        paired([(r[0], r[2]) for r in rows], read_saved(args.against),
               args.against, args.clamp)


def draw(args):
    """Picks the position set from jieqi-pgn-views --from 0 output."""
    games, cur = [], None
    with open(args.views) as f:
        for line in f:
            if line.startswith("# game"):
                cur = []
                games.append(cur)
            elif line.strip():
                cur.append(line.split("\t")[0])
    path = parse_spec(args.engine)[0]
    ref = Reference(path, args.reftime, args.cache, 1)
    kept = decided = 0
    print(f"# bench/move-loss.py draw --seed {args.seed} --reftime "
          f"{args.reftime}: one view a game of {len(games)}, the phase by the "
          f"game's number modulo 3 (plies 6-24, 25-60, 61 to the end less 4),")
    print(f"# reference score beyond +/-1500 left out; reference {ref.build}")
    try:
        for g, views in enumerate(games, 1):
            n = len(views)
            lo, hi = [(6, 24), (25, 60), (61, n - 4)][g % 3]
            hi = min(hi, n - 4)
            if lo > hi:
                lo, hi = 6, n - 4
            if lo > hi:
                continue
            ply = random.Random(args.seed * 1000 + g).randint(lo, hi)
            fen = views[ply]
            score = ref.get(fen)["score"]
            if abs(score) > 1500:
                decided += 1
                continue
            print(fen, flush=True)
            kept += 1
    finally:
        ref.close()
    print(f"{kept} positions kept, {decided} decided left out", file=sys.stderr)


def main():
    default_cache = os.environ.get(
        "JIEQI_MOVE_LOSS_CACHE",
        os.path.join(os.path.expanduser("~"), ".cache", "jieqi",
                     "move-loss-cache.json"))
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("mode", nargs="?", default="run",
                    choices=["run", "draw", "compare"])
    ap.add_argument("files", nargs="*", help="compare: two --save files")
    ap.add_argument("--engine")
    ap.add_argument("--movetime", type=int, default=500)
    ap.add_argument("--reference")
    ap.add_argument("--reftime", type=int, default=1500)
    ap.add_argument("--cache", default=default_cache)
    ap.add_argument("--positions",
                    default=os.path.join(HERE, "move-loss-positions.txt"))
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--save")
    ap.add_argument("--against")
    ap.add_argument("--views")
    ap.add_argument("--seed", type=int, default=18)
    ap.add_argument("--clamp", type=int, default=LOSS_CLAMP)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    try:
        if args.mode == "compare":
            if len(args.files) != 2:
                raise Failure("compare needs two --save files")
            compare(args)
            return
        if not args.engine:
            raise Failure("--engine is required")
        if args.mode == "draw":
            if not args.views:
                raise Failure("draw needs --views")
            draw(args)
        else:
            run(args)
    except Failure as e:
        print(f"move-loss: {e}", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
