"""The analysis board in the page (js/flows/analysis.js): a shared game opened on it at
the move shown, every legal color's verdict on its button and in words, free moves for
either side with a side line that leaves the main line as it was, the keys through the
tree, the board editor's check by the engine, the link (another profile shows the same
verdicts), the analysis back after a reload, and a game against the master from the
position. What a verdict says is the engine's (filler.ai.analysis), read here from the
engine itself, never from the page's code."""

import re

import filler
from driver import BOOT_TIMEOUT_MS, start_game, switch_language
from filler.ai import analysis as engine_analysis
from filler.ai.levels import choose

PANEL = ".analysis-panel:not([hidden])"
JUDGED = f"{PANEL} .analysis-status"
VERDICTS = """() => [...document.querySelectorAll('.analysis-verdicts li')].map((item) => [
  Number(item.dataset.color), item.dataset.kind, item.querySelector('.analysis-verdict-words').textContent])"""
ON_BUTTONS = """() => Object.fromEntries([...document.querySelectorAll('.color-button')]
  .filter((button) => button.querySelector('.said').textContent)
  .map((button) => [button.dataset.color, button.querySelector('.said').textContent]))"""


def shared_game(seed=4, plies=10):
    game = filler.Game.new("quick", seed)
    while not game.over and len(game.moves) < plies:
        game = game.play(choose(game, "greedy"))
    colors = "".join(str(color) for _, color in game.moves)
    return game, f"#variant=quick&seed={seed}&moves={len(game.moves)}-{colors}&lang=en"


def judged(page):
    """Wait until every legal color of the position shown has its first verdict."""
    page.wait_for_function("() => /judged at level/.test(document.querySelector('.analysis-panel .analysis-status')"
                           "?.textContent ?? '')", timeout=BOOT_TIMEOUT_MS)
    return page.evaluate(VERDICTS)


def words(found):
    """What the page must say of an engine verdict (en)."""
    count = abs(found["margin"])
    cells = "cell" if count == 1 else "cells"
    if found["kind"] == "estimate":
        return "about " + (f"+{found['margin']}" if found["margin"] > 0 else f"−{count}" if found["margin"] else "±0")
    if found["kind"] == "draw":
        return "a draw, proven"
    verb = "wins" if found["kind"] == "win" else "loses"
    return f"{verb} by {'' if found['exact'] else 'at least '}{count} {cells}, proven"


def test_a_shared_game_analysed_with_side_lines_an_edit_a_link_a_reload_and_the_master(
        page, boot, site_url, new_guarded_context):
    game, link = shared_game()
    boot(page, site_url + link)
    page.wait_for_selector(".shared-replay:not([hidden])")
    page.click('[data-action="replay-back"]')  # the position before the last move
    page.wait_for_function("() => document.body.dataset.replay?.startsWith('9/')")
    page.click('.analysis-entry button[data-action="analyse"]')
    page.wait_for_selector(PANEL)
    shown = judged(page)
    position = filler.Game.new("quick", 4)
    for _, color in game.moves[:9]:
        position = position.play(color)
    expected = [engine_analysis.verdict(position, color) for color in position.legal_colors()]
    assert [color for color, _, _ in shown] == position.legal_colors()
    for (color, kind, said), found in zip(shown, expected):
        assert kind == found["kind"] and said.startswith(words(found)), (said, found)
    assert set(page.evaluate(ON_BUTTONS)) == {str(color) for color in position.legal_colors()}
    # the move list is the game's main line; its 10th move is the next one
    assert page.locator(".analysis-moves > li[data-path]").count() == 10
    assert page.get_attribute(".analysis-move[aria-current]", "data-focus") == "move-" + ".".join(
        str(color) for _, color in game.moves[:9])

    # think longer: the next level for every color, its progress said, each verdict the
    # engine's at that level; the level after it stopped: what was found stays
    status = "() => document.querySelector('.analysis-panel .analysis-status').textContent"
    page.click('[data-action="think-longer"]')
    page.wait_for_function(f"() => /judged at level 2/.test(({status})())", timeout=BOOT_TIMEOUT_MS)
    deeper = [engine_analysis.verdict(position, color, 1) for color in position.legal_colors()]
    for (color, kind, said), found in zip(page.evaluate(VERDICTS), deeper):
        assert kind == found["kind"] and said.startswith(words(found)), (said, found)
    page.click('[data-action="think-longer"]')
    page.wait_for_selector('[data-action="stop-thinking"]')
    assert re.fullmatch(r"Thinking longer \(level 3\): \d of \d colors…", page.evaluate(status))
    page.click('[data-action="stop-thinking"]')
    page.wait_for_selector('[data-action="think-longer"]')
    assert page.evaluate(status).startswith("Each color judged at level 2")

    # a move other than the game's at a known position: a side line; the main line stays
    other = next(color for color in position.legal_colors() if color != game.moves[9][1])
    page.click(f'.color-button[data-color="{other}"]')
    page.wait_for_function(f"() => document.body.dataset.moves === '10'")
    page.wait_for_selector(".analysis-side .analysis-move[aria-current]")
    assert page.locator(".analysis-moves > li[data-path]").count() == 10
    page.keyboard.press("ArrowUp")  # the game's own move at that position
    page.wait_for_selector(".analysis-moves > li:not(.analysis-side) .analysis-move[aria-current]")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("() => document.body.dataset.moves === '8'")
    page.keyboard.press("End")
    page.wait_for_function("() => document.body.dataset.moves === '10'")
    # a second side line, a move earlier: two side lines, the main line as it was
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("() => document.body.dataset.moves === '8'")
    earlier = filler.Game.new("quick", 4)
    for _, color in game.moves[:8]:
        earlier = earlier.play(color)
    second = next(color for color in earlier.legal_colors() if color != game.moves[8][1])
    page.click(f'.color-button[data-color="{second}"]')
    page.wait_for_function("() => document.body.dataset.moves === '9'")
    page.wait_for_function("() => document.querySelectorAll('.analysis-side').length >= 2")
    assert page.locator(".analysis-moves > li[data-path]").count() == 10

    # the board editor: a stroke the engine refuses is said, with what is wrong
    page.click('[data-action="analysis-edit"]')
    page.wait_for_selector(".analysis-paints")
    color_of_1 = page.get_attribute('.cell[data-cell="7"]', "data-color")  # the top-right corner: player 2's
    page.keyboard.press(str(int(color_of_1) + 1))  # that color as the paint
    page.wait_for_selector(f'.analysis-paint[data-color="{color_of_1}"][aria-checked="true"]')
    # the left column and the top row in it, from player 1's corner to player 2's: the territories touch
    for cell in [48, 40, 32, 24, 16, 8, 0, 1, 2, 3, 4, 5, 6]:
        page.click(f'.cell[data-cell="{cell}"]')
    page.wait_for_selector('.analysis-edit-check[data-ok="0"]')
    assert "touches another one" in page.inner_text(".analysis-edit-check")
    page.click('[data-action="analysis-edit-cancel"]')
    page.wait_for_selector(".analysis-verdicts")

    # the link, in another profile: the same position, the same verdicts
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.click('[data-action="analysis-link"]')
    href = page.get_attribute(".analysis-link-url a", "href")
    assert re.search(r"#analysis=a1\.[A-Za-z0-9_-]+$", href)
    here = judged(page)
    other_context, _ = new_guarded_context()
    other_page = other_context.new_page()
    boot(other_page, href)
    other_page.wait_for_selector(PANEL)
    assert judged(other_page) == here
    other_context.close()

    # a reload: the analysis opens again, its side line kept
    page.reload()
    page.wait_for_selector(PANEL, timeout=BOOT_TIMEOUT_MS)
    page.wait_for_selector(".analysis-side .analysis-move")
    assert judged(page) == here

    # continue against the master: a game of your own from the position, you to move
    page.click('[data-action="analysis-continue"]')
    page.wait_for_selector(".analysis-panel", state="hidden")
    page.wait_for_function("() => document.body.dataset.moves === '9'")  # the second side line's position
    assert page.locator(".side-card[data-moving] .level-badge").count() == 0  # you, not the master
    assert page.locator(".level-badge").count() == 1

    # the header's Analysis during that game (not a practice board): a new board in the editor
    page.click("#open-analysis")
    page.wait_for_selector(f"{PANEL} .analysis-paints")
    assert page.locator(".analysis-eval").count() == 1

    # a practice game in progress may be analysed (beside it: Analyse); a game between two
    # people in progress may not
    start_game(page, variant="practice")
    page.wait_for_selector('.analysis-entry:not([hidden]) [data-action="analyse"]')
    page.click('.analysis-entry [data-action="analyse"]')
    page.wait_for_selector(f"{PANEL} .analysis-verdicts")
    start_game(page, variant="quick", kinds=("human", "human"))
    assert page.locator('[data-action="analyse"]:visible').count() == 0

    # a link that is not right, opened in Dutch: the engine refuses it, the page says so in Dutch
    switch_language(page, "nl")
    page.evaluate("() => { location.hash = '#analysis=a1.bm90IGEgbGluaw'; }")  # "not a link" in base64
    page.wait_for_selector(f"{PANEL} .analysis-message", timeout=BOOT_TIMEOUT_MS)
    assert page.inner_text(".analysis-message") == ("Deze analyselink is onderweg veranderd of afgebroken. "
                                                    "Kopieer de hele link opnieuw.")
