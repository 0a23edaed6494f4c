"""Invariants over random boards of every shape (hypothesis) and random games."""

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from boards_strategy import random_games
from filler import Game
from filler.board import OBSTACLE


def check_step(before, after):
    mover = before.turn
    for seat in range(before.seats):
        old, new = set(before.owned_cells(seat)), set(after.owned_cells(seat))
        assert old <= new                                  # territories only grow
        if seat != mover:
            assert old == new                              # nobody else's cells change
    check_position(after)


def check_position(game):
    cells = game.width * game.height
    values = game.cell_values()
    colors = game.board.cell_colors
    rows = "".join(game.color_rows())
    owners = "".join(game.owner_rows())
    owned = [set(game.owned_cells(s)) for s in range(game.seats)]
    for a in range(game.seats):
        for b in range(a + 1, game.seats):
            assert not owned[a] & owned[b]
    taken = set().union(*owned)
    dead = set(game.dead_cells())
    obstacles = {c for c in range(cells) if colors[c] == OBSTACLE}
    free = set(range(cells)) - taken - obstacles
    assert dead <= free
    # cells and values are conserved
    assert len(taken) + len(free) + len(obstacles) == cells
    total = sum(values)
    assert sum(game.score(s) for s in range(game.seats)) + game.free_value() \
        + game.dead_value() == total
    # every territory shows one color: its seat's current color
    for seat in range(game.seats):
        assert {rows[c] for c in owned[seat]} <= {str(game.current_color(seat))}
        assert all(owners[c] == str(seat) for c in owned[seat])
    for c in free:
        assert owners[c] == ("x" if c in dead else ".")
        assert rows[c] == ("*" if colors[c] < 0 else str(colors[c]))


def check_record(game):
    text = json.dumps(game.to_record())
    again = Game.from_record(json.loads(text))
    assert again == game
    assert again.color_rows() == game.color_rows() and again.owner_rows() == game.owner_rows()


@settings(max_examples=50, deadline=None)
@given(random_games(), st.lists(st.integers(0, 8), max_size=30))
def test_random_boards_keep_every_invariant(game, picks):
    check_position(game)
    for pick in picks:
        if game.over:
            break
        legal = game.legal_colors()
        assert legal and all(c not in game.forbidden() for c in legal)
        after = game.play(legal[pick % len(legal)])
        check_step(game, after)
        game = after
    check_record(game)


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(["quick", "classic", "hex", "diamonds", "walls", "treasure", "three",
                        "four", "duos", "vinco", "big"]),
       st.integers(0, 2 ** 53 - 1), st.randoms(use_true_random=False))
def test_whole_random_games_on_every_variant(variant_id, seed, rng):
    game = Game.new(variant_id, seed=seed)
    moves = 0
    while not game.over:
        legal = game.legal_colors()
        assert len(legal) >= 2 or game.colors == 3
        after = game.play(rng.choice(legal))
        check_step(game, after)
        game = after
        moves += 1
        if variant_id == "four" and moves == 7 and rng.random() < 0.5:
            game = game.remove_seat(game.turn)
            check_position(game)
    assert game.winners and game.end_reason in ("equator", "filled", "crown", "stalemate",
                                                "resign")
    check_record(game)
