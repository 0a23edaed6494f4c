"""The table in a real Chromium: previews, forbidden colors, keys (Escape clears the
keyboard's preview; a key that cannot play says why), whole games, shapes.

One page boots once for the module (booted_page); each test opens its own game from
the start screen, so the tests do not depend on each other's order. The engine run in
CPython on the same variant and seed is the reference for what the page shows.
"""

import json
import random
import re

import pytest
from driver import (BOOT_TIMEOUT_MS, data, game_of_table, start_game, switch_language, wait_engine,
                    wait_my_turn)

import filler


def start(page, variant, kinds=("human", "computer"), names=()):
    """Open a new game from the lobby; return (game, seed) for CPython checks."""
    start_game(page, variant, kinds=kinds, names=names)
    return game_of_table(page)


def board_state(page):
    return page.evaluate("""() => ({
        stateId: Number(document.body.dataset.stateId),
        turn: document.body.dataset.turn,
        owners: [...document.querySelectorAll('.board .cell')].map(c => [Number(c.dataset.cell), c.dataset.owner || '.']),
    })""")


def legal_buttons(page):
    return [int(c) for c in page.evaluate(
        "[...document.querySelectorAll('.color-button:not([aria-disabled])')].map(b => b.dataset.color)")]


def play_key(page, color):
    """Press the color's number key and wait until the page shows the next state."""
    state_id = page.evaluate("Number(document.body.dataset.stateId)")
    page.keyboard.press(str(color + 1))
    page.wait_for_function("(id) => Number(document.body.dataset.stateId) > id", arg=state_id)


def test_the_first_board_is_drawn_before_python_and_a_early_move_is_played(page, boot):
    boot(page)  # data-ready comes from the static snapshot, before Pyodide is up
    variant = page.evaluate("document.body.dataset.variant")
    seed = int(page.evaluate("document.body.dataset.seed"))
    game = filler.Game.new(variant, seed=seed)
    cells = page.locator(".board .cell")
    assert cells.count() == game.width * game.height - len(game.obstacles())
    color = game.legal_colors()[-1]
    page.keyboard.press(str(color + 1))  # queued if the engine is still booting
    wait_engine(page)
    page.wait_for_function("() => Number(document.body.dataset.moves) >= 1")
    expected = game.play(color)
    owners = page.evaluate("[...document.querySelectorAll('.board .cell')].map(c => c.dataset.owner || '.')")
    shown_mine = sum(1 for owner in owners if owner == "0")
    assert shown_mine == "".join(expected.owner_rows()).count("0")


def test_hover_shows_exactly_the_engines_preview(booted_page):
    page = booted_page
    game, _ = start(page, "classic")
    mover = game.turn
    for color in game.legal_colors():
        page.hover(f'.color-button[data-color="{color}"]')
        page.wait_for_selector(f'.board[data-preview-color="{color}"]', state="attached")
        shown = sorted(page.evaluate(
            "[...document.querySelectorAll('.board .cell[data-preview]')].map(c => Number(c.dataset.cell))"))
        expected = game.preview(color).get(mover, [])
        assert shown == expected, color
        tooltip = page.locator("#color-tooltip")
        assert tooltip.is_visible()
        text = tooltip.text_content()
        if expected:
            assert str(len(expected)) in text and "cell" in text
        else:
            assert "nothing" in text.lower()
    page.mouse.move(0, 0)
    page.wait_for_selector(".board:not([data-preview-color])", state="attached")


def test_a_click_that_plays_hides_the_tooltip_until_the_pointer_comes_back(booted_page):
    # it stayed over the board's bottom row after the move, the pointer still on the button
    page = booted_page
    game, _ = start(page, "quick", names=("Anna",))
    color = game.legal_colors()[0]
    button = page.locator(f'.color-button[data-color="{color}"]')
    button.hover()
    tooltip = page.locator("#color-tooltip")
    tooltip.wait_for(state="visible")
    state_id = int(page.evaluate("document.body.dataset.stateId"))
    button.click()
    page.wait_for_function("(id) => Number(document.body.dataset.stateId) > id + 1", arg=state_id)  # and the reply
    assert tooltip.is_hidden() and page.locator(".color-button[data-previewing]").count() == 0
    page.mouse.move(0, 0)
    button.hover()
    tooltip.wait_for(state="visible")
    page.mouse.move(0, 0)


def test_forbidden_colors_are_dimmed_with_their_reason(booted_page):
    page = booted_page
    game, _ = start(page, "quick", names=("Anna",))
    forbidden = game.forbidden()
    dimmed = sorted(int(c) for c in page.evaluate(
        "[...document.querySelectorAll('.color-button[data-forbidden]')].map(b => b.dataset.color)"))
    assert dimmed == sorted(forbidden)
    for color, seat in forbidden.items():
        button = page.locator(f'.color-button[data-color="{color}"]')
        assert button.get_attribute("aria-disabled") == "true"
        button.hover()
        page.wait_for_selector(f'.color-button[data-color="{color}"][data-previewing]', state="attached")
        text = page.locator("#color-tooltip").text_content()
        if seat == game.turn:
            assert "your current color" in text
        else:
            assert "Computer’s current color" in text
    # clicking a forbidden color changes nothing
    state_id = page.evaluate("document.body.dataset.stateId")
    page.locator(f'.color-button[data-color="{next(iter(forbidden))}"]').click(force=True)
    assert page.evaluate("document.body.dataset.stateId") == state_id
    page.mouse.move(0, 0)


def test_a_key_press_plays_and_the_computer_answers(booted_page):
    page = booted_page
    game, _ = start(page, "classic")
    color = game.legal_colors()[0]
    state_id = page.evaluate("Number(document.body.dataset.stateId)")
    page.keyboard.press(str(color + 1))
    # the computer answers in the worker; the page shows both moves
    page.wait_for_function("() => document.body.dataset.moves === '2'")
    assert page.evaluate("Number(document.body.dataset.stateId)") >= state_id + 2
    after_me = game.play(color)
    owners = "".join(after_me.owner_rows())
    shown = {cell: owner for cell, owner in board_state(page)["owners"]}
    for cell, owner in enumerate(owners):
        if owner == "0":
            assert shown[cell] == "0"
    assert page.evaluate("document.body.dataset.turn") == "0"
    assert page.evaluate("Number(document.body.dataset.botMs)") >= 0
    assert page.evaluate("performance.getEntriesByName('filler:computer-move').length") >= 1


def test_a_whole_game_against_the_computer_ends_with_the_result(booted_page):
    page = booted_page
    start(page, "quick", names=("Anna",))
    for _ in range(200):
        if page.evaluate("document.body.dataset.over") == "1":
            break
        page.wait_for_function(
            "() => document.body.dataset.over === '1' || (document.body.dataset.turn === '0'"
            " && document.querySelector('.color-button:not([aria-disabled])'))")
        if page.evaluate("document.body.dataset.over") == "1":
            break
        play_key(page, legal_buttons(page)[0])
    page.wait_for_selector(".over-panel:not([hidden])")
    winner = page.locator(".over-winner").text_content()
    assert re.search(r"wins!|draw", winner)
    scores = page.locator(".side-card .score").all_text_contents()
    assert page.locator(".over-score").text_content() == f"Anna {scores[0]} – Computer {scores[1]}"
    assert page.locator(".over-chart polyline").count() == 2
    moves = int(page.evaluate("document.body.dataset.moves"))
    points = page.locator(".over-chart polyline").first.get_attribute("points").split()
    assert len(points) == moves + 1
    # the chart starts where the game did, each player with one cell: its scale's foot
    # is 1, where both lines begin (from 0 they seemed to start with nothing)
    foot = float(page.locator(".over-chart .chart-axis line").first.get_attribute("y1"))
    starts = page.eval_on_selector_all(".over-chart polyline", "lines => lines.map(l => l.getAttribute('points'))")
    assert [float(line.split()[0].split(",")[1]) for line in starts] == [foot, foot]
    assert page.locator(".over-chart .chart-foot").text_content() == "1"
    # "Copy link" looks like its neighbours (it was in a smaller font), at both sizes
    page.wait_for_selector('.over-actions button[data-action="copy-link"]')
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 800})
        page.wait_for_function("(w) => window.innerWidth === w", arg=width)
        looks = page.eval_on_selector_all(".over-actions button:not(.primary)", """buttons => buttons.map((b) =>
            [getComputedStyle(b).fontSize, Math.round(b.getBoundingClientRect().height)])""")
        assert len(looks) >= 2 and len({tuple(look) for look in looks}) == 1, (width, looks)
    page.set_viewport_size({"width": 1280, "height": 720})
    assert page.locator(".controls-wrap").is_hidden()


@pytest.mark.parametrize("variant", ["hex", "diamonds", "walls"])
def test_each_shape_shows_the_right_number_of_cells(booted_page, variant):
    page = booted_page
    game, _ = start(page, variant)
    board = page.locator(".board")
    assert board.get_attribute("data-shape") == game.shape
    assert page.locator(".board .cell").count() == game.width * game.height - len(game.obstacles())
    assert page.locator(".board .obstacle").count() == len(game.obstacles())
    owners = page.evaluate("[...document.querySelectorAll('.board .cell')].map(c => c.dataset.owner || '.').join('')")
    expected = "".join(o for o in "".join(game.owner_rows()) if o != "#").replace("x", "dead")
    assert owners == expected


def test_four_players_take_turns(booted_page):
    page = booted_page
    game, _ = start(page, "four", kinds=("human",) * 4, names=("Anna", "Bob", "Cas", "Dirk"))
    assert page.locator(".side-card").count() == 4
    turns = []
    for _ in range(8):
        turn = int(page.evaluate("document.body.dataset.turn"))
        turns.append(turn)
        assert page.locator(f'.side-card[data-side="{turn}"][data-moving]').count() == 1
        color = legal_buttons(page)[0]
        game = game.play(color)
        play_key(page, color)
    assert turns == [0, 1, 2, 3, 0, 1, 2, 3]
    shown = "".join(owner for _, owner in board_state(page)["owners"]).replace("dead", "x")
    assert shown == "".join(o for o in "".join(game.owner_rows()) if o != "#")


def test_duos_name_the_teams(booted_page):
    page = booted_page
    start(page, "duos", kinds=("human", "computer", "human", "computer"), names=("Anna", "", "Bob", ""))
    assert page.locator(".side-card").count() == 2
    assert page.locator('.side-card[data-side="0"] .seat-name').all_text_contents() == ["Anna", "Bob"]


def test_a_failed_boot_shows_a_message_and_a_retry(page, page_guard, site_dir, tmp_path, serve_directory):
    import shutil
    page_guard.allow_console(r"404|Failed to load resource")
    broken = tmp_path / "broken"
    shutil.copytree(site_dir, broken)
    info = json.loads((broken / "build.json").read_text())
    info["engine_wheel"] = "wheels/missing-0.0.0-py3-none-any.whl"
    info["snapshot"] = None  # a boot from the snapshot needs no wheel: from scratch, it does
    (broken / "build.json").write_text(json.dumps(info))
    page.goto(serve_directory(broken) + "#variant=classic&lang=nl")
    page.wait_for_selector('body[data-engine="failed"]', state="attached", timeout=BOOT_TIMEOUT_MS)
    assert page.locator(".boot-error-title").inner_text() == "Het spel kon niet starten."
    assert page.locator(".boot-error-message").inner_text() == \
        "Kon de spelregels niet downloaden (/wheels/missing-0.0.0-py3-none-any.whl: HTTP 404)."
    retry = page.locator('button[data-action="retry"]')
    assert retry.is_visible()
    retry.click()
    page.wait_for_selector('body[data-engine="failed"][data-boot-attempts="2"]', state="attached",
                           timeout=BOOT_TIMEOUT_MS)
    assert page.locator(".boot-error-title").is_visible()


def test_keyboard_focus_and_a_first_tap_preview_too(booted_page):
    page = booted_page
    game, _ = start(page, "hex")
    color = game.legal_colors()[0]
    page.focus(f'.color-button[data-color="{color}"]')
    page.keyboard.press("Shift+Tab")  # focus by keyboard (a click's focus does not preview)
    page.keyboard.press("Tab")
    page.wait_for_selector(f'.board[data-preview-color="{color}"]', state="attached")
    shown = sorted(page.evaluate(
        "[...document.querySelectorAll('.board .cell[data-preview]')].map(c => Number(c.dataset.cell))"))
    assert shown == game.preview(color).get(game.turn, [])
    page.keyboard.press("Enter")  # plays the focused color
    page.wait_for_function("() => Number(document.body.dataset.moves) >= 1")
    assert page.evaluate("document.body.dataset.stateId") != "1"
    page.evaluate("document.activeElement.blur()")


def test_practice_gives_a_hint_and_takes_a_move_back(booted_page):
    page = booted_page
    wait_engine(page)
    page.mouse.move(0, 0)
    before = page.evaluate("document.body.dataset.tableId")
    page.click("#new-game")
    page.select_option('select[name="variant"]', "practice")
    page.select_option('select[name="shape"]', "diamond")
    for name, value in (("width", "9"), ("height", "8"), ("colors", "5")):
        page.fill(f'input[name="{name}"]', value)
        page.dispatch_event(f'input[name="{name}"]', "change")
    page.select_option('select[name="seat0-kind"]', "human")
    page.select_option('select[name="seat1-kind"]', "computer")
    page.click('button[data-action="start"]')
    page.wait_for_function("(before) => document.body.dataset.variant === 'practice'"
                           " && document.body.dataset.tableId !== before", arg=before)
    assert page.locator(".board .cell").count() == 72
    page.click('button[data-action="hint"]')
    page.wait_for_selector(".color-button[data-hint]")
    hinted = int(page.locator(".color-button[data-hint]").get_attribute("data-color"))
    assert hinted in legal_buttons(page)
    start_owners = board_state(page)["owners"]
    page.keyboard.press(str(hinted + 1))
    page.wait_for_function("() => document.body.dataset.moves === '2'")
    page.click('button[data-action="undo"]')
    page.wait_for_function("() => document.body.dataset.moves === '0'")
    assert board_state(page)["owners"] == start_owners


def test_on_a_phone_a_first_tap_previews_and_a_second_plays(new_guarded_context, site_url):
    context, _ = new_guarded_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(site_url)
    wait_engine(page)
    page.wait_for_function("() => document.body.dataset.tableId !== '0'")
    variant = page.evaluate("document.body.dataset.variant")
    game = filler.Game.new(variant, seed=int(page.evaluate("document.body.dataset.seed")))
    color = max(game.legal_colors(), key=lambda c: len(game.preview(c)[game.turn]))
    # the board and the buttons fit the phone's width
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    button = page.locator(f'.color-button[data-color="{color}"]')
    button.tap()
    page.wait_for_selector(f'.board[data-preview-color="{color}"]', state="attached")
    assert page.evaluate("document.body.dataset.moves") == "0"
    shown = sorted(page.evaluate(
        "[...document.querySelectorAll('.board .cell[data-preview]')].map(c => Number(c.dataset.cell))"))
    assert shown == game.preview(color)[game.turn]
    button.tap()
    page.wait_for_function("() => Number(document.body.dataset.moves) >= 1")


def test_resigning_asks_first_and_ends_the_game(booted_page):
    page = booted_page
    start(page, "quick", names=("Anna",))
    page.click('button[data-action="resign"]')
    page.wait_for_selector("dialog.confirm[open]")
    assert "Anna" in page.locator("dialog.confirm p").text_content()
    page.click('dialog.confirm button[value="cancel"]')
    page.wait_for_selector("dialog.confirm:not([open])", state="attached")
    assert page.evaluate("document.body.dataset.over") == "0"
    page.click('button[data-action="resign"]')
    page.click('button[data-action="confirm-resign"]')
    page.wait_for_selector('body[data-over="1"]', state="attached")
    assert page.locator(".over-winner").text_content() == "Computer wins!"
    # who resigned, said once (not also "Won by resignation.")
    assert page.locator(".over-reason").text_content() == "Anna resigned."
    assert page.locator(".over-panel .match-kind").count() == 0


def a_whole_game(seed, ends):
    """A whole quick game on board `seed` whose end `ends(game)` accepts: each side takes
    the biggest gain, now and then another color (a seeded generator, so the same game
    every run). Returns (game, colors)."""
    chance = random.Random(seed)
    for _ in range(500):
        game, colors = filler.Game.new("quick", seed=seed), []
        while not game.over:
            legal = game.legal_colors()
            color = chance.choice(legal) if chance.random() < 0.3 \
                else max(legal, key=lambda c: len(game.preview(c)[game.turn]))
            colors.append(color)
            game = game.play(color)
        if ends(game):
            return game, colors
    raise AssertionError("no such game found")


def test_a_single_games_result_is_said_in_cells_and_why_it_ended_by_the_engines_reason(page, boot, site_url):
    """A single game has no match points: its result is said in cells. A board filled by
    the move that decided it says both (the winner then passed the equator too)."""
    seed = 1
    won, won_colors = a_whole_game(seed, lambda game: game.end_reason == "filled" and not game.draw)
    drawn, drawn_colors = a_whole_game(seed, lambda game: game.draw)
    assert drawn.end_reason == "filled"
    for game, colors in ((won, won_colors), (drawn, drawn_colors)):
        link = f"#variant=quick&seed={seed}&players=human,human&moves={len(colors)}-{''.join(map(str, colors))}"
        boot(page, site_url + link)
        page.wait_for_selector(".over-panel:not([hidden]) .over-reason")
        panel = page.locator(".over-panel").inner_text()
        assert "point" not in panel and "total" not in panel, panel
        scores = sorted((game.score(0), game.score(1)), reverse=True)
        if game.draw:
            assert page.locator(".over-winner").text_content() == "A draw!"
            assert page.locator(".match-kind").text_content() == f"Level on cells: {scores[0]} each."
            assert page.locator(".over-reason").text_content() == "No free cells are left to win."
        else:
            assert page.locator(".match-kind").text_content() == f"More cells: {scores[0]} to {scores[1]}."
            assert scores[0] > sum(scores) / 2  # past the equator, at the last move
            assert page.locator(".over-reason").text_content() \
                == "No free cells are left: the last ones took the winner past the equator."
        page.goto("about:blank")


def test_escape_clears_the_keyboard_preview(booted_page):
    page = booted_page
    start_game(page, "quick")
    wait_my_turn(page)
    for _ in range(40):  # Tab to an allowed color button: its keyboard focus previews it
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.matches('.color-button:not([aria-disabled])')"):
            break
    page.wait_for_selector(".color-button[data-previewing]", state="attached")
    page.wait_for_selector("svg.board[data-preview-color]", state="attached")
    page.keyboard.press("Escape")
    page.wait_for_function("() => !document.querySelector('.color-button[data-previewing], svg.board[data-preview-color]')")
    assert page.locator("#color-tooltip").is_hidden()


@pytest.mark.parametrize("language, no_nine, own", [
    ("en", "There is no color 9: this board has colors 1 to 7.", "Not allowed: your current color"),
    ("nl", "Er is geen kleur 9: dit bord heeft de kleuren 1 tot en met 7.", "Niet toegestaan: je huidige kleur")])
def test_a_key_that_cannot_play_says_why(booted_page, language, no_nine, own):
    page = booted_page
    switch_language(page, language)
    start_game(page, "classic")
    wait_my_turn(page)
    moves = data(page, "moves")
    page.keyboard.press("9")
    page.wait_for_function("(text) => document.querySelector('.status').textContent === text", arg=no_nine)
    mine = int(page.locator('.seat[data-seat="0"] .swatch').get_attribute("data-color"))
    page.keyboard.press(str(mine + 1))
    page.wait_for_function("(text) => document.querySelector('.status').textContent.endsWith(text)", arg=own)
    assert page.locator(".status").get_attribute("role") == "status"  # said to screen readers too
    assert data(page, "moves") == moves
    switch_language(page, "en")
