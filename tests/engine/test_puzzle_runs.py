"""Puzzle Streak's and Puzzle Storm's rules (js/flows/puzzle_runs.js), which puzzle comes
next (js/flows/puzzle_order.js) and what the history says (js/flows/puzzle_history.js
historyOf), without a browser: the modules are plain functions, run in Node. The browser story is tests/browser/puzzles/test_puzzle_streak_storm.py."""

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run_in_node(body: str):
    """The JSON value `body` returns, run as an async function in Node with `runs`, `order`
    and `history` (the modules' exports)."""
    if shutil.which("node") is None:
        pytest.fail("these tests need node (Node.js 20 or later) on PATH")
    script = f"""
const runs = await import({json.dumps((ROOT / 'js/flows/puzzle_runs.js').as_uri())});
const order = await import({json.dumps((ROOT / 'js/flows/puzzle_order.js').as_uri())});
const history = await import({json.dumps((ROOT / 'js/flows/puzzle_history.js').as_uri())});
const value = await (async () => {{ {body} }})();
process.stdout.write(JSON.stringify(value));
"""
    done = subprocess.run([shutil.which("node"), "--input-type=module", "-e", script], capture_output=True, text=True,
                          timeout=60, check=True)
    return json.loads(done.stdout)


def test_storms_combo_gives_seconds_at_its_milestones_and_every_ten_after_the_last():
    bonus = run_in_node("return Array.from({length: 61}, (_, combo) => runs.comboBonus(combo));")
    assert {combo: seconds for combo, seconds in enumerate(bonus) if seconds} == {
        5: 3, 12: 5, 20: 7, 30: 10, 40: 10, 50: 10, 60: 10}
    assert run_in_node("return [0, 4, 5, 29, 30, 41].map((combo) => runs.nextBonus(combo));") == [
        [5, 3], [5, 3], [12, 5], [30, 10], [40, 10], [50, 10]]


def test_a_storms_clock_takes_its_bonus_and_its_malus_and_says_each_mark_once():
    said = run_in_node("""
const run = runs.newRun('storm', 'quick');
const before = runs.timeLeft(run, 5000);
runs.startClock(run, 1000);  // its first puzzle at the table
const marks = [];
for (const at of [56000, 62000, 62500]) marks.push(runs.marksPassed(run, runs.timeLeft(run, at)));
for (let color = 0; color < 5; color++) runs.rightColor(run);  // five in a row: +3 s
const bonus = runs.timeLeft(run, 62000);
runs.wrongColor(run, 'quick-4-11');
runs.wrongColor(run, 'quick-4-11');
const late = runs.marksPassed(run, runs.timeLeft(run, 150000));
return {before, marks, bonus, left: runs.timeLeft(run, 62000), combo: run.combo, best: run.bestCombo,
        failed: run.failed, moves: run.moves, wrong: run.wrong, late, end: runs.timeLeft(run, 10 ** 9),
        clock: [runs.clockText(180000), runs.clockText(59001), runs.clockText(0)]};""")
    assert said["before"] == 180_000  # not started: the whole time
    assert said["marks"] == [[], [120], []]  # 2:00 left once, not again
    assert said["bonus"] == 180_000 - 61_000 + 3_000
    assert said["left"] == said["bonus"] - 20_000
    assert (said["combo"], said["best"], said["failed"], said["moves"], said["wrong"]) == (0, 5, ["quick-4-11"], 7, 2)
    assert said["late"] == [60, 30]  # 14 s left: a jump past several marks passes them all (the page says the time once)
    assert said["end"] == 0
    assert said["clock"] == ["3:00", "1:00", "0:00"]


def test_a_streak_ends_at_its_first_wrong_color():
    assert run_in_node("""const run = runs.newRun('streak', 'hex');
runs.rightColor(run);
const before = run.over;
runs.wrongColor(run, 'hex-3-20');
return [before, run.over, run.failed, run.endsAt];""") == [False, True, [], None]


# a file of 300 puzzles, three a game, rated 800 to 1999, a game's spread over the ratings
PUZZLES = [{"id": f"quick-{game}-{ply}", "rating": 800 + (game * 7919 + index * 104729) % 1200,
            "themes": ["finish"] if game % 2 else []}
           for game in range(100) for index, ply in enumerate((10, 14, 18))]


def test_a_run_rises_never_repeats_and_never_follows_a_puzzle_with_one_of_its_game():
    picked = run_in_node(f"""
const list = {json.dumps(PUZZLES)};
const run = runs.newRun('storm', 'quick');
const shown = [];
for (let index = 0; index < 40; index++) {{
  const next = runs.nextOfRun(run, list, {{seen: () => false, seed: 5}});
  run.seen.push(next.id);
  run.last = next;
  shown.push(next);
}}
return shown;""")
    ratings = [puzzle["rating"] for puzzle in picked]
    # a Storm climbs from the easiest to the hardest over its first 30 puzzles, then takes the hardest left
    climb = ratings[:30]
    assert climb == sorted(climb) and climb[0] < 800 + 40 and climb[-1] > 1999 - 40
    for index, rating in enumerate(ratings[30:], 30):
        left = sorted((puzzle["rating"] for puzzle in PUZZLES if puzzle["id"] not in {p["id"] for p in picked[:index]}),
                      reverse=True)
        assert rating in left[:3]  # the hardest, or the next when it is of the last one's game
    ids = [puzzle["id"] for puzzle in picked]
    assert len(set(ids)) == len(ids)
    games = [puzzle_id.rsplit("-", 1)[0] for puzzle_id in ids]
    assert all(first != second for first, second in zip(games, games[1:]))


def test_the_next_puzzle_is_near_the_rating_asked_unseen_first_of_the_theme():
    picked = run_in_node(f"""
const list = {json.dumps(PUZZLES)};
const seen = new Set(list.filter((puzzle) => puzzle.rating < 1500).map((puzzle) => puzzle.id));
return [order.pickPuzzle(list, {{rating: 900, seed: 1}}), order.pickPuzzle(list, {{rating: 900, seed: 1, seen: (id) => seen.has(id)}}),
        order.pickPuzzle(list, {{rating: 1900, seed: 2, theme: 'finish'}}), order.pickPuzzle(list, {{rating: 900, skip: list.map((p) => p.id)}})];""")
    near, unseen, themed, none = picked
    assert abs(near["rating"] - 900) <= 150 + 10  # the nearest is within 10 of 900
    assert 1500 <= unseen["rating"] <= 1500 + 150 + 10  # every puzzle below 1500 seen: the nearest unseen ones
    assert "finish" in themed["themes"] and abs(themed["rating"] - 1900) <= 150 + 20
    assert none is None


def test_the_history_says_each_themes_success_and_which_puzzles_failed_last_by_board_and_theme():
    tries = [  # oldest first, as the store keeps them
        {"id": "quick-4-11", "solved": 0, "play": "storm", "themes": ["enclosure", "long"]},
        {"id": "hex-2-9", "solved": 1, "play": "rated", "themes": ["enclosure"]},
        {"id": "quick-7-13", "solved": 0, "play": "streak", "themes": ["blocking"]},
        {"id": "quick-4-11", "solved": 1, "play": "unrated", "themes": ["enclosure", "long"]},
        {"id": "own-m1-8", "solved": 0, "play": "unrated", "themes": ["finish"]},
    ]
    every, quick, long = run_in_node(f"""const tries = {json.dumps(tries)};
return [history.historyOf(tries), history.historyOf(tries, {{variant: 'quick'}}), history.historyOf(tries, {{theme: 'long'}})];""")
    assert [entry["id"] for entry in every["tries"]] == ["own-m1-8", "quick-4-11", "quick-7-13", "hex-2-9", "quick-4-11"]
    assert every["solved"] == 2
    # [theme, tries, solved], the most tried first
    assert every["themes"] == [["enclosure", 3, 2], ["long", 2, 1], ["blocking", 1, 0], ["finish", 1, 0]]
    # failed at its last try, newest first: quick-4-11 was solved since
    assert every["failed"] == ["own-m1-8", "quick-7-13"]
    assert ([entry["id"] for entry in quick["tries"]], quick["failed"]) == (["quick-4-11", "quick-7-13", "quick-4-11"], ["quick-7-13"])
    assert (long["themes"], long["failed"]) == ([["enclosure", 2, 1], ["long", 2, 1]], [])


def test_a_storm_stopped_keeps_the_time_it_had_left():
    left = run_in_node("""const run = runs.newRun('storm', 'quick');
runs.startClock(run, 1000);
runs.stopRun(run, 31000);
return [run.over, runs.timeLeft(run, 31000), runs.timeLeft(run, 95000)];""")
    assert left == [True, 150_000, 150_000]
