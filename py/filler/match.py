"""A match: one or two games on the same board (docs/rules.md sections 5 and 6).

A seat of the Match names a player, not a corner: in game 2 every player moves
to another corner (``corner_shift`` 1 for two seats and duos, 2 for four
players) and the player who moved second in game 1 moves first.  Sides are made
of players exactly as in the Game (duos: players 0 and 2 against 1 and 3).

    >>> m = Match.new("quick", seed=42)
    >>> m.game_index, m.turn, m.over
    (0, 0, False)
    >>> m = m.play(m.game.legal_colors()[0])
    >>> m.turn
    1

Between the games every player presses ready (the caller marks computer players
ready at once); the next game starts when the last one does.  Every action
returns a new Match; the record (``to_record``) is the list of actions and
replays exactly.

Points are exact (``fractions.Fraction`` inside; ints or floats outside).
Totals are board values.  ``outcome`` is None until the match is over, then::

    {"winner": side or None,        # None: drawn (or shared) match
     "winners": [sides],            # every side sharing the top place
     "kind": "clear" | "cells" | "draw" | "resign" | "timeout",
     "ranking": [[sides], ...],     # best first; tied sides share a group
     "points": {side: number}, "totals": {side: number},
     "rated": bool,                 # two games of a rated variant
     "rating_scores": {side: score},  # {} when not rated
     "pairs": [[player_a, player_b, score_of_a], ...]}  # [] when not rated

``pairs`` is what :func:`filler.rating.match_rating_updates` takes: every pair
of opposing players (partners are not paired).  For four players a side's
``rating_scores`` entry is its mean score over its three pairs.

Four players: a player who runs out of time or resigns the match is out for
the rest of it (skipped, its cells stay) and ranked below everyone still in
(who left later ranks higher); the others play on.  The ranking is then by
points, then total value; a pair scores 1/0 when points differ, 0.6/0.4 when
only the totals differ, 0.5 when both are level, and 1/0 against a player who
left.  ``kind`` describes the top of the ranking ("clear", "cells" or
"draw"), or "resign"/"timeout" when everyone else left.  A single game
(``games=1``) that was resigned has kind "resign".  Integer keys stay ints
here; JSON turns them into strings.
"""

from __future__ import annotations

import copy
from fractions import Fraction

from .errors import BadOption, BadRecord, GameOver, OutOfTurn
from .rating import MATCH_SCORES
from .rules import Game
from .variants import VARIANTS

FORMAT = "filler-match"
VERSION = 1

EVENT_KINDS = ("move", "ready", "resign_game", "resign_match", "flag")


def _number(value: Fraction) -> int | float:
    """A Fraction as the plainest JSON-able number."""
    return int(value) if value.denominator == 1 else float(value)


class _GameResult:
    """How one finished game counts for the match."""

    __slots__ = ("points", "values", "resigned_by", "end_reason")

    def __init__(self, points: dict, values: dict, resigned_by, end_reason):
        self.points = points  # {side: Fraction}
        self.values = values  # {side: int}
        self.resigned_by = resigned_by  # side or None
        self.end_reason = end_reason

    def as_dict(self) -> dict:
        return {
            "points": {side: _number(p) for side, p in self.points.items()},
            "values": dict(self.values),
            "resigned_by": self.resigned_by,
            "end_reason": self.end_reason,
        }


class Match:
    """An immutable match; see the module docstring."""

    __slots__ = (
        "variant_id", "seed", "options", "games_count", "board",
        "game", "games", "events", "_results", "_ready", "_left", "_end",
    )

    # -- making one -----------------------------------------------------------

    def __init__(self, *args, **kwargs):
        raise TypeError("use Match.new(variant_id, seed, games=2, **options) or Match.from_record(rec)")

    @classmethod
    def _make(cls, **fields) -> "Match":
        match = object.__new__(cls)
        for name in cls.__slots__:
            object.__setattr__(match, name, fields[name])
        return match

    def _with(self, **changes) -> "Match":
        fields = {name: getattr(self, name) for name in self.__slots__}
        fields.update(changes)
        return Match._make(**fields)

    def __setattr__(self, name, value):
        raise AttributeError("a Match is immutable: its methods return a new Match")

    @classmethod
    def new(cls, variant_id: str, seed: int = 0, *, games: int = 2, **options) -> "Match":
        """A match of ``games`` (1 or 2) games of ``variant_id`` on board ``seed``.

        ``options`` go to :meth:`Game.new` (``practice``: shape, width, height,
        colors).  ``games=1`` is a single game with the same interface; it is
        never rated.
        """
        games = cls._check_games(games)
        game = Game.new(variant_id, seed, **options)
        return cls._start(variant_id, game.seed, dict(game.options), games, None, game)

    @classmethod
    def from_rows(cls, rows, colors=None, shape="square", *, games: int = 2, **board) -> "Match":
        """A match on an explicit board: arguments as for :meth:`Game.from_rows`
        (without ``corner_shift`` and ``first``, which the match sets).  Never rated.
        """
        games = cls._check_games(games)
        for name in ("corner_shift", "first"):
            if name in board:
                raise BadOption(f"{name} is set by the match (game 2 swaps corners and first mover)",
                                "match.set_by_match", name=name)
        game = Game.from_rows(rows, colors, shape, **board)
        return cls._start("custom", None, {}, games, game.to_record()["layout"], game)

    @staticmethod
    def _check_games(games) -> int:
        if isinstance(games, bool) or games not in (1, 2):
            raise BadOption(f"a match has 1 or 2 games, not {games!r}", "match.games", value=games)
        return games

    @classmethod
    def _start(cls, variant_id, seed, options, games, board, game) -> "Match":
        return cls._make(
            variant_id=variant_id, seed=seed, options=options, games_count=games, board=board,
            game=game, games=(), events=(), _results=(), _ready=frozenset(),
            _left=(), _end=None,
        )

    def _new_game(self, index: int) -> Game:
        """Game ``index`` (0 or 1) of this match, before any move."""
        if index == 0:
            shift, first = 0, 0
        else:
            shift = 2 if self.seats == 4 and not self.game.teams else 1
            first = 1
        gone = {seat for seat, _ in self._left}
        while first in gone:  # four players: turn order skips seats that are out
            first = (first + 1) % self.seats
        if self.board is not None:
            game = Game.from_record({"format": "filler-game", "version": 1, "variant": "custom",
                                     "layout": self.board, "corner_shift": shift, "first": first})
        else:
            game = Game.new(self.variant_id, self.seed, corner_shift=shift, first=first, **self.options)
        for seat, _ in self._left:
            game = game.remove_seat(seat)
        return game

    # -- reading -----------------------------------------------------------

    @property
    def seats(self) -> int:
        return self.game.seats

    @property
    def sides(self) -> int:
        return self.game.sides

    def side_of(self, seat: int) -> int:
        return self.game.side_of(seat)

    def side_seats(self, side: int) -> tuple[int, ...]:
        return tuple(seat for seat in range(self.seats) if self.side_of(seat) == side)

    @property
    def game_index(self) -> int:
        """Index (0 or 1) of :attr:`game`, the game being played or just finished."""
        return len(self.games) - 1 if self.games and self.games[-1] is self.game else len(self.games)

    @property
    def over(self) -> bool:
        return self._end is not None

    @property
    def between_games(self) -> bool:
        """A game has finished and the next one waits for every player's ready."""
        return not self.over and self.game.over

    @property
    def waiting_ready(self) -> tuple[int, ...]:
        """Players still to press ready before the next game (empty otherwise)."""
        if not self.between_games:
            return ()
        gone = {seat for seat, _ in self._left}
        return tuple(s for s in range(self.seats) if s not in self._ready and s not in gone)

    @property
    def turn(self) -> int | None:
        """The player to move, or None between games and after the match."""
        if self.over or self.game.over:
            return None
        return self.game.turn

    @property
    def out(self) -> frozenset:
        """Players out of the match (four players: out of time or resigned it)."""
        return frozenset(seat for seat, _ in self._left)

    @property
    def points(self) -> dict:
        """{side: points} over the finished games (1 a win; tied winners share it)."""
        total = {side: Fraction(0) for side in range(self.sides)}
        for result in self._results:
            for side, p in result.points.items():
                total[side] += p
        return {side: _number(p) for side, p in total.items()}

    @property
    def totals(self) -> dict:
        """{side: value} over the finished games (with the credit for resigned games)."""
        total = {side: 0 for side in range(self.sides)}
        for result in self._results:
            for side, value in result.values.items():
                total[side] += value
        return total

    @property
    def game_results(self) -> list[dict]:
        """Per finished game: points, values, the side that resigned it, why it ended."""
        return [result.as_dict() for result in self._results]

    @property
    def rated(self) -> bool:
        """True for a two-game match of a rated variant."""
        variant = VARIANTS.get(self.variant_id)
        return self.games_count == 2 and self.board is None and variant is not None and variant.rated

    @property
    def outcome(self) -> dict | None:
        if self._end is None:
            return None
        return self._outcome()

    # -- checks --------------------------------------------------------------

    def _seat(self, seat) -> int:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.seats:
            raise BadOption(f"player {seat!r} is not a player of this match (0..{self.seats - 1})", "range.seat",
                            value=seat, low=0, high=self.seats - 1)
        return seat

    def _not_over(self, action: str) -> None:
        if self.over:
            raise GameOver(f"the match is over: cannot {action}", "match.over")

    def _in_game(self, action: str) -> None:
        self._not_over(action)
        if self.game.over:
            raise OutOfTurn(
                f"cannot {action} between games: the next game starts when every player is ready"
                f" (waiting for {', '.join(map(str, self.waiting_ready))})",
                "match.between_games")

    # -- actions (each returns a new Match) --------------------------------

    def play(self, color: int) -> "Match":
        """The player to move plays ``color`` (IllegalMove if it may not)."""
        self._in_game("play a move")
        seat = self.game.turn
        game = self.game.play(color)
        return self._with(game=game, events=self.events + (("move", seat, color),))._after_game_change()

    def ready(self, seat: int) -> "Match":
        """Player ``seat`` is ready for the next game."""
        seat = self._seat(seat)
        self._not_over("get ready")
        if not self.game.over:
            raise OutOfTurn(f"player {seat} cannot press ready: a game is being played", "match.ready_in_game")
        if seat in self.out:
            raise OutOfTurn(f"player {seat} is out of the match", "match.out", seat=seat)
        if seat in self._ready:
            raise OutOfTurn(f"player {seat} is already ready", "match.ready_twice", seat=seat)
        return self._with(_ready=self._ready | {seat}, events=self.events + (("ready", seat),))._maybe_next_game()

    def resign_game(self, seat: int) -> "Match":
        """Player ``seat`` resigns the current game.

        Two sides (and duos): its side loses the game; for the totals the other
        side is credited with every cell in play that the loser did not own.
        Four players: the player is out of this game (its cells stay); the game
        goes on.  Either way the next game is still played.
        """
        seat = self._seat(seat)
        self._in_game("resign the game")
        if seat in self.game.out:
            raise OutOfTurn(f"player {seat} is already out of this game", "seat.out", seat=seat)
        event = ("resign_game", seat)
        if self.sides == 2:
            loser = self.side_of(seat)
            in_play = self.game.value_in_play()
            lost = self.game.side_score(loser)
            game = self.game.resign(seat)
            values = {side: (lost if side == loser else in_play - lost) for side in range(2)}
            points = {side: Fraction(0 if side == loser else 1) for side in range(2)}
            result = _GameResult(points, values, loser, "resign")
            return self._with(game=game, events=self.events + (event,))._finish_game(result)
        game = self.game.resign(seat)
        return self._with(game=game, events=self.events + (event,))._after_game_change()

    def resign_match(self, seat: int) -> "Match":
        """Player ``seat`` resigns the match.

        Two sides: its side loses the match at once.  Four players: the player
        is out for the rest of the match and ranked last (after any player who
        left earlier ranks below it); the others play on.
        """
        seat = self._seat(seat)
        self._not_over("resign the match")
        return self._leave(seat, "resign_match")

    def flag(self, seat: int) -> "Match":
        """Player ``seat`` ran out of time (it must be the player to move).

        Two sides: its side loses the match.  Four players: the player is out
        for the rest of the match and ranked last; the others play on.
        """
        seat = self._seat(seat)
        self._in_game("run out of time (the clocks do not run)")
        if seat != self.game.turn:
            raise OutOfTurn(f"player {seat} cannot run out of time: only the clock of player {self.game.turn} runs",
                            "clock.turn", seat=seat, turn=self.game.turn)
        return self._leave(seat, "flag")

    # -- how actions change the match ------------------------------------------

    def _leave(self, seat: int, kind: str) -> "Match":
        if seat in self.out:
            raise OutOfTurn(f"player {seat} is already out of the match", "match.out", seat=seat)
        events = self.events + ((kind, seat),)
        reason = "resign" if kind == "resign_match" else "timeout"
        if self.sides == 2:
            return self._with(events=events, _left=self._left + ((seat, reason),), _end=reason)
        match = self._with(events=events, _left=self._left + ((seat, reason),),
                           _ready=self._ready - {seat})
        if not match.game.over and seat not in match.game.out:
            game = match.game.resign(seat) if kind == "resign_match" else match.game.remove_seat(seat)
            match = match._with(game=game)
        if match.seats - len(match._left) <= 1:
            return match._with(_end=reason)
        if match.game.over:
            if match.games and match.games[-1] is match.game:
                return match._maybe_next_game()
            return match._after_game_change()
        return match

    def _after_game_change(self) -> "Match":
        """Count the current game if it just ended."""
        if not self.game.over:
            return self
        game = self.game
        winner_sides = sorted({self.side_of(seat) for seat in game.winners})
        if game.out and self.sides > 2:
            # Four players: a seat that is out (resigned the game, out of time) has
            # lost the game even if its cells are the most; the best active seat wins.
            active = [s for s in range(self.seats) if s not in game.out]
            top = max(game.side_score(self.side_of(s)) for s in active)
            winner_sides = sorted({self.side_of(s) for s in active
                                   if game.side_score(self.side_of(s)) == top})
        if not winner_sides:  # not expected: the engine always names the winners
            winner_sides = list(range(self.sides))
        share = Fraction(1, len(winner_sides))
        points = {side: (share if side in winner_sides else Fraction(0)) for side in range(self.sides)}
        values = {side: self.game.side_score(side) for side in range(self.sides)}
        return self._finish_game(_GameResult(points, values, None, self.game.end_reason))

    def _finish_game(self, result: _GameResult) -> "Match":
        match = self._with(games=self.games + (self.game,), _results=self._results + (result,),
                           _ready=frozenset())
        if len(match.games) >= match.games_count:
            return match._with(_end="games")
        return match

    def _maybe_next_game(self) -> "Match":
        if not self.between_games or self.waiting_ready:
            return self
        return self._with(game=self._new_game(len(self.games)), _ready=frozenset())

    # -- the result ------------------------------------------------------------

    def _ranking_key(self, side: int, points: dict, totals: dict):
        """Sort key, larger is better: in the match, then points, then totals."""
        left_order = [seat for seat, _ in self._left]
        seats = self.side_seats(side)
        if any(seat in left_order for seat in seats):
            # out of the match: ranked below everyone still in; who left later ranks higher
            return (0, max(left_order.index(seat) for seat in seats if seat in left_order), 0)
        return (1, points[side], totals[side])

    def _outcome(self) -> dict:
        points = {side: Fraction(0) for side in range(self.sides)}
        for result in self._results:
            for side, p in result.points.items():
                points[side] += p
        totals = self.totals
        keys = {side: self._ranking_key(side, points, totals) for side in range(self.sides)}
        ranking: list[list[int]] = []
        for side in sorted(range(self.sides), key=lambda s: keys[s], reverse=True):
            if ranking and keys[ranking[-1][0]] == keys[side]:
                ranking[-1].append(side)
            else:
                ranking.append([side])
        winners = ranking[0]
        if self._end in ("resign", "timeout"):
            kind = self._end
        elif self.games_count == 1 and self._results and self._results[0].resigned_by is not None:
            kind = "resign"
        elif len(winners) > 1:
            kind = "draw"
        elif len(ranking) > 1 and keys[winners[0]][:2] == keys[ranking[1][0]][:2]:
            kind = "cells"  # level on points, ahead on total value
        else:
            kind = "clear"

        pairs = []
        for a in range(self.seats):
            for b in range(a + 1, self.seats):
                side_a, side_b = self.side_of(a), self.side_of(b)
                if side_a != side_b:
                    pairs.append([a, b, self._pair_score(keys[side_a], keys[side_b], kind)])
        rated = self.rated
        rating_scores = {}
        if rated:
            for side in range(self.sides):
                scores = [score if self.side_of(a) == side else 1 - score
                          for a, b, score in pairs if side in (self.side_of(a), self.side_of(b))]
                rating_scores[side] = sum(scores) / len(scores) if self.sides > 2 else scores[0]
        return {
            "winner": winners[0] if len(winners) == 1 else None,
            "winners": list(winners),
            "kind": kind,
            "ranking": ranking,
            "points": {side: _number(p) for side, p in points.items()},
            "totals": totals,
            "rated": rated,
            "rating_scores": rating_scores,
            "pairs": pairs if rated else [],
        }

    @staticmethod
    def _pair_score(key_a, key_b, kind: str) -> float:
        """Score of a against b from their ranking keys (docs/rules.md section 6)."""
        if key_a == key_b:
            return 0.5
        a_ahead = key_a > key_b
        if key_a[0] != key_b[0] or key_a[0] == 0:
            pair_kind = "resign" if kind == "resign" else "timeout"  # someone left the match
        elif key_a[1] != key_b[1]:
            pair_kind = "clear"
        else:
            pair_kind = "cells"
        winner, loser = MATCH_SCORES[pair_kind]
        return winner if a_ahead else loser

    # -- records ----------------------------------------------------------------

    def to_record(self) -> dict:
        """A JSON-able dict that :meth:`from_record` replays to this match."""
        record = {
            "format": FORMAT,
            "version": VERSION,
            "variant": self.variant_id,
            "seed": self.seed,
            "options": dict(self.options),
            "games": self.games_count,
            "events": [list(event) for event in self.events],
        }
        if self.board is not None:
            record["board"] = copy.deepcopy(self.board)  # a custom board's layout, as in Game records
        return record

    @classmethod
    def from_record(cls, record) -> "Match":
        """Replay a record made by :meth:`to_record`; BadRecord if it cannot be."""
        if not isinstance(record, dict) or record.get("format") != FORMAT:
            raise BadRecord(f"not a match record (expected a dict with format {FORMAT!r})", "record.not_match")
        if record.get("version") != VERSION:
            raise BadRecord(
                f"match record version {record.get('version')!r} is not known"
                f" (this engine reads version {VERSION})",
                "record.version", value=record.get("version"), known=VERSION)
        missing = [key for key in ("variant", "seed", "options", "games", "events") if key not in record]
        if missing:
            raise BadRecord(f"match record lacks {', '.join(missing)}", "record.missing", names=missing)
        events = record["events"]
        if not isinstance(events, list):
            raise BadRecord("match record events must be a list", "record.events")
        options = record["options"]
        if not isinstance(options, dict):
            raise BadRecord("match record options must be a dict", "record.options")
        try:
            if "board" in record:
                match = cls._from_layout(record["board"], record["games"])
            else:
                match = cls.new(record["variant"], record["seed"], games=record["games"], **options)
        except BadRecord:
            raise
        except (ValueError, TypeError, KeyError, AttributeError) as error:  # FillerError is a ValueError
            raise BadRecord(f"match record does not make a match: {error}", "record.board", cause=error) from None
        for number, event in enumerate(events):
            try:
                match = match._replay(event)
            except (ValueError, TypeError) as error:  # FillerError is a ValueError
                raise BadRecord(f"match record event {number} {event!r} does not replay: {error}", "record.event",
                                position=number + 1, cause=error) from None
        return match

    @classmethod
    def _from_layout(cls, layout, games) -> "Match":
        games = cls._check_games(games)
        if not isinstance(layout, dict):
            raise BadRecord("match record board must be a dict (the layout of a custom board)", "record.layout")
        game = Game.from_record({"format": "filler-game", "version": 1, "variant": "custom",
                                 "layout": layout})
        return cls._start("custom", None, {}, games, game.to_record()["layout"], game)

    def _replay(self, event) -> "Match":
        if not isinstance(event, (list, tuple)) or not event or event[0] not in EVENT_KINDS:
            raise BadRecord(f"an event is a list [kind, ...] with kind one of {', '.join(EVENT_KINDS)}",
                            "record.event_kind")
        kind = event[0]
        if kind == "move":
            if len(event) != 3:
                raise BadRecord("a move event is ['move', player, color]", "record.event_kind")
            if event[1] != self.turn:
                raise BadRecord(f"the move is recorded for player {event[1]!r} but player {self.turn} is to move",
                                "record.mover", seat=event[1], turn=self.turn)
            return self.play(event[2])
        if len(event) != 2:
            raise BadRecord(f"a {kind} event is [{kind!r}, player]", "record.event_kind")
        return getattr(self, kind)(event[1])

    # -- plumbing ----------------------------------------------------------------

    def __eq__(self, other) -> bool:
        if not isinstance(other, Match):
            return NotImplemented
        return self.to_record() == other.to_record()

    def __hash__(self) -> int:
        return hash((self.variant_id, self.seed, self.games_count, self.events))

    def __repr__(self) -> str:
        state = "over" if self.over else ("between games" if self.between_games else f"player {self.turn} to move")
        return f"<Match {self.variant_id} seed={self.seed} game {self.game_index + 1}/{self.games_count}, {state}>"
