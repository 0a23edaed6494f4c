"""The master of the day's time per move, inside Pyodide (Node) and in CPython.

    python3 bench/daily_master.py --days 2026-12-04,2026-12-05
    python3 bench/daily_master.py --cpython-only

Plays each day's match (filler.daily: quick, two games) with greedy in the person's
seat and the master of the day (``filler.daily.master_move``, ``MASTER_NODES`` nodes a
move) in the other, and measures every master move: the clock's time and the CPU time
(Node's ``process.cpuUsage`` under Pyodide, the thread's in CPython: on a busy machine
the CPU time is what the search itself took). Also prints the master's colors, the
same in both runs (the node budget; tests/engine/test_daily.py checks it). Prints the
median and the maximum per day. A benchmark, not a test: the figures depend on the
machine and its load. Standard library only.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from pyodide_node import CPU_CLOCK, MISSING, available, run_python  # noqa: E402  (beside this file)

BENCH = """
import json, sys, time
from filler import daily
from filler.ai import choose
%(cpu_clock)s
out = {"platform": sys.platform, "version": sys.version.split()[0], "days": {}}
for date in %(days)r:
    match = daily.new_match(date)
    times, cpus, colors, shortened = [], [], [], 0
    while not match.over:
        if match.turn is None:
            match = match.ready(0).ready(1)
            continue
        if match.turn == 0:
            match = match.play(choose(match.game, "greedy"))
            continue
        start, used = time.perf_counter(), cpu()
        color, cut = daily.master_move(match.game)
        times.append(time.perf_counter() - start)
        cpus.append(cpu() - used)
        colors.append(color)
        shortened += cut
        match = match.play(color)
    out["days"][date] = {"times": times, "cpus": cpus, "colors": colors, "shortened": shortened}
result = json.dumps(out)
"""


def run_cpython(source: str) -> str:
    namespace: dict = {}
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))
    exec(source, namespace)
    return namespace["result"]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--days", default="2026-12-04,2026-12-05", help="comma-separated dates")
    parser.add_argument("--cpython-only", action="store_true")
    args = parser.parse_args(argv)
    source = BENCH % {"cpu_clock": CPU_CLOCK, "days": args.days.split(",")}
    runs = [("CPython", json.loads(run_cpython(source)))]
    if not args.cpython_only:
        if not available():
            print(MISSING)
            return 1
        runs.append(("Pyodide", json.loads(run_python(source, timeout=3600))))
    for name, run in runs:
        for date, figures in run["days"].items():
            ms = lambda values: f"median {1000 * statistics.median(values):.0f} ms, max {1000 * max(values):.0f} ms"
            print(f"{name} {run['version']} {date}: {len(figures['times'])} moves; clock {ms(figures['times'])}; "
                  f"CPU {ms(figures['cpus'])}; shortened {figures['shortened']}")
            print(f"  colors {''.join(map(str, figures['colors']))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
