"""How many plies before the end the master's ending solver proves a game, per second of CPU.

    python3 bench/solver_reach.py --pyodide                  # inside Pyodide (Node), 1 s
    python3 bench/solver_reach.py --variant quick --games 10 --seconds 0.4   # CPython

For each seeded game (the master against itself with a node budget, so the game
repeats), the solver (``Search.solve``) gets ``--seconds`` of CPU time on each
position, going back from the last move until it first fails to prove the
result. Prints per game the plies before the end (and the free cells) of the
earliest position it proved, and the median per variant; "margin" counts the
positions where the best final margin was proven too. CPU time: the thread's in
CPython, Node's ``process.cpuUsage`` in Pyodide, so a busy machine slows the run
but not the solver. A benchmark, not a test. Standard library only.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from ai_nodes import measure  # noqa: E402  (beside this file)
from pyodide_node import CPU_CLOCK, MISSING, available  # noqa: E402

BENCH = """
import json, sys, time
import filler
from filler.ai import choose
from filler.ai.master import Search
from filler.ai.position import Board
from filler.ai.search import Limits
%(cpu_clock)s
out = {"platform": sys.platform, "version": sys.version.split()[0]}
for variant in %(variants)r:
    rows = []
    for number in range(%(games)d):
        game = filler.Game.new(variant, seed=%(seed)d + number)
        history = []
        while not game.over:
            history.append(game)
            game = game.play(choose(game, "master", 60.0, max_nodes=%(nodes)d))
        proved = margin = None
        exact = True    # every margin proved so far
        for back, position in enumerate(reversed(history), start=1):
            board, pos = Board.from_game(position)
            found = Search(board, pos.turn, Limits(%(seconds)r, None, cpu)).solve(pos)
            if found is None:
                break
            proved = (back, pos.free.bit_count())
            exact = exact and found.exact
            if exact:
                margin = proved
        rows.append({"seed": %(seed)d + number, "plies": len(history), "proved": proved,
                     "margin": margin})
    out[variant] = rows
result = json.dumps(out)
"""


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="quick,classic")
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per position")
    parser.add_argument("--nodes", type=int, default=3000,
                        help="the master's node budget in the games it plays")
    parser.add_argument("--pyodide", action="store_true", help="inside Pyodide under Node")
    args = parser.parse_args(argv)
    if args.pyodide and not available():
        print(MISSING, file=sys.stderr)
        return 2
    variants = [v for v in args.variant.split(",") if v]
    source = BENCH % {"cpu_clock": CPU_CLOCK, "variants": variants, "games": args.games, "seed": args.seed,
                      "seconds": args.seconds, "nodes": args.nodes}
    result = measure(source, None, args.pyodide)
    where = "Pyodide" if args.pyodide else "CPython"
    print(f"ending solver in {where} {result['version']}, {args.seconds} s of CPU a position:")
    for variant in variants:
        rows = result[variant]
        for row in rows:
            print(f"  {variant} seed {row['seed']}: {row['plies']} plies; result proved from "
                  f"{_back(row['proved'])}, margin from {_back(row['margin'])}")
        backs = [row["proved"][0] for row in rows if row["proved"]]
        margins = [row["margin"][0] for row in rows if row["margin"]]
        cells = [row["proved"][1] for row in rows if row["proved"]]
        if backs:
            print(f"  {variant}: result proved from {min(backs)}-{max(backs)} plies before the"
                  f" end (median {statistics.median(backs)}; {min(cells)}-{max(cells)} free"
                  f" cells); margin from median {statistics.median(margins or [0])} plies")
    return 0


def _back(found) -> str:
    return "nowhere" if found is None else f"{found[0]} plies before the end ({found[1]} free)"


if __name__ == "__main__":
    sys.exit(main())
