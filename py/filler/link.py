"""Friend links: a two-player match played from two devices, each move sent as a link.

The whole match travels in the URL fragment, so no server ever sees a game::

    https://example.org/filler/#f1.AYeR0mXc...

``f<version>.`` then base64url of a packed body and its CRC-32. The body (version 1)
holds the match id (6 random bytes), the variant (and a practice board's options),
the seed, single game or match, whose link it is (the seat that sent it), both
names, each player's rating as their device sent it (rated variants, within
:data:`RATING_RANGES`), and every event but ``ready``: a friend match goes on to
game 2 at once (both players are made ready, in seat order, when a game ends).
Moves are packed as one integer in a mixed radix, each move its index among the
colors the mover may choose then, so decoding replays the match move by move and a
link cannot hold an illegal move. Resignations are listed apart with their place in
the log.

    >>> from filler.match import Match
    >>> match = Match.new("quick", 42)
    >>> match = match.play(match.game.legal_colors()[0])
    >>> text = encode(match, match_id="AAAAAAAA", sender=0, names=("Anna", ""))
    >>> text[:3]
    'f1.'
    >>> link = decode(text)
    >>> link.match == match, link.sender, link.names
    (True, 0, ('Anna', ''))

:func:`merge` says what a device does with a link for a match it may already have
(take it, keep its newer copy, "this is your own link", or refuse it). A link can
only add its sender's events to a match this device has; for one it does not have,
an invitation holds only the sender's events (one that holds the receiver's too
rebuilds a lost match, which then does not rate the receiver on this device). Later
versions must keep reading every older version's links.

While the engine boots, the page reads a version-1 link's first fields (up to both
names) to say whose link it is and its variant, as not yet checked
(``js/flows/friend_peek.js``, with :data:`VARIANT_CODES` from ``snapshots.json``). A new
version need not keep them: the page then says only "checking the link".
"""

from __future__ import annotations

import base64
import binascii
import re
import zlib
from dataclasses import dataclass

from .errors import FillerError
from .match import Match

VERSION = 1
PREFIX = "f"
VARIANT_CODES = ("quick", "classic", "hex", "vinco", "diamonds", "big", "walls", "treasure",
                 "three", "practice")
"""Two-player variants by their number in a link: only ever append to this list."""
SHAPES = ("square", "hex", "diamond")
MAX_NAME = 40
ID_BYTES = 6
_FRAGMENT = re.compile(r"^f(\d{1,6})\.(.*)$", re.S)
_BASE64URL = re.compile(r"^[A-Za-z0-9_-]*$")
_SPECIALS = (("resign_game", 0), ("resign_game", 1), ("resign_match", 0), ("resign_match", 1))
RATING_RANGES = ((0.0, 4000.0), (30.0, 350.0), (0.01, 0.2))
"""(lowest, highest) rating, deviation and volatility a link holds: what the engine's
ratings reach (a new player starts at 1500, 350, 0.06). :func:`decode` refuses a link
with a value outside (``link.rating``): its check sum may be right, as anyone can
compute one. :func:`encode` sends a stored value outside as the nearest end."""


class BadLink(FillerError):
    """A friend link that is cut short, changed, from a newer version or another site,
    or that does not fit the match this device already has."""

    code = "link.bad"


@dataclass(frozen=True)
class FriendLink:
    """A decoded link: ``match`` is the replayed :class:`filler.match.Match`."""

    match_id: str
    sender: int
    names: tuple
    ratings: tuple  # per seat: (r, rd, vol) or None
    match: Match
    version: int = VERSION

    @property
    def events(self) -> list:
        """The match's events without ``ready`` (those follow from the rest)."""
        return _link_events(self.match)

    def to_json(self) -> dict:
        return {"match_id": self.match_id, "sender": self.sender, "names": list(self.names),
                "ratings": [list(r) if r else None for r in self.ratings],
                "record": self.match.to_record(), "version": self.version}


# ---- encoding --------------------------------------------------------------------

def encode(match: Match, *, match_id: str, sender: int, names=("", ""), ratings=(None, None)) -> str:
    """The fragment (without ``#``) of the link that ``sender`` sends for ``match``."""
    if match.variant_id not in VARIANT_CODES or match.seats != 2:
        raise BadLink(f"friend play is for two-player variants, not {match.variant_id!r}", "link.variant",
                      value=match.variant_id)
    if sender not in (0, 1):
        raise BadLink(f"the sender is seat 0 or 1, not {sender!r}", "link.sender", value=sender)
    body = bytearray(_id_bytes(match_id))
    body += _varint(VARIANT_CODES.index(match.variant_id))
    if match.variant_id == "practice":
        options = match.options
        body += _varint(SHAPES.index(options["shape"]))
        for name in ("width", "height", "colors"):
            body += _varint(options[name])
    body += _varint(match.seed)
    ratings = tuple(ratings)
    flags = (match.games_count == 2) | sender << 1 | (ratings[0] is not None) << 2 | (ratings[1] is not None) << 3
    body.append(flags)
    for name in names:
        raw = _name(name).encode("utf-8")
        body += _varint(len(raw)) + raw
    for rating in ratings:
        if rating is not None:
            r, rd, vol = (min(high, max(low, float(value))) for value, (low, high) in zip(rating, RATING_RANGES))
            body += _varint(round(r * 10)) + _varint(round(rd * 10)) + _varint(round(vol * 1_000_000))
    events = _link_events(match)
    body += _varint(len(events))
    specials = [(index, _SPECIALS.index(tuple(event))) for index, event in enumerate(events)
                if event[0] != "move"]
    body += _varint(len(specials))
    for index, code in specials:
        body += _varint(index) + _varint(code)
    body += _pack_moves(match)
    data = bytes(_varint(len(body))) + bytes(body)
    data += zlib.crc32(data).to_bytes(4, "big")
    return f"{PREFIX}{VERSION}." + base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _link_events(match: Match) -> list:
    events = [list(event) for event in match.events if event[0] != "ready"]
    for event in events:
        if event[0] == "flag":
            raise BadLink("a friend match has no clock, so nobody runs out of time", "link.event",
                          value=event[0])
    return events


def _name(name) -> str:
    if not isinstance(name, str) or len(name) > MAX_NAME:
        raise BadLink(f"a name is text of at most {MAX_NAME} characters", "link.name", high=MAX_NAME)
    return name


def _id_bytes(match_id) -> bytes:
    try:
        raw = base64.urlsafe_b64decode(str(match_id) + "=" * (-len(str(match_id)) % 4))
    except (binascii.Error, ValueError):
        raw = b""
    if len(raw) != ID_BYTES or not _BASE64URL.match(str(match_id)):
        raise BadLink(f"a friend match id is {ID_BYTES} bytes in base64url (8 characters), not {match_id!r}",
                      "link.match_id")
    return raw


def _pack_moves(match: Match) -> bytes:
    """The moves as one integer: each its index among the mover's legal colors then."""
    replay = _fresh(match)
    value, scale = 0, 1
    for event in match.events:
        if event[0] == "move":
            legal = sorted(replay.game.legal_colors())
            value += legal.index(event[2]) * scale
            scale *= len(legal)
            replay = replay.play(event[2])
        elif event[0] != "ready":
            replay = getattr(replay, event[0])(event[1])
        replay = _ready_all(replay)
    return value.to_bytes((value.bit_length() + 7) // 8, "little")


def _fresh(match: Match) -> Match:
    return Match.new(match.variant_id, match.seed, games=match.games_count, **match.options)


def _ready_all(match: Match) -> Match:
    for seat in match.waiting_ready:
        match = match.ready(seat)
    return match


def _varint(value: int) -> bytes:
    out = bytearray()
    while True:
        byte, value = value & 0x7F, value >> 7
        out.append(byte | (0x80 if value else 0))
        if not value:
            return bytes(out)


# ---- decoding --------------------------------------------------------------------

def decode(text: str, *, site: str | None = None) -> FriendLink:
    """The link in ``text`` (a whole URL or its fragment), replayed by the engine.

    ``site``: this site's address (the page's directory, ending in ``/``); a whole URL
    elsewhere is another site's link. Raises :class:`BadLink`."""
    if not isinstance(text, str):
        raise BadLink("a link is text", "link.not_link")
    text = text.strip()
    fragment = text
    if "#" in text:
        address, fragment = text.split("#", 1)
        if site is not None and address and not _same_site(address, site):
            raise BadLink(f"this link is for another site ({address})", "link.other_site", value=address)
    found = _FRAGMENT.match(fragment)
    if not found:
        raise BadLink("this is not a friend link of this game", "link.not_link")
    version = int(found.group(1))
    if version > VERSION:
        raise BadLink(f"the link has version {version}, newer than this game reads ({VERSION}): reload the page",
                      "link.newer", value=version, known=VERSION)
    if version < 1:
        raise BadLink(f"the link's version {version} is not known", "link.version", value=version, known=VERSION)
    payload = found.group(2)
    if not _BASE64URL.match(payload):
        raise BadLink("the link holds characters that a link of this game never has", "link.damaged")
    if len(payload) % 4 == 1:  # cut inside a character: its bits are lost anyway
        payload = payload[:-1]
    data = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    reader = _Reader(data)
    length = reader.varint(truncated=True)
    start = reader.at
    if len(data) < start + length + 4:
        raise BadLink("the link is cut short", "link.truncated")
    if len(data) > start + length + 4 or zlib.crc32(data[:start + length]) != int.from_bytes(data[-4:], "big"):
        raise BadLink("the link was changed or damaged on the way", "link.damaged")
    reader = _Reader(data[start:start + length])
    try:
        return _read_body(reader, version)
    except BadLink:
        raise
    except (IndexError, ValueError, UnicodeDecodeError) as error:  # a checked body that is still wrong
        raise BadLink(f"the link does not make a match: {error}", "link.damaged") from None


def _same_site(address: str, site: str) -> bool:
    """Whether a page address is one of the site's pages (its directory is ``site``)."""
    address = address.split("?", 1)[0]
    return address[:address.rfind("/") + 1] == site or address + "/" == site


def _read_body(reader: "_Reader", version: int) -> FriendLink:
    match_id = base64.urlsafe_b64encode(reader.take(ID_BYTES)).decode("ascii")
    code = reader.varint()
    if code >= len(VARIANT_CODES):
        raise BadLink(f"variant number {code} is not known here", "link.damaged")
    variant = VARIANT_CODES[code]
    options = {}
    if variant == "practice":
        options["shape"] = SHAPES[reader.varint()]
        options["width"], options["height"], options["colors"] = reader.varint(), reader.varint(), reader.varint()
    seed = reader.varint()
    flags = reader.take(1)[0]
    games, sender = 2 if flags & 1 else 1, flags >> 1 & 1
    names = tuple(_name(reader.take(reader.varint()).decode("utf-8")) for _ in range(2))
    ratings = tuple((reader.varint() / 10, reader.varint() / 10, reader.varint() / 1_000_000)
                    if flags >> (2 + seat) & 1 else None for seat in range(2))
    for rating in ratings:
        if rating is not None and not all(low <= value <= high for value, (low, high) in zip(rating, RATING_RANGES)):
            raise BadLink("the link holds a rating that this game never gives: rating {}, deviation {}, "
                          "volatility {}".format(*rating), "link.rating")
    count = reader.varint()
    specials = {}
    for _ in range(reader.varint()):
        index, special = reader.varint(), reader.varint()
        specials[index] = _SPECIALS[special]
    value = int.from_bytes(reader.rest(), "little")
    try:
        match = Match.new(variant, seed, games=games, **options)
    except FillerError as error:
        raise BadLink(f"the link's board cannot be made: {error}", "link.board", cause=error) from None
    for index in range(count):
        try:
            if index in specials:
                kind, seat = specials[index]
                match = getattr(match, kind)(seat)
            else:
                legal = sorted(match.game.legal_colors()) if match.turn is not None else []
                if not legal:
                    raise BadLink(f"move {index + 1} comes after the end of the match", "link.past_end",
                                  position=index + 1)
                value, choice = divmod(value, len(legal))
                match = match.play(legal[choice])
        except BadLink:
            raise
        except FillerError as error:
            raise BadLink(f"step {index + 1} of the link does not replay: {error}", "link.replay",
                          position=index + 1, cause=error) from None
        match = _ready_all(match)
    if value:
        raise BadLink("the link holds more moves than it says", "link.damaged")
    return FriendLink(match_id, sender, names, ratings, match, version)


class _Reader:
    def __init__(self, data: bytes):
        self.data, self.at = data, 0

    def take(self, count: int) -> bytes:
        if self.at + count > len(self.data):
            raise IndexError("the link ends early")
        chunk = self.data[self.at:self.at + count]
        self.at += count
        return chunk

    def varint(self, truncated: bool = False) -> int:
        value = shift = 0
        while True:
            if self.at >= len(self.data):
                if truncated:
                    raise BadLink("the link is cut short", "link.truncated")
                raise IndexError("the link ends early")
            byte = self.data[self.at]
            self.at += 1
            value |= (byte & 0x7F) << shift
            shift += 7
            if not byte & 0x80:
                return value
            if shift > 70:
                raise ValueError("a number in the link is too long")

    def rest(self) -> bytes:
        chunk = self.data[self.at:]
        self.at = len(self.data)
        return chunk


# ---- a link for a match this device may have ---------------------------------------

def merge(stored: dict | None, link: FriendLink) -> dict:
    """What to do with ``link`` given this device's copy of the match.

    ``stored``: ``{"seat", "record", "names"}`` (the local player's seat, the stored
    match record, both names) or None when this device does not have the match.
    Returns ``{"status", "seat", "match", "names"}``; ``status`` is

    - ``"new"``: an invitation: a match this device did not have, with only the
      sender's events in it; the local player sits in the seat that did not send it;
    - ``"rebuilt"``: a match this device did not have, with events of the local
      player's seat too (this device lost its copy): play goes on from it, but this
      device cannot tell whether those events were its player's, so the match does not
      change its player's rating here (the page keeps it unrated);
    - ``"extends"``: the link adds the friend's moves to the stored log: take it;
    - ``"current"``: the friend's link for the position this device has;
    - ``"own"``: this device's own last link ("send this to Anna");
    - ``"older"``: an older link; ``match`` is the stored, newer one;
    - ``"resigned"``: the friend resigned before this device's last moves reached
      them (the two links crossed): the resignation stands, take the link (those
      moves are dropped, the friend never saw them);
    - ``"resignation_kept"``: the other way round: the friend's moves crossed this
      device's resignation, which stands; ``match`` is the stored one, to send again.

    With these two, ``both`` says whether both resigned where the logs part: then the
    resignation of the player to move there stands, on both devices.

    Refused (:class:`BadLink`; nothing changes): a link that changes earlier moves,
    that adds events for the local player (also "their own" link with events this
    device does not have), that is another match under the same id, or that is taken
    in a position where no device sends one (:func:`_check_sent`).
    """
    if stored is None:
        _check_sent(link)
        seat = 1 - link.sender
        status = "rebuilt" if any(event[1] == seat for event in link.events) else "new"
        return {"status": status, "seat": seat, "match": link.match, "names": list(link.names)}
    seat = stored["seat"]
    try:
        kept = Match.from_record(stored["record"])
    except FillerError as error:
        raise BadLink(f"the stored match does not replay: {error}", "link.stored", cause=error) from None
    names = list(stored.get("names") or ("", ""))
    friend = 1 - seat
    if (kept.variant_id, kept.seed, kept.options, kept.games_count) != \
            (link.match.variant_id, link.match.seed, link.match.options, link.match.games_count):
        raise BadLink("this link is for another match than the one with this number here", "link.mismatch",
                      name=names[friend])
    names[friend] = link.names[friend] or names[friend]  # the friend's device knows their name
    have, got = _link_events(kept), link.events
    common = min(len(have), len(got))
    if have[:common] != got[:common]:
        at = next(index for index in range(common) if have[index] != got[index])
        crossed = _crossed(have[at:], got[at:], seat, link.sender, _replayed(kept, have[:at]).turn)
        if crossed is not None:
            theirs, both = crossed
            if theirs:
                _check_sent(link)
                return {"status": "resigned", "seat": seat, "match": link.match, "names": names,
                        "both": both}
            return {"status": "resignation_kept", "seat": seat, "match": kept, "names": names,
                    "both": both}
        raise BadLink(f"this link changes move {at + 1} of the match: the match here is kept", "link.changed",
                      position=at + 1, name=names[friend])
    if len(got) < len(have):
        return {"status": "older", "seat": seat, "match": kept, "names": names}
    if len(got) == len(have):
        status = "own" if link.sender == seat else "current"
        return {"status": status, "seat": seat, "match": kept, "names": names}
    if link.sender == seat:
        raise BadLink("this is a link from this device's seat with events this device does not have: "
                      "the match here is kept", "link.own_newer", name=names[friend])
    if any(event[1] != link.sender for event in got[len(have):]):
        raise BadLink("this link adds moves for a player who did not send it: the match here is kept",
                      "link.not_theirs", name=names[friend])
    _check_sent(link)
    return {"status": "extends", "seat": seat, "match": link.match, "names": names}


def _check_sent(link: FriendLink) -> None:
    """A device sends its link when it is the friend's move, or when its own player
    ended the match (js/flows/friend.js ``needsLink``); a link taken in any other position
    was not made by the game (BadLink ``link.not_sent``)."""
    match, events = link.match, link.events
    sent = events[-1][1] == link.sender if match.over else match.turn == 1 - link.sender
    if not sent:
        raise BadLink("no device sends a link in this position: it is neither the other player's move nor "
                      "a match its sender ended", "link.not_sent", name=link.names[link.sender])


_RESIGNATIONS = ("resign_game", "resign_match")


def _crossed(mine: list, theirs: list, seat: int, sender: int, turn):
    """Whose resignation stands where two logs part (``mine`` and ``theirs``, the
    events after the common part; ``turn``, the seat to move there): (theirs, both),
    ``theirs`` True when the friend's stands, ``both`` when both resigned there; None
    for anything else (a changed move). One side resigned first and the other only
    went on with its own events, made without having seen the resignation: that
    resignation stands. Both resigned: the one of the player to move there (who
    resigned instead of moving), so both devices end the same. A resignation is
    final, as on a board: the events that crossed it do not count."""
    if sender == seat or not mine or not theirs:
        return None
    if any(event[1] != seat for event in mine) or any(event[1] != sender for event in theirs):
        return None
    mine_resigns, theirs_resigns = mine[0][0] in _RESIGNATIONS, theirs[0][0] in _RESIGNATIONS
    if mine_resigns and theirs_resigns:
        return turn == sender, True
    if mine_resigns or theirs_resigns:
        return theirs_resigns, False
    return None


def _replayed(match: Match, events: list) -> Match:
    """``match``'s start with ``events`` (a link's: no ``ready``) played on it."""
    replay = _ready_all(_fresh(match))
    for event in events:
        replay = replay.play(event[2]) if event[0] == "move" else getattr(replay, event[0])(event[1])
        replay = _ready_all(replay)
    return replay
