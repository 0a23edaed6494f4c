"""Matches at the table in a real Chromium: ready buttons between the games,
resigning a game or the match, the clock running out, ratings after a rated match
and not after a single game; a first visit's board untimed, and no time running before
a first move; "rated" said only of a match that will count; the Matches tab naming you
as the table does, and a new game keeping the one at the table.

One page boots once for the module; each test starts its own match from the lobby.
Quick (8×7) against the greedy computer keeps them short.
"""

import json
import re

import pytest
from driver import (BOOT_TIMEOUT_MS, clock_texts, data, play_allowed, play_until_game_ends, resign,
                    start_game, start_match, switch_language, wait_engine, wait_my_turn,
                    wait_my_turn_or_end)


def text_lines(locator):
    """How many lines an element's text takes (the distinct bottoms of its line boxes)."""
    return locator.evaluate("""(node) => {
        const range = document.createRange();
        range.selectNodeContents(node);
        return new Set([...range.getClientRects()].map((box) => Math.round(box.bottom))).size;
    }""")


def test_a_whole_match_with_ready_buttons(booted_page):
    page = booted_page
    start_match(page, variant="quick", name="Anna")
    assert page.locator(".match-bar").is_visible()
    assert "Game 1 of 2" in page.locator(".match-bar").text_content()
    play_until_game_ends(page)
    assert data(page, "between") == "1"
    ready = page.locator('button[data-action="ready"]')
    assert ready.text_content() == "Ready for the next game"
    ready.click()
    page.wait_for_function("() => document.body.dataset.gameIndex === '1' && document.body.dataset.between === '0'")
    assert "Game 2 of 2" in page.locator(".match-bar").text_content()
    # game 2: the computer moved first from the other corner
    page.wait_for_function("() => Number(document.body.dataset.moves) >= 1")
    play_until_game_ends(page)
    page.wait_for_selector('body[data-match-over="1"]', state="attached")
    panel = page.locator(".over-panel")
    assert "Match over" in panel.text_content()
    assert page.locator(".match-kind").is_visible()
    assert page.locator(".match-result li").count() == 2
    # the Matches tab counts its moves, not its events (the ready presses between the
    # games), and its title keeps the row's width beside the buttons (at 1280 px four
    # buttons had squeezed it into a column seven lines tall)
    match_id = data(page, "matchId")
    events = json.loads(page.evaluate("(id) => localStorage.getItem('filler:match:' + id)", match_id))["events"]
    moves = sum(1 for event in events if event[0] == "move")
    assert moves < len(events)
    page.click("#new-game")
    page.click('[data-tab="matches"]')
    row = page.locator(f'.saved-match[data-id="{match_id}"]')
    assert f"· {moves} moves" in row.locator("small").inner_text()
    assert text_lines(row.locator(".saved-main")) <= 2
    # its replay counts moves too (it said "step 87 of 87" for a game of 39): at its end,
    # game 2's last move
    second = sum(1 for event in events[max(i for i, e in enumerate(events) if e[0] == "ready"):] if event[0] == "move")
    row.locator('button[data-action="replay"]').click()
    page.wait_for_function("() => /^(\\d+)\\/\\1$/.test(document.body.dataset.replay || '')")
    assert page.inner_text(".replay-bar .replay-step") == f"game\u00a02, move\u00a0{second}\u00a0of\u00a0{second}"


def test_resign_game_then_the_next_game_is_played_and_the_rating_changes(booted_page):
    page = booted_page
    start_match(page, variant="quick", name="Bert")
    wait_my_turn_or_end(page)
    resign(page, "game")
    page.wait_for_selector('body[data-between="1"]', state="attached")
    assert "Computer wins" in page.locator(".over-winner").text_content()
    page.click('button[data-action="ready"]')
    page.wait_for_function("() => document.body.dataset.gameIndex === '1' && document.body.dataset.between === '0'")
    wait_my_turn_or_end(page)
    resign(page, "game")
    page.wait_for_selector('body[data-match-over="1"][data-rated="1"]', state="attached")
    change = page.locator(".rating-changes .rating-change").text_content()
    assert change.startswith("−")  # lost twice: the rating went down
    # a first rating is provisional: said so, not "1313 ± 580"
    assert re.fullmatch(r"Bert: −\d+ · rating now \d+ \(provisional\)", page.inner_text(".rating-changes li"))
    # the lobby lists Bert with a rating in quick
    page.click("#new-game")
    page.click('[data-tab="players"]')
    row = page.locator('table[data-table="players"] tr[data-player="Bert"][data-variant="quick"]')
    assert row.count() == 1 and "1" == row.locator("td").nth(3).text_content()
    assert re.fullmatch(r"\d+ \(provisional\)", row.locator("td.rating").text_content())
    page.click('button[data-action="close-lobby"]')
    # once the deviation is small (lichess's line, 110), the rating with its range
    said = page.evaluate("""async () => {
        const {ratingText} = await import('./js/ui/rating_text.js');
        return [ratingText({r: 1773.4, rd: 260}), ratingText({r: 1773.4, rd: 110}), ratingText({r: 1773.4, rd: 60})];
    }""")
    assert said == ["1773 (provisional)", "1773 (provisional)", "1773 ± 120"]


def test_a_single_game_never_changes_a_rating(booted_page):
    page = booted_page
    start_match(page, variant="quick", name="Cora", games=1)
    assert not page.locator(".match-bar").is_visible()
    wait_my_turn_or_end(page)
    resign(page, "game")
    page.wait_for_selector('body[data-over="1"]', state="attached")
    assert data(page, "rated") == "0"
    page.click("#new-game")
    page.click('[data-tab="players"]')
    assert page.locator('tr[data-player="Cora"]').count() == 0
    page.click('button[data-action="close-lobby"]')


def test_resign_the_match(booted_page):
    page = booted_page
    start_match(page, variant="quick", name="Dirk")
    wait_my_turn_or_end(page)
    page.click('button[data-action="resign-match"]')
    assert "whole match" in page.locator("dialog.confirm").text_content()
    page.click('button[data-action="confirm-resign"]')
    page.wait_for_selector('body[data-match-over="1"]', state="attached")
    assert page.locator('.match-kind[data-kind="resign"]').is_visible()
    assert "Computer wins the match" in page.locator(".over-winner").text_content()


@pytest.mark.parametrize(("games", "headline"), [(2, "Computer wins the match!"), (1, "Computer wins!")])
def test_the_clock_shows_and_running_out_loses_the_match(booted_page, games, headline):
    """(A single game lost on time is a game lost: no match is spoken of.)"""
    page = booted_page
    start_match(page, variant="quick", name="Eva", clock=(0.02, 0), games=games)  # 1.2 s, no increment
    clocks = page.locator(".side-card .clock")
    assert clocks.count() == 2
    # no time runs before a player's first move of the game
    assert page.locator(".clock[data-running]").count() == 0
    wait_my_turn_or_end(page)
    play_allowed(page)
    page.wait_for_selector('.clock[data-seat="0"][data-running][data-low]', state="attached")
    # nobody moves: the page asks the engine, whose clock says the time is up
    page.wait_for_selector('body[data-match-over="1"]', state="attached")
    assert page.locator('.match-kind[data-kind="timeout"]').is_visible()
    assert page.locator('.clock[data-seat="0"]').text_content() == "0:00.0"
    assert page.locator(".over-winner").text_content() == headline


def test_a_finished_match_replays_move_by_move(booted_page):
    page = booted_page
    start_match(page, variant="quick", name="Fien", games=1)
    match_id = data(page, "matchId")
    play_until_game_ends(page)
    page.wait_for_selector('body[data-over="1"]', state="attached")
    final = page.evaluate("[...document.querySelectorAll('.board .cell')].map(c => c.dataset.owner || '.').join('')")
    page.click("#new-game")
    page.click('[data-tab="matches"]')
    page.click(f'.saved-match[data-id="{match_id}"] button[data-action="replay"]')
    page.wait_for_function("() => /^(\\d+)\\/\\1$/.test(document.body.dataset.replay)")
    total = int(data(page, "replay").split("/")[1])
    assert page.locator(".over-chart svg.chart").count() == 1  # the territory chart at the end
    page.click('button[data-action="replay-first"]')
    page.wait_for_function("() => document.body.dataset.replay.startsWith('0/')")
    assert data(page, "moves") == "0"
    page.click('button[data-action="replay-forward"]')
    page.wait_for_function("() => document.body.dataset.replay.startsWith('1/')")
    assert data(page, "moves") == "1"
    moves = sum(1 for event in json.loads(page.evaluate("(id) => localStorage.getItem('filler:match:' + id)", match_id))[
        "events"] if event[0] == "move")
    assert page.inner_text(".replay-bar .replay-step") == f"move\u00a01\u00a0of\u00a0{moves}"
    assert page.locator(".color-button:not([aria-disabled])").count() == 0  # nothing to play in a replay
    page.click('button[data-action="replay-last"]')
    page.wait_for_function("(total) => document.body.dataset.replay === `${total}/${total}`", arg=total)
    shown = page.evaluate("[...document.querySelectorAll('.board .cell')].map(c => c.dataset.owner || '.').join('')")
    assert shown == final


def test_without_storage_play_goes_on_with_a_notice(new_guarded_context, site_url):
    context, _ = new_guarded_context()
    context.add_init_script("""Object.defineProperty(window, 'localStorage', {configurable: true,
        get() { throw new DOMException('Access is denied for this document.', 'SecurityError'); }});""")
    page = context.new_page()
    page.goto(site_url)
    page.wait_for_selector('.notice[data-kind="memory"]', timeout=BOOT_TIMEOUT_MS)
    assert "nothing is kept" in page.locator('.notice[data-kind="memory"]').text_content()
    start_match(page, name="Gert")
    wait_my_turn_or_end(page)
    state_id = int(data(page, "stateId"))
    page.locator(".color-button:not([aria-disabled])").first.click()
    page.wait_for_function("(id) => Number(document.body.dataset.stateId) > id", arg=state_id)


def test_no_serious_accessibility_problems_in_a_match_and_the_lobby_lists(booted_page, axe_scan):
    page = booted_page
    start_match(page, variant="quick", name="Hugo", clock="default")
    wait_my_turn_or_end(page)
    assert not axe_scan(page), axe_scan(page)
    resign(page, "game")
    page.wait_for_selector('body[data-between="1"]', state="attached")
    assert not axe_scan(page), axe_scan(page)
    page.click("#new-game")
    for tab in ("matches", "players"):
        page.click(f'[data-tab="{tab}"]')
        violations = axe_scan(page)
        assert not violations, [(v["id"], v["help"], [n["html"] for n in v["nodes"]][:3]) for v in violations]
    page.click('button[data-action="close-lobby"]')


def test_a_first_visit_plays_an_untimed_board(page, boot):
    boot(page)
    wait_engine(page)
    assert page.locator(".clock").count() == 0
    page.click("#new-game")
    assert page.locator('select[name="clock"]').input_value() == "none"


def test_no_time_runs_before_a_first_move_and_a_running_clock_ticks(booted_page):
    page = booted_page
    start_game(page, "classic", clock="default")
    assert clock_texts(page) == ["5:00", "5:00"]
    assert page.locator(".clock[data-running]").count() == 0
    wait_my_turn(page)
    play_allowed(page)
    wait_my_turn(page)
    assert clock_texts(page)[1] == "5:00"  # the computer's first move was free (and no increment)
    page.wait_for_selector('.clock[data-seat="0"][data-running]', state="attached")
    # the running clock ticks on screen (no move, no new state)
    page.wait_for_function("() => document.querySelector('.clock[data-seat=\"0\"]').textContent !== '5:00'")
    assert re.fullmatch(r"4:5\d", page.locator('.clock[data-seat="0"]').text_content())


@pytest.mark.parametrize("language, rated, needs_name", [
    ("en", "rated", "not rated: add a name to be rated"),
    ("nl", "telt voor de rating", "telt niet: geef een naam op voor een rating")])
def test_rated_shows_only_when_the_match_will_count(booted_page, language, rated, needs_name):
    page = booted_page
    switch_language(page, language)
    start_game(page, "quick", games=2)
    assert page.locator(".match-bar .match-rated").text_content() == needs_name
    start_game(page, "quick", names=("Anna",), games=2)
    assert page.locator(".match-bar .match-rated").text_content() == rated
    switch_language(page, "en")


@pytest.mark.parametrize("language, you, kept, heading", [
    ("en", "You", "The game at the table is kept: resume it under Matches.", "Unfinished games and matches"),
    ("nl", "Jij", "De partij aan tafel blijft bewaard: speel hem verder onder Matches.",
     "Onafgemaakte partijen en matches")])
def test_the_matches_tab_names_you_and_a_new_game_keeps_the_old(booted_page, language, you, kept, heading):
    page = booted_page
    switch_language(page, language)
    start_game(page, "quick")
    wait_my_turn(page)
    play_allowed(page)
    match_id = data(page, "matchId")
    page.click("#new-game")
    page.click('[data-tab="new"]')
    assert page.locator('.lobby-note[data-note="kept"]').text_content() == kept
    page.click('[data-tab="matches"]')
    assert page.locator(".lobby-matches h3").first.text_content() == heading
    players = page.locator(f'.saved-match[data-id="{match_id}"] .saved-players').text_content()
    assert re.fullmatch(rf"{you} – Computer \(\w+\)", players), players
    page.keyboard.press("Escape")
    switch_language(page, "en")
