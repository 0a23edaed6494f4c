"""The README's picture of the table: a classic game a few moves in, in headless Chromium.

    python3 build.py screenshot [--out docs/table.png] [--moves 8] [--theme light|dark]
"""

from __future__ import annotations

import argparse
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

# The legal color whose tooltip promises the most cells: a plausible human move.
BEST_COLOR = """() => [...document.querySelectorAll('.color-button:not([aria-disabled])')]
    .map((button) => [Number(((button.dataset.tooltip || '').match(/\\d+/) || ['0'])[0]),
                      Number(button.dataset.color)])
    .sort((a, b) => b[0] - a[0])[0][1]"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "table.png")
    parser.add_argument("--moves", type=int, default=8)
    parser.add_argument("--theme", choices=("light", "dark"), default="light")
    arguments = parser.parse_args()

    server = make_server(DIST, 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(**chromium_launch_options())
        page = browser.new_page(viewport={"width": 1100, "height": 820}, color_scheme=arguments.theme)
        page.set_default_timeout(BOOT_TIMEOUT_MS)
        page.goto(url)
        page.wait_for_selector('body[data-engine="ready"]', state="attached")
        for _ in range(arguments.moves):
            if page.evaluate("document.body.dataset.over") == "1":
                break
            state_id = page.evaluate("Number(document.body.dataset.stateId)")
            page.keyboard.press(str(page.evaluate(BEST_COLOR) + 1))
            page.wait_for_function("(id) => Number(document.body.dataset.stateId) > id"
                                   " && (document.body.dataset.turn === '0' || document.body.dataset.over === '1')",
                                   arg=state_id)
        page.mouse.move(0, 0)
        arguments.out.parent.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(arguments.out), animations="disabled")
        browser.close()
    server.shutdown()
    print(f"wrote {arguments.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
