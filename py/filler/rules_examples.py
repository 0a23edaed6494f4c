"""Small example boards for the rules page, computed by the engine itself.

The rules page (rules.html, js/ui/rules.js) draws them with the table's renderer; it
never works out a capture on its own. Each example is a position and one move::

    >>> examples = example_positions()
    >>> sorted(examples)
    ['enclosure', 'equator', 'flood']
    >>> game, color = examples["flood"]
    >>> color in game.legal_colors()
    True

``filler.api.rules_examples`` turns them into JSON for the page (this module knows
no JSON: imports run one way, api -> rules_examples). The positions are found by a
fixed search over practice boards, so the same engine gives the same examples.
"""

from __future__ import annotations

import filler

SIZE = {"shape": "square", "width": 7, "height": 6, "colors": 4}


def _best_color(game) -> int:
    """The legal color that takes the most cells now (ties: the lowest color)."""
    return max(game.legal_colors(), key=lambda color: (len(game.preview(color).get(game.turn, ())), -color))


FLOOD_ROWS = ["021302", "302010", "133302", "103021", "033012"]


def _flood():
    """A move whose flood runs along a chain of one color, cell after cell."""
    game = filler.Game.from_rows(FLOOD_ROWS, colors=4)
    return game, 3


def _enclosure():
    """A move that seals off a small free region: it becomes the mover's at once."""
    for seed in range(1, 400):
        game = filler.Game.new("practice", seed=seed, **SIZE)
        for _ in range(8):
            if game.over:
                break
            for color in game.legal_colors():
                parts = game.preview_parts(color).get(game.turn, {})
                if 2 <= len(parts.get("enclosure", ())) <= 6 and parts.get("flood") and game.turn == 0:
                    return game, color
            game = game.play(_best_color(game))
    raise AssertionError("no enclosure example found")


def _equator():
    """A move that takes the mover past the equator, with free cells still left."""
    for seed in range(1, 400):
        game = filler.Game.new("practice", seed=seed, **SIZE)
        while not game.over:
            for color in game.legal_colors():
                after = game.play(color)
                if (after.over and after.end_reason == "equator" and game.turn == 0
                        and after.free_value() >= 4 and game.score(0) < game.needed_to_win()):
                    return game, color
            game = game.play(_best_color(game))
    raise AssertionError("no equator example found")


def example_positions() -> dict:
    """The three examples of the basic rules, each a (game, color to play): flood,
    enclosure, the equator."""
    return {"flood": _flood(), "enclosure": _enclosure(), "equator": _equator()}
