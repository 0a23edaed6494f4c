"""Filler ("7 Colors"): the rules engine, pure Python, no dependencies.

>>> import filler
>>> g = filler.Game.new("quick", seed=42)
>>> g2 = g.play(g.legal_colors()[0])
>>> g2.turn
1
"""

from . import errors, prng, topology
from .board import Board
from .errors import (BadBoard, BadOption, BadRecord, FillerError, GameOver, IllegalMove,
                     OutOfTurn, UnknownVariant)
from .record import FORMAT as RECORD_FORMAT, VERSION as RECORD_VERSION
from .rules import SEED_LIMIT, Game
from .variants import VARIANTS, Variant

__all__ = [
    "Game", "Board", "VARIANTS", "Variant", "SEED_LIMIT", "RECORD_FORMAT", "RECORD_VERSION",
    "FillerError", "UnknownVariant", "BadBoard", "BadOption", "IllegalMove", "GameOver",
    "OutOfTurn", "BadRecord", "errors", "prng", "topology", "Match",
]

from .match import Match  # noqa: E402

from . import rating  # noqa: E402,F401  (docs/rules.md section 6: filler.rating.glicko2)
from . import ai  # noqa: E402,F401
