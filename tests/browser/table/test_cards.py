"""The table's last edges (issue 25): a shared game names neither seat "You" and is
nobody's move, the cards say the result once a game is over, the territory chart labels
the equator with its own value, the result panel is no live region (the result sentence
is announced), and numbers stay with their words."""

import filler
from conftest import BOOT_TIMEOUT_MS
from test_i18n import switch_language
from test_match_table import play_until_game_ends, start_match

# quick, seed 31: a game that ends 28-28
DRAWN_SEED = 31
DRAWN_MOVES = "0514203123102315410215312452132501341235015215314250"
NBSP = "\u00a0"


# each element's text as it is shown, line by line (the lines a wrap makes too)
SHOWN_LINES = """nodes => nodes.map((node) => {
    const lines = new Map();
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        for (let index = 0; index < text.length; index++) {
            const range = document.createRange();
            range.setStart(text, index);
            range.setEnd(text, index + 1);
            const box = range.getBoundingClientRect();
            if (!box.width && !box.height) continue;  // not shown
            const top = Math.round(box.top);
            lines.set(top, (lines.get(top) ?? '') + text.data[index]);
        }
    }
    return [...lines.keys()].sort((a, b) => a - b).map((top) => lines.get(top).trim());
})"""


def open_shared(page, site_url, fragment, total):
    page.goto(f"{site_url}#{fragment}")
    page.wait_for_selector(".shared-replay:not([hidden])", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_function("(total) => document.body.dataset.replay === `${total}/${total}`", arg=total)


def seat_names(page):
    return page.eval_on_selector_all(".side-card .seat-name", "nodes => nodes.map((n) => n.textContent)")


def test_a_shared_game_names_neither_seat_you_and_is_nobody_s_move(page, site_url):
    # a fresh device opening a shared link read "You to move ... / Computer"
    game = filler.Game.new("quick", seed=77)
    first = game.legal_colors()[0]
    second = game.play(first).legal_colors()[0]
    open_shared(page, site_url, f"variant=quick&seed=77&moves=2-{first}{second}&lang=en", 2)
    assert seat_names(page) == ["Player 1", "Player 2"]
    assert page.locator(".turn-badge").count() == 0 and page.locator(".side-card[data-moving]").count() == 0
    # on a phone a card's two details take a line each, no "·" left dangling at a line's
    # start or end ("· even" wrapped to a line of its own); a wide screen keeps one line
    for width, lines in ((390, 2), (1280, 1)):
        page.set_viewport_size({"width": width, "height": 844})
        page.wait_for_function("(w) => window.innerWidth === w", arg=width)
        for card in page.eval_on_selector_all(".side-card .detail", SHOWN_LINES):
            assert len(card) == lines and not any(line.startswith("·") or line.endswith("·") for line in card), card
    page.set_viewport_size({"width": 1280, "height": 720})
    page.click('.replay-bar [data-action="replay-back"]')
    page.wait_for_function("() => document.body.dataset.replay === '1/2'")
    assert page.locator(".turn-badge").count() == 0
    # the link says who played: the person is still not "You"
    open_shared(page, site_url, f"variant=quick&seed=77&moves=2-{first}{second}&players=human,greedy&lang=en", 2)
    assert seat_names(page) == ["Player 1", "Computer"]


def test_after_a_draw_the_cards_say_draw_not_the_race(page, site_url):
    # quick against the master ended 28-28; both cards still said "1 to the equator · even"
    open_shared(page, site_url, f"variant=quick&seed={DRAWN_SEED}&moves={len(DRAWN_MOVES)}-{DRAWN_MOVES}&lang=en",
                len(DRAWN_MOVES))
    details = page.eval_on_selector_all(".side-card .detail", "nodes => nodes.map((n) => n.textContent)")
    assert details == ["Draw", "Draw"]
    switch_language(page, "nl")
    page.wait_for_function("() => document.querySelector('.side-card .detail').textContent === 'Remise'")


def equator_labels(page):
    """The territory chart's texts beside its equator line, and the line's value."""
    return page.evaluate("""() => {
        const chart = document.querySelector('.over-chart svg');
        const line = Number(chart.querySelector('.chart-needed').getAttribute('y1'));
        return [...chart.querySelectorAll('text')]
            .filter((text) => Math.abs(Number(text.getAttribute('y')) - 4 - line) < 10)
            .filter((text) => text.getAttribute('text-anchor') === 'end')
            .map((text) => text.textContent);
    }""")


def test_a_game_over_shows_the_result_on_the_cards_the_equator_s_value_and_announces_only_the_result(booted_page):
    page = booted_page
    switch_language(page, "en")
    start_match(page, variant="quick", name="Noor", games=1)
    play_until_game_ends(page)
    page.wait_for_selector(".over-panel:not([hidden])")
    # the cards: the result, not the race
    details = page.eval_on_selector_all(".side-card .detail", "nodes => nodes.map((n) => n.textContent)")
    assert sorted(detail.split(" · ")[0] for detail in details) in (["Lost", "Won"], ["Draw", "Draw"])
    assert not any("equator" in detail for detail in details)
    assert all(NBSP in detail for detail in details if " · " in detail)  # "4 behind" never wraps
    # the equator line is labelled with its value (classic showed 115 beside an equator of 113)
    needed = page.text_content(".needed-value")
    assert equator_labels(page) == [needed]
    # the panel is no live region: the result sentence is announced, not every label
    assert page.evaluate("""() => [...document.querySelectorAll('.over-panel, .over-panel *')]
        .filter((node) => node.getAttribute('aria-live') || ['status', 'log', 'alert'].includes(node.getAttribute('role')))
        .length""") == 0
    said = page.text_content("#announcements p:last-child")
    assert ("win" in said or "draw" in said.lower()) and "Play again" not in said and "Review" not in said


def test_four_players_read_what_each_can_still_reach(page, site_url):
    # "at most 209" said nothing a player understands
    page.goto(f"{site_url}#variant=four&lang=en")
    page.wait_for_selector('body[data-engine="ready"]', state="attached", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_selector(".side-card .to-equator")
    details = page.eval_on_selector_all(".side-card .to-equator", "nodes => nodes.map((n) => n.textContent)")
    assert details and all(detail.startswith(f"can still reach{NBSP}") for detail in details)
