"""The master's search speed: nodes per second per variant, in CPython and Pyodide.

    python3 bench/ai_nodes.py                          # this tree and 15f5e0b, CPython
    python3 bench/ai_nodes.py --pyodide                # the same inside Pyodide (Node)
    python3 bench/ai_nodes.py --against none --variant classic --nodes 5000

For each variant, positions from seeded games (greedy against greedy, after 2, 8
and 14 moves) are searched by the master with a node budget (``--nodes``), best
of ``--repeat`` runs each, on CPU time (CPython: the thread's; Pyodide: Node's);
nodes per second is the total of nodes over the total of time. A node is one
position the search visits (each leaf it evaluates counts). ``--against``
measures a git commit's master in the same process (unpacked with ``git
archive``, imported as ``filler_<commit>``), the two runs alternating on every
position so that a busy moment of the machine hits both. A benchmark, not a test: figures depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from pyodide_node import CPU_CLOCK, MISSING, ROOT, available, run_python  # noqa: E402  (beside this file)

BENCH = """
import contextlib, importlib, json, sys, time
import filler
from filler.ai import choose
%(cpu_clock)s

def searcher(name):
    Board = importlib.import_module(name + ".ai.position").Board
    search = importlib.import_module(name + ".ai.search")
    try:
        Search = importlib.import_module(name + ".ai.master").Search
    except ImportError:        # a master from before filler.ai.master: iterate
        Search = None

    # as a move in play (levels.pick): a master that pauses the cycle collector keeps it
    # paused until its search and table are dropped (re-enabled while the table lives,
    # the collector's first pass goes over all of it, which play never pays)
    paused = getattr(search, "collector_paused", contextlib.nullcontext)

    def run(game, nodes):
        board, pos = Board.from_game(game)
        limits = search.Limits(None, nodes)
        start = cpu()
        with paused():
            if Search is not None:
                Search(board, pos.turn, limits).deepen(pos)
            else:
                for _ in search.iterate(board, pos, limits, reach_weight=1.0, max_depth=64):
                    pass
        return min(limits.nodes, nodes), cpu() - start
    return run

runs = [searcher(name) for name in %(packages)r]
out = {"platform": sys.platform, "version": sys.version.split()[0]}
for variant in %(variants)r:
    nodes = [0] * len(runs)
    seconds = [0.0] * len(runs)
    for number in range(%(boards)d):
        game = filler.Game.new(variant, seed=%(seed)d + number)
        for ply in range(15):
            if game.over:
                break
            if ply in (2, 8, 14):
                best = [None] * len(runs)
                for _ in range(%(repeat)d):   # alternate, so that a busy moment hits all
                    for i, run in enumerate(runs):
                        n, t = run(game, %(nodes)d)
                        if best[i] is None or t / max(1, n) < best[i][1] / max(1, best[i][0]):
                            best[i] = (n, t)
                for i, (n, t) in enumerate(best):
                    nodes[i] += n
                    seconds[i] += t
            game = game.play(choose(game, "greedy"))
    out[variant] = [round(n / t) for n, t in zip(nodes, seconds)]
result = json.dumps(out)
"""


def package_name(commit: str) -> str:
    return "filler_" + re.sub(r"\W", "_", commit)


def unpack(commit: str, folder: Path) -> Path:
    """``py/filler`` of ``commit`` as ``folder/filler_<commit>``."""
    archive = folder / "old.tar"
    with open(archive, "wb") as out:
        subprocess.run(["git", "-C", str(ROOT), "archive", commit, "py/filler"], stdout=out,
                       check=True)
    with tarfile.open(archive) as tar:
        tar.extractall(folder, filter="data")
    target = folder / package_name(commit)
    (folder / "py" / "filler").rename(target)
    return target


def measure(source: str, extra: Path | None, pyodide: bool) -> dict:
    if pyodide:
        return json.loads(run_python(source, extra=extra))
    paths = [str(ROOT / "py")] + ([str(extra.parent)] if extra else [])
    code = "import sys; sys.path[:0] = %r\n" % paths + source
    done = subprocess.run([sys.executable, "-c", code + "\nprint(result)"],
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="quick,classic,hex,big,duos")
    parser.add_argument("--boards", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--nodes", type=int, default=4000)
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--against", default="15f5e0b", help="git commit to compare, or none")
    parser.add_argument("--pyodide", action="store_true", help="inside Pyodide under Node")
    args = parser.parse_args(argv)
    if args.pyodide and not available():
        print(MISSING, file=sys.stderr)
        return 2
    variants = [v for v in args.variant.split(",") if v]
    names = ["this tree"] + ([args.against] if args.against != "none" else [])
    packages = ["filler"] + ([package_name(args.against)] if args.against != "none" else [])
    source = BENCH % {"cpu_clock": CPU_CLOCK, "variants": variants, "boards": args.boards, "seed": args.seed,
                      "nodes": args.nodes, "repeat": args.repeat, "packages": packages}
    with tempfile.TemporaryDirectory() as tmp:
        extra = unpack(args.against, Path(tmp)) if args.against != "none" else None
        result = measure(source, extra, args.pyodide)
    where = "Pyodide" if args.pyodide else "CPython"
    print(f"master nodes per second in {where} {result['version']}, "
          f"{args.nodes} nodes per position:")
    print("| variant | " + " | ".join(names) + " |" + (" ratio |" if len(names) > 1 else ""))
    for variant in variants:
        cells = result[variant]
        ratio = f" {cells[0] / cells[1]:.2f} |" if len(cells) > 1 else ""
        print(f"| {variant} | " + " | ".join(str(c) for c in cells) + " |" + ratio)
    return 0


if __name__ == "__main__":
    sys.exit(main())
