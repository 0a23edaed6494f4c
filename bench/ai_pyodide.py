"""Time per move of a computer level inside Pyodide (Node), with the default caps.

    python3 bench/ai_pyodide.py --variant four --level master --games 1 --seed 1
    python3 bench/ai_pyodide.py --variant classic,big --level master

Runs the engine from ``py/filler`` inside the Pyodide of ``node_modules/pyodide``
(the npm package the build uses) under Node, as the worker does in the browser
but without the page: ``--level`` plays one seat (seat ``game % seats``) against
greedy players at the others, ``choose(game, level)`` without ``seconds`` (the
default cap that the browser uses), and the time of every call is measured inside
Python. Prints the mean and maximum per variant. A benchmark, not a test: the
figures depend on the machine and its load. Standard library only.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYODIDE = ROOT / "node_modules" / "pyodide"

RUNNER = """
import { loadPyodide } from %(module)s;
import fs from "fs";
import path from "path";
const py = await loadPyodide({ indexURL: %(index)s });
function copy(dir, dest) {
  py.FS.mkdirTree(dest);
  for (const name of fs.readdirSync(dir)) {
    const p = path.join(dir, name);
    if (fs.statSync(p).isDirectory()) { if (name !== "__pycache__") copy(p, dest + "/" + name); }
    else if (name.endsWith(".py")) py.FS.writeFile(dest + "/" + name, fs.readFileSync(p));
  }
}
copy(%(package)s, "/home/pyodide/filler");
py.FS.writeFile("/home/pyodide/bench.py", fs.readFileSync(%(bench)s));
console.log(await py.runPythonAsync(
  'import sys; sys.path.insert(0, "/home/pyodide"); ns = {}; ' +
  'exec(open("/home/pyodide/bench.py").read(), ns); ns["result"]'));
"""

BENCH = """
import json, sys, time
import filler
from filler.ai import choose, default_seconds
out = {"platform": sys.platform, "version": sys.version.split()[0]}
for variant in %(variants)r:
    times = []
    for number in range(%(games)d):
        game = filler.Game.new(variant, seed=%(seed)d + number)
        seat = number %% game.seats
        while not game.over:
            if game.turn == seat:
                start = time.perf_counter()
                color = choose(game, %(level)r)
                times.append(time.perf_counter() - start)
            else:
                color = choose(game, "greedy")
            game = game.play(color)
    out[variant] = {"moves": len(times), "cap_ms": round(default_seconds(game) * 1000),
                    "mean_ms": round(1000 * sum(times) / max(1, len(times)), 1),
                    "max_ms": round(1000 * max(times or [0]), 1)}
result = json.dumps(out)
"""


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="four", help="comma-separated variant ids")
    parser.add_argument("--level", default="master")
    parser.add_argument("--games", type=int, default=1, help="games per variant")
    parser.add_argument("--seed", type=int, default=1, help="board seed of the first game")
    args = parser.parse_args(argv)
    node = shutil.which("node")
    if node is None or not (PYODIDE / "pyodide.mjs").exists():
        print("needs node and node_modules/pyodide (npm install, as for the build)",
              file=sys.stderr)
        return 2
    variants = [v for v in args.variant.split(",") if v]
    with tempfile.TemporaryDirectory() as tmp:
        bench = Path(tmp) / "bench.py"
        bench.write_text(BENCH % {"variants": variants, "games": args.games,
                                  "seed": args.seed, "level": args.level})
        runner = Path(tmp) / "run.mjs"
        runner.write_text(RUNNER % {
            "module": json.dumps((PYODIDE / "pyodide.mjs").as_uri()),
            "index": json.dumps(str(PYODIDE) + "/"),
            "package": json.dumps(str(ROOT / "py" / "filler")),
            "bench": json.dumps(str(bench))})
        done = subprocess.run([node, str(runner)], capture_output=True, text=True)
    if done.returncode != 0:
        print(done.stderr, file=sys.stderr)
        return done.returncode
    result = json.loads(done.stdout.strip().splitlines()[-1])
    print(f"Pyodide {result['version']} ({result['platform']}), level {args.level}, "
          f"{args.games} game(s) per variant against greedy, default caps:")
    for variant in variants:
        r = result[variant]
        print(f"  {variant}: {r['moves']} moves, mean {r['mean_ms']} ms, max {r['max_ms']} ms"
              f" (cap {r['cap_ms']} ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
