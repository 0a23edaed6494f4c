"""Computer players (stub until the AI work lands): a greedy one-move player.

>>> import filler
>>> g = filler.Game.new("quick", seed=1)
>>> choose(g, "greedy") in g.legal_colors()
True
"""

from ..errors import BadOption, GameOver

LEVELS = ("greedy",)


def choose(game, level="greedy", seconds=None) -> int:
    """A legal color for ``game.turn``: the largest immediate value gain (flood
    and enclosure), ties to the lowest color number."""
    if level not in LEVELS:
        raise BadOption(f"unknown computer level {level!r}; choose one of {', '.join(LEVELS)}")
    legal = game.legal_colors()
    if not legal:
        raise GameOver("the game is over; there is no move to choose")
    best_color, best_value = legal[0], -1
    for color in legal:
        value = game.preview_value(color)
        if value > best_value:
            best_color, best_value = color, value
    return best_color
