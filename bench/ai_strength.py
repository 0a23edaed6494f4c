"""The master of this tree against the master of a git commit: two-game matches.

    python3 bench/ai_strength.py                       # against 15f5e0b, 40 boards each
    python3 bench/ai_strength.py --variant classic --boards 20 --first 21 --out c2.jsonl
    python3 bench/ai_strength.py --summary q1.jsonl q2.jsonl c1.jsonl ...

The old master comes from ``git archive <commit> py/filler`` unpacked into a
temporary folder and imported as the package ``filler_<commit>``; both play
through the engine of this tree (``filler.Match``). One match per board seed
(``--first`` .. ``--first + --boards - 1``): two games, each master once first
and once in each corner. The time per move is the master's in the browser (0.9 of
the player's 1 s up to 15x15, 2 s above) times ``--factor``, the CPython seconds
per second of Pyodide (``bench/ai_factor.py`` measures it); the new master stops on the
thread's CPU clock, so a busy machine slows the run but not the players. The
old master gets its own node budget (its time cap set far above it), as in the
browser; with ``--old-time`` it gets the new master's time instead (for a commit
whose master already uses its time, such as when comparing two changes). Each match is one line of JSON in ``--out``; the summary is the mean
match score (win 1, win at 1-1 on total value 0.6, draw 0.5, ...: the rating's
match score) with a 95 % confidence interval (normal approximation).
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "py"))

sys.path.insert(0, str(ROOT / "bench"))

import filler  # noqa: E402
from ai_nodes import unpack  # noqa: E402  (beside this file)
from filler.ai import choose  # noqa: E402

DEFAULT_COMMIT = "15f5e0b"
# CPython seconds per second of the browser's Pyodide (bench/ai_factor.py, see docs/master.md, "The time factor")
FACTOR = 0.4


def load_commit(commit: str, folder: Path):
    """The package ``filler`` of ``commit``, imported as ``filler_<commit>``."""
    target = unpack(commit, folder)
    sys.path.insert(0, str(folder))
    return importlib.import_module(target.name)


def browser_seconds(game) -> float:
    return 1.0 if game.width * game.height <= 15 * 15 else 2.0


def play(variant: str, seed: int, players, stats):
    """One two-game match; ``players[seat](game)`` returns a color."""
    match = filler.Match.new(variant, seed)
    while not match.over:
        if match.between_games:
            for seat in match.waiting_ready:
                match = match.ready(seat)
            continue
        seat = match.turn
        start = time.thread_time()
        color = players[seat](match.game)
        stats[seat].append(time.thread_time() - start)
        match = match.play(color)
    return match


def score_of(match, side: int) -> float:
    for a, b, score in match.outcome["pairs"]:
        if a == side:
            return float(score)
        if b == side:
            return 1.0 - float(score)
    raise ValueError("side not in the match")


def this_commit() -> str:
    """This tree's commit, with "+" when it has changes not committed."""
    head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
                          capture_output=True, text=True).stdout.strip()
    dirty = subprocess.run(["git", "-C", str(ROOT), "status", "--porcelain", "py"],
                           capture_output=True, text=True).stdout.strip()
    return head + ("+" if dirty else "")


def run(args) -> int:
    commit = this_commit()
    with tempfile.TemporaryDirectory() as tmp:
        old = load_commit(args.against, Path(tmp))
        out = open(args.out, "a") if args.out else None
        for variant in args.variant.split(","):
            for seed in range(args.first, args.first + args.boards):
                game = filler.Game.new(variant, seed)
                # the master's own share of the browser's second (levels.default_seconds)
                seconds = 0.9 * browser_seconds(game) * args.factor

                def new(game, seconds=seconds):
                    return choose(game, "master", seconds, clock=time.thread_time)

                def previous(game, seconds=seconds):
                    if args.old_time:
                        return old.ai.choose(game, "master", seconds, clock=time.thread_time)
                    return old.ai.choose(game, "master", 60.0)

                # seat 0 moves first in game 1; new master there on odd seeds
                players = [new, previous] if seed % 2 else [previous, new]
                seat_new = 0 if seed % 2 else 1
                stats = {0: [], 1: []}
                match = play(variant, seed, players, stats)
                side = match.side_of(seat_new)
                score = score_of(match, side)
                row = {"variant": variant, "seed": seed, "score": score,
                       "kind": match.outcome["kind"], "totals": {
                           "new": match.outcome["totals"][side],
                           "old": match.outcome["totals"][1 - side]},
                       "seconds": round(seconds, 3),
                       "new_ms": [round(1000 * sum(stats[seat_new]) / len(stats[seat_new]), 1),
                                  round(1000 * max(stats[seat_new]), 1)],
                       "old_ms": [round(1000 * sum(stats[1 - seat_new]) /
                                        len(stats[1 - seat_new]), 1),
                                  round(1000 * max(stats[1 - seat_new]), 1)],
                       "events": [list(event) for event in match.events],
                       "against": args.against + (" same time" if args.old_time else ""), "commit": commit, "load": round(os.getloadavg()[0], 1)}
                print(json.dumps(row), flush=True)
                if out:
                    print(json.dumps(row), file=out, flush=True)
        if out:
            out.close()
    return 0


def summary(paths) -> int:
    rows = []
    for path in paths:
        with open(path) as f:
            rows += [json.loads(line) for line in f if line.strip()]
    by_variant = {}
    for row in rows:
        by_variant.setdefault(row["variant"], {})[row["seed"]] = row
    for variant, seeds in by_variant.items():
        scores = [r["score"] for r in seeds.values()]
        n = len(scores)
        mean = sum(scores) / n
        sd = math.sqrt(sum((s - mean) ** 2 for s in scores) / max(1, n - 1))
        half = 1.96 * sd / math.sqrt(n)
        won = sum(1 for s in scores if s > 0.5)
        lost = sum(1 for s in scores if s < 0.5)
        new_ms = sum(r["new_ms"][0] for r in seeds.values()) / n
        old_ms = sum(r["old_ms"][0] for r in seeds.values()) / n
        loads = [r["load"] for r in seeds.values()]
        print(f"{variant}: {n} matches, new master {100 * mean:.1f} % of the match score "
              f"(95 % interval {100 * max(0, mean - half):.1f}-{100 * min(1, mean + half):.1f}),"
              f" won {won}, drawn {n - won - lost}, lost {lost}; CPU ms per move: new "
              f"{new_ms:.0f}, old {old_ms:.0f}; load {min(loads)}-{max(loads)}; "
              f"{sorted({r.get('commit', '?') for r in seeds.values()})} against "
              f"{sorted({r['against'] for r in seeds.values()})}")
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", default=DEFAULT_COMMIT, help="git commit of the old master")
    parser.add_argument("--variant", default="quick,classic,hex", help="comma-separated ids")
    parser.add_argument("--boards", type=int, default=40, help="boards (matches) per variant")
    parser.add_argument("--first", type=int, default=1, help="seed of the first board")
    parser.add_argument("--factor", type=float, default=FACTOR,
                        help="CPython time per browser second (default %(default)s)")
    parser.add_argument("--old-time", action="store_true",
                        help="the old master gets the same time as the new (not its node budget)")
    parser.add_argument("--out", help="append one JSON line per match to this file")
    parser.add_argument("--summary", nargs="+", metavar="FILE",
                        help="only summarise these result files")
    args = parser.parse_args(argv)
    if args.summary:
        return summary(args.summary)
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
