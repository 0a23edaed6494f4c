"""Make, rate and check puzzles: ``puzzles generate``, ``puzzles rate`` and ``puzzles verify``.

    python -m filler puzzles generate --variant quick --count 30 --out puzzles/quick.json --jobs 2
    python -m filler puzzles rate puzzles/quick.json --left-out
    python -m filler puzzles verify puzzles/quick.json --sample 3

``generate`` plays seeded games of the computer levels (on classic and hexagon, of
cheap rungs of the ladder, and walks the positions off their lines too), keeps the
positions the ending solver proves to have one best color that the preview does not
give away, rates them on the ladder and appends them to ``--out`` (resumable: it starts at the
file's ``next_seed`` unless ``--seed`` is given; ``--jobs`` processes side by side,
the same file for any number); progress goes to stderr, and at the end the puzzles
per CPU-hour. ``rate`` rates a file's puzzles again from their ladder chances and
the ladder's measured ratings (``filler.ai.ladder``); ``--left-out`` also has the
player left out of the ladder try every puzzle and prints how often it solves those
rated below and above its rating. ``verify`` proves every puzzle of the file again
(or ``--sample N`` of them, spread over the file), prints each failure and the share
of puzzles whose first color is the one largest preview, and exits with 0 only if
every checked puzzle holds. The format and the rules: ``filler.puzzles``.
"""

import sys

from . import puzzles


def add_arguments(parser):
    actions = parser.add_subparsers(dest="action", metavar="action", required=True)
    make = actions.add_parser("generate", help="find puzzles in games of the computer levels")
    make.add_argument("--variant", default="quick")
    make.add_argument("--count", type=int, default=10)
    make.add_argument("--seed", type=int, default=None)
    make.add_argument("--out", default=None, help="the puzzle file to append to")
    make.add_argument("--jobs", type=int, default=1, help="processes side by side (default 1)")
    make.add_argument("--games", type=int, default=None, help="stop after this many games")
    rate = actions.add_parser("rate", help="rate a file's puzzles again on the ladder")
    rate.add_argument("file")
    rate.add_argument("--left-out", action="store_true",
                      help="check the ratings against the player left out of the ladder")
    check = actions.add_parser("verify", help="prove a file's puzzles again")
    check.add_argument("file")
    check.add_argument("--sample", type=int, default=None,
                       help="check this many puzzles, evenly spread over the file")


def run(args) -> int:
    if args.action == "generate":
        command = " ".join(["python -m filler puzzles generate", "--variant", args.variant,
                            "--count", str(args.count)]
                           + (["--seed", str(args.seed)] if args.seed is not None else [])
                           + (["--games", str(args.games)] if args.games is not None else [])
                           + (["--out", args.out] if args.out else []))
        data = puzzles.generate(args.variant, args.count, args.seed, args.out, jobs=args.jobs,
                                games=args.games, command=command)
        if args.out is None:
            puzzles.dump_to(data, sys.stdout)
        return 0
    data = puzzles.load(args.file)
    if args.action == "rate":
        return _rate(data, args)
    chosen = data["puzzles"]
    if args.sample is not None and 0 < args.sample < len(chosen):
        step = len(chosen) / args.sample
        chosen = [chosen[int(i * step)] for i in range(args.sample)]
    failed = 0
    for record in chosen:
        failures = puzzles.verify(record)
        for failure in failures:
            print(failure)
        failed += bool(failures)
    print(f"{len(chosen) - failed} of {len(chosen)} puzzles hold")
    answered, tied = puzzles.preview_share(data["puzzles"])
    total = len(data["puzzles"])
    print(f"the largest preview gives the first color of {answered} of {total} puzzles "
          f"({100 * answered / max(1, total):.1f} %); it is tied for the largest in {tied}")
    return 1 if failed or not chosen else 0


def _rate(data, args) -> int:
    from .ai import ladder
    variant = data["variant"]
    if variant not in ladder.RATINGS:
        print(f"the ladder has no measured ratings on {variant}", file=sys.stderr)
        return 1
    for record in data["puzzles"]:
        record["rating"] = puzzles.rating(variant, record["chances"])
    puzzles.dump(data, args.file)
    ratings = sorted(record["rating"] for record in data["puzzles"])
    print(f"{len(ratings)} puzzles rated {ratings[0]} to {ratings[-1]} (median "
          f"{ratings[len(ratings) // 2]}), {len(set(ratings))} distinct ratings, the most "
          f"common held by {max(ratings.count(r) for r in set(ratings))}")
    if args.left_out:
        print(puzzles.left_out_check(data))
    return 0
