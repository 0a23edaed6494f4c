"""`python3 build.py test` and the benchmark verbs: build, set up the test venv and
Chromium, then run pytest or a Playwright script of bench/ (docs/testing.md "Running")."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from builder.checkout import ROOT, TEST_VENV, log, setup_lock
from builder.chromium import find_chromium, find_headless_shell
from builder.provision import ensure_venv
from builder.site import build


def tool_environment() -> tuple[Path, dict[str, str]]:
    """The test venv's python and the environment for pytest and the benchmarks."""
    python = ensure_venv(TEST_VENV, ROOT / "requirements-test.txt")
    environment = dict(os.environ, FILLER_DIST_BUILT="1", PYTHONDONTWRITEBYTECODE="1")
    chromium = find_chromium()
    if chromium:
        environment["CHROMIUM"] = chromium
    shell = find_headless_shell()
    if shell:
        environment["CHROMIUM_HEADLESS_SHELL"] = shell
    return python, environment


# `test --quick`, for the edit-test loop: the engine's tests but the two that boot
# Pyodide in Node, and a smoke of the browser suite (the page boots to a board, takes a
# move and shows its reply)
QUICK = ["tests/engine", "--deselect", "tests/engine/test_pyodide_boards.py",
         "--deselect", "tests/engine/test_daily.py::test_the_master_of_the_day_answers_the_same_in_pyodide",
         "tests/browser/boot/test_boot.py::test_page_boots_to_a_playable_board",
         "tests/browser/table/test_moves.py::test_your_own_move_is_on_screen_before_the_reply"]


# pytest-xdist's workers, unless the arguments say (`-n 0`: none): the browser tests
# spend part of their time waiting (on the page's timers, on Chromium, on Pyodide in
# another process), so that three workers on two cores keep both busy where two left
# some 10 % idle (docs/testing.md "Running"); `worksteal` gives an idle worker the
# tests another has not begun.
WORKERS = ["-n", "3", "--dist", "worksteal"]


def test(arguments: list[str]) -> int:
    with setup_lock():
        python, environment = tool_environment()
    build()
    if "--quick" in arguments:
        arguments = [*QUICK, *(argument for argument in arguments if argument != "--quick")]
    names_a_path = any(not argument.startswith("-") and
                       (os.path.exists(argument.split("::")[0]) or "::" in argument)
                       for argument in arguments)
    chooses_workers = any(argument.startswith(("-n", "--numprocesses")) or argument == "no:xdist"
                          for argument in arguments)
    command = [str(python), "-m", "pytest", *([] if names_a_path else ["tests"]),
               *([] if chooses_workers else WORKERS), *arguments]
    log("$ " + " ".join(command))
    return subprocess.call(command, cwd=ROOT, env=environment)


def run_tool_script(script: str, arguments: list[str]) -> int:
    """Build, then run a Playwright script of bench/ with the test venv's python."""
    with setup_lock():
        python, environment = tool_environment()
    build()
    command = [str(python), str(ROOT / "bench" / script), *arguments]
    log("$ " + " ".join(command))
    return subprocess.call(command, cwd=ROOT, env=environment)
