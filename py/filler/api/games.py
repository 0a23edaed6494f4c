"""Play at a table: open one (``new_game``), its ``layout`` and ``state``, a person's
move (``play``), the computer's (``bot_move``), ``undo`` and ``hint`` (practice),
``ready`` for a match's next game, ``resign_game``, ``resign_match``, the clock's
``flag``, ``pause`` and ``resume`` (the page hidden and shown again), and ``close``."""

from __future__ import annotations

import random

import filler
import filler.daily
from filler.clock import Clock

from .tables import (ApiError, Table, _fresh_table, _new_match, _param, _seats_from, _table, _table_ids,
                     _table_layout, _table_state, _tables)


def _method_new_game(params: dict) -> dict:
    """Open a table: ``{variant, seed?, options?, seats?, games?, moves?}`` ->
    ``{table_id, layout, state}``. ``seed`` defaults to a random one; ``seats`` to a
    person against greedy computers; ``moves`` (colors) are played at once (a game
    reopened in a new worker)."""
    variant = _param(params, "variant", str, required=True)
    if variant not in filler.VARIANTS:
        raise ApiError("UnknownVariant", f"There is no variant '{variant}'.", "variant.unknown", value=variant,
                       variants=list(filler.VARIANTS))
    seed = _param(params, "seed", int, None)
    if seed is None:
        seed = random.randrange(1, 2**31)
    options = _param(params, "options", dict, {})
    games = _param(params, "games", int, 1)
    if games not in (1, 2):
        raise ApiError("BadRequest", "games is 1 (a single game) or 2 (a match).", "match.games", value=games)
    match, options = _new_match(variant, seed, options, games)
    return _open(match, params, moves=_param(params, "moves", list, []), clock=_clock_from(params, match))


def _clock_from(params: dict, match) -> Clock | None:
    """``clock``: ``{bank_ms, increment_ms}`` for a new clock, or null for none."""
    spec = _param(params, "clock", dict, None)
    if spec is None:
        return None
    bank, increment = spec.get("bank_ms"), spec.get("increment_ms", 0)
    try:
        return Clock.new(match.seats, bank, increment)
    except filler.FillerError as error:
        raise ApiError("BadRequest", f"Bad clock: {error}", "clock.bad", cause=error) from None


def _open(match, params: dict, moves=(), clock: Clock | None = None) -> dict:
    seats = _seats_from(params, match.seats)
    table = Table(next(_table_ids), seats, match, clock=clock,
                  paused=bool(_param(params, "paused", bool, False)))
    table.sync_clock()
    for color in moves:  # a game reopened in a new worker
        if isinstance(color, bool) or not isinstance(color, int):
            raise ApiError("BadRequest", "moves is a list of colors (numbers).")
        if table.match.turn is None:
            raise ApiError("BadRequest", "moves go on past the end of the game.", "moves.past_end")
        table.play(color)
    _tables[table.table_id] = table
    return {"table_id": table.table_id, "layout": _table_layout(table),
            "state": _table_state(table)}


def _method_layout(params: dict) -> dict:
    """``{table_id}`` -> the table's layout (as sent by ``new_game``)."""
    return _table_layout(_table(params))


def _method_state(params: dict) -> dict:
    """``{table_id}`` -> the current state snapshot."""
    return _table_state(_table(params))


def _method_play(params: dict) -> dict:
    """``{table_id, state_id, color}`` -> the new state. Refused when ``state_id``
    is not the current one, when a computer is to move, or when the color is illegal."""
    table = _fresh_table(params)
    color = _param(params, "color", int, required=True)
    _check_turn(table, "human")
    late = table.flagged()
    if late is not None:  # the move came after the flag fell
        table.change(table.match.flag(late))
        return _table_state(table)
    if table.match.variant_id == "practice":
        table.remember()
    table.play(color)
    return _table_state(table)


def _method_undo(params: dict) -> dict:
    """``{table_id, state_id}`` -> the state before the last move of a person (and
    the computers' answers to it). Practice only."""
    table = _fresh_table(params)
    if table.match.variant_id != "practice":
        raise ApiError("BadRequest", "Undo is for practice games only.", "undo.practice")
    if not table.undo_stack:
        raise ApiError("BadRequest", "There is no move to take back.", "undo.none")
    table.undo()
    return _table_state(table)


def _method_hint(params: dict) -> dict:
    """``{table_id, state_id}`` -> ``{color}``: the strongest level's move here, on
    a short budget (``filler.ai.hint``)."""
    table = _fresh_table(params)
    _check_turn(table, "human")
    return {"color": filler.ai.hint(table.game)}


def _check_turn(table: Table, kind: str) -> None:
    match = table.match
    if table.puzzle:
        raise ApiError("BadRequest", "A puzzle's moves are checked by puzzle_move.", "puzzle.moves")
    if table.lesson:
        raise ApiError("BadRequest", "A lesson's moves are judged by lesson_move.", "lesson.moves")
    if match.over:
        raise ApiError("GameOver", "The game is over.", "game.over")
    if match.turn is None:
        raise ApiError("OutOfTurn", "The next game starts when every player is ready.", "match.between_games")
    if table.seats[match.turn].kind != kind:
        if table.seats[match.turn].kind == "friend":
            raise ApiError("OutOfTurn", "It is your friend's turn: their move comes by link.", "turn.friend")
        if kind == "human":
            raise ApiError("OutOfTurn", "It is the computer's turn.", "turn.computer")
        raise ApiError("OutOfTurn", "It is not a computer's turn.", "turn.not_computer")


def _method_bot_move(params: dict) -> dict:
    """``{table_id, state_id}`` -> the state after the computer to move has played (at
    the board of the day, the master of the day: ``filler.daily.master_move``)."""
    table = _fresh_table(params)
    _check_turn(table, "computer")
    seat = table.match.turn
    seconds = None
    if table.clock is not None:
        remaining = table.clock.remaining_ms(seat, table.clock_time())
        seconds = filler.ai.budget(remaining, table.clock.increment_ms, table.game)
    if table.daily is not None:  # the master of the day: bounded by nodes (filler.daily)
        color, shortened = filler.daily.master_move(table.game)
        table.daily_shortened += shortened
    else:
        color = filler.ai.choose(table.game, table.seats[seat].level, seconds)
    late = table.flagged()
    if late is not None:
        table.change(table.match.flag(late))
    else:
        table.play(color)
    return _table_state(table)


def _seat_param(table: Table, params: dict) -> int:
    seat = _param(params, "seat", int, required=True)
    if not 0 <= seat < table.match.seats:
        raise ApiError("BadRequest", f"There is no seat {seat}.")
    return seat


def _method_ready(params: dict) -> dict:
    """``{table_id, state_id, seat}`` -> the state after that player pressed
    "Ready for the next game" (the next game starts when every player has)."""
    table = _fresh_table(params)
    table.change(table.match.ready(_seat_param(table, params)))
    return _table_state(table)


def _method_resign_game(params: dict) -> dict:
    """``{table_id, state_id, seat}`` -> the state after that player resigned the
    game (in a match the next game is still played)."""
    table = _fresh_table(params)
    table.change(table.match.resign_game(_seat_param(table, params)))
    return _table_state(table)


def _method_resign_match(params: dict) -> dict:
    """``{table_id, state_id, seat}`` -> the state after that player resigned the match."""
    table = _fresh_table(params)
    table.change(table.match.resign_match(_seat_param(table, params)))
    return _table_state(table)


def _method_flag(params: dict) -> dict:
    """``{table_id, state_id, seat}`` -> the state after that player ran out of time.

    With a clock the clock decides: when the seat still has time the state comes
    back unchanged (same ``state_id``, its ``clock`` says how much is left)."""
    table = _fresh_table(params)
    seat = _seat_param(table, params)
    if table.clock is not None and table.flagged() != seat:
        return _table_state(table)
    table.change(table.match.flag(seat))
    return _table_state(table)


def _method_pause(params: dict) -> dict:
    """``{table_id}`` -> the state with the clock paused (the page is hidden)."""
    table = _table(params)
    table.paused = True
    table.sync_clock()
    return _table_state(table)


def _method_resume(params: dict) -> dict:
    """``{table_id}`` -> the state with the clock of the player to move running again."""
    table = _table(params)
    table.paused = False
    table.sync_clock()
    return _table_state(table)


def _method_close(params: dict) -> dict:
    """``{table_id}`` -> ``{closed: bool}``: forget a table."""
    table_id = _param(params, "table_id", int, required=True)
    return {"closed": _tables.pop(table_id, None) is not None}
