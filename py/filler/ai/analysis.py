"""The analysis board's verdicts: what each legal color of a position is worth.

``verdict(game, color, level)`` plays ``color`` and has the master analyse the
position after it (``analyse_position``: the ending solver once few free cells are
left, else the middle-game search), bounded by nodes, so every device gives the
same verdict; time is only a safety stop, and a verdict it cut short says so
(``shortened``)::

    >>> import filler
    >>> game = filler.Game.new("quick", seed=3)
    >>> found = verdict(game, game.legal_colors()[0], nodes=400)
    >>> sorted(found)[:5], found["kind"] in KINDS
    (['color', 'exact', 'kind', 'level', 'line'], True)

A verdict, for the side of the seat to move (the mover)::

    {"color": 2, "level": 0,
     "value": 100004,          # the master's scale (filler.ai.master): WIN + margin
     "margin": 4,              # the final margin it stands for (mover minus other side)
     "kind": "win",            # win | draw | loss: the result is proven (the solver,
                               # or the game's end); estimate: the master's expected
                               # margin, no proof
     "exact": True,            # the margin is proven too (else a bound: a win by at
                               # least, a loss by at least)
     "line": [2, 5, 1],        # the color, then the master's line after it
     "nodes": 5120, "shortened": False}

``level`` is "think longer": level 0 searches ``analysis_nodes(game)`` a color, each
level after it ``GROWTH`` times as many (``nodes_at``), up to ``LEVELS - 1``.
``summary(game, verdicts)`` says the best color, its line, each color's mark as the
review gives it (``review.mark_of``) and the position's value from side 0's view
(the evaluation bar). Two sides only (two players, or two teams in duos).
"""

from __future__ import annotations

from .levels import analyse_position
from .review import final_value, margin, mark_of, result_class

ANALYSIS_NODES = {"small": 10_000, "classic": 8_000, "large": 5_000}
"""A color's node budget at level 0, by board size (up to 100 cells, up to 15x15,
larger): every color's first verdict within about a second on a mid-range phone
(docs/analysis.md "How fast": quick's four colors 40 000 nodes, 0.35 s of CPU in
this machine's Pyodide, a phone taken as half as fast)."""
GROWTH = 4
"""Each level of "think longer" searches this many times the nodes of the one before."""
LEVELS = 5
"""Levels 0 .. LEVELS - 1: the last one searches GROWTH ** 4 = 256 times level 0."""
SAFETY_SECONDS = 5.0
"""The safety stop of a level-0 verdict (a level's is GROWTH ** level times this): far
beyond what its nodes take on a phone, so it stops only a far slower device or a page
frozen in the background; a verdict it stopped says ``shortened``."""
KINDS = ("win", "draw", "loss", "estimate")


def analysis_nodes(game) -> int:
    """The node budget of one color's verdict at level 0 (``ANALYSIS_NODES``)."""
    cells = game.width * game.height
    return ANALYSIS_NODES["small" if cells <= 100 else "classic" if cells <= 15 * 15 else "large"]


def nodes_at(game, level: int) -> int:
    """The node budget of one color's verdict at ``level`` (0 .. LEVELS - 1)."""
    if isinstance(level, bool) or not isinstance(level, int) or not 0 <= level < LEVELS:
        raise ValueError(f"level is 0..{LEVELS - 1}, not {level!r}")
    return analysis_nodes(game) * GROWTH ** level


def analysed(game) -> bool:
    """Whether the master analyses ``game``: two sides, not over."""
    return not game.over and game.sides == 2


def verdict(game, color: int, level: int = 0, *, nodes: int | None = None, clock=None) -> dict:
    """What ``color`` is worth to the side to move (see the module text); ``nodes``
    overrides the level's budget (tests)."""
    if not analysed(game):
        raise ValueError("the analysis is for a game of two sides that is not over")
    side = game.side_of(game.turn)
    child = game.play(color)
    budget = nodes_at(game, level) if nodes is None else nodes
    if child.over:
        value, exact, proven, line, spent, shortened = final_value(child, side), True, True, [color], 0, False
    else:
        # every verdict's search ends on a ply of the same parity, so that the colors'
        # estimates compare on one footing (review.py: consecutive values agree)
        found = analyse_position(child, SAFETY_SECONDS * GROWTH ** level, max_nodes=budget, clock=clock,
                                 parity=len(child.moves) % 2)
        same = child.side_of(child.turn) == side
        value = found.value if same else -found.value
        exact, proven = bool(found.exact), bool(found.proven)
        line = [color] + list(found.line or [found.color])
        spent, shortened = found.nodes, bool(found.shortened)
    kind = ("win", "draw", "loss")[1 - result_class(value)] if proven else "estimate"
    return {"color": color, "level": level, "value": value, "margin": margin(value), "kind": kind,
            "exact": exact and proven, "line": line, "nodes": spent, "shortened": shortened}


def summary(game, verdicts) -> dict:
    """The position as its colors' verdicts say it: ``best`` (the color of the highest
    value, the lowest color on a tie), its ``line``, each color's ``marks``
    (``{color: {mark, loss}}``, the color as text as in JSON, as the review marks a move: ``review.mark_of``, both
    values proven where both verdicts are), and ``side0``: the best value from side
    0's view, for the evaluation bar (``{margin, kind, exact}``, ``kind`` as a
    verdict's, the result side 0 gets)."""
    by_color = {found["color"]: found for found in verdicts}
    if sorted(by_color) != sorted(game.legal_colors()):
        raise ValueError("a summary needs the verdict of every legal color")
    best = max(sorted(by_color.values(), key=lambda found: found["color"]), key=lambda found: found["value"])
    choices = len(by_color)
    marks = {}
    for color, found in by_color.items():
        proven = found["kind"] != "estimate" and best["kind"] != "estimate"
        mark, loss = mark_of(color, best["color"], found["value"], best["value"], choices, proven=proven)
        marks[str(color)] = {"mark": mark, "loss": loss}
    sign = 1 if game.side_of(game.turn) == 0 else -1
    kind = best["kind"]
    if sign < 0 and kind in ("win", "loss"):
        kind = "loss" if kind == "win" else "win"
    return {"best": best["color"], "line": best["line"], "marks": marks,
            "side0": {"margin": sign * best["margin"], "kind": kind, "exact": best["exact"],
                      "value": sign * best["value"]},
            "shortened": any(found["shortened"] for found in by_color.values())}

