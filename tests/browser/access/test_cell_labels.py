"""Screen readers: every cell of the board is an image with its own label (name like a
chess square, color as the color buttons name it, whose it is), kept up to date as the
board changes and in the page's language; the table still passes the axe scan."""

from driver import BOOT_TIMEOUT_MS, switch_language, wait_engine

import filler

LABELS = "() => Object.fromEntries([...document.querySelectorAll('.board .cell, .board .obstacle')].map((node, index) =>" \
         " [node.dataset.cell ?? `o${index}`, {label: node.getAttribute('aria-label'), role: node.getAttribute('role')," \
         " owner: node.dataset.owner ?? null, color: node.dataset.color ?? null, preview: node.dataset.preview ?? null}]))"


def cell_name(cell, width, height):
    return f"{chr(ord('A') + cell % width)}{height - cell // width}"


def label_of(page, cell):
    return page.get_attribute(f'.board .cell[data-cell="{cell}"]', "aria-label")


def test_cells_are_labelled_after_a_move_in_english_and_dutch(page, site_url, axe_scan):
    page.goto(f"{site_url}#variant=quick&seed=31&players=human,greedy")
    wait_engine(page)
    page.wait_for_function("() => document.body.dataset.seed === '31' && document.body.dataset.turn === '0'")
    switch_language(page, "en")
    game = filler.Game.new("quick", seed=31)
    width, height = game.width, game.height
    start = game.start_cells(0)[0]
    other_start = game.start_cells(1)[0]
    assert cell_name(start, width, height) == "A1"  # bottom left, like a chess board
    assert cell_name(other_start, width, height) == f"{chr(ord('A') + width - 1)}{height}"

    # the board: one group (one name, the summary), no tab stop per cell
    assert page.get_attribute("svg.board", "role") == "group"
    assert page.get_attribute("svg.board", "aria-label")
    assert page.get_attribute("svg.board", "aria-describedby") == "board-summary"
    assert page.locator(".board [tabindex]").count() == 0
    first_color = int(game.current_color(0))
    page.wait_for_function("([cell, text]) => document.querySelector(`.board .cell[data-cell='${cell}']`)"
                           "?.getAttribute('aria-label') === text",
                           arg=[start, f"A1: Color {first_color + 1}, yours"])

    # a move: the cells it takes are labelled "yours" with the new color
    color = max(game.legal_colors(), key=lambda c: len(game.preview(c).get(0, ())))
    taken = list(game.preview(color)[0])
    assert taken
    state_id = page.evaluate("Number(document.body.dataset.stateId)")
    page.keyboard.press(str(color + 1))
    page.wait_for_function("(id) => Number(document.body.dataset.stateId) > id", arg=state_id)
    # wait for the computer's answer too, so the board stands still while it is read
    page.wait_for_function("() => document.body.dataset.turn === '0' && Number(document.body.dataset.moves) >= 2",
                           timeout=BOOT_TIMEOUT_MS)
    for cell in [start, *taken]:
        assert label_of(page, cell) == f"{cell_name(cell, width, height)}: Color {color + 1}, yours"

    cells = page.evaluate(LABELS)
    assert all(info["role"] == "img" and info["label"] for info in cells.values()), cells
    assert not any(info["preview"] for info in cells.values())
    free = [(int(key), info) for key, info in cells.items() if not key.startswith("o") and info["owner"] is None]
    computer = [(int(key), info) for key, info in cells.items() if not key.startswith("o") and info["owner"] == "1"]
    assert free and computer
    free_cell, free_info = free[0]
    assert free_info["label"] == f"{cell_name(free_cell, width, height)}: Color {int(free_info['color']) + 1}, free"
    for cell, info in computer:
        assert info["label"] == f"{cell_name(cell, width, height)}: Color {int(info['color']) + 1}, owned by Computer"

    violations = axe_scan(page)
    assert not violations, [(v["id"], v["help"], [n["target"] for n in v["nodes"][:3]]) for v in violations]

    # in Dutch, the same cells in Dutch
    switch_language(page, "nl")
    page.wait_for_function("([cell, text]) => document.querySelector(`.board .cell[data-cell='${cell}']`)"
                           "?.getAttribute('aria-label') === text",
                           arg=[taken[0], f"{cell_name(taken[0], width, height)}: Kleur {color + 1}, van jou"])
    assert label_of(page, free_cell) == f"{cell_name(free_cell, width, height)}: Kleur {int(free_info['color']) + 1}, vrij"
    cell, info = computer[0]
    assert label_of(page, cell) == f"{cell_name(cell, width, height)}: Kleur {int(info['color']) + 1}, van Computer"
    switch_language(page, "en")


def test_obstacles_values_paint_and_the_crown_are_labelled(page, site_url):
    for variant in ("walls", "treasure", "vinco"):
        page.goto("about:blank")
        page.goto(f"{site_url}#variant={variant}&seed=3&players=human,greedy&lang=en")
        wait_engine(page)
        page.wait_for_function("(variant) => document.body.dataset.variant === variant && document.body.dataset.seed === '3'"
                               " && document.body.dataset.turn === '0'", arg=variant)
        if page.evaluate("document.documentElement.lang") != "en":
            switch_language(page, "en")
        game = filler.Game.new(variant, seed=3)
        width, height = game.width, game.height
        page.wait_for_function("(count) => document.querySelectorAll('.board [role=img][aria-label]').length === count",
                               arg=width * height)
        labels = page.evaluate("() => [...document.querySelectorAll('.board .cell, .board .obstacle')]"
                               ".map(node => node.getAttribute('aria-label'))")
        by_name = {label.split(":")[0]: label for label in labels}
        assert len(by_name) == width * height
        for cell in game.obstacles():
            assert by_name[cell_name(cell, width, height)] == f"{cell_name(cell, width, height)}: obstacle"
        values = game.cell_values()
        for cell, value in enumerate(values):
            if value > 1:
                assert by_name[cell_name(cell, width, height)].endswith(f", value {value}")
        for cell in game.paint():
            assert by_name[cell_name(cell, width, height)] == f"{cell_name(cell, width, height)}: paint, free"
        if game.crown is not None:
            assert by_name[cell_name(game.crown, width, height)].endswith(", free, crown")
