"""Records: JSON-able, versioned, and they replay to exactly the same game."""

import json

import filler
from filler import Game


def roundtrip(game):
    record = game.to_record()
    again = Game.from_record(json.loads(json.dumps(record)))
    assert again == game
    assert again.history == game.history
    return record


def test_a_record_names_its_format_and_version_and_lists_the_moves():
    g = Game.new("quick", seed=42)
    g = g.play(g.legal_colors()[0]).play(g.play(g.legal_colors()[0]).legal_colors()[1])
    record = roundtrip(g)
    assert record["format"] == filler.RECORD_FORMAT == "filler-game"
    assert record["version"] == filler.RECORD_VERSION == 1
    assert (record["variant"], record["seed"]) == ("quick", 42)
    assert record["events"] == [["move", s, c] for s, c in g.moves]
    assert record["result"]["over"] is False


def test_practice_records_keep_their_options():
    g = Game.new("practice", seed=9, shape="hex", width=9, height=7, colors=5)
    g = g.play(g.legal_colors()[0])
    record = roundtrip(g)
    assert record["options"] == {"shape": "hex", "width": 9, "height": 7, "colors": 5}


def test_custom_boards_record_their_whole_layout():
    g = Game.from_rows(["0*23", "2301", "0123"], colors=4, shape="diamond", walls=[(4, 5)],
                       values={2: 3, 9: 2}, crown=6, corner_shift=1, first=1)
    g = g.play(g.legal_colors()[0])
    record = roundtrip(g)
    layout = record["layout"]
    assert layout["rows"] == ["0*23", "2301", "0123"]
    assert layout["shape"] == "diamond" and layout["walls"] == [[4, 5]]
    assert layout["values"] == {"2": 3, "9": 2} and layout["crown"] == 6
    assert (record["corner_shift"], record["first"]) == (1, 1)


def test_resign_and_out_events_replay():
    g = Game.new("four", seed=3)
    g = g.play(g.legal_colors()[0]).remove_seat(1)
    g = g.play(g.legal_colors()[0]).resign(3)
    record = roundtrip(g)
    assert record["events"][1] == ["out", 1] and record["events"][-1] == ["resign", 3]
    finished = Game.new("duos", seed=3).resign(2)
    assert roundtrip(finished)["result"] == {"over": True, "end_reason": "resign",
                                             "winners": [1, 3], "scores": [1, 1, 1, 1]}


def test_every_variant_and_a_finished_game_round_trip():
    for variant_id in filler.VARIANTS:
        g = Game.new(variant_id, seed=5)
        for _ in range(6):
            if not g.over:
                g = g.play(g.legal_colors()[-1])
        roundtrip(g)
    g = Game.new("quick", seed=5)
    while not g.over:
        g = g.play(g.legal_colors()[0])
    assert roundtrip(g)["result"]["over"] is True
