"""The same (variant, seed) gives the same board in Pyodide as in CPython.

Runs the engine inside Pyodide under Node (the npm package the build uses) and
compares every golden fingerprint and one whole replayed game.  Skipped when
Node or the pyodide package is not installed.
"""

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from filler import Game

ROOT = Path(__file__).resolve().parents[2]
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
py.FS.writeFile("/home/pyodide/check.py", fs.readFileSync(%(check)s));
console.log(await py.runPythonAsync(
  'import sys; sys.path.insert(0, "/home/pyodide"); ns = {}; ' +
  'exec(open("/home/pyodide/check.py").read(), ns); ns["result"]'));
"""

CHECK = """
import hashlib, json, sys
from filler import Game
GOLDEN = %(golden)s
def fingerprint(game):
    data = [game.color_rows(), game.cell_values(), game.walls(), game.paint(), game.crown,
            [game.start_cells(s) for s in range(game.seats)]]
    return hashlib.sha256(json.dumps(data).encode()).hexdigest()[:16]
prints = {}
for key in GOLDEN:
    parts = key.split("/")
    if parts[0] == "practice":
        _, shape, w, h, k, seed = parts
        g = Game.new("practice", seed=int(seed), shape=shape, width=int(w), height=int(h),
                     colors=int(k))
    else:
        g = Game.new(parts[0], seed=int(parts[1]))
    prints[key] = fingerprint(g)
result = json.dumps({"version": sys.version.split()[0], "fingerprints": prints,
                     "game": %(game)s})
"""

GAME = """(lambda: (lambda g: [g.end_reason, list(g.winners), g.to_record()])(
    __import__("functools").reduce(
        lambda g, i: g if g.over else g.play(g.legal_colors()[i % len(g.legal_colors())]),
        range(400), Game.new("treasure", seed=11))))()"""


def replayed_game():
    g = Game.new("treasure", seed=11)
    for i in range(400):
        if not g.over:
            legal = g.legal_colors()
            g = g.play(legal[i % len(legal)])
    return [g.end_reason, list(g.winners), g.to_record()]


@pytest.mark.skipif(not shutil.which("node") or not (PYODIDE / "pyodide.mjs").exists(),
                    reason="needs node and node_modules/pyodide (npm install)")
def test_boards_and_games_are_identical_in_pyodide(tmp_path):
    golden = json.loads((Path(__file__).parent / "golden_boards.json").read_text())
    check = tmp_path / "check.py"
    check.write_text(CHECK % {"golden": repr(golden["fingerprints"]), "game": GAME})
    runner = tmp_path / "run.mjs"
    runner.write_text(RUNNER % {
        "module": json.dumps(str(PYODIDE / "pyodide.mjs")),
        "index": json.dumps(str(PYODIDE) + "/"),
        "package": json.dumps(str(ROOT / "py" / "filler")),
        "check": json.dumps(str(check)),
    })
    done = subprocess.run(["node", str(runner)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["version"].startswith("3.")
    assert result["fingerprints"] == golden["fingerprints"]
    assert result["game"] == json.loads(json.dumps(replayed_game()))
