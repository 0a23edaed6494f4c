"""The rules page: both languages, every variant, example boards from the engine."""

import re

import filler
from filler.api import rules_examples

READY = 'body[data-rules-ready="1"]'


def test_rules_in_both_languages_with_every_variant_and_the_examples(page, site_url):
    page.goto(f"{site_url}rules.html#vinco")
    page.wait_for_selector(READY, state="attached")
    for variant in filler.VARIANTS:
        assert page.locator(f"section#{variant} h3").count() == 1, variant
        assert page.locator(f"section#{variant} svg.board").count() == 1, variant
    # the examples are the engine's positions, drawn by the table's renderer
    examples = rules_examples()
    for name, example in examples.items():
        figure = page.locator(f'figure[data-example="{name}"]')
        assert figure.locator("svg.board").count() == 2
        owners = figure.locator("svg.board").nth(1).evaluate(
            "svg => [...svg.querySelectorAll('.cell')].map(c => c.dataset.owner || '.').join('')")
        expected = "".join(o for o in example["after"]["cell_owners"] if o != "#").replace("x", "")
        assert owners.replace("dead", "") == expected
        previewed = figure.locator("svg.board").first.evaluate(
            "svg => [...svg.querySelectorAll('.cell[data-preview]')].map(c => Number(c.dataset.cell)).sort((a, b) => a - b)")
        parts = example["before"]["previews"][str(example["color"])]
        assert previewed == sorted(parts["flood"] + parts["enclosure"])
    english = page.locator("main").inner_text()
    page.click('button[lang="nl"]')
    page.wait_for_function("() => document.documentElement.lang === 'nl'")
    dutch = page.locator("main").inner_text()
    # a section without a lesson ends with its facts, nothing between (no "null" as text)
    for text in (english, dutch):
        assert not re.search(r"\bnull\b|\bundefined\b", text), text
    assert "Spelregels" in dutch and "evenaar" in dutch and "Rules" in english and "equator" in english
    # which variants are rated, and practice's ranges, as the engine's catalog says them
    assert ("The variants Quick 8×7, Classic 15×15, Hexagons 13×11, Four players, and Duos each have their own"
            " rating") in english
    assert "De varianten Snel 8×7, Klassiek 15×15, Zeshoeken 13×11, Met z’n vieren en Duo’s hebben" in dutch
    assert "5–41 × 5–41" in page.locator("section#practice .rules-facts").inner_text()
    assert page.locator("section#duos").inner_text() != ""
    assert page.locator('figure[data-example="enclosure"] svg.board').count() == 2


def test_the_lobby_rules_link_opens_the_rules_page(page, site_url):
    page.goto(f"{site_url}#rules/hex")
    page.wait_for_url("**/rules.html#hex")
    page.wait_for_selector(READY, state="attached")
    assert page.locator("section#hex").is_visible()
