"""What the page lists and draws before it plays: the variants, the computer levels and a
new player's first game (methods ``variants``, ``levels``, ``first_game``), and
:func:`static_snapshots`, the same with the first boards and the rules page's examples,
which build.py writes as dist/snapshots.json so that the page draws a board before
Python has booted."""

from __future__ import annotations

import filler
from filler import link
from filler.rules_examples import example_positions
from filler.variants import FIRST_VARIANT, shapes_of, side_ranges

from .lessons import _method_lesson_list
from .ratings import _method_bot_ratings
from .snapshots import layout_of, state_of
from .tables import Table, _default_level, _levels, _new_match, _seats_from, _table_layout, _table_state


FIRST_SEEDS = (131135050, 1698631037, 1145762349, 494553467, 1313596783, 1406539163, 710398285, 1790147418)
"""The seeds of the first boards (:func:`static_snapshots`): a page draws one of them,
picked at random, before Python has booted, and the engine then opens that board."""

FIRST_BOARDS = {FIRST_VARIANT: 8, "practice": 1}
"""How many of :data:`FIRST_SEEDS` each variant has a first board of: all of the first
variant's (what a new player's first visit and an embed open), one of practice (the rules
page's only: the table opens a practice board once the engine is up) and
:data:`OTHER_FIRST_BOARDS` of any other (a returning player's last choice, a link or the
lobby may open it before boot). More boards, more bytes."""
OTHER_FIRST_BOARDS = 3


def _variant_json(variant) -> dict:
    clock = variant.clock
    return {
        "id": variant.id,
        "shape": variant.shape,
        "width": variant.width,
        "height": variant.height,
        "sizes": side_ranges(variant),  # what a board of it may measure (the lobby, links, saved.js)
        "shapes": shapes_of(variant),
        "colors": variant.colors,
        "seats": variant.seats,
        "teams": variant.teams,
        "rated": variant.rated,
        "clock": None if clock is None else {"bank_ms": clock[0], "increment_ms": clock[1]},
    }


def _method_variants(params: dict) -> list[dict]:
    """Every variant: its board, sizes and shapes, seats, rated, clock (its name and summary
    are texts of the page's catalogs)."""
    return [_variant_json(variant) for variant in filler.VARIANTS.values()]


def _method_levels(params: dict) -> list[str]:
    """The computer levels, weakest first."""
    return _levels()


def _method_first_game(params: dict) -> dict:
    """``{}`` -> ``{variant, level}``: the game a new player starts with (the first visit,
    the lobby's first choice, "Play a game" after the lessons), and the level of a
    computer seat nobody chose one for."""
    return {"variant": FIRST_VARIANT, "level": _default_level(_levels())}


def rules_examples() -> dict:
    """The rules page's example boards (rules.html): per example its ``layout``,
    the states ``before`` and ``after`` its move, the ``color`` played and the ``seat``."""
    return {name: {"layout": layout_of(game), "before": state_of(game),
                   "after": state_of(game.play(color)), "color": color, "seat": game.turn}
            for name, (game, color) in example_positions().items()}


def static_snapshots() -> dict:
    """What the page draws before Python has booted (build.py writes it as
    dist/snapshots.json): every variant's list entry, the computer levels and their
    measured ratings (``bot_ratings``, for the lobby), each variant's first boards (the
    layout and first state of the boards of its :data:`FIRST_BOARDS` first seeds; the
    rules page draws the first), and the variants by their number in a friend link (the
    page reads a link's inviter and variant from it while the engine boots, see
    js/flows/friend_peek.js), Learn's lessons (the rules page links each section to its
    lessons) and a new player's first game (``first_game``)."""
    boards = {}
    for variant_id in filler.VARIANTS:
        boards[variant_id] = []
        for seed in FIRST_SEEDS[:FIRST_BOARDS.get(variant_id, OTHER_FIRST_BOARDS)]:
            match, options = _new_match(variant_id, seed, {}, 1)
            table = Table(0, _seats_from({}, match.seats), match)  # not kept: no table id
            layout = _table_layout(table)
            state = _table_state(table)
            del layout["table_id"], layout["players"], state["table_id"]
            boards[variant_id].append({"layout": layout, "state": state})
    return {"format": 2, "variants": _method_variants({}),
            "levels": _levels(), "bot_ratings": _method_bot_ratings({}), "boards": boards,
            "rules_examples": rules_examples(),
            "link_variants": list(link.VARIANT_CODES),
            "lessons": _method_lesson_list({})["lessons"], "first_game": _method_first_game({})}
