#!/usr/bin/env python3
"""Adds the project's own search score to labelled jieqi positions.

    bench/score-jieqi-positions.py ENGINE NODES EVERY IN OUT

IN is what jieqi-pgn-views writes: "# game N" lines and "FEN<tab>RESULT"
lines. Every EVERY-th position (the rest keep only their result) is sent to
ENGINE (jieqi-engine, UCI_Variant jieqi) as "position fen FEN" and searched
with "go nodes NODES"; the last "score cp" it reports, for the side to move,
becomes a third column. Mate scores are written as "-" (no score: the
result stands alone). OUT has "FEN<tab>RESULT<tab>SCORE" lines, SCORE "-"
where none, ready for jieqi-tune-eval.
"""
import subprocess
import sys


def search(engine, fen, nodes):
    engine.stdin.write(f"position fen {fen}\ngo nodes {nodes}\n")
    engine.stdin.flush()
    score = None
    for line in engine.stdout:
        words = line.split()
        if words and words[0] == "info" and "score" in words:
            i = words.index("score")
            score = int(words[i + 2]) if words[i + 1] == "cp" else None
        elif words and words[0] == "bestmove":
            return score
    raise RuntimeError("the engine stopped answering")


def main():
    if len(sys.argv) != 6:
        sys.exit(__doc__)
    path, nodes, every = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    engine = subprocess.Popen([path], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True, bufsize=1)
    engine.stdin.write("uci\nsetoption name UCI_Variant value jieqi\n"
                       "isready\n")
    engine.stdin.flush()
    for line in engine.stdout:
        if line.strip() == "readyok":
            break
    count = scored = 0
    with open(sys.argv[4]) as src, open(sys.argv[5], "w") as out:
        for line in src:
            if line.startswith("#"):
                engine.stdin.write("ucinewgame\n")
                out.write(line)
                continue
            fen, result = line.rstrip("\n").split("\t")[:2]
            score = None
            if count % every == 0:
                score = search(engine, fen, nodes)
                scored += score is not None
            count += 1
            out.write(f"{fen}\t{result}\t"
                      f"{'-' if score is None else score}\n")
    engine.stdin.write("quit\n")
    engine.stdin.close()
    engine.wait()
    print(f"{count} positions, {scored} scored", file=sys.stderr)


if __name__ == "__main__":
    main()
