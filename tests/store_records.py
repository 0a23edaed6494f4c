"""What the store's tests share: a match record to save, and the few calls they make of
a store, on a browser's page (tests/browser/store/test_storage.py) or a device of Node's
(tests/engine/test_store.py): both run JavaScript by evaluate(js, arg), with `store`
and `localStorage` at hand."""


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


def save(where, match):
    return where.evaluate("(match) => store.saveMatch(match)", match)


def listed_ids(where):
    return [entry["id"] for entry in where.evaluate("() => store.listMatches()")]


def stored(where, key):
    return where.evaluate("(key) => localStorage.getItem(key)", key)
