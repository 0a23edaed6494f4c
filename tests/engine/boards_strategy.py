"""Hypothesis strategies shared by the engine's property and differential tests."""

from hypothesis import assume
from hypothesis import strategies as st

from filler import BadBoard, Game


@st.composite
def random_games(draw, max_side=8, allow_specials=True):
    """A ``Game.from_rows`` on a random small board of any shape, 2 or 4 seats."""
    shape = draw(st.sampled_from(["square", "hex", "diamond"]))
    width = draw(st.integers(2, max_side))
    height = draw(st.integers(2, max_side))
    seats = draw(st.sampled_from([2, 2, 4]))
    if seats == 4:
        assume(width >= 2 and height >= 2)
    teams = seats == 4 and draw(st.booleans())
    low = 3 if seats == 2 else 4 if teams else 5
    colors = draw(st.integers(low, max(low, 6)))
    cell = st.integers(0, colors - 1)
    if allow_specials:
        cell = st.one_of(cell, cell, cell, cell, cell, cell, cell, st.just("#"), st.just("*"))
    grid = draw(st.lists(st.lists(cell, min_size=width, max_size=width),
                         min_size=height, max_size=height))
    corners = [(height - 1, 0), (0, width - 1)] if seats == 2 else \
        [(height - 1, 0), (0, 0), (0, width - 1), (height - 1, width - 1)]
    for index, (r, c) in enumerate(corners):
        grid[r][c] = index
    rows = ["".join(str(c) for c in row) for row in grid]
    walls = []
    values = None
    if allow_specials:
        from filler.topology import Geometry
        geometry = Geometry(shape, width, height)
        pairs = [(a, b) for a in range(width * height) for b in geometry.neighbours[a] if a < b]
        walls = draw(st.lists(st.sampled_from(pairs), max_size=len(pairs) // 6, unique=True))
        values = draw(st.lists(st.sampled_from([1, 1, 1, 1, 2, 3]),
                               min_size=width * height, max_size=width * height))
        values = {i: v for i, v in enumerate(values) if v > 1}
    first = draw(st.integers(0, seats - 1))
    try:
        game = Game.from_rows(rows, colors, shape, seats=seats, teams=teams, walls=walls,
                              values=values, first=first)
    except BadBoard:
        assume(False)
    return game


def random_moves(draw_or_rng, game, count):
    """Play up to ``count`` moves chosen by an index list; yields each game."""
    yield game
    for pick in draw_or_rng:
        if game.over or count <= 0:
            return
        legal = game.legal_colors()
        game = game.play(legal[pick % len(legal)])
        count -= 1
        yield game
