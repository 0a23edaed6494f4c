"""Computer against computer: N two-game matches on seeded boards, with timings.

    python -m filler match --a master --b greedy --variant classic --matches 10 --seed 1

Each board is played both ways round (a match of two games, filler.Match). Prints
every match, then matches and games won, total values, and the mean and maximum
time per move of each bot. Four players: a sits alone against three b players.
"""

from . import LEVELS


def add_arguments(parser):
    parser.add_argument("--a", default="master", choices=LEVELS, help="level of player a")
    parser.add_argument("--b", default="greedy", choices=LEVELS, help="level of player b")
    parser.add_argument("--variant", default="classic", help="variant id (default classic)")
    parser.add_argument("--matches", type=int, default=10, help="number of matches")
    parser.add_argument("--seed", type=int, default=1, help="board seed of the first match")
    parser.add_argument("--seconds", type=float, default=None,
                        help="thinking time per move (default: each level's own budget)")


def run(args) -> int:
    from .tournament import run_matches
    run_matches(args.a, args.b, args.variant, args.matches, args.seed, args.seconds)
    return 0
