"""Time to every color's first verdict on the analysis board, in headless Chromium with a
phone's viewport (390x844, touch), as a player waits for it.

    .venv-test/bin/python bench/analysis_page.py                 # after python3 build.py
    .venv-test/bin/python bench/analysis_page.py --variant classic --runs 5
    .venv-test/bin/python bench/analysis_page.py --engine-only          # the verdicts alone, CPU time

A game of the master against greedy (2000 nodes a move), some moves in, is opened by its
shared link on the built dist/ (served on 127.0.0.1); once the engine is up, "Analyse"
beside the replay is pressed, and the page's own clock (performance.now(), recorded by a
mutation observer, so no polling counts) says when the analysis board showed the
position ("shown": its panel and the table at the position) and when every legal color
had its first verdict ("verdicts", counted from "shown"; the goals: quick 1 s, classic
2 s, docs/analysis.md "How fast"). A fresh profile each run. A benchmark, not a
test: it prints the load average beside the figures.
"""

from __future__ import annotations

import argparse
import json
import os
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
from pyodide_node import CPU_CLOCK, MISSING, available, run_python  # noqa: E402  (beside this file)
import filler  # noqa: E402
from filler.ai import choose  # noqa: E402
from conftest import chromium_launch_options  # noqa: E402
from driver import BOOT_TIMEOUT_MS  # noqa: E402

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 3}
GOALS = {"quick": 1.0, "classic": 2.0}

RECORD = """
window.__seen = {};
new MutationObserver(() => {
  const seen = window.__seen;
  if (!('shown' in seen) && document.querySelector('.analysis-panel:not([hidden]) .analysis-verdicts')) seen.shown = performance.now();
  const items = [...document.querySelectorAll('.analysis-verdicts li')];
  if (!('first' in seen) && items.some((item) => item.dataset.kind)) seen.first = performance.now();
  if (!('verdicts' in seen) && items.length && items.every((item) => item.dataset.kind)) {
    seen.verdicts = performance.now();
    seen.count = items.length;
  }
}).observe(document, {subtree: true, attributes: true, childList: true});
"""


def game_link(variant: str, seed: int, plies: int) -> str:
    game = filler.Game.new(variant, seed=seed)
    while not game.over and len(game.moves) < plies:
        level = "master" if game.turn == 0 else "greedy"
        game = game.play(choose(game, level, 60, max_nodes=2000 if level == "master" else None))
    colors = "".join(str(color) for _, color in game.moves)
    return f"#variant={variant}&seed={seed}&moves={len(game.moves)}-{colors}"


ENGINE = """
import json
import filler
from filler.ai import analysis
%(cpu_clock)s
game = filler.Game.new(%(variant)r, seed=%(seed)d)
for color in %(moves)r:
    game = game.play(color)
runs = []
for _ in range(%(runs)d):
    analysis.verdict(game, game.legal_colors()[0], nodes=200)  # (imports and tables made once)
    used = cpu()
    found = [analysis.verdict(game, color) for color in game.legal_colors()]
    runs.append(cpu() - used)
result = json.dumps({"cpu": runs, "nodes": sum(verdict["nodes"] for verdict in found), "colors": len(found)})
"""


def engine_only(variant: str, seed: int, link: str, runs: int) -> int:
    """Every color's first verdict of the same position in Pyodide under Node, on the
    process's CPU time (a busy machine does not count against it)."""
    if not available():
        print(MISSING, file=sys.stderr)
        return 2
    moves = [int(digit) for digit in link.rsplit("-", 1)[1]]
    found = json.loads(run_python(ENGINE % {"cpu_clock": CPU_CLOCK, "variant": variant, "seed": seed,
                                            "moves": moves, "runs": runs}))
    print(f"{variant} seed {seed}, {len(moves)} moves in: {found['colors']} colors, {found['nodes']} nodes;"
          f" Pyodide under Node, CPU s: " + ", ".join(f"{cpu:.2f}" for cpu in found["cpu"])
          + f" (median {statistics.median(found['cpu']):.2f})")
    print("load average (1, 5, 15 min):", " ".join(f"{load:.1f}" for load in os.getloadavg()))
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="quick", choices=("quick", "classic", "hex"))
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--plies", type=int, default=None, help="moves into the game (default: quick 8, else 16)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--engine-only", action="store_true",
                        help="the same verdicts in Pyodide under Node, on CPU time (no page)")
    args = parser.parse_args(argv)
    plies = args.plies if args.plies is not None else 8 if args.variant == "quick" else 16
    if args.engine_only:
        return engine_only(args.variant, args.seed, game_link(args.variant, args.seed, plies), args.runs)
    server = make_server(DIST, 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/{game_link(args.variant, args.seed, plies)}"
    runs = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(**chromium_launch_options())
        for _ in range(args.runs):
            context = browser.new_context(**PHONE)
            context.set_default_timeout(BOOT_TIMEOUT_MS)
            context.add_init_script(RECORD)
            page = context.new_page()
            page.goto(url)
            page.wait_for_selector('body[data-engine="ready"]', state="attached")
            page.wait_for_selector('.analysis-entry:not([hidden]) button')
            page.tap('.analysis-entry button')
            page.wait_for_function("() => 'verdicts' in window.__seen", timeout=120_000)
            seen = page.evaluate("window.__seen")
            runs.append({"first": (seen["first"] - seen["shown"]) / 1000,
                         "verdicts": (seen["verdicts"] - seen["shown"]) / 1000, "colors": seen["count"]})
            context.close()
        browser.close()
    server.shutdown()
    goal = GOALS.get(args.variant)
    print(f"{args.variant} seed {args.seed}, {plies} moves in, phone viewport, {len(runs)} fresh profiles")
    for number, run in enumerate(runs, 1):
        print(f"  run {number}: every color's first verdict {run['verdicts']:.2f} s after the position was shown"
              f" ({run['colors']} colors; the first color's {run['first']:.2f} s)")
    median = statistics.median(run["verdicts"] for run in runs)
    print(f"median {median:.2f} s" + (f" (goal {goal:.0f} s: {'met' if median <= goal else 'NOT met'})" if goal else ""))
    print("load average (1, 5, 15 min):", " ".join(f"{load:.1f}" for load in os.getloadavg()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
