"""Time of a whole game review in headless Chromium, as a player waits for it.

    .venv-test/bin/python bench/review_page.py                 # after python3 build.py
    .venv-test/bin/python bench/review_page.py --variant quick --seed 4 --runs 3

The game is the one ``bench/review_pyodide.py`` reviews (the master, 2000 nodes a
move, against greedy; the master moves first): opened by its shared link on the
built dist/ (served on 127.0.0.1), then Review is clicked and the page's own clock
(performance.now(), recorded by a mutation observer, so no polling delay counts)
says when the first move's mark and the whole review were shown. A fresh profile
each run. A benchmark, not a test: print ``uptime`` beside the figures.
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
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "tests" / "browser"))
from builder.checkout import DIST  # noqa: E402
from builder.server import make_server  # noqa: E402
import filler  # noqa: E402
from filler.ai import choose  # noqa: E402
from conftest import chromium_launch_options  # noqa: E402
from driver import BOOT_TIMEOUT_MS  # noqa: E402

RECORD = """
window.__review = {};
new MutationObserver(() => {
  const seen = window.__review;
  if (!('first' in seen) && document.querySelector('.review-moves li[data-mark]:not([data-mark=""])')) seen.first = performance.now();
  if (!('done' in seen) && document.querySelector('.review-panel:not([hidden]) .review-status[data-status="done"]')) seen.done = performance.now();
}).observe(document, {subtree: true, attributes: true, childList: true});
"""


def game_link(variant: str, seed: int) -> tuple[str, int]:
    game = filler.Game.new(variant, seed=seed)
    while not game.over:
        level = "master" if game.turn == 0 else "greedy"
        game = game.play(choose(game, level, 60, max_nodes=2000 if level == "master" else None))
    colors = "".join(str(color) for _, color in game.moves)
    return f"#variant={variant}&seed={seed}&players=human,greedy&moves={len(game.moves)}-{colors}", len(game.moves)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="classic")
    parser.add_argument("--seed", type=int, default=9, help="board seed (classic 9: a 41-move game)")
    parser.add_argument("--runs", type=int, default=1)
    args = parser.parse_args(argv)
    link, moves = game_link(args.variant, args.seed)
    server = make_server(DIST, 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/{link}"
    runs = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(**chromium_launch_options())
        for _ in range(args.runs):
            context = browser.new_context()
            context.set_default_timeout(BOOT_TIMEOUT_MS)
            context.add_init_script(RECORD)
            page = context.new_page()
            page.goto(url)
            page.wait_for_selector('body[data-engine="ready"]', state="attached")
            page.wait_for_selector(".shared-replay:not([hidden])")
            start = page.evaluate("performance.now()")
            page.click('.over-panel button[data-action="review"]')
            page.wait_for_selector('.review-panel:not([hidden]) .review-status[data-status="done"]',
                                   state="attached", timeout=600_000)
            seen = page.evaluate("window.__review")
            shortened = page.locator(".review-shortened-move").count()
            runs.append({"first": (seen["first"] - start) / 1000, "done": (seen["done"] - start) / 1000,
                         "shortened": shortened})
            context.close()
        browser.close()
    server.shutdown()
    print(f"{args.variant} seed {args.seed}: a {moves}-move game reviewed in the page")
    for run in runs:
        print(f"  first mark {run['first']:.1f} s, whole review {run['done']:.1f} s, shortened {run['shortened']}")
    if len(runs) > 1:
        print(f"  median whole review {statistics.median(r['done'] for r in runs):.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
