"""A match with a friend by link (``filler.link``): the link a seat sends after its move
(``friend_link``), and what to do with a link a friend sent, given the stored copy of
the match (``friend_open``)."""

from __future__ import annotations

import filler
from filler import link

from .tables import ApiError, _param


def _method_friend_link(params: dict) -> dict:
    """``{record, match_id, sender, names, ratings?}`` -> ``{link, length}``: the URL
    fragment (``filler.link``) that seat ``sender`` sends for the match ``record``."""
    match = filler.Match.from_record(_param(params, "record", dict, required=True))
    ratings = _param(params, "ratings", list, [None, None])
    if len(ratings) != 2 or not all(r is None or (isinstance(r, list) and len(r) == 3) for r in ratings):
        raise ApiError("BadRequest", "ratings: [r, rd, vol] or null per seat.")
    text = link.encode(match, match_id=_param(params, "match_id", str, required=True),
                       sender=_param(params, "sender", int, required=True),
                       names=tuple(_param(params, "names", list, ["", ""])), ratings=tuple(ratings))
    return {"link": text, "length": len(text)}


def _method_friend_open(params: dict) -> dict:
    """``{link, site?, stored?: {seat, record, names}}`` -> what to do with a friend's
    link (``filler.link.merge``): ``{status, both, seat, names, sender, match_id, ratings,
    record}``; a bad link, or one that does not fit the stored match, is an error. A
    ``"rebuilt"`` match (one this device lost) is not to rate this device's player."""
    found = link.decode(_param(params, "link", str, required=True), site=_param(params, "site", str, None))
    stored = _param(params, "stored", dict, None)
    if stored is not None and stored.get("seat") not in (0, 1):
        raise ApiError("BadRequest", "stored.seat is 0 or 1.")
    merged = link.merge(stored, found)
    return {"status": merged["status"], "both": merged.get("both", False),
            "seat": merged["seat"], "names": merged["names"], "sender": found.sender, "match_id": found.match_id,
            "ratings": [list(r) if r else None for r in found.ratings],
            "record": merged["match"].to_record(), "version": found.version}
