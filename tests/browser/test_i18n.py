"""Languages: the switch in the options changes every visible text of the page."""

import re

from conftest import BOOT_TIMEOUT_MS

# the same in both languages: names, and words both languages share
SAME = {"Filler", "Computer", "Nederlands", "English", "Vinco", "Variant", "Matches"}

VISIBLE_TEXTS = """() => {
  const texts = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const text = node.textContent.trim();
    const parent = node.parentElement;
    if (!text || !parent || parent.closest('script, style, noscript, .sr-only, [hidden]')) continue;
    if (!parent.checkVisibility({checkOpacity: true, checkVisibilityCSS: true})) continue;
    texts.push(text);
  }
  return texts;
}"""


def visible_texts(page):
    return set(page.evaluate(VISIBLE_TEXTS))


def unchanged(before, after):
    return sorted(text for text in before & after
                  if text not in SAME and not re.fullmatch(r"[\d\s·–—+×:%.,()/&-]*", text))


def switch_language(page, code):
    page.click("#open-options")
    page.wait_for_selector("dialog.options[open]")
    page.select_option('dialog.options select[name="language"]', code)
    page.click("dialog.options button[type=submit]")
    page.wait_for_selector("dialog.options:not([open])", state="attached")
    page.wait_for_function("(code) => document.documentElement.lang === code", arg=code)


def test_the_language_switch_changes_every_visible_text(page, boot):
    boot(page)
    page.wait_for_selector('body[data-engine="ready"]', state="attached", timeout=BOOT_TIMEOUT_MS)
    switch_language(page, "en")
    page.wait_for_selector(".needed-label", state="attached")
    table_en = visible_texts(page)
    page.click("#new-game")
    page.wait_for_selector("dialog.lobby[open]")
    lobby_en = visible_texts(page)
    page.keyboard.press("Escape")
    page.wait_for_selector("dialog.lobby:not([open])", state="attached")

    switch_language(page, "nl")
    page.wait_for_function("() => document.querySelector('.needed-label').textContent === 'Nodig om te winnen'")
    table_nl = visible_texts(page)
    page.click("#new-game")
    page.wait_for_selector("dialog.lobby[open]")
    lobby_nl = visible_texts(page)
    page.keyboard.press("Escape")
    assert not unchanged(table_en, table_nl), unchanged(table_en, table_nl)
    assert not unchanged(lobby_en - table_en, lobby_nl - table_nl), unchanged(lobby_en - table_en, lobby_nl - table_nl)
    switch_language(page, "en")


def test_the_first_language_follows_the_browser(new_guarded_context, site_url):
    context, _ = new_guarded_context(locale="nl-NL")
    page = context.new_page()
    page.goto(site_url)
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("document.documentElement.lang") == "nl"
    assert page.locator("#new-game").text_content() == "Nieuwe partij"
