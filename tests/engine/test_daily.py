"""The board of the day (``filler.daily``, ``filler.api.daily``): the date to board rule
(a documented hash, golden values that must never change), dates refused with a code
that says why, the day's match, and the master of the day: bounded by nodes, so the
same moves get the same replies in another process (another hash seed) and in Pyodide."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import filler
from filler import api, daily

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))
from pyodide_node import available, run_python  # noqa: E402  (bench/pyodide_node.py)

# date -> seed, fixed forever: every player's board of that day (and every link and
# stored match) depends on them
GOLDEN_SEEDS = {
    "2026-12-01": 2465574219,
    "2026-12-04": 3900693695,
    "2027-01-01": 1001172402,
    "2028-02-29": 2163122513,
}


def call(method, **params):
    answer = json.loads(api.handle(json.dumps({"id": 1, "method": method, "params": params})))
    return answer["result"] if answer["ok"] else answer["error"]



def test_a_date_gives_the_seed_of_its_documented_hash():
    import hashlib
    for date, seed in GOLDEN_SEEDS.items():
        by_hand = int.from_bytes(hashlib.sha256(f"filler-daily:{date}".encode()).digest()[:4], "big")
        assert daily.day_seed(date) == by_hand
        assert daily.day_seed(date) == seed


def test_each_day_has_its_own_board_and_the_same_board_every_time():
    first = filler.Match.new("quick", seed=daily.day_seed("2026-12-04"), games=2).game.color_rows()
    assert daily.new_match("2026-12-04").game.color_rows() == first
    others = {tuple(daily.new_match(f"2026-12-{day:02d}").game.color_rows()) for day in range(1, 29)}
    assert len(others) == 28


def test_days_are_numbered_from_the_first_board_of_the_day():
    assert daily.day_number(daily.FIRST_DAY) == 1
    assert daily.day_number("2026-12-04") == 4
    assert daily.day_number("2027-01-01") == 32


@pytest.mark.parametrize("text", ["2026-13-01", "2026-02-30", "20261204", "2026-12-4", "", " 2026-12-04",
                                  "2026-12-04T00:00", "٢٠٢٦-١٢-٠٤", "9999-99-99", None, 20261204])
def test_a_malformed_date_is_refused_with_its_code(text):
    with pytest.raises(filler.BadOption) as refused:
        daily.check_date(text, "2026-12-04")
    assert refused.value.code == "daily.date"


def test_a_day_before_the_first_or_after_today_has_no_board():
    with pytest.raises(filler.BadOption) as before:
        daily.check_date("2026-11-30", "2026-12-04")
    assert before.value.code == "daily.before" and before.value.params["first"] == daily.FIRST_DAY
    with pytest.raises(filler.BadOption) as future:
        daily.check_date("2026-12-05", "2026-12-04")
    assert future.value.code == "daily.future" and future.value.params == {"value": "2026-12-05", "today": "2026-12-04"}
    assert str(daily.check_date("2026-12-04", "2026-12-04")) == "2026-12-04"
    with pytest.raises(filler.BadOption):  # the page's today is checked too
        daily.check_date("2026-12-04", "tomorrow")


def test_the_api_says_the_day_and_refuses_a_bad_one_as_data():
    assert call("daily_day", date="2026-12-03", today="2026-12-04") == {
        "date": "2026-12-03", "number": 3, "variant": "quick", "games": 2,
        "seed": daily.day_seed("2026-12-03"), "today": False, "first": daily.FIRST_DAY}
    assert call("daily_day", date="2026-12-05", today="2026-12-04")["code"] == "daily.future"
    assert call("daily_day", date="2026-1-5", today="2026-12-04")["code"] == "daily.date"


def test_the_days_match_is_two_unrated_games_on_quick_against_the_master():
    opened = call("daily_open", date="2026-12-04", today="2026-12-04", name="Ann")
    assert opened["day"]["today"] is True
    assert opened["layout"]["variant"] == "quick" and opened["layout"]["games"] == 2
    assert opened["layout"]["seed"] == daily.day_seed("2026-12-04")
    assert [seat["kind"] for seat in opened["layout"]["players"]] == ["human", "computer"]
    assert opened["layout"]["players"][1]["level"] == "master"
    state = opened["state"]
    assert state["daily"] == {"date": "2026-12-04", "shortened": 0}
    assert state["match"]["rated"] is False  # a replayable opponent rates nobody


def play_the_day(date: str, replies: int):
    """The person plays the first legal color each move; the master's colors."""
    match = daily.new_match(date)
    answers = []
    while len(answers) < replies and not match.over:
        if match.turn is None:
            match = match.ready(0).ready(1)
            continue
        if match.turn == 0:
            match = match.play(match.game.legal_colors()[0])
        else:
            color, shortened = daily.master_move(match.game)
            assert not shortened
            answers.append(color)
            match = match.play(color)
    return answers


def play_source():
    import inspect
    return inspect.getsource(play_the_day).replace("            assert not shortened\n", "")


def test_the_api_plays_the_master_of_the_day_as_the_engine_does():
    opened = call("daily_open", date="2026-12-02", today="2026-12-04")
    table_id, state = opened["table_id"], opened["state"]
    played = []
    while len(played) < 3:
        state = call("play", table_id=table_id, state_id=state["state_id"], color=state["legal"][0])
        state = call("bot_move", table_id=table_id, state_id=state["state_id"])
        played.append(state["last_move"]["color"])
    assert played == play_the_day("2026-12-02", 3)
    record = state["record"]
    reopened = call("open_record", record=record, seats=opened["layout"]["players"], daily="2026-12-02")
    assert reopened["state"]["daily"]["date"] == "2026-12-02"
    wrong = call("open_record", record=record, seats=opened["layout"]["players"], daily="2026-12-03")
    assert wrong["code"] == "daily.mismatch"


def test_the_master_of_the_day_answers_the_same_in_another_process():
    here = play_the_day("2026-12-04", 6)
    runs = []
    for hash_seed in ("1", "2"):  # another process, another str hash: the same master
        source = "import json, sys\nsys.path.insert(0, %r)\nfrom filler import daily\n%s\nprint(json.dumps(play_the_day('2026-12-04', 6)))\n" % (
            str(ROOT / "py"), play_source())
        done = subprocess.run([sys.executable, "-c", source], capture_output=True, text=True, timeout=300,
                              env={**os.environ, "PYTHONHASHSEED": hash_seed})
        assert done.returncode == 0, done.stderr
        runs.append(json.loads(done.stdout))
    assert runs == [here, here]


@pytest.mark.skipif(not available(), reason="needs node and node_modules/pyodide (npm install)")
def test_the_master_of_the_day_answers_the_same_in_pyodide():
    """Pyodide is what the page runs (WebAssembly, 32-bit: another int hash than here)."""
    source = "import json\nfrom filler import daily\n%s\nresult = json.dumps(play_the_day('2026-12-04', 6))\n" % play_source()
    assert json.loads(run_python(source, timeout=600)) == play_the_day("2026-12-04", 6)
