"""Make and check puzzles: ``puzzles generate`` and ``puzzles verify``.

    python -m filler puzzles generate --variant quick --count 30 --out puzzles/quick.json
    python -m filler puzzles verify puzzles/quick.json --sample 3

``generate`` plays seeded games of the computer levels, keeps the positions the
ending solver proves to have one best color and appends them to ``--out``
(resumable: it starts at the file's ``next_seed`` unless ``--seed`` is given);
progress goes to stderr. ``verify`` proves every puzzle of the file again (or
``--sample N`` of them, spread over the file), prints each failure and exits with 0
only if every checked puzzle holds. The format and the rules: ``filler.puzzles``.
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
    check = actions.add_parser("verify", help="prove a file's puzzles again")
    check.add_argument("file")
    check.add_argument("--sample", type=int, default=None,
                       help="check this many puzzles, evenly spread over the file")


def run(args) -> int:
    if args.action == "generate":
        command = " ".join(["python -m filler puzzles generate", "--variant", args.variant,
                            "--count", str(args.count)]
                           + (["--seed", str(args.seed)] if args.seed is not None else [])
                           + (["--out", args.out] if args.out else []))
        data = puzzles.generate(args.variant, args.count, args.seed, args.out, command=command)
        if args.out is None:
            puzzles.dump_to(data, sys.stdout)
        return 0
    data = puzzles.load(args.file)
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
    return 1 if failed or not chosen else 0
