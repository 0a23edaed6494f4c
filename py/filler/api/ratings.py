"""Ratings: the computer levels' measured ratings (``bot_ratings``, for the lobby),
every person's new Glicko-2 rating after a rated match (``rating_updates``,
``filler.rating``; the page keeps them) and the ratings' history rebuilt from the
stored matches (``rating_history``, for a player's page)."""

from __future__ import annotations

import filler
from filler.rating import DEFAULT, match_rating_updates, replay_matches

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


def _method_rating_history(params: dict) -> dict:
    """``{matches: [{variant, seats: [seat], pairs}]}`` -> ``{matches: [[{before: {r, rd},
    after: {r, rd}} per seat] per match]}``: every seat's rating before and after each
    rated match, the matches played again in the order given (``filler.rating.
    replay_matches``), so a player's page draws a history that follows the matches
    stored: one deleted is left out of every later rating, one imported counts in its place.

    A seat is ``{person: name}`` (rated: from the rating that person's earlier matches of
    the variant gave them, the default at first), ``{level}`` (a computer level, at its
    measured rating, as ``rating_updates`` counts it), ``{rating: [r, rd, vol]}`` (a
    friend's, as their device sent it) or null (a person without a name: the default);
    all but a person's are counted and never changed. ``pairs`` is the match outcome's."""
    matches = _param(params, "matches", list, required=True)
    replayed = []
    for match in matches:
        if not isinstance(match, dict) or not isinstance(match.get("variant"), str) \
                or not isinstance(match.get("seats"), list) or not isinstance(match.get("pairs"), list):
            raise ApiError("BadRequest", "A match is {variant, seats: [seat], pairs}.")
        variant = match["variant"]
        replayed.append(([_history_seat(variant, seat) for seat in match["seats"]], match["pairs"]))
    try:
        history = replay_matches(replayed)  # a bad pair or rating: BadOption, rating.bad
    except TypeError:
        raise ApiError("BadRequest", "A match's pairs are [seat, seat, score].") from None
    return {"matches": [[{"before": {"r": before[0], "rd": before[1]}, "after": {"r": after[0], "rd": after[1]}}
                         for before, after in (seats[seat] for seat in sorted(seats))] for seats in history]}


def _history_seat(variant: str, seat):
    """A seat of ``rating_history`` as ``replay_matches`` takes it: a person's key (their
    name within the variant: a rating is a person's in one variant) or a fixed rating."""
    if seat is None:
        return DEFAULT
    if isinstance(seat, dict) and isinstance(seat.get("person"), str):
        return f"{variant}/{seat['person']}"  # no variant's id has a "/"
    if isinstance(seat, dict) and isinstance(seat.get("level"), str):
        return _bot_rating(variant, seat["level"]) or DEFAULT
    if isinstance(seat, dict) and isinstance(seat.get("rating"), list) and len(seat["rating"]) == 3 \
            and all(isinstance(value, (int, float)) and not isinstance(value, bool) for value in seat["rating"]):
        return tuple(float(value) for value in seat["rating"])
    raise ApiError("BadRequest", "A seat is {person}, {level}, {rating: [r, rd, vol]} or null.")
