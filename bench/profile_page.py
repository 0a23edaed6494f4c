"""Time a player's page takes to open with a long history, in headless Chromium.

    .venv-test/bin/python bench/profile_page.py                 # after python3 build.py
    .venv-test/bin/python bench/profile_page.py --matches 500 --runs 3 --width 390

A history of --matches finished matches is stored (played by the engine in CPython and
stored as the page stores them, tests/match_history.py: a person against the computer
levels and another person in the three rated variants, most of them rated), with 200
puzzles tried. Once the engine is ready (and has opened the boot's table), the lobby's
Players tab is opened and the person's name clicked: "open" is the page's own measure
"filler:profile" (from the opening to the page drawn with every answer of the engine: the
ratings' history played again, the puzzle rating's, the lessons), with its parts
("filler:profile:rating_history", ":puzzles", ":draw"); "again" the same a second time
(the answers kept). The budget (issue 52): at most 0.5 s with 500 matches; the figures
are in docs/profile.md. A fresh context each run; service workers blocked. A benchmark,
not a test: print ``uptime`` beside the figures.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import threading
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
for path in (ROOT / "py", ROOT / "tests", ROOT / "tests" / "browser", ROOT):  # the browser tests' conftest first
    sys.path.insert(0, str(path))
from builder.checkout import DIST  # noqa: E402
from builder.server import make_server  # noqa: E402
from conftest import chromium_launch_options  # noqa: E402
from driver import BOOT_TIMEOUT_MS, wait_engine_table  # noqa: E402
from match_history import History  # noqa: E402

ANN = {"kind": "human", "name": "Ann"}
BOB = {"kind": "human", "name": "Bob"}


def history(count: int) -> History:
    """`count` matches of Ann's, a few hours apart: some played out (quick, against the
    beginner: fast to play), the rest resigned at once by one side."""
    chosen = random.Random(52)
    played = History(start_ms=int(time.time() * 1000) - count * 4 * 3_600_000)
    for number in range(count):
        variant = chosen.choice(("quick", "quick", "classic", "hex"))
        opponent = chosen.choice(({"kind": "computer", "level": "beginner"}, {"kind": "computer", "level": "greedy"},
                                  {"kind": "computer", "level": "master"}, BOB))
        out = variant == "quick" and opponent.get("level") == "beginner"
        loser = None if out else chosen.choice((0, 1) if opponent is BOB else (0,))
        played.add(variant, [ANN, opponent], seed=number, loser=loser, days=chosen.choice((0.05, 0.1, 0.3)))
    return played


def seed_script(played: History, puzzles: list[dict]) -> str:
    tried = {puzzle["id"]: 1 if index % 3 else 0 for index, puzzle in enumerate(puzzles)}
    seed = {f"filler:match:{match['id']}": {"version": 1, **match} for match in played.matches}
    seed["filler:ratings"] = {"version": 1, "ratings": played.stored_ratings()}
    seed["filler:players"] = {"version": 1, "players": [{"name": "Ann", "created": 1}, {"name": "Bob", "created": 1}]}
    seed["filler:puzzles"] = {"version": 1, "rating": {"r": 1500, "rd": 60, "vol": 0.06}, "tries": len(tried),
                              "solved": sum(tried.values()), "streak": 0, "best": 1, "tried": tried}
    return """((seed) => {
        if (location.protocol !== 'http:' || localStorage.getItem('bench:seeded')) return;
        for (const [key, value] of Object.entries(seed)) localStorage.setItem(key, JSON.stringify(value));
        localStorage.setItem('bench:seeded', '1');
    })(%s)""" % json.dumps(seed)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=500)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--width", type=int, default=1280, help="the viewport's width (390: a phone's)")
    args = parser.parse_args(argv)
    made = time.monotonic()
    played = history(args.matches)
    puzzles = json.loads((DIST / "puzzles" / "quick.json").read_text())["puzzles"][:200]
    script = seed_script(played, puzzles)
    print(f"{args.matches} matches played and stored in {time.monotonic() - made:.0f} s", file=sys.stderr)
    server = make_server(DIST, 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    runs = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(**chromium_launch_options())
        for _ in range(args.runs):
            context = browser.new_context(viewport={"width": args.width, "height": 844 if args.width < 600 else 800},
                                          service_workers="block")
            context.set_default_timeout(BOOT_TIMEOUT_MS)
            context.add_init_script(script)
            page = context.new_page()
            page.goto(url)
            wait_engine_table(page)  # the engine up, the boot's table opened on it
            figures = []
            for _ in range(2):
                page.click("#new-game")
                page.click('[data-tab="players"]')
                page.click('.profiles button[data-action="profile"][data-player="Ann"]')
                page.wait_for_selector('dialog.profile[data-ready="1"]')
                figures.append(page.evaluate("""Object.fromEntries(['', ':rating_history', ':puzzles', ':draw'].map((part) =>
                    [part.slice(1) || 'open', (performance.getEntriesByName('filler:profile' + part).at(-1)?.duration ?? 0) / 1000]))"""))
                page.evaluate("performance.clearMeasures()")
                page.click('[data-action="profile-close"]')
            points = page.evaluate("[...document.querySelectorAll('dialog.profile svg[data-points]')].reduce((sum, chart) => sum + Number(chart.dataset.points), 0)")
            runs.append({**figures[0], "again": figures[1]["open"], "points": points})
            context.close()
        browser.close()
    server.shutdown()
    print(f"a player's page with {args.matches} matches and {len(puzzles)} puzzles tried ({args.width} px wide): "
          "opened, every answer drawn")
    for run in runs:
        print(f"  open {run['open']:.3f} s (the engine's rating history {run['rating_history']:.3f} s, the puzzles "
              f"{run['puzzles']:.3f} s, the last draw {run['draw']:.3f} s), again {run['again']:.3f} s ({run['points']} points drawn)")
    if len(runs) > 1:
        for name in ("open", "again"):
            print(f"  median {name} {statistics.median(run[name] for run in runs):.3f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
