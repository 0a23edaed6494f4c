"""Where the test suite's CPU goes: each test's, by file, with the machine's.

    python3 bench/suite_cpu.py                          # the whole suite, as `python3 build.py test`
    python3 bench/suite_cpu.py tests/browser/store -x   # arguments go to the suite's command
    python3 bench/suite_cpu.py --top 20 --tests 30      # rows printed (files, then tests)

It runs `python3 build.py test` with this module as a pytest plugin (`-p suite_cpu`):
each test process becomes a child subreaper (Linux's PR_SET_CHILD_SUBREAPER), so that
Chromium's renderers, which its zygote forks twice and lets go, come back to it when
their parent is gone; a test's CPU is then the user and system time of the process and
everything below it (the Playwright driver, Chromium and its renderers, the test's own
subprocesses, ended or not) from before its setup to after its teardown. The busy CPU of
the whole machine (/proc/stat) over the run is printed beside the sum: what is not
attributed is pytest's start, build.py's set-up and anything else running. The machine's
speed moves from one hour to the next (the same run took 751-856 s of busy CPU on
2026-12-07): compare changes in runs one after the other, alternating. A benchmark, not
a test: print `uptime` beside the figures. docs/testing.md "Where the time goes".
"""

from __future__ import annotations

import argparse
import collections
import ctypes
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

try:
    import pytest
    hookwrapper = pytest.hookimpl(hookwrapper=True)
except ImportError:  # the command's side: build.py's python, which has no pytest
    def hookwrapper(function):
        return function

ROOT = Path(__file__).resolve().parent.parent
PR_SET_CHILD_SUBREAPER = 36
TICKS = os.sysconf("SC_CLK_TCK")
OUT = "SUITE_CPU_DIR"  # where each test process writes its figures


# ---------------------------------------------------------------- the plugin (in each test process)

def _stat(pid: str) -> list[str] | None:
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return [text[text.index("(") + 1:text.rindex(")")]] + text.rsplit(")", 1)[1].split()


def _reap_chromium(me: int) -> None:
    """Wait for the ended Chromium processes given to this one (their time then counts in
    its children's); no other child is touched (subprocess and Playwright wait for theirs)."""
    for pid in filter(str.isdigit, os.listdir("/proc")):
        fields = _stat(pid)
        if fields and fields[1] == "Z" and int(fields[2]) == me and "chrom" in fields[0]:
            try:
                os.waitid(os.P_PID, int(pid), os.WEXITED | os.WNOHANG)
            except ChildProcessError:
                pass


def tree_cpu(root: int) -> float:
    """Seconds of CPU of `root` and every process below it, and of their waited-for children."""
    _reap_chromium(root)
    children = collections.defaultdict(list)
    for pid in filter(str.isdigit, os.listdir("/proc")):
        fields = _stat(pid)
        if fields:
            children[int(fields[2])].append((int(pid), sum(map(int, fields[12:16]))))
    total = sum(map(int, (_stat(str(root)) or [0] * 16)[12:16]))
    stack = [root]
    while stack:
        for pid, ticks in children.get(stack.pop(), []):
            total += ticks
            stack.append(pid)
    return total / TICKS


_figures: dict[str, list[float]] = {}


def pytest_configure(config) -> None:
    ctypes.CDLL(None).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)


@hookwrapper
def pytest_runtest_protocol(item, nextitem):
    cpu, wall = tree_cpu(os.getpid()), time.perf_counter()
    yield
    _figures[item.nodeid] = [tree_cpu(os.getpid()) - cpu, time.perf_counter() - wall]



def pytest_sessionfinish(session) -> None:
    folder = os.environ.get(OUT)
    if folder and _figures:
        name = os.environ.get("PYTEST_XDIST_WORKER", "main")
        Path(folder, f"{name}.json").write_text(json.dumps(_figures))


# ---------------------------------------------------------------- the command

def busy_seconds() -> float:
    ticks = [int(word) for word in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    return (sum(ticks[:8]) - ticks[3] - ticks[4]) / TICKS  # all but idle and iowait


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--top", type=int, default=40, help="files printed")
    parser.add_argument("--tests", type=int, default=25, help="tests printed")
    known, rest = parser.parse_known_args()
    with tempfile.TemporaryDirectory() as folder:
        environment = dict(os.environ, **{OUT: folder},
                           PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT / "bench"), os.environ.get("PYTHONPATH")])))
        busy, started = busy_seconds(), time.perf_counter()
        status = subprocess.call([sys.executable, str(ROOT / "build.py"), "test", "-p", "suite_cpu", *rest],
                                 cwd=ROOT, env=environment)
        busy, wall = busy_seconds() - busy, time.perf_counter() - started
        figures = {}
        for path in Path(folder).glob("*.json"):
            figures.update(json.loads(path.read_text()))
    by_file = collections.defaultdict(lambda: [0.0, 0.0, 0])
    for node, (cpu, seconds) in figures.items():
        row = by_file[node.split("::")[0]]
        row[0] += cpu
        row[1] += seconds
        row[2] += 1
    attributed = sum(cpu for cpu, _ in figures.values())
    engine = sum(row[0] for name, row in by_file.items() if name.startswith("tests/engine/"))
    print(f"\n{len(figures)} tests, {wall:.0f} s in all (build.py's set-up included): {busy:.0f} s of busy CPU on "
          f"the machine, {attributed:.0f} s of it the tests' ({engine:.0f} s tests/engine, "
          f"{attributed - engine:.0f} s the others); pytest's exit status {status}")
    print(f"\n{'CPU s':>7} {'test s':>7} {'tests':>5}  file")
    for name, (cpu, seconds, count) in sorted(by_file.items(), key=lambda item: -item[1][0])[:known.top]:
        print(f"{cpu:7.1f} {seconds:7.1f} {count:5d}  {name}")
    print(f"\n{'CPU s':>7} {'test s':>7}  test (its parameters together)")
    by_test = collections.defaultdict(lambda: [0.0, 0.0])
    for node, (cpu, seconds) in figures.items():
        by_test[node.split("[")[0]][0] += cpu
        by_test[node.split("[")[0]][1] += seconds
    for name, (cpu, seconds) in sorted(by_test.items(), key=lambda item: -item[1][0])[:known.tests]:
        print(f"{cpu:7.1f} {seconds:7.1f}  {name}")
    return status


if __name__ == "__main__":
    sys.exit(main())
