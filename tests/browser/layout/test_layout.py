"""Layout: every variant at a phone, a tablet and a laptop size, as a player sees it.

For each size and variant (a person against computers, the variant's own clock): no
horizontal overflow, no name cut off, the cards, the board, the color buttons and the
status line inside the window without scrolling, and no "null", "undefined" or "NaN"
in any text or label. A screenshot of each is written to screenshots/layout/ (kept out
of git) to be looked at: `python3 build.py test tests/browser/layout/test_layout.py`.

And the rest of what fits a window: the phone's header and lobby, the result and the
review beside the board or below it, the table at 1280 × 900 with a notice above it, no
control cut off in either language, and your start ringed on a big board.
"""

import pytest
from driver import (BOOT_TIMEOUT_MS, CUT_NAMES, IN_VIEW, ROOT, boot_page, guard_context,
                    play_until_game_ends, resign, settle, start_game, start_match, switch_language,
                    wait_engine, wait_my_turn, wait_my_turn_or_end)

import filler
import filler.ai

SIZES = [(390, 844), (768, 1024), (1280, 800)]
VARIANTS = list(filler.VARIANTS)
SHOTS = ROOT / "screenshots" / "layout"

BAD_WORDS = r"\b(null|undefined|NaN)\b"
BAD_TEXTS = """(pattern) => {
  const bad = new RegExp(pattern);
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const text = walker.currentNode.textContent;
    if (bad.test(text) && !walker.currentNode.parentElement.closest('script, style')) found.push(text.trim());
  }
  for (const node of document.body.querySelectorAll('*')) {
    for (const attribute of node.attributes) {
      const label = /^(aria-|title$|alt$|placeholder$|value$|data-tooltip$)/.test(attribute.name);
      if (label && bad.test(attribute.value)) found.push(`${node.tagName.toLowerCase()}[${attribute.name}="${attribute.value}"]`);
    }
  }
  return found;
}"""


@pytest.fixture(scope="module", params=SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def sized_page(request, browser, session_site_url):
    width, height = request.param
    context = browser.new_context(viewport={"width": width, "height": height}, service_workers="block")
    guard = guard_context(context, f"layout {width}x{height}")
    page = context.new_page()
    boot_page(page, session_site_url)
    wait_engine(page)
    page.size = request.param
    yield page
    context.close()
    guard.check()


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_variant_fits_the_window(sized_page, variant):
    page = sized_page
    width, height = page.size
    seats = filler.VARIANTS[variant].seats
    clock = "default" if filler.VARIANTS[variant].clock else "none"
    start_game(page, variant, kinds=("human",) + ("computer",) * (seats - 1), clock=clock)
    page.wait_for_function("() => document.body.dataset.turn === '0'")
    page.mouse.move(0, 0)
    settle(page)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{width}x{height}-{variant}.png"))
    assert page.evaluate("document.documentElement.scrollWidth") <= width, "horizontal overflow"
    assert page.evaluate("scrollY") == 0
    assert page.evaluate(IN_VIEW, [".players", "svg.board", ".color-controls", ".status"]) == []
    assert page.evaluate(CUT_NAMES) == []
    assert page.evaluate(BAD_TEXTS, BAD_WORDS) == []


def phone_page(browser, site_url, language, width, what):
    """(context, guard, page): the site booted in ``language`` on a phone ``width`` wide."""
    context = browser.new_context(viewport={"width": width, "height": 800}, locale=language,
                                  service_workers="block")
    guard = guard_context(context, f"{what} {language} {width}")
    page = context.new_page()
    boot_page(page, site_url)
    page.wait_for_function("(lang) => document.documentElement.lang === lang", arg=language)
    return context, guard, page


# per lobby tab: (label, inside the tab list's box)
LOBBY_TABS = """() => {
  const box = document.querySelector('.lobby-tabs').getBoundingClientRect();
  return [...document.querySelectorAll('.lobby-tabs [role="tab"]')].map((tab) => {
    const own = tab.getBoundingClientRect();
    return [tab.textContent, own.left >= box.left - 0.5 && own.right <= box.right + 0.5, Math.round(own.top)];
  });
}"""
# per element that matches the selector: (its text, the lines its text takes, a line
# per top; text nodes only, so the brand's mark is no line)
TEXT_LINES = """(selector) => [...document.querySelectorAll(selector)].map((node) => {
  const tops = new Set();
  const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const range = document.createRange();
    range.selectNodeContents(walker.currentNode);
    for (const rect of range.getClientRects()) if (rect.width > 0) tops.add(Math.round(rect.top));
  }
  return [node.innerText.trim(), tops.size];
})"""
# per control of the lobby's seat rows: (name, width in px)
SEAT_CONTROLS = """() => [...document.querySelectorAll('.seat-row select, .seat-row input')]
  .map((node) => [node.name, Math.round(node.getBoundingClientRect().width)])"""


# The seat selects whose chosen option is cut: each is compared with a copy holding
# only that option at its own width (the option, the arrow, the padding).
SELECTS_CUT = """() => [...document.querySelectorAll('.seat-row select')].flatMap((select) => {
  const copy = select.cloneNode(false);
  copy.append(new Option(select.selectedOptions[0].text));
  copy.style.cssText = 'position: absolute; visibility: hidden; width: auto; max-width: none';
  select.parentNode.append(copy);
  const needed = copy.getBoundingClientRect().width;
  copy.remove();
  const shown = select.getBoundingClientRect().width;
  return needed > shown + 0.5 ? [[select.name, select.selectedOptions[0].text, Math.round(shown), Math.round(needed)]] : [];
})"""


@pytest.mark.parametrize("language", ["en", "nl"])
def test_the_header_and_the_lobby_keep_every_label_whole_on_a_phone(browser, site_url, language):
    # one page a language, turned from a 390 px phone to a 320 px one (a resize is
    # what the layout must follow anyway; a boot for each width and each check took
    # 15.7 s of test time, these two 4.7 s)
    context, guard, page = phone_page(browser, site_url, language, 390, "header and lobby")
    # the computer's card says its level on a phone too
    wait_engine(page)
    page.wait_for_selector(".side-card .level-badge", state="visible")
    for width in (390, 320):
        resize(page, width, 800)
        header_fits(page, width)
        lobby_fits(page, width, language)
        page.keyboard.press("Escape")
        page.wait_for_selector("dialog.lobby", state="hidden")
    context.close()
    guard.check()


def header_fits(page, width):
    # "Nieuwe partij" took two lines on a 390 px phone
    lines = page.evaluate(TEXT_LINES, ".top-bar .brand, .top-actions > *")
    actions = page.locator(".top-actions > *").count()  # New game, Puzzles, Learn, Board of the day, Rules, Options
    assert len(lines) == 1 + actions and all(count == 1 for _, count in lines), (width, lines)
    assert page.evaluate("document.documentElement.scrollWidth") <= width, "horizontal overflow"


def lobby_fits(page, width, language):
    # on a 320 px phone in Dutch the Players tab was past the dialog's edge, "Nieuwe
    # partij" took two lines, and the name field was squeezed to a sliver beside the
    # kind select (as wide as its longest option, then "Een vriend (via een link)")
    page.click("#new-game")
    page.click('[data-tab="new"]')
    page.select_option('select[name="seat1-kind"]', "computer")  # as the lobby opens, and after the friend below
    tabs = page.evaluate(LOBBY_TABS)
    assert len(tabs) == 4 and all(inside for _, inside, _ in tabs), tabs
    # one row, the underline under its own tab (they wrapped to a 2 × 2 grid at 390 px)
    assert len({top for _, _, top in tabs}) == 1, tabs
    lines = page.evaluate(TEXT_LINES, '.lobby-tabs [role="tab"]')
    assert all(count == 1 for _, count in lines), lines
    controls = page.evaluate(SEAT_CONTROLS)
    assert {name for name, _ in controls} >= {"seat0-kind", "seat0-name", "seat1-kind", "seat1-level"}
    assert all(size >= 96 for _, size in controls), controls
    assert page.evaluate("document.documentElement.scrollWidth") <= width, "horizontal overflow"
    # each seat's choice is shown whole: "Een vriend (via een l…" and "Gulzig (146…" were cut
    page.select_option('select[name="seat1-kind"]', "computer")
    for level in page.eval_on_selector_all('select[name="seat1-level"] option', "nodes => nodes.map(n => n.value)"):
        page.select_option('select[name="seat1-level"]', level)
        assert page.evaluate(SELECTS_CUT) == [], level
    page.select_option('select[name="seat1-kind"]', "friend")
    assert page.evaluate(SELECTS_CUT) == []
    # the computer levels' ratings: a column per rated variant was cut off mid-word at
    # 390 px ("Zeshoe…"), four players and duos out of sight; a row per variant, a
    # column per level: every rating in view, nothing to scroll
    page.click('[data-tab="players"]')
    page.wait_for_selector('table[data-table="bots"]')
    assert page.text_content("#lobby-title") == {"en": "Players and ratings", "nl": "Spelers en ratings"}[language]
    shown = page.evaluate(RATINGS_TABLE)
    assert shown["dialog"] <= shown["room"], shown
    assert shown["columns"] == 5 and shown["fits"] and shown["names_in_view"], shown
    assert shown["rows"] == [variant for variant, spec in filler.VARIANTS.items() if spec.rated], shown
    buttons = page.evaluate(TEXT_LINES, ".export-import button")
    assert len(buttons) == 2 and all(lines == 1 for _, lines in buttons), buttons
    # each tab has its own title (every tab was titled "New game")
    page.click('[data-tab="matches"]')
    assert page.text_content("#lobby-title") == {"en": "Your matches", "nl": "Je matches"}[language]


RATINGS_TABLE = """() => {
  const dialog = document.querySelector('dialog.lobby');
  const table = document.querySelector('table[data-table="bots"]');
  const box = table.parentElement.getBoundingClientRect();
  const style = getComputedStyle(table.parentElement);
  const names = [...table.querySelectorAll('tbody th')].map((th) => th.getBoundingClientRect());
  return {dialog: dialog.scrollWidth, room: dialog.clientWidth,
          columns: table.querySelectorAll('thead th').length,
          fits: table.parentElement.scrollWidth <= table.parentElement.clientWidth,
          rows: [...table.querySelectorAll('tbody tr')].map((row) => row.dataset.variant),
          names_in_view: names.every((r) => r.left >= box.left - 0.5 && r.right <= box.right + 0.5)};
}"""


def test_the_lobby_shows_the_computer_levels_ratings_while_the_engine_boots(new_guarded_context, site_url):
    # the board is playable some 2 s before the engine is up; a lobby opened then said
    # "the computer levels' ratings have not been measured yet", and the levels had
    # no rating beside them, until it was opened again
    context, _ = new_guarded_context(service_workers="block")
    held = []
    context.route("**/*.snapshot", lambda route: held.append(route))
    page = context.new_page()
    page.goto(site_url)
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=BOOT_TIMEOUT_MS)
    page.click("#new-game")
    page.select_option('select[name="seat1-kind"]', "computer")
    rated = filler.ai.RATINGS
    levels = page.locator('select[name="seat1-level"] option').all_inner_texts()
    # the lobby starts from the first game's variant: quick 8×7
    assert levels == [f"{name} ({rated['quick'][level][0]})" for name, level in
                      (("Beginner", "beginner"), ("Greedy", "greedy"), ("Lookahead", "lookahead"),
                       ("Master", "master"))]
    page.click('[data-tab="players"]')
    rows = page.locator('table[data-table="bots"] tbody tr').all_inner_texts()
    assert rows[0].split("\t")[:3] == ["Quick 8×7", str(rated["quick"]["beginner"][0]),
                                        str(rated["quick"]["greedy"][0])], rows
    assert page.evaluate("document.body.dataset.engine") == "booting"
    for route in held:
        route.continue_()
    context.unroute("**/*.snapshot")
    wait_engine(page)


def test_the_replay_bar_fits_a_320_px_phone(browser, site_url):
    # "Terugkijken", four buttons and "stap 22 van 22" were 371 px wide: the page
    # scrolled sideways and the label was cut at the left
    context, guard, page = phone_page(browser, site_url, "nl", 320, "replay")
    start_match(page, variant="quick", name="Fien", games=1)
    match_id = page.evaluate("document.body.dataset.matchId")
    play_until_game_ends(page)
    page.click("#new-game")
    page.click('[data-tab="matches"]')
    page.click(f'.saved-match[data-id="{match_id}"] button[data-action="replay"]')
    page.wait_for_function("() => /^(\\d+)\\/\\1$/.test(document.body.dataset.replay)")
    assert page.evaluate("document.documentElement.scrollWidth") <= 320, "horizontal overflow"
    assert page.evaluate(IN_VIEW, [".replay-bar .replay-label", ".replay-bar .replay-step",
                                   '.replay-bar [data-action="replay-first"]',
                                   '.replay-bar [data-action="replay-last"]']) == []
    context.close()
    guard.check()


OVER_ACTIONS = """() => [...document.querySelectorAll('.over-actions button')].map((button) => ({
  text: button.textContent, primary: button.classList.contains('primary'),
  top: Math.round(button.getBoundingClientRect().top)}))"""


RESULT_SIZES = [(320, 700), (390, 844), (1280, 800)]


def resize(page, width, height):
    """The window resized, and the table drawn again for it (it draws in the next frame)."""
    page.set_viewport_size({"width": width, "height": height})
    settle(page)


def test_the_result_and_the_review_head_keep_every_label_on_one_line(browser, site_url):
    # "Play again / Review / Another game / Copy link" shared one row, the labels took
    # two lines at 1280 px ("Play / again") and on a phone, and "Another match" beside
    # "Another game" did not say which repeats the settings and which opens the lobby.
    # "Analyse van partij 1" and "Sluit de analyse" took two lines each at 390 px.
    # One game, in each language, the window resized to each size (as a turned phone is).
    width, height = RESULT_SIZES[0]
    context = browser.new_context(viewport={"width": width, "height": height}, locale="en",
                                  service_workers="block")
    guard = guard_context(context, "over")
    page = context.new_page()
    boot_page(page, site_url)
    start_game(page, "quick")
    wait_my_turn(page)
    page.click('button[data-action="resign"]')
    page.click('button[data-action="confirm-resign"]')
    page.wait_for_selector(".over-panel:not([hidden]) .over-actions .share-button")
    for language in ("en", "nl"):
        switch_language(page, language)
        for width, height in RESULT_SIZES:
            resize(page, width, height)
            labels = page.evaluate(TEXT_LINES, ".over-actions button")
            assert len(labels) == 4 and all(lines == 1 for _, lines in labels), (language, width, labels)
            buttons = page.evaluate(OVER_ACTIONS)
            [primary] = [button for button in buttons if button["primary"]]
            assert primary == buttons[0] and all(button["top"] > primary["top"] for button in buttons[1:]), buttons
            assert page.evaluate("document.documentElement.scrollWidth") <= width, f"horizontal overflow at {width}"
        opens_lobby = page.text_content('.over-actions button[data-action="new"]')
        assert opens_lobby == {"en": "New game…", "nl": "Nieuwe partij…"}[language]
    page.click('.over-panel button[data-action="review"]')
    page.wait_for_selector(".review-panel:not([hidden]) .review-head .review-close")
    for language in ("nl", "en"):
        switch_language(page, language)
        for width in (320, 390):
            resize(page, width, 800)
            lines = page.evaluate(TEXT_LINES, ".review-head h2, .review-head .review-close")
            assert len(lines) == 2 and all(count == 1 for _, count in lines), (language, width, lines)
            assert page.evaluate("document.documentElement.scrollWidth") <= width, f"horizontal overflow at {width}"
    context.close()
    guard.check()


def test_reviewing_each_game_of_a_match_keeps_every_label_on_one_line_on_a_phone(browser, site_url):
    # issue 25: Review between the games, the review's game switch and the Matches tab's
    # Review per game, each on one line at 390 px, in each language (one match)
    context, guard, page = phone_page(browser, site_url, "en", 390, "review per game")
    start_match(page, variant="quick", name="Joke")
    match_id = page.evaluate("document.body.dataset.matchId")
    wait_my_turn_or_end(page)
    resign(page, "game")
    page.wait_for_selector('.over-panel:not([hidden]) .over-actions button[data-action="review"]')
    for language in ("en", "nl"):
        switch_language(page, language)
        labels = page.evaluate(TEXT_LINES, ".over-actions button")
        assert len(labels) == 3 and all(lines == 1 for _, lines in labels), (language, labels)  # ready, review, copy link
    page.click('button[data-action="ready"]')
    page.wait_for_function("() => document.body.dataset.gameIndex === '1' && document.body.dataset.between === '0'")
    wait_my_turn_or_end(page)
    resign(page, "game")
    page.wait_for_selector('body[data-match-over="1"]', state="attached")
    page.click('.over-panel button[data-action="review"]')
    page.wait_for_selector(".review-panel:not([hidden]) .review-games")
    for language in ("nl", "en"):
        switch_language(page, language)
        lines = page.evaluate(TEXT_LINES, ".review-head h2, .review-games button, .review-head .review-close")
        assert len(lines) == 4 and all(count == 1 for _, count in lines), (language, lines)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, "horizontal overflow"
    page.click('button[data-action="close-review"]')
    buttons = f'.saved-match[data-id="{match_id}"] .saved-actions button'
    for language in ("en", "nl"):
        switch_language(page, language)
        page.click("#new-game")
        page.click('[data-tab="matches"]')
        page.wait_for_selector(buttons)
        labels = page.evaluate(TEXT_LINES, buttons)
        assert len(labels) == 4 and all(lines == 1 for _, lines in labels), (language, labels)  # replay, review ×2, delete
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, "horizontal overflow"
        page.keyboard.press("Escape")
        page.wait_for_selector("dialog.lobby", state="hidden")
    context.close()
    guard.check()


def test_the_table_fits_1280_by_900(page, boot):
    page.set_viewport_size({"width": 1280, "height": 900})
    boot(page)
    for variant, kinds in [("classic", ("human", "computer")), ("duos", ("human", "computer", "computer", "computer"))]:
        start_game(page, variant, kinds=kinds, clock="default")
        settle(page)
        assert page.evaluate("document.documentElement.scrollHeight") <= 900, variant
        assert page.evaluate(IN_VIEW, [".players", "svg.board", ".color-controls", ".status"]) == [], variant


def test_at_game_over_the_result_is_beside_the_board_and_the_cards_stay(page, boot):
    page.set_viewport_size({"width": 1280, "height": 900})
    boot(page)
    start_game(page, "classic")
    wait_my_turn(page)
    page.click('button[data-action="resign"]')
    page.click('button[data-action="confirm-resign"]')
    page.wait_for_selector(".over-panel:not([hidden])")
    page.wait_for_function("() => scrollY === 0")  # nothing scrolls to the result
    settle(page)
    assert page.evaluate("scrollY") == 0
    assert page.evaluate(IN_VIEW, [".players", "svg.board", ".over-panel", ".over-chart", ".status"]) == []
    board = page.locator("svg.board").bounding_box()
    panel = page.locator(".over-panel").bounding_box()
    assert panel["x"] >= board["x"] + board["width"]  # beside, not below


def test_a_notice_does_not_push_the_color_buttons_off_screen(new_guarded_context, site_url):
    context, _ = new_guarded_context(viewport={"width": 1280, "height": 800})
    context.add_init_script("""Object.defineProperty(window, 'localStorage', {configurable: true,
        get() { throw new DOMException('Access is denied for this document.', 'SecurityError'); }});""")
    page = context.new_page()
    page.goto(site_url)
    page.wait_for_selector('.notice[data-kind="memory"]', timeout=BOOT_TIMEOUT_MS)
    wait_engine(page)
    settle(page)
    assert page.evaluate(IN_VIEW, [".notices", ".players", "svg.board", ".color-controls", ".status"]) == []


CUT_SELECTS = """() => [...document.querySelectorAll('dialog[open] select')].filter((node) => {
  const style = getComputedStyle(node);
  const context = document.createElement('canvas').getContext('2d');
  context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  const widest = Math.max(...[...node.options].map((option) => context.measureText(option.text).width));
  const room = node.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 18; // the arrow
  return widest > room;
}).map((node) => node.name)"""


def test_no_control_is_cut_off(page, site_url, boot):
    # each language at a phone's and a laptop's size, in one page (the language switched
    # and the window resized in it; four boots took 12 s of test time)
    boot(page, f"{site_url}#variant=four&lang=en")
    wait_engine(page)
    cases = [(language, size) for language in ("en", "nl") for size in ((390, 844), (1280, 800))]
    for index, (language, size) in enumerate(cases):
        if language != page.evaluate("document.documentElement.lang"):
            switch_language(page, language)
        page.set_viewport_size({"width": size[0], "height": size[1]})
        if index:  # a four-player table again (the one before ended in a resigned quick game)
            start_game(page, "four", kinds=("human", "computer", "computer", "computer"))
        settle(page)
        case = (language, size)
        tops = {round(box["y"]) for box in (button.bounding_box() for button in page.locator(".color-button").all())}
        assert page.locator(".color-button").count() == 8 and len(tops) == 1, case  # one row
        page.click("#new-game")
        page.select_option('select[name="variant"]', "four")
        for seat in (1, 2, 3):
            page.select_option(f'select[name="seat{seat}-kind"]', "computer")
        assert page.evaluate(CUT_SELECTS) == [], case
        page.keyboard.press("Escape")
        start_game(page, "quick")
        wait_my_turn(page)
        page.click('button[data-action="resign"]')
        page.click('button[data-action="confirm-resign"]')
        page.wait_for_selector(".over-panel:not([hidden]) .over-actions .share-button")
        rows = page.evaluate("""() => new Set([...document.querySelectorAll('.over-actions button:not(.primary)')]
            .map((button) => { const box = button.getBoundingClientRect(); return Math.round(box.top + box.height / 2); })).size""")
        # the result's other buttons on one row under its one clear action (issue 25 item 8;
        # measured at one moment: the page may be scrolling)
        assert rows == 1, case


def test_your_start_on_a_big_board_is_ringed(page, site_url, boot):
    page.set_viewport_size({"width": 390, "height": 844})
    boot(page, f"{site_url}#variant=practice&shape=hex&width=41&height=41")
    wait_engine(page)
    page.wait_for_function("() => document.body.dataset.variant === 'practice'")
    for size in [(390, 844), (1280, 800)]:  # a phone, then the same board in a wide window
        page.set_viewport_size({"width": size[0], "height": size[1]})
        settle(page)
        cell = page.locator('.board .cell[data-owner="0"]').bounding_box()
        assert cell["width"] < 20, size  # tiny indeed
        ring = page.locator('.home-ring[data-seat="0"]')
        ring.wait_for()
        box = ring.bounding_box()
        assert box["width"] >= 36 and box["height"] >= 36, size
        center = (cell["x"] + cell["width"] / 2, cell["y"] + cell["height"] / 2)
        assert abs(box["x"] + box["width"] / 2 - center[0]) < 2 and abs(box["y"] + box["height"] / 2 - center[1]) < 2, size
        assert page.locator('.home-ring[data-seat="1"]').count() == 0  # the computer's start: not yours
