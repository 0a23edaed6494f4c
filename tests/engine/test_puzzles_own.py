"""Puzzles from your own games (``filler.puzzles.mistake_plies``, ``own_puzzle``, the
API's ``review_puzzle``): where the review finds a costly move whose better color the
solver proves, that position becomes a puzzle with the color missed, in game 1 or in
game 2 of a match (corners swapped); elsewhere there is none."""

import json
from pathlib import Path

import filler
from filler import api, puzzles

ROOT = Path(__file__).resolve().parents[2]


def call(method, **params):
    answer = json.loads(api.handle(json.dumps({"id": 1, "method": method, "params": params})))
    return answer["result"] if answer["ok"] else answer["error"]


def a_game_that_misses(record):
    """The shipped puzzle's game with one of its wrong colors played, then the greedy level to the end."""
    game = puzzles._replayed(record["variant"], record["seed"], record["moves"])
    game = game.play(int(next(iter(record["others"][0]))))
    while not game.over:
        game = game.play(filler.ai.choose(game, "greedy"))
    return game


def test_a_missed_best_color_becomes_your_puzzle():
    shipped = next(r for r in puzzles.load(ROOT / "puzzles" / "quick.json")["puzzles"] if r["side"] == 0)
    game = a_game_that_misses(shipped)
    ply = len(shipped["moves"])
    assert ply in puzzles.mistake_plies(list(filler.ai.review(game)))
    own = puzzles.own_puzzle(game, ply)
    assert own["id"] == f"own-{shipped['id']}" and own["solution"][0] == shipped["solution"][0]
    assert own["moves"] == shipped["moves"] and own["rating"] == 0 and own["found_by"] == []
    assert puzzles.verify(own) == []
    # where the best color was played there is none, nor at a ply out of the game
    right = puzzles._replayed(shipped["variant"], shipped["seed"], shipped["moves"]).play(shipped["solution"][0])
    while not right.over:
        right = right.play(filler.ai.choose(right, "greedy"))
    assert puzzles.own_puzzle(right, ply) is None
    assert puzzles.own_puzzle(game, len(game.moves)) is None and puzzles.own_puzzle(game, -1) is None
    # a practice board (its options are no part of a record) gives none
    practice = filler.Game.new("practice", seed=3, width=6, height=5, colors=4)
    while not practice.over:
        practice = practice.play(practice.legal_colors()[0])
    assert all(puzzles.own_puzzle(practice, ply) is None for ply in range(len(practice.moves)))


def test_only_costly_proven_moves_are_tried_latest_first_a_few_a_seat():
    results = [{"ply": ply, "seat": ply % 2, "mark": mark, "loss": loss, "exact": exact}
               for ply, (mark, loss, exact) in enumerate([
                   ("blunder", 12, True), ("mistake", 6, True), ("inaccuracy", 3, True), ("mistake", 7, False),
                   ("good", 1, True), ("blunder", 0, True), ("inaccuracy", 2, True), ("blunder", 20, True),
                   ("mistake", 5, True), ("best", 0, True)])]
    # a cost of GAP (3) cells or the result, proven; at most PER_GAME (3) a seat
    assert puzzles.mistake_plies(results) == [8, 7, 5, 2, 1, 0] and puzzles.PER_GAME == 3
    assert puzzles.mistake_plies(results, per_seat=1) == [8, 7]


def test_a_review_of_game_2_gives_its_puzzles_and_they_open_there():
    seats = [{"kind": "computer", "level": "greedy"}] * 2
    opened = call("new_game", variant="quick", seed=2, games=2, seats=seats)
    state = opened["state"]
    while not state["match"]["over"]:
        state = call("bot_move", table_id=opened["table_id"], state_id=state["state_id"])
    record = call("record", table_id=opened["table_id"])
    started = call("review_start", record=record, seats=seats, game_index=1)
    answer = {"done": False}
    while not answer["done"]:
        answer = call("review_next", review_id=started["review_id"], count=8)
    assert 25 in answer["puzzle_plies"]
    puzzle = call("review_puzzle", review_id=started["review_id"], ply=25)["puzzle"]
    assert puzzle["id"] == "own-quick-2-g2-25" and puzzle["game"] == 2
    game = filler.Match.from_record(record).games[1]
    assert puzzle["moves"] == [color for _, color in game.moves[:25]]
    table = call("puzzle_open", record=puzzle)
    position = puzzles._positions(game)[25]
    assert table["state"]["cell_colors"] == "".join(position.color_rows()) and table["state"]["turn"] == position.turn
    played = game.moves[25][1]  # the color missed is right, the one played wrong
    at = {"table_id": table["table_id"], "state_id": table["state"]["state_id"]}
    assert call("puzzle_move", **at, color=played)["right"] is False
    assert call("puzzle_move", **at, color=puzzle["solution"][0])["right"] is True
    assert call("review_puzzle", review_id=started["review_id"] + 1, ply=25)["code"] == "review.none"
