"""Measured Glicko-2 ratings of the computer levels per rated variant.

Not guessed: the output of the round robin below (see ``tournament.py``), pasted
here. Every pair of levels played 6 two-game matches per variant on seeded
boards, each match one rating period from 1500 ±350. ``--seconds 5`` lets each
level's node budget, not the clock, end every search, so the run is
reproducible. Run it again and paste its ``RATINGS`` block when the players change.

2026-12-01, the master that uses its time (``filler.ai.master``; in tournaments
``levels.tournament_nodes``, what it searches in its time in the browser):
``python -m filler ratings --matches 6 --seed 101 --seconds 5 --variants
quick,classic,hex,duos``. The quick and classic rows below are from that run:
every level beat every weaker level in all 6 matches (master 16.8 and 16.4 of 18
match points; on classic 3 of its 6 wins against the lookahead were 1-1 on total
value). That run still had the 5 s cap on the wall clock, and at load 20-35 the
master's moves took up to 6.3 s of it: some searches may have ended on the cap,
not on the node budget, so a re-run may differ a little (the cap is now on the
thread's CPU time).
The hexagons and duos rows: the same command with ``--variants hex,duos``, run
again on 2026-12-01 after the ending solver's margin changes (``master.solve``):
every level beat every weaker level in all 6 matches, except greedy against
beginner in duos, 4 of 6 (master 17.2 and 16.8 of 18 match points; output in
bench/results/ratings-hex-duos.txt). The four-player row is from 2026-11-29 (its
Monte Carlo master did not change since). (The master's rating came out lower than on 2026-11-29,
quick 1894 against 1929, classic 1956 against 2028, with 6-0 against every
level both times: with
6 matches per pair a rating moves by some tens of points with the results of
the pairs below it.)

Head to head in that run: in quick, classic and hexagons every level beat every
weaker level in all 6 matches; in duos too, except greedy against beginner, 4 of
6 (over 48 matches of that pair, seeds from 101: 44, lost 4). Quick, classic,
hexagons and duos are unchanged from the run before (the two-sided players did
not change and the run repeats exactly).

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
    "quick": {"beginner": (1202, 133), "greedy": (1393, 121), "lookahead": (1680, 107),
              "master": (1894, 105)},
    "classic": {"beginner": (1016, 165), "greedy": (1463, 123), "lookahead": (1855, 110),
                "master": (1956, 112)},
    "hex": {"beginner": (1218, 137), "greedy": (1385, 128), "lookahead": (1781, 112),
            "master": (1986, 114)},
    "four": {"beginner": (1298, 52), "greedy": (1347, 50), "lookahead": (1581, 50),
             "master": (1672, 58)},
    "duos": {"beginner": (1177, 143), "greedy": (1395, 128), "lookahead": (1807, 110),
             "master": (1961, 112)},
}
