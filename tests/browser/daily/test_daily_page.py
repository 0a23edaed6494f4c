"""The board of the day in the page (js/flows/daily.js): two fresh profiles on the same
local date meet the same board and the same master's replies to the same moves (one
reloaded on the way: the saved match resumes against the same master), and a time zone
where it is another date meets another board; a finished day's result to
send, in English and in Dutch, by the share sheet and the clipboard, without its moves,
and its link opens the same board; a bad or future link gets a message and loses
nothing; the streak counts days in a row, never a replay or a day played later.

Each context's clock is fixed (Playwright's page.clock), so the date is the test's;
the expected boards come from the engine's rule (filler.daily), never from the page."""

import datetime
import json
import re

import pytest
from driver import BOOT_TIMEOUT_MS, RESUMED, boot_page, data, saved_match, settle, wait_engine, with_storage

from filler import daily

DAY_BAR = ".daily-bar:not([hidden])"
SHARE = ".daily-share:not([hidden]) .daily-share-text"
SQUARES = set("🟥🟧🟨🟩🟦🟪🟫⬛⬜")
NOON_UTC = "2026-12-04T12:00:00Z"  # Amsterdam and Los Angeles: the 4th; Kiritimati (UTC+14): the 5th

pytestmark = pytest.mark.own_context  # page.clock is its context's clock


def open_day(page, site_url, at=NOON_UTC, hash="", fresh=False):
    """A visit at the fixed time `at`, then the board of the day (its button, or the
    link `hash`); `fresh`: the button says that today's is not played yet."""
    page.clock.set_fixed_time(at)
    page.goto(site_url + hash)
    boot_page(page)
    wait_engine(page)
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
    return saved_match(page, data(page, "matchId"))["events"]


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
    context, _ = new_guarded_context(timezone_id="Europe/Amsterdam", permissions=["clipboard-read", "clipboard-write"],
                                     viewport={"width": 1280, "height": 800})
    # the share sheet (absent in this Chromium): what the page hands it is kept
    context.add_init_script("navigator.share = (data) => { window.sharedData = data; return Promise.resolve(); };")
    page = context.new_page()
    open_day(page, site_url)
    play_first_allowed(page, 1)
    page.click('button[data-action="resign"]:not([disabled])')  # game 1; the only person waits for nobody else
    page.click('button[data-action="confirm-resign"]')
    page.wait_for_selector('.status:has-text("Game 2 starts when you are ready")')
    page.click('button[data-action="ready"]')
    resign_match(page)

    text, lines = share_lines(page)
    assert lines[0] == "Filler · board of the day #4 · Fri, Dec 4, 2026"  # the date as the page writes it
    assert re.fullmatch(r"Lost \d–\d against the master \(by resignation\) · \d+–\d+ cells", lines[1]), lines[1]
    picture = lines[2:-1]
    assert len(picture) == 7 and all(len(row) == 8 and set(row) <= SQUARES for row in picture)  # quick: 8 × 7
    assert lines[-1] == site_url + "#daily=2026-12-04"
    assert "moves=" not in text and len(lines) == 10  # the date, the result, the board, the link: no move
    assert page.get_attribute("#open-daily .daily-status", "data-status") == "played"
    assert days(page)[0]["result"]["outcome"] == "loss" and not days(page)[0]["late"]
    # one "play it again" (the result's, not the primary button: sending is), and the
    # text to send and the buttons in view on a desktop without a scroll
    again = page.locator('.over-actions button[data-action="again"]')
    assert again.inner_text() == "Play it again (it does not count)" and "primary" not in (again.get_attribute("class") or "")
    assert page.locator('button[data-action="daily-replay"]').count() == 0
    in_view = """(selector) => { const box = document.querySelector(selector).getBoundingClientRect();
                                 return box.top >= 0 && box.bottom <= innerHeight; }"""
    for selector in (".daily-share-text", 'button[data-action="daily-copy"]', '.over-actions button[data-action="new"]'):
        assert page.evaluate(in_view, selector), selector
    # quick's six colors: six squares apart, none white (a territory in white reads as empty)
    squares = page.evaluate("""async () => {
      const {EMOJI} = await import('./js/ui/palette.js');
      return Object.entries(EMOJI).filter(([name]) => name !== 'none').map(([, squares]) => squares.slice(0, 6));
    }""")
    assert all(len(set(six)) == 6 and not set(six) & {"⬜", "⬛"} for six in squares), squares

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
    assert dutch[0] == "Filler · bord van de dag #4 · vr 4 dec 2026"
    assert re.fullmatch(r"Verloren van de meester, \d–\d \(door opgave\) · \d+–\d+ vakjes", dutch[1]), dutch[1]
    assert dutch[2:] == lines[2:]

    # the link, opened by a friend (a fresh profile): the same board, their own try of the day
    friend_context, _ = new_guarded_context(timezone_id="Europe/Amsterdam")
    friend = friend_context.new_page()
    open_day(friend, site_url, hash="#daily=2026-12-04")
    assert data(friend, "seed") == str(daily.day_seed("2026-12-04"))
    assert friend.get_attribute(".daily-kind", "data-kind") == "counted"

    # a wrong link (also after a game's parameters) and a future one (the page is in
    # Dutch now): a message, its dates as the page writes them, a game to play, the day
    # played kept
    kept = days(page)
    for link, words in (("#daily=2026-02-30", "„2026-02-30” is geen datum"),
                        ("?variant=hex&seed=3#daily=2026-13-01", "„2026-13-01” is geen datum"),
                        ("#daily=2026-12-05", "Het bord van za 5 dec 2026 is er nog niet: hier is het vr 4 dec 2026")):
        page.goto("about:blank")
        page.goto(site_url + link)
        boot_page(page)
        page.wait_for_selector(f".daily-message:has-text('{words}')")
        assert data(page, "ready") == "1" and days(page) == kept


def test_the_streak_counts_days_in_a_row_and_never_a_replay_or_a_late_day(page, site_url):
    page.clock.set_fixed_time("2026-12-02T09:00:00")
    page.goto(site_url)
    boot_page(page)
    wait_engine(page)

    def play_day(button="#open-daily"):
        page.click(button)
        page.wait_for_selector(f"{DAY_BAR} .daily-kind")
        page.wait_for_function("() => document.body.dataset.matchOver === '0' && document.body.dataset.tableId !== '0'")
        resign_match(page)
        return page.get_attribute(".daily-kind", "data-kind"), page.get_attribute(".daily-streak", "data-streak")

    assert play_day() == ("counted", "1")
    page.clock.set_fixed_time("2026-12-03T21:00:00")
    assert play_day() == ("counted", "2")
    assert play_day('.over-actions button[data-action="again"]') == ("replay", "2")  # again: marked, not counted
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

    # the day's own try, begun and deleted from Matches: the question says what that
    # means, and the day is given up, lost by resignation (played: the streak goes on)
    page.clock.set_fixed_time("2026-12-06T08:00:00")
    page.click("#open-daily")
    page.wait_for_selector(f"{DAY_BAR} .daily-kind[data-kind='counted']")
    page.wait_for_function("() => document.body.dataset.matchOver === '0' && document.body.dataset.tableId !== '0'")
    play_first_allowed(page, 1)
    match_id = data(page, "matchId")
    page.click('.daily-history li[data-date="2026-12-05"] button[data-action="daily-show"]')  # another table
    page.wait_for_function("(id) => document.body.dataset.matchId !== id", arg=match_id)
    page.click("#new-game")
    page.click('[data-tab="matches"]')
    row = page.locator(f'.saved-match[data-id="{match_id}"]')
    row.locator('button[data-action="delete"]').click()
    question = row.locator(".saved-confirm").inner_text()
    assert "board of the day of Sun, Dec 6, 2026" in question and "lost by resignation" in question
    assert "Ratings" not in question
    row.locator('button[data-action="confirm-delete"]').click()
    row.wait_for(state="detached")
    page.keyboard.press("Escape")
    page.wait_for_selector(".daily-streak[data-streak='2']")
    [given_up] = [day for day in days(page) if day["date"] == "2026-12-06"]
    assert (given_up["result"]["outcome"], given_up["result"]["kind"], given_up["late"]) == ("loss", "resign", False)
    assert page.get_attribute("#open-daily .daily-status", "data-status") == "played"
    assert "Lost" in page.inner_text('.daily-history li[data-date="2026-12-06"] .daily-day-result')

    # the rule itself, over the turns of a month and a year
    streaks = page.evaluate("""async () => {
      const {dailyStreak} = await import('./js/store/storage.js');
      const day = (date, late = false, result = {}) => ({date, late, result, started: Date.parse(`${date}T12:00:00Z`)});
      return [
        dailyStreak([day('2026-12-30'), day('2026-12-31'), day('2027-01-01')], '2027-01-01'),
        dailyStreak([day('2026-12-30'), day('2026-12-31')], '2027-01-01'),  // today not played yet
        dailyStreak([day('2026-12-30'), day('2026-12-31')], '2027-01-02'),  // a day missed
        dailyStreak([day('2027-02-28'), day('2027-03-01', true), day('2027-03-02')], '2027-03-02'),
        dailyStreak([day('2027-02-28'), {...day('2027-03-01'), result: null}], '2027-03-01'),
        // begun on another day (whatever `late` says), or a day to come: no day of the streak
        dailyStreak([day('2027-02-28'), {...day('2027-03-01'), started: Date.parse('2027-03-03T12:00:00Z')}], '2027-03-03'),
        dailyStreak([day('2027-02-28'), day('2027-03-01')], '2027-02-28'),
      ];
    }""")
    assert [(s["current"], s["best"]) for s in streaks] == [(3, 3), (2, 2), (0, 2), (1, 1), (1, 1), (0, 1), (1, 1)]


def noon(date):
    return int(datetime.datetime.fromisoformat(date).replace(hour=12, tzinfo=datetime.timezone.utc).timestamp() * 1000)


def won_day(date, match=None, started=None):
    return {"date": date, "match": match, "started": noon(date) if started is None else started, "late": False,
            "result": {"outcome": "win", "kind": "clear", "points": [2, 0], "totals": [40, 16]}, "final": None}


def test_a_forged_history_and_a_clock_set_back_count_no_day_never_played(new_guarded_context, site_url):
    context, _ = new_guarded_context(timezone_id="Europe/Amsterdam")
    # 500 won days in a row, begun in 1970, ending on the 3rd; the 4th twice; the 6th; won
    # days to come
    forged = [won_day(str(datetime.date(2026, 12, 3) - datetime.timedelta(days=back)), started=1000)
              for back in range(499, -1, -1)]
    days_stored = (forged + [won_day("2026-12-04", "m-fourth"), won_day("2026-12-04", "m-again", noon("2026-12-04") + 60_000),
                             won_day("2026-12-06")] + [won_day(date) for date in ("2026-12-25", "2030-01-01", "9999-12-31")])
    # an unfinished classic match that says it is the board of the 3rd
    marked = {"format": "filler-match", "version": 1, "id": "m-marked", "variant": "classic", "seed": 5, "options": {},
              "games": 2, "players": [{"kind": "human", "name": ""}, {"kind": "computer", "level": "greedy", "name": ""}],
              "events": [], "clock": None, "created": 1000, "updated": 2000, "finished": False, "result": None,
              "daily": {"date": "2026-12-03", "number": 3, "kind": "late"}}
    with_storage(context, site_url, {"filler:daily": json.dumps({"version": 1, "days": days_stored}),
                                     "filler:match:m-marked": json.dumps(marked)})
    page = context.new_page()
    page.clock.set_fixed_time("2026-12-07T09:00:00Z")
    page.goto(site_url)
    # the marked match opens as an ordinary one, once, and says so
    page.wait_for_function(RESUMED, arg="m-marked", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_selector('.notice[data-kind="daily-mark"]')
    assert data(page, "variant") == "classic" and page.locator(DAY_BAR).count() == 0
    assert "daily" not in json.loads(page.evaluate("() => localStorage.getItem('filler:match:m-marked')"))
    # the days before the first and the 4th's second entry are set aside, with a notice
    aside = page.inner_text('.notice[data-kind="corrupt"]')
    assert "2026-12-04" in aside and "497 entries" in aside and len(aside) < 300  # a few named, not 497

    page.click("#open-daily")  # today's try begun
    page.wait_for_selector(f"{DAY_BAR} .daily-kind[data-kind='counted']")
    listed = page.eval_on_selector_all(".daily-history li", "items => items.map((item) => item.dataset.date)")
    assert listed == ["2026-12-07", "2026-12-06", "2026-12-04", "2026-12-03", "2026-12-02", "2026-12-01"]
    assert page.locator('.daily-history li[data-date="2026-12-03"] .daily-late').inner_text() == "played later"
    streak = page.locator(".daily-streak")
    assert (streak.get_attribute("data-streak"), streak.get_attribute("data-counted")) == ("1", "2")

    # the clock set back to the 5th, a day missed: played then, it was played after the 6th and the 7th
    page.clock.set_fixed_time("2026-12-05T09:00:00Z")
    page.click("#open-daily")
    page.wait_for_function("() => document.querySelector('.daily-bar:not([hidden])')?.textContent.includes('#5')"
                           " && document.body.dataset.matchOver === '0'")
    assert page.get_attribute(".daily-kind", "data-kind") == "late"
    resign_match(page)
    assert page.get_attribute(".daily-kind", "data-kind") == "late"
    page.clock.set_fixed_time("2026-12-07T09:00:00Z")
    page.click("#open-daily")
    page.wait_for_function("() => document.querySelector('.daily-bar:not([hidden])')?.textContent.includes('#7')")
    assert (streak.get_attribute("data-streak"), streak.get_attribute("data-best")) == ("1", "1")
    assert [day["late"] for day in days(page) if day["date"] == "2026-12-05"] == [True]

    # the history is read once: hovers redraw without reading it again; another tab's change is seen
    page.evaluate("""() => {
      window.dailyReads = 0;
      const getItem = Storage.prototype.getItem;
      Storage.prototype.getItem = function (key) {
        if (key === 'filler:daily') window.dailyReads += 1;
        return getItem.call(this, key);
      };
    }""")
    buttons = page.locator(".color-button")
    for index in range(10):
        buttons.nth(index % buttons.count()).hover()
        settle(page)  # its redraw done
    assert page.evaluate("window.dailyReads") == 0
    other = context.new_page()
    other.goto(site_url + "rules.html")
    other.evaluate("""() => {
      const stored = JSON.parse(localStorage.getItem('filler:daily'));
      stored.days = stored.days.filter((day) => day.date !== '2026-12-06');
      localStorage.setItem('filler:daily', JSON.stringify(stored));
    }""")
    page.wait_for_selector(".daily-streak[data-streak='0'][data-counted='1']")
    # the store's first day is the engine's
    assert page.evaluate("async () => (await import('./js/store/storage.js')).FIRST_DAY") == daily.FIRST_DAY
