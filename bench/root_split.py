"""What a second search worker would give: a root split, simulated in one process.

    python3 bench/root_split.py                       # classic, depth 9, 6 boards
    python3 bench/root_split.py --variant hex --depth 8

The browser cannot share a transposition table between two Pyodide workers (no
cross-origin isolation, so no shared memory): the simplest split gives each
worker half of the root's moves (first, third, fifth... and second, fourth...,
ranked by a depth-2 search) to deepen on its own. For positions after 4, 12 and
20 greedy moves of seeded games, this prints the nodes the master needs to
complete ``--depth`` with all root moves, against the larger of the two halves
(the time the pair would take), and whether the pair picks the same move. A
benchmark, not a test: node counts, so the machine's load does not matter.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))

import filler  # noqa: E402
from filler.ai import choose  # noqa: E402
from filler.ai.master import Search  # noqa: E402
from filler.ai.position import Board  # noqa: E402
from filler.ai.search import Limits  # noqa: E402


def nodes_to_depth(board, pos, depth, moves=None):
    """(nodes, (color, value)) of deepening to ``depth`` over ``moves`` at the root
    (all when None)."""

    class Part(Search):
        __slots__ = ()

        def ordered(self, position, first, ply):
            found = Search.ordered(self, position, first, ply)
            if moves is not None and ply == 0 and position is pos:
                found = [move for move in found if move[0] in moves]
            return found

    limits = Limits(None, None)
    search = Part(board, pos.turn, limits)
    order = list(moves) if moves else []
    best = None
    for d in range(1, depth + 1):
        color, value, order, _ = search.root(pos, d, order)
        best = (color, value)
    return limits.nodes, best


def positions(variant: str, boards: int):
    """(seed, moves, board, position) after 4, 12 and 20 greedy moves of the games
    of seeds 1 to ``boards``: the positions these benchmarks measure."""
    for seed in range(1, boards + 1):
        game = filler.Game.new(variant, seed)
        for ply in range(21):
            if game.over:
                break
            if ply in (4, 12, 20):
                yield (seed, ply) + Board.from_game(game)
            game = game.play(choose(game, "greedy"))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="classic")
    parser.add_argument("--depth", type=int, default=9)
    parser.add_argument("--boards", type=int, default=6)
    args = parser.parse_args(argv)
    speedups = []
    for seed, ply, board, pos in positions(args.variant, args.boards):
        whole, best = nodes_to_depth(board, pos, args.depth)
        _, _, order, _ = Search(board, pos.turn, Limits()).root(pos, 2, [])
        halves = [nodes_to_depth(board, pos, args.depth, order[start::2])
                  for start in (0, 1)]
        pair = max(halves, key=lambda half: half[0])[0]
        chosen = max((half[1] for half in halves), key=lambda found: found[1])
        speedups.append(whole / pair)
        print(f"seed {seed} after {ply} moves: {whole} nodes, halves "
              f"{halves[0][0]} and {halves[1][0]}, speed-up {whole / pair:.2f}, "
              f"same move {chosen[0] == best[0]}", flush=True)
    print(f"{args.variant}, depth {args.depth}: speed-up of two workers, median "
          f"{statistics.median(speedups):.2f} (from {min(speedups):.2f} to {max(speedups):.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
