"""Page benchmark in headless Chromium on 127.0.0.1 (run it with `python3 build.py bench-page`).

Measures, from navigation start (performance.now() in the page, recorded by a mutation
observer the moment <body> changes, so no polling delay is counted):

  board   body[data-ready="1"]: a board is drawn and takes moves (before Python is up,
          a move is queued and played as soon as the engine is ready)
  progress  the boot progress bar is shown (body[data-engine="booting"])
  engine  body[data-engine="ready"]: Python has booted and the engine answers

for a first visit (empty profile; until the service worker has saved the site), a later
visit (same profile: HTTP cache and service worker) online, and a later visit offline,
with a phone's viewport (390x844, touch) unless --desktop. Each visit is made to two
servers of dist/: one that sends files as they are (like many static hosts) and one that
gzips what a compressing host would (text, JSON, JavaScript, wasm); --servers picks.
The servers count the bytes each visit transferred (headers included). --network
MBIT,MS holds the page's network to that speed and latency (the DevTools protocol's
Network.emulateNetworkConditions, through a CDP session; it covers the page's worker).
Then the time the page takes to show a computer move (request sent -> move drawn, the
page's "filler:computer-move" measure) on a few variants. Prints a table of medians (and
every run); --json FILE also writes them.

    python3 build.py bench-page [--runs N] [--moves N] [--variants classic,big]
                                [--level strongest|greedy|...] [--without-snapshot]
                                [--network 10,40] [--servers plain,gzip] [--desktop]
                                [--site DIR] [--json FILE]
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import io
import json
import shutil
import statistics
import sys
import tempfile
import threading
from pathlib import Path

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "browser"))
from builder.checkout import DIST  # noqa: E402
from builder.server import ByteCounter, SiteRequestHandler, make_server  # noqa: E402
from conftest import chromium_launch_options  # noqa: E402
from driver import BOOT_TIMEOUT_MS, SITE_SAVED  # noqa: E402

RECORD_MILESTONES = """
window.__milestones = {};
new MutationObserver(() => {
  const data = document.body && document.body.dataset;
  if (!data) return;
  if (data.engine === "booting" && document.querySelector(".boot-bar:not([hidden])")
      && !("progress" in window.__milestones)) window.__milestones.progress = performance.now();
  if (data.ready === "1" && !("board" in window.__milestones)) window.__milestones.board = performance.now();
  if (data.engine === "ready" && !("engine" in window.__milestones)) window.__milestones.engine = performance.now();
}).observe(document, {subtree: true, attributes: true, childList: true});
"""
BOTH_SEEN = "() => window.__milestones && 'board' in window.__milestones && 'engine' in window.__milestones"
# What a visit that never got there shows instead (for the message of a timeout).
WHAT_IS_SHOWN = """() => ({milestones: window.__milestones, body: {...document.body.dataset},
  notices: [...document.querySelectorAll('.notice, .boot-error')].map((node) => node.textContent.trim()),
  leases: Object.keys(localStorage).filter((key) => key.startsWith('filler:lock:'))
    .map((key) => `${key} ${localStorage.getItem(key)} (now ${Date.now()})`),
  controlled: Boolean(navigator.serviceWorker?.controller)})"""


PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 3}
# What a compressing host gzips (by type): never zips, images or our own -gzip copies.
COMPRESSIBLE = ("text/", "application/javascript", "application/json", "application/wasm",
                "application/manifest+json", "image/svg+xml")


_gzipped: dict[str, bytes] = {}


def gzipped(body: bytes) -> bytes:
    key = hashlib.sha256(body).hexdigest()
    if key not in _gzipped:
        _gzipped[key] = gzip.compress(body, compresslevel=6, mtime=0)
    return _gzipped[key]


def make_counting_server(site: Path, compress: bool):
    """The builder's server of `site` (builder/server.py), counting the bytes it sends; with
    compress, it gzips compressible types for clients that accept gzip (as most hosts that
    compress do)."""
    counter = ByteCounter()

    class Handler(SiteRequestHandler):
        def do_GET(self):
            if not (compress and "gzip" in self.headers.get("Accept-Encoding", "")):
                return super().do_GET()
            real, buffer = self.wfile, io.BytesIO()
            self.wfile = buffer
            try:
                super().do_GET()
            finally:
                self.wfile = real
            head, _, body = buffer.getvalue().partition(b"\r\n\r\n")
            status, *lines = head.decode("latin-1").split("\r\n")
            headers = [tuple(line.split(": ", 1)) for line in lines]
            kind = next((value for name, value in headers if name.lower() == "content-type"), "")
            if status.split()[1] == "200" and body and kind.startswith(COMPRESSIBLE):
                body = gzipped(body)
                headers = [(name, value) for name, value in headers if name.lower() != "content-length"]
                headers += [("Content-Encoding", "gzip"), ("Content-Length", str(len(body))),
                            ("Vary", "Accept-Encoding")]
            text = "\r\n".join([status] + [f"{name}: {value}" for name, value in headers])
            self.wfile.write(text.encode("latin-1") + b"\r\n\r\n" + body)

    server = make_server(site, quiet=True, counter=counter, handler_class=Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, counter


def throttle(page, network: tuple[float, float] | None) -> None:
    if not network:
        return
    megabits, latency = network
    session = page.context.new_cdp_session(page)
    session.send("Network.enable")
    session.send("Network.emulateNetworkConditions", {
        "offline": False, "latency": latency,
        "downloadThroughput": megabits * 1e6 / 8, "uploadThroughput": megabits * 1e6 / 8})


def visit(context, url: str, counter: ByteCounter, offline: bool = False, network=None,
          until_saved: list | None = None) -> dict:
    """Milestones of one visit (ms from navigation) and the bytes it made the server send;
    until_saved ([build.json "cache", "snapshot"]): also wait until the site is saved for
    offline play and the decoded runtime kept (a first visit)."""
    context.set_offline(offline)
    counter.take()
    page = context.new_page()
    if not offline:
        throttle(page, network)
    page.goto(url)
    try:
        page.wait_for_function(BOTH_SEEN, timeout=BOOT_TIMEOUT_MS)
    except PlaywrightTimeout:
        raise SystemExit(f"bench: {'offline ' if offline else ''}visit of {url} never showed both a board and"
                         f" a ready engine; the page shows {page.evaluate(WHAT_IS_SHOWN)}") from None
    milestones = page.evaluate("window.__milestones")
    if until_saved:
        page.wait_for_function(SITE_SAVED, arg=until_saved, timeout=BOOT_TIMEOUT_MS, polling=250)
    page.close()
    result = {name: round(value) for name, value in milestones.items()}
    result["by_path"] = counter.take()
    result["bytes"] = sum(result["by_path"].values())
    return result


def open_profile(playwright, profile: Path, phone: bool):
    options = {**chromium_launch_options(), **(PHONE if phone else {})}
    context = playwright.chromium.launch_persistent_context(str(profile), **options)
    context.add_init_script(RECORD_MILESTONES)
    context.set_default_timeout(BOOT_TIMEOUT_MS)
    return context


def page_visits(playwright, url: str, counter: ByteCounter, runs: int, network, phone: bool,
                build_info: dict) -> dict[str, list[dict]]:
    saved = [build_info.get("cache"), build_info.get("snapshot")]
    results = {"first visit": [], "later visit, online": [], "later visit, offline": []}
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as profile:
            context = open_profile(playwright, Path(profile), phone)
            results["first visit"].append(visit(context, url, counter, network=network, until_saved=saved))
            context.close()
            context = open_profile(playwright, Path(profile), phone)
            results["later visit, online"].append(visit(context, url, counter, network=network))
            context.close()
            context = open_profile(playwright, Path(profile), phone)
            results["later visit, offline"].append(visit(context, url, counter, offline=True))
            context.close()
    return results


def computer_moves(playwright, url: str, variants: list[str], moves: int, level: str) -> dict[str, list[int]]:
    results = {}
    browser = playwright.chromium.launch(**chromium_launch_options())
    context = browser.new_context()
    context.set_default_timeout(BOOT_TIMEOUT_MS)
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector('body[data-engine="ready"]', state="attached")
    for variant in variants:
        page.click("#new-game")
        page.select_option('select[name="variant"]', variant)
        page.select_option('select[name="seat0-kind"]', "human")
        page.select_option('select[name="seat1-kind"]', "computer")
        levels = page.eval_on_selector_all('select[name="seat1-level"] option', "options => options.map(o => o.value)")
        chosen = levels[-1] if level == "strongest" else level
        if levels:
            page.select_option('select[name="seat1-level"]', chosen)
        before = page.evaluate("document.body.dataset.tableId")
        page.click('button[data-action="start"]')
        page.wait_for_function("([variant, before]) => document.body.dataset.variant === variant"
                               " && document.body.dataset.tableId !== before", arg=[variant, before])
        page.evaluate("performance.clearMeasures('filler:computer-move')")
        for _ in range(moves):
            if page.evaluate("document.body.dataset.over") == "1":
                break
            moves_before = int(page.evaluate("document.body.dataset.moves"))
            legal = page.evaluate("[...document.querySelectorAll('.color-button:not([aria-disabled])')]"
                                  ".map(b => Number(b.dataset.color))")
            page.keyboard.press(str(legal[0] + 1))
            page.wait_for_function("(n) => Number(document.body.dataset.moves) >= n + 2"
                                   " || document.body.dataset.over === '1'", arg=moves_before)
        results[f"{variant} ({chosen})"] = [round(entry) for entry in page.evaluate(
            "performance.getEntriesByName('filler:computer-move').map(e => e.duration)")]
    browser.close()
    return results


def median(values: list[float]) -> str:
    return f"{statistics.median(values):7.0f}" if values else "      -"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="visits of each kind (default 3)")
    parser.add_argument("--moves", type=int, default=5, help="computer moves per variant (default 5)")
    parser.add_argument("--variants", default="classic,big", help="variants for the computer moves")
    parser.add_argument("--level", default="strongest",
                        help="computer level for the moves (default: the last one the page offers)")
    parser.add_argument("--without-snapshot", action="store_true",
                        help="measure a copy of dist/ whose build.json names no memory snapshot "
                             "(Python boots from scratch), to compare")
    parser.add_argument("--network", help="MBIT,MS: hold the network to MBIT Mbit/s and MS ms latency (e.g. 10,40)")
    parser.add_argument("--servers", default="plain,gzip",
                        help="plain (files as they are), gzip (a compressing host), or both (default)")
    parser.add_argument("--desktop", action="store_true", help="a 1280x720 desktop viewport instead of a phone's")
    parser.add_argument("--site", type=Path, default=DIST,
                        help="the built site to measure (default dist/; e.g. another build, to compare)")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    arguments = parser.parse_args()
    network = tuple(float(part) for part in arguments.network.split(",")) if arguments.network else None
    if network is not None and len(network) != 2:
        parser.error("--network wants MBIT,MS, e.g. 10,40")
    kinds = [kind for kind in arguments.servers.split(",") if kind]
    if not kinds or set(kinds) - {"plain", "gzip"}:
        parser.error("--servers wants plain, gzip or plain,gzip")

    site = arguments.site
    if arguments.without_snapshot:
        site = Path(tempfile.mkdtemp()) / "dist"
        shutil.copytree(arguments.site, site)
        info = json.loads((site / "build.json").read_text())
        info.pop("snapshot", None)
        (site / "build.json").write_text(json.dumps(info))
    build_info = json.loads((site / "build.json").read_text())
    print(f"dist/ version {build_info['version']}, snapshot: {'yes' if build_info.get('snapshot') else 'no'}; "
          f"{arguments.runs} run(s) each; network: "
          f"{f'{network[0]:g} Mbit/s, {network[1]:g} ms' if network else 'not held'}; "
          f"{'desktop' if arguments.desktop else 'phone'} viewport", flush=True)

    visits, moves = {}, {}
    with sync_playwright() as playwright:
        for kind in kinds:
            server, counter = make_counting_server(site, compress=kind == "gzip")
            url = f"http://127.0.0.1:{server.server_address[1]}/"
            visits[kind] = page_visits(playwright, url, counter, arguments.runs, network, not arguments.desktop,
                                       build_info)
            if kind == kinds[0] and arguments.moves:
                variants = [name for name in arguments.variants.split(",") if name]
                moves = computer_moves(playwright, url, variants, arguments.moves, arguments.level)
            server.shutdown()

    print("\nnavigation -> milestone, ms, and bytes sent by the server (median; every run)")
    print(f"{'server':6} {'visit':22} {'board':>7} {'progress':>8} {'engine':>7} {'MB':>6}   runs (board/engine/MB)")
    for kind, by_visit in visits.items():
        for name, runs in by_visit.items():
            every = ", ".join(f"{run['board']}/{run['engine']}/{run['bytes'] / 1e6:.2f}" for run in runs)
            progress = [run["progress"] for run in runs if "progress" in run]
            megabytes = statistics.median(run["bytes"] for run in runs) / 1e6
            print(f"{kind:6} {name:22} {median([r['board'] for r in runs])}  {median(progress)} "
                  f"{median([r['engine'] for r in runs])} {megabytes:6.2f}   {every}")
    if moves:
        print("\ncomputer move shown (request sent -> move drawn), ms (median; every move)")
        for variant, durations in moves.items():
            print(f"{variant:24} {median(durations)}   {', '.join(map(str, durations))}")
    if arguments.json:
        arguments.json.write_text(json.dumps({"version": build_info["version"], "network": network,
                                              "visits": visits, "computer_moves": moves}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
