"""The master's two-sided search (filler.ai.master): the ending solver and the
middle-game search against a plain minimax over Game.play, the principal line,
and that it thinks until its clock says the time is spent.

No timed assertions: the clock in the time tests is a fake one that moves on a
fixed step each time it is read.
"""

import random

import pytest

import filler
from filler import ai
from filler.ai.master import CELLS, Search, analyse
from filler.ai.montecarlo import mcts
from filler.ai.position import Board
from filler.ai.search import WIN, Limits, OutOfBudget, solve

from test_ai import SMALL_BOARDS, advanced, brute_force, final_value


def small_games(count, seed):
    """Random small boards (3x3 to 5x3, square and hex) in their first moves."""
    rng = random.Random(seed)
    games = []
    while len(games) < count:
        width, height, colors = rng.choice([(3, 3, 4), (4, 3, 3), (3, 3, 5)])
        shape = rng.choice(["square", "hex"])
        try:
            game = filler.Game.new("practice", rng.randrange(1000), shape=shape, width=5,
                                   height=5, colors=colors)
            rows = [row[:width] for row in game.color_rows()[-height:]]
            game = filler.Game.from_rows(rows, colors=colors, shape=shape)
        except filler.FillerError:
            continue
        game = advanced(game, rng.randrange(3), rng)
        if not game.over:
            games.append(game)
    return games


_BOARDS = []
_MEMO = {}   # per board: brute-force values by state, shared by its tests


def boards():
    if _BOARDS:
        return _BOARDS
    out = _BOARDS
    for rows, colors, shape in SMALL_BOARDS:
        game = filler.Game.from_rows(rows, colors=colors, shape=shape)
        rng = random.Random(len(rows) + colors)
        for moves in (0, 2):
            position = advanced(game, moves, rng)
            if not position.over:
                out.append(position)
    out += small_games(6, 21)
    return out


def small_board(index):
    """Board ``index`` of ``boards()``: (game, search board, position, its memo, its
    brute-force value for the side to move)."""
    game = boards()[index]
    board, pos = Board.from_game(game)
    memo = _MEMO.setdefault(index, {})
    return game, board, pos, memo, brute_force(game, memo)


def value_after(game, color, memo):
    """The brute-force value of playing ``color``, for the side that plays it."""
    side = game.side_of(game.turn)
    child = game.play(color)
    if child.over:
        return final_value(child, side)
    value = brute_force(child, memo)
    return value if child.side_of(child.turn) == side else -value


@pytest.mark.parametrize("index", range(len(boards())))
def test_ending_solver_equals_brute_force(index):
    game, board, pos, memo, exact = small_board(index)
    proven = Search(board, pos.turn, Limits(max_nodes=500_000)).solve(pos)
    assert proven.exact and proven.solved
    assert proven.value == exact
    # the proven move keeps that value, and the line is a game that can be played
    assert value_after(game, proven.color, memo) == exact
    replay = game
    for color in proven.line:
        replay = replay.play(color)
    assert proven.line[0] == proven.color


@pytest.mark.parametrize("index", range(len(boards())))
def test_ending_solver_cut_short_keeps_the_bound_it_proved(index):
    # with budgets that end while the margin is being proven: the value it gives
    # is a proven bound (a win's lower bound, a loss's upper bound), and a win's
    # move reaches it
    game, board, pos, memo, exact = small_board(index)
    for nodes in (30, 60, 120, 250, 500, 1000, 2000):
        proven = Search(board, pos.turn, Limits(max_nodes=nodes)).solve(pos)
        if proven is None:
            continue
        if proven.exact:
            assert proven.value == exact
        elif proven.value > 0:
            assert exact >= proven.value > WIN // 2
            assert value_after(game, proven.color, memo) >= proven.value
        else:
            assert -WIN // 2 > proven.value >= exact
        assert (proven.value > 0) == (exact > 0) and (proven.value < 0) == (exact < 0)


@pytest.mark.parametrize("index", range(len(boards())))
def test_middle_game_search_is_exact_where_it_says_so(index):
    # the search with its evaluation, lazy leaves and table: deepened until the
    # value is exact, it is the brute-force value; at any depth, a value it calls
    # exact is
    _, board, pos, _, exact = small_board(index)
    search = Search(board, pos.turn, Limits(max_nodes=500_000))
    found = search.deepen(pos, max_depth=200)
    assert found.exact and found.value == exact
    for depth in range(1, 4):
        shallow = Search(board, pos.turn, Limits(max_nodes=500_000)).deepen(pos, depth)
        if shallow.exact:
            assert shallow.value == exact


def test_analyse_gives_a_legal_line_a_value_and_counts_nodes():
    game = advanced(filler.Game.new("classic", 8), 10, random.Random(4))
    board, pos = Board.from_game(game)
    found = analyse(board, pos, Limits(max_nodes=3000))
    assert found.color in game.legal_colors()
    assert found.line and found.line[0] == found.color
    assert not found.exact and abs(found.value) < WIN // 2
    assert 2000 < found.nodes <= 3001 and found.depth >= 2
    replay = game
    for color in found.line:
        assert color in replay.legal_colors()
        replay = replay.play(color)
        if replay.over:
            break
    # the same budget, the same analysis
    again = analyse(board, pos, Limits(max_nodes=3000))
    assert (again.color, again.value, again.line) == (found.color, found.value, found.line)


def test_the_search_gives_the_cycle_collector_back_as_it_found_it():
    # the search pauses Python's cycle collector while it runs (speed); the host's
    # collector must be on again afterwards, also when the budget ran out mid-search
    import gc
    board, pos = Board.from_game(advanced(filler.Game.new("quick", 5), 4, random.Random(2)))
    assert gc.isenabled()
    analyse(board, pos, Limits(max_nodes=500))
    assert gc.isenabled()
    assert Search(board, pos.turn, Limits(max_nodes=0)).solve(pos) is None   # ran out
    assert gc.isenabled()
    gc.disable()
    try:
        analyse(board, pos, Limits(max_nodes=500))
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_analyse_near_the_end_proves_the_result_with_the_solver():
    # against the older exact search of filler.ai.search (itself checked against
    # brute force in test_ai): a quick board four moves before the end
    game = filler.Game.new("quick", 7)
    history = [game]
    while not game.over:
        game = game.play(ai.choose(game, "greedy"))
        history.append(game)
    late = history[-5]
    board, pos = Board.from_game(late)
    found = analyse(board, pos, Limits(max_nodes=400_000))
    assert found.solved and found.exact
    assert found.value == solve(board, pos, max_nodes=2_000_000)[0]


def test_after_the_ending_solver_the_largest_flood_still_orders_the_moves():
    # the solver's cut-offs count in the history table like any other, but its
    # depth is SOLVED: the history must stay a tie-break below a flood's size (a
    # cell more outranks any history), or the middle-game search that follows a
    # solver cut short would try its moves in the solver's order, not by flood
    game = filler.Game.new("classic", 4)
    for _ in range(30):
        game = game.play(ai.choose(game, "greedy"))
    board, pos = Board.from_game(game)
    search = Search(board, pos.turn, Limits(max_nodes=20_000))
    try:
        search.solve(pos)
    except OutOfBudget:
        pass
    assert max(max(row) for row in search.history) < 1 << 16


class StepClock:
    """A clock that moves on ``step`` seconds each time it is read (the search reads
    it every 16 nodes): a device as many times slower as the step is larger."""

    def __init__(self, step):
        self.now = 0.0
        self.step = step

    def __call__(self):
        self.now += self.step
        return self.now


def test_the_master_thinks_until_its_time_is_spent_not_to_a_node_count():
    # the clock is read every 16 nodes; with 1 ms per reading, 0.3 s is about 4800
    # nodes (more than the old fixed budget on classic, 4000), and half of it is
    # about half the nodes
    game = advanced(filler.Game.new("classic", 3), 6, random.Random(1))
    board, pos = Board.from_game(game)
    long = analyse(board, pos, Limits(0.3, None, StepClock(0.001)))
    short = analyse(board, pos, Limits(0.15, None, StepClock(0.001)))
    assert 4600 <= long.nodes <= 4820
    assert 2300 <= short.nodes <= 2420


def test_the_four_player_master_thinks_until_its_time_is_spent():
    game = filler.Game.new("four", 2)
    board, pos = Board.from_game(game)
    limits = Limits(0.1, None, StepClock(0.001))
    assert mcts(board, pos, limits) in game.legal_colors()
    assert 95 <= limits.nodes <= 101    # one reading per iteration


def test_choose_with_a_node_budget_repeats_and_time_only_without_one():
    game = advanced(filler.Game.new("hex", 2), 8, random.Random(2))
    moves = {ai.choose(game, "master", 60.0, max_nodes=2000) for _ in range(2)}
    assert len(moves) == 1
    assert ai.levels.tournament_nodes(game, "master") > 8000
    assert ai.levels.tournament_nodes(game, "greedy") is None


def test_analyse_position_of_a_game_for_a_review():
    game = advanced(filler.Game.new("quick", 4), 3, random.Random(6))
    found = ai.analyse_position(game, 60.0, max_nodes=1500)
    assert found.color in game.legal_colors() and found.line[0] == found.color
    assert found.color == ai.choose(game, "master", 60.0, max_nodes=1500)
    with pytest.raises(ValueError):
        ai.analyse_position(filler.Game.new("four", 1), 60.0, max_nodes=100)


def test_limits_stop_at_the_budget_and_read_the_clock_every_16_nodes():
    # the search counts nodes inline (nodes += 1, then due() at check): the node
    # budget still ends exactly past max_nodes, and the clock is read every 16 nodes
    from filler.ai.search import OutOfBudget
    readings = []

    def clock():
        readings.append(len(readings))
        return 0.0

    limits = Limits(10.0, 40, clock)
    for _ in range(40):
        limits.nodes += 1
        if limits.nodes >= limits.check:
            limits.due()
    assert readings == [0, 1, 2]      # at the start, after 16 and after 32 nodes
    with pytest.raises(OutOfBudget):
        limits.tick()
    times = iter([0.0] + [5.0] * 4)   # the deadline is 1.0, later readings are past it
    late = Limits(1.0, None, lambda: next(times))
    for _ in range(15):
        late.tick()                   # no reading before the 16th node
    with pytest.raises(OutOfBudget):
        late.tick()
    assert late.nodes == 16


@pytest.mark.parametrize("variant", ["quick", "classic", "hex", "walls", "practice"])
def test_floods_are_the_engine_floods_with_one_cell_components_or_larger(variant):
    # the generated boards never put two neighbours of one color side by side: the
    # search then takes a flood as the border cells of its color (CELLS); a board
    # with such neighbours goes through its components
    game = filler.Game.new(variant, seed=5)
    for color in (game.legal_colors()[0], game.legal_colors()[-1]):
        game = game.play(color)
    rows = ["0012", "1200", "2011"]
    for position, one_cell in ((game, True), (filler.Game.from_rows(rows, colors=3), False)):
        board, pos = Board.from_game(position)
        search = Search(board, pos.turn, Limits(max_nodes=1000))
        search.components(pos)
        assert (search.blobs is CELLS) == one_cell
        moves, ranked = search.floods(pos.own[pos.turn], pos.free, board.legal(pos), pos.turn, 0)
        assert {c: f for _, c, f in moves} == {c: board.flood(pos, pos.turn, c) for c in board.legal(pos)}
        assert sorted(c for _, c, _ in ranked) == sorted(board.legal(pos))
