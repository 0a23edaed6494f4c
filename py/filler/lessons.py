"""Learn Filler: short lessons, one for each rule of the rules document, as data.

Each lesson is a small board laid out cell by cell (``Match.from_rows``), the events
that set up its position (``setup``: match-record events, so a position can be a few
moves into a game, or game 2 of a match), and a task the player does there. The
engine judges the task: its ``goal`` is a check on the engine's state, never on what
the page shows::

    >>> lesson = LESSONS["chain"]
    >>> attempt = Attempt.begin(lesson)
    >>> attempt, verdict = attempt.play(lesson.solution[0])
    >>> verdict, attempt.stars
    ('done', 3)
    >>> again, verdict = Attempt.begin(lesson).play(lesson.wrong[0])
    >>> verdict
    'failed'

**A lesson** (:class:`Lesson`): ``id`` (also the key of its texts, ``lesson.<id>.*``
in the page's catalogs: its title, two or three sentences, the task and the hint),
``rule`` (the section of the rules page it teaches, ``rules.html#<rule>``), the
board (``rows``, ``colors``, ``shape``, ``seats``, ``games``), ``setup``, ``player``
(the person's seat; every other seat is the computer), ``goal``, ``moves`` (how many
moves the player may make), ``par`` (the fewest that do it), ``replies`` and the
tests' ``solution`` and ``wrong`` (a try that does not do it).

**Goals** (:func:`reached`), each a dict with a ``kind``:

- ``{"kind": "gain", "count": n}``: the player's side holds n cells (value) more than
  at the lesson's start;
- ``{"kind": "owns", "cells": [id, ...]}``: the player owns every one of these cells;
- ``{"kind": "forbids", "color": c}``: an opponent is to move and may not play c;
- ``{"kind": "wins", "reason": r}``: the game is over, the player's side alone won,
  and it ended by ``r`` (``"equator"``, ``"filled"``: ``Game.end_reason``);
- ``{"kind": "wins_match"}``: the match is over and the player's side won it.

**A try** (:class:`Attempt`): after each of the player's moves the goal is checked;
if it holds the lesson is done. If not, the other seats reply (``replies``: for the
n-th reply a list of colors, the first legal one is played; with no list, or none
of it legal, the color that gains the most, the lowest on a tie: the same every
time) until the player is to move again, and the goal is checked again. The try has
failed once the player has made ``moves`` moves, or the game (or match) is over,
without the goal. "Try again" starts the lesson anew and counts the failed try.

**Stars**: 3, less one for each failed try before and one for each move more than
``par``; at least 1.
"""

from __future__ import annotations

from dataclasses import dataclass

from .match import Match

#: The verdicts of a move: the task is done, not yet done, or it failed (a hint is due).
VERDICTS = ("done", "going", "failed")
GOAL_KINDS = ("gain", "owns", "forbids", "wins", "wins_match")


@dataclass(frozen=True)
class Lesson:
    id: str
    rule: str
    rows: tuple
    goal: dict
    solution: tuple
    wrong: tuple
    colors: int | None = None
    shape: str = "square"
    seats: int = 2
    games: int = 1
    setup: tuple = ()
    player: int = 0
    moves: int = 1
    par: int = 1
    replies: tuple = ()

    def board(self) -> Match:
        """The lesson's board, before the setup."""
        return Match.from_rows(list(self.rows), self.colors, self.shape, games=self.games, seats=self.seats)

    def match(self) -> Match:
        """The lesson's position: its board, the setup played."""
        match = self.board()
        for event in self.setup:
            kind, seat, *color = event
            match = match.play(color[0]) if kind == "move" else getattr(match, kind)(seat)
        return match

    def to_json(self) -> dict:
        """What the page is told of the lesson (its texts are the page's, by ``id``)."""
        return {"id": self.id, "rule": self.rule, "moves": self.moves, "par": self.par,
                "shape": self.shape, "seats": self.seats, "games": self.games,
                "player": self.player, "goal": dict(self.goal)}


def _reply(lesson: Lesson, match: Match, number: int) -> int:
    """The color of the other seats' ``number``-th reply (0 first): scripted, else the
    color that gains the most (the lowest on a tie)."""
    game = match.game
    legal = game.legal_colors()
    wanted = lesson.replies[number] if number < len(lesson.replies) else ()
    for color in wanted:
        if color in legal:
            return color
    return max(legal, key=lambda color: (game.preview_value(color), -color))


def _side(match: Match, seat: int) -> int:
    return match.side_of(seat)


def reached(lesson: Lesson, start: Match, match: Match) -> bool:
    """Whether ``match`` (the lesson's position ``start`` played on) meets the goal."""
    goal = lesson.goal
    kind = goal["kind"]
    game = match.game
    side = _side(match, lesson.player)
    if kind == "gain":
        return game.side_score(side) - start.game.side_score(side) >= goal["count"]
    if kind == "owns":
        owners = "".join(game.owner_rows())
        return all(owners[cell] == str(lesson.player) for cell in goal["cells"])
    if kind == "forbids":
        turn = match.turn
        return (turn is not None and not game.over and _side(match, turn) != side
                and goal["color"] not in game.legal_colors())
    if kind == "wins":
        winners = {game.side_of(seat) for seat in game.winners}
        return game.over and winners == {side} and game.end_reason == goal["reason"]
    if kind == "wins_match":
        return match.over and match.outcome["winner"] == side
    raise ValueError(f"unknown goal kind {kind!r}")


@dataclass(frozen=True)
class Attempt:
    """One try of a lesson: immutable, as a ``Game`` is; ``play`` returns the next."""

    lesson: Lesson
    origin: Match           # the lesson's position
    match: Match
    played: int = 0         # the player's moves so far
    replies: int = 0        # the other seats' moves so far
    failures: int = 0       # failed tries before this one
    verdict: str = "going"  # "done" | "going" | "failed"

    @classmethod
    def begin(cls, lesson: Lesson, failures: int = 0) -> "Attempt":
        match = lesson.match()
        return cls(lesson, match, match, failures=failures)

    def again(self) -> "Attempt":
        """A new try; a failed one counts (a finished one too: it was done already)."""
        return Attempt.begin(self.lesson, self.failures + (self.verdict == "failed"))

    @property
    def stars(self) -> int | None:
        """3, one less per failed try before and per move over par, at least 1; None
        until the lesson is done."""
        if self.verdict != "done":
            return None
        return max(1, 3 - self.failures - max(0, self.played - self.lesson.par))

    def play(self, color: int) -> tuple["Attempt", str]:
        """The player's ``color`` and the replies after it: (next attempt, verdict).
        The moves played are the new events of ``match`` (the API shows each).
        ``IllegalMove`` for a color the player may not play; ``ValueError`` when the
        try is over or the player is not to move."""
        lesson = self.lesson
        if self.verdict != "going":
            raise ValueError(f"this try is over ({self.verdict})")
        if self.match.turn != lesson.player:
            raise ValueError("the player is not to move")
        match = self.match.play(color)
        played, replies = self.played + 1, self.replies
        verdict = "done" if reached(lesson, self.origin, match) else "going"
        if verdict == "going":
            while not match.over and match.turn is not None and match.turn != lesson.player:
                match = match.play(_reply(lesson, match, replies))
                replies += 1
            if reached(lesson, self.origin, match):
                verdict = "done"
            elif played >= lesson.moves or match.over or match.turn is None:
                verdict = "failed"
        return (Attempt(lesson, self.origin, match, played, replies, self.failures, verdict), verdict)


def _cells(width: int, *places) -> list:
    """Cell ids of (column, row) places, row 0 at the top."""
    return [row * width + column for column, row in places]


def _events(colors, first=0, seats=2) -> tuple:
    """Match-record move events for colors played in turn from seat ``first``."""
    return tuple(["move", (first + number) % seats, color] for number, color in enumerate(colors))


# The path, in order. Each board was made for its lesson; the positions a few moves
# into a game come from practice boards (their rows as ``Game.new("practice", seed,
# width=6, height=5, colors=5)`` makes them) with moves of the most-gaining color.
_LESSONS = [
    # The move: a color floods along its chain. Color 2 runs from the corner in a chain
    # of five; the other colors take one cell or none.
    Lesson("chain", "move",
           rows=("313014", "132131", "222303", "231010", "013131"), colors=5,
           goal={"kind": "gain", "count": 5}, solution=(2,), wrong=(1,)),
    # Two colors are forbidden: your own (0) and the computer's (4). The biggest region
    # next to you has the computer's color; color 3 takes the most a legal color can.
    Lesson("forbidden", "move",
           rows=("403104", "431031", "442313", "432102", "033021"), colors=5,
           goal={"kind": "gain", "count": 3}, solution=(3,), wrong=(1,)),
    # A move that takes nothing may be best: the computer's territory borders five cells
    # of color 2, which you cannot reach. Take color 2 and the computer may not.
    Lesson("block", "move",
           rows=("314220", "143222", "431431", "314314", "133431"), colors=5,
           goal={"kind": "forbids", "color": 2}, solution=(2,), wrong=(3,),
           replies=((2,),)),
    # No passing: every color you may play takes nothing now (the cells next to you have
    # the computer's color 0); the computer may not pass either, so color 0 is free
    # again after its move.
    Lesson("no-pass", "move",
           rows=("213140", "324213", "001324", "032412", "103241"), colors=5, moves=2, par=2,
           goal={"kind": "gain", "count": 4}, solution=(2, 0), wrong=(2, 4), replies=((3, 4),)),
    # Enclosure: color 3 seals the top-left corner off from the computer; its four free
    # cells become yours at once.
    Lesson("enclosure", "enclosure",
           rows=("203145", "023402", "133024", "140230", "102413"), colors=6,
           goal={"kind": "owns", "cells": _cells(6, (0, 0), (1, 0), (0, 1), (1, 1))},
           solution=(3,), wrong=(0,)),
    # The equator: 16 of 30 wins; practice board 4, eight moves in. Color 4, then 3.
    Lesson("equator", "end",
           rows=("131321", "243043", "024202", "301431", "420213"), colors=5,
           setup=_events((2, 3, 0, 2, 1, 0, 2, 3)), moves=2, par=2,
           goal={"kind": "wins", "reason": "equator"}, solution=(4, 3), wrong=(0, 2)),
    # No free cell left: 15 against 14 and one free cell (practice board 2, sixteen
    # moves in). Taking it wins 16-14; any other color lets the computer draw 15-15.
    Lesson("last-cell", "end",
           rows=("310240", "243132", "401204", "243431", "102010"), colors=5,
           setup=_events((2, 4, 0, 2, 4, 0, 2, 1, 0, 3, 1, 4, 3, 0, 1, 2)),
           goal={"kind": "wins", "reason": "filled"}, solution=(4,), wrong=(0,)),
    # The match: game 1 lost 12-16; in game 2 you start top-right. Two moves win game 2
    # 17-12 (totals 29-28: the match on cells); 4 then 0 wins it 16-12, only a drawn match.
    Lesson("match", "match",
           rows=("412102", "201431", "343242", "204301", "313240"), colors=5, games=2,
           setup=_events((1, 0, 2, 1, 3, 2, 4, 1, 2, 4, 3, 0)) + (["ready", 1], ["ready", 0])
           + _events((1, 0, 2, 1, 3, 2, 4, 1, 2), first=1),
           moves=2, par=2, goal={"kind": "wins_match"}, solution=(0, 4), wrong=(4, 0)),
    # Hexagons: six neighbours. The chain of color 2 goes on diagonally, which on squares
    # would be one cell.
    Lesson("hexagons", "hex",
           rows=("130304", "022131", "322040", "203413", "130102"), colors=5, shape="hex",
           goal={"kind": "gain", "count": 5}, solution=(2,), wrong=(3,)),
    # Four players: every other player is an opponent, so four colors are forbidden.
    Lesson("four", "four",
           rows=("154052", "140515", "525404", "144250", "143325", "003343"), colors=6, seats=4,
           goal={"kind": "gain", "count": 3}, solution=(4,), wrong=(5,)),
]

LESSONS = {lesson.id: lesson for lesson in _LESSONS}
ORDER = tuple(LESSONS)
