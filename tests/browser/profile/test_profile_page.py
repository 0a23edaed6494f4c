"""A player's page (js/flows/profile.js, js/ui/profile.js), reached from the lobby's
Players tab: a known history is stored (matches the engine played in three rated
variants, tests/match_history.py; puzzles tried, lessons done, boards of the day
played) and the numbers the page shows are checked against those records; a match
deleted in the lobby or imported from a file changes the page. The derivations
themselves are tested in Node (tests/engine/test_profile.py); here, what a player sees.
One page boots for the whole module."""

from __future__ import annotations

import datetime
import json
import math
import re

import pytest
from driver import BOOT_TIMEOUT_MS, ENGINE_READY, READY_SELECTOR, axe_report, guard_context, switch_language
from match_history import History, ok

ANN = {"kind": "human", "name": "Ann"}
BOB = {"kind": "human", "name": "Bob"}
FIRST_DAY = datetime.date(2026, 12, 1)  # js/store/kinds/daily.js FIRST_DAY


def computer(level):
    return {"kind": "computer", "level": level}


def ann_seat(match):
    return [player.get("name") for player in match["players"]].index("Ann")


def result_of(match):
    winners, seat = match["result"]["outcome"]["winners"], ann_seat(match)
    return "win" if winners == [seat] else "draw" if seat in winners else "loss"


@pytest.fixture(scope="module")
def history():
    played = History(start_ms=int(datetime.datetime(2026, 11, 1, 12).timestamp() * 1000))
    played.add("quick", [ANN, computer("beginner")], seed=1)
    played.add("quick", [ANN, computer("greedy")], seed=2, loser=0)
    played.add("classic", [ANN, computer("greedy")], seed=5)
    played.add("quick", [BOB, ANN], seed=3, loser=0)
    played.add("hex", [ANN, BOB], seed=6, loser=1)
    played.add("quick", [ANN, computer("beginner")], seed=4)
    return played


@pytest.fixture(scope="module")
def practice(dist_dir):
    """Puzzles tried (six of the shipped file and one of no file), two lessons, three
    boards of the day (the last two on the days before today)."""
    shipped = json.loads((dist_dir / "puzzles" / "quick.json").read_text())["puzzles"][:6]
    tried = {puzzle["id"]: (0 if index in (1, 4) else 1) for index, puzzle in enumerate(shipped)}
    tried["own-abcdef-12"] = 1
    lessons = [lesson["id"] for lesson in ok("lesson_list")["lessons"]]
    today = datetime.date.today()
    dates = [day for day in (today - datetime.timedelta(days=4), today - datetime.timedelta(days=2),
                             today - datetime.timedelta(days=1)) if day >= FIRST_DAY]
    outcomes = ["loss", "win", "draw"][-len(dates):] if dates else []
    days = [{"date": day.isoformat(), "match": None, "late": False, "final": None,
             "started": int(datetime.datetime(day.year, day.month, day.day, 12).timestamp() * 1000),
             "result": {"outcome": outcome, "kind": "clear", "points": [1, 1], "totals": [20, 20]}}
            for day, outcome in zip(dates, outcomes)]
    return {
        "shipped": {puzzle["id"]: puzzle for puzzle in shipped},
        "puzzles": {"version": 1, "rating": {"r": 1520, "rd": 190, "vol": 0.06}, "tries": len(tried),
                    "solved": sum(tried.values()), "streak": 2, "best": 2, "tried": tried,
                    "runs": {"streak": 7, "storm": 12}},
        "lessons": {"version": 1, "stars": {lessons[0]: 3, lessons[1]: 2}, "dismissed": True},
        "lessons_listed": lessons,
        "daily": {"version": 1, "days": days, "latest": days[-1]["date"] if days else None},
    }


@pytest.fixture(scope="module")
def profile_page(browser, session_site_url, history, practice):
    context = browser.new_context(service_workers="block", viewport={"width": 1280, "height": 800})
    guard = guard_context(context, "profile page")
    seed = {f"filler:match:{match['id']}": {"version": 1, **match} for match in history.matches}
    seed["filler:ratings"] = {"version": 1, "ratings": history.stored_ratings()}
    seed["filler:players"] = {"version": 1, "players": [{"name": "Ann", "created": 1}, {"name": "Bob", "created": 1}]}
    seed["filler:puzzles"] = practice["puzzles"]
    seed["filler:lessons"] = practice["lessons"]
    seed["filler:daily"] = practice["daily"]
    context.add_init_script("""((seed) => {
        if (location.protocol !== 'http:' || localStorage.getItem('test:seeded')) return; // the site's own document only
        for (const [key, value] of Object.entries(seed)) localStorage.setItem(key, JSON.stringify(value));
        localStorage.setItem('test:seeded', '1');
    })(%s)""" % json.dumps(seed))
    page = context.new_page()
    page.goto(session_site_url)
    page.wait_for_selector(READY_SELECTOR, state="attached", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_selector(ENGINE_READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    yield page
    context.close()
    guard.check()


def open_page_of(page, name):
    close_page(page)  # one left open by a test that failed would hide the menu
    page.click("#new-game")
    page.click('[data-tab="players"]')
    page.click(f'.profiles button[data-action="profile"][data-player="{name}"]')
    page.wait_for_selector(f'dialog.profile[open][data-player="{name}"][data-ready="1"]')
    return page.locator("dialog.profile")


def close_page(page):
    """Close the player's page if it is open."""
    if page.locator("dialog.profile[open]").count():
        page.locator('[data-action="profile-close"]').click()


def signed(number):
    """A number as the page signs it (ui/profile.js): "+3", "−2.5", "0"."""
    shown = f"{abs(number):g}"
    return f"+{shown}" if number > 0 else f"−{shown}" if number < 0 else "0"


def opponent_rating(match, history, bots):
    """The opponent's rating when the match was rated: a person's as stored before it (the
    default at first), a computer level's measured rating."""
    seat = 1 - ann_seat(match)
    player, before = match["players"][seat], history.before[match["id"]][seat]
    if player["kind"] == "computer":
        return bots[match["variant"]][player["level"]]["r"]
    return before[0] if before else 1500


def fact(dialog, section, name):
    return dialog.locator(f'[data-section="{section}"] [data-fact="{name}"] dd').first.inner_text()


def counts(dialog, table, key, value):
    row = dialog.locator(f'table[data-table="{table}"] tr[data-{key}="{value}"]')
    return {cell.get_attribute("data-count"): int(cell.inner_text()) for cell in row.locator("td").all()}


def expected(matches, variant=None, opponent=None):
    tally = {"matches": 0, "win": 0, "draw": 0, "loss": 0}
    for match in matches:
        if "Ann" not in [player.get("name") for player in match["players"]]:
            continue
        other = match["players"][1 - ann_seat(match)]
        key = f"computer:{other['level']}" if other["kind"] == "computer" else f"person:{other['name'].lower()}"
        if (variant and match["variant"] != variant) or (opponent and key != opponent):
            continue
        tally["matches"] += 1
        tally[result_of(match)] += 1
    return tally


def test_the_page_shows_the_stored_history(profile_page, history, practice):
    page = profile_page
    dialog = open_page_of(page, "Ann")
    matches = history.matches
    # the whole record, then per variant and per opponent
    tally = expected(matches)
    assert fact(dialog, "summary", "record") == f"{tally['win']} won · {tally['draw']} drawn · {tally['loss']} lost"
    assert fact(dialog, "summary", "matches").startswith(f"{len(matches)} matches ({2 * len(matches)} games)")
    margins = [match["result"]["outcome"]["totals"][str(ann_seat(match))]
               - match["result"]["outcome"]["totals"][str(1 - ann_seat(match))] for match in matches]
    total = sum(margins)
    average = math.floor(total / len(matches) * 10 + 0.5) / 10  # to a tenth, as Math.round
    assert fact(dialog, "summary", "margin") == f"{signed(total)} in all · {signed(average)} a match"
    for variant in ("quick", "classic", "hex"):
        assert counts(dialog, "variants", "variant", variant) == expected(matches, variant=variant)
    for opponent in ("computer:beginner", "computer:greedy", "person:bob"):
        assert counts(dialog, "opponents", "opponent", opponent) == expected(matches, opponent=opponent)
    runs, run = [], 0
    for match in matches:
        run = run + 1 if result_of(match) == "win" else 0
        runs.append(run)
    streak = fact(dialog, "summary", "streak")
    assert streak.startswith(f"{max(runs)} match") and streak.endswith(f" · now {runs[-1]}")

    # a graph per rated variant: a point per rated match, now / highest / lowest as stored
    for variant in ("quick", "classic", "hex"):
        graph = dialog.locator(f'.profile-graph[data-variant="{variant}"]')
        changes = [(match["id"], match["result"]["ratingChanges"][ann_seat(match)]) for match in matches
                   if match["variant"] == variant and match["result"]["ratingChanges"]]
        assert graph.locator('svg[data-chart="rating"]').get_attribute("data-points") == str(len(changes))
        rating = history.ratings[("ann", variant)]
        assert graph.locator('[data-fact="current"] .rating').inner_text().startswith(str(round(rating["r"])))
        highest, lowest = (extreme(changes, key=lambda change: change[1]["r"]) for extreme in (max, min))
        assert graph.locator('[data-fact="highest"] .rating').inner_text() == str(round(highest[1]["r"]))
        assert graph.locator('[data-fact="lowest"] .rating').inner_text() == str(round(lowest[1]["r"]))
        # each names the match that made it, and opens it
        assert graph.locator('[data-fact="highest"] button').get_attribute("data-id") == highest[0]
        assert graph.locator('[data-fact="lowest"] button').get_attribute("data-id") == lowest[0]
        assert graph.locator('[data-fact="stored"]').count() == 0  # the matches give the rating in play
    # its table, once unfolded, has the same numbers
    quick = dialog.locator('.profile-graph[data-variant="quick"]')
    quick.locator("details summary").click()
    quick.locator('table[data-table="points"] tbody tr').first.wait_for()  # made once unfolded
    stored = [match["result"]["ratingChanges"][ann_seat(match)] for match in reversed(matches) if match["variant"] == "quick"]
    assert quick.locator('tbody tr [data-count="rating"]').all_inner_texts() == [str(round(change["r"])) for change in stored]
    assert quick.locator('tbody tr [data-count="change"]').all_inner_texts() == [f"({signed(round(change['change']))})" for change in stored]

    # best wins: the strongest opponents beaten, at their rating before the match, strongest first
    wins = dialog.locator(".profile-wins li")
    bots = ok("bot_ratings")
    won = sorted(((opponent_rating(match, history, bots), match["finished"], match["id"]) for match in matches if result_of(match) == "win"),
                 key=lambda win: (-win[0], win[1]))
    assert wins.evaluate_all("(items) => items.map((item) => item.dataset.id)") == [match_id for _, _, match_id in won]
    assert [re.search(r"\((\d+)\)", text)[1] for text in wins.all_inner_texts()] == [str(round(rating)) for rating, _, _ in won]

    # practice: the puzzles, with success per theme from the shipped file
    puzzles = dialog.locator('[data-part="puzzles"]')
    progress = practice["puzzles"]
    assert puzzles.locator('[data-fact="puzzles"]').inner_text() == \
        f"Rating 1520 (provisional) · {progress['tries']} puzzles tried, {progress['solved']} solved at the first try"
    assert puzzles.locator('[data-fact="puzzle-streak"]').inner_text() == "Solved in a row: 2 now, 2 at best"
    assert puzzles.locator('[data-fact="puzzle-runs"]').inner_text() == "Best Puzzle Streak: 7 in a row · best Puzzle Storm: 12 solved"
    puzzle_chart = puzzles.locator("svg")
    assert puzzle_chart.get_attribute("data-points") == str(len(practice["shipped"]))  # the own puzzle is in no file
    # its last point: the rating the engine gives the tries of the shipped puzzles in their order
    rated = ok("puzzle_history", tries=[[puzzle["rating"], progress["tried"][puzzle_id] == 1]
                                        for puzzle_id, puzzle in practice["shipped"].items()])["ratings"]
    last = list(practice["shipped"])[-1]
    puzzle_chart.focus()
    page.keyboard.press("End")
    assert puzzle_chart.get_attribute("aria-valuetext") == \
        f"Puzzle {len(rated)}: {'solved' if progress['tried'][last] else 'not solved'} · {round(rated[-1]['r'])}"
    # and as a table, newest first: each try's rating
    puzzles.locator("details summary").click()
    puzzles.locator('table[data-table="puzzles"] tbody tr').first.wait_for()  # made once unfolded (the themes' table is there before)
    assert puzzles.locator('table[data-table="puzzles"] thead th').all_inner_texts() == ["#", "Result", "Rating"]
    assert puzzles.locator('table[data-table="puzzles"] [data-count="rating"]').all_inner_texts() == \
        [str(round(rating["r"])) for rating in reversed(rated)]
    themes = {}
    for puzzle_id, puzzle in practice["shipped"].items():
        for theme in puzzle["themes"]:
            tried, solved = themes.get(theme, (0, 0))
            themes[theme] = (tried + 1, solved + progress["tried"][puzzle_id])
    for theme, (tried, solved) in themes.items():
        assert counts(dialog, "themes", "theme", theme) == {"tries": tried, "solved": solved, None: round(100 * solved / tried)}
    assert dialog.locator('[data-part="lessons"] [data-fact="lessons"]').inner_text() == \
        f"2 of {len(practice['lessons_listed'])} lessons done · 5 of {3 * len(practice['lessons_listed'])} stars"
    assert dialog.locator(".profile-lessons li").evaluate_all("(items) => items.map((item) => [item.dataset.lesson, item.dataset.stars])") == \
        [[lesson, str(practice["lessons"]["stars"].get(lesson, 0))] for lesson in practice["lessons_listed"]]
    days = practice["daily"]["days"]
    for day in days:
        assert dialog.locator(f'.calendar-day[data-date="{day["date"]}"]').get_attribute("data-mark") == day["result"]["outcome"]
    if len(days) == 3:  # the last two in a row, up to yesterday
        assert dialog.locator('[data-fact="daily"]').inner_text() == "Streak: 2 days in a row · best 2 · days played: 3"

    # the graph is a slider: focus names a match, Enter opens it
    chart = quick.locator('svg[data-chart="rating"]')
    quick_matches = [match for match in matches if match["variant"] == "quick"]
    chart.focus()
    page.keyboard.press("End")
    page.keyboard.press("Home")
    assert chart.get_attribute("aria-valuenow") == "0"
    assert "Computer (Beginner)" in chart.get_attribute("aria-valuetext")
    page.keyboard.press("End")
    page.keyboard.press("Enter")
    replayed(page, quick_matches[-1])
    assert not dialog.is_visible()

    # on a phone: a tap names the point tapped (the caption), a second tap opens its match
    dialog = open_page_of(page, "Ann")
    chart, caption = (quick.locator(selector) for selector in ('svg[data-chart="rating"]', ".profile-caption"))
    box = chart.bounding_box()
    tap = {"pointerType": "touch", "clientX": box["x"] + box["width"] * 37 / 320, "clientY": box["y"] + box["height"] / 2}
    chart.dispatch_event("pointerdown", tap)
    chart.dispatch_event("click", tap)
    assert dialog.is_visible()
    assert chart.get_attribute("aria-valuenow") == "0" and "Computer (Beginner)" in caption.inner_text()
    chart.dispatch_event("pointerdown", tap)
    chart.dispatch_event("click", tap)
    replayed(page, quick_matches[0])
    assert not dialog.is_visible()


def replayed(page, match):
    """Wait for `match` shown at its end (a replay of it opened)."""
    events = len(match["events"])
    page.wait_for_selector(f'body[data-replay="{events}/{events}"][data-variant="{match["variant"]}"]', state="attached")


def test_a_tap_is_not_lost_to_a_draw_between_its_press_and_its_release(profile_page):
    """The page draws again when another tab changes what is stored (or the engine's answers
    come): a press on Close, then such a draw, then the release still closes the page."""
    page = profile_page
    open_page_of(page, "Ann")
    close = page.locator('[data-action="profile-close"]').bounding_box()
    page.mouse.move(close["x"] + close["width"] / 2, close["y"] + close["height"] / 2)
    page.mouse.down()
    # what a storage event from another tab does: the stored days read again, the page drawn
    page.evaluate("() => { window.dispatchEvent(new StorageEvent('storage', {key: 'filler:daily'})); }")
    page.mouse.up()
    page.wait_for_selector("dialog.profile:not([open])", state="attached")


def test_a_match_deleted_or_imported_changes_the_page(profile_page, history, tmp_path):
    page = profile_page
    quick_chart = '.profile-graph[data-variant="quick"] svg[data-chart="rating"]'
    dialog = open_page_of(page, "Ann")
    before = int(dialog.locator(quick_chart).get_attribute("data-points"))
    played = dialog.locator('[data-section="summary"] [data-fact="matches"] dd').inner_text()
    dialog.locator('[data-action="profile-close"]').click()

    # deleted in the lobby's Matches
    gone = history.matches[1]
    page.click("#new-game")
    page.click('[data-tab="matches"]')
    page.click(f'.saved-match[data-id="{gone["id"]}"] button[data-action="delete"]')
    page.click(f'.saved-match[data-id="{gone["id"]}"] button[data-action="confirm-delete"]')
    page.click('button[data-action="close-lobby"]')
    dialog = open_page_of(page, "Ann")
    assert dialog.locator(quick_chart).get_attribute("data-points") == str(before - 1)
    assert dialog.locator(f'.profile-wins li[data-id="{gone["id"]}"]').count() == 0
    assert int(re.match(r"\d+", fact(dialog, "summary", "matches"))[0]) == int(re.match(r"\d+", played)[0]) - 1
    # the rating in play still counts it: said beside the graph
    assert dialog.locator('.profile-graph[data-variant="quick"] [data-fact="stored"]').count() == 1
    dialog.locator('[data-action="profile-back"]').click()  # back to the Players tab

    # imported from another device's file: its match counts in its place in time
    other = History(start_ms=history.matches[-1]["finished"])
    other.add("quick", [ANN, computer("greedy")], seed=21)
    path = tmp_path / "other.json"
    path.write_text(json.dumps({"format": "filler-export", "version": 1, "exported": 1, "matches": other.matches,
                                "ratings": other.stored_ratings()}))
    page.set_input_files('input[name="import"]', str(path))
    page.wait_for_selector(".import-report")
    assert "0 refused" in page.locator(".import-report").inner_text()
    page.click('.profiles button[data-action="profile"][data-player="Ann"]')
    dialog = page.wait_for_selector('dialog.profile[open][data-player="Ann"][data-ready="1"]')
    chart = page.locator(quick_chart)
    assert chart.get_attribute("data-points") == str(before)
    chart.focus()
    page.keyboard.press("End")  # the newest: the match imported
    assert "Computer (Greedy)" in chart.get_attribute("aria-valuetext")
    assert page.locator(f'table[data-table="opponents"] tr[data-opponent="computer:greedy"] td[data-count="matches"]').inner_text() == \
        str(expected([match for match in history.matches if match is not gone] + other.matches, opponent="computer:greedy")["matches"])


def test_on_a_phone_in_dutch_nothing_is_cut_off_and_axe_finds_nothing(profile_page, axe_scan):
    """At 390 px in Dutch (its column heads the longest), with every table unfolded: no
    part of the page reaches past the screen's edge (a table's last column was cut off),
    and axe-core finds no serious violation in the dialog in either theme."""
    page = profile_page
    close_page(page)
    page.set_viewport_size({"width": 390, "height": 844})
    switch_language(page, "nl")
    try:
        dialog = open_page_of(page, "Ann")
        folded = dialog.locator("details:not([open]) summary")
        for _ in range(folded.count()):
            folded.first.click()
        assert folded.count() == 0
        # each unfolded part is made at its toggle event, a task after the click
        page.wait_for_function("() => [...document.querySelectorAll('dialog.profile details')].every((details) => details.childElementCount > 1)")
        assert page.evaluate("""() => [...document.querySelectorAll('dialog.profile *')].filter((node) => {
            const box = node.getBoundingClientRect();
            return box.width > 0 && (box.left < 0 || box.right > innerWidth);
        }).map((node) => `${node.tagName} ${node.textContent.slice(0, 30)}`)""") == []
        for theme in ("light", "dark"):
            page.emulate_media(color_scheme=theme)
            violations = axe_scan(page, options={"include": ["dialog.profile"]})
            assert not violations, axe_report(violations)
    finally:
        page.emulate_media(color_scheme=None)
        close_page(page)
        switch_language(page, "en")
        page.set_viewport_size({"width": 1280, "height": 800})
