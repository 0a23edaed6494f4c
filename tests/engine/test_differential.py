"""The fast bitmask flood and enclosure against a plain breadth-first search.

The reference below knows nothing of masks: it walks cells and neighbours the
way docs/rules.md section 3 says, on random boards of all three shapes.
"""

from collections import deque

from hypothesis import given, settings
from hypothesis import strategies as st

from boards_strategy import random_games
from filler.board import OBSTACLE, PAINT


def plain_neighbours(game):
    """Neighbours from the shape's definition, minus obstacles and walls."""
    width, height = game.width, game.height
    walls = {frozenset(pair) for pair in game.walls()}
    colors = game.board.cell_colors
    result = []
    for cell in range(width * height):
        r, c = divmod(cell, width)
        if game.shape == "hex":
            steps = [(0, 1), (0, -1), (1, 0), (-1, 0)] + (
                [(1, 1), (-1, 1)] if r % 2 else [(1, -1), (-1, -1)])
        else:
            steps = [(0, 1), (0, -1), (1, 0), (-1, 0)]
        around = []
        for dr, dc in steps:
            rr, cc = r + dr, c + dc
            n = rr * width + cc
            if 0 <= rr < height and 0 <= cc < width and colors[n] != OBSTACLE \
                    and colors[cell] != OBSTACLE and frozenset((cell, n)) not in walls:
                around.append(n)
        result.append(around)
    return result


def reference_move(game, color):
    """(flood, enclosure per seat) by breadth-first search, as docs/rules.md says."""
    neighbours = plain_neighbours(game)
    colors = game.board.cell_colors
    owner = {c: s for s in range(game.seats) for c in game.owned_cells(s)}
    mover = game.turn
    active = [s for s in range(game.seats) if s not in game.out]
    side = {s: game.side_of(s) for s in range(game.seats)}
    free = {c for c in range(len(colors)) if colors[c] != OBSTACLE and c not in owner}

    territory = {c for c, s in owner.items() if s == mover}
    flood = set()
    todo = deque(territory)
    while todo:
        cell = todo.popleft()
        for n in neighbours[cell]:
            if n in free and n not in flood and (colors[n] == color or colors[n] == PAINT):
                flood.add(n)
                todo.append(n)
    for c in flood:
        owner[c] = mover
    free -= flood

    enclosure = {}
    seen = set()
    for start in sorted(free):
        if start in seen:
            continue
        region, todo = {start}, deque([start])
        while todo:
            cell = todo.popleft()
            for n in neighbours[cell]:
                if n in free and n not in region:
                    region.add(n)
                    todo.append(n)
        seen |= region
        bordering = {owner[n] for c in region for n in neighbours[c]
                     if n in owner and owner[n] in active}
        sides = {side[s] for s in bordering}
        if len(sides) == 1:
            (the_side,) = sides
            if mover in bordering:
                taker = mover
            else:
                taker = min((s for s in bordering if side[s] == the_side),
                            key=lambda s: (s - mover) % game.seats)
            enclosure.setdefault(taker, set()).update(region)
    return flood, enclosure


def reference_best(game, seat):
    """score + value of free cells in regions bordering the seat."""
    neighbours = plain_neighbours(game)
    values = game.cell_values()
    owned = set(game.owned_cells(seat))
    live = set(range(len(values))) - set(game.dead_cells()) - set(game.obstacles())
    for s in range(game.seats):
        live -= set(game.owned_cells(s))
    reach, todo = set(), deque(owned)
    while todo:
        cell = todo.popleft()
        for n in neighbours[cell]:
            if n in live and n not in reach:
                reach.add(n)
                todo.append(n)
    return sum(values[c] for c in owned) + (0 if seat in game.out else
                                            sum(values[c] for c in reach))


def check_end(game):
    """Section 4 by the reference: decided exactly when a leader is beyond every
    other side's best, or no free cell borders any side."""
    values = game.cell_values()
    own, best = [], []
    for side in range(game.sides):
        seats = game.side_seats(side)
        own.append(sum(values[c] for s in seats for c in game.owned_cells(s)))
        reach = set()
        for s in seats:
            if s not in game.out:
                reach |= reference_reach(game, s)
        best.append(own[-1] + sum(values[c] for c in reach))
    decided = any(all(own[leader] > best[other] for other in range(game.sides) if other != leader)
                  for leader in range(game.sides))
    no_free = all(not reference_reach(game, s) for s in range(game.seats) if s not in game.out)
    if game.end_reason in ("equator", "filled"):
        assert decided or no_free
    if not game.over:
        assert not decided and not no_free
    if game.over and game.end_reason not in ("resign", "crown"):
        top = max(own)
        assert set(game.winners) == {s for side in range(game.sides) if own[side] == top
                                     for s in game.side_seats(side)}


def reference_reach(game, seat):
    neighbours = plain_neighbours(game)
    taken = {c for s in range(game.seats) for c in game.owned_cells(s)}
    dead = set(game.dead_cells())
    free = {c for c in range(game.width * game.height)
            if game.board.cell_colors[c] != OBSTACLE and c not in taken and c not in dead}
    reach, todo = set(), deque(game.owned_cells(seat))
    while todo:
        cell = todo.popleft()
        for n in neighbours[cell]:
            if n in free and n not in reach:
                reach.add(n)
                todo.append(n)
    return reach


@settings(max_examples=60, deadline=None)
@given(random_games(), st.lists(st.integers(0, 8), max_size=25))
def test_flood_and_enclosure_match_breadth_first_search(game, picks):
    for pick in [None] + picks:
        if game.over:
            break
        for color in game.legal_colors():
            flood, enclosure = reference_move(game, color)
            parts = game.preview_parts(color)
            assert set(parts) == {game.turn}
            assert parts[game.turn]["flood"] == sorted(flood)
            assert set(enclosure) <= {game.turn}   # a new enclosure always borders the mover
            assert parts[game.turn]["enclosure"] == sorted(enclosure.get(game.turn, ()))
        for seat in range(game.seats):
            assert game.best(seat) == reference_best(game, seat)
        check_end(game)
        if pick is not None and not game.over:
            legal = game.legal_colors()
            game = game.play(legal[pick % len(legal)])
    check_end(game)


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(["classic", "hex", "diamonds", "walls", "treasure", "four", "duos",
                        "three", "vinco"]),
       st.integers(0, 10 ** 6), st.lists(st.integers(0, 8), min_size=5, max_size=40))
def test_generated_boards_match_breadth_first_search(variant_id, seed, picks):
    from filler import Game
    game = Game.new(variant_id, seed=seed)
    for pick in picks:
        if game.over:
            break
        legal = game.legal_colors()
        color = legal[pick % len(legal)]
        flood, enclosure = reference_move(game, color)
        parts = game.preview_parts(color)[game.turn]
        assert parts["flood"] == sorted(flood)
        assert parts["enclosure"] == sorted(enclosure.get(game.turn, ()))
        assert set(enclosure) <= {game.turn}
        game = game.play(color)
