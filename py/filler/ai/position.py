"""A lean search position for the computer players: plain int bitmasks, no history.

The engine's ``Game`` keeps records, events and previews; a search needs far less
and visits thousands of positions per move. ``Board`` holds what never changes
during a game (geometry as a dilation function, the original color of every cell,
values, paint, crown, seats and sides); ``Position`` holds what a move changes
(each seat's territory and current color, the live free cells, the turn and the
count of moves in a row that captured nothing). ``Board.from_game`` reads a
``filler.Game`` through its public API only; the geometry is ``filler.topology``'s.

    >>> import filler
    >>> board, pos = Board.from_game(filler.Game.from_rows(["0121", "2102", "0212"], colors=3))
    >>> board.legal(pos)
    [2]
    >>> board.play(pos, 2).gained
    2

Bits: cell (col, row) is bit ``row * (width + 1) + col`` (``filler.topology``'s); the
extra column is a guard that is never part of the board, so a shift by one never wraps a
row.
"""

from __future__ import annotations

import re

from ..topology import Geometry, dilation_expression, operations

Mask = int


def _bits(mask: Mask):
    while mask:
        low = mask & -mask
        yield low
        mask ^= low


class Layout:
    """Geometry of one board: the cell <-> bit map and a fast ``dilate(mask)``, both the
    engine's (``filler.topology``: the same bits, the same compiled dilation).

    ``dilate(m)`` returns the neighbours of the cells of ``m`` (it may include
    cells of ``m`` and bits off the board: callers always mask the result).
    """

    def __init__(self, shape: str, width: int, height: int, playable, walls=()):
        geometry = Geometry(shape, width, height)
        self.shape, self.width, self.height = shape, width, height
        self.stride = geometry.stride
        self.bit_of = geometry.id_to_bit
        board = 0
        for i in playable:
            board |= 1 << self.bit_of[i]
        self.board = board
        walls = tuple(sorted(tuple(wall) for wall in walls))
        self.dilate = operations(geometry, walls)[0]
        # flood, enclosure and reach with the dilation written out in their loops
        self.flood, self.enclosed, self.reach, self.border, self.spread = _kernels(
            dilation_expression(geometry, walls), self.stride * height, local_steps(width * height))

    def mask_of(self, cells) -> Mask:
        m = 0
        for i in cells:
            m |= 1 << self.bit_of[i]
        return m

    def cells_of(self, mask: Mask):
        index = {b: i for i, b in enumerate(self.bit_of)}
        return sorted(index[low.bit_length() - 1] for low in _bits(mask))


_KERNELS = """
def flood(x, take):
    gained = 0
    grow = ({expr}) & take
    while grow:
        gained |= grow
        take ^= grow
        x = grow
        grow = ({expr}) & take
    return gained

def enclosed(gained, others, free):
    x = gained
    seeds = ({expr}) & free
    if not seeds:
        return 0
    x = others
    near = {expr}
    reach = near & free
    if not reach:
        return free
    if not near & gained:
        # the usual case, decided locally: the gained cells touch no other side,
        # so every region they were part of still borders one; if all the free
        # cells around them are still connected (grown from one of them, a few
        # steps), the move split nothing off
        x = seeds & -seeds
        for _ in range({local}):
            x |= ({expr}) & free
            if seeds | x == x:     # (every seed reached; no negative numbers: cheaper)
                return 0
    x = reach
    rest = free ^ reach
    while seeds | reach != reach:
        x = ({expr}) & rest
        if not x:
            return free ^ reach
        reach |= x
        rest ^= x
    return 0

def reach(a, b, free):
    got_a = got_b = tied = 0
    while True:
        x = a
        a = ({expr}) & free
        x = b
        b = ({expr}) & free
        grown = a | b
        if not grown:
            return got_a ^ tied, got_b ^ tied     # (tied is in both)
        got_a |= a
        got_b |= b
        tied |= a & b
        free ^= grown

def border(x):
    return {expr}

def spread(grow, take):
    gained = grow
    take ^= grow
    while grow:
        x = grow
        grow = ({expr}) & take
        gained |= grow
        take ^= grow
    return gained
"""

# reach with both sides' fronts in one number, the second side's ``{shift}`` bits up
# (``{pair}``: the dilation with its masks for both halves), so one dilation grows both
_PAIRED_REACH = """
def reach(a, b, free):
    y = a | b << {shift}
    both = free | free << {shift}
    got = tied = 0
    while True:
        x = y
        y = ({pair}) & both
        if not y:
            return got & {low} ^ tied, got >> {shift} ^ tied     # (tied is in both)
        got |= y
        a = y & {low}
        b = y >> {shift}
        tied |= a & b
        free ^= a | b
        both = free | free << {shift}
"""

_kernel_cache = {}


def local_steps(cells: int) -> int:
    """Steps of the local test of ``enclosed`` before it floods from the other sides.
    Measured (dilations per call in the master's search): on 8x7 the flood from the
    other sides is cheapest at once (3.7 against 5.1 with 10 steps), on 13x11 10
    steps are best, on 15x15 and 21x21 16 (8.9 and 9.7 against 10.2 and 11.4)."""
    return 0 if cells <= 64 else 10 if cells <= 180 else 16


def _paired(expr: str, bits: int):
    """(shift, expression): ``expr`` for two boards of ``bits`` bits in one number,
    the second ``shift`` bits up (far enough that no step of the dilation reaches
    from one into the other: the bits between are masked off)."""
    steps = [int(n) for n in re.findall(r"[<>]{2} (\d+)", expr)]
    shift = bits + max(steps, default=0) + 1
    pair = re.sub(r"0x[0-9a-f]+", lambda m: hex(int(m.group(), 16) * (1 + (1 << shift))), expr)
    return shift, pair


def _fewer_shifts(expr: str) -> str:
    """A square board's dilation ``x << 1 | x >> 1 | x << s | x >> s`` in five
    operations instead of seven, the same bits: with ``t = x | x << (s - 1)``,
    ``t << 1`` is ``x << 1 | x << s`` and ``t >> s`` is ``x >> 1 | x >> s``."""
    found = re.fullmatch(r"x << 1 \| x >> 1 \| x << (\d+) \| x >> \1", expr)
    if not found:
        return expr
    stride = int(found.group(1))
    return f"(t := x | x << {stride - 1}) << 1 | t >> {stride}"


def _kernels(expr, bits, local=10):
    """(flood, enclosed, reach, border, spread) compiled with ``expr`` (the dilation
    of ``x``) inline.

    flood(x, take): the cells of ``take`` connected to ``x`` through ``take``
    (``x`` outside ``take``); border(x): the neighbours of ``x`` (and bits of ``x``
    and off the board: mask it); spread(grow, take): ``grow`` (inside ``take``)
    and the cells of ``take`` connected to it, so ``flood(x, take)`` is
    ``spread(border(x) & take, take)``;
    enclosed(gained, others, free): the free cells that no other side can reach
    any more after a move gained ``gained`` (0 when nothing was sealed off);
    reach(a, b, free): the free cells each of two sides gets to first, growing one
    step at a time at once (cells reached by both in the same step are nobody's).
    """
    if expr.startswith("x | "):
        # every caller masks the result with cells that x is not in
        expr = expr[4:]
    expr = _fewer_shifts(expr)
    key = (expr, bits, local)
    functions = _kernel_cache.get(key)
    if functions is None:
        namespace = {}
        source = _KERNELS.format(expr=expr, local=local)
        if bits:
            shift, pair = _paired(expr, bits)
            source += _PAIRED_REACH.format(shift=shift, pair=pair, low=hex((1 << shift) - 1))
        exec(compile(source, "<filler.ai.kernels>", "exec"), namespace)
        functions = tuple(namespace[name] for name in
                          ("flood", "enclosed", "reach", "border", "spread"))
        if len(_kernel_cache) > 64:
            _kernel_cache.clear()
        _kernel_cache[key] = functions
    return functions


class Position:
    """What a move changes. Treat as immutable: ``Board.play`` returns a new one."""

    __slots__ = ("own", "colors", "free", "turn", "stall", "over", "gained")

    def __init__(self, own, colors, free, turn, stall=0, over=False, gained=0):
        self.own = own          # tuple of Mask per seat
        self.colors = colors    # tuple of current color per seat
        self.free = free        # live free cells (owned and dead cells excluded)
        self.turn = turn        # seat to move
        self.stall = stall      # moves in a row that captured nothing
        self.over = over        # the game has ended (equator, filled, crown, stall)
        self.gained = gained    # value the last move gained for its mover

    def key(self):
        return (self.turn, self.own, self.colors, self.stall)


class Board:
    """The fixed part of a game, and the rules on ``Position``s."""

    def __init__(self, layout: Layout, colors: int, color_masks, paint: Mask,
                 values: dict, crown: Mask, side_of, active, stall_limit: int):
        self.layout = layout
        self.dilate = layout.dilate
        self._flood, self._enclosed = layout.flood, layout.enclosed
        self.k = colors
        self.color_masks = color_masks           # original color of every cell
        self.paint = paint
        self.fits = [cm | paint for cm in color_masks]   # what a flood of c takes
        self.values = values                     # {value: mask} for values != 1
        # value(mask): a cell counts 1 unless the variant has valuable cells
        self.value = self._weighted_value if values else int.bit_count
        self._legal = {}
        self.crown = crown
        self.side_of = tuple(side_of)
        self.seats = len(side_of)
        self.sides = max(side_of) + 1
        self.active = tuple(active)              # seats not out, in seat order
        self.stall_limit = stall_limit
        # seats of another side: their current colors are forbidden (out or not)
        self.opponents = tuple(
            tuple(t for t in range(self.seats) if self.side_of[t] != self.side_of[s])
            for s in range(self.seats))
        self.side_seats = tuple(tuple(s for s in self.active if self.side_of[s] == side)
                                for side in range(self.sides))
        self.all_side_seats = tuple(tuple(s for s in range(self.seats)
                                          if self.side_of[s] == side)
                                    for side in range(self.sides))
        # per seat: the active seats of the other sides (the ones a region must
        # border to stay free when this seat encloses it)
        self.rivals = tuple(tuple(t for t in self.active if self.side_of[t] != self.side_of[s])
                            for s in range(self.seats))
        self.next_seat = {}
        for s in range(self.seats):
            order = [(s + i) % self.seats for i in range(1, self.seats + 1)]
            self.next_seat[s] = next(t for t in order if t in self.active)

    # -- building from a Game -------------------------------------------------------
    @classmethod
    def from_game(cls, game):
        width, height = game.width, game.height
        colors_rows = game.color_rows()
        owner_rows = game.owner_rows()
        flat_colors = "".join(colors_rows)
        flat_owner = "".join(owner_rows)
        cells = width * height
        playable = [i for i in range(cells) if flat_colors[i] != "#"]
        layout = Layout(game.shape, width, height, playable, game.walls())
        bit = layout.bit_of
        k = game.colors
        color_masks = [0] * k
        paint = 0
        free = 0
        seats = game.seats
        own = [0] * seats
        for i in playable:
            b = 1 << bit[i]
            ch, who = flat_colors[i], flat_owner[i]
            if ch == "*":
                paint |= b
            else:
                color_masks[int(ch)] |= b
            if who == ".":
                free |= b
            elif who.isdigit():
                own[int(who)] |= b
        # owned paint shows its owner's color; free paint is '*': the original colour of
        # an owned cell never matters again, so this is all the search needs.
        values = {}
        for i, v in enumerate(game.cell_values()):
            if v not in (0, 1):
                values[v] = values.get(v, 0) | (1 << bit[i])
        crown = 0
        if getattr(game, "crown", None) is not None:
            crown = 1 << bit[game.crown]
        side_of = [game.side_of(s) for s in range(seats)]
        out = set(getattr(game, "out", ()) or ())
        active = [s for s in range(seats) if s not in out]
        stall_limit = 4 * len(active)
        board = cls(layout, k, color_masks, paint, values, crown, side_of, active,
                    stall_limit)
        pos = Position(tuple(own), tuple(game.current_color(s) for s in range(seats)),
                       free, game.turn, _stall_of(game), bool(game.over))
        return board, pos

    # -- values -----------------------------------------------------------------------
    def _weighted_value(self, mask: Mask) -> int:
        total = mask.bit_count()
        for v, m in self.values.items():
            total += (v - 1) * (mask & m).bit_count()
        return total

    def side_mask(self, pos: Position, side: int) -> Mask:
        """Every cell of the side, its seats that are out included (they still count)."""
        m = 0
        for s in self.all_side_seats[side]:
            m |= pos.own[s]
        return m

    def side_own(self, pos: Position, side: int) -> int:
        return self.value(self.side_mask(pos, side))

    # -- moves ------------------------------------------------------------------------
    def legal(self, pos: Position):
        if pos.over:
            return []
        return self.legal_colors(pos.colors, pos.turn)

    def legal_colors(self, colors, turn: int):
        """The colors ``turn`` may play (a game that is not over) with these colors."""
        # two seats: both current colors are banned whoever moves
        key = colors if self.seats == 2 else (turn, colors)
        legal = self._legal.get(key)
        if legal is None:
            banned = {colors[turn]}
            for t in self.opponents[turn]:
                banned.add(colors[t])
            legal = self._legal[key] = [c for c in range(self.k) if c not in banned]
        return legal

    def flood(self, pos: Position, seat: int, color: int) -> Mask:
        """Cells a flood of ``color`` from ``seat`` would take (no enclosure)."""
        return self._flood(pos.own[seat], pos.free & self.fits[color])

    def enclosed(self, pos_free: Mask, mover_side: int, own, gained: Mask) -> Mask:
        """Free cells that border only the mover's side after it gained ``gained``.

        A region split off by the move borders the mover (it touches the gained
        cells); it stays free only if some other active side also borders it.
        So fill from the other sides' borders, and stop as soon as every free
        neighbour of the gained cells is reached: then nothing was enclosed.
        """
        others = 0
        side_of = self.side_of
        for t in self.active:
            if side_of[t] != mover_side:
                others |= own[t]
        return self._enclosed(gained, others, pos_free)

    def play(self, pos: Position, color: int, flooded: Mask | None = None) -> Position:
        """The position after the seat to move plays ``color`` (assumed legal).

        ``flooded``: ``self.flood(pos, pos.turn, color)`` if the caller has it.
        """
        seat = pos.turn
        gained = self.flood(pos, seat, color) if flooded is None else flooded
        own = pos.own
        free = pos.free
        if gained:
            free ^= gained        # a flood takes free cells
            others = 0
            for t in self.rivals[seat]:
                others |= own[t]
            extra = self._enclosed(gained, others, free)   # see ``enclosed``
            if extra:
                free ^= extra     # enclosed free cells
                gained |= extra
            if self.seats != 2:
                own = own[:seat] + (own[seat] | gained,) + own[seat + 1:]
            elif seat:
                own = (own[0], own[1] | gained)
            else:
                own = (own[0] | gained, own[1])
            stall = 0
        else:
            stall = pos.stall + 1
        colors = pos.colors
        if self.seats != 2:
            colors = colors[:seat] + (color,) + colors[seat + 1:]
        elif seat:
            colors = (colors[0], color)
        else:
            colors = (color, colors[1])
        value = self.value
        if not free or (self.crown and gained & self.crown) or stall >= self.stall_limit:
            over = True
        elif self.seats == 2:
            # the equator: one side has more than the other can still reach
            spare = value(free)
            a, b = value(own[0]), value(own[1])
            over = a > b + spare or b > a + spare
        else:
            over = None
        new = Position(own, colors, free, self.next_seat[seat], stall, over,
                       value(gained) if gained else 0)
        if over is None:
            new.over = self._ended(new, gained)
        return new

    def _ended(self, pos: Position, gained: Mask) -> bool:
        if not pos.free:
            return True
        if self.crown and gained & self.crown:
            return True
        if pos.stall >= self.stall_limit:
            return True
        # equator: the leader has more than any other side's best; best(S) is at
        # most own(S) + all live free value (exact with two sides).
        free_value = self.value(pos.free)
        if self.seats == 2:
            value = self.value
            a, b = value(pos.own[0]), value(pos.own[1])
            return a > b + free_value or b > a + free_value
        owns = [self.side_own(pos, side) for side in range(self.sides)]
        top = max(owns)
        leader_count = owns.count(top)
        if leader_count > 1:
            return False
        second = max(o for o in owns if o != top) if len(owns) > 1 else 0
        return top > second + free_value

    def winners(self, pos: Position):
        """Winning sides of a finished position (the crown holder, else highest own)."""
        if self.crown:
            for side in range(self.sides):
                if self.side_mask(pos, side) & self.crown:
                    return (side,)
        owns = [self.side_own(pos, side) for side in range(self.sides)]
        top = max(owns)
        return tuple(side for side in range(self.sides) if owns[side] == top)


def _stall_of(game) -> int:
    """Moves in a row that captured nothing, if the engine tells; else 0."""
    for name in ("_quiet", "quiet", "stall"):
        value = getattr(game, name, None)
        if isinstance(value, int):
            return value
    return 0
