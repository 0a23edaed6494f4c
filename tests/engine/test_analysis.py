"""The analysis board's verdicts (filler.ai.analysis): on small boards the proven ones
are the brute-force values, a bound holds what it claims, an estimate says it is one;
the same position gets the same verdicts in another process."""

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

import filler
from filler.ai import analysis
from filler.ai.review import margin

from test_ai import SMALL_BOARDS
from test_ai_master import value_after

SOLVE = 2_000_000  # nodes: the solver proves every small board
PY = Path(__file__).resolve().parents[2] / "py"


def positions(rows, colors, shape, seed):
    """The positions of a random game on a small board, each with free cells to choose."""
    rng = random.Random(seed)
    game = filler.Game.from_rows(rows, colors=colors, shape=shape)
    while not game.over:
        yield game
        game = game.play(rng.choice(game.legal_colors()))


@pytest.mark.parametrize("rows,colors,shape", SMALL_BOARDS)
def test_proven_verdicts_are_the_brute_force_values(rows, colors, shape):
    memo = {}
    for game in positions(rows, colors, shape, len(rows) * colors):
        for color in game.legal_colors():
            found = analysis.verdict(game, color, nodes=SOLVE)
            truth = value_after(game, color, memo)
            assert found["exact"] and found["kind"] != "estimate", found
            assert found["value"] == truth and found["margin"] == margin(truth)
            assert found["kind"] == ("win" if truth > 0 else "loss" if truth < 0 else "draw")
            assert found["line"][0] == color


def test_a_verdict_cut_short_keeps_what_it_proves_or_says_it_is_an_estimate():
    checked = {"estimate": 0, "bound": 0, "exact": 0}
    for rows, colors, shape in SMALL_BOARDS:
        memo = {}  # (a position's key is its board's own)
        for game in positions(rows, colors, shape, 7):
            for color in game.legal_colors():
                found = analysis.verdict(game, color, nodes=30)
                truth = value_after(game, color, memo)
                if found["kind"] == "estimate":
                    checked["estimate"] += 1
                    assert not found["exact"]
                    continue
                assert found["kind"] == ("win" if truth > 0 else "loss" if truth < 0 else "draw"), found
                if found["exact"]:
                    checked["exact"] += 1
                    assert found["value"] == truth
                else:  # a win by at least, a loss by at least
                    checked["bound"] += 1
                    assert (found["value"] <= truth) if truth > 0 else (found["value"] >= truth), found
    assert checked["exact"] and checked["estimate"], checked


def test_the_summary_names_the_best_color_its_line_and_marks_as_the_review_does():
    game = filler.Game.from_rows(*SMALL_BOARDS[4][:2], shape=SMALL_BOARDS[4][2])
    verdicts = [analysis.verdict(game, color, nodes=SOLVE) for color in game.legal_colors()]
    said = analysis.summary(game, verdicts)
    best = max(verdicts, key=lambda found: (found["value"], -found["color"]))
    assert said["best"] == best["color"] and said["line"] == best["line"]
    assert said["marks"][str(best["color"])] == {"mark": "best", "loss": 0}
    for found in verdicts:
        assert said["marks"][str(found["color"])]["loss"] == max(0, best["margin"] - found["margin"]) or \
            said["marks"][str(found["color"])]["mark"] == "best"
    # side 0 moves first: the bar is the mover's best
    assert said["side0"]["margin"] == best["margin"] and said["side0"]["kind"] == best["kind"]
    with pytest.raises(ValueError):
        analysis.summary(game, verdicts[1:])


def test_think_longer_levels_grow_and_are_bounded():
    game = filler.Game.new("quick", seed=1)
    assert [analysis.nodes_at(game, level) for level in range(analysis.LEVELS)] == [
        analysis.analysis_nodes(game) * analysis.GROWTH ** level for level in range(analysis.LEVELS)]
    for level in (-1, analysis.LEVELS, True, "1"):
        with pytest.raises(ValueError):
            analysis.nodes_at(game, level)


SCRIPT = """
import json, sys
import filler
from filler.ai import analysis
game = filler.Game.new("quick", seed=21)
for color in [0, 3, 1, 4, 2, 5, 0, 3, 1, 4, 2, 5, 0, 3]:
    if color in game.legal_colors():
        game = game.play(color)
print(json.dumps([analysis.verdict(game, color) for color in game.legal_colors()]))
"""


def test_the_same_position_gets_the_same_verdicts_in_two_processes():
    """Bounded by nodes, not by the clock: the verdicts do not depend on the process,
    its hash seed or how busy the machine is (nor on the device, docs/master.md)."""
    answers = []
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONPATH": str(PY), "PYTHONHASHSEED": hash_seed}
        done = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, check=True)
        answers.append(json.loads(done.stdout))
    for found in answers[0]:
        del found["shortened"]  # (the safety stop: never on this machine, as the node counts show)
    for found in answers[1]:
        del found["shortened"]
    assert answers[0] == answers[1]
    assert all(found["nodes"] > 0 for found in answers[0])
