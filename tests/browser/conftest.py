"""Fixtures for tests in a real headless Chromium against the built site (dist/).

    site_url          (function) "http://127.0.0.1:<port>/": a private copy of dist/,
                                 served by the builder's static server (its zstd files with
                                 Content-Encoding; test_first_visit.py's site_url: plain),
                                 at a port of its own for each test whose page is in the
                                 shared context (session_site_url for the others)
    session_site_url  (session)  the same site at one port for the whole run (the module
                                 fixtures', the keeper page's)
    serve_directory   (session)  serve_directory(path, security_headers=True,
                                 zstd_encoding=False, counter=None) -> url of
                                 another static server (a second origin, a changed build,
                                 a host that sends no headers...), closed at the end; with a
                                 builder.server.ByteCounter, it counts the bytes it sends
    dist_dir          (session)  the built dist/ (build.py runs once if the test command
                                 did not build it already)
    browser           (session)  the system Chromium's headless shell (the full Chromium
                                 if there is none) with CHROMIUM_ARGS (below); nothing it
                                 does can reach a host other than 127.0.0.1
    full_browser      (session)  the full Chromium, for the `page` and the contexts of a
                                 test marked full_chromium (a cross-site frame's storage)
    page_guard        (function) the guard of `page`: .allow_console(regex) for an expected
                                 console error; checked at teardown
    page              (function) a page in the shared context (a fresh one for a test marked
                                 own_context, service_worker or full_chromium); the test
                                 fails on any console error, uncaught page error, or
                                 request outside 127.0.0.1 (or localhost: the same
                                 machine, but another site, for cross-site embedding tests)
    shared_context    (session)  one context for the tests' pages, each test at its own
                                 origin, with a keeper page of the site open in it
    new_guarded_context (function) new_guarded_context(**context_options) -> (context, guard)
                                 for tests that need more contexts (two tabs share one)
    booted_page       (module)   one page at session_site_url with a playable board
                                 (body[data-ready="1"]), reused by a module's tests
    persistent_context (function) persistent_context(user_data_dir) -> guarded context
                                 that keeps its profile (HTTP cache, service worker, storage)
    axe_scan          (session)  axe_scan(page, impacts=("serious", "critical")) -> the
                                 axe-core violations of those impacts on the page as it is
    boot              (function) boot(page, url=None): go to url (default site_url) and
                                 wait until the board is playable

Service workers are blocked in every context these fixtures make (Playwright's
service_workers="block"), unless the test or its module is marked
`@pytest.mark.service_worker` (offline mode, installing, a first visit, the cross-site
embed, a host that sends no headers): the precaching and the keeping of the decoded
runtime a first visit starts cost some 1.3 s of CPU a boot here, and no other test reads
what they do
(docs/testing.md "Where the time goes"). persistent_context always allows them.

The shared context: a test's page opens the site at a port of its own (another origin, so
its storage starts empty and no other test sees it; ports are not reused in a run), and
a keeper page of the site, booted once, stays open in it: a boot costs about 1.1 s of CPU
there (the renderer process is the keeper's: `--process-per-site`) instead of 1.55 s in a
fresh context (docs/testing.md "Where the time goes"; what the keeper keeps warm is not
proven). A test that changes its context (page.clock, context routes, set_offline,
permissions) is marked `@pytest.mark.own_context` and gets a fresh one, as a
service_worker test does. At the end of a test its pages close and its guard leaves the
shared context.

What a test does with a page (boot it, start a game, play, switch the language, read
the body's data; EngineHold, which keeps a context's engines down so that a test can read
what a page draws before Python is up; the Guard a context's errors are checked with) is
driver.py's: the test files import it from there, never from this file or from another
test file. These fixtures are found from every folder of tests/browser.
"""

from __future__ import annotations

import os
import shutil
import sys
import threading
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

from driver import BOOT_TIMEOUT_MS, ENGINE_READY, ROOT, Guard, boot_page, guard_context

sys.path.insert(0, str(ROOT))
from builder.checkout import DIST, setup_lock  # noqa: E402  (builder/: what build.py runs)
from builder.server import make_server  # noqa: E402
from builder.site import build  # noqa: E402

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # Without this Chromium calls outside hosts of its own accord, whatever else is set.
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1",
]


def chromium_launch_options(shell: bool = False) -> dict:
    """Playwright's launch options for the system Chromium (CHROMIUM, else
    /usr/bin/chromium), or with `shell` for its headless shell (CHROMIUM_HEADLESS_SHELL,
    else /usr/bin/chromium-headless-shell) when there is one: the same Blink and V8 without
    the browser's own UI, for some 6 % less of the suite's time; with
    --process-per-site, so that the pages of the site's ports in one context share one
    renderer process (a boot beside the keeper 1.1 s of CPU instead of 1.3 s); and with
    V8's baseline wasm compiler only (--liftoff-only: a test's page lives seconds, too
    short for the optimizing compiler's work on the runtime to pay back; the browser
    suite 15 % less CPU); and with prefers-reduced-motion forced (no waves, pops and
    smooth scrolls to draw: some 6 % less time; a test of the motion emulates
    "no-preference" on its page, which wins over the flag). docs/testing.md "Where the
    time goes" has the figures. The
    benchmarks measure what players run: the full Chromium with its defaults."""
    options = {"headless": True, "args": list(CHROMIUM_ARGS)}
    candidates = [os.environ.get("CHROMIUM"), os.environ.get("PLAYWRIGHT_CHROMIUM_EXECUTABLE"),
                  "/usr/bin/chromium"]
    if shell:
        options["args"] += ["--process-per-site", "--js-flags=--liftoff-only", "--force-prefers-reduced-motion"]
        candidates[:0] = [os.environ.get("CHROMIUM_HEADLESS_SHELL"), "/usr/bin/chromium-headless-shell"]
    executable = next((path for path in candidates if path and os.path.exists(path)), None)
    if executable:
        options["executable_path"] = executable
    return options


AXE_SCRIPT = ROOT / "node_modules" / "axe-core" / "axe.min.js"


# ---------------------------------------------------------------- the site


@pytest.fixture(scope="session")
def dist_dir() -> Path:
    if os.environ.get("FILLER_DIST_BUILT") != "1":
        build()
    return DIST


class _Servers:
    def __init__(self):
        self.running = {}
        self.ports_used = set()

    def start(self, directory: Path, security_headers: bool = True, zstd_encoding: bool = False,
              counter=None) -> str:
        while True:
            server = make_server(Path(directory), 0, quiet=True, security_headers=security_headers,
                                 zstd_encoding=zstd_encoding, counter=counter)
            port = server.server_address[1]
            if port not in self.ports_used:  # a port used before: an origin with storage
                break
            server.server_close()
        self.ports_used.add(port)
        # a short poll: stop() waits for the loop to see it
        thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
        thread.start()
        url = f"http://127.0.0.1:{port}/"
        self.running[url] = server
        return url

    def stop(self, url: str) -> None:
        server = self.running.pop(url)
        server.shutdown()
        server.server_close()

    def close(self):
        for url in list(self.running):
            self.stop(url)


@pytest.fixture(scope="session")
def _servers():
    servers = _Servers()
    yield servers
    servers.close()


@pytest.fixture(scope="session")
def serve_directory(_servers):
    return _servers.start


@pytest.fixture(scope="session")
def site_dir(dist_dir, tmp_path_factory) -> Path:
    """A private copy of dist/: a rebuild by someone else mid-run changes nothing here."""
    copy = tmp_path_factory.mktemp("site") / "dist"
    with setup_lock():  # not half-way through someone else's build
        shutil.copytree(dist_dir, copy)
    return copy


@pytest.fixture(scope="session")
def session_site_url(site_dir, serve_directory) -> str:
    # as a host that sends the precompressed files with Content-Encoding: zstd (Chromium
    # decodes them natively: docs/testing.md "Where the time goes"); test_first_visit.py
    # serves them plain, for the worker's own decoder
    return serve_directory(site_dir, zstd_encoding=True)


@pytest.fixture
def site_url(request, session_site_url, site_dir, _servers):
    """A port of its own for a test whose `page` is in the shared context (its origin's
    storage is new, and goes with the test); session_site_url for the others."""
    if has_own_context(request.node):
        yield session_site_url
        return
    url = _servers.start(site_dir, zstd_encoding=True)
    yield url
    _servers.stop(url)


# ---------------------------------------------------------------- the browser


@pytest.fixture(scope="session")
def axe_scan(dist_dir):
    """Run axe-core (pinned in package.json) on a page; returns violations of those impacts."""
    def scan(page, impacts=("serious", "critical"), options=None):
        if not page.evaluate("typeof window.axe === 'object'"):
            # Evaluated through the DevTools protocol: the page's CSP forbids inline scripts.
            page.evaluate(AXE_SCRIPT.read_text() + "\n;undefined")
        result = page.evaluate("(options) => axe.run(document, options)", options or {})
        return [violation for violation in result["violations"] if violation["impact"] in impacts]
    return scan


@pytest.fixture(scope="session")
def playwright_instance():
    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="session")
def browser(playwright_instance):
    browser = playwright_instance.chromium.launch(**chromium_launch_options(shell=True))
    yield browser
    browser.close()


@pytest.fixture(scope="session")
def full_browser(playwright_instance, browser):
    """The full Chromium, for a test marked full_chromium (`browser` itself when that is
    not the headless shell): only the full browser refuses a frame of another site its
    storage, as Chrome does for players."""
    options = chromium_launch_options()
    if options.get("executable_path") == chromium_launch_options(shell=True).get("executable_path"):
        yield browser
        return
    full = playwright_instance.chromium.launch(**options)
    yield full
    full.close()


def service_workers_for(node) -> str:
    """"allow" for a test marked service_worker, else "block" (see the module text)."""
    return "allow" if node.get_closest_marker("service_worker") else "block"


def has_own_context(node) -> bool:
    """Whether the test's `page` gets a fresh context rather than the shared one."""
    return any(node.get_closest_marker(name) for name in ("service_worker", "own_context", "full_chromium"))


@pytest.fixture(scope="session")
def shared_context(browser, session_site_url):
    """One context for the `page` of every test that is not marked own_context or
    service_worker, each test at an origin of its own (site_url), and a keeper page of
    the site left open in it (see the module text)."""
    context = browser.new_context(service_workers="block")
    guard = guard_context(context, "the shared context's keeper page")
    keeper = context.new_page()
    boot_page(keeper, session_site_url)
    keeper.wait_for_selector(ENGINE_READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    guard.detach(context)
    guard.check()
    context.keeper = keeper
    yield context
    context.close()


@pytest.fixture
def new_guarded_context(browser, request):
    made = []
    if request.node.get_closest_marker("full_chromium"):
        browser = request.getfixturevalue("full_browser")

    def make(**options):
        options.setdefault("service_workers", service_workers_for(request.node))
        context = browser.new_context(**options)
        guard = guard_context(context)
        made.append((context, guard))
        return context, guard

    yield make
    for context, _ in made:
        context.close()
    for _, guard in made:
        guard.check()


@pytest.fixture
def page_guard(request, new_guarded_context):
    if has_own_context(request.node):
        context, guard = new_guarded_context()
        guard.context = context
        yield guard
        return
    context = request.getfixturevalue("shared_context")
    guard = Guard()
    guard.attach(context)
    guard.context = context
    yield guard
    for page in context.pages:  # the test's pages, its second tabs too
        if page is not context.keeper:
            page.close()
    guard.detach(context)
    guard.check()


@pytest.fixture
def page(page_guard):
    return page_guard.context.new_page()


@pytest.fixture
def boot(site_url):
    def boot_at(page, url: str | None = None) -> None:
        boot_page(page, url or site_url)
    return boot_at


@pytest.fixture(scope="module")
def booted_page(browser, session_site_url, request):
    context = browser.new_context(service_workers=service_workers_for(request.node))
    guard = guard_context(context, "booted_page")
    page = context.new_page()
    boot_page(page, session_site_url)
    page.guard = guard
    yield page
    context.close()
    guard.check()


@pytest.fixture
def persistent_context(playwright_instance):
    opened = []

    def open_context(user_data_dir, **options):
        context = playwright_instance.chromium.launch_persistent_context(
            str(user_data_dir), **chromium_launch_options(shell=True), **options)
        guard = guard_context(context, f"persistent context {user_data_dir}")
        context.guard = guard
        opened.append((context, guard))
        return context

    yield open_context
    for context, _ in opened:
        context.close()
    for _, guard in opened:
        guard.check()
