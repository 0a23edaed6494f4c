"""Iterative deepening a ply a step against two plies a step: nodes to complete a depth.

    python3 bench/deepening.py                        # classic, depth 10, 6 boards
    python3 bench/deepening.py --variant hex --depth 11

For positions after 4, 12 and 20 greedy moves of seeded games, the master's
middle-game search deepens to ``--depth`` over every depth (1, 2, 3, ...) and
over 1, 2 and every second depth after (4, 6, ...), and this prints the nodes
each needs and whether both end with the same move and value (alpha-beta's value
at a depth does not depend on the way there; the table's order may still change
which of two equal moves comes first). Node counts: the machine's load does not
matter.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from filler.ai.master import Search  # noqa: E402
from filler.ai.search import Limits  # noqa: E402
from root_split import positions  # noqa: E402  (beside this file)


def every_second(depth):
    """1, 2, 4, 6, ... and ``depth``."""
    return sorted({1, 2, *range(4, depth + 1, 2), depth} - {d for d in (1, 2) if d > depth})


def deepen(board, pos, steps):
    """(nodes, color, value) after searching the root at each depth of ``steps``."""
    limits = Limits()
    search = Search(board, pos.turn, limits)
    order = []
    for depth in steps:
        color, value, order, _ = search.root(pos, depth, order)
    return limits.nodes, color, value


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="classic")
    parser.add_argument("--depth", type=int, default=10)
    parser.add_argument("--boards", type=int, default=6)
    args = parser.parse_args(argv)
    ratios = []
    same = 0
    for seed, ply, board, pos in positions(args.variant, args.boards):
        every = deepen(board, pos, range(1, args.depth + 1))
        second = deepen(board, pos, every_second(args.depth))
        ratios.append(every[0] / second[0])
        same += every[1:] == second[1:]
        print(f"seed {seed} after {ply} moves: every depth {every[0]} nodes, every "
              f"second {second[0]} ({every[0] / second[0]:.2f} times fewer); move and "
              f"value {every[1:]} and {second[1:]}", flush=True)
    print(f"{args.variant}, depth {args.depth}: every second depth needs "
          f"{statistics.median(ratios):.2f} times fewer nodes (median; "
          f"{min(ratios):.2f} to {max(ratios):.2f}); the same move and value in {same} of "
          f"{len(ratios)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
