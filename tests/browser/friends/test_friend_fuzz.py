"""Mutated friend links opened in one booted page (issue 24): the browser's sample of
tests/engine/test_link_fuzz.py. Bob's device has a match with Anna waiting for her
move, a finished match and his ratings; links (tests/link_forge.py: changed character
by character or re-encoded well formed with another move, seat, seed, result, rating
or name) are pasted in the Friends list one after the other. Each is either taken as
the continuation the engine's friend_open says (asked here too, with what the page has
stored) or refused with a message, and nothing else in localStorage changes."""

import json
import random

from driver import FRIEND_PANEL, RATED_BOB, intact_match, wait_engine_table, with_storage
from link_forge import mutated

from filler import api, link
from filler.match import Match

MATCH_ID = "Match-A1"
KEY = "filler:match:f-" + MATCH_ID
TAKEN = {"new", "rebuilt", "extends", "resigned"}
VOLATILE = ("filler:lock:", "filler:index", "filler:probe", "filler:shown", "filler:reviews")


def history(seed):
    rng = random.Random(seed)
    match = link._ready_all(Match.new("quick", seed, games=2))
    states = [match]
    while not match.over:
        match = link._ready_all(match.play(rng.choice(match.game.legal_colors())))
        states.append(match)
    return states


STATES = history(3)
# Bob's device has the match after his move, Anna to move
AT = next(index for index in range(6, len(STATES)) if STATES[index].events[-1][1] == 1 and STATES[index].turn == 0)


def fragment(match, sender=0):
    return link.encode(match, match_id=MATCH_ID, sender=sender, names=("Anna", "Bob"),
                       ratings=((1612.5, 71.3, 0.0601), (1600, 80, 0.06)))


def storage():
    match = STATES[AT]
    friend_match = {**match.to_record(), "id": "f-" + MATCH_ID,
                    "players": [{"kind": "friend", "name": "Anna"}, {"kind": "human", "name": "Bob"}],
                    "clock": None, "created": 1000, "updated": 2000, "finished": False, "result": None,
                    "friend": {"id": MATCH_ID, "seat": 1, "ratings": [[1612.5, 71.3, 0.0601], [1600, 80, 0.06]],
                               "sent": len(match.events), "turn": "theirs"}}
    done = intact_match("m-done", random.Random(1))
    return {**RATED_BOB, KEY: json.dumps(friend_match), "filler:match:m-done": json.dumps(done)}


def links():
    """The sample, in the order opened: mutated links, Anna's next move (taken), an
    older link, more mutated ones, and Anna resigning the match (taken: the match is
    over and rates Bob, who played in it)."""
    rng = random.Random(24)
    bases = [fragment(STATES[1]), fragment(STATES[AT + 1]), fragment(STATES[AT + 3])]
    sample = [mutated(rng.choice(bases), rng, ids=[MATCH_ID]) for _ in range(6)]
    sample += [bases[1], bases[0]]
    sample += [mutated(rng.choice(bases), rng, ids=[MATCH_ID]) for _ in range(4)]
    sample.append(fragment(link._ready_all(STATES[AT + 1].resign_match(0))))
    return sample


def snapshot(page):
    """localStorage as what a player keeps: each match's log, players and friend data,
    the ratings and players (not leases, the index, timestamps)."""
    items = page.evaluate("() => Object.fromEntries(Object.entries(localStorage))")
    kept = {}
    for key, raw in items.items():
        if key.startswith(VOLATILE):
            continue
        value = json.loads(raw)
        if key.startswith("filler:match:"):
            friend = value.get("friend") or {}
            value = {"events": value["events"], "players": value["players"], "finished": bool(value["finished"]),
                     "friend": [friend.get("seat"), friend.get("ratings"), friend.get("rebuilt", False)]}
        kept[key] = value
    return kept


def engine_says(page, text):
    """What the engine makes of the link, given the page's stored copy (as friend.js asks)."""
    def friend_open(**params):
        return json.loads(api.handle(json.dumps({"id": 1, "method": "friend_open", "params": {"link": text, **params}})))

    answer = friend_open()
    if answer["ok"]:
        stored = page.evaluate("(key) => JSON.parse(localStorage.getItem(key))",
                               "filler:match:f-" + answer["result"]["match_id"])
        if stored and stored.get("friend"):
            answer = friend_open(stored={"seat": stored["friend"]["seat"], "record": stored,
                                         "names": [player["name"] for player in stored["players"]]})
    return answer


def paste(page, text):
    """Paste the link in the Friends list (the page opens exactly this text) and wait
    for what it says of it."""
    if page.locator(f"{FRIEND_PANEL} .friend-notice").count():
        page.click('button[data-action="dismiss-friend-notice"]')
        page.wait_for_selector(f"{FRIEND_PANEL} .friend-notice", state="detached")
    handled = int(page.evaluate("document.body.dataset.friendLinks || '0'"))
    page.click("#new-game")
    page.click('[data-tab="friends"]')
    page.fill('input[name="friend-link"]', text)
    page.click('button[data-action="open-link"]')
    page.wait_for_function("(n) => Number(document.body.dataset.friendLinks || 0) > n", arg=handled)
    page.wait_for_selector(f"{FRIEND_PANEL}:not([hidden]) .friend-notice")


def test_a_sample_of_mutated_links_is_taken_as_a_continuation_or_refused(new_guarded_context, site_url):
    context, _ = new_guarded_context()
    with_storage(context, site_url, storage())
    page = context.new_page()
    page.goto(site_url)
    wait_engine_table(page)
    outcomes = []
    for text in links():
        url = site_url + "#" + text
        before = snapshot(page)
        expected = engine_says(page, url.strip())
        paste(page, url)
        shown = page.locator(f"{FRIEND_PANEL} .friend-notice").get_attribute("data-notice")
        after = snapshot(page)
        if not expected["ok"]:
            outcomes.append(expected["error"]["code"])
            assert shown == "friend.refused", (text, expected)
            assert after == before, text
            continue
        result = expected["result"]
        outcomes.append(result["status"])
        key = "filler:match:f-" + result["match_id"]
        assert shown != "friend.refused", text
        # only the link's own match changes (the friend's name even in a link not taken)
        assert {name: value for name, value in after.items() if name != key and name != "filler:ratings"} == \
            {name: value for name, value in before.items() if name != key and name != "filler:ratings"}, text
        if result["status"] in TAKEN:
            assert after[key]["events"] == result["record"]["events"], text
        else:
            assert after[key]["events"] == before[key]["events"], text
        seat = result["seat"]
        played = any(event[1] == seat and event[0] != "ready" for event in after[key]["events"])
        if after["filler:ratings"] != before["filler:ratings"]:
            assert result["status"] in TAKEN and after[key]["finished"] and played, text
            assert not after[key]["friend"][2], text
    # the sample has links refused, taken and kept; the last one ended the match and rated Bob
    assert outcomes[-1] == "extends" and "older" in outcomes and any(o.startswith("link.") for o in outcomes), outcomes
    ratings = json.loads(page.evaluate("localStorage.getItem('filler:ratings')"))["ratings"]
    bob = next(entry for entry in ratings if entry["player"] == "Bob" and entry["variant"] == "quick")
    assert bob["matches"] == 11 and bob["r"] > 1600
