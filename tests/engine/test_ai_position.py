"""The search's own position model agrees with the engine's Game, move by move."""

import random

import pytest

import filler
from filler.ai.position import Board

VARIANT_IDS = ["quick", "classic", "hex", "vinco", "diamonds", "walls", "treasure", "three",
               "four", "duos", "big"]


def owner_masks(board: Board, game):
    own = [0] * game.seats
    free = 0
    for i, ch in enumerate("".join(game.owner_rows())):
        if ch.isdigit():
            own[int(ch)] |= 1 << board.layout.bit_of[i]
        elif ch == ".":
            free |= 1 << board.layout.bit_of[i]
    return tuple(own), free


def assert_same(board, pos, game):
    own, free = owner_masks(board, game)
    assert pos.own == own
    assert pos.free == free
    assert pos.over == game.over
    if not game.over:
        assert pos.turn == game.turn
        assert board.legal(pos) == game.legal_colors()
    assert pos.colors == tuple(game.current_color(s) for s in range(game.seats))


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_play_matches_engine_on_random_games(variant):
    rng = random.Random(variant)
    for seed in range(2 if variant in ("big", "four", "duos") else 3):
        game = filler.Game.new(variant, seed)
        board, pos = Board.from_game(game)
        assert_same(board, pos, game)
        while not game.over:
            color = rng.choice(game.legal_colors())
            game = game.play(color)
            pos = board.play(pos, color)
            if board.sides > 2 and pos.over != game.over:
                # four players: our end check is conservative (best(S) <= own + free);
                # the engine's exact check may end the game first
                assert game.over and not pos.over
                break
            assert_same(board, pos, game)
            assert pos.stall == game._quiet


def test_winners_match_engine():
    for seed in range(4):
        game = filler.Game.new("quick", seed)
        board, pos = Board.from_game(game)
        rng = random.Random(seed)
        while not game.over:
            color = rng.choice(game.legal_colors())
            game, pos = game.play(color), board.play(pos, color)
        assert tuple(s for s in range(game.seats)
                     if board.side_of[s] in board.winners(pos)) == tuple(game.winners)


def test_rebuilt_mid_game_equals_played():
    game = filler.Game.new("treasure", 5)
    board, pos = Board.from_game(game)
    rng = random.Random(1)
    for _ in range(12):
        if game.over:
            break
        color = rng.choice(game.legal_colors())
        game, pos = game.play(color), board.play(pos, color)
    board2, pos2 = Board.from_game(game)
    assert pos2.key() == pos.key()
    assert pos2.free == pos.free


def test_seat_out_in_four_players():
    rng = random.Random(4)
    game = filler.Game.new("four", 6)
    for _ in range(9):
        game = game.play(rng.choice(game.legal_colors()))
    game = game.remove_seat(game.turn)
    board, pos = Board.from_game(game)
    assert_same(board, pos, game)
    while not game.over:
        color = rng.choice(game.legal_colors())
        game, pos = game.play(color), board.play(pos, color)
        if pos.over != game.over:
            assert game.over and not pos.over  # our end check is conservative
            break
        assert_same(board, pos, game)


def plain_reach(dilate, a, b, free):
    """The reach race by its definition: both sides grow one step at a time into the
    free cells at once; a cell both reach in the same step is nobody's."""
    got_a = got_b = 0
    while True:
        grow_a, grow_b = dilate(a) & free, dilate(b) & free
        if not grow_a | grow_b:
            return got_a, got_b
        got_a |= grow_a & ~grow_b
        got_b |= grow_b & ~grow_a
        free &= ~(grow_a | grow_b)
        a, b = grow_a, grow_b


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_reach_kernel_matches_its_definition(variant):
    # the compiled reach grows both sides in one number (the second side's bits
    # shifted up): no step may leak from one side's half into the other's
    board, _ = Board.from_game(filler.Game.new(variant, 4))
    layout = board.layout
    rng = random.Random(variant)
    full = layout.board
    for _ in range(300):
        free = full & rng.getrandbits(full.bit_length())
        a = full & ~free & rng.getrandbits(full.bit_length())
        b = full & ~free & ~a & rng.getrandbits(full.bit_length())
        assert layout.reach(a, b, free) == plain_reach(layout.dilate, a, b, free)


@pytest.mark.parametrize("variant", ["quick", "classic", "hex", "walls", "treasure", "duos"])
def test_master_floods_equal_the_boards_floods(variant):
    # the master makes a flood from the same-colored free components of the root
    # position (treasure: paint fits every color, so it floods cell by cell)
    from filler.ai.master import Search
    from filler.ai.search import Limits
    rng = random.Random(variant)
    game = filler.Game.new(variant, 5)
    for _ in range(3):
        game = game.play(rng.choice(game.legal_colors()))
    board, pos = Board.from_game(game)
    search = Search(board, pos.turn, Limits())
    search.components(pos)
    assert (search.blobs is None) == (variant == "treasure")
    while not pos.over:
        legal = board.legal(pos)
        expected = [(board.value(f) << 16, c, f) for c in legal
                    for f in (board.flood(pos, pos.turn, c),)]
        moves, ranked = search.floods(pos.own[pos.turn], pos.free, legal, pos.turn, 0)
        assert moves == expected
        # the ranking made with the floods is the search's ranking of them
        assert ranked == search.ranked(moves, None, pos.turn, 0)
        pos = board.play(pos, rng.choice(legal))
        search.good_move(pos, rng.choice(legal), 3, 0)   # killers and history to rank by
