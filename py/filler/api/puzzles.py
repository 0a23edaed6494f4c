"""Puzzles at a table (``filler.puzzles``): ``puzzle_open`` sets up a record's position
as a table, ``puzzle_move`` checks a move against the record's solution and plays the
reply, ``puzzle_lines`` gives a wrong color's refutation or the solution, played on to the
end of the game, as states to step through, ``puzzle_rating`` rates a try and
``puzzle_history`` rates a list of tries again in order (a player's page).

The record holds the solution and, for every other color, what it costs and its
refutation (``others``), so a move is answered at once without a search; only
``puzzle_lines`` searches, to play a line on to the end of the game. The table
is a single game whose solver side is the person and whose other side is played
only by ``puzzle_move`` (the solution's replies): ``bot_move`` is refused there.
"""

from __future__ import annotations

import filler
from filler import puzzles
from filler.ai import ladder  # noqa: F401  (a record's `chances` are checked by its rungs: in the page's snapshot)
from filler.link import RATING_RANGES
from filler.rating import DEFAULT, glicko2

from .games import _open
from .ratings import BOT_DEVIATION
from .review import line_states
from .tables import ApiError, _fresh_table, _param, _table_state, _tables

_puzzles: dict[int, dict] = {}  # table_id -> {"record", "ply"}: the puzzle at a table
KEPT = 4  # puzzle tables kept at most (the page shows one at a time)


def _method_puzzle_open(params: dict) -> dict:
    """``{record}`` -> ``{table_id, layout, state, puzzle}``: the record (checked:
    ``puzzle.bad`` names the wrong field) at a new table, at its position, the solver
    side to move; ``puzzle``: ``{id, side, steps, themes, rating, result}`` (``steps``:
    how many moves the player has to find)."""
    record = _param(params, "record", dict, required=True)
    puzzles.check_record(record)
    match = filler.Match.new(record["variant"], record["seed"], games=1, **puzzles.start_of(record.get("game", 1)))
    seats = [{"kind": "computer", "level": "master"}] * match.seats
    seats[record["side"]] = {"kind": "human", "name": ""}
    opened = _open(match, {"seats": seats}, moves=record["moves"])
    _tables[opened["table_id"]].puzzle = True
    for table_id in list(_puzzles)[:max(0, len(_puzzles) - KEPT + 1)]:
        _puzzles.pop(table_id)
        _tables.pop(table_id, None)
    _puzzles[opened["table_id"]] = {"record": record, "ply": 0}
    opened["puzzle"] = {"id": record["id"], "side": record["side"], "themes": record["themes"],
                        "steps": (len(record["solution"]) + 1) // 2, "rating": record["rating"],
                        "result": record["result"], "margin": record["margin"]}
    return opened


def _method_puzzle_move(params: dict) -> dict:
    """``{table_id, state_id, color}`` -> the verdict on the player's move.

    Right: ``{right: true, solved, states}``, the move and the solution's reply are
    played at the table (``states``: after each; ``solved`` once the solution is
    done). Wrong: ``{right: false, cost}``, the table is left at the position:
    ``cost`` is ``{result, cells, exact}``, as in the record. The verdict comes alone,
    at once; ``puzzle_lines`` then gives what the board steps through."""
    table, puzzle, color = _puzzle_color(params)
    record, ply = puzzle["record"], puzzle["ply"]
    if color != record["solution"][ply]:
        return {"right": False, "cost": record["others"][ply // 2][str(color)]["cost"]}
    states = []
    for answer in record["solution"][ply:ply + 2]:
        if table.match.over:
            break
        table.play(answer)
        states.append(_table_state(table))
    puzzle["ply"] = ply + 2
    return {"right": True, "solved": puzzle["ply"] >= len(record["solution"]), "states": states}


LINES = ("refutation", "solution")


def _method_puzzle_lines(params: dict) -> dict:
    """``{table_id, state_id, color, line}`` (``color``: a wrong color at the puzzle's
    position; ``line``: ``refutation`` or ``solution``) -> ``{colors, states}``: the
    wrong color and the best answers to it, or the rest of the solution from here,
    each played on by the solver until the game is over (``puzzles.played_out``), so
    the result the verdict claims is on the board; ``states``: after each color, with
    its previews, as the table's states. A line is made once a table (kept for a try
    again): a refutation takes the solver some thousand nodes, a solution up to
    ``puzzles.LINE_NODES``, so the page asks for it
    when the player does."""
    table, puzzle, color = _puzzle_color(params)
    kind = _param(params, "line", str, required=True)
    if kind not in LINES:
        raise ApiError("BadRequest", f"line is one of {list(LINES)}, not {kind!r}.")
    record, ply = puzzle["record"], puzzle["ply"]
    entry = record["others"][ply // 2].get(str(color))
    if entry is None:
        raise ApiError("BadRequest", f"Color {color} is the solution here.", "puzzle.right", color=color)
    key = (kind, ply, color if kind == "refutation" else None)
    made = puzzle.setdefault("lines", {})
    if key not in made:
        colors = puzzles.played_out(table.game, entry["line"] if kind == "refutation" else record["solution"][ply:])
        made[key] = {"colors": colors, "states": line_states(table, colors, "puzzle.bad")}
    return made[key]


def _puzzle_color(params: dict):
    """The puzzle table of ``params``, its puzzle and the legal color asked about."""
    table = _fresh_table(params)
    puzzle = _puzzles.get(table.table_id)
    if puzzle is None:
        raise ApiError("BadRequest", f"Table {table.table_id} holds no puzzle.", "puzzle.none")
    if puzzle["ply"] >= len(puzzle["record"]["solution"]):
        raise ApiError("GameOver", "This puzzle is solved.", "puzzle.solved")
    color = _param(params, "color", int, required=True)
    if color not in table.game.legal_colors():
        raise ApiError("IllegalMove", f"Color {color} cannot be played here.", "move.illegal", color=color)
    return table, puzzle, color


def _method_puzzle_rating(params: dict) -> dict:
    """``{rating: [r, rd, vol] | null, puzzle: rating, solved: bool}`` -> ``{r, rd, vol,
    change}``: the player's puzzle rating after one try (Glicko-2, ``filler.rating``),
    the puzzle counting as an opponent of its own rating and a deviation of
    ``BOT_DEVIATION``; a solved puzzle is a win, any other try a loss.

    The rating is one this game gives: each value within ``filler.link.RATING_RANGES``
    (as a friend's link), else ``rating.bad`` (a forged stored value would overflow
    the formulas). The answer is kept within them too, at the nearest end."""
    given = params.get("rating")
    try:
        before = DEFAULT if given is None else tuple(float(value) for value in given)[:3]
        if len(before) != 3:
            raise ValueError
    except (TypeError, ValueError):
        raise ApiError("BadRequest", "rating is [r, rd, vol] or null.") from None
    if not all(low <= value <= high for value, (low, high) in zip(before, RATING_RANGES)):
        raise ApiError("BadRequest", f"The rating {list(before)} is outside what this game gives "
                       f"(r, rd, vol within {list(RATING_RANGES)}).", "rating.bad")
    opponent = _param(params, "puzzle", int, required=True)
    if not RATING_RANGES[0][0] <= opponent <= RATING_RANGES[0][1]:
        raise ApiError("BadRequest", f"The puzzle's rating {opponent} is outside what this game gives.", "rating.bad")
    solved = _param(params, "solved", bool, required=True)
    r, rd, vol = _rated_try(before, opponent, solved)
    return {"r": r, "rd": rd, "vol": vol, "change": r - before[0]}


def _rated_try(before, opponent: float, solved: bool):
    """The puzzle rating after one try (``puzzle_rating``, ``puzzle_history``): a
    Glicko-2 period against the puzzle at ``BOT_DEVIATION``, kept within RATING_RANGES."""
    after = glicko2(*before, [(float(opponent), BOT_DEVIATION, 1.0 if solved else 0.0)])
    return tuple(min(high, max(low, value)) for value, (low, high) in zip(after, RATING_RANGES))


def _method_puzzle_history(params: dict) -> dict:
    """``{tries: [[puzzle rating, solved], ...]}`` -> ``{ratings: [{r, rd}]}``: the puzzle
    rating after each try, from a new player's, the tries rated in their order as
    ``puzzle_rating`` rates each (a player's page draws it: only the latest rating is
    stored). A puzzle's rating outside what this game gives is ``rating.bad``."""
    tries = _param(params, "tries", list, required=True)
    rating, ratings = DEFAULT, []
    for entry in tries:
        if not (isinstance(entry, list) and len(entry) == 2 and isinstance(entry[1], bool)
                and isinstance(entry[0], (int, float)) and not isinstance(entry[0], bool)):
            raise ApiError("BadRequest", "A try is [the puzzle's rating, solved].")
        if not RATING_RANGES[0][0] <= entry[0] <= RATING_RANGES[0][1]:
            raise ApiError("BadRequest", f"The puzzle's rating {entry[0]} is outside what this game gives.", "rating.bad")
        rating = _rated_try(rating, entry[0], entry[1])
        ratings.append({"r": rating[0], "rd": rating[1]})
    return {"ratings": ratings}