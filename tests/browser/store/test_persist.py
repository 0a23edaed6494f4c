"""Nothing lost on reload: every move saved at once, a reload (even while the
computer thinks) comes back to the same position, turn and clocks; a corrupt stored
entry is set aside with a notice and the rest works; a second tab says the match is
open elsewhere and can take it over; export then import into a fresh profile gives
the same lobby. Real Chromium, real localStorage.
"""

import json
import re

from driver import (BOOT_TIMEOUT_MS, ENGINE_READY, RESUMED, EngineHold, a_match_with_a_move,
                    boot_page, data, owners, play_one, resign, saved_match, start_match,
                    wait_engine, wait_my_turn_or_end)


def clock_text(ms):
    seconds = ms // 1000
    return f"{seconds // 60}:{seconds % 60:02d}"


def open_resumed(page, match_id):
    page.wait_for_function(RESUMED, arg=match_id, timeout=BOOT_TIMEOUT_MS)


def test_a_reload_mid_game_restores_position_turn_and_clocks(new_guarded_context, site_url):
    context, _ = new_guarded_context()
    page = context.new_page()
    boot_page(page, site_url)
    start_match(page, name="Gijs", clock=(5, 0))
    match_id = data(page, "matchId")
    play_one(page)
    wait_my_turn_or_end(page)
    before = {"owners": owners(page), "moves": data(page, "moves"), "turn": data(page, "turn")}
    page.reload()
    open_resumed(page, match_id)
    page.wait_for_selector(ENGINE_READY, state="attached")
    after = {"owners": owners(page), "moves": data(page, "moves"), "turn": data(page, "turn")}
    assert after == before
    saved = saved_match(page, match_id)["clock"]
    # the computer's clock does not run now: it shows exactly what was saved; the
    # person's runs on from what was saved (the time the page was away never counts)
    assert page.locator('.clock[data-seat="1"]').text_content() == clock_text(saved["left_ms"][1])
    assert saved["left_ms"][0] < 300_000
    assert page.locator('.clock[data-seat="0"][data-running]').count() == 1

    # a reload right after a move, while the computer thinks: it still answers after
    moves = int(data(page, "moves"))
    play_one(page)
    page.reload()
    open_resumed(page, match_id)
    page.wait_for_function("(n) => Number(document.body.dataset.moves) >= n + 2", arg=moves)
    assert len(saved_match(page, match_id)["events"]) >= moves + 2


def test_the_first_board_of_a_visit_is_saved_and_resumed(new_guarded_context, site_url):
    """The board the page shows on arrival (drawn before Python is up) is a game like
    any other: its first move is saved and a reload comes back to it. A new player's is
    quick 8×7 against the beginner (the engine's first game), the lobby's too; a returning
    player's is what they last chose."""
    context, _ = new_guarded_context()
    page = context.new_page()
    boot_page(page, site_url)
    wait_engine(page)
    page.wait_for_function("() => document.body.dataset.tableId !== '0' && document.body.dataset.matchId !== ''")
    assert data(page, "variant") == "quick" and page.locator(".board .cell").count() == 8 * 7
    assert page.inner_text(".level-badge") == "Beginner"
    page.click("#new-game")
    assert page.input_value('select[name="variant"]') == "quick"
    assert page.input_value('select[name="seat1-level"]') == "beginner"
    page.click('button[data-action="close-lobby"]')
    match_id = data(page, "matchId")
    play_one(page)
    wait_my_turn_or_end(page)
    before = {"owners": owners(page), "moves": data(page, "moves"), "turn": data(page, "turn")}
    assert len(saved_match(page, match_id)["events"]) == int(before["moves"])
    page.reload()
    open_resumed(page, match_id)
    page.wait_for_selector(ENGINE_READY, state="attached")
    assert {"owners": owners(page), "moves": data(page, "moves"), "turn": data(page, "turn")} == before

    # a returning player chose classic against greedy: a visit with nothing to resume opens that
    resign(page, "game")
    start_match(page, variant="classic", name="Fay", games=1, level="greedy")
    play_one(page)
    resign(page, "game")
    page.wait_for_selector('body[data-match-over="1"]', state="attached")
    page.reload()
    wait_engine(page)
    page.wait_for_function("() => document.body.dataset.tableId !== '0' && document.body.dataset.over === '0'")
    assert data(page, "variant") == "classic" and data(page, "moves") == "0"
    assert page.inner_text(".level-badge") == "Greedy"


def test_a_corrupt_entry_is_set_aside_and_the_rest_works(new_guarded_context, site_url, tmp_path):
    context, _ = new_guarded_context()
    page, match_id = a_match_with_a_move(context, site_url, "Hans")
    page.evaluate("localStorage.setItem('filler:match:m-broken', '{this is not json')")
    page.reload()
    open_resumed(page, match_id)
    page.wait_for_selector('.notice[data-kind="corrupt"]')
    text = page.locator('.notice[data-kind="corrupt"]').text_content()
    assert "Set aside, not deleted: the saved match m-broken (unreadable or foreign)" in text
    assert page.evaluate("Object.keys(localStorage).some(k => k.startsWith('filler:quarantine:'))")
    # the notice offers the export, which holds the set-aside value as it was
    with page.expect_download() as download:
        page.click('.notice[data-kind="corrupt"] button[data-action="export"]')
    download.value.save_as(tmp_path / "filler.json")
    exported = json.loads((tmp_path / "filler.json").read_text())
    assert [entry["value"] for entry in exported["set_aside"]] == ["{this is not json"]
    play_one(page)  # the match goes on
    page.click("#new-game")
    page.click('[data-tab="matches"]')
    assert page.locator(f'.saved-match[data-id="{match_id}"]').count() == 1
    page.click('button[data-action="close-lobby"]')


def test_a_second_tab_says_open_elsewhere_and_takes_over(new_guarded_context, site_url):
    context, _ = new_guarded_context()
    first, match_id = a_match_with_a_move(context, site_url, "Ida")
    second = context.new_page()
    second.goto(site_url)
    second.wait_for_selector('.notice[data-kind="open-elsewhere"]', timeout=BOOT_TIMEOUT_MS)
    assert "open in another tab" in second.locator('.notice[data-kind="open-elsewhere"]').text_content()
    second.click('button[data-action="take-over"]')
    open_resumed(second, match_id)
    assert owners(second) == owners(first)
    first.wait_for_selector('.notice[data-kind="taken-over"]')
    assert data(first, "readOnly") == "taken-over"
    assert first.locator(".notice").count() == 1  # one notice for one event
    play_one(second)
    assert len(saved_match(second, match_id)["events"]) > 2


def test_a_match_left_locked_by_a_tab_that_is_gone_reopens_when_its_lease_runs_out(new_guarded_context, site_url):
    """A tab that ends without letting go of its match (closed before its last write was
    kept, crashed, killed by the phone) leaves a lease it no longer renews: the next visit
    says the match is open elsewhere, and once that lease has run out reopens it by itself."""
    context, _ = new_guarded_context()
    first, match_id = a_match_with_a_move(context, site_url, "Ida")
    wait_my_turn_or_end(first)   # the computer's reply made and kept before the tab goes
    before = owners(first)
    first.close()  # lets go of the match (pagehide)
    second = context.new_page()
    # the page's clock is the test's: the lease runs out when the test says, not while a
    # slow boot under load is still going (it ran out 4 s after it was left, before the
    # engine was up to find it, and the notice never came)
    second.clock.install()
    second.goto(site_url + "rules.html")  # same origin, no table: leave a stale lease behind
    second.evaluate("""(id) => localStorage.setItem('filler:lock:' + id,
        JSON.stringify({version: 1, tab: 'tab-gone', expires: Date.now() + 60000}))""", match_id)
    second.goto(site_url)
    second.wait_for_selector('.notice[data-kind="open-elsewhere"]', timeout=BOOT_TIMEOUT_MS)
    second.clock.fast_forward(61000)  # the gone tab's lease runs out
    open_resumed(second, match_id)  # nobody clicked "Play it here"
    assert owners(second) == before
    assert second.locator('.notice[data-kind="open-elsewhere"]').count() == 0
    play_one(second)
    assert len(saved_match(second, match_id)["events"]) > 2


def test_a_match_left_by_a_tab_the_browser_ended_reopens_at_once(new_guarded_context, site_url):
    """A tab's lease says it holds a Web Lock for as long as it lives; the browser lets
    go of that lock however the tab ends (a phone killing the browser before the tab's
    last word was kept). The next visit saw a lease that ran 20 s more and waited for it
    (a later visit of the page bench once took 19.5 s); now it sees the lock gone and
    reopens the match at once, however long the lease would still run."""
    context, _ = new_guarded_context()
    first, match_id = a_match_with_a_move(context, site_url, "Ida")
    wait_my_turn_or_end(first)
    before = owners(first)
    lease = json.loads(first.evaluate("(id) => localStorage.getItem('filler:lock:' + id)", match_id))
    assert lease["locked"] is True and lease["tab"]  # this tab's lease says it holds its tab lock
    first.close()
    second = context.new_page()
    second.goto(site_url + "rules.html")  # same origin, no table: a lease left by a tab that is gone
    second.evaluate("""(id) => localStorage.setItem('filler:lock:' + id,
        JSON.stringify({version: 1, tab: 'tab-gone', expires: Date.now() + 600000, locked: true}))""", match_id)
    second.goto(site_url)
    open_resumed(second, match_id)  # ten minutes before the lease runs out, nobody clicking
    assert owners(second) == before
    assert second.locator('.notice[data-kind="open-elsewhere"]').count() == 0
    play_one(second)
    assert len(saved_match(second, match_id)["events"]) > 2


def lobby_texts(page):
    page.click("#new-game")
    page.click('[data-tab="matches"]')
    # what each list says of each match (its buttons differ: the match at the table has no Delete)
    matches = page.eval_on_selector_all(".saved-list", "lists => lists.map(list => [list.dataset.list,"
                                        " [...list.querySelectorAll('.saved-main, small')].map(n => n.innerText)])")
    page.click('[data-tab="players"]')
    players = page.locator('table[data-table="players"]').inner_text()
    page.click('button[data-action="close-lobby"]')
    return matches, players


def test_export_then_import_into_a_fresh_profile_gives_the_same_lobby(new_guarded_context, site_url, tmp_path):
    context, _ = new_guarded_context()
    page = context.new_page()
    boot_page(page, site_url)
    start_match(page, name="Jet")
    for _ in range(2):
        wait_my_turn_or_end(page)
        resign(page, "game")
        page.wait_for_function("() => document.body.dataset.between === '1' || document.body.dataset.matchOver === '1'")
        if data(page, "between") == "1":
            page.click('button[data-action="ready"]')
            page.wait_for_function("() => document.body.dataset.between === '0'")
    page.wait_for_selector('body[data-rated="1"]', state="attached")
    start_match(page, name="Jet", games=1)
    play_one(page)
    wait_my_turn_or_end(page)  # the computer's reply is stored too, before the lobby is read
    expected = lobby_texts(page)
    assert "Jet" in expected[1]
    page.click("#new-game")
    page.click('[data-tab="players"]')
    with page.expect_download() as download:
        page.click('button[data-action="export"]')
    path = tmp_path / "filler.json"
    download.value.save_as(path)
    exported = json.loads(path.read_text())
    assert len(exported["matches"]) == 2

    fresh, _ = new_guarded_context()
    other = fresh.new_page()
    boot_page(other, site_url)
    wait_engine(other)
    other.click("#new-game")
    other.click('[data-tab="players"]')
    other.set_input_files('input[name="import"]', str(path))
    other.wait_for_selector(".import-report")
    report = other.locator(".import-report").inner_text()
    assert "0 refused" in report
    other.click('button[data-action="close-lobby"]')
    assert lobby_texts(other) == expected

    # a match whose moves do not replay is refused by the engine, the rest taken
    broken = json.loads(path.read_text())
    broken["matches"][0]["id"] = "m-tampered"
    broken["matches"][0]["events"].insert(0, ["move", 0, 99])
    path.write_text(json.dumps(broken))
    other.click("#new-game")
    other.click('[data-tab="players"]')
    other.set_input_files('input[name="import"]', str(path))
    other.wait_for_selector(".import-report li")
    assert "m-tampered" in other.locator(".import-report").inner_text()


def test_a_saved_match_can_be_deleted_from_the_lobby_after_asking(new_guarded_context, site_url):
    context, _ = new_guarded_context()
    page = context.new_page()
    boot_page(page, site_url)
    start_match(page, name="Ilse", games=2)
    finished = data(page, "matchId")
    play_one(page)
    resign(page, "match")
    page.wait_for_selector('body[data-rated="1"]', state="attached")  # the rating change is stored
    ratings = page.evaluate("localStorage.getItem('filler:ratings')")
    assert "Ilse" in ratings
    start_match(page, name="Ilse", games=1)
    at_table = data(page, "matchId")
    play_one(page)
    page.click("#new-game")
    page.click('[data-tab="matches"]')
    row = page.locator(f'.saved-match[data-id="{finished}"]')
    # the match at the table cannot be deleted from under it
    assert page.locator(f'.saved-match[data-id="{at_table}"] button[data-action="delete"]').count() == 0
    row.locator('button[data-action="delete"]').click()
    assert "Ratings stay as they are" in row.text_content()
    row.locator('button[data-action="keep"]').click()  # changed my mind
    assert row.locator('button[data-action="confirm-delete"]').count() == 0
    assert saved_match(page, finished)["players"][0]["name"] == "Ilse"
    row.locator('button[data-action="delete"]').click()
    row.locator('button[data-action="confirm-delete"]').click()
    page.wait_for_selector(f'.saved-match[data-id="{finished}"]', state="detached")
    assert page.evaluate("(id) => localStorage.getItem('filler:match:' + id)", finished) is None
    assert page.evaluate("localStorage.getItem('filler:ratings')") == ratings
    # the focus stays in the list, and after a reload the match stays gone
    assert page.evaluate("document.activeElement.closest('.lobby') !== null")
    page.reload()
    open_resumed(page, at_table)
    page.click("#new-game")
    page.click('[data-tab="matches"]')
    assert page.locator(f'.saved-match[data-id="{finished}"]').count() == 0
    assert page.locator(f'.saved-match[data-id="{at_table}"]').count() == 1


# From the page's first mutation on: the first board it shows (body[data-ready]), with
# the engine's state then, as bench/page.py records its milestones.
RECORD_FIRST_BOARD = """
new MutationObserver(() => {
  const data = document.body && document.body.dataset;
  if (!data || data.ready !== '1' || window.__firstBoard) return;
  const cells = [...document.querySelectorAll('.board .cell')];
  window.__firstBoard = {engine: data.engine, moves: data.moves, matchId: data.matchId, turn: data.turn,
                         owners: cells.map(c => c.dataset.owner || '.').join(''),
                         colors: cells.map(c => c.dataset.color).join('')};
}).observe(document, {subtree: true, attributes: true, childList: true});
"""
PLAY_WHILE_BOOTING = """() => {
  if (document.body.dataset.engine !== 'booting') return null;
  const button = document.querySelector('.color-button:not([aria-disabled])');
  button.click();
  return Number(button.dataset.color);
}"""


def colors(page):
    return page.evaluate("[...document.querySelectorAll('.board .cell')].map(c => c.dataset.color).join('')")


def test_a_reload_mid_game_draws_the_match_before_the_engine_is_up(new_guarded_context, site_url):
    context, _ = new_guarded_context()
    context.add_init_script(RECORD_FIRST_BOARD)
    page = context.new_page()
    boot_page(page, site_url)
    start_match(page, variant="quick", name="Kees", games=1)
    match_id = data(page, "matchId")
    play_one(page)
    wait_my_turn_or_end(page)
    moves = int(data(page, "moves"))
    before = {"engine": "booting", "moves": str(moves), "matchId": match_id, "turn": "0",
              "owners": owners(page), "colors": colors(page)}

    # the board of the match to be resumed, with its moves, while Python boots; a move
    # made on it then is played once the engine has replayed the match
    page.reload()
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=BOOT_TIMEOUT_MS)
    played = page.evaluate(PLAY_WHILE_BOOTING)
    assert page.evaluate("window.__firstBoard") == before
    assert played is not None
    page.wait_for_function(RESUMED, arg=match_id, timeout=BOOT_TIMEOUT_MS)
    page.wait_for_function("(n) => Number(document.body.dataset.moves) > n", arg=moves)
    assert saved_match(page, match_id)["events"][moves] == ["move", 0, played]
    wait_my_turn_or_end(page)

    # a kept state that is not what the engine replays: drawn first, then the engine's wins
    truth = {"moves": data(page, "moves"), "owners": owners(page), "colors": colors(page)}
    page.goto(site_url + "rules.html")  # the table's page has gone (and saved what it shows)
    page.evaluate("""() => {
      const shown = JSON.parse(localStorage.getItem('filler:shown'));
      shown.state.cell_colors = shown.state.cell_colors.replace(/[0-9]/g, '0');
      localStorage.setItem('filler:shown', JSON.stringify(shown));
    }""")
    page.goto(site_url)
    page.wait_for_function(RESUMED, arg=match_id, timeout=BOOT_TIMEOUT_MS)
    first = page.evaluate("window.__firstBoard")
    assert first["engine"] == "booting" and first["colors"] == re.sub(r"\d", "0", truth["colors"])
    assert {"moves": data(page, "moves"), "owners": owners(page), "colors": colors(page)} == truth

    # one that is not even readable: ignored without a word, the match resumes as before
    page.goto(site_url + "rules.html")
    page.evaluate("() => localStorage.setItem('filler:shown', '{nope')")
    page.goto(site_url)
    page.wait_for_function(RESUMED, arg=match_id, timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("window.__firstBoard")["engine"] == "ready"
    assert {"moves": data(page, "moves"), "owners": owners(page), "colors": colors(page)} == truth
    assert page.locator(".notice").count() == 0


def test_a_game_chosen_before_the_engine_is_up_is_not_replaced_by_the_resumed_match(new_guarded_context, site_url):
    # no service worker, and the engine's snapshot held back: the engine stays down
    # until the new game has been chosen
    context, _ = new_guarded_context(service_workers="block")
    page = context.new_page()
    boot_page(page, site_url)
    start_match(page, variant="classic", name="Lies", games=1)
    waiting = data(page, "matchId")
    play_one(page)
    held = []
    context.route("**/*.snapshot", lambda route: held.append(route))
    page.reload()
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=BOOT_TIMEOUT_MS)
    assert data(page, "engine") == "booting" and data(page, "matchId") == waiting  # drawn before boot
    page.click("#new-game")
    page.select_option('select[name="variant"]', "quick")
    page.click('button[data-action="start"]')
    assert data(page, "engine") == "booting"
    for route in held:
        route.continue_()
    context.unroute("**/*.snapshot")
    wait_engine(page)
    page.wait_for_function("() => document.body.dataset.tableId !== '0' && document.body.dataset.variant === 'quick'")
    assert data(page, "matchId") != waiting
    # the match that waited is still in the lobby, to resume when wanted
    page.click("#new-game")
    page.click('[data-tab="matches"]')
    assert page.locator(f'.saved-match[data-id="{waiting}"] button[data-action="resume"]').count() == 1


# The page's own listener, before the page's scripts: what the clocks showed as the page
# was left (no clock is drawn between it and the page's save, in the same event).
RECORD_CLOCKS_WHEN_LEFT = """
addEventListener('pagehide', () => {
  const shown = [...document.querySelectorAll('.clock')].map((clock) => Number(clock.dataset.leftMs));
  sessionStorage.setItem('clocks-when-left', JSON.stringify(shown));
}, {capture: true});
"""
SHOWN_CLOCKS = "[...document.querySelectorAll('.clock')].map((clock) => Number(clock.dataset.leftMs))"


def test_a_reload_never_costs_a_player_clock_time(new_guarded_context, site_url):
    # one of 8 reloads gave the player's clock back 465 ms short, the others up to 150 ms:
    # the page saved its clock as of leaving, some ticks after it last showed it; each
    # reload now gives back what the page showed as it was left, to the millisecond
    context, _ = new_guarded_context(service_workers="block")
    context.add_init_script(RECORD_CLOCKS_WHEN_LEFT)
    page = context.new_page()
    boot_page(page, site_url)
    start_match(page, name="Rik", clock=(5, 0), games=1)
    match_id = data(page, "matchId")
    play_one(page)
    engine = EngineHold(context)  # while the engine is down, the page shows what it restored
    engine.release()
    for _ in range(5):
        wait_my_turn_or_end(page)
        page.wait_for_selector('.clock[data-seat="0"][data-running]', state="attached")
        engine.hold()
        page.reload()
        page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=BOOT_TIMEOUT_MS)
        assert data(page, "engine") == "booting" and data(page, "matchId") == match_id
        when_left = json.loads(page.evaluate("sessionStorage.getItem('clocks-when-left')"))
        saved = saved_match(page, match_id)["clock"]["left_ms"]
        restored = page.evaluate(SHOWN_CLOCKS)
        assert restored == saved and all(back >= shown for back, shown in zip(saved, when_left)), \
            (when_left, saved)
        engine.release()
        open_resumed(page, match_id)
