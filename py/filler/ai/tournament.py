"""Bot against bot: ``python -m filler match`` and ``python -m filler ratings``.

    python -m filler match --a master --b greedy --variant classic --matches 10 --seed 1
    python -m filler ratings --matches 4

A match is two games on one seeded board, each player once in each corner
(``filler.Match``). ``match`` prints every match and a summary: matches and games
won, total values, and the mean and maximum time per move of each bot.
``ratings`` plays a round robin of the levels on the rated variants and prints
each level's Glicko-2 rating per variant, ready to paste into ``RATINGS``.

The commands themselves (their arguments) are ``match_command`` and
``ratings_command``, run by ``python -m filler``; they import this module, never the
other way round.

With two sides, player a sits at seat 0 (duos: seats 0 and 2) and b at the
others. With four players, a sits alone against three b players, at seat
``match_number % 4`` so that it takes every corner and every turn position.
"""

from __future__ import annotations

import datetime
import sys
import time

from . import LEVELS, choose
from .levels import tournament_nodes

RATED = ("quick", "classic", "hex", "four", "duos")


class BotStats:
    """Time per move of one bot."""

    def __init__(self):
        self.moves = 0
        self.total = 0.0
        self.longest = 0.0

    def add(self, seconds: float):
        self.moves += 1
        self.total += seconds
        self.longest = max(self.longest, seconds)

    def line(self) -> str:
        mean = self.total / self.moves if self.moves else 0.0
        return f"{self.moves} moves, mean {mean * 1000:.1f} ms, max {self.longest * 1000:.1f} ms"


def played_match(variant: str, seed: int, move):
    """The match on board ``seed`` played to its end, ``move(game)`` giving every color."""
    from ..match import Match

    match = Match.new(variant, seed)
    while not match.over:
        if match.between_games:
            for seat in match.waiting_ready:
                match = match.ready(seat)
            continue
        match = match.play(move(match.game))
    return match


def play_match(variant: str, seed: int, levels, seconds=None, stats=None, bot_seed=0):
    """Play one match with ``levels[seat]`` at each seat; return the finished Match."""

    def move(game):
        level = levels[game.turn]
        start = time.perf_counter()
        # a fixed --seconds: node budgets end the searches, so the run repeats; the
        # cap is then on the thread's CPU time, which a busy machine does not eat
        nodes = tournament_nodes(game, level) if seconds is not None else None
        clock = time.thread_time if seconds is not None else None
        color = choose(game, level, seconds, seed=bot_seed, max_nodes=nodes, clock=clock)
        if stats is not None:
            stats.setdefault(level, BotStats()).add(time.perf_counter() - start)
        return color

    return played_match(variant, seed, move)


def seat_levels(variant: str, a: str, b: str, number: int):
    """Levels per seat: a against b (four players: a alone at seat number % 4)."""
    from ..variants import VARIANTS

    v = VARIANTS[variant]
    if v.seats == 2:
        return [a, b]
    if v.teams:
        return [a, b, a, b]
    levels = [b] * 4
    levels[number % 4] = a
    return levels


def four_table(levels, number: int):
    """Levels per seat at four-player table ``number`` of the ratings round robin.

    Every order of the four levels around the table comes once in 24 tables: the
    six orders around the table (each pair of levels next to each other in four of
    them, two in each direction of play, and across the table in two), each turned
    to all four seats. Both matter. The player who moves just before a neighbour
    takes the cells they both want first and holds a color the neighbour then may
    not play; and a level next to a weak one feeds on it. Seated in one order only
    (as before 2026-11-29: weakest to strongest in the direction of play), every
    level moved just after the level below it and sat next to the levels just
    above and below it: a copy of the lookahead in the master's seat finished
    ahead of the lookahead at only 8 of 24 tables, and at 19 of 24 with the
    direction of play reversed.
    """
    a, b, c, d = levels
    orders = ((a, b, c, d), (a, d, c, b), (a, b, d, c), (a, c, d, b), (a, c, b, d),
              (a, d, b, c))
    order = orders[number % 6]
    turn = (number + number // 6) % 4
    return [order[(seat + turn) % 4] for seat in range(4)]


def _side_of_a(match, levels, a):
    return {match.side_of(seat) for seat, level in enumerate(levels) if level == a}


def run_matches(a: str, b: str, variant: str, matches: int, seed: int, seconds=None,
                out=sys.stdout):
    stats = {}
    won = drawn = lost = 0
    games = {"won": 0, "drawn": 0, "lost": 0}
    total_a = total_b = 0
    four = False
    for number in range(matches):
        levels = seat_levels(variant, a, b, number)
        if a == b:
            # same level on both sides: the seats still tell them apart
            pass
        match = play_match(variant, seed + number, levels, seconds, stats)
        outcome = match.outcome
        seat_a = levels.index(a)
        side_a = match.side_of(seat_a)
        four = match.sides > 2
        results = match.game_results
        line = []
        for index, result in enumerate(results):
            values = result["values"]
            points = result["points"]
            mine = points.get(side_a, 0)
            best_other = max(p for side, p in points.items() if side != side_a)
            if mine > best_other:
                games["won"] += 1
            elif mine == best_other and mine > 0:
                games["drawn"] += 1
            else:
                games["lost"] += 1
            line.append("game %d: %s (%s)" % (
                index + 1, "-".join(str(values[s]) for s in sorted(values)),
                result["end_reason"]))
        totals = outcome["totals"]
        total_a += totals[side_a]
        total_b += sum(v for s, v in totals.items() if s != side_a)
        winners = outcome["winners"]
        if winners == [side_a]:
            won += 1
            verdict = f"{a} wins ({outcome['kind']})"
        elif side_a in winners:
            drawn += 1
            verdict = "shared" if four else "drawn"
        else:
            lost += 1
            verdict = f"{a} loses ({outcome['kind']})"
        print(f"match {number + 1} seed {seed + number}, {a} at seat {seat_a}: "
              + "; ".join(line) + f"; points {outcome['points']}, totals {totals}: {verdict}",
              file=out, flush=True)
    print(f"\n{a} vs {b} on {variant}: {matches} matches, {a} won {won}, drawn {drawn}, "
          f"lost {lost} ({100.0 * won / max(1, matches):.0f} % won)", file=out)
    print(f"games: {a} won {games['won']}, drawn {games['drawn']}, lost {games['lost']}",
          file=out)
    if four:
        print(f"total values: {a} {total_a}, each {b} player {total_b / 3:.0f} on average",
              file=out)
    else:
        print(f"total values: {a} {total_a}, {b} {total_b}", file=out)
    for level, s in stats.items():
        print(f"time per move, {level}: {s.line()}", file=out)
    return {"won": won, "drawn": drawn, "lost": lost, "games": games,
            "totals": (total_a, total_b), "stats": stats}


def run_ratings(matches: int, seed: int, variants=RATED, levels=LEVELS, seconds=None,
                out=sys.stdout):
    """Round robin of the levels; Glicko-2 per variant, each match a rating period."""
    from ..rating import DEFAULT, match_rating_updates
    from ..variants import VARIANTS

    table = {}
    for variant in variants:
        ratings = {level: DEFAULT for level in levels}
        scores = {level: [0.0, 0] for level in levels}
        four = VARIANTS[variant].seats == 4 and not VARIANTS[variant].teams
        pairings = []
        if four:
            # all four levels at one table (see four_table)
            for number in range(matches):
                pairings.append(four_table(levels, number))
        else:
            for i, a in enumerate(levels):
                for b in levels[i + 1:]:
                    for number in range(matches):
                        pairings.append(seat_levels(variant, a, b, 0) if number % 2 == 0
                                        else seat_levels(variant, b, a, 0))
        stats = {}
        head_to_head = {}  # (a, b) -> [a won, drawn, a lost]
        for number, seat_level in enumerate(pairings):
            match = play_match(variant, seed + number, seat_level, seconds, stats)
            pairs = match.outcome["pairs"]
            # one rating period per match; a level playing two seats (duos) counts once
            per_level_pairs = []
            seen = set()
            for p, q, score in pairs:
                lp, lq = seat_level[p], seat_level[q]
                if lp == lq or frozenset((lp, lq)) in seen:
                    continue
                seen.add(frozenset((lp, lq)))
                per_level_pairs.append((lp, lq, score))
                scores[lp][0] += score
                scores[lp][1] += 1
                scores[lq][0] += 1 - score
                scores[lq][1] += 1
                # head to head from the stronger level's side (later in LEVELS)
                if levels.index(lp) < levels.index(lq):
                    lp, lq, score = lq, lp, 1 - score
                row = head_to_head.setdefault((lp, lq), [0, 0, 0])
                row[0 if score > 0.5 else 1 if score == 0.5 else 2] += 1
            ratings.update(match_rating_updates(dict(ratings), per_level_pairs))
            print(f"{variant} match {number + 1} (seed {seed + number}): "
                  + " ".join(f"{lp}-{lq} {score}" for lp, lq, score in per_level_pairs),
                  file=out, flush=True)
        table[variant] = {level: (round(r), round(rd)) for level, (r, rd, vol) in ratings.items()}
        print(f"{variant}: " + ", ".join(
            f"{level} {round(r)} ±{round(rd)} (score {scores[level][0]:.1f}/{scores[level][1]})"
            for level, (r, rd, vol) in ratings.items()), file=out, flush=True)
        for (a, b), (w, d, l) in sorted(head_to_head.items(),
                                        key=lambda item: [-levels.index(x) for x in item[0]]):
            print(f"  {variant}: {a} vs {b}: {a} won {w}, drawn {d}, lost {l} matches",
                  file=out)
        for level in levels:
            if level in stats:
                print(f"  {variant}: time per move, {level}: {stats[level].line()}", file=out)
    print("\nRATINGS = {", file=out)
    for variant, row in table.items():
        print(f"    {variant!r}: {row!r},", file=out)
    print("}", file=out)
    command = f"python -m filler ratings --matches {matches} --seed {seed}"
    if tuple(variants) != RATED:
        command += f" --variants {','.join(variants)}"
    if seconds is not None:
        command += f" --seconds {seconds:g}"
    print(f"# produced by: {command} on {datetime.date.today().isoformat()}", file=out)
    return table
