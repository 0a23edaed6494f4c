"""The SVG board renderer on its own: its geometry agrees with the engine's neighbours
(cells that touch in the drawing are exactly the cells that are neighbours in the
rules), and dead regions, walls and the crown are drawn."""

import pytest

from filler.topology import Geometry

DRAW = """async ([shape, width, height, owners, walls, crown]) => {
  const {Board} = await import('./js/ui/board.js');
  const host = document.createElement('div');
  document.body.append(host);
  const cells = width * height;
  const board = new Board(host, {shape, width, height, colors: 3, seats: 2,
    values: Array(cells).fill(1), obstacles: [], walls, paint: [], crown});
  board.show({colors: '0'.repeat(cells), owners, preview: null, lastMove: []});
  const touching = [...board.edgeByCells.keys()].map(key => key.split('-').map(Number));
  const dead = [...host.querySelectorAll('.cell[data-owner="dead"]')].map(c => Number(c.dataset.cell));
  const fill = getComputedStyle(host.querySelector('.cell[data-owner="dead"]') || host.querySelector('.cell')).fill;
  const result = {touching, dead, deadFill: fill,
                  walls: host.querySelector('.walls').getAttribute('d'),
                  crowns: host.querySelectorAll('.crown').length};
  host.remove();
  return result;
}"""


@pytest.mark.parametrize("shape, width, height", [
    ("square", 5, 4), ("hex", 6, 5), ("hex", 5, 6), ("diamond", 4, 6), ("diamond", 7, 7),
])
def test_cells_touch_exactly_where_the_rules_say_they_are_neighbours(booted_page, shape, width, height):
    cells = width * height
    owners = "0" + "x" * (cells - 2) + "1"
    drawn = booted_page.evaluate(DRAW, [shape, width, height, owners, [[0, 1]], cells // 2])
    geometry = Geometry(shape, width, height)
    expected = sorted({tuple(sorted((a, b))) for a in range(cells) for b in geometry.neighbours[a]})
    assert sorted(map(tuple, drawn["touching"])) == expected
    assert drawn["dead"] == list(range(1, cells - 1))
    assert drawn["deadFill"] not in ("", "none")
    assert drawn["walls"].startswith("M") and drawn["crowns"] == 1
