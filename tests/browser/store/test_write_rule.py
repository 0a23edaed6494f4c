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
import time

from driver import (BOOT_TIMEOUT_MS, FRIEND_PANEL, RESUMED, data, friend_notice, open_link,
                    open_store, play_allowed, start_match, wait_engine, wait_friend_turn,
                    wait_my_turn_or_end, with_storage)
from store_records import make_match, save

from filler import link as friend_link
from filler.match import Match


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
    wait_engine(page)
    page.wait_for_function("() => document.body.dataset.tableId && document.body.dataset.tableId !== '0'")
    return page


def stored_record(match, match_id, players=None, finished=None, **extra):
    """`match` (a filler Match) as the page stores it under `match_id`."""
    now = int(time.time() * 1000)
    return {**match.to_record(), "id": match_id, "clock": None, "created": now - 60_000, "updated": now - 1000,
            "players": players or [{"kind": "human", "name": "Bob"}, {"kind": "computer", "level": "greedy", "name": ""}],
            "finished": finished if finished is not None else (now if match.over else False),
            "result": {"outcome": json.loads(json.dumps(match.outcome))} if match.over else None, **extra}


def played(match, count, rng=None):
    """`match` with `count` more moves (the first legal color, or one picked by `rng`)."""
    for _ in range(count):
        colors = match.game.legal_colors()
        match = match.play(rng.choice(colors) if rng else colors[0])
    return match


def preloaded_device(new_guarded_context, site_url, records):
    """A device whose storage holds `records` (match records, or raw values by key)
    before the site's first script runs, booted."""
    context, _ = new_guarded_context()
    with_storage(context, site_url, {key: value if isinstance(value, str) else json.dumps(value)
                                     for key, value in records.items()})
    return context, boot_device(context, site_url)


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
    assert "Anna invites you to a game of Quick" in friend_notice(bob)
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
    assert wait_friend_turn(bob) == "mine"
    play_allowed(bob)
    assert wait_friend_turn(bob) == "theirs"
    played = Match.from_record(after[friends[0]] | {"events": stored_matches(bob)[friends[0]]["events"]})
    reply = played.play(played.game.legal_colors()[0])
    open_link(bob, site_url + friend_link_of(reply, "AQIDBAUG", sender=0))
    assert "Anna has moved" in friend_notice(bob)
    final = stored_matches(bob)
    assert_nothing_lost(after, final)
    assert final["filler:match:f-AQIDBAUG"]["events"] == imported["events"]
    assert final[friends[0]]["events"] == reply.to_record()["events"]
    assert [key for key, record in final.items() if (record.get("friend") or {}).get("id") == "AQIDBAUG"] == friends
    assert bob.locator(f"{FRIEND_PANEL}").get_attribute("data-turn") == "mine"


# ---------------------------------------------------------------- the store itself

SAVE = "([match, options]) => store.saveMatch(match, options)"


def test_the_store_replaces_a_match_only_by_its_continuation(page, site_url):
    open_store(page, site_url)
    assert save(page, make_match("m-a", moves=4))["ok"]

    def events(match_id):
        return page.evaluate("(id) => store.loadMatch(id)?.events ?? null", match_id)

    def step(match, options=None):
        before = stored_matches(page)
        result = page.evaluate(SAVE, [match, options or {}])
        if not (options or {}).get("rewrite"):
            assert_nothing_lost(before, stored_matches(page))
        return result

    # a continuation replaces it
    longer = make_match("m-a", moves=5)
    assert step(longer)["match"]["id"] == "m-a" and events("m-a") == longer["events"]
    # another board under its id (an invitation under a key taken, a clash of ids): beside
    other = {**make_match("m-a", moves=1), "seed": 43}
    result = step(other)
    assert result["ok"] and result["match"]["id"] == "m-a-2" and result["beside"] == "m-a"
    assert events("m-a") == longer["events"] and events("m-a-2") == other["events"]
    assert page.evaluate("() => store.notices.at(-1)") | {"time": 0} == {
        "kind": "kept-beside", "id": "m-a-2", "beside": "m-a", "time": 0,
        "message": "Another match is stored as m-a: it is kept as it was, and this one is saved beside it as m-a-2."}
    # a match with a friend where one without is stored (the reported case), even of one board
    friendly = {**make_match("m-a", moves=6), "friend": {"id": "AQIDBAUG", "seat": 1}}
    assert step(friendly)["match"]["id"] == "m-a-3"
    # the same board, but the logs part: beside too
    parted = make_match("m-a", moves=5)
    parted["events"][4] = ["move", 0, 6]
    assert step(parted)["match"]["id"] == "m-a-4" and events("m-a") == longer["events"]
    # a shorter log (a stale tab, a lost move): refused, the longer one is kept
    shorter = make_match("m-a", moves=3)
    refused = step(shorter)
    assert refused["ok"] is False and refused["reason"] == "older" and "it is kept" in refused["message"]
    assert events("m-a") == longer["events"]
    # a rewrite named for what it is not is no rewrite: a take-back never branches
    assert step(parted, {"rewrite": "take-back"})["match"]["id"] == "m-a-5"
    assert step(shorter, {"rewrite": "crossed"})["reason"] == "older"
    assert step(shorter, {"rewrite": "anything"})["reason"] == "older"
    # the rewrites that are no continuation, named by their callers
    assert step(shorter, {"rewrite": "take-back"})["match"]["id"] == "m-a" and events("m-a") == shorter["events"]
    assert step(parted, {"rewrite": "crossed"})["match"]["id"] == "m-a" and events("m-a") == parted["events"]
    assert sorted(entry["id"] for entry in page.evaluate("() => store.listMatches()")) == [
        "m-a", "m-a-2", "m-a-3", "m-a-4", "m-a-5"]
    # a game left before its first move is removed only while it has none
    assert page.evaluate("() => store.removeMatch('m-a', {unplayed: true})")["reason"] == "played"
    assert events("m-a") == parted["events"]


def test_a_tab_never_writes_a_shorter_or_parted_log_over_another_tabs_longer_one(page, site_url):
    tab_a, tab_b = page, page.context.new_page()
    open_store(tab_a, site_url, tabId="A")
    open_store(tab_b, site_url, tabId="B")
    at_a = make_match("m-two", moves=3)
    assert save(tab_a, at_a)["ok"]
    # tab A goes into the back-forward cache (pagehide lets go of its match); tab B
    # opens the match meanwhile, plays on and leaves it; tab A comes back (pageshow
    # claims it again) with the older log at its table
    tab_a.evaluate("() => store.releaseMatch('m-two')")
    # tab A's writes reach tab B a moment later (Chromium's tabs each keep a copy of
    # localStorage): B opens the match once it has heard of them, as a player would
    tab_b.wait_for_function("() => events.some(e => e.type === 'lease' && e.state === 'released')")
    assert tab_b.evaluate("() => store.claimMatch('m-two')") == {"ok": True}
    tab_b.evaluate("() => store.loadMatch('m-two')")
    at_b = make_match("m-two", moves=5)
    saved = save(tab_b, at_b)
    assert saved["ok"], saved
    tab_b.evaluate("() => store.releaseMatch('m-two')")
    tab_a.wait_for_function("() => JSON.parse(localStorage.getItem('filler:match:m-two')).events.length === 5")
    assert tab_a.evaluate("() => store.claimMatch('m-two')") == {"ok": True}
    before = stored_matches(tab_a)
    # without reading it, tab A's save is refused as before (its copy changed elsewhere)
    assert save(tab_a, at_a)["reason"] == "changed-elsewhere"
    # tab A reads the match (as its Friends list or a review does) while its table still
    # has the older log; what its table saves then must not undo tab B's moves
    tab_a.evaluate("() => store.loadMatch('m-two')")
    refused = save(tab_a, at_a)
    assert refused["ok"] is False and refused["reason"] == "older"
    mine = make_match("m-two", moves=4)
    mine["events"][3] = ["move", 1, 0]
    kept = save(tab_a, mine)
    assert kept["ok"] and kept["match"]["id"] == "m-two-2"
    after = stored_matches(tab_a)
    assert_nothing_lost(before, after)
    assert after["filler:match:m-two"]["events"] == at_b["events"]
    assert after["filler:match:m-two-2"]["events"] == mine["events"]


# ---------------------------------------------------------------- the page's paths


def resumed_and_moved(page, match_id):
    """Wait for `match_id` to be resumed, play a move and its answer: the stored matches
    after it, none lost since before it."""
    page.wait_for_function(RESUMED, arg=match_id, timeout=BOOT_TIMEOUT_MS)
    before = stored_matches(page)
    wait_my_turn_or_end(page)
    play_allowed(page)
    wait_my_turn_or_end(page)
    after = stored_matches(page)
    assert_nothing_lost(before, after)
    return after


def test_new_games_and_moves_keep_every_stored_match(new_guarded_context, site_url):
    done = stored_record(played(Match.new("quick", 11, games=1), 3).resign_match(0), "m-done")
    going = stored_record(played(Match.new("quick", 12, games=1), 2), "m-going")
    _, page = preloaded_device(new_guarded_context, site_url, {"filler:match:m-done": done,
                                                               "filler:match:m-going": going})
    # a move: the resumed match goes on under its id
    after = resumed_and_moved(page, "m-going")
    assert len(after["filler:match:m-going"]["events"]) > len(going["events"])
    # a new game, its moves; another one left before its first move, and a third
    for _ in range(2):
        start_match(page, name="Bob", games=1)
        new_id = data(page, "matchId")
        assert f"filler:match:{new_id}" not in after
        play_allowed(page)
        wait_my_turn_or_end(page)
        after, before = stored_matches(page), after
        assert_nothing_lost(before, after)
        assert after[f"filler:match:{new_id}"]["events"]
    start_match(page, name="Bob", games=1)
    start_match(page, name="Bob", games=1)
    assert_nothing_lost(after, stored_matches(page))
    assert not [key for key in stored_matches(page) if key.startswith("filler:quarantine:")]
    assert page.locator('.notice[data-kind="kept-beside"]').count() == 0


def test_a_take_back_in_practice_is_a_rewrite_named_as_such(new_guarded_context, site_url):
    context, _ = new_guarded_context()
    page = boot_device(context, site_url)
    before = page.evaluate("document.body.dataset.tableId")
    page.click("#new-game")
    page.select_option('select[name="variant"]', "practice")
    page.select_option('select[name="seat0-kind"]', "human")
    page.select_option('select[name="seat1-kind"]', "computer")
    page.click('button[data-action="start"]')
    page.wait_for_function("(before) => document.body.dataset.variant === 'practice'"
                           " && document.body.dataset.tableId !== before", arg=before)
    match_id = data(page, "matchId")
    play_allowed(page)
    page.wait_for_function("() => document.body.dataset.moves === '2'")  # and the computer's answer
    saved = stored_matches(page)[f"filler:match:{match_id}"]
    assert len(saved["events"]) == 2
    page.click('button[data-action="undo"]')
    page.wait_for_function("() => document.body.dataset.moves === '0'")
    # the saved log is taken back too, in place: no copy beside it, no notice
    after = stored_matches(page)
    assert after[f"filler:match:{match_id}"]["events"] == []
    assert [key for key, record in after.items() if record.get("seed") == saved["seed"]] == [f"filler:match:{match_id}"]
    assert page.locator(".notice").count() == 0
    # and play goes on from there, saved
    colors = [int(button.get_attribute("data-color"))
              for button in page.locator(".color-button:not([aria-disabled])").all()]
    other = [color for color in colors if color != saved["events"][0][2]][0]
    page.click(f'.color-button[data-color="{other}"]')
    page.wait_for_function("() => document.body.dataset.moves === '2'")
    events = stored_matches(page)[f"filler:match:{match_id}"]["events"]
    assert events[0] == ["move", 0, other] and len(events) == 2
    assert page.evaluate("document.body.dataset.matchId") == match_id


def test_an_import_keeps_every_match_here(new_guarded_context, site_url, tmp_path):
    anna_bob = [{"kind": "friend", "name": "Anna"}, {"kind": "human", "name": "Bob"}]
    friend_match = played(Match.new("quick", 21, games=1), 3).resign_match(1)
    with_friend = stored_record(friend_match, "f-AAAAAAAA", players=anna_bob, friend={
        "id": "AAAAAAAA", "seat": 1, "ratings": [None, None], "sent": 4, "turn": "over"})
    plain = stored_record(played(Match.new("quick", 22, games=1), 4).resign_match(0), "m-plain")
    _, page = preloaded_device(new_guarded_context, site_url, {"filler:match:f-AAAAAAAA": with_friend,
                                                               "filler:match:m-plain": plain})
    before = stored_matches(page)
    # the friend match's board and moves, but no friend match: another match
    no_friend = stored_record(played(Match.new("quick", 21, games=1), 3).resign_match(1), "f-AAAAAAAA",
                              players=[{"kind": "human", "name": "Bob"}, {"kind": "human", "name": "Cas"}])
    no_friend["updated"] += 60_000
    another_game = stored_record(played(Match.new("quick", 23, games=1), 2).resign_match(0), "m-plain")
    shorter = stored_record(played(Match.new("quick", 22, games=1), 2), "m-plain")  # its first moves
    report = import_file(page, tmp_path, [no_friend, another_game, shorter])
    assert "2 taken, 1 already here, 0 refused" in report
    after = stored_matches(page)
    assert_nothing_lost(before, after)
    assert after["filler:match:f-AAAAAAAA"] == before["filler:match:f-AAAAAAAA"]
    assert after["filler:match:m-plain"] == before["filler:match:m-plain"]
    assert after["filler:match:f-AAAAAAAA-2"]["players"][1]["name"] == "Cas"
    assert after["filler:match:m-plain-2"]["seed"] == 23
    assert "both are kept, this one as f-AAAAAAAA-2" in report
    # the same file again: no second copy of what was kept beside
    assert "0 taken, 3 already here, 0 refused" in import_file(page, tmp_path, [no_friend, another_game, shorter])
    assert stored_matches(page) == after


def test_a_migrated_match_is_continued_in_place(new_guarded_context, site_url):
    old = played(Match.new("quick", 31, games=1), 2)
    record = stored_record(old, "m-old")
    for field in ("format", "version", "events"):
        del record[field]
    record["moves"] = [event[1:] for event in old.to_record()["events"]]  # version 0: no events yet
    _, page = preloaded_device(new_guarded_context, site_url, {"filler:match:m-old": record})
    after = resumed_and_moved(page, "m-old")
    assert after["filler:match:m-old"]["version"] == 1 and len(after["filler:match:m-old"]["events"]) > 2
    assert list(after) == ["filler:match:m-old"]
    assert page.locator(".notice").count() == 0


def test_a_match_taken_over_from_tab_to_tab_loses_no_move(new_guarded_context, site_url):
    context, _ = new_guarded_context()
    first = boot_device(context, site_url)
    start_match(first, name="Ida", games=1)
    match_id = data(first, "matchId")
    play_allowed(first)
    wait_my_turn_or_end(first)
    key = f"filler:match:{match_id}"
    history = [stored_matches(first)]
    second = context.new_page()
    second.goto(site_url)
    for taker, other in ((second, first), (first, second)):
        # "Play it here": the match is replayed from storage in this tab, then played on
        taker.wait_for_selector('button[data-action="take-over"]', timeout=BOOT_TIMEOUT_MS)
        taker.click('button[data-action="take-over"]')
        taker.wait_for_function(RESUMED, arg=match_id, timeout=BOOT_TIMEOUT_MS)
        other.wait_for_selector('.notice[data-kind="taken-over"]')
        wait_my_turn_or_end(taker)
        play_allowed(taker)
        wait_my_turn_or_end(taker)
        # the tab that lost it hides (it would save its clock then) and comes back
        other.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
        history.append(stored_matches(taker))
        assert_nothing_lost(history[-2], history[-1])
        assert len(history[-1][key]["events"]) > len(history[-2][key]["events"])
    assert [k for k in history[-1] if k.startswith("filler:match:")] == [key]
