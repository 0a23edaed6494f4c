"""The match clock (docs/rules.md section 5): bank + increment, pure arithmetic."""

import json

import pytest

from filler.clock import Clock
from filler.errors import BadOption, BadRecord, FillerError, OutOfTurn


def test_new_clock_is_stopped_with_full_banks():
    clock = Clock.new(2, 120_000, 2_000)
    assert clock.remaining(0) == (120_000, 120_000)
    assert clock.turn is None and not clock.running
    assert clock.flagged(10**9) is None  # nothing runs before start
    assert clock.deadline_ms() is None


def test_only_the_seat_to_move_runs():
    clock = Clock.new(2, 60_000, 0).start(0, 1_000)
    assert clock.remaining(31_000) == (30_000, 60_000)
    clock = clock.moved(0, 31_000, next_seat=1)
    assert clock.remaining(41_000) == (30_000, 50_000)


def test_increment_after_each_completed_move():
    clock = Clock.new(2, 10_000, 3_000).start(0, 0)
    clock = clock.moved(0, 1_000, 1)
    clock = clock.moved(1, 5_000, 0)
    clock = clock.moved(0, 5_500, 1)
    assert clock.remaining(5_500) == (9_000 - 500 + 3_000 * 2, 6_000 + 3_000)


def test_pause_while_hidden_and_resume():
    clock = Clock.new(2, 60_000, 0).start(1, 0)
    clock = clock.pause(10_000)
    assert clock.remaining_ms(1, 10**7) == 50_000
    assert clock.deadline_ms() is None
    clock = clock.resume(10**7)
    assert clock.remaining_ms(1, 10**7 + 5_000) == 45_000
    assert clock.deadline_ms() == 10**7 + 50_000
    # pausing twice is harmless
    assert clock.pause(10**7 + 1).pause(10**7 + 2).remaining(10**7 + 9) == (60_000, 49_999)


def test_paused_between_games():
    clock = Clock.new(2, 60_000, 1_000).start(0, 0)
    clock = clock.moved(0, 4_000, None)  # the move ended game 1
    assert clock.turn is None and not clock.running
    assert clock.remaining(10**6) == (57_000, 60_000)
    # a page shown again between games does not start anything
    assert clock.resume(10**6).remaining(2 * 10**6) == (57_000, 60_000)
    # game 2: the other seat moves first
    clock = clock.start(1, 2 * 10**6)
    assert clock.remaining(2 * 10**6 + 1_000) == (57_000, 59_000)
    assert clock.stop(2 * 10**6 + 2_000).remaining(3 * 10**6) == (57_000, 58_000)


def test_flag_detection():
    clock = Clock.new(2, 5_000, 1_000).start(0, 0).moved(0, 1_000, 1)
    assert clock.flagged(5_999) is None
    assert clock.flagged(6_000) == 1
    assert clock.out_of_time(7_000) == (1,)
    assert clock.remaining_ms(1, 10**6) == 0  # never negative
    assert clock.deadline_ms() == 6_000


def test_move_after_the_flag_gets_no_increment():
    clock = Clock.new(2, 5_000, 1_000).start(0, 0).moved(0, 9_000, 1)
    assert clock.remaining(9_000) == (0, 5_000)
    assert clock.out_of_time(9_000) == (0,)


def test_four_players_start_hands_the_turn_on_when_a_seat_drops_out():
    clock = Clock.new(4, 10_000, 0).start(0, 0).moved(0, 1_000, 1)
    assert clock.flagged(11_000) == 1
    clock = clock.start(2, 12_000)  # seat 1 is out; seat 2 to move
    assert clock.remaining(13_000) == (9_000, 0, 9_000, 10_000)
    assert clock.flagged(13_000) is None
    assert clock.out_of_time(13_000) == (1,)


def test_tick_and_halt_for_reload():
    clock = Clock.new(2, 60_000, 0).start(0, 0).tick(20_000)
    saved = json.loads(json.dumps(clock.to_dict()))
    # page closed at 25 s, reopened much later: only time up to the save counts
    restored = Clock.from_dict(saved).halt().resume(10**9)
    assert restored.remaining(10**9) == (40_000, 60_000)
    assert restored.running and restored.turn == 0


def test_round_trip():
    clock = Clock.new(4, 360_000, 3_000).start(0, 5).moved(0, 900, 1).pause(1_000)
    data = clock.to_dict()
    assert json.loads(json.dumps(data)) == data
    assert data["format"] == "filler-clock" and data["version"] == 1
    assert Clock.from_dict(data) == clock


@pytest.mark.parametrize(
    "call, error",
    [
        (lambda: Clock.new(2, -1, 0), BadOption),
        (lambda: Clock.new(2, 0, 0), BadOption),
        (lambda: Clock.new(2, 1000, -5), BadOption),
        (lambda: Clock.new(2, 1.5, 0), BadOption),
        (lambda: Clock.new(0, 1000, 0), BadOption),
        (lambda: Clock.new(2, 1000).start(2, 0), BadOption),
        (lambda: Clock.new(2, 1000).start(0, -1), BadOption),
        (lambda: Clock.new(2, 1000).start(0, 50).remaining(49), BadOption),
        (lambda: Clock.new(2, 1000).start(0, 50).pause(10), BadOption),
        (lambda: Clock.new(2, 1000).start(0, 50).moved(1, 60, 0), OutOfTurn),
        (lambda: Clock.new(2, 1000).moved(0, 60, 1), OutOfTurn),
        (lambda: Clock.new(2, 1000).start(0, 0).moved(0, 60, 7), BadOption),
        (lambda: Clock.from_dict({"format": "chess-clock"}), BadRecord),
        (lambda: Clock.from_dict([]), BadRecord),
        (lambda: Clock.from_dict({**Clock.new(2, 1000).to_dict(), "version": 99}), BadRecord),
        (lambda: Clock.from_dict({**Clock.new(2, 1000).to_dict(), "left_ms": [5, -1]}), BadRecord),
        (lambda: Clock.from_dict({**Clock.new(2, 1000).to_dict(), "turn": 3}), BadRecord),
        (lambda: Clock.from_dict({**Clock.new(2, 1000).to_dict(), "running": True}), BadRecord),
        (lambda: Clock.from_dict({"format": "filler-clock", "version": 1}), BadRecord),
    ],
)
def test_bad_input(call, error):
    with pytest.raises(error) as caught:
        call()
    assert isinstance(caught.value, FillerError) and str(caught.value)
