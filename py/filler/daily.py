"""The board of the day: one board a calendar day, the same for everyone, played as a
two-game match on quick against the same master.

A day is its ISO date, ``YYYY-MM-DD`` (which day it is, the player's local date, is
the page's to say: the engine never reads a clock for it). Its board::

    >>> day_seed("2026-12-04")
    3900693695
    >>> match = new_match("2026-12-04")
    >>> match.variant_id, match.games_count, match.seed == day_seed("2026-12-04")
    ('quick', 2, True)

``day_seed(date)`` is the first four bytes, read as a big-endian unsigned integer, of
the SHA-256 of the ASCII text ``filler-daily:`` + the date: a standard hash, the same
in every Python and forever (golden values in ``tests/engine/test_daily.py``). Days are
numbered from ``FIRST_DAY`` (number 1).

``check_date(text, today)`` refuses, with a ``BadOption`` whose code says which, a
date that is not a real ``YYYY-MM-DD`` (``daily.date``), one before ``FIRST_DAY``
(``daily.before``) and one after ``today`` (``daily.future``: a board of the day opens
on its day, not before).

The master of the day (``master_move``) is the master's analysis bounded by
``MASTER_NODES`` nodes, never by the clock, so the same position gets the same reply
on every device and in every run; a time safety stop (``SAFETY_SECONDS``) only keeps
a far too slow device from waiting for ever, and says so when it fires
(``shortened``). How this was checked: docs/daily.md.
"""

from __future__ import annotations

import datetime
import hashlib
import re

from .ai import analyse_position
from .errors import BadOption
from .match import Match

VARIANT = "quick"
GAMES = 2
FIRST_DAY = "2026-12-01"
MASTER_NODES = 40_000
"""The master's node budget a move: some 0.4 s of CPU in Pyodide on the development
machine (docs/daily.md), about 1 s on a mid-range phone taken as half as fast (or
less): the master's usual second a move."""
SAFETY_SECONDS = 30.0
"""The most a move may take (the safety stop): some 80 times the CPU time the budget
takes in Pyodide on the development machine (docs/daily.md), so it fires only on a far
slower device, or in a page frozen in the background while the master thinks."""

_DATE = re.compile(r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$")


def parse_date(text) -> datetime.date:
    """The date of a ``YYYY-MM-DD`` text; ``BadOption`` (``daily.date``) otherwise."""
    if not isinstance(text, str) or not _DATE.match(text):
        raise BadOption(f"{str(text)[:40]!r} is not a date written YYYY-MM-DD", "daily.date",
                        value=str(text)[:40])
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        raise BadOption(f"{text} is not a day of the calendar", "daily.date", value=text) from None


def check_date(text, today) -> datetime.date:
    """The date of ``text`` if it has a board of the day by ``today`` (a ``YYYY-MM-DD``
    too: the player's local date); ``BadOption`` with the code that says why not."""
    date = parse_date(text)
    now = parse_date(today)
    if date < datetime.date.fromisoformat(FIRST_DAY):
        raise BadOption(f"the first board of the day was {FIRST_DAY}, not {text}", "daily.before",
                        value=text, first=FIRST_DAY)
    if date > now:
        raise BadOption(f"the board of {text} opens on that day (it is {today} here)", "daily.future",
                        value=text, today=today)
    return date


def day_seed(text: str) -> int:
    """The board's seed of the day ``text`` (see the module text)."""
    parse_date(text)
    digest = hashlib.sha256(("filler-daily:" + text).encode("ascii")).digest()
    return int.from_bytes(digest[:4], "big")


def day_number(text: str) -> int:
    """The day's number: 1 for ``FIRST_DAY``."""
    return (parse_date(text) - datetime.date.fromisoformat(FIRST_DAY)).days + 1


def day(text: str, today: str) -> dict:
    """What the page is told of a day (checked by ``check_date``)."""
    check_date(text, today)
    return {"date": text, "number": day_number(text), "variant": VARIANT, "games": GAMES,
            "seed": day_seed(text), "today": text == today, "first": FIRST_DAY}


def new_match(text: str) -> Match:
    """The day's match, before its first move."""
    return Match.new(VARIANT, seed=day_seed(text), games=GAMES)


def is_match_of(match: Match, text: str) -> bool:
    """Whether ``match`` is the day's (its variant, board and number of games)."""
    return (match.variant_id == VARIANT and match.games_count == GAMES
            and match.seed == day_seed(text) and not match.options)


def master_move(game, *, clock=None) -> tuple[int, bool]:
    """The master of the day's color for ``game.turn`` and whether the safety stop cut
    its search short (then, and only then, another device may answer otherwise)."""
    legal = game.legal_colors()
    if len(legal) == 1:
        return legal[0], False
    found = analyse_position(game, SAFETY_SECONDS, max_nodes=MASTER_NODES, clock=clock)
    color = found.color if found.color in legal else legal[0]
    return color, bool(found.shortened)
