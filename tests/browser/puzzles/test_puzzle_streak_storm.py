"""Puzzles' other ways (js/flows/puzzles.js, puzzle_runs.js, puzzle_history.js), in one
booted page: a player asks for harder puzzles, plays a Puzzle Streak until their first
wrong color and a Puzzle Storm until its time is up (the page's clock is the test's:
Playwright's page.clock), tries again what the Storm missed, and finds all of it in
their history, by theme, with the failed ones to try again.

The puzzles are the shipped ones (dist/puzzles/quick.json); what a move should get is read
from the record itself, never from the page's code; no test depends on an id or a rating.
"""

import json
import re

import pytest

from driver import BOOT_TIMEOUT_MS, IN_VIEW, game_of, switch_language

pytestmark = pytest.mark.own_context  # page.clock is its context's clock

BAR = ".puzzle-bar:not([hidden])"
VERDICT = ".puzzle-verdict"
RUN = ".puzzle-run"
ORDER_SEED = 7
PHONE = {"width": 390, "height": 844}
WINDOW = 150  # js/flows/puzzle_order.js RATING_WINDOW: puzzles this far beyond the nearest are offered too


def quick_puzzles(site_dir):
    return {p["id"]: p for p in json.loads((site_dir / "puzzles" / "quick.json").read_text())["puzzles"]}


def shown_id(page):
    return page.get_attribute(".puzzle-about", "data-id")


def next_puzzle(page, after):
    """Wait for a puzzle other than `after` to be at the table, to solve; its id."""
    page.wait_for_function("""(id) => document.querySelector('.puzzle-about')?.dataset.id !== id
        && document.querySelector('.puzzle-verdict')?.dataset.phase === 'solving'
        && document.querySelector('.puzzle-verdict')?.dataset.ply === '0'""", arg=after)
    return shown_id(page)


def solve(page, record):
    """Play the record's solution (the page plays the replies); leaves before it is
    solved (a run moves on by itself)."""
    for ply in range(0, len(record["solution"]), 2):
        page.wait_for_selector(f'{VERDICT}[data-phase="solving"][data-ply="{ply}"]')
        page.keyboard.press(str(record["solution"][ply] + 1))


def a_wrong_color(record):
    return int(next(iter(record["others"][0])))


def stored(page):
    return page.evaluate("() => JSON.parse(localStorage.getItem('filler:puzzles'))")


# every line the page says to a screen reader (its live region keeps only the last few)
HEAR = """() => { window.heard = [];
  new MutationObserver((records) => { for (const record of records) for (const node of record.addedNodes)
    if (node.parentElement?.id === 'announcements') window.heard.push(node.textContent); })
    .observe(document.body, {childList: true, subtree: true}); }"""


# the parts of a line that are broken over two lines or more
BROKEN_WITHIN = """(selector) => [...document.querySelector(selector).children]
  .filter((part) => part.getClientRects().length > 1).map((part) => part.textContent)"""


def announced(page):
    return page.evaluate("() => window.heard")


def test_a_streak_and_a_storm_to_their_end_then_the_history_has_them(page, site_url, site_dir, axe_scan):
    puzzles = quick_puzzles(site_dir)
    page.add_init_script(f"if (!localStorage.getItem('filler:puzzles')) localStorage.setItem('filler:puzzles', "
                         f"'{json.dumps({'version': 1, 'rating': None, 'tries': 0, 'solved': 0, 'streak': 0, 'best': 0, 'tried': {}, 'seed': ORDER_SEED})}')")
    page.clock.install()  # the page's clock, running as time does, until the test moves it on
    page.goto(site_url)
    page.wait_for_selector('body[data-engine="ready"][data-ready="1"]', state="attached", timeout=BOOT_TIMEOUT_MS)
    page.evaluate(HEAR)
    page.click("#open-puzzles")
    page.wait_for_selector(f'{BAR} {VERDICT}[data-phase="solving"]')
    first = shown_id(page)

    # harder: kept with the progress, and the next puzzle is near 1500 + 300 (a new player's)
    page.select_option("#puzzle-difficulty", "300")
    harder = puzzles[next_puzzle(page, first)]
    assert stored(page)["difficulty"] == 300
    nearest = min(abs(record["rating"] - 1800) for record in puzzles.values() if game_of(record["id"]) != game_of(first))
    assert abs(harder["rating"] - 1800) <= nearest + WINDOW

    # Puzzle Streak: puzzles of rising difficulty until the first wrong color
    page.click('[data-action="puzzle-way-streak"]')
    page.wait_for_selector('[data-action="puzzle-way-streak"][aria-pressed="true"]')
    assert page.get_attribute(".puzzle-run-best", "data-best") == "0"
    # until it starts, the rated puzzle at the table is put away: no color of it is played here
    assert page.inner_text(VERDICT) == "Press “Start a streak” to begin."
    assert page.eval_on_selector_all(".color-button", "buttons => buttons.every((b) => b.getAttribute('aria-disabled') === 'true')")
    page.click('[data-action="puzzle-streak-start"]')
    streak = [puzzles[next_puzzle(page, harder["id"])]]
    solve(page, streak[-1])
    streak.append(puzzles[next_puzzle(page, streak[-1]["id"])])
    assert page.get_attribute(f"{BAR} {RUN}", "data-score") == "1"
    solve(page, streak[-1])
    streak.append(puzzles[next_puzzle(page, streak[-1]["id"])])
    assert [record["rating"] for record in streak] == sorted(record["rating"] for record in streak)
    assert page.inner_text(f"{BAR} {RUN}") == "Streak: 2"
    page.keyboard.press(str(a_wrong_color(streak[-1]) + 1))
    page.wait_for_selector(f'{VERDICT}[data-phase="wrong"]')
    assert "Your streak ends at 2 puzzles (best 2)." in page.inner_text(VERDICT)
    assert page.get_attribute(f"{BAR} {RUN}", "data-over") == ""
    page.wait_for_selector('.puzzle-line-steps[data-line="refutation"]')  # why, on the board
    assert page.get_attribute(".puzzle-run-best", "data-best") == "2"
    assert page.inner_text(".puzzle-run-result") == "Your streak: 2 puzzles A new best!"
    assert stored(page)["runs"] == {"streak": 2, "storm": 0}
    assert (stored(page)["tries"], stored(page)["rating"]) == (0, None)  # not rated
    assert "Your streak ends at 2 puzzles (best 2)." in announced(page)

    # Puzzle Storm: three minutes; right colors in a row earn seconds, a wrong one costs 10
    desktop = page.viewport_size
    page.set_viewport_size(PHONE)  # the panel under the board, its Start out of the board's sight
    page.click('[data-action="puzzle-way-storm"]')
    page.focus('[data-action="puzzle-storm-start"]')
    page.keyboard.press("Enter")
    record = puzzles[next_puzzle(page, streak[-1]["id"])]
    # the keyboard's focus goes from Start to Stop, and the colors' keys play from there
    assert page.evaluate("() => document.activeElement.dataset.action") == "puzzle-run-stop"
    assert 175 <= int(page.get_attribute(f"{BAR} {RUN}", "data-left")) <= 180  # the clock runs from here
    assert re.fullmatch(r"[23]:\d\d", page.inner_text(f"{BAR} .puzzle-clock"))
    # on a phone the page goes up to the board and its clock, and stays there as the clock runs
    # (Stop keeps the focus without being drawn again each second, nor scrolled back to)
    page.wait_for_function(f"(selectors) => ({IN_VIEW})(selectors).length === 0", arg=[f"{BAR} .puzzle-clock", "svg.board"])
    page.evaluate("() => { window.stop = document.activeElement; }")
    left = int(page.get_attribute(f"{BAR} {RUN}", "data-left"))
    page.clock.fast_forward(2000)
    page.wait_for_function(f"(left) => Number(document.querySelector('{BAR} {RUN}').dataset.left) < left", arg=left)
    assert page.evaluate("() => document.activeElement === window.stop")
    assert page.evaluate(IN_VIEW, [f"{BAR} .puzzle-clock", "svg.board"]) == []
    solved = []
    while int(page.get_attribute(f"{BAR} {RUN}", "data-combo")) < 5:
        solve(page, record)
        solved.append(record["id"])
        record = puzzles[next_puzzle(page, record["id"])]
    # five right colors in a row: three seconds more
    assert "5 right in a row: 3 seconds more." in announced(page)
    left = int(page.get_attribute(f"{BAR} {RUN}", "data-left"))
    missed = record["id"]
    page.keyboard.press(str(a_wrong_color(record) + 1))
    after_missed = next_puzzle(page, missed)
    assert left - 15 <= int(page.get_attribute(f"{BAR} {RUN}", "data-left")) <= left - 9  # 10 s, and the time it took
    assert page.get_attribute(f"{BAR} {RUN}", "data-combo") == "0"
    assert page.get_attribute(f"{BAR} .puzzle-flash", "data-seconds") == "-10"
    assert "Wrong: 10 seconds off." in announced(page)
    # on a phone, in Dutch too, the time, the score, the combo and the seconds lost break between, never within
    switch_language(page, "nl")
    assert page.evaluate(BROKEN_WITHIN, f"{BAR} {RUN}") == []
    switch_language(page, "en")
    page.set_viewport_size(desktop)
    # a minute later: the time is said once at its mark (two minutes left), not every second
    said = len(announced(page))
    page.clock.fast_forward(60_000)
    page.wait_for_function("(said) => window.heard.length > said", arg=said)
    [line] = announced(page)[said:]
    assert re.fullmatch(rf"1:[0-5]\d left, {len(solved)} puzzles solved\.", line), line
    page.clock.fast_forward(200_000)  # time is up
    page.wait_for_selector(f'{VERDICT}[data-phase="over"]')
    assert page.inner_text(VERDICT) == f"Time is up: {len(solved)} puzzles solved (best {len(solved)})."
    assert shown_id(page) == after_missed  # the last puzzle stays, put away: no color is played
    assert page.get_attribute(f'.color-button[data-color="{puzzles[after_missed]["solution"][0]}"]', "aria-disabled") == "true"
    assert page.get_attribute(".puzzle-run-end", "data-score") == str(len(solved))
    assert page.inner_text(".puzzle-missed") == missed
    assert stored(page)["runs"] == {"streak": 2, "storm": len(solved)}
    assert (stored(page)["tries"], stored(page)["rating"]) == (0, None)
    assert announced(page)[-1] == f"Time is up: {len(solved)} puzzles solved (best {len(solved)})."
    assert not axe_scan(page)  # the Storm's end: its bar, its panel, the puzzles it missed

    # the one it missed, tried again: not rated (its answer was shown in the Storm)
    page.click('[data-action="puzzle-storm-missed"]')
    assert next_puzzle(page, after_missed) == missed
    page.wait_for_selector('[data-action="puzzle-way-puzzles"][aria-pressed="true"]')
    solve(page, puzzles[missed])
    page.wait_for_selector(f'{VERDICT}[data-phase="solved"]')
    assert page.inner_text(".puzzle-rated") == "Tried before: this try is not rated."

    # the history: every try, how it was played, by theme; the failed ones to try again
    page.click('[data-action="puzzle-way-history"]')
    page.wait_for_selector(".puzzle-history")
    tries = page.eval_on_selector_all(".puzzle-try", "rows => rows.map(row => [row.dataset.id, row.dataset.solved, row.dataset.play])")
    assert tries == [[missed, "1", "unrated"], [missed, "0", "storm"]] + [[id, "1", "storm"] for id in reversed(solved)] + [
        [streak[2]["id"], "0", "streak"], [streak[1]["id"], "1", "streak"], [streak[0]["id"], "1", "streak"]]
    every = [missed, missed, *solved, *(record["id"] for record in streak)]
    assert page.get_attribute(".puzzle-history", "data-tries") == str(len(every))
    themes = {theme for puzzle_id in every for theme in puzzles[puzzle_id]["themes"]}
    assert set(page.eval_on_selector_all(".puzzle-themes tbody tr", "rows => rows.map(row => row.dataset.theme)")) == themes
    for theme in themes:
        tried = [puzzle_id for puzzle_id in every if theme in puzzles[puzzle_id]["themes"]]
        solved_of = [puzzle_id for puzzle_id in tried if puzzle_id in solved + [streak[0]["id"], streak[1]["id"]]]
        solved_of += [missed] * (missed in tried)  # solved when tried again
        row = page.locator(f'.puzzle-themes tr[data-theme="{theme}"] td')
        assert [row.nth(column).inner_text() for column in range(3)] == [
            str(len(tried)), str(len(solved_of)), f"{(200 * len(solved_of) + len(tried)) // (2 * len(tried))} %"]  # rounded half up
    # by board: a board with no try lists none
    page.select_option("#puzzle-history-variant", "hex")
    page.wait_for_selector('.puzzle-history[data-tries="0"]')
    assert page.inner_text(".puzzle-history-sum") == "None of your tries match these filters."
    page.select_option("#puzzle-history-variant", "quick")
    page.wait_for_selector(f'.puzzle-history[data-tries="{len(every)}"]')
    assert not axe_scan(page)
    # failed and not solved since: the Streak's last one
    assert page.inner_text('[data-action="puzzle-history-again"]') == "Try again the one you failed"
    page.click('[data-action="puzzle-history-again"]')
    assert next_puzzle(page, missed) == streak[2]["id"]
