"""The master's search for two sides (two players, or two teams in duos).

``analyse(board, pos, limits)`` is the whole of the master's thinking on one
position: it returns an ``Analysis`` (best color, value, exact flag, principal
line, depth and nodes), for the master's move and for tools such as a game review.

    >>> import filler
    >>> from filler.ai.position import Board
    >>> from filler.ai.search import Limits
    >>> board, pos = Board.from_game(filler.Game.new("quick", seed=3))
    >>> result = analyse(board, pos, Limits(max_nodes=2000))
    >>> result.color in board.legal(pos), result.line[0] == result.color
    (True, True)

Two searches share one transposition table (keyed by every seat's territory and
color, the turn and the count of moves without a capture):

- **The ending solver** (``Search.solve``): alpha-beta to the end of the game,
  with the engine's own rules (flood, enclosure, dead regions, the stalemate
  rule, the equator end, the crown), no evaluation at all. It first proves the
  result with a null window around a draw (win, draw or loss), then the best
  final margin within that result, by null windows again: a win's margin is
  raised one proof at a time (each proof gives a move that keeps it, so the
  time can end at any point), a loss's bound is lowered until a move reaches
  it. Bounds cut it short: a side can at most gain every free cell, so a
  position whose best or worst case is already decided is not searched further.
  The master tries it once at most ``ending_cells`` free cells are left, with
  half of the move's time for the result (what it learns stays in the table for
  the middle-game search if it does not finish) and, once a win is proven, the
  rest of the time for its margin; a proven loss whose margin is not proven in
  time is played by the middle-game search, which weighs the margin. Each later
  move has a smaller ending to prove.
- **The middle game** (``Search.deepen``): iterative deepening principal
  variation search (negamax), ordered by the table's move, two killer moves per
  ply and a history table, then by the largest flood. A leaf is the parent's
  position plus the flood of one color: it is evaluated without building a
  position or looking for enclosures (the reach term of the evaluation counts an
  enclosed region for its owner all the same), unless the flood may end the game.
  When the time or node budget runs out inside a depth, the moves of that depth
  searched so far still count (the first one is the best of the depth before).

Values are for the side of the seat to move at the root: ``WIN + margin`` for a
won game, ``margin`` (0) for a draw, ``-WIN + margin`` for a lost one, where the
margin is own value minus the other side's; below ``WIN`` in size, the
evaluation: the margin expected when the game ends (``expected_margin``, from each
side's own value and reach), on the scale of those ends.
"""

from __future__ import annotations

from .position import Board, Position
from .search import INFINITY, WIN, Limits, OutOfBudget, collector_paused

SOLVED = 1 << 20   # the depth of a solver entry: deeper than any search
HISTORY_DEPTH = 64  # deeper cut-offs count in the history as this deep
# the table starts afresh past this many entries: an entry with its floods and
# children takes about 1.5 KB in CPython, so at most some 150 MB (a move in the
# browser makes a few ten thousand)
TABLE_ENTRIES = 100_000

# flags of a table entry: the value is exact, a lower bound or an upper bound
EXACT, LOWER, UPPER = 0, 1, 2
KILLER = 1 << 40   # the rank of a killer move: above every flood's (see ``ranked``)
CELLS = {}         # ``Search.blobs`` when every free component is one cell


class Analysis:
    """What the master found for one position."""

    __slots__ = ("color", "value", "exact", "line", "depth", "nodes", "solved", "proven",
                 "shortened")

    def __init__(self, color, value, exact, line, depth, nodes, solved=False, proven=None):
        self.color = color      # best color for the seat to move
        self.value = value      # for the side of that seat (see the module text)
        self.exact = exact      # the value is the proven result of the game
        self.line = line        # principal line, starting with color
        self.depth = depth      # deepest completed depth (SOLVED by the solver)
        self.nodes = nodes
        self.solved = solved    # the ending solver proved it (its result, if not ``exact``)
        # the result (win, draw or loss) is proven, if not the margin: exact, the
        # solver's, or a forced end that the middle-game search found (see ``deepen``)
        self.proven = bool(exact or solved) if proven is None else proven
        self.shortened = False  # the time stopped it before its node budget (``Limits``)

    def __repr__(self):
        return (f"Analysis(color={self.color}, value={self.value}, exact={self.exact}, "
                f"line={self.line}, depth={self.depth}, nodes={self.nodes})")


def expected_margin(a: int, b: int, reach_a: int, reach_b: int) -> int:
    """The margin (side ``a`` minus side ``b``) expected when the game ends, from
    the sides' own values and the values of the free cells each reaches first.

    Played out, each side would end with its own value plus its reach. But the game
    ends by the equator, as soon as the leader passes half of the value in play,
    when the other side has taken only part of its reach: taken as both sides
    gathering their reaches at the same pace, the leader needs the fraction
    ``(half - own) / reach`` of its reach, the other side gets as much of its own,
    and the margin is half minus what the other side then has. That end comes
    later than it says: the leader's last flood passes half by some cells, and the
    other side may gather more slowly. The expected margin is the mean of the two
    (played out and at half). On the classic game of ``tests/engine/test_review.py``
    (``SHUT_IN``: one side shut in early), the margins expected in the ten moves
    before the ending solver's first proof were 145 to 158 played out and 117 to 127
    as the mean; the proof said 127 both times. At the start of a
    game it is about the played-out margin; near the end about what the equator end
    counts, so that a search whose tree reaches the end compares values on one scale.

        >>> expected_margin(0, 0, 60, 40)     # played out 20, at half 50 - 33
        18
        >>> expected_margin(7, 110, 16, 93)   # played out -180, at half -(113 - 7.5)
        -143
        >>> expected_margin(5, 5, 20, 20)
        0
    """
    mine, theirs = a + reach_a, b + reach_b
    if mine == theirs:
        return 0
    if mine < theirs:
        return -expected_margin(b, a, reach_b, reach_a)
    total = mine + theirs
    need = total - a - a          # twice what the leader still needs to pass half
    if need <= 0 or reach_a == 0:
        return a - b
    # four times the mean, over 4 * reach_a: twice the played-out margin, plus twice
    # the margin at half (total - 2 * (b + reach_b * need / (2 * reach_a))); rounded
    return ((2 * (mine - theirs) + total - b - b) * reach_a - need * reach_b
            + 2 * reach_a) // (4 * reach_a)


def _result_value(margin: int) -> int:
    return WIN + margin if margin > 0 else -WIN + margin if margin < 0 else 0


class Search:
    """Negamax over two sides with one transposition table."""

    __slots__ = ("board", "limits", "weight", "team", "seats_of", "active_of", "simple",
                 "mine", "theirs", "signs", "same_next", "value", "play", "next_seat",
                 "legal_colors", "crown", "fits", "border", "spread", "reach", "table",
                 "scores", "killers", "history", "horizon", "crown_bonus", "solving",
                 "lazy_depth", "blobs", "blobs_free")

    def __init__(self, board: Board, root_seat: int, limits: Limits, reach_weight=1,
                 table=None):
        if board.sides != 2:
            raise ValueError("the master's search is for two sides")
        self.board = board
        self.limits = limits
        self.weight = int(reach_weight) if reach_weight == int(reach_weight) else reach_weight
        root_side = board.side_of[root_seat]
        self.team = tuple(0 if board.side_of[s] == root_side else 1 for s in range(board.seats))
        self.seats_of = (board.all_side_seats[root_side], board.all_side_seats[1 - root_side])
        self.active_of = (board.side_seats[root_side], board.side_seats[1 - root_side])
        self.simple = board.seats == 2 and len(board.active) == 2
        # two seats: the root's seat and the other one (``simple``)
        self.mine, self.theirs = self.seats_of[0][0], self.seats_of[1][0]
        # per seat to move: the sign of its side's values, and whether the next seat
        # to move is of the same side
        self.signs = tuple(1 if t == 0 else -1 for t in self.team)
        self.same_next = tuple(self.team[board.next_seat[s]] == self.team[s]
                               for s in range(board.seats))
        self.value, self.play, self.next_seat = board.value, board.play, board.next_seat
        self.legal_colors = board.legal_colors
        self.crown = board.crown
        layout = board.layout
        self.fits, self.border, self.spread, self.reach = (
            board.fits, layout.border, layout.spread, layout.reach)
        self.table = {} if table is None else table
        self.scores = {}
        self.killers = {}
        self.history = [[0] * board.k for _ in range(board.seats)]
        self.horizon = 0
        self.crown_bonus = board.value(board.layout.board) // 4
        self.solving = False
        # depth 2: the children are searched by ``frontier`` (not while solving: no
        # leaves there; not at another weight: the reach term counts enclosures only at 1)
        self.lazy_depth = 2 if self.weight == 1 else -1
        self.blobs = None        # see ``components``
        self.blobs_free = None   # the free cells they were made for

    # -- values -----------------------------------------------------------------------
    def sides(self, own):
        """(own value of the root side, of the other side)."""
        value = self.board.value
        if self.simple:
            mine, theirs = self.seats_of[0][0], self.seats_of[1][0]
            return value(own[mine]), value(own[theirs])
        a = b = 0
        for s in self.seats_of[0]:
            a |= own[s]
        for s in self.seats_of[1]:
            b |= own[s]
        return value(a), value(b)

    def fronts(self, own):
        if self.simple:
            return own[self.seats_of[0][0]], own[self.seats_of[1][0]]
        a = b = 0
        for s in self.active_of[0]:
            a |= own[s]
        for s in self.active_of[1]:
            b |= own[s]
        return a, b

    def terminal(self, pos: Position) -> int:
        """The value of a finished game for the root side."""
        a, b = self.sides(pos.own)
        crown = self.board.crown
        if crown:
            mine = 0
            for s in self.seats_of[0]:
                mine |= pos.own[s]
            for s in self.seats_of[1]:
                if pos.own[s] & crown:
                    return -WIN + a - b
            if mine & crown:
                return WIN + a - b
        return _result_value(a - b)

    def evaluate(self, own, free) -> int:
        """The static value for the root side: the margin expected at the end
        (``expected_margin``; at another reach weight, own value plus weighted
        reach, minus theirs). Kept per territories (with two sides they fix the free cells too)."""
        score = self.scores.get(own)
        if score is None:
            score = self.scores[own] = self._evaluate(own, free)
        return score

    def _evaluate(self, own, free) -> int:
        board = self.board
        value = board.value
        a, b = self.sides(own)
        front_a, front_b = self.fronts(own)
        got_a, got_b = board.layout.reach(front_a, front_b, free)
        if self.weight == 1:
            score = expected_margin(a, b, value(got_a), value(got_b))
        else:
            score = a - b + self.weight * (value(got_a) - value(got_b))
        crown = board.crown
        if crown and crown & free:
            if crown & got_a:
                score += self.crown_bonus
            elif crown & got_b:
                score -= self.crown_bonus
        return score

    # -- moves ------------------------------------------------------------------------
    def components(self, pos: Position):
        """For ``pos`` and every position after it: per free cell (by its bit), the
        mask of the free cells of its color connected to it. Floods
        and enclosures take whole such components, so the free cells of a later
        position are whole components of these, and a flood of a color is the
        union of the components that its border touches. None when a free cell
        is paint (it fits every color, so a flood may split a component);
        ``CELLS`` when no two free neighbours share a color (every component is
        one cell, as on the generated boards, which never put two neighbours of
        one color side by side): a flood is then just the cells its border
        touches."""
        if pos.free == self.blobs_free:
            return
        board = self.board
        free = pos.free
        self.blobs_free = free
        self.blobs = None
        if board.paint & free:
            return
        border = self.border
        for mask in board.color_masks:
            rest = free & mask
            if border(rest) & rest:
                break
        else:
            self.blobs = CELLS
            return
        spread = board.layout.spread
        blobs = {}
        for mask in board.color_masks:
            rest = free & mask
            while rest:
                blob = spread(rest & -rest, rest)
                rest ^= blob
                cells = blob
                while cells:
                    low = cells & -cells
                    blobs[low] = blob
                    cells ^= low
        self.blobs = blobs

    def floods(self, territory, free, legal, seat, ply):
        """(moves, ranked) of the colors of ``legal`` from ``territory`` into ``free``:
        ``moves`` a (flood's value << 16, color, flood) per color, which a table entry
        keeps for the next visit of the position, and ``ranked`` the same as
        ``self.ranked(moves, None, seat, ply)`` (what the search tries first on a new
        position)."""
        fits, value = self.fits, self.value
        killers = self.killers.get(ply, ())
        history = self.history[seat]
        edge = self.border(territory) & free
        moves = []
        ranked = []
        blobs = self.blobs
        spread = self.spread
        for c in legal:
            seeds = edge & fits[c]
            if seeds:
                if blobs is CELLS:
                    f = seeds
                elif blobs is None:
                    f = spread(seeds, free & fits[c])
                else:
                    f = blobs[seeds & -seeds]
                    seeds ^= seeds & f      # (no negative numbers: cheaper)
                    while seeds:
                        blob = blobs[seeds & -seeds]
                        f |= blob
                        seeds ^= seeds & blob
                v = value(f) << 16
                moves.append((v, c, f))
                ranked.append((KILLER if c in killers else v + history[c], c, f))
            else:
                moves.append((0, c, 0))
                ranked.append((KILLER if c in killers else history[c], c, 0))
        ranked.sort(reverse=True)
        return moves, ranked

    def ranked(self, moves, first, seat, ply):
        """(rank, color, flood) of ``moves`` (see ``floods``) but ``first``, likely best
        first: the killers of this ply, then the largest flood (ties: the history
        table, then the higher color). The search tries the table's move before,
        and ranks the others once it has been searched (the history may have
        changed)."""
        killers = self.killers.get(ply, ())
        history = self.history[seat]
        ranked = []
        for v, c, f in moves:
            if c != first:
                ranked.append((KILLER if c in killers else v + history[c], c, f))
        ranked.sort(reverse=True)
        return ranked

    def ordered(self, pos: Position, first, ply):
        """(color, flood) pairs of ``pos``, likely best first (see ``ranked``)."""
        moves, ranked = self.floods(pos.own[pos.turn], pos.free, self.board.legal(pos),
                                    pos.turn, ply)
        return [(c, f) for _, c, f in moves if c == first] + [
            (c, f) for _, c, f in ranked if c != first]

    def good_move(self, pos: Position, color: int, depth: int, ply: int):
        killers = self.killers.get(ply)
        if killers is None:
            self.killers[ply] = [color]
        elif color not in killers:
            killers.insert(0, color)
            del killers[2:]
        row = self.history[pos.turn]
        # the solver's depth is SOLVED: counted as a deep search's, so the history
        # stays a tie-break below one cell of flood (the ranking's value << 16)
        row[color] += depth * depth if depth < HISTORY_DEPTH else HISTORY_DEPTH ** 2
        if row[color] > 1 << 15:
            self.history = [[h >> 1 for h in line] for line in self.history]

    # -- the search ---------------------------------------------------------------------
    def negamax(self, pos: Position, depth: int, alpha: int, beta: int, ply: int) -> int:
        """The value of ``pos`` for the side to move, within (alpha, beta)."""
        limits = self.limits
        limits.nodes += 1
        if limits.nodes >= limits.check:
            limits.due()
        turn = pos.turn
        sign = self.signs[turn]
        if pos.over:
            return sign * self.terminal(pos)
        if depth <= 0:
            self.horizon += 1
            return sign * self.evaluate(pos.own, pos.free)
        table = self.table
        key = (pos.own, pos.colors, turn, pos.stall)
        entry = table.get(key)
        if entry is not None:
            e_depth, e_flag, e_value, first, e_exact, moves, kids, first_flood = entry
            if e_depth >= depth or e_exact:
                if e_flag == EXACT or (e_flag == LOWER and e_value >= beta) or (
                        e_flag == UPPER and e_value <= alpha):
                    if not e_exact:
                        self.horizon += 1
                    return e_value
        else:
            first = moves = kids = first_flood = None
        if self.solving and not self.board.crown:
            a, b = self.sides(pos.own)
            free = self.board.value(pos.free)
            if sign < 0:
                a, b = b, a
            upper = _result_value(a + free - b)
            if upper <= alpha:
                return upper
            lower = _result_value(a - b - free)
            if lower >= beta:
                return lower
        ranked = None     # the moves ranked, for a new position
        if moves is None:
            moves, ranked = self.floods(pos.own[turn], pos.free,
                                        self.legal_colors(pos.colors, turn), turn, ply)
        horizon = self.horizon
        alpha_start = alpha
        if depth == 1:
            value = self.value
            if self.simple:
                a, b = value(pos.own[self.mine]), value(pos.own[self.theirs])
            else:
                a, b = self.sides(pos.own)
            best, best_move, best_flood = self.leaves(
                pos, None, pos.own, pos.free, turn, a, b, value(pos.free), sign,
                None if first is None else (0, first, first_flood), alpha, beta, ply, moves,
                ranked)
        else:
            best, best_move, best_flood = -INFINITY, None, None
            play = self.play
            same = self.same_next[turn]   # the side of every child
            lazy = depth == self.lazy_depth
            negamax = search = self.negamax
            frontier = self.frontier
            if kids is None:
                kids = {}     # the children made so far, for the next visit
            down, below = depth - 1, ply + 1   # the children's depth and ply
            if first is not None:
                todo, later = [(0, first, first_flood)], True  # the others ranked after it
            else:
                todo = ranked if ranked is not None else self.ranked(moves, None, turn, ply)
                later = False
            for _, color, f in todo:
                if lazy and f:
                    child, search = (pos, color, f), frontier
                else:
                    child = kids.get(color)
                    if child is None:
                        child = kids[color] = play(pos, color, f)
                    search = negamax
                # the first child with the whole window, the others with a null window
                # (a child's value is above -INFINITY: every position has a move)
                if same:
                    if best_move is None:
                        value = search(child, down, alpha, beta, below)
                    else:
                        value = search(child, down, alpha, alpha + 1, below)
                        if alpha < value < beta:
                            value = search(child, down, value, beta, below)
                elif best_move is None:
                    value = -search(child, down, -beta, -alpha, below)
                else:
                    value = -search(child, down, -alpha - 1, -alpha, below)
                    if alpha < value < beta:
                        value = -search(child, down, -beta, -value, below)
                if value > best:
                    best, best_move, best_flood = value, color, f
                    if value > alpha:
                        alpha = value
                        if alpha >= beta:
                            self.good_move(pos, color, depth, ply)
                            break
                if later:
                    later = False
                    todo += self.ranked(moves, first, turn, ply)
        flag = EXACT if alpha_start < best < beta else LOWER if best >= beta else UPPER
        exact = self.horizon == horizon
        if len(table) > TABLE_ENTRIES:
            table.clear()
            self.scores.clear()
        table[key] = (SOLVED if exact else depth, flag, best, best_move, exact, moves, kids,
                      best_flood)
        return best

    def frontier(self, move, depth: int, alpha: int, beta: int, ply: int) -> int:
        """``negamax`` of the position after ``move`` = (position, color, flood) one
        move before the horizon (``depth`` is 1), made without looking for the
        regions the move encloses where the game cannot end by the move without an
        enclosure: its children are only evaluated, and the evaluation counts an
        enclosed region for the side that enclosed it all the same (reach at weight
        1: only that side can get there; the other side's floods cannot enter it).
        Where the game may end, ``leaves`` plays the move for real first."""
        parent, color, f = move
        free = parent.free ^ f       # a flood is free cells
        crown = self.crown
        if not free or (crown and f & crown):
            return self.negamax(self.play(parent, color, f), depth, alpha, beta, ply)
        seat = parent.turn
        own = parent.own
        colors = parent.colors
        value = self.value
        if self.simple:
            if seat == 0:
                grown, colors = (own[0] | f, own[1]), (color, colors[1])
            else:
                grown, colors = (own[0], own[1] | f), (colors[0], color)
            a, b = value(grown[self.mine]), value(grown[self.theirs])
        else:
            grown = own[:seat] + (own[seat] | f,) + own[seat + 1:]
            colors = colors[:seat] + (color,) + colors[seat + 1:]
            a, b = self.sides(grown)
        spare = value(free)
        if a > b + spare or b > a + spare:
            return self.negamax(self.play(parent, color, f), depth, alpha, beta, ply)
        limits = self.limits
        limits.nodes += 1
        if limits.nodes >= limits.check:
            limits.due()
        turn = self.next_seat[seat]
        sign = self.signs[turn]
        table = self.table
        key = (grown, colors, turn, 0)
        entry = table.get(key)
        if entry is not None:
            e_depth, e_flag, e_value, first, e_exact, moves, _, first_flood = entry
            if e_depth >= depth or e_exact:
                if e_flag == EXACT or (e_flag == LOWER and e_value >= beta) or (
                        e_flag == UPPER and e_value <= alpha):
                    if not e_exact:
                        self.horizon += 1
                    return e_value
        else:
            first = moves = None
        ranked = None
        if moves is None:
            moves, ranked = self.floods(grown[turn], free, self.legal_colors(colors, turn),
                                        turn, ply)
        horizon = self.horizon
        best, best_move, best_flood = self.leaves(
            None, move, grown, free, turn, a, b, spare, sign,
            None if first is None else (0, first, first_flood), alpha, beta, ply, moves,
            ranked)
        flag = EXACT if alpha < best < beta else LOWER if best >= beta else UPPER
        exact = self.horizon == horizon
        if len(table) > TABLE_ENTRIES:
            table.clear()
            self.scores.clear()
        table[key] = (SOLVED if exact else depth, flag, best, best_move, exact, moves, None,
                      best_flood)
        return best

    def _child(self, child, same, depth, alpha, beta, ply):
        if same:
            return self.negamax(child, depth, alpha, beta, ply)
        return -self.negamax(child, depth, -beta, -alpha, ply)

    def leaves(self, pos, move, own, free, seat, a, b, spare, sign: int, first,
               alpha: int, beta: int, ply: int, moves, ranked=None):
        """Best (value, color, flood) over the children of ``pos`` (``own``, ``free``,
        ``seat`` to move, the sides' values ``a`` and ``b``, ``spare`` the value of
        ``free``), each evaluated statically: the parent's masks plus one flood; a
        real position only where the game may end. ``pos`` is None for the position
        after ``move`` that ``frontier`` did not make. ``first``: the table's move as
        (0, color, flood), or None; ``ranked``: the moves ranked, if the caller has
        them (see ``floods``)."""
        limits = self.limits
        value = self.value
        last = pos is not None and pos.stall + 1 >= self.board.stall_limit
        mine = sign > 0
        lead = a - b if mine else b - a     # the mover's side ahead by this much
        # a flood of ``gain`` may end the game by the equator if ``gain + gain > room``:
        # the mover's side ahead by more than is left, or the other side (then any)
        room = spare - lead if -lead <= spare else -1
        simple = self.simple
        if simple:
            front_a, front_b = own[self.mine], own[self.theirs]
            other = own[1 - seat]
        else:
            front_a, front_b = self.fronts(own)
            before, after = own[:seat], own[seat + 1:]
        territory = own[seat]
        reach = self.reach
        weight = self.weight
        scores = self.scores
        quiet = None     # the value of a move that captures nothing, the same for all
        best, best_move, best_flood = -INFINITY, None, None
        crown = self.crown
        evaluated = 0    # leaves evaluated (the horizon is met there)
        if first is not None:
            todo, later = [first], True    # the others ranked after it is searched
        else:
            todo = ranked if ranked is not None else self.ranked(moves, None, seat, ply)
            later = False
        for _, color, f in todo:
            limits.nodes += 1
            if limits.nodes >= limits.check:
                limits.due()
            if not f:
                if last:
                    v = sign * self.terminal(self.play(pos, color, f))
                else:
                    if quiet is None:
                        evaluated += 1
                        quiet = sign * self.evaluate(own, free)
                    v = quiet
            else:
                rest = free ^ f      # f is free cells (none enclosed by the move before)
                gain = value(f)
                if not rest or gain + gain > room or (crown and f & crown):
                    if pos is None:
                        # the game may end here: first the enclosures of the move before
                        pos = self.play(*move)
                        if pos.over:
                            self.horizon += evaluated
                            return sign * self.terminal(pos), None, None
                        own, free = pos.own, pos.free
                        a, b = self.sides(own)
                        spare = value(free)
                        lead = a - b if mine else b - a
                        room = spare - lead if -lead <= spare else -1
                        front_a, front_b = self.fronts(own)
                        if simple:
                            other = own[1 - seat]
                        else:
                            before, after = own[:seat], own[seat + 1:]
                        territory = own[seat]
                    child = self.play(pos, color, f)
                    if child.over:
                        v = sign * self.terminal(child)
                    else:
                        evaluated += 1
                        v = sign * self.evaluate(child.own, child.free)
                else:
                    evaluated += 1
                    if not simple:
                        grown = before + (territory | f,) + after
                    elif seat:
                        grown = (other, territory | f)
                    else:
                        grown = (territory | f, other)
                    v = scores.get(grown)
                    if v is None:
                        # self._evaluate(grown, rest), from the parent's masks
                        if mine:
                            got_a, got_b = reach(front_a | f, front_b, rest)
                            grown_a, grown_b = a + gain, b
                        else:
                            got_a, got_b = reach(front_a, front_b | f, rest)
                            grown_a, grown_b = a, b + gain
                        if weight == 1:
                            v = expected_margin(grown_a, grown_b, value(got_a), value(got_b))
                        else:
                            v = grown_a - grown_b + weight * (value(got_a) - value(got_b))
                        if crown and crown & rest:
                            if crown & got_a:
                                v += self.crown_bonus
                            elif crown & got_b:
                                v -= self.crown_bonus
                        scores[grown] = v
                    v *= sign
            if v > best:
                best, best_move, best_flood = v, color, f
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
            if later:
                later = False
                todo += self.ranked(moves, first[1], seat, ply)
        self.horizon += evaluated
        return best, best_move, best_flood

    def root(self, pos: Position, depth: int, order, alpha=-INFINITY, beta=INFINITY):
        """Search the root at ``depth`` in ``order`` (best first). Returns (best color,
        value, new order, complete); on running out of budget inside the depth, the
        moves searched so far."""
        board = self.board
        team = self.team
        mover = team[pos.turn]
        self.components(pos)
        floods = dict(self.ordered(pos, order[0] if order else None, 0))
        colors = [c for c in order if c in floods] + [c for c in floods if c not in order]
        best, best_move = -INFINITY, None
        scored = []
        low = alpha
        try:
            for color in colors:
                child = board.play(pos, color, floods[color])
                same = team[child.turn] == mover
                if best_move is None:
                    value = self._child(child, same, depth - 1, low, beta, 1)
                else:
                    value = self._child(child, same, depth - 1, low, low + 1, 1)
                    if low < value < beta:
                        value = self._child(child, same, depth - 1, value, beta, 1)
                scored.append((value, color))
                if value > best:
                    best, best_move = value, color
                    if value > low:
                        low = value
                        if low >= beta:
                            break
        except OutOfBudget:
            ranked = [c for _, c in sorted(scored, key=lambda t: -t[0])]
            return best_move, best, ranked + [c for c in colors if c not in ranked], False
        ranked = [c for _, c in sorted(scored, key=lambda t: -t[0])]
        return best_move, best, ranked + [c for c in colors if c not in ranked], True

    @collector_paused()   # (a context manager is a decorator too: paused per call)
    def deepen(self, pos: Position, max_depth=64, order=(), parity=None):
        """Iterative deepening until the budget is spent or the value is exact.
        Returns an Analysis (None when not even the first move was searched).

        ``parity`` (0 or 1): the answer is that of the last depth searched with that
        parity (the last one if none has it, or if the value is exact). The
        evaluation favours the side that moved last before the horizon: the values of
        two positions one move apart (a game review's consecutive values), searched
        to depths of the same parity, differ by some 5 cells on quick and 11 on
        classic; to depths of unlike parity, so that their leaves lie equally many
        moves into the game, they agree to about a cell."""
        order = list(order)
        result = matching = None
        for depth in range(1, max_depth + 1):
            horizon = self.horizon
            color, value, order, complete = self.root(pos, depth, order)
            if color is None:
                break
            exact = complete and self.horizon == horizon
            # a value in WIN's range is a forced end within the depth: a win whatever
            # the other side answers, or (every move searched) a loss whatever is played
            forced = value >= WIN // 2 or (complete and value <= -WIN // 2)
            result = Analysis(color, value, exact, None, depth if complete else depth - 1,
                              self.limits.nodes, proven=exact or forced)
            if depth % 2 == parity:
                matching = result
            if not complete or exact:
                break
        if matching is not None and not result.exact:
            result = matching
        if result is not None:
            result.line = self.line(pos, result.color)
            result.nodes = self.limits.nodes
        return result

    @collector_paused()
    def solve(self, pos: Position, rest: Limits | None = None, margin=True):
        """The proven value and best color (an Analysis with exact True), or None when
        the budget runs out first. First the result (a null window around a draw),
        then the best margin within it, by null windows: a win from its proven
        margin upwards, so that each one that holds gives a move with a larger
        margin (what is played when the time ends), a loss from its bound
        downwards. If the margin is not proven in time, ``exact`` is False and the
        value is the bound that is proven (a lower bound of a win, an upper bound
        of a loss). ``rest``: the limits a win's margin may use once the result is
        proven (the move's whole time: the result is what matters, and the margin
        only gets better). ``margin``: False proves the result only, its value
        the bound it was proven with (``exact`` False unless a draw), for callers
        to whom a loss is a loss (a puzzle's wrong colors)."""
        self.solving = True
        self.lazy_depth = -1
        try:
            color, value, order, complete = self.root(pos, SOLVED, [], -1, 1)
            if not complete or color is None:
                return None
            proven = Analysis(color, value, True, None, SOLVED, self.limits.nodes, True)
            if value != 0:
                proven.exact = False
            if value != 0 and margin:
                try:
                    if value > 0:
                        # a win with at least this margin: raise it while it holds
                        if rest is not None:
                            rest.nodes = self.limits.nodes
                            self.limits = rest
                        while True:
                            color2, value2, order, complete2 = self.root(
                                pos, SOLVED, order, value, value + 1)
                            if not complete2 or color2 is None:
                                break
                            if value2 <= value:
                                proven.exact = True
                                break
                            value = proven.value = value2
                            proven.color = color2
                    else:
                        # every move loses, by at least this much: lower the bound
                        # until a move reaches it
                        while True:
                            color2, value2, order, complete2 = self.root(
                                pos, SOLVED, order, value - 1, value)
                            if not complete2 or color2 is None:
                                break
                            if value2 >= value:
                                proven.color, proven.value, proven.exact = color2, value2, True
                                break
                            value = proven.value = value2
                except OutOfBudget:
                    pass
            proven.nodes = self.limits.nodes
            proven.line = self.line(pos, proven.color)
            return proven
        finally:
            self.solving = False
            self.lazy_depth = 2 if self.weight == 1 else -1

    @collector_paused()
    def reaches(self, pos: Position, bound: int) -> bool:
        """Whether the side to move in ``pos`` gets at least ``bound`` (a value on the
        scale of the module text), proven by the ending solver with one null window:
        cheaper than ``solve``, which finds the value itself. Raises ``OutOfBudget``
        when the budget runs out first.

            >>> import filler
            >>> from filler.ai.position import Board
            >>> board, pos = Board.from_game(filler.Game.from_rows(["0121", "2102", "0212"], colors=3))
            >>> search = Search(board, pos.turn, Limits(max_nodes=10_000))
            >>> value = search.solve(pos).value
            >>> search.reaches(pos, value), search.reaches(pos, value + 1)
            (True, False)
        """
        if pos.over:
            return self.signs[pos.turn] * self.terminal(pos) >= bound
        self.solving = True
        self.lazy_depth = -1
        try:
            self.components(pos)
            return self.negamax(pos, SOLVED, bound - 1, bound, 0) >= bound
        finally:
            self.solving = False
            self.lazy_depth = 2 if self.weight == 1 else -1

    def line(self, pos: Position, color, length=24):
        """The principal line from the table, starting with ``color``."""
        board = self.board
        line = []
        seen = set()
        while color is not None and len(line) < length and not pos.over:
            if color not in board.legal(pos):
                break
            line.append(color)
            pos = board.play(pos, color)
            key = (pos.own, pos.colors, pos.turn, pos.stall)
            if key in seen:
                break
            seen.add(key)
            entry = self.table.get(key)
            color = entry[3] if entry is not None else None
        return line


def ending_cells(board: Board) -> int:
    """Free cells at which the master starts trying the ending solver: measured,
    in half of the default time the solver proved most endings from about 35
    free cells on quick (8x7) and 50 on classic (15x15)."""
    return 30 + board.layout.board.bit_count() // 12


def analyse(board: Board, pos: Position, limits: Limits, *, reach_weight=1,
            solver=True, table=None, parity=None) -> Analysis | None:
    """The master's analysis of ``pos`` within ``limits`` (see the module text).

    With ``solver``, the ending solver gets half of the budget first once few
    free cells are left; if it proves the result in time, that is the analysis
    (a win's margin may use the whole budget; a loss whose margin it could not
    prove gets the middle-game search's move, with the solver's bound as value).
    None only when the budget ended before one move was searched. ``parity``: see
    ``Search.deepen``.
    """
    search = Search(board, pos.turn, limits, reach_weight, table)
    if solver and pos.free.bit_count() <= ending_cells(board):
        part = limits.part(0.5)
        search.limits = part
        try:
            proven = search.solve(pos, limits)
        except OutOfBudget:
            proven = None
        limits.nodes = search.limits.nodes
        limits.timed_out = limits.timed_out or part.timed_out
        search.limits = limits
        if proven is not None and (proven.exact or proven.value > 0):
            return proven
        if proven is not None:
            # a proven loss whose margin is not: the middle-game search, which
            # weighs the margin, picks the move in the time that is left
            try:
                found = search.deepen(pos, parity=parity)
            except OutOfBudget:
                found = None
            if found is None:
                return proven
            found.value, found.exact, found.solved, found.proven = proven.value, False, True, True
            return found
    try:
        return search.deepen(pos, parity=parity)
    except OutOfBudget:
        return None
