"""Saved matches: a match record the page kept, replayed event by event into a table
(``open_record``, with the clock it saved), checked before an import (``check_record``),
and a table's own record (``record``). A record that does not replay is a
``filler.BadRecord`` with the event that failed."""

from __future__ import annotations

from dataclasses import replace

import filler
from filler.clock import Clock

from .daily import mark_daily
from .snapshots import _json_keys
from .tables import Table, _param, _seats_from, _table, _table_ids, _table_layout, _table_state, _tables


def _saved_clock(params: dict) -> Clock | None:
    """A clock the page saved (a snapshot's ``clock``), paused with no time base:
    the time since it was saved does not count."""
    saved = _param(params, "clock", dict, None)
    if saved is None:
        return None
    if "format" not in saved:  # a clock spec, not a saved clock: a fresh one
        return None
    clock = Clock.from_dict(saved)
    return replace(clock, running=False, at_ms=None)


def _replayed_table(params: dict) -> Table:
    """The table of a saved match record, replayed event by event (so the
    territory charts are there too); BadRecord when it does not replay."""
    record = _param(params, "record", dict, required=True)
    upto = _param(params, "events", int, None)
    events = record.get("events")
    if not isinstance(events, list):
        raise filler.BadRecord("match record events must be a list", "record.events")
    start = filler.Match.from_record({**record, "events": []})
    table = Table(0, _seats_from(params, start.seats), start)
    for number, event in enumerate(events if upto is None else events[:upto]):
        try:
            table.apply(event)
        except (ValueError, TypeError, IndexError, KeyError, AttributeError) as error:
            raise filler.BadRecord(f"match record event {number} {event!r} does not replay: {error}",
                                   "record.event", position=number + 1, cause=error) from None
    day = _param(params, "daily", str, None)
    if day is not None:  # the board of the day's match: its master moves by nodes
        mark_daily(table, day)
    table.clock = _saved_clock(params)
    table.paused = bool(_param(params, "paused", bool, False))
    table.sync_clock()
    return table


def _method_open_record(params: dict) -> dict:
    """``{record, seats?, clock?, paused?, events?, daily?}`` -> as ``new_game``: a saved
    match (``record``) replayed to where it was (or to its first ``events``), with
    its saved clock (a snapshot's ``clock``), running unless ``paused``. The clock
    runs from when the state is made, not while it is: a reload gives back the time
    the page saved. ``daily``: the date of the board of the day the record is the match
    of (its master then moves as the day's, ``api.daily``). With ``events`` (a replay's
    step) also ``game_moves``: the number of moves of each game of the whole record, so
    that a replay counts moves ("game 2, move 12 of 39"), not events."""
    table = _replayed_table({**params, "paused": True})
    table.table_id = next(_table_ids)
    _tables[table.table_id] = table
    layout, state = _table_layout(table), _table_state(table)
    if not _param(params, "paused", bool, False):
        table.paused = False
        table.sync_clock()  # (as of now: the saved time left)
        state["clock"] = None if table.clock is None else table.clock.to_dict()
        state["paused"] = False
    opened = {"table_id": table.table_id, "layout": layout, "state": state}
    if _param(params, "events", int, None) is not None:
        try:
            whole = filler.Match.from_record(params["record"])
        except (ValueError, TypeError, IndexError, KeyError, AttributeError):
            # (as _replayed_table) its later events do not replay: the steps before them still show
            return opened
        games = list(whole.games) + ([] if whole.game in whole.games else [whole.game])
        opened["game_moves"] = [len(game.moves) for game in games]
    return opened


def _method_check_record(params: dict) -> dict:
    """``{record, seats?}`` -> ``{ok, why?, over?}``: whether a saved match replays
    (an import takes only those that do)."""
    try:
        table = _replayed_table({**params, "clock": None, "paused": True})
    except filler.FillerError as error:  # ApiError too
        return {"ok": False, "why": str(error), "problem": error.details()}
    return {"ok": True, "over": table.match.over, "outcome": _json_keys(table.outcome())}


def _method_record(params: dict) -> dict:
    """``{table_id}`` -> the table's replayable record (``filler.Match.to_record``)."""
    return _table(params).match.to_record()
