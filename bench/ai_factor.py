"""The strength command's time factor: CPython seconds per second of the browser's Pyodide.

    python3 bench/ai_factor.py                       # quick, classic, hex
    python3 bench/ai_factor.py --variant big --boards 2

For positions of seeded games (greedy against greedy, after 2, 8 and 14 moves,
as ``ai_nodes.py``), the master's middle-game search runs inside Pyodide under
Node for ``--seconds`` of the wall clock (the time the browser gives it, garbage
collection off as in ``levels.pick``; every position is searched twice and the
second is kept, so the wasm is warm), then in CPython for as many nodes, on the
thread's CPU time. The factor is CPython's time over Pyodide's, per position;
printed per variant: the median and the range, and Pyodide's nodes per second
of the clock. It is what ``ai_strength.py
--factor`` should be for the master in CPython to search what it searches in the
browser. Other work on the machine takes the clock from Pyodide and lowers the
factor (the strength figures then err on the safe side): measure it on a quiet
machine. A benchmark, not a test. Standard library only.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from pyodide_node import MISSING, ROOT, available, run_python  # noqa: E402  (beside this file)

POSITIONS = """
import filler
from filler.ai import choose
from filler.ai.position import Board

def positions(variants, boards, seed):
    for variant in variants:
        for number in range(boards):
            game = filler.Game.new(variant, seed=seed + number)
            for ply in range(15):
                if game.over:
                    break
                if ply in (2, 8, 14):
                    yield variant, Board.from_game(game)
                game = game.play(choose(game, "greedy"))
"""

TIMED = POSITIONS + """
import gc, json, time
from filler.ai.master import analyse
from filler.ai.search import Limits

out = []
for variant, (board, pos) in positions(%(variants)r, %(boards)d, %(seed)d):
    for _ in range(2):
        gc.disable()
        start = time.perf_counter()
        found = analyse(board, pos, Limits(%(seconds)r), solver=False)
        spent = time.perf_counter() - start
        gc.enable()
    out.append([variant, found.nodes, spent])
result = json.dumps(out)
"""


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="quick,classic,hex")
    parser.add_argument("--boards", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=0.9,
                        help="the master's time in the browser (default %(default)s)")
    args = parser.parse_args(argv)
    if not available():
        print(MISSING, file=sys.stderr)
        return 2
    variants = [v for v in args.variant.split(",") if v]
    load = os.getloadavg()[0]
    timed = json.loads(run_python(TIMED % {"variants": variants, "boards": args.boards,
                                           "seed": args.seed, "seconds": args.seconds}))
    sys.path.insert(0, str(ROOT / "py"))
    import gc

    from filler.ai.master import analyse
    from filler.ai.search import Limits
    namespace = {}
    exec(POSITIONS, namespace)
    factors = {}
    searched = {}
    for (variant, (board, pos)), (_, nodes, spent) in zip(
            namespace["positions"](variants, args.boards, args.seed), timed):
        gc.disable()
        start = time.thread_time()
        analyse(board, pos, Limits(max_nodes=nodes), solver=False)
        cpython = time.thread_time() - start
        gc.enable()
        factors.setdefault(variant, []).append(cpython / spent)
        searched.setdefault(variant, []).append(nodes / spent)
    print(f"CPython seconds per second of Pyodide (the master's middle game, "
          f"{args.seconds} s a position in Pyodide; load {load:.1f} to "
          f"{os.getloadavg()[0]:.1f}):")
    for variant, values in factors.items():
        print(f"  {variant}: median {statistics.median(values):.2f}, "
              f"{min(values):.2f}-{max(values):.2f} over {len(values)} positions; "
              f"Pyodide {statistics.median(searched[variant]):,.0f} nodes a second")
    return 0


if __name__ == "__main__":
    sys.exit(main())
