"""Round robin of the computer levels on the rated variants: Glicko-2 ratings.

    python -m filler ratings --matches 4 --seed 1

Every pair of levels plays ``--matches`` matches per variant (four players: all
four levels at one table, turned a seat per table and seated in the direction of
play and against it by turns, see ``tournament.four_table``); each match is one
rating period. Prints the ratings and a ``RATINGS = {...}`` block for
filler/ai/ratings.py.
"""

from .tournament import RATED


def add_arguments(parser):
    parser.add_argument("--matches", type=int, default=4,
                        help="matches per pair of levels and variant (default 4)")
    parser.add_argument("--seed", type=int, default=1, help="board seed of the first match")
    parser.add_argument("--variants", default=",".join(RATED),
                        help="comma-separated variant ids (default: the rated ones)")
    parser.add_argument("--seconds", type=float, default=None,
                        help="thinking time per move (default: each level's own budget)")


def run(args) -> int:
    from .tournament import run_ratings
    run_ratings(args.matches, args.seed, tuple(args.variants.split(",")), seconds=args.seconds)
    return 0
