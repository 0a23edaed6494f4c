"""Measured Glicko-2 ratings of the computer levels per rated variant.

Not guessed: the output of the round robin below (see ``tournament.py``), pasted
here. Every pair of levels played 6 two-game matches per variant on seeded
boards (four players: 6 tables with all four levels, seats rotated), each match
one rating period from 1500 ±350. ``--seconds 5`` lets each level's node budget,
not the clock, end every search, so the run is reproducible. Run it again and
paste its ``RATINGS`` block when the players change.

Head to head in that run: in quick, classic, hexagons and duos every level beat
every weaker level in all 6 matches (except greedy against beginner in duos,
4 of 6); in four players the master won 5 of 6 tables against greedy and 3 of 6
against lookahead. The four-player row was measured again after the four-player
master changed (``--variants four`` of the same command, same seeds: the same
matches as the full run): again 5 of 6 against greedy and 3 of 6 against lookahead.
Over 48 tables (``python -m filler ratings --matches 48 --seed 101 --variants four
--seconds 5``) the master finished ahead of the lookahead in 29 (drawn 1, lost 18;
the previous master: 25, drawn 1, lost 22) and of greedy in 41.
"""

RATINGS_COMMAND = "python -m filler ratings --matches 6 --seed 101 --seconds 5"
RATINGS_DATE = "2026-11-29"

# {variant: {level: (rating, deviation)}}
RATINGS = {
    "quick": {"beginner": (1200, 139), "greedy": (1434, 122), "lookahead": (1696, 107),
              "master": (1929, 110)},
    "classic": {"beginner": (1016, 165), "greedy": (1463, 123), "lookahead": (1788, 112),
                "master": (2028, 115)},
    "hex": {"beginner": (1218, 137), "greedy": (1385, 128), "lookahead": (1779, 112),
            "master": (1988, 113)},
    "four": {"beginner": (1269, 109), "greedy": (1383, 106), "lookahead": (1633, 113),
             "master": (1695, 106)},
    "duos": {"beginner": (1177, 143), "greedy": (1395, 128), "lookahead": (1788, 112),
             "master": (1981, 114)},
}
