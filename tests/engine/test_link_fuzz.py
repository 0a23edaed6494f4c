"""Mutated friend links on a device that has matches stored (issue 24): each link is
either taken as a valid continuation of what the device has, or refused with a
message the page can say; a link that is neither taken nor refused leaves the stored
match as it was, and nothing a link takes can rate the device's player for what they
did not play. Through the page's own calls (``filler.api.handle``: ``friend_open``
without, then with the stored copy, as js/flows/friend.js does), on valid links of every
kind (invitation, reply, game 2, finished, resigned) changed character by character
or re-encoded well formed with another move, seat, seed, result, rating or name."""

import json
import random
import re
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from filler import api, link
from filler.match import Match
from link_forge import mutated

SITE = "https://example.org/filler/"
ANNA, BOB = 0, 1  # the device is Bob's: he plays seat 1, Anna sends the invitation
TAKEN = {"new", "rebuilt", "extends", "resigned"}
KEPT = {"current", "older", "own", "resignation_kept"}
CATALOG = set(re.findall(r"^    'problem\.(link\.[a-z_]+)':", (Path(__file__).resolve().parents[2] / "js" / "i18n" / "en.js")
                         .read_text(encoding="utf-8"), flags=re.M))


def call(method, **params):
    return json.loads(api.handle(json.dumps({"id": 1, "method": method, "params": params})))


def history(seed, resign_at=None, resigner=None):
    """The states of a two-game Quick match Anna and Bob play, one after each event
    (each player made ready at once between games, as by link): random moves; with
    ``resign_at``, after that many moves ``resigner`` resigns the game it is in (game 1)
    or the match (game 2), and seven moves later again."""
    rng = random.Random(seed)
    match = link._ready_all(Match.new("quick", seed, games=2))
    states = [match]
    moves = 0
    while not match.over:
        if resign_at is not None and moves == resign_at:
            match = match.resign_game(resigner) if match.game_index == 0 else match.resign_match(resigner)
            resign_at += 7
        else:
            match = match.play(rng.choice(match.game.legal_colors()))
            moves += 1
        match = link._ready_all(match)
        states.append(match)
    return states


def sent_links(states, match_id):
    """Every link a device sends in this match: after its player's event, when it is the
    friend's move or that event ended the match."""
    links = []
    for match in states[1:]:
        sender = match.events[-1][1]
        if match.over or match.turn == 1 - sender:
            links.append((match, link.encode(match, match_id=match_id, sender=sender, names=("Anna", "Bob"),
                                             ratings=((1612.5, 71.3, 0.0601), (1498.1, 90.2, 0.06)))))
    return links


MATCHES = {"Match-A1": history(3), "Match-B2": history(5, resign_at=5, resigner=ANNA),
           "Match-C3": history(8, resign_at=6, resigner=BOB)}
# (match id, how many events, link) for every link sent in these matches
LINKS = [(match_id, states.index(match), text) for match_id, states in MATCHES.items()
         for match, text in sent_links(states, match_id)]
# Bob invites Cara, who moves first: a link without a move
INVITE = ("Invite-D", 0, link.encode(Match.new("quick", 11, games=2), match_id="Invite-D", sender=BOB,
                                     names=("", "Bob")))


def kinds():
    """The valid links the fuzz starts from, by kind."""
    found = {"invitation": [LINKS[0], INVITE], "reply": [], "game 2": [], "finished": [], "resigned": []}
    for match_id, index, text in LINKS:
        match = MATCHES[match_id][index]
        last = match.events[-1]
        if match.over:
            found["finished"].append((match_id, index, text))
        if last[0] != "move":
            found["resigned"].append((match_id, index, text))
        elif match.game_index == 1:
            found["game 2"].append((match_id, index, text))
        elif index > 2:
            found["reply"].append((match_id, index, text))
    return found


KINDS = kinds()


def stored_copy(match_id, at):
    """Bob's device's copy of a match: ``at`` events of it, or ``(how, at)`` with then
    his own resignation of the game ("resigned") or his own move ("moved"), made
    before the friend's next link came; None: not there."""
    if at is None or match_id not in MATCHES:
        return None
    how, at = at if isinstance(at, tuple) else ("at", at)
    states = MATCHES[match_id]
    match = states[min(at, len(states) - 1)]
    if how == "resigned" and match.turn is not None:
        match = link._ready_all(match.resign_game(BOB))
    elif how == "moved" and match.turn == BOB:
        match = link._ready_all(match.play(max(match.game.legal_colors())))
    return {"seat": BOB, "record": match.to_record(), "names": ["Anna", "Bob"]}


@st.composite
def cases(draw):
    """A valid link, most often mutated (tests/link_forge.py), and Bob's stored copies."""
    kind = draw(st.sampled_from(sorted(KINDS)))
    match_id, index, text = draw(st.sampled_from(KINDS[kind]))
    if draw(st.integers(0, 5)):
        text = mutated(text, draw(st.randoms(use_true_random=False)), ids=list(MATCHES))
    # Bob's device: each match stored after some event, or not there; the link's own
    # match often just before, at or after the link's position
    at = {other: draw(st.none() | st.integers(1, len(states))) for other, states in MATCHES.items()}
    if match_id in at and draw(st.booleans()):
        at[match_id] = (draw(st.sampled_from(["at", "at", "resigned", "moved"])), max(1, index + draw(st.integers(-2, 1))))
    return text, at


# ---- the property -----------------------------------------------------------------------

def events_of(record):
    return [event for event in record["events"] if event[0] != "ready"]


def by(events, seat):
    return [event for event in events if event[1] == seat]


def refused(answer):
    assert answer["ok"] is False, answer
    code = answer["error"]["code"]
    assert code in CATALOG, f"no message for {code}: {answer['error']}"


def check(text, at):
    first = call("friend_open", link=SITE + "#" + text, site=SITE)
    if not first["ok"]:
        return refused(first)
    found = first["result"]
    stored = stored_copy(found["match_id"], at.get(found["match_id"]))
    answer = call("friend_open", link=SITE + "#" + text, site=SITE, stored=stored) if stored else first
    if not answer["ok"]:
        return refused(answer)
    result = answer["result"]
    status, seat, sender = result["status"], result["seat"], result["sender"]
    assert status in TAKEN | KEPT, status
    for rating in result["ratings"]:
        assert rating is None or all(low <= value <= high for value, (low, high) in zip(rating, link.RATING_RANGES))
    assert all(len(name) <= link.MAX_NAME for name in result["names"])
    got = events_of(result["record"])
    match = Match.from_record(result["record"])  # it replays
    if status in KEPT:
        assert result["record"]["events"] == stored["record"]["events"]
        return status
    # taken: it is what the sender's device sends, and it adds only the sender's events
    assert sender == 1 - seat
    assert (match.over and got[-1][1] == sender) or match.turn == seat
    if stored is None:
        assert status in ("new", "rebuilt") and seat == 1 - sender
        assert (status == "rebuilt") == bool(by(got, seat))
        if status == "new" and match.over and match.rated:  # only the friend played: rates nobody here
            opened = call("open_record", record=result["record"],
                          seats=[{"kind": "human" if index == seat else "friend", "name": "Bob"} for index in (0, 1)])
            rated = call("rating_updates", table_id=opened["result"]["table_id"], ratings=[None, None])
            assert rated["result"]["ratings"][seat] is None
        return status
    have = events_of(stored["record"])
    assert seat == stored["seat"]
    common = next((index for index, (a, b) in enumerate(zip(have, got)) if a != b), min(len(have), len(got)))
    if status == "extends":
        assert common == len(have) < len(got)
    else:  # resigned: where the logs part, the friend's resignation came first
        assert got[common][0] in ("resign_game", "resign_match") and got[common][1] == sender
    # the local player's events are those this device had, none from the link
    assert by(got[common:], seat) == []
    return status


@settings(max_examples=400, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(cases())
def test_a_mutated_link_is_taken_as_a_continuation_or_refused(case):
    check(*case)


def test_every_valid_link_is_taken_or_kept_as_it_should():
    assert all(KINDS.values()), {kind: len(links) for kind, links in KINDS.items()}
    for match_id, index, text in LINKS:
        last = len(MATCHES[match_id]) - 1
        if MATCHES[match_id][index].events[-1][1] == ANNA:
            expected = ["new" if index == 1 else "rebuilt", "extends", "current", "older" if index < last else "current"]
        else:  # Bob's own link: this device would sit in Anna's seat without its copy
            expected = ["new" if index == 1 else "rebuilt", None, "own", "older" if index < last else "own"]
        got = [check(text, {match_id: at}) for at in (None, index - 1, index, last)]
        assert got == expected, (match_id, index)
        if expected[1] == "extends":
            # Bob resigned the game on his device while this link was on its way: a move
            # of Anna's crossed his resignation (it stands), her resignation stands too
            crossed = check(text, {match_id: ("resigned", index - 1)})
            resigns = MATCHES[match_id][index].events[-1][0] != "move"
            assert crossed == ("resigned" if resigns else "resignation_kept"), (match_id, index)
    assert check(INVITE[2], {}) == "new"
