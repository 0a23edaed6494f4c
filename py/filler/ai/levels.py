"""The computer players: four levels, weakest first, behind one ``choose``.

    >>> import filler
    >>> from filler.ai import choose
    >>> g = filler.Game.new("quick", seed=7)
    >>> choose(g, "greedy") in g.legal_colors()
    True

``choose(game, level, seconds=None, *, seed=0, max_nodes=None)`` returns a legal
color for ``game.turn``. The master thinks until ``seconds`` are spent (without
it, its default time: 0.9 s per move up to 15x15 and 1.8 s above in the browser,
``SPEED`` times that in CPython, which is about 2.5x faster than Pyodide). A
node budget is the deterministic stop: with ``max_nodes`` and a generous
``seconds`` the same game, level and seed always give the same move (tests;
tournaments with ``--seconds 5`` give the master ``tournament_nodes``, what it
searches in its time in the browser). The lookahead always has a small node
budget; greedy and beginner need no budget.
"""

from __future__ import annotations

import hashlib
import sys
import time

from .montecarlo import mcts
from .position import Board, Position
from .master import analyse
from .search import Limits, collector_paused, iterate

LEVELS = ("beginner", "greedy", "lookahead", "master")

IN_BROWSER = sys.platform == "emscripten"
# CPython searches in 0.4 s what the master searches in 1 s of the browser's Pyodide
# on the same machine (bench/ai_factor.py: 0.32-0.46 on a quiet machine).
SPEED = 1.0 if IN_BROWSER else 0.4


def browser_seconds(game) -> float:
    """The player's time per move in the browser: 1 s up to 15x15, 2 s above."""
    return 1.0 if game.width * game.height <= 15 * 15 else 2.0


def default_seconds(game) -> float:
    """The time cap without a clock: 0.9 s up to 15x15 and 1.8 s above in the browser,
    ``SPEED`` times that in CPython. The goals are 1 s and 2 s: the margin covers
    building the search board and the reply to the page (the search itself reads
    the clock every 16 nodes, about 1 ms in Pyodide)."""
    return 0.9 * browser_seconds(game) * SPEED


# What the master searches in its default time in the browser (bench/ai_factor.py:
# nodes per second in Pyodide, times 0.9 s or 1.8 s; 2026-12-01 after 749dedb,
# medians of three runs on the quiet machine: quick 87 000, classic 36 000, hexagons
# 34 000): its node budget in tournaments (--seconds), so that their results
# repeat. Four players: Monte Carlo iterations.
TOURNAMENT_NODES = {"small": 80_000, "classic": 35_000, "large": 50_000, "four": 2600}
# The lookahead's node budget (always: it is a fixed, weaker level).
LOOKAHEAD_NODES = (300, 200)


def tournament_nodes(game, level: str):
    """The node budget of ``level`` when a tournament fixes it (None: no budget)."""
    if level == "lookahead":
        return _lookahead_nodes(game.seats)
    if level != "master":
        return None
    if game.sides > 2:
        return TOURNAMENT_NODES["four"]
    cells = game.width * game.height
    return TOURNAMENT_NODES["small" if cells <= 100 else "classic" if cells <= 15 * 15
                            else "large"]


def _lookahead_nodes(seats: int) -> int:
    """The lookahead's budget: one for two seats, a smaller one for four."""
    return LOOKAHEAD_NODES[0] if seats == 2 else LOOKAHEAD_NODES[1]


# Weight of reach (free cells a side gets to first) against cells owned, in the
# evaluation. Measured in self-play on classic and hex: 1.0 beat 0.3, 0.5, 1.5 and 2.
MASTER_REACH = 1.0
LOOKAHEAD_REACH = 0.5


def _mix(seed, pos: Position) -> int:
    """A deterministic pseudo-random number from the seed and the position."""
    text = repr((seed, pos.turn, pos.own, pos.colors, pos.stall)).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big")


def _greedy_move(board: Board, pos: Position) -> int:
    """The color that gains the most value now (flood and enclosure).

    Ties go to the move that leaves the next seat the least it can gain at once,
    then to the lowest color.
    """
    children = [(c, board.play(pos, c)) for c in board.legal(pos)]
    top = max(child.gained for _, child in children)
    tied = [(c, child) for c, child in children if child.gained == top]
    if len(tied) == 1:
        return tied[0][0]

    def reply(child):
        if child.over:
            return 0
        return max(board.play(child, d).gained for d in board.legal(child))
    return min(tied, key=lambda item: (reply(item[1]), item[0]))[0]


def _flood_ranking(board: Board, pos: Position):
    """Legal colors by what the flood alone takes (what a beginner sees), best first."""
    ranked = []
    for c in board.legal(pos):
        ranked.append((-board.value(board.flood(pos, pos.turn, c)), c))
    ranked.sort()
    return [(c, -v) for v, c in ranked]


def _beginner(board, pos, seed, limits):
    ranking = _flood_ranking(board, pos)
    if len(ranking) > 1 and ranking[1][1] > 0 and _mix(seed, pos) % 100 < 40:
        return ranking[1][0]
    return ranking[0][0]


def _greedy(board, pos, seed, limits):
    return _greedy_move(board, pos)


def _deepen(board, pos, limits, reach_weight, max_depth, rivals="max"):
    best = None
    for depth, color, value, exact in iterate(board, pos, limits,
                                              reach_weight=reach_weight,
                                              max_depth=max_depth, rivals=rivals):
        best = color
        if limits.spent():
            break
    return best


def _lookahead(board, pos, seed, limits):
    # three plies: its move, the answer and its follow-up (four players: one
    # full round), with a lighter evaluation than the master's. Four players,
    # 48 tables in every seating order: two plies instead of four left the
    # master's share against it where it was (32 and 26 of 48 with seeds from
    # 101 and 201, against 29 and 28); three plies played the same moves.
    plies = 3 if board.seats == 2 else 4
    return _deepen(board, pos, limits, LOOKAHEAD_REACH, plies)


def _master(board, pos, seed, limits):
    if board.sides > 2:
        # Four players, each for itself: Monte Carlo tree search (filler.ai.montecarlo)
        # with max-n backup, instead of the paranoid alpha-beta it replaced. At
        # four-level tables in every seating order (python -m filler ratings
        # --matches 48 --variants four --seconds 5) it finished ahead of the
        # lookahead in 37-0-11 (seed 101) and 39-0-9 (201) matches (won-drawn-lost),
        # where the paranoid search did 29-1-18 and 28-1-19; seated in one order
        # only (before tournament.four_table) 36-1-11, 34-0-14 and 43-0-5 (seeds
        # 101, 202, 303), the paranoid search 29-1-18, 27-0-21 and 30-0-18. What
        # was tried on the paranoid search first (weights, terms, depth, models of
        # the others) is listed in the git history of this comment. Its rollouts
        # model the others as greedy players, and the gain is largest at tables
        # with weaker players: at a table of greedy, lookahead, the paranoid
        # master and this one (48 matches, one seating order) it finished ahead of
        # the paranoid one 34-0-14 with seed 101 but 19-2-27 with seed 202, and
        # ahead of the lookahead 27-0-21 and 21-1-26. Against three
        # greedy players (match --matches 6 --seed 1 --seconds 5): 6 of 6, total
        # values 782 to 597 each. Not better at four-level tables: a logistic scale
        # of 2.5 or 8 instead of 4, rollouts of 16 plies, UCB exploration 0.4;
        # rollouts of 4 plies did no better at the seed-202 table above (22-2-24).
        return mcts(board, pos, limits, seed)
    found = analyse(board, pos, limits, reach_weight=MASTER_REACH)
    return found.color if found is not None else None


_PLAYERS = {
    "beginner": (_beginner, None),
    "greedy": (_greedy, None),
    "lookahead": (_lookahead, _lookahead_nodes),
    "master": (_master, None),
}


def choose(game, level: str = "master", seconds: float | None = None, *, seed: int = 0,
           max_nodes: int | None = None, clock=None) -> int:
    """A legal color for ``game.turn``, chosen by ``level`` within ``seconds``."""
    if level not in _PLAYERS:
        raise ValueError(f"unknown computer level {level!r}; choose one of {', '.join(LEVELS)}")
    legal = game.legal_colors()
    if not legal:
        raise ValueError("the game is over: there is no move to choose")
    if len(legal) == 1:
        return legal[0]
    board, pos = Board.from_game(game)
    if seconds is None:
        seconds = default_seconds(game)
    color = pick(board, pos, level, seconds, seed=seed, max_nodes=max_nodes, clock=clock)
    if color not in legal:
        # the search found nothing in time (or disagrees with the engine): greedy
        color = _greedy_move(board, pos)
        if color not in legal:
            color = legal[0]
    return color


def pick(board: Board, pos: Position, level: str, seconds: float, *, seed: int = 0,
         max_nodes: int | None = None, clock=None) -> int:
    """``choose`` on the search's own position (used by ``choose`` and by tools);
    ``clock``: what the time is measured on (default ``time.perf_counter``; the
    strength runs use the thread's CPU time)."""
    player, nodes_for = _PLAYERS[level]
    if max_nodes is None and nodes_for is not None:
        max_nodes = nodes_for(board.seats)
    # keep a little of the budget for building the board and returning
    limits = Limits(max(seconds * 0.97 - 0.002, 0.001), max_nodes,
                    time.perf_counter if clock is None else clock)
    with collector_paused():   # a full collection waits till after the move
        return player(board, pos, seed, limits)


def analyse_position(game, seconds: float | None = None, *, max_nodes: int | None = None,
                     clock=None, parity=None):
    """The master's analysis of ``game`` (two sides): an ``Analysis`` with the best
    color, its value for the side to move (``WIN`` + margin for a proven win, ...),
    whether that value is exact, and the principal line. Stops after ``seconds``
    (default: the master's time) or ``max_nodes`` (the deterministic stop); its
    ``shortened`` says that the time stopped it first. For a game review: one call
    per position, ``parity`` its ply's (see ``master.Search.deepen``)."""
    from .master import Analysis
    if game.over:
        raise ValueError("the game is over: there is no move to analyse")
    if game.sides != 2:
        raise ValueError("the analysis is for games of two sides (players or teams)")
    board, pos = Board.from_game(game)
    if seconds is None:
        seconds = default_seconds(game)
    limits = Limits(seconds, max_nodes, time.perf_counter if clock is None else clock)
    with collector_paused():
        found = analyse(board, pos, limits, reach_weight=MASTER_REACH, parity=parity)
    if found is None:   # not even one move searched: the greedy move, value unknown
        color = _greedy_move(board, pos)
        found = Analysis(color, 0, False, [color], 0, limits.nodes)
    found.shortened = limits.timed_out
    return found


def hint(game, seconds: float | None = None) -> int:
    """Practice mode's hint: the master's move with a short budget (a third of its own)."""
    if seconds is None:
        seconds = default_seconds(game) / 3
    return choose(game, "master", seconds)


def budget(remaining_ms: float, increment_ms: float, game) -> float:
    """Seconds to think with ``remaining_ms`` on the clock and ``increment_ms`` per move.

    Never more than the default cap; spreads the bank over the moves this seat
    may still need in this game and in a possible second game of the match, and
    keeps a reserve so that it never loses on time.
    """
    cap = default_seconds(game)
    free = sum(row.count(".") for row in game.owner_rows())
    players = max(1, game.seats - len(getattr(game, "out", ()) or ()))
    # a move takes about three cells on average; the game ends near the equator
    moves_left = max(4, free // (3 * players * 2)) + 15
    remaining = max(0.0, remaining_ms - 150.0)  # reserve for messaging
    seconds = (remaining / moves_left + 0.8 * increment_ms) / 1000.0
    seconds = min(seconds, remaining / 1000.0 / 4)
    return max(0.01, min(cap, seconds))
