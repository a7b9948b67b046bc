#!/usr/bin/env python3
"""How long the engine thinks on the first move of jieqi and of xiangqi
under a few clocks, each from a fresh engine process.

    bench/time-use.py ENGINE

ENGINE is a jieqi-engine binary. Prints, per position and `go` command, the
milliseconds from `go` to `bestmove` and the last depth reported.
"""
import subprocess
import sys
import time

JIEQI_START = ("xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX "
               "w A2B2N2R2C2P5a2b2n2r2c2p5 - 0 1")
POSITIONS = [("jieqi start", "fen " + JIEQI_START),
             ("xiangqi start", "startpos")]
GOS = ["wtime 60000 btime 60000 winc 1000 binc 1000",
       "wtime 300000 btime 300000 winc 0 binc 0",
       "movetime 500"]


def think(engine, spec, go):
    p = subprocess.Popen([engine], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, text=True, bufsize=1)
    p.stdin.write("uci\nisready\n")
    p.stdin.flush()
    while p.stdout.readline().strip() != "readyok":
        pass
    p.stdin.write(f"position {spec}\ngo {go}\n")
    p.stdin.flush()
    start = time.time()
    depth = None
    for line in p.stdout:
        if line.startswith("info depth"):
            depth = line.split()[2]
        if line.startswith("bestmove"):
            break
    ms = (time.time() - start) * 1000
    p.stdin.write("quit\n")
    p.stdin.flush()
    p.wait()
    return ms, depth


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    for name, spec in POSITIONS:
        for go in GOS:
            ms, depth = think(sys.argv[1], spec, go)
            print(f"{name:14s} | go {go:45s} | {ms:6.0f} ms | depth {depth}")


if __name__ == "__main__":
    main()
