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
margin. Each color is proven on its own (the position after it, a fresh search
bounded by ``NODES`` nodes, never by the clock, so every run and every machine
agrees); a color the solver cannot prove in its budget makes the position no puzzle.
The walk stops at the first position where no color is proven. A puzzle runs on
for at most ``STEPS`` moves of the solver side: after each, the other side's reply is
the solver's best one (its principal line), and the solver side's next move is kept
only if it is again the only best. At most ``PER_GAME`` puzzles a game, none sharing
a ply with another.

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
     "found_by": ["lookahead", "master"]}

A record may carry ``"game": 2``: the position is of the second game of a match
(the corners swapped, the other seat first, ``Match``), and its id is
``<variant>-<seed>-g2-<ply>``.

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

**Rating.** ``found_by`` lists the computer levels (``filler.ai.levels.LEVELS``) that
play the whole solution (every solver move, the replies as recorded) at their
tournament node budget (``levels.tournament_nodes``; beginner and greedy need none).
The rating is the midpoint between the measured rating (``filler.ai.ratings.RATINGS``
of the variant) of the weakest level that finds it and that of the level just below
it: the strength at which one would find it about half of the time. Below the
beginner counts as ``LEVEL_STEP`` under it (so a puzzle the beginner finds is rated
``LEVEL_STEP / 2`` under the beginner); a puzzle no level finds is rated
``LEVEL_STEP / 2`` above the master. A variant without measured ratings uses
``BASE + LEVEL_STEP * index`` for the levels in their order.

**File.** ``{"format": "filler-puzzles", "version": 1, "variant", "gap",
"generation": {"command", "games", "cpu_seconds", "next_seed"}, "puzzles": [...]}``
(``load``, ``dump``). ``generate`` plays games of the computer levels against each
other (each level at its tournament node budget, as ``ai.tournament.play_match`` does,
so a seed always gives the same game), finds their puzzles and appends them; it
starts at the file's ``next_seed``, so a stopped run goes on where it was.
``verify(record)`` proves every step again with the same budgets.
"""

from __future__ import annotations

import json
import os
import sys
import time

from .errors import BadPuzzle
from .variants import VARIANTS

FORMAT = "filler-puzzles"
VERSION = 1
GAP = 3            # cells of final margin by which every other color must do worse
NODES = 150_000    # the solver's node budget for one color
STEPS = 3          # solver moves in a puzzle at most
PER_GAME = 3       # puzzles from one game at most
LINE = 8           # colors of a refutation line at most
BLOCK_CELLS = 2
LEVEL_STEP = 400
BASE = 1000
RESULTS = ("loss", "draw", "win")
FIELDS = ("id", "variant", "seed", "moves", "side", "solution", "result", "margin", "others",
          "themes", "rating", "found_by")
THEMES = ("enclosure", "blocking", "equator", "last-region", "finish", "draw", "long")


# -- proofs ---------------------------------------------------------------------------
def _proof(game, color, side, nodes):
    """(result, margin, exact, line) of ``color`` for ``side`` in ``game``, proven by
    the solver on the position after it; None if its budget ran out first."""
    from .ai.master import Search
    from .ai.position import Board
    from .ai.review import final_value, margin, result_class
    from .ai.search import Limits, OutOfBudget
    child = game.play(color)
    if child.over:
        value, exact, line = final_value(child, side), True, []
    else:
        board, pos = Board.from_game(child)
        search = Search(board, pos.turn, Limits(max_nodes=nodes))
        try:
            proven = search.solve(pos)
        except OutOfBudget:
            proven = None
        if proven is None:
            return None
        same = child.side_of(child.turn) == side
        value = proven.value if same else -proven.value
        exact, line = proven.exact, list(proven.line or [])
    return RESULTS[result_class(value) + 1], margin(value), exact, [color] + line[:LINE - 1]


def _step(game, nodes=NODES):
    """The proof that ``game``'s side to move has one best color: a dict with
    ``color``, ``result``, ``margin``, ``reply`` (the solver's answer, None at the end),
    ``others`` ({color: {cost, line}}), or None (no puzzle here), or False when no
    color is proven at all (the walk back stops)."""
    legal = game.legal_colors()
    if len(legal) < 2:
        return None
    side = game.side_of(game.turn)
    proofs = {c: _proof(game, c, side, nodes) for c in legal}
    if all(p is None for p in proofs.values()):
        return False
    if any(p is None for p in proofs.values()):
        return None
    rank = {c: (RESULTS.index(p[0]), p[1]) for c, p in proofs.items()}
    best = max(legal, key=lambda c: rank[c])
    result, best_margin, exact, line = proofs[best]
    if result == "loss" or not exact:
        return None
    others = {}
    for c in legal:
        if c == best:
            continue
        other_result, other_margin, other_exact, other_line = proofs[c]
        worse_result = RESULTS.index(other_result) < RESULTS.index(result)
        if result == "draw" and other_result != "loss":
            return None
        if not worse_result and not (other_exact and best_margin - other_margin >= GAP):
            return None
        others[str(c)] = {"cost": {"result": other_result, "cells": best_margin - other_margin,
                                   "exact": other_exact}, "line": other_line}
    return {"color": best, "result": result, "margin": best_margin,
            "reply": line[1] if len(line) > 1 else None, "others": others}


def _puzzle_from(game, nodes=NODES):
    """(steps, solution) of the longest puzzle from ``game``'s position, or (None, False)
    / (None, None) as ``_step`` says."""
    first = _step(game, nodes)
    if not first:
        return None, first
    steps, solution = [first], [first["color"]]
    position = game.play(first["color"])
    while len(steps) < STEPS and not position.over:
        reply = steps[-1]["reply"]
        if reply is None or reply not in position.legal_colors():
            break
        after = position.play(reply)
        if after.over or after.side_of(after.turn) != game.side_of(game.turn):
            break
        step = _step(after, nodes)
        if not step:
            break
        steps.append(step)
        solution += [reply, step["color"]]
        position = after.play(step["color"])
    return steps, solution


def played_out(game, line, nodes=NODES) -> list:
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


def found_by(game, solution) -> list:
    """The levels that play every solver move of ``solution`` from ``game`` at their
    tournament node budget."""
    from .ai.levels import LEVELS, choose, tournament_nodes
    finders = []
    for level in LEVELS:
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


def rating(variant: str, finders) -> int:
    """The rating of a puzzle that the levels ``finders`` find (see the module text)."""
    from .ai.levels import LEVELS
    from .ai.ratings import RATINGS
    measured = RATINGS.get(variant)
    scale = [measured[level][0] if measured else BASE + LEVEL_STEP * i
             for i, level in enumerate(LEVELS)]
    if not finders:
        return scale[-1] + LEVEL_STEP // 2
    weakest = min(LEVELS.index(level) for level in finders)
    below = scale[weakest - 1] if weakest else scale[0] - LEVEL_STEP
    return (scale[weakest] + below) // 2


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


def record_id(variant, seed, ply, game_number=1, own=False) -> str:
    return f"{'own-' if own else ''}{variant}-{seed}-{'g2-' if game_number == 2 else ''}{ply}"


def find_puzzles(game_or_record, *, seed=None, nodes=NODES, per_game=PER_GAME,
                 rate=True) -> list:
    """The puzzles of a finished game (a ``filler.Game`` of a seeded variant, or its
    record), latest first (see the module text). ``rate``: compute ``found_by`` and
    ``rating`` (the levels' searches), else leave them empty."""
    from .rules import Game
    game = Game.from_record(game_or_record) if isinstance(game_or_record, dict) else game_or_record
    if game.sides != 2 or game.seats != 2:
        raise ValueError("puzzles are made from games of two players")
    variant = game.variant_id
    seed = game.seed if seed is None else seed
    moves = [color for _, color in game.moves]
    positions = _positions(game)
    found, limit = [], len(moves)
    for ply in range(len(moves) - 1, -1, -1):
        if len(found) >= per_game:
            break
        position = positions[ply]
        steps, solution = _puzzle_from(position, nodes)
        if steps is None:
            if solution is False:
                break
            continue
        if ply + len(solution) > limit:
            continue
        limit = ply
        record = _record(position, seed, moves[:ply], steps, solution)
        if rate:
            record["found_by"] = found_by(position, solution)
            record["rating"] = rating(variant, record["found_by"])
        found.append(record)
    return found


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


def _record(position, seed, moves, steps, solution, own=False) -> dict:
    """An unrated record of the puzzle ``steps``/``solution`` at ``position``."""
    first, number = steps[0], _game_number(position)
    record = {"id": record_id(position.variant_id, seed, len(moves), number, own),
              "variant": position.variant_id, "seed": seed, "moves": list(moves), "side": position.turn,
              "solution": solution, "result": first["result"], "margin": first["margin"],
              "others": [s["others"] for s in steps], "themes": themes(position, solution, first["result"]),
              "rating": 0, "found_by": []}
    if number == 2:
        record["game"] = 2
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


def own_puzzle(game, ply, nodes=NODES):
    """The puzzle at ``ply`` of ``game`` (a game of a seeded variant of two sides) when
    the solver proves one best color there and the color played was another (see the
    module text), else None."""
    if (game.sides != 2 or game.seats != 2 or game.seed is None or game.variant_id not in VARIANTS
            or game.variant_id == "practice" or not 0 <= ply < len(game.moves)):
        return None  # a record names a variant and a seed: a practice board's options it cannot carry
    position = _positions(game)[ply]
    steps, solution = _puzzle_from(position, nodes)
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
    if record["id"] not in {record_id(variant, seed, len(record["moves"]), game_number, own)
                            for own in (False, True)}:
        _bad("id", "not [own-]<variant>-<seed>-[g2-]<ply>")
    if record["result"] not in ("win", "draw"):
        _bad("result", "not win or draw")
    if not _is_int(record["margin"]) or not _is_int(record["rating"]):
        _bad("margin" if not _is_int(record["margin"]) else "rating", "not an int")
    if not isinstance(record["themes"], list) or not set(record["themes"]) <= set(THEMES):
        _bad("themes", "unknown themes")
    from .ai.levels import LEVELS
    if not isinstance(record["found_by"], list) or not set(record["found_by"]) <= set(LEVELS):
        _bad("found_by", "unknown levels")
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


def verify(record, nodes=NODES) -> list:
    """Prove every solver step of ``record`` again; the list of what does not hold
    (empty: the puzzle holds). A malformed record is one failure."""
    try:
        check_record(record)
    except BadPuzzle as error:
        return [str(error)]
    failures = []
    position = _replayed(record["variant"], record["seed"], record["moves"], record.get("game", 1))
    solution = record["solution"]
    for ply in range(0, len(solution), 2):
        step = _step(position, nodes)
        where = f"{record['id']} step {ply // 2 + 1}"
        if not step:
            failures.append(f"{where}: no single best color proven")
            break
        if step["color"] != solution[ply]:
            failures.append(f"{where}: the best color is {step['color']}, not {solution[ply]}")
            break
        if ply == 0 and (step["result"], step["margin"]) != (record["result"], record["margin"]):
            failures.append(f"{where}: proven {step['result']} by {step['margin']}, the record "
                            f"says {record['result']} by {record['margin']}")
        if ply + 1 < len(solution) and step["reply"] != solution[ply + 1]:
            failures.append(f"{where}: the reply is {step['reply']}, not {solution[ply + 1]}")
        if step["others"] != record["others"][ply // 2]:
            failures.append(f"{where}: the other colors' costs differ")
        position = position.play(solution[ply])
        if ply + 1 < len(solution):
            position = position.play(solution[ply + 1])
    return failures


# -- files ----------------------------------------------------------------------------
def new_file(variant: str) -> dict:
    return {"format": FORMAT, "version": VERSION, "variant": variant, "gap": GAP,
            "generation": {"command": "", "games": 0, "cpu_seconds": 0.0, "next_seed": 1},
            "puzzles": []}


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


def play_game(variant: str, seed: int):
    """The game of seed ``seed``: two levels (by the seed, seats swapped every other
    pair) each at its tournament node budget."""
    from .ai.levels import choose, tournament_nodes
    from .rules import Game
    levels = list(PAIRS[seed % len(PAIRS)])
    if (seed // len(PAIRS)) % 2:
        levels.reverse()
    game = Game.new(variant, seed)
    while not game.over:
        level = levels[game.turn]
        game = game.play(choose(game, level, 1e6, max_nodes=tournament_nodes(game, level),
                                clock=time.thread_time))
    return game, levels


def generate(variant: str, count: int, seed=None, out=None, *, command="",
             progress=sys.stderr) -> dict:
    """Play games from ``seed`` (default the file's ``next_seed``) until ``count`` new
    puzzles are found, appending to the file ``out`` after every game."""
    if variant not in VARIANTS or VARIANTS[variant].seats != 2 or VARIANTS[variant].teams:
        raise ValueError(f"puzzles are made on variants of two players, not {variant!r}")
    data = load(out) if out is not None and os.path.exists(out) else new_file(variant)
    if data["variant"] != variant:
        raise ValueError(f"{out} holds {data['variant']} puzzles, not {variant}")
    generation = data["generation"]
    next_seed = generation["next_seed"] if seed is None else seed
    known = {p["id"] for p in data["puzzles"]}
    added = 0
    while added < count:
        start = time.process_time()
        game, levels = play_game(variant, next_seed)
        new = [p for p in find_puzzles(game, seed=next_seed) if p["id"] not in known]
        new = new[:count - added]
        data["puzzles"].extend(new)
        known.update(p["id"] for p in new)
        added += len(new)
        generation["games"] += 1
        generation["cpu_seconds"] = round(generation["cpu_seconds"] + time.process_time() - start, 1)
        next_seed += 1
        generation["next_seed"] = next_seed
        if command:
            generation["command"] = command
        if out is not None:
            dump(data, out)
        if progress is not None:
            print(f"seed {next_seed - 1} ({levels[0]} vs {levels[1]}): {len(new)} puzzles, "
                  f"{added}/{count}, {generation['cpu_seconds']} s CPU", file=progress, flush=True)
    return data
