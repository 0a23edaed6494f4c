"""Learn (``filler.lessons``, ``filler.api.lessons``): every lesson sets up a valid
position with the player to move, its intended solution does the task as the engine
judges it, a wrong try fails it (the page then gives the hint), and the stars are as
documented: 3 at the first try in the fewest moves, one less per failed try before
and per move over par, never below 1."""

import json
import re
from pathlib import Path

import pytest

import filler
from filler import api, lessons
from filler.lessons import LESSONS, Attempt, reached

ROOT = Path(__file__).resolve().parents[2]
# the rules page's sections a lesson can teach: the basic rules' sections (ids in the
# catalogs' `rules.basic`) and the variants' (rules.html#<variant id>)
RULES_SECTIONS = {"move", "enclosure", "end", "match"} | set(filler.VARIANTS)


def call(method, **params):
    answer = json.loads(api.handle(json.dumps({"id": 1, "method": method, "params": params})))
    return answer["result"] if answer["ok"] else answer["error"]


def play_all(lesson, colors, failures=0):
    attempt = Attempt.begin(lesson, failures)
    verdicts = []
    for color in colors:
        attempt, verdict = attempt.play(color)
        verdicts.append(verdict)
    return attempt, verdicts



def test_the_path_has_a_lesson_for_each_rule_of_the_rules_document():
    # the move and its chain, the two forbidden colors, the move that takes nothing,
    # no passing, enclosure, the equator, no free cell left, the match, hexagons, four players
    assert list(LESSONS) == ["chain", "forbidden", "block", "no-pass", "enclosure", "equator", "last-cell",
                             "match", "hexagons", "four"]
    assert {lesson.rule for lesson in LESSONS.values()} == {"move", "enclosure", "end", "match", "hex", "four"}


@pytest.mark.parametrize("lesson_id", list(LESSONS))
def test_a_lessons_board_is_valid_with_the_player_to_move(lesson_id):
    lesson = LESSONS[lesson_id]
    assert re.fullmatch(r"[a-z0-9-]{1,40}", lesson.id) and lesson.rule in RULES_SECTIONS
    assert lesson.goal["kind"] in lessons.GOAL_KINDS
    assert 1 <= lesson.par <= lesson.moves == len(lesson.solution) and len(lesson.wrong) <= lesson.moves
    match = lesson.match()  # the board checked by Match.from_rows, the setup replayed
    game = match.game
    assert not match.over and match.turn == lesson.player and not game.over
    assert game.shape == lesson.shape and game.seats == lesson.seats and match.games_count == lesson.games
    assert len(game.legal_colors()) >= 2  # a choice to make
    assert not reached(lesson, match, match)  # nothing done before the first move
    if lesson.goal["kind"] == "owns":
        assert all("".join(game.owner_rows())[cell] == "." for cell in lesson.goal["cells"])


@pytest.mark.parametrize("lesson_id", list(LESSONS))
def test_the_intended_solution_does_the_task_with_three_stars(lesson_id):
    lesson = LESSONS[lesson_id]
    attempt, verdicts = play_all(lesson, lesson.solution)
    assert verdicts == ["going"] * (len(lesson.solution) - 1) + ["done"]
    assert reached(lesson, attempt.origin, attempt.match)
    assert (attempt.stars, attempt.played) == (3, lesson.par)
    with pytest.raises(ValueError):
        attempt.play(attempt.match.game.legal_colors()[0] if not attempt.match.game.over else 0)


@pytest.mark.parametrize("lesson_id", list(LESSONS))
def test_a_wrong_try_fails_and_does_not_do_the_task(lesson_id):
    lesson = LESSONS[lesson_id]
    attempt, verdicts = play_all(lesson, lesson.wrong)
    assert verdicts[-1] == "failed" and set(verdicts[:-1]) <= {"going"}
    assert not reached(lesson, attempt.origin, attempt.match) and attempt.stars is None
    # another try: the solution now earns one star less, after two failed tries one
    second, _ = play_all(lesson, lesson.solution, failures=attempt.again().failures)
    assert second.stars == 2
    third = attempt.again().again()  # a try abandoned while going does not count
    assert third.failures == 1
    third, _ = play_all(lesson, lesson.wrong, failures=1)
    fourth, _ = play_all(lesson, lesson.solution, failures=third.again().failures)
    assert fourth.stars == 1
    assert play_all(lesson, lesson.solution, failures=7)[0].stars == 1


def test_every_legal_first_move_gets_a_verdict_and_the_replies_bring_the_player_back_to_move():
    for lesson in LESSONS.values():
        start = Attempt.begin(lesson)
        for color in start.match.game.legal_colors():
            attempt, verdict = start.play(color)
            assert verdict in lessons.VERDICTS
            if verdict == "going":
                assert attempt.match.turn == lesson.player and attempt.played < lesson.moves


def test_a_color_the_player_may_not_choose_is_refused():
    lesson = LESSONS["forbidden"]
    start = Attempt.begin(lesson)
    game = start.match.game
    for color in (game.current_color(0), game.current_color(1)):  # your own and the computer's
        with pytest.raises(filler.IllegalMove):
            start.play(color)


def test_the_goals_read_the_engines_state():
    # the block: right after the player's color 2 the computer may not play it
    lesson = LESSONS["block"]
    start = Attempt.begin(lesson)
    blocked = start.match.play(2)
    assert reached(lesson, start.origin, blocked) and 2 not in blocked.game.legal_colors()
    assert not reached(lesson, start.origin, start.match.play(3))
    # the enclosure: the corner's four free cells are the player's at once
    lesson = LESSONS["enclosure"]
    start = Attempt.begin(lesson)
    assert set(lesson.goal["cells"]) <= set(start.match.game.preview(3)[0])
    # the match: won on the total of cells at 1-1
    attempt, _ = play_all(LESSONS["match"], LESSONS["match"].solution)
    assert attempt.match.points == {0: 1, 1: 1} and attempt.match.outcome["kind"] == "cells"
    wrong, _ = play_all(LESSONS["match"], LESSONS["match"].wrong)
    assert wrong.match.points == {0: 1, 1: 1} and wrong.match.outcome["winner"] is None
    # the last cell: won when no free cell is left; the wrong color lets the computer draw
    attempt, _ = play_all(LESSONS["last-cell"], LESSONS["last-cell"].wrong)
    assert attempt.match.game.end_reason == "filled" and attempt.match.game.draw


# ---- the page's API -----------------------------------------------------------------

def test_the_api_lists_the_path_and_plays_every_lesson_through():
    listed = call("lesson_list")["lessons"]
    assert [entry["id"] for entry in listed] == list(LESSONS)
    for entry in listed:
        lesson = LESSONS[entry["id"]]
        opened = call("lesson_open", id=lesson.id)
        assert opened["lesson"] == {**entry, "failures": 0, "played": 0, "verdict": "going", "stars": None}
        state = opened["state"]
        assert state["turn"] == lesson.player and opened["layout"]["shape"] == lesson.shape
        # the person, and the computer without a level: its replies are the lesson's
        assert [(player["kind"], player["level"]) for player in opened["layout"]["players"]] == [
            ("human" if seat == lesson.player else "computer", None) for seat in range(lesson.seats)]
        for color in lesson.solution:
            answer = call("lesson_move", table_id=opened["table_id"], state_id=state["state_id"], color=color)
            assert answer["states"][0]["last_move"]["color"] == color
            state = answer["states"][-1]
        assert (answer["verdict"], answer["stars"], answer["lesson"]["played"]) == ("done", 3, lesson.par)
        assert "".join(lesson.match().game.color_rows()) == opened["state"]["cell_colors"]


def test_the_api_judges_a_wrong_try_shows_the_replies_and_a_retry_counts_it():
    lesson = LESSONS["block"]
    opened = call("lesson_open", id=lesson.id)
    at = {"table_id": opened["table_id"], "state_id": opened["state"]["state_id"]}
    answer = call("lesson_move", **at, color=lesson.wrong[0])
    assert answer["verdict"] == "failed" and answer["stars"] is None
    # the computer's reply is shown: it took the color the player should have taken
    assert [state["last_move"]["seat"] for state in answer["states"]] == [0, 1]
    assert answer["states"][-1]["last_move"]["color"] == 2
    late = call("lesson_move", table_id=opened["table_id"], state_id=answer["states"][-1]["state_id"], color=3)
    assert late["code"] == "lesson.over"
    again = call("lesson_retry", table_id=opened["table_id"])
    assert again["lesson"]["failures"] == 1 and again["state"]["cell_colors"] == opened["state"]["cell_colors"]
    assert call("state", table_id=opened["table_id"])["code"] == "api.table"  # the old table is closed
    done = call("lesson_move", table_id=again["table_id"], state_id=again["state"]["state_id"], color=2)
    assert (done["verdict"], done["stars"]) == ("done", 2)


def test_the_api_refuses_what_is_no_lesson_move():
    opened = call("lesson_open", id="chain")
    at = {"table_id": opened["table_id"], "state_id": opened["state"]["state_id"]}
    assert call("lesson_open", id="nope")["code"] == "lesson.unknown"
    assert call("lesson_open", id="chain", failures=-1)["type"] == "BadRequest"
    assert call("play", **at, color=2)["code"] == "lesson.moves"
    assert call("bot_move", **at)["code"] == "lesson.moves"
    assert call("lesson_move", **at, color=0)["code"] == "move.illegal"  # the player's own color
    assert call("lesson_move", table_id=at["table_id"], state_id=at["state_id"] - 1, color=2)["code"] == "api.stale"
    game = call("new_game", variant="quick", seed=3)
    assert call("lesson_move", table_id=game["table_id"], state_id=game["state"]["state_id"],
                color=game["state"]["legal"][0])["code"] == "lesson.none"
    reopened = call("lesson_open", id="chain", failures=2)
    answer = call("lesson_move", table_id=reopened["table_id"], state_id=reopened["state"]["state_id"], color=2)
    assert answer["stars"] == 1  # a try reopened in a new worker keeps its failed tries


def test_only_a_few_lesson_tables_are_kept():
    opened = [call("lesson_open", id="chain")["table_id"] for _ in range(api.lessons.KEPT + 2)]
    assert call("state", table_id=opened[0])["code"] == "api.table"
    assert call("state", table_id=opened[-1])["turn"] == 0
