"""The tables the worker keeps, and what every method reads from a request.

A table is a ``filler.Match`` (``games``: 1 for a single game, 2 for a match) with its
seats, kept by ``table_id``, with an optional ``filler.clock.Clock``; every change gets a
new ``state_id``, and a request made from an older state is refused (:func:`_fresh_table`,
``StaleState``). The clock reads the worker's own monotonic time (:func:`_now_ms`).
:func:`_table_state` and :func:`_table_layout` are what the page is sent of a table."""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass, field

import filler
from filler.clock import Clock
from filler.match import EVENT_KINDS
from filler.variants import PRACTICE_DEFAULTS

from .snapshots import _gained, _json_keys, _side_scores, layout_of, state_of


def _now_ms() -> int:
    """The worker's monotonic time in whole milliseconds (tests replace it)."""
    return int(time.monotonic() * 1000)




class ApiError(filler.FillerError):
    """A request the API cannot serve; ``kind`` is the answer's error ``type``."""

    code = "api.request"

    def __init__(self, kind: str, message: str, code: str | None = None, **params):
        super().__init__(message, code, **params)
        self.kind = kind


def _levels() -> list[str]:
    return [str(level) for level in filler.ai.LEVELS]


DEFAULT_LEVEL = "beginner"
"""A computer seat's level when none is chosen (a new player's first opponent: the page's
first game, api.catalog; a link's or the API's computer seat without a level)."""


def _default_level(levels: list[str]) -> str:
    """A new computer seat's level: :data:`DEFAULT_LEVEL` when there is one, else the weakest."""
    return DEFAULT_LEVEL if DEFAULT_LEVEL in levels else levels[0]


@dataclass
class Seat:
    kind: str  # "human" | "computer" | "friend" (plays on another device, by link)
    name: str = ""
    level: str | None = None

    def to_json(self) -> dict:
        return {"kind": self.kind, "name": self.name, "level": self.level}


@dataclass
class Table:
    """A single game or a two-game match (a ``filler.Match`` either way) in the
    worker, with what the page charts. Every change gets a new ``state_id``."""

    table_id: int
    seats: list[Seat]
    match: "filler.Match"
    state_id: int = 1
    histories: list[list[list[int]]] = field(default_factory=list)  # per game: side scores per move
    last_move: dict | None = None
    last_moves: list = field(default_factory=list)  # per seat: its latest move this game, or None
    undo_stack: list[tuple] = field(default_factory=list)  # practice: before each person's move
    clock: Clock | None = None
    paused: bool = False  # the page is hidden: no time runs
    puzzle: bool = False  # a puzzle's position: moves only by puzzle_move (api.puzzles)
    lesson: bool = False  # a lesson's board: moves only by lesson_move (api.lessons)
    daily: str | None = None  # the board of the day's date: its master moves (api.daily)
    daily_shortened: int = 0  # the master of the day's moves the safety stop cut short here

    def __post_init__(self):
        self.histories = [[_side_scores(self.game)]]
        self.last_moves = [None] * self.match.seats
        self._ready_computers()
        self.sync_clock()

    def sync_clock(self, mover: int | None = None) -> None:
        """Run the clock of the player to move, none between games or at the end, and
        none before the player's first move of the game.

        ``mover``: the seat that just completed a move (charged, plus increment)."""
        if self.clock is None:
            return
        now = self.clock_time()
        clock = self.clock
        turn = None if self.match.over else self.match.turn
        moves = [event[1] for event in self.game.history if event[0] == "move"]
        if mover is not None and clock.turn == mover:
            clock = clock.moved(mover, now, turn, increment=moves.count(mover) > 1)
        if turn is None:
            clock = clock.stop(now)
        elif turn not in moves:
            # no time runs before a player's first move of a game (as on lichess)
            clock = clock.start(turn, now).pause(now)
        elif clock.turn != turn or (not clock.running and not self.paused):
            clock = clock.start(turn, now)
        if self.paused and clock.running:
            clock = clock.pause(now)
        self.clock = clock

    def clock_time(self) -> int:
        """Now on the worker's time (:func:`_now_ms`), never before the clock's own time
        base (a clock reopened from a page's save may be ahead of a new worker's)."""
        return max(_now_ms(), self.clock.at_ms or 0)

    def flagged(self) -> int | None:
        """The seat to move when its time has run out now."""
        if self.clock is None or self.match.over or self.match.turn is None:
            return None
        return self.clock.flagged(self.clock_time())

    def clock_json(self) -> dict | None:
        if self.clock is None:
            return None
        clock = self.clock.tick(self.clock_time())
        self.clock = clock
        return clock.to_dict()

    @property
    def game(self) -> "filler.Game":
        return self.match.game

    @property
    def score_history(self) -> list[list[int]]:
        return self.histories[-1]

    def change(self, match: "filler.Match", last_move: dict | None = None, mover: int | None = None) -> None:
        index = self.match.game_index
        self.match = match
        self.state_id += 1
        self.last_move = last_move
        if last_move is not None:
            self.last_moves = [last_move if seat == last_move["seat"] else move
                               for seat, move in enumerate(self.last_moves)]
        if match.game_index != index:
            self.new_game()
        self._ready_computers()
        self.sync_clock(mover)

    def apply(self, event) -> None:
        """Replay one event of a match record (``[kind, seat, color?]``)."""
        if not isinstance(event, (list, tuple)) or not event or event[0] not in EVENT_KINDS:
            raise filler.BadRecord(f"{event!r} is not an event of a match record", "record.event_kind")
        kind, *args = event
        if kind == "move":
            if len(args) != 2 or args[0] != self.match.turn:
                raise filler.BadRecord(f"{event!r}: not the move of the player to move", "record.mover",
                                       seat=args[0] if args else None, turn=self.match.turn)
            self.play(args[1])
        elif len(args) != 1:
            raise filler.BadRecord(f"{event!r} names one player", "record.event_kind")
        elif kind in ("ready",) and self._ready_at_once(args[0]) and args[0] not in self.match.waiting_ready:
            pass  # made ready already
        else:
            self.change(getattr(self.match, kind)(args[0]))

    def _ready_at_once(self, seat: int) -> bool:
        """Computers are ready for the next game at once, and so is everyone at a table
        with a friend (a match by link goes on without waiting); people press a button."""
        return self.seats[seat].kind == "computer" or any(other.kind == "friend" for other in self.seats)

    def _ready_computers(self) -> None:
        for seat in self.match.waiting_ready:
            if self._ready_at_once(seat) and self.match.between_games:
                index = self.match.game_index
                self.match = self.match.ready(seat)
                if self.match.game_index != index:
                    self.new_game()

    def new_game(self) -> None:
        """The next game of the match has begun: its chart starts, no move is marked."""
        self.histories.append([_side_scores(self.match.game)])
        self.last_move = None
        self.last_moves = [None] * self.match.seats

    def remember(self) -> None:
        self.undo_stack.append((self.match, [list(map(list, h)) for h in self.histories],
                                self.last_move, self.last_moves))

    def undo(self) -> None:
        self.match, self.histories, self.last_move, self.last_moves = self.undo_stack.pop()
        self.state_id += 1
        self.sync_clock()

    def play(self, color: int) -> None:
        before = self.game
        seat = self.match.turn
        match = self.match.play(color)
        self.score_history.append(_side_scores(match.game))
        self.change(match, {"seat": seat, "color": color, "cells": _gained(before, match.game)}, mover=seat)

    @property
    def rated(self) -> bool:
        """A rated match with a person in it (computers alone rate nobody); the board of
        the day never is (its master answers the same moves the same way: api.daily)."""
        return (self.match.rated and any(seat.kind != "computer" for seat in self.seats)
                and self.daily is None)

    def outcome(self) -> dict | None:
        """The match's outcome, ``rated`` as this table is."""
        outcome = self.match.outcome
        if outcome is None or self.rated or not outcome["rated"]:
            return outcome
        return {**outcome, "rated": False, "pairs": []}

    def match_json(self) -> dict:
        match = self.match
        sides = range(match.sides)
        return {
            "games": match.games_count,
            "game_index": match.game_index,
            "rated": self.rated,
            "points": [match.points[side] for side in sides],
            "totals": [match.totals[side] for side in sides],
            "between_games": match.between_games,
            "waiting_ready": list(match.waiting_ready),
            "out": sorted(match.out),
            "over": match.over,
            "outcome": _json_keys(self.outcome()),
            "game_results": _json_keys(match.game_results),
        }


_tables: dict[int, Table] = {}
_table_ids = itertools.count(1)


def _table_state(table: Table) -> dict:
    snapshot = state_of(table.game, state_id=table.state_id,
                        score_history=table.score_history, last_move=table.last_move,
                        last_moves=table.last_moves)
    snapshot["table_id"] = table.table_id
    snapshot["game_index"] = table.match.game_index
    snapshot["match"] = table.match_json()
    snapshot["can_undo"] = bool(table.undo_stack)
    snapshot["clock"] = table.clock_json()
    snapshot["paused"] = table.paused
    snapshot["record"] = table.match.to_record()
    if table.daily is not None:
        snapshot["daily"] = {"date": table.daily, "shortened": table.daily_shortened}
    return snapshot


def _table_layout(table: Table) -> dict:
    match = table.match
    layout = layout_of(table.game)
    layout.update({"table_id": table.table_id, "variant": match.variant_id,
                   "seed": match.seed, "options": dict(match.options),
                   "games": match.games_count, "game_index": match.game_index,
                   "players": [seat.to_json() for seat in table.seats]})
    return layout


def _param(params: dict, name: str, kind, default=None, *, required=False):
    if name not in params or params[name] is None:
        if required:
            raise ApiError("BadRequest", f"Missing parameter '{name}'.")
        return default
    value = params[name]
    if kind is int and isinstance(value, bool) or not isinstance(value, kind):
        raise ApiError("BadRequest", f"Parameter '{name}' should be {kind.__name__}.")
    return value


def _seats_from(params: dict, count: int) -> list[Seat]:
    raw = _param(params, "seats", list, None)
    levels = _levels()
    if raw is None:
        raw = [{"kind": "human", "name": ""}] + [{"kind": "computer"}] * (count - 1)
    if len(raw) != count:
        raise ApiError("BadRequest", f"This variant has {count} seats, not {len(raw)}.", "api.seats",
                       count=count, given=len(raw))
    seats = []
    for entry in raw:
        if not isinstance(entry, dict) or entry.get("kind") not in ("human", "computer", "friend"):
            raise ApiError("BadRequest", "A seat is {kind: 'human'|'computer'|'friend', ...}.")
        name = entry.get("name") or ""
        if not isinstance(name, str):
            raise ApiError("BadRequest", "A seat's name should be text.")
        if entry["kind"] == "computer":
            level = entry.get("level") or _default_level(levels)
            if str(level) not in levels:
                raise ApiError("BadRequest", f"Unknown computer level '{level}'.", "api.level", value=str(level),
                               levels=levels)
            seats.append(Seat("computer", name[:40], str(level)))
        else:
            seats.append(Seat(entry["kind"], name[:40]))
    return seats


def _board_options(variant: str, options: dict) -> dict:
    if variant == "practice":
        return {**PRACTICE_DEFAULTS, **options}
    if options:
        raise ApiError("BadRequest", "Only the practice variant takes options.", "options.not_practice",
                       variant=variant)
    return {}


def _new_match(variant: str, seed: int, options: dict, games: int):
    options = _board_options(variant, options)
    return filler.Match.new(variant, seed=seed, games=games, **options), options


def _table(params: dict) -> Table:
    table_id = _param(params, "table_id", int, required=True)
    table = _tables.get(table_id)
    if table is None:
        raise ApiError("UnknownTable", f"There is no table {table_id} (closed or never opened).", "api.table")
    return table


def _fresh_table(params: dict) -> Table:
    table = _table(params)
    state_id = _param(params, "state_id", int, required=True)
    if state_id != table.state_id:
        raise ApiError("StaleState",
                       f"The game has moved on (state {table.state_id}, request made "
                       f"from state {state_id}).", "api.stale")
    return table
