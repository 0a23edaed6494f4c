"""What a game is as JSON: its layout (sent once per board) and a full state snapshot
(everything the table draws, previews included). Pure functions of a ``filler.Game``:
a table's snapshots (:mod:`filler.api.tables`), a review's line
(:mod:`filler.api.review`) and the page's first boards (:mod:`filler.api.catalog`)
are all made here."""

from __future__ import annotations


def _json_keys(value):
    """JSON-able copy: dict keys as strings (as JSON makes them anyway)."""
    if isinstance(value, dict):
        return {str(key): _json_keys(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_json_keys(item) for item in value]
    return value


def _side_scores(game) -> list[int]:
    return [game.side_score(side) for side in range(game.sides)]


def layout_of(game) -> dict:
    """What never changes during a game: geometry and specials of the board."""
    return {
        "shape": game.shape,
        "width": game.width,
        "height": game.height,
        "colors": game.colors,
        "seats": game.seats,
        "sides": game.sides,
        "teams": game.teams,
        "side_of": [game.side_of(seat) for seat in range(game.seats)],
        "values": game.cell_values(),
        "obstacles": sorted(game.obstacles()),
        "walls": [list(wall) for wall in game.walls()],
        "paint": sorted(game.paint()),
        "crown": game.crown,
        "starts": [sorted(game.start_cells(seat)) for seat in range(game.seats)],
    }


def _needed_by_side(game) -> list[int]:
    """Per side: the own value that would end the game in its favour now.

    Two sides: more than half the value in play (the equator; what the other side
    can still reach shrinks as this one grows). More sides: more than the best any
    other side can still reach (the clinch line)."""
    if game.sides == 2:
        return [game.needed_to_win()] * 2
    bests = [game.side_best(side) for side in range(game.sides)]
    return [max(b for other, b in enumerate(bests) if other != side) + 1
            for side in range(game.sides)]


def _gained(before, after) -> list[int]:
    """The cells a move took: owned after it, not (by that owner) before."""
    return [cell for cell, (old, new) in enumerate(zip("".join(before.owner_rows()), "".join(after.owner_rows())))
            if old != new and new.isdigit()]


def state_of(game, *, state_id: int = 1, score_history=None, last_move=None, last_moves=None) -> dict:
    """A full snapshot of a game: everything the table draws, previews included.

    ``last_move``: the move that made this state (``{seat, color, cells}``: the cells
    it gained); ``last_moves``: per seat, that seat's latest move of this game (or None)."""
    sides = range(game.sides)
    own = [game.side_score(side) for side in sides]
    best = [game.side_best(side) for side in sides]
    needed = _needed_by_side(game)
    side_rows = []
    for side in sides:
        others = [own[other] for other in sides if other != side]
        side_rows.append({
            "side": side,
            "seats": [seat for seat in range(game.seats) if game.side_of(seat) == side],
            "score": own[side],
            "best": best[side],
            "needed": needed[side],
            "to_equator": max(0, needed[side] - own[side]),
            "lead": own[side] - max(others) if others else 0,
        })
    players = [{
        "seat": seat,
        "side": game.side_of(seat),
        "color": game.current_color(seat),
        "score": game.score(seat),
        "best": game.best(seat),
        "out": seat in game.out,
    } for seat in range(game.seats)]

    previews = {}
    forbidden = []
    if not game.over:
        mover = game.turn
        for color in game.legal_colors():
            parts = game.preview_parts(color)
            flood = sorted(set(parts.get(mover, {}).get("flood", ())))
            enclosure = sorted({cell for part in parts.values()
                                for cell in part.get("enclosure", ())} - set(flood))
            previews[str(color)] = {"flood": flood, "enclosure": enclosure}
        forbidden = [{"color": color, "seat": seat}
                     for color, seat in sorted(game.forbidden().items())]
    return {
        "state_id": state_id,
        "turn": None if game.over else game.turn,
        "move_number": len(game.moves),
        "cell_colors": "".join(game.color_rows()),
        "cell_owners": "".join(game.owner_rows()),
        "legal": [] if game.over else list(game.legal_colors()),
        "forbidden": forbidden,
        "previews": previews,
        "players": players,
        "sides": side_rows,
        "needed_to_win": game.needed_to_win(),
        "value_in_play": game.value_in_play(),
        "dead_value": game.dead_value(),
        "over": bool(game.over),
        "winners": list(game.winners),
        "winning_sides": sorted({game.side_of(seat) for seat in game.winners}),
        "end_reason": game.end_reason,
        "last_move": last_move,
        "last_moves": list(last_moves) if last_moves is not None else [None] * game.seats,
        "score_history": (list(score_history) if score_history is not None
                          else [_side_scores(game)]),
    }
