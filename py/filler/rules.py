"""The game: an immutable position, and every rule of docs/rules.md sections 2-4.

A ``Game`` holds only a few masks on top of its static ``Board``: the cells of
each seat, the free cells, the live free cells (free cells some active side can
still reach; the rest are dead), the seats' current colors, the seat to move and
the end of the game. ``play`` returns a new ``Game`` and never copies the board.

Why enclosure needs no region labelling: after enclosure every live region
borders at least two sides.  A move only takes cells next to the mover, so a
region it does not touch is unchanged, and a region it splits borders the
mover. New enclosures therefore always go to the mover, and they are the live
cells next to the move that the other active sides can no longer reach: one
flood from the other sides' cells, stopped as soon as it reaches every free cell
next to the cells the mover just took (or, cheaper, a check that those free
cells are still connected in a thin ring around the gain).  Only when a seat
goes out (or at the start) is the whole board settled again with one flood per
side.  The end check needs no flood for two sides (every live region borders
both, so best = own + live); for more sides a rival's reach is flooded only
until it covers the leader's lead.
"""

from functools import lru_cache

from . import board as board_module
from . import record as record_module
from .board import OBSTACLE, PAINT, Board
from .errors import BadBoard, BadOption, GameOver, IllegalMove
from .variants import get_variant, practice_options

SEED_LIMIT = 2 ** 53  # seeds are ints in 0 .. 2**53 - 1: exact in JSON and JavaScript

STALEMATE_ROUNDS = 4


def check_seed(seed) -> int:
    """The seed if it is an int in ``0 <= seed < SEED_LIMIT``, else ``BadOption``."""
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise BadOption(f"the seed must be a whole number (int) in 0..{SEED_LIMIT - 1}, "
                        f"got {seed!r} of type {type(seed).__name__}", "seed.type", value=seed)
    if not 0 <= seed < SEED_LIMIT:
        raise BadOption(f"the seed must be in 0..{SEED_LIMIT - 1} (2**53 - 1, the largest "
                        f"integer JavaScript holds exactly), got {seed}", "seed.range", value=seed,
                        high=SEED_LIMIT - 1)
    return seed


@lru_cache(maxsize=64)
def variant_board(variant_id: str, seed: int, options: tuple = ()) -> Board:
    """The generated board of a variant and seed (cached: boards never change)."""
    variant = get_variant(variant_id)
    if variant_id == "practice":
        opts = dict(options)
        shape, width, height, colors = opts["shape"], opts["width"], opts["height"], opts["colors"]
        key = f"practice:{shape}:{width}x{height}:{colors}"
    else:
        shape, width, height, colors = variant.shape, variant.width, variant.height, variant.colors
        key = variant_id
    return board_module.generate(
        key, seed, shape=shape, width=width, height=height, colors=colors,
        layout=variant.layout, obstacle_permille=variant.obstacle_permille,
        wall_permille=variant.wall_permille, value_permille=variant.value_permille,
        paint_permille=variant.paint_permille, crown=variant.crown)


class _Setup:
    """What stays the same for a whole game: board, seats, sides, origin."""

    __slots__ = ("board", "variant_id", "seed", "options", "layout", "seats", "teams",
                 "sides", "side_of", "side_seats", "opponents", "corner_shift", "first",
                 "colors")

    def __init__(self, board, variant_id, seed, options, layout, seats, teams,
                 corner_shift, first):
        self.board = board
        self.variant_id = variant_id
        self.seed = seed
        self.options = options
        self.layout = layout
        self.seats = seats
        self.teams = teams
        self.colors = board.colors
        self.sides = 2 if teams or seats == 2 else seats
        self.side_of = tuple(s % 2 if teams else s for s in range(seats))
        self.side_seats = tuple(tuple(s for s in range(seats) if self.side_of[s] == side)
                                for side in range(self.sides))
        self.opponents = tuple(tuple(o for o in range(seats) if self.side_of[o] != self.side_of[s])
                               for s in range(seats))
        self.corner_shift = corner_shift
        self.first = first


def _check_int(name, value, low, high, code):
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise BadOption(f"{name} must be an int in {low}..{high}, got {value!r}", code,
                        value=value, low=low, high=high)
    return value


class Game:
    """An immutable Filler position. Make one with ``new`` or ``from_rows``.

    >>> g = Game.from_rows(["0121", "2102", "0212"], colors=3)
    >>> g.owner_rows()
    ['...1', '....', '0...']
    >>> g.legal_colors()
    [2]
    >>> g.play(2).owner_rows()
    ['...1', '0...', '00..']
    """

    __slots__ = ("_setup", "_owned", "_colors", "_free", "_live", "_turn", "_quiet",
                 "_out", "_next", "_rivals", "_over", "_winners", "_end_reason",
                 "_log", "_length", "_cache")

    # -- construction ------------------------------------------------------------
    @classmethod
    def new(cls, variant_id, seed=0, *, corner_shift=0, first=0, **options) -> "Game":
        """A game of a variant on the board of ``seed``.

        ``options`` only for ``practice``: shape, width, height (5..41), colors (3..9).
        ``corner_shift``: seat s plays from corner (s + corner_shift) % seats;
        ``first``: the seat that moves first.
        """
        variant = get_variant(variant_id)
        check_seed(seed)
        if variant.id == "practice":
            opts = practice_options(options)
        elif options:
            raise BadOption(f"variant {variant.id!r} takes no options (got "
                            f"{', '.join(sorted(options))}); only 'practice' takes "
                            f"shape, width, height and colors", "options.not_practice",
                            variant=variant.id)
        else:
            opts = {}
        board = variant_board(variant.id, seed, tuple(sorted(opts.items())))
        setup = _Setup(board, variant.id, seed, opts, None, variant.seats, variant.teams,
                       cls._check_shift(corner_shift), cls._check_first(first, variant.seats))
        return cls._start(setup)

    @classmethod
    def from_rows(cls, rows, colors=None, shape="square", *, seats=2, teams=False, walls=(),
                  values=None, paint=(), crown=None, starts=None, corner_shift=0,
                  first=0) -> "Game":
        """A game on an explicit board.

        rows: strings, '0'..'8' a color, '#' an obstacle, '*' paint.  Seats 2
        (bottom-left, top-right) or 4 (bottom-left, top-left, top-right,
        bottom-right; ``teams=True`` for duos).  ``starts``: the corner list,
        one list of start cell ids per corner.  ``values``: {cell: 2 or 3}, rows
        of digits, or one number per cell.  ``walls``: pairs of neighbour ids.
        """
        if seats not in (2, 4) or isinstance(seats, bool):
            raise BadBoard(f"seats must be 2 or 4, got {seats!r}", "board.seats", value=seats)
        if teams and seats != 4:
            raise BadBoard("teams (duos) need seats=4", "board.teams")
        board = board_module.from_rows(rows, colors, shape, walls=walls, values=values,
                                       paint=paint, crown=crown, corners=starts,
                                       layout="two" if seats == 2 else "four")
        if len(board.corners) != seats:
            raise BadBoard(f"starts gives {len(board.corners)} corners but there are {seats} seats",
                           "board.corners", corners=len(board.corners), seats=seats)
        needed = 3 if seats == 2 else 4 if teams else 5
        if board.colors < needed:
            raise BadBoard(f"{seats} seats{' in teams' if teams else ''} need at least "
                           f"{needed} colors so that a legal color always exists; "
                           f"got colors={board.colors}", "board.few_colors", seats=seats,
                           needed=needed, count=board.colors)
        layout = _layout_of(board)
        setup = _Setup(board, "custom", None, {}, layout, seats, bool(teams),
                       cls._check_shift(corner_shift), cls._check_first(first, seats))
        return cls._start(setup)

    @staticmethod
    def _check_shift(corner_shift):
        if not isinstance(corner_shift, int) or isinstance(corner_shift, bool):
            raise BadOption(f"corner_shift must be an int, got {corner_shift!r}", "option.corner_shift",
                            value=corner_shift)
        return corner_shift

    @staticmethod
    def _check_first(first, seats):
        return _check_int("first (the seat that moves first)", first, 0, seats - 1, "range.first")

    @classmethod
    def _start(cls, setup: _Setup) -> "Game":
        board = setup.board
        n = setup.seats
        owned = []
        colors = []
        taken = 0
        for seat in range(n):
            corner = board.corners[(seat + setup.corner_shift) % n]
            color = board.cell_colors[corner[0]]
            start = board.mask_of(corner)
            region = start | ((board.color_masks[color] | board.paint_mask) & board.playable)
            territory = board.flood(start, region)
            if territory & taken:
                raise BadBoard(f"the start territory of seat {seat} touches another seat's "
                               f"start territory through color {color}", "board.starts_touch",
                               seat=seat, color=color)
            taken |= territory
            owned.append(territory)
            colors.append(color)
        game = object.__new__(cls)
        game._setup = setup
        game._colors = tuple(colors)
        game._turn = setup.first
        game._quiet = 0
        game._log = None
        game._length = 0
        game._cache = None
        game._set_out(frozenset())
        game._owned, game._free, game._live = _settle(setup, owned, game._out, setup.first)
        game._over, game._winners, game._end_reason = False, (), None
        game._decide_full(0)
        return game

    def _set_out(self, out):
        setup = self._setup
        n = setup.seats
        self._out = out
        self._next = tuple(next(((s + i) % n for i in range(1, n + 1) if (s + i) % n not in out), s)
                           for s in range(n))
        self._rivals = tuple(tuple(o for o in setup.opponents[s] if o not in out) for s in range(n))

    # -- the move ---------------------------------------------------------------
    def _gains(self, seat, color):
        """(flooded, enclosed) masks of ``seat`` playing ``color`` (legal, game on)."""
        board = self._setup.board
        own = self._owned[seat]
        grown = board.flood(own, own | ((board.color_masks[color] | board.paint_mask) & self._free))
        gain = grown ^ own
        if not gain:
            return 0, 0
        live = self._live ^ gain
        around = board.dilate(gain)
        touched = around & live
        if not touched:
            return gain, 0
        owned = self._owned
        others = 0
        for rival in self._rivals[seat]:
            others |= owned[rival]
        if not others:
            return gain, live
        if not around & others:
            # Local shortcut: the region the gain came from still touches the
            # others (no gained cell bordered them), so if all free cells next
            # to the gain are still connected (checked in a ring two cells wide
            # around it) nothing was split and nothing is sealed.
            start = touched & -touched
            covered, _ = board.reach_covers(start, board.dilate(around) & live, touched)
            if covered:
                return gain, 0
        covered, reach = board.reach_covers(others, others | live, touched)
        if covered:
            return gain, 0
        return gain, live & ~reach

    def _check_color(self, color):
        if self._over:
            raise GameOver(f"the game is over ({self._end_reason}); no more moves", "game.over")
        setup = self._setup
        if color.__class__ is not int or not 0 <= color < setup.colors:
            raise IllegalMove(f"a color is an int in 0..{setup.colors - 1} on this board, "
                              f"got {color!r}", "move.not_color", value=color, count=setup.colors)
        seat = self._turn
        colors = self._colors
        if color == colors[seat]:
            raise IllegalMove(f"color {color} is your own current color (seat {seat}); "
                              f"choose one of {self.legal_colors()}", "move.own_color", color=color,
                              colors=self.legal_colors())
        for rival in setup.opponents[seat]:
            if colors[rival] == color:
                raise IllegalMove(f"color {color} is the current color of opponent seat "
                                  f"{rival}; choose one of {self.legal_colors()}", "move.rival_color",
                                  color=color, seat=rival, colors=self.legal_colors())
        return seat

    def play(self, color: int) -> "Game":
        """The game after the seat to move chooses ``color``; ``self`` is unchanged."""
        seat = self._check_color(color)
        gain, enclosed = self._gains(seat, color)
        setup = self._setup
        new = object.__new__(Game)
        new._setup = setup
        colors = list(self._colors)
        colors[seat] = color
        new._colors = tuple(colors)
        new._out = self._out
        new._next = self._next
        new._rivals = self._rivals
        new._log = (("move", seat, color), self._log)
        new._length = self._length + 1
        new._cache = None
        new._turn = self._next[seat]
        new._over, new._winners, new._end_reason = False, (), None
        if gain:
            taken = gain | enclosed
            owned = list(self._owned)
            owned[seat] |= taken
            new._owned = tuple(owned)
            new._free = self._free ^ taken
            new._live = self._live ^ taken
            new._quiet = 0
            if setup.sides == 2:
                new._decide_two(seat, taken)
            else:
                new._decide_full(taken)
        else:
            new._owned = self._owned
            new._free = self._free
            new._live = self._live
            new._quiet = quiet = self._quiet + 1
            if quiet >= STALEMATE_ROUNDS * (setup.seats - len(self._out)):
                new._finish("stalemate")
        return new

    # -- the end of the game ------------------------------------------------------
    def _side_values(self):
        setup = self._setup
        value = setup.board.value
        owned = self._owned
        out = []
        for seats in setup.side_seats:
            mask = 0
            for s in seats:
                mask |= owned[s]
            out.append(value(mask))
        return out

    def _finish(self, reason, sides=None):
        """End the game; winners are ``sides`` or the sides with the highest own."""
        setup = self._setup
        if sides is None:
            # A side whose seats are all out (resigned, out of time) cannot win.
            values = self._side_values()
            active = self._active_sides()
            top = max(values[side] for side in active)
            sides = [side for side in active if values[side] == top]
        self._over = True
        self._end_reason = reason
        self._winners = tuple(sorted(s for side in sides for s in setup.side_seats[side]))

    def _decide_two(self, mover, taken):
        board = self._setup.board
        if taken & board.crown_bit:
            self._finish("crown", [self._setup.side_of[mover]])
            return
        live_value = board.value(self._live)
        if live_value == 0:
            self._finish("filled")
            return
        owned = self._owned
        value = board.value
        if len(owned) == 2:
            own0, own1 = value(owned[0]), value(owned[1])
        else:
            own0, own1 = value(owned[0] | owned[2]), value(owned[1] | owned[3])
        if own0 > own1 + live_value or own1 > own0 + live_value:
            self._finish("equator")

    def _decide_full(self, taken):
        """The end check for any number of sides (start, more sides, seats out)."""
        setup = self._setup
        board = setup.board
        if board.crown_bit and not board.crown_bit & self._free:
            for side, seats in enumerate(setup.side_seats):
                if any(board.crown_bit & self._owned[s] for s in seats):
                    self._finish("crown", [side])
                    return
        active_sides = self._active_sides()
        if len(active_sides) <= 1:
            self._finish("resign", sorted(active_sides))
            return
        live = self._live
        live_value = board.value(live)
        if live_value == 0:
            self._finish("filled")
            return
        if self._quiet >= STALEMATE_ROUNDS * (setup.seats - len(self._out)):
            self._finish("stalemate")
            return
        values = self._side_values()
        leader = max(active_sides, key=lambda side: (values[side], -side))
        for side in active_sides:
            if side == leader:
                continue
            if values[leader] <= values[side]:
                return
            if values[leader] > values[side] + live_value:
                continue
            if self._side_reaches(side, values[leader] - values[side]):
                return
        self._finish("equator")

    def _active_sides(self) -> list:
        """The sides that still have a seat in the game, in order."""
        setup = self._setup
        return sorted({setup.side_of[s] for s in range(setup.seats) if s not in self._out})

    def _side_reaches(self, side, need) -> bool:
        """Whether the side's active seats reach free cells worth at least
        ``need`` (the flood stops as soon as they do)."""
        setup = self._setup
        board = setup.board
        territory = 0
        for s in setup.side_seats[side]:
            if s not in self._out:
                territory |= self._owned[s]
        if not territory:
            return need <= 0
        live = self._live
        region = territory | live
        dilate, value = board.dilate, board.value
        x = territory
        while True:
            y = dilate(x) & region
            if value(y & live) >= need:
                return True
            if y == x:
                return False
            x = y

    # -- seats leaving -----------------------------------------------------------
    def resign(self, seat) -> "Game":
        """Two sides (duos too): the game is over, the other side wins.
        Four players: that seat is out and the game goes on."""
        self._check_seat(seat)
        if self._over:
            raise GameOver("the game is already over")
        setup = self._setup
        if setup.sides == 2:
            new = self._copy()
            new._log = (("resign", seat), self._log)
            new._length = self._length + 1
            new._finish("resign", [1 - setup.side_of[seat]])
            return new
        return self._leave(seat, "resign")

    def remove_seat(self, seat) -> "Game":
        """The seat is out (four players' timeout): skipped from now on; its cells
        stay and count as walls for the enclosure rule."""
        self._check_seat(seat)
        if self._over:
            raise GameOver("the game is already over")
        return self._leave(seat, "out")

    def _leave(self, seat, event):
        if seat in self._out:
            raise BadOption(f"seat {seat} is already out", "seat.out", seat=seat)
        new = self._copy()
        new._log = ((event, seat), self._log)
        new._length = self._length + 1
        new._set_out(self._out | {seat})
        if new._turn == seat:
            new._turn = new._next[seat]
        new._owned, new._free, new._live = _settle(self._setup, list(self._owned), new._out,
                                                   new._turn)
        new._decide_full(0)
        return new

    def _copy(self) -> "Game":
        new = object.__new__(Game)
        for name in Game.__slots__:
            setattr(new, name, getattr(self, name))
        new._cache = None
        return new

    def _check_seat(self, seat):
        return _check_int("seat", seat, 0, self._setup.seats - 1, "range.seat")

    # -- what a player sees -----------------------------------------------------
    @property
    def shape(self) -> str:
        return self._setup.board.shape

    @property
    def width(self) -> int:
        return self._setup.board.width

    @property
    def height(self) -> int:
        return self._setup.board.height

    @property
    def turn(self) -> int:
        """The seat to move (after the end: the seat that would have moved)."""
        return self._turn

    @property
    def over(self) -> bool:
        return self._over

    @property
    def winners(self) -> tuple:
        """Seats of the winning side(s); more than one side means a draw; () while playing."""
        return self._winners

    @property
    def draw(self) -> bool:
        setup = self._setup
        return self._over and len({setup.side_of[s] for s in self._winners}) > 1

    @property
    def end_reason(self):
        return self._end_reason

    @property
    def out(self) -> frozenset:
        return self._out

    @property
    def variant_id(self) -> str:
        return self._setup.variant_id

    @property
    def seed(self):
        return self._setup.seed

    @property
    def options(self) -> dict:
        return dict(self._setup.options)

    @property
    def colors(self) -> int:
        return self._setup.colors

    @property
    def seats(self) -> int:
        return self._setup.seats

    @property
    def teams(self) -> bool:
        return self._setup.teams

    @property
    def sides(self) -> int:
        return self._setup.sides

    @property
    def corner_shift(self) -> int:
        return self._setup.corner_shift

    @property
    def first(self) -> int:
        return self._setup.first

    @property
    def board(self) -> Board:
        return self._setup.board

    def side_of(self, seat) -> int:
        return self._setup.side_of[self._check_seat(seat)]

    def side_seats(self, side) -> tuple:
        return self._setup.side_seats[_check_int("side", side, 0, self._setup.sides - 1, "range.side")]

    @property
    def history(self) -> tuple:
        """Events in order: ("move", seat, color), ("resign", seat), ("out", seat)."""
        events = []
        node = self._log
        while node is not None:
            events.append(node[0])
            node = node[1]
        events.reverse()
        return tuple(events)

    @property
    def moves(self) -> tuple:
        return tuple((e[1], e[2]) for e in self.history if e[0] == "move")

    @property
    def crown(self):
        return self._setup.board.crown

    def current_color(self, seat) -> int:
        return self._colors[self._check_seat(seat)]

    def legal_colors(self) -> list:
        if self._over:
            return []
        blocked = self.forbidden()
        return [c for c in range(self._setup.colors) if c not in blocked]

    def forbidden(self) -> dict:
        """{color: seat} for each color not legal now: the mover's own or an opponent's."""
        seat = self._turn
        out = {self._colors[seat]: seat}
        for rival in self._setup.opponents[seat]:
            out.setdefault(self._colors[rival], rival)
        return out

    def preview_parts(self, color) -> dict:
        """{seat: {"flood": [ids], "enclosure": [ids]}}: what ``color`` would gain
        (the key is the mover: a region a move seals always borders the mover)."""
        seat = self._check_color(color)
        gain, enclosed = self._gains(seat, color)
        board = self._setup.board
        return {seat: {"flood": board.cells_of(gain), "enclosure": board.cells_of(enclosed)}}

    def preview(self, color) -> dict:
        """{seat: sorted list of cell ids gained} if the mover played ``color``."""
        seat = self._check_color(color)
        gain, enclosed = self._gains(seat, color)
        return {seat: self._setup.board.cells_of(gain | enclosed)}

    def preview_value(self, color) -> int:
        """The value the mover would gain with ``color`` (flood and enclosure)."""
        seat = self._check_color(color)
        gain, enclosed = self._gains(seat, color)
        return self._setup.board.value(gain | enclosed)

    def _owner_list(self):
        if self._cache is None:
            board = self._setup.board
            owners = [None] * (board.width * board.height)
            for seat, mask in enumerate(self._owned):
                for cell in board.cells_of(mask):
                    owners[cell] = seat
            self._cache = owners
        return self._cache

    def owner_of(self, cell):
        """The seat that owns ``cell``, or None."""
        return self._owner_list()[self._check_cell(cell)]

    def _check_cell(self, cell):
        return _check_int("cell", cell, 0, self.width * self.height - 1, "range.cell")

    def color_rows(self) -> list:
        """Each cell's current color: '0'..'8', '#' obstacle, '*' free paint."""
        board = self._setup.board
        owners = self._owner_list()
        chars = []
        for cell, color in enumerate(board.cell_colors):
            if color == OBSTACLE:
                chars.append("#")
            elif owners[cell] is not None:
                chars.append(str(self._colors[owners[cell]]))
            elif color == PAINT:
                chars.append("*")
            else:
                chars.append(str(color))
        w = board.width
        return ["".join(chars[r * w:(r + 1) * w]) for r in range(board.height)]

    def owner_rows(self) -> list:
        """'.' free, '0'..'3' seat, '#' obstacle, 'x' dead."""
        board = self._setup.board
        owners = self._owner_list()
        dead = set(board.cells_of(self._free & ~self._live))
        chars = []
        for cell, color in enumerate(board.cell_colors):
            if color == OBSTACLE:
                chars.append("#")
            elif owners[cell] is not None:
                chars.append(str(owners[cell]))
            elif cell in dead:
                chars.append("x")
            else:
                chars.append(".")
        w = board.width
        return ["".join(chars[r * w:(r + 1) * w]) for r in range(board.height)]

    def owned_cells(self, seat) -> list:
        return self._setup.board.cells_of(self._owned[self._check_seat(seat)])

    def dead_cells(self) -> list:
        return self._setup.board.cells_of(self._free & ~self._live)

    # -- values -----------------------------------------------------------------
    def score(self, seat) -> int:
        """The value of the seat's own cells."""
        return self._setup.board.value(self._owned[self._check_seat(seat)])

    def _reach(self, territory):
        live = self._live
        return self._setup.board.flood(territory, territory | live) & live

    def best(self, seat) -> int:
        """score + the value of free cells in regions bordering the seat."""
        seat = self._check_seat(seat)
        own = self._owned[seat]
        value = self._setup.board.value
        if seat in self._out:
            return value(own)
        return value(own) + value(self._reach(own))

    def side_score(self, side) -> int:
        """own(S) of docs/rules.md section 4."""
        return self._side_values()[_check_int("side", side, 0, self._setup.sides - 1, "range.side")]

    def side_best(self, side) -> int:
        """best(S) of docs/rules.md section 4."""
        setup = self._setup
        seats = setup.side_seats[_check_int("side", side, 0, setup.sides - 1, "range.side")]
        own = active = 0
        for s in seats:
            own |= self._owned[s]
            if s not in self._out:
                active |= self._owned[s]
        value = setup.board.value
        return value(own) + (value(self._reach(active)) if active else 0)

    def value_in_play(self) -> int:
        """Owned value plus live free value."""
        taken = 0
        for mask in self._owned:
            taken |= mask
        return self._setup.board.value(taken | self._live)

    def needed_to_win(self) -> int:
        """Two sides: the smallest own value that wins outright (more than half
        of the value in play).  More sides: the leader's clinch line + 1."""
        setup = self._setup
        if setup.sides == 2:
            return self.value_in_play() // 2 + 1
        values = self._side_values()
        leader = max(range(setup.sides), key=lambda side: (values[side], -side))
        return max(self.side_best(s) for s in range(setup.sides) if s != leader) + 1

    def dead_value(self) -> int:
        return self._setup.board.value(self._free & ~self._live)

    def free_value(self) -> int:
        """The value of the free cells still in play (not dead)."""
        return self._setup.board.value(self._live)

    # -- the board's fixed parts -------------------------------------------------
    def cell_values(self) -> list:
        return list(self._setup.board.values)

    def obstacles(self) -> list:
        return self._setup.board.obstacles()

    def walls(self) -> list:
        return list(self._setup.board.walls)

    def paint(self) -> list:
        return list(self._setup.board.paint)

    def start_cells(self, seat) -> list:
        setup = self._setup
        return list(setup.board.corners[(self._check_seat(seat) + setup.corner_shift) % setup.seats])

    def neighbours(self, cell) -> tuple:
        """Open neighbours of a cell (no obstacles, no walls between)."""
        return self._setup.board.neighbours[self._check_cell(cell)]

    # -- records and comparison --------------------------------------------------
    def to_record(self) -> dict:
        return record_module.to_record(self)

    @classmethod
    def from_record(cls, record) -> "Game":
        return record_module.from_record(record, cls)

    def state_key(self) -> tuple:
        """Everything that decides what happens next (for comparing games)."""
        return (self._owned, self._colors, self._free, self._live, self._turn, self._quiet,
                tuple(sorted(self._out)), self._over, self._winners, self._end_reason)

    def __eq__(self, other):
        if not isinstance(other, Game):
            return NotImplemented
        return (self.state_key() == other.state_key()
                and _board_key(self._setup.board) == _board_key(other._setup.board)
                and self.history == other.history)

    def __hash__(self):
        return hash(self.state_key())

    def __repr__(self):
        state = f"over {self._end_reason}, winners {self._winners}" if self._over \
            else f"seat {self._turn} to move"
        return (f"<Game {self._setup.variant_id} {self.width}x{self.height} {self.shape}, "
                f"{self._length} events, {state}>")


def _board_key(board: Board):
    return (board.shape, board.width, board.height, board.colors, board.cell_colors,
            board.values, board.walls, board.crown, board.corners)


def _layout_of(board: Board) -> dict:
    """The explicit layout of a custom board, as plain JSON-able data."""
    chars = []
    for color in board.cell_colors:
        chars.append("#" if color == OBSTACLE else "*" if color == PAINT else str(color))
    w = board.width
    return {
        "rows": ["".join(chars[r * w:(r + 1) * w]) for r in range(board.height)],
        "shape": board.shape,
        "colors": board.colors,
        "walls": [list(pair) for pair in board.walls],
        "values": {str(c): v for c, v in enumerate(board.values) if v > 1},
        "crown": board.crown,
        "starts": [list(corner) for corner in board.corners],
    }


def _settle(setup: _Setup, owned, out, prefer):
    """Enclosure and dead cells from scratch: one flood per side.

    A region that borders exactly one side's active seats goes to that side (in
    duos: to ``prefer`` if it borders it, else its partner); a region that
    borders no active seat is dead.  Returns (owned, free, live).
    """
    board = setup.board
    owned = list(owned)
    taken = 0
    for mask in owned:
        taken |= mask
    free = board.playable & ~taken
    reaches = []
    for seats in setup.side_seats:
        territory = 0
        for s in seats:
            if s not in out:
                territory |= owned[s]
        reaches.append(board.flood(territory, territory | free) & free if territory else 0)
    live = 0
    for reach in reaches:
        live |= reach
    n = setup.seats
    for side, reach in enumerate(reaches):
        others = 0
        for other, other_reach in enumerate(reaches):
            if other != side:
                others |= other_reach
        alone = reach & ~others
        if not alone:
            continue
        live &= ~alone
        seats = sorted((s for s in setup.side_seats[side] if s not in out),
                       key=lambda s: (s - prefer) % n)
        for index, s in enumerate(seats):
            if index == len(seats) - 1:
                part = alone
            else:
                part = board.flood(owned[s], owned[s] | alone) & alone
            owned[s] |= part
            alone &= ~part
    taken = 0
    for mask in owned:
        taken |= mask
    return tuple(owned), board.playable & ~taken, live
