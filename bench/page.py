"""Page benchmark in headless Chromium on 127.0.0.1 (run it with `python3 build.py bench-page`).

Measures, from navigation start (performance.now() in the page, recorded by a mutation
observer the moment <body> changes, so no polling delay is counted):

  board   body[data-ready="1"]: a board is drawn and takes moves (before Python is up,
          a move is queued and played as soon as the engine is ready)
  engine  body[data-engine="ready"]: Python has booted and the engine answers

for a first visit (empty profile), a later visit (same profile: HTTP cache and service
worker) online, and a later visit offline. Then the time the page takes to show a computer
move (request sent -> move drawn, the page's "filler:computer-move" measure) on a few
variants. Prints a table of medians (and every run); --json FILE also writes them.

    python3 build.py bench-page [--runs N] [--moves N] [--variants classic,big]
                                [--level strongest|greedy|...] [--without-snapshot] [--json FILE]
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "browser"))
import build  # noqa: E402
from conftest import BOOT_TIMEOUT_MS, chromium_launch_options  # noqa: E402

RECORD_MILESTONES = """
window.__milestones = {};
new MutationObserver(() => {
  const data = document.body && document.body.dataset;
  if (!data) return;
  if (data.ready === "1" && !("board" in window.__milestones)) window.__milestones.board = performance.now();
  if (data.engine === "ready" && !("engine" in window.__milestones)) window.__milestones.engine = performance.now();
}).observe(document, {subtree: true, attributes: true, childList: true});
"""
BOTH_SEEN = "() => window.__milestones && 'board' in window.__milestones && 'engine' in window.__milestones"


def visit(context, url: str, offline: bool = False) -> dict:
    context.set_offline(offline)
    page = context.new_page()
    page.goto(url)
    page.wait_for_function(BOTH_SEEN, timeout=BOOT_TIMEOUT_MS)
    milestones = page.evaluate("window.__milestones")
    page.close()
    return {name: round(value) for name, value in milestones.items()}


def wait_saved_for_offline(context, url: str) -> None:
    page = context.new_page()
    page.goto(url)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=BOOT_TIMEOUT_MS)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.close()


def open_profile(playwright, profile: Path):
    context = playwright.chromium.launch_persistent_context(str(profile), **chromium_launch_options())
    context.add_init_script(RECORD_MILESTONES)
    context.set_default_timeout(BOOT_TIMEOUT_MS)
    return context


def page_visits(playwright, url: str, runs: int) -> dict[str, list[dict]]:
    results = {"first visit": [], "later visit, online": [], "later visit, offline": []}
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as profile:
            context = open_profile(playwright, Path(profile))
            results["first visit"].append(visit(context, url))
            wait_saved_for_offline(context, url)
            context.close()
            context = open_profile(playwright, Path(profile))
            results["later visit, online"].append(visit(context, url))
            context.close()
            context = open_profile(playwright, Path(profile))
            results["later visit, offline"].append(visit(context, url, offline=True))
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
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    arguments = parser.parse_args()

    site = build.DIST
    if arguments.without_snapshot:
        site = Path(tempfile.mkdtemp()) / "dist"
        shutil.copytree(build.DIST, site)
        info = json.loads((site / "build.json").read_text())
        info.pop("snapshot", None)
        (site / "build.json").write_text(json.dumps(info))
    server = build.make_server(site, 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    build_info = json.loads((site / "build.json").read_text())
    print(f"dist/ version {build_info['version']}, snapshot: {'yes' if build_info.get('snapshot') else 'no'}; "
          f"{arguments.runs} run(s) each", flush=True)

    with sync_playwright() as playwright:
        visits = page_visits(playwright, url, arguments.runs)
        variants = [name for name in arguments.variants.split(",") if name]
        moves = computer_moves(playwright, url, variants, arguments.moves, arguments.level) if arguments.moves else {}
    server.shutdown()

    print("\nnavigation -> milestone, ms (median; every run)")
    print(f"{'visit':24} {'board':>7} {'engine':>7}   runs (board/engine)")
    for kind, runs in visits.items():
        every = ", ".join(f"{run['board']}/{run['engine']}" for run in runs)
        print(f"{kind:24} {median([r['board'] for r in runs])} {median([r['engine'] for r in runs])}   {every}")
    if moves:
        print("\ncomputer move shown (request sent -> move drawn), ms (median; every move)")
        for variant, durations in moves.items():
            print(f"{variant:24} {median(durations)}   {', '.join(map(str, durations))}")
    if arguments.json:
        arguments.json.write_text(json.dumps({"version": build_info["version"], "visits": visits,
                                              "computer_moves": moves}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
