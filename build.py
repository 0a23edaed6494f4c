#!/usr/bin/env python3
"""Build, serve, test and benchmark the Filler site.

    python3 build.py                      set up what is missing, then build dist/
    python3 build.py serve [--port N]     build, then serve dist/ on http://127.0.0.1:N/
    python3 build.py test [pytest args]   build, set up .venv-test and Chromium, run pytest
    python3 build.py test --quick         the engine's tests and a smoke of the browser's (under a minute)
    python3 build.py bench-page [args]    build, then time the page in headless Chromium
    python3 build.py screenshot [args]    build, then take the README's picture of the table

Standard library only: the tools it needs (npm packages, the wheel build backend,
pytest and Playwright) are pinned in package-lock.json and requirements-*.txt and
installed into node_modules/, .venv-build/ and .venv-test/ on first use.
A rebuild when nothing changed only re-hashes files and takes about a second.
"""

# The work is done by the package builder/ (a module a concern: see its docstring).

from __future__ import annotations

import sys

from builder import runners, server, site
from builder.checkout import DIST


def serve(arguments: list[str]) -> int:
    port = 8000
    words = arguments[0].split("=", 1) + arguments[1:] if arguments else []
    if words[:1] == ["--port"] and len(words) == 2 and words[1].isdigit():
        port = int(words[1])
    elif words:
        raise SystemExit("usage: python3 build.py serve [--port N]")
    site.build()
    server.serve(DIST, port)
    return 0


def main(arguments: list[str]) -> int:
    command, rest = (arguments[0], arguments[1:]) if arguments else ("build", [])
    if command == "build" and not rest:
        site.build()
        return 0
    if command == "serve":
        return serve(rest)
    if command == "test":
        return runners.test(rest)
    if command == "bench-page":
        return runners.run_tool_script("page.py", rest)
    if command == "screenshot":
        return runners.run_tool_script("screenshot.py", rest)
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
