"""Computer players: legal, deterministic, in every variant; the exact solver is exact.

Small budgets only (no timed assertions): the bots are given seconds=0.05 or a
small node budget.
"""

import random
from pathlib import Path

import pytest

import filler
from filler import ai
from filler.ai.position import Board
from filler.ai.search import WIN, solve

QUICK = 0.05

VARIANT_IDS = ["quick", "classic", "hex", "vinco", "diamonds", "walls", "treasure", "three",
               "four", "duos", "big", "practice"]


def test_levels():
    assert ai.LEVELS == ("beginner", "greedy", "lookahead", "master")


def advanced(game, moves, rng):
    for _ in range(moves):
        if game.over:
            break
        game = game.play(rng.choice(game.legal_colors()))
    return game


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_every_level_plays_a_legal_color_in_every_variant(variant):
    game = filler.Game.new(variant, seed=3)
    rng = random.Random(variant)
    positions = [game, advanced(game, 7, rng)]
    for position in positions:
        if position.over:
            continue
        for level in ai.LEVELS:
            assert ai.choose(position, level, QUICK) in position.legal_colors()


@pytest.mark.parametrize("shape", ["square", "hex", "diamond"])
def test_practice_boards_of_every_shape_and_three_colors(shape):
    for colors in (3, 4, 9):
        for width in (7, 8, 9):
            try:
                game = filler.Game.new("practice", seed=2, shape=shape, width=width,
                                       height=5, colors=colors)
                break
            except filler.FillerError:  # hex and 3 colors: not every size can be colored
                continue
        for level in ai.LEVELS:
            color = ai.choose(game, level, QUICK)
            assert color in game.legal_colors()


def test_three_colors_single_legal_move():
    game = filler.Game.from_rows(["0121", "2102", "0212"], colors=3)
    assert game.legal_colors() == [2]
    for level in ai.LEVELS:
        assert ai.choose(game, level, QUICK) == 2


def test_two_legal_colors():
    game = filler.Game.from_rows(["01230", "23012", "30121", "12303"], colors=4)
    assert len(game.legal_colors()) == 2
    for level in ai.LEVELS:
        assert ai.choose(game, level, QUICK) in game.legal_colors()


def test_one_move_from_the_end_every_level_takes_the_win():
    # play greedy games and stop one move before the end; the master must see
    # the finishing move when one wins, and every level plays legally
    for seed in range(3):
        game = filler.Game.new("quick", seed)
        history = [game]
        while not game.over:
            game = game.play(ai.choose(game, "greedy"))
            history.append(game)
        last = history[-2]
        for level in ai.LEVELS:
            assert ai.choose(last, level, QUICK) in last.legal_colors()
        board, pos = Board.from_game(last)
        value, color = solve(board, pos, max_nodes=50_000)
        played = last.play(ai.choose(last, "master", 1.0, max_nodes=50_000))
        mover_side = last.side_of(last.turn)
        if value > WIN // 2:
            assert played.over and set(played.winners) == set(last.side_seats(mover_side))


def test_hint_is_legal():
    game = filler.Game.new("practice", 4, shape="hex", width=9, height=9, colors=5)
    assert ai.hint(game, 0.05) in game.legal_colors()


def test_over_game_raises():
    game = filler.Game.new("quick", 1)
    while not game.over:
        game = game.play(game.legal_colors()[0])
    with pytest.raises(ValueError):
        ai.choose(game, "greedy")


def test_unknown_level():
    with pytest.raises(ValueError):
        ai.choose(filler.Game.new("quick", 1), "grandmaster")


@pytest.mark.parametrize("level", ai.LEVELS)
def test_deterministic_for_a_seed(level):
    # with a node budget (not the clock) ending the search, the same game, level and
    # seed give the same move
    rng = random.Random(5)
    game = advanced(filler.Game.new("classic", 4), 6, rng)
    moves = {ai.choose(game, level, 10.0, seed=9, max_nodes=300) for _ in range(3)}
    assert len(moves) == 1


def test_beginner_depends_on_seed_but_not_on_chance():
    game = filler.Game.new("classic", 1)
    line_a, line_b = [], []
    for seed, line in ((1, line_a), (1, line_b)):
        g = game
        for _ in range(12):
            if g.over:
                break
            c = ai.choose(g, "beginner", seed=seed)
            line.append(c)
            g = g.play(c)
    assert line_a == line_b


def test_greedy_takes_the_largest_gain():
    rng = random.Random(3)
    game = advanced(filler.Game.new("classic", 2), 5, rng)
    best = max(game.preview_value(c) for c in game.legal_colors())
    assert game.preview_value(ai.choose(game, "greedy")) == best


def test_budget_never_exceeds_what_the_clock_allows():
    game = filler.Game.new("classic", 1)
    assert ai.budget(300_000, 3_000, game) <= ai.default_seconds(game)
    tiny = ai.budget(200, 0, game)
    assert 0 < tiny <= 0.05
    assert ai.budget(60_000, 0, game) < 60 / 10


# -- the exact solver against a plain minimax over Game.play ---------------------------

def brute_force(game, memo):
    """(win/draw/loss + margin) for the side to move, by plain minimax over Game.play."""
    key = game.state_key()
    if key in memo:
        return memo[key]
    mover_side = game.side_of(game.turn)
    if game.over:
        raise AssertionError("brute_force is called on games in play only")
    best = None
    for color in game.legal_colors():
        child = game.play(color)
        if child.over:
            value = final_value(child, mover_side)
        else:
            value = brute_force(child, memo)
            if child.side_of(child.turn) != mover_side:
                value = -value
        best = value if best is None else max(best, value)
    memo[key] = best
    return best


def final_value(game, side):
    mine = game.side_score(side)
    theirs = max(game.side_score(s) for s in range(game.sides) if s != side)
    winners = {game.side_of(s) for s in game.winners}
    if side in winners:
        return (WIN if len(winners) == 1 else 0) + mine - theirs
    return -WIN + mine - theirs


SMALL_BOARDS = [
    (["0121", "2102", "0212"], 3, "square"),
    (["0123", "2301", "1230"], 4, "square"),
    (["012", "230", "301", "123"], 4, "square"),
    (["0120", "2301", "1012"], 4, "hex"),
    (["01230", "23012", "30121"], 4, "square"),
    (["0102", "2310", "1023"], 4, "diamond"),
]


@pytest.mark.parametrize("rows,colors,shape", SMALL_BOARDS)
def test_solver_equals_brute_force(rows, colors, shape):
    game = filler.Game.from_rows(rows, colors=colors, shape=shape)
    rng = random.Random(len(rows) * 7 + colors)
    for moves in range(0, 4):
        position = advanced(game, moves, rng)
        if position.over:
            break
        board, pos = Board.from_game(position)
        value, color = solve(board, pos, max_nodes=500_000)
        assert value == brute_force(position, {})
        # and the solver's move keeps that value
        child = position.play(color)
        if child.over:
            assert final_value(child, position.side_of(position.turn)) == value


def test_random_small_boards_solver_equals_brute_force():
    rng = random.Random(11)
    checked = 0
    while checked < 6:
        width, height, colors = rng.choice([(3, 3, 4), (4, 3, 4), (4, 3, 3), (3, 4, 5)])
        try:
            game = filler.Game.new("practice", rng.randrange(1000), shape=rng.choice(
                ["square", "hex"]), width=5, height=5, colors=colors)
        except filler.FillerError:
            continue
        rows = [row[:width] for row in game.color_rows()[-height:]]
        try:
            game = filler.Game.from_rows(rows, colors=colors, shape=game.shape)
        except filler.FillerError:
            continue
        board, pos = Board.from_game(game)
        value, _ = solve(board, pos, max_nodes=500_000)
        assert value == brute_force(game, {})
        checked += 1


def test_four_player_evaluation_against_the_strongest_or_the_mean_of_the_others():
    from filler.ai.search import Evaluator
    game = filler.Game.new("four", 3)
    rng = random.Random(3)
    for _ in range(12):
        game = game.play(rng.choice(game.legal_colors()))
    board, pos = Board.from_game(game)
    side = board.side_of[pos.turn]
    est = Evaluator(board, side, 1.0).estimates(pos)
    others = [e for s, e in enumerate(est) if s != side]
    assert Evaluator(board, side, 1.0).evaluate(pos) == est[side] - max(others)
    mean = Evaluator(board, side, 1.0, rivals="mean").evaluate(pos)
    assert mean == pytest.approx(est[side] - sum(others) / 3)


def test_four_player_master_is_deterministic_with_a_node_budget():
    game = filler.Game.new("four", 5)
    picks = {ai.choose(game, "master", 30, max_nodes=300) for _ in range(2)}
    assert len(picks) == 1 and picks <= set(game.legal_colors())


def test_ratings_cover_every_rated_variant_and_level():
    rated = [v for v, variant in filler.VARIANTS.items() if variant.rated]
    assert sorted(ai.RATINGS) == sorted(rated)
    for variant in rated:
        assert set(ai.RATINGS[variant]) == set(ai.LEVELS)
    assert ai.RATINGS_COMMAND.startswith("python -m filler ratings")


def test_readme_shows_the_ratings_the_lobby_shows():
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    table = readme.split("| variant | beginner | greedy | lookahead | master |")[1]
    rows = {}
    for line in table.strip().splitlines()[1:]:
        if not line.startswith("|"):
            break
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        rows[cells[0]] = [int(cell) for cell in cells[1:]]
    names = {"quick": "quick 8×7", "classic": "classic 15×15", "hex": "hexagons 13×11",
             "four": "four players", "duos": "duos"}
    for variant, name in names.items():
        assert rows[name] == [ai.RATINGS[variant][level][0] for level in ai.LEVELS], variant


def test_four_player_tables_seat_the_levels_in_every_order():
    from filler.ai.tournament import four_table
    tables = [four_table(ai.LEVELS, number) for number in range(24)]
    assert len({tuple(table) for table in tables}) == 24  # every order of the four once
    for table in tables:
        assert sorted(table) == sorted(ai.LEVELS)
    for level in ai.LEVELS:
        assert sorted(table.index(level) for table in tables) == sorted([0, 1, 2, 3] * 6)
    # within six tables: each pair of levels four times next to each other (twice
    # with either one moving just after the other) and twice across the table
    for first in range(0, 24, 6):
        block = tables[first:first + 6]
        for i, x in enumerate(ai.LEVELS):
            for y in ai.LEVELS[i + 1:]:
                after = sum(t[(t.index(x) + 1) % 4] == y for t in block)
                before = sum(t[(t.index(y) + 1) % 4] == x for t in block)
                across = sum(t[(t.index(x) + 2) % 4] == y for t in block)
                assert (after, before, across) == (2, 2, 2)


def test_four_player_monte_carlo_plays_legal_colors_and_is_deterministic():
    from filler.ai.montecarlo import mcts
    from filler.ai.search import Limits
    rng = random.Random(11)
    game = filler.Game.new("four", 7)
    checked = 0
    while not game.over:
        if rng.random() < 0.15 or len(game.legal_colors()) == 2:
            board, pos = Board.from_game(game)
            picks = {mcts(board, pos, Limits(30, 120), seed=3) for _ in range(2)}
            assert len(picks) == 1 and picks <= set(game.legal_colors())
            # the master's four-player move through the public API, twice the same
            assert len({ai.choose(game, "master", 30, max_nodes=120) for _ in range(2)}) == 1
            checked += 1
        game = game.play(rng.choice(game.legal_colors()))
    assert checked >= 5

