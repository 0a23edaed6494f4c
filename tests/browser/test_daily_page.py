"""The board of the day in the page (js/flows/daily.js): two fresh profiles on the same
local date meet the same board and the same master's replies to the same moves (one
reloaded on the way: the saved match resumes against the same master), and a time zone
where it is another date meets another board; a finished day's result to
send, in English and in Dutch, by the share sheet and the clipboard, without its moves,
and its link opens the same board; a bad or future link gets a message and loses
nothing; the streak counts days in a row, never a replay or a day played later.

Each context's clock is fixed (Playwright's page.clock), so the date is the test's;
the expected boards come from the engine's rule (filler.daily), never from the page."""

import json
import re

import pytest
from conftest import BOOT_TIMEOUT_MS, RESUMED, boot_page

from filler import daily

DAY_BAR = ".daily-bar:not([hidden])"
SHARE = ".daily-share:not([hidden]) .daily-share-text"
SQUARES = set("🟥🟧🟨🟩🟦🟪🟫⬛⬜")
NOON_UTC = "2026-12-04T12:00:00Z"  # Amsterdam and Los Angeles: the 4th; Kiritimati (UTC+14): the 5th

pytestmark = pytest.mark.own_context  # page.clock is its context's clock


def data(page, name):
    return page.evaluate(f"document.body.dataset.{name}")


def open_day(page, site_url, at=NOON_UTC, hash="", fresh=False):
    """A visit at the fixed time `at`, then the board of the day (its button, or the
    link `hash`); `fresh`: the button says that today's is not played yet."""
    page.clock.set_fixed_time(at)
    page.goto(site_url + hash)
    boot_page(page)
    page.wait_for_selector('body[data-engine="ready"]', state="attached", timeout=BOOT_TIMEOUT_MS)
    if fresh:
        assert page.get_attribute("#open-daily .daily-status", "data-status") == "not-yet"
        # its name is what it shows, the status in words ("Today" and a mark on a phone)
        named = page.get_by_role("button", name=re.compile(r"^(Board of the day|Today) not yet$"))
        assert named.get_attribute("id") == "open-daily"
    if not hash:
        page.click("#open-daily")
    page.wait_for_selector(DAY_BAR)
    page.wait_for_function("() => document.body.dataset.variant === 'quick' && document.body.dataset.tableId !== '0'")
    assert page.locator(".learn-offer:not([hidden])").count() == 0  # a first visit's "New to Filler?" goes


def saved_events(page):
    """The day's match as saved (every move is saved at once): its events."""
    match_id = data(page, "matchId")
    return json.loads(page.evaluate("(id) => localStorage.getItem('filler:match:' + id)", match_id))["events"]


def play_first_allowed(page, replies):
    """The person plays the first allowed color, `replies` times, each time waiting for the master's reply."""
    for _ in range(replies):
        page.wait_for_function("() => document.body.dataset.turn === '0'"
                               " && document.querySelector('.color-button:not([aria-disabled])')")
        moves = int(data(page, "moves"))
        page.locator(".color-button:not([aria-disabled])").first.click()
        page.wait_for_function("(moves) => Number(document.body.dataset.moves) >= moves + 2"
                               " || document.body.dataset.over === '1'", arg=moves)


def resign_match(page):
    page.click('button[data-action="resign-match"]:not([disabled])')
    page.click('button[data-action="confirm-resign"]')
    page.wait_for_selector(SHARE)


def days(page):
    stored = page.evaluate("() => localStorage.getItem('filler:daily')")
    return json.loads(stored)["days"] if stored else []


def test_the_same_date_meets_the_same_board_and_master_another_date_another(new_guarded_context, site_url):
    seen = {}
    for zone in ("Europe/Amsterdam", "America/Los_Angeles"):  # two fresh profiles, both on the 4th
        context, _ = new_guarded_context(timezone_id=zone)
        page = context.new_page()
        open_day(page, site_url, fresh=True)
        assert data(page, "seed") == str(daily.day_seed("2026-12-04"))
        assert "#4" in page.inner_text(DAY_BAR)
        cells = page.evaluate("() => [...document.querySelectorAll('.board .cell')].map((cell) => cell.dataset.color).join('')")
        if zone == "Europe/Amsterdam":  # a reload on the way: the same match, against the same master
            play_first_allowed(page, 2)
            match_id = data(page, "matchId")
            page.reload()
            boot_page(page)
            page.wait_for_function(RESUMED, arg=match_id)
            page.wait_for_selector(DAY_BAR)
            play_first_allowed(page, 1)
        else:
            play_first_allowed(page, 3)
        seen[zone] = (cells, saved_events(page))
        assert page.get_attribute("#open-daily .daily-status", "data-status") == "started"
        context.close()
    (cells_a, events_a), (cells_b, events_b) = seen.values()
    assert cells_a == cells_b and events_a == events_b
    assert [event[1] for event in events_a] == [0, 1, 0, 1, 0, 1]  # the master's three replies among them

    context, _ = new_guarded_context(timezone_id="Pacific/Kiritimati")  # the same instant, the 5th there
    page = context.new_page()
    open_day(page, site_url)
    assert data(page, "seed") == str(daily.day_seed("2026-12-05")) != str(daily.day_seed("2026-12-04"))
    assert "#5" in page.inner_text(DAY_BAR)


def share_lines(page):
    text = page.input_value(SHARE)
    return text, text.split("\n")


def test_a_finished_day_gives_its_result_to_send_in_both_languages_and_its_link_opens_it(
        new_guarded_context, site_url):
    context, _ = new_guarded_context(timezone_id="Europe/Amsterdam", permissions=["clipboard-read", "clipboard-write"])
    # the share sheet (absent in this Chromium): what the page hands it is kept
    context.add_init_script("navigator.share = (data) => { window.sharedData = data; return Promise.resolve(); };")
    page = context.new_page()
    open_day(page, site_url)
    play_first_allowed(page, 2)
    resign_match(page)

    text, lines = share_lines(page)
    assert lines[0] == "Filler · board of the day #4 · 2026-12-04"
    assert re.fullmatch(r"Lost \d–\d against the master \(by resignation\) · \d+–\d+ cells", lines[1]), lines[1]
    picture = lines[2:-1]
    assert len(picture) == 7 and all(len(row) == 8 and set(row) <= SQUARES for row in picture)  # quick: 8 × 7
    assert lines[-1] == site_url + "#daily=2026-12-04"
    assert "moves=" not in text and len(lines) == 10  # the date, the result, the board, the link: no move
    assert page.get_attribute("#open-daily .daily-status", "data-status") == "played"
    assert days(page)[0]["result"]["outcome"] == "loss" and not days(page)[0]["late"]

    page.click('button[data-action="daily-copy"]')
    page.wait_for_selector(".daily-share-status:has-text('Copied')")
    assert page.evaluate("() => navigator.clipboard.readText()") == text
    page.click('button[data-action="daily-send"]')
    page.wait_for_selector(".daily-share-status:has-text('Sent.')")
    assert page.evaluate("() => window.sharedData") == {"text": text}
    page.evaluate("() => { navigator.clipboard.writeText = () => Promise.reject(new DOMException('no', 'NotAllowedError')); }")
    page.click('button[data-action="daily-copy"]')
    page.wait_for_selector(".daily-share-status:has-text('copy it by hand')")
    assert page.evaluate("() => document.activeElement.classList.contains('daily-share-text')")

    page.click("#open-options")
    page.select_option('dialog.options select[name="language"]', "nl")
    page.click("dialog.options button[type=submit]")
    page.wait_for_function("() => document.documentElement.lang === 'nl'")
    _, dutch = share_lines(page)
    assert dutch[0] == "Filler · bord van de dag #4 · 2026-12-04"
    assert re.fullmatch(r"Verloren van de meester, \d–\d \(door opgave\) · \d+–\d+ vakjes", dutch[1]), dutch[1]
    assert dutch[2:] == lines[2:]

    # the link, opened by a friend (a fresh profile): the same board, their own try of the day
    friend_context, _ = new_guarded_context(timezone_id="Europe/Amsterdam")
    friend = friend_context.new_page()
    open_day(friend, site_url, hash="#daily=2026-12-04")
    assert data(friend, "seed") == str(daily.day_seed("2026-12-04"))
    assert friend.get_attribute(".daily-kind", "data-kind") == "counted"

    # a wrong link and a future one (the page is in Dutch now): a message, a game to
    # play, the day played kept
    kept = days(page)
    for link, words in (("#daily=2026-02-30", "is geen datum"), ("#daily=2026-12-05", "is er nog niet")):
        page.goto("about:blank")
        page.goto(site_url + link)
        boot_page(page)
        page.wait_for_selector(f".daily-message:has-text('{words}')")
        assert data(page, "ready") == "1" and days(page) == kept


def test_the_streak_counts_days_in_a_row_and_never_a_replay_or_a_late_day(page, site_url):
    page.clock.set_fixed_time("2026-12-02T09:00:00")
    page.goto(site_url)
    boot_page(page)
    page.wait_for_selector('body[data-engine="ready"]', state="attached", timeout=BOOT_TIMEOUT_MS)

    def play_day(button="#open-daily"):
        page.click(button)
        page.wait_for_selector(f"{DAY_BAR} .daily-kind")
        page.wait_for_function("() => document.body.dataset.matchOver === '0' && document.body.dataset.tableId !== '0'")
        resign_match(page)
        return page.get_attribute(".daily-kind", "data-kind"), page.get_attribute(".daily-streak", "data-streak")

    assert play_day() == ("counted", "1")
    page.clock.set_fixed_time("2026-12-03T21:00:00")
    assert play_day() == ("counted", "2")
    assert play_day('button[data-action="daily-replay"]') == ("replay", "2")  # again: marked, not counted
    assert len(days(page)) == 2
    assert share_lines(page)[1][0].endswith("· replay")

    page.fill("#daily-date", "2026-12-01")  # a past day, from the picker: kept, not in the streak
    kind, streak = play_day('button[data-action="daily-pick"]')
    assert (kind, streak) == ("late", "2")
    assert page.get_attribute(".daily-streak", "data-counted") == "2"
    assert page.locator('.daily-history li[data-date="2026-12-01"] .daily-late').count() == 1
    # the Matches tab says which day's board each of them is
    page.click("#new-game")
    page.click('[data-tab="matches"]')
    said = page.eval_on_selector_all('.saved-list[data-list="finished"] .saved-match',
                                     "rows => rows.map(row => row.querySelector('.saved-daily')?.textContent)")
    assert sorted(said, key=str) == ["Board of the day, Thu, Dec 3", "Board of the day, Thu, Dec 3 (replay)",
                            "Board of the day, Tue, Dec 1 (played later)", "Board of the day, Wed, Dec 2"]
    page.click('button[data-action="close-lobby"]')

    page.clock.set_fixed_time("2026-12-05T08:00:00")  # the 4th was missed: a new streak
    assert play_day() == ("counted", "1")
    assert page.get_attribute(".daily-streak", "data-best") == "2"

    # the rule itself, over the turns of a month and a year
    streaks = page.evaluate("""async () => {
      const {dailyStreak} = await import('./js/store/daily.js');
      const day = (date, late = false, result = {}) => ({date, late, result});
      return [
        dailyStreak([day('2026-12-30'), day('2026-12-31'), day('2027-01-01')], '2027-01-01'),
        dailyStreak([day('2026-12-30'), day('2026-12-31')], '2027-01-01'),  // today not played yet
        dailyStreak([day('2026-12-30'), day('2026-12-31')], '2027-01-02'),  // a day missed
        dailyStreak([day('2027-02-28'), day('2027-03-01', true), day('2027-03-02')], '2027-03-02'),
        dailyStreak([day('2027-02-28'), {date: '2027-03-01', late: false, result: null}], '2027-03-01'),
      ];
    }""")
    assert [(s["current"], s["best"]) for s in streaks] == [(3, 3), (2, 2), (0, 2), (1, 1), (1, 1)]
