"""Is it the same search? The master of this tree against a git commit's, position by position.

    python3 bench/master_same.py                  # against HEAD (uncommitted changes)
    python3 bench/master_same.py --against 15f5e0b --out /tmp/same

A change that only makes the master's nodes cheaper must keep its search: the
same moves, values, depths, principal lines and node counts. On positions of
seeded greedy-against-greedy games of every two-sided variant (and three
practice boards), after 2, 5, 9 and 14 moves and every third move after the 14th to
the end (where the ending solver runs), this runs ``analyse`` with a node budget
and ``Search.deepen`` alone, in each tree (the commit's unpacked with ``git
archive``, as in ai_nodes.py), and prints how many positions give the same
(color, value, exact, line, depth, nodes). Exit status 1 if any differs.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from ai_nodes import ROOT, package_name, unpack  # noqa: E402  (beside this file)

GAMES = [("quick", {}, 20), ("classic", {}, 5), ("hex", {}, 5), ("duos", {}, 5),
         ("vinco", {}, 4), ("diamonds", {}, 3), ("walls", {}, 4), ("treasure", {}, 4),
         ("big", {}, 2), ("three", {}, 4),
         ("practice", {"shape": "hex", "width": 9, "height": 9, "colors": 4}, 3),
         ("practice", {"shape": "square", "width": 10, "height": 6, "colors": 9}, 3),
         ("practice", {"shape": "square", "width": 7, "height": 7, "colors": 3}, 3)]

RUN = """
import importlib, json
import filler
from filler.ai import choose
name = %(package)r
Board = importlib.import_module(name + ".ai.position").Board
Limits = importlib.import_module(name + ".ai.search").Limits
master = importlib.import_module(name + ".ai.master")
out = {}
for variant, options, count in %(games)r:
    for seed in range(count):
        game = filler.Game.new(variant, seed=seed, **options)
        ply = 0
        while not game.over:
            if ply in (2, 5, 9, 14) or (ply > 14 and ply %% 3 == 0):
                board, pos = Board.from_game(game)
                if board.sides == 2:
                    found = master.analyse(board, pos, Limits(max_nodes=%(nodes)d))
                    alone = master.Search(board, pos.turn,
                                          Limits(max_nodes=%(deepen)d)).deepen(pos)
                    out["%%s %%s %%d %%d" %% (variant, options, seed, ply)] = [
                        None if a is None else [a.color, a.value, a.exact, a.line, a.depth,
                                                a.nodes, a.solved]
                        for a in (found, alone)]
            game = game.play(choose(game, "greedy"))
            ply += 1
print(json.dumps(out))
"""


def results(package: str, extra: Path | None, nodes: int) -> dict:
    paths = [str(ROOT / "py")] + ([str(extra.parent)] if extra else [])
    code = "import sys; sys.path[:0] = %r\n" % paths + RUN % {
        "package": package, "games": GAMES, "nodes": nodes, "deepen": nodes * 5 // 6}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, env={**os.environ, "PYTHONHASHSEED": "0"})
    return json.loads(done.stdout)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", default="HEAD", help="git commit to compare")
    parser.add_argument("--nodes", type=int, default=3000, help="analyse's node budget")
    parser.add_argument("--out", help="folder for both trees' results (JSON)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        old = results(package_name(args.against), unpack(args.against, Path(tmp)), args.nodes)
    new = results("filler", None, args.nodes)
    if args.out:
        Path(args.out).mkdir(parents=True, exist_ok=True)
        for name, data in (("this-tree", new), (args.against, old)):
            (Path(args.out) / f"{name}.json").write_text(json.dumps(data, indent=0, sort_keys=True))
    differ = [key for key in new if new[key] != old.get(key)] + [
        key for key in old if key not in new]
    for key in differ[:10]:
        print(f"differs: {key}\n  this tree: {new.get(key)}\n  {args.against}: {old.get(key)}")
    print(f"{len(new) - len(differ)} of {len(new)} positions the same as {args.against}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
