"""Measured Glicko-2 ratings of the computer levels per rated variant.

Not guessed: the output of the round robin of ``tournament.py``
(``RATINGS_COMMAND``), pasted here. Node budgets, not the clock, end every search, so
the run repeats. Run it again and paste its ``RATINGS`` block when the players change.
How each row was measured, and what the matches showed: docs/master.md "Ratings".
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
