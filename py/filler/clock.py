"""A chess clock for a match: pure arithmetic on times the caller passes in.

Each seat has one time bank for the whole match plus an increment after each
completed move (docs/rules.md section 5).  Only the seat to move runs; the caller
stops the clock between games and pauses it while the page is hidden.  Times are
integer milliseconds from any monotonic source (``now_ms``); the clock never
reads the time itself, so it behaves the same in tests, CPython and Pyodide.

    >>> c = Clock.new(2, bank_ms=60_000, increment_ms=2_000)
    >>> c = c.start(0, now_ms=1_000)              # game 1: seat 0 to move
    >>> c.remaining_ms(0, now_ms=11_000)
    50000
    >>> c = c.moved(0, now_ms=11_000, next_seat=1)  # 10 s used, 2 s back
    >>> c.remaining_ms(0, 99_000), c.remaining_ms(1, 12_000)
    (52000, 59000)
    >>> c = c.pause(12_000).resume(500_000)       # hidden for a while: free
    >>> c.remaining_ms(1, 500_000), c.flagged(500_000), c.flagged(559_000)
    (59000, None, 1)
    >>> Clock.from_dict(c.to_dict()) == c
    True

Every method returns a new Clock; a Clock is never changed.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .errors import BadOption, BadRecord, OutOfTurn

FORMAT = "filler-clock"
VERSION = 1


def _whole(value, what: str, code: str, *, minimum: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadOption(f"{what} must be a whole number of milliseconds, not {value!r}", code,
                        value=value, low=minimum)
    if value < minimum:
        raise BadOption(f"{what} must be at least {minimum}, not {value}", code, value=value, low=minimum)
    return value


@dataclass(frozen=True)
class Clock:
    """Time left per seat as of ``at_ms``, and which seat's time runs.

    ``turn`` is the seat whose time runs when the clock is not paused (None
    between games); ``running`` is False while paused or stopped; ``at_ms`` is
    the last time the clock was told (no call may give an earlier time).
    """

    bank_ms: int
    increment_ms: int
    left_ms: tuple[int, ...]
    turn: int | None = None
    running: bool = False
    at_ms: int | None = None

    # -- making one -------------------------------------------------------

    @classmethod
    def new(cls, seats: int, bank_ms: int, increment_ms: int = 0) -> "Clock":
        """A stopped clock with a full bank for each of ``seats`` seats.

        For a variant's default: ``Clock.new(v.seats, *v.clock)``.
        """
        seats = _whole(seats, "the number of seats", "clock.seats", minimum=1)
        bank_ms = _whole(bank_ms, "the time bank", "clock.bank", minimum=1)
        increment_ms = _whole(increment_ms, "the increment", "clock.increment")
        return cls(bank_ms, increment_ms, (bank_ms,) * seats)

    @property
    def seats(self) -> int:
        return len(self.left_ms)

    # -- checks -------------------------------------------------------------

    def _seat(self, seat) -> int:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.seats:
            raise BadOption(f"seat {seat!r} is not a seat of this clock (0..{self.seats - 1})", "range.seat",
                            value=seat, low=0, high=self.seats - 1)
        return seat

    def _now(self, now_ms) -> int:
        now_ms = _whole(now_ms, "now_ms", "clock.time")
        if self.at_ms is not None and now_ms < self.at_ms:
            raise BadOption(
                f"time went backwards: now_ms={now_ms} is before the clock's last time {self.at_ms}",
                "clock.backwards")
        return now_ms

    def _charged(self, now_ms: int) -> tuple[int, ...]:
        """``left_ms`` with the time since ``at_ms`` taken from the running seat."""
        if not self.running or self.turn is None or self.at_ms is None:
            return self.left_ms
        left = list(self.left_ms)
        left[self.turn] = max(0, left[self.turn] - (now_ms - self.at_ms))
        return tuple(left)

    # -- reading ------------------------------------------------------------

    def remaining_ms(self, seat: int, now_ms: int) -> int:
        """Milliseconds ``seat`` has left at ``now_ms`` (0 when out of time)."""
        seat = self._seat(seat)
        return self._charged(self._now(now_ms))[seat]

    def remaining(self, now_ms: int) -> tuple[int, ...]:
        """Milliseconds left per seat at ``now_ms``."""
        return self._charged(self._now(now_ms))

    def flagged(self, now_ms: int) -> int | None:
        """The seat to move if its time has run out at ``now_ms``, else None.

        Ask this before accepting a move: a move made after the flag fell is
        too late, and the caller should flag the seat in its Match instead.
        """
        left = self._charged(self._now(now_ms))
        if self.turn is not None and left[self.turn] == 0:
            return self.turn
        return None

    def out_of_time(self, now_ms: int) -> tuple[int, ...]:
        """Every seat with no time left at ``now_ms`` (four players: those out)."""
        left = self._charged(self._now(now_ms))
        return tuple(seat for seat, ms in enumerate(left) if ms == 0)

    def deadline_ms(self) -> int | None:
        """When the running seat runs out if nobody moves (None when not running)."""
        if not self.running or self.turn is None or self.at_ms is None:
            return None
        return self.at_ms + self.left_ms[self.turn]

    # -- changing (each returns a new Clock) -------------------------------

    def start(self, seat: int, now_ms: int) -> "Clock":
        """Run ``seat``'s time from ``now_ms``: the start of a game.

        Any time the previously running seat used up to ``now_ms`` is charged to
        it (without increment), so this also hands the turn on when the seat to
        move drops out (four players, out of time).
        """
        seat = self._seat(seat)
        now_ms = self._now(now_ms)
        return replace(self, left_ms=self._charged(now_ms), turn=seat, running=True, at_ms=now_ms)

    def moved(self, seat: int, now_ms: int, next_seat: int | None, *, increment: bool = True) -> "Clock":
        """``seat`` completed a move at ``now_ms``; ``next_seat`` moves next.

        The mover's used time is charged and the increment added (unless its
        time had already run out: then it stays at 0 and :meth:`out_of_time`
        names it, or ``increment`` is False: a first move, whose time was free).  ``next_seat=None`` means the game ended: the clock stops
        until :meth:`start`.  A paused clock stays paused (a computer player
        may answer while the page is hidden).
        """
        seat = self._seat(seat)
        if next_seat is not None:
            next_seat = self._seat(next_seat)
        now_ms = self._now(now_ms)
        if self.turn is None:
            raise OutOfTurn("the clock is stopped (between games): start it for the seat to move first",
                            "clock.stopped")
        if seat != self.turn:
            raise OutOfTurn(f"seat {seat} moved, but the clock runs for seat {self.turn}, the seat to move",
                            "clock.turn", seat=seat, turn=self.turn)
        left = list(self._charged(now_ms))
        if left[seat] > 0 and increment:
            left[seat] += self.increment_ms
        if next_seat is None:
            return replace(self, left_ms=tuple(left), turn=None, running=False, at_ms=now_ms)
        return replace(self, left_ms=tuple(left), turn=next_seat, at_ms=now_ms)

    def pause(self, now_ms: int) -> "Clock":
        """Stop the time at ``now_ms``, keeping the seat to move (page hidden)."""
        now_ms = self._now(now_ms)
        return replace(self, left_ms=self._charged(now_ms), running=False, at_ms=now_ms)

    def resume(self, now_ms: int) -> "Clock":
        """Run the time of the seat to move again from ``now_ms``.

        Between games (after :meth:`stop`, or a move that ended the game) there
        is no seat to move and this changes nothing but the time, so a page can
        simply pause when hidden and resume when shown.
        """
        now_ms = self._now(now_ms)
        return replace(self, left_ms=self._charged(now_ms), running=self.turn is not None, at_ms=now_ms)

    def stop(self, now_ms: int) -> "Clock":
        """Stop the clock at ``now_ms`` with no seat to move: between games."""
        now_ms = self._now(now_ms)
        return replace(self, left_ms=self._charged(now_ms), turn=None, running=False, at_ms=now_ms)

    def tick(self, now_ms: int) -> "Clock":
        """The same clock with its time brought up to ``now_ms`` (to save it)."""
        now_ms = self._now(now_ms)
        return replace(self, left_ms=self._charged(now_ms), at_ms=now_ms)

    def halt(self) -> "Clock":
        """Pause at the last time the clock was told, charging nothing after it.

        For a clock read back from storage after the page was closed: the time
        while the page was closed does not count (issue 5).  Save the clock
        often (after every move, and :meth:`tick` or :meth:`pause` when the page
        is hidden) so that little is lost.
        """
        return replace(self, running=False)

    # -- storage --------------------------------------------------------------

    def to_dict(self) -> dict:
        """A JSON-able dict; :meth:`from_dict` gives the same Clock back."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "bank_ms": self.bank_ms,
            "increment_ms": self.increment_ms,
            "left_ms": list(self.left_ms),
            "turn": self.turn,
            "running": self.running,
            "at_ms": self.at_ms,
        }

    @classmethod
    def from_dict(cls, data) -> "Clock":
        """Read a dict made by :meth:`to_dict`; BadRecord if it is not one."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise BadRecord(f"not a saved clock (expected a dict with format {FORMAT!r})", "clock.format")
        version = data.get("version")
        if version != VERSION:
            raise BadRecord(f"saved clock version {version!r} is not known (this engine reads version {VERSION})",
                            "clock.version", value=version, known=VERSION)
        try:
            clock = cls.new(len(data["left_ms"]), data["bank_ms"], data["increment_ms"])
            left = tuple(_whole(ms, "time left", "clock.time") for ms in data["left_ms"])
            turn = data["turn"]
            if turn is not None:
                turn = clock._seat(turn)
            running = data["running"]
            if not isinstance(running, bool) or (running and turn is None):
                raise BadOption(f"running must be true or false (and false without a seat to move), not {running!r}",
                                "clock.running")
            at_ms = data["at_ms"]
            if at_ms is not None:
                at_ms = _whole(at_ms, "at_ms", "clock.time")
            elif running:
                raise BadOption("a running clock needs at_ms", "clock.running")
        except (KeyError, TypeError) as error:
            raise BadRecord(f"saved clock is missing or garbles a field: {error}", "clock.corrupt") from None
        except BadOption as error:
            raise BadRecord(f"saved clock is corrupt: {error}", "clock.corrupt", cause=error) from None
        return replace(clock, left_ms=left, turn=turn, running=running, at_ms=at_ms)
