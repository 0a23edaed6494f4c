"""Time of a puzzle in headless Chromium, as a player waits for it (phone viewport).

    .venv-test/bin/python bench/puzzles_page.py                 # after python3 build.py
    .venv-test/bin/python bench/puzzles_page.py --variant hex --runs 5

Once the engine is ready, "Puzzles" is pressed, and the page's own clock
(performance.now(), from the click the page receives to what a mutation observer
sees, so neither Playwright's click nor polling counts) says when the puzzle's task was
shown (the file fetched, the record opened by the engine, the board drawn): "open".
Then a wrong color is played ("wrong": its verdict shown; "lines": its refutation ready
to step through) and, after "Try again", the solution's first color ("moved": the move drawn, the
other side to move; "right": the reply drawn too, less the REPLY_PAUSE_MS it waits).
A fresh profile each run, timed once the service worker has stored the site. A benchmark, not a test: print ``uptime`` beside the figures.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "browser"))
from builder.checkout import DIST  # noqa: E402
from builder.server import make_server  # noqa: E402
from conftest import chromium_launch_options  # noqa: E402
from driver import BOOT_TIMEOUT_MS  # noqa: E402

REPLY_PAUSE_MS = 450  # js/flows/puzzles.js

RECORD = """
window.__seen = {};
window.__pressed = null;
addEventListener('click', () => { window.__pressed = performance.now(); }, true);
new MutationObserver(() => {
  const verdict = document.querySelector('.puzzle-bar:not([hidden]) .puzzle-verdict');
  if (!verdict) return;
  const phase = verdict.dataset.phase + ':' + verdict.dataset.ply;
  if (!(phase in window.__seen)) window.__seen[phase] = performance.now();
  const moving = document.querySelector('.side-card[data-moving]');
  if (window.__side !== undefined && moving && moving.dataset.side !== String(window.__side) && !('moved' in window.__seen))
    window.__seen.moved = performance.now();
  if (document.querySelector('.puzzle-bar:not([hidden]) .puzzle-line-steps') && !('lines' in window.__seen)) window.__seen.lines = performance.now();
}).observe(document, {subtree: true, attributes: true, childList: true});
"""


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="quick", choices=("quick", "classic", "hex"))
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1, help="the order of the puzzles offered (docs/puzzles.md)")
    args = parser.parse_args(argv)
    server = make_server(DIST, 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    runs = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(**chromium_launch_options())
        for _ in range(args.runs):
            context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
            context.set_default_timeout(BOOT_TIMEOUT_MS)
            context.add_init_script(RECORD)
            page = context.new_page()
            page.goto(url)
            page.wait_for_selector('body[data-engine="ready"][data-ready="1"]', state="attached")
            page.evaluate("navigator.serviceWorker.ready.then(() => true)")  # its precache done: not measured here
            # the same first puzzle each run: a player's order of the puzzles, as kept after a first try
            page.evaluate("(seed) => localStorage.setItem('filler:puzzles', JSON.stringify({version: 1, rating: null, "
                          "tries: 0, solved: 0, streak: 0, best: 0, tried: {}, seed}))", args.seed)
            page.click("#open-puzzles")
            page.wait_for_selector('.puzzle-verdict[data-phase="solving"]')
            if args.variant != "quick":  # the filter: the first quick puzzle, then the variant's
                start = page.evaluate("performance.now()")
                page.evaluate("window.__seen = {}")
                page.select_option('[data-action="puzzle-variant"]', args.variant)
                page.wait_for_function("(v) => document.querySelector('.puzzle-about')?.dataset.id.startsWith(v + '-')",
                                       arg=args.variant)
            else:
                start = page.evaluate("window.__pressed")
            opened = page.evaluate("window.__seen['solving:0']")
            record = page.evaluate("""async (id) => {
              const variant = id.split('-')[0];
              const file = await (await fetch(`puzzles/${variant}.json`)).json();
              return file.puzzles.find((p) => p.id === id);
            }""", page.get_attribute(".puzzle-about", "data-id"))
            wrong = int(next(iter(record["others"][0])))
            page.click(f'.color-button[data-color="{wrong}"]')
            page.wait_for_selector('.puzzle-verdict[data-phase="wrong"]')
            page.wait_for_selector('.puzzle-line-steps')
            wrong_ms, lines_ms = page.evaluate("[window.__seen['wrong:0'] - window.__pressed, window.__seen.lines - window.__pressed]")
            page.click('[data-action="puzzle-again"]')
            page.wait_for_selector('.puzzle-verdict[data-phase="solving"]')
            page.evaluate("(side) => { window.__side = side; }", record["side"])
            page.click(f'.color-button[data-color="{record["solution"][0]}"]')
            before = page.evaluate("window.__pressed")
            page.wait_for_function("() => document.querySelector('.puzzle-verdict').dataset.ply === '2'")
            shown = page.evaluate("Object.entries(window.__seen).find(([k]) => k.endsWith(':2'))[1]")
            right_ms = shown - before - (REPLY_PAUSE_MS if len(record["solution"]) > 1 else 0)
            moved_ms = (page.evaluate("window.__seen.moved") or shown) - before  # a move that ends the game: no reply
            runs.append({"open": (opened - start) / 1000, "wrong": wrong_ms / 1000, "lines": lines_ms / 1000, "moved": moved_ms / 1000, "right": right_ms / 1000})
            context.close()
        browser.close()
    server.shutdown()
    print(f"{args.variant} puzzles in the page (390x844): open, a wrong color's verdict and its lines, a right color played and its reply")
    for run in runs:
        print(f"  open {run['open']:.3f} s, wrong {run['wrong']:.3f} s, lines {run['lines']:.3f} s, moved {run['moved']:.3f} s, right {run['right']:.3f} s")
    if len(runs) > 1:
        for name in ("open", "wrong", "lines", "moved", "right"):
            print(f"  median {name} {statistics.median(r[name] for r in runs):.3f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
