"""The game review as a player finds it (issue 14): the master's line stepped on the
board, cards that agree with the board, the current move said once, move numbers
beside their moves, the chart by keyboard, no axe violation in either theme, the panel
beside the board on a desktop and below it on a phone, and a shared game's review kept."""

import pytest

from driver import (BOOT_TIMEOUT_MS, REVIEW_DONE, axe_report, data, expected_owners, owners,
                    play_until_game_ends, shown_owners, start_match, switch_language, tab_to,
                    wait_engine)

import filler


@pytest.fixture(scope="module")
def reviewed(booted_page):
    """The booted page with a finished quick game (Rita against greedy) reviewed."""
    page = booted_page
    switch_language(page, "en")
    start_match(page, variant="quick", name="Rita", games=1)
    play_until_game_ends(page)
    page.wait_for_selector('body[data-over="1"]', state="attached")
    page.click('.over-panel button[data-action="review"]')
    page.wait_for_selector(REVIEW_DONE, state="attached", timeout=BOOT_TIMEOUT_MS)
    return page


def go_to(page, ply):
    """The review at the position before ply `ply` (by keyboard, from the start)."""
    page.evaluate("() => document.activeElement?.blur()")  # the keys go to the page, not a button
    page.keyboard.press("Home")
    page.wait_for_function("() => document.body.dataset.moves === '0'")  # not a stale position
    for _ in range(ply):
        page.keyboard.press("ArrowRight")
    page.wait_for_function("(n) => document.body.dataset.moves === String(n)", arg=ply)
    page.wait_for_selector(f'.review-current[data-ply="{ply}"]', state="attached")


def scores(page):
    return page.eval_on_selector_all(".side-card .score", "nodes => nodes.map(n => n.textContent)")


def best_ply(page):
    """A ply whose played color was the master's (so the line's first position is the game's next)."""
    plies = page.eval_on_selector_all('.review-moves li[data-mark="best"]', """nodes => nodes
        .filter(n => n.dataset.played === n.dataset.best).map(n => Number(n.dataset.ply))""")
    total = page.locator(".review-moves li").count()
    return next(ply for ply in plies if ply + 4 < total)


def test_the_masters_line_is_stepped_on_the_board_and_back(reviewed):
    page = reviewed
    ply = best_ply(page)
    go_to(page, ply + 1)
    after_best = owners(page), scores(page)
    go_to(page, ply)
    before = owners(page), scores(page)
    step = int(data(page, "replay").split("/")[0])
    record = page.evaluate("""() => Object.keys(localStorage).filter((key) => key.startsWith('filler:match:'))
        .map((key) => JSON.parse(localStorage.getItem(key))).find((match) => match.reviews)""")  # the reviewed one
    line = [int(color) for color in page.get_attribute(".review-current", "data-line").split()]
    assert len(line) >= 3
    position = filler.Match.from_record({**record, "events": record["events"][:step]}).game
    page.click('.review-current button[data-action="show-line"]')
    page.wait_for_selector('.review-line-steps:not([hidden])')
    for number in range(1, 4):
        page.click('.replay-bar button[data-action="replay-forward"]')
        page.wait_for_selector(f'.board[data-line-step="{number}"]', state="attached")
        position = position.play(line[number - 1])
        assert shown_owners(page) == expected_owners(position)  # the engine's position after the line's moves
        assert f"move {number} of" in page.inner_text(".review-line-steps")
        assert f"the master’s line, move {number} of" in page.inner_text(".table-footer .status")  # under the board
        if number == 1:  # the line starts with the master's move, here the one played: the game's next position
            assert (owners(page), scores(page)) == after_best
    page.click('.replay-bar button[data-action="replay-back"]')
    page.wait_for_selector('.board[data-line-step="2"]', state="attached")
    page.click('button[data-action="line-exit"]')
    page.wait_for_function("() => !document.querySelector('.board').hasAttribute('data-line-step')")
    assert (owners(page), scores(page)) == before
    assert data(page, "moves") == str(ply)
    assert "line" not in page.inner_text(".table-footer .status")


def test_each_card_shows_the_color_its_territory_has_on_the_board(reviewed):
    page = reviewed
    for ply in (0, 1, 2, 3):
        go_to(page, ply)
        assert page.get_attribute(".board", "data-preview-color") is not None  # the master's move, previewed
        pairs = page.evaluate("""() => [...document.querySelectorAll('.side-card')].map((card) => {
            const seat = card.querySelector('.seat').dataset.seat;
            const cell = document.querySelector(`.board .cell[data-owner="${seat}"]`);
            return [card.querySelector('.swatch').dataset.color, cell.dataset.color];
        })""")
        assert all(card == board for card, board in pairs), (ply, pairs)


def test_the_territory_chart_says_whose_line_is_whose_and_keeps_its_colors(reviewed):
    """Its lines are the whole game's, in each side's color at the end (as after the
    game), named in a legend: not in the colors of the position shown, which a card
    shows previewed and the chart did not."""
    page = reviewed
    chart = ".review-chart:has(polyline[data-side])"
    seen = set()
    for ply in (0, 1, 2, 3):
        go_to(page, ply)
        lines = page.eval_on_selector_all(f"{chart} polyline[data-side]", "ns => ns.map(n => n.dataset.color)")
        legend = page.eval_on_selector_all(f"{chart} figcaption .legend", """ns => ns.map(n =>
            [n.textContent.trim(), n.querySelector('.swatch').dataset.color])""")
        assert [name for name, _ in legend] == ["Rita", "Computer"], legend
        assert [color for _, color in legend] == lines, (legend, lines)
        seen.add(tuple(lines))
    assert len(seen) == 1, seen


def test_the_current_move_is_said_once(reviewed):
    page = reviewed
    ply = best_ply(page)
    go_to(page, ply)
    said = page.inner_text(".review-current .review-said")
    played = int(page.get_attribute(f'.review-moves li[data-ply="{ply}"]', "data-played"))
    assert said.count(f"Color {played + 1}") == 1, said
    assert said.count("best") + said.count("master’s move") == 1, said
    # the line goes on from the move just named: it does not name it again first
    line = page.eval_on_selector_all(".review-current .review-line .review-color", "nodes => nodes.map(n => n.textContent)")
    assert line and line[0] != f"Color {played + 1}"


def test_a_wrapped_move_keeps_its_number_on_its_first_line(reviewed):
    page = reviewed
    page.set_viewport_size({"width": 390, "height": 844})
    try:
        rows = page.evaluate("""() => [...document.querySelectorAll('.review-moves .review-move')].map((button) => {
            const number = button.querySelector('.review-number');
            const who = button.querySelector('.review-who');
            return [number ? number.textContent : null, number ? number.getBoundingClientRect().top : null,
                    who.getBoundingClientRect().top, button.getBoundingClientRect().height,
                    who.getBoundingClientRect().height];
        })""")
        assert rows and all(number == f"{index + 1}." for index, (number, *_) in enumerate(rows)), rows
        assert all(abs(number_top - who_top) < 4 for _, number_top, who_top, _, _ in rows), rows
        assert any(height > 1.7 * line for *_, height, line in rows), "no entry wraps at 390 px"
    finally:
        page.set_viewport_size({"width": 1280, "height": 720})


def test_the_chart_is_a_keyboard_slider_and_moves_and_the_line_keep_the_focus(reviewed):
    page = reviewed
    go_to(page, 2)
    chart = page.locator(".advantage-chart")
    assert chart.get_attribute("role") == "slider"
    assert chart.get_attribute("aria-valuenow") == "2"
    assert "move 2" in chart.get_attribute("aria-valuetext").lower()
    tab_to(page, ".advantage-chart")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.body.dataset.moves === '3'")
    page.wait_for_selector('.advantage-chart[aria-valuenow="3"]', state="attached")
    assert page.evaluate("document.activeElement.matches('.advantage-chart')")
    # the move list is a keyboard path too: Enter opens the move and the focus stays on it
    page.focus('.review-moves li[data-ply="5"] .review-move')
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.body.dataset.moves === '5'")
    page.wait_for_selector('.review-moves li[data-ply="5"] .review-move[aria-current]', state="attached")
    assert page.evaluate("document.activeElement.closest('li')?.dataset.ply") == "5"
    # and the line: Enter shows it, the focus goes to the ▶ that steps it (the replay
    # bar's, over the board) and stays there as it steps, then back to "Show the line"
    page.wait_for_selector('.review-current[data-ply="5"]', state="attached")
    page.focus('button[data-action="show-line"]')
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.activeElement?.dataset.action === 'replay-forward'")
    for step in (1, 2):
        page.keyboard.press("Enter")
        page.wait_for_selector(f'.board[data-line-step="{step}"]', state="attached")
        assert page.evaluate("document.activeElement.dataset.action") == "replay-forward"
    page.focus('button[data-action="line-exit"]')
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.activeElement?.dataset.action === 'show-line'")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_axe_violation_in_the_review(reviewed, axe_scan, scheme):
    page = reviewed
    page.emulate_media(color_scheme=scheme)
    try:
        go_to(page, 4)
        violations = axe_scan(page)
        assert not violations, axe_report(violations)
        page.click('.review-current button[data-action="show-line"]')
        page.wait_for_selector('.review-line-steps:not([hidden])')
        violations = axe_scan(page)
        assert not violations, axe_report(violations)
        page.click('button[data-action="line-exit"]')
    finally:
        page.emulate_media(color_scheme="light")


def test_the_panel_is_beside_the_board_on_a_desktop_and_below_it_on_a_phone(reviewed):
    page = reviewed
    try:
        for width, height, beside in ((1280, 900, True), (390, 844, False)):
            page.set_viewport_size({"width": width, "height": height})
            page.evaluate("window.scrollTo(0, 0)")
            page.wait_for_function("(w) => window.innerWidth === w", arg=width)
            box = page.evaluate("""() => {
                const r = (s) => document.querySelector(s).getBoundingClientRect();
                return {board: r('.board').toJSON(), panel: r('.review-panel').toJSON()};
            }""")
            board, panel = box["board"], box["panel"]
            if beside:
                assert panel["left"] >= board["right"] - 1, box
                assert panel["top"] < board["bottom"], box
                assert board["top"] >= 0 and board["bottom"] <= height, box  # the whole board in view
            else:
                assert panel["top"] >= board["bottom"] - 1, box
                assert board["right"] <= width + 1, box
    finally:
        page.set_viewport_size({"width": 1280, "height": 720})


def finished_link(variant="quick", seed=77, players="human,beginner"):
    """A shared link of a whole game (each side plays its first legal color)."""
    game = filler.Game.new(variant, seed=seed)
    colors = []
    while not game.over:
        color = game.legal_colors()[0]
        colors.append(color)
        game = game.play(color)
    return f"#variant={variant}&seed={seed}&players={players}&moves={len(colors)}-{''.join(map(str, colors))}"


def test_a_shared_games_review_is_kept(page, site_url, boot):
    # the master sits in it: a move of its own that the review marks says why they differ
    link = site_url + finished_link(players="human,master")
    for visit in range(2):
        boot(page, link)
        wait_engine(page)
        page.wait_for_selector(".shared-replay:not([hidden])", timeout=BOOT_TIMEOUT_MS)
        page.click('.over-panel button[data-action="review"]')
        status = page.wait_for_selector(".review-panel:not([hidden]) .review-status", state="attached")
        if visit == 0:
            page.wait_for_selector(REVIEW_DONE, state="attached", timeout=BOOT_TIMEOUT_MS)
            first = page.eval_on_selector_all(".review-moves .review-mark", "nodes => nodes.map(n => n.textContent)")
        else:
            assert status.get_attribute("data-status") == "done"  # kept: nothing computed again
            assert page.eval_on_selector_all(".review-moves .review-mark",
                                             "nodes => nodes.map(n => n.textContent)") == first
            marked = page.eval_on_selector_all(".review-moves li:not([data-mark='best']):not([data-mark='only'])",
                                               "nodes => nodes.map(n => Number(n.dataset.ply))")
            assert {ply % 2 for ply in marked} == {0, 1}, marked  # moves of both players marked
            for ply in marked[:2]:
                page.click(f'.review-moves li[data-ply="{ply}"] .review-move')
                page.wait_for_selector(f'.review-current[data-ply="{ply}"]', state="attached")
                note = page.locator(".review-current .review-own-move")
                if ply % 2 == 0:  # the person's move: the review's word alone
                    assert note.count() == 0
                else:
                    assert "The master played this itself" in note.inner_text()
        page.goto("about:blank")


def test_the_replay_bar_above_the_board_steps_the_masters_line(reviewed):
    # On a phone the line's own buttons are in the panel below the board, out of sight
    # of it: while the line is shown, the replay bar right above the board steps it.
    page = reviewed
    ply = 2
    go_to(page, ply)
    page.click('.review-current button[data-action="show-line"]')
    page.wait_for_selector('.review-line-steps:not([hidden])')
    count = len(page.get_attribute(".review-current", "data-line").split())
    assert page.inner_text(".replay-bar .replay-step") == f"line: {count} moves"
    # one set of ◀ ▶ for the one line: the replay bar's (the panel says where the line is)
    for arrow in ("◀", "▶"):
        assert page.locator(f'button:text-is("{arrow}"):visible').count() == 1
    page.click('.replay-bar button[data-action="replay-forward"]')
    page.wait_for_selector('.board[data-line-step="1"]', state="attached")
    assert page.inner_text(".replay-bar .replay-step") == f"line: move 1 of {count}"
    assert "move 1 of" in page.inner_text(".review-line-steps")  # the panel follows
    page.click('.replay-bar button[data-action="replay-forward"]')
    page.wait_for_selector('.board[data-line-step="2"]', state="attached")
    for _ in range(2):
        page.click('.replay-bar button[data-action="replay-back"]')
    page.wait_for_function("() => !document.querySelector('.board').hasAttribute('data-line-step')")
    assert data(page, "moves") == str(ply) and page.locator(".review-line-steps").count() == 1
    page.click('.replay-bar button[data-action="replay-back"]')  # from the line's start into the game
    page.wait_for_function("(n) => document.body.dataset.moves === String(n)", arg=ply - 1)
    assert page.locator(".review-line-steps").count() == 0
    assert page.inner_text(".replay-bar .replay-step").startswith("move\u00a0")
