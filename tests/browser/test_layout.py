"""Layout: every variant at a phone, a tablet and a laptop size, as a player sees it.

For each size and variant (a person against computers, the variant's own clock): no
horizontal overflow, no name cut off, the cards, the board, the color buttons and the
status line inside the window without scrolling, and no "null", "undefined" or "NaN"
in any text or label. A screenshot of each is written to screenshots/layout/ (kept out
of git) to be looked at: `python3 build.py test tests/browser/test_layout.py`.
"""

from pathlib import Path

import pytest
from conftest import BOOT_TIMEOUT_MS, ROOT, boot_page, guard_context
from test_table_defects import CUT_NAMES, IN_VIEW, settle, start_game

import filler

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
def sized_page(request, browser, site_url):
    width, height = request.param
    context = browser.new_context(viewport={"width": width, "height": height})
    guard = guard_context(context, f"layout {width}x{height}")
    page = context.new_page()
    boot_page(page, site_url)
    page.wait_for_selector('body[data-engine="ready"]', state="attached", timeout=BOOT_TIMEOUT_MS)
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


# the lines the text of the brand and of each header action takes (a line per top)
HEADER_LINES = """() => [...document.querySelectorAll('.top-bar .brand, .top-actions > *')].map((node) => {
  const tops = new Set();
  const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const range = document.createRange();
    range.selectNodeContents(walker.currentNode);
    for (const rect of range.getClientRects()) if (rect.width > 0) tops.add(Math.round(rect.top));
  }
  return [node.innerText.trim(), tops.size];
})"""


@pytest.mark.parametrize("language", ["en", "nl"])
@pytest.mark.parametrize("width", [320, 390])
def test_the_header_keeps_each_action_on_one_line(browser, site_url, language, width):
    # "Nieuwe partij" took two lines on a 390 px phone
    context = browser.new_context(viewport={"width": width, "height": 700}, locale=language)
    guard = guard_context(context, f"header {language} {width}")
    page = context.new_page()
    boot_page(page, site_url)
    page.wait_for_function("(lang) => document.documentElement.lang === lang", arg=language)
    lines = page.evaluate(HEADER_LINES)
    assert len(lines) == 4 and all(count == 1 for _, count in lines), lines
    assert page.evaluate("document.documentElement.scrollWidth") <= width, "horizontal overflow"
    context.close()
    guard.check()
