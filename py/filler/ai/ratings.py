"""Measured Glicko-2 ratings of the computer levels per rated variant.

Not guessed: the output of the round robin below (see ``tournament.py``), pasted
here. Every pair of levels played 6 two-game matches per variant on seeded
boards, each match one rating period from 1500 ±350. ``--seconds 5`` lets each
level's node budget, not the clock, end every search, so the run is
reproducible. Run it again and paste its ``RATINGS`` block when the players change.

Head to head in that run: in quick, classic and hexagons every level beat every
weaker level in all 6 matches; in duos too, except greedy against beginner, 4 of
6 (over 48 matches of that pair, seeds from 101: 44, lost 4). Quick, classic,
hexagons and duos are unchanged from the run before (the two-sided players did
not change and the run repeats exactly).

Four players: all four levels at one table, seated in every order around it
(``tournament.four_table``; until 2026-11-29 they sat weakest to strongest in the
direction of play only, which put every level just after and next to the level
below it). Six tables are too few there: the 6-table run gave lookahead 1797 ±121
above master 1583 ±116 (master ahead of lookahead at 2 of 6 tables). So the
``four`` row below is from 48 tables, ``python -m filler ratings --matches 48
--seed 101 --variants four --seconds 5`` (same date): master ahead of lookahead
at 29 of 48 tables (lost 19), of greedy at 42 (lost 6), of beginner at 47;
lookahead ahead of greedy at 39 (lost 9); greedy ahead of beginner at 36 (drawn
1, lost 11). With seeds from 201 (``--seed 201``): 28 (drawn 1), 46, 47; 40; 38
(drawn 2). The master's 60 % against the lookahead is short of the 70 % goal.
"""

RATINGS_COMMAND = "python -m filler ratings --matches 6 --seed 101 --seconds 5"
RATINGS_DATE = "2026-11-29"
# the four-player row: RATINGS_COMMAND with --matches 48 --variants four
RATINGS_FOUR_COMMAND = ("python -m filler ratings --matches 48 --seed 101 --variants four"
                        " --seconds 5")

# {variant: {level: (rating, deviation)}}
RATINGS = {
    "quick": {"beginner": (1200, 139), "greedy": (1434, 122), "lookahead": (1696, 107),
              "master": (1929, 110)},
    "classic": {"beginner": (1016, 165), "greedy": (1463, 123), "lookahead": (1788, 112),
                "master": (2028, 115)},
    "hex": {"beginner": (1218, 137), "greedy": (1385, 128), "lookahead": (1779, 112),
            "master": (1988, 113)},
    "four": {"beginner": (1320, 53), "greedy": (1367, 50), "lookahead": (1604, 51),
             "master": (1673, 52)},
    "duos": {"beginner": (1177, 143), "greedy": (1395, 128), "lookahead": (1788, 112),
             "master": (1981, 114)},
}
