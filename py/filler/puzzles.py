"""Puzzles: real positions with one best color, proven by the ending solver.

    >>> import filler
    >>> game = filler.Game.new("quick", seed=5)
    >>> while not game.over:
    ...     game = game.play(filler.ai.choose(game, "greedy"))
    >>> found = find_puzzles(game, seed=5)
    >>> all(check_record(p) is None for p in found)
    True

**What a puzzle is.** ``find_puzzles`` walks back from the end of a finished game
of two sides, position by position, while the ending solver
(``filler.ai.master.Search.solve``) proves them. It keeps a position when the side to
move (the solver side) has exactly one best color: that color is proven to win, or
to draw where every other legal color is proven to lose, and every other legal color
is proven strictly worse, by its result or by at least ``GAP`` cells of final
margin; and that color is not the one that the preview answers: the one legal color
with the largest preview (``preview_answer``: its flood and the regions it encloses,
the cells the table's tooltip counts; a color tied with others for the largest
stays a puzzle, the player must tell them apart). A puzzle runs on for at most
``STEPS`` moves of the solver side: after each, the other side replies with a best
answer (the solver side then gets no more than the puzzle's value), and the solver
side's next move is kept only if it is again the one best and not the preview's
answer, for the same result and margin (``_puzzle_from``: the solver's own reply
first, then the other best replies by color). At most ``PER_GAME`` puzzles a game,
none sharing a ply with another; where two would, the longer is kept.

**Off the line** (``branches``, the generator's on the boards of ``RUNG_PAIRS``): where
the walk finds the side to move proven to lose, the positions after its other colors
are walked too (``_branches``): proving the loss refuted every color, so the table
holds their results already, and each is as real a position as the played one (the
loser chose another color). Each is first tried with ``NODES / BRANCH_SHARE`` nodes a
search (the same table) and left where that does not prove its first step; one that
passes is proven again with ``NODES``, which its later steps may need. Such a
position takes the ply of its branch point and the next (``_plies``): of the
positions after the other colors of one move one at most, and not with the one on
the line after that move.

**Proofs** (``Prover``): every search is bounded by ``NODES`` nodes, never by the
clock, so every run and every machine agrees. The proofs of one game share one
transposition table, so a position's proofs reuse what those of the later positions
found (they lie in its tree). A position costs little when it is no puzzle: first
its value and a best color (one ``solve``: the walk stops where that is not proven
in the budget); a loss, or a best color the preview answers, ends it there; then one
null window per other color (``Search.reaches``: does it come within ``GAP`` cells of
the best?); only a position that passes them all has each other color's cost proven,
the margin only where it keeps the best's result (how much less a wrong color wins;
a loss is a loss). A puzzle found is kept only if ``verify`` proves it again with a
table of its own, as anyone checking a file does.

**A record** (one dict, JSON values only)::

    {"id": "quick-12-17", "variant": "quick", "seed": 12,
     "moves": [3, 1, ...],        # the colors from the start of the game to the position
     "side": 1,                   # the seat to move (the solver side)
     "solution": [4, 2, 5],       # the whole line: the solver side's moves and replies
     "result": "win",             # "win" or "draw", for the solver side
     "margin": 6,                 # its final margin (own minus the other side's)
     "others": [{"2": {"cost": {"result": "loss", "cells": 9, "exact": true},
                       "line": [2, 4, ...]}, ...}, ...],
     "themes": ["enclosure", "finish"], "rating": 1580,
     "found_by": ["lookahead", "master"],
     "chances": [0.25, 0.1667, ...]}   # each rung of the ladder's chance to solve it

A record may carry ``"game": 2``: the position is of the second game of a match
(the corners swapped, the other seat first, ``Match``), and its id is
``<variant>-<seed>-g2-<ply>``. A position off the game's line (above) carries
``"branch": n`` (1, 2, ...: the game's n-th such record) and its id is
``<variant>-<seed>-b<n>-<ply>``; its ``moves`` are still the colors from the start
of the game of that seed, the last one not the color played.

``others`` has one dict per solver step (the moves at even places of ``solution``):
for every other legal color there, its ``cost`` (``result``: what that color gets,
``cells``: how many cells of final margin fewer than the solution, ``exact``: False
when the solver proved its result but only a bound of its margin, so the cells are
"at least") and ``line``: the refutation, the color and then the solver's principal
line after it (up to ``LINE`` colors). So a page checks a move against the record and
explains a wrong one without any search. The keys are colors as strings (JSON).

**Your own mistakes.** ``mistake_plies(results)`` names the plies of a review
(``filler.ai.review``) worth trying: a move that cost at least ``GAP`` cells or the
result, by values the review's solver proved (``exact``), latest first, at most
``PER_GAME`` a seat.
``own_puzzle(game, ply)`` makes one a puzzle when ``_step`` finds exactly one best
color there and the color played is one of the others: the player's own position,
with the move they missed. Its id starts ``own-``; it is not rated (``rating`` 0,
``found_by`` empty).

**Themes**, each from the positions of the solution:

- ``enclosure``: a solver move encloses a region (docs/rules.md section 3, rule 3: it takes free
  cells beyond its flood, which the other side can no longer reach);
- ``blocking``: the first move's flood takes at most ``BLOCK_CELLS`` cells, and its
  color is the one whose flood would take the most cells for the other side right now
  (so the other side may no longer play it);
- ``equator``: a solver move ends the game by the equator (its side passes more than
  half of the value in play);
- ``last-region``: in the puzzle's position, all free cells form one connected region
  of at most a quarter of the board's cells (the last region the sides contest);
- ``finish``: the game ends within the solution (any way);
- ``draw``: the solution draws;
- ``long``: more than one solver move to find.

**Rating** (``rating``). ``chances`` holds, for each rung of the ladder
(``filler.ai.ladder.RUNGS``: random play, greedy players that err at several rates,
the lookahead at three depths and the master at five node budgets, each with a
measured rating), the chance that the rung plays the whole solution (the replies as
recorded): 0 or 1 for a rung that always plays the same color, a fraction for the
random and erring ones (``ladder_chances``). The rating is where the ladder solves
the puzzle half of the time: the rating that, as an opponent of the rungs on Elo's
curve, explains their chances best (maximum likelihood), so it is continuous between
the rungs' ratings. ``found_by`` lists the computer levels (``filler.ai.levels.LEVELS``)
that play the whole solution at their tournament node budget; three of them are
rungs of the ladder.

**File.** ``{"format": "filler-puzzles", "version": 1, "variant", "gap",
"generation": {"command", "games", "cpu_seconds", "next_seed"}, "ladder": [rungs],
"puzzles": [...]}`` (``load``, ``dump``; ``ladder`` names the rungs of each record's
``chances``). ``generate`` plays games of the computer levels against each other
(each level at its tournament node budget, as ``ai.tournament.play_match`` does, so a
seed always gives the same game; on classic and hexagon, ``RUNG_PAIRS``, games of
cheap rungs of the ladder instead, their draws by the seed: there a master's game
cost several times its puzzles' proofs), finds their puzzles and appends them, in the
order of the seeds whatever the number of processes (``jobs``); it starts at the
file's ``next_seed``, so a stopped run goes on where it was. ``verify(record)``
proves every step again with the same budgets.
"""

from __future__ import annotations

import itertools
import json
import math
import os
import sys
import time

from .errors import BadPuzzle
from .variants import VARIANTS

FORMAT = "filler-puzzles"
VERSION = 1
GAP = 3            # cells of final margin by which every other color must do worse
# the solver's node budget for one search: past it the proofs that still succeed seldom
# make a puzzle (docs/puzzles.md: the generator)
NODES = 60_000
BRANCH_SHARE = 4    # a position off the line is first tried with NODES / 4 nodes a search: on
                    # hexagon (6 games) that found the same puzzles in 35 % less CPU
OWN_NODES = 150_000   # a puzzle of your own game (``own_puzzle``)
LINE_NODES = 150_000  # a line played to the end for the page (``played_out``): the budget the
                      # shipped records' lines were made with, so they reach the end
STEPS = 3          # solver moves in a puzzle at most
LONGER = 0.25      # the share of a file's puzzles of two moves or more, at least
PER_GAME = 3       # puzzles from one game at most
LINE = 8           # colors of a refutation line at most
BLOCK_CELLS = 2
RESULTS = ("loss", "draw", "win")
FIELDS = ("id", "variant", "seed", "moves", "side", "solution", "result", "margin", "others",
          "themes", "rating", "found_by")
THEMES = ("enclosure", "blocking", "equator", "last-region", "finish", "draw", "long")


# -- proofs ---------------------------------------------------------------------------
def preview_answer(game):
    """The one legal color whose preview is the largest for the side to move (its
    flood and the regions it encloses: the cells the table's tooltip counts, from
    ``Game.preview``), or None when two or more share the largest. A position whose
    best color it is, is answered by the preview: no puzzle (see the module text).

        >>> import filler
        >>> game = filler.Game.from_rows(["0121", "2102", "0212"], colors=4)
        >>> {c: len(game.preview(c)[0]) for c in game.legal_colors()}, preview_answer(game)
        ({2: 2, 3: 0}, 2)
        >>> preview_answer(filler.Game.from_rows(["01212", "20101", "12021"], colors=4)) is None
        True
    """
    sizes = {}
    for color in game.legal_colors():
        (cells,) = game.preview(color).values()
        sizes[color] = len(cells)
    if not sizes:
        return None
    top = max(sizes.values())
    largest = [color for color, size in sizes.items() if size == top]
    return largest[0] if len(largest) == 1 else None


class Prover:
    """The ending solver's proofs for the positions of one game, all sharing one
    transposition table: walking back from the end, a position's proofs reuse what
    those of the later positions found (they lie in its tree), and a puzzle's steps
    what its first step found. Each search is bounded by ``nodes``, never by the
    clock, so the same positions proven in the same order give the same answers on
    every machine; what a proof says does not depend on the table (a proven value is
    the game's), only whether the budget suffices and which of equal lines is named."""

    def __init__(self, nodes=NODES):
        self.nodes = nodes
        self.table = {}

    def _search(self, game):
        from .ai.master import Search
        from .ai.position import Board
        from .ai.search import Limits
        board, pos = Board.from_game(game)
        return Search(board, pos.turn, Limits(max_nodes=self.nodes), table=self.table), pos

    def solve(self, game, margin=True):
        """The solver's ``Analysis`` of ``game``'s side to move (best color, value,
        exact, line), or None when the budget runs out first. ``margin``: False proves
        the result only (``Search.solve``)."""
        from .ai.search import OutOfBudget
        search, pos = self._search(game)
        try:
            return search.solve(pos, margin=margin)
        except OutOfBudget:
            return None

    def proof(self, game, color, side, result=None):
        """(result, margin, exact, line) of ``color`` for ``side`` in ``game``, proven
        on the position after it; None if the budget ran out first. ``result``: the
        margin is proven only where the result is this one, elsewhere its bound
        (``exact`` False): a puzzle shows how much less a wrong color wins, not by
        how much it loses."""
        from .ai.review import final_value, margin, result_class
        child = game.play(color)
        if child.over:
            value, exact, line = final_value(child, side), True, []
        else:
            proven = self.solve(child, margin=result is None)
            if proven is not None and result is not None and not proven.exact:
                same = child.side_of(child.turn) == side
                bound = proven.value if same else -proven.value
                if RESULTS[result_class(bound) + 1] == result:
                    proven = self.solve(child)
            if proven is None:
                return None
            same = child.side_of(child.turn) == side
            value = proven.value if same else -proven.value
            exact, line = proven.exact, list(proven.line or [])
        return RESULTS[result_class(value) + 1], margin(value), exact, [color] + line[:LINE - 1]

    def reaches(self, game, color, side, bound):
        """Whether ``color`` gets ``side`` at least ``bound`` (the solver's value scale:
        ``WIN`` + margin for a win), by one null-window proof on the position after
        it; None if the budget ran out first."""
        from .ai.review import final_value
        from .ai.search import OutOfBudget
        child = game.play(color)
        if child.over:
            return final_value(child, side) >= bound
        search, pos = self._search(child)
        try:
            if child.side_of(child.turn) == side:
                return search.reaches(pos, bound)
            return not search.reaches(pos, 1 - bound)
        except OutOfBudget:
            return None


def _step(game, prover, preview_rule=True):
    """The proof that ``game``'s side to move has one best color: a dict with
    ``color``, ``result``, ``margin``, ``reply`` (the solver's answer, None at the end),
    ``others`` ({color: {cost, line}}), or None (no puzzle here), or False when the
    position's value is not proven (the walk back stops). ``preview_rule``: a best
    color that the preview answers (``preview_answer``) makes no puzzle.

    The cheap questions first: the position's value and a best color (one solve);
    then, unless the preview answers it, for each other color one null window (is it
    as good as the best, within ``GAP``?); only a position that passes them all has
    every other color's cost proven for its record."""
    from .ai.search import WIN
    legal = game.legal_colors()
    if len(legal) < 2:
        return None
    side = game.side_of(game.turn)
    proven = prover.solve(game, margin=False)
    if proven is not None and proven.value > 0:
        proven = prover.solve(game)   # a win's margin (a loss is no puzzle)
    if proven is None:
        return False
    best, value = proven.color, proven.value
    if value < 0 or not proven.exact or (preview_rule and best == preview_answer(game)):
        return None
    # an other color that reaches this is not strictly worse: by GAP cells of a win,
    # and any draw where the best draws
    bound = value - GAP + 1 if value > 0 else 0
    result, best_margin = ("win", value - WIN) if value > 0 else ("draw", 0)
    for color in legal:
        if color != best and prover.reaches(game, color, side, bound) is not False:
            return None
    others = {}
    for color in legal:
        if color == best:
            continue
        other = prover.proof(game, color, side, result)
        if other is None:
            return None
        other_result, other_margin, other_exact, other_line = other
        if other_result == result and not other_exact:
            return None   # a win's margin bounded from below only: its cost is unknown
        others[str(color)] = {"cost": {"result": other_result, "cells": best_margin - other_margin,
                                       "exact": other_exact}, "line": other_line}
    line = list(proven.line or [best])
    return {"color": best, "result": result, "margin": best_margin,
            "reply": line[1] if len(line) > 1 else None, "others": others}


def _puzzle_from(game, prover, preview_rule=True):
    """(steps, solution) of the longest puzzle from ``game``'s position, or (None, False)
    / (None, None) as ``_step`` says. After each step the other side's reply is a best
    one (the solver side then gets no more than the first step's value): the solver's
    own answer if the next position is again a step, else the first other best reply,
    by color, whose next position is (``_next_step``)."""
    first = _step(game, prover, preview_rule)
    if not first:
        return None, first
    steps, solution = [first], [first["color"]]
    position = game.play(first["color"])
    while len(steps) < STEPS and not position.over:
        found = _next_step(position, steps[-1]["reply"], first, prover, preview_rule,
                           game.side_of(game.turn))
        if found is None:
            break
        reply, step = found
        steps.append(step)
        solution += [reply, step["color"]]
        position = position.play(reply).play(step["color"])
    return steps, solution


def _next_step(position, answer, first, prover, preview_rule, side):
    """(reply, step): a best reply of the other side in ``position`` (after a solver
    move) and the solver side's next step after it, or None. ``answer``: the solver's
    own reply, tried first; the others by color, each proven a best one (the solver
    side gets no more than ``first``'s value after it) before its step is sought. A
    step must be one best color (``_step``) of ``first``'s value."""
    from .ai.search import WIN
    value = WIN + first["margin"] if first["result"] == "win" else 0
    legal = position.legal_colors()
    order = ([answer] if answer in legal else []) + [c for c in legal if c != answer]
    for reply in order:
        after = position.play(reply)
        if after.over or after.side_of(after.turn) != side:
            continue
        if reply != answer and prover.reaches(position, reply, side, value + 1) is not False:
            continue
        step = _step(after, prover, preview_rule)
        if step and (step["result"], step["margin"]) == (first["result"], first["margin"]):
            return reply, step
    return None


def played_out(game, line, nodes=LINE_NODES) -> list:
    """``line`` (colors from ``game``) played on until the game is over: after its last
    color, the solver's principal line (``Search.solve`` of the position, bounded by
    ``nodes`` nodes in all, never the clock, so every machine plays the same line),
    solved again where the table's line stops. So a refutation or a solution is shown
    until the result it claims is on the board (the end, or the equator passed: a
    decided game ends), not cut after ``LINE`` colors. A budget that runs out first
    leaves the line where it got to.

        >>> import filler
        >>> game = filler.Game.new("quick", seed=5)
        >>> while len(game.moves) < 17:  # the greedy level on both sides, to an ending
        ...     game = game.play(filler.ai.choose(game, "greedy"))
        >>> line = played_out(game, [])
        >>> for color in line:
        ...     game = game.play(color)
        >>> len(line), game.over
        (8, True)
    """
    from .ai.master import Search
    from .ai.position import Board
    from .ai.search import Limits, OutOfBudget
    position, out = game, []
    for color in line:
        if position.over:
            return out
        position = position.play(color)
        out.append(color)
    spent = 0
    while not position.over and spent < nodes:
        board, pos = Board.from_game(position)
        limits = Limits(max_nodes=nodes - spent)
        try:
            proven = Search(board, pos.turn, limits).solve(pos)
        except OutOfBudget:
            proven = None
        spent += limits.nodes
        if proven is None or not proven.line:
            break
        for color in proven.line:
            if position.over:
                break
            position = position.play(color)
            out.append(color)
    return out


# -- themes and rating ----------------------------------------------------------------
def themes(game, solution, result) -> list:
    """The themes of a puzzle at ``game`` with ``solution`` (see the module text)."""
    from .ai.position import Board
    found = set()
    side = game.side_of(game.turn)
    position = game
    for ply, color in enumerate(solution):
        mover = position.side_of(position.turn) == side
        if mover:
            board, pos = Board.from_game(position)
            flood = board.flood(pos, pos.turn, color)
            after = board.play(pos, color, flood)
            if board.value(after.own[pos.turn] & ~pos.own[pos.turn]) > board.value(flood):
                found.add("enclosure")
            if ply == 0:
                other = board.next_seat[pos.turn]
                takes = {c: board.value(board.flood(pos, other, c)) for c in range(board.k)
                         if c != pos.colors[other]}
                if (board.value(flood) <= BLOCK_CELLS and takes
                        and max(takes, key=lambda c: (takes[c], -c)) == color and takes[color] > 0):
                    found.add("blocking")
                if _one_region(board, pos.free):
                    found.add("last-region")
        position = position.play(color)
        if position.over:
            found.add("finish")
            if mover and position.end_reason == "equator":
                found.add("equator")
            break
    if result == "draw":
        found.add("draw")
    if len(solution) > 1:
        found.add("long")
    return [t for t in THEMES if t in found]


def _one_region(board, free) -> bool:
    if not free or 4 * free.bit_count() > board.layout.board.bit_count():
        return False
    region = board.layout.spread(free & -free, free)
    return region == free


def ladder_chances(game, solution) -> list:
    """The chance of each rung of the ladder (``filler.ai.ladder.RUNGS``, in its order)
    to play every solver move of ``solution`` from ``game``, the replies as given;
    rounded to four decimals, as a record keeps them (``chances``)."""
    from .ai.ladder import RUNGS, solve_chance
    return [round(solve_chance(game, solution, rung), 4) for rung in RUNGS]


def found_by(game, solution, chances=None) -> list:
    """The levels that play every solver move of ``solution`` from ``game`` at their
    tournament node budget. The ladder's rungs ``greedy``, ``lookahead`` and
    ``master`` are those levels: their ``chances`` (``ladder_chances``) say it when
    given."""
    from .ai.ladder import LEVEL_RUNGS, RUNGS
    from .ai.levels import LEVELS, choose, tournament_nodes
    finders = []
    for level in LEVELS:
        if chances is not None and level in LEVEL_RUNGS:
            if chances[RUNGS.index(level)] == 1:
                finders.append(level)
            continue
        position, ok = game, True
        for ply, color in enumerate(solution):
            if ply % 2 == 0:
                chosen = choose(position, level, 1e6, max_nodes=tournament_nodes(position, level),
                                clock=time.thread_time)
                if chosen != color:
                    ok = False
                    break
            position = position.play(color)
        if ok:
            finders.append(level)
    return finders


def rating(variant: str, chances, measured=None) -> int:
    """The rating at which the ladder solves a puzzle half of the time, guessing aside.

    Each rung's chance of solving it (``chances``, ``ladder_chances``) is read as the
    result of a game of the rung (its measured rating, ``filler.ai.ladder.RATINGS``)
    against the puzzle, where anyone gets the random rung's chance ``g`` by guessing (one
    legal color in four or five a step): a rung rated ``R`` solves a puzzle rated ``r``
    with chance ``g + (1 - g) / (1 + e^((r - R) / ELO))`` (Elo's curve above guessing: item
    response theory's model of a question with a guessable answer). The puzzle's rating is
    the one under which the rungs' chances are likeliest (maximum likelihood, each chance
    a fraction of a solve), so it is continuous: a rung that errs more often than guessing
    (the noisy greedy rungs on a color that gains few cells now) rates the puzzle a little
    harder, by how much more. A puzzle that no rung solves beyond guessing is rated 800
    above the strongest rung. ``measured``: {rung: rating}, by default the variant's; 0 on
    a variant whose ladder is not measured.

        >>> from filler.ai.ladder import RUNGS
        >>> ladder = dict(zip(RUNGS, range(800, 2000, 100)))   # 800 to 1900
        >>> rating("quick", [0.25, 0.2, 0.1, 0] + [0.0] * 3 + [1.0] * 5, ladder)
        1501
        >>> rating("quick", [0.25, 0.23, 0.2, 0] + [0.0] * 3 + [1.0] * 5, ladder)
        1498
        >>> rating("quick", [0.25, 0.3, 0.4, 1] + [1.0] * 3 + [1.0] * 5, ladder)
        957
        >>> rating("quick", [0.0625, 0.02, 0.01] + [0.0] * 8 + [1.0], ladder)
        2017
    """
    from .ai.ladder import ELO, RATINGS, RUNGS
    measured = measured or RATINGS.get(variant)
    if not measured:
        return 0
    rungs = [measured[rung] for rung in RUNGS]
    guess = min(chances[RUNGS.index("random")], 0.999)
    tiny = 1e-9

    def likelihood(r):   # of the rungs' chances, for a puzzle rated r (its logarithm)
        total = 0.0
        for chance, rung in zip(chances, rungs):
            solves = guess + (1 - guess) / (1 + math.exp((r - rung) / ELO))
            solves = min(max(solves, tiny), 1 - tiny)
            total += chance * math.log(solves) + (1 - chance) * math.log(1 - solves)
        return total

    # every 25 points from 800 below the weakest rung to 800 above the strongest, then
    # every point around the likeliest of those (the same answer on every machine)
    low, high = min(rungs) - 800, max(rungs) + 800
    coarse = max(range(low, high + 1, 25), key=likelihood)
    return max(range(max(low, coarse - 25), min(high, coarse + 25) + 1), key=likelihood)


# -- finding --------------------------------------------------------------------------
def _replayed(variant, seed, moves, game_number=1):
    from .rules import Game
    game = Game.new(variant, seed, **start_of(game_number))
    for color in moves:
        game = game.play(color)
    return game


def start_of(game_number) -> dict:
    """``Game.new``'s corner_shift and first for game 1 or 2 of a match of two seats."""
    return {} if game_number == 1 else {"corner_shift": 1, "first": 1}


def record_id(variant, seed, ply, game_number=1, own=False, branch=0) -> str:
    """``[own-]<variant>-<seed>-[g2-][b<branch>-]<ply>``: ``branch`` (1, 2, ...) names a
    position off the played line (``find_puzzles``), 0 one on it."""
    return (f"{'own-' if own else ''}{variant}-{seed}-{'g2-' if game_number == 2 else ''}"
            f"{f'b{branch}-' if branch else ''}{ply}")


def find_puzzles(game_or_record, *, seed=None, nodes=NODES, per_game=PER_GAME,
                 rate=True, branches=False) -> list:
    """The puzzles of a finished game (a ``filler.Game`` of a seeded variant, or its
    record), latest first (see the module text). ``rate``: compute ``found_by`` and
    ``rating`` (the levels' searches), else leave them empty. ``branches``: also the
    positions after the other colors of a side that loses (off the played line)."""
    from .rules import Game
    game = Game.from_record(game_or_record) if isinstance(game_or_record, dict) else game_or_record
    if game.sides != 2 or game.seats != 2:
        raise ValueError("puzzles are made from games of two players")
    variant = game.variant_id
    seed = game.seed if seed is None else seed
    moves = [color for _, color in game.moves]
    positions = _positions(game)
    prover = Prover(nodes)
    found, at, taken, branch = [], {}, {}, 0
    for ply in range(len(moves) - 1, -1, -1):
        if len(found) >= per_game:
            break
        position = positions[ply]
        steps, solution = _puzzle_from(position, prover)
        if steps is None and solution is False:
            break
        if steps is not None:
            candidates = [(position, moves[:ply], steps, solution)]
        elif branches:
            candidates = _branches(position, moves[:ply], moves[ply], prover)
        else:
            candidates = []
        for place, line, steps, solution in candidates:
            off = len(line) > ply
            plies = _plies(line, solution, off)
            covered = [p for p in found if taken[p["id"]] & plies]
            if any(len(p["solution"]) >= len(solution) for p in covered):
                continue   # it shares a ply with a puzzle as long, found later in the game
            record = _record(place, seed, line, steps, solution, branch=branch + 1 if off else 0)
            if verify(record, nodes):
                continue   # proven here with the game's table, but not by a fresh one
            branch += off
            found = [p for p in found if p not in covered]   # shorter ones give way
            found.append(record)
            at[record["id"]], taken[record["id"]] = place, plies
            if len(found) >= per_game:
                break
    if rate:
        for record in found:
            position = at[record["id"]]
            record["chances"] = ladder_chances(position, record["solution"])
            record["found_by"] = found_by(position, record["solution"], record["chances"])
            record["rating"] = rating(variant, record["chances"])
    return found


def _branches(position, line, played, prover) -> list:
    """[(position, moves, steps, solution)]: the puzzles one move off the played line
    at ``position`` (reached by ``line``, where ``played`` was played), when its side to
    move is proven to lose: the positions after each of its other colors, the other
    side to move. Proving the loss refuted every color, so their results are in the
    table already: only their margins and other colors cost."""
    proven = prover.solve(position, margin=False)
    if proven is None or proven.value >= 0:
        return []
    screen = Prover(prover.nodes // BRANCH_SHARE)
    screen.table = prover.table   # the same table, a smaller budget a search
    found = []
    for color in position.legal_colors():
        after = position.play(color)
        if color == played or after.over or not _step(after, screen):
            continue
        steps, solution = _puzzle_from(after, prover)
        if steps:
            found.append((after, line + [color], steps, solution))
    return found


def _plies(moves, solution, off) -> set:
    """The plies a puzzle at ``moves`` with ``solution`` takes, so that no two puzzles of
    a game share one: on the game's line the plies its solution spans; off it
    (``off``: the position after another color than the one played) the ply of its
    branch point and the next (the position it came from and the one it stands for
    on the line: so of the positions after other colors of one move one at most, and
    not with the one on the line), and its own positions."""
    if not off:
        return {len(moves) + step for step in range(len(solution))}
    return {len(moves) - 1, len(moves)} | {tuple(moves + solution[:step]) for step in range(len(solution))}


def _positions(game) -> list:
    """Every position of ``game`` from its start (the board and corners it began with)."""
    from .rules import Game
    start = game.to_record()
    start["events"] = []
    del start["result"]
    positions = [Game.from_record(start)]
    for _, color in game.moves:
        positions.append(positions[-1].play(color))
    return positions


def _game_number(game) -> int:
    """1, or 2 for a position of the second game of a match (corners swapped)."""
    return 2 if game.to_record().get("corner_shift") else 1


def _record(position, seed, moves, steps, solution, own=False, branch=0) -> dict:
    """An unrated record of the puzzle ``steps``/``solution`` at ``position`` (``branch``:
    its number off the game's line, 0 on it)."""
    first, number = steps[0], _game_number(position)
    record = {"id": record_id(position.variant_id, seed, len(moves), number, own, branch),
              "variant": position.variant_id, "seed": seed, "moves": list(moves), "side": position.turn,
              "solution": solution, "result": first["result"], "margin": first["margin"],
              "others": [s["others"] for s in steps], "themes": themes(position, solution, first["result"]),
              "rating": 0, "found_by": []}
    if number == 2:
        record["game"] = 2
    if branch:
        record["branch"] = branch
    return record


def mistake_plies(results, per_seat=PER_GAME) -> list:
    """The plies of a review's ``results`` that may be puzzles of the mover's own: a
    move that cost at least ``GAP`` cells (or the result) by values the review
    proved, latest first, at most ``per_seat`` a seat."""
    chosen, count = [], {}
    for result in reversed(results):
        seat = result["seat"]
        costly = result["mark"] == "blunder" or result["loss"] >= GAP
        if costly and result["exact"] and count.get(seat, 0) < per_seat:
            chosen.append(result["ply"])
            count[seat] = count.get(seat, 0) + 1
    return chosen


def own_puzzle(game, ply, nodes=OWN_NODES):
    """The puzzle at ``ply`` of ``game`` (a game of a seeded variant of two sides) when
    the solver proves one best color there and the color played was another (see the
    module text), else None."""
    if (game.sides != 2 or game.seats != 2 or game.seed is None or game.variant_id not in VARIANTS
            or game.variant_id == "practice" or not 0 <= ply < len(game.moves)):
        return None  # a record names a variant and a seed: a practice board's options it cannot carry
    position = _positions(game)[ply]
    steps, solution = _puzzle_from(position, Prover(nodes), preview_rule=False)
    played = game.moves[ply][1]
    if not steps or played == solution[0]:
        return None
    return _record(position, game.seed, [color for _, color in game.moves[:ply]], steps, solution, own=True)


# -- checks ---------------------------------------------------------------------------
def _bad(field, why):
    raise BadPuzzle(f"the puzzle's {field} is wrong: {why}", field=field)


def _is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def _colors(value, field):
    if not isinstance(value, list) or not all(_is_int(c) for c in value):
        _bad(field, "not a list of colors")


def check_record(record) -> None:
    """Refuse (``BadPuzzle``, code ``puzzle.bad``, ``field``: the part) a record whose
    shape or types are wrong, whose variant is unknown, or whose moves, solution or
    refutations are not legal; None if it is well formed. It does not search: see
    ``verify``."""
    from .errors import FillerError
    if not isinstance(record, dict):
        _bad("record", "not a dict")
    for field in FIELDS:
        if field not in record:
            _bad(field, "missing")
    variant, seed = record["variant"], record["seed"]
    if not isinstance(variant, str) or variant not in VARIANTS or variant == "practice":
        _bad("variant", f"{variant!r} is not a known variant")
    if not _is_int(seed) or seed < 0:
        _bad("seed", "not a seed")
    _colors(record["moves"], "moves")
    _colors(record["solution"], "solution")
    if not record["solution"]:
        _bad("solution", "empty")
    game_number = record.get("game", 1)
    if game_number not in (1, 2) or isinstance(game_number, bool):
        _bad("game", "not 1 or 2")
    branch = record.get("branch", 0)
    if not _is_int(branch) or branch < 0 or ("branch" in record and not branch):
        _bad("branch", "not a branch number (1, 2, ...)")
    if record["id"] not in {record_id(variant, seed, len(record["moves"]), game_number, own, branch)
                            for own in (False, True)}:
        _bad("id", "not [own-]<variant>-<seed>-[g2-][b<branch>-]<ply>")
    if record["result"] not in ("win", "draw"):
        _bad("result", "not win or draw")
    if not _is_int(record["margin"]) or not _is_int(record["rating"]):
        _bad("margin" if not _is_int(record["margin"]) else "rating", "not an int")
    if not isinstance(record["themes"], list) or not set(record["themes"]) <= set(THEMES):
        _bad("themes", "unknown themes")
    from .ai.levels import LEVELS
    if not isinstance(record["found_by"], list) or not set(record["found_by"]) <= set(LEVELS):
        _bad("found_by", "unknown levels")
    if "chances" in record:
        from .ai.ladder import RUNGS
        chances = record["chances"]
        if (not isinstance(chances, list) or len(chances) != len(RUNGS)
                or not all(isinstance(c, (int, float)) and not isinstance(c, bool) and 0 <= c <= 1
                           for c in chances)):
            _bad("chances", "not a chance (0 to 1) for each rung of the ladder")
    try:
        game = _replayed(variant, seed, record["moves"], game_number)
    except FillerError:
        _bad("moves", "they do not replay")
    if game.over:
        _bad("moves", "the game is over")
    if record["side"] != game.turn:
        _bad("side", "not the seat to move")
    others = record["others"]
    steps = (len(record["solution"]) + 1) // 2
    if not isinstance(others, list) or len(others) != steps:
        _bad("others", "not one dict per solver step")
    position = game
    for ply, color in enumerate(record["solution"]):
        if position.over or color not in position.legal_colors():
            _bad("solution", f"color {color} at step {ply + 1} is not legal")
        if ply % 2 == 0:
            _check_others(position, color, others[ply // 2])
        position = position.play(color)


def _check_others(position, color, others):
    legal = position.legal_colors()
    if not isinstance(others, dict) or set(others) != {str(c) for c in legal if c != color}:
        _bad("others", "not every other legal color")
    for key, entry in others.items():
        cost = entry.get("cost") if isinstance(entry, dict) else None
        if (not isinstance(cost, dict) or cost.get("result") not in RESULTS
                or not _is_int(cost.get("cells")) or not isinstance(cost.get("exact"), bool)):
            _bad("others", f"the cost of color {key}")
        line = entry["line"]
        if not isinstance(line, list) or not line or line[0] != int(key):
            _bad("others", f"the line of color {key}")
        after = position
        for c in line:
            if after.over or not _is_int(c) or c not in after.legal_colors():
                _bad("others", f"the line of color {key} is not legal")
            after = after.play(c)


def verify(record, nodes=None) -> list:
    """Prove every solver step of ``record`` again, with a table of its own (so what a
    generator's table held does not count); the list of what does not hold (empty: the
    puzzle holds). At every step the record's color must be the one best, of the
    record's result and margin (so each reply before it was a best one), not the one
    the preview answers (``preview_answer``; a puzzle of your own game excepted), and
    every other color's cost as recorded (an inexact cost is "at least": a bound the
    proven cost must meet). The refutation lines are checked for legality only
    (``check_record``): of equally good answers the solver may name another. A
    malformed record is one failure."""
    try:
        check_record(record)
    except BadPuzzle as error:
        return [str(error)]
    failures = []
    own = record["id"].startswith("own-")
    prover = Prover(nodes or (OWN_NODES if own else NODES))
    position = _replayed(record["variant"], record["seed"], record["moves"], record.get("game", 1))
    solution = record["solution"]
    for ply in range(0, len(solution), 2):
        color = solution[ply]
        where = f"{record['id']} step {ply // 2 + 1}"
        if not own and preview_answer(position) == color:
            failures.append(f"{where}: the preview answers it ({color} has the largest preview)")
        step = _step(position, prover, preview_rule=False)
        if not step:
            failures.append(f"{where}: no single best color proven")
            break
        if step["color"] != color:
            failures.append(f"{where}: the best color is {step['color']}, not {color}")
            break
        if (step["result"], step["margin"]) != (record["result"], record["margin"]):
            failures.append(f"{where}: proven {step['result']} by {step['margin']}, the record "
                            f"says {record['result']} by {record['margin']}")
        recorded = record["others"][ply // 2]
        if any(not _same_cost(step["others"][key]["cost"], entry["cost"])
               for key, entry in recorded.items()):
            failures.append(f"{where}: the other colors' costs differ")
        position = position.play(color)
        if ply + 1 < len(solution):
            position = position.play(solution[ply + 1])
    return failures


def _same_cost(proven, recorded) -> bool:
    """Whether a proven cost agrees with a recorded one: the same result, and the same
    cells where both are exact; an inexact cost is a lower bound of the cells."""
    if proven["result"] != recorded["result"]:
        return False
    if proven["exact"] and recorded["exact"]:
        return proven["cells"] == recorded["cells"]
    if proven["exact"]:
        return proven["cells"] >= recorded["cells"]
    return not recorded["exact"] or recorded["cells"] >= proven["cells"]


# -- files ----------------------------------------------------------------------------
def new_file(variant: str) -> dict:
    from .ai.ladder import RUNGS
    return {"format": FORMAT, "version": VERSION, "variant": variant, "gap": GAP,
            "generation": {"command": "", "games": 0, "cpu_seconds": 0.0, "next_seed": 1},
            "ladder": list(RUNGS), "puzzles": []}


def preview_share(records) -> tuple:
    """(answered, tied): how many of ``records`` have a first color that is the one
    largest preview (``preview_answer``: none may, under the rule), and how many a
    first color tied with others for the largest."""
    answered = tied = 0
    for record in records:
        game = _replayed(record["variant"], record["seed"], record["moves"], record.get("game", 1))
        color = record["solution"][0]
        if preview_answer(game) == color:
            answered += 1
        else:
            sizes = {c: len(next(iter(game.preview(c).values()))) for c in game.legal_colors()}
            tied += sizes[color] == max(sizes.values())
    return answered, tied


def left_out_check(data) -> str:
    """How often the player left out of the ladder (``ladder.LEFT_OUT``, its rating
    measured against the rungs: ``ladder.LEFT_OUT_RATINGS``) solves the puzzles of
    ``data`` rated below its rating, and those rated above it: the ratings' check."""
    from .ai.ladder import LEFT_OUT, LEFT_OUT_RATINGS, solve_chance
    variant = data["variant"]
    own = LEFT_OUT_RATINGS[variant]
    below, above = [], []
    for record in data["puzzles"]:
        game = _replayed(variant, record["seed"], record["moves"], record.get("game", 1))
        chance = solve_chance(game, record["solution"], LEFT_OUT)
        (below if record["rating"] < own else above).append(chance)
    share = [100 * sum(group) / len(group) if group else 0.0 for group in (below, above)]
    return (f"{LEFT_OUT} (rated {own}) solves {share[0]:.0f} % of the {len(below)} puzzles "
            f"rated below {own} and {share[1]:.0f} % of the {len(above)} rated {own} or above")


def load(path) -> dict:
    with open(path, encoding="utf-8") as file:
        data = json.load(file)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BadPuzzle(f"{path} is not a puzzle file", field="format")
    if data.get("version") != VERSION:
        raise BadPuzzle(f"{path}: unknown version {data.get('version')!r}", field="version")
    return data


def dump(data: dict, path) -> None:
    """Write ``data`` to ``path`` (through a temporary file, so a stopped run leaves
    the file whole)."""
    temporary = f"{path}.tmp"
    with open(temporary, "w", encoding="utf-8") as file:
        dump_to(data, file)
    os.replace(temporary, path)


def dump_to(data: dict, file) -> None:
    """Write ``data`` as JSON to an open text file, one puzzle a line."""
    head = {key: value for key, value in data.items() if key != "puzzles"}
    text = json.dumps(head, ensure_ascii=False)[:-1]
    lines = ",\n".join(json.dumps(p, ensure_ascii=False, separators=(",", ":"))
                       for p in data["puzzles"])
    file.write(text + ', "puzzles": [\n' + lines + "\n]}\n")


PAIRS = [(a, b) for a in ("beginner", "greedy", "lookahead", "master")
         for b in ("greedy", "lookahead", "master")]
# The boards whose games the generator plays with cheap rungs of the ladder
# (``filler.ai.ladder``) instead of the levels, and walks with their branches: there a
# master's game costs several times its proofs, which reach only its last ten plies
# (docs/puzzles.md "How many a CPU-hour").
RUNG_PAIRS = {variant: [(a, b) for a in ("greedy-soft2", "greedy", "lookahead-2")
                        for b in ("greedy-soft4", "lookahead-1", "lookahead")]
              for variant in ("classic", "hex")}


def play_game(variant: str, seed: int):
    """The game of seed ``seed``: two levels (by the seed, seats swapped every other
    pair) each at its tournament node budget; on a board of ``RUNG_PAIRS``, two rungs
    of the ladder (their draws by the seed)."""
    from .ai import ladder
    from .ai.levels import choose, tournament_nodes
    from .rules import Game
    pairs = RUNG_PAIRS.get(variant, PAIRS)
    players = list(pairs[seed % len(pairs)])
    if (seed // len(pairs)) % 2:
        players.reverse()
    game = Game.new(variant, seed)
    while not game.over:
        player = players[game.turn]
        if variant in RUNG_PAIRS:
            game = game.play(ladder.choose(game, player, seed))
        else:
            game = game.play(choose(game, player, 1e6, max_nodes=tournament_nodes(game, player),
                                    clock=time.thread_time))
    return game, players


def game_puzzles(task):
    """The puzzles of the game of seed ``seed`` (``task`` = (variant, seed)), rated:
    (players, records, CPU seconds). A top-level function: ``generate``'s processes
    run it."""
    variant, seed = task
    start = time.process_time()
    game, players = play_game(variant, seed)
    records = find_puzzles(game, seed=seed, branches=variant in RUNG_PAIRS)
    return players, records, time.process_time() - start


def generate(variant: str, count: int, seed=None, out=None, *, jobs=1, games=None, command="",
             progress=sys.stderr) -> dict:
    """Play games from ``seed`` (default the file's ``next_seed``) until ``count`` new
    puzzles are found (or ``games`` games played), appending to the file ``out`` after
    every game. ``jobs``
    processes play games side by side; their puzzles are taken in the order of the
    seeds, so the file is the same for any number of them. A puzzle of one move
    joins only while the file keeps ``LONGER`` of its puzzles two moves or more (the
    others are rarer); one that may not yet, or any puzzle past ``count``, is kept
    aside in the reserve (``reserve_path``) and joins, oldest first, as soon as it may
    (the longer ones make room, or a later run asks for more: a run takes what it may
    from the reserve before it plays a game, and plays none when that is enough)."""
    from .parallel import ordered_map
    if variant not in VARIANTS or VARIANTS[variant].seats != 2 or VARIANTS[variant].teams:
        raise ValueError(f"puzzles are made on variants of two players, not {variant!r}")
    data = load(out) if out is not None and os.path.exists(out) else new_file(variant)
    if data["variant"] != variant:
        raise ValueError(f"{out} holds {data['variant']} puzzles, not {variant}")
    generation = data["generation"]
    first = generation["next_seed"] if seed is None else seed
    spare_path = reserve_path(out) if out is not None else None
    spare = load(spare_path) if spare_path is not None and os.path.exists(spare_path) else new_file(variant)
    known = {p["id"] for p in data["puzzles"] + spare["puzzles"]}
    added = longer = found = 0
    cpu, number = 0.0, first - 1
    # the reserve first: a run asking for what it holds plays no game
    joined = _from_reserve(data["variant"], data["puzzles"], spare, count)
    if joined:
        data["puzzles"].extend(joined)
        added += len(joined)
        longer += sum(len(p["solution"]) > 1 for p in joined)
        if out is not None:
            dump(data, out)
            dump(spare, spare_path)
        if progress is not None:
            print(f"{len(joined)} puzzles from the reserve, {added}/{count} ({longer} of two moves or more; "
                  f"{len(spare['puzzles'])} left there)", file=progress, flush=True)
    if added >= count:
        return data
    tasks = ((variant, number) for number in itertools.count(first))
    for number, (levels, records, seconds) in zip(itertools.count(first),
                                                  ordered_map(game_puzzles, tasks, jobs)):
        new = []   # the longer first: they make room for the others
        for record in sorted(records, key=lambda record: len(record["solution"]) == 1):
            if record["id"] in known:
                continue
            if added + len(new) >= count or (len(record["solution"]) == 1
                                             and not _room_for_one_move(data["puzzles"] + new)):
                spare["puzzles"].append(record)
            else:
                new.append(record)
        new += _from_reserve(data["variant"], data["puzzles"] + new, spare, count - added - len(new))
        data["puzzles"].extend(new)
        found += len(records)
        known.update(p["id"] for p in records)
        added += len(new)
        longer += sum(len(p["solution"]) > 1 for p in new)
        cpu += seconds
        generation["games"] += 1
        generation["cpu_seconds"] = round(generation["cpu_seconds"] + seconds, 1)
        generation["next_seed"] = number + 1
        if command:
            generation["command"] = command
        if out is not None:
            dump(data, out)
            os.makedirs(os.path.dirname(spare_path), exist_ok=True)
            dump(spare, spare_path)
        if progress is not None:
            print(f"seed {number} ({levels[0]} vs {levels[1]}): {len(new)} of {len(records)} "
                  f"puzzles kept, {added}/{count} ({longer} of two moves or more; "
                  f"{len(spare['puzzles'])} in reserve), {cpu:.1f} s CPU, "
                  f"{per_hour(added, cpu):.0f} puzzles per CPU-hour", file=progress, flush=True)
        if added >= count or number + 1 - first == games:
            break
    if progress is not None:
        print(f"{added} puzzles kept ({longer} of two moves or more) of {found} found in "
              f"{number + 1 - first} games, {cpu:.1f} s CPU: {per_hour(added, cpu):.0f} puzzles "
              f"kept per CPU-hour ({per_hour(found, cpu):.0f} found)", file=progress, flush=True)
    return data


def _from_reserve(variant: str, records: list, spare: dict, wanted: int) -> list:
    """Up to ``wanted`` of the reserve's puzzles, oldest first, each that may join a file
    that will hold ``records`` (taken out of ``spare``), rated again: the reserve may
    hold an older rating."""
    joined = []
    for record in list(spare["puzzles"]):
        if len(joined) < wanted and (len(record["solution"]) > 1
                                     or _room_for_one_move(records + joined)):
            spare["puzzles"].remove(record)
            if record.get("chances"):
                record["rating"] = rating(variant, record["chances"])
            joined.append(record)
    return joined


def reserve_path(out) -> str:
    """Where ``generate`` keeps the puzzles found for ``out`` that may not join it yet:
    ``reserve/<its name>`` beside it (a puzzle file too; not shipped: the build copies
    only the files of puzzles/ itself)."""
    folder, name = os.path.split(os.fspath(out))
    return os.path.join(folder, "reserve", name)


def _room_for_one_move(records) -> bool:
    """Whether a puzzle of one move may join ``records`` and keep at least ``LONGER``
    of them two moves or more (a puzzle of more moves always may)."""
    longer = sum(len(record["solution"]) > 1 for record in records)
    return longer >= LONGER * (len(records) + 1)


def per_hour(puzzles_found: int, cpu_seconds: float) -> float:
    return puzzles_found * 3600 / cpu_seconds if cpu_seconds else 0.0
