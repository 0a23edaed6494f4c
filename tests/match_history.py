"""Real match histories for a player's page (tests/engine/test_profile.py,
tests/browser/profile/test_profile_page.py, bench/profile_page.py): matches played to their end
by the engine (``filler.api``, as the page plays them) and stored as the page stores
them: the record and the result as js/flows/saved.js saveTable writes them, the
ratings as js/flows/ratings.js keeps them (``rating_updates`` after each rated match)."""

from __future__ import annotations

import json
import unicodedata

import filler
from filler import api

DAY_MS = 86_400_000


def ok(method, **params):
    answer = json.loads(api.handle(json.dumps({"id": 1, "method": method, "params": params})))
    assert answer["ok"], answer
    return answer["result"]


def name_key(name: str) -> str:
    """js/store/kinds/players.js nameKey (close enough for the names of the tests)."""
    return unicodedata.normalize("NFC", name.strip()).lower()


def play(variant: str, seats: list[dict], *, seed: int, loser: int | None = None, games: int = 2) -> dict:
    """A match played to its end; the engine's last state. `loser`: the seat that resigns
    the match at its first turn (a short match whose result is known); else every person
    plays the greedy computer's moves."""
    opened = ok("new_game", variant=variant, seed=seed, games=games, seats=seats)
    table_id, state = opened["table_id"], opened["state"]
    while not state["match"]["over"]:
        step = {"table_id": table_id, "state_id": state["state_id"]}
        if state["match"]["between_games"]:
            seat = state["match"]["waiting_ready"][0]
            state = ok("ready", **step, seat=seat)
        elif seats[state["turn"]]["kind"] == "computer":
            state = ok("bot_move", **step)
        elif state["turn"] == loser:
            state = ok("resign_match", **step, seat=loser)
        else:
            game = api._tables[table_id].game
            state = ok("play", **step, color=filler.ai.choose(game, "greedy", None))
    return {"table_id": table_id, "state": state}


class History:
    """Matches stored one after another, a day apart, the ratings kept as the page keeps them."""

    def __init__(self, start_ms: int = 1_796_000_000_000):
        self.time = start_ms
        self.matches: list[dict] = []
        self.ratings: dict[tuple[str, str], dict] = {}  # (name key, variant) -> entry
        self.before: dict[str, list] = {}  # match id -> each seat's rating given to rating_updates (None: the default or a computer's)
        self.count = 0

    def add(self, variant: str, seats: list[dict], *, seed: int, loser: int | None = None, games: int = 2,
            days: float = 1) -> dict:
        """Plays a match and stores it as saveTable would at its end; the ratings too."""
        played = play(variant, seats, seed=seed, loser=loser, games=games)
        state = played["state"]
        self.time += int(days * DAY_MS)
        self.count += 1
        change = None
        match_id = f"m-{self.time}-{self.count:04d}"
        if state["match"]["outcome"]["rated"]:
            before = self.before[match_id] = [self._rating(seat, variant) for seat in seats]
            updates = ok("rating_updates", table_id=played["table_id"], ratings=before)
            if updates["rated"]:
                change = []
                for seat, rating in zip(seats, updates["ratings"]):
                    if rating is None or seat["kind"] != "human" or not seat.get("name"):
                        change.append(None)
                        continue
                    key = (name_key(seat["name"]), variant)
                    old = self.ratings.get(key)
                    self.ratings[key] = {"player": seat["name"], "variant": variant, "r": rating["r"], "rd": rating["rd"],
                                         "vol": rating["vol"], "matches": (old["matches"] if old else 0) + 1}
                    change.append({"r": rating["r"], "rd": rating["rd"], "change": rating["change"]})
        match = {
            **state["record"], "id": match_id,
            "players": [{"kind": "computer", "level": seat["level"], "name": ""} if seat["kind"] == "computer"
                        else {"kind": "human", "name": seat.get("name", "")} for seat in seats],
            "clock": None, "created": self.time - 600_000, "updated": self.time, "finished": self.time,
            "gamesOver": games, "result": {"outcome": state["match"]["outcome"], "ratingChanges": change},
        }
        self.matches.append(match)
        ok("close", table_id=played["table_id"])
        return match

    def _rating(self, seat: dict, variant: str):
        if seat["kind"] != "human" or not seat.get("name"):
            return None
        entry = self.ratings.get((name_key(seat["name"]), variant))
        return [entry["r"], entry["rd"], entry["vol"]] if entry else None

    def stored_ratings(self) -> list[dict]:
        return list(self.ratings.values())
