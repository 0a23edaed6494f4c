"""Shared links: the same board and moves, replayed move by move (by the keys too, nobody
thinking or to move), opened at the replay's bar; the link copied at the table goes with
its board; cut or wrong links."""

from urllib.parse import urlsplit

import pytest
from driver import (BOOT_TIMEOUT_MS, expected_owners, play_allowed, settle, shown_owners,
                    start_game, switch_language, wait_engine, wait_my_turn, winning_moves)

import filler


def test_a_shared_link_opens_the_same_board_and_moves(page, site_url, boot):
    boot(page, f"{site_url}#variant=quick&seed=4242&players=human,beginner")
    wait_engine(page)
    page.wait_for_function("() => document.body.dataset.seed === '4242' && document.body.dataset.tableId !== '0'")
    assert urlsplit(page.url).fragment == ""  # a reload is a normal visit
    for _ in range(2):  # two of my moves, each answered by the computer
        page.wait_for_function("() => document.body.dataset.turn === '0'")
        moves = int(page.evaluate("document.body.dataset.moves"))
        color = int(page.evaluate("document.querySelector('.color-button:not([aria-disabled])').dataset.color"))
        page.keyboard.press(str(color + 1))
        page.wait_for_function("(n) => Number(document.body.dataset.moves) >= n + 2 || document.body.dataset.over === '1'",
                               arg=moves)
    page.click('.table-footer [data-action="copy-link"]')
    link = page.locator(".share-link").input_value()
    parts = dict(item.split("=") for item in urlsplit(link).fragment.split("&"))
    assert parts["variant"] == "quick" and parts["seed"] == "4242"
    count, digits = parts["moves"].split("-")
    assert int(count) == len(digits) == 4
    game = filler.Game.new("quick", seed=4242)
    for digit in digits:
        game = game.play(int(digit))

    page.goto(link)
    page.wait_for_selector(".shared-replay:not([hidden])", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_function("() => document.body.dataset.replay === '4/4'")
    assert shown_owners(page) == expected_owners(game)
    page.click('.replay-bar [data-action="replay-back"]')
    page.wait_for_function("() => document.body.dataset.replay === '3/4'")
    page.click('.replay-bar [data-action="replay-first"]')
    page.wait_for_function("() => document.body.dataset.replay === '0/4'")
    assert shown_owners(page) == expected_owners(filler.Game.new("quick", seed=4242))
    page.click('.shared-replay [data-action="play-board"]')
    page.wait_for_function("() => document.body.dataset.replay === '' && document.body.dataset.moves === '0'"
                           " && document.body.dataset.seed === '4242'")
    page.wait_for_selector(".shared-replay[hidden]", state="attached")


def test_the_link_s_parameters_may_come_as_a_query_too(page, site_url, boot):
    """The embed's form (`?variant=...`) on the site's page: the same board, not the
    default one quietly, and a reload is a normal visit."""
    boot(page, f"{site_url}?variant=quick&seed=4242&players=human,beginner")
    wait_engine(page)
    page.wait_for_function("() => document.body.dataset.seed === '4242' && document.body.dataset.tableId !== '0'")
    assert page.evaluate("document.body.dataset.variant") == "quick"
    assert shown_owners(page) == expected_owners(filler.Game.new("quick", seed=4242))
    assert urlsplit(page.url).query == "" and urlsplit(page.url).fragment == ""
    # the hash, the site's own form, wins over a query
    page.goto(f"{site_url}?variant=hex&seed=5#variant=quick&seed=77")
    page.wait_for_function("() => document.body.dataset.seed === '77' && document.body.dataset.variant === 'quick'")
    assert urlsplit(page.url).query == "" and urlsplit(page.url).fragment == ""
    page.goto(f"{site_url}?variant=nonsense")
    page.wait_for_selector(".launch-message:not([hidden])")
    assert "nonsense" in page.locator(".launch-message").text_content()


def test_a_cut_or_wrong_link_gets_a_message(page, site_url, boot):
    game = filler.Game.new("quick", seed=77)
    legal = game.legal_colors()[0]
    illegal = legal  # now the first player's color: not allowed for the second
    boot(page, f"{site_url}#variant=quick&seed=77&moves=5-{legal}")
    page.wait_for_selector(".launch-message:not([hidden])")
    assert "5" in page.locator(".launch-message").text_content()
    page.wait_for_function("() => document.body.dataset.seed === '77'")  # the board still opens
    # the next link pasted into this tab: only the hash changes, and the page opens it as
    # a new visit (a reload). Waited for by its new document: the test once read the old
    # one, whose engine was up and whose message was long enough, mid-reload.
    page.evaluate("() => { window.linkBefore = true; }")
    page.goto(f"{site_url}#variant=quick&seed=77&moves=2-{legal}{illegal}")
    page.wait_for_function("() => !window.linkBefore && document.body.dataset.engine === 'ready'",
                           timeout=BOOT_TIMEOUT_MS)
    page.wait_for_selector(".launch-message:not([hidden]) li")
    page.wait_for_function("() => document.querySelector('.launch-message').textContent.includes('not allowed')"
                           " || document.querySelector('.launch-message').textContent.length > 40")
    assert page.locator(".shared-replay").is_hidden()
    assert page.evaluate("document.body.dataset.replay") == ""


def test_the_copied_link_goes_with_its_board(booted_page):
    page = booted_page
    start_game(page, "quick")
    page.click('.table-footer button[data-action="copy-link"]')
    page.wait_for_selector(".share-status")
    assert page.locator(".share-link").count() == 1
    wait_my_turn(page)
    play_allowed(page)  # a move: the link shown is of the board before it
    page.wait_for_function("() => !document.querySelector('.share-link, .share-status')")
    page.click('.table-footer button[data-action="copy-link"]')
    page.wait_for_selector(".share-status")
    start_game(page, "quick")  # the next game: nothing of the last one's link
    assert page.locator(".share-link, .share-status").count() == 0


# each language once and each size once: the phone in Dutch, whose texts are the longer
@pytest.mark.parametrize("size, language, status", [
    ((1280, 800), "en", "A shared game: step through its moves"),
    ((390, 844), "nl", "Een gedeelde partij: stap door de zetten")])
def test_a_shared_link_opens_at_its_bar(page, site_url, boot, size, language, status):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    moves = winning_moves("quick", 5)
    boot(page, f"{site_url}#variant=quick&seed=5&moves={len(moves)}-{''.join(map(str, moves))}&lang={language}")
    page.wait_for_selector(".over-panel:not([hidden])", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_selector(".shared-replay:not([hidden])")
    page.wait_for_function("(text) => document.querySelector('.status').textContent === text", arg=status)
    settle(page)
    assert page.evaluate("window.scrollY") == 0
    bar = page.locator(".shared-replay").bounding_box()
    assert bar["y"] >= 0 and bar["y"] + bar["height"] <= size[1]


def test_a_replay_steps_with_the_keys_and_nobody_thinks(page, site_url, boot):
    moves = winning_moves("quick", 5)
    total = len(moves)
    boot(page, f"{site_url}#variant=quick&seed=5&moves={total}-{''.join(map(str, moves))}&lang=en")
    page.wait_for_function("(total) => document.body.dataset.replay === `${total}/${total}`", arg=total,
                           timeout=BOOT_TIMEOUT_MS)
    page.keyboard.press("Home")
    page.wait_for_function("() => document.body.dataset.replay.startsWith('0/')")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.body.dataset.replay.startsWith('1/')")
    # the computer is next at this step: in a replay it is not "thinking", and (issue
    # 25) nobody is "to move" either: a replay is nobody's move
    for language, to_move in [("en", "to move"), ("nl", "aan zet")]:
        if language != "en":
            switch_language(page, language)
        assert page.locator(".turn-badge").count() == 0
        assert to_move not in page.locator(".players").inner_text()
        assert not page.locator(".color-button").first.is_visible()
    page.keyboard.press("End")
    page.wait_for_function("(total) => document.body.dataset.replay === `${total}/${total}`", arg=total)
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("(total) => document.body.dataset.replay === `${total - 1}/${total}`", arg=total)
