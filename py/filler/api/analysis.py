"""The analysis board (``filler.ai.analysis``): any position at a table of its own,
each legal color's verdict, a painted board checked, a link, and a game against the
master from the position.

A position is a **start** and the colors played from it. A start is JSON:

    {"variant": "quick", "seed": 42, "options": {}, "game": 1}      # a variant's board
    {"variant": "custom", "layout": {...}, "game": 1}                # a custom board (a saved
                                                                     # match's ``board``)
and either may carry ``"rows"`` and ``"first"``: that board painted with other colors and
the seat to move (``Game.painted``: the board editor's work). ``game`` 2 is a match's
second game (other corners, the second seat first). The page keeps the tree of colors
played from a start; every position, legal color and verdict is the engine's.

Methods:

- ``analysis_open``: a start and its moves (a link's, the store's), a saved match's
  game (``record``), a puzzle's position (``puzzle``), or a new board (``variant``,
  ``seed``, ``options``) -> a table at the position, with the start and the main line;
- ``analysis_goto``: the table to another position of the tree (``moves`` from the start);
- ``analysis_legal``: a position's legal colors (a position of the tree the table is not at);
- ``analysis_verdict``: one color's verdict at a position and a level of "think longer"
  (``filler.ai.analysis.verdict``, bounded by nodes; kept, so asking again is free);
- ``analysis_summary``: the position as its verdicts say it (best color, line, marks,
  the evaluation bar's value);
- ``analysis_paint``: a position's board painted (``rows``, ``first``) -> a new start
  and its state, checked (``BadBoard`` with its code: the page says what is wrong);
- ``analysis_link``, ``analysis_link_open``: the text of a link to a start and its main
  line (``a1.`` and base64url of compact JSON; it carries no secret), and reading one
  (``filler.link.BadLink`` for a link that is cut, changed or from a newer version);
- ``analysis_continue``: a new single game from the position, the player to move a
  person and the other side the master (never rated).
"""

from __future__ import annotations

import base64
import binascii
import json
from collections import OrderedDict

import filler
from filler import puzzles
from filler.ai import analysis
from filler.link import BadLink

from .records import _replayed_table
from .snapshots import state_of
from .tables import ApiError, Seat, Table, _param, _table, _table_ids, _table_layout, _table_state, _tables

LINK_PREFIX = "a1."
LINK_MAX = 12_000
"""The longest link text read (a painted 41x41 board's rows are 1 722 characters)."""
MOVES_MAX = 2_000
TREE_MAX = 5_000
"""The most moves a tree holds (the store's TREE_MOVES, js/store/kinds/analysis.js)."""
KEPT_TABLES = 2   # analysis tables kept at most (the page shows one)
KEPT_GAMES = 64   # positions kept, so that a verdict's request does not replay its moves
KEPT_VERDICTS = 4_000

_analyses: dict[int, dict] = {}  # table_id -> {"start", "moves"}
_games: OrderedDict = OrderedDict()     # (start key, moves) -> Game
_verdicts: OrderedDict = OrderedDict()  # (start key, moves, color, level) -> verdict


def _kept(cache: OrderedDict, key, make, limit: int):
    if key in cache:
        cache.move_to_end(key)
        return cache[key]
    value = cache[key] = make()
    while len(cache) > limit:
        cache.popitem(last=False)
    return value


def _bad_start(message: str, field: str) -> ApiError:
    return ApiError("BadRequest", f"The analysis's start {message}.", "analysis.start", field=field)


def _game_start(seats: int, teams: bool, game: int) -> dict:
    """``Game.new``'s corner_shift and first for game 1 or 2 of a match (as
    ``Match._new_game`` plays them)."""
    if game == 1:
        return {}
    return {"corner_shift": 2 if seats == 4 and not teams else 1, "first": 1}


def _checked_start(start) -> dict:
    """The start's known fields, each checked for its type (what they make is the
    board's own check)."""
    if not isinstance(start, dict):
        raise _bad_start("is not an object", "start")
    variant = start.get("variant")
    checked = {"variant": variant, "game": start.get("game", 1)}
    if checked["game"] not in (1, 2) or isinstance(checked["game"], bool):
        raise _bad_start("'s game is 1 or 2", "game")
    if variant == "custom":
        if not isinstance(start.get("layout"), dict):
            raise _bad_start("of a custom board needs its layout", "layout")
        checked["layout"] = start["layout"]
    elif isinstance(variant, str) and variant in filler.VARIANTS:
        seed, options = start.get("seed"), start.get("options", {})
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise _bad_start("'s seed is a whole number", "seed")
        if not isinstance(options, dict):
            raise _bad_start("'s options are an object", "options")
        checked.update(seed=seed, options=options)
    else:
        raise ApiError("UnknownVariant", f"There is no variant {str(variant)[:40]!r}.", "variant.unknown",
                       value=str(variant)[:40], variants=list(filler.VARIANTS))
    if "rows" in start or "first" in start:
        rows, first = start.get("rows"), start.get("first", 0)
        if not isinstance(rows, list) or not all(isinstance(row, str) for row in rows):
            raise _bad_start("'s rows are a list of text", "rows")
        if isinstance(first, bool) or not isinstance(first, int):
            raise _bad_start("'s first seat is a number", "first")
        checked.update(rows=rows, first=first)
    return checked


def _start_key(start: dict) -> str:
    return json.dumps(start, sort_keys=True, separators=(",", ":"))


def start_game(start: dict) -> "filler.Game":
    """The game a (checked) start makes, before any move."""
    def make():
        game_number = start["game"]
        if start["variant"] == "custom":
            layout = start["layout"]
            seats, teams = layout.get("seats", 2), bool(layout.get("teams", False))
            shift = _game_start(seats if seats in (2, 4) else 2, teams, game_number)
            game = filler.Game.from_record({"format": "filler-game", "version": 1, "variant": "custom",
                                            "layout": layout, "events": [], **shift})
        else:
            variant = filler.VARIANTS[start["variant"]]
            game = filler.Game.new(start["variant"], start["seed"],
                                   **_game_start(variant.seats, variant.teams, game_number), **start["options"])
        if "rows" in start:
            game = game.painted(start["rows"], start["first"])
        return game
    return _kept(_games, (_start_key(start), ()), make, KEPT_GAMES)


def position(start: dict, moves) -> "filler.Game":
    """The game after ``moves`` (colors) from ``start``; ``analysis.moves`` names the
    first one that cannot be played."""
    if not isinstance(moves, list) or len(moves) > MOVES_MAX:
        raise ApiError("BadRequest", f"moves is a list of at most {MOVES_MAX} colors.", "analysis.moves", position=0)
    key = (_start_key(start), tuple(moves))
    if key in _games:
        _games.move_to_end(key)
        return _games[key]
    game = position(start, moves[:-1]) if moves else start_game(start)
    if moves:
        color = moves[-1]
        if isinstance(color, bool) or not isinstance(color, int) or color not in game.legal_colors():
            raise ApiError("IllegalMove", f"Move {len(moves)} ({color!r}) cannot be played there.",
                           "analysis.moves", position=len(moves))
        game = game.play(color)
    return _kept(_games, key, lambda: game, KEPT_GAMES)


def _start_param(params: dict) -> dict:
    start = _checked_start(_param(params, "start", dict, required=True))
    try:
        start_game(start)
    except filler.FillerError as error:
        if isinstance(error, ApiError):
            raise
        raise ApiError("BadRequest", f"The analysis's board cannot be made: {error}", error.code,
                       **error.params) from None
    return start


def _table_at(table_id: int, start: dict, moves: list) -> Table:
    """A table (kept as ``table_id``) at the position: its score chart and last
    moves as the game that led there has them; every seat a person, so either side
    is moved by the page."""
    game = start_game(start)
    match = filler.Match.of_game(game)
    table = Table(table_id, [Seat("human", "") for _ in range(game.seats)], match)
    for color in moves:
        table.play(color)
    return table


def _bad_tree() -> ApiError:
    return ApiError("BadRequest", f"tree is {{children: [{{color, children}}]}}, at most {TREE_MAX} moves.",
                    "analysis.tree")


def checked_tree(start: dict, tree) -> dict:
    """``tree`` (``{children: [{color, children}]}``, a kept analysis's lines) with
    only the moves the engine plays: a line from a color that cannot be played there
    is left out with all that follows it, so that every position of the tree is one
    (``analysis.tree`` for what is no tree)."""
    count = 0

    def walk(node, game) -> dict:
        nonlocal count
        if not isinstance(node, dict) or not isinstance(node.get("children"), list):
            raise _bad_tree()
        children, seen = [], set()
        for child in node["children"]:
            count += 1
            if count > TREE_MAX or not isinstance(child, dict):
                raise _bad_tree()
            color = child.get("color")
            if isinstance(color, bool) or not isinstance(color, int) or color in seen \
                    or color not in game.legal_colors():
                continue
            seen.add(color)
            children.append({"color": color, **walk(child, game.play(color))})
        return {"children": children}

    return walk(tree, start_game(start))


def main_line(tree: dict) -> list:
    """The colors of a tree's main line: the first child of each node on."""
    line = []
    while tree["children"]:
        tree = tree["children"][0]
        line.append(tree["color"])
    return line


def _open(start: dict, moves: list, ply: int | None = None, tree: dict | None = None) -> dict:
    """The answer of ``analysis_open``: the main line checked, a table at its ``ply``
    (and the ``tree`` it belongs to, checked already)."""
    game = position(start, moves)
    ply = len(moves) if ply is None else ply
    if isinstance(ply, bool) or not isinstance(ply, int) or not 0 <= ply <= len(moves):
        raise ApiError("BadRequest", f"ply is a move of the line, 0..{len(moves)}.", "analysis.moves",
                       position=0)
    table_id = next(_table_ids)
    table = _table_at(table_id, start, moves[:ply])
    for old in list(_analyses)[:max(0, len(_analyses) - KEPT_TABLES + 1)]:
        _analyses.pop(old)
        _tables.pop(old, None)
    _tables[table_id] = table
    _analyses[table_id] = {"start": start, "moves": moves[:ply]}
    return {"table_id": table_id, "layout": _table_layout(table), "state": _table_state(table),
            "start": start, "moves": moves, "ply": ply, "analysed": game.sides == 2,
            "levels": analysis.LEVELS, "nodes": analysis.analysis_nodes(game), "growth": analysis.GROWTH,
            **({} if tree is None else {"tree": tree})}


def _moves_param(params: dict) -> list:
    moves = _param(params, "moves", list, [])
    if not all(isinstance(color, int) and not isinstance(color, bool) for color in moves):
        raise ApiError("BadRequest", "moves is a list of colors (numbers).", "analysis.moves", position=0)
    return moves


def _method_analysis_open(params: dict) -> dict:
    """One of ``{start, moves?, ply?}`` (a start and its main line, at ``ply``, by
    default its end), ``{record, seats?, game_index?, ply?}`` (a saved match's game,
    at ``ply``), ``{puzzle, ply?}`` (a puzzle record: its game, at its position) or
    ``{variant, seed, options?}`` (a new board) -> ``{table_id, layout, state, start,
    moves, ply, analysed, levels, nodes, growth}``: a table at the position (every seat
    a person), the start and the main line as the engine reads them; ``{start, tree,
    ply?}`` (a kept analysis's lines): the tree as ``checked_tree`` keeps it (``tree``
    in the answer), its main line the moves; ``analysed``: the
    master analyses it (two sides); ``levels``: the levels of "think longer";
    ``nodes``: a color's budget at level 0, each level ``growth`` times the one before."""
    ply = _param(params, "ply", int, None)
    if "record" in params:
        table = _replayed_table({**params, "clock": None, "paused": True})
        try:
            game, index = filler.ai.review_module.reviewed_game(table.match, _param(params, "game_index", int, None))
        except ValueError:
            game, index = table.match.game, table.match.game_index
        match = table.match
        if match.board is not None:
            start = {"variant": "custom", "layout": match.board, "game": index + 1}
        else:
            start = {"variant": match.variant_id, "seed": match.seed, "options": dict(match.options),
                     "game": index + 1}
        return _open(start, [color for _, color in game.moves], ply)
    if "puzzle" in params:
        record = _param(params, "puzzle", dict, required=True)
        puzzles.check_record(record)
        start = {"variant": record["variant"], "seed": record["seed"], "options": {}, "game": record.get("game", 1)}
        return _open(start, list(record["moves"]), ply)
    if "start" in params and "tree" in params:
        start = _start_param(params)
        tree = checked_tree(start, params["tree"])
        return _open(start, main_line(tree), ply, tree)
    if "start" in params:
        return _open(_start_param(params), _moves_param(params), ply)
    start = _start_param({"start": {"variant": _param(params, "variant", str, required=True),
                                    "seed": _param(params, "seed", int, required=True),
                                    "options": _param(params, "options", dict, {}), "game": 1}})
    return _open(start, [], None)


def _analysis_table(params: dict):
    table = _table(params)
    entry = _analyses.get(table.table_id)
    if entry is None:
        raise ApiError("BadRequest", f"Table {table.table_id} holds no analysis.", "analysis.none")
    return table, entry


def _method_analysis_goto(params: dict) -> dict:
    """``{table_id, moves}`` -> the table's new state: the position after ``moves``
    from its start (``analysis.moves`` names a color that cannot be played)."""
    table, entry = _analysis_table(params)
    moves = _moves_param(params)
    position(entry["start"], moves)
    moved = _table_at(table.table_id, entry["start"], moves)
    moved.state_id = table.state_id + 1
    _tables[table.table_id] = moved
    entry["moves"] = moves
    return _table_state(moved)


def _level(params: dict) -> int:
    level = _param(params, "level", int, 0)
    if not 0 <= level < analysis.LEVELS:
        raise ApiError("BadRequest", f"level is 0..{analysis.LEVELS - 1}.", "analysis.level", level=level)
    return level


def _analysed_position(params: dict):
    start = _start_param(params)
    moves = _moves_param(params)
    game = position(start, moves)
    if game.over:
        raise ApiError("GameOver", "The game is over here: no color to judge.", "game.over")
    if game.sides != 2:
        raise ApiError("BadRequest", "The master analyses games of two sides.", "analysis.two_sides")
    return start, moves, game


def _verdict(start: dict, moves: list, game, color: int, level: int) -> dict:
    key = (_start_key(start), tuple(moves), color, level)
    return _kept(_verdicts, key, lambda: analysis.verdict(game, color, level), KEPT_VERDICTS)


def _method_analysis_legal(params: dict) -> dict:
    """``{start, moves}`` -> ``{legal, over, analysed}``: the position's legal colors,
    whether its game is over and whether the master analyses it (two sides)."""
    game = position(_start_param(params), _moves_param(params))
    return {"legal": game.legal_colors(), "over": bool(game.over), "analysed": game.sides == 2}


def _method_analysis_verdict(params: dict) -> dict:
    """``{start, moves, color, level?}`` -> the verdict of ``color`` at the position
    after ``moves`` (``filler.ai.analysis.verdict``: one color's search of its level's
    nodes, so a request takes about 0.1-0.5 s on a phone at level 0 and others are
    answered in between); kept, so asking again costs nothing."""
    start, moves, game = _analysed_position(params)
    color = _param(params, "color", int, required=True)
    if color not in game.legal_colors():
        raise ApiError("IllegalMove", f"Color {color} cannot be played here.", "move.illegal", color=color)
    return _verdict(start, moves, game, color, _level(params))


def _method_analysis_summary(params: dict) -> dict:
    """``{start, moves, level?}`` -> ``filler.ai.analysis.summary`` of the position at
    that level (the colors not asked for yet are searched now)."""
    start, moves, game = _analysed_position(params)
    level = _level(params)
    return analysis.summary(game, [_verdict(start, moves, game, color, level) for color in game.legal_colors()])


def _method_analysis_paint(params: dict) -> dict:
    """``{start, moves, rows, first}`` -> ``{start, state}``: the board of the position
    after ``moves`` painted with ``rows`` (each cell's color, as ``Game.color_rows``),
    ``first`` to move: the new start (without moves; ``analysis_open`` opens it) and
    its state (``state_id`` -1: no table's). Refused with the board's own code
    (``board.starts_touch``, ``board.obstacles``, ...) and ``analysis.over`` for a
    board on which the game is over before a move: the editor says what is wrong."""
    start = _start_param(params)
    game = position(start, _moves_param(params))
    rows = _param(params, "rows", list, required=True)
    first = _param(params, "first", int, required=True)
    if not 0 <= first < game.seats:
        raise ApiError("BadRequest", f"first is a seat, 0..{game.seats - 1}.", "analysis.first", high=game.seats)
    painted = game.painted(rows, first)  # BadBoard: said by the page with its code
    if painted.over:
        raise ApiError("BadRequest", "On this board the game is over before a move.", "analysis.over")
    new_start = {key: value for key, value in start.items() if key not in ("rows", "first")}
    new_start.update(rows=list(rows), first=first)
    return {"start": new_start, "state": state_of(painted, state_id=-1)}


def _method_analysis_link(params: dict) -> dict:
    """``{start, moves, ply?}`` -> ``{text}``: the link's text after ``#analysis=``."""
    start = _start_param(params)
    moves = _moves_param(params)
    position(start, moves)
    body = {"s": start, "m": "".join(str(color) for color in moves)}
    ply = _param(params, "ply", int, None)
    if ply is not None and ply != len(moves):
        body["p"] = ply
    raw = json.dumps(body, separators=(",", ":"), sort_keys=True).encode()
    return {"text": LINK_PREFIX + base64.urlsafe_b64encode(raw).decode().rstrip("=")}


def read_link(text) -> tuple[dict, list, int | None]:
    """(start, moves, ply) of a link's text; ``BadLink`` when it is not one."""
    if not isinstance(text, str) or not text:
        raise BadLink("This is not an analysis link.", "analysis.link.not_link")
    if len(text) > LINK_MAX:
        raise BadLink("The link is too long to be an analysis link.", "analysis.link.damaged")
    version, dot, body = text.partition(".")
    if not dot or not version.startswith("a"):
        raise BadLink("This is not an analysis link.", "analysis.link.not_link")
    if version != LINK_PREFIX[:-1]:
        number = version[1:]
        if number.isdigit() and int(number) > 1:
            raise BadLink("The link comes from a newer version of the game: reload the page.", "analysis.link.newer")
        raise BadLink("This is not an analysis link.", "analysis.link.not_link")
    try:
        decoded = json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)).decode())
    except (binascii.Error, ValueError, UnicodeDecodeError):
        raise BadLink("The link was changed or cut on the way.", "analysis.link.damaged") from None
    if not isinstance(decoded, dict) or not isinstance(decoded.get("m", ""), str) \
            or not decoded.get("m", "").isdigit() and decoded.get("m", "") != "":
        raise BadLink("The link was changed or cut on the way.", "analysis.link.damaged")
    ply = decoded.get("p")
    if ply is not None and (isinstance(ply, bool) or not isinstance(ply, int)):
        raise BadLink("The link was changed or cut on the way.", "analysis.link.damaged")
    return decoded.get("s"), [int(digit) for digit in decoded.get("m", "")], ply


def _method_analysis_link_open(params: dict) -> dict:
    """``{text}`` (after ``#analysis=``) -> as ``analysis_open``. A link that is not
    one, cut or changed: ``filler.link.BadLink``; a start or moves that do not make a
    position: their own codes, as ``cause`` of ``link.board``."""
    start, moves, ply = read_link(_param(params, "text", str, required=True))
    try:
        return _open(_start_param({"start": start}), moves, ply)
    except filler.FillerError as error:
        raise BadLink(f"The link's position cannot be made: {error}", "analysis.link.board", cause=error) from None


def _method_analysis_continue(params: dict) -> dict:
    """``{start, moves}`` -> ``{table_id, layout, state, variant}``: a new single game
    from the position, the seat to move a person and the other seats the master
    (never rated). A variant's own game 1 goes on with its moves; any other start
    (painted, another game of a match) is a custom board of the position's colors,
    its corners turned so that the person moves first."""
    start = _start_param(params)
    moves = _moves_param(params)
    game = position(start, moves)
    if game.over:
        raise ApiError("GameOver", "The game is over here.", "game.over")
    turn = game.turn
    if start["variant"] != "custom" and "rows" not in start and start["game"] == 1:
        match = filler.Match.new(start["variant"], start["seed"], games=1, **start["options"])
        mover = turn
    else:
        match = filler.Match.of_game(game.as_start())
        mover, moves = 0, []
    seats = [Seat("human", "") if seat == mover else Seat("computer", "", "master") for seat in range(game.seats)]
    table = Table(next(_table_ids), seats, match)
    for color in moves:
        table.play(color)
    _tables[table.table_id] = table
    return {"table_id": table.table_id, "layout": _table_layout(table), "state": _table_state(table),
            "variant": match.variant_id}
