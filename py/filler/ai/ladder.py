"""The ladder: computer strengths from random play to the master at twice its budget,
each reproducible, with ratings measured by matches among them. Puzzles are rated on
it (``filler.puzzles.ladder_rating``).

    >>> import filler
    >>> game = filler.Game.new("quick", seed=7)
    >>> chances = move_chances(game, "greedy-soft4")
    >>> sorted(chances) == game.legal_colors(), round(sum(chances.values()), 9)
    (True, 1.0)
    >>> move_chances(game, "lookahead-2") == {choose(game, "lookahead-2", 0): 1.0}
    True

**A rung** gives, for a position, the chance of each legal color (``move_chances``):

- ``random``: every legal color alike;
- ``greedy-soft4``, ``greedy-soft2``: the greedy level's way of seeing (the value
  each color gains now, enclosures included) with noise: each color with a chance
  in proportion to e^(gain / T), T = 4 and 2 cells, so that they err more often where
  another color gains nearly as much;
- ``greedy``: the greedy level;
- ``lookahead-1``, ``lookahead-2``: the lookahead level's search (its evaluation, its
  300 nodes) one and two moves deep; ``lookahead`` is the level itself (three);
- ``master-1/64``, ``master-1/16``, ``master-1/4``, ``master``, ``master-x2``: the
  master level at that share of its tournament node budget
  (``levels.tournament_nodes``: 80 000 nodes on quick, 35 000 on classic and
  hexagons), ``master`` the level itself.

Node budgets, never the clock, end every search, so a rung's color in a position is
the same on every run and machine; the erring rungs draw from a hash of the match
seed and the position (``choose``), so a match repeats too. ``greedy``, ``lookahead``
and ``master`` play exactly as the levels of the same name in a tournament.

**Ratings** (``RATINGS``): each rung played ``--matches`` two-game matches
(``filler.Match``, scored as rated matches are, ``filler.rating.MATCH_SCORES``)
against each of the two rungs above it (``python -m filler ladder``). The ratings
are the maximum-likelihood Elo fit of those scores (``fit``: one virtual draw a
pair played keeps a pair that one side always won finite), shifted so that the mean
of ``greedy``, ``lookahead`` and ``master`` is the mean of the levels' measured
ratings (``filler.ai.ratings.RATINGS``): the scale a player knows from the lobby.
"""

from __future__ import annotations

import math
import time

from .levels import _deepen, _greedy_move, _mix, LOOKAHEAD_NODES, LOOKAHEAD_REACH, tournament_nodes
from .position import Board

# (name, kind, parameter): kind "random"; "greedy" with its temperature in cells (0:
# the level); "lookahead" with its depth; "master" with its share of the tournament budget
_RUNGS = (
    ("random", "random", None),
    ("greedy-soft4", "greedy", 4),
    ("greedy-soft2", "greedy", 2),
    ("greedy", "greedy", 0),
    ("lookahead-1", "lookahead", 1),
    ("lookahead-2", "lookahead", 2),
    ("lookahead", "lookahead", 3),
    ("master-1/64", "master", 1 / 64),
    ("master-1/16", "master", 1 / 16),
    ("master-1/4", "master", 1 / 4),
    ("master", "master", 1),
    ("master-x2", "master", 2),
)
RUNGS = tuple(name for name, _, _ in _RUNGS)
_KIND = {name: (kind, parameter) for name, kind, parameter in _RUNGS}
LEVEL_RUNGS = ("greedy", "lookahead", "master")   # the rungs that are levels: the anchor
# A player left out of the ladder, to check the puzzles' ratings against
# (``filler.puzzles`` and docs/puzzles.md): the master at an eighth of its budget,
# between two rungs.
LEFT_OUT = "master-1/8"
_KIND[LEFT_OUT] = ("master", 1 / 8)
ELO = 400 / math.log(10)   # Elo's scale: a rating difference of 400 is odds of 10 to 1


def nodes_of(game, name: str) -> int | None:
    """The node budget of rung ``name`` in ``game`` (None: it needs none)."""
    kind, parameter = _KIND[name]
    if kind == "master":
        return max(1, round(tournament_nodes(game, "master") * parameter))
    if kind == "lookahead":
        return tournament_nodes(game, "lookahead")
    return None


def move_chances(game, name: str) -> dict:
    """{color: chance} of rung ``name`` in ``game`` (its legal colors only)."""
    legal = game.legal_colors()
    if len(legal) == 1:
        return {legal[0]: 1.0}
    kind, parameter = _KIND[name]
    if kind == "random":
        return {color: 1 / len(legal) for color in legal}
    if kind == "greedy" and parameter:
        board, pos = Board.from_game(game)
        gains = {color: board.play(pos, color).gained for color in legal}
        top = max(gains.values())
        weights = {color: math.exp((gain - top) / parameter) for color, gain in gains.items()}
        total = sum(weights.values())
        return {color: weight / total for color, weight in weights.items()}
    return {_certain(game, name): 1.0}


def _certain(game, name):
    """The color of a rung that always plays the same one."""
    from . import choose as choose_level
    from .search import Limits
    kind, parameter = _KIND[name]
    if kind == "greedy":
        return choose_level(game, "greedy")
    if kind == "master":
        return choose_level(game, "master", 1e6, max_nodes=nodes_of(game, name),
                            clock=time.thread_time)
    board, pos = Board.from_game(game)
    limits = Limits(1e6, LOOKAHEAD_NODES[0], time.thread_time)
    color = _deepen(board, pos, limits, LOOKAHEAD_REACH, parameter)
    return color if color in game.legal_colors() else _greedy_move(board, pos)


def choose(game, name: str, seed: int) -> int:
    """Rung ``name``'s color in ``game``: drawn from ``move_chances`` by a hash of
    ``seed`` and the position (the same match gives the same moves)."""
    chances = move_chances(game, name)
    if len(chances) == 1:
        return next(iter(chances))
    board, pos = Board.from_game(game)
    draw = (_mix(seed, pos) % 1_000_000) / 1_000_000
    for color in sorted(chances):
        draw -= chances[color]
        if draw < 0:
            return color
    return max(chances)


def play_match(variant: str, seed: int, names) -> float:
    """One two-game match of rungs ``names[0]`` (seat 0 in game 1) against
    ``names[1]`` on board ``seed``: ``names[0]``'s rated-match score."""
    from .tournament import played_match
    match = played_match(variant, seed, lambda game: choose(game, names[game.turn], seed))
    (a, b, score), = match.outcome["pairs"]
    return score if a == 0 else 1 - score


def pairings(matches: int, rungs=RUNGS, reach=2):
    """(first, second) rungs of every match: each rung against the ``reach`` rungs
    above it, ``matches`` times, the seats swapped every other match."""
    for low, name in enumerate(rungs):
        for high in rungs[low + 1:low + 1 + reach]:
            for number in range(matches):
                yield (name, high) if number % 2 == 0 else (high, name)


def fit(results, fixed=None, anchor=None, rounds=3000) -> dict:
    """Elo ratings {name: rating} that best explain ``results`` [(a, b, score of a)]
    (the maximum of their likelihood, each pair that played given one virtual draw).
    ``fixed``: {name: rating} kept as they are (the others fitted around them);
    without it the mean is 1500, or, with ``anchor`` ({name: target}), the named
    ones' mean is their targets' mean.

        >>> r = fit([("a", "b", 1.0), ("a", "b", 0.6), ("b", "c", 1.0)])
        >>> r["a"] > r["b"] > r["c"], round(sum(r.values()) / 3)
        (True, 1500)
        >>> fit([("x", "a", 0.5)], fixed={"a": 1700})["x"]
        1700
    """
    fixed = dict(fixed or {})
    games = list(results)
    games += [(a, b, 0.5) for a, b in {tuple(sorted((a, b))) for a, b, _ in results}]
    names = sorted({a for a, _, _ in games} | {b for _, b, _ in games})
    rating = {name: float(fixed.get(name, 1500)) for name in names}
    played = {name: sum(1 for a, b, _ in games if name in (a, b)) for name in names}
    for _ in range(rounds):   # gradient ascent on the log-likelihood (it is concave)
        gradient = dict.fromkeys(names, 0.0)
        for a, b, score in games:
            surprise = score - 1 / (1 + math.exp((rating[b] - rating[a]) / ELO))
            gradient[a] += surprise
            gradient[b] -= surprise
        for name in names:
            if name not in fixed:
                rating[name] += 100 * gradient[name] / played[name]
    if not fixed:
        free = anchor or {name: 1500 for name in names}
        shift = sum(free[name] - rating[name] for name in free) / len(free)
        rating = {name: value + shift for name, value in rating.items()}
    return {name: round(value) for name, value in rating.items()}


def solve_chance(game, solution, name: str) -> float:
    """The chance that rung ``name`` plays every solver move of ``solution`` from
    ``game`` (the replies as given)."""
    chance, position = 1.0, game
    for ply, color in enumerate(solution):
        if ply % 2 == 0:
            chance *= move_chances(position, name).get(color, 0.0)
            if not chance:
                return 0.0
        position = position.play(color)
    return chance


# Measured: see the module text and docs/puzzles.md. {variant: {rung: rating}}
RATINGS = {
    "quick": {"random": 745, "greedy-soft4": 886, "greedy-soft2": 1011, "greedy": 1395,
              "lookahead-1": 1475, "lookahead-2": 1600, "lookahead": 1704, "master-1/64": 1835,
              "master-1/16": 1899, "master-1/4": 1956, "master": 1986, "master-x2": 2063},
    "hex": {"random": 613, "greedy-soft4": 865, "greedy-soft2": 910, "greedy": 1227,
            "lookahead-1": 1570, "lookahead-2": 1676, "lookahead": 1748, "master-1/64": 1938,
            "master-1/16": 2028, "master-1/4": 2107, "master": 2178, "master-x2": 2163},
    "classic": {"random": 545, "greedy-soft4": 765, "greedy-soft2": 936, "greedy": 1287,
                "lookahead-1": 1449, "lookahead-2": 1604, "lookahead": 1707, "master-1/64": 2128,
                "master-1/16": 2118, "master-1/4": 2299, "master": 2281, "master-x2": 2355},
}
LEFT_OUT_RATINGS = {"quick": 1909, "hex": 2007, "classic": 2276}
RATINGS_COMMAND = "python -m filler ladder --variants quick,hex,classic --matches 6 --seed 1"
RATINGS_DATE = "2026-12-07"
