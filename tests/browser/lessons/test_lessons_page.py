"""Learn in the page (js/flows/lessons.js): a new player is offered Learn in one line,
goes through every lesson by keyboard, fails one and gets its hint, sees the verdicts
and stars, and finds the progress kept after a reload; the line is not there for a
friend's link or in the embed; Dutch shows Dutch texts.

What each lesson needs is read from the engine's own data (filler.lessons: the intended
solution and a wrong try), the texts from the catalogs: never from the page's code.
"""

import re

from driver import (BOOT_TIMEOUT_MS, BUTTONS_DIMMED, LESSON_BAR, LESSON_VERDICT, ROOT, board_size,
                    play_keys, wait_lesson, words)

import filler
from filler import link as friend_link
from filler.lessons import LESSONS, Attempt

OFFER = ".learn-offer:not([hidden])"


def catalog_text(language, key):
    """A text as the catalog js/i18n/<language>.js has it (one line, no placeholders)."""
    source = (ROOT / "js" / "i18n" / f"{language}.js").read_text(encoding="utf-8")
    return re.search(rf"^    '{re.escape(key)}': '((?:[^'\\]|\\.)*)',$", source, flags=re.M).group(1)


def press(page, selector):
    """A button by the keyboard: focused, then Enter."""
    page.focus(selector)
    page.keyboard.press("Enter")


def test_a_new_player_goes_through_every_lesson_by_keyboard_and_keeps_the_stars(
        new_guarded_context, boot, site_url, axe_scan):
    context, _ = new_guarded_context(viewport={"width": 390, "height": 844}, locale="en-US")
    page = context.new_page()
    boot(page)
    # a first visit: one line offers Learn
    assert words(page, OFFER) == "New to Filler? Learn it in three minutes"
    assert page.locator(OFFER).bounding_box()["height"] < 40  # one line on a phone
    press(page, '[data-action="learn-offer"]')
    path = list(LESSONS.values())
    first = path[0]
    wait_lesson(page, first.id)
    assert page.locator(OFFER).count() == 0
    assert page.inner_text(f"{LESSON_BAR} .lesson-title") == catalog_text("en", f"lesson.{first.id}.title")
    assert page.inner_text(LESSON_VERDICT).startswith("You start at the bottom left. Take 5 cells in one move")
    assert page.get_attribute(f"{LESSON_BAR} .lesson-rules", "href") == f"rules.html?lesson={first.id}#{first.rule}"
    # the board is the normal table's: its color buttons preview and say what they take
    assert page.locator(f'.color-button[data-color="{first.solution[0]}"]').get_attribute("aria-label").startswith(
        f"Color {first.solution[0] + 1}: ")

    # a wrong try: the hint, then the same lesson again, done with one star less; the
    # board keeps its size on the phone while the lesson's text changes
    assert not [color for color, dimmed in page.evaluate(BUTTONS_DIMMED) if dimmed]
    sizes = []
    play_keys(page, first, first.wrong, sizes)
    wait_lesson(page, first.id, "failed", len(first.wrong))
    sizes.append(board_size(page))
    # the try is over: no color can be played, and every button looks it (dimmed as a forbidden one)
    dimmed = page.evaluate(BUTTONS_DIMMED)
    assert dimmed and all(is_dimmed for _, is_dimmed in dimmed), dimmed
    assert page.inner_text(LESSON_VERDICT).endswith(f"Not quite. {catalog_text('en', f'lesson.{first.id}.hint')}")
    assert not axe_scan(page)  # the lesson, its verdict and the path, as a screen reader meets them
    # the verdict's button takes the keyboard: Enter tries again
    assert page.evaluate("document.activeElement.dataset.action") == "lesson-again"
    page.keyboard.press("Enter")
    wait_lesson(page, first.id)
    play_keys(page, first, first.solution, sizes)
    wait_lesson(page, first.id, "done", len(first.solution))
    assert words(page, LESSON_VERDICT) == "★★☆ Done! 2 stars of 3."
    sizes.append(board_size(page))
    assert len(set(sizes)) == 1, sizes
    # the try is over: nobody is to move (the computer's reply is not played)
    assert page.locator(".seat[data-moving], .turn-badge").count() == 0

    # every other lesson: its solution, three stars, and on to the next
    for lesson in path[1:]:
        assert page.evaluate("document.activeElement.dataset.action") == "lesson-next"
        page.keyboard.press("Enter")
        wait_lesson(page, lesson.id)
        sizes = []
        play_keys(page, lesson, lesson.solution, sizes)
        wait_lesson(page, lesson.id, "done", len(lesson.solution))
        assert words(page, LESSON_VERDICT) == "★★★ Done! 3 stars of 3.", lesson.id
        sizes.append(board_size(page))
        assert len(set(sizes)) == 1, (lesson.id, sizes)
        assert page.get_attribute(f"{LESSON_BAR} .lesson-rules", "href") == f"rules.html?lesson={lesson.id}#{lesson.rule}"
    assert page.inner_text(".lesson-progress") == "10 of 10 lessons done · 29 of 30 stars"
    assert page.inner_text(f'{LESSON_BAR} [data-action="lesson-next"]') == "Play a game"

    # kept: after a reload no offer, and the path shows each lesson's stars
    page.reload()
    page.wait_for_selector('body[data-ready="1"][data-engine="ready"]', timeout=BOOT_TIMEOUT_MS)
    assert page.locator(OFFER).count() == 0
    page.click("#open-learn")
    wait_lesson(page, first.id)  # all done: the path starts again at its first lesson
    stars = page.eval_on_selector_all(".lesson-list li", "(items) => items.map((item) => [item.dataset.lesson, item.dataset.stars])")
    assert stars == [[lesson.id, "2" if lesson is first else "3"] for lesson in path]
    # a link to one lesson (the rules page's) opens it
    page.evaluate("() => { location.hash = '#learn=match'; }")
    wait_lesson(page, "match")
    assert "two games on the same board" in page.inner_text(f"{LESSON_BAR} .lesson-text")
    # its rules, and back to the lesson (not to a game)
    page.click(f"{LESSON_BAR} .lesson-rules")
    page.wait_for_selector('body[data-rules-ready="1"]', state="attached", timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("location.hash") == f"#{LESSONS['match'].rule}"
    assert page.inner_text("#rules-back") == "Back to the lesson"
    page.click("#rules-back")
    wait_lesson(page, "match")
    press(page, '[data-action="close-lessons"]')
    page.wait_for_selector(".lesson-panel", state="hidden")
    # back to the game: a new player's, quick 8×7 against the beginner
    page.wait_for_function("() => document.body.dataset.variant === 'quick' && document.body.dataset.over === '0'")
    assert page.inner_text(".level-badge") == "Beginner"


def test_the_offer_is_dutch_is_dismissed_for_good_and_never_in_a_friends_way_or_an_embed(
        new_guarded_context, boot, site_url):
    context, _ = new_guarded_context(viewport={"width": 320, "height": 568}, locale="nl-NL")
    page = context.new_page()
    boot(page)
    assert words(page, OFFER) == "Nieuw bij Filler? Leer het in drie minuten"
    assert page.locator(OFFER).bounding_box()["height"] < 40  # one line, on the smallest phone too
    assert page.get_attribute('[data-action="learn-offer-dismiss"]', "aria-label") == "Nee, dank je"
    press(page, '[data-action="learn-offer-dismiss"]')
    page.wait_for_selector(".learn-offer", state="hidden")
    page.reload()
    page.wait_for_selector('body[data-ready="1"][data-engine="ready"]', timeout=BOOT_TIMEOUT_MS)
    assert page.locator(OFFER).count() == 0  # dismissed is kept
    # Dutch texts in a lesson, its hint included
    assert page.inner_text("#open-learn") == "Leren"
    page.click("#open-learn")
    lesson = LESSONS["chain"]
    wait_lesson(page, lesson.id)
    assert page.inner_text(f"{LESSON_BAR} .lesson-title") == "Een zet stroomt langs de keten"
    assert page.inner_text(LESSON_VERDICT).startswith("Je begint linksonder. Pak 5 vakjes in één zet")
    play_keys(page, lesson, lesson.wrong)
    wait_lesson(page, lesson.id, "failed", 1)
    assert page.inner_text(LESSON_VERDICT).endswith(f"Nog niet helemaal. {catalog_text('nl', 'lesson.chain.hint')}")
    assert page.inner_text(".lesson-progress") == "0 van 10 lessen gedaan · 0 van 30 sterren"
    # the failed try counts for the visit however the lesson is opened again: after a
    # reload, by a link (the rules page's), or from the path
    page.reload()
    page.wait_for_selector('body[data-ready="1"][data-engine="ready"]', timeout=BOOT_TIMEOUT_MS)
    page.evaluate("() => { location.hash = '#learn=chain'; }")
    wait_lesson(page, lesson.id)
    play_keys(page, lesson, lesson.solution)
    wait_lesson(page, lesson.id, "done", 1)
    assert page.inner_text(f"{LESSON_VERDICT} .lesson-mark").strip() == "★★☆"
    press(page, '[data-action="lesson-again"]')  # done, and again: a second failed try
    wait_lesson(page, lesson.id)
    play_keys(page, lesson, lesson.wrong)
    wait_lesson(page, lesson.id, "failed", 1)
    page.click(f'.lesson-list li[data-lesson="{lesson.id}"] .lesson-item')
    wait_lesson(page, lesson.id)
    play_keys(page, lesson, lesson.solution)
    wait_lesson(page, lesson.id, "done", 1)
    assert page.inner_text(f"{LESSON_VERDICT} .lesson-mark").strip() == "★☆☆"
    assert page.get_attribute('.lesson-list li[data-lesson="chain"]', "data-stars") == "2"  # the best is kept

    # a fresh profile opened by a friend's link: their match, no offer
    match = filler.Match.new("quick", seed=5, games=1).play(2)
    invitation = site_url + "#" + friend_link.encode(match, match_id="LearnOff", sender=0, names=("Anna", ""))
    friend_context, _ = new_guarded_context(locale="en-US")
    friend_page = friend_context.new_page()
    boot(friend_page, invitation)
    friend_page.wait_for_selector(".friend-panel:not([hidden])")
    assert friend_page.locator(OFFER).count() == 0
    # the embed: no offer, no Learn
    embed_context, _ = new_guarded_context(locale="en-US")
    embed = embed_context.new_page()
    boot(embed, f"{site_url}embed.html?variant=quick&seed=3&lang=en")
    assert embed.locator(OFFER).count() == 0 and embed.locator("#open-learn").count() == 0


def test_the_lessons_words_fit_a_touch_screen_and_follow_the_verdict():
    """Words only (the catalogs): a lesson that says to point at a color says to tap it
    too, and none leans on a tooltip; a hint follows "Not quite." without a second "not";
    no-pass's hint speaks of the second move, as any first move can still do it."""
    for language, point, tap in (("en", "point at", "tap it once"), ("nl", "wijs", "tik er één keer op")):
        for lesson_id in LESSONS:
            for part in ("text", "task", "hint"):
                text = catalog_text(language, f"lesson.{lesson_id}.{part}")
                assert "tooltip" not in text, (language, lesson_id, part)
                assert point not in text or tap in text, (language, lesson_id, part)
            assert not re.match(r"(Not|Niet|Nog niet)\b", catalog_text(language, f"lesson.{lesson_id}.hint")), lesson_id
    lesson = LESSONS["no-pass"]
    start = Attempt.begin(lesson)
    for first in start.match.game.legal_colors():
        after, verdict = start.play(first)
        assert verdict == "going"
        assert any(after.play(second)[1] == "done" for second in after.match.game.legal_colors())
    assert "first move was fine" in catalog_text("en", "lesson.no-pass.hint")
    assert "second move" in catalog_text("en", "lesson.no-pass.hint")
    assert "eerste zet was goed" in catalog_text("nl", "lesson.no-pass.hint")
