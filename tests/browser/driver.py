"""What the browser tests do at the page and read from it, in the product's words: boot,
start a game or a match from the lobby, play a color, switch the language, read the
body's data, wait for the engine, read the cells' owners, open the store, play by a
friend's link... Every test file of tests/browser imports its helpers from here and no
test file imports another; the fixtures (a page, a booted page, the site's URL, more
contexts) are conftest.py's, whose module text lists them.

It is found as `driver` from every folder: pytest puts tests/browser on sys.path when it
loads tests/browser/conftest.py (its rootdir conftest, the default "prepend" import
mode). A helper is here once a second file needs it; what one file alone needs stays in
that file.

Waits use Playwright's auto-waiting and wait_for_* on the page's data attributes (no
sleeps); BOOT_TIMEOUT_MS allows for a slow boot on a loaded 2-core machine.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import TimeoutError as PlaywrightTimeout

import filler

ROOT = Path(__file__).resolve().parents[2]

BOOT_TIMEOUT_MS = 120_000
ACTION_TIMEOUT_MS = 30_000
# the board takes moves (drawn from the static snapshot, before Python is up)
READY_SELECTOR = 'body[data-ready="1"]'
# the engine is up in the worker
ENGINE_READY = 'body[data-engine="ready"]'
# A saved match reopened on the engine (not only drawn before boot from its last state):
# wait_for_function(RESUMED, arg=match_id)
RESUMED = "(id) => document.body.dataset.matchId === id && document.body.dataset.tableId !== '0'"
# A first visit is over once the site is saved for offline play (offline.js) and the
# engine's worker has kept the decoded runtime (js/engine/worker.js). Polled, with
# arg=[build.json "cache", build.json "snapshot" or null]: each call starts a look and
# returns what the last one found (caches.match, which never makes a cache).
SITE_SAVED = """([cache, snapshot]) => {
  import(new URL('js/flows/offline.js', document.baseURI).href).then(async (offline) => {
    window.__saved = offline.offlineState().status === 'ready' && (!snapshot
      || Boolean(await caches.match(new URL(snapshot + '?restored', document.baseURI).href, {cacheName: cache})));
  });
  return window.__saved === true;
}"""


# ---------------------------------------------------------------- watching a context

LOCAL_SCHEMES = {"data", "blob", "about", "chrome-error"}
LOCAL_HOSTS = {"127.0.0.1", "localhost"}


def is_local(url: str) -> bool:
    parts = urlsplit(url)
    return parts.scheme in LOCAL_SCHEMES or parts.hostname in LOCAL_HOSTS


class Guard:
    """Records console errors, uncaught page errors and non-local requests of a context."""

    def __init__(self, name: str = "page"):
        self.name = name
        self.console_errors: list[str] = []
        self.outside_requests: list[str] = []
        self.allowed: list[re.Pattern] = []

    def allow_console(self, pattern: str) -> None:
        """Expect console errors matching `pattern` (a regex searched in the text)."""
        self.allowed.append(re.compile(pattern))

    def attach(self, context) -> None:
        # (the context's console event carries its pages' and their workers' messages)
        # A request outside this machine cannot succeed in the tests' browser (conftest.py
        # CHROMIUM_ARGS: no host resolves but 127.0.0.1 and localhost, an address given as
        # numbers neither), so it shows as a failed request (test_isolation.py);
        # listening to every request instead cost some 5 % of the browser tests' CPU
        # (an event and a Request object in this process for each; docs/testing.md).
        # The page's own policy refuses one before it is made, with a console error.
        self.listeners = [("requestfailed", self._on_request), ("console", self._on_console),
                          ("weberror", self._on_web_error)]
        for event, listener in self.listeners:
            context.on(event, listener)

    def detach(self, context) -> None:
        for event, listener in self.listeners:
            context.remove_listener(event, listener)

    def _on_web_error(self, web_error) -> None:
        self.console_errors.append(f"uncaught: {web_error.error}")

    def _on_request(self, request) -> None:
        if not is_local(request.url):
            self.outside_requests.append(request.url)

    def _on_console(self, message) -> None:
        if message.type == "error":
            location = message.location or {}
            self.console_errors.append(f"{message.text} ({location.get('url', '?')})")

    def problems(self) -> list[str]:
        errors = [text for text in self.console_errors
                  if not any(pattern.search(text) for pattern in self.allowed)]
        return ([f"console error: {text}" for text in errors]
                + [f"request outside 127.0.0.1: {url}" for url in self.outside_requests])

    def check(self) -> None:
        problems = self.problems()
        assert not problems, f"{self.name}:\n  " + "\n  ".join(problems)


def guard_context(context, name: str = "page") -> Guard:
    """A context's timeouts set and a Guard attached (check it at the end)."""
    context.set_default_timeout(ACTION_TIMEOUT_MS)
    context.set_default_navigation_timeout(BOOT_TIMEOUT_MS)
    guard = Guard(name)
    guard.attach(context)
    return guard


class EngineHold:
    """Holds back the worker's memory snapshot (the engine stays down) while held; a
    request that comes after release() goes through at once; .hold() holds the next boots
    again. The context needs service_workers="block": a request the service worker
    answers (after a first visit, from its cache) never reaches the context's routes."""

    def __init__(self, context):
        self.held = []
        self.holding = True
        context.route("**/*.snapshot", self._on_route)

    def _on_route(self, route) -> None:
        if self.holding:
            self.held.append(route)
        else:
            route.continue_()

    def hold(self) -> None:
        self.holding = True

    def release(self) -> None:
        self.holding = False
        while self.held:
            self.held.pop().continue_()


def with_storage(context, site_url, items):
    """Before the site's first script runs, put `items` ({key: raw}) in its localStorage."""
    context.add_init_script("""(() => {
      if (location.href.indexOf(%s) !== 0 || sessionStorage.getItem('hostile-set')) return;
      sessionStorage.setItem('hostile-set', '1');
      for (const [key, raw] of Object.entries(%s)) localStorage.setItem(key, raw);
    })()""" % (json.dumps(site_url), json.dumps(items)))


# ---------------------------------------------------------------- the boot and the engine


def boot_page(page, url: str | None = None) -> None:
    """Open `url` (if given) and wait until the board is playable."""
    if url is not None:
        page.goto(url)
    page.wait_for_selector(READY_SELECTOR, state="attached", timeout=BOOT_TIMEOUT_MS)


def wait_engine(page) -> None:
    """Wait until the engine is up."""
    page.wait_for_selector(ENGINE_READY, state="attached", timeout=BOOT_TIMEOUT_MS)


def wait_engine_table(page) -> None:
    """Wait until the engine is up and has opened the table the page booted with: that
    board (drawn from the snapshot, tableId 0) gets its own tableId on the engine, a
    change that could otherwise pass for a new game's."""
    wait_engine(page)
    page.wait_for_function("() => document.body.dataset.tableId && document.body.dataset.tableId !== '0'")


def engine_worker(page):
    """Playwright's handle on the page's engine worker, once the engine is up."""
    wait_engine(page)
    [worker] = [worker for worker in page.workers if worker.url.endswith("/js/engine/worker.js")]
    return worker


def settle(page) -> None:
    """Wait two animation frames: the page's last draw is done and measured."""
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


# The engine's worker alone, on a blank page of the site's origin (the site's own page may
# not exist yet): START_WORKER starts js/engine/worker.js as the page does and keeps every
# message it posts, in order, in window.messages.
WORKER_HARNESS = "__worker_harness.html"
WORKER_HARNESS_HTML = "<!doctype html><meta charset=utf-8><title>worker harness</title>"
START_WORKER = """() => {
  window.messages = [];
  window.engineWorker = new Worker(new URL('js/engine/worker.js', location.href), {type: 'module'});
  window.engineWorker.onmessage = (event) => window.messages.push(event.data);
  window.engineWorker.onerror = (event) => window.messages.push({type: 'worker-error', message: event.message});
}"""
BOOT_ENDED = "() => window.messages.some(m => m.type === 'ready' || m.type === 'boot-error' || m.type === 'worker-error')"
ANSWERED = "(ids) => ids.every(id => window.messages.some(m => m.id === id))"


def open_harness(page, base_url):
    """A blank page of the site's origin with the engine's worker started in it."""
    page.route(base_url + WORKER_HARNESS, lambda route: route.fulfill(
        status=200, content_type="text/html", body=WORKER_HARNESS_HTML))
    page.goto(base_url + WORKER_HARNESS)
    page.evaluate(START_WORKER)


# ---------------------------------------------------------------- reading the page


def data(page, name):
    """The body's data attribute `name` (camelCase: "stateId", "matchOver"...)."""
    return page.evaluate(f"document.body.dataset.{name}")


# each cell's owner as the board shows it ('.' for nobody's, "dead" for a dead cell), in cell order
CELL_OWNERS = "[...document.querySelectorAll('.board .cell')].map(c => c.dataset.owner || '.')"


def owners(page):
    """The board's owners as one string, as the page names them."""
    return "".join(page.evaluate(CELL_OWNERS))


def shown_owners(page):
    """The board's owners as one string in the engine's letters (a dead cell "x")."""
    return "".join("x" if owner == "dead" else owner for owner in page.evaluate(CELL_OWNERS))


def expected_owners(game):
    """The engine's owners of `game` as shown_owners() reads the page's."""
    return "".join(c for c in "".join(game.owner_rows()) if c != "#")


def clock_texts(page):
    return page.locator(".seat .clock").all_text_contents()


def words(page, selector):
    """A part's text as one line (its flex items are lines of their own in innerText)."""
    return " ".join(page.inner_text(selector).split())


# the selectors given that are not wholly in the window (or have no width)
IN_VIEW = """(selectors) => selectors.map((selector) => {
  const box = document.querySelector(selector).getBoundingClientRect();
  return [selector, box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth
          && box.width > 0];
}).filter(([, inside]) => !inside).map(([selector]) => selector)"""

# the seat names that their card cuts off
CUT_NAMES = """() => [...document.querySelectorAll('.seat-name')]
    .filter((node) => node.scrollWidth > node.clientWidth).map((node) => node.textContent)"""

# every color button shown that is not forbidden, dimmed as a forbidden one is (a pale tint
# of its color) or bright (its own color): [[color, dimmed]] (none when the game is over)
BUTTONS_DIMMED = """() => [...document.querySelectorAll('.color-button:not([data-forbidden])')]
    .filter((button) => button.checkVisibility()).map((button) => {
  const probe = document.createElement('span');
  probe.style.background = getComputedStyle(button).getPropertyValue('--button-fill');
  document.body.append(probe);
  const fill = getComputedStyle(probe).backgroundColor;
  probe.remove();
  return [Number(button.dataset.color), getComputedStyle(button).backgroundColor !== fill];
})"""


# ---------------------------------------------------------------- the lobby and the table


def start_game(page, variant="classic", kinds=("human", "computer"), names=(), clock="none", games=1,
               level=None):
    """Open the lobby and start a game (or a match of `games`): `kinds` a seat, each
    human seat named from `names` ("" for none: the lobby keeps the last names), each
    computer at `level` if given; clock: "none", "default" or (minutes, seconds)."""
    wait_engine_table(page)
    page.mouse.move(0, 0)
    before = page.evaluate("document.body.dataset.tableId")
    page.click("#new-game")
    page.click('[data-tab="new"]')
    page.select_option('select[name="variant"]', variant)
    for seat, kind in enumerate(kinds):
        page.select_option(f'select[name="seat{seat}-kind"]', kind)
        if kind == "computer" and level:
            page.select_option(f'select[name="seat{seat}-level"]', level)
    for seat, kind in enumerate(kinds):
        if kind == "human":  # the lobby keeps the last names: say each one
            page.fill(f'input[name="seat{seat}-name"]', names[seat] if seat < len(names) else "")
    page.select_option('select[name="games"]', str(games))
    if isinstance(clock, tuple):
        page.select_option('select[name="clock"]', "custom")
        page.fill('input[name="bank"]', str(clock[0]))
        page.dispatch_event('input[name="bank"]', "change")
        page.fill('input[name="increment"]', str(clock[1]))
        page.dispatch_event('input[name="increment"]', "change")
    else:
        page.select_option('select[name="clock"]', clock)
    page.click('button[data-action="start"]')
    page.wait_for_function(
        "([variant, before]) => document.body.dataset.variant === variant"
        " && document.body.dataset.tableId !== before && document.body.dataset.tableId !== '0'",
        arg=[variant, before])


def start_match(page, variant="quick", name="Anna", games=2, clock=None, level="greedy"):
    """A person named `name` against a computer at `level`, a match of `games`; clock:
    None (no clock), "default", or (minutes, seconds) for a custom one."""
    start_game(page, variant, kinds=("human", "computer"), names=(name,), clock=clock or "none", games=games,
               level=level)


def game_of_table(page):
    """The engine's game (in CPython) of the table's variant and seed, and the seed."""
    seed = int(data(page, "seed"))
    return filler.Game.new(data(page, "variant"), seed=seed), seed


def wait_my_turn(page, seat=0):
    """Wait until `seat` has a color to press, or the game is over."""
    page.wait_for_function(
        "(seat) => document.body.dataset.over === '1' || (document.body.dataset.turn === String(seat)"
        " && document.querySelector('.color-button:not([aria-disabled])'))", arg=seat)


def wait_my_turn_or_end(page):
    """Wait until seat 0 has a color to press, or the game or the match is over."""
    page.wait_for_function(
        "() => document.body.dataset.matchOver === '1' || document.body.dataset.between === '1'"
        " || (document.body.dataset.turn === '0' && document.querySelector('.color-button:not([aria-disabled])'))")


# What the page shows when a click played nothing: the body's data, the buttons, the
# status line, the notices. (A first move was lost at a friend table under load until
# 18d2fe4: the buttons moved from under the pointer between press and release;
# docs/testing.md.)
TABLE_STATE = """() => ({body: {...document.body.dataset},
  buttons: [...document.querySelectorAll('.color-button')].map((b) => [b.getAttribute('aria-disabled'), b.dataset.previewing ?? null]),
  status: document.querySelector('.status')?.textContent, visibility: document.visibilityState,
  notices: [...document.querySelectorAll('.notice, .friend-notice')].map((n) => n.textContent)})"""


def play_allowed(page, index=0):
    """Click the `index`th allowed color button and wait until the page shows the move;
    a click that played nothing says what the page showed."""
    state_id = int(data(page, "stateId"))
    page.locator(".color-button:not([aria-disabled])").nth(index).click()
    try:
        page.wait_for_function("(id) => Number(document.body.dataset.stateId) > id", arg=state_id)
    except PlaywrightTimeout:
        raise AssertionError(f"the click played nothing (state {state_id}): {page.evaluate(TABLE_STATE)}") from None


def play_one(page):
    """Once it is seat 0's turn, the person plays the first allowed color."""
    wait_my_turn_or_end(page)
    play_allowed(page)


def play_until_game_ends(page):
    """The person plays the first allowed color until the game (or the match) ends."""
    while True:
        wait_my_turn_or_end(page)
        if data(page, "between") == "1" or data(page, "matchOver") == "1":
            return
        play_allowed(page)


def resign(page, what):
    """Resign the game (`what` "game") or the match, and confirm."""
    page.click(f'button[data-action="{"resign" if what == "game" else "resign-match"}"]:not([disabled])')
    page.click('button[data-action="confirm-resign"]')


def winning_moves(variant, seed):
    """A whole game in which seat 0 (you) takes the biggest gain and seat 1 the smallest."""
    game = filler.Game.new(variant, seed=seed)
    moves = []
    while not game.over:
        legal = game.legal_colors()
        pick = max if game.turn == 0 else min
        color = pick(legal, key=game.preview_value)
        moves.append(color)
        game = game.play(color)
    assert game.winners == (0,)
    return moves


# ---------------------------------------------------------------- options and languages


def choose_in_options(page, name, value):
    """Choose `value` for the options dialog's select `name` and save, as a player does."""
    page.click("#open-options")
    page.wait_for_selector("dialog.options[open]")
    page.select_option(f'dialog.options select[name="{name}"]', value)
    page.click("dialog.options button[type=submit]")
    page.wait_for_selector("dialog.options:not([open])", state="attached")


def switch_language(page, code):
    """Switch the page's language in the options ("en", "nl") and wait until it shows."""
    choose_in_options(page, "language", code)
    page.wait_for_function("(code) => document.documentElement.lang === code", arg=code)


# ---------------------------------------------------------------- the store


def saved_match(page, match_id):
    """The match `match_id` as the page saved it in localStorage."""
    return json.loads(page.evaluate("(id) => localStorage.getItem('filler:match:' + id)", match_id))


def a_match_with_a_move(context, site_url, name, variant="classic"):
    """A new page of ``context`` at a new match of ``name``'s, one move made: (page, match id)."""
    page = context.new_page()
    boot_page(page, site_url)
    start_match(page, variant=variant, name=name)
    match_id = data(page, "matchId")
    play_one(page)
    return page, match_id


def intact_match(match_id, rng):
    """A stored match record the store keeps as it is (a single quick game, resigned)."""
    return {"format": "filler-match", "version": 1, "id": match_id, "variant": "quick", "seed": rng.randrange(2**31),
            "options": {}, "games": 1, "players": [{"kind": "human", "name": "Ann"}, {"kind": "computer", "level": "greedy"}],
            "events": [["resign_game", 0]], "clock": None, "created": 1000, "updated": 2000, "finished": 2000,
            "result": None}


# js/store/storage.js alone, on a blank page of the site's origin: OPEN_STORE imports the
# module and opens a store whose clock is Date.now() + window.clockOffset; every event the
# store reports is kept in window.events.
STORE_HARNESS = "__storage_harness.html"
STORE_HARNESS_HTML = "<!doctype html><meta charset=utf-8><title>storage harness</title>"
OPEN_STORE = """async (options) => {
  window.S = await import('./js/store/storage.js');
  window.clockOffset = window.clockOffset || 0;
  window.events = [];
  window.store = S.openStorage({...options, now: () => Date.now() + window.clockOffset});
  store.subscribe((event) => window.events.push(event));
  return {persistent: store.persistent, notices: store.notices};
}"""


def open_store(page, site_url, **options):
    """Go to a blank page of the site and open a store there; returns what it reported."""
    if not getattr(page, "_storage_harness", False):
        page.route(site_url + STORE_HARNESS, lambda route: route.fulfill(
            status=200, content_type="text/html", body=STORE_HARNESS_HTML))
        page._storage_harness = True
    page.goto(site_url + STORE_HARNESS)
    return page.evaluate(OPEN_STORE, {"renewMs": 0, **options})


# Fills this origin's real localStorage up to its quota with another app's data.
FILL_QUOTA = """() => {
  let chunk = 'x'.repeat(1 << 20);
  let count = 0;
  while (chunk.length >= 8) {
    try {
      localStorage.setItem('other-app:junk-' + count, chunk);
      count += 1;
    } catch (error) {
      if (error.name !== 'QuotaExceededError') throw error;
      chunk = chunk.slice(0, chunk.length >> 1);
    }
  }
  return count;
}"""


# ---------------------------------------------------------------- a friend's table

FRIEND_PANEL = ".friend-panel"

# A device whose player Bob has played ten rated Quick matches.
RATED_BOB = {
    "filler:players": json.dumps({"version": 1, "players": [{"name": "Bob", "created": 1}]}),
    "filler:ratings": json.dumps({"version": 1, "ratings": [
        {"player": "Bob", "variant": "quick", "r": 1600, "rd": 80, "vol": 0.06, "matches": 10}]}),
}


def wait_friend_turn(page):
    """Wait until the friend table shows its turn: "mine" with a color to press,
    "theirs" with the link to send, or "over" (with the last link, if this device
    ended the match); return it."""
    page.wait_for_function("""() => {
      const panel = document.querySelector('.friend-panel');
      const turn = panel?.dataset.turn;
      if (turn === 'mine') return Boolean(document.querySelector('.color-button:not([aria-disabled])'));
      const link = panel?.querySelector('input.friend-link');
      if (turn === 'theirs') return Boolean(link?.value);
      return turn === 'over' && (!link || Boolean(link.value));
    }""")
    return page.locator(FRIEND_PANEL).get_attribute("data-turn")


def open_link(page, url, load=False):
    """The friend opens the link on their device: in the site's open page (the hash
    changes, as when an installed app is handed a link), or with `load` as a new page
    load of the site."""
    if load or not page.url.startswith(url.split("#")[0]):
        page.goto("about:blank")
        page.goto(url)
        page.wait_for_selector('body[data-friend-links="1"]', state="attached", timeout=BOOT_TIMEOUT_MS)
    else:
        handled = int(page.evaluate("document.body.dataset.friendLinks || '0'"))
        page.evaluate("(url) => { location.hash = new URL(url).hash; }", url)
        page.wait_for_function("(n) => Number(document.body.dataset.friendLinks || 0) > n", arg=handled)
    page.wait_for_selector(f"{FRIEND_PANEL}:not([hidden])")


def friend_notice(page):
    """What the friend panel's notice says."""
    return page.locator(f"{FRIEND_PANEL} .friend-notice").text_content()


# ---------------------------------------------------------------- lessons and the review

LESSON_BAR = ".lesson-bar:not([hidden])"
LESSON_VERDICT = f"{LESSON_BAR} .lesson-verdict"

REVIEW_DONE = '.review-panel:not([hidden]) .review-status[data-status="done"]'


def wait_lesson(page, lesson_id, phase="going", played=0):
    page.wait_for_selector(
        f'{LESSON_BAR}[data-lesson="{lesson_id}"] .lesson-verdict[data-phase="{phase}"][data-played="{played}"]',
        timeout=BOOT_TIMEOUT_MS)


def board_size(page):
    """The board's size on the screen, once it has settled (a draw has measured the page)."""
    page.wait_for_function("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(true))))")
    box = page.locator(".board-wrap svg.board").bounding_box()
    return round(box["width"]), round(box["height"])


def play_keys(page, lesson, colors, sizes=None):
    """The colors by the keys 1-9, each once the page has shown the move before it;
    `sizes`: a list that gets the board's size at each move."""
    for number, color in enumerate(colors):
        if number:
            wait_lesson(page, lesson.id, "going", number)
        if sizes is not None:
            sizes.append(board_size(page))
        page.keyboard.press(str(color + 1))


# ---------------------------------------------------------------- puzzles


def game_of(puzzle_id):
    """The game a shipped puzzle comes from: its id without the ply (a position off the
    game's line, `-b<n>-`, counts as its game), as the page's order reads it."""
    return re.sub(r"-(?:g2-)?(?:b\d+-)?\d+$", "", puzzle_id)


# ---------------------------------------------------------------- access


def axe_report(violations):
    """axe-core's violations, short enough for an assertion's message."""
    return [(v["id"], v["help"], [n["target"] for n in v["nodes"][:3]]) for v in violations]


def tab_to(page, selector, limit=60):
    """Press Tab until the focus is on an element matching `selector`."""
    for _ in range(limit):
        if page.evaluate("(s) => !!document.activeElement && document.activeElement.matches(s)", selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")
