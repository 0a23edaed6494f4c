"""Shared links: the same board and moves, replayed move by move; cut or wrong links."""

from urllib.parse import urlsplit

from conftest import BOOT_TIMEOUT_MS

import filler

ENGINE_READY = 'body[data-engine="ready"]'


def owners(page):
    return page.evaluate("[...document.querySelectorAll('.board .cell')].map(c => c.dataset.owner || '.').join('')")


def expected_owners(game):
    rows = "".join(game.owner_rows())
    return "".join("dead" if c == "x" else c for c in rows if c != "#").replace("dead", "x")


def shown_owners(page):
    return "".join("x" if owner == "dead" else owner for owner in page.evaluate(
        "[...document.querySelectorAll('.board .cell')].map(c => c.dataset.owner || '.')"))


def test_a_shared_link_opens_the_same_board_and_moves(page, site_url, boot):
    boot(page, f"{site_url}#variant=quick&seed=4242&players=human,beginner")
    page.wait_for_selector(ENGINE_READY, state="attached", timeout=BOOT_TIMEOUT_MS)
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
    page.wait_for_selector(ENGINE_READY, state="attached", timeout=BOOT_TIMEOUT_MS)
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
    page.goto(f"{site_url}#variant=quick&seed=77&moves=2-{legal}{illegal}")
    page.wait_for_selector(ENGINE_READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_selector(".launch-message:not([hidden]) li")
    page.wait_for_function("() => document.querySelector('.launch-message').textContent.includes('not allowed')"
                           " || document.querySelector('.launch-message').textContent.length > 40")
    assert page.locator(".shared-replay").is_hidden()
    assert page.evaluate("document.body.dataset.replay") == ""
