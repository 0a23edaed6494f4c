"""The ladder (``filler.ai.ladder``): reproducible strengths with measured ratings, on
which puzzles are rated; ``filler.parallel.ordered_map`` keeps the order of its tasks
whatever the number of processes."""

import doctest

import pytest

import filler
from filler import parallel
from filler.ai import ladder


def test_the_module_examples_hold():
    assert doctest.testmod(ladder).failed == 0
    assert doctest.testmod(parallel).failed == 0


@pytest.mark.parametrize("rung", ladder.RUNGS + (ladder.LEFT_OUT,))
def test_a_rung_gives_each_legal_color_a_chance_that_adds_up_to_one(rung):
    game = filler.Game.new("quick", seed=7)
    while len(game.moves) < 16:   # near the end: the masters' solver proves it at once
        game = game.play(filler.ai.choose(game, "greedy"))
    chances = ladder.move_chances(game, rung)
    assert set(chances) <= set(game.legal_colors()) and abs(sum(chances.values()) - 1) < 1e-9
    assert ladder.move_chances(game, rung) == chances   # the same every time


def test_the_soft_greedy_rungs_err_more_where_the_gains_are_close():
    game = filler.Game.new("quick", seed=7)
    gains = {c: game.preview_value(c) for c in game.legal_colors()}
    for rung in ("greedy-soft4", "greedy-soft2"):
        chances = ladder.move_chances(game, rung)
        assert max(chances, key=chances.get) == max(gains, key=gains.get)
        assert sorted(chances.values()) == [chances[c] for c in sorted(gains, key=gains.get)]
    # the colder one errs less
    top = max(gains, key=gains.get)
    assert ladder.move_chances(game, "greedy-soft2")[top] > ladder.move_chances(game, "greedy-soft4")[top]
    assert ladder.move_chances(game, "random") == {c: 1 / len(gains) for c in gains}


def test_a_match_of_rungs_repeats():
    first = ladder.play_match("quick", 3, ("random", "greedy-soft4"))
    assert first == ladder.play_match("quick", 3, ("random", "greedy-soft4"))
    assert ladder.play_match("quick", 3, ("greedy-soft4", "random")) in (0.0, 0.4, 0.5, 0.6, 1.0)


@pytest.mark.parametrize("variant", sorted(ladder.RATINGS))
def test_the_measured_ladder_climbs_and_the_left_out_player_sits_among_the_masters(variant):
    ratings = [ladder.RATINGS[variant][rung] for rung in ladder.RUNGS]
    # each rung above the one two below it (two neighbours may come out the other way
    # round in a few matches: the master and the master at twice its budget on hexagons)
    assert len(set(ratings)) == len(ratings) >= 8
    assert all(high > low for low, high in zip(ratings, ratings[2:]))
    left_out = ladder.LEFT_OUT_RATINGS[variant]
    assert ladder.RATINGS[variant]["master-1/64"] < left_out < ladder.RATINGS[variant]["master"]


def _square(number):
    return number * number


def test_ordered_map_gives_the_answers_in_the_tasks_order_for_any_number_of_processes():
    tasks = range(12)
    assert list(parallel.ordered_map(_square, tasks, jobs=2)) == [n * n for n in tasks]
    # an endless stream of tasks: the caller stops when it has what it needs
    answers = parallel.ordered_map(_square, iter(int, 1), jobs=2)
    assert [next(answers) for _ in range(3)] == [0, 0, 0]
    answers.close()
