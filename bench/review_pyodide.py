"""Time of a whole game review inside Pyodide (Node), as the worker runs it.

    python3 bench/review_pyodide.py                      # a quick and a classic game
    python3 bench/review_pyodide.py --variant quick --games 3

Runs ``filler.ai.review`` from ``py/filler`` inside the Pyodide of
``node_modules/pyodide`` under Node (see ``pyodide_node.py``), with the review's
default time per position: a game between the greedy player and the master is
played first (not timed), then reviewed, and the time to the first result and to
the last is measured inside Python. A benchmark, not a test: the figures depend
on the machine and its load (print ``uptime`` beside them). Standard library only.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from pyodide_node import MISSING, available, run_python  # noqa: E402  (beside this file)

BENCH = """
import json, sys, time
import filler
from filler.ai import choose, review
out = {"platform": sys.platform, "version": sys.version.split()[0]}
for variant in %(variants)r:
    runs = []
    for number in range(%(games)d):
        game = filler.Game.new(variant, seed=%(seed)d + number)
        while not game.over:
            level = "master" if game.turn == number %% 2 else "greedy"
            game = game.play(choose(game, level, 0.1 if level == "master" else None))
        start = time.perf_counter()
        first = None
        plies = 0
        marks = {}
        for result in review(game):
            if first is None:
                first = time.perf_counter() - start
            plies += 1
            marks[result["mark"]] = marks.get(result["mark"], 0) + 1
        runs.append({"plies": plies, "first_s": round(first, 2),
                     "total_s": round(time.perf_counter() - start, 2), "marks": marks})
    out[variant] = runs
result = json.dumps(out)
"""


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="quick,classic", help="comma-separated variant ids")
    parser.add_argument("--games", type=int, default=1, help="games per variant")
    parser.add_argument("--seed", type=int, default=1, help="board seed of the first game")
    args = parser.parse_args(argv)
    if not available():
        print(MISSING, file=sys.stderr)
        return 2
    variants = [v for v in args.variant.split(",") if v]
    try:
        result = json.loads(run_python(BENCH % {"variants": variants, "games": args.games,
                                                "seed": args.seed}))
    except RuntimeError as error:
        print(error, file=sys.stderr)
        return 1
    print(f"Pyodide {result['version']} ({result['platform']}), review with the default time per position:")
    for variant in variants:
        for run in result[variant]:
            print(f"  {variant}: {run['plies']} plies, first result {run['first_s']} s, "
                  f"whole review {run['total_s']} s, marks {run['marks']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
