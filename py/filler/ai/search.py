"""Evaluation and search for the computer players.

``iterate(...)`` is an anytime search in the style of sunfish: a generator that
yields ``(depth, color, value, exact)`` after every completed depth of iterative
deepening (alpha-beta negamax with a transposition table and move ordering).
The caller decides when to stop; a ``Limits`` object also stops the search from
inside, checked at every node, so an overrun of a time budget is at most one
node (well under a millisecond). ``exact`` is True once a depth was searched
without meeting its horizon anywhere: the value is then the proven result of the
game (the search has solved it) and deepening stops.

Values are in board value (cells, or cell values in treasure) from the point of
view of one *team*: the side of the root seat against all other sides (with two
sides this is plain two-player search; with four players it is the "paranoid"
reading, where the three others are assumed to play against the root seat).
"""

from __future__ import annotations

import contextlib
import gc
import time

from .position import Board, Position

WIN = 100_000      # a won game is worth this plus the margin
INFINITY = 10 * WIN


@contextlib.contextmanager
def collector_paused():
    """Python's cycle collector paused, and restored after (if it was on). The
    searches make no reference cycles (reference counting frees all they drop),
    but they make so many tuples and lists that the collector's passes over them
    took some 4 % of a master's search, and a full collection over its table over
    100 ms in Pyodide, past the move's budget."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


class OutOfBudget(Exception):
    """Raised inside the search when the time or node budget is spent."""


class Limits:
    """A node budget (deterministic) and a deadline on ``clock`` (the time budget).
    ``timed_out``: the deadline stopped the search (not the node budget), so what it
    found depends on the machine.

    The clock is read every ``every`` nodes (a node costs some 10-100 us, so an
    overrun is at most a few milliseconds). ``check``: the next node count at
    which ``tick`` has more to do than count (the budget's end or a clock
    reading), so a hot loop may count inline::

        limits.nodes += 1
        if limits.nodes >= limits.check:
            limits.due()
    """

    __slots__ = ("nodes", "max_nodes", "deadline", "clock", "every", "check", "timed_out")

    def __init__(self, seconds=None, max_nodes=None, clock=time.perf_counter, every=16):
        self.clock = clock
        self.nodes = 0
        self.max_nodes = max_nodes if max_nodes is not None else 1 << 62
        self.deadline = clock() + seconds if seconds is not None else None
        self.every = every - 1
        self.check = 0
        self.timed_out = False

    def tick(self):
        self.nodes += 1
        if self.nodes >= self.check:
            self.due()

    def due(self):
        """The rest of ``tick`` at ``check``: raise OutOfBudget past the node budget or
        at a clock reading past the deadline, else set the next ``check``."""
        nodes = self.nodes
        if nodes > self.max_nodes:
            raise OutOfBudget
        if self.deadline is not None and not nodes & self.every:
            if self.clock() >= self.deadline:
                self.timed_out = True
                raise OutOfBudget
        check = self.max_nodes + 1
        if self.deadline is not None:
            check = min(check, (nodes | self.every) + 1)
        self.check = check

    def spent(self) -> bool:
        if self.nodes >= self.max_nodes:
            return True
        return self.deadline is not None and self.clock() >= self.deadline

    def part(self, fraction: float) -> "Limits":
        """Limits for ``fraction`` of what is left of this budget (nodes and time);
        its nodes count on from this one's."""
        part = Limits(None, None, self.clock, self.every + 1)
        part.nodes = self.nodes
        if self.max_nodes < 1 << 62:
            part.max_nodes = self.nodes + int((self.max_nodes - self.nodes) * fraction)
        if self.deadline is not None:
            now = self.clock()
            part.deadline = now + max(0.0, self.deadline - now) * fraction
        return part


class Evaluator:
    """Static evaluation of a position for a team (root side vs the rest).

    material: own value minus the strongest other side's own value.
    reach (Voronoi): free cells that a side reaches first, growing all sides'
    territories one cell a step through free cells at the same time; this is where
    the equator race, enclosure threats and blocking show: a region that only we
    can reach soon counts for us before it is sealed.
    """

    def __init__(self, board: Board, root_side: int, reach_weight: float = 0.5,
                 rivals: str = "max"):
        self.board = board
        self.root_side = root_side
        self.reach_weight = reach_weight
        # more than two sides: the estimate is compared with the strongest other
        # side ("max") or with the mean of the others ("mean")
        self.rivals = rivals
        self.team_of_seat = tuple(0 if board.side_of[s] == root_side else 1
                                  for s in range(board.seats))
        self.other_sides = tuple(side for side in range(board.sides) if side != root_side)
        self.crown_bonus = board.value(board.layout.board) // 4

    def material(self, pos: Position) -> int:
        board = self.board
        if board.seats == 2:
            value = board.value
            mine, theirs = value(pos.own[self.root_side]), value(pos.own[1 - self.root_side])
            return mine - theirs
        mine = board.side_own(pos, self.root_side)
        theirs = max(board.side_own(pos, side) for side in self.other_sides)
        return mine - theirs

    def terminal(self, pos: Position) -> int:
        """Value of a finished game for team 0 (the root side)."""
        board = self.board
        winners = board.winners(pos)
        margin = self.material(pos)
        if self.root_side in winners:
            return (WIN if len(winners) == 1 else 0) + margin
        return -WIN + margin

    def reach(self, pos: Position) -> int:
        board = self.board
        dilate = board.dilate
        mine = 0
        theirs = 0
        for s in board.active:
            if self.team_of_seat[s] == 0:
                mine |= pos.own[s]
            else:
                theirs |= pos.own[s]
        free = pos.free
        front_a, front_b = mine, theirs
        got_a = got_b = 0
        while free:
            grow_a = dilate(front_a) & free
            grow_b = dilate(front_b) & free
            if not (grow_a | grow_b):
                break
            both = grow_a & grow_b
            got_a |= grow_a & ~both
            got_b |= grow_b & ~both
            free &= ~(grow_a | grow_b)
            front_a, front_b = grow_a, grow_b
        score = board.value(got_a) - board.value(got_b)
        crown = board.crown
        if crown and crown & pos.free:
            # vinco: the side that gets to the crown first is close to winning
            if crown & got_a:
                score += self.crown_bonus
            elif crown & got_b:
                score -= self.crown_bonus
        return score

    def estimates(self, pos: Position):
        """Per side: own value + reach_weight * free value it reaches first (all
        sides growing one cell a step at once; cells reached by two at once are
        nobody's)."""
        board = self.board
        dilate = board.dilate
        value = board.value
        sides = board.sides
        fronts = [board.side_mask(pos, side) if board.side_seats[side] else 0
                  for side in range(sides)]
        got = [0] * sides
        free = pos.free
        while free:
            grown = [dilate(f) & free for f in fronts]
            claimed = 0
            seen = 0
            for g in grown:
                claimed |= g & seen
                seen |= g
            if not seen:
                break
            for side in range(sides):
                got[side] |= grown[side] & ~claimed
            free &= ~seen
            fronts = grown
        w = self.reach_weight
        return [board.side_own(pos, side) + w * value(got[side]) for side in range(sides)]

    def evaluate(self, pos: Position) -> float:
        if self.board.sides > 2:
            est = self.estimates(pos)
            mine = est[self.root_side]
            if self.rivals == "mean":
                return mine - sum(est[side] for side in self.other_sides) / len(self.other_sides)
            return mine - max(est[side] for side in self.other_sides)
        if self.reach_weight:
            return self.material(pos) + self.reach_weight * self.reach(pos)
        return self.material(pos)


class Searcher:
    """Alpha-beta negamax over teams, with a transposition table shared by depths."""

    def __init__(self, board: Board, evaluator: Evaluator, limits: Limits,
                 table=None):
        self.board = board
        self.evaluator = evaluator
        self.limits = limits
        self.table = {} if table is None else table
        self.horizon_hits = 0
        self.team_of_seat = evaluator.team_of_seat

    def children(self, pos: Position, first=None):
        """(color, child) pairs, likely best first; children are made lazily."""
        board = self.board
        seat = pos.turn
        value, flood = board.value, board.flood
        # the table's move first, then the largest flood (enclosure shows only
        # after playing, and most moves are cut off before they are played)
        floods = [(c != first, -value(f), c, f)
                  for c in board.legal(pos) for f in (flood(pos, seat, c),)]
        floods.sort()
        play = board.play
        for _, _, c, f in floods:
            yield c, play(pos, c, f)

    def negamax(self, pos: Position, depth: int, alpha: float, beta: float) -> float:
        """Value of ``pos`` for the team of the seat to move."""
        self.limits.tick()
        team = self.team_of_seat[pos.turn]
        if pos.over:
            value = self.evaluator.terminal(pos)
            return value if team == 0 else -value
        if depth <= 0:
            self.horizon_hits += 1
            value = self.evaluator.evaluate(pos)
            return value if team == 0 else -value
        key = pos.key()
        entry = self.table.get(key)
        first = None
        if entry is not None:
            e_depth, e_flag, e_value, e_move, e_exact = entry
            first = e_move
            if e_depth >= depth or e_exact:
                if e_flag == 0 or (e_flag > 0 and e_value >= beta) or (
                        e_flag < 0 and e_value <= alpha):
                    if not e_exact:
                        self.horizon_hits += 1
                    return e_value
        hits_before = self.horizon_hits
        alpha_start = alpha
        best = -INFINITY
        best_move = None
        for color, child in self.children(pos, first):
            if self.team_of_seat[child.turn] == team:
                value = self.negamax(child, depth - 1, alpha, beta)
            else:
                value = -self.negamax(child, depth - 1, -beta, -alpha)
            if value > best:
                best, best_move = value, color
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        flag = 0 if alpha_start < best < beta else (1 if best >= beta else -1)
        exact = self.horizon_hits == hits_before
        self.table[key] = (depth, flag, best, best_move, exact)
        return best

    def root(self, pos: Position, depth: int, order):
        """Best (color, value) at ``depth``, trying ``order`` first."""
        team = self.team_of_seat[pos.turn]
        alpha, beta = -INFINITY, INFINITY
        best_move, best = None, -INFINITY
        kids = list(self.children(pos))
        rank = {c: i for i, c in enumerate(order)}
        kids.sort(key=lambda item: (rank.get(item[0], len(rank)), -item[1].gained))
        scored = []
        for color, child in kids:
            if self.team_of_seat[child.turn] == team:
                value = self.negamax(child, depth - 1, alpha, beta)
            else:
                value = -self.negamax(child, depth - 1, -beta, -alpha)
            scored.append((value, color))
            if value > best:
                best, best_move = value, color
                alpha = max(alpha, value)
        return best_move, best, [c for _, c in sorted(scored, key=lambda t: -t[0])]


def iterate(board: Board, pos: Position, limits: Limits, *, reach_weight=0.5,
            max_depth=64, table=None, rivals="max"):
    """Iterative deepening: yield (depth, color, value, exact) per completed depth."""
    root_side = board.side_of[pos.turn]
    searcher = Searcher(board, Evaluator(board, root_side, reach_weight, rivals), limits,
                        table)
    order = []

    def root(depth):
        nonlocal order
        color, value, order = searcher.root(pos, depth, order)  # best first, for the next depth
        return color, value

    yield from _deepen(searcher, root, max_depth)


def _deepen(searcher, root, max_depth):
    """Yield (depth, color, value, exact) for each depth ``root(depth)`` completes; stop
    when the budget runs out or a depth met no horizon (its value is then exact)."""
    for depth in range(1, max_depth + 1):
        hits = searcher.horizon_hits
        try:
            color, value = root(depth)
        except OutOfBudget:
            return
        exact = searcher.horizon_hits == hits
        yield depth, color, value, exact
        if exact:
            return


def solve(board: Board, pos: Position, max_nodes=None):
    """The exact value of ``pos`` for the side to move, and a best color.

    Value: ``WIN + margin`` for a win, ``margin`` for a draw, ``-WIN + margin`` for a
    loss, where margin is own value minus the strongest other side's at the end.
    """
    result = None
    for depth, color, value, exact in iterate(board, pos, Limits(max_nodes=max_nodes),
                                              reach_weight=0, max_depth=10_000):
        result = (value, color)
        if exact:
            return result
    raise OutOfBudget("position too large to solve within the node budget")
