"""The analysis board's methods (``filler.api.analysis``): a position opens from a
start and its moves, a saved match, a puzzle or a new board; the table goes to any
position of the tree; each color's verdict and the summary; a painted board is checked
with the board's own codes; a link reads back to the same position and refuses a
changed one; a game against the master goes on from the position."""

import base64
import json
from pathlib import Path

import pytest

import filler
from filler import api, puzzles
from filler.ai import analysis

ROOT = Path(__file__).resolve().parents[2]
QUICK = {"variant": "quick", "seed": 42, "options": {}, "game": 1}


def call(method, **params):
    answer = json.loads(api.handle(json.dumps({"id": 1, "method": method, "params": params})))
    return answer["result"] if answer["ok"] else {"error": answer["error"]}


def played(game, count):
    for _ in range(count):
        game = game.play(game.legal_colors()[-1])
    return game


def test_a_start_and_its_moves_open_at_the_ply_asked_and_the_table_goes_anywhere_in_the_tree():
    game = played(filler.Game.new("quick", 42), 6)
    moves = [color for _, color in game.moves]
    opened = call("analysis_open", start=QUICK, moves=moves, ply=4)
    assert opened["moves"] == moves and opened["ply"] == 4 and opened["analysed"]
    assert opened["state"]["move_number"] == 4
    assert [seat["kind"] for seat in opened["layout"]["players"]] == ["human", "human"]
    at_end = call("analysis_goto", table_id=opened["table_id"], moves=moves)
    assert at_end["state_id"] > opened["state"]["state_id"]
    assert at_end["cell_colors"] == "".join(game.color_rows()) and at_end["move_number"] == 6
    side = call("analysis_goto", table_id=opened["table_id"], moves=moves[:2] + [at_end["legal"][0]])
    assert side["move_number"] == 3
    wrong = call("analysis_goto", table_id=opened["table_id"], moves=moves[:2] + [moves[1]])
    assert wrong["error"]["code"] == "analysis.moves" and wrong["error"]["params"]["position"] == 3


def test_a_saved_match_a_puzzle_and_a_new_board_open_as_analyses():
    new = call("new_game", variant="quick", seed=7, games=2)
    record = call("record", table_id=new["table_id"])
    game = played(filler.Game.new("quick", 7), 5)
    record["events"] = [["move", seat, color] for seat, color in game.moves]
    opened = call("analysis_open", record=record, ply=2)
    assert opened["start"] == {"variant": "quick", "seed": 7, "options": {}, "game": 1}
    assert opened["moves"] == [color for _, color in game.moves] and opened["state"]["move_number"] == 2
    puzzle = puzzles.load(ROOT / "puzzles" / "quick.json")["puzzles"][0]
    opened = call("analysis_open", puzzle=puzzle)
    assert opened["moves"] == puzzle["moves"] and opened["state"]["turn"] == puzzle["side"]
    board = call("analysis_open", variant="practice", seed=3, options={"shape": "hex", "width": 7, "height": 6,
                                                                       "colors": 5})
    assert board["layout"]["shape"] == "hex" and board["layout"]["colors"] == 5 and board["moves"] == []
    assert call("analysis_open", variant="nope", seed=1)["error"]["code"] == "variant.unknown"


def test_every_legal_color_has_a_verdict_and_the_summary_names_the_best():
    moves = [color for _, color in played(filler.Game.new("quick", 42), 4).moves]
    game = filler.Game.new("quick", 42)
    for color in moves:
        game = game.play(color)
    assert call("analysis_legal", start=QUICK, moves=moves) == {"legal": game.legal_colors(), "over": False,
                                                                 "analysed": True}
    verdicts = [call("analysis_verdict", start=QUICK, moves=moves, color=color) for color in game.legal_colors()]
    assert [found["color"] for found in verdicts] == game.legal_colors()
    assert all(found["kind"] in analysis.KINDS and found["line"][0] == found["color"] for found in verdicts)
    assert verdicts == [analysis.verdict(game, color) for color in game.legal_colors()]  # the same, kept
    said = call("analysis_summary", start=QUICK, moves=moves)
    assert said == analysis.summary(game, verdicts)
    assert call("analysis_verdict", start=QUICK, moves=moves, color=game.legal_colors()[0], level=1)["level"] == 1
    illegal = next(color for color in range(game.colors) if color not in game.legal_colors())
    assert call("analysis_verdict", start=QUICK, moves=moves, color=illegal)["error"]["code"] == "move.illegal"
    assert call("analysis_verdict", start=QUICK, moves=moves, color=illegal,
                level=analysis.LEVELS)["error"]["code"] in ("move.illegal", "analysis.level")
    four = {"variant": "four", "seed": 1, "options": {}, "game": 1}
    assert call("analysis_verdict", start=four, moves=[], color=0)["error"]["code"] in (
        "analysis.two_sides", "move.illegal")


def test_a_painted_board_is_checked_by_the_engine_with_the_boards_own_words():
    opened = call("analysis_open", start=QUICK, moves=[])
    rows = filler.Game.new("quick", 42).color_rows()
    width = len(rows[0])
    # the bottom-left corner's neighbour painted the top-right corner's color: still fine
    # unless the two start territories touch; a whole column of one color joins them
    one = rows[-1][0]
    touching = [one * width for _ in rows]
    refused = call("analysis_paint", start=QUICK, moves=[], rows=touching, first=0)
    assert refused["error"]["code"] in ("board.starts_touch", "analysis.over")
    assert call("analysis_paint", start=QUICK, moves=[], rows=rows[:-1], first=0)["error"]["code"] == "board.size_changed"
    assert call("analysis_paint", start=QUICK, moves=[], rows=["9" * width] * len(rows),
                first=0)["error"]["code"] == "board.char"
    changed = [row for row in rows]
    middle = len(rows) // 2
    free = filler.Game.new("quick", 42).colors - 1
    changed[middle] = changed[middle][:3] + str(free) + changed[middle][4:]
    painted = call("analysis_paint", start=QUICK, moves=[], rows=changed, first=1)
    assert painted["start"] == {**QUICK, "rows": changed, "first": 1} and painted["state"]["turn"] == 1
    assert painted["state"]["cell_colors"][middle * width + 3] == str(free)
    reopened = call("analysis_open", start=painted["start"])
    assert reopened["table_id"] != opened["table_id"] and reopened["state"]["turn"] == 1


def test_a_link_opens_the_same_position_and_a_changed_one_is_refused():
    moves = [color for _, color in played(filler.Game.new("quick", 42), 5).moves]
    text = call("analysis_link", start=QUICK, moves=moves, ply=3)["text"]
    assert text.startswith("a1.") and len(text) < 120
    opened = call("analysis_link_open", text=text)
    assert (opened["start"], opened["moves"], opened["ply"]) == (QUICK, moves, 3)
    body = json.loads(base64.urlsafe_b64decode(text[3:] + "=" * (-len(text[3:]) % 4)))
    forged = dict(body, m=body["m"][:2] + body["m"][1] + body["m"][3:])
    forged_text = "a1." + base64.urlsafe_b64encode(json.dumps(forged).encode()).decode().rstrip("=")
    refused = call("analysis_link_open", text=forged_text)["error"]
    assert refused["code"] == "analysis.link.board" and refused["params"]["cause"]["code"] == "analysis.moves"
    # the codes of an analysis link's own (its texts say so: not a friend's match's)
    assert call("analysis_link_open", text=text[:-6])["error"]["code"] in ("analysis.link.damaged",
                                                                          "analysis.link.board")
    assert call("analysis_link_open", text="a1.%%%")["error"]["code"] == "analysis.link.damaged"
    assert call("analysis_link_open", text="a2." + text[3:])["error"]["code"] == "analysis.link.newer"
    assert call("analysis_link_open", text="hello")["error"]["code"] == "analysis.link.not_link"
    assert call("analysis_link_open", text="ab." + text[3:])["error"]["code"] == "analysis.link.not_link"


def test_a_kept_tree_opens_with_the_lines_the_engine_can_play_and_no_other():
    game = filler.Game.new("quick", 42)
    main = [color for _, color in played(game, 4).moves]
    other = next(color for color in game.play(main[0]).legal_colors() if color != main[1])
    illegal = main[0]  # the color just played is never legal for the other side
    def line(colors):
        node = {"children": []}
        for color in reversed(colors):
            node = {"children": [{"color": color, **node}]}
        return node
    tree = line(main)
    tree["children"][0]["children"].append({"color": other, "children": [{"color": 77, "children": []}]})
    tree["children"][0]["children"].append({"color": illegal, "children": []})
    tree["children"].insert(0, {"color": illegal + 20, "children": [{"color": 1, "children": []}]})
    opened = call("analysis_open", start=QUICK, tree=tree, ply=2)
    kept = opened["tree"]
    assert opened["moves"] == main and opened["state"]["move_number"] == 2  # the main line: the first legal one
    assert len(kept["children"]) == 1
    assert [child["color"] for child in kept["children"][0]["children"]] == [main[1], other]
    assert kept["children"][0]["children"][1]["children"] == []  # 77: no color of the board
    assert call("analysis_open", start=QUICK, tree={"children": "no"})["error"]["code"] == "analysis.tree"


def test_continue_against_the_master_from_a_position_as_a_single_unrated_game():
    moves = [color for _, color in played(filler.Game.new("quick", 42), 3).moves]
    opened = call("analysis_continue", start=QUICK, moves=moves)
    state = opened["state"]
    assert state["move_number"] == 3 and state["match"]["games"] == 1 and not state["match"]["rated"]
    kinds = [seat["kind"] for seat in opened["layout"]["players"]]
    assert kinds[state["turn"]] == "human" and kinds.count("computer") == 1
    # a painted board goes on as a custom board, the person moving first from their corner
    rows = filler.Game.new("quick", 42).color_rows()
    painted = {**QUICK, "rows": rows, "first": 1}
    opened = call("analysis_continue", start=painted, moves=[])
    assert opened["variant"] == "custom" and opened["state"]["turn"] == 0
    assert [seat["kind"] for seat in opened["layout"]["players"]] == ["human", "computer"]
    record = call("record", table_id=opened["table_id"])
    assert filler.Match.from_record(record).game.owner_rows() == [
        row.replace("0", "a").replace("1", "0").replace("a", "1")
        for row in filler.Game.new("quick", 42).painted(rows, 1).owner_rows()]
