"""Measured Glicko-2 ratings of the computer levels per rated variant.

Not guessed: produced by the round robin of ``python -m filler ratings`` (see
``tournament.py``); paste its output here when the players change.
"""

RATINGS_COMMAND = "python -m filler ratings"
RATINGS_DATE = None

# {variant: {level: (rating, deviation)}}
RATINGS = {}
