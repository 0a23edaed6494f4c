"""Ratings: the computer levels' measured ratings (``bot_ratings``, for the lobby) and
every person's new Glicko-2 rating after a rated match (``rating_updates``,
``filler.rating``); the page keeps them."""

from __future__ import annotations

import filler
from filler.rating import DEFAULT, match_rating_updates

from .tables import ApiError, _levels, _param, _table


BOT_DEVIATION = 50.0
"""The rating deviation given to a computer level whose measured rating has none."""


def _bot_rating(variant: str, level: str):
    """A computer level's fixed measured rating ``(r, rd, vol)`` (None if not measured)."""
    measured = getattr(filler.ai, "RATINGS", {}).get(variant, {}).get(level)
    if measured is None:
        return None
    if isinstance(measured, (int, float)):
        return (float(measured), BOT_DEVIATION, DEFAULT[2])
    if isinstance(measured, dict):
        return (float(measured.get("r", measured.get("rating"))),
                float(measured.get("rd", BOT_DEVIATION)), float(measured.get("vol", DEFAULT[2])))
    values = list(measured)
    return (float(values[0]), float(values[1]) if len(values) > 1 else BOT_DEVIATION,
            float(values[2]) if len(values) > 2 else DEFAULT[2])


def _method_bot_ratings(params: dict) -> dict:
    """``{}`` -> ``{variant: {level: {r, rd}}}``: the computer levels' measured ratings."""
    result = {}
    for variant in getattr(filler.ai, "RATINGS", {}):
        for level in _levels():
            rating = _bot_rating(variant, level)
            if rating is not None:
                result.setdefault(variant, {})[level] = {"r": rating[0], "rd": rating[1]}
    return result


def _method_rating_updates(params: dict) -> dict:
    """``{table_id, ratings: [[r, rd, vol] | null per seat]}`` -> ``{rated, ratings:
    [{r, rd, vol, change} | null per seat]}``: every person's new Glicko-2 rating
    after a rated match that is over (computers keep their measured rating and
    count at it; a seat with null counts at the default rating and gets one). In a
    match by link, a person without a move or resignation of their own in it gets
    null: what only the friend did (an invitation resigned at once) rates nobody here."""
    table = _table(params)
    match = table.match
    outcome = table.outcome()
    if outcome is None or not outcome["rated"]:
        return {"rated": False, "ratings": [None] * match.seats}
    given = _param(params, "ratings", list, [None] * match.seats)
    if len(given) != match.seats:
        raise ApiError("BadRequest", f"ratings: one per seat ({match.seats}).")
    before = {}
    for seat in range(match.seats):
        entry = given[seat]
        if table.seats[seat].kind == "computer":
            entry = _bot_rating(match.variant_id, table.seats[seat].level) or DEFAULT
        elif entry is None:
            entry = DEFAULT
        try:
            before[seat] = tuple(float(value) for value in entry)[:3]
        except (TypeError, ValueError):
            raise ApiError("BadRequest", "a rating is [r, rd, vol].") from None
    after = match_rating_updates(before, outcome["pairs"])
    by_link = any(entry.kind == "friend" for entry in table.seats)
    played = {event[1] for event in match.events if event[0] in ("move", "resign_game", "resign_match")}
    ratings = []
    for seat in range(match.seats):
        if table.seats[seat].kind == "computer" or (by_link and seat not in played):
            ratings.append(None)
            continue
        r, rd, vol = after[seat]
        ratings.append({"r": r, "rd": rd, "vol": vol, "change": r - before[seat][0]})
    return {"rated": True, "ratings": ratings}
