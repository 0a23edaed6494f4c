"""Glicko-2 (docs/rules.md section 6) and the match rating helpers."""

import pytest

from filler.errors import FillerError
from filler.rating import (
    DEFAULT,
    MATCH_SCORES,
    glicko2,
    match_rating_updates,
    match_score,
)


def test_glickman_worked_example():
    # Glickman, "Example of the Glicko-2 system": 1464.06 / 151.52 / 0.05999.
    # The paper rounds mu' to 4 places before converting; unrounded gives 1464.05.
    r, rd, vol = glicko2(1500, 200, 0.06, [(1400, 30, 1), (1550, 100, 0), (1700, 300, 0)])
    assert r == pytest.approx(1464.06, abs=0.02)
    assert rd == pytest.approx(151.52, abs=0.01)
    assert vol == pytest.approx(0.05999, abs=0.00001)


def test_no_games_only_deviation_grows():
    r, rd, vol = glicko2(1500, 200, 0.06, [])
    assert (r, vol) == (1500, 0.06)
    assert rd == pytest.approx((200**2 + (0.06 * 173.7178) ** 2) ** 0.5)
    assert rd > 200


def test_defaults():
    assert DEFAULT == (1500.0, 350.0, 0.06)


def test_win_raises_loss_lowers_and_deviation_shrinks():
    win = glicko2(*DEFAULT, [(1500, 350, 1)])
    loss = glicko2(*DEFAULT, [(1500, 350, 0)])
    assert win[0] > 1500 > loss[0]
    assert win[0] - 1500 == pytest.approx(1500 - loss[0])
    assert win[1] < 350 and loss[1] < 350


def test_cells_win_is_worth_less_than_clear_win():
    clear = glicko2(*DEFAULT, [(1500, 350, 1.0)])
    cells = glicko2(*DEFAULT, [(1500, 350, 0.6)])
    assert clear[0] > cells[0] > 1500


def test_match_scores():
    assert match_score("clear", True) == 1 and match_score("clear", False) == 0
    assert match_score("cells", True) == 0.6 and match_score("cells", False) == 0.4
    assert match_score("draw", None) == 0.5
    assert match_score("resign", True) == 1 and match_score("resign", False) == 0
    assert match_score("timeout", True) == 1 and match_score("timeout", False) == 0
    assert set(MATCH_SCORES) == {"clear", "cells", "draw", "resign", "timeout"}
    with pytest.raises(FillerError, match="kind"):
        match_score("forfeit", True)


def test_two_player_match_update_is_symmetric():
    new = match_rating_updates({0: DEFAULT, 1: DEFAULT}, [(0, 1, 1.0)])
    assert new[0][0] > 1500 > new[1][0]
    assert new[0][0] - 1500 == pytest.approx(1500 - new[1][0])
    # same as two separate glicko2 calls
    assert new[0] == glicko2(*DEFAULT, [(1500, 350, 1.0)])


def test_four_player_pairs_use_ratings_from_before_the_match():
    ratings = [(1600, 100, 0.06), (1500, 200, 0.06), (1400, 300, 0.06), (1450, 80, 0.05)]
    # ranking 0 > 1 > 2 > 3, every pair of opponents
    pairs = [(a, b, 1.0) for a in range(4) for b in range(a + 1, 4)]
    new = match_rating_updates(ratings, pairs)
    assert new[0] == glicko2(*ratings[0], [(1500, 200, 1), (1400, 300, 1), (1450, 80, 1)])
    assert new[3] == glicko2(*ratings[3], [(1600, 100, 0), (1500, 200, 0), (1400, 300, 0)])
    assert new[0][0] > 1600 and new[3][0] < 1450


def test_duos_pairs_skip_partners():
    ratings = {seat: DEFAULT for seat in range(4)}
    pairs = [(a, b, 0.6) for a in (0, 2) for b in (1, 3)]
    new = match_rating_updates(ratings, pairs)
    assert new[0] == new[2] == glicko2(*DEFAULT, [(1500, 350, 0.6)] * 2)
    assert new[1] == new[3] == glicko2(*DEFAULT, [(1500, 350, 0.4)] * 2)


@pytest.mark.parametrize(
    "call",
    [
        lambda: glicko2(1500, -1, 0.06, []),
        lambda: glicko2(1500, 200, 0, []),
        lambda: glicko2("1500", 200, 0.06, []),
        lambda: glicko2(1500, 200, 0.06, [(1400, 30, 2)]),
        lambda: glicko2(1500, 200, 0.06, [(1400, 30)]),
        lambda: glicko2(1500, 200, 0.06, [], tau=0),
        lambda: match_rating_updates({0: DEFAULT}, [(0, 1, 1.0)]),
        lambda: match_rating_updates({0: DEFAULT, 1: DEFAULT}, [(0, 0, 1.0)]),
    ],
)
def test_bad_input(call):
    with pytest.raises(FillerError):
        call()
