"""Time per move of a computer level inside Pyodide (Node), with the default caps.

    python3 bench/ai_pyodide.py --variant four --level master --games 1 --seed 1
    python3 bench/ai_pyodide.py --variant classic,big --level master

Runs the engine from ``py/filler`` inside the Pyodide of ``node_modules/pyodide``
(the npm package the build uses) under Node, as the worker does in the browser
but without the page: ``--level`` plays one seat (seat ``game % seats``) against
greedy players at the others, ``choose(game, level)`` without ``seconds`` (the
default cap that the browser uses), and the time of every call is measured inside
Python, and the CPU time the process used meanwhile (Node's ``process.cpuUsage``:
on a busy machine it shows how little of the clock's time the search had). Prints
the mean and maximum per variant. A benchmark, not a test: the
figures depend on the machine and its load. Standard library only.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from pyodide_node import CPU_CLOCK, MISSING, available, run_python  # noqa: E402  (beside this file)

BENCH = """
import json, sys, time
import filler
from filler.ai import choose, default_seconds
%(cpu_clock)s
out = {"platform": sys.platform, "version": sys.version.split()[0]}
for variant in %(variants)r:
    times = []
    cpus = []
    for number in range(%(games)d):
        game = filler.Game.new(variant, seed=%(seed)d + number)
        seat = number %% game.seats
        while not game.over:
            if game.turn == seat:
                start, used = time.perf_counter(), cpu()
                color = choose(game, %(level)r)
                times.append(time.perf_counter() - start)
                cpus.append(cpu() - used)
            else:
                color = choose(game, "greedy")
            game = game.play(color)
    out[variant] = {"moves": len(times), "cap_ms": round(default_seconds(game) * 1000),
                    "mean_ms": round(1000 * sum(times) / max(1, len(times)), 1),
                    "max_ms": round(1000 * max(times or [0]), 1),
                    "cpu_ms": round(1000 * sum(cpus) / max(1, len(cpus)), 1)}
result = json.dumps(out)
"""


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="four", help="comma-separated variant ids")
    parser.add_argument("--level", default="master")
    parser.add_argument("--games", type=int, default=1, help="games per variant")
    parser.add_argument("--seed", type=int, default=1, help="board seed of the first game")
    args = parser.parse_args(argv)
    if not available():
        print(MISSING, file=sys.stderr)
        return 2
    variants = [v for v in args.variant.split(",") if v]
    try:
        result = json.loads(run_python(BENCH % {"cpu_clock": CPU_CLOCK, "variants": variants, "games": args.games,
                                                "seed": args.seed, "level": args.level}))
    except RuntimeError as error:
        print(error, file=sys.stderr)
        return 1
    print(f"Pyodide {result['version']} ({result['platform']}), level {args.level}, "
          f"{args.games} game(s) per variant against greedy, default caps:")
    for variant in variants:
        r = result[variant]
        print(f"  {variant}: {r['moves']} moves, mean {r['mean_ms']} ms, max {r['max_ms']} ms"
              f" (cap {r['cap_ms']} ms); CPU time mean {r['cpu_ms']} ms (less than the"
              f" clock's when the machine is busy)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
