"""Generated boards: the rules of docs/rules.md section 1, and golden boards.

The golden boards pin what ``(variant, seed)`` gives.  Records and shared links
depend on it: if a change to generation makes these fail, the change is wrong
(published boards would change), not the golden data.
"""

import hashlib
import json
from pathlib import Path

import pytest

import filler
from filler import Game
from filler.board import OBSTACLE, PAINT
from filler.prng import SplitMix64, fnv1a64

GOLDEN = json.loads((Path(__file__).parent / "golden_boards.json").read_text())

PRACTICE_CASES = [
    {"shape": "square", "width": 41, "height": 41, "colors": 9},
    {"shape": "hex", "width": 5, "height": 5, "colors": 3},
    {"shape": "hex", "width": 20, "height": 9, "colors": 4},
    {"shape": "diamond", "width": 7, "height": 30, "colors": 3},
    {"shape": "square", "width": 5, "height": 5, "colors": 3},
]

BOARDS = [(vid, seed, {}) for vid in filler.VARIANTS if vid != "practice" for seed in range(4)]
BOARDS += [("practice", seed, options) for options in PRACTICE_CASES for seed in range(2)]


def board_id(case):
    vid, seed, options = case
    return f"{vid}-{seed}" + "".join(f"-{v}" for v in options.values())


def fingerprint(game) -> str:
    """A hash of everything static about a board."""
    data = [game.color_rows(), game.cell_values(), game.walls(), game.paint(), game.crown,
            [game.start_cells(s) for s in range(game.seats)]]
    return hashlib.sha256(json.dumps(data).encode()).hexdigest()[:16]


def test_the_prng_is_splitmix64():
    rng = SplitMix64(0)
    assert [rng.next() for _ in range(3)] == [
        0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]
    assert fnv1a64("") == 0xCBF29CE484222325
    assert fnv1a64("a") == 0xAF63DC4C8601EC8C


@pytest.mark.parametrize("variant_id", [v for v in filler.VARIANTS if v != "practice"])
def test_golden_boards_of_seeds_0_and_1(variant_id):
    for seed in (0, 1):
        game = Game.new(variant_id, seed=seed)
        assert game.color_rows() == GOLDEN["rows"][f"{variant_id}/{seed}"]
        assert fingerprint(game) == GOLDEN["fingerprints"][f"{variant_id}/{seed}"]


@pytest.mark.parametrize("variant_id", [v for v in filler.VARIANTS if v != "practice"])
def test_golden_fingerprints_of_more_seeds(variant_id):
    for seed in (2, 3, 17, 2 ** 53 - 1):
        game = Game.new(variant_id, seed=seed)
        assert fingerprint(game) == GOLDEN["fingerprints"][f"{variant_id}/{seed}"]


@pytest.mark.parametrize("options", PRACTICE_CASES, ids=lambda o: "-".join(map(str, o.values())))
def test_golden_practice_boards(options):
    key = "practice/" + "/".join(str(v) for v in options.values())
    for seed in (0, 1):
        game = Game.new("practice", seed=seed, **options)
        assert fingerprint(game) == GOLDEN["fingerprints"][f"{key}/{seed}"]


def test_the_same_variant_and_seed_give_the_same_board_and_other_seeds_differ():
    assert Game.new("classic", seed=5).color_rows() == Game.new("classic", seed=5).color_rows()
    boards = {tuple(Game.new("classic", seed=s).color_rows()) for s in range(20)}
    assert len(boards) == 20


@pytest.mark.parametrize("case", BOARDS, ids=board_id)
def test_generated_boards_follow_section_1(case):
    variant_id, seed, options = case
    game = Game.new(variant_id, seed=seed, **options)
    board = game.board
    width, height, cells = game.width, game.height, game.width * game.height
    variant = filler.VARIANTS[variant_id]
    colors = board.cell_colors

    # sizes and colors
    if variant_id != "practice":
        assert (game.shape, width, height, game.colors, game.seats) == (
            variant.shape, variant.width, variant.height, variant.colors, variant.seats)
    assert all(c in (OBSTACLE, PAINT) or 0 <= c < game.colors for c in colors)

    # no two open neighbours share a color (walls may split equal colors)
    for cell in range(cells):
        if colors[cell] >= 0:
            for n in board.neighbours[cell]:
                assert colors[n] != colors[cell], f"cells {cell} and {n} share a color"

    # one start color per seat, different between seats
    start_colors = []
    for seat in range(game.seats):
        starts = game.start_cells(seat)
        assert len({colors[c] for c in starts}) == 1
        start_colors.append(colors[starts[0]])
        assert sorted(game.owned_cells(seat)) == sorted(starts)
    assert len(set(start_colors)) == game.seats

    # specials: point-symmetric, never on or next to a start cell
    def mirror(cell):
        return cells - 1 - cell
    starts = {c for s in range(game.seats) for c in game.start_cells(s)}
    near = set(starts)
    for cell in starts:
        near.update(board.geometry.neighbours[cell])
    obstacles = set(game.obstacles())
    paint = set(game.paint())
    values = game.cell_values()
    valuable = {c for c in range(cells) if values[c] > 1}
    walls = set(game.walls())
    for special in (obstacles, paint, valuable):
        assert {mirror(c) for c in special} == special
        assert not special & near
    assert all(values[c] == values[mirror(c)] for c in range(cells))
    assert {tuple(sorted((mirror(a), mirror(b)))) for a, b in walls} == walls
    assert not {c for pair in walls for c in pair} & near

    # playable cells connected
    playable = [c for c in range(cells) if colors[c] != OBSTACLE]
    seen, todo = {playable[0]}, [playable[0]]
    while todo:
        for n in board.neighbours[todo.pop()]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    assert len(seen) == len(playable)

    # amounts of docs/rules.md section 7
    if variant_id == "walls":
        assert 16 <= len(obstacles) <= 20 and 30 <= len(walls) <= 38
    elif variant_id == "treasure":
        assert 16 <= len(valuable) <= 20 and 6 <= len(paint) <= 9
        assert sum(values[c] == 2 for c in valuable) > sum(values[c] == 3 for c in valuable)
    else:
        assert not obstacles and not walls and not paint and not valuable
    assert game.crown == ((height // 2) * width + width // 2 if variant.crown else None)


def test_start_cells_of_every_layout():
    assert [Game.new("classic").start_cells(s) for s in range(2)] == [[210], [14]]
    assert [Game.new("four").start_cells(s) for s in range(4)] == [[210], [0], [14], [224]]
    assert [Game.new("three").start_cells(s) for s in range(2)] == [[210, 217, 224], [14, 7, 0]]
    assert Game.new("duos", corner_shift=1).start_cells(0) == [0]
    assert Game.new("four", corner_shift=2).start_cells(0) == [14]


def test_three_start_points_make_one_territory_with_one_color():
    g = Game.new("three", seed=4)
    assert len(set(g.color_rows()[-1][c] for c in (0, 7, 14))) == 1
    g2 = g.play(g.legal_colors()[0])
    assert {g2.color_rows()[-1][c] for c in (0, 7, 14)} == {str(g2.current_color(0))}


def test_hex_with_three_colors_uses_the_one_proper_coloring_or_says_why_not():
    g = Game.new("practice", seed=0, shape="hex", width=6, height=5, colors=3)
    assert all(len(set(row[:3])) == 3 for row in g.color_rows())
    with pytest.raises(filler.BadOption, match="cannot have 3 colors"):
        Game.new("practice", seed=0, shape="hex", width=6, height=6, colors=3)
