#!/usr/bin/env python3
"""Wall time of the same fixed-depth jieqi searches in two engine builds,
paired: both engines stay up; each round, on each of the five positions of
`jieqi-cli bench --movetime`, each engine gets `ucinewgame` (a cleared
table and histories) then `go depth DEPTH`, one right after the other
(the order flipped every round), timed from `go` to `bestmove`. One search
each first maps their memory, as in a match. Prints per position the
median ms and the median of the paired B/A ratios, then the geometric mean
of all paired ratios with its standard error. Both builds must search the
same nodes (checked). On a shared machine only pairs taken side by side
compare: give the load average with the figures.

  bench/paired-speed.py DEPTH ROUNDS ENGINE_A ENGINE_B

Environment: HASH=MB for both engines (default theirs); NOCLEAR=1 keeps the
table between searches (no `ucinewgame`); POS=0,2 picks positions.
"""
import math
import os
import statistics
import subprocess
import sys
import time

FENS = [
    "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w A2B2N2R2C2P5a2b2n2r2c2p5 - 0 1",
    "xxxxkxxxx/9/1x2c4/x1x1x1x1x/9/9/X1X1X1X1X/1X2C4/9/XXXXKXXXX w A2B2N2R2C1P5a2b2n2r2c1p5 - 2 2",
    "xRxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/7X1/9/XXXXKXXXX b A2B2N2R1C2P5a2b2n1r2c2p5 n1 0 1",
    "xrx1kx1n1/4a4/1x2c2x1/p1x3x1p/4p4/2P3R2/P3X1X1P/1C5C1/9/1NBAK1XXX b A1B1N1R1P2a1b2n1r1c1p2 - 3 12",
    "x2akx3/9/1x2b4/p3R3p/9/2C6/P7P/9/4A4/2X1KX3 w N1R1a1r1c1 - 0 30",
]


def start(engine):
    p = subprocess.Popen(["nice", "-n", "5", engine], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, text=True, bufsize=1)
    opts = "setoption name UCI_Variant value jieqi\n"
    if os.environ.get("HASH"):
        opts += "setoption name Hash value %s\n" % os.environ["HASH"]
    p.stdin.write("uci\n" + opts + "isready\n")
    p.stdin.flush()
    while p.stdout.readline().strip() != "readyok":
        pass
    return p


def run(p, fen, depth):
    new = "" if os.environ.get("NOCLEAR") else "ucinewgame\n"
    p.stdin.write(new + "position fen %s\nisready\n" % fen)
    p.stdin.flush()
    while p.stdout.readline().strip() != "readyok":
        pass
    t = time.perf_counter()
    p.stdin.write("go depth %d\n" % depth)
    p.stdin.flush()
    nodes = None
    for line in p.stdout:
        if line.startswith("bestmove"):
            break
        if line.startswith("info depth") and " nodes " in line:
            w = line.split()
            nodes = int(w[w.index("nodes") + 1])
    return (time.perf_counter() - t) * 1000, nodes


def main():
    depth, rounds = int(sys.argv[1]), int(sys.argv[2])
    a, b = sys.argv[3], sys.argv[4]
    fens = FENS
    if os.environ.get("POS"):
        fens = [FENS[int(i)] for i in os.environ["POS"].split(",")]
    procs = {a: start(a), b: start(b)}
    for e in (a, b):
        run(procs[e], fens[0], depth)
    ms = {a: [[] for _ in fens], b: [[] for _ in fens]}
    ratios = [[] for _ in fens]
    nodes = [None] * len(fens)
    for r in range(rounds):
        for i, fen in enumerate(fens):
            got = {}
            for e in ((a, b) if r % 2 == 0 else (b, a)):
                got[e] = run(procs[e], fen, depth)
                ms[e][i].append(got[e][0])
            if got[a][1] != got[b][1]:
                sys.exit("position %d: %s nodes against %s" %
                         (i, got[a][1], got[b][1]))
            nodes[i] = got[a][1]
            ratios[i].append(got[b][0] / got[a][0])
    logs = []
    for i in range(len(fens)):
        logs += [math.log(x) for x in ratios[i]]
        print("position %d: %s nodes, A %.0f ms, B %.0f ms (medians), "
              "B/A paired median %.3f" %
              (i, nodes[i], statistics.median(ms[a][i]),
               statistics.median(ms[b][i]), statistics.median(ratios[i])))
    g = math.exp(sum(logs) / len(logs))
    se = g * statistics.stdev(logs) / math.sqrt(len(logs))
    print("B/A: geometric mean %.3f (+/- %.3f, 1 s.e.) over %d pairs" %
          (g, se, len(logs)))
    for p in procs.values():
        p.stdin.write("quit\n")
        p.stdin.flush()
        p.wait()


if __name__ == "__main__":
    main()
