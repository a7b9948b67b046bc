#!/usr/bin/env python3
"""Labels xiangqi positions for bench/tune-eval.c with Fairy-Stockfish's
score at a fixed depth, or with its static evaluation.

    bench/label-positions.py DEPTH OUT GAMES.pgn...
    bench/label-positions.py static OUT GAMES.pgn...

With a DEPTH, every other position of each game from ply 8 on (the random
opening plies are skipped), alternating which half between games, is sent
to /usr/games/fairy-stockfish (UCI_Variant xiangqi) as "position startpos
moves ..." and searched. Positions scored as mates are left out.

With "static", every third position from ply 2 on (the opening included,
where development is learnt), each position once, is scored by the
engine's "eval" command: no search, so the label says what the position
is worth as it stands, and 60,000 positions take minutes.

Each line of OUT is the moves in this program's coordinates (ranks 0-9), a
tab and the score in centipawns for the side to move (the static
evaluation's pawn units times 100).
"""
import re
import subprocess
import sys

FSF = "/usr/games/fairy-stockfish"


def fsf_move(move):
    """Our ranks run 0-9, Fairy-Stockfish's 1-10."""
    return move[0] + str(int(move[1]) + 1) + move[2] + str(int(move[3]) + 1)


def games(paths):
    for path in paths:
        with open(path) as f:
            for game in re.split(r"\n(?=\[Event)", f.read()):
                if 'Variant "xiangqi"' not in game:
                    continue
                body = " ".join(l for l in game.splitlines()
                                if not l.startswith("["))
                yield [t for t in body.split()
                       if re.fullmatch(r"[a-i]\d[a-i]\d", t)]


def ask(engine, moves, command, last):
    """Sets up the position after `moves`, sends `command` and yields the
    engine's lines up to the one starting with `last`."""
    engine.stdin.write("position startpos moves "
                       + " ".join(fsf_move(m) for m in moves)
                       + f"\n{command}\n")
    while True:
        line = engine.stdout.readline()
        if not line or line.startswith(last):
            return
        yield line


def static_score(engine, moves):
    """The "Total evaluation" line, from Red's side, for the side to move."""
    value = None
    for line in ask(engine, moves, "eval\nisready", "readyok"):
        found = re.match(r"Total evaluation: (-?[\d.]+)", line)
        if found:
            value = round(float(found.group(1)) * 100)
    if value is None:
        return None
    return value if len(moves) % 2 == 0 else -value


def search_score(engine, moves, depth):
    """The last score of a search to `depth`, unless it is a mate."""
    score = None
    for line in ask(engine, moves, f"go depth {depth}", "bestmove"):
        found = re.search(r"score (cp|mate) (-?\d+)", line)
        if found:
            score = (found.group(1), int(found.group(2)))
    return score[1] if score and score[0] == "cp" else None


def positions(paths, static):
    """The games' positions to label, as move lists."""
    seen = set()
    for number, moves in enumerate(games(paths)):
        if static:
            for ply in range(2, min(len(moves), 160)):
                key = " ".join(moves[:ply])
                if (ply + number) % 3 == 0 and key not in seen:
                    seen.add(key)
                    yield moves[:ply]
        else:
            for ply in range(8 + number % 2, len(moves), 2):
                yield moves[:ply]


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    depth, out_path, paths = sys.argv[1], sys.argv[2], sys.argv[3:]
    static = depth == "static"
    engine = subprocess.Popen([FSF], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True, bufsize=1)
    engine.stdin.write("uci\nsetoption name UCI_Variant value xiangqi\n"
                       "setoption name Hash value 16\nisready\n")
    while engine.stdout.readline().strip() != "readyok":
        pass
    count = 0
    with open(out_path, "w") as out:
        for moves in positions(paths, static):
            score = (static_score(engine, moves) if static
                     else search_score(engine, moves, depth))
            if score is not None:
                out.write(" ".join(moves) + f"\t{score}\n")
                count += 1
                out.flush()
    engine.stdin.write("quit\n")
    print(f"{count} positions labelled", file=sys.stderr)


if __name__ == "__main__":
    main()
