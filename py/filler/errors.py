"""Errors of the engine: one base class, a subclass per kind of bad input.

Every error is a ``ValueError`` so callers that only know the standard library
still catch it; messages are written for a person who can act on them.
"""


class FillerError(ValueError):
    """Base class of every error the engine raises on purpose."""


class UnknownVariant(FillerError):
    """A variant id that is not in ``filler.VARIANTS``."""


class BadBoard(FillerError):
    """Explicit board rows (or layout) that do not make a playable board."""


class BadOption(FillerError):
    """An option, size, color count, seed or seat number out of range."""


class IllegalMove(FillerError):
    """A color that the seat to move may not choose now."""


class GameOver(IllegalMove):
    """A move (or other action) on a game that has already ended."""


class OutOfTurn(FillerError):
    """An action by a seat that may not act now (match level)."""


class BadRecord(FillerError):
    """A record that is corrupt, foreign, or does not replay."""
