"""Everyone can play: no serious axe-core violation on the lobby, the table, the rules and
the embed; a whole game by keyboard alone, from the lobby to the result, with a visible
focus; the live region announces moves (its history in the language switched to) and the
board has a text summary."""

import re

from driver import (BOOT_TIMEOUT_MS, axe_report, play_allowed, start_game, switch_language, tab_to,
                    wait_engine, wait_my_turn)

import filler


def focus_is_visible(page):
    return page.evaluate("""() => {
        const style = getComputedStyle(document.activeElement);
        return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    }""")


def test_no_serious_violations_on_lobby_table_and_rules(page, boot, site_url, axe_scan):
    boot(page)
    wait_engine(page)
    assert not axe_scan(page), axe_report(axe_scan(page))
    page.click("#new-game")
    page.wait_for_selector("dialog.lobby[open]")
    violations = axe_scan(page)
    assert not violations, axe_report(violations)
    page.keyboard.press("Escape")
    page.goto(f"{site_url}rules.html")
    page.wait_for_selector('body[data-rules-ready="1"]', state="attached")
    violations = axe_scan(page)
    assert not violations, axe_report(violations)
    page.goto(f"{site_url}embed.html?variant=quick&seed=5&bogus=1")
    page.wait_for_selector(".launch-message:not([hidden])")
    violations = axe_scan(page)
    assert not violations, axe_report(violations)


def test_a_whole_game_by_keyboard_alone(page, boot):
    boot(page)
    wait_engine(page)
    page.wait_for_function("() => document.body.dataset.tableId !== '0'")
    before = page.evaluate("document.body.dataset.tableId")
    tab_to(page, "#new-game")
    assert focus_is_visible(page)
    page.keyboard.press("Enter")
    page.wait_for_selector("dialog.lobby[open]")
    tab_to(page, 'select[name="variant"]')
    page.keyboard.type("Quick" if page.evaluate("document.documentElement.lang") == "en" else "Snel")
    page.wait_for_function("() => document.querySelector('select[name=variant]').value === 'quick'")
    tab_to(page, 'button[data-action="start"]')
    assert focus_is_visible(page)
    page.keyboard.press("Enter")
    page.wait_for_function("(before) => document.body.dataset.variant === 'quick' && document.body.dataset.tableId !== before"
                           " && document.body.dataset.tableId !== '0'", arg=before)
    # the board has a text summary
    summary_id = page.get_attribute("svg.board", "aria-describedby")
    assert summary_id and page.locator(f"#{summary_id}").text_content().strip()
    # keyboard focus on a color button previews it; number keys play
    tab_to(page, ".color-button")
    assert focus_is_visible(page)
    while page.evaluate("document.body.dataset.over") != "1":
        page.wait_for_function("() => document.body.dataset.turn === '0' || document.body.dataset.over === '1'",
                               timeout=BOOT_TIMEOUT_MS)
        if page.evaluate("document.body.dataset.over") == "1":
            break
        state_id = page.evaluate("Number(document.body.dataset.stateId)")
        color = page.evaluate("""() => {
            const buttons = [...document.querySelectorAll('.color-button:not([aria-disabled])')];
            return Number(buttons[0].dataset.color);
        }""")
        page.keyboard.press(str(color + 1))
        page.wait_for_function("(id) => Number(document.body.dataset.stateId) > id", arg=state_id)
        announced = " ".join(page.locator("#announcements p").all_text_contents())
        assert "color" in announced or "kleur" in announced
    page.wait_for_selector(".over-panel:not([hidden])")
    tab_to(page, ".over-panel button")
    assert focus_is_visible(page)


def test_touch_first_tap_previews_second_tap_plays(new_guarded_context, site_url):
    context, _ = new_guarded_context(has_touch=True, is_mobile=True, viewport={"width": 390, "height": 800})
    page = context.new_page()
    page.goto(f"{site_url}#variant=quick&seed=31&players=human,greedy")
    wait_engine(page)
    page.wait_for_function("() => document.body.dataset.seed === '31' && document.body.dataset.turn === '0'")
    game = filler.Game.new("quick", seed=31)
    color = max(game.legal_colors(), key=lambda c: len(game.preview(c).get(0, ())))
    button = page.locator(f'.color-button[data-color="{color}"]')
    box = button.bounding_box()
    assert box["width"] >= 40 and box["height"] >= 40  # big enough to tap
    button.tap()
    page.wait_for_selector(".color-button[data-previewing]", state="attached")
    assert page.locator(".board .cell[data-preview]").count() > 0
    assert page.evaluate("document.body.dataset.moves") == "0"
    button.tap()
    page.wait_for_function("() => Number(document.body.dataset.moves) >= 1")


def test_the_move_history_follows_a_language_switch(booted_page):
    page = booted_page
    switch_language(page, "en")
    start_game(page, "quick")
    wait_my_turn(page)
    play_allowed(page)
    wait_my_turn(page)  # the computer answered: two lines
    page.wait_for_function("() => document.querySelectorAll('#announcements p').length >= 2")
    lines = page.locator("#announcements p").all_text_contents()
    assert any(line.startswith("You pick color") for line in lines), lines
    switch_language(page, "nl")
    lines = page.locator("#announcements p").all_text_contents()
    assert any(line.startswith("Jij kiest kleur") for line in lines), lines
    assert not [line for line in lines if re.search(r"\b(pick|picks|gained|Score)\b", line)], lines
    switch_language(page, "en")
