"""Measure friend links: the length of a whole two-game match's link per variant.

Plays ``--matches`` seeded two-game matches per two-player variant (both sides the
``--level`` computer player, or random legal moves with ``--level random``) and prints
the length of the link sent after the last move: the fragment alone, and the whole
link on a site at ``--site``. Names and ratings as a real match has them.
"""

import random
import statistics

from . import ai, link
from .match import Match

NAMES = ("Annabel", "Christopher")
RATINGS = ((1534.2, 87.5, 0.059912), (1487.9, 120.3, 0.060104))


def add_arguments(parser) -> None:
    parser.add_argument("--matches", type=int, default=5, help="matches per variant (default 5)")
    parser.add_argument("--seed", type=int, default=1, help="first board's seed (default 1)")
    parser.add_argument("--level", default="greedy", help="computer level of both sides, or 'random'")
    parser.add_argument("--site", default="https://example.org/filler/", help="the site's address")


def whole_match(variant: str, seed: int, level: str) -> Match:
    match = Match.new(variant, seed, games=2)
    rng = random.Random(seed)
    while not match.over:
        for seat in match.waiting_ready:  # a friend match goes on to game 2 at once
            match = match.ready(seat)
        legal = match.game.legal_colors()
        match = match.play(rng.choice(legal) if level == "random" else ai.choose(match.game, level, 0.05))
    return match


def run(args) -> int:
    print(f"two-game matches, {args.level} against {args.level}, {args.matches} per variant; "
          f"link = {args.site}#fragment")
    print(f"{'variant':<10} {'moves':>6} {'fragment':>9} {'max':>5} {'link':>5} {'max':>5}")
    for variant in link.VARIANT_CODES:
        moves, lengths = [], []
        for number in range(args.matches):
            match = whole_match(variant, args.seed + number, args.level)
            text = link.encode(match, match_id="AbCdEfGh", sender=number % 2, names=NAMES,
                               ratings=RATINGS)
            assert link.decode(text).match == match
            moves.append(sum(1 for event in match.events if event[0] == "move"))
            lengths.append(len(text))
        extra = len(args.site) + 1
        print(f"{variant:<10} {statistics.median(moves):>6} {statistics.median(lengths):>9} {max(lengths):>5} "
              f"{statistics.median(lengths) + extra:>5} {max(lengths) + extra:>5}")
    return 0
