"""Random values under every key the store reads (issue 10): whatever is stored, the
page reaches a playable board, keeps every intact entry byte for byte, loses nothing
(what it cannot use is set aside as it was) and logs no error. Each round is a fresh
profile filled from a seeded random generator, so a failure repeats."""

import json
import random

import pytest

from driver import boot_page, intact_match, wait_engine, with_storage

INHERITED = ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf", "isPrototypeOf"]
LISTS = {"filler:players": "players", "filler:ratings": "ratings", "filler:settings": "settings"}
HUGE = "x" * 200_000


def garbage(rng, depth=0):
    """A random JSON-able value: wrong types, inherited names, huge strings, future versions."""
    pick = rng.randrange(10 if depth < 2 else 6)
    if pick == 0:
        return rng.choice([None, True, False, 0, -1, 1e308, 2**53 + 1, "NaN"])
    if pick == 1:
        return rng.choice(INHERITED)
    if pick == 2:
        return "".join(rng.choice("ab\u0000\u202e<>\"'{}[]é") for _ in range(rng.randrange(1, 30)))
    if pick == 3:
        return HUGE if rng.random() < 0.3 else "x" * rng.randrange(41, 600)
    if pick == 4:
        return {"version": rng.choice([2, 99, -1, "1", 1.5])}
    if pick == 5:
        return rng.randrange(-10, 10)
    if pick in (6, 7):
        return {rng.choice(INHERITED + ["name", "player", "r", "version", "players", "ratings", "settings", "theme"]):
                garbage(rng, depth + 1) for _ in range(rng.randrange(1, 5))}
    return [garbage(rng, depth + 1) for _ in range(rng.randrange(0, 4))]


def broken_value(key, rng):
    """A value for `key` that is wrong somewhere: as raw text."""
    kind = rng.randrange(6)
    if kind == 0:
        return rng.choice(["{nope", "", "undefined", "[[[", '"\\ud800"', HUGE])
    if kind == 1:
        return json.dumps(garbage(rng))
    if kind == 2 and key in LISTS:
        field = LISTS[key]
        good = ({"theme": "dark"} if field == "settings" else
                [{"name": "Ann", "created": 1}] if field == "players" else
                [{"player": "Ann", "variant": "quick", "r": 1500.5, "rd": 80, "vol": 0.06, "matches": 2}])
        bad = ({rng.choice(INHERITED): garbage(rng), "sound": garbage(rng)} if field == "settings"
               else [garbage(rng), {"name": "x" * 500}, {"player": "Bo", "variant": "quick", "r": "NaN", "rd": 1, "vol": 1, "matches": 1}])
        value = {"version": 1, field: {**good, **bad} if field == "settings" else good + bad}
        return json.dumps(value)
    if kind == 3:
        return json.dumps({"version": 99, "format": "filler-match", "hologram": True})
    if kind == 4 and key.startswith("filler:match:"):
        match = intact_match(key.split(":", 2)[2], rng)
        match[rng.choice(list(match) + INHERITED)] = garbage(rng)
        return json.dumps(match)
    return json.dumps({rng.choice(INHERITED): garbage(rng), "version": 1})


def storage_for(seed):
    """{key: raw} and the keys that are intact."""
    rng = random.Random(seed)
    items, intact = {}, set()
    for number in range(3):  # finished matches (never resumed, so never rewritten)
        key = f"filler:match:m-intact-{number}"
        items[key] = json.dumps(intact_match(key.split(":", 2)[2], rng))
        intact.add(key)
    keys = ["filler:settings", "filler:players", "filler:ratings", "filler:index", "filler:probe", "filler:daily",
            "filler:match:m-bad", "filler:match:__proto__", "filler:match:constructor", "filler:__proto__",
            "filler:lock:m-intact-0", "filler:lock:__proto__", "filler:quarantine:filler:players:1",
            "filler:match:" + "z" * 90]
    for key in keys:
        if rng.random() < 0.8:
            items[key] = broken_value(key, rng)
    if "filler:players" not in items:
        items["filler:players"] = json.dumps({"version": 1, "players": [{"name": "__proto__", "created": 1}]})
        intact.add("filler:players")
    return items, intact


def entries_of(raw, field):
    try:
        value = json.loads(raw)
        entries = value[field]
    except (ValueError, TypeError, KeyError):
        return None
    if isinstance(entries, dict):
        return [json.dumps([key, item], sort_keys=True) for key, item in entries.items()]
    return [json.dumps(item, sort_keys=True) for item in entries] if isinstance(entries, list) else None


def kept(key, raw, after):
    """Whether `raw`, written under `key`, is still there: as it was, under the key or set
    aside, or (a list) each of its entries in the list or in what was set aside of it."""
    if raw in after.values():
        return True
    if key not in LISTS:
        return False
    written = entries_of(raw, LISTS[key])
    if written is None:
        return False
    places = [after.get(key)] + [value for name, value in after.items() if name.startswith(f"filler:quarantine:{key}:")]
    found = set()
    for place in places:
        found |= set(entries_of(place, LISTS[key]) or []) if place else set()
    return set(written) <= found


@pytest.mark.parametrize("seed", range(5))
def test_random_stored_values_never_break_the_page_nor_lose_an_entry(new_guarded_context, site_url, seed):
    context, _ = new_guarded_context()
    items, intact = storage_for(seed)
    with_storage(context, site_url, items)
    page = context.new_page()
    boot_page(page, site_url)
    wait_engine(page)
    page.wait_for_function("() => document.body.dataset.tableId !== '0'")
    assert page.locator(".color-button:not([aria-disabled])").count() > 0  # a playable board
    after = page.evaluate("() => Object.fromEntries(Object.entries(localStorage))")
    for key in intact:
        assert after.get(key) == items[key], f"seed {seed}: the intact {key} changed"
    lost = [key for key, raw in items.items()
            if key not in intact and not key.startswith("filler:lock:") and key not in ("filler:index", "filler:probe")
            and not kept(key, raw, after)]
    assert not lost, f"seed {seed}: lost {lost}"
    # and it plays
    state_id = int(page.evaluate("document.body.dataset.stateId"))
    page.locator(".color-button:not([aria-disabled])").first.click()
    page.wait_for_function("(id) => Number(document.body.dataset.stateId) > id", arg=state_id)
