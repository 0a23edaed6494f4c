"""The master thinking on a person's time, in headless Chromium on 127.0.0.1
(run it with `python3 build.py bench-ponder`).

    python3 build.py bench-ponder [--variant classic] [--turns 8]

A person (this script) plays the first allowed color against the master, without a
clock. On each of the person's turns it waits until the page stops the master's
thinking (body[data-pondering] goes; at most 20 s) and meanwhile asks the engine's
worker for a trivial evaluation again and again: each answer comes after the slice
the worker is in, so the gaps between answers are how long a move made then would
wait. Prints per turn how long the master thought and the largest gaps.
"""

from __future__ import annotations

import argparse
import os
import sys
import threading
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

import build  # noqa: E402
from conftest import BOOT_TIMEOUT_MS, chromium_launch_options  # noqa: E402
from test_match_table import start_match, wait_my_turn_or_end  # noqa: E402


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="classic")
    parser.add_argument("--turns", type=int, default=8)
    args = parser.parse_args(argv)
    server = build.make_server(build.DIST, 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(**chromium_launch_options())
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.set_default_timeout(BOOT_TIMEOUT_MS)
        page.goto(url)
        start_match(page, variant=args.variant, name="Bench", games=1, level="master")
        [worker] = [w for w in page.workers if w.url.endswith("/js/worker.js")]
        print(f"{args.variant}, against the master, load {os.getloadavg()[0]:.1f}")
        for turn in range(args.turns):
            wait_my_turn_or_end(page)
            if page.evaluate("document.body.dataset.over") == "1":
                break
            started = last = time.monotonic()
            gaps = []
            while (page.evaluate("document.body.dataset.pondering") == "1"
                   and time.monotonic() - started < 20):
                worker.evaluate("1")
                now = time.monotonic()
                gaps.append(round((now - last) * 1000))
                last = now
            largest = ", ".join(str(gap) for gap in sorted(gaps)[-3:])
            print(f"turn {turn + 1}: thought {time.monotonic() - started:.1f} s; the worker "
                  f"answered {len(gaps)} times, the longest waits {largest} ms", flush=True)
            state_id = int(page.evaluate("document.body.dataset.stateId"))
            page.locator(".color-button:not([aria-disabled])").first.click()
            page.wait_for_function("(id) => Number(document.body.dataset.stateId) > id", arg=state_id)
        browser.close()
    server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
