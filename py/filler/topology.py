"""Shapes of boards: neighbours, and the bitmask dilation that floods use.

A set of cells is a ``Mask`` (a Python int). Cell ``(row, col)`` sits at bit
``row * stride + col`` with ``stride = width + 1``: the extra guard column ``width``
never holds a cell, so a shift by one to the left or right that runs off a row
lands in a guard bit, which the region mask of every flood drops.

Per geometry (and per set of walls) one small Python function is compiled with
its shifts and masks as literal constants: ``dilate(x)`` (x and its neighbours),
``flood(x, region)`` (grow x inside region until it stops) and
``reach_covers(x, region, target)`` (grow until target is covered, or stop).
"""

Mask = int

SHAPES = ("square", "hex", "diamond")

# (dr, dc) steps: square and diamond share the square grid's four neighbours;
# hex is "odd-r": odd rows are shifted half a cell to the right.
_SQUARE_STEPS = ((0, 1), (0, -1), (1, 0), (-1, 0))
_HEX_STEPS_EVEN = ((0, 1), (0, -1), (1, 0), (-1, 0), (1, -1), (-1, -1))
_HEX_STEPS_ODD = ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, 1))


def steps(shape: str, row: int):
    """The (dr, dc) neighbour steps of a cell in ``row``."""
    if shape == "hex":
        return _HEX_STEPS_ODD if row & 1 else _HEX_STEPS_EVEN
    return _SQUARE_STEPS


class Geometry:
    """The grid of one shape and size: ids, bits, neighbours (no walls yet)."""

    __slots__ = ("shape", "width", "height", "stride", "cells", "all_mask",
                 "even_rows", "odd_rows", "id_to_bit", "bit_to_id", "neighbours")

    def __init__(self, shape: str, width: int, height: int) -> None:
        self.shape = shape
        self.width = width
        self.height = height
        self.stride = stride = width + 1
        self.cells = width * height
        self.id_to_bit = tuple(r * stride + c for r in range(height) for c in range(width))
        self.bit_to_id = {bit: cell for cell, bit in enumerate(self.id_to_bit)}
        row_mask = (1 << width) - 1
        all_mask = even = 0
        for r in range(height):
            all_mask |= row_mask << (r * stride)
            if r % 2 == 0:
                even |= row_mask << (r * stride)
        self.all_mask = all_mask
        self.even_rows = even
        self.odd_rows = all_mask & ~even
        neighbours = []
        for r in range(height):
            for c in range(width):
                around = []
                for dr, dc in steps(shape, r):
                    rr, cc = r + dr, c + dc
                    if 0 <= rr < height and 0 <= cc < width:
                        around.append(rr * width + cc)
                neighbours.append(tuple(sorted(around)))
        self.neighbours = tuple(neighbours)

    def row_col(self, cell: int):
        return divmod(cell, self.width)

    def mirror(self, cell: int) -> int:
        """The cell point-symmetric to ``cell`` around the centre of the board."""
        return self.cells - 1 - cell

    def mask_of(self, cells) -> Mask:
        id_to_bit = self.id_to_bit
        mask = 0
        for cell in cells:
            mask |= 1 << id_to_bit[cell]
        return mask

    def cells_of(self, mask: Mask) -> list:
        """Sorted cell ids of a mask (the API edge; not for hot paths)."""
        bit_to_id = self.bit_to_id
        out = []
        while mask:
            low = mask & -mask
            out.append(bit_to_id[low.bit_length() - 1])
            mask ^= low
        return out


_TEMPLATE = """
def dilate(x):
    return {expr}

def flood(x, region):
    while True:
        y = ({expr}) & region
        if y == x:
            return x
        x = y

def reach_covers(x, region, target):
    while x & target != target:
        y = ({expr}) & region
        if y == x:
            return False, x
        x = y
    return True, x
"""


def dilation_expression(geometry: Geometry, walls) -> str:
    """The dilation of ``x`` as a Python expression (``walls`` sorted), for code that
    writes it out inline: ``operations`` here, the search's kernels (``filler.ai.position``)."""
    s = geometry.stride
    if geometry.shape != "hex":
        if not walls:
            return f"x | x << 1 | x >> 1 | x << {s} | x >> {s}"
        m = _step_masks(geometry, walls)
        return (f"x | (x & {m[0, 1]:#x}) << 1 | (x & {m[0, -1]:#x}) >> 1"
                f" | (x & {m[1, 0]:#x}) << {s} | (x & {m[-1, 0]:#x}) >> {s}")
    if not walls:
        # Odd-r: an even row's cell touches columns c-1 and c of the rows above
        # and below, an odd row's cell columns c and c+1.  Shift each row's
        # cells sideways by its parity, then up and down.
        e, o = geometry.even_rows, geometry.odd_rows
        return (f"x | x << 1 | x >> 1 | (z := x | (x & {e:#x}) >> 1"
                f" | (x & {o:#x}) << 1) << {s} | z >> {s}")
    m = _step_masks(geometry, walls)
    return (f"x | (x & {m[0, 1]:#x}) << 1 | (x & {m[0, -1]:#x}) >> 1"
            f" | (x & {m[1, 0]:#x}) << {s} | (x & {m[-1, 0]:#x}) >> {s}"
            f" | (x & {m[1, -1]:#x}) << {s - 1} | (x & {m[-1, -1]:#x}) >> {s + 1}"
            f" | (x & {m[1, 1]:#x}) << {s + 1} | (x & {m[-1, 1]:#x}) >> {s - 1}")


def _step_masks(geometry: Geometry, walls):
    """Per step (dr, dc): the bits of cells that may step that way (no wall)."""
    cut = set()
    for a, b in walls:
        cut.add((a, b))
        cut.add((b, a))
    width, height = geometry.width, geometry.height
    masks = {}
    for r in range(height):
        for dr, dc in steps(geometry.shape, r):
            for c in range(width):
                rr, cc = r + dr, c + dc
                if not (0 <= rr < height and 0 <= cc < width):
                    continue
                if (r * width + c, rr * width + cc) in cut:
                    continue
                masks[dr, dc] = masks.get((dr, dc), 0) | 1 << (r * geometry.stride + c)
    for key in ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (1, -1), (-1, 1), (-1, -1)):
        masks.setdefault(key, 0)
    return masks


_compiled = {}


def operations(geometry: Geometry, walls=()):
    """``(dilate, flood, reach_covers)`` for this geometry and set of walls."""
    expr = dilation_expression(geometry, tuple(sorted(walls)))
    functions = _compiled.get(expr)
    if functions is None:
        namespace = {}
        exec(compile(_TEMPLATE.format(expr=expr), "<filler.topology>", "exec"), namespace)
        functions = (namespace["dilate"], namespace["flood"], namespace["reach_covers"])
        if len(_compiled) > 256:
            _compiled.clear()
        _compiled[expr] = functions
    return functions
