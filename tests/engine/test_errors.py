"""Every kind of bad input raises a specific FillerError with a helpful message."""

import pytest

import filler
from filler import (BadBoard, BadOption, BadRecord, FillerError, Game, GameOver, IllegalMove,
                    OutOfTurn, UnknownVariant)


def test_every_error_is_a_filler_error_and_a_value_error():
    for error in (UnknownVariant, BadBoard, BadOption, IllegalMove, GameOver, OutOfTurn,
                  BadRecord):
        assert issubclass(error, FillerError) and issubclass(error, ValueError)
    assert issubclass(GameOver, IllegalMove)


@pytest.mark.parametrize("variant_id", ["Classic", "chess", "", None, 3])
def test_unknown_variants_list_the_known_ids(variant_id):
    with pytest.raises(UnknownVariant, match="choose one of: quick, classic"):
        Game.new(variant_id)


@pytest.mark.parametrize("seed", [True, 1.5, 1.0, "3", None, [1]])
def test_seeds_must_be_ints(seed):
    with pytest.raises(BadOption, match="seed must be a whole number"):
        Game.new("quick", seed=seed)


@pytest.mark.parametrize("seed", [-1, 2 ** 53, 2 ** 64])
def test_seeds_must_be_in_range(seed):
    with pytest.raises(BadOption, match=r"0\.\.9007199254740991"):
        Game.new("quick", seed=seed)


def test_the_largest_seed_works():
    assert Game.new("quick", seed=filler.SEED_LIMIT - 1).seed == 2 ** 53 - 1


@pytest.mark.parametrize("options, message", [
    ({"width": 4}, r"width must be an int in 5\.\.41"),
    ({"height": 42}, r"height must be an int in 5\.\.41"),
    ({"width": 10.0}, "width must be an int"),
    ({"colors": 2}, r"colors must be an int in 3\.\.9"),
    ({"colors": 10}, r"colors must be an int in 3\.\.9"),
    ({"colors": True}, "colors must be an int"),
    ({"shape": "triangle"}, "not one of square, hex, diamond"),
    ({"size": 9}, "unknown practice option"),
])
def test_practice_options_out_of_range(options, message):
    with pytest.raises(BadOption, match=message):
        Game.new("practice", **options)


def test_only_practice_takes_options():
    with pytest.raises(BadOption, match="takes no options"):
        Game.new("classic", width=9)


def test_seat_options_out_of_range():
    with pytest.raises(BadOption, match="first"):
        Game.new("classic", first=2)
    with pytest.raises(BadOption, match="corner_shift must be an int"):
        Game.new("classic", corner_shift="1")


@pytest.mark.parametrize("rows, message", [
    (["012", "01"], "row 1 has 2 cells but row 0 has 3"),
    (["01x", "012"], "unknown character 'x' at row 0, column 2"),
    (["0"], "too small"),
    ([], "no cells"),
    (["0" * 42, "1" * 42], "at most 41"),
    (["01"] * 42, "at most 41"),
    (["01#", "#12"], "start cell .* is an obstacle"),
    (["01*", "*12"], "start cell .* is a paint cell"),
    (["012", "345"], "colors=4"),
])
def test_malformed_rows(rows, message):
    colors = 4 if rows == ["012", "345"] else None
    with pytest.raises(BadBoard, match=message):
        Game.from_rows(rows, colors)


@pytest.mark.parametrize("kwargs, message", [
    ({"seats": 3}, "seats must be 2 or 4"),
    ({"teams": True}, "teams .* need seats=4"),
    ({"seats": 4, "colors": 4}, "need at least 5 colors"),
    ({"seats": 4, "teams": True, "colors": 3}, "need at least 4 colors"),
    ({"colors": 2}, r"colors must be an int in 3\.\.9"),
    ({"shape": "round"}, "unknown shape"),
    ({"walls": [(0, 5)]}, "not neighbours"),
    ({"walls": [(0,)]}, "a wall is a pair"),
    ({"crown": 99}, "crown must be a cell id"),
    ({"values": {0: 5}}, "values are 1, 2 or 3"),
    ({"values": {99: 2}}, "off the"),
    ({"starts": [[0], [0]]}, "used twice"),
    ({"starts": [[0, 1], [11]]}, "must share one color"),
    ({"starts": [[0]], "seats": 2}, "corners but there are 2 seats"),
    ({"starts": 5}, "starts .* must be a list"),
    ({"starts": [["a"], [3]]}, "start cells are cell ids"),
    ({"walls": 5}, "walls .* must be a list"),
    ({"paint": "12"}, "paint .* must be a list"),
    ({"values": 7}, "values .* must be a list"),
])
def test_bad_explicit_boards(kwargs, message):
    kwargs.setdefault("colors", 5)
    with pytest.raises(BadBoard, match=message):
        Game.from_rows(["0120", "2101", "0212"], **kwargs)


def test_start_territories_must_not_touch():
    with pytest.raises(BadBoard, match="touches another seat's start territory"):
        Game.from_rows(["0000", "0000"], colors=3)


@pytest.mark.parametrize("color, message", [
    (0, "your own current color"),
    (3, "current color of opponent seat 1"),
    (4, r"int in 0\.\.3"),
    (-1, r"int in 0\.\.3"),
    (True, r"int in 0\.\.3"),
    (1.0, r"int in 0\.\.3"),
    ("1", r"int in 0\.\.3"),
])
def test_illegal_colors(color, message):
    g = Game.from_rows(["0123", "2301", "0123"], colors=4)
    with pytest.raises(IllegalMove, match=message):
        g.play(color)
    with pytest.raises(IllegalMove, match=message):
        g.preview(color)


def test_moves_after_the_end():
    g = Game.from_rows(["0112"], colors=3).play(1)
    assert g.over
    with pytest.raises(GameOver, match="the game is over"):
        g.play(2)
    with pytest.raises(GameOver):
        g.resign(0)
    with pytest.raises(GameOver):
        g.remove_seat(1)


def test_bad_seats_for_seat_actions():
    g = Game.new("four")
    with pytest.raises(BadOption, match=r"seat must be an int in 0\.\.3"):
        g.resign(4)
    with pytest.raises(BadOption, match="seat must be an int"):
        g.score("0")
    with pytest.raises(BadOption, match="already out"):
        g.remove_seat(2).remove_seat(2)
    with pytest.raises(BadOption, match=r"cell must be an int in 0\.\.224"):
        g.owner_of(225)


@pytest.mark.parametrize("record, message", [
    ("classic", "a game record is a dict"),
    ({}, "not a Filler game record"),
    ({"format": "chess-pgn", "version": 1}, "not a Filler game record"),
    ({"format": "filler-game", "version": 99}, "newer than this engine"),
    ({"format": "filler-game", "version": "1"}, "not a positive int"),
    ({"format": "filler-game", "version": 1, "variant": "nope", "seed": 0}, "unknown variant"),
    ({"format": "filler-game", "version": 1, "variant": "quick", "seed": "x"}, "seed"),
    ({"format": "filler-game", "version": 1, "variant": "quick", "seed": 0,
      "events": [["move", 1, 2]]}, "seat 1 moves but it is seat 0's turn"),
    ({"format": "filler-game", "version": 1, "variant": "quick", "seed": 0,
      "events": [["jump", 0]]}, "is not one of"),
    ({"format": "filler-game", "version": 1, "variant": "quick", "seed": 0,
      "events": "moves"}, "events must be a list"),
    ({"format": "filler-game", "version": 1, "variant": "custom"}, "needs a 'layout'"),
    ({"format": "filler-game", "version": 1, "variant": "custom",
      "layout": {"rows": ["01", "2"]}}, "row 1 has 1 cells"),
])
def test_corrupt_or_foreign_records(record, message):
    with pytest.raises(BadRecord, match=message):
        Game.from_record(record)


def test_a_record_with_an_illegal_move_or_a_wrong_result_is_refused():
    g = Game.new("quick", seed=1)
    record = g.play(g.legal_colors()[0]).to_record()
    bad = dict(record, events=[["move", 0, g.current_color(0)]])
    with pytest.raises(BadRecord, match="event 0 .* does not replay: color"):
        Game.from_record(bad)
    wrong = dict(record, result=dict(record["result"], scores=[99, 1]))
    with pytest.raises(BadRecord, match="replays to"):
        Game.from_record(wrong)
