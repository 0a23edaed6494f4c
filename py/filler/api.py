"""The JSON seam between the page and the engine: the only module that speaks JSON.

The worker calls :func:`handle` with a request string and posts the answer back::

    >>> import json
    >>> answer = json.loads(handle(json.dumps(
    ...     {"id": 1, "method": "new_game", "params": {"variant": "quick", "seed": 7}})))
    >>> answer["ok"], sorted(answer["result"])
    (True, ['layout', 'state', 'table_id'])

A board's layout is sent once per table (``new_game``, ``layout``); every change
answers with a full state snapshot whose ``state_id`` grows. A request made from an
older snapshot is refused (``StaleState``), so a click or a computer move computed
for a position that has moved on can never be played by mistake. Errors come back
as data: ``{"id", "ok": false, "error": {"type", "message", "code", "params"}}``
(``filler.FillerError.details``: the page says ``code`` with ``params`` in the
player's language, ``message`` is the English fallback).

Methods: ``variants``, ``levels``, ``new_game``, ``open_record``, ``check_record``,
``layout``, ``state``, ``record``, ``play``, ``bot_move``, ``ready``, ``resign_game``,
``resign_match``, ``flag``, ``pause``, ``resume``, ``rating_updates``,
``bot_ratings``, ``undo`` and ``hint`` (practice), ``friend_link`` and ``friend_open``
(a match with a friend by link, ``filler.link``), ``review_start``, ``review_next``,
``review_stop``, ``review_version`` and ``review_line`` (the master's review of a
finished game, a few plies per request, so other requests are answered in between;
the positions of its line), ``close``; see each
``_method_*`` function. A table is a ``filler.Match`` (``games``: 1 for a single
game, 2 for a match), kept in this module by ``table_id``, with an optional
``filler.clock.Clock``. The clock reads the worker's own monotonic time
(:func:`_now_ms`); a clock saved by the page (the snapshot's ``clock``) is reopened
paused at the time it was saved, so time while the page was closed never counts.
"""

from __future__ import annotations

import itertools
import json
import random
import time
from dataclasses import dataclass, field, replace

import filler
from filler import link
from filler.clock import Clock
from filler.match import EVENT_KINDS
from filler.rating import DEFAULT, match_rating_updates
from filler.rules_examples import example_positions
from filler.variants import side_ranges

BOT_DEVIATION = 50.0
"""The rating deviation given to a computer level whose measured rating has none."""


def _now_ms() -> int:
    """The worker's monotonic time in whole milliseconds (tests replace it)."""
    return int(time.monotonic() * 1000)

FIRST_SEEDS = (131135050, 1698631037, 1145762349, 494553467, 1313596783, 1406539163, 710398285, 1790147418)
"""The seeds of the first boards (:func:`static_snapshots`): a page draws one of them,
picked at random, before Python has booted, and the engine then opens that board."""

FIRST_BOARDS = {"classic": 8, "practice": 1}
"""How many of :data:`FIRST_SEEDS` each variant has a first board of: all of classic's
(what a first visit and an embed open), one of practice (the rules page's only: the
table opens a practice board once the engine is up) and :data:`OTHER_FIRST_BOARDS` of
any other (a link or the lobby may open it before boot). More boards, more bytes."""
OTHER_FIRST_BOARDS = 3

PRACTICE_DEFAULTS = {"shape": "square", "width": 10, "height": 10, "colors": 6}


class ApiError(filler.FillerError):
    """A request the API cannot serve; ``kind`` is the answer's error ``type``."""

    code = "api.request"

    def __init__(self, kind: str, message: str, code: str | None = None, **params):
        super().__init__(message, code, **params)
        self.kind = kind


def _levels() -> list[str]:
    return [str(level) for level in filler.ai.LEVELS]


def _default_level(levels: list[str]) -> str:
    """A new computer seat's level: greedy when there is one, else the weakest."""
    return "greedy" if "greedy" in levels else levels[0]


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
        now = max(_now_ms(), self.clock.at_ms or 0)
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

    def flagged(self) -> int | None:
        """The seat to move when its time has run out now."""
        if self.clock is None or self.match.over or self.match.turn is None:
            return None
        return self.clock.flagged(max(_now_ms(), self.clock.at_ms or 0))

    def clock_json(self) -> dict | None:
        if self.clock is None:
            return None
        clock = self.clock.tick(max(_now_ms(), self.clock.at_ms or 0))
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
        """A rated match with a person in it (computers alone rate nobody)."""
        return self.match.rated and any(seat.kind != "computer" for seat in self.seats)

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


def _json_keys(value):
    """JSON-able copy: dict keys as strings (as JSON makes them anyway)."""
    if isinstance(value, dict):
        return {str(key): _json_keys(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_json_keys(item) for item in value]
    return value


_tables: dict[int, Table] = {}
_table_ids = itertools.count(1)


def _side_scores(game) -> list[int]:
    return [game.side_score(side) for side in range(game.sides)]


def _variant_json(variant) -> dict:
    clock = variant.clock
    return {
        "id": variant.id,
        "name": {"nl": variant.name_nl, "en": variant.name_en},
        "summary": {"nl": variant.summary_nl, "en": variant.summary_en},
        "shape": variant.shape,
        "width": variant.width,
        "height": variant.height,
        "sizes": side_ranges(variant),  # what a stored board of it may measure (saved.js)
        "colors": variant.colors,
        "seats": variant.seats,
        "teams": variant.teams,
        "rated": variant.rated,
        "clock": None if clock is None else {"bank_ms": clock[0], "increment_ms": clock[1]},
    }


def layout_of(game) -> dict:
    """What never changes during a game: geometry and specials of the board."""
    return {
        "shape": game.shape,
        "width": game.width,
        "height": game.height,
        "colors": game.colors,
        "seats": game.seats,
        "sides": game.sides,
        "teams": game.teams,
        "side_of": [game.side_of(seat) for seat in range(game.seats)],
        "values": game.cell_values(),
        "obstacles": sorted(game.obstacles()),
        "walls": [list(wall) for wall in game.walls()],
        "paint": sorted(game.paint()),
        "crown": game.crown,
        "starts": [sorted(game.start_cells(seat)) for seat in range(game.seats)],
    }


def _needed_by_side(game) -> list[int]:
    """Per side: the own value that would end the game in its favour now.

    Two sides: more than half the value in play (the equator; what the other side
    can still reach shrinks as this one grows). More sides: more than the best any
    other side can still reach (the clinch line)."""
    if game.sides == 2:
        return [game.needed_to_win()] * 2
    bests = [game.side_best(side) for side in range(game.sides)]
    return [max(b for other, b in enumerate(bests) if other != side) + 1
            for side in range(game.sides)]


def _gained(before, after) -> list[int]:
    """The cells a move took: owned after it, not (by that owner) before."""
    return [cell for cell, (old, new) in enumerate(zip("".join(before.owner_rows()), "".join(after.owner_rows())))
            if old != new and new.isdigit()]


def state_of(game, *, state_id: int = 1, score_history=None, last_move=None, last_moves=None) -> dict:
    """A full snapshot of a game: everything the table draws, previews included.

    ``last_move``: the move that made this state (``{seat, color, cells}``: the cells
    it gained); ``last_moves``: per seat, that seat's latest move of this game (or None)."""
    sides = range(game.sides)
    own = [game.side_score(side) for side in sides]
    best = [game.side_best(side) for side in sides]
    needed = _needed_by_side(game)
    side_rows = []
    for side in sides:
        others = [own[other] for other in sides if other != side]
        side_rows.append({
            "side": side,
            "seats": [seat for seat in range(game.seats) if game.side_of(seat) == side],
            "score": own[side],
            "best": best[side],
            "needed": needed[side],
            "to_equator": max(0, needed[side] - own[side]),
            "lead": own[side] - max(others) if others else 0,
        })
    players = [{
        "seat": seat,
        "side": game.side_of(seat),
        "color": game.current_color(seat),
        "score": game.score(seat),
        "best": game.best(seat),
        "out": seat in game.out,
    } for seat in range(game.seats)]

    previews = {}
    forbidden = []
    if not game.over:
        mover = game.turn
        for color in game.legal_colors():
            parts = game.preview_parts(color)
            flood = sorted(set(parts.get(mover, {}).get("flood", ())))
            enclosure = sorted({cell for part in parts.values()
                                for cell in part.get("enclosure", ())} - set(flood))
            previews[str(color)] = {"flood": flood, "enclosure": enclosure}
        forbidden = [{"color": color, "seat": seat}
                     for color, seat in sorted(game.forbidden().items())]
    return {
        "state_id": state_id,
        "turn": None if game.over else game.turn,
        "move_number": len(game.moves),
        "cell_colors": "".join(game.color_rows()),
        "cell_owners": "".join(game.owner_rows()),
        "legal": [] if game.over else list(game.legal_colors()),
        "forbidden": forbidden,
        "previews": previews,
        "players": players,
        "sides": side_rows,
        "needed_to_win": game.needed_to_win(),
        "value_in_play": game.value_in_play(),
        "dead_value": game.dead_value(),
        "over": bool(game.over),
        "winners": list(game.winners),
        "winning_sides": sorted({game.side_of(seat) for seat in game.winners}),
        "end_reason": game.end_reason,
        "last_move": last_move,
        "last_moves": list(last_moves) if last_moves is not None else [None] * game.seats,
        "score_history": (list(score_history) if score_history is not None
                          else [_side_scores(game)]),
    }


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
    return snapshot


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


def _new_game(variant: str, seed: int, options: dict):
    options = _board_options(variant, options)
    return filler.Game.new(variant, seed=seed, **options), options


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


# ---- methods -------------------------------------------------------------------

def _method_variants(params: dict) -> list[dict]:
    """Every variant: names and summaries in nl/en, board, seats, rated, clock."""
    return [_variant_json(variant) for variant in filler.VARIANTS.values()]


def _method_levels(params: dict) -> list[str]:
    """The computer levels, weakest first."""
    return _levels()


def _method_new_game(params: dict) -> dict:
    """Open a table: ``{variant, seed?, options?, seats?, games?, moves?}`` ->
    ``{table_id, layout, state}``. ``seed`` defaults to a random one; ``seats`` to a
    person against greedy computers; ``moves`` (colors) are played at once (a game
    reopened in a new worker)."""
    variant = _param(params, "variant", str, required=True)
    if variant not in filler.VARIANTS:
        raise ApiError("UnknownVariant", f"There is no variant '{variant}'.", "variant.unknown", value=variant,
                       variants=list(filler.VARIANTS))
    seed = _param(params, "seed", int, None)
    if seed is None:
        seed = random.randrange(1, 2**31)
    options = _param(params, "options", dict, {})
    games = _param(params, "games", int, 1)
    if games not in (1, 2):
        raise ApiError("BadRequest", "games is 1 (a single game) or 2 (a match).", "match.games", value=games)
    match, options = _new_match(variant, seed, options, games)
    return _open(match, params, moves=_param(params, "moves", list, []), clock=_clock_from(params, match))


def _clock_from(params: dict, match) -> Clock | None:
    """``clock``: ``{bank_ms, increment_ms}`` for a new clock, or null for none."""
    spec = _param(params, "clock", dict, None)
    if spec is None:
        return None
    bank, increment = spec.get("bank_ms"), spec.get("increment_ms", 0)
    try:
        return Clock.new(match.seats, bank, increment)
    except filler.FillerError as error:
        raise ApiError("BadRequest", f"Bad clock: {error}", "clock.bad", cause=error) from None


def _saved_clock(params: dict) -> Clock | None:
    """A clock the page saved (a snapshot's ``clock``), paused with no time base:
    the time since it was saved does not count."""
    saved = _param(params, "clock", dict, None)
    if saved is None:
        return None
    if "format" not in saved:  # a clock spec, not a saved clock: a fresh one
        return None
    clock = Clock.from_dict(saved)
    return replace(clock, running=False, at_ms=None)


def _open(match, params: dict, moves=(), clock: Clock | None = None) -> dict:
    seats = _seats_from(params, match.seats)
    table = Table(next(_table_ids), seats, match, clock=clock,
                  paused=bool(_param(params, "paused", bool, False)))
    table.sync_clock()
    for color in moves:  # a game reopened in a new worker
        if isinstance(color, bool) or not isinstance(color, int):
            raise ApiError("BadRequest", "moves is a list of colors (numbers).")
        if table.match.turn is None:
            raise ApiError("BadRequest", "moves go on past the end of the game.", "moves.past_end")
        table.play(color)
    _tables[table.table_id] = table
    return {"table_id": table.table_id, "layout": _table_layout(table),
            "state": _table_state(table)}


def _replayed_table(params: dict) -> Table:
    """The table of a saved match record, replayed event by event (so the
    territory charts are there too); BadRecord when it does not replay."""
    record = _param(params, "record", dict, required=True)
    upto = _param(params, "events", int, None)
    events = record.get("events")
    if not isinstance(events, list):
        raise filler.BadRecord("match record events must be a list", "record.events")
    start = filler.Match.from_record({**record, "events": []})
    table = Table(0, _seats_from(params, start.seats), start)
    for number, event in enumerate(events if upto is None else events[:upto]):
        try:
            table.apply(event)
        except (ValueError, TypeError, IndexError, KeyError, AttributeError) as error:
            raise filler.BadRecord(f"match record event {number} {event!r} does not replay: {error}",
                                   "record.event", position=number + 1, cause=error) from None
    table.clock = _saved_clock(params)
    table.paused = bool(_param(params, "paused", bool, False))
    table.sync_clock()
    return table


def _method_open_record(params: dict) -> dict:
    """``{record, seats?, clock?, paused?, events?}`` -> as ``new_game``: a saved
    match (``record``) replayed to where it was (or to its first ``events``), with
    its saved clock (a snapshot's ``clock``), running unless ``paused``. The clock
    runs from when the state is made, not while it is: a reload gives back the time
    the page saved."""
    table = _replayed_table({**params, "paused": True})
    table.table_id = next(_table_ids)
    _tables[table.table_id] = table
    layout, state = _table_layout(table), _table_state(table)
    if not _param(params, "paused", bool, False):
        table.paused = False
        table.sync_clock()  # (as of now: the saved time left)
        state["clock"] = None if table.clock is None else table.clock.to_dict()
        state["paused"] = False
    return {"table_id": table.table_id, "layout": layout, "state": state}


def _method_check_record(params: dict) -> dict:
    """``{record, seats?}`` -> ``{ok, why?, over?}``: whether a saved match replays
    (an import takes only those that do)."""
    try:
        table = _replayed_table({**params, "clock": None, "paused": True})
    except filler.FillerError as error:  # ApiError too
        return {"ok": False, "why": str(error), "problem": error.details()}
    return {"ok": True, "over": table.match.over, "outcome": _json_keys(table.outcome())}


def _method_record(params: dict) -> dict:
    """``{table_id}`` -> the table's replayable record (``filler.Match.to_record``)."""
    return _table(params).match.to_record()


def _table_layout(table: Table) -> dict:
    match = table.match
    layout = layout_of(table.game)
    layout.update({"table_id": table.table_id, "variant": match.variant_id,
                   "seed": match.seed, "options": dict(match.options),
                   "games": match.games_count, "game_index": match.game_index,
                   "players": [seat.to_json() for seat in table.seats]})
    return layout


def _method_layout(params: dict) -> dict:
    """``{table_id}`` -> the table's layout (as sent by ``new_game``)."""
    return _table_layout(_table(params))


def _method_state(params: dict) -> dict:
    """``{table_id}`` -> the current state snapshot."""
    return _table_state(_table(params))


def _method_play(params: dict) -> dict:
    """``{table_id, state_id, color}`` -> the new state. Refused when ``state_id``
    is not the current one, when a computer is to move, or when the color is illegal."""
    table = _fresh_table(params)
    color = _param(params, "color", int, required=True)
    _check_turn(table, "human")
    late = table.flagged()
    if late is not None:  # the move came after the flag fell
        table.change(table.match.flag(late))
        return _table_state(table)
    if table.match.variant_id == "practice":
        table.remember()
    table.play(color)
    return _table_state(table)


def _method_undo(params: dict) -> dict:
    """``{table_id, state_id}`` -> the state before the last move of a person (and
    the computers' answers to it). Practice only."""
    table = _fresh_table(params)
    if table.match.variant_id != "practice":
        raise ApiError("BadRequest", "Undo is for practice games only.", "undo.practice")
    if not table.undo_stack:
        raise ApiError("BadRequest", "There is no move to take back.", "undo.none")
    table.undo()
    return _table_state(table)


def _method_hint(params: dict) -> dict:
    """``{table_id, state_id}`` -> ``{color}``: the strongest level's move here, on
    a short budget (``filler.ai.hint``)."""
    table = _fresh_table(params)
    _check_turn(table, "human")
    return {"color": filler.ai.hint(table.game)}


def _check_turn(table: Table, kind: str) -> None:
    match = table.match
    if match.over:
        raise ApiError("GameOver", "The game is over.", "game.over")
    if match.turn is None:
        raise ApiError("OutOfTurn", "The next game starts when every player is ready.", "match.between_games")
    if table.seats[match.turn].kind != kind:
        if table.seats[match.turn].kind == "friend":
            raise ApiError("OutOfTurn", "It is your friend's turn: their move comes by link.", "turn.friend")
        if kind == "human":
            raise ApiError("OutOfTurn", "It is the computer's turn.", "turn.computer")
        raise ApiError("OutOfTurn", "It is not a computer's turn.", "turn.not_computer")


def _method_bot_move(params: dict) -> dict:
    """``{table_id, state_id}`` -> the state after the computer to move has played."""
    table = _fresh_table(params)
    _check_turn(table, "computer")
    seat = table.match.turn
    seconds = None
    if table.clock is not None:
        remaining = table.clock.remaining_ms(seat, max(_now_ms(), table.clock.at_ms or 0))
        seconds = filler.ai.budget(remaining, table.clock.increment_ms, table.game)
    color = filler.ai.choose(table.game, table.seats[seat].level, seconds)
    late = table.flagged()
    if late is not None:
        table.change(table.match.flag(late))
    else:
        table.play(color)
    return _table_state(table)


def _seat_param(table: Table, params: dict) -> int:
    seat = _param(params, "seat", int, required=True)
    if not 0 <= seat < table.match.seats:
        raise ApiError("BadRequest", f"There is no seat {seat}.")
    return seat


def _method_ready(params: dict) -> dict:
    """``{table_id, state_id, seat}`` -> the state after that player pressed
    "Ready for the next game" (the next game starts when every player has)."""
    table = _fresh_table(params)
    table.change(table.match.ready(_seat_param(table, params)))
    return _table_state(table)


def _method_resign_game(params: dict) -> dict:
    """``{table_id, state_id, seat}`` -> the state after that player resigned the
    game (in a match the next game is still played)."""
    table = _fresh_table(params)
    table.change(table.match.resign_game(_seat_param(table, params)))
    return _table_state(table)


def _method_resign_match(params: dict) -> dict:
    """``{table_id, state_id, seat}`` -> the state after that player resigned the match."""
    table = _fresh_table(params)
    table.change(table.match.resign_match(_seat_param(table, params)))
    return _table_state(table)


def _method_flag(params: dict) -> dict:
    """``{table_id, state_id, seat}`` -> the state after that player ran out of time.

    With a clock the clock decides: when the seat still has time the state comes
    back unchanged (same ``state_id``, its ``clock`` says how much is left)."""
    table = _fresh_table(params)
    seat = _seat_param(table, params)
    if table.clock is not None and table.flagged() != seat:
        return _table_state(table)
    table.change(table.match.flag(seat))
    return _table_state(table)


def _method_pause(params: dict) -> dict:
    """``{table_id}`` -> the state with the clock paused (the page is hidden)."""
    table = _table(params)
    table.paused = True
    table.sync_clock()
    return _table_state(table)


def _method_resume(params: dict) -> dict:
    """``{table_id}`` -> the state with the clock of the player to move running again."""
    table = _table(params)
    table.paused = False
    table.sync_clock()
    return _table_state(table)


def _bot_rating(variant: str, level: str):
    """A computer level's fixed measured rating ``(r, rd, vol)`` (None if not measured)."""
    measured = getattr(filler.ai, "RATINGS", {}).get(variant, {}).get(level)
    if measured is None:
        return None
    if isinstance(measured, (int, float)):
        return (float(measured), BOT_DEVIATION, DEFAULT[2])
    if isinstance(measured, dict):
        return (float(measured.get("r", measured.get("rating"))),
                float(measured.get("rd", BOT_DEVIATION)), float(measured.get("vol", DEFAULT[2])))
    values = list(measured)
    return (float(values[0]), float(values[1]) if len(values) > 1 else BOT_DEVIATION,
            float(values[2]) if len(values) > 2 else DEFAULT[2])


def _method_bot_ratings(params: dict) -> dict:
    """``{}`` -> ``{variant: {level: {r, rd}}}``: the computer levels' measured ratings."""
    result = {}
    for variant in getattr(filler.ai, "RATINGS", {}):
        for level in _levels():
            rating = _bot_rating(variant, level)
            if rating is not None:
                result.setdefault(variant, {})[level] = {"r": rating[0], "rd": rating[1]}
    return result


def _method_rating_updates(params: dict) -> dict:
    """``{table_id, ratings: [[r, rd, vol] | null per seat]}`` -> ``{rated, ratings:
    [{r, rd, vol, change} | null per seat]}``: every person's new Glicko-2 rating
    after a rated match that is over (computers keep their measured rating and
    count at it; a seat with null counts at the default rating and gets one). In a
    match by link, a person without a move or resignation of their own in it gets
    null: what only the friend did (an invitation resigned at once) rates nobody here."""
    table = _table(params)
    match = table.match
    outcome = table.outcome()
    if outcome is None or not outcome["rated"]:
        return {"rated": False, "ratings": [None] * match.seats}
    given = _param(params, "ratings", list, [None] * match.seats)
    if len(given) != match.seats:
        raise ApiError("BadRequest", f"ratings: one per seat ({match.seats}).")
    before = {}
    for seat in range(match.seats):
        entry = given[seat]
        if table.seats[seat].kind == "computer":
            entry = _bot_rating(match.variant_id, table.seats[seat].level) or DEFAULT
        elif entry is None:
            entry = DEFAULT
        try:
            before[seat] = tuple(float(value) for value in entry)[:3]
        except (TypeError, ValueError):
            raise ApiError("BadRequest", "a rating is [r, rd, vol].") from None
    after = match_rating_updates(before, outcome["pairs"])
    by_link = any(entry.kind == "friend" for entry in table.seats)
    played = {event[1] for event in match.events if event[0] in ("move", "resign_game", "resign_match")}
    ratings = []
    for seat in range(match.seats):
        if table.seats[seat].kind == "computer" or (by_link and seat not in played):
            ratings.append(None)
            continue
        r, rd, vol = after[seat]
        ratings.append({"r": r, "rd": rd, "vol": vol, "change": r - before[seat][0]})
    return {"rated": True, "ratings": ratings}


def _method_friend_link(params: dict) -> dict:
    """``{record, match_id, sender, names, ratings?}`` -> ``{link, length}``: the URL
    fragment (``filler.link``) that seat ``sender`` sends for the match ``record``."""
    match = filler.Match.from_record(_param(params, "record", dict, required=True))
    ratings = _param(params, "ratings", list, [None, None])
    if len(ratings) != 2 or not all(r is None or (isinstance(r, list) and len(r) == 3) for r in ratings):
        raise ApiError("BadRequest", "ratings: [r, rd, vol] or null per seat.")
    text = link.encode(match, match_id=_param(params, "match_id", str, required=True),
                       sender=_param(params, "sender", int, required=True),
                       names=tuple(_param(params, "names", list, ["", ""])), ratings=tuple(ratings))
    return {"link": text, "length": len(text)}


def _method_friend_open(params: dict) -> dict:
    """``{link, site?, stored?: {seat, record, names}}`` -> what to do with a friend's
    link (``filler.link.merge``): ``{status, both, seat, names, sender, match_id, ratings,
    record}``; a bad link, or one that does not fit the stored match, is an error. A
    ``"rebuilt"`` match (one this device lost) is not to rate this device's player."""
    found = link.decode(_param(params, "link", str, required=True), site=_param(params, "site", str, None))
    stored = _param(params, "stored", dict, None)
    if stored is not None and stored.get("seat") not in (0, 1):
        raise ApiError("BadRequest", "stored.seat is 0 or 1.")
    merged = link.merge(stored, found)
    return {"status": merged["status"], "both": merged.get("both", False),
            "seat": merged["seat"], "names": merged["names"], "sender": found.sender, "match_id": found.match_id,
            "ratings": [list(r) if r else None for r in found.ratings],
            "record": merged["match"].to_record(), "version": found.version}


_reviews: dict[int, dict] = {}   # review_id -> {"results": generator, "done": [...], "sides"}
_review_ids = itertools.count(1)
REVIEW_STEP_MAX = 8
"""At most this many plies per ``review_next`` (each one analysis of its node budget)."""


def _method_review_start(params: dict) -> dict:
    """``{record, seats?, game_index?, max_nodes?, safety_seconds?}`` -> ``{review_id,
    game_index, plies, steps, version}``: a review of one game of a saved match
    (``filler.ai.review``: each position's analysis searches ``max_nodes``, by default
    the review's own budget, unless ``safety_seconds`` run out first), computed by
    ``review_next``. Only one review runs: starting
    one stops the one before. ``steps[k]``: the record's event index of ply k's move
    (``open_record`` with ``events: steps[k]`` shows the position before it)."""
    table = _replayed_table({**params, "clock": None, "paused": True})
    seconds = params.get("safety_seconds", filler.ai.review_module.SAFETY_SECONDS)
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not 0 < seconds <= 60:
        raise ApiError("BadRequest", "safety_seconds is a number of seconds above 0, at most 60.")
    max_nodes = _param(params, "max_nodes", int, None)
    if max_nodes is not None and max_nodes < 1:
        raise ApiError("BadRequest", "max_nodes is a positive number.")
    try:
        game, index = filler.ai.review_module.reviewed_game(table.match, _param(params, "game_index", int, None))
    except ValueError as error:
        raise ApiError("BadRequest", str(error), "review.not_offered") from None
    moves = [number for number, event in enumerate(params["record"]["events"]) if event[0] == "move"]
    before = sum(len(g.moves) for g in table.match.games[:index])
    plies = len(filler.ai.review_module.positions(game))
    _reviews.clear()
    review_id = next(_review_ids)
    _reviews[review_id] = {"results": filler.ai.review(game, safety_seconds=seconds, max_nodes=max_nodes),
                           "done": [], "sides": game.sides}
    return {"review_id": review_id, "game_index": index, "plies": plies,
            "steps": moves[before:before + plies], "version": filler.ai.review_module.VERSION}


def _method_review_next(params: dict) -> dict:
    """``{review_id, count?}`` -> ``{results, done, summary?}``: the next ``count`` (1..8)
    plies of a review; ``summary`` (``filler.ai.review_summary``) once ``done``."""
    review_id = _param(params, "review_id", int, required=True)
    review = _reviews.get(review_id)
    if review is None:
        raise ApiError("BadRequest", f"There is no review {review_id}.", "review.none")
    count = max(1, min(REVIEW_STEP_MAX, _param(params, "count", int, 1)))
    results = list(itertools.islice(review["results"], count))
    review["done"].extend(results)
    done = len(results) < count
    answer = {"results": results, "done": done}
    if done:
        answer["summary"] = filler.ai.review_summary(review["done"], review["sides"])
        del _reviews[review_id]
    return answer


REVIEW_LINE_MAX = 12
"""At most this many colors of a master's line are played out by ``review_line``."""


def _method_review_line(params: dict) -> dict:
    """``{record, seats?, events, line}`` -> ``{states}``: the master's line played out
    from the position after the record's first ``events`` (a review's step): a snapshot
    (as ``state``, without table or match) after each color of ``line``, up to the end
    of the game. Their ``state_id`` is ``-k`` for the line's k-th position (no table's
    state). A color the position does not allow is an error (``review.line_bad``)."""
    if not isinstance(params.get("events"), int) or isinstance(params["events"], bool):
        raise ApiError("BadRequest", "events: the number of the record's events before the line.")
    table = _replayed_table({**params, "clock": None, "paused": True})
    line = _param(params, "line", list, required=True)
    if len(line) > REVIEW_LINE_MAX:
        raise ApiError("BadRequest", f"A line has at most {REVIEW_LINE_MAX} colors.", "review.line_bad")
    game, history, last_moves = table.game, list(table.score_history), list(table.last_moves)
    states = []
    for number, color in enumerate(line):
        if game.over:
            break
        if isinstance(color, bool) or color not in game.legal_colors():
            raise ApiError("BadRequest", f"Color {color!r} (move {number + 1} of the line) is not allowed there.",
                           "review.line_bad")
        seat, child = game.turn, game.play(color)
        move = {"seat": seat, "color": color, "cells": _gained(game, child)}
        last_moves[seat] = move
        history.append(_side_scores(child))
        states.append(state_of(child, state_id=-(number + 1), score_history=history, last_move=move,
                               last_moves=last_moves))
        game = child
    return {"states": states}


def _method_review_version(params: dict) -> dict:
    """``{}`` -> ``{version}``: the review's version (a stored older one says so)."""
    return {"version": filler.ai.review_module.VERSION}


def _method_review_stop(params: dict) -> dict:
    """``{review_id}`` -> ``{stopped: bool}``: stop a review and forget it."""
    return {"stopped": _reviews.pop(_param(params, "review_id", int, required=True), None) is not None}


def _method_close(params: dict) -> dict:
    """``{table_id}`` -> ``{closed: bool}``: forget a table."""
    table_id = _param(params, "table_id", int, required=True)
    return {"closed": _tables.pop(table_id, None) is not None}


METHODS = {
    name[len("_method_"):]: function
    for name, function in dict(globals()).items()
    if name.startswith("_method_")
}


def handle(request_json: str) -> str:
    """Answer one request (a JSON string) with a JSON string; never raises."""
    request_id = None
    try:
        try:
            request = json.loads(request_json)
        except (TypeError, ValueError) as error:
            raise ApiError("BadRequest", f"The request is not JSON: {error}.") from None
        if not isinstance(request, dict):
            raise ApiError("BadRequest", "A request is a JSON object {id, method, params}.")
        request_id = request.get("id")
        method = METHODS.get(request.get("method"))
        if method is None:
            raise ApiError("UnknownMethod", f"There is no method {request.get('method')!r}.")
        params = request.get("params") or {}
        if not isinstance(params, dict):
            raise ApiError("BadRequest", "params should be an object.")
        result = method(params)
        return json.dumps({"id": request_id, "ok": True, "result": result},
                          separators=(",", ":"))
    except filler.FillerError as error:  # ApiError too
        problem = {"type": getattr(error, "kind", type(error).__name__), **error.details()}
    except Exception as error:  # a bug: still an answer, never a silent hang
        problem = {"type": "InternalError", "code": "internal", "params": {},
                   "message": f"{type(error).__name__}: {error}"}
    return json.dumps({"id": request_id, "ok": False, "error": problem})


def rules_examples() -> dict:
    """The rules page's example boards (rules.html): per example its ``layout``,
    the states ``before`` and ``after`` its move, the ``color`` played and the ``seat``."""
    return {name: {"layout": layout_of(game), "before": state_of(game),
                   "after": state_of(game.play(color)), "color": color, "seat": game.turn}
            for name, (game, color) in example_positions().items()}


def static_snapshots() -> dict:
    """What the page draws before Python has booted (build.py writes it as
    dist/snapshots.json): every variant's list entry, the computer levels and their
    measured ratings (``bot_ratings``, for the lobby), each variant's first boards (the
    layout and first state of the boards of its :data:`FIRST_BOARDS` first seeds; the
    rules page draws the first), and the variants by their number in a friend link (the
    page reads a link's inviter and variant from it while the engine boots, see
    js/flows/friend_peek.js)."""
    boards = {}
    for variant_id in filler.VARIANTS:
        boards[variant_id] = []
        for seed in FIRST_SEEDS[:FIRST_BOARDS.get(variant_id, OTHER_FIRST_BOARDS)]:
            match, options = _new_match(variant_id, seed, {}, 1)
            table = Table(0, _seats_from({}, match.seats), match)  # not kept: no table id
            layout = _table_layout(table)
            state = _table_state(table)
            del layout["table_id"], layout["players"], state["table_id"]
            boards[variant_id].append({"layout": layout, "state": state})
    return {"format": 2, "variants": _method_variants({}),
            "levels": _levels(), "bot_ratings": _method_bot_ratings({}), "boards": boards,
            "rules_examples": rules_examples(),
            "link_variants": list(link.VARIANT_CODES)}
