"""Benchmark: median microseconds of play() and of the previews of all legal colors.

Random games (legal colors drawn with the engine's own PRNG, so every run plays
the same games) on every variant, then on practice boards of growing size to
show how the cost grows with the number of cells.  ``play`` is one call of
``Game.play`` (flood, enclosure, end check); ``previews`` is ``Game.preview(c)``
for every legal color of the position, cell-id lists included (what the page
asks for after every move).
"""

import gc
import platform
import statistics
import sys
import time

from .prng import SplitMix64
from .rules import Game
from .variants import VARIANTS

PRACTICE_BOARDS = (
    ("square", 15, 15, 7),
    ("square", 21, 21, 7),
    ("square", 31, 31, 7),
    ("square", 41, 41, 7),
    ("hex", 41, 41, 7),
    ("diamond", 41, 41, 7),
)


def add_arguments(parser) -> None:
    parser.add_argument("--games", type=int, default=30,
                        help="random games per board (default 30)")
    parser.add_argument("--big-games", type=int, default=6,
                        help="random games per practice board bigger than 21x21 (default 6)")
    parser.add_argument("--cpu", action="store_true",
                        help="time with the thread's CPU clock instead of the wall clock "
                             "(steadier on a busy machine)")
    parser.add_argument("--only", metavar="ID", nargs="*",
                        help="only these variant ids (practice boards are named like "
                             "practice-square-41x41)")


def measure(make_game, games: int, seed: int = 1, clock=time.perf_counter_ns):
    """(play samples, preview samples) over ``games`` random games, in ns."""
    plays, previews = [], []
    for index in range(games):
        rng = SplitMix64(seed * 1000 + index)
        game = make_game(index)
        while not game.over:
            legal = game.legal_colors()
            start = clock()
            for color in legal:
                game.preview(color)
            previews.append(clock() - start)
            color = legal[rng.below(len(legal))]
            start = clock()
            game = game.play(color)
            plays.append(clock() - start)
    return plays, previews


def rows(games: int, big_games: int, only=None, clock=time.perf_counter_ns):
    """Yield (name, cells, moves, play µs, previews µs) per board."""
    for variant_id, variant in VARIANTS.items():
        if variant_id == "practice" or (only and variant_id not in only):
            continue
        plays, previews = measure(lambda i, v=variant_id: Game.new(v, seed=i), games, clock=clock)
        cells = variant.width * variant.height
        yield variant_id, cells, len(plays), _median_us(plays), _median_us(previews)
    for shape, width, height, colors in PRACTICE_BOARDS:
        name = f"practice-{shape}-{width}x{height}"
        if only and name not in only:
            continue
        count = games if width * height <= 441 else big_games

        def make(i, s=shape, w=width, h=height, k=colors):
            return Game.new("practice", seed=i, shape=s, width=w, height=h, colors=k)
        plays, previews = measure(make, count, clock=clock)
        yield name, width * height, len(plays), _median_us(plays), _median_us(previews)


def _median_us(samples) -> float:
    return statistics.median(samples) / 1000 if samples else float("nan")


def run(args) -> int:
    print(f"filler bench: Python {platform.python_version()} ({platform.python_implementation()}), "
          f"{platform.machine()}; median µs per call over random games "
          f"({'thread CPU' if args.cpu else 'wall'} clock)")
    header = f"{'board':<26}{'cells':>6}{'moves':>7}{'play µs':>10}{'previews µs':>13}" \
             f"{'play µs/100 cells':>19}"
    print(header)
    print("-" * len(header))
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        clock = time.thread_time_ns if args.cpu else time.perf_counter_ns
        for name, cells, moves, play_us, preview_us in rows(args.games, args.big_games, args.only,
                                                            clock):
            print(f"{name:<26}{cells:>6}{moves:>7}{play_us:>10.1f}{preview_us:>13.1f}"
                  f"{play_us * 100 / cells:>19.2f}")
            sys.stdout.flush()
    finally:
        if gc_was_enabled:
            gc.enable()
    return 0
