"""The variants of docs/rules.md section 7 as data: one frozen dataclass each, by id.

A variant is data, not a fork of the code: the rules read its shape, size,
colors, seats, teams and specials. ``practice`` takes its shape, size and color
count from options (``practice_options``).
"""

from dataclasses import dataclass
from typing import Optional, Tuple

from .board import MAX_COLORS, MAX_SIDE, MIN_COLORS
from .errors import BadOption, UnknownVariant
from .topology import SHAPES

PRACTICE_MIN_SIDE = 5


@dataclass(frozen=True)
class Variant:
    id: str
    shape: str
    width: int
    height: int
    colors: int
    seats: int
    teams: bool
    rated: bool
    clock: Optional[Tuple[int, int]]  # (bank_ms, increment_ms) or None
    layout: str = "two"            # start cells: "two", "three" or "four" corners
    obstacle_permille: int = 0     # share of cells that are obstacles
    wall_permille: int = 0         # share of neighbour pairs with a wall
    value_permille: int = 0        # share of cells worth 2 or 3
    paint_permille: int = 0        # share of cells that are paint
    crown: bool = False            # vinco: a crown on the centre cell

    @property
    def sides(self) -> int:
        return 2 if self.teams or self.seats == 2 else self.seats


def _v(*args, **kwargs) -> Variant:
    return Variant(*args, **kwargs)


# What each variant is (docs/rules.md section 7); its name and summary are texts of the page's
# catalogs (js/i18n/: variant.<id>.name, variant.<id>.summary).
VARIANTS = {v.id: v for v in (
    _v("quick", 'square', 8, 7, 6, 2, False, True, (120_000, 2_000)),
    _v("classic", 'square', 15, 15, 7, 2, False, True, (300_000, 3_000)),
    _v("hex", 'hex', 13, 11, 7, 2, False, True, (300_000, 3_000)),
    _v("vinco", 'square', 13, 13, 7, 2, False, False, (300_000, 3_000), crown=True),
    _v("diamonds", 'diamond', 13, 13, 7, 2, False, False, (300_000, 3_000)),
    _v("big", 'square', 21, 21, 7, 2, False, False, (600_000, 5_000)),
    _v("walls", 'square', 15, 15, 7, 2, False, False, (300_000, 3_000), obstacle_permille=80, wall_permille=80),
    _v("treasure", 'square', 15, 15, 7, 2, False, False, (300_000, 3_000), value_permille=80, paint_permille=30),
    _v("three", 'square', 15, 15, 7, 2, False, False, (300_000, 3_000), layout="three"),
    _v("four", 'square', 15, 15, 8, 4, False, True, (360_000, 3_000), layout="four"),
    _v("duos", 'square', 15, 15, 7, 4, True, True, (360_000, 3_000), layout="four"),
    _v("practice", 'square', 10, 10, 6, 2, False, False, None),
)}

PRACTICE_DEFAULTS = {name: getattr(VARIANTS["practice"], name) for name in ("shape", "width", "height", "colors")}
"""A practice board that asks for nothing: the practice variant's own shape, size and colors
(square 10×10, six colors: what the lobby offers first). The one place they are written."""

FIRST_VARIANT = "quick"
"""A new player's first variant: 8×7, the board players know from GamePigeon's Filler, and
one a first game on a phone fits under the thumb (the page's first game: api.catalog)."""


def get_variant(variant_id) -> Variant:
    """The variant with this id, or ``UnknownVariant`` listing the ids."""
    try:
        return VARIANTS[variant_id]
    except (KeyError, TypeError):
        raise UnknownVariant(f"unknown variant {variant_id!r}; choose one of: "
                             f"{', '.join(VARIANTS)}", "variant.unknown", value=variant_id,
                             variants=list(VARIANTS)) from None


def side_ranges(variant: Variant) -> dict:
    """The widths, heights and numbers of colors a board of this variant can have:
    ``{"width": [low, high], "height": [low, high], "colors": [low, high]}`` (practice
    takes any; every other variant has one of each)."""
    if variant.id == "practice":
        return {"width": [PRACTICE_MIN_SIDE, MAX_SIDE], "height": [PRACTICE_MIN_SIDE, MAX_SIDE],
                "colors": [MIN_COLORS, MAX_COLORS]}
    return {"width": [variant.width, variant.width], "height": [variant.height, variant.height],
            "colors": [variant.colors, variant.colors]}


def shapes_of(variant: Variant) -> list:
    """The shapes a board of this variant can have (practice: every one)."""
    return list(SHAPES) if variant.id == "practice" else [variant.shape]


def practice_options(options: dict) -> dict:
    """Checked practice options (shape, width, height, colors) with defaults."""
    unknown = sorted(set(options) - set(PRACTICE_DEFAULTS))
    if unknown:
        raise BadOption(f"unknown practice option(s) {', '.join(map(repr, unknown))}; "
                        f"practice takes {', '.join(PRACTICE_DEFAULTS)}", "practice.unknown",
                        names=unknown)
    out = dict(PRACTICE_DEFAULTS)
    out.update(options)
    if out["shape"] not in SHAPES:
        raise BadOption(f"practice shape {out['shape']!r} is not one of {', '.join(SHAPES)}",
                        "practice.shape", value=out["shape"], shapes=list(SHAPES))
    for name in ("width", "height"):
        value = out[name]
        if not isinstance(value, int) or isinstance(value, bool) \
                or not PRACTICE_MIN_SIDE <= value <= MAX_SIDE:
            raise BadOption(f"practice {name} must be an int in "
                            f"{PRACTICE_MIN_SIDE}..{MAX_SIDE}, got {value!r}",
                            "practice.width" if name == "width" else "practice.height",
                            value=value, low=PRACTICE_MIN_SIDE, high=MAX_SIDE)
    value = out["colors"]
    if not isinstance(value, int) or isinstance(value, bool) \
            or not MIN_COLORS <= value <= MAX_COLORS:
        raise BadOption(f"practice colors must be an int in {MIN_COLORS}..{MAX_COLORS}, "
                        f"got {value!r}", "practice.colors", value=value, low=MIN_COLORS,
                        high=MAX_COLORS)
    return out
