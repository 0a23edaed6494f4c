"""Monte Carlo tree search for more than two sides (four players, each for itself).

Every side plays for itself (max-n backup): a node's statistics hold one mean
reward per side, and the side to move picks, in the tree, the child best for
itself by UCB1. A new leaf is followed by a short rollout (a few plies of
flood-greedy moves, now and then a random one) and then scored by the static
estimate (own value plus reach, ``Evaluator.estimates``); a finished game is
scored by its result.

    >>> import filler
    >>> from filler.ai.position import Board
    >>> from filler.ai.search import Limits
    >>> board, pos = Board.from_game(filler.Game.new("four", 1))
    >>> mcts(board, pos, Limits(max_nodes=50), seed=0) in board.legal(pos)
    True

The random numbers come from a hash of the position and the seed, so the move is
a function of the position whenever the iteration budget (not the clock) ends
the search.
"""

from __future__ import annotations

import hashlib
import math
import random

from .position import Board, Position
from .search import Evaluator, Limits


def _rng(seed, pos: Position) -> random.Random:
    text = repr(("mcts", seed, pos.turn, pos.own, pos.colors, pos.stall)).encode()
    return random.Random(int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big"))


class Node:
    __slots__ = ("pos", "moves", "children", "visits", "totals")

    def __init__(self, pos: Position, moves, sides: int):
        self.pos = pos
        self.moves = moves          # untried colors, best-looking last (popped first)
        self.children = []          # [(color, Node)]
        self.visits = 0
        self.totals = [0.0] * sides


class MonteCarlo:
    """UCT with max-n backup; ``rewards`` turns side values into rewards in [0, 1]."""

    def __init__(self, board: Board, root_side: int, limits: Limits, rng: random.Random,
                 *, plies=8, epsilon=0.1, exploration=0.7, scale=4.0, reach_weight=1.0):
        self.board = board
        self.limits = limits
        self.rng = rng
        self.plies = plies
        self.epsilon = epsilon
        self.exploration = exploration
        self.scale = scale
        self.evaluator = Evaluator(board, root_side, reach_weight)
        self.sides = board.sides

    # -- rewards ----------------------------------------------------------------------
    def rewards(self, values):
        """Per side: a logistic of its lead over the best other side."""
        ranked = sorted(values, reverse=True)
        top, second = ranked[0], ranked[1]
        scale = self.scale
        exp = math.exp
        out = []
        for mine in values:
            lead = mine - (second if mine == top else top)
            out.append(1.0 / (1.0 + exp(-max(-30.0, min(30.0, lead / scale)))))
        return out

    def score(self, pos: Position):
        board = self.board
        if pos.over:
            return self.rewards([board.side_own(pos, side) for side in range(self.sides)])
        return self.rewards(self.evaluator.estimates(pos))

    # -- tree -------------------------------------------------------------------------
    def ordered_moves(self, pos: Position):
        """Legal colors, the largest flood last (expanded first)."""
        board = self.board
        seat = pos.turn
        ranked = sorted((board.value(board.flood(pos, seat, c)), -c, c)
                        for c in board.legal(pos))
        return [c for _, _, c in ranked]

    def rollout(self, pos: Position) -> Position:
        """A few plies of flood-greedy moves (epsilon: a random legal color).

        For speed the rollout floods only: no enclosure and no end check. A region
        a move seals stays free, but only its owner borders it, so the reach
        estimate that scores the rollout gives it to that side all the same.
        """
        if pos.over or not self.plies:
            return pos
        board = self.board
        rng = self.rng
        epsilon = self.epsilon
        dilate, value, fits = board.dilate, board.value, board.fits
        opponents, next_seat, k = board.opponents, board.next_seat, board.k
        own = list(pos.own)
        colors = list(pos.colors)
        free = pos.free
        seat = pos.turn
        for _ in range(self.plies):
            if not free:
                break
            banned = {colors[seat]}
            for t in opponents[seat]:
                banned.add(colors[t])
            legal = [c for c in range(k) if c not in banned]
            territory = own[seat]
            border = dilate(territory) & free
            if rng.random() < epsilon:
                choices = [legal[rng.randrange(len(legal))]]
            else:
                choices = legal
            best, best_color, best_gain = -1, None, 0
            for c in choices:
                take = free & fits[c]
                grow = border & take
                gain = 0
                while grow:
                    gain |= grow
                    take &= ~grow
                    grow = dilate(grow) & take
                v = value(gain) if gain else 0
                if v > best:
                    best, best_color, best_gain = v, c, gain
            own[seat] = territory | best_gain
            free &= ~best_gain
            colors[seat] = best_color
            seat = next_seat[seat]
        return Position(tuple(own), tuple(colors), free, seat)

    def select(self, node: Node) -> Node:
        side = self.board.side_of[node.pos.turn]
        log_n = math.log(node.visits)
        c = self.exploration
        best, best_child = -1.0, None
        for _, child in node.children:
            n = child.visits
            value = child.totals[side] / n + c * math.sqrt(log_n / n)
            if value > best:
                best, best_child = value, child
        return best_child

    def iterate(self, root: Node):
        board = self.board
        path = [root]
        node = root
        while not node.moves and node.children:
            node = self.select(node)
            path.append(node)
        if node.moves:
            color = node.moves.pop()
            pos = board.play(node.pos, color)
            child = Node(pos, self.ordered_moves(pos) if not pos.over else [], self.sides)
            node.children.append((color, child))
            path.append(child)
            node = child
        reward = self.score(self.rollout(node.pos))
        for n in path:
            n.visits += 1
            totals = n.totals
            for side in range(self.sides):
                totals[side] += reward[side]

    def search(self, pos: Position):
        root = Node(pos, self.ordered_moves(pos), self.sides)
        limits = self.limits
        while not limits.spent():
            limits.nodes += 1
            self.iterate(root)
        return root


def mcts(board: Board, pos: Position, limits: Limits, seed=0, **options) -> int:
    """The most visited root color after the budget of ``limits`` (one node = one
    iteration)."""
    searcher = MonteCarlo(board, board.side_of[pos.turn], limits, _rng(seed, pos), **options)
    root = searcher.search(pos)
    if not root.children:
        return board.legal(pos)[-1]
    side = board.side_of[pos.turn]
    best = max(root.children, key=lambda item: (item[1].visits, item[1].totals[side]))
    return best[0]
