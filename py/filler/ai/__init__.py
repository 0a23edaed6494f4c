"""Computer players for Filler: four levels, weakest first.

>>> import filler
>>> g = filler.Game.new("quick", seed=1)
>>> choose(g, "greedy") in g.legal_colors()
True
>>> LEVELS
('beginner', 'greedy', 'lookahead', 'master')

``choose(game, level, seconds=None, *, seed=0)`` returns a legal color for
``game.turn``; ``hint(game)`` is practice mode's hint (the master, short budget);
``budget(remaining_ms, increment_ms, game)`` turns a clock into
seconds per move; ``analyse_position(game, seconds=None, max_nodes=None)`` is the
master's analysis of a position (best color, value, exact flag, principal line);
``review(game_or_record, max_nodes=..., safety_seconds=...)`` yields the master's
review of a finished game ply by ply, bounded by nodes (``filler.ai.review``,
``review_summary``) (what each level does, in words, is a text of the page's catalogs:
``level.<id>.about``);
``RATINGS[variant][level]`` the measured Glicko-2 rating (see ``ratings.py``).
"""

from .levels import LEVELS, analyse_position, budget, choose, default_seconds, hint
from . import review as review_module
from .review import review, summary as review_summary
from .ratings import RATINGS, RATINGS_COMMAND, RATINGS_DATE

__all__ = ["LEVELS", "RATINGS", "RATINGS_COMMAND", "RATINGS_DATE",
           "choose", "budget", "default_seconds", "hint", "analyse_position",
           "review", "review_summary", "review_module"]
