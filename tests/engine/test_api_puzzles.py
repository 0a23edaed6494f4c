"""The page's puzzle methods (``filler.api.puzzles``): a shipped record opens at its
position, a right move plays the reply, a wrong one is answered with its cost, its
refutation and the solution, and a try moves the puzzle rating."""

import json
from pathlib import Path

import pytest

import filler
from filler import api, puzzles

ROOT = Path(__file__).resolve().parents[2]


def call(method, **params):
    answer = json.loads(api.handle(json.dumps({"id": 1, "method": method, "params": params})))
    return answer["result"] if answer["ok"] else answer["error"]


@pytest.fixture(scope="module")
def records():
    return puzzles.load(ROOT / "puzzles" / "quick.json")["puzzles"]


def test_a_puzzle_opens_at_its_position_with_its_side_to_move(records):
    record = records[0]
    opened = call("puzzle_open", record=record)
    game = filler.Game.new(record["variant"], record["seed"])
    for color in record["moves"]:
        game = game.play(color)
    state = opened["state"]
    assert state["turn"] == record["side"] and state["move_number"] == len(record["moves"])
    assert state["cell_colors"] == "".join(game.color_rows())
    assert opened["puzzle"]["id"] == record["id"] and opened["puzzle"]["steps"] == (len(record["solution"]) + 1) // 2


def test_the_solution_is_right_and_its_replies_are_played(records):
    record = next(r for r in records if len(r["solution"]) >= 3)
    opened = call("puzzle_open", record=record)
    table_id, state_id = opened["table_id"], opened["state"]["state_id"]
    for ply in range(0, len(record["solution"]), 2):
        answer = call("puzzle_move", table_id=table_id, state_id=state_id, color=record["solution"][ply])
        assert answer["right"] is True
        played = [state["last_move"]["color"] for state in answer["states"]]
        assert played == record["solution"][ply:ply + 2][:len(played)]
        assert answer["solved"] == (ply + 2 >= len(record["solution"]))
        state_id = answer["states"][-1]["state_id"]
    again = call("puzzle_move", table_id=table_id, state_id=state_id, color=record["solution"][0])
    assert again["code"] == "puzzle.solved"


def test_a_wrong_color_says_its_cost_and_shows_the_refutation_and_the_solution(records):
    record = records[0]
    opened = call("puzzle_open", record=record)
    wrong, entry = next(iter(record["others"][0].items()))
    at = {"table_id": opened["table_id"], "state_id": opened["state"]["state_id"]}
    answer = call("puzzle_move", **at, color=int(wrong))
    assert answer == {"right": False, "cost": entry["cost"]}  # the verdict alone, at once
    refutation = call("puzzle_lines", **at, color=int(wrong), line="refutation")
    assert [s["last_move"]["color"] for s in refutation["states"]] == refutation["colors"]
    assert refutation["colors"][:len(entry["line"])] == entry["line"]
    solution = call("puzzle_lines", **at, color=int(wrong), line="solution")
    assert [s["last_move"]["color"] for s in solution["states"]] == solution["colors"]
    assert solution["colors"][:len(record["solution"])] == record["solution"]
    assert call("puzzle_lines", **at, color=record["solution"][0], line="solution")["code"] == "puzzle.right"
    assert call("puzzle_lines", **at, color=int(wrong), line="other")["type"] == "BadRequest"
    # the table stays at the position: the right move can still be played
    right = call("puzzle_move", table_id=opened["table_id"], state_id=opened["state"]["state_id"],
                 color=record["solution"][0])
    assert right["right"] is True


# A record once shipped (puzzles/quick.json before issue 50; the preview answers it, so the
# file no longer holds it): a draw whose refutations end the game only after 8 moves.
QUICK_4_11 = '{"id":"quick-4-11","variant":"quick","seed":4,"moves":[5,4,3,5,2,1,4,2,1,5,4],"side":1,"solution":[3],"result":"draw","margin":0,"others":[{"0":{"cost":{"result":"loss","cells":6,"exact":true},"line":[0,5,1,0,4,1,2,3]},"1":{"cost":{"result":"loss","cells":5,"exact":true},"line":[1,5,0,1,4,3,2,0]},"2":{"cost":{"result":"loss","cells":8,"exact":true},"line":[2,5,1,0,2,1,3,0]}}],"themes":["enclosure","draw"],"rating":1574,"found_by":["lookahead","master"]}'


def test_a_line_is_played_until_the_result_it_claims_is_on_the_board():
    """quick-4-11 (issue 48): its refutations stopped after 8 moves with the game going
    on, its solution after one move. Played on by the solver, each ends the game with
    what the record claims: the solution's result and margin, a wrong color's cost."""
    from filler.ai.review import final_value, margin, result_class
    record = json.loads(QUICK_4_11)
    opened = call("puzzle_open", record=record)
    at = {"table_id": opened["table_id"], "state_id": opened["state"]["state_id"]}
    start = puzzles._replayed(record["variant"], record["seed"], record["moves"])
    side = start.side_of(start.turn)

    def outcome(colors):
        game = start
        for color in colors:
            game = game.play(color)
        assert game.over, colors
        value = final_value(game, side)
        return ("loss", "draw", "win")[result_class(value) + 1], margin(value)

    for wrong, entry in record["others"][0].items():
        lines = {kind: call("puzzle_lines", **at, color=int(wrong), line=kind) for kind in ("refutation", "solution")}
        assert lines["solution"]["states"][-1]["over"] and lines["refutation"]["states"][-1]["over"]
        assert outcome(lines["solution"]["colors"]) == (record["result"], record["margin"])
        cost = entry["cost"]
        assert outcome(lines["refutation"]["colors"]) == (cost["result"], record["margin"] - cost["cells"])
    assert len(lines["solution"]["colors"]) > len(record["solution"]) == 1


def test_a_puzzle_table_takes_no_other_move(records):
    opened = call("puzzle_open", record=records[0])
    for method in ("play", "bot_move"):
        answer = call(method, table_id=opened["table_id"], state_id=opened["state"]["state_id"], color=0)
        assert answer["code"] == "puzzle.moves"
    other = call("new_game", variant="quick", seed=3)
    assert call("puzzle_move", table_id=other["table_id"], state_id=other["state"]["state_id"],
                color=0)["code"] == "puzzle.none"


def test_a_damaged_record_is_refused_with_its_field(records):
    record = {**records[0], "solution": [99, *records[0]["solution"][1:]]}
    answer = call("puzzle_open", record=record)
    assert answer["code"] == "puzzle.bad" and answer["params"] == {"field": "solution"}


def test_solving_raises_the_puzzle_rating_and_failing_lowers_it():
    up = call("puzzle_rating", rating=None, puzzle=1500, solved=True)
    down = call("puzzle_rating", rating=[1500, 350, 0.06], puzzle=1500, solved=False)
    assert up["r"] > 1500 and up["change"] > 0 and down["r"] < 1500 and down["change"] < 0
    harder = call("puzzle_rating", rating=[1500, 100, 0.06], puzzle=1900, solved=True)
    easier = call("puzzle_rating", rating=[1500, 100, 0.06], puzzle=1100, solved=True)
    assert harder["change"] > easier["change"] > 0
    assert call("puzzle_rating", rating="x", puzzle=1500, solved=True)["type"] == "BadRequest"


@pytest.mark.parametrize("rating", [[1e9, 350, 0.06], [1500, 350, 1e-300], [-50000, 350, 0.06], [1e300, 1e300, 1e300],
                                    [1500, 29.9, 0.06], [1500, 351, 0.06], [1500, 200, 0.21], [float("nan"), 200, 0.06]])
def test_a_rating_outside_what_the_game_gives_is_refused_not_a_crash(rating):
    """The same ranges as a friend's link (filler.link.RATING_RANGES): r 0-4000, rd 30-350, vol 0.01-0.2."""
    answer = call("puzzle_rating", rating=rating, puzzle=1500, solved=False)
    assert (answer["type"], answer["code"]) == ("BadRequest", "rating.bad"), rating
    assert call("puzzle_rating", rating=None, puzzle=10**400, solved=True)["code"] == "rating.bad"


def test_a_rating_stays_within_what_the_game_gives_at_its_ends():
    """A new player far above every puzzle, a player at the floor failing, a settled
    deviation: the rating after the try is inside the ranges it accepts."""
    for before, puzzle, solved in [([4000, 350, 0.06], 1000, True), ([0, 350, 0.06], 3000, False),
                                   ([1500, 30, 0.01], 1500, True), ([3990, 30, 0.2], 1000, True)]:
        after = call("puzzle_rating", rating=before, puzzle=puzzle, solved=solved)
        again = call("puzzle_rating", rating=[after["r"], after["rd"], after["vol"]], puzzle=puzzle, solved=solved)
        assert "code" not in again, (before, after, again)


def test_opening_a_shipped_puzzle_imports_nothing_the_snapshot_lacks():
    # The page's engine is a snapshot taken after `import filler.api, filler.rules_examples`
    # (builder/scripts/snapshot_steps.py); a module imported later comes from the engine
    # wheel, which is not saved for offline play: offline, a shipped record (its `chances`
    # checked by the ladder's rungs) "could not be opened". A fresh interpreter, so what
    # other tests imported does not count.
    import subprocess
    import sys
    script = f"""
import json, sys
import filler.api, filler.rules_examples
before = {{m for m in sys.modules if m.startswith("filler")}}
from filler import api, puzzles
for variant in ("quick", "classic", "hex"):
    record = puzzles.load({str(ROOT / "puzzles")!r} + f"/{{variant}}.json")["puzzles"][0]
    answer = json.loads(api.handle(json.dumps({{"id": 1, "method": "puzzle_open", "params": {{"record": record}}}})))
    assert answer["ok"], answer
print(sorted({{m for m in sys.modules if m.startswith("filler")}} - before))
"""
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                            cwd=ROOT / "py", check=True)
    assert result.stdout.strip() == "[]"
