"""Measured Glicko-2 ratings of the computer levels per rated variant.

Not guessed: the output of the round robin below (see ``tournament.py``), pasted
here. Every pair of levels played 6 two-game matches per variant on seeded
boards, each match one rating period from 1500 ±350. ``--seconds 5`` lets each
level's node budget, not the clock, end every search, so the run is
reproducible. Run it again and paste its ``RATINGS`` block when the players change.

2026-12-01, the master that uses its time (``filler.ai.master``), after the second
round of faster nodes, with ``levels.TOURNAMENT_NODES`` measured again (80 000
nodes up to 100 cells, 35 000 up to 15x15: what it searches in its time in the
browser now): ``python -m filler ratings --matches 6 --seed 101 --seconds 5
--variants quick,classic,hex,duos`` (output in
bench/results/ratings-two-sided-tournament-nodes-80k.txt). The quick, classic,
hexagons and duos rows below are from that run: every level beat every weaker
level in all 6 matches, except greedy against beginner in duos, 4 of 6 (master
16.8, 16.4, 18.0 and 17.2 of 18 match points). Against the run before it (50 000
and 30 000 nodes) the master's rating rose on quick (1894 to 1936), hexagons (1986
to 2031) and duos (1961 to 1983) and stayed on classic (1956, 1959); with 6-0
against every level both times, these moves come from a few 1-1 matches won on
total value, and from the pairs below it (a rating moves by some tens of points
with them). The four-player row is from 2026-11-29 (its Monte Carlo master did not
change since).

Greedy against beginner in duos over 48 matches (seeds from 101, the run before):
44 won, 4 lost. The lookahead and the levels below it did not change.

Four players: all four levels at one table, seated in every order around it
(``tournament.four_table``; until 2026-11-29 they sat weakest to strongest in the
direction of play only, which put every level just after and next to the level
below it). Six tables are too few there (with the paranoid-search master the
6-table run put the lookahead above the master), so the ``four`` row below is
from 48 tables, ``python -m filler ratings --matches 48 --seed 101 --variants four
--seconds 5`` (same date), measured after the four-player master became a Monte
Carlo tree search (``montecarlo.py``): master ahead of lookahead at 37 of 48
tables (lost 11), of greedy at 44 (lost 4), of beginner at 47 (lost 1);
lookahead ahead of greedy at 35 (drawn 1, lost 12); greedy ahead of beginner at
38 (lost 10). With ``--seed 201``: master–lookahead 39–0–9, master–greedy
44–2–2, lookahead–greedy 35–2–11, greedy–beginner 35–1–12. Every level ahead of
the one below in at least 70 % of the tables. The paranoid-search master it
replaced: 29–1–18 and 28–1–19 against the lookahead (60 %).
"""

RATINGS_COMMAND = "python -m filler ratings --matches 6 --seed 101 --seconds 5"
RATINGS_DATE = "2026-12-01"
# the four-player row: RATINGS_COMMAND with --matches 48 --variants four
RATINGS_FOUR_COMMAND = ("python -m filler ratings --matches 48 --seed 101 --variants four"
                        " --seconds 5")

# {variant: {level: (rating, deviation)}}
RATINGS = {
    "quick": {"beginner": (1200, 139), "greedy": (1415, 125), "lookahead": (1734, 107),
              "master": (1936, 113)},
    "classic": {"beginner": (1016, 165), "greedy": (1463, 123), "lookahead": (1853, 110),
                "master": (1959, 112)},
    "hex": {"beginner": (1218, 137), "greedy": (1385, 128), "lookahead": (1738, 114),
            "master": (2031, 116)},
    "four": {"beginner": (1298, 52), "greedy": (1347, 50), "lookahead": (1581, 50),
             "master": (1672, 58)},
    "duos": {"beginner": (1177, 143), "greedy": (1395, 128), "lookahead": (1785, 111),
             "master": (1983, 113)},
}
