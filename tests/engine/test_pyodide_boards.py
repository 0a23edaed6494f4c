"""The same (variant, seed) gives the same board in Pyodide as in CPython.

Runs the engine inside Pyodide under Node (the npm package the build uses) and
compares every golden fingerprint and one whole replayed game.  Skipped when
Node or the pyodide package is not installed.
"""

import json
import sys
from pathlib import Path

import pytest

from filler import Game

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))
from pyodide_node import available, run_python  # noqa: E402  (bench/pyodide_node.py)

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


@pytest.mark.skipif(not available(), reason="needs node and node_modules/pyodide (npm install)")
def test_boards_and_games_are_identical_in_pyodide():
    golden = json.loads((Path(__file__).parent / "golden_boards.json").read_text())
    result = json.loads(run_python(CHECK % {"golden": repr(golden["fingerprints"]), "game": GAME},
                                   timeout=300))
    assert result["version"].startswith("3.")
    assert result["fingerprints"] == golden["fingerprints"]
    assert result["game"] == json.loads(json.dumps(replayed_game()))
