"""js/store/storage.js in a real Chromium: what a player keeps, whatever the storage does.

Each test opens a blank page of the site's origin, imports the module there and talks to
it the way the lobby and the table do. Broken storage is made with the browser itself
(a real full quota, a localStorage getter that throws), never by mocking the module.
Nothing waits on time: lease expiry uses the store's injectable clock, and events are
awaited with wait_for_function.
"""

import datetime
import json

import pytest

HARNESS = "__storage_harness.html"
HARNESS_HTML = "<!doctype html><meta charset=utf-8><title>storage harness</title>"

# Imports the module and opens a store whose clock is Date.now() + window.clockOffset;
# every event the store reports is kept in window.events.
OPEN_STORE = """async (options) => {
  window.S = await import('./js/store/storage.js');
  window.clockOffset = window.clockOffset || 0;
  window.events = [];
  window.store = S.openStorage({...options, now: () => Date.now() + window.clockOffset});
  store.subscribe((event) => window.events.push(event));
  return {persistent: store.persistent, notices: store.notices};
}"""

# Fills this origin's real localStorage up to its quota with another app's data.
FILL_QUOTA = """() => {
  let chunk = 'x'.repeat(1 << 20);
  let count = 0;
  while (chunk.length >= 8) {
    try {
      localStorage.setItem('other-app:junk-' + count, chunk);
      count += 1;
    } catch (error) {
      if (error.name !== 'QuotaExceededError') throw error;
      chunk = chunk.slice(0, chunk.length >> 1);
    }
  }
  return count;
}"""

CLAIMED_BY = "(tab) => events.some(e => e.type === 'lease' && e.state === 'claimed' && e.holder === tab)"

NOT_AVAILABLE = {
    "throws": """Object.defineProperty(window, 'localStorage', {configurable: true,
        get() { throw new DOMException("Access is denied for this document.", "SecurityError"); }});""",
    "null": "Object.defineProperty(window, 'localStorage', {configurable: true, get: () => null});",
}


def open_store(page, site_url, **options):
    """Go to a blank page of the site and open a store there; returns what it reported."""
    if not getattr(page, "_storage_harness", False):
        page.route(site_url + HARNESS, lambda route: route.fulfill(
            status=200, content_type="text/html", body=HARNESS_HTML))
        page._storage_harness = True
    page.goto(site_url + HARNESS)
    return page.evaluate(OPEN_STORE, {"renewMs": 0, **options})


def make_match(match_id, moves=3, finished=None, variant="classic"):
    return {
        "id": match_id,
        "variant": variant,
        "seed": 42,
        "options": {},
        "games": 2,
        "players": [{"kind": "human", "name": "Anna"}, {"kind": "bot", "level": 3}],
        "events": [["move", index % 2, index % 7] for index in range(moves)]
        + ([["resign_match", 1]] if finished else []),
        "clock": {"bank_ms": [300000, 299000], "increment_ms": 2000, "running": None},
        "finished": finished,
    }


def save(page, match):
    return page.evaluate("(match) => store.saveMatch(match)", match)


def listed_ids(page):
    return [entry["id"] for entry in page.evaluate("() => store.listMatches()")]


def stored(page, key):
    return page.evaluate("(key) => localStorage.getItem(key)", key)


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


def test_each_move_saves_the_match_at_once(page, site_url):
    open_store(page, site_url)
    match = make_match("m-live", moves=0)
    for moves in range(1, 4):
        match["events"].append(["move", moves % 2, moves])
        assert save(page, match)["ok"]
        assert len(json.loads(stored(page, "filler:match:m-live"))["events"]) == moves
        assert json.loads(stored(page, "filler:index"))["matches"][0]["events"] == moves


def test_a_corrupt_match_is_set_aside_with_a_notice_and_the_rest_still_works(page, site_url):
    open_store(page, site_url)
    for match_id in ("m-good", "m-broken", "m-misshapen"):
        assert save(page, make_match(match_id))["ok"]
    page.evaluate("""() => {
        localStorage.setItem('filler:match:m-broken', '{"id": "m-broken", "events": [');
        const misshapen = JSON.parse(localStorage.getItem('filler:match:m-misshapen'));
        misshapen.events = 'lots';
        localStorage.setItem('filler:match:m-misshapen', JSON.stringify(misshapen));
    }""")
    broken_raw = stored(page, "filler:match:m-broken")
    misshapen_raw = stored(page, "filler:match:m-misshapen")

    page.reload()
    open_store(page, site_url)
    assert listed_ids(page) == ["m-good"]
    notices = page.evaluate("() => store.notices")
    assert sorted((n["kind"], n["key"], n["reason"]) for n in notices) == [
        ("corrupt", "filler:match:m-broken", "json"),
        ("corrupt", "filler:match:m-misshapen", "shape"),
    ]
    assert all(n["message"] for n in notices)
    # Set aside, not deleted: the raw values are kept, byte for byte.
    aside = {n["key"]: n["setAsideAs"] for n in notices}
    assert aside["filler:match:m-broken"].startswith("filler:quarantine:filler:match:m-broken:")
    assert stored(page, aside["filler:match:m-broken"]) == broken_raw
    assert stored(page, aside["filler:match:m-misshapen"]) == misshapen_raw
    assert stored(page, "filler:match:m-broken") is None
    # Found while the store opened (everything is checked then, one event), so they are
    # in store.notices, not told again to later subscribers; everything else goes on.
    assert page.evaluate("() => events.filter(e => e.type === 'notice').length") == 0
    assert page.evaluate("() => store.loadMatch('m-good').id") == "m-good"
    assert page.evaluate("() => store.loadMatch('m-broken')") is None
    assert save(page, make_match("m-new"))["ok"]
    assert sorted(listed_ids(page)) == ["m-good", "m-new"]


def test_the_match_list_heals_when_its_index_is_lost_or_broken(page, site_url):
    open_store(page, site_url)
    for match_id in ("m-1", "m-2", "m-3"):
        assert save(page, {**make_match(match_id), "result": {"points": [1, 0]}})["ok"]
    page.evaluate("() => localStorage.removeItem('filler:index')")
    page.reload()
    open_store(page, site_url)
    assert sorted(listed_ids(page)) == ["m-1", "m-2", "m-3"]
    assert page.evaluate("() => store.listMatches()[0].result") == {"points": [1, 0]}
    assert len(json.loads(stored(page, "filler:index"))["matches"]) == 3
    assert page.evaluate("() => store.notices") == []
    # A broken index is set aside like anything else, and rebuilt from the matches.
    page.evaluate("() => localStorage.setItem('filler:index', '[[[')")
    page.reload()
    open_store(page, site_url)
    assert sorted(listed_ids(page)) == ["m-1", "m-2", "m-3"]
    assert page.evaluate("() => store.notices.map(n => [n.kind, n.key])") == [["corrupt", "filler:index"]]


def test_corrupt_profiles_and_settings_are_set_aside_and_defaults_used(page, site_url):
    open_store(page, site_url)
    page.evaluate("""() => {
        localStorage.setItem('filler:players', 'not json at all');
        localStorage.setItem('filler:settings', JSON.stringify({version: 1, settings: {theme: 42}}));
    }""")
    assert page.evaluate("() => store.listPlayers()") == []
    assert page.evaluate("() => store.getSettings().theme") == "auto"
    kinds = page.evaluate("() => store.notices.map(n => [n.kind, n.key])")
    assert sorted(kinds) == [["corrupt", "filler:players"], ["corrupt", "filler:settings"]]
    assert page.evaluate("() => store.addPlayer('Bram').ok")
    assert page.evaluate("() => store.listPlayers().map(p => p.name)") == ["Bram"]


def test_data_from_a_newer_version_is_set_aside_and_older_data_is_migrated(page, site_url):
    open_store(page, site_url)
    newer = {**make_match("m-future"), "format": "filler-match", "version": 2,
             "created": 1, "updated": 2, "hologram": True}
    version_0 = {"id": "m-old", "variant": "classic", "seed": 7, "games": 1,
                 "players": [{"kind": "human", "name": "Anna"}], "moves": [[0, 3], [1, 5]],
                 "created": 1000, "updated": 2000}
    page.evaluate("""([newer, old]) => {
        localStorage.setItem('filler:match:m-future', JSON.stringify(newer));
        localStorage.setItem('filler:match:m-old', JSON.stringify(old));
        localStorage.setItem('filler:players', JSON.stringify(['Anna', 'Bram']));
        localStorage.setItem('filler:settings', JSON.stringify({language: 'en'}));
    }""", [newer, version_0])
    page.reload()
    open_store(page, site_url)

    assert listed_ids(page) == ["m-old"]
    [notice] = page.evaluate("() => store.notices")
    assert (notice["kind"], notice["key"], notice["reason"]) == ("corrupt", "filler:match:m-future", "newer")
    assert "newer version" in notice["message"]
    assert json.loads(stored(page, notice["setAsideAs"])) == newer

    old = page.evaluate("() => store.loadMatch('m-old')")
    assert old["version"] == 1 and old["format"] == "filler-match" and "moves" not in old
    assert old["events"] == [["move", 0, 3], ["move", 1, 5]]
    assert page.evaluate("() => store.listPlayers().map(p => p.name)") == ["Anna", "Bram"]
    assert page.evaluate("() => store.getSettings().language") == "en"
    # Saving writes the current version.
    assert save(page, old)["ok"]
    assert json.loads(stored(page, "filler:match:m-old"))["version"] == 1


def test_set_aside_data_that_becomes_readable_is_put_back(page, site_url):
    open_store(page, site_url)
    match = {**make_match("m-back"), "format": "filler-match", "version": 1, "created": 5, "updated": 6}
    page.evaluate("(m) => localStorage.setItem('filler:quarantine:filler:match:m-back:123', JSON.stringify(m))", match)
    page.evaluate("() => localStorage.setItem('filler:quarantine:filler:match:m-bad:124', '{oops')")
    page.reload()
    open_store(page, site_url)
    assert listed_ids(page) == ["m-back"]
    assert stored(page, "filler:quarantine:filler:match:m-back:123") is None
    assert stored(page, "filler:quarantine:filler:match:m-bad:124") == "{oops"


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


def seed_everything(page):
    for match_id, finished in (("m-a", 1000), ("m-b", None), ("m-c", None)):
        assert save(page, make_match(match_id, moves=4, finished=finished))["ok"]
    page.evaluate("""() => {
        store.addPlayer('Anna'); store.addPlayer('Bram');
        store.setRating('Anna', 'classic', {r: 1580, rd: 90, vol: 0.06, matches: 3});
        store.setRating('Bram', 'hex', {r: 1420, rd: 120, vol: 0.06, matches: 1});
        store.setSettings({language: 'en', theme: 'light', palette: 'okabe-ito'});
    }""")


def comparable(document):
    by = lambda *fields: (lambda item: tuple(item[f] for f in fields))
    return {
        "matches": sorted(document["matches"], key=by("id")),
        "players": sorted(document["players"], key=by("name")),
        "ratings": sorted(document["ratings"], key=by("player", "variant")),
        "settings": document["settings"],
    }


def test_export_then_import_into_a_fresh_profile_gives_the_same_data(page, site_url, new_guarded_context):
    open_store(page, site_url)
    seed_everything(page)
    text = page.evaluate("() => JSON.stringify(store.exportAll())")
    exported = json.loads(text)
    assert (exported["format"], exported["version"]) == ("filler-export", 1)
    assert len(exported["matches"]) == 3

    # A document with some entries no store should take.
    tampered = json.loads(text)
    tampered["matches"].append({**make_match("m-no-events"), "events": None})
    tampered["matches"].append("not a match")
    tampered["players"].append({"name": "   "})
    tampered["ratings"].append({"player": "Anna", "variant": "duel", "r": "high", "rd": 1, "vol": 1, "matches": 1})
    tampered["settings"]["theme"] = "purple"

    context, _ = new_guarded_context()
    fresh = context.new_page()
    open_store(fresh, site_url)
    report = fresh.evaluate("(text) => store.importAll(text)", json.dumps(tampered))
    taken = {item["what"] for item in report["taken"]}
    assert taken == {"match m-a", "match m-b", "match m-c", "player Anna", "player Bram",
                     "rating Anna/classic", "rating Bram/hex", "setting language", "setting palette"}
    refused = {item["what"]: item["why"] for item in report["refused"]}
    assert set(refused) == {"match m-no-events", "match #5", "player    ", "rating Anna/duel", "setting theme"}
    assert all(refused.values())
    tampered["settings"]["theme"] = "light"
    assert comparable(fresh.evaluate("() => store.exportAll()")) == {
        **comparable(exported), "settings": {"language": "en", "palette": "okabe-ito"}}

    # The fresh profile's lobby, after a reload, shows the same matches.
    fresh.reload()
    open_store(fresh, site_url)
    assert sorted(listed_ids(fresh)) == ["m-a", "m-b", "m-c"]
    assert fresh.evaluate("() => store.listMatches({finished: true}).map(m => m.id)") == ["m-a"]

    # Importing the clean export again changes nothing.
    again = fresh.evaluate("(text) => store.importAll(text)", text)
    assert again["refused"] == [] and {item["what"] for item in again["taken"]} == {"setting theme"}
    assert comparable(fresh.evaluate("() => store.exportAll()")) == comparable(exported)


def test_set_aside_values_travel_in_the_export_and_are_kept_by_an_import(page, site_url, new_guarded_context):
    # A match written by a newer version is set aside here; "Export everything" left it
    # out, so a player moving to another device (one with that newer version) lost it.
    open_store(page, site_url)
    newer = {**make_match("m-future"), "format": "filler-match", "version": 2, "created": 1, "updated": 2}
    page.evaluate("(m) => localStorage.setItem('filler:match:m-future', JSON.stringify(m))", newer)
    page.reload()
    open_store(page, site_url)
    [notice] = page.evaluate("() => store.notices")
    aside_key, raw = notice["setAsideAs"], stored(page, notice["setAsideAs"])
    exported = page.evaluate("() => store.exportAll()")
    assert exported["set_aside"] == [{"key": aside_key, "value": raw}]

    # readable by the importing version: it goes back among the matches at the next start
    readable_key = "filler:quarantine:filler:match:m-back:77"
    readable = json.dumps({**make_match("m-back"), "format": "filler-match", "version": 1, "created": 5, "updated": 6})
    bad = [{"key": "filler:match:m-sneak", "value": readable},          # not a set-aside value
           {"key": "filler:quarantine:__proto__:1", "value": "{}"},      # of no stored kind
           {"key": "filler:quarantine:filler:players:3", "value": 5},     # not text
           "nothing"]
    document = {**exported, "set_aside": exported["set_aside"] + [{"key": readable_key, "value": readable}] + bad}
    context, _ = new_guarded_context()
    fresh = context.new_page()
    open_store(fresh, site_url)
    report = fresh.evaluate("(doc) => store.importAll(doc)", document)
    assert {(item["what"], item["kind"]) for item in report["taken"]} == {
        ("set-aside filler:match:m-future", "set_aside"), ("set-aside filler:match:m-back", "set_aside")}
    assert len(report["refused"]) == 4 and all(item["why"] for item in report["refused"])
    assert stored(fresh, aside_key) == raw and stored(fresh, "filler:match:m-sneak") is None
    again = fresh.evaluate("(doc) => store.importAll(doc)", document)  # nothing twice
    assert sorted(item["what"] for item in again["unchanged"]) == [
        "set-aside filler:match:m-back", "set-aside filler:match:m-future"]
    assert not again["taken"]
    fresh.reload()
    open_store(fresh, site_url)
    assert listed_ids(fresh) == ["m-back"]
    assert stored(fresh, aside_key) == raw   # still set aside here, as it was


def test_import_merges_by_events_players_and_rating_matches(page, site_url):
    open_store(page, site_url)
    seed_everything(page)
    document = page.evaluate("() => store.exportAll()")
    by_id = {match["id"]: match for match in document["matches"]}
    longer = {**by_id["m-b"], "events": by_id["m-b"]["events"] + [["move", 0, 2]]}
    shorter = {**by_id["m-c"], "events": by_id["m-c"]["events"][:1], "updated": by_id["m-c"]["updated"] + 99}
    ratings = [{**document["ratings"][0], "r": 1700, "matches": 9}, {**document["ratings"][1], "r": 9, "matches": 0}]
    incoming = {**document, "matches": [longer, shorter], "players": [{"name": "anna"}, {"name": "Cas"}],
                "ratings": ratings}
    # A match open at this tab's table is not replaced under it.
    held = page.evaluate("(doc) => store.importAll(doc)", {**incoming, "players": [], "ratings": []})
    assert [(item["what"], item["why"]["code"], item["why"]["message"]) for item in held["refused"]] == [
        ("match m-b", "store.open_at_table", "it is open at a table; close it first")]
    page.evaluate("() => store.releaseAll()")
    report = page.evaluate("(doc) => store.importAll(doc)", incoming)
    taken = {item["what"] for item in report["taken"]}
    assert {"match m-b", "player Cas", f"rating {ratings[0]['player']}/{ratings[0]['variant']}"} <= taken
    unchanged = {item["what"] for item in report["unchanged"]}
    assert {"match m-c", "player anna", f"rating {ratings[1]['player']}/{ratings[1]['variant']}"} <= unchanged
    assert len(page.evaluate("() => store.loadMatch('m-b').events")) == 5
    assert len(page.evaluate("() => store.loadMatch('m-c').events")) == 4
    assert page.evaluate("() => store.listPlayers().map(p => p.name)") == ["Anna", "Bram", "Cas"]


@pytest.mark.parametrize("document, code, why", [
    ("{oops", "store.not_json", "not JSON"),
    (json.dumps({"format": "something-else"}), "store.not_export", "not a Filler export"),
    (json.dumps({"format": "filler-export", "version": 99, "matches": []}), "store.newer_file", "newer version"),
])
def test_import_refuses_a_file_it_cannot_read(page, site_url, document, code, why):
    open_store(page, site_url)
    report = page.evaluate("(text) => store.importAll(text)", document)
    assert report["taken"] == [] and len(report["refused"]) == 1
    refused = report["refused"][0]
    assert refused["what"] == "file" and refused["kind"] == "file"
    assert refused["why"]["code"] == code and why in refused["why"]["message"]


def ours(page):
    return page.evaluate("() => Object.fromEntries(Object.entries(localStorage).filter(([k]) => k.startsWith('filler:')))")


def test_an_import_with_keys_named_like_inherited_properties_is_taken_whole(page, site_url):
    open_store(page, site_url)
    document = {"format": "filler-export", "version": 1,
                "matches": [{**make_match("m-proto"), "format": "filler-match", "version": 1, "created": 1, "updated": 2}],
                "players": [{"name": "__proto__"}, {"name": "constructor"}],
                "ratings": [{"player": "constructor", "variant": "classic", "r": 1500, "rd": 200, "vol": 0.06, "matches": 1},
                            {"player": "__proto__", "variant": "toString", "r": 1400, "rd": 90, "vol": 0.06, "matches": 2}],
                "settings": {"__proto__": 1, "constructor": "x", "toString": True, "theme": "dark"}}
    # as a file's text: JSON.parse makes "__proto__" an own key, as a file would
    report = page.evaluate("(text) => store.importAll(text)", json.dumps(document))
    assert {item["what"] for item in report["taken"]} == {
        "match m-proto", "player __proto__", "player constructor", "rating constructor/classic",
        "rating __proto__/toString", "setting theme"}
    # settings this site does not have are refused, each with its reason (issue 24: they
    # were stored in filler:settings)
    assert {(item["what"], item["why"]["code"]) for item in report["refused"]} == {
        ("setting __proto__", "store.unknown_setting"), ("setting constructor", "store.unknown_setting"),
        ("setting toString", "store.unknown_setting")}
    page.reload()
    open_store(page, site_url)
    assert page.evaluate("() => store.notices") == []
    assert page.evaluate("() => store.listPlayers().map(p => p.name)") == ["__proto__", "constructor"]
    assert page.evaluate("() => store.getRating('__proto__', 'toString').r") == 1400
    assert page.evaluate("() => store.getSettings().theme") == "dark"
    assert json.loads(stored(page, "filler:settings"))["settings"] == {"theme": "dark"}
    assert listed_ids(page) == ["m-proto"]


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


def test_an_import_of_another_game_under_the_same_id_keeps_both(page, site_url):
    open_store(page, site_url)
    here = {**make_match("m-same", moves=3), "seed": 42}
    assert save(page, here)["ok"]
    page.evaluate("() => store.releaseAll()")
    saved = page.evaluate("() => store.loadMatch('m-same')")
    other_seed = {**saved, "seed": 43, "events": saved["events"] + [["move", 1, 1]]}
    other_moves = {**saved, "events": [["move", 0, 6]] + saved["events"]}
    longer = {**saved, "events": saved["events"] + [["move", 1, 2]]}
    document = {"format": "filler-export", "version": 1, "matches": [other_seed, other_moves, longer]}
    report = page.evaluate("(doc) => store.importAll(doc)", document)
    assert report["refused"] == [] and report["unchanged"] == []
    renamed = [item for item in report["taken"] if item.get("renamed")]
    assert len(renamed) == 2 and all(item["why"]["code"] == "store.kept_both" for item in renamed)
    new_ids = [item["renamed"] for item in renamed]
    assert all(item["renamed"] in item["why"]["message"] for item in renamed)
    assert sorted(listed_ids(page)) == sorted(["m-same", *new_ids])
    # the same game with a longer log replaces the copy here; the others are kept beside it
    assert page.evaluate("() => store.loadMatch('m-same').events") == longer["events"]
    kept = [page.evaluate("(id) => store.loadMatch(id)", new_id) for new_id in new_ids]
    assert sorted((match["seed"], len(match["events"])) for match in kept) == [(42, 4), (43, 4)]


def test_one_bad_entry_is_set_aside_alone_and_the_rest_of_the_list_kept(page, site_url):
    open_store(page, site_url)
    long_name = {"name": "x" * 500, "created": 1}
    bad_rating = {"player": "Bram", "variant": "classic", "r": "NaN", "rd": 50, "vol": 0.06, "matches": 2}
    ann = {"player": "Ann", "variant": "classic", "r": 1612.5, "rd": 80, "vol": 0.06, "matches": 4}
    page.evaluate("""([longName, bad, ann]) => {
        localStorage.setItem('filler:players', JSON.stringify({version: 1, players: [{name: 'Ann', created: 1}, longName]}));
        localStorage.setItem('filler:ratings', JSON.stringify({version: 1, ratings: [ann, bad]}));
        localStorage.setItem('filler:settings', JSON.stringify({version: 1, settings: {theme: 'dark', sound: 'loud'}}));
    }""", [long_name, bad_rating, ann])
    page.reload()
    open_store(page, site_url)
    assert page.evaluate("() => store.listPlayers().map(p => p.name)") == ["Ann"]
    assert page.evaluate("() => store.getRating('Ann', 'classic')") == ann
    settings = page.evaluate("() => store.getSettings()")
    assert settings["theme"] == "dark" and settings["sound"] is True
    notices = page.evaluate("() => store.notices")
    assert sorted((n["key"], n["reason"], len(n["entries"])) for n in notices) == [
        ("filler:players", "entries", 1), ("filler:ratings", "entries", 1), ("filler:settings", "entries", 1)]
    # the bad entries are kept as they were, each under a key of its own
    aside = {n["key"]: json.loads(stored(page, n["setAsideAs"])) for n in notices}
    assert aside["filler:players"]["players"] == [long_name]
    assert aside["filler:ratings"]["ratings"] == [bad_rating]
    assert aside["filler:settings"]["settings"] == {"sound": "loud"}
    # a new rating written meanwhile does not lose what was set aside
    assert page.evaluate("() => store.setRating('Cas', 'classic', {r: 1500, rd: 200, vol: 0.06, matches: 1}).ok")
    page.reload()
    open_store(page, site_url)
    assert page.evaluate("() => store.notices") == []
    assert sorted(r["player"] for r in page.evaluate("() => store.listRatings()")) == ["Ann", "Cas"]
    ratings_aside = next(n["setAsideAs"] for n in notices if n["key"] == "filler:ratings")
    assert json.loads(stored(page, ratings_aside))["ratings"] == [bad_rating]


def test_an_entry_set_aside_that_reads_again_goes_back_into_a_list_written_since(page, site_url):
    open_store(page, site_url)
    ann = {"player": "Ann", "variant": "classic", "r": 1612.5, "rd": 80, "vol": 0.06, "matches": 4}
    cas = {"player": "Cas", "variant": "classic", "r": 1500, "rd": 200, "vol": 0.06, "matches": 1}
    # an older version set aside the whole list for one entry it could not read
    page.evaluate("""([ann, cas]) => {
        localStorage.setItem('filler:quarantine:filler:ratings:100', JSON.stringify({version: 1, ratings: [ann, {player: 'Bram', r: 'NaN'}]}));
        localStorage.setItem('filler:ratings', JSON.stringify({version: 1, ratings: [cas]}));
    }""", [ann, cas])
    page.reload()
    open_store(page, site_url)
    assert sorted(r["player"] for r in page.evaluate("() => store.listRatings()")) == ["Ann", "Cas"]
    assert json.loads(stored(page, "filler:quarantine:filler:ratings:100"))["ratings"] == [{"player": "Bram", "r": "NaN"}]


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


def a_review(game, **changes):
    """A stored review of one ply, in the shape review.js keeps (filler.ai.review's output)."""
    counts = dict.fromkeys(["best", "only", "good", "inaccuracy", "mistake", "blunder"], 0)
    result = {"ply": 0, "seat": 0, "side": 0, "played": 1, "best": 1, "value_played": 3, "value_best": 3,
              "value_after": 3, "loss": 0, "margin": 3, "mark": "best", "line": [1, 2]}
    return {"format": "filler-review", "version": 1, "engine": 3, "game": game, "plies": 1, "steps": [1],
            "results": [result], "summary": {"sides": [{"side": 0, "counts": counts, "swing": None},
                                                       {"side": 1, "counts": counts, "swing": None}],
                                             "decided": None, "lost_by": None}, **changes}


@pytest.mark.parametrize("bad", [{"summary": {}}, {"summary": 7}, {"results": "<img src=x onerror=alert(1)>"},
                                 {"summary": {"sides": [{"side": 0}], "decided": None, "lost_by": None}},
                                 {"version": 2}])  # shape 2 says what was shortened: these do not
def test_a_stored_review_that_does_not_read_is_set_aside_alone_and_the_match_kept(page, site_url, bad):
    # issue 24: a review with summary {} or 7 broke the review screen on every redraw
    open_store(page, site_url)
    good, broken = a_review(0), a_review(1, **bad)
    assert save(page, {**make_match("m-reviewed", finished=1000), "reviews": [good, broken]})["ok"]
    page.reload()
    open_store(page, site_url)
    loaded = page.evaluate("() => store.loadMatch('m-reviewed')")
    assert loaded["reviews"] == [good] and len(loaded["events"]) == 4
    [notice] = page.evaluate("() => store.notices")
    assert (notice["kind"], notice["key"], notice["reason"], notice["entries"]) == (
        "corrupt", "filler:match:m-reviewed", "entries", ["2"])
    # kept as it was, but as no match: it cannot come back as one once the player deletes it
    assert json.loads(stored(page, notice["setAsideAs"])) == {
        "format": "filler-reviews-set-aside", "match": "m-reviewed", "reviews": [broken]}
    assert page.evaluate("() => store.removeMatch('m-reviewed').ok")
    page.reload()
    open_store(page, site_url)
    assert page.evaluate("() => store.loadMatch('m-reviewed')") is None
    assert stored(page, notice["setAsideAs"]) is not None


def test_reviews_that_are_not_a_list_are_set_aside_and_the_match_kept(page, site_url):
    open_store(page, site_url)
    assert save(page, {**make_match("m-seven", finished=1000), "reviews": 7})["ok"]
    page.reload()
    open_store(page, site_url)
    assert page.evaluate("() => store.loadMatch('m-seven').reviews") == []
    [notice] = page.evaluate("() => store.notices")
    assert json.loads(stored(page, notice["setAsideAs"]))["reviews"] == [7]


def test_an_import_leaves_out_a_review_that_does_not_read_and_takes_its_match(page, site_url):
    open_store(page, site_url)
    match = {**make_match("m-imported", finished=1000), "format": "filler-match", "version": 1, "created": 1,
             "updated": 2, "reviews": [a_review(0, summary=7), a_review(1)]}
    report = page.evaluate("(doc) => store.importAll(doc)", {"format": "filler-export", "version": 1, "matches": [match]})
    assert [item["what"] for item in report["taken"]] == ["match m-imported"]
    assert [(item["what"], item["kind"], item["why"]["code"]) for item in report["refused"]] == [
        ("review 1 of match m-imported", "review", "store.review")]
    assert page.evaluate("() => store.loadMatch('m-imported').reviews") == [a_review(1)]


FRESH_PUZZLES = {"rating": None, "tries": 0, "solved": 0, "streak": 0, "best": 0, "tried": {}}
ONE_TRIED = {"rating": {"r": 1640, "rd": 290, "vol": 0.06}, "tries": 1, "solved": 1, "streak": 1, "best": 1,
             "tried": {"quick-1-19": 1}}
FOUR_TRIED = {"rating": {"r": 1600, "rd": 160, "vol": 0.06}, "tries": 4, "solved": 2, "streak": 1, "best": 1,
              "tried": {"quick-1-19": 1, "quick-4-19": 0, "quick-4-13": 0, "quick-5-27": 1}}


def record_puzzle(page, puzzle_id, solved, rating=None):
    return page.evaluate("([id, solved, rating]) => store.recordPuzzle(id, {solved, rating})",
                         [puzzle_id, solved, rating])


def test_a_puzzles_first_try_is_counted_once_and_survives_a_reload(page, site_url):
    open_store(page, site_url)
    assert page.evaluate("() => store.getPuzzles()") == FRESH_PUZZLES
    rating = {"r": 1540.5, "rd": 290, "vol": 0.06}
    first = record_puzzle(page, "quick-1-19", True, rating)
    assert (first["ok"], first["counted"], first["persisted"]) == (True, True, True)
    assert first["progress"] == {"rating": rating, "tries": 1, "solved": 1, "streak": 1, "best": 1,
                                 "tried": {"quick-1-19": 1}}
    # a second try of the same puzzle changes nothing, solved or not
    again = record_puzzle(page, "quick-1-19", False, {"r": 1400, "rd": 280, "vol": 0.06})
    assert (again["ok"], again["counted"], again["progress"]) == (True, False, first["progress"])
    # the streak grows with each puzzle solved at the first try and goes back to 0; best stays
    assert record_puzzle(page, "quick-4-19", True)["progress"]["streak"] == 2
    missed = record_puzzle(page, "quick-4-13", False)["progress"]
    assert (missed["streak"], missed["best"], missed["tries"], missed["solved"]) == (0, 2, 3, 2)
    assert missed["rating"] == rating  # no rating given: the one before stays
    # an id named like an inherited property is an id like any other
    last = record_puzzle(page, "constructor", True)
    assert last["counted"] and last["progress"]["tried"] == {"quick-1-19": 1, "quick-4-19": 1, "quick-4-13": 0,
                                                             "constructor": 1}

    page.reload()
    assert open_store(page, site_url)["notices"] == []
    assert page.evaluate("() => store.getPuzzles()") == last["progress"]
    assert json.loads(stored(page, "filler:puzzles")) == {"version": 1, **last["progress"]}
    assert record_puzzle(page, "constructor", False)["counted"] is False
    assert record_puzzle(page, "quick-5-27", True)["progress"]["streak"] == 2


def test_a_bad_puzzle_id_or_rating_is_refused_and_nothing_changes(page, site_url):
    open_store(page, site_url)
    assert record_puzzle(page, "quick-1-19", True)["ok"]
    before = stored(page, "filler:puzzles")
    # "__proto__" is no puzzle id (ids are a-z, 0-9 and "-"): refused, never a prototype
    for puzzle_id in ["__proto__", "Quick-1", "", "x" * 61, None]:
        refused = record_puzzle(page, puzzle_id, True)
        assert (refused["ok"], refused["reason"]) == (False, "invalid"), puzzle_id
    for rating in [{"r": 1500, "rd": 0, "vol": 0.06}, {"r": "1500", "rd": 50, "vol": 0.06}, {"r": 1500}, 7]:
        refused = record_puzzle(page, "quick-4-19", True, rating)
        assert (refused["ok"], refused["reason"]) == (False, "invalid"), rating
        assert refused["message"] == "rating is missing or wrong"
    assert stored(page, "filler:puzzles") == before
    assert page.evaluate("() => store.notices") == []


def set_aside_after_a_reload(page, site_url, key, raw, reason, message):
    """Store `raw` under `key` and reload: the one notice it gets (its `reason` and the
    start of its `message`), the value set aside as it was, never dropped."""
    open_store(page, site_url)
    page.evaluate("([key, raw]) => localStorage.setItem(key, raw)", [key, raw])
    page.reload()
    open_store(page, site_url)
    [notice] = page.evaluate("() => store.notices")
    assert (notice["kind"], notice["key"], notice["reason"]) == ("corrupt", key, reason)
    assert notice["message"].startswith(message)
    assert stored(page, notice["setAsideAs"]) == raw
    return notice


BAD_PUZZLES = {
    "not JSON": ("{\"version\": 1, \"tries\": ", "json"),
    "tries -1": (json.dumps({"version": 1, **FRESH_PUZZLES, "tries": -1}), "shape"),
    "tried 2": (json.dumps({"version": 1, **FRESH_PUZZLES, "tried": {"quick-1-19": 2}}), "shape"),
    "no rd": (json.dumps({"version": 1, **FRESH_PUZZLES, "rating": {"r": 1500, "vol": 0.06}}), "shape"),
    # JSON.parse makes "__proto__" an own key, as a hand-edited value would have it
    "a __proto__ id": (json.dumps({"version": 1, **FRESH_PUZZLES, "tries": 1, "tried": {"__proto__": 1}}), "shape"),
    "newer": (json.dumps({"version": 2, **FRESH_PUZZLES}), "newer"),
}


@pytest.mark.parametrize("bad", sorted(BAD_PUZZLES))
def test_puzzle_progress_that_does_not_read_is_set_aside_and_recording_goes_on(page, site_url, bad):
    raw, reason = BAD_PUZZLES[bad]
    notice = set_aside_after_a_reload(page, site_url, "filler:puzzles", raw, reason, "The stored puzzles cannot be used")
    assert notice["setAsideAs"].startswith("filler:quarantine:filler:puzzles:")
    assert page.evaluate("() => store.getPuzzles()") == FRESH_PUZZLES
    recorded = record_puzzle(page, "quick-1-19", False)
    assert recorded["ok"] and recorded["counted"] and recorded["progress"]["tries"] == 1
    page.reload()
    assert open_store(page, site_url)["notices"] == []
    assert page.evaluate("() => store.getPuzzles().tried") == {"quick-1-19": 0}
    assert stored(page, notice["setAsideAs"]) == raw


# forged (issue 48): a rating outside what the game gives (friend links' ranges: r 0-4000,
# rd 30-350, vol 0.01-0.2) once overflowed the engine's formulas and froze puzzle rating; the
# counts are those of the ids tried, streak <= best <= solved, the deviation one the tries can reach
FORGED_PUZZLES = {
    "r 1e9": {**ONE_TRIED, "rating": {"r": 1e9, "rd": 350, "vol": 0.06}},
    "vol 1e-300": {**ONE_TRIED, "rating": {"r": 1500, "rd": 350, "vol": 1e-300}},
    "r -50000": {**ONE_TRIED, "rating": {"r": -50000, "rd": 350, "vol": 0.06}},
    "all 1e300": {**ONE_TRIED, "rating": {"r": 1e300, "rd": 1e300, "vol": 1e300}},
    "streak 900 best 3": {**ONE_TRIED, "streak": 900, "best": 3},
    "streak 1e300": {**ONE_TRIED, "streak": 1e300, "best": 1e300},
    "tries 1000 for one id": {**ONE_TRIED, "tries": 1000},
    "2900 ± 30 after one try": {**ONE_TRIED, "rating": {"r": 2900, "rd": 15, "vol": 0.06}},
    "rd 100 after four tries": {**FOUR_TRIED, "rating": {"r": 1600, "rd": 100, "vol": 0.06}},
    "a seed that is no order": {**ONE_TRIED, "seed": -1},
}


def test_a_forged_puzzle_progress_is_set_aside_with_its_notice(page, site_url):
    open_store(page, site_url)
    for name, forged in FORGED_PUZZLES.items():
        raw = json.dumps({"version": 1, **forged})
        page.evaluate("(raw) => { localStorage.clear(); localStorage.setItem('filler:puzzles', raw); }", raw)
        page.reload()
        open_store(page, site_url)
        notices = page.evaluate("() => store.notices")
        assert [(n["kind"], n["key"], n["reason"]) for n in notices] == [("corrupt", "filler:puzzles", "shape")], name
        assert notices[0]["message"].startswith("The stored puzzles cannot be used"), name
        assert stored(page, notices[0]["setAsideAs"]) == raw, name
        assert page.evaluate("() => store.getPuzzles()") == FRESH_PUZZLES, name


def test_puzzle_progress_travels_in_the_export_and_an_import_merges_the_puzzles_tried(
        page, site_url, new_guarded_context):
    open_store(page, site_url)
    rating_here = {"r": 1612, "rd": 180, "vol": 0.06}
    for puzzle_id in ["quick-1-19", "quick-4-19"]:
        assert record_puzzle(page, puzzle_id, True)["ok"]
    assert record_puzzle(page, "quick-4-13", True, rating_here)["ok"]
    assert page.evaluate("() => store.addPlayer('Anna').ok")
    text = page.evaluate("() => JSON.stringify(store.exportAll())")
    progress = page.evaluate("() => store.getPuzzles()")
    assert json.loads(text)["puzzles"] == progress

    # into a fresh profile: the same progress, kept over a reload; a second import changes nothing
    context, _ = new_guarded_context()
    fresh = context.new_page()
    open_store(fresh, site_url)
    report = fresh.evaluate("(text) => store.importAll(text)", text)
    assert {"what": "puzzles", "kind": "puzzles", "name": None} in report["taken"] and report["refused"] == []
    fresh.reload()
    assert open_store(fresh, site_url)["notices"] == []
    assert fresh.evaluate("() => store.getPuzzles()") == progress
    again = fresh.evaluate("(text) => store.importAll(text)", text)
    assert [(item["what"], item["why"]["code"]) for item in again["unchanged"] if item["kind"] == "puzzles"] == [
        ("puzzles", "store.already_here")]
    assert not [item for item in again["taken"] if item["kind"] == "puzzles"]

    # into a device with puzzles of its own: the puzzles tried on both (this device's
    # entry where both tried one), counted again; the rating and streak of the side that
    # tried more; the longer best streak of the two
    other_context, _ = new_guarded_context()
    other = other_context.new_page()
    open_store(other, site_url)
    for puzzle_id, solved in [("quick-4-13", False), ("quick-5-27", True), ("quick-9-20", True),
                              ("quick-12-17", False), ("quick-9-31", True)]:
        assert record_puzzle(other, puzzle_id, solved, {"r": 1450, "rd": 250, "vol": 0.06})["ok"]
    assert (other.evaluate("() => store.getPuzzles().streak"), other.evaluate("() => store.getPuzzles().best")) == (1, 2)
    report = other.evaluate("(text) => store.importAll(text)", text)
    assert {"what": "puzzles", "kind": "puzzles", "name": None} in report["taken"]
    assert other.evaluate("() => store.getPuzzles()") == {
        "rating": {"r": 1450, "rd": 250, "vol": 0.06}, "tries": 7, "solved": 5, "streak": 1, "best": 3,
        "tried": {"quick-1-19": 1, "quick-4-19": 1, "quick-4-13": 0, "quick-5-27": 1, "quick-9-20": 1,
                  "quick-12-17": 0, "quick-9-31": 1}}
    # the other way round, the side that tried more is the file's
    merged_text = other.evaluate("() => JSON.stringify(store.exportAll())")
    report = fresh.evaluate("(text) => store.importAll(text)", merged_text)
    assert {"what": "puzzles", "kind": "puzzles", "name": None} in report["taken"]
    merged = fresh.evaluate("() => store.getPuzzles()")
    assert {field: merged[field] for field in ["rating", "tries", "solved", "streak", "best"]} == {
        "rating": {"r": 1450, "rd": 250, "vol": 0.06}, "tries": 7, "solved": 6, "streak": 1, "best": 3}
    assert merged["tried"]["quick-4-13"] == 1  # solved at this device's first try

    # a puzzles field that does not check out is refused, and the rest of the file is taken
    tampered = {**json.loads(text), "puzzles": {**progress, "tries": -1}}
    third_context, _ = new_guarded_context()
    third = third_context.new_page()
    open_store(third, site_url)
    report = third.evaluate("(doc) => store.importAll(doc)", tampered)
    assert [(item["what"], item["kind"], item["name"], item["why"]["code"]) for item in report["refused"]] == [
        ("puzzles", "puzzles", None, "store.field")]
    assert {"what": "player Anna", "kind": "player", "name": "Anna"} in report["taken"]
    assert third.evaluate("() => store.getPuzzles()") == FRESH_PUZZLES
    assert stored(third, "filler:puzzles") is None


FORGED_IMPORTS = {
    # issue 48: "keeps the streak and the rating (tries is recounted)"
    "tries 1000, streak 500, 2900 ± 30, one id": ({**ONE_TRIED, "tries": 1000, "solved": 1000, "streak": 500, "best": 500,
                                                   "rating": {"r": 2900, "rd": 15, "vol": 0.06}}, "store.puzzle_counts"),
    "2900 ± 30 from one try": ({**ONE_TRIED, "rating": {"r": 2900, "rd": 15, "vol": 0.06}}, "store.puzzle_rating"),
    "r 1e9": ({**ONE_TRIED, "rating": {"r": 1e9, "rd": 350, "vol": 0.06}}, "store.puzzle_rating"),
    "vol 1e-300": ({**ONE_TRIED, "rating": {"r": 1500, "rd": 350, "vol": 1e-300}}, "store.puzzle_rating"),
    "r -50000": ({**ONE_TRIED, "rating": {"r": -50000, "rd": 350, "vol": 0.06}}, "store.puzzle_rating"),
    "all 1e300": ({**ONE_TRIED, "rating": {"r": 1e300, "rd": 1e300, "vol": 1e300}}, "store.puzzle_rating"),
    "streak 900, best 3": ({**ONE_TRIED, "streak": 900, "best": 3}, "store.puzzle_counts"),
    "streak 1e300": ({**ONE_TRIED, "streak": 1e300, "best": 1e300}, "store.puzzle_counts"),
    "solved 1 of none solved": ({**ONE_TRIED, "tried": {"quick-1-19": 0}}, "store.puzzle_counts"),
}


def test_a_forged_puzzle_progress_in_an_import_is_refused_and_a_merge_stays_consistent(page, site_url):
    open_store(page, site_url)
    for name, (forged, code) in FORGED_IMPORTS.items():
        report = page.evaluate("(doc) => store.importAll(doc)", {"format": "filler-export", "version": 1, "puzzles": forged})
        assert [(item["what"], item["why"]["code"]) for item in report["refused"]] == [("puzzles", code)], name
        assert stored(page, "filler:puzzles") is None, name
    # a puzzle both devices tried counts as it went here: the file's best streak of one
    # solved puzzle cannot stand beside none solved
    assert record_puzzle(page, "quick-1-19", False, {"r": 1400, "rd": 290, "vol": 0.06})["ok"]
    report = page.evaluate("(doc) => store.importAll(doc)", {"format": "filler-export", "version": 1, "puzzles": {
        **ONE_TRIED, "tries": 2, "solved": 2, "streak": 2, "best": 2, "tried": {"quick-1-19": 1, "quick-4-19": 1}}})
    assert report["refused"] == []
    merged = page.evaluate("() => store.getPuzzles()")
    assert {field: merged[field] for field in ["tries", "solved", "streak", "best"]} == {
        "tries": 2, "solved": 1, "streak": 1, "best": 1}
    page.reload()
    assert open_store(page, site_url)["notices"] == []


FRESH_LESSONS = {"stars": {}, "dismissed": False}


def test_a_lessons_best_stars_are_kept_and_the_offer_stays_dismissed_after_a_reload(page, site_url):
    open_store(page, site_url)
    assert page.evaluate("() => store.getLessons()") == FRESH_LESSONS
    first = page.evaluate("() => store.recordLesson('chain', 2)")
    assert (first["ok"], first["improved"], first["persisted"]) == (True, True, True)
    # done again: more stars are kept, fewer change nothing
    assert page.evaluate("() => store.recordLesson('chain', 1)")["improved"] is False
    assert page.evaluate("() => store.recordLesson('chain', 3)")["progress"]["stars"] == {"chain": 3}
    # an id named like an inherited property is an id like any other
    assert page.evaluate("() => store.recordLesson('constructor', 1)")["improved"] is True
    assert page.evaluate("() => store.dismissLearnOffer()")["progress"]["dismissed"] is True
    for lesson_id, stars in [("__proto__", 3), ("Chain", 3), ("", 1), ("chain", 4), ("chain", 0), ("chain", "3")]:
        refused = page.evaluate("([id, stars]) => store.recordLesson(id, stars)", [lesson_id, stars])
        assert (refused["ok"], refused["reason"]) == (False, "invalid"), (lesson_id, stars)
    page.reload()
    assert open_store(page, site_url)["notices"] == []
    kept = {"stars": {"chain": 3, "constructor": 1}, "dismissed": True}
    assert page.evaluate("() => store.getLessons()") == kept
    assert json.loads(stored(page, "filler:lessons")) == {"version": 1, **kept}


BAD_LESSONS = {
    "not JSON": ("{\"version\": 1, \"stars\": ", "json"),
    "stars 4": (json.dumps({"version": 1, "stars": {"chain": 4}, "dismissed": False}), "shape"),
    "no dismissed": (json.dumps({"version": 1, "stars": {}}), "shape"),
    "newer": (json.dumps({"version": 2, **FRESH_LESSONS}), "newer"),
}


@pytest.mark.parametrize("bad", sorted(BAD_LESSONS))
def test_lesson_progress_that_does_not_read_is_set_aside_whole_and_learning_goes_on(page, site_url, bad):
    raw, reason = BAD_LESSONS[bad]
    set_aside_after_a_reload(page, site_url, "filler:lessons", raw, reason, "The stored lessons cannot be used")
    assert page.evaluate("() => store.getLessons()") == FRESH_LESSONS
    assert page.evaluate("() => store.recordLesson('block', 3)")["ok"]
    page.reload()
    assert open_store(page, site_url)["notices"] == []
    assert page.evaluate("() => store.getLessons().stars") == {"block": 3}


def test_lesson_progress_travels_in_the_export_and_an_import_keeps_the_best_stars(page, site_url, new_guarded_context):
    open_store(page, site_url)
    for lesson_id, stars in [("chain", 3), ("block", 1)]:
        assert page.evaluate("([id, stars]) => store.recordLesson(id, stars)", [lesson_id, stars])["ok"]
    text = page.evaluate("() => JSON.stringify(store.exportAll())")
    assert json.loads(text)["lessons"] == {"stars": {"chain": 3, "block": 1}, "dismissed": False}
    context, _ = new_guarded_context()
    other = context.new_page()
    open_store(other, site_url)
    assert other.evaluate("() => store.recordLesson('block', 2)")["ok"]
    assert other.evaluate("() => store.dismissLearnOffer()")["ok"]
    report = other.evaluate("(text) => store.importAll(text)", text)
    assert {"what": "lessons", "kind": "lessons", "name": None} in report["taken"]
    # each lesson with the more stars of the two; dismissed here stays dismissed
    assert other.evaluate("() => store.getLessons()") == {"stars": {"block": 2, "chain": 3}, "dismissed": True}
    again = other.evaluate("(text) => store.importAll(text)", text)
    assert [item["why"]["code"] for item in again["unchanged"] if item["kind"] == "lessons"] == ["store.already_here"]
    tampered = {**json.loads(text), "lessons": {"stars": {"chain": 9}, "dismissed": False}}
    report = other.evaluate("(doc) => store.importAll(doc)", tampered)
    assert [(item["what"], item["why"]["code"]) for item in report["refused"]] == [("lessons", "store.field")]
FINAL = {"width": 8, "colors": "0" * 56, "owners": "0" * 28 + "1" * 28}
LOST = {"outcome": "loss", "kind": "clear", "points": [0, 2], "totals": [20, 36]}


def start_day(page, date, match, late=False):
    return page.evaluate("([date, match, late]) => store.startDaily(date, {match, late})", [date, match, late])


def finish_day(page, date, match, result=LOST):
    return page.evaluate("([date, match, result, final]) => store.finishDaily(date, {match, result, final})",
                         [date, match, result, FINAL])


def test_a_days_first_try_counts_once_and_only_that_try_is_finished(page, site_url):
    open_store(page, site_url)
    assert page.evaluate("() => store.getDaily()") == {"days": [], "latest": None}
    first = start_day(page, "2026-12-04", "m-1")
    assert (first["ok"], first["counted"], first["persisted"], first["day"]["result"]) == (True, True, True, None)
    again = start_day(page, "2026-12-04", "m-2")  # a second try: a replay, not kept
    assert (again["ok"], again["counted"], again["day"]["match"]) == (True, False, "m-1")
    assert finish_day(page, "2026-12-04", "m-2")["recorded"] is False  # the replay's end changes nothing
    done = finish_day(page, "2026-12-04", "m-1")
    assert done["recorded"] and done["day"]["result"] == LOST and done["day"]["final"] == FINAL
    assert finish_day(page, "2026-12-04", "m-1", {**LOST, "outcome": "win"})["recorded"] is False  # once
    for date, match in [("2026-02-30", "m-3"), ("2026-12-4", "m-3"), ("2026-12-05", "__proto__ x")]:
        refused = start_day(page, date, match)
        assert (refused["ok"], refused["reason"]) == (False, "invalid"), date
    page.reload()
    assert open_store(page, site_url)["notices"] == []
    [day] = page.evaluate("() => store.getDaily().days")
    assert (day["date"], day["match"], day["late"], day["result"]) == ("2026-12-04", "m-1", False, LOST)


def test_a_day_that_does_not_read_is_set_aside_alone_and_days_travel_in_the_export(
        page, site_url, new_guarded_context):
    open_store(page, site_url)
    start_day(page, "2026-12-02", "m-a")
    finish_day(page, "2026-12-02", "m-a")
    start_day(page, "2026-12-03", "m-b", late=True)
    good = page.evaluate("() => store.getDaily().days")
    bad = {**good[0], "date": "2026-12-40"}
    page.evaluate("(raw) => localStorage.setItem('filler:daily', raw)", json.dumps({"version": 1, "days": good + [bad]}))
    page.reload()
    [notice] = open_store(page, site_url)["notices"]
    assert (notice["key"], notice["reason"], notice["entries"]) == ("filler:daily", "entries", ["2026-12-40"])
    assert json.loads(stored(page, notice["setAsideAs"]))["days"] == [bad]  # kept as it was
    assert page.evaluate("() => store.getDaily().days") == good
    text = page.evaluate("() => JSON.stringify(store.exportAll())")
    assert json.loads(text)["daily"] == {"days": good, "latest": None}

    # another device: its own try of the 3rd stays (a device's try is never replaced by
    # another one); the 2nd comes over; and back, the 1st, and this one keeps its own 3rd
    context, _ = new_guarded_context()
    other = context.new_page()
    open_store(other, site_url)
    start_day(other, "2026-12-03", "m-c")
    start_day(other, "2026-12-01", "m-d")
    report = other.evaluate("(text) => store.importAll(text)", text)
    assert {"what": "daily 2026-12-02", "kind": "daily", "name": "2026-12-02"} in report["taken"]
    assert [item["name"] for item in report["unchanged"] if item["kind"] == "daily"] == ["2026-12-03"]
    days = {day["date"]: day for day in other.evaluate("() => store.getDaily().days")}
    assert sorted(days) == ["2026-12-01", "2026-12-02", "2026-12-03"]
    assert (days["2026-12-03"]["match"], days["2026-12-03"]["late"]) == ("m-c", False)
    finish_day(other, "2026-12-01", "m-d")
    back = page.evaluate("(text) => store.importAll(text)", other.evaluate("() => JSON.stringify(store.exportAll())"))
    assert [item["name"] for item in back["taken"] if item["kind"] == "daily"] == ["2026-12-01"]
    assert [(item["name"], item["why"]["code"]) for item in back["unchanged"] if item["kind"] == "daily"] == [
        ("2026-12-03", "store.daily_tried"), ("2026-12-02", "store.already_here")]
    assert page.evaluate("() => store.getDaily().days.find((day) => day.date === '2026-12-03').match") == "m-b"
    # a days field that is no list is refused, the rest of the file taken
    report = other.evaluate("(doc) => store.importAll(doc)", {**json.loads(text), "daily": {"days": 3}})
    assert [(item["what"], item["why"]["code"]) for item in report["refused"]] == [("daily", "store.not_list")]


TODAY = "2026-12-07"
WON = {"outcome": "win", "kind": "clear", "points": [2, 0], "totals": [40, 16]}


def noon(date):
    """An instant of `date`'s noon (UTC), in ms: a try begun on its day anywhere on Earth."""
    return int(datetime.datetime.fromisoformat(date).replace(hour=12, tzinfo=datetime.timezone.utc).timestamp() * 1000)


def a_day(date, result=WON, match=None, started=None, late=False):
    return {"date": date, "match": match, "started": noon(date) if started is None else started, "late": late,
            "result": result, "final": None}


def open_on_today(page, site_url, items):
    """The store opened on TODAY (Amsterdam's clock fixed) over `items` in an empty storage;
    returns its notices and the streak of what it keeps."""
    page.clock.set_fixed_time(f"{TODAY}T10:00:00Z")
    page.goto("about:blank")
    open_store(page, site_url)
    page.evaluate("(items) => { localStorage.clear(); for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }",
                  items)
    notices = open_store(page, site_url)["notices"]
    streak = page.evaluate("async (today) => (await import('./js/store/storage.js')).dailyStreak(store.getDaily().days, today)",
                           TODAY)
    return notices, streak


def daily_raw(days):
    return json.dumps({"version": 1, "days": days})


def test_the_history_keeps_only_days_a_try_of_this_device_supports(new_guarded_context, site_url):
    context, _ = new_guarded_context(timezone_id="Europe/Amsterdam")
    page = context.new_page()
    first = datetime.date.fromisoformat("2026-12-01")
    # 500 won days in a row ending today, begun at 1970's first second, and won days to come
    forged = [a_day(str(datetime.date.fromisoformat(TODAY) - datetime.timedelta(days=back)), started=1000)
              for back in range(499, -1, -1)]
    future = [a_day(date) for date in ("2026-12-25", "2030-01-01", "9999-12-31")]
    before = [day["date"] for day in forged if datetime.date.fromisoformat(day["date"]) < first]
    for items in ({"filler:daily": daily_raw(forged + future)},  # stored, or merged back from where it was set aside
                  {"filler:quarantine:filler:daily:1": daily_raw(forged + future)}):
        notices, streak = open_on_today(page, site_url, items)
        assert streak == {"current": 0, "best": 0, "counted": 0}, items.keys()
        # no day before the first: set aside (or left where it was set aside), kept as it was
        aside = notices[0]["setAsideAs"] if notices else "filler:quarantine:filler:daily:1"
        assert [notice["entries"] for notice in notices] == ([before] if "filler:daily" in items else [])
        assert [day["date"] for day in json.loads(stored(page, aside))["days"]] == before
        kept = [day["date"] for day in page.evaluate("() => store.getDaily().days")]
        assert kept == [day["date"] for day in forged + future if day["date"] not in before]

    # two entries of one day: the first try begun stays, the other is set aside with a notice,
    # and stays aside (it is never merged back as a second try)
    twice = [a_day(TODAY, result=None, match="m-a", started=noon(TODAY) - 3600_000), a_day(TODAY, match="m-b")]
    notices, streak = open_on_today(page, site_url, {"filler:daily": daily_raw(twice)})
    [notice] = notices
    assert (notice["key"], notice["entries"]) == ("filler:daily", [TODAY])
    assert page.evaluate("() => store.getDaily().days") == twice[:1] and streak["counted"] == 0
    assert json.loads(stored(page, notice["setAsideAs"]))["days"] == twice[1:]
    assert open_store(page, site_url)["notices"] == []
    assert page.evaluate("() => store.getDaily().days") == twice[:1]
    assert json.loads(stored(page, notice["setAsideAs"]))["days"] == twice[1:]

    # a day whose match is stored must agree with it: a win of a match still going on, or
    # of a match that is no board of the day, is set aside
    going_on = {**make_match("m-going"), "daily": {"date": "2026-12-05", "number": 5, "kind": "counted"}}
    classic = {**make_match("m-classic", finished=True)}
    items = {"filler:daily": daily_raw([a_day("2026-12-05", match="m-going"), a_day("2026-12-06", match="m-classic"),
                                        a_day("2026-12-04", match="m-gone")])}
    for match in (going_on, classic):
        items["filler:match:" + match["id"]] = json.dumps({**match, "format": "filler-match", "version": 1,
                                                            "created": 1, "updated": 2})
    notices, streak = open_on_today(page, site_url, items)
    assert [notice["entries"] for notice in notices] == [["2026-12-05", "2026-12-06"]]
    assert streak == {"current": 0, "best": 1, "counted": 1}  # the 4th: its match is gone, the day stays

    # the import: a file's try of a day never replaces this device's own; no day before
    # the first or after today comes in
    open_on_today(page, site_url, {})
    assert start_day(page, TODAY, "m-here")["counted"]
    report = page.evaluate("(doc) => store.importAll(doc)", {
        "format": "filler-export", "version": 1,
        "daily": {"days": [a_day(TODAY, started=1000), a_day(TODAY, match="m-there"), a_day("2026-12-25"),
                           a_day("2026-11-30"), a_day("2026-12-06")]}})
    assert [(item["name"], item["why"]["code"]) for item in report["refused"]] == [
        ("2026-12-25", "store.daily_future"), ("2026-11-30", "store.daily_before")]
    assert [item["name"] for item in report["unchanged"]] == [TODAY, TODAY]
    assert [item["name"] for item in report["taken"]] == ["2026-12-06"]
    assert [(day["date"], day["match"], day["result"]) for day in page.evaluate("() => store.getDaily().days")] == [
        (TODAY, "m-here", None), ("2026-12-06", None, WON)]

    # a try begun after a later day's try (the clock set back) is played later
    assert start_day(page, "2026-12-05", "m-back")["day"]["late"] is True
