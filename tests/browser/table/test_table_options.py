"""Table options and languages: symbols, palette, theme, nl/en; an accessibility scan."""

from driver import BOOT_TIMEOUT_MS, wait_engine


def open_options(page):
    page.click("#open-options")
    page.wait_for_selector("dialog.options[open]")


def close_options(page):
    page.click("dialog.options button[type=submit]")
    page.wait_for_selector("dialog.options:not([open])", state="attached")


def test_symbols_palette_and_theme(booted_page):
    page = booted_page
    open_options(page)
    page.check('dialog.options input[name="symbols"]')
    page.uncheck('dialog.options input[name="sound"]')
    page.select_option('dialog.options select[name="palette"]', "okabe-ito")
    page.select_option('dialog.options select[name="theme"]', "dark")
    close_options(page)
    page.wait_for_selector(".board.show-symbols", state="attached")
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"
    assert page.evaluate("getComputedStyle(document.documentElement).getPropertyValue('--c0').trim()") == "#e69f00"
    # one upright glyph per color, on the cells and on the buttons
    hrefs = page.evaluate("""() => [...document.querySelectorAll('.board .symbol')]
        .filter(s => s.getAttribute('visibility') !== 'hidden')
        .map(s => [s.dataset.color, s.getAttribute('href')])""")
    by_color = {}
    for color, href in hrefs:
        by_color.setdefault(color, set()).add(href)
    assert all(len(glyphs) == 1 for glyphs in by_color.values())
    assert len({next(iter(glyphs)) for glyphs in by_color.values()}) == len(by_color)
    assert page.locator(".color-button .button-symbol").first.is_visible()
    # the options are kept with the rest of the player's data, so an export carries them
    exported = page.evaluate(
        "async () => (await import('./js/store/storage.js')).openStorage().exportAll().settings")
    assert (exported["theme"], exported["palette"], exported["symbols"], exported["sound"]) == ("dark", "okabe-ito", True, False)
    page.reload()
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_selector(".board.show-symbols", state="attached")
    assert page.evaluate("async () => (await import('./js/ui/sound.js')).soundOn()") is False
    open_options(page)
    assert not page.is_checked('dialog.options input[name="sound"]')
    page.check('dialog.options input[name="sound"]')
    page.uncheck('dialog.options input[name="symbols"]')
    page.select_option('dialog.options select[name="palette"]', "standard")
    page.select_option('dialog.options select[name="theme"]', "auto")
    close_options(page)
    page.wait_for_selector(".board:not(.show-symbols)", state="attached")


def test_language_switch_changes_the_texts(booted_page):
    page = booted_page
    wait_engine(page)
    assert page.locator("#new-game").text_content() == "New game"
    open_options(page)
    page.evaluate("() => { window.optionsControls = [...document.querySelectorAll('dialog.options select, dialog.options button')]; }")
    page.select_option('dialog.options select[name="language"]', "nl")
    # (the first time, once the Dutch catalog has come: a page fetches only the language it shows)
    page.wait_for_function("() => document.querySelector('dialog.options h2').textContent === 'Opties'")
    # said again in place: a tap on Close as the catalog arrives meets the button it aimed at
    # (a redrawn dialog once lost it: the press on one button, the release on its copy)
    assert page.evaluate("""() => window.optionsControls.every((node) => node.isConnected)
        && window.optionsControls.length === document.querySelectorAll('dialog.options select, dialog.options button').length""")
    assert page.locator("dialog.options button[type=submit]").text_content() == "Sluiten"
    assert page.locator('dialog.options select[name="theme"] option[value="dark"]').text_content() == "Donker"
    close_options(page)
    assert page.evaluate("document.documentElement.lang") == "nl"
    assert page.locator("#new-game").text_content() == "Nieuwe partij"
    page.wait_for_function("() => document.querySelector('.needed-label').textContent === 'Nodig om te winnen'")
    assert "aan zet" in page.locator(".status").text_content() or "denkt na" in page.locator(".status").text_content()
    open_options(page)
    page.select_option('dialog.options select[name="language"]', "en")
    close_options(page)
    page.wait_for_function("() => document.querySelector('.needed-label').textContent === 'Needed to win'")


def test_no_serious_accessibility_violations_at_the_table(booted_page, axe_scan):
    page = booted_page
    wait_engine(page)
    violations = axe_scan(page)
    assert not violations, [(v["id"], v["help"], [n["target"] for n in v["nodes"][:3]]) for v in violations]
