"""The write rule of the storage layer (issue 24, defect 1), over every path that saves
a match: no write replaces a stored match by a record that is not its continuation
(the same match, its events a prefix of the new ones). Anything else is stored beside
it under a new id (and the player is told), or refused with a message; a rewrite that
is no continuation (a take-back in practice, a resignation that crossed a move by
link) is named by its caller.

Each test takes the stored matches before and after (every "filler:match:" key and
every match set aside) and checks that none was lost: each match there before is
still there, with the same events or more.
"""

import json
import random

from conftest import BOOT_TIMEOUT_MS
from test_friend import PANEL, notice, open_link, play_one, settled

from filler import link as friend_link
from filler.match import Match

ENGINE_READY = 'body[data-engine="ready"]'

STORED_MATCHES = """() => Object.keys(localStorage).sort()
  .filter((key) => key.startsWith('filler:match:') || key.startsWith('filler:quarantine:filler:match:'))
  .map((key) => {
    let value = null;
    try { value = JSON.parse(localStorage.getItem(key)); } catch {}
    return {key, value};
  })"""


def stored_matches(page):
    """{key: record} of every stored match, set-aside ones included."""
    return {entry["key"]: entry["value"] for entry in page.evaluate(STORED_MATCHES)}


def events_of(record):
    """A record's events as the engine's moves: a version 0 record's `moves` too."""
    if "events" in record:
        return record["events"]
    return [["move", *move] for move in record["moves"]]


def assert_nothing_lost(before, after):
    """Every match stored before is stored after (under any key): the same match with
    the same events, or more. (A game left before its first move is no saved match:
    game.js removes it.)"""
    for key, old in before.items():
        events = events_of(old)
        if not events:
            continue
        kept = [new for new in after.values() if isinstance(new, dict)
                and (new.get("variant"), new.get("seed")) == (old.get("variant"), old.get("seed"))
                and events_of(new)[:len(events)] == events]
        assert kept, f"{key} ({len(events)} events) is lost; stored now: " + json.dumps(
            {other: len(events_of(record)) for other, record in after.items() if isinstance(record, dict)})


def boot_device(context, site_url):
    page = context.new_page()
    page.goto(site_url)
    page.wait_for_selector(ENGINE_READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_function("() => document.body.dataset.tableId && document.body.dataset.tableId !== '0'")
    return page


def finished_game(match_id, moves=22, variant="classic", seed=5):
    """A finished game of exactly `moves` moves, as the page stores it."""
    for attempt in range(1000):
        rng = random.Random(attempt)
        match = Match.new(variant, seed, games=1)
        while not match.over:
            match = match.play(rng.choice(match.game.legal_colors()))
        if len(match.events) == moves:
            break
    record = match.to_record()
    assert len(record["events"]) == moves
    return {**record, "id": match_id, "clock": None, "created": 1_700_000_000_000, "updated": 1_700_000_100_000,
            "players": [{"kind": "human", "name": "Bob"}, {"kind": "computer", "level": "greedy", "name": ""}],
            "finished": 1_700_000_100_000, "result": {"outcome": json.loads(json.dumps(match.outcome))}}


def import_file(page, tmp_path, matches):
    """Import an export file holding `matches` from the lobby; its report's text."""
    path = tmp_path / "import.json"
    path.write_text(json.dumps({"format": "filler-export", "version": 1, "matches": matches}))
    page.click("#new-game")
    page.click('[data-tab="players"]')
    page.set_input_files('input[name="import"]', str(path))
    page.wait_for_selector(".import-report")
    report = page.locator(".import-report").inner_text()
    page.click('button[data-action="close-lobby"]')
    return report


def friend_link_of(match, match_id, sender, names=("Anna", "")):
    return "#" + friend_link.encode(match, match_id=match_id, sender=sender, names=names)


def test_a_friend_link_never_overwrites_another_match_stored_under_its_key(new_guarded_context, site_url, tmp_path):
    # issue 24: an imported game under "f-AQIDBAUG" without a `friend` field was replaced
    # by the 1-move friend match of an invitation whose match id is AQIDBAUG
    context, _ = new_guarded_context()
    bob = boot_device(context, site_url)
    imported = finished_game("f-AQIDBAUG")
    assert "1 taken" in import_file(bob, tmp_path, [imported])
    before = stored_matches(bob)
    assert before["filler:match:f-AQIDBAUG"]["events"] == imported["events"]

    start = Match.new("quick", 77, games=1)
    invitation = start.play(start.game.legal_colors()[0])  # Anna (seat 0) moves first
    open_link(bob, site_url + friend_link_of(invitation, "AQIDBAUG", sender=0))
    assert "Anna invites you to a game of Quick" in notice(bob)
    after = stored_matches(bob)
    assert_nothing_lost(before, after)
    # the imported game stays where it was; the friend match is stored beside it, and
    # the player is told so
    assert after["filler:match:f-AQIDBAUG"]["events"] == imported["events"]
    friends = [key for key, record in after.items() if (record.get("friend") or {}).get("id") == "AQIDBAUG"]
    assert len(friends) == 1 and friends[0] != "filler:match:f-AQIDBAUG"
    beside = friends[0][len("filler:match:"):]
    assert bob.evaluate("document.body.dataset.matchId") == beside
    shown = bob.locator('.notice[data-kind="kept-beside"]').text_content()
    assert "f-AQIDBAUG" in shown and beside in shown

    # the match goes on by links: Anna's reply finds the friend match by its friend id
    # (not by its key), and no other copy is made
    assert settled(bob) == "mine"
    play_one(bob)
    assert settled(bob) == "theirs"
    played = Match.from_record(after[friends[0]] | {"events": stored_matches(bob)[friends[0]]["events"]})
    reply = played.play(played.game.legal_colors()[0])
    open_link(bob, site_url + friend_link_of(reply, "AQIDBAUG", sender=0))
    assert "Anna has moved" in notice(bob)
    final = stored_matches(bob)
    assert_nothing_lost(after, final)
    assert final["filler:match:f-AQIDBAUG"]["events"] == imported["events"]
    assert final[friends[0]]["events"] == reply.to_record()["events"]
    assert [key for key, record in final.items() if (record.get("friend") or {}).get("id") == "AQIDBAUG"] == friends
    assert bob.locator(f"{PANEL}").get_attribute("data-turn") == "mine"
