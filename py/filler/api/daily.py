"""The board of the day (``filler.daily``): ``daily_day`` checks a date and says what
its board is, ``daily_open`` opens the day's match at a table, the person against the
master of the day, whose moves ``bot_move`` makes bounded by nodes
(``filler.daily.master_move``). A day's saved match reopens by ``open_record`` with
its ``daily`` date (:func:`mark_daily`).

The page says which day it is (``today``, the player's local date): the engine reads
no clock for it, and refuses a date after it."""

from __future__ import annotations

from filler import daily

from .games import _open
from .tables import ApiError, Table, _param, _table_layout, _table_state, _tables


def _method_daily_day(params: dict) -> dict:
    """``{date, today}`` -> ``{date, number, variant, games, seed, today, first}``: the
    day's board (``today``: whether it is today's; ``first``: the first day), or a ``BadOption`` that says why the date
    has none (``daily.date``, ``daily.before``, ``daily.future``)."""
    return daily.day(_param(params, "date", str, required=True), _param(params, "today", str, required=True))


def _method_daily_open(params: dict) -> dict:
    """``{date, today, name?}`` -> ``{table_id, layout, state, day}``: the day's match
    (two games on quick) at a new table, the person (``name``) in seat 0 against the
    master of the day; the state's ``daily`` is ``{date, shortened}`` (``shortened``:
    how many of the master's moves here the safety stop cut short)."""
    day = _method_daily_day(params)
    name = _param(params, "name", str, "")
    seats = [{"kind": "human", "name": name}, {"kind": "computer", "level": "master"}]
    match = daily.new_match(day["date"])
    table_id = _open(match, {"seats": seats})["table_id"]
    table = _tables[table_id]
    table.daily = day["date"]
    return {"table_id": table_id, "layout": _table_layout(table), "state": _table_state(table), "day": day}


def mark_daily(table: Table, date) -> None:
    """A saved match reopened as the board of ``date`` (``open_record``'s ``daily``):
    refused (``daily.mismatch``) unless it is that day's match."""
    daily.parse_date(date)
    if not daily.is_match_of(table.match, date):
        raise ApiError("BadRequest", f"This match is not the board of the day of {date}.", "daily.mismatch",
                       value=date)
    table.daily = date
