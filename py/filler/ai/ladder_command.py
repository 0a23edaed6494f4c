"""Measure the ladder's ratings by matches among its rungs (``filler.ai.ladder``).

    python -m filler ladder --variants quick --matches 4 --seed 1 --jobs 2

Every rung plays ``--matches`` two-game matches against each of the two rungs above
it (seats swapped every other match, board seeds from ``--seed``), then the player
left out of the ladder (``ladder.LEFT_OUT``) as many against each of the two rungs
on either side of it. Prints every match, the rungs' ratings (the Elo fit, anchored
on the levels' measured ratings) and the left-out player's, fitted with the rungs'
held fixed, and a ``RATINGS`` block for filler/ai/ladder.py. ``--jobs``: matches
played side by side; the output is the same for any number.
"""

import datetime
import sys


def add_arguments(parser):
    parser.add_argument("--variants", default="quick,classic,hex")
    parser.add_argument("--matches", type=int, default=4, help="matches per pair of rungs")
    parser.add_argument("--seed", type=int, default=1, help="board seed of the first match")
    parser.add_argument("--jobs", type=int, default=1, help="processes (default 1)")


def _play(task):
    from .ladder import play_match
    variant, seed, names = task
    return play_match(variant, seed, names)


def run(args) -> int:
    from . import ladder
    from .ratings import RATINGS
    from ..parallel import ordered_map
    table, left = {}, {}
    for variant in args.variants.split(","):
        rungs = list(ladder.RUNGS)
        above = rungs.index("master-1/16")
        near = rungs[above - 1:above + 3]   # the two rungs either side of LEFT_OUT
        tasks = [(variant, args.seed + n, pair) for n, pair in
                 enumerate(ladder.pairings(args.matches))]
        start = len(tasks)
        tasks += [(variant, args.seed + start + n, (ladder.LEFT_OUT, other) if n % 2 == 0
                   else (other, ladder.LEFT_OUT))
                  for n, other in enumerate(o for o in near for _ in range(args.matches))]
        results = []
        for (variant, seed, names), score in zip(tasks, ordered_map(_play, tasks, args.jobs)):
            results.append((names[0], names[1], score))
            print(f"{variant} seed {seed}: {names[0]} - {names[1]} {score}", flush=True)
        anchor = {name: RATINGS[variant][name][0] for name in ladder.LEVEL_RUNGS}
        table[variant] = ladder.fit(results[:start], anchor=anchor)
        left[variant] = ladder.fit(results[start:], fixed=table[variant])[ladder.LEFT_OUT]
        print(f"{variant}: " + ", ".join(f"{name} {table[variant][name]}" for name in ladder.RUNGS)
              + f"; left out: {ladder.LEFT_OUT} {left[variant]}", flush=True)
    print("\nRATINGS = {")
    for variant, row in table.items():
        print(f"    {variant!r}: {{" + ", ".join(f"{name!r}: {row[name]}" for name in ladder.RUNGS) + "},")
    print("}\nLEFT_OUT_RATINGS = " + repr(left))
    print(f"# produced by: python -m filler ladder --variants {args.variants} --matches "
          f"{args.matches} --seed {args.seed} on {datetime.date.today().isoformat()}")
    return 0
