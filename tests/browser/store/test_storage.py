"""js/store/storage.js in a real Chromium: what a player keeps, whatever the storage does.

Each test opens a blank page of the site's origin, imports the module there and talks to
it the way the lobby and the table do. Broken storage is made with the browser itself
(a real full quota, a localStorage getter that throws), never by mocking the module.
Nothing waits on time: lease expiry uses the store's injectable clock, and events are
awaited with wait_for_function. Here is what the browser adds to: localStorage kept over a
reload, its quota, storage refused, two tabs and their storage events, leaving the page;
the rest of the store (its checks, what is set aside, migrations, imports, the board of
the day's history) is tested without a browser, in tests/engine/test_store.py.
"""

import json

import pytest
from driver import FILL_QUOTA, open_store
from store_records import listed_ids, make_match, save, stored


CLAIMED_BY = "(tab) => events.some(e => e.type === 'lease' && e.state === 'claimed' && e.holder === tab)"

NOT_AVAILABLE = {
    "throws": """Object.defineProperty(window, 'localStorage', {configurable: true,
        get() { throw new DOMException("Access is denied for this document.", "SecurityError"); }});""",
    "null": "Object.defineProperty(window, 'localStorage', {configurable: true, get: () => null});",
}


def test_a_saved_match_profile_rating_and_settings_survive_a_reload(page, site_url):
    assert open_store(page, site_url)["persistent"] is True
    match = make_match("m-one", moves=5)
    result = save(page, match)
    assert result["ok"] and result["persisted"]
    custom = {**make_match("m-custom"), "seed": None, "board": {"rows": ["0123", "2301"]}}
    assert save(page, custom)["ok"]
    assert page.evaluate("() => store.addPlayer('  Anna ')")["player"]["name"] == "Anna"
    assert page.evaluate("() => store.addPlayer('anna')")["existed"] is True
    assert page.evaluate("() => store.setRating('Anna', 'classic', {r: 1612.5, rd: 80, vol: 0.06, matches: 4})")["ok"]
    assert page.evaluate("() => store.setSettings({language: 'nl', theme: 'dark', symbols: true})")["ok"]
    refused = page.evaluate("() => store.setSettings({theme: 'purple'})")
    assert refused["ok"] is False and refused["reason"] == "invalid"

    page.reload()
    assert open_store(page, site_url)["notices"] == []
    loaded = page.evaluate("() => store.loadMatch('m-one')")
    assert {key: loaded[key] for key in match} == match
    assert loaded["format"] == "filler-match" and loaded["version"] == 1
    assert loaded["created"] <= loaded["updated"]
    assert page.evaluate("() => store.loadMatch('m-custom').board") == custom["board"]
    entry = next(entry for entry in page.evaluate("() => store.listMatches()") if entry["id"] == "m-one")
    assert entry["events"] == 5 and entry["finished"] is None and entry["openElsewhere"] is False
    assert page.evaluate("() => store.listPlayers().map(p => p.name)") == ["Anna"]
    assert page.evaluate("() => store.getRating('anna', 'classic')")["r"] == 1612.5
    settings = page.evaluate("() => store.getSettings()")
    assert (settings["language"], settings["theme"], settings["symbols"], settings["sound"]) == ("nl", "dark", True, True)
    # Every key is ours and every value carries its schema version.
    keys = page.evaluate("() => Object.keys(localStorage)")
    assert keys and all(key.startswith("filler:") for key in keys)
    assert all(json.loads(stored(page, key))["version"] == 1 for key in keys)


def test_a_full_quota_prunes_the_oldest_finished_matches_with_a_notice(page, site_url):
    open_store(page, site_url)
    finished_at = {"m-fin-1": 1000, "m-fin-2": 2000, "m-fin-3": 3000}
    for match_id, at in finished_at.items():
        assert save(page, make_match(match_id, moves=1500, finished=at))["ok"]
    assert save(page, make_match("m-unfinished", moves=1500))["ok"]
    assert page.evaluate("() => store.addPlayer('Anna').ok")
    page.evaluate("() => store.releaseAll()")  # left their tables (a match open here is never pruned)
    page.evaluate(FILL_QUOTA)

    result = save(page, make_match("m-big", moves=2500))
    assert result["ok"] and result["persisted"], result
    notices = page.evaluate("() => store.notices")
    assert notices and {n["kind"] for n in notices} == {"pruned"}
    pruned = [entry["id"] for n in notices for entry in n["matches"]]
    assert pruned and pruned == ["m-fin-1", "m-fin-2", "m-fin-3"][:len(pruned)]
    assert all(f"removed {len(n['matches'])} old finished match" in n["message"] for n in notices)
    # Unfinished matches, profiles and other sites' data are never pruned.
    remaining = set(listed_ids(page))
    assert {"m-unfinished", "m-big"} <= remaining and not remaining & set(pruned)
    assert page.evaluate("() => store.listPlayers().length") == 1
    assert stored(page, "other-app:junk-0") is not None

    page.reload()
    open_store(page, site_url)
    assert len(page.evaluate("() => store.loadMatch('m-big').events")) == 2500
    assert set(listed_ids(page)) == remaining


def test_a_full_quota_with_nothing_to_prune_keeps_the_match_in_memory(page, site_url):
    open_store(page, site_url)
    assert save(page, make_match("m-first", moves=200))["ok"]
    page.evaluate(FILL_QUOTA)
    match = make_match("m-second", moves=2000)
    result = save(page, match)
    assert result["ok"] and result["persisted"] is False
    [notice] = page.evaluate("() => store.notices")
    assert notice["kind"] == "quota" and notice["key"] == "filler:match:m-second"
    # Play goes on: the match is there for this page, and nothing was thrown away.
    assert len(page.evaluate("() => store.loadMatch('m-second').events")) == 2000
    assert sorted(listed_ids(page)) == ["m-first", "m-second"]
    match["events"].append(["move", 0, 1])
    assert save(page, match)["ok"]
    assert len(page.evaluate("() => store.notices")) == 1
    assert len(json.loads(stored(page, "filler:match:m-first"))["events"]) == 200


def test_the_last_table_shown_is_dropped_first_when_full_and_a_bad_one_is_ignored(page, site_url):
    open_store(page, site_url)
    board = page.evaluate("async () => (await (await fetch('snapshots.json')).json()).boards.quick[0]")
    shown = {"match": "m-live", **board}
    page.evaluate("(shown) => store.keepShown(shown)", shown)
    assert page.evaluate("() => store.shown()") == {"version": 1, **shown}
    # not JSON, a wrong shape, another version: ignored, nothing set aside, no notice
    wrong_state = {**board["state"], "previews": [], "turn": "0"}
    for raw in ["{nope", json.dumps({"version": 1, "match": "m-live", "layout": board["layout"], "state": wrong_state}),
                json.dumps({"version": 1, "match": "../x", **board}), json.dumps({"version": 2, **shown})]:
        page.evaluate("(raw) => localStorage.setItem('filler:shown', raw)", raw)
        assert page.evaluate("() => store.shown()") is None
        assert stored(page, "filler:shown") == raw
    assert page.evaluate("() => store.notices") == []
    assert page.evaluate("() => Object.keys(localStorage).filter(k => k.startsWith('filler:quarantine:'))") == []

    # storage full: a match's write drops it first (no finished match is pruned for it,
    # no notice), and while full it is simply not kept
    page.evaluate("(shown) => store.keepShown(shown)", shown)
    assert save(page, make_match("m-fin", finished=True))["ok"]
    page.evaluate("() => store.releaseAll()")
    page.evaluate(FILL_QUOTA)
    result = save(page, make_match("m-next", moves=2))
    assert result["ok"] and result["persisted"], result
    assert stored(page, "filler:shown") is None
    assert sorted(listed_ids(page)) == ["m-fin", "m-next"]
    page.evaluate("(shown) => store.keepShown(shown)", shown)
    assert page.evaluate("() => store.shown()") is None
    assert page.evaluate("() => store.notices") == []


@pytest.mark.parametrize("how", sorted(NOT_AVAILABLE))
def test_without_storage_play_goes_on_in_memory_with_a_notice(page, site_url, how):
    page.add_init_script(NOT_AVAILABLE[how])
    opened = open_store(page, site_url)
    assert opened["persistent"] is False
    [notice] = opened["notices"]
    assert notice["kind"] == "memory" and "nothing is kept" in notice["message"]
    match = make_match("m-memory")
    assert save(page, match)["ok"]
    assert page.evaluate("() => store.loadMatch('m-memory').events.length") == len(match["events"])
    assert listed_ids(page) == ["m-memory"]
    assert page.evaluate("() => store.setSettings({sound: false}).settings.sound") is False
    assert page.evaluate("() => store.claimMatch('m-memory').ok")


def test_two_tabs_never_overwrite_one_match(page, site_url):
    tab_a, tab_b = page, page.context.new_page()
    open_store(tab_a, site_url, tabId="A")
    open_store(tab_b, site_url, tabId="B")
    match = make_match("m-shared", moves=2)
    assert tab_a.evaluate("(id) => store.claimMatch(id)", "m-shared") == {"ok": True}
    assert save(tab_a, match)["ok"]

    # Tab B learns that the match is open elsewhere and cannot write it.
    tab_b.wait_for_function(CLAIMED_BY, arg="A")
    assert tab_b.evaluate("() => store.listMatches()[0].openElsewhere") is True
    claim = tab_b.evaluate("(id) => [store.claimMatch(id), Date.now()]", "m-shared")
    assert claim[0]["ok"] is False and claim[0]["holder"] == "A"
    assert claim[0]["expires"] > claim[1]  # A's lease runs on unless A stops renewing it
    loaded = tab_b.evaluate("(id) => store.loadMatch(id)", "m-shared")
    refused = save(tab_b, {**loaded, "events": loaded["events"] + [["resign_match", 0]]})
    assert refused["ok"] is False and refused["reason"] == "open-elsewhere" and refused["holder"] == "A"

    # Tab A plays on; tab B hears of it.
    match["events"].append(["move", 0, 4])
    assert save(tab_a, match)["ok"]
    tab_b.wait_for_function("() => events.some(e => e.type === 'changed' && e.what === 'match' && e.id === 'm-shared')")
    tab_a.evaluate("() => store.setSettings({theme: 'dark'})")
    tab_b.wait_for_function("() => events.some(e => e.type === 'changed' && e.what === 'settings')")
    assert tab_b.evaluate("() => store.getSettings().theme") == "dark"

    # Tab B takes over: tab A is told, and its saves are refused from then on.
    assert tab_b.evaluate("(id) => store.takeOverMatch(id)", "m-shared") == {"ok": True, "previous": "A"}
    tab_a.wait_for_function("() => events.some(e => e.type === 'lease' && e.state === 'lost' && e.holder === 'B')")
    assert tab_a.evaluate("() => store.notices.map(n => n.kind)") == ["lease-lost"]
    taken = tab_b.evaluate("(id) => store.loadMatch(id)", "m-shared")
    assert len(taken["events"]) == 3
    taken["events"].append(["move", 1, 2])
    assert save(tab_b, taken)["ok"]
    tab_a.wait_for_function("() => events.some(e => e.type === 'changed' && e.id === 'm-shared')")
    match["events"].append(["move", 1, 6])
    stale = save(tab_a, match)
    assert stale["ok"] is False and stale["reason"] == "taken-over"
    assert json.loads(stored(tab_a, "filler:match:m-shared"))["events"] == taken["events"]

    # Tab B leaves the table; tab A may open it again but must load the newer copy first.
    tab_b.evaluate("(id) => store.releaseMatch(id)", "m-shared")
    tab_a.wait_for_function("() => events.some(e => e.type === 'lease' && e.state === 'released')")
    assert tab_a.evaluate("(id) => store.claimMatch(id)", "m-shared") == {"ok": True}
    assert save(tab_a, match)["reason"] == "changed-elsewhere"
    fresh = tab_a.evaluate("(id) => store.loadMatch(id)", "m-shared")
    assert save(tab_a, fresh)["ok"]


def test_a_lease_that_was_not_renewed_expires(page, site_url):
    tab_a, tab_b = page, page.context.new_page()
    open_store(tab_a, site_url, tabId="A", leaseMs=20000)
    open_store(tab_b, site_url, tabId="B", leaseMs=20000)
    assert save(tab_a, make_match("m-idle"))["ok"]
    # Another tab's writes reach this one a moment later, as a storage event.
    tab_b.wait_for_function(CLAIMED_BY, arg="A")
    assert tab_b.evaluate("() => store.claimMatch('m-idle').ok") is False
    # Tab B's clock runs past the lease that tab A did not renew (a closed or frozen tab).
    tab_b.evaluate("() => { window.clockOffset = 60000; }")
    assert tab_b.evaluate("() => store.claimMatch('m-idle')") == {"ok": True}
    tab_b.evaluate("() => store.loadMatch('m-idle')")
    assert save(tab_b, make_match("m-idle", moves=4))["ok"]
    # Tab A, waking up, finds out (at the latest when it renews) and does not write.
    tab_a.wait_for_function("() => JSON.parse(localStorage.getItem('filler:lock:m-idle')).tab === 'B'")
    tab_a.evaluate("() => store.renewLeases()")
    assert tab_a.evaluate("() => store.holds('m-idle')") is False
    assert save(tab_a, make_match("m-idle", moves=9))["reason"] == "taken-over"


def test_leaving_the_page_releases_its_leases(page, site_url):
    tab_a, tab_b = page, page.context.new_page()
    open_store(tab_a, site_url, tabId="A")
    open_store(tab_b, site_url, tabId="B")
    assert save(tab_a, make_match("m-left"))["ok"]
    tab_b.wait_for_function(CLAIMED_BY, arg="A")
    assert tab_b.evaluate("() => store.claimMatch('m-left').ok") is False
    tab_a.close()
    tab_b.wait_for_function("() => events.some(e => e.type === 'lease' && e.state === 'released')")
    assert tab_b.evaluate("() => store.claimMatch('m-left')") == {"ok": True}


def ours(page):
    return page.evaluate("() => Object.fromEntries(Object.entries(localStorage).filter(([k]) => k.startsWith('filler:')))")


def test_an_import_that_does_not_fit_writes_nothing_and_says_so(page, site_url):
    open_store(page, site_url)
    assert page.evaluate("() => store.addPlayer('Anna').ok")
    assert save(page, make_match("m-here", moves=10))["ok"]
    page.evaluate(FILL_QUOTA)
    before = ours(page)
    document = {"format": "filler-export", "version": 1,
                "players": [{"name": "Cas"}],
                "ratings": [{"player": "Cas", "variant": "classic", "r": 1500, "rd": 200, "vol": 0.06, "matches": 1}],
                "matches": [{**make_match("m-big", moves=3000), "format": "filler-match", "version": 1,
                             "created": 1, "updated": 2}]}
    report = page.evaluate("(doc) => store.importAll(doc)", document)
    assert report["taken"] == [] and report["unchanged"] == []
    [refused] = report["refused"]
    assert refused["what"] == "file" and refused["why"]["code"] == "store.import_full"
    assert "nothing of it was imported" in refused["why"]["message"]
    assert ours(page) == before
    assert page.evaluate("() => store.listPlayers().map(p => p.name)") == ["Anna"]
    assert page.evaluate("() => store.getRating('Cas', 'classic')") is None
    assert listed_ids(page) == ["m-here"]


def test_a_full_quota_never_prunes_a_match_kept_in_memory_or_open_at_this_table(page, site_url):
    open_store(page, site_url)
    assert save(page, make_match("m-open", moves=10))["ok"]
    page.evaluate(FILL_QUOTA)
    # finished while storage is full: in memory only
    assert save(page, make_match("m-open", moves=11, finished=5000))["persisted"] is False
    assert save(page, make_match("m-memory", moves=500, finished=1000))["persisted"] is False
    page.evaluate("() => store.releaseMatch('m-memory')")
    assert page.evaluate("() => store.addPlayer('Anna').persisted") is False
    assert page.evaluate("() => store.notices.filter(n => n.kind === 'pruned')") == []
    assert sorted(listed_ids(page)) == ["m-memory", "m-open"]
    assert len(page.evaluate("() => store.loadMatch('m-open').events")) == 12
    # one notice names everything that is kept in memory only
    [notice] = page.evaluate("() => store.notices")
    assert notice["kind"] == "quota" and notice["exportable"] is True
    assert [(item["kind"], item.get("id")) for item in notice["unkept"]] == [
        ("match", "m-open"), ("match", "m-memory"), ("players", None)]
    assert "the match m-open (classic, Anna)" in notice["message"]
    exported = page.evaluate("() => store.exportAll()")
    assert sorted(m["id"] for m in exported["matches"]) == ["m-memory", "m-open"]
    assert [p["name"] for p in exported["players"]] == ["Anna"]


def test_kept_reviews_of_shared_games_are_few_and_go_first_when_storage_is_full(page, site_url):
    open_store(page, site_url)
    review = {"format": "filler-review", "game": 0, "results": ["x" * 2000]}
    for number in range(12):
        assert page.evaluate("([key, review]) => store.keepReview(key, review)", [f"game-{number}", review])
    kept = json.loads(stored(page, "filler:reviews"))["reviews"]
    assert [entry["key"] for entry in kept] == [f"game-{number}" for number in range(11, 3, -1)]  # the newest 8
    assert page.evaluate("() => store.loadKeptReview('game-11')") == review
    assert page.evaluate("() => store.loadKeptReview('game-0')") is None
    assert page.evaluate("() => store.loadKeptReview('__proto__')") is None
    # a bad kept value reads as none, and never breaks the store
    page.evaluate("() => localStorage.setItem('filler:reviews', '{\"version\": 1, \"reviews\": [null, 5]}')")
    assert page.evaluate("() => store.loadKeptReview('game-11')") is None

    for number in range(8):
        page.evaluate("([key, review]) => store.keepReview(key, review)", [f"game-{number}", review])
    assert save(page, make_match("m-old", moves=200, finished=1000))["ok"]
    page.evaluate("() => store.releaseAll()")
    page.evaluate(FILL_QUOTA)
    # a match that does not fit: the kept reviews go, no finished match is pruned
    result = save(page, make_match("m-new", moves=400))
    assert result["ok"] and result["persisted"], result
    assert stored(page, "filler:reviews") is None
    assert stored(page, "filler:match:m-old") is not None
    assert not page.evaluate("() => store.notices")
    # storage full: a review is not kept, and says so (false)
    assert page.evaluate("([key, review]) => store.keepReview(key, review)", ["game-x", {"results": ["y" * 200000]}]) is False
