"""Time of a whole game review inside Pyodide (Node), as the worker runs it.

    python3 bench/review_pyodide.py                      # a quick and a classic game
    python3 bench/review_pyodide.py --variant classic --seed 9   # a 41-move classic game
    python3 bench/review_pyodide.py --variant quick --games 3

Runs ``filler.ai.review`` from ``py/filler`` inside the Pyodide of
``node_modules/pyodide`` under Node (see ``pyodide_node.py``), with the review's
defaults (each position's node budget, ``review.review_nodes``, and its safety
time): a game between the master (2000 nodes a move: the same game every time) and
greedy is played first (not timed), then reviewed. Measured inside Python: the time
to the first result and to the last, on the clock and in CPU time; each position's
analysis alone (CPU time, its nodes per second: median and slowest), which is what
the node budget is chosen from (``review.REVIEW_NODES``: a mid-range phone taken as
half as fast as this machine's core); the results the safety time shortened. A
benchmark, not a test: the clock's figures depend on the machine and its load (print
``uptime`` beside them). Standard library only.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from pyodide_node import CPU_CLOCK, MISSING, available, run_python  # noqa: E402  (beside this file)

BENCH = CPU_CLOCK + """
import json, statistics, sys, time
import filler
from filler.ai import analyse_position, choose, review
from filler.ai.review import SAFETY_SECONDS, positions, review_nodes
out = {"platform": sys.platform, "version": sys.version.split()[0]}
for variant in %(variants)r:
    runs = []
    for number in range(%(games)d):
        game = filler.Game.new(variant, seed=%(seed)d + number)
        while not game.over:
            level = "master" if game.turn == number %% 2 else "greedy"
            game = game.play(choose(game, level, 60, max_nodes=2000 if level == "master" else None))
        start, start_cpu = time.perf_counter(), cpu()
        first = None
        plies = shortened = 0
        marks = {}
        for result in review(game):
            if first is None:
                first = time.perf_counter() - start
            plies += 1
            shortened += result["shortened"]
            marks[result["mark"]] = marks.get(result["mark"], 0) + 1
        total, total_cpu = time.perf_counter() - start, cpu() - start_cpu
        # each position alone: its CPU time and nodes per CPU second
        nodes = review_nodes(game)
        seconds, rates = [], []
        for ply, (position, _) in enumerate(positions(game)):
            began = cpu()
            found = analyse_position(position, SAFETY_SECONDS, max_nodes=nodes, parity=ply %% 2)
            spent = cpu() - began
            seconds.append(spent)
            if found.nodes >= nodes // 2:
                rates.append(found.nodes / spent)
        runs.append({"plies": plies, "nodes": nodes, "first_s": round(first, 2), "total_s": round(total, 2),
                     "cpu_s": round(total_cpu, 2), "position_cpu_median_s": round(statistics.median(seconds), 3),
                     "position_cpu_max_s": round(max(seconds), 3),
                     "rate_median": round(statistics.median(rates)) if rates else None,
                     "rate_min": round(min(rates)) if rates else None,
                     "shortened": shortened, "marks": marks})
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
    print(f"Pyodide {result['version']} ({result['platform']}), review with its node budget per position:")
    for variant in variants:
        for run in result[variant]:
            print(f"  {variant}: {run['plies']} plies, {run['nodes']} nodes a position; first result "
                  f"{run['first_s']} s, whole review {run['total_s']} s on the clock, {run['cpu_s']} s CPU; "
                  f"a position alone {run['position_cpu_median_s']} s CPU (median), "
                  f"{run['position_cpu_max_s']} s (slowest), {run['rate_median']} nodes/s "
                  f"(slowest {run['rate_min']}); shortened {run['shortened']}; marks {run['marks']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
