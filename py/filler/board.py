"""The static board: cells, colors, obstacles, walls, values, paint, crown, corners.

A ``Board`` never changes during a game: free cells keep their color, so one
mask per color is computed once. A ``Game`` (rules.py) only holds owner masks on
top of it. Boards come from explicit rows (``from_rows``) or from
``generate(key, seed, ...)`` through the project's own PRNG.
"""

from .errors import BadBoard, BadOption
from .prng import SplitMix64
from .topology import SHAPES, Geometry, Mask, operations

OBSTACLE = -1
PAINT = -2

MIN_SIDE = 2
MAX_SIDE = 41
MIN_COLORS = 3
MAX_COLORS = 9

LAYOUTS = ("two", "three", "four")


def corner_cells(layout: str, width: int, height: int):
    """The corner list: start cells per corner, as docs/rules.md section 7 places them.

    two: [bottom-left, top-right]; four: [bottom-left, top-left, top-right,
    bottom-right]; three: bottom-left, bottom middle, bottom-right for the first
    corner and the mirror images (top-right, top middle, top-left) for the second.
    """
    bottom = (height - 1) * width
    bl, tl, tr, br = bottom, 0, width - 1, bottom + width - 1
    if layout == "two":
        return ((bl,), (tr,))
    if layout == "four":
        return ((bl,), (tl,), (tr,), (br,))
    if layout == "three":
        middle = bottom + width // 2
        return ((bl, middle, br), (tr, width * height - 1 - middle, tl))
    raise BadOption(f"unknown start layout {layout!r}; use one of {', '.join(LAYOUTS)}",
                    "board.layout", value=layout)


class Board:
    """One static board. Cell id = row * width + col, row 0 at the top."""

    __slots__ = ("geometry", "shape", "width", "height", "colors", "cell_colors",
                 "values", "walls", "paint", "crown", "corners", "neighbours",
                 "playable", "color_masks", "paint_mask", "value2_mask",
                 "value3_mask", "crown_bit", "has_values",
                 "dilate", "flood", "reach_covers", "value")

    def __init__(self, shape, width, height, colors, cell_colors, *, walls=(),
                 values=None, crown=None, corners=None):
        if shape not in SHAPES:
            raise BadBoard(f"unknown shape {shape!r}; use one of {', '.join(SHAPES)}", "board.shape",
                           value=shape, shapes=list(SHAPES))
        geometry = Geometry(shape, width, height)
        cells = geometry.cells
        self.geometry = geometry
        self.shape = shape
        self.width = width
        self.height = height
        self.colors = colors
        self.cell_colors = tuple(cell_colors)
        if len(self.cell_colors) != cells:
            raise BadBoard(f"expected {cells} cell colors, got {len(self.cell_colors)}",
                           "board.cell_count", cells=cells, count=len(self.cell_colors))
        for cell, color in enumerate(self.cell_colors):
            if color not in (OBSTACLE, PAINT) and not 0 <= color < colors:
                raise BadBoard(f"cell {cell} has color {color}, outside 0..{colors - 1}", "board.cell_color",
                               cell=cell, color=color, count=colors)
        value_list = [1] * cells if values is None else list(values)
        if len(value_list) != cells:
            raise BadBoard(f"expected {cells} cell values, got {len(value_list)}", "board.value_count",
                           cells=cells, count=len(value_list))
        for cell, color in enumerate(self.cell_colors):
            if color == OBSTACLE:
                value_list[cell] = 0
            elif value_list[cell] not in (1, 2, 3):
                raise BadBoard(f"cell {cell} has value {value_list[cell]!r}; values are 1, 2 or 3",
                               "board.value", cell=cell, value=value_list[cell])
        self.values = tuple(value_list)

        wall_set = set()
        for pair in _as_list(walls, "walls (pairs of neighbouring cell ids)"):
            try:
                a, b = pair
                a, b = int(a), int(b)
            except (TypeError, ValueError):
                raise BadBoard(f"a wall is a pair of neighbouring cell ids, got {pair!r}", "board.wall",
                               value=pair) from None
            if not (0 <= a < cells and 0 <= b < cells) or b not in geometry.neighbours[a]:
                raise BadBoard(f"wall {pair!r}: cells {a} and {b} are not neighbours on this "
                               f"{width}x{height} {shape} board", "board.wall_cells", a=a, b=b)
            wall_set.add((min(a, b), max(a, b)))
        self.walls = tuple(sorted(wall_set))

        self.paint = tuple(c for c, color in enumerate(self.cell_colors) if color == PAINT)
        if crown is not None:
            if not isinstance(crown, int) or isinstance(crown, bool) or not 0 <= crown < cells:
                raise BadBoard(f"crown must be a cell id in 0..{cells - 1}, got {crown!r}", "board.crown",
                               value=crown, high=cells - 1)
            if self.cell_colors[crown] == OBSTACLE:
                raise BadBoard(f"the crown cell {crown} is an obstacle", "board.crown_obstacle", cell=crown)
        self.crown = crown

        if corners is None:
            corners = corner_cells("two", width, height)
        corners = _as_list(corners, "starts (one list of start cell ids per corner)")
        corner_list = []
        seen = set()
        for index, starts in enumerate(corners):
            try:
                starts = tuple(starts)
            except TypeError:
                raise BadBoard(f"corner {index} must be a list of start cell ids, "
                               f"got {starts!r}", "board.corner_list", corner=index,
                               value=starts) from None
            if not all(isinstance(c, int) and not isinstance(c, bool) for c in starts):
                raise BadBoard(f"corner {index}: start cells are cell ids (ints), got {starts!r}",
                               "board.corner_list", corner=index, value=starts)
            if not starts:
                raise BadBoard(f"corner {index} has no start cell", "board.corner_empty", corner=index)
            for cell in starts:
                if not 0 <= cell < cells:
                    raise BadBoard(f"start cell {cell} is off the {width}x{height} board", "board.start_off",
                                   cell=cell, width=width, height=height)
                if cell in seen:
                    raise BadBoard(f"start cell {cell} is used twice; corners need distinct "
                                   f"cells (is the board too small for the seats?)", "board.start_twice",
                                   cell=cell)
                seen.add(cell)
                if self.cell_colors[cell] == OBSTACLE:
                    raise BadBoard(f"start cell {cell} (corner {index}) is an obstacle", "board.start_obstacle",
                                   cell=cell, corner=index)
                if self.cell_colors[cell] == PAINT:
                    raise BadBoard(f"start cell {cell} (corner {index}) is a paint cell; "
                                   f"a start cell needs a color", "board.start_paint", cell=cell,
                                   corner=index)
            first_color = self.cell_colors[starts[0]]
            if any(self.cell_colors[c] != first_color for c in starts):
                raise BadBoard(f"the start cells of corner {index} must share one color",
                               "board.start_colors", corner=index)
            corner_list.append(starts)
        self.corners = tuple(corner_list)

        neighbours = []
        for cell in range(cells):
            if self.cell_colors[cell] == OBSTACLE:
                neighbours.append(())
                continue
            neighbours.append(tuple(
                n for n in geometry.neighbours[cell]
                if self.cell_colors[n] != OBSTACLE and (min(cell, n), max(cell, n)) not in wall_set))
        self.neighbours = tuple(neighbours)

        bits = geometry.id_to_bit
        color_masks = [0] * colors
        playable = paint_mask = value2 = value3 = 0
        for cell, color in enumerate(self.cell_colors):
            if color == OBSTACLE:
                continue
            bit = 1 << bits[cell]
            playable |= bit
            if color == PAINT:
                paint_mask |= bit
            else:
                color_masks[color] |= bit
            if self.values[cell] >= 2:
                value2 |= bit
            if self.values[cell] == 3:
                value3 |= bit
        self.playable = playable
        self.color_masks = tuple(color_masks)
        self.paint_mask = paint_mask
        self.value2_mask = value2
        self.value3_mask = value3
        self.has_values = bool(value2)
        self.crown_bit = 0 if crown is None else 1 << bits[crown]
        self.dilate, self.flood, self.reach_covers = operations(geometry, self.walls)
        if value2:
            def value(mask: Mask, v2=value2, v3=value3) -> int:
                return mask.bit_count() + (mask & v2).bit_count() + (mask & v3).bit_count()
        else:
            def value(mask: Mask) -> int:
                return mask.bit_count()
        self.value = value

    # -- conversions at the API edge -------------------------------------------------
    def mask_of(self, cells) -> Mask:
        return self.geometry.mask_of(cells)

    def cells_of(self, mask: Mask) -> list:
        return self.geometry.cells_of(mask)

    def obstacles(self) -> list:
        return [c for c, color in enumerate(self.cell_colors) if color == OBSTACLE]


# -- explicit boards -------------------------------------------------------------------

def _as_list(items, what):
    if isinstance(items, (str, bytes, dict)) and what.startswith(("walls", "starts", "paint")):
        raise BadBoard(f"{what} must be a list, got {items!r}", "board.list", name=what.split()[0])
    try:
        return list(items)
    except TypeError:
        raise BadBoard(f"{what} must be a list, got {items!r}", "board.list",
                       name=what.split()[0]) from None


def from_rows(rows, colors=None, shape="square", *, walls=(), values=None, paint=(),
              crown=None, corners=None, layout="two") -> Board:
    """A board from text rows: '0'..'8' colors, '#' obstacle, '*' paint."""
    if isinstance(rows, str):
        rows = rows.split("/") if "/" in rows else rows.split()
    try:
        rows = [str(row) for row in rows]
    except TypeError:
        raise BadBoard("rows must be a list of strings, one per board row", "board.rows") from None
    if shape not in SHAPES:
        raise BadBoard(f"unknown shape {shape!r}; use one of {', '.join(SHAPES)}", "board.shape",
                       value=shape, shapes=list(SHAPES))
    if not rows or not rows[0]:
        raise BadBoard("the board has no cells; give at least two rows or columns", "board.empty")
    height, width = len(rows), len(rows[0])
    for r, row in enumerate(rows):
        if len(row) != width:
            raise BadBoard(f"row {r} has {len(row)} cells but row 0 has {width}: "
                           f"every row needs the same length", "board.row_length", row=r,
                           count=len(row), width=width)
    if width > MAX_SIDE or height > MAX_SIDE:
        raise BadBoard(f"the board is {width}x{height}; at most {MAX_SIDE} each way", "board.too_big",
                       width=width, height=height, high=MAX_SIDE)
    if width * height < 2 or (width < 2 and height < 2):
        raise BadBoard("the board is too small: two seats need two different corners", "board.too_small")
    cell_colors = []
    highest = -1
    for r, row in enumerate(rows):
        for c, char in enumerate(row):
            if char == "#":
                cell_colors.append(OBSTACLE)
            elif char == "*":
                cell_colors.append(PAINT)
            elif "0" <= char <= "8":
                cell_colors.append(int(char))
                highest = max(highest, int(char))
            else:
                raise BadBoard(f"unknown character {char!r} at row {r}, column {c}; use "
                               f"'0'..'8' for colors, '#' for an obstacle, '*' for paint", "board.char",
                               char=char, row=r, column=c)
    if colors is None:
        colors = max(highest + 1, MIN_COLORS)
    if not isinstance(colors, int) or isinstance(colors, bool) or not MIN_COLORS <= colors <= MAX_COLORS:
        raise BadBoard(f"colors must be an int in {MIN_COLORS}..{MAX_COLORS}, got {colors!r}",
                       "board.colors", value=colors, low=MIN_COLORS, high=MAX_COLORS)
    if highest >= colors:
        raise BadBoard(f"the rows use color {highest} but colors={colors} (colors 0..{colors - 1})",
                       "board.row_color", color=highest, count=colors)
    cells = width * height
    for cell in _as_list(paint or (), "paint (cell ids)"):
        if not isinstance(cell, int) or not 0 <= cell < cells:
            raise BadBoard(f"paint cell {cell!r} is off the {width}x{height} board", "board.paint_off",
                           cell=cell)
        if cell_colors[cell] == OBSTACLE:
            raise BadBoard(f"paint cell {cell} is an obstacle", "board.paint_obstacle", cell=cell)
        cell_colors[cell] = PAINT
    value_list = _values_from(values, width, height)
    if corners is None:
        corners = corner_cells(layout, width, height)
    return Board(shape, width, height, colors, cell_colors, walls=walls, values=value_list,
                 crown=crown, corners=corners)


def _values_from(values, width, height):
    """Values as None, {id: value}, rows of digits, or a flat list per cell."""
    cells = width * height
    if values is None:
        return None
    if isinstance(values, dict):
        out = [1] * cells
        for cell, value in values.items():
            try:
                cell = int(cell)
            except (TypeError, ValueError):
                raise BadBoard(f"values: {cell!r} is not a cell id", "board.value_cell", cell=cell) from None
            if not 0 <= cell < cells:
                raise BadBoard(f"values: cell {cell} is off the {width}x{height} board", "board.value_cell",
                               cell=cell)
            out[cell] = value
        return out
    values = _as_list(values, "values ({cell: 2 or 3}, rows of digits, or one number per cell)")
    if values and all(isinstance(v, str) for v in values):
        if len(values) != height or any(len(row) != width for row in values):
            raise BadBoard(f"value rows must be {height} rows of {width} characters", "board.value_rows",
                           width=width, height=height)
        out = []
        for row in values:
            for char in row:
                out.append(1 if char in ".#*" else int(char) if char in "123" else char)
        return out
    if len(values) != cells:
        raise BadBoard(f"values: expected {cells} numbers (one per cell), got {len(values)}",
                       "board.value_count", cells=cells, count=len(values))
    return values


# -- generated boards ------------------------------------------------------------------

def _connected(cells, neighbours_of) -> bool:
    """Whether the set ``cells`` is connected under ``neighbours_of``."""
    if not cells:
        return True
    start = next(iter(sorted(cells)))
    seen = {start}
    todo = [start]
    while todo:
        cell = todo.pop()
        for n in neighbours_of(cell):
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(cells)


def generate(key: str, seed: int, *, shape: str, width: int, height: int, colors: int,
             layout: str = "two", obstacle_permille: int = 0, wall_permille: int = 0,
             value_permille: int = 0, paint_permille: int = 0,
             crown: bool = False) -> Board:
    """The board of ``(key, seed)``; the same arguments give the same board forever.

    Order (frozen: changing it changes published boards): obstacles, walls,
    paint, valuable cells, then colors. Every special comes in point-symmetric
    pairs (a cell and its mirror), never on or next to a start cell, and only
    while the playable cells stay connected.  Amounts are given per mille and
    counted with integer arithmetic only (no floats anywhere).
    """
    rng = SplitMix64.for_key(key, seed)
    geometry = Geometry(shape, width, height)
    cells = geometry.cells
    corners = corner_cells(layout, width, height)
    starts = [cell for corner in corners for cell in corner]
    protected = set(starts)
    for cell in starts:
        protected.update(geometry.neighbours[cell])

    def count(permille, total):
        return (permille * total + 500) // 1000

    obstacles = set()
    walls = set()

    def open_neighbours(cell):
        return [n for n in geometry.neighbours[cell]
                if n not in obstacles and (min(cell, n), max(cell, n)) not in walls]

    def playable():
        return {c for c in range(cells) if c not in obstacles}

    # Obstacles: pairs of mirrored cells.
    target = count(obstacle_permille, cells)
    if target:
        candidates = [c for c in range(cells) if c <= geometry.mirror(c) and c not in protected
                      and geometry.mirror(c) not in protected]
        rng.shuffle(candidates)
        for cell in candidates:
            if len(obstacles) >= target:
                break
            pair = {cell, geometry.mirror(cell)}
            obstacles.update(pair)
            if not _connected(playable(), open_neighbours):
                obstacles.difference_update(pair)

    # Walls: pairs of mirrored neighbour pairs.
    pairs = [(a, b) for a in range(cells) for b in geometry.neighbours[a] if a < b]
    target = count(wall_permille, len(pairs))
    if target:
        pair_set = set(pairs)
        candidates = []
        for a, b in pairs:
            ma, mb = sorted((geometry.mirror(a), geometry.mirror(b)))
            if (a, b) > (ma, mb) or (ma, mb) not in pair_set:
                continue
            if {a, b, ma, mb} & (protected | obstacles):
                continue
            candidates.append((a, b))
        rng.shuffle(candidates)
        for a, b in candidates:
            if len(walls) >= target:
                break
            mirrored = tuple(sorted((geometry.mirror(a), geometry.mirror(b))))
            new = {(a, b), mirrored} - walls
            walls.update(new)
            if not _connected(playable(), open_neighbours):
                walls.difference_update(new)

    # Paint and valuable cells: mirrored pairs on free, unprotected cells.
    specials = set(obstacles)

    def pick_pairs(target):
        chosen = []
        candidates = [c for c in range(cells) if c <= geometry.mirror(c) and c not in protected
                      and geometry.mirror(c) not in protected and c not in specials]
        rng.shuffle(candidates)
        total = 0
        for cell in candidates:
            if total >= target:
                break
            pair = sorted({cell, geometry.mirror(cell)})
            chosen.append(pair)
            specials.update(pair)
            total += len(pair)
        return chosen

    paint = set()
    for pair in pick_pairs(count(paint_permille, cells)):
        paint.update(pair)
    values = [1] * cells
    valuable_pairs = pick_pairs(count(value_permille, cells))
    twos = (len(valuable_pairs) * 3 + 2) // 4
    for index, pair in enumerate(valuable_pairs):
        for cell in pair:
            values[cell] = 2 if index < twos else 3

    crown_cell = (height // 2) * width + width // 2 if crown else None

    cell_colors = _colorize(rng, geometry, colors, corners, obstacles, paint, open_neighbours)
    return Board(shape, width, height, colors, cell_colors, walls=sorted(walls),
                 values=values, crown=crown_cell, corners=corners)


def _colorize(rng, geometry, colors, corners, obstacles, paint, open_neighbours):
    """Colors with no equal open neighbours; one color per corner, distinct."""
    cells = geometry.cells
    palette = list(range(colors))
    rng.shuffle(palette)
    if len(corners) > colors:
        raise BadOption(f"{len(corners)} corners need at least {len(corners)} colors", "board.corner_colors",
                        corners=len(corners))
    start_color = {}
    for index, corner in enumerate(corners):
        for cell in corner:
            start_color[cell] = palette[index]
    if geometry.shape == "hex" and colors == 3:
        return _hex_three_colors(geometry, palette, corners, obstacles, paint)
    for attempt in range(200):
        assigned = [None] * cells
        for cell, color in start_color.items():
            assigned[cell] = color
        ok = True
        for cell in range(cells):
            if cell in obstacles:
                assigned[cell] = OBSTACLE
                continue
            if cell in paint:
                assigned[cell] = PAINT
                continue
            if assigned[cell] is not None:
                continue
            used = {assigned[n] for n in open_neighbours(cell)}
            choices = [c for c in range(colors) if c not in used]
            if not choices:
                ok = False
                break
            assigned[cell] = rng.choice(choices)
        if ok:
            return assigned
    raise BadOption(f"could not color a {geometry.width}x{geometry.height} {geometry.shape} "
                    f"board with {colors} colors; choose more colors", "board.no_coloring",
                    width=geometry.width, height=geometry.height, shape=geometry.shape, count=colors)


def _hex_three_colors(geometry, palette, corners, obstacles, paint):
    """Three colors on hexagons: the lattice's one proper coloring (permuted)."""
    def pattern(cell):
        r, c = divmod(cell, geometry.width)
        q = c - (r - (r & 1)) // 2
        return (q - r) % 3
    classes = [pattern(corner[0]) for corner in corners]
    if len(set(classes)) != len(classes):
        raise BadOption(f"a {geometry.width}x{geometry.height} hex board cannot have 3 colors "
                        f"with different start colors; choose 4 or more colors or another size",
                        "board.hex_three", width=geometry.width, height=geometry.height)
    # map each corner's class to its palette color, the rest to the remaining ones
    mapping = {}
    for index, cls in enumerate(classes):
        mapping[cls] = palette[index]
    rest = [c for c in palette if c not in mapping.values()]
    for cls in range(3):
        if cls not in mapping:
            mapping[cls] = rest.pop(0)
    out = []
    for cell in range(geometry.cells):
        if cell in obstacles:
            out.append(OBSTACLE)
        elif cell in paint:
            out.append(PAINT)
        else:
            out.append(mapping[pattern(cell)])
    return out
