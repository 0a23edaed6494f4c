"""An engine that stops while a match is played (its worker ended, however: the page
cannot tell terminate() from a crash or a phone ending it) is noticed, started again, and
the match reopened from storage with its moves; a move that was waiting is played on
it; one notice says so; an error of the running worker says that it stopped, not that
it could not start; an engine that stops again at once is not restarted in a loop; a
puzzle is reopened at the move it was at, and a lesson anew, its failed tries counted.
The test ends the worker from inside (as a crash would), through Playwright's handle
on it: nothing of the page is changed or exposed for it."""

import json

from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from driver import (BOOT_TIMEOUT_MS, LESSON_VERDICT, RESUMED, boot_page, data, engine_worker,
                    play_keys, play_one, saved_match, settle, start_match, wait_lesson,
                    wait_my_turn_or_end, words)

from filler.lessons import LESSONS

COLOR_BUTTON = ".color-button:not([aria-disabled])"


def notice(kind):
    return f'.notice[data-kind="{kind}"]'


def end_worker(page, script="() => { setTimeout(() => self.close()); }"):
    """Run `script` in the engine's worker and wait until the worker is gone."""
    worker = engine_worker(page)
    with worker.expect_event("close", timeout=BOOT_TIMEOUT_MS):
        worker.evaluate(script)


def a_match_with_a_move(page, site_url):
    """The page at a new match, one move made each and the person to move: (match id, events)."""
    boot_page(page, site_url)
    start_match(page, name="Anna", games=1)
    match_id = data(page, "matchId")
    play_one(page)
    wait_my_turn_or_end(page)
    assert data(page, "turn") == "0"
    return match_id, saved_match(page, match_id)["events"]


def click_a_color(page):
    """Click the first allowed color: the event it is saved as, ["move", 0, color]."""
    button = page.locator(COLOR_BUTTON).first
    color = int(button.get_attribute("data-color"))
    button.click()
    return ["move", 0, color]


# What the page holds when an awaited notice does not come: its engine, its notices and
# its table, read from the page's state (main.js), so that a rare failure says where it was.
PAGE_STATE = """async () => {
  const {state} = await import('./js/main.js');
  const table = state.table;
  return JSON.stringify({engine: state.engine, notices: state.notices.map((notice) => notice.kind),
                         blocked: state.blocked, table: table && {matchId: table.matchId, tableId: table.tableId,
                         standIn: table.resumeStandIn, queued: table.queuedColor, moves: table.snapshot.move_number}});
}"""


def reopened(page, match_id, kind="engine-reopened"):
    try:
        page.wait_for_selector(notice(kind), timeout=BOOT_TIMEOUT_MS)
    except PlaywrightTimeoutError:
        raise AssertionError(f"no {kind} notice; the page: {page.evaluate(PAGE_STATE)}") from None
    page.wait_for_function(RESUMED, arg=match_id, timeout=BOOT_TIMEOUT_MS)
    page.wait_for_selector('body[data-engine="ready"]', state="attached")
    assert page.locator(".notices .notice").count() == 1  # one line says it all
    assert page.locator(".boot-panel:not([hidden])").count() == 0


def test_a_stopped_engine_is_restarted_and_the_match_reopened_with_the_move_played(page, site_url):
    match_id, events = a_match_with_a_move(page, site_url)
    end_worker(page)
    clicked = click_a_color(page)
    reopened(page, match_id)
    page.wait_for_function("(n) => Number(document.body.dataset.moves) >= n + 1", arg=len(events))
    assert saved_match(page, match_id)["events"][:len(events) + 1] == [*events, clicked]
    # the game goes on
    wait_my_turn_or_end(page)
    moves = int(data(page, "moves"))
    play_one(page)
    assert int(data(page, "moves")) > moves
    assert len(saved_match(page, match_id)["events"]) > moves


def test_a_move_waiting_for_an_engine_that_stops_is_played_after_the_restart(page, site_url):
    match_id, events = a_match_with_a_move(page, site_url)
    # the engine takes the click in and ends before it answers
    engine_worker(page).evaluate("() => { self.onmessage = null; }")
    clicked = click_a_color(page)
    end_worker(page)
    reopened(page, match_id)
    page.wait_for_function("(n) => Number(document.body.dataset.moves) >= n + 1", arg=len(events))
    assert saved_match(page, match_id)["events"][:len(events) + 1] == [*events, clicked]


def test_an_error_in_the_running_engine_says_it_stopped_not_that_it_could_not_start(page, page_guard, site_url):
    page_guard.allow_console(r"test: the engine broke")
    match_id, events = a_match_with_a_move(page, site_url)
    engine_worker(page).evaluate("() => { setTimeout(() => { throw new Error('test: the engine broke'); }); }")
    reopened(page, match_id)
    assert "stopped" in page.locator(notice("engine-reopened")).text_content()
    assert "could not start" not in page.locator("body").inner_text()
    assert saved_match(page, match_id)["events"] == events
    wait_my_turn_or_end(page)
    play_one(page)


def test_an_engine_that_stops_again_at_once_waits_for_try_again(page, site_url):
    match_id, events = a_match_with_a_move(page, site_url)
    end_worker(page)
    reopened(page, match_id)
    end_worker(page)
    page.wait_for_selector('body[data-engine="failed"]', state="attached")
    panel = page.locator(".boot-panel")
    assert "stopped again" in panel.inner_text() and "could not start" not in panel.inner_text()
    clicked = click_a_color(page)  # waits for the engine, as before boot
    # "Try again" pressed while the page is drawn again (the pointer leaving the color
    # button redraws it; under load that drawing came between the press and the release,
    # the button pressed was replaced by a new one, and the click was lost) is one click
    retry = page.locator('.boot-panel button[data-action="retry"]').bounding_box()
    page.mouse.move(retry["x"] + retry["width"] / 2, retry["y"] + retry["height"] / 2)
    page.mouse.down()
    page.keyboard.press("Escape")  # the preview cleared: the page is drawn again
    settle(page)
    page.mouse.up()
    reopened(page, match_id)
    page.wait_for_function("(n) => Number(document.body.dataset.moves) >= n + 1", arg=len(events))
    assert saved_match(page, match_id)["events"][:len(events) + 1] == [*events, clicked]


def test_a_puzzle_is_reopened_at_the_move_it_was_at(page, site_dir, site_url):
    puzzles = json.loads((site_dir / "puzzles" / "quick.json").read_text())["puzzles"]
    record = next(p for p in puzzles if len(p["solution"]) >= 3)  # two moves to find
    page.goto(f"{site_url}#puzzle={record['id']}")
    verdict = '.puzzle-bar:not([hidden]) .puzzle-verdict'
    page.wait_for_selector(f'{verdict}[data-phase="solving"][data-ply="0"]', timeout=BOOT_TIMEOUT_MS)
    page.keyboard.press(str(record["solution"][0] + 1))
    page.wait_for_selector(f'{verdict}[data-phase="solving"][data-ply="2"]')
    board = page.evaluate("[...document.querySelectorAll('.board .cell')].map((c) => c.dataset.owner || '.').join('')")
    end_worker(page)
    # until the new engine has the puzzle, no color can be taken (a key pressed then got
    # "Something went wrong": its table was the old engine's)
    page.wait_for_selector('body:not([data-engine="ready"])', state="attached")
    assert page.locator('.color-button:not([aria-disabled])').count() == 0
    page.wait_for_selector(notice("engine-restarted"), timeout=BOOT_TIMEOUT_MS)
    page.wait_for_selector('.color-button:not([aria-disabled])', state="attached")  # reopened
    assert page.get_attribute(".puzzle-about", "data-id") == record["id"]
    assert page.evaluate("[...document.querySelectorAll('.board .cell')].map((c) => c.dataset.owner || '.').join('')") == board
    # the second move is taken by the new engine's table, at that position
    page.keyboard.press(str(record["solution"][2] + 1))
    page.wait_for_selector(f'{verdict}[data-ply="4"]')
    assert page.get_attribute(verdict, "data-phase") in ("solving", "solved")
    assert page.locator(".notices .notice").count() == 1


def test_a_lesson_is_reopened_anew_and_its_failed_try_still_counts(page, site_url):
    lesson = next(lesson for lesson in LESSONS.values() if len(lesson.solution) >= 2)  # stopped halfway
    page.goto(f"{site_url}#learn={lesson.id}")
    wait_lesson(page, lesson.id)
    play_keys(page, lesson, lesson.wrong)
    wait_lesson(page, lesson.id, "failed", len(lesson.wrong))
    page.click('[data-action="lesson-again"]')  # the engine counts the failed try
    wait_lesson(page, lesson.id)
    play_keys(page, lesson, lesson.solution[:1])
    wait_lesson(page, lesson.id, "going", 1)
    end_worker(page)
    page.wait_for_selector(notice("engine-restarted"), timeout=BOOT_TIMEOUT_MS)
    # the lesson anew at its first position, in the new engine
    wait_lesson(page, lesson.id)
    page.wait_for_selector(COLOR_BUTTON, state="attached")
    play_keys(page, lesson, lesson.solution)
    wait_lesson(page, lesson.id, "done", len(lesson.solution))
    assert words(page, LESSON_VERDICT) == "★★☆ Done! 2 stars of 3."  # the try before the stop still counts
    assert page.locator(".notices .notice").count() == 1
