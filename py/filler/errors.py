"""Errors of the engine: one base class, a subclass per kind of bad input.

Every error is a ``ValueError`` so callers that only know the standard library
still catch it; messages are written for a person who can act on them.

The message is English. So that the page can say the same in the player's
language, every error also has a ``code`` (stable and dotted, such as
``"record.version"``; each class has its own as the fallback) and ``params``: the
values the sentence needs, as JSON values. By convention a param named ``color``,
or ending in ``_color``, is a color number (0-based; the page shows color 1 for 0),
``colors`` a list of them, and ``seat`` a seat number (0-based); a param ``cause``
is the error that made this one (its own ``details()``, or null when that error
was not a FillerError), ``position`` counts from 1.
"""

_TEXT_LIMIT = 80


class FillerError(ValueError):
    """Base class of every error the engine raises on purpose."""

    code = "error"

    def __init__(self, message: str, code: str | None = None, **params):
        super().__init__(message)
        if code is not None:
            self.code = code
        self.params = params

    def details(self) -> dict:
        """``{code, params, message}`` as JSON values, for the page."""
        return {"code": self.code, "params": {name: _json_param(value) for name, value in self.params.items()},
                "message": str(self)}


def _json_param(value):
    if isinstance(value, FillerError):
        return value.details()
    if isinstance(value, BaseException):  # not ours: its text is for programmers, in English
        return None
    if value is None or isinstance(value, (bool, int, float)):
        return value
    if isinstance(value, str):
        return value if len(value) <= _TEXT_LIMIT else value[:_TEXT_LIMIT - 1] + "…"
    if isinstance(value, (list, tuple)) and all(isinstance(item, (int, str)) for item in value):
        return [_json_param(item) for item in value]
    return _json_param(repr(value))


class UnknownVariant(FillerError):
    """A variant id that is not in ``filler.VARIANTS``."""

    code = "variant.unknown"


class BadBoard(FillerError):
    """Explicit board rows (or layout) that do not make a playable board."""

    code = "board.bad"


class BadOption(FillerError):
    """An option, size, color count, seed or seat number out of range."""

    code = "option.bad"


class IllegalMove(FillerError):
    """A color that the seat to move may not choose now."""

    code = "move.illegal"


class GameOver(IllegalMove):
    """A move (or other action) on a game that has already ended."""

    code = "game.over"


class OutOfTurn(FillerError):
    """An action by a seat that may not act now (match level)."""

    code = "turn.out"


class BadRecord(FillerError):
    """A record that is corrupt, foreign, or does not replay."""

    code = "record.bad"


class BadPuzzle(FillerError):
    """A puzzle record (``filler.puzzles``) that is damaged or does not replay;
    ``field`` names the part that is wrong."""

    code = "puzzle.bad"
